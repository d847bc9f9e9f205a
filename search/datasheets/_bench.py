"""The datasheet question benchmark: run a question set in one process and score it.

A question line carries the expected outcome written from reading the source document::

    {"id", "question", "difficulty": "easy"|"medium"|"compatibility", "kind",
     "expect": {"status", "values", "unit", "texts", "verdict", "forbid"},
     "evidence": [{"citation", "quote"}]}

An answer is correct when its status (and verdict) match, every expected value appears among
the answer's figures (items and computed results; compared in SI when ``unit`` is given), every
expected text appears in the answer, no forbidden value is given as a figure, and, when the
question lists evidence, the answer cites at least one of those places.
"""

from __future__ import annotations

import json
import logging
import math
import re
import statistics
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from search.datasheets._answer import Answer, numbers_in, trace_numbers
from search.datasheets._qa import DatasheetQA
from search.datasheets._units import UnknownUnitError, to_si

logger = logging.getLogger(__name__)

__all__ = ["QUESTIONS_DIR", "grade", "load_questions", "run_bench"]

QUESTIONS_DIR = Path(__file__).resolve().parents[1] / "data" / "datasheet_questions"


def _si(value: float, unit: str | None) -> tuple[float, str] | None:
    """``value`` in SI through the datasheet unit table ("msec", "KHz", "mV"); None when the
    unit is missing or unknown."""
    if not unit:
        return None
    try:
        return to_si(value, unit)
    except (UnknownUnitError, ValueError):
        return None


def load_questions(which: str) -> list[dict[str, Any]]:
    """Questions of a set by name (``dev``, ``heldout``) or path."""
    path = Path(which)
    if not path.exists():
        path = QUESTIONS_DIR / f"{which}.jsonl"
    if not path.exists():
        raise FileNotFoundError(f"question set {which!r}: no file {path}")
    out = []
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if line.strip():
                try:
                    out.append(json.loads(line))
                except json.JSONDecodeError as exc:
                    raise ValueError(f"{path}:{lineno}: not a JSON line: {exc}") from exc
    return out


def _figures(answer: Answer) -> list[tuple[float, str | None]]:
    out: list[tuple[float, str | None]] = []
    for it in answer.items:
        for x in (it.min, it.typ, it.max, it.tolerance):
            if x is not None:
                out.append((float(x), it.unit))
        if isinstance(it.value, int | float):
            out.append((float(it.value), it.unit))
        elif isinstance(it.value, str):
            out.extend((v, it.unit) for _, v in numbers_in(it.value, evidence=True))
            if signed := re.match(r"\s*([-+]\d+(?:\.\d+)?)\b", it.value):
                out.append((float(signed.group(1)), it.unit))  # "-222: Data out of range"
            out.extend(
                (float(int(b, 2)), None)
                for b in re.findall(r"(?<![0-9])[01]{7}(?![0-9])", it.value)
            )
        # A ±x figure is the magnitude x.
        if it.min is not None and it.max is not None and math.isclose(-it.min, it.max):
            out.append((abs(it.max), it.unit))
    for d in answer.derived:
        out.append((d.result, d.unit))
    return out


def _has(figures: Iterable[tuple[float, str | None]], value: float, unit: str | None) -> bool:
    want = _si(value, unit)
    # An expected figure written rounded ("1.329") matches the exact one (1.32883) to the
    # digits it is written with.
    digits = len(repr(float(value)).split(".")[1].rstrip("0")) if "." in repr(float(value)) else 0
    slack = 0.5 * 10.0**-digits if digits >= 2 else 0.0
    # The slack in SI: the unit's factor, not the ratio of the two numbers (°C to K adds an
    # offset, and 1.25 °C is not 1.25 K times 219).
    step = _si(value + 1.0, unit) if want is not None else None
    scale = step[0] - want[0] if step is not None and want is not None else 1.0
    for v, u in figures:
        got = _si(v, u) if want is not None else None
        if got is not None and want is not None:
            if got[1] == want[1] and (
                math.isclose(got[0], want[0], rel_tol=1e-4)
                or abs(got[0] - want[0]) <= slack * abs(scale)
            ):
                return True
        elif math.isclose(v, value, rel_tol=1e-6, abs_tol=1e-9) or abs(v - value) <= slack:
            # No unit on one side (a pulse factor, a ratio): the number as printed.
            return True
        elif (
            want is None
            and (count := _si(v, u)) is not None
            and count[1] == "count"
            and math.isclose(count[0], value, rel_tol=1e-6)
        ):
            # A count printed with a multiplier ("50 k" writes) is the plain number 50,000.
            return True
    return False


def _untraced(answer: Answer) -> list[str]:
    cited = set(answer.citations)
    evidence: list[str] = []
    for it in answer.items:
        if it.citation in cited:
            evidence.extend([it.evidence, it.condition or ""])
            evidence.extend(
                str(v) for k, v in it.applies_to.items() if k not in ("reading", "uncertainty")
            )
    return trace_numbers(answer.answer, evidence, answer.question, answer.derived)


def grade(q: dict[str, Any], answer: Answer) -> tuple[bool, list[str]]:
    """Whether the answer is correct, and why not."""
    exp = q.get("expect", {})
    why: list[str] = []
    if answer.status != exp.get("status", "answered"):
        why.append(f"status {answer.status} != {exp.get('status')}")
    if exp.get("verdict") and answer.verdict != exp["verdict"]:
        why.append(f"verdict {answer.verdict} != {exp['verdict']}")
    figs = _figures(answer)
    for v in exp.get("values", []):
        if not _has(figs, float(v), exp.get("unit")):
            why.append(f"value {v} missing")
    for t in exp.get("texts", []):
        if t.lower() not in answer.answer.lower():
            why.append(f"text {t!r} missing")
    for v in exp.get("forbid", []):
        if _has(figs, float(v), exp.get("unit")):
            why.append(f"forbidden value {v} given")
    cites = [e["citation"] for e in q.get("evidence", []) if e.get("citation")]
    if cites and answer.status == "answered" and not set(cites) & set(answer.citations):
        why.append(f"cites {answer.citations}, expected one of {cites}")
    return not why, why


def run_bench(
    which: str = "dev", qa: DatasheetQA | None = None, details: bool = False
) -> dict[str, Any]:
    """Run a question set and return the figures ``iotase bench datasheet --json`` prints."""
    questions = load_questions(which)
    started = time.perf_counter()
    qa = qa or DatasheetQA()
    load_ms = (time.perf_counter() - started) * 1000
    per: dict[str, list[bool]] = {}
    latencies: list[float] = []
    violations = 0
    unvalidated = 0
    rows = []
    for q in questions:
        t0 = time.perf_counter()
        answer = qa.ask(q["question"])
        latencies.append((time.perf_counter() - t0) * 1000)
        ok, why = grade(q, answer)
        per.setdefault(q.get("difficulty", "medium"), []).append(ok)
        # Re-check, independently of ask(), that an answered number is in cited evidence.
        if answer.status == "answered" and _untraced(answer):
            violations += 1
        if answer.status == "unvalidated":
            unvalidated += 1
        rows.append(
            {
                "id": q["id"],
                "ok": ok,
                "why": why,
                "status": answer.status,
                "verdict": answer.verdict,
                "answer": answer.answer[:300],
            }
        )
    latencies.sort()

    def pct(p: float) -> float:
        if not latencies:
            return 0.0
        k = min(len(latencies) - 1, max(0, math.ceil(p * len(latencies)) - 1))
        return round(latencies[k], 3)

    result: dict[str, Any] = {
        "set": which,
        "n": len(questions),
        "correct": sum(sum(v) for v in per.values()),
        "correct_rate": round(sum(sum(v) for v in per.values()) / max(1, len(questions)), 4),
        "by_difficulty": {
            k: {"n": len(v), "correct_rate": round(sum(v) / len(v), 4)}
            for k, v in sorted(per.items())
        },
        "citation_number_violations": violations,
        "unvalidated": unvalidated,
        "p50_ms": round(statistics.median(latencies), 3) if latencies else 0.0,
        "p95_ms": pct(0.95),
        "p99_ms": pct(0.99),
        "load_ms": round(load_ms, 1),
        "llm": qa.llm is not None,
    }
    for k, v in result["by_difficulty"].items():
        result[f"{k}_correct_rate"] = v["correct_rate"]
    if details:
        result["questions"] = rows
    return result
