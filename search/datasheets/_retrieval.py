"""Fetch the facts that answer a (device, spec) question, best first.

Facts are looked up by device and spec name; when the spec vocabulary has no fact under any of the
candidate names, the source's own parameter label is matched word for word (``switching
frequency`` finds the row "Switching frequency"). Ranking prefers the section an operating
question belongs to, the variant and quantity the question names, and conditions that mention
the numbers the question states. Absolute maximum ratings are only returned when asked for.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from search.datasheets._facts import Fact, FactStore, squash
from search.datasheets._validate import RATING_SPECS, absmax_table_allowed

logger = logging.getLogger(__name__)

__all__ = ["ASKS_PRODUCTION", "FactIndex", "Ranked", "content_words", "named_variants"]

# A question about a production test ("in production test", "pass limit", "step 4").
ASKS_PRODUCTION = re.compile(
    r"(?i)\b(?:production|prod\.?|factory)[\s-]+(?:test|line|spec)|\btest spec"
    # "the production efficiency limit"
    r"|\bproduction\s+(?:\w+\s+)?(?:limits?|minimum|maximum)\b"
    r"|\bpass(?:/fail)?\s+limits?\b"
    r"|\b(?:test\s+)?step\s*\d"
    r"|\bfinal test\b|\bTS-\d+"
)

_KIND_RANK_OPERATING = {
    "recommended_operating": 5,
    "electrical_characteristics": 4,
    "accuracy": 3,
    "general": 3,
    "timing": 2,
    "notice": 2,
    "ordering": 1,
    "typical_performance": 0,
}
_STOP = frozenset(
    [
        "the",
        "a",
        "an",
        "of",
        "is",
        "what",
        "whats",
        "what's",
        "for",
        "to",
        "at",
        "in",
        "on",
        "and",
        "or",
        "with",
        "does",
        "do",
        "it",
        "its",
        "this",
        "that",
        "how",
        "which",
        "range",
        "max",
        "maximum",
        "min",
        "minimum",
        "typ",
        "typical",
        "value",
        "values",
        "spec",
        "specified",
        "device",
        "datasheet",
        "much",
        "many",
        "can",
        "i",
        "be",
        "are",
        "per",
        "from",
        "by",
        "as",
        "rated",
        "rating",
    ]
)
_WORD = re.compile(r"[a-z][a-z0-9]+")
# "H-resolution", "L-resolution": the one letter that tells two rows apart is lost as a word of
# its own, so hyphenated words also count whole.
_COMPOUND = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b")


def content_words(text: str) -> set[str]:
    """Lower-case words of a text without the words every question shares."""
    return {w for w in _WORD.findall(text.lower()) if w not in _STOP}


@dataclass(frozen=True)
class Ranked:
    """A fact with the score that ranked it and how its spec was matched."""

    fact: Fact
    score: float
    matched_by: str
    """``spec`` (vocabulary name) or ``label`` (the source's parameter label)."""


_QUANTITY_WORDS = frozenset(
    {"voltage", "current", "power", "time", "frequency", "temperature", "resistance"}
)


# Facts about the part's use rather than its figures (how a board carries its revision, what
# its bus host must support): reached by their spec name only, never by a row label.
_BY_NAME_ONLY = frozenset(
    {
        "revision_marking",
        "host_requirement",
        "host_supply",
        "document_number",
        "formula",
        "verification_tolerance",
        "strapping_pin",
        "worked_case",  # a case a document works itself, read beside a check (``_worked_alike``)
        "register_field",
        "error_code",
    }
)


class FactIndex:
    """Facts by device and spec, with the ranking questions need."""

    def __init__(self, store: FactStore) -> None:
        self.store = store
        self._by_key: dict[tuple[str, str], list[Fact]] = {}
        self._by_device: dict[str, list[Fact]] = {}
        self._by_id: dict[str, Fact] = {}
        self._by_citation: dict[str, list[Fact]] = {}
        self._statements: dict[str, list[Fact]] = {}
        for f in store.facts:
            if f.spec == "statement":
                # A sentence's figure answers only when no row does: kept apart from the rows.
                self._statements.setdefault(f.device, []).append(f)
                continue
            self._by_key.setdefault((f.device, f.spec), []).append(f)
            if f.spec not in _BY_NAME_ONLY:
                self._by_device.setdefault(f.device, []).append(f)
            if f.id:
                self._by_id[f.id] = f
            self._by_citation.setdefault(f.citation, []).append(f)

    def devices(self) -> list[str]:
        """Models with at least one fact."""
        return sorted(self._by_device)

    def device_facts(self, device: str) -> list[Fact]:
        """Every fact of one device (its rows; the sentences stating a figure apart)."""
        return list(self._by_device.get(device, ()))

    def of_spec(self, device: str, spec: str) -> list[Fact]:
        """A device's facts of one spec, in document order (those reached by name only too)."""
        return list(self._by_key.get((device, spec), ()))

    def statements(self, device: str) -> list[Fact]:
        """The sentences (or clauses of one) of a device's documents that state a figure."""
        return list(self._statements.get(device, ()))

    def by_id(self, fact_id: str | None) -> Fact | None:
        """A fact by id."""
        return self._by_id.get(fact_id) if fact_id else None

    def at_citation(self, citation: str | None) -> list[Fact]:
        """Facts cited at one place."""
        return list(self._by_citation.get(citation, ())) if citation else []

    def superseding(self, fact: Fact) -> Fact | None:
        """The notice fact that supersedes ``fact``, if the store holds it."""
        if fact.superseded_by_id:
            found = self.by_id(fact.superseded_by_id)
            if found is not None:
                return found
        for cand in self.at_citation(fact.superseded_by):
            if cand.device == fact.device and cand.spec == fact.spec:
                return cand
        for cand in self.at_citation(fact.superseded_by):
            if cand.supersedes in (fact.citation, fact.id) or cand.supersedes_id == fact.id:
                return cand
        return None

    def lookup(
        self,
        device: str,
        specs: Sequence[str],
        *,
        phrase: str = "",
        question: str = "",
        variant: str | None = None,
        quantity: str | None = None,
        absolute_max: bool = False,
        stated_numbers: Iterable[float] = (),
        kinds: Iterable[str] | None = None,
    ) -> list[Ranked]:
        """Facts of ``device`` for the first spec name that has any, ranked best first."""
        pool: list[tuple[Fact, str, int]] = []
        for rank, spec in enumerate(specs):
            found = self._by_key.get((device, spec), [])
            pool.extend((f, "spec", rank) for f in found)
        if not pool and phrase:
            asked = content_words(question)
            # the question's words for it, or else the spec's own name on an instrument's
            # range table ("power it can sink" is the "Input power" row of a load)
            named = content_words(specs[0].replace("_", " "))
            for want, by_name in ((content_words(phrase), False), (named, True)):
                for f in self._by_device.get(device, ()):
                    if by_name and f.spec != "measurement_range":
                        continue
                    have = content_words(f.parameter)
                    # "how much current can": a quantity alone names a row only where the rest
                    # of its label is asked too ("coil draw" meets "Coil current", never
                    # "Quiescent Current")
                    if want <= have and (want - _QUANTITY_WORDS or (have - want) & asked):
                        pool.append((f, "label", len(specs)))
                if pool:
                    break
        allowed = set(kinds) if kinds is not None else None
        production = bool(ASKS_PRODUCTION.search(question))
        tested = any(f.section_kind == "production_test" for f, _how, _rank in pool)
        # "non-parasite", "not in sleep": words the question rules out name rows it does not ask
        negated = content_words(
            " ".join(
                re.findall(
                    # "pressure changes more than absolute", "rather than absolute"
                    r"(?i)\b(?:non-|not\s+(?:in\s+)?|without\s+|(?:rather|more)\s+than\s+)"
                    r"([a-z]\w+)",
                    question,
                )
            )
        )
        q_words = content_words(question) - negated
        # "which drops less voltage": a verb's -s form names the row's noun ("Total Drop")
        q_words |= {w[:-1] for w in q_words if len(w) > 4 and w.endswith("s") and w[-2] != "s"}
        if _BOTH_SIDES.search(question):
            q_words.add("total")  # "upper+lower", "source + sink": the two added, a total
        q_compounds = set(_COMPOUND.findall(question.lower()))
        phrase_words = content_words(phrase)
        stated = list(stated_numbers)
        want_variant = squash(variant) if variant else None
        out: list[Ranked] = []
        for f, how, rank in pool:
            if allowed is not None and f.section_kind not in allowed:
                continue
            # A production test's pass limit answers a question about production test only,
            # and such a question is answered from the test's limits where the pool has them.
            if (f.section_kind == "production_test") != (production and tested):
                continue
            is_abs = f.section_kind == "absolute_maximum" or f.spec.startswith("absolute_max")
            if absolute_max and not is_abs:
                continue
            if (
                not absolute_max
                and is_abs
                and (not absmax_table_allowed(f) or f.spec.startswith("absolute_max"))
            ):
                continue
            score = 10.0 - 3.0 * rank
            if is_abs and not absolute_max and f.spec not in RATING_SPECS:
                score -= 3.0  # an operating row printed in a ratings table: last resort
            score += _KIND_RANK_OPERATING.get(f.section_kind, 1) if not absolute_max else 0
            fv = f.variant or f.applies_to.get("variant")
            rated = rated_selector(f, want_variant) if want_variant and not fv else None
            if rated is not None:
                # "SRD-05VDC": the digits in the part name are the coil rating, and rows filed
                # per rating ("5 VDC") answer only for the rating the name carries.
                if not rated:
                    continue
                score += 4
            elif want_variant:
                numbers = f.applies_to.get("part_numbers", ())
                if fv and (
                    _variant_hit(str(fv), want_variant)
                    # "XGZP6847A100KPG33": an orderable number the row lists for its variant
                    or any(squash(str(n)) == want_variant for n in numbers)
                ):
                    score += 4
                elif fv:
                    continue
                else:
                    # No variant field, but the row's own label may name one ("Output Voltage
                    # AMS1117-1.5"): a row that names another variant does not answer.
                    named = named_variants(f.parameter)
                    if named and not any(_variant_hit(n, want_variant) for n in named):
                        continue
                    if named:
                        score += 4
            fq = f.applies_to.get("quantity")
            if quantity and fq:
                score += 3 if str(fq).lower().startswith(quantity) else -4
            # The row's own label says what it is, its condition only where it applies.
            named = content_words(f.parameter)
            if f.symbol and " " in f.symbol.strip():
                # a label read into the symbol column ("High-level source current" beside
                # "VDD3P3_CPU power domain") still names the row
                named |= content_words(f.symbol)
            told = content_words(f.condition or "")
            if "worst" in told and "worst" not in q_words:
                told -= {"case"}  # "the case RH loggers" (an enclosure) says no "worst case"
            label = named | told
            score += 0.5 * len(q_words & named) + 0.25 * len(q_words & label - named)
            score -= 0.5 * len(negated & label)
            # "sink current" asked: a row of the current the pin sources is the other figure
            score -= 2.5 * sum(
                1 for a, b in _OPPOSITES if a in q_words and b not in q_words and b in named
            )
            if _AGGREGATE & q_words & label:
                # "total drop (source + sink)": the row printed as the total, not its parts.
                score += 1.0
            if q_compounds:
                score += 0.5 * len(q_compounds & set(_COMPOUND.findall(f.parameter.lower())))
            # The section a row sits in names what it is about ("6.1 Gyroscope Specifications"
            # for a "gyro" question); a shortened word meets the section's full one. The spec's
            # own words count only all together ("Thermal Resistance" over the package rows),
            # not one alone ("supply" in a bullet on supply rejection).
            section = content_words(f.section or "")
            if any(
                len(w) >= 4 and len(sw) >= 4 and (sw.startswith(w) or w.startswith(sw))
                for w in (q_words if phrase_words <= section else q_words - phrase_words)
                for sw in section
            ):
                score += 1.5
            # A row filed under a later candidate spec whose own label carries all of the
            # question's spec words ("Bus voltage (input voltage) range" for "bus voltage") is
            # as good as a row under the first candidate.
            if rank > 0 and phrase_words and phrase_words <= content_words(f.parameter):
                score += 3.0 * rank
            if f.condition and stated:
                # Each stated number the row's condition carries counts: "3 A from 12 V" is
                # the row at VIN = 12 V and IOUT = 3 A more than the one at 12 V and 0.5 A.
                # signed: "TA = –25°C to 85°C" does not state 25 °C
                cond_nums = [
                    float(x.replace("–", "-").replace("−", "-"))
                    for x in re.findall(r"(?<![\w.])[-–−]?\d+(?:\.\d+)?", f.condition)
                ]
                hits = sum(any(abs(c - s) < 1e-9 for c in cond_nums) for s in set(stated))
                score += 2 + 0.5 * (hits - 1) if hits else 0
            if f.superseded_by is not None:
                score += 0.1  # keep it: the answer cites it with its notice
            out.append(Ranked(f, score, how))
        out.sort(key=lambda r: -r.score)
        return out


_AGGREGATE = frozenset({"total", "combined", "overall"})
_OPPOSITES = (
    ("sink", "source"),
    ("source", "sink"),
    ("sinking", "source"),
    ("sourcing", "sink"),
    # junction-to-ambient asked: the junction-to-case row is the other thermal path
    ("ambient", "case"),
    ("case", "ambient"),
    ("case", "air"),
)
_BOTH_SIDES = re.compile(
    r"(?i)\b(?:upper|source|high[- ]side)\s*(?:\+|and)\s*(?:lower|sink|low[- ]side)\b"
    r"|\bU\s*\+\s*L\b"
)

_LABEL_VARIANT = re.compile(
    r"\b[A-Z]{2,}[A-Z0-9]*\d[A-Z0-9]*-((?:\d+(?:\.\d+)?[A-Z]?)|(?:[A-Z]?\d+[A-Z]))\b"
)


def named_variants(label: str) -> list[str]:
    """Variant suffixes a row label names ("AMS1117-1.5" → "1.5", "ACS712ELCTR-05B" → "05B")."""
    found = _LABEL_VARIANT.findall(label or "")
    if found:
        # "AMS1117-1.5/-1.8/-2.5/-3.3": a row that lists several variants names them all.
        found.extend(re.findall(r"/\s*-((?:\d+(?:\.\d+)?[A-Z]?)|(?:[A-Z]?\d+[A-Z]))\b", label))
    return found


def rated_selector(f: Fact, wanted: str) -> bool | None:
    """Whether a row printed per rating ("coil_voltage": "5 VDC") is the one a numeric variant
    ("05", "12V") names; None when the row has no rating selector or the variant is no number.
    """
    vm = re.fullmatch(r"0*(\d+(?:\.\d+)?)V?", wanted)
    if not vm:
        return None
    for key, val in f.applies_to.items():
        if not key.endswith("_voltage"):
            continue
        nm = re.match(r"\s*(\d+(?:\.\d+)?)\s*V", str(val), re.IGNORECASE)
        if nm:
            return float(nm.group(1)) == float(vm.group(1))
    return None


def _variant_hit(fact_variant: str, wanted: str) -> bool:
    for part in re.split(r"[/,]| and ", fact_variant):
        sq = squash(part)
        if sq and (sq == wanted or sq.endswith(wanted) or wanted.endswith(sq) or wanted in sq):
            return True
    return False
