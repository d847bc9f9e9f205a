"""Conditions stated in a question (address straps, a supply, engineers' wording) change the
answer: hand-written facts, so each rule is tested apart from extraction."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _qa_fixtures import fact

from search.datasheets._compat import DeviceUse, check_compatibility, combine, straps_in
from search.datasheets._extract import is_supply_relative
from search.datasheets._facts import FactStore
from search.datasheets._qa import DatasheetQA
from search.datasheets._retrieval import FactIndex
from search.datasheets._route import parse_question


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
        fact(
            device="ESP32-WROOM-32",
            spec="supply_voltage",
            parameter="Power supply voltage",
            min=3.0,
            typ=3.3,
            max=3.6,
            unit="V",
            section_kind="recommended_operating",
            citation="esp#p26",
            evidence="VDD33 Power supply voltage 3.0 3.3 3.6 V",
        ),
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
