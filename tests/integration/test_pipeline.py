"""The live pipeline end to end: edge → MQTT → ingest worker processes → SQLite stores.

A SIGKILLed worker loses nothing (its restarted self gets the unacknowledged messages back from
its persistent session, the other worker carries on), and a broker that stops for a while loses
nothing from the edge (the edge outbox holds readings until the restarted broker acknowledges
them). The broker that gets stopped is a private Mosquitto on a free port, never the shared one.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import socket
import subprocess
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest

import cloud
import uidi
from cloud._ingest import IngestConfig, IngestPool, IngestWorker
from edge import Publisher

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"


def _port_open(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


def now_ms() -> int:
    return time.time_ns() // 1_000_000


def _config(tmp: Path, broker_url: str) -> IngestConfig:
    return IngestConfig(
        broker_url=broker_url,
        tenant=f"i{uuid.uuid4().hex[:10]}",
        realtime_url=f"sqlite:///{tmp}/rt.db",
        history_url=f"sqlite:///{tmp}/hist.db",
        deadletter_url=f"sqlite:///{tmp}/dead.db",
        share_group=f"g{uuid.uuid4().hex[:8]}",
        client_prefix=f"it-{uuid.uuid4().hex[:6]}",
        session_expiry_s=60,
        batch_size=100,
        batch_age_ms=20,
        # Mosquitto's default max_queued_messages (1000) counts a dead client's unacknowledged
        # messages too; a small window leaves room for what arrives while it restarts
        receive_maximum=300,
    )


async def _verify(config: IngestConfig, expected: dict[str, int]) -> None:
    """Every (node, seq) stored once in the history; each node's latest is its last seq."""
    history = await cloud.open_history(config.history_url)
    realtime = await cloud.open_realtime(config.realtime_url)
    try:
        for node, last in expected.items():
            points = await history.range(node, "people_count", 0, now_ms() + 1000)
            assert [p.seq for p in points] == list(range(last + 1)), node
            doc = await realtime.get(node)
            assert doc is not None and doc.seq == last
            assert doc.metrics["people_count"]["value"] == last
    finally:
        await history.close()
        await realtime.close()


async def _stored_points(config: IngestConfig) -> int:
    history = await cloud.open_history(config.history_url)
    try:
        return await history.count()
    finally:
        await history.close()


def _wait_stored(config: IngestConfig, total: int, timeout: float) -> bool:
    """Wait until the history holds ``total`` points: the store, not the counters, is the truth,
    since a killed worker's counters die with it (what it committed is redelivered as duplicate,
    or, if it also acknowledged, counted nowhere)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if asyncio.run(_stored_points(config)) >= total:
            return True
        time.sleep(0.1)
    return False


def _reading(node: str, seq: int) -> bytes:
    msg = uidi.Input(
        node=node,
        ts=now_ms(),
        seq=seq,
        metrics=(uidi.Metric(name="people_count", value=seq, unit=""),),
    )
    return uidi.encode_json(msg)


@pytest.mark.skipif(not _port_open(1883), reason="needs Mosquitto on 127.0.0.1:1883")
def test_sigkill_of_a_worker_mid_stream_loses_nothing(tmp_path: Path) -> None:
    config = _config(tmp_path, "mqtt://127.0.0.1:1883")
    nodes = [f"n{i}" for i in range(30)]
    per_node = 40
    total = len(nodes) * per_node
    pub = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)
    pub.max_inflight_messages_set(200)
    pub.connect("127.0.0.1", 1883)
    pub.loop_start()
    pool = IngestPool(config, workers=2)
    pool.start()
    try:
        victim = pool.pids()[0]
        killed = False
        infos = []
        for seq in range(per_node):
            for node in nodes:
                topic = uidi.build_topic(config.tenant, "toronto", "library", node, "input")
                infos.append(pub.publish(topic, _reading(node, seq), qos=1))
            if seq == per_node // 3:
                # mid-stream: wait until the victim is busy, then kill it without warning
                assert pool.wait_until(lambda c: c["received"] >= 200, 30)
                os.kill(victim, signal.SIGKILL)
                killed = True
        for info in infos:
            info.wait_for_publish(30)
        assert killed
        # every distinct reading reaches the store once, whatever the killed worker had counted
        ok = _wait_stored(config, total, 60)
        assert ok, f"counters {pool.counters()}, restarts {pool.restarts}"
        assert pool.restarts == 1
        assert victim not in pool.pids()
    finally:
        pool.stop()
        pub.disconnect()
        pub.loop_stop()
    counters = pool.counters()
    assert counters["rejected"] == 0
    assert counters["received"] >= total
    asyncio.run(_verify(config, {node: per_node - 1 for node in nodes}))


class PrivateBroker:
    """A Mosquitto of our own on a free port with persistence in a temp dir, to stop and start."""

    def __init__(self, tmp: Path) -> None:
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        self.port = int(s.getsockname()[1])
        s.close()
        self.conf = tmp / "mosquitto.conf"
        (tmp / "data").mkdir()
        self.conf.write_text(
            f"listener {self.port} 127.0.0.1\n"
            "allow_anonymous true\n"
            "persistence true\n"
            f"persistence_location {tmp}/data/\n"
            "log_dest stderr\n"
            "log_type error\nlog_type warning\nlog_type notice\nlog_type information\n"
            "user root\n"
        )
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def start(self, timeout: float = 10) -> None:
        proc = subprocess.Popen(
            [MOSQUITTO, "-c", str(self.conf)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )
        listening = threading.Event()

        def watch() -> None:
            assert proc.stderr is not None
            for line in proc.stderr:
                if b"Opening ipv4 listen socket" in line:
                    listening.set()
            listening.set()  # exited: let start() notice

        threading.Thread(target=watch, daemon=True).start()
        if not listening.wait(timeout) or proc.poll() is not None:
            proc.kill()
            raise RuntimeError(f"private mosquitto did not start on port {self.port}")
        self.proc = proc

    def stop(self) -> None:
        """SIGTERM: Mosquitto writes its persistence file and exits."""
        if self.proc is not None:
            self.proc.terminate()
            self.proc.wait(10)
            self.proc = None


@pytest.fixture
def private_broker(tmp_path: Path) -> Iterator[PrivateBroker]:
    if not os.path.exists(MOSQUITTO):
        pytest.skip("mosquitto binary not installed")
    broker = PrivateBroker(tmp_path)
    broker.start()
    yield broker
    broker.stop()


async def test_broker_restart_loses_nothing_from_the_edge(
    tmp_path: Path, private_broker: PrivateBroker
) -> None:
    config = _config(tmp_path, private_broker.url)
    config.session_expiry_s = 300
    desc = uidi.NodeDescription(
        name="Library", service="library", location=uidi.GeoPoint(coordinates=(-79.39, 43.66))
    )
    async with (
        IngestWorker(config, 0) as worker,
        Publisher(
            private_broker.url,
            config.tenant,
            "toronto",
            "library",
            desc,
            node="lib-1",
            outbox_path=tmp_path / "edge.db",
            reconnect_max_s=0.5,
        ) as pub,
    ):
        await asyncio.wait_for(worker.subscribed.wait(), 10)
        await asyncio.wait_for(pub.connected.wait(), 10)
        seq0 = await pub.next_seq()

        async def send(i: int) -> None:
            await pub.publish(
                uidi.Input(
                    node="lib-1",
                    ts=now_ms(),
                    seq=seq0 + i,
                    metrics=(uidi.Metric(name="people_count", value=i, unit=""),),
                )
            )

        for i in range(100):
            await send(i)
        await asyncio.wait_for(pub.drained(), 10)
        await asyncio.to_thread(private_broker.stop)
        await asyncio.wait_for(pub.disconnected.wait(), 10)
        for i in range(100, 200):
            await send(i)  # the broker is gone: these wait in the outbox
        assert await pub.pending() >= 100
        await asyncio.to_thread(private_broker.start)
        await asyncio.wait_for(pub.drained(), 30)
        assert pub.connects >= 2
        # re-check the history after every committed batch until all 200 readings are in; the
        # batch count is taken before the read, so a batch committed during the read is not missed
        deadline = time.monotonic() + 30
        while True:
            seen = worker.counters.batches
            points = await worker.history.range("lib-1", "people_count", 0, now_ms() + 1000)
            if len(points) >= 200:
                break
            await worker.wait_until(
                lambda w, seen=seen: w.counters.batches > seen, deadline - time.monotonic()
            )
        assert [int(p.value) for p in points] == list(range(200))
        doc = await worker.realtime.get("lib-1")
        assert doc is not None and doc.metrics["people_count"]["value"] == 199
