"""The topic scheme ``uidi/v1/{tenant}/{region}/{service}/{node}/{kind}``: build, parse, match.

One topic level per field, so that broker ACLs, wildcards and shared subscriptions
(``$share/{group}/uidi/v1/...``) work on the broker without reading payloads.
"""

from __future__ import annotations

from dataclasses import dataclass

from uidi._errors import TopicError, shorten
from uidi._models import Kind
from uidi._slugs import slug_problem

__all__ = [
    "LEVELS",
    "TOPIC_PREFIX",
    "Topic",
    "build_topic",
    "parse_topic",
    "topic_filter",
    "topic_matches",
]

TOPIC_PREFIX = ("uidi", "v1")
#: Names of the variable topic levels, in order.
LEVELS = ("tenant", "region", "service", "node", "kind")
_KINDS = ", ".join(k.value for k in Kind)
#: Brokers (and the MQTT spec) cap topics at 65535 bytes; ours are far shorter by construction.
MAX_TOPIC_LENGTH = 1024


def _check_level(level: str, value: object) -> str:
    problem = slug_problem(value)
    if problem is not None:
        rule, text = problem
        raise TopicError(text, rule=rule, value=value, where=f"topic level {level!r}")
    assert isinstance(value, str)
    return value


def _check_kind(value: object) -> Kind:
    if isinstance(value, Kind):
        return value
    try:
        return Kind(value)  # type: ignore[arg-type]  # anything else raises, as wanted
    except (ValueError, TypeError):
        raise TopicError(
            f"{shorten(value)} is not a UIDI kind (expected one of {_KINDS})",
            rule="topic.kind",
            value=value,
            where="topic level 'kind'",
        ) from None


@dataclass(frozen=True, slots=True)
class Topic:
    """A parsed topic; ``str(topic)`` gives the topic string back."""

    tenant: str
    region: str
    service: str
    node: str
    kind: Kind

    def __str__(self) -> str:
        return "/".join(
            (*TOPIC_PREFIX, self.tenant, self.region, self.service, self.node, self.kind)
        )

    def with_kind(self, kind: Kind | str) -> Topic:
        """The same node's topic for another kind (e.g. the ``command`` topic beside ``input``)."""
        return Topic(self.tenant, self.region, self.service, self.node, _check_kind(kind))


def build_topic(tenant: str, region: str, service: str, node: str, kind: Kind | str) -> str:
    """Return ``uidi/v1/{tenant}/{region}/{service}/{node}/{kind}``, checking every level."""
    levels = [
        _check_level(name, value)
        for name, value in zip(LEVELS[:4], (tenant, region, service, node), strict=True)
    ]
    return "/".join((*TOPIC_PREFIX, *levels, _check_kind(kind).value))


def parse_topic(topic: str) -> Topic:
    """Parse a concrete topic (no wildcards); raise :class:`TopicError` naming the bad level."""
    if not isinstance(topic, str):
        raise TopicError(
            f"{shorten(topic)} is not a string", rule="topic.type", value=topic, where="topic"
        )
    if len(topic) > MAX_TOPIC_LENGTH:
        raise TopicError(
            f"topic is {len(topic)} characters long; the limit is {MAX_TOPIC_LENGTH}",
            rule="topic.too_long",
            value=topic,
            where="topic",
        )
    parts = topic.split("/")
    expected = len(TOPIC_PREFIX) + len(LEVELS)
    if len(parts) != expected:
        raise TopicError(
            f"{shorten(topic)} has {len(parts)} levels; a UIDI topic has {expected}: "
            "uidi/v1/{tenant}/{region}/{service}/{node}/{kind}",
            rule="topic.levels",
            value=topic,
            where="topic",
        )
    if parts[0] != TOPIC_PREFIX[0]:
        raise TopicError(
            f"{shorten(parts[0])} is not 'uidi'",
            rule="topic.prefix",
            value=parts[0],
            where="topic level 'prefix'",
        )
    if parts[1] != TOPIC_PREFIX[1]:
        raise TopicError(
            f"{shorten(parts[1])} is not a protocol version this library speaks (expected 'v1')",
            rule="topic.version",
            value=parts[1],
            where="topic level 'version'",
        )
    tenant, region, service, node = (
        _check_level(name, value) for name, value in zip(LEVELS[:4], parts[2:6], strict=True)
    )
    return Topic(tenant, region, service, node, _check_kind(parts[6]))


def topic_filter(
    tenant: str = "+",
    region: str = "+",
    service: str = "+",
    node: str = "+",
    kind: Kind | str = "+",
    share: str | None = None,
) -> str:
    """Return a subscription filter; ``"+"`` matches any value of a level, ``"#"`` (as ``kind``
    only) anything below. ``share="ingest"`` gives a shared subscription
    ``$share/ingest/uidi/v1/...`` that the broker load-balances over the group's members.
    """
    levels: list[str] = []
    for name, value in zip(LEVELS[:4], (tenant, region, service, node), strict=True):
        levels.append(value if value == "+" else _check_level(name, value))
    if kind in ("+", "#"):
        levels.append(str(kind))
    else:
        levels.append(_check_kind(kind).value)
    text = "/".join((*TOPIC_PREFIX, *levels))
    if share is not None:
        _check_level("share group", share)
        text = f"$share/{share}/{text}"
    return text


def _split_filter(topic_filter: str) -> list[str]:
    parts = topic_filter.split("/")
    if parts[0] == "$share":
        if len(parts) < 3 or not parts[1]:
            raise TopicError(
                f"{shorten(topic_filter)} is not '$share/{{group}}/{{filter}}'",
                rule="filter.share",
                value=topic_filter,
                where="topic filter",
            )
        _check_level("share group", parts[1])
        parts = parts[2:]
    for index, part in enumerate(parts):
        if "#" in part and (part != "#" or index != len(parts) - 1):
            raise TopicError(
                f"{shorten(topic_filter)} uses '#' other than as the whole last level",
                rule="filter.hash",
                value=topic_filter,
                where="topic filter",
            )
        if "+" in part and part != "+":
            raise TopicError(
                f"{shorten(topic_filter)} uses '+' inside level {part!r}; '+' must fill a level",
                rule="filter.plus",
                value=topic_filter,
                where="topic filter",
            )
    return parts


def topic_matches(topic_filter: str, topic: str) -> bool:
    """True when *topic* matches *topic_filter* under MQTT rules (``$share/group/`` is ignored).

    Raises :class:`TopicError` for a malformed filter (``+`` or ``#`` inside a level, ``#`` not
    last); wildcards in the topic itself never match.
    """
    pattern = _split_filter(topic_filter)
    if "+" in topic or "#" in topic:
        return False
    levels = topic.split("/")
    # MQTT: wildcards at the first level do not match topics starting with '$'.
    if levels[0].startswith("$") and pattern[0] in ("+", "#"):
        return False
    for index, part in enumerate(pattern):
        if part == "#":
            return True  # '#' also matches the parent level itself ("a/#" matches "a")
        if index >= len(levels):
            return False
        if part != "+" and part != levels[index]:
            return False
    return len(levels) == len(pattern)
