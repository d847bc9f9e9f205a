"""Shared fixtures: one selector (the real model, loaded once), the regions, a live store."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from search._agent_runtime import build_selector
from search._geo import Regions, load_regions
from search._select import ServiceSelector

# Catalogue vectors are cached by model and text hash, so a persistent cache beside the checkout
# is safe to share between runs and saves re-encoding 3,500 texts.
CACHE = Path(__file__).resolve().parents[2] / ".iotase"


class _Settings:
    data_dir = CACHE


@pytest.fixture(scope="session")
def selector() -> ServiceSelector:
    """The selector over the shipped catalogue with the real all-MiniLM-L6-v2."""
    return build_selector(_Settings())


@pytest.fixture(scope="session")
def regions() -> Regions:
    """The shipped regions."""
    return load_regions()


class Clock:
    """A controllable wall clock (seconds)."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Iterator[Clock]:
    yield Clock()


@pytest.fixture
async def store(request: pytest.FixtureRequest) -> AsyncIterator[Any]:
    """A fresh in-memory real-time store (its own name per test)."""
    import cloud

    s = await cloud.open_realtime(f"memory://search-{request.node.name}-{time.monotonic_ns()}")
    try:
        yield s
    finally:
        await s.close()


async def add_node(
    store: Any,
    node: str,
    service: str,
    lon: float,
    lat: float,
    *,
    metrics: dict[str, tuple[Any, str]] | None = None,
    attributes: dict[str, Any] | None = None,
    devices: tuple[str, ...] = (),
    ts_ms: int | None = None,
    reading_age_s: float = 30,
    offline: bool = False,
) -> None:
    """Announce a node with a UIDI birth and send one Input, as a device would."""
    from search.catalogue import service_slug
    from uidi import (
        DeviceRef,
        GeoPoint,
        Input,
        Lifecycle,
        Metric,
        NodeDescription,
        State,
        build_topic,
        parse_topic,
    )

    now = ts_ms or int(time.time() * 1000)
    slug = service_slug(service)

    def topic(kind: str) -> Any:
        return parse_topic(build_topic("t", "toronto", slug, node, kind))

    desc = NodeDescription(
        name=node.replace("-", " ").title(),
        service=slug,
        location=GeoPoint.at(lon, lat),
        attributes=attributes or {},
        devices=tuple(DeviceRef(model=d) for d in devices),
    )
    items = [
        (
            topic("state"),
            State(
                node=node,
                ts=now - 3_600_000,
                seq=0,
                lifecycle=Lifecycle.ONLINE,
                birth=True,
                description=desc,
            ),
        )
    ]
    if metrics:
        items.append(
            (
                topic("input"),
                Input(
                    node=node,
                    ts=now - int(reading_age_s * 1000),
                    seq=1,
                    metrics=tuple(Metric(name=k, value=v, unit=u) for k, (v, u) in metrics.items()),
                ),
            )
        )
    if offline:
        items.append(
            (topic("state"), State(node=node, ts=now - 1000, seq=2, lifecycle=Lifecycle.OFFLINE))
        )
    await store.apply_many(items)
