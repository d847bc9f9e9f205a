"""Ingestion: real corpora into facts, and bad files that must not poison stored facts."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest
from pypdf import PdfWriter

from search.datasheets import FactStore, ingest
from search.datasheets._ingest import collect_paths

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "data"
PDFS = SHARED / "datasheets"
BENCH = SHARED / "srb5030-bench"

needs_pdfs = pytest.mark.skipif(not PDFS.is_dir(), reason=f"shared datasheets absent at {PDFS}")
needs_bench = pytest.mark.skipif(
    not BENCH.is_dir(), reason=f"shared bench corpus absent at {BENCH}"
)


def _blank_pdf(path: Path) -> None:
    w = PdfWriter()
    w.add_blank_page(width=200, height=200)
    with path.open("wb") as fh:
        w.write(fh)


def _encrypted_copy(src: Path, dst: Path) -> None:
    w = PdfWriter(clone_from=str(src))
    w.encrypt(user_password="secret", owner_password="owner")
    with dst.open("wb") as fh:
        w.write(fh)


@needs_pdfs
def test_bad_pdfs_get_clear_errors_and_leave_stored_facts_alone(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    good = docs / "dht22.pdf"
    shutil.copy(PDFS / "dht22.pdf", good)
    out = tmp_path / "facts"
    first = ingest([good], out, with_chunks=False)
    assert first.ok
    before = (out / "dht22.facts.jsonl").read_bytes()
    assert before

    # The same stem, now broken three ways: each run must fail for that file only.
    buf = io.BytesIO()
    w = PdfWriter()
    w.add_blank_page(width=100, height=100)
    w.write(buf)
    good.write_bytes((PDFS / "dht22.pdf").read_bytes()[:4000])  # truncated
    r1 = ingest([good], out)
    _encrypted_copy(PDFS / "dht22.pdf", good)
    r2 = ingest([good], out)
    _blank_pdf(good)
    r3 = ingest([good], out)
    reasons = [r.files[0].reason for r in (r1, r2, r3)]
    assert reasons == ["corrupt", "encrypted", "no_text_layer"]
    for r in (r1, r2, r3):
        assert not r.ok
        assert "dht22.pdf" in (r.files[0].error or "")
    assert (out / "dht22.facts.jsonl").read_bytes() == before
    assert not list(out.glob("*.tmp"))


def test_unknown_unit_is_reported_and_skipped(tmp_path: Path) -> None:
    doc = tmp_path / "srb9999-datasheet.md"
    doc.write_text(
        "# Orbeck SRB-5030 test sheet\n\nA made-up sheet.\n\n## 1. Electrical Characteristics\n\n"
        "| Parameter | Min | Typ | Max | Unit |\n| --- | --- | --- | --- | --- |\n"
        "| Output voltage | 4.9 | 5.0 | 5.1 | V |\n| Supply current | | 3 | 4 | zorks |\n",
        encoding="utf-8",
    )
    report = ingest([doc], tmp_path / "out", with_chunks=False)
    f = report.files[0]
    assert f.ok and f.facts == 1
    assert any("zorks" in w and "srb9999-datasheet#1" in w for w in f.warnings)
    store = FactStore.load(tmp_path / "out")
    (fact,) = store.query("SRB-5030", "output_voltage")
    assert (fact.min, fact.typ, fact.max, fact.unit) == (4.9, 5.0, 5.1, "V")
    assert fact.citation == "srb9999-datasheet#1"


def test_unsupported_and_missing_files(tmp_path: Path) -> None:
    txt = tmp_path / "notes.txt"
    txt.write_text("hello", encoding="utf-8")
    report = ingest([txt, tmp_path / "nope.pdf"], tmp_path / "out")
    assert [f.reason for f in report.files] == ["unsupported", "missing"]


@needs_bench
def test_bench_supersession_is_found_in_the_documents(tmp_path: Path) -> None:
    report = ingest([BENCH], tmp_path, with_chunks=True)
    assert report.ok
    assert "SOURCE" not in {f.doc for f in report.files}
    store = FactStore.load(tmp_path)
    (old,) = [
        f
        for f in store.query("SRB-5030", "input_voltage_range")
        if f.citation == "srb5030-datasheet#3"
    ]
    assert old.max == 36.0 and old.section_kind == "recommended_operating"
    assert old.superseded_by == "ecn-2608-04#1"
    assert old.superseded_for == {"board_revision": ["A", "B"]}
    assert old.extra["remains_valid_for"] == {"board_revision": ["C"]}
    new = store.get(old.superseded_by_id or "")
    assert new is not None
    assert new.max == 32.0 and new.unit == "V" and new.min is None
    assert new.applies_to["board_revision"] == ["A", "B"]
    assert new.supersedes == "srb5030-datasheet#3"
    assert "32.0 V" in new.evidence
    # Absolute maximum stays apart from the operating limit.
    (absmax,) = store.query("SRB-5030", "absolute_max_input_voltage")
    assert absmax.max == 40.0 and absmax.section_kind == "absolute_maximum"
    # Re-ingesting is idempotent: one notice fact, not two.
    ingest([BENCH / "ecn-2608-04.md", BENCH / "srb5030-datasheet.md"], tmp_path)
    again = FactStore.load(tmp_path)
    assert len([f for f in again.facts if f.supersedes]) == 1
    chunks = {c.citation: c for c in again.chunks_for("ecn-2608-04")}
    change = chunks["ecn-2608-04#1"]
    assert "32.0 V" in change.text and change.heading == "1. Change"
    assert len(change.neighbours) == 2


@needs_bench
def test_accuracy_tables_become_structured_facts(tmp_path: Path) -> None:
    ingest(
        [BENCH / "mdn6100-programming-manual.md", BENCH / "mdn4010-programming-manual.md"], tmp_path
    )
    store = FactStore.load(tmp_path)
    acc = [
        f
        for f in store.query("MDN-6100", "accuracy")
        if f.applies_to.get("range") == "10 V"
        and f.applies_to.get("calibration_interval") == "1 year"
        and f.applies_to.get("function") == "DC volts"
    ]
    assert len(acc) == 1
    f = acc[0]
    assert f.extra["pct_reading"] == pytest.approx(0.0035)
    assert f.extra["pct_range"] == pytest.approx(0.0005)
    assert f.citation == "mdn6100-programming-manual#2"
    # 35 ppm of 4.9930 V + 5 ppm of 10 V = 224.8 uV, as the manual's worked example says.
    u = f.extra["pct_reading"] / 100 * 4.9930 + f.extra["pct_range"] / 100 * f.extra["range_si"]
    assert u == pytest.approx(224.8e-6, rel=1e-3)
    ac = [f for f in store.query("MDN-6100", "accuracy") if "AC volts" in str(f.applies_to)]
    assert ac and ac[0].extra["pct_reading"] == pytest.approx(0.06)
    psu = [
        f
        for f in store.query("MDN-4010", "accuracy")
        if f.applies_to.get("function") == "Voltage readback"
    ]
    assert psu[0].extra["pct_reading"] == pytest.approx(0.05)
    assert psu[0].extra["offset"] == 5.0 and psu[0].extra["offset_unit"] == "mV"


def test_collect_paths_skips_provenance_notes(tmp_path: Path) -> None:
    (tmp_path / "SOURCE.md").write_text("x", encoding="utf-8")
    (tmp_path / "a.md").write_text("# A\n", encoding="utf-8")
    assert [p.name for p in collect_paths([tmp_path])] == ["a.md"]


def test_shipped_facts_load_and_cite() -> None:
    store = FactStore.load()
    assert len(store) > 300
    assert {"ADS1115", "SRB-5030", "MDN-6100", "DHT22"} <= set(store.devices())
    for f in store:
        assert f.citation.startswith(f.doc + "#")
        assert f.evidence
        json.dumps(f.model_dump())


def test_every_shipped_number_is_printed_in_its_evidence() -> None:
    from search.datasheets._answer import numbers_in

    misses = []
    for f in FactStore.load(with_chunks=False):
        printed = [abs(v) for _, v in numbers_in(f.evidence, evidence=True)]
        for x in (f.min, f.typ, f.max, f.value):
            if isinstance(x, float | int) and not any(
                abs(abs(x) - p) <= 1e-9 * max(1.0, p) for p in printed
            ):
                misses.append((f.citation, f.spec, x, f.evidence[:80]))
    assert misses == []


def test_figures_stated_in_sentences_and_rows_under_their_own_labels(tmp_path: Path) -> None:
    doc = tmp_path / "srb9999-datasheet.md"
    doc.write_text(
        "# Orbeck SRB-5030 test sheet\n\nA made-up sheet.\n\n## 1. Electrical Characteristics\n\n"
        "| Parameter | Min | Typ | Max | Unit |\n| --- | --- | --- | --- | --- |\n"
        "| Output voltage | 4.9 | 5.0 | 5.1 | V |\n| Sense winding resistance | | 12 | 15 | ohm |\n"
        "\n## 2. Thermal\n\nBoard thermal resistance, junction to ambient, is 42 degC/W in still "
        "air. The divider current is 0.8 V / 20.0 kohm = 40 uA. It is 3 V above the rail.\n",
        encoding="utf-8",
    )
    assert ingest([doc], tmp_path / "out", with_chunks=False).ok
    store = FactStore.load(tmp_path / "out")
    # a row no vocabulary rule names keeps the source's label as its spec
    (winding,) = store.query("SRB-5030", "sense_winding_resistance")
    assert (winding.typ, winding.max, winding.unit) == (12.0, 15.0, "ohm")
    # a sentence whose subject names the figure; the aside and the tail are its condition
    (theta,) = store.query("SRB-5030", "thermal_resistance")
    assert (theta.value, theta.citation) == (42.0, "srb9999-datasheet#2")
    assert "junction to ambient" in (theta.condition or "")
    # a term of a calculation and a pronoun subject name no row
    rows = [f for f in store.facts if f.device == "SRB-5030" and f.spec != "statement"]
    assert {f.spec for f in rows} == {
        "output_voltage",
        "sense_winding_resistance",
        "thermal_resistance",
    }
    # ...and a calculation states its result, never one of its terms
    said = [
        (f.value, f.unit) for f in store.facts if f.spec == "statement" and "kohm" in f.evidence
    ]
    assert said == [(40.0, "uA")]


def test_a_document_whose_preamble_names_no_part_is_about_the_part_its_first_section_names(
    tmp_path: Path,
) -> None:
    doc = tmp_path / "line-procedure.md"
    doc.write_text(
        "# Fixture Procedure\n\nDocument XP-1, revision 2.\n\n## 1. Scope\n\n"
        "Kept for the SRB-5030 production line.\n\n## 2. Offsets\n\n"
        "A channel whose offset exceeds 7 mV is out of tolerance and goes for repair.\n",
        encoding="utf-8",
    )
    assert ingest([doc], tmp_path / "out", with_chunks=False).ok
    (said,) = [f for f in FactStore.load(tmp_path / "out").facts if f.spec == "statement"]
    assert (said.device, said.value, said.unit, said.citation) == (
        "SRB-5030",
        7.0,
        "mV",
        "line-procedure#2",
    )


def test_a_measured_sweep_gives_one_figure_per_row_at_its_settings(tmp_path: Path) -> None:
    doc = tmp_path / "srb9998-datasheet.md"
    doc.write_text(
        "# Orbeck SRB-5030 sweep\n\nA made-up sheet.\n\n## 5. Typical Performance: Efficiency\n\n"
        "| VIN (V) | IOUT (A) | POUT (W) | Efficiency (%) |\n| --- | --- | --- | --- |\n"
        "| 12.0 | 1.0 | 4.990 | 95.8 |\n| 12.0 | 3.0 | 14.928 | 94.6 |\n"
        "| 24.0 | 1.0 | 4.993 | 91.7 |\n| 24.0 | 3.0 | 14.937 | 92.5 |\n",
        encoding="utf-8",
    )
    assert ingest([doc], tmp_path / "out", with_chunks=False).ok
    store = FactStore.load(tmp_path / "out")
    eff = {f.condition: f.typ for f in store.query("SRB-5030", "efficiency")}
    assert eff["VIN = 24.0 V, IOUT = 3.0 A"] == 92.5 and len(eff) == 4
    # the swept settings give no figures of their own; a converter's terminal symbol ("POUT")
    # is spelled out as what it measures
    assert {f.spec for f in store.facts if f.device == "SRB-5030"} == {"efficiency", "output_power"}
    (pout,) = [f for f in store.query("SRB-5030", "output_power") if f.typ == 14.937]
    assert (pout.parameter, pout.condition) == ("Output power (POUT)", "VIN = 24.0 V, IOUT = 3.0 A")
    assert all(f.section_kind == "typical_performance" for f in store.facts)


@needs_pdfs
def test_accuracy_windows_under_a_wrapped_label_keep_their_signs(tmp_path: Path) -> None:
    """BME280 temperature accuracy: three windows under "Absolute accuracy / temperature",
    symbols with subscripts set below the line, "-20 ….0 °C" and "-40 … -20 °C"."""
    shutil.copy(PDFS / "bme280.pdf", tmp_path / "bme280.pdf")
    assert ingest([tmp_path / "bme280.pdf"], tmp_path / "out", with_chunks=False).ok
    store = FactStore.load(tmp_path / "out")
    rows = {
        (f.symbol, f.condition, f.max)
        for f in store.query("BME280", "accuracy")
        if f.unit == "°C" and f.condition
    }
    assert rows == {
        ("AT,full", "0…65 °C", 0.5),
        ("AT,ext8", "-20 ….0 °C", 1.25),
        ("AT,ext9", "-40 … -20 °C", 1.5),
    }
    # A chart title names two axes, never a figure.
    assert not [f for f in store.facts if " versus " in f.parameter]
    # A condition cell printed on two lines ("300...1100 hPa" / "0...65 °C") is one condition,
    # and the label's wrapped word comes with it.
    pressure = {
        (f.condition, f.max)
        for f in store.query("BME280", "accuracy")
        if f.unit == "hPa" and f.parameter == "Absolute accuracy pressure"
    }
    assert pressure == {("300... 1100 hPa, 0...65 °C", 1.0), ("300..1100 hPa, -20...0 °C", 1.7)}


@needs_pdfs
def test_a_two_column_setting_table_gives_a_figure_per_setting(tmp_path: Path) -> None:
    """ADS1115 "FSR | LSB SIZE": one LSB size per full-scale range, the range as condition."""
    shutil.copy(PDFS / "ads1115.pdf", tmp_path / "ads1115.pdf")
    assert ingest([tmp_path / "ads1115.pdf"], tmp_path / "out", with_chunks=False).ok
    store = FactStore.load(tmp_path / "out")
    lsb = {f.condition: (f.value, f.unit) for f in store.query("ADS1115", "lsb_size")}
    assert lsb["FSR = ±4.096 V"] == (125.0, "μV")
    assert lsb["FSR = ±0.256 V"] == (7.8125, "μV")
    assert len(lsb) == 6


def test_design_rules_naming_no_part_are_filed_under_the_document_number(tmp_path: Path) -> None:
    doc = tmp_path / "rules.md"
    doc.write_text(
        "# Design Rules\n\nAcme, document DR-0200.\n\n## 1. DR-5: Capacitors\n\n"
        "A ceramic capacitor on a DC rail shall be rated at least 2 times the maximum rail "
        "voltage.\n",
        encoding="utf-8",
    )
    assert ingest([doc], tmp_path / "out", with_chunks=False).ok
    (rule,) = FactStore.load(tmp_path / "out").facts
    assert (rule.device, rule.spec, rule.value, rule.citation) == (
        "DR-0200",
        "derating_factor",
        2.0,
        "rules#1",
    )


@needs_bench
def test_a_command_tables_reset_row_gives_the_settings_it_leaves() -> None:
    from search.datasheets._markdown import read_markdown
    from search.datasheets._tables import markdown_facts

    md = read_markdown(SHARED / "srb5030-bench" / "mdn4010-programming-manual.md")
    facts, _ = markdown_facts(md, "MDN-4010", "mdn4010-programming-manual")
    reset = {f.spec: (f.value, f.unit) for f in facts if f.spec.startswith("reset_")}
    assert reset == {"reset_voltage": (0.0, "V"), "reset_current_limit": (0.1, "A")}


def test_a_notice_keeps_its_word_on_the_revisions_the_old_figure_still_holds_for() -> None:
    from search.datasheets._markdown import read_markdown
    from search.datasheets._supersede import find_notices

    stack = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "srb5030-bench"
    if not stack.is_dir():
        pytest.skip(f"document stack absent at {stack}")
    (notice,) = find_notices(read_markdown(stack / "ecn-2608-04.md"), "ecn-2608-04")
    assert notice.remains_valid_for == ("C",)
    assert notice.remains_valid_because.startswith("Revision C: Input capacitors change to")
    assert notice.remains_valid_because_citation == "ecn-2608-04#3"
