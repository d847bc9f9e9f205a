"""Ingestion: documents → facts, chunks and notices, written per document, atomically.

``ingest(paths, out_dir)`` reads PDFs and numbered-section Markdown files, extracts facts and
chunks, and writes ``<stem>.facts.jsonl`` / ``<stem>.chunks.jsonl`` / ``<stem>.notices.jsonl``
through a temporary file and an atomic rename. A file that fails (encrypted, no text layer,
corrupt) is reported with its reason and leaves whatever was stored for it before untouched.
After the documents, change notices found in any stored document are applied across the whole
directory, so supersession holds however the documents were ingested.
"""

from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from search.datasheets._chunks import markdown_chunks, pdf_chunks
from search.datasheets._facts import DEFAULT_FACTS_DIR, Chunk, Fact, Notice, _read_jsonl
from search.datasheets._markdown import read_markdown
from search.datasheets._pdf import PdfReadError, read_pdf
from search.datasheets._supersede import apply_notices, find_notices
from search.datasheets._tables import detect_device, markdown_facts, pdf_facts

logger = logging.getLogger(__name__)

__all__ = ["FileResult", "IngestReport", "collect_paths", "ingest"]

_SKIP_NAMES = {"source.md", "source.txt", "readme.md", "license.md"}


@dataclass(slots=True)
class FileResult:
    """What happened to one input file."""

    path: str
    doc: str
    ok: bool
    device: str | None = None
    facts: int = 0
    chunks: int = 0
    notices: int = 0
    error: str | None = None
    reason: str | None = None
    """Short machine-readable cause: encrypted, no_text_layer, corrupt, unsupported, no_device."""
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0


@dataclass(slots=True)
class IngestReport:
    """Per-file results and totals of one ingestion run."""

    out_dir: str
    files: list[FileResult]
    facts: int
    chunks: int
    superseded: int
    seconds: float

    @property
    def ok(self) -> bool:
        """True when every file was ingested."""
        return all(f.ok for f in self.files)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        d = asdict(self)
        d["ok"] = self.ok
        d["failed"] = sum(not f.ok for f in self.files)
        return d


def collect_paths(paths: Iterable[Path | str]) -> list[Path]:
    """Expand directories to their ``*.pdf`` and ``*.md`` files (provenance notes skipped)."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(
                sorted(
                    x
                    for x in p.iterdir()
                    if x.suffix.lower() in (".pdf", ".md") and x.name.lower() not in _SKIP_NAMES
                )
            )
        else:
            out.append(p)
    return out


def _write_jsonl(path: Path, records: Iterable[BaseModel]) -> None:
    # Write beside the target and rename: a crash or error never leaves a half-written file
    # where a reader would take it for the document's facts.
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            for r in records:
                fh.write(r.model_dump_json(exclude_defaults=True) + "\n")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _process(path: Path) -> tuple[FileResult, list[Fact], list[Chunk], list[Notice]]:
    t0 = time.perf_counter()
    stem = path.stem
    res = FileResult(path=str(path), doc=stem, ok=False)
    facts: list[Fact] = []
    chunks: list[Chunk] = []
    notices: list[Notice] = []
    suffix = path.suffix.lower()
    try:
        if not path.is_file():
            res.reason, res.error = "missing", f"{path}: no such file"
        elif suffix == ".pdf":
            doc = read_pdf(path)
            device = detect_device(stem, doc.pages[0].text if doc.pages else "")
            res.device = device
            chunks = pdf_chunks(doc, stem, device)
            if device is None:
                res.warnings.append(
                    f"{stem}: no known device model in file name or first page; "
                    "chunks only, no facts"
                )
            else:
                facts, warns = pdf_facts(doc, device, stem)
                res.warnings.extend(str(w) for w in warns)
            res.ok = True
        elif suffix == ".md":
            md = read_markdown(path)
            first = md.title + "\n" + (md.sections[0].text if md.sections else "")
            # a preamble naming no part: the part the document's first section is about
            device = detect_device(stem, first) or detect_device(
                stem, "\n".join(sec.text for sec in md.sections[:2])
            )
            res.device = device
            chunks = markdown_chunks(md, stem, device)
            facts, warns = markdown_facts(md, device, stem)
            res.warnings.extend(str(w) for w in warns)
            notices = find_notices(md, stem)
            res.ok = True
        else:
            res.reason = "unsupported"
            res.error = (
                f"{path.name}: unsupported file type {suffix or '(none)'}; expected .pdf or .md"
            )
    except PdfReadError as exc:
        res.reason, res.error = exc.reason, str(exc)
    except UnicodeDecodeError as exc:
        res.reason, res.error = "corrupt", f"{path.name}: not UTF-8 text at byte {exc.start}"
    except Exception as exc:  # one bad document must not stop the others
        logger.exception("ingesting %s failed", path)
        res.reason, res.error = "error", f"{path.name}: {type(exc).__name__}: {exc}"
    res.facts, res.chunks, res.notices = len(facts), len(chunks), len(notices)
    res.seconds = round(time.perf_counter() - t0, 3)
    return res, facts, chunks, notices


def ingest(
    paths: Iterable[Path | str],
    out_dir: Path | str | None = None,
    *,
    with_chunks: bool = True,
) -> IngestReport:
    """Ingest documents into ``out_dir`` (default: the shipped facts directory).

    Each document's facts, chunks and notices replace that document's previous files only when
    it was read successfully; failures are reported per file. ``with_chunks=False`` writes no
    chunk files (the shipped directory holds figures and short evidence lines, not the
    documents' prose).
    """
    t0 = time.perf_counter()
    out = Path(out_dir) if out_dir is not None else DEFAULT_FACTS_DIR
    out.mkdir(parents=True, exist_ok=True)
    results: list[FileResult] = []
    for path in collect_paths(paths):
        res, facts, chunks, notices = _process(path)
        results.append(res)
        if not res.ok:
            logger.warning("ingest: %s", res.error)
            continue
        _write_jsonl(out / f"{res.doc}.facts.jsonl", facts)
        if with_chunks:
            _write_jsonl(out / f"{res.doc}.chunks.jsonl", chunks)
        notice_path = out / f"{res.doc}.notices.jsonl"
        if notices:
            _write_jsonl(notice_path, notices)
        else:
            notice_path.unlink(missing_ok=True)
    superseded = _apply_supersession(out)
    n_facts = sum(1 for p in out.glob("*.facts.jsonl") for _ in _read_jsonl(p))
    n_chunks = sum(r.chunks for r in results)
    return IngestReport(
        str(out), results, n_facts, n_chunks, superseded, round(time.perf_counter() - t0, 3)
    )


def _apply_supersession(out: Path) -> int:
    """Re-apply every stored notice to every stored fact; rewrite only files that changed."""
    by_file: dict[Path, list[Fact]] = {}
    for p in sorted(out.glob("*.facts.jsonl")):
        by_file[p] = [Fact.model_validate(d) for d in _read_jsonl(p)]
    notices = [
        Notice.model_validate(d)
        for p in sorted(out.glob("*.notices.jsonl"))
        for d in _read_jsonl(p)
    ]
    all_facts = [f for fs in by_file.values() for f in fs]
    applied = apply_notices(all_facts, notices)
    new_by_doc: dict[str, list[Fact]] = {}
    for f in applied:
        new_by_doc.setdefault(f.doc, []).append(f)
    for p, old in by_file.items():
        doc = p.name[: -len(".facts.jsonl")]
        new = new_by_doc.get(doc, [])
        if [f.model_dump() for f in new] != [f.model_dump() for f in old]:
            _write_jsonl(p, new)
    return sum(1 for f in applied if f.superseded_by)


def report_json(report: IngestReport) -> str:
    """The report as one JSON object."""
    return json.dumps(report.to_dict(), ensure_ascii=False)


def main(argv: list[str] | None = None) -> int:
    """``python -m search.datasheets._ingest PATH... [--out DIR]``: ingest and print the report."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m search.datasheets._ingest")
    parser.add_argument("paths", nargs="+", type=Path)
    parser.add_argument(
        "--out", type=Path, default=None, help="output directory (default: shipped)"
    )
    parser.add_argument("--no-chunks", action="store_true", help="write facts and notices only")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING)
    report = ingest(args.paths, args.out, with_chunks=not args.no_chunks)
    print(report_json(report))
    return 0 if report.ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
