"""Documents and store interfaces shared by every ``cloud`` storage backend.

The four stores are async :class:`~typing.Protocol` classes; each backend (memory, SQLite, MongoDB,
Redis) implements one or more of them and passes the same contract suite in ``tests/contract``.
"""

from __future__ import annotations

import builtins
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, Protocol, Self, runtime_checkable

from cloud._errors import InvalidInput

__all__ = [
    "ACTIVE_LIFECYCLES",
    "EARTH_RADIUS_M",
    "MAX_DEADLETTER_BYTES",
    "ApplyResult",
    "Bucket",
    "Cache",
    "Condition",
    "DeadLetter",
    "DeadLetterStore",
    "HistoryPoint",
    "HistoryStore",
    "NodeDoc",
    "RealtimeStore",
    "compile_filters",
    "haversine_m",
]

#: Mean Earth radius (IUGG), used by every backend so that distances agree across them.
EARTH_RADIUS_M = 6_371_008.8

#: Dead-letter payloads are cut to this many bytes; the original size is kept beside them.
MAX_DEADLETTER_BYTES = 4096

#: Lifecycle values a node may have and still be returned by ``near`` without ``include_offline``.
ACTIVE_LIFECYCLES = frozenset({"online", "maintenance"})

#: Outcome of applying one message to the real-time store.
#: ``written``: at least one reading (or the lifecycle/description) changed;
#: ``duplicate``: this (node, seq, ts) was applied before; ``late``: every reading it carries is
#: older than the stored one, so nothing changed; ``ignored``: nothing to apply (a lifecycle change
#: for a node the store has never seen, or a kind that carries no state such as Command).
ApplyResult = Literal["written", "duplicate", "late", "ignored"]


def haversine_m(lon1: float, lat1: float, lon2: float, lat2: float) -> float:
    """Great-circle distance in metres between two (lon, lat) points in degrees."""
    p1 = math.radians(lat1)
    p2 = math.radians(lat2)
    dp = p2 - p1
    dl = math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_M * math.asin(min(1.0, math.sqrt(a)))


@dataclass(slots=True)
class NodeDoc:
    """The latest known state of one node: its description, lifecycle and newest readings.

    ``metrics`` maps a metric name to ``{"value", "unit", "ts", "seq", "quality", "si_value",
    "si_unit"}``, each reading carrying the ``ts``/``seq`` of the message it came from, so that
    latest-wins holds per metric. ``ts``/``seq`` are those of the newest message applied,
    ``last_seen_ms`` the newest device timestamp of any message (heartbeats included) and
    ``updated_ms`` the store's wall clock at the last write. ``location`` is ``(lon, lat)``.
    """

    node: str
    service: str
    region: str = ""
    tenant: str = ""
    name: str = ""
    location: tuple[float, float] | None = None
    attributes: dict[str, Any] = field(default_factory=dict)
    devices: list[str] = field(default_factory=list)
    lifecycle: str = "online"
    lifecycle_ts: int = 0
    keepalive_s: int | None = None
    metrics: dict[str, dict[str, Any]] = field(default_factory=dict)
    ts: int = 0
    seq: int = -1
    last_seen_ms: int = 0
    updated_ms: int = 0
    birth_ts: int = -1
    birth_seq: int = -1
    #: (seq, ts) of the most recent messages applied, newest last; the duplicate-detection window.
    recent: list[tuple[int, int]] = field(default_factory=list)

    def value(self, name: str) -> Any:
        """The live value of metric ``name``, else the static attribute ``name``, else ``None``."""
        reading = self.metrics.get(name)
        if reading is not None:
            return reading.get("value")
        return self.attributes.get(name)

    def fields(self) -> dict[str, Any]:
        """Static attributes overlaid with live metric values: what bare filter names refer to."""
        merged = dict(self.attributes)
        for name, reading in self.metrics.items():
            merged[name] = reading.get("value")
        return merged

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (``location`` as a GeoJSON point, or ``None``)."""
        return {
            "node": self.node,
            "service": self.service,
            "region": self.region,
            "tenant": self.tenant,
            "name": self.name,
            "location": (
                None
                if self.location is None
                else {"type": "Point", "coordinates": [self.location[0], self.location[1]]}
            ),
            "attributes": dict(self.attributes),
            "devices": list(self.devices),
            "lifecycle": self.lifecycle,
            "lifecycle_ts": self.lifecycle_ts,
            "keepalive_s": self.keepalive_s,
            "metrics": {k: dict(v) for k, v in self.metrics.items()},
            "ts": self.ts,
            "seq": self.seq,
            "last_seen_ms": self.last_seen_ms,
            "updated_ms": self.updated_ms,
            "birth_ts": self.birth_ts,
            "birth_seq": self.birth_seq,
            "recent": [[s, t] for s, t in self.recent],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Inverse of :meth:`to_dict`; unknown keys (a backend's own bookkeeping) are ignored."""
        loc = data.get("location")
        location: tuple[float, float] | None = None
        if loc:
            coords = loc["coordinates"] if isinstance(loc, Mapping) else loc
            location = (float(coords[0]), float(coords[1]))
        return cls(
            node=str(data["node"]),
            service=str(data.get("service", "")),
            region=str(data.get("region", "")),
            tenant=str(data.get("tenant", "")),
            name=str(data.get("name", "")),
            location=location,
            attributes=dict(data.get("attributes") or {}),
            devices=list(data.get("devices") or []),
            lifecycle=str(data.get("lifecycle", "online")),
            lifecycle_ts=int(data.get("lifecycle_ts", 0)),
            keepalive_s=data.get("keepalive_s"),
            metrics={k: dict(v) for k, v in (data.get("metrics") or {}).items()},
            ts=int(data.get("ts", 0)),
            seq=int(data.get("seq", -1)),
            last_seen_ms=int(data.get("last_seen_ms", 0)),
            updated_ms=int(data.get("updated_ms", 0)),
            birth_ts=int(data.get("birth_ts", -1)),
            birth_seq=int(data.get("birth_seq", -1)),
            recent=[(int(s), int(t)) for s, t in (data.get("recent") or [])],
        )


class HistoryPoint(NamedTuple):
    """One stored reading; (node, metric, ts, seq) identifies it, so appends are idempotent."""

    node: str
    metric: str
    ts: int
    value: float
    seq: int = 0


@dataclass(frozen=True, slots=True)
class Bucket:
    """Aggregate of the readings whose ``ts`` falls in ``[start_ms, start_ms + bucket_ms)``."""

    start_ms: int
    count: int
    min: float
    max: float
    avg: float


@dataclass(frozen=True, slots=True)
class DeadLetter:
    """A rejected message: its topic, payload (cut to ``MAX_DEADLETTER_BYTES``) and the reason."""

    topic: str
    payload: bytes
    reason: str
    ts: int
    size: int

    @property
    def truncated(self) -> bool:
        """Whether ``payload`` holds less than the original message."""
        return self.size > len(self.payload)


# --- filters ---------------------------------------------------------------------------------

FilterOp = Literal["eq", "ne", "lt", "lte", "gt", "gte", "in", "exists"]
_OPS: frozenset[str] = frozenset({"eq", "ne", "lt", "lte", "gt", "gte", "in", "exists"})
# Names as UIDI allows them for metrics (dots included, e.g. "pm2.5"), optionally scoped.
_FIELD_RE = re.compile(r"^(?:(attributes|metrics)\.)?([A-Za-z0-9_][A-Za-z0-9_.\-]{0,63})$")


class Condition(NamedTuple):
    """One compiled filter condition.

    ``scope`` is ``"fields"`` (a bare name: live metric value, else static attribute),
    ``"attributes"`` or ``"metrics"`` (the live value only).
    """

    scope: Literal["fields", "attributes", "metrics"]
    name: str
    op: FilterOp
    value: Any


def _check_scalar(value: Any, where: str) -> None:
    if isinstance(value, bool | int | float | str):
        if isinstance(value, float) and not math.isfinite(value):
            raise InvalidInput(f"filter {where}: value must be finite, got {value!r}")
        return
    raise InvalidInput(
        f"filter {where}: value must be a bool, number or string, got {type(value).__name__}"
    )


def compile_filters(filters: Mapping[str, Any] | None) -> list[Condition]:
    """Validate a ``near`` filter mapping and turn it into conditions every backend can apply.

    Keys are field names: ``"occupancy_pct"`` (live value, else static attribute),
    ``"attributes.rating"`` or ``"metrics.open"``. A value is either a scalar (equality) or a
    mapping of operators: ``eq``, ``ne``, ``lt``, ``lte``, ``gt``, ``gte``, ``in`` (a list) and
    ``exists`` (a bool). Comparisons only match values of the same type family (numbers with
    numbers, strings with strings, booleans with booleans), as in MongoDB; ``ne`` also matches
    nodes that lack the field.
    """
    if not filters:
        return []
    out: list[Condition] = []
    for key, spec in filters.items():
        match = _FIELD_RE.match(key) if isinstance(key, str) else None
        if match is None:
            raise InvalidInput(
                f"filter field {key!r}: must be NAME, attributes.NAME or metrics.NAME "
                "with NAME of letters, digits, '_', '.' or '-'"
            )
        scope: Literal["fields", "attributes", "metrics"] = match.group(1) or "fields"  # type: ignore[assignment]
        name = match.group(2)
        ops = spec if isinstance(spec, Mapping) else {"eq": spec}
        if not ops:
            raise InvalidInput(f"filter {key!r}: empty operator mapping")
        for op, value in ops.items():
            where = f"{key!r} {op!r}"
            if op not in _OPS:
                raise InvalidInput(
                    f"filter {key!r}: unknown operator {op!r}; known: {', '.join(sorted(_OPS))}"
                )
            if op == "exists":
                if not isinstance(value, bool):
                    raise InvalidInput(
                        f"filter {where}: value must be true or false, got {value!r}"
                    )
            elif op == "in":
                if isinstance(value, str | bytes) or not isinstance(value, Sequence):
                    raise InvalidInput(f"filter {where}: value must be a list, got {value!r}")
                for item in value:
                    _check_scalar(item, where)
                value = list(value)
            else:
                _check_scalar(value, where)
            out.append(Condition(scope, name, op, value))  # type: ignore[arg-type]
    return out


def _family(value: Any) -> str | None:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    return None


def _typed_eq(actual: Any, expected: Any) -> bool:
    fam = _family(actual)
    return fam is not None and fam == _family(expected) and actual == expected


def condition_matches(cond: Condition, doc: NodeDoc) -> bool:
    """Evaluate one condition against a document in Python (the reference semantics)."""
    missing = object()
    actual: Any
    if cond.scope == "attributes":
        actual = doc.attributes.get(cond.name, missing)
    elif cond.scope == "metrics":
        reading = doc.metrics.get(cond.name)
        actual = missing if reading is None else reading.get("value")
    else:
        reading = doc.metrics.get(cond.name)
        actual = (
            reading.get("value") if reading is not None else doc.attributes.get(cond.name, missing)
        )
    if cond.op == "exists":
        return (actual is not missing) is cond.value
    if actual is missing:
        return cond.op == "ne"
    if cond.op == "eq":
        return _typed_eq(actual, cond.value)
    if cond.op == "ne":
        return not _typed_eq(actual, cond.value)
    if cond.op == "in":
        return any(_typed_eq(actual, v) for v in cond.value)
    fam = _family(actual)
    if fam is None or fam != _family(cond.value) or fam == "bool":
        return False
    if cond.op == "lt":
        return bool(actual < cond.value)
    if cond.op == "lte":
        return bool(actual <= cond.value)
    if cond.op == "gt":
        return bool(actual > cond.value)
    return bool(actual >= cond.value)


# --- store interfaces ------------------------------------------------------------------------


@runtime_checkable
class RealtimeStore(Protocol):
    """Latest document per node with a geo index.

    Writes are idempotent by (node, seq, ts) and latest-wins per metric by (ts, seq): a late
    message never overwrites a newer reading. ``topic`` is a UIDI topic string or a parsed
    ``uidi.Topic``; it gives the node's tenant, region and service.
    """

    async def upsert_birth(self, state: Any, topic: Any) -> ApplyResult:
        """Store a State birth: the node's description, keepalive and lifecycle."""
        ...

    async def apply_input(self, msg: Any, topic: Any) -> ApplyResult:
        """Apply the readings of an Input (or Output) message."""
        ...

    async def apply_many(self, items: Sequence[tuple[Any, Any]]) -> list[ApplyResult]:
        """Apply ``(topic, message)`` pairs in order, in one transaction; one result per pair.

        Input/Output apply their readings, a State birth its description, another State its
        lifecycle; other kinds give ``ignored``.
        """
        ...

    async def set_lifecycle(self, node: str, lifecycle: str, ts: int) -> bool:
        """Set the lifecycle unless a newer one is stored; ``False`` if unknown node or older.

        Callers marking a node offline on the cloud side (last will, missed heartbeats) pass the
        time they decided it, so that the mark orders after the node's last message.
        """
        ...

    async def get(self, node: str) -> NodeDoc | None:
        """The node's document, or ``None``."""
        ...

    async def near(
        self,
        lon: float,
        lat: float,
        radius_m: float,
        *,
        services: Sequence[str] | None = None,
        filters: Mapping[str, Any] | None = None,
        limit: int = 50,
        include_offline: bool = False,
    ) -> list[tuple[NodeDoc, float]]:
        """Nodes within ``radius_m`` of (lon, lat), nearest first, with their distance in metres.

        ``services`` restricts to those services; ``filters`` as in :func:`compile_filters`;
        nodes whose lifecycle is not in :data:`ACTIVE_LIFECYCLES` are skipped unless
        ``include_offline``. Nodes without a location are never returned.
        """
        ...

    async def stale(
        self, now_ms: int, *, factor: float = 1.5, default_keepalive_s: float | None = None
    ) -> list[NodeDoc]:
        """Online nodes silent for more than ``factor`` × keepalive (offline detection)."""
        ...

    async def count(self, service: str | None = None) -> int:
        """Number of nodes, optionally of one service."""
        ...

    async def services(self) -> list[str]:
        """Services that have at least one node, sorted."""
        ...

    async def close(self) -> None:
        """Release connections and threads; the store must not be used afterwards."""
        ...


@runtime_checkable
class HistoryStore(Protocol):
    """Readings over time, for ranges, time-bucket aggregates and retention."""

    async def append(self, points: Sequence[HistoryPoint]) -> int:
        """Store points (one transaction); returns how many were new (repeats are ignored)."""
        ...

    async def range(
        self, node: str, metric: str, start_ms: int, end_ms: int, *, limit: int | None = None
    ) -> list[HistoryPoint]:
        """Points with ``start_ms <= ts < end_ms``, oldest first."""
        ...

    async def aggregate(
        self, node: str, metric: str, start_ms: int, end_ms: int, bucket_ms: int
    ) -> list[Bucket]:
        """min/max/avg/count per bucket (aligned to multiples of ``bucket_ms``), none if empty."""
        ...

    async def retention(self, older_than_ms: int) -> int:
        """Delete points with ``ts < older_than_ms``; returns how many were deleted."""
        ...

    async def count(self, node: str | None = None) -> int:
        """Number of stored points, optionally of one node."""
        ...

    async def close(self) -> None:
        """Release connections and threads."""
        ...


@runtime_checkable
class Cache(Protocol):
    """Bytes by key with an optional time to live."""

    async def get(self, key: str) -> bytes | None:
        """The value, or ``None`` when missing or expired."""
        ...

    async def set(self, key: str, value: bytes, ttl_s: float | None = None) -> None:
        """Store ``value``; it expires after ``ttl_s`` seconds when given."""
        ...

    async def delete(self, key: str) -> bool:
        """Remove the key; ``True`` if it was there."""
        ...

    async def close(self) -> None:
        """Release connections."""
        ...


@runtime_checkable
class DeadLetterStore(Protocol):
    """Rejected messages with the reason, for inspection and replay."""

    async def put(self, topic: str, payload: bytes, reason: str, ts: int) -> None:
        """Store a rejected message (payload cut to ``MAX_DEADLETTER_BYTES``)."""
        ...

    async def list(self, limit: int = 100) -> builtins.list[DeadLetter]:
        """Newest first."""
        ...

    async def count(self) -> int:
        """Number of stored dead letters."""
        ...

    async def retention(self, older_than_ms: int) -> int:
        """Delete dead letters with ``ts < older_than_ms``; returns how many."""
        ...

    async def close(self) -> None:
        """Release connections and threads."""
        ...
