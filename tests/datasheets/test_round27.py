"""Rules from the twenty-seventh held-out round, on the real documents."""

from __future__ import annotations

from search.datasheets._qa import DatasheetQA


def test_an_absolute_maximum_given_as_the_premise_is_not_the_limit_asked(
    qa: DatasheetQA,
) -> None:
    # the asker offers the rating as the reason a value is fine; the operating range decides
    for question in (
        "bme280 abs max supply is 4.25 V, so a 4 V supply is fine?",
        "tb6612fng motor supply at 14 V, fine? abs max is 15 V",
    ):
        answer = qa.ask(question)
        assert answer.verdict == "incompatible", question
        assert "is outside" in answer.answer
    # a rating checked next to the operating range says that it is one
    rated = qa.ask("can the BME280 run from 3.3 V?")
    assert "(absolute maximum)" in rated.answer


def test_a_guaranteed_bound_the_datasheet_gives_only_as_typical_is_not_answered(
    qa: DatasheetQA,
) -> None:
    typical = qa.ask("what dropout voltage is the LM7805 guaranteed to stay under at 1 A, max?")
    assert typical.status == "insufficient_evidence"
    assert "typ 2 V" in typical.answer and "no maximum" in typical.answer
    # where the maximum is printed, it is the answer
    printed = qa.ask("DS18B20 guaranteed max conversion time at 12-bit?")
    assert printed.status == "answered" and "750 ms" in printed.answer


def test_copies_converted_one_after_another_add_up_past_nine(qa: DatasheetQA) -> None:
    answer = qa.ask("12 DS18B20s at 12-bit read one after another: total conversion time?")
    assert "12 × 750 ms = 9 s" in answer.answer


def test_the_most_current_a_shunt_monitor_can_measure_at_a_stated_gain(qa: DatasheetQA) -> None:
    answer = qa.ask("INA219, 0.05 ohm shunt, PGA /4: max readable current?")
    assert "160 mV / 0.05 Ω = 3.2 A" in answer.answer


def test_a_load_powered_at_an_ambient_is_held_to_the_derated_limit(qa: DatasheetQA) -> None:
    # 3.0 A at 70 °C to 1.5 A at 85 °C: 2.5 A at 75 °C
    cool = qa.ask("srb5030 feeding a 2.2 A load at 75C ambient?")
    assert cool.verdict == "compatible" and "max 2.5 A" in cool.answer
    hot = qa.ask("srb5030 feeding a 2.7 A load at 75C ambient?")
    assert hot.verdict == "incompatible"


def test_the_spi_modes_a_part_takes_are_read_from_its_prose(qa: DatasheetQA) -> None:
    def modes(device: str) -> list[str]:
        return [str(f.value) for f in qa.index.device_facts(device) if f.spec == "spi_mode"]

    assert modes("MCP3008") == ["0,0 and 1,1"]
    # the bracket that spells a mode out in CPOL and CPHA adds none
    assert modes("BME280") == ["00 and 11"]
    # "SPI Boot Mode" is a boot strap, not a clock mode
    assert modes("ESP32-WROOM-32") == []
    answer = qa.ask("which SPI modes does the MCP3008 work in?")
    assert answer.status == "answered" and "0,0 and 1,1 [mcp3008#p1]" in answer.answer


def test_a_clock_stated_without_its_bus_is_held_to_the_one_bus_the_part_speaks(
    qa: DatasheetQA,
) -> None:
    # the MCP3008 speaks SPI only; its clock limit is printed per supply (5 V, 2.7 V)
    slow_supply = qa.ask("MCP3008 on 2.7 V, clocked at 2 MHz - ok?")
    assert slow_supply.verdict == "incompatible" and "1.35 MHz" in slow_supply.answer
    fast_supply = qa.ask("MCP3008 on 5 V, clocked at 2 MHz - ok?")
    assert fast_supply.verdict == "compatible"
    between = qa.ask("MCP3008 on 4 V clocked at 3 MHz by an ESP32, fine?")
    assert between.verdict == "insufficient_evidence" and "not at 4 V" in between.answer


def test_asked_whether_an_output_can_source_an_inputs_current_both_are_weighed(
    qa: DatasheetQA,
) -> None:
    gpio = qa.ask("can an ESP32 GPIO source enough current for the L298 IN1 input?")
    assert gpio.verdict == "compatible"
    assert "source 40 mA" in gpio.answer and "up to 100 µA" in gpio.answer
    # the PIR module states its output levels and no current: the levels alone do not settle it
    pir = qa.ask("HC-SR501 OUT into the L298 enable pin - can it source the input current?")
    assert pir.verdict == "insufficient_evidence" and "up to 100 µA" in pir.answer


def test_a_part_whose_datasheet_names_only_a_serial_interface_of_its_own_is_no_i2c_device(
    qa: DatasheetQA,
) -> None:
    (serial,) = [f for f in qa.index.device_facts("HX711") if f.spec == "interface"]
    assert serial.value == "serial" and serial.citation == "hx711#p1"
    assert serial.evidence == "Simple digital control and serial interface:"
    shared = qa.ask("can my HX711 share the I2C bus with the BME280?")
    assert shared.verdict == "incompatible"
    assert "HX711 is not an I2C device (interface: serial)" in shared.answer


def test_a_raw_temperature_count_through_the_printed_offset_and_sensitivity(
    qa: DatasheetQA,
) -> None:
    # MPU-6050: -521 LSB at 35 °C, 340 LSB/°C
    answer = qa.ask("MPU6050 temperature register reads -3000, what temperature is that?")
    assert answer.status == "answered"
    assert "35 + (-3000 - (-521)) / 340 = 27.7088 °C" in answer.answer
    assert answer.citations == ["mpu-6050#p14"]
    # a reading given in degrees is no count
    degrees = qa.ask("MPU-6050 temperature reads 25 C: what accuracy?")
    assert "count of" not in degrees.answer


def test_a_conversion_time_per_number_of_samples_averaged(qa: DatasheetQA) -> None:
    # INA219 Table 5: the averaging rows; its resolutions are already read with their limits
    averaged = {
        f.condition: f.value
        for f in qa.index.device_facts("INA219")
        if f.spec == "conversion_time" and f.citation == "ina219#p20"
    }
    assert averaged == {
        "2-sample averaging": 1.06,
        "4-sample averaging": 2.13,
        "8-sample averaging": 4.26,
        "16-sample averaging": 8.51,
        "32-sample averaging": 17.02,
        "64-sample averaging": 34.05,
        "128-sample averaging": 68.1,
    }
    sixteen = qa.ask("INA219 shunt ADC averaging 16 samples: conversion time?")
    assert "8.51 ms (16-sample averaging) [ina219#p20]" in sixteen.answer
    # asked with no averaging, the single 12-bit conversion answers, with its max
    single = qa.ask("INA219 12-bit conversion time, max?")
    assert "586 μs" in single.answer and "averaging" not in single.answer


def test_two_letters_typed_the_other_way_round_are_read_as_the_word(qa: DatasheetQA) -> None:
    from search.datasheets._route import normalize_question

    assert normalize_question("max currnet, sampel rate") == "max current, sample rate"
    # a word that is one already is left alone, and short words are never guessed at
    assert normalize_question("form factor of the input") == "form factor of the input"
    answer = qa.ask("mcp3008 max sampel rate @5V?")
    assert "200 ksps" in answer.answer


def test_a_limit_asked_not_typical_is_the_maximum_alone(qa: DatasheetQA) -> None:
    limit = qa.ask("ina219 quiescent current - the spec limit, not the typical?")
    assert "max 1 mA" in limit.answer and "typ" not in limit.answer
    both = qa.ask("ina219 quiescent current?")
    assert "typ 0.7 max 1 mA" in both.answer


def test_a_current_range_named_just_before_the_part_is_its_variant(qa: DatasheetQA) -> None:
    answer = qa.ask("typical sensitivity of the ±30A acs712?")
    assert "ACS712ELCTR-30A-T sensitivity: typ 66 mV/A" in answer.answer
    assert "185 mV/A" not in answer.answer


def test_the_same_figure_in_another_variants_table_is_no_second_statement(
    qa: DatasheetQA,
) -> None:
    # the LM78xx datasheet prints a table per variant; LM7806 to LM7815A repeat the 2 V dropout
    answer = qa.ask("lm7805 dropout voltage?")
    assert answer.citations == ["lm7805#p3"] and "also stated" not in answer.answer
