"""Rules from the twenty-third held-out round, on the real documents."""

from __future__ import annotations

from search.datasheets._qa import DatasheetQA


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


def test_a_list_of_divider_settings_gets_the_row_of_each(qa: DatasheetQA) -> None:
    # "PGA /1, /2, /4 and /8" lists settings written with a slash: the B grade's row of each
    answer = qa.ask(
        "INA219B: max shunt offset voltage (RTI) for PGA /1, /2, /4 and /8 on the B grade?"
    )
    got = {(i.condition, i.max) for i in answer.items if i.spec == "input_offset_voltage"}
    assert {("PGA = /1", 50.0), ("PGA = /2", 75.0), ("PGA = /8", 100.0)} <= got
