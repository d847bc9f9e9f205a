"""Rules from the eighteenth held-out round, on the real documents."""

from __future__ import annotations

import pytest

from search.datasheets._qa import DatasheetQA


@pytest.fixture(scope="module")
def qa() -> DatasheetQA:
    return DatasheetQA()


def test_a_module_input_that_draws_current_asks_what_the_output_can_source(
    qa: DatasheetQA,
) -> None:
    # The HC-SR501 states its output levels but no output current: the 15 mA cannot be
    # checked, and its 4.5 to 20 V supply range settles nothing about it.
    answer = qa.ask(
        "Can the HC-SR501 OUT pin directly drive a 5 V relay module input that draws ~15 mA?"
    )
    assert answer.verdict == "insufficient_evidence", answer.answer


def test_a_temperature_whose_degree_sign_the_pdf_lost_is_read_in_celsius(
    qa: DatasheetQA,
) -> None:
    # The YF-S201 PDF stores "℃" as "?": "Working Temperature range: -25 to +80?"
    answer = qa.ask("What ambient temperature range is the YF-S201 rated to work in?")
    assert answer.status == "answered", answer.answer
    assert [(i.min, i.max, i.unit) for i in answer.items] == [(-25.0, 80.0, "°C")], answer.answer
