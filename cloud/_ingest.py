"""Ingest workers: UIDI from MQTT shared subscriptions into the real-time, history and dead-letter
stores.

Each worker subscribes to ``$share/{group}/uidi/v1/{tenant}/+/+/+/+`` at QoS 1 with a persistent
session (fixed client id, ``clean_start=False``) and acknowledges a message only after the batch
holding it is committed (paho's manual ack). A worker killed mid-batch therefore loses nothing: the
broker resends its unacknowledged messages when it reconnects, and the writes are idempotent by
(node, seq) and latest-wins by (ts, seq), so the replay changes nothing that was already stored.

paho's network thread appends raw messages to a bounded list; the event loop cuts batches by size
or age, decodes and validates them with ``uidi``, applies them through the stores (whose blocking
work runs on their own threads) and then acks. Bad messages never stop the flow: each is stored as
a dead letter with the reason and counted.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from types import TracebackType
from typing import Any

from cloud._errors import CloudError, InvalidInput
from cloud._mqtt import SubscriberSession, parse_broker_url

__all__ = ["IngestConfig", "IngestCounters", "IngestWorker"]

log = logging.getLogger(__name__)

_READING_KINDS = frozenset({"input", "output"})

COUNTER_NAMES = ("received", "written", "duplicate", "late", "ignored", "rejected", "batches")


def _now_ms() -> int:
    return time.time_ns() // 1_000_000


def _short(payload: bytes, limit: int = 120) -> str:
    text = repr(payload[:limit])
    return text + (f"... ({len(payload)} bytes)" if len(payload) > limit else "")


@dataclass
class IngestConfig:
    """Everything an ingest worker needs; picklable, so that worker processes can be spawned."""

    broker_url: str = "mqtt://127.0.0.1:1883"
    tenant: str = "demo"
    realtime_url: str = "sqlite:///.iotase/realtime.db"
    history_url: str = "sqlite:///.iotase/history.db"
    deadletter_url: str = "sqlite:///.iotase/deadletters.db"
    #: A shared cache (``redis://``) holding hot node documents under ``node:{id}``; ingest drops
    #: the keys of nodes it changed. ``None`` (or a per-process ``memory://``) turns this off.
    cache_url: str | None = None
    share_group: str = "ingest"
    client_prefix: str = "iotase-ingest"
    batch_size: int = 1000
    batch_age_ms: float = 25.0
    queue_max: int = 10_000
    receive_maximum: int = 3_000
    session_expiry_s: int = 24 * 3600
    keepalive_s: int = 30
    offline_check_s: float = 1.0
    offline_factor: float = 1.5
    max_future_ms: int = 300_000
    record_latency: bool = False

    def client_id(self, index: int) -> str:
        """The fixed client id of worker ``index``: the broker keeps its session across restarts."""
        return f"{self.client_prefix}-{self.tenant}-{self.share_group}-{index}"

    def topic_filter(self) -> str:
        """The shared subscription every worker of the group uses."""
        return f"$share/{self.share_group}/uidi/v1/{self.tenant}/+/+/+/+"


@dataclass
class IngestCounters:
    """What a worker did with the messages it received."""

    received: int = 0
    written: int = 0
    duplicate: int = 0
    late: int = 0
    ignored: int = 0
    rejected: int = 0
    batches: int = 0
    latencies_ms: list[int] = field(default_factory=list, repr=False)

    def as_dict(self) -> dict[str, int]:
        """The counters (without latency samples)."""
        d = asdict(self)
        d.pop("latencies_ms")
        return d


@dataclass(slots=True)
class _Raw:
    topic: str
    payload: bytes
    mid: int
    qos: int
    gen: int = 0


def _warm_up() -> None:
    """Load what the first message would otherwise load (the unit registry takes ~1 s), so
    that the first batch after a (re)start is not a latency spike."""
    import uidi

    uidi.normalize(1.0, "°C")


def _history_points(good: Sequence[tuple[Any, Any, Any]]) -> list[Any]:
    """Numeric readings of the Input/Output messages as history points (booleans as 0/1).

    Same rule as ``cloud.history_points``, inlined for the hot path (one message at a time
    there costs ~25 µs of attribute lookups per message; this ~3 µs).
    """
    from cloud import HistoryPoint

    points = []
    isfinite = math.isfinite
    for _topic, msg, _raw in good:
        if msg.kind not in _READING_KINDS:
            continue
        node, ts, seq = msg.node, msg.ts, msg.seq
        for metric in msg.metrics:
            value = metric.value
            kind = type(value)
            if kind is bool:
                value = 1.0 if value else 0.0
            elif kind is int or kind is float:
                if not isfinite(value):
                    continue
                value = float(value)
            else:
                continue  # text has no place in a numeric series
            points.append(HistoryPoint(node, metric.name, ts, value, seq))
    return points


class IngestWorker:
    """One ingest worker: ``async with IngestWorker(config, index) as w: await w.wait_stopped()``.

    Stores can be passed in (tests, the one-process demo); otherwise they are opened from the URLs
    in ``config`` and closed on exit. ``counters`` is updated after every committed batch;
    ``shared_counters`` (a ``multiprocessing.Array('q', len(COUNTER_NAMES))``) mirrors it for a
    supervising process.
    """

    def __init__(
        self,
        config: IngestConfig,
        index: int = 0,
        *,
        realtime: Any | None = None,
        history: Any | None = None,
        deadletters: Any | None = None,
        shared_counters: Any | None = None,
        progress: Any | None = None,
    ) -> None:
        self.config = config
        self.index = index
        self.broker = parse_broker_url(config.broker_url)
        self.realtime = realtime
        self.history = history
        self.deadletters = deadletters
        self.cache: Any | None = None
        self._own_stores = realtime is None or history is None or deadletters is None
        self.counters = IngestCounters()
        self.shared_counters = shared_counters
        self.progress = progress  # a multiprocessing Connection poked after every batch
        self.offline_marked: list[str] = []
        self._changed = asyncio.Condition()
        self.subscribed = asyncio.Event()
        self._stop = asyncio.Event()
        self._pending: list[_Raw] = []
        self._first_at = 0.0
        self._arrived = asyncio.Event()
        self._full = asyncio.Event()
        self._session: SubscriberSession | None = None
        self._commit_task: asyncio.Task[None] | None = None
        self.error: BaseException | None = None
        self._warm = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._topics: dict[str, Any] = {}
        self._closing = False

    # -- lifecycle -----------------------------------------------------------------------

    async def __aenter__(self) -> IngestWorker:
        self._loop = asyncio.get_running_loop()
        if self._own_stores:
            await self._open_stores()
        self._tasks = [
            asyncio.create_task(self._batcher(), name=f"ingest-batch-{self.index}"),
            asyncio.create_task(self._offline_watch(), name=f"ingest-offline-{self.index}"),
        ]
        await self._connect()
        # while the session (re)connects; batches wait for it, so that the broker's offline
        # queue for this session is drained as early as possible after a restart
        await asyncio.to_thread(_warm_up)
        self._warm.set()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    async def _open_stores(self) -> None:
        import cloud

        self.realtime = self.realtime or await cloud.open_realtime(self.config.realtime_url)
        self.history = self.history or await cloud.open_history(self.config.history_url)
        self.deadletters = self.deadletters or await cloud.open_deadletters(
            self.config.deadletter_url
        )
        if self.config.cache_url and not self.config.cache_url.startswith("memory:"):
            self.cache = await cloud.open_cache(self.config.cache_url)

    async def stop(self) -> None:
        """Stop receiving, commit and acknowledge what was received, disconnect, close stores."""
        if self._closing:
            return
        self._closing = True
        session = self._session
        if session is not None:
            session.flow.clear()  # read nothing more; what is pending is committed below
        # The subscription is kept: the persistent session goes on collecting this worker's
        # share while it is away, and whatever arrives after the last commit below stays
        # unacknowledged, so the broker hands it over again on the next start.
        self._stop.set()
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._commit_task is not None:
            with contextlib.suppress(Exception):
                await self._commit_task
        leftover, self._pending = self._pending, []
        if leftover:
            with contextlib.suppress(Exception):
                await self._process(leftover)
        if session is not None:
            await session.close()
        if self._own_stores:
            for store in (self.realtime, self.history, self.deadletters, self.cache):
                if store is not None:
                    with contextlib.suppress(Exception):
                        await store.close()

    async def wait_stopped(self) -> None:
        """Block until :meth:`stop` is called (or the task is cancelled)."""
        await self._stop.wait()

    # -- MQTT ----------------------------------------------------------------------------

    async def _connect(self) -> None:
        cfg = self.config
        self._session = SubscriberSession(
            self.broker,
            cfg.client_id(self.index),
            cfg.topic_filter(),
            self._on_message,
            session_expiry_s=cfg.session_expiry_s,
            # how many unacknowledged messages the broker may push: the batch being committed
            # plus the next one filling
            receive_maximum=min(cfg.receive_maximum, cfg.queue_max),
            keepalive_s=cfg.keepalive_s,
            on_subscribed=self.subscribed.set,
            log_name=f"ingest worker {self.index}",
        )
        self._tasks.append(
            asyncio.create_task(self._session.run(), name=f"ingest-mqtt-{self.index}")
        )

    def _on_message(self, topic: str, payload: bytes, mid: int, qos: int, gen: int) -> None:
        self._pending.append(_Raw(topic, payload, mid, qos, gen))
        n = len(self._pending)
        if n == 1:
            self._first_at = time.monotonic()
            self._arrived.set()
        elif n >= self.config.batch_size:
            self._full.set()
            if n >= self.config.queue_max and self._session is not None:
                # bounded queue: stop reading, so TCP pushes back on the broker
                self._session.flow.clear()

    # -- batching ------------------------------------------------------------------------

    async def _batcher(self) -> None:
        try:
            await self._batch_loop()
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            # a store that stayed down past the retries: stop unacknowledged, so that a
            # restarted worker gets the messages again
            log.critical("ingest worker %d: giving up: %s", self.index, exc, exc_info=True)
            self.error = exc
            self._stop.set()

    async def _batch_loop(self) -> None:
        await self._warm.wait()
        cfg = self.config
        age_s = cfg.batch_age_ms / 1000.0
        while True:
            await self._arrived.wait()
            n = len(self._pending)
            if n < cfg.batch_size:
                wait = age_s - (time.monotonic() - self._first_at)
                if wait > 0:
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self._full.wait(), wait)
            batch = self._pending[: cfg.batch_size]
            del self._pending[: cfg.batch_size]
            if self._pending:
                self._first_at = time.monotonic()
            else:
                self._arrived.clear()
            if len(self._pending) < cfg.batch_size:
                self._full.clear()
            if self._session is not None and len(self._pending) < cfg.queue_max:
                self._session.flow.set()
            if not batch:
                continue
            # Decode this batch on the loop while the previous one commits on the store
            # threads; commits stay one at a time and in order.
            prepared = self._prepare(batch)
            if self._commit_task is not None:
                await asyncio.shield(self._commit_task)
            self._commit_task = asyncio.create_task(self._commit(*prepared))

    def _topic(self, topic: str) -> Any:
        import uidi

        parsed = self._topics.get(topic)
        if parsed is None:
            parsed = uidi.parse_topic(topic)
            if len(self._topics) > 100_000:
                self._topics.clear()
            self._topics[topic] = parsed
        return parsed

    def _decode(
        self, batch: Sequence[_Raw], now_ms: int
    ) -> tuple[list[tuple[Any, Any, _Raw]], list[tuple[_Raw, str]]]:
        import uidi

        good: list[tuple[Any, Any, _Raw]] = []
        bad: list[tuple[_Raw, str]] = []
        tenant = self.config.tenant
        for raw in batch:
            try:
                topic = self._topic(raw.topic)
                if topic.tenant != tenant:
                    raise CloudError(f"topic tenant {topic.tenant!r} is not {tenant!r}")
                msg = uidi.decode(
                    raw.payload, now_ms=now_ms, max_future_ms=self.config.max_future_ms
                )
                if msg.node != topic.node:
                    raise CloudError(
                        f"message node {msg.node!r} does not match topic node {topic.node!r}"
                    )
                kind = str(getattr(msg.kind, "value", msg.kind))
                if kind != str(getattr(topic.kind, "value", topic.kind)):
                    raise CloudError(
                        f"message kind {kind!r} does not match topic kind {topic.kind!r}"
                    )
            except (uidi.UidiError, CloudError) as exc:
                bad.append((raw, str(exc)))
                continue
            except Exception as exc:  # a decoder bug must not stop ingest either
                bad.append((raw, f"decoder failed: {type(exc).__name__}: {exc}"))
                continue
            good.append((topic, msg, raw))
        return good, bad

    async def _apply(
        self, items: list[tuple[Any, Any, _Raw]], bad: list[tuple[_Raw, str]]
    ) -> list[tuple[Any, Any, _Raw, str]]:
        """Apply items in one call; if the store refuses the data, find the culprits by halving.

        Only ``InvalidInput`` (the store refused the messages themselves) splits the batch. A
        failing database (``StoreError``) propagates, so ``_retrying`` retries the whole batch
        instead of dead-lettering good messages; the refused ones join ``bad`` only once the whole
        batch went through.
        """
        applied, refused = await self._apply_split(items)
        bad.extend(refused)
        return applied

    async def _apply_split(
        self, items: list[tuple[Any, Any, _Raw]]
    ) -> tuple[list[tuple[Any, Any, _Raw, str]], list[tuple[_Raw, str]]]:
        assert self.realtime is not None
        if not items:
            return [], []
        try:
            results = await self.realtime.apply_many([(t, m) for t, m, _ in items])
            return [(t, m, r, res) for (t, m, r), res in zip(items, results, strict=True)], []
        except InvalidInput as exc:
            if len(items) == 1:
                return [], [(items[0][2], f"store rejected: {exc}")]
        mid = len(items) // 2
        left, left_bad = await self._apply_split(items[:mid])
        right, right_bad = await self._apply_split(items[mid:])
        return left + right, left_bad + right_bad

    def _prepare(
        self, batch: list[_Raw]
    ) -> tuple[list[_Raw], list[tuple[Any, Any, _Raw]], list[tuple[_Raw, str]], int]:
        now = _now_ms()
        good, bad = self._decode(batch, now)
        return batch, good, bad, now

    async def _process(self, batch: list[_Raw]) -> None:
        """Decode, commit and acknowledge one batch (the batcher overlaps these steps)."""
        await self._commit(*self._prepare(batch))

    async def _commit(
        self,
        batch: list[_Raw],
        good: list[tuple[Any, Any, _Raw]],
        bad: list[tuple[_Raw, str]],
        now: int,
    ) -> None:
        assert (
            self.history is not None and self.deadletters is not None and self.realtime is not None
        )
        # The history is idempotent by (node, metric, ts, seq), so the readings of every valid
        # message go in at once, beside the real-time write on its own store thread: a late
        # reading belongs in the history, a duplicate is ignored there.
        points = _history_points(good)
        applied, _ = await asyncio.gather(
            self._retrying(self._apply, good, bad),
            self._retrying(self.history.append, points) if points else asyncio.sleep(0),
        )
        lost_marks = []
        c = self.counters
        for _topic, msg, _raw, result in applied:
            if result == "written":
                c.written += 1
            elif result == "duplicate":
                c.duplicate += 1
            elif result == "late":
                c.late += 1
            else:
                c.ignored += 1
            kind = str(getattr(msg.kind, "value", msg.kind))
            if (
                kind == "state"
                and not msg.birth
                and str(getattr(msg.lifecycle, "value", msg.lifecycle)) == "lost"
            ):
                lost_marks.append(msg)
        for msg in lost_marks:
            await self._mark_lost(msg)
        if self.cache is not None:
            await self._invalidate({m.node for _t, m, _r, res in applied if res == "written"})
        for raw, reason in bad:
            log.warning(
                "ingest worker %d: rejected %s: %s (payload %s)",
                self.index,
                raw.topic,
                reason,
                _short(raw.payload),
            )
            await self._retrying(self.deadletters.put, raw.topic, raw.payload, reason, now)
        c.rejected += len(bad)
        c.received += len(batch)
        c.batches += 1
        if self.config.record_latency:
            done = _now_ms()
            c.latencies_ms.extend(done - msg.ts for _t, msg, _r, res in applied if res == "written")
        # The counters are mirrored before the batch is acknowledged: a worker killed between
        # the two has its batch sent again and counted twice, never acknowledged and uncounted
        # (CI once saw 1100 of 1200 received after a SIGKILL, the store holding all 1200).
        if self.shared_counters is not None:
            for i, name in enumerate(COUNTER_NAMES):
                self.shared_counters[i] = getattr(c, name)
        self._ack(batch)
        if self.progress is not None:
            with contextlib.suppress(OSError):
                self.progress.send_bytes(b"")
        async with self._changed:
            self._changed.notify_all()

    async def wait_until(self, predicate: Callable[[IngestWorker], bool], timeout: float) -> None:
        """Wait until ``predicate(worker)`` holds, re-checked after every batch and offline mark.

        Raises ``TimeoutError`` after ``timeout`` seconds.
        """
        async with self._changed:
            await asyncio.wait_for(self._changed.wait_for(lambda: predicate(self)), timeout)

    async def _invalidate(self, nodes: set[str]) -> None:
        """Drop cached documents of changed nodes; a cache outage only costs freshness there."""
        assert self.cache is not None
        try:
            for node in nodes:
                await self.cache.delete(f"node:{node}")
        except Exception as exc:
            log.warning("ingest worker %d: cache invalidation failed: %s", self.index, exc)

    async def _mark_lost(self, msg: Any) -> None:
        """A last will: the device's clock is from connect time, so stamp it with the cloud's.

        Applied only when the will belongs to the node's current session (its seq is above the
        birth's), so that a will redelivered after the node came back cannot mark it lost.
        """
        assert self.realtime is not None
        doc = await self.realtime.get(msg.node)
        if doc is None or msg.seq < doc.birth_seq:
            return
        await self.realtime.set_lifecycle(msg.node, "lost", max(_now_ms(), msg.ts))

    async def _retrying(self, fn: Any, *args: Any) -> Any:
        """Retry a store call that failed for a reason other than the data (a locked database,
        a server away); after a minute give up and let the worker die unacknowledged, so the
        broker redelivers to the restarted worker."""
        delay = 0.05
        deadline = time.monotonic() + 60
        while True:
            try:
                return await fn(*args)
            except Exception as exc:
                if time.monotonic() > deadline:
                    raise
                log.warning(
                    "ingest worker %d: store call %s failed (%s); retrying",
                    self.index,
                    getattr(fn, "__name__", fn),
                    exc,
                )
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stop.wait(), delay)
                delay = min(2.0, delay * 2)

    def _ack(self, batch: list[_Raw]) -> None:
        if self._session is not None:
            self._session.ack([(raw.mid, raw.gen) for raw in batch if raw.qos > 0])

    # -- offline detection ---------------------------------------------------------------

    async def _offline_watch(self) -> None:
        from cloud._offline import watch_offline

        assert self.realtime is not None

        async def marked(nodes: list[str]) -> None:
            self.offline_marked.extend(nodes)
            async with self._changed:
                self._changed.notify_all()

        await watch_offline(
            self.realtime,
            self._stop,
            interval_s=self.config.offline_check_s,
            factor=self.config.offline_factor,
            on_marked=marked,
        )


# -- worker processes ----------------------------------------------------------------------


def _worker_main(
    config: IngestConfig,
    index: int,
    counters: Any,
    ready: Any,
    progress: Any,
    log_level: str,
    results: Any | None,
) -> None:
    """Entry point of one worker process: run until SIGTERM, then commit and exit."""
    import signal

    logging.basicConfig(
        level=log_level,
        format=f"%(asctime)s %(levelname)s ingest[{index}] %(name)s: %(message)s",
    )

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        loop.add_signal_handler(signal.SIGTERM, stop.set)
        # Ctrl-C reaches the whole process group; the pool's owner stops workers with SIGTERM,
        # after it has stopped restarting them
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        worker = IngestWorker(config, index, shared_counters=counters, progress=progress)
        async with worker:
            await asyncio.wait_for(worker.subscribed.wait(), 30)
            ready.set()
            signalled = asyncio.create_task(stop.wait())
            failed = asyncio.create_task(worker.wait_stopped())
            await asyncio.wait({signalled, failed}, return_when=asyncio.FIRST_COMPLETED)
            signalled.cancel()
            failed.cancel()
        if results is not None:
            results.put((index, worker.counters.as_dict(), worker.counters.latencies_ms))
        if worker.error is not None:
            raise SystemExit(1)

    asyncio.run(main())


class IngestPool:
    """N ingest worker processes sharing one subscription, restarted (same id) when they die.

    A restarted worker reconnects with its fixed client id and persistent session, so the broker
    hands it every message its predecessor received but never acknowledged. Use as a context
    manager or call :meth:`start` / :meth:`stop`. Workers poke a pipe after every committed batch;
    a supervisor thread drains the pipes, restarts dead workers and wakes :meth:`wait_until`.
    """

    def __init__(
        self,
        config: IngestConfig,
        workers: int = 2,
        *,
        restart: bool = True,
        log_level: str = "WARNING",
        collect_results: bool = False,
    ) -> None:
        import multiprocessing as mp

        if workers < 1:
            raise CloudError(f"ingest: --workers must be >= 1, got {workers}")
        self.config = config
        self.n = workers
        self.restart = restart
        self.log_level = log_level
        self._ctx = mp.get_context("spawn")
        self._counters = [
            self._ctx.Array("q", len(COUNTER_NAMES), lock=False) for _ in range(workers)
        ]
        self._retired = [0] * len(COUNTER_NAMES)
        self._procs: list[Any] = [None] * workers
        self._ready: list[Any] = [None] * workers
        self._pipes: list[Any] = [None] * workers
        self._results = self._ctx.Queue() if collect_results else None
        self._stopping = threading.Event()
        self._supervisor: threading.Thread | None = None
        self._lock = threading.Lock()
        self._changed = threading.Condition()
        self.restarts = 0

    def _spawn(self, index: int) -> None:
        ready = self._ctx.Event()
        reader, writer = self._ctx.Pipe(duplex=False)
        proc = self._ctx.Process(
            target=_worker_main,
            args=(
                self.config,
                index,
                self._counters[index],
                ready,
                writer,
                self.log_level,
                self._results,
            ),
            name=f"iotase-ingest-{index}",
            daemon=False,
        )
        proc.start()
        writer.close()  # the child holds its copy; EOF on the reader then means it is gone
        self._procs[index] = proc
        self._ready[index] = ready
        self._pipes[index] = reader

    def _prepare_stores(self) -> None:
        """Open and close each store once, so that N workers starting together find the schema
        in place (SQLite cannot switch a new file to WAL while another process holds it)."""
        import cloud

        async def touch() -> None:
            for opener, url in (
                (cloud.open_realtime, self.config.realtime_url),
                (cloud.open_history, self.config.history_url),
                (cloud.open_deadletters, self.config.deadletter_url),
            ):
                store = await opener(url)
                await store.close()

        # a thread of its own, so that start() also works when called under a running loop
        errors: list[BaseException] = []

        def run() -> None:
            try:
                asyncio.run(touch())
            except BaseException as exc:
                errors.append(exc)

        thread = threading.Thread(target=run, name="ingest-prepare")
        thread.start()
        thread.join()
        if errors:
            raise errors[0]

    def start(self, timeout: float = 60.0) -> IngestPool:
        """Start every worker and wait until each has subscribed."""
        self._prepare_stores()
        for i in range(self.n):
            self._spawn(i)
        self.wait_ready(timeout)
        self._supervisor = threading.Thread(
            target=self._supervise, name="ingest-supervisor", daemon=True
        )
        self._supervisor.start()
        return self

    def wait_ready(self, timeout: float = 60.0, index: int | None = None) -> None:
        """Wait until the workers (or one) subscribed; raise ``CloudError`` naming a laggard."""
        deadline = time.monotonic() + timeout
        for i in range(self.n) if index is None else [index]:
            while True:
                with self._lock:
                    ready, proc = self._ready[i], self._procs[i]
                if ready.wait(min(0.5, max(0.0, deadline - time.monotonic()))):
                    break
                if time.monotonic() >= deadline:
                    raise CloudError(f"ingest worker {i} not subscribed after {timeout:.0f} s")
                # dead before subscribing: a start-up failure (broker unreachable, bad store
                # URL) that restarting would only repeat; its log says why
                if proc is not None and not proc.is_alive() and self._supervisor is None:
                    raise CloudError(
                        f"ingest worker {i} exited with code {proc.exitcode} before subscribing"
                    )

    def _supervise(self) -> None:
        # the supervisor must outlive any surprise: without it nothing restarts dead workers
        while not self._stopping.is_set():
            try:
                self._supervise_round()
            except Exception:
                log.exception("ingest supervisor: unexpected error; carrying on")
            with self._changed:
                self._changed.notify_all()

    def _supervise_round(self) -> None:
        from multiprocessing.connection import Connection, wait

        if not self._stopping.is_set():
            with self._lock:
                handles: dict[Any, tuple[str, int]] = {}
                for i, (p, r) in enumerate(zip(self._procs, self._pipes, strict=True)):
                    if p is not None:
                        handles[p.sentinel] = ("exit", i)
                    if r is not None:
                        handles[r] = ("progress", i)
            # the timeout only bounds how late stop() is noticed
            for handle in wait(list(handles), timeout=0.5):
                what, index = handles[handle]
                if what == "progress":
                    assert isinstance(handle, Connection)
                    try:
                        while handle.poll():
                            handle.recv_bytes()
                    except (EOFError, OSError):
                        with self._lock:
                            if self._pipes[index] is handle:
                                self._pipes[index] = None
                    continue
                if self._stopping.is_set():
                    break
                with self._lock:
                    proc = self._procs[index]
                    if proc is None or proc.sentinel != handle:
                        continue
                    proc.join(1)  # reap it, so that its exit code is known
                    for k, value in enumerate(self._counters[index]):
                        self._retired[k] += value
                        self._counters[index][k] = 0
                    log.warning(
                        "ingest worker %d (pid %s) exited with %s", index, proc.pid, proc.exitcode
                    )
                    if self.restart:
                        self.restarts += 1
                        self._spawn(index)
                    else:
                        self._procs[index] = None

    def wait_until(self, predicate: Callable[[dict[str, int]], bool], timeout: float) -> bool:
        """Wait until ``predicate(counters)`` holds, re-checked after every batch.

        Returns ``False`` on timeout.
        """
        deadline = time.monotonic() + timeout
        with self._changed:
            while not predicate(self.counters()):
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                # woken after every batch; the slice only guards against a lost wake-up
                self._changed.wait(min(left, 1.0))
            return True

    def pids(self) -> list[int]:
        """Process ids of the current workers."""
        with self._lock:
            return [p.pid for p in self._procs if p is not None]

    def counters(self) -> dict[str, int]:
        """Counters summed over all workers, including workers that died and were replaced."""
        with self._lock:
            totals = list(self._retired)
            for arr in self._counters:
                for k, value in enumerate(arr):
                    totals[k] += value
        return dict(zip(COUNTER_NAMES, totals, strict=True))

    def stop(self, timeout: float = 30.0) -> list[tuple[int, dict[str, int], list[int]]]:
        """SIGTERM every worker (each commits and acks what it holds), wait, and reap."""
        self._stopping.set()
        if self._supervisor is not None:
            self._supervisor.join(timeout)
        with self._lock:
            procs = [p for p in self._procs if p is not None]
        for proc in procs:
            if proc.is_alive():
                proc.terminate()
        results = []
        if self._results is not None:
            import queue

            deadline = time.monotonic() + timeout
            for _ in procs:
                try:
                    results.append(self._results.get(timeout=max(0.1, deadline - time.monotonic())))
                except queue.Empty:
                    break
        for proc in procs:
            proc.join(timeout)
            if proc.is_alive():
                log.error("ingest worker pid %s did not stop; killing it", proc.pid)
                proc.kill()
                proc.join(5)
        for reader in self._pipes:
            if reader is not None:
                reader.close()
        return results

    def __enter__(self) -> IngestPool:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
