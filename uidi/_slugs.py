"""Slugs: the URL-safe names that fill topic levels (tenant, region, service, node)."""

from __future__ import annotations

import re
import unicodedata

from uidi._errors import TopicError, shorten

__all__ = ["MAX_SLUG_LENGTH", "slug_problem", "slugify"]

#: Longest slug; a topic has four of them and brokers limit topic length.
MAX_SLUG_LENGTH = 64

_SLUG = re.compile(r"[A-Za-z0-9._~-]+")
_ALLOWED_TEXT = "letters, digits, '-', '_', '.' and '~'"


def slug_problem(value: object) -> tuple[str, str] | None:
    """Return ``(rule, sentence)`` saying why *value* is not a slug, or ``None`` when it is one.

    The sentence names the value but not the place; callers prefix the topic level or field path.
    """
    if not isinstance(value, str):
        return "slug.type", f"{shorten(value)} is not a string"
    if value == "":
        return "slug.empty", "is empty"
    if len(value) > MAX_SLUG_LENGTH:
        return (
            "slug.too_long",
            f"{shorten(value)} is {len(value)} characters long; the limit is {MAX_SLUG_LENGTH}",
        )
    if _SLUG.fullmatch(value):
        if value in (".", ".."):
            return "slug.dots", f"{value!r} is only dots, which URLs treat as path navigation"
        return None
    for char, rule, why in (
        ("+", "slug.wildcard", "which MQTT reserves for wildcards"),
        ("#", "slug.wildcard", "which MQTT reserves for wildcards"),
        ("/", "slug.slash", "which separates topic levels"),
        ("$", "slug.dollar", "which MQTT reserves for broker topics"),
        ("\x00", "slug.null", "which MQTT forbids in topics"),
    ):
        if char in value:
            return rule, f"{shorten(value)} contains {char!r}, {why}"
    position, char = next((i, c) for i, c in enumerate(value) if not _SLUG.fullmatch(c))
    return (
        "slug.char",
        f"{shorten(value)} contains {char!r} at position {position}, which is not URL-safe "
        f"(allowed: {_ALLOWED_TEXT}; slugify() makes a slug from any text)",
    )


def slugify(text: str) -> str:
    """Make a slug from free text: ``"Fruit & Vegetable Store"`` → ``"fruit-and-vegetable-store"``.

    Accents are dropped, runs of anything else become one ``-``, and the result is cut to
    :data:`MAX_SLUG_LENGTH`. Raises :class:`TopicError` when nothing usable is left.
    """
    ascii_text = (
        unicodedata.normalize("NFKD", text.replace("&", " and "))
        .encode("ascii", "ignore")
        .decode("ascii")
        .lower()
    )
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text).strip("-")
    slug = slug[:MAX_SLUG_LENGTH].rstrip("-")
    if not slug:
        raise TopicError(
            f"{shorten(text)} has no letters or digits to make a slug from",
            rule="slug.empty",
            value=text,
            where="slugify",
        )
    return slug
