"""Deterministic compatibility rules between two (or more) devices.

Rules, each comparing like with like and citing every fact it compares:

- ``signal_range``: a source's output voltage range, at its stated supply, against the receiver's
  allowed input range at its stated supply (recommended operating or electrical characteristics;
  absolute maximum ratings only ever add an "exceeds the damage limit" finding, never permission)
  and its full-scale range where it has one.
- ``logic_levels``: VOH ≥ VIH and VOL ≤ VIL, thresholds evaluated at the stated supplies.
- ``supply``: a regulator's output voltage band inside the load's supply range, and its output
  current at least the load's draw.
- ``interface``: the two sides share a bus type.
- ``i2c_address``: devices on one bus can each be given a distinct address.
- ``bench``: a programmable supply feeding a part, or an electronic load sinking a rail, within
  the voltage, current and power ranges its manual gives; a converter's input current is worked
  out from its efficiency at the point in question.

A supply voltage is never compared with a signal voltage: each rule reads only its own specs, and
supply voltages enter only to evaluate limits written relative to a supply ("VDD + 0.3").
"""

from __future__ import annotations

import dataclasses
import itertools
import logging
import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal, get_args

from search.datasheets._accuracy import accuracy_rows
from search.datasheets._answer import (
    AnswerItem,
    CompatCheck,
    Derived,
    address_text,
    format_number,
    item_from_fact,
)
from search.datasheets._facts import PART_NUMBER, Fact, squash
from search.datasheets._retrieval import FactIndex, named_variants
from search.datasheets._units import UnknownUnitError, convert
from search.datasheets._validate import supply_fractions, validate_fact

logger = logging.getLogger(__name__)

__all__ = [
    "IO_RAIL_NAME",
    "RAIL_PIN",
    "RULES",
    "DeviceUse",
    "Rule",
    "Shunt",
    "asks_pullup_level",
    "bench_pairing",
    "bench_role",
    "check_compatibility",
    "combine",
    "is_coil_load",
    "is_motor_supply",
    "is_regulator",
    "percent_band",
    "percent_of",
    "pick_rules",
    "pullup_volts",
    "rails_in",
    "settings_in",
    "stated_current_limit",
    "stated_shunt",
    "strapped",
    "straps_in",
]

Rule = Literal[
    "signal_range",
    "logic_levels",
    "supply",
    "interface",
    "i2c_address",
    "drive",
    "pullup_level",
    "bus_clock",
    "headroom",
    "thermal",
    "coil_supply",
    "rail",
    "bench",
    "shunt",
    "input_current",
]
RULES: tuple[str, ...] = get_args(Rule)

_OPERATING_KINDS = ("recommended_operating", "electrical_characteristics", "general", "notice")


@dataclass
class DeviceUse:
    """A device as the question uses it: which variant, at which supply, how many on the bus."""

    device: str
    variant: str | None = None
    supply_v: float | None = None
    count: int = 1
    straps: tuple[tuple[str, str], ...] = ()
    """Address pins the question ties off, in the order datasheets print them (most significant
    pin first): (("A1", "SDA"), ("A0", "GND"))."""
    vref: float | None = None
    """A reference voltage the question states ("VREF = 5 V"), for bounds written as VREF."""
    settings: tuple[tuple[str, float], ...] = ()
    """Settings the question states for the part ("atten = 3"), lower-case name first."""
    rail: str | None = None
    """The supply rail the question feeds, on a part that has more than one: "logic" ("as the
    L298's logic supply (VSS)") or "motor" ("the TB6612FNG motor supply VM")."""
    revisions: tuple[str, ...] = ()
    """Board revisions the question names ("rev B"), for ranges a notice changes per revision."""
    rails: tuple[tuple[str, float], ...] = ()
    """Supply pins the question gives a voltage (("VM", 12.0), ("VCC", 3.3)), for bounds
    written relative to one of them."""
    load: tuple[float, str] | None = None
    """The load current the question states for a regulator ("3.3 V at 300 mA"), or for an
    electronic load the current it sinks: amperes, and as written."""
    current_limit: tuple[float, str] | None = None
    """The current limit the question sets on a bench supply ("with a 1.8 A current limit"):
    amperes, and as written."""
    package: str | None = None
    """The package the question names ("in SOT-223"), for figures printed per package."""
    ambient: float | None = None
    """The ambient temperature the question states, °C."""
    setting_open: bool = False
    """The question says the part's gain or range setting is not decided ("I haven't decided
    the PGA setting yet")."""
    strap_unknown: bool = False
    """The question says it does not know how the part's address pins are tied ("I don't know
    how the breakout straps ADDR"): its address is fixed, but not known."""
    sensed: float | None = None
    """The most the question says a current sensor's current reaches, amperes ("my current
    only goes ±10 A"): its output then swings over that, not its whole measuring range."""
    strap_floating: str | None = None
    """An address pin the question leaves unconnected ("A0 left floating"): address tables
    give addresses only for pins tied to a level."""
    drives_clock: bool = False
    """The question asks whether this part can run the bus at the stated clock ("can the ESP32
    clock the radio at 10 MHz"), not only whether the other parts take it."""

    @property
    def logic_v(self) -> float | None:
        """The I/O rail the question states apart from the main supply ("VLOGIC = 1.8 V"), for
        bounds written relative to it."""
        return next((v for n, v in self.rails if re.fullmatch(IO_RAIL_NAME, n, re.I)), None)


# The I/O rail a part's pins may run from apart from its main supply ("VLOGIC = 1.8 V", the
# BH1750's "DVI").
IO_RAIL_NAME = r"(?:V(?:LOGIC|DDIO|IO)|DVI)"
# Supply pins a question gives a voltage: "VM = 12 V", "VCC = 3.3 V", "VDD and VDDIO both
# 3.3 V", "DVI tied to the 1.8 V rail", "Vcc (logic supply) is 5 V".
RAIL_PIN = rf"\b(?:{IO_RAIL_NAME}|VDD|VCC|VM|VS|VIN|AVDD|DVDD)\b"
_RAILS_STATED = re.compile(
    rf"({RAIL_PIN}(?:\s*(?:,|and|&|/)\s*{RAIL_PIN})*)\s*(?:\([^()]{{1,30}}\)\s*)?"
    r"(?:=|\bis\b|\bat\b|\bboth(?:\s+at)?\b|\btied to(?: the)?)\s*([-+]?\d+(?:\.\d+)?)\s*V\b",
    re.IGNORECASE,
)


def rails_in(text: str) -> tuple[tuple[str, float], ...]:
    """The supply pins a stretch of the question gives a voltage, upper-case, first said first."""
    out: dict[str, float] = {}
    for m in _RAILS_STATED.finditer(text):
        for name in re.findall(RAIL_PIN, m.group(1), re.IGNORECASE):
            out.setdefault(name.upper(), float(m.group(2)))
    return tuple(out.items())


@dataclass
class Limit:
    """A bound, possibly evaluated from a supply-relative expression."""

    value: float
    text: str
    derived: Derived | None = None
    source: str | None = None
    """The source's words when the bound was written relative to a supply ("VDD + 0.3")."""


_REL = re.compile(
    # VSS is left out on purpose: it is ground on a CMOS part and the logic supply on others
    # (L298), so a bound written as "VSS" stays unknown rather than guessed.
    r"(?P<gnd>\b(?:GND|AGND)\b\s*(?:(?P<gs>[-–−+])\s*(?P<gv>\d+(?:\.\d+)?))?)"
    r"|(?P<k1>\d+(?:\.\d+)?)\s*(?P<pct>%)?\s*[×x*]?\s*\(?(?P<s1>\b(?:VDD|VCC|VS|AVDD|DVDD|VIO|VDDIO|VLOGIC|VREF|DVI)\d?\b)\)?"
    # "VCC = 5.0 V" states a condition, not a bound.
    r"|(?P<s2>\b(?:VDD|VCC|VS|AVDD|DVDD|VIO|VDDIO|VLOGIC|VREF|DVI)\d?\b)(?!\s*[=<>≤≥])"
    r"\s*(?:(?P<op>[-–−+×x*])\s*(?P<v2>\d+(?:\.\d+)?))?",
    re.IGNORECASE,
)


def _side_texts(fact: Fact) -> dict[str, tuple[str, float, float]]:
    """Relative bounds the extractor kept per column (``extra["max_text"] = "VDD + 0.3"``)."""
    out = {}
    for side in ("min", "typ", "max"):
        t = fact.extra.get(f"{side}_text")
        if isinstance(t, str):
            found = _relative_in(t)
            if found:
                out[side] = found[0]
    lo_text = fact.extra.get("min_text")
    if (
        "min" not in out
        and isinstance(lo_text, str)
        and re.fullmatch(r"\s*VSS\s*", lo_text, re.I)
        and "max" in out
        and out["max"][1] != 0.0
    ):
        # A range printed "VSS … VREF" (or "… VDD") runs from the part's ground to a positive
        # rail: its VSS is ground here, whatever VSS means on other parts.
        out["min"] = ("VSS", 0.0, 0.0)
    return out


def _relative_limits(fact: Fact) -> list[tuple[str, float, float]]:
    """Supply-relative bounds in the fact's own words: (text, coef, offset) as coef·V + offset."""
    sides = _side_texts(fact)
    if sides:
        return [sides[k] for k in ("min", "typ", "max") if k in sides]
    text = fact.value if isinstance(fact.value, str) else fact.evidence
    label = re.escape(fact.parameter) if fact.parameter else None
    if label and isinstance(text, str):
        m = re.search(label, text, re.IGNORECASE)
        if m:
            text = text[m.end() :]
    return _relative_in(text or "")


def _relative_in(text: str) -> list[tuple[str, float, float]]:
    out: list[tuple[str, float, float]] = []
    for m in _REL.finditer(text or ""):
        if m.group("gnd"):
            sign = -1.0 if m.group("gs") in ("-", "–", "−") else 1.0
            off = sign * float(m.group("gv")) if m.group("gv") else 0.0
            out.append((re.sub(r"\s+", " ", m.group(0).strip()), 0.0, off))
        elif m.group("k1"):
            k = float(m.group("k1"))
            out.append((m.group(0).strip(), k / 100 if m.group("pct") else k, 0.0))
        elif m.group("s2"):
            op, v = m.group("op"), m.group("v2")
            if op in ("×", "x", "*") and v:
                out.append((m.group(0).strip(), float(v), 0.0))
            elif op in ("+",) and v:
                out.append((m.group(0).strip(), 1.0, float(v)))
            elif op in ("-", "–", "−") and v:
                out.append((m.group(0).strip(), 1.0, -float(v)))
            else:
                out.append((m.group(0).strip(), 1.0, 0.0))
    return out


def _eval_rel(text: str, coef: float, off: float, supply: float | None, who: str) -> Limit | None:
    if coef == 0.0:
        return Limit(off, format_number(off), None, text)
    if supply is None:
        return None
    value = coef * supply + off
    if coef == 1.0:
        expr = f"{format_number(supply)} + {format_number(off)}" if off else format_number(supply)
    elif "%" in text:
        expr = f"{format_number(round(coef * 100, 9))} / 100 * {format_number(supply)}"
    else:
        expr = f"{format_number(coef)} * {format_number(supply)}" + (
            f" + {format_number(off)}" if off else ""
        )
    d = Derived(
        label=f"{who}: {text} at {format_number(supply)} V",
        expression=expr,
        result=round(value, 9),
        unit="V",
    )
    return Limit(round(value, 9), format_number(round(value, 6)), d, text)


_TO_VOLTS = {"mv": 1000.0, "µv": 1e6, "uv": 1e6, "kv": 1e-3}


def _volts(value: float, unit: str | None, who: str) -> Limit:
    """A printed bound in volts: "150 mV" becomes 0.15 V, shown as the conversion it is."""
    scale = _TO_VOLTS.get((unit or "").strip().lower())
    if scale is None:
        return Limit(value, format_number(value))
    result = round(value / scale, 12)
    d = Derived(
        label=f"{who}: {format_number(value)} {unit} in volts",
        expression=f"{format_number(value)} / {format_number(scale)}",
        result=result,
        unit="V",
    )
    return Limit(result, format_number(result), d)


def bounds(
    fact: Fact,
    supply: float | None,
    who: str,
    vref: float | None = None,
    logic: float | None = None,
    rails: Sequence[tuple[str, float]] = (),
) -> tuple[Limit | None, Limit | None, bool]:
    """(low, high, needs_supply): the fact's range, evaluating supply-relative bounds.

    ``needs_supply`` is True when a bound is written relative to a supply that was not stated.
    A bound written as VREF is evaluated at ``vref`` (the reference stated), never the supply;
    one written as a supply pin the question gives a voltage (``rails``: "VCC = 3.3 V" beside
    "VM = 12 V") at that voltage.
    """

    def rail(text: str) -> float | None:
        if re.search(r"(?i)\bVREF", text):
            return vref
        for name, volts in rails:
            if re.search(rf"(?i)\b{name}\b", text):
                return volts
        if logic is not None and re.search(rf"(?i)\b{IO_RAIL_NAME}\b", text):
            return logic
        return supply

    # A figure the evidence prints as a fraction of the supply ("0.7 VDD") is not volts: drop
    # it and let the supply-relative reading below fill that side.
    sides = _side_texts(fact)
    # With each symbolic column kept apart, a plain number on another side is volts ("1.71"
    # beside "VDD" is no fraction of it).
    fractions = supply_fractions(fact) if not sides else set()
    lo = (
        _volts(fact.min, fact.unit, who)
        if fact.min is not None and fact.min not in fractions and "min" not in sides
        else None
    )
    hi = (
        _volts(fact.max, fact.unit, who)
        if fact.max is not None and fact.max not in fractions and "max" not in sides
        else None
    )
    if sides:
        # The extractor kept each symbolic column apart: evaluate each on its own side.
        needs = False
        for side, (t, c, o) in sides.items():
            e = _eval_rel(t, c, o, rail(t), who)
            needs = needs or (e is None and c != 0.0)
            if side == "min" and lo is None:
                lo = e
            elif side == "max" and hi is None:
                hi = e
        if lo is None and hi is None and "typ" in sides:
            t, c, o = sides["typ"]
            lo = hi = _eval_rel(t, c, o, rail(t), who)
        return lo, hi, needs
    rel = _relative_limits(fact)
    needs = False
    if rel:
        # Two expressions: low then high. One: it fills whichever side has no plain number.
        evals = [(_eval_rel(t, c, o, rail(t), who), c) for t, c, o in rel[:2]]
        needs = any(e is None and c != 0.0 for e, c in evals)
        if len(evals) == 2:
            if evals[0][1] != 0.0 or lo is None:
                lo = evals[0][0]
            if evals[1][1] != 0.0 or hi is None:
                hi = evals[1][0]
        elif len(evals) == 1:
            e, c = evals[0]
            if hi is None and lo is not None:
                hi = e
            elif lo is None and hi is not None:
                lo = e
            elif lo is None and hi is None:
                # A lone bound: a high level or threshold is a minimum (VOH ≥, VIH ≥), a low
                # one a maximum (VOL ≤, VIL ≤); otherwise a ground reference is the low end.
                if fact.spec in ("output_voltage_high", "logic_high_threshold"):
                    lo = e
                elif fact.spec in ("output_voltage_low", "logic_low_threshold"):
                    hi = e
                elif c == 0.0:
                    lo = e
                else:
                    hi = e
    if lo is None and hi is None and isinstance(fact.value, int | float):
        v = float(fact.value)
        lo = hi = Limit(v, format_number(v))
    tol = fact.extra.get("tolerance")
    if lo is None and hi is None and fact.typ is not None and isinstance(tol, int | float):
        # "5.0V±0.1V": the band the nominal and its tolerance span, shown as the sums they are.
        unit = f" {fact.unit}" if fact.unit else ""
        ends = []
        for sign, end in (("-", "low"), ("+", "high")):
            v = fact.typ - tol if sign == "-" else fact.typ + tol
            d = Derived(
                label=f"{who}: {end} end of {format_number(fact.typ)}{unit} ± {format_number(tol)}",
                expression=f"{format_number(fact.typ)} {sign} {format_number(tol)}",
                result=round(v, 12),
                unit=fact.unit or "",
            )
            ends.append(Limit(round(v, 12), format_number(round(v, 12)), d))
        lo, hi = ends
    return lo, hi, needs


def _best(
    index: FactIndex,
    use: DeviceUse,
    specs: Sequence[str],
    *,
    absmax: bool = False,
    phrase: str = "",
    prefer: str = "",
) -> list[Fact]:
    ranked = index.lookup(
        use.device,
        specs,
        variant=use.variant,
        absolute_max=absmax,
        phrase=phrase,
        question=prefer,
        stated_numbers=[use.supply_v] if use.supply_v else [],
    )
    out = []
    for r in ranked:
        if "component" in r.fact.applies_to:
            continue  # the module's flash chip rates itself, not the module's pins
        reasons = validate_fact(r.fact, r.fact.spec, operating=not absmax, absolute_max=absmax)
        # A limit written relative to a supply ("VDD + 0.3") is a number once the supply is known.
        relative = bool(_relative_limits(r.fact))
        reasons = [
            x
            for x in reasons
            if not (relative and ("has no number" in x or "fraction of the supply" in x))
        ]
        if not reasons:
            out.append(r.fact)
    return out


def with_supply(index: FactIndex, use: DeviceUse) -> tuple[DeviceUse, list[Fact]]:
    """The device at its stated supply, or at the nominal supply its datasheet states.

    The nominal (typical) supply is only used when the question states none; the fact it comes
    from is returned so that the verdict cites it.
    """
    if use.supply_v is not None:
        return use, []
    for f in _best(index, use, ("supply_voltage",), prefer="recommended operating supply"):
        if alternative_index(f) is not None:
            # "Power Supply 5.0/3.3": no one supply is the nominal; each is weighed.
            return use, []
        if f.typ is not None:
            return dataclasses.replace(use, supply_v=f.typ), [f]
    return use, []


def _check(
    rule: str, outcome: str, detail: str, facts: Sequence[Fact], derived: Sequence[Derived] = ()
) -> CompatCheck:
    return CompatCheck(
        rule=rule,
        outcome=outcome,
        detail=detail,
        facts=[item_from_fact(f) for f in facts],
        derived=list(derived),
    )


def _lacking(
    rule: str, wanted: Sequence[tuple[str, Sequence[Fact]]], cite: Sequence[Fact]
) -> CompatCheck:
    """Insufficient evidence, naming each wanted figure that was not found ("no X or Y")."""
    missing = [name for name, found in wanted if not found]
    return _check(rule, "insufficient_evidence", "no " + " or ".join(missing), cite)


def _fmt(x: float) -> str:
    return format_number(round(x, 6))


# ---------------------------------------------------------------- signal range


_ALTERNATIVES = re.compile(r"one of the listed alternatives\s+(.+)$", re.I)


def alternative_index(f: Fact) -> int | None:
    """Which of a row's slash-separated alternatives ("0.5～4.5/0.2～2.7") this fact is."""
    m = _ALTERNATIVES.search(f.condition or "")
    if not m:
        return None
    for i, alt in enumerate(m.group(1).split("/")):
        nums = [float(x) for x in re.findall(r"[-+]?\d+(?:\.\d+)?", alt)]
        figures = [x for x in (f.min, f.typ, f.max, f.value) if isinstance(x, float | int)]
        if nums and figures and sorted(nums) == sorted(float(x) for x in figures):
            return i
    return None


def paired_alternatives(index: FactIndex, src: DeviceUse, facts: list[Fact]) -> list[Fact]:
    """Rows printed as parallel alternatives ("Power Supply 5.0/3.3", "Output Range
    0.5～4.5/0.2～2.7") pair by position: at a stated supply keep the matching output."""
    if src.supply_v is None or not any(alternative_index(f) is not None for f in facts):
        return facts
    supply_pos = None
    for f in index.device_facts(src.device):
        if f.spec == "supply_voltage" and alternative_index(f) is not None:
            values = [x for x in (f.min, f.typ, f.max, f.value) if isinstance(x, float | int)]
            if values and abs(float(values[0]) - src.supply_v) < 1e-9:
                supply_pos = alternative_index(f)
                break
    if supply_pos is None:
        return facts
    kept = [f for f in facts if alternative_index(f) in (None, supply_pos)]
    return kept or facts


def _source_range(
    index: FactIndex, src: DeviceUse
) -> tuple[list[tuple[str | None, Limit, Limit, list[Fact], list[Derived]]], str]:
    """Output voltage ranges of the source per variant, from stated ranges or derived."""
    results = []
    stated = paired_alternatives(
        index, src, _best(index, src, ("output_voltage_range",), prefer="output voltage range")
    )
    for f in stated[:3]:
        lo, hi, _ = bounds(f, src.supply_v, src.device, rails=src.rails)
        if lo and hi:
            results.append((f.variant, lo, hi, [f], [d for d in (lo.derived, hi.derived) if d]))
    if not results and not is_regulator(index, src):
        # A sensor whose "Output Voltage" row prints a band (MQ-2: 2.5 to 4.0 V) states its
        # output swing there; a regulator's output voltage is its rail, never a signal range.
        for f in _best(index, src, ("output_voltage",), prefer="output voltage"):
            if f.min is None or f.max is None or f.max <= f.min:
                continue
            lo, hi, _ = bounds(f, src.supply_v, src.device, rails=src.rails)
            if lo and hi:
                results.append((f.variant, lo, hi, [f], [d for d in (lo.derived, hi.derived) if d]))
                break
    if results:
        return results, ""
    # A ratiometric analog output: quiescent (midpoint) output ± sensitivity × sensed range.
    zero = [
        f
        for f in _best(
            index,
            src,
            ("zero_current_output_voltage", "output_voltage"),
            prefer="zero current quiescent output",
        )
        if _relative_limits(f) or isinstance(f.value, int | float) or f.typ is not None
    ]
    sens = _best(index, src, ("sensitivity",))
    rng = _best(index, src, ("measurement_range",))
    if not zero or not sens or not rng:
        missing = [
            n
            for n, v in (
                ("quiescent output", zero),
                ("sensitivity", sens),
                ("measuring range", rng),
            )
            if not v
        ]
        return [], f"{src.device}: no output voltage range and no " + ", ".join(missing)
    z = zero[0]
    rel = _relative_limits(z)
    derived: list[Derived] = []
    if rel and rel[0][1] != 0.0:
        if src.supply_v is None:
            return [], f"{src.device}: its output is relative to its supply; state the supply"
        mid_lim = _eval_rel(rel[0][0], rel[0][1], rel[0][2], src.supply_v, src.device)
        assert mid_lim is not None
        mid = mid_lim.value
        if mid_lim.derived:
            derived.append(mid_lim.derived)
    else:
        mid = float(z.typ if z.typ is not None else z.value)  # type: ignore[arg-type]
    variants = sorted(
        {f.variant for f in sens if f.variant} | {f.variant for f in rng if f.variant}
    )
    if not variants:
        variants = [None]  # type: ignore[list-item]
    for v in variants:
        s = next((f for f in sens if f.variant is None or v is None or _same(f.variant, v)), None)
        r = next((f for f in rng if f.variant is None or v is None or _same(f.variant, v)), None)
        if s is None or r is None:
            continue
        sv = s.typ if s.typ is not None else s.value if isinstance(s.value, float | int) else s.max
        span = r.max if r.max is not None else r.value if isinstance(r.value, float | int) else None
        if sv is None or span is None:
            continue
        if src.sensed is not None and r.unit == "A":
            span = min(float(span), src.sensed)
        sens_v_per_unit = (
            float(sv) / 1000.0 if (s.unit or "").lower().startswith("mv") else float(sv)
        )
        k = "1000" if (s.unit or "").lower().startswith("mv") else "1"
        swing = sens_v_per_unit * float(span)
        lo_v, hi_v = mid - swing, mid + swing
        mid_t = _fmt(mid)
        d_lo = Derived(
            label=f"{s.device} {v or ''} lowest output".strip(),
            expression=f"{mid_t} - {format_number(float(sv))} / {k} * {format_number(float(span))}",
            result=round(lo_v, 9),
            unit="V",
        )
        d_hi = Derived(
            label=f"{s.device} {v or ''} highest output".strip(),
            expression=f"{mid_t} + {format_number(float(sv))} / {k} * {format_number(float(span))}",
            result=round(hi_v, 9),
            unit="V",
        )
        results.append(
            (
                v,
                Limit(lo_v, _fmt(lo_v), d_lo),
                Limit(hi_v, _fmt(hi_v), d_hi),
                [z, s, r],
                [*derived, d_lo, d_hi],
            )
        )
    if src.variant:
        results = [x for x in results if x[0] is None or _same(x[0], src.variant)]
    return results, "" if results else f"{src.device}: no variant with both sensitivity and range"


def _linear_span(
    index: FactIndex, src: DeviceUse
) -> tuple[Limit, Limit, list[Fact], list[Derived], Fact] | str:
    """A linear sensor's output range (low, high, the facts and steps that gave it) and the
    measuring range of the named variant it maps onto; a reason instead when either is missing."""
    spans, why = _source_range(index, src)
    if not spans:
        return why or f"{src.device}: no output range"
    if len({(lo.value, hi.value) for _v, lo, hi, _f, _s in spans}) > 1 and any(
        alternative_index(f) is not None for *_, facts, _s in spans for f in facts
    ):
        # "Output Range 0.5～4.5/0.2～2.7", one per supply: which one holds is not known
        ends = ", ".join(f"{lo.text} to {hi.text} V" for _v, lo, hi, _f, _s in spans)
        return f"{src.device}: name the supply; its output range is one of {ends} by supply"
    ranges = [
        f
        for f in _best(index, src, ("measurement_range",))
        if f.min is not None and f.max is not None
    ]
    for variant, lo, hi, facts, steps in spans:
        fits = [
            f for f in ranges if variant is None or f.variant is None or _same(f.variant, variant)
        ]
        if len(fits) > 1 and src.variant:
            # "XGZP6847A100KPG" also reads as a prefix of "…100KPGN": the exact name decides.
            fits = [f for f in fits if _names_variant(f, src.variant)] or fits
        # (the same range printed twice, in a selection guide and a characteristics table, is one)
        if len({(f.min, f.max, f.unit) for f in fits}) == 1:
            return lo, hi, facts, steps, fits[0]
    return f"{src.device}: name the variant; its measuring range depends on it"


def _mapped(
    x: tuple[float, str],
    frm: tuple[tuple[float, str], tuple[float, str]],
    to: tuple[tuple[float, str], tuple[float, str]],
    label: str,
    unit: str | None,
) -> tuple[float, Derived]:
    """``x`` (value, as shown) mapped linearly from the span ``frm`` onto the span ``to`` (each
    end a value and how it is shown), with the step that computes it."""
    (a, a_t), (b, b_t) = frm
    (c, c_t), (d, d_t) = to
    out = c + (x[0] - a) / (b - a) * (d - c)
    expression = f"{c_t} + ({x[1]} - {a_t}) / ({b_t} - {a_t}) * ({d_t} - {c_t})"
    return out, Derived(label=label, expression=expression, result=round(out, 9), unit=unit)


def output_at(
    index: FactIndex, src: DeviceUse, x: float, unit: str
) -> tuple[Limit, list[Fact], list[Derived]] | str:
    """The nominal output of a linear sensor at a sensed value ``x`` (in ``unit``): its output
    range mapped straight onto its measuring range, with the steps that computed it. A reason
    instead when it cannot be read."""
    span = _linear_span(index, src)
    if isinstance(span, str):
        return span
    lo, hi, facts, steps, r = span
    assert r.min is not None and r.max is not None
    try:
        at = convert(x, unit, r.unit or unit)
    except UnknownUnitError:
        return f"{src.device}: {unit} is not what it measures ({r.unit})"
    if not r.min <= at <= r.max:
        return (
            f"{src.device}: {_fmt(at)} {r.unit} is outside its range "
            f"{_fmt(r.min)} to {_fmt(r.max)} {r.unit}"
        )
    out, derived = _mapped(
        (at, _fmt(at)),
        ((r.min, _fmt(r.min)), (r.max, _fmt(r.max))),
        ((lo.value, lo.text), (hi.value, hi.text)),
        f"{_named(src.device, r.variant)} output at {_fmt(at)} {r.unit}",
        "V",
    )
    return Limit(out, _fmt(out), derived), [*facts, r], [*steps, derived]


def reading_at(
    index: FactIndex, src: DeviceUse, volts: float
) -> tuple[Limit, list[Fact], list[Derived]] | str:
    """The sensed value at which a linear sensor outputs ``volts``: ``output_at`` backwards,
    its measuring range mapped onto its output range. A reason instead when it cannot be read."""
    span = _linear_span(index, src)
    if isinstance(span, str):
        return span
    lo, hi, facts, steps, r = span
    assert r.min is not None and r.max is not None
    if not min(lo.value, hi.value) <= volts <= max(lo.value, hi.value):
        return f"{src.device}: {_fmt(volts)} V is outside its output range {lo.text} to {hi.text} V"
    at, derived = _mapped(
        (volts, _fmt(volts)),
        ((lo.value, lo.text), (hi.value, hi.text)),
        ((r.min, _fmt(r.min)), (r.max, _fmt(r.max))),
        f"{_named(src.device, r.variant)} reading at {_fmt(volts)} V output",
        r.unit,
    )
    return Limit(at, _fmt(at), derived), [*facts, r], [*steps, derived]


def _names_variant(f: Fact, wanted: str) -> bool:
    """Whether a row is for the variant (or one of the part numbers) a question names."""
    names = [f.variant or "", *f.applies_to.get("part_numbers", [])]
    return any(n and _same_name(n, wanted) for n in names)


def _same_name(a: str, b: str) -> bool:
    return re.sub(r"[\W_]", "", a.upper()) == re.sub(r"[\W_]", "", b.upper())


def _named(device: str, variant: str | None) -> str:
    """Device and variant for display, without a variant that only repeats the device; a
    variant that is a part number of its own ("LM7812", "AMS1117-3.3") names the part alone."""
    if not variant or _same_name(variant, device):
        return device
    if PART_NUMBER.fullmatch(variant) and len(variant) >= 5:
        return variant
    return f"{device} {variant}"


def _same(a: str, b: str) -> bool:
    sa, sb = re.sub(r"[\W_]", "", a.upper()), re.sub(r"[\W_]", "", b.upper())
    return bool(sa and sb and (sa in sb or sb in sa))


def digital_row(f: Fact) -> bool:
    """Whether a row is about digital or logic pins (not an analog input)."""
    return bool(
        re.search(
            r"\b(?:digital|logic|SDA|SCL|VDIG)\b",
            f"{f.parameter} {f.condition or ''}",
            re.IGNORECASE,
        )
    )


_SETTING_IN = re.compile(
    r"\b([A-Za-z][A-Za-z_]{2,})\s*=\s*([-+]?\d+(?:\.\d+)?)\b(?!\s*(?:m?V|mA|A)\b)"
)


def settings_in(text: str) -> tuple[tuple[str, float], ...]:
    """Settings stated as "name = number" ("atten = 3"), rails and quantities left out."""
    out = []
    for name, value in _SETTING_IN.findall(text):
        if re.fullmatch(r"(?i)v\w*|a[0-2]|ad[0-2]|addr\w*", name):
            continue
        out.append((name.lower(), float(value)))
    extreme = _EXTREME_SETTING.search(text)
    if extreme and not any(name == "atten" for name, _ in out):
        # "at max attenuation": the highest setting printed, "no attenuation" the lowest
        out.append(("atten", math.inf if extreme.group(1) else 0.0))
    fm = _STATED_FSR.search(text)
    if fm:
        # "PGA at ±4.096 V", "±2.048 V FSR"
        out.append(("fsr", float(fm.group(1) or fm.group(2))))
    return tuple(out)


_EXTREME_SETTING = re.compile(
    r"(?i)\b(?:(max(?:imum)?|highest|full|11\s?db)|no|zero|0\s?db)\s+atten(?:uation)?\b"
)
_STATED_FSR = re.compile(
    r"(?i)\b(?:pga|fsr|full[- ]scale(?: range)?|range)\b[^.;?±]{0,20}?(?:±|\+/-|\+-)\s*"
    r"(\d+(?:\.\d+)?)\s*V\b"
    r"|(?:±|\+/-|\+-)\s*(\d+(?:\.\d+)?)\s*V\s*(?:fsr|full[- ]scale|range|pga)\b"
)


def _for_settings(inputs: list[Fact], dst: DeviceUse) -> tuple[list[Fact], str]:
    """The input ranges that hold at the part's stated settings.

    A range printed per setting ("Atten = 3, … 150 ∼ 2450 mV") answers only at that setting: with
    the setting stated, the rows for other settings are dropped; with several settings printed
    and none stated, no one of them can be chosen.
    """
    named = {k for f in inputs for k, _ in settings_in(f.condition or "")}
    if not named:
        return inputs, ""
    printed: dict[str, set[float]] = {}
    for f in inputs:
        for k, v in settings_in(f.condition or ""):
            printed.setdefault(k, set()).add(v)
    # "max attenuation": the highest value printed for that setting
    stated = {k: (max(printed[k]) if v == math.inf else v) for k, v in dst.settings if k in named}
    if not stated:
        values = sorted({f.condition for f in inputs if f.condition})
        if len(values) <= 1:
            return inputs, ""
        return [], (
            f"{dst.device}: its input range depends on {', '.join(sorted(named))} "
            f"({'; '.join(values)}); the question states none"
        )
    kept = [
        f
        for f in inputs
        if all(dict(settings_in(f.condition or "")).get(k, v) == v for k, v in stated.items())
    ]
    if not kept:
        asked = ", ".join(f"{k} = {format_number(v)}" for k, v in stated.items())
        return [], f"{dst.device}: no input range printed for {asked}"
    return kept, ""


def _at_every_setting(
    index: FactIndex, src: DeviceUse, dst: DeviceUse, inputs: list[Fact]
) -> list[CompatCheck]:
    """A receiver whose input range is printed per setting, none stated ("ESP32 ADC pin"):
    when the signal fits at every setting printed, or at none, that is the verdict, shown at
    the lowest setting value when it fits everywhere and the highest when it fits nowhere
    (for the ESP32's attenuation, the narrowest and the widest range); when it depends on
    the setting, nothing (the caller says so)."""
    names = {k for f in inputs for k, _ in settings_in(f.condition or "")}
    if len(names) != 1 or dst.settings:
        return []
    (name,) = names
    values = sorted({v for f in inputs for k, v in settings_in(f.condition or "") if k == name})
    runs = [
        rule_signal_range(index, src, dataclasses.replace(dst, settings=((name, v),)))
        for v in values
    ]
    verdicts = {combine(checks) for checks in runs}
    if len(verdicts) != 1 or verdicts == {"insufficient_evidence"}:
        return []
    checks = runs[-1] if verdicts == {"incompatible"} else runs[0]
    every = f"; so at every {name} setting the datasheet prints"
    return [c.model_copy(update={"detail": c.detail + every}) for c in checks]


def rule_signal_range(index: FactIndex, src: DeviceUse, dst: DeviceUse) -> list[CompatCheck]:
    """A source's output range against the receiver's allowed input range."""
    asked = (src, dst)
    src, src_supply = with_supply(index, src)
    dst, dst_supply = with_supply(index, dst)
    ranges, why = _source_range(index, src)
    if not ranges:
        return [_check("signal_range", "insufficient_evidence", why, [])]
    # An analog signal meets the analog input: rows about digital or logic pins do not apply.
    inputs = [
        f
        for f in _best(index, dst, ("input_voltage_range",), prefer="analog input absolute")
        if f.section_kind != "absolute_maximum" and not digital_row(f)
    ]
    absmax = [
        f
        for f in _best(
            index, dst, ("absolute_max_input_voltage",), absmax=True, prefer="analog input"
        )
        if not digital_row(f)
    ]
    fsr = _best(index, dst, ("full_scale_range",))
    if not inputs:
        note = (
            " (it has only an absolute maximum rating, which is not an operating limit)"
            if absmax
            else ""
        )
        return [
            _check(
                "signal_range",
                "insufficient_evidence",
                f"{dst.device}: no operating input voltage range{note}",
                absmax[:1],
            )
        ]
    all_inputs = inputs
    inputs, why_setting = _for_settings(inputs, dst)
    if not inputs:
        every = _at_every_setting(index, *asked, all_inputs)
        return every or [_check("signal_range", "insufficient_evidence", why_setting, [])]
    inp = inputs[0]
    lo_in, hi_in, needs = bounds(inp, dst.supply_v, dst.device, dst.vref, rails=dst.rails)
    common = _common_mode(index, dst)
    if common is not None:
        # An amplifier's input takes a signal within its common-mode range ("the upper end
        # … is VCC – 1.7 V" at the stated supply), not its differential input range.
        inp, lo_in, hi_in, needs, lower = common
        if lower is not None:
            dst_supply = [*dst_supply, lower]
    if needs or lo_in is None or hi_in is None:
        return [
            _check(
                "signal_range",
                "insufficient_evidence",
                f"{dst.device}: its input range is relative to its supply or reference; "
                "state the supply (and VREF) it runs at",
                [inp],
            )
        ]
    checks = []
    for variant, lo, hi, facts, derived in ranges:
        name = f"{src.device}{' ' + variant if variant else ''}"
        parts_derived = [*derived, *(d for d in (lo_in.derived, hi_in.derived) if d)]
        used = [*facts, inp, *src_supply, *dst_supply]
        inside = lo.value >= lo_in.value - 1e-9 and hi.value <= hi_in.value + 1e-9
        detail = (
            f"{name} output spans {lo.text} to {hi.text} V"
            + (f" for ±{_fmt(src.sensed)} A" if src.sensed is not None else "")
            + (f" at {_fmt(src.supply_v)} V supply" if src.supply_v else "")
            + f"; {dst.device} accepts {lo_in.text} to {hi_in.text} V"
            + (
                f" ({lo_in.source or lo_in.text} to {hi_in.source or hi_in.text})"
                if lo_in.source or hi_in.source
                else ""
            )
            + (f" at {_fmt(dst.supply_v)} V" if dst.supply_v else "")
            + f" ({inp.parameter or inp.spec}, {inp.citation})"
        )
        outcome = "compatible" if inside else "incompatible"
        if not inside and absmax:
            _, a_hi, a_needs = bounds(absmax[0], dst.supply_v, dst.device, rails=dst.rails)
            if a_hi is not None and not a_needs and hi.value > a_hi.value:
                detail += (
                    f"; it also exceeds the absolute maximum {a_hi.text} V, which damages the part"
                )
                used.append(absmax[0])
                if a_hi.derived:
                    parts_derived.append(a_hi.derived)
        stated_fsr = dict(dst.settings).get("fsr")
        if inside and fsr:
            f = fsr[0]
            top = max(
                abs(x)
                for x in (f.max, f.min, f.value if isinstance(f.value, float) else None)
                if x is not None
            )
            used.append(f)
            if stated_fsr is not None and stated_fsr <= top + 1e-9:
                # The range the question sets the gain to, not the widest there is.
                inside = hi.value <= stated_fsr + 1e-9 and lo.value >= -stated_fsr - 1e-9
                outcome = "compatible" if inside else "incompatible"
                detail += (
                    f"; {'within' if inside else 'beyond'} the stated ±{_fmt(stated_fsr)} V "
                    f"full-scale range ({f.citation})"
                )
            elif hi.value > top:
                outcome = "incompatible"
                detail += f"; the widest full-scale range is ±{_fmt(top)} V ({f.citation})"
            elif dst.setting_open and f.min is not None and hi.value > abs(f.min):
                # "I haven't decided the PGA setting": it fits the wide ranges, not the narrow
                outcome = "insufficient_evidence"
                detail += (
                    f"; it fits the ±{_fmt(top)} V full-scale range but not ±{_fmt(abs(f.min))} "
                    f"V ({f.citation}): the gain setting the question leaves open decides"
                )
            else:
                detail += f"; within the ±{_fmt(top)} V full-scale range ({f.citation})"
        checks.append(_check("signal_range", outcome, detail, used, parts_derived))
    return checks


def _common_mode(
    index: FactIndex, dst: DeviceUse
) -> tuple[Fact, Limit | None, Limit | None, bool, Fact | None] | None:
    """An amplifier's common-mode input range at the stated supply: the row written relative
    to the supply, its missing end from a row that prints that end as a plain figure (the
    ground end "0" of a table row). Returns (row, low, high, needs_supply, row of the low end)."""
    rows = [
        f
        for f in _best(index, dst, ("input_common_mode_range",))
        if f.section_kind != "absolute_maximum"
    ]
    relative = [f for f in rows if _side_texts(f) or _relative_limits(f)]
    if not relative or dst.supply_v is None:
        return None
    inp = relative[0]
    lo, hi, needs = bounds(inp, dst.supply_v, dst.device, dst.vref, rails=dst.rails)
    lower = None
    if lo is None:
        lower = next((f for f in rows if f.min is not None and not _relative_limits(f)), None)
        lo = _volts(lower.min, lower.unit, dst.device) if lower and lower.min is not None else None
    return inp, lo, hi, needs, lower


# ---------------------------------------------------------------- logic levels


def _at_supply(facts: list[Fact], supply_v: float | None) -> list[Fact]:
    """The rows that hold at the supply a part is stated to run at: a row whose condition fixes
    a higher supply voltage is left out (a level guaranteed at 4.5 V is none at 3.3 V; at 5 V
    the part still reaches at least what it does at 4.5 V)."""
    if supply_v is None:
        return facts
    return [f for f in facts if (at := _row_supply(f)) is None or at <= supply_v + 0.05]


def rule_logic_levels(index: FactIndex, src: DeviceUse, dst: DeviceUse) -> list[CompatCheck]:
    """VOH ≥ VIH and VOL ≤ VIL."""
    src, src_supply = with_supply(index, src)
    dst, dst_supply = with_supply(index, dst)
    supply_facts = [*src_supply, *dst_supply]
    # a level guaranteed at another supply than the one stated ("VOH 4.1 V min, VDD = 4.5 V"
    # for a part run at 3.3 V) is no guarantee here
    stated = {
        sym: _best(index, use, (spec,))
        for sym, use, spec in (
            ("VOH", src, "output_voltage_high"),
            ("VOL", src, "output_voltage_low"),
            ("VIH", dst, "logic_high_threshold"),
            ("VIL", dst, "logic_low_threshold"),
        )
    }
    voh = _at_supply(stated["VOH"], src.supply_v)
    vol = _at_supply(stated["VOL"], src.supply_v)
    vih = _at_supply(stated["VIH"], dst.supply_v)
    vil = _at_supply(stated["VIL"], dst.supply_v)

    def wanted_name(use: DeviceUse, sym: str, kept: list[Fact]) -> str:
        dropped = stated[sym]
        if kept or not dropped or use.supply_v is None:
            return f"{use.device} {sym}"
        return (
            f"{use.device} {sym} at {_fmt(use.supply_v)} V (stated only at "
            f"{dropped[0].condition}, {dropped[0].citation})"
        )

    if not voh and not vol and vih and vil:
        drain = _open_drain_levels(index, src, vih[0], vil[0], dst, supply_facts)
        if drain is not None:
            return drain
    checks = []
    if not voh and vih:
        # No VOH row, but the output is named by its swing ("5V TTL", "3.3 V logic"): its high
        # level reaches that voltage, and an input whose VIH maximum is lower is overdriven.
        swing = _named_output_swing(index, src)
        if swing is not None:
            level, f_out = swing
            _, i_hi, i_need = bounds(vih[0], dst.supply_v, dst.device, rails=dst.rails)
            if i_hi is not None and not i_need and level > i_hi.value + 1e-9:
                return [
                    _check(
                        "logic_levels",
                        "incompatible",
                        f"{src.device} output swings to {_fmt(level)} V ({f_out.value}); "
                        f"{dst.device} VIH max {i_hi.text} V — needs a level shifter or divider",
                        [f_out, vih[0], *supply_facts],
                        [d for d in (i_hi.derived,) if d],
                    )
                ]
    for name, out_f, in_f, high in (("high", voh, vih, True), ("low", vol, vil, False)):
        if not out_f or not in_f:
            wanted = (
                (wanted_name(src, "VOH" if high else "VOL", out_f), out_f),
                (wanted_name(dst, "VIH" if high else "VIL", in_f), in_f),
            )
            checks.append(_lacking("logic_levels", wanted, (out_f or in_f)[:1]))
            continue
        o_lo, o_hi, o_need = bounds(
            out_f[0], src.supply_v, src.device, logic=src.logic_v, rails=src.rails
        )
        i_lo, i_hi, i_need = bounds(
            in_f[0], dst.supply_v, dst.device, logic=dst.logic_v, rails=dst.rails
        )
        if high:
            a, b = o_lo, i_lo
        else:
            a, b = o_hi, i_hi
        if a is None or b is None or o_need or i_need:
            checks.append(
                _check(
                    "logic_levels",
                    "insufficient_evidence",
                    f"logic {name} levels depend on a supply that was not stated",
                    [out_f[0], in_f[0]],
                )
            )
            continue
        ok = a.value >= b.value - 1e-9 if high else a.value <= b.value + 1e-9
        sym_o, sym_i = ("VOH min", "VIH min") if high else ("VOL max", "VIL max")
        detail = (
            f"{src.device} {sym_o} {a.text} V {'≥' if ok == high else '<'} "
            if high
            else f"{src.device} {sym_o} {a.text} V {'≤' if ok else '>'} "
        )
        detail += f"{dst.device} {sym_i} {b.text} V"
        # a level worked from a supply the question did not state is said to rest on it
        nominal = [
            f"{u.device} at its nominal {_fmt(u.supply_v)} V supply ({fs[0].citation})"  # type: ignore[arg-type]
            for u, fs, level in ((src, src_supply, a), (dst, dst_supply, b))
            if fs and level.derived and high  # (said once, on the first of the two lines)
        ]
        if nominal:
            detail += f", with {' and '.join(nominal)}, as none is stated"
        derived = [d for d in (a.derived, b.derived) if d]
        checks.append(
            _check(
                "logic_levels",
                "compatible" if ok else "incompatible",
                detail,
                [out_f[0], in_f[0], *supply_facts],
                derived,
            )
        )
        if (
            high
            and i_hi is not None
            and o_hi is not None
            and not i_need
            and not o_need
            and o_hi.value > i_hi.value + 1e-9
        ):
            checks.append(
                _check(
                    "logic_levels",
                    "incompatible",
                    f"{src.device} high level {o_hi.text} V exceeds {dst.device} "
                    f"input maximum {i_hi.text} V",
                    [out_f[0], in_f[0]],
                    [d for d in (o_hi.derived, i_hi.derived) if d],
                )
            )
        elif high and i_hi is not None and not i_need and (o_hi is None or o_need):
            # No VOH maximum printed: the high level lies between the VOH minimum and the
            # driver's supply.
            if o_lo.value > i_hi.value + 1e-9:
                checks.append(
                    _check(
                        "logic_levels",
                        "incompatible",
                        f"{src.device} VOH min {o_lo.text} V already exceeds {dst.device} "
                        f"input maximum {i_hi.text} V",
                        [out_f[0], in_f[0], *supply_facts],
                        [d for d in (o_lo.derived, i_hi.derived) if d],
                    )
                )
            elif (src.supply_v is None or src.supply_v > i_hi.value + 1e-9) and not (
                # a pin rated above the driver's supply takes the excess unharmed
                src.supply_v is not None
                and (rating := _pin_rating(index, dst)) is not None
                and src.supply_v <= rating[1].value + 1e-9
            ):
                checks.append(
                    _check(
                        "logic_levels",
                        "insufficient_evidence",
                        f"{src.device} states no VOH maximum, and its supply "
                        f"{'was not stated' if src.supply_v is None else _fmt(src.supply_v) + ' V'}"
                        f" is above {dst.device} input maximum {i_hi.text} V: the high level "
                        "is not bounded below that maximum",
                        [out_f[0], in_f[0], *supply_facts],
                        [d for d in (i_hi.derived,) if d],
                    )
                )
        if high and (i_hi is None or i_need):
            checks.extend(_over_pin_rating(index, src, dst, o_hi, o_need, out_f[0], src_supply))
    return checks


def _over_pin_rating(
    index: FactIndex,
    src: DeviceUse,
    dst: DeviceUse,
    o_hi: Limit | None,
    o_need: bool,
    out_fact: Fact,
    src_supply: list[Fact],
) -> list[CompatCheck]:
    """No VIH maximum: a high level above the input's absolute maximum rating damages it (the
    rating is never permission, only a limit). The high level is at most the driver's VOH
    maximum, or its supply when no maximum is printed."""
    if o_hi is not None and not o_need:
        top, top_text, top_facts = o_hi.value, f"VOH max {o_hi.text} V", [out_fact]
    elif src.supply_v is not None:
        top, top_text = src.supply_v, f"high level at most its supply, {_fmt(src.supply_v)} V"
        top_facts = [out_fact, *src_supply]
    else:
        return []
    rating = _pin_rating(index, dst)
    if rating is None or top <= rating[1].value + 1e-9:
        return []
    f, r_hi = rating
    return [
        _check(
            "logic_levels",
            "incompatible",
            f"{src.device} {top_text} exceeds {dst.device} absolute maximum "
            f"{r_hi.text} V on its pins ({f.parameter}) — needs a level shifter",
            [*top_facts, f],
            [d for d in (r_hi.derived,) if d],
        )
    ]


def _pin_rating(index: FactIndex, use: DeviceUse) -> tuple[Fact, Limit] | None:
    """The absolute maximum rating of the part's input pins, evaluated at its stated supply
    ("VDDIO + 0.3" at VDDIO = 3.3 V): the first rating row whose high bound is a number."""
    for f in _best(index, use, ("absolute_max_input_voltage",), absmax=True):
        _, r_hi, r_need = bounds(f, use.supply_v, use.device, rails=use.rails)
        if r_hi is not None and not r_need:
            return f, r_hi
    return None


# A bus line pulled up to a stated voltage: "pull-ups go to 3.3 V", "DQ pulled up to 3.3 V",
# "3.3 V pull-ups".
PULLUP_STATED = re.compile(
    r"(?i)\bpull(?:ed)?[- ]?ups?\b[^.;:?]{0,25}?\b(?:to|at|of)\s+"
    r"(?:(?:the|a|an)\s+)?(?:[\w-]+'s\s+)?(\d+(?:\.\d+)?)\s*V\b"
    r"|(\d+(?:\.\d+)?)\s*V\s+pull[- ]?ups?\b"
    # "a 1.8 V microcontroller GPIO": a line another part drives high at that level
    # (not "my 3.3 V MCU supply", which powers a part)
    # ("ESP32-WROOM-32 (3.3 V GPIO)": a named part's own pins, whose levels its datasheet gives)
    r"|(?<![\d.(])(\d+(?:\.\d+)?)\s*V\s+(?:micro(?:controller)?s?|mcus?|gpios?|hosts?|processors?|socs?)\b"
    r"(?!'?s?\s*(?:supply|rail|power|regulator|output pin|3v3 pin)\b)"
    # ("3.3 V GPIO signals from an ESP32-WROOM-32": a part named by number drives them)
    r"(?!\s+(?:\w+\s+)?(?:from|of|on)\s+(?:an?\s+|the\s+|my\s+)?[A-Za-z]+-?\d)"
)


# Lines a board the documents do not hold drives into one part: "SPI lines coming from a 5V
# arduino", "can a 5 V Arduino Uno drive AIN1/AIN2": its high is that level, the same test as a
# line pulled up to it (not "INT wired to a 5 V Arduino", which the part drives).
DRIVEN_STATED = re.compile(
    r"(?i)\b(?:from|by)\s+(?:an?\s+|the\s+|my\s+)?(?:old\s+)?(\d+(?:\.\d+)?)\s*V\s+"
    r"(?:arduino|uno|mcu|micro(?:controller)?|board)s?\b"
    r"(?!'?s?\s*(?:supply|rail|power|regulator|output|3v3)\b)"
    r"|(?<![\d.])(\d+(?:\.\d+)?)\s*V\s+(?:arduino|uno)s?\b(?:\s+uno)?\s+(?:to\s+)?drives?\b"
)


def pullup_volts(question: str, one_part: bool = False) -> float | None:
    """The voltage a question says a bus line is pulled up to, if it says one; with
    ``one_part``, also the level an unheld board drives the part's lines at."""
    m = PULLUP_STATED.search(question) or (DRIVEN_STATED.search(question) if one_part else None)
    return float(next(g for g in m.groups() if g)) if m else None


def _open_drain_levels(
    index: FactIndex,
    src: DeviceUse,
    vih: Fact,
    vil: Fact,
    dst: DeviceUse,
    supply_facts: Sequence[Fact],
) -> list[CompatCheck] | None:
    """A 1-Wire part drives its line only low, through an open drain, and prints no VOH or VOL:
    its high level is the pull-up's, the supply it is stated on, and its low level the voltage
    its sink current is printed at ("Sink Current 4.0 mA, VI/O = 0.4V")."""
    wired = any(
        "1-wire" in str(r.fact.value).lower() for r in index.lookup(src.device, ("interface",))
    )
    sinks = [
        (float(m.group(1)), r.fact)
        for r in index.lookup(src.device, ("output_current",))
        if re.search(r"(?i)\bsink", r.fact.parameter)
        and (m := re.search(r"\bV\S*\s*=\s*(\d+(?:\.\d+)?)\s*V\b", r.fact.condition or ""))
    ]
    if not wired or not sinks or src.supply_v is None:
        return None
    low, sink = sinks[0]
    i_lo, top, lo_need = bounds(vih, dst.supply_v, dst.device, logic=dst.logic_v, rails=dst.rails)
    _, i_hi, hi_need = bounds(vil, dst.supply_v, dst.device, logic=dst.logic_v, rails=dst.rails)
    if i_lo is None or i_hi is None or lo_need or hi_need:
        return None
    high, pulled = src.supply_v, f"{src.device} 1-Wire line (open drain)"

    def level(ok: bool, detail: str, facts: list[Fact], limit: Limit) -> CompatCheck:
        outcome = "compatible" if ok else "incompatible"
        derived = [d for d in (limit.derived,) if d]
        return _check("logic_levels", outcome, detail, [*facts, *supply_facts], derived)

    high_ok, low_ok = high >= i_lo.value - 1e-9, low <= i_hi.value + 1e-9
    checks = [
        level(
            high_ok,
            f"{pulled} pulled up to {_fmt(high)} V {'≥' if high_ok else '<'} {dst.device} VIH "
            f"min {i_lo.text} V",
            [vih],
            i_lo,
        ),
        level(
            low_ok,
            f"{pulled} low at {_fmt(low)} V while sinking {_fmt(float(sink.min or 0))} "
            f"{sink.unit} {'≤' if low_ok else '>'} {dst.device} VIL max {i_hi.text} V",
            [sink, vil],
            i_hi,
        ),
    ]
    if top is not None and high > top.value + 1e-9:
        checks.append(
            level(
                False,
                f"{pulled} high at {_fmt(high)} V exceeds {dst.device} input maximum {top.text} V",
                [vih],
                top,
            )
        )
    return checks


def asks_pullup_level(question: str, one_part: bool = False) -> bool:
    """ "Is a 3.3 V pull-up a valid high for it?": the line's level against each input on it."""
    return pullup_volts(question, one_part) is not None and bool(
        re.search(
            r"(?i)\b(?:logic|valid|levels?|highs?|thresholds?|vih|ok|okay|fine|safe|spec|supported"
            r"|allowed|permitted|tolerat\w*|directly|straight)\b",
            question,
        )
    )


def _pullup_over_rating(
    index: FactIndex, use: DeviceUse, volts: float, read_by: list[Fact]
) -> CompatCheck | None:
    """A line pulled above an input's absolute maximum rating, at the part's stated supply; or,
    with no rating printed, above the part's own supply, which its datasheet does not speak to
    (``read_by``: the facts the line's level was read against)."""
    rating = _pin_rating(index, use)
    if rating is None:
        if use.supply_v is None or volts <= use.supply_v + 1e-9:
            return None
        return _check(
            "pullup_level",
            "insufficient_evidence",
            f"line pulled up to {_fmt(volts)} V, above {use.device}'s {_fmt(use.supply_v)} V "
            "supply; its datasheet states no maximum voltage on its pins",
            read_by,
        )
    if volts <= rating[1].value + 1e-9:
        return None
    f, r_hi = rating
    return _check(
        "pullup_level",
        "incompatible",
        f"line pulled up to {_fmt(volts)} V exceeds {use.device} absolute maximum "
        f"{r_hi.text} V on its pins ({f.parameter}) — needs a level shifter",
        [f],
        [d for d in (r_hi.derived,) if d],
    )


_WIDE_INEQUALITIES = str.maketrans({"≧": "≥", "≦": "≤", "＜": "<", "＞": ">"})  # "DVI ≧ 1.8V"
_INEQUALITY = re.compile(
    r"(?:(?P<lo>\d+(?:\.\d+)?)\s*V?\s*(?P<op1>[<>≤≥])=?\s*)?"
    r"\b(?P<rail>[A-Z]?V[A-Z]{0,4})\b\s*(?P<op2>[<>≤≥])=?\s*(?P<hi>\d+(?:\.\d+)?)\s*V\b"
)


_RAIL_SYMBOLS = r"VCC|VDD|VIN|VS|VM|VDDIO|VLOGIC|AVDD|DVDD|VIO"


def condition_holds(condition: str | None, volts: Sequence[float], question: str = "") -> bool:
    """Whether a row's supply condition ("VM ≥ 4.5 V", "4.5 V > VM ≥ 2.5 V") holds for one
    of the stated voltages (the one stated for its rail, "VM = 6 V", when the question names
    it); True when it states no such condition or no voltage is stated."""
    m = _INEQUALITY.search((condition or "").translate(_WIDE_INEQUALITIES))
    if m is None:
        return True
    rail = m.group("rail")
    named = re.findall(rf"(?i)\b{rail}\s*=\s*(\d+(?:\.\d+)?)\s*V\b", question)
    if not named and (
        said := re.search(
            rf"(?i)\b{rail}\b(.*?)(?=\b(?!{rail}\b)(?:{_RAIL_SYMBOLS})\b|[;?]|\.(?!\d)|$)", question
        )
    ):
        # "VM straight from a 2S pack (6.0 V flat to 8.4 V full), VCC at 3.3 V", "(3.0-4.2 V)":
        # the voltages said after the rail's name, before another rail is named
        named = re.findall(
            r"(?<![\w.])(\d+(?:\.\d+)?)\s*(?:V\b|(?=(?:-|to)\s*\d+(?:\.\d+)?\s*V\b))",
            said.group(1),
        )
    if named:
        volts = [float(v) for v in named]
    if not volts:
        return True

    def cmp(a: float, op: str, b: float) -> bool:
        return {"<": a < b, ">": a > b, "≤": a <= b, "≥": a >= b}[op]

    return any(
        cmp(v, m.group("op2"), float(m.group("hi")))
        and (m.group("lo") is None or cmp(float(m.group("lo")), m.group("op1"), v))
        for v in volts
    )


def _host_supply_level(
    index: FactIndex, use: DeviceUse, rail: float | None, volts: float
) -> CompatCheck | None:
    """A part that prints no input thresholds but ties its pins' supply to its host's ("DVDD
    should be the same power supply as the MCU power supply"): its lines work at the host's
    level when that supply is at the line's level, and not when it is at another."""
    tied = index.lookup(use.device, ("host_supply",))
    if not tied:
        return None
    f = tied[0].fact
    said = f"{use.device} {f.symbol} is to be {f.value} ({f.evidence}, {f.citation})"
    if rail is None:
        return _check(
            "pullup_level", "insufficient_evidence", f"{said}; its voltage is not stated", [f]
        )
    same = math.isclose(rail, volts, abs_tol=1e-9)
    return _check(
        "pullup_level",
        "compatible" if same else "incompatible",
        f"{said}: {f.symbol} at {_fmt(rail)} V "
        + (
            f"is the {_fmt(volts)} V line's own level"
            if same
            else f"is not the line's {_fmt(volts)} V"
        ),
        [f],
    )


def rule_pullup_level(
    index: FactIndex, uses: Sequence[DeviceUse], volts: float
) -> list[CompatCheck]:
    """A line pulled up to ``volts`` is a valid high for each input on it: at least its VIH
    minimum at its own supply, at most its VIH maximum; a part powered from the line itself
    (parasite power) needs the line inside its pull-up supply range instead."""
    checks: list[CompatCheck] = []
    for use in uses:
        use, supply_facts = with_supply(index, use)
        from_line = [
            f
            for f in _best(index, use, ("supply_voltage",))
            if (f.symbol or "").upper() == "VPU"
            or re.search(r"(?i)pull-?up|parasite", f"{f.parameter} {f.condition or ''}")
        ]
        # rows printed for another I/O rail voltage ("1.65V ≦ DVI ＜ 1.8V") do not hold here
        rail = use.logic_v if use.logic_v is not None else use.supply_v
        vih = [
            f
            for f in _best(index, use, ("logic_high_threshold",))
            if rail is None or condition_holds(f.condition, [rail])
        ]
        # A row that also bounds the high level from above ("0.7*VLOGIC to VLOGIC + 0.5V")
        # says more than one that gives the threshold alone.
        vih.sort(key=lambda f: bounds(f, use.supply_v, use.device, rails=use.rails)[1] is None)
        fact = from_line[0] if from_line else vih[0] if vih else None
        if fact is None and (shared := _host_supply_level(index, use, rail, volts)) is not None:
            checks.append(shared)
            continue
        if fact is None:
            # Every part on a pulled-up line reads it: one whose high threshold is not printed
            # cannot be said to read the line's high.
            checks.append(
                CompatCheck(
                    rule="pullup_level",
                    outcome="insufficient_evidence",
                    detail=f"no input high threshold (VIH) in the datasheet facts of {use.device}",
                )
            )
            continue
        lo, hi, need = bounds(fact, use.supply_v, use.device, logic=use.logic_v, rails=use.rails)
        if need or lo is None:
            checks.append(
                _check(
                    "pullup_level",
                    "insufficient_evidence",
                    f"{use.device} input high threshold depends on a supply that was not stated",
                    [fact],
                )
            )
            continue
        what = "pull-up supply range" if from_line else "VIH"
        ok = volts >= lo.value - 1e-9 and (hi is None or volts <= hi.value + 1e-9)
        if ok and hi is None:
            # No VIH maximum: the pins' absolute maximum rating ("VDDIO + 0.3") still bounds
            # the line, or, with none printed, the part's own supply.
            over = _pullup_over_rating(index, use, volts, [fact, *supply_facts])
            if over is not None:
                checks.append(over)
                continue
        band = f"{lo.text} to {hi.text} V" if hi is not None else f"at least {lo.text} V"
        checks.append(
            _check(
                "pullup_level",
                "compatible" if ok else "incompatible",
                f"line pulled up to {_fmt(volts)} V; {use.device} {what} {band}"
                + ("" if ok else " — not a valid high for it"),
                [fact, *supply_facts],
                [d for d in (lo.derived, hi.derived if hi else None) if d],
            )
        )
    if not checks:
        checks.append(
            CompatCheck(
                rule="pullup_level",
                outcome="insufficient_evidence",
                detail="no input high threshold in the datasheet facts of "
                + ", ".join(u.device for u in uses),
            )
        )
    return checks


# ---------------------------------------------------------------- drive (pin → coil or load)

# Specs that make a device a load a pin must power (a relay or solenoid coil).
_LOAD_CURRENT_SPECS = ("coil_current",)


def is_coil_load(index: FactIndex, use: DeviceUse) -> bool:
    """A device whose datasheet states a coil current: driving it is a question of current."""
    return any(f.spec in _LOAD_CURRENT_SPECS for f in index.device_facts(use.device))


def _percent_of_nominal(
    index: FactIndex, use: DeviceUse, spec: str
) -> tuple[Fact, float | None] | None:
    """A coil figure printed as a percentage of the nominal coil voltage ("75 % of nominal"):
    the first such row, and its percentage when it is a number."""
    for f in index.device_facts(use.device):
        if f.spec == spec and (f.unit or "").strip() == "%":
            num = f.max if f.max is not None else f.value
            return f, float(num) if isinstance(num, int | float) else None
    return None


def _sourced(index: FactIndex, drv: DeviceUse) -> list[Fact]:
    """The rows of what one of a driver's output pins sources (not a rating, a total over
    pins, or what it sinks)."""
    return [
        f
        for f in _best(index, drv, ("output_current",), prefer="high-level source current")
        if f.section_kind != "absolute_maximum"
        and not re.search(r"\bcumulative|\btotal|\bsink\b", f"{f.parameter} {f.symbol or ''}", re.I)
    ]


def rule_input_current(index: FactIndex, drv: DeviceUse, rcv: DeviceUse) -> list[CompatCheck]:
    """The driver's output must source the current the receiver's input draws when high (an
    enable input's 100 µA): a level that reaches the threshold is not enough on its own. Of
    the receiver's logic and enable inputs, the one that draws most is held to it."""
    need = sorted(
        _best(index, rcv, ("high_voltage_input_current", "high_voltage_enable_current")),
        key=_si_high,
        reverse=True,
    )
    have = _sourced(index, drv)
    if not need or not have:
        wanted = (
            (f"{drv.device} output current it can source", have),
            (f"{rcv.device} input current", need),
        )
        lacking = _lacking("input_current", wanted, [*need[:1], *have[:1]])
        if need:
            lacking.detail += f"; {rcv.device} input draws up to {_show_high(need[0])}"
        return [lacking]
    ok = _si_high(have[0]) >= _si_high(need[0]) - 1e-12
    return [
        _check(
            "input_current",
            "compatible" if ok else "incompatible",
            f"{_named(drv.device, drv.variant)} output can source {_show_high(have[0])}; "
            f"{rcv.device} input draws up to {_show_high(need[0])}",
            [have[0], need[0]],
        )
    ]


def rule_drive(index: FactIndex, drv: DeviceUse, load: DeviceUse) -> list[CompatCheck]:
    """The driver's output must source the load's current at a voltage that operates it.

    A GPIO pin rated for 40 mA cannot energise a relay coil that draws 71 mA, and a 3.3 V high
    level does not reach a 5 V coil's must-operate voltage: either failure means a transistor
    (or driver IC) is needed, and wiring it directly can damage the pin.
    """
    drv, drv_supply = with_supply(index, drv)
    drv_name = _named(drv.device, drv.variant)
    checks: list[CompatCheck] = []
    need = _best(index, load, _LOAD_CURRENT_SPECS)
    have = _sourced(index, drv)
    if not need or not have:
        wanted = ((f"{drv.device} output current", have), (f"{load.device} coil current", need))
        checks.append(_lacking("drive", wanted, (need or have)[:1]))
    else:
        load_a = _si_high(need[0])
        src_a = _si_high(have[0])
        ok = src_a >= load_a - 1e-12
        checks.append(
            _check(
                "drive",
                "compatible" if ok else "incompatible",
                f"{drv_name} output can source {_show_high(have[0])}; {load.device} coil draws "
                f"{_show_high(need[0])}"
                + ("" if ok else " — more than the pin can supply, use a transistor or driver"),
                [have[0], need[0]],
            )
        )
    # The coil operates at its must-operate (pick-up) voltage at least: a pin's high level below
    # it never pulls the relay in. Printed as a percentage of the nominal coil voltage.
    coil_v = [f for f in _best(index, load, ("coil_voltage",)) if _si_high(f) > 0]
    level, level_facts, level_is = drv.supply_v, list(drv_supply), "its supply"
    if level is None or is_regulator(index, drv):
        # A regulator (or any source with a stated output) drives the coil at its output; the
        # supply a question states for a regulator is its input.
        outv = [
            f
            for f in _best(index, drv, ("output_voltage",))
            if f.section_kind != "absolute_maximum" and _si_high(f) > 0
        ]
        if outv:
            level, level_facts, level_is = _si_high(outv[0]), outv[:1], "its output"
    if level is None:
        # A module that states its output's high level ("Level output High 3.3 V") drives the
        # coil at that level.
        voh = [f for f in _best(index, drv, ("output_voltage_high",)) if _si_high(f) > 0]
        if voh:
            level, level_facts, level_is = _si_high(voh[0]), voh[:1], "its output high level"
    if coil_v and level is not None:
        checks.extend(
            _coil_levels(
                index,
                load,
                coil_v[0],
                (level, level),
                (f"{drv_name} high level is at most {level_is}, {_fmt(level)} V",) * 2,
                level_facts,
                "drive",
            )
        )
    return checks


def _coil_levels(
    index: FactIndex,
    load: DeviceUse,
    coil: Fact,
    span: tuple[float, float],
    said: tuple[str, str],
    level_facts: Sequence[Fact],
    rule: str,
) -> list[CompatCheck]:
    """A coil across a voltage that spans ``span`` (low, high): the low end must reach the
    must-operate (pick-up) voltage, the high end stay within the maximum allowable voltage,
    both printed as percentages of the nominal coil voltage. ``said`` describes each end."""
    nominal = _si_high(coil)
    checks: list[CompatCheck] = []
    pick = _percent_of_nominal(index, load, "pickup_voltage")
    if pick and pick[1]:
        must = percent_of(pick[1], nominal, f"{load.device} must-operate coil voltage")
        needed, derived = must.result, [must]
        what = f"must-operate {_fmt(needed)} V ({_fmt(pick[1])} % of {_fmt(nominal)} V)"
    else:
        needed, derived, what = nominal, [], f"nominal {_fmt(nominal)} V"
    ok = span[0] >= needed - 1e-9
    checks.append(
        _check(
            rule,
            "compatible" if ok else "incompatible",
            f"{said[0]}; {load.device} coil needs {what}",
            [coil, *(pick[:1] if pick else ()), *level_facts],
            derived,
        )
    )
    # Above its maximum allowable voltage the coil overheats: a 12 V rail on a 5 V coil.
    most = _percent_of_nominal(index, load, "coil_max_voltage")
    if most and most[1] is not None:
        top = percent_of(most[1], nominal, f"{load.device} maximum allowable coil voltage")
        ok = span[1] <= top.result + 1e-9
        checks.append(
            _check(
                rule,
                "compatible" if ok else "incompatible",
                f"{said[1]}; {load.device} coil allows at most {_fmt(top.result)} V "
                f"({_fmt(most[1])} % of {_fmt(nominal)} V)",
                [coil, most[0], *level_facts],
                [top],
            )
        )
    return checks


def percent_of(pct: float, nominal: float, label: str) -> Derived:
    """A coil voltage printed as a percentage of the nominal ("75 % of nominal"), in volts."""
    return Derived(
        label=label,
        expression=f"{_fmt(pct)} / 100 * {_fmt(nominal)}",
        result=round(pct / 100 * nominal, 6),
        unit="V",
    )


def rule_rail(
    index: FactIndex, uses: Sequence[DeviceUse], volts: Sequence[float]
) -> list[CompatCheck]:
    """Parts put on one rail of a stated voltage: the voltage must be inside each one's supply
    range. A part that states only a nominal supply is on it only at that nominal."""
    if len(set(volts)) != 1:
        return [_check("rail", "insufficient_evidence", "no single rail voltage stated", [])]
    v = volts[0]
    checks = []
    for use in uses:
        vsup = _best(index, use, ("supply_voltage",), prefer="recommended operating power supply")
        if not vsup:
            checks.append(_lacking("rail", ((f"{use.device} supply voltage range", vsup),), []))
            continue
        s = vsup[0]
        lo, hi, facts = _supply_band(index, dataclasses.replace(use, supply_v=v), vsup)
        derived: list[Derived] = []
        if lo is not None and hi is not None:
            ok = lo.value - 1e-9 <= v <= hi.value + 1e-9
            derived = [lim.derived for lim in (lo, hi) if lim.derived]
            past, rating = _against_rating(index, use, v) if v > hi.value + 1e-9 else ("", [])
            facts += rating
            detail = (
                f"{_fmt(v)} V rail {'is inside' if ok else 'is outside'} {use.device} supply "
                f"range {lo.text} to {hi.text} V ({s.citation}){past}"
            )
            outcome = "compatible" if ok else "incompatible"
        elif all(isinstance(f.typ, int | float) and math.isclose(f.typ, v) for f in vsup):
            detail = f"{_fmt(v)} V rail is {use.device}'s nominal supply ({s.citation})"
            outcome, facts = "compatible", vsup
        else:
            detail = f"{use.device} states no supply range to hold {_fmt(v)} V against"
            outcome = "insufficient_evidence"
        checks.append(_check("rail", outcome, detail, facts, derived))
    return checks


def rule_coil_supply(
    index: FactIndex, load: DeviceUse, volts: Sequence[float]
) -> list[CompatCheck]:
    """A relay coil put straight across a supply that spans ``volts`` (a battery from flat to
    charging): it must pull in at the lowest and not be overdriven at the highest."""
    coil_v = [f for f in _best(index, load, ("coil_voltage",)) if _si_high(f) > 0]
    if not coil_v or not volts:
        return [
            _check(
                "coil_supply",
                "insufficient_evidence",
                f"no {load.device} nominal coil voltage" if volts else "no supply voltage stated",
                [],
            )
        ]
    low, high = min(volts), max(volts)
    return _coil_levels(
        index,
        load,
        coil_v[0],
        (low, high),
        (f"the supply is at least {_fmt(low)} V", f"the supply reaches {_fmt(high)} V"),
        [],
        "coil_supply",
    )


_SWING = re.compile(r"(\d+(?:\.\d+)?)\s*V\s*(?:TTL|CMOS|logic|level|pulse|square)", re.I)


def _named_output_swing(index: FactIndex, use: DeviceUse) -> tuple[float, Fact] | None:
    """The high level of an output the datasheet names by its swing ("Output Type: 5V TTL")."""
    for f in index.device_facts(use.device):
        if f.spec not in ("interface", "output_type") or not isinstance(f.value, str):
            continue
        m = _SWING.search(f.value)
        if m:
            return float(m.group(1)), f
    return None


# ---------------------------------------------------------------- supply (regulator → load)

_MOTOR_SYMBOLS = frozenset({"VM", "VS", "VMOT", "VBB", "VMOTOR"})


def is_motor_supply(f: Fact) -> bool:
    """A row about a driver's motor (load) supply rail, by its symbol or its own words."""
    words = f"{f.parameter} {f.condition or ''}".lower()
    return (f.symbol or "").upper() in _MOTOR_SYMBOLS or "motor" in words


# "4.75V ≤ VIN ≤ 12V", "VIN = 7 V to 20 V": the input span a row is printed for
INPUT_BAND = re.compile(
    r"(?i)(\d+(?:\.\d+)?)\s*V\s*[≤<]=?\s*V_?I(?:N)?\s*[≤<]=?\s*(\d+(?:\.\d+)?)\s*V"
    r"|\bV_?I(?:N)?\s*=\s*(\d+(?:\.\d+)?)\s*V?\s*to\s*(\d+(?:\.\d+)?)\s*V"
)


def input_band(m: re.Match[str]) -> tuple[float, float]:
    """The low and high input of an ``INPUT_BAND`` match, in volts."""
    lo, hi = m.group(1, 2) if m.group(1) else m.group(3, 4)
    return float(lo), float(hi)


def _specified_input(index: FactIndex, reg: DeviceUse) -> list[Fact]:
    """The input range a regulator's output voltage is specified over ("4.75V ≤ VIN ≤ 12V"),
    as an input-range fact citing that row: the input it may be given."""
    out: list[Fact] = []
    for f in _best(index, reg, ("output_voltage",)):
        m = INPUT_BAND.search(f.condition or "")
        if m is None:
            continue
        lo, hi = input_band(m)
        out.append(
            f.model_copy(
                update={
                    "spec": "input_voltage_range",
                    "parameter": f"Input voltage its output is specified over ({f.condition})",
                    "min": lo,
                    "typ": None,
                    "max": hi,
                    "value": None,
                    "unit": "V",
                    "extra": {},
                }
            )
        )
    # The widest band first: every output row's band is a range the part is specified in.
    return sorted(out, key=lambda f: (f.min or 0.0) - (f.max or 0.0))


def percent_band(nominal: float, pct: float, unit: str, who: str = "") -> tuple[Limit, Limit]:
    """The two ends of a nominal ± a percentage ("24 V ±10 %"), each shown as the product it
    is ("24 * (1 - 10 / 100)")."""
    ends = []
    for sign, word in (("-", "minus"), ("+", "plus")):
        value = round(nominal * (1 + (pct if sign == "+" else -pct) / 100), 9)
        derived = Derived(
            label=f"{who}{format_number(nominal)} {unit} {word} {format_number(pct)} %",
            expression=f"{format_number(nominal)} * (1 {sign} {format_number(pct)} / 100)",
            result=value,
            unit=unit,
        )
        ends.append(Limit(value, _fmt(value), derived))
    return ends[0], ends[1]


def _nominals(vsup: Sequence[Fact]) -> dict[float, Fact]:
    """The nominal supplies a part states as single figures ("5.0/3.3 Vdc"), each with the row
    that states it."""
    return {
        float(v): f
        for f in vsup
        if f.min is None and f.max is None
        for v in (f.typ if f.typ is not None else f.value,)
        if isinstance(v, int | float)
    }


def _tolerance_band(
    index: FactIndex, load: DeviceUse, vsup: Sequence[Fact]
) -> tuple[Limit, Limit, list[Fact]] | None:
    """The supply band of a part that states nominal supplies ("5.0/3.3 Vdc") and one tolerance
    for them ("within 5% of the specified voltage"): around the nominal the question names,
    or the only one there is."""
    tol = next((f for f in index.device_facts(load.device) if f.spec == "supply_tolerance"), None)
    if tol is None or not isinstance(tol.value, int | float):
        return None
    nominals = _nominals(vsup)
    if load.supply_v is not None:
        nominal = next((n for n in nominals if abs(n - load.supply_v) < 1e-9), None)
    else:
        nominal = next(iter(nominals)) if len(nominals) == 1 else None
    if nominal is None:
        return None
    lo, hi = percent_band(nominal, float(tol.value), "V", f"{load.device} supply ")
    return lo, hi, [nominals[nominal], tol]


def _supply_band(
    index: FactIndex, load: DeviceUse, vsup: list[Fact]
) -> tuple[Limit | None, Limit | None, list[Fact]]:
    """A part's supply range at the supply it is used at, and the facts that give it: the
    first range row, or a nominal supply with a stated tolerance, the band around the nominal
    in use."""
    s = vsup[0]
    lo, hi, _ = bounds(s, load.supply_v, load.device, rails=load.rails)
    band = _tolerance_band(index, load, vsup) if s.min is None and s.max is None else None
    return band if band is not None else (lo, hi, [s])


def rule_supply(index: FactIndex, reg: DeviceUse, *loads: DeviceUse) -> list[CompatCheck]:
    """Regulator output voltage band within each load's supply range; its current at least
    what the loads draw together."""
    checks: list[CompatCheck] = []
    vout = _best(index, reg, ("output_voltage",), prefer="output voltage full range")
    fed_loads = []
    for load in loads:
        vsup = _supply_voltage(index, reg, load, vout, checks)
        fed_loads.append((load, vsup))
    if vout:
        checks.extend(rule_headroom(index, reg, vout))
    checks.extend(_supply_current(index, reg, fed_loads, _widest(vout) if vout else None))
    return checks


def _on_logic_rail(index: FactIndex, load: DeviceUse) -> bool:
    return load.rail == "logic" and bool(_best(index, load, ("logic_supply_voltage",)))


def _supply_voltage(
    index: FactIndex, reg: DeviceUse, load: DeviceUse, vout: list[Fact], checks: list[CompatCheck]
) -> list[Fact]:
    """Add the check of the regulator's output band against the load's supply range; return
    the load's supply range facts."""
    logic = _on_logic_rail(index, load)
    vsup = _best(
        index,
        load,
        ("logic_supply_voltage",) if logic else ("supply_voltage",),
        prefer="recommended operating power supply",
    )
    if load.rail == "motor":
        vsup = [f for f in vsup if is_motor_supply(f)]
    if not vsup:
        # A converter states what it takes as its input range ("Input voltage, VIN 9 to 36 V");
        # a range a notice changes for some revisions is not one figure to check against.
        vsup = [
            f
            for f in _best(index, load, ("input_voltage_range",), prefer="input voltage vin")
            if not f.superseded_by and not f.supersedes
        ]
    if not vsup and is_regulator(index, load):
        # A regulator fed by another: its input may be what its output is specified over.
        vsup = _specified_input(index, load)
    coil_v = [f for f in _best(index, load, ("coil_voltage",)) if _si_high(f) > 0]
    if vout and not vsup and coil_v:
        # A relay coil on the output: it must pull in at the output's lowest and not be
        # overdriven at its highest.
        o = _widest(vout)
        lo, hi, _ = bounds(o, reg.supply_v, reg.device, rails=reg.rails)
        if lo is not None and hi is not None:
            name = _named(reg.device, o.variant)
            said = (
                f"{name} output is at least {lo.text} V ({o.citation})",
                f"{name} output reaches {hi.text} V ({o.citation})",
            )
            checks.extend(
                _coil_levels(index, load, coil_v[0], (lo.value, hi.value), said, [o], "supply")
            )
            return vsup
    bands = _revision_bands(index, load) if vout and not vsup else []
    fed = _widest(vout) if vout else None
    fed_lo = bounds(fed, reg.supply_v, reg.device, rails=reg.rails)[0] if fed is not None else None
    if bands:
        checks.append(_banded_supply_check(reg, load, _widest(vout), bands))
    elif fed is not None and fed_lo is not None and not vsup and is_regulator(index, load):
        # A regulator after another, with no input range of its own: the first one's lowest
        # output must cover the second one's output plus its dropout.
        for c in rule_headroom(index, dataclasses.replace(load, supply_v=fed_lo.value)):
            c.facts.insert(0, item_from_fact(fed))
            c.detail = f"{_named(reg.device, fed.variant)} output (min) {c.detail}"
            checks.append(c)
    elif not vout or not vsup:
        wanted = (
            (f"{reg.device} output voltage", vout),
            (f"{load.device} supply voltage range", vsup),
        )
        checks.append(_lacking("supply", wanted, (vout or vsup)[:1]))
    else:
        o = _widest(vout)
        s = vsup[0]
        o_lo, o_hi, _ = bounds(o, reg.supply_v, reg.device, rails=reg.rails)
        s_lo, s_hi, supply_facts = _supply_band(index, load, vsup)
        s = supply_facts[0]
        row_variants = [o.variant] if o.variant else named_variants(o.parameter)
        if reg.variant is None and row_variants and not _same_name(row_variants[0], reg.device):
            # The output voltage belongs to one variant; the question named none.
            checks.append(
                _check(
                    "supply",
                    "insufficient_evidence",
                    f"{reg.device}: the output voltage depends on the variant (the row found is "
                    f"for {', '.join(row_variants)}); name the variant",
                    [o],
                )
            )
        elif load.supply_v is None and len(nominals := _nominals(vsup)) > 1:
            checks.append(
                _check(
                    "supply",
                    "insufficient_evidence",
                    f"{load.device} is offered for several nominal supplies ("
                    + ", ".join(f"{_fmt(v)} V" for v in sorted(nominals, reverse=True))
                    + "); the question names no version",
                    vsup[:2],
                )
            )
        elif o_lo is None or o_hi is None or s_lo is None or s_hi is None:
            checks.append(
                _check(
                    "supply",
                    "insufficient_evidence",
                    "an output or supply range lacks a bound",
                    [o, s],
                )
            )
        else:
            ok = o_lo.value >= s_lo.value - 1e-9 and o_hi.value <= s_hi.value + 1e-9
            past, rating = (
                _against_rating(index, load, o_hi.value)
                if o_hi.value > s_hi.value + 1e-9 and not logic
                else ("", [])
            )
            checks.append(
                _check(
                    "supply",
                    "compatible" if ok else "incompatible",
                    f"{_named(reg.device, o.variant)} output {o_lo.text} to "
                    f"{o_hi.text} V ({o.citation}) {'is inside' if ok else 'is outside'} "
                    f"{load.device} {'logic ' if logic else ''}supply range {s_lo.text} to "
                    f"{s_hi.text} V ({s.citation}){past}",
                    [o, *supply_facts, *rating],
                    [lim.derived for lim in (o_lo, o_hi, s_lo, s_hi) if lim.derived],
                )
            )
    return vsup


def _load_draw(
    index: FactIndex, reg: DeviceUse, load: DeviceUse, vsup: list[Fact], fed: Fact | None
) -> tuple[float, str, list[Fact], list[Derived]] | None:
    """What a load draws, in amperes: its worst stated supply current; failing that, its power
    over its lowest supply, or the input current a converter tables at the output current the
    question states."""
    draw = _best(
        index,
        load,
        ("supply_current",),
        prefer="logic supply vss"
        if _on_logic_rail(index, load)
        else "peak current delivered external supply",
    ) or _best(index, load, _LOAD_CURRENT_SPECS)
    if draw:
        worst = max(draw, key=lambda f: _si_high(f))
        shown = f"{_show_high(worst)} ({worst.parameter or worst.spec}, {worst.citation})"
        return _si_high(worst), shown, [worst], []
    from_power = _draw_from_power(index, load, vsup[0]) if vsup else None
    if from_power is None and fed is not None:
        from_power = _draw_from_table(index, load, fed, reg)
    return from_power


def _against_rating(index: FactIndex, part: DeviceUse, volts: float) -> tuple[str, list[Fact]]:
    """A supply above a part's operating range: whether it is past the absolute maximum too
    (damage, not only out of specification), as a clause and the rating cited."""
    rating = [
        f
        for f in _best(index, part, ("absolute_max_supply_voltage",), absmax=True)
        if f.max is not None and f.unit == "V"
    ][:1]
    if not rating or rating[0].max is None:
        return "", []
    top = rating[0].max
    where = "above even" if volts > top + 1e-9 else "within"
    return f"; {where} its absolute maximum {_fmt(top)} V ({rating[0].citation})", rating


def _supply_current(
    index: FactIndex,
    reg: DeviceUse,
    fed_loads: Sequence[tuple[DeviceUse, list[Fact]]],
    fed: Fact | None,
) -> list[CompatCheck]:
    """The regulator's rated current against what its loads draw together."""
    # The rated output current; failing that, the minimum of a stated current limit (what the
    # part guarantees before it limits). Short-circuit and peak currents are not capability.
    iout = _best(index, reg, ("output_current",)) or [
        f
        for f in _best(index, reg, ("current_limit",))
        if "limit" in f.parameter.lower() and f.min is not None
    ]
    # A motor rail carries what the motor draws, which no datasheet of the driver states.
    loads = [(load, vsup) for load, vsup in fed_loads if load.rail != "motor"]
    if not loads:
        return []
    draws = [
        (load, _load_draw(index, reg, load, vsup, fed) if iout else None) for load, vsup in loads
    ]
    if not iout or any(d is None for _, d in draws):
        wanted = [(f"{reg.device} output current", iout)] + [
            (f"{load.device} current draw", _best(index, load, ("supply_current",)))
            for load, d in draws
            if d is None
        ]
        return [_lacking("supply", wanted, (iout or [f for _, found in wanted for f in found])[:1])]
    i = iout[0]
    if i.spec == "current_limit":
        # A current limit guarantees only its minimum: the part may limit there.
        cap = i.min if i.min is not None else i.typ
    else:
        cap = i.max if i.max is not None else i.value if isinstance(i.value, float | int) else i.min
    cap_si = _si(cap, i.unit) if cap is not None else None
    need_facts = [f for _, d in draws if d for f in d[2]]
    derived = [x for _, d in draws if d for x in d[3]]
    if cap is None or cap_si is None:
        return [
            _check("supply", "insufficient_evidence", "a current lacks a number", [i, *need_facts])
        ]
    need = sum(d[0] for _, d in draws if d)
    shown = "; ".join(f"{load.device} needs {d[1]}" for load, d in draws if d)
    if len(draws) > 1:
        # Loads on one output draw together: their worst currents add up, in mA.
        terms = [_milliamps_term(d) for _, d in draws if d]
        total = Derived(
            label="the loads' draw together",
            expression=" + ".join(terms),
            result=need * 1000,
            unit="mA",
        )
        derived.append(total)
        shown += f"; together {_fmt(need * 1000)} mA"
    ok = cap_si >= need - 1e-12
    return [
        _check(
            "supply",
            "compatible" if ok else "incompatible",
            f"{_named(reg.device, reg.variant)} delivers {_fmt(float(cap))} {i.unit} "
            f"({i.citation}); {shown}",
            [i, *need_facts],
            derived,
        )
    ]


def _milliamps_term(draw: tuple[float, str, list[Fact], list[Derived]]) -> str:
    """One load's draw as a term of a sum in mA: the computed draw, or the printed figure with
    its unit's power of ten."""
    _, _, facts, derived = draw
    if derived:
        return _fmt(derived[-1].result)
    f = facts[0]
    printed = _fmt(_printed_high(f) or 0.0)
    scale = _si(1.0, f.unit) or 1.0
    factor = scale * 1000
    if math.isclose(factor, 1.0):
        return printed
    return f"{printed} * {_fmt(factor)}" if factor > 1 else f"{printed} / {_fmt(1 / factor)}"


# One input band of a converter: the revisions it holds for as written ("A/B", "other than
# A/B"), those revisions (none: every revision the notice does not name), low, high, facts.
_Band = tuple[str, frozenset[str], float, float, list[Fact]]


def _revision_bands(index: FactIndex, load: DeviceUse) -> list[_Band]:
    """A converter's input range that a notice changes for some board revisions, as one band
    per revision group. A bound the notice leaves alone is the datasheet's; the revisions it
    does not name keep the datasheet's range. Only the groups the question names, when it
    names any."""
    ranges = _best(index, load, ("input_voltage_range",), prefer="input voltage vin")
    base = next(
        (f for f in ranges if f.superseded_by and f.min is not None and f.max is not None), None
    )
    if base is None:
        return []
    bands: list[_Band] = []
    named: set[str] = set()
    for n in ranges:
        if n.citation != base.superseded_by or n.unit != base.unit:
            continue
        revs = [str(r) for r in n.applies_to.get("board_revision") or []]
        named.update(revs)
        lo = n.min if n.min is not None else base.min
        hi = n.max if n.max is not None else base.max
        bands.append(("/".join(revs), frozenset(revs), lo, hi, [n, base]))
    if not bands:
        return []
    bands.append(("other than " + "/".join(sorted(named)), frozenset(), base.min, base.max, [base]))
    if load.revisions:
        asked = set(load.revisions)
        bands = [b for b in bands if (asked & b[1] if b[1] else asked - named)]
    return bands


def _per_band(
    bands: list[_Band], fits: Callable[[float, float], bool], inside: str
) -> tuple[str, list[str], list[Fact]]:
    """How a figure fits each revision group's band: one line per band, the facts behind them,
    and one outcome, insufficient evidence unless every band agrees."""
    lines: list[str] = []
    outcomes: set[bool] = set()
    facts: list[Fact] = []
    for revs, _revisions, lo, hi, fs in bands:
        ok = fits(lo, hi)
        outcomes.add(ok)
        facts.extend(f for f in fs if f not in facts)
        lines.append(
            (f"revision {revs}: " if revs else "")
            + f"{inside if ok else 'outside'} {_fmt(lo)} to {_fmt(hi)} V "
            f"({', '.join(f.citation for f in fs)})"
        )
    outcome = (
        "insufficient_evidence"
        if len(outcomes) > 1
        else "compatible"
        if outcomes == {True}
        else "incompatible"
    )
    return outcome, lines, facts


def _banded_supply_check(
    reg: DeviceUse, load: DeviceUse, o: Fact, bands: list[_Band]
) -> CompatCheck:
    """The regulator's output band against a load's input range per board revision: a verdict
    only when every revision in question agrees."""
    o_lo, o_hi, _ = bounds(o, reg.supply_v, reg.device, rails=reg.rails)
    if o_lo is None or o_hi is None:
        return _check("supply", "insufficient_evidence", "an output range lacks a bound", [o])
    outcome, parts, band_facts = _per_band(
        bands, lambda lo, hi: o_lo.value >= lo - 1e-9 and o_hi.value <= hi + 1e-9, "inside"
    )
    facts = [o, *(f for f in band_facts if f is not o)]
    detail = (
        f"{_named(reg.device, o.variant)} output {o_lo.text} to {o_hi.text} V ({o.citation}) "
        f"against {load.device} input range per board revision: " + "; ".join(parts)
    )
    if outcome == "insufficient_evidence":
        detail += "; name the board revision"
    return _check("supply", outcome, detail, facts, [d for d in (o_lo.derived, o_hi.derived) if d])


def rule_headroom(
    index: FactIndex, reg: DeviceUse, vout: list[Fact] | None = None
) -> list[CompatCheck]:
    """A regulator holds its output only with its input at least the output plus the dropout:
    "an AMS1117-5.0 from a 6 V pack" is below 5 V + 1.3 V."""
    if reg.supply_v is None:
        return []
    if vout is None:
        vout = _best(index, reg, ("output_voltage",), prefer="output voltage full range")
    drop = _best(index, reg, ("dropout_voltage",))
    vnom = o_hi_nominal(vout) if vout else None
    if not drop or vnom is None:
        return []
    d = drop[0]
    dv = d.max if d.max is not None else d.typ if d.typ is not None else d.value
    if not isinstance(dv, float | int):
        return []
    need_in = vnom + float(dv)
    ok = reg.supply_v >= need_in - 1e-9
    der = Derived(
        label="input needed",
        expression=f"{_fmt(vnom)} + {_fmt(float(dv))}",
        result=round(need_in, 9),
        unit="V",
    )
    # "6.5V ≤ VIN ≤ 12V": the input span the output figure itself is specified over
    spec_in = re.search(
        r"(\d+(?:\.\d+)?)\s*V\s*[≤<]=?\s*V\s?IN(?:\s*[≤<]=?\s*(\d+(?:\.\d+)?)\s*V)?",
        vout[0].condition or "",
    )
    below = ""
    span: list[Fact] = []
    if spec_in and reg.supply_v < float(spec_in.group(1)) - 1e-9:
        below = f"; the output is specified only for {vout[0].condition} [{vout[0].citation}]"
        # that span is a figure of the answer, the lowest input the row holds for
        lo = float(spec_in.group(1))
        hi = float(spec_in.group(2)) if spec_in.group(2) else None
        span = [
            vout[0].model_copy(
                update={
                    "spec": "input_voltage_range",
                    "parameter": f"input the {vout[0].parameter or 'output'} is specified over",
                    "value": None,
                    "typ": None,
                    "si_value": None,
                    "si_typ": None,
                    "min": lo,
                    "si_min": lo,
                    "max": hi,
                    "si_max": hi,
                    "unit": "V",
                    "si_unit": "V",
                }
            )
        ]
    checks = [
        _check(
            "supply",
            "compatible" if ok else "incompatible",
            f"{_fmt(reg.supply_v)} V in {'covers' if ok else 'is below'} output "
            f"{_fmt(vnom)} V + dropout {_fmt(float(dv))} V = {_fmt(need_in)} V{below}",
            [*vout[:1], d, *span],
            [der],
        )
    ]
    # An input past the absolute maximum rating is no input at all, whatever the headroom (the
    # LM78xx rating for its output: "VO = 5 V to 18 V  35").
    ratings = [
        f
        for f in _best(index, reg, ("absolute_max_input_voltage",), absmax=True)
        if _si_high(f) > 0
    ]
    ratings = [f for f in ratings if _rated_for_output(f, vnom)] or ratings
    if ratings:
        top = min(ratings, key=_si_high)
        under = reg.supply_v <= _si_high(top) + 1e-9
        checks.append(
            _check(
                "supply",
                "compatible" if under else "incompatible",
                f"{_fmt(reg.supply_v)} V in is {'below' if under else 'above'} the "
                f"{_show_high(top)} absolute maximum input rating",
                [top],
            )
        )
    if reg.load is not None:
        # The load must also be within the current the regulator is rated to deliver.
        rated = [
            f
            for f in _best(index, reg, ("output_current",))
            if f.section_kind != "absolute_maximum" and _si_high(f) > 0
        ]
        if not rated:
            checks.append(_lacking("supply", ((f"{reg.device} output current", rated),), []))
        else:
            fits = reg.load[0] <= _si_high(rated[0]) + 1e-12
            checks.append(
                _check(
                    "supply",
                    "compatible" if fits else "incompatible",
                    f"the {reg.load[1]} load is {'within' if fits else 'more than'} the "
                    f"{_show_high(rated[0])} output current",
                    rated[:1],
                )
            )
    return checks


def output_span(condition: str | None) -> tuple[float, float] | None:
    """The output voltages a row's condition prints it for ("VO = 5 V to 18 V": 5 to 18,
    "VO = 24 V": 24 to 24); None when it names none."""
    m = re.search(
        r"\bV_?O(?:UT)?\s*=\s*(\d+(?:\.\d+)?)\s*V?(?:\s*to\s*(\d+(?:\.\d+)?)\s*V)?",
        condition or "",
    )
    if m is None:
        return None
    return float(m.group(1)), float(m.group(2) or m.group(1))


def _rated_for_output(f: Fact, vout: float) -> bool:
    """Whether a rating covers an output voltage (a rating printed for no output covers all)."""
    span = output_span(f.condition)
    return span is None or span[0] - 1e-9 <= vout <= span[1] + 1e-9


def rule_thermal(index: FactIndex, reg: DeviceUse) -> list[CompatCheck]:
    """A linear regulator turns (input − output) × load current into heat; with the package's
    junction-to-ambient thermal resistance that is the junction's rise over ambient, which with
    the ambient must stay under the junction temperature limit. Without a stated ambient only
    a rise that alone passes the limit settles it."""
    if reg.supply_v is None or reg.load is None:
        return [_lacking("thermal", (("input voltage and load current", []),), [])]
    vout = _best(index, reg, ("output_voltage",), prefer="output voltage full range")
    vnom = o_hi_nominal(vout) if vout else None
    theta = [
        f
        for f in index.device_facts(reg.device)
        if f.spec == "thermal_resistance"
        and isinstance(f.max if f.max is not None else f.typ, int | float)
        and not re.search(r"(?i)case", f"{f.parameter} {f.condition or ''}")
        and stated_package(f"{f.parameter} {f.condition or ''}") is not None
    ]
    if reg.package is not None:
        theta = [
            f for f in theta if squash(reg.package) in squash(f"{f.parameter} {f.condition or ''}")
        ]
    tj = [
        f
        for f in index.device_facts(reg.device)
        if f.spec == "junction_temperature" and isinstance(f.max, int | float)
    ]
    if vnom is None or not theta or not tj or len({f.max for f in tj}) != 1:
        wanted = (
            (f"{reg.device} output voltage", vout),
            (
                f"{reg.device} junction-to-ambient thermal resistance"
                + (f" for {reg.package}" if reg.package else ""),
                theta,
            ),
            (f"{reg.device} junction temperature limit", tj),
        )
        return [_lacking("thermal", wanted, [*vout[:1], *tj[:1]])]
    amps, written = reg.load
    number, unit = written.split()
    power = (reg.supply_v - vnom) * amps
    limit = float(tj[0].max)  # type: ignore[arg-type]
    checks = []
    for f in sorted(theta, key=lambda f: f.max if f.max is not None else f.typ or 0.0):
        r = float(f.max if f.max is not None else f.typ)  # type: ignore[arg-type]
        rise = power * r
        where = f.condition or f.parameter
        der = [
            Derived(
                label="power dissipated",
                expression=f"({_fmt(reg.supply_v)} - {_fmt(vnom)}) * {number}"
                + (" / 1000" if unit == "mA" else ""),
                result=round(power, 6),
                unit="W",
            ),
            Derived(
                label=f"junction rise ({where})",
                expression=f"{_fmt(round(power, 6))} * {_fmt(r)}",
                result=round(rise, 6),
                unit="°C",
            ),
        ]
        head = (
            f"({_fmt(reg.supply_v)} V - {_fmt(vnom)} V) × {written} = {_fmt(round(power, 6))} W; "
            f"{where}: {_fmt(r)} °C/W gives a {_fmt(round(rise, 3))} °C rise"
        )
        if reg.ambient is not None:
            junction = reg.ambient + rise
            ok = junction <= limit
            der.append(
                Derived(
                    label="junction temperature",
                    expression=f"{_fmt(reg.ambient)} + {_fmt(round(rise, 6))}",
                    result=round(reg.ambient + round(rise, 6), 6),
                    unit="°C",
                )
            )
            outcome = "compatible" if ok else "incompatible"
            detail = (
                f"{head}; at {_fmt(reg.ambient)} °C ambient the junction reaches "
                f"{_fmt(round(junction, 3))} °C, {'within' if ok else 'over'} the "
                f"{_fmt(limit)} °C limit"
            )
        elif rise > limit:
            outcome = "incompatible"
            detail = f"{head}, past the {_fmt(limit)} °C junction limit before any ambient is added"
        else:
            outcome = "insufficient_evidence"
            detail = f"{head}; no ambient is stated to add it to (junction limit {_fmt(limit)} °C)"
        checks.append(_check("thermal", outcome, detail, [*vout[:1], f, tj[0]], der))
    if len({c.outcome for c in checks}) > 1:
        # packages that disagree: which one is on the board decides
        packages = ", ".join(f.condition or f.parameter for f in theta)
        return [
            _check(
                "thermal",
                "insufficient_evidence",
                f"{reg.device}: the outcome depends on the package ({packages}); name it",
                [],
            ),
            *checks,
        ]
    return checks


def o_hi_nominal(vout: list[Fact]) -> float | None:
    """The nominal (typical) output voltage of a regulator."""
    for f in vout:
        if f.typ is not None:
            return f.typ
        if isinstance(f.value, float | int):
            return float(f.value)
    return None


def _widest(facts: list[Fact]) -> Fact:
    # Prefer the full line/load/temperature band over the 25 °C one: the load sees the whole band.
    def width(f: Fact) -> float:
        if f.min is not None and f.max is not None:
            return f.max - f.min
        return -1.0

    return max(facts, key=width)


_CURRENT_SCALE = {"a": 1.0, "ma": 1e-3, "ua": 1e-6, "µa": 1e-6, "μa": 1e-6, "na": 1e-9}


def _si(x: float | int | None, unit: str | None) -> float | None:
    if x is None:
        return None
    return float(x) * _CURRENT_SCALE.get((unit or "").strip().lower(), 1.0)


def _printed_high(f: Fact) -> float | None:
    """The highest figure a row prints: its max, else its typ, value or min."""
    for x in (f.max, f.typ, f.value if isinstance(f.value, float | int) else None, f.min):
        if x is not None:
            return float(x)
    return None


def _si_high(f: Fact) -> float:
    x = _printed_high(f)
    return (_si(x, f.unit) or 0.0) if x is not None else 0.0


def _show_high(f: Fact) -> str:
    x = _printed_high(f)
    return f"{_fmt(x)} {f.unit or ''}".strip() if x is not None else "?"


_AT_VIN_IOUT = re.compile(
    r"(?i)\bVIN\s*=\s*(?P<vin>\d+(?:\.\d+)?)\s*V\b.*?\bIOUT\s*=\s*(?P<iout>\d+(?:\.\d+)?)\s*A\b"
)


def _draw_from_table(
    index: FactIndex, load: DeviceUse, fed: Fact, reg: DeviceUse
) -> tuple[float, str, list[Fact], list[Derived]] | None:
    """A converter's draw from the input currents it tables per input voltage and output
    current ("VIN = 24.0 V, IOUT = 3.0 A: IIN 0.673 A"): the row at the output current the
    question states, at an input the feeding part's output range holds (the highest such
    current when several do)."""
    lo, hi, _ = bounds(fed, reg.supply_v, reg.device, rails=reg.rails)
    if load.load is None or lo is None or hi is None:
        return None
    rows = []
    for f in index.device_facts(load.device):
        m = _AT_VIN_IOUT.search(f.condition or "") if f.spec == "input_current" else None
        if (
            m is not None
            and math.isclose(float(m.group("iout")), load.load[0])
            and lo.value <= float(m.group("vin")) <= hi.value
            and _si_high(f) is not None
        ):
            rows.append(f)
    if not rows:
        return None
    worst = max(rows, key=_si_high)
    shown = f"{_show_high(worst)} ({worst.parameter}, {worst.condition}, {worst.citation})"
    return _si_high(worst), shown, [worst], []


def _draw_from_power(
    index: FactIndex, load: DeviceUse, vsup: Fact
) -> tuple[float, str, list[Fact], list[Derived]] | None:
    """A load that states its power, not its current ("Heater consumption ≤950 mW"): its draw
    is that power over the lowest supply voltage it runs from, computed and shown as such."""
    power = [f for f in _best(index, load, ("power_consumption",)) if f.si_max or f.si_typ]
    low = bounds(vsup, load.supply_v, load.device, rails=load.rails)[0]
    if not power or low is None or low.value <= 0:
        return None
    p = power[0]
    printed = p.max if p.max is not None else p.typ
    if printed is None or (p.unit or "").strip() not in ("mW", "W"):
        return None
    # In mA from the printed figure: mW / V, or W × 1000 / V (a power of ten is a conversion).
    scale = "" if p.unit.strip() == "mW" else " * 1000"
    milliamps = float(printed) * (1 if not scale else 1000) / low.value
    d = Derived(
        label=f"{load.device} draw: {_show_high(p)} at {low.text} V",
        expression=f"{_fmt(float(printed))}{scale} / {low.text}",
        result=milliamps,
        unit="mA",
    )
    shown = f"{_fmt(milliamps)} mA ({_show_high(p)} at {low.text} V)"
    return milliamps / 1000, shown, [p, vsup], [d]


# ---------------------------------------------------------------- bench instruments

# What a bench instrument does is read off the names of its range rows: a programmable supply
# sets a voltage and limits the current it sources; an electronic load takes a voltage at its
# input and sinks a set current. Per role: the voltage row, the current row, the power row.
_BENCH_ROWS = {
    "supply": (r"voltage programming", r"current(?: limit)? programming", r"output power"),
    "load": (r"input voltage", r"constant current", r"input power"),
}
# "The load needs at least 1.2 V across its terminals to sink its full current."
_FULL_CURRENT_FLOOR = re.compile(r"(?i)\bat least\b.*\bfull (?:set )?current\b")
# "with a 1.8 A current limit", "current limit set to 500 mA"
_CURRENT_LIMIT = re.compile(
    r"(?i)(?<![\w.])(\d+(?:\.\d+)?)\s*(mA|A)\s+(?:current\s+)?limit\b"
    r"|\bcurrent limit\s+(?:of|at|to|set to)\s+(\d+(?:\.\d+)?)\s*(mA|A)\b"
)
_TO_AMPS = {"A": "", "mA": " / 1000", "µA": " / 1000000", "μA": " / 1000000", "uA": " / 1000000"}


@dataclass
class _BenchRows:
    role: str
    volts: Fact
    amps: Fact
    power: Fact | None


def _bench_rows(index: FactIndex, device: str) -> _BenchRows | None:
    rows = [f for f in index.device_facts(device) if f.spec == "measurement_range"]

    def row(name: str, si_unit: str) -> Fact | None:
        return next(
            (f for f in rows if f.si_unit == si_unit and re.fullmatch(name, f.parameter, re.I)),
            None,
        )

    for role, (volts, current, power) in _BENCH_ROWS.items():
        v, a = row(volts, "V"), row(current, "A")
        if v is not None and a is not None:
            return _BenchRows(role, v, a, row(power, "W"))
    return None


def bench_role(index: FactIndex, use: DeviceUse) -> str | None:
    """``"supply"`` for a programmable supply, ``"load"`` for an electronic load, from the range
    rows its manual gives; None for any other device."""
    rows = _bench_rows(index, use.device)
    return rows.role if rows is not None else None


def bench_pairing(index: FactIndex, uses: Sequence[DeviceUse]) -> bool:
    """One bench supply or electronic load, alone or with one part that is no instrument."""
    roles = [bench_role(index, u) for u in uses]
    return (
        len(uses) in (1, 2)
        and sum(r is not None for r in roles) == 1
        # a meter beside it is measuring, not being fed or loaded
        and not any(
            accuracy_rows(index.device_facts(u.device))
            for u, r in zip(uses, roles, strict=True)
            if r is None
        )
    )


def stated_current_limit(question: str) -> tuple[tuple[float, str] | None, str]:
    """The current limit a question sets on a supply ("with a 1.8 A current limit"), amperes
    and as written, and the question without it, so that the load current is read apart."""
    m = _CURRENT_LIMIT.search(question)
    if m is None:
        return None, question
    number, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    return (amps(number, unit), f"{number} {unit}"), question[: m.start()] + question[m.end() :]


def _amps_term(written: str) -> str:
    """A current as written ("500 mA") as an expression in amperes ("500 / 1000")."""
    number, unit = written.split()
    return number + _TO_AMPS[unit]


def _num(x: float) -> str:
    # a computed figure carried into the next expression at full precision, so that the chain
    # re-evaluates to the figures it was computed from
    return format_number(x, 12)


def _shown(x: float) -> str:
    return format_number(x, 4)


def _within_row(
    device: str,
    said: str,
    value: float,
    row: Fact,
    facts: Sequence[Fact] = (),
    derived: Sequence[Derived] = (),
) -> CompatCheck:
    """One figure of the operating point (in SI) against one range row of the instrument."""
    hi = row.si_max if row.si_max is not None else row.si_value
    top = row.max if row.max is not None else row.value
    if hi is None or not isinstance(top, float | int):
        return _lacking("bench", ((f"{device} {row.parameter} bound", []),), [row])
    shown = f"{_fmt(float(top))} {row.unit}"
    if row.min is not None:
        shown = f"{_fmt(row.min)} to {shown}"
    ok = (row.si_min is None or value >= row.si_min - 1e-9) and value <= hi + 1e-9
    return _check(
        "bench",
        "compatible" if ok else "incompatible",
        f"{said} is {'within' if ok else 'outside'} the {device} {row.parameter.lower()} "
        f"{shown} ({row.citation})",
        [*facts, row],
        derived,
    )


# A current of the operating point: amperes, as shown, as an expression in amperes.
_Current = tuple[float, str, str]


def _power_check(
    device: str, volts: float, current: _Current, row: Fact | None, facts: Sequence[Fact]
) -> CompatCheck:
    """Voltage × current within the instrument's power rating."""
    if row is None:
        return _lacking("bench", ((f"{device} power rating", []),), [])
    amperes, shown, term = current
    watts = volts * amperes
    d = Derived(
        label="power at the terminals", expression=f"{_fmt(volts)} * {term}", result=watts, unit="W"
    )
    said = f"{_fmt(volts)} V × {shown} = {_shown(watts)} W"
    return _within_row(device, said, watts, row, facts, [d])


def _load_current(
    index: FactIndex, part: DeviceUse | None, stated: tuple[float, str] | None
) -> tuple[_Current | None, list[Fact]]:
    """The current in question: as stated, else the output current the part is rated to
    deliver in operation (not derated, not a damage limit), with the fact it comes from."""
    if stated is not None:
        return (stated[0], stated[1], _amps_term(stated[1])), []
    for f in _best(index, part, ("output_current",)) if part is not None else []:
        unit = (f.unit or "").strip()
        if (
            f.section_kind == "recommended_operating"
            and not f.extra.get("derating")
            and f.max is not None
            and unit in _TO_AMPS
        ):
            written = f"{_fmt(f.max)} {unit}"
            return (_si_high(f), written, _amps_term(written)), [f]
    return None, []


def _nominal_output(index: FactIndex, part: DeviceUse) -> list[Fact]:
    """The output voltage row a part is specified by over its full line, load and temperature
    range (not a row at one input voltage), as a list of at most one."""
    vout = _best(index, part, ("output_voltage",), prefer="output voltage full range")
    return [_widest(vout)] if vout else []


def _stated_at(condition: str | None, volts: float, current: float) -> bool:
    """Whether a row holds at this input voltage and output current: each voltage and current
    its condition names is the one in question; a row that names none holds at any."""
    text = condition or ""
    vs = [float(v) for v in re.findall(r"(?<![\w.])(\d+(?:\.\d+)?)\s*V\b", text)]
    cs = [amps(n, u) for n, u in STATED_CURRENT.findall(text)]
    return all(abs(v - volts) < 1e-9 for v in vs) and all(abs(c - current) < 1e-9 for c in cs)


# The current a part takes from a supply, what it rests on (a note, the facts, the arithmetic);
# or the check that says why it cannot be worked out.
_Draw = tuple[_Current, str, list[Fact], list[Derived]]


def _converter_draw(index: FactIndex, part: DeviceUse, vin: float) -> _Draw | CompatCheck:
    """A converter's input current, Pout / (efficiency × Vin), with the efficiency the datasheet
    states at this input voltage and output current: one stated at another point is not used."""
    vout = _nominal_output(index, part)
    vnom = o_hi_nominal(vout)
    out, out_facts = _load_current(index, part, part.load)
    effs = [
        (f, pct)
        for f in index.device_facts(part.device)
        if f.spec == "efficiency"
        and (f.unit or "").strip() == "%"
        and (pct := f.typ if f.typ is not None else f.min)
    ]
    if vnom is None or out is None or not effs:
        missing = [
            f"{part.device} {what}"
            for what, found in (
                ("output voltage", vnom is not None),
                ("output current", out is not None),
                ("efficiency", bool(effs)),
            )
            if not found
        ]
        return _check("bench", "insufficient_evidence", "no " + " or ".join(missing), vout)
    iout, iout_text, iout_term = out
    at_point = [(f, pct) for f, pct in effs if _stated_at(f.condition, vin, iout)]
    if not at_point:
        return _check(
            "bench",
            "insufficient_evidence",
            f"no {part.device} efficiency stated at {_fmt(vin)} V in and {iout_text} out, so "
            "its input current cannot be worked out",
            out_facts,
        )
    e, pct = at_point[0]
    pout = vnom * iout
    iin = pout / (pct / 100 * vin)
    derived = [
        Derived(
            label=f"{part.device} output power",
            expression=f"{_fmt(vnom)} * {iout_term}",
            result=pout,
            unit="W",
        ),
        Derived(
            label=f"{part.device} input current",
            expression=f"{_num(pout)} / ({_fmt(pct)} / 100 * {_fmt(vin)})",
            result=iin,
            unit="A",
        ),
    ]
    note = (
        f"{_fmt(vnom)} V × {iout_text} = {_shown(pout)} W out over {_fmt(pct)} % efficiency "
        f"at {_fmt(vin)} V in, {e.citation}"
    )
    return (iin, f"{_shown(iin)} A", _num(iin)), note, [*vout, *out_facts, e], derived


def _part_draw(index: FactIndex, part: DeviceUse, vin: float) -> _Draw | CompatCheck:
    """The current a part takes from a supply: a converter's worked out from its efficiency;
    any other part's as the question states it, or its datasheet's largest draw."""
    if is_regulator(index, part):
        return _converter_draw(index, part, vin)
    if part.load is not None:
        return (part.load[0], part.load[1], _amps_term(part.load[1])), "", [], []
    draw = [
        f
        for f in _best(index, part, ("supply_current",), prefer="peak current delivered external")
        if (f.unit or "").strip() in _TO_AMPS
    ]
    if not draw:
        return _lacking("bench", ((f"{part.device} current draw", []),), [])
    worst = max(draw, key=_si_high)
    shown = _show_high(worst)
    note = f"{worst.parameter or worst.spec}, {worst.citation}"
    return (_si_high(worst), shown, _amps_term(shown)), note, [worst], []


def _part_input(index: FactIndex, part: DeviceUse, volts: float) -> CompatCheck:
    """The voltage a supply is set to against the input range of the part it feeds; a range a
    notice changes per board revision decides only when every revision in question agrees."""
    vsup = _best(index, part, ("supply_voltage",), prefer="recommended operating supply") or [
        f
        for f in _best(index, part, ("input_voltage_range",), prefer="input voltage vin")
        if not f.superseded_by and not f.supersedes
    ]
    bands = _revision_bands(index, part)
    if vsup:
        lo, hi, _ = bounds(vsup[0], volts, part.device)
        bands = [("", frozenset(), lo.value, hi.value, vsup[:1])] if lo and hi else []
    if not bands:
        return _lacking("bench", ((f"{part.device} supply voltage range", []),), vsup[:1])
    outcome, parts, facts = _per_band(
        bands, lambda lo, hi: lo - 1e-9 <= volts <= hi + 1e-9, "within"
    )
    detail = f"{_fmt(volts)} V against the {part.device} input range: " + "; ".join(parts)
    if outcome == "insufficient_evidence":
        detail += "; name the board revision"
    return _check("bench", outcome, detail, facts)


def _nominal_input(index: FactIndex, part: DeviceUse) -> tuple[float | None, list[Fact]]:
    """The voltage a part is fed at: as the question states it, else its nominal input."""
    if part.supply_v is not None:
        return part.supply_v, []
    for f in _best(index, part, ("supply_voltage", "input_voltage_range")):
        if f.typ is not None:
            return f.typ, [f]
    return None, []


def rule_bench_supply(
    index: FactIndex, psu: DeviceUse, rows: _BenchRows, part: DeviceUse | None
) -> list[CompatCheck]:
    """A programmable supply feeding a part (or the operating point the question states): the
    voltage within its programming range and the part's input range, the current the part
    draws there within the current limit, and voltage × current within the output power."""
    load = part or psu
    volts, vfacts = _nominal_input(index, load)
    if volts is None:
        return [_lacking("bench", ((f"voltage stated for the {psu.device}", []),), [])]
    checks = [_within_row(psu.device, f"{_fmt(volts)} V", volts, rows.volts, vfacts)]
    if part is None and psu.load is None and psu.current_limit is not None:
        # "32.000 V with the 4.000 A current limit from setup": the limit within the current
        # range, and the power if the whole limit were drawn
        limit, written = psu.current_limit
        return [
            *checks,
            _within_row(psu.device, f"a {written} limit", limit, rows.amps),
            _power_check(
                psu.device,
                volts,
                (limit, f"the whole {written} limit", _amps_term(written)),
                rows.power,
                [],
            ),
        ]
    if part is None and psu.load is None:
        return [*checks, _lacking("bench", (("current stated", []),), [])]
    if part is not None:
        checks.append(_part_input(index, part, volts))
    draw = _part_draw(index, load, volts)
    if isinstance(draw, CompatCheck):
        return [*checks, draw]
    current, note, facts, derived = draw
    said = f"{current[1]} ({note})" if note else current[1]
    said = f"the {part.device} draw, {said}," if part is not None else f"a draw of {said}"
    checks.append(_within_row(psu.device, said, current[0], rows.amps, facts, derived))
    if psu.current_limit is not None:
        limit, written = psu.current_limit
        checks.append(_within_row(psu.device, f"a {written} limit", limit, rows.amps))
        fits = current[0] <= limit + 1e-12
        checks.append(
            _check(
                "bench",
                "compatible" if fits else "incompatible",
                f"the {current[1]} drawn is {'within' if fits else 'over'} the {written} "
                "current limit set",
                [],
            )
        )
    checks.append(_power_check(psu.device, volts, current, rows.power, facts))
    return checks


def _full_current_floor(index: FactIndex, eload: DeviceUse, volts: float) -> CompatCheck | None:
    """The voltage an electronic load says it needs across its terminals to sink its full
    current: below it, it sinks less than it is set to. None when its manual states none."""
    for f in index.statements(eload.device):
        if (
            (f.unit or "").strip() == "V"
            and f.min is not None
            and _FULL_CURRENT_FLOOR.search(f.parameter)
        ):
            ok = volts >= f.min - 1e-9
            return _check(
                "bench",
                "compatible" if ok else "incompatible",
                f"{_fmt(volts)} V is {'at least' if ok else 'below'} the {_fmt(f.min)} V "
                f"the {eload.device} needs across its terminals to sink its full current "
                f"({f.citation})" + ("" if ok else "; it would sink less than it is set to"),
                [f],
            )
    return None


def rule_bench_load(
    index: FactIndex, eload: DeviceUse, rows: _BenchRows, source: DeviceUse | None
) -> list[CompatCheck]:
    """An electronic load sinking a rail: the rail voltage within its input range and at least
    what it needs across its terminals to sink full current, the current within its constant
    current range, and voltage × current within its input power. A source named without
    figures is loaded at its nominal output voltage and rated current."""
    volts, vfacts = eload.supply_v, []
    if volts is None and source is not None:
        vfacts = _nominal_output(index, source)
        volts = o_hi_nominal(vfacts)
    current, cfacts = _load_current(index, source, eload.load)
    if volts is None or current is None:
        missing = [what for what, x in (("rail voltage", volts), ("current", current)) if x is None]
        return [_check("bench", "insufficient_evidence", f"no {' or '.join(missing)} stated", [])]
    checks = [_within_row(eload.device, f"{_fmt(volts)} V", volts, rows.volts, vfacts)]
    floor = _full_current_floor(index, eload, volts)
    checks.extend([floor] if floor is not None else [])
    checks.append(_within_row(eload.device, current[1], current[0], rows.amps, cfacts))
    checks.append(_power_check(eload.device, volts, current, rows.power, [*vfacts, *cfacts]))
    return checks


def rule_bench(index: FactIndex, uses: Sequence[DeviceUse]) -> list[CompatCheck]:
    """The bench instrument among ``uses`` with the part it feeds or loads, if one is named."""
    inst, rows = next((u, rows) for u in uses if (rows := _bench_rows(index, u.device)) is not None)
    part = next((u for u in uses if u is not inst), None)
    if rows.role == "supply":
        return rule_bench_supply(index, inst, rows, part)
    return rule_bench_load(index, inst, rows, part)


# ---------------------------------------------------------------- interface

_BUSES = ("I2C", "SPI", "UART", "1-WIRE", "ANALOG", "PWM", "PULSE")
_FIRMWARE_BUSES = frozenset({"1-WIRE", "PULSE"})


def _buses(facts: list[Fact]) -> set[str]:
    found: set[str] = set()
    for f in facts:
        if f.extra.get("not_protocols"):
            continue  # "incompatible with Dallas 1-wire bus" names a bus the part is not on
        text = (str(f.value) if f.value is not None else "").upper()
        text = text.replace("I²C", "I2C").replace("IIC", "I2C").replace("ONE-WIRE", "1-WIRE")
        text = text.replace("1 WIRE", "1-WIRE").replace("SERIAL PERIPHERAL", "SPI")
        for b in _BUSES:
            if b in text:
                found.add(b)
    return found


def rule_interface(
    index: FactIndex, a: DeviceUse, b: DeviceUse, bus: str | None = None
) -> list[CompatCheck]:
    """Whether the two devices share a bus type (or both have the named one)."""
    fa = _best(index, a, ("interface", "output_type"))
    fb = _best(index, b, ("interface", "output_type"))
    if not fa or not fb:
        missing = [u.device for u, f in ((a, fa), (b, fb)) if not f]
        return [
            _check(
                "interface",
                "insufficient_evidence",
                "no interface fact for " + ", ".join(missing),
                (fa or fb)[:1],
            )
        ]
    # A datasheet that says its part is not compatible with the named bus settles it.
    denied = [
        (u, f)
        for u, fs in ((a, fa), (b, fb))
        for f in fs
        if bus and bus.upper() in [p.upper() for p in f.extra.get("not_protocols", [])]
    ]
    if denied:
        u, f = denied[0]
        return [
            _check(
                "interface",
                "incompatible",
                f"{u.device} is not compatible with the {bus} bus its datasheet names "
                f"({f.evidence[:120]}, {f.citation})",
                [f, *(x for x in (fa[0], fb[0]) if x is not f)],
            )
        ]
    ba, bb = _buses(fa), _buses(fb)
    common = ba & bb
    if bus and a is b:
        ok = bus in ba
        detail = f"{a.device}: {', '.join(sorted(ba)) or 'unknown'}; {bus} needed"
    elif bus:
        ok = bus in ba and bus in bb
        detail = (
            f"{a.device}: {', '.join(sorted(ba)) or 'unknown'}; "
            f"{b.device}: {', '.join(sorted(bb)) or 'unknown'}; {bus} needed on both"
        )
    else:
        ok = bool(common)
        detail = (
            f"{a.device}: {', '.join(sorted(ba)) or 'unknown'}; "
            f"{b.device}: {', '.join(sorted(bb)) or 'unknown'}"
            + (f"; shared: {', '.join(sorted(common))}" if common else "; nothing shared")
        )
    if not ba or not bb:
        return [_check("interface", "insufficient_evidence", detail, [fa[0], fb[0]])]
    # (a part on a firmware bus alone wants that bus of the other, whatever else it has)
    wanted = (
        {bus} if bus else next((h for h in (ba, bb) if h <= _FIRMWARE_BUSES), (ba | bb) - common)
    )
    lacking = [have for have in (ba, bb) if not wanted <= have]
    if not ok and wanted and wanted <= _FIRMWARE_BUSES and all(h - {"ANALOG"} for h in lacking):
        # 1-Wire and a pulse train need no peripheral: firmware runs them on a digital pin,
        # which a part with digital buses has but its datasheet facts may not list.
        detail += (
            f"; {' and '.join(sorted(wanted))} is usually run in firmware on a digital pin, "
            "which the facts neither state nor rule out"
        )
        return [_check("interface", "insufficient_evidence", detail, [fa[0], fb[0]])]
    if ok and a is not b:
        unmet = _host_support(index, a, b) or _host_support(index, b, a)
        if unmet is not None:
            return [unmet]
    return [_check("interface", "compatible" if ok else "incompatible", detail, [fa[0], fb[0]])]


def _host_support(index: FactIndex, part: DeviceUse, host: DeviceUse) -> CompatCheck | None:
    """A feature ``part`` needs of its bus host ("requires the host processor supports clock
    stretching"), checked against what the host's own documents state: said with a denial is
    incompatible, not said at all is insufficient evidence. A part with a bus address of its
    own is another peripheral, not the host."""
    if index.lookup(host.device, ("i2c_address",)):
        return None
    for need in index.lookup(part.device, ("host_requirement",)):
        feature = str(need.fact.value)
        said = [
            f
            for f in [*index.device_facts(host.device), *index.statements(host.device)]
            if feature.lower() in f"{f.parameter} {f.evidence}".lower()
        ]
        denied = [
            f for f in said if re.search(r"(?i)\b(?:not|no|cannot|unsupported)\b", f.evidence)
        ]
        if said and not denied:
            continue
        verdict = "incompatible" if denied else "insufficient_evidence"
        detail = (
            f"{part.device} requires its bus host to support {feature} ({need.fact.citation}); "
            + (
                f"{host.device}'s documents say it does not ({denied[0].citation})"
                if denied
                else f"{host.device}'s documents do not say whether it does"
            )
        )
        return _check("interface", verdict, detail, [need.fact, *denied[:1]])
    return None


# ---------------------------------------------------------------- I2C addresses

_HEX = re.compile(r"0x([0-9A-Fa-f]{2})\b|\b([0-9A-Fa-f]{2})h\b")
_BIN7 = re.compile(r"\b([01]{7})\b")


def _addresses(f: Fact) -> list[int]:
    text = str(f.value) if isinstance(f.value, str) else ""
    found = [int(a or b, 16) for a, b in _HEX.findall(text)]
    if not found:
        found = [int(x, 2) for x in _BIN7.findall(text)]
    if not found and isinstance(f.value, float | int):
        found = [int(f.value)]
    if f.extra.get("addresses"):
        found = [int(x, 16) if isinstance(x, str) else int(x) for x in f.extra["addresses"]]
    return sorted(set(found))


# An address-pin strap as engineers write it: "A1=SDA", "ADDR to GND", "AD0 tied low",
# "ADDR high", "SDO pulled to VDDIO", "SA0 = 1".
_STRAP = re.compile(
    # "ADDR" may arrive spelled out as "address" by the question's spelling normaliser.
    r"\b(?P<pin>A[0-2]|AD[0-2]|ADDR(?:ESS)?(?: pin)?|ADR\d?|SA0|SDO|ADD\d)\b"
    r"\s*(?:(?:is|goes|sits)\s+(?=on\b|at\b|to\b|tied\b|connected\b|wired\b|strapped\b))?"
    r"(?:=|:|->|→|\bto\b|\btied(?: to)?\b|\bpulled(?: (?:up |down )?to)?\b|\bstrapped(?: to)?\b"
    r"|\bconnected to\b|\bwired to\b|\bat\b|\bis\b|\bon\b)?\s*"
    r"(?P<level>GND|ground|VSS|VDDIO|VDD|VCC|VS\+|V\+|SDA|SCL|low|high|logic low|logic high"
    r"|[01]\b)",
    re.IGNORECASE,
)


def _level(word: str) -> str:
    """A strap level in one spelling: GND, VDD, SDA or SCL."""
    w = word.strip().lower().replace("logic ", "")
    if w in ("gnd", "ground", "vss", "low", "0", "l"):
        return "GND"
    if w in ("sda", "scl"):
        return w.upper()
    return "VDD"


STRAP_FLOATING = re.compile(
    r"\b(A[0-2]|AD[0-2]|ADDR|ADR\d?|SA0|SDO|ADD\d)\b\s+(?:pin\s+)?(?:is\s+|was\s+)?(?:left\s+)?"
    r"(?:floating|open|unconnected|not connected|disconnected|n/?c)\b",
    re.IGNORECASE,
)


def straps_in(text: str) -> tuple[tuple[str, str], ...]:
    """The address straps a stretch of question text states, most significant pin first.

    Address tables print their pin columns from the highest pin down (A1 then A0), so the
    stated pins are ordered the same way to be compared row by row.
    """
    found: dict[str, str] = {}
    for m in _STRAP.finditer(text):
        pin = re.sub(r"ADDRESS|ADDR PIN|ADDRESS PIN", "ADDR", m.group("pin").upper())
        level = _level(m.group("level"))
        if found.get(pin, level) != level:
            # "two MPU-6050s, one with AD0 high and one with AD0 low": the straps belong to
            # different parts of one mention, so none constrains all of them.
            return ()
        found[pin] = level
    return tuple(sorted(found.items(), key=lambda kv: kv[0], reverse=True))


# The level words an address-table row or sentence uses for a pin's connection.
_ROW_LEVEL = re.compile(
    r"\b(GND|VDDIO|VDD|VCC|VS\+|V\+|SDA|SCL)(?![\w+])|=\s*([01])\b|=\s*[‘'’]([HL])[‘'’]"
    r"|\bis (?:logic )?(low|high)\b",
    re.IGNORECASE,
)


def _row_levels(f: Fact) -> tuple[str, ...] | None:
    """The strap levels an address fact was printed for ("SDA GND", "AD0 = 0", "ADDR is low").

    Only the words before the first printed address count, and parenthesised remarks
    ("( ADDR ≧ 0.7VCC )") are left out: a sentence that goes on to name other addresses
    describes several rows, not this one.
    """
    cond = f.condition or ""
    cut = re.search(r"0x[0-9A-Fa-f]{2}|\b[01]{7}\b", cond)
    if cut:
        cond = cond[: cut.start()]
    cond = re.sub(r"\([^)]*\)", " ", cond)
    levels = []
    for m in _ROW_LEVEL.finditer(cond):
        word = next(g for g in m.groups() if g)
        levels.append(_level(word))
    return tuple(levels) or None


def strapped(facts: Sequence[Fact], straps: Sequence[tuple[str, str]]) -> list[Fact]:
    """The address facts printed for the stated straps (``straps_in``); none when no row
    can be read for them."""
    want = tuple(level for _, level in straps)
    return [f for f in facts if f.spec == "i2c_address" and _row_levels(f) == want]


def _strapped(u: DeviceUse, facts: list[Fact]) -> tuple[list[Fact], str]:
    """The address facts that match the question's straps (all of them when none are stated or
    none of the rows can be read), and a note of which straps were applied."""
    if not u.straps:
        return facts, ""
    named = ", ".join(f"{pin}={level}" for pin, level in u.straps)
    hit = strapped(facts, u.straps)
    if not hit:
        return facts, f" (no address row read for {named}; every listed address kept)"
    return hit, f" with {named}"


def rule_i2c_address(index: FactIndex, uses: Sequence[DeviceUse]) -> list[CompatCheck]:
    """Every device on one bus can be given its own address (the strapped one, when the
    question ties the address pins)."""
    sets: list[tuple[DeviceUse, list[int], list[Fact]]] = []
    notes: dict[int, str] = {}
    controllers: list[str] = []
    for u in uses:
        facts, note = _strapped(u, _best(index, u, ("i2c_address",)))
        if u.strap_floating and facts:
            return [
                _check(
                    "i2c_address",
                    "insufficient_evidence",
                    f"{u.device}'s {u.strap_floating} is left unconnected; its datasheet gives "
                    f"addresses only for {u.strap_floating} tied to a level, so its address "
                    "cannot be told",
                    facts,
                )
            ]
        notes[id(u)] = note
        addrs = sorted({a for f in facts for a in _addresses(f)})
        if not addrs and is_regulator(index, u):
            continue  # the regulator powering the bus's parts is not on the bus
        if not addrs:
            # No address: if the device states its interfaces and I2C is not among them, it
            # cannot sit on an I2C bus at all; a processor with I2C drives the bus and needs
            # none; otherwise we simply do not know its address.
            iface = _best(index, u, ("interface",))
            buses = _buses(iface)
            if "I2C" in buses and _runs_programs(index, u.device):
                controllers.append(u.device)
                continue
            # (a bus the datasheet says the part is not on states no interface of its own)
            iface = [f for f in iface if not f.extra.get("not_protocols")]
            if iface and "I2C" not in buses:
                said = sorted(buses) or sorted({str(f.value) for f in iface})
                return [
                    _check(
                        "i2c_address",
                        "incompatible",
                        f"{u.device} is not an I2C device (interface: {', '.join(said)})",
                        iface[:1],
                    )
                ]
            return [
                _check(
                    "i2c_address",
                    "insufficient_evidence",
                    f"{u.device}: no I2C address in its datasheet facts",
                    facts[:1],
                )
            ]
        sets.append((u, addrs, facts))
    slots: list[tuple[str, list[int]]] = []
    for u, addrs, _ in sets:
        slots.extend((u.device, addrs) for _ in range(u.count))
    cited = [f for _, _, fs in sets for f in fs]
    listing = "; ".join(
        [f"{name} is the bus controller and needs no address" for name in controllers]
        + [
            f"{u.device}{_count_text(u.count)}{notes.get(id(u), '')}: "
            + ", ".join(address_text(a, (f.evidence for f in fs)) for a in addrs)
            for u, addrs, fs in sets
        ]
    )
    if len(slots) > 12:
        return [_check("i2c_address", "insufficient_evidence", "too many devices to assign", cited)]
    assignment = _assign([a for _, a in slots])
    if assignment is None:
        return [
            _check(
                "i2c_address",
                "incompatible",
                f"no assignment gives every device its own address ({listing})",
                cited,
            )
        ]
    for i, (u, addrs, _) in enumerate(sets):
        if not u.strap_unknown or len(addrs) < 2:
            continue
        # The part's address is whichever its unknown strap gives: it fits only if every one
        # of them leaves the others an address of their own.
        others = [choices for v, choices, _ in sets[:i] + sets[i + 1 :] for _ in range(v.count)]
        clash = [a for a in addrs if _assign([[a]] * u.count + others) is None]
        if clash:
            free = [a for a in addrs if a not in clash]
            outcome = "insufficient_evidence" if free else "incompatible"
            return [
                _check(
                    "i2c_address",
                    outcome,
                    f"{u.device}'s address strap is not known: "
                    + ", ".join(f"0x{a:02X}" for a in clash)
                    + " would clash"
                    + (", " + ", ".join(f"0x{a:02X}" for a in free) + " would not" if free else "")
                    + f" ({listing})",
                    cited,
                )
            ]
    chosen = ", ".join(
        f"{name} 0x{addr:02X}" for (name, _), addr in zip(slots, assignment, strict=True)
    )
    return [
        _check(
            "i2c_address",
            "compatible",
            f"distinct addresses are possible ({listing}); e.g. {chosen}",
            cited,
        )
    ]


def _runs_programs(index: FactIndex, device: str) -> bool:
    """Whether a part is a processor (it states its own program memory: SRAM, flash)."""
    return any(
        f.spec == "memory_size" and re.search(r"(?i)\bSRAM\b|\bflash\b", f.parameter)
        for f in index.device_facts(device)
    )


_COUNT_NAMES = {2: "two", 3: "three", 4: "four", 5: "five"}


def _count_text(count: int) -> str:
    return f" ({_COUNT_NAMES.get(count, 'several')} of them)" if count > 1 else ""


def _assign(options: list[list[int]]) -> list[int] | None:
    for combo in itertools.product(*options):
        if len(set(combo)) == len(combo):
            return list(combo)
    return None


# ---------------------------------------------------------------- selection and verdict

_CUE_ADDRESS = re.compile(
    r"\bsame (?:i2c )?bus|\bshare|\baddress|\bconflict|\bcollid|\bclash"
    r"|\b(?:one|single|shared|common) (?:i2c )?(?:bus|lines|wires)|\bsame i2c (?:lines|wires)"
    r"|\btogether on"
    r"|\bon (?:an?|the|its|the \S+) i2c bus|\bi2c bus\b",
    re.I,
)
_SUPPLY_ASKED = re.compile(r"(?i)\b(?:the|its|their) supply\b|\bpower(?:ing)? (?:them|it|both)\b")
_CUE_SUPPLY = re.compile(
    r"\bpower(?:ed|ing)?\b|\bsuppl(?:y|ied|ying)\b|\bfeed|\brun (?:from|off)"
    # "running an AMS1117-5.0 LDO off the SRB-5030's output"
    r"|\brun(?:s|ning)? (?:\S+ ){1,3}?(?:from|off)\b"
    r"|\bregulat|\bpeak current|\benough current"
    # "an AMS1117-3.3 after the SRB-5030's 5 V output to get a 3.3 V rail": one regulator fed
    # by another
    r"|\bafter\b.{0,40}\boutput\b|\brail\b",
    re.I,
)
# "will the MCP see highs?": whether one part reads the other's levels
_SEES_LEVELS = r"\bsee (?:clean |proper |the |its |a )?(?:highs?|lows?)\b"
_CUE_LOGIC = re.compile(
    r"\blogic|\bgpio|\bdigital|\blevels?\b|\bvoh\b|\bvih\b|\bhigh level|\bthresholds?\b"
    r"|\bpin\b|\binput highs?\b|\bvalid (?:logic )?(?:high|low)s?\b"
    rf"|{_SEES_LEVELS}|\bi/?o\b"  # "a 3.3 V IO ESP32"
    # Control, enable and PWM inputs are digital inputs: driving them is a logic-level question.
    r"|\b(?:control|enable|direction|pwm|standby) (?:input|pin|line)s?\b|\bpwm\b"
    # "its SPI lines driven by a 3.3 V ESP32": bus lines carry logic levels
    r"|\b(?:spi|i2c|uart|serial|clock) (?:lines|pins|signals)\b",
    re.I,
)
# Wording that asks about levels outright: checked even when both parts share a bus (sharing
# SPI says nothing about whether 3.3 V outputs reach a 5 V part's VIH).
_CUE_LEVELS = re.compile(
    r"\blogic[- ]levels?\b|\b(?:voltage|signal|io|i/o) levels?\b|\bvoh\b|\bvih\b|\bthresholds?\b"
    # "directly, without a level shifter": whether the levels meet is the question
    r"|\blevel[- ]?(?:shift|translat|convert)\w*"
    rf"|{_SEES_LEVELS}",
    re.I,
)
_CUE_INTERFACE = re.compile(
    r"\binterface|\btalk|\bcommunicat|\bprotocol|\bover (?:i2c|spi|uart)"
    r"|\bi2c bus|\bspi bus",
    re.I,
)
# "on the 5 V rail", "the same 3.3 V supply": parts sharing one rail of a stated voltage
_ONE_RAIL = re.compile(r"(?i)\d\s*V\s+(?:supply\s+|power\s+)?rail\b|\bsame\s+[\d.]+\s*V\s+supply\b")
_CUE_SIGNAL = re.compile(
    r"\boutput\b|\bsignal|\binto\b|\badc\b|\banalog|\binput\b|\bread\b"
    r"|\bfeed|\bconnect",
    re.I,
)


_REGULATOR_SPECS = frozenset({"dropout_voltage", "line_regulation", "load_regulation"})


def is_regulator(index: FactIndex, use: DeviceUse) -> bool:
    """A device whose datasheet states regulation figures (dropout, line or load regulation)."""
    return any(f.spec in _REGULATOR_SPECS for f in index.device_facts(use.device))


_CUE_HEADROOM = re.compile(
    r"(?i)\b(?:stay|remain|keep)\b.{0,20}\bregulat|\bin regulation\b|\bheadroom\b"
    # "Will it hold 3.3 V?", "stay at 5 V under load"
    r"|\b(?:hold|stay at|keep)\s+(?:a\s+|the\s+)?(?:steady\s+|full\s+|regulated\s+)?"
    r"\d+(?:\.\d+)?\s*V\b"
    r"|\benough (?:input|voltage)\b|\bdrop ?out\b.{0,30}\b(?:enough|ok|fine)\b"
    # "off a 3.7 V cell to get 3.3 V": the output the input is to give
    r"|\bto (?:get|give|make|produce)\s+(?:a\s+)?(?:steady\s+|regulated\s+)?\d+(?:\.\d+)?\s*V\b"
    r"|\bhold (?:its |the )?output"
    r"|\b(?:hold|maintain|lose|out of)\s+(?:its\s+|the\s+)?regulation\b"
    # "will it regulate?", "does it still regulate properly?"
    r"|\b(?:will|would|does|can|could) (?:it|the \w+) (?:still |properly )?regulate\b"
    # "Is 12 V a legal input?"
    r"|\b(?:legal|valid|allowed|acceptable|permitted)\s+input\b"
    r"|\bregulate (?:properly|ok|fine|correctly)\b|\bkeep regulating\b"
    # "can it give us a regulated 3.3 V rail from it?"
    r"|\b(?:give|make|get|provide|produce)\b[^.?]{0,15}\b(?:a )?(?:regulated|steady|stable)\b"
)


# ("feeding 800 mA from 12.6 V: will it cope?": what a linear regulator copes with is its heat)
_CUE_THERMAL = re.compile(
    r"(?i)\bthermal(?:ly)?\b|\bheat ?sink|\boverheat|\btoo hot\b|\bcope\b"
    # "can I be sure the junction stays within its 125 °C limit"
    r"|\bjunction\b[^.?]{0,30}\b(?:stays?|remains?|exceeds?|goes? over|within)\b"
    # "using theta-JA, what junction temp do I end up at?"
    r"|\btheta[- ]?ja\b|θ\s?JA"
    r"|\bjunction temp(?:erature)?\b[^.?]{0,25}\b(?:end up|reach|get to|hit)"
)


def asks_thermal(question: str, index: FactIndex, uses: Sequence[DeviceUse]) -> bool:
    """ "AMS1117-3.3 dropping 12 V to 3.3 V at 300 mA - thermally OK?": one regulator at a
    stated input, and the question is whether the heat it makes stays within its junction
    limit."""
    return (
        len(uses) == 1
        and uses[0].supply_v is not None
        and is_regulator(index, uses[0])
        and bool(_CUE_THERMAL.search(question))
        # the heat is made by a load: "its thermal resistance at 5 V" asks a figure
        and stated_load_current(question) is not None
    )


# "Can I run an AMS1117-5.0 from 6 V?": the input a regulator is run from
_CUE_RUN_FROM = re.compile(
    r"(?i)\b(?:can|could) (?:i|we|you) (?:run|power|feed)\b[^?]{0,30}\b(?:from|off)\s+"
    r"(?:an?\s+|the\s+|my\s+)?\d+(?:\.\d+)?\s*V\b"
)


def asks_headroom(question: str, index: FactIndex, uses: Sequence[DeviceUse]) -> bool:
    """ "AMS1117-5.0 off a 6 V pack - will it stay in regulation?": one regulator at a stated
    input, and the question is whether the input covers output plus dropout."""
    return (
        len(uses) == 1
        and uses[0].supply_v is not None
        and is_regulator(index, uses[0])
        and bool(
            _CUE_HEADROOM.search(question)
            # (a part that states a dropout: else the question is of its input range)
            or (_CUE_RUN_FROM.search(question) and _best(index, uses[0], ("dropout_voltage",)))
        )
        # "headroom left below the board's maximum input": a margin under a limit, not dropout
        and not re.search(r"(?i)\b(?:below|under|between)\b[^.?]{0,60}\bmax", question)
    )


_AC_BANDWIDTH = re.compile(
    r"(?i)\bAC\b[^.]*\bbandwidth\b[^.]*?\bto\s+(\d+(?:\.\d+)?)\s*([kM]?)Hz\b"
)
_CUE_AC_VOLTS = re.compile(r"(?i)\bAC\s*(?:volts?|voltage|mode|range)\b|\bACV\b|\bVAC\b")


def _ac_bandwidth_top(index: FactIndex, device: str) -> tuple[float, Fact] | None:
    """The top of the band a meter's AC volts function measures ("AC volts bandwidth is 20 Hz
    to 300 kHz"), in hertz, and the sentence that states it."""
    for f in index.statements(device):
        m = _AC_BANDWIDTH.search(f.parameter)
        if m:
            return float(m.group(1)) * {"": 1.0, "k": 1e3, "M": 1e6}[m.group(2)], f
    return None


def asks_ripple_by_meter(question: str, index: FactIndex, uses: Sequence[DeviceUse]) -> bool:
    """ "Can I read the SRB-5030 output ripple with the MDN-6100 on AC volts?": a meter's AC
    function asked to measure a switching part's ripple."""
    return (
        bool(re.search(r"(?i)\bripple\b", question) and _CUE_AC_VOLTS.search(question))
        and any(_ac_bandwidth_top(index, u.device) for u in uses)
        and any(f.spec == "switching_frequency" for u in uses for f in index.device_facts(u.device))
    )


def rule_ripple_by_meter(index: FactIndex, uses: Sequence[DeviceUse]) -> list[CompatCheck]:
    """A switcher's ripple sits at its switching frequency: a meter whose AC volts band ends
    below the lowest switching frequency does not measure it; one whose band reaches past the
    highest does."""
    found = next(((u, b) for u in uses if (b := _ac_bandwidth_top(index, u.device))), None)
    switched = [
        f
        for u in uses
        for f in index.device_facts(u.device)
        if f.spec == "switching_frequency" and f.si_unit == "Hz"
    ]
    if found is None or not switched:
        return []
    meter, (top, said) = found
    f = switched[0]
    lo = next(x for x in (f.si_min, f.si_typ, f.si_max, 0.0) if x is not None)
    hi = next(x for x in (f.si_max, f.si_typ, f.si_min, 0.0) if x is not None)
    facts = [said, f]
    if lo > top:
        return [
            _check(
                "ripple_by_meter",
                "incompatible",
                f"{f.device} switches at {_fmt(lo / 1e3)} kHz at least ({f.citation}); the "
                f"{meter.device} AC volts band ends at {_fmt(top / 1e3)} kHz "
                f"({said.citation}), so the ripple is not measured",
                facts,
            )
        ]
    if hi <= top:
        return [
            _check(
                "ripple_by_meter",
                "compatible",
                f"{f.device} switches at {_fmt(hi / 1e3)} kHz at most, inside the "
                f"{meter.device} AC volts band up to {_fmt(top / 1e3)} kHz",
                facts,
            )
        ]
    return [
        _check(
            "ripple_by_meter",
            "insufficient_evidence",
            f"{f.device} switching frequency spans the end of the {meter.device} AC band",
            facts,
        )
    ]


# ---------------------------------------------------------------- shunt (current → sense input)

# "a 0.1 Ω shunt", "100 mΩ shunt resistor", "shunt of 0.05 ohm"
_SHUNT = re.compile(
    r"(?i)(?<![\w.])(\d+(?:\.\d+)?)\s*(m?)\s*(?:Ω|ohms?)\s+(?:current[- ]sense\s+)?shunt\b"
    r"|\bshunt\b[^.?\d]{0,20}(\d+(?:\.\d+)?)\s*(m?)\s*(?:Ω|ohms?)"
)
# A current the question states ("up to 2.5 A", "a 800 mA load"), not a part's name
_AMPS = re.compile(r"(?<![\w.-])(\d+(?:\.\d+)?)\s*(m?)A\b")


@dataclass(frozen=True)
class Shunt:
    """A shunt a question states, and the largest current it states through it, as written."""

    value: float
    milli: bool
    """Whether written in mΩ"""
    amps: tuple[float, bool] | None = None
    """The current (number, whether written in mA), or None when the question states none"""


def stated_shunt(question: str) -> Shunt | None:
    """The shunt resistance a question states, and the largest current it states."""
    m = _SHUNT.search(question)
    if m is None:
        return None
    value, milli = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    amps = [(float(a), bool(mm)) for a, mm in _AMPS.findall(question)]
    return Shunt(
        float(value),
        bool(milli),
        max(amps, key=lambda a: a[0] / (1000.0 if a[1] else 1.0)) if amps else None,
    )


def sense_ranges(index: FactIndex, use: DeviceUse) -> list[tuple[float, Fact]]:
    """A current-sense part's full-scale input ranges in volts, narrowest first."""
    out = []
    for f in index.device_facts(use.device):
        if f.spec != "measurement_range" or f.max is None or not f.unit:
            continue
        try:
            out.append((convert(float(f.max), f.unit, "V"), f))
        except UnknownUnitError:
            continue  # a range in amperes or pascals measures something else
    return sorted(out, key=lambda pair: pair[0])


def rule_shunt(index: FactIndex, uses: Sequence[DeviceUse], shunt: Shunt) -> list[CompatCheck]:
    """The voltage a current develops across the stated shunt (I × R) must fit a full-scale
    input range of the part sensing it. The current is the one stated, or else the rated
    output current of the part whose output the shunt is in."""
    sensed = next(((u, r) for u in uses if (r := sense_ranges(index, u))), None)
    if sensed is None:
        return [_check("shunt", "insufficient_evidence", "no current-sense input range", [])]
    sensor, ranges = sensed
    facts: list[Fact] = []
    amps, said = shunt.amps, "stated"
    if amps is None:
        for use in uses:
            rated = [f for f in _best(index, use, ("output_current",)) if _printed_high(f)]
            if use is not sensor and rated:
                amps = (_printed_high(rated[0]) or 0.0, (rated[0].unit or "").startswith("m"))
                said = f"{use.device} rated output, {rated[0].citation}"
                facts.append(rated[0])
                break
    if amps is None:
        return [_check("shunt", "insufficient_evidence", "no current through the shunt", [])]
    # mV from the figures as written: A × Ω × 1000, mA × Ω, A × mΩ, mA × mΩ / 1000
    factor = {(False, False): 1000.0, (True, True): 0.001}.get((amps[1], shunt.milli), 1.0)
    mv = amps[0] * shunt.value * factor
    current = f"{_fmt(amps[0])} {'mA' if amps[1] else 'A'}"
    ohms = f"{_fmt(shunt.value)} {'mΩ' if shunt.milli else 'Ω'}"
    step = Derived(
        label=f"voltage across the {ohms} shunt at {current}",
        expression=f"{_fmt(amps[0])} * {_fmt(shunt.value)}"
        + (f" * {_fmt(factor)}" if factor != 1.0 else ""),
        result=round(mv, 9),
        unit="mV",
    )
    fits = next(((v, f) for v, f in ranges if mv <= v * 1000.0 + 1e-9), None)
    if fits is None:
        top, widest = ranges[-1]
        detail = (
            f"{current} ({said}) × {ohms} = {_fmt(mv)} mV exceeds {sensor.device}'s widest "
            f"full-scale input ±{_fmt(top * 1000.0)} mV ({widest.citation})"
        )
        return [_check("shunt", "incompatible", detail, [*facts, widest], [step])]
    v, f = fits
    where = f", {f.condition}" if f.condition else ""
    detail = (
        f"{current} ({said}) × {ohms} = {_fmt(mv)} mV is inside {sensor.device}'s "
        f"±{_fmt(v * 1000.0)} mV full-scale input{where} ({f.citation})"
    )
    return [_check("shunt", "compatible", detail, [*facts, f], [step])]


def pick_rules(question: str, index: FactIndex, uses: Sequence[DeviceUse]) -> list[str]:
    """The rules a compatibility question calls for, from its wording and the devices' roles."""
    rules: list[str] = []
    if asks_pullup_level(question, one_part=len(uses) == 1):
        return ["pullup_level"]
    if stated_shunt(question) and any(sense_ranges(index, u) for u in uses):
        return ["shunt"]
    if asks_ripple_by_meter(question, index, uses):
        return ["ripple_by_meter"]
    if bench_pairing(index, uses) and not _CUE_INTERFACE.search(question):
        return ["bench"]
    if asks_thermal(question, index, uses):
        return ["thermal"]
    if asks_headroom(question, index, uses):
        return ["headroom"]
    if len(uses) == 1 and is_coil_load(index, uses[0]):
        return ["coil_supply"]  # a relay coil across a stated supply
    # A bus named as 1-Wire, SPI or UART is not an I2C bus: sharing it is a question of the
    # parts speaking that protocol, not of addresses.
    other_bus = re.search(r"\b(?:1|one)-?wire\b|\bspi\b|\buart\b|\bsingle[- ]bus\b", question, re.I)
    if (
        _CUE_ADDRESS.search(question)
        and re.search(r"\bi2c|\baddress|\bbus\b", question, re.I)
        # ("on one one-wire line and address them both": the 1-Wire bus, whose ROM codes
        # address its parts)
        and not (other_bus and not re.search(r"\bi2c\b", question, re.I))
    ):
        rules.append("i2c_address")
    elif other_bus and (
        _CUE_ADDRESS.search(question)
        # "on the same 1-Wire bus as my DS18B20s", "with the 1-Wire master", "on the same
        # one-wire data pin"
        or re.search(
            r"(?i)\bsame\s+\S+\s+bus\b|\bmaster\b"
            r"|\bsame\s+(?:\S+\s+)?(?:data\s+)?(?:line|wire|pin)\b",
            question,
        )
    ):
        rules.append("interface")
    regulators = [u for u in uses if is_regulator(index, u)]
    # A coil a regulator supplies is one of its loads ("LM7805 supplying an HX711 and a relay
    # coil"), unless a pin is said to switch it.
    coil_supplied = (
        bool(regulators) and _CUE_SUPPLY.search(question) and not _CUE_LOGIC.search(question)
    )
    if (
        len(uses) >= 2
        and not regulators
        and _ONE_RAIL.search(question)
        and len(set(re.findall(r"(?<![\w.])(\d+(?:\.\d+)?)\s*V\b", question))) == 1
        and not (_CUE_LOGIC.search(question) or _CUE_SIGNAL.search(question))
    ):
        return ["rail"]  # "on the 5 V rail together with the MQ-2": each part at that voltage
    if len(uses) >= 2 and any(is_coil_load(index, u) for u in uses) and not coil_supplied:
        # A coil wired to a pin: the pin must source the coil's current at its voltage. The
        # coil has no logic thresholds, so this replaces the logic-level rule.
        return ["drive"]
    if (
        len(uses) >= 2
        and regulators
        # A regulator paired with a part that is not one is a question of powering it, however
        # it is worded ("drive X from Y", "connect X to Y's output"), unless the wording is
        # about a bus.
        and (_CUE_SUPPLY.search(question) or len(regulators) < len(uses))
        and (
            not ("i2c_address" in rules or _CUE_INTERFACE.search(question))
            # "... on one I2C bus. Any problem with the supply or the addresses?": both
            or _SUPPLY_ASKED.search(question)
        )
    ):
        rules.append("supply")
    if _CUE_INTERFACE.search(question) and not {"i2c_address", "interface"} & set(rules):
        rules.append("interface")
    # "an ADC pin", "analog input", "MCP3008 CH0": a pin named as analog carries a signal, not
    # a logic level.
    analog = re.search(
        r"\badc\d?\b|\banalog\b|\banalogue\b|\bch\s?\d\b|\bsingle[- ]ended\b|\bfsr\b",
        question,
        re.I,
    )
    if (
        _CUE_LOGIC.search(question)
        and (not rules or _CUE_LEVELS.search(question))
        and not (analog and not _CUE_LEVELS.search(question))
    ):
        rules.append("logic_levels")
    if not rules and _drives_logic_inputs(question, index, uses):
        # "can the ESP32 drive it", "inputs straight from an ESP32": a part with a stated
        # output high level driving a part with input thresholds is a logic-level question.
        rules.append("logic_levels")
    if "logic_levels" in rules and _ASKS_INPUT_CURRENT.search(question):
        # "... can it source the enable input current?": the current as well as the levels
        rules.append("input_current")
    if not rules and (_CUE_SIGNAL.search(question) or _has_analog_path(index, uses)):
        rules.append("signal_range")
    if not rules:
        rules.append("interface")
    return rules


_ASKS_INPUT_CURRENT = re.compile(
    r"(?i)\b(?:source|supply|provide|deliver|drive)\b[^.?]{0,30}\bcurrent\b"
    r"|\benough current\b|\binput current\b"
)


def _drives_logic_inputs(question: str, index: FactIndex, uses: Sequence[DeviceUse]) -> bool:
    if len(uses) < 2 or not re.search(r"(?i)\bdriv|\binputs?\b|\bstraight\b|\bdirect", question):
        return False
    specs = [{f.spec for f in index.device_facts(u.device)} for u in uses]
    return any(
        "output_voltage_high" in a and "logic_high_threshold" in b
        for i, a in enumerate(specs)
        for j, b in enumerate(specs)
        if i != j
    )


def _has_analog_path(index: FactIndex, uses: Sequence[DeviceUse]) -> bool:
    if len(uses) < 2:
        return False
    src = {f.spec for f in index.device_facts(uses[0].device)}
    dst = {f.spec for f in index.device_facts(uses[1].device)}
    return bool(src & {"output_voltage_range", "sensitivity"}) and "input_voltage_range" in dst


# A bus clock a question states: "SPI at 20 MHz", "a 1 MHz I2C bus", "fast-mode plus (1 MHz)".
_STATED_CLOCK = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(MHz|kHz)\b", re.IGNORECASE)


_STATED_AMBIENT = re.compile(
    r"(?i)([-+]?\d+(?:\.\d+)?)\s*(?:°\s?C|℃|deg(?:rees)?\s?C|C)\s+ambient"
    r"|\bambient\s+(?:of\s+|is\s+|at\s+)?([-+]?\d+(?:\.\d+)?)\s*(?:°\s?C|℃|deg(?:rees)?\s?C|C)\b"
    # "in a 40 °C pump house": the air of the place the part sits in
    r"|\bin\s+an?\s+([-+]?\d+(?:\.\d+)?)\s*(?:°\s?C|℃|C)\s+(?:[\w-]+\s+)?"
    r"(?:house|room|enclosure|cabinet|box|shed|attic|loft|bay|garage|greenhouse)\b"
)


_PACKAGE_KIND = r"(SOIC|PDIP|TSSOP|MSOP|SSOP|HSOP|QFN|DFN|LGA|DIP|SOT|TO|SO|DPAK|MULTIWATT|POWERSO)"
_PACKAGE_PINS_FIRST = re.compile(
    rf"(?i)\b(\d{{1,3}})\s*-?\s*(?:L|leads?|pins?|ld)\s*-?\s*{_PACKAGE_KIND}\b"
)
# ("up to 14.4 V", "so 12 of them": the words, not a TO or SO package)
_PACKAGE_PINS_AFTER = re.compile(
    rf"(?i)\b(?!(?-i:to|so|To|So)\s){_PACKAGE_KIND}\s*-?\s*(\d{{1,3}})\b"
)


def _packages_at(text: str) -> list[tuple[int, str]]:
    """Each package a text names, where, written one way: "16-lead SOIC", "16L-SOIC" and
    "SOIC-16" are all "SOIC-16"; "PowerSO20" is "POWERSO-20"."""
    return [
        (m.start(), f"{m[2].upper()}-{int(m[1])}") for m in _PACKAGE_PINS_FIRST.finditer(text)
    ] + [(m.start(), f"{m[1].upper()}-{int(m[2])}") for m in _PACKAGE_PINS_AFTER.finditer(text)]


def packages_named(text: str) -> set[str]:
    """The packages a text names (see :func:`_packages_at`)."""
    return {name for _at, name in _packages_at(text)}


def stated_package(question: str) -> str | None:
    """The first package a question names ("in SOT-223", "TO-220")."""
    return min(_packages_at(question), default=(0, None))[1]


def stated_ambient(question: str) -> float | None:
    """The ambient temperature a question states ("at 40 °C ambient", "ambient of 60 C")."""
    m = _STATED_AMBIENT.search(question)
    return float(m.group(1) or m.group(2) or m.group(3)) if m else None


# a current a question states ("at ~300 mA", "a 1.5 A load")
# (four digits run into an "A" are a part's number, "7805A", not 7805 amps)
STATED_CURRENT = re.compile(r"(?<![\w.])(?!\d{4,}A\b)(\d+(?:\.\d+)?)\s*(mA|A)\b")


def amps(number: str, unit: str) -> float:
    """A current matched by :data:`STATED_CURRENT` ("300", "mA"), in amperes."""
    return float(number) * (1e-3 if unit == "mA" else 1.0)


def stated_load_current(question: str, *, worst: bool = False) -> tuple[float, str] | None:
    """The one load current a question states ("at ~300 mA", "a 1.5 A load"): amperes, and as
    written; None when it states none or several (``worst``: the largest of several, for an
    instrument asked to take each of them, "3.000 A ... and a ramp up to 6.000 A")."""
    found = {(amps(n, u), f"{n} {u}") for n, u in STATED_CURRENT.findall(question)}
    if worst and found:
        return max(found)
    return found.pop() if len(found) == 1 else None


# "my current only goes +-10A", "never more than 8 A", "peaks at 12 A"
_SENSED_CURRENT = re.compile(
    r"(?i)\b(?:only|never|at most|up to|max(?:imum)?|peaks?|tops? out|stays?|within|under)\b"
    r"[^.;?\d±+]{0,25}(?:±|\+/-|\+-)?\s*(\d+(?:\.\d+)?)\s*A\b"
)


def stated_sensed_current(question: str) -> float | None:
    """The one current a question says a sensed current stays within, amperes."""
    found = {float(m.group(1)) for m in _SENSED_CURRENT.finditer(question)}
    return found.pop() if len(found) == 1 else None


def stated_clock(question: str) -> tuple[float, str] | None:
    """The bus clock a question about an SPI or I2C bus states: Hz, and as written."""
    if not re.search(r"(?i)\b(?:spi|i2c|i²c|scl|sck|sclk|bus|clock(?:ed)?)\b", question):
        return None
    m = _STATED_CLOCK.search(question)
    if m is None:
        return None
    hz = float(m.group(1)) * (1e6 if m.group(2).lower() == "mhz" else 1e3)
    return hz, f"{m.group(1)} {m.group(2)}"


def clocked_bus(index: FactIndex, uses: Sequence[DeviceUse]) -> str | None:
    """The one clocked bus (SPI or I2C) every part named speaks, when a question states a clock
    and names no bus ("an MCP3008 clocked at 3.6 MHz": its SPI); None when there are two."""
    shared = {"SPI", "I2C"}
    for use in uses:
        shared &= _buses(_best(index, use, ("interface",)))
    return shared.pop() if len(shared) == 1 else None


def _clock_top(f: Fact) -> float | None:
    """A clock row's fastest figure: its maximum, the one figure it prints, or a lone minimum
    under a "maximum" label ("Maximum clock frequency 80 MHz")."""
    if f.max is not None:
        return f.max
    if isinstance(f.value, int | float):
        return float(f.value)
    return f.min if "max" in f.parameter.lower() else None


def _hz(value: float | None, unit: str | None) -> float | None:
    if value is None:
        return None
    try:
        return convert(float(value), unit or "", "Hz")
    except UnknownUnitError:
        return None


def _row_supply(f: Fact) -> float | None:
    """The supply a row's condition states ("VDD = 5V (Note 3)"), in volts."""
    m = re.search(r"(?i)\bV(?:DD|CC|S)\s*=\s*(\d+(?:\.\d+)?)\s*V\b", f.condition or "")
    return float(m.group(1)) if m else None


def _clock_at_supply(
    rows: list[tuple[Fact, float]], supply: float | None
) -> list[tuple[Fact, float]] | None:
    """The rows printed at the stated supply, if any."""
    if supply is None:
        return None
    same = [(f, x) for f, x in rows if (v := _row_supply(f)) is not None and abs(v - supply) < 1e-6]
    return same or None


def rule_bus_clock(
    index: FactIndex, uses: Sequence[DeviceUse], bus: str, clock: tuple[float, str]
) -> list[CompatCheck]:
    """Each part on the bus must take the stated clock: at most its fastest rated SCL/SCK."""
    spec = "spi_max_clock" if bus == "SPI" else "i2c_max_clock"
    hz, shown = clock
    checks: list[CompatCheck] = []
    for use in uses:
        spoken = rule_interface(index, use, use, bus) if len(uses) == 1 else []
        if spoken and spoken[0].outcome == "incompatible":
            # "the MPU-6050 on SPI at 1 MHz": a part that does not speak the bus at all (with
            # two parties, the interface rule already weighs it)
            checks.extend(spoken)
            continue
        rows = [
            (f, hz_of)
            for f in _best(index, use, (spec,))
            if not re.search(r"(?i)external|crystal|oscillat", f.parameter)
            for hz_of in (_hz(_clock_top(f), f.unit),)
            if hz_of is not None
        ]
        if (
            not rows
            and len(uses) > 1
            and not use.drives_clock
            and _runs_programs(index, use.device)
        ):
            # the processor is the bus master: it sets the clock the other parts must take, and
            # whether it can run that fast is asked only when the question asks it
            continue
        if not rows:
            checks.append(
                _check(
                    "bus_clock",
                    "insufficient_evidence",
                    f"no {use.device} maximum {bus} clock in its datasheet facts",
                    [],
                )
            )
            continue
        at_supply = _clock_at_supply(rows, use.supply_v)
        per_supply = use.supply_v is not None and any(_row_supply(f) is not None for f, _x in rows)
        if at_supply is not None:
            rows = at_supply
        elif per_supply:
            # Limits printed at other supplies only ("VDD = 2.7 V", "VDD = 5 V"): a clock under
            # every one of them is safe, over every one is not, in between is not known.
            tops = sorted(hz_of for _f, hz_of in rows)
            if tops[0] + 1e-6 < hz <= tops[-1] + 1e-6:
                checks.append(
                    _check(
                        "bus_clock",
                        "insufficient_evidence",
                        f"{use.device} {bus} clock limits are printed at other supplies ("
                        + "; ".join(
                            f"{f.condition}: {_fmt(_clock_top(f) or 0)} {f.unit}" for f, _x in rows
                        )
                        + f"), not at {_fmt(use.supply_v)} V; {shown} lies between them",
                        [f for f, _x in rows],
                    )
                )
                continue
        # the fastest rated clock, or with limits per supply the one that holds at all of them
        pick = min if per_supply and at_supply is None else max
        fastest, top = pick(rows, key=lambda pair: pair[1])
        ok = hz <= top + 1e-6
        checks.append(
            _check(
                "bus_clock",
                "compatible" if ok else "incompatible",
                f"{bus} clock {shown} {'within' if ok else 'above'} {use.device} maximum "
                f"{_fmt(float(_clock_top(fastest) or 0))} {fastest.unit} "
                f"({fastest.parameter}{', ' + fastest.condition if fastest.condition else ''}, "
                f"{fastest.citation})",
                [fastest],
            )
        )
    return checks


def check_compatibility(
    index: FactIndex,
    uses: Sequence[DeviceUse],
    rules: Sequence[str],
    bus: str | None = None,
    pullup_v: float | None = None,
    clock: tuple[float, str] | None = None,
    supply_span: Sequence[float] = (),
    one_way: bool = False,
    shunt: Shunt | None = None,
) -> list[CompatCheck]:
    """Apply the rules; the first device is the source (or regulator), the second the receiver.

    ``supply_span`` is the voltages a supply takes, for ``coil_supply`` and ``thermal``. On an
    SPI or UART ``bus``, logic levels are checked both ways unless the question says the signals
    go ``one_way`` ("ESP32 SPI outputs into an MCP3008"). ``shunt``: the shunt resistance and
    current the question states (``stated_shunt``)."""
    checks: list[CompatCheck] = []
    for rule in rules:
        if rule == "shunt":
            if shunt is None:
                checks.append(_check(rule, "insufficient_evidence", "no shunt stated", []))
            else:
                checks.extend(rule_shunt(index, uses, shunt))
            continue
        if rule == "rail":
            checks.extend(rule_rail(index, uses, supply_span))
            continue
        if rule == "ripple_by_meter":
            checks.extend(rule_ripple_by_meter(index, uses))
            continue
        if rule == "coil_supply":
            checks.extend(rule_coil_supply(index, uses[0], supply_span) if uses else [])
            continue
        if rule == "bus_clock":
            if clock is None or bus not in ("SPI", "I2C"):
                checks.append(
                    CompatCheck(
                        rule=rule,
                        outcome="insufficient_evidence",
                        detail="no SPI or I2C clock frequency stated",
                    )
                )
            else:
                checks.extend(rule_bus_clock(index, uses, bus, clock))
            continue
        if rule == "pullup_level":
            if pullup_v is None:
                checks.append(
                    CompatCheck(
                        rule=rule, outcome="insufficient_evidence", detail="no pull-up voltage"
                    )
                )
            else:
                checks.extend(rule_pullup_level(index, uses, pullup_v))
            continue
        if rule == "i2c_address":
            checks.extend(rule_i2c_address(index, uses))
            continue
        if rule == "headroom":
            checks.extend(rule_headroom(index, uses[0]) if uses else [])
            continue
        if rule == "thermal" and uses:
            # "a 12 V battery that sits at up to 14.4 V while charging": the heat at the
            # highest input the supply takes
            reg = uses[0]
            if reg.supply_v is not None and supply_span:
                reg = dataclasses.replace(reg, supply_v=max(reg.supply_v, *supply_span))
            checks.extend(rule_thermal(index, reg))
            continue
        if rule == "bench":
            checks.extend(rule_bench(index, uses))
            continue
        if rule == "interface" and len(uses) == 1 and (uses[0].count >= 2 or bus):
            # Several of one part on a bus, or one part on a named bus ("the RFM95W's SPI from
            # a 3.3 V MCU"): the part must speak that bus.
            checks.extend(rule_interface(index, uses[0], uses[0], bus))
            continue
        if len(uses) < 2:
            checks.append(
                CompatCheck(
                    rule=rule, outcome="insufficient_evidence", detail="two devices are needed"
                )
            )
            continue
        a, b = uses[0], uses[1]
        if rule == "supply":
            regulators = [u for u in uses if is_regulator(index, u)]
            if len(regulators) == 1 and len(uses) > 2:
                # one regulator feeding several loads: each on its own range, their draw summed
                loads = [u for u in uses if u is not regulators[0]]
                checks.extend(rule_supply(index, regulators[0], *loads))
                continue
            if not is_regulator(index, a) and is_regulator(index, b):
                a, b = b, a
            checks.extend(rule_supply(index, a, b))
        elif rule == "signal_range":
            checks.extend(rule_signal_range(index, a, b))
        elif rule == "logic_levels":
            checks.extend(rule_logic_levels(index, a, b))
            if bus in ("SPI", "UART") and not one_way:
                # each part drives a line the other reads (MISO and MOSI, TX and RX)
                checks.extend(rule_logic_levels(index, b, a))
        elif rule == "input_current":
            checks.extend(rule_input_current(index, a, b))
        elif rule == "drive":
            if is_coil_load(index, a) and not is_coil_load(index, b):
                a, b = b, a
            checks.extend(rule_drive(index, a, b))
        elif rule == "interface":
            checks.extend(rule_interface(index, a, b, bus))
        else:
            raise ValueError(f"rule: unknown compatibility rule {rule!r}; known: {RULES}")
    return checks


def combine(checks: Sequence[CompatCheck]) -> str:
    """Overall verdict: incompatible if any check fails, compatible if all pass."""
    if any(c.outcome == "incompatible" for c in checks):
        return "incompatible"
    if checks and all(c.outcome == "compatible" for c in checks):
        return "compatible"
    return "insufficient_evidence"


def items_of(checks: Sequence[CompatCheck]) -> list[AnswerItem]:
    """Every fact compared, once."""
    seen: set[tuple[str, str, str]] = set()
    out = []
    for c in checks:
        for it in c.facts:
            key = (it.device, it.spec, it.citation + str(it.min) + str(it.max) + str(it.value))
            if key not in seen:
                seen.add(key)
                out.append(it)
    return out
