"""Rules from the twelfth held-out round, on hand-written facts: rows printed per temperature
window answer a stated temperature with the narrowest window that holds it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _qa_fixtures import fact

from search.datasheets._facts import FactStore
from search.datasheets._qa import DatasheetQA

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
