"""Validation of a fact before it may answer a question.

Five rules, each named in the reason it gives when it fails:

- ``field_type``: a numeric spec has a number (value, min, typ or max); a text spec has text.
- ``unit_dimension``: the unit parses (pint, through :mod:`uidi`'s unit preprocessing) and has
  the dimension the spec needs (a supply voltage is a voltage, an address is not a quantity).
- ``section_kind``: an absolute maximum rating never answers an operating question and is never
  used as an operating limit; an absolute-maximum question is answered only from that section.
- ``evidence_present``: the fact carries the source words, and they contain its numbers.
- ``scope_named``: a fact that holds only for a variant, revision, range or interval says so, and
  a superseded fact is only used together with the notice that supersedes it.
"""

from __future__ import annotations

import functools
import logging
import math
import re
from typing import Any

from search.datasheets._answer import numbers_in
from search.datasheets._facts import Fact
from search.datasheets._units import UnknownUnitError, dimensionality, to_si

logger = logging.getLogger(__name__)

__all__ = [
    "NON_NEGATIVE_SPECS",
    "RATING_SPECS",
    "SPEC_DIMENSIONS",
    "TEXT_SPECS",
    "absmax_table_allowed",
    "dimension_of",
    "supply_fractions",
    "validate_fact",
]

TEXT_SPECS = frozenset(
    {
        "interface",
        "package",
        "output_type",
        "i2c_address",
        "spi_mode",
        "register_value",
        "error_code",
        "register_field",
        "strapping_pin",
    }
)

# Spec → reference units whose dimension the fact's unit must share. Specs not listed accept any
# unit that parses, or none (counts, bits, percentages); a full-scale range is in the unit of what
# is measured (V for an ADC, °/s for a gyroscope, g for an accelerometer).
SPEC_DIMENSIONS: dict[str, tuple[str, ...]] = {
    **{
        s: ("V",)
        for s in (
            "supply_voltage",
            "output_voltage",
            "output_voltage_range",
            "output_voltage_high",
            "output_voltage_low",
            "input_voltage_range",
            "logic_supply_voltage",
            "logic_high_threshold",
            "logic_low_threshold",
            "dropout_voltage",
            "voltage_drop",
            "coil_voltage",
            "pickup_voltage",
            "absolute_max_supply_voltage",
            "absolute_max_input_voltage",
            "undervoltage_lockout",
        )
    },
    **{
        s: ("A",)
        for s in (
            "supply_current",
            "sleep_current",
            "output_current",
            "input_current",
            "coil_current",
            "current_limit",
        )
    },
    **{s: ("K",) for s in ("operating_temperature", "storage_temperature", "junction_temperature")},
    "power_consumption": ("W", "A"),
    "i2c_max_clock": ("Hz",),
    "spi_max_clock": ("Hz",),
    "switching_frequency": ("Hz",),
    "baud_rate": ("Hz", ""),
    "sampling_rate": ("Hz", ""),
    "conversion_time": ("s",),
    "response_time": ("s",),
    "soft_start_time": ("s",),
    "humidity_range": ("",),
}

# Specs that are ratings by nature: an absolute maximum table is where they belong.
RATING_SPECS = frozenset(
    {
        "storage_temperature",
        "junction_temperature",
        "power_dissipation",
        "thermal_resistance",
        "overcurrent_rating",
    }
)
NON_NEGATIVE_SPECS = frozenset(
    {
        "i2c_max_clock",
        "spi_max_clock",
        "sampling_rate",
        "switching_frequency",
        "conversion_time",
        "response_time",
        "soft_start_time",
        "resolution",
        "resolution_bits",
        "channels",
        "pin_count",
        "baud_rate",
        "sleep_current",
        "supply_current",
        "efficiency",
    }
)
"""Specs whose figures cannot be negative."""


# A mechanical rating (a terminal's tightening torque, a mass, a length) cannot be mistaken for
# an electrical operating limit.
_MECHANICAL_UNITS = frozenset({"N·m", "kg", "m"})


def _mechanical(unit: str | None) -> bool:
    try:
        return unit is not None and to_si(1.0, unit)[1] in _MECHANICAL_UNITS
    except UnknownUnitError:
        return False


def absmax_table_allowed(fact: Fact) -> bool:
    """Whether a fact from an absolute maximum table may answer a non-rating question.

    Storage and junction temperatures, power dissipation and thermal resistance (a property of
    the package, printed beside the ratings) are never operating limits misread. Many
    datasheets also print the operating temperature range as a row of that table ("Operating
    Temperature Topr"); that row states where the part operates, so it may answer an
    operating-temperature question (the answer names the table it came from). So may a
    mechanical rating. No other row ever serves as an operating limit.
    """
    if fact.spec in RATING_SPECS or _mechanical(fact.unit):
        return True
    label = (fact.parameter or "").lower()
    if fact.spec in ("relative_humidity", "humidity_range"):
        # The humidity a part may see is an environmental condition, printed beside the
        # ratings; only a storage humidity is about something else.
        return "storage" not in label
    if fact.spec == "lifetime":
        return True  # how long the part lasts (in a stated mode) is no stress limit
    return fact.spec == "operating_temperature" and "operat" in label


_VOLTAGE_EXPR = re.compile(r"\b(?:VDD|VCC|VS|VIN|V\+|AVDD|DVDD|VDD1|VDDIO)\b", re.IGNORECASE)


def _registry() -> Any:
    # One pint registry per process: uidi's, which already knows the datasheet units (SPS, LSB,
    # bit, cycles).
    from uidi._units import _get_registry

    return _get_registry()


def _preprocess(unit: str) -> str:
    # uidi's unit preprocessor is the project's one place for this; until it accepts a bare unit
    # string we apply the same substitutions (degree signs, micro signs, ohms, percent forms).
    try:
        from uidi import normalize

        _, si_unit = normalize(1.0, unit)
        return str(si_unit)
    except Exception:
        pass
    text = unit.strip()
    for a, b in (
        ("°C", "degC"),
        ("℃", "degC"),
        ("°F", "degF"),
        ("µ", "u"),
        ("μ", "u"),
        ("Ω", "ohm"),
        ("%RH", "percent"),
        ("%", "percent"),
        ("Ohm", "ohm"),
    ):
        text = text.replace(a, b)
    if text.lower() in {"vdc", "vac", "v dc", "v ac", "vrms", "vpp", "vp-p"}:
        text = "V"
    # Count-like units are printed in any case ("Bits", "KSPS"); their meaning does not change.
    low = text.lower().rstrip(".")
    if low in {"bit", "bits"}:
        text = "bit"
    elif low in {"sps", "ksps", "msps"}:
        text = {"sps": "SPS", "ksps": "kSPS", "msps": "MSPS"}[low]
    return text


@functools.lru_cache(maxsize=512)
def dimension_of(unit: str | None) -> str | None:
    """The pint dimensionality of a unit string ("dimensionless" for none), or None if unknown."""
    if unit is None or unit.strip() == "":
        return "dimensionless"
    ureg = _registry()
    try:
        dim = str(ureg.Quantity(1.0, _preprocess(unit)).dimensionality)
    except Exception:
        try:
            # Datasheet spellings the protocol's units do not take ("KHz", "KΩ").
            dim = dimensionality(unit)
        except UnknownUnitError:
            return None
    return "dimensionless" if dim == "dimensionless" else dim


def _dims_equal(found: str, wanted_unit: str) -> bool:
    return found == dimension_of(wanted_unit)


_COEF = re.compile(
    # "0.7 VDD", "0.7×VDD" (not "1.71  VDD": two cells of a row, a figure and a bound)
    r"(\d+(?:\.\d+)?)(?:\s*[×x*]\s*|\s?)\(?\b(?:VDD|VCC|VS|AVDD|DVDD|VDDIO|VIO)\d?\b"
    r"|\b(?:VDD|VCC|VS|AVDD|DVDD|VDDIO|VIO)\d?\b\s*[×x*]\s*(\d+(?:\.\d+)?)",
    re.IGNORECASE,
)


def supply_fractions(fact: Fact) -> set[float]:
    """Numbers of a fact that its evidence gives only as fractions of a supply ("0.7 VDD")."""
    plain = _plain_numbers(fact.evidence)
    return {
        c
        for c in _supply_coefficients(fact.evidence)
        if not any(math.isclose(c, p, rel_tol=1e-9) for p in plain)
    }


def _supply_coefficients(evidence: str) -> list[float]:
    return [float(a or b) for a, b in _COEF.findall(evidence)]


def _plain_numbers(evidence: str) -> list[float]:
    """Numbers of the evidence that are not a coefficient or offset of a supply symbol."""
    stripped = _COEF.sub(" ", evidence)
    stripped = re.sub(
        r"(?:VDD|VCC|VS|GND|VSS)\w*\s*[-+–−]\s*\d+(?:\.\d+)?", " ", stripped, flags=re.IGNORECASE
    )
    return [v for _, v in numbers_in(stripped, evidence=True)]


def _fact_numbers(fact: Fact) -> list[float]:
    out = [x for x in (fact.min, fact.typ, fact.max) if x is not None]
    if isinstance(fact.value, int | float):
        out.append(float(fact.value))
    return out


def _percent_of_nominal(fact: Fact) -> bool:
    """A figure printed as a percentage of the nominal (rated) value, e.g. a relay's pick-up."""
    text = f"{fact.condition or ''} {fact.parameter or ''}".lower()
    return (fact.unit or "").strip() == "%" and bool(
        re.search(r"\bof (?:the )?(?:nominal|rated)\b", text)
    )


def validate_fact(
    fact: Fact,
    spec: str,
    *,
    operating: bool,
    absolute_max: bool,
    scope_ok: bool = True,
) -> list[str]:
    """Return the reasons this fact may not answer for ``spec`` (empty when it may).

    ``operating``: the question is about (or the use is as) an operating limit.
    ``absolute_max``: the question asks for an absolute maximum rating.
    ``scope_ok``: the caller has named the fact's scope and cited any notice that supersedes it.
    """
    reasons: list[str] = []
    where = f"{fact.device} {fact.spec} at {fact.citation}"
    # field_type
    nums = _fact_numbers(fact)
    if spec in TEXT_SPECS:
        if not (isinstance(fact.value, str) and fact.value.strip()) and not nums:
            reasons.append(f"field_type: {where} has no value for text spec {spec}")
    elif not nums:
        reasons.append(f"field_type: {where} has no number (value={fact.value!r})")
    elif any(isinstance(x, float) and not math.isfinite(x) for x in nums):
        reasons.append(f"field_type: {where} has a non-finite number {nums}")
    # unit_dimension
    wanted = SPEC_DIMENSIONS.get(spec)
    if spec not in TEXT_SPECS:
        found = dimension_of(fact.unit)
        if found is None:
            reasons.append(f"unit_dimension: {where} unit {fact.unit!r} does not parse")
        elif found == "dimensionless" and _percent_of_nominal(fact):
            # Relay coils print pick-up, drop-out and max voltage as "75 % of nominal voltage":
            # a fraction of the rated figure is the datasheet's own way to state the voltage.
            pass
        elif wanted and not any(_dims_equal(found, w) for w in wanted):
            reasons.append(
                f"unit_dimension: {where} unit {fact.unit!r} is {found}, {spec} needs the "
                "dimension of " + " or ".join(repr(w) for w in wanted)
            )
    # field_type: a rate, a duration, a count or a resolution is never negative; a negative one
    # is a misread range ("1.35 – 3.6 MHz" read as "-3.6").
    if spec in NON_NEGATIVE_SPECS and any(isinstance(x, int | float) and x < 0 for x in nums):
        reasons.append(f"field_type: {where} gives a negative {spec} {nums}, which cannot be")
    # section_kind
    is_absmax_spec = spec.startswith("absolute_max")
    if fact.section_kind == "absolute_maximum" and not (
        absolute_max or is_absmax_spec or absmax_table_allowed(fact)
    ):
        reasons.append(
            f"section_kind: {where} is an absolute maximum rating, not an operating limit"
            + (" (question is about operation)" if operating else "")
        )
    if (
        (absolute_max or is_absmax_spec)
        and fact.section_kind != "absolute_maximum"
        and not (is_absmax_spec and fact.spec == spec)
    ):
        reasons.append(
            f"section_kind: {where} is {fact.section_kind}, question asks absolute maximum"
        )
    if fact.spec.startswith("absolute_max") and not (absolute_max or is_absmax_spec):
        reasons.append(f"section_kind: {where} is an absolute maximum rating, asked for {spec}")
    # evidence_present
    if not fact.evidence.strip():
        reasons.append(f"evidence_present: {where} carries no evidence text")
    elif nums:
        pool = [v for _, v in numbers_in(fact.evidence, evidence=True)]
        missing = [x for x in nums if not any(math.isclose(abs(x), p, rel_tol=1e-9) for p in pool)]
        if missing:
            reasons.append(f"evidence_present: {where} numbers {missing} are not in its evidence")
        coefficients = _supply_coefficients(fact.evidence)
        plain = _plain_numbers(fact.evidence)
        wrong = [
            x
            for x in nums
            if any(math.isclose(abs(x), c, rel_tol=1e-9) for c in coefficients)
            and not any(math.isclose(abs(x), p, rel_tol=1e-9) for p in plain)
        ]
        if wrong and spec in SPEC_DIMENSIONS and SPEC_DIMENSIONS[spec] == ("V",):
            reasons.append(
                f"field_type: {where} reads {wrong} as volts, but the evidence gives "
                "them as a fraction of the supply (e.g. 0.7 VDD)"
            )
    if not fact.citation:
        reasons.append(f"evidence_present: {fact.device} {fact.spec} has no citation")
    # scope_named
    if not scope_ok:
        reasons.append(
            f"scope_named: {where} holds for {fact.applies_to or fact.superseded_for}"
            " and the answer does not name that scope"
        )
    return reasons
