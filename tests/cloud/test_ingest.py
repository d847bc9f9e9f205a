"""Ingest workers against the real Mosquitto on 127.0.0.1:1883, with SQLite stores in a temp dir.

Each test has its own tenant, share group and client ids, so tests never see each other's
messages. Waiting is on the worker's batch/offline notifications, with timeouts.
"""

from __future__ import annotations

import asyncio
import json
import socket
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest

import cloud
import uidi
from cloud._ingest import IngestConfig, IngestWorker
from edge import Publisher, TasmotaAdapter

BROKER = "mqtt://127.0.0.1:1883"


def _broker_up(host: str = "127.0.0.1", port: int = 1883) -> bool:
    try:
        socket.create_connection((host, port), timeout=1).close()
    except OSError:
        return False
    return True


pytestmark = pytest.mark.skipif(not _broker_up(), reason="needs Mosquitto on 127.0.0.1:1883")


def now_ms() -> int:
    return time.time_ns() // 1_000_000


def desc(name: str, service: str = "dog-park") -> uidi.NodeDescription:
    return uidi.NodeDescription(
        name=name,
        service=service,
        location=uidi.GeoPoint(coordinates=(-79.38, 43.65)),
        attributes={"rating": 4.5},
    )


class Env:
    """One test's tenant, stores and worker."""

    def __init__(self, tmp: Path) -> None:
        self.tenant = f"t{uuid.uuid4().hex[:10]}"
        self.config = IngestConfig(
            broker_url=BROKER,
            tenant=self.tenant,
            realtime_url=f"sqlite:///{tmp}/rt.db",
            history_url=f"sqlite:///{tmp}/hist.db",
            deadletter_url=f"sqlite:///{tmp}/dead.db",
            share_group=f"g{uuid.uuid4().hex[:8]}",
            client_prefix="test-ingest",
            session_expiry_s=5,
            batch_age_ms=20,
            offline_check_s=0.2,
        )
        self.worker: IngestWorker | None = None
        self.pub = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)

    def topic(self, node: str, kind: str, service: str = "dog-park") -> str:
        return uidi.build_topic(self.tenant, "toronto", service, node, kind)

    def send(self, topic: str, payload: bytes, *, retain: bool = False) -> None:
        self.pub.publish(topic, payload, qos=1, retain=retain).wait_for_publish(10)

    def send_msg(self, msg: Any, service: str = "dog-park") -> None:
        self.send(self.topic(msg.node, str(msg.kind), service), uidi.encode_json(msg))

    async def received(self, n: int, timeout: float = 15) -> None:
        assert self.worker is not None
        await self.worker.wait_until(lambda w: w.counters.received >= n, timeout)


@pytest.fixture
async def env(tmp_path: Path) -> AsyncIterator[Env]:
    e = Env(tmp_path)
    e.pub.connect("127.0.0.1", 1883)
    e.pub.loop_start()
    async with IngestWorker(e.config, 0) as worker:
        e.worker = worker
        await asyncio.wait_for(worker.subscribed.wait(), 10)
        yield e
    e.pub.disconnect()
    e.pub.loop_stop()


def inp(node: str, seq: int, ts: int, **values: float) -> uidi.Input:
    units = {"occupancy_pct": "%", "temperature_c": "°C", "people_count": ""}
    return uidi.Input(
        node=node,
        ts=ts,
        seq=seq,
        metrics=tuple(uidi.Metric(name=k, value=v, unit=units[k]) for k, v in values.items()),
    )


async def test_edge_adapter_reading_lands_in_realtime_and_history(env: Env, tmp_path: Path) -> None:
    adapter = TasmotaAdapter.from_mapping(
        {"metrics": [{"source": "SHT3X.Temperature", "metric": "temperature_c", "unit": "°C"}]}
    )
    async with Publisher(
        BROKER,
        env.tenant,
        "toronto",
        "dog-park",
        desc("Riverside park"),
        node="park-1",
        outbox_path=tmp_path / "edge.db",
    ) as pub:
        await asyncio.wait_for(pub.connected.wait(), 10)
        [msg] = adapter.convert(
            {"SHT3X": {"Temperature": 7.5}}, node="park-1", ts=now_ms(), seq=await pub.next_seq()
        )
        await pub.publish(msg)
        await asyncio.wait_for(pub.drained(), 10)
        await env.received(2)  # birth + reading
        assert env.worker is not None
        doc = await env.worker.realtime.get("park-1")
        assert doc is not None
        assert doc.name == "Riverside park" and doc.service == "dog-park"
        assert doc.lifecycle == "online"
    await env.received(3)  # a clean stop says offline
    doc = await env.worker.realtime.get("park-1")
    assert doc is not None and doc.lifecycle == "offline"
    assert doc.metrics["temperature_c"]["value"] == 7.5
    points = await env.worker.history.range("park-1", "temperature_c", 0, now_ms() + 1000)
    assert [(p.value, p.seq) for p in points] == [(7.5, msg.seq)]
    assert env.worker.counters.rejected == 0


async def test_duplicates_and_reordering_keep_the_latest_state(env: Env) -> None:
    t = now_ms() - 10_000
    env.send_msg(
        uidi.State(
            node="p2",
            ts=t,
            seq=0,
            lifecycle="online",
            birth=True,
            description=desc("P2"),
            keepalive_s=60,
        )
    )
    # newest first, then older ones, then a repeat of the newest (a QoS 1 redelivery)
    for seq, ts, occ in [
        (3, t + 3000, 30.0),
        (1, t + 1000, 10.0),
        (2, t + 2000, 20.0),
        (3, t + 3000, 30.0),
    ]:
        env.send_msg(inp("p2", seq, ts, occupancy_pct=occ))
    await env.received(5)
    w = env.worker
    assert w is not None
    doc = await w.realtime.get("p2")
    assert doc is not None
    assert doc.metrics["occupancy_pct"]["value"] == 30.0
    assert (doc.seq, doc.ts) == (3, t + 3000)
    assert w.counters.duplicate == 1
    assert w.counters.late == 2
    # late readings still belong to the history; the duplicate is stored once
    points = await w.history.range("p2", "occupancy_pct", 0, now_ms())
    assert [p.seq for p in points] == [1, 2, 3]


async def test_malformed_messages_are_dead_lettered_while_good_ones_flow(env: Env) -> None:
    t = now_ms()
    bad = [
        (env.topic("p3", "input"), b"{not json"),
        (
            env.topic("p3", "input"),
            json.dumps(
                {
                    "v": 1,
                    "kind": "input",
                    "node": "p3",
                    "ts": t,
                    "seq": 1,
                    "body": {"metrics": [{"name": "x", "value": 1, "unit": "blorps"}]},
                }
            ).encode(),
        ),
        (env.topic("other-node", "input"), uidi.encode_json(inp("p3", 2, t, people_count=1))),
        (env.topic("p3", "input"), uidi.encode_json(inp("p3", 3, t + 3_600_000, people_count=1))),
        (f"uidi/v1/{env.tenant}/toronto/dog-park/p3/input", b"\xff" * 5000),
    ]
    good = [inp("p3", 10 + i, t + i, people_count=i) for i in range(5)]
    for (topic, payload), msg in zip(bad, good, strict=True):
        env.send(topic, payload)
        env.send_msg(msg)
    await env.received(10)
    w = env.worker
    assert w is not None
    assert w.counters.rejected == 5 and w.counters.written == 5
    letters = await w.deadletters.list(limit=10)
    assert len(letters) == 5
    reasons = " | ".join(d.reason for d in letters)
    assert "not JSON" in reasons
    assert "blorps" in reasons
    assert "other-node" in reasons
    assert "ahead of the receiver's clock" in reasons
    big = next(d for d in letters if d.size == 5000)
    assert big.truncated and len(big.payload) <= cloud.MAX_DEADLETTER_BYTES
    doc = await w.realtime.get("p3")
    assert doc is not None and doc.metrics["people_count"]["value"] == 4


async def test_last_will_marks_the_node_lost(env: Env, tmp_path: Path) -> None:
    pub = Publisher(
        BROKER,
        env.tenant,
        "toronto",
        "dog-park",
        desc("P4"),
        node="p4",
        outbox_path=tmp_path / "p4.db",
        keepalive_s=60,
    )
    await pub.__aenter__()
    await asyncio.wait_for(pub.connected.wait(), 10)
    await asyncio.wait_for(pub.drained(), 10)
    await env.received(1)
    w = env.worker
    assert w is not None
    doc = await w.realtime.get("p4")
    assert doc is not None and doc.lifecycle == "online"
    await pub.abort()  # the socket dies without DISCONNECT: the broker publishes the will
    await env.received(2)
    doc = await w.realtime.get("p4")
    assert doc is not None and doc.lifecycle == "lost"


async def test_missing_heartbeats_mark_offline_and_gateway_reports_children(env: Env) -> None:
    t = now_ms()
    env.send_msg(
        uidi.State(
            node="p5",
            ts=t,
            seq=0,
            lifecycle="online",
            birth=True,
            description=desc("P5"),
            keepalive_s=1,
        )
    )
    env.send_msg(
        uidi.State(
            node="child-1",
            ts=t,
            seq=0,
            lifecycle="online",
            birth=True,
            description=desc("Child"),
            keepalive_s=600,
        )
    )
    await env.received(2)
    w = env.worker
    assert w is not None
    # p5 falls silent: 1.5 × its 1 s keepalive later it is marked offline
    await w.wait_until(lambda w: "p5" in w.offline_marked, 10)
    doc = await w.realtime.get("p5")
    assert doc is not None and doc.lifecycle == "offline"
    assert now_ms() - t >= 1500
    # a gateway reports a node behind it as offline on that node's state topic
    env.send_msg(
        uidi.State(
            node="child-1",
            ts=now_ms(),
            seq=1,
            lifecycle="offline",
            reason="gateway lost the radio link",
        )
    )
    await env.received(3)
    doc = await w.realtime.get("child-1")
    assert doc is not None and doc.lifecycle == "offline"
    assert "child-1" not in w.offline_marked
    # fresh data brings p5 back
    env.send_msg(inp("p5", 1, now_ms(), occupancy_pct=5.0))
    await env.received(4)
    doc = await w.realtime.get("p5")
    assert doc is not None and doc.lifecycle == "online"


def _redis_up() -> bool:
    return _broker_up("127.0.0.1", 6379)


@pytest.mark.skipif(not _redis_up(), reason="needs Redis on 127.0.0.1:6379")
async def test_changed_nodes_are_dropped_from_the_redis_cache(tmp_path: Path) -> None:
    e = Env(tmp_path)
    e.config.cache_url = "redis://127.0.0.1:6379/0"
    cache = await cloud.open_cache(e.config.cache_url)
    node = f"cached-{uuid.uuid4().hex[:8]}"
    e.pub.connect("127.0.0.1", 1883)
    e.pub.loop_start()
    try:
        await cache.set(f"node:{node}", b"stale document", 60)
        async with IngestWorker(e.config, 0) as worker:
            e.worker = worker
            await asyncio.wait_for(worker.subscribed.wait(), 10)
            e.send_msg(
                uidi.State(
                    node=node,
                    ts=now_ms(),
                    seq=0,
                    lifecycle="online",
                    birth=True,
                    description=desc("C"),
                )
            )
            await e.received(1)
        assert await cache.get(f"node:{node}") is None
    finally:
        await cache.delete(f"node:{node}")
        await cache.close()
        e.pub.disconnect()
        e.pub.loop_stop()
