"""Rules from the twenty-second held-out round, on the real documents."""

from __future__ import annotations

import pytest

from search.datasheets._qa import DatasheetQA


def test_a_part_a_side_turns_off_is_not_one_it_names_running(qa: DatasheetQA) -> None:
    # "gyro + accel running (DMP off)": the row with the DMP disabled (3.8 mA), not the one
    # with it running (3.9 mA); the other side is the accelerometer-only row.
    answer = qa.ask(
        "MPU-6050 on a battery robot: typical current with gyro + accel running (DMP off) vs "
        "accel only?"
    )
    assert sorted((i.typ, i.unit) for i in answer.items) == [(3.8, "mA"), (500.0, "µA")]


def test_over_what_range_a_maker_specifies_a_figure_asks_the_rows_condition(
    qa: DatasheetQA,
) -> None:
    # "over what input voltage range does AMS specify its 5.0 V output tolerance": the span
    # the output rows are printed for (6.5 V to 12 V), not the output voltage itself
    answer = qa.ask(
        "Thinking of an AMS1117-5.0 on a station's 9 V battery. Over what input voltage range "
        "does AMS specify its 5.0 V output tolerance?"
    )
    assert answer.status == "answered", answer.answer
    assert [(i.min, i.max, i.unit) for i in answer.items] == [(6.5, 12.0, "V")]


def test_an_output_window_over_full_line_load_and_temperature_is_the_wide_row(
    qa: DatasheetQA,
) -> None:
    # "output window" is the output voltage; "over full line/load/temperature" (written with
    # slashes) is the row over the load span, not the one at TJ = 25 °C, for each variant
    answer = qa.ask(
        "LM7805 vs LM7805A: over full line/load/temperature, what output window does each "
        "guarantee?"
    )
    assert sorted((i.min, i.max) for i in answer.items) == [(4.75, 5.25), (4.8, 5.2)]


def test_a_sensor_reading_is_worked_on_the_supply_the_question_writes(qa: DatasheetQA) -> None:
    # "(0-40 kPa, 5 V supply) reading 2.1 V": the 0.5-4.5 V output of the 5 V part gives
    # 16 kPa (the 3.3 V part's 0.2-2.7 V would give 30.4)
    answer = qa.ask(
        "XGZP6847A040KPG (0-40 kPa, 5 V supply) reading 2.1 V. What pressure is that per "
        "CFSensor's conversion formula?"
    )
    assert [round(d.result, 6) for d in answer.derived][:1] == [16.0], answer.answer


def test_a_reading_of_a_sensor_whose_output_depends_on_an_unstated_supply_is_not_guessed(
    qa: DatasheetQA,
) -> None:
    answer = qa.ask("XGZP6847A040KPG reading 2.1 V. What pressure is that?")
    assert answer.status == "insufficient_evidence"
    assert "name the supply" in answer.answer


def test_a_radio_current_at_a_stated_power_is_its_supply_current(qa: DatasheetQA) -> None:
    # "current at +20 dBm vs +17 dBm": transmit supply current rows, no output-power row
    answer = qa.ask("Transmit budget for the rfm95w: current at +20 dBm vs +17 dBm on PA_BOOST?")
    assert {i.spec for i in answer.items} == {"supply_current"}
    assert {120.0, 87.0} <= {i.typ for i in answer.items}


@pytest.mark.parametrize(
    ("rail", "gain", "full"), [("3.3", 128, 12.890625), ("3.3", 64, 25.78125), ("5", 128, 20.0)]
)
def test_the_full_scale_at_a_rail_no_row_is_printed_for_is_worked_from_the_formula(
    qa: DatasheetQA, rail: str, gain: int, full: float
) -> None:
    # "±0.5(AVDD/GAIN)": at AVDD = 3.3 V no row holds (those print AVDD = 5 V), so the formula
    # gives it; at 5 V the printed row answers
    answer = qa.ask(
        f"Load cell on an HX711 with AVDD at {rail} V, channel A gain {gain}. What's the "
        "full-scale differential input?"
    )
    assert answer.status == "answered", answer.answer
    assert [(i.min, i.max) for i in answer.items][:1] == [(-full, full)]


def test_a_source_named_with_its_voltage_in_brackets_feeds_the_part(qa: DatasheetQA) -> None:
    # "feed an LM7805 from a 4xAA pack (6.0 V) ... will it regulate?": 6 V is its input, below
    # 5 V plus the 2 V dropout
    answer = qa.ask(
        "Student wants to feed an LM7805 from a 4xAA pack (6.0 V) to get 5 V for the sensors. "
        "Will it regulate?"
    )
    assert answer.verdict == "incompatible", answer.answer
    assert "dropout" in answer.answer


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        # a board's pin a part sits on is its supply, not a party to check levels against
        (
            "ds18b20 on the ESP32 board's 3.3 V pin, locally powered (not parasite) - ok?",
            "compatible",
        ),
        # a regulator's rail stays a party: its output range is checked against the part
        (
            "Cheap BME280 breakout with no onboard regulator: can we put its VDD and VDDIO "
            "straight on the LM7805's 5 V rail on the weather-mast board?",
            "incompatible",
        ),
    ],
)
def test_a_part_on_a_boards_pin_is_powered_from_it(
    qa: DatasheetQA, question: str, verdict: str
) -> None:
    answer = qa.ask(question)
    assert answer.verdict == verdict, answer.answer
    assert "ESP32-WROOM-32" not in {i.device for i in answer.items}


@pytest.mark.parametrize(
    "question",
    [
        "DR-10 check on L1 for the SRB-5030: what saturation current does the rule require and "
        "what is L1 rated at?",
        # no product named: the one whose parts list names L1
        "Design review for a replacement inductor: at 24 V in / 3 A out, what saturation "
        "current does DR-10 demand, and what's the fitted L1 rated for?",
    ],
)
def test_what_a_design_rule_demands_is_worked_with_the_parts_figures(
    qa: DatasheetQA, question: str
) -> None:
    # 1.3 x the 3.39 A peak inductor current = 4.407 A; L1 is rated 4.5 A. No verdict asked.
    answer = qa.ask(question)
    assert answer.status == "answered", answer.answer
    assert [round(d.result, 3) for d in answer.derived] == [4.407]
    assert 4.5 in {i.value for i in answer.items}
    assert answer.verdict is None


def test_a_load_step_is_not_a_production_test_step(qa: DatasheetQA) -> None:
    # "dip on a 1 A to 3 A step": no document gives a load-step response; the test spec's
    # "RIPPLE (step 7)" row shares only the word "step" and does not answer it
    answer = qa.ask(
        "SRB-5030 load-step response: how many mV does the output dip on a 1 A to 3 A step?"
    )
    assert answer.status == "insufficient_evidence", answer.answer
    assert "ripple" not in answer.answer.lower()


@pytest.mark.parametrize(
    ("question", "limit_too"),
    [
        ("Under DR-14, what max rail voltage do the rev C input caps (63 V X7R) support?", False),
        (
            "For the rev C SRB-5030: max input voltage, and what rail voltage do the new 63 V "
            "input caps support under the 1.5x derating rule?",
            True,
        ),
    ],
)
def test_the_rail_a_capacitor_supports_is_answered_alone_unless_the_input_limit_is_asked(
    qa: DatasheetQA, question: str, limit_too: bool
) -> None:
    # 63 / 1.5 = 42 V; the board's 36 V input limit only where the question asks for it
    answer = qa.ask(question)
    assert [d.result for d in answer.derived] == [42.0]
    assert (36.0 in {i.max for i in answer.items}) == limit_too, answer.answer


def test_a_total_current_adds_each_parts_current_in_the_state_given(qa: DatasheetQA) -> None:
    # DS18B20 converting 1.5 mA + DHT22 measuring 1.5 mA + ACS712 output open 13 mA
    answer = qa.ask(
        "Uno project on 5 V: DS18B20 converting, DHT22 measuring and an ACS712 with output "
        "open. Worst-case sum of the three sensor currents?"
    )
    assert answer.status == "answered", answer.answer
    assert [(d.expression, d.result, d.unit) for d in answer.derived] == [
        ("1.5 + 1.5 + 13", 16.0, "mA")
    ]
    assert {i.citation for i in answer.items} == {"ds18b20#p2", "dht22#p5", "acs712#p4"}


@pytest.mark.parametrize(
    ("question", "result"),
    [
        (
            "Cal verification of the TRN-2400 CC at the 0.100 A point: what tolerance window "
            "against the shunt, in mA?",
            10.1,
        ),
        (
            "Per CP-0210, what verification tolerance applies to the TRN-2400 constant-current "
            "setting at the 3.000 A point?",
            13.0,
        ),
    ],
)
def test_a_verification_tolerance_is_the_procedures_worked_at_the_point(
    qa: DatasheetQA, question: str, result: float
) -> None:
    # CP-0210's "+/-(0.1% + 10 mA) against the same shunt", not the manual's accuracy table
    answer = qa.ask(question)
    assert answer.citations == ["calibration-procedure#3"], answer.answer
    assert [(round(d.result, 6), d.unit) for d in answer.derived] == [(result, "mA")]


def test_the_points_an_instrument_is_verified_at_are_listed(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "Annual cal prep: at which output voltages does CP-0210 verify the MDN-4010 before it "
        "goes out?"
    )
    assert [(i.value, i.unit) for i in answer.items] == [
        (5.0, "V"),
        (12.0, "V"),
        (24.0, "V"),
        (32.0, "V"),
    ]


def test_a_meter_verified_yesterday_is_still_asked_its_accuracy(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "Field verification in a hot mechanical room at 33 °C. MDN-6100, 10 V DC range, 1-year "
        "spec, reading 5.000 V. What's the accuracy limit including the temperature coefficient?"
    )
    assert "calibration-procedure#3" not in answer.citations


def test_rev_a_slash_b_names_both_revisions() -> None:
    from search.datasheets._route import parse_question

    assert parse_question("what ceiling did the ECN set for rev A/B?").revisions == ("A", "B")
    assert parse_question("rev A or B boards").revisions == ("A", "B")
    assert parse_question("a rev C board").revisions == ("C",)


def test_a_numbered_test_step_names_the_product_with_a_production_test(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "Step 8 current limit on a returned board: what window must I_LIM fall in at 24 V in?"
    )
    assert [(i.min, i.max, i.unit) for i in answer.items] == [(3.7, 5.0, "A")], answer.answer
    assert answer.citations == ["srb5030-test-spec#4"]
