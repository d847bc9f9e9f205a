"""Rules from the twentieth held-out round, on the real documents."""

from __future__ import annotations

import pytest

from search.datasheets._qa import DatasheetQA
from search.datasheets._route import parse_question


@pytest.fixture(scope="module")
def qa() -> DatasheetQA:
    return DatasheetQA()


@pytest.mark.parametrize(
    ("question", "spec", "figures"),
    [
        # "abs max on VDD": the supply rating only, not the operating supply range beside it
        ("RFM95W abs max on VDD?", "absolute_max_supply_voltage", (-0.5, None, 3.9)),
        # "in sleep ... the worst-case current it can draw": the verb is the sleep current
        # named, not every supply-current row (idle, synthesizer, receive)
        (
            "Telemetry uses an RFM95W. When the radio is parked in sleep between bursts, what's "
            "the worst-case current it can draw?",
            "sleep_current",
            (None, None, 1.0),
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


def test_what_an_output_pin_sources_is_asked_of_the_driving_part(qa: DatasheetQA) -> None:
    question = (
        "Can an HC-SR501 output pin source the input current an L298 ENABLE pin draws when high?"
    )
    assert ("output_current",) in parse_question(question).specs
    # the PIR module states no output current, so whether it can source the enable current
    # cannot be told
    assert qa.ask(question).verdict == "insufficient_evidence"
