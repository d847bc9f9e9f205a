"""Rules from the twentieth held-out round, on the real documents."""

from __future__ import annotations

import pytest

from search.datasheets._qa import DatasheetQA
from search.datasheets._route import parse_question


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


@pytest.mark.parametrize(
    ("question", "spec", "figures"),
    [
        # "the longest a single measurement can take": the measurement time, at its maximum
        (
            "The grow-light sensor is a BH1750 in continuous H-resolution mode. Longest a single "
            "measurement can take?",
            "conversion_time",
            (None, None, 180.0),
        ),
        # "guaranteed to source": the least an output delivers, from the source row (not the
        # sink row that also names 15 V)
        (
            "How much current is an LM358 output guaranteed to source (15 V supply)?",
            "output_current",
            (20.0, None, None),
        ),
    ],
)
def test_what_is_asked_by_its_verb(
    qa: DatasheetQA, question: str, spec: str, figures: tuple[float | None, ...]
) -> None:
    answer = qa.ask(question)
    assert [(i.spec, (i.min, i.typ, i.max)) for i in answer.items] == [(spec, figures)], (
        answer.answer
    )


def test_a_source_row_outranks_a_sink_row_that_matches_the_stated_supply(qa: DatasheetQA) -> None:
    answer = qa.ask("LM358 guaranteed minimum output source current (the VCC = 15 V test)?")
    assert [(i.min, i.unit) for i in answer.items] == [(20.0, "mA")], answer.answer


def test_a_sentence_working_out_the_figure_answers_how_much(qa: DatasheetQA) -> None:
    # no row gives the divider's current, and the resistor rows are no current
    answer = qa.ask("SRB-5030 BOM: how much current flows through the R1/R2 feedback divider?")
    assert [(i.value, i.unit, i.citation) for i in answer.items] == [(40.0, "uA", "srb5030-bom#2")]


@pytest.mark.parametrize(
    ("question", "figures"),
    [
        # "over load, line and temperature (not just at 25C)": the row over the whole range,
        # and the 25 °C point set aside is no second item
        (
            "LM7805 from a 12 V rail, load 5 mA to 1 A, enclosure runs hot. Output voltage band "
            "guaranteed over load, line and temperature (not just at 25C)?",
            [(4.75, 5.25)],
        ),
        # "the full operating-temperature band" (hyphenated) is the range asked over
        (
            "AMS1117-3.3 in a box that runs warm or sits in an unheated shed: I need the full "
            "operating-temperature band, worst-case min and max VOUT?",
            [(3.201, 3.399)],
        ),
    ],
)
def test_a_figure_asked_over_temperature_is_the_row_over_the_range(
    qa: DatasheetQA, question: str, figures: list[tuple[float, float]]
) -> None:
    answer = qa.ask(question)
    assert [(i.min, i.max) for i in answer.items] == figures, answer.answer


def test_an_ambient_stated_as_a_range_is_a_condition_not_an_item(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "ADS1115 in a garage, ambient anywhere from -10 to 40C, converting continuously. "
        "Worst-case supply current over the full temp range (not just at 25C)?"
    )
    assert [(i.spec, i.max) for i in answer.items] == [("supply_current", 300.0)], answer.answer


@pytest.mark.parametrize(
    ("question", "figure"),
    [
        # a mode the part is left in, then the current asked: that mode's current
        ("RFM95W sitting in standby between packets, crystal on -- max current draw?", 1.8),
        ("When the INA219 is put in power-down mode, what is its maximum quiescent current?", 15.0),
    ],
)
def test_a_mode_stated_first_is_the_mode_whose_current_is_asked(
    qa: DatasheetQA, question: str, figure: float
) -> None:
    answer = qa.ask(question)
    assert {i.spec for i in answer.items} == {"sleep_current"}, answer.answer
    assert {i.max for i in answer.items} == {figure}, answer.answer


def test_a_voltage_asked_takes_no_row_of_another_quantity(qa: DatasheetQA) -> None:
    # the "Slew rate, CC mode" row shares "CC mode" but is no voltage; the manual's sentence is
    answer = qa.ask(
        "TRN-2400 load in CC mode: what's the minimum voltage across its terminals for it to "
        "sink the full set current?"
    )
    assert [(i.min, i.unit) for i in answer.items] == [(1.2, "V")], answer.answer


def test_a_hyphenated_bus_voltage_range_is_one_item(qa: DatasheetQA) -> None:
    # "bus-voltage" is the INA219's bus voltage, not the I2C bus, and it says whose
    # full-scale range is asked
    answer = qa.ask("INA219, BRNG = 0: what bus-voltage full-scale range do I get?")
    assert {(i.spec, i.max, i.unit) for i in answer.items} == {
        ("input_voltage_range", 16.0, "V")
    }, answer.answer


def test_coil_ratings_listed_are_each_answered(qa: DatasheetQA) -> None:
    answer = qa.ask("SRD relay: the 5V coil versus the 24V coil, what coil current does each draw?")
    assert [(i.typ, i.unit) for i in answer.items] == [(71.42, "mA"), (15.0, "mA")], answer.answer


def test_a_case_that_is_an_enclosure_asks_no_worst_case(qa: DatasheetQA) -> None:
    # "the case loggers": the enclosure, not the worst case; both stated figures are given
    answer = qa.ask(
        "For the case loggers: BME280 vs DHT22, what humidity accuracy does each state?"
    )
    assert 2.0 in [i.max for i in answer.items if i.device == "DHT22"], answer.answer
