"""Requests typed in another language, glossed into English before they are read.

The embedding model reads English: "nhà thuốc mở 24h" or "borracharia perto" land on whatever
restaurant of that country is nearest. A glossary per language (``search/data/glossary/<code>.tsv``,
``phrase<TAB>english``) gives the English of the words people use when they ask for a local
service: the kinds of place, what they are wanted for, and the words around them ("cheap",
"near", "open late"). A request has the phrases of one language replaced by their English,
longest first; the words the glossary does not know stay as typed.

Accents are ignored on both sides ("nha thuoc" is "nhà thuốc"), except in a language whose file
declares ``#! marks``: its marks tell words apart ("chợ", a market, is not "cho", for), so a
request typed with marks is read by its phrases as written, and one typed without them folded.
A file that declares ``#! compounds`` has a long word it does not hold read as two it does
("Straßenbahnhaltestelle": Straßenbahn, Haltestelle), with a linking s, n or e between them.
A file that declares ``#! inflects`` has a word it does not hold read as one it does that
differs only in its last letter or two, the ending a case or number changes (Russian
"гимнастику" is "гимнастика"), where the words it holds that share that stem agree: the
languages that change a word's ending, not those that append suffixes to it (Finnish
"lainata", to borrow, is no inflection of "laina", a loan). A file that declares
``#! suffixes ي ها ...`` has a word it does not hold read as the held one with one of those
pronouns written onto it (Arabic "سيارتي", my car: سيارة, its ة written ت before the suffix).
Chinese, Japanese kana, Thai, Lao, Burmese and Khmer are written without spaces between words,
so each character (a Thai letter with its marks) is read as a word of its own, and a phrase of
them is found wherever it stands ("回転寿司近く": 回転寿司, 近く; "นวดแผนไทยใกล้ฉัน": นวดแผนไทย,
ใกล้ฉัน). A word keeps the marks written on its letters (a Hindi vowel sign, an Arabic shadda).

A phrase that is also an English word ("pan", "once", "sale") is glossed only when the request
is in that language by other evidence: a phrase of it that is not English, of two words or
beside no more English words than it has. Of several languages, the one with the most such
words is read; of two that read a request equally well, the one a file says it yields to
(``#! yields pt`` in Galician's).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from search._select_lexical import fold

__all__ = ["GLOSSARY_DIR", "Glossary"]

GLOSSARY_DIR = Path(__file__).resolve().parent / "data" / "glossary"

# The longest phrase a glossary may hold, in words, and in letters of a script written
# without spaces (a Thai word runs to a dozen).
_LONGEST, _LONGEST_UNSPACED = 4, 16
# Scripts written without spaces between words: Han and kana, whose characters are read one
# by one, and Thai, Lao, Burmese and Khmer, whose letters are read one by one with the vowel
# and tone marks written on them ("ร้าน": ร้, า, น).
_UNSPACED = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f"
_LETTERED = "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"
_MARKS = "".join(
    c for c in map(chr, range(0x300, 0x10000)) if unicodedata.category(c) in {"Mn", "Mc", "Me"}
)
# A word: one character or marked letter of a script written without spaces, or a run of
# others with the marks that sit on their letters (a Hindi vowel sign, an Arabic shadda: not \w).
_UNSPACED_LETTER = f"[{_UNSPACED}]|[{_LETTERED}][{_MARKS}]*"
_SPACED = f"(?:[^\\W{_UNSPACED}{_LETTERED}]|[{_MARKS}])+"
_WORD = re.compile(f"{_UNSPACED_LETTER}|{_SPACED}")
# The shortest word read as a compound of two, and the shortest part of one.
_COMPOUND, _PART = 8, 3
_LINKS = ("", "s", "n", "e", "en", "es")
# The infinitive endings a verb drops as the first part of a compound
_VERB_ENDINGS = ("en", "n")
# The shortest stem an inflected word is read by.
_STEM = 5
# A word's last letter as written before a suffix, to the letters it is at the word's end
# (Arabic "سيارة", a car, is "سيارت" in "سيارتي", my car)
_BEFORE_SUFFIX = {"ت": ("ة", "ه")}

Table = dict[tuple[str, ...], str | None]
"""A phrase (as a word tuple) → its English (None: a phrase left as typed)."""


@dataclass(frozen=True)
class Language:
    """One language's glossary."""

    folded: Table
    """Phrases with their accents folded."""
    marked: Table | None = None
    """(``#! marks``) phrases as written, lower case, read when a request is typed with marks"""
    compounds: bool = False
    """(``#! compounds``) whether a word it does not hold may be two it does"""
    stems: dict[str, str] | None = None
    """(``#! inflects``) a stem (a held word less up to its last two letters) → the English
    every held word with that stem agrees on"""
    yields: frozenset[str] = frozenset()
    """(``#! yields pt``) the languages it gives way to when a request reads as well in both
    (Galician to Portuguese: "academia 24h barata" is a Brazilian gym, not an academy)"""
    suffixes: tuple[str, ...] = ()
    """(``#! suffixes ي ها``) pronouns written onto a word, longest first: a word it does not
    hold is the held one before them (Arabic "سيارتي", my car: سيارة and ي)"""

    def hits(
        self, table: Table, words: list[str], english: frozenset[str]
    ) -> list[tuple[int, int, str | None]]:
        """Greedy longest phrases of a request's words as ``read`` gives them: (first word,
        end, English) spans. A word of ``english`` is no compound."""
        out = []
        i = 0
        while i < len(words):
            for n in range(min(_LONGEST_UNSPACED, len(words) - i), 0, -1):
                if (phrase := tuple(words[i : i + n])) in table:
                    out.append((i, i + n, table[phrase]))
                    i += n
                    break
            else:
                if (
                    self.compounds
                    and words[i] not in english
                    and (parts := self._compound(table, words[i]))
                ):
                    out.append((i, i + 1, parts))
                i += 1
        return out

    def inflected(
        self, words: list[str], hits: list[tuple[int, int, str | None]], english: frozenset[str]
    ) -> list[tuple[int, int, str | None]]:
        """``hits`` and, if ``#! inflects`` or ``#! suffixes``, each folded word outside them
        that is an inflection of a held word or one with a pronoun written onto it (read only
        once the language is chosen: an ending is no evidence of a language, Italian "perde" is
        not Albanian's "perde")."""
        if self.stems is None and not self.suffixes:
            return hits
        held = {i for a, b, _ in hits for i in range(a, b)}
        more = []
        for i, word in enumerate(words):
            if i in held or word in english:
                continue
            if gloss := self._inflection(word) or self._suffixed(word):
                more.append((i, i + 1, gloss))
        return sorted([*hits, *more])

    def _inflection(self, word: str) -> str | None:
        """(``#! inflects``) the English of the held word ``word`` is an inflection of."""
        if self.stems is None or len(word) <= _STEM:
            return None
        cuts = (word[: len(word) - cut] for cut in (0, 1, 2))
        return next((g for stem in cuts if (g := self.stems.get(stem))), None)

    def _suffixed(self, word: str) -> str | None:
        """(``#! suffixes``) the English of the held word before a pronoun written onto
        ``word``; a last letter that changes before one is read back (Arabic ت, ة at a word's
        end)."""
        for suffix in self.suffixes:
            base = word[: -len(suffix)]
            if not word.endswith(suffix) or len(base) < _PART:
                continue
            for held in (base, *(base[:-1] + e for e in _BEFORE_SUFFIX.get(base[-1], ()))):
                if gloss := self.folded.get((held,)):
                    return gloss
        return None

    def read(self, words: list[str], marked: list[str]) -> tuple[Table, list[str]]:
        """The table a request is read by, and its words as that table holds them: as typed,
        when this language's marks tell words apart and the request has marks."""
        if self.marked is not None and marked != words:
            return self.marked, marked
        return self.folded, words

    @staticmethod
    def _compound(table: Table, word: str) -> str | None:
        """The English of a word made of two the table holds, the longer last part first."""
        if len(word) < _COMPOUND:
            return None
        for cut in range(_PART, len(word) - _PART + 1):
            head, last = table.get((word[cut:],)), word[:cut]
            if not head:
                continue
            for link in _LINKS:
                if last.endswith(link) and (first := table.get((last[: len(last) - len(link)],))):
                    return f"{first} {head}"
            # a verb's stem before the last part ("Reit|unterricht": reiten, riding lessons)
            for ending in _VERB_ENDINGS:
                if first := table.get((last + ending,)):
                    return f"{first} {head}"
        return None


def _fold(text: str) -> str:
    """``fold`` for every script but those whose vowels and tones are marks on their letters
    (Thai "อู่", a garage, is not "อ"): their marks stay."""
    return re.sub(f"[^{_LETTERED}]+", lambda m: fold(m.group(0)), text)


def _words(phrase: str) -> tuple[str, ...]:
    return tuple(_WORD.findall(phrase.lower()))


def _stems(table: Table) -> dict[str, str]:
    """Each held word's stems (itself, less its last letter, less its last two), to the
    English of the words that have it, where they agree."""
    seen: dict[str, set[str]] = {}
    for phrase, english in table.items():
        if len(phrase) == 1 and english is not None:
            word = phrase[0]
            for cut in (0, 1, 2):
                if len(word) - cut >= _STEM:
                    seen.setdefault(word[: len(word) - cut], set()).add(english)
    return {stem: next(iter(gs)) for stem, gs in seen.items() if len(gs) == 1}


def _too_long(words: tuple[str, ...], phrase: str) -> bool:
    """Whether a phrase (of ``words``) is longer than a glossary holds (a run written without
    spaces is one word of up to sixteen letters)."""
    if len(words) <= _LONGEST:
        return False
    runs = f"(?:{_UNSPACED_LETTER})+"
    unspaced = re.findall(runs, phrase)
    # (the marks of a Thai letter are part of its run, not words of their own)
    spaced = re.findall(_SPACED, re.sub(runs, " ", phrase))
    return len(unspaced) + len(spaced) > _LONGEST or any(
        len(_WORD.findall(r)) > _LONGEST_UNSPACED for r in unspaced
    )


@dataclass(frozen=True)
class Glossary:
    """Per language code, its glossary."""

    languages: dict[str, Language]
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
        kept = {_words(fold(k)) for k in keep} | {_words(k) for k in keep}
        english_words = frozenset(fold(w) for w in english)
        languages: dict[str, Language] = {}
        evidence: dict[str, set[str]] = {}
        for path in sorted(directory.glob("*.tsv")):
            folded: Table = dict.fromkeys(kept)
            marked: Table = dict.fromkeys(kept)
            flags: set[str] = set()
            yields: set[str] = set()
            suffixes: list[str] = []
            for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if line.startswith("#! yields "):
                    yields |= set(line.split()[2:])
                elif line.startswith("#! suffixes "):
                    suffixes = sorted(line.split()[2:], key=len, reverse=True)
                elif line.startswith("#!"):
                    flags |= set(line[2:].split())
                if not line.strip() or line.startswith("#"):
                    continue
                phrase, tab, gloss = line.partition("\t")
                words = _words(phrase)
                if not tab or not gloss.strip() or not words or _too_long(words, phrase):
                    raise ValueError(f"{path}:{lineno}: not 'phrase<TAB>english': {line!r}")
                folded.setdefault(_words(_fold(phrase)), gloss.strip())
                marked.setdefault(words, gloss.strip())
            if unknown := flags - {"marks", "compounds", "inflects"}:
                raise ValueError(f"{path}: unknown '#!' flags {sorted(unknown)}")
            language = Language(
                folded,
                marked if "marks" in flags else None,
                compounds="compounds" in flags,
                stems=_stems(folded) if "inflects" in flags else None,
                yields=frozenset(yields),
                suffixes=tuple(suffixes),
            )
            languages[path.stem] = language
            for table in (folded, language.marked or {}):
                for phrase in table:
                    for w in set(phrase) - english_words:
                        evidence.setdefault(w, set()).add(path.stem)
        for code, language in languages.items():
            if unknown := language.yields - languages.keys():
                raise ValueError(f"{directory / code}.tsv: yields to no glossary {sorted(unknown)}")
        return cls(
            languages,
            english_words,
            frozenset(fold(w) for w in plain),
            {w: frozenset(codes) for w, codes in evidence.items()},
        )

    def gloss(self, text: str) -> str:
        """``text`` with the phrases of its language in English (unchanged when it has none)."""
        found = list(_WORD.finditer(text))
        words = [_fold(m.group(0)) for m in found]
        marked = [m.group(0).lower() for m in found]
        best: tuple[int, int, list[tuple[int, int, str | None]], str] | None = None
        candidates = set().union(*(self.evidence.get(w, ()) for w in (*words, *marked)))
        compound = any(len(w) >= _COMPOUND and w not in self.english for w in words)
        for code, language in self.languages.items():
            if code not in candidates and not (compound and language.compounds):
                continue
            table, read = language.read(words, marked)
            hits = language.hits(table, read, self.english)
            # the words of its phrases that are not English ("com chay": both words; "sân chơi"
            # read with its marks, though "san" and "choi" are words of the model), and the
            # English words the request has besides
            # (a phrase kept as typed is the catalogue's own, "parque infantil": evidence of
            # no language, or Danish would read the "is" of "summer is killing us" as ice cream)
            foreign = sum(
                b - a
                for a, b, gloss in hits
                if gloss is not None and any(w not in self.english for w in read[a:b])
            )
            held = {i for a, b, _ in hits for i in range(a, b)}
            english = sum(w in self.plain for i, w in enumerate(words) if i not in held)
            # One foreign word among more English ones is a name or a typo ("bucher with dry
            # aged ribeye", "BIR office"), not a request in that language.
            if (
                foreign
                and (foreign >= 2 or foreign >= english)
                and (
                    best is None
                    or (foreign, len(hits)) > best[:2]
                    # (a tie goes to the language the one ahead gives way to)
                    or ((foreign, len(hits)) == best[:2] and code in self.languages[best[3]].yields)
                )
            ):
                best = (foreign, len(hits), hits, code)
        if best is None:
            return text
        out, at = [], 0
        for a, b, english_text in self.languages[best[3]].inflected(words, best[2], self.english):
            out.append(text[at : found[a].start()])
            # (spaced from its neighbours: "近くの" may follow "回転寿司" with none between)
            out.append(
                f" {english_text} " if english_text else text[found[a].start() : found[b - 1].end()]
            )
            at = found[b - 1].end()
        out.append(text[at:])
        # (Tibetan's syllable and sentence marks, "་" and "།", are no words the model reads)
        joined = re.sub("[\u0f04-\u0f14]", " ", "".join(out))
        return re.sub(r" {2,}", " ", joined).strip()
