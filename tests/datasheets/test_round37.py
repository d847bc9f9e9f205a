"""Rules from the thirty-seventh held-out round, on the real documents."""

from __future__ import annotations

from pathlib import Path

import pytest

from search.datasheets._qa import DatasheetQA


@pytest.mark.parametrize(
    ("question", "verdict", "said", "cited"),
    [
        # a stated rail the other part draws from: the SRB-5030 is the load, not the INA219's
        # supply; 24 V sits inside the INA219's -0.3 to 26 V common-mode rating (ina219 p4)
        (
            "INA219 high-side on a regulated 24.0 V supply feeding an SRB-5030. Is 24 V common "
            "mode OK for the INA219?",
            "compatible",
            "24 V is within -0.3 to 26 V",
            "ina219#p4",
        ),
        # the other part's own rail: rev B's highest input is 32.0 V (ECN-2608-04 §1)
        (
            "Can an INA219 monitor the input rail of an SRB-5030 rev B running at its max rated "
            "input?",
            "incompatible",
            "32 V is outside -0.3 to 26 V",
            "ecn-2608-04#1",
        ),
        # its output band tops out at 5.1 V (srb5030-datasheet §4)
        (
            "Can an INA219 monitor the SRB-5030's output?",
            "compatible",
            "SRB-5030 output at its highest, 5.1 V",
            "srb5030-datasheet#4",
        ),
    ],
)
def test_a_current_monitor_sits_at_the_voltage_of_the_rail_it_monitors(
    qa: DatasheetQA, question: str, verdict: str, said: str, cited: str
) -> None:
    answer = qa.ask(question)
    assert answer.verdict == verdict, answer.answer
    assert said in answer.answer
    assert cited in answer.citations
    assert "supply range" not in answer.answer  # the other part does not power the monitor


def test_a_monitored_rail_whose_top_depends_on_the_revision_is_checked_per_revision(
    qa: DatasheetQA,
) -> None:
    answer = qa.ask("Can an INA219 monitor the input rail of an SRB-5030?")
    assert answer.verdict == "incompatible"
    assert "32 V, revision A/B" in answer.answer and "36 V, revision C" in answer.answer


@pytest.mark.parametrize(
    "question",
    [
        "how much heat does the srb5030 dissipate at 24V in / 3A out",
        "SRB-5030 power dissipation at 24 V in, 3 A out?",
    ],
)
def test_heat_dissipated_is_input_less_output_power_with_the_documents_own_working(
    qa: DatasheetQA, question: str
) -> None:
    answer = qa.ask(question)
    assert answer.status == "answered", answer.reasons
    # srb5030-datasheet §5, the 24 V / 3 A row: 16.151 W in, 14.937 W out
    assert answer.derived[0].expression == "16.151 - 14.937"
    # §7 works the same subtraction: "the board dissipates 16.151 - 14.937 = 1.21 W"
    assert answer.citations == ["srb5030-datasheet#5", "srb5030-datasheet#7"]
    assert "= 1.21 W" in answer.answer


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        # ams1117 p2: the 5.0 V row holds for 6.5V ≤ VIN ≤ 12V; p3: dropout max 1.3 V
        ("AMS1117-5.0 from a USB 5V input to get a 5V rail - will it regulate?", "incompatible"),
        ("Can I run an AMS1117-5.0 from 6 V?", "incompatible"),
        ("Can I run an AMS1117-3.3 from 6 V?", "compatible"),
    ],
)
def test_a_regulator_run_from_a_stated_input_needs_output_plus_dropout(
    qa: DatasheetQA, question: str, verdict: str
) -> None:
    answer = qa.ask(question)
    assert answer.verdict == verdict, answer.answer
    assert "dropout 1.3 V" in answer.answer
    if verdict == "incompatible":
        # the input span the output row is specified over is a figure of the answer
        assert any(it.spec == "input_voltage_range" and it.min == 6.5 for it in answer.items)


def test_a_converter_without_a_dropout_run_from_a_rail_is_checked_on_its_input_range(
    qa: DatasheetQA,
) -> None:
    answer = qa.ask("Can I run a revision B SRB-5030 from a 36 V nominal rail?")
    assert answer.verdict == "incompatible"
    assert "36 V is outside max 32 V [ecn-2608-04#1]" in answer.answer


def test_a_verb_for_the_spec_meets_the_rows_noun(qa: DatasheetQA) -> None:
    # l298 p3: "Total Drop ... IL = 1A ... 3.2 V", the like of the TB6612FNG's Vsat(U+L)
    answer = qa.ask("which drops less voltage at 1A, L298 or TB6612FNG? give the max figures")
    assert answer.route == "comparison"
    assert "(Total Drop): max 3.2 V" in answer.answer
    assert "(0.7 V vs 3.2 V)" in answer.answer


def test_a_word_spelled_right_is_not_corrected_to_another() -> None:
    from search.datasheets._route import normalize_question

    assert normalize_question("in normal operation?") == "in normal operation?"


def test_a_level_outside_the_measuring_range_has_no_accuracy(qa: DatasheetQA) -> None:
    # yf-s201 p2: "Working Flow Rate: 1 to 30 L/min", "Accuracy: ±10%"
    answer = qa.ask("YF-S201 accuracy at 0.5 L/min?")
    assert answer.status == "insufficient_evidence"
    assert "0.5 L/min is outside the range the YF-S201 measures over: 1 to 30 L/min" in (
        answer.answer
    )
    assert qa.ask("YF-S201 accuracy at 10 L/min?").status == "answered"
    # a row printed at a level of that quantity says itself where it holds (bh1750 p2)
    assert qa.ask("bh1750 in total darkness (0 lx), H-res mode: max count?").status == "answered"


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # ina219 p5: PGA /8 full scale ±320 mV across 0.1 Ω
        (
            "INA219 with a 0.1 ohm shunt and PGA set to /8 — biggest current I can measure?",
            "= 3.2 A",
        ),
        # l298 p3: Total Drop max 3.2 V at IL = 1 A
        (
            "L298, VS = 12 V, 1 A load. Worst case, how much voltage actually reaches the motor?",
            "voltage left for the load at 12 V, 1 A: 8.8 V",
        ),
    ],
)
def test_more_words_for_a_worked_limit(qa: DatasheetQA, question: str, said: str) -> None:
    answer = qa.ask(question)
    assert answer.status == "answered", answer.reasons
    assert said in answer.answer


def test_a_product_named_by_its_pins_is_a_party_we_hold_nothing_on(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "Raspberry Pi 4 GPIO driving the TB6612FNG inputs with TB6612 Vcc = 3.3 V - compatible?"
    )
    assert answer.verdict == "insufficient_evidence"
    assert "no facts are held for Raspberry Pi 4" in answer.answer
    # a part of ours named by its pins is checked
    own = qa.ask("Can the ESP32-WROOM-32 GPIO drive the TB6612FNG inputs at Vcc 5 V?")
    assert own.verdict == "incompatible"


def test_two_codes_each_part_of_one_ordering_code_are_compared(qa: DatasheetQA) -> None:
    # acs712 p5: 05B 185 mV/A, 30A 66 mV/A; "ELCTR-30A" is a part of "ACS712ELCTR-30A-T"
    answer = qa.ask("Compare typical sensitivity of ACS712 ELCTR-05B vs ELCTR-30A")
    assert answer.route == "comparison"
    assert "typ 185 mV/A" in answer.answer and "typ 66 mV/A" in answer.answer


@pytest.mark.parametrize(
    ("question", "expression", "cited"),
    [
        # tb6612fng p5: Vsat(U+L) max 0.7 V at IO = 1 A
        (
            "TB6612FNG at Vcc = VM = 5 V, 1 A per channel: worst-case conduction loss per "
            "channel from the output saturation spec?",
            "0.7 * 1",
            "tb6612fng#p5",
        ),
        # l298 p3: Total Drop max 3.2 V at IL = 1 A
        ("L298 at 1 A: how many watts are lost in the bridge?", "3.2 * 1", "l298#p3"),
    ],
)
def test_a_drivers_loss_is_its_total_drop_times_the_current(
    qa: DatasheetQA, question: str, expression: str, cited: str
) -> None:
    answer = qa.ask(question)
    assert answer.status == "answered", answer.reasons
    assert answer.derived[0].expression == expression and answer.derived[0].unit == "W"
    assert answer.citations == [cited]


def test_a_current_from_the_power_figure_over_the_voltage_stated(qa: DatasheetQA) -> None:
    # mq-2 p3: "Heater consumption PH ≤950mW"
    answer = qa.ask(
        "sizing a supply for MQ-2 heaters: worst case heater current per sensor at the nominal "
        "5.0V, based on the heater power spec?"
    )
    assert answer.status == "answered", answer.reasons
    assert answer.derived[0].expression == "950 / 5" and answer.derived[0].unit == "mA"
    assert "190 mA" in answer.answer and answer.citations == ["mq-2#p3"]


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        # bme280 p8: sleep current max 0.3 µA; a budget covers a draw up to its maximum
        ("My coin cell gives 20 uA. Enough for the BME280 in sleep mode?", "compatible"),
        ("Is 0.2 uA enough for the BME280 in sleep mode?", "incompatible"),
    ],
)
def test_a_current_on_offer_must_cover_the_largest_draw(
    qa: DatasheetQA, question: str, verdict: str
) -> None:
    answer = qa.ask(question)
    assert answer.verdict == verdict, answer.answer
    assert "the maximum 0.3 µA the part draws [bme280#p8]" in answer.answer


def test_a_current_budget_held_against_the_sleep_asks_the_sleep_current(
    qa: DatasheetQA,
) -> None:
    # the module datasheet gives no deep-sleep current (it defers to the ESP32 series one)
    answer = qa.ask(
        "Solar harvester on my node can only supply ~50 uA average. Is that enough to keep an "
        "ESP32-WROOM-32 alive in deep sleep, going by its datasheet?"
    )
    assert answer.verdict == "insufficient_evidence"
    assert "ESP32-WROOM-32 sleep current: insufficient evidence" in answer.answer


PDFS = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "datasheets"


@pytest.mark.skipif(not PDFS.is_dir(), reason=f"shared datasheets absent at {PDFS}")
def test_a_footnote_that_bounds_a_rows_figure_is_kept_with_the_row() -> None:
    from search.datasheets._pdf import read_pdf
    from search.datasheets._tables import _limit_footnotes

    # ina219 p5: "Bus voltage (input voltage) range" carries mark (2), set small beside it
    notes = _limit_footnotes(read_pdf(PDFS / "ina219.pdf"))
    note = notes[(5, "Bus voltage (input voltage) range")]
    assert note.startswith("(2)") and "In no event should more than 26 V be applied" in note


def test_the_footnote_is_said_with_the_figure_it_bounds_once(qa: DatasheetQA) -> None:
    answer = qa.ask("INA219 max bus voltage?")
    assert answer.status == "answered"
    assert "max 32 V (BRNG = 1)" in answer.answer
    assert answer.answer.count("In no event should more than 26 V be applied") == 1


def test_the_most_a_footnote_allows_is_a_figure_when_the_most_is_asked(qa: DatasheetQA) -> None:
    # "bus voltage" is the INA219's bus input, not its shunt's current-sense range
    answer = qa.ask("Highest bus voltage the INA219 can sense?")
    assert answer.items[0].spec == "input_voltage_range"
    limits = [it for it in answer.items if it.parameter == "the most its footnote allows applied"]
    assert limits and all(it.max == 26.0 and it.citation == "ina219#p5" for it in limits)
    # the full scale of one setting asked is that setting's figure alone
    brng = qa.ask("INA219 with BRNG cleared to 0 -- what bus-voltage full-scale range is that?")
    assert not any(it.max == 26.0 for it in brng.items)
