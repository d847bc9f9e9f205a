"""Fixtures for the store contract suite: every store fixture is parametrised over its backends.

Real-time, history and dead letters run on memory, SQLite (a file in tmp_path), mongomock-ng and,
when ``MONGODB_URI`` is set, a real MongoDB (collections under a unique prefix, dropped after the
test). The cache runs on memory (with a controllable clock) and on the Redis at 127.0.0.1:6379
(``IOTASE_TEST_REDIS_URL`` overrides it) under a unique key prefix.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import cloud
from uidi import DeviceRef, GeoPoint, Input, Metric, NodeDescription, State, build_topic

MONGODB_URI = os.environ.get("MONGODB_URI")
REDIS_URL = os.environ.get("IOTASE_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
BASE_TS = 1_764_000_000_000  # 2025-11-24, inside UIDI's accepted time range

STORE_BACKENDS = ["memory", "sqlite", "mongomock", "mongodb"]


class FakeClock:
    """A clock the test moves by hand, in seconds."""

    def __init__(self, now: float = BASE_TS / 1000) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def _with_option(uri: str, key: str, value: str) -> str:
    return f"{uri}{'&' if '?' in uri else '?'}{key}={value}"


def _drop_mongo_prefix(prefix: str) -> None:
    import pymongo

    assert MONGODB_URI is not None
    client: Any = pymongo.MongoClient(MONGODB_URI, serverSelectionTimeoutMS=5000)
    try:
        db = client.get_default_database(default="iotase")
        for name in db.list_collection_names():
            if name.startswith(prefix):
                db.drop_collection(name)
    finally:
        client.close()


def store_url(backend: str, kind: str, tmp_path: Path) -> str:
    """A fresh, isolated URL for ``backend``; skips the test if the backend is unavailable."""
    unique = uuid.uuid4().hex[:12]
    if backend == "memory":
        return "memory://"
    if backend == "sqlite":
        return f"sqlite:///{tmp_path / f'{kind}.db'}"
    if backend == "mongomock":
        return f"mongomock://{unique}/iotase_test"
    if backend == "mongodb":
        if not MONGODB_URI:
            pytest.skip("MONGODB_URI is not set: no MongoDB server to run the contract against")
        return _with_option(MONGODB_URI, "prefix", f"t{unique}_")
    raise AssertionError(backend)


@pytest.fixture
def clock() -> FakeClock:
    """The wall clock stores see (``updated_ms``)."""
    return FakeClock()


async def _open_store(opener: Any, url: str, **options: Any) -> AsyncIterator[Any]:
    store = await opener(url, **options)
    try:
        yield store
    finally:
        await store.close()
        if url.startswith(("mongodb://", "mongodb+srv://")) and "prefix=" in url:
            _drop_mongo_prefix(url.rsplit("prefix=", 1)[1].split("&")[0])


@pytest.fixture(params=STORE_BACKENDS)
async def realtime(
    request: pytest.FixtureRequest, tmp_path: Path, clock: FakeClock
) -> AsyncIterator[cloud.RealtimeStore]:
    """A fresh real-time store on each backend."""
    url = store_url(request.param, "realtime", tmp_path)
    async for store in _open_store(cloud.open_realtime, url, clock=clock):
        yield store


@pytest.fixture(params=STORE_BACKENDS)
async def history(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[cloud.HistoryStore]:
    """A fresh history store on each backend."""
    url = store_url(request.param, "history", tmp_path)
    async for store in _open_store(cloud.open_history, url):
        yield store


@pytest.fixture(params=STORE_BACKENDS)
async def deadletters(
    request: pytest.FixtureRequest, tmp_path: Path
) -> AsyncIterator[cloud.DeadLetterStore]:
    """A fresh dead-letter store on each backend."""
    url = store_url(request.param, "deadletters", tmp_path)
    async for store in _open_store(cloud.open_deadletters, url):
        yield store


@dataclass
class CacheUnderTest:
    """A cache plus a way to let time pass for it."""

    cache: cloud.Cache
    backend: str
    clock: FakeClock | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@pytest.fixture(params=["memory", "redis"])
async def cache(request: pytest.FixtureRequest) -> AsyncIterator[CacheUnderTest]:
    """A fresh cache on each backend (Redis under a unique key prefix, cleaned afterwards)."""
    if request.param == "memory":
        fake = FakeClock(0.0)
        store = await cloud.open_cache("memory://", clock=fake)
        try:
            yield CacheUnderTest(store, "memory", fake)
        finally:
            await store.close()
        return
    prefix = f"test-{uuid.uuid4().hex[:12]}:"
    try:
        store = await cloud.open_cache(_with_option(REDIS_URL, "prefix", prefix))
    except cloud.CloudError as exc:
        pytest.skip(f"no Redis at {cloud.redact(REDIS_URL)}: {exc}")
    try:
        yield CacheUnderTest(store, "redis", None, {"prefix": prefix})
    finally:
        import redis.asyncio as aioredis

        client: Any = aioredis.from_url(REDIS_URL.split("?", 1)[0])
        keys = [k async for k in client.scan_iter(match=prefix + "*")]
        if keys:
            await client.delete(*keys)
        await client.aclose()
        await store.close()


class Msgs:
    """Builds real UIDI messages and topics for one test's namespace."""

    def __init__(self, tenant: str = "acme", region: str = "toronto") -> None:
        self.tenant = tenant
        self.region = region

    def topic(self, node: str, service: str = "dog-park", kind: str = "input") -> str:
        return build_topic(self.tenant, self.region, service, node, kind)

    def birth(
        self,
        node: str,
        lon: float,
        lat: float,
        *,
        ts: int = BASE_TS,
        seq: int = 0,
        service: str = "dog-park",
        name: str | None = None,
        attributes: dict[str, Any] | None = None,
        devices: tuple[str, ...] = ("BME280",),
        keepalive_s: int | None = 30,
    ) -> tuple[str, State]:
        desc = NodeDescription(
            name=name or f"{node} place",
            service=service,
            location=GeoPoint(coordinates=(lon, lat)),
            attributes=attributes or {},
            devices=tuple(DeviceRef(model=m) for m in devices),
        )
        state = State(node=node, ts=ts, seq=seq, lifecycle="online", birth=True,
                      description=desc, keepalive_s=keepalive_s)  # fmt: skip
        return self.topic(node, service, "state"), state

    def reading(
        self, node: str, *, ts: int, seq: int, service: str = "dog-park", **metrics: Any
    ) -> tuple[str, Input]:
        units = {"occupancy_pct": "%", "temperature_c": "°C", "wait_min": "min"}
        msg = Input(
            node=node,
            ts=ts,
            seq=seq,
            metrics=tuple(Metric(name=k, value=v, unit=units.get(k)) for k, v in metrics.items()),
        )
        return self.topic(node, service, "input"), msg

    def lifecycle(
        self, node: str, lifecycle: str, *, ts: int, seq: int, service: str = "dog-park"
    ) -> tuple[str, State]:
        state = State(node=node, ts=ts, seq=seq, lifecycle=lifecycle)
        return self.topic(node, service, "state"), state


@pytest.fixture
def msgs() -> Iterator[Msgs]:
    """Message builder."""
    yield Msgs()
