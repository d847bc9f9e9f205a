"""Validated question answering over hand-written facts: routes, validation, number tracing."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _qa_fixtures import fact, small_store

from search.datasheets._answer import Derived, numbers_in, trace_numbers
from search.datasheets._facts import FactStore
from search.datasheets._qa import DatasheetQA, LLMHelper
from search.datasheets._route import parse_question
from search.datasheets._validate import validate_fact


@pytest.fixture(scope="module")
def qa() -> DatasheetQA:
    return DatasheetQA(small_store())


def test_route_simple_structured_comparison_compat() -> None:
    assert parse_question("What is the supply voltage of the BME280?").route == "simple"
    p = parse_question("What are the supply voltage and operating temperature of the BME280?")
    assert p.route == "structured" and len(p.specs) == 2
    p = parse_question("Compare the supply voltage of the ESP32 and the BME280")
    assert p.route == "comparison" and p.device_names == ["ESP32-WROOM-32", "BME280"]
    p = parse_question("Can the ACS712 output at 5 V go into an ADS1115 powered at 3.3 V?")
    assert p.route == "compatibility"
    assert [d.supply_v for d in p.devices] == [5.0, 3.3]


def test_route_aliases_variants_revisions() -> None:
    p = parse_question("what i2c address does the mpu6050 use")
    assert p.device_names == ["MPU-6050"] and p.specs[0] == ("i2c_address",)
    p = parse_question("Can an AMS1117-3.3 power an ESP32-WROOM-32?")
    assert p.devices[0].variant == "3.3"
    p = parse_question("maximum input voltage of an SRB-5030 revision B board")
    assert p.revisions == ("B",) and p.bound == "max"


def test_simple_lookup_cites_evidence_with_every_number(qa: DatasheetQA) -> None:
    a = qa.ask("What is the supply voltage range of the BME280?")
    assert a.status == "answered" and a.route == "simple"
    assert a.items[0].min == 1.71 and a.items[0].max == 3.6
    assert a.citations == ["bme280#p8"]
    assert not trace_numbers(a.answer, [i.evidence for i in a.items], a.question)


def test_absolute_maximum_never_answers_operating(qa: DatasheetQA) -> None:
    a = qa.ask("What is the operating supply voltage of the ADS1115?")
    assert a.status == "answered"
    assert all(i.section_kind != "absolute_maximum" for i in a.items)
    assert a.items[0].max == 5.5
    b = qa.ask("What is the absolute maximum supply voltage of the ADS1115?")
    assert b.items[0].max == 7.0 and b.items[0].section_kind == "absolute_maximum"


def test_only_absolute_maximum_gives_insufficient_evidence() -> None:
    store = FactStore(
        [
            fact(
                device="ACS712",
                spec="absolute_max_supply_voltage",
                parameter="Supply Voltage",
                max=8.0,
                unit="V",
                section_kind="absolute_maximum",
                citation="acs712#p2",
                evidence="Supply Voltage VCC 8 V",
            )
        ]
    )
    a = DatasheetQA(store).ask("What supply voltage does the ACS712 operate at?")
    assert a.status == "insufficient_evidence"
    assert "8" not in [t for t, _ in numbers_in(a.answer)]


def test_validation_rules_name_the_rule() -> None:
    bad_unit = fact(
        device="X",
        spec="supply_voltage",
        min=1.0,
        max=2.0,
        unit="mA",
        citation="x#p1",
        evidence="Supply 1 2 mA",
    )
    assert any(
        r.startswith("unit_dimension")
        for r in validate_fact(bad_unit, "supply_voltage", operating=True, absolute_max=False)
    )
    no_evidence = fact(
        device="X", spec="supply_voltage", min=1.0, max=2.0, unit="V", citation="x#p1", evidence=""
    )
    assert any(
        r.startswith("evidence_present")
        for r in validate_fact(no_evidence, "supply_voltage", operating=True, absolute_max=False)
    )
    wrong_numbers = fact(
        device="X",
        spec="supply_voltage",
        min=1.0,
        max=9.0,
        unit="V",
        citation="x#p1",
        evidence="Supply 1 2 V",
    )
    assert any(
        "9.0" in r
        for r in validate_fact(wrong_numbers, "supply_voltage", operating=True, absolute_max=False)
    )
    no_number = fact(
        device="X",
        spec="supply_voltage",
        value="high",
        unit="V",
        citation="x#p1",
        evidence="Supply high",
    )
    assert any(
        r.startswith("field_type")
        for r in validate_fact(no_number, "supply_voltage", operating=True, absolute_max=False)
    )


def test_fact_with_wrong_unit_is_not_answered() -> None:
    store = FactStore(
        [
            fact(
                device="BME280",
                spec="supply_voltage",
                min=1.0,
                max=2.0,
                unit="mA",
                citation="bme280#p8",
                evidence="Supply 1 2 mA",
            )
        ]
    )
    a = DatasheetQA(store).ask("What is the supply voltage of the BME280?")
    assert a.status == "insufficient_evidence"
    assert any("unit_dimension" in r for r in a.reasons)


def test_structured_gives_separate_items(qa: DatasheetQA) -> None:
    a = qa.ask("What is the operating temperature and supply voltage of the BME280?")
    assert a.route == "structured" and a.status == "answered"
    assert {i.spec for i in a.items} == {"operating_temperature", "supply_voltage"}


def test_comparison_two_devices(qa: DatasheetQA) -> None:
    a = qa.ask("Compare the supply voltage of the ESP32-WROOM-32 and the BME280")
    assert a.route == "comparison" and a.status == "answered"
    assert {i.device for i in a.items} == {"ESP32-WROOM-32", "BME280"}


def test_unknown_device_and_unknown_spec(qa: DatasheetQA) -> None:
    assert qa.ask("What is the supply voltage of the FOO-9000?").status == "insufficient_evidence"
    assert qa.ask("What colour is the BME280?").status == "insufficient_evidence"


def test_supersession_per_revision(qa: DatasheetQA) -> None:
    a = qa.ask("What is the maximum input voltage of the SRB-5030?")
    assert a.status == "answered"
    by_rev = {tuple(i.applies_to.get("board_revision") or ()): i.max for i in a.items}
    assert by_rev == {("A", "B"): 32.0, ("C",): 36.0}
    assert "ecn-2608-04#1" in a.citations and "srb5030-datasheet#3" in a.citations
    b = qa.ask("What is the maximum input voltage of an SRB-5030 revision B board?")
    assert [i.max for i in b.items] == [32.0]
    assert "ecn-2608-04#1" in b.citations and "srb5030-datasheet#3" in b.citations
    c = qa.ask("What is the maximum input voltage of an SRB-5030 rev C?")
    assert [i.max for i in c.items] == [36.0]
    assert "ecn-2608-04#1" in c.citations  # the superseded section is cited with its notice


def test_an_assembly_number_names_its_board_revision() -> None:
    # The SRB-5030 datasheet: "the revision … is the last character of the assembly number,
    # OPS-9001-x" (read from the shipped facts, as the documents state it).
    qa = DatasheetQA()
    b = qa.ask("Our SRB-5030 is assembly OPS-9001-B. Max continuous input voltage?")
    assert b.status == "answered" and [i.max for i in b.items] == [32.0]
    assert "srb5030-datasheet#8" in b.citations and "Revision B" in b.answer
    c = qa.ask("SRB-5030 whose assembly number ends in -C: max continuous input voltage?")
    assert [i.max for i in c.items] == [36.0]
    # a part number that merely ends in a letter is no revision ("SRD-05VDC-SL-C")
    assert DatasheetQA().ask("SRD-05VDC-SL-C coil resistance?").status == "answered"
    # the assembly number alone names the board
    alone = qa.ask("Board with assembly number OPS-9001-C: max continuous VIN once released?")
    assert [(i.device, i.max) for i in alone.items] == [("SRB-5030", 36.0)], alone.answer


def test_a_notices_line_for_the_revision_is_cited_with_its_figure() -> None:
    # ECN-2608-04 section 4: "Revision A or B: 32.0 V, per this notice." and "Revision C:
    # 36.0 V, per the datasheet, once released."
    qa = DatasheetQA()
    for question, figure in (
        ("Max continuous input voltage of a rev B SRB-5030?", 32.0),
        ("Max continuous input voltage of a rev C SRB-5030?", 36.0),
    ):
        answer = qa.ask(question)
        assert [i.max for i in answer.items] == [figure], answer.answer
        assert "ecn-2608-04#4" in answer.citations, answer.citations
    # a line naming other revisions than the answer's is not its place
    assert "ecn-2608-04#4" not in qa.ask("SRB-5030 output voltage?").citations


def test_superseded_fact_without_notice_fact_is_not_answered() -> None:
    store = FactStore(
        [
            fact(
                device="SRB-5030",
                spec="input_voltage_range",
                max=36.0,
                unit="V",
                section_kind="recommended_operating",
                citation="srb5030-datasheet#3",
                evidence="| Input voltage, VIN | 9.0 | 24.0 | 36.0 | V |",
                superseded_by="ecn-2608-04#1",
                superseded_for={"board_revision": ["A", "B"]},
            )
        ]
    )
    a = DatasheetQA(store).ask("What is the maximum input voltage of the SRB-5030?")
    assert a.status == "insufficient_evidence"
    assert any("ecn-2608-04#1" in r for r in a.reasons)


def test_trace_numbers_catches_untraced_and_checks_derivations() -> None:
    assert trace_numbers("It is 3.3 V", ["VDD 3.3 V"]) == []
    assert trace_numbers("It is 3.4 V", ["VDD 3.3 V"]) == ["3.4"]
    assert trace_numbers("ADS1115 on ads1115#p6 and I2C", []) == []
    ok = Derived(label="x", expression="3.3 + 0.3", result=3.6)
    assert trace_numbers("max 3.6 V", ["VDD + 0.3", "3.3"], derived=[ok]) == []
    lie = Derived(label="x", expression="3.3 + 0.3", result=3.7)
    assert trace_numbers("max 3.7 V", ["VDD + 0.3", "3.3"], derived=[lie]) != []
    made_up = Derived(label="x", expression="3.3 + 0.4", result=3.7)
    assert trace_numbers("max 3.7 V", ["VDD + 0.3", "3.3"], derived=[made_up]) != []


def test_every_answered_number_is_traced(qa: DatasheetQA) -> None:
    for q in (
        "What is the supply voltage of the BME280?",
        "Can an LM7805 power an ESP32-WROOM-32?",
        "Can the ACS712-05B output at 5 V go straight into an ADS1115 powered at 3.3 V?",
        "What is the maximum input voltage of the SRB-5030?",
    ):
        a = qa.ask(q)
        assert a.status == "answered", (q, a.reasons)
        assert a.violations == []


def _fake_llm(reply: str) -> httpx.MockTransport:
    def handler(request: httpx.Request) -> httpx.Response:
        assert request.url.path.endswith("/chat/completions")
        body = json.loads(request.content)
        assert body["messages"][0]["role"] == "system"
        return httpx.Response(200, json={"choices": [{"message": {"content": reply}}]})

    return httpx.MockTransport(handler)


def test_llm_phrasing_kept_only_when_numbers_trace() -> None:
    store = small_store()
    good = LLMHelper(
        "http://llm.test/v1",
        "m",
        transport=_fake_llm("The BME280 runs from 1.71 V to 3.6 V [bme280#p8]."),
    )
    a = DatasheetQA(store, llm=good).ask("What is the supply voltage of the BME280?")
    assert a.status == "answered" and a.answer.startswith("The BME280 runs")
    bad = LLMHelper(
        "http://llm.test/v1", "m", transport=_fake_llm("The BME280 runs from 1.8 V to 5 V.")
    )
    b = DatasheetQA(store, llm=bad).ask("What is the supply voltage of the BME280?")
    assert b.status == "answered" and "5 V" not in b.answer
    assert any("llm" in r for r in b.reasons)


def test_llm_extraction_is_validated_against_vocabularies() -> None:
    store = small_store()
    helper = LLMHelper(
        "http://llm.test/v1",
        "m",
        transport=_fake_llm(
            '{"devices": ["BME280", "NOT-A-DEVICE"], "specs": ["supply_voltage", "made_up"]}'
        ),
    )
    a = DatasheetQA(store, llm=helper).ask("How much juice does the Bosch climate chip want?")
    assert a.status == "answered"
    assert [i.spec for i in a.items] == ["supply_voltage"]


def test_llm_endpoint_down_falls_back() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        return httpx.Response(503)

    helper = LLMHelper("http://llm.test/v1", "m", transport=httpx.MockTransport(handler))
    a = DatasheetQA(small_store(), llm=helper).ask("What is the supply voltage of the BME280?")
    assert a.status == "answered" and "1.71" in a.answer


_TEMPLATES = (
    "What is the {spec} of the {dev}?",
    "Can the {dev} and the {dev2} share an I2C bus?",
    "Compare the {spec} of the {dev} and the {dev2}",
    "Can the {dev} at {v} V power the {dev2}?",
    "What is the accuracy of a {v} V reading on the {dev} {v2} V range?",
)


def test_any_question_gives_a_valid_answer(qa: DatasheetQA) -> None:
    """Whatever is asked, the answer is a valid shape and no answered number is untraced."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    devs = st.sampled_from(
        [
            "BME280",
            "ADS1115",
            "ACS712-05B",
            "AMS1117-3.3",
            "ESP32",
            "SRB-5030",
            "MDN-6100",
            "LM7805",
            "XYZ-1",
            "bh1750",
        ]
    )
    specs = st.sampled_from(
        [
            "supply voltage",
            "maximum input voltage",
            "I2C address",
            "absolute maximum supply voltage",
            "operating temperature",
            "colour",
        ]
    )
    volts = st.sampled_from(["0", "3.3", "5", "12", "-1", "1e3"])
    question = st.one_of(
        st.builds(
            lambda t, d, d2, s, v, v2: t.format(dev=d, dev2=d2, spec=s, v=v, v2=v2),
            st.sampled_from(_TEMPLATES),
            devs,
            devs,
            specs,
            volts,
            volts,
        ),
        st.text(max_size=200),
    )

    @settings(max_examples=80, deadline=None, database=None, derandomize=True)
    @given(question)
    def check(q: str) -> None:
        a = qa.ask(q)
        assert a.status in ("answered", "insufficient_evidence", "unvalidated")
        if a.status == "answered":
            assert a.violations == []
            assert a.citations
        if a.verdict is not None:
            assert a.route == "compatibility"

    check()


def test_supply_relative_figures_are_answered_in_their_own_terms() -> None:
    """ "0.7 VDD" is never reported as 0.7 V; "GND to VDD" is reported as written."""
    store = FactStore(
        [
            fact(
                device="ADS1115",
                spec="logic_high_threshold",
                parameter="High-level input voltage",
                min=0.7,
                max=5.5,
                unit="V",
                section_kind="electrical_characteristics",
                citation="ads1115#p7",
                evidence="VIH High-level input voltage 0.7 VDD 5.5 V",
            ),
            fact(
                device="ADS1115",
                spec="input_voltage_range",
                parameter="Absolute input voltage",
                unit="V",
                section_kind="recommended_operating",
                citation="ads1115#p6",
                extra={"min_text": "GND", "max_text": "VDD"},
                evidence="V(AINx) Absolute input voltage GND VDD V",
            ),
        ]
    )
    qa = DatasheetQA(store)
    a = qa.ask("What is the high-level input voltage of the ADS1115?")
    assert a.status == "answered"
    assert a.items[0].min is None and "0.7×VDD" in str(a.items[0].value)
    assert a.items[0].max == 5.5
    b = qa.ask("What is the analog input voltage range of the ADS1115?")
    assert b.status == "answered" and "GND to VDD" in b.answer


def test_stated_value_is_checked_against_each_limit(qa: DatasheetQA) -> None:
    a = qa.ask("Can I run an SRB-5030 revision B board at 34 V input?")
    assert a.status == "answered" and a.verdict == "incompatible"
    assert "ecn-2608-04#1" in a.citations and a.task == "limit_check"
    b = qa.ask("Is 34 V input OK for the SRB-5030?")
    # outside for revisions A/B, inside for C: the answer turns on the revision not named
    assert b.verdict == "insufficient_evidence" and b.status == "insufficient_evidence"
    assert "revision A/B" in b.answer and "revision C" in b.answer
    c = qa.ask("Can the BME280 run at 5 V supply?")
    assert c.verdict == "incompatible"
    d = qa.ask("Is it safe to power the ESP32-WROOM-32 from 3.3 V?")
    assert d.verdict == "compatible" and not d.violations


@pytest.mark.parametrize(
    ("question", "spec"),
    [
        ("What's the VCC range for the ACS712?", "supply_voltage"),
        ("Give me the BH1750's power-down current.", "sleep_current"),
        ("Which temperatures can the TB6612FNG operate at?", "operating_temperature"),
        ("Does the MCP3008 talk SPI or I2C?", "interface"),
        ("What is the max SCL frequency of the ADS1115?", "i2c_max_clock"),
        ("How much current does the ESP32 need?", "supply_current"),
        ("How much current can the AMS1117 deliver?", "output_current"),
        ("What is the storage temperature of the BME280?", "storage_temperature"),
        ("What is the dropout of the LM7805?", "dropout_voltage"),
        (
            "What is the absolute maximum supply voltage of the ADS1115?",
            "absolute_max_supply_voltage",
        ),
        ("What is the DS18B20 conversion time at 12-bit resolution?", "conversion_time"),
        ("How many amps can the AMS1117 deliver?", "output_current"),
        ("How many milliamps does the HX711 draw?", "supply_current"),
        ("How many mV per amp does the ACS712-20A give?", "sensitivity"),
        ("What's different between the ACS712 05B and 30A sensitivities?", "sensitivity"),
        ("How much does the HX711 draw in power down?", "sleep_current"),
        ("What's the maximum SCL clock of the BH1750?", "i2c_max_clock"),
        ("what voltage range can I feed the DS18B20", "supply_voltage"),
        ("How hot can the LM7805 get before shutting down?", "thermal_shutdown"),
    ],
)
def test_spec_phrases(question: str, spec: str) -> None:
    parsed = parse_question(question)
    assert parsed.specs and parsed.specs[0][0] == spec, parsed.specs
    assert len(parsed.specs) == 1


def test_condition_is_not_a_spec() -> None:
    parsed = parse_question("What is the maximum sampling rate of the MCP3008 at VDD = 2.7 V?")
    assert parsed.specs == [("sampling_rate",)]
    assert 2.7 in parsed.stated_voltages


def test_a_row_about_another_rail_does_not_answer() -> None:
    """Asked about VM, a VCC row is the wrong figure even under the same spec name."""
    store = FactStore(
        [
            fact(
                device="TB6612FNG",
                spec="supply_voltage",
                symbol="VCC",
                parameter="Supply voltage",
                min=2.7,
                typ=3.0,
                max=5.5,
                unit="V",
                section_kind="recommended_operating",
                citation="tb6612fng#p3",
                evidence="Supply voltage / VCC 2.7 3 5.5 V",
            ),
            fact(
                device="TB6612FNG",
                spec="absolute_max_supply_voltage",
                symbol="VM",
                parameter="Supply voltage",
                max=15.0,
                unit="V",
                section_kind="absolute_maximum",
                citation="tb6612fng#p3",
                evidence="Supply voltage V / VM 15",
            ),
        ]
    )
    qa = DatasheetQA(store)
    a = qa.ask("What is the maximum motor supply voltage VM of the TB6612FNG in operation?")
    assert a.status == "insufficient_evidence"
    assert any("VM" in r for r in a.reasons)
    b = qa.ask("What is the VCC supply range of the TB6612FNG?")
    assert b.status == "answered" and b.items[0].max == 5.5


# ------------------------------------------------------------------ how engineers write questions
@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("Is 3v3 ok?", "Is 3.3 V ok?"),
        ("Is 3,3 V ok?", "Is 3.3 V ok?"),
        ("a 1V8 rail", "a 1.8 V rail"),
        ("at 5 volts", "at 5 V"),
        ("draws 20 milliamps", "draws 20 mA"),
        ("draws 10ma", "draws 10 mA"),
        ("at 400 kilohertz", "at 400 kHz"),
        ("the analogue output", "the analog output"),
        ("operating temprature", "operating temperature"),
        ("I²C adress", "I2C address"),
        ("PGA on +/-0.512 V", "PGA on ±0.512 V"),
        ("a +- 5 % rail", "a ±5 % rail"),
        # a prefix is no slip: the word keeps its meaning
        ("when the chip is unpowered", "when the chip is unpowered"),
    ],
)
def test_normalisation_reads_units_numbers_and_spelling(written: str, read: str) -> None:
    from search.datasheets._route import normalize_question

    assert normalize_question(written) == read


def test_normalisation_keeps_part_numbers_and_lists() -> None:
    from search.datasheets._route import normalize_question

    for text in ("ACS712ELCTR-20A-T", "AMS1117-3.3", "1,000 ppm", "ESP32-WROOM-32"):
        assert normalize_question(text) == text


@pytest.mark.parametrize(
    ("question", "device", "variant"),
    [
        ("BME 280 supply voltage", "BME280", None),
        ("bme-280 supply voltage", "BME280", None),
        ("DHT-22 operating voltage", "DHT22", None),
        ("ads 1115 supply voltage", "ADS1115", None),
        ("HC SR501 operating voltage", "HC-SR501", None),
        ("esp32 supply voltage", "ESP32-WROOM-32", None),
        ("Sensitivity of the ACS712ELCTR-20A-T?", "ACS712", "20A"),
        ("ACS712 20A sensitivity", "ACS712", "20A"),
        ("AMS1117CD-3.3 output voltage", "AMS1117", "3.3"),
        ("LM7805CT dropout voltage", "LM7805", None),
        ("ADS1115IDGSR supply voltage", "ADS1115", None),
        ("Can two BME280s share a bus?", "BME280", None),
    ],
)
def test_device_spellings_part_numbers_and_plurals(
    question: str, device: str, variant: str | None
) -> None:
    p = parse_question(question)
    assert p.device_names == [device], p.devices
    assert p.devices[0].variant == variant


def test_a_different_part_is_not_read_as_a_known_one() -> None:
    assert parse_question("MQ-25 range").device_names == []
    assert parse_question("BMP280 supply voltage").unknown_parts == ["BMP280"]
    assert parse_question("ESP32 GPIO12 to the L298 IN1").unknown_parts == []


def test_part_number_resolves_to_the_documented_variant() -> None:
    store = FactStore(
        [
            fact(
                device="LM7805",
                variant=v,
                spec="dropout_voltage",
                parameter="Dropout Voltage",
                typ=typ,
                unit="V",
                section_kind="electrical_characteristics",
                citation=f"lm7805#p{page}",
                evidence=f"Dropout Voltage {typ} V",
            )
            for v, typ, page in (("LM7805", 2.0, 3), ("LM7812", 2.5, 5))
        ]
    )
    a = DatasheetQA(store).ask("What is the dropout voltage of an LM7805CT?")
    assert a.status == "answered" and [i.typ for i in a.items] == [2.0]


@pytest.mark.parametrize(
    "question",
    [
        "What is the maximum sampling rate of the MCP3008 when powered from 2.7 V?",
        "MCP3008 max sampling rate at 2.7 V",
        "MCP3008 sampling rate with a 2.7 V supply",
        "MCP3008 sample rate running off 2.7 volts",
        "How fast can the MCP3008 sample at 2v7?",
    ],
)
def test_stated_supply_is_a_condition_not_a_request(question: str) -> None:
    p = parse_question(question)
    assert p.specs == [("sampling_rate",)], p.specs
    assert p.devices[0].supply_v == 2.7


def test_only_a_stated_supply_asks_about_the_supply(qa: DatasheetQA) -> None:
    assert parse_question("Can a bme280 be run at 5v?").specs == [
        ("supply_voltage", "input_voltage_range")
    ]
    a = qa.ask("Can a bme280 be run at 5v?")
    assert a.verdict == "incompatible" and a.route == "compatibility"
    b = qa.ask("Is 3v3 OK for the ESP32 supply?")
    assert b.verdict == "compatible" and not b.violations and b.question.endswith("supply?")


@pytest.mark.parametrize(
    "question",
    [
        "Is an AMS1117-3.3 a suitable supply for an ESP32-WROOM-32?",
        "ACS712 at 5 V into an ADS1115 at 3.3 V, possible?",
        "Can I drive an ESP32 from an LM7805?",
        "Will a BME280 work with an AMS1117-3.3?",
        "Is it safe to connect a BME280 to an LM7805?",
        "Hook up an ACS712-05B to an ADS1115 on 5 V",
        "wire the HX711 to a 7805",
        "Three BME280s on one i2c bus?",
        "2x MPU-6050 on the same I2C bus?",
        "HX711 and LM7805",
    ],
)
def test_compatibility_wordings_are_routed(question: str) -> None:
    assert parse_question(question).route == "compatibility"


def test_comparison_stays_comparison() -> None:
    assert parse_question("BME280 vs DHT22 supply voltage").route == "comparison"
    assert parse_question("Which has the lower dropout, AMS1117 or LM7805?").route == "comparison"


def test_unknown_party_gives_insufficient_evidence(qa: DatasheetQA) -> None:
    a = qa.ask("Can the XYZ-1 at 3.3 V power the BME280?")
    assert a.status == "insufficient_evidence" and a.verdict == "insufficient_evidence"
    assert "XYZ-1" in a.answer


def test_a_load_named_only_by_its_kind_is_an_unknown_party() -> None:
    from search.datasheets._route import parse_question

    p = parse_question("can an L298 drive the 24V solenoid valve on our irrigation line?")
    assert p.route == "compatibility" and p.unknown_parts == ["24 V solenoid valve"]
    # with the load's current said, the load is checked from the question's own figures
    assert parse_question("Can an L298 drive a 12 V pump that draws 1.5 A?").unknown_parts == []
    # "measuring my 12 V garden pump's current" with a "5A version" of the sensor: no current
    # is said of the pump
    p = parse_question("is the ACS712 5A version enough for measuring my 12 V garden pump?")
    assert p.unknown_parts == ["12 V garden pump"]
    # a part named only by a description in quotes is one no document here gives
    q = "ESP32 GPIO -> some generic 'relay driver transistor module' -> SRD-05VDC coil. OK?"
    assert parse_question(q).unknown_parts == ["relay driver transistor module"]
    # a figure asked of the part "to drive a motor" is the part's own, not a check of a load
    assert (
        parse_question("How much current can a TB6612FNG supply to drive a DC motor?").unknown_parts
        == []
    )
    # a part of ours named before the load is that part, not an unknown one
    assert parse_question("Can the SRB-5030 run an MQ-2 heater?").unknown_parts == []


def test_feature_list_repeat_of_a_rating_is_not_an_operating_limit() -> None:
    store = FactStore(
        [
            fact(
                device="TB6612FNG",
                spec="supply_voltage",
                parameter="Power supply voltage",
                max=15.0,
                unit="V",
                section_kind="electrical_characteristics",
                citation="tb6612fng#p1",
                evidence="Power supply voltage: VM = 15 V(Max)",
            ),
            fact(
                device="TB6612FNG",
                spec="absolute_max_supply_voltage",
                symbol="VM",
                parameter="Supply voltage",
                max=15.0,
                unit="V",
                section_kind="absolute_maximum",
                citation="tb6612fng#p3",
                evidence="Supply voltage V / VM 15",
            ),
        ]
    )
    a = DatasheetQA(store).ask("What is the TB6612FNG motor supply voltage?")
    assert a.status == "insufficient_evidence"
    assert any("absolute maximum rating" in r for r in a.reasons)


def test_source_is_read_from_the_wording() -> None:
    from search.datasheets._compat import DeviceUse
    from search.datasheets._qa import _source_first

    def order(question: str) -> list[str]:
        p = parse_question(question)
        named = dict.fromkeys(m.device for m in p.devices)
        uses = [DeviceUse(d) for d in named]
        return [u.device for u in _source_first(p, uses)]

    assert order("L298 logic inputs from an ESP32, will that work?") == ["ESP32-WROOM-32", "L298"]
    assert order("Can an ESP32 read the ACS712 output?") == ["ACS712", "ESP32-WROOM-32"]
    assert order("Is the ACS712 output readable by an ADS1115?") == ["ACS712", "ADS1115"]
    assert order("Can an ESP32 GPIO drive the L298 inputs?") == ["ESP32-WROOM-32", "L298"]
    # a part named again later ("L298 logic supply at 5 V") does not hide the other party
    assert order("Driving the L298 IN1 pin from ESP32-WROOM-32 GPIOs (L298 logic at 5 V) ok?") == [
        "ESP32-WROOM-32",
        "L298",
    ]


def test_sibling_variant_and_signal_volts() -> None:
    p = parse_question("What's different between the ACS712 05B and 30A sensitivities?")
    assert [d.variant for d in p.devices] == ["05B", "30A"] and p.route == "comparison"
    # A signal voltage is never read as a question about the supply.
    assert parse_question("Can I use a BME280 with 5 V logic?").specs == []
    assert parse_question("MDN-6100 reading 9 V on the 10 V range, how accurate?").accuracy


def test_a_stated_supply_is_never_checked_against_an_output() -> None:
    store = FactStore(
        [
            fact(
                device="AMS1117",
                spec="output_voltage",
                parameter="Output Voltage AMS1117-3.3",
                min=3.235,
                typ=3.3,
                max=3.365,
                unit="V",
                section_kind="electrical_characteristics",
                citation="ams1117#p2",
                evidence="AMS1117-3.3 4.75V ≤ VIN ≤ 12V 3.235 3.300 3.365 V",
            )
        ]
    )
    a = DatasheetQA(store).ask(
        "What output voltage will the AMS1117-3.3 give when it runs from 5 V?"
    )
    assert a.status == "answered" and a.verdict is None


def test_tolerance_bands_power_draw_and_a_regulator_driving_a_coil() -> None:
    qa = DatasheetQA(FactStore.load(with_chunks=False))
    # "5.0V±0.1V" is the band 4.9 to 5.1 V, shown as the sums it is; a 4.75-5.25 V output
    # leaves it, and the heater's draw is its power over its lowest supply, computed
    a = qa.ask("Can an LM7805 power an MQ-2 gas sensor?")
    assert (a.status, a.verdict) == ("answered", "incompatible")
    exprs = {d.expression for c in a.checks for d in c.derived}
    assert {"5 - 0.1", "5 + 0.1", "950 / 4.9"} <= exprs
    assert "mq-2#p3" in a.citations
    # a fixed 3.3 V output never reaches a 5 V coil's 75 % must-operate voltage
    b = qa.ask("Can an AMS1117-3.3 output energize the 5 V SRD-05VDC-SL-C relay coil?")
    assert b.verdict == "incompatible"
    assert any(c.rule == "drive" and c.outcome == "incompatible" for c in b.checks)


def test_a_row_label_answers_only_for_a_spec_the_part_lacks_and_never_another_vocabulary_spec() -> (
    None
):
    qa = DatasheetQA(FactStore.load(with_chunks=False))
    # the part holds no operating range: a storage-temperature row sharing words is no answer
    a = qa.ask("AMS1117 ambient operating temperature range?")
    assert all(i.spec != "storage_temperature" for i in a.items), a.answer
    # LM78xx: "LM78xx  -40 to +125" above "TOPR  Operating Temperature Range  °C"
    c = qa.ask("LM7805 operating temperature range?")
    assert {(i.min, i.max) for i in c.items} == {(-40.0, 125.0), (0.0, 125.0)}, c.answer
    # the part holds no sampling_rate fact, but a row labelled by the question's other words
    b = qa.ask("ESP32-WROOM-32 ADC max sampling rate with the DIG controller?")
    assert b.status == "answered" and b.citations == ["esp32-wroom-32#p24"]


def test_a_supply_relative_threshold_is_evaluated_at_the_stated_supply() -> None:
    qa = DatasheetQA(FactStore.load(with_chunks=False))
    a = qa.ask("ADS1115 at VDD = 5 V: minimum voltage its SCL input must see as a logic high?")
    assert a.status == "answered" and "ads1115#p7" in a.citations
    assert "3.5 V" in a.answer  # 0.7 × VDD at 5 V, shown with the product that gives it
    assert any(d.expression.replace(" ", "") in ("0.7*5", "5*0.7") for d in a.derived)


def test_feeding_a_parts_logic_rail_checks_its_logic_supply_range() -> None:
    qa = DatasheetQA(FactStore.load(with_chunks=False))
    # L298 VSS is 4.5 to 7 V, its motor supply VS up to 46 V
    ok = qa.ask("Can an LM7805 serve as the L298's logic supply (VSS)?")
    low = qa.ask("Could the L298 logic supply (VSS) be fed from an AMS1117-3.3?")
    assert (ok.verdict, low.verdict) == ("compatible", "incompatible")


def test_a_part_number_written_with_a_hyphen_is_no_figure() -> None:
    from search.datasheets._answer import numbers_in

    assert [v for _t, v in numbers_in("SRB-5030 at 450 kHz; OPS-1147 reference 0.8 V")] == [
        450.0,
        0.8,
    ]


@pytest.fixture(scope="module")
def shipped() -> DatasheetQA:
    return DatasheetQA()


def test_wording_that_names_one_row_or_one_party(shipped: DatasheetQA) -> None:
    qa = shipped
    # "at what input voltage does the UVLO trip": the voltage is what the lockout is, and
    # "as VIN falls" picks the falling row.
    a = qa.ask("SRB-5030: at what input voltage does the undervoltage lockout act as VIN falls?")
    assert [(it.typ, it.unit) for it in a.items] == [(7.8, "V")], a.answer
    # a package with its pin count is no part of its own
    b = qa.ask("ADS1115 in the VSSOP-10 package: junction-to-ambient thermal resistance?")
    assert b.status == "answered" and "182.7" in b.answer and "VSSOP-10" not in b.answer
    # "its DOUT line read by an ESP32": the MCP3008 drives, the ESP32 receives
    c = qa.ask("MCP3008 at 5 V, its DOUT line read directly by an ESP32-WROOM-32 GPIO. In spec?")
    assert c.verdict == "incompatible" and "MCP3008 VOH" in c.answer, c.answer


def test_accuracy_wording_and_coefficient_unit(shipped: DatasheetQA) -> None:
    qa = shipped
    a = qa.ask("MDN-4010 voltage readback shows 24.0000 V. Within what +/- limit is it good?")
    assert a.task == "accuracy" and a.derived[-1].result == pytest.approx(17.0), a.answer
    # "1 V DC range" names the range; the row's coefficients are ppm, not volts
    b = qa.ask("MDN-6100 on the 1 V DC range, 90-day spec: accuracy for a 0.5000 V reading?")
    assert "no range named" not in b.answer and b.derived[-1].result == pytest.approx(15.0)
    assert [it.unit for it in b.items] == ["ppm"]


def test_a_question_naming_no_device_is_scoped_only_by_what_one_device_has(
    shipped: DatasheetQA,
) -> None:
    # only the SRB-5030 documents give a production test: its line-regulation sweep
    a = shipped.ask(
        "In production test, up to what input voltage does the line-regulation step go?"
    )
    assert a.status == "answered" and "srb5030-test-spec#4" in a.citations, a.answer
    assert "names no device: only the SRB-5030 documents give a production test" in a.answer
    # ...and only they give board revisions
    b = shipped.ask("highest continuous input voltage for a rev B board?")
    assert b.status == "answered" and [it.max for it in b.items][:1] == [32.0], b.answer
    # nothing in the question singles a device out: no guess
    c = shipped.ask("what is the maximum supply voltage?")
    assert c.status == "insufficient_evidence" and "names no device" in c.reasons[0]


def test_a_pin_tied_two_ways_in_one_question_keeps_both_rows(shipped: DatasheetQA) -> None:
    a = shipped.ask("HX711 output settling time with RATE tied low versus RATE tied to DVDD?")
    assert sorted(it.typ for it in a.items) == [50.0, 400.0], a.answer
    b = shipped.ask("HX711 output settling time with RATE tied high?")
    assert [it.typ for it in b.items] == [50.0], b.answer


def test_a_modulation_named_picks_its_table(shipped: DatasheetQA) -> None:
    a = shipped.ask("RFM95W in LoRa mode at +17 dBm on PA_BOOST: typical supply current?")
    assert [(it.typ, it.citation) for it in a.items] == [(90.0, "rfm95w#p17")], a.answer
    # no LoRa table row for it: the general one answers
    b = shipped.ask("RFM95W sleep current in LoRa mode?")
    assert b.status == "answered" and b.citations == ["rfm95w#p13"], b.answer


def test_of_two_rows_matched_alike_the_one_whose_label_head_is_asked_answers(
    shipped: DatasheetQA,
) -> None:
    # "Internal Filter Resistance" and "Primary Conductor Resistance" share two words each
    # with the question; only the second puts a word the question asks before its quantity.
    a = shipped.ask("What is the resistance of the ACS712's internal current conductor?")
    assert [(it.typ, it.unit) for it in a.items] == [(1.2, "mΩ")], a.answer
    # "sample-and-hold capacitor" asks no hold time
    b = shipped.ask("How big is the MCP3008's sample-and-hold capacitor?")
    assert [(it.typ, it.unit) for it in b.items] == [(20.0, "pF")], b.answer


def test_an_axis_named_keeps_that_axis_row(shipped: DatasheetQA) -> None:
    a = shipped.ask("MPU-6050 gyro X-axis mechanical frequency: min, typ, max?")
    assert [(it.min, it.typ, it.max) for it in a.items] == [(30.0, 33.0, 36.0)], a.answer


def test_a_level_guaranteed_at_a_higher_supply_is_none_at_a_lower_one(
    shipped: DatasheetQA,
) -> None:
    # MCP3008 VOH 4.1 V min is stated at VDD = 4.5 V: no guarantee for a part run at 3.3 V...
    low = shipped.ask("MCP3008 powered at 3.3 V, DOUT straight into an ESP32 GPIO: levels ok?")
    assert low.verdict == "insufficient_evidence", low.answer
    assert "MCP3008 VOH at 3.3 V (stated only at" in low.answer
    # ...while at 5 V it still reaches at least that, above what the ESP32 input takes
    high = shipped.ask("MCP3008 at 5 V, DOUT into an ESP32 GPIO: logic levels ok?")
    assert high.verdict == "incompatible" and "4.1 V" in high.answer, high.answer


def test_the_margin_below_a_maximum_at_the_rails_high_end(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "rev B SRB-5030 on a 24 V rail that can be 10% high: how much margin below its max input?"
    )
    # 24 V + 10 % = 26.4 V against the 32 V the change notice sets for revision B
    assert [(d.label, d.result) for d in a.derived][-2:] == [
        ("rail at its high end", 26.4),
        ("margin below the maximum", 5.6),
    ], a.answer
    assert "ecn-2608-04#1" in a.citations
    # "headroom left below the maximum" is such a margin, not a regulator's dropout headroom
    b = shipped.ask(
        "A rev B SRB-5030 on a 24 V rail with ±10 % tolerance: how much headroom is left below "
        "the board's maximum continuous input?"
    )
    assert b.status == "answered" and b.derived[-1].result == 5.6, b.answer


def test_a_current_survived_as_a_pulse_is_a_rating(shipped: DatasheetQA) -> None:
    # ACS712 "Overcurrent Transient Tolerance  IP  1 pulse, 100 ms  100  A": a rating, not an
    # accuracy, and answered from the absolute maximum table where it belongs
    for q in (
        "ACS712: how much primary current can it survive as a single 100 ms pulse?",
        "ACS712 overcurrent transient tolerance?",
    ):
        a = shipped.ask(q)
        assert [(it.spec, it.max) for it in a.items] == [("overcurrent_rating", 100.0)], a.answer


def test_parts_named_by_their_current_range_are_those_variants(shipped: DatasheetQA) -> None:
    for q in (
        "ACS712: 5 A part vs 30 A part, output noise?",
        "ACS712 noise p-p: 05B version vs 30A version?",
        "ACS712 5A vs 30A version: typical output noise?",
    ):
        a = shipped.ask(q)
        assert a.route == "comparison", a.answer
        assert sorted(it.typ for it in a.items) == [7.0, 21.0], a.answer  # not the 20 A's 11


def test_a_range_written_as_rails_is_evaluated_at_the_stated_reference(
    shipped: DatasheetQA,
) -> None:
    # MCP3008 "VSS … VREF": ground to the reference the question states
    a = shipped.ask("MCP3008 at VDD = VREF = 5 V: single-ended input voltage range in operation?")
    assert "at 5 V: min 0 V, max 5 V" in a.answer, a.answer
    assert {d.result for d in a.derived} >= {0.0, 5.0}


def test_a_rating_asked_at_no_temperature_leaves_its_derated_points_out(
    shipped: DatasheetQA,
) -> None:
    a = shipped.ask("What continuous output current is a revision B SRB-5030 rated for?")
    assert a.status == "answered" and [it.max for it in a.items] == [3.0], a.answer
    # at a stated ambient the derated limit is the answer
    hot = shipped.ask("SRB-5030 output current limit at 85 °C ambient?")
    assert 1.5 in {it.max for it in hot.items}, hot.answer


def test_a_sentence_answers_a_spec_no_row_names(shipped: DatasheetQA) -> None:
    a = shipped.ask("What frequency does the ADS1115's internal oscillator run at?")
    assert a.status == "answered" and a.citations == ["ads1115#p17"], a.answer
    assert "1 MHz" in a.answer


@pytest.mark.parametrize(
    "question",
    [
        # a supply that fits says nothing of the 100 nF, the 25 m or the series hook-up
        "Is an LM358 on a 5 V supply stable driving 100 nF straight at its output?",
        "Will a DS18B20 on 25 m of cable still talk to an ESP32 GPIO with a pull-up?",
        "Can two MDN-4010 supplies be wired in series to give 70 V?",
    ],
)
def test_a_yes_no_use_the_checks_do_not_weigh_is_insufficient(
    shipped: DatasheetQA, question: str
) -> None:
    a = shipped.ask(question)
    assert (a.status, a.verdict) == ("insufficient_evidence", "insufficient_evidence"), a.answer


def test_a_use_whose_stated_figure_is_weighed_keeps_its_verdict(shipped: DatasheetQA) -> None:
    # the 100 °C is a temperature, and a temperature range was compared with it
    a = shipped.ask("Will a DS18B20 work at 100 °C?")
    assert (a.status, a.verdict) == ("answered", "compatible"), a.answer


def test_an_offset_asked_is_a_voltage_a_procedure_sentence_states(shipped: DatasheetQA) -> None:
    a = shipped.ask("SRB-5030 line: fixture channel offset beyond which it is out of tolerance?")
    assert a.status == "answered" and a.citations == ["calibration-procedure#5"], a.answer
    assert [it.value for it in a.items] == [5.0]


@pytest.mark.parametrize(
    ("question", "currents"),
    [
        ("MPU-6050 operating current with gyro + accel + DMP all on?", [3.9]),
        ("MPU-6050 supply current with only the gyroscope running?", [3.6]),
        ("MPU-6050 current with gyro and accel running, DMP disabled?", [3.8]),
    ],
)
def test_rows_per_set_of_blocks_running_answer_the_set_named(
    shipped: DatasheetQA, question: str, currents: list[float]
) -> None:
    a = shipped.ask(question)
    got = [it.typ for it in a.items if it.spec == "supply_current"]
    assert got == currents, a.answer


def test_a_question_naming_no_device_is_about_the_one_whose_documents_say_it(
    shipped: DatasheetQA,
) -> None:
    # three of its words of substance in one sentence of one device's documents
    a = shipped.ask("Out of tolerance above what offset, for a fixture channel?")
    assert a.status == "answered" and a.citations[0] == "calibration-procedure#5", a.answer
    assert "only the SRB-5030 documents state this" in a.answer
    # a reading, a meter and a range are in several devices' sentences: no device is implied
    vague = shipped.ask("The meter was left on the 100 V range, 1-yr cal - what's the accuracy?")
    assert vague.status == "insufficient_evidence" and "SRB-5030" not in vague.answer


def test_a_pulse_width_asked_is_a_time_a_sentence_states(shipped: DatasheetQA) -> None:
    a = shipped.ask("How wide is the ADS1115 conversion-ready pulse on ALERT/RDY?")
    assert a.status == "answered" and a.citations == ["ads1115#p19"], a.answer
    assert [it.value for it in a.items] == [8.0] and a.items[0].unit == "µs"


def test_a_grid_noise_is_answered_at_the_stated_rate_and_range(shipped: DatasheetQA) -> None:
    a = shipped.ask("ADS1115 peak-to-peak noise at 475 SPS on the ±1.024 V range?")
    assert [it.typ for it in a.items if it.spec == "noise"] == [56.84], a.answer


def test_a_verdict_on_a_revised_figure_cites_the_notice_line_for_that_revision(
    shipped: DatasheetQA,
) -> None:
    a = shipped.ask("Rev A SRB-5030 on a 34 V rail - is that OK?")
    assert a.verdict == "incompatible", a.answer
    assert "ecn-2608-04#4" in a.citations  # "Revision A or B: 32.0 V, per this notice."


def test_a_row_for_a_pin_at_one_level_does_not_answer_the_other_level(shipped: DatasheetQA) -> None:
    # "(SDO is logic low)" and "(SDO pin high)" rows: the question ties SDO to ground
    a = shipped.ask("BME280 with SDO tied to ground: I2C address?")
    assert a.items and a.items[0].value == "0x76", a.answer
    assert "SDO pin high" not in a.answer


def test_a_derated_limit_at_a_stated_ambient_replaces_the_plain_rating(
    shipped: DatasheetQA,
) -> None:
    a = shipped.ask("SRB-5030 output current allowed at 75 °C ambient?")
    assert [round(it.max, 3) for it in a.items] == [2.5], a.answer  # 3 A at 70, 1.5 A at 85


def test_any_issue_asks_for_a_check_of_the_stated_value(shipped: DatasheetQA) -> None:
    a = shipped.ask("TB6612FNG motor supply VM from a 24 V rail - any issue?")
    assert a.verdict == "incompatible", a.answer


def test_a_version_named_before_the_part_is_its_supply_variant(shipped: DatasheetQA) -> None:
    a = shipped.ask("3.3V-version XGZP6847A into an ADS1115 channel at VDD = 3.3 V: ok?")
    assert a.verdict == "compatible", a.answer  # 0.2-2.7 V, not the 5 V version's 4.5 V


def test_sharing_a_named_non_i2c_bus_is_an_interface_question(shipped: DatasheetQA) -> None:
    # "read it with the 1-Wire master" names the bus's protocol, not an analog signal path
    a = shipped.ask("DHT22 on the same 1-Wire bus as a DS18B20, read by the 1-Wire master?")
    assert a.verdict == "incompatible", a.answer
    assert any(c.rule == "interface" for c in a.checks)


def test_an_adc_row_does_not_answer_a_dac_question(shipped: DatasheetQA) -> None:
    a = shipped.ask("How accurate is the ESP32-WROOM-32 DAC output?")
    assert a.status == "insufficient_evidence" and "ADC" in " ".join(a.reasons), a.answer
    adc = shipped.ask("ESP32-WROOM-32 ADC total error at Atten = 3?")
    assert [it.max for it in adc.items if it.spec == "accuracy"] == [60.0], adc.answer


def test_a_design_rule_derating_gives_the_highest_rail_a_capacitor_rating_allows(
    shipped: DatasheetQA,
) -> None:
    a = shipped.ask("Under DR-14, what rail can the rev C SRB-5030 input capacitors support?")
    assert a.status == "answered", a.answer
    assert [d.result for d in a.derived if d.label == "highest rail"] == [42.0]  # 63 V / 1.5
    assert {"srb5030-bom#4", "design-review-rules#4"} <= set(a.citations)


def test_a_schedule_table_gives_how_often_each_item_is_calibrated(shipped: DatasheetQA) -> None:
    a = shipped.ask("SRB-5030 line: how often must the fixture channel offsets be verified?")
    assert [(it.value, it.unit) for it in a.items] == [(3.0, "months")], a.answer
    assert a.citations == ["calibration-procedure#1"]


def test_a_converter_fed_by_a_regulator_draws_its_tabled_input_current(
    shipped: DatasheetQA,
) -> None:
    # The efficiency table gives IIN per VIN and IOUT: at 3 A out the board draws 0.673 A from
    # 24 V (within an LM7824's 1 A) but 1.3154 A from 12 V (more than an LM7812 delivers).
    ok = shipped.ask(
        "Could an LM7824 regulator be the input supply for an SRB-5030 (rev B) running 3 A out?"
    )
    assert ok.verdict == "compatible" and "0.673 A" in ok.answer, ok.answer
    assert "srb5030-datasheet#5" in ok.citations
    low = shipped.ask("Can an LM7812 power an SRB-5030 running 5 V / 3 A out?")
    assert low.verdict == "incompatible" and "1.3154 A" in low.answer, low.answer
    # no output current stated: no row of the table is the draw
    assert shipped.ask("Can an LM7824 power an SRB-5030?").verdict != "compatible"


def test_rows_for_the_part_unpowered_answer_only_a_question_about_it_unpowered(
    shipped: DatasheetQA,
) -> None:
    # LMP91200 input bias current: 445 fA at 85 °C powered, 6.5 pA at 85 °C with VS = 0 V
    off = shipped.ask("LMP91200 pH buffer input bias current at 85 C when the chip is unpowered?")
    assert [(it.max, it.unit) for it in off.items] == [(6.5, "pA")], off.answer
    on = shipped.ask("LMP91200 pH buffer input bias current at 85°C with the chip powered?")
    assert [(it.max, it.unit) for it in on.items] == [(445.0, "fA")], on.answer


def test_a_sentence_answers_in_the_words_of_its_verbs(shipped: DatasheetQA) -> None:
    # "powering up … sending" meets "When power is supplied …, don't send any instruction …"
    a = shipped.ask("how long do i wait after powering up a DHT22 before sending it anything?")
    assert [(it.min, it.unit) for it in a.items] == [(1.0, "s")], a.answer
    assert a.citations == ["dht22#p2"]
    # a symbol is no stem: "VOL" does not meet "voltage"
    b = shipped.ask("HX711 DOUT output high / low voltage levels (VOH, VOL)?")
    assert b.status == "insufficient_evidence", b.answer


def test_a_window_from_minus_25_degrees_does_not_state_25_degrees(shipped: DatasheetQA) -> None:
    # "TA = –25°C to 85°C" is the over-temperature row; at 25 °C the plain row answers
    a = shipped.ask("INA219A vs INA219B: max current measurement error at 25 C?")
    assert sorted(it.max for it in a.items if it.spec == "accuracy")[:2] == [0.3, 0.5], a.answer


def test_how_far_asks_the_distance_a_sentence_gives(shipped: DatasheetQA) -> None:
    a = shipped.ask("How far can the HC-SR501 PIR detect with the range pot turned all the way up?")
    assert [(it.min, it.max, it.unit) for it in a.items] == [(3.0, 7.0, "meters")], a.answer
    assert a.citations == ["hc-sr501#p4"]


def test_over_what_input_range_a_figure_is_specified(shipped: DatasheetQA) -> None:
    a = shipped.ask("Over what input range is the AMS1117-5.0 output voltage spec'd?")
    assert [(it.min, it.max, it.unit) for it in a.items] == [(6.5, 12.0, "V")], a.answer
    assert a.citations == ["ams1117#p2"] and not a.violations
    b = shipped.ask("AMS1117-3.3 output voltage: over what VIN range is it guaranteed?")
    assert [(it.min, it.max) for it in b.items] == [(4.75, 12.0)], b.answer


def test_a_thermal_check_with_the_input_said_as_volts_in(shipped: DatasheetQA) -> None:
    # "9 V in" is the regulator's input: (9 - 5) V x 100 mA = 0.4 W, 65 °C/W, 40 °C ambient
    a = shipped.ask(
        "Thermal check: LM7805 in TO-220, no heatsink, 9 V in, 100 mA load, 40 C ambient. OK?"
    )
    assert a.verdict == "compatible" and "66 °C" in a.answer, a.answer
    assert parse_question("an AMS1117 rated 5 V in the spec sheet").devices[0].supply_v is None


def test_a_regulator_output_named_before_it_is_its_variant(shipped: DatasheetQA) -> None:
    # "the 3.3 V AMS1117 rail" is the AMS1117-3.3's output, not a 3.3 V input to it
    a = shipped.ask("YF-S201 flow sensor powered from the 3.3 V AMS1117 rail - will it work?")
    assert a.verdict == "incompatible" and "AMS1117-3.3" in a.answer, a.answer
    assert "AMS1117-5.0" in shipped.ask("the 5 V AMS1117 output into a BME280 - ok?").answer
    # a voltage no variant carries stays the supply into it ("12 V" is no AMS1117 variant)
    b = shipped.ask("Can a 12 V AMS1117-3.3 power a BME280?")
    assert "12 V in covers" in b.answer, b.answer


def test_a_part_called_by_the_digits_of_its_number(shipped: DatasheetQA) -> None:
    a = shipped.ask("at what junction temp does the 1117's thermal protection shut it down?")
    assert a.status == "answered" and a.citations == ["ams1117#p4"], a.answer
    assert "165" in a.answer
    # a figure with its unit after "a" is a figure, not a part
    assert parse_question("a 1117 mA load on the LM7805").device_names == ["LM7805"]


def test_each_setting_of_a_span_asks_every_row(shipped: DatasheetQA) -> None:
    a = shipped.ask("MPU-6050 gyro: sensitivity scale factor for each FS_SEL setting 0..3?")
    assert sorted(it.typ for it in a.items) == [16.4, 32.8, 65.5, 131.0], a.answer


def test_a_supply_tied_to_a_stated_rail_scales_the_thresholds(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "ESP32 GPIOs driving TB6612FNG AIN1/PWMA/STBY, with the TB6612FNG Vcc tied to the same "
        "3.3 V rail. Logic thresholds met?"
    )
    assert a.verdict == "compatible" and "VIH min 2.31 V" in a.answer, a.answer


def test_a_party_the_question_has_no_datasheet_for(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "L298 on a 24 V supply driving a surplus stepper motor - no datasheet for the motor. "
        "Will the L298 handle it?"
    )
    assert a.verdict == "insufficient_evidence" and "stepper motor" in a.answer, a.answer
    b = shipped.ask(
        "A 5 V microcontroller board (we don't have its datasheet) driving TB6612FNG inputs "
        "with TB6612 Vcc = 5 V - do the logic levels work?"
    )
    assert b.verdict == "insufficient_evidence" and "microcontroller board" in b.answer


def test_an_address_strap_the_question_does_not_know(shipped: DatasheetQA) -> None:
    q = "INA219 strapped A1 = SDA, A0 = GND on the same bus as an ADS1115 breakout{}. Collide?"
    a = shipped.ask(q.format(" - I don't know how the breakout straps ADDR"))
    assert a.verdict == "insufficient_evidence", a.answer
    assert "0x48 would clash" in a.answer and "0x49" in a.answer
    # a strap the designer may still choose: some choice gives every part its own address
    assert shipped.ask(q.format("")).verdict == "compatible"


def test_a_fit_that_turns_on_an_unnamed_revision(shipped: DatasheetQA) -> None:
    a = shipped.ask("Customer wants an SRB-5030 on a 34 V rail; no board revision given. OK?")
    assert (a.status, a.verdict) == ("insufficient_evidence", "insufficient_evidence"), a.answer
    assert "depends on the board revision" in a.answer
    assert shipped.ask("Can we use a rev B SRB-5030 on a 34 V rail?").verdict == "incompatible"
    assert shipped.ask("Can we use an SRB-5030 on a 30 V rail?").verdict == "compatible"


def test_a_part_then_which_of_it_in_brackets_is_one_part(shipped: DatasheetQA) -> None:
    a = shipped.ask("the 5 A ACS712 (ACS712ELCTR-05B): what output noise does the datasheet list?")
    assert [it.typ for it in a.items] == [21.0] and a.route == "simple", a.answer


def test_where_a_sagging_source_settles_is_the_supply(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "TB6612FNG motor supply from a 1S LiPo that sags to about 3.7 V: what maximum output "
        "current per channel does the operating range allow at that VM?"
    )
    assert [it.max for it in a.items if it.spec == "output_current"] == [0.4], a.answer


def test_a_setting_changed_states_only_where_it_goes(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "I'm dropping my DS18B20s from 12-bit to 10-bit resolution. Max conversion time then?"
    )
    assert [it.max for it in a.items if it.spec == "conversion_time"] == [187.5], a.answer


def test_a_meter_named_after_what_it_measures(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "A technician measures the SRB-5030 input rail with the MDN-6100 on the 100 V DC range "
        "and reads 24.000 V; last calibration 11 months ago, 23 degC. Meter accuracy in mV?"
    )
    assert a.task == "accuracy" and "±1.68 mV" in a.answer, a.answer


def test_a_second_of_the_same_part_with_an_unknown_strap(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "I have one CCS811 with ADDR tied to GND and want to add a second CCS811 breakout whose "
        "ADDR strapping I don't know. Will both work on the same I2C bus?"
    )
    assert a.verdict == "insufficient_evidence" and "0x5A would clash" in a.answer, a.answer


def test_will_the_whole_range_fit_is_a_compatibility_question(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "What happens if I read a 5 V XGZP6847A with an MCP3008 at VDD = VREF = 3.3 V, "
        "single-ended? Will the whole pressure range fit?"
    )
    assert a.verdict == "incompatible" and "0.5 to 4.5 V" in a.answer, a.answer


def test_a_list_after_a_colon_is_asked_item_by_item(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "CCS811 timing for my driver: max wait after power-on before I2C, max wait after "
        "nRESET / SW_RESET, the tWAKE max (nWAKE to ready for I2C), and max time after APP_START?"
    )
    assert a.status == "answered", a.answer
    assert sorted((it.max, it.unit) for it in a.items) == [
        (1.0, "ms"),
        (2.0, "ms"),
        (20.0, "ms"),
        (50.0, "μs"),
    ], a.answer


def test_a_relay_drop_out_voltage_in_volts(shipped: DatasheetQA) -> None:
    a = shipped.ask("SRD-05VDC-SL-C minimum drop-out voltage, in volts?")
    assert "= 0.25 V" in a.answer, a.answer
    # "drop out of regulation" is a current limit, not a dropout voltage
    b = shipped.ask("At what current does the SRB-5030 drop out of regulation (current limit)?")
    assert {it.spec for it in b.items} == {"current_limit"}, b.answer


def test_a_stated_temperature_leaves_the_rows_printed_at_others(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "LMP91200 at VS = 3.3 V, 85 °C ambient: max input bias current at INP (0 V < INP < 3.3 V)?"
    )
    # not the 25 °C row (no temperature printed), the 125 °C row, nor the unpowered VS = 0 V row
    assert [(it.max, it.unit) for it in a.items] == [(445.0, "fA")], a.answer
    # a question that also asks over a span keeps the row printed over it
    b = shipped.ask("LM7805 output voltage limits: at TJ = 25 °C versus over the full conditions?")
    assert sorted(it.min for it in b.items) == [4.75, 4.8], b.answer


def test_stand_by_current_is_the_standby_row(shipped: DatasheetQA) -> None:
    a = shipped.ask("What is the maximum stand-by supply current of the DHT22?")
    assert [(it.max, it.unit) for it in a.items] == [(50.0, "uA")], a.answer


def test_a_load_voltage_is_not_checked_as_the_input(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "SRB-5030 rev B, 24 V in, enclosure at 80 °C ambient; load is a steady 2.5 A at 5 V. "
        "Within rating?"
    )
    assert a.verdict == "incompatible" and "2.5 A is outside max 2 A" in a.answer, a.answer
    assert "5 V is outside" not in a.answer


def test_a_version_named_by_its_supply_takes_the_paired_alternative(shipped: DatasheetQA) -> None:
    # "Power Supply 5.0/3.3" and "Output Range 0.5～4.5/0.2～2.7" pair by position
    a = shipped.ask("I ordered the 3.3V version of the XGZP6847A. What output voltage span?")
    assert [(it.min, it.max) for it in a.items] == [(0.2, 2.7)], a.answer
    b = shipped.ask(
        "Can I read an XGZP6847A 3.3 V-version output on ADS1115 AIN0 single-ended, ADS1115 on "
        "VDD = 3.3 V with FSR ±4.096 V?"
    )
    assert b.verdict == "compatible" and "0.5 to 4.5" not in b.answer, b.answer
    # "the 5 V part" says which part; it is no value checked against the output range
    c = shipped.ask("XGZP6847A output span for the 5 V part and the 3.3 V part, allowed?")
    assert "is outside" not in c.answer and c.verdict is None, c.answer


def test_a_board_with_its_own_regulator_is_an_unknown_party(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "I bought a GY-521 style MPU-6050 breakout and want to feed 5 V into its VCC pin; I was "
        "told the board has its own regulator. Is that OK?"
    )
    assert a.verdict == "insufficient_evidence" and "regulator on the MPU-6050" in a.answer
    # what the documents do give on the part we hold: the chip's own supply range
    assert [(it.min, it.max) for it in a.items] == [(2.375, 3.46)], a.answer
    b = shipped.ask("Can I power my ESP32 DevKit board via its 5V/VIN pin from an LM7805?")
    assert b.verdict == "insufficient_evidence", b.answer


def test_an_unknown_driver_still_gets_the_thresholds_it_must_meet(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "A 5 V microcontroller board (we don't have its datasheet) driving TB6612FNG inputs "
        "with TB6612 Vcc = 5 V - do the logic levels work?"
    )
    assert a.verdict == "insufficient_evidence" and "min 3.5 V" in a.answer, a.answer


def test_a_gain_the_question_leaves_open_decides_nothing(shipped: DatasheetQA) -> None:
    q = "ACS712ELCTR-20A at VCC = 5 V, ±20 A, into an ADS1115 at VDD = 5 V{}. Does it fit?"
    a = shipped.ask(q.format(", but I haven't decided the PGA setting yet"))
    assert a.verdict == "insufficient_evidence" and "±6.144 V" in a.answer, a.answer
    # with no word on the gain, the widest range is the one a designer would pick
    assert shipped.ask(q.format("")).verdict == "compatible"


def test_at_room_temperature_the_row_printed_without_a_window(shipped: DatasheetQA) -> None:
    a = shipped.ask("INA219A and INA219B: maximum current measurement error of each at 25 degC?")
    # not the "over Temperature" rows (–25 °C to 85 °C), whose "–25" is no 25 °C either
    assert sorted(it.max for it in a.items) == [0.3, 0.5], a.answer
    # a row printed at 25 °C itself stays the one asked; the full-range row is not
    b = shipped.ask("LM7805 vs LM7805A: output voltage min/max at TJ = 25 °C?")
    assert sorted({it.min for it in b.items}) == [4.8, 4.9], b.answer


def test_a_sensor_measuring_and_feeding_an_adc_is_the_source(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "ACS712ELCTR-20A-T at VCC = 5 V, measuring currents within ±20 A, feeding CH0 of an "
        "MCP3008 at VDD = VREF = 5 V single-ended. Does the output stay inside the ADC range?"
    )
    assert a.verdict == "compatible" and "output spans 0.5 to 4.5 V" in a.answer, a.answer


def test_an_assembly_number_beside_the_revision_it_names(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "Qualification unit labelled OPS-9001-C (SRB-5030 revision C): what maximum input "
        "voltage applies to it?"
    )
    assert [it.max for it in a.items if it.spec == "input_voltage_range"] == [36.0], a.answer


def test_a_part_number_the_boards_own_documents_list_is_a_component(shipped: DatasheetQA) -> None:
    a = shipped.ask("SRB-5030 BOM: what saturation current is inductor L1 (OPS-2210) rated for?")
    assert [(it.value, it.citation) for it in a.items] == [(4.5, "srb5030-bom#1")], a.answer


def test_a_design_rule_named_by_its_number_alone(shipped: DatasheetQA) -> None:
    a = shipped.ask("Design rule DR-10: minimum ratio of inductor saturation current to peak?")
    assert a.status == "answered" and a.citations == ["design-review-rules#2"], a.answer
    assert [it.value for it in a.items] == [1.3]
    b = shipped.ask("Per DR-14, what is the highest rail a 50 V ceramic cap can sit on?")
    assert [d.result for d in b.derived] == [pytest.approx(33.3333, abs=1e-3), 33.3], b.answer


def test_a_feature_sentence_is_no_figure_at_a_stated_hot_ambient(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "ADS1115 running continuous conversions in an enclosure that reaches 125 °C: worst-case "
        "operating supply current?"
    )
    # the table's max over temperature, not the front page's "150 μA (Continuous-Conversion)"
    assert [(it.max, it.unit) for it in a.items] == [(300.0, "µA")], a.answer


def test_a_named_parts_own_gpio_level_is_its_voh_not_a_pull_up(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "ESP32-WROOM-32 (3.3 V GPIO) driving CS/CLK/DIN of an MCP3008 powered at VDD = 5 V. "
        "Logic-level compatible?"
    )
    assert a.verdict == "incompatible" and "VOH min 2.64 V < MCP3008 VIH min 3.5 V" in a.answer


def test_a_list_of_many_items_is_not_asked_item_by_item() -> None:
    from search.datasheets._qa import _listed_items

    assert len(_listed_items("CCS811: max wait a, max wait b, max wait c?")) == 3
    # a hostile list of hundreds of items costs one lookup, not hundreds
    assert _listed_items("INA219: " + ", ".join(["max bus voltage"] * 200) + "?") == []


def test_a_spec_phrase_filed_under_a_label_of_its_own(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "Is it OK to transmit continuously at +20 dBm on the RFM95W's PA_BOOST pin? What "
        "maximum transmit duty cycle does the datasheet allow at +20 dBm?"
    )
    assert [(it.max, it.unit, it.citation) for it in a.items] == [(1.0, "%", "rfm95w#p80")]


def test_a_document_named_by_its_own_number(shipped: DatasheetQA) -> None:
    # "document TS-5030" in the test specification's preamble: the question names no part
    a = shipped.ask("Under TS-5030 revision 3, what upper limit applies to the RIPPLE measurement?")
    assert a.status == "answered" and "srb5030-test-spec#4" in a.citations, a.answer
    assert [(it.max, it.unit) for it in a.items] == [(50.0, "mV")]
    # a document's number beside a named instrument is no second party to compare
    b = shipped.ask(
        "Per CP-0210, what verification tolerance applies to the TRN-2400 constant-current "
        "setting at the 3.000 A point?"
    )
    assert b.route != "comparison" and "±13 mA" in b.answer, b.answer


def test_an_instrument_reply_given_as_a_bare_number_is_the_reading(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "MDN-4010 reports MEAS:VOLT? = 24.0000 on the bench supply - how far off can that "
        "readback be (1 year, 18-28 °C)?"
    )
    assert a.status == "answered" and "= ±17 mV" in a.answer, a.answer


def test_a_percent_of_span_accuracy_in_pressure(shipped: DatasheetQA) -> None:
    a = shipped.ask("XGZP6847A500KPG (0-500 kPa gauge): typical total accuracy expressed in kPa?")
    assert [d.result for d in a.derived] == [12.5] and "±12.5 kPa" in a.answer, a.answer
    # a span that does not start at zero
    b = shipped.ask("XGZP6847A total accuracy for a -100 to 100 kPa part, in kPa?")
    assert [d.result for d in b.derived] == [4.0], b.answer


def test_a_derated_limit_at_an_ambient_below_its_first_point(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "A customer runs an SRB-5030 revision B from a 24 V rail and draws 2.0 A at 50 °C "
        "ambient. Is that within the board's current ratings?"
    )
    # 3.0 A holds up to 70 degC; the 1.5 A point is the limit at 85 degC only
    assert a.verdict == "compatible" and "outside max 1.5 A" not in a.answer, a.answer
    # between the points the limit is derated linearly: 2.0 A at 80 degC
    b = shipped.ask("SRB-5030 revision B on 24 V drawing 2.5 A at 80 °C ambient: within ratings?")
    assert b.verdict == "incompatible" and "max 2 A" in b.answer, b.answer


def test_a_parts_own_output_is_not_checked_against_its_input(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "Will an SRB-5030 keep its output above 4.900 V during a fast 0.5 A to 3.0 A load step "
        "at 24 V in?"
    )
    assert a.verdict == "insufficient_evidence" and "4.9 V is outside" not in a.answer, a.answer


def test_a_surge_above_a_continuous_limit_is_not_settled_by_it(shipped: DatasheetQA) -> None:
    q = "Rev B SRB-5030 on a 24 V rail that sees {} V surges lasting about 2 ms: within ratings?"
    assert shipped.ask(q.format(38)).verdict == "insufficient_evidence"
    assert shipped.ask(q.format(45)).verdict == "incompatible"  # past the 40 V absolute maximum


def test_a_lists_heading_names_its_topic_not_an_item(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "MCP3008 DC accuracy: list the max INL, max DNL, max offset error and max gain error."
    )
    assert a.status == "answered" and len(a.items) == 4, a.answer
    assert {it.max for it in a.items} == {1.0, 1.5}


def test_a_regulator_asked_whether_it_holds_regulation(shipped: DatasheetQA) -> None:
    a = shipped.ask("AMS1117-5.0 fed from a 6.0 V supply, load 800 mA: will it hold regulation?")
    assert a.verdict == "incompatible" and "= 6.3 V" in a.answer, a.answer
    assert "specified only for 6.5V ≤ VIN ≤ 12V" in a.answer


def test_a_proposed_capacitor_rating_checked_against_a_design_rule(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "Purchasing wants to replace SRB-5030 rev B input caps C1/C2 with 10 µF 35 V X7R parts. "
        "Does that pass design rule DR-14 with the rev B input limit?"
    )
    # the change notice's 32 V for revision B, not the datasheet's 36 V
    assert a.verdict == "incompatible" and "1.5 * 32 = 48 V" in a.answer, a.answer
    b = shipped.ask("Would 63 V input capacitors on a rev C SRB-5030 meet DR-14?")
    assert b.verdict == "compatible" and "1.5 * 36 = 54 V" in b.answer, b.answer


def test_a_supply_version_named_before_the_part(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "If we order the 3.3 V-supply version of the XGZP6847A, what output voltage range does "
        "it give?"
    )
    assert [(it.min, it.max) for it in a.items] == [(0.2, 2.7)], a.answer


def test_the_time_since_calibration_in_words_picks_the_interval(shipped: DatasheetQA) -> None:
    for since in ("two months", "three weeks"):
        a = shipped.ask(
            f"The MDN-6100 was calibrated {since} ago. What is its accuracy limit for a 5.000 V "
            "reading on the 10 V DC range?"
        )
        assert "90 day" in a.answer and "24 hour" not in a.answer, a.answer
        assert "= ±165 µV" in a.answer


def test_a_percent_error_worked_out_at_the_current_stated(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "ACS712ELCTR-20A at 25 °C: at a full-scale 20 A, what total output error should we "
        "expect, expressed in amperes?"
    )
    assert "±1.5 % of 20 A = ±0.3 A" in a.answer and [d.result for d in a.derived] == [0.3]


def test_a_customer_asking_whether_they_can_use_a_board_on_a_rail(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "Plant runs a 36 V nominal DC rail; the customer has SRB-5030 revision B boards in "
        "stock. Can they use them on that rail?"
    )
    assert a.verdict == "incompatible" and "ecn-2608-04#1" in a.citations, a.answer


def test_a_yes_no_question_about_a_load_step_needs_a_transient_figure(
    shipped: DatasheetQA,
) -> None:
    a = shipped.ask(
        "Our FPGA load on an SRB-5030 steps from 0.5 A to 2.5 A in about 1 µs. Will VOUT stay "
        "at or above 4.900 V during the step?"
    )
    assert a.status == "insufficient_evidence" and a.verdict == "insufficient_evidence"


def test_a_current_carried_is_checked_against_no_measuring_range_or_output_pin(
    shipped: DatasheetQA,
) -> None:
    a = shipped.ask(
        "We only need the ACS712ELCTR-20A to carry 30 A continuously through IP+/IP- (we won't "
        "measure above 20 A). Is that within its rating?"
    )
    # no continuous primary-current rating is printed; the -20A of the part number, the 20 A
    # ruled out and the 3 mA output pin are none of them a limit on it
    assert a.verdict == "insufficient_evidence", a.answer
    assert "outside max 3 mA" not in a.answer and "-20 A is" not in a.answer


def test_a_supply_past_the_operating_range_says_whether_past_the_rating(
    shipped: DatasheetQA,
) -> None:
    a = shipped.ask("Customer wants to power a BH1750 light sensor straight off an LM7805. OK?")
    assert a.verdict == "incompatible" and "above even its absolute maximum 4.5 V" in a.answer
    b = shipped.ask("Can an LM7805 supply an MPU-6050?")
    assert b.verdict == "incompatible" and "within its absolute maximum 6 V" in b.answer, b.answer


def test_an_address_at_a_stated_strap(shipped: DatasheetQA) -> None:
    a = shipped.ask("CCS811 with ADDR pulled high - which 7-bit I2C address does it answer on?")
    assert [it.value for it in a.items] == ["0x5B"], a.answer
    b = shipped.ask("What I2C address does the MPU6050 use (AD0 low / high)?")
    assert {it.value for it in b.items} == {"0x68", "0x69"}, b.answer  # both asked


def test_a_design_rule_checked_with_the_figures_it_names(shipped: DatasheetQA) -> None:
    a = shipped.ask("Does the SRB-5030 inductor L1 meet design rule DR-10 at the 3.0 A rating?")
    # 1.3 x the 3.39 A peak inductor current of the datasheet against L1's 4.5 A saturation
    assert a.verdict == "compatible" and [d.result for d in a.derived] == [4.407], a.answer
    assert {"design-review-rules#2", "srb5030-bom#1", "srb5030-datasheet#6"} <= set(a.citations)


def test_a_percent_error_in_milliamps(shipped: DatasheetQA) -> None:
    a = shipped.ask("An ACS712 x05B carrying 5 A at 25 °C: what total output error is that in mA?")
    assert [(d.result, d.unit) for d in a.derived] == [(75.0, "mA")], a.answer


def test_a_part_named_again_is_not_a_second_party(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "ESP32-WROOM-32 at 3.3 V driving TB6612FNG control inputs, with the TB6612FNG's Vcc at "
        "5 V: will a GPIO high be recognised?"
    )
    # the ESP32 drives ("TB6612FNG control inputs" names inputs, not a part that controls)
    assert a.verdict == "incompatible" and "VIH min 3.5 V" in a.answer, a.answer


def test_absolute_maximum_on_two_supply_pins_given_once(shipped: DatasheetQA) -> None:
    a = shipped.ask("What's the absolute maximum voltage allowed on the BME280's VDD and VDDIO?")
    # one row rates every supply pin: answered with it, once
    assert [(it.max, it.section_kind) for it in a.items] == [(4.25, "absolute_maximum")], a.answer


def test_a_stated_temperature_window_picks_the_row_window_holding_it(shipped: DatasheetQA) -> None:
    a = shipped.ask("What absolute temperature accuracy does the BME280 give from -20 °C to 0 °C?")
    # the -20…0 °C row, not the -40…-20 °C row whose end figure is "-20 °C"
    assert [it.max for it in a.items] == [1.25], a.answer


def test_bus_timing_rows_whose_labels_carry_the_bus_name(shipped: DatasheetQA) -> None:
    a = shipped.ask("BH1750 minimum SCL low period?")
    assert [(it.min, it.unit) for it in a.items] == [(1.3, "µs")], a.answer


def test_an_accuracy_asked_at_a_temperature_needs_an_accuracy_figure(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "Outdoor node: we need the XGZP6847A to stay within ±2.5 %Span at -10 °C. Does it meet "
        "that?"
    )
    # -10 °C is inside the operating range, but no accuracy is printed for it
    assert a.verdict == "insufficient_evidence", a.answer


def test_a_range_version_named_before_the_part(shipped: DatasheetQA) -> None:
    a = shipped.ask("whats the sensitivity of the 5 A version of the ACS712 in mV per amp?")
    assert [it.typ for it in a.items] == [185.0], a.answer


def test_an_absolute_maximum_offered_as_the_reason_a_supply_is_fine(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "I want to power the CCS811 from a 3.6 V rail (it's listed as the absolute max, so "
        "that's fine, right?)"
    )
    # checked against the operating range, 1.8 to 3.3 V: a rating is no operating limit
    assert a.verdict == "incompatible" and "outside 1.8 to 3.3 V" in a.answer, a.answer


def test_a_load_current_a_part_is_asked_to_drive(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "Plant-watering pump draws 3 A continuous. Can one bridge (one channel) of an L298 "
        "drive it?"
    )
    assert a.verdict == "incompatible" and "max 2 A (–DC Operation)" in a.answer, a.answer
    b = shipped.ask("Can one bridge of an L298 drive a 3 A continuous load?")
    assert b.verdict == "incompatible", b.answer


def test_an_input_change_is_a_condition_not_an_input_asked() -> None:
    p = parse_question("LM7805: max line regulation for an input change from 8 V to 12 V?")
    assert p.specs == [("line_regulation",)]


def test_the_accuracy_of_each_meter_named_at_one_reading(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "Both the MDN-4010 and the TRN-2400 read back current. At a 3.000 A reading, what is "
        "the one-year accuracy limit of each?"
    )
    # the readback rows ("read back" is no "limit programming" row), one per meter
    assert "of reading + 3 mA" in a.answer and "TRN-2400 3.000 A" in a.answer, a.answer
    assert {"mdn4010-programming-manual#2", "trn2400-programming-manual#1"} <= set(a.citations)


def test_each_stated_supplys_alternative(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "what output voltage range does the XGZP6847A give on a 5 V supply, and what on a "
        "3.3 V supply?"
    )
    assert sorted((it.min, it.max) for it in a.items) == [(0.2, 2.7), (0.5, 4.5)], a.answer


def test_the_lockout_threshold_of_the_direction_asked(shipped: DatasheetQA) -> None:
    up = shipped.ask(
        "Customer's SRB-5030 stays off while they slowly ramp the input up from zero. At what "
        "input voltage should the board start switching?"
    )
    lockouts = [it.typ for it in up.items if it.spec == "undervoltage_lockout"]
    assert lockouts == [8.2], up.answer  # rising, not the 7.8 V falling threshold
    down = shipped.ask("At what input voltage does the SRB-5030 stop switching as the input sags?")
    assert [it.typ for it in down.items if it.spec == "undervoltage_lockout"] == [7.8]


def test_a_side_of_and_does_not_bring_back_the_room_temperature_row(shipped: DatasheetQA) -> None:
    a = shipped.ask(
        "Give the maximum pH-buffer input bias current of the LMP91200 at 85 °C with the device "
        "powered and 0 V < INP < 3.3 V."
    )
    assert [it.max for it in a.items] == [445.0], a.answer
    # asked at 25 °C as well, the room-temperature row answers that side
    b = shipped.ask(
        "LMP91200 pH buffer input bias current max at 25 °C and at 85 °C (0 < INP < 3.3 V)?"
    )
    assert {125.0, 445.0} <= {it.max for it in b.items}, b.answer
