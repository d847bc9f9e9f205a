"""Units: pint behind a small preprocessor, with SI normalisation and caches.

pint reads most unit strings devices and datasheets use, but trips over a few habits: ``°C`` with
the degree sign, ``%RH``, the unicode minus, ``±`` tolerances, the micro sign typed in two different
code points, and ranges such as ``2.7 to 5.5 V`` / ``-40 ~ +85 °C`` / ``2.7–5.5V``. The
preprocessor rewrites those into what pint expects; pint then does the real work.

Building a pint ``UnitRegistry`` takes a good fraction of a second, so there is one, built on first
use. Every unit string is parsed once: the result is reduced to an affine map to SI
(``si = value * factor + offset``) and cached, so normalising a metric on the ingest path is a dict
lookup and a multiply-add.
"""

from __future__ import annotations

import functools
import logging
import math
import re
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from uidi._errors import UnitError, shorten

if TYPE_CHECKING:
    import pint

__all__ = [
    "KNOWN_UNITS",
    "MAX_UNIT_LENGTH",
    "Quantity",
    "UnitInfo",
    "normalize",
    "parse_quantity",
    "preprocess_unit",
    "unit_info",
]

logger = logging.getLogger(__name__)

#: Longest unit string accepted; real units are short, and pint's parser should not see essays.
MAX_UNIT_LENGTH = 64
#: Longest quantity string parse_quantity accepts.
MAX_QUANTITY_LENGTH = 128

_registry: pint.UnitRegistry[Any] | None = None
_registry_lock = threading.Lock()

# Units pint lacks (or misreads) that devices and datasheets use. Index-like readings (LSB, pH,
# NTU, AQI, UV index) and currencies get dimensions of their own, so they never convert into
# something else and "mV/LSB" stays distinct from "mV".
_EXTRA_DEFINITIONS = (
    "least_significant_bit = [digital_code] = LSB = lsb",
    "samples_per_second = 1 / second = SPS = sps",
    "pH_value = [acidity] = pH",
    "nephelometric_turbidity_unit = [turbidity] = NTU",
    "air_quality_index = [air_quality] = AQI",
    "uv_index = [uv_exposure] = UVI",
    "beats_per_minute = 1 / minute = bpm",
    "counts_per_minute = 1 / minute = cpm = CPM",
    "litres_per_minute = liter / minute = LPM = lpm",
    "gallons_per_minute = gallon / minute = GPM = gpm",
    "degrees_per_second = degree / second = dps",
    "volt_ampere_reactive = volt * ampere = var = VAr",
    "parts_per_billion = 1e-9 = ppb",
    # "ppt" would otherwise be a picopint; salinity sensors mean parts per thousand.
    "parts_per_thousand = 1e-3 = ppt",
    "permille = 1e-3",
    # "pcs" would otherwise be parsecs.
    "piece = count = pcs",
    "person = count = people",
    "week = 7 * day = wk",
    "CAD = [currency_cad]",
    "USD = [currency_usd]",
    "EUR = [currency_eur]",
)

# Preferred SI unit for a dimensionality: the first candidate with a matching dimensionality wins,
# so named derived units (V, W, Pa) beat base-unit products (kg*m^2/s^3).
_SI_CANDIDATES = (
    "m", "kg", "s", "A", "K", "mol", "cd", "Hz", "N", "Pa", "J", "W", "C", "V", "F", "ohm", "S",
    "Wb", "T", "H", "lx", "m/s", "m/s^2", "m^2", "m^3", "m^3/s", "kg/s", "kg/m^3", "V/m", "A/m",
    "W/m^2", "J/K", "W/(m*K)", "V/s", "A/s", "ohm*m", "S/m", "1/K", "LSB", "V/LSB", "LSB/K",
    "LSB/V", "A*s/V",
)  # fmt: skip
_si_by_dimensionality: dict[object, str] = {}

_UNIT_ALLOWED = re.compile(r"[A-Za-z0-9_ */^().+\-]*")
_LONG_NUMBER = re.compile(r"\d{3,}")
_DEGREE = re.compile(r"(?:[°º˚]|\bdeg(?:rees?)?\s)\s*([CFK])(?![A-Za-z])")
_SCALE_NAME = re.compile(r"\b(?:[Cc]elsius|[Ff]ahrenheit)\b")
# "m3", "cm2": a length with its power written without a caret.
_BARE_POWER = re.compile(r"(?<![A-Za-z])([kcdmu]?m)([23])(?![0-9])")
_VOLUME_PERCENT = re.compile(r"(?:vol\s*%|%\s*vol)(?![A-Za-z])")
_PERCENT_RH = re.compile(r"%\s*(?:RH|rH|rh|r\.h\.)(?![A-Za-z])")
_DB_WEIGHTED = re.compile(r"dB\s*\(?([ACZ])\)?(?![A-Za-z])")

# Characters replaced one for one (or by a short ASCII spelling) before pint sees the string.
_CHAR_MAP = str.maketrans(
    {
        "\u2212": "-",  # unicode minus
        "\u2010": "-",
        "\u2011": "-",
        "\u00b5": "u",  # micro sign
        "\u03bc": "u",  # greek small mu
        "\u2126": "ohm",  # ohm sign
        "\u03a9": "ohm",  # greek capital omega
        "\u2103": "degC",
        "\u2109": "degF",
        "\u00b2": "^2",
        "\u00b3": "^3",
        "\u00b9": "^1",
        "\u00b7": "*",
        "\u22c5": "*",
        "\u00d7": "*",
        "\u2030": " permille ",
        "\u00a0": " ",
        "\u2009": " ",
        "\u202f": " ",
    }
)


def _get_registry() -> pint.UnitRegistry[Any]:
    """Return the one shared registry, building it on first use (it is slow to build)."""
    global _registry
    if _registry is None:
        with _registry_lock:
            if _registry is None:
                import pint

                registry: pint.UnitRegistry[Any] = pint.UnitRegistry(
                    autoconvert_offset_to_baseunit=True, on_redefinition="ignore"
                )
                for definition in _EXTRA_DEFINITIONS:
                    registry.define(definition)
                for candidate in _SI_CANDIDATES:
                    dims = registry.get_dimensionality(candidate)
                    _si_by_dimensionality.setdefault(dims, candidate)
                logger.debug("pint registry built")
                _registry = registry
    return _registry


def preprocess_unit(unit: str) -> str:
    """Rewrite *unit* into the spelling pint reads (``°C`` → ``degC``, ``%RH`` → ``percent``)."""
    text = unit.strip().translate(_CHAR_MAP)
    if any(ch.isdigit() for ch in text):
        text = _BARE_POWER.sub(r"\1^\2", text)
    if "deg" in text or "elsius" in text or "ahrenheit" in text:
        text = _DEGREE.sub(r"deg\1", text)
        text = _SCALE_NAME.sub(lambda m: "degC" if m.group(0)[0] in "Cc" else "degF", text)
    if not text.isascii() or "%" in text or "°" in text or "dB" in text:
        text = _VOLUME_PERCENT.sub("percent", text)
        text = _DEGREE.sub(r"deg\1", text)
        text = text.replace("°", " degree ").replace("º", " degree ")
        text = _PERCENT_RH.sub("percent", text)
        text = text.replace("%", " percent ")
        text = _DB_WEIGHTED.sub("dB", text)
    return " ".join(text.split())


@dataclass(frozen=True, slots=True)
class UnitInfo:
    """What a unit string means: pint's reading and the affine map to its SI unit.

    ``si = value * factor + offset`` for absolute values; differences (tolerances, ``±``) use only
    ``factor``. Logarithmic units (dB, dBm) keep their value: ``factor=1, offset=0``.
    """

    unit: str
    pint_unit: str
    si_unit: str
    factor: float
    offset: float
    logarithmic: bool

    def to_si(self, value: float) -> float:
        """Absolute value in the SI unit."""
        return value * self.factor + self.offset

    def delta_to_si(self, value: float) -> float:
        """A difference (tolerance) in the SI unit."""
        return value * self.factor

    def from_si(self, value: float) -> float:
        """Inverse of :meth:`to_si`."""
        return (value - self.offset) / self.factor


@functools.lru_cache(maxsize=4096)
def _unit_info_cached(unit: str) -> UnitInfo | UnitError:
    # Failures are cached too (returned, not raised) so a device repeating a bad unit costs
    # one pint parse, not one per message. The cache is bounded, so junk cannot grow it forever.
    if len(unit) > MAX_UNIT_LENGTH:
        return UnitError(
            f"unit {shorten(unit)} is {len(unit)} characters long; the limit is {MAX_UNIT_LENGTH}",
            rule="unit.too_long",
            value=unit,
        )
    text = preprocess_unit(unit)
    if text == "":
        return UnitInfo(unit, "dimensionless", "", 1.0, 0.0, False)
    if _UNIT_ALLOWED.fullmatch(text) is None:
        bad = next(ch for ch in text if _UNIT_ALLOWED.fullmatch(ch) is None)
        return UnitError(
            f"unit {shorten(unit)} contains {bad!r}, which no unit spelling uses",
            rule="unit.unknown",
            value=unit,
        )
    long_number = _LONG_NUMBER.search(text)
    if long_number is not None:
        # pint takes seconds over exponents like m**99999999999; no real unit needs them.
        return UnitError(
            f"unit {shorten(unit)} contains the number {long_number.group(0)[:20]}, "
            "longer than any unit exponent (2 digits at most)",
            rule="unit.exponent",
            value=unit,
        )
    registry = _get_registry()
    try:
        parsed = registry.parse_units(text)
        pint_unit = str(parsed)
        dims = parsed.dimensionality
        si_unit = _si_by_dimensionality.get(dims)
        if si_unit is None:
            if dims == registry.get_dimensionality(""):
                si_unit = ""
            else:
                si_unit = f"{registry.Quantity(1.0, parsed).to_base_units().units:~C}"
        target = si_unit or "dimensionless"
        samples = [
            float(registry.Quantity(x, parsed).to(target).magnitude) for x in (0.0, 1.0, 2.0)
        ]
    except Exception as exc:  # pint raises a zoo of types (and TypeError/ValueError) on junk
        return UnitError(
            f"unit {shorten(unit)} is not a unit pint knows ({_pint_reason(exc)})",
            rule="unit.unknown",
            value=unit,
        )
    if not all(math.isfinite(s) for s in samples):
        return UnitError(
            f"unit {shorten(unit)} cannot be converted to SI without overflow",
            rule="unit.overflow",
            value=unit,
        )
    offset, one, two = samples
    factor = one - offset
    if factor == 0 or not math.isclose(two - one, factor, rel_tol=1e-9, abs_tol=1e-12):
        # Not affine: a logarithmic unit (dB, dBm). Keep the value as it is.
        return UnitInfo(unit, pint_unit, f"{parsed:~C}", 1.0, 0.0, True)
    return UnitInfo(unit, pint_unit, si_unit, factor, offset, False)


def _pint_reason(exc: Exception) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text if len(text) <= 80 else text[:77] + "..."


#: Units already read, for the ingest path's plain dict lookup (lru_cache adds call overhead).
KNOWN_UNITS: dict[str, UnitInfo] = {}


def unit_info(unit: str, *, where: str = "unit") -> UnitInfo:
    """Parse *unit* once (cached) and return its SI map; raise :class:`UnitError` naming *where*."""
    known = KNOWN_UNITS.get(unit)
    if known is not None:
        return known
    result = _unit_info_cached(unit)
    if isinstance(result, UnitError):
        raise UnitError(str(result.problems[0].text), rule=result.rule, value=unit, where=where)
    if len(KNOWN_UNITS) >= 4096:  # bounded, like the lru_cache behind it
        KNOWN_UNITS.clear()
    KNOWN_UNITS[unit] = result
    return result


def normalize(value: float, unit: str | None, *, where: str = "unit") -> tuple[float, str]:
    """Return ``(si_value, si_unit)`` for *value* in *unit* (``None`` or ``""``: dimensionless).

    >>> normalize(20, "°C")
    (293.15, 'K')
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise UnitError(
            f"value {shorten(value)} is not a number", rule="unit.value", value=value, where=where
        )
    if not unit:
        return float(value), ""
    info = unit_info(unit, where=where)
    return info.to_si(float(value)), info.si_unit


@dataclass(frozen=True, slots=True)
class Quantity:
    """A value, tolerance or range as written in a datasheet, with its SI equivalent.

    ``min``/``typ``/``max`` are in ``unit`` (the unit as written); ``si_*`` in ``si_unit``.
    """

    min: float | None
    typ: float | None
    max: float | None
    unit: str
    si_min: float | None
    si_typ: float | None
    si_max: float | None
    si_unit: str

    def __str__(self) -> str:
        unit = f" {self.unit}" if self.unit else ""
        if self.min is not None and self.max is not None and self.typ is None:
            return f"{self.min:g} to {self.max:g}{unit}"
        parts = [
            f"{label} {v:g}"
            for label, v in (("min", self.min), ("typ", self.typ), ("max", self.max))
            if v is not None
        ]
        return ", ".join(parts) + unit


_QUANTITY_MAP = str.maketrans(
    {
        "\u2212": "-",
        "\u2010": "-",
        "\u2011": "-",
        "\u2013": " to ",
        "\u2014": " to ",
        "\u00a0": " ",
        "\u2009": " ",
        "\u202f": " ",
    }
)
_NUM = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?"
_RANGE_SEP = r"(?:\s*(?:to|\.\.\.?|~|-)\s*)"
_UNIT_PART = r"[^\d±+\-~]*?"
_RE_PLUS_MINUS = re.compile(
    rf"(?:(?P<centre>{_NUM})\s*(?P<u1>{_UNIT_PART})\s*)?±\s*(?P<tol>{_NUM})\s*(?P<unit>.*)"
)
_RE_RANGE = re.compile(
    # The lookahead stops "1e-3" from being read as the range "1 e - 3".
    rf"(?P<lo>{_NUM})(?![eE][+-]?\d)\s*(?P<u1>{_UNIT_PART}){_RANGE_SEP}(?P<hi>{_NUM})\s*"
    r"(?P<unit>.*)"
)
_QUALIFIER = r"min(?:imum)?|max(?:imum)?|typ(?:ical)?|up to|<=?|>=?|≤|≥|≈|~"
_RE_SINGLE = re.compile(rf"(?P<qual>{_QUALIFIER})?\.?:?\s*(?P<val>{_NUM})\s*(?P<unit>.*)")


def _number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(text)
    return value


@functools.lru_cache(maxsize=4096)
def _parse_quantity_cached(text: str) -> Quantity | UnitError:
    if len(text) > MAX_QUANTITY_LENGTH:
        return UnitError(
            f"quantity {shorten(text)} is {len(text)} characters long; "
            f"the limit is {MAX_QUANTITY_LENGTH}",
            rule="quantity.too_long",
            value=text,
        )
    # Only signs, dashes and spaces are normalised here, so the unit groups keep the author's
    # spelling (°C, µA) for Quantity.unit; unit_info preprocesses them for pint.
    clean = " ".join(text.translate(_QUANTITY_MAP).split())
    clean = clean.replace("+/-", "±").replace("+-", "±")
    try:
        match = _RE_PLUS_MINUS.fullmatch(clean)
        if match:
            centre_unit = (match["u1"] or "").strip()
            tol_unit = (match["unit"] or "").strip()
            tol = abs(_number(match["tol"]))
            if centre_unit and tol_unit and centre_unit != tol_unit:
                # "1.8 V ± 5 %" (relative) or "25 °C ± 0.5 K" (same dimension, other unit).
                centre_value = _number(match["centre"])
                if preprocess_unit(tol_unit) == "percent":
                    tol = abs(centre_value) * tol / 100
                else:
                    tol_info = unit_info(tol_unit, where="quantity")
                    centre_info = unit_info(centre_unit, where="quantity")
                    if tol_info.si_unit != centre_info.si_unit:
                        return UnitError(
                            f"quantity {shorten(text)} has a tolerance in {tol_unit!r}, which "
                            f"does not measure the same thing as {centre_unit!r}",
                            rule="quantity.mixed_units",
                            value=text,
                        )
                    tol = tol_info.delta_to_si(tol) / centre_info.factor
                tol_unit = centre_unit
            unit = tol_unit or centre_unit
            info = unit_info(unit, where="quantity") if unit else None
            if match["centre"] is None:
                si = info.delta_to_si(tol) if info else tol
                return Quantity(-tol, None, tol, unit, -si, None, si, _si(info))
            centre = _number(match["centre"])
            lo, hi = centre - tol, centre + tol
            return _make(lo, centre, hi, unit, info)
        match = _RE_RANGE.fullmatch(clean)
        if match:
            unit = match["unit"].strip()
            left_unit = match["u1"].strip()
            lo, hi = _number(match["lo"]), _number(match["hi"])
            unit = unit or left_unit
            info = unit_info(unit, where="quantity") if unit else None
            if left_unit and left_unit != unit and info is not None:
                left = unit_info(left_unit, where="quantity")
                if left.si_unit != info.si_unit:
                    return UnitError(
                        f"quantity {shorten(text)} has ends in {left_unit!r} and {unit!r}, "
                        "which measure different things",
                        rule="quantity.mixed_units",
                        value=text,
                    )
                lo = info.from_si(left.to_si(lo))
            if lo > hi:
                lo, hi = hi, lo
            return _make(lo, None, hi, unit, info)
        match = _RE_SINGLE.fullmatch(clean)
        if match:
            unit = match["unit"].strip()
            info = unit_info(unit, where="quantity") if unit else None
            value = _number(match["val"])
            qual = (match["qual"] or "").lower()
            if qual.startswith("min") or qual in (">", ">=", "≥"):
                return _make(value, None, None, unit, info)
            if qual.startswith("max") or qual in ("<", "<=", "≤", "up to"):
                return _make(None, None, value, unit, info)
            return _make(None, value, None, unit, info)
    except UnitError as exc:
        return UnitError(
            f"quantity {shorten(text)}: {exc.problems[0].text}", rule=exc.rule, value=text
        )
    except (ValueError, OverflowError):
        pass
    return UnitError(
        f"quantity {shorten(text)} is not a number with a unit, a range "
        "('2.7 to 5.5 V') or a tolerance ('±0.5 °C')",
        rule="quantity.syntax",
        value=text,
    )


def _si(info: UnitInfo | None) -> str:
    return info.si_unit if info else ""


def _make(
    lo: float | None,
    typ: float | None,
    hi: float | None,
    unit: str,
    info: UnitInfo | None,
) -> Quantity:
    def conv(v: float | None) -> float | None:
        if v is None:
            return None
        return info.to_si(v) if info else v

    return Quantity(lo, typ, hi, unit, conv(lo), conv(typ), conv(hi), _si(info))


def parse_quantity(text: str, *, where: str = "quantity") -> Quantity:
    """Parse a datasheet quantity: ``"3.3 V"``, ``"2.7 to 5.5 V"``, ``"-40 ~ +85 °C"``,
    ``"2.7–5.5V"``, ``"±0.5 °C"``, ``"25 ± 0.5 °C"``, ``"max 5 µA"``.

    Raises :class:`UnitError` naming *where* when the text or its unit cannot be read.
    """
    if not isinstance(text, str):
        raise UnitError(
            f"quantity {shorten(text)} is not a string", rule="quantity.type", value=text,
            where=where,
        )  # fmt: skip
    result = _parse_quantity_cached(text)
    if isinstance(result, UnitError):
        raise UnitError(result.problems[0].text, rule=result.rule, value=text, where=where)
    return result
