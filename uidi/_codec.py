"""Codecs: the JSON envelope and a compact CBOR encoding, with one validation path for both.

JSON (the default)::

    {"v": 1, "kind": "input", "node": "n-1", "ts": 1764000000000, "seq": 7,
     "body": {"metrics": [{"name": "temperature_c", "value": 21.5, "unit": "°C"}]}}

Binary: the byte :data:`BINARY_MAGIC` (0xD5, which can never start a JSON text) followed by one CBOR
array ``[v, kind_index, node, ts, seq, body]`` whose body maps use one-letter keys and small
integers for enumerations; SI fields are left out (validation recomputes them).
:func:`decode` sniffs the first byte. Both decoders go through the same envelope checks and
pydantic validation, and raise nothing but :class:`~uidi.UidiError` subclasses, whatever the bytes.
"""

from __future__ import annotations

import io
import logging
import math
import time
from datetime import UTC, datetime
from typing import Any, TypeAlias

import cbor2
import pydantic_core
from pydantic import ValidationError

from uidi._errors import CodecError, Problem, UidiError, UnitError, ValidationFailed, shorten
from uidi._models import (
    MAX_FUTURE_MS,
    MESSAGE_TYPES,
    MIN_TS,
    PROTOCOL_VERSION,
    Kind,
    Lifecycle,
    Message,
    Quality,
)
from uidi._topics import Topic, parse_topic

__all__ = [
    "BINARY_MAGIC",
    "MAX_PAYLOAD_BYTES",
    "decode",
    "decode_binary",
    "decode_json",
    "encode_binary",
    "encode_json",
    "from_envelope",
    "to_envelope",
    "translate_validation_error",
]

logger = logging.getLogger(__name__)

#: Largest payload accepted or produced by default (64 KiB).
MAX_PAYLOAD_BYTES = 64 * 1024
#: First byte of a binary payload; 0xD5 is not valid as the first byte of UTF-8 JSON text.
BINARY_MAGIC = 0xD5
#: Deepest nesting the binary decoder walks (JSON's parser stops at 200 on its own).
MAX_DEPTH = 32

_ENVELOPE_KEYS = ("v", "kind", "node", "ts", "seq", "body")
_ENVELOPE_SET = frozenset(_ENVELOPE_KEYS)
_TOP_FIELDS = frozenset({"node", "ts", "seq"})
_KIND_LIST = tuple(Kind)
_KINDS_TEXT = ", ".join(k.value for k in Kind)

Bytes: TypeAlias = bytes | bytearray | memoryview


# --------------------------------------------------------------------------- validation errors


def _path(loc: tuple[int | str, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def _problem_text(error: Any, path: str) -> str:
    kind = error["type"]
    value = error.get("input")
    if "text" in error.get("ctx", {}):
        return str(error["ctx"]["text"])
    if kind == "missing":
        return "required field is missing"
    if kind == "extra_forbidden":
        return f"unknown field (value {shorten(value)}); UIDI v1 does not define it"
    if path == "ts" and kind == "greater_than_equal" and isinstance(value, int):
        hint = " (seconds? ts is in milliseconds)" if value >= MIN_TS // 1000 else ""
        return f"timestamp {value} is before 2000-01-01{hint}; ts is UTC epoch milliseconds"
    return f"{error['msg']}, got {shorten(value)}"


def translate_validation_error(
    exc: ValidationError, *, envelope: bool = True, prefix: str = ""
) -> ValidationFailed:
    """Turn a pydantic ``ValidationError`` into :class:`ValidationFailed` (or :class:`UnitError`)
    whose problems name the field path as it appears on the wire (``body.metrics[2].unit``).
    """
    errors = exc.errors()
    locs = [tuple(e["loc"]) for e in errors]
    problems: list[Problem] = []
    for error, loc in zip(errors, locs, strict=True):
        # A tuple whose item failed also reports "too short"; the item's error says it all.
        if error["type"] == "too_short" and any(o[: len(loc)] == loc and o != loc for o in locs):
            continue
        path = _path(loc)
        if envelope and (not loc or loc[0] not in _TOP_FIELDS):
            path = f"body.{path}" if path else "body"
        if prefix:
            path = f"{prefix}.{path}" if path else prefix
        problems.append(
            Problem(
                where=path,
                rule=error["type"],
                value=error.get("input"),
                text=_problem_text(error, path),
            )
        )
    cls = UnitError if any(p.rule.startswith("unit.") for p in problems) else ValidationFailed
    return cls("", problems=tuple(problems))


# --------------------------------------------------------------------------- envelope


def _fail(where: str, rule: str, value: object, text: str) -> ValidationFailed:
    return ValidationFailed(text, rule=rule, value=value, where=where)


def _check_version(version: object) -> None:
    if type(version) is not int or version != PROTOCOL_VERSION:
        raise _fail(
            "v", "version", version,
            f"protocol version {shorten(version)} is not supported; this library speaks "
            f"version {PROTOCOL_VERSION}",
        )  # fmt: skip


def _check_keys(envelope: dict[Any, Any]) -> None:
    unknown = [k for k in envelope if k not in _ENVELOPE_SET]
    if unknown:
        raise _fail(
            str(unknown[0]), "envelope.unknown", unknown[0],
            f"unknown envelope field; an envelope has exactly {', '.join(_ENVELOPE_KEYS)}",
        )  # fmt: skip
    missing = [k for k in _ENVELOPE_KEYS if k not in envelope]
    raise _fail(missing[0], "missing", None, "required envelope field is missing")


def from_envelope(
    envelope: object,
    *,
    now_ms: int | None = None,
    max_future_ms: int | None = MAX_FUTURE_MS,
    topic: str | Topic | None = None,
) -> Message:
    """Validate a decoded envelope (``{"v", "kind", "node", "ts", "seq", "body"}``) into a message.

    ``max_future_ms=None`` disables the clock check; ``topic`` (when given) must agree with the
    payload's kind, node and, for a birth, service.
    """
    if not isinstance(envelope, dict):
        raise CodecError(
            f"payload is a {type(envelope).__name__}, not an envelope object",
            rule="envelope.type",
            value=envelope,
            where="payload",
        )
    if "v" in envelope:
        _check_version(envelope["v"])
    if len(envelope) != len(_ENVELOPE_KEYS) or not _ENVELOPE_SET.issuperset(envelope):
        _check_keys(envelope)
    kind_value = envelope["kind"]
    try:
        kind = Kind(kind_value)
    except (ValueError, TypeError):
        raise _fail(
            "kind", "kind.unknown", kind_value,
            f"{shorten(kind_value)} is not a UIDI kind (expected one of {_KINDS_TEXT})",
        ) from None  # fmt: skip
    body = envelope["body"]
    if not isinstance(body, dict):
        raise _fail("body", "body.type", body, f"body must be an object, got {shorten(body)}")
    clash = _TOP_FIELDS.intersection(body)
    if clash:
        name = sorted(clash)[0]
        raise _fail(f"body.{name}", "body.envelope_field", body[name],
                    f"{name!r} belongs to the envelope, not the body")  # fmt: skip
    flat = dict(body)
    flat["node"] = envelope["node"]
    flat["ts"] = envelope["ts"]
    flat["seq"] = envelope["seq"]
    cls = MESSAGE_TYPES[kind]
    try:
        message: Message = cls.model_validate(flat)
    except ValidationError as exc:
        raise translate_validation_error(exc) from None
    if max_future_ms is not None:
        now = time.time_ns() // 1_000_000 if now_ms is None else now_ms
        if message.ts > now + max_future_ms:
            ahead = message.ts - now
            stamp = _iso(message.ts)
            raise _fail(
                "ts", "ts.future", message.ts,
                f"timestamp {message.ts} ({stamp}) is {_human_ms(ahead)} ahead of the receiver's "
                f"clock; the limit is {max_future_ms} ms (check the device clock)",
            )  # fmt: skip
    if topic is not None:
        _check_topic(message, topic)
    return message


def _iso(ts: int) -> str:
    if ts >= _YEAR_10000_MS:  # datetime stops at 9999-12-31
        return "after the year 9999"
    return datetime.fromtimestamp(ts / 1000, UTC).isoformat(timespec="seconds")


_YEAR_10000_MS = 253_402_300_800_000


def _human_ms(ms: int) -> str:
    for unit, size in (
        ("years", 31_557_600_000),
        ("days", 86_400_000),
        ("hours", 3_600_000),
        ("minutes", 60_000),
    ):
        if ms >= size:
            return f"{ms / size:,.1f} {unit}"
    return f"{ms / 1000:.1f} s"


def _check_topic(message: Message, topic: str | Topic) -> None:
    parsed = parse_topic(topic) if isinstance(topic, str) else topic
    if parsed.kind != message.kind:
        raise _fail(
            "kind", "topic.kind_mismatch", message.kind.value,
            f"payload kind {message.kind.value!r} does not match topic level 'kind' "
            f"{parsed.kind.value!r}",
        )  # fmt: skip
    if parsed.node != message.node:
        raise _fail(
            "node", "topic.node_mismatch", message.node,
            f"payload node {message.node!r} does not match topic level 'node' {parsed.node!r}",
        )  # fmt: skip
    description = getattr(message, "description", None)
    if description is not None and description.service != parsed.service:
        raise _fail(
            "body.description.service", "topic.service_mismatch", description.service,
            f"birth service {description.service!r} does not match topic level 'service' "
            f"{parsed.service!r}",
        )  # fmt: skip


def to_envelope(message: Message) -> dict[str, Any]:
    """The JSON-ready envelope of *message* (``None`` fields left out)."""
    fields = message.model_dump(mode="json", exclude_none=True)
    envelope = {key: fields.pop(key) for key in _ENVELOPE_KEYS[:5]}
    envelope["body"] = fields
    return envelope


# --------------------------------------------------------------------------- JSON


def _check_size(data: Bytes | str, max_bytes: int) -> int:
    size = len(data)
    if isinstance(data, str) and size <= max_bytes:
        # Characters never outnumber UTF-8 bytes, so only a short enough str needs encoding.
        size = len(data.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise CodecError(
            f"payload is {size} bytes; the limit is {max_bytes}",
            rule="payload.too_large",
            value=size,
            where="payload",
        )
    return size


def _check_type(data: object) -> None:
    if not isinstance(data, bytes | bytearray | memoryview | str):
        raise CodecError(
            f"payload is a {type(data).__name__}, not bytes or str",
            rule="payload.type",
            value=data,
            where="payload",
        )


def _unencodable(exc: Exception) -> CodecError:
    # Only a message built in Python can get here: text with lone surrogates, which no UTF-8
    # payload can carry (the decoders never produce it).
    return CodecError(
        f"message cannot be encoded: {shorten(str(exc), 120)}",
        rule="encode.text",
        value=None,
        where="message",
    )


def encode_json(message: Message, *, max_bytes: int = MAX_PAYLOAD_BYTES) -> bytes:
    """Encode *message* as compact UTF-8 JSON; raise :class:`CodecError` if over *max_bytes*."""
    try:
        data = pydantic_core.to_json(to_envelope(message))
    except (ValueError, pydantic_core.PydanticSerializationError) as exc:
        raise _unencodable(exc) from exc
    _check_size(data, max_bytes)
    return data


def decode_json(
    data: Bytes | str,
    *,
    now_ms: int | None = None,
    max_future_ms: int | None = MAX_FUTURE_MS,
    max_bytes: int = MAX_PAYLOAD_BYTES,
    topic: str | Topic | None = None,
) -> Message:
    """Decode and validate a JSON payload; raise only :class:`~uidi.UidiError` subclasses."""
    try:
        _check_type(data)
        _check_size(data, max_bytes)
        if isinstance(data, memoryview | bytearray):
            data = bytes(data)
        try:
            # pydantic-core's parser: rejects NaN/Infinity, invalid UTF-8, lone surrogates and
            # nesting deeper than 200, all as ValueError.
            envelope = pydantic_core.from_json(data, allow_inf_nan=False, cache_strings="keys")
        except ValueError as exc:
            raise CodecError(
                f"payload is not JSON: {exc}", rule="json.syntax", value=data, where="payload"
            ) from None
        return from_envelope(envelope, now_ms=now_ms, max_future_ms=max_future_ms, topic=topic)
    except UidiError:
        raise
    except Exception as exc:  # the contract: callers only ever see UidiError from a decoder
        logger.warning("unexpected %s decoding JSON payload", type(exc).__name__, exc_info=True)
        raise CodecError(
            f"payload could not be decoded ({type(exc).__name__})",
            rule="payload.internal",
            value=shorten(data),
            where="payload",
        ) from exc


# --------------------------------------------------------------------------- binary (CBOR)

# A spec maps a one-letter key to (long name, converter). Converters: None passes the value on
# for pydantic to check; ("obj", spec) and ("list", spec) recurse; ("enum", values) maps an index;
# ("geo",) turns [lon, lat] into a GeoJSON point.
_Spec: TypeAlias = dict[str, tuple[str, tuple[Any, ...] | None]]

_METRIC: _Spec = {
    "n": ("name", None),
    "v": ("value", None),
    "u": ("unit", None),
    "q": ("quality", ("enum", tuple(q.value for q in Quality))),
}
_DEVICE: _Spec = {"m": ("model", None), "r": ("role", None), "x": ("metrics", None)}
_DESCRIPTION: _Spec = {
    "n": ("name", None),
    "s": ("service", None),
    "g": ("location", ("geo",)),
    "a": ("attributes", None),
    "d": ("devices", ("list", _DEVICE)),
}
_BODY_SPECS: dict[Kind, _Spec] = {
    Kind.INPUT: {"m": ("metrics", ("list", _METRIC))},
    Kind.OUTPUT: {
        "m": ("metrics", ("list", _METRIC)),
        "c": ("command_id", None),
        "s": ("status", ("enum", ("ok", "error", "rejected"))),
    },
    Kind.SETTING: {"x": ("values", None), "i": ("setting_id", None)},
    Kind.COMMAND: {"c": ("command_id", None), "n": ("name", None), "a": ("args", None)},
    Kind.STATE: {
        "l": ("lifecycle", ("enum", tuple(x.value for x in Lifecycle))),
        "b": ("birth", None),
        "d": ("description", ("obj", _DESCRIPTION)),
        "k": ("keepalive_s", None),
        "r": ("reason", None),
    },
}
_DROP_ON_ENCODE = frozenset({"si_value", "si_unit"})


def _compact(value: Any, spec: _Spec) -> dict[str, Any]:
    long_to_short = {long: (short, conv) for short, (long, conv) in spec.items()}
    out: dict[str, Any] = {}
    for key, item in value.items():
        if key in _DROP_ON_ENCODE:
            continue
        short, conv = long_to_short[key]
        if conv is None:
            out[short] = item
        elif conv[0] == "obj":
            out[short] = _compact(item, conv[1])
        elif conv[0] == "list":
            out[short] = [_compact(x, conv[1]) for x in item]
        elif conv[0] == "enum":
            out[short] = conv[1].index(item)
        else:  # geo
            out[short] = list(item["coordinates"])
    return out


def encode_binary(message: Message, *, max_bytes: int = MAX_PAYLOAD_BYTES) -> bytes:
    """Encode *message* compactly: the magic byte, then CBOR with one-letter keys."""
    envelope = to_envelope(message)
    body = _compact(envelope["body"], _BODY_SPECS[message.kind])
    array = [PROTOCOL_VERSION, _KIND_LIST.index(message.kind), message.node, message.ts,
             message.seq, body]  # fmt: skip
    try:
        data = bytes([BINARY_MAGIC]) + cbor2.dumps(array, canonical=True)
    except (ValueError, cbor2.CBOREncodeError) as exc:
        raise _unencodable(exc) from exc
    _check_size(data, max_bytes)
    return data


class _Bad(Exception):
    """Raised while walking a binary payload; the path is collected on the way out, so the happy
    path builds no strings."""

    def __init__(self, rule: str, value: object, text: str, *, codec: bool = True) -> None:
        super().__init__(text)
        self.rule, self.value, self.text, self.codec = rule, value, text, codec
        self.parts: list[str] = []

    def error(self, root: str) -> UidiError:
        where = root + "".join(reversed(self.parts))
        cls = CodecError if self.codec else ValidationFailed
        return cls(self.text, rule=self.rule, value=self.value, where=where)


def _plain(value: object, depth: int) -> None:
    """Reject what CBOR can carry but JSON cannot (tags, bytes, NaN, non-string keys, cycles)."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return
    if depth >= MAX_DEPTH:
        raise _Bad("cbor.depth", None, f"nested deeper than {MAX_DEPTH} levels")
    if isinstance(value, float):
        if not math.isfinite(value):
            raise _Bad("cbor.not_finite", value, f"{value} is not a finite number")
        return
    if isinstance(value, list):
        for index, item in enumerate(value):
            try:
                _plain(item, depth + 1)
            except _Bad as exc:
                exc.parts.append(f"[{index}]")
                raise
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if type(key) is not str:
                raise _Bad("cbor.key", key, f"map key {shorten(key)} is not a string")
            try:
                _plain(item, depth + 1)
            except _Bad as exc:
                exc.parts.append(f".{key}")
                raise
        return
    raise _Bad(
        "cbor.type", value, f"CBOR value of type {kind.__name__} has no place in a UIDI message"
    )


def _expand(value: object, spec: _Spec, depth: int) -> dict[str, Any]:
    """Turn a one-letter-key map into the JSON body's shape, checking leaves with _plain."""
    if depth >= MAX_DEPTH:
        raise _Bad("cbor.depth", None, f"nested deeper than {MAX_DEPTH} levels")
    if type(value) is not dict:
        raise _Bad("cbor.shape", value, f"expected a map, got {shorten(value)}", codec=False)
    out: dict[str, Any] = {}
    for short, item in value.items():
        entry = spec.get(short)
        if entry is None:
            known = ", ".join(f"{s}={long}" for s, (long, _) in spec.items())
            text = f"unknown binary key {shorten(short)} (known: {known})"
            raise _Bad("cbor.unknown_key", short, text, codec=False)
        long, conv = entry
        try:
            if conv is None:
                _plain(item, depth + 1)
                out[long] = item
            elif conv[0] == "obj":
                out[long] = _expand(item, conv[1], depth + 1)
            elif conv[0] == "list":
                if type(item) is not list:
                    raise _Bad("cbor.shape", item, f"expected a list, got {shorten(item)}",
                               codec=False)  # fmt: skip
                out[long] = _expand_list(item, conv[1], depth + 1)
            elif conv[0] == "enum":
                values = conv[1]
                if type(item) is not int or not 0 <= item < len(values):
                    raise _Bad("cbor.enum", item,
                               f"{shorten(item)} is not an index 0..{len(values) - 1} "
                               f"into {', '.join(values)}", codec=False)  # fmt: skip
                out[long] = values[item]
            else:  # geo
                _plain(item, depth + 1)
                out[long] = {"type": "Point", "coordinates": item}
        except _Bad as exc:
            exc.parts.append(f".{long}")
            raise
    return out


def _expand_list(items: list[Any], spec: _Spec, depth: int) -> list[dict[str, Any]]:
    out = []
    for index, item in enumerate(items):
        try:
            out.append(_expand(item, spec, depth + 1))
        except _Bad as exc:
            exc.parts.append(f"[{index}]")
            raise
    return out


def decode_binary(
    data: Bytes,
    *,
    now_ms: int | None = None,
    max_future_ms: int | None = MAX_FUTURE_MS,
    max_bytes: int = MAX_PAYLOAD_BYTES,
    topic: str | Topic | None = None,
) -> Message:
    """Decode and validate a binary payload; raise only :class:`~uidi.UidiError` subclasses."""
    try:
        _check_type(data)
        if isinstance(data, str):
            raise CodecError("binary payload given as str", rule="payload.type", value=data,
                             where="payload")  # fmt: skip
        _check_size(data, max_bytes)
        raw = bytes(data)
        if not raw or raw[0] != BINARY_MAGIC:
            raise CodecError(
                f"binary payload must start with byte 0x{BINARY_MAGIC:02X}, "
                f"got {raw[:1].hex() or 'nothing'}",
                rule="cbor.magic",
                value=raw[:1],
                where="payload",
            )
        array = _load_cbor(raw)
        if type(array) is not list or len(array) != len(_ENVELOPE_KEYS):
            raise CodecError(
                f"binary envelope must be a {len(_ENVELOPE_KEYS)}-item array "
                "[v, kind, node, ts, seq, body], got " + shorten(array),
                rule="cbor.shape",
                value=array,
                where="payload",
            )
        version, kind_index, node, ts, seq, body = array
        _check_version(version)
        if type(kind_index) is not int or not 0 <= kind_index < len(_KIND_LIST):
            raise _fail("kind", "kind.unknown", kind_index,
                        f"{shorten(kind_index)} is not a kind index 0..{len(_KIND_LIST) - 1} "
                        f"({_KINDS_TEXT})")  # fmt: skip
        kind = _KIND_LIST[kind_index]
        for name, value in (("node", node), ("ts", ts), ("seq", seq)):
            try:
                _plain(value, 1)
            except _Bad as exc:
                raise exc.error(name) from None
        try:
            expanded = _expand(body, _BODY_SPECS[kind], 1)
        except _Bad as exc:
            raise exc.error("body") from None
        envelope = {
            "v": version,
            "kind": kind.value,
            "node": node,
            "ts": ts,
            "seq": seq,
            "body": expanded,
        }
        return from_envelope(envelope, now_ms=now_ms, max_future_ms=max_future_ms, topic=topic)
    except UidiError:
        raise
    except Exception as exc:  # the contract: callers only ever see UidiError from a decoder
        logger.warning("unexpected %s decoding binary payload", type(exc).__name__, exc_info=True)
        raise CodecError(
            f"payload could not be decoded ({type(exc).__name__})",
            rule="payload.internal",
            value=shorten(data),
            where="payload",
        ) from exc


def _load_cbor(raw: bytes) -> object:
    stream = io.BytesIO(raw)
    stream.seek(1)  # past the magic byte
    try:
        value = cbor2.CBORDecoder(stream).decode()
    except Exception as exc:  # cbor2 raises its own errors, ValueError, OverflowError, ...
        raise CodecError(
            f"payload is not CBOR after the magic byte: {shorten(str(exc), 100)}",
            rule="cbor.syntax",
            value=raw[:16],
            where="payload",
        ) from None
    if stream.tell() != len(raw):
        raise CodecError(
            f"{len(raw) - stream.tell()} bytes follow the CBOR value",
            rule="cbor.trailing",
            value=raw[stream.tell() : stream.tell() + 16],
            where="payload",
        )
    return value


def decode(
    data: Bytes | str,
    *,
    now_ms: int | None = None,
    max_future_ms: int | None = MAX_FUTURE_MS,
    max_bytes: int = MAX_PAYLOAD_BYTES,
    topic: str | Topic | None = None,
) -> Message:
    """Decode JSON or binary, sniffing the first byte (:data:`BINARY_MAGIC` means binary)."""
    if isinstance(data, bytes | bytearray | memoryview) and len(data) and data[0] == BINARY_MAGIC:
        return decode_binary(
            data, now_ms=now_ms, max_future_ms=max_future_ms, max_bytes=max_bytes, topic=topic
        )
    return decode_json(
        data, now_ms=now_ms, max_future_ms=max_future_ms, max_bytes=max_bytes, topic=topic
    )
