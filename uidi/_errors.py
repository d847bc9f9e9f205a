"""The UIDI exception family.

Every error ``uidi`` raises is a :class:`UidiError`; the decoders raise nothing else, whatever bytes
they are given::

    UidiError (ValueError)          root: bad protocol data of any sort
    ├── TopicError                  a topic or filter breaks the scheme (names the topic level)
    ├── CodecError                  bytes that are not a UIDI payload: too large, not JSON or CBOR,
    │                               too deeply nested, NaN, not an envelope
    └── ValidationFailed            a well-formed payload breaks a rule: unknown kind, bad version,
        │                           wrong types, missing fields, timestamps in the future
        └── UnitError               a unit string pint cannot read, or a quantity it cannot parse

Each error carries ``rule`` (a short machine-readable name such as ``"slug.wildcard"``), ``value``
(the offending value, shortened) and ``where`` (a topic level like ``topic level 'node'`` or a field
path like ``body.metrics[2].unit``); the message reads ``"{where}: {text}"``.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "CodecError",
    "Problem",
    "TopicError",
    "UidiError",
    "UnitError",
    "ValidationFailed",
    "shorten",
]


def shorten(value: object, limit: int = 60) -> str:
    """``repr`` of *value* cut to *limit* characters, so a hostile payload cannot flood a log."""
    text = repr(value)
    if len(text) > limit:
        # Keep a string's closing quote, so the cut is visible as part of the value.
        tail = text[-1] if isinstance(value, str | bytes) else ""
        return text[: limit - 3 - len(tail)] + "..." + tail
    return text


@dataclass(frozen=True, slots=True)
class Problem:
    """One broken rule: where it broke, which rule, the offending value and a sentence."""

    where: str
    rule: str
    value: object
    text: str

    def __str__(self) -> str:
        return f"{self.where}: {self.text}" if self.where else self.text


class UidiError(ValueError):
    """Root of the family: bad protocol data, named by rule, value and place.

    ``problems`` lists every broken rule found (a validation can find several); ``rule``,
    ``value`` and ``where`` are those of the first.
    """

    def __init__(
        self,
        text: str,
        *,
        rule: str = "uidi",
        value: object = None,
        where: str = "",
        problems: tuple[Problem, ...] = (),
    ) -> None:
        if not problems:
            problems = (Problem(where=where, rule=rule, value=value, text=text),)
        self.problems = problems
        first = problems[0]
        self.rule = first.rule
        self.value = first.value
        self.where = first.where
        if len(problems) == 1:
            message = str(first)
        else:
            extra = "; ".join(str(p) for p in problems[1:5])
            more = f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""
            message = f"{first}; {extra}{more}"
        super().__init__(message)


class TopicError(UidiError):
    """A topic, topic filter or slug that breaks the ``uidi/v1/...`` scheme."""


class CodecError(UidiError):
    """Bytes that cannot be read as a UIDI payload at all."""


class ValidationFailed(UidiError):
    """A readable payload that breaks a protocol rule (types, ranges, kinds, version, time)."""


class UnitError(ValidationFailed):
    """A unit or quantity string pint cannot read, even after the preprocessor."""
