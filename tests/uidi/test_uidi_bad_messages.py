"""Table of bad messages, each with the error class and the text it must produce."""

from __future__ import annotations

import json
from typing import Any

import cbor2
import pytest

import uidi
from uidi import BINARY_MAGIC, CodecError, UidiError, UnitError, ValidationFailed

NOW = 1_764_000_000_000


def env(kind: str = "input", body: Any = None, **fields: Any) -> bytes:
    """A JSON envelope; fields set to ``...`` are left out."""
    envelope: dict[str, Any] = {"v": 1, "kind": kind, "node": "n-1", "ts": NOW, "seq": 7}
    if body is None:
        body = {"metrics": [{"name": "temperature_c", "value": 21.5, "unit": "°C"}]}
    envelope["body"] = body
    envelope.update(fields)
    envelope = {k: v for k, v in envelope.items() if v is not ...}
    return json.dumps(envelope, ensure_ascii=False).encode()


def metric(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {"name": "x", "value": 1}
    base.update(fields)
    return base


BIRTH = {
    "lifecycle": "online",
    "birth": True,
    "description": {
        "name": "Dog park",
        "service": "dog-park",
        "location": {"type": "Point", "coordinates": [-79.38, 43.65]},
    },
}


def birth(**description: Any) -> dict[str, Any]:
    return {**BIRTH, "description": {**BIRTH["description"], **description}}


def binary(array: Any) -> bytes:
    return bytes([BINARY_MAGIC]) + cbor2.dumps(array)


BAD: list[tuple[str, bytes, type[UidiError], str]] = [
    ("oversized", env(body={"metrics": [metric(value="x" * 999, name=f"m{i}") for i in range(70)]}),
     CodecError, "payload: payload is 7"),
    ("not json", b"hello", CodecError, "payload: payload is not JSON"),
    ("empty", b"", CodecError, "payload: payload is not JSON"),
    ("invalid utf-8", b'{"v":1,"node":"\xff\xfe"}', CodecError, "payload: payload is not JSON"),
    ("NaN", env(body={"metrics": [metric(value=float("nan"))]}), CodecError,
     "payload: payload is not JSON"),
    ("Infinity", b'{"v":1,"kind":"input","node":"n","ts":1764000000000,"seq":1,"body":'
     b'{"metrics":[{"name":"x","value":Infinity}]}}', CodecError, "payload is not JSON"),
    ("huge float", b'{"v":1,"kind":"input","node":"n","ts":1764000000000,"seq":1,"body":'
     b'{"metrics":[{"name":"x","value":1e400}]}}', ValidationFailed,
     "body.metrics[0].value: inf is not a finite number"),
    ("huge int", env(body={"metrics": [metric(value=10**30)]}), ValidationFailed,
     "body.metrics[0].value: integer 1000000000000000000000000000000 is outside -2**63..2**64-1"),
    ("too deep", b'{"v":1,"kind":"input","node":"n","ts":1764000000000,"seq":1,"body":'
     + b"[" * 500 + b"]" * 500 + b"}", CodecError, "recursion limit exceeded"),
    ("list payload", b"[1, 2]", CodecError, "payload: payload is a list, not an envelope object"),
    ("bad version", env(v=2), ValidationFailed,
     "v: protocol version 2 is not supported; this library speaks version 1"),
    ("version as text", env(v="1"), ValidationFailed, "v: protocol version '1' is not supported"),
    ("version as bool", env(v=True), ValidationFailed, "v: protocol version True is not supported"),
    ("unknown kind", env(kind="telemetry"), ValidationFailed,
     "kind: 'telemetry' is not a UIDI kind (expected one of input, output, setting, command, "
     "state)"),
    ("kind not text", env(kind=3), ValidationFailed, "kind: 3 is not a UIDI kind"),
    ("missing ts", env(ts=...), ValidationFailed, "ts: required envelope field is missing"),
    ("missing body", env(body=...) if False else b'{"v":1,"kind":"input","node":"n","ts":1,'
     b'"seq":1}', ValidationFailed, "body: required envelope field is missing"),
    ("unknown envelope field", env(colour="red"), ValidationFailed,
     "colour: unknown envelope field; an envelope has exactly v, kind, node, ts, seq, body"),
    ("ts as text", env(ts=str(NOW)), ValidationFailed,
     "ts: Input should be a valid integer, got '1764000000000'"),
    ("ts as float", env(ts=NOW + 0.5), ValidationFailed, "ts: Input should be a valid integer"),
    ("ts in seconds", env(ts=NOW // 1000), ValidationFailed,
     "ts: timestamp 1764000000 is before 2000-01-01 (seconds? ts is in milliseconds)"),
    ("ts far future", env(ts=NOW + 3_600_000), ValidationFailed,
     "ts: timestamp 1764003600000 (2025-11-24T17:00:00+00:00) is 1.0 hours ahead of the "
     "receiver's clock; the limit is 300000 ms (check the device clock)"),
    ("ts beyond datetime", env(ts=2**53), ValidationFailed,
     "ts: timestamp 9007199254740992 (after the year 9999) is 285,365.0 years ahead"),
    ("ts huge", env(ts=10**30), ValidationFailed,
     "ts: Input should be less than or equal to 9007199254740992"),
    ("seq negative", env(seq=-1), ValidationFailed,
     "seq: Input should be greater than or equal to 0, got -1"),
    ("seq bool", env(seq=True), ValidationFailed, "seq: Input should be a valid integer"),
    ("node wildcard", env(node="a+b"), ValidationFailed,
     "node: 'a+b' contains '+', which MQTT reserves for wildcards"),
    ("node hash", env(node="a#"), ValidationFailed,
     "node: 'a#' contains '#', which MQTT reserves for wildcards"),
    ("node slash", env(node="a/b"), ValidationFailed,
     "node: 'a/b' contains '/', which separates topic levels"),
    ("node dollar", env(node="$SYS"), ValidationFailed,
     "node: '$SYS' contains '$', which MQTT reserves for broker topics"),
    ("node empty", env(node=""), ValidationFailed, "node: is empty"),
    ("node too long", env(node="n" * 65), ValidationFailed,
     "is 65 characters long; the limit is 64"),
    ("node space", env(node="my node"), ValidationFailed,
     "node: 'my node' contains ' ' at position 2, which is not URL-safe"),
    ("node number", env(node=5), ValidationFailed, "node: 5 is not a string"),
    ("body list", env(body=[1]), ValidationFailed, "body: body must be an object, got [1]"),
    ("body has node", env(body={"node": "x", "metrics": []}), ValidationFailed,
     "body.node: 'node' belongs to the envelope, not the body"),
    ("unknown body field", env(body={"metrics": [metric()], "colour": "red"}), ValidationFailed,
     "body.colour: unknown field (value 'red'); UIDI v1 does not define it"),
    ("missing metrics", env(body={}), ValidationFailed, "body.metrics: required field is missing"),
    ("empty metrics", env(body={"metrics": []}), ValidationFailed,
     "body.metrics: Tuple should have at least 1 item"),
    ("duplicate metric", env(body={"metrics": [metric(), metric()]}), ValidationFailed,
     "body.metrics: metric 'x' appears more than once"),
    ("unknown unit", env(body={"metrics": [metric(name="a", unit="V"), metric(name="b", unit="°C"),
                                           metric(name="c", unit="blarg")]}),
     UnitError, "body.metrics[2].unit: unit 'blarg' is not a unit pint knows"),
    ("unit with odd characters", env(body={"metrics": [metric(unit="V!")]}), UnitError,
     "body.metrics[0].unit: unit 'V!' contains '!', which no unit spelling uses"),
    ("unit not text", env(body={"metrics": [metric(unit=5)]}), ValidationFailed,
     "body.metrics[0].unit: Input should be a valid string, got 5"),
    ("value list", env(body={"metrics": [metric(value=[1, 2])]}), ValidationFailed,
     "body.metrics[0].value: [1, 2] (list) is not a number, boolean or string"),
    ("value null", env(body={"metrics": [metric(value=None)]}), ValidationFailed,
     "body.metrics[0].value: None (NoneType) is not a number, boolean or string"),
    ("metric name", env(body={"metrics": [metric(name="Temp C")]}), ValidationFailed,
     "body.metrics[0].name: 'Temp C' is not a name"),
    ("quality", env(body={"metrics": [metric(quality="great")]}), ValidationFailed,
     "body.metrics[0].quality: Input should be 'good', 'uncertain' or 'bad', got 'great'"),
    ("birth without description", env("state", {"lifecycle": "online", "birth": True}),
     ValidationFailed, "body: a birth must carry a description"),
    ("birth offline", env("state", {**BIRTH, "lifecycle": "offline"}), ValidationFailed,
     "body: a birth announces a live node, so lifecycle 'offline' must be 'online' or "
     "'maintenance'"),
    ("lifecycle", env("state", {"lifecycle": "asleep"}), ValidationFailed,
     "body.lifecycle: Input should be 'online', 'offline', 'lost' or 'maintenance', got 'asleep'"),
    ("latitude", env("state", birth(location={"type": "Point", "coordinates": [10, 95]})),
     ValidationFailed,
     "body.description.location.coordinates[1]: Input should be less than or equal to 90, got 95"),
    ("not a point", env("state", birth(location={"type": "Polygon", "coordinates": [1, 2]})),
     ValidationFailed, "body.description.location.type: Input should be 'Point'"),
    ("service slug", env("state", birth(service="dog park")), ValidationFailed,
     "body.description.service: 'dog park' contains ' ' at position 3"),
    ("birth as text", env("state", {**BIRTH, "birth": "yes"}), ValidationFailed,
     "body.birth: Input should be a valid boolean, got 'yes'"),
    ("command without id", env("command", {"name": "open"}), ValidationFailed,
     "body.command_id: required field is missing"),
    ("command arg list", env("command", {"command_id": "c1", "name": "open", "args": {"a": [1]}}),
     ValidationFailed, "body.args.a: [1] (list) is not a number, boolean or string"),
    ("status without command", env("output", {"status": "ok"}), ValidationFailed,
     "body: status 'ok' answers a command, so command_id is required"),
    ("empty output", env("output", {}), ValidationFailed,
     "body: an output carries metrics, a command status, or both; it has none"),
    ("status", env("output", {"command_id": "c", "status": "done"}), ValidationFailed,
     "body.status: Input should be 'ok', 'error' or 'rejected', got 'done'"),
    ("empty setting", env("setting", {"values": {}}), ValidationFailed,
     "body.values: Dictionary should have at least 1 item"),
    ("binary magic only", bytes([BINARY_MAGIC]), CodecError,
     "payload: payload is not CBOR after the magic byte"),
    ("binary not array", binary({"v": 1}), CodecError,
     "payload: binary envelope must be a 6-item array [v, kind, node, ts, seq, body]"),
    ("binary trailing", binary([1, 0, "n", NOW, 1, {"m": [{"n": "x", "v": 1}]}]) + b"\x00",
     CodecError, "payload: 1 bytes follow the CBOR value"),
    ("binary version", binary([2, 0, "n", NOW, 1, {}]), ValidationFailed,
     "v: protocol version 2 is not supported"),
    ("binary kind", binary([1, 9, "n", NOW, 1, {}]), ValidationFailed,
     "kind: 9 is not a kind index 0..4 (input, output, setting, command, state)"),
    ("binary body not a map", binary([1, 0, "n", NOW, 1, [1]]), ValidationFailed,
     "body: expected a map, got [1]"),
    ("binary metrics not a list", binary([1, 0, "n", NOW, 1, {"m": {"n": "x"}}]),
     ValidationFailed, "body.metrics: expected a list, got {'n': 'x'}"),
    ("binary description not a map", binary([1, 4, "n", NOW, 1, {"l": 0, "b": True, "d": 5}]),
     ValidationFailed, "body.description: expected a map, got 5"),
    ("binary bad point", binary([1, 4, "n", NOW, 1, {"l": 0, "b": True,
                                                     "d": {"n": "x", "s": "s", "g": [1, 200]}}]),
     ValidationFailed,
     "body.description.location.coordinates[1]: Input should be less than or equal to 90"),
    ("binary unknown key", binary([1, 0, "n", NOW, 1, {"z": 1}]), ValidationFailed,
     "body: unknown binary key 'z' (known: m=metrics)"),
    ("binary enum", binary([1, 0, "n", NOW, 1, {"m": [{"n": "x", "v": 1, "q": 7}]}]),
     ValidationFailed, "body.metrics[0].quality: 7 is not an index 0..2 into good, uncertain, bad"),
    ("binary bytes value", binary([1, 0, "n", NOW, 1, {"m": [{"n": "x", "v": b"\x01"}]}]),
     CodecError, "body.metrics[0].value: CBOR value of type bytes has no place in a UIDI message"),
    ("binary NaN", binary([1, 0, "n", NOW, 1, {"m": [{"n": "x", "v": float("nan")}]}]),
     CodecError, "body.metrics[0].value: nan is not a finite number"),
    ("binary tag", binary([1, 0, "n", cbor2.CBORTag(1, NOW // 1000), 1, {}]), CodecError,
     "ts: CBOR value of type datetime has no place in a UIDI message"),
    ("binary int key", binary([1, 0, "n", NOW, 1, {1: 2}]), ValidationFailed,
     "body: unknown binary key 1 (known: m=metrics)"),
    ("binary int key inside", binary([1, 2, "n", NOW, 1, {"x": {1: 2}}]), CodecError,
     "body.values: map key 1 is not a string"),
    # Setting whose values map contains itself (CBOR shared references, tags 28/29).
    ("binary cycle", bytes([BINARY_MAGIC]) + bytes.fromhex("860102616e1b0000019ab697e80001")
     + bytes.fromhex("a16178d81ca16161d81d00"), CodecError,
     ".a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a: nested deeper than 32 levels"),
    ("binary unit", binary([1, 0, "n", NOW, 1, {"m": [{"n": "x", "v": 1, "u": "blarg"}]}]),
     UnitError, "body.metrics[0].unit: unit 'blarg' is not a unit pint knows"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("payload", "error", "text"),
    [pytest.param(p, e, t, id=name) for name, p, e, t in BAD],
)
def test_bad_message_is_rejected_with_its_text(
    payload: bytes, error: type[UidiError], text: str
) -> None:
    with pytest.raises(error) as caught:
        uidi.decode(payload, now_ms=NOW)
    assert text in str(caught.value)
    assert caught.value.rule
    assert caught.value.where or caught.value.problems[0].where


def test_every_problem_is_reported_with_its_path() -> None:
    payload = env(node="a+b", seq=-1, body={"metrics": [metric(value=[1], unit="blarg")]})
    with pytest.raises(UnitError) as caught:
        uidi.decode(payload, now_ms=NOW)
    places = [p.where for p in caught.value.problems]
    assert places == ["node", "seq", "body.metrics[0].value", "body.metrics[0].unit"]
    assert caught.value.where == "node"
    assert caught.value.rule == "slug.wildcard"
    assert caught.value.value == "a+b"


def test_errors_are_value_errors_and_one_family() -> None:
    for cls in (uidi.TopicError, CodecError, ValidationFailed, UnitError):
        assert issubclass(cls, UidiError)
    assert issubclass(UnitError, ValidationFailed)
    assert issubclass(UidiError, ValueError)


def test_future_check_is_configurable() -> None:
    payload = env(ts=NOW + 3_600_000)
    assert uidi.decode(payload, now_ms=NOW, max_future_ms=None).ts == NOW + 3_600_000
    assert uidi.decode(payload, now_ms=NOW, max_future_ms=3_600_000).ts == NOW + 3_600_000
    with pytest.raises(ValidationFailed, match="limit is 3599999 ms"):
        uidi.decode(payload, now_ms=NOW, max_future_ms=3_599_999)


def test_future_check_uses_the_clock_by_default() -> None:
    import time

    now = time.time_ns() // 1_000_000
    uidi.decode(env(ts=now))
    with pytest.raises(ValidationFailed, match="ahead of the receiver's clock"):
        uidi.decode(env(ts=now + 86_400_000))


def test_payload_limit_is_configurable_and_applies_to_encoders() -> None:
    payload = env()
    with pytest.raises(CodecError, match=rf"payload is {len(payload)} bytes; the limit is 100"):
        uidi.decode(payload, now_ms=NOW, max_bytes=100)
    message = uidi.decode(payload, now_ms=NOW)
    with pytest.raises(CodecError, match="the limit is 10"):
        uidi.encode_json(message, max_bytes=10)
    with pytest.raises(CodecError, match="the limit is 10"):
        uidi.encode_binary(message, max_bytes=10)
    assert uidi.MAX_PAYLOAD_BYTES == 65536


def test_non_bytes_payload_is_a_codec_error() -> None:
    with pytest.raises(CodecError, match="payload is a int, not bytes or str"):
        uidi.decode(5)  # type: ignore[arg-type]
    with pytest.raises(CodecError, match="binary payload given as str"):
        uidi.decode_binary("abc")  # type: ignore[arg-type]
    with pytest.raises(CodecError, match="must start with byte 0xD5, got 7b"):
        uidi.decode_binary(b"{}")


def test_str_bytearray_and_memoryview_payloads_decode() -> None:
    payload = env()
    expected = uidi.decode(payload, now_ms=NOW)
    assert uidi.decode(payload.decode(), now_ms=NOW) == expected
    assert uidi.decode(bytearray(payload), now_ms=NOW) == expected
    assert uidi.decode(memoryview(payload), now_ms=NOW) == expected
    packed = uidi.encode_binary(expected)
    assert uidi.decode(memoryview(packed), now_ms=NOW) == expected


def test_topic_must_agree_with_payload() -> None:
    topic = "uidi/v1/acme/toronto/dog-park/n-1/input"
    assert uidi.decode(env(), now_ms=NOW, topic=topic).node == "n-1"
    with pytest.raises(ValidationFailed, match="payload node 'n-1' does not match topic level"):
        uidi.decode(env(), now_ms=NOW, topic=topic.replace("n-1", "n-2"))
    with pytest.raises(ValidationFailed, match="payload kind 'input' does not match"):
        uidi.decode(env(), now_ms=NOW, topic=topic.replace("input", "output"))
    state_topic = uidi.parse_topic(topic).with_kind("state")
    uidi.decode(env("state", BIRTH), now_ms=NOW, topic=state_topic)
    with pytest.raises(ValidationFailed, match="birth service 'dog-park' does not match"):
        uidi.decode(
            env("state", BIRTH), now_ms=NOW, topic=str(state_topic).replace("dog-park", "zoo")
        )
    with pytest.raises(uidi.TopicError, match="topic level 'node'"):
        uidi.decode(env(), now_ms=NOW, topic="uidi/v1/a/b/c/d+/input")


def test_unencodable_text_is_a_codec_error() -> None:
    message = uidi.Input(node="n", ts=NOW, seq=0, metrics=({"name": "x", "value": "\ud800"},))  # type: ignore[arg-type]
    with pytest.raises(CodecError, match="message: message cannot be encoded"):
        uidi.encode_json(message)
    with pytest.raises(CodecError, match="message: message cannot be encoded"):
        uidi.encode_binary(message)
