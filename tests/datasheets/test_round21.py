"""Rules from the twenty-first held-out round, on the real documents."""

from __future__ import annotations

import pytest

from search.datasheets._qa import DatasheetQA


@pytest.fixture(scope="module")
def qa() -> DatasheetQA:
    return DatasheetQA()


def test_a_part_named_again_is_the_same_part_not_its_own_load(qa: DatasheetQA) -> None:
    # "LM7805 ... the 7805 output ... the 7805's output": one regulator; "ACS712-05B ... the
    # ACS712": one sensor. The regulator's output is checked against the sensor's supply.
    answer = qa.ask(
        "12 V rail into an LM7805, and the 7805 output powering an ACS712-05B on the pump "
        "line. Is the 7805's output good for the ACS712?"
    )
    assert answer.verdict == "compatible", answer.answer
    assert {i.device for i in answer.items} == {"LM7805", "ACS712"}
