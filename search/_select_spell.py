"""Spelling repair of requests against the catalogue's own vocabulary.

The embedding model splits a misspelt word into unrelated word pieces ("barbr" lands nearer
"bar" than "barber"), so a word the catalogue never uses is replaced, before embedding, by the
most frequent catalogue word within one edit (insert, delete, substitute, or swap of two
neighbours). Words of three letters or fewer are left alone unless the repair is a swap, where
a false repair would cost more than it gains.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from itertools import pairwise
from pathlib import Path

__all__ = ["Speller", "tokenizer_words"]

_WORD = re.compile(r"[A-Za-z]+(?:'[a-z]+)?")

# Everyday words a request uses that service texts may not: they must never be "repaired".
COMMON = [
    "a",
    "about",
    "after",
    "again",
    "all",
    "also",
    "am",
    "an",
    "and",
    "any",
    "anything",
    "are",
    "around",
    "as",
    "ask",
    "at",
    "away",
    "back",
    "bad",
    "be",
    "because",
    "been",
    "before",
    "being",
    "best",
    "better",
    "big",
    "bit",
    "both",
    "but",
    "buy",
    "by",
    "can",
    "cannot",
    "cant",
    "could",
    "day",
    "doable",
    "did",
    "didnt",
    "do",
    "does",
    "doesnt",
    "dont",
    "down",
    "each",
    "early",
    "eat",
    "else",
    "even",
    "ever",
    "every",
    "far",
    "few",
    "find",
    "for",
    "from",
    "get",
    "give",
    "go",
    "going",
    "good",
    "got",
    "great",
    "had",
    "has",
    "have",
    "having",
    "he",
    "her",
    "here",
    "him",
    "his",
    "how",
    "i",
    "if",
    "im",
    "in",
    "into",
    "is",
    "isnt",
    "it",
    "its",
    "ive",
    "just",
    "kind",
    "know",
    "last",
    "late",
    "least",
    "less",
    "let",
    "like",
    "little",
    "look",
    "lot",
    "lots",
    "make",
    "many",
    "may",
    "me",
    "might",
    "more",
    "most",
    "much",
    "must",
    "my",
    "near",
    "need",
    "needs",
    "never",
    "new",
    "next",
    "nice",
    "no",
    "not",
    "now",
    "of",
    "off",
    "ok",
    "okay",
    "on",
    "once",
    "one",
    "only",
    "open",
    "or",
    "other",
    "our",
    "out",
    "over",
    "own",
    "please",
    "quick",
    "quite",
    "rather",
    "really",
    "right",
    "same",
    "say",
    "see",
    "she",
    "should",
    "show",
    "so",
    "some",
    "something",
    "somewhere",
    "soon",
    "still",
    "such",
    "sure",
    "take",
    "tell",
    "than",
    "thank",
    "thanks",
    "that",
    "thats",
    "the",
    "their",
    "them",
    "then",
    "there",
    "these",
    "they",
    "thing",
    "think",
    "this",
    "those",
    "today",
    "tomorrow",
    "tonight",
    "too",
    "try",
    "two",
    "up",
    "us",
    "use",
    "very",
    "want",
    "wanted",
    "was",
    "way",
    "we",
    "well",
    "went",
    "were",
    "what",
    "whats",
    "when",
    "where",
    "which",
    "while",
    "who",
    "why",
    "will",
    "wish",
    "with",
    "without",
    "would",
    "yes",
    "yet",
    "you",
    "your",
    "youre",
    "near",
    "nearby",
    "closest",
    "nearest",
    "weekend",
    "morning",
    "evening",
    "afternoon",
    "night",
    "week",
    "hour",
    "hours",
    "minute",
    "minutes",
    "mom",
    "dad",
    "kid",
    "kids",
    "son",
    "daughter",
    "friend",
    "friends",
    "wife",
    "husband",
    "family",
    "joke",
    "weather",
]


def tokenizer_words(model_dir: Path) -> set[str]:
    """Whole words of the model's WordPiece vocabulary (``vocab.txt``): a list of real words."""
    path = model_dir / "vocab.txt"
    if not path.is_file():
        return set()
    return {
        w
        for w in path.read_text(encoding="utf-8").split("\n")
        if w.isalpha() and w.isascii() and len(w) > 1
    }


def _deletes(w: str) -> set[str]:
    return {w[:i] + w[i + 1 :] for i in range(len(w))}


def _swaps(w: str) -> set[str]:
    return {w[:i] + w[i + 1] + w[i] + w[i + 2 :] for i in range(len(w) - 1)}


def _shared_start(a: str, b: str) -> int:
    """How many leading letters two words share."""
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n


def _osa(a: str, b: str) -> int:
    """Optimal-string-alignment distance (edits plus swaps of neighbours)."""
    d = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) + 1):
        d[i][0] = i
    for j in range(len(b) + 1):
        d[0][j] = j
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


def _letters_apart(a: str, b: str) -> int:
    """How many letters one word has that the other lacks, counted both ways."""
    ca, cb = Counter(a), Counter(b)
    return sum(((ca - cb) + (cb - ca)).values())


class Speller:
    """Repairs one-edit misspellings against a vocabulary counted from catalogue texts."""

    def __init__(
        self,
        texts: Iterable[str],
        *,
        names: Iterable[str] = (),
        extra: Iterable[str] = COMMON,
        known: Iterable[str] = (),
    ) -> None:
        self.freq: Counter[str] = Counter()
        # Word pairs the catalogue writes apart ("go kart", "car wash"): a request that runs
        # one together means the pair.
        self.pairs: set[tuple[str, str]] = set()
        for t in texts:
            words = [w.lower() for w in _WORD.findall(t)]
            self.freq.update(words)
            self.pairs.update(pairwise(words))
        self.freq.update(w.lower() for w in extra)
        # A service's own name words win ties: "bnak" is far likelier "bank" than "back".
        names = list(names)
        self.names: set[str] = {w.lower() for n in names for w in _WORD.findall(n)}
        # The word pairs of the services' names ("bowling alley"): a request that writes one
        # with its second word one slip off, itself a word ("bowling ally"), means the name.
        self.name_pairs: dict[str, set[str]] = {}
        for n in names:
            for a, b in pairwise(w.lower() for w in _WORD.findall(n)):
                self.name_pairs.setdefault(a, set()).add(b)
        # Real words that are never "repaired" (the model tokenizer's whole-word vocabulary):
        # "hammer" is one edit from "summer", and both are words.
        self.known: set[str] = {w.lower() for w in known} | set(self.freq)
        self._memo: dict[str, str] = {}
        self._del: dict[str, set[str]] = {}
        for w in self.freq:
            if len(w) >= 3:
                for d in _deletes(w):
                    self._del.setdefault(d, set()).add(w)

    @staticmethod
    def _one_edit(a: str, b: str) -> bool:
        """True when a and b differ by one insert, delete, substitute or neighbour swap."""
        if a == b:
            return False
        la, lb = len(a), len(b)
        if abs(la - lb) > 1:
            return False
        if la == lb:
            diff = [i for i in range(la) if a[i] != b[i]]
            if len(diff) == 1:
                return True
            return (
                len(diff) == 2
                and diff[1] == diff[0] + 1
                and a[diff[0]] == b[diff[1]]
                and a[diff[1]] == b[diff[0]]
            )
        short, long_ = (a, b) if la < lb else (b, a)
        i = 0
        while i < len(short) and short[i] == long_[i]:
            i += 1
        return short[i:] == long_[i + 1 :]

    def _base(self, w: str) -> str | None:
        """The known word ``w`` is a regular inflection or prefixing of, if any.

        The tokenizer vocabulary lacks many inflected forms ("tanning", "recycle"); such a word
        is built from a known one ("tan", "cycle") and is a real word, not a slip.
        """
        for suffix in ("ing", "ed", "er", "ers", "es", "s", "ly"):
            if w.endswith(suffix) and len(w) - len(suffix) >= 3:
                stem = w[: -len(suffix)]
                forms = [stem, stem + "e"]
                if len(stem) >= 4 and stem[-1] == stem[-2]:
                    forms.append(stem[:-1])  # tanning -> tan
                for f in forms:
                    if f in self.known and len(f) >= 3:
                        return f
        for prefix in ("re", "un", "pre", "over", "out"):
            rest = w[len(prefix) :]
            if w.startswith(prefix) and len(rest) >= 4 and rest in self.known:
                return rest
        return None

    def candidates(self, word: str) -> set[str]:
        """Vocabulary words within one edit of ``word`` (empty when it is already known)."""
        w = word.lower()
        if w in self.known:
            return set()
        found = self._candidates(w)
        base = self._base(w)
        if base is not None:
            # An inflected real word stays, unless the repair is the same word spelt right
            # ("swiming" -> "swimming" shares "swim"; "tanning" -> "training" does not; a
            # prefixed one keeps its ending: "presure" -> "pressure" still ends in "sure").
            stem = base[:-1] if base.endswith("e") else base
            found = {c for c in found if c.startswith(stem) or c.endswith(base)}
        return found

    def _candidates(self, w: str) -> set[str]:
        swapped = {s for s in _swaps(w) if s in self.freq}
        out = set(swapped)
        if len(w) >= 4:
            out |= self._del.get(w, set())  # the request dropped a letter
            for d in _deletes(w):
                if d in self.freq and len(d) >= 3:  # the request added a letter
                    out.add(d)
                # substitution: both lose the same position
                out |= {c for c in self._del.get(d, ()) if len(c) == len(w)}
        # Everyday words outside the catalogue ("wallet", "type") must stay as they are, so a
        # repair is only made towards a word of a service name, or a plain slip of a longer
        # catalogue word ("cemetary", "expresso").
        # Two letters swapped keep every letter, so a five-letter word's swap is still a slip
        # ("tyers" is "tyres").
        return {
            c
            for c in out
            if self._one_edit(w, c)
            and (
                c in self.names
                or self._plain_slip(w, c)
                or (c in swapped and len(w) >= 5 and w[0] == c[0])
            )
        }

    @staticmethod
    def _plain_slip(w: str, c: str) -> bool:
        """A word of six letters or more that is a slip of a catalogue word, not another form
        of it: the first letter kept ("plowing" is not "glowing") and neither word the other
        with an ending ("tuner" is not "tune", "manicure" not "manicured")."""
        return len(w) >= 6 and w[0] == c[0] and not (c.startswith(w) or w.startswith(c))

    def _far_candidates(self, word: str) -> set[str]:
        """Service-name words two edits away (or equal once "ph" is read as "f"), for words of
        seven letters or more: long names are where two-slip spellings ("bycicle") occur."""
        w = word.lower()
        if len(w) < 7 or w in self.known or self._base(w) is not None:
            return set()
        key = w.replace("ph", "f")
        out = set()
        for c in self.names:
            # Two slips almost never include the first letter ("bycicle"); a different first
            # letter two edits away is another word ("recycle" is not "bicycle").
            if abs(len(c) - len(w)) > 2 or len(c) < 5:
                continue
            if c.replace("ph", "f") == key or (c[0] == w[0] and _osa(w, c) <= 2):
                out.add(c)
            elif len(w) >= 8 and c[:2] == w[:2] and _letters_apart(w, c) <= 1:
                # Letters shuffled and one dropped ("restraunt"): the same letters, near enough,
                # are that word however far apart their order puts it.
                out.add(c)
        return out

    def correct_word(self, word: str) -> str:
        """The repaired word, or the word itself (memoised: requests reuse their words)."""
        hit = self._memo.get(word)
        if hit is None:
            hit = self._correct_word(word)
            if len(self._memo) < 50_000:
                self._memo[word] = hit
        return hit

    def _split(self, word: str) -> str | None:
        """A pair of words the catalogue writes apart, run together ("gokarts", "carwash"):
        the pair, spaced. None for a known word or no such pair ("pothole" is not "pot hole")."""
        w = word.lower()
        if len(w) < 6 or w in self.known or self._base(w) is not None:
            return None
        pairs = [(w[:i], w[i:]) for i in range(2, len(w) - 2) if (w[:i], w[i:]) in self.pairs]
        if not pairs:
            return None
        a, b = max(pairs, key=lambda ab: min(self.freq[ab[0]], self.freq[ab[1]]))
        return f"{a} {b}"

    def _correct_word(self, word: str) -> str:
        cands = self.candidates(word) or self._far_candidates(word)
        if not cands:
            return self._split(word) or word
        # Closer spellings first, then the one that keeps more of the word's start (slips
        # rarely touch the first letters: "vetenarian" is "veterinarian", not "vegetarian").
        w = word.lower()
        return max(
            cands,
            key=lambda c: (
                c in self.names,
                -_osa(w, c),
                _shared_start(w, c),
                self.freq[c],
                c,
            ),
        )

    def correct(self, text: str) -> str:
        """Repair every word of a request, then the second word of a service's name written
        one slip off as another word ("bowling ally"); punctuation and spacing are kept."""
        fixed = _WORD.sub(lambda m: self.correct_word(m.group(0)), text)
        out, at = [], 0
        for a, b in pairwise(_WORD.finditer(fixed)):
            after = self.name_pairs.get(a.group(0).lower(), set())
            said = b.group(0).lower()
            if fixed[a.end() : b.start()] != " " or len(said) < 4 or said in after:
                continue
            # (a plural is the name's word, not a slip of it: "go karts")
            near = [w for w in after if self._one_edit(said, w) and said not in (w + "s", w[:-1])]
            if len(near) == 1:
                out.append(fixed[at : b.start()] + near[0])
                at = b.end()
        return "".join(out) + fixed[at:]
