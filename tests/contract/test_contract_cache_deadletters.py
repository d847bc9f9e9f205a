"""Cache and dead-letter store contracts, on every backend of each."""

from __future__ import annotations

import asyncio

import pytest

import cloud
from cloud import MAX_DEADLETTER_BYTES, CloudError

from .conftest import BASE_TS, CacheUnderTest


async def _expire(c: CacheUnderTest, key: str, seconds: float) -> None:
    """Let ``seconds`` pass for the cache: move the fake clock, or wait on real Redis expiry."""
    if c.clock is not None:
        c.clock.advance(seconds)
        return
    deadline = asyncio.get_running_loop().time() + seconds + 2.0
    while await c.cache.get(key) is not None:
        assert asyncio.get_running_loop().time() < deadline, f"{key!r} did not expire"
        await asyncio.sleep(0.01)


async def test_get_set_delete(cache: CacheUnderTest) -> None:
    c = cache.cache
    assert await c.get("k") is None
    await c.set("k", b"\x00\xffvalue")
    assert await c.get("k") == b"\x00\xffvalue"
    await c.set("k", b"new")
    assert await c.get("k") == b"new"
    assert await c.delete("k") is True
    assert await c.delete("k") is False
    assert await c.get("k") is None
    assert isinstance(c, cloud.Cache)


async def test_ttl_expiry(cache: CacheUnderTest) -> None:
    c = cache.cache
    await c.set("short", b"1", ttl_s=0.2)
    await c.set("long", b"2", ttl_s=600)
    await c.set("forever", b"3")
    assert await c.get("short") == b"1"
    await _expire(cache, "short", 0.2)
    assert await c.get("short") is None
    assert await c.get("long") == b"2"
    assert await c.get("forever") == b"3"


async def test_set_without_ttl_clears_the_old_expiry(cache: CacheUnderTest) -> None:
    c = cache.cache
    await c.set("k", b"1", ttl_s=0.2)
    await c.set("k", b"2")
    await c.set("probe", b"p", ttl_s=0.2)
    await _expire(cache, "probe", 0.2)
    assert await c.get("k") == b"2"


async def test_cache_rejects_bad_values(cache: CacheUnderTest) -> None:
    with pytest.raises(CloudError, match="must be bytes"):
        await cache.cache.set("k", "text")  # type: ignore[arg-type]
    with pytest.raises(CloudError, match="ttl_s 0"):
        await cache.cache.set("k", b"v", ttl_s=0)
    assert await cache.cache.get("k") is None


async def test_dead_letters_newest_first(deadletters: cloud.DeadLetterStore) -> None:
    await deadletters.put(
        "uidi/v1/a/r/s/n1/input", b'{"bad": json', "codec.json: Expecting value", BASE_TS
    )
    await deadletters.put(
        "uidi/v1/a/r/s/n2/input", b"\x00\x01\xfe", "codec.binary: bad magic", BASE_TS + 5
    )
    await deadletters.put("uidi/v1/a/r/s/n3/input", b"{}", "validation: missing node", BASE_TS + 5)
    assert await deadletters.count() == 3
    items = await deadletters.list()
    assert [d.topic.split("/")[5] for d in items] == ["n3", "n2", "n1"]
    assert items[1].payload == b"\x00\x01\xfe" and items[1].reason == "codec.binary: bad magic"
    assert items[2].ts == BASE_TS and not items[2].truncated
    assert [d.topic.split("/")[5] for d in await deadletters.list(limit=1)] == ["n3"]
    assert isinstance(deadletters, cloud.DeadLetterStore)


async def test_dead_letter_payload_is_truncated(deadletters: cloud.DeadLetterStore) -> None:
    big = bytes(range(256)) * 100  # 25,600 bytes, not valid UTF-8
    await deadletters.put("t", big, "too large", BASE_TS)
    [item] = await deadletters.list()
    assert item.payload == big[:MAX_DEADLETTER_BYTES]
    assert item.size == len(big) and item.truncated


async def test_dead_letter_retention(deadletters: cloud.DeadLetterStore) -> None:
    for i in range(4):
        await deadletters.put("t", b"x", f"r{i}", BASE_TS + i * 1000)
    assert await deadletters.retention(BASE_TS + 2000) == 2
    assert [d.reason for d in await deadletters.list()] == ["r3", "r2"]
