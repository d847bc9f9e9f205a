"""A row reached through its own label: when the recognised spec has no row, when the
question asks a duration, when two labels are asked together, and when the question's words
meet one row's label and another's condition. Hand-written facts in the sources' shapes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _qa_fixtures import fact

from search.datasheets._facts import FactStore
from search.datasheets._qa import DatasheetQA
from search.datasheets._route import parse_question

EC = "electrical_characteristics"


@pytest.fixture(scope="module")
def qa() -> DatasheetQA:
    return DatasheetQA(
        FactStore(
            [
                fact(
                    device="RFM95W",
                    spec="frequency_synthesizer_step",
                    parameter="Frequency synthesizer step",
                    symbol="FSTEP",
                    typ=61.0,
                    unit="Hz",
                    section_kind=EC,
                    citation="rfm95w#p13",
                    evidence="FSTEP Frequency synthesizer step FSTEP = FXOSC/219 - 61.0 - Hz",
                ),
                fact(
                    device="DS18B20",
                    spec="eeprom_writes",
                    parameter="EEPROM Writes",
                    symbol="NEEWR",
                    min=50.0,
                    unit="k writes",
                    section_kind="timing",
                    citation="ds18b20#p3",
                    evidence="EEPROM Writes NEEWR -55°C to +55°C 50k writes",
                ),
                fact(
                    device="DS18B20",
                    spec="nv_write_cycle_time",
                    parameter="NV Write Cycle Time",
                    symbol="tWR",
                    typ=2.0,
                    max=10.0,
                    unit="ms",
                    section_kind="timing",
                    citation="ds18b20#p3",
                    evidence="NV Write Cycle Time tWR 2 10 ms",
                ),
                *(
                    fact(
                        device="ESP32-WROOM-32",
                        spec="nonlinearity",
                        parameter=name,
                        min=-bound,
                        max=bound,
                        unit="LSB",
                        section_kind=EC,
                        citation="esp32#p24",
                        evidence=f"{name} –{bound:g} {bound:g} LSB",
                    )
                    for name, bound in (
                        ("DNL (Differential nonlinearity)", 7.0),
                        ("INL (Integral nonlinearity)", 12.0),
                    )
                ),
                fact(
                    device="ACS712",
                    spec="thermal_resistance",
                    parameter="Junction-to-Lead Thermal Resistance",
                    typ=5.0,
                    unit="°C/W",
                    condition="Mounted on the Allegro ASEK 712 evaluation board",
                    section_kind=EC,
                    citation="acs712#p4",
                    evidence="Junction-to-Lead Thermal Resistance RθJL 5 °C/W",
                ),
                fact(
                    device="ACS712",
                    spec="thermal_resistance",
                    parameter="Junction-to-Ambient Thermal Resistance",
                    typ=23.0,
                    unit="°C/W",
                    section_kind=EC,
                    citation="acs712#p4",
                    evidence="Junction-to-Ambient Thermal Resistance RθJA 23 °C/W",
                ),
            ]
        )
    )


def test_a_label_naming_two_words_answers_when_no_row_has_the_recognised_spec(
    qa: DatasheetQA,
) -> None:
    # "step size" and "resolution" are ADC words; this part files the figure under its label.
    answer = qa.ask("RFM95W frequency synthesizer step size (frequency resolution)?")
    assert answer.status == "answered" and "61 Hz" in answer.answer, answer.answer


def test_how_long_asks_a_duration_not_a_count(qa: DatasheetQA) -> None:
    answer = qa.ask("DS18B20 - how long can an EEPROM (copy scratchpad) write take, worst case?")
    assert "10 ms" in answer.answer and "50 k" not in answer.answer, answer.answer


def test_how_long_a_cable_is_a_length() -> None:
    from search.datasheets._qa import _ASKS_TIME

    assert _ASKS_TIME.search("how long does a conversion take")
    assert not _ASKS_TIME.search("how long a cable can I run to it")


def test_two_labels_asked_together_are_both_answered(qa: DatasheetQA) -> None:
    answer = qa.ask("esp32 wroom ADC (RTC controller, 25C): DNL and INL limits in LSB?")
    assert answer.status == "answered"
    assert all(x in answer.answer for x in ("-7 to 7 LSB", "-12 to 12 LSB")), answer.answer


def test_a_unit_asked_in_is_not_a_spec() -> None:
    assert ("lsb_size",) not in parse_question("INL limits in LSB?").specs
    assert ("lsb_size",) in parse_question("What is the LSB size at FSR 2.048 V?").specs


def test_the_rows_own_label_outweighs_words_of_another_rows_condition(qa: DatasheetQA) -> None:
    answer = qa.ask("ACS712 junction to ambient thermal resistance (on the Allegro eval board)?")
    assert "23 °C/W" in answer.answer, answer.answer


def _hx711_spans() -> FactStore:
    return FactStore(
        [
            fact(
                device="HX711",
                spec="full_scale_range",
                parameter="Full-scale differential input voltage",
                min=-value,
                max=value,
                value=value,
                unit="mV",
                condition=f"Channel {ch}, gain {gain:g}, AVDD = 5 V",
                section_kind=EC,
                citation="hx711#p1",
                evidence=f"Channel {ch} gain of {gain:g} full-scale ±{value:g}mV",
            )
            for ch, gain, value in (("A", 128, 20.0), ("A", 64, 40.0), ("B", 32, 80.0))
        ]
    )


@pytest.mark.parametrize(
    ("question", "given", "not_given"),
    [
        # "differential" is no comparison cue: only the stated gain's row
        (
            "HX711 channel A at gain 64 with a 5 V AVDD: what full-scale differential input?",
            ["-40 to 40 mV"],
            ["-20 to 20 mV", "-80 to 80 mV"],
        ),
        # each side of "and" names its own row
        (
            "HX711 on AVDD = 5 V: full-scale differential input for channel B, and for "
            "channel A at gain 64?",
            ["-40 to 40 mV", "-80 to 80 mV"],
            ["-20 to 20 mV"],
        ),
    ],
)
def test_stated_gain_and_channel_pick_the_span(
    question: str, given: list[str], not_given: list[str]
) -> None:
    answer = DatasheetQA(_hx711_spans()).ask(question)
    assert all(x in answer.answer for x in given), answer.answer
    assert not any(x in answer.answer for x in not_given), answer.answer


def test_each_side_of_a_comparison_meets_its_row_by_shortened_words() -> None:
    from search.datasheets._qa import _each_side

    rows = [
        fact(
            device="MPU-6050",
            spec="supply_current",
            parameter="Normal Operating Current",
            typ=typ,
            unit=unit,
            condition=cond,
            citation="mpu#p14",
            evidence=f"{cond} {typ:g} {unit}",
        )
        for cond, typ, unit in (
            ("Gyroscope + Accelerometer + DMP", 3.9, "mA"),
            ("Gyroscope + Accelerometer (DMP disabled)", 3.8, "mA"),
            ("Gyroscope only (DMP & Accelerometer disabled)", 3.6, "mA"),
            ("Accelerometer only (DMP & Gyroscope disabled)", 500.0, "µA"),
        )
    ]
    picked = _each_side("current with gyro + accel + DMP, compared with accelerometer only?", rows)
    assert [f.typ for f in picked] == [3.9, 500.0]


@pytest.mark.parametrize(
    ("question", "parties"),
    [
        # the board is only where the rail comes from
        (
            "Power a DS18B20 (normal, non-parasite) from the 3.3 V rail of my esp32 board?",
            [("DS18B20", 3.3)],
        ),
        # ...unless the two also talk on a bus
        (
            "Can I hang a BME280 straight off the esp32 wroom 3v3 pin and run I2C at 400 kHz?",
            [("BME280", 3.3), ("ESP32-WROOM-32", 3.3)],
        ),
        # a regulator's output, and a part powered into its pin, are parties
        (
            "LM7805 output straight into an ESP32-WROOM-32 3V3 pin?",
            [("LM7805", None), ("ESP32-WROOM-32", None)],
        ),
    ],
)
def test_a_part_named_only_as_the_owner_of_a_rail(
    question: str, parties: list[tuple[str, float | None]]
) -> None:
    assert [(d.device, d.supply_v) for d in parse_question(question).devices] == parties


def test_a_word_the_question_rules_out_tells_against_a_row() -> None:
    rows = [
        fact(
            device="DS18B20",
            spec="supply_voltage",
            parameter="Supply Voltage",
            min=3.0,
            max=5.5,
            unit="V",
            condition=cond,
            citation="ds18b20#p2",
            evidence=f"Supply Voltage VDD {cond} +3.0 +5.5 V",
        )
        for cond in ("Parasite power", "Local power")
    ]
    answer = DatasheetQA(FactStore(rows)).ask(
        "DS18B20 (normal, non-parasite) supply voltage range?"
    )
    assert "Local power" in answer.answer and "Parasite" not in answer.answer, answer.answer


def test_a_stated_supply_is_no_question_when_a_row_label_names_the_questions_words() -> None:
    rows = [
        fact(
            device="MCP3008",
            spec="supply_voltage",
            parameter="Operating Voltage",
            min=2.7,
            max=5.5,
            unit="V",
            citation="mcp3008#p3",
            evidence="Operating Voltage VDD 2.7 5.5 V",
        ),
        fact(
            device="MCP3008",
            spec="clk_fall_output_data_valid",
            parameter="CLK Fall To Output Data Valid",
            symbol="tDO",
            max=125.0,
            unit="ns",
            condition="VDD = 5V",
            citation="mcp3008#p4",
            evidence="CLK Fall To Output Data Valid tDO 125 ns VDD = 5V",
        ),
    ]
    a = DatasheetQA(FactStore(rows)).ask("MCP3008: max CLK-fall-to-data-valid delay at VDD = 5 V?")
    assert "125 ns" in a.answer and "5.5" not in a.answer, a.answer


def test_verb_forms_and_a_shortened_temperature_meet_the_row_label() -> None:
    from search.datasheets._qa import _stems

    asked = _stems("range the sensor is temperature compensated over")
    label = _stems("Compensation Temp.")
    assert {"compensate", "temperature"} <= asked & label
