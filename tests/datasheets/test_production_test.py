"""A production test specification's step table: each step's pass limits become facts of the
board it tests, filed apart, and answer only questions about production test."""

from __future__ import annotations

from pathlib import Path

import pytest

from search.datasheets._facts import Fact, FactStore
from search.datasheets._markdown import read_markdown
from search.datasheets._qa import DatasheetQA
from search.datasheets._tables import _spelled_out, markdown_facts

SPEC = (
    "# Board test specification\n\n## 4. Test Steps and Limits\n\n"
    "| Step | Measurement | Conditions | Lower | Upper | Unit |\n"
    "| --- | --- | --- | --- | --- | --- |\n"
    "| 2 | IQ_NL | VIN 24.0 V, no load | | 25.00 | mA |\n"
    "| 4 | LINE_REG | VIN 9.0 V to 32.0 V, IOUT 1.000 A | | 0.300 | % |\n"
    "| 6 | EFF_FL | VIN 24.0 V, IOUT 3.000 A | 88.00 | | % |\n"
)
DATASHEET = (
    "# Board datasheet\n\n## 4. Electrical Characteristics\n\n"
    "| Parameter | Conditions | Min | Typ | Max | Unit |\n| --- | --- | --- | --- | --- | --- |\n"
    "| Efficiency | VIN = 12.0 V, IOUT = 3.0 A | | 94.6 | | % |\n"
)


def _facts(tmp_path: Path, name: str, text: str) -> list[Fact]:
    path = tmp_path / f"{name}.md"
    path.write_text(text, encoding="utf-8")
    return markdown_facts(read_markdown(path), "SRB-5030", name)[0]


@pytest.fixture
def qa(tmp_path: Path) -> DatasheetQA:
    return DatasheetQA(
        FactStore([*_facts(tmp_path, "spec", SPEC), *_facts(tmp_path, "sheet", DATASHEET)])
    )


def test_step_rows_are_production_limits_with_their_names_spelled_out(tmp_path: Path) -> None:
    facts = _facts(tmp_path, "spec", SPEC)
    assert {f.section_kind for f in facts} == {"production_test"}
    rows = {(f.spec, f.parameter, f.min, f.max) for f in facts}
    assert ("line_regulation", "Line regulation (LINE_REG, step 4)", None, 0.3) in rows
    assert ("efficiency", "Efficiency full load (EFF_FL, step 6)", 88.0, None) in rows
    # the input span the step sweeps is a figure of its own
    assert ("input_voltage_range", 9.0, 32.0) in {(f.spec, f.min, f.max) for f in facts}


@pytest.mark.parametrize(
    ("mnemonic", "words"),
    [("LINE_REG", "line regulation"), ("I_LIM", "current limit"), ("R_OUT", "output resistance")],
)
def test_mnemonics_in_words(mnemonic: str, words: str) -> None:
    assert _spelled_out(mnemonic) == words


def test_a_pass_limit_answers_only_a_production_question(qa: DatasheetQA) -> None:
    design = qa.ask("SRB-5030 efficiency at full load?")
    assert "94.6" in design.answer and "88" not in design.answer, design.answer
    test = qa.ask("What minimum full-load efficiency must an SRB-5030 meet in production test?")
    assert "88" in test.answer and "94.6" not in test.answer, test.answer
    sweep = qa.ask("SRB-5030: what input range is the line-reg step swept over in production test?")
    assert "9 to 32 V" in sweep.answer, sweep.answer


SWEEP = (
    "# Board datasheet\n\n## 5. Typical Performance: Efficiency\n\n"
    "| VIN (V) | IOUT (A) | VOUT (V) | IIN (A) | POUT (W) | PIN (W) | Efficiency (%) |\n"
    "| --- | --- | --- | --- | --- | --- | --- |\n"
    "| 12.0 | 1.0 | 4.9900 | 0.4339 | 4.990 | 5.206 | 95.8 |\n"
    "| 12.0 | 3.0 | 4.9760 | 1.3154 | 14.928 | 15.784 | 94.6 |\n"
    "| 24.0 | 3.0 | 4.9790 | 0.6730 | 14.937 | 16.151 | 92.5 |\n"
)


def test_a_sweep_names_its_terminal_symbols_and_answers_current_and_loss(tmp_path: Path) -> None:
    facts = _facts(tmp_path, "sheet", SWEEP)
    assert {f.parameter for f in facts} >= {"Input current (IIN)", "Input power (PIN)"}
    qa = DatasheetQA(FactStore(facts))
    current = qa.ask("SRB-5030 input current at 12 V in with a 3 A load?")
    assert [i.typ for i in current.items] == [1.3154]
    loss = qa.ask("SRB-5030 at 24 V in and 3 A: how many watts does the board dissipate?")
    assert loss.task == "computed" and loss.items[0].typ == pytest.approx(16.151 - 14.937)
    assert not loss.violations
