"""History store contract: idempotent appends, ranges, time buckets, retention, every backend."""

from __future__ import annotations

import pytest

import cloud
from cloud import Bucket, CloudError, HistoryPoint
from uidi import Input, Metric

from .conftest import BASE_TS

MINUTE = 60_000


def series(node: str, metric: str, values: list[tuple[int, float]]) -> list[HistoryPoint]:
    return [HistoryPoint(node, metric, BASE_TS + off, v, i) for i, (off, v) in enumerate(values)]


async def test_append_is_idempotent(history: cloud.HistoryStore) -> None:
    points = series("n1", "temperature_c", [(0, 20.0), (1000, 21.0), (2000, 22.5)])
    assert await history.append(points) == 3
    assert await history.append(points) == 0
    assert (
        await history.append(
            [*points, HistoryPoint("n1", "temperature_c", BASE_TS + 3000, 23.0, 3)]
        )
        == 1
    )
    # Same ts but another seq is another reading (two messages in the same millisecond).
    assert await history.append([HistoryPoint("n1", "temperature_c", BASE_TS, 19.0, 99)]) == 1
    assert await history.count() == 5
    assert await history.count("n1") == 5 and await history.count("n2") == 0
    assert await history.append([]) == 0


async def test_range_is_half_open_and_ordered(history: cloud.HistoryStore) -> None:
    points = series("n1", "wait_min", [(3000, 3.0), (0, 0.0), (1000, 1.0), (2000, 2.0)])
    await history.append(points)
    await history.append(
        series("n2", "wait_min", [(1500, 9.0)]) + series("n1", "other", [(1500, 9.0)])
    )
    got = await history.range("n1", "wait_min", BASE_TS + 1000, BASE_TS + 3000)
    assert [(p.ts - BASE_TS, p.value) for p in got] == [(1000, 1.0), (2000, 2.0)]
    assert all(p.node == "n1" and p.metric == "wait_min" for p in got)
    assert [
        p.value for p in await history.range("n1", "wait_min", BASE_TS, BASE_TS + 10_000, limit=2)
    ] == [0.0, 1.0]
    assert await history.range("n1", "wait_min", BASE_TS + 5000, BASE_TS + 9000) == []


async def test_aggregate_buckets(history: cloud.HistoryStore) -> None:
    start = BASE_TS - BASE_TS % (5 * MINUTE)  # a bucket boundary
    # Bucket 0 holds three readings, bucket 1 one, bucket 2 none, bucket 3 two.
    values = [
        (0, 10.0),
        (MINUTE, 20.0),
        (4 * MINUTE, 60.0),
        (5 * MINUTE, 5.0),
        (16 * MINUTE, 7.0),
        (19 * MINUTE + 59_999, 9.0),
    ]
    await history.append(
        [HistoryPoint("n1", "occ", start + off, v, i) for i, (off, v) in enumerate(values)]
    )
    await history.append(
        [HistoryPoint("n1", "occ", start + 20 * MINUTE, 1000.0, 50)]
    )  # outside the window
    buckets = await history.aggregate("n1", "occ", start, start + 20 * MINUTE, 5 * MINUTE)
    assert buckets == [
        Bucket(start, 3, 10.0, 60.0, 30.0),
        Bucket(start + 5 * MINUTE, 1, 5.0, 5.0, 5.0),
        Bucket(start + 15 * MINUTE, 2, 7.0, 9.0, 8.0),
    ]
    # Buckets are aligned to multiples of their width, not to the query start.
    shifted = await history.aggregate("n1", "occ", start + MINUTE, start + 6 * MINUTE, 5 * MINUTE)
    assert shifted == [
        Bucket(start, 2, 20.0, 60.0, 40.0),
        Bucket(start + 5 * MINUTE, 1, 5.0, 5.0, 5.0),
    ]
    assert await history.aggregate("n1", "nothing", start, start + MINUTE, MINUTE) == []


async def test_aggregate_counts_a_repeated_reading_once(history: cloud.HistoryStore) -> None:
    points = series("n1", "x", [(0, 1.0), (10, 3.0)])
    await history.append(points)
    await history.append(points)
    [bucket] = await history.aggregate("n1", "x", BASE_TS, BASE_TS + 1000, 1_000_000)
    assert (bucket.count, bucket.min, bucket.max, bucket.avg) == (2, 1.0, 3.0, 2.0)


async def test_retention(history: cloud.HistoryStore) -> None:
    await history.append(series("n1", "x", [(0, 1.0), (MINUTE, 2.0), (2 * MINUTE, 3.0)]))
    await history.append(series("n2", "y", [(30_000, 1.0)]))
    assert await history.retention(BASE_TS + MINUTE) == 2
    assert await history.count() == 2
    left = await history.range("n1", "x", BASE_TS, BASE_TS + 10 * MINUTE)
    assert [p.ts for p in left] == [BASE_TS + MINUTE, BASE_TS + 2 * MINUTE]
    assert await history.retention(BASE_TS) == 0


async def test_bad_points_write_nothing(history: cloud.HistoryStore) -> None:
    good = HistoryPoint("n1", "x", BASE_TS, 1.0, 0)
    with pytest.raises(cloud.InvalidInput, match=r"point 1 \(n1/x\).*not finite"):
        await history.append([good, HistoryPoint("n1", "x", BASE_TS + 1, float("nan"), 1)])
    with pytest.raises(CloudError, match="not a number"):
        await history.append([good, HistoryPoint("n1", "x", BASE_TS + 1, "warm", 1)])  # type: ignore[arg-type]
    assert await history.count() == 0
    with pytest.raises(CloudError, match="end_ms"):
        await history.range("n1", "x", BASE_TS, BASE_TS - 1)
    with pytest.raises(CloudError, match="bucket_ms 0"):
        await history.aggregate("n1", "x", BASE_TS, BASE_TS + 1, 0)


async def test_history_points_from_a_message(history: cloud.HistoryStore) -> None:
    msg = Input(node="n1", ts=BASE_TS, seq=4, metrics=(
        Metric(name="temperature_c", value=21.5, unit="°C"),
        Metric(name="open", value=True),
        Metric(name="mode", value="eco"),
    ))  # fmt: skip
    points = cloud.history_points(msg)
    assert points == [
        HistoryPoint("n1", "temperature_c", BASE_TS, 21.5, 4),
        HistoryPoint("n1", "open", BASE_TS, 1.0, 4),
    ]
    assert await history.append(points) == 2
    assert isinstance(history, cloud.HistoryStore)
