"""Real-time store contract: every backend keeps the same latest state and answers ``near``."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import cloud
from cloud import CloudError, NodeDoc

from .conftest import BASE_TS, FakeClock, Msgs

CENTRE = (-79.3832, 43.6532)  # lon, lat


def destination(lon: float, lat: float, bearing_deg: float, dist_m: float) -> tuple[float, float]:
    """The point ``dist_m`` away on the store's sphere (exact, so distances are known)."""
    r = dist_m / 6_371_008.8
    b = math.radians(bearing_deg)
    p1, l1 = math.radians(lat), math.radians(lon)
    p2 = math.asin(math.sin(p1) * math.cos(r) + math.cos(p1) * math.sin(r) * math.cos(b))
    l2 = l1 + math.atan2(
        math.sin(b) * math.sin(r) * math.cos(p1), math.cos(r) - math.sin(p1) * math.sin(p2)
    )
    lon2 = (math.degrees(l2) + 540) % 360 - 180
    return lon2, math.degrees(p2)


async def place(
    store: cloud.RealtimeStore, msgs: Msgs, node: str, dist_m: float, bearing: float = 90, **kw: Any
) -> None:
    lon, lat = destination(*CENTRE, bearing, dist_m)
    topic, birth = msgs.birth(node, lon, lat, **kw)
    assert await store.upsert_birth(birth, topic) == "written"


async def test_birth_stores_description(
    realtime: cloud.RealtimeStore, msgs: Msgs, clock: FakeClock
) -> None:
    topic, birth = msgs.birth("n1", -79.38, 43.65, name="Bark Park", attributes={"rating": 4.5,
                              "opening_hours": "24/7"}, devices=("BME280", "HC-SR04"))  # fmt: skip
    assert await realtime.upsert_birth(birth, topic) == "written"
    doc = await realtime.get("n1")
    assert isinstance(doc, NodeDoc)
    assert (doc.node, doc.name, doc.service, doc.region, doc.tenant) == (
        "n1",
        "Bark Park",
        "dog-park",
        "toronto",
        "acme",
    )
    assert doc.location == pytest.approx((-79.38, 43.65))
    assert doc.attributes == {"rating": 4.5, "opening_hours": "24/7"}
    assert doc.devices == ["BME280", "HC-SR04"]
    assert doc.lifecycle == "online" and doc.keepalive_s == 30
    assert doc.updated_ms == int(clock.now * 1000)
    assert await realtime.get("missing") is None


async def test_latest_wins_per_metric(realtime: cloud.RealtimeStore, msgs: Msgs) -> None:
    await realtime.upsert_birth(*reversed(msgs.birth("n1", *CENTRE)))
    assert (
        await realtime.apply_input(*reversed(msgs.reading("n1", ts=BASE_TS + 10, seq=1, a=1)))
        == "written"
    )
    assert (
        await realtime.apply_input(*reversed(msgs.reading("n1", ts=BASE_TS + 20, seq=2, b=2)))
        == "written"
    )
    # Newer than a's reading, older than b's: only a changes.
    result = await realtime.apply_input(
        *reversed(msgs.reading("n1", ts=BASE_TS + 15, seq=3, a=3, b=4))
    )
    assert result == "written"
    doc = await realtime.get("n1")
    assert doc is not None
    assert doc.metrics["a"]["value"] == 3 and doc.metrics["a"]["ts"] == BASE_TS + 15
    assert doc.metrics["b"]["value"] == 2 and doc.metrics["b"]["seq"] == 2
    assert (doc.ts, doc.seq) == (BASE_TS + 20, 2)


async def test_late_message_never_overwrites(realtime: cloud.RealtimeStore, msgs: Msgs) -> None:
    await realtime.apply_input(
        *reversed(msgs.reading("n1", ts=BASE_TS + 100, seq=5, occupancy_pct=20))
    )
    late = msgs.reading("n1", ts=BASE_TS + 50, seq=4, occupancy_pct=90)
    assert await realtime.apply_input(late[1], late[0]) == "late"
    doc = await realtime.get("n1")
    assert doc is not None and doc.metrics["occupancy_pct"]["value"] == 20
    assert doc.metrics["occupancy_pct"]["unit"] == "%"


async def test_same_ts_higher_seq_wins(realtime: cloud.RealtimeStore, msgs: Msgs) -> None:
    await realtime.apply_input(*reversed(msgs.reading("n1", ts=BASE_TS, seq=8, wait_min=5)))
    assert (
        await realtime.apply_input(*reversed(msgs.reading("n1", ts=BASE_TS, seq=7, wait_min=9)))
        == "late"
    )
    assert (
        await realtime.apply_input(*reversed(msgs.reading("n1", ts=BASE_TS, seq=9, wait_min=2)))
        == "written"
    )
    doc = await realtime.get("n1")
    assert doc is not None and doc.metrics["wait_min"]["value"] == 2


async def test_duplicates_are_recognised(realtime: cloud.RealtimeStore, msgs: Msgs) -> None:
    first = msgs.reading("n1", ts=BASE_TS + 10, seq=1, occupancy_pct=10)
    second = msgs.reading("n1", ts=BASE_TS + 20, seq=2, occupancy_pct=30)
    assert await realtime.apply_input(first[1], first[0]) == "written"
    assert await realtime.apply_input(second[1], second[0]) == "written"
    before = await realtime.get("n1")
    # Redelivery of the newest and of an older message: both duplicates, nothing changes.
    assert await realtime.apply_input(second[1], second[0]) == "duplicate"
    assert await realtime.apply_input(first[1], first[0]) == "duplicate"
    after = await realtime.get("n1")
    assert before is not None and after is not None
    assert after.metrics == before.metrics and after.seq == 2


async def test_input_for_unknown_node_creates_document_without_location(
    realtime: cloud.RealtimeStore, msgs: Msgs
) -> None:
    await realtime.apply_input(
        *reversed(msgs.reading("ghost", ts=BASE_TS, seq=0, service="gym", wait_min=3))
    )
    doc = await realtime.get("ghost")
    assert doc is not None and doc.service == "gym" and doc.location is None
    assert doc.metrics["wait_min"]["value"] == 3
    assert await realtime.near(*CENTRE, 50_000, include_offline=True) == []
    assert await realtime.services() == ["gym"]


async def test_apply_many_matches_one_by_one(realtime: cloud.RealtimeStore, msgs: Msgs) -> None:
    items = [
        msgs.birth("a", *CENTRE),
        msgs.reading("a", ts=BASE_TS + 5, seq=1, occupancy_pct=40),
        msgs.reading("a", ts=BASE_TS + 5, seq=1, occupancy_pct=40),  # duplicate inside the batch
        msgs.reading("b", ts=BASE_TS + 9, seq=3, occupancy_pct=70),
        msgs.reading("b", ts=BASE_TS + 8, seq=2, occupancy_pct=99),  # late inside the batch
        msgs.lifecycle("a", "maintenance", ts=BASE_TS + 6, seq=2),
        msgs.lifecycle("nobody", "offline", ts=BASE_TS, seq=0),
    ]
    results = await realtime.apply_many(items)
    assert results == ["written", "written", "duplicate", "written", "late", "written", "ignored"]
    a, b = await realtime.get("a"), await realtime.get("b")
    assert a is not None and b is not None
    assert a.metrics["occupancy_pct"]["value"] == 40 and a.lifecycle == "maintenance"
    assert b.metrics["occupancy_pct"]["value"] == 70
    assert await realtime.get("nobody") is None
    assert await realtime.apply_many([]) == []


async def test_malformed_item_rejects_whole_batch(
    realtime: cloud.RealtimeStore, msgs: Msgs
) -> None:
    good = msgs.reading("a", ts=BASE_TS, seq=1, occupancy_pct=1)
    wrong_topic = (msgs.topic("b"), msgs.reading("a", ts=BASE_TS, seq=2, occupancy_pct=2)[1])
    with pytest.raises(cloud.InvalidInput, match=r"item 1.*'a'.*topic node 'b'"):
        await realtime.apply_many([good, wrong_topic])
    with pytest.raises(CloudError, match="topic 'not/a/topic'"):
        await realtime.apply_many([("not/a/topic", good[1])])
    assert await realtime.get("a") is None
    assert await realtime.count() == 0


async def test_order_of_arrival_does_not_matter(realtime: cloud.RealtimeStore, msgs: Msgs) -> None:
    """Shuffled, duplicated streams end in the state of the newest reading per metric."""
    rng = random.Random(7)
    stream = []
    for seq in range(40):
        metrics = {
            name: rng.randint(0, 100) for name in rng.sample(["x", "y", "z"], rng.randint(1, 3))
        }
        # Clock jitter: ts is not monotonic in seq, so (ts, seq) order must decide.
        stream.append(
            msgs.reading("n1", ts=BASE_TS + seq * 10 + rng.randint(-15, 15), seq=seq, **metrics)
        )
    expected: dict[str, Any] = {}
    for _topic, msg in sorted(stream, key=lambda tm: (tm[1].ts, tm[1].seq)):
        for m in msg.metrics:
            expected[m.name] = m.value
    delivered = stream + rng.sample(stream, 15)
    rng.shuffle(delivered)
    half = len(delivered) // 2
    results = await realtime.apply_many(delivered[:half])
    for topic, msg in delivered[half:]:
        results.append(await realtime.apply_input(msg, topic))
    doc = await realtime.get("n1")
    assert doc is not None
    assert {k: v["value"] for k, v in doc.metrics.items()} == expected
    assert results.count("duplicate") == 15
    newest = max(stream, key=lambda tm: (tm[1].ts, tm[1].seq))[1]
    assert (doc.ts, doc.seq) == (newest.ts, newest.seq)


async def test_lifecycle_rules(realtime: cloud.RealtimeStore, msgs: Msgs) -> None:
    await place(realtime, msgs, "n1", 100)
    assert [d.node for d, _ in await realtime.near(*CENTRE, 500)] == ["n1"]
    assert await realtime.set_lifecycle("n1", "lost", BASE_TS + 1000) is True
    assert await realtime.near(*CENTRE, 500) == []
    assert [d.node for d, _ in await realtime.near(*CENTRE, 500, include_offline=True)] == ["n1"]
    # An older lifecycle change does not undo a newer one.
    assert await realtime.set_lifecycle("n1", "online", BASE_TS + 500) is False
    doc = await realtime.get("n1")
    assert doc is not None and doc.lifecycle == "lost"
    assert await realtime.set_lifecycle("nobody", "offline", BASE_TS) is False
    with pytest.raises(CloudError, match="lifecycle 'asleep'"):
        await realtime.set_lifecycle("n1", "asleep", BASE_TS + 2000)
    # Fresh data after the mark proves the node is back.
    await realtime.apply_input(
        *reversed(msgs.reading("n1", ts=BASE_TS + 2000, seq=5, occupancy_pct=5))
    )
    doc = await realtime.get("n1")
    assert doc is not None and doc.lifecycle == "online"
    # A new birth always reopens the session, even if its clock is behind the cloud's mark.
    await realtime.set_lifecycle("n1", "offline", BASE_TS + 9000)
    lon, lat = destination(*CENTRE, 90, 100)
    assert (
        await realtime.upsert_birth(*reversed(msgs.birth("n1", lon, lat, ts=BASE_TS + 8000, seq=9)))
        == "written"
    )
    doc = await realtime.get("n1")
    assert doc is not None and doc.lifecycle == "online"


async def test_late_birth_is_ignored(realtime: cloud.RealtimeStore, msgs: Msgs) -> None:
    await realtime.upsert_birth(
        *reversed(msgs.birth("n1", *CENTRE, ts=BASE_TS + 100, seq=10, name="New"))
    )
    result = await realtime.upsert_birth(
        *reversed(msgs.birth("n1", 0.0, 0.0, ts=BASE_TS, seq=1, name="Old"))
    )
    assert result == "late"
    doc = await realtime.get("n1")
    assert doc is not None and doc.name == "New" and doc.location == pytest.approx(CENTRE)


async def test_birth_can_move_node_to_another_service(
    realtime: cloud.RealtimeStore, msgs: Msgs
) -> None:
    await place(realtime, msgs, "n1", 100, service="cafe")
    await place(realtime, msgs, "n1", 200, service="bakery", ts=BASE_TS + 10, seq=1)
    assert await realtime.count() == 1
    assert (await realtime.count("cafe"), await realtime.count("bakery")) == (0, 1)
    assert await realtime.services() == ["bakery"]
    assert await realtime.near(*CENTRE, 500, services=["cafe"]) == []
    found = await realtime.near(*CENTRE, 500, services=["bakery"])
    assert [d.node for d, _ in found] == ["n1"]
    assert found[0][1] == pytest.approx(200, abs=0.5)


async def test_near_radius_order_and_distance(realtime: cloud.RealtimeStore, msgs: Msgs) -> None:
    placed = [("d900", 900, 10), ("d100", 100, 200), ("d999", 999, 300), ("d1001", 1001, 45),
              ("d5000", 5000, 90), ("d500", 500, 135)]  # fmt: skip
    for node, dist, bearing in placed:
        await place(realtime, msgs, node, dist, bearing)
    # Five centimetres outside: inside any index's padding, so only the exact check drops it.
    await place(realtime, msgs, "outside", 1000.05, 250)
    found = await realtime.near(*CENTRE, 1000)
    assert [d.node for d, _ in found] == ["d100", "d500", "d900", "d999"]
    for doc, dist in found:
        assert dist == pytest.approx(float(doc.node[1:]), abs=0.5)
        assert dist == pytest.approx(cloud.haversine_m(*CENTRE, *doc.location), abs=1e-6)  # type: ignore[misc]
    assert [d.node for d, _ in await realtime.near(*CENTRE, 1000, limit=2)] == ["d100", "d500"]
    assert [d.node for d, _ in await realtime.near(*CENTRE, 10_000, limit=7)][-1] == "d5000"
    assert await realtime.near(*CENTRE, 50) == []


async def test_near_limit_keeps_the_nearest_among_many(
    realtime: cloud.RealtimeStore, msgs: Msgs
) -> None:
    rng = random.Random(3)
    dists = rng.sample(range(10, 3000), 120)
    await realtime.apply_many(
        [msgs.birth(f"n{d}", *destination(*CENTRE, rng.uniform(0, 360), d)) for d in dists]
    )
    found = await realtime.near(*CENTRE, 2000, limit=7)
    assert [d.node for d, _ in found] == [
        f"n{d}" for d in sorted(x for x in dists if x <= 2000)[:7]
    ]


async def test_near_service_filter(realtime: cloud.RealtimeStore, msgs: Msgs) -> None:
    await place(realtime, msgs, "p1", 100, service="dog-park")
    await place(realtime, msgs, "c1", 150, service="cafe")
    await place(realtime, msgs, "g1", 200, service="gym")
    found = await realtime.near(*CENTRE, 1000, services=["cafe", "gym"])
    assert [d.node for d, _ in found] == ["c1", "g1"]
    assert await realtime.near(*CENTRE, 1000, services=[]) == []
    assert await realtime.near(*CENTRE, 1000, services=["unknown-service"]) == []
    assert await realtime.services() == ["cafe", "dog-park", "gym"]
    assert await realtime.count() == 3 and await realtime.count("gym") == 1


async def test_near_filters(realtime: cloud.RealtimeStore, msgs: Msgs) -> None:
    hours = {"mon": ["07:00", "22:00"]}
    await place(realtime, msgs, "quiet", 100, attributes={"rating": 4.6, "price_level": 2,
                                                          "opening_hours": hours})  # fmt: skip
    await place(realtime, msgs, "busy", 200, attributes={"rating": 3.9})
    await place(
        realtime, msgs, "closed", 300, attributes={"rating": "4.8"}
    )  # a string, not a number
    await realtime.apply_many([
        msgs.reading("quiet", ts=BASE_TS + 1, seq=1, occupancy_pct=20, open=True),
        msgs.reading("busy", ts=BASE_TS + 1, seq=1, occupancy_pct=85, open=True, rating=1),
        msgs.reading("closed", ts=BASE_TS + 1, seq=1, occupancy_pct=5, open=False),
    ])  # fmt: skip

    async def nodes(filters: dict[str, Any]) -> list[str]:
        return [d.node for d, _ in await realtime.near(*CENTRE, 1000, filters=filters)]

    assert await nodes({"occupancy_pct": {"lt": 50}}) == ["quiet", "closed"]
    assert await nodes({"occupancy_pct": {"gte": 20, "lte": 85}}) == ["quiet", "busy"]
    assert await nodes({"open": True}) == ["quiet", "busy"]
    assert await nodes({"open": {"ne": False}}) == ["quiet", "busy"]
    assert await nodes({"open": 1}) == []  # a number never equals a boolean
    # A live metric shadows the static attribute of the same name; explicit scopes reach either.
    assert await nodes({"rating": {"gte": 4}}) == ["quiet"]
    assert await nodes({"attributes.rating": {"gte": 3.5}}) == ["quiet", "busy"]
    assert await nodes({"metrics.rating": {"exists": True}}) == ["busy"]
    assert await nodes({"attributes.rating": "4.8"}) == ["closed"]
    assert await nodes({"price_level": {"exists": False}}) == ["busy", "closed"]
    assert await nodes({"price_level": {"ne": 3}}) == ["quiet", "busy", "closed"]
    assert await nodes({"occupancy_pct": {"in": [5, 85]}}) == ["busy", "closed"]
    assert await nodes({"occupancy_pct": {"in": []}}) == []
    assert await nodes({"open": {"lt": True}}) == []
    assert await nodes({"occupancy_pct": {"lt": 50}, "open": True}) == ["quiet"]
    # Structured attributes exist but never compare equal to a scalar.
    assert await nodes({"opening_hours": {"exists": True}}) == ["quiet"]
    assert await nodes({"attributes.opening_hours": {"ne": "24/7"}}) == ["quiet", "busy", "closed"]


async def test_names_with_dots_and_dollars(realtime: cloud.RealtimeStore, msgs: Msgs) -> None:
    await place(realtime, msgs, "air", 100, attributes={"$odd key": "x", "v1.2": True})
    await realtime.apply_input(
        *reversed(msgs.reading("air", ts=BASE_TS + 1, seq=1, **{"pm2.5": 12.5}))
    )
    doc = await realtime.get("air")
    assert doc is not None and doc.metrics["pm2.5"]["value"] == 12.5
    assert doc.attributes == {"$odd key": "x", "v1.2": True}
    found = await realtime.near(
        *CENTRE, 500, filters={"pm2.5": {"lt": 20}, "attributes.v1.2": True}
    )
    assert [d.node for d, _ in found] == ["air"]
    assert await realtime.near(*CENTRE, 500, filters={"metrics.pm2.5": {"gt": 20}}) == []


@pytest.mark.parametrize(
    ("filters", "message"),
    [
        ({"occupancy_pct": {"between": 3}}, "unknown operator 'between'"),
        ({"bad field!": 1}, "filter field 'bad field!'"),
        ({"x": {"in": "abc"}}, "must be a list"),
        ({"x": {"lt": float("nan")}}, "must be finite"),
        ({"x": {"exists": 1}}, "true or false"),
        ({"x": [1, 2]}, "bool, number or string"),
    ],
)
async def test_near_rejects_bad_filters(
    realtime: cloud.RealtimeStore, filters: dict[str, Any], message: str
) -> None:
    with pytest.raises(cloud.InvalidInput, match=message):
        await realtime.near(*CENTRE, 1000, filters=filters)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((-79.0, 91.0, 10.0), "lat 91.0"),
        ((181.0, 0.0, 10.0), "lon 181.0"),
        ((0.0, 0.0, -1.0), "radius_m"),
    ],
)
async def test_near_rejects_bad_points(
    realtime: cloud.RealtimeStore, args: tuple[float, float, float], message: str
) -> None:
    with pytest.raises(CloudError, match=message):
        await realtime.near(*args)


async def test_near_across_the_antimeridian_and_near_a_pole(
    realtime: cloud.RealtimeStore, msgs: Msgs
) -> None:
    east = destination(180.0, -17.0, 90, 300)  # lands at about -179.997
    west = destination(180.0, -17.0, 270, 700)
    far = destination(180.0, -17.0, 270, 3000)
    await realtime.apply_many(
        [msgs.birth("east", *east), msgs.birth("west", *west), msgs.birth("far", *far)]
    )
    found = await realtime.near(180.0, -17.0, 1000)
    assert [(d.node, round(dist)) for d, dist in found] == [("east", 300), ("west", 700)]
    found = await realtime.near(-180.0, -17.0, 1000)
    assert [d.node for d, _ in found] == ["east", "west"]
    await realtime.apply_many([msgs.birth("pole", *destination(0.0, 89.999, 180, 0))])
    found = await realtime.near(120.0, 89.998, 1000)
    assert [d.node for d, _ in found] == ["pole"]


async def test_stale_nodes(realtime: cloud.RealtimeStore, msgs: Msgs) -> None:
    await place(realtime, msgs, "k30", 10, keepalive_s=30)
    await place(realtime, msgs, "none", 20, keepalive_s=None)
    await place(realtime, msgs, "gone", 30, keepalive_s=30)
    await realtime.set_lifecycle("gone", "offline", BASE_TS + 1)
    assert await realtime.stale(BASE_TS + 44_000) == []
    assert [d.node for d in await realtime.stale(BASE_TS + 46_000)] == ["k30"]
    stale = await realtime.stale(BASE_TS + 46_000, default_keepalive_s=30)
    assert sorted(d.node for d in stale) == ["k30", "none"]
    # A heartbeat (any newer message) resets the timer.
    await realtime.apply_input(
        *reversed(msgs.reading("k30", ts=BASE_TS + 40_000, seq=1, occupancy_pct=1))
    )
    assert await realtime.stale(BASE_TS + 46_000) == []


async def test_documents_are_copies(realtime: cloud.RealtimeStore, msgs: Msgs) -> None:
    await place(realtime, msgs, "n1", 10, attributes={"rating": 4})
    doc = await realtime.get("n1")
    assert doc is not None
    doc.attributes["rating"] = 0
    doc.metrics["x"] = {"value": 1}
    again = await realtime.get("n1")
    assert again is not None and again.attributes == {"rating": 4} and again.metrics == {}
    assert isinstance(realtime, cloud.RealtimeStore)


async def test_backends_agree_on_random_queries(tmp_path: Any, msgs: Msgs) -> None:
    """The same data and the same random queries give the same answers on every backend."""
    import uuid

    rng = random.Random(11)
    services = ["cafe", "gym", "dog-park"]
    items: list[Any] = []
    for i in range(150):
        lon, lat = destination(*CENTRE, rng.uniform(0, 360), rng.uniform(0, 4000))
        svc = rng.choice(services)
        attrs = {"rating": round(rng.uniform(1, 5), 1)} if rng.random() < 0.8 else {}
        items.append(msgs.birth(f"n{i}", lon, lat, service=svc, attributes=attrs))
        metrics = {"occupancy_pct": rng.randint(0, 100)}
        if rng.random() < 0.5:
            metrics["open"] = rng.random() < 0.7
        items.append(msgs.reading(f"n{i}", ts=BASE_TS + 1, seq=1, service=svc, **metrics))
        if rng.random() < 0.15:
            items.append(msgs.lifecycle(f"n{i}", "offline", ts=BASE_TS + 2, seq=2, service=svc))
    urls = ["memory://", f"sqlite:///{tmp_path / 'agree.db'}", f"mongomock://{uuid.uuid4().hex}/db"]
    stores = [await cloud.open_realtime(url) for url in urls]
    try:
        for store in stores:
            await store.apply_many(items)
        for _ in range(30):
            filters: dict[str, Any] = {}
            if rng.random() < 0.5:
                filters["occupancy_pct"] = {rng.choice(["lt", "gte"]): rng.randint(0, 100)}
            if rng.random() < 0.3:
                filters["open"] = {"ne": False}
            if rng.random() < 0.3:
                filters["rating"] = {"gte": rng.choice([3, 4.5])}
            kwargs: dict[str, Any] = {
                "services": rng.choice([None, ["cafe"], ["gym", "dog-park"]]),
                "filters": filters,
                "limit": rng.choice([1, 5, 50]),
                "include_offline": rng.random() < 0.3,
            }
            lon, lat = destination(*CENTRE, rng.uniform(0, 360), rng.uniform(0, 2000))
            radius = rng.choice([300.0, 1000.0, 2500.0])
            answers = [await s.near(lon, lat, radius, **kwargs) for s in stores]
            reference = [(d.node, round(dist, 6)) for d, dist in answers[0]]
            for store, answer in zip(stores[1:], answers[1:], strict=True):
                got = [(d.node, round(dist, 6)) for d, dist in answer]
                assert got == reference, (type(store).__name__, kwargs, radius)
    finally:
        for store in stores:
            await store.close()
