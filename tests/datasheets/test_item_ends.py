"""Rules from the seventeenth held-out round, on the real documents: an item the question asks
one end of ("min VIH, max VIL") is answered with that end only."""

from __future__ import annotations

import pytest

from search.datasheets._qa import DatasheetQA


def test_each_item_gets_the_end_asked_of_it(qa: DatasheetQA) -> None:
    answer = qa.ask("ESP32-WROOM-32 with VDD = 3.0 V: max VIL and min VIH, in volts?")
    results = sorted(d.result for d in answer.derived)
    assert results == pytest.approx([0.75, 2.25]), answer.answer
    # without an end named, both ends of the supply-relative range are worked out
    both = qa.ask("ESP32-WROOM-32 with VDD = 3.0 V: VIH?")
    assert 3.3 in [pytest.approx(d.result) for d in both.derived], both.answer


def test_a_row_at_a_gain_not_asked_is_left_out(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "HX711 at AVDD = 5 V: full-scale differential input, channel A (gain 64) compared with "
        "channel B at gain 32?"
    )
    assert sorted(i.max for i in answer.items) == [40.0, 80.0], answer.answer
    # a channel named with no gain is asked at the gain it has
    bare = qa.ask("HX711 at AVDD = 5 V: full-scale input of channel A at gain 64 and channel B?")
    assert 80.0 in [i.max for i in bare.items], bare.answer


def test_a_mode_line_gives_each_of_its_figures(qa: DatasheetQA) -> None:
    # "H-resolution Mode2  Typ. 120ms.  0.5 lx": the mode's measurement time and resolution
    facts = [f for f in qa.index.device_facts("BH1750") if f.citation == "bh1750#p5"]
    mode2 = {(f.spec, f.unit) for f in facts if f.parameter == "H-resolution Mode2"}
    assert mode2 == {("conversion_time", "ms"), ("resolution", "lx")}, mode2


def test_each_mode_asked_gets_the_row_of_every_mode(qa: DatasheetQA) -> None:
    answer = qa.ask("BH1750: what resolution does each measurement mode give?")
    lux = sorted({float(i.value if i.value is not None else i.typ) for i in answer.items})
    assert lux == [0.5, 1.0, 4.0], answer.answer
    # "measurement mode" names no measurement time
    assert all(i.spec == "resolution" for i in answer.items), answer.answer


@pytest.mark.parametrize(
    ("question", "spec"),
    [
        ("ACS712: once VCC comes up, how long before I can trust the output?", "power_on_time"),
        ("HX711 at RATE = DVDD: if I change the gain, how long till readings are good?", None),
        ("ESP32-WROOM-32: how much sink current can a GPIO take at full drive?", None),
    ],
)
def test_timing_and_drive_wording(qa: DatasheetQA, question: str, spec: str | None) -> None:
    answer = qa.ask(question)
    assert answer.status == "answered", answer.answer
    if spec:
        assert {i.spec for i in answer.items} == {spec}, answer.answer
    figures = {i.typ for i in answer.items}
    if "HX711" in question:
        assert figures == {50.0}, answer.answer  # the output settling time at 80 SPS
    if "ESP32" in question:
        assert figures == {28.0}, answer.answer  # the sink row, not the 40 mA source row


def test_a_response_time_the_sheet_does_not_give_is_not_the_preheat(qa: DatasheetQA) -> None:
    answer = qa.ask("How many seconds does the MQ-2 take to respond to smoke?")
    assert answer.status == "insufficient_evidence", answer.answer


def test_a_purpose_told_before_the_question_is_no_item(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "We need quick sampling, so the INA219 ADC is at 10-bit. Max conversion time at that "
        "resolution?"
    )
    assert {(i.spec, i.max) for i in answer.items} == {("conversion_time", 163.0)}, answer.answer
    between = qa.ask("MCP3008 sleeps between sweeps of the sensor bank: max standby current?")
    assert {i.spec for i in between.items} == {"sleep_current"}, between.answer


def test_a_current_the_closing_question_states_as_condition_is_no_load(qa: DatasheetQA) -> None:
    answer = qa.ask("We run our AMS1117 hard. What's the worst-case dropout at 1 A output?")
    assert answer.verdict is None, answer.answer
    assert [(i.spec, i.max) for i in answer.items] == [("dropout_voltage", 1.3)], answer.answer


def test_the_part_named_is_not_its_suffixed_sibling(qa: DatasheetQA) -> None:
    # LM7805A rows (their own table) do not answer for the LM7805, even where their input
    # span fits the stated one more narrowly; "9 V (flat) to 13 V (charged)" is one span
    answer = qa.ask("LM7805 fed 9 V (flat) to 13 V (charged): worst-case line regulation?")
    assert [(i.condition, i.max) for i in answer.items] == [("VI = 7 V to 25 V", 100.0)], (
        answer.answer
    )


@pytest.mark.parametrize(
    ("pack", "verdict"), [("1S (3.0-4.2 V)", "incompatible"), ("2S (6.0-8.4 V)", "compatible")]
)
def test_a_regulator_fed_a_span_is_checked_at_its_low_end(
    qa: DatasheetQA, pack: str, verdict: str
) -> None:
    answer = qa.ask(
        f"Our rover uses a {pack} pack. Can an AMS1117-3.3 give a regulated 3.3 V from it?"
    )
    assert answer.verdict == verdict, answer.answer
    assert [d.result for d in answer.derived] == [pytest.approx(4.6)], answer.derived


def test_what_the_part_is_used_for_is_no_item(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "Driving a 2 A winch motor through a TB6612FNG so we can soft-start it, VM = 9 V. OK?"
    )
    assert answer.verdict == "incompatible", answer.answer  # 2 A is past the 1 A per channel
    assert "soft" not in answer.answer.lower(), answer.answer


def test_how_far_the_actual_value_can_be_from_a_setting_is_an_accuracy(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "TRN-2400 in CR mode at RES 10, ~2 A load. How far can the actual resistance be from 10 Ω?"
    )
    assert [d.result for d in answer.derived] == [pytest.approx(70.0)], answer.answer


def test_rows_listed_by_the_last_word_of_their_label_are_each_answered(qa: DatasheetQA) -> None:
    answer = qa.ask("BME280: current during pressure and humidity measurement, for a power budget?")
    assert [(i.spec, i.typ) for i in answer.items] == [
        ("current_during_pressure", 714.0),
        ("current_during_humidity", 340.0),
    ], answer.answer


def test_each_listed_condition_gets_its_row(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "Choosing a package for our AMS1117 board: thermal resistance of TO-252, SO-8 or SOT-223?"
    )
    assert [(i.condition, i.max) for i in answer.items] == [
        ("TO-252 package", 80.0),
        ("SO-8 package", 160.0),
        ("SOT-223 package", 90.0),
    ], answer.answer


def test_context_told_around_the_question_is_no_item(qa: DatasheetQA) -> None:
    # a sentence after the question that says what it is for
    budget = qa.ask(
        "MCP3008 idle between readings: worst-case standby current? I'm budgeting the draw."
    )
    assert {i.spec for i in budget.items} == {"sleep_current"}, budget.answer
    # the rail told before a closing question about another figure
    rail = qa.ask("LM7805 off the 12 V battery rail in the van. What is its max dropout at 1 A?")
    assert {i.spec for i in rail.items} == {"dropout_voltage"}, rail.answer


def test_a_stated_resolution_is_a_setting(qa: DatasheetQA) -> None:
    answer = qa.ask("DS18B20 set to 10-bit resolution. Max conversion time?")
    assert [(i.spec, i.max) for i in answer.items] == [("conversion_time", 187.5)], answer.answer
    adc = qa.ask("INA219 configured for 10-bit ADC resolution. Max conversion time at 10 bits?")
    assert {i.spec for i in adc.items} == {"conversion_time"}, adc.answer


def test_each_listed_amount_gets_its_row(qa: DatasheetQA) -> None:
    answer = qa.ask("SRB-5030 on a 24 V input: efficiency at 3 A, 1 A and 0.5 A?")
    assert [i.typ for i in answer.items] == [92.5, 91.7, 87.9], answer.answer


def test_junction_to_ambient_is_not_the_case_path(qa: DatasheetQA) -> None:
    answer = qa.ask("LM7805 in TO-220: junction-to-ambient thermal resistance?")
    assert [i.max for i in answer.items] == [65.0], answer.answer


def test_a_part_on_a_bus_it_does_not_speak_is_incompatible(qa: DatasheetQA) -> None:
    answer = qa.ask("Layout puts the MPU-6050 on SPI at 500 kHz to spare I2C pins. Supported?")
    assert answer.verdict == "incompatible", answer.answer
    assert "mpu-6050#p7" in answer.citations or "mpu-6050#p38" in answer.citations, answer.citations
    assert qa.ask("MPU-6000 wired on SPI at 500 kHz. Will that work?").verdict == "compatible"


@pytest.mark.parametrize(
    ("question", "figure"),
    [
        ("LM2904: max short circuit current of its output, shorted to ground?", 60.0),
        ("MPU-6050: from power-on, how long before the zero rate output settles?", 30.0),
    ],
)
def test_named_limits_and_settling(qa: DatasheetQA, question: str, figure: float) -> None:
    answer = qa.ask(question)
    assert [i.max if i.max is not None else i.typ for i in answer.items][:1] == [figure], (
        answer.answer
    )


def test_a_figure_asked_of_several_copies_is_a_lookup(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "Four DS18B20 probes all powered from one 3.3 V rail. Max current each draws converting?"
    )
    assert answer.status == "answered", answer.answer
    assert 1.5 in [i.max for i in answer.items], answer.answer


def test_a_set_command_asks_the_setting_accuracy(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "I send CURR 2.000 to the TRN-2400: how far can the actual current be from 2 A?"
    )
    assert [d.result for d in answer.derived] == [pytest.approx(12.0)], answer.answer  # not 7 mA


def test_a_closing_figure_request_after_a_possibility_is_answered(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "ADS1115 on a board near the exhaust, could see 100 °C. Max supply current in "
        "continuous mode at that temperature?"
    )
    assert answer.status == "answered", answer.answer
    assert [i.max for i in answer.items] == [300.0], answer.answer


def test_a_respectively_sentence_pairs_each_resolution_with_its_step(qa: DatasheetQA) -> None:
    steps = {
        i.condition: i.value
        for i in qa.index.device_facts("DS18B20")
        if i.spec == "resolution" and i.unit == "°C"
    }
    assert steps == {
        "9-bit resolution": 0.5,
        "10-bit resolution": 0.25,
        "11-bit resolution": 0.125,
        "12-bit resolution": 0.0625,
    }, steps
    answer = qa.ask(
        "DS18B20 at 11-bit and 12-bit resolution: what temperature step does each give?"
    )
    assert sorted(float(i.value) for i in answer.items) == [0.0625, 0.125], answer.answer


def test_a_rail_named_by_its_voltage_gets_its_margin(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "Our 28 V supply can run 5% high. Rev A SRB-5030: how much margin is left below the "
        "max input?"
    )
    assert [d.result for d in answer.derived][-1:] == [pytest.approx(2.6)], answer.answer


@pytest.mark.parametrize(("limit", "verdict"), [("4.000", "compatible"), ("6.000", "incompatible")])
def test_a_bench_supply_at_a_voltage_and_a_current_limit(
    qa: DatasheetQA, limit: str, verdict: str
) -> None:
    # 36 V × 6 A = 216 W is past the MDN-4010's 200 W, even if the load never draws it all
    answer = qa.ask(
        f"In step 2 the MDN-4010 goes to 36.000 V with the {limit} A current limit from setup. "
        "Is that inside the supply's ratings?"
    )
    assert answer.verdict == verdict, answer.answer


def test_an_instrument_asked_to_take_several_currents_is_checked_at_the_largest(
    qa: DatasheetQA,
) -> None:
    answer = qa.ask(
        "Can the TRN-2400 handle the full-load steps (2.000 A at ~12 V) and a ramp up to 28.000 A?"
    )
    # 12 V × 28 A = 336 W is past its 300 W
    assert answer.verdict == "incompatible", answer.answer
    assert any(d.result == pytest.approx(336.0) for d in answer.derived), answer.derived


def test_a_claim_about_the_absolute_maximum_is_checked_at_the_operating_limit(
    qa: DatasheetQA,
) -> None:
    answer = qa.ask(
        "A customer wants 3.2 A continuous from one SRB-5030, and says the abs max of 4 A means "
        "that's fine. Is it?"
    )
    assert answer.verdict == "incompatible", answer.answer


def test_a_figure_preferred_over_another_names_the_other_no_row(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "BME280 for a variometer: we care about pressure changes rather than absolute "
        "pressure. What relative accuracy is specified?"
    )
    assert [i.max for i in answer.items] == [0.12], answer.answer


@pytest.mark.parametrize(("load", "verdict"), [("2.0 A", "compatible"), ("3.4 A", "incompatible")])
def test_an_operating_point_is_checked_on_input_load_and_ambient(
    qa: DatasheetQA, load: str, verdict: str
) -> None:
    answer = qa.ask(
        f"Rev A SRB-5030 on a 12 V rail, {load} load, enclosure up to 45 °C. Can we sign off?"
    )
    assert answer.verdict == verdict, answer.answer
    assert {"output_current", "operating_temperature"} <= {i.spec for i in answer.items}


def test_asking_whether_the_sheet_backs_a_claim_needs_a_figure_that_settles_it(
    qa: DatasheetQA,
) -> None:
    answer = qa.ask(
        "Our battery budget assumes the ESP32-WROOM-32 pulls ~0.8 mA in light sleep. "
        "Does this module datasheet back that up?"
    )
    assert answer.status == "insufficient_evidence", answer.answer


def test_asking_the_sheet_to_confirm_a_capability_it_does_not_state(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "HX711 on-chip regulator with an external PNP driving a 120 ohm bridge, about 35 mA. "
        "Does the datasheet confirm it can supply that?"
    )
    assert answer.status == "insufficient_evidence", answer.answer


def test_a_guaranteed_figure_that_is_worse_high_is_its_maximum(qa: DatasheetQA) -> None:
    answer = qa.ask("LM358: what input offset voltage is guaranteed at 25 °C?")
    assert all(i.typ is None for i in answer.items), answer.answer
    assert answer.items and all(i.max is not None for i in answer.items), answer.answer


def test_degrees_written_without_the_sign_are_a_temperature(qa: DatasheetQA) -> None:
    cold = qa.ask("An LM358 in a shed that drops to -10 C overnight. Within its operating range?")
    assert cold.verdict == "incompatible", cold.answer
    # a revision letter or a battery's C rate is no temperature
    assert qa.ask("SRB-5030 rev C: max input voltage?").status == "answered"


def test_a_rail_named_before_a_word_about_levels_is_still_a_supply(qa: DatasheetQA) -> None:
    answer = qa.ask("Can the HX711 run from a 2.5 V rail so its levels match my MCU?")
    assert answer.verdict == "incompatible", answer.answer  # DVDD is 2.6 to 5.5 V


def test_the_margin_below_the_maximum_from_a_rail_as_stated(qa: DatasheetQA) -> None:
    answer = qa.ask("Rail peaks at 29 V on a rev A SRB-5030. How much margin to the max input?")
    assert [d.result for d in answer.derived][-1:] == [pytest.approx(3.0)], answer.answer


def test_that_package_refers_back(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "AMS1117-5.0 in TO-252 on our board. Thermal resistance listed for that package?"
    )
    assert answer.status == "answered", answer.answer
    assert [i.max for i in answer.items] == [80.0], answer.answer


def test_a_supply_is_never_weighed_against_a_regulation_figure(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "AMS1117-3.3 fed from a regulated 6.0 V supply, 200 mA load. A valid operating point?"
    )
    assert "outside max 15 mV" not in answer.answer, answer.answer
    assert answer.verdict == "compatible", answer.answer


def test_a_load_current_alone_is_checked_against_the_derated_output(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "Rev A SRB-5030 came back from a 76 C engine bay, it was supplying 2.5 A. Was that "
        "inside the datasheet rating?"
    )
    assert answer.verdict == "incompatible", answer.answer  # 3.0 - 6 x 0.1 = 2.4 A at 76 °C
    assert qa.ask("Can I parallel two SRB-5030 outputs to get 6 A?").status == (
        "insufficient_evidence"
    )


def test_a_single_supply_stated_is_where_the_part_runs(qa: DatasheetQA) -> None:
    answer = qa.ask("LM2904 on a single 5 V supply into 10k: guaranteed minimum output high?")
    assert {i.spec for i in answer.items} == {"output_voltage_high"}, answer.answer


@pytest.mark.parametrize(
    ("pack", "verdict"), [("3S (12.6 V max)", "compatible"), ("12S (50 V max)", "incompatible")]
)
def test_a_supply_pin_given_its_voltage_leaves_the_others_to_the_inputs(
    qa: DatasheetQA, pack: str, verdict: str
) -> None:
    answer = qa.ask(f"INA219 on a {pack} pack, VS = 5 V, BRNG set for 32 V. OK for the chip?")
    assert answer.verdict == verdict, answer.answer
    assert "outside max 5.5 V" not in answer.answer, answer.answer


@pytest.mark.parametrize(
    ("pattern", "verdict"),
    [("a 400 ms packet every 2 s", "incompatible"), ("a 2 s packet every 10 min", "compatible")],
)
def test_on_time_every_period_is_a_duty_cycle(qa: DatasheetQA, pattern: str, verdict: str) -> None:
    answer = qa.ask(f"RFM95W at +20 dBm on PA_BOOST sending {pattern}. OK with its limits?")
    assert answer.verdict == verdict, answer.answer
    assert [d.label for d in answer.derived] == ["duty cycle"], answer.derived
    assert not answer.violations, answer.violations


def test_asking_what_the_sheet_guarantees_past_its_stated_range(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "Probe output up to ~2.8 V into an ESP32 ADC1 pin with atten = 3, ±100 mV would do. "
        "Does the datasheet guarantee that at 2.8 V?"
    )
    assert answer.status == "insufficient_evidence", answer.answer


def test_figures_under_model_columns_belong_to_each_model(qa: DatasheetQA) -> None:
    per_model = {
        f.variant: f.value
        for f in qa.index.device_facts("SRD-05VDC-SL-C")
        if f.parameter == "Max. switching current"
    }
    assert per_model == {"SRD-DM": 15.0, "SRD-D": 12.0, "SRD-DB": 12.0}, per_model
    answer = qa.ask("SRD-05VDC-SL-C: max switching current of its contacts?")
    assert 15.0 not in [i.value for i in answer.items], answer.answer


def test_a_linear_regulator_asked_to_cope_is_checked_for_its_heat(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "AMS1117-5.0 in SOT-223 fed straight from a 4S pack (14.8 V), about 600 mA out. "
        "Will it cope?"
    )
    assert answer.verdict == "incompatible", answer.answer
    assert any(d.result == pytest.approx(5.88) for d in answer.derived), answer.derived


def test_the_air_of_the_place_a_regulator_sits_in_is_its_ambient(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "LM7805 (TO-220, no heatsink) off the 24 V plant supply, feeding 150 mA in a 45 °C "
        "control cabinet. Thermally OK?"
    )
    # (24 - 5) V × 0.15 A = 2.85 W; 65 °C/W gives 185 °C of rise: past 125 °C
    assert answer.verdict == "incompatible", answer.answer


def test_a_yes_no_question_left_unsettled_has_that_verdict(qa: DatasheetQA) -> None:
    answer = qa.ask("MQ-2 heater off a small USB power bank. Will the bank deliver what it needs?")
    assert answer.status == "insufficient_evidence", answer.answer
    assert answer.verdict == "insufficient_evidence", answer.verdict
