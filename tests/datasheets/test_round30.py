"""Rules from the thirtieth held-out round, on the real documents."""

from __future__ import annotations

from search.datasheets._qa import DatasheetQA


def test_a_register_address_from_its_heading_is_cited_with_the_heading(qa: DatasheetQA) -> None:
    # the address comes from "Register 0xD0 “id”", so the evidence holds the heading too
    answer = qa.ask("bme280 sanity check on boot: which register holds the chip id and its value?")
    assert answer.status == "answered", answer.reasons
    assert "0xd0" in answer.answer.lower() and "0x60" in answer.answer


def test_a_one_wire_part_on_a_host_listing_other_buses_is_not_incompatible(
    qa: DatasheetQA,
) -> None:
    # the DS18B20 speaks 1-Wire alone; the ESP32's facts list I2C, SPI and UART, and firmware
    # runs 1-Wire on a digital pin, which its facts neither state nor rule out
    answer = qa.ask("ds18b20 at the end of 30 m of cable from an esp32 - will that work?")
    assert answer.verdict == "insufficient_evidence"
    assert "usually run in firmware" in answer.answer


def test_go_or_no_go_asks_for_a_verdict(qa: DatasheetQA) -> None:
    answer = qa.ask("customer wants srb-5030 rev B boards on a 36 V nominal rail. go or no go?")
    assert answer.verdict == "incompatible" and "32" in answer.answer


def test_the_input_common_mode_is_its_range_not_the_differential_one(qa: DatasheetQA) -> None:
    answer = qa.ask("lm358 on a single 12 volt supply, how high can the input common mode go?")
    assert "at 12 V: max 10.3 V" in answer.answer and "max 12 V" not in answer.answer


def test_a_figure_printed_at_one_frequency_does_not_answer_another(qa: DatasheetQA) -> None:
    # AMS1117 ripple rejection is printed at f = 120 Hz only: where it is printed is said,
    # with its citation, not the figure, which would read as the answer
    answer = qa.ask(
        "ams1117-3.3 as a post regulator: what ripple rejection does it give at 100 kHz?"
    )
    assert answer.status == "insufficient_evidence"
    assert "printed only at other points: f =120Hz" in answer.answer
    assert "72" not in answer.answer and not answer.violations
    assert answer.citations == ["ams1117#p3"]
    assert qa.ask("ams1117 ripple rejection at 120 Hz?").status == "answered"


def test_the_level_an_output_pin_goes_to_and_the_current_per_channel(qa: DatasheetQA) -> None:
    pir = qa.ask("hc-sr501: when it sees someone what voltage does the OUT pin go to?")
    assert "output voltage high: 3.3 V" in pir.answer
    motor = qa.ask("tb6612fng - how much current per channel can it do, average and peak?")
    assert "1.2 A (average)" in motor.answer and "3.2 A (peak)" in motor.answer


def test_a_stated_sensitivity_or_rating_is_no_question_and_no_reading(qa: DatasheetQA) -> None:
    # "(185 mV/A)" states the sensitivity; "5A" names the part; +2 A is the current
    answer = qa.ask(
        "acs712 5A version (185 mV/A) on a 5v supply: what should VIOUT read with +2 A?"
    )
    assert "output at 2 A: 2.87 V" in answer.answer
    assert "output at 2 A: 2.87 V" in qa.ask("ACS712 5A on 5V: VIOUT with 2 A flowing?").answer


def test_putting_out_is_an_output_and_pull_in_a_pickup(qa: DatasheetQA) -> None:
    pressure = qa.ask("XGZP6847A040KPG (5V supply) is putting out 2.5 V. what pressure is that?")
    assert "20 kPa" in pressure.answer
    relay = qa.ask("srd-05vdc-sl-c: what voltage is the coil guaranteed to pull in at?")
    assert "pickup voltage: 75 % of the 5 V nominal coil voltage" in relay.answer
    assert "= 3.75 V" in relay.answer


def test_a_figure_asked_beside_the_loss_is_read_from_the_same_row(qa: DatasheetQA) -> None:
    answer = qa.ask("srb-5030 at 24V in and 3A out - efficiency and how many watts does it burn?")
    assert "power dissipated at VIN = 24.0 V, IOUT = 3.0 A: 1.214 W" in answer.answer
    assert "efficiency at VIN = 24.0 V, IOUT = 3.0 A: typ 92.5 %" in answer.answer


def test_a_current_monitors_measured_rail_is_its_bus_input_not_its_supply(
    qa: DatasheetQA,
) -> None:
    # the INA219's 6 V supply is not what a 48 V pack is checked against
    answer = qa.ask("high side current monitoring on a 48 V e-bike pack with an ina219 - ok?")
    assert answer.verdict == "incompatible" and "max 6 V" not in answer.answer
    assert "48 V is outside -0.3 to 26 V" in answer.answer


def test_a_quantity_joined_to_a_word_is_no_part(qa: DatasheetQA) -> None:
    answer = qa.ask("xgzp6847a 5V-version (0.5-4.5 V out) into an ads1115 powered from 3.3 V?")
    assert answer.verdict == "incompatible" and "5V-version" not in answer.answer


def test_a_word_of_two_bytes_is_read_by_the_table_of_words_the_datasheet_prints(
    qa: DatasheetQA,
) -> None:
    # DS18B20 Table 1 ("+25.0625 ... 0191h", "-25.0625 ... FE6Fh"): two's complement words,
    # 0.0625 °C each; the memory map says byte 0 holds the low half
    warm = qa.ask("ds18b20 read scratchpad gives byte0 = 0x91, byte1 = 0x01. temperature in deg c?")
    assert "401 * 0.0625 = 25.0625 °C" in warm.answer
    assert warm.citations == ["ds18b20#p6", "ds18b20#p5", "ds18b20#p8"]
    cold = qa.ask("DS18B20 LSB = 0x6F, MSB = 0xFE: temperature?")
    assert cold.status == "answered" and "-401 * 0.0625 = -25.0625 °C" in cold.answer


def test_a_fraction_drawn_with_a_line_is_a_formula(qa: DatasheetQA) -> None:
    # INA219 Equation 1: "0.04096" over "Current_LSB ´ RSHUNT", "Cal = trunc" between them
    answer = qa.ask(
        "ina219 with a 0.1 ohm shunt, I picked Current_LSB = 100 uA. calibration value?"
    )
    assert answer.citations == ["ina219#p12"]
    assert "trunc(0.04096 / (100 µA * 0.1 ohm)) = 4096" in answer.answer
    # the whole part: 0.04096 / (50 µA * 0.03 Ω) = 27306.67
    odd = qa.ask("INA219: Current_LSB = 50uA and RSHUNT = 0.03 ohm, calibration value?")
    assert odd.answer.endswith("= 27306")


def test_a_register_fields_settings_answer_by_code_by_meaning_and_by_default(
    qa: DatasheetQA,
) -> None:
    # BME280 Table 27 "t_sb[2:0]  tstandby [ms]": "110  10"
    code = qa.ask("BME280 in normal mode, config register t_sb[2:0] = 110. What standby time?")
    assert code.answer.startswith("BME280 t_sb[2:0] = 110: 10 ms [bme280#p30]")
    # "normal mode" names no field "mode[1:0]"; a field written with its bits does
    assert "Normal mode" in qa.ask("bme280 mode[1:0] = 11 means?").answer
    # CCS811 "011: Mode 3 – ... every 60" wrapping onto "seconds", and the power asked after
    meaning = qa.ask(
        "ccs811: which DRIVE_MODE bits give one measurement every 60 s, "
        "and what's the power draw in that mode at 1.8V?"
    )
    assert "DRIVE_MODE = 011: Mode 3" in meaning.answer and "every 60 seconds" in meaning.answer
    assert "1.2 mW (Mode 3 at VDD= 1.8V)" in meaning.answer
    # ADS1115 Table 8: the defaults of the fields asked by what they set ("full-scale range":
    # FSR), with the register's reset value; MUX is not asked
    default = qa.ask(
        "ADS-1115 config register after power-up, which full-scale range and data rate?"
    )
    assert default.answer == (
        "ADS1115 Config register reset value: 8583h [ads1115#p28]; ADS1115 PGA[2:0] = 010: "
        "FSR = ±2.048 V (default) [ads1115#p28]; ADS1115 DR[2:0] = 100: 128 SPS (default) "
        "[ads1115#p28]"
    )


def test_the_minimum_supply_beside_another_figure_asks_the_supply_voltage(
    qa: DatasheetQA,
) -> None:
    answer = qa.ask(
        "rfm95w at +20 dBm: what's the minimum supply for that and any duty cycle limit?"
    )
    assert "supply voltage: min 2.4 V [rfm95w#p80]" in answer.answer
    assert "duty cycle transmission: max 1 %" in answer.answer


def test_a_part_named_only_to_be_told_apart_is_no_party(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "what should i read back from reg 0xD0 on a bme280? to tell it apart from a bmp280"
    )
    assert answer.status == "answered" and "0x60" in answer.answer and "bmp280" not in answer.answer


def test_a_coil_voltage_guaranteed_to_pull_in_is_the_pickup(qa: DatasheetQA) -> None:
    answer = qa.ask("srd-05vdc-sl-c 5V coil: lowest coil voltage thats guaranteed to pull in?")
    assert "= 3.75 V" in answer.answer


def test_volts_per_bit_is_the_step_size_not_the_range(qa: DatasheetQA) -> None:
    answer = qa.ask("ina219 bus voltage reading - how many mV per bit?")
    assert "lsb size (Bus voltage, 1 LSB step size): typ 4 mV" in answer.answer
    assert "32 V" not in answer.answer


def test_the_pins_that_decide_the_boot_mode_are_its_strapping_pins(qa: DatasheetQA) -> None:
    # "• Chip boot mode – Strapping pin: GPIO0 and GPIO2"
    answer = qa.ask("which pins on the esp32-wroom-32 decide the boot mode at reset?")
    assert answer.answer.startswith(
        "ESP32-WROOM-32 Chip boot mode strapping pins: GPIO0 and GPIO2 [esp32-wroom-32#p11]"
    )
    assert "MTDO" in qa.ask("esp32-wroom-32: which strapping pin sets the U0TXD printing?").answer


def test_what_a_module_without_a_sleep_mode_draws_idle_is_its_quiescent_current(
    qa: DatasheetQA,
) -> None:
    answer = qa.ask("how much does the hc-sr501 pir board draw when idle? standby current matters")
    assert answer.answer.startswith("HC-SR501 Quiescent Current: max 50 uA [hc-sr501#p1]")


def test_amps_per_channel_avg_and_peak_and_a_config_reg_default(qa: DatasheetQA) -> None:
    motor = qa.ask("tb6612fng motor driver, how many amps per channel avg and peak?")
    assert "1.2 A (average)" in motor.answer and "3.2 A (peak)" in motor.answer
    # "config reg": the register by its short name
    rate = qa.ask("after power up the ADS-1115 config reg is at reset - what data rate by default?")
    assert "DR[2:0] = 100: 128 SPS (default)" in rate.answer


def test_a_rail_said_to_be_only_some_volts_is_that_rail(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "hx711 channel A at gain 64 but AVDD is only 3.3 V (not 5V) - full scale input?"
    )
    assert "±0.5 × 3.3 V / 64 = ±25.781 mV" in answer.answer


def test_a_supply_in_brackets_after_the_range_is_the_sensors(qa: DatasheetQA) -> None:
    answer = qa.ask("XGZP6847A100KPG (0-100kPa, 5V) reads 2.5 V on the output. what pressure?")
    assert "reading at 2.5 V output: 50 kPa" in answer.answer


def test_a_rating_named_by_its_row_label_does_not_displace_the_operating_row(
    qa: DatasheetQA,
) -> None:
    # "Single Supply" labels the LM358's 32 V rating; "Single Supply Operation" its 3 to 32 V
    answer = qa.ask("lm358 dual opamp, single supply - whats the min and max supply voltage?")
    assert answer.answer.startswith("LM358 supply voltage: 3 to 32 V [lm358#p1]")
    assert "absolute max" in qa.ask("lm358 absolute max single supply voltage?").answer


def test_a_registers_value_after_power_on_reset_is_its_reset_value(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "ina219 - what value does the configuration register (00h) hold after power on reset?"
    )
    assert answer.answer == "INA219 Configuration register reset value: 399Fh [ina219#p19]"


def test_a_temperature_step_is_the_resolution(qa: DatasheetQA) -> None:
    answer = qa.ask("ds18b20 dropped to 10 bit - what temp step do i get and max conversion time?")
    assert "resolution: 0.25 °C (10-bit resolution)" in answer.answer
    assert "conversion time: max 187.5 ms" in answer.answer


def test_typ_and_worst_case_asks_both_bounds(qa: DatasheetQA) -> None:
    sleep = qa.ask("RFM95W lora module sleep current? typ and worst case")
    assert "sleep current: typ 0.2 max 1 uA" in sleep.answer
    supply = qa.ask("lm358 supply current on a single 5 volt rail w/ no load? typ + max")
    assert "supply current: typ 0.7 max 1.2 mA" in supply.answer


def test_where_it_starts_up_is_the_rising_lockout(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "srb5030: at what input voltage does it start up and where does UVLO drop it out?"
    )
    assert "rising): typ 8.2 V" in answer.answer and "falling): typ 7.8 V" in answer.answer


def test_straight_on_a_rail_asks_a_verdict(qa: DatasheetQA) -> None:
    answer = qa.ask("bare mpu-6050 chip (no regulator board) - can VDD go straight on my 5v rail?")
    assert answer.verdict == "incompatible"


def test_a_rail_named_then_its_voltage_range_is_one_question(qa: DatasheetQA) -> None:
    answer = qa.ask("L298N logic supply pin (VSS, pin 9) - allowed voltage range?")
    assert answer.status == "answered" and "logic supply voltage: 4.5 to 7 V" in answer.answer


def test_how_high_the_output_gets_and_a_raw_data_register_count(qa: DatasheetQA) -> None:
    high = qa.ask("lm358 on a single 5V supply driving 2k, how high can the output get?")
    assert "output voltage high: min 3.3 typ 3.5 V" in high.answer
    lux = qa.ask("bh1750 continuous H-res mode, default MTreg. raw data reg = 1200 counts. lux?")
    assert "1200 / 1.2 = 1000 lx" in lux.answer


def test_an_instruments_range_row_is_found_by_the_specs_own_name(qa: DatasheetQA) -> None:
    # "power it can sink": the TRN-2400's range table prints "Input power | 300 W maximum"
    answer = qa.ask("trn-2400 e-load, max power it can sink?")
    assert answer.answer.startswith("TRN-2400 input power: 300 W [trn2400-programming-manual#1]")


def test_output_min_max_a_sensitivity_named_and_a_per_division_setting(qa: DatasheetQA) -> None:
    ldo = qa.ask("ams1117-3.3: worst case output min/max over the full line/load/temp range?")
    assert "3.201 to 3.399 V" in ldo.answer
    # "(typ sensitivity)" says which sensitivity; +10 A is the current
    hall = qa.ask(
        "acs712 20A part on a 5V supply, ideal VIOUT with +10 A flowing (typ sensitivity)?"
    )
    assert "output at 10 A: 3.5 V" in hall.answer
    # "8 bit" is no setting per division
    scope = qa.ask("TRN-1102 scope is 8 bit - what's one LSB at 10 mV/div?")
    assert "least significant bit at 10 mV/div: 312.5 µV" in scope.answer


def test_source_and_sink_are_each_a_side_named_by_label_or_symbol(qa: DatasheetQA) -> None:
    # the ESP32's source row carries its name in the symbol column
    answer = qa.ask(
        "esp32-wroom-32 gpio drive strength at max setting: how much can one pin source and sink?"
    )
    assert "typ 40 mA" in answer.answer and "(Low-level sink current): typ 28 mA" in answer.answer


def test_an_accuracy_asked_on_two_ranges_or_two_intervals_is_worked_for_each(
    qa: DatasheetQA,
) -> None:
    ranges = qa.ask(
        "MDN-6100 1-yr spec: reading ~4.993 V on the 10 V range, what's the accuracy? "
        "and if someone leaves it on the 100 V range?"
    )
    assert "±224.755 µV" in ranges.answer and "±824.685 µV" in ranges.answer
    spans = qa.ask(
        "mdn-6100, reading ~4.993 V on the 10 V range: how good is that reading on the 90 day "
        "spec vs the 1 year spec?"
    )
    assert "±164.825 µV" in spans.answer and "±224.755 µV" in spans.answer


def test_a_part_number_run_into_its_letter_is_that_variant(qa: DatasheetQA) -> None:
    # "7805A" is the LM7805A, not 7805 amps, and not every LM78xx
    answer = qa.ask("7805 vs 7805A (fairchild) - lowest guaranteed output at TJ=25C for each?")
    assert "LM7805 output voltage: min 4.8 V" in answer.answer
    assert "LM7805A output voltage: min 4.9 V" in answer.answer and "LM7806" not in answer.answer
    assert qa.ask("7805A dropout?").status == "answered"


def test_a_code_and_one_lsb_asked_together(qa: DatasheetQA) -> None:
    # "1 LSB" is the step asked, not a count of one read
    answer = qa.ask(
        "mcp3008 with VREF = 3.3V, input at 1.65 V - what code comes out, and 1 LSB in mV?"
    )
    assert "1.65 / (3.3 / 1024) = 512; one LSB: 3.22266 mV" in answer.answer
    assert not answer.violations


def test_will_logic_register_as_high_asks_a_verdict(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "tb6612 with Vcc tied to 5V, control pins from an esp32 - will 3v3 logic register as high?"
    )
    assert answer.verdict == "incompatible"
    assert "ESP32-WROOM-32 VOH min 2.64 V < TB6612FNG VIH min 3.5 V" in answer.answer


def test_a_part_ported_from_is_no_party_and_a_fields_bits_are_its_code(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "ported my bmp280 code to a bme280, config reg t_sb bits = 110. "
        "on the bmp that was 2 s standby, what is it on the BME280?"
    )
    assert answer.answer == "BME280 t_sb[2:0] = 110: 10 ms [bme280#p30]"
