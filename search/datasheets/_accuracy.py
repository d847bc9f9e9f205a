"""Instrument accuracy: the uncertainty of one reading from a ±(reading + range) specification.

A specification row holds for one function, one range and one calibration interval. The limit of
error for a reading ``x`` on range ``R`` is ``a·x + b·R`` (``a``, ``b`` in ppm or percent), or
``a·x + c`` where the second term is a fixed amount (``+ 5 mV``). The range term does not scale
with the reading, so the range the reading was taken on is part of the answer; a reading beyond
the range is refused, because the instrument returns an overload there, not a measurement.
"""

from __future__ import annotations

import dataclasses
import logging
import math
import re
from dataclasses import dataclass

from search.datasheets._answer import Derived, format_number, numbers_in, rounded
from search.datasheets._facts import Fact

logger = logging.getLogger(__name__)

__all__ = [
    "AccuracyError",
    "AccuracyRow",
    "accuracy_rows",
    "compute_uncertainty",
    "parse_interval",
    "with_temperature_coefficient",
]

_SCALE = {"n": 1e-9, "u": 1e-6, "µ": 1e-6, "μ": 1e-6, "m": 1e-3, "": 1.0, "k": 1e3, "M": 1e6}
_BASE = {"v": "V", "a": "A", "ohm": "ohm", "ω": "ohm", "w": "W"}


class AccuracyError(ValueError):
    """A reading the specification cannot price (beyond the range, no row for it)."""


def parse_amount(text: str) -> tuple[float, str] | None:
    """``"10 V"`` → (10.0, "V"); ``"100 mV"`` → (0.1, "V"); ``"100 kohm"`` → (1e5, "ohm")."""
    m = re.match(
        r"^\s*([-+]?\d+(?:\.\d+)?)\s*([nuµμmkM]?)\s*(v|a|ohm|ω|w)\b", text.strip(), re.IGNORECASE
    )
    if not m:
        return None
    prefix = m.group(2)
    base = _BASE[m.group(3).lower()]
    if prefix == "M" and base == "ohm":
        scale = 1e6
    elif prefix == "m" or (prefix == "M" and base != "ohm"):
        scale = 1e-3
    else:
        scale = _SCALE.get(prefix, 1.0)
    return float(m.group(1)) * scale, base


def parse_interval(text: str | None) -> str | None:
    """Normalise a calibration interval: ``24h``, ``90d`` or ``1y`` (None if not recognised)."""
    if not text:
        return None
    t = text.lower()
    if re.search(r"\b24[- ]?h|\b24 hour|\b1 day\b", t):
        return "24h"
    if re.search(r"\b90[- ]?d|\b90 day|\b3 months?\b", t):
        return "90d"
    if re.search(r"\b1[- ]?y|\bone year|\b1 year|\b12 months?\b|\byear\b", t):
        return "1y"
    return None


_INTERVAL_WORDS = {"24h": "24 hour", "90d": "90 day", "1y": "1 year"}


@dataclass(frozen=True)
class AccuracyRow:
    """One specification row, made arithmetic."""

    fact: Fact
    range_si: float | None
    range_text: str
    base_unit: str
    interval: str | None
    reading_coef: float
    range_coef: float | None
    fixed_term: float | None
    """A fixed second term in the base unit (``+ 5 mV`` → 0.005)."""
    fixed_text: str | None
    per: str
    """``ppm`` or ``%``: how the source writes the coefficients."""
    function: str
    range_value: float | None = None
    """The range as the source writes it (10 for "10 V", 100 for "100 mV")."""
    range_unit: str | None = None
    basis: str = "reading"
    """What the first term is a percentage of: ``reading`` or ``setting``."""

    @property
    def interval_text(self) -> str:
        """The interval in words."""
        return _INTERVAL_WORDS.get(self.interval or "", self.interval or "stated")


def _in_evidence(x: float, evidence: str) -> bool:
    return any(math.isclose(x, v, rel_tol=1e-9) for _, v in numbers_in(evidence, evidence=True))


def _row_from_fact(f: Fact) -> AccuracyRow | None:
    scope = f.applies_to
    range_text = str(scope.get("range") or "")
    amount = parse_amount(range_text) if range_text else None
    # "0 to 60.00 V" is a span: the instrument's one range ends at its upper figure.
    span = re.search(r"\bto\s+(\d+(?:\.\d+)?\s*[nuµμmkM]?(?:V|A|ohm|Ω)\b)", range_text)
    if amount is None and span:
        amount = parse_amount(span.group(1).replace("Ω", "ohm"))
    range_value = f.extra.get("range_value")
    range_unit = f.extra.get("range_unit")
    if amount is None and isinstance(f.extra.get("range_si"), int | float):
        si_unit = str(f.extra.get("range_si_unit") or "").replace("Ω", "ohm") or "V"
        amount = (float(f.extra["range_si"]), si_unit)
    if not isinstance(range_value, int | float) or not isinstance(range_unit, str):
        m_r = re.match(r"\s*(\d+(?:\.\d+)?)\s*(\S+)", span.group(1) if span else range_text)
        range_value = float(m_r.group(1)) if m_r else None
        range_unit = m_r.group(2) if m_r else None
    basis = str(f.extra.get("reading_basis") or "")
    if not basis:
        basis = "setting" if re.search(r"of\s+setting", f.evidence, re.I) else "reading"
    interval = parse_interval(str(scope.get("calibration_interval") or "")) or parse_interval(
        f.condition
    )
    function = str(scope.get("function") or scope.get("quantity") or f.parameter or "")
    pr = f.extra.get("pct_reading")
    pg = f.extra.get("pct_range")
    fixed_text = f.extra.get("fixed") or f.extra.get("abs") or f.extra.get("offset")
    evidence = f.evidence
    # The fixed term ("+ 5 mV") when the source states one, read from the evidence words.
    fixed = None
    m = re.search(
        r"of\s+(?:reading|setting)\s*\+\s*(\d+(?:\.\d+)?)\s*([nuµμmk]?)(v|a|ohm|Ω)\b",
        evidence,
        re.IGNORECASE,
    )
    if m and pg is None:
        fixed_text = f"{m.group(1)} {m.group(2)}{m.group(3)}"
        got = parse_amount(fixed_text.replace("Ω", "ohm"))
        fixed = got[0] if got else None
    if pr is None:
        # "+/-(0.05% of reading + 10 mV)" with no structured extra: read the coefficients.
        m2 = re.search(r"(\d+(?:\.\d+)?)\s*%\s*of\s*(?:reading|setting)", evidence, re.IGNORECASE)
        if not m2:
            return None
        pr = float(m2.group(1))
        m3 = re.search(r"(\d+(?:\.\d+)?)\s*%\s*of\s*range", evidence, re.IGNORECASE)
        pg = float(m3.group(1)) if m3 else None
    pr = float(pr)
    pg = float(pg) if pg is not None else None
    # Percent as written, or ppm as written (1 ppm = 0.0001 %): follow the evidence.
    per = "%"
    if not _in_evidence(pr, evidence) and _in_evidence(pr * 1e4, evidence):
        per = "ppm"
    coef_r = pr * 1e4 if per == "ppm" else pr
    coef_g = (pg * 1e4 if per == "ppm" else pg) if pg is not None else None
    base = amount[1] if amount else (parse_amount("1 " + (f.unit or "V")) or (1.0, "V"))[1]
    return AccuracyRow(
        fact=f,
        range_si=amount[0] if amount else None,
        range_text=range_text,
        base_unit=base,
        interval=interval,
        reading_coef=coef_r,
        range_coef=coef_g,
        fixed_term=fixed,
        fixed_text=fixed_text if fixed is not None else None,
        per=per,
        function=function,
        range_value=float(range_value) if range_value is not None else None,
        range_unit=range_unit,
        basis=basis,
    )


def accuracy_rows(facts: list[Fact]) -> list[AccuracyRow]:
    """The accuracy facts of an instrument that can be used arithmetically."""
    rows = []
    for f in facts:
        if f.spec != "accuracy":
            continue
        row = _row_from_fact(f)
        if row is not None:
            rows.append(row)
    return rows


def _prefix_for(value_si: float, base: str) -> tuple[str, float]:
    """The display prefix and factor (``µV``, 1e6) that makes a small amount readable."""
    a = abs(value_si)
    if a == 0 or a >= 1:
        return base, 1.0
    if a >= 1e-3:
        return "m" + base, 1e3
    if a >= 1e-6:
        return "µ" + base, 1e6
    return "n" + base, 1e9


@dataclass(frozen=True)
class Uncertainty:
    """The result for one reading on one row."""

    row: AccuracyRow
    reading_si: float
    limit_si: float
    unit: str
    shown: str
    derived: list[Derived]
    reading: str  # "4.9930 V", as the question wrote it
    head: str  # "4.9930 V on the 10 V range, 90 day specification"
    spec: str  # "(25 ppm of reading + 4 ppm of range)"
    formula: str  # "25 ppm × 4.9930 V + 4 ppm × 10 V"

    @property
    def text(self) -> str:
        # The arithmetic is shown with its inputs, not its partial results: a term such as
        # "124.825 µV" stated on its own reads as the answer, and it is not.
        exact = f"{self.head} ±{self.spec}: {self.formula} = ±{self.shown} {self.unit}"
        tenth = next((d for d in self.derived if d.label == _ROUNDED), None)
        return f"{exact} (≈ ±{tenth.result:.1f} {self.unit})" if tenth else exact


_ROUNDED = "limit of error to a tenth of its unit"


def _with_rounded(derived: list[Derived]) -> list[Derived]:
    """The limit of error to a tenth of the unit it is shown in, beside the exact figure, when
    that drops digits; the exact limit stays the last step."""
    tenth = rounded(derived[-1], _ROUNDED)
    return [*derived[:-1], tenth, derived[-1]] if tenth else derived


def compute_uncertainty(
    row: AccuracyRow, reading_si: float, reading_token: str, reading_unit: str
) -> Uncertainty:
    """The ± limit of error for a reading on this row, with the arithmetic spelled out.

    ``reading_token`` and ``reading_unit`` are the reading as the question wrote it, so that
    the expression uses the question's own number.
    """
    if row.range_si is not None and abs(reading_si) > row.range_si * (1 + 1e-12):
        raise AccuracyError(
            f"range: a reading of {reading_token} {reading_unit} is above the {row.range_text} "
            f"range of {row.fact.device} ({row.fact.citation}); the instrument reports overload, "
            "not a measurement, so no accuracy applies"
        )
    reading_scale = reading_si / float(reading_token) if float(reading_token) != 0 else 1.0
    per_div = 1e6 if row.per == "ppm" else 100.0
    term_r = reading_si * row.reading_coef / per_div
    term_g = (row.range_si or 0.0) * (row.range_coef or 0.0) / per_div
    term_f = row.fixed_term or 0.0
    total = term_r + term_g + term_f
    unit, factor = _prefix_for(total, row.base_unit)
    # Expressions in the displayed unit: reading × coefficient × (factor / per_div) etc.
    k = factor / per_div
    range_token = format_number(row.range_value) if row.range_value is not None else ""
    range_scale = (
        (row.range_si or 0.0) / row.range_value if row.range_value and row.range_si else 1.0
    )
    per_word = "ppm" if row.per == "ppm" else "%"
    coef_r = format_number(row.reading_coef)
    exprs = [f"{reading_token} * {coef_r} * {format_number(reading_scale * k)}"]
    spec_text = f"{coef_r} {per_word} of {row.basis}"
    formula = [f"{coef_r} {per_word} × {reading_token} {reading_unit}"]
    if row.range_coef is not None and row.range_si is not None:
        coef_g = format_number(row.range_coef)
        exprs.append(f"{range_token} * {coef_g} * {format_number(range_scale * k)}")
        spec_text += f" + {coef_g} {per_word} of range"
        formula.append(f"{coef_g} {per_word} × {row.range_text or range_token}")
    if row.fixed_term is not None and row.fixed_text:
        fixed_amount = parse_amount(row.fixed_text.replace("Ω", "ohm"))
        fixed_token = row.fixed_text.split()[0]
        fscale = (fixed_amount[0] / float(fixed_token)) if fixed_amount else 1.0
        exprs.append(f"{fixed_token} * {format_number(fscale * factor)}")
        spec_text += f" + {row.fixed_text}"
        formula.append(row.fixed_text)
    derived = _with_rounded(
        [
            Derived(
                label="limit of error",
                expression=" + ".join(f"({e})" for e in exprs),
                result=round(total * factor, 12),
                unit=unit,
            )
        ]
    )
    return Uncertainty(
        row=row,
        reading_si=reading_si,
        limit_si=total,
        unit=unit,
        shown=format_number(round(total * factor, 6)),
        derived=derived,
        reading=f"{reading_token} {reading_unit}",
        head=f"{reading_token} {reading_unit} on the {row.range_text or 'stated'} range, "
        f"{row.interval_text} specification",
        spec=f"({spec_text})",
        formula=" + ".join(formula),
    )


def with_temperature_coefficient(
    u: Uncertainty, tc: Fact, ambient: float, edge: float, reading_token: str
) -> Uncertainty | None:
    """The limit of error at an ambient outside the specified temperature band: the temperature
    coefficient ("3.5 + 0.5" ppm of reading + ppm of range per degC) times the degrees from the
    band's nearer ``edge``, added. None when the coefficient cannot be read."""
    m = re.fullmatch(
        r"\s*(\d+(?:\.\d+)?)\s*(?:ppm of reading)?\s*\+\s*(\d+(?:\.\d+)?)\s*(?:ppm of range)?\s*",
        str(tc.value or ""),
    )
    row = u.row
    if m is None or row.per != "ppm" or row.range_si is None or row.range_value is None:
        return None
    tc_r, tc_g = float(m.group(1)), float(m.group(2))
    degrees = abs(ambient - edge)
    unit, factor = _prefix_for(u.limit_si, row.base_unit)
    reading_scale = u.reading_si / float(reading_token) if float(reading_token) != 0 else 1.0
    range_scale = row.range_si / row.range_value
    added = degrees * (u.reading_si * tc_r + row.range_si * tc_g) / 1e6
    total = u.limit_si + added
    k = factor / 1e6
    hot, cold = (ambient, edge) if ambient > edge else (edge, ambient)
    span = f"({format_number(hot)} - {format_number(cold)})"
    expr = (
        f"{span} * ({reading_token} * {format_number(tc_r)} * "
        f"{format_number(reading_scale * k)} + {format_number(row.range_value)} * "
        f"{format_number(tc_g)} * {format_number(range_scale * k)})"
    )
    base = next(d for d in u.derived if d.label == "limit of error")
    shown = format_number(round(total * factor, 6))
    derived = _with_rounded(
        [
            Derived(label="degrees outside the band", expression=span, result=degrees, unit="degC"),
            Derived(
                label="limit of error with temperature coefficient",
                expression=f"{base.expression} + {expr}",
                result=round(total * factor, 12),
                unit=unit,
            ),
        ]
    )
    n = format_number(degrees)
    r, g = format_number(tc_r), format_number(tc_g)
    head = f"{u.head}, {n} degC outside the specified band"
    spec = f"[{u.spec} + {n} × ({r} ppm of reading + {g} ppm of range) [{tc.citation}]]"
    over = f"{r} ppm × {u.reading} + {g} ppm × {row.range_text or row.range_value}"
    formula = f"{u.formula} + {n} × ({over})"
    return dataclasses.replace(
        u,
        limit_si=total,
        unit=unit,
        shown=shown,
        derived=derived,
        head=head,
        spec=spec,
        formula=formula,
    )
