"""Rules from the twenty-third held-out round, on the real documents."""

from __future__ import annotations

import pytest

from search.datasheets._qa import DatasheetQA


@pytest.fixture(scope="module")
def qa() -> DatasheetQA:
    return DatasheetQA()


def test_each_set_of_blocks_a_question_lists_gets_its_row(qa: DatasheetQA) -> None:
    # three sets listed one after another (the first beside "normal mode"): the row of each,
    # and not the accelerometer-only or low-power rows nobody asked for
    answer = qa.ask(
        "Power budget for the MPU-6050 in normal mode: supply current with gyro + accel + DMP, "
        "with gyro + accel (DMP off), and gyro only?"
    )
    assert sorted((i.typ, i.unit) for i in answer.items) == [
        (3.6, "mA"),
        (3.8, "mA"),
        (3.9, "mA"),
    ]
