"""Rules from the thirty-fourth held-out round, on the real documents."""

from __future__ import annotations

from pathlib import Path

import pytest

from search.datasheets._markdown import read_markdown
from search.datasheets._pdf import read_pdf
from search.datasheets._qa import DatasheetQA
from search.datasheets._route import parse_question
from search.datasheets._tables import markdown_facts


def test_each_temperature_band_is_answered(qa: DatasheetQA) -> None:
    # DS18B20 p2: thermometer error ±0.5 °C (-10 to +85), ±1 °C (-30 to +100), ±2 °C (-55 to
    # +125); the p1 feature list states only the first band, and its label is "Accuracy"
    for question in (
        "DS18B20 accuracy over its different temperature bands?",
        "ds18b20 accuracy for each temperature range",
    ):
        answer = qa.ask(question)
        assert answer.status == "answered", answer.reasons
        assert all(f"±{x} °C" in answer.answer for x in ("0.5", "1", "2")), answer.answer
    # "each temperature range" is how the accuracy is asked, not the operating range as well
    assert parse_question("ds18b20 accuracy for each temperature range").specs == [("accuracy",)]
    assert parse_question("ds18b20 operating temperature range").specs == [
        ("operating_temperature",)
    ]


def test_the_rating_asked_beside_the_range_is_an_item_of_its_own(qa: DatasheetQA) -> None:
    # CCS811 p6: supply 1.8 to 3.3 V; p5 absolute maximum 3.6 V
    answer = qa.ask("ccs811 supply: recommended VDD range and the abs max?")
    assert answer.status == "answered", answer.reasons
    assert "1.8 to 3.3 V [ccs811#p6]" in answer.answer
    assert "3.6 V [ccs811#p5], absolute maximum" in answer.answer


def test_an_output_symbol_that_measures_a_level_is_a_reading(qa: DatasheetQA) -> None:
    # ACS712-20A at 5 V: 2.5 V at 0 A, 100 mV/A, so 3.00 V is 5 A
    answer = qa.ask("ACS712-20A on a 5V supply, VIOUT measures 3.00 V. How much current?")
    assert answer.status == "answered", answer.reasons
    assert "5 A" in answer.answer


def test_a_register_field_set_to_a_value_goes_into_its_formula(qa: DatasheetQA) -> None:
    # RFM95W p81 table 35: Imax = -30 + 10 * OcpTrim for OcpTrim 16 to 27
    answer = qa.ask("rfm95w: if I set OcpTrim to 20 in RegOcp what's the PA current limit?")
    assert answer.status == "answered", answer.reasons
    assert "170 mA" in answer.answer


def test_a_row_condition_names_the_device_a_question_leaves_out(qa: DatasheetQA) -> None:
    # calibration-procedure §1: fixture channel offsets FIX-01 to FIX-04, 3 months
    answer = qa.ask("how often do the fixture channel offsets (FIX-01..04) have to be re-verified?")
    assert answer.status == "answered", answer.reasons
    assert "3 months" in answer.answer
    assert answer.citations == ["calibration-procedure#1"]


def test_an_output_stage_no_document_states_is_not_settled(qa: DatasheetQA) -> None:
    # YF-S201 p2 says "5V TTL" and nothing of the output stage
    answer = qa.ask(
        "YF-S201: can I power it at 5V but pull the signal up to 3.3V, i.e. is the "
        "output open-collector?"
    )
    assert answer.status == "insufficient_evidence"
    assert answer.verdict == "insufficient_evidence"


def test_an_error_code_is_read_from_the_manuals_error_table(qa: DatasheetQA) -> None:
    # mdn4010-programming-manual §6: "| -222 | Data out of range | A numeric parameter ..."
    answer = qa.ask("MDN-4010 returned error -222 — what does that code mean?")
    assert answer.status == "answered", answer.reasons
    assert "Data out of range" in answer.answer
    assert answer.citations == ["mdn4010-programming-manual#6"]
    # a code the table does not hold is no answer
    assert "Data out of range" not in qa.ask("MDN-4010 returned error -999, meaning?").answer


def test_an_error_table_gives_each_code_its_text_and_cause(tmp_path: Path) -> None:
    doc = tmp_path / "manual.md"
    doc.write_text(
        "# Manual\n\n## 3. Errors\n\n| Code | Text | Cause |\n| --- | --- | --- |\n"
        "| -113 | Undefined header | No such command. |\n| n/a | Not a code | Skipped. |\n",
        encoding="utf-8",
    )
    facts, _ = markdown_facts(read_markdown(doc), "MDN-4010", "manual")
    errors = [
        (f.applies_to["code"], f.value, f.condition, f.citation)
        for f in facts
        if f.spec == "error_code"
    ]
    assert errors == [(-113, "Undefined header", "No such command.", "manual#3")]


PDFS = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "datasheets"


@pytest.mark.skipif(not PDFS.is_dir(), reason=f"shared datasheets absent at {PDFS}")
def test_a_raised_exponent_is_not_flattened_into_its_base() -> None:
    # RFM95W p13: "FSTEP = FXOSC/2" with "19" printed raised and smaller
    lines = [ln.text for ln in read_pdf(PDFS / "rfm95w.pdf").pages[12].lines]
    assert any("FXOSC/2^19" in t for t in lines)
    # LM7805: a note number in brackets ("Line Regulation(20)") stays as printed
    text = "\n".join(ln.text for p in read_pdf(PDFS / "lm7805.pdf").pages for ln in p.lines)
    assert "Regulation(20)" in text and "^" not in text


def test_clk_is_the_clock(qa: DatasheetQA) -> None:
    # MCP3008 p4: clock frequency 3.6 MHz max at VDD = 5 V
    answer = qa.ask("Max CLK frequency for the MCP3008 when running from 5V?")
    assert answer.status == "answered", answer.reasons
    assert "3.6 MHz" in answer.answer


def test_a_row_printed_at_a_bare_voltage_does_not_answer_another(qa: DatasheetQA) -> None:
    # YF-S201 p2: "Max current draw: 15mA @ 5V", nothing at 12 V
    answer = qa.ask("How much current does the YF-S201 draw when powered from 12 V?")
    assert answer.status == "insufficient_evidence"
    assert "supply current: insufficient evidence" in answer.answer
    assert qa.ask("YF-S201 current draw at 5 V?").status == "answered"


def test_a_clause_giving_the_sensor_a_supply_powers_the_one_sensor(qa: DatasheetQA) -> None:
    # YF-S201 output is 5 V TTL (p2) on 5 V; ESP32 VIH max 3.6 V (p26)
    answer = qa.ask(
        "YF-S201 signal wire straight into an ESP32-WROOM-32 GPIO, sensor on 5V - safe?"
    )
    assert answer.verdict == "incompatible", answer.answer


def test_an_error_code_is_found_by_what_raises_it(qa: DatasheetQA) -> None:
    answer = qa.ask(
        "which error code does the MDN-4010 return if I program a voltage out of range, like 45 V?"
    )
    assert answer.status == "answered", answer.reasons
    assert "-222" in answer.answer
    two = qa.ask("MDN-4010 error code after sending two commands in one message?")
    assert "-108" in two.answer
    # the table's rows are reached by their codes or causes only, never as a figure labelled
    # "error" (which had printed "error 0: Queue overflow")
    assert "Queue overflow" not in qa.ask("what errors can the MDN-4010 report?").answer


def test_the_input_a_regulators_output_spec_holds_from(qa: DatasheetQA) -> None:
    # AMS1117 p2: AMS1117-5.0 output voltage "6.5V ≤ VIN ≤ 12V"; the p4 sentence about the
    # adjustable part's 1.25 V reference answers nothing here
    answer = qa.ask(
        "What's the minimum input voltage for the AMS1117-5.0 to meet its output voltage spec?"
    )
    assert answer.status == "answered", answer.reasons
    assert "6.5V ≤ VIN ≤ 12V" in answer.answer
    assert "1.25" not in answer.answer


def test_a_part_driving_a_load_of_a_stated_voltage_is_checked(qa: DatasheetQA) -> None:
    # TB6612FNG p3: VM 2.5 to 13.5 V recommended
    answer = qa.ask("tb6612fng driving a 24 V motor (VM = 24 V)?")
    assert answer.verdict == "incompatible", answer.answer
    assert qa.ask("tb6612fng driving a 12 V motor?").verdict == "compatible"


def test_a_symbol_written_before_its_value_states_it(qa: DatasheetQA) -> None:
    # srb5030-test-spec §5 step 6: (VOUT * IOUT) / (VIN * IIN) * 100
    answer = qa.ask(
        "srb5030 step 6: VIN 24.0 V, IIN 0.6730 A, VOUT 4.979 V, IOUT 3.000 A. efficiency?"
    )
    assert answer.status == "answered", answer.reasons
    assert "92.4777" in answer.answer
    # MQ-2 p4: Rs = (Vc / VRL - 1) x RL
    assert "10.9667 kΩ" in qa.ask("mq-2 basic circuit, Vc 5.0 V, RL 4.7k, VRL 1.5 V. Rs?").answer
