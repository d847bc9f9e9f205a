"""Conditions stated in a question (address straps, a supply, engineers' wording) change the
answer: hand-written facts, so each rule is tested apart from extraction."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _qa_fixtures import esp32_supply, fact

from search.datasheets._compat import DeviceUse, check_compatibility, combine, straps_in
from search.datasheets._extract import is_supply_relative
from search.datasheets._facts import FactStore
from search.datasheets._qa import DatasheetQA
from search.datasheets._retrieval import FactIndex
from search.datasheets._route import normalize_question, parse_question


def _addr(device: str, value: str, condition: str, citation: str) -> object:
    return fact(
        device=device,
        spec="i2c_address",
        parameter="I2C address",
        value=value,
        condition=condition,
        citation=citation,
        evidence=f"{condition} {value}",
    )


def _store() -> FactStore:
    facts = [
        # Two-pin table printed A1 then A0 (INA219-style), one-pin table (ADS1115-style).
        _addr("INA219", "0x40", "GND GND", "ina#p14"),
        _addr("INA219", "0x41", "GND VS+", "ina#p14"),
        _addr("INA219", "0x44", "VS+ GND", "ina#p14"),
        _addr("INA219", "0x48", "SDA GND", "ina#p14"),
        _addr("ADS1115", "0x48", "GND", "ads#p23"),
        _addr("ADS1115", "0x49", "VDD", "ads#p23"),
        # Sentence and "= 0" styles.
        _addr("CCS811", "0x5A", "When ADDR is low the 7 bit address is hex 0x5A", "ccs#p4"),
        _addr("CCS811", "0x5B", "When ADDR is high the 7 bit address is hex 0x5B", "ccs#p4"),
        _addr("MPU-6050", "0x68", "AD0 = 0", "mpu#p15"),
        _addr("MPU-6050", "0x69", "AD0 = 1", "mpu#p15"),
        # A prose row naming both addresses cannot be read as one strap row.
        _addr("BME280", "0x76", "1110110 (0x76); connecting it to VDDIO gives 0x77", "bme#p32"),
        _addr("BME280", "0x77", "1110110 (0x76); connecting it to VDDIO gives 0x77", "bme#p32"),
        esp32_supply("esp#p26"),
        fact(
            device="ESP32-WROOM-32",
            spec="output_voltage_high",
            parameter="High-level output voltage",
            unit="V",
            section_kind="recommended_operating",
            citation="esp#p26",
            evidence="VOH High-level output voltage 0.8×VDD",
            extra={"min_text": "0.8×VDD"},
        ),
        fact(
            device="ESP32-WROOM-32",
            spec="output_voltage_low",
            parameter="Low-level output voltage",
            unit="V",
            section_kind="recommended_operating",
            citation="esp#p26",
            evidence="VOL Low-level output voltage 0.1×VDD",
            extra={"max_text": "0.1×VDD"},
        ),
        fact(
            device="ESP32-WROOM-32",
            spec="interface",
            parameter="Interface",
            value="SPI",
            citation="esp#p2",
            evidence="SPI",
            extra={"protocols": ["SPI"]},
        ),
        fact(
            device="MCP3008",
            spec="logic_high_threshold",
            parameter="High Level Input Voltage",
            unit="V",
            section_kind="electrical_characteristics",
            citation="mcp#p4",
            evidence="High Level Input Voltage VIH 0.7 VDD V",
            extra={"min_text": "0.7 VDD"},
        ),
        fact(
            device="MCP3008",
            spec="logic_low_threshold",
            parameter="Low Level Input Voltage",
            unit="V",
            section_kind="electrical_characteristics",
            citation="mcp#p4",
            evidence="Low Level Input Voltage VIL 0.3 VDD V",
            extra={"max_text": "0.3 VDD"},
        ),
        fact(
            device="MCP3008",
            spec="interface",
            parameter="Interface",
            value="SPI",
            citation="mcp#p1",
            evidence="SPI",
            extra={"protocols": ["SPI"]},
        ),
        fact(
            device="SRB-5030",
            spec="undervoltage_lockout",
            parameter="Undervoltage lockout, rising",
            typ=8.2,
            unit="V",
            section_kind="electrical_characteristics",
            citation="srb#4",
            evidence="Undervoltage lockout, rising 8.2 V",
        ),
        fact(
            device="SRB-5030",
            spec="undervoltage_lockout",
            parameter="Undervoltage lockout, falling",
            typ=7.8,
            unit="V",
            section_kind="electrical_characteristics",
            citation="srb#4",
            evidence="Undervoltage lockout, falling 7.8 V",
        ),
    ]
    return FactStore(facts)


@pytest.fixture(scope="module")
def qa() -> DatasheetQA:
    return DatasheetQA(_store())


def test_straps_are_read_most_significant_pin_first() -> None:
    assert straps_in(" strapped A0=GND, A1=SDA and") == (("A1", "SDA"), ("A0", "GND"))
    assert straps_in(" with AD0 tied low") == (("AD0", "GND"),)
    assert straps_in(" with ADDR high") == (("ADDR", "VDD"),)
    assert straps_in(" with nothing said") == ()


def test_strapped_addresses_clash(qa: DatasheetQA) -> None:
    a = qa.ask("INA219 strapped A1=SDA, A0=GND and an ADS1115 with ADDR to GND on one I2C bus?")
    assert a.verdict == "incompatible"
    assert "0x48" in a.answer and "0x40" not in a.answer


def test_strapped_addresses_that_differ_are_compatible(qa: DatasheetQA) -> None:
    a = qa.ask("INA219 with A1=GND, A0=VS+ and an ADS1115 with ADDR to GND on the same I2C bus?")
    assert a.verdict == "compatible"
    assert "0x41" in a.answer


def test_two_parts_with_the_same_strap_clash(qa: DatasheetQA) -> None:
    assert qa.ask("Two MPU-6050s, both with AD0 low, on the same I2C bus?").verdict == (
        "incompatible"
    )
    assert qa.ask("Two CCS811 both with ADDR low on one I2C bus?").verdict == "incompatible"
    # Without straps, two parts can still take the two addresses.
    assert qa.ask("Two MPU-6050s on the same I2C bus?").verdict == "compatible"


def test_unreadable_strap_rows_keep_every_address(qa: DatasheetQA) -> None:
    a = qa.ask("BME280 with SDO to GND plus an MPU-6050 with AD0 low on one I2C bus - conflict?")
    assert a.verdict == "compatible"
    assert "no address row read" in a.answer


def test_supply_relative_threshold_evaluated_at_stated_supply() -> None:
    index = FactIndex(_store())
    src = DeviceUse("ESP32-WROOM-32", supply_v=3.3)
    at5 = check_compatibility(index, [src, DeviceUse("MCP3008", supply_v=5.0)], ["logic_levels"])
    at27 = check_compatibility(index, [src, DeviceUse("MCP3008", supply_v=2.7)], ["logic_levels"])
    assert combine(at5) == "incompatible"  # 0.8 × 3.3 = 2.64 V < 0.7 × 5 = 3.5 V
    assert combine(at27) == "compatible"  # 2.64 V ≥ 0.7 × 2.7 = 1.89 V


def test_levels_checked_even_when_both_share_the_bus(qa: DatasheetQA) -> None:
    a = qa.ask(
        "ESP32-WROOM-32 talking SPI to an MCP3008 powered from 5 V (VDD = 5 V): "
        "are the logic levels compatible?"
    )
    assert {c.rule for c in a.checks} >= {"interface", "logic_levels"}
    assert a.verdict == "incompatible"


def test_lower_case_rail_names_are_supply_relative() -> None:
    assert is_supply_relative("Vcc×0.7") and is_supply_relative("Vcc+0.2")
    assert not is_supply_relative("0.7")


@pytest.mark.parametrize(
    ("question", "spec"),
    [
        ("How accurate is the DHT22 humidity reading?", "accuracy"),
        ("At what frequency does the SRB-5030 switch?", "switching_frequency"),
        ("What is the maximum output power of the MDN-4010 supply?", "output_power"),
        ("TRN-2400 max input power?", "input_power"),
        ("YF-S201: how many pulses per litre?", "pulse_factor"),
        ("How long does one BH1750 measurement take?", "conversion_time"),
        ("How much current must the power supply deliver to an ESP32-WROOM-32?", "supply_current"),
        ("What gain does channel B of the HX711 have?", "gain"),
        ("SRB-5030 UVLO thresholds?", "undervoltage_lockout"),
        ("DS18B20 minimum logic-high input voltage on DQ?", "logic_high_threshold"),
        ("DS18B20 logic low voltage on DQ, max?", "logic_low_threshold"),
        ("acs712 Icc max?", "supply_current"),
        (
            "How much current does the supply feeding an ESP32 need to be able to deliver?",
            "supply_current",
        ),
    ],
)
def test_engineers_wording_names_a_spec(question: str, spec: str) -> None:
    p = parse_question(question)
    assert p.specs and p.specs[0][0] == spec, p.specs
    # "the MDN-4010 supply" names the kind of device, not its supply voltage.
    assert ("supply_voltage",) not in p.specs


def test_rows_differing_only_in_typ_are_both_answered(qa: DatasheetQA) -> None:
    a = qa.ask("SRB-5030 undervoltage lockout thresholds?")
    assert "8.2" in a.answer and "7.8" in a.answer


def _signal_store() -> FactStore:
    alt_out = "one of the listed alternatives 0.5～4.5/0.2～2.7"
    alt_sup = "one of the listed alternatives 5.0/3.3"
    return FactStore(
        [
            fact(
                device="XGZP6847A",
                spec="supply_voltage",
                parameter="Power Supply",
                typ=5.0,
                unit="V",
                condition=alt_sup,
                section_kind="electrical_characteristics",
                citation="xg#p2",
                evidence="Power Supply 5.0/3.3 Vdc",
            ),
            fact(
                device="XGZP6847A",
                spec="supply_voltage",
                parameter="Power Supply",
                typ=3.3,
                unit="V",
                condition=alt_sup,
                section_kind="electrical_characteristics",
                citation="xg#p2",
                evidence="Power Supply 5.0/3.3 Vdc",
            ),
            fact(
                device="XGZP6847A",
                spec="output_voltage_range",
                parameter="Output Range",
                min=0.5,
                max=4.5,
                unit="V",
                condition=alt_out,
                section_kind="electrical_characteristics",
                citation="xg#p2",
                evidence="Output Range 0.5～4.5/0.2～2.7 Vdc",
            ),
            fact(
                device="XGZP6847A",
                spec="output_voltage_range",
                parameter="Output Range",
                min=0.2,
                max=2.7,
                unit="V",
                condition=alt_out,
                section_kind="electrical_characteristics",
                citation="xg#p2",
                evidence="Output Range 0.5～4.5/0.2～2.7 Vdc",
            ),
            fact(
                device="MCP3008",
                spec="input_voltage_range",
                parameter="Input Voltage Range",
                unit="V",
                section_kind="electrical_characteristics",
                citation="mcp#p3",
                evidence="Input Voltage Range for CH0 VSS — VREF V",
                extra={"min_text": "VSS", "max_text": "VREF"},
            ),
            *(
                fact(
                    device="ESP32-WROOM-32",
                    spec="input_voltage_range",
                    parameter="Effective measurement range",
                    min=lo,
                    max=hi,
                    unit="mV",
                    condition=f"Atten = {n}",
                    section_kind="electrical_characteristics",
                    citation="esp#p24",
                    evidence=f"Atten = {n}, effective measurement range of {lo} ∼ {hi} mV",
                )
                for n, lo, hi in ((2, 150, 1750), (3, 150, 2450))
            ),
        ]
    )


@pytest.fixture(scope="module")
def sqa() -> DatasheetQA:
    return DatasheetQA(_signal_store())


def test_vref_bound_is_evaluated_at_the_stated_reference(sqa: DatasheetQA) -> None:
    ok = sqa.ask("XGZP6847A on a 5 V supply feeding an MCP3008 with VDD = VREF = 5 V - in range?")
    low = sqa.ask("XGZP6847A on a 5 V supply feeding an MCP3008 with VREF = 2.5 V - in range?")
    none = sqa.ask("XGZP6847A on a 5 V supply feeding an MCP3008 channel - in range?")
    assert (ok.verdict, low.verdict, none.verdict) == (
        "compatible",
        "incompatible",
        "insufficient_evidence",
    )


def test_parallel_alternatives_pair_output_with_supply(sqa: DatasheetQA) -> None:
    a = sqa.ask("Can a 3.3 V-powered XGZP6847A output go into an MCP3008 with VREF = 3.3 V?")
    # At 3.3 V the 0.2…2.7 V output applies, not the 5 V part's 0.5…4.5 V.
    assert a.verdict == "compatible", a.answer
    assert "4.5" not in a.answer


def test_range_per_setting_is_read_at_the_setting_stated(sqa: DatasheetQA) -> None:
    q = "Can I read a 5 V-powered XGZP6847A output on an ESP32-WROOM-32 ADC pin"
    at3 = sqa.ask(q + " at atten = 3?")
    assert at3.verdict == "incompatible"
    # 2450 mV is compared as 2.45 V, shown as the conversion it is.
    assert "2.45" in at3.answer and any("2450" in d.expression for d in at3.derived)
    # no setting named: 0.5-4.5 V is past the range at every setting printed
    assert "at every atten setting" in sqa.ask(q + "?").answer
    assert sqa.ask(q + " at atten = 7?").verdict == "insufficient_evidence"


def test_io_rail_supply_row_is_the_logic_supply() -> None:
    from search.datasheets._extract import map_spec

    assert map_spec("Supply Voltage", "VDDIO", "electrical_characteristics") == (
        "logic_supply_voltage"
    )
    assert map_spec("Supply Voltage", "VDD", "electrical_characteristics") == "supply_voltage"


def test_bus_names_are_not_part_names() -> None:
    p = parse_question("Can I hang a DHT22 on the same 1-Wire bus as my DS18B20 sensors?")
    assert p.unknown_parts == []
    assert p.route == "compatibility"


def test_named_product_without_datasheet_is_an_unknown_party() -> None:
    p = parse_question("Can an SRB-5030 power a Raspberry Pi 4?")
    assert p.unknown_parts == ["Raspberry Pi 4"] and p.route == "compatibility"


def test_datasheet_denying_a_bus_makes_sharing_it_incompatible() -> None:
    store = FactStore(
        [
            fact(
                device="DHT22",
                spec="interface",
                parameter="Interface",
                value="1-Wire",
                citation="dht#p1",
                evidence="digital signal via 1-wire bus",
                extra={"protocols": ["1-Wire"]},
            ),
            fact(
                device="DHT22",
                spec="interface",
                parameter="Incompatible bus",
                value="not compatible with Dallas 1-wire bus",
                citation="dht#p2",
                evidence="it's incompatible with Dallas 1-wire bus",
                extra={"not_protocols": ["1-Wire"]},
            ),
            fact(
                device="DS18B20",
                spec="interface",
                parameter="Interface",
                value="1-Wire",
                citation="ds#p1",
                evidence="Unique 1-Wire Interface",
                extra={"protocols": ["1-Wire"]},
            ),
        ]
    )
    qa = DatasheetQA(store)
    a = qa.ask("Can I hang a DHT22 on the same 1-Wire bus as my DS18B20 sensors?")
    assert a.verdict == "incompatible" and "dht#p2" in a.citations
    assert qa.ask("Can two DS18B20 share one 1-Wire bus?").verdict == "compatible"


def test_exact_variant_beats_a_suffixed_variant() -> None:
    rows = [
        fact(
            device="LM7805",
            variant=variant,
            spec="output_voltage",
            parameter="Output Voltage",
            min=lo,
            typ=5.0,
            max=hi,
            unit="V",
            condition="IO = 5 mA to 1 A",
            section_kind="electrical_characteristics",
            citation=cite,
            evidence=f"Output Voltage IO = 5 mA to 1 A {lo} 5.0 {hi}",
        )
        for variant, lo, hi, cite in (
            ("LM7805", 4.75, 5.25, "lm#p3"),
            ("LM7805A", 4.8, 5.2, "lm#p12"),
        )
    ]
    a = DatasheetQA(FactStore(rows)).ask("LM7805 output voltage limits over IO = 5 mA to 1 A?")
    assert "4.75" in a.answer and "4.8 " not in a.answer and a.citations == ["lm#p3"]


def test_per_range_tempco_table_gives_a_figure_per_range(tmp_path: Path) -> None:
    from search.datasheets._markdown import read_markdown
    from search.datasheets._tables import markdown_facts

    md = tmp_path / "meter.md"
    md.write_text(
        "# Meter manual\n\n## 2. Accuracy\n\n"
        "| Range | Temperature coefficient, per degC outside the band |\n| --- | --- |\n"
        "| 1 V | 3.0 ppm of reading + 0.5 ppm of range |\n| 10 V | 3.5 + 0.5 |\n",
        encoding="utf-8",
    )
    facts, _ = markdown_facts(read_markdown(md), "MDN-6100", "meter")
    drift = {f.applies_to["range"]: f.value for f in facts if f.spec == "drift"}
    assert drift == {"1 V": "3.0 ppm of reading + 0.5 ppm of range", "10 V": "3.5 + 0.5"}
    a = DatasheetQA(FactStore(facts)).ask("MDN-6100 temperature coefficient on the 10 V range?")
    assert a.status == "answered" and "3.5 + 0.5" in a.answer and "3.0" not in a.answer


def test_derating_sentence_gives_a_rating_per_temperature(tmp_path: Path) -> None:
    from search.datasheets._markdown import read_markdown
    from search.datasheets._tables import markdown_facts

    md = tmp_path / "reg.md"
    md.write_text(
        "# Regulator\n\n## 3. Recommended Operating Conditions\n\n"
        "Above 70 degC ambient, derate the output current linearly from 3.0 A at 70 degC to "
        "1.5 A at\n85 degC.\n",
        encoding="utf-8",
    )
    facts, _ = markdown_facts(read_markdown(md), "SRB-5030", "reg")
    rated = {(f.applies_to["ambient_c"], f.max) for f in facts if f.spec == "output_current"}
    assert rated == {(70.0, 3.0), (85.0, 1.5)}
    p = parse_question("How much output current can the SRB-5030 deliver at 85 degC ambient?")
    assert p.specs == [("output_current",)]  # the ambient is a condition, not a request
    a = DatasheetQA(FactStore(facts)).ask(
        "How much output current can the SRB-5030 deliver at 85 degC ambient?"
    )
    assert "1.5" in a.answer and "3 A" not in a.answer
    # Between the two, the limit is interpolated; the rows it lies between are its basis only.
    a = DatasheetQA(FactStore(facts)).ask("SRB-5030 output current at 80 degC ambient?")
    assert [(it.max, it.unit) for it in a.items] == [(2.0, "A")], a.answer
    assert [d.result for d in a.derived] == [2.0] and not a.violations
    # ...and the other way round: the hottest ambient at which a stated load is allowed.
    a = DatasheetQA(FactStore(facts)).ask("I need 2.5 A from the SRB-5030: up to what ambient?")
    assert [(it.max, it.unit) for it in a.items] == [(75.0, "°C")], a.answer
    assert [d.result for d in a.derived] == [75.0] and not a.violations


def test_one_pin_at_two_levels_is_no_strap() -> None:
    assert straps_in(" one with AD0 high and one with AD0 low") == ()


@pytest.mark.parametrize(
    ("question", "bound"),
    [
        ("AMS1117-5.0 ripple rejection at 120 Hz - minimum and typical?", None),
        ("bme280 sleep mode current - worst case number, not typ?", "max"),
        ("how long can a BH1750 H-res measurement take, worst case", "max"),
        # the worst case of a regulated voltage is both ends of its band
        ("AMS1117-3.3 output voltage, worst case over temperature?", None),
        ("fastest sample rate on the ADS1115?", "max"),
        ("DS18B20: the longest a presence-detect low pulse may last?", "max"),
        ("shortest reset pulse the DS18B20 accepts?", "min"),
        ("roughly how long before the INA219 SMBus timeout fires?", "typ"),
        ("DS18B20 - what's the worst-case EEPROM (NV) write cycle time?", "max"),
        ("LM7805 output voltage at 25 °C (min-max)?", None),
        ("AMS1117 dropout, min to max?", None),
    ],
)
def test_bound_words(question: str, bound: str | None) -> None:
    assert parse_question(question).bound == bound


def test_a_disowned_absolute_maximum_is_not_asked() -> None:
    p = parse_question("highest VDD the CCS811 is specified to run at? I don't mean the abs max.")
    assert not p.absolute_max


def test_query_reply_rail_about_and_vlogic_wording() -> None:
    assert parse_question("MDN-4010 MEAS:VOLT? comes back 12.000 - how good?").reading == (
        "12.000",
        "V",
    )
    assert parse_question("TB6612FNG with VM about 3.7 V: output current?").stated_voltages == [3.7]
    assert ("logic_supply_voltage",) in parse_question("MPU-6050 lowest VLOGIC allowed?").specs


def test_calibrated_yesterday_is_the_24_hour_interval() -> None:
    p = parse_question("MDN6100 was calibrated yesterday. I read 3.3 V on the 10 V range - +/-?")
    assert p.interval == "24h"


def test_what_a_part_needs_from_its_host_is_a_compatibility_question() -> None:
    p = parse_question(
        "CCS811 on an ESP32's I2C - does the ESP32 meet what the CCS811 needs from the host?"
    )
    assert p.route == "compatibility"


def test_a_relay_coil_nominal_current_and_power_are_specs() -> None:
    p = parse_question("SRD-05VDC-SL-C coil: nominal current, coil resistance and coil power?")
    assert [c[0] for c in p.specs] == ["coil_current", "coil_resistance", "coil_power"]


def test_gain_error_is_one_spec() -> None:
    assert parse_question("MCP3008 gain error?").specs == [
        ("gain_error", "current_sense_gain_error")
    ]


def test_mode_initials_and_power_applied_wording() -> None:
    # "low-resolution mode" is the datasheet's "L-Resolution Mode"
    assert "L-resolution mode" in normalize_question("BH1750 in low-resolution mode: time?")
    p = parse_question("How long after power is applied does an ACS712 output reach 90 %?")
    assert p.specs and "power_on_time" in p.specs[0]
