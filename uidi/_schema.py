"""JSON Schema (draft 2020-12) of the wire envelope for every message kind."""

from __future__ import annotations

import copy
import functools
import inspect
from typing import Any

from uidi._errors import ValidationFailed, shorten
from uidi._models import MESSAGE_TYPES, PROTOCOL_VERSION, Kind

__all__ = ["all_schemas", "json_schema"]

_TOP = ("node", "ts", "seq")
_DERIVED = {
    "si_value": "Value in si_unit, computed by the receiver from value and unit (input ignored).",
    "si_unit": "SI unit of si_value, computed by the receiver ('' for dimensionless).",
}


@functools.cache
def _schema(kind: Kind) -> dict[str, Any]:
    cls = MESSAGE_TYPES[kind]
    flat = cls.model_json_schema(mode="validation")
    properties: dict[str, Any] = flat["properties"]
    required: list[str] = flat.get("required", [])
    defs: dict[str, Any] = flat.get("$defs", {})
    for name, text in _DERIVED.items():
        metric_props = defs.get("Metric", {}).get("properties", {})
        if name in metric_props:
            metric_props[name]["readOnly"] = True
            metric_props[name]["description"] = text
    body_props = {k: v for k, v in properties.items() if k not in _TOP}
    body: dict[str, Any] = {
        "type": "object",
        "properties": body_props,
        "additionalProperties": False,
    }
    body_required = [k for k in required if k not in _TOP]
    if body_required:
        body["required"] = body_required
    schema: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"urn:uidi:v{PROTOCOL_VERSION}:{kind.value}",
        "title": f"UIDI v{PROTOCOL_VERSION} {kind.value} message",
        "description": inspect.cleandoc(cls.__doc__ or ""),
        "type": "object",
        "properties": {
            "v": {"const": PROTOCOL_VERSION, "description": "Protocol version."},
            "kind": {"const": kind.value, "description": "Message kind."},
            "node": {**properties["node"], "description": "Node id (a URL-safe slug)."},
            "ts": {**properties["ts"], "description": "UTC epoch milliseconds."},
            "seq": {**properties["seq"], "description": "Per-node sequence number, monotonic."},
            "body": body,
        },
        "required": ["v", "kind", "node", "ts", "seq", "body"],
        "additionalProperties": False,
    }
    if defs:
        schema["$defs"] = defs
    return schema


def json_schema(kind: Kind | str) -> dict[str, Any]:
    """The JSON Schema of the JSON envelope for *kind* (a fresh copy, safe to modify)."""
    try:
        resolved = Kind(kind)
    except ValueError:
        raise ValidationFailed(
            f"{shorten(kind)} is not a UIDI kind (expected one of "
            f"{', '.join(k.value for k in Kind)})",
            rule="kind.unknown",
            value=kind,
            where="kind",
        ) from None
    return copy.deepcopy(_schema(resolved))


def all_schemas() -> dict[str, dict[str, Any]]:
    """``{kind: schema}`` for all five kinds."""
    return {kind.value: json_schema(kind) for kind in Kind}
