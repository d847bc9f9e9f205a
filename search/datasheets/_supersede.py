"""Supersession discovered from the documents: change notices and the facts they replace.

A notice is a section that names another document and a section of it, quotes the figure that
section states, gives the new figure and the board revisions it holds for. We read all of that
from the notice's own words; nothing maps documents by hand. :func:`apply_notices` then marks the
old fact (it keeps its citation and gains ``superseded_by`` and ``superseded_for``) and adds the
notice's own fact, scoped to the revisions it names.
"""

from __future__ import annotations

import hashlib
import logging
import re
from typing import Any

from search.datasheets._extract import map_spec
from search.datasheets._facts import Fact, Notice, canonical_device
from search.datasheets._markdown import MarkdownDocument
from search.datasheets._units import UnknownUnitError, canonical_unit, to_si

logger = logging.getLogger(__name__)

__all__ = ["apply_notices", "find_notices"]

_NUM_UNIT = r"(?P<{n}>\d+(?:\.\d+)?)\s*(?P<{u}>[A-Za-z%°]+)"
_TARGET = re.compile(
    r"`(?P<doc>[\w.\-]+)\.md`[^.]*?\bsection\s+(?P<sec>\d+(?:\.\d+)*)[^.]*?\bstates?\s+"
    + _NUM_UNIT.format(n="old", u="old_unit"),
    re.I | re.S,
)
_REVS = r"(?P<revs>[A-Z](?:\s*(?:,|and|or)\s*(?:revision\s+)?[A-Z]\b)*)"
_NEW = re.compile(
    r"(?:The\s+)?(?P<param>[a-z][a-z ,\-]{3,80}?)\s+of\s+the\s+(?P<dev>[A-Z][\w\-]+)\s+is\s+\**"
    + _NUM_UNIT.format(n="new", u="new_unit")
    + r"\**\s+for\s+(?:board\s+)?revisions?\s+"
    + _REVS,
    re.S,
)
_REMAINS = re.compile(r"remains?\s+(?:correct|valid)\s+only\s+for\s+revisions?\s+" + _REVS, re.S)


def _revisions(text: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(re.findall(r"\b([A-Z])\b", text)))


def find_notices(md: MarkdownDocument, stem: str) -> list[Notice]:
    """Change notices stated in a Markdown document (usually none)."""
    notices: list[Notice] = []
    whole = md.title + "\n" + "\n".join(s.text for s in md.sections)
    if not re.search(r"supersed", whole, re.I):
        return notices
    for sec in md.sections:
        text = sec.text.replace("\n", " ")
        target = _TARGET.search(text)
        new = _NEW.search(text)
        if not target or not new or "supersed" not in text.lower():
            continue
        remains = _REMAINS.search(text)
        kept = _revisions(remains.group("revs")) if remains else ()
        because, because_at = _disposition(md, stem, kept)
        param = new.group("param").strip()
        citation = f"{stem}#{sec.number}"
        nid = hashlib.sha1(f"{citation}|{target.group(0)}".encode()).hexdigest()[:16]
        notices.append(
            Notice(
                id=nid,
                doc=stem,
                citation=citation,
                title=md.title,
                device=canonical_device(new.group("dev")) or new.group("dev"),
                target_doc=target.group("doc"),
                target_section=target.group("sec"),
                target_citation=f"{target.group('doc')}#{target.group('sec')}",
                board_revisions=_revisions(new.group("revs")),
                remains_valid_for=kept,
                remains_valid_because=because,
                remains_valid_because_citation=because_at,
                spec=map_spec(param, None, "recommended_operating"),
                parameter=param,
                old_value=float(target.group("old")),
                new_value=float(new.group("new")),
                unit=new.group("new_unit"),
                evidence=new.group(0).replace("**", "")[:300],
            )
        )
    return notices


def _disposition(md: MarkdownDocument, stem: str, revisions: tuple[str, ...]) -> tuple[str, str]:
    """The notice's own table row for the revisions its old figure still holds for ("Revision
    C | Input capacitors change to 10 uF 63 V X7R, OPS-3106. ..."), and where it stands."""
    for sec in md.sections:
        for table in sec.tables:
            for row in table.rows:
                named = re.match(r"(?i)\s*revisions?\s+(.*)", row[0]) if len(row) >= 2 else None
                if revisions and named and _revisions(named.group(1)) == revisions:
                    said = " ".join(c.strip() for c in row[1:])
                    return f"{row[0].strip()}: {said}", f"{stem}#{sec.number}"
    return "", ""


def _bound(parameter: str) -> str:
    p = parameter.lower()
    if re.search(r"\bmax", p):
        return "max"
    if re.search(r"\bmin", p):
        return "min"
    return "typ"


def apply_notices(facts: list[Fact], notices: list[Notice]) -> list[Fact]:
    """Facts with supersession applied: old facts marked, notice facts added (idempotent)."""
    out = [f for f in facts if not (f.section_kind == "notice" or f.extra.get("notice_id"))]
    # Reset marks so that re-applying after a re-ingest gives the same result.
    out = [
        f.model_copy(update={"superseded_by": None, "superseded_by_id": None, "superseded_for": {}})
        if f.superseded_by
        else f
        for f in out
    ]
    added: list[Fact] = []
    for n in notices:
        bound = _bound(n.parameter or "")
        targets = [
            f
            for f in out
            if f.citation == n.target_citation
            and f.device == n.device
            and (n.spec is None or f.spec == n.spec)
            and getattr(f, bound) is not None
            and abs(getattr(f, bound) - (n.old_value or 0)) < 1e-9
        ]
        if not targets:
            logger.warning(
                "notice %s names %s = %s but no such fact was found",
                n.citation,
                n.target_citation,
                n.old_value,
            )
            continue
        for t in targets:
            scope: dict[str, Any] = {"board_revision": list(n.board_revisions)}
            extra = dict(t.extra)
            if n.remains_valid_for:
                extra["remains_valid_for"] = {"board_revision": list(n.remains_valid_for)}
            si: dict[str, Any] = {}
            if n.unit and n.new_value is not None:
                try:
                    canonical_unit(n.unit)
                    si[f"si_{bound}"], si["si_unit"] = to_si(n.new_value, n.unit, t.spec)
                except UnknownUnitError:
                    pass
            new_fact = Fact(
                device=t.device,
                variant=t.variant,
                spec=t.spec,
                parameter=n.parameter or "",
                symbol=t.symbol,
                unit=n.unit,
                condition=t.condition,
                section_kind=t.section_kind,
                applies_to={**t.applies_to, **scope},
                doc=n.doc,
                citation=n.citation,
                evidence=n.evidence,
                section=n.title,
                supersedes=t.citation,
                supersedes_id=t.id,
                extra={"notice_id": n.id, "notice": n.title},
                **{bound: n.new_value},
                **si,
            ).with_id()
            added.append(new_fact)
            idx = out.index(t)
            out[idx] = t.model_copy(
                update={
                    "superseded_by": new_fact.citation,
                    "superseded_by_id": new_fact.id,
                    "superseded_for": scope,
                    "extra": extra,
                }
            )
    return out + added
