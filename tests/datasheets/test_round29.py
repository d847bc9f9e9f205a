"""Rules from the twenty-ninth held-out round, on the real documents."""

from __future__ import annotations

from search.datasheets._qa import DatasheetQA


def test_a_bus_address_is_also_given_in_the_binary_the_datasheet_prints(
    qa: DatasheetQA,
) -> None:
    high = qa.ask("BH1750: which slave address with the ADDR pin pulled high?")
    assert "0x5C (binary 1011100)" in high.answer
    # an address pin strapped to SCL asks for the address, not the SCL clock
    scl = qa.ask("ads1115 with ADDR strapped to SCL: which 7-bit slave address?")
    assert "0x4B (binary 1001011)" in scl.answer and "clock" not in scl.answer
    clash = qa.ask("INA219 with A1=SDA, A0=GND and an ADS1115 with ADDR=GND on one i2c bus?")
    assert clash.verdict == "incompatible"
    assert "ADS1115 with ADDR=GND: 0x48 (binary 1001000)" in clash.answer


def test_a_raw_count_is_read_in_the_unit_asked(qa: DatasheetQA) -> None:
    # "deg/s" is a turn rate, not a temperature; a count written before "raw" is the count
    gyro = qa.ask("MPU-6050 gyro FS_SEL=2, a gyro axis reads -3280 raw. deg/s?")
    assert "-3280 / 32.8 = -100 º/s" in gyro.answer and "temperature" not in gyro.answer
    accel = qa.ask("mpu6050 accelerometer AFS_SEL=1, z reads 4096. how many g?")
    assert "4096 / 8192 = 0.5 g" in accel.answer
    # an ADC register read in hex, at the full scale stated
    adc = qa.ask("ads1115, PGA at +-2.048V, conversion register reads 0x3E80. what voltage?")
    assert "0x3E80 (16000 counts): 1 V" in adc.answer and "ads1115#p17" in adc.citations
    # a code with the sign bit set is not read as a positive count
    assert "counts" not in qa.ask("ads1115 at ±2.048V reads 0x8000, what voltage?").answer


def test_the_output_pin_by_name_asks_the_output_voltage(qa: DatasheetQA) -> None:
    answer = qa.ask("ACS712ELCTR-20A on a 5V supply, what should VIOUT read (typ) with +10A?")
    assert "output at 10 A: 3.5 V" in answer.answer


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
    assert "the junction reaches 101.5 °C, within the 125 °C limit" in answer.answer
    # the figure alone is still a lookup
    figure = qa.ask("AMS1117-3.3 thermal resistance theta-JA for SOT-223?")
    assert figure.route != "compatibility" and "90 °C/W" in figure.answer
