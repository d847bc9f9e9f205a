"""Top-p service selection: similarity scores -> probabilities -> the smallest set reaching mass p.

For a request the selector scores every service of the catalogue:

    score = alpha * best + (1 - alpha) * desc + lexical

``best`` is the highest cosine similarity between the request and any of the service's embedded
texts (name, description, phrases: max-pooling), ``desc`` the similarity to its description (or
name, before a description exists) and ``lexical`` a bonus when the request names the service
itself (whole words, one typo allowed in long words; a longer matched name silences the shorter
names inside it, so "dog park" does not also boost "park").

Scores become probabilities by a softmax with temperature ``T``; the selection is the smallest
prefix of the ranking whose mass reaches ``p``, at most ``cap`` services. When the best score is
below ``floor`` the selector abstains: the catalogue holds no such service. ``T``, ``p``, ``floor``,
``alpha`` and the lexical bonus are calibrated on ``search/data/devset/dev.jsonl``
(``iotase bench intent --calibrate``) and read from ``calibration.json`` beside it.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from search._embed import CatalogueIndex, Embedder
from search._rank import strip_preferences
from search._select_spell import Speller, tokenizer_words
from search._select_unheld import UNHELD
from search.catalogue import Service

__all__ = ["CALIBRATION_PATH", "Calibration", "Lexicon", "Selection", "ServiceSelector"]

log = logging.getLogger(__name__)

CALIBRATION_PATH = Path(__file__).resolve().parent / "data" / "devset" / "calibration.json"

_WORD = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class Calibration:
    """The selector's tunable constants (see the module docstring)."""

    temperature: float = 0.03
    p: float = 0.9
    floor: float = 0.45
    cap: int = 5
    alpha: float = 0.8
    lexical_bonus: float = 0.1
    unheld_margin: float = 0.05

    @classmethod
    def load(cls, path: Path | None = None) -> Calibration:
        """Read ``calibration.json`` (written by calibration); defaults when absent."""
        path = path or CALIBRATION_PATH
        if not path.is_file():
            return cls()
        data = json.loads(path.read_text(encoding="utf-8"))
        params = data.get("params", data)
        known = {k: params[k] for k in asdict(cls()) if k in params}
        return cls(**known)


@dataclass
class Selection:
    """The outcome of one match: the selected services, the ranking, and whether we abstain."""

    request: str
    selected: list[str]
    ranking: list[tuple[str, float, float]]  # (service, score, probability), best first
    abstain: bool
    reason: str | None = None
    lexical: list[str] = field(default_factory=list)
    core: str = ""
    not_a_place: bool = False  # abstained because the request reads as no place at all

    def as_json(self, top: int = 10) -> dict[str, object]:
        """The ``services match --json`` shape."""
        return {
            "selected": self.selected,
            "ranking": [
                {"service": s, "score": round(sc, 4), "probability": round(pr, 4)}
                for s, sc, pr in self.ranking[:top]
            ],
            "abstain": self.abstain,
            "reason": self.reason,
        }


def _stem(word: str) -> str:
    # Plural and possessive folding is enough for service names ("women's", "dentists").
    if len(word) > 3 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("es") and word[-3] in "sxz":
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _tokens(text: str) -> list[str]:
    return [_stem(w) for w in _WORD.findall(text.lower().replace("'s", "s").replace("&", " and "))]


def _deletes(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


class Lexicon:
    """Finds the service names a request spells out, tolerating one typo in words of 5+ letters."""

    def __init__(self, services: Sequence[Service]) -> None:
        self.names = [tuple(_tokens(s.name)) for s in services]
        vocab = {w for name in self.names for w in name}
        self._vocab = vocab
        self._del: dict[str, set[str]] = {}
        for w in vocab:
            if len(w) >= 5:
                for d in _deletes(w):
                    self._del.setdefault(d, set()).add(w)
        self._by_first: dict[str, list[int]] = {}
        for i, name in enumerate(self.names):
            if name:
                self._by_first.setdefault(name[0], []).append(i)

    def _canon(self, word: str) -> set[str]:
        if word in self._vocab:
            return {word}
        if len(word) < 5:
            return set()
        out = set(self._del.get(word, ()))  # a letter added in the request
        for d in _deletes(word):
            if d in self._vocab:  # a letter dropped in the request
                out.add(d)
            out |= self._del.get(d, set())  # a letter swapped
        return {w for w in out if len(w) >= 5}

    def matches(self, request: str) -> list[int]:
        """Indices of the services whose whole name appears in the request (longest wins)."""
        words = _tokens(request)
        canon = [self._canon(w) for w in words]
        spans: list[tuple[int, int, int]] = []  # (start, end, service)
        for start, cands in enumerate(canon):
            for first in cands:
                for i in self._by_first.get(first, ()):
                    name = self.names[i]
                    end = start + len(name)
                    if end <= len(words) and all(
                        name[k] in canon[start + k] for k in range(len(name))
                    ):
                        spans.append((start, end, i))
        keep = [
            i
            for s, e, i in spans
            if not any((s2 <= s and e <= e2) and (e2 - s2) > (e - s) for s2, e2, _ in spans)
        ]
        return sorted(set(keep))


class ServiceSelector:
    """Match a request to the catalogue's services (see the module docstring)."""

    def __init__(
        self,
        index: CatalogueIndex,
        embedder: Embedder,
        calibration: Calibration | None = None,
    ) -> None:
        self.index = index
        self.embedder = embedder
        self.calibration = calibration or Calibration.load()
        self.services = index.services
        self.lexicon = Lexicon(self.services)
        self.speller = Speller(
            index.texts, names=[s.name for s in self.services],
            known=tokenizer_words(embedder.model_path),
        )
        self.unheld = embedder.encode(list(UNHELD))

    def prepare(self, request: str) -> str:
        """The text that is embedded: spelling repaired, preference phrases cut out."""
        fixed = self.speller.correct(request)
        core = strip_preferences(fixed)
        return core if len(core) >= 3 else fixed

    @classmethod
    def from_catalogue(
        cls,
        services: Sequence[Service],
        *,
        embedder: Embedder | None = None,
        cache_dir: Path | None = None,
        calibration: Calibration | None = None,
    ) -> ServiceSelector:
        """Build the index (through the embedding cache) and the selector."""
        embedder = embedder or Embedder(cache_dir=cache_dir)
        index = CatalogueIndex.build(services, embedder)
        return cls(index, embedder, calibration)

    def components(
        self, core: str, vec: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, float, int]:
        """(best, desc, lexical-hit, best unheld similarity, its index) for a prepared request."""
        best, _name, desc = self.index.pooled(vec)
        lex = np.zeros(len(self.services), dtype=np.float32)
        for i in self.lexicon.matches(core):
            lex[i] = 1.0
        u = self.unheld @ vec
        j = int(np.argmax(u))
        return best, desc, lex, float(u[j]), j

    def score(
        self, core: str, vec: np.ndarray, cal: Calibration | None = None
    ) -> tuple[np.ndarray, float, int]:
        """The score of every service for a prepared request, and the nearest unheld type."""
        cal = cal or self.calibration
        best, desc, lex, unheld, j = self.components(core, vec)
        return cal.alpha * best + (1.0 - cal.alpha) * desc + cal.lexical_bonus * lex, unheld, j

    def select(
        self,
        request: str,
        scores: np.ndarray,
        cal: Calibration | None = None,
        top: int = 10,
        unheld: tuple[float, int] | None = None,
    ) -> Selection:
        """Turn scores into a top-p selection, or abstain (below the floor, or an unheld type)."""
        cal = cal or self.calibration
        order = np.argsort(-scores)
        z = (scores - scores[order[0]]) / max(cal.temperature, 1e-6)
        probs = np.exp(z)
        probs /= probs.sum()
        ranking = [
            (self.services[int(i)].name, float(scores[i]), float(probs[i]))
            for i in order[: max(top, cal.cap)]
        ]
        if float(scores[order[0]]) < cal.floor:
            return Selection(
                request,
                [],
                ranking,
                True,
                reason=(
                    f"we hold no such service: the closest, {ranking[0][0]!r}, scores "
                    f"{ranking[0][1]:.2f}, below the floor {cal.floor:.2f}"
                ),
            )
        if unheld is not None and unheld[0] - float(scores[order[0]]) > cal.unheld_margin:
            return Selection(
                request,
                [],
                ranking,
                True,
                reason=(
                    f"we hold no such service: the request reads as {UNHELD[unheld[1]]!r} "
                    f"({unheld[0]:.2f}), which the catalogue does not hold; the closest held "
                    f"service, {ranking[0][0]!r}, scores {ranking[0][1]:.2f}"
                ),
            )
        chosen: list[str] = []
        mass = 0.0
        for name, _, pr in ranking[: cal.cap]:
            chosen.append(name)
            mass += pr
            if mass >= cal.p:
                break
        return Selection(request, chosen, ranking, False)

    def _finish(self, request: str, core: str, vec: np.ndarray) -> Selection:
        scores, unheld, j = self.score(core, vec)
        sel = self.select(request, scores, unheld=(unheld, j))
        sel.lexical = [self.services[i].name for i in self.lexicon.matches(core)]
        sel.core = core
        return sel

    def match(self, request: str) -> Selection:
        """Select services for a request (embeds it; cached)."""
        core = self.prepare(request)
        return self._finish(request, core, self.embedder.embed_query(core))

    async def amatch(self, request: str) -> Selection:
        """``match`` with the embedding off the event loop and through the shared cache."""
        core = self.prepare(request)
        return self._finish(request, core, await self.embedder.aembed_query(core))
