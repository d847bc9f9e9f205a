"""Context-keeping evidence chunks: passages that carry their document, page or section, and
heading, linked to their neighbours, for retrieval and for showing evidence."""

from __future__ import annotations

import logging
import re

from search.datasheets._facts import Chunk
from search.datasheets._markdown import MarkdownDocument
from search.datasheets._pdf import PdfDocument

logger = logging.getLogger(__name__)

__all__ = ["markdown_chunks", "pdf_chunks"]

_MAX_CHARS = 1400


def _link(chunks: list[Chunk]) -> list[Chunk]:
    out = []
    for i, c in enumerate(chunks):
        nb = tuple(
            x.id
            for x in (chunks[i - 1] if i else None, chunks[i + 1] if i + 1 < len(chunks) else None)
            if x
        )
        out.append(c.model_copy(update={"neighbours": nb}))
    return out


def pdf_chunks(
    doc: PdfDocument,
    stem: str,
    device: str | None,
    headings: dict[int, list[tuple[int, str]]] | None = None,
) -> list[Chunk]:
    """One or more passages per page, cut at headings (bold or larger lines) and at a size cap."""
    chunks: list[Chunk] = []
    title = device or stem
    for page in doc.pages:
        heading = ""
        buf: list[str] = []
        part = 0

        def flush(page_no: int, heading: str) -> None:
            nonlocal buf, part
            body = "\n".join(buf).strip()
            if len(body) >= 40:
                part += 1
                cid = f"{stem}#p{page_no}:{part}"
                text = f"{title} datasheet ({stem}), page {page_no}"
                text += f", {heading}:\n{body}" if heading else f":\n{body}"
                chunks.append(
                    Chunk(
                        id=cid,
                        doc=stem,
                        citation=f"{stem}#p{page_no}",
                        heading=heading,
                        text=text,
                        page=page_no,
                        devices=(device,) if device else (),
                    )
                )
            buf = []

        for line in page.lines:
            t = line.text.strip()
            if not t:
                continue
            is_heading = (
                (line.bold or line.size > doc.body_size + 1.0)
                and len(t.split()) <= 10
                and re.search(r"[A-Za-z]{3}", t) is not None
            )
            if is_heading and sum(len(x) for x in buf) > 200:
                flush(page.number, heading)
            if is_heading:
                heading = t
            buf.append(t)
            if sum(len(x) + 1 for x in buf) > _MAX_CHARS:
                flush(page.number, heading)
        flush(page.number, heading)
    return _link(chunks)


def markdown_chunks(md: MarkdownDocument, stem: str, device: str | None) -> list[Chunk]:
    """One passage per numbered section, split at paragraphs when long."""
    chunks: list[Chunk] = []
    for sec in md.sections:
        paras = [p.strip() for p in re.split(r"\n\s*\n", sec.text) if p.strip()]
        groups: list[list[str]] = [[]]
        for p in paras:
            if groups[-1] and sum(len(x) for x in groups[-1]) + len(p) > _MAX_CHARS:
                groups.append([])
            groups[-1].append(p)
        heading = f"{sec.number}. {sec.title}" if sec.title else md.title
        for k, g in enumerate(groups, 1):
            if not g:
                continue
            text = f"{md.title} ({stem}), section {heading}:\n" + "\n\n".join(g)
            chunks.append(
                Chunk(
                    id=f"{stem}#{sec.number}:{k}",
                    doc=stem,
                    citation=f"{stem}#{sec.number}",
                    heading=heading,
                    text=text,
                    section=sec.number,
                    devices=(device,) if device else (),
                )
            )
    return _link(chunks)
