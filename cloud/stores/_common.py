"""Backend-independent pieces: applying UIDI messages to node documents, URLs, worker threads.

Every real-time backend loads the documents a batch touches, runs :func:`apply_message` on each
message in order and writes back the documents that changed, so that latest-wins, duplicate and
lifecycle rules are the same code on every backend.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import math
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, NamedTuple, ParamSpec, TypeVar
from urllib.parse import parse_qs, urlsplit

from cloud._errors import CloudError, InvalidInput, StoreError
from cloud._models import ApplyResult, NodeDoc

logger = logging.getLogger(__name__)

P = ParamSpec("P")
T = TypeVar("T")

#: How many recent (seq, ts) pairs a document remembers to recognise a redelivered message.
#: MQTT redelivery (QoS 1 after a worker dies) replays at most the unacknowledged window, far
#: fewer than this; an older repeat is still harmless (it is reported ``late``, nothing changes).
RECENT_WINDOW = 64

_ACTIVE_AFTER_DATA = frozenset({"offline", "lost"})


class TopicFields(NamedTuple):
    """The parts of a UIDI topic a node document keeps."""

    tenant: str
    region: str
    service: str
    node: str


@functools.lru_cache(maxsize=65_536)
def _parse_topic(topic: str) -> TopicFields:
    # Topics repeat (one per node and kind), and uidi's parser checks every level: cache it.
    from uidi import UidiError, parse_topic

    try:
        parsed = parse_topic(topic)
    except UidiError as exc:
        raise InvalidInput(f"topic {topic[:200]!r}: {exc}") from exc
    return TopicFields(parsed.tenant, parsed.region, parsed.service, parsed.node)


def topic_fields(topic: Any) -> TopicFields:
    """Accept a parsed ``uidi.Topic`` (or anything with its fields) or a topic string."""
    if isinstance(topic, str):
        return _parse_topic(topic)
    try:
        return TopicFields(
            str(topic.tenant), str(topic.region), str(topic.service), str(topic.node)
        )
    except AttributeError as exc:
        raise InvalidInput(
            f"topic {topic!r}: expected a topic string or uidi.Topic, got {type(topic).__name__}"
        ) from exc


def message_kind(msg: Any) -> str:
    """The UIDI kind of a message as a plain string (``input``, ``state``, …)."""
    kind = getattr(msg, "kind", None)
    return str(getattr(kind, "value", kind) or "")


def _scalar(value: Any) -> Any:
    """Enum members to their value, so documents stay plain JSON."""
    return getattr(value, "value", value)


def _remember(doc: NodeDoc, seq: int, ts: int) -> None:
    doc.recent.append((seq, ts))
    if len(doc.recent) > RECENT_WINDOW:
        del doc.recent[: len(doc.recent) - RECENT_WINDOW]


def _reading(metric: Any, ts: int, seq: int, where: str) -> tuple[str, dict[str, Any]]:
    name = getattr(metric, "name", None)
    value = _scalar(getattr(metric, "value", None))
    if not isinstance(name, str) or not name:
        raise InvalidInput(f"{where}: metric name must be a non-empty string, got {name!r}")
    if not isinstance(value, bool | int | float | str):
        raise InvalidInput(f"{where}: metric {name!r} value must be a scalar, got {value!r}")
    if isinstance(value, float) and not math.isfinite(value):
        raise InvalidInput(f"{where}: metric {name!r} value must be finite, got {value!r}")
    quality = getattr(metric, "quality", None)
    return name, {
        "value": value,
        "unit": getattr(metric, "unit", None),
        "ts": ts,
        "seq": seq,
        "quality": None if quality is None else str(_scalar(quality)),
        "si_value": getattr(metric, "si_value", None),
        "si_unit": getattr(metric, "si_unit", None),
    }


def _description(state: Any, where: str) -> dict[str, Any]:
    desc = getattr(state, "description", None)
    if desc is None:
        raise InvalidInput(f"{where}: a State birth must carry a description")
    location: tuple[float, float] | None = None
    loc = getattr(desc, "location", None)
    if loc is not None:
        coords = getattr(loc, "coordinates", None)
        if coords is None and isinstance(loc, dict):
            coords = loc.get("coordinates")
        try:
            lon, lat = float(coords[0]), float(coords[1])  # type: ignore[index]
        except (TypeError, ValueError, IndexError) as exc:
            raise InvalidInput(
                f"{where}: birth location {loc!r} is not a (lon, lat) point"
            ) from exc
        if not (-180.0 <= lon <= 180.0 and -90.0 <= lat <= 90.0):
            raise InvalidInput(
                f"{where}: birth location (lon={lon}, lat={lat}) outside lon [-180, 180], "
                "lat [-90, 90]"
            )
        location = (lon, lat)
    devices = [str(getattr(d, "model", d)) for d in (getattr(desc, "devices", ()) or ())]
    attributes = {
        str(k): _scalar(v) for k, v in dict(getattr(desc, "attributes", {}) or {}).items()
    }
    return {
        "name": str(getattr(desc, "name", "") or ""),
        "location": location,
        "attributes": attributes,
        "devices": devices,
    }


class Prepared(NamedTuple):
    """One (topic, message) pair, checked and reduced to what the rules need.

    Everything that can reject input happens while preparing, before any store is touched, so
    a malformed item fails its whole batch without writing anything.
    """

    tenant: str
    region: str
    service: str
    node: str
    kind: str
    ts: int
    seq: int
    readings: list[tuple[str, dict[str, Any]]]
    birth: dict[str, Any] | None
    lifecycle: str | None
    keepalive_s: int | None


def check_item(topic: Any, msg: Any, where: str) -> Prepared:
    """Validate one (topic, message) pair and extract its content; raise ``CloudError``."""
    tf = topic_fields(topic)
    node = getattr(msg, "node", None)
    ts = getattr(msg, "ts", None)
    seq = getattr(msg, "seq", None)
    if not isinstance(node, str) or not node:
        raise InvalidInput(f"{where}: message node must be a non-empty string, got {node!r}")
    if (
        not isinstance(ts, int)
        or isinstance(ts, bool)
        or not isinstance(seq, int)
        or isinstance(seq, bool)
        or seq < 0
    ):
        raise InvalidInput(
            f"{where}: message ts and seq must be integers >= 0, got {ts!r}, {seq!r}"
        )
    if tf.node != node:
        raise InvalidInput(f"{where}: message node {node!r} does not match topic node {tf.node!r}")
    kind = message_kind(msg)
    readings: list[tuple[str, dict[str, Any]]] = []
    birth = None
    lifecycle = None
    keepalive = None
    if kind in ("input", "output"):
        readings = [_reading(m, ts, seq, where) for m in getattr(msg, "metrics", ()) or ()]
    elif kind == "state":
        lifecycle = check_lifecycle(getattr(msg, "lifecycle", None))
        if getattr(msg, "birth", False):
            birth = _description(msg, where)
            raw_keepalive = getattr(msg, "keepalive_s", None)
            keepalive = int(raw_keepalive) if raw_keepalive else None
    return Prepared(*tf, kind, ts, seq, readings, birth, lifecycle, keepalive)


def apply_message(
    doc: NodeDoc | None, item: Prepared, msg: Any, now_ms: int
) -> tuple[NodeDoc | None, ApplyResult]:
    """Apply one prepared message to a node's document (mutated in place, or created).

    Returns the document (``None`` if the node is unknown and the message creates nothing) and
    the outcome. The document needs writing back unless the outcome is ``duplicate``/``ignored``.
    ``msg`` is the original message, kept for backends that want more than the rules use.
    """
    del msg
    node, ts, seq, kind = item.node, item.ts, item.seq, item.kind
    if kind not in ("input", "output", "state"):
        return doc, "ignored"
    if kind == "state" and item.birth is None and doc is None:
        return None, "ignored"
    if doc is None:
        doc = NodeDoc(
            node=node, service=item.service, region=item.region, tenant=item.tenant, name=node
        )
    if (seq, ts) in doc.recent:
        return doc, "duplicate"
    _remember(doc, seq, ts)
    doc.last_seen_ms = max(doc.last_seen_ms, ts)
    doc.updated_ms = now_ms
    newer_than_doc = (ts, seq) > (doc.ts, doc.seq)

    if item.birth is not None:
        if (ts, seq) <= (doc.birth_ts, doc.birth_seq):
            return doc, "late"
        desc = item.birth
        doc.birth_ts, doc.birth_seq = ts, seq
        doc.service, doc.region, doc.tenant = item.service, item.region, item.tenant
        doc.name = desc["name"] or node
        doc.location = desc["location"]
        doc.attributes = dict(desc["attributes"])
        doc.devices = list(desc["devices"])
        doc.keepalive_s = item.keepalive_s
        # A birth opens a new session: its lifecycle holds even if the cloud marked the previous
        # session offline at a (cloud) time later than the device's clock says now.
        doc.lifecycle = item.lifecycle or "online"
        doc.lifecycle_ts = max(doc.lifecycle_ts, ts)
        if newer_than_doc:
            doc.ts, doc.seq = ts, seq
        return doc, "written"

    if kind == "state":
        if ts < doc.lifecycle_ts:
            return doc, "late"
        doc.lifecycle, doc.lifecycle_ts = item.lifecycle or doc.lifecycle, ts
        return doc, "written"

    written = False
    for name, reading in item.readings:
        current = doc.metrics.get(name)
        if current is None or (ts, seq) > (int(current["ts"]), int(current["seq"])):
            doc.metrics[name] = dict(reading)
            written = True
    if not item.readings:
        written = newer_than_doc
    if newer_than_doc:
        doc.ts, doc.seq = ts, seq
    if written and doc.lifecycle in _ACTIVE_AFTER_DATA and ts > doc.lifecycle_ts:
        # Fresh data after an offline mark proves the node is back.
        doc.lifecycle, doc.lifecycle_ts = "online", ts
    return doc, "written" if written else "late"


def apply_lifecycle(doc: NodeDoc | None, lifecycle: str, ts: int, now_ms: int) -> bool:
    """Set a lifecycle unless a newer one is stored; ``False`` if nothing changed."""
    if doc is None or ts < doc.lifecycle_ts:
        return False
    doc.lifecycle, doc.lifecycle_ts = lifecycle, ts
    doc.updated_ms = now_ms
    return True


def is_stale(doc: NodeDoc, now_ms: int, factor: float, default_keepalive_s: float | None) -> bool:
    """Whether an online node has been silent longer than ``factor`` × its keepalive."""
    if doc.lifecycle != "online":
        return False
    keepalive = doc.keepalive_s if doc.keepalive_s else default_keepalive_s
    if not keepalive:
        return False
    return now_ms - doc.last_seen_ms > factor * keepalive * 1000


def check_lifecycle(lifecycle: Any) -> str:
    """The lifecycle as a string, rejecting values UIDI does not define."""
    value = str(_scalar(lifecycle))
    if value not in ("online", "offline", "lost", "maintenance"):
        raise InvalidInput(
            f"lifecycle {value!r}: must be one of online, offline, lost, maintenance"
        )
    return value


def check_near_args(lon: float, lat: float, radius_m: float, limit: int) -> None:
    """Reject a ``near`` query that no backend could answer sensibly."""
    if not (math.isfinite(lon) and -180.0 <= lon <= 180.0):
        raise InvalidInput(f"near: lon {lon!r} outside [-180, 180]")
    if not (math.isfinite(lat) and -90.0 <= lat <= 90.0):
        raise InvalidInput(f"near: lat {lat!r} outside [-90, 90]")
    if not (math.isfinite(radius_m) and radius_m >= 0):
        raise InvalidInput(f"near: radius_m {radius_m!r} must be a finite number >= 0")
    if limit < 1:
        raise InvalidInput(f"near: limit {limit!r} must be >= 1")


def check_history(node: str, metric: str, start_ms: int, end_ms: int) -> None:
    """Validate a history query's identity and window."""
    if not node or not metric:
        raise InvalidInput(f"history query: node {node!r} and metric {metric!r} must be non-empty")
    if end_ms < start_ms:
        raise InvalidInput(f"history query: end_ms {end_ms} is before start_ms {start_ms}")


def check_bucket(bucket_ms: int) -> None:
    """Buckets must be at least one millisecond wide."""
    if not isinstance(bucket_ms, int) or bucket_ms < 1:
        raise InvalidInput(f"history aggregate: bucket_ms {bucket_ms!r} must be an integer >= 1")


def check_points(points: Sequence[Any]) -> None:
    """Validate a batch of history points before anything is written."""
    for i, p in enumerate(points):
        if not p.node or not p.metric:
            raise InvalidInput(f"history point {i}: node and metric must be non-empty, got {p!r}")
        if isinstance(p.value, bool) or not isinstance(p.value, int | float):
            raise InvalidInput(
                f"history point {i} ({p.node}/{p.metric}): value {p.value!r} not a number"
            )
        if not math.isfinite(p.value):
            raise InvalidInput(
                f"history point {i} ({p.node}/{p.metric}): value {p.value!r} not finite"
            )


def truncate_payload(payload: bytes | str) -> tuple[bytes, int]:
    """Cut a dead-letter payload to the stored maximum; return it and the original size."""
    from cloud._models import MAX_DEADLETTER_BYTES

    data = payload.encode("utf-8", "replace") if isinstance(payload, str) else bytes(payload)
    return data[:MAX_DEADLETTER_BYTES], len(data)


def bucket_start(ts: int, bucket_ms: int) -> int:
    """Start of the bucket holding ``ts`` (floor, also for times before 1970)."""
    return ts - ts % bucket_ms


# --- URLs ------------------------------------------------------------------------------------


def redact(url: str) -> str:
    """The URL with its password (and secret query values) replaced by ``***``, for messages."""
    from uidi import BackendURL, UidiError

    try:
        return str(BackendURL.parse(url))
    except UidiError:
        return "<unparseable URL>"


def url_options(url: str) -> dict[str, str]:
    """Query-string options of a store URL (last value wins)."""
    return {k: v[-1] for k, v in parse_qs(urlsplit(url).query).items()}


def sqlite_path(url: str) -> str:
    """``sqlite:///rel/path.db`` → ``rel/path.db``; ``sqlite:////abs.db`` → ``/abs.db``."""
    prefix = "sqlite:///"
    if not url.startswith(prefix):
        raise CloudError(
            f"SQLite URL {redact(url)!r}: expected sqlite:///relative/path.db, "
            "sqlite:////absolute/path.db or sqlite:///:memory:"
        )
    path = url[len(prefix) :].split("?", 1)[0]
    if not path:
        raise CloudError(f"SQLite URL {url!r}: no file path after sqlite:///")
    return path


# --- worker threads --------------------------------------------------------------------------


class Worker:
    """One dedicated thread that runs every blocking call of a store, in submission order.

    SQLite connections (and mongomock, which is not thread-safe) stay on that one thread, and the
    event loop never blocks on them.
    """

    def __init__(self, name: str) -> None:
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix=name)
        self._closed = False
        self._lock = threading.Lock()

    async def run(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run ``fn(*args, **kwargs)`` on the worker thread and await its result."""
        if self._closed:
            raise StoreError(f"store is closed; cannot run {getattr(fn, '__name__', fn)!r}")
        loop = asyncio.get_running_loop()
        ctx = contextvars.copy_context()
        call = functools.partial(ctx.run, fn, *args, **kwargs)
        return await loop.run_in_executor(self._executor, call)

    def shutdown(self, final: Callable[[], None] | None = None) -> None:
        """Run ``final`` on the worker (to close its connection), then stop the thread."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        if final is not None:
            try:
                self._executor.submit(final).result()
            except Exception:  # closing must not fail the caller's shutdown path
                logger.warning("error while closing a store", exc_info=True)
        self._executor.shutdown(wait=True)


def history_points(msg: Any) -> list[Any]:
    """The numeric readings of an Input/Output message as history points (booleans as 0/1).

    Text values have no place in a numeric series and are left out.
    """
    from cloud._models import HistoryPoint

    points: list[HistoryPoint] = []
    if message_kind(msg) not in ("input", "output"):
        return points
    for metric in getattr(msg, "metrics", ()) or ():
        value = _scalar(getattr(metric, "value", None))
        if isinstance(value, bool):
            value = 1.0 if value else 0.0
        if isinstance(value, int | float) and math.isfinite(value):
            points.append(
                HistoryPoint(msg.node, metric.name, int(msg.ts), float(value), int(msg.seq))
            )
    return points
