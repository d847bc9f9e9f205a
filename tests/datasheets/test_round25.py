"""Rules from the twenty-fifth held-out round, on the real documents."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient

from search.datasheets._api import build_router
from search.datasheets._qa import DatasheetQA


def test_a_supply_stated_for_a_part_named_again_is_that_parts(qa: DatasheetQA) -> None:
    # "the TB6612FNG's Vcc (logic supply) at 5 V": its VIH is 0.7 x 5 V, not 0.7 x 3.3 V
    answer = qa.ask(
        "An ESP32-WROOM-32 with 3.3 V GPIOs switching a TB6612FNG's AIN1, with the TB6612FNG's "
        "Vcc (logic supply) is 5 V. Are the logic levels valid?"
    )
    assert answer.verdict == "incompatible"
    assert [d.result for d in answer.derived if d.label.startswith("TB6612FNG")] == [3.5, 5.2]


def test_parts_sharing_spi_are_checked_in_both_directions(qa: DatasheetQA) -> None:
    both = qa.ask(
        "MCP3008 on VDD = 5 V wired straight to an ESP32-WROOM-32's SPI pins, no level shifter: ok?"
    )
    assert both.verdict == "incompatible"
    assert "MCP3008 VOH min 4.1 V" in both.answer  # MISO, read by the ESP32
    assert "ESP32-WROOM-32 VOH min 2.64 V < MCP3008 VIH min 3.5 V" in both.answer  # MOSI, SCLK
    # signals said to go one way are checked that way only
    one = qa.ask("ESP32-WROOM-32 SPI outputs into an MCP3008 on VDD = 3.3 V: logic levels ok?")
    assert one.verdict == "compatible"
    assert "MCP3008 VOH" not in one.answer


def test_good_to_go_asks_for_a_check_and_a_value_said_twice_is_checked_once(
    qa: DatasheetQA,
) -> None:
    answer = qa.ask(
        "We'd run the YF-S201 off our 24 V PLC supply (24 V measured at the terminal). Good to go?"
    )
    assert answer.verdict == "incompatible"
    assert answer.answer.count("24 V is outside") == 1


def test_a_regulation_in_percent_asked_in_millivolts_is_worked_at_the_nominal_output(
    qa: DatasheetQA,
) -> None:
    answer = qa.ask("SRB-5030 load regulation, worst case, as a change of output in mV?")
    assert [(d.result, d.unit) for d in answer.derived] == [(40.0, "mV")]  # 0.8 % of 5 V
    assert "0.8 % of the 5 V nominal output [srb5030-datasheet#4] is 40 mV" in answer.answer


def test_several_currents_asked_at_their_worst_give_no_typical(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "BH1750 supply current when measuring at 100 lx, and the maximum in power-down mode?"
    )
    assert [(i.spec, i.max, i.typ) for i in answer.items] == [
        ("supply_current", 190.0, None),
        ("sleep_current", 1.0, None),
    ]


def test_a_terse_reading_question_and_a_supply_named_as_the_part_version(
    qa: DatasheetQA,
) -> None:
    # "Pressure?" asks the reading; "the 3.3 V one" is the supply it runs on
    answer = qa.ask("XGZP6847A100KPG, the 3.3 V one, showing 0.7 V at its output. Pressure?")
    assert answer.status == "answered"
    assert answer.derived[-1].result == 20.0  # (0.7 - 0.2) / 0.025


def test_over_the_full_load_line_temperature_range_takes_the_wide_row(qa: DatasheetQA) -> None:
    answer = qa.ask("LM7805 output voltage limits over the full line/load/temperature range?")
    assert [(i.min, i.max) for i in answer.items] == [(4.75, 5.25)]


def test_a_part_offered_for_several_supplies_is_the_version_named(qa: DatasheetQA) -> None:
    # "5.0/3.3 Vdc, within 5 %": the 5 V version takes 4.75 to 5.25 V
    answer = qa.ask("SRB-5030 output powering the 5 V version of the XGZP6847A: compatible?")
    assert answer.verdict == "compatible"
    assert "XGZP6847A supply range 4.75 to 5.25 V" in answer.answer
    said = qa.ask("Can the XGZP6847A (standard 5 V version) be run from the SRB-5030 output?")
    assert said.verdict == "compatible"
    # with no version named, which band applies is not known
    unnamed = qa.ask("SRB-5030 output powering an XGZP6847A: compatible?")
    assert unnamed.verdict == "insufficient_evidence"
    assert "offered for several nominal supplies (5 V, 3.3 V)" in unnamed.answer


def test_parts_asleep_are_held_against_the_current_budget_stated(qa: DatasheetQA) -> None:
    within = qa.ask(
        "A sleeping BME280 and a DS18B20 idle in standby on one coin cell: can they stay within "
        "a 5 uA budget?"
    )
    assert within.verdict == "compatible"
    assert [(d.expression, d.result, d.unit) for d in within.derived] == [("0.3 + 1", 1.3, "µA")]
    over = qa.ask("BME280 in sleep mode and DS18B20 in standby, total sleep budget 1 µA?")
    assert over.verdict == "incompatible"
    # a part whose sleep current the documents do not give leaves the budget unknown
    unknown = qa.ask("ESP32-WROOM-32 in deep sleep and a sleeping BME280 under a 50 µA budget?")
    assert unknown.verdict == "insufficient_evidence"
    assert "no one sleep current of ESP32-WROOM-32" in unknown.answer


def test_the_voltage_across_a_stated_shunt_must_fit_the_sense_input(qa: DatasheetQA) -> None:
    over = qa.ask("INA219 across a 0.2 ohm shunt carrying up to 2 A: within range?")
    assert over.verdict == "incompatible"
    assert [(d.expression, d.result) for d in over.derived] == [("2 * 0.2 * 1000", 400.0)]
    # written in mA and mΩ, the figures stay as written; the narrowest range that holds it
    small = qa.ask("INA219 with a 100 mΩ shunt and 300 mA max: ok?")
    assert small.status == "answered" and small.verdict == "compatible"
    assert "300 mA (stated) × 100 mΩ = 30 mV" in small.answer and "±40 mV" in small.answer
    # with no current stated, the rated output of the part the shunt sits on
    rated = qa.ask("INA219 reading a 0.05 Ω shunt in the AMS1117-3.3 output: fits?")
    assert rated.verdict == "compatible"
    assert "AMS1117 rated output" in rated.answer


def test_a_full_scale_is_worked_at_the_rail_stated_and_the_channels_fixed_gain(
    qa: DatasheetQA,
) -> None:
    # "AVDD is 3.3 V" is the rail; channel B's gain is the one the source gives it (32)
    answer = qa.ask("HX711 channel B, AVDD is 3.3 V: full-scale differential input?")
    assert [(d.result, d.unit) for d in answer.derived] == [(51.5625, "mV"), (51.6, "mV")]
    assert "hx711#p1" in answer.citations  # "Channel B has a fixed gain of 32"


def test_a_sensor_named_by_its_measuring_range_is_that_variant(qa: DatasheetQA) -> None:
    answer = qa.ask("The XGZP6847A 200 kPa gauge one, on 5 V, outputs 1.3 V. What pressure?")
    assert answer.status == "answered"
    assert "XGZP6847A200KPG" in answer.answer
    assert answer.derived[-1].result == 40.0  # (1.3 - 0.5) / 0.02


def test_a_condition_stops_at_a_dash_and_every_item_after_it_is_asked(qa: DatasheetQA) -> None:
    answer = qa.ask("RFM95W at +20 dBm - supply range and duty cycle limit?")
    assert [(i.spec, i.max) for i in answer.items] == [
        ("supply_voltage", 3.7),
        ("duty_cycle_transmission", 1.0),
    ]


def test_a_question_about_a_pin_is_answered_from_the_pin_table(qa: DatasheetQA) -> None:
    by_name = qa.ask("Which pin number is the TB6612FNG's STBY?")
    assert [(i.spec, i.citation) for i in by_name.items] == [("pin_function", "tb6612fng#p2")]
    assert "pin 19 STBY" in by_name.answer
    by_number = qa.ask("RFM95W: what is pin 3 for?")
    assert "pin 3 MOSI (I): SPI Data input" in by_number.answer
    # named by a signal it carries
    by_signal = qa.ask("Which ESP32-WROOM-32 pin carries ADC1_CH0?")
    assert [i.value for i in by_signal.items] == [
        "pin 4 SENSOR_VP (I): GPIO36, ADC1_CH0, RTC_GPIO0"
    ]
    # named by what it does, and a figure asked beside it answered too
    by_function = qa.ask("Which HX711 pin selects the output data rate, and what rates are there?")
    assert by_function.items[0].value.startswith("pin 15 RATE")
    assert {i.spec for i in by_function.items[1:]} == {"sampling_rate"}


def test_a_pin_tied_high_or_low_does_what_its_row_says_for_that_level(qa: DatasheetQA) -> None:
    high = qa.ask("HX711 with RATE tied to DVDD: what data rate do I get?")
    assert (high.items[0].spec, high.items[0].value) == ("pin_function", "80Hz")
    # the rate's own rows that give the same stand beside it; the 10 Hz rows do not
    assert high.items[1:] and all(80.0 in (i.typ, i.value) for i in high.items[1:])
    low = qa.ask("HX711, RATE pin held low. Output rate?")
    assert low.items[0].value == "10Hz"
    # a level set while another figure is asked is that figure's condition
    settling = qa.ask("HX711 settling time with RATE tied low?")
    assert all(i.spec != "pin_function" for i in settling.items)


def test_a_capacitor_named_as_a_ceramic_is_derated_by_the_rule(qa: DatasheetQA) -> None:
    answer = qa.ask("Under DR-14, what's the top rail for a 50 V MLCC at the SRB-5030 input?")
    assert [(d.expression, round(d.result, 1)) for d in answer.derived] == [
        ("50 / 1.5", 33.3),
        ("round((50 / 1.5) * 10) / 10", 33.3),  # the same rail to a tenth, as the ECN prints it
    ]


def test_the_shunt_rule_over_http(qa: DatasheetQA) -> None:
    app = FastAPI()
    app.include_router(build_router(qa))
    client = TestClient(app)
    body = {"devices": [{"model": "SRB-5030"}, {"model": "INA219"}], "rules": ["shunt"]}
    rated = client.post("/v1/compat", json={**body, "shunt_ohms": 0.1}).json()
    assert rated["verdict"] == "compatible"  # 3 A rated x 0.1 ohm = 300 mV of ±320 mV
    assert "srb5030-datasheet#3" in rated["citations"]
    over = client.post("/v1/compat", json={**body, "shunt_ohms": 0.1, "shunt_amps": 4}).json()
    assert over["verdict"] == "incompatible"
    unset = client.post("/v1/compat", json=body).json()
    assert unset["verdict"] == "insufficient_evidence"


def test_a_regulator_named_as_the_rails_owner_stays_a_party(qa: DatasheetQA) -> None:
    # "off the SRB-5030 5 V rail": the rail is the converter's output band, 4.9 to 5.1 V
    answer = qa.ask("LMP91200 running off the SRB-5030 5 V rail: within its supply spec?")
    assert answer.verdict == "compatible"
    assert "SRB-5030 output 4.9 to 5.1 V" in answer.answer


def test_a_command_named_by_its_verb_meets_the_row_named_by_its_noun(qa: DatasheetQA) -> None:
    # "after Convert T ... before the result is valid" is the conversion time, not tRDV
    answer = qa.ask("DS18B20 at 12-bit: how long after Convert T until the result is valid?")
    assert [(i.spec, i.max) for i in answer.items] == [("conversion_time", 750.0)]
