"""The city engine: births, then live updates tick by tick, as UIDI messages ready for the broker.

The engine is a pure function of (scenario, seed, start time): tick ``k`` covers scenario time
``start + k * tick_ms`` and always yields the same messages. Updates walk the nodes with a fixed
stride (coprime with the node count), so every node is refreshed once per ``count / rate``
seconds and no per-node schedule is stored; a node's sequence counter and last announced
lifecycle are the only state, a few bytes per node.
"""

from __future__ import annotations

import logging
import math
import time
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime

import uidi
from edge import EdgeError
from simulators._city import City, NodeSpec
from simulators._dynamics import Clock, LiveModel
from simulators._scenario import Scenario
from simulators._vendors import VendorBridge

__all__ = ["CityEngine", "EngineCounters", "SimMessage", "resolve_start_ms"]

log = logging.getLogger(__name__)

_ONLINE, _OFFLINE = 0, 1
_OPEN_UNKNOWN, _OPEN_NO, _OPEN_YES = 0, 1, 2


@dataclass(frozen=True, slots=True)
class SimMessage:
    """One message for the broker, due at scenario time ``t_ms`` (UTC epoch ms)."""

    t_ms: int
    topic: str
    payload: bytes
    qos: int
    retain: bool
    node: str
    kind: str


@dataclass
class EngineCounters:
    """What the engine produced (before any fault injection)."""

    births: int = 0
    updates: int = 0
    inputs: int = 0
    states: int = 0
    heartbeats: int = 0
    went_offline: int = 0
    came_online: int = 0
    unmappable: int = 0

    def as_dict(self) -> dict[str, int]:
        """Counters as a plain dict."""
        return dict(self.__dict__)


def resolve_start_ms(start: str | int | None, scenario: Scenario) -> int:
    """Scenario start in UTC epoch ms from an int, ISO 8601 text or ``now`` (whole seconds)."""
    value: str | int = scenario.clock.start if start is None else start
    if isinstance(value, int):
        return value
    if value == "now":
        return int(time.time()) * 1000
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError as exc:
        raise ValueError(f"clock.start: {value!r} is neither 'now' nor ISO 8601") from exc
    if parsed.tzinfo is None:
        raise ValueError(f"clock.start: {value!r} has no time zone (add Z or +00:00)")
    return int(parsed.timestamp() * 1000)


def _stride(n: int) -> int:
    """A step coprime with ``n`` near the golden ratio, so consecutive updates land far apart."""
    if n <= 2:
        return 1
    step = max(1, int(n * 0.6180339887))
    while math.gcd(step, n) != 1:
        step += 1
    return step


@dataclass
class _Rates:
    updates_per_tick: float
    heartbeats_per_tick: float
    tick_ms: int
    stride: int = field(default=1)


class CityEngine:
    """Generates the city's UIDI traffic. Not thread-safe; one engine per run."""

    def __init__(
        self,
        scenario: Scenario,
        *,
        seed: int | None = None,
        start_ms: str | int | None = None,
        rate: float | None = None,
        city: City | None = None,
        births_sent: bool = False,
    ) -> None:
        """``births_sent``: the births went out elsewhere (bulk-loaded), so sequences start at 1."""
        self.scenario = scenario
        self.city = city or City(scenario, seed=seed)
        self.seed = self.city.seed
        self.model = LiveModel(self.city)
        self.bridge = VendorBridge()
        self.start_ms = resolve_start_ms(start_ms, scenario)
        # ticks count from here; a live run moves it to the moment the births are out
        self.live_start_ms = self.start_ms
        self.tenant = scenario.tenant
        self.region = scenario.region.slug
        n = len(self.city)
        tick = scenario.clock.tick_ms
        per_s = scenario.rates.updates_per_s if rate is None else rate
        hb = n / scenario.rates.heartbeat_s if scenario.rates.heartbeat_s else 0.0
        self.rates = _Rates(per_s * tick / 1000.0, hb * tick / 1000.0, tick, _stride(n))
        self.updates_per_s = per_s
        self.keepalive_s = scenario.rates.keepalive_s
        self.qos = scenario.rates.qos
        self._seq = array("q", [1 if births_sent else 0]) * n
        self._life = bytearray(n)
        self._open = bytearray(n)
        self.counters = EngineCounters()
        self._clock_cache: tuple[int, Clock] | None = None
        self._topics: dict[int, str] = {}

    # births ------------------------------------------------------------------------------------

    def topic(self, node: NodeSpec, kind: str) -> str:
        """The UIDI topic of ``node`` for ``kind``."""
        base = self._topics.get(node.index)
        if base is None:
            # validated once per node by the protocol's builder, then reused for every message
            base = uidi.build_topic(
                self.tenant, self.region, node.service.slug, node.node_id, "input"
            )
            base = base[: -len("input")]
            if len(self._topics) < 250_000:
                self._topics[node.index] = base
        return base + kind

    def birth_message(self, node: NodeSpec, ts: int | None = None) -> uidi.State:
        """The State birth of ``node``: its description, keepalive and lifecycle ``online``."""
        description = uidi.NodeDescription(
            name=node.name,
            service=node.service.slug,
            location=uidi.GeoPoint.at(node.lon, node.lat),
            attributes=node.attributes(),
            devices=tuple(
                uidi.DeviceRef(model=d.model, role=d.role, metrics=d.metrics) for d in node.devices
            ),
        )
        return uidi.State(
            node=node.node_id,
            ts=self.start_ms if ts is None else ts,
            seq=self._next_seq(node.index),
            lifecycle=uidi.Lifecycle.ONLINE,
            birth=True,
            description=description,
            keepalive_s=self.keepalive_s,
        )

    def birth(self, i: int) -> SimMessage:
        """The retained birth of node ``i``, encoded for the broker."""
        node = self.city.node(i)
        msg = self.birth_message(node)
        self.counters.births += 1
        return SimMessage(
            msg.ts, self.topic(node, "state"), uidi.encode_json(msg), 1, True, node.node_id, "state"
        )

    def warm(self) -> int:
        """Generate every node (up to the cache size) with its topic and adapters ahead of time.

        The first pass of live updates otherwise pays for it, slowing the first ``count / rate``
        seconds; a demo warms up while the stores load. Returns how many nodes were prepared.
        """
        limit = min(len(self.city), self.city.cache_size)
        for i in range(limit):
            node = self.city.node(i)
            self.topic(node, "input")
            self.bridge.prepare(node)
        return limit

    def births(self, start: int = 0, stop: int | None = None) -> Iterator[SimMessage]:
        """Births of nodes ``start..stop`` (all by default), streamed."""
        for i in range(start, len(self.city) if stop is None else stop):
            yield self.birth(i)

    def birth_pairs(
        self, start: int = 0, stop: int | None = None
    ) -> Iterator[tuple[str, uidi.State]]:
        """``(topic, State)`` births, for loading a real-time store directly in bulk."""
        for i in range(start, len(self.city) if stop is None else stop):
            node = self.city.node(i)
            self.counters.births += 1
            yield self.topic(node, "state"), self.birth_message(node)

    # live updates ------------------------------------------------------------------------------

    def _next_seq(self, i: int) -> int:
        seq = self._seq[i]
        self._seq[i] = seq + 1
        return seq

    def _clock(self, t_ms: int) -> Clock:
        # the local-time breakdown only changes per minute; the engine asks once per message
        minute = t_ms // 60_000
        cached = self._clock_cache
        if cached is None or cached[0] != minute:
            cached = (minute, self.model.clock(minute * 60_000))
            self._clock_cache = cached
        c = cached[1]
        return Clock(t_ms, c.weekday, c.minute, c.month, c.day_no, c.hour_no)

    def tick_time(self, k: int) -> int:
        """Scenario time (UTC ms) at which tick ``k`` starts."""
        return self.live_start_ms + k * self.rates.tick_ms

    def tick(self, k: int) -> list[SimMessage]:
        """Every message of tick ``k`` (updates and heartbeats), in order."""
        r = self.rates
        n = len(self.city)
        u0 = math.floor(k * r.updates_per_tick)
        u1 = math.floor((k + 1) * r.updates_per_tick)
        t0 = self.tick_time(k)
        out: list[SimMessage] = []
        count = u1 - u0
        for j in range(u0, u1):
            i = (j * r.stride + self.seed) % n
            ts = t0 + (j - u0) * r.tick_ms // max(1, count)
            out += self.update(i, ts)
        if r.heartbeats_per_tick:
            h0 = math.floor(k * r.heartbeats_per_tick)
            h1 = math.floor((k + 1) * r.heartbeats_per_tick)
            for j in range(h0, h1):
                hb = self.heartbeat(j % n, t0 + r.tick_ms - 1)
                if hb is not None:
                    out.append(hb)
        return out

    def update(self, i: int, ts: int) -> list[SimMessage]:
        """One live update of node ``i`` at ``ts``: lifecycle changes first, then its readings."""
        node = self.city.node(i)
        clock = self._clock(ts)
        status = self.model.status(node, clock)
        out: list[SimMessage] = []
        self.counters.updates += 1
        if not status.online:
            if self._life[i] == _ONLINE:
                self._life[i] = _OFFLINE
                self.counters.went_offline += 1
                out.append(self._state(node, ts, uidi.Lifecycle.OFFLINE, status.reason))
            return out
        if self._life[i] == _OFFLINE:
            self._life[i] = _ONLINE
            self.counters.came_online += 1
            out.append(self._state(node, ts, uidi.Lifecycle.ONLINE, "uplink restored"))
        readings = self.model.readings(node, clock, status)
        now_open = _OPEN_YES if status.open else _OPEN_NO
        changed = self._open[i] != now_open
        self._open[i] = now_open
        first = int(self._seq[i])
        try:
            messages = self.bridge.convert(node, readings, ts=ts, seq=first, open_changed=changed)
        except EdgeError as exc:
            # a mapping gap is a simulator bug worth seeing, but must not stop the city
            self.counters.unmappable += 1
            log.warning("node %s: adapter rejected its own payload: %s", node.node_id, exc)
            return out
        self._seq[i] = first + len(messages)
        topic = self.topic(node, "input")
        for msg in messages:
            self.counters.inputs += 1
            out.append(
                SimMessage(ts, topic, uidi.encode_json(msg), self.qos, False, node.node_id, "input")
            )
        return out

    def heartbeat(self, i: int, ts: int) -> SimMessage | None:
        """A keepalive State ``online`` for node ``i``, unless it is offline."""
        if self._life[i] == _OFFLINE:
            return None
        node = self.city.node(i)
        self.counters.heartbeats += 1
        return self._state(node, ts, uidi.Lifecycle.ONLINE, None)

    def _state(
        self, node: NodeSpec, ts: int, lifecycle: uidi.Lifecycle, reason: str | None
    ) -> SimMessage:
        msg = uidi.State(
            node=node.node_id,
            ts=ts,
            seq=self._next_seq(node.index),
            lifecycle=lifecycle,
            keepalive_s=self.keepalive_s,
            reason=reason,
        )
        self.counters.states += 1
        # only births are retained: a later State on the same topic would hide the description
        return SimMessage(
            ts, self.topic(node, "state"), uidi.encode_json(msg), 1, False, node.node_id, "state"
        )

    def stream(
        self, duration_s: float | None = None, *, births: bool = True
    ) -> Iterator[SimMessage]:
        """Births (if asked), then ticks until ``duration_s`` of scenario time (forever if None)."""
        if births:
            yield from self.births()
        k = 0
        ticks = None if duration_s is None else math.ceil(duration_s * 1000 / self.rates.tick_ms)
        while ticks is None or k < ticks:
            yield from self.tick(k)
            k += 1
