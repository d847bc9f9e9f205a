"""Units of datasheet figures: recognise the unit strings documents print, and normalise to SI.

One small seam over pint (``to_si``) on the process's one registry, the one ``uidi`` builds
for ``uidi.normalize``; the table here only maps datasheet spellings onto pint names.
Temperatures are absolute for ranges (°C → K with the offset) and differences for
accuracy-like specs (±0.5 °C → 0.5 K), which pint's ``delta_degC`` expresses.
"""

from __future__ import annotations

import functools
import logging
import re
from typing import Any

logger = logging.getLogger(__name__)

__all__ = [
    "VOLTS_OR_AMPS",
    "WORD_TIME",
    "UnknownUnitError",
    "canonical_unit",
    "convert",
    "dimensionality",
    "times_as_units",
    "to_si",
    "word_time",
]

# "0.100 A", "32.000 V", "20 mV": an amount of volts or amperes, a test or verification point
VOLTS_OR_AMPS = re.compile(r"(?P<n>\d+(?:\.\d+)?)\s*(?P<u>[mµu]?[VA])\b")

# "within one second", "about a minute": a time a document says in words.
_NUMBER_WORDS = {
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10,
}  # fmt: skip
_TIME_WORDS = {"second": "s", "minute": "min", "hour": "h"}
# "a second" is as often an ordinal ("a second, smaller capacitor") as a time: not read.
WORD_TIME = re.compile(
    rf"(?i)\b({'|'.join(_NUMBER_WORDS)})\s+({'|'.join(_TIME_WORDS)})s?\b(?!\s+(?:of|or)\b)"
    r"(?<!\ba second)"
)


def word_time(m: re.Match[str]) -> tuple[float, str]:
    """The figure and unit of a :data:`WORD_TIME` match ("one second" → 1, "s")."""
    return float(_NUMBER_WORDS[m.group(1).lower()]), _TIME_WORDS[m.group(2).lower()]


# "beyond 2 seconds": a figure whose time unit is spelled out (hours are left as written)
_SPELLED_TIME_UNITS = {"second": "s", "millisecond": "ms", "microsecond": "µs", "minute": "min"}
_SPELLED_TIME = re.compile(
    rf"(?i)(?<![\w.])(\d+(?:\.\d+)?)\s*({'|'.join(_SPELLED_TIME_UNITS)})s?\b"
)


def times_as_units(text: str) -> str:
    """A text with its times said in words written as figures and units: "within one
    second" → "within 1 s", "beyond 2 seconds" → "beyond 2 s"."""
    text = WORD_TIME.sub(lambda w: "{:g} {}".format(*word_time(w)), text)
    return _SPELLED_TIME.sub(lambda u: f"{u[1]} {_SPELLED_TIME_UNITS[u[2].lower()]}", text)


class UnknownUnitError(ValueError):
    """A unit string that is neither in our table nor parseable by pint."""


# Document spellings → pint expressions. Keys are matched case-sensitively first (mA vs MA),
# then case-insensitively.
_UNIT_MAP: dict[str, str] = {
    "V": "V",
    "mV": "mV",
    "µV": "uV",
    "uV": "uV",
    "kV": "kV",
    "VDC": "V",
    "VAC": "V",
    "Vdc": "V",
    "Vac": "V",
    "VRMS": "V",
    "Vrms": "V",
    "Vpp": "V",
    "A": "A",
    "mA": "mA",
    "µA": "uA",
    "uA": "uA",
    "μA": "uA",
    "nA": "nA",
    "pA": "pA",
    "W": "W",
    "mW": "mW",
    "µW": "uW",
    "uW": "uW",
    "kW": "kW",
    "°C": "degC",
    "℃": "degC",
    "degC": "degC",
    "ºC": "degC",
    "oC": "degC",
    "C": "degC",
    "K": "K",
    "°F": "degF",
    "%": "percent",
    "%RH": "percent",
    "% RH": "percent",
    "RH": "percent",
    "%FS": "percent",
    "%F.S": "percent",
    "%FSR": "percent",
    "%Span": "percent",
    "%span": "percent",
    "%FSS": "percent",
    "Hz": "Hz",
    "kHz": "kHz",
    "MHz": "MHz",
    "GHz": "GHz",
    "s": "s",
    "ms": "ms",
    "mS": "ms",
    "msec": "ms",
    "µs": "us",
    "us": "us",
    "μs": "us",
    "ns": "ns",
    "min": "min",
    "sec": "s",
    "Sec": "s",
    "second": "s",
    "seconds": "s",
    "S": "s",
    "hrs": "hour",
    "h": "hour",
    "years": "year",  # "Years" in a lifetime row
    "year": "year",
    "Ω": "ohm",
    "ohm": "ohm",
    "ohms": "ohm",
    "kΩ": "kohm",
    "kohm": "kohm",
    "KΩ": "kohm",
    "MΩ": "Mohm",
    "Mohm": "Mohm",
    "mΩ": "mohm",
    "mohm": "mohm",
    "GΩ": "Gohm",
    "Ω/V": "ohm/V",
    "F": "F",
    "µF": "uF",
    "uF": "uF",
    "nF": "nF",
    "pF": "pF",
    "H": "H",
    "µH": "uH",
    "uH": "uH",
    "mH": "mH",
    "Pa": "Pa",
    "kPa": "kPa",
    "hPa": "hPa",
    "MPa": "MPa",
    "bar": "bar",
    "mbar": "mbar",
    "psi": "psi",
    "lx": "lx",
    "lux": "lx",
    "Lux": "lx",
    "klx": "klx",
    "ppm": "ppm",
    "kpcs": "kilopiece",  # pint would also read kilo-parsec and say so
    "ppb": "ppb",
    "ppm/°C": "ppm/delta_degC",
    "%/°C": "percent/delta_degC",
    "mV/°C": "mV/delta_degC",
    "µV/°C": "uV/delta_degC",
    "uV/°C": "uV/delta_degC",
    "mV/A": "mV/A",
    "mV/A/°C": "mV/A/delta_degC",
    "V/V": "V/V",
    "mV/V": "mV/V",
    "LSB/g": "1/g0",
    "LSB/(°/s)": "s/deg",
    "LSB/°/s": "s/deg",
    "LSB/(deg/s)": "s/deg",
    "LSB/dps": "s/deg",
    "°/s": "deg/s",
    "º/s": "deg/s",
    "dps": "deg/s",
    "g": "g0",
    "mg": "mg0",
    "µg/√Hz": "ug0/Hz**0.5",
    "°C/W": "delta_degC/W",
    "K/W": "K/W",
    "dB": "dB",
    "dBm": "dBm",
    "dBi": "dB",
    "bit": "bit",
    "bits": "bit",
    "Bits": "bit",
    "Bit": "bit",
    "SPS": "Hz",
    "sps": "Hz",
    "kSPS": "kHz",
    "ksps": "kHz",
    "Hz/(L/min)": "Hz/(L/min)",
    "LSB": "count",
    "LSBs": "count",
    "LSB/V": "1/V",
    "LSB/°C": "1/delta_degC",
    "counts": "count",
    "L/min": "L/min",
    "l/min": "L/min",
    "L/H": "L/hour",
    "L/h": "L/hour",
    "pulses/L": "1/L",
    "mm": "mm",
    "cm": "cm",
    "m": "m",
    "µm": "um",
    "°": "deg",
    "deg": "deg",
    "G/A": "gauss/A",
    "G": "gauss",
    "mT": "mT",
    "µT": "uT",
    "uT": "uT",
    "V/µs": "V/us",
    "V/us": "V/us",
    "V/ms": "V/ms",
    "mA/V": "mA/V",
    "A/V": "A/V",
    "N m": "N*m",
    "N·m": "N*m",
    "Nm": "N*m",
    "Nmm": "N*mm",
    "g/cm3": "g/cm**3",
    "kg": "kg",
    "mg/m3": "mg/m**3",
    "nV/√Hz": "nV/Hz**0.5",
    "µVrms": "uV",
    "µVpp": "uV",
    "µVPP": "uV",
    "ppmv": "ppm",
    "ppm/V": "ppm/V",
    "Pa/√Hz": "Pa/Hz**0.5",
    "cycles": "count",
    "times": "count",
    "cycle": "count",
    "ops/min": "1/min",
    "rpm": "rpm",
    "B": "byte",
    "KB": "kilobyte",
    "kB": "kilobyte",
    "MB": "megabyte",
    "Mbps": "Mbit/s",
    "kbps": "kbit/s",
    "Kbps": "kbit/s",
    "bps": "bit/s",
    "baud": "baud",
    "nm": "nm",
    # "50k writes": thousands of a count, never kelvin.
    "k": "kilocount",
    "kb/s": "kbit/s",
    "b/s": "bit/s",
    # A share per another unit ("%/W" printed without its slash as "%W"), and thousandths of
    # a percent ("±40 m%").
    "%W": "percent/W",
    "%/W": "percent/W",
    "%/V": "percent/V",
    "%RH/V": "percent/V",
    "%/year": "percent/year",
    "%RH/year": "percent/year",
    "m%": "millipercent",
    # A regulator's output noise per volt of its output ("42 µV/VO").
    "µV/VO": "uV/V",
    "µV/Vo": "uV/V",
}
_UNIT_MAP_CI = {k.casefold(): v for k, v in _UNIT_MAP.items()}

# Specs whose temperature figures are differences (an accuracy of ±0.5 °C is 0.5 K wide).
_DELTA_SPECS = frozenset({"accuracy", "resolution", "hysteresis", "repeatability", "drift"})


_SPELLINGS = str.maketrans({"μ": "µ", "\uf06d": "µ", "\u2126": "\u03a9", "−": "-", "º": "°"})


def _clean(unit: str) -> str:
    # "º" (the ordinal sign) is printed for the degree sign in many datasheets.
    # "\uf06d" is the Symbol font's mu, left in the text of some PDFs.
    u = unit.strip().translate(_SPELLINGS)
    u = re.sub(r"\s+", " ", u)
    # "nV(rms)", "µVrms": how the figure was measured, not another unit.
    u = re.sub(r"(?<=[A-Za-z])\s*(?:\((?:rms|RMS|p-p|pp)\)|rms|RMS|pp|PP|p-p)$", "", u)
    if len(u) > 1:
        u = u.replace("℃", "°C")  # "nV/℃", "ppm/℃"; a bare "℃" is in the map
    if u.startswith("(") and u.endswith(")"):
        u = u[1:-1]  # "(V)", not the bracket of "LSB/(°/s)"
    return u.strip().rstrip(".")


@functools.cache
def _registry() -> Any:
    # The process shares uidi's pint registry (building one takes a good part of a second and
    # quantities from two registries cannot be compared); the datasheet spellings above map
    # onto it, and the few units datasheets need that it lacks are added once.
    from uidi._units import _get_registry

    ureg: Any = _get_registry()
    for name, definition in (
        ("count", "count = []"),
        ("baud", "baud = bit / second"),
        ("g0", "g0 = 9.80665 m/s**2"),
        ("mg0", "mg0 = 0.001 g0"),
        ("ug0", "ug0 = 0.000001 g0"),
    ):
        if name not in ureg:
            ureg.define(definition)
    return ureg


@functools.lru_cache(maxsize=4096)
def canonical_unit(unit: str) -> str:
    """The pint expression for a document unit string, or raise :class:`UnknownUnitError`."""
    u = _clean(unit)
    if not u:
        raise UnknownUnitError("empty unit")
    expr = _UNIT_MAP.get(u) or _UNIT_MAP_CI.get(u.casefold())
    if expr is None and "%" in u:
        # pint would read "%W" as percent times watts and "m%" as metres: a share we have no
        # spelling for is not guessed at.
        raise UnknownUnitError(f"unknown unit {unit!r}")
    if expr is None:
        ureg = _registry()
        try:
            ureg.parse_units(u.replace("°C", "degC").replace("µ", "u"))
        except Exception as exc:  # pint raises several unrelated types for junk
            raise UnknownUnitError(f"unknown unit {unit!r}") from exc
        expr = u.replace("°C", "degC").replace("µ", "u")
    return expr


def convert(value: float, from_unit: str, to_unit: str) -> float:
    """``value`` in ``from_unit`` expressed in ``to_unit`` (document spellings on both sides);
    raise :class:`UnknownUnitError` for a unit we cannot read or units of other dimensions."""
    ureg = _registry()
    try:
        q = ureg.Quantity(value, canonical_unit(from_unit))
        return float(q.to(canonical_unit(to_unit)).magnitude)
    except UnknownUnitError:
        raise
    except Exception as exc:  # pint's dimensionality errors
        raise UnknownUnitError(f"cannot convert {from_unit!r} to {to_unit!r}: {exc}") from exc


def dimensionality(unit: str) -> str:
    """The pint dimensionality of a document unit string; raise :class:`UnknownUnitError`."""
    return str(_registry().Quantity(1.0, canonical_unit(unit)).dimensionality)


def to_si(value: float, unit: str, spec: str = "") -> tuple[float, str]:
    """``value`` in ``unit`` as (SI value, SI unit string); temperature differences for
    accuracy-like specs. Raise :class:`UnknownUnitError` for a unit we cannot read."""
    expr = canonical_unit(unit)
    if spec in _DELTA_SPECS and expr == "degC":
        expr = "delta_degC"
    if spec == "weight" and expr == "g0":
        expr = "gram"  # "Approx. 8.5 g" of a part is its mass, not an acceleration
    if expr == "millipercent":
        return value / 1000.0, "%"
    if expr == "kilocount":
        return value * 1000.0, "count"
    if expr.startswith("percent/"):
        # A share per another unit stays a share: "0.04 %/W", "0.5 %/year".
        return value, expr.replace("percent", "%").replace("delta_degC", "K")
    if expr in ("percent", "ppm", "ppb", "count", "bit", "dB", "dBm", "deg"):
        # Dimensionless, logarithmic or counted figures stay as printed; converting 3 % to 0.03
        # or dBm to watts would only make the evidence harder to match.
        return value, {"percent": "%", "deg": "°"}.get(expr, expr)
    ureg = _registry()
    q = ureg.Quantity(value, ureg.parse_units(expr))
    for target, label in _SI_TARGETS:
        tu = ureg.parse_units(target)
        if q.dimensionality == tu.dimensionality:
            return float(q.to(tu).magnitude), label
    base = q.to_base_units()
    si_unit = f"{base.units:~P}" if str(base.units) != "dimensionless" else ""
    return float(base.magnitude), si_unit


# Named SI units to express results in, tried in order (pint's base units would turn volts into
# kg·m²/A/s³, which no reader wants to see).
_SI_TARGETS: tuple[tuple[str, str], ...] = (
    ("V", "V"),
    ("A", "A"),
    ("W", "W"),
    ("ohm", "Ω"),
    ("Hz", "Hz"),
    ("s", "s"),
    ("K", "K"),
    ("Pa", "Pa"),
    ("F", "F"),
    ("H", "H"),
    ("lx", "lx"),
    ("m", "m"),
    ("m**3/s", "m³/s"),
    ("T", "T"),
    ("V/A", "V/A"),
    ("V/K", "V/K"),
    ("A/K", "A/K"),
    ("K/W", "K/W"),
    ("1/K", "1/K"),
    ("1/V", "1/V"),
    ("m/s**2", "m/s²"),
    ("rad/s", "rad/s"),
    ("s/rad", "s/rad"),
    ("s**2/m", "s²/m"),
    ("T/A", "T/A"),
    ("V/s", "V/s"),
    ("A/V", "A/V"),
    ("kg", "kg"),
    ("1/m**3", "1/m³"),
    ("1/L", "1/m³"),
    ("bit/s", "bit/s"),
    ("V/A/K", "V/A/K"),
    ("kg/m**3", "kg/m³"),
    ("N*m", "N·m"),
    ("Pa/Hz**0.5", "Pa/√Hz"),
    ("V/Hz**0.5", "V/√Hz"),
    ("m/s**2/Hz**0.5", "m/s²/√Hz"),
)
