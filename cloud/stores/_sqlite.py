"""SQLite stores (``sqlite:///path.db``): the embedded default for real-time, history, dead letters.

Each store owns one connection on one dedicated worker thread (:class:`Worker`); the event loop
only awaits. The database runs in WAL mode so readers never wait for the ingest writer, and every
batch is one ``BEGIN IMMEDIATE`` transaction, which also serialises read-modify-write across
processes sharing the file (two ingest workers).

Geo queries use an R*Tree of node points: the query's bounding box selects candidates in C, an
equirectangular distance (plain arithmetic, also in C) orders them, and Python refines the few it
reads with the haversine distance, stopping as soon as no unread row can still make the top
``limit``.
"""

from __future__ import annotations

import asyncio
import builtins
import heapq
import json
import logging
import math
import sqlite3
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from cloud._errors import BackendUnavailable, CloudError, StoreError
from cloud._models import (
    ACTIVE_LIFECYCLES,
    EARTH_RADIUS_M,
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
    sqlite_path,
    truncate_payload,
)

__all__ = ["SqliteDeadLetterStore", "SqliteHistoryStore", "SqliteRealtimeStore"]

logger = logging.getLogger(__name__)

Clock = Callable[[], float]

_DEG_M = math.pi / 180.0 * EARTH_RADIUS_M  # metres per degree of latitude on our sphere
_CHUNK = 500  # parameters per IN (...) list, well under SQLite's limit
# The R*Tree's service and active dimensions are stored in units this small, so that they never
# outweigh geography when the tree decides how to split its nodes (integer codes spread across
# a range wider than a city make it cluster by service and lose locality); queries match them
# with a tolerance of half a step, as the tree stores float32 bounds rounded outwards.
_DIM_STEP = 1e-5
_DIM_TOL = 0.4e-5


class _SqliteBase:
    """A connection living on its own worker thread, with driver errors translated."""

    _schema: str = ""
    _schema_version: int = 1

    def __init__(self, path: str) -> None:
        self._path = path
        self._worker = Worker(f"sqlite-{Path(path).name}")
        self._conn: sqlite3.Connection | None = None

    async def _start(self) -> None:
        try:
            await self._run(self._connect)
        except CloudError as exc:
            self._worker.shutdown()  # a store that failed to open keeps no thread behind
            if isinstance(exc, StoreError):
                raise BackendUnavailable(f"cannot open {exc}") from exc.__cause__
            raise

    def _connect(self) -> None:
        if self._path != ":memory:":
            parent = Path(self._path).expanduser().resolve().parent
            parent.mkdir(parents=True, exist_ok=True)
        # Autocommit mode: transactions are opened explicitly, so a batch is exactly one.
        conn = sqlite3.connect(self._path, isolation_level=None, timeout=30.0)
        conn.execute("PRAGMA busy_timeout=30000")
        if self._path != ":memory:":
            conn.execute("PRAGMA journal_mode=WAL")
        # NORMAL in WAL mode: a power cut may lose the last commits, never corrupts the file.
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.execute("PRAGMA temp_store=MEMORY")
        conn.execute("PRAGMA cache_size=-32768")
        # Memory-mapped reads: geo scans touch pages without a read() system call each.
        conn.execute("PRAGMA mmap_size=268435456")
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = conn.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'")
        tables = tables.fetchone()[0]
        if tables and version != self._schema_version:
            conn.close()
            raise BackendUnavailable(
                f"SQLite {self._path!r}: schema version {version}, this release uses "
                f"{self._schema_version}; move the file away (or point the URL elsewhere) "
                "to start a new one"
            )
        conn.executescript(self._schema)
        conn.execute(f"PRAGMA user_version = {self._schema_version}")
        self._conn = conn

    @property
    def conn(self) -> sqlite3.Connection:
        if self._conn is None:
            raise CloudError(f"SQLite store {self._path!r} is not open")
        return self._conn

    async def _run(self, fn: Callable[..., Any], *args: Any) -> Any:
        try:
            return await self._worker.run(fn, *args)
        except sqlite3.Error as exc:
            raise StoreError(f"SQLite {self._path!r}: {type(exc).__name__}: {exc}") from exc

    def _transaction(self, fn: Callable[..., Any], *args: Any) -> Any:
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            result = fn(*args)
        except BaseException:
            conn.execute("ROLLBACK")
            self._rolled_back()
            raise
        conn.execute("COMMIT")
        return result

    def _rolled_back(self) -> None:
        """Forget anything cached from the transaction that was just rolled back."""

    def _close_conn(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    async def close(self) -> None:
        """Close the connection and stop the worker thread."""
        # Waits for calls still queued on the worker: do that off the event loop.
        await asyncio.to_thread(self._worker.shutdown, self._close_conn)

    async def __aenter__(self) -> Any:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


# --- real-time -------------------------------------------------------------------------------

_RT_SCHEMA = """
-- Narrow rows that geo queries touch; the full document lives in ``docs`` (same id), so a
-- candidate scan reads few pages.
CREATE TABLE IF NOT EXISTS nodes (
    id INTEGER PRIMARY KEY,
    node TEXT NOT NULL UNIQUE,
    service TEXT NOT NULL,
    lifecycle TEXT NOT NULL,
    lon REAL,
    lat REAL,
    last_seen_ms INTEGER NOT NULL,
    keepalive_s INTEGER,
    fields TEXT NOT NULL    -- flat JSON of filterable values: NAME, attributes.NAME, metrics.NAME
);
CREATE TABLE IF NOT EXISTS docs (
    id INTEGER PRIMARY KEY,
    doc TEXT NOT NULL       -- the whole NodeDoc as a positional JSON array (see _encode)
);
CREATE INDEX IF NOT EXISTS nodes_service ON nodes(service);
CREATE TABLE IF NOT EXISTS service_codes (code INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);
-- Besides lon/lat, the R*Tree indexes the service (as its code) and whether the node is active,
-- so a query for a few services among many, skipping offline nodes, visits only its own nodes.
CREATE VIRTUAL TABLE IF NOT EXISTS nodes_geo USING rtree(
    id, min_lon, max_lon, min_lat, max_lat, min_svc, max_svc, min_active, max_active
);
"""


def _flat_fields(doc: NodeDoc) -> str:
    flat: dict[str, Any] = {}
    for k, v in doc.attributes.items():
        flat[k] = v
        flat["attributes." + k] = v
    for k, reading in doc.metrics.items():
        flat[k] = reading.get("value")
        flat["metrics." + k] = reading.get("value")
    return json.dumps(flat, separators=(",", ":"))


def _encode(doc: NodeDoc) -> tuple[str, str]:
    """The stored form of a document: a positional JSON array (see :func:`_decode`) and the
    flat ``fields`` JSON. Positional because ingest encodes one per message: no keys to write."""
    lon, lat = doc.location if doc.location is not None else (None, None)
    recent = [x for pair in doc.recent for x in pair]
    row = [
        doc.node, doc.service, doc.region, doc.tenant, doc.name, lon, lat, doc.attributes,
        doc.devices, doc.lifecycle, doc.lifecycle_ts, doc.keepalive_s, doc.metrics, doc.ts,
        doc.seq, doc.last_seen_ms, doc.updated_ms, doc.birth_ts, doc.birth_seq, recent,
    ]  # fmt: skip
    return json.dumps(row, separators=(",", ":")), _flat_fields(doc)


class _GeoFilter(NamedTuple):
    """SQL pieces of one ``near`` query: R*Tree constraints (one parameter set per R*Tree
    search) and conditions on the joined ``nodes`` row."""

    rtree_sql: str
    rtree_params: list[list[Any]]
    where_sql: str
    params: list[Any]


def _geo_key(doc: NodeDoc) -> tuple[Any, ...]:
    """What the R*Tree row of a node depends on."""
    return (doc.location, doc.service, doc.lifecycle in ACTIVE_LIFECYCLES)


def _decode(doc_json: str) -> NodeDoc:
    """Rebuild a document written by :func:`_encode`.

    This is the hot path of ``near`` and of ingest (one call per document), so it builds the
    dataclass straight from the freshly parsed JSON, which nothing else holds.
    """
    (node, service, region, tenant, name, lon, lat, attributes, devices, lifecycle, lifecycle_ts,
     keepalive_s, metrics, ts, seq, last_seen_ms, updated_ms, birth_ts, birth_seq,
     recent) = json.loads(doc_json)  # fmt: skip
    return NodeDoc(
        node, service, region, tenant, name, None if lon is None else (lon, lat), attributes,
        devices, lifecycle, lifecycle_ts, keepalive_s, metrics, ts, seq, last_seen_ms, updated_ms,
        birth_ts, birth_seq, list(zip(recent[0::2], recent[1::2], strict=True)),
    )  # fmt: skip


def _sql_condition(cond: Condition, params: list[Any]) -> str:
    """Translate a filter condition to SQL over the flat ``fields`` JSON, typed like MongoDB."""
    key = cond.name if cond.scope == "fields" else f"{cond.scope}.{cond.name}"
    path = f'$."{key}"'  # key is restricted to [A-Za-z0-9_.-] by compile_filters
    typ = "json_type(n.fields, ?)"
    val = "json_extract(n.fields, ?)"

    def typed(op: str, value: Any) -> str:
        if isinstance(value, bool):
            if op != "=":
                return "0"
            params.extend([path, path, int(value)])
            return f"({typ} IN ('true','false') AND {val} = ?)"
        family = "IN ('integer','real')" if isinstance(value, int | float) else "= 'text'"
        params.extend([path, path, value])
        return f"({typ} {family} AND {val} {op} ?)"

    if cond.op == "exists":
        params.append(path)
        return f"({typ} IS {'NOT ' if cond.value else ''}NULL)"
    if cond.op == "eq":
        return typed("=", cond.value)
    if cond.op == "ne":
        return f"NOT COALESCE({typed('=', cond.value)}, 0)"
    if cond.op == "in":
        if not cond.value:
            return "0"
        return "COALESCE(" + " OR ".join(typed("=", v) for v in cond.value) + ", 0)"
    sql_op = {"lt": "<", "lte": "<=", "gt": ">", "gte": ">="}[cond.op]
    return typed(sql_op, cond.value)


class SqliteRealtimeStore(_SqliteBase):
    """Latest node documents in SQLite with an R*Tree geo index."""

    _schema = _RT_SCHEMA
    _schema_version = 4

    def __init__(self, path: str, *, clock: Clock = time.time) -> None:
        super().__init__(path)
        self._clock = clock
        self._codes: dict[str, int] = {}  # service name → code; codes never change once given

    def _rolled_back(self) -> None:
        self._codes.clear()

    def _code_for_write(self, service: str) -> int:
        code = self._codes.get(service)
        if code is None:
            conn = self.conn
            conn.execute("INSERT OR IGNORE INTO service_codes (name) VALUES (?)", (service,))
            code = int(
                conn.execute(
                    "SELECT code FROM service_codes WHERE name = ?", (service,)
                ).fetchone()[0]
            )
            self._codes[service] = code
        return code

    def _codes_for_read(self, services: Sequence[str]) -> list[int]:
        missing = [s for s in services if s not in self._codes]
        if missing:
            marks = ",".join("?" * len(missing))
            rows = self.conn.execute(
                f"SELECT name, code FROM service_codes WHERE name IN ({marks})", missing
            )
            self._codes.update({name: int(code) for name, code in rows})
        return sorted({self._codes[s] for s in services if s in self._codes})

    @classmethod
    async def open(cls, url: str, *, clock: Clock = time.time) -> SqliteRealtimeStore:
        """Open (creating if needed) the database at ``sqlite:///path``."""
        store = cls(sqlite_path(url), clock=clock)
        await store._start()
        return store

    async def __aenter__(self) -> SqliteRealtimeStore:
        return self

    # writes ----------------------------------------------------------------------------------

    def _load(self, nodes: Iterable[str]) -> dict[str, tuple[int, NodeDoc]]:
        found: dict[str, tuple[int, NodeDoc]] = {}
        names = list(nodes)
        for i in range(0, len(names), _CHUNK):
            part = names[i : i + _CHUNK]
            rows = self.conn.execute(
                "SELECT n.id, n.node, d.doc FROM nodes n JOIN docs d ON d.id = n.id "
                f"WHERE n.node IN ({','.join('?' * len(part))})",
                part,
            )
            for row_id, node, doc_json in rows:
                found[node] = (row_id, _decode(doc_json))
        return found

    def _save(
        self,
        docs: Mapping[str, NodeDoc],
        loaded: Mapping[str, tuple[int, tuple[Any, ...]]],
    ) -> None:
        """Write changed documents; ``loaded`` gives row id and stored geo key of existing ones."""
        conn = self.conn
        updates = []
        doc_rows = []
        geo: list[tuple[int, float, float, float, float]] = []
        geo_delete: list[tuple[int]] = []
        for node, doc in docs.items():
            doc_json, fields = _encode(doc)
            lon, lat = doc.location if doc.location is not None else (None, None)
            row = (doc.service, doc.lifecycle, lon, lat, doc.last_seen_ms, doc.keepalive_s, fields)
            if node in loaded:
                row_id, stored_key = loaded[node]
                updates.append((*row, row_id))
                doc_rows.append((row_id, doc_json))
                if stored_key == _geo_key(doc):
                    continue  # most writes: new readings only, the R*Tree stays as it is
            else:
                row_id = conn.execute(
                    "INSERT INTO nodes (service, lifecycle, lon, lat, last_seen_ms, keepalive_s, "
                    "fields, node) VALUES (?,?,?,?,?,?,?,?) RETURNING id",
                    (*row, node),
                ).fetchone()[0]
                doc_rows.append((row_id, doc_json))
            if doc.location is None:
                geo_delete.append((row_id,))
            else:
                active = _DIM_STEP if doc.lifecycle in ACTIVE_LIFECYCLES else 0.0
                code = self._code_for_write(doc.service) * _DIM_STEP
                geo.append((row_id, doc.location[0], doc.location[1], code, active))
        if updates:
            conn.executemany(
                "UPDATE nodes SET service=?, lifecycle=?, lon=?, lat=?, last_seen_ms=?, "
                "keepalive_s=?, fields=? WHERE id=?",
                updates,
            )
        conn.executemany("INSERT OR REPLACE INTO docs (id, doc) VALUES (?,?)", doc_rows)
        if geo:
            conn.executemany(
                "INSERT OR REPLACE INTO nodes_geo VALUES (?1, ?2, ?2, ?3, ?3, ?4, ?4, ?5, ?5)", geo
            )
        if geo_delete:
            conn.executemany("DELETE FROM nodes_geo WHERE id = ?", geo_delete)

    def _apply_batch(
        self, checked: Sequence[tuple[Prepared, Any]], now_ms: int
    ) -> list[ApplyResult]:
        loaded = self._load({tf.node for tf, _ in checked})
        work: dict[str, NodeDoc | None] = {n: d for n, (_id, d) in loaded.items()}
        # What the R*Tree holds, to touch it only when location, service or activity change.
        before = {n: (i, _geo_key(d)) for n, (i, d) in loaded.items()}
        changed: dict[str, NodeDoc] = {}
        results: list[ApplyResult] = []
        for tf, msg in checked:
            doc, result = apply_message(work.get(tf.node), tf, msg, now_ms)
            work[tf.node] = doc
            if doc is not None and result not in ("duplicate", "ignored"):
                changed[tf.node] = doc
            results.append(result)
        if changed:
            self._save(changed, before)
        return results

    async def apply_many(self, items: Sequence[tuple[Any, Any]]) -> list[ApplyResult]:
        """Apply (topic, message) pairs in order in one transaction; nothing if one is malformed."""
        checked = [(check_item(t, m, f"item {i}"), m) for i, (t, m) in enumerate(items)]
        if not checked:
            return []
        now = int(self._clock() * 1000)
        results: list[ApplyResult] = await self._run(
            self._transaction, self._apply_batch, checked, now
        )
        return results

    async def upsert_birth(self, state: Any, topic: Any) -> ApplyResult:
        """Store a State birth (see :class:`cloud.RealtimeStore`)."""
        return (await self.apply_many([(topic, state)]))[0]

    async def apply_input(self, msg: Any, topic: Any) -> ApplyResult:
        """Apply an Input/Output message (see :class:`cloud.RealtimeStore`)."""
        return (await self.apply_many([(topic, msg)]))[0]

    def _set_lifecycle(self, node: str, lifecycle: str, ts: int, now_ms: int) -> bool:
        loaded = self._load([node])
        if node not in loaded:
            return False
        row_id, doc = loaded[node]
        key = _geo_key(doc)
        if not apply_lifecycle(doc, lifecycle, ts, now_ms):
            return False
        self._save({node: doc}, {node: (row_id, key)})
        return True

    async def set_lifecycle(self, node: str, lifecycle: str, ts: int) -> bool:
        """Set a node's lifecycle unless a newer one is stored."""
        value = check_lifecycle(lifecycle)
        now = int(self._clock() * 1000)
        changed: bool = await self._run(
            self._transaction, self._set_lifecycle, node, value, int(ts), now
        )
        return changed

    # reads -----------------------------------------------------------------------------------

    def _get(self, node: str) -> NodeDoc | None:
        row = self.conn.execute(
            "SELECT d.doc FROM nodes n JOIN docs d ON d.id = n.id WHERE n.node = ?",
            (node,),
        ).fetchone()
        return None if row is None else _decode(row[0])

    async def get(self, node: str) -> NodeDoc | None:
        """The node's document, or ``None``."""
        doc: NodeDoc | None = await self._run(self._get, node)
        return doc

    def _candidates(
        self,
        lon: float,
        lat: float,
        query_m: float,
        geo: _GeoFilter,
        limit: int,
    ) -> list[tuple[float, int]] | None:
        """Up to ``limit`` nearest (distance, row id) with exact distance <= ``query_m``.

        ``None`` when the box crosses the antimeridian or nears a pole, where the flat
        approximation does not hold (the caller then scans exactly).
        """
        ang = query_m / EARTH_RADIUS_M
        dlat = math.degrees(ang)
        if abs(lat) + dlat >= 89.0 or ang >= math.pi / 8:
            return None
        # Half-width in longitude of a spherical cap: asin(sin(r) / cos(lat)).
        dlon = math.degrees(math.asin(min(1.0, math.sin(ang) / math.cos(math.radians(lat)))))
        if lon - dlon < -180.0 or lon + dlon > 180.0:
            return None
        # Relative error of the flat distance inside the box: cos(lat) varies by about
        # dlat·tan(lat) across it; doubled and padded so the bound is safe, not tight.
        err = 2.0 * (math.radians(dlat) * abs(math.tan(math.radians(lat))) + ang * ang) + 1e-6
        kx = math.cos(math.radians(lat))
        flat = "((n.lon - ?) * ?) * ((n.lon - ?) * ?) + (n.lat - ?) * (n.lat - ?)"
        flat_params = [lon, kx, lon, kx, lat, lat]
        sql = (
            f"SELECT n.id, n.lon, n.lat, {flat} AS d2 FROM nodes_geo g JOIN nodes n ON n.id = g.id "
            "WHERE g.min_lon <= ? AND g.max_lon >= ? AND g.min_lat <= ? AND g.max_lat >= ?"
            f"{geo.rtree_sql}{geo.where_sql} AND {flat} <= ? ORDER BY d2"
        )
        box = [lon + dlon, lon - dlon, lat + dlat, lat - dlat]
        limit_deg2 = (query_m * (1.0 + err) / _DEG_M) ** 2
        best: list[tuple[float, int]] = []  # max-heap by negated distance, at most ``limit``
        # One R*Tree search per requested service; they share the heap of the best so far.
        for rtree_params in geo.rtree_params:
            cursor = self.conn.execute(
                sql, [*flat_params, *box, *rtree_params, *geo.params, *flat_params, limit_deg2]
            )
            try:
                for row_id, nlon, nlat, d2 in cursor:
                    if len(best) >= limit and math.sqrt(d2) * _DEG_M / (1.0 + err) > -best[0][0]:
                        break  # rows come in flat-distance order: none left can beat the k-th
                    dist = haversine_m(lon, lat, nlon, nlat)
                    if dist > query_m:
                        continue
                    if len(best) < limit:
                        heapq.heappush(best, (-dist, row_id))
                    elif dist < -best[0][0]:
                        heapq.heapreplace(best, (-dist, row_id))
            finally:
                cursor.close()
        return sorted((-d, i) for d, i in best)

    def _exact_scan(
        self, lon: float, lat: float, radius_m: float, geo: _GeoFilter, limit: int
    ) -> list[tuple[float, int]]:
        """Exact haversine over the latitude band (antimeridian and polar queries)."""
        dlat = math.degrees(radius_m / EARTH_RADIUS_M)
        sql = (
            "SELECT n.id, n.lon, n.lat FROM nodes_geo g JOIN nodes n ON n.id = g.id "
            f"WHERE g.min_lat <= ? AND g.max_lat >= ?{geo.rtree_sql}{geo.where_sql}"
        )
        found = []
        for rtree_params in geo.rtree_params:
            for row_id, nlon, nlat in self.conn.execute(
                sql, [lat + dlat, lat - dlat, *rtree_params, *geo.params]
            ):
                dist = haversine_m(lon, lat, nlon, nlat)
                if dist <= radius_m:
                    found.append((dist, row_id))
        return heapq.nsmallest(limit, found)

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
        params: list[Any] = []
        where_sql = "".join(f" AND {_sql_condition(c, params)}" for c in conditions)
        rtree_sql = "" if include_offline else f" AND g.min_active >= {_DIM_STEP - _DIM_TOL!r}"
        if services is None:
            rtree_params: list[list[Any]] = [[]]
        else:
            codes = self._codes_for_read(services)
            if not codes:
                return []
            rtree_sql += " AND g.min_svc >= ? AND g.max_svc <= ?"
            rtree_params = [
                [code * _DIM_STEP - _DIM_TOL, code * _DIM_STEP + _DIM_TOL] for code in codes
            ]
        geo = _GeoFilter(rtree_sql, rtree_params, where_sql, params)

        # Grow the search circle from a quarter of the radius: in a dense city the ``limit``
        # nearest sit well inside it, and a smaller box means fewer candidates to visit. Every
        # node within the circle searched is seen, so once ``limit`` are found they are the
        # nearest overall.
        query_m = radius_m / 4 if radius_m > 400 else radius_m
        chosen: list[tuple[float, int]] | None
        while True:
            chosen = self._candidates(lon, lat, query_m, geo, limit)
            if chosen is None:
                chosen = self._exact_scan(lon, lat, radius_m, geo, limit)
                break
            if len(chosen) >= limit or query_m >= radius_m:
                break
            # Aim for the radius that should hold ``limit`` at the density just seen.
            grow = math.sqrt(limit / len(chosen)) * 1.25 if chosen else 4.0
            query_m = min(radius_m, query_m * max(grow, 1.5))
        if not chosen:
            return []
        ids = [i for _d, i in chosen]
        docs: dict[int, NodeDoc] = {}
        conn = self.conn
        for i in range(0, len(ids), _CHUNK):
            part = ids[i : i + _CHUNK]
            for row_id, doc_json in conn.execute(
                f"SELECT id, doc FROM docs WHERE id IN ({','.join('?' * len(part))})", part
            ):
                docs[row_id] = _decode(doc_json)
        out = [(docs[i], d) for d, i in chosen if i in docs]
        out.sort(key=lambda t: (t[1], t[0].node))
        return out

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
        rows = self.conn.execute(
            "SELECT d.doc FROM nodes n JOIN docs d ON d.id = n.id "
            "WHERE n.lifecycle = 'online' "
            "AND (? - n.last_seen_ms) > ? * 1000.0 * COALESCE(n.keepalive_s, ?)",
            (now_ms, factor, default_keepalive_s),
        )
        docs = [_decode(d) for (d,) in rows]
        return [d for d in docs if is_stale(d, now_ms, factor, default_keepalive_s)]

    async def stale(
        self, now_ms: int, *, factor: float = 1.5, default_keepalive_s: float | None = None
    ) -> list[NodeDoc]:
        """Online nodes silent for more than ``factor`` × keepalive."""
        docs: list[NodeDoc] = await self._run(self._stale, now_ms, factor, default_keepalive_s)
        return docs

    async def count(self, service: str | None = None) -> int:
        """Number of nodes, optionally of one service."""

        def run() -> int:
            if service is None:
                return int(self.conn.execute("SELECT count(*) FROM nodes").fetchone()[0])
            row = self.conn.execute("SELECT count(*) FROM nodes WHERE service = ?", (service,))
            return int(row.fetchone()[0])

        n: int = await self._run(run)
        return n

    async def services(self) -> list[str]:
        """Services with at least one node, sorted."""

        def run() -> list[str]:
            rows = self.conn.execute("SELECT DISTINCT service FROM nodes ORDER BY service")
            return [r[0] for r in rows]

        names: list[str] = await self._run(run)
        return names


# --- history ---------------------------------------------------------------------------------

_HISTORY_SCHEMA = """
CREATE TABLE IF NOT EXISTS history (
    node TEXT NOT NULL,
    metric TEXT NOT NULL,
    ts INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    value REAL NOT NULL,
    PRIMARY KEY (node, metric, ts, seq)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS history_ts ON history(ts);
"""


class SqliteHistoryStore(_SqliteBase):
    """Readings keyed by (node, metric, ts, seq), so a redelivered batch adds nothing."""

    _schema = _HISTORY_SCHEMA

    @classmethod
    async def open(cls, url: str) -> SqliteHistoryStore:
        """Open (creating if needed) the database at ``sqlite:///path``."""
        store = cls(sqlite_path(url))
        await store._start()
        return store

    async def __aenter__(self) -> SqliteHistoryStore:
        return self

    def _append(self, rows: list[tuple[str, str, int, int, float]]) -> int:
        before = self.conn.total_changes
        self.conn.executemany(
            "INSERT OR IGNORE INTO history (node, metric, ts, seq, value) VALUES (?,?,?,?,?)", rows
        )
        return self.conn.total_changes - before

    async def append(self, points: Sequence[HistoryPoint]) -> int:
        """Store points in one transaction; returns how many were new."""
        check_points(points)
        if not points:
            return 0
        rows = [(p.node, p.metric, int(p.ts), int(p.seq), float(p.value)) for p in points]
        new: int = await self._run(self._transaction, self._append, rows)
        return new

    async def range(
        self, node: str, metric: str, start_ms: int, end_ms: int, *, limit: int | None = None
    ) -> list[HistoryPoint]:
        """Points with ``start_ms <= ts < end_ms``, oldest first."""
        check_history(node, metric, start_ms, end_ms)

        def run() -> list[HistoryPoint]:
            rows = self.conn.execute(
                "SELECT ts, seq, value FROM history WHERE node = ? AND metric = ? "
                "AND ts >= ? AND ts < ? ORDER BY ts, seq LIMIT ?",
                (node, metric, start_ms, end_ms, -1 if limit is None else limit),
            )
            return [HistoryPoint(node, metric, ts, value, seq) for ts, seq, value in rows]

        points: list[HistoryPoint] = await self._run(run)
        return points

    async def aggregate(
        self, node: str, metric: str, start_ms: int, end_ms: int, bucket_ms: int
    ) -> list[Bucket]:
        """min/max/avg/count per bucket, empty buckets left out."""
        check_history(node, metric, start_ms, end_ms)
        check_bucket(bucket_ms)

        def run() -> list[Bucket]:
            # ((ts % b) + b) % b keeps buckets floored for times before 1970 too.
            rows = self.conn.execute(
                "SELECT ts - ((ts % ?1) + ?1) % ?1 AS b, count(*), min(value), max(value), "
                "avg(value) FROM history WHERE node = ?2 AND metric = ?3 AND ts >= ?4 AND ts < ?5 "
                "GROUP BY b ORDER BY b",
                (bucket_ms, node, metric, start_ms, end_ms),
            )
            return [Bucket(int(b), int(c), mn, mx, avg) for b, c, mn, mx, avg in rows]

        buckets: list[Bucket] = await self._run(run)
        return buckets

    async def retention(self, older_than_ms: int) -> int:
        """Delete points older than ``older_than_ms``."""

        def run() -> int:
            return self.conn.execute("DELETE FROM history WHERE ts < ?", (older_than_ms,)).rowcount

        deleted: int = await self._run(self._transaction, run)
        return deleted

    async def count(self, node: str | None = None) -> int:
        """Number of stored points, optionally of one node."""

        def run() -> int:
            if node is None:
                return int(self.conn.execute("SELECT count(*) FROM history").fetchone()[0])
            cur = self.conn.execute("SELECT count(*) FROM history WHERE node = ?", (node,))
            return int(cur.fetchone()[0])

        n: int = await self._run(run)
        return n


# --- dead letters ----------------------------------------------------------------------------

_DL_SCHEMA = """
CREATE TABLE IF NOT EXISTS deadletters (
    id INTEGER PRIMARY KEY,
    topic TEXT NOT NULL,
    payload BLOB NOT NULL,
    reason TEXT NOT NULL,
    ts INTEGER NOT NULL,
    size INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS deadletters_ts ON deadletters(ts);
"""


class SqliteDeadLetterStore(_SqliteBase):
    """Rejected messages in a table, payloads cut to ``MAX_DEADLETTER_BYTES``."""

    _schema = _DL_SCHEMA

    @classmethod
    async def open(cls, url: str) -> SqliteDeadLetterStore:
        """Open (creating if needed) the database at ``sqlite:///path``."""
        store = cls(sqlite_path(url))
        await store._start()
        return store

    async def __aenter__(self) -> SqliteDeadLetterStore:
        return self

    async def put(self, topic: str, payload: bytes, reason: str, ts: int) -> None:
        """Store a rejected message."""
        data, size = truncate_payload(payload)
        row = (str(topic)[:1024], data, str(reason)[:2048], int(ts), size)

        def run() -> None:
            self.conn.execute(
                "INSERT INTO deadletters (topic, payload, reason, ts, size) VALUES (?,?,?,?,?)", row
            )

        await self._run(run)

    async def list(self, limit: int = 100) -> builtins.list[DeadLetter]:
        """Newest first."""

        def run() -> builtins.list[DeadLetter]:
            rows = self.conn.execute(
                "SELECT topic, payload, reason, ts, size FROM deadletters "
                "ORDER BY ts DESC, id DESC LIMIT ?",
                (limit,),
            )
            return [DeadLetter(t, bytes(p), r, ts, s) for t, p, r, ts, s in rows]

        items: builtins.list[DeadLetter] = await self._run(run)
        return items

    async def count(self) -> int:
        """Number of stored dead letters."""

        def run() -> int:
            return int(self.conn.execute("SELECT count(*) FROM deadletters").fetchone()[0])

        n: int = await self._run(run)
        return n

    async def retention(self, older_than_ms: int) -> int:
        """Delete dead letters older than ``older_than_ms``."""

        def run() -> int:
            cur = self.conn.execute("DELETE FROM deadletters WHERE ts < ?", (older_than_ms,))
            return cur.rowcount

        deleted: int = await self._run(run)
        return deleted
