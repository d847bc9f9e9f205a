"""Fact extraction rules, and key facts read from the real datasheets."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from search.datasheets import FactStore, canonical_device
from search.datasheets._extract import (
    is_supply_relative,
    label_spec,
    map_spec,
    parse_cell,
    parse_quantity_text,
)
from search.datasheets._pdf import read_pdf
from search.datasheets._tables import detect_device, pdf_facts

PDFS = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "datasheets"
needs_pdfs = pytest.mark.skipif(not PDFS.is_dir(), reason=f"shared datasheets absent at {PDFS}")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3.3-5.5V DC", (3.3, None, 5.5, "V")),
        ("-40~80Celsius", (-40.0, None, 80.0, "°C")),
        ("- 65°C to +150°C", (-65.0, None, 150.0, "°C")),
        ("<50uA", (None, None, 50.0, "uA")),
        ("15mA @ 5V", (None, None, None, "mA")),
        # two negative ends: "to" is no unit, and the larger end may come first
        ("-40 to -10 °C", (-40.0, None, -10.0, "°C")),
        ("-111 to -136 dBm", (-136.0, None, -111.0, "dBm")),
    ],
)
def test_parse_quantity_text(text: str, expected: tuple[object, ...]) -> None:
    q = parse_quantity_text(text)
    assert q is not None
    assert (q.min, q.typ, q.max, q.unit) == expected


def test_plus_minus_and_symbolic_cells() -> None:
    q = parse_quantity_text("+-0.5Celsius")
    assert q is not None and q.plus_minus and (q.min, q.max, q.unit) == (-0.5, 0.5, "°C")
    assert parse_cell("–0.3") == (-0.3, None, None, False)
    assert parse_cell("±1.5") == (1.5, None, None, True)
    assert parse_cell("VDD + 0.3") == (None, None, "VDD + 0.3", False)
    assert parse_cell("–") == (None, None, None, False)


@given(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False).map(lambda x: round(x, 3)))
def test_cell_numbers_round_trip(x: float) -> None:
    v, _, expr, _ = parse_cell(f"{x}")
    assert expr is None and v == pytest.approx(x)


def test_spec_mapping_and_absolute_maximum() -> None:
    assert map_spec("Supply Voltage", "VCC", "electrical_characteristics") == "supply_voltage"
    assert map_spec("Supply Voltage", "VCC", "absolute_maximum") == "absolute_max_supply_voltage"
    assert map_spec("Standby Current", None, "general") == "sleep_current"
    assert map_spec("High-level input voltage", "VIH", "x") == "logic_high_threshold"
    assert map_spec("Dropout Voltage", None, "x") == "dropout_voltage"
    assert map_spec("Terminal list", None, "x") is None
    assert canonical_device("mpu6050") == "MPU-6050"
    assert canonical_device("Songle relay") == "SRD-05VDC-SL-C"


@functools.cache
def _facts(stem: str):  # type: ignore[no-untyped-def]
    doc = read_pdf(PDFS / f"{stem}.pdf")
    device = detect_device(stem, doc.pages[0].text)
    assert device is not None
    facts, _ = pdf_facts(doc, device, stem)
    return facts


@needs_pdfs
def test_dht22_key_facts() -> None:
    facts = _facts("dht22")
    supply = [f for f in facts if f.spec == "supply_voltage" and f.citation == "dht22#p1"]
    assert (supply[0].min, supply[0].max, supply[0].unit) == (3.3, 5.5, "V")
    acc = {
        f.applies_to.get("quantity"): f
        for f in facts
        if f.spec == "accuracy" and f.condition != "worst case"
    }
    assert acc["temperature"].value == 0.5 and acc["temperature"].extra["plus_minus"]
    assert acc["humidity"].value == 2.0
    assert all(f.evidence for f in facts)


@needs_pdfs
def test_ads1115_absolute_maximum_is_kept_apart_and_addresses_found() -> None:
    facts = _facts("ads1115")
    (absmax,) = [f for f in facts if f.spec == "absolute_max_supply_voltage"]
    assert (absmax.min, absmax.max, absmax.section_kind) == (-0.3, 7.0, "absolute_maximum")
    (roc,) = [f for f in facts if f.spec == "supply_voltage" and f.citation == "ads1115#p6"]
    assert (roc.min, roc.max, roc.section_kind) == (2.0, 5.5, "recommended_operating")
    addrs = {f.value for f in facts if f.spec == "i2c_address"}
    assert {"0x48", "0x49", "0x4A", "0x4B"} <= addrs


@needs_pdfs
def test_acs712_variant_tables_are_scoped() -> None:
    facts = _facts("acs712")
    sens = {
        f.variant: f
        for f in facts
        if f.spec == "sensitivity" and f.unit == "mV/A" and f.citation == "acs712#p5"
    }
    assert sens["ACS712ELCTR-05B-T"].typ == 185.0
    assert sens["ACS712ELCTR-30A-T"].typ == 66.0


@needs_pdfs
def test_a_table_with_one_row_per_part_gives_each_part_its_figures() -> None:
    # ACS712 "SELECTION GUIDE": the part, its range and its typical sensitivity per row
    guide = {(f.variant, f.spec): f for f in _facts("acs712") if f.citation == "acs712#p2"}
    assert guide[("ACS712ELCTR-20A-T", "sensitivity")].typ == 100.0
    assert guide[("ACS712ELCTR-30A-T", "measurement_range")].max == 30.0
    # RFM95W "Table 1 Device Variants": "RFM96W/98W" is both parts
    est = {
        f.variant: (f.min, f.max)
        for f in _facts("rfm95w")
        if f.spec == "sensitivity" and f.citation == "rfm95w#p10"
    }
    assert est["RFM95W"] == (-136.0, -111.0)
    assert est["RFM96W"] == (-140.0, -112.0)


@needs_pdfs
def test_regulator_output_voltage_from_a_label_printed_between_its_rows() -> None:
    facts = _facts("lm7805")
    out = [f for f in facts if f.spec == "output_voltage" and f.variant == "LM7805"]
    assert {(f.min, f.typ, f.max) for f in out} == {(4.8, 5.0, 5.2), (4.75, 5.0, 5.25)}
    assert all(f.unit == "V" and f.citation == "lm7805#p3" for f in out)
    (drop,) = [f for f in facts if f.spec == "dropout_voltage" and f.variant == "LM7805"]
    assert drop.typ == 2.0 and drop.unit == "V"
    absmax = [f for f in facts if f.spec == "absolute_max_input_voltage"]
    assert {f.max for f in absmax} == {35.0, 40.0}


@needs_pdfs
def test_per_part_column_groups_and_two_line_headers() -> None:
    lm358 = _facts("lm358")
    voh = {f.variant for f in lm358 if f.spec == "output_voltage_high" and f.min == 3.3}
    assert voh == {"LM258", "LM358", "LM2904", "LM2904V"}
    ina = _facts("ina219")
    supply = {f.variant: (f.min, f.max) for f in ina if f.spec == "supply_voltage"}
    assert supply == {"INA219A": (3.0, 5.5), "INA219B": (3.0, 5.5)}
    assert {f.value for f in ina if f.spec == "i2c_address"} >= {"0x40", "0x4F"}


@needs_pdfs
def test_relay_coil_table_with_stacked_headers() -> None:
    facts = _facts("srd-05vdc-sl-c")
    coil = [
        f for f in facts if f.spec == "coil_current" and f.applies_to.get("coil_voltage") == "5 VDC"
    ]
    assert [(f.typ, f.unit) for f in coil] == [(71.42, "mA")]
    pickup = [f for f in facts if f.spec == "pickup_voltage"]
    assert pickup and pickup[0].value == 75.0 and pickup[0].unit == "%"


@needs_pdfs
def test_feature_sentences_and_part_number_range_tables() -> None:
    ds = _facts("ds18b20")
    rng = [f for f in ds if f.spec == "measurement_range"]
    assert (rng[0].min, rng[0].max, rng[0].unit) == (-55.0, 125.0, "°C")
    acc = [f for f in ds if f.spec == "accuracy" and f.citation == "ds18b20#p1"]
    assert acc[0].value == 0.5 and "-10°C to +85°C" in (acc[0].condition or "")
    xg = _facts("xgzp6847a")
    part = [f for f in xg if f.spec == "measurement_range" and f.variant == "XGZP6847A100KPG"]
    assert (part[0].min, part[0].max, part[0].unit) == (0.0, 100.0, "kPa")
    supply = sorted(
        f.typ for f in xg if f.spec == "supply_voltage" and f.citation == "xgzp6847a#p2"
    )
    assert supply == [3.3, 5.0]


@given(st.text(max_size=60))
def test_parsers_never_raise_on_any_text(text: str) -> None:
    parse_quantity_text(text)
    parse_cell(text)
    map_spec(text, text[:5] or None, "general")


def test_level_pairs_and_ratios_in_label_lines() -> None:
    from search.datasheets._extract import RowRecord, facts_from_row

    row = RowRecord(
        "Level output",
        "hc#p1",
        "Electrical parameters",
        "electrical_characteristics",
        "Level output  High 3.3 V /Low 0V",
        value="High 3.3 V /Low 0V",
    )
    facts, _ = facts_from_row(row, "HC-SR501", "hc")
    assert {(f.spec, f.value, f.unit) for f in facts} == {
        ("output_voltage_high", 3.3, "V"),
        ("output_voltage_low", 0.0, "V"),
    }
    ratio = RowRecord(
        "Sensitivity",
        "mq#p3",
        "Technical Parameters",
        "electrical_characteristics",
        "Sensitivity  S  Rs(in air)/Rs(2000ppm C3H8)≥5",
        value="Rs(in air)/Rs(2000ppm C3H8)≥5",
    )
    assert facts_from_row(ratio, "MQ-2", "mq")[0] == []


@needs_pdfs
def test_interface_from_feature_lines_ignores_other_parts() -> None:
    ads = [f for f in _facts("ads1115") if f.spec == "interface" and f.extra.get("protocols")]
    assert ads[0].extra["protocols"] == ["I2C"]
    xg = [f for f in _facts("xgzp6847a") if f.spec == "interface" and f.extra.get("protocols")]
    assert xg[0].extra["protocols"] == ["analog"]  # "Refer to XGZP6847D for I2C" is another part


def test_rail_relative_bounds_stay_text() -> None:
    for cell in (
        "0.7 VDD",
        "0.7VDD",
        "0.8 × VDDIO",
        "VDD + 0.3",
        "GND – 0.3",
        "VCC/2",
        "0.1*VLOGIC",
    ):
        assert is_supply_relative(cell), cell
        v, _, text, _ = parse_cell(cell)
        assert v is None and text == cell
    for cell in ("5.5", "3 V", "VDD to GND", "IVDD", "±0.5"):
        assert not is_supply_relative(cell), cell
    assert parse_quantity_text("-0.5V to VDD + 0.5V") is None  # never -0.5 as a max
    assert parse_quantity_text("3.3V-5.5V") is not None


@needs_pdfs
def test_ads1115_rail_bounds_power_down_and_grouped_temperatures() -> None:
    facts = _facts("ads1115")
    (ain,) = [
        f for f in facts if f.spec == "absolute_max_input_voltage" and "AIN0" in (f.condition or "")
    ]
    assert ain.min is None and ain.max is None
    assert ain.extra["min_text"] == "GND – 0.3" and ain.extra["max_text"] == "VDD + 0.3"
    (absin,) = [f for f in facts if f.spec == "input_voltage_range"]
    assert (absin.extra["min_text"], absin.extra["max_text"]) == ("GND", "VDD")
    (vih,) = [f for f in facts if f.spec == "logic_high_threshold"]
    assert vih.min is None and vih.extra["min_text"] == "0.7 VDD" and vih.max == 5.5
    sleep = {(f.typ, f.max) for f in facts if f.spec == "sleep_current"}
    assert sleep == {(0.5, 2.0), (None, 5.0)}
    assert not [f for f in facts if f.spec == "supply_current" and f.max == 5.0]
    # "Operating", centred between its two rows as "Power-down" is, is the condition of both
    operating = {(f.typ, f.max, f.condition) for f in facts if f.evidence.startswith("IVDD")}
    assert (150.0, 200.0, "Operating TA = 25°C") in operating
    assert (None, 300.0, "Operating") in operating
    (tstg,) = [f for f in facts if f.spec == "storage_temperature"]
    assert (tstg.min, tstg.max, tstg.unit) == (-60.0, 150.0, "°C")
    # "Data rate variation –10% 10%" under the SPS of the row above is no data rate; the row
    # listing the selectable rates is, with every choice kept.
    (rates,) = [f for f in facts if f.spec == "sampling_rate" and f.citation == "ads1115#p7"]
    assert rates.extra["choices"] == [8, 16, 32, 64, 128, 250, 475, 860]
    assert (rates.min, rates.max, rates.unit) == (8.0, 860.0, "SPS")


@needs_pdfs
def test_device_column_gives_each_fixed_regulator_its_rows() -> None:
    facts = _facts("ams1117")
    out = {
        (f.variant, f.min, f.typ, f.max)
        for f in facts
        if f.spec == "output_voltage" and f.variant in ("AMS1117-3.3", "AMS1117-5.0")
    }
    assert out == {
        ("AMS1117-3.3", 3.251, 3.3, 3.349),
        ("AMS1117-3.3", 3.201, 3.3, 3.399),
        ("AMS1117-5.0", 4.925, 5.0, 5.075),
        ("AMS1117-5.0", 4.85, 5.0, 5.15),
    }
    (cur,) = [f for f in facts if f.spec == "output_current"]
    assert (cur.value, cur.unit, cur.citation) == (1.0, "A", "ams1117#p1")


@needs_pdfs
def test_feature_bullets_become_facts() -> None:
    hx = _facts("hx711")
    rates = {f.value for f in hx if f.spec == "sampling_rate" and f.unit == "SPS"}
    assert rates == {10.0, 80.0}
    (temp,) = [f for f in hx if f.spec == "operating_temperature"]
    assert (temp.min, temp.max) == (-40.0, 85.0)
    (sleep,) = [f for f in hx if f.spec == "sleep_current" and f.citation == "hx711#p1"]
    assert (sleep.max, sleep.unit, sleep.condition) == (1.0, "uA", "power down")
    mcp = _facts("mcp3008")
    # The feature bullet gives a value; the table row (read in its Typ column) a typ.
    assert {
        f.value if f.value is not None else f.typ for f in mcp if f.spec == "resolution_bits"
    } == {10.0}
    standby = {(f.typ, f.max, f.unit) for f in mcp if f.spec == "sleep_current"}
    assert (5.0, None, "nA") in standby and (None, 2.0, "µA") in standby
    assert not [f for f in mcp if f.spec == "interface" and "LSB" in str(f.value)]
    # "Output current: IOUT = 1.2 A(ave)/3.2 A (peak)": two figures, each with its case.
    front = {
        (f.value, f.condition)
        for f in _facts("tb6612fng")
        if f.spec == "output_current" and f.citation == "tb6612fng#p1"
    }
    assert front == {(1.2, "average"), (3.2, "peak")}
    # Dash-led sub-items of a feature list ("– Supply Voltage: 1.8 V to 5.5 V").
    lmp = {(f.spec, f.min, f.max) for f in _facts("lmp91200") if f.citation == "lmp91200#p1"}
    assert ("supply_voltage", 1.8, 5.5) in lmp and ("operating_temperature", -40.0, 125.0) in lmp
    # A note that states where a range ends relative to the supply keeps the words.
    lm = _facts("lm358")
    ends = [f.extra["max_text"] for f in lm if f.spec == "input_common_mode_range" and f.extra]
    assert ends == ["VCC - 1.7"]


@needs_pdfs
def test_plus_minus_limits_and_symbols_that_name_their_row() -> None:
    ina = _facts("ina219")
    pga1 = [f for f in ina if f.condition == "PGA = /1" and f.spec == "measurement_range"]
    assert pga1 and all((f.min, f.max, f.unit) == (-40.0, 40.0, "mV") for f in pga1)
    assert all(f.extra["plus_minus"] for f in pga1)
    tb = _facts("tb6612fng")
    vm = [f for f in tb if f.spec == "supply_voltage" and f.symbol == "VM"]
    assert [(f.min, f.typ, f.max) for f in vm] == [(2.5, 5.0, 13.5)]
    assert not [f for f in tb if f.spec == "output_voltage" and f.max == 1.2]
    ds = _facts("ds18b20")
    err = {(f.condition, f.max) for f in ds if f.spec == "accuracy" and f.citation == "ds18b20#p2"}
    assert ("-30°C to +100°C (Note 3)", 1.0) in err and ("-55°C to +125°C", 2.0) in err


@needs_pdfs
def test_value_split_around_its_row_and_slopes_are_drift() -> None:
    facts = _facts("acs712")
    (q,) = [f for f in facts if f.spec == "zero_current_output_voltage"]
    assert q.typ is None and q.extra["typ_text"] == "VCC × 0.5"
    assert not [f for f in facts if f.spec == "supply_voltage" and 0.5 in (f.typ, f.value)]
    assert not [f for f in facts if f.spec == "sensitivity" and "/°C" in (f.unit or "")]


def test_shipped_facts_state_interfaces_and_keep_rails_as_text() -> None:
    store = FactStore.load(with_chunks=False)

    def protocols(model: str) -> set[str]:
        return {str(f.value) for f in store.query(model, "interface")}

    assert "I2C" in protocols("MPU-6050") and "SPI" in protocols("RFM95W")
    assert {"UART", "SPI", "I2C"} <= protocols("ESP32-WROOM-32")
    assert not store.query("RFM95W", "i2c_address")  # register addresses of an SPI part
    rail = re.compile(r"(\d+(?:\.\d+)?)(?: ?[×x*] ?| ?)V(?:DD|CC|LOGIC)")
    for f in store:
        for m in rail.finditer(f.evidence):
            printed = float(m.group(1))
            if f"{m.group(1)} V" in f.evidence or f"{m.group(1)}V " in f.evidence:
                continue  # the same figure also printed as plain volts
            assert printed not in (f.min, f.typ, f.max), (f.citation, f.parameter, f.evidence)


@needs_pdfs
def test_condition_block_around_its_label_is_one_parameter() -> None:
    # "9-bit … 12-bit resolution" rows printed above and below "Temperature Conversion Time":
    # the outer rows are not claimed by the neighbouring "Time to Strong Pullup On" row.
    conv = {(f.condition, f.max, f.unit) for f in _facts("ds18b20") if f.spec == "conversion_time"}
    assert ("9-bit resolution", 93.75, "ms") in conv
    assert ("12-bit resolution", 750.0, "ms") in conv


@needs_pdfs
def test_symbol_led_threshold_rows_keep_supply_relative_text() -> None:
    (vih,) = [f for f in _facts("tb6612fng") if f.spec == "logic_high_threshold"]
    assert vih.extra == {"min_text": "Vcc×0.7", "max_text": "Vcc+0.2"}
    assert vih.min is None and vih.max is None  # never read as 0.7 V


@needs_pdfs
def test_group_heading_inside_a_table_keeps_its_columns() -> None:
    clocks = {(f.max, f.condition) for f in _facts("mcp3008") if f.spec == "spi_max_clock"}
    assert clocks == {(3.6, "VDD = 5V (Note 3)"), (1.35, "VDD = 2.7V (Note 3)")}


@needs_pdfs
def test_range_in_a_condition_becomes_a_range_per_setting() -> None:
    ranges = {
        (f.condition, f.min, f.max, f.unit)
        for f in _facts("esp32-wroom-32")
        if f.spec == "input_voltage_range" and f.parameter == "Effective measurement range"
    }
    assert ("Atten = 3", 150.0, 2450.0, "mV") in ranges and len(ranges) == 4


@needs_pdfs
def test_denied_bus_is_recorded() -> None:
    denied = [f for f in _facts("dht22") if f.extra.get("not_protocols")]
    assert denied and denied[0].extra["not_protocols"] == ["1-Wire"]
    assert "incompatible with Dallas 1-wire" in denied[0].evidence


@needs_pdfs
def test_lsb_step_size_rows_are_lsb_size() -> None:
    steps = {(f.parameter, f.typ, f.unit) for f in _facts("ina219") if f.spec == "lsb_size"}
    assert ("Bus voltage, 1 LSB step size", 4.0, "mV") in steps
    assert ("Shunt voltage, 1 LSB step size", 10.0, "μV") in steps


@needs_pdfs
def test_gain_sentences_are_scoped_to_their_channel() -> None:
    gains = {(f.condition, f.value) for f in _facts("hx711") if f.spec == "gain"}
    assert gains == {("Channel A", 128.0), ("Channel A", 64.0), ("Channel B", 32.0)}


@needs_pdfs
def test_addresses_stated_in_prose_keep_their_strap() -> None:
    prose = {
        (f.value, f.condition)
        for f in _facts("mpu-6050")
        if f.spec == "i2c_address" and f.citation == "mpu-6050#p33"
    }
    assert prose == {("0x68", "pin AD0 is logic low"), ("0x69", "pin AD0 is logic high")}


@needs_pdfs
def test_a_unit_column_naming_a_rail_makes_fractions_of_that_rail() -> None:
    # RFM95W prints "0.8 | VDD", the BME280 "80 | %VDDIO" (kept a percentage) with the "O" wrapped
    rfm = {f.spec: f.extra for f in _facts("rfm95w") if f.spec.startswith(("logic_", "output_v"))}
    assert rfm["logic_high_threshold"]["min_text"] == "0.8×VDD"
    assert rfm["output_voltage_low"]["max_text"] == "0.1×VDD"
    bme = [f for f in _facts("bme280") if f.spec == "logic_high_threshold"]
    assert [(f.unit, f.extra.get("min_text")) for f in bme] == [("V", "80 %×VDDIO")]
    # no fact keeps the rail as if it were a unit of its own
    assert not [f for f in _facts("bme280") + _facts("rfm95w") if "VDD" in (f.unit or "")]


@needs_pdfs
def test_a_label_row_followed_by_one_line_per_variant() -> None:
    ops = {
        f.variant: (f.min, f.max, f.unit)
        for f in _facts("lm358")
        if f.spec == "operating_temperature"
    }
    assert ops == {
        "LM258": (-25.0, 85.0, "°C"),
        "LM358": (0.0, 70.0, "°C"),
        "LM2904": (-40.0, 105.0, "°C"),
        "LM2904V": (-40.0, 125.0, "°C"),  # printed under the second part column
    }


@needs_pdfs
def test_a_footnote_mark_on_a_header_word_keeps_its_column() -> None:
    # CCS811 prints "Typ (6)": its figures are typical values, not maxima
    sleep = [f for f in _facts("ccs811") if f.spec == "sleep_current"]
    assert [(f.typ, f.max) for f in sleep] == [(19.0, None)]


@needs_pdfs
def test_label_centred_on_four_mode_rows_names_all_of_them() -> None:
    # "Power Consumption" is printed once, halfway down its four mode rows (CCS811 page 6);
    # and "Logic High Output" prints its bound as "VDD -" above the row and "0.7" below it.
    facts = _facts("ccs811")
    power = {(f.condition, f.typ) for f in facts if f.spec == "power_consumption"}
    assert ("Mode 2 at VDD= 1.8V", 7.0) in power
    assert ("Mode 3 at VDD= 1.8V", 1.2) in power
    voh = [f for f in facts if f.spec == "output_voltage_high"]
    assert voh and "VDD - 0.7" in voh[0].evidence


@needs_pdfs
def test_toshiba_rows_with_bar_dashes_and_labels_on_their_own_line() -> None:
    # TB6612FNG: "―" marks an empty cell; "4.5 V >  VM ≥ 2.5 V" is a condition split over two
    # cells; "Vsat(U+L)1" is a symbol; "IM(STB)" is a current, never a "Control input voltage".
    facts = _facts("tb6612fng")
    hsw = {(f.max, f.condition) for f in facts if f.parameter == "Output current (H-SW)"}
    assert (1.0, "VM ≥ 4.5 V") in hsw
    # The 0.4 A row's supply span is printed on the label's line, its mode under the figure.
    assert (0.4, "4.5 V > VM ≥ 2.5 V, Without PWM Operation") in hsw
    sat = {f.symbol: (f.max, f.unit) for f in facts if f.parameter == "Output saturating voltage"}
    assert {f.spec for f in facts if f.parameter == "Output saturating voltage"} == {"voltage_drop"}
    assert sat == {"Vsat(U+L)1": (0.7, "V"), "Vsat(U+L)2": (0.21, "V")}
    standby = [f for f in facts if f.symbol == "IM(STB)"]
    assert [(f.spec, f.unit) for f in standby] == [("supply_current", "μA")]
    assert not [f for f in facts if f.condition and "―" in f.condition]


def test_ordinal_degree_sign_and_bracketed_units_are_read() -> None:
    # MPU-6050 prints "LSB/(º/s)" with the ordinal sign and a bracket inside the unit.
    from search.datasheets._units import to_si

    assert to_si(131.0, "LSB/(º/s)") == pytest.approx((131.0 * 57.29577951308232, "s"))
    # the same scale factor written in ASCII, as a reader types it
    assert to_si(131.0, "LSB/(deg/s)") == to_si(131.0, "LSB/dps") == to_si(131.0, "LSB/(º/s)")
    assert to_si(340.0, "LSB/ºC")[1] == "1/K"
    assert to_si(5.0, "(mA)") == pytest.approx((0.005, "A"))


@needs_pdfs
def test_left_column_heading_beside_right_column_prose() -> None:
    # MCP3008 page 3: "Absolute Maximum Ratings †" shares its line with the notice paragraph
    # of the right column; the dotted-leader ratings below it are ratings, not operating rows.
    facts = _facts("mcp3008")
    vdd7 = [f for f in facts if f.value == 7.0 or f.max == 7.0]
    assert [(f.spec, f.section_kind) for f in vdd7] == [
        ("absolute_max_supply_voltage", "absolute_maximum")
    ]


@needs_pdfs
def test_a_label_wrapped_onto_the_next_lines_names_its_row() -> None:
    # BME280 page 8: "Current during" with its figures, then "humidity" / "pressure" /
    # "temperature" alone on the next line; DHT22 "Collecting" / "period".
    during = {
        f.parameter: f.typ for f in _facts("bme280") if f.parameter.startswith("Current during")
    }
    assert during == {
        "Current during humidity": 340.0,
        "Current during pressure": 714.0,
        "Current during temperature": 350.0,
    }


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [("-40 … -20 °C", -40.0, -20.0), ("-20 ….0 °C", -20.0, 0.0), ("300...1100 hPa", 300.0, 1100.0)],
)
def test_ranges_with_ellipses_keep_their_signs(text: str, low: float, high: float) -> None:
    parsed = parse_quantity_text(text)
    assert parsed is not None and (parsed.min, parsed.max) == (low, high)


def test_percent_of_span_is_a_percentage() -> None:
    from search.datasheets._units import convert

    assert convert(0.5, "%Span", "%") == 0.5


@needs_pdfs
def test_sub_rows_around_a_centred_label_share_its_unit_and_name() -> None:
    # HX711 page 3: "RATE = DVDD  50" under "Output settling time ... ms" prints no unit of its
    # own; "Analog supply current" wraps to "(including regulator)" below its row.
    facts = _facts("hx711")
    settling = {(f.condition, f.typ, f.unit) for f in facts if f.spec == "output_settling_time"}
    assert ("RATE = DVDD", 50.0, "ms") in settling
    noise = sorted(f.typ for f in facts if f.spec == "noise")
    assert noise == [50.0, 90.0]
    analog = [f for f in facts if f.parameter == "Analog supply current (including regulator)"]
    assert [(f.typ, f.unit) for f in analog] == [(1400.0, "µA")]
    # INA219 page 5: the symbol "VOS" alone before a row's condition is not the row's name,
    # and the PGA rows above and below the centred "Offset voltage, RTI" are all offsets.
    offsets = {
        (f.variant, f.condition, f.max)
        for f in _facts("ina219")
        if f.spec == "input_offset_voltage"
    }
    assert {
        ("INA219A", f"PGA = /{g}", m) for g, m in ((1, 100), (2, 125), (4, 150), (8, 200))
    } <= offsets
    assert ("INA219B", "PGA = /8", 100.0) in offsets


def test_rms_and_peak_to_peak_suffixes_and_the_celsius_sign_in_compounds() -> None:
    from search.datasheets._units import to_si

    assert to_si(50.0, "nV(rms)") == pytest.approx((50e-9, "V"))
    assert to_si(2.0, "mVpp") == pytest.approx((0.002, "V"))
    assert to_si(6.0, "nV/℃")[1] == "V/K"
    assert to_si(25.0, "℃") == pytest.approx((298.15, "K"))


def test_unit_spellings_pint_would_misread_are_read_as_printed_or_refused() -> None:
    from search.datasheets._units import UnknownUnitError, to_si

    assert to_si(560.0, "nm") == pytest.approx((560e-9, "m"))  # not newton-metres
    assert to_si(50.0, "k") == pytest.approx((50000.0, "count"))  # "50k writes", not kelvin
    assert to_si(4.8, "kb/s") == pytest.approx((4800.0, "Hz"))  # not kilobarns
    assert to_si(0.04, "%W") == (0.04, "%/W")
    assert to_si(0.5, "%RH/year") == (0.5, "%/year")
    assert to_si(40.0, "m%") == pytest.approx((0.04, "%"))
    assert to_si(400.0, "\uf06dg/√Hz")[1] == "m/s²/√Hz"  # the Symbol font's mu
    with pytest.raises(UnknownUnitError):
        to_si(20.0, "%V")  # a share of a rail whose name was lost is no voltage
    assert to_si(42.0, "μV/VO") == pytest.approx((42e-6, ""))  # µV per volt of output


@needs_pdfs
def test_a_regulators_output_noise_per_volt_of_output_is_a_fact() -> None:
    noise = {f.variant: f.typ for f in _facts("lm7805") if f.spec == "noise"}
    assert noise["LM7805"] == 42.0 and noise["LM7805A"] == 10.0


@needs_pdfs
def test_graph_axis_ticks_run_into_a_caption_are_no_statement() -> None:
    assert not [f for f in _facts("ads1115") if f.spec == "statement" and "Submit" in f.evidence]


@needs_pdfs
def test_a_numbered_heading_run_into_prose_starts_a_sentence_and_is_not_part_of_it() -> None:
    # ADS1115 p17: "… in the Electrical Characteristics table. 9.3.5 Oscillator The ADS111x
    # have an integrated oscillator running at 1 MHz." A short sentence opening as prose does.
    said = {f.parameter: (f.value, f.unit) for f in _facts("ads1115") if f.spec == "statement"}
    assert said["The ADS111x have an integrated oscillator running at 1 MHz."] == (1.0, "MHz")
    assert not [p for p in said if "9.3.4" in p or "10.1.4" in p]
    # ESP32 "6 RF Characteristics": a heading's number is no figure in radio-farads
    assert not [f for f in _facts("esp32-wroom-32") if f.spec == "statement" and f.unit == "RF"]


@needs_pdfs
def test_a_grid_gives_a_figure_per_row_and_column_setting_in_each_form() -> None:
    # ADS1115 p13, Table 1: noise in µV RMS (µV peak to peak) by data rate and FSR
    noise = {
        (f.parameter, f.condition): (f.typ, f.unit, f.citation)
        for f in _facts("ads1115")
        if f.spec == "noise"
    }
    at = "DATA RATE = 860 SPS, FSR = ±2.048 V, VDD = 3.3 V"
    assert noise[("Noise (RMS)", at)] == (62.5, "μV", "ads1115#p13")
    assert noise[("Noise (peak-to-peak)", at)] == (118.63, "μV", "ads1115#p13")
    assert len(noise) == 2 * 8 * 6  # eight data rates, six ranges, two forms


@needs_pdfs
def test_a_feature_list_bullet_with_one_figure_is_a_statement() -> None:
    said = {f.parameter: (f.value, f.unit) for f in _facts("acs712") if f.spec == "statement"}
    # (the PDF writes the ohm sign, U+2126)
    assert said["1.2 m\u2126 internal conductor resistance"] == (1.2, "m\u2126")
    # a bullet with numbers the figure does not account for is left: "2.6 ~ 5.5V" is no 5.5 V
    hx = [f.parameter for f in _facts("hx711") if f.spec == "statement"]
    assert not [p for p in hx if "2.6 ~ 5.5V" in p]


@needs_pdfs
def test_a_sentence_before_a_rule_or_a_numbered_step_with_a_spelled_time_unit() -> None:
    # DHT22 p3: "… must beyond 2 seconds." then a rule of dashes and "1) Step 1: …"
    (gap,) = [f for f in _facts("dht22") if f.spec == "statement" and "beyond 2" in f.evidence]
    assert (gap.min, gap.unit, gap.citation) == (2.0, "s", "dht22#p3")


@needs_pdfs
def test_a_table_row_starting_with_a_number_is_no_numbered_heading() -> None:
    # MCP3008 p5: "225 … DOUT unloaded" under "Operating Current" (set larger than the body
    # text) once ended the table, and the "Standby Current" row below it lost its cells.
    (standby,) = [
        f for f in _facts("mcp3008") if f.citation == "mcp3008#p5" and f.spec == "sleep_current"
    ]
    assert (standby.typ, standby.max, standby.unit) == (0.005, 2.0, "µA")
    at_2v7 = [
        f.typ
        for f in _facts("mcp3008")
        if f.spec == "supply_current" and "2.7V" in (f.condition or "")
    ]
    assert at_2v7 == [225.0]


@needs_pdfs
def test_output_ranges_stated_in_prose_per_quantity() -> None:
    # CCS811 page 9 states each reported quantity's range in a sentence over two lines.
    ranges = {
        f.applies_to.get("quantity"): (f.min, f.max, f.unit)
        for f in _facts("ccs811")
        if f.spec == "measurement_range" and f.page == 9
    }
    assert ranges == {"eCO2": (400.0, 64000.0, "ppm"), "TVOC": (0.0, 64000.0, "ppb")}


@needs_pdfs
def test_strapped_addresses_and_bus_clocks_stated_in_prose() -> None:
    # BME280: "Connecting SDO to GND results in slave address 1110110 (0x76); connection it to
    # VDDIO results in slave address 1110111 (0x77)", and "I²C (up to 3.4 MHz)" on page 2.
    facts = _facts("bme280")
    straps = {(f.value, f.condition) for f in facts if f.spec == "i2c_address"}
    assert {("0x76", "SDO is logic low"), ("0x77", "SDO is logic high")} <= straps
    clock = [(f.max, f.unit) for f in facts if f.spec == "i2c_max_clock"]
    assert clock == [(3.4, "MHz")]


@needs_pdfs
def test_two_columns_of_pairs_and_indented_blocks_under_a_group_label() -> None:
    # AMS1117 page 2 prints two columns of label-value pairs; "Thermal Resistance" heads
    # indented rows per package, "Operating Junction Temperature Range" rows per section.
    facts = _facts("ams1117")
    theta = {(f.condition, f.max) for f in facts if f.spec == "thermal_resistance" and f.page == 2}
    assert theta == {("SO-8 package", 160.0), ("TO-252 package", 80.0), ("SOT-223 package", 90.0)}
    tj = {(f.condition, f.min, f.max) for f in facts if f.spec == "junction_temperature"}
    assert ("Control Section", -40.0, 125.0) in tj
    assert any(f.spec == "lead_temperature" and f.max == 265.0 for f in facts)


@pytest.mark.parametrize(
    ("text", "typ", "tolerance"),
    [("50% +-10%", 50.0, 10.0), ("30Ω ± 3Ω", 30.0, 3.0), ("5.0V±0.1V DC", 5.0, 0.1)],
)
def test_a_nominal_and_its_tolerance_spaced_or_not(text: str, typ: float, tolerance: float) -> None:
    q = parse_quantity_text(text)
    assert q is not None and (q.typ, q.tolerance) == (typ, tolerance)


def test_the_end_of_a_range_before_a_plus_minus_is_no_nominal() -> None:
    q = parse_quantity_text("0…65 °C ±0.5 °C")
    assert q is not None and q.typ is None and (q.min, q.max) == (-0.5, 0.5)


@needs_pdfs
def test_a_label_and_its_figure_after_a_colon_is_no_heading() -> None:
    # YF-S201 page 2 lists "Accuracy: ±10%" among its features; the rows after it stay in
    # their section.
    facts = _facts("yf-s201")
    acc = [(f.min, f.max, f.unit) for f in facts if f.spec == "accuracy"]
    assert acc == [(-10.0, 10.0, "%")]
    assert {f.section_kind for f in facts if f.parameter == "Pulses per Liter"} != {"accuracy"}


@needs_pdfs
def test_a_unit_alone_on_its_line_names_the_rows_of_its_block() -> None:
    # ADS1115 page 7 prints "MΩ" on a line of its own inside the differential impedance block.
    diff = {
        (f.condition, f.typ, f.unit)
        for f in _facts("ads1115")
        if f.spec == "differential_input_impedance"
    }
    assert {("FSR = ±4.096 V", 15.0, "MΩ"), ("FSR = ±2.048 V", 4.9, "MΩ")} <= diff


@needs_pdfs
def test_rows_keyed_by_a_rate_column_are_named_by_the_table_caption() -> None:
    # ESP32-WROOM-32 pages 28-29: "Table 17: TX Power with …" and "Table 19: RX Sensitivity"
    # key their rows by a "Rate" column and print "(dBm)" under each figure column.
    facts = _facts("esp32-wroom-32")
    tx = {
        (f.condition, f.typ, f.unit) for f in facts if f.spec == "rf_output_power" and f.page == 28
    }
    assert ("802.11b, 1 Mbps", 19.5, "dBm") in tx and ("802.11n, HT20, MCS7", 13.0, "dBm") in tx
    rx = {(f.condition, f.typ) for f in facts if f.spec == "sensitivity" and f.page == 29}
    assert ("802.11b, 1 Mbps, DSSS", -97.0) in rx
    # A caption that names no quantity of the rows' unit names nothing ("RX Adjacent Channel
    # Rejection" is not a channel count).
    assert not [f for f in facts if f.spec == "channels" and f.page == 30]


@needs_pdfs
def test_a_label_centred_below_its_rows_names_them_in_their_own_unit() -> None:
    # LMP91200 page 5 centres "IbpH  Input bias current at INP" on six condition rows; the fA
    # rows above it are not the µV "Long-term VOSpH drift" row's.
    facts = _facts("lmp91200")
    bias = {(f.condition, f.max, f.unit) for f in facts if f.spec == "input_bias_current"}
    assert {
        ("0 V < INP < 3.3 V", 125.0, "fA"),
        ("0 V < INP < 3.3 V, 85°C", 445.0, "fA"),
        ("0 V < INP < 3.3 V, 125°C", 1.5, "pA"),
    } <= bias
    assert not [f for f in facts if f.spec == "drift" and f.unit == "fA"]
    # CCS811 page 6: "26 mA" sits between "Supply Voltage … V" and "Supply Current … mA".
    idd = {(f.parameter, f.typ) for f in _facts("ccs811") if f.unit == "mA"}
    assert ("Supply Current (IDD)", 26.0) in idd and ("Supply Voltage (VDD)", 26.0) not in idd


@needs_pdfs
def test_full_scale_spans_stated_in_two_column_prose() -> None:
    # HX711 pages 1 and 4 state each gain's span in sentences that run down one of two columns.
    spans = {(f.condition, f.max, f.unit) for f in _facts("hx711") if f.spec == "full_scale_range"}
    assert {
        ("Channel A, gain 128, AVDD = 5 V", 20.0, "mV"),
        ("Channel A, gain 64, AVDD = 5 V", 40.0, "mV"),
        ("Channel B, gain 32, AVDD = 5 V", 80.0, "mV"),
    } <= spans
    # each page that states a span keeps it: the overview (p1) and the section on inputs (p4)
    at_64 = {f.citation for f in _facts("hx711") if f.condition == "Channel A, gain 64, AVDD = 5 V"}
    assert at_64 == {"hx711#p1", "hx711#p4"}


@needs_pdfs
def test_rows_stepping_a_named_rows_variable_and_two_line_conditions_are_its() -> None:
    # MPU-6050 page 14: "Accelerometer Low Power Mode  1.25 Hz update rate  10 µA" heads the 5,
    # 20 and 40 Hz rows (its label's quantity wraps alone onto a "Current" line, and ends the
    # label: a supply current), and "Normal Operating Current" heads rows whose conditions take
    # two lines ("Gyroscope only" / "(DMP & … disabled)").
    facts = _facts("mpu-6050")
    low = {
        (f.condition, f.typ)
        for f in facts
        if f.parameter == "Accelerometer Low Power Mode Current" and f.spec == "supply_current"
    }
    assert low == {
        ("1.25 Hz update rate", 10.0),
        ("5 Hz update rate", 20.0),
        ("20 Hz update rate", 70.0),
        ("40 Hz update rate", 140.0),
    }
    normal = {(f.condition, f.typ) for f in facts if f.parameter == "Normal Operating Current"}
    assert ("Accelerometer only (DMP & Gyroscope disabled)", 500.0) in normal
    assert ("Gyroscope + Accelerometer (DMP disabled)", 3.8) in normal


@needs_pdfs
def test_i2c_modes_in_a_feature_list_give_the_clock_limit() -> None:
    # ESP32-WROOM-32 page 18 lists "Standard mode (100 Kbit/s)" and "Fast mode (400 Kbit/s)".
    clocks = [(f.max, f.unit) for f in _facts("esp32-wroom-32") if f.spec == "i2c_max_clock"]
    assert clocks == [(400.0, "kHz")]


@needs_pdfs
def test_a_linear_formula_is_a_transfer_fact() -> None:
    (f,) = [f for f in _facts("yf-s201") if f.spec == "transfer"]
    assert f.value == 7.5 and (f.extra["output_unit"], f.extra["input_unit"]) == ("Hz", "L/min")


@needs_pdfs
def test_conversion_formula_factors_per_range_and_supply() -> None:
    # XGZP6847A page 6: "5V Power Supply: Pressure=(output-4.5)/K" over a K table per range.
    k = {
        (f.extra["supply"], tuple(f.extra["range"])): (f.value, f.extra["offset"])
        for f in _facts("xgzp6847a")
        if f.spec == "k_factor"
    }
    assert k[(5.0, (-100.0, 0.0))] == (0.04, 4.5)
    assert k[(3.3, (0.0, 40.0))] == (0.0625, 0.2)
    assert k[(5.0, (-100.0, 700.0))] == (0.002857, 2.5)
    assert len(k) == 38


@needs_pdfs
def test_rows_per_band_of_rated_pressure_under_a_split_label() -> None:
    # XGZP6847A page 2: "Over" / "Pressure" printed around "Pressure ≤5kPa  5X  Rated Pressure",
    # "5kPa＜Pressure ≤200kPa  2.5X …", "200kPa＜Pressure  1.5X …"; "Total" / "Accuracy" too.
    bands = {
        (f.parameter, f.value, tuple(map(tuple, f.extra["bands"])))
        for f in _facts("xgzp6847a")
        if f.extra.get("bands")
    }
    assert ("Over Pressure", 2.5, ((5.0, 200.0),)) in bands
    assert ("Burst Pressure", 2.0, ((200.0, None),)) in bands
    assert ("Total Accuracy", 2.5, ((0.0, 10.0), (200.0, None))) in bands
    assert len(bands) == 8


@needs_pdfs
def test_a_label_printed_either_side_of_its_row_with_the_unit_on_a_line_of_its_own() -> None:
    # TB6612FNG page 5: "Thermal shutdown circuit" / "TSD  ―  175  ―" / "operating temperature",
    # "(Design target only)  °C" under it; "Thermal shutdown" / "∆TSD  20" / "hysteresis".
    rows = {(f.spec, f.typ, f.unit) for f in _facts("tb6612fng") if f.page == 5}
    assert ("thermal_shutdown", 175.0, "°C") in rows
    assert ("thermal_shutdown_hysteresis", 20.0, "°C") in rows
    assert ("undervoltage_lockout", 1.9, "V") in rows
    # BH1750 page 2: the pins' input currents, not a spec named after the pins
    currents = {(f.spec, f.max) for f in _facts("bh1750") if f.symbol in ("IIH", "IIL")}
    assert currents == {("input_current", 10.0)}


@needs_pdfs
def test_a_worst_case_printed_beside_a_typical_plus_minus_is_a_row_of_its_own() -> None:
    # DHT22 page 1: "humidity +-2%RH(Max +-5%RH)"
    acc = {
        (f.parameter, f.value)
        for f in _facts("dht22")
        if f.spec == "accuracy" and f.applies_to.get("quantity") == "humidity"
    }
    assert acc == {("Accuracy", 2.0), ("Accuracy (max)", 5.0)}


@needs_pdfs
def test_a_group_label_alone_on_its_line_names_a_generic_row_under_it() -> None:
    # MCP3008 page 3: "Reference Input" over "Voltage Range  0.25  —  VDD  V"
    (ref,) = [f for f in _facts("mcp3008") if f.spec == "reference_voltage"]
    assert (ref.parameter, ref.min, ref.extra.get("max_text")) == (
        "Reference Input Voltage Range",
        0.25,
        "VDD",
    )


@needs_pdfs
def test_each_dash_led_case_under_a_label_is_that_labels_row() -> None:
    # L298 page 2: "IO Peak Output Current (each Channel)" over "– Non Repetitive …  3",
    # "–Repetitive …  2.5" and "–DC Operation  2", each a line further down.
    rows = {
        f.condition: f.max
        for f in _facts("l298")
        if f.citation == "l298#p2" and f.parameter == "Peak Output Current (each Channel)"
    }
    assert rows == {
        "– Non Repetitive (t = 100µs)": 3.0,
        "–Repetitive (80% on –20% off; ton = 10ms)": 2.5,
        "–DC Operation": 2.0,
    }
    assert not [f for f in _facts("l298") if f.parameter.startswith("–")]


@needs_pdfs
def test_a_feature_the_bus_host_must_have_is_a_fact() -> None:
    # CCS811 page 12: "CCS811 requires the host processor supports clock stretching."
    (need,) = [f for f in _facts("ccs811") if f.spec == "host_requirement"]
    assert (need.value, need.citation) == ("clock stretching", "ccs811#p12")


@needs_pdfs
def test_a_note_column_names_the_rows_where_no_parameter_column_does() -> None:
    # HX711 page 5: "Symbol | Note | MIN | TYP | MAX | Unit", "T3  PD_SCK high time  0.2 1 50 µs"
    (t3,) = [f for f in _facts("hx711") if f.symbol == "T3"]
    assert (t3.parameter, t3.min, t3.typ, t3.max, t3.unit) == ("PD_SCK high time", 0.2, 1, 50, "µs")


@needs_pdfs
def test_a_label_beside_its_values_in_the_value_column() -> None:
    # SRD-05VDC-SL-C page 1: "Initial dielectric strength" alone on its line, level with the
    # middle of "Between open contacts：AC750V" and "Between coil and contact：AC1,500V";
    # "Endurance (operations)" with "Mechanical … 10,000,000 cycles" and "Electrical … 100,000
    # cycles"; "Ambient temperature" printed just under its "-40℃～+85℃".
    facts = _facts("srd-05vdc-sl-c")
    dielectric = {f.condition: f.value for f in facts if f.spec == "initial_dielectric_strength"}
    assert dielectric == {"Between open contacts": 750.0, "Between coil and contact": 1500.0}
    life = {f.condition: f.value for f in facts if f.parameter == "Endurance (operations)"}
    assert life == {
        "Mechanical (at 10,800 ops./h)": 10_000_000.0,
        "Electrical (at 360 ops./h)": 100_000.0,
    }
    (ambient,) = [f for f in facts if f.parameter == "Ambient temperature"]
    assert (ambient.min, ambient.max, ambient.unit) == (-40.0, 85.0, "°C")
    (weight,) = [f for f in facts if f.spec == "weight"]
    assert (weight.si_value, weight.si_unit) == (0.0085, "kg")  # grams, not g-force
    # HC-SR501 page 1: "Delay time" beside "5-200S(adjustable)"
    (delay,) = [f for f in _facts("hc-sr501") if f.parameter == "Delay time"]
    assert (delay.min, delay.max, delay.unit) == (5.0, 200.0, "s")


@needs_pdfs
def test_a_two_column_table_keyed_by_a_duration_band() -> None:
    # MQ-2 page 6: "Storage Time | Suggested aging time", "Less than one month | No less than
    # 48 hours", "1 ~ 6 months | No less than 72 hours", "More than six months | … 168 hours"
    aging = {f.condition: f.min for f in _facts("mq-2") if f.spec == "aging_time"}
    assert aging == {
        "Storage Time = Less than 1 month": 48.0,
        "Storage Time = 1 ~ 6 months": 72.0,
        "Storage Time = More than 6 months": 168.0,
    }


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [("Not less than 48 hours", 48.0, None), ("no more than 5.5 V", None, 5.5)],
)
def test_not_less_than_is_a_minimum(text: str, low: float | None, high: float | None) -> None:
    q = parse_quantity_text(text)
    assert q is not None and (q.min, q.max) == (low, high)


@needs_pdfs
def test_what_a_named_register_reads() -> None:
    # ADS1115 page 28 "Config Register (P[1:0] = 1h) [reset = 8583h]"; BME280 page 27 "The “id”
    # register contains … chip_id[7:0], which is 0x60"; CCS811 page 14 register map row
    # "0x20 HW_ID R 1 byte Hardware ID. The value is 0x81".
    def reads(stem: str) -> dict[str, object]:
        return {f.parameter: f.value for f in _facts(stem) if f.spec == "register_value"}

    assert reads("ads1115")["Config register reset value"] == "8583h"
    # (with the address its heading "5.4.1 Register 0xD0 “id”" gives)
    assert reads("bme280") == {"id register value (address 0xD0)": "0x60"}
    assert reads("ccs811")["HW_ID register value (address 0x20)"] == "0x81"


@needs_pdfs
def test_an_input_range_written_as_a_rail_over_the_gain() -> None:
    # HX711 page 3: "Full scale differential input range  V(inp)-V(inn)  ±0.5(AVDD/GAIN)  V"
    (scaled,) = [f for f in _facts("hx711") if f.extra.get("per_gain")]
    assert scaled.extra == {"per_gain": "AVDD", "coefficient": 0.5, "formula_unit": "V"}
    assert scaled.citation == "hx711#p3" and scaled.value is None


@needs_pdfs
def test_a_run_stepping_one_setting_takes_its_multi_line_label() -> None:
    # RFM95W page 17: "SF = 6" … "SF = 12" under a label printed over four lines ending in
    # "125 kHz bandwidth": every row is an RF sensitivity row at that bandwidth.
    rows = {
        f.condition: f.typ
        for f in _facts("rfm95w")
        if f.citation == "rfm95w#p17" and f.spec == "sensitivity"
    }
    assert rows["SF = 12, 125 kHz bandwidth"] == -136.0
    assert rows["SF = 9, 62.5 kHz bandwidth"] == -132.0


def test_a_footnote_mark_is_no_part_of_a_label() -> None:
    assert label_spec("Internal Filter Resistance [3]") == "internal_filter_resistance"


def test_a_bus_prefix_and_quoted_levels_in_a_label() -> None:
    # "I²C" with its superscript lost, and ‘L’ / ‘H’ for low and high (BH1750 timing rows)
    assert label_spec("I C Data Hold Time") == "data_hold_time"
    assert label_spec("I C ‘L’ Period of the SCL Clock") == "low_period_scl_clock"
    assert label_spec("I2C address") is None


def test_what_follows_a_labels_comma_says_where_not_what() -> None:
    assert label_spec("Terminal torque, J1 and J2") == "terminal_torque"
    assert label_spec("Human-body model (HBM), per ANSI/ESDA/JEDEC JS-001") == "human_body_model"
    # A fragment of a label broken over lines is not cut into a name of its own.
    assert label_spec("highest LNA gain, Band2,") is None
    # Nor is the figure a condition starts with ("at +20 dBm output").
    assert label_spec("Duty Cycle of transmission at +20 dBm output") == "duty_cycle_transmission"


@needs_pdfs
def test_esd_ratings_are_facts() -> None:
    hbm = [f for f in _facts("ads1115") if f.spec == "human_body_model"]
    assert [(f.min, f.max, f.unit) for f in hbm] == [(-2000.0, 2000.0, "V")]


def test_a_row_labelled_gain_alone_is_the_gain() -> None:
    # LMP91200 page 7: "AvPGA  Gain  5  V/V"
    assert map_spec("Gain", "AvPGA", "electrical_characteristics") == "gain"
    assert map_spec("Open loop Gain", "AolPGA", "electrical_characteristics") != "gain"


@needs_pdfs
def test_a_pin_tables_internal_pull_down_is_a_fact_naming_its_pins() -> None:
    # TB6612FNG page 2: "15  PWMB  I  ch B PWM input/200 kΩ pull-down at internal", …
    (pull,) = [f for f in _facts("tb6612fng") if f.spec == "internal_pull_down_resistor"]
    assert (pull.typ, pull.unit, pull.citation) == (200.0, "kΩ", "tb6612fng#p2")
    assert pull.condition is not None and "STBY" in pull.condition and "PWMA" in pull.condition


@needs_pdfs
def test_a_rail_expression_split_around_a_row_is_no_cell_of_a_power_row() -> None:
    # CCS811 page 6: "VDD -" and "0.6" (the logic-high input's minimum) around "Mode 3 at
    # VDD= 1.8V  1.2  mW": the power row keeps its one figure.
    (mode3,) = [
        f
        for f in _facts("ccs811")
        if f.spec == "power_consumption" and (f.condition or "").startswith("Mode 3")
    ]
    assert (mode3.typ, mode3.unit, mode3.extra.get("min_text")) == (1.2, "mW", None)


@needs_pdfs
def test_a_wrapped_description_row_is_read_whole() -> None:
    # CCS811 page 7: "Time between power on and the device" / "18  20  ms" / "being ready for
    # new I²C commands", and "Minimum time nWAKE should be" / "tDWAKE  20  μs" / "de-asserted".
    rows = {f.parameter: (f.min, f.typ, f.max, f.unit) for f in _facts("ccs811") if f.page == 7}
    ready = "being ready for new I²C commands"
    assert rows[f"Time between power on and the device {ready}"] == (None, 18.0, 20.0, "ms")
    assert rows["Minimum time nWAKE should be de-asserted"] == (20.0, None, None, "μs")
    # A row the line reader labelled with one line of its description gets the whole of it.
    assert rows[f"Time between deasserting nWAKE pin and the device {ready}"][2] == 50.0
    assert not any(p.startswith("giving the SW_RESET") for p in rows)


@needs_pdfs
def test_a_thermal_metric_table_gives_each_package_its_figures() -> None:
    rja = {
        f.applies_to["package"]: f.typ
        for f in _facts("ina219")
        if f.spec == "thermal_resistance" and f.symbol == "RθJA"
    }
    assert rja == {"D (SOIC)": 111.3, "DCN (SOT)": 135.4}


@needs_pdfs
def test_a_bracketed_symbol_starting_the_figures_line_finishes_the_label_above() -> None:
    # HX711 page 3: "Reference bypass" / "（VBG）  1.25  V".
    vbg = [f for f in _facts("hx711") if f.parameter == "Reference bypass (VBG)"]
    assert [(f.typ, f.unit) for f in vbg] == [(1.25, "V")]


@needs_pdfs
def test_pin_counts_are_facts_except_where_a_family_document_leaves_whose_unsaid() -> None:
    assert [f.value for f in _facts("esp32-wroom-32") if f.spec == "pin_count"] == [38.0]
    ina = {f.applies_to["package"]: f.value for f in _facts("ina219") if f.spec == "pin_count"}
    assert ina == {"SOT-23": 8.0, "SOIC": 8.0}
    # MCP3004 (14-lead) and MCP3008 (16-lead) share one document.
    assert not [f for f in _facts("mcp3008") if f.spec == "pin_count"]


@needs_pdfs
def test_a_row_nearer_a_centred_label_below_belongs_to_that_label() -> None:
    # LM7805A: "VI = 7.5 V to 25 V, IO = 500 mA  5.0  50.0" sits between the Output Voltage
    # label above and the Line Regulation label centred on its block below: it is a line
    # regulation row in mV, not an output voltage of 50 V.
    facts = [f for f in _facts("lm7805") if f.variant == "LM7805A"]
    row = next(f for f in facts if f.condition == "VI = 7.5 V to 25 V, IO = 500 mA")
    assert (row.spec, row.typ, row.max, row.unit) == ("line_regulation", 5.0, 50.0, "mV")
    outputs = [f for f in facts if f.spec == "output_voltage"]
    assert outputs and all(f.max is not None and f.max < 6 for f in outputs)


@needs_pdfs
def test_a_one_sided_bound_printed_with_its_sign_is_that_bound() -> None:
    # CCS811 "Product Lifetime  >5  Years  In mode 1" in a table with Min and Max columns only,
    # and MPU-6050 "CI, Input Capacitance  < 5  pF".
    life = next(f for f in _facts("ccs811") if f.spec == "lifetime")
    assert (life.min, life.max, life.unit, life.condition) == (5.0, None, "Years", "In mode 1")
    cap = next(f for f in _facts("mpu-6050") if "Input Capacitance" in f.parameter)
    assert (cap.min, cap.max, cap.unit) == (None, 5.0, "pF")


@needs_pdfs
def test_a_sentence_after_a_figure_caption_is_read_with_its_bound() -> None:
    # HX711 p5: "... Fig.3 Power down control When PD_SCK pin ... longer than 60µs, HX711 enters
    # power down mode": the caption ends where the capitalised "When" starts a sentence.
    said = [f for f in _facts("hx711") if f.spec == "statement" and "longer than 60" in f.evidence]
    assert len(said) == 1 and said[0].evidence.startswith("When PD_SCK")
    assert (said[0].min, said[0].unit) == (60.0, "µs")
    # "should not be allowed to go negative by more than 0.3 V" is no lower bound
    lm = [f for f in _facts("lm358") if f.spec == "statement" and "negative by more" in f.evidence]
    assert lm and lm[0].min is None


@needs_pdfs
def test_open_loop_gain_is_its_own_spec_per_part_column() -> None:
    # LM358 p2: "Large Signal Open Loop Voltage Gain  AVOL ... V/mV", one column group per part;
    # "loop voltage" (an MQ-2 circuit voltage) must not read it as a supply.
    gains = {f.variant: f.min for f in _facts("lm358") if f.spec == "open_loop_gain"}
    assert gains["LM258"] == 50.0 and gains["LM358"] == 25.0


@needs_pdfs
def test_a_ratings_table_with_a_value_column_per_group_of_parts() -> None:
    # LM358 p1 MAXIMUM RATINGS: "LM258 / LM358" and "LM2904 / LM2904V" stacked over two value
    # columns; "Single Supply  VCC  32  26" under "Power Supply Voltages  Vdc".
    single = {
        f.variant: f.max
        for f in _facts("lm358")
        if f.spec == "absolute_max_supply_voltage" and "Single Supply" in f.parameter
    }
    assert single == {"LM258": 32.0, "LM358": 32.0, "LM2904": 26.0, "LM2904V": 26.0}
    rows = [f for f in _facts("lm358") if f.spec == "absolute_max_supply_voltage"]
    assert all(f.section_kind == "absolute_maximum" and "Output" not in f.evidence for f in rows)


@needs_pdfs
def test_a_label_centred_on_its_block_and_remarks_past_the_unit_column() -> None:
    # TB6612FNG p3: "Power dissipation  PD  W" is printed level with the middle of its rows
    # 0.78 / 0.89 / 1.36; the first sits nearer "Output current" above but is a wattage, and
    # "50 mm × 50 mm" in the Remarks column is a condition, not the row's unit.
    pd = {
        f.max: (f.unit, f.condition) for f in _facts("tb6612fng") if f.spec == "power_dissipation"
    }
    assert pd[0.78] == ("W", "IC only")
    assert pd[0.89][0] == "W" and pd[0.89][1].startswith("50 mm × 50 mm")
    assert 1.36 in pd
    assert not [f for f in _facts("tb6612fng") if f.spec == "output_current" and f.max == 0.78]
    # BH1750 p2: "VIH2  1.26  －  －  V  1.65V ≦ DVI ＜1.8V"
    vih2 = [f for f in _facts("bh1750") if f.spec == "logic_high_threshold" and f.min == 1.26]
    assert vih2 and "DVI" in (vih2[0].condition or "")


@needs_pdfs
def test_a_sentence_moving_a_figure_both_ways_states_its_range() -> None:
    # HC-SR501 p4: "sensing range increases (about 7 meters), on the contrary, sensing range
    # decreases (about 3 meters)"; ordinals and words after numbers are no units.
    said = [
        f for f in _facts("hc-sr501") if f.spec == "statement" and "sensing range" in f.evidence
    ]
    assert [(f.min, f.max, f.unit) for f in said] == [(3.0, 7.0, "meters")]
    units = {f.unit for f in _facts("ds18b20") if f.spec == "statement"}
    assert not units & {"th", "in"}


def test_a_bill_of_materials_gives_each_part_its_ratings_per_revision() -> None:
    from search.datasheets._markdown import read_markdown
    from search.datasheets._tables import markdown_facts

    path = PDFS.parent / "srb5030-bench" / "srb5030-bom.md"
    if not path.exists():
        pytest.skip(f"shared document stack absent at {path}")
    facts, _ = markdown_facts(read_markdown(path), "SRB-5030", "srb5030-bom")
    rated = {
        (f.parameter, f.applies_to.get("board_revision")): f.value
        for f in facts
        if f.spec in ("voltage_rating", "saturation_current")
    }
    assert rated[("input capacitor C1, C2 (OPS-3105) voltage rating", "B")] == 50.0
    # "Revision C changes C1 and C2 from OPS-3105 (…) to OPS-3106 (10 uF, 63 V, …)"
    assert rated[("input capacitor C1, C2 (OPS-3106) voltage rating", "C")] == 63.0
    assert rated[("inductor L1 (OPS-2210) saturation current", "B")] == 4.5


@needs_pdfs
def test_a_regulators_minimum_load_is_no_current_it_draws() -> None:
    (least,) = [f for f in _facts("ams1117") if f.parameter == "Minimum Load Current"]
    assert (least.spec, least.max, least.unit) == ("minimum_load", 10.0, "mA")


@needs_pdfs
def test_a_sentence_figure_in_greek_mu_is_stated_and_a_formula_term_is_not() -> None:
    # ADS1115 page 21 writes "approximately 25 μs" with the Greek letter, not the micro sign
    stated = {(f.value, f.unit) for f in _facts("ads1115") if f.spec == "statement"}
    assert (25.0, "μs") in stated
    # RFM95W: "TS_TR = 5μs +1.25×PaRamp+ …" is one term of a formula, not a figure stated
    rfm = [f for f in _facts("rfm95w") if f.spec == "statement" and "TS_TR" in f.parameter]
    assert rfm == []


@needs_pdfs
def test_a_parameter_description_table_names_each_row_by_its_sentence() -> None:
    # ESP32-WROOM-32 Table 4: "tH  Hold time is the time reserved for … 1" under "Min (ms)",
    # the sentence wrapped over the lines around the figure; Table 8 rows whose sentence
    # names no subject are stated whole.
    found = {
        (f.spec, f.parameter[:24], f.symbol, f.min, f.unit)
        for f in _facts("esp32-wroom-32")
        if f.symbol in ("tSU", "tH", "tRST")
    }
    assert found == {
        ("setup_time", "Setup time", "tSU", 0.0, "ms"),
        ("hold_time", "Hold time", "tH", 1.0, "ms"),
        ("statement", "Time reserved for CHIP_P", "tRST", 50.0, "µs"),
    }


@needs_pdfs
def test_a_label_that_ends_below_its_symbol_names_its_rows() -> None:
    # LM7805 page 3: "Quiescent Current" twice, "ΔIQ" on the line between, "Change" under it:
    # the second row and the one under "Change" are the quiescent current change, not IQ.
    rows = {
        (f.spec, f.condition, f.max)
        for f in _facts("lm7805")
        if f.citation == "lm7805#p3" and "Quiescent" in f.parameter
    }
    assert rows == {
        ("supply_current", "TJ =+25°C", 8.0),
        ("supply_current_change", "IO = 5 mA to 1 A", 0.5),
        ("supply_current_change", "VI = 7 V to 25 V", 1.3),
    }


@needs_pdfs
def test_a_label_continued_in_lower_case_names_the_rows_below() -> None:
    # RFM95W Table 9: "mode, LnaBoost off" and "with an external impedance" continue the
    # label above; the PA_BOOST row keeps the condition printed on its label's first line.
    rows = {
        (f.parameter, f.condition, f.typ)
        for f in _facts("rfm95w")
        if f.citation == "rfm95w#p17" and f.spec == "supply_current"
    }
    assert (
        "Supply current in receiver LoraTM mode, LnaBoost off",
        "Higher Bands, BW = 500 kHz",
        12.6,
    ) in rows
    assert (
        "Supply current in transmitter mode with an external impedance transformation",
        "Using PA_BOOST pin, RFOP = 17 dBm",
        90.0,
    ) in rows
    # "PSRR  vs Power Supply": a row with a symbol of its own is no continuation
    assert any(f.parameter == "vs Power Supply" for f in _facts("ina219"))


@needs_pdfs
def test_a_time_said_in_words_is_a_stated_figure() -> None:
    # DHT22: "don't send any instruction … within one second": wait at least 1 s
    dht = [(f.min, f.unit) for f in _facts("dht22") if f.spec == "statement"]
    assert (1.0, "s") in dht
    # HC-SR501: "for about a minute after power initialization"
    pir = [(f.value, f.unit) for f in _facts("hc-sr501") if f.spec == "statement"]
    assert (1.0, "min") in pir
    # L298: "a second smaller one must be foreseen": an ordinal, no time
    assert not any("second smaller" in f.parameter for f in _facts("l298"))
    # and the number in words traces to its evidence
    from search.datasheets._answer import numbers_in

    assert ("one", 1.0) in numbers_in("within one second to pass", evidence=True)


def test_a_count_in_thousands_is_read_without_a_guess(caplog: pytest.LogCaptureFixture) -> None:
    from search.datasheets._units import to_si

    # "Quantity per reel: 10 kpcs": kilo-pieces, never kilo-parsecs, and nothing to warn about
    with caplog.at_level("WARNING"):
        assert to_si(10, "kpcs") == (10000.0, "count")
    assert not caplog.records


@needs_pdfs
def test_axis_rows_under_a_heading_in_capitals_are_that_figure_per_axis() -> None:
    # MPU-6050 page 12: "GYROSCOPE MECHANICAL" / "FREQUENCIES" over "X-Axis  30  33  36  kHz"
    rows = {
        (f.condition, f.min, f.typ, f.max)
        for f in _facts("mpu-6050")
        if f.spec == "gyroscope_mechanical_frequencies"
    }
    assert rows == {
        ("X-Axis", 30.0, 33.0, 36.0),
        ("Y-Axis", 27.0, 30.0, 33.0),
        ("Z-Axis", 24.0, 27.0, 30.0),
    }


@needs_pdfs
def test_a_figure_joined_to_its_unit_by_a_hyphen_is_read() -> None:
    stated = {(f.value, f.unit): f.parameter for f in _facts("ads1115") if f.spec == "statement"}
    # "an approximately 8-µs conversion ready pulse"
    assert (8.0, "µs") in stated
    # "a 1-MHz internal oscillator … divided by 4 to generate fMOD at 250 kHz" states two
    # figures: no single figure of it stands for the sentence
    assert not any("1-MHz internal oscillator" in p for p in stated.values())


@needs_pdfs
def test_a_condition_cell_wrapped_round_its_figures_is_the_rows_condition() -> None:
    # "-500 mV < (INP - VCM) < 500 mV," / "-6.5  6.5  pA" / "85°C, VS = 0 V.": one condition
    # printed on the lines either side of the row's figures
    rows = [f for f in _facts("lmp91200") if f.max == 6.5 and f.unit == "pA"]
    assert [f.condition for f in rows] == ["–500 mV < (INP – VCM) < 500 mV, 85°C, VS = 0 V."]


@needs_pdfs
def test_a_figure_lifted_by_its_footnote_mark_stays_in_its_row() -> None:
    # INA219 "±0.3% (4)" is set a little above its row: the INA219B maximum, not a line
    rows = {
        (f.variant, f.parameter): f
        for f in _facts("ina219")
        if f.parameter.startswith("Current measurement error")
    }
    b = rows[("INA219B", "Current measurement error")]
    assert (b.typ, b.max) == (0.2, 0.3)
    assert rows[("INA219B", "Current measurement error over Temperature")].max == 0.5


@needs_pdfs
def test_the_junction_range_characteristics_are_specified_over_is_a_junction_limit() -> None:
    # LM78xx states no junction rating; each table is "-40°C < TJ < 125°C" (A parts: 0 °C)
    tj = [f for f in _facts("lm7805") if f.spec == "junction_temperature"]
    assert {f.max for f in tj} == {125.0} and {f.min for f in tj} == {-40.0, 0.0}
    assert "lm7805#p3" in {f.citation for f in tj}


@needs_pdfs
def test_memory_sizes_are_read_with_what_the_memory_is() -> None:
    sizes = {
        (f.parameter, f.value, f.unit) for f in _facts("esp32-wroom-32") if f.spec == "memory_size"
    }
    assert {("SRAM size", 520.0, "KB"), ("ROM size", 448.0, "KB")} <= sizes
    assert ("external SPI flash size", 4.0, "MB") in sizes


def test_a_markdown_documents_own_number(tmp_path: Path) -> None:
    from search.datasheets._markdown import read_markdown
    from search.datasheets._tables import markdown_facts

    doc = tmp_path / "spec.md"
    doc.write_text(
        "# Test spec\n\nAcme, document TS-0042. Revision 2.\n\n## 1. Scope\n\nAll boards.\n",
        encoding="utf-8",
    )
    facts, _ = markdown_facts(read_markdown(doc), "SRB-5030", "spec")
    numbers = [(f.value, f.citation) for f in facts if f.spec == "document_number"]
    assert numbers == [("TS-0042", "spec#0")]


@needs_pdfs
def test_a_row_above_a_blank_line_gap_takes_the_label_just_below() -> None:
    # RFM95W table 5: "RFOP = +20 dBm, on PA_BOOST  120 mA" sits a blank line under the
    # receive block and right over "Supply current in Transmit mode  RFOP = +17 dBm"
    rows = {
        f.condition: f.parameter
        for f in _facts("rfm95w")
        if f.citation == "rfm95w#p13" and f.spec == "supply_current"
    }
    assert rows["RFOP = +20 dBm, on PA_BOOST"] == "Supply current in Transmit mode"


@needs_pdfs
def test_rows_at_the_other_temperatures_continue_the_block_above() -> None:
    # LM358 input offset voltage: "TA = 25°C" under the label, then "TA = Thigh" and
    # "TA = Tlow" lines, each of every part's columns
    rows = {
        (f.variant, f.condition): f.max for f in _facts("lm358") if f.spec == "input_offset_voltage"
    }
    assert rows[("LM358", "TA = Thigh (Note 1)")] == 9.0
    assert rows[("LM2904V", "TA = Thigh (Note 1)")] == 13.0
    assert rows[("LM2904", "TA = Tlow (Note 1)")] == 10.0


@needs_pdfs
def test_a_feature_figure_with_its_bound_and_condition_in_brackets() -> None:
    # "Output low ON resistor: 0.5Ω (upper+lower Typ. @ VM ≥ 5 V)", "VM = 15 V(Max)"
    facts = _facts("tb6612fng")
    on = [f for f in facts if f.spec == "on_resistance"]
    assert [(f.typ, f.unit, f.condition) for f in on] == [(0.5, "Ω", "VM ≥ 5 V, upper+lower")]
    vm = [f for f in facts if f.spec == "supply_voltage" and f.citation == "tb6612fng#p1"]
    assert [(f.max, f.value) for f in vm] == [(15.0, None)]


@needs_pdfs
def test_pin_tables_give_each_pins_number_name_and_function() -> None:
    pins = {(f.extra["pin"], f.symbol): f for f in _facts("tb6612fng") if f.spec == "pin_function"}
    stby = pins[(19, "STBY")]
    assert stby.value == "pin 19 STBY (I): “L” = standby/200 kΩ pull-down at internal"
    assert stby.citation == "tb6612fng#p2" and stby.evidence.startswith("19")
    # two rows of one name share the function printed between them ("1  AO1" / "O  ch A
    # output 1" / "2  AO1"), stated by the three lines; rows of two names do not (VM2, VM3)
    assert pins[(1, "AO1")].value == "pin 1 AO1 (O): ch A output 1"
    assert pins[(2, "AO1")].value == "pin 2 AO1 (O): ch A output 1"
    assert pins[(1, "AO1")].evidence == "1  AO1 / O  ch A output 1 / 2  AO1"
    assert (13, "VM2") not in pins
    rate = next(f for f in _facts("hx711") if f.spec == "pin_function" and f.symbol == "RATE")
    assert rate.extra["pin"] == 15 and "0: 10Hz; 1: 80Hz" in str(rate.value)
    # a function that lists signal names, and one printed on the lines around its row
    esp = {f.extra["pin"]: f for f in _facts("esp32-wroom-32") if f.spec == "pin_function"}
    assert esp[4].value == "pin 4 SENSOR_VP (I): GPIO36, ADC1_CH0, RTC_GPIO0"
    assert esp[8].value.startswith("pin 8 IO32 (I/O): GPIO32, XTAL_32K_P (32.768 kHz")
    assert esp[8].value.endswith("ADC1_CH4, TOUCH9, RTC_GPIO9")
    # a table with a column per package ("1  Y  Y  CLKIN ...") is no pin table read here
    assert not [f for f in _facts("mpu-6050") if f.spec == "pin_function"]
