"""The engine: same seed, same messages; everything it emits is valid UIDI through the adapters."""

from __future__ import annotations

import collections
import json

import uidi
from simulators import CityEngine, FaultInjector, FaultSpec, load_scenario
from simulators._vendors import VendorBridge

START = "2026-06-05T16:00:00Z"


def _run(seed: int | None = None, ticks: int = 30) -> list[tuple[str, bytes, int, bool]]:
    engine = CityEngine(load_scenario("small"), seed=seed, start_ms=START)
    out = [(m.topic, m.payload, m.qos, m.retain) for m in engine.births()]
    for k in range(ticks):
        out += [(m.topic, m.payload, m.qos, m.retain) for m in engine.tick(k)]
    return out


def test_same_seed_same_messages_other_seed_other_messages() -> None:
    first, second = _run(), _run()
    assert first == second
    assert len(first) > 300 + 400
    assert _run(seed=99) != first


def test_every_message_is_valid_uidi_on_its_topic() -> None:
    engine = CityEngine(load_scenario("small"), start_ms=START)
    births = list(engine.births())
    kinds = collections.Counter()
    for msg in births + [m for k in range(50) for m in engine.tick(k)]:
        topic = uidi.parse_topic(msg.topic)
        decoded = uidi.decode_json(msg.payload, now_ms=engine.start_ms + 10_000)
        assert decoded.node == topic.node == msg.node
        assert str(decoded.kind) == str(topic.kind) == msg.kind
        kinds[msg.kind] += 1
    assert engine.counters.unmappable == 0
    assert kinds["input"] > 500 and kinds["state"] >= 300
    birth = uidi.decode_json(births[0].payload, now_ms=engine.start_ms)
    assert isinstance(birth, uidi.State) and birth.birth
    assert birth.description is not None and birth.description.devices
    assert births[0].retain and births[0].qos == 1


def test_sequences_are_monotonic_per_node() -> None:
    engine = CityEngine(load_scenario("small"), start_ms=START)
    last: dict[str, int] = {}
    for msg in list(engine.births()) + [m for k in range(60) for m in engine.tick(k)]:
        seq = json.loads(msg.payload)["seq"]
        assert seq > last.get(msg.node, -1)
        last[msg.node] = seq


def test_all_four_vendor_families_pass_through_the_edge_adapters() -> None:
    engine = CityEngine(load_scenario("small"), start_ms=START)
    bridge = VendorBridge()
    clock = engine.model.clock(engine.start_ms)
    seen = collections.Counter()
    for node in list(engine.city)[:120]:
        status = engine.model.status(node, clock)
        readings = engine.model.readings(node, clock, status)
        raws = bridge.raw_payloads(node, readings, engine.start_ms)
        messages = bridge.convert(node, readings, ts=engine.start_ms, seq=1, open_changed=True)
        for family, _raw in raws:
            seen[family] += 1
        got = {m.name: m.value for msg in messages for m in msg.metrics}
        for name, value in readings.items():
            assert got[name] == (value if isinstance(value, bool) else got[name])
            if isinstance(value, float) and not isinstance(value, bool):
                assert abs(float(got[name]) - value) < 0.02, (node.vendor, name, got[name], value)
    assert set(seen) == {"tasmota", "homeassistant", "csv", "modbus"}


def test_failed_sensor_reads_outside_its_datasheet_range() -> None:
    scenario = load_scenario("small").with_overrides(**{"lifecycle.fail_p": 1.0})
    engine = CityEngine(scenario, start_ms="2026-06-05T23:30:00Z")
    clock = engine.model.clock(engine.start_ms)
    hot = []
    for node in engine.city:
        status = engine.model.status(node, clock)
        if status.failed and "temperature_c" in node.metrics:
            hot.append(engine.model.readings(node, clock, status)["temperature_c"])
    assert hot and all(t > 85 for t in hot)  # BME280 and DHT22 stop at 85 and 80 °C


def test_fault_injector_counts_and_is_deterministic() -> None:
    spec = FaultSpec(drop=0.1, duplicate=0.1, reorder=0.1, delay=0.1, corrupt=0.1, kill_nodes=2)

    def run() -> tuple[list[bytes], dict[str, object]]:
        engine = CityEngine(load_scenario("small"), start_ms=START)
        inj = FaultInjector(spec, 5)
        stream = [m for k in range(40) for m in engine.tick(k)]
        out = list(inj.apply(stream))
        return [m.payload for m in out], inj.counters.as_dict()

    (out_a, c), (out_b, c2) = run(), run()
    assert out_a == out_b and c == c2
    for key in ("dropped", "duplicated", "reordered", "delayed", "corrupted"):
        assert c[key] > 0, key
    assert c["killed_nodes"] == 2
    bad = 0
    for payload in out_a:
        try:
            uidi.decode_json(payload, now_ms=10**13)
        except uidi.UidiError:
            bad += 1
    assert bad == c["corrupted"]
