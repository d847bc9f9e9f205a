"""Helpers for the simulator tests: a small scenario on its own tenant, the real broker,
and an ingest worker writing SQLite stores in a temp dir."""

from __future__ import annotations

import asyncio
import socket
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from simulators import Scenario, load_scenario

BROKER = "mqtt://127.0.0.1:1883"


def broker_up(host: str = "127.0.0.1", port: int = 1883) -> bool:
    """True when a broker accepts TCP connections there."""
    try:
        socket.create_connection((host, port), timeout=1).close()
    except OSError:
        return False
    return True


needs_broker = pytest.mark.skipif(not broker_up(), reason="needs Mosquitto on 127.0.0.1:1883")


def fresh_start() -> str:
    """A fixed scenario start a few minutes ago (whole minute), so readings are recent."""
    t = (int(time.time()) // 60 - 5) * 60
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))


def small(nodes: int = 120, **changes: Any) -> Scenario:
    """The small scenario on a unique tenant, with a recent fixed start."""
    tenant = f"sim{uuid.uuid4().hex[:10]}"
    base = {
        "tenant": tenant,
        "nodes.count": nodes,
        "clock.start": fresh_start(),
        "rates.keepalive_s": 3600,
    }
    base.update(changes)
    return load_scenario("small").with_overrides(**base)


class Ingest:
    """An ingest worker on the scenario's tenant with its own stores."""

    def __init__(self, tmp: Path, tenant: str, broker: str = BROKER, name: str = "a") -> None:
        from cloud._ingest import IngestConfig

        self.config = IngestConfig(
            broker_url=broker,
            tenant=tenant,
            realtime_url=f"sqlite:///{tmp}/rt-{name}.db",
            history_url=f"sqlite:///{tmp}/hist-{name}.db",
            deadletter_url=f"sqlite:///{tmp}/dead-{name}.db",
            share_group=f"g{uuid.uuid4().hex[:8]}",
            client_prefix=f"simtest-{uuid.uuid4().hex[:6]}",
            session_expiry_s=5,
            batch_age_ms=20,
            offline_check_s=0.2,
        )
        self.worker: Any = None
        self._cm: Any = None

    async def __aenter__(self) -> Ingest:
        from cloud._ingest import IngestWorker

        self._cm = IngestWorker(self.config, 0)
        self.worker = await self._cm.__aenter__()
        await asyncio.wait_for(self.worker.subscribed.wait(), 15)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._cm.__aexit__(None, None, None)

    async def until(self, pred: Callable[[Any], bool], timeout: float = 30.0) -> None:
        """Wait until ``pred(counters)`` holds."""
        await self.worker.wait_until(lambda w: pred(w.counters), timeout)

    async def settle(self, expected: int, timeout: float = 30.0) -> None:
        """Wait until ``expected`` messages were received and processed: counted as received is
        not yet committed, so the outcome counters (set after the commit) are what is awaited."""
        await self.until(
            lambda c: c.written + c.duplicate + c.late + c.ignored + c.rejected >= expected,
            timeout,
        )


def clear_tenant(tenant: str, port: int = 1883) -> int:
    """Remove every retained message a test left under its tenant on the shared broker."""
    import threading

    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    topics: set[str] = set()
    subscribed = threading.Event()
    client = mqtt.Client(CallbackAPIVersion.VERSION2)
    client.on_message = lambda c, u, m: topics.add(m.topic) if m.retain and m.payload else None
    client.on_subscribe = lambda c, u, mid, rc, p: subscribed.set()
    client.connect("127.0.0.1", port)
    client.loop_start()
    client.subscribe(f"uidi/v1/{tenant}/#", qos=1)
    subscribed.wait(5)
    time.sleep(0.5)  # retained messages follow the SUBACK
    for topic in topics:
        client.publish(topic, b"", qos=1, retain=True).wait_for_publish(5)
    client.disconnect()
    client.loop_stop()
    return len(topics)
