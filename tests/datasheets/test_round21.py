"""Rules from the twenty-first held-out round, on the real documents."""

from __future__ import annotations

import pytest

from search.datasheets._extract import map_spec
from search.datasheets._qa import DatasheetQA
from search.datasheets._route import parse_question
from search.datasheets._tables import _statements_in


def test_a_part_named_again_is_the_same_part_not_its_own_load(qa: DatasheetQA) -> None:
    # "LM7805 ... the 7805 output ... the 7805's output": one regulator; "ACS712-05B ... the
    # ACS712": one sensor. The regulator's output is checked against the sensor's supply.
    answer = qa.ask(
        "12 V rail into an LM7805, and the 7805 output powering an ACS712-05B on the pump "
        "line. Is the 7805's output good for the ACS712?"
    )
    assert answer.verdict == "compatible", answer.answer
    assert {i.device for i in answer.items} == {"LM7805", "ACS712"}


@pytest.mark.parametrize(
    ("question", "spec", "figures"),
    [
        # "how much does one 5 V coil pull": the coil current at that rating
        (
            "A row of SRD-05VDC-SL-C relays. How much does one 5 V coil pull when energised?",
            "coil_current",
            (None, 71.42, None),
        ),
        # "how much power does the heater eat": the heater consumption
        (
            "How much power does the MQ-2 heater eat per sensor, so I can size the 5V supply?",
            "power_consumption",
            (None, None, 950.0),
        ),
        # "how quickly does its output follow a pressure step": the response time
        (
            "XGZP6847A: how quickly does its output follow a pressure step?",
            "response_time",
            (None, 2.5, None),
        ),
        # "I don't care about the 25 °C number": the row over load, line and temperature
        (
            "lm7805: I don't care about the 25 °C number, what's the output voltage window over "
            "the full load, line and temperature range?",
            "output_voltage",
            (4.75, 5.0, 5.25),
        ),
        # "how much does it draw while asleep": the sleep current
        (
            "A BME280 sits in sleep between readings. Worst case, how much does it draw while "
            "asleep?",
            "sleep_current",
            (None, None, 0.3),
        ),
        # "the most dropout I could see": the maximum, not the typical 1.1 V
        (
            "AMS1117 from a sagging battery, at 1 A load: what's the most dropout I could see?",
            "dropout_voltage",
            (None, None, 1.3),
        ),
    ],
)
def test_the_row_asked_in_other_words(
    qa: DatasheetQA, question: str, spec: str, figures: tuple[float | None, ...]
) -> None:
    answer = qa.ask(question)
    assert [(i.spec, (i.min, i.typ, i.max)) for i in answer.items] == [(spec, figures)], (
        answer.answer
    )


def test_a_common_mode_range_written_against_the_rails_is_worked_at_the_stated_supply(
    qa: DatasheetQA,
) -> None:
    # HX711 "Common mode input  AGND+1.2  AVDD-1.3  V" at AVDD = 5 V: 1.2 to 3.7 V
    assert map_spec("Common mode input", None, "electrical_characteristics") == (
        "input_common_mode_range"
    )
    assert map_spec("Input common mode rejection", None, "electrical_characteristics") != (
        "input_common_mode_range"
    )
    answer = qa.ask("HX711 with AVDD at 5.0 V. What input common-mode range does the bridge need?")
    assert [i.spec for i in answer.items] == ["input_common_mode_range"], answer.answer
    assert sorted(d.result for d in answer.derived) == [1.2, 3.7], answer.answer


def test_a_guaranteed_figure_of_copies_is_a_figure_not_a_check(qa: DatasheetQA) -> None:
    # "Two DS18B20s ... guaranteed thermometer error for each": the error over the band each
    # stated temperature falls in (20 °C: ±0.5 °C over -10..85 °C; 110 °C: ±2 °C over -55..125)
    answer = qa.ask(
        "Two DS18B20s: one in the reservoir at about 20 °C, one on the boiler return at about "
        "110 °C. What's the guaranteed thermometer error for each?"
    )
    assert answer.verdict is None, answer.answer
    assert sorted(i.max for i in answer.items) == [0.5, 2.0], answer.answer


def test_the_supply_a_part_runs_on_is_no_second_figure_asked(qa: DatasheetQA) -> None:
    # "on a 5 V single supply" says where the LM358 runs; the "Single Supply Operation" row is
    # not asked, and "guaranteed minimum" gives the minimum only (not the typical 3.5 V)
    answer = qa.ask(
        "lm358 on a 5 V single supply driving a 2 kΩ load. What's the guaranteed minimum output "
        "high voltage?"
    )
    assert [(i.spec, i.min, i.typ) for i in answer.items] == [("output_voltage_high", 3.3, None)]


@pytest.mark.parametrize(("top", "verdict"), [(4, "incompatible"), (3, "compatible")])
def test_a_signal_on_an_amplifier_input_meets_its_common_mode_range(
    qa: DatasheetQA, top: int, verdict: str
) -> None:
    # LM358 at 5 V: the input common-mode range ends at VCC - 1.7 V = 3.3 V; the differential
    # input range (up to VCC) is not the range a buffered signal must stay in
    answer = qa.ask(
        f"An LM358 on a single 5 V supply as a unity-gain buffer for a sensor that outputs 0 to "
        f"{top} V. Is the input range OK?"
    )
    assert answer.status == "answered", answer.answer
    assert answer.verdict == verdict, answer.answer
    assert any(i.spec == "input_common_mode_range" for i in answer.items), answer.answer


@pytest.mark.parametrize(("supply", "verdict"), [("3.3", "incompatible"), ("5", "compatible")])
def test_a_stated_signal_meets_the_analog_input_never_the_supply_range(
    qa: DatasheetQA, supply: str, verdict: str
) -> None:
    # ADS1115 "Absolute input voltage GND to VDD": 0-4 V fits at VDD = 5 V, not at 3.3 V. The
    # signal is never checked against the supply range (2 to 5.5 V), which 4 V would pass.
    answer = qa.ask(f"Can an ADS1115 at {supply} V read a sensor that outputs 0 to 4 V?")
    assert answer.verdict == verdict, answer.answer
    assert "4 V is within 2 to 5.5 V" not in answer.answer
    assert any(i.spec == "input_voltage_range" for i in answer.items), answer.answer


def test_all_in_spec_asks_whether_the_parts_go_together(qa: DatasheetQA) -> None:
    # "All in spec?" is a check: ESP32 GPIO levels against the TB6612FNG inputs at VCC = 3.3 V
    # (VIH 0.7 x 3.3 = 2.31 V), not at the 12 V motor supply
    answer = qa.ask(
        "TB6612FNG for a vent motor: VM from the 12 V rail, VCC at 3.3 V, AIN1/AIN2/PWMA/STBY "
        "from ESP32 GPIOs. All in spec?"
    )
    assert answer.verdict == "compatible", answer.answer
    assert "2.31 V" in answer.answer


def test_an_instrument_reply_after_the_verb_is_the_reading(qa: DatasheetQA) -> None:
    # "answers MEAS:CURR? with 0.2270": 0.2270 A, ±(0.1 % of reading + 3 mA) = ±3.227 mA
    answer = qa.ask(
        "On step 2 the MDN-4010 answers MEAS:CURR? with 0.2270. How far off could that "
        "current reading be, per the one-year spec?"
    )
    assert [round(d.result, 3) for d in answer.derived][-1:] == [3.227], answer.answer


def test_each_clause_of_a_sentence_with_two_figures_is_a_statement() -> None:
    facts = _statements_in(
        "Allow 250 ms after any input voltage change and 100 ms after any load current change "
        "before taking a reading.",
        "SRB-5030",
        "spec",
        "spec#3",
        "Setup",
        None,
    )
    assert [(f.value, f.unit) for f in facts] == [(250.0, "ms"), (100.0, "ms")]
    assert "input voltage" in facts[0].parameter and "load current" in facts[1].parameter
    # two figures for one thing, not two clauses: no statement
    assert (
        _statements_in(
            "The PER limit is 8% for 802.11b, and 10% for 802.11g/n in the receiver tests.",
            "ESP32",
            "esp",
            "esp#p29",
            "RX",
            None,
        )
        == []
    )


def test_both_clauses_asked_are_answered_and_one_asked_alone(qa: DatasheetQA) -> None:
    both = qa.ask(
        "SRB-5030 test script: how long do I wait after changing the input voltage, and after "
        "changing the load current, before a reading is valid?"
    )
    assert sorted(i.value for i in both.items) == [100.0, 250.0], both.answer
    one = qa.ask("SRB-5030 test: how long must I wait after a load current change before reading?")
    assert [i.value for i in one.items] == [100.0], one.answer


def test_a_production_test_step_is_answered_by_its_limit_row(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "SRB-5030 production test, step 2 (no-load input current): what's the upper limit a "
        "board has to stay under?"
    )
    assert answer.citations[:1] == ["srb5030-test-spec#4"], answer.answer
    assert [i.max for i in answer.items] == [25.0]


def test_a_figure_named_with_its_span_stated_is_a_condition(qa: DatasheetQA) -> None:
    # "input 7 to 20 V" says the input the output limits are asked at; it is not asked
    answer = qa.ask(
        "Lab: LM7805 loaded 5 mA to 1 A, input 7 to 20 V, across the full junction temperature "
        "range. Output voltage limits?"
    )
    assert answer.status == "answered", answer.answer
    assert [(i.spec, i.min, i.max) for i in answer.items] == [("output_voltage", 4.75, 5.25)]


@pytest.mark.parametrize(("volts", "verdict"), [(12, "compatible"), (40, "incompatible")])
def test_a_legal_regulator_input_covers_the_dropout_and_stays_under_the_rating(
    qa: DatasheetQA, volts: int, verdict: str
) -> None:
    # LM7805: at least 5 V + 2 V dropout, at most the 35 V rating for VO = 5 V to 18 V
    answer = qa.ask(
        f"LM7805 fed from a {volts} V adapter, 500 mA load. Is {volts} V a legal input?"
    )
    assert answer.verdict == verdict, answer.answer
    assert "35 V absolute maximum input rating" in answer.answer


def test_hold_a_regulated_output_asks_the_headroom_at_the_low_end(qa: DatasheetQA) -> None:
    # a cell from 3.5 to 4.2 V: 3.5 V is below 3.3 V + 1.3 V dropout
    answer = qa.ask(
        "Battery radio box: AMS1117-3.3 fed from a single Li-ion cell, 3.5 to 4.2 V. Will it "
        "hold a regulated 3.3 V?"
    )
    assert answer.verdict == "incompatible", answer.answer
    assert "4.6 V" in answer.answer


def test_a_revision_told_with_its_figure_is_context_not_asked() -> None:
    told = parse_question(
        "BOM rev B shows C1/C2 as 50 V parts. What voltage rating do the input caps have on "
        "revision C?"
    )
    assert told.revisions == ("C",)
    both = parse_question("Input cap rating on rev C, and what is it on the B boards?")
    assert set(both.revisions) == {"B", "C"}


@pytest.mark.parametrize(("volts", "amps"), [("3.7", 0.4), ("9", 1.0)])
def test_the_row_whose_supply_bounds_hold_at_the_stated_voltage(
    qa: DatasheetQA, volts: str, amps: float
) -> None:
    # TB6612FNG "VM ≥ 4.5 V" 1 A and "4.5 V > VM ≥ 2.5 V" 0.4 A
    answer = qa.ask(
        f"TB6612FNG motor supply at about {volts} V. How much output current per channel does "
        "the operating range allow at that VM?"
    )
    currents = [i.max for i in answer.items if i.spec == "output_current"]
    assert currents == [amps], answer.answer


def test_items_naming_no_figure_of_their_own_keep_the_heading_figure(qa: DatasheetQA) -> None:
    # "output current: continuous per channel, the 20 ms pulse rating and the 10 ms peak":
    # each item is an output-current rating (1.2 A, 2 A, 3.2 A)
    answer = qa.ask(
        "TB6612FNG absolute max output current: continuous per channel, the 20 ms pulse rating "
        "and the 10 ms single-pulse peak?"
    )
    assert sorted(i.max for i in answer.items if i.spec == "output_current") == [1.2, 2.0, 3.2]


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        (
            "Kid wants to power a bare MPU-6050 chip (no regulator on the board) straight from "
            "the Uno's 5 V pin. OK?",
            "incompatible",
        ),
        ("Can we run the ACS712 current sensor off the ESP32 board's 3.3 V pin?", "incompatible"),
        ("Can we run the ACS712 current sensor off a 5 V pin?", "compatible"),
    ],
)
def test_a_part_run_off_a_pin_of_a_stated_voltage_asks_its_supply_range(
    qa: DatasheetQA, question: str, verdict: str
) -> None:
    answer = qa.ask(question)
    assert answer.verdict == verdict, answer.answer
    assert any(i.spec == "supply_voltage" for i in answer.items), answer.answer


def test_a_checked_figure_stated_again_elsewhere_cites_both_places(qa: DatasheetQA) -> None:
    # MPU-6050 VDD 2.375-3.46 V: in the part comparison table (p8) and the specification
    # table (p14); a check against it cites both, as a lookup does
    answer = qa.ask("Can I power an MPU-6050 breakout's chip VDD straight from 5 V?")
    assert answer.verdict == "incompatible", answer.answer
    assert {"mpu-6050#p8", "mpu-6050#p14"} <= set(answer.citations), answer.citations
