"""SQLite specifics beyond the contract: files, WAL, schema versions, two writers on one file."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path

import pytest

import cloud
from cloud import CloudError
from uidi import GeoPoint, Input, Metric, NodeDescription, State, build_topic

BASE_TS = 1_764_000_000_000


def birth(node: str, lon: float = -79.38, lat: float = 43.65) -> tuple[str, State]:
    desc = NodeDescription(name=node, service="cafe", location=GeoPoint(coordinates=(lon, lat)))
    state = State(node=node, ts=BASE_TS, seq=0, lifecycle="online", birth=True, description=desc)
    return build_topic("acme", "toronto", "cafe", node, "state"), state


def reading(node: str, ts: int, seq: int, value: int) -> tuple[str, Input]:
    msg = Input(
        node=node, ts=ts, seq=seq, metrics=(Metric(name="queue_len", value=value, unit=""),)
    )
    return build_topic("acme", "toronto", "cafe", node, "input"), msg


async def test_data_survives_reopen_and_uses_wal(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'sub' / 'rt.db'}"
    store = await cloud.open_realtime(url)
    await store.apply_many([birth("n1"), reading("n1", BASE_TS + 1, 1, 4)])
    await store.close()
    again = await cloud.open_realtime(url)
    doc = await again.get("n1")
    assert doc is not None and doc.metrics["queue_len"]["value"] == 4
    assert [d.node for d, _ in await again.near(-79.38, 43.65, 10)] == ["n1"]
    # The duplicate window survives too: a redelivery after a restart is still a duplicate.
    assert await again.apply_input(*reversed(reading("n1", BASE_TS + 1, 1, 4))) == "duplicate"
    await again.close()
    conn = sqlite3.connect(tmp_path / "sub" / "rt.db")
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


async def test_relative_and_memory_paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    store = await cloud.open_history("sqlite:///data/h.db")
    await store.close()
    assert (tmp_path / "data" / "h.db").exists()
    mem = await cloud.open_deadletters("sqlite:///:memory:")
    await mem.put("t", b"x", "r", BASE_TS)
    assert await mem.count() == 1
    await mem.close()


async def test_other_schema_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE nodes (x)")
    conn.close()
    with pytest.raises(cloud.BackendUnavailable, match=r"schema version 0.*move the file away"):
        await cloud.open_realtime(f"sqlite:///{path}")


async def test_store_runs_sqlite_off_the_event_loop(tmp_path: Path) -> None:
    store = await cloud.open_realtime(f"sqlite:///{tmp_path / 'rt.db'}")
    seen: list[str] = []
    original = store._apply_batch  # type: ignore[attr-defined]

    def spy(*args: object) -> object:
        seen.append(threading.current_thread().name)
        return original(*args)

    store._apply_batch = spy  # type: ignore[attr-defined]
    await store.apply_many([birth("n1")])
    await store.close()
    assert seen and seen[0] != threading.main_thread().name and seen[0].startswith("sqlite-")
    with pytest.raises(CloudError, match="closed"):
        await store.get("n1")


async def test_two_writers_on_one_file_lose_nothing(tmp_path: Path) -> None:
    """Two stores (as two ingest workers would) interleave batches on the same nodes."""
    url = f"sqlite:///{tmp_path / 'rt.db'}"
    a, b = await cloud.open_realtime(url), await cloud.open_realtime(url)
    await a.apply_many([birth(f"n{i}") for i in range(20)])
    stream = [reading(f"n{seq % 20}", BASE_TS + seq, seq, seq) for seq in range(1, 401)]

    async def feed(store: cloud.RealtimeStore, part: list[tuple[str, Input]]) -> None:
        for i in range(0, len(part), 10):
            await store.apply_many(part[i : i + 10])

    await asyncio.gather(feed(a, stream[0::2]), feed(b, stream[1::2]))
    for i in range(20):
        doc = await a.get(f"n{i}")
        newest = max(seq for seq in range(1, 401) if seq % 20 == i)
        assert doc is not None and doc.metrics["queue_len"]["value"] == newest
    await a.close()
    await b.close()


async def test_failed_batch_rolls_back(tmp_path: Path) -> None:
    store = await cloud.open_realtime(f"sqlite:///{tmp_path / 'rt.db'}")
    await store.apply_many([birth("n1"), reading("n1", BASE_TS + 5, 1, 1)])

    def boom(*_: object) -> None:
        raise sqlite3.OperationalError("disk I/O error (simulated)")

    store._save = boom  # type: ignore[attr-defined]
    with pytest.raises(cloud.StoreError, match=r"SQLite .*rt\.db.*disk I/O error"):
        await store.apply_many([reading("n1", BASE_TS + 9, 2, 99), birth("n2")])
    del store._save  # type: ignore[attr-defined]
    doc = await store.get("n1")
    assert doc is not None and doc.metrics["queue_len"]["value"] == 1
    assert await store.get("n2") is None
    # The store is still usable after the failure.
    assert await store.apply_input(*reversed(reading("n1", BASE_TS + 9, 2, 99))) == "written"
    await store.close()
