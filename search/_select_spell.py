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

__all__ = ["Speller"]

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


def _deletes(w: str) -> set[str]:
    return {w[:i] + w[i + 1 :] for i in range(len(w))}


def _swaps(w: str) -> set[str]:
    return {w[:i] + w[i + 1] + w[i] + w[i + 2 :] for i in range(len(w) - 1)}


class Speller:
    """Repairs one-edit misspellings against a vocabulary counted from catalogue texts."""

    def __init__(
        self, texts: Iterable[str], *, names: Iterable[str] = (), extra: Iterable[str] = COMMON
    ) -> None:
        self.freq: Counter[str] = Counter()
        for t in texts:
            self.freq.update(w.lower() for w in _WORD.findall(t))
        self.freq.update(w.lower() for w in extra)
        # A service's own name words win ties: "bnak" is far likelier "bank" than "back".
        self.names: set[str] = {w.lower() for n in names for w in _WORD.findall(n)}
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

    def candidates(self, word: str) -> set[str]:
        """Vocabulary words within one edit of ``word`` (empty when it is already known)."""
        w = word.lower()
        if w in self.freq:
            return set()
        out = {s for s in _swaps(w) if s in self.freq}
        if len(w) >= 4:
            out |= self._del.get(w, set())  # the request dropped a letter
            for d in _deletes(w):
                if d in self.freq and len(d) >= 3:  # the request added a letter
                    out.add(d)
                # substitution: both lose the same position
                out |= {c for c in self._del.get(d, ()) if len(c) == len(w)}
        # Everyday words outside the catalogue ("wallet", "type") must stay as they are, so a
        # repair is only made towards a word of a service name, or for long words where one
        # edit rarely turns one real word into another.
        return {
            c
            for c in out
            if self._one_edit(w, c) and (c in self.names or (len(w) >= 8 and self.freq[c] >= 3))
        }

    def correct_word(self, word: str) -> str:
        """The repaired word, or the word itself."""
        cands = self.candidates(word)
        if not cands:
            return word
        best = max(cands, key=lambda c: (c in self.names, self.freq[c], c))
        return best

    def correct(self, text: str) -> str:
        """Repair every word of a request; punctuation and spacing are kept."""
        return _WORD.sub(lambda m: self.correct_word(m.group(0)), text)
