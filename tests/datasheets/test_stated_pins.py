"""Rules from the sixteenth held-out round, on the real documents: a question that gives a
supply pin its own voltage ("VCC = 3.3 V" beside "VM = 12 V") has bounds written relative to that
pin evaluated at it; a row printed at 25 °C does not answer another stated temperature."""

from __future__ import annotations

import pytest

from search.datasheets._compat import rails_in
from search.datasheets._qa import DatasheetQA


@pytest.fixture(scope="module")
def qa() -> DatasheetQA:
    return DatasheetQA()


def test_rails_in_reads_each_pin_given_a_voltage() -> None:
    assert rails_in("with VM = 12 V and VCC = 3.3 V") == (("VM", 12.0), ("VCC", 3.3))
    assert rails_in("VDD and VDDIO both 1.8 V") == (("VDD", 1.8), ("VDDIO", 1.8))
    assert rails_in("DVI tied to the 1.8 V rail") == (("DVI", 1.8),)
    assert rails_in("a 12 V rail") == ()


def test_logic_thresholds_follow_the_logic_pin_not_the_motor_pin(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "ESP32-WROOM-32 GPIOs into a TB6612FNG (VM = 9 V, VCC = 3.3 V) IN1/IN2/PWMA: do the "
        "levels work?"
    )
    assert answer.verdict == "compatible", answer.answer
    assert any(d.result == pytest.approx(2.31) for d in answer.derived), answer.derived
    # at VCC = 5 V the 0.7×VCC threshold (3.5 V) is above what a 3.3 V GPIO drives
    five = qa.ask(
        "ESP32-WROOM-32 GPIOs into a TB6612FNG (VM = 9 V, VCC = 5 V) IN1/IN2/PWMA: do the "
        "levels work?"
    )
    assert five.verdict == "incompatible", five.answer


def test_an_io_pin_given_with_the_main_pin_sets_the_pin_rating(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "I2C lines between an ESP32-WROOM-32 and a BME280 (VDD and VDDIO both at 3.3 V), "
        "pulled up to 3.3 V: is that fine?"
    )
    assert answer.verdict == "compatible", answer.answer


def test_a_room_temperature_row_does_not_answer_another_temperature(qa: DatasheetQA) -> None:
    hot = qa.ask("ADS1115 supply current at 110 °C ambient, operating?")
    assert [i.max for i in hot.items] == [300.0], hot.answer
    room = qa.ask("ADS1115 supply current at 25 °C, operating?")
    assert 200.0 in [i.max for i in room.items], room.answer


@pytest.mark.parametrize(
    ("question", "figure", "wider"),
    [
        ("LM7809 on a 15 V supply that drifts 12-17 V: line regulation, max?", 90.0, 180.0),
        ("LM7815 fed by a bus which swings 20 to 26 V: worst-case line regulaton?", 150, 300),
    ],
)
def test_a_stated_input_span_picks_the_narrowest_row_holding_it(
    qa: DatasheetQA, question: str, figure: float, wider: float
) -> None:
    answer = qa.ask(question)
    assert answer.status == "answered", answer.answer
    maxima = [i.max for i in answer.items]
    assert figure in maxima and wider not in maxima, answer.answer


def test_a_nominal_voltage_stated_is_no_request_for_the_typical() -> None:
    from search.datasheets._route import parse_question

    assert parse_question("LM7805 on a nominal 9 V rail: dropout voltage, max?").bound == "max"
    assert parse_question("LM7805 output voltage, nominal?").bound == "typ"


def test_the_worst_case_of_an_unnamed_current_or_time_is_its_maximum() -> None:
    from search.datasheets._route import parse_question

    assert parse_question("RFM95W idling in standby, worst-case current?").bound == "max"
    # talking to the part again is no question about its interface
    parsed = parse_question("DS18B20 EEPROM copy: worst-case time before I talk to the sensor?")
    assert parsed.bound == "max" and ("interface",) not in parsed.specs


def test_the_one_row_printed_at_the_stated_temperature_answers_it(qa: DatasheetQA) -> None:
    answer = qa.ask("LMP91200 unpowered (VS = 0 V) at 85 °C: INP input bias current, max?")
    assert [i.max for i in answer.items] == [6.5], answer.answer


@pytest.mark.parametrize(("flow", "verdict"), [("0.4", "incompatible"), ("12", "compatible")])
def test_a_stated_flow_is_checked_against_the_measuring_range(
    qa: DatasheetQA, flow: str, verdict: str
) -> None:
    answer = qa.ask(f"Our header pipe carries about {flow} L/min. Can the YF-S201 measure it?")
    assert answer.verdict == verdict, answer.answer


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        ("MCP3008 on 5 V with a 3 MHz SPI clock - will that work?", "compatible"),
        ("MCP3008 on 2.7 V with a 3 MHz SPI clock - will that work?", "incompatible"),
        ("MCP3008 on 4 V with a 3 MHz SPI clock - will that work?", "insufficient_evidence"),
    ],
)
def test_one_part_against_a_stated_bus_clock(qa: DatasheetQA, question: str, verdict: str) -> None:
    assert qa.ask(question).verdict == verdict


def test_a_bare_variant_ending_a_sentence_is_a_second_variant(qa: DatasheetQA) -> None:
    answer = qa.ask("Choosing between the ACS712 30A or 20A. Sensitivity of each?")
    assert {i.typ for i in answer.items} == {66.0, 100.0}, answer.answer


def test_a_pulse_rating_answers_only_a_question_about_pulses(qa: DatasheetQA) -> None:
    steady = qa.ask("TB6612FNG abs max output current, continuous, per channel?")
    assert [i.max for i in steady.items] == [1.2], steady.answer
    pulsed = qa.ask("TB6612FNG abs max output current for 20 ms pulses?")
    assert 2.0 in [i.max for i in pulsed.items], pulsed.answer


def test_the_highest_of_the_choices_is_one_end_of_the_list(qa: DatasheetQA) -> None:
    answer = qa.ask("Which is the fastest ADS1115 data rate I can select, max?")
    assert [i.max for i in answer.items][:1] == [860.0], answer.answer
    assert "475" not in answer.answer


def test_a_rail_span_said_after_its_name_picks_the_row_it_holds(qa: DatasheetQA) -> None:
    answer = qa.ask("TB6612FNG, VM from two AA cells (2.6-3.2 V): max output current there?")
    assert [i.max for i in answer.items if i.spec == "output_current"] == [0.4], answer.answer


def test_that_range_refers_to_the_range_stated() -> None:
    from search.datasheets._route import parse_question

    parsed = parse_question("BME280 at -20 to 0 °C: humidity accuracy in that temperature range?")
    assert parsed.specs == [("accuracy",)], parsed.specs
    bus = parse_question("Ten DS18B20 on one 1-wire bus: standby current, max, for each?")
    assert ("interface",) not in bus.specs and bus.bound == "max", bus.specs
    gain = parse_question("INA219 with PGA = /4: the offset voltage at that gain?")
    assert [c[0] for c in gain.specs] == ["input_offset_voltage"], gain.specs


def test_the_gap_between_two_figures_asked_is_worked_out(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "SRB-5030 rev A: how many volts between its max continuous input and the absolute "
        "max input rating?"
    )
    assert any(d.result == pytest.approx(8.0) for d in answer.derived), answer.answer
    assert "= 8 V" in answer.answer


def test_headroom_between_a_rail_and_a_maximum_is_a_margin_not_dropout(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "SRB-5030 rev A on a 30 V ±5 % rail: how much headroom is there between the top of "
        "the rail and the maximum input it is rated for now?"
    )
    assert any(d.result == pytest.approx(0.5) for d in answer.derived), answer.answer


def test_a_figure_asked_after_an_operating_point_is_a_lookup(qa: DatasheetQA) -> None:
    answer = qa.ask("The MDN-4010 goes to 40 V and 10 A. So what is its output power rating?")
    assert answer.verdict is None and [i.value for i in answer.items] == [200.0], answer.answer


def test_a_figure_asked_after_a_use_described_is_answered(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "ACS712 in series with a 12 V pump motor, and I want to estimate the heating. What is "
        "the resistance of the primary conductor?"
    )
    assert answer.status == "answered" and [i.typ for i in answer.items] == [1.2], answer.answer


def test_a_sentence_saying_why_it_is_asked_asks_nothing(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "What is the ACS712 primary conductor resistance? Just wondering about the power loss "
        "at 15 A."
    )
    assert answer.status == "answered" and [i.typ for i in answer.items] == [1.2], answer.answer


def test_excitation_current_is_its_own_figure(qa: DatasheetQA) -> None:
    answer = qa.ask("What is the XGZP6847A excitation current limit?")
    assert [i.spec for i in answer.items] == ["max_excitation_current"], answer.answer


def test_survival_said_as_context_does_not_ask_for_a_rating(qa: DatasheetQA) -> None:
    answer = qa.ask("Will a YF-S201 survive on our mains-fed line? What max pressure is listed?")
    assert answer.status == "answered" and [i.value for i in answer.items] == [2.0], answer.answer


@pytest.mark.parametrize(
    ("question", "spec", "figure"),
    [
        ("MPU-6050 temperature sensor: how many LSB per degree C?", "sensitivity", 340.0),
        (
            "Teaching ADC input impedance: what is the MCP3008 sampling capacitance?",
            "sample_capacitor",
            20.0,
        ),
        ("SRD-05VDC-SL-C relay: how many electrical operatons?", "lifetime", 100000.0),
    ],
)
def test_more_everyday_names_of_a_figure(
    qa: DatasheetQA, question: str, spec: str, figure: float
) -> None:
    answer = qa.ask(question)
    assert [(i.spec, i.typ if i.typ is not None else i.value) for i in answer.items] == [
        (spec, figure)
    ], answer.answer


def test_slew_rate_is_a_figure_the_lm358_sheet_does_not_give(qa: DatasheetQA) -> None:
    answer = qa.ask("Op-amp lab prep: the LM358 slew rate, what is it?")
    assert answer.status == "insufficient_evidence" and "slew rate" in answer.answer


def test_the_package_as_the_scope_of_a_figure_is_not_asked(qa: DatasheetQA) -> None:
    answer = qa.ask("LM358 at 5 V: max supply current of the whole package?")
    assert answer.status == "answered" and [i.max for i in answer.items] == [1.2], answer.answer


def test_a_row_of_another_block_does_not_answer_for_the_block_asked(qa: DatasheetQA) -> None:
    answer = qa.ask("MPU-6050 accelerometer: what is its highest output data rate?")
    assert [i.max for i in answer.items] == [1000.0], answer.answer
    gyro = qa.ask("MPU-6050 gyroscope: what is its highest output data rate?")
    assert 8000.0 in [i.max for i in gyro.items], gyro.answer


def test_a_load_cell_named_beside_a_lookup_is_no_fit_check(qa: DatasheetQA) -> None:
    answer = qa.ask("HX711 on my load cell, AVDD = 5 V: full-scale differential input at gain 128?")
    assert answer.status == "answered" and 20.0 in [i.max for i in answer.items], answer.answer
    fit = qa.ask("HX711 at gain 128, AVDD = 5 V, with my load cell: does full load fit?")
    assert fit.status == "insufficient_evidence", fit.answer  # its rated mV/V is not stated
