"""MongoDB stores (``mongodb://…/db``), also run on mongomock-ng (``mongomock://NAME/db``) in tests.

Real-time: one collection per service (``rt_<service>``) with a 2dsphere index on ``location`` and
``$nearSphere`` queries, plus ``rt_index`` mapping node → service for lookups by id. Documents carry
a revision number; a batch reads the documents it touches, applies the messages with the shared
rules in :mod:`cloud.stores._common` and writes each back only if its revision is unchanged,
re-reading and re-applying on a conflict, so concurrent ingest workers never lose an update.

History: a time-series collection when the server supports it (MongoDB ≥ 5.0), else a plain
collection with a unique index on (node, metric, ts, seq). Time-series collections cannot hold a
unique index, so appends skip points already stored and aggregates drop repeats before grouping.

pymongo is synchronous; every call runs on the store's worker thread (:class:`Worker`).
"""

from __future__ import annotations

import asyncio
import builtins
import datetime as dt
import logging
import re
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from urllib.parse import urlsplit

import pymongo
import pymongo.errors

from cloud._errors import BackendUnavailable, CloudError, StoreError
from cloud._models import (
    ACTIVE_LIFECYCLES,
    ApplyResult,
    Bucket,
    Condition,
    DeadLetter,
    HistoryPoint,
    NodeDoc,
    compile_filters,
    haversine_m,
)
from cloud.stores._common import (
    Prepared,
    Worker,
    apply_lifecycle,
    apply_message,
    check_bucket,
    check_history,
    check_item,
    check_lifecycle,
    check_near_args,
    check_points,
    is_stale,
    redact,
    truncate_payload,
    url_options,
)

__all__ = ["MongoDeadLetterStore", "MongoHistoryStore", "MongoRealtimeStore"]

logger = logging.getLogger(__name__)

Clock = Callable[[], float]

_MOCK_CLIENTS: dict[str, Any] = {}
_MAX_RETRIES = 8
_COLLECTION_RE = re.compile(r"[^A-Za-z0-9_\-]")


def _driver_errors() -> tuple[type[BaseException], ...]:
    errors: list[type[BaseException]] = [pymongo.errors.PyMongoError]
    try:
        import mongomock_ng

        errors.append(mongomock_ng.PyMongoError)
    except (ImportError, AttributeError):
        pass
    return tuple(errors)


def _without_option(url: str, key: str) -> str:
    parts = urlsplit(url)
    query = "&".join(p for p in parts.query.split("&") if p and p.split("=", 1)[0] != key)
    return parts._replace(query=query).geturl()


def _connect(url: str) -> tuple[Any, Any]:
    """Return (client, database) for a ``mongodb://`` or ``mongomock://`` URL."""
    parts = urlsplit(url)
    db_name = parts.path.strip("/") or "iotase"
    if parts.scheme == "mongomock":
        try:
            import mongomock_ng
        except ImportError as exc:
            raise BackendUnavailable(
                "mongomock:// needs the 'mongomock-ng' package; "
                "install it with: pip install 'iotase[dev]'"
            ) from exc
        # One fake server per URL host, so stores opened on the same URL share their data.
        client = _MOCK_CLIENTS.setdefault(parts.netloc, mongomock_ng.MongoClient())
        return client, client[db_name]
    options: dict[str, Any] = {"tz_aware": True}
    if "serverselectiontimeoutms" not in {k.lower() for k in url_options(url)}:
        options["serverSelectionTimeoutMS"] = 5000  # fail in seconds, not pymongo's 30
    # ``prefix`` is ours, not a MongoDB option: the driver must not see it.
    client = pymongo.MongoClient(_without_option(url, "prefix"), **options)
    client.admin.command("ping")  # fail at open, not at the first write
    return client, client.get_default_database(default=db_name)


class _MongoBase:
    def __init__(self, url: str) -> None:
        self._url = url
        self._where = f"MongoDB {redact(url)!r}"
        self._worker = Worker("mongo")
        self._errors = _driver_errors()
        self._client: Any = None
        self._db: Any = None
        self._prefix = url_options(url).get("prefix", "")

    async def _start(self) -> None:
        try:
            await self._run(self._open_sync)
        except CloudError as exc:
            self._worker.shutdown(self._close_sync)  # no thread or client left behind
            if isinstance(exc, StoreError):
                raise BackendUnavailable(f"cannot open {exc}") from exc.__cause__
            raise

    def _open_sync(self) -> None:
        self._client, self._db = _connect(self._url)
        self._setup()

    def _setup(self) -> None:
        """Create collections and indexes (on the worker thread)."""

    async def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        try:
            return await self._worker.run(fn, *args)
        except self._errors as exc:
            # Driver messages can echo the URL; never let a password through.
            text = str(exc).replace(self._url, redact(self._url))
            raise StoreError(f"{self._where}: {type(exc).__name__}: {text}") from exc

    def _close_sync(self) -> None:
        if self._client is not None and urlsplit(self._url).scheme != "mongomock":
            self._client.close()
        self._client = None

    async def close(self) -> None:
        """Close the client and stop the worker thread."""
        # Waits for calls still queued on the worker: do that off the event loop.
        await asyncio.to_thread(self._worker.shutdown, self._close_sync)

    async def __aenter__(self) -> Any:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


def _mongo_condition(cond: Condition) -> dict[str, Any]:
    """Translate a filter condition, with ``$type`` guards so comparisons stay within a type."""
    if cond.scope == "fields":
        path = f"fields.{_key(cond.name)}"
    elif cond.scope == "attributes":
        path = f"attributes.{_key(cond.name)}"
    else:
        path = f"metrics.{_key(cond.name)}.value"

    def bson_type(value: Any) -> str:
        if isinstance(value, bool):
            return "bool"
        return "number" if isinstance(value, int | float) else "string"

    def eq(value: Any) -> dict[str, Any]:
        return {path: {"$type": bson_type(value), "$eq": value}}

    if cond.op == "exists":
        return {path: {"$exists": cond.value}}
    if cond.op == "eq":
        return eq(cond.value)
    if cond.op == "ne":
        return {
            "$or": [{path: {"$not": {"$type": bson_type(cond.value)}}}, {path: {"$ne": cond.value}}]
        }
    if cond.op == "in":
        if not cond.value:
            return {path: {"$in": []}}
        return {"$or": [eq(v) for v in cond.value]}
    if isinstance(cond.value, bool):
        return {path: {"$in": []}}  # booleans have no order: never matches, as on every backend
    return {path: {"$type": bson_type(cond.value), f"${cond.op}": cond.value}}


# MongoDB reads "." in a query path as nesting and "$" at the start of a key as an operator, but
# UIDI allows metric names like "pm2.5" and free attribute keys: store those characters as
# look-alikes that no UIDI name contains, and turn them back on the way out.
_KEY_OUT = str.maketrans({".": "\uff0e", "$": "\uff04"})
_KEY_IN = str.maketrans({"\uff0e": ".", "\uff04": "$"})


def _key(name: str) -> str:
    return name.translate(_KEY_OUT)


def _keys_out(mapping: dict[str, Any]) -> dict[str, Any]:
    return {k.translate(_KEY_OUT): v for k, v in mapping.items()}


def _keys_in(mapping: dict[str, Any]) -> dict[str, Any]:
    return {k.translate(_KEY_IN): v for k, v in mapping.items()}


def _to_mongo(doc: NodeDoc, rev: int) -> dict[str, Any]:
    data = doc.to_dict()
    data["_id"] = doc.node
    data["rev"] = rev
    data["metrics"] = _keys_out(data["metrics"])
    data["attributes"] = _keys_out(data["attributes"])
    data["fields"] = _keys_out(doc.fields())
    data["recent"] = [[s, t] for s, t in doc.recent]
    if data["location"] is None:
        del data["location"]  # a 2dsphere index rejects null; missing is fine
    return data


def _from_mongo(raw: dict[str, Any]) -> NodeDoc:
    doc = NodeDoc.from_dict(raw)
    doc.metrics = _keys_in(doc.metrics)
    doc.attributes = _keys_in(doc.attributes)
    return doc


class MongoRealtimeStore(_MongoBase):
    """Latest node documents, one collection per service with a 2dsphere index."""

    def __init__(self, url: str, *, clock: Clock = time.time) -> None:
        super().__init__(url)
        self._clock = clock
        self._indexed: set[str] = set()

    @classmethod
    async def open(cls, url: str, *, clock: Clock = time.time) -> MongoRealtimeStore:
        """Connect to ``mongodb://…/db`` (``?prefix=`` prefixes collection names)."""
        store = cls(url, clock=clock)
        await store._start()
        return store

    async def __aenter__(self) -> MongoRealtimeStore:
        return self

    def _setup(self) -> None:
        self._index = self._db[f"{self._prefix}rt_index"]
        self._index.create_index("service")

    def _coll(self, service: str) -> Any:
        name = f"{self._prefix}rt_{_COLLECTION_RE.sub('_', service)}"
        coll = self._db[name]
        if name not in self._indexed:
            coll.create_index([("location", "2dsphere")])
            coll.create_index("lifecycle")
            self._indexed.add(name)
        return coll

    def _read(self, nodes: Sequence[str]) -> dict[str, tuple[str, int, NodeDoc]]:
        """node → (service collection it lives in, revision, document)."""
        by_service: dict[str, list[str]] = {}
        for entry in self._index.find({"_id": {"$in": list(nodes)}}):
            by_service.setdefault(entry["service"], []).append(entry["_id"])
        found: dict[str, tuple[str, int, NodeDoc]] = {}
        for service, names in by_service.items():
            for raw in self._coll(service).find({"_id": {"$in": names}}):
                found[raw["_id"]] = (service, int(raw.get("rev", 0)), _from_mongo(raw))
        return found

    def _write(self, node: str, stored: tuple[str, int, NodeDoc] | None, doc: NodeDoc) -> bool:
        """Write ``doc`` if the stored revision is still the one read; ``False`` on conflict."""
        if stored is None:
            try:
                self._coll(doc.service).insert_one(_to_mongo(doc, 1))
            except pymongo.errors.DuplicateKeyError:
                return False
            except self._errors as exc:
                if "duplicate" in str(exc).lower():
                    return False
                raise
            self._index.update_one({"_id": node}, {"$set": {"service": doc.service}}, upsert=True)
            return True
        service, rev, _old = stored
        if service == doc.service:
            res = self._coll(service).replace_one(
                {"_id": node, "rev": rev}, _to_mongo(doc, rev + 1)
            )
            return bool(res.matched_count)
        # A birth moved the node to another service: claim the old copy, then move it.
        res = self._coll(service).delete_one({"_id": node, "rev": rev})
        if not res.deleted_count:
            return False
        self._coll(doc.service).replace_one({"_id": node}, _to_mongo(doc, rev + 1), upsert=True)
        self._index.update_one({"_id": node}, {"$set": {"service": doc.service}}, upsert=True)
        return True

    def _apply_batch(
        self, checked: Sequence[tuple[Prepared, Any]], now_ms: int
    ) -> list[ApplyResult]:
        per_node: dict[str, list[int]] = {}
        for i, (tf, _msg) in enumerate(checked):
            per_node.setdefault(tf.node, []).append(i)
        prefetched = self._read(list(per_node))
        results: list[ApplyResult] = ["ignored"] * len(checked)
        for node, indexes in per_node.items():
            stored = prefetched.get(node)
            for _attempt in range(_MAX_RETRIES):
                doc = None if stored is None else NodeDoc.from_dict(stored[2].to_dict())
                outcome: list[ApplyResult] = []
                dirty = False
                for i in indexes:
                    tf, msg = checked[i]
                    doc, result = apply_message(doc, tf, msg, now_ms)
                    outcome.append(result)
                    dirty = dirty or (doc is not None and result not in ("duplicate", "ignored"))
                if not dirty or doc is None or self._write(node, stored, doc):
                    for i, result in zip(indexes, outcome, strict=True):
                        results[i] = result
                    break
                stored = self._read([node]).get(node)  # someone else wrote it: redo on fresh state
            else:
                raise StoreError(
                    f"{self._where}: node {node!r} kept changing under us; gave up after "
                    f"{_MAX_RETRIES} attempts"
                )
        return results

    async def apply_many(self, items: Sequence[tuple[Any, Any]]) -> list[ApplyResult]:
        """Apply (topic, message) pairs in order; nothing is written if one is malformed."""
        checked = [(check_item(t, m, f"item {i}"), m) for i, (t, m) in enumerate(items)]
        if not checked:
            return []
        results: list[ApplyResult] = await self._run(
            self._apply_batch, checked, int(self._clock() * 1000)
        )
        return results

    async def upsert_birth(self, state: Any, topic: Any) -> ApplyResult:
        """Store a State birth (see :class:`cloud.RealtimeStore`)."""
        return (await self.apply_many([(topic, state)]))[0]

    async def apply_input(self, msg: Any, topic: Any) -> ApplyResult:
        """Apply an Input/Output message (see :class:`cloud.RealtimeStore`)."""
        return (await self.apply_many([(topic, msg)]))[0]

    def _set_lifecycle(self, node: str, lifecycle: str, ts: int, now_ms: int) -> bool:
        for _attempt in range(_MAX_RETRIES):
            stored = self._read([node]).get(node)
            if stored is None:
                return False
            doc = stored[2]
            if not apply_lifecycle(doc, lifecycle, ts, now_ms):
                return False
            if self._write(node, stored, doc):
                return True
        raise StoreError(f"{self._where}: node {node!r} kept changing; lifecycle not set")

    async def set_lifecycle(self, node: str, lifecycle: str, ts: int) -> bool:
        """Set a node's lifecycle unless a newer one is stored."""
        value = check_lifecycle(lifecycle)
        done: bool = await self._run(
            self._set_lifecycle, node, value, int(ts), int(self._clock() * 1000)
        )
        return done

    async def get(self, node: str) -> NodeDoc | None:
        """The node's document, or ``None``."""

        def run() -> NodeDoc | None:
            stored = self._read([node]).get(node)
            return None if stored is None else stored[2]

        doc: NodeDoc | None = await self._run(run)
        return doc

    def _services(self) -> list[str]:
        return sorted(str(s) for s in self._index.distinct("service"))

    def _near(
        self,
        lon: float,
        lat: float,
        radius_m: float,
        services: Sequence[str] | None,
        conditions: list[Condition],
        limit: int,
        include_offline: bool,
    ) -> list[tuple[NodeDoc, float]]:
        query: dict[str, Any] = {
            "location": {
                "$nearSphere": {
                    "$geometry": {"type": "Point", "coordinates": [lon, lat]},
                    # The server's sphere may differ slightly from ours; pad, then refine below.
                    "$maxDistance": radius_m * 1.005 + 1.0,
                }
            }
        }
        if not include_offline:
            query["lifecycle"] = {"$in": sorted(ACTIVE_LIFECYCLES)}
        if conditions:
            query["$and"] = [_mongo_condition(c) for c in conditions]
        found: list[tuple[float, str, NodeDoc]] = []
        for service in self._services() if services is None else services:
            for raw in self._coll(service).find(query).limit(limit):
                doc = _from_mongo(raw)
                if doc.location is None:
                    continue
                dist = haversine_m(lon, lat, doc.location[0], doc.location[1])
                if dist <= radius_m:
                    found.append((dist, doc.node, doc))
        found.sort(key=lambda t: (t[0], t[1]))
        return [(doc, dist) for dist, _n, doc in found[:limit]]

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
        svc = None if services is None else list(services)
        found: list[tuple[NodeDoc, float]] = await self._run(
            self._near, float(lon), float(lat), float(radius_m), svc, conditions, limit,
            include_offline,
        )  # fmt: skip
        return found

    def _stale(
        self, now_ms: int, factor: float, default_keepalive_s: float | None
    ) -> list[NodeDoc]:
        keepalive: Any = (
            "$keepalive_s"
            if default_keepalive_s is None
            else {"$ifNull": ["$keepalive_s", default_keepalive_s]}
        )
        query = {
            "lifecycle": "online",
            "$expr": {
                "$gt": [
                    {"$subtract": [now_ms, "$last_seen_ms"]},
                    {"$multiply": [factor * 1000, keepalive]},
                ]
            },
        }
        out: list[NodeDoc] = []
        for service in self._services():
            for raw in self._coll(service).find(query):
                doc = _from_mongo(raw)
                if is_stale(doc, now_ms, factor, default_keepalive_s):
                    out.append(doc)
        return out

    async def stale(
        self, now_ms: int, *, factor: float = 1.5, default_keepalive_s: float | None = None
    ) -> list[NodeDoc]:
        """Online nodes silent for more than ``factor`` × keepalive."""
        docs: list[NodeDoc] = await self._run(self._stale, now_ms, factor, default_keepalive_s)
        return docs

    async def count(self, service: str | None = None) -> int:
        """Number of nodes, optionally of one service."""
        query = {} if service is None else {"service": service}
        n: int = await self._run(lambda: int(self._index.count_documents(query)))
        return n

    async def services(self) -> list[str]:
        """Services with at least one node, sorted."""
        names: list[str] = await self._run(self._services)
        return names


def _when(ts_ms: int) -> dt.datetime:
    return dt.datetime.fromtimestamp(ts_ms / 1000, tz=dt.UTC)


class MongoHistoryStore(_MongoBase):
    """Readings in a time-series collection (or a plain one with a unique key where unsupported)."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.timeseries = False

    @classmethod
    async def open(cls, url: str) -> MongoHistoryStore:
        """Connect to ``mongodb://…/db`` (``?prefix=`` prefixes the collection name)."""
        store = cls(url)
        await store._start()
        return store

    async def __aenter__(self) -> MongoHistoryStore:
        return self

    def _setup(self) -> None:
        name = f"{self._prefix}history"
        existing = {c["name"]: c for c in self._db.list_collections()}
        if name in existing:
            self.timeseries = "timeseries" in existing[name].get("options", {})
        else:
            try:
                self._db.create_collection(
                    name, timeseries={"timeField": "t", "metaField": "m", "granularity": "seconds"}
                )
                self.timeseries = True
            except Exception as exc:
                if not isinstance(exc, (NotImplementedError, *self._errors)):
                    raise
                # Servers before 5.0 (and mongomock) have no time-series collections.
                logger.info("history on %s: plain collection (%s)", self._where, exc)
                self._db.create_collection(name)
        self._coll = self._db[name]
        key = [("m.node", 1), ("m.metric", 1), ("ts", 1), ("seq", 1)]
        if self.timeseries:
            self._coll.create_index([("m.node", 1), ("m.metric", 1), ("t", 1)])
        else:
            self._coll.create_index(key, unique=True)
            self._coll.create_index("ts")

    def _append(self, points: Sequence[HistoryPoint]) -> int:
        seen: set[tuple[str, str, int, int]] = set()
        docs = []
        if self.timeseries:
            lo, hi = min(p.ts for p in points), max(p.ts for p in points)
            for raw in self._coll.find(
                {
                    "m.node": {"$in": list({p.node for p in points})},
                    "t": {"$gte": _when(lo), "$lte": _when(hi)},
                },
                {"m": 1, "ts": 1, "seq": 1},
            ):
                seen.add((raw["m"]["node"], raw["m"]["metric"], raw["ts"], raw["seq"]))
        for p in points:
            key = (p.node, p.metric, int(p.ts), int(p.seq))
            if key in seen:
                continue
            seen.add(key)
            docs.append(
                {"t": _when(p.ts), "ts": key[2], "seq": key[3], "v": float(p.value),
                 "m": {"node": p.node, "metric": p.metric}}
            )  # fmt: skip
        if not docs:
            return 0
        try:
            return len(self._coll.insert_many(docs, ordered=False).inserted_ids)
        except pymongo.errors.BulkWriteError as exc:
            return int(exc.details.get("nInserted", 0))
        except self._errors as exc:
            details = getattr(exc, "details", None)
            if isinstance(details, Mapping) and "nInserted" in details:
                return int(details["nInserted"])
            raise

    async def append(self, points: Sequence[HistoryPoint]) -> int:
        """Store points; those already stored are skipped. Returns how many were new."""
        check_points(points)
        if not points:
            return 0
        new: int = await self._run(self._append, list(points))
        return new

    def _match(self, node: str, metric: str, start_ms: int, end_ms: int) -> dict[str, Any]:
        return {
            "m.node": node,
            "m.metric": metric,
            "t": {"$gte": _when(start_ms), "$lte": _when(end_ms)},
            "ts": {"$gte": start_ms, "$lt": end_ms},
        }

    async def range(
        self, node: str, metric: str, start_ms: int, end_ms: int, *, limit: int | None = None
    ) -> list[HistoryPoint]:
        """Points with ``start_ms <= ts < end_ms``, oldest first."""
        check_history(node, metric, start_ms, end_ms)

        def run() -> list[HistoryPoint]:
            out: list[HistoryPoint] = []
            last: tuple[int, int] | None = None
            cursor = self._coll.find(self._match(node, metric, start_ms, end_ms)).sort(
                [("ts", 1), ("seq", 1)]
            )
            for raw in cursor:
                key = (int(raw["ts"]), int(raw["seq"]))
                if key == last:
                    continue  # a repeat that slipped into a time-series collection
                last = key
                out.append(HistoryPoint(node, metric, key[0], float(raw["v"]), key[1]))
                if limit is not None and len(out) >= limit:
                    break
            return out

        points: list[HistoryPoint] = await self._run(run)
        return points

    async def aggregate(
        self, node: str, metric: str, start_ms: int, end_ms: int, bucket_ms: int
    ) -> list[Bucket]:
        """min/max/avg/count per bucket, computed by the server; empty buckets left out."""
        check_history(node, metric, start_ms, end_ms)
        check_bucket(bucket_ms)
        pipeline = [
            {"$match": self._match(node, metric, start_ms, end_ms)},
            {"$group": {"_id": {"ts": "$ts", "seq": "$seq"}, "v": {"$first": "$v"}}},
            {
                "$group": {
                    "_id": {"$subtract": ["$_id.ts", {"$mod": ["$_id.ts", bucket_ms]}]},
                    "count": {"$sum": 1},
                    "min": {"$min": "$v"},
                    "max": {"$max": "$v"},
                    "avg": {"$avg": "$v"},
                }
            },
            {"$sort": {"_id": 1}},
        ]

        def run() -> list[Bucket]:
            return [
                Bucket(
                    int(r["_id"]),
                    int(r["count"]),
                    float(r["min"]),
                    float(r["max"]),
                    float(r["avg"]),
                )
                for r in self._coll.aggregate(pipeline)
            ]

        buckets: list[Bucket] = await self._run(run)
        return buckets

    async def retention(self, older_than_ms: int) -> int:
        """Delete points older than ``older_than_ms`` (time-series deletes need MongoDB ≥ 7.0)."""

        def run() -> int:
            return int(self._coll.delete_many({"t": {"$lt": _when(older_than_ms)}}).deleted_count)

        deleted: int = await self._run(run)
        return deleted

    async def count(self, node: str | None = None) -> int:
        """Number of stored points, optionally of one node."""
        query = {} if node is None else {"m.node": node}
        n: int = await self._run(lambda: int(self._coll.count_documents(query)))
        return n


class MongoDeadLetterStore(_MongoBase):
    """Rejected messages in one collection, payloads cut to ``MAX_DEADLETTER_BYTES``."""

    @classmethod
    async def open(cls, url: str) -> MongoDeadLetterStore:
        """Connect to ``mongodb://…/db`` (``?prefix=`` prefixes the collection name)."""
        store = cls(url)
        await store._start()
        return store

    async def __aenter__(self) -> MongoDeadLetterStore:
        return self

    def _setup(self) -> None:
        self._coll = self._db[f"{self._prefix}deadletters"]
        self._coll.create_index([("ts", -1)])

    async def put(self, topic: str, payload: bytes, reason: str, ts: int) -> None:
        """Store a rejected message."""
        data, size = truncate_payload(payload)
        doc = {"topic": str(topic)[:1024], "payload": data, "reason": str(reason)[:2048],
               "ts": int(ts), "size": size, "n": time.monotonic_ns()}  # fmt: skip
        await self._run(self._coll.insert_one, doc)

    async def list(self, limit: int = 100) -> builtins.list[DeadLetter]:
        """Newest first."""

        def run() -> builtins.list[DeadLetter]:
            cursor = self._coll.find().sort([("ts", -1), ("n", -1)]).limit(limit)
            return [
                DeadLetter(
                    r["topic"], bytes(r["payload"]), r["reason"], int(r["ts"]), int(r["size"])
                )
                for r in cursor
            ]

        items: builtins.list[DeadLetter] = await self._run(run)
        return items

    async def count(self) -> int:
        """Number of stored dead letters."""
        n: int = await self._run(lambda: int(self._coll.count_documents({})))
        return n

    async def retention(self, older_than_ms: int) -> int:
        """Delete dead letters older than ``older_than_ms``."""

        def run() -> int:
            return int(self._coll.delete_many({"ts": {"$lt": older_than_ms}}).deleted_count)

        deleted: int = await self._run(run)
        return deleted
