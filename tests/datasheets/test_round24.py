"""Rules from the twenty-fourth held-out round, on the real documents."""

from __future__ import annotations

from search.datasheets._qa import DatasheetQA


def test_rails_tied_together_are_a_condition_not_a_figure_asked(qa: DatasheetQA) -> None:
    # "VDD = VREF = 5 V" states the rails; the maximum current asked is given alone
    answer = qa.ask(
        "MCP3008 running at VDD = VREF = 5 V with DOUT unloaded - maximum operating current?"
    )
    assert answer.status == "answered"
    assert [(i.spec, i.max, i.typ) for i in answer.items] == [("supply_current", 550.0, None)]


def test_a_superlative_asks_a_figure_and_the_load_it_names_is_no_party(qa: DatasheetQA) -> None:
    answer = qa.ask("TB6612FNG - highest PWM frequency I'm allowed to run the motor outputs at?")
    assert answer.status == "answered"
    assert [(i.max, i.unit) for i in answer.items] == [(100.0, "kHz")]


def test_a_limit_stated_only_as_an_absolute_maximum_is_shown_as_a_rating(qa: DatasheetQA) -> None:
    # a stress rating is never an operating limit: not answered, but the rating is shown as one
    answer = qa.ask("L298N continuous DC output current per channel, max?")
    assert answer.status == "insufficient_evidence"
    assert [(i.max, i.unit, i.section_kind) for i in answer.items] == [
        (2.0, "A", "absolute_maximum")
    ]
    assert "no operating limit" in answer.answer and "absolute maximum rating" in answer.answer
    # a figure the datasheet gives as an operating row still comes from that row
    assert qa.ask("L298 quiescent supply current, max?").items[0].section_kind != (
        "absolute_maximum"
    )


def test_a_regulator_heats_most_at_the_highest_input_its_supply_takes(qa: DatasheetQA) -> None:
    # "up to 14.4 V" is no TO-14 package, and the heat is worked out at 14.4 V, not 12 V
    answer = qa.ask(
        "LM7805 fed from a 12 V lead-acid battery that sits at up to 14.4 V while charging, "
        "~100 mA of sensors, TO-220 with no heatsink in a 25 C shed. Will it regulate within "
        "spec?"
    )
    assert answer.verdict == "compatible"
    assert "(14.4 V - 5 V) × 100 mA = 0.94 W" in answer.answer


def test_the_row_printed_for_the_input_span_stated_answers(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "For the LM7805 at TJ = 25 °C, what is the maximum line regulation for an input change "
        "from 8 V to 12 V?"
    )
    assert {i.max for i in answer.items} == {50.0}


def test_a_maximum_printed_only_at_another_condition_is_not_given(qa: DatasheetQA) -> None:
    # at 2.7 V the MCP3008 prints a typical only; its 550 µA maximum is for 5 V
    answer = qa.ask(
        "MCP3008 run from 2.7 V (VDD = VREF): what's its maximum operating current there?"
    )
    assert answer.status == "insufficient_evidence"
    assert [(i.typ, i.max) for i in answer.items] == [(225.0, None)]
    assert "no maximum" in answer.answer
    # a figure the datasheet prints as a typical only, at no other condition, is still given
    assert qa.ask("LM7805 peak current, max?").status == "answered"


def test_a_protection_asked_by_name_is_not_the_regulated_output(qa: DatasheetQA) -> None:
    # the SRB-5030 documents give no overvoltage protection; 5.1 V is the output's maximum
    answer = qa.ask("At what output voltage does the SRB-5030's overvoltage protection trip?")
    assert answer.status == "insufficient_evidence"
    assert not answer.items


def test_a_level_outside_the_span_a_row_is_printed_for_is_not_covered(qa: DatasheetQA) -> None:
    wet = qa.ask("BME280 at around 90 %RH: what absolute humidity accuracy is guaranteed there?")
    assert wet.status == "insufficient_evidence"
    assert "no figure is stated at 90 %RH" in wet.answer
    assert qa.ask("BME280 humidity accuracy at 50 %RH?").status == "answered"


def test_the_voltage_a_pin_needs_to_read_high_is_its_threshold(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "ESP32-WROOM-32 on 3.3 V: what input voltage does a GPIO need to be guaranteed to read "
        "high?"
    )
    assert {i.spec for i in answer.items} == {"logic_high_threshold"}
    assert "min 2.475 V" in answer.answer


def test_a_raw_count_is_read_through_the_scale_factor_of_the_range_stated(
    qa: DatasheetQA,
) -> None:
    answer = qa.ask(
        "MPU-6050 accel in the +/-8 g range (AFS_SEL=2) and the Z axis reads a raw 2048. "
        "How many g is that?"
    )
    assert [(d.expression, d.result, d.unit) for d in answer.derived] == [("2048 / 4096", 0.5, "g")]
    assert "2048 / 4096 = 0.5 g [mpu-6050#p13]" in answer.answer
