"""In-process stores (``memory://``): the reference implementation of every store interface.

``memory://`` gives a fresh, empty store; ``memory://NAME`` gives the store of that name shared by
everything in the process (the one-process demo opens the ingest and the API on the same one).
Documents are copied on the way in and out, so callers never alias stored state.
"""

from __future__ import annotations

import builtins
import heapq
import logging
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from urllib.parse import urlsplit

from cloud._errors import CloudError, InvalidInput
from cloud._models import (
    ACTIVE_LIFECYCLES,
    ApplyResult,
    Bucket,
    DeadLetter,
    HistoryPoint,
    NodeDoc,
    compile_filters,
    condition_matches,
    haversine_m,
)
from cloud.stores._common import (
    apply_lifecycle,
    apply_message,
    bucket_start,
    check_bucket,
    check_history,
    check_item,
    check_lifecycle,
    check_near_args,
    check_points,
    is_stale,
    truncate_payload,
)

__all__ = ["MemoryCache", "MemoryDeadLetterStore", "MemoryHistoryStore", "MemoryRealtimeStore"]

logger = logging.getLogger(__name__)

Clock = Callable[[], float]

_SHARED: dict[tuple[str, str], Any] = {}


def _copy(doc: NodeDoc) -> NodeDoc:
    return NodeDoc.from_dict(doc.to_dict())


def _shared(kind: str, url: str, factory: Callable[[], Any]) -> Any:
    name = urlsplit(url).netloc + urlsplit(url).path.rstrip("/")
    if not name:
        return factory()
    key = (kind, name)
    if key not in _SHARED:
        _SHARED[key] = factory()
    return _SHARED[key]


class MemoryRealtimeStore:
    """Latest node documents in a dict; ``near`` scans every node (fine for tests and demos)."""

    def __init__(self, *, clock: Clock = time.time) -> None:
        self._docs: dict[str, NodeDoc] = {}
        self._clock = clock

    @classmethod
    async def open(cls, url: str, *, clock: Clock = time.time) -> MemoryRealtimeStore:
        """Open ``memory://`` (fresh) or ``memory://NAME`` (shared in the process)."""
        store: MemoryRealtimeStore = _shared("realtime", url, lambda: cls(clock=clock))
        return store

    async def __aenter__(self) -> MemoryRealtimeStore:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def _now_ms(self) -> int:
        return int(self._clock() * 1000)

    async def upsert_birth(self, state: Any, topic: Any) -> ApplyResult:
        """Store a State birth (see :class:`cloud.RealtimeStore`)."""
        return (await self.apply_many([(topic, state)]))[0]

    async def apply_input(self, msg: Any, topic: Any) -> ApplyResult:
        """Apply an Input/Output message (see :class:`cloud.RealtimeStore`)."""
        return (await self.apply_many([(topic, msg)]))[0]

    async def apply_many(self, items: Sequence[tuple[Any, Any]]) -> list[ApplyResult]:
        """Apply (topic, message) pairs in order; all or nothing if one is malformed."""
        fields = [check_item(topic, msg, f"item {i}") for i, (topic, msg) in enumerate(items)]
        now = self._now_ms()
        work: dict[str, NodeDoc | None] = {}
        results: list[ApplyResult] = []
        for tf, (_topic, msg) in zip(fields, items, strict=True):
            doc = work[tf.node] if tf.node in work else self._docs.get(tf.node)
            if doc is not None and tf.node not in work:
                doc = _copy(doc)
            doc, result = apply_message(doc, tf, msg, now)
            work[tf.node] = doc
            results.append(result)
        for node, doc in work.items():
            if doc is not None:
                self._docs[node] = doc
        return results

    async def set_lifecycle(self, node: str, lifecycle: str, ts: int) -> bool:
        """Set a node's lifecycle unless a newer one is stored."""
        value = check_lifecycle(lifecycle)
        return apply_lifecycle(self._docs.get(node), value, ts, self._now_ms())

    async def get(self, node: str) -> NodeDoc | None:
        """A copy of the node's document, or ``None``."""
        doc = self._docs.get(node)
        return None if doc is None else _copy(doc)

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
        """Nodes within ``radius_m``, nearest first (see :class:`cloud.RealtimeStore`)."""
        check_near_args(lon, lat, radius_m, limit)
        conditions = compile_filters(filters)
        wanted = None if services is None else set(services)
        found: list[tuple[float, str, NodeDoc]] = []
        for doc in self._docs.values():
            if doc.location is None or (wanted is not None and doc.service not in wanted):
                continue
            if not include_offline and doc.lifecycle not in ACTIVE_LIFECYCLES:
                continue
            dist = haversine_m(lon, lat, doc.location[0], doc.location[1])
            if dist > radius_m or not all(condition_matches(c, doc) for c in conditions):
                continue
            found.append((dist, doc.node, doc))
        best = heapq.nsmallest(limit, found, key=lambda t: (t[0], t[1]))
        return [(_copy(doc), dist) for dist, _node, doc in best]

    async def stale(
        self, now_ms: int, *, factor: float = 1.5, default_keepalive_s: float | None = None
    ) -> list[NodeDoc]:
        """Online nodes silent for more than ``factor`` × keepalive."""
        return [
            _copy(d)
            for d in self._docs.values()
            if is_stale(d, now_ms, factor, default_keepalive_s)
        ]

    async def count(self, service: str | None = None) -> int:
        """Number of nodes, optionally of one service."""
        if service is None:
            return len(self._docs)
        return sum(1 for d in self._docs.values() if d.service == service)

    async def services(self) -> list[str]:
        """Services with at least one node, sorted."""
        return sorted({d.service for d in self._docs.values()})

    async def close(self) -> None:
        """Nothing to release; data of a named store stays for the process."""


class MemoryHistoryStore:
    """Readings in a dict of (node, metric) → {(ts, seq): value}."""

    def __init__(self) -> None:
        self._series: dict[tuple[str, str], dict[tuple[int, int], float]] = {}

    @classmethod
    async def open(cls, url: str) -> MemoryHistoryStore:
        """Open ``memory://`` (fresh) or ``memory://NAME`` (shared in the process)."""
        store: MemoryHistoryStore = _shared("history", url, cls)
        return store

    async def __aenter__(self) -> MemoryHistoryStore:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def append(self, points: Sequence[HistoryPoint]) -> int:
        """Store points; repeats of (node, metric, ts, seq) are ignored."""
        check_points(points)
        new = 0
        for p in points:
            series = self._series.setdefault((p.node, p.metric), {})
            key = (int(p.ts), int(p.seq))
            if key not in series:
                series[key] = float(p.value)
                new += 1
        return new

    async def range(
        self, node: str, metric: str, start_ms: int, end_ms: int, *, limit: int | None = None
    ) -> list[HistoryPoint]:
        """Points with ``start_ms <= ts < end_ms``, oldest first."""
        check_history(node, metric, start_ms, end_ms)
        series = self._series.get((node, metric), {})
        keys = sorted(k for k in series if start_ms <= k[0] < end_ms)
        if limit is not None:
            keys = keys[:limit]
        return [HistoryPoint(node, metric, ts, series[(ts, seq)], seq) for ts, seq in keys]

    async def aggregate(
        self, node: str, metric: str, start_ms: int, end_ms: int, bucket_ms: int
    ) -> list[Bucket]:
        """min/max/avg/count per bucket, empty buckets left out."""
        check_history(node, metric, start_ms, end_ms)
        check_bucket(bucket_ms)
        groups: dict[int, list[float]] = {}
        for (ts, _seq), value in self._series.get((node, metric), {}).items():
            if start_ms <= ts < end_ms:
                groups.setdefault(bucket_start(ts, bucket_ms), []).append(value)
        return [
            Bucket(b, len(v), min(v), max(v), sum(v) / len(v)) for b, v in sorted(groups.items())
        ]

    async def retention(self, older_than_ms: int) -> int:
        """Delete points older than ``older_than_ms``."""
        deleted = 0
        for series in self._series.values():
            old = [k for k in series if k[0] < older_than_ms]
            for k in old:
                del series[k]
            deleted += len(old)
        return deleted

    async def count(self, node: str | None = None) -> int:
        """Number of stored points, optionally of one node."""
        return sum(len(s) for (n, _m), s in self._series.items() if node is None or n == node)

    async def close(self) -> None:
        """Nothing to release."""


class MemoryCache:
    """A bounded LRU dict with per-key expiry on a (replaceable) monotonic clock."""

    def __init__(self, *, clock: Clock = time.monotonic, max_items: int = 100_000) -> None:
        self._items: OrderedDict[str, tuple[bytes, float | None]] = OrderedDict()
        self._clock = clock
        self._max_items = max_items

    @classmethod
    async def open(cls, url: str, *, clock: Clock = time.monotonic) -> MemoryCache:
        """``memory://`` or ``memory://NAME``; ``?max_items=N`` bounds the size (LRU eviction)."""
        from cloud.stores._common import url_options

        opts = url_options(url)
        try:
            max_items = int(opts.get("max_items", "100000"))
        except ValueError as exc:
            raise CloudError(
                f"memory cache URL: max_items {opts['max_items']!r} not an int"
            ) from exc
        store: MemoryCache = _shared("cache", url, lambda: cls(clock=clock, max_items=max_items))
        return store

    async def __aenter__(self) -> MemoryCache:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def get(self, key: str) -> bytes | None:
        """The value, or ``None`` if missing or expired."""
        item = self._items.get(key)
        if item is None:
            return None
        value, expires = item
        if expires is not None and self._clock() >= expires:
            del self._items[key]
            return None
        self._items.move_to_end(key)
        return value

    async def set(self, key: str, value: bytes, ttl_s: float | None = None) -> None:
        """Store ``value`` for ``ttl_s`` seconds (forever when ``None``)."""
        if not isinstance(value, bytes | bytearray | memoryview):
            raise InvalidInput(
                f"cache key {key!r}: value must be bytes, got {type(value).__name__}"
            )
        if ttl_s is not None and ttl_s <= 0:
            raise InvalidInput(f"cache key {key!r}: ttl_s {ttl_s!r} must be > 0")
        expires = None if ttl_s is None else self._clock() + ttl_s
        self._items[key] = (bytes(value), expires)
        self._items.move_to_end(key)
        while len(self._items) > self._max_items:
            self._items.popitem(last=False)

    async def delete(self, key: str) -> bool:
        """Remove ``key``; ``True`` if it was present and not expired."""
        present = await self.get(key) is not None
        self._items.pop(key, None)
        return present

    async def close(self) -> None:
        """Nothing to release."""


class MemoryDeadLetterStore:
    """The most recent dead letters (``?max_items=N``, default 10,000), oldest dropped first."""

    def __init__(self, max_items: int = 10_000) -> None:
        self._items: deque[DeadLetter] = deque(maxlen=max_items)

    @classmethod
    async def open(cls, url: str) -> MemoryDeadLetterStore:
        """``memory://`` or ``memory://NAME``."""
        from cloud.stores._common import url_options

        opts = url_options(url)
        try:
            max_items = int(opts.get("max_items", "10000"))
        except ValueError as exc:
            raise CloudError(f"memory dead-letter URL: max_items {opts['max_items']!r}") from exc
        store: MemoryDeadLetterStore = _shared("deadletters", url, lambda: cls(max_items))
        return store

    async def __aenter__(self) -> MemoryDeadLetterStore:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def put(self, topic: str, payload: bytes, reason: str, ts: int) -> None:
        """Store a rejected message, payload cut to the maximum size."""
        data, size = truncate_payload(payload)
        self._items.append(DeadLetter(str(topic)[:1024], data, str(reason)[:2048], int(ts), size))

    async def list(self, limit: int = 100) -> builtins.list[DeadLetter]:
        """Newest first."""
        ordered = sorted(reversed(self._items), key=lambda d: d.ts, reverse=True)
        return ordered[:limit]

    async def count(self) -> int:
        """Number of stored dead letters."""
        return len(self._items)

    async def retention(self, older_than_ms: int) -> int:
        """Delete dead letters older than ``older_than_ms``."""
        keep = [d for d in self._items if d.ts >= older_than_ms]
        deleted = len(self._items) - len(keep)
        self._items.clear()
        self._items.extend(keep)
        return deleted

    async def close(self) -> None:
        """Nothing to release."""
