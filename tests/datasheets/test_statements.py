"""Sentences that state one figure: kept apart from the rows, and quoted only when no row
answers and the sentence shares the question's words and asks the same quantity."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _qa_fixtures import fact

from search.datasheets._facts import FactStore
from search.datasheets._markdown import read_markdown
from search.datasheets._qa import DatasheetQA
from search.datasheets._tables import markdown_facts

MANUAL = (
    "# Load manual\n\n## 1. Ranges\n\n"
    "| Parameter | Min | Max | Unit |\n| --- | --- | --- | --- |\n"
    "| Input voltage | 0 | 60 | V |\n\n"
    "The load needs at least 1.2 V across its terminals to sink its full current. "
    "Send `CURR 1.0` to set it. AC bandwidth is 20 Hz to 300 kHz.\n\n"
    "## 2. Timing\n\nAfter a current step, allow 30 ms before taking a reading. "
    "Points 3 and 4 repeat. Hold the trigger low for 10 ms to wake it up, then wait for it. "
    "It pulls the line low for 80 us, then high for 80 us. It draws 2 A, then 3 A.\n"
)


@pytest.fixture
def qa(tmp_path: Path) -> DatasheetQA:
    path = tmp_path / "load.md"
    path.write_text(MANUAL, encoding="utf-8")
    return DatasheetQA(FactStore(markdown_facts(read_markdown(path), "TRN-2400", "load")[0]))


def test_sentences_with_one_figure_become_statements(tmp_path: Path) -> None:
    path = tmp_path / "load.md"
    path.write_text(MANUAL, encoding="utf-8")
    facts = markdown_facts(read_markdown(path), "TRN-2400", "load")[0]
    said = {(f.min, f.max, f.value, f.unit) for f in facts if f.spec == "statement"}
    assert (1.2, None, None, "V") in said  # "at least" is a minimum
    assert (None, None, 30.0, "ms") in said
    assert (None, None, "20 Hz to 300 kHz", "kHz") in said  # two units: as the sentence says
    # a quoted command, and a figure without a unit of a quantity, are not statements
    assert (None, None, 10.0, "ms") in said
    assert (None, None, 80.0, "us") in said  # one figure said twice; two figures are not one
    assert len(said) == 5


@pytest.mark.parametrize(
    ("question", "given"),
    [
        (
            "Minimum voltage the TRN-2400 needs across its terminals to sink its full current?",
            "min 1.2 V",
        ),
        ("TRN-2400: after a current step how long should my script wait before reading?", "30 ms"),
    ],
)
def test_a_statement_answers_when_no_row_does(qa: DatasheetQA, question: str, given: str) -> None:
    answer = qa.ask(question)
    assert answer.status == "answered" and given in answer.answer, answer.answer
    assert answer.citations and not answer.violations


def test_a_row_answers_before_any_statement(qa: DatasheetQA) -> None:
    answer = qa.ask("TRN-2400 input voltage range?")
    assert "0 to 60 V" in answer.answer and "1.2" not in answer.answer, answer.answer


def test_a_statement_of_another_quantity_or_with_one_shared_word_does_not(
    qa: DatasheetQA,
) -> None:
    assert qa.ask("TRN-2400 terminal current rating?").status == "insufficient_evidence"
    assert qa.ask("How long is the TRN-2400 warranty?").status == "insufficient_evidence"
    # "up" and "wait" in common is no subject in common
    after = qa.ask("How long do I have to wait after powering up the TRN-2400?")
    assert after.status == "insufficient_evidence", after.answer


def test_a_sentence_stating_a_rows_figure_again_is_cited_too() -> None:
    rows = [
        fact(
            device="AMS1117",
            spec="dropout_voltage",
            parameter="Dropout Voltage",
            typ=1.1,
            max=1.3,
            unit="V",
            citation="ams1117#p3",
            evidence="Dropout Voltage IOUT = 1A 1.1 1.3 V",
        ),
        fact(
            device="AMS1117",
            spec="statement",
            parameter="The dropout voltage is guaranteed maximum 1.3V at maximum output current.",
            max=1.3,
            unit="V",
            citation="ams1117#p1",
            evidence="The dropout voltage is guaranteed maximum 1.3V at maximum output current.",
        ),
        fact(
            device="AMS1117",
            spec="statement",
            parameter="Keep the input 1.3V above the output at all times.",
            value=1.3,
            unit="V",
            citation="ams1117#p2",
            evidence="Keep the input 1.3V above the output at all times.",
        ),
    ]
    answer = DatasheetQA(FactStore(rows)).ask("AMS1117 dropout voltage at 1 A?")
    assert answer.citations == ["ams1117#p3", "ams1117#p1"], answer.answer
    assert not answer.violations


def test_each_list_item_is_a_sentence_and_code_is_no_prose(tmp_path: Path) -> None:
    path = tmp_path / "notice.md"
    path.write_text(
        "# Notice\n\n## 4. Disposition\n\nAnswer per revision:\n\n"
        "- Revision A or B: 32.0 V, per this notice.\n"
        "- Revision C: 36.0 V, once released.\n\n"
        "Send these:\n\n    VOLT 24.000 -> (no response)\n",
        encoding="utf-8",
    )
    said = [f.parameter for f in markdown_facts(read_markdown(path), "SRB-5030", "notice")[0]]
    assert "Revision A or B: 32.0 V, per this notice." in said
    assert "Revision C: 36.0 V, once released." in said
    assert not [s for s in said if "VOLT" in s]
