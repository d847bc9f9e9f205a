"""The edge publisher against the real Mosquitto: birth, will, downlink, window and the outbox."""

from __future__ import annotations

import asyncio
import socket
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest

import uidi
from edge import Outbox, Publisher

BROKER = "mqtt://127.0.0.1:1883"


def _broker_up() -> bool:
    try:
        socket.create_connection(("127.0.0.1", 1883), timeout=1).close()
    except OSError:
        return False
    return True


pytestmark = pytest.mark.skipif(not _broker_up(), reason="needs Mosquitto on 127.0.0.1:1883")


def now_ms() -> int:
    return time.time_ns() // 1_000_000


def desc(name: str) -> uidi.NodeDescription:
    return uidi.NodeDescription(
        name=name,
        service="bike-share",
        location=uidi.GeoPoint(coordinates=(-79.4, 43.7)),
        devices=(uidi.DeviceRef(model="ACS712"),),
    )


class Sub:
    """A plain MQTT client collecting decoded UIDI messages into an asyncio queue."""

    def __init__(self, topic: str) -> None:
        self.queue: asyncio.Queue[tuple[str, bool, Any]] = asyncio.Queue()
        self.loop = asyncio.get_running_loop()
        self.ready = asyncio.Event()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)

        def on_message(c: Any, u: Any, m: Any) -> None:
            if m.payload:  # empty: a retained message being cleared
                item = (m.topic, bool(m.retain), uidi.decode(m.payload))
                self.loop.call_soon_threadsafe(self.queue.put_nowait, item)

        self.client.on_message = on_message
        self.client.on_subscribe = lambda *a: self.loop.call_soon_threadsafe(self.ready.set)
        self.client.on_connect = lambda c, *a: c.subscribe(topic, qos=1)
        self.client.connect("127.0.0.1", 1883)
        self.client.loop_start()

    async def next(self, timeout: float = 10) -> tuple[str, bool, Any]:
        return await asyncio.wait_for(self.queue.get(), timeout)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


@pytest.fixture
def tenant() -> str:
    return f"e{uuid.uuid4().hex[:10]}"


@pytest.fixture
async def sub(tenant: str) -> AsyncIterator[Sub]:
    s = Sub(f"uidi/v1/{tenant}/#")
    await asyncio.wait_for(s.ready.wait(), 10)
    yield s
    s.close()


async def test_birth_is_retained_and_will_says_lost(tenant: str, sub: Sub, tmp_path: Path) -> None:
    pub = Publisher(
        BROKER,
        tenant,
        "Toronto",
        "Bike Share",
        desc("Dock 7"),
        node="dock-7",
        outbox_path=tmp_path / "o.db",
        keepalive_s=20,
    )
    await pub.__aenter__()
    topic, _retained, birth = await sub.next()
    assert topic == f"uidi/v1/{tenant}/toronto/bike-share/dock-7/state"
    assert isinstance(birth, uidi.State) and birth.birth and birth.lifecycle == "online"
    assert birth.description is not None and birth.description.name == "Dock 7"
    assert birth.keepalive_s == 20
    # a late subscriber still learns the node from the retained birth
    late = Sub(topic)
    try:
        _t, retained, again = await late.next()
        assert retained and again == birth
    finally:
        late.close()
    await pub.abort()
    _t, _r, will = await sub.next()
    assert will.lifecycle == "lost" and will.seq > birth.seq
    # clear the retained will so the broker does not keep it
    sub.client.publish(topic, b"", qos=1, retain=True).wait_for_publish(5)


async def test_command_and_setting_downlink(tenant: str, sub: Sub, tmp_path: Path) -> None:
    seen_settings: list[uidi.Setting] = []

    async def on_command(cmd: uidi.Command) -> str:
        return "ok" if cmd.name == "unlock" else "rejected"

    def on_setting(setting: uidi.Setting) -> dict[str, Any]:
        seen_settings.append(setting)
        return {"report_interval_s": min(int(setting.values["report_interval_s"]), 60)}

    async with Publisher(
        BROKER,
        tenant,
        "toronto",
        "bike-share",
        desc("Dock 8"),
        node="dock-8",
        outbox_path=tmp_path / "o.db",
        on_command=on_command,
        on_setting=on_setting,
    ) as pub:
        await sub.next()  # birth
        await asyncio.wait_for(pub.connected.wait(), 10)
        cloud_side = sub.client
        cmd = uidi.Command(
            node="dock-8", ts=now_ms(), seq=1, command_id="c-1", name="unlock", args={"slot": 3}
        )
        cloud_side.publish(pub.topic("command"), uidi.encode_json(cmd), qos=1)
        await sub.next()  # our own command, seen by the catch-all subscriber
        _t, _r, out = await sub.next()
        assert isinstance(out, uidi.Output)
        assert (out.command_id, out.status) == ("c-1", "ok")
        bad = uidi.Command(node="dock-8", ts=now_ms(), seq=2, command_id="c-2", name="explode")
        cloud_side.publish(pub.topic("command"), uidi.encode_json(bad), qos=1)
        await sub.next()
        _t, _r, out = await sub.next()
        assert (out.command_id, out.status) == ("c-2", "rejected")
        setting = uidi.Setting(
            node="dock-8", ts=now_ms(), seq=3, setting_id="s-1", values={"report_interval_s": 300}
        )
        cloud_side.publish(pub.topic("setting"), uidi.encode_json(setting), qos=1)
        await sub.next()
        _t, _r, echo = await sub.next()
        assert isinstance(echo, uidi.Setting) and echo.setting_id == "s-1"
        assert echo.values == {"report_interval_s": 60}
        await asyncio.wait_for(pub.drained(), 10)
    _t, _r, bye = await sub.next()
    assert bye.lifecycle == "offline"  # a clean stop says offline, not lost
    assert len(seen_settings) == 1  # the echo did not come back to the device (no_local)
    sub.client.publish(pub.topic("state"), b"", qos=1, retain=True).wait_for_publish(5)


def _closed_port() -> int:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return int(port)


async def test_outbox_keeps_messages_across_an_edge_restart(
    tenant: str, sub: Sub, tmp_path: Path
) -> None:
    outbox = tmp_path / "outbox.db"
    # broker unreachable: everything waits on disk
    async with Publisher(
        f"mqtt://127.0.0.1:{_closed_port()}",
        tenant,
        "toronto",
        "bike-share",
        desc("Dock 9"),
        node="dock-9",
        outbox_path=outbox,
        drain_timeout_s=0,
    ) as pub:
        for i in range(30):
            msg = uidi.Input(
                node="dock-9",
                ts=now_ms(),
                seq=await pub.next_seq(),
                metrics=(uidi.Metric(name="available", value=i, unit=""),),
            )
            await pub.publish(msg)
        assert await pub.pending() == 30
        await pub.abort()  # the edge process dies
    assert Outbox(outbox).pending() == 30
    # the edge comes back, now with a broker: the queued readings go out in order
    async with Publisher(
        BROKER, tenant, "toronto", "bike-share", desc("Dock 9"), node="dock-9", outbox_path=outbox
    ) as pub:
        await asyncio.wait_for(pub.drained(), 10)
        assert await pub.pending() == 0
    inputs = []
    while len(inputs) < 30:
        _t, _r, msg = await sub.next()
        if isinstance(msg, uidi.Input):
            inputs.append(msg)
    assert [m.metrics[0].value for m in inputs] == list(range(30))
    seqs = [m.seq for m in inputs]
    assert seqs == sorted(seqs) and len(set(seqs)) == 30
    sub.client.publish(pub.topic("state"), b"", qos=1, retain=True).wait_for_publish(5)


async def test_in_flight_window_is_bounded(tenant: str, sub: Sub, tmp_path: Path) -> None:
    async with Publisher(
        BROKER,
        tenant,
        "toronto",
        "bike-share",
        desc("Dock 10"),
        node="dock-10",
        outbox_path=tmp_path / "o.db",
        max_inflight=4,
    ) as pub:
        peak = 0
        real = pub._publish_now

        def spy(*args: Any, **kwargs: Any) -> bool:
            nonlocal peak
            ok = real(*args, **kwargs)
            peak = max(peak, len(pub._inflight))
            return ok

        pub._publish_now = spy  # type: ignore[method-assign]
        await asyncio.wait_for(pub.connected.wait(), 10)
        for i in range(200):
            await pub.publish(
                uidi.Input(
                    node="dock-10",
                    ts=now_ms(),
                    seq=await pub.next_seq(),
                    metrics=(uidi.Metric(name="available", value=i, unit=""),),
                )
            )
        await asyncio.wait_for(pub.drained(), 20)
    assert 1 <= peak <= 4
    sub.client.publish(pub.topic("state"), b"", qos=1, retain=True).wait_for_publish(5)
