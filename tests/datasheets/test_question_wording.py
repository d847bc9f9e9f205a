"""How a question is worded picks the row that answers it: hand-written facts, so each rule is
tested apart from extraction."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _qa_fixtures import fact

from search.datasheets._facts import FactStore
from search.datasheets._qa import DatasheetQA
from search.datasheets._route import parse_question


def _store() -> FactStore:
    adc = {
        "device": "MCP3008",
        "spec": "sampling_rate",
        "parameter": "Throughput rate",
        "unit": "ksps",
    }
    return FactStore(
        [
            fact(
                device="MQ-2",
                spec="heater_resistance",
                parameter="Heater resistance",
                typ=30.0,
                unit="Ω",
                citation="mq-2#p3",
                evidence="Heater Resistance RH 30Ω±3Ω (room temp.)",
                extra={"qualifier": "nominal±tolerance", "tolerance": 3.0},
            ),
            fact(
                **adc,
                max=200.0,
                condition="VDD = VREF = 5V",
                citation="mcp3008#p3",
                evidence="Throughput Rate fSAMPLE 200 ksps VDD = VREF = 5V",
            ),
            fact(
                **adc,
                max=75.0,
                condition="VDD = VREF = 2.7V",
                citation="mcp3008#p3",
                evidence="Throughput Rate fSAMPLE 75 ksps VDD = VREF = 2.7V",
            ),
            fact(
                **adc,
                max=75.0,
                condition="VDD = 2.7V",
                citation="mcp3008#p1",
                evidence="75 ksps max. sampling rate at VDD = 2.7V",
            ),
            *(
                fact(
                    device="BH1750",
                    spec="conversion_time",
                    parameter=f"{mode}-Resolution Mode",
                    typ=typ,
                    max=mx,
                    unit="ms",
                    citation="bh1750#p2",
                    evidence=f"{mode}-Resolution Mode {typ:g} {mx:g} ms",
                )
                for mode, typ, mx in (("H", 120.0, 180.0), ("L", 16.0, 24.0))
            ),
            fact(
                device="TB6612FNG",
                spec="supply_voltage",
                parameter="Motor supply voltage",
                symbol="VM",
                min=2.5,
                typ=5.0,
                max=13.5,
                unit="V",
                section_kind="recommended_operating",
                citation="tb6612fng#p3",
                evidence="Supply voltage (motor) VM 2.5 5 13.5 V",
            ),
            *(
                fact(
                    device=dev,
                    spec="interface",
                    parameter="Interface",
                    value=bus,
                    citation=f"{dev.lower()}#p1",
                    evidence=f"{bus} interface",
                    extra={"protocols": [bus]},
                )
                for dev, bus in (
                    ("DS18B20", "1-Wire"),
                    ("ESP32-WROOM-32", "SPI"),
                    ("ESP32-WROOM-32", "I2C"),
                    ("MCP3008", "SPI"),
                )
            ),
            fact(
                device="BH1750",
                spec="interface",
                parameter="Interface",
                value="I2C",
                citation="bh1750#p1",
                evidence="I2C interface",
                extra={"protocols": ["I2C"]},
            ),
        ]
    )


@pytest.fixture(scope="module")
def qa() -> DatasheetQA:
    return DatasheetQA(_store())


def test_a_nominal_figure_keeps_its_tolerance(qa: DatasheetQA) -> None:
    a = qa.ask("MQ-2 heater resistance at room temperature?")
    assert "30 ± 3 Ω" in a.answer, a.answer
    assert a.items[0].tolerance == 3.0


def test_rails_tied_together_state_one_supply(qa: DatasheetQA) -> None:
    assert parse_question("MCP3008 rate at VDD = VREF = 2.7 V?").stated_voltages == [2.7]
    a = qa.ask("MCP3008 max throughput at VDD = VREF = 2.7 V compared with 5 V?")
    assert {i.max for i in a.items} == {75.0, 200.0}, a.answer
    # The front page repeats the 2.7 V figure: both places are cited.
    assert {"mcp3008#p3", "mcp3008#p1"} <= set(a.citations)


def test_a_hyphenated_mode_name_picks_its_row(qa: DatasheetQA) -> None:
    a = qa.ask("BH1750: how long does one H-resolution mode measurement take?")
    assert {i.max for i in a.items} == {180.0}, a.answer


@pytest.mark.parametrize(
    ("question", "absmax"),
    [
        ("Which one survives a wider operating temperature range, a DHT22 or a DS18B20?", False),
        ("Will the BME280 survive 4.5 V on its supply pin?", True),
        ("What voltage can the L298 withstand on VS?", True),
    ],
)
def test_survive_asks_for_a_rating_unless_operating_is_named(question: str, absmax: bool) -> None:
    assert parse_question(question).absolute_max is absmax


def test_a_supply_from_a_stated_source_is_checked(qa: DatasheetQA) -> None:
    a = qa.ask("TB6612FNG motor supply from a 2S lipo (8.4 V full, ~6 V empty)?")
    assert "8.4 V is within 2.5 to 13.5 V" in a.answer, a.answer
    assert "6 V is within" in a.answer


def test_one_wire_is_not_ruled_out_by_a_missing_peripheral(qa: DatasheetQA) -> None:
    # 1-Wire runs in firmware on a digital pin: no listed peripheral is not "incompatible".
    one_wire = qa.ask("Can DS18B20 sit on a 1-Wire bus driven by ESP32-WROOM-32?")
    assert one_wire.verdict == "insufficient_evidence", one_wire.answer
    assert "firmware" in one_wire.answer
    # Two parts with no hardware bus in common still do not talk.
    spi_i2c = qa.ask("Can an MCP3008 and a BH1750 share a bus?")
    assert spi_i2c.verdict == "incompatible", spi_i2c.answer


def test_a_protection_threshold_is_not_answered_by_a_rating() -> None:
    rating = fact(
        device="L298",
        spec="junction_temperature",
        parameter="Junction Temperature",
        min=-40.0,
        max=150.0,
        unit="°C",
        section_kind="absolute_maximum",
        citation="l298#p2",
        evidence="Tj Junction Temperature -40 to 150 °C",
    )
    qa = DatasheetQA(FactStore([rating]))
    trip = qa.ask("At what junction temperature does the L298's overtemperature protection trip?")
    assert trip.status == "insufficient_evidence", trip.answer
    assert "thermal shutdown" in trip.answer
    # Asked as such, the rating still answers.
    assert "150" in qa.ask("L298 absolute maximum junction temperature?").answer


def _opamp() -> DatasheetQA:
    note = fact(
        device="LM358",
        spec="input_common_mode_range",
        parameter="Common mode voltage range",
        unit="V",
        section_kind="electrical_characteristics",
        citation="lm358#p2",
        evidence="The upper end of the common mode voltage range is VCC –1.7 V",
        extra={"max_text": "VCC - 1.7"},
    )
    return DatasheetQA(FactStore([note]))


@pytest.mark.parametrize(
    ("question", "verdict", "limit"),
    [
        (
            "LM358 on a single 5 V rail buffering a 0-3 V signal (voltage follower) - is the "
            "input common-mode range OK?",
            "compatible",
            "3.3",
        ),
        (
            "LM358 powered from 3.3 V only, as a unity-gain buffer for a 0-2 V sensor signal. "
            "Does the input common-mode range cover it?",
            "incompatible",
            "1.6",
        ),
    ],
)
def test_a_signal_is_checked_against_a_range_relative_to_the_stated_supply(
    question: str, verdict: str, limit: str
) -> None:
    a = _opamp().ask(question)
    assert a.verdict == verdict, a.answer
    # The limit is computed at the stated supply and shown with its derivation.
    assert f"max {limit} V" in a.answer and a.derived
    assert not a.violations


def test_a_signal_level_is_never_checked_against_the_supply() -> None:
    vcc = fact(
        device="TB6612FNG",
        spec="supply_voltage",
        parameter="Supply voltage",
        symbol="VCC",
        min=2.7,
        typ=3.0,
        max=5.5,
        unit="V",
        section_kind="recommended_operating",
        citation="tb6612fng#p3",
        evidence="Supply voltage VCC 2.7 3 5.5 V",
    )
    vih = fact(
        device="TB6612FNG",
        spec="logic_high_threshold",
        parameter="Control input voltage",
        symbol="VIH",
        unit="V",
        section_kind="electrical_characteristics",
        citation="tb6612fng#p5",
        evidence="VIH Vcc×0.7 ― Vcc+0.2 / Control input voltage",
        extra={"min_text": "Vcc×0.7", "max_text": "Vcc+0.2"},
    )
    qa = DatasheetQA(FactStore([vcc, vih]))
    a = qa.ask(
        "TB6612FNG with Vcc = 3.3 V: can a 5 V Arduino Uno drive AIN1/AIN2/PWMA/STBY directly?"
    )
    assert a.verdict == "incompatible", a.answer
    # (the Arduino's lines are read as a level on the inputs, as a line pulled up to it is)
    assert "TB6612FNG VIH 2.31 to 3.5 V — not a valid high for it" in a.answer
    assert "5 V is within 2.7 to 5.5 V" not in a.answer  # the 5 V is a level, not a supply
    # Two supplies asked about are no signal on the input.
    b = qa.ask("TB6612FNG VIH at Vcc = 5 V and at 3.3 V?")
    assert b.verdict is None and "is within the logic" not in b.answer, b.answer
    assert parse_question(
        "TB6612FNG VM straight from a 12 V battery on charge (14.4 V)?"
    ).stated_voltages == [12.0, 14.4]
    assert 3.7 in parse_question("VM straight off a single Li-ion cell (~3.7 V)?").stated_voltages


def test_an_output_written_relative_to_vlogic_uses_the_stated_vlogic() -> None:
    # The shipped facts: MPU-6050 VOH is "0.9*VLOGIC", the ESP32 VIH 0.75 × VDD.
    qa = DatasheetQA()
    q = "MPU-6050 with VDD = 3.3 V{}, INT into an ESP32-WROOM-32 GPIO (3.3 V): a valid high?"
    tied, low = qa.ask(q.format("")), qa.ask(q.format(" and VLOGIC = 1.8 V"))
    assert tied.verdict == "compatible", tied.answer  # 0.9 × 3.3 = 2.97 V
    assert low.verdict == "incompatible" and "1.62" in low.answer, low.answer


def test_a_row_of_another_quantity_does_not_answer(qa: DatasheetQA) -> None:
    # The store holds the TB6612FNG VM range and nothing about its on-resistance.
    a = qa.ask("TB6612FNG output ON resistance when VM is only 3 V?")
    assert a.status == "insufficient_evidence" and "resistance" in a.answer, a.answer
    assert not a.items and "13.5" not in a.answer
    assert qa.ask("MQ-2 heater resistance?").status == "answered"


@pytest.mark.parametrize("pm", ["±", "+/-", "+-"])
def test_a_stated_pga_range_is_read_however_plus_minus_is_typed(pm: str) -> None:
    from search.datasheets._compat import settings_in

    assert ("fsr", 4.096) in settings_in(f" single-ended input with the PGA at {pm}4.096 V")


def test_an_extreme_attenuation_said_in_words_is_that_setting() -> None:
    import math

    from search.datasheets._compat import settings_in

    assert settings_in("ESP32 ADC pin (max attenuation)") == (("atten", math.inf),)
    assert settings_in("into the ADC with no attenuation") == (("atten", 0.0),)
    assert settings_in("ADC at atten = 2, max attenuation") == (("atten", 2.0),)
    # the highest setting the datasheet prints is the one checked (Atten = 3: 150-2450 mV)
    a = DatasheetQA().ask("XGZP6847A 5V version output into an ESP32 ADC pin (max attenuation)?")
    assert a.verdict == "incompatible" and "2.45 V" in a.answer, a.answer


def test_a_bus_clock_question_that_asks_about_addresses_checks_both() -> None:
    a = DatasheetQA().ask(
        "BH1750 with ADDR pulled high and a CCS811 with ADDR low on one I2C bus at 400 kHz: "
        "any address clash, and do both take 400 kHz?"
    )
    assert {c.rule for c in a.checks} == {"i2c_address", "bus_clock"}, a.answer
    # "Frequency of I²C bus supported" is the CCS811's I2C clock row.
    assert a.verdict == "compatible" and "ccs811#p7" in a.citations, a.answer


def test_one_part_on_a_named_bus_must_speak_it() -> None:
    from search.datasheets._compat import DeviceUse, check_compatibility
    from search.datasheets._retrieval import FactIndex

    index = FactIndex(_store())  # the MCP3008 speaks SPI
    spi = check_compatibility(index, [DeviceUse("MCP3008")], ["interface"], "SPI")
    i2c = check_compatibility(index, [DeviceUse("MCP3008")], ["interface"], "I2C")
    assert [c.outcome for c in spi] == ["compatible"] and "MCP3008: SPI; SPI needed" in spi[
        0
    ].detail
    assert [c.outcome for c in i2c] == ["incompatible"]


def test_a_pull_up_to_another_parts_rail_states_its_voltage() -> None:
    from search.datasheets._compat import pullup_volts

    assert pullup_volts("DQ pulled up to the ESP32's 3.3 V rail (4.7k)") == 3.3
    assert pullup_volts("SDA pulled up to 5 V") == 5.0


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        # A list of conditions up to "range", with a quantity on a pin and on a load.
        (
            "LM7815: output voltage min/max over the full 5 mA-1 A load, 17.5-30 V input and "
            "temperature range?",
            [("output_voltage",)],
        ),
        # A rail bounded on both sides, and a pin bounded on both sides.
        ("AMS1117-5.0 output voltage limits, 6.5 V <= VIN <= 12 V?", [("output_voltage",)]),
        ("LMP91200 input bias current limit (powered, 0 < INP < 3.3 V)?", [("input_current",)]),
        # Input ripple that a regulator rejects is its rejection ratio.
        (
            "Which rejects 120 Hz input ripple better, an LM7805 or an AMS1117?",
            [("ripple_rejection",)],
        ),
        # With a rail named, "what voltage range" asks that rail's.
        (
            "L298N logic supply pin (VSS) - what voltage range is it specified for?",
            [("logic_supply_voltage",)],
        ),
        # Input impedances are asked by their kind, not as an input range.
        (
            "ADS1115 at ±2.048 V: differential input impedance and common-mode input impedance?",
            [("differential_input_impedance",), ("common_mode_input_impedance",)],
        ),
        # An ADC's effective range is the input span its accuracy holds over.
        (
            "ESP32 ADC: effective range and total error at atten = 0?",
            [("input_voltage_range",), ("accuracy",)],
        ),
        # A monitored rail stays what is asked about.
        ("Can an INA219 sit on a 24 V rail?", [("input_voltage_range", "supply_voltage")]),
    ],
)
def test_stated_conditions_are_not_asked(question: str, asked: list[tuple[str, ...]]) -> None:
    assert parse_question(question).specs == asked


def test_a_row_at_another_stated_setting_does_not_answer() -> None:
    qa = DatasheetQA()
    # The HX711 prints input noise for gain 128 only, at both data rates.
    both = qa.ask("HX711 channel A, gain 128: input noise at 10 SPS compared with 80 SPS?")
    assert both.status == "answered" and "50" in both.answer and "90" in both.answer
    other = qa.ask("HX711 input noise at gain 64, 10 SPS?")
    # (where the figure is printed is said, with the row cited, but no figure of it given)
    assert other.status == "insufficient_evidence", other.answer
    assert all(i.value is i.min is i.typ is i.max is None for i in other.items)


def test_the_tolerance_of_a_figure_asked_is_its_printed_band(qa: DatasheetQA) -> None:
    for q in (
        "MQ-2 heater resistance at room temp, nominal and tolerance?",
        "MQ-2 heater resistance with tolerance",
    ):
        assert [s[0] for s in parse_question(q).specs] == ["heater_resistance"], q
        a = qa.ask(q)
        assert a.status == "answered" and "30 ± 3 Ω" in a.answer, a.answer


def test_a_gas_a_sensor_reports_is_not_a_part_name() -> None:
    for q in (
        "What eCO2 output range does the CCS811 report?",
        "Can the BME280 sense NO2 or PM2.5?",
    ):
        assert parse_question(q).unknown_parts == [], q


def test_a_total_asked_is_the_row_printed_as_the_total() -> None:
    # L298 page 3 prints "TotalDrop" (no space) under the source and sink saturation rows.
    a = DatasheetQA().ask("L298 worst case total saturation drop (source + sink) at 1 A and 2 A?")
    assert {i.parameter for i in a.items} == {"Total Drop"}, a.answer
    assert {i.max for i in a.items} == {3.2, 4.9}


@pytest.mark.parametrize(
    "question",
    [
        "Will an AMS1117-3.3 handle the supply for a SIM800L GSM module?",
        "HX711 at DVDD = 5 V, PD_SCK driven from a 3.3 V ESP32 pin: will it see a high?",
    ],
)
def test_a_question_of_parts_working_together_that_evidence_cannot_settle_says_so(
    question: str,
) -> None:
    a = DatasheetQA().ask(question)
    assert (a.status, a.verdict) == ("insufficient_evidence", "insufficient_evidence"), a.answer


def test_a_row_shares_more_than_a_part_word_to_answer_an_unknown_spec() -> None:
    a = DatasheetQA().ask("What's the MTBF of the SRB-5030 board?")
    assert a.status == "insufficient_evidence" and not a.items, a.answer


def test_a_row_measured_at_another_input_voltage_does_not_answer() -> None:
    qa = DatasheetQA()
    other = qa.ask("What's the SRB-5030 output ripple at 12 V in and 3 A out?")
    # (where the figure is printed is said, with the row cited, but no figure of it given)
    assert other.status == "insufficient_evidence", other.answer
    assert all(i.value is i.min is i.typ is i.max is None for i in other.items)
    assert "24.0 V in" in " ".join(other.reasons)
    assert qa.ask("SRB-5030 output ripple at 24 V in, 3 A?").status == "answered"


def test_a_regulators_output_tolerance_is_its_output_band() -> None:
    p = parse_question(
        "LM7805 output tolerance over the whole range (5mA-1A, 7-20V in), min and max?"
    )
    assert p.specs == [("output_voltage",)] and p.unknown_parts == []


def test_an_ordering_code_with_its_supply_code_names_the_part() -> None:
    p = parse_question("XGZP6847A040KPG33 (the 3.3 V version) into an MCP3008 at VREF = 3.3 V?")
    assert [d.device for d in p.devices][:1] == ["XGZP6847A"] and p.unknown_parts == []


def test_a_numbered_adc_pin_carries_a_signal_not_a_logic_level() -> None:
    a = DatasheetQA().ask(
        "XGZP6847A 3.3 V variant (0.2-2.7 V out) into an ESP32 ADC1 pin at atten=3: full span?"
    )
    assert {c.rule for c in a.checks} == {"signal_range"}, a.answer
    assert a.verdict == "incompatible"  # 2.7 V is above the 2450 mV calibrated top


@pytest.mark.parametrize(
    ("question", "volts"),
    [
        ("XGZP6847A040KPG on a 5 V supply: what output voltage should it give at 30 kPa?", 3.5),
        ("XGZP6847A100KPG33 (3.3 V supply, 0-100 kPa): what output voltage at 50 kPa?", 1.45),
        ("XGZP6847A100KPGN on 5 V, line at -60 kPa: expected output voltage?", 2.1),
        ("ACS712-05B on a 5.00 V supply, +3 A flowing: what output voltage (nominal)?", 3.055),
        # the "20A" in the part's name is its rating, not the reading
        ("ACS712ELCTR-20A on a 5.0 V supply: what output voltage at +10 A?", 3.5),
    ],
)
def test_a_sensors_output_at_a_stated_reading_is_computed(question: str, volts: float) -> None:
    a = DatasheetQA().ask(question)
    assert a.status == "answered" and a.violations == [], a.answer
    assert a.derived[-1].result == pytest.approx(volts) and a.derived[-1].unit == "V"


def test_a_reading_at_a_stated_output_and_the_sources_conversion_formula() -> None:
    a = DatasheetQA().ask("XGZP6847A100KPGN (vacuum) on 5V reads 2.5 V out. What pressure is that?")
    assert a.status == "answered" and a.violations == [], a.answer
    # read off the two ranges, and again by "Pressure=(output-4.5)/K" with K = 0.04
    assert [(d.result, d.unit) for d in a.derived[-2:]] == [(-50.0, "kPa"), (-50.0, "kPa")]
    assert "xgzp6847a#p6" in a.citations


def test_a_reading_outside_the_range_or_a_load_on_a_regulator_is_not_a_reading() -> None:
    qa = DatasheetQA()
    far = qa.ask("ACS712-05B at 5 V: output voltage at 7 A?")
    assert far.status == "insufficient_evidence" and "outside its range" in far.answer
    lm = qa.ask("LM7805 output voltage over the full 5 mA-1 A load?")
    assert lm.status == "answered" and not lm.derived, lm.answer


def test_a_wifi_mode_is_not_a_part_name() -> None:
    p = parse_question("ESP32-WROOM-32 TX power: 802.11b at 1 Mbps vs 802.11n HT20 MCS7?")
    assert p.unknown_parts == []


@pytest.mark.parametrize(
    ("question", "result", "unit"),
    [
        ("yf-s201 at 12 L/min - what pulse frequency should I see?", 90.0, "Hz"),
        ("my counter reads 60 Hz off a YF-S201 - what flow rate is that in L/min?", 8.0, "L/min"),
    ],
)
def test_a_stated_linear_transfer_is_applied_either_way(
    question: str, result: float, unit: str
) -> None:
    # "Frequency (Hz) = 7.5 * Flow rate (L/min)", a formula the YF-S201 sheet states
    store = FactStore(
        [
            fact(
                device="YF-S201",
                spec="transfer",
                parameter="Frequency per Flow rate",
                value=7.5,
                citation="yf-s201#p2",
                evidence="Frequency (Hz) = 7.5 * Flow rate (L/min)",
                extra={
                    "output": "Frequency",
                    "output_unit": "Hz",
                    "input": "Flow rate",
                    "input_unit": "L/min",
                },
            )
        ]
    )
    a = DatasheetQA(store).ask(question)
    assert a.status == "answered" and not a.violations, a.answer
    assert [(d.result, d.unit) for d in a.derived] == [(result, unit)]


@pytest.mark.parametrize(
    ("question", "figures"),
    [
        ("For a 0-40 kPa XGZP6847A, what overpressure and burst pressure?", [100.0, 120.0]),
        ("XGZP6847A001MPG (0 to 1 MPa): overpressure and burst pressure?", [1500.0, 2000.0]),
    ],
)
def test_a_multiple_of_the_rated_pressure_for_the_band_a_rating_falls_in(
    question: str, figures: list[float]
) -> None:
    a = DatasheetQA().ask(question)
    assert a.status == "answered" and not a.violations, a.answer
    assert [d.result for d in a.derived] == figures and a.citations == ["xgzp6847a#p2"]


def test_how_long_a_relay_takes_to_pull_in_is_its_operate_time() -> None:
    p = parse_question("SRD-05VDC-SL-C: how long does it take to pull in at nominal coil voltage?")
    assert p.specs[0] == ("response_time",)


def test_a_label_word_in_the_plural_meets_the_question_word() -> None:
    rows = [
        fact(
            device="TB6612FNG",
            spec=spec,
            parameter=name,
            typ=typ,
            unit="°C",
            citation="tb6612fng#p5",
            evidence=f"{name} {typ:g} °C",
        )
        for spec, name, typ in (
            ("thermal_shutdown", "Thermal shutdown circuit operating temperature", 175.0),
            ("thermal_shutdown_hysteresis", "Thermal shutdown hysteresis", 20.0),
        )
    ]
    answer = DatasheetQA(FactStore(rows)).ask("tb6612fng thermal shutdown hysteresis?")
    assert "20 °C" in answer.answer and "175" not in answer.answer, answer.answer


def test_a_load_that_draws_a_current_and_a_rail_stated_by_name() -> None:
    assert parse_question("TB6612FNG with a motor that draws 0.8 A. ok?").specs == [
        ("output_current",)
    ]
    rows = [
        fact(
            device="TB6612FNG",
            spec="output_current",
            parameter="Output current (H-SW)",
            max=limit,
            unit="A",
            condition=cond,
            citation="tb6612fng#p3",
            evidence=f"Output current (H-SW) {cond} {limit:g} A",
        )
        for cond, limit in (("VM ≥ 4.5 V", 1.0), ("4.5 V > VM ≥ 2.5 V", 0.4))
    ]
    # VCC = 3.3 V is another rail: the row for VM = 6 V is the one that holds
    a = DatasheetQA(FactStore(rows)).ask(
        "TB6612FNG, motor that draws 0.8 A, VM = 6 V and VCC = 3.3 V. ok?"
    )
    assert a.verdict == "compatible" and "0.4" not in a.answer, a.answer


@pytest.mark.parametrize(
    "question",
    [
        "L298 in Multiwatt15: junction-to-case thermal resistance?",
        "L298P (PowerSO20) junction-to-ambient thermal resistance?",
    ],
)
def test_a_package_name_is_not_a_part(question: str) -> None:
    assert parse_question(question).unknown_parts == []


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("How low can I take VREF on an MCP3008?", True),
        ("MCP3008 VREF range?", True),
        ("MCP3008 at VDD = VREF = 5 V: max SPI clock?", False),
        ("ESP32-WROOM-32 ADC after eFuse Vref calibration: effective range?", False),
        ("input impedance of the LMP91200 VREF pin?", False),
    ],
)
def test_a_reference_voltage_asked_or_only_named(question: str, asked: bool) -> None:
    assert (("reference_voltage",) in parse_question(question).specs) is asked


@pytest.mark.parametrize(
    ("question", "first", "gain_asked"),
    [
        (
            "HX711 at 10 SPS: how long after power-up or a channel/gain change is the data valid?",
            ("start_up_time", "power_on_time", "output_settling_time"),
            False,
        ),
        (
            "HX711 at RATE=0: how long does the output take to settle after a gain change?",
            ("output_settling_time", "settling_time"),
            False,
        ),
        ("HX711 channel A gain options?", ("gain",), True),
    ],
)
def test_settling_after_power_up_and_a_gain_changed_not_asked(
    question: str, first: tuple[str, ...], gain_asked: bool
) -> None:
    specs = parse_question(question).specs
    assert specs[0] == first and ((("gain",) in specs) is gain_asked)


def test_a_logic_supply_current_with_typ_and_max_asked() -> None:
    p = parse_question("TB6612FNG logic supply current (Icc) at Vcc = 5.5 V - typ and max?")
    assert p.specs == [("supply_current",)] and p.bound is None


@pytest.mark.parametrize(
    ("question", "interface"),
    [
        ("DS18B20 1-wire reset: minimum reset-low time?", False),
        ("How long does the DS18B20 hold the bus low for its presence pulse?", False),
        ("Which bus does the DS18B20 use?", True),
        ("Does the BME280 speak SPI?", True),
    ],
)
def test_a_bus_named_as_a_setting_is_no_interface_question(question: str, interface: bool) -> None:
    assert (("interface",) in parse_question(question).specs) is interface


def test_how_high_the_output_swings_is_its_high_level() -> None:
    assert parse_question("How high does the LM358 output swing at VCC = 5 V?").specs == [
        ("output_voltage_high",)
    ]
    assert parse_question("How low does the LM358 output swing?").specs == [("output_voltage_low",)]


def test_power_on_time_is_no_on_time() -> None:
    power_on = parse_question("ACS712 power-on time?").specs[0]
    assert power_on[:2] == ("start_up_time", "power_on_time")
    assert parse_question("HC-SR501 on time after a trigger?").specs[0][0] == "delay_time"


def _rows(*rows: dict[str, object]) -> DatasheetQA:
    """Facts as printed rows: the evidence is the label and its figures."""
    base = {"section_kind": "electrical_characteristics", "citation": "x#p1", "doc": "x"}
    return DatasheetQA(
        FactStore(
            [
                fact(
                    **{**base, **r},
                    evidence=" ".join(
                        str(r[k])
                        for k in ("parameter", "min", "typ", "max", "value", "unit")
                        if k in r
                    ),
                )
                for r in rows
            ]
        )
    )


def test_a_quantity_alone_names_a_row_only_with_the_rest_of_its_label() -> None:
    qa = _rows(
        {"device": "HC-SR501", "spec": "quiescent_current", "parameter": "Quiescent Current",
         "max": 50.0, "unit": "uA"},
        {"device": "SRD-05VDC-SL-C", "spec": "coil_current", "parameter": "Coil current",
         "typ": 71.4, "unit": "mA"},
    )  # fmt: skip
    assert qa.ask("How much current can the HC-SR501 OUT pin source?").status != "answered"
    coil = qa.ask("How much current does the SRD-05VDC-SL-C coil draw?")
    assert coil.status == "answered" and coil.items[0].typ == 71.4


def test_how_long_with_the_ramp_ends_stated_asks_the_duration_row() -> None:
    qa = _rows(
        {"device": "SRB-5030", "spec": "input_voltage_range", "parameter": "Input voltage",
         "min": 9.0, "max": 36.0, "unit": "V"},
        {"device": "SRB-5030", "spec": "soft_start_time", "parameter": "Soft-start time",
         "typ": 4.0, "unit": "ms", "condition": "0 V to 5.000 V, no load"},
    )  # fmt: skip
    a = qa.ask("How long does the SRB-5030 output take to ramp from 0 to 5 V at start-up?")
    assert (a.status, a.verdict, a.items[0].spec) == ("answered", None, "soft_start_time")


def test_rows_that_differ_by_condition_are_listed_for_a_named_rating() -> None:
    # "SRD-05VDC" names the 5 V coil rating; dielectric strength is printed once per pair of
    # terminals, which is no figure per unnamed variant.
    qa = _rows(
        {"device": "SRD-05VDC-SL-C", "spec": "initial_dielectric_strength",
         "parameter": "Initial dielectric strength", "value": 750.0, "unit": "V",
         "condition": "Between open contacts"},
        {"device": "SRD-05VDC-SL-C", "spec": "initial_dielectric_strength",
         "parameter": "Initial dielectric strength", "value": 1500.0, "unit": "V",
         "condition": "Between coil and contact"},
    )  # fmt: skip
    a = qa.ask("SRD-05VDC-SL-C initial dielectric strength?")
    assert a.status == "answered" and {i.value for i in a.items} == {750.0, 1500.0}


@pytest.mark.parametrize(
    ("question", "hours"),
    [
        ("MQ-2 sat unpowered on a shelf for about 4 months: how long to burn them in?", 72.0),
        ("Our MQ-2 was stored for a year. How long should I age it before use?", 168.0),
        ("MQ-2 kept in a drawer for two weeks, how long to age it?", 48.0),
    ],
)
def test_a_row_per_duration_band_answers_for_the_stated_duration(
    question: str, hours: float
) -> None:
    bands = ("Less than 1 month", 48.0), ("1 ~ 6 months", 72.0), ("More than 6 months", 168.0)
    qa = _rows(
        *(
            {"device": "MQ-2", "spec": "aging_time", "parameter": "Suggested aging time",
             "min": h, "unit": "hours", "condition": f"Storage Time = {band}"}
            for band, h in bands
        ),
        {"device": "MQ-2", "spec": "warm_up_time", "parameter": "Preheat time", "min": 48.0,
         "unit": "hours"},
    )  # fmt: skip
    a = qa.ask(question)
    assert a.status == "answered" and [(i.spec, i.min) for i in a.items] == [("aging_time", hours)]


def test_settling_after_a_channel_or_gain_change_and_input_levels_named_apart() -> None:
    settle = parse_question(
        "HX711 at RATE=0: how long after switching channel or gain is data valid?"
    )
    assert settle.specs == [("output_settling_time", "settling_time")]
    levels = parse_question("L298 logic inputs: what's the max low level and the min high level?")
    assert levels.specs == [("logic_low_threshold",), ("logic_high_threshold",)]


def test_a_register_is_asked_by_its_name_and_its_address_is_no_part() -> None:
    register = fact(
        device="BME280",
        spec="register_value",
        parameter="id register value",
        value="0x60",
        section_kind="general",
        doc="bme280",
        citation="bme280#p27",
        evidence="The “id” register contains … chip_id[7:0], which is 0x60",
    )
    a = DatasheetQA(FactStore([register])).ask(
        "Which value should come back when I read the BME280 'id' register at 0xD0?"
    )
    assert a.status == "answered" and "0x60" in a.answer and a.citations == ["bme280#p27"]


def test_the_unit_asked_names_the_rows_when_no_spec_is_named() -> None:
    qa = _rows(
        {"device": "MPU-6050", "spec": "sensitivity", "parameter": "Sensitivity Scale Factor",
         "typ": 131.0, "unit": "LSB/(º/s)", "condition": "FS_SEL=0"},
        {"device": "MPU-6050", "spec": "sensitivity", "parameter": "Sensitivity", "typ": 340.0,
         "unit": "LSB/ºC", "condition": "Untrimmed"},
    )  # fmt: skip
    a = qa.ask("How many LSB per degree C does the MPU6050 temperature sensor give?")
    assert a.status == "answered" and [i.typ for i in a.items] == [340.0]
    assert qa.ask("How many LSB per volt does the MPU6050 give?").status != "answered"
    # With the spec named too, the unit still picks the rows ("per degree" of a temperature).
    for q in ("MPU6050 temp sensor sensitivity (LSB per degC)?",
              "mpu6050 on-chip temperature sensor sensitivity (LSB per degree)?"):  # fmt: skip
        assert [i.typ for i in qa.ask(q).items] == [340.0]


def test_the_junction_temperature_of_a_thermal_shutdown_is_no_second_item() -> None:
    p = parse_question("At what junction temp does the AMS1117's thermal protection shut it down?")
    assert p.specs == [("thermal_shutdown",)] and p.route == "simple"


def test_figures_that_do_not_settle_a_use_are_no_answer_to_it() -> None:
    qa = _rows(
        {"device": "YF-S201", "spec": "measurement_range", "parameter": "Flow rate range",
         "min": 1.0, "max": 30.0, "unit": "L/min"},
    )  # fmt: skip
    a = qa.ask("Can I put a YF-S201 in a diesel fuel line to meter fuel flow?")
    assert (a.status, a.verdict) == ("insufficient_evidence", "insufficient_evidence")
    assert qa.ask("YF-S201 flow range?").status == "answered"


def test_how_long_a_one_wire_part_holds_the_line_low_for_its_presence_pulse() -> None:
    for q in (
        "DS18B20 presence pulse: min and max time the sensor holds the bus low after my reset?",
        "How long does the DS18B20 hold the bus low for its presence pulse?",
    ):
        assert parse_question(q).specs == [("presence_detect_low",)]


def test_rows_naming_every_stated_point_answer_and_compared_points_each_get_theirs() -> None:
    rows = [
        {"device": "RFM95W", "spec": "sensitivity", "parameter": "RF sensitivity",
         "typ": -100.0 - sf - bw / 100, "unit": "dBm",
         "condition": f"SF = {sf}, {bw} kHz bandwidth"}
        for sf in (7, 12)
        for bw in (62.5, 125)
    ]  # fmt: skip
    qa = _rows(*rows)
    one = qa.ask("RFM95W LoRa sensitivity at SF12, BW 125 kHz?")
    assert [i.condition for i in one.items] == ["SF = 12, 125 kHz bandwidth"]
    both = qa.ask("RFM95W LoRa sensitivity at 125 kHz BW: SF7 vs SF12?")
    assert sorted(i.condition for i in both.items) == [
        "SF = 12, 125 kHz bandwidth",
        "SF = 7, 125 kHz bandwidth",
    ]


@pytest.mark.parametrize(
    "question",
    [
        "AMS1117 minimum load current?",
        "AMS1117: how much load current do I need at minimum to stay in regulation?",
    ],
)
def test_a_regulators_least_load_is_its_minimum_load(question: str) -> None:
    assert parse_question(question).specs == [("minimum_load",)]


def test_a_pin_named_in_capitals_is_no_other_product() -> None:
    p = parse_question(
        "ACS712 internal filter resistance (the R in the RC with the FILTER pin cap)?"
    )
    assert p.unknown_parts == [] and p.route == "simple"
    assert parse_question("Can an SRB-5030 power a Raspberry Pi 4?").unknown_parts == [
        "Raspberry Pi 4"
    ]


def test_each_stated_setting_named_by_a_row_is_answered() -> None:
    qa = _rows(
        *(
            {"device": "HX711", "spec": "full_scale_range",
             "parameter": "Full-scale differential input voltage", "min": -fs, "max": fs,
             "unit": "mV", "condition": f"Channel {ch}, gain {g}, AVDD = 5 V"}
            for ch, g, fs in (("A", 128, 20.0), ("A", 64, 40.0), ("B", 32, 80.0))
        )
    )  # fmt: skip
    a = qa.ask("hx711 full scale input for ch A gain 128, ch A gain 64 and ch B at 5V AVDD?")
    assert sorted(i.max for i in a.items) == [20.0, 40.0, 80.0]


def test_how_much_power_a_part_uses_is_its_power_consumption() -> None:
    p = parse_question("How much power does the CCS811 use in Mode 3 at VDD = 1.8 V?")
    assert p.specs[0][0] == "power_consumption"


def test_a_peak_output_current_is_the_peak_row_not_the_continuous_rating() -> None:
    qa = _rows(
        {"device": "LM7805", "spec": "output_current", "parameter": "Output Current",
         "max": 1.0, "unit": "A"},
        {"device": "LM7805", "spec": "current_limit", "parameter": "Peak Current", "typ": 2.2,
         "unit": "A", "condition": "TJ = +25°C"},
        {"device": "CCS811", "spec": "supply_current", "parameter": "Peak Supply Current",
         "max": 54.0, "unit": "mA"},
    )  # fmt: skip
    assert [i.typ for i in qa.ask("Peak output current of an LM7805 at 25 C?").items] == [2.2]
    # What a part draws at its peak is still its supply current.
    assert [i.max for i in qa.ask("CCS811 peak current?").items] == [54.0]


def test_current_a_part_pulls_is_its_supply_current_and_a_yes_no_question_gets_a_verdict() -> None:
    assert parse_question("max current the YF-S201 pulls at 5V?").specs[0] == ("supply_current",)
    # "the current I can pull" from a supply is its output, not its draw.
    assert ("supply_current",) not in parse_question("SRB-5030: max current I can pull?").specs
    a = _rows({"device": "RFM95W", "spec": "supply_voltage", "parameter": "Supply voltage",
               "min": 1.8, "max": 3.7, "unit": "V"})  # fmt: skip
    answer = a.ask("RFM95W DIO0 pin lighting a 10 mA LED directly - within spec?")
    assert (answer.status, answer.verdict) == ("insufficient_evidence", "insufficient_evidence")


def test_a_mechanical_rating_printed_with_the_absolute_maximums_answers_a_lookup() -> None:
    qa = _rows(
        {"device": "SRB-5030", "spec": "terminal_torque", "parameter": "Terminal torque, J1 and J2",
         "max": 0.25, "unit": "N m", "section_kind": "absolute_maximum"},
        {"device": "SRB-5030", "spec": "input_voltage_range", "parameter": "Input voltage",
         "min": -0.3, "max": 40.0, "unit": "V", "section_kind": "absolute_maximum"},
    )  # fmt: skip
    a = qa.ask("Tightening torque for the SRB-5030 screw terminals?")
    assert a.status == "answered" and [i.max for i in a.items] == [0.25]
    # An electrical rating is still no operating limit.
    assert qa.ask("SRB-5030 operating input voltage range?").status != "answered"


def test_each_compared_condition_gets_its_row_written_out_or_left_implicit() -> None:
    qa = _rows(
        {"device": "TB6612FNG", "spec": "output_current", "parameter": "Output current (H-SW)",
         "max": 1.0, "unit": "A", "condition": "VM ≥ 4.5 V"},
        {"device": "TB6612FNG", "spec": "output_current", "parameter": "Output current (H-SW)",
         "max": 0.4, "unit": "A", "condition": "4.5 V > VM ≥ 2.5 V, Without PWM Operation"},
        {"device": "LMP91200", "spec": "input_bias_current", "parameter": "Input bias current",
         "max": 125.0, "unit": "fA", "condition": "0 V < INP < 3.3 V"},
        {"device": "LMP91200", "spec": "input_bias_current", "parameter": "Input bias current",
         "max": 445.0, "unit": "fA", "condition": "0 V < INP < 3.3 V, 85°C"},
        {"device": "LMP91200", "spec": "input_bias_current", "parameter": "Input bias current",
         "max": 1.5, "unit": "pA", "condition": "0 V < INP < 3.3 V, 125°C"},
    )  # fmt: skip
    a = qa.ask("TB6612FNG: max output current with VM >= 4.5 V vs with VM between 2.5 and 4.5 V?")
    assert sorted(i.max for i in a.items) == [0.4, 1.0]
    # "at 25 °C" is the row printed without a temperature beside the 85 °C one.
    b = qa.ask("LMP91200 input bias current max at 25 °C and at 85 °C (0 < INP < 3.3 V)?")
    assert sorted(i.max for i in b.items) == [125.0, 445.0]


def test_a_span_between_two_figures_is_one_side() -> None:
    qa = _rows(
        {"device": "BME280", "spec": "accuracy", "parameter": "Absolute accuracy pressure",
         "min": -1.0, "max": 1.0, "unit": "hPa", "condition": "300... 1100 hPa, 0...65 °C"},
        {"device": "BME280", "spec": "accuracy", "parameter": "Absolute accuracy pressure",
         "min": -1.7, "max": 1.7, "unit": "hPa", "condition": "300..1100 hPa, -20...0 °C"},
    )  # fmt: skip
    a = qa.ask("BME280 absolute pressure accuracy between 0 and 65 °C, and between -20 and 0 °C?")
    assert sorted(i.max for i in a.items) == [1.0, 1.7]


def test_how_long_until_a_part_takes_bus_commands_is_a_duration_row_not_the_interface() -> None:
    ready = "Time between power on and the device being ready for new I²C commands"
    qa = _rows(
        {"device": "CCS811", "spec": "interface", "parameter": "Interface", "value": "I2C"},
        {"device": "CCS811", "spec": "time_between_power_on_and", "parameter": ready,
         "typ": 18.0, "max": 20.0, "unit": "ms", "section_kind": "timing"},
    )  # fmt: skip
    for q in ("After powering up a CCS811, how long before I can send it I2C commands?",
              "ccs811 - max time from power-on until it accepts I2C commands?"):  # fmt: skip
        assert [i.max for i in qa.ask(q).items] == [20.0]


@pytest.mark.parametrize(
    "question",
    [
        "What's the pressure drop across a YF-S201 at 30 L/min?",
        "Is the YF-S201 flow sensor IP rated (IP65/IP67 etc)?",
        "Minimum input-high voltage on the DHT22 data pin?",
        "How much current does the ESP32-WROOM-32 pull during a Wi-Fi transmit burst?",
    ],
)
def test_a_figure_no_document_states_is_not_answered_by_a_neighbouring_row(question: str) -> None:
    qa = _rows(
        {"device": "YF-S201", "spec": "maximum_water_pressure",
         "parameter": "Maximum water pressure", "max": 2.0, "unit": "MPa"},
        {"device": "YF-S201", "spec": "measurement_range", "parameter": "Working Flow Rate",
         "min": 1.0, "max": 30.0, "unit": "L/min"},
        {"device": "DHT22", "spec": "supply_voltage", "parameter": "Power supply",
         "min": 3.3, "max": 5.5, "unit": "V"},
        {"device": "ESP32-WROOM-32", "spec": "supply_current",
         "parameter": "Current delivered by external power supply", "min": 0.5, "unit": "A"},
    )  # fmt: skip
    assert qa.ask(question).status == "insufficient_evidence"


def test_how_many_times_asks_a_count_and_how_fast_a_relay_operates_its_operate_time() -> None:
    qa = _rows(
        {"device": "DS18B20", "spec": "nv_write_cycle_time", "parameter": "NV Write Cycle Time",
         "typ": 2.0, "max": 10.0, "unit": "ms"},
        {"device": "DS18B20", "spec": "eeprom_writes", "parameter": "EEPROM Writes",
         "min": 50.0, "unit": "k"},
    )  # fmt: skip
    a = qa.ask("How many times can I rewrite the DS18B20's EEPROM?")
    assert [i.spec for i in a.items] == ["eeprom_writes"]
    assert parse_question("How fast does the SRD relay operate?").specs[0] == ("response_time",)


def test_past_the_last_ambient_a_limit_is_derated_to_no_figure_holds() -> None:
    said = "derate the output current linearly from 3.0 A at 70 degC to 1.5 A at 85 degC"
    qa = DatasheetQA(
        FactStore(
            [
                fact(device="SRB-5030", spec="output_current", doc="x", citation="x#3",
                     parameter="Output current, derated", max=amps, unit="A",
                     condition=f"ambient {ta} degC", section_kind="recommended_operating",
                     applies_to={"ambient_c": float(ta)}, evidence=said,
                     extra={"derating": True})
                for amps, ta in ((3.0, 70), (1.5, 85))
            ]
        )
    )  # fmt: skip
    within = qa.ask("SRB-5030 at 75 degC ambient: max output current?")
    assert within.status == "answered" and 2.5 in [i.max for i in within.items]
    past = qa.ask("Could an SRB-5030 deliver 1 A output current at 90 degC ambient?")
    assert (past.status, past.verdict) == ("insufficient_evidence", "insufficient_evidence")
    assert "only up to 85 °C" in past.answer


def test_the_current_while_measuring_is_the_supply_current_unless_a_quantity_is_named() -> None:
    p = parse_question("DHT22 power budget: max current while measuring and max standby current?")
    assert p.specs == [("supply_current",), ("sleep_current",)]
    q = parse_question("BME280: current while measuring pressure versus while measuring humidity?")
    assert ("supply_current",) not in q.specs


def test_rows_whose_supply_condition_excludes_the_stated_supply_do_not_answer() -> None:
    qa = _rows(
        {"device": "BH1750", "spec": "logic_high_threshold", "parameter": "Input 'H' Voltage 1",
         "value": "0.7 * DVI", "unit": "V", "condition": "DVI ≧ 1.8V",
         "extra": {"min_text": "0.7 * DVI"}},
    )  # fmt: skip
    assert qa.ask("BH1750 with DVI at 1.7 V - min SDA input-high voltage?").status != "answered"
    assert qa.ask("BH1750 with DVI at 3.3 V - min SDA input-high voltage?").status == "answered"


def test_a_named_package_is_no_question_of_its_own_and_a_rating_before_a_name_is_its_rating() -> (
    None
):
    assert parse_question(
        "ADS1115 VSSOP package junction-to-ambient thermal resistance?"
    ).specs == [("thermal_resistance",)]
    assert parse_question("Which package does the INA219 come in?").specs == [("package",)]


def test_a_load_a_part_feeds_is_never_checked_against_the_parts_own_draw() -> None:
    qa = _rows(
        {"device": "HX711", "spec": "supply_current", "parameter": "Supply current",
         "max": 1.5, "unit": "mA", "condition": "normal operation"},
    )  # fmt: skip
    feeds = qa.ask(
        "HX711 regulator feeding four load cells (~50 mA excitation): can it handle that?"
    )
    assert feeds.verdict != "incompatible"
    draws = qa.ask("Is 50 mA ok for the HX711 supply current?")
    assert draws.verdict == "incompatible"


def test_a_yes_no_question_stating_a_figure_no_row_limits_is_not_settled_by_other_rows() -> None:
    a = DatasheetQA().ask(
        "Can an LM358 on 5V drive a 100 nF capacitive load directly and stay stable?"
    )
    assert (a.status, a.verdict) == ("insufficient_evidence", "insufficient_evidence")


def test_a_row_for_a_pin_tied_one_way_does_not_answer_the_other_way() -> None:
    qa = _rows(
        {
            "device": "HX711",
            "spec": "settling_time",
            "parameter": "Output settling time",
            "typ": 400.0,
            "unit": "ms",
            "condition": "RATE = 0",
        },
        {
            "device": "HX711",
            "spec": "settling_time",
            "parameter": "Output settling time",
            "typ": 50.0,
            "unit": "ms",
            "condition": "RATE = DVDD",
        },
    )
    low = qa.ask("HX711 with RATE low: output settling time?")
    assert [i.typ for i in low.items] == [400.0]
    high = qa.ask("HX711 output settling time with the RATE pin tied high?")
    assert [i.typ for i in high.items] == [50.0]
    both = qa.ask("HX711 output settling time?")
    assert sorted(i.typ for i in both.items if i.typ) == [50.0, 400.0]


def test_a_question_naming_both_pin_levels_keeps_both_rows() -> None:
    qa = _rows(
        {
            "device": "MPU-6050",
            "spec": "i2c_address",
            "parameter": "I2C address",
            "value": "0x68",
            "condition": "AD0 = 0",
        },
        {
            "device": "MPU-6050",
            "spec": "i2c_address",
            "parameter": "I2C address",
            "value": "0x69",
            "condition": "AD0 = 1",
        },
    )
    answer = qa.ask("What I2C address does the MPU6050 use (AD0 low / high)?")
    assert sorted(i.value for i in answer.items) == ["0x68", "0x69"]


def test_stated_points_each_answered_when_a_sibling_variant_repeats_the_rows() -> None:
    rows = [
        {
            "device": "LM7805",
            "variant": v,
            "spec": "output_voltage",
            "parameter": "Output Voltage",
            "min": lo,
            "typ": 12.0,
            "max": hi,
            "unit": "V",
            "condition": cond,
        }
        for v in ("LM7812", "LM7812A")
        for lo, hi, cond in ((11.5, 12.5, "TJ = +25°C"), (11.4, 12.6, "IO = 5 mA to 1 A"))
    ]
    answer = _rows(*rows).ask("LM7812 output voltage at TJ = 25 °C, and over IO = 5 mA to 1 A?")
    assert {(i.min, i.max) for i in answer.items} == {(11.5, 12.5), (11.4, 12.6)}


def test_current_symbols_ask_the_supply_current_and_a_ruled_out_mode_is_not_asked() -> None:
    qa = _rows(
        {
            "device": "INA219",
            "spec": "supply_voltage",
            "parameter": "Supply voltage",
            "min": 3.0,
            "max": 5.5,
            "unit": "V",
        },
        {
            "device": "INA219",
            "spec": "supply_current",
            "parameter": "Quiescent current",
            "typ": 0.7,
            "max": 1.0,
            "unit": "mA",
        },
        {
            "device": "INA219",
            "spec": "sleep_current",
            "parameter": "Quiescent current, power-down mode",
            "typ": 6.0,
            "max": 15.0,
            "unit": "µA",
        },
    )
    icc = qa.ask("INA219 Icc max at 5V?")
    assert [i.spec for i in icc.items] == ["supply_current"], icc.answer
    active = qa.ask("INA219 Iq max in milliamps (active mode, not power-down)?")
    assert [i.max for i in active.items] == [1.0], active.answer
    asleep = qa.ask("INA219 IDD in power-down mode?")
    assert [i.max for i in asleep.items] == [15.0], asleep.answer


def test_a_supply_given_as_a_round_figure_picks_the_row_for_it() -> None:
    qa = _rows(
        {
            "device": "TB6612FNG",
            "spec": "output_current",
            "parameter": "Output current (H-SW)",
            "max": 1.0,
            "unit": "A",
            "condition": "VM ≥ 4.5 V",
            "section_kind": "recommended_operating",
        },
        {
            "device": "TB6612FNG",
            "spec": "output_current",
            "parameter": "Output current (H-SW)",
            "max": 0.4,
            "unit": "A",
            "condition": "4.5 V > VM ≥ 2.5 V",
            "section_kind": "recommended_operating",
        },
    )
    answer = qa.ask(
        "TB6612FNG running off a single Li cell, call it 3.3 V - output current allowed?"
    )
    assert [i.max for i in answer.items] == [0.4], answer.answer


def test_a_lifetime_beside_the_ratings_answers_but_only_for_its_mode() -> None:
    qa = _rows(
        {
            "device": "CCS811",
            "spec": "lifetime",
            "parameter": "Product Lifetime",
            "min": 5.0,
            "unit": "Years",
            "condition": "In mode 1",
            "section_kind": "absolute_maximum",
        },
    )
    assert qa.ask("Expected product lifetime of a CCS811 in mode 1?").items[0].min == 5.0
    other = qa.ask("How long does a CCS811 last in mode 3?")
    assert other.status == "insufficient_evidence", other.answer


def test_a_row_for_several_modes_answers_each_of_them() -> None:
    qa = _rows(
        {
            "device": "CCS811",
            "spec": "power_consumption",
            "parameter": "Power Consumption",
            "typ": 46.0,
            "unit": "mW",
            "condition": "Mode 1 & 4 at VDD= 1.8V",
        },
        {
            "device": "CCS811",
            "spec": "power_consumption",
            "parameter": "Power Consumption",
            "typ": 7.0,
            "unit": "mW",
            "condition": "Mode 2 at VDD= 1.8V",
        },
    )
    assert [i.typ for i in qa.ask("CCS811 power consumption in mode 4?").items] == [46.0]
    assert [i.typ for i in qa.ask("CCS811 power consumption in mode 2?").items] == [7.0]


def test_a_sentence_carrying_a_term_the_rows_lack_joins_the_answer() -> None:
    sentence = (
        "When PD_SCK pin changes from low to high and stays at high for longer than 60µs, "
        "HX711 enters power down mode."
    )
    qa = _rows(
        {
            "device": "HX711",
            "spec": "pd_sck_high_time",
            "parameter": "PD_SCK high time",
            "min": 0.2,
            "typ": 1.0,
            "max": 50.0,
            "unit": "µs",
            "section_kind": "timing",
        },
        {
            "device": "HX711",
            "spec": "statement",
            "parameter": sentence,
            "min": 60.0,
            "unit": "µs",
            "section_kind": "general",
        },
    )
    # asked with the row's own question, the sentence joins the row...
    both = qa.ask("HX711: max PD_SCK high time, and how long high puts it into power-down?")
    assert [(i.max, i.min) for i in both.items] == [(50.0, None), (None, 60.0)], both.answer
    # ...asked alone, the sentence answers: its 60 µs is outside the row's band, so the row is
    # of another condition
    held = qa.ask("How long do I have to hold PD_SCK high to put the HX711 into power-down?")
    assert [i.min for i in held.items] == [60.0], held.answer
    plain = qa.ask("HX711 PD_SCK high time, min and max?")
    assert [i.min for i in plain.items] == [0.2], plain.answer  # the rows say it all


def test_a_part_ruled_out_in_the_question_is_not_answered() -> None:
    qa = _rows(
        {
            "device": "LM358",
            "variant": "LM258",
            "spec": "input_offset_voltage",
            "parameter": "Input Offset Voltage",
            "max": 5.0,
            "unit": "mV",
            "condition": "TA = 25°C",
        },
        {
            "device": "LM358",
            "variant": "LM358",
            "spec": "input_offset_voltage",
            "parameter": "Input Offset Voltage",
            "max": 7.0,
            "unit": "mV",
            "condition": "TA = 25°C",
        },
    )
    answer = qa.ask("LM358 (not LM258) maximum input offset voltage at 25 °C?")
    assert [i.max for i in answer.items] == [7.0], answer.answer


def test_a_peak_figure_asked_is_the_row_printed_for_the_peak() -> None:
    qa = _rows(
        {
            "device": "TB6612FNG",
            "spec": "output_current",
            "parameter": "Output current (H-SW)",
            "max": 1.0,
            "unit": "A",
            "condition": "VM ≥ 4.5 V",
            "section_kind": "recommended_operating",
        },
        {
            "device": "TB6612FNG",
            "spec": "output_current",
            "parameter": "Output current",
            "value": 3.2,
            "unit": "A",
            "condition": "peak",
        },
    )
    answer = qa.ask("TB6612FNG peak output current for a single 10 ms pulse?")
    assert [i.value for i in answer.items] == [3.2], answer.answer


def test_how_long_a_cable_is_no_long_term_row_and_distance_asks_metres() -> None:
    qa = _rows(
        {
            "device": "DHT22",
            "spec": "drift",
            "parameter": "Long-term Stability",
            "value": 0.5,
            "unit": "%RH/year",
        },
        {"device": "HC-SR501", "spec": "supply_voltage", "min": 4.5, "max": 20.0, "unit": "V"},
        {
            "device": "HC-SR501",
            "spec": "statement",
            "min": 3.0,
            "max": 7.0,
            "unit": "meters",
            "parameter": "The potentiometer clockwise to adjust the distance, sensing range "
            "increases (about 7 meters), on the contrary, sensing range decreases "
            "(about 3 meters).",
        },
    )
    cable = qa.ask("How long a cable can I run to a DHT22?")
    assert cable.status == "insufficient_evidence", cable.answer
    far = qa.ask("how far away can an HC-SR501 pick up a person? (sensing distance, pot setting)")
    assert (far.items[0].min, far.items[0].max) == (3.0, 7.0), far.answer


def test_a_sweep_printed_at_some_currents_does_not_answer_another_current() -> None:
    rows = [
        {
            "device": "SRB-5030",
            "spec": "efficiency",
            "parameter": "Efficiency",
            "typ": t,
            "unit": "%",
            "condition": f"VIN = 12.0 V, IOUT = {a} A",
        }
        for a, t in (("2.0", 95.5), ("3.0", 94.6))
    ]
    qa = _rows(*rows)
    between = qa.ask("SRB-5030 efficiency at 12 V in and 2.5 A out?")
    assert between.status == "insufficient_evidence", between.answer
    assert [i.typ for i in qa.ask("SRB-5030 efficiency at 12 V in and 3 A out?").items] == [94.6]


def test_a_gyroscope_row_answers_no_accelerometer_question() -> None:
    qa = _rows(
        {
            "device": "MPU-6050",
            "spec": "noise",
            "parameter": "Rate Noise Spectral Density",
            "typ": 0.005,
            "unit": "º/s/√Hz",
            "condition": "At 10Hz",
        },
    )
    accel = qa.ask("MPU-6050 accelerometer noise density?")
    assert accel.status == "insufficient_evidence", accel.answer
    assert qa.ask("MPU-6050 gyroscope noise density?").items[0].typ == 0.005


def test_each_side_of_a_comparison_after_a_colon_meets_its_own_mode_row() -> None:
    rows = [
        {
            "device": "MPU-6050",
            "spec": "supply_current",
            "parameter": p,
            "typ": t,
            "unit": u,
            "condition": c,
        }
        for p, t, u, c in (
            ("Full-Chip Idle Mode Supply Current", 5.0, "µA", None),
            ("Normal Operating Current", 3.9, "mA", "Gyroscope + Accelerometer + DMP"),
            (
                "Normal Operating Current",
                3.6,
                "mA",
                "Gyroscope only (DMP & Accelerometer disabled)",
            ),
            (
                "Normal Operating Current",
                500.0,
                "µA",
                "Accelerometer only (DMP & Gyroscope disabled)",
            ),
        )
    ]
    answer = _rows(*rows).ask("mpu-6050 supply current: gyro only vs accel only?")
    assert {3.6, 500.0} <= {i.typ for i in answer.items}, answer.answer
    assert 3.9 not in {i.typ for i in answer.items}


def test_a_part_of_one_board_revision_does_not_answer_another() -> None:
    qa = _rows(
        {
            "device": "SRB-5030",
            "spec": "voltage_rating",
            "value": 50.0,
            "unit": "V",
            "parameter": "input capacitor C1, C2 (OPS-3105) voltage rating",
            "condition": "revision B",
            "applies_to": {"board_revision": "B"},
        },
        {
            "device": "SRB-5030",
            "spec": "voltage_rating",
            "value": 63.0,
            "unit": "V",
            "parameter": "input capacitor C1, C2 (OPS-3106) voltage rating",
            "condition": "revision C",
            "applies_to": {"board_revision": "C"},
        },
    )
    rev_c = qa.ask("What voltage rating are the input caps on a rev C SRB-5030?")
    assert [i.value for i in rev_c.items] == [63.0], rev_c.answer
    both = qa.ask("SRB-5030 input capacitor voltage rating, revision B and revision C?")
    assert sorted(i.value for i in both.items) == [50.0, 63.0], both.answer


def test_one_figure_asked_at_one_bound_is_the_item_given() -> None:
    qa = _rows(
        {
            "device": "LM7805",
            "spec": "supply_current",
            "parameter": "Quiescent Current",
            "typ": 5.0,
            "max": 8.0,
            "unit": "mA",
            "condition": "TJ = +25°C",
        },
    )
    item = qa.ask("LM7805 quiescent current, max, at Tj=25C").items[0]
    assert (item.typ, item.max) == (None, 8.0)
    both = qa.ask("LM7805 quiescent current, typical and max?").items[0]
    assert (both.typ, both.max) == (5.0, 8.0)


def test_a_stated_point_no_row_names_does_not_widen_the_match() -> None:
    rows = [
        {
            "device": "RFM95W",
            "spec": "sensitivity",
            "parameter": "RF sensitivity",
            "typ": t,
            "unit": "dBm",
            "condition": f"SF = {sf}, 125 kHz bandwidth",
        }
        for sf, t in ((7, -123.0), (12, -136.0))
    ]
    answer = _rows(*rows).ask("RFM95W LoRa sensitivity at 868 MHz, SF12, BW 125 kHz?")
    assert [i.typ for i in answer.items] == [-136.0], answer.answer


def test_parts_compared_at_one_bound_carry_that_bound() -> None:
    rows = [
        {
            "device": "INA219",
            "variant": v,
            "spec": "input_offset_voltage",
            "parameter": "Offset voltage, RTI",
            "min": -m,
            "typ": 40.0,
            "max": m,
            "unit": "µV",
            "condition": "PGA = /8",
        }
        for v, m in (("INA219A", 200.0), ("INA219B", 100.0))
    ]
    answer = _rows(*rows).ask("INA219A vs INA219B - max offset voltage at PGA /8?")
    assert sorted(i.max for i in answer.items) == [100.0, 200.0], answer.answer
    assert all(i.typ is None for i in answer.items)


def test_a_stated_full_scale_range_is_a_setting_not_an_item() -> None:
    qa = _rows(
        {
            "device": "ADS1115",
            "spec": "gain_error",
            "parameter": "Gain error",
            "typ": 0.01,
            "max": 0.15,
            "unit": "%",
            "condition": "FSR = ±2.048 V, TA = 25°C",
        },
        {
            "device": "ADS1115",
            "spec": "full_scale_range",
            "parameter": "Full-scale range",
            "max": 6.144,
            "unit": "V",
        },
    )
    answer = qa.ask("ADS1115 gain error max, FSR +/-2.048V at 25C?")
    assert [(i.spec, i.max, i.typ) for i in answer.items] == [("gain_error", 0.15, None)]


def test_of_two_rows_of_one_label_the_one_printing_the_bound_asked_answers() -> None:
    qa = _rows(
        {
            "device": "MCP3008",
            "spec": "sleep_current",
            "parameter": "standby current",
            "typ": 5.0,
            "unit": "nA",
        },
        {
            "device": "MCP3008",
            "spec": "sleep_current",
            "parameter": "standby current",
            "max": 2.0,
            "unit": "µA",
        },
    )
    answer = qa.ask("MCP3008 standby current, max?")
    assert [(i.typ, i.max) for i in answer.items] == [(None, 2.0)], answer.answer


def test_a_full_scale_stated_in_g_is_a_setting_not_an_item() -> None:
    qa = _rows(
        {
            "device": "MPU-6050",
            "spec": "sensitivity",
            "parameter": "Sensitivity Scale Factor",
            "typ": 4096,
            "unit": "LSB/g",
            "condition": "AFS_SEL=2",
        },
        {
            "device": "MPU-6050",
            "spec": "full_scale_range",
            "parameter": "Full-Scale Range",
            "min": -8,
            "max": 8,
            "unit": "g",
            "condition": "AFS_SEL=2",
        },
    )
    answer = qa.ask("MPU6050 accel set to +/-8g full scale - sensitivity in LSB per g?")
    assert answer.status == "answered", answer.answer
    assert [(i.spec, i.typ) for i in answer.items] == [("sensitivity", 4096)]


def test_a_bus_mode_named_keeps_the_rows_of_that_mode() -> None:
    qa = _rows(
        {"device": "ADS1115", "spec": "i2c_max_clock", "parameter": "SCL clock frequency",
         "max": 0.4, "unit": "MHz", "applies_to": {"mode": "FAST MODE"}},
        {"device": "ADS1115", "spec": "i2c_max_clock", "parameter": "SCL clock frequency",
         "max": 3.4, "unit": "MHz", "applies_to": {"mode": "HIGH-SPEED MODE"}},
    )  # fmt: skip
    fast = qa.ask("ADS1115 max SCL in fast mode?")
    assert [i.max for i in fast.items] == [0.4], fast.answer
    high = qa.ask("High-speed-mode I2C: ADS1115 max SCL?")
    assert [i.max for i in high.items] == [3.4], high.answer
    assert sorted(i.max for i in qa.ask("ADS1115 max SCL clock?").items) == [0.4, 3.4]


def test_a_package_named_keeps_the_rows_of_that_package() -> None:
    qa = _rows(
        {"device": "MCP3008", "spec": "thermal_resistance",
         "parameter": "Thermal Resistance, 16L-PDIP", "typ": 70.0, "unit": "°C/W"},
        {"device": "MCP3008", "spec": "thermal_resistance",
         "parameter": "Thermal Resistance, 16L-SOIC", "typ": 90.0, "unit": "°C/W"},
    )  # fmt: skip
    for question in (
        "Thermal resistance (theta JA) of the MCP3008 in the 16-lead SOIC?",
        "MCP3008 16L-SOIC thermal resistance?",
        "MCP3008 thermal resistance, SOIC-16 package?",
    ):
        answer = qa.ask(question)
        assert [i.typ for i in answer.items] == [90.0], (question, answer.answer)
    # a package no row is printed for narrows nothing
    assert len(qa.ask("MCP3008 thermal resistance in TSSOP-16?").items) == 2


def test_load_current_is_no_no_load_row() -> None:
    qa = _rows(
        {"device": "SRB-5030", "spec": "output_current", "parameter": "Output current, derated",
         "max": 1.5, "unit": "A", "condition": "ambient 85 degC",
         "applies_to": {"ambient_c": 85.0}},
        {"device": "SRB-5030", "spec": "no_load_input_current",
         "parameter": "No-load input current", "typ": 11.2, "max": 25.0, "unit": "mA"},
        {"device": "SRB-5030", "spec": "input_current", "parameter": "Input current",
         "typ": 0.2195, "unit": "A", "condition": "VIN = 12.0 V, IOUT = 0.5 A"},
    )  # fmt: skip
    load = qa.ask("srb-5030 max load current at 85 degC ambient?")
    assert [(i.spec, i.max) for i in load.items] == [("output_current", 1.5)], load.answer
    for question in ("SRB-5030 no-load input current?", "srb5030 input current with no load?"):
        answer = qa.ask(question)
        assert [i.spec for i in answer.items] == ["no_load_input_current"], answer.answer


@pytest.mark.parametrize(
    ("question", "spec"),
    [
        ("Rev B SRB-5030 and our plant bus is 36 V nominal. Can we hook it up?", "supply_voltage"),
        ("Run an SRB-5030 off a 24 V DC bus?", "supply_voltage"),
        ("Can the BME280 share the I2C bus with the MPU-6050?", "interface"),
        ("What bus does the DS18B20 talk on?", "interface"),
    ],
)
def test_a_bus_carrying_power_is_a_rail_and_a_data_bus_an_interface(
    question: str, spec: str
) -> None:
    assert spec in parse_question(question).specs[0]


@pytest.mark.parametrize(
    ("question", "specs"),
    [
        ("What supply range does the L298's logic supply pin accept?", ["logic_supply_voltage"]),
        ("BME280 supply ranges for VDD and for VDDIO?", ["supply_voltage", "logic_supply_voltage"]),
    ],
)
def test_generic_supply_words_ask_the_logic_supply_they_name(
    question: str, specs: list[str]
) -> None:
    assert [c[0] for c in parse_question(question).specs] == specs


@pytest.mark.parametrize(
    "question",
    [
        "After a gain/channel switch, how long until the HX711 output data is settled?",
        "HX711: how long before the readings are settled after changing channel?",
    ],
)
def test_how_long_until_data_is_settled_asks_the_settling_time(question: str) -> None:
    assert [c[0] for c in parse_question(question).specs] == ["output_settling_time"]


def test_average_power_asks_the_power_consumption() -> None:
    specs = parse_question("CCS811 average power in mode 3 at VDD 1.8 V?").specs
    assert specs[0][0] == "power_consumption"


@pytest.mark.parametrize(
    ("question", "specs"),
    [
        ("BME280 on I2C, SDO to GND: the 7-bit address?", ["i2c_address"]),
        ("MPU-6050 address in hex with AD0 high?", ["i2c_address"]),
        # a stated ambient is the condition, not a second thing asked
        ("BME280 pressure accuracy when the ambient is around -10 °C?", ["accuracy"]),
    ],
)
def test_address_words_and_a_stated_ambient(question: str, specs: list[str]) -> None:
    assert [c[0] for c in parse_question(question).specs] == specs


@pytest.mark.parametrize(
    "question",
    [
        "How quickly does the BME280 humidity reading respond to a step change at 25 °C?",
        "BME280 humidity 63 % time constant?",
    ],
)
def test_how_quickly_it_responds_asks_the_response_time(question: str) -> None:
    # the stated 25 °C is a condition, not a question about the operating temperature
    assert [c[0] for c in parse_question(question).specs] == ["response_time"]


@pytest.mark.parametrize(
    "question",
    [
        "mcp3008 powered at 5V, can its DOUT go straight to an ESP32 GPIO?",
        "Could my ESP32 drive the TB6612FNG inputs?",
        "BME280 SDO straight to an ESP32 pin?",
        "TB6612FNG at Vcc = 5 V, its inputs driven directly from ESP32 GPIO - reliable?",
    ],
)
def test_wiring_one_part_to_another_is_a_compatibility_question(question: str) -> None:
    assert parse_question(question).route == "compatibility"


@pytest.mark.parametrize(
    "question", ["how much flash is on the ESP32-WROOM-32 module", "ESP32-WROOM-32 SRAM size?"]
)
def test_how_much_memory_asks_the_memory_size(question: str) -> None:
    assert [c[0] for c in parse_question(question).specs] == ["memory_size"]


def test_the_output_current_a_regulator_must_deliver_at_minimum_is_its_minimum_load() -> None:
    q = parse_question("What output current must an AMS1117-3.3 deliver at minimum to regulate?")
    assert q.specs[0] == ("minimum_load",)


def test_how_far_from_the_setting_asks_an_accuracy() -> None:
    q = parse_question(
        "TRN-2400 programmed to 3.000 A constant current: how far can the actual sink current "
        "be from the setting (1-year spec)?"
    )
    assert q.accuracy and q.reading == ("3.000", "A")
    # "how far" alone asks a distance, not an accuracy
    assert not parse_question("How far can the HC-SR501 detect at 3 V?").accuracy


def test_a_pull_up_resistor_to_a_rail_asks_the_resistor() -> None:
    q = parse_question("What is the BME280's internal pull-up resistor on CSB (to VDDIO)?")
    assert q.specs == [("pull_up_resistor",)]
    # the rail named on its own is still asked
    assert parse_question("BME280 VDDIO range?").specs[0] == ("logic_supply_voltage",)


def test_the_time_to_leave_between_two_reads_is_the_polling_period() -> None:
    q = parse_question("what's the minimum time I have to leave between two reads of the DHT22?")
    assert q.specs == [("collecting_period", "sampling_rate")]


def test_input_to_output_headroom_and_a_coils_resistance_read_across_it() -> None:
    p = parse_question("AMS1117 at 1 A: how much input-to-output headroom, the maximum dropout?")
    assert ("input_voltage_range", "supply_voltage") not in p.specs
    q = parse_question(
        "Checking an SRD-05VDC-SL-C across the coil pins: what resistance should a 5 V coil read?"
    )
    assert q.specs == [("coil_resistance",)]


def test_how_long_to_wait_between_two_reads_asks_the_polling_period() -> None:
    p = parse_question("dht22 how long do i have to wait between two reads, in seconds")
    assert p.specs == [("collecting_period", "sampling_rate")]


def test_how_long_worst_case_asks_the_maximum_whatever_else_is_named() -> None:
    p = parse_question("after power-up how long until the CCS811 answers on I2C? worst case")
    assert p.bound == "max"


def test_a_spec_written_hyphenated_as_a_modifier() -> None:
    p = parse_question("SRB-5030: give the output-voltage minimum and maximum")
    assert ("output_voltage",) in p.specs
