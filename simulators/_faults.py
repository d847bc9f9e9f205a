"""Fault injection between the simulated devices and the broker, every fault counted.

Faults apply to live ``input`` messages (births and lifecycle states pass untouched, except from
killed nodes): drop, duplicate, reorder (a message is overtaken by the node's next one), delay
(held back for a while of scenario time), corrupt (truncated JSON, bytes that are not UTF-8, or a
unit no parser knows). Killing a node silences it without a disconnect: no last will, its
heartbeats stop, and the platform must notice the silence. Broker outages are run by the
simulation runner, which takes the broker (or its own link to it) away and counts what it held.

Decisions are pure functions of (seed, message index), so a faulty run is as reproducible as a
clean one, and the counters say exactly what the platform should have seen.
"""

from __future__ import annotations

import heapq
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

from simulators._engine import SimMessage
from simulators._rng import unit
from simulators._scenario import FaultSpec

__all__ = ["FaultCounters", "FaultInjector"]

_CORRUPT_MODES = ("truncate", "not_utf8", "unknown_unit")


@dataclass
class FaultCounters:
    """What the injector (and the runner, for outages) did; ``expected()``: what ingest reports."""

    seen: int = 0
    passed: int = 0
    dropped: int = 0
    duplicated: int = 0
    reordered: int = 0
    delayed: int = 0
    corrupted: int = 0
    killed_nodes: int = 0
    killed_suppressed: int = 0
    outages: int = 0
    outage_s: float = 0.0
    outage_buffered: int = 0
    outage_overflow: int = 0
    corrupt_modes: dict[str, int] = field(default_factory=dict)
    killed: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        """Counters as a plain dict (JSON-ready)."""
        return dict(self.__dict__)

    def expected(self) -> dict[str, int]:
        """What a correct platform reports for these faults: duplicates and dead letters."""
        return {
            "duplicate": self.duplicated,
            "rejected": self.corrupted,
            "lost_nodes": self.killed_nodes,
        }


class FaultInjector:
    """Applies a :class:`FaultSpec` to a message stream: ``for m in injector.apply(stream)``."""

    def __init__(self, spec: FaultSpec, seed: int, *, start_ms: int | None = None) -> None:
        self.spec = spec
        self.seed = seed
        self.counters = FaultCounters()
        self._index = 0
        self._start_ms = start_ms
        self._held: dict[str, SimMessage] = {}
        self._delayed: list[tuple[int, int, SimMessage]] = []
        self._killed: set[str] = set()
        self._kill_open = spec.kill_nodes > 0

    def _kill_armed(self, msg: SimMessage) -> bool:
        if not self._kill_open:
            return False
        if self._start_ms is None:
            self._start_ms = msg.t_ms
        return msg.t_ms - self._start_ms >= self.spec.kill_at_s * 1000

    def process(self, msg: SimMessage) -> list[SimMessage]:
        """Messages to send now, in order, for one message offered by the engine."""
        out: list[SimMessage] = []
        self._release_due(msg.t_ms, out)
        self.counters.seen += 1
        if msg.node in self._killed:
            self.counters.killed_suppressed += 1
            return out
        if msg.kind == "input" and self._kill_armed(msg):
            self._killed.add(msg.node)
            self.counters.killed.append(msg.node)
            self.counters.killed_nodes += 1
            self.counters.killed_suppressed += 1
            if len(self._killed) >= self.spec.kill_nodes:
                self._kill_open = False
            return out
        if msg.kind != "input":
            self._emit(msg, out)
            return out
        i = self._index
        self._index += 1
        s = self.spec
        if s.drop and unit(self.seed, 201, i) < s.drop:
            self.counters.dropped += 1
            return out
        corrupted = bool(s.corrupt and unit(self.seed, 203, i) < s.corrupt)
        if corrupted:
            msg = self._corrupt(msg, i)
        if s.delay and unit(self.seed, 207, i) < s.delay:
            lo, hi = s.delay_ms
            wait = lo + int(unit(self.seed, 209, i) * (hi - lo + 1))
            self.counters.delayed += 1
            heapq.heappush(self._delayed, (msg.t_ms + wait, i, replace(msg, t_ms=msg.t_ms + wait)))
            return out
        if s.reorder and msg.node not in self._held and unit(self.seed, 211, i) < s.reorder:
            self._held[msg.node] = msg
            return out
        self._emit(msg, out)
        if s.duplicate and unit(self.seed, 213, i) < s.duplicate:
            # counters describe the wire: a second copy of a corrupted message is one more
            # corrupted message (ingest rejects it), not a duplicate it can recognise
            if corrupted:
                self.counters.corrupted += 1
            else:
                self.counters.duplicated += 1
            self._emit(msg, out)
        return out

    def _emit(self, msg: SimMessage, out: list[SimMessage]) -> None:
        out.append(msg)
        self.counters.passed += 1
        held = self._held.pop(msg.node, None)
        if held is not None and msg.kind == "input":
            # the newer reading went first; the older one arrives after it
            self.counters.reordered += 1
            out.append(replace(held, t_ms=msg.t_ms))
            self.counters.passed += 1
        elif held is not None:
            self._held[msg.node] = held

    def _release_due(self, now_ms: int, out: list[SimMessage]) -> None:
        while self._delayed and self._delayed[0][0] <= now_ms:
            _, _, msg = heapq.heappop(self._delayed)
            out.append(msg)
            self.counters.passed += 1

    def flush(self) -> list[SimMessage]:
        """Everything still held (delayed, or waiting to be overtaken), to send at the end."""
        out: list[SimMessage] = []
        while self._delayed:
            out.append(heapq.heappop(self._delayed)[2])
            self.counters.passed += 1
        for msg in self._held.values():
            out.append(msg)
            self.counters.passed += 1
        self._held.clear()
        return out

    def apply(self, stream: Iterable[SimMessage]) -> Iterator[SimMessage]:
        """The faulty stream: every message of ``stream`` after the faults, then what was held."""
        for msg in stream:
            yield from self.process(msg)
        yield from self.flush()

    def _corrupt(self, msg: SimMessage, i: int) -> SimMessage:
        mode = _CORRUPT_MODES[int(unit(self.seed, 217, i) * len(_CORRUPT_MODES))]
        payload = msg.payload
        if mode == "unknown_unit":
            try:
                doc = json.loads(payload)
                metrics = doc["body"]["metrics"]
                with_unit = [m for m in metrics if m.get("unit")]
                if not with_unit:
                    raise ValueError("no metric with a unit")
                with_unit[0]["unit"] = (
                    "blorbs per zorp"  # not a unit: pint knows furlongs and fortnights
                )
                for m in metrics:
                    m.pop("si_value", None)
                    m.pop("si_unit", None)
                payload = json.dumps(doc, separators=(",", ":")).encode()
            except (ValueError, KeyError, TypeError):
                mode = "truncate"
        if mode == "truncate":
            # half a JSON object never parses: the closing brace is gone
            payload = payload[: max(1, len(payload) // 2)]
        elif mode == "not_utf8":
            payload = b"\xff\xfe" + payload[2:]
        self.counters.corrupted += 1
        self.counters.corrupt_modes[mode] = self.counters.corrupt_modes.get(mode, 0) + 1
        return replace(msg, payload=payload)
