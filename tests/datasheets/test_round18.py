"""Rules from the eighteenth held-out round, on the real documents."""

from __future__ import annotations

import pytest

from search.datasheets._qa import DatasheetQA


def test_a_module_input_that_draws_current_asks_what_the_output_can_source(
    qa: DatasheetQA,
) -> None:
    # The HC-SR501 states its output levels but no output current: the 15 mA cannot be
    # checked, and its 4.5 to 20 V supply range settles nothing about it.
    answer = qa.ask(
        "Can the HC-SR501 OUT pin directly drive a 5 V relay module input that draws ~15 mA?"
    )
    assert answer.verdict == "insufficient_evidence", answer.answer


def test_a_temperature_whose_degree_sign_the_pdf_lost_is_read_in_celsius(
    qa: DatasheetQA,
) -> None:
    # The YF-S201 PDF stores "℃" as "?": "Working Temperature range: -25 to +80?"
    answer = qa.ask("What ambient temperature range is the YF-S201 rated to work in?")
    assert answer.status == "answered", answer.answer
    assert [(i.min, i.max, i.unit) for i in answer.items] == [(-25.0, 80.0, "°C")], answer.answer


@pytest.mark.parametrize(
    ("question", "spec", "value"),
    [
        # "the most it pulls": the maximum of a current
        (
            "Customer wants a battery-powered DHT22 (AM2302) in the hallway. Between readings "
            "it just sits there - what's the most it pulls in standby?",
            "sleep_current",
            50,
        ),
        # storage told in one sentence, the burn-in asked in the next
        (
            "A box of MQ-2 sensors sat on the shelf for about 4 months before I'm installing "
            "them in a customer's kitchen. How long do I have to burn them in before trusting it?",
            "aging_time",
            72,
        ),
        (
            "BME280: if RH jumps 90 to 0 %, how long until it has covered 63% of the step?",
            "response_time",
            1,
        ),
        (
            "HX711 at RATE high: after each channel change, how long before the output is valid?",
            "output_settling_time",
            50,
        ),
        # the context names VOUT, the closing "how long" asks a time
        (
            "Scope on the SRB-5030 VOUT at power-up. How long should the output take to ramp "
            "from 0 to 5 V with no load?",
            "soft_start_time",
            4,
        ),
        (
            "SRD relay: how fast does the contact let go, worst case?",
            "response_time",
            5,
        ),
        (
            "LM358 output could get shorted to ground. How much current will it dump into the "
            "short, worst case?",
            "current_limit",
            60,
        ),
        (
            "Lab TA here. Students put a uA meter in the DHT22 supply lead and watch it between "
            "reads. What's the most the sensor should draw while it's idle on stand-by?",
            "sleep_current",
            50,
        ),
        # the least load a regulator needs: the figure that guarantees regulation
        (
            "Adjustable AMS1117 with 100k feedback resistors drifts up with no load. What minimum "
            "load current does the regulator need to stay in regulation?",
            "minimum_load",
            10,
        ),
        (
            "LM7805: ignoring the load, how much does the regulator itself eat out of the input, "
            "worst case, at 25 C?",
            "supply_current",
            8,
        ),
    ],
)
def test_a_figure_asked_in_plain_words(
    qa: DatasheetQA, question: str, spec: str, value: float
) -> None:
    answer = qa.ask(question)
    assert answer.status == "answered", answer.answer
    # one item, giving the one figure asked (not a range, nor a typical beside a maximum)
    figures = [(i.spec, {v for v in (i.min, i.typ, i.max) if v is not None}) for i in answer.items]
    assert figures == [(spec, {value})], answer.answer


def test_a_temperature_told_as_the_only_figure_is_checked_against_the_rating(
    qa: DatasheetQA,
) -> None:
    answer = qa.ask(
        "Outdoor weather station with an LM358 preamp; the box gets to -20 C in winter. "
        "Is the LM358 rated for that?"
    )
    assert answer.verdict == "incompatible", answer.answer


def test_a_pressure_drop_asked_in_words_is_not_the_maximum_pressure(qa: DatasheetQA) -> None:
    answer = qa.ask("Sizing a pump: how much pressure does a YF-S201 drop at 30 L/min?")
    assert answer.status == "insufficient_evidence", answer.answer


def test_an_instrument_reply_in_scientific_notation_is_the_reading(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "On our MDN-6100, AC volts, 10 V range, MEAS:VOLT:AC? returns +2.720000E-03. What's "
        "the 1-year accuracy limit on that reading?"
    )
    # 0.06 % of 2.72 mV plus 0.03 % of 10 V
    assert answer.derived[-1].result == pytest.approx(3.001632), answer.answer
    # (and, before it, the same limit to a tenth of a millivolt, 3.0)
    assert [d.result for d in answer.derived[:-1]] == [pytest.approx(3.0)]


def test_a_query_reply_is_a_reading_even_after_a_setting(qa: DatasheetQA) -> None:
    # the reply to MEAS:CURR? is in amperes; "be off by" asks its accuracy
    current = qa.ask(
        "MDN-4010 MEAS:CURR? answers 0.0112 with 24 V in and no load. How much could the "
        "supply's own readback be off by?"
    )
    assert current.derived[-1].result == pytest.approx(3.0112), current.answer
    # set to 24 V, but the reply to the query is read against the readback row
    voltage = qa.ask(
        "MDN-4010 set to 24.000 V and MEAS:VOLT? answers 24.0000. How far could the actual "
        "terminal voltage be from that reading, per the 1-year spec?"
    )
    assert [d.result for d in voltage.derived] == [pytest.approx(17.0)], voltage.answer


def test_a_condition_left_open_by_a_comma_continues_on_the_line_below(qa: DatasheetQA) -> None:
    # "VCC = 30 V (26 V for LM2904, V)," with the figures, "RL = 10 kΩ" on the next line
    answer = qa.ask(
        "Op-amp lab at VCC = 30 V: LM358 output driving a 10k load. What's the minimum "
        "output-high voltage guaranteed?"
    )
    assert [(i.spec, i.min) for i in answer.items] == [("output_voltage_high", 27.0)], answer.answer


def test_a_row_over_the_temperature_range_gives_way_at_25_c(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "At VCC = 30 V and TA = 25 °C, what is the upper limit of the LM358's input "
        "common-mode voltage range?"
    )
    # 28.3 V at 25 °C; 28 V is the row for TA = Thigh to Tlow
    assert [i.max for i in answer.items] == [28.3], answer.answer


def test_a_bus_named_again_is_the_same_rail(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "Customer runs a 28 V nominal bus with ±10% tolerance on revision B SRB-5030s. How "
        "many volts of headroom are left between their worst-case bus and the board's max "
        "continuous input?"
    )
    # 32.0 V (ECN-2608-04, revision B) - 28 V × 1.1
    assert any(d.result == pytest.approx(1.2) for d in answer.derived), answer.answer


def test_a_rating_the_asker_leans_on_is_not_the_operating_limit(qa: DatasheetQA) -> None:
    # a cell chemistry is no part; "the abs max is 15 V, so" is the asker's premise
    pack = qa.ask(
        "Student rover: TB6612FNG VM on a 4S LiFePO4 pack that sits at 14.4 V while charging. "
        "The abs max is 15 V, so is it OK?"
    )
    assert pack.verdict == "incompatible", pack.answer  # VM operates up to 13.5 V
    # "They say the 4.0 A abs max means that's fine": the decimal point ends no sentence
    board = qa.ask(
        "Customer runs a revision B SRB-5030 at 3.2 A continuous, 40 C ambient, 24 V in. They "
        "say the 4.0 A abs max means that's fine. Is it within the board's rating?"
    )
    assert board.verdict == "incompatible", board.answer  # 3.0 A recommended maximum


def test_a_packet_every_minute_is_a_duty_cycle(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "RFM95W at +20 dBm on PA_BOOST, VDD 3.3 V, and each report is a ~1.5 s packet sent "
        "every minute. Allowed?"
    )
    # 1.5 s in 60 s is 2.5 %, past the 1 % duty cycle allowed at +20 dBm
    assert answer.verdict == "incompatible", answer.answer
    assert [d.result for d in answer.derived] == [pytest.approx(2.5)], answer.derived


def test_possessives_are_not_a_quoted_part(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "AMS1117-3.3 (SOT-223) fed from a 5 V USB adapter, powering one ESP32-WROOM-32. Does "
        "the regulator's output and current meet the module's needs?"
    )
    assert answer.verdict == "compatible", answer.answer


def test_a_board_that_gives_a_rail_is_not_the_motor_driver(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "Motorised blinds: TB6612FNG with VM from a 12 V adapter, Vcc 3.3 V from the ESP32 "
        "board, motor draws about 0.8 A running. Within the operating range?"
    )
    # 0.8 A against the TB6612FNG's 1 A per channel, not the ESP32's 40 mA pin current
    assert answer.verdict == "compatible", answer.answer


def test_will_it_hold_its_output_voltage_asks_the_headroom(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "E-bike display: AMS1117-3.3 straight off a single Li-ion cell (3.0-4.2 V) for a "
        "~300 mA load. Will it hold 3.3 V?"
    )
    # 3.0 V in is below 3.3 V out plus the 1.3 V dropout
    assert answer.verdict == "incompatible", answer.answer


def test_degrees_of_weather_are_a_temperature(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "DS18B20 in a radiation shield; coldest nights are about -25 deg. What's the "
        "guaranteed error at that temperature?"
    )
    # ±1 °C holds from -30 to +100 °C; ±0.5 °C only from -10 °C up
    assert [(i.min, i.max) for i in answer.items] == [(-1.0, 1.0)], answer.answer


def test_minutes_are_neither_a_part_nor_a_minimum(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "RFM95W node, the radio sleeps between 10-min reports. Worst-case sleep-mode current?"
    )
    assert answer.status == "answered", answer.answer
    assert [(i.typ, i.max) for i in answer.items] == [(None, 1.0)], answer.answer


def test_any_rating_exceeded_checks_the_operating_point(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "Customer runs SRB-5030 rev B boards off a 24 V industrial rail with ±10% tolerance, "
        "2.5 A load, cabinet up to 60 C. Any rating exceeded?"
    )
    assert answer.verdict == "compatible", answer.answer


@pytest.mark.parametrize(
    "question",
    [
        # no eCO2 accuracy is printed
        "Customer wants a CCS811 to drive their ventilation, and the spec says the CO2 reading "
        "must be within ±50 ppm. Does the CCS811 meet that?",
        # no deep-sleep current is printed in the module datasheet
        "ESP32-WROOM-32 on a 2000 mAh cell, deep sleep between readings every 10 minutes. Can I "
        "get 6 months out of it per the module datasheet?",
    ],
)
def test_a_requirement_on_a_figure_not_printed_is_unsettled(qa: DatasheetQA, question: str) -> None:
    answer = qa.ask(question)
    assert answer.verdict == "insufficient_evidence", answer.answer


def test_over_temperature_leaves_out_the_row_printed_at_25_c(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "ADS1115 in a weather station sits in power-down most of the time and the box sees "
        "-30 C in winter. Worst-case power-down current over temperature?"
    )
    # "Power-down TA = 25°C: max 2 µA" gives way to "Power-down: max 5 µA"
    assert [i.max for i in answer.items] == [5.0], answer.answer


def test_load_steps_ask_a_transient_response_no_document_gives(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "Their SRB-5030 load steps from 0.2 A to 2.5 A in a few microseconds and the MCU resets "
        "if 5 V dips more than 100 mV. Can the datasheet confirm the dip stays under 100 mV?"
    )
    assert answer.verdict == "insufficient_evidence", answer.answer


def test_a_stray_field_from_outside_is_not_the_total_output_error(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "The ACS712 board would sit 1 cm from the hub motor's magnets. How much error will the "
        "stray field cause - is that placement OK?"
    )
    assert answer.verdict == "insufficient_evidence", answer.answer


def test_the_time_a_state_is_held_for_is_a_sentence_figure(qa: DatasheetQA) -> None:
    # "hold the board at 24 V in and 3 A out for at least 60 minutes ... every five minutes":
    # the one time the state is held for, its operating point left in the sentence
    facts = [f for f in qa.index.statements("SRB-5030") if f.citation == "failure-analysis-guide#5"]
    soak = [f for f in facts if "soak" in f.parameter]
    assert [(f.min, f.unit) for f in soak] == [(60.0, "min")], soak
