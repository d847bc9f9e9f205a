"""Topic scheme: builders, parser, filters (shared subscriptions included), matching, slugs."""

from __future__ import annotations

import pytest

from uidi import Kind, Topic, TopicError, build_topic, parse_topic, slugify, topic_filter
from uidi import topic_matches as matches


def test_build_and_parse() -> None:
    text = build_topic("acme", "toronto", "dog-park", "node-7", "input")
    assert text == "uidi/v1/acme/toronto/dog-park/node-7/input"
    topic = parse_topic(text)
    assert topic == Topic("acme", "toronto", "dog-park", "node-7", Kind.INPUT)
    assert str(topic.with_kind(Kind.COMMAND)) == "uidi/v1/acme/toronto/dog-park/node-7/command"


@pytest.mark.parametrize(
    ("args", "text"),
    [
        (("acme", "to", "park", "a+b", "input"),
         "topic level 'node': 'a+b' contains '+', which MQTT reserves for wildcards"),
        (("acme", "to", "park#", "n", "input"),
         "topic level 'service': 'park#' contains '#', which MQTT reserves for wildcards"),
        (("ac/me", "to", "park", "n", "input"),
         "topic level 'tenant': 'ac/me' contains '/', which separates topic levels"),
        (("acme", "$SYS", "park", "n", "input"),
         "topic level 'region': '$SYS' contains '$', which MQTT reserves for broker topics"),
        (("acme", "", "park", "n", "input"), "topic level 'region': is empty"),
        (("acme", "to", "park", "n" * 65, "input"),
         "topic level 'node': 'nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn...' is 65 "
         "characters long; the limit is 64"),
        (("acme", "to", "dog park", "n", "input"),
         "topic level 'service': 'dog park' contains ' ' at position 3, which is not URL-safe"),
        (("acme", "to", "café", "n", "input"), "contains 'é' at position 3"),
        (("acme", "to", "park", "..", "input"), "topic level 'node': '..' is only dots"),
        (("acme", "to", "park", "a\x00", "input"), "contains '\\x00', which MQTT forbids"),
        (("acme", "to", "park", 5, "input"), "topic level 'node': 5 is not a string"),
        (("acme", "to", "park", "n", "telemetry"),
         "topic level 'kind': 'telemetry' is not a UIDI kind (expected one of input, output, "
         "setting, command, state)"),
    ],
)  # fmt: skip
def test_build_rejects_bad_levels(args: tuple[str, ...], text: str) -> None:
    with pytest.raises(TopicError) as caught:
        build_topic(*args)
    assert text in str(caught.value)


@pytest.mark.parametrize(
    ("topic", "text"),
    [
        ("uidi/v1/a/b/c/d", "has 6 levels; a UIDI topic has 7"),
        ("uidi/v1/a/b/c/d/input/x", "has 8 levels"),
        ("mqtt/v1/a/b/c/d/input", "topic level 'prefix': 'mqtt' is not 'uidi'"),
        ("uidi/v2/a/b/c/d/input", "topic level 'version': 'v2' is not a protocol version"),
        ("uidi/v1/a/+/c/d/input", "topic level 'region': '+' contains '+'"),
        ("uidi/v1/a/b/c/d/#", "topic level 'kind': '#' is not a UIDI kind"),
        ("uidi/v1//b/c/d/input", "topic level 'tenant': is empty"),
        ("uidi/v1/a/b/c/d/" + "x" * 2000, "the limit is 1024"),
    ],
)
def test_parse_rejects_bad_topics(topic: str, text: str) -> None:
    with pytest.raises(TopicError) as caught:
        parse_topic(topic)
    assert text in str(caught.value)


def test_parse_rejects_non_strings() -> None:
    with pytest.raises(TopicError, match="topic: None is not a string"):
        parse_topic(None)  # type: ignore[arg-type]


def test_filters() -> None:
    assert topic_filter() == "uidi/v1/+/+/+/+/+"
    assert topic_filter(tenant="acme", kind=Kind.INPUT) == "uidi/v1/acme/+/+/+/input"
    assert topic_filter(kind="#") == "uidi/v1/+/+/+/+/#"
    assert topic_filter(share="ingest", kind="input") == "$share/ingest/uidi/v1/+/+/+/+/input"
    with pytest.raises(TopicError, match="topic level 'share group': 'a/b' contains '/'"):
        topic_filter(share="a/b")
    with pytest.raises(TopicError, match="topic level 'node': 'x#' contains '#'"):
        topic_filter(node="x#")
    with pytest.raises(TopicError, match="topic level 'tenant': '#' contains '#'"):
        topic_filter(tenant="#")


T = "uidi/v1/acme/toronto/dog-park/n1/input"


@pytest.mark.parametrize(
    ("pattern", "topic", "expected"),
    [
        ("uidi/v1/+/+/+/+/+", T, True),
        ("uidi/v1/acme/+/+/+/input", T, True),
        ("uidi/v1/acme/+/+/+/state", T, False),
        ("uidi/v1/other/+/+/+/input", T, False),
        ("uidi/v1/#", T, True),
        ("#", T, True),
        ("uidi/v1/acme/toronto/dog-park/n1/input/#", T, True),  # '#' matches the parent level
        ("uidi/v1/+/+/+/+", T, False),
        ("uidi/v1/+/+/+/+/+/+", T, False),
        ("$share/ingest/uidi/v1/+/+/+/+/input", T, True),
        ("$share/ingest/uidi/v1/+/+/+/+/state", T, False),
        ("+/v1/#", "$SYS/v1/x", False),  # wildcards never match '$' topics at the first level
        ("$SYS/#", "$SYS/broker/load", True),
        ("uidi/v1/+/+/+/+/+", "uidi/v1/a/b/c/+/input", False),
    ],
)
def test_matching(pattern: str, topic: str, expected: bool) -> None:
    assert matches(pattern, topic) is expected


@pytest.mark.parametrize(
    ("pattern", "text"),
    [
        ("uidi/#/input", "uses '#' other than as the whole last level"),
        ("uidi/v1/a#", "uses '#' other than as the whole last level"),
        ("uidi/v1/a+/b", "uses '+' inside level 'a+'"),
        ("$share/uidi", "is not '$share/{group}/{filter}'"),
        ("$share//uidi/#", "is not '$share/{group}/{filter}'"),
        ("$share/a+b/uidi/#", "topic level 'share group': 'a+b' contains '+'"),
    ],
)
def test_bad_filters(pattern: str, text: str) -> None:
    with pytest.raises(TopicError) as caught:
        matches(pattern, T)
    assert text in str(caught.value)


@pytest.mark.parametrize(
    ("text", "slug"),
    [
        ("fruit and vegetable store", "fruit-and-vegetable-store"),
        ("Fruit & Vegetable Store", "fruit-and-vegetable-store"),
        ("Café Olé", "cafe-ole"),
        ("  dog park!! ", "dog-park"),
        ("EV charging / level 2", "ev-charging-level-2"),
        ("a" * 100, "a" * 64),
    ],
)
def test_slugify(text: str, slug: str) -> None:
    assert slugify(text) == slug


def test_slugify_without_letters() -> None:
    with pytest.raises(TopicError, match="slugify: '!!!' has no letters or digits"):
        slugify("!!!")
