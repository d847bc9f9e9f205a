"""``iotase ingest`` (run ingest worker processes) and ``iotase bench ingest`` (measure them)."""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any

__all__ = ["register", "register_bench"]

log = logging.getLogger(__name__)


def register(sub: Any) -> None:
    """Add ``iotase ingest``."""
    p = sub.add_parser(
        "ingest",
        help="run ingest workers: MQTT shared subscription into the real-time/history stores",
        description=(
            "Run N ingest worker processes on the shared subscription "
            "$share/GROUP/uidi/v1/TENANT/+/+/+/+ (broker, tenant and store URLs from the "
            "IOTASE_* settings). Workers that die are restarted with the same client id, so the "
            "broker redelivers what they had not acknowledged. Stops on SIGINT/SIGTERM."
        ),
    )
    p.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    p.add_argument("--group", default="ingest", help="shared-subscription group (default ingest)")
    p.add_argument("--batch-size", type=int, default=1000, help="messages per batch (default 1000)")
    p.add_argument("--batch-age-ms", type=float, default=25.0, help="max batch age (default 25)")
    p.add_argument(
        "--json", action="store_true", help="print the final counters as one JSON object"
    )
    p.set_defaults(handler=_run_ingest)


def register_bench(sub: Any) -> None:
    """Add ``iotase bench ingest``."""
    p = sub.add_parser(
        "ingest",
        help="ingest throughput (msgs/s vs a raw paho subscriber) and publish-to-visible latency",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    p.add_argument("--n", type=int, default=30_000, help="messages in each throughput phase")
    p.add_argument("--nodes", type=int, default=200, help="distinct nodes publishing")
    p.add_argument("--workers", type=int, default=2, help="ingest worker processes")
    p.add_argument(
        "--rounds", type=int, default=3, help="alternating baseline/ingest rounds (medians)"
    )
    p.add_argument(
        "--window",
        type=int,
        default=3000,
        help="max messages published but not yet consumed (keeps the broker's queues "
        "below their limits, so the rate measured is sustained, not burst)",
    )
    p.add_argument("--latency-rate", type=float, default=2000.0, help="msgs/s of the latency phase")
    p.add_argument("--latency-seconds", type=float, default=5.0, help="length of the latency phase")
    p.set_defaults(handler=_bench_ingest)


def ingest_config(settings: Any, **overrides: Any) -> Any:
    """An :class:`IngestConfig` from the settings object (attributes as in docs/interfaces.md)."""
    from cloud._ingest import IngestConfig

    values = {
        "broker_url": settings.broker_url,
        "tenant": settings.tenant,
        "realtime_url": settings.realtime_url,
        "history_url": settings.history_url,
        "deadletter_url": settings.deadletter_url,
        "cache_url": settings.cache_url,
    }
    values.update({k: v for k, v in overrides.items() if v is not None})
    return IngestConfig(**values)


def _run_ingest(args: argparse.Namespace, settings: Any) -> int:
    import signal
    import threading

    from cloud._ingest import IngestPool

    config = ingest_config(
        settings, share_group=args.group, batch_size=args.batch_size, batch_age_ms=args.batch_age_ms
    )
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    pool = IngestPool(config, args.workers, log_level=logging.getLevelName(log.getEffectiveLevel()))
    pool.start()
    log.info("ingest: %d workers on %s", args.workers, config.topic_filter())
    last: dict[str, int] = {}
    while not stop.wait(10.0):
        now = pool.counters()
        if now != last:
            log.info("ingest counters: %s", now)
            last = now
    pool.stop()
    totals = pool.counters()
    log.info("ingest stopped: %s", totals)
    if args.json:
        print(json.dumps({"workers": args.workers, "restarts": pool.restarts, **totals}))
    return 0


# -- benchmark ------------------------------------------------------------------------------


def _raw_subscriber(
    host: str, port: int, topic: str, count: Any, ready: Any, receive_maximum: int
) -> None:
    """The ceiling: a bare paho MQTT 5 client at QoS 1 counting messages, nothing else."""
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    client = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)
    received = 0

    def on_message(c: Any, u: Any, m: Any) -> None:
        nonlocal received
        received += 1
        if received % 50 == 0:
            count.value = received

    client.on_message = on_message
    client.on_subscribe = lambda *a: ready.set()
    client.on_connect = lambda c, *a: c.subscribe(topic, qos=1)
    from paho.mqtt.packettypes import PacketTypes
    from paho.mqtt.properties import Properties

    props = Properties(PacketTypes.CONNECT)  # type: ignore[no-untyped-call]
    props.ReceiveMaximum = receive_maximum  # the same window the ingest workers get
    client.connect(host, port, 30, properties=props)
    # publish-side completion is read from ``count``; flush the tail on every loop turn
    while True:
        client.loop(0.05)
        if count.value != received:
            count.value = received


def _varlen(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n % 128, n // 128
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


class _Load:
    """The load generator: Input messages from ``nodes`` nodes, two metrics each, at QoS 1.

    It writes MQTT 3.1.1 PUBLISH packets straight to a socket, many per ``sendall``, and counts
    the PUBACKs on a reader thread: a Python MQTT client spends ~200 µs of CPU per message, which
    on a 2-core machine would be taken from the very consumers being measured. Both phases (raw
    subscriber and ingest workers) get the same generator.
    """

    def __init__(self, host: str, port: int, tenant: str, nodes: int) -> None:
        import socket
        import threading
        import time
        import uuid

        import uidi

        self.sock = socket.create_connection((host, port), timeout=10)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        client_id = f"bench-load-{uuid.uuid4().hex[:8]}".encode()
        # CONNECT: protocol "MQTT" level 4, clean session, keepalive 0 (a run is short)
        body = b"\x00\x04MQTT\x04\x02\x00\x00" + len(client_id).to_bytes(2, "big") + client_id
        self.sock.sendall(b"\x10" + _varlen(len(body)) + body)
        connack = self.sock.recv(4)
        if len(connack) < 4 or connack[0] != 0x20 or connack[3] != 0:
            raise SystemExit(f"bench ingest: broker refused the load generator ({connack!r})")
        self.sock.settimeout(None)
        self.acked = 0
        self._ack_lock = threading.Condition()
        self._reader = threading.Thread(target=self._read_acks, daemon=True)
        self._reader.start()
        self.topics: list[bytes] = []
        self.envelopes = []
        for i in range(nodes):
            node = f"n{i:05d}"
            msg = uidi.Input(
                node=node,
                ts=time.time_ns() // 1_000_000,
                seq=0,
                metrics=(
                    uidi.Metric(name="occupancy_pct", value=50.0, unit="%"),
                    uidi.Metric(name="people_count", value=3, unit=""),
                ),
            )
            topic = uidi.build_topic(tenant, "bench", "bench-service", node, "input").encode()
            self.topics.append(len(topic).to_bytes(2, "big") + topic)
            self.envelopes.append(json.loads(uidi.encode_json(msg)))
        self.nodes = nodes
        self.sent = 0

    def _read_acks(self) -> None:
        # the session has no subscriptions, so the broker sends nothing but 4-byte PUBACKs
        rest = 0
        while True:
            try:
                data = self.sock.recv(65536)
            except OSError:
                data = b""
            with self._ack_lock:
                if not data:
                    self.acked = -1
                    self._ack_lock.notify_all()
                    return
                rest += len(data)
                self.acked += rest // 4
                rest %= 4
                self._ack_lock.notify_all()

    def run(
        self,
        n: int,
        consumed: Callable[[], int],
        wait_consumed: Callable[[int], object],
        window: int,
        rate: float | None = None,
        offset: int = 0,
    ) -> float:
        """Publish ``n`` messages keeping at most ``window`` unconsumed; return the start time.

        ``consumed()`` and ``wait_consumed(target)`` count from the first run; ``offset`` is how
        many messages earlier runs published (sequence numbers go on from there).
        """
        import time

        dumps = json.JSONEncoder(separators=(",", ":")).encode
        chunk = 50 if rate is None else 1
        start = time.monotonic()
        buf = bytearray()
        for k in range(offset, offset + n):
            if k % 100 == 0 and k - consumed() > window:
                if buf:
                    self.sock.sendall(buf)
                    buf.clear()
                wait_consumed(k - window)
            if rate is not None:
                delay = start + (k - offset) / rate - time.monotonic()
                if delay > 0:
                    time.sleep(delay)  # pacing the load at a fixed rate
            i = k % self.nodes
            env = self.envelopes[i]
            env["ts"] = time.time_ns() // 1_000_000
            env["seq"] = k // self.nodes
            metrics = env["body"]["metrics"]
            metrics[0]["value"] = float(k % 100)
            metrics[1]["value"] = k % 17
            payload = dumps(env).encode()
            topic = self.topics[i]
            self.sent += 1
            pid = (self.sent - 1) % 65535 + 1
            size = len(topic) + 2 + len(payload)
            buf += b"\x32" + _varlen(size) + topic + pid.to_bytes(2, "big") + payload
            if (k + 1) % chunk == 0:
                self.sock.sendall(buf)
                buf.clear()
        if buf:
            self.sock.sendall(buf)
        return start

    def close(self, timeout: float = 30.0) -> None:
        """Wait for the broker to acknowledge everything sent, then disconnect."""
        with self._ack_lock:
            self._ack_lock.wait_for(lambda: self.acked >= self.sent or self.acked < 0, timeout)
        with contextlib.suppress(OSError):
            self.sock.sendall(b"\xe0\x00")  # DISCONNECT
        self.sock.close()


def _poll_until(get: Callable[[], int], target: int, stall_s: float = 15.0) -> float:
    """Poll the raw subscriber's shared counter (it has no other signal) until ``target``.

    Returns the time it got there, or NaN after ``stall_s`` without progress.
    """
    import time

    last, last_change = -1, time.monotonic()
    while True:
        value = get()
        now = time.monotonic()
        if value >= target:
            return now
        if value != last:
            last, last_change = value, now
        elif now - last_change > stall_s:
            return float("nan")
        time.sleep(0.001)


def _pool_until(pool: Any, target: int, stall_s: float = 15.0) -> float:
    """Wait (woken by each committed batch) until the pool has taken ``target`` messages."""
    import time

    last = -1
    while True:
        if pool.wait_until(lambda c: c["received"] >= target, stall_s):
            return time.monotonic()
        now = pool.counters()["received"]
        if now == last:
            return float("nan")
        last = now


def _bench_ingest(args: argparse.Namespace, settings: Any) -> int:
    import asyncio
    import math
    import statistics
    import tempfile
    import uuid

    import cloud
    from cloud._ingest import IngestPool
    from cloud._mqtt import parse_broker_url

    broker = parse_broker_url(settings.broker_url)
    run = uuid.uuid4().hex[:8]
    out: dict[str, Any] = {
        "n": args.n,
        "workers": args.workers,
        "nodes": args.nodes,
        "broker": f"{broker.host}:{broker.port}",
        "window": args.window,
    }
    import multiprocessing as mp

    ctx = mp.get_context("spawn")

    # 1. throughput, in rounds that alternate the ceiling (a raw paho subscriber on the same
    # broker) with the ingest workers, under the same load generator and flow control; medians
    # over the rounds, so that a burst of other work on the machine does not decide the ratio
    rounds = max(1, args.rounds)
    per_round = max(1, args.n // rounds)
    n_total = per_round * rounds
    out["n"] = n_total
    raw_tenant = f"bench-raw-{run}"
    count = ctx.Value("q", 0, lock=False)
    ready = ctx.Event()
    sub = ctx.Process(
        target=_raw_subscriber,
        args=(broker.host, broker.port, f"uidi/v1/{raw_tenant}/#", count, ready, 3000),
        daemon=True,
    )
    sub.start()
    with tempfile.TemporaryDirectory(prefix="iotase-bench-") as tmp:
        config = ingest_config(
            settings,
            tenant=f"bench-ingest-{run}",
            realtime_url=f"sqlite:///{tmp}/realtime.db",
            history_url=f"sqlite:///{tmp}/history.db",
            deadletter_url=f"sqlite:///{tmp}/deadletters.db",
            client_prefix=f"bench-{run}",
            session_expiry_s=60,
        )
        pool = IngestPool(config, args.workers)
        base_rates: list[float] = []
        rates: list[float] = []
        try:
            if not ready.wait(30):
                raise SystemExit("bench ingest: raw subscriber did not subscribe within 30 s")
            pool.start()
            raw_load = _Load(broker.host, broker.port, raw_tenant, args.nodes)
            ingest_load = _Load(broker.host, broker.port, config.tenant, args.nodes)
            for r in range(rounds):
                offset = r * per_round
                start = raw_load.run(
                    per_round,
                    lambda: count.value,
                    lambda t: _poll_until(lambda: count.value, t),
                    args.window,
                    offset=offset,
                )
                end = _poll_until(lambda: count.value, offset + per_round)
                base_rates.append(per_round / (end - start) if not math.isnan(end) else 0.0)
                start = ingest_load.run(
                    per_round,
                    lambda: pool.counters()["received"],
                    lambda t: _pool_until(pool, t),
                    args.window,
                    offset=offset,
                )
                end = _pool_until(pool, offset + per_round)
                rates.append(per_round / (end - start) if not math.isnan(end) else 0.0)
            raw_load.close()
            ingest_load.close()
        finally:
            pool.stop()
            sub.kill()
            sub.join()
        counters = pool.counters()
        baseline = statistics.median(base_rates)
        rate = statistics.median(rates)
        ratios = [r / b for r, b in zip(rates, base_rates, strict=True) if b]
        out["baseline_msgs_per_s"] = round(baseline, 1)
        out["baseline_received"] = int(count.value)
        out["rounds"] = {
            "baseline_msgs_per_s": [round(x, 1) for x in base_rates],
            "msgs_per_s": [round(x, 1) for x in rates],
        }
        args.n = n_total  # what verify() expects

        async def verify() -> tuple[int, int, int]:
            history = await cloud.open_history(config.history_url)
            realtime = await cloud.open_realtime(config.realtime_url)
            try:
                points = await history.count()
                stale_nodes = 0
                per_node = args.n // args.nodes
                for i in range(args.nodes):
                    expect = per_node - 1 + (1 if i < args.n % args.nodes else 0)
                    doc = await realtime.get(f"n{i:05d}")
                    if doc is None or doc.seq != expect:
                        stale_nodes += 1
                return points, stale_nodes, await realtime.count()
            finally:
                await history.close()
                await realtime.close()

        points, stale_nodes, nodes_seen = asyncio.run(verify())
        stored_msgs = points // 2
        out.update(
            msgs_per_s=round(rate, 1),
            ratio_to_baseline=round(statistics.median(ratios), 3) if ratios else None,
            lost=args.n - min(stored_msgs, args.n),
            duplicated=max(0, points - 2 * args.n),
            nodes_with_wrong_latest=stale_nodes,
            nodes_seen=nodes_seen,
            counters=counters,
            redelivered=max(0, counters["received"] - args.n),
        )

        # 3. publish-to-visible latency at a fixed rate: device timestamp to committed batch
        tenant = f"bench-latency-{run}"
        n_lat = int(args.latency_rate * args.latency_seconds)
        config.tenant = tenant
        config.record_latency = True
        config.realtime_url = f"sqlite:///{tmp}/realtime-lat.db"
        config.history_url = f"sqlite:///{tmp}/history-lat.db"
        pool = IngestPool(config, args.workers, collect_results=True)
        pool.start()
        try:
            load = _Load(broker.host, broker.port, tenant, args.nodes)
            load.run(
                n_lat,
                lambda: pool.counters()["received"],
                lambda t: _pool_until(pool, t),
                args.window,
                rate=args.latency_rate,
            )
            _pool_until(pool, n_lat)
            load.close()
        finally:
            results = pool.stop()
        lat = sorted(x for _i, _c, samples in results for x in samples)
        if lat:

            def pct(p: float) -> float:
                return float(lat[min(len(lat) - 1, round(p / 100 * (len(lat) - 1)))])

            out.update(
                p50_ms=pct(50),
                p95_ms=pct(95),
                p99_ms=pct(99),
                latency_n=len(lat),
                latency_rate=args.latency_rate,
            )
        else:
            out.update(p50_ms=None, p95_ms=None, p99_ms=None, latency_n=0)
    if args.json:
        print(json.dumps(out))
    else:
        for key, value in out.items():
            print(f"{key:>24}: {value}")
    return 0 if out.get("lost") == 0 else 1
