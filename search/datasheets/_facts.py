"""Structured datasheet facts, evidence chunks and the store that serves them.

A :class:`Fact` is one figure (or one short text value such as an interface) taken from one place
in one document: a table row or a ``Parameter: value unit`` line. It keeps the words it came from
(``evidence``), the heading it sat under (``section``), the page or numbered section it cites, and
the kind of section (absolute maximum ratings are never operating limits). A :class:`Chunk` is a
context-keeping passage of a document, for retrieval.

Facts live as JSON lines, one file per document (``<stem>.facts.jsonl``), beside the chunks
(``<stem>.chunks.jsonl``) and the change notices found in the documents (``<stem>.notices.jsonl``).
The project ships the facts it extracted from the shared corpora in ``search/data/facts/``.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

logger = logging.getLogger(__name__)

__all__ = [
    "DEFAULT_FACTS_DIR",
    "DEVICES",
    "PART_NUMBER",
    "SECTION_KINDS",
    "Chunk",
    "Fact",
    "FactStore",
    "Notice",
    "canonical_device",
    "fact_id",
    "squash",
]

DEFAULT_FACTS_DIR = Path(__file__).resolve().parents[1] / "data" / "facts"
"""Where the project's own extracted facts are shipped."""

SectionKind = Literal[
    "absolute_maximum",
    "recommended_operating",
    "electrical_characteristics",
    "general",
    "timing",
    "accuracy",
    "typical_performance",
    "ordering",
    "notice",
    "production_test",
]
SECTION_KINDS: tuple[str, ...] = SectionKind.__args__  # type: ignore[attr-defined]

# Canonical model names, and the spellings people and documents use for them. Matching is on a
# squashed form (upper case, no spaces, dashes or underscores), so "mpu6050" and "MPU 6050" agree.
DEVICES: dict[str, tuple[str, ...]] = {
    "DHT22": ("DHT22", "AM2302", "RHT03"),
    "BME280": ("BME280",),
    "DS18B20": ("DS18B20",),
    "BH1750": ("BH1750", "BH1750FVI", "GY-302"),
    "MQ-2": ("MQ-2", "MQ2"),
    "CCS811": ("CCS811",),
    "XGZP6847A": ("XGZP6847A", "XGZP6847"),
    "LMP91200": ("LMP91200",),
    "YF-S201": ("YF-S201", "YFS201"),
    "ACS712": ("ACS712",),
    "INA219": ("INA219",),
    "HC-SR501": ("HC-SR501", "SR501"),
    "MPU-6050": ("MPU-6050", "MPU6050", "MPU-6000", "GY-521"),
    "AMS1117": ("AMS1117",),
    "LM7805": ("LM7805", "LM78XX", "7805", "L7805"),
    "ADS1115": ("ADS1115", "ADS1113", "ADS1114", "ADS111X"),
    "MCP3008": ("MCP3008", "MCP3004"),
    "HX711": ("HX711",),
    "LM358": ("LM358", "LM258", "LM2904"),
    "SRD-05VDC-SL-C": (
        "SRD-05VDC-SL-C",
        "SRD05VDCSLC",
        "SRD-05VDC",
        "SRD-05",
        "SONGLE RELAY",
        "SRD",
    ),
    "L298": ("L298", "L298N"),
    "TB6612FNG": ("TB6612FNG", "TB6612"),
    "ESP32-WROOM-32": (
        "ESP32-WROOM-32",
        "ESP32",
        "ESP-WROOM-32",
        "ESP32WROOM",
        "WROOM-32",
        "WROOM",
    ),
    "RFM95W": ("RFM95W", "RFM95", "RFM96W", "RFM98W", "SX1276"),
    "SRB-5030": ("SRB-5030", "SRB5030", "SRB"),
    "MDN-6100": ("MDN-6100", "MDN6100"),
    "MDN-4010": ("MDN-4010", "MDN4010"),
    "TRN-1102": ("TRN-1102", "TRN1102"),
    "TRN-2400": ("TRN-2400", "TRN2400"),
}


# A part number of its own: letters, then digits somewhere ("LM7812", "AMS1117-3.3").
PART_NUMBER = re.compile(r"[A-Z]{2,}[A-Z0-9-]*\d[A-Z0-9.-]*")


def squash(text: str) -> str:
    """A part or variant name in one spelling: upper case, no spaces, dashes, slashes or dots
    ("mpu 6050" and "MPU-6050" are both "MPU6050")."""
    return re.sub(r"[\s\-_/.]", "", text.upper())


_ALIASES: dict[str, str] = {
    squash(alias): model for model, aliases in DEVICES.items() for alias in (model, *aliases)
}


def canonical_device(name: str) -> str | None:
    """The canonical model for a name or alias (``"mpu6050"`` → ``"MPU-6050"``), else None."""
    return _ALIASES.get(squash(name))


Number = float


class Fact(BaseModel):
    """One figure or short text value from one place in one document.

    Numbers: ``min``/``typ``/``max`` as the source states them (a table's columns, or a range
    "2.7 to 5.5 V"); ``value`` for a single stated number that is not labelled min/typ/max, or for
    text specs (``interface``, ``package``, ``output_type``, ``i2c_address`` as written). A ``±x``
    figure is stored as ``value=x``, ``min=-x``, ``max=x`` with ``extra["plus_minus"] = True``.
    ``si_*`` hold the same numbers in SI units (temperatures in kelvin, temperature differences
    such as accuracy in kelvin as well) and are None when the unit is missing or not physical.
    Nothing is inferred: a column the source leaves empty stays None.
    """

    model_config = ConfigDict(frozen=True, extra="ignore")

    id: str = ""
    device: str
    variant: str | None = None
    spec: str
    parameter: str = ""
    """The source's own name for the parameter (table row label or line label)."""
    symbol: str | None = None
    value: float | str | None = None
    min: float | None = None
    typ: float | None = None
    max: float | None = None
    unit: str | None = None
    si_value: float | None = None
    si_min: float | None = None
    si_typ: float | None = None
    si_max: float | None = None
    si_unit: str | None = None
    condition: str | None = None
    section_kind: str = "general"
    applies_to: dict[str, Any] = Field(default_factory=dict)
    """Scope: ``variant``, ``board_revision`` (list), ``range``, ``calibration_interval``,
    ``quantity`` (for multi-quantity sensors: temperature, humidity, pressure, ...), ``supply``."""
    doc: str = ""
    """Document stem (file name without extension)."""
    citation: str
    """``<stem>#p<page>`` (PDF, 1-based) or ``<stem>#<section-number>`` (numbered Markdown)."""
    evidence: str = ""
    section: str | None = None
    page: int | None = None
    superseded_by: str | None = None
    """Citation of the notice fact that supersedes this one (for ``superseded_for`` scope)."""
    superseded_by_id: str | None = None
    superseded_for: dict[str, Any] = Field(default_factory=dict)
    """The scope the supersession holds for, e.g. ``{"board_revision": ["A", "B"]}``; outside it
    this fact stays valid."""
    supersedes: str | None = None
    """On a notice's fact: the citation of the fact it replaces."""
    supersedes_id: str | None = None
    extra: dict[str, Any] = Field(default_factory=dict)
    """Further structure: accuracy ``pct_reading``/``pct_range`` (percent), ``plus_minus``, ..."""

    def with_id(self) -> Fact:
        """Return a copy whose ``id`` is the stable hash of its content."""
        return self.model_copy(update={"id": fact_id(self)})

    @property
    def numbers(self) -> tuple[float | None, float | None, float | None]:
        """(min, typ, max), with a lone numeric ``value`` reported as typ."""
        if (
            isinstance(self.value, float | int)
            and self.typ is None
            and not self.extra.get("plus_minus")
        ):
            return self.min, float(self.value), self.max
        return self.min, self.typ, self.max

    @property
    def is_superseded(self) -> bool:
        """True when a notice supersedes this fact for some scope."""
        return self.superseded_by is not None


def fact_id(fact: Fact) -> str:
    """Stable id: a hash of what the fact says and where it says it (not of derived fields)."""
    key = json.dumps(
        [
            fact.citation,
            fact.device,
            fact.variant,
            fact.spec,
            fact.parameter,
            fact.value,
            fact.min,
            fact.typ,
            fact.max,
            fact.unit,
            fact.condition,
            fact.applies_to,
            fact.evidence,
        ],
        sort_keys=True,
        default=str,
    )
    return hashlib.sha1(key.encode("utf-8")).hexdigest()[:16]


class Chunk(BaseModel):
    """A context-keeping passage of a document for retrieval.

    ``text`` starts with the document title and heading path so that a passage embedded alone
    still says what it is about; ``neighbours`` are the ids of the passages before and after it.
    """

    model_config = ConfigDict(frozen=True)

    id: str
    doc: str
    citation: str
    heading: str
    text: str
    page: int | None = None
    section: str | None = None
    devices: tuple[str, ...] = ()
    neighbours: tuple[str, ...] = ()


class Notice(BaseModel):
    """A change notice found in a document: it changes a value in another document's section.

    Parsed from the notice's own text (``target_doc``, ``target_section``, revisions, new value);
    :func:`search.datasheets._supersede.apply_notices` links the facts it supersedes.
    """

    model_config = ConfigDict(frozen=True)

    id: str
    doc: str
    citation: str
    title: str
    device: str | None
    target_doc: str
    target_section: str
    target_citation: str
    board_revisions: tuple[str, ...]
    remains_valid_for: tuple[str, ...] = ()
    remains_valid_because: str = ""
    """What the notice says of the revisions the old figure still holds for ("Revision C:
    Input capacitors change to 10 uF 63 V X7R ..."), from a row of its own tables."""
    remains_valid_because_citation: str = ""
    spec: str | None = None
    parameter: str | None = None
    old_value: float | None = None
    new_value: float | None = None
    unit: str | None = None
    evidence: str = ""


def _read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                yield json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{lineno}: not a JSON line: {exc}") from exc


class FactStore:
    """Facts, chunks and notices of a set of documents, queryable by device, spec and variant.

    ``FactStore.load()`` reads the shipped facts; ``FactStore.load(dir)`` reads an ingest output.
    """

    def __init__(
        self,
        facts: Iterable[Fact],
        chunks: Iterable[Chunk] = (),
        notices: Iterable[Notice] = (),
    ) -> None:
        self.facts: list[Fact] = list(facts)
        self.chunks: list[Chunk] = list(chunks)
        self.notices: list[Notice] = list(notices)
        self._by_id = {f.id: f for f in self.facts}
        self._by_device: dict[str, list[Fact]] = {}
        for f in self.facts:
            self._by_device.setdefault(f.device, []).append(f)
        self._chunk_by_id = {c.id: c for c in self.chunks}

    @classmethod
    def load(cls, path: Path | str | None = None, *, with_chunks: bool = True) -> FactStore:
        """Load every ``*.facts.jsonl`` (and chunks, notices) under ``path`` (default: shipped)."""
        root = Path(path) if path is not None else DEFAULT_FACTS_DIR
        if not root.is_dir():
            raise FileNotFoundError(f"facts directory {root} does not exist")
        facts = [
            Fact.model_validate(d)
            for p in sorted(root.glob("*.facts.jsonl"))
            for d in _read_jsonl(p)
        ]
        chunks = (
            [
                Chunk.model_validate(d)
                for p in sorted(root.glob("*.chunks.jsonl"))
                for d in _read_jsonl(p)
            ]
            if with_chunks
            else []
        )
        notices = [
            Notice.model_validate(d)
            for p in sorted(root.glob("*.notices.jsonl"))
            for d in _read_jsonl(p)
        ]
        logger.debug("loaded %d facts, %d chunks from %s", len(facts), len(chunks), root)
        return cls(facts, chunks, notices)

    def __len__(self) -> int:
        return len(self.facts)

    def __iter__(self) -> Iterator[Fact]:
        return iter(self.facts)

    def devices(self) -> list[str]:
        """Canonical models that have at least one fact."""
        return sorted(self._by_device)

    def get(self, fact_id: str) -> Fact | None:
        """The fact with this id, if any."""
        return self._by_id.get(fact_id)

    def chunk(self, chunk_id: str) -> Chunk | None:
        """The chunk with this id, if any."""
        return self._chunk_by_id.get(chunk_id)

    def for_device(self, model: str) -> list[Fact]:
        """All facts of a device, by canonical name or alias."""
        canon = canonical_device(model) or model
        return list(self._by_device.get(canon, ()))

    def query(
        self,
        device: str | None = None,
        spec: str | Iterable[str] | None = None,
        variant: str | None = None,
        *,
        section_kind: str | Iterable[str] | None = None,
        include_superseded: bool = True,
    ) -> list[Fact]:
        """Facts matching every given filter.

        ``variant`` keeps facts for that variant plus facts that name no variant (they apply to
        all variants of the document). Superseded facts are kept unless asked otherwise: they stay
        valid outside ``superseded_for``.
        """
        pool = self.for_device(device) if device is not None else self.facts
        specs = {spec} if isinstance(spec, str) else set(spec) if spec is not None else None
        kinds = (
            {section_kind}
            if isinstance(section_kind, str)
            else set(section_kind)
            if section_kind is not None
            else None
        )
        want_variant = squash(variant) if variant else None
        out = []
        for f in pool:
            if specs is not None and f.spec not in specs:
                continue
            if kinds is not None and f.section_kind not in kinds:
                continue
            if (
                want_variant is not None
                and f.variant is not None
                and not _variant_matches(f.variant, want_variant)
            ):
                continue
            if not include_superseded and f.superseded_by is not None:
                continue
            out.append(f)
        return out

    def chunks_for(self, doc: str) -> list[Chunk]:
        """The chunks of one document, in order."""
        return [c for c in self.chunks if c.doc == doc]


def _variant_matches(fact_variant: str, wanted_squashed: str) -> bool:
    # A fact's variant may list several ("ADS1114/ADS1115"); any listed one, or a prefix match
    # ("ACS712ELCTR-05B" for "ACS712ELCTR-05B-T"), counts.
    for part in re.split(r"[/,]| and ", fact_variant):
        sq = squash(part)
        if sq and (
            sq == wanted_squashed
            or wanted_squashed.startswith(sq)
            or sq.startswith(wanted_squashed)
        ):
            return True
    return False
