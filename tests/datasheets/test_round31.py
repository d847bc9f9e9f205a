"""Rules from the thirty-first held-out round, on the real documents."""

from __future__ import annotations

from search.datasheets._qa import DatasheetQA


def test_an_input_span_the_input_moves_over_is_a_condition_not_an_item(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "what line regulation do I get on an lm7805 when the input only moves between 8 V and 12 V"
        " at 25 C?"
    )
    assert answer.status == "answered", answer.reasons
    assert "1.6" in answer.answer and "input: insufficient" not in answer.answer


def test_a_binary_word_in_nibbles_is_read_as_one_count(qa: DatasheetQA) -> None:
    # DHT22 p3: a 16-bit word / 10, the top bit a sign
    answer = qa.ask("dht22 temperature word came back 1000 0000 0110 0101 - what temp is that?")
    assert answer.status == "answered", answer.reasons
    assert "-10.1 °C" in answer.answer


def test_two_coil_ratings_named_together_are_each_answered(qa: DatasheetQA) -> None:
    answer = qa.ask("songle relay: coil current of the 9 V and the 24 V coil versions?")
    assert "40 mA" in answer.answer and "15 mA" in answer.answer


def test_the_wroom_module_by_its_short_name_is_the_esp32_module(qa: DatasheetQA) -> None:
    answer = qa.ask("max supply voltage for the wroom-32 module?")
    assert answer.status == "answered", answer.reasons
    assert "ESP32-WROOM-32" in answer.answer and "3.6" in answer.answer


def test_a_rail_beside_the_supply_asked_is_that_supply(qa: DatasheetQA) -> None:
    answer = qa.ask("min supply voltage of the esp32? my buck rail dips under load")
    assert answer.status == "answered", answer.reasons
    assert "input voltage range" not in answer.answer


def test_addressing_parts_on_a_one_wire_line_is_a_question_of_that_bus(qa: DatasheetQA) -> None:
    # DHT22 p2: its single bus "is incompatible with Dallas 1-wire bus"; not an I2C question
    answer = qa.ask("one-wire line with a ds18b20 and an am2302 on it - can I address each?")
    assert answer.verdict == "incompatible"
    assert "dht22#p2" in answer.citations and "I2C" not in answer.answer


def test_two_binary_words_are_each_read_as_the_quantity_named_before_them(
    qa: DatasheetQA,
) -> None:
    answer = qa.ask(
        "am2302 bytes by hand: humidity word 0000 0010 0101 1000 and temperature word"
        " 0000 0000 1111 1010 - what do they read?"
    )
    assert answer.status == "answered", answer.reasons
    assert "60 %RH" in answer.answer and "25 °C" in answer.answer


def test_a_figure_a_sentence_works_out_is_a_fact_of_its_label(qa: DatasheetQA) -> None:
    # srb5030-datasheet 6: "Peak inductor current is 3.0 + 0.79/2 = 3.39 A."
    answer = qa.ask("what peak current does the srb-5030's inductor see?")
    assert answer.status == "answered", answer.reasons
    assert "3.39 A" in answer.answer and "srb5030-datasheet#6" in answer.citations


def test_a_register_read_in_decimal_is_a_count(qa: DatasheetQA) -> None:
    answer = qa.ask("ads1115 on the ±2.048 V range, conversion register reads 8000 decimal: volts?")
    assert answer.status == "answered", answer.reasons
    assert "8000 counts: 500 mV" in answer.answer


def test_a_converter_code_is_a_whole_number(qa: DatasheetQA) -> None:
    answer = qa.ask("mcp3008 with VREF = 5 V and 2.0 V on CH1, what code should I read?")
    assert answer.status == "answered", answer.reasons
    assert "= 409.6, output code 409" in answer.answer


def test_below_what_voltage_a_relay_is_guaranteed_to_drop_out(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "srd-05vdc: what voltage is the coil guaranteed to pull in at, and below what voltage"
        " is it guaranteed to drop out?"
    )
    assert "3.75 V" in answer.answer and "0.25 V" in answer.answer


def test_a_gearmotor_that_draws_asks_what_the_driver_delivers(qa: DatasheetQA) -> None:
    answer = qa.ask("tb6612fng at VM = 6 V running a gearmotor that draws 1.5 A, ok?")
    assert answer.verdict == "incompatible"
    assert "output current" in answer.answer and "μA" not in answer.answer


def test_a_host_whose_supply_is_stated_in_brackets_still_drives(qa: DatasheetQA) -> None:
    answer = qa.ask("L298 logic on 5 V: can my ESP32 (3.3 V GPIO) drive IN1 and IN2 directly?")
    assert answer.verdict == "compatible"
    assert "ESP32-WROOM-32 VOH" in answer.answer


def test_reading_a_part_on_an_adc_makes_the_adc_the_receiver(qa: DatasheetQA) -> None:
    answer = qa.ask("I have an acs712-05b on 5 V. Can I read it on an ads1115 powered at 5 V?")
    assert answer.verdict == "compatible"
    assert "ACS712" in answer.answer and "output spans" in answer.answer


def test_a_load_that_draws_from_a_module_asks_its_derated_output(qa: DatasheetQA) -> None:
    answer = qa.ask("srb-5030 at 85 °C ambient feeding a 12 V load that draws 2 A: within rating?")
    assert answer.verdict == "incompatible"
    assert "1.5 A" in answer.answer


def test_a_notice_row_giving_a_revision_a_part_is_a_fact_of_that_revision(
    qa: DatasheetQA,
) -> None:
    # ECN-2608-04 section 3: "| Revision C | Input capacitors change to 10 uF 63 V X7R, OPS-3106"
    rated = [
        f
        for f in qa.store.for_device("SRB-5030")
        if f.citation == "ecn-2608-04#3" and f.spec == "voltage_rating"
    ]
    assert [(f.value, f.unit, f.applies_to) for f in rated] == [
        (63.0, "V", {"board_revision": "C"})
    ]
    assert "OPS-3106" in rated[0].parameter


def test_pulses_counted_are_a_volume_by_the_pulses_per_litre(qa: DatasheetQA) -> None:
    answer = qa.ask("yf-s201 logged 1350 pulses overnight - how many litres is that?")
    assert answer.status == "answered", answer.reasons
    assert "1350 / 450 = 3" in answer.answer and "yf-s201#p2" in answer.citations


def test_the_least_voltage_a_motor_is_guaranteed_to_see(qa: DatasheetQA) -> None:
    answer = qa.ask("l298 on 24 V at 1 A: least voltage the motor is guaranteed to see?")
    assert "20.8 V" in answer.answer


def test_one_item_worked_out_beside_others_looked_up(qa: DatasheetQA) -> None:
    # HX711 p3 prints the full scale as ±0.5(AVDD/GAIN): worked at 4 V, gain 64
    answer = qa.ask(
        "hx711 channel A gain 64 with AVDD = 4 V: full-scale differential input range, and the"
        " input common mode range?"
    )
    assert answer.status == "answered", answer.reasons
    assert "±31.25 mV" in answer.answer and "common mode range" in answer.answer


def test_a_count_at_two_settings_is_read_at_each(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "bh1750 raw count of 1200 with MTreg at its default of 69 - and what light level if"
        " MTreg were set to 254?"
    )
    assert answer.status == "answered", answer.reasons
    assert "1200 / 1.2 = 1000 lx" in answer.answer
    assert "1200 / 1.2 * (69 / 254)" in answer.answer


def test_two_raw_counts_are_each_scaled_by_their_own_sensor(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "mpu6050 at AFS_SEL=0 and FS_SEL=0: gyro X reads 1310 and accel Z reads 8192 (raw)."
        " Convert to deg/s and g."
    )
    assert "1310 / 131 = 10" in answer.answer and "8192 / 16384 = 0.5 g" in answer.answer


def test_a_voltage_in_followed_by_and_is_the_supply(qa: DatasheetQA) -> None:
    # ("12 V in and 500 mA out": "and" is no article, as "a" is)
    answer = qa.ask(
        "LM7805 in TO-220, no heatsink, 9 V in and 400 mA out: how far above ambient does the"
        " junction sit, using the junction-to-air thermal resistance?"
    )
    assert "(9 V - 5 V) × 400 mA = 1.6 W" in answer.answer and "104 °C" in answer.answer


def test_the_srb_line_is_the_srb_5030(qa: DatasheetQA) -> None:
    answer = qa.ask("on the SRB test line, how often are fixture channel offsets re-verified?")
    assert "3 months" in answer.answer and "calibration-procedure#1" in answer.citations


def test_the_fastest_a_part_can_be_polled_is_its_collecting_period(qa: DatasheetQA) -> None:
    answer = qa.ask("dht22: quickest i can read it without errors?")
    assert answer.status == "answered", answer.reasons
    assert "collecting period" in answer.answer and "2 Second" in answer.answer


def test_what_voltage_an_output_pin_is_when_it_triggers(qa: DatasheetQA) -> None:
    answer = qa.ask("sr501 motion sensor: what level is the out pin when it detects someone?")
    assert "output voltage high: 3.3 V" in answer.answer


def test_a_setting_out_of_reset_is_its_register_field_default(qa: DatasheetQA) -> None:
    answer = qa.ask("ads1115 after power-up, which full-scale range is it on?")
    assert answer.answer.startswith("ADS1115 PGA[2:0] = 010: FSR = ±2.048 V (default)")
    assert "MUX" not in answer.answer and "DR[2:0]" not in answer.answer


def test_a_regulator_powering_parts_on_a_bus_is_not_on_the_bus(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "an ams1117-3.3 from 5 V powering a bh1750 and a bme280 on one i2c bus: any issue with"
        " the supply or the addresses?"
    )
    assert answer.verdict == "compatible"
    assert "[i2c_address: compatible]" in answer.answer and "[supply: compatible]" in answer.answer


def test_a_code_asked_of_a_stated_input(qa: DatasheetQA) -> None:
    answer = qa.ask("mcp3008 at VREF = 5 V: which code does a 2.5 V input give?")
    assert "2.5 / (5 / 1024) = 512" in answer.answer


def test_line_and_load_regulation_are_each_asked(qa: DatasheetQA) -> None:
    answer = qa.ask("lm7805 line & load regulation at 25 C?")
    assert "line regulation" in answer.answer and "load regulation" in answer.answer


def test_an_instrument_named_in_a_schedule_has_its_calibration_interval(qa: DatasheetQA) -> None:
    # calibration-procedure 1: "| MDN-4010, MDN-6100, TRN-2400, TRN-1102 | 12 months | ..."
    answer = qa.ask(
        "trn-2400 set to 2.000 A CC: 1 year accuracy at that setting, and how often does the load"
        " go out for calibration?"
    )
    assert answer.status == "answered", answer.reasons
    assert "calibration interval: 12 months" in answer.answer
