"""A quantity a manual states as a setting divided by a fixed number ("one LSB is the vertical
scale divided by 32") answers for the setting a question names, in that setting's unit."""

from __future__ import annotations

from pathlib import Path

import pytest

from search.datasheets._facts import Fact, FactStore
from search.datasheets._markdown import read_markdown
from search.datasheets._qa import DatasheetQA, _readable
from search.datasheets._tables import markdown_facts

MANUAL = (
    "# Scope manual\n\n## 1. Vertical settings\n\n"
    "The converter has 8 bits across the screen height, so one least significant bit is the "
    "vertical scale divided by 32 on every setting. On the 10 mV per division setting that is "
    "312 uV, enough for ripple.\n\n"
    "## 2. Meter\n\nThe shown resolution is the range divided by 1 000 000 on each range.\n"
)


def _facts(tmp_path: Path) -> list[Fact]:
    path = tmp_path / "scope.md"
    path.write_text(MANUAL, encoding="utf-8")
    return markdown_facts(read_markdown(path), "TRN-1102", "scope")[0]


@pytest.fixture
def qa(tmp_path: Path) -> DatasheetQA:
    return DatasheetQA(FactStore(_facts(tmp_path)))


def test_divided_setting_becomes_a_unitless_transfer(tmp_path: Path) -> None:
    facts = _facts(tmp_path)
    scales = {f.extra["output"]: f for f in facts if f.spec == "transfer"}
    assert scales["least significant bit"].extra["divisor"] == 32
    assert scales["least significant bit"].citation == "scope#1"
    assert scales["shown resolution"].extra["divisor"] == 1_000_000
    assert all(f.value is None for f in scales.values())  # no figure to look up on its own


@pytest.mark.parametrize(
    ("question", "value", "unit", "section"),
    [
        ("TRN-1102 at 20 mV/div: how big is one LSB?", 625, "µV", 1),
        ("trn-1102 at 2 V per division, what voltage is one least significant bit", 62.5, "mV", 1),
        ("TRN-1102 shown resolution on the 10 V range?", 10, "µV", 2),
    ],
)
def test_stated_setting_divided(
    qa: DatasheetQA, question: str, value: float, unit: str, section: int
) -> None:
    a = qa.ask(question)
    assert a.status == "answered", a.reasons
    assert a.items[0].value == pytest.approx(value) and a.items[0].unit == unit
    assert a.citations == [f"scope#{section}"]
    assert not a.violations


def test_no_setting_or_two_settings_is_not_computed(qa: DatasheetQA) -> None:
    assert qa.ask("TRN-1102: how big is one LSB?").status != "answered"
    assert qa.ask("TRN-1102 LSB at 20 mV/div or 50 mV/div?").task != "computed"


def test_readable_prefix() -> None:
    assert _readable(0.3125, "mV") == pytest.approx((312.5, "µV", 1000))
    assert _readable(2500, "mA") == pytest.approx((2.5, "A", 0.001))
    assert _readable(4.0, "LSB/g") == (4.0, "LSB/g", 1.0)


def test_shipped_manual_answers() -> None:
    a = DatasheetQA().ask("TRN-1102 scope at 200 mV/div, size of one ADC LSB?")
    assert a.status == "answered" and a.items[0].value == pytest.approx(6.25)
    assert a.items[0].unit == "mV" and a.citations == ["trn1102-programming-manual#1"]


def test_worked_example_of_the_source_is_given_beside_the_exact_figure(qa: DatasheetQA) -> None:
    a = qa.ask("TRN-1102 at 10 mV/div: how big is one LSB?")
    assert [(it.value, it.unit) for it in a.items] == [(312.5, "µV"), (312.0, "uV")]
    assert "that is 312 uV" in a.answer and not a.violations
    # another setting has no example of its own: only the figure worked out
    b = qa.ask("TRN-1102 at 20 mV/div: how big is one LSB?")
    assert [(it.value, it.unit) for it in b.items] == [(625.0, "µV")]
