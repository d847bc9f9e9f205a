"""Live dynamics: what each node reads at a given scenario time.

Every value is a pure function of (seed, node, scenario time), so a run is reproducible and any
moment can be computed without replaying the past: occupancy follows the profile's hour-of-week
curve scaled by the node's popularity, plus slow noise and events; queues and waits follow
occupancy; prices move in steps; a few nodes close for the day, drop offline for an hour or have
a failed sensor that reads outside its datasheet range.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from simulators._city import City, NodeSpec
from simulators._rng import unit
from simulators._scenario import WEEKDAYS, Scenario

__all__ = ["Clock", "LiveModel", "NodeStatus"]

# Monthly mean air temperature in Toronto (°C, January first), rounded 1991-2020 normals.
_AIR_C = (-5.5, -4.5, -0.5, 6.5, 13.0, 18.5, 21.5, 20.5, 16.5, 9.5, 3.5, -2.0)
# Near-shore Lake Ontario surface water (°C), rough monthly values.
_WATER_C = (2.0, 1.5, 2.0, 4.0, 8.0, 14.0, 19.0, 21.0, 18.0, 13.0, 8.0, 4.0)
_DISCOUNTS = (5, 10, 15, 20, 25, 30, 40, 50)


@dataclass(frozen=True, slots=True)
class Clock:
    """Scenario time broken down once: local weekday, minute of day, day and hour counters."""

    t_ms: int
    weekday: int  # 0 = Monday
    minute: int  # minutes since local midnight
    month: int
    day_no: int  # days since the epoch (local), for per-day draws
    hour_no: int  # hours since the epoch, for per-hour draws

    @classmethod
    def at(cls, t_ms: int, tz: ZoneInfo) -> Clock:
        """Break ``t_ms`` (UTC epoch ms) down in the region's time zone."""
        local = datetime.fromtimestamp(t_ms / 1000, UTC).astimezone(tz)
        offset = local.utcoffset()
        offset_ms = int(offset.total_seconds() * 1000) if offset is not None else 0
        local_ms = t_ms + offset_ms
        return cls(
            t_ms=t_ms,
            weekday=local.weekday(),
            minute=local.hour * 60 + local.minute,
            month=local.month,
            day_no=local_ms // 86_400_000,
            hour_no=local_ms // 3_600_000,
        )


@dataclass(frozen=True, slots=True)
class NodeStatus:
    """A node's condition at a moment: lifecycle, whether it is open, and a failed sensor if any."""

    online: bool
    open: bool
    closed_unplanned: bool
    failed: bool
    reason: str | None


class LiveModel:
    """Computes live readings for the nodes of a city."""

    def __init__(self, city: City) -> None:
        self.city = city
        self.scenario: Scenario = city.scenario
        self.seed = city.seed
        self.tz = ZoneInfo(self.scenario.region.timezone)
        hoods = {h.name: h for h in self.scenario.region.neighbourhoods}
        self._events = []
        for ev in self.scenario.events:
            h, m = (int(p) for p in ev.start.split(":"))
            hood = hoods[ev.near]
            self._events.append(
                (
                    WEEKDAYS.index(ev.day),
                    h * 60 + m,
                    h * 60 + m + ev.duration_min,
                    hood.lat,
                    hood.lon,
                    ev.radius_m,
                    ev.boost_pct,
                    frozenset(ev.services),
                )
            )
        self._curves = self.scenario.curves
        self._lc = self.scenario.lifecycle

    def clock(self, t_ms: int) -> Clock:
        """The broken-down clock at ``t_ms``."""
        return Clock.at(t_ms, self.tz)

    # lifecycle ---------------------------------------------------------------------------------

    def status(self, node: NodeSpec, clock: Clock) -> NodeStatus:
        """Lifecycle and opening of ``node`` at ``clock``."""
        i = node.index
        offline = unit(self.seed, 51, i, clock.hour_no) < self._lc.offline_p
        closed = unit(self.seed, 53, i, clock.day_no) < self._lc.close_p
        failed = False
        if unit(self.seed, 57, i, clock.day_no) < self._lc.fail_p:
            # the sensor fails at some hour of that day and stays failed until midnight
            failed = clock.minute >= int(unit(self.seed, 59, i, clock.day_no) * 1440)
        scheduled = _open_by_hours(node.opening_hours, clock)
        reason = None
        if offline:
            reason = "gateway lost its uplink"
        elif closed and scheduled:
            reason = "closed today"
        return NodeStatus(
            online=not offline,
            open=scheduled and not closed,
            closed_unplanned=closed,
            failed=failed,
            reason=reason,
        )

    # readings ----------------------------------------------------------------------------------

    def occupancy(self, node: NodeSpec, clock: Clock, status: NodeStatus) -> float:
        """Percent full, 0..100."""
        if not status.open:
            return 0.0
        curve = self._curves[node.service.profile.curve]
        day = WEEKDAYS[clock.weekday]
        values = curve.get(day) or curve.get("weekend" if clock.weekday >= 5 else "weekday")
        if values is None:
            values = next(iter(curve.values()))
        h, m = divmod(clock.minute, 60)
        base = values[h] + (values[(h + 1) % 24] - values[h]) * (m / 60.0)
        occ = base * node.popularity + self._event_boost(node, clock)
        occ += (self._slow_noise(node.index, clock.t_ms, 61) - 0.5) * 16.0
        return max(0.0, min(100.0, occ))

    def _event_boost(self, node: NodeSpec, clock: Clock) -> float:
        boost = 0.0
        for day, start, end, lat, lon, radius, amount, services in self._events:
            if clock.weekday != day or not start <= clock.minute < end:
                continue
            if services and node.service.name not in services:
                continue
            d = _distance_m(node.lat, node.lon, lat, lon)
            if d < radius:
                boost += amount * (1.0 - d / radius)
        return boost

    def _slow_noise(self, i: int, t_ms: int, salt: int) -> float:
        """Value noise in [0, 1) that drifts smoothly over five-minute knots."""
        knot, frac = divmod(t_ms, 300_000)
        a = unit(self.seed, salt, i, knot)
        b = unit(self.seed, salt, i, knot + 1)
        f = frac / 300_000
        f = f * f * (3 - 2 * f)
        return a + (b - a) * f

    def readings(
        self, node: NodeSpec, clock: Clock, status: NodeStatus
    ) -> dict[str, float | int | bool]:
        """Every metric the node reports, at ``clock``, in the vocabulary's units."""
        i = node.index
        seed = self.seed
        occ = self.occupancy(node, clock, status)
        jitter = unit(seed, 67, i, clock.t_ms)
        out: dict[str, float | int | bool] = {}
        profile = node.service.profile
        for metric in node.metrics:
            if metric == "open":
                out[metric] = status.open
            elif metric == "occupancy_pct":
                out[metric] = round(occ, 1)
            elif metric == "people_count":
                out[metric] = round(occ / 100.0 * node.capacity)
            elif metric == "queue_len":
                out[metric] = _queue(occ, node.capacity, jitter, status.open)
            elif metric == "wait_min":
                q = _queue(occ, node.capacity, jitter, status.open)
                out[metric] = (
                    round(q * 1.8 + max(0.0, occ - 60.0) * 0.15, 1) if status.open else 0.0
                )
            elif metric == "parking_free":
                bays = node.capacity if profile.curve == "parking" else max(10, node.capacity // 3)
                busy = min(1.0, occ / 100.0 * 0.97 + (jitter - 0.5) * 0.04)
                out[metric] = max(0, min(bays, round(bays * (1.0 - max(0.0, busy)))))
            elif metric == "available":
                units = max(4, node.capacity // 4)
                out[metric] = max(
                    0, min(units, round(units * (1.0 - occ / 100.0) + jitter * 2 - 1))
                )
            elif metric == "price":
                out[metric] = self._price(node, clock)
            elif metric == "discount_pct":
                day_draw = unit(seed, 71, i, clock.day_no)
                out[metric] = (
                    _DISCOUNTS[int(day_draw * 1000) % len(_DISCOUNTS)] if day_draw < 0.25 else 0
                )
            elif metric == "noise_dba":
                base = 47.0 if profile.outdoor else 36.0
                out[metric] = round(
                    base + occ * 0.33 + (self._slow_noise(i, clock.t_ms, 73) - 0.5) * 8, 1
                )
            elif metric == "temperature_c":
                out[metric] = self._temperature(node, clock, occ, status.failed)
            elif metric == "water_temperature_c":
                water = _WATER_C[clock.month - 1] if profile.outdoor else 27.0
                out[metric] = round(water + (jitter - 0.5), 1)
            elif metric == "humidity_pct":
                out[metric] = (
                    0.0
                    if status.failed
                    else round(40.0 + 25.0 * self._slow_noise(i, clock.t_ms, 79), 1)
                )
            elif metric == "co2_ppm":
                out[metric] = round(420 + occ * 11 + jitter * 30)
            elif metric == "pressure_kpa":
                out[metric] = (
                    0.0
                    if status.failed
                    else round(280.0 + 60.0 * self._slow_noise(i, clock.t_ms, 83), 1)
                )
            elif metric == "flow_lpm":
                # YF-S201 reads 1-30 L/min; a failed meter reports a pulse storm far above that
                out[metric] = (
                    60.0
                    if status.failed
                    else (round(min(30.0, 1.0 + occ / 100.0 * 27.0), 1) if status.open else 0.0)
                )
            elif metric in ("power_w", "current_a"):
                amps = self._current(node, occ)
                out[metric] = (
                    round(amps, 2) if metric == "current_a" else round(amps * self._volts(node), 1)
                )
            elif metric == "light_lux":
                out[metric] = round(self._light(clock, profile.outdoor, jitter))
            else:
                # a live field the simulator has no physics for: a steady percentage-like signal
                out[metric] = round(occ, 1)
        return out

    def _price(self, node: NodeSpec, clock: Clock) -> float:
        base = node.base_price if node.base_price is not None else 10.0
        window = clock.hour_no // 6
        # prices move in steps every six hours: the sum of the last four step draws
        steps = sum(unit(self.seed, 89, node.index, window - k) - 0.5 for k in range(4))
        price = base * (1.0 + 0.025 * steps)
        return round(price, 3) if base < 5 else round(price, 2)

    def _temperature(self, node: NodeSpec, clock: Clock, occ: float, failed: bool) -> float:
        if failed:
            # a failed climate sensor reads far outside any datasheet range the parts have
            return 150.0
        noise = (self._slow_noise(node.index, clock.t_ms, 97) - 0.5) * 2.0
        if node.service.profile.outdoor:
            diurnal = 4.5 * math.sin((clock.minute / 60.0 - 9.0) / 24.0 * 2 * math.pi)
            return round(_AIR_C[clock.month - 1] + diurnal + noise, 1)
        return round(20.5 + occ * 0.03 + noise, 1)

    def _current(self, node: NodeSpec, occ: float) -> float:
        ina = any(d.model == "INA219" for d in node.devices)
        # INA219 on its usual 0.1 ohm shunt reads up to 3.2 A; ACS712-30A up to 30 A
        return 0.2 + occ / 100.0 * (2.6 if ina else 24.0)

    def _volts(self, node: NodeSpec) -> float:
        return 12.0 if any(d.model == "INA219" for d in node.devices) else 240.0

    @staticmethod
    def _light(clock: Clock, outdoor: bool, jitter: float) -> float:
        if not outdoor:
            return 320.0 + jitter * 120.0
        daylight = math.sin((clock.minute / 60.0 - 6.0) / 14.0 * math.pi)
        return max(1.0, daylight * 30_000.0) + jitter * 50.0


def _queue(occ: float, capacity: int, jitter: float, is_open: bool) -> int:
    if not is_open:
        return 0
    return max(0, round(max(0.0, occ - 45.0) / 55.0 * capacity * 0.12 + (jitter - 0.5) * 2))


def _open_by_hours(hours: dict[str, tuple[str, str]] | str, clock: Clock) -> bool:
    if hours == "24/7":
        return True
    assert isinstance(hours, dict)
    span = hours.get(WEEKDAYS[clock.weekday])
    if span is None:
        return False
    start = int(span[0][:2]) * 60 + int(span[0][3:])
    end = int(span[1][:2]) * 60 + int(span[1][3:])
    if end <= start:  # past midnight: open until ``end`` on the next day's clock
        return clock.minute >= start or clock.minute < end
    return start <= clock.minute < end


def _distance_m(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    x = math.radians(lon2 - lon1) * math.cos(math.radians((lat1 + lat2) / 2))
    y = math.radians(lat2 - lat1)
    return 6_371_000.0 * math.hypot(x, y)
