"""Rules from the nineteenth held-out round, on the real documents."""

from __future__ import annotations

import pytest

from search.datasheets._qa import DatasheetQA


@pytest.mark.parametrize(
    ("question", "spec", "figures"),
    [
        # "most of the time" says how often; no "CS Disable Time" row is asked, and the one
        # figure asked is given at the bound asked (not the 5 nA typical)
        (
            "Our MCP3008 idles with CS held high most of the time. How much can it draw in "
            "standby at worst?",
            "sleep_current",
            (None, None, 2.0),
        ),
        # a bare "inputs" names the pins the asked row is about, not their voltage range
        (
            "How quickly can the L298 inputs be switched? I need the max commutation frequency.",
            "commutation_frequency",
            (None, None, 40.0),
        ),
        # "how many" asks a count: the EEPROM endurance, not the write cycle time
        (
            "How many EEPROM write cycles will a DS18B20 take before it wears out?",
            "eeprom_writes",
            (50.0, None, None),
        ),
        # "the most standby current ... allows" and a "worst-case wait" ask the maximum
        (
            "DS18B20 idle between conversions on local power: what's the most standby current "
            "the datasheet allows?",
            "sleep_current",
            (None, None, 1000.0),
        ),
        (
            "After power-on, what's the worst-case wait before a CCS811 accepts I2C commands?",
            "time_between_power_on_and",
            (None, None, 20.0),
        ),
        # one row named twice ("ground-pin current", then "quiescent current") is asked once
        (
            "Students will measure an LM7805's ground-pin current at 25 C. What maximum "
            "quiescent current should they compare it with?",
            "supply_current",
            (None, None, 8.0),
        ),
        # "2-resistor" is a count and what it counts, not a second part to compare with
        (
            "AMS1117 set by a 2-resistor divider. What's the least load current it needs to "
            "keep regulating?",
            "minimum_load",
            (None, None, 10.0),
        ),
    ],
)
def test_the_row_asked_is_the_only_figure_given(
    qa: DatasheetQA, question: str, spec: str, figures: tuple[float | None, ...]
) -> None:
    answer = qa.ask(question)
    assert [(i.spec, (i.min, i.typ, i.max)) for i in answer.items] == [(spec, figures)], (
        answer.answer
    )


def test_variant_codes_written_alone_name_the_variants_compared(qa: DatasheetQA) -> None:
    # "-05B", "x20A" are the ACS712's own variant codes; "peak-to-peak" is how the noise is
    # measured, not a request for its maximum (the rows give a typical only)
    answer = qa.ask("ACS712 -05B or x20A for a cart motor: typical peak-to-peak noise of each?")
    assert [(i.applies_to.get("variant"), i.typ, i.unit) for i in answer.items] == [
        ("ACS712ELCTR-05B-T", 21.0, "mV"),
        ("ACS712ELCTR-20A-T", 11.0, "mV"),
    ], answer.answer


def test_a_stated_level_picks_the_measurement_range_that_holds_it(qa: DatasheetQA) -> None:
    # 1.5 V sits only in the ESP32 ADC's atten = 2 and 3 ranges (150-1750, 150-2450 mV); the
    # 12 V the divider starts from sits in none, so it narrows nothing
    answer = qa.ask(
        "12 V rail divided down to 1.5 V into an ESP32-WROOM-32 ADC pin: what total error "
        "does the datasheet give?"
    )
    assert sorted(i.max for i in answer.items) == [40.0, 60.0], answer.answer


def test_a_condition_ends_with_its_sentence(qa: DatasheetQA) -> None:
    # "at about 0.5 A." states the load; the next sentence asks the drop, which is no
    # setting, and "(Vcc = VM = 5 V)" asks no supply range
    answer = qa.ask(
        "TB6612FNG with Vcc = VM = 5 V, motor at about 0.3 A. Max voltage drop across the "
        "output switches at that current?"
    )
    assert [(i.spec, i.max) for i in answer.items] == [("voltage_drop", 0.21)], answer.answer


def test_an_accuracy_required_is_the_figure_asked(qa: DatasheetQA) -> None:
    # the CCS811 gives no eCO2 accuracy; its output range does not answer a required ±50 ppm
    answer = qa.ask(
        "Greenhouse vents must open on CO2 with about ±50 ppm accuracy near 1000 ppm. Can a "
        "CCS811 eCO2 output do that?"
    )
    assert answer.status == "insufficient_evidence", answer.answer


@pytest.mark.parametrize(
    ("question", "figures"),
    [
        # model codes written after the family name, or alone after a hyphen or in quotes
        (
            "Sanyou SRD-D vs SRD-DB relays: max switching current of each?",
            [("SRD-D", 12.0), ("SRD-DB", 12.0)],
        ),
        (
            "For the heater contactor, is the 'DM' SRD or the -DB one better? Max switching "
            "current for each please.",
            [("SRD-DM", 15.0), ("SRD-DB", 12.0)],
        ),
    ],
)
def test_a_model_code_names_the_relay_column_asked(
    qa: DatasheetQA, question: str, figures: list[tuple[str, float]]
) -> None:
    # the "Max. switching current" row, per column, not the 10 A nominal switching capacity
    answer = qa.ask(question)
    assert [(i.applies_to.get("variant"), i.value) for i in answer.items] == figures, answer.answer


def test_temperatures_listed_are_each_asked(qa: DatasheetQA) -> None:
    # "25, 85 and 125 C" lists three temperatures (not a window from 85 to 125 °C): the
    # LMP91200 prints its INP bias current at 25 °C (no temperature written), 85 and 125 °C
    answer = qa.ask("LMP91200 on 3.3 V: max INP input bias current at 25, 85 and 125 C?")
    assert sorted((i.max or 0) * {"fA": 1e-3, "pA": 1.0}[i.unit] for i in answer.items) == [
        0.125,
        0.445,
        1.5,
    ], answer.answer


def test_room_temperature_is_25_c(qa: DatasheetQA) -> None:
    # the LMP91200 unpowered (VS = 0 V) prints its INP bias current with no temperature
    # (the table's 25 °C) and at 85 °C; "at room temperature" asks the first
    answer = qa.ask(
        "LMP91200 unpowered (VS = 0 V), at room temperature: max input bias current at INP?"
    )
    bias = [i for i in answer.items if i.spec == "input_bias_current"]
    assert [(i.max, i.unit) for i in bias] == [(600.0, "fA")], answer.answer


def test_a_unit_written_once_applies_to_every_item_listed(qa: DatasheetQA) -> None:
    # "at 1.25, 5 and 20 Hz": each a row of its own, none dropped as another condition
    answer = qa.ask(
        "MPU-6050 accelerometer low-power mode: typical current at 1.25, 5 and 20 Hz update rates?"
    )
    currents = [i.typ for i in answer.items if i.spec == "supply_current"]
    assert currents[:3] == [10.0, 20.0, 70.0], answer.answer


@pytest.mark.parametrize(
    "question",
    [
        # a duration asked: the efficiency row at 24 V / 3 A is not it; the sentence is
        "SRB-5030 failed EFF_FL. What soak duration at 24 V in and 3 A out confirms a "
        "resistive joint?",
        # "the FA guide" names the failure-analysis guide, so the part is the SRB-5030
        "The FA guide wants a soak at 24 V in / 3 A out before we open the board. For how "
        "long at least?",
    ],
)
def test_a_duration_asked_is_the_sentence_that_states_one(qa: DatasheetQA, question: str) -> None:
    answer = qa.ask(question)
    assert answer.citations == ["failure-analysis-guide#5"], answer.answer
    assert [(i.min, i.unit) for i in answer.items] == [(60.0, "min")], answer.answer


def test_a_modulation_named_keeps_a_general_row_at_the_point_stated(qa: DatasheetQA) -> None:
    # the RFM95W LoRa tables have no +20 dBm row; the general power table does
    answer = qa.ask("RFM95W sending LoRa at +20 dBm on PA_BOOST: typical transmit current?")
    assert [(i.typ, i.citation) for i in answer.items] == [(120.0, "rfm95w#p13")], answer.answer


def test_every_block_of_a_list_named_off_is_off(qa: DatasheetQA) -> None:
    # "gyro and DMP switched off": neither runs, so the accelerometer-only row answers
    answer = qa.ask(
        "MPU-6050 with just the accelerometer, gyro and DMP switched off: typical current?"
    )
    currents = [(i.typ, i.unit) for i in answer.items if i.spec == "supply_current"]
    assert currents == [(500.0, "µA")], answer.answer


@pytest.mark.parametrize(
    ("question", "figures"),
    [
        # "come back on" asks the recovery alone; "burn-in rack" is a place, not a warm-up
        (
            "SRB-5030 boards on the burn-in rack hit thermal shutdown. At what junction "
            "temperature does one turn back on?",
            [125.0],
        ),
        # asked beside the trip point, both are answered
        (
            "SRB-5030: at what junction temperature does thermal shutdown trip, and when does "
            "it come back on?",
            [145.0, 125.0],
        ),
    ],
)
def test_a_recovery_asked_alone_is_the_recovery_row(
    qa: DatasheetQA, question: str, figures: list[float]
) -> None:
    answer = qa.ask(question)
    assert [i.typ for i in answer.items if i.spec == "thermal_shutdown"] == figures, answer.answer


@pytest.mark.parametrize(("ohms", "verdict"), [("0.4", "compatible"), ("0.8", "incompatible")])
def test_a_stated_resistance_is_checked_against_the_rating(
    qa: DatasheetQA, ohms: str, verdict: str
) -> None:
    # the SRB-5030 wants an input source impedance of at most 0.5 ohm
    answer = qa.ask(f"Our SRB-5030 bench source is about {ohms} ohm source impedance. Is that OK?")
    assert answer.verdict == verdict, answer.answer


@pytest.mark.parametrize(
    ("question", "spec"),
    [
        # the ESP32 is what counts the pulses, not a part whose pulse factor is asked
        (
            "The YF-S201 on our tank outlet feeds an ESP32 counter. How many pulses per litre "
            "does it give?",
            "pulse_factor",
        ),
        # a figure asked last, "guaranteed maximum" included, is no check of the two parts
        (
            "Our ESP32 board runs from an AMS1117-3.3. At 1 A out, what is the guaranteed "
            "maximum dropout voltage?",
            "dropout_voltage",
        ),
    ],
)
def test_a_figure_of_one_part_used_with_another_is_that_parts(
    qa: DatasheetQA, question: str, spec: str
) -> None:
    answer = qa.ask(question)
    assert answer.status == "answered", answer.answer
    assert spec in {i.spec for i in answer.items}, answer.answer
    assert "ESP32" not in answer.answer, answer.answer


def test_a_misspelt_compound_word_is_read(qa: DatasheetQA) -> None:
    # "overtemprature": the L298 lists overtemperature protection but states no trip point,
    # and its junction temperature rating is not one
    answer = qa.ask("At what junction temperature does the L298 overtemprature protection act?")
    assert answer.status == "insufficient_evidence", answer.answer
    assert "thermal shutdown" in answer.answer, answer.answer


def test_a_hot_ambient_takes_the_row_printed_for_it(qa: DatasheetQA) -> None:
    # at 70 °C (the LM358's Thigh) the offset limit is the 9 mV row, not the 7 mV at 25 °C
    answer = qa.ask("Worst-case LM358 input offset voltage with the box at 70 °C?")
    assert [i.max for i in answer.items if i.spec == "input_offset_voltage"] == [9.0], answer.answer


def test_a_switch_on_resistance_is_a_figure_of_its_own(qa: DatasheetQA) -> None:
    answer = qa.ask("Typical on-resistance of the TB6612FNG output switches?")
    assert [(i.spec, i.typ) for i in answer.items] == [("on_resistance", 0.5)], answer.answer


def test_how_far_off_asks_the_error_and_a_level_read_is_no_error(qa: DatasheetQA) -> None:
    # the ESP32 ADC at atten = 3: ±60 mV; the 2450 mV range end is no value checked against it
    answer = qa.ask(
        "ESP32 ADC at atten = 3 (150 to 2450 mV), eFuse calibrated: how far off can it be?"
    )
    assert [(i.min, i.max) for i in answer.items] == [(-60.0, 60.0)], answer.answer
    assert answer.verdict is None, answer.answer


def test_the_state_a_reset_leaves_is_answered(qa: DatasheetQA) -> None:
    # MDN-4010 common commands: "*RST | none | Output off, voltage 0.000 V, current limit 0.100 A."
    answer = qa.ask("After sending *RST to the MDN-4010, what is its current limit set to?")
    assert [(i.value, i.unit) for i in answer.items] == [(0.1, "A")], answer.answer
    assert answer.citations == ["mdn4010-programming-manual#3"], answer.answer


def test_a_programmable_sources_output_is_its_programming_range(qa: DatasheetQA) -> None:
    # the MDN-4010 manual gives "Voltage programming | 0 to 40.000 V", no "output voltage" row
    answer = qa.ask("What's the highest output voltage the MDN-4010 can be set to?")
    assert [(i.max, i.unit) for i in answer.items] == [(40.0, "V")], answer.answer


def test_whether_the_junction_stays_within_its_limit_is_a_thermal_check(qa: DatasheetQA) -> None:
    # (5 - 3.3) V × 0.5 A = 0.85 W through the SOT-223's 90 °C/W from 50 °C: 126.5 °C, not the
    # ambient checked against the junction range
    answer = qa.ask(
        "AMS1117-3.3 in SOT-223, 5 V in, 0.5 A out, 50 °C ambient: will the junction stay "
        "within 125 °C?"
    )
    assert answer.verdict == "incompatible", answer.answer
    assert "126.5" in answer.answer, answer.answer


def test_a_meters_ac_band_against_a_switchers_ripple(qa: DatasheetQA) -> None:
    # the SRB-5030 switches at 450-550 kHz; the MDN-6100 AC volts band ends at 300 kHz
    answer = qa.ask("Can the MDN-6100 on AC volts stand in for the scope on SRB-5030 ripple?")
    assert answer.verdict == "incompatible", answer.answer
    assert set(answer.citations) == {"srb5030-datasheet#4", "mdn6100-programming-manual#1"}


def test_bare_variant_codes_listed_with_an_unambiguous_one(qa: DatasheetQA) -> None:
    # "05B" is no current, so "20A" listed with it is a code too, not 20 amperes
    answer = qa.ask("Got ACS712 boards labelled 05B and 20A: typical sensitivity of each?")
    assert [(i.applies_to.get("variant"), i.typ) for i in answer.items] == [
        ("ACS712ELCTR-05B-T", 185.0),
        ("ACS712ELCTR-20A-T", 100.0),
    ], answer.answer


def test_how_much_current_can_i_push_asks_the_output_current(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "TB6612FNG, VM from one Li-ion cell at 3.7 V: how many mA per channel can I push?"
    )
    outs = [(i.max, i.unit) for i in answer.items if i.spec == "output_current"]
    assert outs == [(0.4, "A")], answer.answer


def test_the_row_a_bare_draw_is_named_by(qa: DatasheetQA) -> None:
    # "the most it can still draw" in power-down: that row's maximum only, not the operating
    # quiescent current beside it nor its typical
    answer = qa.ask(
        "INA219 put into power-down between readings: what's the most it can still draw?"
    )
    assert {(i.spec, i.typ, i.max) for i in answer.items} == {("sleep_current", None, 15.0)}, (
        answer.answer
    )


def test_between_samples_says_when_not_how_fast(qa: DatasheetQA) -> None:
    answer = qa.ask("MCP3008 left with CS high between samples on a logger - max standby current?")
    assert [(i.spec, i.max) for i in answer.items] == [("sleep_current", 2.0)], answer.answer


def test_a_bare_feature_figure_is_no_bound_beside_the_row_asked(qa: DatasheetQA) -> None:
    # ADS1115: "Low Current Consumption: 150 μA (Continuous-Conversion Mode)" on page 1 is no
    # maximum; the table's 300 µA is
    answer = qa.ask(
        "ADS1115 in continuous-conversion mode inside a hot box. Over the full temperature "
        "range, what's its max operating supply current?"
    )
    assert [(i.max, i.value) for i in answer.items] == [(300.0, None)], answer.answer


@pytest.mark.parametrize(
    "question",
    [
        # a tolerance to hold asks the accuracy: the CCS811 states no eCO2 accuracy
        "Can our CO2 controller hold ±75 ppm using the CCS811 eCO2 output?",
        # what a part delivers is not what it draws: the HX711 states its own consumption
        # with the regulator on, not what the regulator can deliver ('outside 1.5 mA' is wrong)
        "HX711 on-chip regulator exciting a 350 ohm load cell at 4.3 V, about 12 mA. Can the "
        "regulator deliver that?",
        # enough drive for a load asks the output current, which the HC-SR501 does not state
        # (its 4.5-20 V supply range says nothing of it)
        "HC-SR501 OUT driving a 5 V buzzer directly without a transistor: OK?",
        # rejecting input ripple asks the rejection figure, which the SRB-5030 does not state
        "The 24 V feed has 200 mV of 120 Hz ripple on it. Does the SRB-5030 reject it enough?",
        # a voltage forced onto the output: only the absolute maximum "Output voltage forced
        # externally" speaks of it, and a damage limit says nothing of back-fed operation
        "Can a 5 V USB supply back-feed the SRB-5030 through its output while it's off?",
    ],
)
def test_the_figure_that_would_settle_it_is_not_stated(qa: DatasheetQA, question: str) -> None:
    answer = qa.ask(question)
    assert answer.verdict == "insufficient_evidence", answer.answer


def test_a_part_switched_off_takes_its_unpowered_rows(qa: DatasheetQA) -> None:
    # "switched off" at 85 °C: the LMP91200's VS = 0 V row (6.5 pA), not the powered 445 fA
    answer = qa.ask("LMP91200 board switched off at about 85 C: max INP input bias current?")
    assert [(i.max, i.unit) for i in answer.items] == [(6.5, "pA")], answer.answer
