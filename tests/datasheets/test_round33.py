"""Rules from the thirty-third held-out round, on the real documents."""

from __future__ import annotations

import pytest

from search.datasheets._answer import evaluate
from search.datasheets._formula import read_expression, symbols_of
from search.datasheets._qa import DatasheetQA
from search.datasheets._route import normalize_question


def test_a_five_letter_slip_of_a_spec_word_is_read_as_the_word() -> None:
    assert "output" in normalize_question("lm7805 ouput voltage")
    assert "supply" in normalize_question("ds18b20 suply range")
    # a word of its own that a dropped first letter would make is left alone
    assert "ample" in normalize_question("is 5 V ample for the hx711")


def test_an_output_asked_with_a_dropped_letter_is_answered(qa: DatasheetQA) -> None:
    answer = qa.ask("mdn4010 ouput power max")
    assert answer.status == "answered", answer.reasons
    assert "200 W" in answer.answer


def test_columns_named_one_after_another_ask_each(qa: DatasheetQA) -> None:
    # AMS1117 p3: current limit 900 min, 1,100 typ, 1,500 max mA
    answer = qa.ask("ams1117 current limit, min typ max")
    assert answer.status == "answered", answer.reasons
    assert "900" in answer.answer and "1100" in answer.answer and "1500" in answer.answer


def test_a_value_measured_is_put_into_the_formula(qa: DatasheetQA) -> None:
    # MQ-2 p4: Rs = (Vc / VRL - 1) x RL; (5 / 1.25 - 1) x 10 k = 30 k
    answer = qa.ask("mq-2 standard test circuit, Vc = 5V, RL = 10k, VRL measured 1.25V: Rs?")
    assert answer.status == "answered", answer.reasons
    assert "30 kΩ" in answer.answer


def test_a_supply_given_by_kind_is_the_sensors(qa: DatasheetQA) -> None:
    # "(sensor on 5V)" after the ESP32 powers the flow sensor, whose output is 5 V TTL
    # (YF-S201 p2), not the ESP32 (VIH max VDD + 0.3 = 3.6 V, p26)
    answer = qa.ask("yf-s201 output pin into an esp32 gpio (sensor on 5V) - fine?")
    assert answer.status == "answered", answer.reasons
    assert answer.verdict == "incompatible"
    assert "VIH max 3.6 V" in answer.answer


def test_a_sentence_requiring_the_rows_figure_states_it_again(qa: DatasheetQA) -> None:
    # DHT22 p5 "Collecting period 2 Second"; p3 "the interval of whole process must beyond
    # 2 seconds": the requirement, in another word for the row's label and another unit spelling
    answer = qa.ask("dht22 minimum wait between two readings?")
    assert answer.status == "answered", answer.reasons
    assert {"dht22#p5", "dht22#p3"} <= set(answer.citations)


def test_a_comparison_cites_where_its_figures_are_stated_again(qa: DatasheetQA) -> None:
    # ACS712 p5 electrical tables and the p2 selection guide both give 185 and 100 mV/A
    answer = qa.ask("acs712 05B vs 20A version: sensitivity of each?")
    assert answer.route == "comparison"
    assert "185" in answer.answer and "100" in answer.answer
    assert "acs712#p2" in answer.citations


def test_the_power_a_load_can_sink_is_its_input_power(qa: DatasheetQA) -> None:
    # TRN-2400 manual section 1: "Input power | 300 W maximum"
    answer = qa.ask("how many watts can the trn-2400 absorb?")
    assert answer.status == "answered", answer.reasons
    assert "300 W" in answer.answer


def test_the_quantity_changed_before_a_wait_is_not_asked(qa: DatasheetQA) -> None:
    # TS-5030 section 3: "Allow 250 ms after any input voltage change and 100 ms after any
    # load current change before taking a reading": VIN is the input voltage changed
    answer = qa.ask("TS-5030: after I change VIN, how long should I wait before I take a reading?")
    assert answer.status == "answered", answer.reasons
    assert "SRB-5030: 250 ms" in answer.answer
    assert "SRB-5030: 100 ms" not in answer.answer


def test_a_part_fed_from_a_supply_with_nothing_else_asked_is_checked(qa: DatasheetQA) -> None:
    # TB6612FNG p3: VM 2.5 to 13.5 V recommended
    answer = qa.ask("tb6612fng VM off a 14.4 V battery?")
    assert answer.verdict == "incompatible", answer.answer
    assert "14.4 V is outside 2.5 to 13.5 V" in answer.answer


def test_the_absolute_maximum_offered_as_the_reason_is_no_operating_limit(
    qa: DatasheetQA,
) -> None:
    # MPU-6050 p8: VDD 2.375 to 3.46 V; p20: -0.5 to 6 V absolute maximum
    answer = qa.ask("mpu6050 VDD on 5V (abs max says 6V so it should be ok?)")
    assert answer.verdict == "incompatible", answer.answer
    # and a value held only to an absolute maximum is never called compatible
    rating = qa.ask("is 5V on the mpu-6050 VDD within the absolute max rating?")
    assert rating.verdict != "compatible", rating.answer


def test_a_conversion_result_or_code_returned_is_worked_to_volts(qa: DatasheetQA) -> None:
    # ADS1115 p17: LSB 125 uV at FSR ±4.096 V; MCP3008 p17: code = 1024 * VIN / VREF
    ads = qa.ask("ads1115 at fsr +-4.096V, conversion result = 8000, input voltage?")
    assert "1 V" in ads.answer, ads.answer
    mcp = qa.ask("MCP3008, VREF 5 V, it returns code 512. what's Vin?")
    assert "2.5 V" in mcp.answer, mcp.answer


def test_a_test_steps_formula_of_two_readings_is_worked(qa: DatasheetQA) -> None:
    # TS-5030 section 5, step 4: report |V(32) - V(9)| / 5.000 * 100
    answer = qa.ask(
        "srb5030 line regulation step: 5.0030 V at 9 V in, 5.0080 V at 32 V in. what % to log?"
    )
    assert answer.status == "answered", answer.reasons
    assert "= 0.1" in answer.answer
    assert "srb5030-test-spec#5" in answer.citations


def test_a_magnitude_between_bars_and_a_reading_at_a_point_are_read() -> None:
    text = "Report `|V(0.1) - V(3.0)| / 5.000 * 100`."
    read = read_expression(text, text.index("`") + 1)
    assert read is not None
    assert symbols_of(read[0]) == ["V_at_0_1", "V_at_3_0"]
    assert evaluate(read[0], {"V_at_0_1": 4.99, "V_at_3_0": 5.0}) == pytest.approx(0.2)
    # a bar with nothing to close is no formula of ours
    assert read_expression("`VA | VB`", 1) is None
