"""Redis and MongoDB specifics beyond the contract suite."""

from __future__ import annotations

import os
import uuid
from typing import Any

import pytest

import cloud
from uidi import GeoPoint, NodeDescription, State, build_topic

REDIS_URL = os.environ.get("IOTASE_TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
BASE_TS = 1_764_000_000_000


async def _redis(prefix: str) -> Any:
    try:
        return await cloud.open_cache(f"{REDIS_URL}?prefix={prefix}")
    except cloud.CloudError as exc:
        pytest.skip(f"no Redis at {cloud.redact(REDIS_URL)}: {exc}")


async def test_redis_prefixes_keep_namespaces_apart() -> None:
    unique = uuid.uuid4().hex[:10]
    a, b = await _redis(f"test-{unique}-a:"), await _redis(f"test-{unique}-b:")
    try:
        await a.set("k", b"from a", ttl_s=30)
        assert await b.get("k") is None
        await b.set("k", b"from b", ttl_s=30)
        assert await a.get("k") == b"from a"
        ttl = await a.ttl("k")
        assert ttl is not None and 0 < ttl <= 30
        await a.set("k", b"no expiry")
        assert await a.ttl("k") is None
    finally:
        await a.delete("k")
        await b.delete("k")
        await a.close()
        await b.close()


def _birth(node: str, service: str) -> tuple[State, str]:
    desc = NodeDescription(
        name=node, service=service, location=GeoPoint(coordinates=(-79.38, 43.65))
    )
    state = State(node=node, ts=BASE_TS, seq=0, lifecycle="online", birth=True, description=desc)
    return state, build_topic("acme", "toronto", service, node, "state")


async def test_mongo_keeps_one_collection_per_service_with_a_2dsphere_index() -> None:
    url = f"mongomock://{uuid.uuid4().hex}/iotase?prefix=x_"
    store = await cloud.open_realtime(url)
    await store.upsert_birth(*_birth("n1", "dog-park"))
    await store.upsert_birth(*_birth("n2", "cafe"))
    # A second store on the same URL sees the same data (as two workers on one server would).
    other = await cloud.open_realtime(url)
    assert (await other.get("n1")) is not None
    db = store._db  # type: ignore[attr-defined]
    names = set(db.list_collection_names())
    assert {"x_rt_dog-park", "x_rt_cafe", "x_rt_index"} <= names
    indexes = db["x_rt_cafe"].index_information()
    assert any(("location", "2dsphere") in spec["key"] for spec in indexes.values())
    await store.close()
    await other.close()


async def test_mongo_history_falls_back_to_a_plain_collection_on_mongomock() -> None:
    store = await cloud.open_history(f"mongomock://{uuid.uuid4().hex}/iotase")
    assert store.timeseries is False  # type: ignore[attr-defined]
    assert await store.append([cloud.HistoryPoint("n", "m", BASE_TS, 1.0, 0)] * 2) == 1
    await store.close()
