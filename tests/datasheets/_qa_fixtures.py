"""Hand-written facts (figures with their citations) for the QA tests, independent of extraction."""

from __future__ import annotations

from typing import Any

from search.datasheets._facts import Fact, FactStore, Notice


def fact(**kw: Any) -> Fact:
    """A fact with an id."""
    return Fact(**kw).with_id()


ADS_ABS = "Analog input voltage AIN0, AIN1, AIN2, AIN3 GND – 0.3 VDD + 0.3 V"
ADS_ROC = "V(AINx) Absolute input voltage GND VDD V"


def esp32_supply(citation: str) -> Fact:
    """The ESP32-WROOM-32 module's recommended supply row, cited where a test wants it."""
    return fact(
        device="ESP32-WROOM-32",
        spec="supply_voltage",
        parameter="Power supply voltage",
        min=3.0,
        typ=3.3,
        max=3.6,
        unit="V",
        section_kind="recommended_operating",
        citation=citation,
        evidence="VDD33 Power supply voltage 3.0 3.3 3.6 V",
    )


def bme280_pin_rating() -> Fact:
    """The BME280's absolute maximum on its interface pins, written relative to VDDIO."""
    return fact(
        device="BME280",
        spec="absolute_max_input_voltage",
        parameter="Voltage at any interface pin",
        min=-0.3,
        unit="V",
        section_kind="absolute_maximum",
        citation="bme280#p13",
        evidence="Voltage at any interface pin -0.3 VDDIO + 0.3 V",
        extra={"max_text": "VDDIO + 0.3"},
    )


def small_store() -> FactStore:
    """A store with the facts the rule tests need."""
    facts = [
        fact(
            device="ADS1115",
            spec="absolute_max_input_voltage",
            parameter="Analog input voltage",
            unit="V",
            section_kind="absolute_maximum",
            citation="ads1115#p6",
            evidence=ADS_ABS,
        ),
        fact(
            device="ADS1115",
            spec="input_voltage_range",
            parameter="Absolute input voltage",
            unit="V",
            section_kind="recommended_operating",
            citation="ads1115#p6",
            evidence=ADS_ROC,
        ),
        fact(
            device="ADS1115",
            spec="supply_voltage",
            parameter="Power supply (VDD to GND)",
            min=2.0,
            max=5.5,
            unit="V",
            section_kind="recommended_operating",
            citation="ads1115#p6",
            evidence="Power supply (VDD to GND) 2 5.5 V",
        ),
        fact(
            device="ADS1115",
            spec="absolute_max_supply_voltage",
            parameter="Power-supply voltage",
            min=-0.3,
            max=7.0,
            unit="V",
            section_kind="absolute_maximum",
            citation="ads1115#p6",
            evidence="Power-supply voltage VDD to GND –0.3 7 V",
        ),
        fact(
            device="ADS1115",
            spec="full_scale_range",
            parameter="Full-scale input voltage range",
            min=0.256,
            max=6.144,
            unit="V",
            section_kind="recommended_operating",
            citation="ads1115#p6",
            evidence="FSR Full-scale input voltage range(2) (VIN = V(AINP) – V(AINN)) "
            "±0.256 ±6.144 V",
        ),
        fact(
            device="ADS1115",
            spec="i2c_address",
            value="0x48, 0x49, 0x4A, 0x4B",
            section_kind="general",
            citation="ads1115#p23",
            evidence="ADDR pin connected to GND 1001000 (0x48), VDD 0x49, SDA 0x4A, SCL 0x4B",
        ),
        fact(
            device="ADS1115",
            spec="interface",
            value="I2C",
            section_kind="general",
            citation="ads1115#p1",
            evidence="I2C-compatible serial interface",
        ),
        fact(
            device="ACS712",
            spec="supply_voltage",
            parameter="Supply Voltage",
            min=4.5,
            typ=5.0,
            max=5.5,
            unit="V",
            section_kind="electrical_characteristics",
            citation="acs712#p4",
            evidence="Supply Voltage VCC 4.5 5.0 5.5 V",
        ),
        fact(
            device="ACS712",
            spec="absolute_max_supply_voltage",
            parameter="Supply Voltage",
            max=8.0,
            unit="V",
            section_kind="absolute_maximum",
            citation="acs712#p2",
            evidence="Supply Voltage VCC 8 V",
        ),
        fact(
            device="ACS712",
            spec="output_voltage",
            parameter="Zero Current Output Voltage",
            value="VCC × 0.5",
            unit="V",
            section_kind="electrical_characteristics",
            citation="acs712#p4",
            evidence="Zero Current Output Voltage VIOUT(Q) Bidirectional; IP = 0 A, TA = 25°C – "
            "VCC × 0.5 – V",
        ),
        fact(
            device="ACS712",
            variant="05B",
            spec="sensitivity",
            parameter="Sensitivity",
            min=180,
            typ=185,
            max=190,
            unit="mV/A",
            section_kind="electrical_characteristics",
            citation="acs712#p5",
            evidence="Sensitivity Sens Over full range of IP, TA = 25°C 180 185 190 mV/A",
        ),
        fact(
            device="ACS712",
            variant="05B",
            spec="measurement_range",
            parameter="Optimized Range",
            min=-5,
            max=5,
            value=5.0,
            unit="A",
            section_kind="ordering",
            citation="acs712#p2",
            extra={"plus_minus": True},
            evidence="ACS712ELCTR-05B-T Tape and reel, 3000 pieces/reel –40 to 85 ±5 185",
        ),
        fact(
            device="AMS1117",
            variant="AMS1117-3.3",
            spec="output_voltage",
            parameter="Output Voltage",
            min=3.201,
            typ=3.3,
            max=3.399,
            unit="V",
            condition="0 ≤ IOUT ≤ 1A, 4.75V ≤ VIN ≤ 12V",
            section_kind="electrical_characteristics",
            citation="ams1117#p2",
            evidence="AMS1117-3.3 4.75V ≤ VIN ≤ 12V 3.251 3.201 3.300 3.300 3.349 3.399 V V",
        ),
        fact(
            device="AMS1117",
            variant="AMS1117-5.0",
            spec="output_voltage",
            parameter="Output Voltage",
            min=4.9,
            typ=5.0,
            max=5.1,
            unit="V",
            section_kind="electrical_characteristics",
            citation="ams1117#p2",
            evidence="AMS1117-5.0 6.5V ≤ VIN ≤ 12V 4.925 4.900 5.000 5.000 5.075 5.100 V V",
        ),
        fact(
            device="AMS1117",
            spec="output_current",
            parameter="Output Current",
            value=1.0,
            unit="A",
            section_kind="general",
            citation="ams1117#p1",
            evidence="Output Current of 1A",
        ),
        fact(
            device="AMS1117",
            spec="dropout_voltage",
            parameter="Dropout Voltage",
            typ=1.1,
            max=1.3,
            unit="V",
            section_kind="electrical_characteristics",
            citation="ams1117#p2",
            evidence="Dropout Voltage (VIN - VOUT) ∆VOUT , ∆VREF = 1%, IOUT = 1A (Note 4) "
            "1.1 1.3 V",
        ),
        esp32_supply("esp32-wroom-32#p26"),
        fact(
            device="ESP32-WROOM-32",
            spec="absolute_max_supply_voltage",
            parameter="Power supply voltage",
            min=-0.3,
            max=3.6,
            unit="V",
            section_kind="absolute_maximum",
            citation="esp32-wroom-32#p26",
            evidence="VDD33 Power supply voltage –0.3 3.6 V",
        ),
        fact(
            device="ESP32-WROOM-32",
            spec="supply_current",
            parameter="Current delivered by external power supply",
            min=0.5,
            unit="A",
            section_kind="recommended_operating",
            citation="esp32-wroom-32#p26",
            evidence="IV DD Current delivered by external power supply 0.5 - - A",
        ),
        fact(
            device="ESP32-WROOM-32",
            spec="output_voltage_high",
            parameter="High-level output voltage",
            value="0.8×VDD",
            unit="V",
            section_kind="electrical_characteristics",
            citation="esp32-wroom-32#p26",
            evidence="VOH High-level output voltage 0.8×VDD1 - - V",
        ),
        fact(
            device="ESP32-WROOM-32",
            spec="output_voltage_low",
            parameter="Low-level output voltage",
            value="0.1×VDD",
            unit="V",
            section_kind="electrical_characteristics",
            citation="esp32-wroom-32#p26",
            evidence="VOL Low-level output voltage - - 0.1×VDD1 V",
        ),
        fact(
            device="ADS1115",
            spec="logic_high_threshold",
            parameter="High-level input voltage",
            max=5.5,
            unit="V",
            section_kind="electrical_characteristics",
            citation="ads1115#p7",
            evidence="VIH High-level input voltage 0.7 VDD 5.5 V",
        ),
        fact(
            device="ADS1115",
            spec="logic_low_threshold",
            parameter="Low-level input voltage",
            unit="V",
            section_kind="electrical_characteristics",
            citation="ads1115#p7",
            evidence="VIL Low-level input voltage GND 0.3 VDD V",
        ),
        fact(
            device="LM7805",
            spec="output_voltage",
            parameter="Output Voltage",
            min=4.8,
            typ=5.0,
            max=5.2,
            unit="V",
            section_kind="electrical_characteristics",
            citation="lm7805#p4",
            evidence="Output Voltage VO TJ = +25°C 4.8 5.0 5.2 V",
        ),
        fact(
            device="LM7805",
            spec="output_current",
            parameter="Output Current",
            value=1.0,
            unit="A",
            section_kind="general",
            citation="lm7805#p1",
            evidence="Output Current up to 1A",
        ),
        fact(
            device="LM7805",
            spec="dropout_voltage",
            parameter="Dropout Voltage",
            typ=2.0,
            unit="V",
            section_kind="electrical_characteristics",
            citation="lm7805#p4",
            evidence="Dropout Voltage VDrop IO = 1A, TJ = +25°C - 2 - V",
        ),
        fact(
            device="BME280",
            spec="i2c_address",
            value="0x76 or 0x77",
            section_kind="general",
            citation="bme280#p32",
            evidence="The 7-bit device address is 111011x ... 0x76 ... 0x77",
        ),
        fact(
            device="BME280",
            spec="supply_voltage",
            parameter="Supply Voltage Internal Domains",
            min=1.71,
            typ=1.8,
            max=3.6,
            unit="V",
            section_kind="electrical_characteristics",
            citation="bme280#p8",
            evidence="Supply Voltage Internal Domains VDD 1.71 1.8 3.6 V",
        ),
        fact(
            device="BME280",
            spec="operating_temperature",
            parameter="Operating temperature",
            min=-40,
            max=85,
            unit="°C",
            section_kind="general",
            citation="bme280#p8",
            evidence="Operating temperature range -40 ... +85 °C",
        ),
        fact(
            device="BME280",
            spec="interface",
            value="I2C and SPI",
            section_kind="general",
            citation="bme280#p1",
            evidence="Digital interface I²C (up to 3.4 MHz) and SPI",
        ),
        fact(
            device="BH1750",
            spec="i2c_address",
            value="0x23 or 0x5C",
            section_kind="general",
            citation="bh1750#p10",
            evidence="ADDR = 'L' 0100011 (0x23); ADDR = 'H' 1011100 (0x5C)",
        ),
        fact(
            device="MCP3008",
            spec="interface",
            value="SPI",
            section_kind="general",
            citation="mcp3008#p1",
            evidence="SPI serial interface (modes 0,0 and 1,1)",
        ),
        fact(
            device="SRB-5030",
            spec="input_voltage_range",
            parameter="Input voltage, VIN",
            min=9.0,
            typ=24.0,
            max=36.0,
            unit="V",
            section_kind="recommended_operating",
            citation="srb5030-datasheet#3",
            evidence="| Input voltage, VIN | 9.0 | 24.0 | 36.0 | V |",
            superseded_by="ecn-2608-04#1",
            superseded_for={"board_revision": ["A", "B"]},
        ),
        fact(
            device="SRB-5030",
            spec="absolute_max_input_voltage",
            parameter="Input voltage, VIN to RTN",
            min=-0.3,
            max=40.0,
            unit="V",
            section_kind="absolute_maximum",
            citation="srb5030-datasheet#2",
            evidence="| Input voltage, VIN to RTN | -0.3 | 40.0 | V |",
        ),
        fact(
            device="SRB-5030",
            spec="input_voltage_range",
            parameter="maximum continuous input voltage",
            max=32.0,
            unit="V",
            section_kind="notice",
            citation="ecn-2608-04#1",
            applies_to={"board_revision": ["A", "B"]},
            supersedes="srb5030-datasheet#3",
            evidence="The maximum continuous input voltage of the SRB-5030 is **32.0 V** for board "
            "revisions A and B.",
        ),
    ]
    for rng, r24, r90, r1y in (
        ("100 mV", (15, 30), (25, 35), (40, 35)),
        ("10 V", (12, 2), (25, 4), (35, 5)),
    ):
        for interval, (a, b) in (("24 hour", r24), ("90 day", r90), ("1 year", r1y)):
            facts.append(
                fact(
                    device="MDN-6100",
                    spec="accuracy",
                    parameter="DC volts accuracy",
                    section_kind="accuracy",
                    citation="mdn6100-programming-manual#2",
                    applies_to={
                        "range": rng,
                        "calibration_interval": interval,
                        "function": "DC volts",
                    },
                    extra={"pct_reading": a / 1e4, "pct_range": b / 1e4},
                    evidence=(
                        f"| {rng} | {r24[0]} + {r24[1]} | {r90[0]} + {r90[1]} "
                        f"| {r1y[0]} + {r1y[1]} |"
                    ),
                )
            )
    facts.append(
        fact(
            device="MDN-4010",
            spec="accuracy",
            parameter="Voltage readback",
            section_kind="accuracy",
            citation="mdn4010-programming-manual#2",
            applies_to={"range": "40 V", "calibration_interval": "1 year"},
            evidence="| Voltage readback | 0 to 40.000 V | 0.1 mV | +/-(0.05% of reading + 5 mV) |",
        )
    )
    notices = [
        Notice(
            id="n1",
            doc="ecn-2608-04",
            citation="ecn-2608-04#1",
            title="ECN-2608-04",
            device="SRB-5030",
            target_doc="srb5030-datasheet",
            target_section="3",
            target_citation="srb5030-datasheet#3",
            board_revisions=("A", "B"),
            remains_valid_for=("C",),
            spec="input_voltage_range",
            old_value=36.0,
            new_value=32.0,
            unit="V",
        )
    ]
    # Link the superseded fact to its notice fact by id, as the supersession pass does.
    notice_fact = next(f for f in facts if f.citation == "ecn-2608-04#1")
    linked = []
    for f in facts:
        if f.superseded_by:
            f = f.model_copy(update={"superseded_by_id": notice_fact.id})
        linked.append(f)
    return FactStore(linked, notices=notices)
