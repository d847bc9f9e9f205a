"""Rules from the twenty-sixth held-out round, on the real documents."""

from __future__ import annotations

from search.datasheets._qa import DatasheetQA


def test_a_modules_flash_table_rates_the_flash_not_the_module(qa: DatasheetQA) -> None:
    flash = [
        f
        for f in qa.index.device_facts("ESP32-WROOM-32")
        if f.section and "Flash Specifications" in f.section
    ]
    assert flash and all(f.applies_to.get("component") == "flash" for f in flash)
    # its 80 MHz flash clock is no SPI limit of the module: asked whether the module can clock
    # the radio at 10 MHz, the module states no limit of its own
    asked = qa.ask("can the esp32-wroom-32 clock the rfm95w's SPI at the full 10 MHz it allows?")
    assert asked.verdict == "insufficient_evidence"
    assert "80 MHz" not in asked.answer
    # asked only of the radio's limits, the master setting the clock is not weighed
    radio = qa.ask(
        "ESP32 talking to an RFM95W at 8 MHz SCK, both on 3.3 V. Within the radio's SPI limits?"
    )
    assert radio.verdict == "compatible"
    assert "RFM95W maximum 10 MHz" in radio.answer


def test_a_part_exciting_a_load_is_not_weighed_by_its_own_supply_current(
    qa: DatasheetQA,
) -> None:
    answer = qa.ask("can the hx711's on-chip regulator excite a 350 ohm load cell (~12 mA)?")
    assert answer.status == "insufficient_evidence"
    assert "outside max 1.5 mA" not in answer.answer


def test_which_of_two_parts_sleeps_lower_needs_both_sleep_currents(qa: DatasheetQA) -> None:
    answer = qa.ask("which sleeps lower, the esp32-wroom-32 module or the rfm95w?")
    assert answer.status == "insufficient_evidence"
    assert answer.verdict is None
    assert "RFM95W sleep current" in answer.answer


def test_seeing_highs_is_a_logic_level_question_and_an_spi_part_sits_on_no_i2c_bus(
    qa: DatasheetQA,
) -> None:
    highs = qa.ask(
        "esp32 (3.3v io) talking SPI to an mcp3008 that's powered at 5V - will the mcp see highs?"
    )
    assert highs.verdict == "incompatible"
    assert "ESP32-WROOM-32 VOH min 2.64 V < MCP3008 VIH min 3.5 V" in highs.answer
    bus = qa.ask("can i hang an mcp3008 on the esp32's i2c bus next to the bme280?")
    assert bus.verdict == "incompatible"


def test_an_adc_step_from_its_printed_step_or_its_reference_over_two_to_the_bits(
    qa: DatasheetQA,
) -> None:
    lsb = qa.ask("mcp3008 with VREF tied to 3.3V, what's one LSB in mV?")
    assert lsb.status == "answered"
    # (and to three figures, 3.22 mV, since round 35)
    assert [(round(d.result, 3), d.unit) for d in lsb.derived][-2:] == [
        (3.223, "mV"),
        (3.22, "mV"),
    ]
    # (the resolution, and the datasheet's own LSB equation since round 29)
    assert lsb.citations == ["mcp3008#p1", "mcp3008#p17"]
    counts = qa.ask("ads1115 PGA at ±4.096 V, single ended read returns 12000 counts. volts?")
    assert counts.status == "answered"
    assert [(d.result, d.unit) for d in counts.derived] == [(1.5, "V")]  # 12000 × 125 µV
    assert counts.citations == ["ads1115#p17"]


def test_the_current_a_shunt_fills_a_sense_range_with(qa: DatasheetQA) -> None:
    one = qa.ask("ina219, 0.1 ohm shunt, PGA /1 - max current before it clips?")
    assert [(d.result, d.unit) for d in one.derived] == [(400.0, "mA")]
    every = qa.ask("INA219 with a 10 mΩ shunt: full-scale current range?")
    assert [(d.result, d.unit) for d in every.derived] == [
        (4.0, "A"),
        (8.0, "A"),
        (16.0, "A"),
        (32.0, "A"),
    ]


def test_a_junction_rise_asked_is_the_answer(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "lm7805 in TO-220 no heatsink, 9V in, 200 mA load - junction rise above ambient?"
    )
    assert answer.status == "answered"
    assert answer.verdict is None
    assert [d.result for d in answer.derived] == [0.8, 52.0]


def test_copies_of_a_part_taking_turns_add_their_times(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "8 ds18b20s at 10-bit resolution converted one after the other - total conversion time?"
    )
    assert [(d.result, d.unit) for d in answer.derived] == [(1.5, "s")]


def test_worst_case_leaves_out_a_typical_printed_beside_the_maximum(qa: DatasheetQA) -> None:
    answer = qa.ask("bh1750 in H-res mode - how long do i wait worst case before reading?")
    assert [(i.max, i.typ) for i in answer.items] == [(180.0, None)]
    assert "120" not in answer.answer


def test_a_cable_length_is_a_figure_asked(qa: DatasheetQA) -> None:
    none = qa.ask("max cable length for a ds18b20 1-wire run?")
    assert none.status == "insufficient_evidence"
    said = qa.ask("how long can the cable to a DHT22 be?")
    assert said.status == "answered"
    assert "100 m" in said.answer and said.citations == ["dht22#p1"]


def test_the_temperature_a_part_shuts_itself_down_at(qa: DatasheetQA) -> None:
    answer = qa.ask("at what junction temp does the srb-5030 shut itself down?")
    assert any(i.spec == "thermal_shutdown" and i.typ == 145.0 for i in answer.items)


def test_a_figure_asked_at_a_supply_the_part_is_not_rated_for_is_specified_nowhere(
    qa: DatasheetQA,
) -> None:
    answer = qa.ask("acs712-05b sensitivity if i power it from 3.3V instead of 5?")
    assert answer.status == "insufficient_evidence"
    assert "outside every ACS712 supply range (4.5 to 5.5 V" in answer.answer
    assert answer.citations == ["acs712#p4"]
    # an I/O rail is not the part's supply
    logic = qa.ask("MPU-6050 with VLOGIC = 1.8 V: what's the minimum VIH on SDA/SCL, in volts?")
    assert logic.status == "answered"


def test_a_diff_input_is_the_differential_input(qa: DatasheetQA) -> None:
    answer = qa.ask("hx711: available gains and the full-scale diff input for each, AVDD = 5V")
    ranges = [i.max for i in answer.items if i.spec == "full_scale_range"]
    assert ranges == [20.0, 40.0, 80.0]


def test_one_conversion_at_a_listed_data_rate_takes_its_period(qa: DatasheetQA) -> None:
    answer = qa.ask("ADS1115 single-shot at 250 SPS - how long is one conversion?")
    assert answer.status == "answered"
    assert [(d.result, d.unit) for d in answer.derived] == [(4.0, "ms")]
    assert answer.citations == ["ads1115#p7"]  # the data rates it lists
    # a rate it does not list gives no period
    assert qa.ask("ADS1115 conversion time at 300 SPS?").derived == []
