"""The simulated city against the real broker and the real ingest: record and replay give the same
store, and every fault has a count and the platform's expected response."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from simhelpers import BROKER, needs_broker, small

from simulators import CityEngine, FaultSpec, OutageSpec, read_recording, replay, run_simulation

pytestmark = needs_broker


def _clear_retained(topics: set[str], port: int = 1883) -> None:
    """Remove the births a test left retained on the shared broker."""
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
    client.connect("127.0.0.1", port)
    client.loop_start()
    for topic in topics:
        client.publish(topic, b"", qos=1, retain=True).wait_for_publish(5)
    client.disconnect()
    client.loop_stop()


async def _docs(store: Any, nodes: list[str]) -> dict[str, tuple[Any, ...]]:
    out = {}
    for node in nodes:
        doc = await store.get(node)
        if doc is None:
            continue
        metrics = {k: (v["value"], v["ts"], v["seq"]) for k, v in doc.metrics.items()}
        out[node] = (
            doc.name,
            doc.service,
            doc.lifecycle,
            doc.location,
            doc.attributes,
            doc.devices,
            metrics,
        )
    return out


async def _run(scenario: Any, **kw: Any) -> Any:
    return await run_simulation(
        scenario, broker_url=kw.pop("broker_url", BROKER), speed=kw.pop("speed", 0), **kw
    )


async def test_replay_of_a_recording_gives_the_same_store(
    tmp_path: Path, ingest_factory: Any
) -> None:
    scenario = small(100)
    record = tmp_path / "run.jsonl"
    nodes = [CityEngine(scenario).city.node_id(i) for i in range(100)]
    async with ingest_factory(scenario.tenant, name="live") as live:
        report = await _run(scenario, duration_s=3, record=record)
        await live.settle(report.published)
        live_docs = await _docs(live.worker.realtime, nodes)
    rows = list(read_recording(record))
    assert len(rows) == report.recorded == report.published
    assert [r.t for r in rows] == sorted(r.t for r in rows)
    # The live run's retained births would otherwise reach the replay's ingest on subscribe,
    # on top of the replayed messages, and the count it settles on would be met too early.
    _clear_retained({r.topic for r in rows if r.retain})
    async with ingest_factory(scenario.tenant, name="replay") as again:
        result = await replay(record, broker_url=BROKER, speed=0)
        assert result["published"] == len(rows)
        await again.settle(len(rows))
        replay_docs = await _docs(again.worker.realtime, nodes)
    _clear_retained({r.topic for r in rows if r.retain})
    assert len(live_docs) == 100
    assert replay_docs == live_docs


async def test_scaled_replay_timing(tmp_path: Path) -> None:
    scenario = small(40, **{"rates.updates_per_s": 100})
    record = tmp_path / "paced.jsonl"
    report = await _run(scenario, duration_s=1.0, record=record, speed=1.0, births=False)
    span = max(r.t for r in read_recording(record)) / 1000
    assert 0.6 < span < 3.0
    t0 = time.monotonic()
    await replay(record, broker_url=BROKER, speed=4.0)
    assert time.monotonic() - t0 < span  # four times faster than recorded, with slack
    assert report.published > 50


async def test_duplicates_are_counted_as_duplicates_by_ingest(ingest_factory: Any) -> None:
    scenario = small(80)
    async with ingest_factory(scenario.tenant) as ing:
        report = await _run(scenario, duration_s=2, faults=FaultSpec(duplicate=0.2))
        await ing.settle(report.published)
        c = ing.worker.counters
    f = report.faults
    assert f["duplicated"] > 10
    assert c.duplicate == f["duplicated"]
    assert c.rejected == 0 and c.received == report.published
    _clear_retained({CityEngine(scenario).topic(n, "state") for n in CityEngine(scenario).city})


async def test_corrupt_payloads_are_dead_lettered(ingest_factory: Any) -> None:
    scenario = small(80)
    async with ingest_factory(scenario.tenant) as ing:
        report = await _run(scenario, duration_s=2, faults=FaultSpec(corrupt=0.15))
        await ing.settle(report.published)
        c = ing.worker.counters
        dead = await ing.worker.deadletters.count()
        letters = await ing.worker.deadletters.list(limit=500)
    f = report.faults
    assert f["corrupted"] > 10 and set(f["corrupt_modes"]) == {
        "truncate",
        "not_utf8",
        "unknown_unit",
    }
    assert c.rejected == f["corrupted"] == dead
    assert any("blorbs" in d.reason for d in letters)
    _clear_retained({CityEngine(scenario).topic(n, "state") for n in CityEngine(scenario).city})


async def test_reorder_and_delay_leave_the_correct_latest_state(ingest_factory: Any) -> None:
    scenario = small(60, **{"lifecycle.offline_p": 0.0, "rates.heartbeat_s": 0})
    clean = CityEngine(scenario)
    latest: dict[str, dict[str, Any]] = {}
    ticks = 30  # three seconds at 100 ms
    for msg in [m for k in range(ticks) for m in clean.tick(k)]:
        if msg.kind == "input":
            body = json.loads(msg.payload)
            for metric in body["body"]["metrics"]:
                latest.setdefault(msg.node, {})[metric["name"]] = metric["value"]
    async with ingest_factory(scenario.tenant) as ing:
        report = await _run(
            scenario, duration_s=3, faults=FaultSpec(reorder=0.3, delay=0.2, delay_ms=(300, 1500))
        )
        await ing.settle(report.published)
        c = ing.worker.counters
        for node, metrics in latest.items():
            doc = await ing.worker.realtime.get(node)
            assert doc is not None
            assert {k: v["value"] for k, v in doc.metrics.items()} == metrics, node
    f = report.faults
    assert f["reordered"] > 5 and f["delayed"] > 5
    assert c.late > 0  # the older readings arrived after newer ones and were not applied
    _clear_retained({clean.topic(n, "state") for n in clean.city})


async def test_dropped_messages_never_arrive(ingest_factory: Any) -> None:
    scenario = small(60)
    async with ingest_factory(scenario.tenant) as ing:
        report = await _run(scenario, duration_s=2, faults=FaultSpec(drop=0.25))
        await ing.settle(report.published)
        c = ing.worker.counters
    f = report.faults
    assert f["dropped"] > 10
    assert (
        c.received
        == report.published
        == report.births + report.engine["states"] + report.inputs - f["dropped"]
    )
    _clear_retained({CityEngine(scenario).topic(n, "state") for n in CityEngine(scenario).city})


async def test_killed_nodes_go_silent_and_are_marked_lost(ingest_factory: Any) -> None:
    start = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time()))
    scenario = small(
        30,
        **{
            "clock.start": start,
            "rates.keepalive_s": 2,
            "rates.heartbeat_s": 1,
            "rates.updates_per_s": 30,
            "lifecycle.offline_p": 0.0,
            "lifecycle.close_p": 0.0,
            "lifecycle.fail_p": 0.0,
        },
    )
    async with ingest_factory(scenario.tenant) as ing:
        report = await _run(
            scenario, duration_s=6, speed=1.0, faults=FaultSpec(kill_nodes=2, kill_at_s=0.5)
        )
        killed = report.faults["killed"]
        assert len(killed) == 2 and report.faults["killed_suppressed"] >= 2
        await ing.worker.wait_until(lambda w: True, 1)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            docs = {n: await ing.worker.realtime.get(n) for n in killed}
            if all(
                d is not None and d.lifecycle not in ("online", "maintenance")
                for d in docs.values()
            ):
                break
            await asyncio.sleep(0.2)
        assert all(d.lifecycle not in ("online", "maintenance") for d in docs.values()), docs
        alive = [
            n for n in (CityEngine(scenario).city.node_id(i) for i in range(30)) if n not in killed
        ]
        states = [(await ing.worker.realtime.get(n)).lifecycle for n in alive]
        assert states.count("online") >= len(alive) - 2
    _clear_retained({CityEngine(scenario).topic(n, "state") for n in CityEngine(scenario).city})


async def _clear(event: asyncio.Event) -> None:
    event.clear()


class _OwnBroker:
    """A broker process we can take away and bring back on the same port."""

    def __init__(self) -> None:
        from cloud._broker import start_process

        self._start = start_process
        self.proc, self.port = start_process("127.0.0.1", 0)
        self.on_start: Any = None
        self.on_stop: Any = None

    def stop(self) -> None:
        try:
            if self.on_stop is not None:
                self.on_stop()
        finally:
            self.proc.terminate()
            self.proc.wait(10)

    def start(self) -> None:
        self.proc, _ = self._start("127.0.0.1", self.port)
        if self.on_start is not None:
            self.on_start()


async def test_broker_outage_holds_messages_and_loses_none(ingest_factory: Any) -> None:
    pytest.importorskip("cloud._broker")
    broker = _OwnBroker()
    url = f"mqtt://127.0.0.1:{broker.port}?protocol=3.1.1"
    scenario = small(40, **{"rates.updates_per_s": 60})
    try:
        async with ingest_factory(scenario.tenant, broker=url) as ing:
            loop = asyncio.get_running_loop()

            def forget_subscription() -> None:
                asyncio.run_coroutine_threadsafe(_clear(ing.worker.subscribed), loop).result(5)

            def wait_resubscribed() -> None:
                # an in-memory broker forgets subscriptions; hold the flush until ingest is back
                deadline = time.monotonic() + 20
                while not ing.worker.subscribed.is_set() and time.monotonic() < deadline:
                    time.sleep(0.05)

            broker.on_stop = forget_subscription
            broker.on_start = wait_resubscribed
            report = await _run(
                scenario,
                broker_url=url,
                duration_s=4,
                speed=1.0,
                faults=FaultSpec(broker_outages=(OutageSpec(at_s=1.0, for_s=1.5),)),
                broker_control=broker,
            )
            try:
                await ing.settle(report.published, timeout=40)
            except TimeoutError:
                pytest.fail(
                    f"ingest stopped at {ing.worker.counters} of {report.published} published "
                    f"(faults {report.faults})"
                )
            c = ing.worker.counters
        f = report.faults
        assert f["outages"] == 1 and f["outage_s"] >= 1.5
        assert f["outage_buffered"] > 20 and f["outage_overflow"] == 0
        # QoS 1 births the broker redelivered after the restart are recognised as duplicates
        assert c.received - c.duplicate == c.written == report.published
        assert report.published == report.births + report.engine["states"] + report.inputs
        assert c.rejected == 0
    finally:
        broker.on_stop = None
        broker.stop()


async def test_recording_from_the_broker_matches_what_was_published(tmp_path: Path) -> None:
    from simulators import record_broker

    scenario = small(40)
    stop = asyncio.Event()
    task = asyncio.create_task(
        record_broker(
            tmp_path / "seen.jsonl",
            broker_url=BROKER,
            topic_filter=f"uidi/v1/{scenario.tenant}/#",
            stop=stop,
        )
    )
    await asyncio.sleep(1.0)  # subscribed (record_broker waits for the SUBACK before recording)
    report = await _run(scenario, duration_s=1, record=tmp_path / "sent.jsonl")
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if sum(1 for _ in read_recording(tmp_path / "seen.jsonl")) >= report.published:
            break
        await asyncio.sleep(0.2)
    stop.set()
    result = await task
    sent = [(r.topic, r.payload) for r in read_recording(tmp_path / "sent.jsonl")]
    seen = [(r.topic, r.payload) for r in read_recording(tmp_path / "seen.jsonl")]
    assert result["recorded"] == len(seen) == len(sent) == report.published
    assert sorted(seen) == sorted(sent)  # QoS 0 and 1 interleave, so compare as sets of messages
    _clear_retained({t for t, _ in sent if t.endswith("/state")})
