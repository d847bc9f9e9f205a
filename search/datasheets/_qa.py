"""Validated question answering over datasheet facts.

``DatasheetQA(store).ask(question)`` parses the question (:mod:`._route`), fetches facts
(:mod:`._retrieval`), validates each one (:mod:`._validate`), applies the compatibility rules
(:mod:`._compat`) or the instrument accuracy arithmetic (:mod:`._accuracy`), and writes an
:class:`~._answer.Answer` whose every number is traced to cited evidence. Missing evidence gives
``insufficient_evidence``; an answer that fails the number trace is never ``answered``.

An LLM behind an OpenAI-compatible endpoint may be configured. It only ever proposes: the devices
and specs of a question the parser could not read, and a rephrasing of a finished answer. Both
pass the same validation as the deterministic path, or are dropped.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import json
import logging
import math
import re
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from search.datasheets._accuracy import (
    AccuracyError,
    accuracy_rows,
    compute_uncertainty,
    with_temperature_coefficient,
)
from search.datasheets._answer import (
    BINARY_WORD,
    Answer,
    AnswerItem,
    CompatCheck,
    Derived,
    address_text,
    binary_word,
    evaluate,
    format_number,
    item_from_fact,
    rounded,
    stated_tolerance,
    trace_numbers,
)
from search.datasheets._compat import (
    INPUT_BAND,
    RAIL_PIN,
    STATED_CURRENT,
    STRAP_FLOATING,
    DeviceUse,
    Limit,
    alternative_index,
    amps,
    asks_headroom,
    asks_pullup_level,
    asks_ripple_by_meter,
    asks_thermal,
    bench_pairing,
    bench_role,
    bounds,
    check_compatibility,
    clocked_bus,
    combine,
    condition_holds,
    digital_row,
    input_band,
    is_coil_load,
    is_motor_supply,
    is_regulator,
    items_of,
    output_at,
    output_span,
    packages_named,
    paired_alternatives,
    percent_band,
    percent_of,
    pick_rules,
    pullup_volts,
    rails_in,
    reading_at,
    sense_ranges,
    settings_in,
    stated_ambient,
    stated_clock,
    stated_current_limit,
    stated_load_current,
    stated_package,
    stated_sensed_current,
    stated_shunt,
    strapped,
    straps_in,
)
from search.datasheets._extract import (
    NUMBER_WORDS,
    QUANTITY_DIMENSION,
    spec_dimensions,
    unit_dimension,
)
from search.datasheets._facts import DEVICES, PART_NUMBER, Fact, FactStore, Notice, squash
from search.datasheets._formula import AT_POINT
from search.datasheets._retrieval import (
    ASKS_PRODUCTION,
    FactIndex,
    Ranked,
    content_words,
    named_variants,
    rated_selector,
)
from search.datasheets._route import (
    _COMPARE_CUES as _PARTS_COMPARED,
)
from search.datasheets._route import (
    _COMPAT_CUES,
    EACH_BAND,
    FORCED_ON_OUTPUT,
    QUERY_RETURNS,
    RATING_OF,
    SPEC_PHRASES,
    DeviceMention,
    ParsedQuestion,
    final_question,
    listed_bits,
    parse_question,
    without_reason,
)
from search.datasheets._units import (
    VOLTS_OR_AMPS,
    UnknownUnitError,
    canonical_unit,
    convert,
    to_si,
)
from search.datasheets._validate import dimension_of, supply_fractions, validate_fact

logger = logging.getLogger(__name__)

__all__ = ["DatasheetQA", "LLMHelper", "ask"]

_SPEC_NAMES = sorted({s for _, specs in SPEC_PHRASES for s in specs})
_LIST_SPECS = frozenset({"i2c_address", "interface"})
_VOLTS_IN_CONDITION = re.compile(
    r"\b(?:[AD]?VDD|VCC|VS|VIN|VREF|V\+|supply)(?:\s*=\s*(?:VDD|VCC|VS|VIN|VREF))*\s*=\s*"
    r"([-+]?\d+(?:\.\d+)?)\s*V\b"
    # "24.0 V in, 3.0 A": the input voltage a row was measured at, written after the figure
    r"|([-+]?\d+(?:\.\d+)?)\s*V\s+in\b",
    re.IGNORECASE,
)


_CONDITION_QTY = re.compile(r"(\d+(?:\.\d+)?)\s*[- ]?\s*(bits?|SPS|ksps|kHz|MHz|Hz)\b", re.I)


# "Over what input range is the output voltage spec'd": the condition asked, not a figure
_OVER_WHAT_SPAN = re.compile(
    r"(?i)\b(?:over|for|across)\s+what\s+(?:input\s+|supply\s+|v(?:in|cc|dd)\s+)?(?:voltage\s+)?range\b"
    r".{0,60}\b(?:spec'?d|specif(?:y|ies|ied)|guarantee[sd]?|tested|valid|hold)"
    # "the minimum input voltage for the AMS1117-5.0 to meet its output voltage spec", "min Vin
    # needed to stay within the output voltage spec", "how low can the input go ... while it
    # still meets its output voltage spec"
    r"|(?:\b(?:min(?:imum)?|lowest)\s+|\bhow low can the\s+)(?:input|supply|vin)\b.{0,60}"
    r"\b(?:to|while|and)\s+(?:it\s+)?(?:still\s+)?(?:meet|hold|keep|stay)\w*\b"
    r".{0,40}\bspec"
)


def _modes_named(text: str) -> set[str]:
    """The numbered modes a text names: "Mode 1 & 4", "modes 2 and 3", "mode 1"."""
    return {
        n
        for m in re.finditer(r"(?i)\bmodes?\s*(\d+(?:\s*(?:&|and|,|/|or)\s*\d+)*)\b", text)
        for n in re.findall(r"\d+", m.group(1))
    }


_MEASUREMENT_SPAN = re.compile(
    r"(?i)\brange\b[^,;]*?(\d+(?:\.\d+)?)\s*(?:∼|~|～|to)\s*(\d+(?:\.\d+)?)\s*(mV|V)\b"
)


def _measurement_span(condition: str | None) -> tuple[float, float] | None:
    """The span of volts a row's condition names as its measurement range, in volts."""
    m = _MEASUREMENT_SPAN.search(condition or "")
    if m is None:
        return None
    scale = 1e-3 if m.group(3) == "mV" else 1.0
    return float(m.group(1)) * scale, float(m.group(2)) * scale


def _compare_variants(parsed: ParsedQuestion, mention: DeviceMention, variants: list[str]) -> None:
    """The part named once is each variant listed, in order: one mention a variant, compared
    when there are several."""
    mention.variant = variants[0]
    parsed.devices = [mention, *(dataclasses.replace(mention, variant=v) for v in variants[1:])]
    if len(parsed.devices) > 1 and parsed.route in ("simple", "structured"):
        parsed.route = "comparison"


@functools.lru_cache(maxsize=256)
def _doc_names(doc: str) -> tuple[str, ...]:
    """How a question may name a document: its name, or its leading words by their initials
    and its last word in full ("FA guide" for failure-analysis-guide)."""
    words = doc.split("-")
    short = "".join(w[0] for w in words[:-1]) + words[-1]
    if len(words) >= 3 and all(w.isalpha() for w in words):
        return squash(doc), squash(short)
    return (squash(doc),)


# A condition's quantity: its kind and the scale to that kind's base unit.
_CONDITION_UNITS = {
    "bit": ("bit", 1.0),
    "bits": ("bit", 1.0),
    "sps": ("sps", 1.0),
    "ksps": ("sps", 1e3),
    "hz": ("hz", 1.0),
    "khz": ("hz", 1e3),
    "mhz": ("hz", 1e6),
}


def _condition_quantity(number: str, unit: str) -> tuple[str, float]:
    """("100", "kHz") -> ("hz", 100000.0)"""
    kind, scale = _CONDITION_UNITS[unit.lower()]
    return kind, float(number) * scale


def _condition_conflict(fact: Fact, stated: Sequence[float], question: str = "") -> list[str]:
    """A fact measured at one supply (or resolution, rate) does not answer a question asked at
    another."""
    if not fact.condition:
        return []
    at = [float(a or b) for a, b in _VOLTS_IN_CONDITION.findall(fact.condition)]
    if bare := re.fullmatch(r"\s*(?:@|at)?\s*(\d+(?:\.\d+)?)\s*V\s*", fact.condition):
        at.append(float(bare.group(1)))  # "Max current draw: 15mA @ 5V": the part at 5 V
    if stated and at and not any(abs(a - v) < 1e-9 for a in at for v in stated):
        return [
            f"scope_named: {fact.device} {fact.spec} at {fact.citation} holds at "
            f"{fact.condition!r}, the question asks at {', '.join(map(str, stated))} V"
        ]
    asked: dict[str, set[float]] = {}
    said: dict[str, list[str]] = {}
    # ("at BW 125, 250 and 500 kHz": each item of a list, its unit written once)
    for n, u in _CONDITION_QTY.findall(" ".join([question, *_listed_conditions(question)])):
        key, value = _condition_quantity(n, u)
        asked.setdefault(key, set()).add(value)
        said.setdefault(key, []).append(f"{n} {u}")
    if listed := listed_bits(question):
        # "for 9-, 10-, 11- and 12-bit resolution": each listed one is asked
        asked.setdefault("bit", set()).update(map(float, listed))
        said.setdefault("bit", []).extend(f"{b} bit" for b in listed)
    for n, u in _CONDITION_QTY.findall(fact.condition):
        key, value = _condition_quantity(n, u)
        if key in asked and not any(math.isclose(value, a) for a in asked[key]):
            return [
                f"scope_named: {fact.device} {fact.spec} at {fact.citation} holds at "
                f"{fact.condition!r}, not at the {', '.join(dict.fromkeys(said[key]))} "
                "the question asks about"
            ]
    # "IOUT = 2.0 A" on a row of a sweep, "at 2.5 A" in the question: a point not printed
    row_amps = STATED_CURRENT.findall(fact.condition)
    asked_amps = {amps(n, u) for n, u in STATED_CURRENT.findall(question)}
    if (
        len(row_amps) == 1
        and len(asked_amps) == 1
        and not re.search(r"(?i)\bto\b|[-–~≤≥<>]", fact.condition)
        and not math.isclose(amps(*row_amps[0]), next(iter(asked_amps)))
    ):
        return [
            f"scope_named: {fact.device} {fact.spec} at {fact.citation} holds at "
            f"{fact.condition!r}, not at the current the question states"
        ]
    row_modes, asked_modes = _modes_named(fact.condition), _modes_named(question)
    if row_modes and asked_modes and not row_modes & asked_modes:
        # "> 5 years in mode 1" says nothing of mode 3
        return [
            f"scope_named: {fact.device} {fact.spec} at {fact.citation} holds at "
            f"{fact.condition!r}, not in mode {', '.join(sorted(asked_modes))}"
        ]
    # "Channel A, gain 64" writes the gain without "="; a channel the question names with no
    # gain ("and on channel B?") is asked at the gain it has
    channel = re.search(r"(?i)\bchannel\s+([A-Z])\b", fact.condition)
    bare = channel and re.search(
        rf"(?i)\b(?:channel|ch)\s+{channel.group(1)}\b(?![^.?;]{{0,15}}\bgain\b)", question
    )
    gains = [] if bare else re.findall(r"(?i)\bgain\s+(\d+)\b", fact.condition)
    for name, value in (*settings_in(fact.condition), *(("gain", float(g)) for g in gains)):
        # "Gain = 128" on the row, "at gain 64" in the question: another setting's figure.
        said = {
            float(v)
            for v in re.findall(
                rf"(?i)\b{re.escape(name)}\s*(?:=|:|of)?\s*(\d+(?:\.\d+)?)\b", question
            )
        }
        if said and value not in said:
            return [
                f"scope_named: {fact.device} {fact.spec} at {fact.citation} holds at "
                f"{fact.condition!r}, not at the {name} of "
                f"{', '.join(map(format_number, sorted(said)))} the question asks about"
            ]
    return []


def _names_revisions(text: str, revisions: Sequence[str]) -> bool:
    """Whether a sentence is about exactly these board revisions ("Revision A or B: 32.0 V")."""
    m = re.match(r"(?i)\s*revisions?\s+([A-Z](?:\s*(?:,|or|and|/)\s*[A-Z])*)\b", text)
    return m is not None and set(re.findall(r"\b[A-Z]\b", m.group(1).upper())) == set(revisions)


def _modes_asked(ranked: Sequence[Any], question: str) -> set[str]:
    """The modes of the rows ("HIGH-SPEED MODE", "Fast mode") the question names."""

    def plain(text: str) -> str:
        return " ".join(re.sub(r"[-_]", " ", text.lower()).split())

    asked = plain(question)
    return {
        mode
        for r in ranked
        if isinstance(mode := r.fact.applies_to.get("mode"), str)
        and (name := re.sub(r"\s*\bmode$", "", plain(mode)))
        and re.search(rf"\b{re.escape(name)} mode\b", asked)
    }


# "5 A part", "the 30 A version": a part named by the current range it is built for
# ("5A vs 30A version", "05B version"), a "part" or "version" word following close behind
_RANGE_PART = re.compile(
    r"(?i)(?<![\w.])(\d{1,2})\s?[AB]\b(?=[^.?;]{0,25}?\b(?:part|version|variant|model|type|one)s?\b)"
    # the variant's own code: "-05B and -30A", "x20A"
    r"|(?:(?<![\w-])-|\bx)(\d{2})\s?[AB]\b"
)
_MODULATION = re.compile(r"lora|fsk|ook")
_AXIS = re.compile(r"(?i)\b([xyz])[- ]?axis\b")
_RADIO_MODE = re.compile(r"(?i)\b(?:transmit\w*|tx|receiv\w*|rx)\b")


def _mode_conflict(fact: Fact, question: str) -> list[str]:
    """A current asked while a radio transmits or receives is not a supply row that names
    no such mode ("Current delivered by external power supply ≥ 0.5 A")."""
    if fact.spec != "supply_current" or not _RADIO_MODE.search(question):
        return []
    if _RADIO_MODE.search(f"{fact.parameter} {fact.condition or ''} {fact.symbol or ''}"):
        return []
    return [
        f"scope_named: {fact.device} {fact.spec} at {fact.citation} is not stated for "
        "transmitting or receiving"
    ]


# Rows printed for the part unpowered ("VS = 0 V", LMP91200 input bias current), and how a
# question says it wants the part unpowered, or powered.
# A current asked in a working state ("while its output is high", "when triggered") that a row
# drawn idle ("Quiescent Current") does not give; a question that says idle itself asks it.
_ASKS_ACTIVE = re.compile(
    r"(?i)^(?!.*\b(?:quiescent|standby|idle|sleep|no[- ]load)\b).*(?:"
    r"\b(?:while|when|during)\b[^.?;]{0,30}\b(?:triggered|firing|detect\w*|output\s+is\s+high)\b"
    r"|\b(?:person|motion|someone|presence)\s+(?:is\s+)?detected\b)"
)
_IDLE_ROW = re.compile(r"(?i)\b(?:quiescent|standby|idle)\b")
_UNPOWERED_ROW = re.compile(r"\bV(?:S|DD|CC)\s*=\s*0\s*V\b")
_ASKS_UNPOWERED = re.compile(
    r"(?i)\bunpowered\b|\bpowered\s+(?:off|down)\b|\bV(?:S|DD|CC)\s*=\s*0\s*V\b"
    # "a board that's switched off", "with the supply at 0 V"
    r"|\b(?:switched|turned)\s+off\b|\bsupply\s+(?:at|is)\s+0\s*V\b"
)
_ASKS_POWERED = re.compile(
    r"(?i)\bpowered\b(?!\s+(?:off|down))|\bsupply (?:is |switched |turned )?on\b"
    r"|\bV(?:S|DD|CC)\s*=\s*(?!0(?:\.0+)?\s*V\b)\d"
)


def _converter_conflict(fact: Fact, question: str) -> list[str]:
    """A row of a part's ADC does not answer a question about its DAC, nor the other way."""
    asked = {w.upper() for w in re.findall(r"(?i)\b(ADC|DAC)s?\b", question)}
    if len(asked) != 1:
        return []
    said = {
        w.upper()
        for w in re.findall(
            r"(?i)\b(ADC|DAC)s?\b", f"{fact.section or ''} {fact.parameter} {fact.condition or ''}"
        )
    }
    if said and not asked & said:
        return [
            f"scope_named: {fact.device} {fact.spec} at {fact.citation} is stated for its "
            f"{'/'.join(sorted(said))}, the question asks about its {next(iter(asked))}"
        ]
    return []


_LOW_WORDS = frozenset({"0", "low", "gnd", "dgnd", "agnd", "vss", "ground", "grounded"})
_HIGH_WORDS = frozenset({"1", "high", "vdd", "dvdd", "avdd", "vcc", "vdda"})
_PIN_AT_LEVEL = re.compile(
    r"\b([A-Z][A-Z0-9_]{2,})\s*=\s*(\w+)"
    # "(SDO pin high)", "SDO is logic low"
    r"|\b([A-Z][A-Z0-9_]{2,})(?:\s+pin)?\s+(?:is\s+)?(?:logic\s+)?(high|low)\b"
)


def _level(word: str) -> str | None:
    w = word.lower()
    return "low" if w in _LOW_WORDS else "high" if w in _HIGH_WORDS else None


def _pin_level_conflict(fact: Fact, question: str) -> list[str]:
    """A row printed for a pin tied one way ("RATE = 0", "RATE = DVDD") does not answer a
    question that ties it the other way ("RATE tied high", "with RATE low")."""
    for m in _PIN_AT_LEVEL.finditer(fact.condition or ""):
        pin, word = (m[1], m[2]) if m[1] else (m[3], m[4])
        row = _level(word)
        said = re.finditer(
            rf"\b{pin}\b(?:\s+(?:pin|is|tied|pulled|held|set|connected|strapped|wired|at|to"
            rf"|=|:))*\s*(?:=\s*)?(\w+)(?:\s*(?:/|or|and|,)\s*(\w+))?",
            question,
            re.IGNORECASE,
        )
        # "AD0 low / high", "RATE low versus RATE tied to DVDD": both levels asked, no row is
        # out of scope
        asked = {_level(w) for m in said for w in m.groups() if w} - {None}
        if row and asked and row not in asked:
            return [
                f"scope_named: {fact.device} {fact.spec} at {fact.citation} holds at "
                f"{pin} = {word}, the question ties {pin} {' or '.join(sorted(asked))}"
            ]
    return []


def _revision_conflict(fact: Fact, revisions: Sequence[str]) -> list[str]:
    """A part fitted on board revision B is not the revision C part a question asks about."""
    rev = fact.applies_to.get("board_revision")
    if isinstance(rev, str) and revisions and rev not in revisions:
        return [
            f"scope_named: {fact.device} {fact.spec} at {fact.citation} is of board revision "
            f"{rev}, the question asks about {', '.join(revisions)}"
        ]
    return []


# The rails a part is powered from: only a voltage the question states as a supply is
# checked against them.
_SUPPLY_RAILS = frozenset({"supply_voltage", "logic_supply_voltage", "absolute_max_supply_voltage"})
_SUPPLY_FAMILY = frozenset(
    {
        "supply_voltage",
        "input_voltage_range",
        "absolute_max_supply_voltage",
        "absolute_max_input_voltage",
        "logic_supply_voltage",
    }
)
_QUANTITY_WORDS = {
    "temperature": re.compile(r"\btemperatures?\b|°C|degC", re.I),
    "humidity": re.compile(r"\bhumidity\b|%\s?RH\b|\bRH\b", re.I),
    "pressure": re.compile(r"\bpressures?\b|\bhPa\b|\bkPa\b|\bPa\b|\bbar\b", re.I),
    # a gyroscope row (°/s) answers no accelerometer question, and the other way round
    "acceleration": re.compile(r"\baccel\w*|\bµ?g\b|/g\b", re.I),
    "rotation": re.compile(r"\bgyro\w*|[°º]/s|\bdps\b", re.I),
}


def _quantity_conflict(fact: Fact, quantity: str | None) -> list[str]:
    """A row about another measured quantity does not answer ("pressure range" is not the
    temperature range of a combined sensor)."""
    if quantity not in _QUANTITY_WORDS:
        return []
    fq = str(fact.applies_to.get("quantity") or "").lower()
    if fq:
        return (
            []
            if fq.startswith(quantity)
            else [f"scope_named: {fact.device} {fact.spec} at {fact.citation} is about {fq}"]
        )
    # the unit says it first: a row in %RH is about humidity, whatever temperature its
    # condition names ("±3 %RH (20…80 %RH, 25 °C)")
    by_unit = [q for q, pat in _QUANTITY_WORDS.items() if pat.fullmatch(fact.unit or "")]
    if by_unit and quantity not in by_unit:
        return [
            f"scope_named: {fact.device} {fact.spec} at {fact.citation} is in {fact.unit}, "
            f"the question asks about {quantity}"
        ]
    # (the section says it too: "OUTPUT DATA RATE" under "6.1 Gyroscope Specifications")
    own = f"{fact.parameter} {fact.condition or ''} {fact.unit or ''} {fact.section or ''}"
    others = [q for q, pat in _QUANTITY_WORDS.items() if q != quantity and pat.search(own)]
    if others and not _QUANTITY_WORDS[quantity].search(own):
        return [
            f"scope_named: {fact.device} {fact.spec} at {fact.citation} is about {others[0]}, "
            f"the question asks about {quantity}"
        ]
    return []


def _version_supply(text: str, start: int, end: int, nxt: int | None) -> float | None:
    """The supply version of a part offered for several ("5.0/3.3 Vdc") that the question
    names: "the 5 V version of the XGZP6847A", "XGZP6847A (standard 5 V version)"."""
    before = re.search(
        r"(?i)(\d+(?:\.\d+)?)\s*V\s+(?:version|variant|model)\s+of\s+(?:the\s+|an?\s+)?$",
        text[max(0, start - 40) : start],
    )
    after = re.match(
        r"(?i)\s*[(,]\s*(?:the\s+)?(?:\w+\s+)?(\d+(?:\.\d+)?)\s*V\s+(?:version|variant|model|one)\b",
        text[end:nxt],
    )
    said = before or after
    return float(said.group(1)) if said else None


# what an instrument's accuracy answer already says: the figure, and the range it holds on
_METER_SCOPE = frozenset({"accuracy", "measurement_range"})


def _only_items(parsed: ParsedQuestion, keep: Sequence[int]) -> ParsedQuestion:
    """The question asking only the items at ``keep``; the others' phrases are blanked, since
    rows are found by the question's words too."""
    text = parsed.text
    for k, phrase in enumerate(parsed.spec_phrases):
        if k not in keep:
            text = text.replace(phrase, " " * len(phrase))
    return dataclasses.replace(
        parsed,
        text=text,
        specs=[parsed.specs[k] for k in keep],
        spec_phrases=[parsed.spec_phrases[k] for k in keep],
        route="simple" if len(keep) == 1 else "structured",
    )


def _add_beside(answer: Answer, items: Sequence[AnswerItem], text: str) -> None:
    """Items, their citations and the words that give them, added to an answer."""
    answer.items += items
    answer.citations += [
        c for c in dict.fromkeys(i.citation for i in items) if c not in answer.citations
    ]
    answer.answer += f". {text}"


def _item_numbers(item: AnswerItem) -> list[float]:
    """The figures an item states."""
    out = [float(x) for x in (item.min, item.typ, item.max) if isinstance(x, int | float)]
    if isinstance(item.value, int | float):
        out.append(float(item.value))
    return out


# A register field asked about: its defaults, or which code does something.
_ASKS_DEFAULT = re.compile(
    r"(?i)\bdefaults?\b|\bpower[- ]?(?:up|on)\b|\b(?:after|out of|at) (?:a )?reset\b"
)
_AFTER_RESET = re.compile(r"(?i)\b(?:after|out of|at|on) (?:a )?(?:reset|power[- ]?(?:up|on))\b")
_ASKS_SETTING = re.compile(
    r"(?i)\b(?:which|what)\s+(?:\w+\s+){0,2}?(?:bits?|settings?|values?|codes?)\b"
    r"|\bhow do i (?:set|get)\b"
)
# Words every register question shares: no evidence of which field it asks.
_FIELD_WORDS = frozenset(
    {
        "register",
        "registers",
        "config",
        "configuration",
        "bit",
        "bits",
        "default",
        "defaults",
        "setting",
        "settings",
        "value",
        "mode",
        "power",
        "reset",
        "field",
        "give",
        "gives",
    }
)


def _field_base(name: str) -> str:
    """A field's name without its bits ("t_sb[2:0]": t_sb)."""
    return re.sub(r"[\[(]\d+:\d+[\])]$", "", name)


def _names_field(name: str, text: str) -> bool:
    """Whether a question names a field ("t_sb", "DRIVE_MODE"; a short one only as printed,
    "DR", "PGA", or with its bits, "mode[1:0]": "normal mode" names no field)."""
    base = _field_base(name)
    if len(base) < 5 and "_" not in base and not base.isupper():
        return name.lower() in text.lower() and name != base
    flags = re.I if len(base) >= 5 or "_" in base else 0
    return re.search(rf"(?<!\w){re.escape(base)}(?!\w)", text, flags) is not None


def _code_said(text: str, named: list[Fact]) -> str | None:
    """The code a question sets a named field to ("t_sb[2:0] = 110", "DRIVE_MODE 011")."""
    if not named:
        return None
    width = len(named[0].extra["settings"][0][0])
    base = re.escape(_field_base(str(named[0].extra["field"])))
    # ("t_sb bits = 110": the word "bits" between the name and its code)
    said = rf"\S*\s*(?:bits?\s*)?(?:=|:|to|is|of|at)?\s*(?:0b|b')?([01]{{{width}}})\b"
    m = re.search(rf"(?i)\b{base}{said}", text)
    return m.group(1) if m else None


def _initials(text: str) -> set[str]:
    """The initials of each two and three words in a row ("full-scale range": fsr)."""
    words = re.findall(r"[a-z]+", text.lower())
    return {"".join(w[0] for w in words[k : k + n]) for n in (2, 3) for k in range(len(words))}


def _pin_at_level(parsed: ParsedQuestion, device: str, rows: Sequence[Fact]) -> Answer | None:
    """A pin the question ties high or low ("RATE pulled high") whose row says what each level
    does ("0: 10Hz; 1: 80Hz"): what it does at that level, from that row, when that is what
    is asked (every figure the question names is the row's: "output data rate"); a level set
    while another figure is asked ("settling time with RATE low") is that figure's condition."""
    for f in rows:
        function = content_words(str(f.value))
        if not all(content_words(p) <= function for p in parsed.spec_phrases):
            continue
        levels = _PIN_LEVELS.search(str(f.value))
        said = re.search(rf"{_pin_word(f)}{_LEVEL_SAID}", parsed.text)
        if levels is None or said is None or len(str(f.symbol)) < 3:
            continue
        high = said["level"].lstrip("= ").lower() in ("high", "1", "vdd", "vcc", "dvdd")
        chosen = (levels[2] if high else levels[1]).strip()
        item = item_from_fact(f).model_copy(update={"value": chosen})
        text = (
            f"{device} {f.symbol} (pin {f.extra.get('pin')}) {'high (1)' if high else 'low (0)'}:"
            f" {chosen} ({f.value}) [{f.citation}]"
        )
        return _answered(parsed, text, [item], [], "lookup")
    return None


def _pin_word(row: Fact) -> str:
    """A pattern for a pin's name said as a word of its own ("INA+", not "INA+ and INB")."""
    return rf"(?<![\w+-]){re.escape(str(row.symbol))}(?![\w+-])"


# What a pin's row says each level does: "Output data rate control, 0: 10Hz; 1: 80Hz"
_PIN_LEVELS = re.compile(r"\b0:\s*([^;,]+?)\s*;\s*1:\s*([^;,.]+)")
# A level the question ties a pin to: "RATE pulled high", "RATE tied to DVDD", "RATE = 1"
_LEVEL_SAID = (
    r"\s*(?:pin\s+)?(?:(?:is\s+)?(?:pulled|tied|held|driven|set|strapped|wired)\s+)?(?:to\s+)?"
    r"(?P<level>(?i:high|low|vdd|vcc|dvdd|gnd|ground)\b|=\s*[01]\b)"
)


def _gain_source(fact: Fact | None) -> tuple[str, list[AnswerItem]]:
    """Where a gain the question does not state comes from, in words and as the item that
    gives it: "; Channel B's gain (Channel B has a fixed gain of 32) [hx711#p1]"."""
    if fact is None:
        return "", []
    return f"; {fact.condition}'s gain ({fact.evidence}) [{fact.citation}]", [item_from_fact(fact)]


def _main_rail(rails: tuple[tuple[str, float], ...]) -> float | None:
    """The voltage a question gives a part's main supply pin ("VDD and VDDIO both 3.3 V")."""
    return next((v for n, v in rails if n in ("VDD", "VCC", "VS", "VIN")), None)


# "two INA219s", "3x BME280", "10 DS18B20s": how many of a part share the bus.
_COUNT_WORDS = {w: n for w, n in NUMBER_WORDS.items() if 2 <= n <= 8} | {
    str(n): n for n in range(2, 129)
}


# "converted one after the other", "read in turn": copies of a part that take turns
_IN_TURN = re.compile(
    r"(?i)\bone after (?:the )?(?:an)?other\b|\bsequential(?:ly)?\b|\bin turn\b"
    r"|\bback[- ]to[- ]back\b|\bone at a time\b"
)


def _bounded_twin(item: AnswerItem, items: Sequence[AnswerItem]) -> bool:
    """Whether another of ``items`` prints a maximum of the same figure at the same point (its
    label and condition carry all of ``item``'s words)."""
    said = _stems(f"{item.parameter or ''} {item.condition or ''}")
    return any(
        o.max is not None
        and o.spec == item.spec
        and said <= _stems(f"{o.parameter or ''} {o.condition or ''}")
        for o in items
    )


def _one_after_another(parsed: ParsedQuestion, answer: Answer) -> None:
    """ "8 DS18B20s converted one after the other: total conversion time?": a time that copies
    of one part take in turn adds up, the longest (max) time once per copy."""
    if len(parsed.devices) != 1 or not _IN_TURN.search(parsed.text):
        return
    count = _count_before(parsed.text, parsed.devices[0])
    timed = [i for i in answer.items if i.spec in _DURATION_SPECS]
    if count < 2 or len(timed) != 1:
        return
    item = timed[0]
    each = item.max if item.max is not None else item.typ
    if each is None:
        return
    total, unit, expression = _readably(
        count * each, item.unit or "s", f"{count} * {format_number(each)}"
    )
    answer.derived.append(
        Derived(label=f"{count} in turn", expression=expression, result=total, unit=unit)
    )
    answer.answer += (
        f". {count} in turn: {count} × {format_number(each)} {item.unit} = "
        f"{format_number(total)} {unit}"
    )


# "guaranteed max", "worst-case": a bound the part is held to, not a figure it usually shows
_GUARANTEE = re.compile(r"(?i)\bguarantee[ds]?\b|\bworst[- ]case\b|\bspecified (?:max|min)")


def _typical_only(parsed: ParsedQuestion, answer: Answer) -> None:
    """ "Guaranteed max dropout at 1 A?" where the datasheet prints only a typical figure: no
    maximum is specified, and a typical one is no guarantee (it is shown, said as typical)."""
    bound = parsed.bound
    if (
        bound not in ("max", "min")
        or parsed.absolute_max
        or not answer.items
        or not _GUARANTEE.search(parsed.text)
    ):
        return
    if all(i.typ is not None and i.min is None and i.max is None for i in answer.items):
        word = "maximum" if bound == "max" else "minimum"
        _withhold(
            answer,
            f"no {word} is specified, only a typical value",
            f"the datasheet specifies no {word} for it, only a typical value (no guarantee):",
        )


def _of_another_variant(f: Fact, item: AnswerItem) -> bool:
    """Whether a row is printed for another variant than the item's: the same figure in
    LM7812's table is LM7812's, not a second statement of LM7805's."""
    variant = item.applies_to.get("variant")
    return bool(variant and f.variant and squash(f.variant) != squash(str(variant)))


def _count_before(text: str, m: DeviceMention) -> int:
    """How many of a part the words before its name say ("two INA219s", "8 DS18B20s", "a
    pair of"); 1 when they say none."""
    count = 1
    before = re.sub(r"\bpair of\b", "two", text[max(0, m.start - 20) : m.start].lower())
    for word in before.split()[-2:]:
        word = re.sub(r"(?<=\d)\s*[x×]$", "", word)
        if word in _COUNT_WORDS:
            count = _COUNT_WORDS[word]
    return count


class LLMHelper:
    """A client for an OpenAI-compatible chat endpoint (``/chat/completions``), used to propose.

    ``transport`` lets tests pass an ``httpx.MockTransport``; nothing is called at construction.
    """

    def __init__(
        self,
        url: str,
        model: str,
        api_key: str | None = None,
        *,
        timeout_s: float = 20.0,
        transport: Any = None,
    ) -> None:
        import httpx

        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.model = model
        self._client = httpx.Client(
            base_url=url.rstrip("/"), headers=headers, timeout=timeout_s, transport=transport
        )

    @classmethod
    def from_settings(cls, settings: Any) -> LLMHelper | None:
        """An LLM helper when ``settings.llm_url`` is set, else None."""
        url = getattr(settings, "llm_url", None)
        if not url:
            return None
        key = getattr(settings, "llm_api_key", None)
        secret = (
            key.get_secret_value() if key is not None and hasattr(key, "get_secret_value") else key
        )
        return cls(url, getattr(settings, "llm_model", "local"), secret)

    def _chat(self, system: str, user: str) -> str:
        import httpx

        body = {
            "model": self.model,
            "temperature": 0,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
        }
        try:
            resp = self._client.post("/chat/completions", json=body)
            resp.raise_for_status()
            return str(resp.json()["choices"][0]["message"]["content"])
        except (httpx.HTTPError, KeyError, IndexError, ValueError) as exc:
            logger.warning("llm: request to %s failed: %s", self._client.base_url, exc)
            return ""

    def extract(self, question: str, devices: Sequence[str]) -> dict[str, Any]:
        """Ask for ``{"devices": [...], "specs": [...]}`` drawn from the given vocabularies."""
        system = (
            'You map a datasheet question to JSON {"devices": [...], "specs": [...]}. '
            f"Devices only from: {', '.join(devices)}. Specs only from: {', '.join(_SPEC_NAMES)}. "
            "Answer with the JSON object only."
        )
        text = self._chat(system, question)
        m = re.search(r"\{.*\}", text, re.S)
        if not m:
            return {}
        try:
            data = json.loads(m.group(0))
        except json.JSONDecodeError:
            return {}
        return data if isinstance(data, dict) else {}

    def phrase(self, question: str, answer: str) -> str:
        """Ask for a clearer wording of a finished answer, keeping every number as written."""
        system = (
            "Rewrite the answer to the question in one or two plain sentences. Keep every "
            "number and unit exactly as written, add no number, keep the citations."
        )
        return self._chat(system, f"Question: {question}\nAnswer: {answer}").strip()

    def close(self) -> None:
        """Close the HTTP client."""
        self._client.close()


@dataclass
class _Pick:
    items: list[AnswerItem]
    facts: list[Fact]
    lines: list[str]
    reasons: list[str]
    aside: list[Fact] = dataclasses.field(default_factory=list)
    """rows of the figure asked, set aside only for being printed at another point"""


# Specs that are errors, losses or drains: of two parts, the smaller figure is the better one.
_SMALLER_IS_BETTER = re.compile(
    r"accuracy|error|offset|noise|dropout|voltage_drop|^(?:supply|sleep|standby|quiescent)_current"
)


def _unit(u: str | None) -> str:
    return f" {u}" if u else ""


_SUPPLY_SYMBOL = re.compile(r"\b(?:VDD|VCC|VS|AVDD|DVDD|VDDIO|VIO)\d?\b", re.IGNORECASE)


def _symbolic(f: Fact) -> dict[str, str]:
    """Bounds the source writes relative to a supply or ground ("GND", "0.7 VDD", "VDD + 0.3")."""
    out: dict[str, str] = {}
    for side in ("min", "typ", "max"):
        t = f.extra.get(f"{side}_text")
        if isinstance(t, str) and t.strip():
            out[side] = re.sub(r"\s+", " ", t.strip())
    fractions = supply_fractions(f)
    if fractions:
        sym = _SUPPLY_SYMBOL.search(f.evidence)
        name = sym.group(0) if sym else "supply"
        for side in ("min", "typ", "max"):
            v = getattr(f, side)
            if v is not None and v in fractions and side not in out:
                out[side] = f"{format_number(v)}×{name}"
    return out


def _symbolic_item(f: Fact) -> AnswerItem:
    """An item for a supply-relative fact: the words as value, no number posing as volts."""
    sym = _symbolic(f)
    item = item_from_fact(f)
    for side, attr in (("min", "min"), ("typ", "typ"), ("max", "max")):
        if side in sym:
            setattr(item, attr, None)
    item.value = _figure(f, None)
    return item


def _figure(f: Fact | AnswerItem, bound: str | None) -> str:
    """The figure as text: '2.7 to 5.5 V', 'max 36 V', '±0.5 °C', 'GND to VDD V'."""
    # A threshold row guarantees one side only: VIH is a minimum, VIL a maximum. A bound the
    # question puts on the other side ("max low-level and min high-level") belongs to the
    # sibling row, so this row shows its full figure instead of its meaningless far side.
    if (f.spec == "logic_high_threshold" and bound == "max") or (
        f.spec == "logic_low_threshold" and bound == "min"
    ):
        bound = None
    if isinstance(f, Fact):
        sym = _symbolic(f)
        if sym:
            lo_t = sym.get("min") or (format_number(f.min) if f.min is not None else None)
            hi_t = sym.get("max") or (format_number(f.max) if f.max is not None else None)
            typ_t = sym.get("typ") or (format_number(f.typ) if f.typ is not None else None)
            if bound == "max" and hi_t:
                return f"max {hi_t}{_unit(f.unit)}"
            if bound == "min" and lo_t:
                return f"min {lo_t}{_unit(f.unit)}"
            if lo_t and hi_t:
                return f"{lo_t} to {hi_t}{_unit(f.unit)}"
            bits = [
                f"min {lo_t}" if lo_t else "",
                f"typ {typ_t}" if typ_t else "",
                f"max {hi_t}" if hi_t else "",
            ]
            return " ".join(b for b in bits if b) + _unit(f.unit)
    lo, typ, hi = f.min, f.typ, f.max
    value = f.value
    plus_minus = isinstance(f, Fact) and bool(f.extra.get("plus_minus"))
    if f.spec == "i2c_address" and isinstance(value, str) and re.fullmatch(r"0x[0-9A-F]{2}", value):
        return address_text(int(value, 16), [f.evidence] if isinstance(f, Fact) else [])
    if isinstance(value, str):
        # A list of selectable figures ("8, 16, …, 860") still carries its unit.
        if f.unit and re.fullmatch(r"[\d.,\s+-]+", value):
            return f"{value}{_unit(f.unit)}"
        return value
    if plus_minus and hi is not None:
        return f"±{format_number(hi)}{_unit(f.unit)}"
    if bound == "max" and hi is not None:
        return f"max {format_number(hi)}{_unit(f.unit)}"
    if bound == "min" and lo is not None:
        return f"min {format_number(lo)}{_unit(f.unit)}"
    tolerance = stated_tolerance(f) if isinstance(f, Fact) else f.tolerance
    if bound == "typ" and (typ is not None or isinstance(value, float | int)):
        nominal = format_number(typ if typ is not None else float(value))  # type: ignore[arg-type]
        band = f" ± {format_number(tolerance)}" if tolerance is not None else ""
        return f"typ {nominal}{band}{_unit(f.unit)}"
    parts = []
    if lo is not None and hi is not None:
        parts.append(f"{format_number(lo)} to {format_number(hi)}{_unit(f.unit)}")
        if typ is not None:
            parts.append(f"(typ {format_number(typ)})")
    else:
        if lo is not None:
            parts.append(f"min {format_number(lo)}")
        if typ is not None and tolerance is not None and lo is None and hi is None:
            parts.append(f"typ {format_number(typ)} ± {format_number(tolerance)}")
        elif typ is not None:
            parts.append(f"typ {format_number(typ)}")
        elif isinstance(value, float | int):
            parts.append(format_number(float(value)))
        if hi is not None:
            parts.append(f"max {format_number(hi)}")
        if parts:
            parts[-1] += _unit(f.unit)
    return " ".join(parts)


def _outside_rows(f: Fact, items: Sequence[AnswerItem]) -> bool:
    """Whether a sentence's figure lies outside the band of every row found (same unit); a
    row of another quantity (a supply voltage for a pulse width asked) holds no band of it."""
    said = next((x for x in (f.min, f.typ, f.max, f.value) if isinstance(x, int | float)), None)
    if said is None or not items:
        return False
    for it in items:
        if unit_dimension(it.unit, it.spec) != unit_dimension(f.unit, ""):
            continue
        lo, hi = it.min if it.min is not None else it.typ, it.max if it.max is not None else it.typ
        if it.unit != f.unit or lo is None or hi is None:
            return False
        if lo <= said <= hi:
            return False
    return True


def _add_item(answer: Answer, item: AnswerItem, line: str) -> None:
    """Add a figure to an answer: the item, its citation (once) and the line that states it."""
    answer.items.append(item)
    answer.citations = list(dict.fromkeys([*answer.citations, item.citation]))
    answer.answer += f". {line}"


def _at_bound(item: AnswerItem, bound: str | None) -> AnswerItem:
    """The item as the answer states it: a question asking one bound ("max quiescent current")
    is given that bound, as :func:`_figure` shows it, not the row's other figures."""
    if bound is None or isinstance(item.value, str):
        return item
    if (item.spec == "logic_high_threshold" and bound == "max") or (
        item.spec == "logic_low_threshold" and bound == "min"
    ):
        return item  # the row guarantees the other side only; shown whole
    if item.min is not None and item.max is not None and math.isclose(-item.min, item.max):
        # a ± figure is one figure, and its limit is what a max asks
        return item.model_copy(update={"typ": None}) if bound == "max" else item
    if bound == "max" and item.max is not None:
        return item.model_copy(update={"min": None, "typ": None, "value": None})
    if bound == "min" and item.min is not None:
        return item.model_copy(update={"max": None, "typ": None, "value": None})
    if bound == "typ" and item.typ is not None:
        return item.model_copy(update={"min": None, "max": None})
    return item


def _display_name(f: Fact) -> str:
    """Device and variant, without repeating a variant that is just the device's name."""
    if not f.variant or re.sub(r"\W", "", f.variant.upper()) == re.sub(r"\W", "", f.device.upper()):
        return f.device
    if PART_NUMBER.fullmatch(f.variant) and not squash(f.variant).startswith(squash(f.device)):
        return f.variant  # a part of a family datasheet under its own name ("LM7809")
    return f"{f.device} {f.variant}"


def _scope_text(applies: dict[str, Any]) -> str:
    bits = []
    for key in (
        "variant",
        "component",
        "board_revision",
        "range",
        "calibration_interval",
        "quantity",
        "mode",
    ):
        v = applies.get(key)
        if v:
            if isinstance(v, list | tuple):
                v = "/".join(str(x) for x in v)
            bits.append(f"{key.replace('_', ' ')} {v}")
    return "; ".join(bits)


class DatasheetQA:
    """Answers datasheet questions from one fact store. Build once, ask many times."""

    def __init__(self, store: FactStore | None = None, *, llm: LLMHelper | None = None) -> None:
        self.store = store if store is not None else FactStore.load()
        self.index = FactIndex(self.store)
        self.llm = llm
        self._devices = self.index.devices()
        self._siblings = _sibling_parts(self.store.facts)
        self._regulators = frozenset(
            d for d in self.store.devices() if is_regulator(self.index, DeviceUse(d))
        )
        self._sensors = frozenset(
            f.device for f in self.store.facts if f.spec == "measurement_range"
        )
        # the numbers documents go by ("TS-5030"), squashed, with the device they document
        self._document_numbers = {
            squash(str(f.value)): f.device for f in self.store.facts if f.spec == "document_number"
        }
        # formulas and verification tolerances, read by name only: found once, not per question
        self._formulas = [f for f in self.store.facts if f.spec == "formula"]
        # figures stated per unit of a quantity ("59.16 mV/pH", "66 mV/A", a unit held in the
        # label, "Pulses per Liter": 450), by device: (fact, the two parts of its unit)
        self._per_unit: dict[str, list[tuple[Fact, re.Match[str]]]] = {}
        for f in self.store.facts:
            if per := (
                _PER_UNIT.fullmatch(f.unit) if f.unit else _PER_WORD.fullmatch(f.parameter.lower())
            ):
                self._per_unit.setdefault(f.device, []).append((f, per))
        self._tolerances = [f for f in self.store.facts if f.spec == "verification_tolerance"]
        dimension_of("V")  # build the unit registry now, not inside the first answer
        self._notices_by_target: dict[str, list[Notice]] = {}
        for n in self.store.notices:
            self._notices_by_target.setdefault(n.target_citation, []).append(n)

    # ------------------------------------------------------------------ entry point
    def ask(self, question: str) -> Answer:
        """Answer one question (never raises on a question; errors become reasons). A yes/no
        question the evidence does not settle ("Will the cell deliver what the radio needs?")
        gets the verdict insufficient_evidence, not none."""
        answer = self._ask_listed(question)
        last = re.split(r"(?<=[.!?])\s+", question.strip())[-1]
        if (
            answer.status == "insufficient_evidence"
            and answer.verdict is None
            and re.match(r"(?i)(?:will|would|can|could|is|are|does|do|should)\b", last)
            and last.endswith("?")
        ):
            answer = answer.model_copy(update={"verdict": "insufficient_evidence"})
        return answer

    def _ask_listed(self, question: str) -> Answer:
        """One question, and when it lists items, each item on its own.

        A question that lists what it wants after a colon ("CCS811 timing: max wait after
        power-on, max wait after nRESET, the tWAKE max, and max time after APP_START?") is
        also asked item by item; the items' answers replace the whole's when each item is
        answered and together they hold everything the whole answer held.
        """
        whole = self._ask_one(question)
        parts = _listed_items(question.strip())
        if not parts or whole.route == "compatibility" or whole.task == "accuracy":
            return whole
        singles = [self._ask_one(p) for p in parts]
        if any(a.status != "answered" or a.route == "compatibility" for a in singles):
            return whole
        items = list({_item_key(i): i for a in singles for i in a.items}.values())
        if whole.status == "answered" and not (
            {_item_key(i) for i in whole.items} < {_item_key(i) for i in items}
        ):
            return whole
        return whole.model_copy(
            update={
                "status": "answered",
                "route": "structured",
                "answer": ". ".join(a.answer for a in singles),
                "items": items,
                "citations": list(dict.fromkeys(c for a in singles for c in a.citations)),
                "derived": [d for a in singles for d in a.derived],
                "reasons": [r for a in singles for r in a.reasons],
                "violations": [v for a in singles for v in a.violations],
            }
        )

    def _ask_one(self, question: str) -> Answer:
        started = time.perf_counter()
        q = question.strip()

        def parse(text: str) -> ParsedQuestion:
            # Every model of the device table is recognised, held or not, so that a question
            # about a part we hold no facts for says so by name.
            return parse_question(text, None, self._siblings, self._regulators, self._sensors)

        parsed = parse(q)
        implied = self._implied_device(parsed) if not parsed.devices else None
        if implied is not None:
            parsed = parse(f"{implied[0]}: {q}")
        marked = self._marked_revision(parsed)
        if marked is not None:
            # "assembly number OPS-9001-B" is board revision B, not a part of its own
            parsed = parse(marked[0])
        self._own_components(parsed)
        self._referred_products(parsed)
        for mention in parsed.devices:
            self._voltage_variant(parsed, mention)
        self._current_range_variants(parsed)
        self._coded_variants(parsed)
        self._context_parts(parsed)
        spans = [sorted(map(float, m)) for m in _STATED_VOLT_SPAN.findall(parsed.text)]
        if len(parsed.devices) == 1 and parsed.devices[0].supply_v is None and len(spans) == 1:
            # "Robot runs on a single 18650 (3.0-4.2 V). Can an AMS1117-3.3 give us a regulated
            # 3.3 V rail from it?": a regulator fed a span holds its output only if the low end
            # covers it
            m, low = parsed.devices[0], spans[0][0]
            if asks_headroom(parsed.text, self.index, [DeviceUse(m.device, m.variant, low)]):
                m.supply_v = low
        if (
            asks_pullup_level(q, one_part=len(set(parsed.device_names)) == 1)
            or asks_ripple_by_meter(
                parsed.text, self.index, [DeviceUse(m.device) for m in parsed.devices]
            )
            or self._powers_another(parsed)
            or self._levels_between(parsed)
            or self._bench_check(parsed)
            # "Can I run the BME280 SPI bus at 20 MHz?": a stated bus clock against the parts;
            # "MCP3008 at 2.7 V clocked at 2 MHz, ok?": the clock of the one bus it speaks
            or (
                stated_clock(parsed.text) is not None
                and (
                    _CLOCK_CHECK.search(parsed.text) is not None
                    or (
                        re.search(r"(?i)\bclocked\b", parsed.text) is not None
                        and clocked_bus(self.index, [DeviceUse(m.device) for m in parsed.devices])
                        is not None
                    )
                )
            )
            # "INA219 across a 0.2 Ω shunt carrying 2 A: within range?" (not "the largest
            # current I can measure before the input range is exceeded", with no current said)
            or (
                (shunt := stated_shunt(parsed.text)) is not None
                and _CHECK_CUE.search(parsed.text) is not None
                and (shunt.amps is not None or not _ASKS_CURRENT_LIMIT.search(parsed.text))
            )
            or asks_thermal(
                parsed.text,
                self.index,
                [DeviceUse(m.device, m.variant, m.supply_v) for m in parsed.devices],
            )
            or asks_headroom(
                parsed.text,
                self.index,
                [DeviceUse(m.device, m.variant, m.supply_v) for m in parsed.devices],
            )
            # "SRD-05VDC-SL-C coil straight across a 2S lipo (7.4 V nom, 8.4 V charged)?"
            or (
                len(set(parsed.device_names)) == 1
                and is_coil_load(self.index, DeviceUse(parsed.device_names[0]))
                and _supply_span(parsed)
                and _CHECK_CUE.search(parsed.text)
                and re.search(
                    r"(?i)\b(?:across|from|on|off|to|powered|supply|battery|rail)\b", parsed.text
                )
            )
        ):
            # One part on a pulled-up line is checked against it; a regulator named with a part
            # it feeds ("MPU-6050 VDD from an SRB-5030?") is a question of powering it.
            parsed.route = "compatibility"
        if self.llm is not None and (not parsed.devices or not parsed.specs):
            parsed = self._llm_fill(parsed)
        try:
            meter = next(
                (d for d in parsed.devices if parsed.accuracy and self._is_instrument(d.device)),
                None,
            )
            if (error := self._error_code(parsed)) is not None:
                answer = error
            elif (pins := self._pins(parsed)) is not None:
                answer = pins
            elif (field := self._field_setting(parsed)) is not None:
                answer = field
            elif (verified := self._verification(parsed)) is not None:
                # "cal verification of the TRN-2400 CC": the calibration procedure's tolerance,
                # not the manual's accuracy
                answer = verified
            elif meter is not None:
                # "measures the SRB-5030 input rail with the MDN-6100": the meter's accuracy
                parsed.devices = [meter, *(d for d in parsed.devices if d is not meter)]
                answer = self._accuracy(parsed)
                if answer.status == "answered":
                    # "..., and how often does it need to go out for calibration?": the meter's
                    # row of each other item asked, beside (the range it holds on is said)
                    for cands, phrase in zip(parsed.specs, parsed.spec_phrases, strict=True):
                        found = self.index.lookup(
                            meter.device, cands, phrase=phrase, question=parsed.text
                        )
                        f = found[0].fact if found else None
                        if f is not None and f.spec in cands and f.spec not in _METER_SCOPE:
                            said = f" ({f.condition})" if f.condition else ""
                            _add_beside(
                                answer,
                                [item_from_fact(f)],
                                f"{f.device} {f.spec.replace('_', ' ')}: {_figure(f, None)}"
                                f"{said} [{f.citation}]",
                            )
                meters = [
                    d
                    for d in dict.fromkeys(parsed.device_names)
                    if d != meter.device and self._is_instrument(d)
                ]
                if meters and answer.status == "answered":
                    # "Both the MDN-4010 and the TRN-2400 read back current ...": each meter's
                    answer = self._each_meter(parsed, answer, meters)
            elif parsed.devices and all(d not in self._devices for d in parsed.device_names):
                answer = self._insufficient(
                    parsed,
                    parsed.route,
                    "evidence_present: no facts are held for " + ", ".join(parsed.device_names),
                )
            elif not parsed.devices and (rule := self._named_rule(parsed)) is not None:
                answer = rule
            elif (
                worked := self._adc_step(parsed)
                or self._by_formula(parsed)
                or self._setting_for(parsed)
                or self._factor_for(parsed)
                or self._host_lacks(parsed)
            ) is not None:
                answer = worked
            elif (total := self._total_current(parsed)) is not None:
                answer = total
            elif (medium := self._unnamed_medium(parsed)) is not None:
                answer = medium
            elif not parsed.devices:
                answer = self._insufficient(
                    parsed, "simple", "device: the question names no device we hold facts for"
                )
            elif parsed.route == "compatibility":
                answer = self._compatibility(parsed)
            else:
                answer = (
                    self._output_at(parsed)
                    or self._reading_from_output(parsed)
                    or self._lookup(parsed)
                )
        except Exception as exc:  # a bug must not become a confident answer
            logger.exception("ask: failed on %r", q[:200])
            answer = Answer(
                status="unvalidated",
                route=parsed.route,
                question=q,
                answer="The question could not be answered: internal error.",
                reasons=[f"internal: {type(exc).__name__}: {exc}"],
            )
        answer = _with_difference(self._finish(answer, parsed), parsed)
        if implied is not None and implied[1] and answer.status == "answered":
            answer.answer = f"{answer.answer}. The question names no device: {implied[1]}"
        if marked is not None and answer.status == "answered":
            how = marked[1]
            answer.answer += (
                f". Revision {parsed.revisions[0]}: the {how.parameter.split(': ')[1]} "
                f"[{how.citation}]"
            )
            answer.citations.append(how.citation)
        unweighed = _unweighed(parsed.text, answer.items)
        if (
            answer.status == "answered"
            and answer.route != "comparison"
            and re.search(_PARALLEL, parsed.text, re.IGNORECASE)
            and not any(re.search(r"(?i)parallel|series", i.evidence) for i in answer.items)
        ):
            # "6 A is outside max 3 A" is no answer to whether two outputs share a load (nor
            # "60 V is outside 0 to 40 V" to whether two supplies add in series): with no fact
            # about such operation, the question is not settled either way.
            answer = answer.model_copy(update={"verdict": None})
        if (
            answer.status == "answered"
            and answer.verdict in (None, "compatible")
            and (
                (
                    answer.verdict is None
                    and answer.route != "comparison"
                    and _SUITABILITY.search(parsed.text)
                    # "... want to know the I²R loss. What's the resistance?": a figure asked
                    and not final_question(without_reason(parsed.text))
                )
                # "Will it still talk at the end of 30 m of cable?", "driving a 100 nF cap - will
                # it be stable?": figures found, none of them a limit on the length
                # (capacitance, temperature) the question states, so no "yes" either.
                or (
                    _YES_NO.search(parsed.text)
                    and unweighed
                    # "..., could see 105 °C. Max supply current at that temperature?"
                    and not final_question(without_reason(parsed.text))
                )
                # "is the output open-collector?": figures found, none saying what the output
                # stage is
                or (
                    _OUTPUT_STAGE.search(parsed.text)
                    and not any(_OUTPUT_STAGE.search(i.evidence) for i in answer.items)
                )
                # "will VOUT stay above 4.9 V during the step?": steady-state rows only
                or (
                    _YES_NO.search(parsed.text)
                    and _TRANSIENT.search(parsed.text)
                    and not any(
                        _TRANSIENT.search(f"{i.parameter or ''} {i.condition or ''}")
                        for i in answer.items
                    )
                )
            )
        ):
            # "Can I put a YF-S201 in a diesel fuel line?": figures found, but none settles
            # whether the part suits the use asked about.
            answer = answer.model_copy(
                update={
                    "status": "insufficient_evidence",
                    "verdict": None,
                    "answer": "Insufficient evidence: no stated limit settles this use. "
                    + answer.answer,
                    "reasons": [
                        *answer.reasons,
                        "evidence_present: the facts found do not decide the use asked about",
                    ],
                }
            )
        if (
            answer.status == "insufficient_evidence"
            and answer.verdict is None
            and (
                _COMPAT_CUES.search(parsed.text)
                or _SUITABILITY.search(parsed.text)
                or _YES_NO.search(parsed.text)
            )
        ):
            # "Does the ESP32 support clock stretching for the CCS811?": a question of whether
            # parts work together that the evidence cannot settle has that verdict too.
            answer.verdict, answer.route = "insufficient_evidence", "compatibility"
        answer.question = q  # echo the question as asked, not its normalised spelling
        logger.debug("ask: %.1f ms %s", (time.perf_counter() - started) * 1000, answer.status)
        return answer

    # ------------------------------------------------------------------ helpers
    def _implied_device(self, parsed: ParsedQuestion) -> tuple[str, str | None] | None:
        """The one device a question naming none can only be about, and why when that needs
        saying: the part a change notice named changes ("did ECN-2608-04 change …?"), or the
        one device whose documents give board revisions or a production test, when one is
        named ("rev A pilot boards")."""
        said = squash(parsed.text)
        of = next(
            (n.device for n in self.store.notices if n.device and squash(n.doc) in said), None
        )
        if of is not None:
            return of, None
        if parsed.revisions:
            held = {f.device for f in self.store.facts if f.applies_to.get("board_revision")}
            why = "only the {} documents give board revisions"
        elif _PRODUCTION_TEST.search(parsed.text):
            held = {f.device for f in self.store.facts if f.section_kind == "production_test"}
            why = "only the {} documents give a production test"
        elif named_doc := {
            f.device
            for f in self.store.facts
            # (a procedure's tolerances and intervals for the instruments it names are filed
            # under them)
            if f.spec != "verification_tolerance"
            and not (f.spec == "calibration_interval" and f.device in (f.condition or ""))
            and any(a in said for a in _doc_names(f.doc))
        } | {device for number, device in self._document_numbers.items() if number in said}:
            held, why = named_doc, "the document named is one of the {} documents"
        elif _TEST_STEP.search(parsed.text):
            # "step 8 current limit on a returned board": a production test's step, numbered
            held = {f.device for f in self.store.facts if f.section_kind == "production_test"}
            why = "only the {} documents give a production test"
        elif len(
            by_ref := {
                f.device
                for ref in set(re.findall(r"\b[LCRQUD]\d{1,3}\b", parsed.text))
                for f in self.store.facts
                if re.search(rf"\b{ref}\b", f.parameter)
            }
        ) == 1 and _DESIGN_RULE.search(parsed.text):
            # "what saturation current does DR-10 demand, and what's the fitted L1 rated for":
            # the one product whose parts list names the part a design rule is checked on
            held, why = by_ref, "only the {} documents name that part"
        elif len(per_unit := self._stated_per_unit(parsed.text)) == 1:
            # "pH probe at 25C: how many mV between pH 7 and pH 9.5?": the one device whose
            # documents state a figure per unit of the quantity stated twice (59.16 mV/pH)
            held, why = per_unit, "only the {} documents state a figure per that unit"
        else:
            # "fixture channel offset … out of tolerance": the one device a sentence of whose
            # documents says three of the question's words of substance
            asked = _substance(parsed.text)
            held = {
                d
                for d in self.index.devices()
                if any(len(asked & _substance(f.parameter)) >= 3 for f in self.index.statements(d))
                # ("how often are the fixture channel offsets re-verified": a row's condition)
                or any(
                    len(asked & _substance(f.condition or "")) >= 3
                    for f in self.index.device_facts(d)
                )
            }
            why = "only the {} documents state this"
        if len(held) != 1:
            return None
        (device,) = held
        return device, why.format(device)

    def _stated_per_unit(self, text: str) -> set[str]:
        """The devices with a figure stated per unit of a quantity written before its number
        ("59.16 mV/pH") that the question states two of ("pH 7", "pH 9.5")."""
        return {
            device
            for device, facts in self._per_unit.items()
            if any(len(re.findall(rf"\b{re.escape(per[2])}\s*\d", text)) == 2 for _f, per in facts)
        }

    def _each_meter(self, parsed: ParsedQuestion, first: Answer, others: list[str]) -> Answer:
        """The accuracy answer for the first meter a question names with each other meter's
        at the same reading added, when that one is answered too."""
        for device in others:
            mention = next(d for d in parsed.devices if d.device == device)
            other = self._accuracy(
                dataclasses.replace(
                    parsed, devices=[mention, *(d for d in parsed.devices if d is not mention)]
                )
            )
            if other.status != "answered":
                continue
            first = first.model_copy(
                update={
                    "answer": f"{first.answer}. {other.answer}",
                    "items": [*first.items, *other.items],
                    "citations": list(dict.fromkeys([*first.citations, *other.citations])),
                    "derived": [*first.derived, *other.derived],
                }
            )
        return first

    def _referred_products(self, parsed: ParsedQuestion) -> None:
        """A part number the device's own datasheet sends the reader elsewhere for ("Refer to
        XGZP6847D for I2C interface" in the XGZP6847A's) is another product, documented
        elsewhere: a party we hold nothing on, not the device it resembles."""
        for m in list(parsed.devices):
            if m.part_number and any(
                re.search(rf"(?i)\brefer to {re.escape(m.part_number)}\b", f.evidence)
                for f in self.index.device_facts(m.device)
            ):
                parsed.devices.remove(m)
                parsed.unknown_parts.append(m.part_number)

    def _own_components(self, parsed: ParsedQuestion) -> None:
        """A part number the named device's own documents list ("inductor L1 (OPS-2210)" in
        the SRB-5030 bill of materials) is a component of it, not another party; nor is the
        number a held document goes by ("Per CP-0210, …")."""
        if not parsed.unknown_parts:
            return
        facts = (
            self.index.device_facts(parsed.device_names[0])
            if len(set(parsed.device_names)) == 1
            else []
        )
        listed = [
            p
            for p in parsed.unknown_parts
            if squash(p) in self._document_numbers
            or any(squash(p) in squash(f"{f.evidence} {f.parameter or ''}") for f in facts)
        ]
        if not listed:
            return
        parsed.unknown_parts = [p for p in parsed.unknown_parts if p not in listed]
        if not parsed.unknown_parts and parsed.route == "comparison":
            parsed.route = "structured" if len(parsed.specs) >= 2 else "simple"

    def _marked_revision(self, parsed: ParsedQuestion) -> tuple[str, Fact] | None:
        """The question with an assembly number that carries a revision ("OPS-9001-B",
        "assembly ends in -A") written as that revision, and the fact that says the revision
        is the assembly number's last character; None if it names none."""
        # an assembly number names its board when the question names none
        names = parsed.device_names or sorted(self._devices)
        for name in dict.fromkeys(names):
            for f in self.index.lookup(name, ("revision_marking",)):
                prefix = re.escape(str(f.fact.value))
                m = re.search(rf"(?i)\b{prefix}([A-Z])\b", parsed.text) or re.search(
                    r"(?i)\bassembly(?:\s+number)?\b[^.?]{0,40}?\b(?:ends?|ending)\s+(?:in|with)\s+"
                    r"['\"‘“]?-([A-Z])\b",
                    parsed.text,
                )
                if m:
                    text = parsed.text
                    rewritten = f"{text[: m.start()]}revision {m.group(1).upper()}{text[m.end() :]}"
                    if not parsed.device_names:
                        rewritten = f"{name}: {rewritten}"
                    return rewritten, f.fact
        return None

    def _powers_another(self, parsed: ParsedQuestion) -> bool:
        """A regulator and one other part, in supply wording ("MPU-6050 VDD from an
        SRB-5030?")."""
        names = list(dict.fromkeys(parsed.device_names))
        if (
            parsed.route == "compatibility"
            or len(names) != 2
            or not _SUPPLY_CUE.search(parsed.text)
        ):
            return False
        regulators = [n for n in names if is_regulator(self.index, DeviceUse(n))]
        return len(regulators) == 1 and not _COMPARE_CUES.search(parsed.text)

    def _levels_between(self, parsed: ParsedQuestion) -> bool:
        """Two parts and a question about the levels between them ("on an ESP32's 3.3 V SPI
        lines, are the input highs valid?")."""
        names = set(parsed.device_names)
        return (
            parsed.route != "compatibility"
            and len(names) == 2
            and bool(_LEVELS_CUE.search(parsed.text))
            and not _COMPARE_CUES.search(parsed.text)
        )

    def _bench_check(self, parsed: ParsedQuestion) -> bool:
        """A bench supply or electronic load asked whether it can feed or load a part ("can the
        MDN-4010 supply an SRB-5030 …?") or take an operating point the question states ("can
        the TRN-2400 sink 12 A at 48 V?")."""
        uses = [DeviceUse(n) for n in dict.fromkeys(parsed.device_names)]
        if (
            parsed.accuracy
            or not (
                _CHECK_CUE.search(parsed.text)
                or _YES_NO.search(parsed.text)
                or _SUPPLY_CUE.search(parsed.text)
            )
            # the devices' range rows are read only for a question worded as a check
            or not bench_pairing(self.index, uses)
            # "Our MDN-4010 can do 40 V and 10 A. What's its maximum output power?": a figure
            # asked, the operating point only context
            or (parsed.specs and final_question(without_reason(parsed.text)))
        ):
            return False
        # alone, the instrument is checked only at a voltage and a current the question gives
        return len(uses) == 2 or bool(
            _supply_span(parsed)
            and stated_load_current(stated_current_limit(parsed.text)[1], worst=True)
        )

    def _bench_point(self, parsed: ParsedQuestion, uses: list[DeviceUse]) -> None:
        """Put the operating point a bench question states where the rule reads it: a supply's
        voltage and the current of the part it feeds on that part, an electronic load's on the
        load; a current limit on the supply."""
        inst, role = next((u, r) for u in uses if (r := bench_role(self.index, u)) is not None)
        others = [u for u in uses if u is not inst]
        limit, rest = stated_current_limit(parsed.text)
        spans = set(_supply_span(parsed))
        volts = next((u.supply_v for u in uses if u.supply_v is not None), None)
        if volts is None and len(spans) == 1:
            volts = spans.pop()
        at = others[0] if others and role == "supply" else inst
        # one voltage across the terminals: kept on the side the rule reads it from only
        for u in uses:
            u.supply_v = None
        at.supply_v, at.load = volts, stated_load_current(rest, worst=True)
        inst.current_limit = limit

    def _is_instrument(self, device: str) -> bool:
        return bool(accuracy_rows(self.index.device_facts(device)))

    def _llm_fill(self, parsed: ParsedQuestion) -> ParsedQuestion:
        assert self.llm is not None
        data = self.llm.extract(parsed.text, self._devices)
        devices = [d for d in data.get("devices", []) if isinstance(d, str) and d in self._devices]
        specs = [s for s in data.get("specs", []) if isinstance(s, str) and s in _SPEC_NAMES]
        if not parsed.devices and devices:
            parsed.devices = [DeviceMention(device=d, text=d, start=-1, end=-1) for d in devices]
            if len(devices) >= 2 and parsed.route in ("simple", "structured"):
                parsed.route = "comparison"
        if not parsed.specs and specs:
            parsed.specs = [(s,) for s in specs]
            parsed.spec_phrases = [s.replace("_", " ") for s in specs]
            if len(specs) >= 2 and parsed.route == "simple":
                parsed.route = "structured"
        return parsed

    def _name_as_variant(self, mention: DeviceMention) -> str | None:
        """The name the question used, when the document lists it as one of its variants.

        A datasheet covering LM7805 … LM7824 files rows per variant; a question about "LM7805"
        means that variant, not its siblings.
        """
        said = squash(mention.part_number or mention.text)
        said = re.sub(r"'?S$", "", said) if not mention.part_number else said
        best: str | None = None
        for f in self.index.device_facts(mention.device):
            if not f.variant:
                continue
            v = squash(f.variant)
            if v == said:
                return f.variant
            # An orderable part number starts with the variant it belongs to ("LM7805CT" is
            # an LM7805 in a TO-220 package): the longest such variant.
            if mention.part_number and said.startswith(v) and (best is None or len(v) > len(best)):
                best = f.variant
        if best is None:
            # A short name ("7805", "7805A") that ends exactly one listed variant ("LM7805").
            ends = {
                f.variant
                for f in self.index.device_facts(mention.device)
                if f.variant and squash(f.variant).endswith(said)
            }
            if len(ends) == 1:
                best = ends.pop()
        return best

    def _setting_for(self, parsed: ParsedQuestion) -> Answer | None:
        """ "I want the PA current limit at 150 mA, what OcpTrim value?": the setting a formula
        per span of it gives a stated result at, from the span whose results hold it
        (a + b * X = y: X = (y - a) / b)."""
        named = set(parsed.device_names)
        for f in self._formulas:
            if "range" not in f.extra or (named and f.device not in named):
                continue
            (sym,) = f.extra["symbols"]
            line = re.fullmatch(
                rf"(-?[\d.]+) \+ ([\d.]+) \* {re.escape(sym)}", f.extra["expression"]
            )
            y_lo, y_hi = f.extra["range"]
            want = re.search(
                rf"(?<![\w.])(\d+(?:\.\d+)?)\s*{re.escape(f.extra['unit'])}\b", parsed.text
            )
            if (
                line is None
                or want is None
                or not re.search(rf"\b{re.escape(sym)}\b", parsed.text)
                or re.search(rf"\b{re.escape(sym)}{_STATED_QUANTITY}", parsed.text)
                or not y_lo <= float(want.group(1)) <= y_hi
            ):
                continue
            a, b, y = line.group(1), line.group(2), want.group(1)
            expression = f"({y} - {a if float(a) >= 0 else f'({a})'}) / {b}"
            x = round(evaluate(expression), 9)
            unit = f.extra["unit"]
            step = Derived(
                label=f"{f.device} {sym} for {y} {unit}", expression=expression, result=x
            )
            whole = "" if x == int(x) else "; not a whole setting, which the register holds"
            return _answered(
                parsed,
                f"{f.device}: {f.parameter} [{f.citation}]; for {y} {unit}, {sym} = "
                f"{expression} = {format_number(x)}{whole}",
                [item_from_fact(f)],
                [step],
                "computed",
            )
        return None

    def _factor_for(self, parsed: ParsedQuestion) -> Answer | None:
        """ "RFM95W, 32 MHz xtal: what Frf register value for 868.0 MHz?": a factor of a
        product formula the question asks by its symbol ("FRF = FSTEP * Frf"), worked back from
        the output it states (Frf = FRF / FSTEP), the other factor from the formula that
        defines it ("FSTEP = FXOSC / 2^19") with the crystal the question states."""
        if len(set(parsed.device_names)) != 1:
            return None
        device = parsed.device_names[0]
        formulas = [f for f in self._formulas if f.device == device and f.extra.get("output")]
        defined = {f.extra["output"]: f for f in formulas if len(f.extra["symbols"]) == 1}
        stated = list(_STATED_FREQUENCY.finditer(parsed.text))
        crystal = [m for m in stated if _CRYSTAL.search(m.group(0))]
        carrier = [m for m in stated if m not in crystal]
        if len(crystal) != 1 or len(carrier) != 1:
            return None
        for f in formulas:
            product = re.fullmatch(r"(\w+) \* (\w+)", f.extra["expression"])
            if product is None:
                continue
            for asked, other in (product.groups(), product.groups()[::-1]):
                g = defined.get(other)
                if (
                    g is None
                    or not re.search(rf"\b{re.escape(asked)}\b", parsed.text)
                    or not re.search(r"(?i)osc|xtal", g.extra["symbols"][0])
                ):
                    continue
                sym = g.extra["symbols"][0]
                out, xtal = carrier[0], crystal[0]
                # (worked in hertz, "868.0 * 1000000"; written as said, "868.0 MHz")
                expression = f"({_in_hertz(out)}) / ({g.extra['expression']})".replace(
                    sym, f"({_in_hertz(xtal)})"
                )
                written = f"{_said(out)} / ({g.extra['expression'].replace(sym, _said(xtal))})"
                step = Derived(
                    label=f"{device} {asked} for {_said(out)}",
                    expression=expression,
                    result=round(evaluate(expression), 6),
                )
                steps = [step]
                shown = format_number(step.result, digits=12)
                whole = rounded(step, "the register holds a whole number", places=0)
                if whole is not None:
                    steps.append(whole)
                    shown += f"; the register holds a whole number: {format_number(whole.result)}"
                return _answered(
                    parsed,
                    f"{device}: {f.parameter} [{f.citation}]; {g.parameter} [{g.citation}]; "
                    f"with {sym} = {_said(xtal)} and {f.extra['output']} = {_said(out)}: "
                    f"{asked} = {written} = {shown} (0x{int(steps[-1].result):X})",
                    [item_from_fact(f), item_from_fact(g)],
                    steps,
                    "computed",
                )
        return None

    def _by_formula(self, parsed: ParsedQuestion) -> Answer | None:
        """ "MQ-2 with RL = 4.7k and Vc = 5.0 V reads VRL = 1.0 V: what Rs?": a formula the
        documents state (of the part named, or of any part when none is), worked with the value
        the question gives each of its symbols; None unless the question gives them all."""
        named = set(parsed.device_names)
        said: dict[str, list[tuple[Fact, dict[str, tuple[float, re.Match[str] | Fact]]]]] = {}
        # ("VIN 24.0 V, IIN 0.6730 A": a symbol and its value, nothing between, is "VIN = 24.0 V")
        said_as = _SYMBOL_THEN_VALUE.sub(r"\1 = ", parsed.text)
        for f in self._formulas:
            if named and f.device not in named:
                continue
            output = str(f.extra.get("output") or "")
            if (
                len(f.extra["symbols"]) == 1
                and "domain" not in f.extra
                and not (
                    output and re.search(rf"(?i)\b{re.escape(output.split()[0])}\b", parsed.text)
                )
            ):
                # one value stated ("VREF = 5 V") is a condition, unless the formula is of a
                # setting's span or its result is what is asked
                continue
            values: dict[str, tuple[float, re.Match[str] | Fact]] = {}
            for sym in f.extra["symbols"]:
                if at := AT_POINT.match(sym):
                    # "V(32)": the reading the question states at that point ("4.9968 V at 32
                    # V in")
                    point = float(at["point"].replace("_", "."))
                    m = next(
                        (r for r in _STATED_AT.finditer(parsed.text) if float(r["at"]) == point),
                        None,
                    )
                else:
                    m = re.search(rf"(?<![\w.]){re.escape(sym)}{_STATED_QUANTITY}", said_as)
                if m is None and (name := f.extra.get("names", {}).get(sym)):
                    m = _stated_by_name(name, parsed.text)
                if m is not None:
                    values[sym] = (_stated_si(m), m)
            # "if R1 gets a 102k instead of 105k, what is VOUT": a symbol the question leaves
            # out is the part's own, where its documents give that designator one value
            if values and (filled := self._own_values(f, set(f.extra["symbols"]) - set(values))):
                values.update(filled)
            if len(values) == len(f.extra["symbols"]):
                # (a formula of a span of its setting: "-30 + 10*OcpTrim" for 16 to 27)
                lo, hi = f.extra.get("domain", (None, None))
                if all(
                    (lo is None or v >= lo) and (hi is None or v <= hi) for v, _m in values.values()
                ):
                    said.setdefault(f.extra["expression"], []).append((f, values))
        if len(said) != 1:
            return None  # none given in full, or two formulas: which one is not said
        (expression, found), *_ = said.items()
        f, values = found[0]
        # (the same formula named in one document, "VOUT = ...", and not in another)
        name = next((g.extra["output"] for g, _v in found if g.extra.get("output")), None)
        result = evaluate(expression, {k: v for k, (v, _t) in values.items()})
        unit = f.extra.get("unit") or _FORMULA_UNIT.get(re.sub(r"^d(?=[A-Z])", "", name or "")[:1])
        shown, written = expression, expression  # (in base units: "4.7k" is 4.7 * 1000)
        own = [src for _v, src in values.values() if isinstance(src, Fact)]
        for sym, (v, src) in values.items():
            if isinstance(src, Fact):
                said_value = float(src.value)  # type: ignore[arg-type]
                scale = v / said_value if said_value else 1.0
                number = format_number(said_value)
                if not math.isclose(scale, 1.0):
                    number = f"({number} * {format_number(round(scale, 12))})"
                as_said = f"{format_number(said_value)} {src.unit}"
            else:
                factor = _PREFIX.get(src.group("p") or src.group("k") or "")
                number = (
                    f"({src.group('n')} * {format_number(factor)})" if factor else src.group("n")
                )
                as_said = src.string[
                    src.start("n") : max(src.end(g) for g in "npuk" if src.group(g))
                ]
            shown = re.sub(rf"\b{re.escape(sym)}\b", number, shown)
            written = re.sub(rf"\b{re.escape(sym)}\b", as_said, written)
        steps = [
            Derived(
                label=f"{f.device} {name or 'result'} by the formula the document states",
                expression=shown,
                result=round(result, 9),
                unit=unit,
            )
        ]
        worked = f"{format_number(round(result, 6))}{_unit(unit)}"
        if unit == "Ω" and abs(result) >= 1e3:
            kilo = round(result / 1e3, 6)
            steps.append(
                Derived(label="in kΩ", expression=f"{result} / 1000", result=kilo, unit="kΩ")
            )
            worked += f" = {format_number(kilo)} kΩ"
        cites = ", ".join(dict.fromkeys(g.citation for g, _v in found))
        kept = "".join(
            f"; {g.parameter} {format_number(float(g.value))} {g.unit} "  # type: ignore[arg-type]
            f"[{g.citation}]"
            for g in own
        )
        return _answered(
            parsed,
            f"{f.device}: {f.parameter} [{cites}]{kept}; with the values stated, {written} = "
            f"{worked}",
            [*(item_from_fact(g) for g, _v in found), *map(item_from_fact, own)],
            steps,
            "computed",
        )

    def _host_lacks(self, parsed: ParsedQuestion) -> Answer | None:
        """ "My I2C master can't do clock stretching. Will a CCS811 work with it?": a feature
        the part requires of its host ("requires the host processor supports clock
        stretching"), which the question says its host lacks."""
        if len(set(parsed.device_names)) != 1:
            return None
        device = parsed.device_names[0]
        for found in self.index.lookup(device, ("host_requirement",)):
            need = found.fact
            feature = re.escape(str(need.value))
            if re.search(rf"(?i)\b{_LACKS}\b[^.?;]{{0,30}}\b{feature}\b", parsed.text):
                return _checked(
                    parsed,
                    False,
                    f"{device} requires its bus host to support {need.value} "
                    f'("{need.evidence}") [{need.citation}]; the question says the host does not',
                    [item_from_fact(need)],
                    [],
                )
        return None

    def _own_values(self, formula: Fact, symbols: set[str]) -> dict[str, tuple[float, Fact]]:
        """The value the part's documents give each of ``symbols`` as a designator ("feedback
        lower resistor R2 (OPS-4200) resistance: 20.0 kohm"), in base units; empty unless
        every one has exactly one."""
        out: dict[str, tuple[float, Fact]] = {}
        for sym in symbols:
            rows = {
                f.si_value: f
                for f in self.index.device_facts(formula.device)
                if f.spec in ("resistance", "capacitance", "inductance")
                and isinstance(f.si_value, int | float)
                and isinstance(f.value, int | float)
                and re.search(rf"\b{re.escape(sym)}\b", f.parameter)
            }
            if len(rows) != 1:
                return {}
            ((v, f),) = rows.items()
            out[sym] = (float(v), f)
        return out

    def _verification(self, parsed: ParsedQuestion) -> Answer | None:
        """ "Cal verification of the TRN-2400 CC at the 0.100 A point: what tolerance?": the
        calibration procedure's tolerance for that instrument function, worked at the point
        stated, or the points it is verified at when those are asked."""
        if not _VERIFY_CUE.search(parsed.text):
            return None
        rows = [f for f in self._tolerances if f.device in parsed.device_names]
        asked = _stems(parsed.text)
        initials = {
            "".join(w[0] for w in pair)
            for pair in pairwise(re.findall(r"[a-z]+", parsed.text.lower()))
        }

        def named(f: Fact) -> int:
            function = str(f.applies_to.get("function", ""))
            return len(_stems(function) & asked) + (function.lower() in initials)

        best = max((named(f) for f in rows), default=0)
        rows = [f for f in rows if named(f) == best] if best else rows
        if len(rows) != 1:
            return None
        f = rows[0]
        item = item_from_fact(f)
        if _ASKS_POINTS.search(parsed.text):
            items = [
                item.model_copy(update={"value": float(n), "unit": u}) for n, u in f.extra["points"]
            ]
            points = ", ".join(f"{format_number(float(n))} {u}" for n, u in f.extra["points"])
            return _answered(
                parsed,
                f"{f.device} {f.parameter.replace(' tolerance', '')} points: {points} "
                f"({f.evidence}) [{f.citation}]",
                items,
            )
        unit = f.extra.get("offset_unit")
        point = next(
            (
                m
                for m in VOLTS_OR_AMPS.finditer(parsed.text)
                if unit and dimension_of(m.group("u")) == dimension_of(unit)
            ),
            None,
        )
        if point is None:
            return _answered(parsed, f"{f.device} {f.parameter}: {f.value} [{f.citation}]", [item])
        scale = convert(1.0, point.group("u"), unit)
        pct, offset = float(f.extra["pct_reading"]), float(f.extra.get("offset", 0.0))
        step = Derived(
            label=f"{f.device} {f.parameter} at {point.group(0)}",
            expression=f"{format_number(pct)} / 100 * {point.group('n')} * {format_number(scale)}"
            f" + {format_number(offset)}",
            result=round(pct / 100 * float(point.group("n")) * scale + offset, 9),
            unit=unit,
        )
        return _answered(
            parsed,
            f"{f.device} {f.parameter} {f.value} [{f.citation}]: at {point.group(0)}, "
            f"±({format_number(pct)} % × {point.group(0)} + {format_number(offset)} {unit}) = "
            f"±{format_number(step.result)} {unit}",
            [item.model_copy(update={"value": step.result, "unit": unit})],
            [step],
            "computed",
        )

    def _total_current(self, parsed: ParsedQuestion) -> Answer | None:
        """ "DS18B20 converting, DHT22 measuring and an ACS712 with output open: worst-case sum
        of the three currents?": each part's supply current in the state the question gives it
        (the words between its name and the next part's; a sleeping part its sleep current),
        added up, and held against the budget the question states ("under a 20 µA total")."""
        names = list(dict.fromkeys(parsed.device_names))
        budget = _current_budget(parsed.text)
        if len(names) < 2 or not (_ASKS_TOTAL_CURRENT.search(parsed.text) or budget):
            return None
        mentions = [next(m for m in parsed.devices if m.device == n) for n in names]
        answers = []
        for k, m in enumerate(mentions):
            end = mentions[k + 1].start if k + 1 < len(mentions) else len(parsed.text)
            state = re.split(r"[,;:.?]|\band\b", parsed.text[m.end : end], maxsplit=1)[0]
            before = parsed.text[mentions[k - 1].end if k else 0 : m.start]
            asleep = _ASLEEP.search(state) or _ASLEEP.search(before.split(",")[-1])
            kind = "sleep" if asleep else "supply"
            supply = m.supply_v or _sole(parsed)
            at = f" at {format_number(supply)} V" if supply is not None else ""
            one = self._ask_one(f"{m.text}{at} {state.strip()}: worst-case {kind} current?")
            figures = {
                (x, it.unit)
                for it in one.items
                if it.spec == f"{kind}_current" and (x := it.max if it.max is not None else it.typ)
            }
            if one.status != "answered" or len(figures) != 1:
                answer = self._insufficient(
                    parsed, "structured", f"evidence_present: no one {kind} current of {m.device}"
                )
                if budget:
                    answer.verdict = "insufficient_evidence"
                return answer
            answers.append((one, *figures.pop()))
        # summed in the budget's unit, or in mA
        unit = budget[1] if budget else "mA"
        try:
            amps = [round(convert(x, u or "", unit), 9) for _a, x, u in answers]
        except UnknownUnitError:
            return None
        step = Derived(
            label="sum of the currents",
            expression=" + ".join(format_number(a) for a in amps),
            result=round(sum(amps), 9),
            unit=unit,
        )
        said = f". Together at most {step.expression} = {format_number(step.result)} {unit}"
        verdict = None
        if budget:
            verdict = "compatible" if step.result <= budget[0] + 1e-12 else "incompatible"
            said += (
                f", {'within' if verdict == 'compatible' else 'over'} the "
                f"{format_number(budget[0])} {unit} budget stated"
            )
        answer = _answered(
            parsed,
            ". ".join(a.answer for a, _x, _u in answers) + said,
            [it for a, _x, _u in answers for it in a.items],
            [step],
            "computed",
        )
        answer.verdict = verdict
        return answer

    def _output_at(self, parsed: ParsedQuestion) -> Answer | None:
        """ "XGZP6847A040KPG on 5 V: what output at 30 kPa?": a sensor's nominal output at a
        sensed value the question states, from its output range and measuring range. None when
        the question is not that one."""
        if len(parsed.devices) != 1 or [s[0] for s in parsed.specs] not in (
            ["output_voltage"],
            ["output_voltage_range"],
            ["output_voltage", "sensitivity"],  # "ideal VIOUT at +10 A (typ sensitivity)"
        ):
            return None
        # Not an end of a stated range ("0-100 kPa").
        sensed = next(
            (
                x
                for x in _SENSED.finditer(parsed.text)
                if not re.search(r"\d\s*(?:-|to)\s*$", parsed.text[: x.start()])
                # not the rating in a part's name ("ACS712ELCTR-20A", "ACS712 5A",
                # "the 5A version")
                and not any(d.start <= x.start() <= d.end + 1 for d in parsed.devices)
                and not any(
                    r.start() <= x.start() < r.end() for r in _RANGE_PART.finditer(parsed.text)
                )
            ),
            None,
        )
        if sensed is None:
            return None
        m = parsed.devices[0]
        # Only a sensor whose measuring range is in the stated quantity: "a 5 mA-1 A load" on
        # a regulator is a condition, not a reading.
        measured = {
            dimension_of(f.unit)
            for f in self.index.device_facts(m.device)
            if f.spec == "measurement_range" and f.unit
        }
        if dimension_of(sensed.group(2)) not in measured - {None}:
            return None
        use = DeviceUse(m.device, m.variant or m.part_number, _supply_said(parsed, m))
        x = float(sensed.group(1).replace(" ", ""))
        found = output_at(self.index, use, x, sensed.group(2))
        if isinstance(found, str):
            return self._insufficient(parsed, "simple", f"scope_named: {found}")
        level, facts, steps = found
        assert level.derived is not None
        formula = self._by_conversion(m.device, facts, volts=level.value, reading=x)
        return _computed(parsed, level, facts, steps, "V", formula)

    def _variant_by_range(self, parsed: ParsedQuestion, device: str) -> str | None:
        """The variant a question names by its measuring range ("the 200 kPa gauge part",
        "a 0-40 kPa one"): the one variant printed for that span (from 0 when it says gauge or
        gives no low end, and no other variant ends there)."""
        ranges = [
            f
            for f in self.index.device_facts(device)
            if f.spec == "measurement_range" and f.variant and f.min is not None and f.max
        ]
        for said in _STATED_RANGE.finditer(parsed.text):
            hi, unit = float(said["hi"]), said["unit"]
            lo = float(said["lo"]) if said["lo"] else None
            fits = [
                f
                for f in ranges
                if f.unit == unit
                and math.isclose(float(f.max or 0), hi)
                and (lo is None or math.isclose(float(f.min or 0), lo))
            ]
            if len(fits) > 1 and lo is None:
                fits = [f for f in fits if f.min == 0]  # "gauge": from zero
            if len({f.variant for f in fits}) == 1:
                return fits[0].variant
        return None

    def _reading_from_output(self, parsed: ParsedQuestion) -> Answer | None:
        """ "XGZP6847A100KPGN on 5 V reads 2.5 V out: what pressure?": the sensed value at an
        output voltage the question states, from the same two ranges backwards."""
        out = _OUTPUT_READING.search(parsed.text)
        if len(parsed.devices) != 1 or out is None or not _ASKS_READING.search(parsed.text):
            return None
        m = parsed.devices[0]
        if not any(f.spec == "measurement_range" for f in self.index.device_facts(m.device)):
            return None
        volts = float(out.group("v")) / (1000.0 if out.group("u").lower() == "mv" else 1.0)
        supply = _supply_said(parsed, m)
        variant = self._variant_by_range(parsed, m.device) or m.variant or m.part_number
        use = DeviceUse(m.device, variant, supply if supply != volts else None)
        found = reading_at(self.index, use, volts)
        if isinstance(found, str):
            return self._insufficient(parsed, "simple", f"scope_named: {found}")
        level, facts, steps = found
        assert level.derived is not None
        formula = self._by_conversion(
            m.device, facts, volts=volts, reading=level.value, backwards=True
        )
        answer = _computed(parsed, level, facts, steps, level.derived.unit or "", formula)
        if _ASKS_BAND.search(parsed.text):
            self._accuracy_band(answer, m.device, facts)
        return answer

    def _accuracy_band(self, answer: Answer, device: str, facts: list[Fact]) -> None:
        """ "... what pressure, and ± how many kPa?": the one accuracy in % of span printed for
        parts of the measuring range's size ("10kPa＜Pressure ≤200kPa" for a 40 kPa part), as
        a ± in the reading's unit over that range."""
        span = next((f for f in reversed(facts) if f.spec == "measurement_range"), None)
        if span is None or span.min is None or span.max is None or not span.unit:
            return
        x = max(abs(span.min), abs(span.max))
        rows = [
            f
            for f in self.index.of_spec(device, "accuracy")
            if re.fullmatch(r"(?i)%\s*(?:span|fs|f\.s\.)", f.unit or "")
            and isinstance(f.max, int | float)
            and span.unit in (f.condition or "")
            and any(
                (lo is None or x > lo or lo == x == 0) and (hi is None or x <= hi)
                for lo, hi in f.extra.get("bands", [])
            )
        ]
        if len(rows) != 1:
            return
        f = rows[0]
        n = format_number
        expression = f"{n(f.max)} / 100 * ({n(span.max)} - {n(span.min)})"
        band = Derived(
            label=f"{f.parameter} as ± {span.unit}",
            expression=expression,
            result=round(evaluate(expression), 9),
            unit=span.unit,
        )
        answer.derived.append(band)
        _add_beside(
            answer,
            [item_from_fact(f)],
            f"{f.parameter} ±{n(f.max)} {f.unit} ({f.condition}) [{f.citation}]: "
            f"±{n(f.max)} % of ({n(span.max)} - {n(span.min)}) {span.unit} = "
            f"±{n(band.result)} {span.unit}",
        )

    def _by_conversion(
        self,
        device: str,
        facts: list[Fact],
        *,
        volts: float,
        reading: float,
        backwards: bool = False,
    ) -> tuple[Fact, Derived] | None:
        """The same figure by the conversion formula the source states for that measuring
        range ("Pressure=(output-4.5)/K", K = 0.04 for -100 to 0 kPa at 5 V), when it agrees
        with the figure read off the two ranges."""
        span = next((f for f in reversed(facts) if f.spec == "measurement_range"), None)
        if span is None:
            return None
        for k in self.index.device_facts(device):
            if k.spec != "k_factor" or k.extra.get("range") != [span.min, span.max]:
                continue
            offset, factor = float(k.extra["offset"]), float(k.value)  # type: ignore[arg-type]
            if backwards:
                result, want = (volts - offset) / factor, reading
                expression = (
                    f"({format_number(volts)} - {format_number(offset)}) / {format_number(factor)}"
                )
            else:
                result, want = offset + factor * reading, volts
                expression = (
                    f"{format_number(offset)} + {format_number(factor)} * {format_number(reading)}"
                )
            if math.isclose(result, want, rel_tol=0.01, abs_tol=0.01):
                return k, Derived(
                    label=f"{device} by the conversion formula ({k.condition})",
                    expression=expression,
                    result=round(result, 9),
                    unit=span.unit if backwards else "V",
                )
        return None

    def _voltage_variant(self, parsed: ParsedQuestion, mention: DeviceMention) -> None:
        """ "AMS1117 3.3V": a voltage right after the name is the variant when the document
        lists that variant; then it is not a supply stated for the part."""
        if mention.variant or mention.end < 0:
            return
        m = re.match(
            # "XGZP6847A ordered in the 3.3 V supply version"
            r"\s*[-(]?\s*(?:(?:(?:ordered|bought|chosen|purchased)\s+)?(?:in|as)\s+)?(?:the\s+|its\s+)?"
            r"(\d{1,2}(?:\.\d{1,2})?)\s*V\b([\s-]*(?:supply[- ])?(?:version|variant|model))?",
            parsed.text[mention.end :],
        ) or re.search(
            # "3.3V-version XGZP6847A": the version named before the part; "the 3.3 V AMS1117
            # rail": a regulator's output named before it
            r"(?<![\w.])(\d{1,2}(?:\.\d{1,2})?)\s*V([- ](?:supply[- ])?(?:version|variant|model))"
            r"(?:\s+of)?"
            r"(?:\s+the)?\s+$"
            + (
                r"|(?<![\w.])(\d{1,2}(?:\.\d{1,2})?)\s*V\s+$"
                if is_regulator(self.index, DeviceUse(mention.device))
                else ""
            ),
            parsed.text[: mention.start],
        )
        if not m:
            self._rating_variant(parsed, mention)
            return
        want = m.group(1) or m.group(3)
        for f in self.index.device_facts(mention.device):
            named = [f.variant or "", *named_variants(f.parameter)]
            ends = (re.search(r"(?<![\d.])(\d+(?:\.\d+)?)V?$", n) for n in named if n)
            # "5 V" is the "5.0" variant, named as the datasheet writes it
            hit = next((e.group(1) for e in ends if e and float(e.group(1)) == float(want)), None)
            if hit is not None:
                mention.variant = hit
                mention.supply_v = None
                return
        if m.group(2) and mention.supply_v is None:
            # "XGZP6847A (the 3.3 V version)": one of the supplies its datasheet lists as
            # alternatives ("Power Supply 5.0/3.3").
            for f in self.index.device_facts(mention.device):
                if (
                    f.spec == "supply_voltage"
                    and alternative_index(f) is not None
                    and float(want) in (f.min, f.typ, f.max, f.value)
                ):
                    mention.supply_v = float(want)
                    return

    def _current_range_variants(self, parsed: ParsedQuestion) -> None:
        """ "ACS712: 5 A part vs 30 A part": a part printed per current range (variants coded
        "05B", "30A") is the variant whose code carries the range each phrase names; two
        ranges named make two mentions, compared."""
        if len(parsed.devices) != 1:
            return
        mention = parsed.devices[0]
        named = [
            f"{int(m[1]):02d}" if m[1] else m[2]
            for m in _RANGE_PART.finditer(parsed.text[mention.end :])
        ]
        if mention.variant:
            # "the ACS712 05B and of the 20A variant": a range named after the one its code
            # gives is a second variant, compared
            own = re.search(r"(\d{2})[AB]", mention.variant)
            if own is None or not [n for n in named if n != own.group(1)]:
                return
            named.insert(0, own.group(1))
        # "the 5 A version of the ACS712", "the ±30A acs712": the range named just before it
        before = re.search(
            r"(?i)(?<![\w.])±?\s?(\d{1,2})\s?A[\s-]+"
            r"(?:(?:part|version|variant|model|type)\s+of\s+(?:the\s+|an?\s+)?)?$",
            parsed.text[: mention.start],
        )
        named += [f"{int(before.group(1)):02d}"] if before else []
        after = parsed.text[mention.end :]
        if re.search(r"(?<![\w.-])\d{2}B\b", after):
            # "boards marked 05B and 30A": a bare code ending in B is no current, so the codes
            # listed with it ("30A", read "30 A") are codes too
            named += re.findall(r"(?<![\w.-])(\d{2})\s?[AB]\b", after)
        if not named:
            return  # the part's variants are read only when a range is named
        codes = {
            m.group(1): str(f.variant)
            for f in self.index.device_facts(mention.device)
            if f.variant and (m := re.search(r"(?<!\d)(\d{2})[AB](?![A-Za-z0-9])", f.variant))
        }
        asked = [n for n in named if n in codes]
        if not asked:
            return
        _compare_variants(
            parsed, mention, [codes[asked[0]], *(codes[c] for c in dict.fromkeys(asked[1:]))]
        )

    def _one_row_named_twice(self, parsed: ParsedQuestion) -> None:
        """ "measure the ground-pin current ... the maximum quiescent current": one spec named
        by two phrases, not joined as a pair, of which no row's label has the words of more
        than one, is one figure asked once (unlike "source current versus sink current")."""
        labels = [
            content_words(f.parameter)
            for name in parsed.device_names
            for f in self.index.device_facts(name)
        ]
        specs: list[tuple[str, ...]] = []
        phrases: list[str] = []
        for cands, phrase in zip(parsed.specs, parsed.spec_phrases, strict=True):
            if cands in specs:
                at = specs.index(cands)
                own = [
                    content_words(p) - content_words(cands[0].replace("_", " "))
                    for p in (phrases[at], phrase)
                ]
                held = [any(o <= label for label in labels) for o in own]
                first = parsed.text.lower().find(phrases[at].lower())
                second = parsed.text.lower().find(phrase.lower(), first + 1)
                between = parsed.text[first + len(phrases[at]) : second] if first >= 0 else ""
                joined = 0 <= second - first < 60 and re.search(
                    r"(?i)\b(?:versus|vs\.?|and|or)\b|[,/]", between
                )
                if not all(held) and not joined:
                    phrases[at] = phrase if held[1] else phrases[at]
                    continue
            specs.append(cands)
            phrases.append(phrase)
        if len(specs) < len(parsed.specs):
            parsed.specs, parsed.spec_phrases = specs, phrases
            if len(specs) == 1 and parsed.route == "structured":
                parsed.route = "simple"

    def _context_parts(self, parsed: ParsedQuestion) -> None:
        """ "How many pulses per litre should my ESP32 counter expect?" of a YF-S201: where a
        figure asked (not compared) is a spec of one of the parts named only, the others are
        what it is used with, not parts to answer for."""
        closing = final_question(parsed.text)
        if (
            parsed.route == "compatibility"
            or parsed.accuracy
            or not parsed.specs
            or closing is None
            or _COMPARE_CUES.search(parsed.text)
            or _PARTS_COMPARED.search(parsed.text)
            or _COMPAT_CUES.search(closing)
            or _CHECK_CUE.search(closing)
        ):
            return  # a comparison, or a check of one part against the other
        names = list(dict.fromkeys(parsed.device_names))
        if len(names) < 2:
            return
        held = [
            n
            for n in names
            if any(f.spec in cands for f in self.index.device_facts(n) for cands in parsed.specs)
        ]
        if len(held) != 1:
            return
        parsed.devices = [d for d in parsed.devices if d.device == held[0]]
        if parsed.route == "comparison":
            parsed.route = "simple" if len(parsed.specs) == 1 else "structured"

    def _coded_variants(self, parsed: ParsedQuestion) -> None:
        """ "the SRD-DM column vs the SRD-D", "the -DM version": a part printed per model code
        (a column per "SRD-DM", "SRD-D", "SRD-DB") is the model whose code the question writes,
        after the family's name or alone after a hyphen or in quotes; two codes are compared."""
        if len({m.device for m in parsed.devices}) != 1:
            return
        mention = parsed.devices[0]
        variants = {str(f.variant) for f in self.index.device_facts(mention.device) if f.variant}
        if any(m.variant in variants for m in parsed.devices):
            return
        tails: dict[str, str] = {}
        for v in variants:
            head, _, tail = v.rpartition("-")
            if head and tail:
                tails[tail.upper()] = v if tail.upper() not in tails else ""
        found: list[tuple[int, str]] = [
            (m.start(), v)
            for m in re.finditer(r"\b\w+-\w+\b", parsed.text)
            for v in variants
            if squash(v) == squash(m.group(0))
        ]
        # two codes each a part of one code ("ELCTR-05B vs ELCTR-30A" of "ACS712ELCTR-30A-T")
        parts = [
            (m.start(), within[0])
            for m in re.finditer(r"\b\w+-\w+\b", parsed.text)
            if len(within := [v for v in variants if squash(m.group(0)) in squash(v)]) == 1
        ]
        if not found and len({v for _, v in parts}) >= 2:
            found = parts
        # a code alone: "the -DM", "the 'DM' version"
        found += [
            (m.start(), tails[m.group(1).upper()])
            for m in re.finditer(r"(?:(?<=\s)-|(?<=['‘\"]))(\w+)\b", parsed.text)
            if tails.get(m.group(1).upper())
        ]
        asked = list(dict.fromkeys(v for _, v in sorted(found)))
        # only where the figure asked is printed per model (not a coil row of the "05" rating)
        if not any(
            f.variant in asked and any(f.spec in cands for cands in parsed.specs)
            for f in self.index.device_facts(mention.device)
        ):
            return
        _compare_variants(parsed, mention, asked)

    def _rating_variant(self, parsed: ParsedQuestion, mention: DeviceMention) -> None:
        """A part printed per rating (a relay's coil voltages) is the rating its written name
        carries ("SRD-05VDC", "srd05") or the question gives it ("5V coil", "a 5V SRD")."""
        rated = [
            f
            for f in self.index.device_facts(mention.device)
            if any(k.endswith("_voltage") for k in f.applies_to)
        ]
        if not rated:
            return
        listed = list(
            dict.fromkeys(
                m.group(1)
                for m in _COIL_RATING.finditer(parsed.text)
                if any(rated_selector(f, m.group(1)) for f in rated)
            )
        )
        if len(listed) > 1 and len(parsed.devices) == 1:
            # "5 VDC coil version vs 12 VDC coil version": each rating, compared
            _compare_variants(parsed, mention, listed)
            return
        n = (
            re.search(r"(?<![\d.])(\d{1,2})(?=\s*-?\s*V?DC\b|$)", mention.text, re.I)
            or _COIL_RATING.search(parsed.text)
            # "a 5V SRD relay": the rating written just before the name
            or re.search(
                r"(?i)(?<![\d.])(\d{1,2})\s*-?\s*V(?:DC)?\s*$", parsed.text[: mention.start]
            )
        )
        if n and any(rated_selector(f, n.group(1)) for f in rated):
            mention.variant = n.group(1)

    def _unnamed_medium(self, parsed: ParsedQuestion) -> Answer | None:
        """ "Is the YF-S201 ok for measuring diesel?": a medium no fact of the part names is not
        one it is shown to suit, whatever its ranges; the medium its figures are given for is
        said beside. None when the question asks no such thing or a fact names the medium."""
        medium = _MEDIUM.search(parsed.text)
        if (
            len(set(parsed.device_names)) != 1
            or medium is None
            or not _SUITS.search(parsed.text)
            or parsed.stated_numbers  # a figure to check: the rules that weigh it decide
        ):
            return None
        device = parsed.device_names[0]
        facts = self.index.device_facts(device) + self.index.statements(device)
        word = medium.group(0).lower().rstrip("s")
        said = " ".join(f"{f.parameter} {f.evidence} {f.condition or ''}" for f in facts).lower()
        if word in said:
            return None
        answer = self._insufficient(
            parsed,
            "compatibility",
            f"scope_named: no fact held from the {device} datasheet names {medium.group(0)}; "
            "whether the part suits it is not stated",
        )
        given = next(((f, m) for f in facts if (m := _GIVEN_FOR.search(f.parameter))), None)
        if given is not None:
            f, m = given
            answer.answer += (
                f". Its figures are given for {m.group(0).lower()}: {f.parameter} "
                f"{_figure(f, None)} [{f.citation}]"
            )
            answer.items = [item_from_fact(f)]
            answer.citations = [f.citation]
        return answer

    def _insufficient(self, parsed: ParsedQuestion, route: str, *reasons: str) -> Answer:
        return Answer(
            status="insufficient_evidence",
            route=route,
            question=parsed.text,
            answer="Insufficient evidence: " + "; ".join(reasons),
            reasons=list(reasons),
        )

    def _notice_for(self, fact: Fact) -> Notice | None:
        found = self._notices_by_target.get(fact.citation, [])
        return found[0] if found else None

    # ------------------------------------------------------------------ lookups
    def _pick(
        self, parsed: ParsedQuestion, mention: DeviceMention, specs: tuple[str, ...], phrase: str
    ) -> _Pick:
        device = mention.device
        if specs == ("supply_voltage",) and not any(
            f.spec == "supply_voltage" for f in self.index.device_facts(device)
        ):
            # A converter states what it takes as its input range ("Input voltage, VIN").
            specs = ("supply_voltage", "input_voltage_range")
        if specs[0] == "supply_current" and not any(
            f.spec == "supply_current" for f in self.index.device_facts(device)
        ):
            # What a relay draws is its coil current.
            specs = (*specs, "coil_current")
        # "supply range and absolute maximum supply": the rating is one item of its own, and
        # the question's rating words do not make the other items ratings.
        rating_item = any(c[0].startswith("absolute_max") for c in parsed.specs)
        absmax = (parsed.absolute_max and not rating_item) or any(
            s.startswith("absolute_max") for s in specs
        )
        if absmax and not specs[0].startswith("absolute_max"):
            # "absolute maximum supply voltage" phrased loosely: look under the rating names too.
            specs = (
                *{
                    "supply_voltage": ("absolute_max_supply_voltage",),
                    "logic_supply_voltage": ("absolute_max_supply_voltage",),  # "VDDIO"
                    "input_voltage_range": ("absolute_max_input_voltage",),
                }.get(specs[0], ()),
                *specs,
            )
        # A time printed for samples averaged ("68.10 ms, 128-sample averaging") answers only
        # a question that sets averaging.
        averaging = _ASKS_AVERAGING.search(parsed.text) is not None

        def settable(found: list[Ranked]) -> list[Ranked]:
            return [
                r for r in found if averaging or "sample averaging" not in (r.fact.condition or "")
            ]

        ranked = settable(
            self.index.lookup(
                device,
                specs,
                phrase=phrase,
                question=parsed.text,
                variant=mention.variant or self._name_as_variant(mention),
                quantity=parsed.quantity,
                absolute_max=absmax,
                stated_numbers=parsed.stated_numbers,
            )
        ) or settable(self._filed_elsewhere(device, specs[0]))
        reasons: list[str] = []
        valid = []
        aside: list[Fact] = []
        for r in ranked:
            # Validate against what was asked: a row found by its label must still be the
            # kind of figure the question wants.
            wanted = r.fact.spec if r.fact.spec in specs else specs[0]
            why = validate_fact(r.fact, wanted, operating=parsed.operating, absolute_max=absmax)
            why.extend(_condition_conflict(r.fact, parsed.stated_voltages, parsed.text))
            why.extend(_quantity_conflict(r.fact, parsed.quantity))
            why.extend(_mode_conflict(r.fact, parsed.text))
            why.extend(_converter_conflict(r.fact, parsed.text))
            why.extend(_pin_level_conflict(r.fact, parsed.text))
            why.extend(_revision_conflict(r.fact, parsed.revisions))
            if r.fact.extra.get("composite") and isinstance(r.fact.value, str):
                # "3.5 + 0.5" (ppm of reading + ppm of range): a figure of two terms, answered
                # as written.
                why = [x for x in why if "has no number" not in x and "unit_dimension" not in x]
            if _symbolic(r.fact):
                # Written relative to a supply: answered in the source's own terms, not as volts.
                why = [
                    x for x in why if "has no number" not in x and "fraction of the supply" not in x
                ]
            if why:
                reasons.extend(why)
                if all(x.startswith("scope_named: ") for x in why):
                    aside.append(r.fact)
            else:
                valid.append(r)
        if not absmax:
            valid, dropped = _drop_repeated_ratings(valid, self.index.device_facts(device), specs)
            reasons.extend(dropped)
        if mention.supply_v is not None and valid:
            # "the 3.3 V version": of rows printed as alternatives ("Output Range
            # 0.5～4.5/0.2～2.7"), the one paired with the stated supply ("on a 5 V supply,
            # and what on a 3.3 V supply": each one's)
            supplies = dict.fromkeys([mention.supply_v, *parsed.stated_voltages])
            paired = [
                f
                for v in supplies
                for f in paired_alternatives(
                    self.index, DeviceUse(device, supply_v=v), [r.fact for r in valid]
                )
            ]
            valid = [r for r in valid if r.fact in paired]
        # The spec's own name reads better than the question's wording ("how hot", "talk").
        label = (
            specs[0].replace("_", " ")
            if (specs[0] in _SPEC_NAMES and parsed.specs.count(specs) < 2) or not phrase
            else phrase  # one spec asked twice ("loop voltage", "heater voltage"): by its words
        )
        if specs[0] == "sleep_current" and valid and valid[0].fact.spec == "supply_current":
            label = valid[0].fact.parameter  # "Quiescent Current", drawn idle: not a sleep mode
        # The question names a pin or rail symbol the datasheet uses ("VM", "VDDIO"): a row
        # about another symbol answers a different question.
        # Only symbols of the asked spec (or its rating) count, and not inside a stated
        # condition ("at VDD = 2.7 V" names a condition, not the figure wanted).
        family = set(specs) | {RATING_OF[s] for s in specs if s in RATING_OF}
        asked_text = re.sub(r"\b\w+\s*=\s*[-+]?\d+(?:\.\d+)?\s*\w*", " ", parsed.text)
        symbols = {
            f.symbol
            for f in self.index.device_facts(device)
            if f.symbol
            and f.spec in family
            and len(f.symbol) >= 2
            and re.search(rf"\b{re.escape(f.symbol)}\b", asked_text)
        }

        def narrow(keep: Callable[[Ranked], bool], why: Callable[[Ranked], str]) -> None:
            """Keep the rows ``keep`` accepts; each other one is a reason of its own."""
            nonlocal valid
            reasons.extend(
                f"scope_named: {device} {r.fact.spec} at {r.fact.citation} {why(r)}"
                for r in valid
                if not keep(r)
            )
            valid = [r for r in valid if keep(r)]

        if symbols:
            narrow(
                lambda r: not r.fact.symbol or r.fact.symbol in symbols,
                lambda r: (
                    f"is about {r.fact.symbol}, the question asks about "
                    f"{', '.join(sorted(symbols))}"
                ),
            )
        if specs[0] == "supply_current" and _ASKS_ACTIVE.search(parsed.text):
            # "while its output is high (person detected)": a current drawn idle is not it
            narrow(
                lambda r: not _IDLE_ROW.search(r.fact.parameter or ""),
                lambda r: f"is drawn idle ({r.fact.parameter}), not in the state asked",
            )
        unpowered = [r for r in valid if _UNPOWERED_ROW.search(r.fact.condition or "")]
        off, on = _ASKS_UNPOWERED.search(parsed.text), _ASKS_POWERED.search(parsed.text)
        if unpowered and off and not on:
            narrow(lambda r: r in unpowered, lambda r: "is for the part powered")
        elif unpowered and on and not off:
            narrow(lambda r: r not in unpowered, lambda r: "is for the part unpowered")
        named = _modes_asked(valid, parsed.text)
        if named:
            # "in high-speed mode": rows printed for another bus mode answer another question
            narrow(
                lambda r: r.fact.applies_to.get("mode") in (None, *named),
                lambda r: (
                    f"holds in {r.fact.applies_to['mode']}, not in the mode the question names"
                ),
            )
        axes = {a.lower() for a in _AXIS.findall(parsed.text)}

        def axis_of(r: Ranked) -> str | None:
            m = _AXIS.search(f"{r.fact.condition or ''} {r.fact.parameter}")
            return m.group(1).lower() if m else None

        if axes and any(axis_of(r) for r in valid):
            # "X-axis": the rows of the other axes answer another question
            narrow(
                lambda r: axis_of(r) in (None, *axes),
                lambda r: f"is for the {axis_of(r)} axis, the question names {sorted(axes)}",
            )
        mods = set(_MODULATION.findall(parsed.text.lower()))

        def of_mods(r: Ranked) -> bool:
            return bool(mods & set(_MODULATION.findall((r.fact.section or "").lower())))

        # the points the question states ("+20 dBm"), read only when a modulation is named
        points = [f"{n} {u}" for n, u in _AMOUNT.findall(parsed.text)] if mods else []

        def names_point(r: Ranked) -> bool:
            return any(_names_item(r.fact.condition or "", p) for p in points)

        if (
            mods
            and any(of_mods(r) for r in valid)
            # ("LoRa uplink ... at +20 dBm": the modulation's table has no +20 dBm row, the
            # general one does)
            and not (
                any(names_point(r) for r in valid)
                and not any(names_point(r) for r in valid if of_mods(r))
            )
        ):
            # "in LoRa mode": a radio's table for that modulation, not its general one
            narrow(
                of_mods,
                lambda r: f"is in '{r.fact.section}', not a table of the modulation named",
            )
        # "Thermal shutdown" beside "Thermal shutdown recovery": a row whose label adds a word
        # making it another figure answers only when the question says that word.
        asked_stems = {w[:5] for w in content_words(parsed.text)}  # "recover" says "recovery"
        other = [
            r
            for r in valid
            if any(
                w[:5] not in asked_stems for w in _ANOTHER_FIGURE & content_words(r.fact.parameter)
            )
        ]
        if other and len(other) < len(valid):
            narrow(
                lambda r: r not in other,
                lambda r: f"is the {r.fact.parameter!r}, a figure the question does not name",
            )
        closing = final_question(parsed.text) or parsed.text
        said_other = {
            w
            for w in {"recovery", "release"}
            & {w for r in valid for w in content_words(r.fact.parameter)}
            if w[:5] in {x[:5] for x in content_words(closing)}
        }
        if (
            said_other
            and len(other) < len(valid)
            and not re.search(r"(?i)\b(?:and|vs\.?|versus|both)\b|,", closing)
        ):
            # "when does it come back on" (its recovery): of "Thermal shutdown" and "Thermal
            # shutdown recovery", the row that names what is asked
            narrow(
                lambda r: bool(said_other & content_words(r.fact.parameter)),
                lambda r: f"is the {r.fact.parameter!r}, not the {'/'.join(said_other)} asked",
            )
        spans = {id(r): span for r in valid if (span := _measurement_span(r.fact.condition))}
        if len(spans) >= 2:
            # "~2.1 V into an ADC pin": of rows printed per measurement range ("Atten = 3,
            # effective measurement range of 150 ∼ 2450 mV"), those whose range holds the
            # level stated; a level no range or every range holds (the 42 V pack) tells none
            stated = [
                float(n) * (1e-3 if u == "mV" else 1.0)
                for n, u in re.findall(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(mV|V)\b", parsed.text)
            ]
            inside = {
                v for v in stated if 0 < sum(a <= v <= b for a, b in spans.values()) < len(spans)
            }
            if len(inside) == 1:
                level = inside.pop()
                narrow(
                    lambda r: id(r) not in spans or spans[id(r)][0] <= level <= spans[id(r)][1],
                    lambda r: f"is for {r.fact.condition!r}, which does not hold {level:g} V",
                )
        asked_spans = _volt_spans(parsed.original or parsed.text)
        row_spans = {id(r): _volt_spans(r.fact.condition or "") & asked_spans for r in valid}
        if any(row_spans.values()):
            # "for an input change from 8 V to 12 V": of rows printed per input span (7-25 V,
            # 8-12 V), the one printed for the span stated
            narrow(
                lambda r: bool(row_spans[id(r)]),
                lambda r: f"is for {r.fact.condition!r}, not the span the question states",
            )
        asked_packages = packages_named(parsed.text)
        printed = {
            id(r): packages_named(f"{r.fact.parameter} {r.fact.condition or ''}") for r in valid
        }
        if asked_packages and any(p & asked_packages for p in printed.values()):
            # "in the 16-lead SOIC": a row printed for another package answers another part
            narrow(
                lambda r: not printed[id(r)] or bool(printed[id(r)] & asked_packages),
                lambda r: "is for another package than the question names",
            )
        if "output_voltage" in specs and FORCED_ON_OUTPUT.search(parsed.text):
            # "a USB 5 V supply onto its output, back-feeding the board": the voltage the
            # output may have forced on it, not the one it regulates to
            narrow(
                lambda r: bool(re.search(r"(?i)forced|external|applied", r.fact.parameter)),
                lambda r: "is what the output regulates to, not a voltage forced onto it",
            )
        if "supply_voltage" in specs and re.search(r"\bmotors?\b", parsed.text, re.I):
            # A driver has a logic supply and a motor supply: a row about the logic rail does
            # not answer a question about the motor rail.
            narrow(lambda r: is_motor_supply(r.fact), lambda r: "is not the motor supply")
        ranged = [r for r in valid if r.fact.applies_to.get("range")]
        if parsed.instrument_range and ranged:
            # "on the 10 V range": rows printed per range answer only for the range named.
            want = _norm_range(" ".join(parsed.instrument_range))
            kept = [r for r in ranged if _norm_range(str(r.fact.applies_to["range"])) == want]
            if not kept:
                reasons.append(
                    f"scope_named: {device} {label} is printed per range "
                    f"({', '.join(sorted({str(r.fact.applies_to['range']) for r in ranged}))}); "
                    f"none is the {' '.join(parsed.instrument_range)} range"
                )
            valid = kept
        if parsed.asked_unit:
            # rows of the spec in other units measure something else (LSB/(°/s) is no LSB/°C)
            valid = [r for r in valid if _canonical(r.fact.unit) == parsed.asked_unit]
        if parsed.specs.count(specs) >= 2:
            # one spec asked twice by its rows' own words ("loop voltage", "heater voltage")
            own = content_words(phrase) - content_words(specs[0].replace("_", " "))
            valid = [r for r in valid if own <= content_words(r.fact.parameter)] or valid
        asked_variant = (mention.variant or self._name_as_variant(mention) or "").upper()
        if asked_variant and any((r.fact.variant or "").upper() == asked_variant for r in valid):
            # "LM7805" named and rows printed for exactly it: rows of a suffixed variant
            # ("LM7805A", its own table) describe another orderable part.
            valid = [r for r in valid if (r.fact.variant or asked_variant).upper() == asked_variant]
        unpreferred = valid
        # ("I don't care about the 25 °C number": a condition set aside is not stated)
        stated = _NOT_JUST.sub(" ", parsed.text)
        valid = _within_stated_input_span(valid, parsed.text)
        valid = _prefer_stated_condition(valid, stated)
        valid = _within_stated_temperature(valid, stated)
        valid = _full_temperature_row(valid, parsed.text)
        valid = _extremes_only_when_asked(valid, parsed.text)
        valid = _pulse_only_when_asked(valid, parsed.text)
        valid = _blocks_running(valid, parsed.text)
        valid = _at_stated_straps(valid, parsed.text)
        valid = _without_derating(valid, parsed.text)
        valid = _derated_from_ambient(valid, parsed.text)
        valid = _lockout_direction(valid, parsed.text)
        valid = _within_stated_span(valid, parsed.text)
        # (a supply not read as one part's, "runs the motor supply off a 1S LiPo, about 3.7 V",
        # is still the one voltage stated)
        volts = parsed.stated_voltages or _one_stated_volts(_NOT_JUST.sub(" ", parsed.text))
        holding = [r for r in valid if condition_holds(r.fact.condition, volts, parsed.text)]
        if holding and len(holding) < len(valid):
            # "VM ≥ 4.5 V" and "4.5 V > VM ≥ 2.5 V" rows: only the one the stated supply is in.
            valid = holding
        elif not holding and valid and parsed.stated_voltages:
            # "DVI ≧ 1.8V" and the question at 1.7 V: the only rows held exclude its supply.
            reasons.append(
                f"scope_named: {device} {label} is stated only where "
                f"{valid[0].fact.condition!r}, not at "
                f"{', '.join(map(format_number, parsed.stated_voltages))} V"
            )
            valid = []
        valid = _select_by_full_scale(valid, parsed.text, self.index.device_facts(device))
        if not valid:
            if not ranked:
                reasons.append(f"evidence_present: no fact for {device} {label}")
            return _Pick([], [], [], reasons[:3], aside[:3])
        best = valid[0].score
        if label == specs[0].replace("_", " ") and valid[0].fact.spec in specs[1:]:
            label = valid[0].fact.spec.replace("_", " ")  # found under a later candidate
        top = [r.fact for r in valid if r.score >= best - 1e-6]
        stated_t = [t for lo, t in _stated_temperatures(parsed.text) if lo == t]
        if len(stated_t) >= 2:
            # "at 25, 85 and 125 C": the row kept for each temperature listed, however its
            # condition scored
            first = valid[0].fact
            top += [
                r.fact
                for r in valid
                if r.fact not in top
                and (r.fact.spec, r.fact.parameter) == (first.spec, first.parameter)
            ]
        # the rows of the figure found, whatever condition they are printed at: each one a
        # question lists or sets apart is answered from these
        alike = [r.fact for r in unpreferred if r.fact.spec == valid[0].fact.spec]
        listed = listed_bits(parsed.text)
        each = [f for f in alike if _bits_named(f.condition) in listed]
        if len({_bits_named(f.condition) for f in each}) > 1:
            top = each  # "for 9-, 10-, 11- and 12-bit resolution": the row of each
        named_each = _listed_conditions(parsed.text)
        # each item's row, the best ranked first (a row of the band the question names)
        ranked_alike = [r.fact for r in valid if r.fact in alike] + alike
        per_item = {
            item: next(f for f in ranked_alike if _names_item(f.condition or "", item))
            for item in named_each
            if any(_names_item(f.condition or "", item) for f in alike)
        }
        if len(per_item) >= 2:
            top = list(per_item.values())  # "thermal resistance for SO-8, TO-252 and SOT-223"
        if _EACH_MODE.search(parsed.text):
            # "What resolution does each measurement mode give?": the row of every mode, in
            # the unit most of them are printed in, each figure once
            moded = [f for f in alike if _MODE_ROW.search(f"{f.parameter} {f.condition or ''}")]
            dims = Counter(unit_dimension(f.unit, f.spec) for f in moded)
            most = dims.most_common(1)[0][0] if dims else None
            per_figure: dict[float, Fact] = {}
            for f in moded:
                figure = next(
                    (x for x in (f.value, f.typ, f.max) if isinstance(x, int | float)), None
                )
                if figure is not None and unit_dimension(f.unit, f.spec) == most:
                    per_figure.setdefault(float(figure), f)
            if len(per_figure) > 1:
                top = list(per_figure.values())
        if EACH_BAND.search(parsed.text):
            # "accuracy over its different temperature bands": the row of every band, each
            # band once (a feature list's "±0.5 °C from -10 to +85 °C" is the table's row)
            per_band: dict[tuple[float, float], Fact] = {}
            for f in ranked_alike:
                if (window := _temperature_window(f)) is not None:
                    per_band.setdefault(window, f)
            if len(per_band) > 1:
                top = list(per_band.values())
        if parsed.bound in ("max", "min"):
            # "standby current, max": of rows with one label, one printing the max and one only
            # the typ, the max answers
            printed = {f.parameter for f in top if getattr(f, parsed.bound) is not None}
            top = [
                f for f in top if getattr(f, parsed.bound) is not None or f.parameter not in printed
            ]
        hot = stated_t and 25.0 not in stated_t
        # the rows of the blocks asked ("gyro, accel and DMP all on"), each side's
        running = {r.fact.id for r in _blocks_running(unpreferred, parsed.text)}
        # (rows of more than one set of blocks, of fewer than all: the sets the question named)
        sets = [f for f in alike if _blocks_on(f.condition)]
        sets_named = [f for f in sets if f.id in running]
        if 2 <= len(sets_named) < len(sets):
            top += [f for f in sets_named if f not in top]  # "gyro + accel, and gyro only"
        # ("over load, line and temperature (not just at 25 C)": the point set aside is no side)
        for f in _each_side(_NOT_JUST.sub(" ", parsed.text), alike):
            if f in top:
                continue
            window = _temperature_window(f)
            if window and stated_t and not any(window[0] <= t <= window[1] for t in stated_t):
                continue  # "±0.5 °C from -10 to +85 °C" asked at -30 °C
            if _blocks_on(f.condition) is not None and f.id not in running:
                continue
            if (
                hot
                and window is None
                and any(g.parameter == f.parameter and _temperature_window(g) for g in top)
            ):
                continue  # the room-temperature row beside one printed at the stated one
            top.append(f)  # "pressure versus humidity": the row each side names
        channels = re.findall(r"\bchannel\s+([A-Z0-9])\b", parsed.text, re.I)
        if channels:
            # "channel B": rows stated for another channel do not answer it.
            named = re.compile(rf"\bchannel\s+(?:{'|'.join(channels)})\b", re.I)
            scoped = [f for f in top if named.search(f"{f.condition or ''} {f.parameter}")]
            top = scoped or top
        if _ASKS_CHOICES.search(parsed.text):
            # "Which data rates can I select?": the row that lists the choices answers it;
            # "the highest data rate I can pick" asks the one end of them.
            listing = [r.fact for r in valid if r.fact.extra.get("choices")]
            if parsed.bound in ("max", "min"):
                end = max if parsed.bound == "max" else min
                listing = [
                    f.model_copy(
                        update={"value": None, "min": None, "max": None}
                        | {parsed.bound: end(f.extra["choices"])}
                    )
                    for f in listing
                ]
            top = listing or top
        # Different variants at the same rank and no variant asked: answer per variant.
        chosen: list[Fact] = []
        seen: set[tuple[Any, ...]] = set()
        for f in top:
            key = (f.variant, f.min, f.typ, f.max, f.value, f.unit)
            if key in seen:
                continue
            seen.add(key)
            chosen.append(f)
        variants = {f.variant for f in chosen}
        if specs[0] in _LIST_SPECS:
            # Addresses and interfaces are lists: every distinct value the evidence gives.
            chosen = []
            seen_values: set[str] = set()
            for r in valid:
                value_key = str(r.fact.value).strip().lower()
                if value_key not in seen_values:
                    seen_values.add(value_key)
                    chosen.append(r.fact)
            chosen = chosen[:16]
        elif len(variants) <= 1:
            # Equally good rows that disagree: list them with their conditions, unless the
            # question names a variant they do not name (then we cannot tell which applies).
            distinct: list[Fact] = []
            seen_figures: set[tuple[Any, ...]] = set()
            for f in chosen:
                # Typ-only rows ("rising 8.2 V", "falling 7.8 V") differ in their typ alone.
                figure = (
                    f.min,
                    f.max,
                    f.typ if f.min is None and f.max is None else None,
                    f.value if not isinstance(f.value, str) or f.extra.get("composite") else None,
                    f.unit,
                    # (items listed each get their row, the same figure or not: "PGA /2, /4")
                    f.condition if len(per_item) >= 2 else None,
                )
                if figure not in seen_figures:
                    seen_figures.add(figure)
                    distinct.append(f)
            named_as = mention.variant or self._name_as_variant(mention)
            if len(distinct) > 1 and named_as:
                distinct = self._for_output_of(device, named_as, distinct)
            if (
                len(distinct) > 1
                and mention.variant
                and all(f.variant is None for f in distinct)
                # Rows under different labels ("Operate time", "Release time") or conditions
                # ("Between open contacts", "Between coil and contact") are different figures,
                # not one figure printed per unnamed variant.
                and len({(squash(f.parameter), squash(f.condition or "")) for f in distinct})
                < len(distinct)
            ):
                return _Pick(
                    [],
                    [],
                    [],
                    [
                        f"scope_named: {device} states {len(distinct)} different {label} figures "
                        f"({', '.join(_figure(f, None) for f in distinct[:4])}) and none of "
                        f"them names variant {mention.variant}"
                    ],
                )
            chosen = distinct[:4]
        else:
            chosen = chosen[: max(6, 2 * len(listed))]  # each listed setting, per variant
        items: list[AnswerItem] = []
        facts: list[Fact] = []
        lines: list[str] = []
        several = len(chosen) > 1 and specs[0] not in _LIST_SPECS
        for f in chosen:
            # Several rows listed: each carries its own label so they can be told apart.
            row_label = f"{label} ({f.parameter.strip()})" if several and f.parameter else label
            if f.spec == "strapping_pin":
                row_label = f.parameter  # "Chip boot mode strapping pins": what they set
            got = self._with_supersession(parsed, f, row_label)
            if isinstance(got, str):
                reasons.append(got)
                continue
            its, fs, ls = got
            items.extend(its)
            facts.extend(fs)
            lines.extend(ls)
        return _Pick(items, facts, _footnotes_once(lines), reasons)

    def _with_supersession(
        self, parsed: ParsedQuestion, f: Fact, label: str
    ) -> tuple[list[AnswerItem], list[Fact], list[str]] | str:
        """Items for one fact, split per revision when a notice supersedes it for some."""
        original, notice_fact = f, None
        if f.supersedes or f.supersedes_id:
            base = self.index.by_id(f.supersedes_id) or next(
                (x for x in self.index.at_citation(f.supersedes) if x.spec == f.spec), None
            )
            if base is not None:
                original, notice_fact = base, f
        elif f.superseded_by:
            notice_fact = self.index.superseding(f)
            if notice_fact is None:
                return (
                    f"scope_named: {f.device} {f.spec} at {f.citation} is superseded by "
                    f"{f.superseded_by}, which the store does not hold"
                )
        name = _display_name(f)
        where = f"[{original.citation}]"
        if notice_fact is None:
            item = _symbolic_item(f) if _symbolic(f) else item_from_fact(f)
            if parsed.route in ("simple", "comparison"):
                # a figure asked at one bound: the item is what the answer states
                item = _at_bound(item, parsed.bound)
            elif (
                parsed.bound == "max"
                and item.max is not None
                and spec_dimensions(item.spec) & {"A", "s", "W"}
            ):
                # currents, times or powers asked at their worst: a typical is none of them
                item = item.model_copy(update={"typ": None})
            scope = _scope_text(item.applies_to)
            cond = f" ({f.condition})" if f.condition else ""
            kind = f", {f.section_kind.replace('_', ' ')}" if f.section_kind else ""
            # the page's footnote on the figure's standing: "Target values & not guaranteed"
            note = f" (footnote: {f.extra['footnote']})" if f.extra.get("footnote") else ""
            line = (
                f"{name} {label}: {_figure(f, parsed.bound)}{cond}"
                f"{' — ' + scope if scope and 'variant' not in scope else ''} {where}{kind}{note}"
            )
            # "In no event should more than 26 V be applied": asked the most it takes, the
            # footnote's bound is a figure of the answer too, beside the row it bounds
            bound = _FOOTNOTE_BOUND.search(f.extra.get("footnote") or "")
            if bound and item.unit == bound.group(2) and parsed.bound == "max":
                limit = item.model_copy(
                    update={
                        **dict.fromkeys(("min", "typ", "value", "tolerance", "condition")),
                        "max": float(bound.group(1)),
                        "parameter": "the most its footnote allows applied",
                    }
                )
                return [item, limit], [f], [line]
            return [item], [f], [line]
        notice = self._notice_for(original)
        sup_scope = dict(original.superseded_for or {})
        revs_new = [str(x) for x in sup_scope.get("board_revision", [])] or (
            list(notice.board_revisions) if notice else []
        )
        revs_old = list(notice.remains_valid_for) if notice and notice.remains_valid_for else []
        asked = list(parsed.revisions)
        items: list[AnswerItem] = []
        lines: list[str] = []
        new_item = item_from_fact(notice_fact, board_revision=revs_new or None)
        new_item.applies_to.update({"supersedes": original.citation})
        old_item = item_from_fact(original, board_revision=revs_old or None)
        old_item.superseded_by = notice_fact.citation
        if not revs_new:
            return (
                f"scope_named: {notice_fact.citation} supersedes {original.citation} but "
                "names no revision"
            )
        want_new = not asked or any(r in revs_new for r in asked)
        want_old = not asked or any(r not in revs_new for r in asked)
        if want_new:
            items.append(new_item)
            lines.append(
                f"{name} {label}, revision {'/'.join(revs_new)}: "
                f"{_figure(notice_fact, parsed.bound)} per {notice_fact.citation}, "
                "which supersedes "
                f"{original.citation} for revision {' and '.join(revs_new)}"
            )
            # A notice that changes one bound leaves the other as the original states it:
            # "max 32 V" per the notice, "min 9 V" still per the datasheet.
            for bound in ("min", "max"):
                kept = getattr(original, bound)
                if (
                    kept is None
                    or getattr(notice_fact, bound) is not None
                    or parsed.bound not in (None, bound)
                ):
                    continue
                item = item_from_fact(original, board_revision=revs_new)
                for other in ("min", "typ", "max", "value"):
                    if other != bound:
                        setattr(item, other, None)
                items.append(item)
                lines.append(
                    f"{name} {label}, revision {'/'.join(revs_new)}: {bound} "
                    f"{format_number(kept)}{_unit(original.unit)} per {original.citation}, "
                    f"which {notice_fact.citation} leaves unchanged"
                )
        if want_old:
            items.append(old_item)
            rev_text = "/".join(revs_old) if revs_old else "other revisions"
            lines.append(
                f"{name} {label}, revision {rev_text}: {_figure(original, parsed.bound)} per "
                f"{original.citation} (superseded by {notice_fact.citation} only for revision "
                f"{' and '.join(revs_new)})"
            )
            if notice and notice.remains_valid_because and _ASKS_WHY.search(parsed.text):
                # "what part change allows it?": the notice's own word on that revision
                items.append(
                    AnswerItem(
                        device=original.device,
                        spec="notice_disposition",
                        value=notice.remains_valid_because,
                        applies_to={"board_revision": revs_old},
                        citation=notice.remains_valid_because_citation,
                        section_kind="notice",
                        evidence=notice.remains_valid_because,
                    )
                )
                lines[-1] += (
                    f"; {notice.remains_valid_because} [{notice.remains_valid_because_citation}]"
                )
        return items, [original, notice_fact], lines

    def _best_label(self, parsed: ParsedQuestion) -> tuple[frozenset[str], Fact] | None:
        """The fact whose label and spec name share the most words with the question.

        Ties go to the larger share of the label's own words. Words that name only a kind of
        quantity ("voltage", "frequency") or of part ("board") do not count alone: "commutation
        frequency" must meet "commutation". Returns the shared words and the fact.
        """
        # "how many times can I rewrite it" asks a count, not a time
        # ("how long a cable" asks no "Long-term" row)
        text = re.sub(r"(?i)\bhow (?:many times|long)\b", "how many", parsed.text)
        # "sits with CS high most of the time" says how often, and asks no time row
        text = re.sub(
            r"(?i)\b(?:(?:most|all|some|half|much) of the|all the|at a|(?:every|each|any)) time\b",
            " ",
            text,
        )
        # "draw at nominal voltage": the condition it is asked at, not the row asked for
        text = re.sub(
            r"(?i)\b(?:at|@)\s+(?:its\s+|the\s+)?(?:nominal|rated|full)\s+(?:voltage|load|current)\b",
            " ",
            text,
        )
        q_words = _stems(text)
        q_words = _with_bare_ing(q_words)
        wants_time = bool(_ASKS_TIME.search(parsed.text))
        # "how many EEPROM write cycles": a count, which no duration row ("NV Write Cycle
        # Time") gives
        wants_count = not wants_time and _ASKS_COUNT.search(parsed.text)
        # "how much current flows through the divider": a current, which no resistor row
        # gives; "what's the minimum voltage across its terminals": a voltage
        how_much = _HOW_MUCH_OF.search(parsed.text)
        wants_dim = _HOW_MUCH_DIMENSION[how_much[1].lower()] if how_much else None
        # a recognised phrase the part files under no spec of that name but in a label of its
        # own ("duty cycle" in "Duty Cycle of transmission at +20 dBm output"): a label
        # holding all of the phrase's words comes first
        held = {f.spec for name in parsed.device_names for f in self.index.device_facts(name)}
        phrases = [
            _stems(p)
            for p, cands in zip(parsed.spec_phrases, parsed.specs, strict=True)
            if len(p.split()) >= 2 and not held & set(cands)
        ]
        best: tuple[tuple[bool, int, int, float], frozenset[str], Fact] | None = None
        for name in parsed.device_names:
            own = _stems(name)
            for f in self.index.device_facts(name):
                if f.spec == "pin_function":
                    continue  # a pin's row answers a question about pins (``_pins``) only
                if wants_time and unit_dimension(f.unit, f.spec) != "s":
                    continue  # "how long can a write take" is no count of writes
                if wants_count and unit_dimension(f.unit, f.spec) == "s":
                    continue
                if f.spec == "pulse_count" and not wants_count:
                    continue  # "PD_SCK pulses stretched to 80 µs" asks no number of pulses
                if wants_dim and unit_dimension(f.unit, f.spec) != wants_dim:
                    continue
                label = _label_words(f) - own
                if _TEST_STEP.search(f.parameter) and not _TEST_STEP.search(parsed.text):
                    label -= {"step"}  # "RIPPLE (step 7)" is a test step, not a load step
                hit = label & q_words
                if not label or not hit - _KIND_WORDS - _PART_WORDS:
                    continue
                whole = any(ph <= label for ph in phrases)
                key = (whole, len(hit), _head_hit(f.parameter, q_words), len(hit) / len(label))
                if best is None or key > best[0]:
                    best = (key, hit, f)
        return None if best is None else (best[1], best[2])

    def _listed_labels(self, parsed: ParsedQuestion) -> list[Fact]:
        """Rows whose labels share their words but the last, each last word listed by the
        question ("current during the humidity, pressure and temperature measurement" for
        "Current during humidity / pressure / temperature"), in the order listed; [] when the
        question lists fewer than two of them or names more than one part."""
        if len(set(parsed.device_names)) != 1:
            return []
        asked = content_words(parsed.text)
        groups: dict[str, dict[str, Fact]] = {}
        for f in self.index.device_facts(parsed.device_names[0]):
            words = f.parameter.lower().split()
            if f.spec == "pin_function":
                continue  # "Pin 7 INA-", "Pin 8 INA+": pins, not a figure's rows
            if len(words) >= 3 and set(words[:-1]) <= asked and words[-1] in asked:
                groups.setdefault(" ".join(words[:-1]), {}).setdefault(words[-1], f)
        lists = [
            g
            for g in groups.values()
            if len(g) >= 2 and len({f.spec for f in g.values()}) == len(g)
        ]
        if len(lists) != 1:
            return []
        text = parsed.text.lower()
        return sorted(lists[0].values(), key=lambda f: text.find(f.parameter.lower().split()[-1]))

    def _label_specs(self, parsed: ParsedQuestion) -> None:
        """Take the spec from the devices' own row labels when the question names no spec we
        know, or when a row's label names more of the question's own words than any row under
        the recognised spec ("short-circuit current" is its own row, not the output current;
        "sampling rate with the DIG controller")."""
        listed = self._listed_labels(parsed)
        if listed:
            parsed.specs = [(f.spec,) for f in listed]
            parsed.spec_phrases = [f.parameter for f in listed]
            parsed.route = "structured"
            return
        recognised = (list(parsed.specs), list(parsed.spec_phrases))
        parsed.specs, parsed.spec_phrases = _outside_settings(parsed)
        if parsed.route == "structured" and len(parsed.specs) == 1:
            parsed.route = "simple"  # the other items were part of a stated setting
        found = self._best_label(parsed)
        if recognised[0] and not parsed.specs:
            # Every spec phrase was part of a stated setting: a row label the question names
            # outside its settings answers it ("INL (8 SPS, ±2.048 V FSR)"); without one, the
            # setting is the question ("at 34 V input").
            outside = _stems(_without_settings(parsed.text))
            if found is None or not (found[0] & outside) - _KIND_WORDS - _PART_WORDS:
                parsed.specs, parsed.spec_phrases = recognised
                return
        if found is None:
            return
        hit, fact = found
        if any("output_current" in cands for cands in parsed.specs) and _DRAWN.search(
            fact.parameter
        ):
            # "can the regulator deliver 12 mA": what a part delivers is never what it draws
            # ("Current consumption including on-chip ... regulator")
            return
        # a part number the row names ("OPS-1147") says which part, not which figure
        numbered = {p.lower() for p in re.findall(r"\b([A-Za-z]{2,})-?\d{2,}", parsed.text)}
        hit = frozenset(w for w in hit - numbered if not re.search(r"\d{2}", w))
        unheld = not any(
            f.spec in cands
            for cands in parsed.specs
            for name in parsed.device_names
            for f in self.index.device_facts(name)
        )
        # The supply taken as the question only because a voltage is stated and nothing else
        # was recognised ("at VDD = 5 V"): its phrase is not the question's own words.
        defaulted = len(parsed.specs) == 1 and not re.search(
            re.escape(parsed.spec_phrases[0]), parsed.text, re.IGNORECASE
        )
        dims = [spec_dimensions(cands[0]) for cands in parsed.specs]
        if (
            unheld
            and not defaulted
            and dims
            and all(dims)
            # (a phrase of its own, "input high threshold", "VIH"; not a word such as "supply")
            and all(len(p.split()) > 1 or p.isupper() for p in parsed.spec_phrases)
            and unit_dimension(fact.unit, fact.spec) not in set().union(*dims)
        ):
            # "input high threshold (VIH) of the PD_SCK pin": a voltage, which no row of
            # another quantity ("PD_SCK high time") gives; the part holds none
            return
        substance = hit & content_words(parsed.text) - _KIND_WORDS - _PART_WORDS
        # "how long before it accepts I2C commands": a spec no row of which is a duration
        # (the interface) cannot answer how long; the duration row the question names does.
        timeless = bool(
            _ASKS_TIME.search(parsed.text)
            or re.search(
                r"(?i)\b(?:time|wait|delay) (?:from|after|between|until|before)\b", parsed.text
            )
        ) and not any(
            unit_dimension(f.unit, f.spec) == "s"
            for cands in parsed.specs
            for name in parsed.device_names
            for f in self.index.device_facts(name)
            if f.spec in cands
        )
        if parsed.specs and (
            ((unheld or defaulted or timeless) and len(substance) >= 2)
            # "how long does the output take to ramp from 0 to 5 V at start-up": the voltages
            # are the ramp's ends, and the one duration row the question names is asked
            or (defaulted and _ASKS_TIME.search(parsed.text) and substance)
            # "max wait after power-on before I2C": no recognised spec has a duration, and
            # the row named is one
            or (timeless and substance and unit_dimension(fact.unit, fact.spec) == "s")
        ):
            # No row of the part is filed under any recognised spec (or none was asked), and a
            # row's own label names two of the question's words: that row is the one asked
            # about ("frequency synthesizer step size" is no ADC step).
            parsed.route = "simple" if parsed.route == "structured" else parsed.route
        elif parsed.specs:
            if len(parsed.specs) != 1 or fact.spec in parsed.specs[0]:
                return
            if parsed.absolute_max and fact.spec in {RATING_OF.get(s) for s in parsed.specs[0]}:
                return  # "abs max on VDD": the rating of the spec asked, which _pick looks under
            # Only the words the question asks with count, not those of a stated setting ("at
            # ±2g full scale").
            asked_text = _no_joined(_without_conditions(parsed.text, numeric_only=True))
            words = _stems(asked_text)
            phrase = _stems(parsed.spec_phrases[0])
            rival_facts = [
                f
                for name in parsed.device_names
                for f in self.index.device_facts(name)
                if f.spec in parsed.specs[0]
            ]
            rival_words = frozenset().union(*(_label_words(f) for f in rival_facts))
            # Words the recognised phrase left out, and not only kinds of quantity or part (a
            # "storage temperature range" row shares nothing an operating question adds; a
            # run-together pair counts only where the question hyphenates it, "power-on"),
            # or a word of the phrase that this row's label has and no row under the spec
            # has ("idle" is its own row, not a kind of sleep).
            plain = {
                _stem(w)
                for w in content_words(asked_text) | content_words(asked_text.replace("-", ""))
            }
            extra = (hit & plain) - phrase | (phrase & hit & plain) - rival_words
            extra -= _KIND_WORDS | _PART_WORDS
            if len(hit & words) < 2 or not extra:
                return
            # A quantity the question names and the label does not must be what the row
            # measures: "current when transmitting" is never a dBm row, "inductance" never a %.
            # Not a quantity named in a condition: "release time at nominal coil voltage".
            label_words = _label_words(fact)
            dim = unit_dimension(fact.unit, fact.spec)
            asked = content_words(_without_conditions(parsed.text))
            if any(
                w not in label_words and dim != need
                for w, need in _QUANTITY_DIMENSION.items()
                if w in asked
            ):
                return
            if dim != "V" and _SUPPLY_SYMBOL.search(_without_settings(parsed.text)):
                return  # "what VDD range": a supply symbol asks a voltage, never a dBm row
            if (
                rival_facts
                and phrase <= label_words
                and any(_QUANTITY_DIMENSION.get(w) == dim for w in label_words - asked)
                and not any(_QUANTITY_DIMENSION.get(w) == dim for w in asked)
            ):
                # "What resolution does each measurement mode give?" asks no "H-Resolution
                # Mode Measurement Time": a label that names the spec asked only beside the
                # quantity it measures, which the question does not name, is another figure
                return
            rivals = [len(_label_words(f) & words) for f in rival_facts]
            if rivals and len(hit & words) <= max(rivals):
                return
            if (
                fact.section_kind == "absolute_maximum"
                and not parsed.absolute_max
                and any(f.section_kind != "absolute_maximum" for f in rival_facts)
            ):
                # "lm358, single supply - min and max supply voltage": a rating named by its
                # row label ("Single Supply") does not displace the operating row asked
                return
            if (
                not rival_facts
                and not phrase & hit - _KIND_WORDS
                and len(hit & plain - _KIND_WORDS) < 2
            ):
                # The part has no row for the recognised spec, and this row shares none of its
                # words and one other word of the question: it answers another question ("the
                # junction temperature at which the overtemperature protection trips" is not
                # the junction temperature rating).
                return
            if rival_facts and not phrase & hit - _KIND_WORDS:
                bare = parsed.spec_phrases[0].strip().lower()
                if re.fullmatch(r"inputs?|outputs?", bare) or (
                    re.fullmatch(r"draws?|pulls?|consumes?", bare)
                    and unit_dimension(fact.unit, fact.spec) in ("A", "W")
                ):
                    # "how fast can I switch the inputs? the max commutation frequency": a
                    # bare "inputs" names the pins the row is about, not a figure of its own;
                    # "in power-down, the most it can still draw": the row names what it draws
                    parsed.specs = [(fact.spec,)]
                    parsed.spec_phrases = [fact.parameter.strip().lower()]
                    return
                # The row answers other words than the recognised phrase ("bandwidth and
                # output rise time"): both are asked, unless its words are the stated setting
                # ("set to ±8g full scale").
                # ("on a single 5 V supply", "on a 5 V single supply" is where the part runs,
                # as a stated setting is, and "over the full operating-temperature band" the
                # range a figure is asked over)
                told = _STATED_SUPPLY.sub(
                    " ", _FULL_TEMPERATURE.sub(" ", _without_settings(parsed.text))
                )
                if not (hit & _stems(told)) - _KIND_WORDS:
                    return
                parsed.specs.append((fact.spec,))
                parsed.spec_phrases.append(fact.parameter.strip().lower())
                parsed.route = "structured" if parsed.route == "simple" else parsed.route
                return
        parsed.specs = [(fact.spec,)]
        parsed.spec_phrases = [fact.parameter.strip().lower()]
        sides = _sides(parsed.text)
        if len(sides) == 2:
            # "current while measuring pressure versus humidity", "DNL and INL": each side
            # may name a row of its own ("Current during pressure", "Current during humidity").
            other = [self._best_label(dataclasses.replace(parsed, text=side)) for side in sides]
            extra = [o[1] for o in other if o is not None and o[1].spec != fact.spec and o[0] - hit]
            for f in extra[:1]:
                parsed.quantity = None  # each side names its own quantity
                parsed.specs.append((f.spec,))
                parsed.spec_phrases.append(f.parameter.strip().lower())
                parsed.route = "structured" if parsed.route == "simple" else parsed.route

    def _percent_of_output_in_volts(self, parsed: ParsedQuestion, answer: Answer) -> None:
        """A regulation printed as a percentage of the output ("line regulation 0.3 %") asked
        in volts: worked out at the part's one nominal output (0.3 % of 5 V = 15 mV), for the
        bound asked (both when none is); that output's row is cited beside it."""
        asked = _ASKED_IN_VOLTS.search(parsed.text)
        if asked is None:
            return
        # (a regulation's worst case is its maximum)
        wanted = parsed.bound or ("max" if re.search(r"(?i)\bworst", parsed.text) else None)
        unit, scale = ("mV", 1000.0) if asked["unit"].lower().startswith("m") else ("V", 1.0)
        for item in [i for i in answer.items if i.unit == "%" and i.spec.endswith("_regulation")]:
            # the output's specification rows (min, typ and max), of the item's variant
            variant = item.applies_to.get("variant")
            outputs = [
                f
                for f in self.index.device_facts(item.device)
                if f.spec == "output_voltage"
                and f.unit == "V"
                and f.section_kind in ("electrical_characteristics", "recommended_operating")
                and all(isinstance(x, int | float) for x in (f.min, f.typ, f.max))
                and not f.superseded_by
                and (variant is None or f.variant == variant)
            ]
            if not outputs or len({f.variant for f in outputs}) != 1:
                continue  # no nominal output, or one per variant
            # the row over the full range states the nominal (5.000 V, not 4.993 V at 25 °C)
            nominal = max(outputs, key=lambda f: float(f.max or 0) - float(f.min or 0))
            assert isinstance(nominal.typ, int | float)
            if not any(i.spec == "output_voltage" for i in answer.items):
                answer.items.append(item_from_fact(nominal))
                answer.citations = list(dict.fromkeys([*answer.citations, nominal.citation]))
            for bound in (wanted,) if wanted in ("max", "typ") else ("max", "typ"):
                pct = getattr(item, bound)
                if not isinstance(pct, int | float):
                    continue
                v = format_number(nominal.typ)
                result = round(pct / 100 * float(nominal.typ) * scale, 9)
                answer.derived.append(
                    Derived(
                        label=f"{item.device} {item.spec.replace('_', ' ')} ({bound}) at {v} V",
                        expression=f"{format_number(pct)} / 100 * {v}"
                        + (" * 1000" if scale != 1.0 else ""),
                        result=result,
                        unit=unit,
                    )
                )
                answer.answer += (
                    f". {bound} {format_number(pct)} % of the {v} V nominal output "
                    f"[{nominal.citation}] is {format_number(result)} {unit}"
                )

    def _worked(self, parsed: ParsedQuestion) -> Answer | None:
        """A figure worked out from the facts at the point the question states, or None."""
        computed = (
            self._condition_span(parsed)
            or self._bridge_into_adc(parsed)
            or self._full_scale_at_rail(parsed)
            or self._loss_at(parsed)
            or self._left_for_load(parsed)
            or self._drop_loss(parsed)
            or self._current_from_power(parsed)
            or self._ambient_for_load(parsed)
            or self._through_transfer(parsed)
            or self._through_scale(parsed)
            or self._per_rated_pressure(parsed)
            or self._adc_step(parsed)
            or self._shunt_full_scale(parsed)
            or self._period_of_rate(parsed)
            or self._change_per_unit(parsed)
            or self._rate_times_amount(parsed)
            or self._temperature_of_count(parsed)
            or self._reading_of_count(parsed)
        )
        volume = self._volume_of_pulses(parsed)
        if computed is not None and volume is not None:
            # "what frequency at 10 L/min, and how many litres are 2250 pulses?": both
            return _answered(
                parsed,
                f"{computed.answer}. {volume.answer}",
                [*computed.items, *volume.items],
                [*computed.derived, *volume.derived],
                "computed",
            )
        return computed or volume

    def _one_item_worked(self, parsed: ParsedQuestion) -> Answer | None:
        """ "HX711 at AVDD 3.3 V, gain 128: full-scale input, and the common-mode range?": of
        several items, one worked out at the point stated and the others looked up."""
        if len(parsed.specs) < 2:
            return None
        for k, spec in enumerate(parsed.specs):
            one = dataclasses.replace(
                parsed, specs=[spec], spec_phrases=[parsed.spec_phrases[k]], route="simple"
            )
            worked = self._worked(one)
            if worked is None:
                continue
            rest = self._lookup_rows(
                _only_items(parsed, [j for j in range(len(parsed.specs)) if j != k])
            )
            if rest.status != "answered":
                return None
            both = _answered(
                parsed,
                f"{worked.answer}. {rest.answer}",
                [*worked.items, *rest.items],
                [*worked.derived, *rest.derived],
                "computed",
            )
            both.route = parsed.route
            return both
        return None

    def _worked_alike(
        self, parsed: ParsedQuestion, band: Sequence[Derived], items: Sequence[AnswerItem]
    ) -> list[Fact]:
        """The cases the documents work themselves that a check repeats: the figure it worked
        out held against the limit it was checked with ("A 24 V industrial rail with a +/-10
        percent tolerance reaches 26.4 V, well inside 32.0 V", ecn-2608-04 §3)."""
        results = {round(d.result, 6) for d in band}
        limits = {round(x, 6) for it in items for x in (it.min, it.max) if x is not None}
        return [
            f
            for name in parsed.device_names
            for f in self.index.of_spec(name, "worked_case")
            if isinstance(f.value, int | float)
            and round(f.value, 6) in results
            and round(float(f.extra["limit"]), 6) in limits
        ]

    def _test_and_datasheet(self, parsed: ParsedQuestion) -> Answer | None:
        """ "What efficiency does production test require as a minimum, and what's the datasheet
        typical at that point?": the test's limit and the datasheet's figure, each from its own
        document."""
        if not (ASKS_PRODUCTION.search(parsed.text) and _AND_DATASHEET.search(parsed.text)):
            return None
        tested = self._lookup_rows(dataclasses.replace(parsed))
        sheet = self._lookup_rows(
            dataclasses.replace(parsed, text=ASKS_PRODUCTION.sub(" ", parsed.text))
        )
        if (
            tested.status != "answered"
            or sheet.status != "answered"
            or any(it.section_kind != "production_test" for it in tested.items)
            or any(it.section_kind == "production_test" for it in sheet.items)
        ):
            return None
        return _answered(
            parsed,
            f"{tested.answer}. {sheet.answer}",
            [*tested.items, *sheet.items],
            [*tested.derived, *sheet.derived],
        )

    def _lookup(self, parsed: ParsedQuestion) -> Answer:
        unpowered = self._outside_supply(parsed)
        if unpowered is not None:
            return unpowered
        worked = self._worked(parsed) or self._one_item_worked(parsed)
        if worked is not None:
            return worked
        margin = self._rule_margin(parsed)
        if margin is not None:
            return margin
        both = self._test_and_datasheet(parsed)
        if both is not None:
            return both
        answer = self._lookup_rows(parsed)
        if answer.status == "answered":
            self._percent_of_output_in_volts(parsed, answer)
            _one_after_another(parsed, answer)
            _typical_only(parsed, answer)
        if (
            answer.status == "insufficient_evidence"
            and parsed.bound == "max"
            and not parsed.absolute_max
            and parsed.route == "simple"
            and not re.search(r"(?i)\boperat|\brecommended\b", parsed.text)
        ):
            # "L298 continuous DC output current per channel, max?": a limit the datasheet
            # states only among its absolute maximum ratings is no operating limit, but the
            # rating is what the reader needs to see, said as a stress rating
            rated = self._lookup_rows(dataclasses.replace(parsed, absolute_max=True))
            if rated.status == "answered":
                _withhold(
                    rated,
                    "no operating limit is stated, only an absolute maximum",
                    "the datasheet states no operating limit for it; its absolute maximum rating "
                    "(a stress limit, not an operating one) is:",
                )
                answer = rated
        rail = self._rail_by_derating(parsed)
        if rail is not None:
            # "what max rail do the caps support": the derated rail alone; "...and what max
            # input is rev B rated for": the product's input limit too
            if (
                answer.status != "answered"
                or rail.verdict
                or not _ASKS_INPUT_LIMIT.search(parsed.text)
            ):
                return rail
            answer.items += rail.items
            answer.citations += [c for c in rail.citations if c not in answer.citations]
            answer.derived += rail.derived
            answer.answer += f". {rail.answer}"
            return answer
        if answer.status == "insufficient_evidence" and (
            # (one part "instead of" another setting is no comparison of parts)
            answer.route == "simple" or len(set(parsed.device_names)) == 1
        ):
            return self._from_statements(parsed) or answer
        if _asked_dimension(parsed.text) == "s" and not any(
            unit_dimension(it.unit, it.spec) == "s" for it in answer.items
        ):
            # "the minimum soak duration at 24 V in / 3 A out": a time asked that no row found
            # gives (the efficiency at that point is not it), a sentence stating one does
            stated = self._from_statements(parsed)
            if stated is not None:
                return stated
        if answer.status == "answered":
            self._variant_rated_lower(parsed, answer)
            self._statement_beyond(parsed, answer)
            self._relative_to_supply(parsed, answer)
            _margin_below(parsed, answer)
            _bound_not_given(self.index, parsed, answer)
            _outside_condition(parsed, answer)
            self._outside_working_range(parsed, answer)
            _raw_through_scale(parsed, answer)
            _percent_as_current(parsed, answer)
        return answer

    def _condition_span(self, parsed: ParsedQuestion) -> Answer | None:
        """ "Over what input range is the AMS1117-5.0 output voltage spec'd?": the span of the
        input voltage the rows of the other spec asked are printed for ("6.5V ≤ VIN ≤ 12V")."""
        if not _OVER_WHAT_SPAN.search(parsed.text) or len(parsed.specs) < 2:
            return None
        rest = [
            (c, phrase)
            for c, phrase in zip(parsed.specs, parsed.spec_phrases, strict=True)
            if not {"input_voltage_range", "supply_voltage"} & set(c)
        ]
        if len(rest) != 1:
            return None
        rows = self._lookup_rows(
            dataclasses.replace(parsed, specs=[rest[0][0]], spec_phrases=[rest[0][1]])
        )
        items, lines = [], []
        for it in rows.items if rows.status == "answered" else []:
            m = INPUT_BAND.search(it.condition or "")
            if m is None:
                continue
            lo, hi = input_band(m)
            if any((i.min, i.max, i.citation) == (lo, hi, it.citation) for i in items):
                continue
            items.append(
                it.model_copy(
                    update={
                        "spec": "input_voltage_range",
                        "value": None,
                        "typ": None,
                        "min": lo,
                        "max": hi,
                        "unit": "V",
                        "tolerance": None,
                        "evidence": f"{it.evidence} ({it.condition})",
                    }
                )
            )
            name = it.applies_to.get("variant") or it.device
            lines.append(
                f"{name} {it.spec.replace('_', ' ')} is specified for {m.group(0)} [{it.citation}]"
            )
        if not items:
            return None
        return _answered(parsed, "; ".join(lines), items)

    def _rail_by_derating(self, parsed: ParsedQuestion) -> Answer | None:
        """ "What rail do the rev C input caps support under DR-14?": the highest rail a
        capacitor's voltage rating allows under a design rule that it be rated at least a
        factor times the rail (rating / factor), with the rule and the rating cited."""
        if not (_ASKS_DERATED_RAIL.search(parsed.text) and _CAPACITOR.search(parsed.text)):
            return None
        named = re.search(r"(?i)\bDR-\d+\b", parsed.text)
        rules = [
            f
            for f in self.store.facts
            if f.spec == "derating_factor"
            and "capacitor" in f.parameter.lower()
            and (named is None or f.parameter.upper().startswith(named.group(0).upper()))
        ]
        if len(rules) != 1 or len(parsed.device_names) != 1:
            return None
        rule, device = rules[0], parsed.device_names[0]
        if _ASKS_PASS.search(parsed.text) and (
            checked := self._cap_rule_check(parsed, rule, device)
        ):
            return checked
        # ("what do the rev A/B 50V caps support, and the rev C 63V caps?": each answered)
        stated = _cap_ratings(parsed.text)
        ratings = [
            f
            for f in self.index.device_facts(device)
            if f.spec == "voltage_rating"
            and re.search(r"(?i)\binput capacitor", f.parameter)
            and isinstance(f.value, int | float)
            and (not stated or f.value in stated)
            and (
                not parsed.revisions
                or str(f.applies_to.get("board_revision", "")) in parsed.revisions
            )
        ]
        values = sorted({float(f.value) for f in ratings if isinstance(f.value, int | float)})
        # (no rating and no revision named: each revision's rating is answered on its own)
        if not values or (stated and len(values) > len(stated)):
            return None
        if not isinstance(rule.value, int | float) or not rule.value:
            return None
        factor = float(rule.value)
        lines, items, derived = [], [], []
        for rating in values:
            rail = _derated_rail(rating, factor)
            about = rounded(rail, "the rail to a tenth of a volt")
            # (the revision's bill of materials and the notice that changed it both state it)
            cited = list({f.citation: f for f in ratings if f.value == rating}.values())
            revisions = sorted({str(r) for f in cited if (r := f.applies_to.get("board_revision"))})
            scope = f" (revision {', '.join(revisions)})" if len(values) > 1 and revisions else ""
            lines.append(
                f"a {format_number(rating)} V input capacitor{scope} "
                f"[{', '.join(f.citation for f in cited)}] "
                f"supports a rail of at most {rail.expression} = {format_number(rail.result)} V"
                f"{f' (≈ {about.result:.1f} V)' if about else ''}"
            )
            items += map(item_from_fact, cited)
            derived += [rail, *([about] if about else [])]
        return _answered(
            parsed,
            f"{device}: {'; '.join(lines)} "
            f"under {rule.parameter.split(':')[0]}, rated at least {format_number(factor)} "
            f"{rule.condition} [{rule.citation}]",
            [*items, item_from_fact(rule)],
            derived,
        )

    def _rule_margin(self, parsed: ParsedQuestion) -> Answer | None:
        """ "Does L1 meet DR-10?": a rule that one figure be at least a factor times another
        ("the inductor's saturation current shall be at least 1.3 times the peak inductor
        current"), checked with the two figures the named part's documents give, each found
        by the words the rule names it with."""
        named = {m.upper() for m in _DESIGN_RULE.findall(parsed.text)}
        rules = [
            f
            for f in self.store.facts
            if f.spec == "derating_factor"
            and f.parameter.split(":")[0].upper() in named
            and "capacitor" not in f.parameter.lower()  # a rating proposed: _cap_rule_check
            and isinstance(f.value, int | float)
        ]
        # "what saturation current does DR-10 demand": the two figures, with no verdict asked
        check = bool(_ASKS_PASS.search(parsed.text))
        if not (check or _ASKS_REQUIRED.search(parsed.text)) or len(rules) != 1:
            return None
        if len(set(parsed.device_names)) != 1:
            return None
        rule, device = rules[0], parsed.device_names[0]

        def words(text: str) -> set[str]:
            return {_stem(w) for w in content_words(text) if len(w) >= 3} - _KIND_WORDS_OF_RULES

        subject = words(rule.parameter.split(":")[-1])
        target = words(re.split(r"\bat\b", rule.condition or "")[0])

        def figure(f: Fact) -> float | None:
            v = (
                f.value
                if isinstance(f.value, int | float)
                else f.max
                if f.max is not None
                else f.typ
            )
            return float(v) if isinstance(v, int | float) else None

        pool = [
            f
            for f in [*self.index.device_facts(device), *self.index.statements(device)]
            if figure(f) is not None and f.unit and _for_revisions(f, parsed.revisions, loose=True)
        ]

        def found(wanted: set[str]) -> list[Fact]:
            return [f for f in pool if wanted and wanted <= words(f"{f.parameter} {f.spec}")]

        have = found(subject)
        dims = {dimension_of(f.unit or "") for f in have}
        need_of = [f for f in found(target) if dimension_of(f.unit or "") in dims]
        if len({figure(f) for f in have}) != 1 or len({figure(f) for f in need_of}) != 1:
            return None  # not found, or one figure per revision with none named
        a, b = have[0], need_of[0]
        va, vb = figure(a), figure(b)
        assert va is not None and vb is not None
        try:
            vb_in = convert(vb, b.unit or "", a.unit or "")
        except UnknownUnitError:
            return None
        factor = float(rule.value)  # type: ignore[arg-type]
        need = Derived(
            label=f"{rule.parameter.split(':')[0]} minimum",
            expression=f"{format_number(factor)} * {format_number(vb_in)}",
            result=round(factor * vb_in, 6),
            unit=a.unit,
        )
        ok = va >= need.result - 1e-9
        text = (
            f"{rule.parameter.split(':')[0]}: "
            f'"{rule.evidence}" [{rule.citation}]. {b.parameter.rstrip(".")} '
            f"[{b.citation}]: at least {need.expression} = {format_number(need.result)}"
            f"{_unit(a.unit)}; {a.parameter} is {format_number(va)}{_unit(a.unit)} "
            f"[{a.citation}], which {'meets' if ok else 'falls short of'} it"
        )
        items = [item_from_fact(rule), item_from_fact(a), item_from_fact(b)]
        if not check:
            return _answered(parsed, text, items, [need], "computed")
        return _checked(parsed, ok, text, items, [need])

    def _cap_rule_check(self, parsed: ParsedQuestion, rule: Fact, device: str) -> Answer | None:
        """ "Replace the rev B input caps with 35 V parts: does that pass DR-14?": the rating
        stated against the rule's factor times the board's maximum continuous input for the
        revision named (a change notice's figure where it supersedes the datasheet's)."""
        rating = _cap_rating(parsed.text)
        if rating is None or not isinstance(rule.value, int | float):
            return None
        limits = [
            f
            for f in self.index.device_facts(device)
            if f.spec == "input_voltage_range"
            and f.section_kind == "recommended_operating"
            and f.max is not None
            and _for_revisions(f, parsed.revisions)
        ]
        if len({f.max for f in limits}) != 1:
            return None  # no limit, or one per revision with none named
        limit = limits[0]
        assert limit.max is not None
        need = Derived(
            label="rating needed",
            expression=f"{format_number(float(rule.value))} * {format_number(limit.max)}",
            result=round(float(rule.value) * limit.max, 6),
            unit="V",
        )
        ok = rating >= need.result - 1e-9
        rail = _derated_rail(rating, float(rule.value))
        scope = f" (revision {', '.join(parsed.revisions)})" if parsed.revisions else ""
        return _checked(
            parsed,
            ok,
            f"{rule.parameter.split(':')[0]} asks a "
            f"rating of at least {format_number(float(rule.value))} {rule.condition} "
            f"[{rule.citation}]; the {device} maximum continuous input is "
            f"{format_number(limit.max)} V{scope} [{limit.citation}], so at least "
            f"{need.expression} = {format_number(need.result)} V; a {format_number(rating)} V "
            f"rating {'meets' if ok else 'falls short of'} it (it allows a rail of at most "
            f"{rail.expression} = {format_number(rail.result)} V)",
            [item_from_fact(rule), item_from_fact(limit)],
            [need, rail],
        )

    def _named_rule(self, parsed: ParsedQuestion) -> Answer | None:
        """ "Design rule DR-10: minimum ratio of saturation to peak inductor current?": a rule
        of a design-rules document, named by its number with no product, answered as the
        document states it."""
        named = {m.upper() for m in _DESIGN_RULE.findall(parsed.text)}
        rules = [f for f in self.store.facts if f.parameter.split(":")[0].upper() in named]
        # of a rule's several clauses, those about the part asked ("a resistor", not "a
        # capacitor's ripple current")
        asked = _stems(parsed.text)
        about = [f for f in rules if _stems(f.parameter.rsplit(": ", 1)[-1]) & asked]
        rules = about or rules
        if not rules:
            return None
        lines = [f'{f.section or f.parameter}: "{f.evidence}" [{f.citation}]' for f in rules]
        derived = []
        rated = _cap_rating(parsed.text)
        factors = [
            float(f.value)
            for f in rules
            if f.spec == "derating_factor"
            and "capacitor" in f.parameter.lower()
            and isinstance(f.value, int | float)
            and f.value
        ]
        rail_m = _RAIL_VOLTS.search(parsed.text)
        on_rail = float(rail_m.group(1) or rail_m.group(2)) if rail_m else None
        if on_rail is not None and len(factors) == 1 and rated in (None, on_rail):
            # "what rating for a cap on a rail sold up to 36V": the factor times the rail
            need = Derived(
                label="rating needed",
                expression=f"{format_number(factors[0])} * {format_number(on_rail)}",
                result=round(factors[0] * on_rail, 6),
                unit="V",
            )
            lines.append(
                f"a {format_number(on_rail)} V rail: a capacitor rated at least "
                f"{need.expression} = {format_number(need.result)} V"
            )
            derived.append(need)
        elif rated is not None and len(factors) == 1:
            # "the highest rail a 50 V cap can sit on": the rating over the factor
            rail = _derated_rail(rated, factors[0])
            lines.append(
                f"a {format_number(rated)} V capacitor: a rail of at most {rail.expression} = "
                f"{format_number(rail.result)} V"
            )
            derived.append(rail)
        return _answered(parsed, ". ".join(lines), [item_from_fact(f) for f in rules], derived)

    def _statement_beyond(self, parsed: ParsedQuestion, answer: Answer) -> None:
        """ "How long held high puts it into power-down": the rows found ("PD_SCK high time")
        lack a term of two words the question asks about ("power down"); a sentence of the
        part's documents that carries it, with a figure, is added."""
        said = frozenset().union(*(_stems(f"{i.parameter} {i.spec}") for i in answer.items))
        extra = self._statement_for(parsed, said)
        # ("on a 5 V single supply" is where the part runs, no term asked)
        words = re.findall(r"[a-z][a-z0-9]+", _STATED_SUPPLY.sub(" ", parsed.text).lower())
        unsaid = {
            a + b
            for a, b in itertools.pairwise(words)
            if all(len(w) >= 4 and w not in _FILLER and w not in said for w in (a, b))
        }
        hot = [t for _, t in _stated_temperatures(parsed.text) if t != 25.0]
        if (
            extra is None
            or not unsaid & _stems(extra.parameter)
            or extra.evidence in {i.evidence for i in answer.items}
            # "in an enclosure that reaches 125 °C": a sentence that names no temperature
            # gives the typical figure, not one at the temperature asked
            or (hot and not _STATED_TEMPERATURE.search(extra.evidence))
            # "max supply current in continuous mode": a feature line's bare "150 µA" is no
            # bound beside the row that prints the one asked
            or (
                parsed.bound in ("max", "min")
                and extra.min is None
                and extra.max is None
                and any(getattr(i, parsed.bound) is not None for i in answer.items)
            )
        ):
            return
        item = item_from_fact(extra)
        line = f'{extra.device}: {_figure(extra, None)} — "{extra.evidence}" [{extra.citation}]'
        if _TWO_ASKS.search(parsed.text) or not _outside_rows(extra, answer.items):
            _add_item(answer, item, line)
        else:
            # one thing asked, the rows lack its term and their band does not hold the
            # sentence's figure: they are of another condition ("PD_SCK high time" while
            # clocking out, max 50 µs, against 60 µs for power-down), and the sentence answers.
            answer.items, answer.citations, answer.answer = [item], [item.citation], line

    def _relative_to_supply(self, parsed: ParsedQuestion, answer: Answer) -> None:
        """ "LM358 common mode range upper end, how far below VCC?": the row of the spec found
        that states its bound relative to the supply ("VCC - 1.7 V") answers, not a row at one
        supply (28.3 V at VCC = 30 V)."""
        if not _ASKS_RELATIVE.search(parsed.text):
            return
        specs = {i.spec for i in answer.items}
        rows = [
            f
            for d in dict.fromkeys(parsed.device_names)
            for f in self.index.device_facts(d)
            if f.spec in specs and ("max_text" in f.extra or "min_text" in f.extra)
        ]
        if len(rows) != 1:
            return
        f = rows[0]
        bounds = "; ".join(
            f"{side} {f.extra[key]} {f.unit or ''}".strip()
            for side, key in (("min", "min_text"), ("max", "max_text"))
            if key in f.extra
        )
        item = item_from_fact(f).model_copy(update={"value": bounds})
        answer.items, answer.citations = [item], [f.citation]
        answer.answer = f'{f.device} {f.parameter}: {bounds} — "{f.evidence}" [{f.citation}]'

    def _variant_rated_lower(self, parsed: ParsedQuestion, answer: Answer) -> None:
        """A figure stated for the whole family ("Single Supply Operation: 3.0 V to 32 V")
        over a part whose own absolute maximum rating is lower (LM2904: 26 V): that rating is
        added, so the family figure is never read as the part's."""
        for m in parsed.devices:
            variant = m.variant or self._name_as_variant(m)
            if not variant:
                continue
            for it in list(answer.items):
                if (
                    it.device != m.device
                    or it.applies_to.get("variant")
                    or not isinstance(it.max, int | float)
                ):
                    continue
                top = to_si(it.max, it.unit or "")
                lower = [
                    (si, f)
                    for f in self._part_ratings(it, variant)
                    if f.variant
                    and isinstance(f.max, int | float)
                    and (si := to_si(f.max, f.unit or ""))[1] == top[1]
                    and si[0] < top[0]
                ]
                if not lower:
                    continue
                f = min(lower, key=lambda x: x[0][0])[1]
                item = item_from_fact(f)
                if item in answer.items:
                    continue
                _add_item(
                    answer,
                    item,
                    f"{variant} is rated to at most {format_number(f.max)} {f.unit} "
                    f"(absolute maximum) [{f.citation}], below the {format_number(it.max)} "
                    f"{it.unit} stated for the family",
                )

    def _ambient_for_load(self, parsed: ParsedQuestion) -> Answer | None:
        """ "I need 2.5 A: up to what ambient?": the temperature at which a limit the source
        derates linearly between two ambients falls to the load stated."""
        if len(set(parsed.device_names)) != 1 or not _ASKS_AMBIENT.search(parsed.text):
            return None
        load = _STATED_LOAD.search(parsed.text)
        if load is None or _AMBIENT.search(parsed.text):
            return None
        device = parsed.device_names[0]
        points = _derating_points(self.index.device_facts(device))
        want, unit = float(load.group(1)), load.group(2)
        for (ta, fa), (tb, fb) in itertools.pairwise(points):
            if fa.spec != fb.spec or fa.max is None or fb.max is None or fa.unit != unit:
                continue
            a, b = fa.max, fb.max
            if not min(a, b) <= want <= max(a, b) or a == b:
                continue
            t = round(ta + (a - want) * (tb - ta) / (a - b), 9)
            d = Derived(
                label=f"{device} ambient at which {fa.spec.replace('_', ' ')} is derated to "
                f"{format_number(want)}{_unit(unit)}",
                expression=(
                    f"{format_number(ta)} + ({format_number(a)} - {format_number(want)}) * "
                    f"({format_number(tb)} - {format_number(ta)}) / "
                    f"({format_number(a)} - {format_number(b)})"
                ),
                result=t,
                unit="°C",
            )
            item = item_from_fact(fa).model_copy(
                update={
                    "spec": "operating_temperature",
                    "min": None,
                    "typ": None,
                    "value": None,
                    "max": t,
                    "unit": "°C",
                    "condition": f"output {format_number(want)}{_unit(unit)}",
                    "evidence": " / ".join(dict.fromkeys((fa.evidence, fb.evidence))),
                }
            )
            return _answered(
                parsed,
                f"{device}: up to {format_number(t)} °C ambient for {format_number(want)}"
                f"{_unit(unit)}, derated linearly from {format_number(a)}{_unit(unit)} at "
                f"{format_number(ta)} °C to {format_number(b)}{_unit(unit)} at "
                f"{format_number(tb)} °C [{fa.citation}]",
                [item],
                [d],
                "computed",
            )
        return None

    def _through_transfer(self, parsed: ParsedQuestion) -> Answer | None:
        """ "At 12 L/min, what pulse frequency?" / "60 Hz: what flow?": a figure the question
        states, through a linear transfer function the source states ("Frequency (Hz) = 7.5 *
        Flow rate (L/min)"), forwards or backwards."""
        if len(set(parsed.device_names)) != 1:
            return None
        device = parsed.device_names[0]
        for f in self.index.device_facts(device):
            if f.spec != "transfer" or "input_unit" not in f.extra:
                continue  # a stated divisor has no units of its own: _through_scale
            k, ex = float(f.value or 0), f.extra
            for given, wanted, forward in (("input", "output", True), ("output", "input", False)):
                unit = re.escape(str(ex[f"{given}_unit"]))
                stated = re.search(rf"(?<![\w.])(\d+(?:\.\d+)?)\s*{unit}(?![\w/])", parsed.text)
                if stated is None:
                    continue
                rest = parsed.text.replace(stated.group(0), " ")
                asks = re.search(rf"(?i)\b{re.escape(str(ex[wanted]))}\b", rest) or re.search(
                    rf"(?<![\w/]){re.escape(str(ex[f'{wanted}_unit']))}(?![\w/])", rest
                )
                if asks is None:
                    continue
                x = float(stated.group(1))
                result = round(k * x if forward else x / k, 9)
                expression = (
                    f"{format_number(k)} * {format_number(x)}"
                    if forward
                    else f"{format_number(x)} / {format_number(k)}"
                )
                at = f"{format_number(x)} {ex[f'{given}_unit']}"
                result_unit = str(ex[f"{wanted}_unit"])
                return _worked_out(
                    parsed,
                    f,
                    str(ex[wanted]),
                    at,
                    (result, result_unit),
                    expression,
                    f"{expression} = {format_number(result)}",
                )
        return None

    def _volume_of_pulses(self, parsed: ParsedQuestion) -> Answer | None:
        """ "I counted 2250 pulses: how many litres went through?": a stated count of pulses
        over the pulses the source states per litre (YF-S201: 2250 / 450 = 5 L)."""
        counted = _PULSES_COUNTED.search(parsed.text)
        if (
            counted is None
            or len(set(parsed.device_names)) != 1
            or not _ASKS_LITRES.search(parsed.text)
        ):
            return None
        factors = [
            f
            for f in self.index.of_spec(parsed.device_names[0], "pulse_factor")
            if isinstance(f.value, int | float)
            and f.value > 0
            and re.search(r"(?i)\bper\s+lit(?:er|re)\b", f.parameter)
        ]
        if len({f.value for f in factors}) != 1:
            return None
        f, pulses = factors[0], float(counted.group(1))
        per_litre = float(f.value)  # type: ignore[arg-type]
        expression = f"{format_number(pulses)} / {format_number(per_litre)}"
        litres = round(pulses / per_litre, 9)
        return _worked_out(
            parsed,
            f,
            "Volume",
            f"{format_number(pulses)} pulses",
            (litres, "L"),
            expression,
            f"{expression} = {format_number(litres)}",
        )

    def _left_for_load(self, parsed: ParsedQuestion) -> Answer | None:
        """ "L298 on 12 V driving 1 A: worst-case voltage left across the motor?": the supply
        stated less the driver's total drop (both output transistors) at the current stated,
        its maximum unless the typical one is asked."""
        if len(set(parsed.device_names)) != 1 or not _ASKS_LEFT_FOR_LOAD.search(parsed.text):
            return None
        volts = _one_stated_volts(parsed.text)
        load = stated_load_current(parsed.text)
        if not volts or load is None:
            return None  # no supply stated, or more than one; no one load current
        (supply,), (current, as_written) = volts, load
        found = self._total_drop_at(parsed, current)
        if found is None:
            return None
        f, drop, shown = found
        return _worked_out(
            parsed,
            f,
            "Voltage left for the load",
            f"{format_number(supply)} V, {as_written}",
            (round(supply - drop, 6), "V"),
            f"{format_number(supply)} - {format_number(drop)}",
            f"{format_number(supply)} V less the {shown} total drop {format_number(drop)} V",
        )

    def _total_drop_at(
        self, parsed: ParsedQuestion, current: float
    ) -> tuple[Fact, float, str] | None:
        """The one total drop row (both output transistors) of the part asked, printed at
        ``current`` amperes: the row, its maximum (or the typical, when that is asked) and
        which of the two it is."""
        bound = "typ" if parsed.bound == "typ" else "max"
        drops = [
            f
            for f in self.index.device_facts(parsed.device_names[0])
            if f.spec == "voltage_drop"
            and getattr(f, bound) is not None
            and _TOTAL_DROP.search(f"{f.parameter} {f.evidence}")
            and any(
                abs(amps(n, u) - current) < 1e-9
                for n, u in STATED_CURRENT.findall(f.condition or "")
            )
        ]
        if len(drops) != 1:
            return None
        return drops[0], float(getattr(drops[0], bound)), "maximum" if bound == "max" else "typical"

    def _drop_loss(self, parsed: ParsedQuestion) -> Answer | None:
        """ "TB6612FNG at 1 A per channel: worst-case conduction loss from the saturation
        spec?": the driver's total drop at the current stated times that current."""
        if len(set(parsed.device_names)) != 1 or not _ASKS_DRIVER_LOSS.search(parsed.text):
            return None
        load = stated_load_current(parsed.text)
        if load is None:
            return None
        current, as_written = load
        found = self._total_drop_at(parsed, current)
        if found is None:
            return None
        f, drop, shown = found
        return _worked_out(
            parsed,
            f,
            "Power lost in the driver",
            as_written,
            (round(drop * current, 9), "W"),
            f"{format_number(drop)} * {format_number(current)}",
            f"the {shown} total drop {format_number(drop)} V times {as_written}",
        )

    def _current_from_power(self, parsed: ParsedQuestion) -> Answer | None:
        """ "worst case heater current at the nominal 5.0V, based on the heater power spec?":
        the one power figure of the part over the one voltage stated."""
        if (
            len(set(parsed.device_names)) != 1
            or not any("power_consumption" in c for c in parsed.specs)
            or not _ASKS_CURRENT.search(parsed.text)
            or STATED_CURRENT.search(parsed.text)
        ):
            return None
        volts = _one_stated_volts(parsed.text)
        bound = "typ" if parsed.bound == "typ" else "max"
        rows = [
            f
            for f in self.index.of_spec(parsed.device_names[0], "power_consumption")
            if f.section_kind != "absolute_maximum"
            and getattr(f, bound) is not None
            and f.unit in ("W", "mW")
        ]
        if not volts or len(rows) != 1:
            return None
        f, (v,) = rows[0], volts
        power = float(getattr(f, bound))
        unit = "mA" if f.unit == "mW" else "A"
        return _worked_out(
            parsed,
            f,
            "Current drawn",
            f"{format_number(v)} V",
            (round(power / v, 9), unit),
            f"{format_number(power)} / {format_number(v)}",
            f"the {'maximum' if bound == 'max' else 'typical'} {f.parameter.lower()} "
            f"{format_number(power)} {f.unit} over {format_number(v)} V",
        )

    def _loss_at(self, parsed: ParsedQuestion) -> Answer | None:
        """ "At 12 V in and 3 A, how many watts does the board dissipate?": input power less
        output power, from the one row of a measured sweep at the operating point stated."""
        if len(set(parsed.device_names)) != 1 or not _ASKS_LOSS.search(parsed.text):
            return None
        device = parsed.device_names[0]
        stated = set(parsed.stated_numbers)
        rows: dict[str, dict[str, Fact]] = {}
        for f in self.index.device_facts(device):
            if f.spec in ("input_power", "output_power") and f.typ is not None and f.condition:
                rows.setdefault(f.condition, {})[f.spec] = f
        at = [
            (cond, pair)
            for cond, pair in rows.items()
            if len(pair) == 2 and {float(x) for x in re.findall(r"\d+(?:\.\d+)?", cond)} <= stated
        ]
        if len(at) != 1:
            return None
        cond, pair = at[0]
        p_in, p_out = pair["input_power"], pair["output_power"]
        assert p_in.typ is not None and p_out.typ is not None
        loss = Derived(
            label=f"{device} power dissipated at {cond}",
            expression=f"{format_number(p_in.typ)} - {format_number(p_out.typ)}",
            result=round(p_in.typ - p_out.typ, 9),
            unit=p_in.unit or "W",
        )
        item = item_from_fact(p_in).model_copy(
            update={
                "spec": "power_dissipation",
                "value": None,
                "typ": loss.result,
                "parameter": "Power loss",
            }
        )
        answer = _answered(
            parsed,
            f"{device} power dissipated at {cond}: {format_number(loss.result)} {loss.unit}; "
            f"input power {format_number(p_in.typ)} {p_in.unit} less output power "
            f"{format_number(p_out.typ)} {p_out.unit} ({p_in.evidence}) [{p_in.citation}]",
            [item],
            [loss],
            "computed",
        )
        # "efficiency and how many watts does it burn": the figures asked beside, of that row
        asked = {specs[0] for specs in parsed.specs}
        beside = [
            f
            for f in self.index.device_facts(device)
            if f.condition == cond and f.spec in asked and f.spec not in pair
        ]
        if beside:
            _add_beside(
                answer,
                [item_from_fact(f) for f in beside],
                "; ".join(
                    f"{device} {f.spec.replace('_', ' ')} at {cond}: {_figure(f, None)} "
                    f"[{f.citation}]"
                    for f in beside
                ),
            )
        # "the board dissipates 16.151 - 14.937 = 1.21 W" (srb5030-datasheet §7): the same
        # subtraction worked in the documents' own words is quoted beside it
        figures = (format_number(p_in.typ), format_number(p_out.typ))
        worked = [
            f
            for f in self.index.statements(device)
            if f.unit == loss.unit and all(x in f.evidence for x in figures)
        ]
        if worked:
            _add_beside(
                answer,
                [item_from_fact(f) for f in worked],
                "; ".join(
                    f'the document works this case itself: "{f.evidence}" [{f.citation}]'
                    for f in worked
                ),
            )
        return answer

    def _field_setting(self, parsed: ParsedQuestion) -> Answer | None:
        """A register field's setting: what a code stated does ("t_sb[2:0] = 110": 10 ms),
        which code does what is asked ("which DRIVE_MODE bits give one measurement every
        60 s": 011), or the defaults after power-up of the fields asked by name or by what
        they set ("default PGA range and data rate"), with the register's reset value when
        named (alone, for a part whose fields are not read: "what does the INA219
        configuration register hold after power-on reset"). None unless the question names a
        field, or a register."""
        if len(set(parsed.device_names)) != 1:
            return None
        device = parsed.device_names[0]
        fields = self.index.of_spec(device, "register_field")
        text = parsed.text
        named = [f for f in fields if _names_field(str(f.extra["field"]), text)]
        if not named and not (
            re.search(r"(?i)\breg(?:isters?|s)?\b|\bbits?\b|\bfield\b", text)
            # "ADS1115 out of reset - what data rate is it set to by default?": a setting's
            # default after reset is its register field's
            or (fields and _AFTER_RESET.search(text))
        ):
            return None
        picked: list[tuple[Fact, str, str]] = []
        asks_default = _ASKS_DEFAULT.search(text) is not None
        code = _code_said(text, named) if len({str(f.extra["field"]) for f in named}) == 1 else None
        if code is not None:
            picked = [(f, c, m) for f in named for c, m in f.extra["settings"] if c == code][:1]
        elif asks_default:
            asked = content_words(text) - _FIELD_WORDS
            initials = _initials(text)
            hits: dict[str, int] = {}
            for f in fields:
                said = content_words(
                    f"{f.extra['about']} " + " ".join(m for _c, m in f.extra["settings"])
                )
                # what a field sets, said in two words of it or by its initials ("FSR")
                hits[f.id] = len(asked & said) + 2 * len(
                    {w for w in initials & said if len(w) >= 3}
                )
            # one word is enough when the question names no field, where no field has more
            most = max(hits.values(), default=0)
            for f in fields:
                if f.extra.get("default") and (
                    f in named or hits[f.id] >= (2 if named else max(most, 1))
                ):
                    meaning = dict(map(tuple, f.extra["settings"])).get(f.extra["default"])
                    if meaning and all(g.extra["field"] != f.extra["field"] for g, *_ in picked):
                        picked.append((f, str(f.extra["default"]), str(meaning)))
        elif len(named) == 1 and _ASKS_SETTING.search(text):
            f = named[0]
            numbers = set(re.findall(r"\d+(?:\.\d+)?", text))
            words = content_words(text) - _FIELD_WORDS
            scored = sorted(
                (
                    2 * len(numbers & set(re.findall(r"\d+(?:\.\d+)?", m)))
                    + len(words & content_words(m)),
                    c,
                    m,
                )
                for c, m in f.extra["settings"]
            )
            if len(scored) >= 2 and scored[-1][0] >= 2 and scored[-1][0] > scored[-2][0]:
                picked = [(f, scored[-1][1], scored[-1][2])]
        lines, items = [], []
        register = re.search(r"(?i)\b(\w+) reg(?:ister)?\b", text)
        if register and asks_default:
            # "the config register after power-up": its reset value
            reset = f"{register.group(1).lower()} register reset"
            for g in self.index.of_spec(device, "register_value"):
                if g.parameter.lower().startswith(reset):
                    lines.append(f"{device} {g.parameter}: {g.value} [{g.citation}]")
                    items.append(item_from_fact(g))
        if not picked and not items:
            return None
        for f, c, m in picked:
            unit = f" {f.extra['unit']}" if f.extra.get("unit") else ""
            marked = re.search(r"\((?:default|d)\)", m)
            default = " (the default)" if c == f.extra.get("default") and not marked else ""
            lines.append(f"{device} {f.extra['field']} = {c}: {m}{unit}{default} [{f.citation}]")
            items.append(item_from_fact(f).model_copy(update={"value": f"{c}: {m}{unit}"}))
        answer = _answered(parsed, "; ".join(lines), items, [], "lookup")
        clause = re.search(r"(?i),?\s+and\s+(?:what|how|which)\b(?P<rest>[^?]*)", text)
        if clause and not _ASKS_DEFAULT.search(clause["rest"]) and parsed.specs:
            # "..., and what's the power draw in that mode at 1.8V?": the rows of that beside
            rest = self._lookup(parsed)
            if rest.status == "answered":
                _add_beside(answer, rest.items, rest.answer)
        return answer

    def _error_code(self, parsed: ParsedQuestion) -> Answer | None:
        """ "MDN-4010 returned error -222, what does it mean?": the row of the part's error
        table with that code (its text, and its cause). None when no held code is asked."""
        if len(set(parsed.device_names)) != 1 or not _ASKS_ERROR.search(parsed.text):
            return None
        device = parsed.device_names[0]
        codes = {int(n) for n in re.findall(r"(?<![\w.])[-+]?\d{1,5}(?![\w.])", parsed.text)}
        table = self.index.of_spec(device, "error_code")
        rows = [f for f in table if f.applies_to.get("code") in codes]
        if not rows and _ASKS_WHICH_ERROR.search(parsed.text):
            # "which error code if I program a voltage out of range?": the one row whose text
            # and cause share the most words with the question
            asked = {_stem(w) for w in content_words(parsed.text)} - _ERROR_WORDS
            shared = {
                f.id: len(asked & {_stem(w) for w in content_words(f"{f.value} {f.condition}")})
                for f in table
            }
            best = [f for f in table if shared[f.id] == max(shared.values())]
            if len(best) == 1 and shared[best[0].id]:
                rows = best
        if not rows:
            return None
        lines = [
            f"{device} error {f.applies_to['code']}: {f.value}"
            + (f" ({f.condition})" if f.condition else "")
            + f" [{f.citation}]"
            for f in rows
        ]
        items = [
            item_from_fact(f).model_copy(update={"value": f"{f.applies_to['code']}: {f.value}"})
            for f in rows
        ]
        return _answered(parsed, "; ".join(lines), items)

    def _pins(self, parsed: ParsedQuestion) -> Answer | None:
        """ "Which pin number is STBY, and what does it do?", "what's pin 15 of the HX711 for?",
        "which pin picks the output data rate?": the rows of the part's pin table named by pin
        name or number, or else the one row whose function has the most of the question's
        words; with any other figure the question asks, answered beside them. None when the
        question asks about no pin."""
        if len(set(parsed.device_names)) != 1:
            return None
        device = parsed.device_names[0]
        rows = [f for f in self.index.device_facts(device) if f.spec == "pin_function"]
        if not rows:
            return None
        if (level := _pin_at_level(parsed, device, rows)) is not None:
            chosen = re.findall(r"\d+(?:\.\d+)?", str(level.items[0].value))
            if parsed.specs and chosen:
                # the figure's own rows that give the same ("80 Hz, RATE = DVDD"), beside it
                rest = self._lookup(parsed)
                same = [
                    i
                    for i in rest.items
                    if any(math.isclose(x, float(chosen[0])) for x in _item_numbers(i))
                ]
                if rest.status == "answered" and same:
                    _add_beside(
                        level,
                        same,
                        "; ".join(
                            f"the {i.parameter or i.spec} row"
                            + (f" ({i.condition})" if i.condition else "")
                            + f" gives the same [{i.citation}]"
                            for i in same
                        ),
                    )
            return level
        if not _ASKS_PIN.search(parsed.text):
            return None
        numbers = {
            int(n)
            for n in re.findall(r"(?i)\bpin\s*(?:#|no\.?|number)?\s*(\d{1,2})\b", parsed.text)
        }
        # a signal a pin carries, named as the datasheet lists it ("ADC1_CH0", "GPIO36")
        signals = {
            w.upper() for w in re.findall(r"\b[A-Za-z]+\d\w*\b|\b[A-Za-z]+_\w+\b", parsed.text)
        } - {w.upper() for w in re.findall(r"\w+", device)}
        named = [
            f
            for f in rows
            if f.extra.get("pin") in numbers
            or (
                re.search(_pin_word(f), parsed.text, re.I)
                and (len(str(f.symbol)) >= 3 or str(f.symbol) in parsed.text)
            )
            or signals & set(re.findall(r"\b[A-Z][A-Z0-9_]+\b", str(f.value).split(":", 1)[-1]))
        ]
        if not named:
            # "which pin picks the output data rate": the function that says most of it
            asked = content_words(parsed.text) - content_words(device) - {"pin", "pins"}
            scored = sorted(
                ((len(asked & content_words(str(f.value))), f) for f in rows),
                key=lambda pair: -pair[0],
            )
            if scored and scored[0][0] >= 2 and (len(scored) == 1 or scored[1][0] < scored[0][0]):
                named = [scored[0][1]]
        if not named:
            return None
        items = [item_from_fact(f) for f in named]
        text = ". ".join(f"{device} {f.value} [{f.citation}]" for f in named)
        answer = _answered(parsed, text, items, [], "lookup")
        figures = [cands for cands in parsed.specs if "pin_count" not in cands]
        if figures:
            # "... and what are the two rates it gives?": the figures asked besides the pin
            rest = self._lookup(dataclasses.replace(parsed, specs=figures))
            if rest.status == "answered":
                _add_beside(answer, rest.items, rest.answer)
                answer.derived += rest.derived
        return answer

    def _stated_gain(self, parsed: ParsedQuestion, device: str) -> tuple[float, Fact | None] | None:
        """The gain a question sets ("gain 128"), or the one gain the source gives the channel
        it names ("channel B (the fixed-gain one)": 32), with the fact that gives it."""
        said = re.search(r"(?i)\bgain\s*(?:of\s*|=\s*)?(\d+)\b", parsed.text)
        if said:
            return float(said.group(1)), None
        channel = re.search(r"(?i)\bchannel\s+([A-Z])\b", parsed.text)
        if channel is None:
            return None
        fixed = [
            f
            for f in self.index.device_facts(device)
            if f.spec == "gain"
            and (f.condition or "").lower() == f"channel {channel.group(1).lower()}"
            and isinstance(f.value, int | float)
        ]
        return (float(fixed[0].value), fixed[0]) if len(fixed) == 1 else None  # type: ignore[arg-type]

    def _bridge_into_adc(self, parsed: ParsedQuestion) -> Answer | None:
        """ "Load cell rated 2 mV/V, excited from AVDD = 5 V, into HX711 channel A at gain 128:
        does full load fit?": the bridge's full-load output (rated output × excitation) against
        the converter's full-scale input at that gain and rail, stated per gain or as a formula
        of the rail over the gain ("±0.5(AVDD/GAIN)")."""
        if len(set(parsed.device_names)) != 1 or not _BRIDGE.search(parsed.text):
            return None
        device = parsed.device_names[0]
        scaled = [f for f in self.index.device_facts(device) if f.extra.get("per_gain")]
        stated = self._stated_gain(parsed, device)
        if not scaled or stated is None:
            return None
        gain, gain_fact = stated
        rated = re.search(r"(?i)(\d+(?:\.\d+)?)\s*mV\s*/\s*V\b", parsed.text)
        rail = str(scaled[0].extra["per_gain"])
        volts = re.search(
            rf"(?i)\b(?:{rail}|excit\w*(?:\s+\w+){{0,3}}?)\s*(?:=|at|of|from)?\s*(\d+(?:\.\d+)?)\s*V\b",
            parsed.text,
        )
        if rated is None and not (
            _CHECK_CUE.search(parsed.text)
            or _YES_NO.search(parsed.text)
            or re.search(r"(?i)\bfits?\b|\bclip", parsed.text)
        ):
            return None  # "load-cell scale: full-scale input at gain 128?": a lookup, no fit
        if rated is None or volts is None:
            missing = "the bridge's rated output (mV/V)" if rated is None else f"the {rail}"
            return Answer(
                status="insufficient_evidence",
                route="compatibility",
                question=parsed.text,
                answer=f"Insufficient evidence: the question does not state {missing}, and no "
                "document here gives it.",
                verdict="insufficient_evidence",
                reasons=[f"evidence_present: {missing} is not stated"],
            )
        f = scaled[0]
        v, mv_per_v = float(volts.group(1)), float(rated.group(1))
        signal = Derived(
            label="bridge output at full load",
            expression=f"{format_number(mv_per_v)} * {format_number(v)}",
            result=round(mv_per_v * v, 9),
            unit="mV",
        )
        full, said, item = _full_scale_by_formula(f, gain, v)
        fits = signal.result <= full.result + 1e-9
        source, gain_items = _gain_source(gain_fact)
        text = (
            f"Bridge output at full load "
            f"{format_number(mv_per_v)} mV/V × {format_number(v)} V = "
            f"{format_number(signal.result)} mV; {said}; the "
            f"signal {'fits' if fits else 'exceeds it'}{source}"
        )
        return _checked(parsed, fits, text, [item, *gain_items], [signal, full])

    def _full_scale_at_rail(self, parsed: ParsedQuestion) -> Answer | None:
        """ "HX711 with AVDD at 3.3 V, channel A gain 128: full-scale input?": at a rail no row
        is printed for, the full scale worked from the formula of the rail over the gain the
        source states ("±0.5(AVDD/GAIN)")."""
        if len(set(parsed.device_names)) != 1 or [s[0] for s in parsed.specs] != [
            "full_scale_range"
        ]:
            return None
        device = parsed.device_names[0]
        scaled = [f for f in self.index.device_facts(device) if f.extra.get("per_gain")]
        stated = self._stated_gain(parsed, device)
        if not scaled or stated is None:
            return None
        gain, gain_fact = stated
        rail = str(scaled[0].extra["per_gain"])
        volts = re.search(
            rf"(?i)\b{rail}\s*(?:=|at|of|from|on|is)?\s*(?:only|just|now)?\s*(\d+(?:\.\d+)?)\s*V\b",
            parsed.text,
        )
        if volts is None:
            return None
        v = float(volts.group(1))
        printed = [
            f
            for f in self.index.device_facts(device)
            if f.spec == "full_scale_range"
            and f.condition
            and not _condition_conflict(f, [v], parsed.text)
        ]
        if printed:
            return None  # a row printed at that rail and gain answers as it is
        full, worked, item = _full_scale_by_formula(scaled[0], gain, v)
        source, gain_items = _gain_source(gain_fact)
        return _answered(parsed, worked + source, [item, *gain_items], [full], "computed")

    def _through_scale(self, parsed: ParsedQuestion) -> Answer | None:
        """ "At 20 mV/div, how big is one LSB?": a setting the question states, divided by the
        number the source divides it by ("one least significant bit is the vertical scale
        divided by 32"), in the setting's own unit."""
        if len(set(parsed.device_names)) != 1:
            return None
        device = parsed.device_names[0]
        for f in self.index.device_facts(device):
            if f.spec != "transfer" or "divisor" not in f.extra:
                continue
            output, divisor = str(f.extra["output"]), float(f.extra["divisor"])
            words = output.split()
            initials = "".join(w[0] for w in words).lower()
            named = len(words) > 1 and re.search(rf"(?i)\b{initials}s?\b", parsed.text)
            if not named and not _stems(output) <= _stems(parsed.text):
                continue
            stated = [
                m
                for m in _STATED_SETTING.finditer(parsed.text)
                if unit_dimension(m.group("unit"), "") is not None
            ]
            # ("scope is 8 bit - one LSB at 10 mV/div": a setting per division is the one)
            stated = [m for m in stated if "div" in m.group(0)] or stated
            if len(stated) != 1:
                continue
            x, unit = float(stated[0].group("x")), stated[0].group("unit")
            value, shown, factor = _readable(x / divisor, unit)
            value = round(value, 9)
            setting = stated[0].group(0).strip()
            expression = f"{format_number(x)} / {format_number(divisor)} * {format_number(factor)}"
            # the source's own figure for this setting, as it rounds it, is given beside ours
            same = [
                e
                for e in f.extra.get("examples", [])
                if math.isclose(to_si(e[0], e[1])[0], to_si(x, unit)[0])
            ]
            if same:
                f = f.model_copy(update={"evidence": f"{f.evidence}; {same[0][4]}"})
            answer = _worked_out(
                parsed,
                f,
                output,
                setting,
                (value, shown),
                expression,
                f"{format_number(x)} {unit} / {f.extra['divisor_as_written']}",
            )
            if same:
                stated = {"value": float(same[0][2]), "unit": same[0][3]}
                answer.items.append(answer.items[0].model_copy(update=stated))
            return answer
        return None

    def _outside_supply(self, parsed: ParsedQuestion) -> Answer | None:
        """ "ACS712 sensitivity if I power it from 3.3 V?": a figure asked at a supply outside
        every supply range the part is rated for is specified nowhere; the ranges are cited."""
        if len(parsed.devices) != 1 or parsed.absolute_max or not parsed.specs:
            return None
        mention = parsed.devices[0]
        volts = mention.supply_v
        if (
            not volts
            or any(set(c) & _SUPPLY_FAMILY for c in parsed.specs)
            # the part's own supply said so ("power it from 3.3 V", "VCC = 5 V"), not an
            # I/O rail (VLOGIC, DVI) or a line it sits in
            or not any(
                math.isclose(float(m.group("v") or m.group("v2") or m.group("v3")), volts)
                for m in _POWERED_AT.finditer(parsed.text)
            )
        ):
            return None
        ranges = [
            f
            for f in self.index.device_facts(mention.device)
            if f.spec == "supply_voltage"
            and f.section_kind != "absolute_maximum"
            and isinstance(f.min, int | float)
            and isinstance(f.max, int | float)
            and f.unit == "V"
            and "component" not in f.applies_to
        ]
        if not ranges or any(f.min - 1e-9 <= volts <= f.max + 1e-9 for f in ranges):  # type: ignore[operator]
            return None
        shown = "; ".join(
            f"{format_number(f.min)} to {format_number(f.max)} V ({f.parameter}) [{f.citation}]"  # type: ignore[arg-type]
            for f in ranges
        )
        why = (
            f"{format_number(volts)} V is outside every {mention.device} supply range ({shown}); "
            "the datasheet specifies nothing at that supply"
        )
        answer = self._insufficient(parsed, parsed.route, why)
        answer.items = [item_from_fact(f) for f in ranges]
        answer.citations = _citations(answer.items)
        return answer

    def _adc_step(self, parsed: ParsedQuestion) -> Answer | None:
        """ "MCP3008 with VREF at 3.3 V: one LSB in mV?", "ADS1115 at ±4.096 V reads 12000
        counts: volts?": an ADC's step, from the step the source prints for the stated full
        scale, or else the stated reference over 2^bits; a stated count is worked to volts."""
        if len(set(parsed.device_names)) != 1:
            return None
        counts = _COUNTS_READ.search(parsed.text)
        if counts and not counts.group(3) and float(counts.group(1) or counts.group(2)) == 1:
            counts = None  # "what's 1 LSB in mV": the step itself, not a count read
        # "1.65V on CH0, what code should I read?": an input voltage worked to its code
        held = _INPUT_HELD.search(parsed.text) if _ASKS_CODE.search(parsed.text) else None
        if not (
            _ASKS_STEP.search(parsed.text)
            or (counts and _ASKS_VOLTS.search(parsed.text))
            or (held and not counts)
        ):
            return None
        device = parsed.device_names[0]
        facts = self.index.device_facts(device)
        volts = [float(v) for v in _SCALE_STATED.findall(parsed.text)]
        printed = [
            f
            for f in facts
            if f.spec == "lsb_size"
            and (scale := _SCALE_STATED.search(f.condition or ""))
            and float(scale.group(1)) in volts
        ]
        vref = _REFERENCE_STATED.search(parsed.text)
        steps: list[Derived] = []
        also: list[AnswerItem] = []
        if len(printed) == 1:
            f = printed[0]
            step, step_unit = float(f.value), f.unit or "V"  # type: ignore[arg-type]
            step_expr, basis = format_number(step), f"{f.evidence} [{f.citation}]"
        elif vref and (bits := [f for f in facts if f.spec == "resolution_bits"]):
            f = bits[0]
            codes = 2 ** int(next(x for x in f.numbers if x is not None))
            ref = float(vref.group(1) or vref.group(2))
            step, step_unit = ref / codes, "V"
            step_expr = f"{format_number(ref)} / {codes}"
            basis = f"VREF {format_number(ref)} V over {codes} codes ({f.evidence}) [{f.citation}]"
            steps.append(
                Derived(label=f"codes of {f.evidence}", expression=str(codes), result=codes)
            )
            # the datasheet's own equation of it, where it prints one ("LSB Size = VREF /
            # 1024", "Digital Output Code = 1024 * VIN / VREF")
            of_code = bool(held or counts)
            shown = next(
                (
                    g
                    for g in self._formulas
                    if g.device == device
                    and "VREF" in g.extra.get("symbols", [])
                    and str(codes) in g.extra["expression"]
                    and ("code" in str(g.extra.get("output", "")).lower()) == of_code
                ),
                None,
            )
            if shown is not None:
                basis += f"; {shown.parameter} [{shown.citation}]"
                also = [item_from_fact(shown)]
        else:
            return None
        what, expression, result = "one LSB", step_expr, step
        spec = "lsb_size"
        if held and not counts and step_unit == "V":
            # the input over one step: a code, which has no unit
            v_in = format_number(float(next(g for g in held.groups() if g)))
            what, spec = f"code at {v_in} V in", "output_code"
            expression = f"{v_in} / ({step_expr})"
            result = round(evaluate(expression), 6)
        if counts:
            code = (
                float(int(counts.group(3), 16))
                if counts.group(3)
                else float(counts.group(1) or counts.group(2))
            )
            if code >= 0x8000:
                return None  # (a sign bit: the code's sign is the format's, not read here)
            what = f"{format_number(code)} counts"
            if counts.group(3):
                what = f"{counts.group(3)} ({what})"
            expression, result = f"{format_number(code)} * {step_expr}", code * step
        if spec == "output_code":
            value, unit = result, None
        else:
            value, unit, expression = _readably(result, step_unit.replace("μ", "µ"), expression)
        d = Derived(label=f"{device} {what}", expression=expression, result=value, unit=unit)
        item = item_from_fact(f).model_copy(
            update={"spec": spec, "value": value, "unit": unit, "condition": what}
        )
        said = (
            f"{expression} = {format_number(value)}"
            if unit is None
            else f"{format_number(value)} {unit}"
        )
        if spec == "output_code" and value != math.trunc(value):
            # a converter puts out whole codes: the code whose step the input has reached
            whole = Derived(
                label=f"{device} whole output code",
                expression=f"trunc({expression})",
                result=math.trunc(value),
            )
            steps.append(whole)
            said += f", output code {math.trunc(value)}"
        if spec == "output_code" and _ASKS_STEP.search(parsed.text):
            # "what code comes out, and what's 1 LSB in mV?": the step beside the code
            lsb, lsb_unit, lsb_expr = _readably(step, step_unit.replace("μ", "µ"), step_expr)
            steps.append(
                Derived(label=f"{device} one LSB", expression=lsb_expr, result=lsb, unit=lsb_unit)
            )
            said += f"; one LSB: {format_number(lsb)} {lsb_unit}"
        return _answered(
            parsed, f"{device} {what}: {said}; {basis}", [item, *also], [*steps, d], "computed"
        )

    def _period_of_rate(self, parsed: ParsedQuestion) -> Answer | None:
        """ "ADS1115 single-shot at 250 SPS: how long is one conversion?": a part that prints
        no conversion time, at a data rate it lists, converts once per 1 / rate."""
        rate = _RATE_STATED.search(parsed.text)
        if (
            rate is None
            or len(set(parsed.device_names)) != 1
            or not any("conversion_time" in c for c in parsed.specs)
        ):
            return None
        facts = self.index.device_facts(parsed.device_names[0])
        if any(f.spec == "conversion_time" for f in facts):
            return None
        sps = float(rate.group(1)) * (1000.0 if rate.group(2).lower().startswith("k") else 1.0)
        listed = [
            f
            for f in facts
            if f.spec == "sampling_rate"
            and isinstance(f.value, str)
            and sps in {float(x) for x in re.findall(r"\d+(?:\.\d+)?", f.value)}
        ]
        if not listed:
            return None
        f = listed[0]
        value, unit, expression = _readably(1.0 / sps, "s", f"1 / {format_number(sps)}")
        return _worked_out(
            parsed,
            f,
            "conversion time",
            f"{format_number(sps)} SPS",
            (value, unit),
            expression,
            f"one conversion per period of {format_number(sps)} SPS",
        )

    def _change_per_unit(self, parsed: ParsedQuestion) -> Answer | None:
        """ "LMP91200, ideal electrode at 25 C: how many mV from a pH 7 buffer to pH 4?": a
        figure the documents state per unit of a quantity written before its number ("59.16
        mV/pH"), times the difference of the two the question states."""
        if len(set(parsed.device_names)) != 1:
            return None
        device = parsed.device_names[0]
        for f, per in self._per_unit.get(device, ()):
            if not isinstance(f.value, int | float):
                continue
            stated = re.findall(rf"\b{re.escape(per[2])}\s*(\d+(?:\.\d+)?)\b", parsed.text)
            # (a slope stated at 25 °C is no slope at another temperature the question states)
            printed_at = {
                float(t) for t in re.findall(r"(-?\d+(?:\.\d+)?)\s*°C", f.condition or "")
            }
            asked_at = {t for lo, t in _stated_temperatures(parsed.text) if lo == t}
            if len(stated) != 2 or stated[0] == stated[1] or asked_at - (printed_at or asked_at):
                continue
            a, b = stated
            return _worked_out(
                parsed,
                f,
                "change",
                f"{per[2]} {a} to {per[2]} {b}",
                (round(f.value * abs(float(a) - float(b)), 9), per[1]),
                f"{format_number(f.value)} * abs({b} - {a})",
                f"{format_number(f.value)} {f.unit} times the difference of the two",
            )
        return None

    def _rate_times_amount(self, parsed: ParsedQuestion) -> Answer | None:
        """ "ACS712 30A: how much does the output move for a 10 A current?": a figure the part
        states per unit of a quantity (66 mV/A, 450 pulses per litre) times the one amount of
        that quantity the question states (660 mV)."""
        if (
            len(set(parsed.device_names)) != 1
            or not _ASKS_AMOUNT_OUT.search(parsed.text)
            or _CHECK_CUE.search(parsed.text)
        ):
            return None
        # "how many mV", "what raw count": the rate's own output named, when no spec is
        asked = re.search(r"(?i)\bhow many (\w+)|\b(count)\b", parsed.text)
        out_named = (asked[1] or "LSB") if asked else None
        rates = [
            (f, per[1], per[2])
            for f, per in self._per_unit.get(parsed.device_names[0], ())
            if f.spec != "statement"
            and (
                any(f.spec in c for c in parsed.specs)
                or (
                    out_named is not None
                    and (per[1] == out_named.lower() or _converts(per[1], out_named))
                )
            )
        ]
        for spec, per in dict.fromkeys((f.spec, per) for f, _out, per in rates):
            amounts = {
                (m.group(0), convert(float(m["x"]), m["unit"], per))
                for m in _STATED_SETTING.finditer(parsed.text)
                if float(m["x"]) in parsed.stated_numbers
                # (not a range, "±2 g", nor a rate, "30 L/min")
                and not re.search(r"(?:±|\+/-)\s*$", parsed.text[: m.start()])
                and not re.match(r"\s*(?:/|per\b)", parsed.text[m.end() :])
                and _converts(m["unit"], per)
            }
            if len(amounts) != 1:
                continue
            (said, amount), *_ = amounts
            pick = self._pick(parsed, parsed.devices[0], (spec,), spec.replace("_", " "))
            picked = {f.id for f in pick.facts}
            found = [(f, o) for f, o, p in rates if (f.spec, p) == (spec, per) and f.id in picked]
            figures = {f.typ if f.typ is not None else f.value for f, _out in found}
            if len(figures) != 1 or not isinstance(rate := figures.pop(), int | float):
                continue
            f, out = found[0]
            return _worked_out(
                parsed,
                f,
                "output change"
                if _converts(out, "V")
                else "count"
                if not f.unit or _converts(out, "LSB")
                else "change",
                said,
                (round(float(rate) * amount, 9), out),
                f"{format_number(rate)} * {format_number(amount)}",
                f"{format_number(rate)} {f.unit or f.parameter} times {said}",
            )
        return None

    def _temperature_of_count(self, parsed: ParsedQuestion) -> Answer | None:
        """ "MPU-6050 TEMP_OUT reads 2879: temperature in C?": a raw temperature count through
        the part's one sensitivity in LSB/°C and its one offset in LSB at a stated temperature,
        T = T0 + (count - offset) / sensitivity."""
        count = _RAW_COUNT.search(parsed.text)
        if (
            count is None
            or len(set(parsed.device_names)) != 1
            or not _ASKS_TEMPERATURE.search(parsed.text)
        ):
            return None
        facts = self.index.device_facts(parsed.device_names[0])
        scales = [
            f
            for f in facts
            if f.spec == "sensitivity" and f.typ and re.fullmatch(r"LSB/\s*[º°o]?C", f.unit or "")
        ]
        offsets = [
            (f, float(m.group(1)))
            for f in facts
            if f.spec == "temperature_offset"
            and f.typ is not None
            and f.unit == "LSB"
            and (m := _AMBIENT.search(f.condition or ""))
        ]
        if len(scales) != 1 or len(offsets) != 1:
            return None
        (scale,), ((offset, t0),) = scales, offsets
        assert scale.typ is not None and offset.typ is not None
        raw = float(count.group(1))
        value = round(t0 + (raw - offset.typ) / scale.typ, 6)
        n = format_number
        expression = f"{n(t0)} + ({n(raw)} - ({n(offset.typ)})) / {n(scale.typ)}"
        step = Derived(
            label=f"{offset.device} temperature at a count of {n(raw)}",
            expression=expression,
            result=value,
            unit="°C",
        )
        item = item_from_fact(offset).model_copy(
            update={"spec": "temperature", "value": value, "typ": None, "unit": "°C"}
        )
        return _answered(
            parsed,
            f"{offset.device} temperature at a count of {n(raw)}: {n(t0)} + ({n(raw)} - "
            f"({n(offset.typ)})) / {n(scale.typ)} = {n(value)} °C; offset {n(offset.typ)} LSB "
            f"at {n(t0)} °C ({offset.evidence}) [{offset.citation}], sensitivity "
            f"{n(scale.typ)} {scale.unit} ({scale.evidence}) [{scale.citation}]",
            [item, item_from_fact(scale)],
            [step],
            "computed",
        )

    def _reading_of_count(self, parsed: ParsedQuestion) -> Answer | None:
        """ "BH1750 reads a raw count of 1200: how many lux?", "high byte 0x01, low byte 0x10",
        "MTreg = 138, mode2, count 500": the count through the datasheet's own per-count
        formula for the mode and setting stated (1 / 1.2 * (69 / X), halved in mode 2), or at
        the default setting through its worked example's divisor, rounded as it rounds."""
        if len(set(parsed.device_names)) != 1:
            return None
        rules = [
            f
            for f in self.index.device_facts(parsed.device_names[0])
            if f.spec == "transfer" and "count_divisor" in f.extra
        ]
        words = list(BINARY_WORD.finditer(parsed.text))
        names = {str(f.extra["setting"]) for f in rules if "setting" in f.extra}
        settings = [m for name in names for m in _setting_said(name).finditer(parsed.text)]
        texts: list[str] = []
        if len(words) > 1:
            # "RH word = 0000 0001 1001 0000, temp word = 1000 0000 0110 0101": each word is
            # read as the quantity named before it
            cuts = [0, *(m.end() for m in words)]
            texts = [parsed.text[a:b] for a, b in pairwise(cuts)]
        elif len(names) == 1 and len({m.group(1) for m in settings}) > 1:
            # "3000 counts at MTreg 69, and at MTreg 138?": the count at each setting stated
            texts = [
                _blanked(parsed.text, [m for m in settings if m is not keep]) for keep in settings
            ]
        if texts:
            each = [
                self._reading_of_count(dataclasses.replace(parsed, text=text)) for text in texts
            ]
            if not all(each):
                return None
            return _answered(
                parsed,
                "; ".join(a.answer for a in each if a),
                [i for a in each if a for i in a.items],
                [d for a in each if a for d in a.derived],
                "computed",
            )
        low = {f.extra["low_byte"] for f in rules if "low_byte" in f.extra}
        stated = _stated_count(parsed.text, next(iter(low)) if len(low) == 1 else None)
        # the rules of the quantity asked (a DHT22 word is humidity or temperature)
        rules = [
            f
            for f in rules
            if _ASKS_QUANTITY.get(
                str(f.extra["output_unit"]),
                re.compile(rf"(?i)\b{re.escape(str(f.extra['output_unit']))}\b"),
            ).search(parsed.text)
        ]
        if stated is None or len({f.extra["output_unit"] for f in rules}) != 1:
            return None
        unit = str(rules[0].extra["output_unit"])
        count, steps = stated
        n = format_number
        halved = _MODE_TWO.search(parsed.text) is not None
        formulas = [f for f in rules if "setting" in f.extra]
        ofmode = [f for f in formulas if (float(f.extra["mode_divisor"]) > 1) == halved]
        setting = None
        if formulas:
            m = _setting_said(str(formulas[0].extra["setting"])).search(parsed.text)
            setting = float(m.group(1)) if m else None
        examples = [f for f in rules if "setting" not in f.extra]
        if halved or (
            setting is not None and formulas and setting != formulas[0].extra["setting_default"]
        ):
            # the formula of the mode asked, at the setting stated
            if len(ofmode) != 1 or _LOW_RES.search(parsed.text):
                return None
            f = ofmode[0]
            d, half = float(f.extra["setting_default"]), float(f.extra["mode_divisor"])
            x = setting if setting is not None else d
            k = float(f.extra["count_divisor"])
            expression = f"{count} / {n(k)} * ({n(d)} / {n(x)})" + (
                f" / {n(half)}" if half > 1 else ""
            )
            cited = [f]
            how = f"{f.extra['mode']}, {f.extra['setting']} {n(x)}"
        else:
            # the default setting, not the half-step mode: the worked example's divisor (and the
            # per-count formula, which gives the same there)
            f = (examples or ofmode or formulas)[0]
            k = float(f.extra["count_divisor"])
            expression = f"{count} / {n(k)}"
            cited = [f, *(g for g in ofmode if g is not f)]
            how = "default setting" if formulas else "as the worked example reads it"
            if f.extra.get("sign_bit") and count >= _SIGN_BIT:
                # the highest bit set: below zero, by the rest of the word
                rest = count - _SIGN_BIT
                steps.append(
                    Derived(
                        label="the word without its sign bit",
                        expression=f"{count} - {_SIGN_BIT}",
                        result=rest,
                        unit="count",
                    )
                )
                expression = f"-{rest} / {n(k)}"
                how = "sign bit set: below zero"
            elif f.extra.get("twos_complement"):
                # the step the table's rows prove (1 / 16 = 0.0625 °C), as the datasheet states
                # it; a word with its top bit set is below zero, less 65536
                step = next(
                    (
                        g
                        for g in self.index.of_spec(f.device, "resolution")
                        if isinstance(g.value, int | float) and math.isclose(g.value * k, 1)
                    ),
                    None,
                )
                if step is None:
                    return None
                word = count
                if count >= _SIGN_BIT:
                    word = count - 2 * _SIGN_BIT
                    steps.append(
                        Derived(
                            label="the word as two's complement",
                            expression=f"{count} - {2 * _SIGN_BIT}",
                            result=word,
                            unit="count",
                        )
                    )
                expression = f"{word} * {n(float(step.value))}"
                cited.append(step)
                how = "two's complement, as the table's rows read"
        value = round(evaluate(expression), 6)
        steps.append(
            Derived(
                label=f"{f.device} reading at a count of {count} ({how})",
                expression=expression,
                result=value,
                unit=unit,
            )
        )
        # as the datasheet's examples print it ("≒ 227 [ lx ]": whole units)
        whole = rounded(steps[-1], "as the example rounds", places=int(f.extra.get("places", 0)))
        if whole is not None:
            steps.append(whole)
        item = item_from_fact(f).model_copy(
            update={
                "spec": "reading",
                "value": value,
                "unit": unit,
                "condition": f"count {count}, {how}",
            }
        )
        items = [item, *(item_from_fact(g) for g in cited[1:])]
        if (source := f.extra.get("low_byte_source")) and _BYTE_AT.search(parsed.text):
            # bytes named by their place: the memory map's line on which holds the low half
            items.append(item_from_fact(f).model_copy(update=source))
        sources = "; ".join(f"({i.evidence}) [{i.citation}]" for i in items)
        return _answered(
            parsed,
            f"{f.device} reading at a count of {count} ({how}): {expression} = {n(value)} {unit}"
            f"{f' (≈ {n(whole.result)} {unit})' if whole else ''}; {sources}",
            items,
            steps,
            "computed",
        )

    def _shunt_full_scale(self, parsed: ParsedQuestion) -> Answer | None:
        """ "INA219 with a 0.1 Ω shunt, PGA /1: max current before it clips?": the current that
        fills each full-scale sense range across the stated shunt (V / R), or the one range
        at the gain the question states."""
        shunt = stated_shunt(parsed.text)
        if (
            len(set(parsed.device_names)) != 1
            or shunt is None
            or shunt.amps is not None
            or not _ASKS_CURRENT_LIMIT.search(parsed.text)
        ):
            return None
        ranges = sense_ranges(self.index, DeviceUse(parsed.device_names[0]))
        gain = _PGA_STATED.search(parsed.text)
        if gain:
            ranges = [
                (v, f) for v, f in ranges if re.search(rf"/\s*{gain.group(1)}\b", f.condition or "")
            ]
        # one row per range (the variants print the same ranges)
        ranges = list({(v, f.condition): (v, f) for v, f in ranges}.values())
        if not ranges:
            return None
        ohms = f"{format_number(shunt.value)} {'mΩ' if shunt.milli else 'Ω'}"
        lines, items, steps = [], [], []
        for volts, f in ranges:
            top = float(f.max)  # type: ignore[arg-type]
            to_volts = convert(1.0, f.unit or "V", "V")
            expression = (
                f"{format_number(top)} * {format_number(to_volts)} / {format_number(shunt.value)}"
            )
            if shunt.milli:
                expression += " * 1000"
            value, unit, expression = _readably(
                volts / shunt.value * (1000.0 if shunt.milli else 1.0), "A", expression
            )
            at = f.condition or f.parameter
            steps.append(
                Derived(
                    label=f"full-scale current ({at})",
                    expression=expression,
                    result=value,
                    unit=unit,
                )
            )
            items.append(
                item_from_fact(f).model_copy(
                    update={
                        "spec": "current",
                        "min": None,
                        "max": value,
                        "unit": unit,
                        "condition": at,
                    }
                )
            )
            lines.append(
                f"{at}: ±{format_number(top)} {f.unit} / {ohms} = {format_number(value)} {unit} "
                f"({f.parameter}) [{f.citation}]"
            )
        return _answered(
            parsed,
            f"{f.device} full-scale current through a {ohms} shunt: " + "; ".join(lines),
            items,
            steps,
            "computed",
        )

    def _per_rated_pressure(self, parsed: ParsedQuestion) -> Answer | None:
        """ "For a 0-40 kPa part, what overpressure and burst pressure?": rows printed per band
        of rated pressure, the band each stated rating falls in, and a figure written as a
        multiple of the rating worked out for it."""
        if len(set(parsed.device_names)) != 1:
            return None
        device = parsed.device_names[0]
        banded = [f for f in self.index.device_facts(device) if f.extra.get("bands")]
        q_words = _stems(parsed.text)
        asked = [
            label
            for label in dict.fromkeys(f.parameter for f in banded)
            if _stems(label) - _KIND_WORDS <= q_words or "".join(label.lower().split()) in q_words
        ]
        # kPa -> (as stated, the low end in kPa): "1 MPa" is worked out as 1 * 1000 kPa and
        # shown as stated; "-100 to 100 kPa" spans from -100
        ratings = {
            float(m.group(2)) * scale: (
                f"{m.group(2)} {m.group(3)}",
                float(m.group(1) or 0) * scale,
            )
            for m in _RATED_PRESSURE.finditer(parsed.text)
            for scale in [1000.0 if m.group(3) == "MPa" else 1.0]
        }
        if not asked or not ratings:
            return None
        items: list[AnswerItem] = []
        derived: list[Derived] = []
        lines: list[str] = []
        for rated, (stated, low) in ratings.items():
            in_kpa = f"{stated.split()[0]} * 1000" if stated.endswith("MPa") else stated.split()[0]
            for label in asked:
                f = next(
                    (
                        f
                        for f in banded
                        if f.parameter == label
                        and any(
                            (lo < rated or lo == 0) and (hi is None or rated <= hi)
                            for lo, hi in f.extra["bands"]
                        )
                    ),
                    None,
                )
                if f is None or not isinstance(f.value, int | float):
                    continue
                items.append(item_from_fact(f))
                if f.extra.get("multiple_of"):
                    d = Derived(
                        label=f"{device} {label.lower()} of a {stated} part",
                        expression=f"{format_number(f.value)} * {in_kpa}",
                        result=round(f.value * rated, 9),
                        unit="kPa",
                    )
                    derived.append(d)
                    shown = f"{format_number(f.value)} × rated = {format_number(d.result)} kPa"
                elif (f.unit or "").lower() in ("%span", "%fs", "%fss"):
                    # "±2 %Span" of a 0-100 kPa part: a pressure error of ±2 kPa
                    span, of = (rated, stated) if not low else (rated - low, f"{low:g} to {stated}")
                    d = Derived(
                        label=f"{device} {label.lower()} of a {stated} part, in kPa",
                        expression=f"{format_number(f.value)} / 100 * "
                        + (in_kpa if not low else f"({in_kpa} - {low:g})"),
                        result=round(f.value / 100 * span, 9),
                        unit="kPa",
                    )
                    derived.append(d)
                    shown = f"{_figure(f, None)} of the {of} span = ±{format_number(d.result)} kPa"
                else:
                    shown = _figure(f, None)
                lines.append(
                    f"{device} {label.lower()}, {stated} part: {shown} "
                    f"({f.condition}) [{f.citation}]"
                )
        if not items:
            return None
        return _answered(
            parsed, ". ".join(lines), items, derived, "computed" if derived else "lookup"
        )

    def _statement_for(
        self, parsed: ParsedQuestion, answered: frozenset[str] = frozenset()
    ) -> Fact | None:
        """A sentence of the part's documents that states one figure of the quantity asked and
        shares at least two of the question's own words ("The load needs at least 1.2 V across
        its terminals to sink its full current"), leaving out words the rows found already
        carry (``answered``)."""
        # ("how long can the cable be" asks a length)
        lengthy = ("cable_length",) in parsed.specs
        dimension = "m" if lengthy else _asked_dimension(parsed.text)
        if dimension is None or len(set(parsed.device_names)) != 1:
            return None
        device = parsed.device_names[0]
        names = frozenset().union(_stems(device), *(_stems(m.text) for m in parsed.devices))
        asked = _stems(parsed.text) - names - _KIND_WORDS - _PART_WORDS - answered
        if dimension == "m" and re.search(r"(?i)\bhow far\b", parsed.text):
            asked.add("distance")  # "how far" asks a distance
        if lengthy:
            asked |= {"transmission", "distance"}  # how far a signal goes down its cable
        scored = []
        for f in self.index.statements(device):
            if unit_dimension(f.unit, "") != dimension:
                continue
            said = _stems(f.parameter)
            # ("powering" meets "power", counted as the question's word of substance)
            shared = {w for w in asked if w in said or _bare_ing(w) in said}
            # two words in common, one of them a word of substance ("reading", "terminals"),
            # not "up" and "wait"
            substance = sum(len(w) >= 5 and w not in _FILLER for w in shared)
            # "Divider current is ... = 40 uA": a sentence whose subject the question names
            # whole (its quantity asked in the question's own words) needs no second word
            subject = re.match(r"(?:The )?([A-Za-z][\w -]{2,40}?) (?:is|are)\b", f.parameter)
            named = subject is not None and bool(
                (own := {_stem(w) for w in content_words(subject[1])} - _KIND_WORDS)
                and own <= shared
            )
            if (len(shared) >= 2 or named) and substance:
                scored.append(((substance, len(shared)), f))
        if not scored:
            return None
        best = max(n for n, _ in scored)
        top = [f for n, f in scored if n == best]
        if len({(f.min, f.typ, f.max, f.value, f.unit) for f in top}) != 1:
            return None  # sentences that agree on the words disagree on the figure
        return top[0]

    def _from_statements(self, parsed: ParsedQuestion) -> Answer | None:
        """No row answers: the sentence that does, quoted and cited."""
        f = self._statement_for(parsed)
        if f is None:
            return None
        # "Allow 250 ms after any input voltage change and 100 ms after any load current
        # change": another clause of the same sentence is asked too when the question says
        # what sets it apart ("after changing the input voltage, and after changing the load")
        asked = _stems(parsed.text)
        own = _stems(f.parameter)
        clauses = [f] + [
            g
            for g in self.index.statements(f.device)
            if g is not f
            and (g.evidence, g.citation) == (f.evidence, f.citation)
            and (_stems(g.parameter) - own) & asked
        ]
        return _answered(
            parsed,
            ". ".join(
                f"{g.device}: {_figure(g, None)} ({g.parameter}) [{g.citation}]"
                if len(clauses) > 1
                else f'{g.device}: {_figure(g, None)} — "{g.evidence}" [{g.citation}]'
                for g in clauses
            ),
            [item_from_fact(g) for g in clauses],
        )

    def _test_step(self, parsed: ParsedQuestion) -> None:
        """ "production test, step 2 (no-load input current): the upper limit": the limit row
        the test specification gives for that step is the figure asked."""
        m = re.search(r"(?i)\bstep\s+(\d+)\b", parsed.text)
        if m is None or len(parsed.specs) != 1 or not _TEST_ASKED.search(parsed.text):
            return
        rows = [
            f
            for name in dict.fromkeys(parsed.device_names)
            for f in self.index.device_facts(name)
            if f.section_kind == "production_test"
            and re.search(rf"(?i)\bstep\s+{m.group(1)}\b", f.parameter)
        ]
        if len({f.spec for f in rows}) == 1:
            parsed.specs = [(rows[0].spec,)]
            parsed.spec_phrases = [rows[0].parameter.strip().lower()]

    def _unit_specs(self, parsed: ParsedQuestion) -> None:
        """ "How many LSB per degree C does the temperature sensor give?": a question that names
        the unit of its answer asks the rows printed in that unit (and, when it names no spec,
        the spec of those rows, when they are all one)."""
        m = _ASKED_UNIT.search(parsed.text)
        if m is None:
            return
        per = m.group("per").strip()
        if re.fullmatch(r"(?i)deg(?:ree)?s?", per) and re.search(r"(?i)\btemp", parsed.text):
            per = "°C"  # "LSB per degree" of a temperature sensor
        per = re.sub(r"(?i)^deg(?:ree)?s?\s*c(?:elsius)?$|^[º°]\s?c$", "°C", per)
        asked = _canonical(f"{m.group('of')}/{per}")
        if asked is None:
            return
        rows = [
            f
            for name in dict.fromkeys(parsed.device_names)
            for f in self.index.device_facts(name)
            if _canonical(f.unit) == asked
        ]
        if parsed.specs:
            # "sensitivity (LSB per degC)": of the rows under the spec asked, those in that unit
            # (the temperature sensor's, not the gyroscope's).
            if any(f.spec in cands for f in rows for cands in parsed.specs):
                parsed.asked_unit = asked
            return
        if rows and len({f.spec for f in rows}) == 1:
            parsed.specs = [(rows[0].spec,)]
            parsed.spec_phrases = [rows[0].spec.replace("_", " ")]
            parsed.asked_unit = asked

    def _lookup_rows(self, parsed: ParsedQuestion) -> Answer:
        self._label_specs(parsed)
        self._test_step(parsed)
        self._unit_specs(parsed)
        self._one_row_named_twice(parsed)
        route = parsed.route
        mentions: list[DeviceMention] = []
        seen: set[tuple[str, str | None]] = set()
        for m in parsed.devices:
            # "LM258 vs LM358": two names one datasheet covers are two variants to answer for.
            key = (m.device, m.variant or self._name_as_variant(m))
            if key not in seen:
                seen.add(key)
                mentions.append(m)
        asked_last = final_question(parsed.text)
        if (
            route == "simple"
            and _CHECK_CUE.search(parsed.text)
            and STATED_CURRENT.search(parsed.text)
            # "... run it close to its limit. What's the max dropout at 1 A output?": a current
            # the closing question states as its condition is no load to check
            and not (
                asked_last
                and not _CHECK_CUE.search(asked_last)
                and all(
                    re.search(r"(?i)\b(?:at|@)\s*$", parsed.text[: c.start()])
                    for c in STATED_CURRENT.finditer(parsed.text)
                )
            )
            and not any(
                "current" in cands[0] or cands[0] in _CAPACITY_SPECS for cands in parsed.specs
            )
        ):
            # "drive a motor that needs 2 A": a current the part must deliver is checked
            # against what it may output.
            parsed.specs = [*parsed.specs, ("output_current",)]
            parsed.spec_phrases = [*parsed.spec_phrases, "output current"]
        if (
            route == "simple"
            and _YES_NO.search(parsed.text)
            and STATED_CURRENT.search(parsed.text)
            and _stated_temperatures(parsed.text)
            and any(cands[0] in _SUPPLY_FAMILY for cands in parsed.specs)
        ):
            # "on a 24 V ±10% rail, 2.5 A load, cabinet up to 50 °C. Can QA sign off?": an
            # operating point of input, load and ambient is checked on all three
            for spec in ("output_current", "operating_temperature"):
                if not any(spec in cands for cands in parsed.specs):
                    parsed.specs = [*parsed.specs, (spec,)]
                    parsed.spec_phrases = [*parsed.spec_phrases, spec.replace("_", " ")]
        if (
            len(parsed.devices) == 1
            and _DRIVES_LOGIC_INPUT.search(parsed.text)
            and not any("logic_high_threshold" in cands for cands in parsed.specs)
        ):
            # "can a 5 V Arduino drive AIN1/PWMA/STBY": a level stated on the part's logic
            # inputs is checked against their input-high range, not against its supply.
            parsed.specs = [*parsed.specs, ("logic_high_threshold",)]
            parsed.spec_phrases = [*parsed.spec_phrases, "logic high threshold"]
        if _ON_EVERY.search(parsed.text) and _CHECK_CUE.search(parsed.text):
            duty = [
                f.spec
                for n in parsed.device_names
                for f in self.index.device_facts(n)
                if f.spec.startswith("duty_cycle")
            ]
            if duty:
                # "a 1 s packet every 20 s. OK with the +20 dBm limits?": the duty cycle it runs
                parsed.specs = [(duty[0],)]
                parsed.spec_phrases = ["duty cycle"]
        pinned = _supply_pinned(parsed.text)
        if (
            pinned
            and _CHECK_CUE.search(parsed.text)
            and set(parsed.stated_voltages) - pinned
            and not any(cands[0] == "input_voltage_range" for cands in parsed.specs)
            # (a range in volts, not a logic input written against the supply, "Vcc×0.7")
            and any(
                f.spec == "input_voltage_range" and not _symbolic(f)
                for n in parsed.device_names
                for f in self.index.device_facts(n)
            )
        ):
            # "on a 4S pack (16.8 V max), VS = 3.3 V. OK for the chip?": the supply pin has its
            # voltage; the others are what its inputs see, checked against the input range
            parsed.specs = [*parsed.specs, ("input_voltage_range",)]
            parsed.spec_phrases = [*parsed.spec_phrases, "input voltage range"]
        if not parsed.specs:
            # no row is named, a sentence may still state the figure ("Divider current is ...")
            return self._from_statements(parsed) or self._insufficient(
                parsed, route, "spec: the question names no specification we recognise"
            )
        if len(mentions) >= 2:
            # "Setting up the MDN-4010 ramp for the SRB-5030: give me its UVLO thresholds",
            # "MCP3008 vs ADS1115 for reading an MQ-2": a part that states none of the specs
            # asked is the tool or the use, not a party asked about (two parts left to compare).
            asked = {c for cands in parsed.specs for c in cands}
            text = parsed.text
            holding = [
                m
                for m in mentions
                if any(f.spec in asked for f in self.index.device_facts(m.device))
                or not (
                    re.search(_USED_FOR, text[max(0, m.start - 30) : m.start])
                    or (
                        (
                            tool := re.match(
                                r"[^.?;,]{0,25}?\bfor (?:the|an?|my|our)\s+", text[m.end :]
                            )
                        )
                        and any(o.start == m.end + tool.end() for o in mentions)
                    )
                )
            ]
            if len(holding) < len(mentions) and (
                len(holding) >= 2 or not _COMPARE_CUES.search(text)
            ):
                mentions = holding
        derived: list[Derived] = []
        items: list[AnswerItem] = []
        facts: list[Fact] = []
        lines: list[str] = []
        reasons: list[str] = []
        aside: list[Fact] = []
        missing = 0
        for m in mentions:
            for specs, phrase in zip(parsed.specs, parsed.spec_phrases, strict=True):
                pick = self._pick(parsed, m, specs, phrase)
                past_rating = ""
                if not pick.items and not parsed.absolute_max and _CHECK_CUE.search(parsed.text):
                    # "Will it handle 3 A continuously?" where only the absolute maximum rating
                    # ("DC Operation 2 A") states the figure: a rating is no operating limit,
                    # but a value past it is out of the part's ratings.
                    rated = self._pick(
                        dataclasses.replace(parsed, absolute_max=True), m, specs, phrase
                    )
                    if rated.items and _value_check(parsed.text, rated.items)[0] == "incompatible":
                        pick = rated
                        past_rating = (
                            f"{m.device} {phrase}: only an absolute maximum rating states it, "
                            "and the value asked is past it"
                        )
                    elif rated.items:
                        reasons.append(
                            f"section_kind: {m.device} {phrase} is stated only as an absolute "
                            f"maximum rating ({rated.lines[0]}), which is no operating limit"
                        )
                if (
                    parsed.bound == "max"
                    and len(pick.items) == len(pick.facts) == len(pick.lines)
                    and any(i.max is not None for i in pick.items)
                ):
                    # "worst case": a row that prints only a typical is no answer beside one
                    # of the same figure at the same point that prints the maximum
                    kept = [
                        k
                        for k, i in enumerate(pick.items)
                        if not (i.typ is not None and i.min is None and i.max is None)
                        or not _bounded_twin(i, pick.items)
                    ]
                    pick = _Pick(
                        [pick.items[k] for k in kept],
                        [pick.facts[k] for k in kept],
                        [pick.lines[k] for k in kept],
                        pick.reasons,
                    )
                beyond = _beyond_derating(pick.facts, parsed.text)
                if beyond:
                    # "1 A at 90 degC" where the derating stops at 85 degC: past the last
                    # ambient the source states, no figure holds.
                    pick = _Pick([], [], [], [beyond])
                if not pick.items:
                    missing += 1
                    reasons.extend(
                        pick.reasons or [f"evidence_present: no fact for {m.device} {phrase}"]
                    )
                    why = f"; {beyond.split(': ', 1)[1]}" if beyond else ""
                    aside.extend(pick.aside)
                    # ("How much current does": the words asking it, named by the spec)
                    named = specs[0].replace("_", " ") if _ASKING.match(phrase) else phrase
                    lines.append(f"{m.device} {named}: insufficient evidence{why}")
                    continue
                if len(pick.items) == len(pick.facts) == len(pick.lines):
                    # one row answering two items ("VDD and VDDIO": "any supply pin") is given once
                    held = {f.id for f in facts}
                    fresh = [k for k, f in enumerate(pick.facts) if f.id not in held]
                    if not fresh:
                        continue
                    pick = _Pick(
                        [pick.items[k] for k in fresh],
                        [pick.facts[k] for k in fresh],
                        [pick.lines[k] for k in fresh],
                        pick.reasons,
                    )
                items.extend(pick.items)
                facts.extend(pick.facts)
                lines.extend(pick.lines)
                if past_rating:
                    lines.append(past_rating)
                vref = _VREF_STATED.search(parsed.text)
                at_supply = _at_stated_supply(
                    pick.facts,
                    m.supply_v or _sole(parsed),
                    float(vref.group(1)) if vref else None,
                    _end_asked(parsed.text, phrase),
                )
                lines.extend(line for line, _d in at_supply)
                derived.extend(d for _line, ds in at_supply for d in ds)
                derated = _derated(pick.facts, parsed.text)
                if derated and len(pick.items) == len(pick.facts) == len(pick.lines):
                    # The limit at the stated temperature is the answer; the rows it is
                    # interpolated between are its basis, quoted in the computation only.
                    ends = {id(f) for *_x, fa, fb in derated for f in (fa, fb)}
                    # (and the rating it is derated from, stated for no temperature, does not
                    # hold there: "0 to 3 A" is no answer at 80 °C)
                    derated_specs = {fa.spec for *_x, fa, _fb in derated}
                    ends |= {
                        id(f)
                        for f in pick.facts
                        if f.spec in derated_specs
                        and f.section_kind != "absolute_maximum"
                        and not re.search(r"°C|degC|ambient|\bT[AJ]\b", f.condition or "")
                    }
                    kept = [k for k, f in enumerate(pick.facts) if id(f) not in ends]
                    del items[len(items) - len(pick.items) :]
                    del lines[len(lines) - len(pick.lines) :]
                    items.extend(pick.items[k] for k in kept)
                    lines.extend(pick.lines[k] for k in kept)
                for line, d, fa, fb in derated:
                    lines.append(f"{m.device} {fa.spec.replace('_', ' ')} {line}")
                    derived.append(d)
                    items.append(
                        item_from_fact(fa).model_copy(
                            update={
                                "min": None,
                                "typ": None,
                                "value": None,
                                "max": d.result,
                                "condition": line.split(",")[0],
                                "evidence": " / ".join(dict.fromkeys((fa.evidence, fb.evidence))),
                            }
                        )
                    )
                for line, d in self._of_nominal(m, pick.facts):
                    lines.append(line)
                    derived.append(d)
                # Rows passed over for a better one are not news once answered.
        unanswered = _quantity_not_answered(parsed.text, items)
        if unanswered:
            # "output ON resistance when VM is 3 V": rows about VM answer another question.
            items = []
            names = ", ".join(dict.fromkeys(m.device for m in mentions))
            lines = [f"{names}: no row found gives the {unanswered} asked"]
            reasons.append(f"scope_named: the question asks a {unanswered}; no row found is one")
        if not items:
            # A row printed at another point than the one asked: where the figure is given is
            # said, not the figure, which would read as the answer.
            given = "; ".join(
                f"{'; '.join(f.condition or '' for f in aside if f.citation == place)} [{place}]"
                for place in dict.fromkeys(f.citation for f in aside)
            )
            given = f". It is printed only at other points: {given}" if given else ""
            return Answer(
                status="insufficient_evidence",
                route=route,
                question=parsed.text,
                answer="Insufficient evidence: " + "; ".join(lines) + given,
                items=[
                    item_from_fact(f).model_copy(
                        update=dict.fromkeys(("value", "min", "typ", "max", "tolerance"))
                    )
                    for f in aside
                ],
                citations=list(dict.fromkeys(f.citation for f in aside)),
                reasons=reasons[:6],
            )
        if route == "comparison":
            for name in dict.fromkeys(parsed.unknown_parts):
                missing += 1
                lines.append(f"{name}: insufficient evidence, no facts are held for it")
                reasons.append(f"evidence_present: no facts are held for {name}")
            lines.extend(self._compare_lines(parsed, items))
        verdict = None
        # "VDDIO tied to a 5 V rail - within spec?" names its limit twice ("VDDIO", "rail"):
        # the first spec named is the one the stated value is checked against.
        first = {*parsed.specs[0]} if route == "structured" and parsed.stated_numbers else None
        if missing == 0 and (route == "simple" or first):
            # A supply stated as a condition ("when it runs from 5 V") is checked only against
            # supply and input limits, never against an output or signal figure.
            checkable = [
                i
                for i in items
                if (first is None or i.spec in first)
                and (
                    not parsed.stated_voltages
                    or i.spec in _SUPPLY_FAMILY
                    or dimension_of(i.unit) != dimension_of("V")
                )
            ]
            verdict, check_lines, band = _value_check(parsed.text, checkable)
            named = [m.variant or self._name_as_variant(m) for m in parsed.devices]
            ratings = (
                self._ratings_over(checkable, named[0] if len(named) == 1 else None)
                if verdict
                else []
            )
            if ratings:
                # An operating range never reaches past the rating of its own pin ("bus voltage
                # 0 to 32 V" against "IN+, IN– 26 V max"): the rating is checked too.
                items.extend(ratings)
                verdict, check_lines, band = _value_check(parsed.text, [*checkable, *ratings])
            if len(parsed.devices) == 1:
                # A signal stated on an input is checked against the input's range at the
                # stated supply, next to (never instead of) the supply's own check. An
                # amplifier's input takes a signal within its common-mode range (the LM358's
                # "upper end ... is VCC - 1.7 V"), not only its differential input range.
                # A signal said ("a sensor that outputs 0 to 4 V") where the rows looked up
                # are none of the input's (the supply's) meets the part's analog input range.
                supply = parsed.devices[0].supply_v or _sole(parsed)
                said = any(f.spec in _SIGNAL_SPECS for f in facts) or any(
                    m["lo"]
                    or (
                        _is_signal(parsed.text, m.start(), m.end(), "V")
                        and float(m["hi"]) not in (supply, *parsed.stated_voltages)
                    )
                    for m in _SIGNAL_SPAN.finditer(parsed.text)
                )
                kinds: set[str] = set()
                if any(f.spec == "input_voltage_range" for f in facts):
                    kinds = {"input_common_mode_range"}
                elif said and not any(f.spec in _SIGNAL_SPECS for f in facts):
                    kinds = {"input_common_mode_range", "input_voltage_range"}
                common = [
                    f
                    for f in self.index.device_facts(parsed.devices[0].device)
                    if f.spec in kinds
                    and f.section_kind != "absolute_maximum"
                    and not digital_row(f)
                ]
                s_verdict, s_lines, s_band = _signal_check(
                    parsed.text,
                    [*facts, *common],
                    supply,
                    parsed.stated_voltages,
                )
                if s_verdict is not None:
                    items.extend(_symbolic_item(f) for f in common if _symbolic(f))
                    both = [v for v in (verdict, s_verdict) if v is not None]
                    verdict = "incompatible" if "incompatible" in both else s_verdict
                    check_lines, band = [*check_lines, *s_lines], [*band, *s_band]
            lines.extend(check_lines)
            derived.extend(band)
            if verdict:
                alike = self._worked_alike(parsed, band, items)
                lines.extend(
                    f'the document works this case itself: "{f.evidence}" [{f.citation}]'
                    for f in alike
                )
                items.extend(item_from_fact(f) for f in alike)
                # A stated value checked against a part's allowed range is a compatibility
                # question with one party: the verdict travels on that route.
                route = "compatibility"
        settled = missing == 0 and verdict != "insufficient_evidence"
        status = "answered" if settled else "insufficient_evidence"
        task = (
            "revisions"
            if any(i.superseded_by or "supersedes" in i.applies_to for i in items)
            else "lookup"
        )
        citations = _citations(items)
        also = [c for c in self._stated_again(items) if c not in citations]
        if also and (route in ("simple", "comparison") or verdict):
            lines.append(f"also stated at {', '.join(also)}")
            citations += also
        return Answer(
            status=status,
            route=route,
            question=parsed.text,
            answer=". ".join(lines),
            items=items,
            citations=citations,
            reasons=reasons[:6],
            task="limit_check" if verdict else task,
            verdict=verdict,
            derived=derived,
        )

    def _stated_again(self, items: Sequence[AnswerItem]) -> list[str]:
        """Other places of the same document that state an item's figure again: a row of the
        same spec with the same figures, or a sentence whose one figure it is and that names the
        row's label ("The dropout voltage … is guaranteed maximum 1.3V")."""
        out: list[str] = []
        for it in items:
            figures = set(_item_numbers(it))
            label = _stems(it.parameter or it.spec.replace("_", " ")) - _KIND_WORDS
            doc = it.citation.split("#")[0]
            for f in [*self.index.device_facts(it.device), *self.index.statements(it.device)]:
                if (
                    f.citation == it.citation
                    or not f.citation.startswith(f"{doc}#")
                    or _of_another_variant(f, it)
                ):
                    continue
                said = {x for x in (f.min, f.typ, f.max, f.value) if isinstance(x, int | float)}
                same = (
                    bool(said)
                    # the same figures, or the one figure asked of a row printing more
                    and (said <= figures or (len(figures) == 1 and figures <= said))
                    and (
                        f.spec == it.spec
                        if f.spec != "statement"
                        else _sentence_states(f, label, said == figures)
                    )
                )
                if same and _same_unit(f.unit, it.unit) and f.citation not in out:
                    out.append(f.citation)
        return out

    def _part_ratings(self, it: AnswerItem, variant: str | None) -> list[Fact]:
        """The absolute maximum ratings over an operating item's spec, of the part named
        (family-wide ratings and the variant's own; every part's when none is named). A ±
        rating (split supplies) is not a rating of the single rail an operating range states."""
        rating = RATING_OF.get(it.spec)
        if rating is None or it.section_kind == "absolute_maximum":
            return []
        return [
            f
            for f in self.index.device_facts(it.device)
            if f.spec == rating
            and f.section_kind == "absolute_maximum"
            and isinstance(f.max, int | float)
            and not (isinstance(f.min, int | float) and f.min < 0 and f.min == -f.max)
            and dimension_of(f.unit) == dimension_of(it.unit)
            and (variant is None or f.variant is None or squash(f.variant) == squash(variant))
        ]

    def _ratings_over(
        self, items: Sequence[AnswerItem], variant: str | None = None
    ) -> list[AnswerItem]:
        """The absolute maximum rating over each checked operating row, when the part's ratings
        of that kind agree (with different ones, which pin each rates is not known here)."""
        out: list[AnswerItem] = []
        for it in items:
            ratings = self._part_ratings(it, variant)
            for f in ratings if len({f.max for f in ratings}) == 1 else []:
                item = item_from_fact(f)
                if item not in out:
                    out.append(item)
        return out

    def _for_output_of(self, device: str, variant: str, rows: list[Fact]) -> list[Fact]:
        """Rows printed per output voltage ("VO = 5 V to 18 V", "VO = 24 V") answer for the
        variant whose nominal output the condition holds (LM7824: 24 V)."""
        outputs = [
            f.typ
            for f in self.index.device_facts(device)
            if f.spec == "output_voltage"
            and f.typ is not None
            and squash(f.variant or "") == squash(variant)
        ]
        if not outputs:
            return rows
        vo = outputs[0]
        kept = []
        for f in rows:
            span = output_span(f.condition)
            if span is None:
                return rows  # a row without that condition: the rule does not apply
            if span[0] - 1e-9 <= vo <= span[1] + 1e-9:
                kept.append(f)
        return kept or rows

    def _filed_elsewhere(self, device: str, spec: str) -> list[Ranked]:
        """Rows of a spec the part files under another name: a row labelled with the spec's
        own qualifier and carrying its dimension ("Operating range -40 to 80 °C" is the
        operating temperature of a sensor whose table files it as its measuring range)."""
        dims = spec_dimensions(spec)
        qualifier = set(spec.split("_")) - _KIND_WORDS - {"range", "max", "min", "absolute"}
        # (a programmable source's output is its "Voltage programming" range; a module with no
        # sleep mode draws its "Quiescent Current" when idle)
        programmed = spec in ("output_voltage", "output_current")
        idle = {"quiescent", "standby", "idle"} if spec == "sleep_current" else set()
        if not dims or not (qualifier or programmed):
            return []
        return [
            Ranked(f, 1.0, "label")
            for f in self.index.device_facts(device)
            if (
                (qualifier and qualifier <= content_words(f.parameter))
                or (programmed and "programming" in content_words(f.parameter))
                or idle & content_words(f.parameter)
            )
            and unit_dimension(f.unit, f.spec) in dims
            and f.section_kind != "absolute_maximum"
        ]

    def _of_nominal(
        self, mention: DeviceMention, facts: Sequence[Fact]
    ) -> list[tuple[str, Derived]]:
        """A coil figure printed as a percentage of the nominal voltage ("Pick-up voltage 75 %
        of nominal"), in volts for the coil rating the part name carries (SRD-05VDC: 5 V)."""
        out: list[tuple[str, Derived]] = []
        variant = mention.variant or self._name_as_variant(mention)
        for f in facts:
            pct = f.max if f.max is not None else f.value
            if (f.unit or "").strip() != "%" or not isinstance(pct, int | float):
                continue
            if not re.search(r"(?i)\bof (?:the )?nominal", f"{f.condition or ''} {f.parameter}"):
                continue
            rated = self.index.lookup(f.device, ("coil_voltage",), variant=variant)
            if not variant or not rated or rated[0].fact.applies_to.get("coil_voltage") is None:
                continue  # which coil rating is meant is not stated
            coil = rated[0].fact
            nominal = coil.typ if coil.typ is not None else coil.value
            if not isinstance(nominal, int | float):
                continue
            d = percent_of(float(pct), float(nominal), f"{f.device} {f.spec.replace('_', ' ')}")
            out.append(
                (
                    f"{d.label}: {format_number(float(pct))} % of the "
                    f"{format_number(float(nominal))} V nominal coil voltage [{coil.citation}] = "
                    f"{format_number(d.result)} V",
                    d,
                )
            )
        return out

    def _compare_lines(self, parsed: ParsedQuestion, items: list[AnswerItem]) -> list[str]:
        by_spec: dict[str, list[AnswerItem]] = {}
        for it in items:
            by_spec.setdefault(it.spec, []).append(it)
        out = []
        for spec, its in by_spec.items():
            devs = {i.device + str(i.applies_to.get("variant") or "") for i in its}
            if len(devs) < 2 or len({i.unit for i in its}) != 1:
                continue
            key = parsed.bound if parsed.bound in ("min", "typ") else "max"

            def val(i: AnswerItem, key: str = key) -> float | None:
                v = getattr(i, key)
                if v is None:
                    v = i.typ if i.typ is not None else i.value
                return float(v) if isinstance(v, int | float) else None

            vals: list[tuple[float, AnswerItem]] = []
            for i in its:
                x = val(i)
                if x is not None:
                    vals.append((x, i))
            if len(vals) < 2:
                continue
            hi = max(vals, key=lambda pair: pair[0])
            lo = min(vals, key=lambda pair: pair[0])
            hi_name, lo_name = (str(i.applies_to.get("variant") or i.device) for _, i in (hi, lo))
            if hi[0] == lo[0]:
                out.append(f"Both state the same {key} {spec.replace('_', ' ')}")
            elif _SMALLER_IS_BETTER.search(spec):
                # an error bound, a drop or a drain: the smaller figure is the better part
                out.append(
                    f"{lo_name} states the smaller, better {spec.replace('_', ' ')} figure "
                    f"({format_number(lo[0])}{_unit(lo[1].unit)} vs "
                    f"{format_number(hi[0])}{_unit(hi[1].unit)})"
                )
            else:
                out.append(
                    f"{hi_name} has the higher {key} {spec.replace('_', ' ')} "
                    f"({format_number(hi[0])}{_unit(hi[1].unit)} vs "
                    f"{format_number(lo[0])}{_unit(lo[1].unit)})"
                )
        return out

    def _outside_working_range(self, parsed: ParsedQuestion, answer: Answer) -> None:
        """ "YF-S201 accuracy at 0.5 L/min?": a level of the measured quantity stated outside
        every range the part measures over ("Working Flow Rate: 1 to 30 L/min") has no figure
        of accuracy; the range is cited beside what the datasheet does give."""
        if len(set(parsed.device_names)) != 1 or not any(
            set(c) & _HELD_IN_RANGE for c in parsed.specs
        ):
            return
        ranges = [
            f
            for f in self.index.of_spec(parsed.device_names[0], "measurement_range")
            if f.si_min is not None and f.si_max is not None and f.si_unit
        ]
        for said, level, si_unit in _levels(parsed.text):
            same = [f for f in ranges if f.si_unit == si_unit]
            if not same or any(
                # rows printed at a level of that quantity (BME280 "1100 . . . 1250 hPa",
                # BH1750 "Dark ( 0 lx )") say themselves where they hold
                u == si_unit
                for it in answer.items
                for _, _, u in _levels(f"{it.condition or ''} {it.evidence}")
            ):
                continue
            if not any(
                f.si_min * (1 - 1e-9) <= level <= f.si_max * (1 + 1e-9)  # type: ignore[operator]
                for f in same
            ):
                shown = "; ".join(
                    f"{_figure(f, None)} ({f.parameter}) [{f.citation}]" for f in same
                )
                _withhold(
                    answer,
                    f"{said} is outside every range the part measures over",
                    f"{said} is outside the range the {parsed.device_names[0]} measures "
                    f"over: {shown}; no figure is stated there. What it states within it:",
                )
                answer.items += [item_from_fact(f) for f in same]
                answer.citations += [f.citation for f in same if f.citation not in answer.citations]
                return

    # ------------------------------------------------------------------ compatibility
    def _monitored_rail(self, parsed: ParsedQuestion) -> Answer | None:
        """A current monitor put on a rail another part gives or draws from ("an INA219
        high-side on a 24 V supply feeding an SRB-5030", "monitor the input rail of an
        SRB-5030 rev B"): its inputs sit at the rail's voltage, the one stated or else the
        other part's own (its highest rated input, or its output), checked against the
        monitor's input range and rating. The other part does not power the monitor."""
        parts = list({m.device: m for m in parsed.devices}.values())
        if len(parts) != 2 or not _MONITORED.search(parsed.text) or stated_shunt(parsed.text):
            return None
        monitor = next((m for m in parts if sense_ranges(self.index, DeviceUse(m.device))), None)
        if monitor is None:
            return None
        other = next(m for m in parts if m is not monitor)
        before = parsed.text[max(0, other.start - 40) : other.start]
        stated = _RAIL_FEEDS.search(before)
        side = _SIDE_BEFORE.search(before) or _SIDE_AFTER.match(parsed.text[other.end :])
        rails: list[tuple[float, list[AnswerItem], str]] = []
        if stated:
            rails.append((float(stated.group(1)), [], f"the {stated.group(1)} V rail"))
        elif side:
            which = side.group(1).lower()
            rev = f" for revision {'/'.join(parsed.revisions)}" if parsed.revisions else ""
            own = self._ask_one(
                f"{other.device} maximum input voltage{rev}?"
                if which == "input"
                else f"{other.device} output voltage?"
            )
            for it in own.items:
                top = it.max if it.max is not None else it.typ
                if own.status == "answered" and top is not None and it.unit == "V":
                    revs = it.applies_to.get("board_revision") if it.applies_to else None
                    scope = f", revision {'/'.join(revs)}" if revs else ""
                    line = f"{other.device} {which} at its highest, {format_number(top)} V{scope}"
                    rails.append((float(top), [it], f"{line} [{it.citation}]"))
        if not rails:
            return None
        checked = []
        for volts, items, said in rails:
            one = self._ask_one(
                f"Can the {monitor.device} sit on the high side of a {format_number(volts)} V rail?"
            )
            if one.verdict is None:
                return None
            checked.append((one, items, said))
        verdicts = {one.verdict for one, _, _ in checked}
        verdict = verdicts.pop() if len(verdicts) == 1 else "insufficient_evidence"
        lines = [f"{said}: {one.verdict}. {one.answer}" for one, _, said in checked]
        if verdict == "insufficient_evidence" and len(checked) > 1:
            lines.insert(0, "It depends on the revision")
        items = [it for one, own, _ in checked for it in (*own, *one.items)]
        return Answer(
            status="answered" if verdict != "insufficient_evidence" else "insufficient_evidence",
            route="compatibility",
            question=parsed.text,
            answer=". ".join(lines),
            items=items,
            citations=list(
                dict.fromkeys(
                    c
                    for one, own, _ in checked
                    for c in (*(it.citation for it in own), *one.citations)
                )
            ),
            task="limit_check",
            verdict=verdict,
            derived=[d for one, _, _ in checked for d in one.derived],
        )

    def _compatibility(self, parsed: ParsedQuestion) -> Answer:
        if parsed.unknown_parts:
            names = ", ".join(dict.fromkeys(parsed.unknown_parts))
            for m in {m.device: m for m in parsed.devices}.values():
                # "Can a TB6612FNG drive a 24 V motor with VM = 24 V?": a part given a supply
                # outside its own range does not work, whatever the part we hold nothing for
                given = rails_in(parsed.text) or (
                    [("supply", m.supply_v)] if m.supply_v is not None else []
                )
                for rail, volts in given:
                    own = self._ask_one(
                        f"{m.device} with {rail} = {format_number(volts)} V, within its range?"
                    )
                    if own.verdict == "incompatible":
                        own.question = parsed.text
                        own.answer += f"; so whatever the {names}"
                        return own
            answer = self._insufficient(
                parsed,
                "compatibility",
                f"evidence_present: no facts are held for {names}; nothing can be checked "
                "against a part without its datasheet",
            )
            answer.verdict = "insufficient_evidence"
            # What the documents do give on the side we hold: the inputs' thresholds for a
            # question of logic levels, else the supply range the part takes.
            for m in {m.device: m for m in parsed.devices}.values():
                at = f" at Vcc = {format_number(m.supply_v)} V" if m.supply_v else ""
                own = self._ask_one(
                    f"{m.device} input high voltage{at}?"
                    if _LOGIC_WORDS.search(parsed.text)
                    else f"{m.device} supply voltage range?"
                )
                if own.status == "answered":
                    answer.answer += f". What the documents do give: {own.answer}"
                    answer.items += own.items
                    answer.citations += [c for c in own.citations if c not in answer.citations]
                    answer.derived += own.derived
            return answer
        if monitored := self._monitored_rail(parsed):
            return monitored
        uses: list[DeviceUse] = []
        for m in parsed.devices:
            count = _count_before(parsed.text, m)
            before = parsed.text[max(0, m.start - 20) : m.start].lower()
            # Address straps are stated right after the part they belong to ("INA219 strapped
            # A1=SDA, A0=GND and an ADS1115 with ADDR to GND").
            nxt = min((d.start for d in parsed.devices if d.start > m.start), default=None)
            straps = straps_in(parsed.text[m.end : nxt])
            strap_unknown = not straps and bool(_STRAP_UNKNOWN.search(parsed.text[m.end : nxt]))
            floating = STRAP_FLOATING.search(parsed.text[m.end : nxt])
            # So is a reference voltage ("an MCP3008 channel with VDD = VREF = 5 V").
            vm = _VREF_STATED.search(parsed.text[m.end : nxt])
            vref = float(vm.group(1)) if vm else None
            rails = rails_in(parsed.text[m.end : nxt])
            variant = m.variant or self._name_as_variant(m)
            existing = next(
                (
                    u
                    for u in uses
                    if u.device == m.device and u.variant == variant and u.straps == straps
                ),
                None,
            )
            if existing is not None:
                # "... TB6612FNG control inputs, with the TB6612FNG's Vcc at 5 V": the part
                # named again, not a second one ("a second CCS811", "two INA219s" are)
                again = count == 1 and (
                    m.text.endswith(("'s", "’s"))
                    or re.search(r"\b(?:the|its|that|this|same)\s+$", before)
                )
                existing.count += 0 if again else count
                existing.supply_v = existing.supply_v or m.supply_v or _main_rail(rails)
                existing.rails = existing.rails or rails
                existing.vref = existing.vref or vref
                existing.settings = existing.settings or settings_in(parsed.text[m.end : nxt])
                continue
            uses.append(
                DeviceUse(
                    m.device,
                    variant,
                    # "BME280, VDD and VDDIO both 3.3 V": a main supply pin given a voltage
                    m.supply_v
                    if m.supply_v is not None
                    else _main_rail(rails) or _version_supply(parsed.text, m.start, m.end, nxt),
                    count,
                    straps,
                    vref,
                    settings_in(parsed.text[m.end : nxt]),
                    "logic"
                    if _LOGIC_RAIL.search(parsed.text) and not _RAILS_TIED.search(parsed.text)
                    else "motor"
                    if _MOTOR_RAIL.search(parsed.text)
                    else None,
                    parsed.revisions,
                    rails=rails,
                    strap_unknown=strap_unknown,
                    strap_floating=floating.group(1).upper() if floating else None,
                    setting_open=bool(_SETTING_OPEN.search(parsed.text[m.end : nxt])),
                )
            )
        for device in dict.fromkeys(u.device for u in uses):
            same = [u for u in uses if u.device == device]
            if (
                len(same) == 2
                and len([u for u in same if u.variant]) == 1
                and same[0].straps == same[1].straps
            ):
                # "the SRD relay (SRD-12VDC-SL-C)", "an ACS712-05B ... good for the ACS712?":
                # one part named twice, once with its variant.
                first, other = same
                first.variant = first.variant or other.variant
                first.supply_v = first.supply_v if first.supply_v is not None else other.supply_v
                uses.remove(other)
        uses = _source_first(parsed, uses)
        rules = pick_rules(parsed.text, self.index, uses)
        if rules == ["bench"]:
            self._bench_point(parsed, uses)
        if rules in (["headroom"], ["thermal"]):
            uses[0].load = stated_load_current(parsed.text)
        elif "supply" in rules and len(uses) == 2:
            # "an SRB-5030 running 3 A out": the output current a converter being fed delivers
            uses[1].load = stated_load_current(parsed.text)
        if "signal_range" in rules:
            uses[0].sensed = stated_sensed_current(parsed.text)
        if rules == ["thermal"]:
            uses[0].package, uses[0].ambient = (
                stated_package(parsed.text),
                stated_ambient(parsed.text),
            )
        bus = None
        bm = re.search(r"\b(i2c|i²c|spi|uart|(?:1|one)-?wire)\b", parsed.text, re.I)
        if bm:
            bus = bm.group(1).upper().replace("²", "2")
            if "WIRE" in bus:
                bus = "1-WIRE"
        clock = stated_clock(parsed.text)
        if clock is not None and bus is None:
            bus = clocked_bus(self.index, uses)
        if clock is not None and bus in ("SPI", "I2C") and "pullup_level" not in rules:
            # "the SPI bus at 20 MHz": every part on it must take that clock; the addresses
            # are checked too only when the question asks about them.
            asks_address = re.search(r"(?i)\baddress|\bclash|\bconflict|\bcollid", parsed.text)
            rules = [r for r in rules if r != "i2c_address" or asks_address] + ["bus_clock"]
            for use in uses:
                # "can the ESP32 clock the radio at 10 MHz": that part's own limit is asked
                use.drives_clock = any(
                    _DRIVES_CLOCK.match(parsed.text[m.end :])
                    for m in parsed.devices
                    if m.device == use.device
                )
        checks = check_compatibility(
            self.index,
            uses,
            rules,
            bus,
            pullup_volts(parsed.text, one_part=len(uses) == 1),
            clock,
            _supply_span(parsed),
            one_way=bool(_ONE_WAY.search(parsed.text)),
            shunt=stated_shunt(parsed.text),
        )
        if (
            len(uses) == 2
            and combine(checks) == "insufficient_evidence"
            and all(
                c.outcome != "insufficient_evidence" or _LEVELS_MISSING.search(c.detail)
                for c in checks
            )
            and any(
                m.device == uses[1].device
                and (
                    _SIGNAL_AFTER.match(parsed.text[m.end :])
                    or _SIGNAL_BEFORE.search(parsed.text[: m.start])
                )
                for m in parsed.devices
            )
        ):
            # "With the ESP32 at 3.3 V, can I wire the HC-SR501 OUT pin to one of its GPIOs?":
            # the wording named the receiver first, and the levels to compare are missing
            # that way round; the other way round, they are there
            swapped = [uses[1], uses[0]]
            turned = pick_rules(parsed.text, self.index, swapped)
            if "signal_range" in turned:
                swapped[0].sensed = stated_sensed_current(parsed.text)
            again = check_compatibility(
                self.index, swapped, turned, bus, None, clock, _supply_span(parsed)
            )
            if combine(again) != "insufficient_evidence":
                checks = again
        if combine(checks) == "compatible":
            # "on a 400 kHz bus with 350 pF of bus capacitance": every figure the question
            # states must have been weighed before the parts are called compatible.
            checks.extend(
                CompatCheck(
                    rule="stated_condition",
                    outcome="insufficient_evidence",
                    detail=f"the question states {said}; no limit on it is among the facts "
                    "compared",
                )
                for said in _unweighed(parsed.text, items_of(checks))
            )
            if _TRANSIENT.search(parsed.text) and not any(
                _TRANSIENT.search(f"{i.parameter or ''} {i.condition or ''}")
                for i in items_of(checks)
            ):
                # steady-state limits say nothing of the dip during a load step
                checks.append(
                    CompatCheck(
                        rule="stated_condition",
                        outcome="insufficient_evidence",
                        detail="the question asks about a load step; no transient response is "
                        "among the facts compared",
                    )
                )
        rises = [c for c in checks if any(d.label.startswith("junction rise") for d in c.derived)]
        if rules == ["thermal"] and len(rises) == 1 and _ASKS_RISE.search(parsed.text):
            # "junction rise above ambient?": the rise is the figure asked, no verdict
            head = rises[0].detail.split("; no ambient")[0].split("; at ")[0]
            return _answered(parsed, head, items_of(rises), rises[0].derived, "computed")
        verdict = combine(checks)
        items = items_of(checks)
        derived = [d for c in checks for d in c.derived]
        lines = [f"{verdict.replace('_', ' ').capitalize()}"]
        for c in checks:
            lines.append(f"[{c.rule}: {c.outcome.replace('_', ' ')}] {c.detail}")
        status = "answered" if verdict != "insufficient_evidence" else "insufficient_evidence"
        return Answer(
            status=status,
            route="compatibility",
            question=parsed.text,
            answer=". ".join(lines),
            items=items,
            verdict=verdict,
            citations=_citations(items),
            checks=checks,
            derived=derived,
            reasons=[c.detail for c in checks if c.outcome == "insufficient_evidence"],
        )

    # ------------------------------------------------------------------ instrument accuracy
    def _accuracy(self, parsed: ParsedQuestion) -> Answer:
        """A reading's uncertainty; for each range or calibration interval the question names
        when it names two ("on the 10 V range, and on the 100 V range?")."""
        each = (
            [dataclasses.replace(parsed, ranges=[r]) for r in parsed.ranges]
            if len(parsed.ranges) > 1
            else [dataclasses.replace(parsed, intervals=[i]) for i in parsed.intervals]
        )
        if len(each) < 2:
            return self._accuracy_one(parsed)
        answers = [self._accuracy_one(p) for p in each]
        if any(a.status != "answered" for a in answers):
            return self._accuracy_one(parsed)
        first, *rest = answers
        for a in rest:
            first.items += a.items
            first.derived += a.derived
            first.answer += f". {a.answer}"
        first.citations = _citations(first.items)
        return first

    def _accuracy_one(self, parsed: ParsedQuestion) -> Answer:
        device = parsed.devices[0].device
        rows = accuracy_rows(self.index.device_facts(device))
        if parsed.reading is None:
            return self._insufficient(parsed, "simple", "reading: the question states no reading")
        from search.datasheets._accuracy import parse_amount

        token, unit = parsed.reading
        amount = parse_amount(f"{token} {unit}".replace("Ω", "ohm").replace("µ", "u"))
        if amount is None:
            return self._insufficient(parsed, "simple", f"reading: unit {unit!r} not understood")
        reading_si, base = amount
        rows = [r for r in rows if r.base_unit == base]
        # "AC volts", "2.000 V AC", "10 V AC range"; not "(AC broke)", the air conditioning
        func = re.search(
            r"\bac\b(?=\s*(?:volts?|voltage|current|amps?|range|reading|signal|mode|function"
            r"|sine|\(|at\b|on\b))|\d\s*(?:m?V|m?A)\s+ac\b",
            parsed.text,
            re.I,
        )
        rows = [
            r
            for r in rows
            if bool(func)
            == bool(re.search(r"\bac\b", r.function + " " + (r.fact.parameter or ""), re.I))
        ]
        if not rows:
            return self._insufficient(
                parsed, "simple", f"accuracy: {device} has no accuracy row for {base} readings"
            )
        # Several functions measure the same unit (constant current, current readback): keep
        # the rows whose function the question names, and the reading or setting it asks about.
        # ("read back current" names the current readback)
        q_words = content_words(re.sub(r"(?i)\bread(?:s|ing)?\s+back\b", "readback", parsed.text))
        overlap = [(len(q_words & content_words(r.function)), r) for r in rows]
        top = max(n for n, _ in overlap)
        if top > 0:
            rows = [r for n, r in overlap if n == top]
        # ("I send CURR 0.100": a set command with its value, not a query, is a setting; "set
        # to 24.000 V and MEAS:VOLT? answers 24.0000": the query's reply is a reading, unless
        # the closing question asks about the setting)
        asked = final_question(parsed.text) or parsed.text
        basis = (
            "setting"
            if (
                re.search(r"\bset(?:ting|[- ]?point)?\b|\bprogram|\bsen[dt]\b", parsed.text, re.I)
                or re.search(r"\b(?:CURR|VOLT|RES|POW)\s+[-+]?\d", parsed.text)
            )
            and not (
                QUERY_RETURNS.search(parsed.text)
                and not re.search(r"\bsett?ing\b|\bset ?point\b|\bprogramm", asked, re.I)
            )
            else "reading"
        )
        if any(r.basis == basis for r in rows):
            rows = [r for r in rows if r.basis == basis]
        notes: list[str] = []
        if parsed.instrument_range is not None:
            r_tok, r_unit = parsed.instrument_range
            r_amount = parse_amount(f"{r_tok} {r_unit}".replace("Ω", "ohm"))
            wanted = r_amount[0] if r_amount else None
            rows = [
                r
                for r in rows
                if r.range_si is not None
                and wanted is not None
                and abs(r.range_si - wanted) <= 1e-9 * max(1.0, wanted)
            ]
            if not rows:
                return self._insufficient(
                    parsed, "simple", f"range: {device} states no {r_tok} {r_unit} range"
                )
        else:
            holding = sorted(
                {
                    r.range_si
                    for r in rows
                    if r.range_si is not None and r.range_si >= abs(reading_si)
                }
            )
            if holding and len({r.range_si for r in rows}) == 1:
                notes.append(f"{rows[0].range_text} is the only range stated for this function")
            elif holding:
                rows = [r for r in rows if r.range_si == holding[0]]
                notes.append(
                    f"no range named: the smallest range that holds the reading is "
                    f"{rows[0].range_text}"
                )
        if parsed.interval:
            rows = [r for r in rows if r.interval == parsed.interval]
            if not rows:
                return self._insufficient(
                    parsed, "simple", f"interval: no {parsed.interval} accuracy row"
                )
        elif len({r.interval for r in rows}) > 1:
            notes.append("no calibration interval named: one figure per interval")
        lines: list[str] = []
        derived: list[Derived] = []
        items: list[AnswerItem] = []
        for row in rows:
            try:
                u = compute_uncertainty(row, reading_si, token, unit)
            except AccuracyError as exc:
                return Answer(
                    status="insufficient_evidence",
                    route="simple",
                    task="accuracy",
                    question=parsed.text,
                    answer=f"Refused: {exc}",
                    items=[item_from_fact(row.fact)],
                    citations=[row.fact.citation],
                    reasons=[str(exc)],
                )
            outside = self._outside_band(parsed, row)
            if outside is not None:
                ambient, edge, band, tc = outside
                u2 = with_temperature_coefficient(u, tc, ambient, edge, token) if tc else None
                if u2 is None:
                    return self._insufficient(
                        parsed,
                        "simple",
                        f"scope_named: {device} accuracy is specified for {band} only "
                        f"({row.fact.citation}); no temperature coefficient is stated for the "
                        f"{row.range_text} range to extend it",
                    )
                u = u2
                items.append(item_from_fact(tc))
            lines.append(f"{device} {u.text} [{row.fact.citation}]")
            derived.extend(u.derived)
            item = item_from_fact(row.fact)
            item.applies_to.setdefault("range", row.range_text)
            item.applies_to.setdefault("calibration_interval", row.interval_text)
            item.applies_to["reading"] = f"{token} {unit}"
            item.applies_to["uncertainty"] = f"±{u.shown} {u.unit}"
            if item.unit is None and row.per == "ppm":
                item.unit = "ppm"  # "20 + 5": ppm of reading + ppm of range
            items.append(item)
        return Answer(
            status="answered",
            route="simple",
            task="accuracy",
            question=parsed.text,
            answer=". ".join(lines + notes),
            items=items,
            derived=derived,
            citations=_citations(items),
        )

    def _outside_band(
        self, parsed: ParsedQuestion, row: Any
    ) -> tuple[float, float, str, Fact | None] | None:
        """The stated ambient outside the temperature band an accuracy row is specified for,
        the band's nearer edge, the band, and the temperature coefficient the manual states for
        that range (None if none); None when no ambient outside the band is stated."""
        bm = re.search(
            r"(\d+(?:\.\d+)?)\s*to\s*(\d+(?:\.\d+)?)\s*(?:°\s?C|deg\s?C)",
            f"{row.fact.condition or ''} {row.fact.parameter or ''}",
        )
        ambient = [float(m.group(1)) for m in _AMBIENT.finditer(parsed.text)]
        if bm is None or not ambient:
            return None
        lo, hi, t = float(bm.group(1)), float(bm.group(2)), ambient[0]
        if lo <= t <= hi:
            return None
        want = _norm_range(row.range_text or "")
        tc = next(
            (
                f
                for f in self.index.device_facts(row.fact.device)
                if f.spec == "drift"
                and "temperature coefficient" in (f.parameter or "").lower()
                and _norm_range(re.sub(r"\s*range$", "", f.condition or "")) == want
            ),
            None,
        )
        return t, lo if t < lo else hi, f"{bm.group(1)} to {bm.group(2)} degC", tc

    # ------------------------------------------------------------------ final checks
    def _also_stated(self, items: Sequence[AnswerItem], rows: bool = True) -> list[str]:
        """Other places of the same documents that state an item's figures under the same
        conditions (a front-page feature list repeating the characteristics table; with
        ``rows`` False, only a notice's line for the item's board revisions)."""

        def key(x: Fact | AnswerItem) -> tuple[Any, ...]:
            numbers = tuple(re.findall(r"\d+(?:\.\d+)?", x.condition or ""))
            return (x.device, x.spec, x.min, x.typ, x.max, x.unit, numbers)

        out: list[str] = []
        for item in items:
            if item.min is None and item.typ is None and item.max is None:
                continue
            revisions = item.applies_to.get("board_revision") or []
            figure = item.max if item.max is not None else item.typ
            for f in self.index.device_facts(item.device) if rows else ():
                if (
                    f.citation != item.citation
                    and f.superseded_by is None
                    and key(f) == key(item)
                    and not _of_another_variant(f, item)
                ):
                    out.append(f.citation)
            for f in self.index.statements(item.device) if revisions else ():
                if (
                    f.value == figure
                    and f.unit == item.unit
                    and _names_revisions(f.parameter, revisions)
                ):
                    # a notice's line per revision ("Revision C: 36.0 V, per the datasheet")
                    out.append(f.citation)
        return list(dict.fromkeys(out))

    def _finish(self, answer: Answer, parsed: ParsedQuestion) -> Answer:
        """Trace every number of the answer to cited evidence; downgrade on any violation."""
        cited = set(answer.citations)
        # A cited fact's evidence is its source words plus the scope and condition it was
        # filed under (a table's column header: "90 day", "10 V range").
        evidence = []
        for i in answer.items:
            if i.citation in cited:
                evidence.append(i.evidence)
                evidence.append(i.condition or "")
                evidence.extend(
                    str(v) for k, v in i.applies_to.items() if k not in ("reading", "uncertainty")
                )
        if answer.status == "answered":
            # (a verdict's facts are many: only a notice's line for the revision is added)
            rows = answer.route != "compatibility"
            for place in self._also_stated(answer.items, rows=rows):
                if place not in answer.citations:
                    answer.citations.append(place)
                    answer.reasons.append(f"evidence_present: the same figures are at {place}")
        for i in answer.items:
            if i.superseded_by and i.superseded_by not in cited:
                answer.citations.append(i.superseded_by)
                answer.reasons.append(
                    f"scope_named: added {i.superseded_by}, which supersedes {i.citation}"
                )
        violations = trace_numbers(answer.answer, evidence, parsed.text, answer.derived)
        if violations:
            answer.violations = violations
            if answer.status == "answered":
                answer.status = "unvalidated"
                answer.reasons.append(f"number_trace: {violations} are in no cited evidence")
        if answer.status == "answered" and self.llm is not None:
            phrased = self.llm.phrase(parsed.text, answer.answer)
            if phrased and not trace_numbers(phrased, evidence, parsed.text, answer.derived):
                answer.answer = phrased
            elif phrased:
                answer.reasons.append("llm: rephrasing dropped, it added untraced numbers")
        return answer


# A question about a part's pins: "which pin", "which HX711 pin", "pin number", "pin 15"
_ASKS_PIN = re.compile(
    r"\b(?i:which|what)\s+(?:[A-Z][\w-]*'?s?\s+)?(?i:pins?)\b"  # "which HX711 pin"
    r"|(?i:\bpin\s*(?:#|no\.?|number)|\bpin\s*\d{1,2}\b|\bpinout\b)"
    # a board's test points and connector pins: "what is TP4", "which test point"
    r"|\bTP\d{1,2}\b|\bJ\d-\d\b|(?i:\b(?:which|what)\s+test\s*points?\b)"
)
# Signals said to go one way between two parts ("ESP32 SPI outputs into an MCP3008").
_ONE_WAY = re.compile(r"(?i)\b(?:outputs?|inputs?|driv(?:es?|ing|en)|into|feed(?:s|ing)?)\b")

# A question up to its "?" that asks nothing with a wh-word: a check of what it states
_NOTHING_ELSE_ASKED = r"^(?!.*\b(?:what|how|which|why|when|where|who)\b)[^?]*"
_CHECK_CUE = re.compile(
    r"\b(?:ok|okay|fine|safe(?:ly)?|allow(?:ed|s)?|permitted|within|inside|outside|exceed(?:ed|s)?"
    r"|too (?:high|low)|fast enough|keep up"
    r"|tolerate|survive|handle|withstand|acceptable|possible|suitable|in spec|in range|happy"
    r"|cope|work|run|accept|take|directly|enough)\b|\bstraight (?:from|off|into|to|on)\b"
    r"|\b(?:supply|supplied|powered|power|fed|feed)\s+(?:it\s+)?(?:from|off|by)\b"
    r"|\bcan (?:i|it|we|they|you|the|an?|this|one)\b|\bis it\b|\bwill (?:it|the|an?|one)\b"
    r"|\bany (?:issues?|problems?|concerns?)\b"  # "off my 24 V motor supply - any issue?"
    r"|\brated (?:for|to) (?:that|it|this|[-+]?\d)"  # "-20 C in winter. Is it rated for that?"
    r"|\bsign(?:ed)?[- ]off\b"  # "Can QA sign off?"
    r"|\bgood to go\b|\bgo ahead\b|\bgo or no[- ]go\b"  # "on their 36 V rail. Good to go?"
    r"|^\W*switch(?:ing)?\b"  # "Switch a 16 A heater with the relay's contacts?"
    # "powering a 2.5 A load at 80 C?"
    r"|\b(?:powering|feeding|supplying|running) (?:an? |the )?\d+(?:\.\d+)?\s*m?A\b"
    r"[^.?]{0,20}\bload\b"
    # "srb5030 rev B on a 36V industrial rail?", "VM from a 15 V bench supply?": a part on a
    # supply, nothing else asked
    rf"|{_NOTHING_ELSE_ASKED}\b(?:on|from|off)"
    r" (?:an?|the|my|our|their)\b"
    r"[^?]{0,30}?\d+(?:\.\d+)?\s*V(?:\s+[\w-]+){0,3}?\s+(?:rail|supply|battery|pack|bus|line)s?\b"
    r"[^?]{0,30}\?\s*$"
    # "tb6612fng driving a 24 V motor (VM = 24 V)?": a part on a load of that voltage, nothing
    # else asked
    rf"|{_NOTHING_ELSE_ASKED}\b(?:driving|running|powering)\s+"
    r"(?:an?|the|my|our|their)\s+\d+(?:\.\d+)?\s*V\b[^?]*\?\s*$",
    re.IGNORECASE,
)
# Ratings whose one printed figure is what the part may carry at most ("Nominal switching
# 10 A"): a stated value is checked against it as a maximum.
_CAPACITY_SPECS = frozenset(
    {
        "contact_rating",
        "contact_current",
        "contact_voltage",
        "max_switching_power",
        "output_current",
    }
)
_STATED = re.compile(
    # (not the "-20A" of a part number, "ACS712ELCTR-20A")
    r"(?<![\w.])(?<![A-Za-z0-9][-−])([-+−]?\d+(?:\.\d+)?)\s*(mV|kV|V|µA|uA|mA|A|°C|degC|℃|kHz|MHz|Hz|ms|µs|us|ns|s"
    # a flow, a pressure, an illuminance: what a sensor is asked to measure
    r"|L/min|kPa|hPa|MPa|lx"
    # "about 0.3 ohm source impedance": a resistance the part is given
    r"|[mk]?Ω|[mk]?ohms?"
    # "nights reach -20 C": degrees written without the sign, the number a space before
    r"|(?<=\d )C)"
    r"(?![\w/])"
)
# Times the part itself takes: a stated interval is long enough when it is at least the
# longest of them ("a reading every 500 ms" against a 750 ms conversion).
_DURATION_SPECS = frozenset(
    {
        "conversion_time",
        "response_time",
        "warm_up_time",
        "output_settling_time",
        "power_on_time",
        "startup_time",
        "delay_time",
    }
)


# Words that name a kind of quantity, not which one: alone they match too many rows.
_KIND_WORDS = frozenset(
    [
        "voltage",
        "current",
        "power",
        "time",
        "frequency",
        "output",
        "input",
        "supply",
        "temperature",
        "resistance",
        "mode",
        "level",
        "high",
        "low",
        "pin",
        "rate",
        "signal",
        "value",
        "total",
    ]
)


# Quantities a question may name that no other figure stands in for: a row that is none of them
# does not answer ("gyro noise" is not the gyro sensitivity).
_OWN_QUANTITIES = {
    "resistance": "Ω",
    "impedance": "Ω",
    "capacitance": "F",
    "inductance": "H",
    "noise": None,
}


def _quantity_not_answered(question: str, items: Sequence[AnswerItem]) -> str | None:
    """The quantity the question names (outside its stated conditions) that no item is."""
    asked = content_words(_without_conditions(question))
    last = final_question(question)
    if last is not None:
        # "Explaining source impedance to students: how big is the sample capacitor?": the
        # question asked last names the quantity; what comes before is its setting
        asked = content_words(_without_conditions(last))
    for word, dim in _OWN_QUANTITIES.items():
        if word not in asked or not items:
            continue
        if not any(
            word in f"{i.spec} {i.parameter or ''}".lower().replace("_", " ")
            or (dim is not None and i.unit and unit_dimension(i.unit, i.spec) == dim)
            for i in items
        ):
            return word
    return None


# A quantity word and the dimension of a row that measures it.
_QUANTITY_DIMENSION = {
    **QUANTITY_DIMENSION,
    "rate": "Hz",
    "clock": "Hz",
    "impedance": "Ω",
    "inductance": "H",
    "pressure": "Pa",
}


# Words that name a kind of part: a label sharing only these with a question is about another row.
_PART_WORDS = frozenset(
    ["relay", "sensor", "module", "chip", "device", "part", "board", "regulator", "driver", "pin"]
)


def _sibling_parts(facts: Iterable[Fact]) -> tuple[tuple[str, str], ...]:
    """Variants a datasheet lists under part names of their own ("LM7812" in the LM78xx
    datasheet), as (part name, model) pairs; a variant that extends a name of its model
    ("AMS1117-3.3", "INA219A") is already found through that name."""
    out: dict[str, str] = {}
    for f in facts:
        v = f.variant
        if not v or v in out or not PART_NUMBER.fullmatch(v):
            continue
        names = [squash(n) for n in (f.device, *DEVICES.get(f.device, ()))]
        if not any(squash(v).startswith(n) for n in names):
            out[v] = f.device
    return tuple(sorted(out.items()))


# A stated condition: "at nominal coil voltage", "with VDD = 3.3 V", "@ 25 °C", up to the next
# punctuation or "versus".
_CONDITION_CLAUSE = re.compile(
    r"(?i)(?:(?<=\S\s)\b(?:at|with|under|over)\b(?!\s+(?:what|which|how)\b)|@)"
    # up to a clause's or a sentence's end ("at about 0.3 A. Max voltage lost...", "at +20 dBm
    # - what duty cycle ...")
    r"(?:(?!\b(?:versus|vs\.?|and|compared)\s+(?![±+\-−]?\d))(?!\.(?:\s|$))(?!\s[-–—]\s)"
    r"[^,;:?()])*"
)


def _without_conditions(text: str, numeric_only: bool = False) -> str:
    """The question without its stated conditions (all, or only those that state a number)."""
    return _CONDITION_CLAUSE.sub(
        lambda m: m.group(0) if numeric_only and not re.search(r"\d", m.group(0)) else " ", text
    )


def _setting_spans(text: str) -> list[tuple[int, int]]:
    """Where a question states a setting: a condition clause or a bracket with a number, or
    the package it is asked for ("in the Multiwatt15 package", "in SOT-223")."""
    return [
        m.span()
        for m in itertools.chain(_CONDITION_CLAUSE.finditer(text), re.finditer(r"\([^()]*\)", text))
        if re.search(r"\d", m.group(0))
    ] + [
        m.span() for m in itertools.chain(_PACKAGE_NAMED.finditer(text), _FSR_NAMED.finditer(text))
    ]


# "FSR ±2.048 V", "±2.048 V FSR", "PGA = ±4.096 V", "±8g full scale": the range a figure is
# asked at
_FSR_NAMED = re.compile(
    r"(?i)\b(?:fsr|pga|full[- ]scale(?: range)?)\b\s*(?:=|:|of)?\s*(?:±|\+/-)\s*\d+(?:\.\d+)?\s*"
    r"(?:V|g|[°º]/s|dps)(?!\w)"
    r"|(?:±|\+/-)\s*\d+(?:\.\d+)?\s*(?:V|g|[°º]/s|dps)\s*(?:fsr|full[- ]scale(?: range)?)\b"
)
_PACKAGE_NAMED = re.compile(
    r"(?i)\b(?:in|for) (?:the |a |an )?[\w-]*\d[\w-]*(?: \([\w-]+\))? package\b"
)


def _without_settings(text: str) -> str:
    for a, b in sorted(_setting_spans(text), reverse=True):
        text = text[:a] + " " + text[b:]
    return text


def _outside_settings(parsed: ParsedQuestion) -> tuple[list[tuple[str, ...]], list[str]]:
    """The spec phrases (and their specs) that are not part of a stated setting: "INL (8 SPS,
    ±2.048 V FSR)" asks the nonlinearity at that data rate and range, not the data rate."""
    spans = _setting_spans(parsed.text)
    specs: list[tuple[str, ...]] = []
    phrases: list[str] = []
    for cands, phrase in zip(parsed.specs, parsed.spec_phrases, strict=True):
        at = re.search(re.escape(phrase), parsed.text, re.IGNORECASE)
        # "with about ±50 ppm accuracy": an accuracy required is the figure asked, not a
        # setting it is asked at
        required = at is not None and re.search(
            r"±\s*\d+(?:\.\d+)?\s*\S*\s*$", parsed.text[: at.start()]
        )
        if (
            at is None
            or ("accuracy" in cands and required)
            or not any(a <= at.start() < b for a, b in spans)
        ):
            specs.append(cands)
            phrases.append(phrase)
    return specs, phrases


_ASKS_COUNT = re.compile(
    r"(?i)\bhow many (?!(?:[mµun]?s|(?:milli|micro|nano)?seconds?|minutes?|hours?|days?|years?)\b)"
)


def _label_words(f: Fact) -> frozenset[str]:
    """The words a row is known by: its printed label, its symbol and its spec name."""
    return _known_by(f.parameter, f.spec, f.symbol or "")


@functools.lru_cache(maxsize=8192)
def _known_by(parameter: str, spec: str, symbol: str) -> frozenset[str]:
    # Every lookup weighs all of a part's rows: the words of each are worked out once. A
    # symbol of three letters or more is a word engineers write ("INL", "tPO", "PSRR"); shorter
    # ones ("VS", "IO") read as ordinary words.
    sym = {symbol.lower()} if len(symbol) >= 3 and re.fullmatch(r"[A-Za-z]\w+", symbol) else set()
    return frozenset(_stems(parameter) | _stems(spec.replace("_", " ")) | sym)


# Abbreviations datasheets and engineers use for a row whose label spells it out (or the other
# way round): each stands for its words as well.
_ABBREVIATIONS = {
    "vin": "input voltage",
    "sinad": "signal noise distortion",
    "snr": "signal noise ratio",
    "thd": "total harmonic distortion",
    "sfdr": "spurious free dynamic range",
    "psrr": "power supply rejection ratio",
    "cmrr": "common mode rejection ratio",
    "gbw": "gain bandwidth product",
    "gbwp": "gain bandwidth product",
    "inl": "integral nonlinearity",
    "dnl": "differential nonlinearity",
    "enob": "effective number bits",
    "esd": "electrostatic discharge",
    "por": "power on reset",
    "ldo": "low dropout regulator",
    "nv": "nonvolatile memory eeprom",
    "temp": "temperature",
    "pot": "potentiometer",
    "gyro": "gyroscope",
    "res": "resolution",
    "accel": "accelerometer",
}


def _no_joined(text: str) -> str:
    """ "No-load input current" is about no load: it shares no "load" with "load current"."""
    return re.sub(r"(?i)\bno-(?=[a-z])|\bno (?=load\b)", "no", text)


# "a 24 V rail that can be 10% high", "24 V with ±10 % tolerance": a rail and how far it moves
_RAIL_TOLERANCE = re.compile(
    r"(?i)(?:±|\+/-)?\s*(\d+(?:\.\d+)?)\s*%\s*(?:high|over|above|tolerance|up)"
    r"|(?:±|\+/-)\s*(\d+(?:\.\d+)?)\s*%"
)
_ASKS_MARGIN = re.compile(r"(?i)\b(?:margin|headroom)\b")
_NAMED_RAIL_VOLTS = re.compile(
    r"(?<![\w.])(\d+(?:\.\d+)?)\s*V\b(?=\s+(?:\w+\s+)?(?:bus|rail|supply|battery)\b)"
)


# "what rail do the caps support under DR-14 / the 1.5x derating rule"
_ASKS_DERATED_RAIL = re.compile(r"(?i)\bDR-\d+\b|\bderating\b")
_CAPACITOR_WORDS = r"\bcap(?:s|acitors?)?\b|\bceramics?\b|\bMLCCs?\b|\bC\d+\s*(?:/|and)\s*C\d+\b"
_CAPACITOR = re.compile(_CAPACITOR_WORDS, re.IGNORECASE)


def _raw_through_scale(parsed: ParsedQuestion, answer: Answer) -> None:
    """ "the Z axis reads a raw 2048 (AFS_SEL=2): how many g?": the raw count divided by the one
    scale factor found for the setting stated (4096 LSB/g), in the unit it scales to."""
    said = list(_RAW_COUNT.finditer(parsed.original))
    scales = [
        it
        for it in answer.items
        if it.spec == "sensitivity"
        and (it.unit or "").startswith("LSB/")
        and isinstance(it.typ, int | float)
    ]
    if len(said) == 1 and len(scales) == 1:
        _raw_by_scale(answer, float(said[0].group(1)), scales[0])
    elif len(said) == len(scales) == 2:
        # "Accel X reads 2048 and gyro Z reads -6550": each count by the scale of the sensor
        # named last before it
        for m in said:
            before = parsed.original[: m.start()]
            named = {
                max((w.start() for w in re.finditer(sensor, before, re.I)), default=-1): it
                for it in scales
                if (sensor := _SENSOR_OF_SCALE.get(_scaled_unit(it)))
            }
            if max(named, default=-1) >= 0:
                _raw_by_scale(answer, float(m.group(1)), named[max(named)])


# what a scale's unit measures, by the word for its sensor ("LSB/g": the accelerometer's)
_SENSOR_OF_SCALE = {"g": r"\baccel", "º/s": r"\bgyro", "°/s": r"\bgyro"}


def _scaled_unit(scale: AnswerItem) -> str:
    return (scale.unit or "")[len("LSB/") :].removeprefix("(").removesuffix(")")


def _raw_by_scale(answer: Answer, raw: float, scale: AnswerItem) -> None:
    unit = _scaled_unit(scale)
    result = round(raw / float(scale.typ), 9)  # type: ignore[arg-type]
    expression = f"{format_number(raw)} / {format_number(scale.typ)}"
    answer.derived.append(
        Derived(
            label="raw count through the scale factor",
            expression=expression,
            result=result,
            unit=unit,
        )
    )
    answer.answer += (
        f". A raw {format_number(raw)} is {expression} = {format_number(result)} {unit} "
        f"[{scale.citation}]"
    )


# A signed figure as datasheets print it ("–55°C": an en dash for the minus sign).
_SIGNED = r"[-+−–]?\d+(?:\.\d+)?"
_UNIT_IN = {"%RH": r"%\s*RH\b", "°C": r"(?:°\s?C|deg(?:rees)?\s?C)\b", "V": r"V\b"}
# A span of one unit: "20…80 %RH", "–55°C to +125°C", "8 V to 12 V"
_SPAN_IN = {
    unit: re.compile(rf"(?<![\w.])({_SIGNED})\s*(?:{u})?\s*(?:…|\.\.\.|to|-|–)\s*({_SIGNED})\s*{u}")
    for unit, u in _UNIT_IN.items()
}
_LEVEL_IN = {unit: re.compile(rf"(?<![\w.…])({_SIGNED})\s*{u}") for unit, u in _UNIT_IN.items()}


def _signed(text: str) -> float:
    return float(re.sub("[−–]", "-", text))


def _outside_condition(parsed: ParsedQuestion, answer: Answer) -> None:
    """ "BME280 at around 90 %RH: what humidity accuracy?": a level the question states outside
    the span every row found is printed for ("20…80 %RH") is not covered by those rows; the
    answer says so and keeps them as what the datasheet does give."""
    if parsed.route != "simple" or not answer.items:
        return
    for unit in ("%RH", "°C"):
        span_rx = _SPAN_IN[unit]
        # (a span the question states, "from -40 to 0 °C", is no single level)
        levels = _LEVEL_IN[unit].findall(span_rx.sub(" ", parsed.original))
        spans = [
            [(_signed(a), _signed(b)) for a, b in found]
            for it in answer.items
            if (found := span_rx.findall(it.condition or ""))
        ]
        if len(levels) != 1 or len(spans) != len(answer.items):
            continue
        level = _signed(levels[0])
        if all(not any(lo <= level <= hi for lo, hi in sp) for sp in spans):
            _withhold(
                answer,
                f"every row found is printed for a span without {level:g} {unit}",
                f"no figure is stated at {level:g} {unit}; the rows found are for other "
                "conditions.",
            )
            return


def _bound_not_given(index: FactIndex, parsed: ParsedQuestion, answer: Answer) -> None:
    """ "MCP3008 from 2.7 V: maximum operating current there?": when the rows found for the
    condition stated print only a typical, and the datasheet prints the maximum asked only at
    another condition (550 µA at 5 V), the maximum is not given there; the typical is said as
    what the datasheet does give, and the question is not answered with it."""
    bound = parsed.bound
    if parsed.route != "simple" or bound not in ("min", "max") or not answer.items:
        return
    if any(
        isinstance(it.value, str) or getattr(it, bound) is not None or it.tolerance is not None
        for it in answer.items
    ) or any(it.typ is None for it in answer.items):
        return
    if any(
        f.spec == it.spec
        and f.section_kind == it.section_kind
        and getattr(f, bound) is not None
        and f.condition != it.condition
        for it in answer.items
        for f in index.device_facts(it.device)
    ):
        _withhold(
            answer,
            f"no {bound}imum is stated for the condition asked, only a typical",
            f"the datasheet states no {bound}imum there, only a typical.",
        )


# Figures that hold only over the range a part measures (``_outside_working_range``), and a
# level stated with its unit ("at 0.5 L/min")
_HELD_IN_RANGE = frozenset({"accuracy", "sensitivity", "nonlinearity", "resolution"})
_STATED_LEVEL = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*([A-Za-z°%µ][\w/°%µ]*)")


def _levels(text: str) -> list[tuple[str, float, str]]:
    """The levels a text states with a unit: as written, in SI, and the SI unit."""
    out = []
    for m in _STATED_LEVEL.finditer(text):
        try:
            level, unit = to_si(float(m.group(1)), m.group(2))
        except (UnknownUnitError, ValueError):
            continue
        out.append((m.group(0), level, unit))
    return out


# the bound a limit footnote states: "In no event should more than 26 V be applied"
_FOOTNOTE_BOUND = re.compile(r"(?i)\bmore than (\d+(?:\.\d+)?)\s*(V|A|mA|W)\b")


def _footnotes_once(lines: list[str]) -> list[str]:
    """Rows that share a footnote (each BRNG setting of "Bus voltage range (2)") say it once."""
    said: set[str] = set()
    out = []
    for line in lines:
        m = re.search(r" \(footnote: .*\)$", line)
        if m and m.group(0) in said:
            line = line[: m.start()]
        elif m:
            said.add(m.group(0))
        out.append(line)
    return out


def _withhold(answer: Answer, reason: str, lead: str) -> None:
    """Turn an answer whose rows do not answer the question into insufficient evidence, its
    rows kept after ``lead`` as what the documents do give."""
    answer.status = "insufficient_evidence"
    answer.reasons.append(reason)
    answer.answer = f"Insufficient evidence: {lead} {answer.answer}"


def _margin_below(parsed: ParsedQuestion, answer: Answer) -> None:
    """ "a 24 V rail that can be 10 % high (or that peaks at 30 V): how much margin below the
    maximum input?": the rail at its high end, and what is left below the one operating maximum
    the answer found."""
    tol = _RAIL_TOLERANCE.search(parsed.text)
    # ("Customer's 24 V bus has ±10% tolerance": a rail named by its voltage, no preposition)
    rails = set(parsed.stated_voltages) or {
        float(v) for v in _NAMED_RAIL_VOLTS.findall(parsed.text.split("?")[0])
    }
    tops = {
        (it.max, it.citation)
        for it in answer.items
        if it.section_kind != "absolute_maximum" and it.unit == "V" and it.max is not None
    }
    if not (_ASKS_MARGIN.search(parsed.text) and len(rails) == 1 and len(tops) == 1):
        return
    (rail,), ((top, cite),) = rails, tops
    # the rail as stated ("a rail that peaks at 30 V"), or at its high end ("24 V ±10 %")
    high, worst, said = rail, format_number(rail), f"{format_number(rail)} V at most"
    if tol is not None:
        pct = tol.group(1) or tol.group(2)
        high = rail * (1 + float(pct) / 100)
        worst = f"{format_number(rail)} * (1 + {pct} / 100)"
        said = f"{format_number(rail)} V + {pct} % = {format_number(round(high, 6))} V at worst"
        answer.derived.append(
            Derived(label="rail at its high end", expression=worst, result=round(high, 9), unit="V")
        )
    answer.derived.append(
        Derived(
            label="margin below the maximum",
            expression=f"{format_number(top)} - {worst}",
            result=round(top - high, 9),
            unit="V",
        )
    )
    answer.answer += (
        f". {said}; {format_number(top)} V [{cite}] - {format_number(round(high, 6))} V = "
        f"{format_number(round(top - high, 6))} V margin"
    )


# "expressed in amperes", "as an absolute current", "in A"
_ASKS_IN_AMPS = re.compile(
    r"(?i)\b(?:in\s+(?P<milli>milliamps?|milliamperes?|mA\b)|in\s+(?:amps?|amperes?|A)\b"
    r"|absolute current|how many amps)"
)
_STATED_CURRENT = re.compile(r"(?<![\w.])(?<![A-Za-z0-9][-−])±?\s*(\d+(?:\.\d+)?)\s*A\b")


def _percent_as_current(parsed: ParsedQuestion, answer: Answer) -> None:
    """ "total output error at 20 A, in amperes": an error printed as ± % of the current
    measured, worked out at the one current the question states (±1.5 % of 20 A = ±0.3 A)."""
    currents = {float(m.group(1)) for m in _STATED_CURRENT.finditer(parsed.text)}
    errors = [
        it
        for it in answer.items
        if it.unit == "%" and it.max is not None and it.spec in ("accuracy", "total_error")
    ]
    # (as typed: the text read normalises "how many amps" to "how much current")
    asked = _ASKS_IN_AMPS.search(parsed.original)
    if not (asked and len(currents) == 1 and len(errors) == 1):
        return
    (current,), (it,) = currents, errors
    assert it.max is not None
    scale, unit = (1000.0, "mA") if asked.group("milli") else (1.0, "A")
    d = Derived(
        label=f"{it.device} error at {format_number(current)} A",
        expression=f"{format_number(it.max)} / 100 * {format_number(current)}"
        + (" * 1000" if scale != 1 else ""),
        result=round(it.max / 100 * current * scale, 9),
        unit=unit,
    )
    answer.derived.append(d)
    answer.answer += (
        f". ±{format_number(it.max)} % of {format_number(current)} A = "
        f"±{format_number(d.result)} {unit}"
    )


def _head_hit(label: str, q_words: set[str]) -> int:
    """Whether the word a label puts before its quantity ("Primary Conductor Resistance":
    "conductor") is one of the question's: it tells which of two equally matched rows is meant
    ("the resistance of its internal current conductor", not "Internal Filter Resistance")."""
    words = re.findall(r"[a-z][a-z0-9]+", label.lower())
    kinds = [i for i, w in enumerate(words) if i and _stem(w) in _KIND_WORDS]
    return int(
        bool(kinds)
        and _stem(words[kinds[-1]]) in q_words
        and _stem(words[kinds[-1] - 1]) in q_words
    )


# A word a document uses for another word of a row's label: a "period" between readings is
# the "interval" between them.
_LABEL_SYNONYMS = {"period": "interval", "interval": "period"}
_REQUIRES = re.compile(r"(?i)\b(?:must|shall|at least|no less than|minimum of)\b")


def _sentence_states(f: Fact, label: set[str], same_figures: bool) -> bool:
    """Whether a sentence stating a row's figures is about that row: it names two words of the
    row's label, or it requires the row's one figure as its bound in a word for the label ("the
    interval of whole process must beyond 2 seconds" for "Collecting period 2 s")."""
    words = _stems(f.evidence)
    if len(label & words) >= 2:
        return True
    synonyms = {_LABEL_SYNONYMS[w] for w in label if w in _LABEL_SYNONYMS}
    return (
        same_figures
        and (f.min is None) != (f.max is None)
        and bool((label | synonyms) & words)
        and _REQUIRES.search(f.evidence) is not None
    )


def _stems(text: str) -> set[str]:
    """Content words with a plural "s" taken off ("pulses" meets "pulse"), and each pair of
    neighbouring words run together ("wave length" meets "wavelength"); an abbreviation also
    stands for the words it shortens ("SINAD")."""
    text = text.replace("²", "2")  # "I²C" is "I2C"
    low = text.lower()
    expanded = [_ABBREVIATIONS[w] for w in re.findall(r"[a-z]+", low) if w in _ABBREVIATIONS]
    if expanded:
        text = f"{text} {' '.join(expanded)}"
    text = _no_joined(text)
    # One spelling for words English writes two ways ("litre", "liter").
    text = re.sub(r"(?i)\b(lit|met|cent)re(s?)\b", r"\1er\2", text)
    words = re.findall(r"[a-z][a-z0-9]+", text.lower())
    joined = {a + b for a, b in itertools.pairwise(words)}
    return {_stem(w) for w in content_words(text) | joined}


def _bare_ing(word: str) -> str | None:
    """A verb's "-ing" form bare ("powering": "power", "sending": "send"), else None."""
    return word[:-3] if len(word) > 6 and word.endswith("ing") else None


def _with_bare_ing(words: set[str]) -> set[str]:
    """The words and their "-ing" forms bare: "after powering up" meets "power on"."""
    return words | {b for w in words if (b := _bare_ing(w))}


def _stem(word: str) -> str:
    """A word with a plural "s" taken off, a short verb's "-ing" form made the verb, and
    "-ation"/"-ated" forms of one verb made one ("compensated" meets "Compensation"), as are
    an "-ersion" noun and its verb ("Convert T" meets "Conversion Time")."""
    word = word[:-1] if len(word) > 4 and word.endswith("s") else word
    word = re.sub(r"(?<=^\w{2})([bdgmnprt])\1ing$", r"\1", word)  # "running" meets "run"
    word = re.sub(r"(?<=\w{3})ersion$", "ert", word)
    return re.sub(r"(?<=\w{4})(?:ation|ated|ating)$", "ate", word)


# Wording that puts one part on another's output: "from an SRB-5030", "as the VCC for",
# "an AMS1117-3.3 rail".
_SUPPLY_CUE = re.compile(
    r"(?i)\b(?:from|off|rail|suppl(?:y|ies|ied)|power(?:ed|s|ing)?|feeds?|vcc|vdd|vin)\b"
)

# "…, and how long high puts it into power-down?": a second question after the first
_TWO_ASKS = re.compile(r"(?i)\band\s+(?:how|what|which|when|where|at what)\b")
_PRODUCTION_TEST = re.compile(r"(?i)\bproduction[- ]test|\btest (?:spec|procedure|line)\b")

_LEVELS_CUE = re.compile(
    r"(?i)\binput highs?\b|\bvalid (?:logic )?(?:high|low|levels?)\b|\blogic levels?\b"
    r"|\b(?:high|low) levels? (?:ok|valid|enough)\b"
)

# The question feeds a part's logic rail, not its main (motor, load) supply.
# "VLOGIC tied to VDD": one rail feeds both, and the main supply's range is the one checked.
_RAILS_TIED = re.compile(
    r"(?i)\bV(?:LOGIC|DDIO|IO)\s*(?:=|tied to|connected to|strapped to|on)\s*VDD\b"
    r"|\bVDD\s*(?:=|tied to)\s*V(?:LOGIC|DDIO|IO)\b"
)
_CLOCK_CHECK = re.compile(
    r"(?i)\b(?:spi|i2c|i²c)\b.{0,40}\b(?:at|clock(?:ed)?)\b|\bbus at\b"
    r"|\b(?:ok|okay|fine|keep up|handle|can i run|within spec)\b.{0,40}\b(?:spi|i2c)\b"
    r"|\bwithin\b.{0,40}\b(?:spi|i2c)\b.{0,20}\blimits?\b"
)
_LOGIC_RAIL = re.compile(
    r"(?i)\blogic (?:supply|rail|side|power)\b|\bVSS\b|\bVDD_?IO\b|\bVLOGIC\b|\bVIO\b"
)
# ... or its motor (load) rail, on a driver that has both.
_MOTOR_RAIL = re.compile(
    r"(?i)\bmotor (?:supply|rail|side|power|voltage)\b|\bV(?:M|MOT|MOTOR|BB)\b"
)


_AMBIENT = re.compile(
    r"(?<![\d.])([-+]?\d+(?:\.\d+)?)\s*(?:°\s?C|℃|deg\s?C|C(?![\w°]))", re.IGNORECASE
)


# A sensed value a question states: "at 30 kPa", "-60 kPa", "+3 A flowing".
_SENSED = re.compile(
    r"(?<![\w.])([-+]?\s?\d+(?:\.\d+)?)\s*(kPa|MPa|hPa|Pa|bar|psi|mA|A)\b(?!\s*(?:range|span))"
)


def _derating_points(facts: Iterable[Fact]) -> list[tuple[float, Fact]]:
    """The rows a source derates linearly between, by ambient temperature."""
    return sorted(
        (
            (float(f.applies_to["ambient_c"]), f)
            for f in facts
            if f.extra.get("derating")
            and "linear" in f.evidence.lower()
            and isinstance(f.applies_to.get("ambient_c"), int | float)
            and f.max is not None
        ),
        key=lambda t: t[0],
    )


# "up to what ambient", "what's the hottest ambient", "how hot can it get"
_ASKS_AMBIENT = re.compile(
    r"(?i)\b(?:what|which|max(?:imum)?|highest|hottest)\b[^?]{0,30}\b(?:ambient|temperature)\b"
    r"|\bhow hot\b"
)
_STATED_LOAD = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(mA|A|W)\b")


def _derated(facts: Sequence[Fact], question: str) -> list[tuple[str, Derived, Fact, Fact]]:
    """A limit the source derates linearly between two ambient temperatures ("from 3.0 A at
    70 degC to 1.5 A at 85 degC"), at the temperature the question states between them."""
    points = _derating_points(facts)
    out: list[tuple[str, Derived, Fact, Fact]] = []
    for m in _AMBIENT.finditer(question):
        t = float(m.group(1))
        for (ta, fa), (tb, fb) in itertools.pairwise(points):
            if not ta < t < tb or fa.spec != fb.spec or fa.max is None or fb.max is None:
                continue
            a, b = fa.max, fb.max
            value = round(a + (t - ta) * (b - a) / (tb - ta), 9)
            d = Derived(
                label=f"{fa.device} {fa.spec.replace('_', ' ')} derated to {format_number(t)} °C",
                expression=(
                    f"{format_number(a)} + ({format_number(t)} - {format_number(ta)}) * "
                    f"({format_number(b)} - {format_number(a)}) / "
                    f"({format_number(tb)} - {format_number(ta)})"
                ),
                result=value,
                unit=fa.unit,
            )
            out.append(
                (
                    f"at {format_number(t)} °C, linearly between {format_number(a)}"
                    f"{_unit(fa.unit)} at {format_number(ta)} °C and {format_number(b)}"
                    f"{_unit(fb.unit)} at {format_number(tb)} °C: max {format_number(value)}"
                    f"{_unit(fa.unit)} [{fa.citation}]",
                    d,
                    fa,
                    fb,
                )
            )
    return out


def _beyond_derating(facts: Sequence[Fact], question: str) -> str:
    """Why a limit derated with the ambient has no figure at a stated ambient above the last
    one the source derates it to ("" when none is)."""
    points = _derating_points(facts)
    if len(points) < 2:
        return ""
    top, fact = max(points, key=lambda p: p[0])
    for m in _AMBIENT.finditer(question):
        if float(m.group(1)) > top:
            return (
                f"scope_named: {fact.device} derates its {fact.spec.replace('_', ' ')} only up "
                f"to {format_number(top)} °C ambient [{fact.citation}]; {m.group(0)} is past it"
            )
    return ""


# "How long does X take": a duration, not a length ("how long a cable").
_HOW_LONG = r"\bhow long\b(?!\s+(?:an?\s+|of\s+)?(?:cable|wire|lead|run|distance|line)s?\b)"

# The quantity a question asks for, by its wording, first match first ("how long" before
# "voltage" in "after a voltage step, how long should I wait").
_ASKED_DIMENSION = (
    # "how wide is the ready pulse": a pulse's width is a time
    (
        re.compile(r"(?i)\bhow (?:wide|long)\b.{0,40}\bpulse\b|\bpulse (?:width|length|duration)"),
        "s",
    ),
    (re.compile(rf"{_HOW_LONG}|\bwait\b|\bsettl|\bduration\b|\bsoak time\b", re.I), "s"),
    (re.compile(r"(?i)\bbandwidth\b|\bfrequency\b|\bhz\b"), "Hz"),
    # "Nernst slope", "mV per pH": an electrode's volts per pH unit
    (re.compile(r"(?i)\bslope\b|\bmV\s*(?:/|per)\s*pH\b"), unit_dimension("V/pH", "")),
    (re.compile(r"(?i)\bwatts?\b|\bdissipat"), "W"),
    (re.compile(r"(?i)\bvolt(?:s|age)?\b"), "V"),
    (re.compile(r"(?i)\bamps?\b|\bcurrent\b"), "A"),
    (re.compile(r"(?i)\btemperature\b|\bhow hot\b"), "K"),
    (re.compile(r"(?i)\boffset\b"), "V"),  # (a current's offset says "current": amperes above)
    (
        re.compile(
            r"(?i)\bhow far\b|\bdistance\b|\bhow long (?:an? |of )?(?:cable|wire|lead|line)"
        ),
        "m",
    ),
)


# "a 5 VDC coil", "12V coil": the coil rating a relay question names, each of "the 12 V and
# the 5 V coil versions"
_COIL_RATING = re.compile(
    r"(?i)\b(\d{1,2})\s*-?\s*V(?:DC)?\s+(?=(?:(?:and|or|vs\.?|versus)\s+(?:the\s+)?"
    r"\d{1,2}\s*-?\s*V(?:DC)?\s+)?coil\b)"
)
_HOW_MUCH_OF = re.compile(
    r"(?i)\b(?:how (?:much|many)|what(?:'s| is)? (?:the )?(?:(?:min|max)(?:imum)?|least|most))"
    r" (current|amps|power|watts|voltage|volts)\b"
)
_HOW_MUCH_DIMENSION = {
    "current": "A",
    "amps": "A",
    "power": "W",
    "watts": "W",
    "voltage": "V",
    "volts": "V",
}


def _asked_dimension(text: str) -> str | None:
    """The dimension of the figure a question asks by its wording ("how long": seconds)."""
    return next((d for rx, d in _ASKED_DIMENSION if rx.search(text)), None)


_ONE_SPELLING = str.maketrans({"μ": "µ", "\u2126": "Ω"})


def _same_unit(a: str | None, b: str | None) -> bool:
    """Two printed units that are one ("μA" with a Greek mu, "µA" with a micro sign; "Ω" an
    omega or an ohm sign; "Second" and "s")."""
    if (a or "").translate(_ONE_SPELLING) == (b or "").translate(_ONE_SPELLING):
        return True
    try:
        return bool(a and b) and to_si(1.0, a or "") == to_si(1.0, b or "")
    except UnknownUnitError:
        return False


def _checked(
    parsed: ParsedQuestion,
    ok: bool,
    text: str,
    items: list[AnswerItem],
    derived: Sequence[Derived],
) -> Answer:
    """A yes/no check worked out from cited figures: the verdict, then how it was reached."""
    answer = _answered(
        parsed, f"{'Compatible' if ok else 'Incompatible'}. {text}", items, derived, "computed"
    )
    answer.verdict, answer.route = ("compatible" if ok else "incompatible"), "compatibility"
    return answer


def _answered(
    parsed: ParsedQuestion,
    text: str,
    items: list[AnswerItem],
    derived: Sequence[Derived] = (),
    task: str = "lookup",
) -> Answer:
    """An answer on the simple route: its text, items (cited where they are from) and the
    figures computed for it."""
    text, steps = _to_three_figures(text, derived)
    return Answer(
        status="answered",
        route="simple",
        question=parsed.text,
        answer=text,
        items=items,
        citations=_citations(items),
        derived=steps,
        task=task,
    )


def _to_three_figures(text: str, derived: Sequence[Derived]) -> tuple[str, list[Derived]]:
    """A computed result shown to five figures or more ("10.9667 kΩ", "1.99805 V") is also
    given to three, as a reader would quote it ("≈ 11.0 kΩ"), as a step of its own."""
    if not derived or not derived[-1].result:
        return text, list(derived)
    last = derived[-1]
    shown = next(
        (
            m
            for m in re.finditer(r"(?<![\w.])(\d+\.\d+)(?![\d.])", text)
            if abs(float(m.group(1)) - abs(last.result))
            <= 0.5 * 10 ** -len(m.group(1).split(".")[1]) + 1e-12
        ),
        None,
    )
    places = 2 - math.floor(math.log10(abs(last.result)))
    step = rounded(last, "to three figures", places) if places >= 0 else None
    if shown is None or step is None or len(shown.group(1).replace(".", "").lstrip("0")) < 5:
        return text, list(derived)
    figure = f"{abs(step.result):.{places}f}"
    if re.search(rf"(?<![\w.]){re.escape(figure)}(?![\d.])", text):
        return text, list(derived)  # "= 372.364, output code 372": said already
    after = f" {last.unit}" if last.unit and text.startswith(f" {last.unit}", shown.end()) else ""
    end = shown.end() + len(after)
    sign = text[shown.start() - 1] if text[shown.start() - 1 : shown.start()] in ("±", "-") else ""
    return f"{text[:end]} (≈ {sign}{figure}{after}){text[end:]}", [*derived, step]


def _full_scale_by_formula(f: Fact, gain: float, volts: float) -> tuple[Derived, str, AnswerItem]:
    """The full-scale input a row written as a formula of a rail over the gain ("±0.5(AVDD/
    GAIN)", ``extra``: per_gain, coefficient, formula_unit) gives at a gain and rail voltage:
    the step, the sentence that shows it, and the row as an item carrying the result."""
    k, rail = float(f.extra["coefficient"]), str(f.extra["per_gain"])
    to_mv = 1000.0 if f.extra["formula_unit"] == "V" else 1.0
    k_, g_, v_ = format_number(k), format_number(gain), format_number(volts)
    full = Derived(
        label=f"{f.device} full-scale input at gain {g_}, {rail} {v_} V",
        expression=f"{k_} * {v_} / {g_} * {format_number(to_mv)}",
        result=round(k * volts / gain * to_mv, 9),
        unit="mV",
    )
    said = (
        f"{f.device} full-scale input at gain {g_} and {rail} = {v_} V: ±{k_} × {v_} V / {g_} "
        f"= ±{format_number(round(full.result, 3))} mV ({f.evidence}) [{f.citation}]"
    )
    item = item_from_fact(f).model_copy(
        update={"min": -full.result, "max": full.result, "unit": "mV"}
    )
    return full, said, item


def _computed(
    parsed: ParsedQuestion,
    level: Limit,
    facts: list[Fact],
    steps: list[Derived],
    unit: str,
    formula: tuple[Fact, Derived] | None,
) -> Answer:
    """A sensor's output at a reading, or its reading at an output: the figure, the steps that
    computed it, and the same figure by the source's conversion formula where it states one."""
    assert level.derived is not None
    if formula is not None:
        facts, steps = [*facts, formula[0]], [*steps, formula[1]]
    cites = list(dict.fromkeys(f.citation for f in facts))
    main = steps.index(level.derived)
    text = (
        f"{level.derived.label}: {level.text} {unit} nominal [{', '.join(cites)}]; "
        + "".join(f"{d.label} {format_number(d.result)} V; " for d in steps[:main])
        + f"{level.text} {unit} = {level.derived.expression}"
    )
    if formula is not None:
        k, d = formula
        text += f"; {d.label}: {d.expression} = {format_number(d.result)} {unit} [{k.citation}]"
    return _answered(parsed, text, [item_from_fact(f) for f in facts], steps, "computed")


# Words of five letters or more that carry no subject of their own.
_FILLER = frozenset(
    [
        "after",
        "before",
        "about",
        "above",
        "below",
        "there",
        "where",
        "which",
        "while",
        "should",
        "would",
        "could",
        "every",
        "other",
        "under",
        "until",
        "since",
        "anything",
        "something",
        "really",
        "right",
        "first",
        "again",
        "still",
    ]
)


@functools.lru_cache(maxsize=8192)
def _substance(text: str) -> frozenset[str]:
    """A text's words of substance (five letters or more, stemmed, no filler); the documents'
    texts are read again for every question naming no device, so each is stemmed once."""
    return frozenset(_stem(w) for w in content_words(text) if len(w) >= 5) - _FILLER


# A part's rated pressure as a question states it: "a 100 kPa part", "0-40 kPa", "0 to 1 MPa".
_RATED_PRESSURE = re.compile(
    r"(?<![\w.])(?:(-?\d+(?:\.\d+)?)\s*(?:-|to|～|\.\.)\s*)?(\d+(?:\.\d+)?)\s*(kPa|MPa)\b"
)

# A measuring range a question names a part by: "200 kPa gauge part", "the 0-40 kPa one"
_STATED_RANGE = re.compile(
    r"(?:(?P<lo>-?\d+(?:\.\d+)?)\s*(?:-|to|~|…)\s*)?(?<![\w.])(?P<hi>\d+(?:\.\d+)?)\s*"
    r"(?P<unit>kPa|MPa)\b(?=[^.?]{0,12}\b(?:gauge|part|version|model|one|sensor|range)\b)"
)
# "as an output voltage change in millivolts": a figure asked in volts or millivolts
_ASKED_IN_VOLTS = re.compile(r"(?i)\b(?:in|as)\b[^.?;]{0,40}?\b(?P<unit>millivolts?|mV|volts?)\b")
# An output voltage a question reads off a sensor: "reads 2.5 V out", "output is 1.2 V".
_OUTPUT_READING = re.compile(
    r"(?i)\b(?:reads?|reading|outputs?(?:\s+(?:is|of|reads))?|gives?|giving|shows?|showing|sees?"
    r"|put(?:s|ting)\s+out|outputting|sit(?:s|ting)\s+at|measur(?:es|ed|ing)(?:\s+at)?"
    # ("VIOUT = 3.00 V", "VOUT is 1.2 V")
    r"|\bV\w{0,2}OUT\s*(?:=|is|of|at))\s*"
    r"(?:of\s+)?"
    r"(?P<v>\d+(?:\.\d+)?)\s*(?P<u>m?V)\b(?!\s*(?:supply|rail|version))"
)
# ...and asks what it senses there: "what pressure is that", "what current".
# "... and ± how many kPa is that good to?", "how accurate is that reading?"
_ASKS_BAND = re.compile(
    r"(?i)(?:±|\+-|\+/-)\s*(?:how (?:much|many)|what)|\bgood to\b|\bhow accurate\b|\baccuracy\b"
)
_ASKS_READING = re.compile(
    r"(?i)\bwhat\s+(?:\w+\s+){0,2}?(?:pressure|current|flow|reading|value)\b"
    r"|\bhow much\s+(?:pressure|current)\b"
    # "..., output reads 2.1 V. Pressure?", "Pressure per CFSensor's formula?"
    r"|(?:^|[.;:!?]\s+)(?:the\s+)?(?:pressure|current|flow(?:\s+rate)?)\b[^.?!]{0,40}\?"
)

_ASKS_TIME = re.compile(_HOW_LONG, re.I)

# "can't do", "doesn't support", "has no": a feature the question says a part lacks
_LACKS = (
    r"(?:can'?t|cannot|can not|doesn'?t|does not|won'?t|will not|isn'?t able to|unable to"
    r"|lacks?|without|no)"
)
# "how far below VCC", "relative to the supply": a bound asked against the supply
_ASKS_RELATIVE = re.compile(
    r"(?i)\b(?:below|under|above|from|short of|relative to)\s+(?:the\s+)?"
    r"(?:vcc|vdd|v\+|supply|rail|positive rail)\b"
)
_VERSUS = re.compile(r"\b(?:versus|vs\.?|compared (?:with|to))(?=\s)", re.IGNORECASE)


# A question whether a part suits a use: "Can I put a YF-S201 in a diesel fuel line?", "Could I
# use the XGZP6847A to measure water pressure?", "Can an RFM95W be used for a 433 MHz link?".
# "… lighting a 10 mA LED directly - within spec?", "Could it deliver 1 A at 90 degC?": a
# yes-or-no question of a part's limits.
_YES_NO = re.compile(
    r"(?i)\b(?:within|in|out of) spec\b|\bdirectly\b"
    r"|(?:^|[-–—,;:.]\s+)(?:can|could|will|would|does|do|is|are)\b(?!.*\b(?:how|what|which)\b)"
)
_TRANSIENT = re.compile(
    # ("the full-load steps" of a test are test steps run at full load)
    r"(?i)(?<!full-)(?<!full )\bload[- ]?steps?\b|\btransient|\bstep load\b|\bload jumps?\b"
    r"|\bsteps? from\b|\bduring the step\b"  # "the load steps from 0.5 A to 2.5 A"
)


# "Can two boards be paralleled?", "can I parallel the outputs": outputs sharing one load, which
# no single part's limits settle.
_PARALLEL = (
    r"\bbe (?:paralleled|put in parallel|stacked)\b|\bin (?:parallel|series)\b"
    r"|\bparallel(?:ing)? (?:the |their |two )?(?:[\w-]+ )?outputs?\b|\bseries[- ]connect"
)
_SUITABILITY = re.compile(
    r"(?i)\b(?:can|could|would)\s+(?:i|we|you)\s+(?:just\s+)?(?:use|put|fit|install)\b"
    r".{0,60}\b(?:for|in|into|to measure|to meter|to monitor|as)\b"
    r"|\bbe used (?:for|in|as|with)\b"
    rf"|{_PARALLEL}"
    # "will it start up fine?", "can X supply my load?"
    r"|\bwill it (?:start(?: up)?|work|cope|survive)\b"
    r"|\bcan (?:the|an?|my|its)\b.{0,60}\b(?:supply|power|source|drive|feed|excite)"
    r" (?:my|the|a|an)\b"
    r"|\bback (?:that|this|it) up\b"
    r"|\bdoes (?:the|this|its) (?:\w+ )?(?:data ?sheet|sheet|manual)\b.{0,20}"
    r"\b(?:(?:say|allow)\w*\b.{0,30}\b(?:ok|okay|fine|safe|allowed)\b|confirm|guarantee)"
)


# How much power a converter loses: "how many watts does the board dissipate", "power loss".
# "why can it go higher", "what part change allows it", "what's the reason"
_ASKS_WHY = re.compile(
    r"(?i)\bwhy\b|\breason\b|\bwhat (?:part |design |hardware )?change|\bwhat allows\b"
    r"|\bhow come\b|\bwhat (?:makes|lets)\b"
)
# A medium a sensor may be asked to handle: fluids and gases by their everyday names (general
# knowledge, no document's words), and what a datasheet's figures are commonly given for.
_MEDIUM = re.compile(
    r"(?i)\b(?:diesel|petrol|gasoline|kerosene|fuel|oil|fertili[sz]er|chemicals?"
    r"|(?<!lead-)(?<!lead )acids?|solvents?|sea\s?water|salt\s?water|brine|milk|beer|wine"
    r"|juice|alcohol|ethanol|glycol|coolant|antifreeze|syrup|slurry|sewage|bleach|chlorine)\b"
)
_GIVEN_FOR = re.compile(r"(?i)\b(?:water|air)\b")
# asked whether a part suits something: "ok for measuring", "rated for that liquid", "instead of"
_SUITS = re.compile(
    r"(?i)\b(?:ok|okay|suitable|suited|rated|good|safe|usable|designed|compatible|work|use)\b"
    r".{0,40}\b(?:for|with|on|in)\b|\binstead of\b"
)
# "voltage actually left across the motor", "what does the load see": the supply less the
# driver's drop
_ASKS_LEFT_FOR_LOAD = re.compile(
    r"(?i)\b(?:left|remaining|actually|delivered|reaching|across|at)\s+(?:across\s+|at\s+|to\s+)?"
    r"(?:the\s+|my\s+)?(?:motor|load|coil|winding)s?\b"
    r"|\b(?:motor|load)s?\s+(?:is\s+)?(?:actually\s+|guaranteed\s+to\s+)?(?:sees?|gets?)\b"
    # "how much voltage actually reaches the motor"
    r"|\breach(?:es)?\s+(?:the\s+|my\s+)?(?:motor|load|coil|winding)s?\b"
)
# "I count 2250 pulses", "after 900 pulses": pulses counted; and a volume asked in litres
_PULSES_COUNTED = re.compile(r"(?i)(?<![\w.])(\d+(?:\.\d+)?)\s*pulses\b(?!\s*(?:per|/|a)\b)")
_ASKS_LITRES = re.compile(
    r"(?i)\bhow many (?:litres|liters|l)\b|\bvolume\b|\bhow much (?:water|fluid)\b"
)
# a drop that is both output transistors in series: "Total Drop", "Vsat(U+L)"
_TOTAL_DROP = re.compile(r"(?i)\btotal\b|U\s*\+\s*L\b|upper\s*\+\s*lower")

# a power lost in a driver's output transistors: "conduction loss", "how many watts in the
# bridge"
_ASKS_DRIVER_LOSS = re.compile(
    r"(?i)\b(?:conduction|switch|output|driver|bridge)\s+loss(?:es)?\b|\bwatts?\b|\bdissipat"
    r"|\bheat\b|\bpower (?:loss|lost)\b"
)
_ASKS_CURRENT = re.compile(r"(?i)\bcurrent\b|\bhow many (?:m?A|amps|milliamps)\b")
_ASKS_LOSS = re.compile(
    r"(?i)\bhow (?:many watts|much power)\b.{0,40}\b(?:dissipat|los[et]|wast|burn)"
    r"|\bpower (?:loss|dissipat\w*)\b|\blosses\b|\bdissipat\w*\b|\bhow much heat\b"
)


# "I don't know how the breakout straps ADDR", "ADDR strapping unknown": the part's address is
# fixed by a strap the question cannot name.
_STRAP_UNKNOWN = re.compile(
    r"(?i)\b(?:don'?t|do not|doesn'?t|not)\s+(?:know|sure)\b[^.?]*?\b(?:strap|tie|tied|wire"
    r"|wired|set|connect|jumper)|\b(?:strap(?:ping)?|addr(?:ess)?(?: pin)?)\b[^.?]{0,20}?"
    r"\b(?:unknown|not known|unclear|(?:i|we) (?:don'?t|do not) know)\b"
)


# "I haven't decided the PGA setting yet", "gain not chosen": a setting the question leaves open
_SETTING_OPEN = re.compile(
    r"(?i)\b(?:haven'?t|have not|not yet|didn'?t|don'?t|do not)\s+(?:yet\s+)?(?:decided|chosen|"
    r"picked|set|know)\b[^.?]{0,30}?\b(?:pga|gain|fsr|full[- ]scale|range|setting|attenuation)"
    r"|\b(?:pga|gain|fsr|attenuation)(?: setting)?\b[^.?]{0,20}?\b(?:undecided|not (?:yet )?"
    r"(?:decided|chosen|set))"
)

# "does that pass / meet / satisfy the rule", "is it compliant"
_ASKS_INPUT_LIMIT = re.compile(
    r"(?i)\b(?:max(?:imum)?\s+input|input\s+voltage|vin\b|rated\s+for|ceiling)"
)
# "RL = 4.7k", "R1 = 103.5 kOhm", "Vc = 5.0 V": a value stated for a symbol, its prefix apart
_SAID_AS = (
    r"(?:=|:|of|at|reads?|measures?|measured(?: at)?|came out at|shows?|gets(?: a)?|becomes"
    r"|(?:(?:is|was)\s+)?(?:changed to|swapped for|replaced (?:by|with))(?: a)?|is"
    # "set OcpTrim to 20", "OcpTrim set to 20"
    r"|(?:(?:is\s+)?(?:set|programmed|written)\s+)?to)"
)
_STATED_VALUE = (
    r"(?P<n>[-+]?\d+(?:\.\d+)?)(?:\s*(?P<p>[kMmuµ])?(?P<u>Ω|[Oo]hms?|V|A)\b|(?P<k>[kM])\b)?"
)
_STATED_QUANTITY = rf"\s*{_SAID_AS}\s*{_STATED_VALUE}"
_SYMBOL_THEN_VALUE = re.compile(
    r"(?<![\w.])([A-Z][A-Za-z0-9]{0,5})\s+(?=[-+]?\d+(?:\.\d+)?\s*(?:[kMmuµ]?(?:V|A|Ω)|[kM])\b)"
)
# "4.9968 V at 32 V in", "5.0012V at 0.1A": a reading and the point it was taken at
_STATED_AT = re.compile(
    rf"(?<![\w.]){_STATED_VALUE}[^,;]{{0,12}}?\bat\s+(?P<at>\d+(?:\.\d+)?)\s*[VA]\b"
)
_PREFIX = {"k": 1e3, "M": 1e6, "m": 1e-3, "u": 1e-6, "µ": 1e-6}
_FORMULA_UNIT = {"R": "Ω", "V": "V", "I": "A", "P": "W"}


# A frequency a question states, and the crystal among them ("the 32MHz xtal", "a 32 MHz
# crystal")
_CRYSTAL_WORD = r"\b(?:xtal|crystal|oscillator|TCXO|XO)\b"
_STATED_FREQUENCY = re.compile(
    rf"(?i)(?:{_CRYSTAL_WORD}\s+(?:of\s+|at\s+|=\s*)?)?"
    r"(?<![\w.])(?P<n>\d+(?:\.\d+)?)\s*(?P<u>[kMG]Hz)\b"
    rf"(?:\s+{_CRYSTAL_WORD})?"
)
_CRYSTAL = re.compile(_CRYSTAL_WORD, re.I)
_HZ_SCALE = {"k": "1000", "M": "1000000", "G": "1000000000"}


# A unit per unit of a quantity ("mV/pH"), of a figure times a stated difference
_PER_UNIT = re.compile(r"(\w+)/([A-Za-z]\w*)")
# A figure named per unit in its label, its unit left blank ("Pulses per Liter": 450).
_PER_WORD = re.compile(r"(?i)(\w+) per ([a-z]+)")
# "how much does the output move for 10 A", "how many pulses for 2 liters", "what raw count for
# 0.5 g": the part's output for an amount of what it senses
_ASKS_AMOUNT_OUT = re.compile(
    r"(?i)\bhow (?:much|many|far)\b|\bwhat (?:\w+ )?(?:output|reading|count|change|swing)\b"
)


def _converts(unit: str, to: str) -> bool:
    try:
        convert(1.0, unit, to)
    except UnknownUnitError:
        return False
    return True


def _in_hertz(m: re.Match[str]) -> str:
    """A stated frequency in hertz, as arithmetic on the figure said ("868.0 MHz": 868.0 *
    1000000)."""
    return f"{m.group('n')} * {_HZ_SCALE[m.group('u')[0]]}"


def _said(m: re.Match[str]) -> str:
    return f"{m.group('n')} {m.group('u')}"


def _stated_by_name(name: str, text: str) -> re.Match[str] | None:
    """A value the question gives a quantity by the name the document gives its symbol: "a 10k
    load resistor", "load resistance of 4.7 kOhm" (a resistor is its resistance)."""
    words = [re.escape(w) for w in name.split()]
    words[-1] = re.sub(r"^resist(?:ance|or)$", "resist(?:ance|or)", words[-1])
    named = r"\s+".join(words)
    said = re.search(rf"(?i)(?<![\w.-]){_STATED_VALUE}\s+{named}\b", text) or re.search(
        rf"(?i)\b{named}\s*{_SAID_AS}?\s*{_STATED_VALUE}", text
    )
    if said is None and len(words) > 1 and words[-1].startswith("resist"):
        # "a 0.1 ohm shunt", "my shunt is 0.02 ohm": a resistor by its first word, when the
        # value is in ohms
        said = re.search(rf"(?i)(?<![\w.-]){_STATED_VALUE}\s+{words[0]}\b", text) or re.search(
            rf"(?i)\b{words[0]}\s+(?:is|=|of)\s*{_STATED_VALUE}", text
        )
        if said is not None and not (
            said["k"] or (said["u"] or "").lower() in ("ω", "ohm", "ohms")
        ):
            said = None
    return said


def _stated_si(m: re.Match[str]) -> float:
    """A stated value in base units ("4.7k" is 4700, "103.5 kOhm" 103500)."""
    return float(m.group("n")) * _PREFIX.get(m.group("p") or m.group("k") or "", 1.0)


# "cal verification", "per CP-0210, what verification tolerance", "does CP-0210 verify"
_VERIFY_CUE = re.compile(
    r"(?i)^(?=.*\bverif(?:y|ies|ication)\b)(?=.*\b(?:tolerance|points?|CP-\d+|cal(?:ibration)?)\b)"
)
_ASKS_POINTS = re.compile(
    r"(?i)\b(?:which|what)\b[^.?]{0,30}\b(?:points?|voltages|currents|settings)\b"
)
# A budget the parts' currents together must stay within: "under a 20 µA total sleep budget",
# "a sleep budget of 50 uA"
_CURRENT_BUDGET = re.compile(
    r"(?i)(\d+(?:\.\d+)?)\s*([mµu]?A)\b[^.?]{0,25}\bbudget\b"
    r"|\bbudget\b[^.?\d]{0,25}(\d+(?:\.\d+)?)\s*([mµu]?A)\b"
)


def _current_budget(text: str) -> tuple[float, str] | None:
    """The current budget a question states, as (number, unit), if it states one."""
    m = _CURRENT_BUDGET.search(text)
    if m is None:
        return None
    x, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
    return float(x), unit.replace("u", "µ")


_ASLEEP = re.compile(
    r"(?i)\b(?:deep[- ])?sleep(?:ing)?\b|\bstandby\b|\bpower(?:ed)?[- ]?down\b|\basleep\b"
)
# "worst-case sum of the three sensor currents", "total current of all of them"
_ASKS_TOTAL_CURRENT = re.compile(
    r"(?i)\b(?:sum|total|combined|altogether|add(?:ed)? up)\b[^.?]{0,40}\b(?:currents?|draws?|mA)\b"
    r"|\b(?:current|draw)s?\b[^.?]{0,30}\b(?:sum|total|combined|altogether|add(?:ed)? up)\b"
)
_TEST_STEP = re.compile(r"(?i)\bstep\s*\d")
_DESIGN_RULE = re.compile(r"(?i)\bDR-\d+\b")
# "what does the rule demand", "the minimum it requires"
_ASKS_REQUIRED = re.compile(r"(?i)\b(?:requir|demand|need|ask)(?:e|es|ed|s)?\b|\bminimum\b")
_ASKS_PASS = re.compile(r"(?i)\b(?:pass(?:es)?|meets?|satisf(?:y|ies)|compl(?:y|ies|iant))\b")
# A capacitor's voltage rating: "a 50 V cap", "the 35 V input capacitors", "swap the input
# caps for 10 µF 35 V parts"
_CAP_RATING = re.compile(
    r"(?i)(?<![\w.])(\d+(?:\.\d+)?)\s*V\b(?=[^.?]{0,30}\b(?:cap|ceramic|mlcc))"
    r"|\b(?:cap(?:s|acitors?)?|ceramics?|mlccs?)\b[^.?]{0,40}?(?<![\w.])(\d+(?:\.\d+)?)\s*V\b"
)


# A rail's voltage: "on a 24 V rail", "a rail the datasheet sells up to 36V"
_RAIL_VOLTS = re.compile(
    r"(?i)\brail\b[^.?]{0,40}?(?<![\w.])(\d+(?:\.\d+)?)\s*V\b"
    rf"(?![^.?]{{0,12}}(?:{_CAPACITOR_WORDS}))"  # (not "rail for a 50 V cap")
    r"|(?<![\w.])(\d+(?:\.\d+)?)\s*V\s+(?:dc\s+)?rail\b"
)


def _cap_ratings(text: str) -> list[float]:
    """Every capacitor voltage rating a question states."""
    return [float(m.group(1) or m.group(2)) for m in _CAP_RATING.finditer(text)]


def _cap_rating(text: str) -> float | None:
    """The (first) capacitor voltage rating a question states, if any."""
    return next(iter(_cap_ratings(text)), None)


# Words a design rule names its figures with that say nothing of which figure ("the", "shall")
_KIND_WORDS_OF_RULES = frozenset({"time", "times", "shall", "inductors", "the"})


def _for_revisions(f: Fact, revisions: Sequence[str], *, loose: bool = False) -> bool:
    """Whether a fact holds for the board revisions named (all of them when none is): one
    scoped to revisions covers those, one superseded for them does not. ``loose``: with no
    revision named, a fact of one revision still counts (the caller checks they agree)."""
    if not revisions:
        return f.superseded_by is None and (loose or not f.applies_to.get("board_revision"))
    scoped = f.applies_to.get("board_revision")
    if scoped:
        return all(r in scoped for r in revisions)
    gone = (f.superseded_for or {}).get("board_revision") if f.superseded_by else None
    return not (gone and any(r in gone for r in revisions))


_LOGIC_WORDS = re.compile(r"(?i)\b(?:logic|levels?|inputs?|gpios?|vih|thresholds?)\b")


def _derated_rail(rating: float, factor: float) -> Derived:
    """The highest rail a part rated ``rating`` volts sits on under a rule that it be rated at
    least ``factor`` times the rail."""
    return Derived(
        label="highest rail",
        expression=f"{format_number(rating)} / {format_number(factor)}",
        result=round(rating / factor, 6),
        unit="V",
    )


def _item_key(i: AnswerItem) -> tuple[Any, ...]:
    """Which row an item gives (whichever of its bounds are shown)."""
    return (i.device, i.spec, i.parameter, i.condition, i.citation)


_CLAUSE_START = re.compile(
    r"(?i)(?:what|which|how|when|where|why|who|is|are|does|do|can|could|will|would|should"
    r"|at|in|on|with|for|from|by|expressed|given|assuming|if)\b"
)


def _listed_items(question: str) -> list[str]:
    """The items a question lists after a colon, each asked with what precedes the colon
    ("CCS811 timing: a, b, c and d?" -> "CCS811 timing: a?", ...); none when it lists fewer
    than three or more than eight (no one asks for more at once, and each is a lookup), or an
    item is a bare word or figure."""
    head, colon, tail = question.partition(":")
    if not colon or not head.strip() or ":" in tail:
        return []
    tail = tail.strip().rstrip("?.").strip()
    # commas outside brackets separate the items; ", and" and a last " and " too
    items = [
        x.strip()
        for x in re.split(r",(?![^()]*\))\s*(?:and\s+)?|\s+and\s+(?=[^,()]*$)", tail)
        if x.strip()
    ]
    if (
        not 3 <= len(items) <= 8
        or any(len(x.split()) < 2 for x in items)
        # "…: at a full-scale 20 A, what total error should we expect, expressed in amperes?"
        # runs on in clauses, not items
        or any(_CLAUSE_START.match(x) for x in items)
    ):
        return []
    # "MCP3008 DC accuracy: max INL, max DNL, ...": the heading's own spec ("accuracy") is
    # the topic of the list, not a figure each item asks (unless the items name no figure of
    # their own: "output current: continuous per channel, the 20 ms pulse rating, ...")
    if any(parse_question(x).specs for x in items):
        for phrase in parse_question(head).spec_phrases:
            head = re.sub(rf"(?i)\b{re.escape(phrase)}\b", " ", head)
    head = re.sub(r"\s+", " ", head).strip()
    return [f"{head}: {x}?" for x in items]


# A resistive bridge whose output a converter reads: a load cell, a strain gauge.
_BRIDGE = re.compile(r"(?i)\bload[- ]?cells?\b|\bstrain[- ]gauges?\b|\bbridge sensor\b")


# A setting with its unit: "20 mV/div", "10 mV per division", "the 100 mV range".
_STATED_SETTING = re.compile(
    r"(?<![\w.-])(?P<x>\d+(?:\.\d+)?)\s*(?P<unit>[a-zA-Zµ°Ω]+)(?:\s*(?:/|per)\s*div(?:ision)?\b)?"
)


_PREFIXES = {"n": 1e-9, "µ": 1e-6, "u": 1e-6, "m": 1e-3, "": 1.0, "k": 1e3, "M": 1e6}


def _readably(result: float, unit: str, expression: str) -> tuple[float, str, str]:
    """A worked figure at the prefix ``_readable`` gives it, to six places, and its expression
    scaled the same way ("3.3 / 1024" V is "3.3 / 1024 * 1000" mV)."""
    value, shown, factor = _readable(result, unit)
    if factor != 1.0:
        expression = f"{expression} * {format_number(factor)}"
    return round(value, 6), shown, expression


def _readable(value: float, unit: str) -> tuple[float, str, float]:
    """A value moved to the SI prefix that puts it between 1 and 1000 (0.3125 mV is 312.5 µV):
    (value, unit, the factor applied). Units without a plain prefix stay as they are."""
    m = re.fullmatch(r"(?P<p>[nµumkM]?)(?P<base>V|A|s|Hz|Ω|W)", unit)
    if m is None or value == 0:
        return value, unit, 1.0
    si = value * _PREFIXES[m.group("p")]
    for prefix in ("M", "k", "", "m", "µ", "n"):
        if abs(si) >= _PREFIXES[prefix] or prefix == "n":
            factor = _PREFIXES[m.group("p")] / _PREFIXES[prefix]
            return value * factor, prefix + m.group("base"), factor
    return value, unit, 1.0


def _canonical(unit: str | None) -> str | None:
    """A unit in one spelling, or None when there is none or it does not parse."""
    try:
        return canonical_unit(unit) if unit else None
    except UnknownUnitError:
        return None


# Figures a use may state that a compatibility check must weigh: a capacitance, an inductance,
# a cable length, a temperature.
_STATED_CONDITION = re.compile(
    r"(?i)(?<![\w.])(?P<num>\d+(?:\.\d+)?)\s*"
    # ("±2.5 %Span": an accuracy asked of the part)
    r"(?P<unit>[pnuµ]F|[mµu]H|k?m|ft|(?:°|º|deg\s*)C|%\s?(?:span|fso?|fss))(?![\w/])"
)


def _unweighed(text: str, items: Sequence[AnswerItem]) -> list[str]:
    """Each such figure the question states, as written, whose dimension none of ``items``
    has: a figure no fact found limits."""
    # (a board's own part value, "output capacitor C3, C4: 22 uF", limits nothing added to it)
    weighed = {
        unit_dimension(i.unit, i.spec)
        for i in items
        if i.spec not in ("capacitance", "resistance", "inductance")
    }
    # a limit derated from an ambient ("max 3 A, ambient 70 degC") weighs an ambient up to it
    hottest = max(
        (float(a) for i in items if isinstance(a := i.applies_to.get("ambient_c"), int | float)),
        default=None,
    )
    out = []
    for m in _STATED_CONDITION.finditer(text):
        unit = re.sub(r"(?i)^deg\s*C$", "°C", m.group("unit"))
        dim = unit_dimension(unit, "")
        if dim is None or dim in weighed:
            continue
        t = _AMBIENT.fullmatch(m.group(0).strip())
        if hottest is not None and t is not None and float(t.group(1)) <= hottest:
            continue
        out.append(m.group(0))
    return out


# "how many volts are there between the max continuous input and the absolute max rating",
# "the margin between ...": the gap between the two figures found
_ASKS_DIFFERENCE = re.compile(
    r"(?i)\bhow (?:many|much)\b[^?]{0,40}\b(?:between|margin|headroom|gap)\b"
    r"|\b(?:margin|headroom|gap) between\b"
)


def _with_difference(answer: Answer, parsed: ParsedQuestion) -> Answer:
    """An answer to a question asking the gap between two figures, with that gap worked out:
    the figure each of the two items gives (its maximum, or the bound asked), subtracted."""
    if (
        answer.status != "answered"
        or not _ASKS_DIFFERENCE.search(parsed.text)
        or any(" - " in d.expression for d in answer.derived)  # a margin worked out already
    ):
        return answer
    figures: list[tuple[float, AnswerItem]] = []
    for it in answer.items:
        if it.superseded_by:
            continue
        ends = (it.min, it.max) if parsed.bound == "min" else (it.max, it.value, it.typ, it.min)
        x = next((e for e in ends if isinstance(e, int | float)), None)
        if x is not None and it.unit:
            figures.append((float(x), it))
    if len(figures) != 2:
        return answer
    (a, first), (b, second) = sorted(figures, key=lambda f: -f[0])
    try:
        b = convert(b, second.unit or "", first.unit or "")
    except UnknownUnitError:
        return answer
    gap = Derived(
        label=f"between {first.spec.replace('_', ' ')} and {second.spec.replace('_', ' ')}",
        expression=f"{format_number(a)} - {format_number(b)}",
        result=round(a - b, 9),
        unit=first.unit,
    )
    return answer.model_copy(
        update={
            "answer": f"{answer.answer}. Between them: {gap.expression} = "
            f"{format_number(gap.result)} {first.unit}",
            "derived": [*answer.derived, gap],
        }
    )


# The unit an answer is asked in: "LSB per degree C", "mV/g", "counts per volt".
_ASKED_UNIT = re.compile(
    r"(?i)\b(?P<of>LSB|mV|µV|uV|V|ppm|mA)\s*(?:per|/)\s*"
    r"(?P<per>deg(?:ree)?s?(?:\s*c(?:elsius)?)?\b|[º°]\s?C|g\b|V\b|volt\b)"
)


def _worked_out(
    parsed: ParsedQuestion,
    f: Fact,
    what: str,
    at: str,
    result: tuple[float, str],
    expression: str,
    shown_as: str,
) -> Answer:
    """A figure worked out from one stated fact at a point the question states: the item, its
    derivation and the answer that quotes the fact it came from."""
    value, unit = result
    device = f.device
    d = Derived(label=f"{device} {what} at {at}", expression=expression, result=value, unit=unit)
    item = item_from_fact(f).model_copy(
        update={
            "spec": what.lower().replace(" ", "_"),
            "value": value,
            "unit": unit,
            "condition": f"at {at}",
        }
    )
    return _answered(
        parsed,
        f"{device} {what.lower()} at {at}: {format_number(value)} {unit}; {shown_as} "
        f"({f.evidence}) [{f.citation}]",
        [item],
        [d],
        "computed",
    )


_COLUMN = r"(?:min(?:imum)?|typ(?:ical)?|max(?:imum)?)\b"


def _sides(question: str) -> list[str]:
    """The two sides of a question that asks two things: "X versus Y", else "X and Y" ("for
    channel B, and for channel A at gain 64", "DNL and INL"); one side when it asks one."""
    # "between -20 and 0 °C" is one span, not two sides
    question = re.sub(r"(?i)\b(between\s+[-+–]?[\d.]+\s*\S{0,3}\s+)and\b", r"\1to", question)
    # "typ and max" names the columns wanted, not two sides
    question = re.sub(rf"(?i)\b({_COLUMN})\s+and\s+(?={_COLUMN})", r"\1 & ", question)
    sides = _VERSUS.split(question, maxsplit=1)
    return sides if len(sides) == 2 else re.split(r"\band\b", question, maxsplit=1)


def _side_words(text: str) -> set[str]:
    """Content words, and a channel by its one-letter name ("channel b")."""
    found = re.findall(r"(?i)\bchannel\s+([A-Z0-9])\b", text)
    return content_words(text) | {f"channel {c.lower()}" for c in found}


def _meets(word: str, words: set[str]) -> bool:
    """A row's word is one of ``words``, or one of them shortened ("gyro", "accel")."""
    return word in words or any(
        len(w) >= 4 and (word.startswith(w) or w.startswith(word)) for w in words
    )


def _written(text: str) -> str:
    """A condition as written, for finding it inside a question ("VM>=4.5V" is "VM ≥ 4.5 V")."""
    return re.sub(r"\s+", "", text.lower().replace("≥", ">=").replace("≤", "<="))


def _condition_terms(condition: str | None) -> set[str]:
    """The words and numbers of a row's condition."""
    return set(re.findall(r"[a-z]+|\d+(?:\.\d+)?", (condition or "").lower()))


# ("PGA /1, /2, /4 and /8": a divider's setting)
_ITEM = r"(?:\d+(?:\.\d+)?\s*[A-Za-zµ°%]+|/?[\w.+-]+)"
_LISTED = re.compile(
    # ("at BW 125, 250 and 500 kHz": the quantity's symbol before the list)
    rf"\b(?:for|of|in|on|at)\s+(?:[A-Z]{{1,4}}\s*=?\s*(?=[\d/]))?"
    rf"((?:{_ITEM},\s*)+{_ITEM},?\s+(?:and|or)\s+{_ITEM})"
)
_AMOUNT = re.compile(r"(\d+(?:\.\d+)?)\s*([A-Za-zµ°%]+)")


def _listed_conditions(question: str) -> list[str]:
    """The items of a list the question gives a figure for ("for SO-8, TO-252 and SOT-223",
    "at 0.5 A, 1 A, 2 A and 3 A out")."""
    m = _LISTED.search(question)
    if m is None:
        return []
    items = [x for x in re.split(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", m.group(1)) if x]
    last = _AMOUNT.fullmatch(items[-1])
    if last and all(re.fullmatch(r"\d+(?:\.\d+)?", x) for x in items[:-1]):
        # "1.25, 5, 20 and 40 Hz": the unit written once is every item's
        items = [f"{x} {last.group(2)}" for x in items[:-1]] + [items[-1]]
    return items


def _names_item(condition: str, item: str) -> bool:
    """Whether a row's condition names a listed item: the same amount in the same unit
    ("1 A" in "IOUT = 1.0 A"), or the same name ("SO-8" in "SO-8 package")."""
    amount = _AMOUNT.fullmatch(item)
    if amount:
        return any(
            float(n) == float(amount.group(1)) and u == amount.group(2)
            for n, u in _AMOUNT.findall(condition)
        )
    return bool(re.search(rf"(?i)(?<![\w-]){re.escape(item)}(?![\w-])", condition))


_EACH_MODE = re.compile(r"(?i)\b(?:each|every|all(?: the)?|per)\b[^?.;]{0,25}\bmodes?\b")
_MODE_ROW = re.compile(r"(?i)\bmode")


# What an output stage is: asked of a part, or stated by its documents
_OUTPUT_STAGE = re.compile(
    r"(?i)\bopen[- ]?(?:collector|drain)\b|\bpush[- ]?pull\b|\btotem[- ]?pole\b"
)


# "returned error -222", "SYST:ERR? gives -113": a code of the part's error table asked
_ASKS_ERROR = re.compile(r"(?i)\berr(?:or)?s?\b|\bsyst(?:em)?:err")
# "which error code does it return if ...": the code asked by what raises it (the words
# asking for a code say nothing of which)
_ERROR_WORDS = frozenset({"error", "code", "return", "number", "give"})
_ASKS_WHICH_ERROR = re.compile(
    r"(?i)\b(?:which|what)\s+(?:error|err)\b|\berror\s+(?:code|number)\b"
)


# A spec phrase that is the words of the question asking it ("How much current does")
_ASKING = re.compile(r"(?i)(?:how|what|which|when|does|do|is|can)\b")


_TURNED_OFF = re.compile(
    r"(?i)\(([^()]*?)\s+(?:off|disabled)\)|\b(?:without|no)\s+(?:the\s+)?([a-z]\w+)"
)


def _each_side(question: str, rows: Sequence[Fact]) -> list[Fact]:
    """A question comparing two conditions of one figure ("current while measuring pressure
    versus humidity", "gyro + accel + DMP compared with accelerometer only"): the row whose
    label or condition best names each side, by the words and numbers only that side states."""
    sides = _sides(question)
    # a row stated again on another page (an overview repeating a section) is one row
    once: dict[tuple[Any, ...], Fact] = {}
    for f in rows:
        once.setdefault((f.spec, f.min, f.typ, f.max, f.value, f.unit, f.condition), f)
    rows = list(once.values())
    if len(sides) != 2 or len(rows) < 2:
        return []
    # "supply current: gyro only vs accel only": what leads up to the colon is said of both
    shared = _side_words(sides[0].split(":", 1)[0]) if ":" in sides[0] else set()
    sides[0] = sides[0].split(":", 1)[-1]
    # "(DMP off)", "without the DMP": what a side turns off is no part it names as running
    off_said = [
        _side_words(" ".join(m for g in _TURNED_OFF.findall(side) for m in g)) for side in sides
    ]
    words = [(_side_words(side) | shared) - off_said[k] for k, side in enumerate(sides)]
    numbers = [set(re.findall(r"\d+(?:\.\d+)?", side)) for side in sides]
    said = [_written(side) for side in sides]
    out: list[Fact | None] = []
    for k in (0, 1):
        own_words = words[k] - words[1 - k]
        own_numbers = numbers[k] - numbers[1 - k]

        def fit(
            f: Fact,
            own_words: set[str] = own_words,
            own_numbers: set[str] = own_numbers,
            side: set[str] = words[k],
            text: str = said[k],
        ) -> tuple[int, float, int]:
            """(words and numbers of the side the row states, that less half the condition
            words the side does not say: "DMP disabled" is not "gyro + accel + DMP")."""
            cond = _side_words(f.condition or "") - {"disabled", "enabled"}
            # "(DMP & Gyroscope disabled)": the parts named there are off, not stated
            off = _side_words(" ".join(re.findall(r"\(([^()]*)\bdisabled\)", f.condition or "")))
            # (a row's symbol column may carry its name: "High-level source current")
            named = _side_words(f"{f.parameter} {f.symbol or ''} {f.condition or ''}") - off
            hits = len({r for r in named if _meets(r, own_words)}) + len(
                own_numbers & set(re.findall(r"\d+(?:\.\d+)?", f.condition or ""))
            )
            # A side that writes the row's condition out ("with VM ≥ 4.5 V") names it.
            written = _written(f.condition or "")
            if len(written) >= 4 and written in text:
                hits += 2
            # a part the row turns off that the side does not name is what "only" means
            astray = {r for r in cond if (r in off) == _meets(r, side)}
            # what both sides share ("analog supply current") breaks a tie between rows
            return hits, hits - 0.5 * len(astray), len({r for r in named if _meets(r, shared)})

        # Of the rows that name something of the side, one clear best; ties name nothing.
        scored = sorted(
            ((h, i) for i, f in enumerate(rows) if (h := fit(f))[0] >= 1),
            key=lambda t: (-t[0][1], -t[0][2]),
        )
        if scored and (len(scored) < 2 or scored[1][0][1:] < scored[0][0][1:]):
            out.append(rows[scored[0][1]])
        else:
            out.append(None)
    found = [f for f in out if f is not None]
    if len(found) == 1:
        # "max at 25 °C and at 85 °C (0 < INP < 3.3 V)": the side no row names is the row
        # printed at the found row's conditions less the other side's point ("0 V < INP <
        # 3.3 V" beside "0 V < INP < 3.3 V, 85°C"), when exactly one row is.
        kept = _condition_terms(found[0].condition)
        base = [f for f in rows if f.condition and _condition_terms(f.condition) < kept]
        if len(base) == 1:
            out = [base[0] if f is None else f for f in out]
    done = [f for f in out if f is not None]
    return done if len(done) == 2 and done[0] is not done[1] else []


def _supply_said(parsed: ParsedQuestion, mention: DeviceMention) -> float | None:
    """The supply a sensor runs on: the one the question attaches to it, the one voltage it
    states, or the one it writes as "a 5 V supply" ("0-40 kPa, 5 V supply") or "the 3.3 V
    one" ("the 3.3 V, 0-100 kPa one"), or in brackets after its range ("(0-100kPa, 5V)")."""
    supply = mention.supply_v or _sole(parsed)
    if supply is None:
        said = [
            a or b or c
            for a, b, c in re.findall(
                r"(?<![\w.])(\d+(?:\.\d+)?)\s*V\s+(?:supply|version|rail)\b"
                r"|\bthe\s+(\d+(?:\.\d+)?)\s*V\b[^.;:()]{0,25}?\b(?:one|part|version|model|variant)\b"
                r"|\(\s*[^()]*?\d\s*[kM]?Pa\s*,\s*(\d+(?:\.\d+)?)\s*V\s*\)",
                parsed.text,
            )
        ]
        supply = float(said[0]) if len(set(said)) == 1 else None
    return supply


def _sole(parsed: ParsedQuestion) -> float | None:
    """The one supply voltage a question states, if it states exactly one."""
    volts = set(parsed.stated_voltages)
    return volts.pop() if len(volts) == 1 else None


def _end_asked(text: str, phrase: str) -> str | None:
    """The end a question asks of one item ("min VIH, max VIL": "min" of VIH), if it names one."""
    said = re.search(rf"(?i)\b(min|max)(?:imum)?\.?\s+{re.escape(phrase)}\b", text)
    return said.group(1).lower() if said else None


def _at_stated_supply(
    facts: Sequence[Fact],
    supply: float | None,
    vref: float | None = None,
    end: str | None = None,
) -> list[tuple[str, list[Derived]]]:
    """A bound written relative to the supply ("0.7 VDD") or the reference ("VSS to VREF"),
    evaluated at the supply (and reference) the question states, shown as the product it is;
    only the ``end`` ("min" or "max") the question asks of it, when it names one."""
    if supply is None:
        return []
    out: list[tuple[str, list[Derived]]] = []
    for f in facts:
        if not _symbolic(f) or dimension_of(f.unit) != dimension_of("V"):
            continue
        lo, hi, _needs = bounds(f, supply, f.device, vref)
        ends = [(w, lim) for w, lim in (("min", lo), ("max", hi)) if lim]
        if any(w == end for w, _lim in ends):
            ends = [(w, lim) for w, lim in ends if w == end]
        if not any(lim.derived for _w, lim in ends):
            continue
        shown = ", ".join(f"{w} {lim.text} V" for w, lim in ends)
        line = f"{f.device} {f.spec.replace('_', ' ')} at {format_number(supply)} V: {shown}"
        # a side read from a rail name with no arithmetic ("VSS" of a "VSS to VREF" range is
        # ground) is still a figure the answer states
        read = [
            lim.derived
            or Derived(
                label=f"{f.device}: {w} of {f.extra.get(f'{w}_text', w)}",
                expression=format_number(lim.value),
                result=lim.value,
                unit="V",
            )
            for w, lim in ends
            if lim.derived or getattr(f, w) is None
        ]
        out.append((f"{line} [{f.citation}]", read))
    return out


# Another part's logic level driving this part's inputs: "a 5 V Arduino drive AIN1/STBY",
# "5 V logic on its control pins".
_DRIVES_LOGIC_INPUT = re.compile(
    r"(?i)\b\d+(?:\.\d+)?\s*V\b(?:(?!\d+(?:\.\d+)?\s*V\b)[^.?!]){0,40}"
    r"\b(?:drive|driving|drives|into|on)\b[^.?!]{0,30}"
    r"\b(?:(?:control|logic|digital|enable|standby|pwm)\s+(?:inputs?|pins?|lines?)"
    r"|[A-Z]*IN\d\b|PWM[A-Z]?\b|STBY\b|EN[AB]?\b)"
)


# "can it measure / read / sense 25 A", "within its range"; "we won't measure above 20 A" not
_ASKS_MEASURING = re.compile(
    r"(?i)\bmeasur|\bread(?:s|ing)?\b|\bsens(?:e|es|ing)\b|\bdetect|\brange\b"
)
_NOT_MEASURING = re.compile(
    r"(?i)\b(?:won'?t|will not|don'?t|do not|never|not)\s+(?:need to\s+)?measur\w*[^,.;)]*"
)
# "38 V surges lasting about 2 ms", "a 60 V spike", "40 V for 5 ms"
_SURGE_AFTER = re.compile(
    r"(?i)\s*(?:surges?|spikes?|transients?|pulses?|dips?)\b"
    r"|\s*(?:for|lasting)\s+(?:about\s+|up to\s+)?\d+(?:\.\d+)?\s*(?:µs|us|ms)\b"
)


def _is_signal(question: str, start: int, end: int, unit: str) -> bool:
    """Whether the value stated at ``question[start:end]`` is a signal level, not a supply: in
    millivolts, named as a signal or logic level ("a 0-3 V signal", "a bridge signal of
    ±50 mV"), or another part's level driving this one's inputs ("a 5 V Arduino drive AIN1")."""
    if unit == "mV":
        return True
    span = re.search(r"(?<![\w.])[-+]?\d+(?:\.\d+)?\s*(?:-|–|to)\s*$", question[:start])
    if span:
        start = span.start()  # "outputs 0 to 4 V": the span's words are before its low end
    # The words up to the next figure on either side, not another figure's.
    after = re.split(r"\d", question[end : end + 30], maxsplit=1)[0]
    before = re.split(r"\d", question[max(0, start - 25) : start])[-1]
    if re.match(r"(?i)\s*(?:rail|supply|battery)\b", after):
        return False  # "from a 3.3 V rail to avoid level shifting": the rail, whatever follows
    # ("a 3.3 V logic rail" is a supply)
    named = r"(?i)\b(?:signal|differential|logic(?! rail)|levels?|swing)\b"
    # ("24 V common mode": the voltage the inputs sit at, not the part's supply)
    if (
        re.search(named, after)
        or re.match(r"(?i)\s*common[- ]mode\b", after)
        or re.search(
            r"(?i)\b(?:signal|logic (?:high|low)|level|inputs?|outputs?)\b[^.?!]*$", before
        )
    ):
        return True
    return _DRIVES_LOGIC_INPUT.match(question, start) is not None


# A signal a question puts on an input: "a 0-3 V signal", "up to ~4 V".
_SIGNAL_SPAN = re.compile(
    r"(?<![\w.])(?:(?P<lo>[-+]?\d+(?:\.\d+)?)\s*(?:-|–|to)\s*)?(?P<hi>[-+]?\d+(?:\.\d+)?)\s*V\b"
)
# Input ranges that a datasheet states relative to the supply (an op-amp's common-mode range
# ends 1.7 V below VCC).
_SIGNAL_SPECS = frozenset(
    {"input_common_mode_range", "input_voltage_range", "logic_high_threshold"}
)


# A current monitor on a rail (``_monitored_rail``): "high-side on a 24 V supply feeding an
# SRB-5030", "monitor the input rail of an SRB-5030", "the SRB-5030's output"
_MONITORED = re.compile(r"(?i)\b(?:monitor\w*|high[- ]side|common[- ]mode)\b")
_RAIL_FEEDS = re.compile(
    r"(?i)(?<![\w.])(\d+(?:\.\d+)?)\s*V\s+(?:\w+\s+)?(?:supply|rail|bus|line)\s+"
    r"(?:that\s+)?(?:feed(?:ing|s)?|power(?:ing|s)?|supplying|suppl(?:ies|y))\s+"
    r"(?:the\s+|an?\s+|my\s+|our\s+)?$"
)
_SIDE_BEFORE = re.compile(
    r"(?i)\b(input|output)(?:\s+(?:rail|side|bus|supply))?\s+(?:of|from)\s+"
    r"(?:the\s+|an?\s+|my\s+|our\s+)?$"
)
_SIDE_AFTER = re.compile(r"(?i)^(?:'s|’s)?\s+(input|output)\b")


def _signal_check(
    question: str, facts: Sequence[Fact], supply: float | None, supplies: Sequence[float] = ()
) -> tuple[str | None, list[str], list[Derived]]:
    """A signal stated on an input checked against an input range the source writes relative
    to the supply, evaluated at the supply the question states. A figure is a signal when
    its words say so, or when it is neither the supply nor another stated supply."""
    relative = [f for f in facts if f.spec in _SIGNAL_SPECS and _symbolic(f)]
    if supply is None or not relative:
        return None, [], []
    signals = [
        (float(m["lo"]) if m["lo"] else None, float(m["hi"]))
        for m in _SIGNAL_SPAN.finditer(question)
        if m["lo"]
        or _is_signal(question, m.start(), m.end(), "V")
        or all(abs(float(m["hi"]) - v) > 1e-9 for v in (supply, *supplies))
    ]
    if not signals:
        return None, [], []
    lines: list[str] = []
    derived: list[Derived] = []
    verdicts: list[bool] = []
    for f in relative:
        lo, hi, _needs = bounds(f, supply, f.device)
        if hi is None and lo is None:
            continue
        derived.extend(d for d in (lo and lo.derived, hi and hi.derived) if d)
        for a, b in signals:
            ends = [x for x in (a, b) if x is not None]
            ok = all(
                (lo is None or x >= lo.value - 1e-9) and (hi is None or x <= hi.value + 1e-9)
                for x in ends
            )
            verdicts.append(ok)
            limit = " to ".join(
                t for t in (f"min {lo.text}" if lo else "", f"max {hi.text}" if hi else "") if t
            )
            lines.append(
                f"{' to '.join(map(format_number, ends))} V is {'within' if ok else 'outside'} "
                f"the {f.spec.replace('_', ' ')} at {format_number(supply)} V ({limit} V) "
                f"[{f.citation}]"
            )
    if not verdicts:
        return None, [], []
    return ("compatible" if all(verdicts) else "incompatible"), lines, derived


# A stated value with a tolerance: "a 28 V rail with ±15 % tolerance", "24 V +/-10 %".
_TOLERANCE = re.compile(r"(?i)^[^.;?]{0,40}?(?:±|\+/-|\+-|plus or minus)\s*(\d+(?:\.\d+)?)\s*%")


# What a part draws itself, never what it can deliver to a load.
_CONSUMPTION_SPECS = frozenset({"supply_current", "sleep_current", "power_consumption"})
# A current or power on offer, which a part's draw must fit under: "can only supply ~50 uA",
# "my coin cell gives 20 uA", "is 20 uA enough", "a 50 uA budget"
_BUDGET_BEFORE = re.compile(
    r"(?i)\b(?:suppl(?:y|ies)|provides?|gives?|delivers?|sources?|budget of|only have|has)"
    r"\s+(?:only\s+|just\s+|up\s+to\s+)?(?:about\s+|around\s+|roughly\s+|~\s*)?$"
)
_BUDGET_AFTER = re.compile(r"(?i)\s*(?:average\s+|avg\s+)?(?:budget|available|enough)\b")
# "the ESP32 clock the radio", "the STM32 can drive SCK": said right after a part's name
_DRIVES_CLOCK = re.compile(r"\W*(?:\w+\W+){0,2}?(?:clock|drive|run|generate)s?\b")
_FEEDS_A_LOAD = re.compile(
    r"(?i)\b(?:feed(?:s|ing)?|suppl(?:y|ies|ying)|power(?:s|ing)?|driv(?:e|es|ing)|source|deliver"
    r"|excit(?:e|es|ing))"
    r"\b.{0,40}\b(?:load|cells?|sensors?|leds?|motors?|excitation|bridge)\b"
)


# "sending a 1 s packet every 20 s": how long it is on, and how often
# "a 1 s packet every 20 s", "a ~1.5 s packet sent every minute"
_ON_EVERY = re.compile(
    r"(?i)(?<![\w.])(?P<on>\d+(?:\.\d+)?)\s*(?P<u>ms|s)\b[^.?;]{0,30}?\bevery\s+"
    r"(?:(?P<every>\d+(?:\.\d+)?)\s*)?(?P<v>ms|s|sec(?:ond)?|min(?:ute)?|h(?:ou)?r?)s?\b"
)


_SECONDS = {"ms": 1e-3, "s": 1.0, "se": 1.0, "mi": 60.0, "h": 3600.0, "hr": 3600.0, "ho": 3600.0}


def _supply_pinned(question: str) -> set[float]:
    """The voltage a question gives the part's one supply pin ("VS = 3.3 V"), when that is the
    only pin it gives a voltage (with a motor rail named too, "VM = 9 V, VCC = 3.3 V", each
    pin's rows are read by the rails rule)."""
    rails = rails_in(question)
    pins = {v for name, v in rails if re.fullmatch(r"V(?:S|DD|CC)", name.upper())}
    return pins if len(rails) == 1 else set()


def _value_check(
    question: str, items: Sequence[AnswerItem]
) -> tuple[str | None, list[str], list[Derived]]:
    """A question that states a value and asks whether it is allowed: compare it to the limits.

    A value stated with a tolerance is checked at both ends of its band. Each item is checked
    on its own (a limit per revision or variant gives one line each); the verdict is given only
    when every item agrees.
    """
    if not _CHECK_CUE.search(question):
        return None, [], []
    stated = []
    derived: list[Derived] = []
    signals: set[float] = set()
    outputs: set[float] = set()
    transients: set[float] = set()
    carried: set[float] = set()
    tolerances: set[float] = set()
    budgets: set[float] = set()
    unmeasured = [n.span() for n in _NOT_MEASURING.finditer(question)]
    for m in _STATED.finditer(question):
        if any(a <= m.start() < b for a, b in unmeasured):
            continue  # "we won't measure above 20 A": a figure ruled out, not one applied
        value = float(m.group(1).replace("−", "-"))
        unit = "°C" if m.group(2) == "C" else m.group(2)
        if re.search(r"\d\s*m?A\s+at\s+$", question[: m.start()]):
            continue  # "a load of 2.5 A at 5 V": the voltage the load runs at, not one applied
        if re.search(
            r"(?i)\b(?:set|configured|programmed)\s+(?:for|to)\s+$", question[: m.start()]
        ):
            continue  # "BRNG set for 32 V": the range a setting selects, not a voltage applied
        if re.match(
            r"[\s-]*(?:\(\W*\w+\W*suffix\)\s*)?(?:part|version|variant|model)\b",
            question[m.end() :],
        ):
            continue  # "the 3.3 V part": which part, not a value applied to it
        if _is_signal(question, m.start(), m.end(), m.group(2)):
            signals.add(value)
        if re.search(r"±\s*$", question[: m.start()]):
            tolerances.add(value)  # "hold ±100 ppm": a tolerance, what an accuracy is held to
        if re.search(r"(?i)\b(?:its|the) output\b[^.?!\d]*$", question[: m.start()]):
            outputs.add(value)  # "keep its output above 4.900 V": the part's own output
        if re.search(
            r"(?i)\b(?:dip|drop|sag|fall|droop)\w*\s+(?:under|below)\s*$"
            r"|\bstays?\s+(?:above|over)\s*$",
            question[: m.start()],
        ):
            outputs.add(value)  # "the rail dipping under 4.75V": a level its output must hold
        if re.search(r"(?i)\bcarr(?:y|ies|ying)\b[^.?!\d]*$", question[: m.start()]) or re.match(
            r"[^.?!\d]{0,30}\bthrough\b", question[m.end() :]
        ):
            carried.add(value)  # "carry 30 A continuously through IP+/IP-": the primary path
        if _SURGE_AFTER.match(question, m.end()) or re.search(
            r"(?i)\b(?:surges?|spikes?|transients?)\s+(?:of|to|up to)\s+$", question[: m.start()]
        ):
            transients.add(value)  # "38 V surges lasting about 2 ms"
        if _BUDGET_BEFORE.search(question[: m.start()]) or _BUDGET_AFTER.match(question, m.end()):
            budgets.add(value)  # "can only supply ~50 uA", "is 20 uA enough": what is on offer
        tm = _TOLERANCE.search(question[m.end() :])
        if tm is None:
            if (value, unit, [value]) not in stated:  # said twice ("a 36 V rail ... 36 V max")
                stated.append((value, unit, [value]))
            continue
        pct = float(tm.group(1))
        lo, hi = percent_band(value, pct, unit)
        stated.append((value, f"{unit} ±{format_number(pct)} %", [lo.value, hi.value]))
        derived.extend(d for d in (lo.derived, hi.derived) if d)
    on = _ON_EVERY.search(question)
    if on:
        # "a 1 s packet every 20 s": the share of the time it is on, a duty cycle
        u, v = _SECONDS[on["u"].lower()], _SECONDS[on["v"].lower()[:2]]
        every = on["every"] or "1"  # "every minute"
        share = round(100 * float(on["on"]) * u / (float(every) * v), 9)
        stated.append((share, "%", [share]))
        derived.append(
            Derived(
                label="duty cycle",
                expression=(
                    f"{on['on']} * {format_number(u)} / ({every} * {format_number(v)}) * 100"
                ),
                result=share,
                unit="%",
            )
        )
    if not stated:
        return None, [], []
    # Per scope (a revision, a variant): every bound of that scope must hold, whichever row
    # prints it ("max 32 V" per a notice, "min 9 V" per the datasheet).
    # Each result is (holds, setting): rows for different settings of the part ("BRNG = 0",
    # "BRNG = 1") are choices, so one setting whose rows all hold is enough.
    outcomes: dict[str, list[tuple[bool, str]]] = {}
    lines: list[str] = []
    # "at 3.3 V or 5 V?" states alternatives, each answered on its own line.
    alternatives = len(stated) > 1 and bool(re.search(r"\bor\b|\bversus\b|\bvs\b", question))
    # "on a 4S pack (16.8 V max), VS = 3.3 V": the supply pin given its own voltage, the other
    # voltages are what the part's other pins see, not its supply
    pinned = _supply_pinned(question)
    # "with VM = 12 V": a value given to one rail is no value of a row for another ("VCC 2.7 to
    # 5.5 V")
    rails = rails_in(question)
    checked: set[float] = set()
    kinds: set[str | None] = set()  # the section kinds of the rows a value was checked against
    unsettled: list[str] = []
    for it in items:
        if it.spec in _CAPACITY_SPECS and it.max is None and isinstance(it.value, int | float):
            it = it.model_copy(update={"max": float(it.value)})
        if it.unit is None or (it.min is None and it.max is None) or isinstance(it.value, str):
            continue
        held: list[bool] = []
        scope = _scope_text(it.applies_to)
        for value, unit, ends in stated:
            base = unit.split(" ")[0]
            if it.spec in _SUPPLY_RAILS and value in signals:
                continue  # a signal level is never checked against a supply range
            if it.spec in _SUPPLY_RAILS and pinned and value not in pinned:
                continue
            given = {name for name, v in rails if v == value}
            row_rails = {r.upper() for r in re.findall(RAIL_PIN, it.evidence or "", re.I)}
            if it.spec in _SUPPLY_RAILS and given and row_rails and not given & row_rails:
                continue
            if it.spec in _SUPPLY_FAMILY and value in outputs:
                continue  # nor a part's output against what its input takes
            if it.spec.endswith("_regulation"):
                continue  # how much the output moves is no limit on a value applied
            if it.spec == "accuracy" and value not in tolerances:
                continue  # "2450 mV" read is no error: only a tolerance is held to an accuracy
            if (
                it.spec == "output_current"
                and value in carried
                and (it.max is None or to_si(it.max, it.unit)[0] < 0.1)
            ):
                # a current carried through the part (a sensor's primary path) is not what its
                # signal output sources; through a driver rated in amperes, it is its output
                continue
            if it.spec == "measurement_range" and not _ASKS_MEASURING.search(
                _NOT_MEASURING.sub(" ", question)
            ):
                continue  # where readings hold is no rating of what the part may carry
            if it.spec in _CONSUMPTION_SPECS and _FEEDS_A_LOAD.search(question):
                continue  # a load the part feeds draws from it: no measure of its own draw
            try:
                qs = [convert(e, base, it.unit) for e in ends]
            except UnknownUnitError:
                continue
            if it.spec in _DURATION_SPECS:
                longest = it.max if it.max is not None else it.typ
                if longest is None:
                    continue
                ok = all(q >= longest - 1e-9 for q in qs)
                lines.append(
                    f"{format_number(value)} {unit} is "
                    f"{'at least' if ok else 'shorter than'} the {format_number(longest)} "
                    f"{it.unit} the part takes [{it.citation}]"
                )
            elif it.spec in _CONSUMPTION_SPECS and value in budgets:
                # a budget covers a draw up to its largest figure
                largest = it.max if it.max is not None else it.typ
                if largest is None:
                    continue
                ok = all(q >= largest - 1e-9 for q in qs)
                lines.append(
                    f"{format_number(value)} {unit} {'covers' if ok else 'is less than'} the "
                    f"{'maximum' if it.max is not None else 'typical'} {format_number(largest)} "
                    f"{it.unit} the part draws [{it.citation}]" + (f" ({scope})" if scope else "")
                )
            elif it.spec == "current_limit" and it.min is not None:
                # a load is sure of its current only below where the part may start limiting
                ok = all(q <= it.min + 1e-9 for q in qs)
                lines.append(
                    f"{format_number(value)} {unit} is {'at most' if ok else 'above'} the "
                    f"guaranteed minimum current limit {format_number(it.min)} {it.unit} "
                    f"[{it.citation}]" + (f" ({scope})" if scope else "")
                )
            else:
                ok = all(
                    (it.min is None or q >= it.min - 1e-9)
                    and (it.max is None or q <= it.max + 1e-9)
                    for q in qs
                )
                limit = (
                    f"{format_number(it.min)} to {format_number(it.max)}"
                    if it.min is not None and it.max is not None
                    else f"max {format_number(it.max)}"
                    if it.max is not None
                    else f"min {format_number(it.min)}"  # type: ignore[arg-type]
                )
                band = f" ({' to '.join(map(format_number, ends))} {base})" if len(ends) > 1 else ""
                rating = " (absolute maximum)" if it.section_kind == "absolute_maximum" else ""
                lines.append(
                    f"{format_number(value)} {unit}{band} is {'within' if ok else 'outside'} "
                    f"{limit} {it.unit}{rating} [{it.citation}]" + (f" ({scope})" if scope else "")
                )
                if not ok and value in transients and it.section_kind != "absolute_maximum":
                    # a continuous limit does not rate a surge: unsettled, not a failure
                    unsettled.append(f"{format_number(value)} {unit}")
                    ok = True
            checked.add(value)
            # (an operating range printed in the absolute maximum table, "Operating Temperature
            # Range -55 to +125 °C", is an operating limit by its name)
            kinds.add("operating" if it.spec.startswith("operating_") else it.section_kind)
            if alternatives:
                outcomes.setdefault(f"{scope}@{value}", []).append((ok, ""))
                continue
            held.append(ok)
        if held:
            # Every value stated is one the part must take ("a 12 V battery, 14.4 V on
            # charge"): one outside is enough.
            setting = _SETTING_IN_CONDITION.search(it.condition or "")
            choice = "".join(setting.group(0).split()).upper() if setting else ""
            outcomes.setdefault(scope, []).append((all(held), choice))
    if not outcomes:
        return None, [], []

    def holds(results: list[tuple[bool, str]]) -> bool:
        by_setting: dict[str, list[bool]] = {}
        for ok, choice in results:
            if choice:
                by_setting.setdefault(choice, []).append(ok)
        return all(ok for ok, choice in results if not choice) and (
            not by_setting or any(all(oks) for oks in by_setting.values())
        )

    # Limits of every variant and revision (a pin rating) decide only when they fail.
    if "" in outcomes and len(outcomes) > 1 and not holds(outcomes.pop("")):
        return "incompatible", lines, derived
    merged = {"compatible" if holds(results) else "incompatible" for results in outcomes.values()}
    if len(merged) > 1 and all("revision" in scope for scope in outcomes):
        # allowed on one board revision and not on another, and no revision named: the answer
        # turns on the revision, which the question leaves open
        lines.append("the outcome depends on the board revision, which the question does not name")
        return "insufficient_evidence", lines, derived
    verdict = merged.pop() if len(merged) == 1 else None
    if verdict == "compatible" and outputs - checked:
        # "keep its output above 4.900 V during a load step": no fact found bounds that output
        lines.append(
            f"no limit found bounds the output stated "
            f"({', '.join(format_number(v) for v in sorted(outputs - checked))} V)"
        )
        return "insufficient_evidence", lines, derived
    if verdict == "compatible" and kinds == {"absolute_maximum"}:
        # within an absolute maximum rating says only that the part may survive it
        lines.append("only an absolute maximum rating bounds it, and that is no operating limit")
        return "insufficient_evidence", lines, derived
    if verdict == "compatible" and unsettled:
        lines.append(
            f"{', '.join(dict.fromkeys(unsettled))} as a surge exceeds a continuous limit; the "
            "documents give no surge or transient rating, and an absolute maximum is no "
            "operating limit"
        )
        return "insufficient_evidence", lines, derived
    return verdict, lines, derived if verdict or lines else []


# A setting a row's condition names: "BRNG = 1", "PGA = /8", "RATE = 0".
_SETTING_IN_CONDITION = re.compile(r"\b([A-Z][A-Z0-9_]{1,})\s*=\s*/?\s*\w+")
# An operating point stated in the question: "+20 dBm", "85 °C", "1 A", "high-power mode".
_STATED_POINT = re.compile(
    r"(?<![\w.])([-+]?\d+(?:\.\d+)?)\s*(dBm|°C|℃|deg\s?C|MHz|kHz|Hz|SPS|mA|A)\b"
    r"|\b((?:high|low)[- ]power|boost|sleep|standby|burst|continuous|one[- ]shot) mode\b"
    # Numbered modes and gain settings: "mode 3", "PGA = /8", "gain 64".
    r"|\b(mode\s*\d+|pga\s*=?\s*/\s*\d+|gain\s*(?:=\s*)?\d+|sf\s*=?\s*\d+|ch(?:annel)?\s*[ab]"
    # "peak output current": a row printed for the peak figure
    r"|peak)\b",
    re.IGNORECASE,
)
_COMPARE_CUES = re.compile(
    r"\bdiffer(?!ential)|\bcompare|\bversus\b|\bvs\.?\b|\bnormal(?:ly)?\b|\botherwise\b|\bgeneral\b",
    re.IGNORECASE,
)


def _squash_condition(text: str) -> str:
    """Lower-case, unit-normalised, space-free text for matching a stated operating point."""
    text = re.sub(r"deg\s?c|℃|° c", "°c", text.lower())
    text = re.sub(r"\bpga\s*=?\s*/", "pga/", text)
    text = re.sub(r"\bch(?:annel)?\s*([ab])\b", r"channel\1", text)
    # a list's items stay apart ("SF = 12, 125 kHz": "sf12|125khz")
    return re.sub(r"[\s_+=-]", "", re.sub(r"[,;]", "|", text))


def _prefer_stated_condition(valid: list[Any], question: str) -> list[Any]:
    """Rows printed for the operating point the question states ("at +20 dBm") answer it.

    A datasheet often prints a general row (VDD 1.8 to 3.7 V) and a narrower one for a mode
    (VDD 2.4 to 3.7 V at +20 dBm): quoting the general row for the stated mode is the wrong,
    and sometimes damaging, answer. Rows of the best row's spec that name the stated point in
    their parameter or condition go first; the others stay only when the question asks for a
    comparison with the normal case.
    """
    if not valid:
        return valid
    points: list[str] = []
    for m in _STATED_POINT.finditer(question):
        if m.group(3) or m.group(4):
            points.append(_squash_condition(m.group(3) or m.group(4)))
        else:
            points.append(_squash_condition(f"{m.group(1).lstrip('+')}{m.group(2)}"))
    if not points:
        return valid
    spec = valid[0].fact.spec
    same = [r for r in valid if r.fact.spec == spec]
    windows = _stated_temperatures(question)
    if (
        windows
        and all(lo != hi for lo, hi in windows)
        and any(_temperature_window(r.fact) for r in same)
    ):
        # rows printed per temperature window are chosen by the window a stated one falls in
        # (_within_stated_temperature), not by its end figures' digits
        points = [p for p in points if not re.search(r"(?i)°C|℃|degC", p)]
        if not points:
            return valid

    # the stated points each row's label or condition names, worked out once per row
    said: dict[int, set[str]] = {}
    for r in same:
        text = _squash_condition(f"{r.fact.parameter or ''} {r.fact.condition or ''}")
        # ("25°C" is not named by "–25°C to 85°C": a sign belongs to its figure)
        said[id(r)] = {
            p for p in points if re.search(rf"(?<![\d.\-–−]){re.escape(p)}(?![\d.])", text)
        }

    def named(r: Any) -> set[str]:
        return said[id(r)]

    def names_point(r: Any) -> int:
        return sum(1 for p in points if p in named(r))

    # Rows naming every stated point ("SF12" and "125 kHz") over rows naming one; with points
    # compared ("SF7 vs SF12 at 125 kHz"), the rows naming the most; else any that names one.
    most = max(names_point(r) for r in same)
    # (a point no row names, "at 868 MHz" over a table printed for the band, is no criterion)
    named_any = set().union(*(named(r) for r in same))
    fewest = len(named_any) if most == len(named_any) or _COMPARE_CUES.search(question) else 1
    matched = [r for r in same if most and names_point(r) >= min(fewest, most)]
    if not matched:
        return valid
    if len(matched) == len(same):
        # Every row names a point asked that no other row names ("ch A gain 128, ch A gain 64
        # and ch B"): each answers its own part of the question, none is a lesser match.
        # (a sibling variant's copy of a row, same label and condition, is the same part)
        rows = {(r.fact.parameter, r.fact.condition): named(r) for r in matched}
        own = [p - set().union(*(o for k2, o in rows.items() if k2 != k)) for k, p in rows.items()]
        if fewest > 1 or len(own) < 2 or not all(own):
            return valid
        top = max(r.score for r in valid)
        return [dataclasses.replace(r, score=top) if r in matched else r for r in valid]
    rest = [r for r in valid if r not in matched]
    if _COMPARE_CUES.search(question):
        # Give the matched rows the top score so both are quoted, the stated mode first.
        top = valid[0].score
        return [dataclasses.replace(r, score=top) for r in matched] + [
            dataclasses.replace(r, score=top) if r.fact.spec == spec else r for r in rest
        ]
    top = max(r.score for r in valid)
    return [dataclasses.replace(r, score=top) for r in matched] + [
        r for r in rest if r.fact.spec != spec
    ]


_MINUS = str.maketrans({"−": "-", "–": "-"})
_NUMBER_T = r"([-+]?\s?\d+(?:\.\d+)?)"
# Temperatures a question states: "at 95 °C", "-10 C", a window "from -40 to 0 °C".
_STATED_TEMPERATURE = re.compile(
    rf"(?:{_NUMBER_T}\s*(?:°C|℃|deg(?:rees)?\s?C|C)?\s*(?:to|and|-|…)\s*)?(?<![\w.]){_NUMBER_T}"
    r"\s*(?:°\s?C|℃|deg(?:rees)?\s?C|C)\b",
    re.IGNORECASE,
)
_LISTED_TEMPERATURES = re.compile(
    rf"(?<![\w.]){_NUMBER_T}(?:\s*(?:°C|℃|C)?\s*[,/]\s*{_NUMBER_T})+"
    rf"(?:\s*(?:°C|℃|C)?\s*,?\s*(?:and|or)\s*{_NUMBER_T})?\s*(?:°\s?C|℃|deg(?:rees)?\s?C|C)\b",
    re.IGNORECASE,
)
# A temperature window a row's condition states: "-10°C to +85°C", "0…65 °C", "TA = 25°C".
_ROW_WINDOW = re.compile(
    rf"{_NUMBER_T}\s*(?:°C|℃)?\s*(?:to|…+\.*|\.{{2,}}|~)\s*{_NUMBER_T}\s*(?:°C|℃|degC)"
)
_ROW_POINT = re.compile(
    rf"\bT[AJC]?\s*=\s*{_NUMBER_T}\s*(?:°C|℃|degC)"
    # "0 V < INP < 3.3 V, 85°C": a temperature as an item of its own in the condition
    rf"|(?:^|[,;(])\s*{_NUMBER_T}\s*(?:°C|℃|degC)\s*(?=[,;)]|$)"
)


def _temperature_window(fact: Fact) -> tuple[float, float] | None:
    text = (fact.condition or "").translate(_MINUS)
    m = _ROW_WINDOW.search(text)
    if m:
        lo, hi = sorted(float(g.replace(" ", "")) for g in m.groups())
        return lo, hi
    m = _ROW_POINT.search(text)
    if m:
        t = float((m.group(1) or m.group(2)).replace(" ", ""))
        return t, t
    return None


def _stated_temperatures(question: str) -> list[tuple[float, float]]:
    """The temperatures a question states, each as (from, to): a window's two ends as written
    ("from -40 to 0 °C"), a single temperature twice."""
    out = []
    text = question.translate(_MINUS)
    for m in _LISTED_TEMPERATURES.finditer(text):
        # "at 25, 85 and 125 C", "-40/25/85 °C": each one listed, not a window
        out += [(float(n), float(n)) for n in re.findall(r"[-+]?\d+(?:\.\d+)?", m.group(0))]
    text = _LISTED_TEMPERATURES.sub(" ", text)
    for m in _STATED_TEMPERATURE.finditer(text):
        t = float(m.group(2).replace(" ", ""))
        out.append((float(m.group(1).replace(" ", "")) if m.group(1) else t, t))
    if re.search(r"(?i)\b(?:at|in)\s+room\s+temp(?:erature)?\b", text):
        out.append((25.0, 25.0))  # the 25 °C datasheets print as room temperature
    return out


def _within_stated_temperature(valid: list[Any], question: str) -> list[Any]:
    """Rows printed for temperature windows ("±0.5 °C from -10 to +85 °C, ±2 °C from -55 to
    +125 °C") answer a question at a stated temperature with the narrowest window that holds it.

    Rows of that spec whose window misses every stated temperature, or is wider than one that
    holds it, describe conditions the question is not asking about; rows that state no window
    stay. When no window holds a stated temperature, the rows are left for the other rules.
    """
    stated = [(min(lo, t), max(lo, t)) for lo, t in _stated_temperatures(question)]
    if not stated or not valid:
        return valid
    # ("...at 25 °C vs over IO = 5 mA to 1 A": a question that also asks over a span wants it)
    spans = re.search(r"(?i)\b(?:over|across)\b", question)
    keep: set[int] = set()
    decided: set[str] = set()
    for spec in {r.fact.spec for r in valid}:
        windows = [
            (i, w)
            for i, r in enumerate(valid)
            if r.fact.spec == spec and (w := _temperature_window(r.fact)) is not None
        ]
        if (25.0, 25.0) in stated and not spans and all(w != (25.0, 25.0) for _, w in windows):
            # Asked at room temperature, a row with none printed beside the same label printed
            # over a window ("Current measurement error" and "... over Temperature") is the
            # room-temperature row, unless a row is printed at 25 °C itself.
            windows += [
                (i, (25.0, 25.0))
                for i, r in enumerate(valid)
                if r.fact.spec == spec
                and _temperature_window(r.fact) is None
                and any(
                    (valid[j].fact.parameter or "").startswith(r.fact.parameter or "\0")
                    for j, _ in windows
                )
            ]
        if not windows:
            continue
        for lo, hi in stated:
            holding = [(w[1] - w[0], i) for i, w in windows if w[0] <= lo and hi <= w[1]]
            if holding:
                narrowest = min(width for width, _ in holding)
                keep.update(i for width, i in holding if width == narrowest)
                decided.add(spec)
        if spec not in decided and not spans:
            # "at 100 °C": a row printed at TA = 25 °C beside one of the same label with no
            # temperature (the table's limits over its whole range) is not the one asked
            room = {i for i, w in windows if w == (25.0, 25.0)}
            labels = {valid[i].fact.parameter for i in room}
            if room and any(
                r.fact.spec == spec
                and r.fact.parameter in labels
                and _temperature_window(r.fact) is None
                for r in valid
            ):
                keep.update(i for i, r in enumerate(valid) if r.fact.spec == spec and i not in room)
                decided.add(spec)
    if not decided:
        return valid
    # A row with no temperature beside rows of the same label printed at others is the
    # datasheet's default (room) temperature: not the one asked when the stated one is held.
    labelled = set() if spans else {valid[i].fact.parameter for i in keep}
    return [
        r
        for i, r in enumerate(valid)
        if r.fact.spec not in decided
        or i in keep
        or (_temperature_window(r.fact) is None and r.fact.parameter not in labelled)
    ]


_FULL_TEMPERATURE = re.compile(
    r"(?i)\b(?:full|entire|whole)\s+(?:operating[\s-]+|junction[\s-]+)*temp(?:erature)?\b"
    r"|\b(?:over|across)\s+(?:the\s+)?(?:operating\s+)?temp(?:erature)?\b"
    # "guaranteed over load, line and temperature", "over full line/load/temperature"
    r"|\bover\s+(?:the\s+)?(?:full\s+)?(?:(?:\w+,?\s+){1,4}and\s+|(?:\w+\s*/\s*){1,4})"
    r"temp(?:erature)?\b"
)
_ROOM_TEMPERATURE = re.compile(r"(?i)\b25\s*°?\s*C\b|\broom temperature\b")


def _bits_named(condition: str | None) -> int | None:
    """The resolution a row's condition names ("12-bit resolution", "9 bit")."""
    m = re.search(r"(?<![\d.])(\d{1,2})[- ]?bits?\b", condition or "", re.IGNORECASE)
    return int(m.group(1)) if m else None


def _limits_around(a: Fact, b: Fact) -> bool:
    """Whether ``b`` prints the same bounds as ``a``, each of them wider (3.201-3.399 V around
    3.251-3.349 V; a maximum of 25 mV over one of 15 mV)."""
    if (a.min is None) != (b.min is None) or (a.max is None) != (b.max is None):
        return False
    if a.min is None and a.max is None:
        return False
    return (a.min is None or b.min < a.min) and (  # type: ignore[operator]
        a.max is None or a.max < b.max  # type: ignore[operator]
    )


def _one_stated_volts(question: str) -> list[float]:
    """The voltage a question states, when it states exactly one ("a 1S LiPo, about 3.7 V")."""
    volts = {float(v) for v in re.findall(r"(?<![\w.])(\d+(?:\.\d+)?)\s*V\b", question)}
    return sorted(volts) if len(volts) == 1 else []


# "... and the datasheet typical", "vs the typical efficiency the datasheet shows": the datasheet
# asked beside something else (not "sweeps like the datasheet's row")
_AND_DATASHEET = re.compile(
    r"(?i)\b(?:and|vs\.?|versus|against|compared?\s+(?:to|with))\b[^.?;]{0,40}?\bdata\s?sheet\b"
)
# A question about a production test ("production test, step 2", "the test limit")
_TEST_ASKED = re.compile(
    r"(?i)\b(?:production|final|incoming|end[- ]of[- ]line)\s+test|\btest\s+(?:step|limit|spec)"
    r"|\bstep\s+\d+\b"
)


def _full_temperature_row(valid: list[Any], question: str) -> list[Any]:
    """Two rows of one label and condition, the second's limits around the first's (the
    AMS1117's 3.251-3.349 V, then 3.201-3.399 V "in boldface, over the full operating
    temperature range"): the wider row answers over temperature, the narrower at 25 °C."""
    full = _FULL_TEMPERATURE.search(question)
    room = _ROOM_TEMPERATURE.search(question)
    if room and re.search(rf"(?i){_SET_ASIDE}$", question[: room.start()]):
        room = None  # "(not just at 25 °C)", "I don't care about the 25 °C number"
    if bool(full) == bool(room):
        return valid  # neither asked, or both ("at 25 °C and over the full range")
    drop: set[int] = set()
    for i, a in enumerate(valid):
        for j, b in enumerate(valid):
            fa, fb = a.fact, b.fact
            if (
                i != j
                and (fa.spec, fa.variant, fa.parameter, fa.condition)
                == (fb.spec, fb.variant, fb.parameter, fb.condition)
                and _temperature_window(fa) is None
                and _limits_around(fa, fb)
            ):
                drop.add(i if full else j)  # b is the wider row
    # "VCC = 30 V" and "VCC = 30 V, TA = Thigh to Tlow": the second row holds over the
    # temperature range, the first at the table's own 25 °C; "Power-down TA = 25°C" and
    # "Power-down": the first at 25 °C, the second over the range the table states
    for i, a in enumerate(valid):
        for j, b in enumerate(valid):
            fa, fb = a.fact, b.fact
            ca, cb = fa.condition or "", fb.condition or ""
            if (
                i != j
                and (fa.spec, fa.variant, fa.parameter) == (fb.spec, fb.variant, fb.parameter)
                and (
                    (not _OVER_TEMPERATURE.search(ca) and _OVER_TEMPERATURE.search(cb))
                    or (_AT_25C.search(ca) and not re.search(r"(?i)°\s?C|\bT[AJ]\b", cb))
                )
                and _bare_condition(ca) == _bare_condition(cb)
            ):
                drop.add(i if full else j)
            elif (
                full
                and i != j
                and (fa.spec, fa.variant, fa.parameter) == (fb.spec, fb.variant, fb.parameter)
                and _AT_25C.search(ca)
                and not re.search(r"(?i)°\s?C|\bT[AJ]\b", cb)
            ):
                # "Output Voltage, TJ = +25°C" beside the same label over load, line and
                # temperature ("5 mA to 1 A, P ≤ 15 W"): over temperature, the second
                drop.add(i)
    return [r for k, r in enumerate(valid) if k not in drop] if drop else valid


# Where a part runs: "on a single 5 V supply", "on a 5 V single supply", "off the 12 V rail"
_STATED_SUPPLY = re.compile(
    r"(?i)\b(?:on|from|off|with|at)\s+(?:an?\s+|the\s+)?(?:single|dual|split)?"
    r"\s*\d+(?:\.\d+)?\s*V\s+(?:single\s+|dual\s+|split\s+)?(?:supply|rail)\b"
)
# A condition the question sets aside: "not just at 25 °C", "I don't care about the 25 °C number"
_SET_ASIDE = (
    r"\b(?:not\s+(?:just|only)\s+(?:at\s+)?|(?:don'?t|do not)\s+care\s+about\s+(?:the\s+)?"
    r"|ignor\w*\s+(?:the\s+)?|(?:rather|other) than\s+(?:the\s+)?)"
)
_NOT_JUST = re.compile(rf"(?i)\(?{_SET_ASIDE}[^,;.)?]*\)?")
_OVER_TEMPERATURE = re.compile(r"(?i)\bT[AJ]\s*=\s*T\s?(?:high|low|min|max)\s+to\s+T\s?\w+")
_AT_25C = re.compile(r"(?i)\bT[AJ]\s*=\s*\+?25\s*°\s?C")


def _bare_condition(condition: str | None) -> str:
    """A row's condition without its temperature (a range or 25 °C) and footnote marks, as
    words."""
    text = _AT_25C.sub(" ", _OVER_TEMPERATURE.sub(" ", condition or ""))
    text = re.sub(r"(?i)\(\s*notes?[\s\d,]*\)", " ", text)
    return " ".join(re.findall(r"[\w.=]+", text))


# "for reading an MQ-2", "to drive the L298": a part named as what the others are used for
_USED_FOR = re.compile(
    r"(?i)\b(?:for|to)\s+(?:reading|read|measuring|measure|sensing|driving|drive|powering|power"
    r"|use with|using with)\s+(?:the\s+|an?\s+|my\s+|our\s+)?$"
)


def _extremes_only_when_asked(valid: list[Any], question: str) -> list[Any]:
    """A row printed "at the temperature extremes" beside one of the same label at the table's
    stated temperature answers only a question about temperature; either row, unasked, is the
    other's."""
    extreme = [r for r in valid if "temperature extremes" in (r.fact.condition or "")]
    if not extreme or len(extreme) == len(valid):
        return valid
    if re.search(r"(?i)\bextreme|\bover temp|\bfull (?:operating )?temp", question) or (
        re.search(r"(?i)°\s*C\b|\bdeg", question) and not _ROOM_TEMPERATURE.search(question)
    ):
        return valid  # the other rules pick by the temperature asked
    labels = {(r.fact.spec, r.fact.parameter) for r in valid if r not in extreme}
    return [r for r in valid if r not in extreme or (r.fact.spec, r.fact.parameter) not in labels]


# "tw = 20 ms Continuous pulse, Duty ≤ 20%", "Single pulse", "IOUT (peak)": a pulse rating
_PULSE_ROW = re.compile(r"(?i)\bpulse|\bduty\b|\btw\s*=|\bpeak\b")
_ASKS_PULSE = re.compile(r"(?i)\bpulse|\bpeak|\bsurge|\btransient|\bduty|\bburst|\binrush|\bms\b")


def _pulse_only_when_asked(valid: list[Any], question: str) -> list[Any]:
    """A row printed for pulses ("tw = 20 ms Continuous pulse") beside one of the same spec
    printed for steady operation answers only a question about pulses or peaks; a continuous
    (DC) figure asked is the steady row's."""
    if _ASKS_PULSE.search(question):
        return valid
    pulse = {
        id(r) for r in valid if _PULSE_ROW.search(f"{r.fact.parameter} {r.fact.condition or ''}")
    }
    steady = {r.fact.spec for r in valid if id(r) not in pulse}
    kept = [r for r in valid if id(r) not in pulse or r.fact.spec not in steady]
    return kept if kept and len(kept) < len(valid) else valid


def _blocks_on(condition: str | None) -> frozenset[str] | None:
    """The blocks a row states running ("Gyroscope + Accelerometer (DMP disabled)": gyroscope
    and accelerometer; "Gyroscope only …": the gyroscope), None for a row of another kind."""
    text = re.sub(r"\([^)]*\)", " ", condition or "")
    if "+" not in text and not re.search(r"(?i)\bonly\b", text):
        return None
    parts = [p.strip().lower() for p in re.split(r"[+&]", re.sub(r"(?i)\bonly\b", " ", text))]
    if not all(re.fullmatch(r"[a-z][a-z ]{1,30}", p) for p in parts):
        return None
    return frozenset(parts)


def _blocks_running(valid: list[Any], question: str) -> list[Any]:
    """Rows printed per set of blocks running (MPU-6050 currents: gyro + accel + DMP, gyro
    only, …) answer a question naming blocks with the row of exactly those; a block named
    as off ("DMP disabled") is not running. Short forms name a block ("gyro", "accel")."""
    on = {id(r): b for r in valid if (b := _blocks_on(r.fact.condition)) is not None}
    if len(on) < 2:
        return valid
    vocab = set().union(*on.values())

    def named_set(side: str) -> frozenset[str] | None:
        # "gyro and DMP disabled": every block of a list named off is off
        side = re.sub(
            r"(?i)\b[a-z]+(?:\s*(?:and|&|\+|/)\s*[a-z]+)*\s+(?:(?:switched|turned|powered)\s+)?"
            r"(?:disabled|off)\b",
            " ",
            side,
        )
        words = re.findall(r"[a-z]+", side.lower())
        named = frozenset(
            block
            for i, w in enumerate(words)
            if not set(words[i + 1 : i + 3]) & {"disabled", "off", "not"}
            # a word names the block spelled as it is, else the one it shortens
            for block in ({w} & vocab or {b for b in vocab if len(w) >= 4 and b.startswith(w)})
        )
        # one block named alone may belong to a mode a row names ("accelerometer low-power
        # mode", "accelerometer-only low-power mode"): that row's, not the blocks'
        if len(named) >= 2 or (
            "mode" not in words and named and {"only", "alone", "just"} & set(words)
        ):
            return named
        return None

    asked: list[frozenset[str]] = []
    # each side of a comparison names its own set ("gyro + accel + DMP, compared with
    # accelerometer only")
    for side in re.split(r"(?i)\bcompared (?:with|to)\b|\bvs\.?|\bversus\b|\bthan\b", question):
        # so does each item of a list of sets ("with gyro + accel + DMP, with gyro + accel
        # (DMP off), and gyro only"), when every item names one a row is printed for
        # ("gyro, accel and DMP all on" is one set)
        items = [named_set(p) for p in re.split(r",|;", side)]
        listed = [b for b in items if b is not None]
        if len(listed) >= 2 and all(b in on.values() for b in listed):
            asked.extend(listed)
        elif (whole := named_set(side)) is not None:
            asked.append(whole)
    exact = [r for r in valid if on.get(id(r)) in asked]
    if not exact:
        return valid
    # (an idle or low-power row of that spec is no set of blocks running either)
    specs = {r.fact.spec for r in exact}
    return [r for r in valid if r in exact or r.fact.spec not in specs]


_HEAT_WORDS = re.compile(r"(?i)\b(?:derat\w*|ambient|hot|heat\w*|temperatures?|warm\w*)\b")


def _without_derating(valid: list[Any], question: str) -> list[Any]:
    """A question stating no temperature asks the rating itself, not the points it is derated
    to at ambients it does not name ("rated for 3 A", not "1.5 A at 85 °C"): derating rows go
    where a row of their spec states the rating without them."""
    if _HEAT_WORDS.search(question) or _STATED_TEMPERATURE.search(question.translate(_MINUS)):
        return valid
    plain = {r.fact.spec for r in valid if not r.fact.extra.get("derating")}
    return [r for r in valid if not (r.fact.extra.get("derating") and r.fact.spec in plain)]


def _at_stated_straps(valid: list[Any], question: str) -> list[Any]:
    """ "With ADDR pulled high, which address?": the address rows printed for the stated
    straps, when the rows can be read for them; the other addresses are not the one asked."""
    if re.search(
        r"(?i)\b(?:low|high|gnd|vdd)\s*(?:/|or|and|vs\.?)\s*(?:low|high|gnd|vdd)\b", question
    ):
        return valid  # "AD0 low / high": both asked
    straps = straps_in(question)
    hit = strapped([r.fact for r in valid], straps) if straps else []
    if not hit:
        return valid
    return [r for r in valid if r.fact.spec != "i2c_address" or r.fact in hit]


def _lockout_direction(valid: list[Any], question: str) -> list[Any]:
    """ "Ramping the input up, when does it start switching?": of a lockout's rising and
    falling thresholds, the one the direction asked names ("stops switching as VIN sags":
    falling)."""
    up = re.search(
        r"(?i)\b(?:start|begin)s?\s+switching|\bris(?:e|es|ing)\b|\bramp\w*\s+(?:\w+\s+)?up\b"
        r"|\bstarts?\s+up\b|\bturns?\s+on\b",  # "at what input voltage does it start up"
        question,
    )
    down = re.search(r"(?i)\bstops?\s+switching|\bfall(?:s|ing)?\b|\bsags?\b|\bdrops?\b", question)
    if bool(up) == bool(down):
        return valid
    keep = "rising" if up else "falling"
    rows = [r for r in valid if r.fact.spec == "undervoltage_lockout"]
    hit = [r for r in rows if keep in (r.fact.parameter or "").lower()]
    if not hit or len(hit) == len(rows):
        return valid
    return [r for r in valid if r.fact.spec != "undervoltage_lockout" or r in hit]


def _derated_from_ambient(valid: list[Any], question: str) -> list[Any]:
    """At a stated ambient no hotter than the first point a limit is derated from ("3.0 A at
    70 degC to 1.5 A at 85 degC", 50 °C stated), that point's figure holds: the hotter
    points are no limits there. Between or past the points, every row stays."""
    temps = {float(m.group(1)) for m in _AMBIENT.finditer(question.translate(_MINUS))}
    if len(temps) != 1:
        return valid
    (t,) = temps
    first: dict[str, float] = {}
    for r in valid:
        at = r.fact.applies_to.get("ambient_c")
        if r.fact.extra.get("derating") and isinstance(at, int | float):
            first[r.fact.spec] = min(float(at), first.get(r.fact.spec, math.inf))
    return [
        r
        for r in valid
        if not (
            r.fact.extra.get("derating")
            and r.fact.spec in first
            and t <= first[r.fact.spec] < float(r.fact.applies_to.get("ambient_c", math.inf))
        )
    ]


_SETTING = re.compile(r"\b([A-Z][A-Z0-9_]*SEL)\s*=\s*(\d+)\b", re.IGNORECASE)
_STATED_FULL_SCALE = re.compile(r"±\s*(\d+(?:\.\d+)?)\s*(g\b|[°º]/s|dps\b|deg/s)", re.IGNORECASE)


_SPAN_UNITS = {"day": 1 / 30.4, "week": 7 / 30.4, "month": 1.0, "year": 12.0}
_SPAN = r"(\d+(?:\.\d+)?)\s*(day|week|month|year)s?\b"
_SPAN_COUNTS = {"a": 1, "an": 1} | NUMBER_WORDS  # "a year", "two weeks"
_STATED_SPAN = re.compile(
    rf"(?i)(?<![\w.])(?:{_SPAN}|\b({'|'.join(_SPAN_COUNTS)})\s+(day|week|month|year)s?\b)"
)
# A row's band of durations: "Less than 1 month", "1 ~ 6 months", "More than 6 months".
_ROW_SPAN = re.compile(
    r"(?i)\b(?:(?P<lt>less than|under|below|up to)\s+(?P<a>\d+(?:\.\d+)?)"
    r"|(?P<gt>more than|over|above|longer than)\s+(?P<b>\d+(?:\.\d+)?)"
    r"|(?P<lo>\d+(?:\.\d+)?)\s*(?:~|～|-|to)\s*(?P<hi>\d+(?:\.\d+)?))"
    r"\s*(?P<unit>day|week|month|year)s?\b"
)


def _within_stated_span(valid: list[Any], question: str) -> list[Any]:
    """Rows printed per band of a duration ("Storage Time = 1 ~ 6 months") answer only for the
    band the question's one stated duration falls in ("sat unpowered for about 4 months")."""
    stated = [
        float(m.group(1) or _SPAN_COUNTS[m.group(3).lower()])
        * _SPAN_UNITS[(m.group(2) or m.group(4)).lower()]
        for m in _STATED_SPAN.finditer(question)
    ]
    if len(stated) != 1:
        return valid
    months = stated[0]

    def holds(r: Any) -> bool | None:
        m = _ROW_SPAN.search(r.fact.condition or "")
        if m is None:
            return None
        scale = _SPAN_UNITS[m.group("unit").lower()]
        if m.group("lt"):
            return months < float(m.group("a")) * scale
        if m.group("gt"):
            return months > float(m.group("b")) * scale
        return float(m.group("lo")) * scale <= months <= float(m.group("hi")) * scale

    banded = [r for r in valid if holds(r) is not None]
    kept = [r for r in banded if holds(r)]
    if not kept:
        return valid
    top = max(r.score for r in valid)
    return [dataclasses.replace(r, score=top) for r in kept] + [
        r for r in valid if holds(r) is None
    ]


# "a rail that wanders 8-12 V", "between 16 and 22 V": an input span the question states
_STATED_VOLT_SPAN = re.compile(
    # "11.5 V (resting) to 14.4 V (charging)": a word in brackets may follow the first end
    r"(?<![\w.])(\d+(?:\.\d+)?)\s*(?:V\s*)?(?:\([^()]{1,20}\)\s*)?(?:-|to|and)\s*"
    r"(\d+(?:\.\d+)?)\s*V\b",
    re.I,
)
# "VI = 8 V to 12 V", "VIN = 7.5 V to 25 V": the input span a row is printed for
_ROW_VOLT_SPAN = re.compile(
    r"\bV\s?I(?:N)?\s*=\s*(\d+(?:\.\d+)?)\s*V?\s*(?:to|-|~)\s*(\d+(?:\.\d+)?)\s*V\b", re.I
)


def _within_stated_input_span(valid: list[Any], question: str) -> list[Any]:
    """Rows printed per input span ("VI = 7 V to 25 V" and "VI = 8 V to 12 V") answer a stated
    span ("a rail that wanders 8-12 V") with the narrowest row whose span holds it; a row whose
    span does not hold it describes another input."""
    stated = [sorted((float(a), float(b))) for a, b in _STATED_VOLT_SPAN.findall(question)]
    if len(stated) != 1 or stated[0][0] == stated[0][1]:
        return valid
    lo, hi = stated[0]

    def span(r: Any) -> tuple[float, float] | None:
        m = _ROW_VOLT_SPAN.search(r.fact.condition or "")
        return (float(m.group(1)), float(m.group(2))) if m else None

    holding = [(s[1] - s[0], r) for r in valid if (s := span(r)) and s[0] <= lo and hi <= s[1]]
    if not holding:
        return valid
    narrowest = min(width for width, _ in holding)
    top = max(r.score for r in valid)
    return [dataclasses.replace(r, score=top) for w, r in holding if w == narrowest] + [
        r for r in valid if span(r) is None
    ]


def _select_by_full_scale(
    valid: list[Any], question: str, device_facts: Sequence[Fact]
) -> list[Any]:
    """Rows printed per range setting ("AFS_SEL=0") answer for the range the question states.

    Sensor datasheets print sensitivity once per full-scale setting and name the setting by its
    register field; the question names the range ("at ±2 g"). The full-scale rows tie the two
    together: the setting whose full-scale row is ±2 g is the one asked about.
    """
    stated = [(float(n), u.lower()) for n, u in _STATED_FULL_SCALE.findall(question)]
    if not stated or not valid:
        return valid
    wanted: set[tuple[str, str]] = set()
    for f in device_facts:
        if f.spec != "full_scale_range" or not f.condition:
            continue
        sel = _SETTING.search(f.condition)
        top = f.max if f.max is not None else f.value
        if not sel or not isinstance(top, int | float):
            continue
        # "º/s" (ordinal sign) and "°/s", "dps", "deg/s" are one unit.
        unit = re.sub(r"^(?:º|deg|dp)", "°", (f.unit or "").lower())
        if any(
            abs(float(top) - n) < 1e-9 and unit[:1] == re.sub(r"^(?:º|deg|dp)", "°", u)[:1]
            for n, u in stated
        ):
            wanted.add((sel.group(1).upper(), sel.group(2)))
    if not wanted:
        return valid

    def setting(r: Any) -> tuple[str, str] | None:
        m = _SETTING.search(r.fact.condition or "")
        return (m.group(1).upper(), m.group(2)) if m else None

    keys = {name for name, _ in wanted}
    per_setting = [r for r in valid if setting(r) and setting(r)[0] in keys]  # type: ignore[index]
    matched = [r for r in per_setting if setting(r) in wanted]
    if not matched:
        return valid
    top_score = max(r.score for r in valid)
    # Every stated range answered at equal rank; rows for other settings are not the question.
    return [dataclasses.replace(r, score=top_score) for r in matched] + [
        r for r in valid if r not in per_setting
    ]


_FROM_BEFORE = re.compile(
    # "a unity-gain buffer for the XGZP6847A": the buffered part is the source
    r"(?:\bfrom|\boff|\b(?:powered|supplied|driven|fed|run|running)\s+(?:by|with)"
    # "feeding an AMS1117-3.3 from the 5 V output of an SRB-5030": the part whose output it is
    r"|\b(?:from|off)\s+(?:the\s+|its\s+)?(?:[\d.]+\s*V\s+)?(?:output|rail)\s+of"
    # ("to buffer the MQ-2 load-resistor voltage")
    r"|\bbuffer(?:ing|s)?(?:\s+(?:for|of))?)\s+"
    r"(?:an?\s+|the\s+|its\s+|my\s+)?(?:[\d.]+\s*V\s+)?$",
    re.I,
)
_READS = re.compile(r"\b(?:reads?|reading|samples?|sampling|measures?|measuring|monitors?)\b", re.I)


# Words that make a row's label another figure than the one it extends ("thermal shutdown
# recovery", "quiescent current change", "threshold hysteresis").
# a row's label that says the part draws the figure ("Current consumption including ...")
_DRAWN = re.compile(r"(?i)\bconsum|\bdraw|\bquiescent|\bstandby|\bsleep|\bidle")
_ANOTHER_FIGURE = frozenset({"recovery", "hysteresis", "change", "drift", "release"})


def _volt_spans(text: str) -> set[tuple[float, float]]:
    """The voltage spans a text writes ("8 V to 12 V", "7-25V")."""
    return {(_signed(a), _signed(b)) for a, b in _SPAN_IN["V"].findall(text)}


def _supply_span(parsed: ParsedQuestion) -> list[float]:
    """The voltages a question gives a supply ("10.5 V flat to 14.4 V charging"), leaving out
    those that name a part's own rating ("the 12 V coil", "a 5V SRD relay")."""
    out = []
    for m in re.finditer(r"(?<![\w.])(\d+(?:\.\d+)?)\s*V(?:DC)?\b", parsed.text):
        if any(d.start <= m.start() < d.end for d in parsed.devices):
            continue
        after = parsed.text[m.end() : m.end() + 12]
        if re.match(r"(?i)\s*(?:coil|relay|version|variant|part|\(?[A-Z]{2,}\d)", after) or any(
            0 <= d.start - m.end() <= 2 for d in parsed.devices
        ):
            continue
        out.append(float(m.group(1)))
    return out


# What a check of levels finds missing: the output of the part read as the source ("no
# ADS1115 VOH", "ADS1115: no output voltage range"), the input of the one read as the
# receiver ("no HC-SR501 VIH")
_LEVELS_MISSING = re.compile(
    r"^no \S+ V[OI][HL](?: or \S+ V[OI][HL])*$|^\S+: no output voltage range\b"
)
# A part's output or pin said beside it: "HC-SR501 OUT pin", "the output of an ACS712", "ESP32
# GPIO"
_SIGNAL_AFTER = re.compile(
    r"(?i)^\W{0,3}(?:[\w.()-]+\s+){0,3}?(?:out(?:put)?|signal|dout|dq|gpios?)\b"
)
_SIGNAL_BEFORE = re.compile(r"(?i)\boutput\b[^.?;]{0,20}$")


def _source_first(parsed: ParsedQuestion, uses: list[DeviceUse]) -> list[DeviceUse]:
    """Order two parties source first, from the wording, not from the order they are named.

    "L298 inputs from an ESP32" and "can an ESP32 read the ACS712" name the receiver first; the
    rules compare the source's output against the receiver's input, so the order matters.
    """
    if len(uses) != 2 or len(parsed.devices) < 2:
        return uses
    first = parsed.devices[0]
    # the other party where it is first named ("L298 inputs from an ESP32 (L298 logic at 5 V)")
    second = next((d for d in parsed.devices if d.device != first.device), None)
    if second is None:
        return uses
    text = parsed.text
    # "can an ESP32 read the ACS712": the reader is the receiver; "an ACS712 measuring ±5 A
    # into an ADS1115" measures a current and feeds the ADC.
    between = text[first.end : second.start]
    # "its DOUT line read directly by an ESP32": the passive names the reader second.
    reads = (
        bool(_READS.search(between))
        and not re.search(r"\b(?:into|to|feed(?:s|ing)?|driv(?:es|ing))\b", between)
        and not re.search(r"\b(?:read|sampled|measured|monitored)\s+(?:\w+\s+)?by\b", between)
        # "My XGZP6847A ... Can I read it on an ADS1115": the part named second reads it
        and not re.search(
            r"\b(?:read|sample|measure|monitor)\s+(?:it|them)\s+(?:on|with|using)\b", between
        )
    )
    swap = bool(_FROM_BEFORE.search(text[max(0, second.start - 30) : second.start])) or reads
    # "unity gain buffer with an lm358 (single 5V supply) for the xgzp6847a": what a buffer or
    # follower is for is its source
    if re.search(r"(?i)\b(?:buffer|follower)\b", text[: first.end + 40]) and re.search(
        r"(?i)\bfor\s+(?:an?\s+|the\s+|my\s+)?$", text[max(0, second.start - 12) : second.start]
    ):
        swap = True
    # "MCP3008 on an ESP32's SPI lines": the part whose lines they are drives them; "after the
    # SRB-5030's output": the part whose output it is feeds the other.
    before = text[max(0, second.start - 12) : second.start]
    owns = re.search(r"['’]s$", second.text) or re.match(r"['’]s\b", text[second.end :])
    if owns and re.search(r"\b(?:on|after)\s+(?:an?\s+|the\s+|my\s+)?$", before):
        swap = True
    if _FROM_BEFORE.search(text[max(0, first.start - 30) : first.start]):
        swap = False

    # The part that drives, feeds or controls the other is the source, wherever it is named:
    # "If I run the TB6612's Vcc at 3.3 V, can an ESP32 drive its control inputs?"
    # (at any of its mentions: "Vcc tied to the esp32's 3.3V rail ... ESP32 GPIO -> IN")
    def drives(device: str) -> bool:
        return any(
            _DRIVES.match(text[d.end : d.end + 30]) for d in parsed.devices if d.device == device
        )

    if drives(second.device) and not drives(first.device):
        swap = True
    return [uses[1], uses[0]] if swap else uses


def _norm_range(text: str) -> str:
    """A range name in one spelling: "10V", "10 V" and "10.0 V" are the same range."""
    m = re.fullmatch(r"\s*([-+]?\d+(?:\.\d+)?)\s*([A-Za-zµΩ]+)\s*", text)
    if not m:
        return text.strip().lower()
    return f"{float(m.group(1)):g} {m.group(2).lower()}"


_ASKS_CHOICES = re.compile(
    r"\b(?:which|what)\b.{0,50}\b(?:(?:can (?:i|you|we|it)|(?:i|you|we) can) "
    r"(?:select|choose|set|pick|program)"
    r"|(?:are|is) (?:selectable|available|supported|programmable)|options|choices)\b"
    r"|\bselectable\b|\bwhich .{0,30}\bsettings\b",
    re.I,
)

# a part's own supply stated: "power it from 3.3V", "at VCC = 5 V", "on a 5 V supply"
_POWERED_AT = re.compile(
    r"(?i)\bpower(?:ed|ing)?\s+(?:it\s+|them\s+)?(?:from|off|at|with)\s+(?:an?\s+)?"
    r"(?P<v>\d+(?:\.\d+)?)\s*V\b"
    r"|\b(?:A?VDD|VCC|supply)\s*(?:=|of|at|is)?\s*(?P<v2>\d+(?:\.\d+)?)\s*V\b"
    r"|(?P<v3>\d+(?:\.\d+)?)\s*V\s+supply\b"
)
# An ADC's step asked ("one LSB in mV", "volts per count", "step size"), a count read
# ("returns 12000 counts", "a code of 512") and volts asked of it
_ASKS_STEP = re.compile(
    r"(?i)\b(?:one|1|an?|the|each)\s+lsb\b|\blsb (?:size|in|step)\b|\bstep size\b"
    r"|\b(?:volts?|mv|µv|uv) per (?:count|code|bit|lsb|step)\b"
)
# a register read in hex: "conversion register reads 0x3E80", "returns 0x4000"
_HEX_READ = re.compile(
    # ("returns scratchpad temp 0xFF90": the register named between)
    r"\b(?:reads?|reading|returns?|gives?|register|code|value|result)(?:\s+[a-z][\w-]*){0,3}?"
    r"\s*(?:of|=|is|:)?\s*(0x[0-9a-f]{1,4})\b",
    re.I,
)
_COUNTS_READ = re.compile(
    # ("the conversion register reads 16000 decimal": a count, no unit after it)
    r"(?i)(?<![\w.])(\d+)\s*(?:counts?|codes?|lsbs?)\b"
    # ("conversion result is 12000 decimal")
    r"|\b(?:code|reads?|reading|returns?|gives?|result(?:\s+is|\s*=)?)\s*(?:of\s+)?(\d+)"
    r"(?:\s+decimal)?\b"
    # (no unit after it; a word that goes on with the sentence is none: "a code of 620 from
    # an MCP3008", "... on an MCP3008")
    # ("an output code of 16000 correspond to")
    r"(?!\s*(?:\.\d|(?!(?:from|on|in|with|at|and|for|when|while|correspond\w*|represent\w*"
    r"|mean\w*|equal\w*)\b)[a-zµ°%]))"
    # a register read in hex: "conversion register reads 0x3E80"
    rf"|{_HEX_READ.pattern}"
)
_ASKS_VOLTS = re.compile(r"(?i)\b(?:volts?|voltage|mv|how many v|vin)\b")
# "what code should I read", "what output code", "how many counts": the code for a stated input
_ASKS_CODE = re.compile(r"(?i)\b(?:what|which)\s+(?:\w+\s+)?(?:code|count)s?\b|\bhow many counts\b")
# the voltage on an input: "1.65V on CH0", "an input of 2 V", "applies 1.2 V to AIN0"
_INPUT_HELD = re.compile(
    r"(?i)(?<![\w.])(\d+(?:\.\d+)?)\s*V\s+(?:on|at|into|to|applied to)\s+(?:the\s+)?"
    r"(?:ch(?:annel)?\s?\d|ain\s?\d|input|in[+-]?)\b"
    r"|\binput (?:of|at)\s+(\d+(?:\.\d+)?)\s*V\b"
    # "what code does a 1.65 V input give"
    r"|\ban?\s+(\d+(?:\.\d+)?)\s*V\s+input\b"
)
# a full scale stated ("PGA at ±4.096 V", "FSR = ±2.048 V") and a reference ("VREF tied to 3.3V")
_SCALE_STATED = re.compile(r"±\s*(\d+(?:\.\d+)?)\s*V\b")
_REFERENCE_STATED = re.compile(
    r"(?i)\bv\s?ref\b[^.?;,\d]{0,20}?(\d+(?:\.\d+)?)\s*V\b"
    r"|(?<![\w.])(\d+(?:\.\d+)?)\s*V\s+ref(?:erence)?\b"
)
# "junction rise above ambient?", "how much hotter than ambient does it run?"
_ASKS_RISE = re.compile(
    r"(?i)\b(?:temperature |junction |thermal )?rise\b|\bhow much hotter\b|\babove ambient\b"
)
# a data rate stated: "at 250 SPS", "128 sps", "3.3 kSPS"
_RATE_STATED = re.compile(r"(?i)(?<![\w.])(\d+(?:\.\d+)?)\s*(k?sps)\b")
# "average 64 samples", "128-sample averaging": an averaging setting stated
_ASKS_AVERAGING = re.compile(r"(?i)\baverag|\d[- ]samples?\b")
# "TEMP_OUT reads 2879", "a raw count of -3000": a register's count, no unit after it
_RAW_COUNT = re.compile(
    r"(?i)\b(?:reads?|reading"
    # ("raw count", "Raw Z-axis value of 2048")
    r"|raw(?:\s+[xyz](?:[- ]axis)?)?(?:\s+(?:data\s+)?(?:value|count|reading|reg(?:ister)?))?"
    # ("TEMP_OUT = -1201", "ACCEL_XOUT: 8192": a data register named)
    r"|counts?(?:\s+of)?|reg(?:ister)?(?:\s+value)?|[a-z]+_[xyz]?out)\s*(?:of|=|is|:)?\s*([-+]?\d+)\b"
    # (a word after it that is no unit: "a raw count of 3000 with MTreg = 138")
    r"(?!\s*(?:\.\d|[°º]|deg|%"
    r"|(?!LSB\b|counts?\b|raw\b|(?:with|at|in|on|and|from|when|for|decimal)\b)[a-z]))"
)
# "high byte 0x01, low byte 0x10", 'High Byte is "00000001"': a register read as two bytes
_BYTE = r"(0x[0-9a-f]{1,2}|[01]{8}|\d{1,3})\b"
_HIGH_LOW = re.compile(
    rf"(?i)\bhigh[\s_-]?byte\W{{0,4}}(?:is\s+|=\s*|of\s+)?\W?{_BYTE}.{{0,30}}?"
    rf"\blow[\s_-]?byte\W{{0,4}}(?:is\s+|=\s*|of\s+)?\W?{_BYTE}"
    # "temperature bytes came back as 0x80 0x32": two bytes in order, high first
    r"|\bbytes\b[^.?\d]{0,25}?\b(0x[0-9a-f]{2}|[01]{8})(?:\s*,\s*|\s+(?:and\s+)?)(0x[0-9a-f]{2}|[01]{8})\b"
)
# the half-step mode ("H-resolution mode2"), and the low-resolution one
_MODE_TWO = re.compile(r"(?i)\bmode\s?2\b")
# the highest bit of a 16-bit word, which a sign-and-magnitude reading sets below zero
_SIGN_BIT = 0x8000
_LOW_RES = re.compile(r"(?i)\bl(?:ow)?[\s-]?res(?:olution)?\b")


def _byte(text: str) -> int:
    if text.lower().startswith("0x"):
        return int(text, 16)
    return int(text, 2) if len(text) == 8 else int(text)


# "LSB = 0x91, MSB = 0x01", and bytes by their place ("byte0 = 0x91, byte1 = 0x01"), which
# a datasheet's memory map orders
_SIDE = r"\W{0,4}(?:is\s+|=\s*|of\s+|:\s*)?\W?"
_LSB_MSB = re.compile(rf"(?i)\b(LSB|MSB){_SIDE}{_BYTE}.{{0,30}}?\b(?!\1)(LSB|MSB){_SIDE}{_BYTE}")
_BYTE_AT = re.compile(
    rf"(?i)\bbyte\s?([01]){_SIDE}{_BYTE}.{{0,30}}?\bbyte\s?(?!\1)([01]){_SIDE}{_BYTE}"
)


def _blanked(text: str, found: Sequence[re.Match[str]]) -> str:
    """The text with what was found blanked (its length kept, so other places stay put)."""
    for m in found:
        text = text[: m.start()] + " " * len(m.group(0)) + text[m.end() :]
    return text


def _setting_said(name: str) -> re.Pattern[str]:
    """A setting named as its datasheet spells it and given a value: "MTreg = 138", "MTreg at
    its default of 69", "MTreg were set to 254"."""
    spelled = r"\s?".join(map(re.escape, re.findall(r"[A-Z][a-z]*|[a-z]+", name)))
    return re.compile(
        rf"(?i)\b{spelled}\s*(?:(?:is|was|were)\s+)?(?:(?:set|changed|raised|lowered)\s+)?"
        r"(?:=|of|to|at|is)?\s*(?:(?:its|the)\s+default\s+(?:of\s+)?)?(\d+)\b"
    )


def _stated_count(text: str, low_byte: int | None = None) -> tuple[int, list[Derived]] | None:
    """The raw count a question states, as a number or as its high and low bytes (with the
    step that joins them); bytes named by their place only when ``low_byte`` says which holds
    the low half."""
    halves: tuple[str, str] | None = None
    if m := _HIGH_LOW.search(text):
        hi_said, lo_said = [g for g in m.groups() if g]
        halves = (hi_said, lo_said)
    elif m := _LSB_MSB.search(text):
        named = {m[1].upper(): m[2], m[3].upper(): m[4]}
        halves = (named["MSB"], named["LSB"])
    elif low_byte is not None and (m := _BYTE_AT.search(text)):
        at = {int(m[1]): m[2], int(m[3]): m[4]}
        halves = (at[1 - low_byte], at[low_byte])
    if halves:
        hi, lo = (_byte(g) for g in halves)
        if hi > 255 or lo > 255:
            return None
        joined = Derived(
            label="count from the high and low bytes",
            expression=f"{hi} * 256 + {lo}",
            result=hi * 256 + lo,
            unit="count",
        )
        return hi * 256 + lo, [joined]
    if m := BINARY_WORD.search(text):
        count = binary_word(m)
        word = Derived(
            label=f"count from the binary word {m.group(1)}",
            expression=str(count),
            result=count,
            unit="count",
        )
        return count, [word]
    if m := _HEX_READ.search(text):
        count = int(m.group(1), 16)
        word = Derived(
            label=f"count from {m.group(1)}", expression=str(count), result=count, unit="count"
        )
        return count, [word]
    if m := _RAW_COUNT.search(text):
        return int(m.group(1)), []
    return None


# ("deg/s", "degrees per second": a turn rate, not a temperature)
_ASKS_TEMPERATURE = re.compile(
    # ("TEMP_OUT ... to degC")
    r"(?i)\btemp(?:erature)?(?:_out)?\b|°C|\bdeg(?:rees)?(?:\s?c)?\b(?!\s*(?:/|per)\s*s)|\bin C\b"
)
# a count's reading asked by its quantity, not only by its unit
_ASKS_QUANTITY = {
    "lx": re.compile(r"(?i)\blux\b|\blx\b|\billuminance\b|\blight level\b"),
    "°C": _ASKS_TEMPERATURE,
    "%RH": _QUANTITY_WORDS["humidity"],
}
# "max current before it clips", "full-scale current", "how many amps can it measure"
_ASKS_CURRENT_LIMIT = re.compile(
    r"(?i)\b(?:max(?:imum)?|highest|largest|biggest|full[- ]scale|most)(?: measurable| readable)? "
    r"current\b|\bclip"
    r"|\bhow (?:many amps|much current)\b|\bcurrent (?:range|limit)\b"
)
_PGA_STATED = re.compile(r"(?i)\b(?:pga|gain)\s*(?:=|of|at|set to)?\s*/\s*(\d+)\b")
_VREF_STATED = re.compile(
    r"\bV\s?REF\s*=\s*(?:(?:VDD|VCC|AVDD)\s*=\s*)?([-+]?\d+(?:\.\d+)?)\s*V\b", re.I
)

_DRIVES = re.compile(
    # ("ESP32 at 3.3 V driving ...", "my ESP32 (3.3 V GPIO) drive ..."; "TB6612FNG control
    # inputs" names its inputs)
    r"^\W*(?:(?:at\s+)?\d+(?:\.\d+)?\s*V\W+)?(?:(?:gpios?|i/?o|pins?|outputs?|out|module|signal|data|line)\W+){0,2}"
    r"(?:(?:drive|drives|driving|feed|feeds|feeding"
    r"|control(?!\s+(?:inputs?|pins?|lines?|signals?|logic)\b)|controls|controlling|switch"
    r"|switches)\b"
    r"|-+>|→)",  # "ESP32 GPIO -> IN/PWM/STBY"
    re.I,
)


def _drop_repeated_ratings(
    ranked: list[Any], device_facts: Sequence[Fact], specs: Sequence[str]
) -> tuple[list[Any], list[str]]:
    """Drop rows that repeat an absolute maximum rating outside the ratings table.

    A feature list often restates a rating ("VM = 15 V (Max)" on page 1 for the 15 V absolute
    maximum of page 3). Filed without its section, it would read as an operating limit, which a
    rating never is. A row from a recommended-operating table is kept: that table is the limit.
    """
    rating_specs = {RATING_OF[s] for s in specs if s in RATING_OF}
    ratings = [
        f
        for f in device_facts
        if f.spec in rating_specs and f.section_kind == "absolute_maximum" and f.max is not None
    ]
    if not ratings:
        return ranked, []
    kept: list[Any] = []
    dropped: list[str] = []
    for r in ranked:
        f = r.fact
        figures = [x for x in (f.max, f.value if isinstance(f.value, int | float) else None) if x]
        same = next(
            (
                a
                for a in ratings
                if a.unit == f.unit
                and any(abs(float(x) - float(a.max)) < 1e-9 for x in figures)  # type: ignore[arg-type]
                and (not f.symbol or not a.symbol or f.symbol == a.symbol)
            ),
            None,
        )
        if (
            same is not None
            and f.section_kind != "recommended_operating"
            and f.spec not in (rating_specs)
        ):
            dropped.append(
                f"section_kind: {f.device} {f.spec} {_figure(f, None)} at {f.citation} repeats the "
                f"absolute maximum rating at {same.citation}; a rating is not an operating limit"
            )
            continue
        kept.append(r)
    return kept, dropped


def _citations(items: Sequence[AnswerItem]) -> list[str]:
    out: list[str] = []
    for it in items:
        for c in (it.citation, it.superseded_by, it.applies_to.get("supersedes")):
            if c and isinstance(c, str) and c not in out:
                out.append(c)
    return out


_DEFAULT: DatasheetQA | None = None


def ask(question: str, store: FactStore | None = None) -> Answer:
    """Answer one question from ``store`` (default: the shipped facts, loaded once)."""
    global _DEFAULT
    if store is not None:
        return DatasheetQA(store).ask(question)
    if _DEFAULT is None:
        _DEFAULT = DatasheetQA()
    return _DEFAULT.ask(question)
