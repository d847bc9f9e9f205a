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


def test_the_voltage_left_for_a_load_is_the_supply_less_the_total_drop(qa: DatasheetQA) -> None:
    worst = qa.ask("L298 on 24 V driving 2 A: what voltage does the motor actually see?")
    assert worst.status == "answered"
    assert "19.1 V" in worst.answer and "maximum total drop 4.9 V" in worst.answer
    typical = qa.ask("tb6612fng at 5 V, 0.3 A: typical voltage across the motor?")
    assert "4.85 V" in typical.answer
    # a drop printed at no current the question states is not used
    assert "left for the load" not in qa.ask("L298 at 12 V, 1.5 A: voltage at the motor?").answer


def test_a_raw_count_is_read_through_the_datasheets_own_per_count_formula(
    qa: DatasheetQA,
) -> None:
    # default MTreg: the worked example's divisor, rounded as the example rounds it
    default = qa.ask("bh1750 high byte 0x02 low byte 0x00, default MTreg: how many lux?")
    assert "512 / 1.2 = 426.667 lx (≈ 427 lx)" in default.answer
    assert {"bh1750#p7", "bh1750#p11"} <= set(default.citations)
    # a stated MTreg and the half-step mode go through the formula of that mode
    scaled = qa.ask("BH1750 in H-resolution mode2 with MTreg = 138 reads a count of 600, lux?")
    assert "600 / 1.2 * (69 / 138) / 2 = 125 lx" in scaled.answer
    # the low-resolution mode at another MTreg has no formula: no figure is worked out
    assert "reading at a count" not in qa.ask("bh1750 L-res, MTreg 31, count 100, lux?").answer


def test_an_expression_may_round_to_a_whole_number() -> None:
    from search.datasheets._answer import evaluate

    assert evaluate("round(272 / 1.2)") == 227.0
    assert evaluate("round(-2.5)") == -3.0


def test_a_medium_no_fact_names_is_not_one_the_part_is_shown_to_suit(qa: DatasheetQA) -> None:
    answer = qa.ask("can i use the yf-s201 for metering cooking oil?")
    assert answer.status == "insufficient_evidence"
    assert answer.verdict == "insufficient_evidence"
    assert "names oil" in answer.answer and "given for water" in answer.answer
    assert "yf-s201#p2" in answer.citations
    # a battery's chemistry is no medium the part handles, and a stated figure is weighed
    lead = qa.ask("INA219 on a 12 V lead-acid battery at 14.4 V, ok with BRNG=0 (16 V range)?")
    assert "names acid" not in lead.answer


def test_a_small_table_over_its_caption_in_one_column_is_read(qa: DatasheetQA) -> None:
    # HX711 Table 3 sits in the right column of p4, the prose of the left column on its lines
    b = qa.ask("hx711 how many PD_SCK pulses per read to get channel B next?")
    assert "26 (Input channel B, Gain 32) [hx711#p4]" in b.answer
    each = qa.ask("HX711: number of clock pulses for channel A gain 128 and for gain 64?")
    assert "25" in each.answer and "27" in each.answer
    # how long a pulse may stay high is a time, not a number of pulses
    stretched = qa.ask("HX711 with PD_SCK pulses stretched to 70 µs high - within spec?")
    assert "pulse count" not in stretched.answer


def test_a_bullet_taken_for_a_section_does_not_outrank_the_row_named(qa: DatasheetQA) -> None:
    # the p1 feature row sits under the bullet "Simultaneous 50 and 60Hz supply rejection":
    # its "supply" is the spec's own word, no sign of the section asked
    answer = qa.ask("HX711 digital supply current in normal operation?")
    assert answer.answer.startswith("HX711 supply current: typ 100 µA (Normal) [hx711#p3]")


def test_asked_why_a_revision_keeps_the_old_figure_the_notice_says_why(qa: DatasheetQA) -> None:
    answer = qa.ask("srb-5030 rev C: max continuous input, and why can it go higher than rev B?")
    assert "max 36 V per srb5030-datasheet#3" in answer.answer
    assert "63 V X7R" in answer.answer and "ecn-2608-04#3" in answer.citations
    # not asked why: the figure alone
    assert "X7R" not in qa.ask("srb-5030 rev C max input voltage?").answer


def test_a_limit_of_error_is_also_given_to_a_tenth_of_its_unit(qa: DatasheetQA) -> None:
    answer = qa.ask("TRN-2400 MEAS:VOLT? gives 4.9930 V on the 60 V range, 1-year accuracy?")
    assert "= ±7.4965 mV (≈ ±7.5 mV)" in answer.answer
    assert any(d.expression.startswith("round(") for d in answer.derived)
    # a limit already at a tenth is said once
    assert "≈" not in qa.ask("MDN-4010 reads back 2.000 A: readback accuracy, 1 year?").answer


def test_a_derated_rail_is_also_given_to_a_tenth_of_a_volt(qa: DatasheetQA) -> None:
    answer = qa.ask("under DR-14 what's the highest rail a 50 V srb-5030 input cap supports?")
    assert "50 / 1.5 = 33.3333 V (≈ 33.3 V)" in answer.answer
