"""BM25 word overlap between a request and each service's own texts, fused with the embedding.

The sentence embedding is good at meaning and poor at rare, specific words: "tandoori", "wipers"
or "sofa" each pull towards a dozen neighbouring services. A service whose name, description or
phrases use the request's words is told apart by classic BM25 (Robertson and Zaragoza, 2009)
over one document per service: the name counted ``name_weight`` times, then the description and
the phrases. The raw score is saturated, ``b / (b + k)``, so it lies in [0, 1) and means the same
thing for every request (a per-request max normalisation would inflate a single weak overlap).

Postings are precomputed, so a request costs one dictionary look-up and one ``np.add.at`` per
distinct word (well under a millisecond for 500 services).
"""

from __future__ import annotations

import logging
import math
import re
import unicodedata
from collections import Counter
from collections.abc import Sequence

import numpy as np

from search.catalogue import Service

__all__ = ["Bm25Index", "fold", "stem", "tokens", "words"]

log = logging.getLogger(__name__)

_WORD = re.compile(r"[a-z0-9]+")

# Function words and the filler of requests ("near me", "open now"): they carry no service.
STOPWORDS = frozenset(
    """
    a an the and or of to for in on at by from with without into about as is are be been was
    were it its this that these those there here my me i im we our us you your he she they them
    his her their who what where when which how why can could would will should shall may might
    do does did have has had get got go going find want need looking look some somewhere someone
    something any anywhere place places near nearby nearest close closest around local open now
    today tonight right please just like one good best also very really so not no but if than
    then too more most much many few lot lots thing things area
    """.split()  # noqa: SIM905 - a word list reads better as text
)


def stem(word: str) -> str:
    # The same light plural folding as the name lexicon ("dentists", "women's").
    if len(word) > 3 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("es") and word[-3] in "sxz":
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


_UNACCENTED = str.maketrans({"đ": "d", "ß": "ss", "ł": "l", "ı": "i"})


def fold(text: str) -> str:
    """Lower case without accents: "crèche" and "creche", "Café" and "cafe", "đặt" and "dat"
    are one word."""
    # (letters NFKD keeps whole: Vietnamese đ, German ß, Polish ł, Turkish dotless ı)
    text = text.lower().translate(_UNACCENTED)
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def tokens(text: str) -> list[str]:
    """Every word of a text, lower-cased, accents and plurals folded ("Women's" -> "womens")."""
    text = fold(text).replace("'s", "s").replace("&", " and ")
    return [stem(t) for t in _WORD.findall(text)]


def words(text: str) -> list[str]:
    """Content words of a text (``tokens``), without stopwords."""
    return [w for w in tokens(text) if w not in STOPWORDS and len(w) > 1]


class Bm25Index:
    """BM25 over one document per service (see the module docstring)."""

    def __init__(
        self,
        services: Sequence[Service],
        *,
        name_weight: int = 3,
        k1: float = 1.2,
        b: float = 0.75,
    ) -> None:
        docs: list[Counter[str]] = []
        for s in services:
            toks = words(s.name) * name_weight
            for a in s.aliases:  # another name of the service is a name too
                toks += words(a)
            if s.description and s.description != s.name:
                toks += words(s.description)
            for p in s.phrases:
                toks += words(p)
            docs.append(Counter(toks))
        self.n = len(docs)
        lengths = np.asarray([sum(d.values()) for d in docs], dtype=np.float64)
        avg = float(lengths.mean()) if self.n else 1.0
        df: Counter[str] = Counter(w for d in docs for w in d)
        post: dict[str, tuple[list[int], list[float]]] = {}
        for i, d in enumerate(docs):
            norm = k1 * (1 - b + b * lengths[i] / max(avg, 1e-9))
            for w, f in d.items():
                idf = math.log(1 + (self.n - df[w] + 0.5) / (df[w] + 0.5))
                ids, ws = post.setdefault(w, ([], []))
                ids.append(i)
                ws.append(idf * f * (k1 + 1) / (f + norm))
        self._post = {
            w: (np.asarray(ids, dtype=np.intp), np.asarray(ws, dtype=np.float32))
            for w, (ids, ws) in post.items()
        }

    def raw(self, text: str) -> np.ndarray:
        """The BM25 score of every service for a text (each distinct word counted once)."""
        out = np.zeros(self.n, dtype=np.float32)
        for w in set(words(text)):
            hit = self._post.get(w)
            if hit is not None:
                out[hit[0]] += hit[1]
        return out

    def scores(self, text: str, k: float = 5.0) -> np.ndarray:
        """Saturated BM25 in [0, 1): ``raw / (raw + k)``."""
        raw = self.raw(text)
        return raw / (raw + k)
