"""Running a scenario against a broker, recording it, and replaying a recording.

:class:`BrokerLink` is the simulated gateways' connection (one MQTT client carrying many nodes,
as LoRa and Wi-Fi gateways do): it publishes, records what it sent, and holds messages while the
broker is away (store-and-forward), flushing them in order when it is back.
:func:`run_simulation` paces the engine to the scenario clock and runs the scheduled faults;
:func:`replay` publishes a recording again with its timing scaled.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from simulators._engine import CityEngine, SimMessage
from simulators._errors import SimulatorError
from simulators._faults import FaultCounters, FaultInjector
from simulators._record import Recorder, read_header, read_recording
from simulators._scenario import FaultSpec, Scenario
from uidi import BackendURL

__all__ = ["BrokerControl", "BrokerLink", "RunReport", "record_broker", "replay", "run_simulation"]

log = logging.getLogger(__name__)

_ids = itertools.count()


class BrokerControl(Protocol):
    """Something that can take the broker away and bring it back (a broker process we own)."""

    def stop(self) -> None:
        """Take the broker away."""

    def start(self) -> None:
        """Bring the broker back on the same address."""


def _address(url: str) -> tuple[str, int]:
    parsed = BackendURL.parse(url)
    if parsed.scheme not in ("mqtt", "tcp"):
        raise SimulatorError(f"broker URL {parsed}: scheme {parsed.scheme!r} is not mqtt://")
    return parsed.host or "127.0.0.1", parsed.port or 1883


class BrokerLink:
    """One MQTT connection publishing for many simulated nodes, with a hold buffer and recorder."""

    def __init__(
        self,
        url: str,
        *,
        client_id: str | None = None,
        recorder: Recorder | None = None,
        buffer_max: int = 500_000,
    ) -> None:
        self.url = url
        self.host, self.port = _address(url)
        self.recorder = recorder
        self.buffer: deque[tuple[str, bytes, int, bool]] = deque()
        self.buffer_max = buffer_max
        self.buffered = 0
        self.overflow = 0
        self.published = 0
        self.suspended = False
        self._connected = threading.Event()
        cid = client_id or f"iotase-sim-{os.getpid()}-{next(_ids)}"
        self.client = mqtt.Client(
            CallbackAPIVersion.VERSION2,
            client_id=cid,
            protocol=mqtt.MQTTv311,
            clean_session=True,
        )
        self.client.max_inflight_messages_set(2000)
        self.client.max_queued_messages_set(0)
        self.client.reconnect_delay_set(1, 2)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect

    def _on_connect(
        self, client: Any, userdata: Any, flags: Any, rc: Any, props: Any = None
    ) -> None:
        if not rc.is_failure:
            self._connected.set()

    def _on_disconnect(
        self, client: Any, userdata: Any, flags: Any, rc: Any, props: Any = None
    ) -> None:
        self._connected.clear()

    @property
    def connected(self) -> bool:
        """True while the broker has accepted the connection."""
        return self._connected.is_set()

    def connect(self, timeout: float = 15.0) -> None:
        """Connect (the network loop runs on paho's thread) and wait for the broker's CONNACK."""
        try:
            self.client.connect_async(self.host, self.port, keepalive=30)
        except OSError as exc:
            raise SimulatorError(f"broker {self.url}: cannot connect: {exc}") from exc
        self.client.loop_start()
        if not self._connected.wait(timeout):
            self.client.loop_stop()
            raise SimulatorError(f"broker {self.url}: no CONNACK within {timeout:.0f} s")

    async def wait_connected(self, timeout: float) -> bool:
        """Wait (without blocking the event loop) until connected; False on timeout."""
        deadline = time.monotonic() + timeout
        while not self.connected and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        return self.connected

    def publish(self, topic: str, payload: bytes, qos: int = 0, retain: bool = False) -> None:
        """Publish now, or hold the message while the broker is away."""
        if self.buffer or self.suspended or not self.connected:
            self._hold(topic, payload, qos, retain)
            return
        info = self.client.publish(topic, payload, qos=qos, retain=retain)
        if info.rc != mqtt.MQTT_ERR_SUCCESS:
            self._hold(topic, payload, qos, retain)
            return
        self.published += 1
        if self.recorder is not None:
            self.recorder.write(topic, payload, qos, retain)

    def _hold(self, topic: str, payload: bytes, qos: int, retain: bool) -> None:
        if len(self.buffer) >= self.buffer_max:
            self.buffer.popleft()
            self.overflow += 1
        self.buffer.append((topic, payload, qos, retain))
        self.buffered += 1

    def flush(self) -> int:
        """Send what was held, in order, while connected; returns how many went out."""
        sent = 0
        while self.buffer and self.connected and not self.suspended:
            topic, payload, qos, retain = self.buffer[0]
            info = self.client.publish(topic, payload, qos=qos, retain=retain)
            if info.rc != mqtt.MQTT_ERR_SUCCESS:
                break
            self.buffer.popleft()
            self.published += 1
            sent += 1
            if self.recorder is not None:
                self.recorder.write(topic, payload, qos, retain)
        return sent

    def suspend(self) -> None:
        """Drop the connection on purpose (an outage seen from this side only)."""
        self.suspended = True
        self.client.disconnect()

    def resume(self) -> None:
        """Reconnect after :meth:`suspend` (a deliberate disconnect ends paho's loop thread)."""
        self.suspended = False
        self.client.loop_stop()
        self.client.connect_async(self.host, self.port, keepalive=30)
        self.client.loop_start()

    async def drain(self, timeout: float = 30.0) -> None:
        """Wait until held messages and paho's own queue are out (QoS 1 acknowledged)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.flush()
            pending = len(getattr(self.client, "_out_messages", {}))
            if not self.buffer and pending == 0:
                return
            await asyncio.sleep(0.05)
        log.warning(
            "broker %s: %d held and unacknowledged messages left after %.0f s",
            self.url,
            len(self.buffer),
            timeout,
        )

    def close(self) -> None:
        """Disconnect and stop the network thread."""
        try:
            self.client.disconnect()
        finally:
            self.client.loop_stop()


@dataclass
class RunReport:
    """What a simulation run did, for ``--json`` and for tests."""

    scenario: str
    seed: int
    nodes: int
    start_ms: int
    births: int = 0
    published: int = 0
    inputs: int = 0
    live_s: float = 0.0
    births_s: float = 0.0
    updates_per_s: float = 0.0
    max_lag_ms: float = 0.0
    recorded: int = 0
    record: str | None = None
    engine: dict[str, int] = field(default_factory=dict)
    faults: dict[str, object] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
        """The report as a plain dict."""
        return dict(self.__dict__)


async def _run_outage(
    link: BrokerLink,
    counters: FaultCounters,
    for_s: float,
    control: BrokerControl | None,
    stop: asyncio.Event,
) -> None:
    counters.outages += 1
    began = time.monotonic()
    held_before = link.buffered
    log.warning("fault: broker away for %.1f s", for_s)
    # the gateways' link goes first, so that nothing is written into a dying socket: what the
    # devices produce meanwhile is held and counted, then sent in order once the broker is back
    link.suspend()
    if control is not None:
        await asyncio.to_thread(control.stop)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stop.wait(), for_s)
    if control is not None:
        await asyncio.to_thread(control.start)
    link.resume()
    await link.wait_connected(30.0)
    counters.outage_s += round(time.monotonic() - began, 3)
    link.flush()
    counters.outage_buffered += link.buffered - held_before
    counters.outage_overflow = link.overflow


async def run_simulation(
    scenario: Scenario,
    *,
    broker_url: str,
    seed: int | None = None,
    rate: float | None = None,
    duration_s: float | None = None,
    record: str | Path | None = None,
    start: str | int | None = None,
    births: bool = True,
    speed: float = 1.0,
    faults: FaultSpec | None = None,
    broker_control: BrokerControl | None = None,
    stop: asyncio.Event | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
    engine: CityEngine | None = None,
    client_id: str | None = None,
    warm: bool = False,
    go: asyncio.Event | None = None,
) -> RunReport:
    """Run ``scenario`` against the broker at ``broker_url`` until ``duration_s`` or ``stop``.

    ``speed`` scales the scenario clock against the wall clock (``0``: as fast as possible).
    Births go first (retained, QoS 1); with ``start`` left at ``now`` the live clock starts when
    they are out, so readings are fresh. ``warm`` prepares every node before anything is sent;
    ``go``, when given, holds everything back until it is set (a demo starts the simulator early
    and releases it once the stores hold the births). Returns a :class:`RunReport`.
    """
    stop = stop or asyncio.Event()
    engine = engine or CityEngine(
        scenario, seed=seed, start_ms=start, rate=rate, births_sent=not births
    )
    spec = faults if faults is not None else scenario.faults
    injector = FaultInjector(spec, engine.seed) if spec.any else None
    report = RunReport(scenario.name, engine.seed, len(engine.city), engine.start_ms)
    recorder = None
    if record is not None:
        recorder = Recorder(
            record,
            {
                "scenario": scenario.name,
                "seed": engine.seed,
                "nodes": len(engine.city),
                "start_ms": engine.start_ms,
            },
        )
        recorder.open()
    link = BrokerLink(broker_url, recorder=recorder, client_id=client_id)
    await asyncio.to_thread(link.connect)
    try:
        if warm:
            t_warm = time.monotonic()
            prepared = await asyncio.to_thread(engine.warm)
            if progress:
                progress(
                    {
                        "phase": "warm",
                        "nodes": prepared,
                        "seconds": round(time.monotonic() - t_warm, 2),
                    }
                )
        if go is not None:
            go_task = asyncio.ensure_future(go.wait())
            stop_task = asyncio.ensure_future(stop.wait())
            await asyncio.wait({go_task, stop_task}, return_when=asyncio.FIRST_COMPLETED)
            go_task.cancel()
            stop_task.cancel()
        t0 = time.monotonic()
        if births and not stop.is_set():
            for n, msg in enumerate(engine.births(), 1):
                link.publish(msg.topic, msg.payload, msg.qos, msg.retain)
                if n % 2000 == 0:
                    if progress:
                        progress({"phase": "births", "done": n, "of": len(engine.city)})
                    await asyncio.sleep(0)
                    if stop.is_set():
                        break
            report.births = engine.counters.births
        report.births_s = round(time.monotonic() - t0, 3)
        if (start if start is not None else scenario.clock.start) == "now":
            engine.live_start_ms = int(time.time() * 1000)
        await _live(
            engine, link, injector, report, spec, duration_s, speed, broker_control, stop, progress
        )
        await link.drain(10.0)
    finally:
        link.close()
        if recorder is not None:
            recorder.close()
            report.recorded = recorder.count
            report.record = str(recorder.path)
    report.published = link.published
    report.engine = engine.counters.as_dict()
    report.inputs = engine.counters.inputs
    if injector is not None:
        injector.counters.outage_overflow = link.overflow
        report.faults = injector.counters.as_dict()
    return report


async def _live(
    engine: CityEngine,
    link: BrokerLink,
    injector: FaultInjector | None,
    report: RunReport,
    spec: FaultSpec,
    duration_s: float | None,
    speed: float,
    control: BrokerControl | None,
    stop: asyncio.Event,
    progress: Callable[[dict[str, Any]], None] | None,
) -> None:
    tick_s = engine.rates.tick_ms / 1000.0
    ticks = None if duration_s is None else max(1, round(duration_s / tick_s))
    outages = sorted(spec.broker_outages, key=lambda o: o.at_s)
    counters = injector.counters if injector is not None else FaultCounters()
    outage_task: asyncio.Task[None] | None = None
    wall0 = time.monotonic()
    inputs0 = engine.counters.inputs
    last_report = wall0
    k = 0
    try:
        while (ticks is None or k < ticks) and not stop.is_set():
            elapsed_scenario = k * tick_s
            if (
                outages
                and elapsed_scenario >= outages[0].at_s
                and (outage_task is None or outage_task.done())
            ):
                outage = outages.pop(0)
                outage_task = asyncio.create_task(
                    _run_outage(link, counters, outage.for_s, control, stop)
                )
            if speed > 0:
                due = wall0 + elapsed_scenario / speed
                delay = due - time.monotonic()
                if delay > 0:
                    await asyncio.sleep(delay)
                else:
                    # behind schedule: still yield once a tick so that a stop signal is seen
                    report.max_lag_ms = max(report.max_lag_ms, -delay * 1000.0)
                    await asyncio.sleep(0)
            else:
                await asyncio.sleep(0)
            messages: Iterable[SimMessage] = engine.tick(k)
            for msg in messages:
                for out in injector.process(msg) if injector is not None else (msg,):
                    link.publish(out.topic, out.payload, out.qos, out.retain)
            if link.buffer and link.connected and not link.suspended:
                link.flush()
            k += 1
            now = time.monotonic()
            if progress and now - last_report >= 5.0:
                last_report = now
                live = now - wall0
                progress(
                    {
                        "phase": "live",
                        "seconds": round(live, 1),
                        "inputs": engine.counters.inputs - inputs0,
                        "updates_per_s": round(
                            (engine.counters.inputs - inputs0) / max(live, 1e-9), 1
                        ),
                        "held": len(link.buffer),
                    }
                )
        if injector is not None:
            for out in injector.flush():
                link.publish(out.topic, out.payload, out.qos, out.retain)
    finally:
        if outage_task is not None:
            if stop.is_set():
                outage_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await outage_task
    live = time.monotonic() - wall0
    report.live_s = round(live, 3)
    report.updates_per_s = round((engine.counters.inputs - inputs0) / max(live, 1e-9), 1)
    report.max_lag_ms = round(report.max_lag_ms, 1)


async def replay(
    path: str | Path,
    *,
    broker_url: str,
    speed: float = 1.0,
    stop: asyncio.Event | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
    client_id: str | None = None,
) -> dict[str, Any]:
    """Publish a recording again: same messages, same order, timing divided by ``speed``.

    ``speed <= 0`` publishes as fast as the link allows. Returns counts and the elapsed time.
    """
    stop = stop or asyncio.Event()
    header = read_header(path)
    link = BrokerLink(broker_url, client_id=client_id)
    await asyncio.to_thread(link.connect)
    wall0 = time.monotonic()
    n = 0
    try:
        for n, row in enumerate(read_recording(path), 1):
            if stop.is_set():
                n -= 1
                break
            if speed > 0:
                delay = wall0 + row.t / 1000.0 / speed - time.monotonic()
                if delay > 0:
                    await asyncio.sleep(delay)
            elif n % 500 == 0:
                await asyncio.sleep(0)
            link.publish(row.topic, row.payload, row.qos, row.retain)
            if progress and n % 10_000 == 0:
                progress({"phase": "replay", "published": n})
        await link.drain(30.0)
    finally:
        link.close()
    return {
        "file": str(path),
        "scenario": header.get("scenario"),
        "messages": n,
        "published": link.published,
        "speed": speed,
        "elapsed_s": round(time.monotonic() - wall0, 3),
    }


async def record_broker(
    path: str | Path,
    *,
    broker_url: str,
    topic_filter: str = "uidi/v1/#",
    duration_s: float | None = None,
    stop: asyncio.Event | None = None,
) -> dict[str, Any]:
    """Record what crosses a broker (from any publisher) by subscribing to ``topic_filter``.

    Runs until ``duration_s`` or ``stop``; returns how many messages were recorded.
    """
    stop = stop or asyncio.Event()
    host, port = _address(broker_url)
    recorder = Recorder(path, {"broker": str(BackendURL.parse(broker_url)), "filter": topic_filter})
    recorder.open()
    lock = threading.Lock()
    subscribed = threading.Event()
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"iotase-record-{os.getpid()}")

    def on_connect(c: Any, userdata: Any, flags: Any, rc: Any, props: Any = None) -> None:
        c.subscribe(topic_filter, qos=1)

    def on_subscribe(c: Any, userdata: Any, mid: Any, rcs: Any, props: Any = None) -> None:
        subscribed.set()

    def on_message(c: Any, userdata: Any, message: Any) -> None:
        # paho's network thread; the recorder is not shared with anything else
        with lock:
            recorder.write(message.topic, message.payload, message.qos, bool(message.retain))

    client.on_connect = on_connect
    client.on_subscribe = on_subscribe
    client.on_message = on_message
    try:
        client.connect_async(host, port, keepalive=30)
        client.loop_start()
        if not await asyncio.to_thread(subscribed.wait, 15.0):
            raise SimulatorError(f"broker {broker_url}: could not subscribe to {topic_filter!r}")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), duration_s)
    finally:
        client.disconnect()
        client.loop_stop()
        with lock:
            recorder.close()
    return {"file": str(path), "filter": topic_filter, "recorded": recorder.count}
