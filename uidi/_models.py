"""The five UIDI v1 message kinds as frozen pydantic models.

The models are flat (``Input(node, ts, seq, metrics)``); the wire envelope nests the kind-specific
fields under ``body``, which the codec adds and removes. ``kind`` is a class attribute and appears
in ``model_dump()`` together with ``v``, so a dump validates back into the same model.
"""

from __future__ import annotations

import math
import numbers
import re
import sys
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from typing import Annotated, Any, ClassVar, Literal, TypeAlias

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    PlainValidator,
    SerializerFunctionWrapHandler,
    Strict,
    WithJsonSchema,
    field_validator,
    model_serializer,
    model_validator,
)
from pydantic_core import PydanticCustomError

from uidi._errors import UnitError, shorten
from uidi._slugs import MAX_SLUG_LENGTH, slug_problem
from uidi._units import KNOWN_UNITS, unit_info

__all__ = [
    "MAX_FUTURE_MS",
    "MIN_TS",
    "PROTOCOL_VERSION",
    "Command",
    "DeviceRef",
    "GeoPoint",
    "Input",
    "Kind",
    "Lifecycle",
    "Message",
    "Metric",
    "NodeDescription",
    "Output",
    "Quality",
    "Scalar",
    "Setting",
    "State",
]

#: Protocol version carried in every envelope as ``v``.
PROTOCOL_VERSION = 1
#: Earliest accepted timestamp (2000-01-01T00:00:00Z in ms); smaller values are usually seconds.
MIN_TS = 946_684_800_000
#: Latest representable timestamp: 2**53 ms keeps ts exact in every JSON reader.
MAX_TS = 2**53
#: Default limit on how far a timestamp may be ahead of the receiver's clock (5 minutes).
MAX_FUTURE_MS = 300_000
MAX_SEQ = 2**63 - 1
MAX_TEXT = 1024
MAX_ITEMS = 256
#: Deepest nesting of lists and objects inside one node attribute.
MAX_ATTRIBUTE_DEPTH = 16
_INT_MIN, _INT_MAX = -(2**63), 2**64 - 1
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]{0,63}")


class Kind(StrEnum):
    """The five message kinds; the last topic level and the envelope's ``kind``."""

    INPUT = "input"
    OUTPUT = "output"
    SETTING = "setting"
    COMMAND = "command"
    STATE = "state"


class Lifecycle(StrEnum):
    """Where a node is in its life: ``lost`` means the broker fired its last will."""

    ONLINE = "online"
    OFFLINE = "offline"
    LOST = "lost"
    MAINTENANCE = "maintenance"


class Quality(StrEnum):
    """How far a reading can be trusted."""

    GOOD = "good"
    UNCERTAIN = "uncertain"
    BAD = "bad"


def _custom(rule: str, text: str) -> PydanticCustomError:
    # The text goes through the context, never the template, so braces in hostile values
    # cannot break pydantic's formatting.
    return PydanticCustomError(rule, "{text}", {"text": text})


def _bool_types() -> tuple[type, ...]:
    # numpy's bool is not a subclass of bool; look it up only if numpy is already loaded.
    numpy = sys.modules.get("numpy")
    return (bool, numpy.bool_) if numpy is not None else (bool,)


def _check_scalar(value: object) -> bool | int | float | str:
    kind = type(value)
    # Fast path for the common exact types; subclasses and bad values take the checks below.
    if (
        (kind is float and math.isfinite(value))  # type: ignore[arg-type]
        or kind is bool
        or (kind is str and len(value) <= MAX_TEXT)  # type: ignore[arg-type]
        or (kind is int and _INT_MIN <= value <= _INT_MAX)  # type: ignore[operator]
    ):
        return value  # type: ignore[return-value]
    # Slow path: errors, and number types from libraries (numpy.float64, numpy.int64) that are
    # converted to the plain built-ins so that every codec can carry them.
    if isinstance(value, _bool_types()):
        return bool(value)
    if isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise _custom("scalar.too_long", f"text of {len(value)} characters; limit {MAX_TEXT}")
        return str(value)
    if isinstance(value, numbers.Integral):
        number = int(value)
        if not _INT_MIN <= number <= _INT_MAX:
            raise _custom(
                "scalar.int_range", f"integer {shorten(number)} is outside -2**63..2**64-1"
            )
        return number
    if isinstance(value, numbers.Real) and not isinstance(value, Fraction | Decimal):
        real = float(value)
        if not math.isfinite(real):
            raise _custom("scalar.not_finite", f"{real} is not a finite number")
        return real
    raise _custom(
        "scalar.type",
        f"{shorten(value)} ({type(value).__name__}) is not a number, boolean or string",
    )


#: A single value: number, boolean or string (no lists, objects or null).
Scalar: TypeAlias = Annotated[
    bool | int | float | str,
    PlainValidator(_check_scalar),
    WithJsonSchema({"type": ["number", "integer", "boolean", "string"]}),
]


def _check_slug(value: object) -> str:
    problem = slug_problem(value)
    if problem is not None:
        raise _custom(problem[0], problem[1])
    assert isinstance(value, str)
    return value


Slug: TypeAlias = Annotated[
    str,
    PlainValidator(_check_slug),
    WithJsonSchema(
        {"type": "string", "pattern": r"^[A-Za-z0-9._~-]+$", "maxLength": MAX_SLUG_LENGTH}
    ),
]


def _check_name(value: object) -> str:
    if not isinstance(value, str):
        raise _custom("name.type", f"{shorten(value)} is not a string")
    if _NAME.fullmatch(value) is None:
        raise _custom(
            "name.syntax",
            f"{shorten(value)} is not a name: start with a letter or '_', then up to 63 letters, "
            "digits, '_', '.' or '-'",
        )
    return value


Name: TypeAlias = Annotated[
    str,
    PlainValidator(_check_name),
    WithJsonSchema({"type": "string", "pattern": r"^[A-Za-z_][A-Za-z0-9_.\-]{0,63}$"}),
]
Text: TypeAlias = Annotated[str, Strict(), Field(max_length=MAX_TEXT)]
ShortText: TypeAlias = Annotated[str, Strict(), Field(min_length=1, max_length=128)]
Timestamp: TypeAlias = Annotated[int, Strict(), Field(ge=MIN_TS, le=MAX_TS)]
SeqNo: TypeAlias = Annotated[int, Strict(), Field(ge=0, le=MAX_SEQ)]
Attributes: TypeAlias = Annotated[
    dict[Annotated[str, Strict(), Field(min_length=1, max_length=64)], JsonValue],
    Field(max_length=MAX_ITEMS),
]
ScalarMap: TypeAlias = Annotated[dict[Name, Scalar], Field(max_length=MAX_ITEMS)]

_CONFIG = ConfigDict(
    frozen=True,
    extra="forbid",
    allow_inf_nan=False,
    str_max_length=4096,
    use_enum_values=False,
    validate_default=False,
)


class _Frozen(BaseModel):
    model_config = _CONFIG


class GeoPoint(_Frozen):
    """A GeoJSON point: ``{"type": "Point", "coordinates": [lon, lat]}`` (WGS 84 degrees)."""

    type: Literal["Point"] = "Point"
    coordinates: tuple[
        Annotated[float, Strict(), Field(ge=-180, le=180)],
        Annotated[float, Strict(), Field(ge=-90, le=90)],
    ]

    @classmethod
    def at(cls, lon: float, lat: float) -> GeoPoint:
        """Build a point from longitude and latitude (validated)."""
        return cls(coordinates=(lon, lat))

    @property
    def lon(self) -> float:
        """Longitude in degrees east."""
        return self.coordinates[0]

    @property
    def lat(self) -> float:
        """Latitude in degrees north."""
        return self.coordinates[1]


class DeviceRef(_Frozen):
    """A device on a node, by datasheet model (``"BME280"``), which links it to datasheet facts."""

    model: ShortText
    role: ShortText | None = None
    metrics: Annotated[tuple[Name, ...], Field(max_length=MAX_ITEMS)] = ()


class NodeDescription(_Frozen):
    """What a node says about itself in its birth: name, service, place, attributes, devices."""

    name: Annotated[str, Strict(), Field(min_length=1, max_length=200)]
    service: Slug
    location: GeoPoint
    attributes: Attributes = Field(default_factory=dict)
    devices: Annotated[tuple[DeviceRef, ...], Field(max_length=MAX_ITEMS)] = ()

    @field_validator("attributes")
    @classmethod
    def _shallow(cls, attributes: dict[str, JsonValue]) -> dict[str, JsonValue]:
        for key, value in attributes.items():
            depth = _depth(value)
            if depth > MAX_ATTRIBUTE_DEPTH:
                raise _custom(
                    "attributes.depth",
                    f"attribute {shorten(key)} is nested {depth} levels deep; "
                    f"the limit is {MAX_ATTRIBUTE_DEPTH}",
                )
        return attributes


def _depth(value: JsonValue) -> int:
    # Containers count: 5 -> 0, [] -> 1, {"a": [1]} -> 2. Iterative, so the check itself cannot
    # hit the recursion limit.
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            if level > MAX_ATTRIBUTE_DEPTH:
                break
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, level + 1) for child in children)
    return deepest


class Metric(_Frozen):
    """One reading: name, value, unit as sent, optional quality, and the SI value beside it.

    ``si_value`` / ``si_unit`` are filled by validation for numeric values (whatever the sender put
    there is replaced); a unit of ``None`` or ``""`` means dimensionless.
    """

    name: Name
    value: Scalar
    unit: Annotated[str, Strict(), Field(max_length=64)] | None = None
    quality: Quality | None = None
    si_value: float | None = None
    si_unit: str | None = None

    @field_validator("unit")
    @classmethod
    def _known_unit(cls, unit: str | None) -> str | None:
        if unit and unit not in KNOWN_UNITS:
            try:
                unit_info(unit)
            except UnitError as exc:
                raise _custom("unit.unknown", exc.problems[0].text) from exc
        return unit

    @model_validator(mode="after")
    def _fill_si(self) -> Metric:
        # On the ingest path for every metric of every message: kept to dict lookups and
        # arithmetic. The model is frozen, so the derived fields go straight into __dict__.
        fields = self.__dict__
        value = fields["value"]
        kind = type(value)
        if kind is float or kind is int:
            unit = fields["unit"]
            if unit:
                info = KNOWN_UNITS.get(unit) or unit_info(unit)
                si_value = value * info.factor + info.offset
                if not math.isfinite(si_value):
                    raise _custom(
                        "unit.overflow", f"{shorten(value)} {unit} overflows when converted to SI"
                    )
                fields["si_value"], fields["si_unit"] = si_value, info.si_unit
            else:
                fields["si_value"], fields["si_unit"] = float(value), ""
        else:
            fields["si_value"] = fields["si_unit"] = None
        return self


class _Message(_Frozen):
    """Fields every message has; the subclasses add the body."""

    kind: ClassVar[Kind]
    v: ClassVar[int] = PROTOCOL_VERSION

    node: Slug
    ts: Timestamp
    seq: SeqNo

    @model_validator(mode="before")
    @classmethod
    def _envelope_fields(cls, data: Any) -> Any:
        # Accept the output of model_dump(), which carries v and kind, and check them.
        if isinstance(data, dict) and ("kind" in data or "v" in data):
            data = dict(data)
            kind = data.pop("kind", cls.kind)
            if kind != cls.kind:
                raise _custom(
                    "kind.mismatch", f"kind {shorten(kind)} given to {cls.__name__} ({cls.kind})"
                )
            version = data.pop("v", PROTOCOL_VERSION)
            if type(version) is not int or version != PROTOCOL_VERSION:
                raise _custom(
                    "version", f"protocol version {shorten(version)} is not {PROTOCOL_VERSION}"
                )
        return data

    @model_serializer(mode="wrap")
    def _with_envelope(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        fields: dict[str, Any] = handler(self)
        return {"v": PROTOCOL_VERSION, "kind": self.kind.value, **fields}


class Input(_Message):
    """Sensor readings, device to cloud."""

    kind: ClassVar[Kind] = Kind.INPUT
    metrics: Annotated[tuple[Metric, ...], Field(min_length=1, max_length=MAX_ITEMS)]

    @field_validator("metrics")
    @classmethod
    def _unique_names(cls, metrics: tuple[Metric, ...]) -> tuple[Metric, ...]:
        return _unique_metrics(metrics)


def _unique_metrics(metrics: tuple[Metric, ...]) -> tuple[Metric, ...]:
    seen: set[str] = set()
    for metric in metrics:
        if metric.name in seen:
            raise _custom("metrics.duplicate", f"metric {metric.name!r} appears more than once")
        seen.add(metric.name)
    return metrics


class Output(_Message):
    """Actuator outputs and command results, device to cloud.

    ``status`` (``ok`` / ``error`` / ``rejected``) answers the command named by ``command_id``.
    """

    kind: ClassVar[Kind] = Kind.OUTPUT
    metrics: Annotated[tuple[Metric, ...], Field(max_length=MAX_ITEMS)] = ()
    command_id: Slug | None = None
    status: Literal["ok", "error", "rejected"] | None = None

    @field_validator("metrics")
    @classmethod
    def _unique_names(cls, metrics: tuple[Metric, ...]) -> tuple[Metric, ...]:
        return _unique_metrics(metrics)

    @model_validator(mode="after")
    def _status_needs_command(self) -> Output:
        if self.status is not None and self.command_id is None:
            raise _custom(
                "output.status_without_command",
                f"status {self.status!r} answers a command, so command_id is required",
            )
        if not self.metrics and self.status is None:
            raise _custom(
                "output.empty", "an output carries metrics, a command status, or both; it has none"
            )
        return self


class Setting(_Message):
    """Configuration values, cloud to device, echoed back by the device."""

    kind: ClassVar[Kind] = Kind.SETTING
    values: Annotated[dict[Name, Scalar], Field(min_length=1, max_length=MAX_ITEMS)]
    setting_id: Slug | None = None


class Command(_Message):
    """A control request, cloud to device; the device answers with an Output carrying its id."""

    kind: ClassVar[Kind] = Kind.COMMAND
    command_id: Slug
    name: Name
    args: ScalarMap = Field(default_factory=dict)


class State(_Message):
    """Device status and lifecycle (retained). A birth (``birth=True``) carries the description."""

    kind: ClassVar[Kind] = Kind.STATE
    lifecycle: Lifecycle
    birth: Annotated[bool, Strict()] = False
    description: NodeDescription | None = None
    keepalive_s: Annotated[int, Strict(), Field(ge=1, le=86_400)] | None = None
    reason: Annotated[str, Strict(), Field(max_length=MAX_TEXT)] | None = None

    @model_validator(mode="after")
    def _birth_rules(self) -> State:
        if self.birth and self.description is None:
            raise _custom("state.birth_without_description", "a birth must carry a description")
        if self.birth and self.lifecycle not in (Lifecycle.ONLINE, Lifecycle.MAINTENANCE):
            raise _custom(
                "state.birth_lifecycle",
                f"a birth announces a live node, so lifecycle {self.lifecycle.value!r} "
                "must be 'online' or 'maintenance'",
            )
        return self


#: Any UIDI message.
Message: TypeAlias = Input | Output | Setting | Command | State

MESSAGE_TYPES: dict[Kind, type[Input | Output | Setting | Command | State]] = {
    Kind.INPUT: Input,
    Kind.OUTPUT: Output,
    Kind.SETTING: Setting,
    Kind.COMMAND: Command,
    Kind.STATE: State,
}
