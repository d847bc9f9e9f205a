"""Units: the preprocessor, SI normalisation, quantities and ranges, errors and caching."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uidi import Metric, Quantity, UnitError, normalize, parse_quantity
from uidi._units import KNOWN_UNITS, _unit_info_cached, preprocess_unit, unit_info


@pytest.mark.parametrize(
    ("unit", "expected"),
    [
        ("°C", "degC"),
        ("° C", "degC"),
        ("ºC", "degC"),
        ("℃", "degC"),
        ("°F", "degF"),
        ("%RH", "percent"),
        ("% RH", "percent"),
        ("%rh", "percent"),
        ("%", "percent"),
        ("µA", "uA"),  # micro sign
        ("μA", "uA"),  # greek mu
        ("kΩ", "kohm"),
        ("kΩ", "kohm"),  # ohm sign
        ("m/s²", "m/s^2"),
        ("mg/m³", "mg/m^3"),
        ("N·m", "N*m"),
        ("dB(A)", "dB"),
        ("dBA", "dB"),
        ("  V ", "V"),
        ("LSB/°C", "LSB/degC"),
        ("deg C", "degC"),
        ("degrees F", "degF"),
        ("Celsius", "degC"),
        ("mg/m3", "mg/m^3"),
        ("m3/h", "m^3/h"),
        ("vol%", "percent"),
        ("‰", "permille"),
    ],
)
def test_preprocessor_rewrites_what_pint_gets_wrong(unit: str, expected: str) -> None:
    assert preprocess_unit(unit) == expected


@pytest.mark.parametrize(
    ("value", "unit", "si_value", "si_unit"),
    [
        (20, "°C", 293.15, "K"),
        (-40, "°C", 233.15, "K"),
        (32, "°F", 273.15, "K"),
        (300, "K", 300, "K"),
        (45, "%RH", 0.45, ""),
        (50, "%", 0.5, ""),
        (400, "ppm", 4e-4, ""),
        (3, "kΩ", 3000, "ohm"),
        (5, "µA", 5e-6, "A"),
        (5, "μA", 5e-6, "A"),
        (5, "uA", 5e-6, "A"),
        (101.3, "kPa", 101300, "Pa"),
        (1013, "hPa", 101300, "Pa"),
        (12, "L/min", 2e-4, "m^3/s"),
        (5, "min", 300, "s"),
        (3.3, "V", 3.3, "V"),
        (250, "mW", 0.25, "W"),
        (2, "kWh", 7.2e6, "J"),
        (1000, "mAh", 3600, "C"),
        (55, "dB", 55, "dB"),
        (-70, "dBm", -70, "dBm"),
        (4096, "LSB", 4096, "LSB"),
        (7, "count", 7, ""),
        (7, "", 7, ""),
        (7, None, 7, ""),
        (9.81, "m/s²", 9.81, "m/s^2"),
        (500, "lux", 500, "lx"),
        (10, "µg/m³", 1e-8, "kg/m^3"),
        (0.5, "mV/LSB", 5e-4, "V/LSB"),
        (7.2, "pH", 7.2, "pH"),
        (3, "NTU", 3, "NTU"),
        (42, "AQI", 42, "AQI"),
        (60, "bpm", 1, "Hz"),
        (6, "LPM", 1e-4, "m^3/s"),
        (5, "ppb", 5e-9, ""),
        (35, "ppt", 0.035, ""),  # salinity: parts per thousand, not picopints
        (3, "pcs", 3, ""),  # pieces, not parsecs
        (12, "people", 12, ""),
        (1.75, "CAD", 1.75, "CAD"),
        (3.6, "m3/h", 1e-3, "m^3/s"),
        (21, "deg C", 294.15, "K"),
    ],
)
def test_normalize_to_si(value: float, unit: str | None, si_value: float, si_unit: str) -> None:
    got_value, got_unit = normalize(value, unit)
    assert got_value == pytest.approx(si_value, rel=1e-9)
    assert got_unit == si_unit


@pytest.mark.parametrize(
    ("unit", "text"),
    [
        ("blarg", "unit 'blarg' is not a unit pint knows"),
        ("V!", "unit 'V!' contains '!', which no unit spelling uses"),
        ("10 m", "unit '10 m' is not a unit pint knows (Unit expression cannot have a scaling"),
        ("a+b", "unit 'a+b' is not a unit pint knows"),
        ("km**400", "unit 'km**400' contains the number 400, longer than any unit exponent"),
        ("m**99999999999999999999", "contains the number 99999999999999999999"),
        ("km**99*Mm**99", "Numerical result out of range"),
        ("m" * 65, "is 65 characters long; the limit is 64"),
        ("__import__('os')", 'contains "\'", which no unit spelling uses'),
    ],
)
def test_unknown_units_are_rejected_naming_the_unit(unit: str, text: str) -> None:
    with pytest.raises(UnitError) as caught:
        normalize(1.0, unit, where="body.metrics[2].unit")
    assert text in str(caught.value)
    assert str(caught.value).startswith("body.metrics[2].unit: ")
    assert caught.value.value == unit


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30))
def test_any_unit_string_gives_a_result_or_unit_error(unit: str) -> None:
    try:
        si_value, si_unit = normalize(2.0, unit)
    except UnitError as exc:
        assert exc.value == unit
        return
    assert math.isfinite(si_value)
    assert isinstance(si_unit, str)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_quantity_string_gives_a_result_or_unit_error(text: str) -> None:
    try:
        quantity = parse_quantity(text)
    except UnitError:
        return
    values = [quantity.min, quantity.typ, quantity.max, quantity.si_min, quantity.si_max]
    assert all(v is None or math.isfinite(v) for v in values)


def test_normalize_rejects_non_numbers() -> None:
    with pytest.raises(UnitError, match="value True is not a number"):
        normalize(True, "V")
    with pytest.raises(UnitError, match="value 'x' is not a number"):
        normalize("x", "V")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2.7 to 5.5 V", Quantity(2.7, None, 5.5, "V", 2.7, None, 5.5, "V")),
        ("2.7–5.5V", Quantity(2.7, None, 5.5, "V", 2.7, None, 5.5, "V")),
        ("2.7-5.5 V", Quantity(2.7, None, 5.5, "V", 2.7, None, 5.5, "V")),
        ("1.71 V to 3.6 V", Quantity(1.71, None, 3.6, "V", 1.71, None, 3.6, "V")),
        ("-40 ~ +85 °C", Quantity(-40, None, 85, "°C", 233.15, None, 358.15, "K")),
        ("−40 °C to +85 °C", Quantity(-40, None, 85, "°C", 233.15, None, 358.15, "K")),
        ("-40...85 °C", Quantity(-40, None, 85, "°C", 233.15, None, 358.15, "K")),
        ("±0.5 °C", Quantity(-0.5, None, 0.5, "°C", -0.5, None, 0.5, "K")),
        ("+/- 3 %RH", Quantity(-3, None, 3, "%RH", -0.03, None, 0.03, "")),
        ("25 ± 0.5 °C", Quantity(24.5, 25, 25.5, "°C", 297.65, 298.15, 298.65, "K")),
        ("3.3 V", Quantity(None, 3.3, None, "V", None, 3.3, None, "V")),
        ("3.3V", Quantity(None, 3.3, None, "V", None, 3.3, None, "V")),
        ("max 5 µA", Quantity(None, None, 5, "µA", None, None, 5e-6, "A")),
        ("≤ 1 µA", Quantity(None, None, 1, "µA", None, None, 1e-6, "A")),
        ("min 2.7 V", Quantity(2.7, None, None, "V", 2.7, None, None, "V")),
        ("300-1100 hPa", Quantity(300, None, 1100, "hPa", 30000, None, 110000, "Pa")),
        ("1 mA to 2 A", Quantity(0.001, None, 2, "A", 0.001, None, 2, "A")),
        ("5", Quantity(None, 5, None, "", None, 5, None, "")),
        ("1e-3 A", Quantity(None, 0.001, None, "A", None, 0.001, None, "A")),
        ("10 kΩ", Quantity(None, 10, None, "kΩ", None, 10000, None, "ohm")),
        ("1.8 V ± 5 %", Quantity(1.71, 1.8, 1.89, "V", 1.71, 1.8, 1.89, "V")),
        ("25 °C ± 500 mK", Quantity(24.5, 25, 25.5, "°C", 297.65, 298.15, 298.65, "K")),
        ("−40 ℃ to 85 ℃", Quantity(-40, None, 85, "℃", 233.15, None, 358.15, "K")),
    ],
)
def test_parse_quantity(text: str, expected: Quantity) -> None:
    got = parse_quantity(text)
    assert (got.min, got.typ, got.max) == pytest.approx((expected.min, expected.typ, expected.max))
    assert (got.si_min, got.si_typ, got.si_max) == pytest.approx(
        (expected.si_min, expected.si_typ, expected.si_max)
    )
    assert got.unit == expected.unit
    assert got.si_unit == expected.si_unit


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("hello", "quantity 'hello' is not a number with a unit, a range"),
        ("", "is not a number with a unit"),
        ("3 blarg", "quantity '3 blarg': unit 'blarg' is not a unit pint knows"),
        ("1 V to 2 m", "has ends in 'V' and 'm', which measure different things"),
        ("5 V ± 1 A", "has a tolerance in 'A', which does not measure the same thing as 'V'"),
        ("1" * 200, "is 200 characters long; the limit is 128"),
    ],
)
def test_parse_quantity_errors(text: str, message: str) -> None:
    with pytest.raises(UnitError) as caught:
        parse_quantity(text, where="facts[3].value")
    assert message in str(caught.value)
    assert caught.value.where == "facts[3].value"


def test_parse_quantity_rejects_non_strings() -> None:
    with pytest.raises(UnitError, match="quantity 5 is not a string"):
        parse_quantity(5)  # type: ignore[arg-type]


def test_quantity_str() -> None:
    assert str(parse_quantity("2.7 to 5.5 V")) == "2.7 to 5.5 V"
    assert str(parse_quantity("25 ± 0.5 °C")) == "min 24.5, typ 25, max 25.5 °C"
    assert str(parse_quantity("5")) == "typ 5"


def test_unit_parses_are_cached_including_failures() -> None:
    _unit_info_cached.cache_clear()
    KNOWN_UNITS.clear()
    unit_info("kPa")
    unit_info("kPa")  # from the plain dict, not even the lru_cache
    assert "kPa" in KNOWN_UNITS
    with pytest.raises(UnitError):
        unit_info("blarg")
    with pytest.raises(UnitError):
        unit_info("blarg")
    info = _unit_info_cached.cache_info()
    assert (info.misses, info.hits) == (2, 1)
    assert "blarg" not in KNOWN_UNITS


def test_metric_fills_si_fields() -> None:
    metric = Metric(name="temperature_c", value=21.5, unit="°C")
    assert metric.si_value == pytest.approx(294.65)
    assert metric.si_unit == "K"
    assert Metric(name="people_count", value=3, unit="").si_value == 3.0
    assert Metric(name="open", value=True, unit="").si_value is None
    assert Metric(name="label", value="on", unit="V").si_unit is None
    # Whatever the sender claims, SI fields are computed.
    forged = Metric(name="t", value=1, unit="kPa", si_value=5, si_unit="bar")
    assert (forged.si_value, forged.si_unit) == (1000.0, "Pa")
