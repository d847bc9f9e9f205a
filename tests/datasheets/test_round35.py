"""Rules from the thirty-fifth held-out round, on the real documents."""

from __future__ import annotations

from pathlib import Path

from search.datasheets._markdown import read_markdown
from search.datasheets._qa import DatasheetQA
from search.datasheets._route import listed_bits, parse_question
from search.datasheets._tables import _statements_in, markdown_facts


def test_a_sub_label_centred_between_two_rows_names_both(qa: DatasheetQA) -> None:
    # ADS1115 p8: "Operating" is printed between "TA = 25°C 150 200" and "300", one line from
    # each, as "Power-down" is between its two rows; it is the condition of both
    answer = qa.ask(
        "ADS1115 in continuous conversion: typical operating supply current, and the max over "
        "the full -40 to 125 C range?"
    )
    assert answer.status == "answered", answer.reasons
    assert "typ 150 max 200 µA (Operating TA = 25°C)" in answer.answer
    assert "max 300 µA (Operating)" in answer.answer


def test_typical_and_then_the_max_asks_both_columns() -> None:
    text = "typical operating supply current, and the max over the full range?"
    assert parse_question(f"ADS1115 {text}").bound is None
    assert parse_question("ADS1115 max operating supply current?").bound == "max"


def test_typ_and_max_are_the_columns_asked_not_two_sides(qa: DatasheetQA) -> None:
    # "at 25 C - typ and max" asks the 25 °C row's two columns; the row over the whole range
    # (max 300 µA) is not a second side of the question
    answer = qa.ask("ads1115 supply current in continuous conversion at 25 C - typ and max?")
    assert answer.status == "answered", answer.reasons
    assert "typ 150 max 200 µA" in answer.answer
    assert "300" not in answer.answer


def test_a_design_rule_ceiling_is_a_fact_of_its_rule(tmp_path: Path, qa: DatasheetQA) -> None:
    doc = tmp_path / "rules.md"
    doc.write_text(
        "# Rules\n\nAcme, document DR-0200. These rules apply to every board.\n\n"
        "## 2. DR-31: Thermal\n\nJunction temperature at maximum load shall be at or below "
        "110 degC, computed from the thermal resistance.\n",
        encoding="utf-8",
    )
    facts, _ = markdown_facts(read_markdown(doc), None, "rules")
    ceiling = [(f.device, f.spec, f.max, f.unit, f.citation) for f in facts if f.max is not None]
    assert ceiling == [("DR-0200", "junction_temperature", 110.0, "°C", "rules#2")]
    # design-review-rules §7: DR-24, junction temperature at or below 125 degC
    answer = qa.ask("Per design review rule DR-24, what's the max allowed junction temperature?")
    assert answer.status == "answered", answer.reasons
    assert "125 degC" in answer.answer
    assert answer.citations == ["design-review-rules#7"]


def test_lower_and_upper_limits_ask_both_bounds(qa: DatasheetQA) -> None:
    question = "Production test for the SRB-5030: lower and upper limits for the VOUT step?"
    assert parse_question(question).bound is None
    answer = qa.ask(question)
    assert answer.status == "answered", answer.reasons
    assert "4.95 to 5.05 V" in answer.answer


def test_a_current_drawn_idle_is_no_current_in_a_working_state(qa: DatasheetQA) -> None:
    # HC-SR501 p1 prints only "Quiescent Current <50uA"
    answer = qa.ask("How much current does the HC-SR501 draw while its output is high?")
    assert answer.status == "insufficient_evidence", answer.answer
    answer = qa.ask("HC-SR501 current draw when someone is detected?")
    assert answer.status == "insufficient_evidence", answer.answer
    assert "50" in qa.ask("HC-SR501 quiescent current?").answer


def test_an_output_level_the_adc_sees_is_a_reading(qa: DatasheetQA) -> None:
    # ACS712-20A at 5 V: 2.5 V at 0 A, 100 mV/A
    answer = qa.ask("ACS712 20A on 5.00 V; my ADC sees 3.10 V on VIOUT. What's the current?")
    assert answer.status == "answered", answer.reasons
    assert "6 A" in answer.answer


def test_a_shunt_is_stated_after_its_name(qa: DatasheetQA) -> None:
    # INA219 p12: Cal = trunc(0.04096 / (Current_LSB * RSHUNT))
    answer = qa.ask(
        "INA219: Current_LSB = 50 uA and my shunt is 0.02 ohm. What goes in the calibration "
        "register?"
    )
    assert answer.status == "answered", answer.reasons
    assert "= 40960" in answer.answer


def test_a_long_computed_result_is_also_given_to_three_figures(qa: DatasheetQA) -> None:
    # MQ-2 p4: Rs = (Vc / VRL - 1) * RL = (5.0 / 1.5 - 1) * 4.7k = 10.9667 kΩ
    answer = qa.ask("mq-2 basic circuit, Vc = 5.0 V, RL = 4.7k, VRL = 1.5 V. what's Rs")
    assert answer.status == "answered", answer.reasons
    assert "10.9667 kΩ (≈ 11.0 kΩ)" in answer.answer
    assert answer.derived[-1].result == 11.0
    # a result of four figures is left as it is (YF-S201: 7.5 * 15 = 112.5 Hz)
    answer = qa.ask("YF-S201 output frequency at 15 L/min?")
    assert "112.5" in answer.answer and "≈" not in answer.answer


def test_a_one_wire_line_is_high_at_its_pull_up_and_low_at_its_sink_voltage(
    qa: DatasheetQA,
) -> None:
    # DS18B20 p2 prints no VOH or VOL: "Sink Current 4.0 mA, VI/O = 0.4V"; the line's high is
    # the pull-up's. ESP32-WROOM-32 p26 at 3.3 V: VIH 0.75 x VDD, VIL 0.25 x VDD, max VDD + 0.3
    answer = qa.ask("DS18B20 on local power at 3.3 V, DQ to an ESP32 GPIO. Logic levels OK?")
    assert answer.verdict == "compatible", answer.answer
    assert "pulled up to 3.3 V ≥ ESP32-WROOM-32 VIH min 2.475 V" in answer.answer
    assert "low at 0.4 V while sinking 4 mA ≤ ESP32-WROOM-32 VIL max 0.825 V" in answer.answer
    answer = qa.ask("DS18B20 on 5 V with its DQ into an ESP32 GPIO, logic levels ok?")
    assert answer.verdict == "incompatible", answer.answer
    assert "high at 5 V exceeds ESP32-WROOM-32 input maximum 3.6 V" in answer.answer


def test_a_sentence_states_its_figure_under_its_lead_clause() -> None:
    facts = _statements_in(
        "When the temperature is 25°C, the theoretical Nernst slope is 59.16 mV/pH unit.",
        "LMP91200",
        "lmp91200",
        "lmp91200#p15",
        "",
        15,
    )
    assert [(f.value, f.unit, f.condition) for f in facts] == [
        (59.16, "mV/pH", "temperature is 25°C")
    ]


def test_a_figure_per_ph_unit_times_the_two_stated(qa: DatasheetQA) -> None:
    # LMP91200 p15: 59.16 mV/pH at 25 °C; pH 7 to pH 4 is 3 x 59.16 mV
    answer = qa.ask(
        "LMP91200 at 25 C: how many mV does an ideal electrode shift from pH 7 to pH 4?"
    )
    assert answer.status == "answered", answer.reasons
    assert "177.48 mV" in answer.answer
    assert answer.citations == ["lmp91200#p15"]
    slope = qa.ask("LMP91200 Nernst slope at 25C?")
    assert "59.16 mV/pH" in slope.answer
    # the slope is printed at 25 °C only
    assert "177.48" not in qa.ask("LMP91200 at 37 C: electrode change from pH 4 to pH 7?").answer


def test_a_register_value_is_worked_back_through_two_formulas(qa: DatasheetQA) -> None:
    # RFM95W p78: FRF = FSTEP × Frf(23,0); p13 row: FSTEP = FXOSC/2^19
    facts = [f for f in qa.store.facts if f.device == "RFM95W" and f.spec == "formula"]
    assert {f.parameter for f in facts} >= {"FRF = FSTEP * Frf", "FSTEP = FXOSC / 2 ** 19"}
    answer = qa.ask("rfm95w with the 32MHz xtal: what Frf register value for 868.0 MHz?")
    assert answer.status == "answered", answer.reasons
    assert "= 14221312 (0xD90000)" in answer.answer
    assert answer.citations == ["rfm95w#p78", "rfm95w#p13"]
    answer = qa.ask("RFM95W with a 32 MHz crystal, Frf for 433.92 MHz?")
    assert "7109345.28; the register holds a whole number: 7109345" in answer.answer
    # no crystal stated: not worked out
    assert "14221312" not in qa.ask("RFM95W Frf register for 868 MHz?").answer


def test_a_raw_count_asked_in_the_unit_its_scale_gives(qa: DatasheetQA) -> None:
    # MPU-6050 p12/p13: 65.5 LSB/(º/s) at FS_SEL=1, 4096 LSB/g at AFS_SEL=2
    for question, said in (
        (
            "MPU-6050 gyro X gives a raw value of 6550 with FS_SEL=1, what's that in degrees per "
            "second?",
            "= 100 º/s",
        ),
        ("mpu-6050 gyroscope, FS_SEL = 1, raw value 3275 -> °/s?", "= 50 º/s"),
        (
            "Raw Z-axis value of 2048 from an MPU-6050 accelerometer at +/-8 g (AFS_SEL=2), how "
            "many g?",
            "= 0.5 g",
        ),
    ):
        answer = qa.ask(question)
        assert answer.status == "answered", answer.reasons
        assert said in answer.answer, answer.answer


def test_the_part_a_buffer_is_for_is_the_source(qa: DatasheetQA) -> None:
    # XGZP6847A 5 V part: 0.5 to 4.5 V out; LM358 on 5 V: input common mode to V+ - 1.5 V
    answer = qa.ask(
        "unity gain buffer with an lm358 (single 5V supply) for the xgzp6847a 5V output, "
        "0.5-4.5 V, ok?"
    )
    assert answer.verdict == "incompatible", answer.answer
    assert "XGZP6847A output spans 0.5 to 4.5 V" in answer.answer


def test_an_input_from_another_part_is_a_check(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "mcp3008 running VDD = Vref = 3.3V, input from an XGZP6847A...G33 (3.3V supply part): "
        "is the full range usable?"
    )
    assert answer.route == "compatibility", answer.answer
    assert answer.verdict == "compatible", answer.answer


def test_the_largest_current_before_the_shunt_range_is_no_check(qa: DatasheetQA) -> None:
    # INA219 p5: ±320 mV at PGA /8; no current through the shunt is stated
    answer = qa.ask(
        "INA219 with a 0.1 ohm shunt and PGA set to /8. What's the largest current I can "
        "measure before the shunt input range is exceeded?"
    )
    assert answer.status == "answered", answer.reasons
    assert "= 3.2 A" in answer.answer
    # a current through the shunt stated: a check
    stated = qa.ask("INA219 with PGA /8 across a 0.1 ohm shunt carrying 2 A: range exceeded?")
    assert stated.route == "compatibility", stated.answer


def test_a_question_naming_no_part_finds_the_one_stating_a_figure_per_its_unit(
    qa: DatasheetQA,
) -> None:
    answer = qa.ask("pH probe at 25C, ideal slope. How many mV between pH 7 and pH 9.5?")
    assert answer.status == "answered", answer.reasons
    assert "147.9 mV" in answer.answer
    assert answer.citations == ["lmp91200#p15"]


def test_more_paraphrased_wordings(qa: DatasheetQA) -> None:
    # MCP3008: 620 counts at VREF 3.3 V over 1024 codes
    answer = qa.ask("What input voltage corresponds to a code of 620 on an MCP3008, VREF = 3.3 V?")
    assert "1.99805 V" in answer.answer, answer.answer
    # AMS1117-5.0 p2: output rows printed for 6.5V ≤ VIN ≤ 12V
    for question in (
        "How low can the input go on an AMS1117-5.0 while it still meets its output voltage spec?",
        "ams1117-5.0: min Vin needed to stay within the output voltage spec?",
    ):
        assert "specified for 6.5V ≤ VIN ≤ 12V" in qa.ask(question).answer, question
    # YF-S201 at 5 V: a 5 V TTL pulse into a 3.3 V ESP32 pin
    answer = qa.ask(
        "Is it safe to connect the YF-S201 signal line directly to an ESP32-WROOM-32 GPIO when "
        "the sensor is powered from 5V?"
    )
    assert answer.verdict == "incompatible", answer.answer
    # ADS1115 p6: digital inputs to 5.5 V whatever VDD
    answer = qa.ask("ADS1115 powered at 3.3 V, I2C pullups to 5 V for a 5V arduino: permitted?")
    assert answer.verdict == "compatible", answer.answer


def test_levels_missing_one_way_round_are_compared_the_other_way(qa: DatasheetQA) -> None:
    # HC-SR501 p1: "Level output High 3.3 V / Low 0V"; it prints no input thresholds
    answer = qa.ask(
        "With the ESP32-WROOM-32 running at 3.3 V, can I wire the HC-SR501 OUT pin directly to "
        "one of its GPIOs - are the logic levels compatible?"
    )
    assert answer.verdict == "compatible", answer.answer
    assert "HC-SR501" in answer.answer.split("≥")[0], answer.answer
    # an output printed only at another supply is no missing output: not turned round
    answer = qa.ask(
        "MCP3008 powered at 3.3 V, DOUT straight into an ESP32 GPIO - are the logic levels "
        "compatible?"
    )
    assert answer.verdict == "insufficient_evidence", answer.answer
    # nor where no output or pin of the other part is said
    answer = qa.ask(
        "the red L298N board we have has a '5V' pin - can it supply the ESP32 plus sensors, "
        "about 500 mA? going by the L298 datasheet"
    )
    assert answer.verdict != "compatible", answer.answer


def test_resolutions_listed_each_with_its_unit_are_each_answered(qa: DatasheetQA) -> None:
    # INA219 p5: ADC conversion time 532, 276, 148, 84 µs at 12, 11, 10, 9 bits
    assert listed_bits("conversion time for each mode: 12-bit, 11-bit, 10-bit, 9-bit?") == {
        9,
        10,
        11,
        12,
    }
    answer = qa.ask("ina219 typ ADC conversion time for each mode: 12-bit, 11-bit, 10-bit, 9-bit?")
    assert all(f"{t} μs" in answer.answer for t in (532, 276, 148, 84)), answer.answer


def test_a_value_given_to_one_rail_is_not_checked_against_another(qa: DatasheetQA) -> None:
    # TB6612FNG p3: VCC 2.7 to 5.5 V, VM 2.5 to 13.5 V
    answer = qa.ask("TB6612FNG with VM = 12 V, within spec?")
    assert answer.verdict == "compatible", answer.answer
    assert "12 V is outside" not in answer.answer
    assert qa.ask("TB6612FNG with VM = 24 V - ok?").verdict == "incompatible"
    assert qa.ask("TB6612FNG with VCC = 12 V - ok?").verdict == "incompatible"


def test_a_part_given_a_supply_outside_its_range_fails_whatever_the_unheld_load(
    qa: DatasheetQA,
) -> None:
    answer = qa.ask("Can a TB6612FNG drive a 24 V motor with VM = 24 V?")
    assert answer.verdict == "incompatible", answer.answer
    assert "24 V is outside 2.5 to 13.5 V [tb6612fng#p3]" in answer.answer
    # inside its range, the load we hold nothing for is still unknown
    answer = qa.ask("Can a TB6612FNG drive a 12 V motor with VM = 12 V?")
    assert answer.verdict == "insufficient_evidence", answer.answer


def test_a_second_current_range_named_after_a_coded_variant_is_compared(qa: DatasheetQA) -> None:
    # ACS712 p5: sensitivity 185 mV/A (05B), 100 mV/A (20A); noise 21 mV (05B), 11 mV (20A)
    answer = qa.ask("What's the typical sensitivity of the ACS712 05B and of the 20A variant?")
    assert "185 mV/A" in answer.answer and "100 mV/A" in answer.answer, answer.answer
    answer = qa.ask("peak-to-peak noise of the 20A ACS712 vs the 5A one?")
    assert "21 mV" in answer.answer and "11 mV" in answer.answer, answer.answer


def test_an_input_span_and_a_power_bus_are_conditions_not_items(qa: DatasheetQA) -> None:
    # LM7805 p3: line regulation max 50 mV (VI = 8 V to 12 V); LM7812 p8: max 120 mV (16-22 V)
    assert parse_question(
        "For an input swinging 8-12 V, what's the LM7805's max line regulation at 25C?"
    ).specs == [("line_regulation",)]
    answer = qa.ask(
        "At 25°C, what's the worst-case line regulation of an LM7812 over a 16-22 V input span? "
        "It makes 12V for solenoid valves off a solar bus."
    )
    assert answer.status == "answered", answer.reasons
    assert "max 120 mV" in answer.answer


def test_a_temperature_span_stated_is_no_quantity_asked(qa: DatasheetQA) -> None:
    # BME280 p11: absolute pressure accuracy ±1 hPa (0…65 °C); p12: temperature ±0.5 °C
    answer = qa.ask("bme280 abs pressure accuracy, temp range limited to 0–65 °C?")
    assert "±1 hPa" in answer.answer, answer.answer
    assert "±0.5 °C" in qa.ask("bme280 temperature accuracy, temp range 0-65 C?").answer


def test_an_instruments_reply_said_either_way_round_is_its_reading() -> None:
    for question in (
        "The MDN-4010 returns 24.0000 for MEAS:VOLT?. 1 year spec: max error of that readback?",
        "if MEAS:VOLT? on the MDN-4010 bench supply comes back as 24.0000, how far off (1 year)?",
    ):
        parsed = parse_question(question)
        assert parsed.accuracy and parsed.reading == ("24.0000", "V"), question


def test_how_much_it_can_deviate_asks_its_accuracy(qa: DatasheetQA) -> None:
    # MDN-4010 manual §2: ±(0.05 % of setting + 10 mV), 1 year
    answer = qa.ask(
        "Per the 1-year spec, how much can the MDN-4010's real output deviate when it's "
        "programmed to 12.000 V?"
    )
    assert answer.status == "answered", answer.reasons
    assert "= ±16 mV" in answer.answer


def test_how_many_amps_an_error_in_percent_comes_to(qa: DatasheetQA) -> None:
    # ACS712-20A p5: total output error ±1.5 % at IP = ±20 A
    answer = qa.ask("ACS712 (20 A version) at a full 20 A - how many amps does the error come to?")
    assert "±1.5 % of 20 A = ±0.3 A" in answer.answer, answer.answer


def test_the_time_for_a_contact_to_release_is_its_release_time(qa: DatasheetQA) -> None:
    # SRD-05VDC-SL-C p1: release time max 5 msec
    answer = qa.ask(
        "worst-case time for a Sanyou SRD relay contact to release after the coil drops?"
    )
    assert "max 5 msec" in answer.answer, answer.answer
