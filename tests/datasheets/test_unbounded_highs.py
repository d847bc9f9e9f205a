"""High levels with one end unprinted: a pulled-up line read by a part with no VIH row or no
limit above its supply, and a driver with a VOH minimum but no maximum into an input that has
one. Hand-written facts in the sources' own shapes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _qa_fixtures import esp32_supply, fact

from search.datasheets._compat import combine
from search.datasheets._extract import RowRecord, facts_from_row, map_spec
from search.datasheets._facts import Fact, FactStore
from search.datasheets._qa import DatasheetQA
from search.datasheets._route import parse_question

EC = "electrical_characteristics"


def _esp32_vih() -> Fact:
    return fact(
        device="ESP32-WROOM-32",
        spec="logic_high_threshold",
        parameter="High-level input voltage",
        symbol="VIH",
        unit="V",
        section_kind=EC,
        citation="esp32#p26",
        evidence="VIH High-level input voltage 0.75×VDD - VDD +0.3 V",
        extra={"min_text": "0.75×VDD", "max_text": "VDD +0.3"},
    )


def _dht22_supply() -> Fact:
    return fact(
        device="DHT22",
        spec="supply_voltage",
        parameter="Power supply",
        min=3.3,
        typ=5.0,
        max=6.0,
        unit="V",
        section_kind=EC,
        citation="dht22#p5",
        evidence="Power supply DC 3.3 5 6 V",
    )


def _bh1750() -> list[Fact]:
    return [
        fact(
            device="BH1750",
            spec="supply_voltage",
            parameter="VCC Voltage",
            min=2.4,
            typ=3.0,
            max=3.6,
            unit="V",
            section_kind="recommended_operating",
            citation="bh1750#p1",
            evidence="VCC Voltage Vcc 2.4 3.0 3.6 V",
        ),
        fact(
            device="BH1750",
            spec="logic_high_threshold",
            parameter="SCL, SDA Input ‘H’ Voltage 1",
            symbol="VIH1",
            unit="V",
            condition="DVI ≧ 1.8V",
            section_kind=EC,
            citation="bh1750#p2",
            evidence="SCL, SDA Input ‘H’ Voltage 1 VIH1 0.7 * DVI － － V DVI ≧ 1.8V",
            extra={"min_text": "0.7 * DVI"},
        ),
    ]


def _lm358_voh(minimum: float) -> Fact:
    return fact(
        device="LM358",
        spec="output_voltage_high",
        parameter="Output Voltage – High Limit",
        symbol="VOH",
        min=minimum,
        typ=3.5,
        unit="V",
        section_kind=EC,
        citation="lm358#p2",
        evidence=f"Output Voltage – High Limit VOH VCC = 5.0 V, RL = 2.0 kΩ {minimum} 3.5 V",
    )


def test_a_part_on_the_line_without_a_vih_row_leaves_the_line_unconfirmed() -> None:
    qa = DatasheetQA(FactStore([_esp32_vih(), esp32_supply("esp32#p26"), _dht22_supply()]))
    answer = qa.ask(
        "DHT22 powered at 5 V, data line pulled up to 3.3 V, read by an ESP32 GPIO: "
        "are the signal levels ok?"
    )
    assert answer.verdict == "insufficient_evidence", answer.answer
    assert "DHT22" in answer.answer


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        # 5 V is above its 3.3 V supply and nothing bounds its pins: not stated either way.
        ("BH1750 at VCC = DVI = 3.3 V on an I2C bus whose pull-ups go to 5 V. Allowed?", None),
        # The threshold follows DVI, not VCC: 0.7 × 1.8 = 1.26 V.
        (
            "BH1750 with VCC = 3.0 V on an I2C bus pulled up to 1.8 V (DVI tied to the 1.8 V "
            "rail). Supported?",
            "compatible",
        ),
    ],
)
def test_a_pulled_up_line_against_a_threshold_relative_to_dvi(
    question: str, verdict: str | None
) -> None:
    answer = DatasheetQA(FactStore(_bh1750())).ask(question)
    assert answer.verdict == (verdict or "insufficient_evidence"), answer.answer


@pytest.mark.parametrize(
    ("voh_min", "supply", "verdict"),
    [
        (3.3, 5, "insufficient_evidence"),  # may swing up to 5 V, above 3.6 V: not bounded
        (4.1, 5, "incompatible"),  # the guaranteed high is already above 3.6 V
        (2.7, 3.3, "compatible"),  # cannot rise above its own 3.3 V supply
    ],
)
def test_a_driver_without_a_voh_maximum(voh_min: float, supply: float, verdict: str) -> None:
    qa = DatasheetQA(FactStore([_esp32_vih(), esp32_supply("esp32#p26"), _lm358_voh(voh_min)]))
    answer = qa.ask(
        f"LM358 on a single {supply} V supply, output straight into an ESP32-WROOM-32 GPIO "
        "at 3.3 V: logic levels ok?"
    )
    # The facts hold no low levels: the verdict is the high side's.
    high = [c for c in answer.checks if "VOH" in c.detail]
    assert high and combine(high) == verdict, answer.answer


def test_a_supply_stated_as_the_rail_is() -> None:
    parsed = parse_question("ESP32 talking to an INA219 whose VS is 5 V over I2C")
    assert [d.supply_v for d in parsed.devices] == [None, 5.0]


@pytest.mark.parametrize(
    ("label", "symbol", "spec"),
    [
        ("SCL, SDA Input ‘H’ Voltage 1", "VIH1", "logic_high_threshold"),
        ("SCL, SDA Input ‘L’ Voltage 1", "VIL1", "logic_low_threshold"),
        # an address strap's and a reference pin's thresholds are not the bus lines'
        ("ADDR Input ‘H’ Voltage", "VAH", None),
        ("DVI Input ‘L’ Voltage", "VDVL", None),
    ],
)
def test_quoted_level_letters_name_the_input_thresholds(
    label: str, symbol: str, spec: str | None
) -> None:
    assert map_spec(label, symbol, "electrical") == spec


def test_a_bound_relative_to_dvi_is_kept_as_text() -> None:
    row = RowRecord(
        parameter="SCL, SDA Input ‘H’ Voltage 1",
        citation="bh1750#p2",
        section="Electrical Characteristics",
        section_kind="electrical",
        evidence="SCL, SDA Input ‘H’ Voltage 1 VIH1 0.7 * DVI － － V DVI ≧ 1.8V",
        page=2,
        symbol="VIH1",
        condition="DVI ≧ 1.8V",
        min="0.7 * DVI",
        unit="V",
    )
    facts, _ = facts_from_row(row, "BH1750", "bh1750")
    assert [(f.spec, f.min, f.extra.get("min_text")) for f in facts] == [
        ("logic_high_threshold", None, "0.7 * DVI")
    ]
