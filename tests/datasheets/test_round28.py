"""Rules from the twenty-eighth held-out round, on the real documents."""

from __future__ import annotations

from search.datasheets._qa import DatasheetQA


def test_a_range_printed_twice_for_a_part_is_one_range(qa: DatasheetQA) -> None:
    # the ACS712 selection guide (p2) and its characteristics table (p5) both give the 05B ±5 A
    answer = qa.ask("acs712-05B on a 5.0V supply, what output voltage should i expect at +1A?")
    assert answer.status == "answered", answer.answer
    assert "2.685 V" in answer.answer
    # a figure of the selection guide is cited beside the table's
    typical = qa.ask("typical sensitivity of the 30A acs712?")
    assert "66 mV/A" in typical.answer and "acs712#p2" in typical.citations
