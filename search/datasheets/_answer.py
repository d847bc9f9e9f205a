"""The answer shape of ``iotase ask --json`` and the number-tracing check every answer passes.

An answer's prose may only contain numbers that a reader can find in the evidence of a fact it
cites, numbers the question itself stated, or the results of computations the answer spells out
(``derived``: an arithmetic expression over traced numbers, re-evaluated here). Anything else is a
violation, and an answer with a violation is never returned as ``answered``.
"""

from __future__ import annotations

import ast
import logging
import math
import operator
import re
from collections.abc import Iterable, Mapping
from typing import Any, Literal

from pydantic import BaseModel, Field

from search.datasheets._units import WORD_TIME, word_time

logger = logging.getLogger(__name__)

__all__ = [
    "Answer",
    "AnswerItem",
    "CompatCheck",
    "Derived",
    "format_number",
    "item_from_fact",
    "numbers_in",
    "stated_tolerance",
    "trace_numbers",
]

Status = Literal["answered", "insufficient_evidence", "unvalidated"]
Verdict = Literal["compatible", "incompatible", "insufficient_evidence"]


class AnswerItem(BaseModel):
    """One figure of an answer, as the fact states it, with where it holds and where it is from."""

    device: str
    spec: str
    value: float | str | None = None
    min: float | None = None
    max: float | None = None
    unit: str | None = None
    condition: str | None = None
    applies_to: dict[str, Any] = Field(default_factory=dict)
    citation: str
    typ: float | None = None
    tolerance: float | None = None
    """The ± a nominal figure is stated with ("30Ω±3Ω")."""
    section_kind: str | None = None
    parameter: str | None = None
    superseded_by: str | None = None
    evidence: str = ""


class Derived(BaseModel):
    """A number the answer computed, with the expression over cited or stated numbers."""

    label: str
    expression: str
    result: float
    unit: str | None = None


class CompatCheck(BaseModel):
    """One rule applied in a compatibility verdict: what was compared and the outcome."""

    rule: str
    outcome: Verdict
    detail: str
    facts: list[AnswerItem] = Field(default_factory=list)
    derived: list[Derived] = Field(default_factory=list)


class Answer(BaseModel):
    """The JSON object ``iotase ask --json`` prints and ``POST /v1/ask`` returns."""

    status: Status
    route: str
    answer: str
    items: list[AnswerItem] = Field(default_factory=list)
    verdict: Verdict | None = None
    citations: list[str] = Field(default_factory=list)
    question: str = ""
    task: str | None = None
    """A finer task name where the route has several: ``lookup``, ``accuracy``, ``revisions``."""
    checks: list[CompatCheck] = Field(default_factory=list)
    derived: list[Derived] = Field(default_factory=list)
    reasons: list[str] = Field(default_factory=list)
    """Why the answer is not ``answered`` (validation rules that failed), or notes on scope."""
    violations: list[str] = Field(default_factory=list)
    """Numbers in ``answer`` that no cited evidence, question or computation contains."""


# a 16-bit word in binary, whole or in nibbles: "the humidity word 0000 0010 1000 1100"
BINARY_WORD = re.compile(r"(?<![\w.])((?:[01]{4}[\s_]?){3}[01]{4})(?!\w|\.\d)")


def binary_word(m: re.Match[str]) -> int:
    """The count a binary word found by ``BINARY_WORD`` writes."""
    return int(re.sub(r"[\s_]", "", m.group(1)), 2)


_NUM_RE = re.compile(
    r"(?<![A-Za-z0-9_.#])(?:0x[0-9A-Fa-f]+|[-+−–]?\d{1,3}(?:,\d{3})+(?:\.\d+)?|[-+−–]?\d+(?:\.\d+)?)"
    r"(?![0-9A-Za-z_]*#)"
)
# In evidence every digit run counts ("VDD+0.3", "0.7×VDD1", "(VIN - VOUT) = 1.5V").
_EVID_NUM_RE = re.compile(r"0x[0-9A-Fa-f]+|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")


def _to_float(token: str) -> float | None:
    token = token.replace("−", "-").replace("–", "-").replace(",", "")
    try:
        if token.lower().startswith("0x"):
            return float(int(token, 16))
        return float(token)
    except ValueError:
        return None


def numbers_in(text: str, *, evidence: bool = False) -> list[tuple[str, float]]:
    """Numbers in a text as (token, value). In prose, digits inside names are not numbers."""
    if evidence:
        out = []
        for m in _EVID_NUM_RE.finditer(text):
            v = _to_float(m.group(0))
            if v is not None:
                out.append((m.group(0), v))
        # "within one second", "about a minute": a time said in words
        out.extend((m.group(1), word_time(m)[0]) for m in WORD_TIME.finditer(text))
        return out
    # Drop identifiers that carry digits (ADS1115, AMS1117-3.3, SRB-5030, ecn-2608-04#1, I2C)
    # first.
    cleaned = re.sub(
        r"\b[A-Za-z][A-Za-z0-9]*\d[A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)*"
        r"|\b[A-Z]{2,}-\d[A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)*|\b[\w.\-]+#[\w.\-]+",
        " ",
        text,
    )
    out = []
    for m in _NUM_RE.finditer(cleaned):
        v = _to_float(m.group(0))
        if v is not None:
            out.append((m.group(0), v))
    return out


def _close(a: float, b: float) -> bool:
    return math.isclose(abs(a), abs(b), rel_tol=1e-9, abs_tol=1e-12)


def _power_of_ten(x: float) -> bool:
    if x <= 0:
        return False
    e = math.log10(x)
    return math.isclose(e, round(e), abs_tol=1e-9)


def _codes_of(x: float, pool: Iterable[float]) -> bool:
    """Whether ``x`` is 2^n for an n of ``pool``: the codes of an n-bit converter."""
    if x < 2:
        return False
    n = math.log2(x)
    return math.isclose(n, round(n), abs_tol=1e-9) and any(_close(round(n), p) for p in pool)


def address_text(address: int, evidence: Iterable[str] = ()) -> str:
    """A 7-bit bus address in hex, and in binary as well when the evidence prints it so."""
    binary = f"{address:07b}"
    printed = any(re.search(f"(?<![0-9]){binary}(?![0-9])", text) for text in evidence)
    return f"0x{address:02X} (binary {binary})" if printed else f"0x{address:02X}"


def format_number(x: float, digits: int = 6) -> str:
    """A float as a short decimal (no exponent, no trailing zeros)."""
    if x == 0:
        return "0"
    if float(x).is_integer() and abs(x) < 1e15:
        return str(int(x))
    magnitude = math.floor(math.log10(abs(x)))
    decimals = max(0, digits - 1 - magnitude)
    text = f"{x:.{decimals}f}".rstrip("0").rstrip(".")
    return text


_OPS: dict[type, Any] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.USub: operator.neg,
    ast.UAdd: operator.pos,
}


def evaluate(expression: str, values: Mapping[str, float] | None = None) -> float:
    """Evaluate an arithmetic expression of numbers, + - * /, a power of two or ten (``2 **
    19``), parentheses, ``round(x)`` (to the nearest whole number, halves away from zero),
    ``trunc(x)`` (its whole part; a datasheet's "Cal = trunc(...)") and ``abs(x)`` (a test
    step's "|V(32) - V(9)|"), nothing else, with ``values`` for the symbols of a formula ("( Vc
    / VRL - 1 ) * RL")."""

    def walk(node: ast.AST) -> float:
        if isinstance(node, ast.Expression):
            return walk(node.body)
        if isinstance(node, ast.Constant) and isinstance(node.value, int | float):
            return float(node.value)
        if isinstance(node, ast.Name) and values is not None and node.id in values:
            return float(values[node.id])
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            return float(_OPS[type(node.op)](walk(node.left), walk(node.right)))
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
            base, power = walk(node.left), walk(node.right)
            if base in (2.0, 10.0) and power.is_integer() and abs(power) <= 64:
                return float(base**power)  # "2 ** 19", as a datasheet raises it
        if isinstance(node, ast.UnaryOp) and type(node.op) in _OPS:
            return float(_OPS[type(node.op)](walk(node.operand)))
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in ("round", "trunc", "abs")
            and len(node.args) == 1
            and not node.keywords
        ):
            x = walk(node.args[0])
            if node.func.id == "trunc":
                return float(math.trunc(x))
            if node.func.id == "abs":
                return abs(x)
            return math.copysign(math.floor(abs(x) + 0.5), x)
        raise ValueError(
            f"expression {expression!r}: only numbers, + - * /, powers of 2 and 10, round(),"
            " trunc() and abs() are allowed"
        )

    return walk(ast.parse(expression.replace("×", "*").replace("−", "-"), mode="eval"))


def rounded(step: Derived, label: str, places: int = 1) -> Derived | None:
    """``step``'s result to ``places`` decimals of its unit ("224.755 µV" is about 224.8 µV,
    "272 / 1.2 = 226.667 lx" about 227 lx), as a step of its own; None when that drops no
    digit. Halves go away from zero."""
    scale = 10**places
    near = math.copysign(math.floor(abs(step.result) * scale + 0.5) / scale, step.result)
    if math.isclose(near, step.result, abs_tol=1e-9):
        return None
    expression = f"round({step.expression})"
    if places:
        expression = f"round(({step.expression}) * {scale}) / {scale}"
    return Derived(label=label, expression=expression, result=near, unit=step.unit)


def trace_numbers(
    answer_text: str,
    evidence_texts: Iterable[str],
    question: str = "",
    derived: Iterable[Derived] = (),
) -> list[str]:
    """Return the numbers of ``answer_text`` that nothing cited, stated or computed contains.

    A derived result counts only if its expression evaluates to it and every number of the
    expression is itself traced to evidence or to the question.
    """
    pool: list[float] = []
    for text in evidence_texts:
        pool.extend(v for _, v in numbers_in(text, evidence=True))
        # Bus addresses are often printed in binary ("1110110"); the same address in hex is
        # the same number.
        pool.extend(float(int(b, 2)) for b in re.findall(r"(?<![0-9])[01]{7,8}(?![0-9])", text))
        if re.search(r"(?i)\b(?:GND|AGND|ground)\b", text):
            pool.append(0.0)  # a bound written as the ground rail is 0 V
    pool.extend(v for _, v in numbers_in(question, evidence=True))
    # a word the question writes in binary ("0000 0010 1000 1100") is the count it reads
    pool.extend(float(binary_word(m)) for m in BINARY_WORD.finditer(question))
    if question:
        # The question's numbers as the parser read them ("3v3" is 3.3, "3,3 V" is 3.3).
        from search.datasheets._route import normalize_question

        pool.extend(v for _, v in numbers_in(normalize_question(question), evidence=True))
    violations: list[str] = []
    derived_ok: list[float] = []
    for d in derived:
        try:
            value = evaluate(d.expression)
        except (ValueError, SyntaxError, ZeroDivisionError) as exc:
            violations.append(f"derived {d.label!r}: {exc}")
            continue
        if not math.isclose(value, d.result, rel_tol=1e-6, abs_tol=1e-12):
            violations.append(
                f"derived {d.label!r}: {d.expression} = {value}, not the stated {d.result}"
            )
            continue
        # Powers of ten are unit conversions (ppm × V = µV, % = 1/100), not quantities, as are
        # the seconds of a minute and of an hour, and the place of a high byte and of a 16-bit
        # word's top bit, and the count of such words. Inputs may be evidence, the question, or
        # an earlier derived result (a chain).
        untraced = [
            tok
            for tok, v in numbers_in(d.expression, evidence=True)
            if not any(_close(v, p) for p in (*pool, *derived_ok))
            and not _power_of_ten(v)
            and not _codes_of(v, pool)
            and v not in (60.0, 3600.0, 256.0, 32768.0, 65536.0)
        ]
        if untraced:
            violations.append(f"derived {d.label!r}: inputs {untraced} are not in the evidence")
            continue
        derived_ok.append(d.result)
    accepted = pool + derived_ok
    for token, value in numbers_in(answer_text):
        if any(_close(value, p) for p in accepted):
            continue
        # A derived result may be shown rounded; accept it at the precision shown.
        decimals = len(token.split(".")[1]) if "." in token else 0
        tol = 0.5 * 10 ** (-decimals) + 1e-12
        if any(abs(abs(value) - abs(r)) <= tol for r in derived_ok):
            continue
        violations.append(token)
    return violations


def stated_tolerance(fact: Any) -> float | None:
    """The ± a fact's nominal figure is stated with ("30Ω±3Ω"), if the source gives one."""
    tol = fact.extra.get("tolerance")
    return float(tol) if isinstance(tol, float | int) else None


def item_from_fact(fact: Any, **scope: Any) -> AnswerItem:
    """An answer item carrying a fact's figures, scope and citation as the source states them."""
    applies = dict(fact.applies_to)
    if fact.variant and "variant" not in applies:
        applies["variant"] = fact.variant
    applies.update({k: v for k, v in scope.items() if v is not None})
    value = fact.value
    if value is None and fact.typ is not None and fact.min is None and fact.max is None:
        value = fact.typ
    return AnswerItem(
        device=fact.device,
        spec=fact.spec,
        value=value,
        min=fact.min,
        max=fact.max,
        typ=fact.typ,
        tolerance=stated_tolerance(fact),
        unit=fact.unit,
        condition=fact.condition,
        applies_to=applies,
        citation=fact.citation,
        section_kind=fact.section_kind,
        parameter=fact.parameter or None,
        superseded_by=fact.superseded_by,
        evidence=fact.evidence,
    )
