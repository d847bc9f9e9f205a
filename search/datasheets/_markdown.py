"""Markdown documents with numbered sections (``## N. Title``): sections, tables and lines."""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from pathlib import Path

logger = logging.getLogger(__name__)

__all__ = ["MarkdownDocument", "MdSection", "MdTable", "read_markdown"]

_SECTION = re.compile(r"^##\s+(\d+(?:\.\d+)*)\.?\s+(.+?)\s*$")


@dataclass(slots=True)
class MdTable:
    """A pipe table: header cells and rows of cells, with the line it starts on."""

    header: list[str]
    rows: list[list[str]]
    raw_rows: list[str]
    line: int
    caption: str = ""
    """The paragraph just before the table (it often states units or the basis of figures)."""


@dataclass(slots=True)
class MdSection:
    """One numbered section (number ``"0"`` for the preamble before the first one)."""

    number: str
    title: str
    text: str
    tables: list[MdTable] = field(default_factory=list)


@dataclass(slots=True)
class MarkdownDocument:
    """A Markdown document: its title (``# ...``), preamble and numbered sections."""

    path: Path
    title: str
    sections: list[MdSection]


def _cells(line: str) -> list[str]:
    inner = line.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") else inner
    return [c.strip().strip("`").strip() for c in inner.split("|")]


def read_markdown(path: Path) -> MarkdownDocument:
    """Split a Markdown file into numbered sections, each with its text and pipe tables."""
    text = path.read_text(encoding="utf-8")
    title = ""
    sections: list[MdSection] = [MdSection("0", "", "")]
    body: list[list[str]] = [[]]
    for line in text.splitlines():
        if not title and line.startswith("# "):
            title = line[2:].strip()
            continue
        m = _SECTION.match(line)
        if m:
            sections.append(MdSection(m.group(1), m.group(2), ""))
            body.append([])
            continue
        body[-1].append(line)
    for sec, lines in zip(sections, body, strict=True):
        sec.text = "\n".join(lines).strip()
        sec.tables = _tables(lines)
    if not sections[0].text:
        sections = sections[1:]
    return MarkdownDocument(path, title or path.stem, sections)


def _tables(lines: list[str]) -> list[MdTable]:
    tables: list[MdTable] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if line.strip().startswith("|") and re.match(r"^\s*\|?\s*:?-{3,}", nxt):
            header = _cells(line)
            rows: list[list[str]] = []
            raws: list[str] = []
            j = i + 2
            while j < len(lines) and lines[j].strip().startswith("|"):
                rows.append(_cells(lines[j]))
                raws.append(lines[j].strip())
                j += 1
            k = i - 1
            while k >= 0 and not lines[k].strip():
                k -= 1
            para: list[str] = []
            while k >= 0 and lines[k].strip() and not lines[k].strip().startswith("|"):
                para.insert(0, lines[k].strip())
                k -= 1
            tables.append(MdTable(header, rows, raws, i, " ".join(para)))
            i = j
        else:
            i += 1
    return tables
