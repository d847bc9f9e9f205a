"""Property tests: round trips through both codecs, topic round trips, and decoder fuzzing."""

from __future__ import annotations

import json
import string
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import uidi
from uidi import (
    BINARY_MAGIC,
    Command,
    DeviceRef,
    GeoPoint,
    Input,
    Lifecycle,
    Metric,
    NodeDescription,
    Output,
    Quality,
    Setting,
    State,
    UidiError,
)

NOW = 1_764_000_000_000
FUZZ = settings(
    max_examples=10_000,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# Plain alphabets rather than st.from_regex: the same sets, generated far faster.
_ALNUM = string.ascii_letters + string.digits
slugs = st.text(_ALNUM + "._~-", min_size=1, max_size=24).filter(lambda s: s not in (".", ".."))
names = st.builds(
    str.__add__,
    st.sampled_from(string.ascii_letters + "_"),
    st.text(_ALNUM + "_.-", max_size=20),
)
texts = st.text(max_size=30)
numbers = st.one_of(
    st.integers(min_value=-(2**63), max_value=2**64 - 1),
    st.floats(min_value=-1e15, max_value=1e15, allow_nan=False),
)
scalars = st.one_of(st.booleans(), numbers, texts)
units = st.sampled_from(
    [None, "", "°C", "%RH", "%", "kPa", "V", "mA", "µA", "L/min", "dB", "ppm", "W", "kΩ", "min",
     "count", "m/s²", "lux", "°F"]
)  # fmt: skip
json_values: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**63), max_value=2**63)
    | st.floats(allow_nan=False, allow_infinity=False)
    | texts,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
    max_leaves=12,
)
metrics = st.builds(
    Metric,
    name=names,
    value=scalars,
    unit=units,
    quality=st.none() | st.sampled_from(Quality),
)
metric_tuples = st.lists(metrics, min_size=1, max_size=5, unique_by=lambda m: m.name).map(tuple)
envelope = {
    "node": slugs,
    "ts": st.integers(min_value=uidi._models.MIN_TS, max_value=2**53),
    "seq": st.integers(min_value=0, max_value=2**63 - 1),
}
scalar_maps = st.dictionaries(names, scalars, max_size=4)
descriptions = st.builds(
    NodeDescription,
    name=st.text(min_size=1, max_size=40),
    service=slugs,
    location=st.builds(
        GeoPoint.at,
        st.floats(min_value=-180, max_value=180),
        st.floats(min_value=-90, max_value=90),
    ),
    attributes=st.dictionaries(st.text(min_size=1, max_size=10), json_values, max_size=4),
    devices=st.lists(
        st.builds(
            DeviceRef,
            model=st.text(min_size=1, max_size=20),
            role=st.none() | st.text(min_size=1, max_size=10),
            metrics=st.lists(names, max_size=3).map(tuple),
        ),
        max_size=3,
    ).map(tuple),
)
inputs = st.builds(Input, metrics=metric_tuples, **envelope)
outputs = st.one_of(
    st.builds(Output, metrics=metric_tuples, **envelope),
    st.builds(
        Output,
        metrics=st.just(()) | metric_tuples,
        command_id=slugs,
        status=st.sampled_from(["ok", "error", "rejected"]),
        **envelope,
    ),
)
settings_msgs = st.builds(
    Setting,
    values=st.dictionaries(names, scalars, min_size=1, max_size=4),
    setting_id=st.none() | slugs,
    **envelope,
)
commands = st.builds(Command, command_id=slugs, name=names, args=scalar_maps, **envelope)
states = st.one_of(
    st.builds(
        State,
        lifecycle=st.sampled_from(Lifecycle),
        keepalive_s=st.none() | st.integers(min_value=1, max_value=86_400),
        reason=st.none() | texts,
        **envelope,
    ),
    st.builds(
        State,
        lifecycle=st.sampled_from([Lifecycle.ONLINE, Lifecycle.MAINTENANCE]),
        birth=st.just(True),
        description=descriptions,
        keepalive_s=st.none() | st.integers(min_value=1, max_value=86_400),
        **envelope,
    ),
)
messages = st.one_of(inputs, outputs, settings_msgs, commands, states)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(messages)
def test_every_message_round_trips_through_json(message: uidi.Message) -> None:
    data = uidi.encode_json(message)
    assert data[:1] == b"{"
    assert uidi.decode_json(data, max_future_ms=None) == message
    assert uidi.decode(data, max_future_ms=None) == message


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(messages)
def test_every_message_round_trips_through_binary(message: uidi.Message) -> None:
    data = uidi.encode_binary(message)
    assert data[0] == BINARY_MAGIC
    decoded = uidi.decode_binary(data, max_future_ms=None)
    assert decoded == message
    assert type(decoded) is type(message)
    assert uidi.decode(data, max_future_ms=None) == message


@settings(max_examples=150, deadline=None)
@given(messages)
def test_model_dump_validates_back(message: uidi.Message) -> None:
    assert type(message).model_validate(message.model_dump()) == message
    assert uidi.from_envelope(uidi.to_envelope(message), max_future_ms=None) == message


@settings(max_examples=100, deadline=None)
@given(inputs)
def test_binary_is_smaller_than_json(message: Input) -> None:
    assert len(uidi.encode_binary(message)) < len(uidi.encode_json(message))


@settings(max_examples=300, deadline=None)
@given(slugs, slugs, slugs, slugs, st.sampled_from(uidi.Kind))
def test_topic_build_parse_round_trip(
    tenant: str, region: str, service: str, node: str, kind: uidi.Kind
) -> None:
    text = uidi.build_topic(tenant, region, service, node, kind)
    topic = uidi.parse_topic(text)
    assert (topic.tenant, topic.region, topic.service, topic.node, topic.kind) == (
        tenant, region, service, node, kind,
    )  # fmt: skip
    assert str(topic) == text
    assert uidi.topic_matches(uidi.topic_filter(), text)
    assert uidi.topic_matches(uidi.topic_filter(tenant=tenant, kind=kind, share="g"), text)
    assert uidi.topic_matches(uidi.topic_filter(node=node, kind="#"), text)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_slugify_yields_valid_slugs_or_topic_error(text: str) -> None:
    try:
        slug = uidi.slugify(text)
    except uidi.TopicError:
        assert not any(c.isascii() and c.isalnum() for c in text)
        return
    assert uidi._slugs.slug_problem(slug) is None
    assert uidi.slugify(slug) == slug


def _decode_any(data: bytes) -> None:
    try:
        message = uidi.decode(data, now_ms=NOW)
    except UidiError:
        return
    # Whatever got through must be a valid message that encodes again.
    uidi.encode_json(message)
    uidi.encode_binary(message)


@FUZZ
@given(st.booleans(), st.binary(max_size=300))
def test_no_byte_string_makes_decode_raise_anything_but_uidi_error(
    magic: bool, data: bytes
) -> None:
    # Half the examples carry the magic byte, so both decoders see about 5,000 each.
    _decode_any(bytes([BINARY_MAGIC]) + data if magic else data)


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(messages, st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 255)), max_size=4),
       st.integers(0, 10_000), st.booleans())  # fmt: skip
def test_mutated_payloads_raise_only_uidi_errors(
    message: uidi.Message, flips: list[tuple[int, int]], cut: int, binary: bool
) -> None:
    data = bytearray(uidi.encode_binary(message) if binary else uidi.encode_json(message))
    for position, byte in flips:
        data[position % len(data)] = byte
    if cut % 3 == 0:
        del data[cut % len(data) :]
    _decode_any(bytes(data))


_VALID = {
    "v": 1,
    "kind": "input",
    "node": "n-1",
    "ts": NOW,
    "seq": 1,
    "body": {"metrics": [{"name": "t", "value": 1.5, "unit": "°C"}]},
}
_PATHS = [
    ("v",), ("kind",), ("node",), ("ts",), ("seq",), ("body",), ("body", "metrics"),
    ("body", "metrics", 0), ("body", "metrics", 0, "name"), ("body", "metrics", 0, "value"),
    ("body", "metrics", 0, "unit"), ("body", "extra"), ("body", "description"),
]  # fmt: skip


@settings(max_examples=500, deadline=None)
@given(st.sampled_from(_PATHS), json_values, st.sampled_from(list(uidi.Kind)))
def test_mutated_envelopes_raise_only_uidi_errors(
    path: tuple[str | int, ...], value: Any, kind: uidi.Kind
) -> None:
    envelope: Any = json.loads(json.dumps(_VALID))
    envelope["kind"] = kind.value
    target = envelope
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    data = json.dumps(envelope).encode()
    _decode_any(data)


@pytest.mark.parametrize(
    ("depth", "error"),
    [
        (1, None),
        (16, None),
        (
            17,
            "body.description.attributes: attribute 'a' is nested 17 levels deep; the limit is 16",
        ),
        (190, "body.description.attributes: attribute 'a' is nested"),
        (199, "payload: payload is not JSON: recursion limit exceeded"),
        (20_000, "payload: payload is not JSON: recursion limit exceeded"),
    ],
)
def test_deep_nesting_in_json(depth: int, error: str | None) -> None:
    attributes = "[" * depth + "]" * depth
    data = (
        '{"v":1,"kind":"state","node":"n","ts":1764000000000,"seq":1,"body":{"lifecycle":"online",'
        '"birth":true,"description":{"name":"x","service":"s","location":{"type":"Point",'
        f'"coordinates":[1,2]}},"attributes":{{"a":{attributes}}}}}}}}}'
    ).encode()
    if error is None:
        message = uidi.decode(data, now_ms=NOW)
        # What JSON accepts, binary carries too.
        assert uidi.decode(uidi.encode_binary(message), now_ms=NOW) == message
        return
    with pytest.raises(UidiError) as caught:
        uidi.decode(data, now_ms=NOW)
    assert error in str(caught.value)


@pytest.mark.parametrize(
    ("depth", "error"),
    [
        (16, None),
        (17, "body.description.attributes: attribute 'a' is nested 17 levels deep"),
        (40, "body.description.attributes.a[0][0][0]"),
        (500, "payload: payload is not CBOR after the magic byte"),
        (60_000, "payload: payload is not CBOR after the magic byte"),
    ],
)
def test_deep_nesting_in_binary(depth: int, error: str | None) -> None:
    import cbor2

    nested: Any = []
    for _ in range(min(depth, 400) - 1):
        nested = [nested]
    description = {"n": "x", "s": "s", "g": [1, 2], "a": {"a": nested}}
    data = bytes([BINARY_MAGIC]) + cbor2.dumps(
        [1, 4, "n", NOW, 1, {"l": 0, "b": True, "d": description}]
    )
    if depth > 400:
        data = bytes([BINARY_MAGIC]) + b"\x81" * depth + b"\x80"
    if error is None:
        uidi.decode(data, now_ms=NOW)
        return
    with pytest.raises(UidiError) as caught:
        uidi.decode(data, now_ms=NOW)
    assert error in str(caught.value)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(messages)
def test_encoded_json_conforms_to_the_exported_schema(message: uidi.Message) -> None:
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema checks the schema export")
    schema = _SCHEMAS.setdefault(message.kind.value, uidi.json_schema(message.kind))
    jsonschema.Draft202012Validator(schema).validate(json.loads(uidi.encode_json(message)))


_SCHEMAS: dict[str, dict[str, Any]] = {}


@pytest.mark.parametrize(
    "envelope",
    [
        {"v": 2, "kind": "input", "node": "n", "ts": NOW, "seq": 1, "body": {"metrics": []}},
        {"v": 1, "kind": "input", "node": "a+b", "ts": NOW, "seq": 1,
         "body": {"metrics": [{"name": "x", "value": 1}]}},
        {"v": 1, "kind": "input", "node": "n", "ts": NOW, "seq": 1,
         "body": {"metrics": [{"name": "x", "value": [1]}]}},
        {"v": 1, "kind": "input", "node": "n", "ts": NOW, "seq": -1,
         "body": {"metrics": [{"name": "x", "value": 1}]}},
        {"v": 1, "kind": "input", "node": "n", "ts": NOW, "seq": 1, "body": {}, "extra": 1},
    ],
)  # fmt: skip
def test_schema_rejects_what_the_decoder_rejects(envelope: dict[str, Any]) -> None:
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema checks the schema export")
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(envelope, uidi.json_schema("input"))
    with pytest.raises(UidiError):
        uidi.decode(json.dumps(envelope), now_ms=NOW)
