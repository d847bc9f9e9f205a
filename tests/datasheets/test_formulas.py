"""Formulas the documents state, read as written and worked with a question's values."""

from __future__ import annotations

import pytest

from search.datasheets._answer import evaluate
from search.datasheets._formula import FORMULA_START, read_expression
from search.datasheets._qa import DatasheetQA


def _formulas(text: str) -> list[tuple[str | None, str]]:
    out = []
    for m in FORMULA_START.finditer(text):
        read = read_expression(text, m.end())
        if read is not None:
            out.append((m.group("bracketed") or m.group("name"), read[0]))
    return out


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "Resistance of Sensitive materials (Rs)=(Vc/VRL-1)×RL Power consumption",
            [("Rs", "( Vc / VRL - 1 ) * RL")],
        ),
        ("equal to VAVDD=VBG*(R1+R2)/ R1 (Fig. 1). This", [("VAVDD", "VBG * ( R1 + R2 ) / R1")]),
        (
            "Measure R1 and R2 and compute `0.800 * (1 + R1/R2)`.",
            [(None, "0.800 * ( 1 + R1 / R2 )")],
        ),
        # an exponent lost in extraction, a bracket multiplying unwritten, a pin's sign, a
        # table legend, one symbol only: none is read
        ("Ps=Vc2×Rs/(Rs+RL)2", []),
        ("PD = (VIN - VOUT) (IOUT)", []),
        ("IO = IREG + BQ1 (IREG–VBEQ1/R1)", []),
        ("CH0 = IN+ CH1 = IN-", []),
        ("LEGEND: R/W = Read/Write", []),
        ("LSB = FSR / 216", []),
        ("FSTEP = FXOSC/219 - 61.0 - Hz", []),
        # an exponent the PDF layer read as raised is read whole, not cut off ("/ 2"); only a
        # power of two or ten
        ("LSB = FSR * K / 2^16", [("LSB", "FSR * K / 2 ** 16")]),
        ("Y = A * B / 3^2", []),
        # a register field by its bit range is the field's value
        ("addresses 0x06 to 0x08: FRF = FSTEP × Frf(23,0) Note", [("FRF", "FSTEP * Frf")]),
    ],
)
def test_a_formula_is_read_whole_or_not_at_all(
    text: str, found: list[tuple[str | None, str]]
) -> None:
    assert _formulas(text) == found


def test_a_formula_is_worked_with_arithmetic_only() -> None:
    assert evaluate("( Vc / VRL - 1 ) * RL", {"Vc": 5.0, "VRL": 1.0, "RL": 4700.0}) == 18800.0
    assert evaluate("32 / 2 ** 19") == 32 / 524288
    with pytest.raises(ValueError, match="only numbers"):
        evaluate("__import__('os')", {})
    with pytest.raises(ValueError, match="only numbers"):
        evaluate("9 ** 99999", {})  # a power of two or ten only


@pytest.mark.parametrize(
    ("question", "result", "unit"),
    [
        (
            "MQ-2 wired with RL = 4.7k and Vc = 5.0 V; student reads VRL = 1.0 V. What sensor "
            "resistance Rs is that per Winsen's formula?",
            18800.0,
            "Ω",
        ),
        # no part named: the one document formula with both symbols, named VOUT in the BOM
        (
            "Measured in circuit: R1 = 103.5 kOhm, R2 = 20.0 kOhm. What output does that "
            "divider set?",
            4.94,
            "V",
        ),
    ],
)
def test_a_stated_formula_is_worked_with_every_value_the_question_gives(
    qa: DatasheetQA, question: str, result: float, unit: str
) -> None:
    answer = qa.ask(question)
    assert answer.status == "answered", answer.answer
    assert (round(answer.derived[0].result, 6), answer.derived[0].unit) == (result, unit)


def test_a_formula_missing_a_value_is_not_worked(qa: DatasheetQA) -> None:
    answer = qa.ask("MQ-2 with RL = 4.7k and VRL = 1.0 V: what Rs?")
    assert not any("formula" in d.label for d in answer.derived)
