"""A seeded city of live nodes for the search benchmark and tests, and ``bench query``.

Nodes are written the way devices announce themselves: a UIDI State birth with the node's
description, then Input messages with readings, applied through the real-time store's own
``apply_many`` (the path ingest uses), so the benchmark reads what production would read.
"""

from __future__ import annotations

import logging
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from search._geo import Regions
from search.catalogue import Service

__all__ = ["BENCH_REQUESTS", "make_city", "populate", "run_query_bench"]

log = logging.getLogger(__name__)

_HOURS = (
    "24/7",
    {d: ["07:00", "23:00"] for d in ("mon", "tue", "wed", "thu", "fri", "sat", "sun")},
    {d: ["09:00", "21:00"] for d in ("mon", "tue", "wed", "thu", "fri", "sat", "sun")},
)
_RANGES: dict[str, tuple[float, float, str]] = {
    "occupancy_pct": (0, 100, "%"),
    "people_count": (0, 300, ""),
    "wait_min": (0, 45, "min"),
    "queue_len": (0, 25, ""),
    "parking_free": (0, 80, ""),
    "available": (0, 20, ""),
    "price": (1, 60, ""),
    "discount_pct": (0, 50, "%"),
    "noise_dba": (35, 90, "dB"),
    "temperature_c": (-10, 32, "°C"),
    "humidity_pct": (20, 95, "%RH"),
    "co2_ppm": (400, 1800, "ppm"),
}


def make_city(
    services: Sequence[Service],
    regions: Regions,
    n_nodes: int,
    *,
    seed: int = 7,
    now_ms: int | None = None,
    tenant: str = "bench",
    offline_share: float = 0.03,
) -> list[tuple[str, Any]]:
    """(topic, message) pairs: a birth and one Input per node, in a region's bbox."""
    from uidi import (
        DeviceRef,
        GeoPoint,
        Input,
        Lifecycle,
        Metric,
        NodeDescription,
        State,
        build_topic,
    )

    rng = random.Random(seed)
    now_ms = now_ms or int(time.time() * 1000)
    region = regions.regions[0]
    a, b, c, d = region.bbox
    places = list(region.places)
    out: list[tuple[str, Any]] = []
    for i in range(n_nodes):
        svc = services[i % len(services)]
        node = f"{svc.slug[:40]}-{i:05d}"
        # Most nodes cluster around neighbourhoods, like a real city's shops.
        if places and rng.random() < 0.7:
            p = rng.choice(places)
            lon = min(max(p.lon + rng.gauss(0, 0.012), a), c)
            lat = min(max(p.lat + rng.gauss(0, 0.008), b), d)
        else:
            lon, lat = rng.uniform(a, c), rng.uniform(b, d)
        fields = [
            f for f in (svc.live_fields or ("occupancy_pct", "open")) if f in _RANGES or f == "open"
        ]
        attrs: dict[str, Any] = {
            "address": f"{rng.randint(1, 2999)} Bench Street",
            "rating": round(rng.uniform(2.5, 5.0), 1),
            "price_level": rng.randint(1, 4),
            "opening_hours": rng.choice(_HOURS),
        }
        desc = NodeDescription(
            name=f"{svc.name.title()} #{i}",
            service=svc.slug,
            location=GeoPoint.at(lon, lat),
            attributes=attrs,
            devices=(DeviceRef(model="BME280", metrics=("temperature_c",)),)
            if "temperature_c" in fields
            else (),
        )

        def topic(kind: str, _s: str = svc.slug, _n: str = node) -> str:
            return str(build_topic(tenant, region.slug, _s, _n, kind))

        life = Lifecycle.OFFLINE if rng.random() < offline_share else Lifecycle.ONLINE
        out.append(
            (
                topic("state"),
                State(
                    node=node,
                    ts=now_ms - 3_600_000,
                    seq=0,
                    lifecycle=Lifecycle.ONLINE,
                    birth=True,
                    description=desc,
                    keepalive_s=60,
                ),
            )
        )
        metrics = []
        for f in fields:
            if f == "open":
                metrics.append(Metric(name="open", value=rng.random() > 0.1, unit=""))
            else:
                lo, hi, unit = _RANGES[f]
                v = rng.uniform(lo, hi)
                val: float | int = round(v) if unit in ("", "min") else round(v, 1)
                metrics.append(Metric(name=f, value=val, unit=unit))
        if metrics:
            out.append(
                (
                    topic("input"),
                    Input(
                        node=node,
                        ts=now_ms - rng.randint(1_000, 240_000),
                        seq=1,
                        metrics=tuple(metrics),
                    ),
                )
            )
        if life is Lifecycle.OFFLINE:
            out.append((topic("state"), State(node=node, ts=now_ms - 500, seq=2, lifecycle=life)))
    return out


async def populate(store: Any, pairs: Sequence[tuple[str, Any]], batch: int = 2000) -> int:
    """Apply (topic, message) pairs through the store's batch path; returns how many."""
    from uidi import parse_topic

    n = 0
    for start in range(0, len(pairs), batch):
        chunk = [(parse_topic(t), m) for t, m in pairs[start : start + batch]]
        await store.apply_many(chunk)
        n += len(chunk)
    return n


# Varied request templates: service words, preferences and places combine into 1,000 requests.
BENCH_REQUESTS = (
    "{s}",
    "{s} near me",
    "an uncrowded {s} nearby",
    "{s} with a short wait",
    "cheap {s}",
    "quiet {s} in {p}",
    "highly rated {s} near {p}",
    "{s} open now",
    "{s} open late near {p}",
    "{s} with parking",
    "closest {s} to {p}",
    "a {s} that is not busy",
)


def bench_requests(
    services: Sequence[Service], regions: Regions, n: int, seed: int = 11
) -> list[str]:
    """``n`` varied requests built from the catalogue's names, preferences and places."""
    rng = random.Random(seed)
    places = [p.name for r in regions.regions for p in r.places]
    out = []
    for _ in range(n):
        t = rng.choice(BENCH_REQUESTS)
        out.append(t.format(s=rng.choice(services).name, p=rng.choice(places)))
    return out


def percentile(xs: Sequence[float], q: float) -> float:
    """Nearest-rank percentile."""
    s = sorted(xs)
    k = max(0, min(len(s) - 1, round(q / 100 * len(s) + 0.5) - 1))
    return s[k]


async def run_query_bench(
    client: Any, requests: Sequence[str], *, warmup: int = 50
) -> dict[str, Any]:
    """Time ``GET /v1/search`` for each request through an HTTP client bound to the app."""
    for q in requests[:warmup]:
        r = await client.get("/v1/search", params={"q": q})
        r.raise_for_status()
    lat: list[float] = []
    statuses: dict[str, int] = {}
    for q in requests:
        t = time.perf_counter()
        r = await client.get("/v1/search", params={"q": q})
        lat.append((time.perf_counter() - t) * 1000)
        r.raise_for_status()
        st = r.json()["status"]
        statuses[st] = statuses.get(st, 0) + 1
    return {
        "n": len(lat),
        "p50_ms": round(statistics.median(lat), 2),
        "p95_ms": round(percentile(lat, 95), 2),
        "p99_ms": round(percentile(lat, 99), 2),
        "mean_ms": round(statistics.fmean(lat), 2),
        "statuses": statuses,
    }
