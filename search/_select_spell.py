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


def _deletes(w: str) -> set[str]:
    return {w[:i] + w[i + 1 :] for i in range(len(w))}


def _swaps(w: str) -> set[str]:
    return {w[:i] + w[i + 1] + w[i] + w[i + 2 :] for i in range(len(w) - 1)}


class Speller:
    """Repairs one-edit misspellings against a vocabulary counted from catalogue texts."""

    def __init__(self, texts: Iterable[str], *, extra: Iterable[str] = ()) -> None:
        self.freq: Counter[str] = Counter()
        for t in texts:
            self.freq.update(w.lower() for w in _WORD.findall(t))
        self.freq.update(w.lower() for w in extra)
        self._del: dict[str, set[str]] = {}
        for w in self.freq:
            if len(w) >= 3:
                for d in _deletes(w):
                    self._del.setdefault(d, set()).add(w)

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
        return out

    def correct_word(self, word: str) -> str:
        """The repaired word, or the word itself."""
        cands = self.candidates(word)
        if not cands:
            return word
        best = max(cands, key=lambda c: (self.freq[c], c))
        return best

    def correct(self, text: str) -> str:
        """Repair every word of a request; punctuation and spacing are kept."""
        return _WORD.sub(lambda m: self.correct_word(m.group(0)), text)
