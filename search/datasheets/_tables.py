"""Documents → row records and facts: table columns by position (PDF) or by header (Markdown).

PDF tables are found by their header line (MIN / TYP / MAX / UNIT, or RATING / VALUE); each
later line's segments go to the column whose header sits nearest, so a row keeps its min, typ,
max, unit and conditions apart. Lines outside tables are read as ``Label  value unit`` pairs.
Instrument accuracy tables in Markdown manuals (± % or ppm of reading + of range, per range and
calibration interval) become ``accuracy`` facts with ``pct_reading`` / ``pct_range``.
"""

from __future__ import annotations

import itertools
import logging
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from search.datasheets._extract import (
    _SPEC_DIMENSION,
    NUMBER_WORDS,
    ExtractWarning,
    RowRecord,
    _si,
    classify_section,
    facts_from_row,
    is_supply_relative,
    label_spec,
    map_spec,
    parse_cell,
    parse_quantity_text,
    unit_dimension,
)
from search.datasheets._facts import DEVICES, Fact, canonical_device
from search.datasheets._formula import FORMULA_START, read_expression, symbols_of
from search.datasheets._markdown import MarkdownDocument, MdSection, MdTable
from search.datasheets._pdf import Line, Page, PdfDocument, Segment
from search.datasheets._units import (
    VOLTS_OR_AMPS,
    UnknownUnitError,
    canonical_unit,
    dimensionality,
    times_as_units,
    to_si,
)

logger = logging.getLogger(__name__)

__all__ = ["detect_device", "markdown_facts", "pdf_facts"]

# Part-family spellings used to scope a table or row to one variant of a multi-part datasheet.
# These are naming conventions of the families, not values.
_VARIANT_PATTERNS: dict[str, str] = {
    "ACS712": r"ACS712[A-Z]*-\d\d[AB](?:-T)?|\bx\d\d[AB]\b",
    "LM7805": r"\b(?:LM|MC|KA)?78(?:0[5-9]|1[0258]|2[04])A?\b",
    "ADS1115": r"\bADS111[345]\b",
    "MCP3008": r"\bMCP300[48]\b",
    "LM358": r"\bLM(?:158|258|358|2904)[AV]?\b",
    "RFM95W": r"\bRFM9[5-8]W?\b",
    "MPU-6050": r"\bMPU-?60[05]0\b",
    # Fixed-output versions carry their voltage as a suffix ("AMS1117-3.3"); the bare name is
    # the adjustable part.
    "AMS1117": r"\bAMS1117(?:C[DS])?-\d\.\d{1,2}\b",
}


def detect_device(stem: str, first_text: str) -> str | None:
    """Canonical device of a document: from its file stem, else the first model its text names."""
    canon = canonical_device(stem)
    if canon:
        return canon
    for token in re.findall(r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*", first_text):
        canon = canonical_device(token)
        if canon and canon in DEVICES and len(token) >= 4:
            return canon
    return None


class _Variants:
    """Variant names of one document and how to find them in a heading or condition."""

    def __init__(self, device: str, full_text: str) -> None:
        self.pattern = _VARIANT_PATTERNS.get(device)
        self.parts: list[str] = []
        if self.pattern:
            seen = dict.fromkeys(
                m.group(0).upper()
                for m in re.finditer(self.pattern, full_text)
                if not m.group(0).lower().startswith("x")
            )
            self.parts = list(seen)

    def find(self, text: str) -> str | None:
        if not self.pattern or not text:
            return None
        found: list[str] = []
        for m in re.finditer(self.pattern, text):
            tok = m.group(0)
            if tok.lower().startswith("x"):
                code = tok[1:].upper()
                full = [p for p in self.parts if code in p]
                tok = full[0] if full else tok
            tok = tok.upper()
            if re.fullmatch(r"78\d\dA?", tok):
                tok = "LM" + tok
            if tok not in found:
                found.append(tok)
        # A heading naming every variant (a page header "ADS1113, ADS1114, ADS1115") scopes
        # nothing.
        if not found or (len(self.parts) > 1 and len(found) >= len(self.parts)):
            return None
        return "/".join(found)


# --- PDF ------------------------------------------------------------------------------------

_HEADER_WORDS: dict[str, str] = {
    "min": "min",
    "min.": "min",
    "minimum": "min",
    "typ": "typ",
    "typ.": "typ",
    "typical": "typ",
    "nom": "typ",
    "nom.": "typ",
    "nominal": "typ",
    "max": "max",
    "max.": "max",
    "maximum": "max",
    "unit": "unit",
    "units": "unit",
    "unit.": "unit",
    "rating": "value",
    "ratings": "value",
    "value": "value",
    "values": "value",
    "limit": "value",
    "limits": "value",
    "spec": "value",
    "data": "value",
    "symbol": "symbol",
    "sym.": "symbol",
    "sym": "symbol",
    "conditions": "condition",
    "condition": "condition",
    "test conditions": "condition",
    "test condition": "condition",
    "notes": "condition",
    "remarks": "condition",
    "comments": "condition",
    "comment": "condition",
    "parameter": "parameter",
    "parameters": "parameter",
    "characteristic": "parameter",
    "characteristics": "parameter",
    "items": "parameter",
    "item": "parameter",
    "description": "parameter",
    "device": "variant",
    "part": "variant",
    "part number": "variant",
}
_NUMERIC_COLS = ("min", "typ", "max", "value")
_CAPTION = re.compile(r"^Table\s+\d+\s*[:.]\s*(\S.{2,120})$")
# Column headings that key a table's rows by a setting, not by a parameter name.
_ROW_KEYS = frozenset({"Rate", "Mode", "Setting", "Condition", "Conditions", "Channel"})
_SPEC_LABEL = {
    "measurement_range": "Measurement range",
    "accuracy": "Accuracy",
    "resolution_bits": "Resolution",
}


@dataclass(slots=True)
class _Columns:
    pos: dict[str, tuple[float, float]]  # column → (x0, x1) of its header cell
    left_edge: float
    # Repeated MIN/TYP/MAX groups, one per part ("LM258 | LM358 | LM2904" above them): each
    # group's columns, and the part named above it once known.
    groups: list[dict[str, tuple[float, float]]] = field(default_factory=list)
    group_names: list[str] = field(default_factory=list)
    # "Table 17: TX Power with …" over a table whose rows are keyed by a "Rate" column: what
    # every row measures, and the unit a "(dBm)  (dBm)  (dBm)" line under the header gives.
    caption: str | None = None
    unit: str | None = None

    def nearest(self, xc: float, keys: tuple[str, ...]) -> str | None:
        best, dist = None, 1e9
        for k in keys:
            if k not in self.pos:
                continue
            x0, x1 = self.pos[k]
            d = 0.0 if x0 - 2 <= xc <= x1 + 2 else min(abs(xc - x0), abs(xc - x1))
            if d < dist:
                best, dist = k, d
        return best


def _condition_template(condition: str | None) -> str | None:
    """A condition with its numbers blanked ("12-bit resolution" → "#-bit resolution")."""
    if not condition or not re.search(r"\d", condition):
        return None
    t = re.sub(r"[-+]?\d+(?:\.\d+)?", "#", condition).strip()
    return t if re.search(r"[A-Za-z]{3}", t) else None


def _run_head(
    row: RowRecord,
    y: float,
    size: float,
    anchors: list[_Anchor],
    unresolved: list[tuple[RowRecord, float, float, str | None]],
) -> RowRecord | None:
    """The named row that heads an unbroken run of rows, each within a few lines of the next,
    whose conditions step one variable ("1.25 Hz update rate", "5 Hz update rate", ...)."""
    tpl = _condition_template(row.condition)
    if tpl is None:
        return None
    rows = [(a.y, a.row, True) for a in anchors] + [
        (u_y, u, False) for u, u_y, _s, _c in unresolved
    ]
    rows = [
        (r_y, r, named)
        for r_y, r, named in rows
        if _condition_template(r.condition) == tpl
        and (not named or (r.unit is not None and r.unit == row.unit))
    ]
    below = [y - r_y for r_y, _r, named in rows if named and 0 < y - r_y <= 3.5 * size]
    at = y
    while True:
        above = [(r_y, r, named) for r_y, r, named in rows if 0 < r_y - at <= 3.5 * size]
        if not above:
            return None
        step, r, named = min(above, key=lambda t: t[0])
        if at == y and below and min(below) < step - y:
            return None  # a named row of the same kind sits closer below: its block's
        at = step
        if named:
            return r


def _condition_block_head(
    row: RowRecord,
    y: float,
    size: float,
    labels: list[tuple[float, str, str | None, str | None, str, str | None]],
    anchors: list[_Anchor],
) -> tuple[str, RowRecord] | None:
    """For a row whose condition's first line sits alone just above it (a line with only a
    condition cell), that line and the named row heading the block: the nearest row above
    with a label in the first column, within a block's reach."""
    if not re.match(r"\s*(?:\(|[a-z])", row.condition or ""):
        return None  # its own condition line does not continue another ("(DMP disabled)")
    first = [lb for lb in labels if lb[1] == lb[5] and 0 < lb[0] - y <= 2.2 * size]
    if not first or not anchors:
        return None
    left = min(a.x0 for a in anchors) + 15
    heads = [a for a in anchors if 0 < a.y - y <= 20 * size and a.x0 <= left]
    if not heads:
        return None
    head = min(heads, key=lambda a: a.y - y).row
    if not _agrees(row, head.parameter, head.symbol, head.unit):
        return None
    return min(first, key=lambda lb: lb[0] - y)[1], head


# A label's last word, wrapped alone onto the line under its row.
# Last words of a label that wraps below its symbol ("Quiescent Current" / "ΔIQ" / "Change").
_LABEL_TAILS = frozenset({"Change", "Drift", "Deviation", "Variation"})
_WRAPPED_QUANTITY = frozenset({"Current", "Voltage", "Resistance", "Capacitance", "Power", "Time"})

# A row keyed by one setting's value ("SF = 9"): the setting's name.
_STEP_KEY = re.compile(r"^\s*([A-Za-z]\w{0,12})\s*=\s*[-+]?\d")
# A label line that states a figure of the rows' test ("62.5 kHz bandwidth").
_FIGURE_FRAGMENT = re.compile(r"\d(?:\.\d+)?\s*(?:[kMG]?Hz|[mµu]?[AV]|dBm?|°C)\b")


def _name_setting_runs(
    unresolved: list[tuple[RowRecord, float, float, str | None]], kind: str, lines: list[Line]
) -> None:
    """A run of rows stepping one setting ("SF = 6" … "SF = 12"), one line apart, under a label
    printed over several lines ("RF sensitivity, Long-Range Mode," / "highest LNA gain, …" /
    "62.5 kHz bandwidth"): each row takes the run's label, not the fragment beside it, and a
    label line within the run that states a figure is a condition of every row of the run."""
    runs: list[list[tuple[RowRecord, float, float]]] = []
    for row, y, size, _caption in unresolved:
        key = _STEP_KEY.match(row.condition or "")
        last = runs[-1][-1] if runs else None
        last_key = _STEP_KEY.match(last[0].condition or "") if last else None
        if (
            key
            and last is not None
            and last_key is not None
            and last_key.group(1) == key.group(1)
            and last[0].unit == row.unit
            and 0 < last[1] - y <= 1.6 * size
        ):
            runs[-1].append((row, y, size))
        elif key:
            runs.append([(row, y, size)])
    for run in runs:
        head = next((r for r, *_ in run if r.parameter and map_spec(r.parameter, None, kind)), None)
        if head is None or len(run) < 3:
            continue
        top, bottom = run[0][1] + run[0][2], run[-1][1] - run[-1][2]
        fragments = [
            ln.text.strip()
            for ln in lines
            if bottom <= ln.y <= top
            and len(ln.segments) == 1
            and len(ln.text.split()) <= 4
            and _FIGURE_FRAGMENT.search(ln.text)
        ]
        for r, *_ in run:
            if r is not head and not (r.parameter and map_spec(r.parameter, None, kind)):
                r.parameter, r.symbol = head.parameter, r.symbol or head.symbol
            for fragment in dict.fromkeys(fragments):
                if fragment not in (r.condition or ""):
                    r.condition = f"{r.condition}, {fragment}" if r.condition else fragment


def _has_figures(text: str) -> bool:
    """Whether a row's own text carries a figure (a number outside parenthesised notes)."""
    bare = re.sub(r"\([^)]*\)", " ", text)
    return bool(re.search(r"(?<![\w.])[-+]?\d+(?:\.\d+)?(?![\w.])", bare))


def _name_condition_blocks(
    unresolved: list[tuple[RowRecord, float, float, str | None]],
    before: dict[int, tuple[str, str | None, str | None]],
) -> None:
    """A block of condition rows that step one variable ("9-bit … 12-bit resolution") around
    the label that names them is one parameter: rows at the block's ends that a neighbouring
    row's label claimed take the label most of the block has."""
    ordered = sorted(unresolved, key=lambda t: -t[1])
    runs: list[list[tuple[RowRecord, float, float, str | None]]] = []
    for item in ordered:
        row, y, size, _ = item
        tpl = _condition_template(row.condition)
        if (
            runs
            and tpl is not None
            and _condition_template(runs[-1][-1][0].condition) == tpl
            and abs(runs[-1][-1][1] - y) <= 3.5 * size
        ):
            runs[-1].append(item)
        else:
            runs.append([item])
    for run in runs:
        if len(run) < 3:
            continue
        named = [r for r, *_ in run if r.parameter]
        counts: dict[str, int] = {}
        for r in named:
            counts[r.parameter] = counts.get(r.parameter, 0) + 1
        if not counts:
            continue
        label, n = max(counts.items(), key=lambda kv: kv[1])
        if n < 2:
            continue
        donor = next(r for r, *_ in run if r.parameter == label)
        head = donor.evidence.split(" / ")[0]
        if _has_figures(head):
            continue  # the block was named by a row with its own figures: leave it be
        for r, *_ in run:
            if r.parameter == label:
                continue
            if r.parameter and not _has_figures(r.evidence.split(" / ")[0]):
                continue  # named by a label line of its own, not claimed by a neighbour row
            evidence, unit, symbol = before.get(id(r), (r.evidence, r.unit, r.symbol))
            r.parameter, r.symbol = label, symbol or donor.symbol
            r.unit = unit or donor.unit
            r.evidence = f"{head} / {evidence}"


_AT_TEMPERATURE_END = re.compile(
    r"^\s*T[AJ]\s*=\s*(?:[-+]?\d+\s*°C|T\s?(?:high|low|min|max)\b)", re.I
)


def _temperature_steps(unresolved: list[tuple[RowRecord, float, float, str | None]]) -> None:
    """ "TA = 25°C", then "TA = Thigh (Note 1)" and "TA = Tlow (Note 1)" on the lines under it:
    the same figure at the other temperatures, named like the row above in its column (the
    block's label sits over the first row, too far from the last)."""
    named: list[tuple[RowRecord, float]] = []
    for row, y, size, _ in sorted(unresolved, key=lambda t: -t[1]):
        if not _AT_TEMPERATURE_END.match(row.condition or ""):
            continue
        if not row.parameter:
            donors = [
                (donor, dy)
                for donor, dy in named
                if 0.5 * size < dy - y <= 2.2 * size and donor.variant == row.variant
            ]
            if not donors:
                continue
            donor = min(donors, key=lambda d: d[1] - y)[0]
            row.parameter, row.symbol = donor.parameter, row.symbol or donor.symbol
            row.unit = row.unit or donor.unit
            row.evidence = f"{donor.evidence.split(' / ')[0]} / {row.evidence}"
        named.append((row, y))


def _next_is_row(lines: list[Line], index: int, cols: _Columns) -> bool:
    """Whether the next line holds a label left of the columns and cells under them."""
    for nxt in lines[index + 1 : index + 2]:
        segs = nxt.segments
        if len(segs) < 3 or segs[0].x0 >= cols.left_edge - 40:
            return False
        under = [
            sg for sg in segs[1:] if sg.x0 >= cols.left_edge - 5 and _valueish(sg.text.strip())
        ]
        return bool(under)
    return False


# A footnote mark on a header word ("Typ (6)", "Max¹", "Min*") is not part of the word.
_HEADER_NOTE = re.compile(r"\s*(?:\(\d{1,2}\)|[¹²³⁴⁵⁶⁷⁸⁹*†])$")


def _header_word(text: str) -> str:
    return _HEADER_NOTE.sub("", text.strip().lower())


def _header(line: Line) -> _Columns | None:
    pos: dict[str, tuple[float, float]] = {}
    note: tuple[float, float] | None = None
    for seg in line.segments:
        t = _header_word(seg.text)
        if t in _HEADER_WORDS:
            pos.setdefault(_HEADER_WORDS[t], (seg.x0, seg.x1))
            continue
        words = t.split()
        if len(words) > 1 and all(w in _HEADER_WORDS for w in words):
            # "Min Typ Max" printed close together: share the segment's width out by characters.
            width = (seg.x1 - seg.x0) / max(1, len(t))
            x = seg.x0
            for w in words:
                pos.setdefault(_HEADER_WORDS[w], (x, x + width * len(w)))
                x += width * (len(w) + 1)
        elif re.match(r"^(test\s+)?conditions?\b", t):
            pos.setdefault("condition", (seg.x0, seg.x1))
        elif t.startswith(("parameter", "characteristic")):
            pos.setdefault("parameter", (seg.x0, seg.x1))
        elif t == "note":
            # "Symbol | Note | MIN | TYP | MAX | Unit": the note names the row where no column
            # is headed as its parameter.
            note = (seg.x0, seg.x1)
    if "parameter" not in pos and note is not None:
        pos["parameter"] = note
    numeric = [k for k in _NUMERIC_COLS if k in pos]
    if len(numeric) >= 2 or (numeric and "unit" in pos):
        left = min(pos[k][0] for k in numeric)
        groups: list[dict[str, tuple[float, float]]] = [{}]
        for seg in line.segments:
            key = _HEADER_WORDS.get(_header_word(seg.text))
            if key in _NUMERIC_COLS:
                if key in groups[-1]:
                    groups.append({})
                groups[-1][key] = (seg.x0, seg.x1)
        return _Columns(pos, left, groups if len(groups) > 1 else [])
    return None


def _merge_header_lines(cols: _Columns, above: list[Line]) -> None:
    """A header split over two lines ("PARAMETER | TEST CONDITIONS | UNIT" over
    "MIN TYP MAX MIN TYP MAX"): take the label columns from the line above."""
    for line in above:
        for seg in line.segments:
            t = seg.text.strip().lower()
            key = _HEADER_WORDS.get(t)
            if key is None and re.match(r"^(test\s+)?conditions?\b", t):
                key = "condition"
            if key in ("parameter", "symbol", "condition", "unit", "variant"):
                cols.pos.setdefault(key, (seg.x0, seg.x1))


def _name_groups(cols: _Columns, above: list[Line]) -> None:
    if not cols.groups:
        return
    for line in above:
        names = []
        for g in cols.groups:
            x0 = min(a for a, _ in g.values()) - 15
            x1 = max(b for _, b in g.values()) + 15
            inside = [seg.text.strip() for seg in line.segments if x0 <= seg.xc <= x1]
            names.append(" ".join(inside))
        if all(names) and not any(n.lower() in _HEADER_WORDS for n in names):
            cols.group_names = names
            return


# "VI = 7 V to 20 V", "TA = 25°C", "0 V < INP < 3.3 V": test conditions, not parameter names.
_CONDITION_LIKE = re.compile(r"^(?![A-Za-z][a-z]+[\s\-–][A-Za-z(]).*[=<>≤≥]|^\W*[+\-–]?\d", re.S)
# "–DC Operation" under "Peak Output Current (each Channel)": a dash-led case of the label above.
_DASH_ITEM = re.compile(r"^–\s*[A-Za-z]")  # an em dash alone is an empty cell
_NUMERICISH = re.compile(r"^[±+\-–−~]?\s*\(?[+\-–−]?\d|^[–—―-]$|^±")


_DANGLING = re.compile(r"^(?:GND|[AD]?V\s?(?:DD|CC|S|IN|IO|LOGIC)[A-Za-z0-9]*)\s*[×x*/+\-–]$")


# ">5" in a table without a Typ column: a one-sided bound, a figure of its own.
_BOUND_CELL = re.compile(r"^(?:[<>]=?|[≤≥])\s*\d[\d.,]*$")


def _valueish(text: str) -> bool:
    """A cell that holds a figure: a number, a dash, a one-sided bound, or a bound relative to
    a rail."""
    return bool(_NUMERICISH.match(text) or _BOUND_CELL.match(text)) or is_supply_relative(text)


def _caps_group(
    labels: list[tuple[float, str, str | None, str | None, str, str | None]], y: float, size: float
) -> str | None:
    """A group heading in capitals on the label lines just above a row ("GYROSCOPE
    MECHANICAL" / "FREQUENCIES"), joined; None when the line above is no such heading."""
    words: list[str] = []
    at = y
    for lb_y, text, *_rest in reversed(labels):
        text = text.strip()
        if not (0 < lb_y - at <= 2.2 * size) or not re.fullmatch(r"[A-Z][A-Z ]{2,}", text):
            break
        words.insert(0, text)
        at = lb_y
    return " ".join(words).capitalize() if words else None


def _table_row(line: Line, cols: _Columns) -> dict[str, str]:
    cells: dict[str, list[str]] = {}
    numeric_left = cols.left_edge - 12
    label_keys = tuple(
        sorted(
            (k for k in ("parameter", "symbol", "variant", "condition") if k in cols.pos),
            key=lambda k: cols.pos[k][0],
        )
    )
    numeric_segs = [sg for sg in line.segments if sg.text.strip() and _valueish(sg.text.strip())]
    placed: list[tuple[str | None, str]] = []
    label_segs = []
    for seg in line.segments:
        text = seg.text.strip()
        if not text:
            continue
        in_values = seg.x1 > numeric_left and (
            _valueish(text)
            or (
                cols.nearest(seg.xc, ("unit",)) == "unit"
                and abs(seg.xc - sum(cols.pos["unit"]) / 2) < 25
            )
            if "unit" in cols.pos
            else _valueish(text)
        )
        if (
            in_values
            and "condition" in cols.pos
            and "unit" in cols.pos
            and seg.x0 > cols.pos["unit"][1] + 5
            and re.search(r"[A-Za-z×]", text)
            and " " in text
        ):
            # "50 mm × 50 mm" in a Remarks column past the Unit: a condition, not a figure
            placed.append(("condition", text))
            continue
        if (
            in_values
            and "condition" in cols.pos
            and re.search(r"[<>≤≥=]", text)
            and not _BOUND_CELL.match(text)
        ):
            # "4.5 V >" of "4.5 V > VM ≥ 2.5 V" split over two cells: a comparison is a
            # condition, not a figure or a unit.
            placed.append(("condition", text))
            continue
        if (
            in_values
            and _RANGE_CELL.match(text)
            and any(o is not seg and o.x0 > seg.x1 for o in numeric_segs)
        ):
            # "0…65 °C  ±0.5": the range is the row's condition, the figure follows it.
            placed.append(("condition", text))
            continue
        if in_values and cols.groups and _valueish(text):
            best, dist = None, 1e9
            for gi, g in enumerate(cols.groups):
                for k, (x0, x1) in g.items():
                    d = (
                        0.0
                        if x0 - 2 <= seg.xc <= x1 + 2
                        else min(abs(seg.xc - x0), abs(seg.xc - x1))
                    )
                    if d < dist:
                        best, dist = f"{k}@{gi}", d
            placed.append((best, text))
        elif in_values and _BOUND_CELL.match(text) and not cols.groups:
            # ">5" is a minimum, "<5" a maximum, whichever column it sits nearest
            side = "min" if text[0] in ">≥" else "max"
            near = cols.nearest(seg.xc, (*_NUMERIC_COLS, "unit"))
            placed.append((side if side in cols.pos else near, text))
        elif in_values:
            placed.append((cols.nearest(seg.xc, (*_NUMERIC_COLS, "unit")), text))
        else:
            label_segs.append(seg)
    if (
        "symbol" not in cols.pos
        and len(label_segs) >= 2
        and re.fullmatch(r"[A-Za-zΔ∆θψ][A-Za-z0-9(),_]{0,9}", label_segs[0].text.strip())
        and re.search(r"[a-z]{3}", label_segs[1].text)
        and not re.search(r"[a-z]{3}", label_segs[0].text)
    ):
        # TI-style tables print the symbol in the parameter column ("IVDD  Supply current").
        placed.append(("symbol", label_segs[0].text.strip()))
        label_segs = label_segs[1:]
    elif (
        "symbol" not in cols.pos
        and "condition" in cols.pos
        and len(label_segs) == 2
        and re.fullmatch(r"[A-Z][A-Z0-9]{1,7}", label_segs[0].text.strip())
        and label_segs[1].x0 >= cols.pos["condition"][0] - 8
    ):
        # ...and on a row whose label is centred on another line, the symbol alone before
        # the condition ("VOS  PGA = /4  ±30  ±150"): it names the row's quantity, not the row.
        placed.append(("symbol", label_segs[0].text.strip()))
        label_segs = label_segs[1:]
    if (
        label_keys
        and len(label_segs) == len(label_keys) > 1
        # ...only when the first piece starts in the parameter column: a row whose label is
        # printed on another line starts at its symbol ("ICC(3 V)  STBY = Vcc = 3 V,  VM = 5 V").
        and (
            "parameter" not in cols.pos
            or label_segs[0].x0 <= cols.pos["parameter"][1] + 10
            or cols.nearest(label_segs[0].xc, label_keys) == "parameter"
        )
    ):
        # As many label pieces as label columns: they are in column order (headers are often
        # centred over left-aligned content, so nearest-header would misplace them).
        for col, seg in zip(label_keys, label_segs, strict=True):
            placed.append((col, seg.text.strip()))
    else:
        for seg in label_segs:
            text = seg.text.strip()
            if (
                "condition" in cols.pos
                and seg.x0 >= cols.pos["condition"][0] - 8
                and (seg.x0 > cols.pos.get("parameter", (0, 0))[0] + 20)
            ):
                key: str | None = "condition"
            elif label_keys:
                key = (
                    cols.nearest(seg.xc, label_keys)
                    if "parameter" in cols.pos
                    else (
                        "parameter" if not any(k == "parameter" for k, _ in placed) else "condition"
                    )
                )
                if key == "symbol" and not re.fullmatch(r"[A-Za-zθψΔ∆][\w()\-+,. ]{0,14}", text):
                    key = (
                        "parameter" if not any(k == "parameter" for k, _ in placed) else "condition"
                    )
            else:
                key = "parameter" if not any(k == "parameter" for k, _ in placed) else "condition"
            placed.append((key, text))
    for where, text in placed:
        if where is not None:
            cells.setdefault(where, []).append(text)
    return {k: " ".join(v) for k, v in cells.items()}


_RANGE_CELL = re.compile(r"^[+\-–]?\d[\d.,]*\s*[^\d\s]{0,4}\s*(…|\.\.|~|～|to)\s*[+\-–]?\d")


# "9.3.5 Oscillator"; sections number in one or two digits ("225 DOUT unloaded" is a table row)
_NUMBERED_HEADING = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,3})\.?\s+([A-Z][^.]{2,80})$")


def _heading(line: Line, body: float) -> tuple[str, bool] | None:
    """(heading text, strong) when the line reads as a heading."""
    text = line.text.replace("  ", " ").strip()
    head = re.split(r"\s*[:\[]|\s*\((?=[^)]*=)", text)[0].strip()
    # "Accuracy: ±10%": a label and its figure, not a title and its conditions.
    if (
        head != text
        and re.match(r"[:\s]*[±<>≤≥~]?\s*[-+]?\d", text[len(head) :])
        and "=" not in text
    ):
        return None
    if head != text and classify_section(head) and len(head.split()) <= 8:
        # "x05B PERFORMANCE CHARACTERISTICS [1]: TA = -40 °C to 85 °C, ...": a table title
        # followed by its conditions.
        return head, True
    words = text.split()
    if not words or len(words) > 14 or len(text) < 4:
        return None
    if re.search(r"\d+\s*(?:V|mA|°C|%)\b", text) and not _NUMBERED_HEADING.match(text):
        return None
    kind = classify_section(text)
    bigger = line.size > body + 0.6
    if _NUMBERED_HEADING.match(text) and (line.bold or bigger or kind) and len(words) <= 10:
        return text, True
    if kind and (line.bold or bigger or text.isupper() or len(words) <= 6):
        return text, True
    if (
        (line.bold or line.size > body + 1.5)
        and len(words) <= 8
        and re.search(r"[A-Za-z]{3}", text)
    ):
        return text, False
    return None


_BITS7 = re.compile(r"(?<![01\w])([01](?:[ _]?[01]){6})(?![ _]?[01])(?!\w)")
_HEX = re.compile(r"\b0x([0-9A-Fa-f]{2})\b")


def _i2c_address(line: Line, recent: list[str]) -> list[tuple[str, str | None]]:
    """A 7-bit I2C address in an address table or sentence: (``0x48``, pin selection text)."""
    text = line.text
    context = " ".join(recent[-24:]) + " " + text
    if not re.search(r"(?i)address", context):
        return []
    if re.search(r"(?i)register|byte|frame|bit\s*\d|r/w", text) or re.search(r"\bReg[A-Z]", text):
        return []
    found: list[tuple[str, str]] = []
    hexes = list(_HEX.finditer(text)) if re.search(r"(?i)address", text) else []
    if hexes:
        for m in hexes:
            found.append((f"0x{int(m.group(1), 16):02X}", text))
    else:
        mb = _BITS7.search(text)
        if mb is None:
            return []
        bits = re.sub(r"[ _]", "", mb.group(1))
        rest = (text[: mb.start()] + text[mb.end() :]).strip(" |“”\"'")
        found.append((f"0x{int(bits, 2):02X}", rest))
    out: list[tuple[str, str | None]] = []
    for addr_value, select in found:
        if 0x03 <= int(addr_value, 16) <= 0x77:  # outside: reserved, some other 7-bit pattern
            out.append((addr_value, re.sub(r"\s{2,}", " ", select).strip()[:120] or None))
    return out


def _kv_rows(line: Line) -> list[tuple[str, str, float]]:
    """``Label  value`` (two segments), ``Label: value``, or ``Label ........ value`` pairs, each
    with the x where its label starts. Two columns of pairs on one line give two pairs (dotted
    leaders, or "Input Voltage  15V  Lead Temperature (25 sec)  265°C")."""
    segs = [s for s in line.segments if s.text.strip()]
    if any(re.search(r"\.{4,}", s.text) for s in segs):
        pairs = []
        for sg in segs:
            m = re.match(r"^([A-Za-z][^.]{2,60}?)\s*\.{4,}\s*(.+)$", sg.text.strip())
            if m:
                pairs.append((m.group(1).strip(), m.group(2).strip(), sg.x0))
        return pairs
    # A label well apart after a figure, itself followed by a figure, starts the next column's
    # pair.
    groups: list[list[Segment]] = [[]]
    for i, sg in enumerate(segs):
        if (
            len(segs) >= 4
            and len(groups[-1]) >= 2
            and re.search(r"\d", groups[-1][-1].text)
            and sg.x0 - groups[-1][-1].x1 > 40
            and re.match(r"[A-Za-z]", sg.text.strip())
            and re.search(r"[A-Za-z]{3}", sg.text)
            and any(re.search(r"\d", o.text) for o in segs[i + 1 :])
        ):
            groups.append([])
        groups[-1].append(sg)
    out = []
    for group in groups:
        pair = _kv_pair([sg.text.strip() for sg in group])
        if pair is not None:
            out.append((*pair, group[0].x0))
    return out


# A value line's own sub-label, its conditions in brackets, and its figure: "Between coil and
# contact：AC1,500V，50/60Hz 1min.", "Electrical (at 360 ops./h) 100,000 cycles".
_SIDE_VALUE = re.compile(
    r"^(?:(?P<sub>[A-Za-z][A-Za-z ./-]{1,40}?)\s*(?P<cond>\([^)]*\))?\s*[：:]?\s*)?"
    r"(?:AC|DC)?\s*(?P<figure>[-+]?\d.*)$"
)


def _side_label_rows(
    lines: list[tuple[Line, str, str, str | None]], citation: str, page: int
) -> list[RowRecord]:
    """A two-column "label | value" block where a label sits alone on its line, level with the
    middle of its values in the value column ("Initial dielectric strength" between "Between
    open contacts：AC750V" and "Between coil and contact：AC1,500V"), or its values continue
    under it ("Endurance | Mechanical … 10,000,000 cycles" then "Electrical … 100,000 cycles"):
    each value line is a row of the nearest label, its own sub-label a condition."""
    columns: dict[tuple[int, int], int] = {}
    for line, *_rest in lines:
        segs = line.segments
        if (
            len(segs) >= 2
            and re.match(r"[A-Za-z]", segs[0].text)
            and re.search(r"\d", segs[1].text)
        ):
            key = (round(segs[0].x0), round(segs[1].x0))
            columns[key] = columns.get(key, 0) + 1
    if not columns or max(columns.values()) < 3:
        return []
    label_x, value_x = max(columns, key=lambda k: columns[k])
    heads: list[tuple[Line, str]] = []  # label lines, a bracketed line continuing the one above
    for line, *_rest in lines:
        first = line.segments[0]
        if abs(first.x0 - label_x) <= 4 and re.match(r"[A-Za-z(]", first.text):
            if first.text.startswith("(") and heads and len(line.segments) == 1:
                # "Endurance" over "(operations)": one label on two lines
                heads[-1] = (heads[-1][0], f"{heads[-1][1]} {first.text.strip()}")
                heads.append((line, heads[-1][1]))
            else:
                heads.append((line, first.text.strip()))
    out: list[RowRecord] = []
    for line, section, kind, variant in lines:
        segs = line.segments
        if sum(bool(re.match(r"[-+]?\d", sg.text)) for sg in segs) > 1 or not heads:
            continue  # figures side by side are a table's columns, not one value
        own = next((h for h in heads if h[0] is line), None)
        if own is not None and len(segs) >= 3 and abs(segs[1].x0 - value_x) <= 6:
            # "Endurance | Mechanical | (at 10,800 ops./h) | 10,000,000 cycles": a label whose
            # value starts with a sub-label
            near, value_segs = own, segs[1:]
            if re.search(r"\d", segs[1].text):
                continue  # a plain pair, read as one already
        elif own is None and abs(segs[0].x0 - value_x) <= 6:
            near = min(heads, key=lambda h: abs(h[0].y - line.y))
            value_segs = segs
            if abs(near[0].y - line.y) > 1.2 * line.size:
                continue
        else:
            continue
        said = " ".join(sg.text for sg in value_segs)
        text = re.sub(r"\s+", " ", said.replace("，", ", ")).strip()
        m = _SIDE_VALUE.match(text)
        if m is None or len((m.group("sub") or "").split()) > 5:
            continue  # a sentence ("Please contact us if …"), not a value
        if re.match(r"[01]+\s*:", m.group("figure")):
            continue  # a register field's codes ("01: 64 us / 10: 4.1 ms")
        condition = " ".join(x for x in (m.group("sub"), m.group("cond")) if x) or None
        out.append(
            RowRecord(
                near[1],
                citation,
                section,
                kind,
                f"{near[0].text.strip()} / {line.text.strip()}",
                page,
                value=m.group("figure"),
                variant=variant,
                condition=condition,
            )
        )
    return out


def _per_model(value: str, models: Sequence[str]) -> list[tuple[str, str]]:
    """A row's figures under a "Model" header, one per model column ("15A  12A  12A" under
    "SRD-DM  SRD-D  SRD-DB"), when the row gives exactly one figure in one unit per column."""
    parts = [p for p in re.split(r"\s{2,}", value.strip()) if p]
    if len(models) < 2 or len(parts) != len(models):
        return []
    units = {getattr(parse_quantity_text(p), "unit", None) for p in parts}
    return list(zip(parts, models, strict=True)) if len(units) == 1 and None not in units else []


def _figures_apart(value: str) -> list[str]:
    """A pair's value as its figures: "Typ. 120ms.  0.5 lx" (a mode's measurement time and
    resolution, columns apart) is two figures of two quantities; one figure stays whole."""
    parts = [p for p in re.split(r"\s{2,}", value.strip()) if p]
    units = [getattr(parse_quantity_text(p), "unit", None) for p in parts]
    if len(parts) < 2 or not all(units):
        return [value]
    try:
        dims = {dimensionality(str(u)) for u in units}
    except UnknownUnitError:
        return [value]
    return parts if len(dims) == len(parts) else [value]


def _kv_pair(segs: list[str]) -> tuple[str, str] | None:
    pair = _kv_split(segs)
    if pair and re.search(r"(?i)\btemperature\b", pair[0]):
        # "Working Temperature range: -25 to +80?": the degree sign the PDF lost ("℃" stored
        # as "?") after a temperature's figure.
        return pair[0], re.sub(r"(\d)\?(?!\S)", r"\1°C", pair[1])
    return pair


def _kv_split(segs: list[str]) -> tuple[str, str] | None:
    if segs and (not re.match(r"^[A-Za-z•▪·]", segs[0]) or re.search(r"\bvs\.?\b", segs[0])):
        return None  # figure captions ("(DNL) vs. Sample Rate") and list debris
    if segs and _REVISION.match(segs[0]):
        return None  # a revision-history entry tells what changed, not what holds
    if len(segs) >= 2 and re.search(r"[A-Za-z]{3}", segs[0]) and len(segs[0].split()) <= 7:
        label = segs[0].rstrip(":：")
        value = "  ".join(segs[1:])
        if len(segs) >= 3 and not re.search(r"\d", segs[1]) and len(segs[1]) <= 12:
            # "Loop Voltage | Vc | 5.0V±0.1V DC": a symbol between label and value.
            value = "  ".join(segs[2:])
        return label, value
    if len(segs) == 1:
        m = re.match(r"^([A-Za-z][A-Za-z /&'()\-]{2,50}?)\s*[:：]\s*(.+)$", segs[0])
        if m:
            return m.group(1), m.group(2)
    return None


@dataclass(slots=True)
class _Stacked:
    """A table whose column names are stacked over several short lines, ending in a line of
    units ("Nominal / voltage / (VDC)", "Coil / resistance / 10% (Ω)")."""

    columns: list[tuple[float, float, str, str | None]]  # x0, x1, name, unit
    y: float
    misses: int = 0


_UNIT_IN_PARENS = re.compile(r"\(\s*([^()\d][^()]{0,8}?)\s*\)")


def _stacked_header(line: Line, lines: list[Line]) -> _Stacked | None:
    segs = line.segments
    with_units = [sg for sg in segs if _UNIT_IN_PARENS.search(sg.text)]
    if len(segs) < 3 or len(with_units) < 2 or re.search(r"\d\s*[A-Za-z]{1,3}\b(?!\))", line.text):
        return None
    above = [
        ln
        for ln in lines
        if 0 < ln.y - line.y <= 30
        and not re.search(r"\d", ln.text.replace("10%", ""))
        and all(len(sg.text) <= 14 for sg in ln.segments)
    ]
    if not above:
        return None
    columns = []
    for sg in segs:
        words = [
            a.text.strip()
            for ln in sorted(above, key=lambda ln: -ln.y)
            for a in ln.segments
            if sg.x0 - 12 <= a.xc <= sg.x1 + 12
        ]
        m = _UNIT_IN_PARENS.search(sg.text)
        unit = m.group(1).strip() if m and not re.match(r"(?i)max|min|typ", m.group(1)) else None
        tail = "" if unit else " " + sg.text
        name = re.sub(r"\s+", " ", (" ".join(words) + tail).replace(".Max", "Max")).strip()
        columns.append((sg.x0, sg.x1, name, unit))
    return _Stacked(columns, line.y)


def _centred_below(
    row: RowRecord,
    y: float,
    size: float,
    labels: Sequence[tuple[float, str, str | None, str | None, str, str | None]],
    anchors: Sequence[float],
    row_ys: Sequence[float],
) -> list[tuple[float, str, str | None, str | None, str, str | None]]:
    """The label (with a symbol or unit) below a row that sits at the middle of a block of
    rows running from that row down past it: the block's label, printed level with its
    centre."""
    for lb in labels:
        d = y - lb[0]
        if not (0 < d <= 4 * size) or not (lb[2] or lb[3]) or not _agrees(row, *lb[1:4]):
            continue
        if any(lb[0] < a < y for a in anchors):
            continue
        below = [r_y for r_y in row_ys if lb[0] - d - size < r_y < lb[0]]
        if below and abs((y + min(below)) / 2 - lb[0]) <= 0.6 * size:
            return [lb]
    return []


def _nearer_above(lines: list[Line], index: int, above_y: float | None) -> bool:
    """Whether line ``index`` sits at least as near the line at ``above_y`` as the next line
    with text below it."""
    line = lines[index]
    below = next((ln.y for ln in lines[index + 1 :] if ln.text.strip()), None)
    return above_y is not None and (below is None or above_y - line.y <= line.y - below + 0.5)


def _pair_header(line: Line) -> tuple[str, str] | None:
    """The header of a two-column table that gives a figure per setting ("FSR | LSB SIZE",
    "DATA RATE | CONVERSION TIME"): two short names, no figures, the second naming a spec."""
    segs = [sg.text.strip() for sg in line.segments]
    if len(segs) != 2 or any(re.search(r"\d", t) or len(t) > 24 for t in segs):
        return None
    if not all(t.isupper() for t in segs) and not (
        # "Storage Time | Suggested aging time": names in sentence case, a quantity keyed by one
        all(t[:1].isupper() and len(t.split()) <= 4 for t in segs)
        and _QUANTITY_END.search(segs[0])
        and _QUANTITY_END.search(segs[1])
    ):
        return None
    label = segs[1].capitalize()
    if map_spec(label, None, "electrical_characteristics") is None and label_spec(label) is None:
        return None
    return segs[0], segs[1]


_QUANTITY_END = re.compile(
    r"(?i)\b(?:time|voltage|current|temperature|range|rate|frequency|pressure|power)$"
)


def _digits_for_words(text: str) -> str:
    """Number words as digits ("Less than one month": "Less than 1 month")."""
    return re.sub(
        r"(?i)\b(" + "|".join(NUMBER_WORDS) + r")\b",
        lambda m: str(NUMBER_WORDS[m.group(1).lower()]),
        text,
    )


def _pair_row(
    line: Line, header: tuple[str, str], citation: str, section: str, kind: str, page: int
) -> RowRecord | None:
    """One row of a setting → figure table ("±4.096 V (1) | 125 μV"); None once it has ended."""
    segs = [sg.text.strip() for sg in line.segments]
    if len(segs) == 2 and not header[0].isupper():
        segs[0] = _digits_for_words(segs[0])  # "More than six months": 6 months
    if len(segs) != 2 or not all(re.search(r"\d", t) for t in segs):
        return None
    setting = re.sub(r"\s*\(\d\)\s*$", "", segs[0])  # a footnote mark
    figure = parse_quantity_text(segs[1])
    if figure is None or figure.unit is None:
        return None
    return RowRecord(
        parameter=header[1],
        citation=citation,
        section=section,
        section_kind=kind,
        evidence=f"{header[0]} {header[1]} / {line.text.strip()}",
        page=page,
        condition=f"{header[0]} = {setting}",
        value=segs[1],
    )


def _stacked_rows(
    line: Line, st: _Stacked, citation: str, section: str, kind: str, page: int
) -> list[RowRecord] | None:
    """Rows of a stacked-header table; None once the table has ended."""
    text = line.text.strip()
    if len(text) > 80 or st.y - line.y > 200:
        return None
    rows: list[RowRecord] = []
    cells: dict[int, str] = {}
    for sg in line.segments:
        i = min(
            range(len(st.columns)),
            key=lambda k: abs((st.columns[k][0] + st.columns[k][1]) / 2 - sg.xc),
        )
        cells[i] = sg.text.strip()
    key_name, key_unit = st.columns[0][2], st.columns[0][3]
    coil = "coil" in section.lower()
    key_spec = map_spec(("Coil " if coil else "") + key_name, None, kind)
    key_label = key_spec or key_name
    key = cells.get(0)
    for i, cell in cells.items():
        _, _, name, unit = st.columns[i]
        m_pct = re.fullmatch(r"(\d+(?:\.\d+)?)\s*%\s*of", cell)
        if m_pct:
            # "75 % of / nominal / voltage": one figure for every row of the table.
            rows.append(
                RowRecord(
                    ("Coil " if coil else "") + name,
                    citation,
                    section,
                    kind,
                    text,
                    page,
                    value=f"{m_pct.group(1)} %",
                    condition="of nominal voltage",
                )
            )
            continue
        m_unit = re.fullmatch(r"(\d[\d,]*(?:\.\d+)?)\s*([A-Za-zΩ]{1,3})", cell)
        if unit is None and m_unit:
            cell, unit = m_unit.group(1), m_unit.group(2)  # "0.36W" under a unitless heading
            rows.append(
                RowRecord(
                    ("Coil " if coil else "") + name,
                    citation,
                    section,
                    kind,
                    text,
                    page,
                    typ=cell,
                    unit=unit,
                )
            )
            continue
        if not re.fullmatch(r"\d[\d,]*(?:\.\d+)?", cell) or key is None or unit is None:
            continue
        if not re.fullmatch(r"\d[\d,]*(?:\.\d+)?", key):
            continue
        cond = None if i == 0 else f"{key_name} = {key} {key_unit or ''}".strip()
        tol = re.search(r"(\d+)\s*%", name)
        label = re.sub(r"\s*\d+%\s*", " ", name).strip()
        if coil and "coil" not in label.lower():
            label = f"Coil {label}"  # the section says whose voltage this is
        rows.append(
            RowRecord(
                label,
                citation,
                section,
                kind,
                text,
                page,
                typ=cell,
                unit=unit,
                condition=cond,
                applies_to={key_label: f"{key} {key_unit or ''}".strip()},
            )
        )
        if tol:
            rows[-1].applies_to["tolerance"] = f"±{tol.group(1)}%"
    if not rows:
        st.misses += 1
        return None if st.misses > 3 else []
    return rows


# "Pressure Range（kPa） ... Part Number": a table of ranges, one per part number.
_RANGE_PART_HEADER = re.compile(r"(?i)\brange\s*[（(]\s*([A-Za-z%°µ/]+)\s*[)）]")

_SENTENCE_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    # Feature-list sentences ("Measures Temperatures from -55°C to +125°C", "±0.5°C Accuracy
    # from -10°C to +85°C", "Programmable Resolution from 9 Bits to 12 Bits").
    (
        re.compile(
            r"(?i)\b(?:measur\w*|sens\w*|detect\w*)\b[^.;]{0,40}?\bfrom\s+"
            r"(?P<q>[+\-–−]?\d[\d.,]*\s*[^\s\d]{1,6}\s+to\s+[+\-–−]?\d[\d.,]*\s*[^\s\d(,;]{1,6})"
        ),
        "measurement_range",
    ),
    (
        re.compile(
            r"(?i)(?P<q>±\s*\d[\d.]*\s*[^\s\d]{1,4})\s+accuracy\b(?P<c>\s+(?:from|over)\s+"
            r"[+\-–−]?\d[^;,]{0,40})?"
        ),
        "accuracy",
    ),
    (
        re.compile(r"(?i)\bresolution\b[^.;]{0,20}?\bfrom\s+(?P<q>\d+\s*bits?\s+to\s+\d+\s*bits?)"),
        "resolution_bits",
    ),
    # "Wide range and High resolution. ( 1 - 65535 lx )": a range given in brackets after
    # the word, in the unit of a measured quantity.
    (
        re.compile(
            r"(?i)\b(?:wide|measurement|measuring|detection|sensing)?\s*range\b[^()]{0,40}?\(\s*"
            r"(?P<q>[+\-]?\d[\d.,]*\s*(?:-|~|to)\s*\d[\d.,]*\s*(?:lx|lux|Pa|kPa|hPa|%RH|ppm|°C))\s*\)"
        ),
        "measurement_range",
    ),
)


_UNIT_CELL = re.compile(r"^(?:°C|℃|V|mV|A|mA|µA|uA|W|mW|Hz|kHz|MHz|s|ms|µs|ns|%)$")


def _variant_sub_rows(
    lines: list[Line], at: int, variants: _Variants, citation: str, section: str, kind: str
) -> list[RowRecord]:
    """A label row with a unit but no figures, followed by one line per variant:

        Operating Ambient Temperature   TA   °C
          LM258        –25 to +85
          LM358         0 to +70

    Each variant line is a row of that label, scoped to its variant. Lines that name no variant
    of this document end the block."""
    line = lines[at]
    segs = [sg for sg in line.segments if sg.text.strip()]
    unit = next((sg for sg in segs[1:] if _UNIT_CELL.match(sg.text.strip())), None)
    # Cheap tests first: this runs on every line of every page.
    if unit is None or any(re.search(r"\d", sg.text) for sg in segs if sg.x0 < unit.x0):
        return []
    if not map_spec(segs[0].text, None, kind):
        return []
    out: list[RowRecord] = []
    for nxt in lines[at + 1 : at + 8]:
        first = nxt.segments[0] if nxt.segments else None
        if first is None or abs(first.x0 - segs[0].x0) > 25:
            continue
        name = first.text.strip()
        if re.fullmatch(r"[A-Za-z ]+", name) and not variants.find(name):
            if out:
                break
            continue  # the label's own wrapped words ("Range")
        if variants.find(name) != name.upper():
            break
        cells = [
            sg.text.strip()
            for sg in nxt.segments[1:]
            if sg.x0 < unit.x0 + 10 and re.search(r"\d", sg.text)
        ]
        q = parse_quantity_text(f"{cells[0]} {unit.text.strip()}") if cells else None
        if q is None or (q.min is None and q.max is None and q.value is None and q.typ is None):
            continue
        out.append(
            RowRecord(
                segs[0].text.strip(),
                citation,
                section,
                kind,
                f"{line.text} / {nxt.text}",
                None,
                value=f"{cells[0]} {unit.text.strip()}",
                variant=name.upper(),
                applies_to={"variant": name.upper()},
            )
        )
    return out


def _sentence_rows(text: str) -> list[tuple[str, str, str, str | None]]:
    out = []
    for pattern, spec in _SENTENCE_RULES:
        for m in pattern.finditer(text):
            q = m.group("q")
            if spec == "resolution_bits":
                q = re.sub(r"(?i)\s*bits?", "", q, count=1) + ""
            cond = (m.groupdict().get("c") or "").strip() or None
            out.append((spec, q, m.group(0), cond))
    return out


_REVISION = re.compile(r"(?i)^\W*(changed|added|deleted|updated|removed|corrected|moved)\b")
# "• Active guarding", and a dash led sub-item "– Supply Voltage: 1.8 V to 5.5 V" (a dash
# alone or followed by a word, never the minus of "–40°C").
_BULLET = re.compile(r"^\s*(?:[•▪·●■◆‣∙]\s*|[–—](?:\s+(?=[A-Za-z])|\s*$))")


@dataclass(slots=True)
class _Bullet:
    """One feature-list item, joined over the lines it wraps onto."""

    x0: float
    y: float
    page: int
    section: str
    kind: str
    parts: list[str] = field(default_factory=list)

    @property
    def text(self) -> str:
        return re.sub(r"\s+", " ", " ".join(self.parts)).strip()


_QTY = r"[<>≤≥±]?\s*[+\-–]?\d[\d.,]*\s*(?:-?\s*[A-Za-zµμ%°Ω℃/]+\.?)?"
_QUALIFIER_WORDS = r"(?:typ(?:ical)?|max(?:imum)?\.?|min(?:imum)?\.?)"
# "Output Current of 1A", "Output Current up to 1 A", "Line Regulation: 0.2% Max."
_BULLET_LABEL_FIRST = re.compile(
    r"^(?P<label>[A-Za-z][A-Za-z0-9 /&()\-]{2,80}?)\s*(?:[:：]\s*(?=[^:]*\d)|\s(?P<how>of|"
    r"up\s+to|down\s+to|as\s+low\s+as|below|from)\s*(?=[<>≤≥±]?\s*[+\-–]?\d))(?P<q>.*)$",
    re.I,
)
# "10-bit resolution", "500 µA max. active current at 5V", "Selectable 10SPS or 80SPS output
# data rate", "5 nA typical standby current"
_BULLET_FIGURE_FIRST = re.compile(
    rf"^(?:(?P<pre>[A-Za-z][A-Za-z\-]*)\s+)?(?P<q>{_QTY}(?:\s+or\s+{_QTY})*"
    rf"(?:\s+{_QUALIFIER_WORDS})?)\s+(?P<label>[A-Za-z][A-Za-z \-]{{2,60}}?)"
    rf"(?:\s+(?:at|@|with)\s+(?P<cond>[^,;]+))?$",
    re.I,
)


_TAGGED_PAIR = re.compile(
    rf"(?P<q1>{_QTY})\s*\((?P<t1>[A-Za-z.]+)\)\s*/\s*(?P<q2>{_QTY})\s*\((?P<t2>[A-Za-z.]+)\)"
)
_TAG_WORDS = {"ave": "average", "ave.": "average", "avg": "average", "avg.": "average"}


# "Typ.", "Max" inside a feature figure's brackets
_BRACKET_BOUND = re.compile(r"(?i)\b(typ|max|min)\w*\.?")


def _bullet_quantity(q: str) -> str:
    q = re.sub(r"(?i)(\d)\s*-\s*(bits?)\b", r"\1 \2", q)  # "10-bit" → "10 bit"
    q = re.sub(r"(?i)\btypical\b", "typ", q)
    q = re.sub(r"(?i)\bmaximum\b", "max", q)
    q = re.sub(r"(?i)\bminimum\b", "min", q)
    return q.strip().rstrip(".")


def _bullet_rows(b: _Bullet, citation: str, variant: str | None) -> list[RowRecord]:
    """Rows from one feature-list item; only labels that name a spec and figures with units."""
    text = b.text
    out: list[RowRecord] = []
    if _REVISION.match(text):
        return out

    def add(label: str, q: str, cond: str | None) -> None:
        label = label.strip(" ,;-")
        if not label or map_spec(label, None, b.kind) is None:
            return
        q = _bullet_quantity(q)
        if re.search(r"(?i)\bup\s+to\b|\bbelow\b", how or ""):
            q = f"max {q}"
        alts = re.split(r"(?i)\s+or\s+", q)
        for alt in alts if len(alts) > 1 else [q]:
            out.append(
                RowRecord(
                    label,
                    citation,
                    b.section,
                    b.kind,
                    text,
                    b.page,
                    value=alt,
                    variant=variant,
                    condition=cond
                    or (f"one of the listed alternatives {q}" if len(alts) > 1 else None),
                )
            )

    how: str | None = None
    m = _BULLET_LABEL_FIRST.match(text)
    if m:
        how = m.group("how")
        label, rest = m.group("label"), m.group("q")
        if re.fullmatch(
            r"\s*\d[\d.]*(?:\s*,\s*\d[\d.]*)+(?:,?\s*(?:and|or)\s*\d[\d.]*)?\s*\S*", rest
        ):
            return out  # "Output Voltages: 5, 6, 8, ... 24 V": a list of versions, not a limit
        rest = re.sub(r"^[A-Z][A-Za-z0-9()]{0,10}\s*=\s*(?=[+\-–]?\d)", "", rest)  # "IOUT = "
        tagged = _TAGGED_PAIR.fullmatch(rest.strip())
        if tagged:
            # "1.2 A(ave)/3.2 A (peak)": two figures, each with the case it holds for.
            for q, tag in ((tagged["q1"], tagged["t1"]), (tagged["q2"], tagged["t2"])):
                add(label, q, _TAG_WORDS.get(tag.lower(), tag))
            return out
        # "normal operation < 1.5mA, power down < 1uA": one figure per clause, each clause's
        # words are its condition.
        clauses = [c.strip() for c in re.split(r"[,;]\s+(?=[A-Za-z<>±\d])", rest) if c.strip()]
        first = True
        for clause in clauses:
            pm = re.fullmatch(rf"(?P<q>{_QTY})\s*\((?P<inner>[^()]+)\)\.?", clause)
            bound = _BRACKET_BOUND.search(pm["inner"]) if pm else None
            if pm and (bound or "@" in pm["inner"]):
                # "0.5Ω (upper+lower Typ. @ VM ≥ 5 V)": the bound and the condition in brackets
                note, _, at = _BRACKET_BOUND.sub(" ", pm["inner"]).partition("@")
                cond = ", ".join(x.strip() for x in (at, note) if x.strip()) or None
                q = f"{bound.group(1).lower()} {pm['q']}" if bound else pm["q"]
                add(label, q, cond)
                first = False
                continue
            cm = re.match(
                rf"^(?P<c>[A-Za-z][A-Za-z \-]*?)?\s*(?P<q>{_QTY}(?:\s+{_QUALIFIER_WORDS})?)"
                rf"(?:\s+(?:at|@)\s+(?P<cond>.+))?$",
                clause,
            )
            if cm is None:
                if first:
                    add(label, clause, None)
                break
            add(
                label,
                cm.group("q"),
                " ".join(x for x in (cm.group("c"), cm.group("cond")) if x) or None,
            )
            first = False
        return out
    how = None
    clauses = [c.strip() for c in re.split(r",\s+", text) if c.strip()]
    label = None
    for clause in clauses:
        m2 = _BULLET_FIGURE_FIRST.match(clause)
        if m2:
            label = m2.group("label")
            add(label, m2.group("q"), (m2.group("cond") or "").strip() or (m2.group("pre") or None))
            continue
        m3 = re.fullmatch(rf"({_QTY}(?:\s+{_QUALIFIER_WORDS})?)\.?", clause)
        if m3 and label:
            add(label, m3.group(1), None)  # "5 nA typical standby current, 2 µA max."
    return out


_EXAMPLE_LABEL = re.compile(r"(?i)\b(?:for|of|in) the example\b")


def pdf_facts(doc: PdfDocument, device: str, stem: str) -> tuple[list[Fact], list[ExtractWarning]]:
    """Facts from a PDF's tables and label lines."""
    full_text = "\n".join(p.text for p in doc.pages)
    variants = _Variants(device, full_text)
    # A part whose document never names an I2C-style bus has no bus address, whatever hex
    # numbers its register map prints.
    speaks_i2c = bool(re.search(r"(?i)\bi2c\b|i²c|\bi\s?2\s?c\b|\bsmbus\b|\btwi\b", full_text))
    stated: dict[tuple[str | None, str], Fact] = {}

    def state_interface(
        found: list[str], page_no: int, evidence: str, section: str, variant: str | None
    ) -> None:
        for proto in found:
            key = (variant, proto)
            if key in stated:
                continue
            stated[key] = Fact(
                device=device,
                variant=variant,
                spec="interface",
                parameter="Interface",
                value=proto,
                section_kind="general",
                doc=stem,
                citation=f"{stem}#p{page_no}",
                evidence=evidence.strip()[:300],
                section=section or None,
                page=page_no,
                applies_to={"variant": variant} if variant else {},
                extra={"protocols": [proto]},
            ).with_id()

    facts: list[Fact] = []
    warnings: list[ExtractWarning] = []
    heading, kind = "", "general"
    title = ""
    cols: _Columns | None = None
    for page in doc.pages:
        # A table that runs onto the next page often does not repeat its header: keep the
        # columns until a heading or a new header says otherwise.
        prev_row: RowRecord | None = None
        recent: list[str] = []
        labels: list[tuple[float, str, str | None, str | None, str, str | None]] = []
        prev_line: Line | None = None
        prev2_line: Line | None = None
        this_line: Line | None = None
        anchor_ys: list[float] = []
        anchor_rows: list[_Anchor] = []
        group_anchors: list[_Anchor] = []  # named rows of per-part column-group tables
        range_part: tuple[str, str] | None = None
        stacked: _Stacked | None = None
        pairs: tuple[str, str] | None = None  # a two-column setting → figure table
        unresolved: list[tuple[RowRecord, float, float, str | None]] = []
        rows: list[RowRecord] = []
        last_row_y: float | None = None  # the line of the last row read with its own figures
        line_rows: tuple[float, list[RowRecord]] = (0.0, [])  # that line and its rows, per group
        citation = f"{stem}#p{page.number}"
        bullets: list[_Bullet] = []
        table_rows_seen = 0
        fragment: tuple[float, str, float] | None = None
        done_bullets: list[_Bullet] = []
        # Labels that head a column's block of indented pairs ("Thermal Resistance", then
        # "SO-8 package  ϕ JA= 160°C/W"), by the x where they start.
        kv_groups: dict[float, str] = {}
        prose_lines: list[tuple[Line, str, str, str | None]] = []
        # "Model  SRD-DM  SRD-D  SRD-DB": the models a table's figure columns belong to
        models: list[str] = []
        caption: tuple[str, float] | None = None  # the last "Table N: title" line and its y
        unit_lines: list[tuple[float, float, str]] = []  # (y, size, unit) of unit-only lines
        # A condition cell left open with a comma on a line of no figures ("-500 mV < (INP -
        # VCM) < 500 mV,"): the first line of the condition of the row just under it.
        open_condition: tuple[float, str] | None = None
        for line_no, line in enumerate(page.lines):
            shown = [sg for sg in line.segments if sg.text.strip()]
            if len(shown) >= 3 and shown[0].text.strip().lower() == "model":
                models = [re.sub(r"\s+", "", sg.text) for sg in shown[1:]]
            elif len(shown) == 1 and not re.search(r"\d", shown[0].text):
                models = []  # "Characteristic Data": the next block
            if len(shown) <= 2 and all(
                re.match(r"[A-Z][A-Za-z]", sg.text.strip())
                and not re.search(r"\d", sg.text)
                and len(sg.text.split()) <= 6
                for sg in shown
            ):
                kv_groups.update({sg.x0: sg.text.strip() for sg in shown})
            text = line.text.strip()
            if not text:
                continue
            cm = _CAPTION.match(text)
            if cm:
                caption = (cm.group(1).strip(), line.y)
            prev2_line, prev_line, this_line = prev_line, this_line, line
            if cols is None:
                _feed_bullets(line, bullets, done_bullets, page.number, title or heading, kind)
            if cols is not None and len(line.segments) == 1 and "unit" in cols.pos:
                alone = _table_row(line, cols)
                if set(alone) == {"unit"}:
                    # "MΩ" alone on its line, set between the rows of a block: their unit.
                    unit_lines.append((line.y, line.size, alone["unit"]))
                    continue
            # Footnote markers and subscripts set small on their own line carry nothing.
            if line.size < 0.8 * doc.body_size and len(text) <= 8:
                continue
            header = _header(line)
            if header is not None:
                above = [ln for ln in (prev_line, prev2_line) if ln is not None]
                _merge_header_lines(header, above)
                _name_groups(header, above)
                if caption and 0 < caption[1] - line.y <= 4 * line.size:
                    header.caption = caption[0]
                cols = header
                prev_row = None
                table_rows_seen = 0
                continue
            if cols is None and stacked is None and pairs is None and line_no + 1 < len(page.lines):
                # "Storage Time | Suggested aging time" set bold like a heading: a pair table's
                # header when the line under it is one of its rows
                ph = _pair_header(line)
                if ph and _pair_row(page.lines[line_no + 1], ph, citation, "", kind, page.number):
                    pairs = ph
                    continue
            h = _heading(line, doc.body_size)
            if h is None and len(line.segments) > 1:
                # Two-column pages: a left-column heading shares its line with the prose of
                # the right column ("Absolute Maximum Ratings †" beside a notice paragraph).
                first, second = line.segments[0], line.segments[1]
                if (
                    second.x0 - first.x1 > 80
                    and len(first.text.split()) >= 2  # not a row label ("Accuracy")
                    and classify_section(first.text)
                ):
                    h = _heading(Line(line.y, [first], line.size), doc.body_size)
            if (
                h is not None
                and cols is not None
                and not (line.bold or line.size > doc.body_size + 0.6 or h[0].isupper())
                and not _NUMBERED_HEADING.match(h[0])
            ):
                h = None  # a plain row label inside a table ("Accuracy"), not a heading
            if h is not None:
                state_interface(
                    _stated_interfaces(h[0], heading=True),
                    page.number,
                    h[0],
                    h[0],
                    variants.find(h[0]),
                )
            if h is not None and (cols is None or h[1]):
                new_kind = classify_section(h[0])
                if (
                    h[1]
                    and cols is not None
                    and (
                        (
                            (h[0].isupper() or (line.bold and table_rows_seen == 0))
                            and line.size <= doc.body_size + 0.6
                        )
                        # A bold group name whose next line is a row of this table's columns
                        # ("Timing Parameters" / "Clock Frequency  fCLK  —  —  3.6  MHz").
                        or (line.bold and _next_is_row(page.lines, line_no, cols))
                    )
                    and not _NUMBERED_HEADING.match(h[0])
                    and len(line.segments) == 1
                    and line.segments[0].x0 < cols.left_edge - 40
                ):
                    # A row heading inside a table ("DC ACCURACY", "POWER SUPPLY", or a bold
                    # "Electrical Parameters" group right under the header): the table goes on,
                    # only the kind of the rows below may change; the groups of an absolute
                    # maximum table stay absolute maximum ratings.
                    if kind != "absolute_maximum":
                        kind = new_kind or kind
                    continue
                if h[1]:
                    heading = h[0]
                    kind = new_kind or "general"
                    title = heading
                    cols = None
                elif new_kind:
                    kind = new_kind
                    title = h[0]
                else:
                    title = h[0]
                continue
            variant = variants.find(title) or variants.find(heading)
            rows.extend(
                _variant_sub_rows(page.lines, line_no, variants, citation, title or heading, kind)
            )
            if cols is not None and len(line.segments) == 1 and _DANGLING.match(text):
                # "VCC ×" over a row and "0.5" under it: one cell ("VCC × 0.5") printed on two
                # lines around its row; the pieces are joined once the number arrives.
                fragment = (line.segments[0].xc, text, line.y)
                continue
            if (
                cols is not None
                and fragment is not None
                and len(line.segments) == 1
                and re.fullmatch(r"[\d.]+", text)
                and abs(line.segments[0].xc - fragment[0]) < 12
                and 0 < fragment[2] - line.y <= 4 * line.size
                and rows
            ):
                col = cols.nearest(fragment[0], ("min", "typ", "max"))
                target = rows[-1]
                if (
                    col
                    and (not getattr(target, col) or getattr(target, col) in ("–", "-"))
                    # a rail expression is a voltage: never a cell of a mW or mA row
                    and re.fullmatch(r"[mµu]?V", (target.unit or "").strip())
                ):
                    setattr(target, col, f"{fragment[1]} {text}")
                    target.evidence = f"{fragment[1]} / {target.evidence} / {text}"
                fragment = None
                continue
            if cols is not None and not _BITS7.search(text):
                cells = _table_row(line, cols)
                if "unit" in cells and not any(k in cells for k in ("min", "typ", "max", "value")):
                    # "(Design target only)  °C" under a row: the unit of the row it closes.
                    unit_lines.append((line.y, line.size, cells["unit"]))
                table_rows_seen += 1
                group_cells: dict[int, dict[str, str]] = {}
                for key in [k for k in cells if "@" in k]:
                    k, gi = key.split("@")
                    group_cells.setdefault(int(gi), {})[k] = cells.pop(key)
                units = {sg.text.strip() for sg in line.segments}
                if (
                    cols.caption
                    and len(units) == 1
                    and re.fullmatch(r"\([^()\d]+\)", next(iter(units)))
                    and all(sg.x1 > cols.left_edge - 12 for sg in line.segments)
                ):
                    cols.unit = units.pop()[1:-1]  # "(dBm)  (dBm)  (dBm)" under the header
                    continue
                if cols.caption and set(cells) == {"parameter"} and cells["parameter"] in _ROW_KEYS:
                    continue  # "Rate": the name of the column that keys the rows
                if not any(cells.get(k) for k in _NUMERIC_COLS) and not group_cells:
                    tail = cells.get("parameter") or ""
                    more = cells.get("condition") or ""
                    under_row = (
                        rows
                        and last_row_y is not None
                        and last_row_y - line.y <= 1.8 * line.size
                        and set(cells) <= {"parameter", "condition"}
                    )
                    if (
                        under_row
                        and (
                            re.fullmatch(r"[a-z][a-z\-]*(?: [a-z\-]+)?\d{0,2}", tail)
                            # "Accelerometer Low Power Mode" / "Current": the quantity its label
                            # names, wrapped onto the next line
                            or (
                                tail in _WRAPPED_QUANTITY
                                and tail.lower() not in rows[-1].parameter.lower()
                                and len(rows[-1].parameter.split()) >= 2
                            )
                        )
                        and re.search(r"[A-Za-z]$", rows[-1].parameter.strip())
                    ):
                        # "Collecting" with its figures, "period" alone on the next line: the
                        # row's label wrapped (a footnote mark on its last word is dropped),
                        # and its condition cell may wrap with it ("-20...0 °C").
                        tail = tail.rstrip("0123456789")
                        rows[-1].parameter = f"{rows[-1].parameter} {tail}"
                        rows[-1].evidence = f"{rows[-1].evidence} / {text}"
                        if more:
                            rows[-1].condition = ", ".join(
                                x for x in (rows[-1].condition, more) if x
                            )
                        continue
                    said = (tail + " " + more).strip()
                    if (
                        line_rows[1]
                        and 0 < line_rows[0] - line.y <= 1.8 * line.size
                        and all((r.condition or "").rstrip().endswith(",") for r in line_rows[1])
                        and _CONDITION_LIKE.match(said)
                    ):
                        # "VCC = 30 V (26 V for LM2904, V)," on the row with its figures,
                        # "RL = 10 kΩ" under it: the condition the comma left open.
                        for r in line_rows[1]:
                            r.condition = f"{(r.condition or '').rstrip()} {said}"
                            r.evidence = f"{r.evidence} / {text}"
                        line_rows = (0.0, [])
                        continue
                    if (
                        under_row
                        and not tail
                        and re.search(r"\d", more)
                        and len(rows[-1].condition or "") >= 3
                        # nearer the row above than the line below: not the first line of
                        # the next row's condition
                        and _nearer_above(page.lines, line_no, last_row_y)
                    ):
                        # "300...1100 hPa" on the row, "0...65 °C" under it: one condition cell
                        # printed on two lines.
                        rows[-1].condition = f"{rows[-1].condition.rstrip(', ')}, {more}"
                        rows[-1].evidence = f"{rows[-1].evidence} / {text}"
                        continue
                    opened = more if not tail else tail if set(cells) == {"parameter"} else ""
                    if opened.endswith(",") and _CONDITION_LIKE.match(opened) and len(text) <= 90:
                        open_condition = (line.y, opened)
                        continue
                    if len(text) > 90 and len(line.segments) == 1:
                        cols = None  # prose: the table has ended
                    elif (
                        cells.get("parameter") or cells.get("condition")
                    ) and not _CONDITION_LIKE.match(
                        cells.get("parameter") or cells.get("condition") or ""
                    ):
                        said = cells.get("parameter") or ""
                        if (
                            labels
                            and re.fullmatch(r"\([^()]+\)", said.strip())
                            and not re.fullmatch(r"(?i)\(\s*notes?[\s\d,]*\)", said.strip())
                            and 0 < labels[-1][0] - line.y <= 2 * line.size
                        ):
                            # "Analog supply current" / "(including regulator)" on the next
                            # line, its rows between them: one label, centred on both.
                            y0, name, sym, unit, ev, cond = labels[-1]
                            labels[-1] = (
                                (y0 + line.y) / 2,
                                f"{name} {said.strip()}",
                                sym,
                                unit,
                                ev,
                                cond,
                            )
                            continue
                        labels.append(
                            (
                                line.y,
                                cells.get("parameter") or cells.get("condition") or "",
                                cells.get("symbol"),
                                cells.get("unit"),
                                text,
                                cells.get("condition"),
                            )
                        )
                        if (
                            len(line.segments) <= 2
                            and cells.get("parameter")
                            and not re.fullmatch(
                                r"(?i)\(?\s*notes?[\s\d,]*\)?", cells["parameter"].strip()
                            )
                        ):
                            prev_row = RowRecord(
                                cells["parameter"], citation, heading, kind, text, page.number
                            )
                    continue
                param = cells.get("parameter") or ""
                if re.fullmatch(r"(?i)\(?\s*notes?[\s\d,]*\)?", param):
                    param = ""  # "(Note 2)" under a label: a footnote marker, not a name
                if (
                    re.fullmatch(r"[a-z][a-z\-]*(?:,? [A-Za-z][\w\-]*){0,4}", param)
                    # "PSRR  vs Power Supply": a row with its own symbol is its own parameter
                    and not cells.get("symbol")
                    and prev_row is not None
                    and prev_row.parameter
                ):
                    # "range" under "Full-scale current sense (input) voltage", "mode, LnaBoost
                    # off" under "Supply current in receiver LoRa": the last words of a label
                    # wrapped onto the next row.
                    param = f"{prev_row.parameter} {param}"
                    label_line = labels[-1] if labels else None
                    if (
                        all(x is None for x in (prev_row.min, prev_row.typ, prev_row.max))
                        and label_line is not None
                        and label_line[4] == prev_row.evidence
                        and label_line[5]
                    ):
                        # "Supply current in transmitter mode  Using PA_BOOST pin" alone on
                        # the line above: its condition is this row's too.
                        cells["condition"] = ", ".join(
                            x for x in (label_line[5], cells.get("condition")) if x
                        )
                elif (
                    re.fullmatch(r"[(（]\s*[A-Za-z][\w ]{0,12}[)）]", param)
                    and prev_row is not None
                    and prev_row.parameter
                    and all(x is None for x in (prev_row.min, prev_row.typ, prev_row.max))
                    and prev_line is not None
                    and prev_line.text == prev_row.evidence
                ):
                    # "Reference bypass" / "（VBG）  1.25  V": a label whose symbol, in
                    # brackets, starts the line with its figures.
                    param = f"{prev_row.parameter} ({param.strip('()（） ')})"
                elif (
                    re.fullmatch(r"[A-Z][a-z]+(?: [A-Za-z][a-z]+)?", param)
                    and prev_row is not None
                    and re.fullmatch(r"[A-Z][a-z]+(?: [A-Za-z][a-z]+){0,2}", prev_row.parameter)
                    and all(x is None for x in (prev_row.min, prev_row.typ, prev_row.max))
                    and prev_line is not None
                    and prev_line.text == prev_row.evidence
                    and map_spec(param, cells.get("symbol"), kind) is None
                    and map_spec(f"{prev_row.parameter} {param}", cells.get("symbol"), kind)
                ):
                    # "Reference Input" alone on the line above "Voltage Range  0.25  —  VDD":
                    # a group label that names what the row's own words do not.
                    param = f"{prev_row.parameter} {param}"
                cond = cells.get("condition")
                if (
                    open_condition is not None
                    and not cond
                    and 0 < open_condition[0] - line.y <= 1.8 * line.size
                ):
                    cond = open_condition[1]
                    text = f"{cond} / {text}"
                open_condition = None
                if re.fullmatch(r"(?i)[xyz][- ]?axis", param):
                    # "GYROSCOPE MECHANICAL" / "FREQUENCIES" over "X-Axis  30  33  36  kHz": the
                    # capitals name the figure, the axis is its condition.
                    group = _caps_group(labels, line.y, line.size) or (
                        rows[-1].parameter
                        if rows and re.fullmatch(r"(?i)[xyz][- ]?axis", rows[-1].condition or "")
                        else None
                    )
                    if group:
                        param, cond = group, " ".join(x for x in (param, cond) if x)
                if re.fullmatch(r"[A-Z]{2,}\d{2,}[0-9A-Za-z]*", param):
                    # "LM78xx  -40 to +125" over "TOPR  Operating Temperature Range  °C": a part
                    # name in the label column is the row's part; its label is the line nearby.
                    cond = " ".join(x for x in (param, cond) if x)
                    param = ""
                if _CONDITION_LIKE.match(param) or _DASH_ITEM.match(param):
                    # "FSR = ±6.144 V  10": a condition line under a parameter named above.
                    cond = " ".join(x for x in (param, cond) if x)
                    param = ""
                if (
                    param
                    and cond
                    and map_spec(param, cells.get("symbol"), kind) is None
                    and map_spec(f"{param} ({cond})", cells.get("symbol"), kind) is not None
                    and not _CONDITION_LIKE.match(cond)
                ):
                    # "Temperature | Junction, TJ | –40 | 150": a group name and the row's
                    # own name in two cells; together they name the parameter.
                    param, cond = f"{param} ({cond})", None
                row_caption = None
                if not param or not re.search(r"[A-Za-z]{2}", param):
                    if (
                        cond
                        and not _CONDITION_LIKE.match(cond)
                        # the words must name the spec, not a supply symbol ("Local power VDD")
                        and map_spec(re.sub(r"\b[A-Z]{2,}\w*\b", "", cond), None, kind)
                    ):
                        param, cond = cond, None
                    else:
                        # The label of a multi-line cell is often printed level with the middle
                        # line; resolved at the end of the page against the nearest label line,
                        # or else named by the table's caption.
                        row_caption = cols.caption
                        param = ""
                row_variant = variants.find(cond or "") or variant
                continued: RowRecord | None = None
                if "variant" in cols.pos:
                    # A table with a Device column: the rows under one parameter name share it,
                    # and a row that names no device either continues the row above (a second
                    # line of limits, e.g. over the full temperature range) or names its own.
                    v_cell = (cells.get("variant") or "").strip()
                    v_found = (
                        variants.find(v_cell) if v_cell and not re.search(r"/-?$", v_cell) else None
                    )
                    if not param and prev_row is not None and prev_row.parameter:
                        param = prev_row.parameter
                        row_caption = None
                        if not v_cell:
                            v_found = prev_row.variant
                            cond = cond or prev_row.condition
                            continued = prev_row
                    if v_cell and not v_found:
                        cond = " ".join(x for x in (v_cell, cond) if x)
                    row_variant = v_found or variant
                row = RowRecord(
                    parameter=param,
                    citation=citation,
                    section=title or heading,
                    section_kind=kind,
                    evidence=text,
                    page=page.number,
                    symbol=cells.get("symbol"),
                    condition=cond,
                    min=cells.get("min"),
                    typ=cells.get("typ"),
                    max=cells.get("max"),
                    value=None,
                    unit=cells.get("unit") or cols.unit,
                    variant=row_variant,
                )
                if "variant" in cols.pos and continued is not None:
                    row.evidence = f"{continued.evidence.split(' / ')[0]} / {text}"
                alternatives: list[str] = []
                if cells.get("value") and not any(cells.get(k) for k in ("min", "typ", "max")):
                    v = cells["value"].replace("～", "~")
                    unit_parts = (row.unit or "").split("/")
                    alts = (
                        [a.strip() for a in v.split("/")]
                        if re.fullmatch(r"[\d.\s~\-–+…]+(?:/[\d.\s~\-–+…]+)+", v)
                        else []
                    )
                    if alts and len(unit_parts) == len(alts) and row.unit:
                        # "-20 ~ 100/-4 ~ 212  ℃/℉": one figure per unit; keep the first pair.
                        v, row.unit = alts[0], unit_parts[0]
                    elif alts:
                        # "5.0/3.3  Vdc": alternative versions; one row each, marked as such.
                        alternatives = alts[1:]
                        v = alts[0]
                        row.condition = " ".join(
                            x
                            for x in (
                                row.condition,
                                f"one of the listed alternatives {cells['value']}",
                            )
                            if x
                        )
                    if re.search(r"\bto\b|~|±|\d\s*-\s*\d", v):
                        row.value = v + (
                            f" {row.unit}" if row.unit and not re.search(r"[A-Za-z%°]", v) else ""
                        )
                    else:
                        row.typ = v
                for alt in alternatives:
                    extra_row = RowRecord(
                        parameter=param,
                        citation=citation,
                        section=row.section,
                        section_kind=kind,
                        evidence=text,
                        page=page.number,
                        symbol=row.symbol,
                        condition=row.condition,
                        unit=row.unit,
                        variant=row.variant,
                    )
                    if re.search(r"~|\d\s*-\s*\d", alt):
                        extra_row.value = f"{alt} {row.unit or ''}".strip()
                    else:
                        extra_row.typ = alt
                    rows.append(extra_row)
                if (
                    row.unit is None
                    and prev_row is not None
                    and prev_row.unit
                    and (prev_row.parameter == param)
                ):
                    row.unit = prev_row.unit
                if group_cells:
                    # One row per part column group; dashes mean the part has no such limit.
                    line_rows = (line.y, [])
                    for g_index, gc in sorted(group_cells.items()):
                        name = cols.group_names[g_index] if g_index < len(cols.group_names) else ""
                        is_part = bool(variants.find(name)) or bool(
                            re.fullmatch(r"[A-Z]{2,}[\w\-]*\d[\w\-]*", name)
                        )
                        grow = RowRecord(
                            parameter=row.parameter,
                            citation=citation,
                            section=row.section,
                            section_kind=kind,
                            evidence=text,
                            page=page.number,
                            symbol=row.symbol,
                            condition=row.condition,
                            min=gc.get("min"),
                            typ=gc.get("typ"),
                            max=gc.get("max"),
                            unit=row.unit,
                            variant=(variants.find(name) or name) if is_part else row.variant,
                            applies_to={} if is_part or not name else {"mode": name},
                        )
                        rows.append(grow)
                        line_rows[1].append(grow)
                        if not param:
                            unresolved.append((grow, line.y, line.size, row_caption))
                    if param:
                        prev_row = row
                        anchor_ys.append(line.y)
                        group_anchors.append(_Anchor(line.y, row, line.segments[0].x0))
                    continue
                if (
                    param in _LABEL_TAILS
                    and len(rows) >= 2
                    and rows[-1].parameter == rows[-2].parameter
                    and rows[-1].page == page.number
                ):
                    # "Quiescent Current" printed twice, a "ΔIQ" line, then "Change": the second
                    # label ends below its symbol, and this row is that parameter too.
                    rows[-1].parameter = f"{rows[-1].parameter} {param}"
                    row.parameter = rows[-1].parameter
                if param:
                    anchor_ys.append(line.y)
                    anchor_rows.append(_Anchor(line.y, row, line.segments[0].x0))
                rows.append(row)
                last_row_y = line.y
                line_rows = (line.y, [row])
                if not param:
                    unresolved.append((row, line.y, line.size, row_caption))
                else:
                    prev_row = row
                continue
            if cols is None:
                state_interface(
                    _stated_interfaces(text, heading=False),
                    page.number,
                    text,
                    title or heading,
                    variants.find(text) or variant,
                )
            addr = _i2c_address(line, recent) if speaks_i2c else []
            recent.append(text)
            for value, select in addr:
                facts.append(
                    Fact(
                        device=device,
                        spec="i2c_address",
                        parameter="I2C address",
                        value=value,
                        condition=select,
                        section_kind=kind,
                        doc=stem,
                        citation=citation,
                        evidence=text[:300],
                        section=title or heading,
                        page=page.number,
                        variant=variant,
                        extra={"binary": bin(int(value, 16))[2:].zfill(7)},
                    ).with_id()
                )
            if addr:
                continue
            if cols is None and stacked is None and pairs is None:
                pairs = _pair_header(line)
                if pairs is not None:
                    continue
            if pairs is not None:
                row = _pair_row(line, pairs, citation, title or heading, kind, page.number)
                if row is not None:
                    rows.append(row)
                    continue
                pairs = None
            if cols is None and stacked is None:
                stacked = _stacked_header(line, page.lines)
                if stacked is not None:
                    continue
            if stacked is not None:
                got = _stacked_rows(line, stacked, citation, title or heading, kind, page.number)
                if got is None:
                    stacked = None
                else:
                    rows.extend(got)
                    continue
            m_rp = _RANGE_PART_HEADER.search(text) if cols is None else None
            if m_rp and re.search(r"(?i)part\s*(number|no)", text):
                range_part = (m_rp.group(1), re.split(r"[（(]", text)[0].strip() or "Range")
                continue
            if range_part is not None and cols is None:
                pns = [
                    sg.text.strip()
                    for sg in line.segments
                    if re.fullmatch(r"[A-Z0-9][A-Z0-9\-]{6,}", sg.text.strip())
                ]
                q = parse_quantity_text(f"{line.segments[0].text} {range_part[0]}")
                if pns and q is not None and q.unit:
                    rows.append(
                        RowRecord(
                            range_part[1],
                            citation,
                            title or heading,
                            kind,
                            text,
                            page.number,
                            value=f"{line.segments[0].text} {range_part[0]}",
                            variant=pns[0],
                            applies_to={"variant": pns[0], "part_numbers": pns},
                        )
                    )
                    continue
            prose_lines.append((line, title or heading, kind, variant))
            sentence = _sentence_rows(text) if cols is None else []
            for spec, q_text, said, cond in sentence:
                rows.append(
                    RowRecord(
                        _SPEC_LABEL[spec],
                        citation,
                        title or heading,
                        kind,
                        said,
                        page.number,
                        value=q_text,
                        variant=variant,
                        condition=cond,
                    )
                )
            if sentence:
                continue
            for k_label, k_text, k_x in _kv_rows(line):
                k_value = re.sub(r"\s*[*†]+$", "", k_text)  # "90°C/W*": a footnote mark
                # Only a group label that names a spec heads a block, of pairs whose own labels
                # name none ("SO-8 package" under "Thermal Resistance") and whose figures are
                # in that spec's unit.
                k_unit = getattr(parse_quantity_text(k_value), "unit", None)
                group = next(
                    (
                        g
                        for gx, g in kv_groups.items()
                        if 3 < k_x - gx <= 30
                        and map_spec(k_label, None, kind) in (None, "package")
                        and _unit_fits(map_spec(g, None, kind) or "", k_unit)
                    ),
                    None,
                )
                for gx in [gx for gx in kv_groups if abs(k_x - gx) <= 3]:
                    del kv_groups[gx]  # a pair level with a group label ends its block
                kv = (group or k_label, k_value)
                if not map_spec(kv[0], None, kind):
                    # "Sensor character | Heater consumption | PH | ≤950mW": a group label
                    # before the real one.
                    parts = [sg.text.strip() for sg in line.segments if sg.text.strip()]
                    if len(parts) >= 3 and kv[0] == parts[0] and map_spec(parts[1], None, kind):
                        rest = parts[2:]
                        if len(rest) >= 2 and not re.search(r"\d", rest[0]) and len(rest[0]) <= 6:
                            rest = rest[1:]  # a symbol between label and value
                        kv = (parts[1], "  ".join(rest))
                    elif not (label_spec(kv[0]) and re.match(r"[<>≤≥±]?\s*\d", kv[1])):
                        continue
                    # else "Heater Resistance | RH | 30Ω±3Ω" stays, under the source's own label
                value = kv[1]
                kv_spec = map_spec(kv[0], None, kind)
                if kv_spec in ("interface", "package", "output_type"):
                    if len(kv[0].split()) > 4 or len(value) > 60:
                        continue
                elif kv_spec == "i2c_address" or not re.search(r"\d", value):
                    continue
                rows.extend(
                    RowRecord(
                        kv[0],
                        citation,
                        title or heading,
                        kind,
                        text,
                        page.number,
                        value=figure,
                        variant=model or variant,
                        condition=k_label if group else None,
                    )
                    for figure, model in _per_model(value, models)
                    or [(f, None) for f in _figures_apart(value)]
                )
        rows.extend(_side_label_rows(prose_lines, citation, page.number))
        labels = [lb for lb in labels if _usable_label(lb[1])]
        for a in anchor_rows:
            if a.row.unit is None:
                near_unit = [u for y, size, u in unit_lines if abs(y - a.y) <= 1.2 * size]
                if len(near_unit) == 1:
                    a.row.unit = near_unit[0]
        for row, y, size, _c in unresolved:
            if row.unit is None:
                # A unit printed on a line of its own next to an unnamed row is its unit
                # (the nearest; under the row on a tie).
                near_units = [
                    (abs(y - u_y), u_y > y, u)
                    for u_y, _sz, u in unit_lines
                    if 0 < abs(y - u_y) <= 1.6 * size
                ]
                if near_units:
                    row.unit = min(near_units)[2]
        anchors = [r_y for r_y in anchor_ys]
        before = {id(r): (r.evidence, r.unit, r.symbol) for r, _y, _s, _f in unresolved}
        # Every row's height and unit, named or not, for "the row just above".
        row_units = [(a.y, a.row.unit) for a in anchor_rows] + [
            (u_y, u_row.unit) for u_row, u_y, _s, _c in unresolved
        ]
        last_dash: tuple[RowRecord, float] | None = None
        for row, y, size, row_caption in unresolved:
            if (
                last_dash is not None
                and _DASH_ITEM.match(row.condition or "")
                and 0 < last_dash[1] - y <= 1.6 * size
            ):
                # "–DC Operation" below "–Repetitive …" below "IO  Peak Output Current": the
                # dash-led cases of one label, each a line under the one before.
                head_row = last_dash[0]
                row.parameter, row.symbol = head_row.parameter, head_row.symbol
                row.unit = row.unit or head_row.unit
                row.evidence = f"{head_row.evidence.split(' / ')[0]} / {row.evidence}"
                last_dash = (row, y)
                continue
            head = _run_head(row, y, size, anchor_rows, unresolved)
            if head is not None:
                # "5 Hz update rate  20 µA" under "Accelerometer Low Power Mode  1.25 Hz update
                # rate  10 µA": rows stepping the named row's variable are that row's.
                row.parameter, row.symbol = head.parameter, row.symbol or head.symbol
                row.unit = row.unit or head.unit
                row.evidence = f"{head.evidence.split(' / ')[0]} / {row.evidence}"
                continue
            split = [
                lb
                for lb in labels
                if lb[1] != lb[5] and 0 < abs(lb[0] - y) <= 1.2 * size and not lb[2]
            ]
            above = [lb for lb in split if lb[0] > y]
            below = [lb for lb in split if lb[0] < y]
            if len(above) == 1 and len(below) == 1 and not row.parameter:
                # "Thermal shutdown circuit" / "TSD  175" / "operating temperature": one label
                # printed on the lines either side of its row's figures.
                row.parameter = f"{above[0][1]} {below[0][1]}"
                row.unit = row.unit or above[0][3] or below[0][3]
                row.evidence = f"{above[0][4]} / {row.evidence} / {below[0][4]}"
                continue
            block = _condition_block_head(row, y, size, labels, anchor_rows)
            if block is not None:
                # "Gyroscope + Accelerometer" / "(DMP disabled)  3.8  mA" under "Normal
                # Operating Current  Gyroscope + Accelerometer + DMP  3.9  mA": a condition
                # printed on two lines, in the block the named row heads.
                first_line, head = block
                row.condition = f"{first_line} {row.condition or ''}".strip()
                row.parameter, row.unit = head.parameter, row.unit or head.unit
                row.evidence = f"{head.evidence.split(' / ')[0]} / {first_line} / {row.evidence}"
                continue
            near = [
                lb
                for lb in labels
                if abs(lb[0] - y) <= 2.2 * size and _agrees(row, lb[1], lb[2], lb[3])
            ]
            strong = [lb for lb in near if lb[2] or lb[3]]
            sub_label: str | None = None
            if strong:
                # A sub-label ("Power-down") set closer to the figures than the label that
                # carries the symbol and unit ("IVDD  Supply current  µA") is their condition.
                d_strong = min(abs(lb[0] - y) for lb in strong)
                weak = [lb for lb in near if not (lb[2] or lb[3]) and abs(lb[0] - y) <= d_strong]
                if weak:
                    sub_label = min(weak, key=lambda lb: abs(lb[0] - y))[1]
            near = strong or near
            if not near:
                # The label sits on a neighbouring row that has its own figures
                # ("Thermometer Error | tERR | -30°C to +100°C | ±1 | °C" between its siblings).
                near = [
                    (
                        r.y,
                        r.row.parameter,
                        r.row.symbol,
                        r.row.unit,
                        r.row.evidence,
                        r.row.condition,
                    )
                    for r in anchor_rows
                    if abs(r.y - y) <= 1.8 * size
                    and (r.row.symbol or r.row.unit)
                    and _agrees(row, r.row.parameter, r.row.symbol, r.row.unit)
                    # only rows whose label starts in the first column, not indented sub-rows
                    and r.x0 <= min(a.x0 for a in anchor_rows) + 15
                ]
            if not near:
                # "Output Voltage" over its rows, "Line Regulation" (or "Power dissipation")
                # centred on a block of rows either side of it: a row of that block belongs
                # to the label below, however near the label above is.
                row_ys = [r_y for _r, r_y, _s, _c in unresolved] + [a.y for a in anchor_rows]
                near = _centred_below(row, y, size, labels, anchors, row_ys)
            if not near and anchor_rows:
                # A block of condition rows under the row that names them ("Full-Scale Range
                # FS_SEL=0 ±250", then "FS_SEL=1 ±500", ...).
                left = min(a.x0 for a in anchor_rows) + 15
                above_rows = [
                    r
                    for r in anchor_rows
                    if 0 < r.y - y <= 6 * size
                    and r.x0 <= left
                    and _agrees(row, r.row.parameter, r.row.symbol, r.row.unit)
                    and not any(y < a < r.y for a in anchors if a != r.y)
                ]
                # (a named row just under this one, the block above a blank line away: "RFOP =
                # +20 dBm" over "Supply current in Transmit mode  RFOP = +17 dBm" is a transmit
                # row, not one more of the receive block above)
                below = [
                    r.y
                    for r in anchor_rows
                    if 0 < y - r.y <= 1.5 * size
                    and _agrees(row, r.row.parameter, r.row.symbol, r.row.unit)
                ]
                if below and above_rows and y - max(below) < 0.5 * min(r.y - y for r in above_rows):
                    above_rows = []
                near = [
                    (r.y, r.row.parameter, r.row.symbol, r.row.unit, r.row.evidence, None)
                    for r in above_rows
                ]
            if not near:
                # Motorola-style tables print the label (with symbol and unit) above a block of
                # condition rows: take the closest label above with no labelled row between.
                near = [
                    lb
                    for lb in labels
                    if 0 < lb[0] - y <= 6 * size
                    and (lb[2] or lb[3])
                    and _agrees(row, lb[1], lb[2], lb[3])
                    and not any(y < a < lb[0] for a in anchors)
                ]
                if near and anchor_rows:
                    # ...unless a row that names itself sits closer (TI tables centre labels).
                    left = min(a.x0 for a in anchor_rows) + 15
                    closer: list[tuple[float, str, str | None, str | None, str, str | None]] = [
                        (r.y, r.row.parameter, r.row.symbol, r.row.unit, r.row.evidence, None)
                        for r in anchor_rows
                        if r.x0 <= left
                        and (r.row.symbol or r.row.unit)
                        and abs(r.y - y) < min(abs(lb[0] - y) for lb in near)
                        and abs(r.y - y) <= 3 * size
                    ]
                    near = closer or near
            if not near:
                # TI tables centre a label on its block of condition rows: the closest label
                # line within two rows either way, with no named row between them.
                # Below the row only a sibling counts: a named row whose condition sets the
                # same variable ("PGA = /1" over "Full-scale ...  PGA = /2").
                var = re.match(r"\s*([A-Za-z][\w()]*)\s*=", row.condition or "")
                own = _symbol_spec(row)
                candidates = [
                    lb
                    for lb in labels
                    # a label with its symbol may sit below the rows it names, mid-block
                    if (0 < lb[0] - y <= 5 * size or (lb[2] and 0 < y - lb[0] <= 8 * size))
                    and not any(min(y, lb[0]) < a < max(y, lb[0]) for a in anchors)
                    and _agrees(row, lb[1], lb[2], lb[3])
                ] + [
                    (r.y, r.row.parameter, r.row.symbol, r.row.unit, r.row.evidence, None)
                    for r in [*anchor_rows, *group_anchors]
                    if abs(r.y - y) <= 4 * size
                    and (r.row.symbol or r.row.unit)
                    and not any(min(y, r.y) < a < max(y, r.y) for a in anchors)
                    and _agrees(row, r.row.parameter, r.row.symbol, r.row.unit)
                    and (
                        r.y > y
                        or own is not None
                        # a named row below in the same unit, the row above in another: "26
                        # mA" under "Supply Voltage … V", over "Supply Current … 0.7 mA"
                        or (
                            row.unit is not None
                            and unit_dimension(row.unit, "")
                            == unit_dimension(r.row.unit, "")
                            in _ELECTRICAL_DIMENSIONS
                            and unit_dimension(_unit_above(row_units, y), "")
                            != unit_dimension(row.unit, "")
                        )
                        or (
                            var is not None
                            and re.match(
                                rf"\s*{re.escape(var.group(1))}\s*=", r.row.condition or ""
                            )
                        )
                    )
                ]
                if candidates:
                    near = [min(candidates, key=lambda lb: abs(lb[0] - y))]
            if near:
                # Closest label; on a tie the one above (labels lead their rows more often).
                lb = min(near, key=lambda lb: (round(abs(lb[0] - y)), lb[0] < y))
                if not (lb[2] or lb[3]):
                    # A sub-label ("Power-down", "Operating") under a label that carries the
                    # symbol and unit ("IVDD  Supply current  µA"): both name the row.
                    strong_near = [
                        s_lb
                        for s_lb in labels
                        if (s_lb[2] or s_lb[3])
                        and abs(s_lb[0] - y) <= 4 * size
                        and _agrees(row, s_lb[1], s_lb[2], s_lb[3])
                    ]
                    if strong_near:
                        st_lb = min(strong_near, key=lambda s_lb: abs(s_lb[0] - y))
                        row.condition = " ".join(x for x in (lb[1], row.condition) if x)
                        lb = (st_lb[0], st_lb[1], st_lb[2], st_lb[3], f"{st_lb[4]} / {lb[4]}", None)
                if sub_label and sub_label not in (row.condition or ""):
                    row.condition = " ".join(x for x in (sub_label, row.condition) if x)
                row.parameter, row.symbol = lb[1], row.symbol or lb[2]
                row.unit = row.unit or lb[3]
                if not row.condition or len(row.condition.replace(" ", "")) <= 2:
                    row.condition = lb[5]
                elif (
                    lb[5]
                    and re.search(r"[<>≤≥=]", lb[5])
                    and not re.search(r"[<>≤≥=\d]", row.condition)
                ):
                    # "4.5 V > VM ≥ 2.5 V" on the label's line, "Without PWM Operation" under
                    # the figure: both are the row's condition.
                    row.condition = f"{lb[5]}, {row.condition}"
                row.evidence = " / ".join(
                    x
                    for x in (
                        lb[4],
                        sub_label if sub_label and sub_label not in lb[4] else None,
                        row.evidence,
                    )
                    if x
                )
            if row.parameter and _DASH_ITEM.match(row.condition or ""):
                last_dash = (row, y)
            if not near and row_caption and _caption_names(row_caption, row.unit, kind):
                # Rows keyed by a "Rate" column under "Table 17: TX Power …": the caption
                # names what each row measures, in the unit the table prints.
                row.parameter = row_caption
            # No label in reach: the row stays unnamed and is dropped rather than guessed.
        _name_condition_blocks(unresolved, before)
        _temperature_steps(unresolved)
        _name_setting_runs(unresolved, kind, page.lines)
        for b in [*done_bullets, *bullets]:
            b_variant = variants.find(b.section)
            rows.extend(_bullet_rows(b, citation, b_variant))
            state_interface(
                _stated_interfaces(b.text, heading=False), page.number, b.text, b.section, None
            )
        rows = [r for r in rows if r.parameter]
        if page.number <= 2:
            for line in page.lines:
                found = _interfaces_in(line.text)
                if found and not any(
                    f.spec == "interface" and f.extra.get("protocols") for f in facts
                ):
                    facts.append(
                        Fact(
                            device=device,
                            spec="interface",
                            parameter="Interface",
                            value=", ".join(found),
                            section_kind="general",
                            doc=stem,
                            citation=f"{stem}#p{page.number}",
                            evidence=line.text.strip()[:300],
                            page=page.number,
                            extra={"protocols": found},
                        ).with_id()
                    )
        _fill_units(rows)
        for row in rows:
            if _CHART_TITLE.search(row.parameter) and not row.symbol:
                continue  # "Noise versus External Filter Capacitance": a chart's two axes
            fs, ws = facts_from_row(row, device, stem)
            facts.extend(fs)
            warnings.extend(ws)
    # The first-page statement stays the headline; statements elsewhere add the protocols it
    # does not name, and the ones a heading scopes to a variant ("SPI Interface (MPU-6000
    # only)").
    named = {p for f in facts if f.spec == "interface" for p in f.extra.get("protocols", [])}
    facts.extend(f for (v, p), f in stated.items() if p not in named or v is not None)
    if not any(f.spec == "interface" for f in facts):
        facts.extend(_plain_serial(doc, device, stem))
    facts.extend(_symbol_led_thresholds(doc, device, stem, facts))
    facts.extend(_ranges_in_conditions(facts))
    facts.extend(_denied_buses(doc, device, stem))
    facts.extend(_spi_modes(doc, device, stem))
    facts.extend(_times_per_setting(doc, device, stem, facts))
    facts.extend(_host_requirements(doc, device, stem))
    facts.extend(_register_values(doc, device, stem))
    facts.extend(_register_fields(doc, device, stem))
    facts.extend(_strapping_pins(doc, device, stem))
    facts.extend(_gain_scaled_ranges(doc, device, stem))
    facts.extend(_internal_pulls(doc, device, stem))
    facts.extend(_supply_tolerances(doc, device, stem))
    facts.extend(_rail_relative_ends(doc, device, stem))
    facts.extend(_stated_gains(doc, device, stem))
    facts.extend(_stated_full_scales(doc, device, stem))
    facts.extend(_page_statements(doc, device, stem))
    facts.extend(_grid_tables(doc, device, stem))
    facts.extend(_stated_transfers(doc, device, stem))
    facts.extend(_count_divisors(doc, device, stem))
    facts.extend(_piecewise_formulas(doc, device, stem))
    facts.extend(_stacked_formulas(doc, device, stem))
    facts.extend(_page_formulas(doc, device, stem))
    facts.extend(_row_formulas(facts))
    facts.extend(_conversion_factors(doc, device, stem))
    facts.extend(_stated_maxima(facts))
    facts.extend(_pressure_bands(doc, device, stem))
    facts.extend(_stated_output_ranges(doc, device, stem))
    facts.extend(_thermal_metrics(doc, device, stem))
    if not any(f.spec == "junction_temperature" for f in facts):
        facts.extend(_specified_junction(doc, device, stem))
    facts.extend(_described_timings(doc, device, stem))
    facts.extend(_part_column_ratings(doc, device, stem, variants.parts, facts))
    facts.extend(_part_row_tables(doc, device, stem, facts))
    facts.extend(_captioned_rows(doc, device, stem))
    facts.extend(_pin_counts(doc, device, stem, family=len(variants.parts) > 1))
    facts.extend(_pin_functions(doc, device, stem))
    wrapped, relabelled = _wrapped_description_rows(doc, device, stem, facts)
    facts = [f for f in facts if f.id not in relabelled] + wrapped
    facts = [_of_component(f) for f in _temperature_extremes_rows(facts)]
    # A clock stated in prose stands in only where no table gives that bus's clock.
    tabled = {f.spec for f in facts if "component" not in f.applies_to}
    facts.extend(f for f in _stated_bus_clocks(doc, device, stem) if f.spec not in tabled)
    if speaks_i2c:
        facts.extend(_prose_addresses(doc, device, stem))
    facts.extend(_memory_sizes(doc, device, stem))
    facts.extend(_resolution_steps(doc, device, stem))
    # "The Conditions for the example circuit is: Maximum expected load current = 15 A": a
    # figure of an application the datasheet works, not one of the part (a row read as the
    # INA219's supply current had made every supply check of it fail)
    facts = [f for f in facts if not _EXAMPLE_LABEL.search(f.parameter)]
    return _dedupe(_standing_footnotes(doc, facts)), warnings


# A footnote that says what a figure's standing is ("Target values & not guaranteed",
# "Guaranteed by design, not tested in production"): said wherever the figure is.
_STANDING = re.compile(
    r"(?i)\bnot guaranteed\b|\bguaranteed by (?:design|characteri[sz]ation)\b"
    r"|\bnot (?:\w+ )?tested\b|\btarget values?\b"
)


def _standing_footnotes(doc: PdfDocument, facts: list[Fact]) -> list[Fact]:
    """Facts whose row symbol carries a footnote's number glued on ("AT,ext9" over a page
    footnote "9 / Target values & not guaranteed") with that footnote, when it says whether
    the figure is guaranteed, kept as ``extra["footnote"]``."""
    notes: dict[int, dict[str, str]] = {}
    for page in doc.pages:
        lines = [line.text.strip() for line in page.lines]
        # "8 Target values & not guaranteed", or the number on a line of its own
        for mark, text in [
            *(m.groups() for t in lines if (m := re.fullmatch(r"(\d{1,2})\s+(\D.*)", t))),
            *((a, b) for a, b in itertools.pairwise(lines) if re.fullmatch(r"\d{1,2}", a)),
        ]:
            if len(text) < 120 and _STANDING.search(text):
                notes.setdefault(page.number, {})[mark] = text
    limits = _limit_footnotes(doc)
    if not notes and not limits:
        return facts
    out = []
    for f in facts:
        glued = re.search(r"(?<=[A-Za-z,])(\d{1,2})$", f.symbol or "")
        note = notes.get(f.page or 0, {}).get(glued.group(1)) if glued else None
        limit = limits.get((f.page or 0, f.parameter))
        if limit:
            # the note is quoted with the row, so every figure it states is in the evidence
            note = limit
            f = f.model_copy(update={"evidence": f"{f.evidence} / {limit}"})
        out.append(f.model_copy(update={"extra": {**f.extra, "footnote": note}}) if note else f)
    return out


# A footnote that bounds what a row's figure allows ("This parameter only expresses the
# full-scale range of the ADC scaling. In no event should more than 26 V be applied")
_LIMIT_NOTE = re.compile(r"(?i)\bin no event\b|\b(?:must|should) (?:not|never) exceed\b")


def _limit_footnotes(doc: PdfDocument) -> dict[tuple[int, str], str]:
    """(page, row label) -> the limit footnote whose mark ("(2)", set small beside the label)
    the label carries."""
    out: dict[tuple[int, str], str] = {}
    for page in doc.pages:
        notes = {
            m.group(1): m.group(0)
            for line in page.lines
            if (m := re.fullmatch(r"\((\d{1,2})\)\s+(.+)", line.text.strip()))
            and _LIMIT_NOTE.search(m.group(2))
        }
        if not notes:
            continue
        marks = [
            (line, m.group(1))
            for line in page.lines
            if (m := re.fullmatch(r"\((\d{1,2})\)", line.text.strip())) and m.group(1) in notes
        ]
        for line in page.lines:
            for seg in line.segments:
                for mark, n in marks:
                    first = mark.segments[0]
                    if abs(mark.y - line.y) < 4 and 0 <= first.x0 - seg.x1 < 12:
                        out[(page.number, seg.text.strip())] = notes[n]
    return out


_AT_THE_TEMPERATURE = re.compile(r"(?i),?\s*\bat the temperature\b,?\s*")
_EXTREMES = re.compile(r"(?i),?\s*\bextremes\b,?\s*")
_BELOW_EXTREMES = re.compile(r"(?i)\s*extremes\b|.*\bat the temperature,?\s+extremes\b")


def _temperature_extremes_rows(facts: list[Fact]) -> list[Fact]:
    """A condition cell "at the temperature extremes" printed on two lines between a label's
    two rows of figures: the row above holds at the table's stated temperature (the cell's
    first words are not its condition), the row below at the temperature extremes.

        Supply Current   pH measurement mode   at the temperature   50   54
                                               extremes                   59
    """
    out = list(facts)
    for i, a in enumerate(facts):
        if not a.condition or not re.search(r"(?i)\bat the temperature\s*$", a.condition):
            continue
        for j, b in enumerate(facts):
            if (
                j != i
                and b.citation == a.citation
                and b.parameter == a.parameter
                and b.variant == a.variant
                and b.condition
                and _BELOW_EXTREMES.match(b.condition)
            ):
                stem_cond = _AT_THE_TEMPERATURE.sub(" ", a.condition).strip(" ,") or None
                rest = _EXTREMES.sub(" ", _AT_THE_TEMPERATURE.sub(" ", b.condition)).strip(" ,")
                rest = rest.replace(stem_cond or "\0", "").strip(" ,")
                below = ", ".join(x for x in (stem_cond, "at the temperature extremes", rest) if x)
                out[i] = a.model_copy(update={"condition": stem_cond}).with_id()
                out[j] = b.model_copy(update={"condition": below}).with_id()
                break
    return out


# "ESP32-WROOM-32 has 38 pins", "8-Pin SOT-23", "14-Lead PDIP": how many pins a part (in a
# package) has.
_PIN_COUNT = re.compile(
    r"\bhas (?P<n>\d{1,3}) pins\b"
    r"|\b(?P<m>\d{1,3})-(?:pin|lead)\s+(?P<pkg>(?:[A-Z][\w-]*\d[\w-]*|[A-Z]{2,}[\w-]*)"
    r"(?:\s+(?:package|\([A-Za-z]\w*\)))?)",
    re.IGNORECASE,
)


# A pin table's heading row: "No.  Pin Name  I/O  Function", "Pin #  Name  Function
# Description", "Name  No.  Type  Function", "NO.  NAME" (a heading on two lines)
_PIN_HEADING = re.compile(r"(?i)^(?=.*(?:\bno\.?|\bnumber\b|#))(?=.*\bname\b).{0,60}$")
# A pin's name as tables print it ("STBY", "PD_SCK", "INA+", "SHD/SD2", "3.3V")
_PIN_NAME = r"[A-Za-z0-9][\w+\-/.]{0,11}"
# A pin's kind as tables print it, between its name and its function
_PIN_KIND = (
    r"(?:I/O|I|O|P|A|G|D|-|―|In/Out|In|Out|Power|Ground|Supply"
    r"|(?:Analog|Digital) (?:Input|Output|I/O))"
)
# "19  STBY  I  “L” = standby/...", "15  RATE  Digital Input  Output data rate control, ..."
_PIN_ROW = re.compile(
    rf"^(?P<no>\d{{1,2}})\s+(?P<name>{_PIN_NAME})\s+(?:(?P<kind>{_PIN_KIND})\s{{2,}})?"
    r"(?P<function>.+)$"
)
# "EN  3  I  Module-enable signal. Active high." (the name first)
_PIN_ROW_NAME_FIRST = re.compile(
    rf"^(?P<name>{_PIN_NAME})\s{{2}}(?P<no>\d{{1,2}})\s{{2}}(?P<kind>{_PIN_KIND})"
    r"\s{2}(?P<function>.+)$"
)


# A pin table's row with no function on its line ("1  AO1"), and the function line of a cell
# two such rows share ("O  ch A output 1")
_PIN_BARE = re.compile(rf"^(?P<no>\d{{1,2}})\s+(?P<name>{_PIN_NAME})$")
_PIN_SHARED = re.compile(rf"^(?:{_PIN_KIND})\s{{2,}}\D.*$")
# ...and a row, name first, whose function is printed on the lines around it ("IO32  8  I/O")
_PIN_BARE_NAME_FIRST = re.compile(rf"^{_PIN_NAME}\s{{2}}\d{{1,2}}\s{{2}}(?:{_PIN_KIND})$")
# A function that is a list of signal names ("GPIO36, ADC1_CH0, RTC_GPIO0")
_SIGNAL_LIST = re.compile(
    r"[A-Z][A-Z0-9_]*\d[A-Z0-9_]*(?:\s*\([^()]*\))?(?:,\s*[A-Z][\w/]*(?:\s*\([^()]*\))?)+,?"
)


def _pin_table_lines(lines: list[str]) -> list[tuple[str, str]]:
    """A pin table's lines as (row, the words that state it). Two rows of one pin name that a
    function printed between them belongs to ("1  AO1" / "O  ch A output 1" / "2  AO1": a cell
    the two pins share) are each given that function, stated by the three lines together; so is
    a row whose function is printed on the lines around it, the first ending in a comma
    ("GPIO32, XTAL_32K_P (...), ADC1_CH4," / "IO32  8  I/O" / "TOUCH9, RTC_GPIO9")."""
    out = [(line, line) for line in lines]
    for k in range(1, len(lines) - 1):
        before, after = lines[k - 1], lines[k + 1]
        if (
            _PIN_BARE_NAME_FIRST.match(lines[k])
            and before.endswith(",")
            and not (_PIN_ROW.match(after) or _PIN_ROW_NAME_FIRST.match(after))
        ):
            out[k] = (f"{lines[k]}  {before} {after}", " / ".join(lines[k - 1 : k + 2]))
    for k in range(len(lines) - 2):
        first, shared, second = (
            _PIN_BARE.match(lines[k]),
            lines[k + 1],
            _PIN_BARE.match(lines[k + 2]),
        )
        if first and second and first["name"] == second["name"] and _PIN_SHARED.match(shared):
            said = " / ".join(lines[k : k + 3])
            out[k] = (f"{lines[k]}  {shared}", said)
            out[k + 2] = (f"{lines[k + 2]}  {shared}", said)
    return out


def _pin_functions(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """``pin_function`` facts from a pin table: the pin's number and name, and what it does
    as the table says it ("19  STBY  I  “L” = standby/200 kΩ pull-down at internal"). A row
    gives all three on its line, or with the lines ``_pin_table_lines`` joins to it (a shared
    cell, a list of signals around it); a function wrapped any other way is left out, not
    guessed."""
    out: list[Fact] = []
    seen: set[tuple[int, str]] = set()
    for page in doc.pages:
        heading = next(
            (k for k, line in enumerate(page.lines) if _PIN_HEADING.match(line.text)), None
        )
        if heading is None:
            continue
        for text, said in _pin_table_lines(
            [line.text.strip() for line in page.lines[heading + 1 :]]
        ):
            m = _PIN_ROW.match(text) or _PIN_ROW_NAME_FIRST.match(text)
            if m is None:
                continue
            number, name = int(m["no"]), m["name"]
            function = m["function"].strip()
            # a function is words ("ch B input 1"), not a column of numbers or more columns
            # (a table with a column per package: "1  Y  Y  CLKIN  Optional ...")
            words = re.search(r"[a-z]{3}", function) or _SIGNAL_LIST.fullmatch(function)
            if not (1 <= number <= 99) or not words or "  " in function:
                continue
            if not re.search(r"[A-Z0-9]", name) or (number, name) in seen:
                continue
            seen.add((number, name))
            kind = f" ({m['kind']})" if m["kind"] and m["kind"] not in ("-", "―") else ""
            out.append(
                _page_fact(
                    device,
                    stem,
                    page,
                    said,
                    spec="pin_function",
                    parameter=f"Pin {number} {name}",
                    symbol=name,
                    value=f"pin {number} {name}{kind}: {function}",
                    extra={"pin": number, "name": name},
                )
            )
    return out


def _pin_counts(doc: PdfDocument, device: str, stem: str, *, family: bool) -> list[Fact]:
    """Pin counts the text states, with the package they are of ("8-Pin SOT-23"). A document
    covering several parts (MCP3004 and MCP3008) does not say whose package count is whose:
    only what it says a part has ("has 38 pins") is kept from it."""
    out: list[Fact] = []
    seen: set[tuple[int, str]] = set()
    for page in doc.pages:
        for m in _PIN_COUNT.finditer(re.sub(r"\s+", " ", page.text)):
            if family and not m.group("n"):
                continue
            n = int(m.group("n") or m.group("m"))
            package = (m.group("pkg") or "").strip()
            package = re.sub(r"(?i)\s+package$", "", package)
            if (n, package.upper()) in seen:
                continue
            seen.add((n, package.upper()))
            out.append(
                Fact(
                    device=device,
                    spec="pin_count",
                    parameter="Pin count",
                    value=float(n),
                    condition=f"{package} package" if package else None,
                    section_kind="general",
                    applies_to={"package": package} if package else {},
                    doc=stem,
                    citation=f"{stem}#p{page.number}",
                    evidence=m.group(0),
                    page=page.number,
                ).with_id()
            )
    # A document that prints one package with two pin counts covers several parts (MCP3004
    # and MCP3008): which count is whose is not stated, so neither is kept.
    counts: dict[str, set[float]] = {}
    for f in out:
        counts.setdefault(str(f.applies_to.get("package", "")).upper(), set()).add(float(f.value))
    return [f for f in out if len(counts[str(f.applies_to.get("package", "")).upper()]) == 1]


_DESCRIBED_BOUND = re.compile(r"(?i)^(min|typ|max)\s*\(([^()]+)\)$")


def _described_timings(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """A "Parameter | Description | Min (ms)" table: a symbol per row ("tH"), a sentence
    wrapped over the lines around it ("Hold time is the time reserved for …") and one figure
    under a bound that carries the unit. The sentence's subject names the row ("Hold time");
    a sentence without one is stated as a whole."""
    out: list[Fact] = []
    for page in doc.pages:
        lines = page.lines
        for at, head in enumerate(lines):
            segs = [sg.text.strip() for sg in head.segments]
            if len(segs) != 3 or segs[:2] != ["Parameter", "Description"]:
                continue
            bound = _DESCRIBED_BOUND.match(segs[2])
            if bound is None:
                continue
            sym_x, desc_x = head.segments[0].x0, head.segments[1].x0
            body: list[Line] = []
            for line in lines[at + 1 :]:
                if body and body[-1].y - line.y > 2.5 * line.size:
                    break  # the table has ended
                if line.segments[0].x0 < sym_x - 10:
                    break
                body.append(line)
            rows = [
                ln
                for ln in body
                if abs(ln.segments[0].x0 - sym_x) < 10
                and len(ln.segments) >= 2
                and re.fullmatch(r"\d+(?:\.\d+)?", ln.segments[-1].text.strip())
            ]
            for row in rows:
                # the sentence: the description lines nearer this row than any other
                words = [
                    sg.text.strip()
                    for ln in body
                    if min(rows, key=lambda r, ln=ln: abs(r.y - ln.y)) is row
                    for sg in ln.segments
                    if abs(sg.x0 - desc_x) < 10
                ]
                sentence = re.sub(r"(\w)- (\w)", r"\1\2", " ".join(words)).strip()
                if not sentence:
                    continue
                symbol = row.segments[0].text.strip()
                figure = float(row.segments[-1].text.strip())
                unit = bound.group(2).strip()
                try:
                    si, si_unit = to_si(figure, unit)
                except UnknownUnitError:
                    continue
                subject = re.match(r"([A-Z][a-z]*(?: [a-z]+){0,3}) is the\b", sentence)
                spec = label_spec(subject.group(1)) if subject else None
                key = bound.group(1).lower()
                out.append(
                    Fact(
                        device=device,
                        spec=spec or "statement",
                        parameter=subject.group(1) if subject and spec else sentence,
                        symbol=symbol,
                        unit=unit,
                        section_kind="timing" if spec else "general",
                        doc=stem,
                        citation=f"{stem}#p{page.number}",
                        evidence=f"{symbol} {sentence} {segs[2]} {row.segments[-1].text.strip()}",
                        page=page.number,
                        **{key: figure, f"si_{key}": si, "si_unit": si_unit},
                    ).with_id()
                )
    return out


def _thermal_metrics(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """A "THERMAL METRIC" table: one column per package ("D (SOIC)", "DCN (SOT)"), one row per
    metric ("RθJA  Junction-to-ambient thermal resistance  111.3  135.4  °C/W"). Each figure
    is a fact of its package; junction-to-ambient is the thermal resistance."""
    out: list[Fact] = []
    for page in doc.pages:
        packages: list[tuple[float, str]] = []
        for line in page.lines:
            segs = [sg for sg in line.segments if sg.text.strip()]
            if any(sg.text.strip().upper().startswith("THERMAL METRIC") for sg in segs):
                packages = [
                    (sg.xc, sg.text.strip()) for sg in segs[1:] if sg.text.strip().upper() != "UNIT"
                ]
                continue
            if not packages or len(segs) < 3:
                continue
            unit = segs[-1].text.strip()
            label = next(
                (sg.text.strip() for sg in segs[1:] if re.search(r"[a-z]{3}", sg.text)), None
            )
            if label is None or not re.search(r"(?i)thermal resistance", label):
                continue
            try:
                si_unit = to_si(1.0, unit)[1]
            except UnknownUnitError:
                continue
            spec = (
                "thermal_resistance"
                if re.search(r"(?i)junction[- ]to[- ]ambient", label)
                else label_spec(label)
            )
            if spec is None:
                continue
            for sg in segs:
                text = sg.text.strip()
                if not re.fullmatch(r"\d+(?:\.\d+)?", text):
                    continue
                package = min(packages, key=lambda p: abs(p[0] - sg.xc))[1]
                value = float(text)
                out.append(
                    Fact(
                        device=device,
                        spec=spec,
                        parameter=label,
                        symbol=segs[0].text.strip(),
                        typ=value,
                        unit=unit,
                        si_typ=to_si(value, unit)[0],
                        si_unit=si_unit,
                        condition=f"{package} package",
                        section_kind="electrical_characteristics",
                        applies_to={"package": package},
                        doc=stem,
                        citation=f"{stem}#p{page.number}",
                        evidence=line.text.strip()[:300],
                        section="Thermal Information",
                        page=page.number,
                    ).with_id()
                )
    return out


def _part_column_ratings(
    doc: PdfDocument, device: str, stem: str, parts: Sequence[str], found: Sequence[Fact]
) -> list[Fact]:
    """A ratings table with one value column per group of parts, the part names stacked over
    it as the header ("LM258 / LM358  32", "LM2904 / LM2904V  26"): each figure is a rating of
    every part named over its column. A row labelled with a part name ("LM2904V  –  –40 to
    +125" under "Operating Ambient Temperature Range") is that part's figure of the label
    above. Facts the table reader already holds are not repeated."""
    if len(parts) < 2:
        return []
    known = set(parts)
    held = {(f.variant, f.spec, f.min, f.max, f.value, f.typ) for f in found}
    # a figure held for the whole family already (no variant) is not repeated per part
    family = {(f.spec, f.min, f.max, f.value, f.typ) for f in found if f.variant is None}
    out: list[Fact] = []
    for page in doc.pages:
        columns: list[tuple[float, list[str]]] = []
        unit_x: float | None = None
        kind, title = "general", ""
        group: tuple[str, str | None, float] | None = None  # a label line: name, unit, x
        lines = page.lines
        for i, line in enumerate(lines):
            segs = [sg for sg in line.segments if sg.text.strip()]
            names = [sg for sg in segs if sg.text.strip().upper() in known]
            heading = classify_section(line.text.strip())
            if heading and columns and segs[0].x0 > min(x for x, _ in columns):
                heading = None  # a heading of the next column of the page ("ORDERING …")
            if heading and not names:
                kind, title, columns, group = heading, line.text.strip(), [], None
                continue
            if len(names) >= 2 and re.search(r"(?i)\b(?:symbol|rating)\b", line.text):
                columns = [(sg.xc, [sg.text.strip().upper()]) for sg in names]
                unit_x = next((sg.xc for sg in segs if sg.text.strip().lower() == "unit"), None)
                # names stacked over each column on the line above ("LM258" over "LM358")
                for above in lines[max(0, i - 2) : i]:
                    for sg in above.segments:
                        name = sg.text.strip().upper()
                        for x, col in columns:
                            if name in known and abs(sg.xc - x) < 25 and name not in col:
                                col.insert(0, name)
                continue
            if not columns or kind != "absolute_maximum":
                continue
            if re.match(r"(?i)\s*notes?\b", line.text):
                columns = []
                continue
            left = min(x for x, _ in columns) - 30
            label_segs = [sg for sg in segs if sg.x1 < left]
            cells: list[tuple[tuple[float, list[str]], str]] = []
            for sg in segs:
                near = sorted(columns, key=lambda c, sg=sg: abs(c[0] - sg.xc))
                if sg.x1 < left or abs(near[0][0] - sg.xc) >= 30:
                    continue
                if len(near) > 1 and abs(near[1][0] - sg.xc) - abs(near[0][0] - sg.xc) < 8:
                    # "150" printed across both columns: every part's figure
                    cells.extend((c, sg.text.strip()) for c in columns)
                else:
                    cells.append((near[0], sg.text.strip()))
            # the unit under the header's Unit (pin diagrams and notes may sit further right)
            unit = own_unit = next(
                (sg.text.strip() for sg in segs if unit_x is not None and abs(sg.xc - unit_x) < 20),
                None,
            )
            if not label_segs:
                continue
            symbol = None
            if len(label_segs) >= 2 and re.fullmatch(
                r"[A-Z][\w,\s]{0,12}", label_segs[-1].text.strip()
            ):
                symbol = label_segs[-1].text.strip()
                label_segs = label_segs[:-1]
            label = " ".join(sg.text.strip() for sg in label_segs)
            if not cells:
                if group is not None and unit is None and abs(label_segs[0].x0 - group[2]) < 3:
                    # "Operating Ambient Temperature  °C" / "Range": one label on two lines
                    group = (f"{group[0]} {label}", group[1], group[2])
                else:
                    # "Power Supply Voltages  Vdc": a label over its indented rows
                    group = (label, unit, label_segs[0].x0)
                continue
            row_parts: list[tuple[list[str], str]]
            if label.upper() in known and group is not None:
                # "LM2904V  –  –40 to +125": the part's own figure of the label above
                row_parts = [
                    ([label.upper()], text)
                    for _c, text in cells
                    if not re.fullmatch(r"[–—-]", text)
                ]
                name, unit = group[0], unit or group[1]
            else:
                row_parts = [(col, text) for (_x, col), text in cells]
                indented = group is not None and label_segs[0].x0 > group[2] + 5
                if group is not None and not indented:
                    group = None
                name = f"{label} ({group[0]})" if group is not None else label
                unit = unit or (group[1] if group is not None else None)
            for names_, text in row_parts:
                for part in names_:
                    row = RowRecord(
                        parameter=name,
                        citation=f"{stem}#p{page.number}",
                        section=title,
                        section_kind=kind,
                        # the row's own cells: a pin diagram may share the line
                        evidence="  ".join(
                            x for x in (label, symbol, *(t for _c, t in cells), own_unit) if x
                        ),
                        page=page.number,
                        symbol=symbol,
                        value=text,
                        unit=unit,
                        variant=part,
                    )
                    for f in facts_from_row(row, device, stem)[0]:
                        key = (f.variant, f.spec, f.min, f.max, f.value, f.typ)
                        if key not in held and key[1:] not in family:
                            held.add(key)
                            out.append(f)
    return out


def _header_columns(segments: Iterable[Segment]) -> list[list[Segment]]:
    """Header segments (top line first) grouped into columns: a segment joins the column one of
    whose segments it overlaps across the page ("Input" over "channel"); the columns left to
    right, each read top to bottom."""
    columns: list[list[Segment]] = []
    for sg in segments:
        col = next((c for c in columns if any(sg.x0 < x.x1 and x.x0 < sg.x1 for x in c)), None)
        if col is None:
            columns.append([sg])
        else:
            col.append(sg)
    return sorted(columns, key=lambda c: min(x.x0 for x in c))


def _part_names(cell: str, pattern: str) -> list[str]:
    """The parts a row's first cell names: "RFM96W/98W" is the RFM96W and the RFM98W."""
    names: list[str] = []
    for piece in cell.split("/"):
        piece = piece.strip().upper()
        if names and re.fullmatch(r"\d\w*", piece):
            # "98W" after "RFM96W": the first name's letters with these digits
            piece = re.match(r"[A-Z-]*", names[0]).group(0) + piece  # type: ignore[union-attr]
        if not re.fullmatch(pattern, piece, re.IGNORECASE):
            return []
        names.append(piece)
    return names


def _part_row_tables(doc: PdfDocument, device: str, stem: str, found: Sequence[Fact]) -> list[Fact]:
    """A table with one row per part ("SELECTION GUIDE": ACS712ELCTR-05B-T ... 185; "Table 1
    Device Variants": RFM95W ... -111 to -136 dBm): each cell is that part's figure of the
    column over it, whose header (up to three stacked lines) names it and may give its unit
    ("(mV/A)") and whether it is typical ("(Typ)"). Facts the other readers hold are not
    repeated."""
    pattern = _VARIANT_PATTERNS.get(device)
    if not pattern:
        return []
    held = {(f.variant, f.spec, f.min, f.typ, f.max, f.value) for f in found}
    out: list[Fact] = []
    for page in doc.pages:
        lines = page.lines
        i = 0
        while i < len(lines):
            first = lines[i].segments
            if len(first) < 3 or not _part_names(first[0].text, pattern):
                i += 1
                continue
            # the header: the lines just above, each close to the next, naming no part
            head: list[Line] = []
            for above in reversed(lines[max(0, i - 3) : i]):
                below = head[0] if head else lines[i]
                if above.y - below.y > 20 or _part_names(above.segments[0].text, pattern):
                    break
                head.insert(0, above)
            columns = [
                (min(x.x0 for x in c), max(x.x1 for x in c), " ".join(x.text.strip() for x in c))
                for c in _header_columns(sg for line in head for sg in line.segments)
            ]
            above = lines[: i - len(head)]
            title = next((ln.text.strip() for ln in reversed(above) if ln.text.strip()), "")
            rows = []
            while i < len(lines) and (names := _part_names(lines[i].segments[0].text, pattern)):
                rows.append((names, lines[i]))
                i += 1
            if not columns:
                continue
            for names, line in rows:
                for sg in line.segments[1:]:
                    x0, x1, header = max(
                        columns, key=lambda c, sg=sg: min(c[1], sg.x1) - max(c[0], sg.x0)
                    )
                    if min(x1, sg.x1) <= max(x0, sg.x0):
                        continue  # under no header
                    unit = re.search(r"\(([^()]*[A-Za-z°Ω][^()]*)\)\s*$", header)
                    label = re.split(r"\s*[,(]", header)[0]
                    symbol = m.group(1) if (m := re.match(r"[^,(]+,\s*(\w+)", header)) else None
                    typical = re.search(r"(?i)\(typ", header) is not None
                    cell = sg.text.strip().replace("\\", " / ")
                    for part in names:
                        row = RowRecord(
                            parameter=label,
                            citation=f"{stem}#p{page.number}",
                            section=title,
                            section_kind=classify_section(title) or "general",
                            evidence=f"{line.segments[0].text.strip()}  {header}  {cell}",
                            page=page.number,
                            symbol=symbol,
                            typ=cell if typical else None,
                            value=None if typical else cell,
                            unit=unit.group(1).strip() if unit else None,
                            variant=part,
                        )
                        for f in facts_from_row(row, device, stem)[0]:
                            key = (f.variant, f.spec, f.min, f.typ, f.max, f.value)
                            if key not in held:
                                held.add(key)
                                out.append(f)
    return out


_NUMBERED_TABLE = re.compile(r"^Table\s+\d+\s+\S")
_SHORT_CELL = re.compile(r"[\w.±+-]{1,8}")


def _captioned_rows(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """A small table over its caption in one column of a two-column page ("PD_SCK Pulses |
    Input channel | Gain" over "Table 3 Input Channel and Gain Selection", prose beside it):
    within the caption's column, the rows of short cells just above it and the header lines
    above them. Each row's first cell is the figure of the first column; the other cells,
    under their headers, are its condition ("Input channel B, Gain 32")."""
    out: list[Fact] = []
    for page in doc.pages:
        for i, line in enumerate(page.lines):
            if len(line.segments) != 1 or not _NUMBERED_TABLE.match(line.segments[0].text):
                continue
            left = line.segments[0].x0 - 25

            def cells(ln: Line, left: float = left) -> list[Segment]:
                return [sg for sg in ln.segments if sg.x0 >= left]

            rows: list[list[Segment]] = []
            head: list[Segment] = []
            for above in reversed(page.lines[max(0, i - 12) : i]):
                mine = cells(above)
                if not mine:
                    continue  # a line of the other column only
                if (
                    not head
                    and len(mine) >= 2
                    and all(_SHORT_CELL.fullmatch(sg.text.strip()) for sg in mine)
                    and any(re.search(r"\d", sg.text) for sg in mine)
                ):
                    rows.insert(0, mine)
                    continue
                if not rows or len(" ".join(sg.text for sg in mine)) > 30:
                    break  # prose: the table is over
                head = mine + head
            names = [" ".join(x.text.strip() for x in c) for c in _header_columns(head)]
            if len(names) < 2 or any(len(r) != len(names) for r in rows):
                continue
            caption = line.segments[0].text.strip()
            for row in rows:
                texts = [sg.text.strip() for sg in row]
                record = RowRecord(
                    parameter=names[0],
                    citation=f"{stem}#p{page.number}",
                    section=caption,
                    section_kind="general",
                    evidence=f"{caption}: "
                    + "  ".join(f"{n} {t}" for n, t in zip(names, texts, strict=True)),
                    page=page.number,
                    condition=", ".join(
                        f"{n} {t}" for n, t in zip(names[1:], texts[1:], strict=True)
                    ),
                    value=texts[0],
                )
                out.extend(facts_from_row(record, device, stem)[0])
    return out


def _wrapped_description_rows(
    doc: PdfDocument, device: str, stem: str, found: Sequence[Fact]
) -> tuple[list[Fact], set[str]]:
    """Rows of a table whose description wraps over several lines with the figures on one of
    them (CCS811 timing: "Time between power on and the device" / "18  20  ms" / "being ready
    for new I²C commands"), one row per block of lines set apart by a gap.

    A row whose figures no fact of that page gives is added. A fact the line-by-line reader
    made of the same figures with only a line of the description as its label is given the
    whole description (its id is returned to be replaced); no other fact is touched."""
    out: list[Fact] = []
    replaced: set[str] = set()
    for page in doc.pages:
        citation = f"{stem}#p{page.number}"
        have = {(f.min, f.typ, f.max, f.unit): f for f in [*found, *out] if f.citation == citation}
        cols: _Columns | None = None
        kind = "electrical_characteristics"
        block: list[Line] = []
        blocks: list[tuple[list[Line], _Columns, str]] = []
        above: list[str] = []
        for line in page.lines:
            text = line.text.strip()
            if not text:
                continue
            header = _header(line)
            if header is not None:
                if block and cols is not None:
                    blocks.append((block, cols, kind))
                wrapped = "condition" in header.pos and "unit" in header.pos
                cols = header if wrapped and {"min", "max"} & header.pos.keys() else None
                kind = next(
                    (k for k in map(classify_section, reversed(above[-3:])) if k),
                    "electrical_characteristics",
                )
                block = []
                continue
            above.append(text)
            if cols is None:
                continue
            if re.match(r"(?i)notes?\b|note\(s\)", text) or _heading(line, doc.body_size):
                if block:
                    blocks.append((block, cols, kind))
                cols, block = None, []
                continue
            if block and block[-1].y - line.y > 1.9 * line.size:
                blocks.append((block, cols, kind))
                block = []
            block.append(line)
        if block and cols is not None:
            blocks.append((block, cols, kind))
        for lines, c, section_kind in blocks:
            read = _block_row(lines, c, citation, section_kind, page.number)
            if read is None:
                continue
            row, whole = read
            for f in facts_from_row(row, device, stem)[0]:
                same = have.get((f.min, f.typ, f.max, f.unit))
                if same is None:
                    # Named by its opening words, the row is known by its whole description.
                    out.append(f.model_copy(update={"parameter": whole}).with_id())
                elif (
                    same.id not in replaced
                    and len(same.parameter) < len(whole)
                    and same.parameter.lower() in whole.lower()
                ):
                    replaced.add(same.id)
                    out.append(
                        same.model_copy(update={"parameter": whole, "condition": None}).with_id()
                    )
    return out, replaced


def _block_row(
    lines: list[Line], cols: _Columns, citation: str, kind: str, page: int
) -> tuple[RowRecord, str] | None:
    """One wrapped row, named by the opening words of its description, and the whole
    description: its figures on exactly one line, its description the words of all."""
    numeric_left = cols.left_edge - 12
    figures: dict[str, str] = {}
    words: list[str] = []
    symbols: list[str] = []
    # The description starts after the symbol column ("Parameters" over "tWAKE"), however far
    # left of its own header it is set.
    described_from = (
        cols.pos["parameter"][1] + 4 if "parameter" in cols.pos else cols.pos["condition"][0] - 12
    )
    starts: list[float] = []
    figure_lines = 0
    for line in lines:
        on_line = False
        for seg in line.segments:
            text = seg.text.strip()
            if not text:
                continue
            if seg.x1 > numeric_left:
                key = cols.nearest(seg.xc, ("min", "typ", "max", "unit"))
                if key is None or key in figures:
                    return None
                figures[key] = text
                on_line = on_line or key != "unit"
            elif seg.x0 >= described_from:
                words.append(text)
                starts.append(seg.x0)
            else:
                symbols.append(text)
        figure_lines += on_line
    if figure_lines != 1 or "unit" not in figures or len(words) < 2:
        return None
    if max(starts) - min(starts) > 4:
        return None  # a label and its test conditions side by side, not one wrapped cell
    if any(not _valueish(figures[k]) for k in ("min", "typ", "max") if k in figures):
        return None
    description = re.sub(r"\s+", " ", " ".join(words)).strip()
    label = _block_label(description)
    if label is None:
        return None
    row = RowRecord(
        parameter=label,
        citation=citation,
        section="",
        section_kind=kind,
        evidence=f"{' '.join(symbols)} {description} "
        + " ".join(figures[k] for k in ("min", "typ", "max", "unit") if k in figures),
        page=page,
        symbol=re.sub(r"\s*\(\d\)$", "", symbols[0]) if len(symbols) == 1 else None,
        min=figures.get("min"),
        typ=figures.get("typ"),
        max=figures.get("max"),
        unit=figures["unit"],
    )
    return row, description


def _block_label(description: str) -> str | None:
    """A name for a described row: the description when it is short enough to be one, else
    its opening words that are ("Minimum time nWAKE should be de-asserted")."""
    words = description.split()
    for n in range(len(words), 1, -1):
        head = " ".join(words[:n])
        if label_spec(head) is not None:
            return head
    return None


# "the address … should be b1101000 (pin AD0 is logic low)": an address stated in prose with
# the strap that selects it.
_PROSE_ADDRESS = re.compile(
    r"(?i)\bb?(?P<bin>[01]{7})\b\s*\((?P<cond>(?:pin\s+)?[A-Z][A-Z0-9]{1,5}\s+is\s+"
    r"(?:logic\s+)?(?:low|high))\)"
)


def _page_text(page: Page) -> str:
    """A page's lines as one text with single spaces: sentences run across lines."""
    return re.sub(r"\s+", " ", " ".join(ln.text for ln in page.lines))


# "Connecting SDO to GND results in slave address 1110110 (0x76); connection it to VDDIO results
# in slave address 1110111": the strap named once, then "it".
_STRAP_ADDRESS = re.compile(
    r"(?i)\bconnect(?:ing|ion)?\s+(?:(?P<pin>(?-i:[A-Z][A-Z0-9]{1,5}))|it)\s+to\s+"
    r"(?P<level>GND|ground|VSS|VDDIO|VDD|VCC)\s+results\s+in\s+(?:(?:slave|device)\s+)?"
    r"address\s+(?P<bin>[01]{7})\b"
)


def _column_text(page: Page) -> str:
    """A page's prose read column by column: the pieces that start left of the middle first,
    then the rest, so a sentence of a two-column page is not cut by its neighbour's lines."""
    mid = page.width / 2
    left = [s.text for ln in page.lines for s in ln.segments if s.x0 < mid]
    right = [s.text for ln in page.lines for s in ln.segments if s.x0 >= mid]
    return re.sub(r"\s+", " ", " ".join(left + right))


def _prose_matches(
    doc: PdfDocument, pattern: re.Pattern[str]
) -> Iterator[tuple[Page, re.Match[str]]]:
    """Each match of ``pattern`` in the prose of each page (``m.string`` is that page's text)."""
    for page in doc.pages:
        for m in pattern.finditer(_page_text(page)):
            yield page, m


def _sentence_up_to(m: re.Match[str]) -> str:
    """The sentence a prose match stands in, from its start (at most 160 characters back) to
    the match's end: the words a fact quotes as its evidence."""
    start = max(0, m.string.rfind(".", 0, m.start()) + 1, m.start() - 160)
    return m.string[start : m.end()].strip()


def _page_fact(device: str, stem: str, page: Page, said: str, **fields: Any) -> Fact:
    """A fact a page states in prose, cited to that page with the words that state it."""
    fields.setdefault("section_kind", "general")
    return Fact(
        device=device,
        doc=stem,
        citation=f"{stem}#p{page.number}",
        evidence=said[:300],
        page=page.number,
        **fields,
    ).with_id()


# "a 4 MB external SPI flash", "520 KB SRAM", "8 KB SRAM in RTC", "a 256 byte RAM data buffer":
# the size of a memory the part carries, and what the memory is.
_MEMORY_SIZE = re.compile(
    r"(?<![\w.])(?P<n>\d+)\s?(?P<u>[KMG]B|[KMG]bit|bytes?)\s+"
    r"(?P<what>(?:(?:external|embedded|on-chip|internal|integrated|SPI|QSPI)\s+)*"
    r"(?:flash|SRAM|PSRAM|RAM|ROM|EEPROM)\b(?:\s+(?:in\s+RTC|data\s+buffer))?)"
)


def _memory_sizes(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """How much of each memory a part carries, as its pages state it."""
    return [
        _page_fact(
            device,
            stem,
            page,
            # (a feature list's item, from its bullet)
            _sentence_up_to(m).rsplit("•", 1)[-1].strip(),
            spec="memory_size",
            parameter=f"{m.group('what')} size",
            value=float(m.group("n")),
            unit=m.group("u").rstrip("s") if m.group("u").startswith("byte") else m.group("u"),
            section_kind="general",
        )
        for page, m in _prose_matches(doc, _MEMORY_SIZE)
    ]


# "user-configurable to 9, 10, 11, or 12 bits, corresponding to increments of 0.5°C, 0.25°C,
# 0.125°C, and 0.0625°C, respectively": the step of each resolution setting.
_NUMBER_LIST = (
    r"\d+(?:\.\d+)?(?:\s*,\s*(?:or\s+|and\s+)?\d+(?:\.\d+)?)*,?\s+(?:or|and)\s+\d+(?:\.\d+)?"
)
_RESOLUTION_STEPS = re.compile(
    rf"(?P<bits>{_NUMBER_LIST})\s*bits?,?\s+corresponding\s+to\s+(?:increments|steps)\s+of\s+"
    r"(?P<steps>(?:[-\d.]+\s*°C,?\s+(?:and\s+|or\s+)?)+)respectively"
)


def _resolution_steps(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """The temperature step of each resolution a sensor can be set to, paired in order from a
    "..., respectively" sentence."""
    out: list[Fact] = []
    # (read by column: the sentence runs down one column of a two-column page)
    found = (
        (p, m)
        for p in doc.pages
        if "respectively" in _page_text(p)
        for m in _RESOLUTION_STEPS.finditer(_column_text(p))
    )
    for page, m in found:
        bits = re.findall(r"\d+", m.group("bits"))
        steps = re.findall(r"(\d+(?:\.\d+)?)\s*°C", m.group("steps"))
        if len(bits) != len(steps) or len(bits) < 2:
            continue
        said = _sentence_up_to(m)
        out.extend(
            _page_fact(
                device,
                stem,
                page,
                said,
                spec="resolution",
                parameter="Temperature resolution (increment)",
                value=float(step),
                unit="°C",
                condition=f"{b}-bit resolution",
                section_kind="general",
            )
            for b, step in zip(bits, steps, strict=True)
        )
    return out


# "Refer to the test circuit, -40°C < TJ < 125°C, IO = 500 mA": the junction temperatures a
# table of characteristics is specified over.
_TJ_WINDOW = re.compile(r"(?P<lo>[-–−]?\d+)\s*°C\s*[<≤]\s*T\s?J\s*[<≤]\s*\+?(?P<hi>\d+)\s*°C")


def _specified_junction(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """The junction temperatures a datasheet that states no junction rating specifies its
    characteristics over: within them the part is in specification, the limit a thermal
    check holds it to (LM78xx: "-40°C < TJ < 125°C")."""
    return [
        _page_fact(
            device,
            stem,
            page,
            _sentence_up_to(m),
            spec="junction_temperature",
            parameter="Junction temperature the characteristics are specified over",
            symbol="TJ",
            min=float(m.group("lo").replace("–", "-").replace("−", "-")),
            max=float(m.group("hi")),
            unit="°C",
            section_kind="electrical_characteristics",
        )
        for page, m in _prose_matches(doc, _TJ_WINDOW)
    ]


def _prose_addresses(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """I2C addresses written in sentences together with their address-pin level."""
    out: list[Fact] = []
    for page in doc.pages:
        text = _page_text(page)
        found = [
            (m.group("bin"), m.group("cond"), m.group(0)) for m in _PROSE_ADDRESS.finditer(text)
        ]
        pin = None
        for m in _STRAP_ADDRESS.finditer(text):
            pin = m.group("pin") or pin
            if pin is None:
                continue
            low = m.group("level").upper() in ("GND", "GROUND", "VSS")
            found.append((m.group("bin"), f"{pin} is logic {'low' if low else 'high'}", m.group(0)))
        for binary, cond, said in found:
            out.append(
                _page_fact(
                    device,
                    stem,
                    page,
                    said,
                    spec="i2c_address",
                    parameter="I2C address",
                    value=f"0x{int(binary, 2):02X}",
                    condition=cond,
                    extra={"binary": binary},
                )
            )
    return out


# "Channel B has a fixed gain of 32", "Channel A can be programmed with a gain of 128 or 64":
# an amplifier's gain stated in prose, scoped to the channel the sentence names.
_GAIN_SENTENCE = re.compile(
    r"(?i)\b(?P<c>channel\s+[A-Z0-9]\b)(?P<mid>[^.]{0,70}?)\bgain\s+of\s+"
    r"(?P<q>\d+(?:\.\d+)?(?:\s*(?:,|or|and)\s*\d+(?:\.\d+)?)*)\b"
)


def _stated_gains(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """Gain facts from sentences that state a channel's gain."""
    out: list[Fact] = []
    seen: set[tuple[str, float]] = set()
    for page, m in _prose_matches(doc, _GAIN_SENTENCE):
        channel = re.sub(r"\s+", " ", m.group("c")).strip().title()
        for q in re.findall(r"\d+(?:\.\d+)?", m.group("q")):
            key = (channel, float(q))
            if key in seen:
                continue
            seen.add(key)
            out.append(
                _page_fact(
                    device,
                    stem,
                    page,
                    m.group(0),
                    spec="gain",
                    parameter=f"{channel} gain",
                    value=float(q),
                    condition=channel,
                    extra={"fixed": "fixed" in m.group("mid").lower()},
                )
            )
    return out


# "Channel A can be programmed with a gain of 128 or 64, corresponding to a full-scale
# differential input voltage of ±20mV or ±40mV respectively, when a 5V supply is connected to
# AVDD": the input span of each gain, at the supply the sentence names.
_FULL_SCALE_SENTENCE = re.compile(
    r"(?i)\bfull[- ]scale\s+(?:differential\s+)?input\s+voltage(?:\s+range)?\s+(?:is|of)\s+"
    r"(?P<v>±\s*\d+(?:\.\d+)?\s*(?P<unit>m?V)\b(?:\s*(?:,|or|and)\s*±\s*\d+(?:\.\d+)?\s*m?V\b)*)"
)
_SUPPLY_CLAUSE = re.compile(
    r"(?i)\bwhen\s+(?:a\s+)?(?P<v>\d+(?:\.\d+)?)\s*V\s+supply\s+is\s+(?:connected\s+to|used\s+at)"
    r"\s+(?:the\s+)?(?P<pin>[A-Z]{2,6})\b"
)


def _stated_full_scales(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """Full-scale input spans stated in prose, each with the channel, gain and supply that the
    sentence (or the one before it) names."""
    out: list[Fact] = []
    for page in doc.pages:
        # once a page: a front-page overview and the section that details it both state them
        seen: set[tuple[str, float | None, float]] = set()
        for m in _FULL_SCALE_SENTENCE.finditer(_column_text(page)):
            out.extend(_full_scale_facts(device, stem, page, m, seen))
    return out


def _full_scale_facts(
    device: str,
    stem: str,
    page: Page,
    m: re.Match[str],
    seen: set[tuple[str, float | None, float]],
) -> list[Fact]:
    """The spans one full-scale statement gives, paired with the gains stated before it."""
    before = m.string[max(0, m.start() - 250) : m.start()]
    after = m.string[m.end() : m.end() + 80]
    # the channel may be named a sentence or two earlier than its gains
    channels = re.findall(
        r"(?i)\bchannel\s+[A-Z0-9]\b", m.string[max(0, m.start() - 400) : m.start()]
    )
    stated = re.findall(r"(?i)\bgains?\s+of\s+(\d+(?:\s*(?:,|or|and)\s*\d+)*)", before)
    gains = [float(g) for g in re.findall(r"\d+(?:\.\d+)?", stated[-1])] if stated else []
    values = [float(v) for v in re.findall(r"±\s*(\d+(?:\.\d+)?)", m.group("v"))]
    supply_after = _SUPPLY_CLAUSE.search(after)
    supply = supply_after or _SUPPLY_CLAUSE.search(before[-120:])
    channel = re.sub(r"\s+", " ", channels[-1]).title() if channels else None
    start = (
        max(m.string.rfind(channels[-1], 0, m.start()), m.start() - 250) if channels else m.start()
    )
    end = m.end() + (supply_after.end() if supply_after else 0)
    start = max(start, end - 300)  # the evidence kept is 300 characters: those with the figures
    out: list[Fact] = []
    paired = gains if len(gains) == len(values) else [None] * len(values)
    for gain, value in zip(paired, values, strict=True):
        if (channel or "", gain, value) in seen:
            continue
        seen.add((channel or "", gain, value))
        cond = [
            channel,
            f"gain {gain:g}" if gain is not None else None,
            f"{supply.group('pin').upper()} = {supply.group('v')} V" if supply else None,
        ]
        out.append(
            _page_fact(
                device,
                stem,
                page,
                m.string[start:end],
                spec="full_scale_range",
                parameter="Full-scale differential input voltage",
                min=-value,
                max=value,
                value=value,
                unit=m.group("unit"),
                condition=", ".join(x for x in cond if x) or None,
                section_kind="electrical_characteristics",
            )
        )
    return out


# "Frequency (Hz) = 7.5 * Flow rate (L/min)": an output stated as a constant times the quantity
# measured, each in its unit.
_LINEAR_FORMULA = re.compile(
    r"(?P<y>[A-Za-z][A-Za-z ]{1,30}?)\s*\((?P<yu>[^()]{1,8})\)\s*=\s*(?P<k>\d+(?:\.\d+)?)\s*"
    r"[*×x]\s*(?P<x>[A-Za-z][A-Za-z ]{1,30}?)\s*\((?P<xu>[^()]{1,8})\)"
)


def _stated_transfers(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """Linear transfer functions stated as formulas: ``transfer`` facts with the factor as
    value and what it converts in ``extra`` (output and input names and units)."""
    out: list[Fact] = []
    for page, m in _prose_matches(doc, _LINEAR_FORMULA):
        out.append(
            _page_fact(
                device,
                stem,
                page,
                m.group(0),
                spec="transfer",
                parameter=f"{m.group('y').strip()} per {m.group('x').strip()}",
                value=float(m.group("k")),
                section_kind="electrical_characteristics",
                extra={
                    "output": m.group("y").strip(),
                    "output_unit": m.group("yu").strip(),
                    "input": m.group("x").strip(),
                    "input_unit": m.group("xu").strip(),
                },
            )
        )
    return out


# 'when the data High Byte is "00000001" and Low Byte is "00010000" ... ( 2 + 2 ) / 1.2 ≒ 227
# [ lx ]': a worked example turning a register's two bytes into a reading by one divisor
_COUNT_EXAMPLE = re.compile(
    r'(?i)high byte is "(?P<hi>[01]{8})" and low byte is "(?P<lo>[01]{8})"'
    r"[^/\[]{0,80}\)\s*/\s*(?P<k>\d+(?:\.\d+)?)\s*[≒≈=]\s*(?P<y>\d+)\s*\[\s*(?P<u>[^\]\s]+)\s*\]"
)


_WORD_EXAMPLE = re.compile(
    r"(?P<bits>[01]{16})\s*→\s*(?P<count>\d+)\b[^=→]{0,60}?\b(?:RH|T)\s*=\s*(?P=count)\s*/\s*"
    r"(?P<k>\d+(?:\.\d+)?)\s*=\s*(?P<y>\d+(?:\.\d+)?)\s*(?P<u>%\s*RH|℃|°C)"
)
_SIGN_EXAMPLE = re.compile(
    r"(?i)\s*when highest bit of\s*(?:the\s+)?temperature is 1, it means the temperature is "
    r"below 0[^.]*\.\s*example:\s*(?P<bits>[01]{16}),\s*T\s*=\s*minus\s*(?P<y>\d+(?:\.\d+)?)"
    r"\s*(?:℃|°C)"
)
_PER_COUNT = re.compile(
    r"(?i)(?P<mode>[\w-]+\s+mode(?:\s?\d)?)\s*:\s*[\w ]+ per 1 count\s*"
    r"\(\s*(?P<u>\w+)\s*/\s*count\s*\)\s*=\s*1\s*/\s*(?P<k>\d+(?:\.\d+)?)\s*\*"
    r"\s*\(\s*(?P<d>\d+)\s*/\s*X\s*\)(?:\s*/\s*(?P<half>\d+))?"
)


# A table of readings and the 16-bit words that give them ("+25.0625  0000000110010001  0191h"),
# and a memory map's line naming the byte that holds a word's low half ("BYTE 0  TEMPERATURE
# LSB (50h)").
_DATA_ROW = re.compile(
    r"^(?P<y>[-+]?\d+(?:\.\d+)?)\*?\s+(?P<bits>[01]{16})\s+(?P<hex>[0-9A-F]{4})h$"
)
_LOW_BYTE = re.compile(r"^BYTE\s*(?P<n>\d)\s+TEMPERATURE LSB\b.*$")


def _data_relationship(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """The divisor a table of temperatures and their two's complement words proves (DS18B20:
    word / 16 = °C, every row, the negative ones read as two's complement), kept only when
    every row of at least four, with one below zero, agrees."""
    out: list[Fact] = []
    low = next(
        (
            (page, m)
            for page in doc.pages
            for line in page.lines
            if (m := _LOW_BYTE.match(line.text))
        ),
        None,
    )
    for page in doc.pages:
        rows = [(m, line.text) for line in page.lines if (m := _DATA_ROW.match(line.text))]
        words = [(int(m["bits"], 2), float(m["y"])) for m, _ in rows]
        if len(rows) < 4 or any(int(m["bits"], 2) != int(m["hex"], 16) for m, _ in rows):
            continue
        signed = [(w - 0x10000 if w & 0x8000 else w, y) for w, y in words]
        w, y = max(signed, key=lambda wy: abs(wy[1]))
        k = w / y if y else 0.0
        if k <= 0 or not any(y < 0 for _, y in signed):
            continue
        if any(abs(w / k - y) > 1e-9 for w, y in signed):
            continue
        extra: dict[str, Any] = {
            "input": "count",
            "output_unit": "°C",
            "count_divisor": k,
            "places": max(len(m["y"].partition(".")[2]) for m, _ in rows),
            "twos_complement": True,
        }
        if low is not None:
            # (where the memory map says which byte holds the low half, cited to its page)
            extra["low_byte"] = int(low[1]["n"])
            extra["low_byte_source"] = {
                "citation": f"{stem}#p{low[0].number}",
                "evidence": low[1].group(0),
            }
        out.append(
            _page_fact(
                device,
                stem,
                page,
                "; ".join(text for _, text in rows),
                spec="transfer",
                parameter="°C per count",
                extra=extra,  # (no value: the divisor is the rows' own, printed nowhere)
            )
        )
    return out


def _count_divisors(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """The divisor a datasheet's worked example applies to a raw count to give a reading
    (BH1750: count / 1.2 = lx), kept only when the example's own bytes, so divided, give the
    result it prints."""
    out: list[Fact] = []
    for page, m in _prose_matches(doc, _COUNT_EXAMPLE):
        count = int(m.group("hi") + m.group("lo"), 2)
        k = float(m.group("k"))
        if abs(count / k - int(m.group("y"))) > 1 or any(f.value == k for f in out):
            continue  # not what the example prints, or a divisor already held
        out.append(
            _page_fact(
                device,
                stem,
                page,
                m.group(0),
                spec="transfer",
                parameter=f"{m.group('u')} per count",
                value=k,
                extra={"input": "count", "output_unit": m.group("u"), "count_divisor": k},
            )
        )
    # "0000000101011111 → 351 ... T=351/10=35.1℃": a 16-bit word's example, read as printed,
    # with the sign rule the page states after it and proves by its own example ("When highest
    # bit of temperature is 1, ... below 0 ... Example: 1000000001100101, T= minus 10.1℃")
    for page, m in _prose_matches(doc, _WORD_EXAMPLE):
        count, k, y = int(m.group("count")), float(m.group("k")), float(m.group("y"))
        if int(m.group("bits"), 2) != count or abs(count / k - y) > 1e-9:
            continue
        unit = "°C" if m.group("u") in ("℃", "°C") else "%RH"
        extra: dict[str, Any] = {
            "input": "count",
            "output_unit": unit,
            "count_divisor": k,
            "places": len(m.group("y").partition(".")[2]),
        }
        said = m.group(0)
        sign = _SIGN_EXAMPLE.match(m.string, m.end())
        if (
            sign is not None
            and sign.group("bits")[0] == "1"
            and abs(int(sign.group("bits")[1:], 2) / k - float(sign.group("y"))) < 1e-9
        ):
            extra["sign_bit"] = True
            said = m.string[m.start() : sign.end()]
        out.append(
            _page_fact(
                device,
                stem,
                page,
                said,
                spec="transfer",
                parameter=f"{unit} per count",
                value=k,
                extra=extra,
            )
        )
    out.extend(_data_relationship(doc, device, stem))
    # 'H-reslution mode2 : Illuminance per 1 count ( lx / count ) = 1 / 1.2 *( 69 / X ) / 2'
    # with its legend '69 : Default value of MTreg ( dec ) X : MTreg value': the divisor of
    # each mode at a setting X, the setting's default stated
    for page, m in _prose_matches(doc, _PER_COUNT):
        legend = re.search(
            rf"(?i)\b{m.group('d')}\s*:\s*default value of\s+(?P<setting>\w+)", m.string
        )
        if legend is None:
            continue
        k, halves = float(m.group("k")), float(m.group("half") or 1)
        out.append(
            _page_fact(
                device,
                stem,
                page,
                f"{m.group(0)} {legend.group(0)}",
                spec="transfer",
                parameter=f"{m.group('u')} per count ({m.group('mode')})",
                value=k,
                condition=m.group("mode"),
                extra={
                    "input": "count",
                    "output_unit": m.group("u"),
                    "count_divisor": k,
                    "mode": m.group("mode"),
                    "setting": legend.group("setting"),
                    "setting_default": float(m.group("d")),
                    "mode_divisor": halves,
                },
            )
        )
    return out


# A formula per span of a setting: "OcpTrim | IMAX | Imax Formula" over rows "16 to 27 | 130 to
# 240 mA | -30 + 10*OcpTrim [mA]" and "27+ | 240 mA | 240 mA".
_PIECE_HEADER = re.compile(r"(?P<out>[A-Za-z]+)\s+Formula$", re.I)
_PIECE_DOMAIN = re.compile(r"^(?P<lo>\d+)(?:\s+to\s+(?P<hi>\d+)|\+)$")
_PIECE_RANGE = re.compile(
    r"^(?:(?P<lo>-?\d+(?:\.\d+)?)\s+to\s+)?(?P<hi>-?\d+(?:\.\d+)?)\s*(?P<u>[mµu]?A)$"
)
_PIECE_FORMULA = re.compile(
    r"^(?P<expr>-?\d+(?:\.\d+)?(?:\s*[-+]\s*\d+(?:\.\d+)?\s*\*\s*(?P<sym>[A-Za-z]\w*))?)"
    r"\s*(?:\[\s*(?P<u>[mµu]?A)\s*\]|(?P<u2>[mµu]?A))$"
)


def _piecewise_formulas(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """``formula`` facts from a table of a formula per span of a setting, each with the span
    (``domain``, an open top for "27+") and the span of results it gives (``range``)."""
    out: list[Fact] = []
    for page in doc.pages:
        for k, line in enumerate(page.lines):
            cells = [seg.text.strip() for seg in line.segments]
            head = _PIECE_HEADER.search(cells[-1]) if len(cells) == 3 else None
            if head is None or not re.fullmatch(r"[A-Za-z]\w*", cells[0]):
                continue
            setting, name = cells[0], head.group("out")
            for row in page.lines[k + 1 : k + 8]:
                parts = [seg.text.strip() for seg in row.segments]
                if len(parts) != 3:
                    break
                dom, rng, form = (
                    _PIECE_DOMAIN.match(parts[0]),
                    _PIECE_RANGE.match(parts[1]),
                    _PIECE_FORMULA.match(parts[2]),
                )
                if not (dom and rng and form) or form.group("sym") not in (None, setting):
                    break
                unit = form.group("u") or form.group("u2")
                expression = re.sub(r"(?<=\S)\s*([-+*])\s*", r" \1 ", form.group("expr"))
                lo = int(dom.group("lo")) + (1 if dom.group("hi") is None else 0)
                hi = int(dom.group("hi")) if dom.group("hi") else None
                y_lo = float(rng.group("lo") or rng.group("hi"))
                out.append(
                    _page_fact(
                        device,
                        stem,
                        page,
                        row.text.strip(),
                        spec="formula",
                        parameter=f"{name} = {expression} [{unit}] ({setting} {parts[0]})",
                        extra={
                            "output": name,
                            "expression": expression,
                            "symbols": [setting],
                            "unit": unit,
                            "domain": [lo, hi],
                            "range": [y_lo, float(rng.group("hi"))],
                        },
                    )
                )
    return out


# A formula printed as a stacked fraction: "LSB Size = ------------" with "VREF" above the
# rule (its subscript a line lower) and "1024" below it.
_FRACTION_RULE = re.compile(r"^(?P<name>[A-Za-z][A-Za-z ]{0,30}?)\s*=\s*-{5,}$")
_OPERAND = re.compile(r"\d+(?:\.\d+)?|[A-Z][A-Za-z0-9]*")


def _fraction_side(lines: Sequence[Line], x0: float, x1: float) -> list[str] | None:
    """The operands over (or under) a fraction rule from ``x0`` to ``x1``, nearest line first:
    pieces that touch are one operand ("V" and its subscript "REF"), pieces apart are factors;
    a line of subscripts alone takes the line beyond it too."""
    pieces: list[Segment] = []
    for line in lines:
        inside = [sg for sg in line.segments if x0 - 4 <= (sg.x0 + sg.x1) / 2 <= x1 + 4]
        if not inside:
            if pieces:
                break
            continue
        pieces.extend(inside)
        if not all(re.fullmatch(r"[A-Z]{2,4}", sg.text.strip()) for sg in inside):
            break
    operands: list[str] = []
    last = None
    for sg in sorted(pieces, key=lambda sg: sg.x0):
        if last is not None and sg.x0 - last.x1 < 2:
            operands[-1] += sg.text.strip()
        else:
            operands.append(sg.text.strip())
        last = sg
    if not operands or not all(_OPERAND.fullmatch(o) for o in operands):
        return None
    return operands


# A fraction whose rule is a drawn line, not dashes: "Cal = trunc" between the numerator
# "0.04096" above and the denominator "Current_LSB ´ RSHUNT" below, both to its right.
_FRACTION_LEFT = re.compile(r"^(?P<name>[A-Za-z][\w ]{0,30}?)\s*=\s*(?P<fn>trunc)?$")
_TIMES = re.compile(r"\s*[´×*]\s*")
_FACTOR = re.compile(r"\d+(?:\.\d+)?|[A-Z][A-Za-z0-9_]*")


def _drawn_side(line: Line | None, x: float) -> tuple[list[str], float, float] | None:
    """The factors of one side of a drawn fraction (the text of ``line`` right of ``x``), with
    its span; None unless every factor is one number or symbol ("Maximum Expected Current" is
    words, not a product)."""
    right = [sg for sg in (line.segments if line else []) if sg.x0 >= x - 2]
    if len(right) != 1:
        return None
    factors = _TIMES.split(right[0].text.strip())
    if not all(_FACTOR.fullmatch(f) for f in factors):
        return None
    return factors, right[0].x0, right[0].x1


def _drawn_formulas(page: Page, device: str, stem: str) -> list[Fact]:
    """``formula`` facts for a page's fractions drawn with a line (INA219 Equation 1:
    trunc(0.04096 / (Current_LSB * RSHUNT)))."""
    out: list[Fact] = []
    for k, line in enumerate(page.lines[1:-1], 1):
        m = _FRACTION_LEFT.match(line.segments[0].text.strip()) if line.segments else None
        if m is None or len(line.segments) != 1:
            continue
        x = line.segments[0].x1
        over = _drawn_side(page.lines[k - 1], x)
        under = _drawn_side(page.lines[k + 1], x)
        if not over or not under or over[1] > under[2] or under[1] > over[2]:
            continue  # (the two sides must stand over one another)
        below = under[0][0] if len(under[0]) == 1 else f"({' * '.join(under[0])})"
        expression = f"{' * '.join(over[0])} / {below}"
        if m["fn"]:
            expression = f"{m['fn']}({expression})"
        name = m["name"].strip()
        symbols = [o for o in (*over[0], *under[0]) if not o[0].isdigit()]
        extra: dict[str, Any] = {"output": name, "expression": expression, "symbols": symbols}
        # (a name given in brackets only, "shunt resistor (RSHUNT)": a page of drawn
        # equations reads "Maximum Expected Current Current_LSB =" across two of them)
        text = _page_text(page).lower()
        names = {
            sym: name
            for sym, name in _symbol_names(text, symbols).items()
            if f"{name} ({sym.lower()})" in text
        }
        if names:
            extra["names"] = names
        out.append(
            _page_fact(
                device,
                stem,
                page,
                " ".join(ln.text.strip() for ln in page.lines[k - 1 : k + 2]),
                spec="formula",
                parameter=f"{name} = {expression}",
                extra=extra,
            )
        )
    return out


def _stacked_formulas(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """``formula`` facts for formulas printed as stacked fractions ("Digital Output Code =
    ------" over "1024 VIN" and under "VREF": 1024 * VIN / VREF), or over a drawn line."""
    out: list[Fact] = []
    for page in doc.pages:
        out.extend(_drawn_formulas(page, device, stem))
        for k, line in enumerate(page.lines):
            for sg in line.segments:
                m = _FRACTION_RULE.match(sg.text.strip())
                if m is None:
                    continue
                rule_x0 = sg.x0 + (sg.x1 - sg.x0) * sg.text.index("-") / len(sg.text)
                over = _fraction_side(page.lines[k - 1 :: -1][:3] if k else [], rule_x0, sg.x1)
                under = _fraction_side(page.lines[k + 1 : k + 4], rule_x0, sg.x1)
                if not over or not under:
                    continue
                below = under[0] if len(under) == 1 else f"({' * '.join(under)})"
                expression = f"{' * '.join(over)} / {below}"
                name = m.group("name").strip()
                symbols = [o for o in (*over, *under) if not o[0].isdigit()]
                out.append(
                    _page_fact(
                        device,
                        stem,
                        page,
                        f"{name} = {' '.join(over)} / {' '.join(under)}",
                        spec="formula",
                        parameter=f"{name} = {expression}",
                        extra={"output": name, "expression": expression, "symbols": symbols},
                    )
                )
    return out


# A datasheet page introduces the formulas it means ("Calculation formula:", "is equal to"):
# elsewhere an "=" is a table's legend ("R/W = Read/Write") or a drawing's label.
_FORMULA_CUE = re.compile(
    r"(?i)(?:formula|equal to|equals|given by|calculated? (?:as|by))[:\w\s,]{0,45}$"
    # "The carrier frequency is programmed through RegFrf, split across addresses 0x06 to
    # 0x08:": a sentence that leads into what follows with a colon
    r"|[a-z0-9]:\s*$"
)


def _formula_facts(
    text: str, make: Callable[[str, dict[str, Any]], Fact], cued: bool = False
) -> list[Fact]:
    """``formula`` facts for the formulas of named quantities a text states as written
    ("(Rs)=(Vc/VRL-1)×RL"), each made by ``make(evidence, fields)``; with ``cued``, only those
    a cue introduces."""
    out: list[Fact] = []
    for m in FORMULA_START.finditer(text):
        before = text[max(0, m.start() - 60) : m.start()]
        if cued and not _FORMULA_CUE.search(before):
            continue
        read = read_expression(text, m.end())
        if read is None:
            continue
        expression, end = read
        name = m.group("bracketed") or m.group("name")
        start = max(0, text.rfind(".", 0, m.start()) + 1, m.start() - 120)
        said = text[start:end].strip().rstrip("`")
        symbols = symbols_of(expression)
        extra: dict[str, Any] = {"output": name, "expression": expression, "symbols": symbols}
        if names := _symbol_names(text, symbols):
            extra["names"] = names
        parameter = f"{name} = {expression}" if name else f"formula {expression}"
        out.append(make(said, {"spec": "formula", "parameter": parameter, "extra": extra}))
    return out


# A quantity named beside its symbol: "load resistance RL", "circuit voltage(VC)".
_QUANTITY_NOUN = r"voltage|resistance|resistor|current|power|capacitance|temperature"


def _symbol_names(text: str, symbols: list[str]) -> dict[str, str]:
    """The names the text gives a formula's symbols ("RL": "load resistance"), where it names
    each the same way wherever it does."""
    out = {}
    for sym in symbols:
        said = {
            f"{m.group(1).lower()} {m.group(2).lower()}"
            for m in re.finditer(
                rf"\b([a-z]{{3,}})\s+({_QUANTITY_NOUN})\s*\(?\s*{re.escape(sym)}\s*\)?(?![\w])",
                text,
                re.IGNORECASE,
            )
        }
        if len(said) == 1:
            out[sym] = said.pop()
    return out


def _row_formulas(facts: list[Fact]) -> list[Fact]:
    """A table row whose condition defines its own symbol ("FSTEP  Frequency synthesizer step
    FSTEP = FXOSC/2^19 … 61.0 Hz"): that definition as a formula, of one symbol or more."""
    out = []
    for f in facts:
        sym, cond = (f.symbol or "").strip(), (f.condition or "").strip()
        m = re.match(rf"{re.escape(sym)}\s*=\s*", cond) if sym else None
        read = read_expression(cond, m.end(), symbols=1) if m else None
        if read is None or read[1] < len(cond):
            continue
        expression = read[0]
        extra = {"output": sym, "expression": expression, "symbols": symbols_of(expression)}
        if f.unit:
            extra["unit"] = f.unit
        out.append(
            f.model_copy(
                update={
                    "spec": "formula",
                    "parameter": f"{sym} = {expression}",
                    "min": None,
                    "typ": None,
                    "max": None,
                    "value": None,
                    "condition": None,
                    "extra": extra,
                }
            ).with_id()
        )
    return out


def _page_formulas(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    return [
        f
        for page in doc.pages
        for f in _formula_facts(
            _page_text(page),
            lambda said, fields, page=page: _page_fact(device, stem, page, said, **fields),
            cued=True,
        )
    ]


# "5V Power Supply: Pressure=(output-4.5)/K" over a "K Factor" table of "Range (kPa)  3.3(V)
# 5(V)" rows: a conversion from output to reading per supply, its factor per measuring range.
_CONVERSION = re.compile(
    r"(?i)(?P<supply>\d+(?:\.\d+)?)\s*V\s+Power\s+Supply:\s*(?P<what>[A-Za-z]+)\s*=\s*"
    r"\(\s*output\s*-\s*(?P<offset>\d+(?:\.\d+)?)\s*\)\s*/\s*K\b"
)
_K_RANGE = re.compile(r"^(?:(?P<lo>-?\d+(?:\.\d+)?)\s*[～~]\s*)?(?P<hi>-?\d+(?:\.\d+)?)$")


def _conversion_factors(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """``k_factor`` facts: for each supply and measuring range, the factor K of a conversion
    formula the page states ("Pressure=(output-4.5)/K"), with the formula's offset."""
    out: list[Fact] = []
    for page in doc.pages:
        formulas: dict[float, re.Match[str]] = {}
        header: tuple[float, list[float]] | None = None  # x of "Range", supplies of the columns
        for line in page.lines:
            for m in _CONVERSION.finditer(line.text):
                if header is not None:
                    formulas, header = {}, None  # a new block begins
                formulas[float(m.group("supply"))] = m
            range_seg = next((sg for sg in line.segments if sg.text.startswith("Range")), None)
            if range_seg is not None and formulas:
                volts = [float(v) for v in re.findall(r"(\d+(?:\.\d+)?)\s*[（(]\s*V", line.text)]
                header = (range_seg.x0, volts)
                continue
            if header is None:
                continue
            cells = [sg.text for sg in line.segments if sg.x0 >= header[0] - 20]
            rm = _K_RANGE.match(cells[0]) if len(cells) == len(header[1]) + 1 else None
            if rm is None or not all(re.fullmatch(r"\d+(?:\.\d+)?", c) for c in cells[1:]):
                continue
            lo = float(rm.group("lo")) if rm.group("lo") else 0.0
            hi = float(rm.group("hi"))
            for supply, k in zip(header[1], cells[1:], strict=True):
                formula = formulas.get(supply)
                if formula is None:
                    continue
                out.append(
                    _page_fact(
                        device,
                        stem,
                        page,
                        f"{formula.group(0)} / Range {cells[0]}: {'  '.join(cells[1:])}",
                        spec="k_factor",
                        parameter=f"K factor, {formula.group('what')} conversion",
                        value=float(k),
                        condition=f"{supply:g} V supply, range {cells[0]} kPa",
                        section_kind="electrical_characteristics",
                        extra={
                            "supply": supply,
                            "offset": float(formula.group("offset")),
                            "range": [lo, hi],
                        },
                    )
                )
    return out


# "+-2%RH(Max +-5%RH)": a typical ± figure with the worst case printed after it.
_WITH_MAX = re.compile(
    r"(?:±|\+-|\+/-)\s*(?P<typ>\d+(?:\.\d+)?)\s*(?P<unit>[%A-Za-z°]+)\s*\(\s*max\.?\s*"
    r"(?:±|\+-|\+/-)\s*(?P<max>\d+(?:\.\d+)?)",
    re.IGNORECASE,
)


def _stated_maxima(facts: list[Fact]) -> list[Fact]:
    """For a ± figure whose source prints its worst case beside it, that worst case as a row of
    its own (the typical one stays as it is)."""
    out: list[Fact] = []
    for f in facts:
        if not f.extra.get("plus_minus") or not isinstance(f.value, int | float):
            continue
        for m in _WITH_MAX.finditer(f.evidence):
            if float(m.group("typ")) == f.value and (f.unit or "").startswith(m.group("unit")[:1]):
                worst = float(m.group("max"))
                out.append(
                    f.model_copy(
                        update={
                            "parameter": f"{f.parameter} (max)",
                            "value": worst,
                            "min": -worst,
                            "max": worst,
                            "condition": "worst case",
                            **_si({"value": worst, "min": -worst, "max": worst}, f.unit, f.spec),
                        }
                    ).with_id()
                )
    return out


# A row printed per band of rated pressure: "5kPa＜Pressure ≤200kPa  2.5X  Rated Pressure",
# "Pressure ≤10kPa or＞200kPa  ±2.5".
_PRESSURE_BAND = re.compile(
    r"^(?:(?P<lo>\d+(?:\.\d+)?)\s*kPa\s*[＜<]\s*)?Pressure\s*"
    r"(?:[≤<]=?\s*(?P<hi>\d+(?:\.\d+)?)\s*kPa)?(?:\s*or\s*[＞>]\s*(?P<or>\d+(?:\.\d+)?)\s*kPa)?$"
)
_BAND_FIGURE = re.compile(r"^(?P<pm>±)?(?P<v>\d+(?:\.\d+)?)(?P<x>X)?$")


def _pressure_bands(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """Rows a table prints per band of the part's rated pressure, under a label split above and
    below them ("Over" / "Pressure"): a fact per band with the band in ``extra`` and, for a
    figure written "2.5X  Rated Pressure", the multiple of the rated pressure it is."""
    out: list[Fact] = []
    for page in doc.pages:
        groups: list[list[tuple[Line, re.Match[str], re.Match[str]]]] = []
        for line in page.lines:
            at = next(
                (k for k, sg in enumerate(line.segments) if _PRESSURE_BAND.match(sg.text)), None
            )
            if at is None:
                continue
            band = _PRESSURE_BAND.match(line.segments[at].text)
            # the figure is printed right of the band (a footnote mark may sit left of it)
            figure = next(
                (m for sg in line.segments[at + 1 :] if (m := _BAND_FIGURE.match(sg.text))), None
            )
            if band is None or figure is None:
                continue
            group = groups[-1] if groups else None
            if (
                group is None
                or any(b.group(0) == band.group(0) for _l, b, _f in group)
                or bool(group[-1][2].group("x")) != bool(figure.group("x"))
            ):
                groups.append([])
            groups[-1].append((line, band, figure))
        for group in groups:
            top, bottom = group[0][0].y, group[-1][0].y
            left = min(sg.x0 for ln, b, _f in group for sg in ln.segments if sg.text == b.group(0))
            label = " ".join(
                sg.text
                for ln in page.lines
                if bottom - 8 <= ln.y <= top + 8
                for sg in ln.segments
                if sg.x0 < left - 20 and re.fullmatch(r"[A-Za-z][A-Za-z.]*", sg.text)
            )
            if not label:
                continue
            # the unit cell is printed once for the group's rows ("%Span" between them)
            near = " ".join(ln.text for ln in page.lines if bottom - 8 <= ln.y <= top + 8)
            unit_m = re.search(r"%\s*Span|%\s*FSS", near)
            for line, band, figure in group:
                v = float(figure.group("v"))
                bounds = [
                    [
                        float(band.group("lo")) if band.group("lo") else 0.0,
                        float(band.group("hi")) if band.group("hi") else None,
                    ],
                ]
                if band.group("or"):
                    bounds.append([float(band.group("or")), None])
                multiple = bool(figure.group("x"))
                out.append(
                    _page_fact(
                        device,
                        stem,
                        page,
                        f"{label}: {line.text}",
                        spec=map_spec(label, None, "electrical_characteristics")
                        or label_spec(label)
                        or "pressure_band",
                        parameter=label,
                        **(
                            {"value": v}
                            if not figure.group("pm")
                            else {"min": -v, "max": v, "value": v}
                        ),
                        unit="× rated pressure"
                        if multiple
                        else (unit_m.group(0) if unit_m else None),
                        condition=band.group(0),
                        section_kind="electrical_characteristics",
                        extra={
                            "bands": bounds,
                            **({"multiple_of": "rated pressure"} if multiple else {}),
                        },
                    )
                )
    return out


# "The equivalent CO2 (eCO2) output range for CCS811 is from 400ppm to 64000ppm": the span a
# sensor reports a quantity over, stated in prose.
_OUTPUT_RANGE_SENTENCE = re.compile(
    r"(?i)\b(?:the\s+)?(?P<what>[\w() ]{2,60}?)\s+output\s+range\s+(?:for\s+\S+\s+)?is\s+"
    r"(?:from\s+)?(?P<lo>[+-]?\d[\d.,]*)\s*(?P<lu>[A-Za-z%°µ/]{1,6})?\s*to\s+"
    r"(?P<hi>[+-]?\d[\d.,]*)\s*(?P<unit>[A-Za-z%°µ/]{1,6})\b"
)


def _stated_output_ranges(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """Measurement ranges a sentence states per reported quantity (eCO2, TVOC)."""
    out: list[Fact] = []
    for page, m in _prose_matches(doc, _OUTPUT_RANGE_SENTENCE):
        if m.group("lu") and m.group("lu") != m.group("unit"):
            continue
        # "The equivalent CO 2 (eCO 2) output range": the name in brackets, when given.
        what = re.sub(r"\s+", "", m.group("what").split("(")[-1].rstrip(") ")) or m.group("what")
        lo, hi = (float(m.group(k).replace(",", "")) for k in ("lo", "hi"))
        unit = m.group("unit")
        try:
            si = _si({"min": lo, "max": hi}, unit, "measurement_range")
        except UnknownUnitError:
            continue
        out.append(
            _page_fact(
                device,
                stem,
                page,
                m.group(0),
                spec="measurement_range",
                parameter=f"{what} output range",
                min=lo,
                max=hi,
                unit=unit,
                **si,
                applies_to={"quantity": what},
            )
        )
    return out


# "I²C (up to 3.4 MHz) and SPI (3 and 4 wire, up to 10 MHz)": a bus's fastest clock stated in a
# feature line.
_BUS_CLOCK_SENTENCE = re.compile(
    r"(?i)\b(?P<bus>I²C|I2C|SPI)\b(?:\s+interface)?\s*\(?(?:[^().;]{0,30},\s*)?up\s+to\s+"
    r"(?P<v>\d+(?:\.\d+)?)\s*(?P<u>[kM]Hz)\b"
)


# A module's table of a chip inside it ("Table 15: Flash Specifications"): its rows rate that
# chip (the flash's own supply and clock), not the module's pins.
_COMPONENT_TABLE = re.compile(r"(?i)\b(flash|psram)\s+specifications?\b")


def _of_component(fact: Fact) -> Fact:
    """``fact`` marked with the chip it rates when its table is that of a chip inside the part."""
    if not (m := _COMPONENT_TABLE.search(fact.section or "")):
        return fact
    applies = {**fact.applies_to, "component": m.group(1).lower()}
    return fact.model_copy(update={"applies_to": applies}).with_id()


def _stated_bus_clocks(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """Fastest bus clocks stated in prose, one per bus (the first statement)."""
    out: dict[str, Fact] = {}
    for page, m in _prose_matches(doc, _BUS_CLOCK_SENTENCE):
        spec = "spi_max_clock" if m.group("bus").upper() == "SPI" else "i2c_max_clock"
        if spec in out:
            continue
        v, unit = float(m.group("v")), m.group("u")
        out[spec] = _page_fact(
            device,
            stem,
            page,
            m.group(0),
            spec=spec,
            parameter=f"{m.group('bus')} clock",
            max=v,
            unit=unit,
            **_si({"max": v}, unit, spec),
        )
    if "i2c_max_clock" not in out:
        # "Standard mode (100 Kbit/s)", "Fast mode (400 Kbit/s)": the I2C modes a part lists;
        # the fastest is its clock limit.
        modes = [
            (float(m.group("v")) * (1000.0 if m.group("u") in "Mm" else 1.0), page, m)
            for page, m in _prose_matches(doc, _I2C_MODE)
        ]
        if modes:
            khz, page, m = max(modes, key=lambda t: t[0])
            out["i2c_max_clock"] = _page_fact(
                device,
                stem,
                page,
                m.group(0),
                spec="i2c_max_clock",
                parameter="I2C clock",
                max=khz,
                unit="kHz",
                condition=m.group("mode"),
                **_si({"max": khz}, "kHz", "i2c_max_clock"),
            )
    return list(out.values())


_I2C_MODE = re.compile(
    r"(?i)\b(?P<mode>standard|fast|fast[- ]mode plus|high[- ]speed)[- ]mode\s*\("
    r"(?P<v>\d+(?:\.\d+)?)\s*(?P<u>[kKM])\s*bit/s\)"
)


# "it's incompatible with Dallas 1-wire bus", "is not compatible with I2C": a datasheet saying
# which bus its part does not work on.
_DENIED_BUS = re.compile(
    r"(?i)\b(?:in|not\s+)compatible\s+with\s+(?:the\s+)?(?P<bus>[\w/ -]{0,30}?"
    r"(?:1-wire|one-wire|i2c|i²c|spi|uart|smbus)(?:\s+bus)?)"
)


def _denied_buses(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """Interface facts for the buses a datasheet says its part is not compatible with."""
    out: list[Fact] = []
    for page, m in _prose_matches(doc, _DENIED_BUS):
        found = _protocols(m.group("bus"))
        if not found:
            continue
        out.append(
            _page_fact(
                device,
                stem,
                page,
                _sentence_up_to(m),
                spec="interface",
                parameter="Incompatible bus",
                value=f"not compatible with {m.group('bus').strip()}",
                extra={"not_protocols": found},
            )
        )
    return out


# A table of conversion time per ADC setting ("Mode/Samples | Conversion Time": "12 bit
# 532 μs", "128  68.10 ms"), its register bits before: the time of each resolution and of each
# number of samples averaged.
_SETTING_TIME = re.compile(
    r"(?:^|\s)(?P<n>\d+)(?P<bit>\s*-?\s*bits?)?\s{2,}(?P<t>\d+(?:\.\d+)?)\s*(?P<u>[μµu]s|ms)\s*$"
)


def _times_per_setting(
    doc: PdfDocument, device: str, stem: str, facts: Sequence[Fact]
) -> list[Fact]:
    """``conversion_time`` per resolution and per number of samples averaged, from a table
    whose header names samples and a conversion time; a resolution whose time the part's
    characteristics already state (with its limits) is not read again."""
    stated = " ".join(f.condition or "" for f in facts if f.spec == "conversion_time")
    out: list[Fact] = []
    for page in doc.pages:
        for i, head in enumerate(page.lines):
            if not re.search(r"(?i)\bsamples\b.*\bconversion time\b", head.text):
                continue
            title = (
                page.lines[i - 1].text.strip()
                if i and "table" in page.lines[i - 1].text.lower()
                else ""
            )
            seen: set[str] = set()
            for line in page.lines[i + 1 : i + 40]:
                if re.match(r"\s*\(\d\)\s+\S", line.text):
                    break  # the table's notes
                m = _SETTING_TIME.search(line.text)
                if m is None:
                    continue
                n = int(m["n"])
                condition = f"{n}-bit resolution" if m["bit"] else f"{n}-sample averaging"
                if condition in seen or (m["bit"] and re.search(rf"\b{n}[- ]?bit", stated)):
                    continue
                seen.add(condition)
                unit = "ms" if m["u"] == "ms" else "μs"
                value = float(m["t"])
                si, si_unit = to_si(value, unit)
                out.append(
                    _page_fact(
                        device,
                        stem,
                        page,
                        line.text.strip(),
                        spec="conversion_time",
                        parameter="Conversion Time",
                        value=value,
                        unit=unit,
                        si_value=si,
                        si_unit=si_unit,
                        condition=condition,
                        section=title or None,
                        section_kind="timing",
                    )
                )
    return out


# "SPI serial interface (modes 0,0 and 1,1)", "compatible with SPI mode '00' (CPOL = CPHA = '0')
# and mode '11'": the clock modes (CPOL, CPHA) a part's SPI port takes ("SPI Boot Mode" is none).
_SPI_MODE = r"['‘’]?(?:[01]\s?,\s?[01]|[01]{2}|[0-3])['‘’]?(?![\d.,])"
_SPI_MODES = re.compile(
    rf"(?i)\bSPI\b(?:(?!boot)[^.\n]){{0,40}}?\bmodes?\s*\(?\s*(?P<modes>{_SPI_MODE}"
    rf"(?:\s*(?:\([^)]{{0,40}}\)\s*)?(?:and|or|,)\s*(?:modes?\s*)?{_SPI_MODE})*)"
)


def _spi_modes(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """The SPI clock modes a part takes, as the first page to state them says (one fact)."""
    for page, m in _prose_matches(doc, _SPI_MODES):
        # (not the bits a bracket spells a mode out in: "(CPOL = CPHA = '0')")
        modes = re.findall(_SPI_MODE, re.sub(r"\([^)]*\)", " ", m.group("modes")))
        value = " and ".join(re.sub(r"['‘’\s]", "", x) for x in modes)
        return [
            _page_fact(
                device,
                stem,
                page,
                _sentence_up_to(m).rsplit("•", 1)[-1].strip(),
                spec="spi_mode",
                parameter="SPI modes",
                value=value,
            )
        ]
    return []


# "CCS811 requires the host processor supports clock stretching.": a feature the part's bus
# host must have, which the host's own documents must state.
_HOST_REQUIREMENT = re.compile(
    r"(?i)\brequires\s+(?:that\s+)?the\s+(?:host|master|bus\s+master)"
    r"(?:\s+(?:processor|controller|mcu|microcontroller|device))?\s+(?:to\s+)?"
    r"(?:supports?|provides?|handles?|implements?)\s+(?P<what>[a-z][a-z -]{2,40}?)\s*[.;,]"
)


# "Digital power supply (DVDD) should be the same power supply as the MCU power supply.": the
# rail of the part's pins is its host's own, so its logic levels are the host's.
_HOST_SUPPLY = re.compile(
    r"(?i)\b(?P<what>(?:digital|i/?o|logic|interface)\s+(?:power\s+)?supply)\s*"
    r"\((?P<sym>[A-Z][A-Z0-9_]*)\)\s+should\s+be\s+the\s+same\s+(?:power\s+)?supply\s+as\s+the\s+"
    r"(?P<host>MCU|microcontroller|host|processor)(?:\s+power)?\s+supply"
)


def _host_requirements(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """``host_requirement`` facts: what the part needs of the host that drives its bus; and
    ``host_supply`` facts: a supply pin the datasheet ties to the host's own supply."""
    out: list[Fact] = []
    for page, m in _prose_matches(doc, _HOST_REQUIREMENT):
        out.append(
            _page_fact(
                device,
                stem,
                page,
                _sentence_up_to(m),
                spec="host_requirement",
                parameter="Host must support",
                value=m.group("what").strip(),
            )
        )
    # (read by column: the sentence runs down one column of a two-column page)
    for page, m in ((p, m) for p in doc.pages for m in _HOST_SUPPLY.finditer(_column_text(p))):
        out.append(
            _page_fact(
                device,
                stem,
                page,
                _sentence_up_to(m),
                spec="host_supply",
                parameter=f"{m.group('what').capitalize()} ({m.group('sym')})",
                symbol=m.group("sym"),
                value=f"the {m.group('host')} supply",
            )
        )
    return out


# "Full scale differential input range  V(inp)-V(inn)  ±0.5(AVDD/GAIN)  V": an input range
# that scales with a rail and the programmed gain.
_GAIN_SCALED = re.compile(
    r"±\s*(?P<k>\d+(?:\.\d+)?)\s*\(\s*(?P<rail>AVDD|VDD|VREF)\s*/\s*GAIN\s*\)\s*(?P<unit>m?V)\b"
)


def _gain_scaled_ranges(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """``full_scale_range`` facts written as a formula of a rail over the gain: no figure of
    their own; ``extra`` keeps the coefficient, the rail and the unit."""
    out: list[Fact] = []
    for page in doc.pages:
        for i, line in enumerate(page.lines):
            m = _GAIN_SCALED.search(line.text)
            if m is None:
                continue
            above = page.lines[i - 1].text.strip() if i else ""
            out.append(
                _page_fact(
                    device,
                    stem,
                    page,
                    f"{above} / {line.text.strip()}" if above else line.text.strip(),
                    spec="full_scale_range",
                    parameter="Full-scale differential input range",
                    section_kind="electrical_characteristics",
                    extra={
                        "per_gain": m.group("rail"),
                        "coefficient": float(m.group("k")),
                        "formula_unit": m.group("unit"),
                    },
                )
            )
    return out


# A pin table's "ch A PWM input/200 kΩ pull-down at internal": the part's own resistor on it.
_INTERNAL_PULL = re.compile(
    r"(?i)(?P<value>\d+(?:\.\d+)?)\s*(?P<unit>[kM]?Ω)\s*pull[- ]?(?P<way>up|down)\s+"
    r"(?:at\s+)?internal"
)


def _internal_pulls(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """Internal pull-up and pull-down resistors a pin table states, one fact per value and
    direction, the pins named in its condition."""
    found: dict[tuple[str, str, str], tuple[Page, list[str], str]] = {}
    for page in doc.pages:
        for line in page.lines:
            m = _INTERNAL_PULL.search(line.text)
            if m is None:
                continue
            key = (m.group("value"), m.group("unit"), m.group("way").lower())
            pin = next(
                (
                    sg.text.strip()
                    for sg in line.segments[1:]
                    if re.fullmatch(r"[A-Z][A-Z0-9_]{1,8}", sg.text.strip())
                ),
                None,
            )
            entry = found.setdefault(key, (page, [], line.text.strip()))
            if pin:
                entry[1].append(pin)
    out = []
    for (value, unit, way), (page, pins, said) in found.items():
        row = RowRecord(
            f"Internal pull-{way} resistor",
            f"{stem}#p{page.number}",
            "Pin Functions",
            "general",
            said,
            page.number,
            typ=value,
            unit=unit,
            condition=f"pins {', '.join(pins)}" if pins else None,
        )
        out.extend(facts_from_row(row, device, stem)[0])
    return out


# What a register reads: "Config Register (P[1:0] = 1h) [reset = 8583h]", "The “id” register
# contains the chip identification number chip_id[7:0], which is 0x60", and a register map row
# "0x20  HW_ID  R  1 byte  Hardware ID. The value is 0x81".
_REGISTER_RESET = re.compile(
    r"(?P<name>\b[A-Z][\w/-]*(?: [A-Z][\w/-]*){0,3}) Register\b"
    r"(?:[^\[\n(]|\([^)\n]*\)){0,40}\[reset = (?P<value>[0-9A-Fa-f]+h)\]"
)
_REGISTER_SAID = re.compile(
    r"(?i)\bthe [“\"']?(?P<name>\w+)[”\"']? register contains\b[^.]{0,80}?\b(?:which|that) is "
    r"(?P<value>0x[0-9A-Fa-f]+)\b"
)
_REGISTER_ROW = re.compile(
    r"^(?P<address>0x[0-9A-Fa-f]{2})\s+(?P<name>[A-Z][\w ]{0,20}?)\s+(?:R|W|R/W)\s.*?"
    r"\bThe value is (?P<value>0x[0-9A-Fa-f]+)\b"
)


def _register_values(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """``register_value`` facts: the value a named register reads (at reset, or always)."""
    found: list[tuple[Page, str, str, str]] = []  # page, label, value, evidence
    for page, m in _prose_matches(doc, _REGISTER_RESET):
        found.append((page, f"{m.group('name')} register reset value", m.group("value"), m[0]))
    for page, m in _prose_matches(doc, _REGISTER_SAID):
        # under its heading "5.4.1 Register 0xD0 “id”": the register's address
        at = re.search(
            rf"Register (0x[0-9A-Fa-f]{{2}}) [“\"']?{re.escape(m.group('name'))}[”\"']?\s*$",
            m.string[: m.start()],
        )
        label, said = f"{m.group('name')} register value", m[0]
        if at:
            # (the heading is evidence too: it holds the address the label gives)
            label, said = f"{label} (address {at.group(1)})", m.string[at.start() : m.end()]
        found.append((page, label, m.group("value"), " ".join(said.split())))
    for page in doc.pages:
        for line in page.lines:
            r = _REGISTER_ROW.match(line.text.strip())
            if r:
                label = f"{r.group('name').strip()} register value (address {r.group('address')})"
                found.append((page, label, r.group("value"), line.text.strip()))
    return [
        _page_fact(device, stem, page, said, spec="register_value", parameter=label, value=value)
        for page, label, value, said in found
    ]


# "• Chip boot mode – Strapping pin: GPIO0 and GPIO2": the pins a boot parameter is read from
_STRAPPING = re.compile(
    r"•\s*(?P<what>[A-Z][\w ()/-]{2,40}?)\s*[–-]\s*Strapping pins?:\s*"
    r"(?P<pins>[A-Z][A-Z0-9_]*\d?(?:\s*(?:,|and)\s*[A-Z][A-Z0-9_]*)*)"
)


def _strapping_pins(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """``strapping_pin`` facts: which pins set which boot parameter at reset."""
    return [
        _page_fact(
            device,
            stem,
            page,
            m.group(0).lstrip("• "),
            spec="strapping_pin",
            parameter=f"{m['what'].strip()} strapping pins",
            value=m["pins"].strip(),
        )
        for page, m in _prose_matches(doc, _STRAPPING)
    ]


# A register field's settings, one per line ("010 : FSR = ±2.048 V (default)", "011: Mode 3 –
# ... every 60" wrapping onto "seconds", "110  10" under a header "t_sb[2:0]  tstandby [ms]"),
# the field named on one of its lines ("11:9  PGA[2:0]  R/W  2h  010 : ...", "6:4  DRIVE_MODE
# 1xx: Reserved") or in the header above.
_SETTING = re.compile(r"^(?P<code>[01]{2,4})(?:\s*:\s*|\s+)(?P<meaning>\S.*)$")
_CODE = re.compile(r"[01]{2,4}")
_FIELD_BITS = re.compile(r"^(?:\d{1,2}(?:[:-]\d{1,2})?|Bits?\s[\d, ]+)$")
_FIELD_NAME = re.compile(r"^[A-Za-z]\w*(?:\[\d+:\d+\]|\(\d+:\d+\))?$")
_FIELD_RESET = re.compile(r"^(?:0x[0-9A-Fa-f]+|[0-9A-Fa-f]+h)$")


def _field_at(cells: list[str]) -> int | None:
    """Where a field row's bits cell stands ("11:9  PGA[2:0]  R/W  2h  ..."), if it is one."""
    for k, cell in enumerate(cells[:-1]):
        if (
            _FIELD_BITS.match(cell)
            and _FIELD_NAME.match(cells[k + 1])
            and cells[k + 1].lower() not in ("reserved", "unused")
        ):
            return k
    return None


def _cells(line: Line) -> list[str]:
    # (an arrow glyph of a private-use font dropped: "\uf0e0 Sleep mode")
    return [re.sub(r"[\ue000-\uf8ff]", "", sg.text).strip() for sg in line.segments]


def _settings_of(line: Line) -> list[tuple[str, str]]:
    """The (code, meaning) pairs a line prints, right of any field row's own cells."""
    cells = _cells(line)
    at = _field_at(cells)
    cells = cells if at is None else cells[at + 2 :]
    out = []
    for k, cell in enumerate(cells):
        # (a meaning may look like a code of another width: "101  1000", "110  10")
        if (
            _CODE.fullmatch(cell)
            and k + 1 < len(cells)
            and not (_CODE.fullmatch(cells[k + 1]) and len(cells[k + 1]) == len(cell))
        ):
            out.append((cell, cells[k + 1]))
        elif (m := _SETTING.match(cell)) and not (k and _CODE.fullmatch(cells[k - 1])):
            out.append((m["code"], m["meaning"]))
    return out


def _field_of(line: Line) -> tuple[str, str | None] | None:
    """A field row's name and reset value ("11:9  PGA[2:0]  R/W  2h  ...": PGA[2:0], 2h)."""
    cells = _cells(line)
    at = _field_at(cells)
    if at is None:
        return None
    return cells[at + 1], next((c for c in cells[at + 2 :] if _FIELD_RESET.match(c)), None)


def _register_fields(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """``register_field`` facts: a field's settings as its table prints them, its default (the
    setting marked "(default)" or "(d)", or its reset value), the unit its header gives, and
    the description lines just above them."""
    out: list[Fact] = []
    for page in doc.pages:
        lines = page.lines
        k = 0
        while k < len(lines):
            if not _settings_of(lines[k]):
                k += 1
                continue
            start, settings, said = k, [], []
            while k < len(lines):
                pairs = _settings_of(lines[k])
                if any(c == seen for c, _m in pairs for seen, _s in settings):
                    break  # the codes start over: the next field's settings
                if pairs:
                    settings.extend([c, m] for c, m in pairs)
                elif re.fullmatch(r"\(\d\)", lines[k].text.strip()) or _field_of(lines[k]):
                    pass  # a footnote mark, or the field's row printed between its settings
                elif (
                    settings
                    and len(lines[k].segments) == 1
                    and lines[k].text[:1].islower()
                    and not _SETTING.match(lines[k].text)
                ):
                    settings[-1][1] += f" {lines[k].text.strip()}"  # a meaning wraps on
                else:
                    break
                said.append(lines[k].text.strip())
                k += 1
            codes = [c for c, _m in settings]
            if (
                len(settings) < 3
                or len({len(c) for c in codes}) != 1
                or not all(re.search(r"\w", m) for _c, m in settings)  # ("-": a map, unused)
            ):
                continue
            around = lines[max(0, start - 1) : min(len(lines), k + 1)]
            field = next((f for ln in lines[start:k] + around if (f := _field_of(ln))), None)
            head = lines[start - 1] if start else None
            unit = None
            if field is None and head is not None and len(head.segments) == 2:
                name, title = (sg.text.strip() for sg in head.segments)
                if _FIELD_NAME.match(name) and re.search(r"[\[(]", name):
                    field = (name, None)
                    if u := re.search(r"\[\s*(\w+)\s*\]", title):
                        unit = u.group(1)
            if field is None:
                continue
            name, reset = field
            width = len(codes[0])
            default = next(
                (c for c, m in settings if re.search(r"\((?:default|d)\)", m)),
                f"{int(reset.removeprefix('0x').removesuffix('h'), 16):0{width}b}"
                if reset
                else None,
            )
            about = []
            for ln in reversed(lines[max(0, start - 4) : start]):
                if (
                    len(ln.segments) != 1
                    or re.match(r"^\d\s*:", ln.text)
                    or _SETTING.match(ln.text)
                ):
                    break
                about.insert(0, ln.text.strip())
            out.append(
                _page_fact(
                    device,
                    stem,
                    page,
                    "; ".join([*([head.text.strip()] if unit and head else []), *said]),
                    spec="register_field",
                    parameter=f"{name} field",
                    value=default,
                    extra={
                        "field": name,
                        "settings": settings,
                        "default": default,
                        "unit": unit,
                        "about": " ".join(about),
                    },
                )
            )
    return out


# "Acceptable voltage deviation is within 5% of the specified voltage": the band a nominal
# supply may vary in, stated once for every nominal the part offers.
_SUPPLY_TOLERANCE = re.compile(
    r"(?i)(?:voltage|supply)\s+(?:deviation|tolerance|variation)\s+(?:is\s+|of\s+)?"
    r"(?:within\s+)?(?:±\s*)?(?P<pct>\d+(?:\.\d+)?)\s*%\s*of\s+the\s+(?:specified|nominal|rated)"
    r"\s+(?:supply\s+)?voltage"
)


def _supply_tolerances(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    out: list[Fact] = []
    for page in doc.pages:
        for line in page.lines:
            m = _SUPPLY_TOLERANCE.search(line.text)
            if m is None:
                continue
            out.append(
                _page_fact(
                    device,
                    stem,
                    page,
                    line.text.strip(),
                    spec="supply_tolerance",
                    parameter="Supply voltage tolerance",
                    value=float(m.group("pct")),
                    unit="%",
                    si_value=float(m.group("pct")),
                    si_unit="%",
                    section_kind="electrical_characteristics",
                )
            )
    return out


# "The upper end of the common mode voltage range is VCC –1.7 V": a note that states where a
# range ends relative to a supply rail, which the table only prints at its test supply.
_RAIL_RELATIVE_END = re.compile(
    r"(?i)\bthe\s+(?P<end>upper|lower)\s+(?:end|limit)\s+of\s+the\s+(?P<label>[a-z][a-z \-]{4,60}?)"
    r"\s+(?:is|=)\s+(?P<expr>(?:VCC|VDD|VS|V\+|VEE|VSS)\s*[+\-–−]\s*\d+(?:\.\d+)?)\s*V\b"
)


def _rail_relative_ends(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    out: list[Fact] = []
    for page, m in _prose_matches(doc, _RAIL_RELATIVE_END):
        spec = map_spec(m.group("label"), None, "electrical_characteristics")
        if spec is None:
            continue
        expr = re.sub(r"\s*[–−]\s*", " - ", m.group("expr")).replace("+", " + ")
        side = "max_text" if m.group("end").lower() == "upper" else "min_text"
        out.append(
            _page_fact(
                device,
                stem,
                page,
                m.group(0),
                spec=spec,
                parameter=m.group("label").strip().capitalize(),
                unit="V",
                section_kind="electrical_characteristics",
                extra={side: re.sub(r"\s+", " ", expr).strip()},
            )
        )
    return out


# A row measured over a stated input span ("Atten = 3, effective measurement range of
# 150 ∼ 2450 mV") states the input range for that setting as well as its own figure.
_RANGE_IN_CONDITION = re.compile(
    r"(?i)^(?P<setting>.*?),?\s*effective (?:measurement|input) range (?:of )?"
    r"(?P<lo>[-+]?\d+(?:\.\d+)?)\s*(?:∼|~|～|to|–|-)\s*(?P<hi>[-+]?\d+(?:\.\d+)?)\s*(?P<unit>mV|V)\b"
)


def _ranges_in_conditions(facts: list[Fact]) -> list[Fact]:
    """Input-range facts stated in other rows' conditions, one per setting."""
    out: list[Fact] = []
    seen: set[tuple[str, str | None]] = set()
    for f in facts:
        m = _RANGE_IN_CONDITION.match(f.condition or "")
        if not m or (f.citation, f.condition) in seen:
            continue
        seen.add((f.citation, f.condition))
        lo, hi, unit = float(m.group("lo")), float(m.group("hi")), m.group("unit")
        setting = m.group("setting").strip(" ,") or None
        out.append(
            Fact(
                device=f.device,
                variant=f.variant,
                spec="input_voltage_range",
                parameter="Effective measurement range",
                min=lo,
                max=hi,
                unit=unit,
                **_si({"min": lo, "max": hi}, unit, "input_voltage_range"),
                condition=setting,
                section_kind=f.section_kind,
                doc=f.doc,
                citation=f.citation,
                evidence=f.evidence,
                section=f.section,
                page=f.page,
                applies_to=dict(f.applies_to),
            ).with_id()
        )
    return out


# A logic-level row printed symbol first with its min/typ/max cells on the same line and its
# name on the next ("VIH  Vcc×0.7  ―  Vcc+0.2" / "Control input voltage  ―  V"), where at least
# one cell is written relative to the supply.
_LEVEL_SYMBOLS = {
    "VIH": "logic_high_threshold",
    "VIL": "logic_low_threshold",
    "VOH": "output_voltage_high",
    "VOL": "output_voltage_low",
}
_SYMBOL_LED = re.compile(r"^\s*(V\s?I\s?H|V\s?I\s?L|V\s?O\s?H|V\s?O\s?L)(\([^)]*\))?\s{2,}(.+)$")
_DASHES = {"―", "—", "–", "-", "‐", "−"}


def _symbol_led_thresholds(
    doc: PdfDocument, device: str, stem: str, have: list[Fact]
) -> list[Fact]:
    """Logic thresholds from symbol-led rows the table reader did not turn into facts."""
    held = {(f.spec, f.citation) for f in have}
    out: list[Fact] = []
    for page in doc.pages:
        citation = f"{stem}#p{page.number}"
        kind = "electrical_characteristics"
        lines = [ln.text.strip() for ln in page.lines]
        for i, text in enumerate(lines):
            k = classify_section(text) if len(text) < 90 else None
            if k:
                kind = k
            m = _SYMBOL_LED.match(text)
            if not m:
                continue
            symbol = re.sub(r"\s", "", m.group(1)).upper()
            spec = _LEVEL_SYMBOLS[symbol]
            if (spec, citation) in held or kind == "absolute_maximum":
                continue
            cells = [c.strip() for c in re.split(r"\s{2,}", m.group(3)) if c.strip()]
            if len(cells) != 3 or not any(is_supply_relative(c) for c in cells):
                continue
            nums: dict[str, float | None] = {}
            texts: dict[str, str] = {}
            for key, cell in zip(("min", "typ", "max"), cells, strict=True):
                if cell in _DASHES:
                    nums[key] = None
                    continue
                v, _u, expr, _pm = parse_cell(cell)
                nums[key] = v
                if expr:
                    texts[f"{key}_text"] = expr
            # The row's name is printed on the next line, before its dash and unit cells.
            label = symbol + (m.group(2) or "")
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            nm = re.match(r"^([A-Za-z][A-Za-z ]{3,}?)\s{2,}", nxt)
            if nm and not _SYMBOL_LED.match(nxt):
                label = nm.group(1).strip()
            evidence = text if label.startswith(symbol) else f"{text} / {label}"
            out.append(
                Fact(
                    device=device,
                    spec=spec,
                    parameter=label,
                    symbol=symbol + (m.group(2) or ""),
                    min=nums.get("min"),
                    typ=nums.get("typ"),
                    max=nums.get("max"),
                    unit="V",
                    section_kind=kind,
                    doc=stem,
                    citation=citation,
                    evidence=evidence[:300],
                    page=page.number,
                    extra=texts,
                ).with_id()
            )
            held.add((spec, citation))
    return out


def _feed_bullets(
    line: Line,
    open_items: list[_Bullet],
    done: list[_Bullet],
    page: int,
    section: str,
    kind: str,
) -> None:
    """Collect feature-list items: a bullet starts one, text at its indent continues it."""
    for seg in line.segments:
        text = seg.text.strip()
        if not text:
            continue
        same_col = [b for b in open_items if abs(b.x0 - seg.x0) < 30]
        if _BULLET.match(text):
            for b in same_col:
                open_items.remove(b)
                done.append(b)
            open_items.append(_Bullet(seg.x0, line.y, page, section, kind, [_BULLET.sub("", text)]))
            continue
        cont = [
            b
            for b in same_col
            if b.x0 - 2 <= seg.x0 <= b.x0 + 30 and abs(b.y - line.y) <= 2.6 * line.size
        ]
        if cont and len(cont[0].parts) < 4:
            cont[0].parts.append(text)
            cont[0].y = line.y
        else:
            for b in same_col:
                open_items.remove(b)
                done.append(b)


_PROTOCOLS: tuple[tuple[str, str], ...] = (
    # "I C": the superscript 2 of I²C is often set too small to survive extraction.
    (r"\bi2c\b|i²c|\bi\s2?\s?c\b", "I2C"),
    (r"\bspi\b", "SPI"),
    (r"\b1-wire\b|\bone-wire\b", "1-Wire"),
    (r"\buart\b", "UART"),
    (r"\bsmbus\b", "SMBus"),
    (r"\bsingle[\s-]bus\b", "single-bus"),
    (
        r"\boutputs?\s+an?\s+analog\b|\bratiometric\s+output\b|\banalog\s+voltage\s+output\b|"
        r"\bamplified\s+analog\s+signal\b",
        "analog",
    ),
)


_SUPPORTS = re.compile(
    r"(?i)\bsupports?\s+(?:the\s+|both\s+)?(?P<p>(?:i\s?2?\s?c|i²c|spi|uart|1-wire|smbus)"
    r"[\w²\s,/-]{0,25}?)\s+(?:serial\s+)?(?:communications?|interfaces?|protocols?|bus)\b"
)
_PROTOCOL_HEADING = re.compile(r"(?i)^(?:\d+(?:\.\d+)*\.?\s+)?(?P<h>.*\binterfaces?\b.*)$")


def _protocols(text: str) -> list[str]:
    t = text.lower()
    return [name for pattern, name in _PROTOCOLS if re.search(pattern, t)]


def _stated_interfaces(text: str, heading: bool) -> list[str]:
    """Protocols a body sentence ("The MPU-6050 supports I²C communications"), a section
    heading ("4.3. SPI Interface") or a feature item listing peripherals ("UART, SPI, SDIO,
    I2C, ...") states for the part. Table-of-contents lines state nothing."""
    if re.search(r"\.{5,}", text):
        return []
    if heading:
        m = _PROTOCOL_HEADING.match(text.strip())
        found = _protocols(m.group("h")) if m else []
        # "SPI Interface" names the part's bus; "Primary I²C and SPI Interfaces" in a family
        # datasheet may be a union over parts, so only a single protocol counts.
        return found if len(found) == 1 else []
    m = _SUPPORTS.search(text)
    if m:
        return _protocols(m.group("p"))
    items = [x.strip() for x in re.split(r",", text) if x.strip()]
    named = [p for x in items for p in _protocols(x) if len(x.split()) <= 2]
    if len(dict.fromkeys(named)) >= 2 and len(items) >= 3:
        return list(dict.fromkeys(named))  # a list of peripheral interfaces
    return []


def _plain_serial(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """A part whose first pages name no bus but a serial interface of its own ("Simple digital
    control and serial interface", the HX711's two pins): an interface fact saying so, which
    is no I2C, SPI or UART."""
    for page in doc.pages[:2]:
        for line in page.lines:
            if re.search(r"(?i)\bserial interface\b", line.text) and not re.search(
                r"\.{5,}", line.text
            ):
                # (the item of a feature list that says it, not the column beside it)
                said = next(
                    part
                    for part in line.text.split("•")
                    if re.search(r"(?i)serial interface", part)
                ).strip()
                return [
                    _page_fact(
                        device,
                        stem,
                        page,
                        said,
                        spec="interface",
                        parameter="Interface",
                        value="serial",
                    )
                ]
    return []


def _interfaces_in(text: str) -> list[str]:
    """Protocols a feature line names as the part's interface ("I²C and SPI interface")."""
    t = text.lower()
    if re.search(r"\.{5,}", t):
        return []  # a table-of-contents line
    # "(Refer to XGZP6847D for I2C interface)" names another part's interface.
    t = re.sub(r"\((?:refer|see)\b[^)]*\)?", " ", t)
    if not re.search(r"interface|compatible|\bbus\b|output|signal", t):
        return []
    return [name for pattern, name in _PROTOCOLS if re.search(pattern, t)]


@dataclass(slots=True)
class _Anchor:
    y: float
    row: RowRecord
    x0: float


def _usable_label(text: str) -> bool:
    # Continuation lines ("Tlow) (Note 1)") and note markers are not row labels.
    return bool(re.search(r"[A-Za-z]{3}", text)) and not re.match(r"^[^(]*\)|^\(?note", text, re.I)


def _fill_units(rows: list[RowRecord]) -> None:
    # A unit cell merged across the rows of one parameter is printed once, beside one of them.
    for i, row in enumerate(rows):
        if row.unit or row.value is not None:
            continue
        for j in (i - 1, i + 1, i - 2, i + 2):
            if 0 <= j < len(rows) and rows[j].unit and rows[j].section == row.section:
                other = map_spec(rows[j].parameter, rows[j].symbol, rows[j].section_kind)
                mine = map_spec(row.parameter, row.symbol, row.section_kind)
                # Sub-rows of one label ("Output settling time": "RATE = 0  400  ms", then
                # "RATE = DVDD  50") share its unit whatever spec the label maps to.
                if (row.parameter and rows[j].parameter == row.parameter) or (
                    mine is not None
                    and (
                        (other is not None and _same_family(mine, other))
                        or _unit_fits(mine, rows[j].unit)
                    )
                ):
                    row.unit = rows[j].unit
                    break


def _caption_names(caption: str, unit: str | None, kind: str) -> bool:
    """Whether a table caption names a quantity that its rows' unit measures."""
    spec = map_spec(caption, None, kind)
    return spec is not None and (
        _unit_fits(spec, unit)
        or unit_dimension(unit, spec) in _CAPTION_DIMENSION.get(spec, frozenset())
    )


# Specs whose unit varies by part, read from a caption only in this one: a radio's receiver
# sensitivity ("Table 19: RX Sensitivity", dBm), not a sensor's (mV/A, LSB/g).
_CAPTION_DIMENSION = {"sensitivity": frozenset({"dBm"})}


def _unit_fits(spec: str, unit: str | None) -> bool:
    # A merged unit cell ("°C" beside the middle one of three temperature rows) fits a
    # neighbour whose spec takes that dimension, even when the neighbour's own label is a
    # group name that maps to no spec.
    allowed = _SPEC_DIMENSION.get(spec)
    return allowed is not None and unit_dimension(unit, spec) in allowed


def _symbol_spec(row: RowRecord) -> str | None:
    sym = (row.symbol or "").strip()
    if not re.search(r"[A-Za-z]", sym):
        return None
    return map_spec(sym, None, row.section_kind)


def _unit_above(row_units: list[tuple[float, str | None]], y: float) -> str | None:
    """The unit of the nearest row above height ``y``."""
    above = [(r_y, unit) for r_y, unit in row_units if r_y > y]
    return min(above, key=lambda t: t[0])[1] if above else None


# Units whose quantities never stand in for one another under one label.
_ELECTRICAL_DIMENSIONS = frozenset({"V", "A", "Ω", "F", "Hz", "s", "W"})


def _agrees(
    row: RowRecord, label: str, label_symbol: str | None, label_unit: str | None = None
) -> bool:
    """Whether a label may name a row: a symbol printed on the row itself ("VM", "IOUT") must
    name the same kind of quantity as the label ("Supply voltage", not "Output current"), and
    the row's unit must measure what the label's does (fA rows are no µV drift's)."""
    kind, named = _symbol_kind(row.symbol), _label_kind(label)
    if kind and named and kind != named:
        # "IM(STB)" is a current whatever its neighbours: never a "Control input voltage".
        return False
    dims = {unit_dimension(u, "") for u in (row.unit, label_unit)}
    if dims <= _ELECTRICAL_DIMENSIONS and len(dims) == 2:
        return False
    own = _symbol_spec(row)
    if own is None:
        return True
    other = map_spec(label, label_symbol, row.section_kind)
    return other is None or other == own or _same_family(own, other)


def _symbol_kind(symbol: str | None) -> str | None:
    """The quantity a conventional symbol names: I… a current, V… a voltage, t… a time."""
    sym = (symbol or "").strip()
    if re.match(r"I[A-Z(]", sym):
        return "current"
    if re.match(r"V[A-Z(]", sym):
        return "voltage"
    if re.match(r"t[a-z(]", sym):
        return "time"
    return None


def _label_kind(label: str) -> str | None:
    found = {k for k in ("current", "voltage", "time") if re.search(rf"\b{k}\b", label, re.I)}
    return found.pop() if len(found) == 1 else None


def _same_family(a: str, b: str) -> bool:
    fam = ("temperature", "voltage", "current")
    return any(a.endswith(f) and b.endswith(f) for f in fam) or a == b


_CHART_TITLE = re.compile(r"\w \b(?:versus|vs\.?) \w", re.IGNORECASE)


def _dedupe(facts: list[Fact]) -> list[Fact]:
    seen: dict[str, Fact] = {}
    for f in facts:
        seen.setdefault(f.id, f)
    return list(seen.values())


# --- Markdown -------------------------------------------------------------------------------

_MD_COLS = {
    "parameter": "parameter",
    "characteristic": "parameter",
    "conditions": "condition",
    "condition": "condition",
    "min": "min",
    "typ": "typ",
    "max": "max",
    "unit": "unit",
    "units": "unit",
    "symbol": "symbol",
    # a production test's steps: the measurement and its pass limits
    "measurement": "parameter",
    "lower": "min",
    "upper": "max",
    "lower limit": "min",
    "upper limit": "max",
}

# A test step's input sweep, in its conditions: "VIN 9.0 V to 32.0 V".
_INPUT_SWEEP = re.compile(r"\bVIN\s+(\d+(?:\.\d+)?)\s*V\s+to\s+(\d+(?:\.\d+)?)\s*V\b")

# The words a test program's measurement mnemonics stand for ("LINE_REG", "IQ_NL", "I_LIM").
_MNEMONIC_WORDS = {
    "REG": "regulation",
    "EFF": "efficiency",
    "LIM": "limit",
    "NL": "no load",
    "FL": "full load",
    "IQ": "quiescent current",
    "I": "current",
    "R": "resistance",
    "OUT": "output",
}


def _spelled_out(mnemonic: str) -> str:
    """ "LINE_REG" → "line regulation", "I_LIM" → "current limit", "R_OUT" → "output
    resistance": a measurement mnemonic in words, for a row label that says what it measures."""
    parts = mnemonic.split("_")
    if len(parts) < 2 or not all(p.isupper() for p in parts):
        return mnemonic
    words = [_MNEMONIC_WORDS.get(p, p.lower()) for p in parts]
    if parts[0] == "R":
        words = [*words[1:], words[0]]  # "R_OUT" is an output resistance
    return " ".join(words)


# "A ceramic capacitor on a DC rail shall be rated at least 1.5 times the maximum
# steady-state rail voltage", "The inductor's saturation current shall be at least 1.3 times
# the peak inductor current": a design rule's derating factor.
_DERATING_RULE = re.compile(
    r"(?P<what>\b(?:An?|The|Each|Every)\s[^.]{3,120}?)\s+shall be (?:rated )?at least\s+"
    r"(?P<factor>\d+(?:\.\d+)?) times the (?P<of>[^.,]{5,80})"
)


# "A resistor shall dissipate no more than 60 percent of its rated power": a rule's ceiling,
# a share of the part's own rating.
_DERATING_LIMIT = re.compile(
    r"(?P<what>\b(?:An?|The|Each|Every)\s[^.]{3,120}?)\s+shall (?:be|dissipate|carry|see)\s+"
    r"no more than\s+(?P<pct>\d+(?:\.\d+)?)\s*(?:percent|%) of (?P<of>its [^.,]{5,80})"
)


# "Junction temperature at maximum rated load and maximum rated ambient shall be at or below
# 125 degC": a rule's ceiling in a unit of its own.
_RULE_CEILING = re.compile(
    r"(?:^|(?<=\. ))(?P<what>[A-Z][^.]{3,120}?)\s+shall be (?:at or below|no (?:more|higher) "
    r"than|at most)\s+(?P<n>\d+(?:\.\d+)?)\s*(?P<unit>degC|°C|V|A|W|Hz)\b"
)


def _design_rules(md: MarkdownDocument, stem: str) -> list[Fact]:
    """A document of design rules that names no part ("Orbeck Power Systems, document
    DR-0100 … These rules apply to every Orbeck DC-DC board"): each derating factor or ceiling a
    rule states, filed under the document's number, for a question that applies it to a part."""
    number = re.search(
        r"\bdocument ([A-Z]{2,}-\d{3,})\b", " ".join([md.title, *(s.text for s in md.sections)])
    )
    if number is None:
        return []

    def rule(sec: MdSection, m: re.Match[str], condition: str, **figure: Any) -> Fact:
        return Fact(
            device=number.group(1),
            parameter=f"{sec.title}: {m['what']}",
            condition=condition,
            section_kind="general",
            doc=stem,
            citation=f"{stem}#{sec.number}",
            evidence=m.group(0),
            section=sec.title,
            **figure,
        ).with_id()

    out: list[Fact] = []
    for sec in md.sections:
        text = " ".join(sec.text.split())
        # a factor the part's rating must exceed the rail by, or a share of its rating it may use
        out += [
            rule(
                sec,
                m,
                f"times the {m['of'].strip()}",
                spec="derating_factor",
                value=float(m["factor"]),
            )
            for m in _DERATING_RULE.finditer(text)
        ]
        out += [
            rule(
                sec,
                m,
                f"of {m['of'].strip()}",
                spec="derating_limit",
                max=float(m["pct"]),
                unit="%",
            )
            for m in _DERATING_LIMIT.finditer(text)
        ]
        for m in _RULE_CEILING.finditer(text):
            # named by what the rule limits ("Junction temperature"), the rest its condition
            spec = map_spec(m["what"], None, "general")
            if spec is not None:
                unit = "°C" if m["unit"] == "degC" else m["unit"]
                out.append(rule(sec, m, m["what"], spec=spec, max=float(m["n"]), unit=unit))
    return out


# A board's test points and connector pins, each with what it carries: "| TP4 | switch node,
# for scope use only |".
_DESIGNATOR_HEADERS = (["designator", "function"], ["test point", "function"], ["pin", "function"])


def _designator_facts(
    table: MdTable, sec: MdSection, device: str, stem: str, citation: str
) -> list[Fact]:
    """``pin_function`` facts for the rows of a designator table, named as the board names
    them ("TP4", "J1-1")."""
    return [
        Fact(
            device=device,
            spec="pin_function",
            parameter=name,
            symbol=name,
            value=f"{name}: {function}",
            section_kind="general",
            doc=stem,
            citation=citation,
            evidence=raw,
            section=sec.title,
            extra={"name": name},
        ).with_id()
        for (name, function, *_), raw in zip(table.rows, table.raw_rows, strict=False)
        if name and function
    ]


def markdown_facts(
    md: MarkdownDocument, device: str | None, stem: str
) -> tuple[list[Fact], list[ExtractWarning]]:
    """Facts from a numbered-section Markdown document's tables."""
    facts: list[Fact] = []
    warnings: list[ExtractWarning] = []
    if device is None:
        return _design_rules(md, stem), warnings
    part_names: dict[str, str] = {}  # designators → what the bill of materials calls them
    for sec in md.sections:
        citation = f"{stem}#{sec.number}"
        kind = classify_section(sec.title) or "general"
        for table in sec.tables:
            header = [h.lower() for h in table.header]
            keys = [_MD_COLS.get(h) for h in header]
            if sum(k in ("min", "typ", "max") for k in keys) >= 1 and "unit" in keys:
                for cells, raw in zip(table.rows, table.raw_rows, strict=False):
                    rec: dict[str, Any] = {}
                    for k, c in zip(keys, cells, strict=False):
                        if k and c:
                            rec[k] = c
                    if "parameter" not in rec:
                        continue
                    name = rec["parameter"]
                    if "step" in header:
                        step = cells[header.index("step")]
                        words = _spelled_out(name)
                        name = (
                            f"{words.capitalize()} ({name}, step {step})"
                            if words != name
                            else f"{name} (step {step})"
                        )
                    row = RowRecord(
                        parameter=name,
                        citation=citation,
                        section=sec.title,
                        section_kind=kind,
                        evidence=raw,
                        symbol=rec.get("symbol"),
                        condition=rec.get("condition"),
                        min=rec.get("min"),
                        typ=rec.get("typ"),
                        max=rec.get("max"),
                        unit=rec.get("unit"),
                    )
                    fs, ws = facts_from_row(row, device, stem)
                    facts.extend(fs)
                    warnings.extend(ws)
                    swept = (
                        _INPUT_SWEEP.search(row.condition or "")
                        if kind == "production_test"
                        else None
                    )
                    if swept:
                        # "VIN 9.0 V to 32.0 V": the input span the step sweeps is a figure of
                        # its own ("what input range does the line-regulation step cover").
                        rest = (row.condition or "").replace(swept.group(0), "").strip(" ,")
                        sweep = replace(
                            row,
                            parameter=f"Input voltage swept in {name}",
                            condition=rest or None,
                            min=swept.group(1),
                            typ=None,
                            max=swept.group(2),
                            unit="V",
                        )
                        facts.extend(
                            f.model_copy(update={"spec": "input_voltage_range"}).with_id()
                            for f in facts_from_row(sweep, device, stem)[0]
                        )
            elif header in _DESIGNATOR_HEADERS:
                facts.extend(_designator_facts(table, sec, device, stem, citation))
            elif any("accuracy" in h for h in header) or _is_interval_table(table, sec):
                fs, ws = _accuracy_facts(table, sec, device, stem, citation)
                facts.extend(fs)
                warnings.extend(ws)
            elif len(header) == 2 and header[0] == "range" and _TEMPCO.search(header[1]):
                facts.extend(_tempco_facts(table, device, stem, citation, kind))
            elif {"ref", "part", "description"} <= set(header):
                facts.extend(_bom_facts(table, sec, device, stem, citation, part_names))
            elif "interval" in header:
                facts.extend(_interval_facts(table, sec, device, stem, citation))
            elif {"instrument", "point", "tolerance"} <= set(header):
                facts.extend(_verification_facts(table, sec, stem, citation))
            elif "code" in header and set(header) & _ERROR_TEXT:
                facts.extend(_error_facts(table, sec, device, stem, citation))
            elif "command" in header:
                facts.extend(_reset_facts(table, sec, device, stem, citation))
            elif table.rows and any(_ROW_REVISION.match(c[0].strip()) for c in table.rows if c):
                facts.extend(_table_part_changes(table, sec, device, stem, citation))
            else:
                facts.extend(_sweep_facts(table, sec, device, stem, citation))
        facts.extend(_derating_facts(sec.text, device, stem, citation, kind))
        facts.extend(_statement_facts(sec, device, stem, citation))
        facts.extend(_stated_scales(sec, device, stem, citation))
        facts.extend(
            _formula_facts(
                re.sub(r"\s+", " ", sec.text),
                lambda said, fields, sec=sec, citation=citation: Fact(
                    device=device,
                    section_kind="general",
                    doc=stem,
                    citation=citation,
                    evidence=said,
                    section=sec.title,
                    **fields,
                ).with_id(),
            )
        )
        facts.extend(_revision_markings(sec, device, stem, citation))
        facts.extend(_document_numbers(sec, device, stem, citation))
        facts.extend(_part_changes(sec, device, stem, citation, part_names))
        for row in _stated_rows(sec, citation, kind):
            fs, ws = facts_from_row(row, device, stem)
            facts.extend(fs)
            warnings.extend(ws)
    return _dedupe(facts), warnings


# What a bill of materials' description states of a part: "Capacitor, 10 uF, 50 V, X7R, 1210,
# input", "Inductor, 10 uH, 4.5 A saturation, 28 mohm DCR".
_PART_RATINGS = (
    (re.compile(r"(?i)^(\d+(?:\.\d+)?)\s*(V)$"), "voltage_rating", "voltage rating"),
    (
        re.compile(r"(?i)^(\d+(?:\.\d+)?)\s*(A)\s+saturation$"),
        "saturation_current",
        "saturation current",
    ),
    (re.compile(r"(?i)^(\d+(?:\.\d+)?)\s*([mk]?ohm)\s+DCR$"), "dcr", "DC resistance"),
    (re.compile(r"(?i)^(\d+(?:\.\d+)?)\s*([munp]F)$"), "capacitance", "capacitance"),
    (re.compile(r"(?i)^(\d+(?:\.\d+)?)\s*([mun]H)$"), "inductance", "inductance"),
    (re.compile(r"(?i)^(\d+(?:\.\d+)?)\s*([kM]?ohm)$"), "resistance", "resistance"),
)


def _described_part(
    refs: str, part: str, description: str, names: dict[str, str]
) -> list[tuple[str, str, str, str]]:
    """(spec, label, figure, unit) for each rating a part description states; the label names
    the part by its role, kind, designators and number ("input capacitor C1, C2 (OPS-3105)").
    ``names`` keeps what each designator is called, for a later description that omits it."""
    terms = [t.strip() for t in description.split(",")]
    role = terms[-1] if re.fullmatch(r"[a-z][a-z \-]*", terms[-1]) and len(terms) > 1 else ""
    if role:
        names[refs] = f"{role} {terms[0].lower()}"
    name = " ".join(x for x in (names.get(refs, terms[0].lower()), refs, f"({part})") if x)
    out = []
    for t in terms[1:]:
        for rx, spec, what in _PART_RATINGS:
            m = rx.match(t)
            if m:
                out.append((spec, f"{name} {what}", m.group(1), m.group(2)))
                break
    return out


def _bom_facts(
    table: MdTable,
    sec: MdSection,
    device: str,
    stem: str,
    citation: str,
    names: dict[str, str],
) -> list[Fact]:
    """A bill of materials ("| C1, C2 | 2 | OPS-3105 | Capacitor, 10 uF, 50 V, … input |"): the
    ratings each part's description states, as facts of the board it is on, scoped to the
    revision the list is of ("Bill of Materials, Revision B")."""
    header = [h.lower() for h in table.header]
    m = re.search(r"\bRevision ([A-Z])\b", sec.title)
    rev = m.group(1) if m else None
    out: list[Fact] = []
    for cells, raw in zip(table.rows, table.raw_rows, strict=False):
        rec = dict(zip(header, cells, strict=False))
        for spec, label, figure, unit in _described_part(
            rec.get("ref", ""), rec.get("part", ""), rec.get("description", ""), names
        ):
            out.extend(
                _part_fact(device, stem, citation, sec.title, spec, label, figure, unit, raw, rev)
            )
    return out


# "Revision C changes C1 and C2 from OPS-3105 (10 uF, 50 V, X7R, 1210) to OPS-3106 (10 uF, 63 V,
# X7R, 1210)": a part a revision replaces, with what the new one is rated.
_PART_CHANGE = re.compile(
    r"\bRevision (?P<rev>[A-Z]) changes (?P<refs>[A-Z]+\d+(?:(?:,| and) [A-Z]+\d+)*) from "
    r"(?P<old>[\w-]+) \((?P<old_desc>[^)]*)\) to (?P<new>[\w-]+) \((?P<new_desc>[^)]*)\)"
)


def _part_changes(
    sec: MdSection, device: str, stem: str, citation: str, names: dict[str, str]
) -> list[Fact]:
    """The ratings of a part a board revision changes to, as facts of that revision."""
    out: list[Fact] = []
    prose = re.sub(r"\s+", " ", sec.text)
    for m in _PART_CHANGE.finditer(prose):
        refs = m.group("refs").replace(" and ", ", ")
        for spec, label, figure, unit in _described_part(
            refs, m.group("new"), f"part, {m.group('new_desc')}", names
        ):
            out.extend(
                _part_fact(
                    device,
                    stem,
                    citation,
                    sec.title,
                    spec,
                    label,
                    figure,
                    unit,
                    m.group(0),
                    m.group("rev"),
                )
            )
    return out


# A notice's table row: "| Revision C | Input capacitors change to 10 uF 63 V X7R, OPS-3106. |"
_ROW_REVISION = re.compile(r"^Revision (?P<rev>[A-Z])$")
_ROW_PART_CHANGE = re.compile(
    r"\b(?P<what>[A-Z][a-z]+(?: [a-z]+){0,3}?) changes? to (?P<desc>[^,.]+),\s*"
    r"(?P<part>[A-Z]{2,}-\d+)"
)


def _table_part_changes(
    table: MdTable, sec: MdSection, device: str, stem: str, citation: str
) -> list[Fact]:
    """The ratings of a part a table row gives a board revision ("Revision C | Input capacitors
    change to 10 uF 63 V X7R, OPS-3106"), as facts of that revision."""
    out: list[Fact] = []
    for cells in table.rows:
        rev = _ROW_REVISION.match(cells[0].strip()) if cells else None
        for cell in cells[1:] if rev else []:
            m = _ROW_PART_CHANGE.search(cell)
            if m is None:
                continue
            terms = re.findall(r"\d+(?:\.\d+)?\s*[A-Za-zµ]+", m.group("desc"))
            described = ", ".join([m.group("what"), *terms])
            for spec, label, figure, unit in _described_part("", m.group("part"), described, {}):
                out.extend(
                    _part_fact(
                        device,
                        stem,
                        citation,
                        sec.title,
                        spec,
                        label,
                        figure,
                        unit,
                        cell.strip(),
                        rev.group("rev"),
                    )
                )
    return out


def _part_fact(
    device: str,
    stem: str,
    citation: str,
    section: str,
    spec: str,
    label: str,
    figure: str,
    unit: str,
    evidence: str,
    rev: str | None,
) -> list[Fact]:
    """One rating of a board's part, for board revision ``rev`` when one is named."""
    try:
        si, si_unit = to_si(float(figure), unit)
    except UnknownUnitError:
        return []
    return [
        Fact(
            device=device,
            spec=spec,
            parameter=label,
            value=float(figure),
            unit=unit,
            si_value=si,
            si_unit=si_unit,
            condition=f"revision {rev}" if rev else None,
            section_kind="general",
            applies_to={"board_revision": rev} if rev else {},
            doc=stem,
            citation=citation,
            evidence=evidence,
            section=section,
        ).with_id()
    ]


# "Board thermal resistance, junction to ambient, is 42 degC/W in still air …": a figure stated
# in a sentence whose subject names it. The subject opens the sentence and carries no figure;
# what sits between commas after it, and what follows the figure, is the condition. A figure that
# is only a term of a calculation ("0.8 V / 20.0 kohm = 40 uA") states no value.
_STATED = re.compile(
    r"^(?P<label>[A-Z][A-Za-z/\- ]{2,60}?)(?:,\s*(?P<aside>[a-z][^,.\d]{2,60}),)?\s+(?:is|are)\s+"
    # ("Peak inductor current is 3.0 + 0.79/2 = 3.39 A": the figure a sum works out)
    r"(?:\d+(?:\.\d+)?(?:\s*[-+*/×]\s*\d+(?:\.\d+)?)+\s*=\s*)?"
    r"(?P<q>[+\-]?\d+(?:\.\d+)?\s*(?:to\s+[+\-]?\d+(?:\.\d+)?\s*)?"
    r"(?:deg\s?C/W|°C/W|[A-Za-zµΩ%°]+(?:/[A-Za-z]+)?))(?!\s*[/=×*+])(?P<rest>[^.]*(?:\.\d[^.]*)*)\."
)
_ARTICLE = re.compile(r"(?i)^(?:the|a|an|its|our|each|every)\s+")


_HEADER_UNIT = re.compile(r"^(?P<label>.*?)\s*\((?P<unit>[^()]+)\)\s*$")


# A converter's terminal quantities, as sweep tables head their columns.
_TERMINAL_SYMBOLS = {
    "IIN": "Input current",
    "PIN": "Input power",
    "POUT": "Output power",
    "VOUT": "Output voltage",
}


_EVERY = re.compile(
    r"(?i)^(?P<n>\d+(?:\.\d+)?)\s*(?P<unit>days?|weeks?|months?|years?)\b(?P<rest>.*)$"
)


def _interval_facts(
    table: MdTable, sec: MdSection, device: str, stem: str, citation: str
) -> list[Fact]:
    """A schedule ("Item | Interval | …": "Fixture channel offsets | 3 months, and after any
    repair"): how often each item is calibrated or verified, the rest of the cell its
    condition."""
    col = [h.lower() for h in table.header].index("interval")
    out: list[Fact] = []
    for cells, raw in zip(table.rows, table.raw_rows, strict=False):
        m = _EVERY.match(cells[col].strip()) if col < len(cells) else None
        if m is None:
            continue
        si, si_unit = to_si(float(m["n"]), m["unit"], "calibration_interval")
        # the schedule's own product, and each instrument the item names ("MDN-4010, MDN-6100,
        # TRN-2400, TRN-1102 | 12 months"): the interval is theirs as well
        named = (canonical_device(x.strip()) for x in cells[0].split(","))
        out.extend(
            Fact(
                device=owner,
                spec="calibration_interval",
                parameter="Calibration interval",
                value=float(m["n"]),
                unit=m["unit"],
                si_value=si,
                si_unit=si_unit,
                # the item scheduled is where the figure holds ("Fixture channel offsets")
                condition=", ".join(x for x in (cells[0].strip(), m["rest"].strip(" ,")) if x),
                section_kind="general",
                doc=stem,
                citation=citation,
                evidence=raw,
                section=sec.title,
            ).with_id()
            for owner in dict.fromkeys([device, *(n for n in named if n)])
        )
    return out


def _verification_facts(table: MdTable, sec: MdSection, stem: str, citation: str) -> list[Fact]:
    """A calibration procedure's verification points ("Instrument | Point | Tolerance":
    "TRN-2400, CC | 0.100 A, 1.000 A, 3.000 A | +/-(0.1% + 10 mA) against the same shunt"):
    a ``verification_tolerance`` fact of the instrument per function, its points listed."""
    col = {h.lower(): k for k, h in enumerate(table.header)}
    out: list[Fact] = []
    for cells, raw in zip(table.rows, table.raw_rows, strict=False):
        if len(cells) < len(col):
            continue
        instrument, _, function = cells[col["instrument"]].partition(",")
        model = canonical_device(instrument.strip())
        terms = _accuracy_terms(cells[col["tolerance"]], "")
        if model is None or terms is None:
            continue
        # ("32.000 V at 1 A": the points are the voltages, the load is their condition)
        said = re.split(r"\bat\b", cells[col["point"]])[0]
        points = [[float(p["n"]), p["u"]] for p in VOLTS_OR_AMPS.finditer(said)]
        out.append(
            Fact(
                device=model,
                spec="verification_tolerance",
                parameter=f"{function.strip()} verification tolerance",
                value=cells[col["tolerance"]].strip(),
                condition=f"at {cells[col['point']].strip()}",
                section_kind="general",
                applies_to={"function": function.strip()},
                doc=stem,
                citation=citation,
                evidence=raw,
                section=sec.title,
                extra={**terms, "points": points},
            ).with_id()
        )
    return out


_RESET_SETTING = re.compile(
    r"(?P<name>[A-Za-z][A-Za-z /-]*?)\s+(?P<v>[-+]?\d+(?:\.\d+)?)\s*"
    r"(?P<u>[mµk]?(?:A|V|W|Hz|ohm))\.?"
)


def _reset_facts(
    table: MdTable, sec: MdSection, device: str, stem: str, citation: str
) -> list[Fact]:
    """The state a command table says `*RST` leaves an instrument in ("Output off, voltage
    0.000 V, current limit 0.100 A."): each named setting a figure of its own, after *RST."""
    header = [h.lower() for h in table.header]
    at = header.index("command")
    out: list[Fact] = []
    for cells, raw in zip(table.rows, table.raw_rows, strict=False):
        if len(cells) <= at or cells[at].strip("` ").upper() != "*RST":
            continue
        said = " ".join(c for i, c in enumerate(cells) if i != at)
        for part in re.split(r",\s*|\.\s+", said):
            m = _RESET_SETTING.fullmatch(part.strip())
            if m is None:
                continue  # "Output off", "1 V/div": no setting named with its figure
            name = m["name"].strip()
            row = RowRecord(
                parameter=f"{name.capitalize()} after *RST",
                citation=citation,
                section=sec.title,
                section_kind="general",
                evidence=raw,
                value=m["v"],
                unit=m["u"],
                condition="after *RST",
            )
            spec = re.sub(r"\W+", "_", name.lower()).strip("_")
            out.extend(
                f.model_copy(update={"spec": f"reset_{spec}"}).with_id()
                for f in facts_from_row(row, device, stem)[0]
            )
    return out


# The column of an error table that says what a code means ("Code | Text | Cause")
_ERROR_TEXT = frozenset({"text", "message", "meaning", "error"})


def _error_facts(
    table: MdTable, sec: MdSection, device: str, stem: str, citation: str
) -> list[Fact]:
    """An error table ("Code | Text | Cause": "-222 | Data out of range | A numeric parameter
    outside the range in section 2."): what each code means, the cause its condition."""
    header = [h.lower() for h in table.header]
    at = header.index("code")
    said = next(i for i, h in enumerate(header) if h in _ERROR_TEXT)
    why = next((i for i, h in enumerate(header) if i not in (at, said)), None)
    out: list[Fact] = []
    for cells, raw in zip(table.rows, table.raw_rows, strict=False):
        if len(cells) <= max(at, said) or not re.fullmatch(r"[-+]?\d+", cells[at].strip()):
            continue
        code = int(cells[at].strip())
        cause = cells[why].strip() if why is not None and why < len(cells) else ""
        out.append(
            Fact(
                device=device,
                spec="error_code",
                parameter=f"Error {code}",
                value=cells[said].strip(),
                condition=cause or None,
                section_kind="general",
                applies_to={"code": code},
                doc=stem,
                citation=citation,
                evidence=raw,
                section=sec.title,
            ).with_id()
        )
    return out


def _sweep_facts(
    table: MdTable, sec: MdSection, device: str, stem: str, citation: str
) -> list[Fact]:
    """A measured sweep ("VIN (V) | IOUT (A) | … | Efficiency (%)"): every cell a number, each
    header naming its unit. The columns whose values repeat down the table are the settings
    swept; every other column whose name is a spec we know gives one figure per row, stated
    at that row's settings."""
    heads = [_HEADER_UNIT.match(h.strip()) for h in table.header]
    if len(table.rows) < 3 or not all(heads) or len(heads) < 3:
        return []
    columns = list(zip(*table.rows, strict=False))
    if len(columns) != len(heads) or not all(
        re.fullmatch(r"[+\-]?\d+(?:\.\d+)?", c.strip()) for col in columns for c in col
    ):
        return []
    swept = [len(set(col)) < len(col) for col in columns]
    if not any(swept) or all(swept):
        return []
    out: list[Fact] = []
    for i, m in enumerate(heads):
        assert m is not None
        # A column named by a word ("Efficiency"), or by a converter's terminal symbol spelled
        # out ("IIN": input current); other bare symbols too many specs share.
        label = m.group("label").strip()
        spelled = _TERMINAL_SYMBOLS.get(label.upper())
        if swept[i]:
            spec = None
        elif spelled:
            spec = label_spec(spelled)
            label = f"{spelled} ({label})"
        else:
            named = re.search(r"[a-z]{3}", label)
            spec = map_spec(label, None, "typical_performance") if named else None
        if spec is None:
            continue
        for cells, raw in zip(table.rows, table.raw_rows, strict=False):
            condition = ", ".join(
                f"{heads[j].group('label')} = {cells[j].strip()} {heads[j].group('unit')}"  # type: ignore[union-attr]
                for j in range(len(cells))
                if swept[j]
            )
            row = RowRecord(
                parameter=label,
                citation=citation,
                section=sec.title,
                section_kind="typical_performance",
                evidence=raw,
                condition=condition,
                typ=cells[i].strip(),
                unit=m.group("unit"),
            )
            fs, _ws = facts_from_row(row, device, stem)
            out.extend(fs)
    return out


def _stated_rows(sec: MdSection, citation: str, kind: str) -> list[RowRecord]:
    rows: list[RowRecord] = []
    flat = re.sub(r"\s+", " ", sec.text)
    for sentence in re.split(r"(?<=\.)\s+(?=[A-Z])", flat):
        m = _STATED.match(sentence.strip())
        if m is None:
            continue
        label = _ARTICLE.sub("", m.group("label").strip())
        if re.match(r"(?i)(?:it|this|that|they|these|those|there|which)\b", label):
            continue
        cond = "; ".join(
            t.strip(" ,") for t in (m.group("aside") or "", m.group("rest") or "") if t.strip(" ,")
        )
        rows.append(
            RowRecord(
                label,
                citation,
                sec.title,
                kind,
                m.group(0),
                None,
                value=m.group("q"),
                condition=cond or None,
            )
        )
    return rows


# A figure in a sentence: a number and its unit ("250 kHz", "a 1-MHz oscillator"), or a range
# of two ("20 Hz to 300 kHz").
_SENTENCE_FIGURE = re.compile(
    # (a sign said as such, " +85°C", but not a sum, "VDD+0.3", nor the top of a range whose
    # bottom is negative, "-40°C to +85°C")
    r"(?<![\w.-])(?<![\w.)]\+)(?<!\bto\s\+)(?P<lo>\d+(?:\.\d+)?)(?:-(?=[A-Za-zµμΩΩ])|\s*)(?P<lu>[A-Za-zµμΩΩ°%][A-Za-zµμΩΩ°/]{0,5})?"
    r"(?:\s+to\s+(?P<hi>\d+(?:\.\d+)?)\s*(?P<hu>[A-Za-zµμΩΩ°%][A-Za-zµμΩΩ°/]{0,5}))?(?!\w|\.\d|\s*\+\s*\d)"
)
# Letters after a number that name no unit in prose: a hex suffix ("04h"), "at", "S" (a bus
# START), "F" (a floor).
_NOT_UNITS = frozenset({"h", "at", "S", "F", "RF"})  # "6 RF Characteristics": a heading
# "9th byte", "1 in Sleep", "2 Pins"
_NOT_UNITS |= {"th", "st", "nd", "rd", "in", "pin", "pins", "Pin", "Pins"}


def _way(before: str) -> str | None:
    """Which way the words just before a figure move it: "increases (about 7 meters)" up,
    "the short delay (about 5S)" down."""
    if re.search(r"(?i)\b(?:increas\w*|longer|higher)\b[^.]*$", before):
        return "up"
    if re.search(r"(?i)\b(?:decreas\w*|short\w*|lower)\b[^.]*$", before):
        return "down"
    return None


# What a stated figure may measure: electrical and physical quantities, not a count of points.
_STATEMENT_DIMENSIONS = frozenset(
    {"V", "A", "W", "s", "Hz", "Ω", "K", "K/W", "F", "H", "Pa", "%", "m"}
) | {unit_dimension("V/pH", "")}  # an electrode's slope
_AT_LEAST = re.compile(
    r"(?i)\b(?:at least|minimum of|no less than|not less than|longer than|more than|greater than"
    r"|beyond)"
    r"\s*$"
)
_AT_MOST = re.compile(
    r"(?i)\b(?:at most|up to|maximum of|no more than|not more than|less than|shorter than|within)"
    r"\s*$"
)


# "one least significant bit is the vertical scale divided by 32", "Displayed resolution is the
# range divided by 1 000 000": one quantity as a fixed fraction of a setting, in its unit.
_SCALE = re.compile(
    r"(?i)\b(?:one\s+|the\s+)?(?P<y>[a-z][a-z ]{2,40}?)\s+is\s+(?:the\s+)?"
    r"(?P<x>[a-z][a-z ]{2,30}?)\s+divided\s+by\s+(?P<n>\d{1,3}(?:[ ,]\d{3})+|\d+)\b"
)

_SCALE_EXAMPLE = re.compile(
    r"(?i)\b(?:on|at)\s+(?:the|a)\s+(?P<x>\d+(?:\.\d+)?)\s*(?P<xu>[a-zµ]+)\b[^.,;]{0,30}?"
    r"\bsetting,?\s+(?:that|this|it)\s+is\s+(?P<y>\d+(?:\.\d+)?)\s*(?P<yu>[a-zµ]+)\b"
)


def _stated_scales(sec: MdSection, device: str, stem: str, citation: str) -> list[Fact]:
    """``transfer`` facts without units: the output is the input divided by a stated number,
    in the input's own unit (an input of 20 mV/div gives 0.625 mV)."""
    out: list[Fact] = []
    prose = re.sub(r"\s+", " ", sec.text)
    for m in _SCALE.finditer(prose):
        # "so one least significant bit": the quantity is what follows its article
        y = re.sub(r"(?i)^(?:.*?\b)?(?:one|the|a|an)\s+", "", m.group("y").strip())
        x = m.group("x").strip()
        divisor = float(re.sub(r"[ ,]", "", m.group("n")))
        # the source's own worked example, as it rounds it ("on the 10 mV per division
        # setting that is 312 uV")
        examples = [
            [float(e.group("x")), e.group("xu"), e.group("y"), e.group("yu"), e.group(0)]
            for e in _SCALE_EXAMPLE.finditer(prose, m.end(), m.end() + 300)
            if unit_dimension(e.group("xu"), "") and unit_dimension(e.group("yu"), "")
        ]
        out.append(
            Fact(
                device=device,
                spec="transfer",
                parameter=f"{y} per {x}",
                section_kind="general",
                doc=stem,
                citation=citation,
                evidence=m.group(0),
                section=sec.title,
                extra={
                    "output": y,
                    "input": x,
                    "divisor": divisor,
                    "divisor_as_written": m.group("n"),
                }
                | ({"examples": examples} if examples else {}),
            ).with_id()
        )
    return out


# "The revision … is the last character of the assembly number, OPS-9001-x.": how a board
# carries its revision, so that an assembly number names one.
_REVISION_MARKING = re.compile(
    r"(?i)\brevision\b[^.]{0,120}?\blast\s+character\s+of\s+the\s+assembly\s+number,?\s+"
    r"(?P<value>[A-Z0-9]+(?:-[A-Z0-9]+)*-)x\b"
)


def _revision_markings(sec: MdSection, device: str, stem: str, citation: str) -> list[Fact]:
    """``revision_marking`` facts: the assembly number a revision letter is appended to."""
    return _named_values(
        sec,
        device,
        stem,
        citation,
        _REVISION_MARKING,
        "revision_marking",
        "Board revision: last character of the assembly number",
    )


# "Orbeck Power Systems, document TS-5030. Revision 3, …": the number the document goes by
_DOCUMENT_NUMBER = re.compile(r"\bdocument\s+(?P<value>[A-Z]{2,5}-\d{2,6})\b")


def _document_numbers(sec: MdSection, device: str, stem: str, citation: str) -> list[Fact]:
    """``document_number`` facts: the number a document's preamble gives itself, by which a
    question may name it ("Under TS-5030 …")."""
    if sec.number != "0":
        return []
    return _named_values(
        sec, device, stem, citation, _DOCUMENT_NUMBER, "document_number", "Document number"
    )


def _named_values(
    sec: MdSection,
    device: str,
    stem: str,
    citation: str,
    pattern: re.Pattern[str],
    spec: str,
    parameter: str,
) -> list[Fact]:
    """A fact of ``spec`` for each ``value`` the pattern finds in a section's prose, the words
    it matched as evidence."""
    prose = re.sub(r"\s+", " ", sec.text)
    return [
        Fact(
            device=device,
            spec=spec,
            parameter=parameter,
            value=m.group("value"),
            section_kind="general",
            doc=stem,
            citation=citation,
            evidence=m.group(0),
            section=sec.title,
        ).with_id()
        for m in pattern.finditer(prose)
    ]


def _statement_facts(sec: MdSection, device: str, stem: str, citation: str) -> list[Fact]:
    """Sentences of a section's prose that state one figure with its unit; each list item
    ("- Revision A or B: 32.0 V, per this notice.") is a sentence of its own."""
    prose = "\n".join(
        ln
        for ln in sec.text.splitlines()
        if not ln.lstrip().startswith("|") and not ln.startswith("    ")  # tables, code
    )
    out: list[Fact] = []
    for block in re.split(r"\n\s*[-*]\s+", prose):
        out.extend(_statements_in(block, device, stem, citation, sec.title, None))
    return out


# "Table 1. Noise in μVRMS (μVPP) at VDD = 3.3 V": a grid of one quantity in two forms, per
# row setting and column setting.
_GRID_TITLE = re.compile(
    r"^Table \d+\.\s+(?P<q>[A-Z][\w -]*?) in (?P<u>[^\s()]+)\s*\((?P<u2>[^()\s]+)\)"
    r"(?:\s+at\s+(?P<cond>.+))?$"
)
_GRID_CELL = re.compile(r"^(?P<a>\d+(?:\.\d+)?)\s*\((?P<b>\d+(?:\.\d+)?)\)$")
_GRID_FORMS = {"RMS": "RMS", "PP": "peak-to-peak"}


def _grid_tables(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """A figure per row setting and column setting ("DATA RATE 860" by "FSR ±2.048 V"), each
    cell printing the quantity in two forms ("62.5 (118.63)": µV RMS and peak to peak). The
    column settings head the grid; the words above them name the column setting, the words
    left of them (and the line above those) the row setting."""
    out: list[Fact] = []
    for page in doc.pages:
        lines = page.lines
        for i, line in enumerate(lines):
            m = _GRID_TITLE.match(line.text.strip())
            forms = [re.match(r"(.+?)(RMS|PP)$", u) for u in (m["u"], m["u2"])] if m else []
            if m is None or not all(forms):
                continue
            k = next(
                (
                    j
                    for j in range(i + 1, min(i + 5, len(lines)))
                    if len(lines[j].segments) >= 4
                    and all(re.search(r"\d", sg.text) for sg in lines[j].segments[1:])
                ),
                None,
            )
            if k is None:
                continue
            cols = lines[k].segments[1:]
            col_name = re.sub(r"\s*\(.*\)$", "", lines[k - 2].text.strip()) if k - 2 > i else ""
            row_head = f"{lines[k - 1].text.strip()} {lines[k].segments[0].text.strip()}"
            rm = re.match(r"(?P<name>.*?)\s*\((?P<unit>[^()]+)\)$", row_head.strip())
            if rm is None or not col_name:
                continue
            for row in lines[k + 1 :]:
                segs = row.segments
                if len(segs) != len(cols) + 1 or not re.fullmatch(r"\d+", segs[0].text.strip()):
                    break
                setting = f"{rm['name']} = {segs[0].text.strip()} {rm['unit']}"
                for sg in segs[1:]:
                    cell = _GRID_CELL.match(sg.text.strip())
                    col = min(cols, key=lambda c: abs(c.xc - sg.xc))
                    if cell is None:
                        continue
                    cond = ", ".join(
                        x for x in (setting, f"{col_name} = {col.text.strip()}", m["cond"]) if x
                    )
                    for figure, form in zip((cell["a"], cell["b"]), forms, strict=True):
                        assert form is not None
                        fs, _w = facts_from_row(
                            RowRecord(
                                f"{m['q']} ({_GRID_FORMS[form[2]]})",
                                f"{stem}#p{page.number}",
                                line.text.strip(),
                                "typical_performance",
                                f"{line.text.strip()} / {row.text.strip()}",
                                page.number,
                                condition=cond,
                                typ=figure,
                                unit=form[1],
                            ),
                            device,
                            stem,
                        )
                        out.extend(fs)
    return out


def _page_statements(doc: PdfDocument, device: str, stem: str) -> list[Fact]:
    """The same for a PDF's pages, read column by column; only sentences that read as prose
    (a capital, ten words or more, a full stop) so that table rows run together are not."""
    out: list[Fact] = []
    for page in doc.pages:
        out.extend(
            _statements_in(
                _column_text(page), device, stem, f"{stem}#p{page.number}", "", page.number
            )
        )
    return out


# "9.3.5 Oscillator " before a sentence's first word: a numbered heading run into its prose
_HEADING_BEFORE = re.compile(
    r"^\d+(?:\.\d+)+ (?:[A-Z][\w-]*(?: (?:and|of|for|the|to) | ))*?"
    r"(?=(?:The|A|An|This|These|When|If) )"
)


def _held_for(
    figures: list[tuple[re.Match[str], str]], sentence: str
) -> tuple[re.Match[str], str] | None:
    """Of a sentence's figures, the one time said as how long something is held ("for at
    least 60 minutes"), when there is exactly one."""
    held = [
        (m, u)
        for m, u in figures
        if unit_dimension(u, "") == "s"
        and re.search(
            r"(?i)\bfor (?:at least |a minimum of |about |no less than )?$",
            sentence[max(0, m.start() - 30) : m.start()],
        )
    ]
    return held[0] if len(held) == 1 else None


def _worked_result(
    figures: list[tuple[re.Match[str], str]], sentence: str
) -> tuple[re.Match[str], str] | None:
    """The figure a sentence works out ("0.800 V / 20.0 kohm = 40 uA."): its last figure, a
    single value after a sum's equals sign that ends the sentence, of a dimension none of the
    terms has ("R = 10 kΩ and C = 1 µF" works nothing out)."""
    if not figures:
        return None
    m, unit = figures[-1]
    if (
        m.group("hi")
        or not re.search(r"[-+*/×]\s*\d+(?:\.\d+)?\s*[^\s=]*\s*=\s*$", sentence[: m.start()])
        or not re.fullmatch(r"[\s.]*", sentence[m.end() :])
        or any(unit_dimension(u, "") == unit_dimension(unit, "") for _m, u in figures[:-1])
    ):
        return None
    return m, unit


def _parallel_clauses(
    figures: list[tuple[re.Match[str], str]], sentence: str
) -> list[tuple[re.Match[str], str, str]]:
    """Two figures of one dimension, each followed by the same preposition, joined by "and"
    ("Allow 250 ms after any input voltage change and 100 ms after any load current change
    before taking a reading"): each figure with its own clause (the words before the first
    figure lead both). Empty when the sentence is not so built."""
    if len(figures) != 2 or len({unit_dimension(u, "") for _m, u in figures}) != 1:
        return []
    (a, ua), (b, ub) = figures
    if a.group("hi") or b.group("hi"):
        return []
    after = [re.match(r"\s+(after|before|during|when)\b", sentence[m.end() :]) for m in (a, b)]
    words = [w.group(1) if w else None for w in after]
    between = sentence[a.end() : b.start()]
    if None in words or words[0] != words[1] or " and " not in between:
        return []
    lead = sentence[: a.start()].rstrip()
    first = sentence[: a.end()] + between[: between.rindex(" and ")]
    second = f"{lead} {sentence[b.start() :]}".strip()
    # "... change before taking a reading": what follows the second clause's own phrase under
    # another of these words closes both
    own = b.end() + after[1].end()  # type: ignore[union-attr]
    tail = re.search(r"\s+(?:after|before|during|when|until|while)\b.*$", sentence[own:])
    if tail:
        first += tail.group(0).rstrip(" .")
    return [(a, ua, first.strip()), (b, ub, second)]


# "well inside 32.0 V", "below", "short of": a figure held against a limit
_AGAINST = re.compile(
    r"(?i)\b(?:well\s+|just\s+|comfortably\s+)?(?:inside|within|below|under|above|over|short of"
    r"|exceeds?|exceeding)\s+$"
)


def _worked_comparison(
    figures: list[tuple[re.Match[str], str]], sentence: str
) -> tuple[tuple[re.Match[str], str], float] | None:
    """The figure a sentence holds against a limit of its own unit written right after it
    ("reaches 26.4 V, well inside 32.0 V"), and that limit; None when it holds none."""
    for (m, unit), (limit, unit2) in itertools.pairwise(figures):
        if (
            unit == unit2
            and not m.group("hi")
            and not limit.group("hi")
            and _AGAINST.search(sentence[m.end() : limit.start()])
            and len(sentence[m.end() : limit.start()]) <= 25
        ):
            return (m, unit), float(limit.group("lo"))
    return None


def _statements_in(
    prose: str, device: str, stem: str, citation: str, section: str, page: int | None
) -> list[Fact]:
    """Sentences that state one figure with its unit ("The load needs at least 1.2 V across
    its terminals", "allow 30 ms before taking a reading"): each a ``statement`` fact whose
    label is the sentence, reached only when no row answers."""
    out: list[Fact] = []
    text = re.sub(r"\s+", " ", re.sub(r"[-_=]{5,}", " ", prose))  # (rules drawn in dashes)
    if page is not None:
        # "… Fig.3 Power down control When PD_SCK pin changes …": a capitalised "When" inside
        # a sentence starts one after a caption or heading that has no full stop.
        text = re.sub(r"(?<=[A-Za-z0-9)])\s+(?=(?:When|If|Once|While) )", ". ", text)
        # "… FC90h *The power-on reset value of the temperature register is +85°C.": a table's
        # footnote, marked with a star, starts a sentence after the table's cells
        text = re.sub(r"(?<=[\w)])\s+\*(?=(?:The|A|An|This) )", ". ", text)
    # a feature list's bullets ("▪ 1.2 mΩ internal conductor resistance ▪ …") are items of
    # their own, stated without a full stop
    pieces = re.split(r"\s*[•▪●]\s*", text) if page is not None else [text]
    sentences = [
        (s, k > 0 and j == 0)  # (the prose after a list's last bullet is prose again)
        for k, piece in enumerate(pieces)
        for j, s in enumerate(
            re.split(r"(?<=[.!?])\s+(?=[A-Z`*]|\d+(?:\.\d+)+ [A-Z]|\d+\) )", piece)
        )
    ]
    for sentence, bullet in sentences:
        # "9.3.5 Oscillator The ADS111x have …": a numbered heading is not the sentence's
        sentence = _HEADING_BEFORE.sub("", sentence.strip())
        if not (12 if bullet else 20) <= len(sentence) <= (90 if bullet else 240) or (
            "`" in sentence
        ):
            continue  # a command or response quoted is no specification
        if (
            page is not None
            and not bullet
            and (
                # (seven when it opens as prose does: "The ADS111x have an integrated oscillator
                # running at 1 MHz.")
                len(re.findall(r"[a-z]{2,}", sentence)) < (7 if sentence.startswith("The ") else 10)
                or not sentence.endswith(".")
                # a graph's axis ticks run into its caption ("0 -10 -20 -30 … 1 10 100 1k")
                or len(re.findall(r"(?<![\w.])[-–]?\d+(?:\.\d+)?k?(?![\w.])", sentence)) > 6
            )
        ):
            continue
        # "within one second", "about a minute": a time said in words is a figure too
        sentence_read = times_as_units(sentence)
        figures = []
        for m in _SENTENCE_FIGURE.finditer(sentence_read):
            unit = m.group("hu") or m.group("lu")
            if unit_dimension(unit, "") in _STATEMENT_DIMENSIONS and unit not in _NOT_UNITS:
                figures.append((m, unit))
        distinct = {(fm.group("lo"), fm.group("hi"), u) for fm, u in figures}
        numbers = len(re.findall(r"\d+(?:\.\d+)?", sentence_read))
        if bullet and figures and numbers != 1 + bool(figures[0][0]["hi"]):
            continue  # a bullet's other numbers ("2.6 ~ 5.5V", "-40°C to +125°C") are unread
        ways = {_way(sentence_read[max(0, fm.start() - 25) : fm.start()]) for fm, _u in figures}
        parts: list[tuple[str, str, dict[str, float | str | None]]] = []  # (label, unit, bounds)
        spec, extra = "statement", {}
        if (
            len(distinct) == 2
            and len({u for _lo, _hi, u in distinct}) == 1
            and not any(hi for _lo, hi, _u in distinct)
            and ways == {"up", "down"}
        ):
            # "sensing range increases (about 7 meters) … decreases (about 3 meters)": the two
            # ends a setting moves the figure between
            ends = sorted(float(lo) for lo, _hi, _u in distinct)
            unit = figures[0][1]
            bounds: dict[str, float | str | None] = {"min": ends[0], "max": ends[1]}
        elif len(distinct) != 1 and (held := _held_for(figures, sentence_read)) is not None:
            # "hold the board at 24 V in and 3 A out for at least 60 minutes": the one time
            # a state is held for, at the operating point the sentence names
            m, unit = held
            bounds = _stated_bounds(m, unit, sentence_read[: m.start()])
        elif len(distinct) != 1 and (clauses := _parallel_clauses(figures, sentence_read)):
            # "Allow 250 ms after any input voltage change and 100 ms after any load current
            # change": each figure stated for its own clause, a statement each
            parts = [(clause, u, _stated_bounds(m, u, "")) for m, u, clause in clauses]
        elif len(distinct) != 1 and (result := _worked_result(figures, sentence_read)):
            # "Divider current is 0.800 V / 20.0 kohm = 40 uA": a worked figure states its
            # result, the figures it is worked from are its terms
            m, unit = result
            bounds = {"value": float(m.group("lo"))}
        elif len(distinct) == 2 and (stated := _stated_under(figures, sentence_read)):
            # "When the temperature is 25°C, the theoretical Nernst slope is 59.16 mV/pH
            # unit.": the figure the sentence states, under the condition its lead clause sets
            m, unit, condition = stated
            bounds = {**_stated_bounds(m, unit, sentence_read[: m.start()]), "condition": condition}
        elif len(distinct) != 1 and (compared := _worked_comparison(figures, sentence_read)):
            # "A 24 V industrial rail with a +/-10 percent tolerance reaches 26.4 V, well
            # inside 32.0 V.": a case the document works itself, the figure against its limit
            (m, unit), limit = compared
            bounds = {"value": float(m.group("lo"))}
            spec, extra = "worked_case", {"limit": limit}
        elif len(distinct) != 1:
            # one figure, or one figure said twice ("pull low the bus 80us …, pulls up 80us")
            continue
        else:
            m, unit = figures[0]
            bounds = _stated_bounds(m, unit, sentence_read[: m.start()])
        out.extend(
            Fact(
                device=device,
                spec=spec,
                parameter=label,
                unit=u,
                section_kind="general",
                doc=stem,
                citation=citation,
                evidence=sentence,
                section=section,
                page=page,
                extra=extra,
                **b,
            ).with_id()
            for label, u, b in parts or [(sentence, unit, bounds)]
        )
    return out


_LEAD_CLAUSE = re.compile(r"(?i)^(?:when|at|with)\s+(?P<cond>[^,]{3,60}),\s+(?=\w)")


def _stated_under(
    figures: list[tuple[re.Match[str], str]], sentence: str
) -> tuple[re.Match[str], str, str] | None:
    """Of a sentence's two figures, the one it states when the other is in its lead clause
    ("When the temperature is 25°C, the … slope is 59.16 mV/pH"), with that clause."""
    lead = _LEAD_CLAUSE.match(sentence)
    if lead is None:
        return None
    before = [f for f in figures if f[0].end() <= lead.end()]
    after = [f for f in figures if f[0].start() >= lead.end()]
    if len(before) != 1 or len(after) != 1:
        return None
    m, unit = after[0]
    return m, unit, re.sub(r"(?i)^the\s+", "", lead["cond"]).strip()


def _stated_bounds(m: re.Match[str], unit: str, head: str) -> dict[str, float | str | None]:
    """The bounds a sentence's one figure states: a range, or a value the words before it
    make a minimum ("at least") or a maximum ("up to")."""
    lo = float(m.group("lo"))
    hi = float(m.group("hi")) if m.group("hi") else None
    if hi is not None and m.group("lu") and m.group("lu") != unit:
        return {"value": m.group(0)}  # "20 Hz to 300 kHz": two units, kept as said
    if hi is not None:
        return {"min": lo, "max": hi}
    if re.search(r"(?i)\bnot\b[^,.;]*\b(?:more|less|longer|shorter|greater) than\s*$", head):
        return {"value": lo}  # "should not go negative by more than 0.3 V": no bound
    if re.search(r"(?i)\b(?:don't|do not|never|not)\b[^.;]*\bwithin\s*$", head):
        return {"min": lo}  # "don't send any instruction within one second": wait at least
    if _AT_LEAST.search(head):
        return {"min": lo}
    if _AT_MOST.search(head):
        return {"max": lo}
    return {"value": lo}


# "derate the output current linearly from 3.0 A at 70 degC to 1.5 A at 85 degC": the figure at
# each end of the derating line is a rating at that temperature.
_DERATE = re.compile(
    r"(?i)\bderate\s+(?:the\s+)?(?P<what>output\s+current|output\s+power|current|power)\s+"
    r"(?:linearly\s+)?from\s+(?P<a>\d+(?:\.\d+)?)\s*(?P<ua>m?A|W)\s+at\s+(?P<ta>-?\d+(?:\.\d+)?)\s*"
    r"(?P<tu>deg\s?C|°C|C)\s+to\s+(?P<b>\d+(?:\.\d+)?)\s*(?P<ub>m?A|W)\s+at\s+"
    r"(?P<tb>-?\d+(?:\.\d+)?)\s*(?:deg\s?C|°C|C)"
)


def _derating_facts(text: str, device: str, stem: str, citation: str, kind: str) -> list[Fact]:
    """The two ends of a derating line stated in prose, each a rating at its temperature."""
    out: list[Fact] = []
    flat = re.sub(r"\s+", " ", text)
    for m in _DERATE.finditer(flat):
        what = m.group("what").lower()
        spec = "output_power" if "power" in what else "output_current"
        for v, u, t in (
            (m.group("a"), m.group("ua"), m.group("ta")),
            (m.group("b"), m.group("ub"), m.group("tb")),
        ):
            value = float(v)
            out.append(
                Fact(
                    device=device,
                    spec=spec,
                    parameter=f"{m.group('what').capitalize()}, derated",
                    max=value,
                    unit=u,
                    **_si({"max": value}, u, spec),
                    condition=f"ambient {t} degC",
                    section_kind="recommended_operating",
                    doc=stem,
                    citation=citation,
                    evidence=m.group(0)[:300],
                    applies_to={"ambient_c": float(t)},
                    extra={"derating": True},
                ).with_id()
            )
    return out


_TEMPCO = re.compile(r"(?i)temperature\s+coefficient|\btempco\b")


def _tempco_facts(table: MdTable, device: str, stem: str, citation: str, kind: str) -> list[Fact]:
    """A per-range temperature-coefficient table ("| 10 V | 3.5 + 0.5 |"): one drift fact per
    range, in the terms its first row spells out ("ppm of reading + ppm of range")."""
    out: list[Fact] = []
    terms: str | None = None
    for cells, raw in zip(table.rows, table.raw_rows, strict=False):
        if len(cells) < 2 or not cells[0] or not re.search(r"\d", cells[1]):
            continue
        written = re.findall(r"(ppm|%)\s+of\s+(reading|range|setting)", cells[1], re.I)
        if written:
            terms = " + ".join(f"{u} of {b}" for u, b in written)
        out.append(
            Fact(
                device=device,
                spec="drift",
                parameter=table.header[1].strip(),
                value=cells[1].strip(),
                condition=f"{cells[0].strip()} range",
                section_kind=kind if kind != "general" else "accuracy",
                doc=stem,
                citation=citation,
                evidence=raw.strip()[:300],
                applies_to={"range": cells[0].strip()},
                # Two terms in one cell: kept as written, never summed into one number.
                extra={"composite": True, **({"terms": terms} if terms else {})},
            ).with_id()
        )
    return out


_INTERVAL = re.compile(r"(\d+\s*(?:hour|day|year|month)s?|one\s+year|1\s+year)", re.I)


def _is_interval_table(table: MdTable, sec: MdSection) -> bool:
    return (
        bool(table.header)
        and "range" in [h.lower() for h in table.header]
        and sum(bool(_INTERVAL.search(h)) for h in table.header[1:]) >= 1
        and "accuracy" in (sec.title + " " + table.caption).lower()
    )


_PCT_TERM = re.compile(
    r"(?P<num>\d+(?:\.\d+)?)\s*(?P<u>%|ppm)?\s*(?:of\s+(?P<basis>reading|range|setting))?",
    re.I,
)


def _accuracy_terms(cell: str, caption: str) -> dict[str, Any] | None:
    """ "+/-(0.06% of reading + 0.03% of range)", "15 + 30" (ppm per the caption),
    "+/-(0.05% of setting + 10 mV)", "+/-(0.1% + 10 mA) against the same shunt",
    "+/-2% of amplitude" → structured terms (percent of reading/range, offset)."""
    # (what a tolerance is checked against is no term of it)
    t = re.sub(r"(?i)\s+against\b.*$", "", cell)
    t = t.replace("+/-", "").replace("±", "").strip().strip("()")
    parts = [p.strip().strip("()") for p in t.split("+")]
    if len(parts) not in (1, 2):
        return None
    cap = caption.lower()
    default_u = (
        "ppm"
        if "ppm of reading" in cap
        else "%"
        if "% of reading" in cap or ("percent of reading" in cap)
        else None
    )
    out: dict[str, Any] = {}
    first = re.fullmatch(
        r"(\d+(?:\.\d+)?)\s*(%|ppm)?\s*(?:of\s+(reading|setting|amplitude))?", parts[0], re.I
    )
    if not first:
        return None
    u = first.group(2) or default_u
    if u is None or (len(parts) == 1 and not first.group(2)):
        return None
    scale = 1e-4 if u.lower() == "ppm" else 1.0
    out["pct_reading"] = float(f"{float(first.group(1)) * scale:.10g}")
    out["reading_basis"] = (first.group(3) or "reading").lower()
    if u.lower() == "ppm":
        out["ppm_reading"] = float(first.group(1))
    if len(parts) == 1:
        return out
    second = re.fullmatch(r"(\d+(?:\.\d+)?)\s*(%|ppm)?\s*(?:of\s+range)?", parts[1], re.I)
    if second and (second.group(2) or default_u):
        u2 = second.group(2) or default_u or "%"
        s2 = 1e-4 if u2.lower() == "ppm" else 1.0
        out["pct_range"] = float(f"{float(second.group(1)) * s2:.10g}")
        if u2.lower() == "ppm":
            out["ppm_range"] = float(second.group(1))
        return out
    off = parse_quantity_text(parts[1])
    if off is not None and off.value is not None and off.unit:
        out["offset"] = off.value
        out["offset_unit"] = off.unit
        return out
    return None


def _accuracy_facts(
    table: MdTable, sec: MdSection, device: str, stem: str, citation: str
) -> tuple[list[Fact], list[ExtractWarning]]:
    facts: list[Fact] = []
    warnings: list[ExtractWarning] = []
    header = table.header
    hl = [h.lower() for h in header]
    range_col = hl.index("range") if "range" in hl else None
    param_col = 0 if hl[0] in ("parameter", "function") else None
    res_col = hl.index("resolution") if "resolution" in hl else None
    caption_fn = re.match(r"^([A-Z][\w ,]{2,40}?)\s+accuracy\s+is\s+stated", table.caption)
    acc_cols = [
        i for i, h in enumerate(hl) if "accuracy" in h or (_INTERVAL.search(h) and i != range_col)
    ]
    for cells, raw in zip(table.rows, table.raw_rows, strict=False):
        if len(cells) < len(header):
            continue
        rng = cells[range_col] if range_col is not None else ""
        function = (
            cells[param_col]
            if param_col is not None
            else (caption_fn.group(1) if caption_fn else None)
        )
        base_scope: dict[str, Any] = {}
        if function:
            base_scope["function"] = function
        if rng:
            base_scope["range"] = rng
        for i in acc_cols:
            terms = _accuracy_terms(cells[i], table.caption + " " + sec.text[:400])
            if terms is None:
                continue
            interval_m = _INTERVAL.search(header[i])
            scope = dict(base_scope)
            if interval_m:
                scope["calibration_interval"] = interval_m.group(1).lower().replace("one ", "1 ")
            band = re.search(r"(\d+\s*(?:\+/-|±)\s*\d+|\d+\s+to\s+\d+)\s*degC", header[i])
            if band:
                scope["temperature_band"] = band.group(0)
            rq = parse_quantity_text(rng) if rng else None
            extra: dict[str, Any] = dict(terms)
            if rq is not None and rq.unit:
                try:
                    canonical_unit(rq.unit)
                    top = rq.max if rq.max is not None else rq.value
                    if top is not None:
                        extra["range_value"] = top
                        extra["range_unit"] = rq.unit
                        extra["range_si"], extra["range_si_unit"] = to_si(top, rq.unit)
                except UnknownUnitError:
                    warnings.append(ExtractWarning(citation, "unknown_unit", rq.unit, rng))
            facts.append(
                Fact(
                    device=device,
                    spec="accuracy",
                    parameter=f"{function or 'accuracy'} {header[i]}",
                    condition=header[i],
                    section_kind="accuracy",
                    applies_to=scope,
                    doc=stem,
                    citation=citation,
                    evidence=raw[:300],
                    section=sec.title,
                    extra=extra,
                    value=cells[i],
                ).with_id()
            )
        # Range and resolution columns of a "Parameter | Range | Resolution | Accuracy" table.
        if function and rng and param_col is not None and res_col is not None:
            for spec, cell in (
                ("measurement_range", rng),
                ("resolution", cells[res_col] if res_col is not None else ""),
            ):
                q = parse_quantity_text(cell) if cell else None
                if q is None or not q.unit:
                    continue
                try:
                    si: dict[str, Any] = {}
                    for key in ("min", "max", "value"):
                        v = getattr(q, key)
                        if v is not None:
                            si[f"si_{key}"], si["si_unit"] = to_si(v, q.unit, spec)
                except UnknownUnitError:
                    warnings.append(ExtractWarning(citation, "unknown_unit", q.unit, cell))
                    continue
                facts.append(
                    Fact(
                        device=device,
                        spec=spec,
                        parameter=function,
                        min=q.min,
                        max=q.max,
                        value=q.value,
                        unit=q.unit,
                        section_kind="electrical_characteristics",
                        applies_to={"function": function},
                        doc=stem,
                        citation=citation,
                        evidence=raw[:300],
                        section=sec.title,
                        **si,
                    ).with_id()
                )
    return facts, warnings
