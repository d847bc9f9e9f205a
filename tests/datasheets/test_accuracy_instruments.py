"""Instrument accuracy: ±(reading + range) per range and calibration interval."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _qa_fixtures import small_store

from search.datasheets._accuracy import (
    AccuracyError,
    accuracy_rows,
    compute_uncertainty,
    parse_amount,
    parse_interval,
)
from search.datasheets._qa import DatasheetQA


@pytest.fixture(scope="module")
def qa() -> DatasheetQA:
    return DatasheetQA(small_store())


@pytest.fixture(scope="module")
def shipped() -> DatasheetQA:
    return DatasheetQA()  # the facts shipped from the real manuals


def test_parse_helpers() -> None:
    assert parse_amount("100 mV") == (pytest.approx(0.1), "V")
    assert parse_amount("10 V") == (10.0, "V")
    assert parse_interval("90 day, 18 to 28 degC") == "90d"
    assert parse_interval("24 hour") == "24h"
    assert parse_interval("1 year") == "1y"


def test_manual_worked_example_figures() -> None:
    rows = [
        r for r in accuracy_rows(small_store().for_device("MDN-6100")) if r.range_text == "10 V"
    ]
    by = {r.interval: r for r in rows}
    # The manual: a 4.9930 V reading is good to 79.9, 164.8 and 224.8 uV (24 h, 90 d, 1 y).
    for interval, expected in (("24h", 79.916), ("90d", 164.825), ("1y", 224.755)):
        u = compute_uncertainty(by[interval], 4.993, "4.993", "V")
        assert u.unit == "µV"
        assert u.limit_si * 1e6 == pytest.approx(expected, abs=1e-6)


def test_ask_names_range_and_interval(qa: DatasheetQA) -> None:
    a = qa.ask(
        "What is the accuracy of the MDN-6100 at a 5 V reading on the 10 V range after 90 days?"
    )
    assert a.status == "answered"
    assert a.derived[-1].result == pytest.approx(165.0)
    assert a.items[0].applies_to["range"] == "10 V"
    assert a.items[0].applies_to["calibration_interval"] == "90 day"
    assert not a.violations


def test_range_written_from_zero_is_that_range(qa: DatasheetQA) -> None:
    # "its 0-40 V range" names the 40 V range; no "-40 V" range is asked for
    a = qa.ask("MDN-6100 reads 5 V on its 0-10 V range, 90 day spec: accuracy?")
    assert a.status == "answered", a.reasons
    assert a.items[0].applies_to["range"] == "10 V"


def test_no_interval_gives_one_figure_per_interval(qa: DatasheetQA) -> None:
    a = qa.ask("What is the uncertainty of a 5 V reading on the MDN-6100 10 V range?")
    assert a.status == "answered"
    assert len(a.items) == 3


def test_no_range_picks_smallest_that_holds(qa: DatasheetQA) -> None:
    a = qa.ask("How accurate is an MDN-6100 reading of 50 mV after 1 year?")
    assert a.items[0].applies_to["range"] == "100 mV"


def test_reading_above_range_is_refused(qa: DatasheetQA) -> None:
    a = qa.ask("What is the uncertainty of a 12 V reading on the MDN-6100 10 V range?")
    assert a.status == "insufficient_evidence"
    assert "above the 10 V range" in a.answer
    rows = accuracy_rows(small_store().for_device("MDN-6100"))
    with pytest.raises(AccuracyError):
        compute_uncertainty(next(r for r in rows if r.range_text == "10 V"), 12.0, "12", "V")


def test_fixed_second_term(qa: DatasheetQA) -> None:
    a = qa.ask("How accurate is the MDN-4010 voltage readback for a 24 V reading?")
    assert a.status == "answered"
    assert a.derived[-1].result == pytest.approx(17.0) and a.derived[-1].unit == "mV"


def test_single_span_rows_with_setting_and_reading() -> None:
    """A load's rows: one span (0 to 30 A), a setting row and a readback row for the same unit."""
    from _qa_fixtures import fact

    from search.datasheets._facts import FactStore

    rows = [
        fact(
            device="TRN-2400",
            spec="accuracy",
            parameter="Constant current",
            section_kind="accuracy",
            citation="trn2400-programming-manual#1",
            applies_to={
                "function": "Constant current",
                "range": "0 to 30.000 A",
                "calibration_interval": "1 year",
            },
            extra={
                "pct_reading": 0.1,
                "reading_basis": "setting",
                "range_si": 30.0,
                "range_si_unit": "A",
                "range_value": 30.0,
                "range_unit": "A",
            },
            evidence="| Constant current | 0 to 30.000 A | 1 mA | +/-(0.1% of setting + 10 mA) |",
        ),
        fact(
            device="TRN-2400",
            spec="accuracy",
            parameter="Current readback",
            section_kind="accuracy",
            citation="trn2400-programming-manual#1",
            applies_to={
                "function": "Current readback",
                "range": "0 to 30.000 A",
                "calibration_interval": "1 year",
            },
            extra={
                "pct_reading": 0.1,
                "reading_basis": "reading",
                "range_si": 30.0,
                "range_si_unit": "A",
                "range_value": 30.0,
                "range_unit": "A",
            },
            evidence="| Current readback | 0 to 30.000 A | 0.1 mA | +/-(0.1% of reading + 5 mA) |",
        ),
    ]
    qa = DatasheetQA(FactStore(rows))
    a = qa.ask("How accurate is the TRN-2400 current readback at 2 A?")
    assert a.status == "answered" and a.derived[-1].result == pytest.approx(7.0)
    b = qa.ask("How accurate is the TRN-2400 constant current setting at 2 A?")
    assert b.derived[-1].result == pytest.approx(12.0)
    c = qa.ask("How accurate is the TRN-2400 current readback at 31 A?")
    assert c.status == "insufficient_evidence"


def test_temperature_coefficient_outside_the_band() -> None:
    shipped = DatasheetQA()
    hot = shipped.ask(
        "MDN-6100 reads 48.000 V DC on the 100 V range, 1-year spec, enclosure at 31 °C: accuracy?"
    )
    assert hot.status == "answered" and not hot.violations, hot.answer
    # 45 ppm × 48 V + 6 ppm × 100 V, plus (31 - 28) × (4.5 ppm × 48 V + 0.6 ppm × 100 V)
    assert hot.derived[-1].result == pytest.approx(3.588)
    assert hot.derived[-1].unit == "mV"
    # The in-band limit (2.76 mV) and the terms (2.16 mV, 0.6 mV) are steps, never figures of
    # their own: the arithmetic is shown with its inputs.
    for step in ("2.76", "2.16", "0.828"):
        assert step not in hot.answer and float(step) not in [d.result for d in hot.derived]
    assert "45 ppm × 48.000 V + 6 ppm × 100 V + 3 × (4.5 ppm × 48.000 V" in hot.answer
    cold = shipped.ask(
        "MDN-6100 accuracy on the 1 V range reading 0.25 V, 1-year spec, room at 15 °C?"
    )
    assert cold.derived[-1].result == pytest.approx(16.25)
    inside = shipped.ask(
        "MDN-6100 accuracy, 100 V range, reading 48.000 V, 1-year, inside 18-28 °C?"
    )
    assert inside.derived[-1].result == pytest.approx(2.76)
    # No coefficient stated: the specification does not reach 35 °C.
    none = shipped.ask("MDN-4010 programmed to 12.000 V at 35 °C: output programming accuracy?")
    assert none.status == "insufficient_evidence"
    assert "18 to 28 degC" in none.reasons[0]


def test_a_programmed_setting_and_how_far_off_it_can_be() -> None:
    shipped = DatasheetQA()
    # "I program" is a setting (the programming row, + 10 mV), not a readback.
    a = shipped.ask("I program the MDN-4010 to 12.000 V. Within what tolerance is the output?")
    assert a.task == "accuracy" and a.derived[-1].result == pytest.approx(16.0), a.answer
    b = shipped.ask("TRN-2400 load set to 3.000 A constant current: how far off can it be?")
    assert b.task == "accuracy" and b.derived[-1].result == pytest.approx(13.0), b.answer


@pytest.mark.parametrize(
    ("question", "uncertainty"),
    [
        # an instrument's reply to a measure query is a reading in the unit the query measures
        ("MDN-4010 MEAS:VOLT? returns 12.000 - how far off can that readback be?", "±11 mV"),
        ("MDN-4010 MEAS:CURR? returns 0.2270 (A). How accurate is that readback?", "±3.227 mA"),
        # "what's the +/-" asks the uncertainty
        ("On the MDN-6100, 0.8000 V DC on the 1 V range, 1-year spec - what's the +/- ?", "±29 µV"),
    ],
)
def test_query_replies_and_plus_minus_wording_ask_the_uncertainty(
    shipped: DatasheetQA, question: str, uncertainty: str
) -> None:
    answer = shipped.ask(question)
    assert answer.status == "answered", answer.answer
    assert f"= {uncertainty}" in answer.answer
