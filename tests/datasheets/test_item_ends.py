"""Rules from the seventeenth held-out round, on the real documents: an item the question asks
one end of ("min VIH, max VIL") is answered with that end only."""

from __future__ import annotations

import pytest

from search.datasheets._qa import DatasheetQA


@pytest.fixture(scope="module")
def qa() -> DatasheetQA:
    return DatasheetQA()


def test_each_item_gets_the_end_asked_of_it(qa: DatasheetQA) -> None:
    answer = qa.ask("ESP32-WROOM-32 with VDD = 3.0 V: max VIL and min VIH, in volts?")
    results = sorted(d.result for d in answer.derived)
    assert results == pytest.approx([0.75, 2.25]), answer.answer
    # without an end named, both ends of the supply-relative range are worked out
    both = qa.ask("ESP32-WROOM-32 with VDD = 3.0 V: VIH?")
    assert 3.3 in [pytest.approx(d.result) for d in both.derived], both.answer
