"""Rules from the twelfth held-out round, on hand-written facts: rows printed per temperature
window answer a stated temperature with the narrowest window that holds it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _qa_fixtures import bme280_pin_rating, fact

from search.datasheets._facts import Fact, FactStore
from search.datasheets._pdf import _build_lines, _Char
from search.datasheets._qa import DatasheetQA
from search.datasheets._route import parse_question

EC = "electrical_characteristics"


def _thermometer_error(bound: float, condition: str) -> object:
    return fact(
        device="DS18B20",
        spec="accuracy",
        parameter="Thermometer Error",
        value=bound,
        min=-bound,
        max=bound,
        unit="°C",
        condition=condition,
        section_kind=EC,
        citation="ds18b20#p2",
        evidence=f"Thermometer Error tERR {condition} ±{bound} °C",
        extra={"plus_minus": True},
    )


@pytest.fixture(scope="module")
def windows() -> DatasheetQA:
    return DatasheetQA(
        FactStore(
            [
                _thermometer_error(0.5, "-10°C to +85°C"),
                _thermometer_error(1.0, "-30°C to +100°C"),
                _thermometer_error(2.0, "–55°C to +125°C"),
            ]
        )
    )


@pytest.mark.parametrize(
    ("question", "given", "not_given"),
    [
        ("DS18B20 thermometer error at 95 °C and at 120 °C?", ["±1 °C", "±2 °C"], ["±0.5"]),
        ("DS18B20 accuracy at -20 C", ["±1 °C"], ["±0.5", "±2 °C"]),
        ("DS18B20 thermometer error at 25 degC", ["±0.5"], ["±1 °C", "±2 °C"]),
        # A window asked as a whole needs a row that holds all of it.
        ("DS18B20 accuracy from -40 to 0 °C", ["±2 °C"], ["±0.5", "±1 °C"]),
    ],
)
def test_stated_temperature_picks_the_narrowest_window(
    windows: DatasheetQA, question: str, given: list[str], not_given: list[str]
) -> None:
    answer = windows.ask(question)
    assert answer.status == "answered", answer.answer
    for text in given:
        assert text in answer.answer
    for text in not_given:
        assert text not in answer.answer


def test_no_stated_temperature_lists_every_window(windows: DatasheetQA) -> None:
    answer = windows.ask("DS18B20 thermometer error?")
    assert all(t in answer.answer for t in ("±0.5", "±1 °C", "±2 °C"))


def _vih(evidence: str, citation: str) -> object:
    return fact(
        device="MPU-6050",
        spec="logic_high_threshold",
        parameter="VIH, High Level Input Voltage",
        unit="V",
        section_kind=EC,
        citation=citation,
        evidence=evidence,
    )


@pytest.mark.parametrize(("vlogic", "verdict"), [("1.8", "incompatible"), ("3.3", "compatible")])
def test_pullup_above_the_input_high_maximum_is_incompatible(vlogic: str, verdict: str) -> None:
    qa = DatasheetQA(
        FactStore(
            [
                _vih("VIH, High Level Input Voltage 0.7*VLOGIC V", "mpu#p15"),
                _vih("VIH, HIGH-Level Input Voltage 0.7*VLOGIC to VLOGIC + 0.5V V", "mpu#p16"),
            ]
        )
    )
    answer = qa.ask(
        f"MPU-6050 with VLOGIC = {vlogic} V on an I2C bus pulled up to 3.3 V: are the levels ok?"
    )
    assert answer.verdict == verdict, answer.answer
    assert "mpu#p16" in answer.citations


@pytest.mark.parametrize(
    "question",
    [
        "RFM95W on the ESP32 SPI bus, both at 3.3 V: logic levels compatible?",
        "ESP32 and RFM95W, both powered from 3.3 V - can they talk SPI?",
    ],
)
def test_a_supply_stated_for_both_parts_is_each_ones_supply(question: str) -> None:
    parsed = parse_question(question)
    assert [d.supply_v for d in parsed.devices] == [3.3, 3.3]


@pytest.mark.parametrize(
    "question",
    [
        "rev B srb5030 running continuously from a 34 V bus - ok?",
        "SRB-5030 on a 24 V battery?",
        "Our rev B SRB-5030 boards would go on a customer's 36 V nominal DC bus. Within rating?",
    ],
)
def test_a_bus_or_battery_by_its_voltage_is_a_rail_not_an_interface(question: str) -> None:
    parsed = parse_question(question)
    assert ("interface",) not in parsed.specs
    assert any("input_voltage_range" in s for s in parsed.specs)


def test_a_data_bus_by_its_voltage_stays_a_bus() -> None:
    assert ("interface",) in parse_question("BME280 on a 3.3 V I2C bus: which interface?").specs


@pytest.mark.parametrize(
    ("question", "spec"),
    [
        ("How often can I poll a DHT22? minimum time between readings", "collecting_period"),
        ("BH1750: how long does one high-resolution-mode measurement take?", "conversion_time"),
        ("ACS712 -3 dB bandwidth?", "bandwidth"),
        ("RFM95W max TX power on PA_BOOST", "rf_output_power"),
    ],
)
def test_engineers_words_for_timing_bandwidth_and_tx_power(question: str, spec: str) -> None:
    assert parse_question(question).specs[0][0] == spec


def test_a_row_label_asking_other_words_is_asked_too() -> None:
    qa = DatasheetQA(
        FactStore(
            [
                fact(
                    device="ACS712",
                    spec="bandwidth",
                    parameter="Frequency Bandwidth",
                    typ=80.0,
                    unit="kHz",
                    section_kind=EC,
                    citation="acs712#p4",
                    evidence="Frequency Bandwidth f –3 dB 80 kHz",
                ),
                fact(
                    device="ACS712",
                    spec="response_time",
                    parameter="Rise Time",
                    typ=3.5,
                    unit="µs",
                    section_kind=EC,
                    citation="acs712#p4",
                    evidence="Rise Time tr 3.5 μs",
                ),
            ]
        )
    )
    answer = qa.ask("ACS712: small-signal bandwidth and output rise time?")
    assert "80 kHz" in answer.answer and "3.5 µs" in answer.answer, answer.answer


def test_a_named_source_with_its_voltage_in_brackets_is_the_supply() -> None:
    parsed = parse_question(
        "Can an AMS1117-3.3 running from a single Li-ion cell (3.7 V nominal, 4.2 V full) "
        "keep an ESP32-WROOM-32 in its supply range?"
    )
    assert parsed.devices[0].supply_v == 3.7


def test_a_sample_of_a_named_part_is_a_unit_not_a_rate() -> None:
    parsed = parse_question("I have a rev C SRB-5030 sample: max continuous input voltage?")
    assert all("sampling_rate" not in s for s in parsed.specs)


def _chars(text: str, x: float, y: float, size: float) -> list[_Char]:
    width = 0.5 * size
    return [
        _Char(x + i * width, x + (i + 1) * width, y, size, ch, False)
        for i, ch in enumerate(text)
        if ch != " "
    ]


def test_a_subscript_set_below_its_symbol_joins_its_line() -> None:
    chars = [
        *_chars("Absolute accuracy", 80, 500, 10),
        *_chars("A", 206, 500, 10),
        *_chars("T,ext", 211, 497, 6),
        *_chars("±1.25", 414, 500, 10),
        # The next row, a full line below, stays a line of its own.
        *_chars("Output resolution", 80, 486, 10),
    ]
    lines = _build_lines(chars)
    assert len(lines) == 2
    assert [s.text for s in lines[0].segments] == ["Absolute accuracy", "AT,ext", "±1.25"]


def test_not_the_absolute_maximum_asks_the_operating_range() -> None:
    parsed = parse_question(
        "CCS811 supply voltage range (electrical characteristics, not abs max)?"
    )
    assert not parsed.absolute_max and parsed.bound is None


def _bus_range(variant: str, high: float, brng: int) -> object:
    return fact(
        device="INA219",
        variant=variant,
        spec="input_voltage_range",
        parameter="Bus voltage (input voltage) range",
        min=0.0,
        max=high,
        unit="V",
        condition=f"BRNG = {brng}",
        applies_to={"variant": variant},
        section_kind=EC,
        citation="ina219#p5",
        evidence=f"Bus voltage (input voltage) range BRNG = {brng} 0 {high:g} V",
    )


@pytest.fixture(scope="module")
def monitor() -> DatasheetQA:
    return DatasheetQA(
        FactStore(
            [
                *(
                    _bus_range(v, h, b)
                    for v in ("INA219A", "INA219B")
                    for h, b in ((32, 1), (16, 0))
                ),
                fact(
                    device="INA219",
                    spec="absolute_max_input_voltage",
                    parameter="IN+, IN– (Common-mode)",
                    min=-0.3,
                    max=26.0,
                    unit="V",
                    section_kind="absolute_maximum",
                    citation="ina219#p4",
                    evidence="IN+, IN– Common-mode -0.3 26 V",
                ),
            ]
        )
    )


@pytest.mark.parametrize(
    ("rail", "verdict"),
    [
        # 24 V fits the 32 V setting (BRNG = 1): settings are choices, one that holds will do.
        ("a 24 V rail", "compatible"),
        # 28 V fits the 32 V setting but not the 26 V rating of the pins.
        ("a 28 V rail", "incompatible"),
        # A tolerance is stated, not asked: 26.4 V at the top of the band.
        ("a 24 V rail that has ±10 % tolerance", "incompatible"),
    ],
)
def test_a_stated_rail_is_checked_against_settings_and_the_pin_rating(
    monitor: DatasheetQA, rail: str, verdict: str
) -> None:
    answer = monitor.ask(f"Can an INA219 do high-side current sensing on {rail}?")
    assert answer.verdict == verdict, answer.answer
    if verdict == "incompatible":
        assert "ina219#p4" in answer.citations


def _srb_facts() -> list[object]:
    base = fact(
        device="SRB-5030",
        spec="input_voltage_range",
        parameter="Input voltage, VIN",
        min=9.0,
        typ=24.0,
        max=36.0,
        unit="V",
        section_kind="recommended_operating",
        citation="srb5030-datasheet#3",
        evidence="Input voltage, VIN 9.0 24.0 36.0 V",
        superseded_by="ecn-2608-04#1",
    )
    notice = fact(
        device="SRB-5030",
        spec="input_voltage_range",
        parameter="maximum continuous input voltage",
        max=32.0,
        unit="V",
        section_kind="recommended_operating",
        citation="ecn-2608-04#1",
        evidence="maximum continuous input voltage 32.0 V for revisions A and B",
        applies_to={"board_revision": ["A", "B"]},
        supersedes="srb5030-datasheet#3",
    )
    out = fact(
        device="LM7805",
        variant="LM7824",
        spec="output_voltage",
        parameter="Output Voltage",
        min=22.8,
        typ=24.0,
        max=25.25,
        unit="V",
        applies_to={"variant": "LM7824"},
        section_kind=EC,
        citation="lm7805#p11",
        evidence="Output Voltage 22.8 24 25.25 V",
    )
    high = fact(
        device="LM7805",
        variant="LM7833",
        spec="output_voltage",
        parameter="Output Voltage",
        min=33.0,
        max=34.0,
        unit="V",
        applies_to={"variant": "LM7833"},
        section_kind=EC,
        citation="lm7805#p12",
        evidence="Output Voltage 33 34 V",
    )
    return [base, notice, out, high]


def test_a_converter_input_range_changed_per_revision_is_checked_per_revision() -> None:
    from search.datasheets._compat import DeviceUse, rule_supply
    from search.datasheets._retrieval import FactIndex

    index = FactIndex(FactStore(_srb_facts()))

    def verdict(reg: DeviceUse, *revisions: str) -> str:
        return rule_supply(index, reg, DeviceUse("SRB-5030", revisions=revisions))[0].outcome

    # 22.8 to 25.25 V is inside 9 to 32 V (A/B) and 9 to 36 V (C): every revision agrees.
    lm7824 = DeviceUse("LM7805", "LM7824", 30.0)
    assert verdict(lm7824) == verdict(lm7824, "B") == verdict(lm7824, "C") == "compatible"
    # 33 to 34 V: outside the notice's 32 V for A/B, inside 36 V for C.
    high = DeviceUse("LM7805", "LM7833", 38.0)
    assert verdict(high, "A") == "incompatible"
    assert verdict(high, "C") == "compatible"
    assert verdict(high) == "insufficient_evidence"


def test_rows_under_different_labels_are_not_one_figure_per_unnamed_variant() -> None:
    qa = DatasheetQA(
        FactStore(
            [
                fact(
                    device="SRD-05VDC-SL-C",
                    spec="response_time",
                    parameter=f"{name} time (at nominal volt.)",
                    max=limit,
                    unit="msec",
                    section_kind=EC,
                    citation="srd-05vdc-sl-c#p1",
                    evidence=f"{name} time (at nominal volt.) Max. {limit:g} msec",
                )
                for name, limit in (("Operate", 8.0), ("Release", 5.0))
            ]
        )
    )
    answer = qa.ask("SRD-05VDC-SL-C operate time vs release time at nominal voltage, max?")
    assert answer.status == "answered", answer.answer
    assert "max 8 msec" in answer.answer and "max 5 msec" in answer.answer


def test_a_coil_percentage_of_nominal_is_given_in_volts_for_the_named_coil() -> None:
    def coil(volts: float) -> object:
        return fact(
            device="SRD-05VDC-SL-C",
            spec="coil_voltage",
            parameter="Coil Nominal voltage",
            typ=volts,
            unit="VDC",
            applies_to={"coil_voltage": f"{volts:g} VDC"},
            section_kind=EC,
            citation="srd-05vdc-sl-c#p1",
            evidence=f"{volts:g} VDC",
        )

    qa = DatasheetQA(
        FactStore(
            [
                coil(5.0),
                coil(12.0),
                fact(
                    device="SRD-05VDC-SL-C",
                    spec="pickup_voltage",
                    parameter="Coil Pick-up voltage (Max.)",
                    max=75.0,
                    unit="%",
                    condition="of nominal voltage",
                    section_kind=EC,
                    citation="srd-05vdc-sl-c#p1",
                    evidence="Pick-up voltage (Max.) 75% of nominal voltage",
                ),
            ]
        )
    )
    five = qa.ask("SRD-05VDC-SL-C max pick-up voltage in volts?")
    assert "= 3.75 V" in five.answer and not five.violations, five.answer
    assert "= 9 V" in qa.ask("SRD-12VDC-SL-C must operate voltage?").answer


def test_a_rating_asked_beside_an_operating_range_is_its_own_item() -> None:
    qa = DatasheetQA(
        FactStore(
            [
                fact(
                    device="BME280",
                    spec="supply_voltage",
                    parameter="Supply Voltage Internal Domains",
                    min=1.71,
                    typ=1.8,
                    max=3.6,
                    unit="V",
                    section_kind=EC,
                    citation="bme280#p2",
                    evidence="VDD 1.71 1.8 3.6 V",
                ),
                fact(
                    device="BME280",
                    spec="absolute_max_supply_voltage",
                    parameter="Voltage at any supply pin",
                    min=-0.3,
                    max=4.25,
                    unit="V",
                    section_kind="absolute_maximum",
                    citation="bme280#p13",
                    evidence="VDD and VDDIO pin -0.3 4.25 V",
                ),
            ]
        )
    )
    answer = qa.ask("BME280 supply voltage range and absolute maximum supply voltage?")
    assert "1.71 to 3.6 V (typ 1.8) [bme280#p2]" in answer.answer, answer.answer
    assert "4.25 V [bme280#p13]" in answer.answer


def test_each_side_of_a_versus_question_gets_the_row_it_names() -> None:
    def current(param: str, typ: float, unit: str, condition: str | None, spec: str) -> object:
        return fact(
            device=param.split()[0],
            spec=spec,
            parameter=param,
            typ=typ,
            unit=unit,
            condition=condition,
            section_kind=EC,
            citation="doc#p1",
            evidence=f"{param} {condition or ''} {typ:g} {unit}",
        )

    qa = DatasheetQA(
        FactStore(
            [
                current(
                    "MPU-6050 Normal Operating Current",
                    3.9,
                    "mA",
                    "Gyro + Accel + DMP",
                    "supply_current",
                ),
                current(
                    "MPU-6050 Operating Current",
                    500.0,
                    "µA",
                    "Accelerometer only",
                    "supply_current",
                ),
                current("MPU-6050 Idle Supply Current", 5.0, "µA", None, "supply_current"),
                current(
                    "BME280 Current during humidity", 340.0, "µA", None, "current_during_humidity"
                ),
                current(
                    "BME280 Current during pressure", 714.0, "µA", None, "current_during_pressure"
                ),
            ]
        )
    )
    mpu = qa.ask(
        "MPU-6050 supply current with gyro + accel + DMP running, compared with accelerometer only?"
    )
    assert "3.9 mA" in mpu.answer and "500 µA" in mpu.answer and "5 µA" not in mpu.answer, (
        mpu.answer
    )
    bme = qa.ask("BME280: current while measuring pressure versus while measuring humidity?")
    assert "714 µA" in bme.answer and "340 µA" in bme.answer, bme.answer


def test_a_supply_asked_of_a_converter_is_its_input_range() -> None:
    answer = DatasheetQA().ask(  # the shipped facts, with the change notice
        "Is a 33 V supply OK for continuous operation of a revision A SRB-5030?"
    )
    assert answer.verdict == "incompatible", answer.answer
    assert "ecn-2608-04#1" in answer.citations


def test_over_the_temperature_range_is_a_condition_not_a_spec() -> None:
    parsed = parse_question("AMS1117-5.0 output voltage over the full operating temperature range?")
    assert parsed.specs == [("output_voltage",)]


def test_a_spec_filed_under_another_name_is_found_by_its_label_and_unit() -> None:
    qa = DatasheetQA(
        FactStore(
            [
                fact(
                    device="DHT22",
                    spec="measurement_range",
                    parameter="Operating range",
                    min=-40.0,
                    max=80.0,
                    unit="°C",
                    section_kind="general",
                    citation="dht22#p1",
                    evidence="Operating range temperature -40~80Celsius",
                ),
                fact(
                    device="DHT22",
                    spec="humidity_range",
                    parameter="Operating range",
                    min=0.0,
                    max=100.0,
                    unit="%RH",
                    section_kind="general",
                    citation="dht22#p1",
                    evidence="Operating range humidity 0-100%RH",
                ),
            ]
        )
    )
    answer = qa.ask("am2302 / dht22 operating temperature range?")
    assert answer.status == "answered" and "-40 to 80 °C" in answer.answer, answer.answer
    assert "%RH" not in answer.answer
    assert qa.ask("DHT22 storage temperature range?").status == "insufficient_evidence"


@pytest.mark.parametrize(
    ("question", "spec"),
    [
        (
            "bme280 start-up time - how long after power-up before I can talk to it?",
            "start_up_time",
        ),
        ("XGZP6847A long term stability?", "drift"),
    ],
)
def test_start_up_and_stability_wording(question: str, spec: str) -> None:
    assert [s[0] for s in parse_question(question).specs] == [spec]


def test_a_pullup_above_the_pins_rating_is_incompatible() -> None:
    qa = DatasheetQA(
        FactStore(
            [
                fact(
                    device="BME280",
                    spec="logic_high_threshold",
                    parameter="Input high level",
                    unit="V",
                    section_kind=EC,
                    citation="bme280#p35",
                    evidence="VIH Input high level 0.8*VDDIO V",
                ),
                bme280_pin_rating(),
            ]
        )
    )
    five = qa.ask("BME280 with VDDIO = 3.3 V on an I2C bus whose pull-ups go to 5 V - ok?")
    assert five.verdict == "incompatible" and "bme280#p13" in five.citations, five.answer
    ok = qa.ask("BME280 with VDDIO = 3.3 V on an I2C bus with 3.3 V pull-ups - ok?")
    assert ok.verdict == "compatible", ok.answer


def test_a_plain_bound_beside_a_rail_bound_is_volts() -> None:
    from search.datasheets._compat import bounds

    vlogic = fact(
        device="MPU-6050",
        spec="logic_supply_voltage",
        parameter="Voltage Range",
        min=1.71,
        unit="V",
        condition="VLOGIC must be ≤VDD at all times",
        section_kind=EC,
        citation="mpu-6050#p14",
        evidence="Voltage Range VLOGIC must be ≤VDD at all times 1.71 VDD V",
        extra={"max_text": "VDD"},
    )
    lo, hi, needs = bounds(vlogic, 3.3, "MPU-6050")
    assert (lo.value, hi.value, needs) == (1.71, 3.3, False)


def _clock(device: str, spec: str, param: str, top: float, unit: str) -> object:
    return fact(
        device=device,
        spec=spec,
        parameter=param,
        max=top,
        unit=unit,
        section_kind="timing",
        citation=f"{device.lower()}#p9",
        evidence=f"{param} {top:g} {unit}",
    )


@pytest.fixture(scope="module")
def clocks() -> DatasheetQA:
    return DatasheetQA(
        FactStore(
            [
                _clock("BME280", "spi_max_clock", "SPI clock input frequency", 10.0, "MHz"),
                _clock("RFM95W", "spi_max_clock", "SCK frequency", 10.0, "MHz"),
                _clock("MPU-6050", "i2c_max_clock", "SCL Clock Frequency", 400.0, "kHz"),
                _clock("INA219", "i2c_max_clock", "SCL operating frequency", 2.56, "MHz"),
                *(
                    fact(
                        device=d,
                        spec="interface",
                        parameter="Interface",
                        value=v,
                        section_kind="general",
                        citation=f"{d.lower()}#p1",
                        evidence=f"Interface {v}",
                    )
                    for d, v in (("BME280", "I2C, SPI"), ("RFM95W", "SPI"))
                ),
            ]
        )
    )


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        ("Can I run the BME280 SPI bus at 20 MHz?", "incompatible"),
        ("RFM95W and BME280 sharing one SPI bus at 8 MHz - fine?", "compatible"),
        (
            "I2C bus at 1 MHz with an MPU-6050 and an INA219 on it - will both keep up?",
            "incompatible",
        ),
        ("MPU-6050 and INA219 on one I2C bus at 400 kHz - ok?", "compatible"),
    ],
)
def test_a_stated_bus_clock_is_checked_against_each_part(
    clocks: DatasheetQA, question: str, verdict: str
) -> None:
    answer = clocks.ask(question)
    assert answer.verdict == verdict, answer.answer
    assert answer.status != "unvalidated"


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        (
            "AMS1117-5.0 running off a 6 V battery pack - will it stay in regulation?",
            "incompatible",
        ),
        ("LM7805 fed from 9 V - enough headroom?", "compatible"),
        (
            "AMS1117-3.3 off a 3.7V li-ion cell to make 3.3V at ~300 mA, will it regulate?",
            "incompatible",
        ),
        ("AMS1117-3.3 at 5 V in, 800 mA load - will it stay in regulation?", "compatible"),
    ],
)
def test_a_regulator_at_a_stated_input_is_checked_for_dropout_headroom(
    question: str, verdict: str
) -> None:
    answer = DatasheetQA().ask(question)  # the shipped facts
    assert answer.verdict == verdict, answer.answer
    assert "dropout" in answer.answer


def test_the_part_that_drives_is_the_source_whatever_its_pin_is_called() -> None:
    from search.datasheets._qa import _source_first

    q = "TB6612FNG with Vcc = 3.3 V: can the HC-SR501 OUT pin drive AIN1 directly?"
    parsed = parse_question(q)
    from search.datasheets._compat import DeviceUse

    uses = [DeviceUse(d.device) for d in parsed.devices]
    assert [u.device for u in _source_first(parsed, uses)] == ["HC-SR501", "TB6612FNG"]


def test_lsb_per_unit_is_a_sensitivity_unit_not_an_lsb_size() -> None:
    parsed = parse_question("mpu6050 gyro sensitivity at FS_SEL=1 (±500 deg/s), LSB per deg/s?")
    assert parsed.specs == [("sensitivity",)]


def test_a_unit_joined_to_the_next_figure_is_no_part_name() -> None:
    parsed = parse_question("AMS1117 output voltage over 5 mA-1 A and 6.5-12 V in?")
    assert parsed.unknown_parts == []


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        (
            "12 V coil SRD relay (SRD-12VDC-SL-C) across a 12 V lead-acid battery that swings "
            "10.5 V (flat) to 14.4 V (charging). Will it pull in and not be overdriven?",
            "compatible",
        ),
        (
            "can I put the 5V SRD-05VDC-SL-C relay coil straight across a 2S lipo "
            "(7.4 V nom, 8.4 V charged)?",
            "incompatible",
        ),
        ("Switch a 16 A heater element with the SRD-05VDC-SL-C contacts?", "incompatible"),
        ("Switch a 5 A lamp with the SRD-05VDC-SL-C contacts?", "compatible"),
    ],
)
def test_a_relay_coil_across_a_supply_and_a_load_on_its_contacts(
    question: str, verdict: str
) -> None:
    answer = DatasheetQA().ask(question)  # the shipped SRD-05VDC-SL-C facts
    assert answer.verdict == verdict, answer.answer


def test_a_stated_temperature_alone_asks_the_operating_range() -> None:
    answer = DatasheetQA().ask("Can I stick a DS18B20 probe in dry ice (-78.5 °C)?")
    assert answer.verdict == "incompatible" and "ds18b20#p2" in answer.citations, answer.answer


def test_a_product_named_after_into_is_an_unknown_party() -> None:
    parsed = parse_question("ACS712 output straight into an Arduino Uno analog pin?")
    assert parsed.unknown_parts == ["Arduino Uno"] and parsed.route == "compatibility"


def test_vlogic_tied_to_vdd_checks_the_main_supply() -> None:
    answer = DatasheetQA().ask(
        "MPU-6050 VDD (VLOGIC tied to VDD) from an AMS1117-2.5 fed by 5 V - OK?"
    )
    assert answer.verdict == "compatible" and "mpu-6050#p8" in answer.citations, answer.answer


def test_rows_printed_per_output_voltage_answer_for_the_named_regulator() -> None:
    def rating(cond: str, top: float) -> object:
        return fact(
            device="LM7805",
            spec="absolute_max_input_voltage",
            parameter="Input Voltage",
            max=top,
            unit="V",
            condition=cond,
            section_kind="absolute_maximum",
            citation="lm7805#p2",
            evidence=f"Input Voltage {cond} {top:g} V",
        )

    def output(variant: str, typ: float) -> object:
        return fact(
            device="LM7805",
            variant=variant,
            spec="output_voltage",
            parameter="Output Voltage",
            typ=typ,
            unit="V",
            applies_to={"variant": variant},
            section_kind=EC,
            citation="lm7805#p11",
            evidence=f"Output Voltage {typ:g} V",
        )

    qa = DatasheetQA(
        FactStore(
            [
                rating("VO = 5 V to 18 V", 35.0),
                rating("VO = 24 V", 40.0),
                output("LM7805", 5.0),
                output("LM7824", 24.0),
            ]
        )
    )
    assert "max 40 V" in qa.ask("LM7824 absolute max input voltage?").answer
    five = qa.ask("LM7805 absolute max input voltage?").answer
    assert "max 35 V" in five and "40" not in five


def test_adj_pin_current_wording() -> None:
    parsed = parse_question("AMS1117: how much current comes out of the ADJ pin?")
    assert parsed.specs == [("adjust_pin_current",)]


def test_a_regulator_load_past_its_rated_output_current_is_incompatible() -> None:
    answer = DatasheetQA().ask("LM7805 fed from 9 V at 1.2 A, will it still regulate?")
    assert answer.verdict == "incompatible", answer.answer
    assert "9 V in covers" in answer.answer  # the input has headroom, the load is too much
    assert "1.2 A load is more than" in answer.answer


def test_a_regulator_after_another_needs_the_first_output_above_its_own_plus_dropout() -> None:
    answer = DatasheetQA().ask("Can I put an LM7805 after the SRB-5030's 5 V output?")
    assert answer.verdict == "incompatible", answer.answer
    assert "4.9 V in is below output 5 V + dropout 2 V" in answer.answer
    assert {"srb5030-datasheet#4", "lm7805#p3"} <= set(answer.citations)


@pytest.mark.parametrize(
    ("question", "verdict", "said"),
    [
        (
            "AMS1117-3.3 in SOT-223 dropping 12 V to 3.3 V at 300 mA - thermally OK?",
            "incompatible",
            "(12 V - 3.3 V) × 300 mA = 2.61 W; SOT-223 package: 90 °C/W gives a 234.9 °C rise",
        ),
        (
            "AMS1117-3.3 from 5 V at 100 mA in SOT-223 at 40 °C ambient - thermally fine?",
            "compatible",
            "at 40 °C ambient the junction reaches 55.3 °C, within the 125 °C limit",
        ),
        # no ambient and a rise below the limit: not settled
        (
            "AMS1117-3.3 from 5 V at 100 mA in SOT-223 - thermally fine?",
            "insufficient_evidence",
            "no ambient is stated",
        ),
    ],
)
def test_a_regulator_heat_is_checked_against_its_junction_limit(
    question: str, verdict: str, said: str
) -> None:
    answer = DatasheetQA().ask(question)
    assert answer.verdict == verdict, answer.answer
    assert said in answer.answer
    assert answer.status != "unvalidated"


def test_a_load_step_is_not_settled_by_steady_state_figures() -> None:
    qa = DatasheetQA()
    chain = qa.ask(
        "SRB-5030 feeds an AMS1117-3.3. During a 0 to 3 A load step on the 5 V rail, will the "
        "SRB output stay above the LDO's headroom?"
    )
    assert chain.verdict == "insufficient_evidence", chain.answer
    assert "load step" in chain.answer
    asked = qa.ask("SRB-5030 load-transient response: how far does VOUT deviate for a load step?")
    assert asked.status == "insufficient_evidence", asked.answer


def test_a_comparison_at_a_stated_temperature_keeps_only_the_windows_holding_it() -> None:
    answer = DatasheetQA().ask(
        "Our mast sees -30 °C in winter. For air temperature at -30 °C, which is better, the "
        "DS18B20 or the BME280, and what accuracy does each give there?"
    )
    figures = {(i.device, i.max) for i in answer.items}
    assert ("DS18B20", 1.0) in figures and ("DS18B20", 0.5) not in figures, answer.answer
    # an accuracy is an error bound: the smaller figure is the better part
    assert "DS18B20 states the smaller, better accuracy figure" in answer.answer


@pytest.mark.parametrize(
    ("question", "figures", "better"),
    [
        # a rail by its voltage is where the parts are used, and "which regulator has" compares
        (
            "Stepping a 5 V rail down for a 1 A load: which regulator has the lower dropout at "
            "1 A, the AMS1117 or the LM7805? give the typical figures",
            {("AMS1117", 1.1), ("LM7805", 2.0)},
            "AMS1117",
        ),
        # the voltage a bridge loses is its drop, upper + lower switch the total row
        (
            "6 V pump at about 1 A: TB6612FNG or L298 - which loses less voltage across the "
            "bridge (upper+lower), going by the max figures at 1 A?",
            {("TB6612FNG", 0.7), ("L298", 3.2)},
            "TB6612FNG",
        ),
    ],
)
def test_compared_losses_name_the_smaller_as_better(
    question: str, figures: set[tuple[str, float]], better: str
) -> None:
    answer = DatasheetQA().ask(question)
    assert answer.route == "comparison" and answer.status == "answered", answer.answer
    assert {(i.device, i.typ if i.max is None else i.max) for i in answer.items} == figures
    assert f"{better} states the smaller, better" in answer.answer


@pytest.mark.parametrize(
    ("question", "verdict", "said"),
    [
        # a processor with I2C drives the bus and needs no address of its own
        (
            "INA219 strapped A1 = SDA, A0 = VS+, plus an ADS1115 with ADDR tied to VDD, same "
            "I2C bus. Can the ESP32 talk to both?",
            "incompatible",
            "ESP32-WROOM-32 is the bus controller and needs no address",
        ),
        (
            "ESP32 with a BME280 and a BH1750 on its I2C bus, any address clash?",
            "compatible",
            "distinct addresses are possible",
        ),
        # an address pin left unconnected has no row in the address table
        (
            "Two INA219s on one bus: #1 with A1 = A0 = GND, #2 with A1 = GND and A0 left "
            "floating. Will the two addresses be distinct?",
            "insufficient_evidence",
            "A0 is left unconnected",
        ),
        # a part number its datasheet refers the reader to is another product
        (
            "We may swap the XGZP6847A for its I2C sibling, the XGZP6847D, on a bus with a "
            "BME280 (SDO = GND). Any address clash?",
            "insufficient_evidence",
            "no facts are held for XGZP6847D",
        ),
        # a breakout "with no onboard regulator" is fed directly
        (
            "BME280 breakout with no onboard regulator: can we put its VDD and VDDIO straight "
            "on the LM7805's 5 V rail?",
            "incompatible",
            "outside BME280",
        ),
        # a supply named as a pin "on the 5 V rail": the input thresholds scale with it
        (
            "ESP32-WROOM-32 GPIOs into a TB6612FNG whose Vcc is on the 5 V rail - will the "
            "PWM inputs see a valid high?",
            "incompatible",
            "TB6612FNG VIH min 3.5 V",
        ),
        # "both powered from the same 3.3 V rail" states both supplies
        (
            "RFM95W DIO0 into an ESP32 GPIO, both powered from the same 3.3 V rail - valid "
            "logic levels?",
            "compatible",
            "RFM95W VOH min 2.97 V",
        ),
        # a pack "at 6.0 V feeding" a regulator is its input; "stay in regulation" asks headroom
        (
            "A 2S pack at 6.0 V feeding an LM7805 that must give 5 V at 1 A. Will it stay in "
            "regulation?",
            "incompatible",
            "6 V in is below output 5 V + dropout 2 V",
        ),
        # a "logic rail" is a supply rail, and an owner's rail ("the robot's") states its voltage
        (
            "Can we power the HC-SR501 from the robot's 3.3 V logic rail?",
            "incompatible",
            "3.3 V is outside 4.5 to 20 V",
        ),
    ],
)
def test_bus_controllers_straps_referred_parts_breakouts_and_stated_supplies(
    question: str, verdict: str, said: str
) -> None:
    answer = DatasheetQA().ask(question)
    assert answer.verdict == verdict, answer.answer
    assert said in answer.answer


def test_a_source_voltage_given_as_about_and_a_silkscreen_letter_are_read() -> None:
    qa = DatasheetQA()
    motor = qa.ask(
        "TB6612FNG with VM straight off a single Li-ion cell (about 3.7 V). What max output "
        "current per channel does it allow?"
    )
    assert [i.max for i in motor.items if i.spec == "output_current"] == [0.4], motor.answer
    board = qa.ask("Our SRB-5030's silkscreen by J1 says B. What input voltage range applies?")
    assert {i.max for i in board.items} - {None} == {32.0}, board.answer  # not rev C's 36 V


@pytest.mark.parametrize(
    ("question", "spec", "figure"),
    [
        # "VS (pin 4)" is the supply pin, not "versus"
        (
            "What's the highest VS (pin 4) the L298 allows as an operating condition?",
            "supply_voltage",
            46.0,
        ),
        # what a relay draws is its coil current; "at nominal voltage" is where, not what
        (
            "How much current does the 5 VDC coil version of the SRD relay draw at nominal "
            "voltage?",
            "coil_current",
            71.42,
        ),
        # "ordered in the 3.3 V supply version": one of the supplies it is sold for
        (
            "XGZP6847A ordered in the 3.3 V supply version - what output voltage range?",
            "output_voltage_range",
            2.7,
        ),
    ],
)
def test_pin_names_relay_draw_and_ordered_versions(question: str, spec: str, figure: float) -> None:
    answer = DatasheetQA().ask(question)
    assert [(i.spec, i.typ if i.max is None else i.max) for i in answer.items] == [
        (spec, figure)
    ], answer.answer


@pytest.mark.parametrize(
    ("question", "figures"),
    [
        # two rows of one label and condition: the wider one holds over temperature
        (
            "Design review for the sensor rail: AMS1117-3.3 minimum output voltage over the "
            "full operating temperature range (not just at 25 °C), 4.75 V <= VIN <= 12 V?",
            [3.201],
        ),
        ("AMS1117-3.3 output voltage at 25 °C with 4.75 V to 12 V in?", [3.349]),
        # one bound printed, wider over temperature (15 mV, then 25 mV)
        ("AMS1117-3.3 maximum load regulation over the full temperature range?", [25.0]),
        # both asked: both rows
        (
            "AMS1117-3.3 output voltage limits at 25 °C and over the full temperature range?",
            [3.251, 3.201],
        ),
        # settings listed are each asked
        (
            "DS18B20: list the maximum conversion times for 9-, 10-, 11- and 12-bit resolution.",
            [93.75, 187.5, 375.0, 750.0],
        ),
        # a full-scale range is in the unit of what is measured
        ("Which gyro full-scale ranges can the MPU-6050 be set to?", [250, 500, 1000, 2000]),
    ],
)
def test_full_temperature_rows_listed_settings_and_full_scale_units(
    question: str, figures: list[float]
) -> None:
    answer = DatasheetQA().ask(question)
    got = [i.min if "minimum" in question or "limits" in question else i.max for i in answer.items]
    assert got == figures, answer.answer


def test_a_rail_condition_binds_the_voltages_said_after_its_name() -> None:
    answer = DatasheetQA().ask(
        "TB6612FNG with VM straight from a 2S LiPo (6.0 V flat to 8.4 V full), VCC at 3.3 V, "
        "motors drawing up to 0.8 A each. Within its operating ranges?"
    )
    assert answer.verdict == "compatible", answer.answer
    assert "max 1 A (VM ≥ 4.5 V)" in answer.answer


def test_must_operate_and_must_release_name_the_relay_coil_thresholds() -> None:
    answer = DatasheetQA().ask(
        "SRD-05VDC-SL-C: what must-operate (pick-up), must-release (drop-out) and maximum "
        "allowable coil voltages does it give, as a percent of nominal?"
    )
    assert {(i.spec, i.value) for i in answer.items if i.unit == "%"} == {
        ("pickup_voltage", 75.0),
        ("dropout_voltage_relay", 5.0),
        ("coil_max_voltage", 130.0),
    }, answer.answer


def test_a_condition_wrapped_over_two_rows_names_the_temperature_extremes() -> None:
    from search.datasheets._tables import _temperature_extremes_rows

    def row(condition: str, **figures: float) -> Fact:
        return fact(
            device="LMP91200",
            spec="supply_current",
            parameter="Supply Current",
            unit="µA",
            condition=condition,
            citation="lmp91200#p5",
            evidence="Supply Current pH measurement mode",
            **figures,
        )

    above, below = _temperature_extremes_rows(
        [row("pH measurement mode at the temperature", typ=50, max=54), row("extremes", max=59)]
    )
    assert above.condition == "pH measurement mode"
    assert below.condition == "pH measurement mode, at the temperature extremes"
    # the shipped facts, regenerated with the rule, answer by the temperature asked
    qa = DatasheetQA()
    hot = qa.ask("LMP91200 max supply current in pH measurement mode at the temperature extremes?")
    assert [i.max for i in hot.items] == [59.0], hot.answer
    room = qa.ask("LMP91200 max supply current in pH measurement mode at 25 °C?")
    assert 59.0 not in {i.max for i in room.items} and 54.0 in {i.max for i in room.items}


def test_one_spec_asked_twice_by_its_rows_words_gives_each_row() -> None:
    answer = DatasheetQA().ask("MQ-2: what loop voltage and heater voltage does it specify?")
    assert [(i.spec, i.parameter) for i in answer.items] == [
        ("supply_voltage", "Loop Voltage"),
        ("supply_voltage", "Heater Voltage"),
    ], answer.answer
    # one figure asked by two names is one item
    speed = DatasheetQA().ask("I2C bus speed: what is the fastest SCL frequency of the CCS811?")
    assert [i.max for i in speed.items] == [400.0], speed.answer
    # "open-loop voltage gain" names no loop voltage
    gain = DatasheetQA().ask("LM358 minimum open-loop voltage gain at RL = 2 kΩ, VCC = 15 V?")
    assert {i.spec for i in gain.items} == {"open_loop_gain"}, gain.answer


def test_a_part_on_the_same_data_line_as_a_one_wire_bus_is_an_interface_question() -> None:
    answer = DatasheetQA().ask(
        "Can a DHT22 share the same data line as our DS18B20 1-Wire sensors to save a pin?"
    )
    assert answer.verdict == "incompatible", answer.answer
    assert "DHT22 is not compatible with the 1-WIRE bus" in answer.answer


@pytest.mark.parametrize(
    ("question", "devices", "spec", "figure"),
    [
        # a part named as what the others are for is no party to the comparison
        (
            "MCP3008 vs ADS1115 for reading an MQ-2: which gives more resolution, how many bits?",
            {"MCP3008", "ADS1115"},
            "resolution_bits",
            16.0,
        ),
        # an instrument set up for a board is the tool, the board is asked about
        (
            "Setting up the MDN-4010 ramp for the SRB-5030 check: give me the UVLO rising "
            "threshold.",
            {"SRB-5030"},
            "undervoltage_lockout",
            8.2,
        ),
        # "how much power can the heater burn": its consumption, a "5 V supply" beside it
        (
            "How much power can the MQ-2 heater burn? Sizing the 5 V supply.",
            {"MQ-2"},
            "power_consumption",
            950.0,
        ),
        # "the highest data rate you can program": the list of choices
        (
            "ADS1115 - what is the highest output data rate you can program?",
            {"ADS1115"},
            "sampling_rate",
            860.0,
        ),
    ],
)
def test_tools_uses_heater_power_and_programmable_choices(
    question: str, devices: set[str], spec: str, figure: float
) -> None:
    answer = DatasheetQA().ask(question)
    assert {i.device for i in answer.items} == devices, answer.answer
    assert any(i.spec == spec and figure in (i.min, i.typ, i.max, i.value) for i in answer.items)


def test_an_instrument_reading_stated_after_the_names_it() -> None:
    answer = DatasheetQA().ask(
        "Bench ambient is 30 °C. The MDN-6100 (calibrated 8 months ago) reads the 0.800 V "
        "reference on the 1 V DC range. Including the temperature coefficient, what is the "
        "accuracy limit?"
    )
    assert "= ±34.8 µV" in answer.answer, answer.answer


def test_the_blocks_asked_pick_their_row_and_the_sides_do_not_bring_others_back() -> None:
    answer = DatasheetQA().ask("MPU-6050 current with gyro, accelerometer and DMP all on?")
    assert [i.typ for i in answer.items] == [3.9], answer.answer


def test_a_hyphenated_sleep_mode_current_is_the_sleep_current() -> None:
    answer = DatasheetQA().ask("Record the typical sleep-mode supply current of the BME280.")
    assert [(i.spec, i.typ) for i in answer.items] == [("sleep_current", 0.1)], answer.answer


def test_one_regulator_feeding_two_loads_checks_each_range_and_their_summed_draw() -> None:
    qa = DatasheetQA()
    both = qa.ask(
        "An AMS1117-3.3 fed from 5 V powers both an ESP32-WROOM-32 and an RFM95W. "
        "Is the regulator sufficient?"
    )
    assert both.verdict == "compatible", both.answer
    total = [d for d in both.derived if d.label == "the loads' draw together"]
    assert [d.result for d in total] == [620.0], both.answer
    assert {"ESP32-WROOM-32", "RFM95W"} <= {i.device for i in both.items}
    # a relay coil the regulator supplies is a load on its output, not a pin it drives: the
    # 3.3 V output is below the 5 V coil's must-operate voltage
    coil = qa.ask("Can one AMS1117-3.3 supply an HX711 and an SRD-05VDC-SL-C relay coil together?")
    assert coil.verdict == "incompatible", coil.answer
    assert "must-operate 3.75 V" in coil.answer


def test_parts_sharing_one_stated_rail_are_each_checked_against_their_supply_range() -> None:
    qa = DatasheetQA()
    over = qa.ask("Can a CCS811 share the 5 V rail with an MQ-2 heater?")
    assert over.verdict == "incompatible", over.answer
    assert "above even its absolute maximum 3.6 V" in over.answer
    both = qa.ask("BME280 and BH1750 both on the 3.3 V rail, fine?")
    assert both.verdict == "compatible", both.answer
    assert {i.device for i in both.items} == {"BME280", "BH1750"}


def test_a_part_powered_from_a_stated_pin_voltage_is_a_supply_question() -> None:
    answer = DatasheetQA().ask("Can I power an RFM95W from the 5 V pin of my board?")
    assert "5 V is outside 1.8 to 3.7 V" in answer.answer, answer.answer


def test_the_worst_case_of_a_dropout_is_its_maximum() -> None:
    answer = DatasheetQA().ask("AMS1117 worst-case dropout voltage at 1 A?")
    assert [(i.typ, i.max) for i in answer.items] == [(None, 1.3)], answer.answer


@pytest.mark.parametrize(
    ("question", "spec", "figure"),
    [
        ("Counts per g of the MPU-6050 at AFS_SEL=2?", "sensitivity", 4096.0),
        ("ACS712: what resistance sits in the primary path?", "primary_conductor_resistance", 1.2),
        ("LM7805 quiescent, worst case?", "supply_current", 8.0),
    ],
)
def test_everyday_names_of_a_figure(question: str, spec: str, figure: float) -> None:
    answer = DatasheetQA().ask(question)
    assert any(i.spec == spec and figure in (i.typ, i.max) for i in answer.items), answer.answer


def test_a_supply_sagging_to_a_voltage_picks_the_row_for_that_voltage() -> None:
    answer = DatasheetQA().ask("TB6612FNG on a pack drooping to 3.0 V: max output current?")
    assert [i.max for i in answer.items] == [0.4], answer.answer


def test_a_row_labelled_as_another_figure_answers_only_when_named() -> None:
    qa = DatasheetQA()
    trip = qa.ask("SRB-5030 thermal shutdown junction temperature?")
    assert [i.typ for i in trip.items] == [145.0], trip.answer
    both = qa.ask("SRB-5030 thermal shutdown: where does it trip and where does it recover?")
    assert {i.typ for i in both.items} == {145.0, 125.0}, both.answer


def test_air_conditioning_is_not_the_ac_function() -> None:
    answer = DatasheetQA().ask(
        "The lab AC died and it is 30 °C: MDN-6100 reading 2.000 V on the 10 V range, 1 year, "
        "accuracy with the temperature coefficient?"
    )
    assert answer.status == "answered", answer.answer
    assert "outside the specified band" in answer.answer
