"""Bench instruments in compatibility questions: a programmable supply feeding a part, an
electronic load sinking a rail, each checked against the ranges its manual gives."""

from __future__ import annotations

import pytest

from search.datasheets._answer import Answer
from search.datasheets._compat import DeviceUse
from search.datasheets._facts import Fact, FactStore
from search.datasheets._qa import DatasheetQA
from search.datasheets._retrieval import FactIndex


@pytest.fixture(scope="module")
def shipped() -> DatasheetQA:
    return DatasheetQA()  # the facts shipped from the real manuals and datasheets


def _derived(a: Answer, label: str) -> float:
    return next(d.result for d in a.derived if label in d.label)


def _failed(a: Answer) -> list[str]:
    return [c.detail for c in a.checks if c.outcome == "incompatible"]


@pytest.mark.parametrize(
    "question",
    [
        "Bench check: can the MDN-4010 supply an SRB-5030 at 24 V in while the board delivers "
        "its full 3 A?",
        "Is the MDN-4010 big enough to feed an SRB-5030 at 24 V in with the board loaded to its "
        "full 3 A?",
    ],
)
def test_supply_feeding_a_converter_works_out_its_input_current(
    shipped: DatasheetQA, question: str
) -> None:
    a = shipped.ask(question)
    assert (a.status, a.verdict) == ("answered", "compatible")
    assert a.violations == []
    # 5 V × 3 A = 15 W out; over 92.5 % at 24 V in that is 15 / (0.925 × 24) A, × 24 V in
    assert _derived(a, "output power") == pytest.approx(15.0)
    assert _derived(a, "input current") == pytest.approx(15 / (0.925 * 24))
    assert _derived(a, "power at the terminals") == pytest.approx(15 / 0.925)
    efficiency = [i for i in a.items if i.spec == "efficiency"]
    assert [(i.typ, i.citation) for i in efficiency] == [(92.5, "srb5030-datasheet#5")]
    assert "mdn4010-programming-manual#2" in a.citations
    compared = {i.parameter for i in a.items if i.device == "MDN-4010"}
    assert {"Voltage programming", "Current limit programming", "Output power"} <= compared


def test_supply_set_above_its_programming_range_is_incompatible(shipped: DatasheetQA) -> None:
    a = shipped.ask("MDN-4010 powering an SRB-5030 at 45 V input?")
    assert (a.status, a.verdict) == ("answered", "incompatible")
    outside = "45 V is outside the MDN-4010 voltage programming 0 to 40 V"
    assert any(outside in d for d in _failed(a))


def test_converter_without_efficiency_at_the_point_is_insufficient(shipped: DatasheetQA) -> None:
    # efficiency is tabulated at 12 V and 24 V in only: the 12 V figure is not used at 9 V
    a = shipped.ask(
        "MDN-4010 set to 9.000 V with a 1.750 A current limit feeding an SRB-5030 loaded to "
        "3 A - will the supply stay out of current limit?"
    )
    assert (a.status, a.verdict) == ("insufficient_evidence", "insufficient_evidence")
    assert any("no SRB-5030 efficiency stated at 9 V in and 3 A out" in r for r in a.reasons)


def test_converter_with_no_efficiency_fact_names_it_missing() -> None:
    store = FactStore.load(with_chunks=False)
    facts = [f for f in store.facts if not (f.device == "SRB-5030" and f.spec == "efficiency")]
    qa = DatasheetQA(FactStore(facts, [], store.notices))
    a = qa.ask("Can the MDN-4010 supply an SRB-5030 at 24 V in while it delivers 3 A?")
    assert a.verdict == "insufficient_evidence"
    assert "no SRB-5030 efficiency" in a.reasons


def test_a_current_limit_set_below_the_draw_is_incompatible(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "MDN-4010 at 24 V with a 0.5 A current limit feeding an SRB-5030 delivering 3 A - ok?"
    )
    assert a.verdict == "incompatible"
    assert _failed(a) == ["the 0.6757 A drawn is over the 0.5 A current limit set"]


def test_electronic_load_below_its_full_current_voltage_is_incompatible(
    shipped: DatasheetQA,
) -> None:
    a = shipped.ask("Can I use the TRN-2400 to pull 10 A from a 1.0 V core rail?")
    assert (a.status, a.verdict) == ("answered", "incompatible")
    (failed,) = _failed(a)
    assert "1 V is below the 1.2 V the TRN-2400 needs" in failed
    assert any(i.spec == "statement" and i.min == 1.2 for i in a.items)
    assert a.citations == ["trn2400-programming-manual#1"]


def test_electronic_load_sinking_a_converters_rated_output(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "Can the TRN-2400 e-load sink the SRB-5030's full rated output (5 V, 3 A) for the "
        "load-reg test?"
    )
    assert (a.status, a.verdict) == ("answered", "compatible")
    assert _derived(a, "power at the terminals") == pytest.approx(15.0)
    compared = {i.parameter for i in a.items if i.device == "TRN-2400"}
    assert {"Input voltage", "Constant current", "Input power"} <= compared


def test_electronic_load_over_its_input_power_is_incompatible(shipped: DatasheetQA) -> None:
    a = shipped.ask("Can the TRN-2400 sink 12 A at 48 V?")
    assert (a.status, a.verdict) == ("answered", "incompatible")
    assert _derived(a, "power at the terminals") == pytest.approx(576.0)
    assert _failed(a) == [
        "48 V × 12 A = 576 W is outside the TRN-2400 input power 300 W "
        "(trn2400-programming-manual#1)"
    ]


def _row(device: str, parameter: str, unit: str, high: float) -> Fact:
    return Fact(
        device=device,
        spec="measurement_range",
        parameter=parameter,
        min=0.0,
        max=high,
        unit=unit,
        si_min=0.0,
        si_max=high,
        si_unit=unit,
        citation=f"{device.lower()}#1",
    ).with_id()


def test_the_role_is_read_from_the_range_rows_not_the_model_name() -> None:
    from search.datasheets._compat import bench_role  # imported here: the rule is what is tested

    facts = [
        _row("ACME-1", "Voltage programming", "V", 60.0),
        _row("ACME-1", "Current limit programming", "A", 5.0),
        _row("ACME-2", "Input voltage", "V", 80.0),
        _row("ACME-2", "Constant current", "A", 40.0),
        _row("ACME-3", "Voltage readback", "V", 40.0),
        _row("ACME-3", "Current readback", "A", 10.0),
    ]
    index = FactIndex(FactStore(facts, [], []))
    roles = [bench_role(index, DeviceUse(f"ACME-{n}")) for n in (1, 2, 3)]
    assert roles == ["supply", "load", None]
