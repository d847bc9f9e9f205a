"""Rules from the twenty-ninth held-out round, on the real documents."""

from __future__ import annotations

from pathlib import Path

import pytest

from search.datasheets._qa import DatasheetQA

PDFS = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "datasheets"
needs_pdfs = pytest.mark.skipif(not PDFS.is_dir(), reason=f"shared datasheets absent at {PDFS}")


def test_a_bus_address_is_also_given_in_the_binary_the_datasheet_prints(
    qa: DatasheetQA,
) -> None:
    high = qa.ask("BH1750: which slave address with the ADDR pin pulled high?")
    assert high.status == "answered" and "0x5C (binary 1011100)" in high.answer
    # an address pin strapped to SCL asks for the address, not the SCL clock
    scl = qa.ask("ads1115 with ADDR strapped to SCL: which 7-bit slave address?")
    assert "0x4B (binary 1001011)" in scl.answer and "clock" not in scl.answer
    clash = qa.ask("INA219 with A1=SDA, A0=GND and an ADS1115 with ADDR=GND on one i2c bus?")
    assert clash.verdict == "incompatible"
    assert "ADS1115 with ADDR=GND: 0x48 (binary 1001000)" in clash.answer


def test_a_raw_count_is_read_in_the_unit_asked(qa: DatasheetQA) -> None:
    # "deg/s" is a turn rate, not a temperature; a count written before "raw" is the count
    gyro = qa.ask("MPU-6050 gyro FS_SEL=2, a gyro axis reads -3280 raw. deg/s?")
    assert (
        gyro.status == "answered"
        and "-3280 / 32.8 = -100 º/s" in gyro.answer
        and "temperature" not in gyro.answer
    )
    accel = qa.ask("mpu6050 accelerometer AFS_SEL=1, z reads 4096. how many g?")
    assert "4096 / 8192 = 0.5 g" in accel.answer
    # an ADC register read in hex, at the full scale stated
    adc = qa.ask("ads1115, PGA at +-2.048V, conversion register reads 0x3E80. what voltage?")
    assert (
        adc.status == "answered"
        and "0x3E80 (16000 counts): 1 V" in adc.answer
        and "ads1115#p17" in adc.citations
    )
    # a code with the sign bit set is not read as a positive count
    assert "counts" not in qa.ask("ads1115 at ±2.048V reads 0x8000, what voltage?").answer


def test_the_output_pin_by_name_asks_the_output_voltage(qa: DatasheetQA) -> None:
    answer = qa.ask("ACS712ELCTR-20A on a 5V supply, what should VIOUT read (typ) with +10A?")
    assert answer.status == "answered" and "output at 10 A: 3.5 V" in answer.answer


def test_a_regulator_asked_to_give_a_voltage_from_a_lower_input(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "run an AMS1117-3.3 straight off a li-ion cell (3.7V nominal) to get 3.3V at 1A. ok?"
    )
    assert answer.verdict == "incompatible"
    assert "3.7 V in is below output 3.3 V + dropout 1.3 V = 4.6 V" in answer.answer


def test_the_junction_temperature_asked_through_theta_ja(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "AMS1117-3.3 in SOT-223 fed from 5V, 500mA load, 25C ambient. using theta-JA, what "
        "junction temp do i end up at?"
    )
    assert answer.status == "answered"
    assert "the junction reaches 101.5 °C, within the 125 °C limit" in answer.answer
    # the figure alone is still a lookup
    figure = qa.ask("AMS1117-3.3 thermal resistance theta-JA for SOT-223?")
    assert figure.route != "compatibility" and "90 °C/W" in figure.answer


def test_a_reading_from_the_output_with_its_accuracy_band(qa: DatasheetQA) -> None:
    # the band is the one printed for parts of that range's size, as ± of the range
    answer = qa.ask(
        "XGZP6847A040KPG on 5V, output reads 1.7V. what pressure, and +- how many kPa is that "
        "good to?"
    )
    assert answer.status == "answered" and "12 kPa" in answer.answer
    assert "±2 % of (40 - 0) kPa = ±0.8 kPa" in answer.answer
    small = qa.ask("XGZP6847A005KPG on 5V, output reads 2.5V. what pressure, ± how much?")
    assert small.status == "answered" and "= ±0.125 kPa" in small.answer
    # not asked, not given
    assert "±" not in qa.ask("XGZP6847A040KPG on 5V, output reads 1.7V. what pressure?").answer


def test_a_formula_symbol_may_be_given_by_the_name_the_document_gives_it(
    qa: DatasheetQA,
) -> None:
    # "load resistance RL" and "circuit voltage(VC)" name two symbols of Rs=(Vc/VRL-1)×RL
    answer = qa.ask("MQ-2 with Vc=5V and a 10k load resistor, I read VRL = 1.0V. whats Rs?")
    # (a value written against its symbol, "Vc=5V", is shown as written)
    assert answer.status == "answered"
    assert "( 5 V / 1.0 V - 1 ) * 10k = 40000 Ω = 40 kΩ" in answer.answer
    named = qa.ask("mq2, circuit voltage 5 V, load resistance of 4.7 kOhm, VRL = 2.5 V: Rs?")
    assert "= 4.7 kΩ" in named.answer
    # the part's own name is no value ("MQ-2 load resistance" is not 2 Ω)
    assert "* 2 " not in qa.ask("MQ-2 load resistance 10k, Vc = 5 V, VRL = 1 V: Rs?").answer


def test_the_symbol_names_of_a_formula_are_read_from_its_page() -> None:
    from search.datasheets._tables import _symbol_names

    text = (
        "VRL is the voltage of load resistance RL which is in series with sensor; heater "
        "voltage(VH) and circuit voltage(VC). Rs=(Vc/VRL-1)×RL"
    )
    assert _symbol_names(text, ["Vc", "VRL", "RL"]) == {
        "Vc": "circuit voltage",
        "RL": "load resistance",
    }


def test_two_parts_on_one_data_pin_speak_the_same_bus(qa: DatasheetQA) -> None:
    # the DHT22 datasheet says its one-wire bus is not the Dallas 1-Wire bus
    answer = qa.ask("can i hang a DHT22 and a couple DS18B20s on the same one-wire data pin?")
    assert answer.verdict == "incompatible"
    assert "DHT22 is not compatible with the 1-WIRE bus" in answer.answer


def test_lines_an_unheld_board_drives_are_read_against_the_inputs(qa: DatasheetQA) -> None:
    # no maximum on the RFM95W's pins: a 5 V high above its 3.3 V supply is not settled
    rfm = qa.ask("RFM95W on 3.3V, SPI lines coming from a 5V arduino. are the rfm inputs ok?")
    assert rfm.verdict == "insufficient_evidence"
    assert "its datasheet states no maximum voltage on its pins" in rfm.answer
    # a VIH maximum of Vcc + 0.2 at 3.3 V is passed by a 5 V high
    tb = qa.ask("TB6612FNG with Vcc = 3.3 V: can a 5 V Arduino Uno drive AIN1/AIN2 directly?")
    assert tb.verdict == "incompatible" and "VIH 2.31 to 3.5 V" in tb.answer
    # a part powered from the board's supply is a supply question
    powered = qa.ask("HX711 powered from my 3.3 V MCU supply (DVDD and AVDD 3.3 V), in spec?")
    assert "pullup_level" not in powered.answer and powered.status == "answered"


def test_a_boards_test_points_are_read_from_its_designator_table(qa: DatasheetQA) -> None:
    tp4 = qa.ask("what is TP4 on the SRB-5030 board? ok to hang a dmm on it?")
    assert tp4.status == "answered"
    assert "TP4: switch node, for scope use only" in tp4.answer
    assert tp4.citations == ["srb5030-datasheet#9"]
    which = qa.ask("srb-5030: which test point is the switch node?")
    assert "TP4" in which.answer


def test_a_word_with_its_sign_bit_set_reads_below_zero(qa: DatasheetQA) -> None:
    # the DHT22 page: "T=351/10=35.1℃", and "When highest bit of temperature is 1, ... below
    # 0", proved by its own example (1000000001100101 is minus 10.1 ℃)
    cold = qa.ask("DHT22 temperature bytes came back as 0x80 0x32. what temp is that")
    assert cold.status == "answered", cold.answer
    assert "32818 - 32768" in [d.expression for d in cold.derived]
    assert "-50 / 10 = -5 °C" in cold.answer and cold.citations == ["dht22#p3"]
    example = qa.ask("DHT22 temperature high byte 0x80 low byte 0x65: temperature?")
    assert "-101 / 10 = -10.1 °C" in example.answer
    # humidity has no sign rule, and is read by its own example
    humid = qa.ask("dht22 humidity bytes 0x02 0x8C, what RH?")
    assert "652 / 10 = 65.2 %RH" in humid.answer


def test_a_part_that_ties_its_pins_supply_to_the_host_works_at_the_hosts_level(
    qa: DatasheetQA,
) -> None:
    # HX711 prints no VIH; it says DVDD should be the MCU's own supply (p4, read by column)
    same = qa.ask("hx711 with DVDD on the 3.3V rail, DOUT/PD_SCK straight to a 3.3V micro. fine?")
    assert same.verdict == "compatible" and "hx711#p4" in same.citations
    other = qa.ask("hx711 DVDD at 5 V, DOUT into a 3.3 V microcontroller, ok?")
    assert other.verdict == "incompatible" and "DVDD at 5 V is not the line's 3.3 V" in other.answer
    unsaid = qa.ask("HX711 DOUT to a 3.3V micro, fine?")
    assert unsaid.verdict == "insufficient_evidence"


def test_a_formula_per_span_of_a_setting_is_worked_both_ways(qa: DatasheetQA) -> None:
    # RFM95W Table 35: "16 to 27 | 130 to 240 mA | -30 + 10*OcpTrim [mA]", and "27+ | 240 mA"
    limit = qa.ask("RFM95W RegOcp: if I set OcpTrim = 18, what's the PA current limit?")
    assert limit.status == "answered" and "-30 + 10 * 18 = 150 mA" in limit.answer
    assert "= 240 mA" in qa.ask("rfm95w OcpTrim = 31 current limit?").answer
    # the setting for a stated limit, from the span whose limits hold it
    setting = qa.ask("rfm95w OCP - i want the PA current limit at 150mA, what OcpTrim value?")
    assert setting.status == "answered"
    assert "OcpTrim = (150 - (-30)) / 10 = 18" in setting.answer
    low = qa.ask("rfm95w current limit 100 mA: OcpTrim setting?")
    assert "OcpTrim = (100 - 45) / 5 = 11" in low.answer
    between = qa.ask("rfm95w current limit 102 mA: OcpTrim setting?")
    assert between.status == "answered" and "= 11.4; not a whole setting" in between.answer


def test_a_tables_starred_footnote_with_a_signed_figure_is_a_statement() -> None:
    from search.datasheets._tables import _statements_in

    cells = "-55 1111110010010000 *The power-on reset value ofthe temperature register is +85°C."
    (stated,) = _statements_in(cells + " BIT 7", "DS18B20", "ds18b20", "ds18b20#p6", "", 6)
    assert stated.value == 85.0 and stated.unit == "°C"
    # a sum and the top of a range with a negative bottom are no signed figures
    for prose in ("is within VDD+0.3 V of the rail", "is rated -40°C to +85°C for storage"):
        sentence = f"Some words first. The input of the sensor on this board {prose}. Next"
        assert not _statements_in(sentence, "X", "x", "x#p1", "", 1)


def test_the_power_on_value_of_a_register_is_read_from_its_footnote(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "DS18B20 after power-up: what's the power-on reset value of the temperature register?"
    )
    assert answer.status == "answered" and "85 °C" in answer.answer
    assert answer.citations == ["ds18b20#p6"]


def test_a_footnote_on_a_figures_standing_is_said_with_it(qa: DatasheetQA) -> None:
    # BME280 p12: "AT,ext 9 -40 … -20 °C ±1.5 °C" with footnote 9 "Target values & not
    # guaranteed" (the PDF glues the marker to the symbol)
    cold = qa.ask("bme280 temp accuracy outdoors at -30C? is that number actually guaranteed")
    assert "±1.5 °C" in cold.answer
    assert "(footnote: Target values & not guaranteed)" in cold.answer
    # the row without a footnote says nothing of the kind
    assert "footnote" not in qa.ask("bme280 temperature accuracy at 25C?").answer


def test_a_row_in_another_quantitys_unit_does_not_answer(qa: DatasheetQA) -> None:
    # BME280's humidity row "±3 %RH (20…80 %RH, 25 °C)" names a temperature in its condition
    answer = qa.ask("bme280 temperature accuracy at 25 C?")
    assert "±0.5 °C" in answer.answer and "%RH" not in answer.answer
    assert "±3 %RH" in qa.ask("bme280 humidity accuracy at 25 C?").answer


def test_an_input_voltage_is_worked_to_the_adcs_code(qa: DatasheetQA) -> None:
    half = qa.ask("mcp3008 with VREF=3.3V and 1.65V on CH0 single ended, what code should i read?")
    assert half.status == "answered", half.answer
    assert "1.65 / (3.3 / 1024) = 512" in half.answer
    # a count stated is still read to volts, not taken for an input
    volts = qa.ask("MCP3008 with VREF 4.096 V reads 750 counts: input voltage?")
    assert "750 counts: 3 V" in volts.answer


def test_lines_asked_without_a_level_shifter_are_a_levels_question(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "mcp3008 at VDD=5V - can the esp32 talk SPI to it directly w/o a level shifter?"
    )
    assert answer.verdict == "incompatible"
    assert "ESP32-WROOM-32 VOH min 2.64 V < MCP3008 VIH min 3.5 V" in answer.answer


def test_a_reading_asked_with_words_between_what_and_the_quantity(qa: DatasheetQA) -> None:
    answer = qa.ask("XGZP6847A005KPG on 5v, output reads 2.0V. whats the pressure in kPa?")
    assert "1.875 kPa" in answer.answer


@needs_pdfs
def test_a_formula_printed_as_a_stacked_fraction_is_read() -> None:
    from search.datasheets._pdf import read_pdf
    from search.datasheets._tables import _stacked_formulas

    doc = read_pdf(PDFS / "mcp3008.pdf")
    found = {f.parameter: f.citation for f in _stacked_formulas(doc, "MCP3008", "mcp3008")}
    # "LSB Size = ----" over V·REF (its subscript a line lower) and under 1024; the output
    # code over "1024 VIN" and under VREF
    assert found == {
        "LSB Size = VREF / 1024": "mcp3008#p17",
        "Digital Output Code = 1024 * VIN / VREF": "mcp3008#p17",
    }


def test_the_adc_answers_cite_the_datasheets_own_equation(qa: DatasheetQA) -> None:
    step = qa.ask("MCP3008 with VREF at 3.3 V: one LSB in mV?")
    assert "3.22266 mV" in step.answer and "mcp3008#p17" in step.citations
    volts = qa.ask("MCP3008 with VREF 4.096 V reads 750 counts: input voltage?")
    assert "Digital Output Code = 1024 * VIN / VREF [mcp3008#p17]" in volts.answer
    # one value stated is a condition of another question, not the LSB formula's input
    assert "LSB Size" not in qa.ask("MCP3008 with VREF = 5 V, what's the INL?").answer


def test_a_register_is_found_by_the_address_its_heading_gives(qa: DatasheetQA) -> None:
    # "5.4.1 Register 0xD0 “id”  The “id” register contains ... which is 0x60"
    answer = qa.ask("what should i read back from reg 0xD0 on a bme280?")
    assert answer.status == "answered" and "0x60" in answer.answer
    assert answer.citations == ["bme280#p27"]
