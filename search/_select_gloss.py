"""Requests typed in another language, glossed into English before they are read.

The embedding model reads English: "nhà thuốc mở 24h" or "borracharia perto" land on whatever
restaurant of that country is nearest. A glossary per language (``search/data/glossary/<code>.tsv``,
``phrase<TAB>english``) gives the English of the words people use when they ask for a local
service: the kinds of place, what they are wanted for, and the words around them ("cheap",
"near", "open late"). A request has the phrases of one language replaced by their English,
longest first; the words the glossary does not know stay as typed.

Accents are ignored on both sides ("nha thuoc" is "nhà thuốc"). A phrase that is also an English
word ("pan", "once", "sale") is glossed only when the request is in that language by other
evidence: a phrase of it that is not English, of two words or beside no more English words
than it has. Of several languages, the one with the most such words is read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from search._select_lexical import fold

__all__ = ["GLOSSARY_DIR", "Glossary"]

GLOSSARY_DIR = Path(__file__).resolve().parent / "data" / "glossary"

# The longest phrase a glossary may hold, in words.
_LONGEST = 4


@dataclass(frozen=True)
class Glossary:
    """Per language code, a folded phrase (as a word tuple) → its English."""

    languages: dict[str, dict[tuple[str, ...], str | None]]
    """(None: a phrase left as typed)"""
    english: frozenset[str]
    """Folded words of English: a phrase made only of them is no evidence of a language."""
    plain: frozenset[str]
    """The folded words of the catalogue's own English: the English a request has besides
    (``english`` also holds the model's vocabulary, which has "de", "la" and "por")."""
    evidence: dict[str, frozenset[str]]
    """A word that is not English → the languages whose phrases have it: a request with none
    of a language's such words is not read in that language (most requests are English)."""

    @classmethod
    def load(
        cls,
        directory: Path = GLOSSARY_DIR,
        *,
        english: Iterable[str] = (),
        plain: Iterable[str] = (),
        keep: Iterable[str] = (),
    ) -> Glossary:
        """Read every ``<code>.tsv`` of ``directory``. ``keep``: phrases left as typed (the
        catalogue's own regional names, which the selector reads itself): in any language,
        they are read whole ("posto de saúde" is not "posto", a fuel station, and "de")."""
        kept = {tuple(re.findall(r"\w+", fold(k))) for k in keep}
        languages: dict[str, dict[tuple[str, ...], str | None]] = {}
        for path in sorted(directory.glob("*.tsv")):
            table: dict[tuple[str, ...], str | None] = dict.fromkeys(kept)
            for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if not line.strip() or line.startswith("#"):
                    continue
                phrase, tab, gloss = line.partition("\t")
                words = tuple(re.findall(r"\w+", fold(phrase)))
                if not tab or not gloss.strip() or not words or len(words) > _LONGEST:
                    raise ValueError(f"{path}:{lineno}: not 'phrase<TAB>english': {line!r}")
                table.setdefault(words, gloss.strip())
            languages[path.stem] = table
        english_words = frozenset(fold(w) for w in english)
        evidence: dict[str, set[str]] = {}
        for code, table in languages.items():
            for words in table:
                for w in set(words) - english_words:
                    evidence.setdefault(w, set()).add(code)
        return cls(
            languages,
            english_words,
            frozenset(fold(w) for w in plain),
            {w: frozenset(codes) for w, codes in evidence.items()},
        )

    def _hits(
        self, table: dict[tuple[str, ...], str | None], words: list[str]
    ) -> list[tuple[int, int]]:
        """Greedy longest phrases of one language: (first word, end) spans."""
        out = []
        i = 0
        while i < len(words):
            for n in range(min(_LONGEST, len(words) - i), 0, -1):
                if tuple(words[i : i + n]) in table:
                    out.append((i, i + n))
                    i += n
                    break
            else:
                i += 1
        return out

    def gloss(self, text: str) -> str:
        """``text`` with the phrases of its language in English (unchanged when it has none)."""
        found = list(re.finditer(r"\w+", text))
        words = [fold(m.group(0)) for m in found]
        best: tuple[int, int, str, list[tuple[int, int]]] | None = None
        candidates = set().union(*(self.evidence.get(w, ()) for w in words))
        for code, table in self.languages.items():
            if code not in candidates:
                continue
            hits = self._hits(table, words)
            # the words of its phrases that are not English ("com chay": both words), and the
            # English words the request has besides
            foreign = sum(b - a for a, b in hits if any(w not in self.english for w in words[a:b]))
            held = {i for a, b in hits for i in range(a, b)}
            english = sum(w in self.plain for i, w in enumerate(words) if i not in held)
            # One foreign word among more English ones is a name or a typo ("bucher with dry
            # aged ribeye", "BIR office"), not a request in that language.
            if (
                foreign
                and (foreign >= 2 or foreign >= english)
                and (best is None or (foreign, len(hits)) > best[:2])
            ):
                best = (foreign, len(hits), code, hits)
        if best is None:
            return text
        table = self.languages[best[2]]
        out, at = [], 0
        for a, b in best[3]:
            out.append(text[at : found[a].start()])
            out.append(table[tuple(words[a:b])] or text[found[a].start() : found[b - 1].end()])
            at = found[b - 1].end()
        out.append(text[at:])
        return "".join(out)
