"""Opening stores by URL: scheme table, clear errors, missing extras, passwords kept hidden."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import pytest

import cloud
from cloud import BackendUnavailable, CloudError


@pytest.mark.parametrize(
    ("opener", "known"),
    [
        (cloud.open_realtime, "memory://, mongodb://, mongodb+srv://, mongomock://, sqlite://"),
        (cloud.open_history, "memory://, mongodb://, mongodb+srv://, mongomock://, sqlite://"),
        (cloud.open_cache, "memory://, redis://, rediss://"),
        (cloud.open_deadletters, "memory://, mongodb://, mongodb+srv://, mongomock://, sqlite://"),
    ],
)
async def test_unknown_scheme_names_the_known_ones(opener: object, known: str) -> None:
    with pytest.raises(BackendUnavailable, match="unknown scheme 'postgres'") as info:
        await opener("postgres://user:hunter2@db/x")  # type: ignore[operator]
    assert known in str(info.value)
    assert "hunter2" not in str(info.value)


async def test_not_a_url() -> None:
    with pytest.raises(CloudError, match="not a backend URL"):
        await cloud.open_realtime("realtime.db")


async def test_missing_extra_names_the_pip_command(monkeypatch: pytest.MonkeyPatch) -> None:
    # Make pymongo unimportable and the backend module not yet imported.
    monkeypatch.setitem(sys.modules, "pymongo", None)
    monkeypatch.delitem(sys.modules, "cloud.stores._mongo", raising=False)
    with pytest.raises(BackendUnavailable, match=r"pip install 'iotase\[mongo\]'"):
        await cloud.open_realtime("mongodb://user:hunter2@db.example/iotase")
    monkeypatch.setitem(sys.modules, "redis", None)
    monkeypatch.delitem(sys.modules, "cloud.stores._redis", raising=False)
    with pytest.raises(BackendUnavailable, match=r"pip install 'iotase\[redis\]'"):
        await cloud.open_cache("redis://127.0.0.1:6379/0")


async def test_unreachable_mongo_hides_the_password(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    # Port 1 refuses at once; the short selection timeout keeps the test fast.
    url = "mongodb://alice:hunter2@127.0.0.1:1/iotase?serverSelectionTimeoutMS=300"
    with pytest.raises(BackendUnavailable) as info:
        await cloud.open_realtime(url)
    assert "hunter2" not in str(info.value) and "alice:***@" in str(info.value)
    assert "hunter2" not in caplog.text


async def test_unreachable_redis_hides_the_password(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with pytest.raises(BackendUnavailable, match="cannot connect") as info:
        await cloud.open_cache("redis://:hunter2@127.0.0.1:1/0")
    assert "hunter2" not in str(info.value) and "hunter2" not in caplog.text


def test_redact() -> None:
    assert cloud.redact("mongodb://u:pw@h:27017/db") == "mongodb://u:***@h:27017/db"
    assert cloud.redact("sqlite:///x.db") == "sqlite:///x.db"


async def test_bad_sqlite_url() -> None:
    with pytest.raises(CloudError, match=r"sqlite:///relative/path\.db"):
        await cloud.open_realtime("sqlite://host/x.db")


async def test_stores_satisfy_their_protocols(tmp_path: Path) -> None:
    opened = [
        (await cloud.open_realtime(f"sqlite:///{tmp_path / 'a.db'}"), cloud.RealtimeStore),
        (await cloud.open_history(f"sqlite:///{tmp_path / 'b.db'}"), cloud.HistoryStore),
        (await cloud.open_deadletters(f"sqlite:///{tmp_path / 'c.db'}"), cloud.DeadLetterStore),
        (await cloud.open_cache("memory://"), cloud.Cache),
        (await cloud.open_realtime("mongomock://factory/db"), cloud.RealtimeStore),
    ]
    for store, protocol in opened:
        assert isinstance(store, protocol)
        async with store:  # every store is an async context manager that closes it
            pass


async def test_named_memory_stores_are_shared_in_process() -> None:
    a = await cloud.open_cache("memory://factory-shared")
    b = await cloud.open_cache("memory://factory-shared")
    c = await cloud.open_cache("memory://")
    await a.set("k", b"v")
    assert await b.get("k") == b"v"
    assert await c.get("k") is None
