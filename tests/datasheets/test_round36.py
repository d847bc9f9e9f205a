"""Rules from the thirty-sixth held-out round, on the real documents."""

from __future__ import annotations

from pathlib import Path

import pytest

from search.datasheets._markdown import read_markdown
from search.datasheets._qa import DatasheetQA
from search.datasheets._tables import markdown_facts


@pytest.mark.parametrize(
    ("question", "said", "cited"),
    [
        # acs712 p5: the 30A part's sensitivity, typ 66 mV/A
        (
            "ACS712 30A version, typical sensitivity: how much does the output move for a 10 A "
            "current?",
            "660 mV; 66 mV/A times 10 A",
            "acs712#p5",
        ),
        # no spec named: the millivolts asked per ampere stated are the sensitivity's
        ("ACS712 20A: how many mV does the output change for 5 A?", "500 mV", "acs712#p5"),
        # yf-s201 p2: "Pulses per Liter: 450", its unit in its label
        ("how many pulses does the YF-S201 give for 2 liters?", "900 pulses", "yf-s201#p2"),
        # mpu-6050 p13: the ±2 g setting (AFS_SEL=0) prints 16,384 LSB/g
        ("MPU-6050 at ±2g full scale, what raw count for 0.5 g?", "8192 LSB", "mpu-6050#p13"),
    ],
)
def test_a_rate_times_the_amount_stated(
    qa: DatasheetQA, question: str, said: str, cited: str
) -> None:
    answer = qa.ask(question)
    assert answer.status == "answered", answer.reasons
    assert said in answer.answer
    assert answer.citations == [cited]
    assert answer.derived and answer.derived[0].expression.count("*") == 1


@pytest.mark.parametrize(
    "question",
    [
        # a rate of flow ("30 L/min") is no amount of litres
        "YF-S201: how much pressure drop at 30 L/min?",
        # a range ("±5 A") is no amount the output moves for
        "ACS712 05B sensitivity at ±5 A?",
    ],
)
def test_no_product_without_an_amount(qa: DatasheetQA, question: str) -> None:
    assert not qa.ask(question).derived


@pytest.mark.parametrize(
    "question",
    [
        "SRB-5030 at 24 V in / 3 A out: what efficiency does production test require as a "
        "minimum, and what's the datasheet typical at that point?",
        "SRB-5030 at 24 V in and 3 A out: what's the production efficiency limit vs the typical "
        "efficiency the datasheet shows?",
    ],
)
def test_a_production_limit_and_the_datasheet_figure(qa: DatasheetQA, question: str) -> None:
    # srb5030-test-spec §4 step 6: min 88.00 %; srb5030-datasheet §5: typ 92.5 % at that point
    answer = qa.ask(question)
    assert answer.status == "answered", answer.reasons
    assert "min 88 %" in answer.answer and "typ 92.5 %" in answer.answer
    assert answer.citations == ["srb5030-test-spec#4", "srb5030-datasheet#5"]


def test_a_datasheet_named_as_context_asks_the_test_alone(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "Old test script sweeps step 4 (LINE_REG) from 9.0 to 36.0 V like the datasheet's "
        "line-regulation row. What range does the current test spec call for?"
    )
    assert "srb5030-datasheet#4" not in answer.citations


@pytest.mark.parametrize(
    ("question", "party"),
    [
        ("Can I hook an RFM95W to a Raspberry Pi Pico's SPI pins directly?", "Raspberry Pi Pico"),
        ("Can I connect a BME280 to an Arduino Uno I2C bus directly?", "Arduino Uno;"),
        ("Can I wire an RFM95W to an Arduino Nano SPI bus?", "Arduino Nano;"),
    ],
)
def test_a_product_named_beside_the_bus_is_a_party_we_hold_nothing_on(
    qa: DatasheetQA, question: str, party: str
) -> None:
    # naming the bus it is wired on asks no spec: the other party is still a product by name
    answer = qa.ask(question)
    assert answer.verdict == "insufficient_evidence"
    assert f"no facts are held for {party}" in answer.answer


def test_a_row_of_another_quantity_is_no_answer_to_a_named_threshold(qa: DatasheetQA) -> None:
    # hx711 prints no VIH; "PD_SCK high time" (p5) shares the words but is a time
    answer = qa.ask(
        "what input high threshold (VIH) does the HX711 PD_SCK pin need when DVDD is 5V?"
    )
    assert answer.status == "insufficient_evidence"
    assert "µs" not in answer.answer
    # a row filed under no spec and named by its own label is still found
    sheet = qa.ask("SRD-05VDC-SL-C response time?")
    assert sheet.status == "answered" and "response time: max 8 msec" in sheet.answer


def test_the_rail_each_revision_s_caps_support_when_none_is_named(qa: DatasheetQA) -> None:
    # srb5030-bom: C1/C2 50 V on revision B (§1), 63 V on revision C (§4); DR-14: 1.5 times
    answer = qa.ask(
        "What voltage rating are the SRB-5030 C1/C2 and what's the highest rail that rating "
        "supports under DR-14?"
    )
    assert answer.status == "answered", answer.reasons
    assert "50 / 1.5 = 33.3333 V (≈ 33.3 V)" in answer.answer
    assert "63 / 1.5 = 42 V" in answer.answer
    assert "design-review-rules#4" in answer.citations


def test_a_case_the_document_works_itself_is_quoted_beside_the_check(qa: DatasheetQA) -> None:
    # ecn-2608-04 §3: "A 24 V industrial rail with a +/-10 percent tolerance reaches 26.4 V,
    # well inside 32.0 V." - the same figure against the same limit the check uses
    answer = qa.ask(
        "Customer runs SRB-5030 rev B boards on a 24 V industrial rail with +/-10% tolerance. "
        "Is that within the board's input rating?"
    )
    assert answer.verdict == "compatible"
    assert "reaches 26.4 V, well inside 32.0 V" in answer.answer
    assert "ecn-2608-04#3" in answer.citations
    # another tolerance reaches another figure: the notice's case is not this one
    other = qa.ask("SRB-5030 rev B on a 24 V rail with +/-20% tolerance, within its input rating?")
    assert "ecn-2608-04#3" not in other.citations


def test_a_figure_held_against_a_limit_in_prose_is_a_worked_case(tmp_path: Path) -> None:
    doc = tmp_path / "note.md"
    doc.write_text(
        "# ABC-1000 Note\n\n## 1. Margin\n\n"
        "A 12 V input with 5 percent ripple peaks at 12.6 V, just below 13.2 V.\n\n"
        "The input takes 9 V to 36 V and the output gives 5 V at up to 3 A.\n",
        encoding="utf-8",
    )
    facts, _ = markdown_facts(read_markdown(doc), "ABC-1000", "note")
    cases = [(f.value, f.unit, f.extra) for f in facts if f.spec == "worked_case"]
    assert cases == [(12.6, "V", {"limit": 13.2})]


@pytest.mark.parametrize(
    "question",
    [
        # the driver's rail said by its kind: the TB6612FNG runs at 5 V, VIH = 0.7 x 5 = 3.5 V
        "Driving TB6612FNG AIN1, AIN2 and PWMA from ESP32 GPIOs at 3.3 V while the driver's Vcc "
        "is 5 V - are the logic levels OK?",
        # "3v3 GPIOs": the level the ESP32 runs its I/O at
        "esp32-wroom-32 3v3 GPIOs -> tb6612fng AIN1/AIN2/PWMA, with the driver's Vcc at 5V "
        "(damper motor). problem?",
        "Are 3.3V esp32 outputs good enough logic for the tb6612fng's AIN1/AIN2/PWMA inputs when "
        "its Vcc = 5V?",
        # "(3.3 V I/O) drives": the part that drives is the source, wherever it is named
        "Driving a damper motor: the TB6612FNG logic Vcc is on 5 V and an ESP32-WROOM-32 "
        "(3.3 V I/O) drives AIN1, AIN2 and PWMA. Any issue with that?",
    ],
)
def test_a_5_v_driver_s_inputs_are_not_met_by_3v3_gpios(qa: DatasheetQA, question: str) -> None:
    # esp32-wroom-32 p26: VOH min 0.8 x 3.3 = 2.64 V; tb6612fng p5: VIH min Vcc x 0.7
    answer = qa.ask(question)
    assert answer.verdict == "incompatible", answer.answer
    assert "VOH min 2.64 V < TB6612FNG VIH min 3.5 V" in answer.answer


def test_a_level_worked_at_a_nominal_supply_says_so(qa: DatasheetQA) -> None:
    # no supply stated: VIH = 0.7 x Vcc at the TB6612FNG's typical 3 V (p3), said as such
    answer = qa.ask("Can ESP32 GPIOs drive the TB6612FNG AIN1 input directly?")
    assert "TB6612FNG at its nominal 3 V supply (tb6612fng#p3), as none is stated" in answer.answer
    stated = qa.ask(
        "Driving TB6612FNG AIN1 from ESP32 GPIOs at 3.3 V while the driver's Vcc is 5 V, OK?"
    )
    assert "TB6612FNG at its nominal" not in stated.answer


@pytest.mark.parametrize(
    "question",
    [
        # a bus by the voltage it runs at is a power rail, not a data bus
        "Our plant's bus runs at 36 V nominal. Is it OK to connect a revision B SRB-5030 to it?",
        # "rev b" typed in lower case names revision B
        "srb-5030 rev b on a nominal 36V plant supply bus - can we hook it up?",
    ],
)
def test_a_36_v_rail_is_over_the_rev_b_input_limit(qa: DatasheetQA, question: str) -> None:
    # ecn-2608-04 §1: 32.0 V for revisions A and B
    answer = qa.ask(question)
    assert answer.verdict == "incompatible", answer.answer
    assert "36 V is outside max 32 V [ecn-2608-04#1]" in answer.answer


def test_a_supply_in_brackets_after_the_part_is_its_supply(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "Which voltage has to be applied to a GPIO of an ESP32-WROOM-32 (supply 3.3 V) so that "
        "it is guaranteed to register as a logic high?"
    )
    # esp32-wroom-32 p26: VIH 0.75 x VDD = 2.475 V at 3.3 V
    assert "logic high threshold at 3.3 V: min 2.475 V" in answer.answer


@pytest.mark.parametrize(
    "question",
    [
        "Thinking of running an AMS1117-5.0 LDO off the SRB-5030's output. Will that work?",
        "srb-5030 out -> ams1117-5.0 input: is that a valid way to supply the regulator?",
    ],
)
def test_one_regulator_run_off_another(qa: DatasheetQA, question: str) -> None:
    # srb5030-datasheet §4: 4.9 to 5.1 V out; ams1117 p2: the 5.0 V part needs 6.5 to 12 V in
    answer = qa.ask(question)
    assert answer.verdict == "incompatible", answer.answer
    assert "outside AMS1117 supply range 6.5 to 12 V" in answer.answer


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # mcp3008 p4: fCLK max 3.6 MHz at VDD = 5 V
        ("With a 5 V VDD, how fast can I clock the MCP3008 at most?", "max 3.6 MHz"),
        # hx711 p3: ±0.5 (AVDD / GAIN)
        (
            "hx711 ch A gain 128 with AVDD = 3V3 (not 5V): differential input full scale?",
            "±12.891 mV",
        ),
        # ds18b20 p3: tCONV 187.5 ms at 10 bits
        ("DS18B20 @ 10-bit: resolution in °C and max tCONV?", "max 187.5 ms"),
        # rfm95w p17: -136 dBm at SF = 12, 125 kHz
        ("rfm95w @ 868MHz, spreading factor 12, BW125k: lora sensitivity?", "typ -136 dBm"),
        # ads1115 p17: 62.5 µV a code at ±2.048 V, 16000 codes = 1 V
        (
            "What input voltage does an output code of 16000 correspond to on an ADS1115 "
            "configured for FSR = +/-2.048 V?",
            "16000 counts: 1 V",
        ),
        (
            "Raw ADS1115 conversion result is 0x3E80 with the full-scale range set to ±2.048 V. "
            "Which input voltage does that represent?",
            "0x3E80 (16000 counts): 1 V",
        ),
        # bh1750 p2: VIH min 1.26 V where 1.65 V <= DVI < 1.8 V
        (
            "with the BH1750's I2C reference voltage DVI at 1.7 V, what's the minimum high level "
            "on SCL/SDA?",
            "logic high threshold: min 1.26 V",
        ),
        # tb6612fng p3: 0.4 A where 4.5 V > VM >= 2.5 V; "(VM 3.7V)" states VM
        ("tb6612fng on one li-ion cell (VM 3.7V) - max current each channel?", "max 0.4 A"),
    ],
)
def test_other_words_for_a_figure_asked(qa: DatasheetQA, question: str, said: str) -> None:
    answer = qa.ask(question)
    assert answer.status == "answered", answer.reasons
    assert said in answer.answer


@pytest.mark.parametrize(
    "question",
    [
        # a level within thresholds is a check of levels, not a high checked against VIL
        "are esp32-wroom-32 3.3V output levels within the L298 input thresholds (IN1/IN2/ENA) "
        "when the L298N VSS is 5V?",
        # "3.3 V GPIO signals from an ESP32": the named part's own levels, not a pull-up
        "With the L298N logic supply (VSS) at 5 V, do 3.3 V GPIO signals from an ESP32-WROOM-32 "
        "on IN1, IN2 and ENA satisfy the L298's input thresholds?",
    ],
)
def test_esp32_levels_into_the_l298(qa: DatasheetQA, question: str) -> None:
    # esp32-wroom-32 p26: VOH 2.64 V, VOL 0.33 V at 3.3 V; l298 p3: VIH 2.3 V, VIL 1.5 V
    answer = qa.ask(question)
    assert answer.verdict == "compatible", answer.answer
    assert "ESP32-WROOM-32 VOH min 2.64 V ≥ L298 VIH min 2.3 V" in answer.answer
    assert "VOL max 0.33 V ≤ L298 VIL max 1.5 V" in answer.answer


@pytest.mark.parametrize(
    "question",
    [
        # a sump's level is no logic level: a single-ended ADC input takes a signal
        "Sump level: XGZP6847A 5V version (output 0.5 to 4.5 V), read single-ended by an ADS1115 "
        "on a 5 V supply with FSR set to ±6.144 V. Is the input range compatible?",
        "Will an ADS1115 (VDD 5V, single-ended input, FSR ±6.144V) accept the 0.5-4.5 V output "
        "of the 5 V XGZP6847A pressure sensor in our sump?",
    ],
)
def test_a_sensor_signal_into_a_single_ended_adc_input(qa: DatasheetQA, question: str) -> None:
    # xgzp6847a p2: 0.5 to 4.5 V at 5 V; ads1115 p6: GND to VDD
    answer = qa.ask(question)
    assert answer.verdict == "compatible", answer.answer
    assert "[signal_range: compatible] XGZP6847A output spans 0.5 to 4.5 V" in answer.answer


def test_a_part_fed_from_the_output_of_another(qa: DatasheetQA) -> None:
    # the SRB-5030's output (4.9 to 5.1 V, datasheet §4) feeds the AMS1117-3.3 (4.75 to 12 V in,
    # ams1117 p2); it had been read the other way round, the LDO feeding the converter
    answer = qa.ask(
        "thinking of feeding an AMS1117-3.3 from the 5 V output of an SRB-5030. is the input in "
        "spec for the LDO?"
    )
    assert answer.verdict == "compatible", answer.answer
    assert "SRB-5030 output 4.9 to 5.1 V (srb5030-datasheet#4) is inside AMS1117 supply range" in (
        answer.answer
    )


def test_a_common_mode_voltage_is_not_held_to_the_supply_range(qa: DatasheetQA) -> None:
    # ina219 p6: supply 3 to 5.5 V; 24 V on the inputs is no supply, and had been called
    # incompatible against it
    answer = qa.ask("Is 24 V common mode OK for the INA219?")
    assert answer.verdict != "incompatible", answer.answer
    assert "24 V is outside 3 to 5.5 V" not in answer.answer


def test_an_example_circuit_s_load_is_no_figure_of_the_part(qa: DatasheetQA) -> None:
    # ina219 p25, 9.2 Typical Application: "The Conditions for the example circuit is: Maximum
    # expected load current = 15 A" had been read as the INA219's supply current, failing every
    # supply check of it; its quiescent current is 1 mA max (p6)
    answer = qa.ask("Can an AMS1117-3.3 power an INA219?")
    assert answer.verdict == "compatible", answer.answer
    assert "INA219 needs 1 mA (Quiescent current, ina219#p6)" in answer.answer
    assert "ina219#p25" not in answer.citations
