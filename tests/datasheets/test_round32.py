"""Rules from the thirty-second held-out round, on the real documents."""

from __future__ import annotations

from search.datasheets._qa import DatasheetQA


def test_a_supply_tied_to_the_next_parts_rail_is_that_rail(qa: DatasheetQA) -> None:
    # TB6612FNG VIH min 0.7 x Vcc: 2.31 V at 3.3 V (compatible), 3.5 V at 5 V (not)
    answer = qa.ask(
        "tb6612fng with its Vcc wired to the esp32's 3.3V rail: ESP32 GPIO -> AIN1/PWMA, fine?"
    )
    assert answer.status == "answered", answer.reasons
    assert answer.verdict == "compatible"
    assert "2.31 V" in answer.answer


def test_an_arrow_after_a_part_makes_it_the_source(qa: DatasheetQA) -> None:
    answer = qa.ask("TB6612FNG at Vcc 3.3 V and ESP32 GPIO -> its IN pins: logic levels ok?")
    assert answer.status == "answered", answer.reasons
    assert "ESP32-WROOM-32 VOH min 2.64 V ≥ TB6612FNG VIH min 2.31 V" in answer.answer


def test_a_part_on_the_same_rail_runs_at_that_rail(qa: DatasheetQA) -> None:
    # LM358 common mode at VCC = 5 V: 0 to VCC - 1.7 = 3.3 V, under the MQ-2's 4.0 V
    answer = qa.ask(
        "MQ-2 output (Vs 2.5-4.0V in 2000ppm propane) into an LM358 follower on the same 5V"
        " rail - can the LM358 input handle it?"
    )
    assert answer.status == "answered", answer.reasons
    assert answer.verdict == "incompatible"
    assert "LM358 accepts 0 to 3.3 V" in answer.answer
    # and "4.0V in 2000ppm" is the condition the output holds in, not the MQ-2's supply
    assert "MQ-2 output spans 2.5 to 4 V at 5 V supply" in answer.answer


def test_the_supply_a_part_is_named_as_the_version_of_is_its_supply(qa: DatasheetQA) -> None:
    # XGZP6847A p6: P = (Vout - 0.5) / K at 5 V, K = 0.04 for 100 kPa
    answer = qa.ask("XGZP6847A100KPG (5V part) outputs 1.3 V: what pressure?")
    assert answer.status == "answered", answer.reasons
    assert "20 kPa" in answer.answer
    # two versions compared are both answered, neither taken as the supply
    both = qa.ask(
        "XGZP6847A for my node, the 5 V version vs the 3.3 V (…KPG33) version: what analog"
        " output range does each give?"
    )
    assert "0.5 to 4.5 V" in both.answer and "0.2 to 2.7 V" in both.answer


def test_a_load_is_held_to_the_current_limits_guaranteed_minimum(qa: DatasheetQA) -> None:
    # AMS1117 p3: current limit 900 min, 1100 typ, 1500 max mA at (VIN - VOUT) = 1.5 V;
    # "1.5V headroom" is that condition, not a 1.5 V supply
    answer = qa.ask("ams1117-5.0 current limit with 1.5V headroom - can I count on 1.2 A?")
    assert answer.status == "answered", answer.reasons
    assert answer.verdict == "incompatible"
    assert "1.2 A is above the guaranteed minimum current limit 900 mA" in answer.answer
    assert "1.5 V in" not in answer.answer


def test_each_capacitor_rating_asked_gets_its_derated_rail(qa: DatasheetQA) -> None:
    # DR-14: rated at least 1.5 x the rail; 50 V (rev B BOM) and 63 V (rev C) input capacitors
    answer = qa.ask(
        "srb5030 under DR-14: highest rail for the 50V input caps and for the 63V caps?"
    )
    assert answer.status == "answered", answer.reasons
    assert "50 / 1.5 = 33.3333 V" in answer.answer and "63 / 1.5 = 42 V" in answer.answer


def test_a_temperature_asked_as_degc_of_a_temp_out_count_is_worked(qa: DatasheetQA) -> None:
    # MPU-6050 p14: offset -521 LSB at 35 °C, 340 LSB/°C: 35 + (-1201 + 521) / 340 = 33 °C
    answer = qa.ask("mpu6050 TEMP_OUT = -1201, what is that in degC?")
    assert answer.status == "answered", answer.reasons
    assert "= 33 °C" in answer.answer


def test_a_current_sensor_swings_over_the_current_the_question_says_it_sees(
    qa: DatasheetQA,
) -> None:
    # ACS712-20A: 2.5 V ± 100 mV/A x 12 A = 1.3 to 3.7 V, inside ±4.096 V (±20 A would not be)
    answer = qa.ask(
        "acs712 20A part on 5V, the current peaks at 12 A, into an ADS1115 at 5V with the PGA"
        " at +-4.096V: range ok?"
    )
    assert answer.status == "answered", answer.reasons
    assert answer.verdict == "compatible"
    assert "output spans 1.3 to 3.7 V for ±12 A" in answer.answer


def test_a_rail_asks_the_rating_a_derating_rule_needs_on_it(qa: DatasheetQA) -> None:
    answer = qa.ask("DR-14: what voltage rating does a ceramic cap need on a 24 V rail?")
    assert answer.status == "answered", answer.reasons
    assert "a capacitor rated at least 1.5 * 24 = 36 V" in answer.answer
    # a rating stated with its capacitor is still a rating
    rated = qa.ask("DR-14: highest rail for a 50 V cap?")
    assert "50 / 1.5 = 33.3333 V" in rated.answer


def test_a_register_read_in_hex_is_its_count(qa: DatasheetQA) -> None:
    # ADS1115 p17: 125 µV per count at ±4.096 V; 0x2000 = 8192 counts
    adc = qa.ask("ads1115 with the PGA at +-4.096V returns 0x2000: input voltage?")
    assert adc.status == "answered", adc.reasons
    assert "1.024 V" in adc.answer
    # DS18B20 p6: a 16-bit two's complement word of 1/16 °C; 0xFFF8 = -8 counts = -0.5 °C
    sensor = qa.ask("ds18b20 temperature register reads 0xFFF8, temperature?")
    assert sensor.status == "answered", sensor.reasons
    assert "-8 * 0.0625 = -0.5 °C" in sensor.answer
    # the register named between the verb and the value
    named = qa.ask("ds18b20 returns scratchpad temp 0xFFF8 - degrees C?")
    assert "-8 * 0.0625 = -0.5 °C" in named.answer


def test_a_part_named_on_a_supply_with_nothing_else_asked_is_checked_there(
    qa: DatasheetQA,
) -> None:
    # ESP32-WROOM-32 p26: VDD 3.0 to 3.6 V
    answer = qa.ask("esp32-wroom-32 on a 5V USB supply?")
    assert answer.status == "answered", answer.reasons
    assert answer.verdict == "incompatible"
    assert "5 V is outside 3 to 3.6 V" in answer.answer
    # a figure asked is still a lookup
    asked = qa.ask("ESP32 max current draw on a 3.3 V rail?")
    assert asked.verdict is None


def test_a_formula_takes_a_value_measured_and_the_parts_own_designators(
    qa: DatasheetQA,
) -> None:
    # MQ-2 p4: Rs = (Vc / VRL - 1) * RL = (5 / 2.5 - 1) * 10k = 10 kΩ
    gas = qa.ask("MQ-2, Vc = 5V, RL = 10k, VRL measures 2.5V: Rs?")
    assert gas.status == "answered", gas.reasons
    assert "= 10 kΩ" in gas.answer
    # SRB-5030 BOM: VOUT = 0.800 * (1 + R1 / R2), R2 20.0 kohm: R1 = 110k gives 5.2 V
    board = qa.ask("srb5030: if R1 is replaced with a 110k, what VOUT do we get?")
    assert board.status == "answered", board.reasons
    assert "R2 (OPS-4200) resistance 20 kohm [srb5030-bom#1]" in board.answer
    assert board.answer.endswith("= 5.2 V")


def test_a_design_rules_ceiling_is_read_and_answered_for_the_part_asked(
    qa: DatasheetQA,
) -> None:
    # design-review-rules §5, DR-16: resistors 60 percent of rated power, capacitors' ripple
    # current 70 percent of its rating
    limits = {f.max for f in qa.store.facts if f.spec == "derating_limit"}
    assert limits == {60.0, 70.0}
    answer = qa.ask("under DR-16, how much of its rated power may a resistor dissipate?")
    assert answer.status == "answered", answer.reasons
    assert "no more than 60 percent" in answer.answer and "ripple" not in answer.answer


def test_a_production_test_shortened_to_prod_test_reads_the_test_limits(
    qa: DatasheetQA,
) -> None:
    # srb5030-test-spec §4, step 6 EFF_FL: 88.00 % lower limit (the datasheet's typical is higher)
    answer = qa.ask("srb5030 prod test - full load efficiency min?")
    assert answer.status == "answered", answer.reasons
    assert "min 88 %" in answer.answer and answer.citations == ["srb5030-test-spec#4"]


def test_a_level_the_output_must_not_dip_under_is_no_voltage_applied(qa: DatasheetQA) -> None:
    # SRB-5030: no load-step response is specified; 4.75 V is what the load needs, not an input
    answer = qa.ask(
        "srb5030 feeding a load that jumps 1 A -> 3 A; it resets if the rail drops below 4.75V"
        " during the step. will the srb5030 keep up?"
    )
    assert answer.status == "insufficient_evidence"
    assert "4.75 V is outside" not in answer.answer


def test_a_boards_own_part_value_does_not_settle_what_is_added_to_it(qa: DatasheetQA) -> None:
    # the BOM gives the SRB-5030's own 22 uF output capacitors; no limit on capacitance added
    answer = qa.ask("srb5030 output: can I add 1000uF of extra capacitance and keep it stable?")
    assert answer.status == "insufficient_evidence"
    assert answer.verdict == "insufficient_evidence"


def test_a_bound_asked_against_the_supply_is_the_row_stated_relative_to_it(
    qa: DatasheetQA,
) -> None:
    # LM358 p2, note 2: the upper end of the common mode range is VCC - 1.7 V
    answer = qa.ask("LM358: how far below the supply does the input common-mode range stop?")
    assert answer.status == "answered", answer.reasons
    assert "max VCC - 1.7 V" in answer.answer and "28.3" not in answer.answer


def test_a_feature_the_question_says_the_host_lacks_is_a_requirement_unmet(
    qa: DatasheetQA,
) -> None:
    # CCS811 p12: "CCS811 requires the host processor supports clock stretching."
    answer = qa.ask("our i2c host doesn't support clock stretching - can it read a ccs811?")
    assert answer.status == "answered", answer.reasons
    assert answer.verdict == "incompatible"
    assert answer.citations == ["ccs811#p12"]
