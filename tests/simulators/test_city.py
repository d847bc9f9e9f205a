"""Scenarios load and validate; the city is generated deterministically and looks like a city."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from simulators import City, ScenarioError, load_scenario
from simulators._dynamics import LiveModel, _open_by_hours
from simulators._engine import resolve_start_ms

DATASHEET_PARTS = {
    "DHT22",
    "BME280",
    "DS18B20",
    "BH1750",
    "MQ-2",
    "CCS811",
    "XGZP6847A",
    "LMP91200",
    "YF-S201",
    "ACS712",
    "INA219",
    "HC-SR501",
    "MPU-6050",
    "AMS1117",
    "LM7805",
    "ADS1115",
    "MCP3008",
    "HX711",
    "LM358",
    "SRD-05VDC-SL-C",
    "L298",
    "TB6612FNG",
    "ESP32-WROOM-32",
    "RFM95W",
}


def test_toronto_scenario_covers_the_catalogue_and_region() -> None:
    scenario = load_scenario("toronto")
    assert scenario.nodes.count >= 37_000
    city = City(scenario)
    assert len(city.plans) >= 100  # every service of the project's catalogue
    west, south, east, north = scenario.region.bbox
    assert (west, south, east, north) == pytest.approx((-79.6393, 43.5810, -79.1152, 43.8555))
    assert len(scenario.region.neighbourhoods) >= 40


def test_skew_many_cafes_and_parking_few_zoos() -> None:
    city = City(load_scenario("toronto"))
    counts = collections.Counter(city.plan_of(i).name for i in range(len(city)))
    assert sum(counts.values()) == len(city)
    assert all(counts[p.name] >= 1 for p in city.plans)  # one node per service at least
    assert counts["cafe"] > 20 * counts["zoo"]
    assert counts["parking lot"] > 20 * counts["zoo"]


def test_nodes_are_deterministic_plausible_and_carry_datasheet_parts() -> None:
    scenario = load_scenario("small")
    a, b = City(scenario), City(scenario)
    other = City(scenario, seed=scenario.seed + 1)
    assert [a.generate(i) for i in range(50)] == [b.generate(i) for i in range(50)]
    assert [a.generate(i).name for i in range(50)] != [other.generate(i).name for i in range(50)]
    west, south, east, north = scenario.region.bbox
    ids = set()
    for node in a:
        ids.add(node.node_id)
        assert south <= node.lat <= north and west <= node.lon <= east
        assert 1.0 <= node.rating <= 5.0 and node.capacity > 0 and 1 <= node.price_level <= 4
        models = {d.model for d in node.devices}
        assert models <= DATASHEET_PARTS, models - DATASHEET_PARTS
        assert "ESP32-WROOM-32" in models
        reported = {m for d in node.devices for m in d.metrics}
        assert reported == set(node.metrics)
        attrs = node.attributes()
        assert attrs["address"] and attrs["opening_hours"]
    assert len(ids) == len(a)


def test_nodes_stay_out_of_the_lake() -> None:
    scenario = load_scenario("toronto").with_overrides(**{"nodes.count": 3000})
    city = City(scenario)
    for node in city:
        assert not city._in_water(node.lat, node.lon), node


def test_invalid_scenarios_name_the_field(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "name: bad\nregion:\n  bbox: [-79.6, 43.5, -79.1, 43.8]\n  neighbourhoods:\n"
        "    - {name: Nowhere, lat: 10.0, lon: 10.0}\nprofiles:\n  generic: {curve: office}\n"
        "curves:\n  office: {weekday: [1, 2]}\n"
    )
    with pytest.raises(ScenarioError) as err:
        load_scenario(bad)
    assert "bad.yaml" in str(err.value) and "region" in str(err.value)
    with pytest.raises(ScenarioError, match="not found"):
        load_scenario("no-such-scenario")
    typo = tmp_path / "typo.yaml"
    typo.write_text(load_scenario("small").model_dump_json().replace('"nodes"', '"nodez"'))
    typo.rename(tmp_path / "typo.json")
    with pytest.raises(ScenarioError, match="nodez"):
        load_scenario(tmp_path / "typo.json")


def test_million_node_city_streams_without_holding_nodes() -> None:
    scenario = load_scenario("toronto").with_overrides(**{"nodes.count": 1_000_000})
    city = City(scenario)
    city.cache_size = 0
    last = city.node(999_999)
    assert last.node_id.endswith("-999999")
    assert city.node(999_999) == last and not city._cache


def test_dynamics_follow_the_clock() -> None:
    scenario = load_scenario("small")
    city = City(scenario)
    model = LiveModel(city)
    cafes = [n for n in city if n.service.name == "cafe"][:20]
    noon = resolve_start_ms("2026-06-05T16:00:00Z", scenario)  # Friday noon in Toronto
    night = resolve_start_ms("2026-06-05T07:30:00Z", scenario)  # 03:30 local
    occ_noon = [
        model.occupancy(n, model.clock(noon), model.status(n, model.clock(noon))) for n in cafes
    ]
    occ_night = [
        model.occupancy(n, model.clock(night), model.status(n, model.clock(night))) for n in cafes
    ]
    assert sum(occ_noon) > sum(occ_night) + 100
    for node in cafes:
        status = model.status(node, model.clock(night))
        assert status.open is False  # cafes do not open at 3:30
        readings = model.readings(node, model.clock(night), status)
        assert readings["open"] is False and readings["occupancy_pct"] == 0.0


def test_opening_hours_past_midnight() -> None:
    from simulators._dynamics import Clock

    hours = {"fri": ("16:00", "02:00")}
    assert _open_by_hours(hours, Clock(0, 4, 23 * 60, 6, 0, 0))
    assert _open_by_hours(hours, Clock(0, 4, 60, 6, 0, 0))
    assert not _open_by_hours(hours, Clock(0, 4, 12 * 60, 6, 0, 0))


def test_every_builtin_scenario_loads_and_extends_merges(tmp_path: Path) -> None:
    from simulators._scenario import SCENARIO_DIR

    names = sorted(p.stem for p in SCENARIO_DIR.glob("*.yaml"))
    assert {"toronto", "small", "faults"} <= set(names)
    for name in names:
        assert load_scenario(name).name == name
    faults = load_scenario("faults")
    assert faults.faults.any and faults.region == load_scenario("small").region
    child = tmp_path / "child.yaml"
    child.write_text("extends: small\nname: child\nnodes: {count: 50}\nrates: {updates_per_s: 9}\n")
    scenario = load_scenario(child)
    assert (scenario.nodes.count, scenario.rates.updates_per_s) == (50, 9)
    assert scenario.rates.keepalive_s == load_scenario("small").rates.keepalive_s
