"""Rules from the eighth held-out round, on hand-written facts: a part that a family datasheet
covers under its own name, a regulator on a relay coil (pull-in and maximum coil voltage), a
driver's motor rail, and a bus line pulled up to a stated voltage."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _qa_fixtures import bme280_pin_rating, esp32_supply, fact

from search.datasheets._compat import DeviceUse, pullup_volts
from search.datasheets._facts import Fact, FactStore
from search.datasheets._pdf import Line, Segment, _join_split_cells
from search.datasheets._qa import DatasheetQA

EC = "electrical_characteristics"
ROC = "recommended_operating"


def _tb6612_vm() -> Fact:
    """The TB6612FNG motor supply row (VM 2.5 to 13.5 V)."""
    return fact(
        device="TB6612FNG",
        spec="supply_voltage",
        parameter="Supply voltage",
        symbol="VM",
        min=2.5,
        typ=5.0,
        max=13.5,
        unit="V",
        section_kind=ROC,
        citation="tb6612fng#p3",
        evidence="Supply voltage VM 2.5 5 13.5 V",
    )


def _ams1117_current() -> Fact:
    """The AMS1117's rated output current (1 A)."""
    return fact(
        device="AMS1117",
        spec="output_current",
        parameter="Output Current",
        value=1.0,
        unit="A",
        section_kind=EC,
        citation="ams1117#p1",
        evidence="Output Current of 1A",
    )


def _lm7812() -> list[Fact]:
    """The LM78xx datasheet files the 12 V part's rows under its own name."""
    return [
        fact(
            device="LM7805",
            variant="LM7812",
            spec="output_voltage",
            parameter="Output Voltage",
            min=11.4,
            typ=12.0,
            max=12.6,
            unit="V",
            condition="IO = 5 mA to 1 A",
            section_kind=EC,
            citation="lm7805#p8",
            evidence="VO Output Voltage IO = 5 mA to 1 A 11.4 12.0 12.6 V",
        ),
        fact(
            device="LM7805",
            variant="LM7812",
            spec="line_regulation",
            parameter="Line Regulation",
            max=240.0,
            unit="mV",
            section_kind=EC,
            citation="lm7805#p8",
            evidence="Regline Line Regulation 240 mV",
        ),
        fact(
            device="LM7805",
            spec="output_current",
            parameter="Output Current",
            value=1.0,
            unit="A",
            section_kind=EC,
            citation="lm7805#p1",
            evidence="Output Current up to 1 A",
        ),
    ]


def _store() -> FactStore:
    facts = [
        *_lm7812(),
        fact(
            device="AMS1117",
            variant="AMS1117-5.0",
            spec="output_voltage",
            parameter="Output Voltage",
            min=4.85,
            typ=5.0,
            max=5.15,
            unit="V",
            section_kind=EC,
            citation="ams1117#p2",
            evidence="AMS1117-5.0 4.850 5.000 5.150 V",
        ),
        fact(
            device="AMS1117",
            spec="dropout_voltage",
            parameter="Dropout Voltage",
            max=1.3,
            unit="V",
            section_kind=EC,
            citation="ams1117#p3",
            evidence="Dropout Voltage 1.3 V",
        ),
        _ams1117_current(),
        # A 5 V relay coil: pull-in at 75 % and at most 130 % of its nominal voltage.
        fact(
            device="SRD-05VDC-SL-C",
            spec="coil_voltage",
            parameter="Coil Nominal voltage",
            typ=5.0,
            unit="VDC",
            section_kind=EC,
            applies_to={"coil_voltage": "5 VDC"},
            citation="srd-05vdc-sl-c#p1",
            evidence="5 71.42 70",
        ),
        fact(
            device="SRD-05VDC-SL-C",
            spec="coil_current",
            parameter="Coil Nominal operating current",
            typ=71.42,
            unit="mA",
            section_kind=EC,
            applies_to={"coil_voltage": "5 VDC"},
            citation="srd-05vdc-sl-c#p1",
            evidence="5 71.42 70",
        ),
        fact(
            device="SRD-05VDC-SL-C",
            spec="pickup_voltage",
            parameter="Coil Pick-up voltage (Max.)",
            value=75.0,
            unit="%",
            condition="of nominal voltage",
            section_kind=EC,
            citation="srd-05vdc-sl-c#p1",
            evidence="130 % of 75 % of",
        ),
        fact(
            device="SRD-05VDC-SL-C",
            spec="coil_max_voltage",
            parameter="Coil Max allowable voltage",
            value=130.0,
            unit="%",
            condition="of nominal voltage",
            section_kind=EC,
            citation="srd-05vdc-sl-c#p1",
            evidence="130 % of 75 % of",
        ),
        # A motor driver with a logic rail and a motor rail.
        fact(
            device="TB6612FNG",
            spec="supply_voltage",
            parameter="Supply voltage",
            symbol="Vcc",
            min=2.7,
            typ=3.0,
            max=5.5,
            unit="V",
            section_kind=ROC,
            citation="tb6612fng#p3",
            evidence="Supply voltage Vcc 2.7 3 5.5 V",
        ),
        _tb6612_vm(),
        # An I2C input whose high threshold is a fraction of its own supply.
        fact(
            device="ADS1115",
            spec="logic_high_threshold",
            parameter="High-level input voltage",
            symbol="VIH",
            max=5.5,
            unit="V",
            section_kind=EC,
            citation="ads1115#p7",
            evidence="VIH High-level input voltage 0.7 VDD 5.5 V",
            extra={"min_text": "0.7 VDD"},
        ),
        fact(
            device="ADS1115",
            spec="supply_voltage",
            parameter="Power-supply voltage",
            min=2.0,
            max=5.5,
            unit="V",
            section_kind=ROC,
            citation="ads1115#p6",
            evidence="VDD Power-supply voltage 2 5.5 V",
        ),
        # A part that states no input threshold at all.
        fact(
            device="DHT22",
            spec="supply_voltage",
            parameter="Power supply",
            min=3.3,
            max=6.0,
            unit="V",
            section_kind=EC,
            citation="dht22#p1",
            evidence="Power supply 3.3-6V DC",
        ),
    ]
    return FactStore(facts)


@pytest.fixture(scope="module")
def qa() -> DatasheetQA:
    return DatasheetQA(_store())


def test_a_part_the_family_datasheet_names_is_answered_from_its_rows(qa: DatasheetQA) -> None:
    a = qa.ask("LM7812 output voltage limits?")
    assert a.status == "answered"
    assert {i.min for i in a.items} == {11.4} and {i.max for i in a.items} == {12.6}
    assert a.citations == ["lm7805#p8"]


def test_twelve_volt_regulator_overstresses_a_five_volt_coil(qa: DatasheetQA) -> None:
    a = qa.ask("Can I run the coil of an SRD-05VDC-SL-C relay straight from an LM7812 output?")
    assert a.verdict == "incompatible"
    # Pull-in is reached; the 130 % maximum (6.5 V) is what fails, derived from cited facts.
    assert any(d.result == pytest.approx(6.5) for d in a.derived)
    assert "allows at most 6.5 V" in a.answer


def test_regulator_on_a_coil_is_judged_at_its_output_not_its_input(qa: DatasheetQA) -> None:
    a = qa.ask("AMS1117-5.0 (fed from 9 V) driving the coil of an SRD-05VDC-SL-C relay: OK?")
    assert a.verdict == "compatible", a.answer
    assert "9 V" not in a.answer.split("Compatible.")[1]


def test_motor_rail_is_checked_against_the_motor_supply_range(qa: DatasheetQA) -> None:
    motor = qa.ask("Can an LM7812 serve as the TB6612FNG motor supply VM?")
    assert motor.verdict == "compatible", motor.answer
    assert "2.5 to 13.5 V" in motor.answer
    logic = qa.ask("Can an LM7812 supply the TB6612FNG?")
    assert logic.verdict == "incompatible"


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        ("ADS1115 at VDD = 2.0 V on an I2C bus pulled up to 3.3 V: valid high?", "compatible"),
        ("ADS1115 at VDD = 5 V with 3.3 V pull-ups on SDA/SCL: valid logic high?", "incompatible"),
        (
            "DHT22 with its data line pulled up to 3.3 V: is that a valid high for it?",
            "insufficient_evidence",
        ),
        # A host's logic level is such a line, never a supply of the part.
        ("Is a 1.8 V microcontroller GPIO ok for talking to a DHT22?", "insufficient_evidence"),
        ("ADS1115 at VDD = 5 V read by a 3.3 V MCU: is that ok?", "incompatible"),
    ],
)
def test_a_pulled_up_line_against_each_input_threshold(
    qa: DatasheetQA, question: str, verdict: str
) -> None:
    a = qa.ask(question)
    assert a.verdict == verdict, a.answer
    if verdict != "insufficient_evidence":
        assert a.citations == ["ads1115#p7", "ads1115#p6"] or "ads1115#p7" in a.citations


def test_pullup_voltage_is_read_from_the_wording() -> None:
    assert pullup_volts("an I2C bus whose pull-ups go to 3.3 V") == 3.3
    assert pullup_volts("with 5 V pull-ups") == 5.0
    assert pullup_volts("DQ pulled up to 3.3 V") == 3.3
    assert pullup_volts("powered at 3.3 V") is None


def test_a_cell_printed_above_and_below_its_row_is_put_back() -> None:
    row = Line(100.0, [Segment(10, 80, "Logic High Output", 7), Segment(500, 510, "V", 7)], 7)
    lines = [
        Line(106.0, [Segment(380, 402, "VDD -", 7)], 7),
        row,
        Line(94.0, [Segment(385, 397, "0.7", 7)], 7),
    ]
    joined = _join_split_cells(lines)
    assert [ln.text for ln in joined] == ["Logic High Output  VDD - 0.7  V"]
    # A number that sits where the row already has a cell is another line, not a tail.
    busy = Line(100.0, [Segment(10, 80, "Label", 7), Segment(383, 399, "1.2", 7)], 7)
    assert len(_join_split_cells([lines[0], busy, lines[2]])) == 3


def _rows_store() -> FactStore:
    facts = [
        fact(
            device="ADS1115",
            spec="nonlinearity",
            parameter="Integral nonlinearity",
            symbol="INL",
            max=1.0,
            unit="LSB",
            condition="DR = 8 SPS, FSR = ±2.048 V",
            section_kind=EC,
            citation="ads1115#p7",
            evidence="INL Integral nonlinearity DR = 8 SPS, FSR = ±2.048 V 1 LSB",
        ),
        fact(
            device="ADS1115",
            spec="sampling_rate",
            parameter="Output data rate",
            min=8.0,
            max=860.0,
            unit="SPS",
            section_kind=EC,
            citation="ads1115#p1",
            evidence="Programmable Data Rate: 8 SPS to 860 SPS",
        ),
        fact(
            device="MCP3008",
            spec="noise",
            parameter="Signal-to-Noise and Distortion",
            typ=61.0,
            unit="dB",
            section_kind=EC,
            citation="mcp3008#p3",
            evidence="Signal-to-Noise and Distortion — 61 dB",
        ),
        fact(
            device="SRD-05VDC-SL-C",
            spec="response_time",
            parameter="Release time (at nominal volt.)",
            max=5.0,
            unit="msec",
            section_kind=EC,
            citation="srd-05vdc-sl-c#p1",
            evidence="Release time (at nominal volt.) 5msec. Max.",
        ),
        fact(
            device="SRD-05VDC-SL-C",
            spec="coil_voltage",
            parameter="Coil Nominal voltage",
            typ=5.0,
            unit="VDC",
            section_kind=EC,
            citation="srd-05vdc-sl-c#p1",
            evidence="5 71.42 70",
        ),
        fact(
            device="LMP91200",
            spec="bandwidth",
            parameter="Gain Bandwidth Product",
            typ=220.0,
            unit="KHz",
            section_kind=EC,
            citation="lmp91200#p5",
            evidence="GBWPpH Gain Bandwidth Product CL = 10 pF, RL = 1 MΩ 220 KHz",
        ),
        fact(
            device="L298",
            spec="power_dissipation",
            parameter="Total Power Dissipation (Tcase = 75°C)",
            max=25.0,
            unit="W",
            section_kind="absolute_maximum",
            citation="l298#p2",
            evidence="Ptot Total Power Dissipation (Tcase = 75°C) 25 W",
        ),
    ]
    return FactStore(facts)


@pytest.mark.parametrize(
    ("question", "value", "citation"),
    [
        # Spec words inside a stated setting are the setting, not the question.
        ("ADS1115 integral nonlinearity, max (8 SPS, ±2.048 V FSR)?", 1.0, "ads1115#p7"),
        # An abbreviation meets the label it shortens.
        ("mcp3008 SINAD?", 61.0, "mcp3008#p3"),
        # A quantity named in a condition is not the quantity asked.
        ("SRD-05VDC-SL-C release time at nominal coil voltage?", 5.0, "srd-05vdc-sl-c#p1"),
        # A unit spelt the datasheet's way ("KHz") is still a frequency.
        ("LMP91200 gain-bandwidth product?", 220.0, "lmp91200#p5"),
        # Power dissipation is a rating: its row in the ratings table answers.
        ("L298 total power dissipation rating at Tcase = 75 °C?", 25.0, "l298#p2"),
    ],
)
def test_row_labels_answer_what_is_asked(question: str, value: float, citation: str) -> None:
    a = DatasheetQA(_rows_store()).ask(question)
    assert a.status == "answered", a.answer
    assert any(value in (i.typ, i.max, i.value) for i in a.items), a.answer
    assert a.citations == [citation]


def test_a_setting_that_is_the_question_stays_the_question() -> None:
    # "at 860 SPS" with nothing else asked: the data rate is what the question is about.
    a = DatasheetQA(_rows_store()).ask("Can the ADS1115 run at 860 SPS data rate?")
    assert a.status == "answered" and a.citations == ["ads1115#p1"]


@pytest.mark.parametrize(
    ("unit", "value", "want_unit", "want", "ok"),
    [
        ("msec", 5.0, "ms", 5.0, True),  # "5msec" is 5 ms
        ("KHz", 220.0, "kHz", 220.0, True),  # a datasheet's "KHz" is kHz
        ("mA", 1.5, "µA", 1500.0, True),
        ("mA", 1.5, "A", 1.5, False),
        ("V", 3.3, "mV", 3.3, False),
        ("ohm", 1.32883, "Ω", 1.329, True),  # an expectation written to three decimals
        ("ohm", 1.3301, "Ω", 1.329, False),
        # A temperature's rounding slack is in degrees, not scaled by the offset to kelvin.
        ("°C", 1.5, "°C", 1.25, False),
        ("°C", 1.254, "°C", 1.25, True),
        # A count printed with a multiplier against a plain expected count.
        ("k", 50.0, None, 50000, True),
        ("k", 50.0, None, 5000, False),
    ],
)
def test_bench_compares_figures_in_si(
    unit: str, value: float, want_unit: str | None, want: float, ok: bool
) -> None:
    from search.datasheets._answer import Answer, AnswerItem
    from search.datasheets._bench import grade

    item = AnswerItem(device="X", spec="s", typ=value, unit=unit, citation="x#p1")
    answer = Answer(status="answered", route="simple", answer="", items=[item])
    q = {"expect": {"status": "answered", "values": [want], "unit": want_unit}, "evidence": []}
    assert grade(q, answer)[0] is ok


def _cascade_store() -> FactStore:
    facts = [
        fact(
            device="AMS1117",
            variant="AMS1117-5.0",
            spec="output_voltage",
            parameter="Output Voltage",
            min=4.85,
            typ=5.0,
            max=5.15,
            unit="V",
            condition="6.5V ≤ VIN ≤ 12V",
            section_kind=EC,
            citation="ams1117#p2",
            evidence="AMS1117-5.0 6.5V ≤ VIN ≤ 12V 4.850 5.000 5.150 V",
        ),
        fact(
            device="AMS1117",
            spec="dropout_voltage",
            parameter="Dropout Voltage",
            max=1.3,
            unit="V",
            section_kind=EC,
            citation="ams1117#p3",
            evidence="Dropout Voltage 1.3 V",
        ),
        fact(
            device="AMS1117",
            spec="supply_current",
            parameter="Quiescent Current",
            max=11.0,
            unit="mA",
            section_kind=EC,
            citation="ams1117#p3",
            evidence="Quiescent Current 5 11 mA",
        ),
        *_lm7812(),
        fact(
            device="SRB-5030",
            spec="input_voltage_range",
            parameter="maximum continuous input voltage",
            max=32.0,
            unit="V",
            section_kind=ROC,
            applies_to={"board_revision": ["A", "B"]},
            citation="ecn-2608-04#1",
            evidence="The maximum continuous input voltage of the SRB-5030 is 32.0 V",
        ),
    ]
    return FactStore(facts)


def test_a_regulator_fed_by_another_takes_the_input_its_output_is_specified_over() -> None:
    qa = DatasheetQA(_cascade_store())
    a = qa.ask("Can an LM7812 output feed an AMS1117-5.0?")
    # 12.6 V at the top of the LM7812's band is above the 12 V the AMS1117 is specified to.
    assert a.verdict == "incompatible", a.answer
    assert "outside AMS1117 supply range 6.5 to 12 V" in a.answer
    assert "ams1117#p2" in a.citations


def test_a_stated_rail_with_tolerance_is_checked_at_both_ends() -> None:
    qa = DatasheetQA(_cascade_store())
    high = qa.ask("Rev B SRB-5030 on a 28 V rail with ±15 % tolerance: within its input rating?")
    assert high.verdict == "incompatible", high.answer
    assert [d.result for d in high.derived] == [pytest.approx(23.8), pytest.approx(32.2)]
    fine = qa.ask("Is a 24 V rail with +/-10 % OK for a rev A SRB-5030?")
    assert fine.verdict == "compatible", fine.answer


def _pins_store() -> FactStore:
    facts = [
        fact(
            device="BME280",
            spec="logic_high_threshold",
            parameter="Input high level",
            symbol="Vih_si",
            unit="V",
            section_kind=EC,
            citation="bme280#p35",
            evidence="Input high level Vih_si VDDIO=1.2 V to 3.6 V 80 %VDDIO",
            extra={"min_text": "80 %×VDDIO"},
        ),
        bme280_pin_rating(),
        fact(
            device="ESP32-WROOM-32",
            spec="output_voltage_high",
            parameter="High-level output voltage",
            symbol="VOH",
            unit="V",
            section_kind=EC,
            citation="esp32-wroom-32#p26",
            evidence="VOH High-level output voltage 0.8×VDD1 V",
            extra={"min_text": "0.8×VDD"},
        ),
        esp32_supply("esp32-wroom-32#p26"),
    ]
    return FactStore(facts)


def test_a_high_level_above_the_pin_rating_is_incompatible() -> None:
    a = DatasheetQA(_pins_store()).ask(
        "BME280 with VDDIO = 1.8 V: can I drive its SPI lines from ESP32-WROOM-32 GPIOs at 3.3 V?"
    )
    assert a.verdict == "incompatible", a.answer
    assert "absolute maximum 2.1 V" in a.answer
    # The percentage threshold is derived from the printed 80, not a number the page lacks.
    assert a.status == "answered" and not a.violations
    assert any(d.expression == "80 / 100 * 1.8" for d in a.derived)


def test_terse_supply_and_level_questions_take_the_compatibility_route() -> None:
    facts = [
        *_cascade_store().facts,
        fact(
            device="MPU-6050",
            spec="supply_voltage",
            parameter="Operating Voltages",
            min=2.375,
            max=3.46,
            unit="V",
            section_kind=EC,
            citation="mpu-6050#p14",
            evidence="VDD Operating Voltages 2.375 3.46 V",
        ),
        *_pins_store().facts,
    ]
    qa = DatasheetQA(FactStore(facts))
    # A regulator named with the part it would feed: powering it, however tersely asked.
    a = qa.ask("MPU-6050 VDD from an LM7812?")
    assert a.route == "compatibility" and a.verdict == "incompatible", a.answer
    # Two parts and their levels: the part whose lines they are drives them.
    b = qa.ask("BME280 at VDDIO = 1.8 V on an ESP32-WROOM-32's SPI lines: valid input highs?")
    assert b.route == "compatibility" and b.verdict == "incompatible", b.answer
    assert b.answer.index("ESP32-WROOM-32") < b.answer.index("BME280")
    # A comparison of two parts stays a comparison.
    c = qa.ask("Output voltage: LM7812 versus AMS1117-5.0?")
    assert c.route == "comparison"


def test_every_value_stated_must_hold_unless_they_are_alternatives() -> None:
    facts = [_tb6612_vm()]
    qa = DatasheetQA(FactStore(facts))
    a = qa.ask("TB6612FNG VM straight from a 12 V battery on charge (14.4 V)?")
    assert a.verdict == "incompatible" and "14.4 V is outside" in a.answer, a.answer
    b = qa.ask("Can the TB6612FNG VM run at 12 V or 14.4 V?")
    assert b.verdict is None and "12 V is within" in b.answer


def test_a_sensor_measuring_a_current_into_an_adc_is_the_source() -> None:
    from search.datasheets._qa import _source_first
    from search.datasheets._route import parse_question

    q = "ACS712-05B at 5 V measuring ±5 A into an ADS1115 at VDD = 5 V: will it fit?"
    parsed = parse_question(q)
    uses = [DeviceUse("ACS712"), DeviceUse("ADS1115")]
    assert [u.device for u in _source_first(parsed, uses)] == ["ACS712", "ADS1115"]
    reads = parse_question("Can an ESP32-WROOM-32 read the ACS712 output directly?")
    assert [
        u.device for u in _source_first(reads, [DeviceUse("ESP32-WROOM-32"), DeviceUse("ACS712")])
    ] == [
        "ACS712",
        "ESP32-WROOM-32",
    ]


def test_a_notice_that_lowers_one_bound_leaves_the_other() -> None:
    from search.datasheets._facts import Notice

    original = fact(
        device="SRB-5030",
        spec="input_voltage_range",
        parameter="Input voltage, VIN",
        min=9.0,
        typ=24.0,
        max=36.0,
        unit="V",
        section_kind=ROC,
        citation="srb5030-datasheet#3",
        evidence="| Input voltage, VIN | 9.0 | 24.0 | 36.0 | V |",
        superseded_by="ecn-2608-04#1",
        superseded_for={"board_revision": ["A", "B"]},
    )
    notice = fact(
        device="SRB-5030",
        spec="input_voltage_range",
        parameter="maximum continuous input voltage",
        max=32.0,
        unit="V",
        section_kind="notice",
        citation="ecn-2608-04#1",
        evidence="The maximum continuous input voltage of the SRB-5030 is 32.0 V",
        supersedes="srb5030-datasheet#3",
        applies_to={"board_revision": ["A", "B"]},
    )
    store = FactStore(
        [original, notice],
        [
            Notice(
                id="n1",
                title="Engineering Change Notice ECN-2608-04",
                doc="ecn-2608-04",
                citation="ecn-2608-04#1",
                device="SRB-5030",
                target_doc="srb5030-datasheet",
                target_section="3",
                target_citation="srb5030-datasheet#3",
                board_revisions=("A", "B"),
                remains_valid_for=("C",),
            )
        ],
    )
    qa = DatasheetQA(store)
    a = qa.ask("Rev B SRB-5030: what input voltage range may it run from?")
    assert {(i.min, i.max, i.citation) for i in a.items} >= {
        (None, 32.0, "ecn-2608-04#1"),
        (9.0, None, "srb5030-datasheet#3"),
    }, a.answer
    # Both bounds of the revision hold for a stated value: 34 V is outside.
    assert qa.ask("Can a rev B SRB-5030 run at 34 V input?").verdict == "incompatible"


def test_linear_derating_is_computed_at_the_stated_ambient() -> None:
    evidence = "derate the output current linearly from 3.0 A at 70 degC to 1.5 A at 85 degC"
    facts = [
        fact(
            device="SRB-5030",
            spec="output_current",
            parameter="Output current, derated",
            max=m,
            unit="A",
            condition=f"ambient {t:g} degC",
            section_kind=ROC,
            applies_to={"ambient_c": t},
            citation="srb5030-datasheet#3",
            evidence=evidence,
            extra={"derating": True},
        )
        for t, m in ((70.0, 3.0), (85.0, 1.5))
    ]
    qa = DatasheetQA(FactStore(facts))
    a = qa.ask("SRB-5030 at 77.5 °C ambient: how much output current can I draw after derating?")
    assert a.status == "answered" and not a.violations, a.answer
    assert [d.result for d in a.derived] == [pytest.approx(2.25)]
    # Outside the derating span nothing is interpolated.
    assert not qa.ask("SRB-5030 output current at 90 °C ambient?").derived


def test_a_current_the_part_must_deliver_is_checked_at_the_stated_supply() -> None:
    rows = [
        (1.0, "VM ≥ 4.5 V"),
        (0.4, "4.5 V > VM ≥ 2.5 V"),
    ]
    facts = [
        fact(
            device="TB6612FNG",
            spec="output_current",
            parameter="Output current (H-SW)",
            symbol="IOUT",
            max=m,
            unit="A",
            condition=c,
            section_kind=ROC,
            citation="tb6612fng#p3",
            evidence=f"Output current (H-SW) IOUT {m} A {c}",
        )
        for m, c in rows
    ] + [
        fact(
            device="TB6612FNG",
            spec="supply_voltage",
            parameter="Supply voltage",
            symbol="VM",
            min=2.5,
            max=13.5,
            unit="V",
            section_kind=ROC,
            citation="tb6612fng#p3",
            evidence="Supply voltage VM 2.5 13.5 V",
        )
    ]
    qa = DatasheetQA(FactStore(facts))
    a = qa.ask("Can a TB6612FNG channel drive a motor that needs 2 A at VM = 12 V?")
    assert a.verdict == "incompatible" and "2 A is outside max 1 A" in a.answer, a.answer
    b = qa.ask("Can a TB6612FNG at VM = 3.7 V drive a motor that needs 0.6 A?")
    assert b.verdict == "incompatible" and "max 0.4 A" in b.answer, b.answer
    c = qa.ask("Can a TB6612FNG at VM = 12 V drive a motor that needs 0.8 A?")
    assert c.verdict == "compatible", c.answer


def test_a_bar_dash_is_an_empty_cell() -> None:
    from search.datasheets._extract import parse_cell

    assert parse_cell("―") == (None, None, None, False)


def test_a_nominal_supply_with_a_stated_tolerance_is_a_band() -> None:
    facts = [
        fact(
            device="XGZP6847A",
            spec="supply_voltage",
            parameter="Power Supply",
            typ=t,
            unit="Vdc",
            section_kind=EC,
            citation="xgzp6847a#p2",
            evidence="Power Supply 5.0/3.3 Vdc",
        )
        for t in (5.0, 3.3)
    ] + [
        fact(
            device="XGZP6847A",
            spec="supply_tolerance",
            parameter="Supply voltage tolerance",
            value=5.0,
            unit="%",
            section_kind=EC,
            citation="xgzp6847a#p2",
            evidence="Acceptable voltage deviation is within 5% of the specified voltage",
        ),
        fact(
            device="XGZP6847A",
            spec="supply_current",
            parameter="Working Current",
            max=2.5,
            unit="mA",
            section_kind=EC,
            citation="xgzp6847a#p3",
            evidence="Working Current 2.5 mA",
        ),
        _ams1117_current(),
        *_cascade_store().facts,
    ]
    qa = DatasheetQA(FactStore(facts))
    a = qa.ask("Can an AMS1117-5.0 supply the 5 V version of the XGZP6847A within its tolerance?")
    assert a.verdict == "compatible" and "4.75 to 5.25 V" in a.answer, a.answer
    assert not a.violations
    # Two nominals and none named: which band applies is not known.
    b = qa.ask("Can an AMS1117-5.0 power an XGZP6847A?")
    assert b.verdict == "insufficient_evidence", b.answer


def test_an_interval_must_cover_the_time_the_part_takes() -> None:
    facts = [
        fact(
            device="DS18B20",
            spec="conversion_time",
            parameter="Temperature Conversion Time",
            max=750.0,
            unit="ms",
            condition="12-bit resolution",
            section_kind="timing",
            citation="ds18b20#p3",
            evidence="Temperature Conversion Time tCONV 12-bit resolution 750 ms",
        )
    ]
    qa = DatasheetQA(FactStore(facts))
    fast = qa.ask(
        "A DS18B20 reading every 500 ms at 12-bit resolution: does the conversion time allow that?"
    )
    assert fast.verdict == "incompatible" and "shorter than the 750 ms" in fast.answer
    slow = qa.ask(
        "A DS18B20 reading every 1 s at 12-bit resolution: does the conversion time allow that?"
    )
    assert slow.verdict == "compatible", slow.answer


def test_address_straps_said_in_words() -> None:
    from search.datasheets._compat import straps_in

    assert straps_in("an ADS1115 whose ADDR is on GND") == (("ADDR", "GND"),)
    assert straps_in("ADDR is tied to VDD") == (("ADDR", "VDD"),)
    # an arrow drawn in the question ("A1->SDA") ties the pin too
    assert straps_in("INA219 with A1->SDA, A0->GND") == (("A1", "SDA"), ("A0", "GND"))


def test_a_stated_value_is_converted_with_its_prefix() -> None:
    facts = [
        fact(
            device="AMS1117",
            spec="output_current",
            parameter="Output Current",
            max=0.8,
            unit="A",
            section_kind=ROC,
            citation="ams1117#p2",
            evidence="Output Current 0.8 A",
        )
    ]
    qa = DatasheetQA(FactStore(facts))
    # 500 mA is 0.5 A, never 500 A.
    assert qa.ask("Can an AMS1117 deliver 500 mA?").verdict == "compatible"
    assert qa.ask("Can an AMS1117 deliver 900 mA?").verdict == "incompatible"


def test_a_load_that_draws_current_asks_what_the_part_delivers() -> None:
    from search.datasheets._route import parse_question

    assert parse_question("tb6612fng, VM = 12 V, motor draws 1.2 A - ok?").specs[0] == (
        "output_current",
    )
    # A relay's own coil draw is the relay's consumption.
    assert parse_question("How much current does the SRD-05VDC-SL-C coil draw?").specs[0] != (
        "output_current",
    )


def test_british_and_american_spellings_meet() -> None:
    from search.datasheets._qa import _stems

    assert "liter" in _stems("pulses per litre") and "meter" in _stems("7 metres")


def test_a_compared_supply_is_stated_too() -> None:
    from search.datasheets._route import parse_question

    assert parse_question(
        "ADS1115 power dissipation at VDD = 5 V versus 3.3 V?"
    ).stated_voltages == [
        5.0,
        3.3,
    ]
    facts = [
        fact(
            device="ADS1115",
            spec="power_dissipation",
            parameter="Power dissipation",
            symbol="PD",
            typ=p,
            unit="mW",
            condition=f"VDD = {v} V",
            section_kind=EC,
            citation="ads1115#p8",
            evidence=f"PD Power dissipation VDD = {v} V {p} mW",
        )
        for v, p in (("5.0", 0.9), ("3.3", 0.5), ("2.0", 0.3))
    ]
    a = DatasheetQA(FactStore(facts)).ask("ADS1115 power dissipation at VDD = 5 V versus 3.3 V?")
    assert sorted(i.typ for i in a.items) == [0.5, 0.9], a.answer


def test_the_flow_sensor_names_the_part_not_its_range() -> None:
    from search.datasheets._route import parse_question

    assert parse_question("YF-S201 flow sensor: operating temperature?").specs == [
        ("operating_temperature",)
    ]
    assert ("measurement_range",) in parse_question("YF-S201 flow range?").specs


def test_a_converter_is_fed_within_its_input_range() -> None:
    facts = [
        *_cascade_store().facts,
        fact(
            device="SRB-5030",
            spec="input_voltage_range",
            parameter="Input voltage, VIN",
            min=9.0,
            max=36.0,
            unit="V",
            section_kind=ROC,
            citation="srb5030-datasheet#3",
            evidence="| Input voltage, VIN | 9.0 | 24.0 | 36.0 | V |",
        ),
    ]
    a = DatasheetQA(FactStore(facts)).ask("Can an LM7812 supply an SRB-5030?")
    assert "[supply: compatible] LM7812 output 11.4 to 12.6 V" in a.answer, a.answer
    assert "inside SRB-5030 supply range 9 to 36 V" in a.answer


def test_a_supply_symbol_asks_a_voltage_not_a_power_row() -> None:
    facts = [
        fact(
            device="RFM95W",
            spec="supply_voltage",
            parameter="Supply voltage, +20 dBm output",
            symbol="VDDop_20dBm",
            min=2.4,
            max=3.7,
            unit="V",
            section_kind=ROC,
            citation="rfm95w#p80",
            evidence="VDDop_20dBm Supply voltage, +20 dBm output 2.4 3.7 V",
        ),
        fact(
            device="RFM95W",
            spec="pa_boost_pin",
            parameter="PA_BOOST pin (Regulated PA).",
            typ=2.0,
            unit="dBm",
            section_kind=EC,
            citation="rfm95w#p15",
            evidence="PA_BOOST pin (Regulated PA). 2 dBm",
        ),
    ]
    a = DatasheetQA(FactStore(facts)).ask(
        "What VDD range does the RFM95W PA_BOOST +20 dBm mode allow?"
    )
    assert a.citations == ["rfm95w#p80"], a.answer


def test_a_part_powered_from_a_hosts_supply_is_a_supply_question() -> None:
    a = DatasheetQA().ask("HX711 powered from my 3.3 V MCU supply - is that within spec?")
    assert (a.status, a.verdict) == ("answered", "compatible")
