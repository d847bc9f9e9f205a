"""Compatibility rules: each verdict, with the facts compared and their citations."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _qa_fixtures import fact, small_store

from search.datasheets._compat import (
    DeviceUse,
    check_compatibility,
    combine,
)
from search.datasheets._qa import DatasheetQA
from search.datasheets._retrieval import FactIndex
from search.datasheets._route import parse_question


@pytest.fixture(scope="module")
def qa() -> DatasheetQA:
    return DatasheetQA(small_store())


def test_signal_range_acs712_into_ads1115_at_3v3_is_incompatible(qa: DatasheetQA) -> None:
    a = qa.ask("Can the ACS712-05B output at 5 V go straight into an ADS1115 powered at 3.3 V?")
    assert a.verdict == "incompatible" and a.status == "answered"
    check = a.checks[0]
    assert check.rule == "signal_range"
    # 2.5 V ± 0.185 V/A × 5 A, derived from cited facts, against GND..VDD at 3.3 V.
    results = {d.label: d.result for d in check.derived}
    assert any(abs(v - 3.425) < 1e-9 for v in results.values())
    assert {"acs712#p4", "acs712#p5", "ads1115#p6"} <= set(a.citations)
    # The supply voltage of the ADS1115 is never the compared limit.
    assert all(f.spec != "supply_voltage" or f.device != "ADS1115" for f in check.facts)


def test_signal_range_at_5v_is_compatible(qa: DatasheetQA) -> None:
    a = qa.ask("Can the ACS712-05B at 5 V feed an ADS1115 at 5 V?")
    assert a.verdict == "compatible"


def test_signal_range_without_supply_is_insufficient() -> None:
    index = FactIndex(small_store())
    checks = check_compatibility(
        index, [DeviceUse("ACS712", "05B", 5.0), DeviceUse("ADS1115", None, None)], ["signal_range"]
    )
    assert combine(checks) == "insufficient_evidence"


def test_absolute_maximum_input_alone_is_not_permission() -> None:
    store = small_store()
    facts = [
        f for f in store.facts if not (f.device == "ADS1115" and f.spec == "input_voltage_range")
    ]
    from search.datasheets._facts import FactStore

    index = FactIndex(FactStore(facts))
    checks = check_compatibility(
        index, [DeviceUse("ACS712", "05B", 5.0), DeviceUse("ADS1115", None, 5.0)], ["signal_range"]
    )
    assert combine(checks) == "insufficient_evidence"
    assert "absolute maximum" in checks[0].detail


def test_regulator_feeding_load(qa: DatasheetQA) -> None:
    a = qa.ask("Can an AMS1117-3.3 power an ESP32-WROOM-32 at its peak current?")
    assert a.verdict == "compatible"
    assert {c.rule for c in a.checks} == {"supply"}
    assert "esp32-wroom-32#p26" in a.citations
    b = qa.ask("Can an LM7805 power an ESP32-WROOM-32?")
    assert b.verdict == "incompatible"
    c = qa.ask("Can an AMS1117-3.3 running from 5 V power an ESP32-WROOM-32?")
    assert c.verdict == "compatible"
    assert any("dropout" in ch.detail for ch in c.checks)


def test_i2c_addresses(qa: DatasheetQA) -> None:
    assert qa.ask("Can a BME280 and a BH1750 share the same I2C bus?").verdict == "compatible"
    assert qa.ask("Can two BME280 sensors share one I2C bus?").verdict == "compatible"
    assert qa.ask("Can three BME280 sensors share one I2C bus?").verdict == "incompatible"
    index = FactIndex(small_store())
    five = check_compatibility(index, [DeviceUse("ADS1115", count=5)], ["i2c_address"])
    assert combine(five) == "incompatible"
    four = check_compatibility(index, [DeviceUse("ADS1115", count=4)], ["i2c_address"])
    assert combine(four) == "compatible"


def test_interface_and_non_i2c_device(qa: DatasheetQA) -> None:
    a = qa.ask("Can the MCP3008 share an I2C bus with a BME280?")
    assert a.verdict == "incompatible"
    b = qa.ask("Can the BME280 talk to the MCP3008 over SPI?")
    assert b.verdict == "compatible"


def test_logic_levels(qa: DatasheetQA) -> None:
    a = qa.ask("Can an ESP32 GPIO drive the ADS1115 digital inputs at 3.3 V logic levels?")
    assert a.verdict == "compatible"
    assert all(c.rule == "logic_levels" for c in a.checks)
    assert not a.violations


def test_missing_facts_give_insufficient_evidence(qa: DatasheetQA) -> None:
    a = qa.ask("Can the ESP32 talk to the MCP3008 over I2C?")
    assert a.verdict == "insufficient_evidence" and a.status == "insufficient_evidence"


def test_symbolic_bounds_kept_per_column_by_the_extractor() -> None:
    """The extractor keeps "GND" / "VDD + 0.3" per column in ``extra``; the rules read them."""
    from _qa_fixtures import fact

    from search.datasheets._facts import FactStore

    store = small_store()
    facts = [
        f
        for f in store.facts
        if not (
            f.device == "ADS1115"
            and f.spec in ("input_voltage_range", "absolute_max_input_voltage")
        )
    ]
    facts += [
        fact(
            device="ADS1115",
            spec="input_voltage_range",
            parameter="Absolute input voltage",
            unit="V",
            section_kind="recommended_operating",
            citation="ads1115#p6",
            extra={"min_text": "GND", "max_text": "VDD"},
            evidence="V(AINx) Absolute input voltage GND VDD V",
        ),
        fact(
            device="ADS1115",
            spec="absolute_max_input_voltage",
            parameter="Analog input voltage",
            unit="V",
            section_kind="absolute_maximum",
            citation="ads1115#p6",
            extra={"min_text": "GND – 0.3", "max_text": "VDD + 0.3"},
            evidence="Analog input voltage AIN0, AIN1, AIN2, AIN3 GND – 0.3 VDD + 0.3 V",
        ),
    ]
    index = FactIndex(FactStore(facts))
    at_3v3 = check_compatibility(
        index, [DeviceUse("ACS712", "05B", 5.0), DeviceUse("ADS1115", None, 3.3)], ["signal_range"]
    )
    assert combine(at_3v3) == "incompatible"
    assert "0 to 3.3 V" in at_3v3[0].detail
    at_5 = check_compatibility(
        index, [DeviceUse("ACS712", "05B", 5.0), DeviceUse("ADS1115", None, 5.0)], ["signal_range"]
    )
    assert combine(at_5) == "compatible"


def test_fraction_of_supply_is_not_read_as_volts() -> None:
    """A threshold printed "0.7 VDD" stored as 0.7 V must not be used as 0.7 V."""
    from _qa_fixtures import fact

    from search.datasheets._validate import validate_fact

    wrong = fact(
        device="ADS1115",
        spec="logic_high_threshold",
        min=0.7,
        max=5.5,
        unit="V",
        section_kind="electrical_characteristics",
        citation="ads1115#p7",
        evidence="VIH High-level input voltage 0.7 VDD 5.5 V",
    )
    reasons = validate_fact(wrong, "logic_high_threshold", operating=True, absolute_max=False)
    assert any(r.startswith("field_type") and "fraction of the supply" in r for r in reasons)


def test_supply_voltage_is_never_compared_with_a_signal() -> None:
    """A receiver with only a supply range gives no verdict on a signal, whatever its numbers."""
    from search.datasheets._facts import FactStore

    store = small_store()
    facts = [f for f in store.facts if not (f.device == "ADS1115" and "input" in f.spec)]
    index = FactIndex(FactStore(facts))
    checks = check_compatibility(
        index, [DeviceUse("ACS712", "05B", 5.0), DeviceUse("ADS1115", None, 5.0)], ["signal_range"]
    )
    assert combine(checks) == "insufficient_evidence"
    assert all(f.spec != "supply_voltage" or f.device != "ADS1115" for c in checks for f in c.facts)


def test_a_value_past_an_absolute_maximum_rating_is_out_of_ratings() -> None:
    # The L298 states its continuous output current only as a rating: past it is a verdict,
    # within it is no permission.
    qa = DatasheetQA()
    over = qa.ask("L298 channel for a DC motor pulling 3 A continuously - will it handle it?")
    assert (over.status, over.verdict) == ("answered", "incompatible")
    assert over.items[0].section_kind == "absolute_maximum" and over.items[0].max == 2.0
    assert "absolute maximum rating" in over.answer
    within = qa.ask("L298 channel for a DC motor pulling 1.5 A continuously - ok?")
    assert within.status == "insufficient_evidence"
    assert any("no operating limit" in r for r in within.reasons)


def test_a_host_requirement_the_host_documents_do_not_state_is_not_settled() -> None:
    from search.datasheets._facts import Fact, FactStore

    def fact(device: str, spec: str, value: str, evidence: str) -> Fact:
        return Fact(
            device=device, spec=spec, parameter=spec, value=value, section_kind="general",
            doc=device.lower(), citation=f"{device.lower()}#p1", evidence=evidence,
        ).with_id()  # fmt: skip

    part = [
        fact("CCS811", "interface", "I2C", "I2C interface"),
        fact("CCS811", "host_requirement", "clock stretching", "requires the host supports it"),
    ]
    silent = FactIndex(FactStore([*part, fact("ESP32-WROOM-32", "interface", "I2C", "I2C")]))
    uses = [DeviceUse("CCS811"), DeviceUse("ESP32-WROOM-32")]
    (check,) = check_compatibility(silent, uses, ["interface"])
    assert check.outcome == "insufficient_evidence" and "clock stretching" in check.detail
    denied = FactIndex(
        FactStore(
            [
                *part,
                fact("ESP32-WROOM-32", "interface", "I2C", "I2C master, no clock stretching"),
            ]
        )
    )
    (check,) = check_compatibility(denied, uses, ["interface"])
    assert check.outcome == "incompatible"
    stated = FactIndex(
        FactStore(
            [*part, fact("ESP32-WROOM-32", "interface", "I2C", "I2C master with clock stretching")]
        )
    )
    assert check_compatibility(stated, uses, ["interface"])[0].outcome == "compatible"


def test_an_amplifier_input_is_checked_against_its_common_mode_range_at_the_supply() -> None:
    from search.datasheets._facts import Fact, FactStore

    def row(**kw: object) -> Fact:
        base = {"device": "LM358", "section_kind": "electrical_characteristics", "doc": "lm358"}
        return Fact(**{**base, "citation": "lm358#p2", **kw}).with_id()  # type: ignore[arg-type]

    facts = [
        row(spec="input_voltage_range", parameter="Differential Input Voltage Range",
            unit="V", evidence="VIDR VCC V", extra={"max_text": "VCC"}),
        row(spec="input_common_mode_range", parameter="Input Common Mode Voltage Range",
            min=0.0, max=28.3, unit="V", condition="VCC = 30 V", evidence="VICR 0 28.3 V"),
        row(spec="input_common_mode_range", parameter="Common mode voltage range", unit="V",
            evidence="The upper end of the common mode voltage range is VCC -1.7 V",
            extra={"max_text": "VCC - 1.7"}),
        Fact(device="XGZP6847A", spec="output_voltage_range", parameter="Output Range", min=0.5,
             max=4.5, unit="V", section_kind="electrical_characteristics", doc="xgzp6847a",
             citation="xgzp6847a#p2", evidence="Output Range 0.5~4.5 Vdc").with_id(),
    ]  # fmt: skip
    index = FactIndex(FactStore(facts))
    sensor = DeviceUse("XGZP6847A", None, 5.0)
    (at5,) = check_compatibility(index, [sensor, DeviceUse("LM358", None, 5.0)], ["signal_range"])
    assert at5.outcome == "incompatible" and "0 to 3.3 V" in at5.detail
    (at12,) = check_compatibility(index, [sensor, DeviceUse("LM358", None, 12.0)], ["signal_range"])
    assert at12.outcome == "compatible" and "0 to 10.3 V" in at12.detail


def test_a_buffer_for_a_part_reads_that_part_on_a_single_supply(qa: DatasheetQA) -> None:
    p = parse_question("LM358 running off a single 5 V supply as a buffer for the BME280?")
    assert [d.supply_v for d in p.devices][:1] == [5.0] and p.route == "compatibility"


def test_rules_from_wording_regulator_chain_and_bus_lines() -> None:
    from search.datasheets._compat import pick_rules

    index = DatasheetQA().index
    chain = [DeviceUse("SRB-5030"), DeviceUse("AMS1117", "3.3")]
    q = "AMS1117-3.3 after the SRB-5030's 5 V output to get a 3.3 V rail?"
    assert "supply" in pick_rules(q, index, chain)
    lines = [DeviceUse("ESP32-WROOM-32", None, 3.3), DeviceUse("MCP3008", None, 5.0)]
    q = "MCP3008 at 5 V with its SPI lines driven by a 3.3 V ESP32?"
    assert pick_rules(q, index, lines) == ["logic_levels"]
    # one shared data line is a question of the bus protocol, not of levels
    wire = [DeviceUse("DS18B20"), DeviceUse("DHT22")]
    assert "logic_levels" not in pick_rules(
        "Can I drop a DHT22 onto the same one-wire data line as my DS18B20s?", index, wire
    )
    # an ADC channel by name ("CH0") takes a signal, whatever pin drives it
    adc = [DeviceUse("XGZP6847A", None, 5.0), DeviceUse("MCP3008", None, 5.0)]
    q = "Hook the OUT pin of a 5V XGZP6847A straight to MCP3008 CH0 at VDD = VREF = 5 V - ok?"
    assert pick_rules(q, index, adc) == ["signal_range"]


@pytest.mark.parametrize(
    ("question", "verdict", "full_scale"),
    [
        ("Load cell rated 2 mV/V, excited from AVDD = 5 V, into HX711 at gain 128: fits?",
         "compatible", 19.53125),
        ("HX711 with AVDD = 3.3 V, gain 128, load cell rated 2 mV/V excited from AVDD: fits?",
         "compatible", 12.890625),
        ("HX711 AVDD = 3.3 V, gain 128, a 5 mV/V load cell excited from AVDD: does it fit?",
         "incompatible", 12.890625),
    ],
)  # fmt: skip
def test_a_bridge_output_against_a_full_scale_written_per_gain(
    question: str, verdict: str, full_scale: float
) -> None:
    from search.datasheets._facts import Fact, FactStore

    scaled = Fact(
        device="HX711", spec="full_scale_range", parameter="Full-scale differential input range",
        section_kind="electrical_characteristics", doc="hx711", citation="hx711#p3",
        evidence="input range V(inp)-V(inn) ±0.5(AVDD/GAIN) V",
        extra={"per_gain": "AVDD", "coefficient": 0.5, "formula_unit": "V"},
    ).with_id()  # fmt: skip
    a = DatasheetQA(FactStore([scaled])).ask(question)
    assert (a.status, a.verdict) == ("answered", verdict)
    assert a.items[0].max == pytest.approx(full_scale) and not a.violations
    unrated = DatasheetQA(FactStore([scaled])).ask("HX711 at gain 128 with a 1 kg load cell: fits?")
    assert unrated.verdict == "insufficient_evidence"


def test_a_module_output_high_below_a_coils_pick_up_never_pulls_it_in() -> None:
    a = DatasheetQA().ask(
        "HC-SR501 OUT pin straight across an SRD-05VDC-SL-C coil: will it pull in?"
    )
    assert (a.status, a.verdict) == ("answered", "incompatible")
    assert "3.75 V" in a.answer and "3.3 V" in a.answer


@pytest.mark.parametrize(
    "question",
    [
        "Can two SRB-5030 boards be paralleled on their outputs to get 6 A?",
        "SRB-5030 feeding a board with 1000 uF of input bulk cap - will it start up fine?",
    ],
)
def test_uses_no_stated_figure_settles_are_insufficient(question: str) -> None:
    a = DatasheetQA().ask(question)
    assert (a.status, a.verdict) == ("insufficient_evidence", "insufficient_evidence")


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        ("MCP3008 on a 3.3 V supply - can I clock its SPI at 2 MHz?", "insufficient_evidence"),
        ("MCP3008 at 3.3 V, SPI clock 1 MHz, ok?", "compatible"),
        ("MCP3008 at 5 V, SPI clock 3 MHz, ok?", "compatible"),
        ("MCP3008 at 5 V, SPI clock 4 MHz, ok?", "incompatible"),
    ],
)
def test_a_clock_limit_printed_per_supply_holds_at_the_stated_supply(
    question: str, verdict: str
) -> None:
    # MCP3008: 3.6 MHz at VDD = 5 V, 1.35 MHz at VDD = 2.7 V, nothing at 3.3 V.
    assert DatasheetQA().ask(question).verdict == verdict


def test_parts_counted_by_digit_or_word_share_a_bus() -> None:
    qa = DatasheetQA()
    for q in ("Can 3 BME280 sensors share one I2C bus?", "Can three BME280s share one I2C bus?"):
        assert qa.ask(q).verdict == "incompatible", q  # two addresses for three parts


def test_a_stated_figure_no_compared_fact_limits_leaves_the_verdict_open() -> None:
    qa = DatasheetQA()
    plain = qa.ask("Is the BH1750 ok on a 400 kHz I2C bus?")
    assert plain.verdict == "compatible"
    loaded = qa.ask("Is the BH1750 ok on a 400 kHz I2C bus with 350 pF of bus capacitance?")
    assert (loaded.status, loaded.verdict) == ("insufficient_evidence", "insufficient_evidence")
    assert any(c.rule == "stated_condition" and "350 pF" in c.detail for c in loaded.checks)


def test_supplies_listed_as_alternatives_are_each_weighed_unless_one_is_named() -> None:
    qa = DatasheetQA()
    both = qa.ask("LM358 on a single 5 V rail as a buffer for the XGZP6847A output?")
    spans = [c.detail for c in both.checks if c.rule == "signal_range"]
    assert any("0.2 to 2.7 V" in d for d in spans) and any("0.5 to 4.5 V" in d for d in spans)
    assert both.verdict == "incompatible"  # 4.5 V is past the LM358's 3.3 V common mode
    named = qa.ask(
        "XGZP6847A (the 3.3 V version) into an MCP3008 channel, VDD = VREF = 3.3 V: measurable?"
    )
    assert named.verdict == "compatible" and "0.5 to 4.5" not in named.answer


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        ("tb6612fng with Vcc = 3.3V, inputs straight from an ESP32: will that work?", "compatible"),
        ("With the TB6612FNG Vcc at 3.0 V, can the HC-SR501 output drive AIN1 directly?",
         "incompatible"),
    ],
)  # fmt: skip
def test_a_part_with_an_output_high_level_driving_input_thresholds_is_a_logic_question(
    question: str, verdict: str
) -> None:
    a = DatasheetQA().ask(question)
    assert a.verdict == verdict and {c.rule for c in a.checks} == {"logic_levels"}


def test_a_threshold_row_for_another_io_rail_voltage_is_not_used() -> None:
    # BH1750 VIH2 (1.26 V) holds for 1.65 V ≦ DVI < 1.8 V only: at DVI = 3.3 V it is VIH1.
    qa = DatasheetQA()  # the shipped facts
    a = qa.ask("BH1750 at VCC = DVI = 3.3 V on an I2C bus pulled up to 5 V. Is that allowed?")
    assert "1.26" not in a.answer, a.answer
    low = qa.ask("BH1750 with DVI at 1.7 V - min SCL/SDA high-level input voltage?")
    assert [i.min for i in low.items] == [1.26], low.answer


def test_a_figure_and_a_rail_in_two_cells_are_no_fraction_of_the_rail() -> None:
    from search.datasheets._validate import supply_fractions

    two_cells = fact(
        device="MPU-6050",
        spec="logic_supply_voltage",
        parameter="Voltage Range",
        min=1.71,
        unit="V",
        evidence="Voltage Range  VLOGIC must be ≤VDD at all times  1.71  VDD  V",
        citation="mpu-6050#p14",
    )
    assert supply_fractions(two_cells) == set()
    scaled = fact(
        device="X",
        spec="logic_high_threshold",
        parameter="VIH",
        min=0.7,
        unit="V",
        evidence="VIH  0.7 VDD  V",
        citation="x#p1",
    )
    assert supply_fractions(scaled) == {0.7}


def test_a_signal_outside_the_input_range_at_every_setting_needs_no_setting_named() -> None:
    qa = DatasheetQA()
    # 0.5-4.5 V against the ESP32 ADC's effective range at each attenuation (widest 0.15-2.45 V)
    a = qa.ask("XGZP6847A 5V version (0.5-4.5V out) wired straight to an ESP32 ADC pin?")
    assert a.status == "answered" and a.verdict == "incompatible", a.answer
    assert "at every atten setting" in a.answer and not a.violations


def test_an_output_must_source_what_the_input_it_drives_draws() -> None:
    from search.datasheets._facts import FactStore

    def source(ma: float) -> list:
        return [
            fact(
                device="DRV",
                spec="output_current",
                parameter="High-level source current",
                max=ma,
                unit="mA",
                section_kind="electrical_characteristics",
                citation="drv#p2",
                evidence=f"High-level source current {ma} mA",
            )
        ]

    enable = fact(
        device="RCV",
        spec="high_voltage_enable_current",
        parameter="High Voltage Enable Current",
        typ=30.0,
        max=100.0,
        unit="µA",
        section_kind="electrical_characteristics",
        citation="rcv#p3",
        evidence="High Voltage Enable Current 30 100 µA",
    )
    uses = [DeviceUse("DRV"), DeviceUse("RCV")]
    for ma, verdict in ((0.05, "incompatible"), (0.1, "compatible"), (20.0, "compatible")):
        index = FactIndex(FactStore([*source(ma), enable]))
        (check,) = check_compatibility(index, uses, ["input_current"])
        assert check.outcome == verdict, ma
        assert "up to 100 µA" in check.detail
    # a driver that states no output current: the input's draw is said, the verdict is open
    (check,) = check_compatibility(FactIndex(FactStore([enable])), uses, ["input_current"])
    assert check.outcome == "insufficient_evidence"
    assert check.detail == "no DRV output current it can source; RCV input draws up to 100 µA"
