"""Coverage, place names, preferences and ranking (no model needed)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from search import CoverageError
from search._geo import Regions, load_regions
from search._rank import estimate_travel, extract_preferences, rank_nodes, strip_preferences


def test_held_place_is_found(regions: Regions) -> None:
    m = regions.find_place("sushi in Kensington Market")
    assert m.place is not None and m.place.name == "Kensington Market" and m.outside is None


def test_place_outside_coverage(regions: Regions) -> None:
    assert regions.find_place("best pizza in Montreal").outside == "Montreal"
    assert regions.find_place("a bar in Springfield").outside == "Springfield"
    assert regions.find_place("an uncrowded dog park near me").place is None
    assert regions.find_place("French lessons in English").outside is None


def test_region_contains(regions: Regions) -> None:
    assert regions.region_of(-79.38, 43.65) is not None
    assert regions.region_of(-73.57, 45.50) is None  # Montreal


def test_region_file_rules(tmp_path: Path) -> None:
    (tmp_path / "x.json").write_text(json.dumps({"slug": "x", "bbox": [1, 1, 0, 0]}))
    with pytest.raises(CoverageError, match=r"x\.json: bbox must be"):
        load_regions(tmp_path)


def test_preferences_and_stripping() -> None:
    p = extract_preferences("an uncrowded dog park near me, cheap, open late, with parking")
    assert set(p.criteria) >= {"uncrowded", "near", "cheap", "open_late", "parking"}
    assert strip_preferences("grocery store with short checkout lines") == "grocery store"
    assert "parking" not in extract_preferences("a parking lot downtown").criteria
    # A parking lot the place has is a wish about that place, cut whole from what is matched.
    has_lot = "hardware store for lumber and paint, with a parking lot"
    assert "parking" in extract_preferences(has_lot).criteria
    assert strip_preferences(has_lot) == "hardware store for lumber and paint"
    assert strip_preferences("a mall that has a parking garage") == "a mall"


@dataclass
class Doc:
    node: str
    service: str = "cafe"
    metrics: dict[str, dict[str, Any]] = field(default_factory=dict)
    attributes: dict[str, Any] = field(default_factory=dict)


def test_ranking_uses_live_fields_and_travel() -> None:
    busy_near = Doc("a", metrics={"occupancy_pct": {"value": 95, "ts": 0}})
    quiet_far = Doc("b", metrics={"occupancy_pct": {"value": 5, "ts": 0}})
    ranked = rank_nodes(
        [(busy_near, 200.0), (quiet_far, 900.0)], extract_preferences("uncrowded cafe")
    )
    assert [r.doc.node for r in ranked] == ["b", "a"]
    assert any("occupancy 5%" in w for w in ranked[0].reasons)
    ranked = rank_nodes([(busy_near, 200.0), (quiet_far, 9000.0)], extract_preferences("cafe"))
    assert ranked[0].doc.node == "a"


def test_total_time_is_travel_plus_wait() -> None:
    d = Doc("a", metrics={"wait_min": {"value": 12, "ts": 0}})
    r = rank_nodes([(d, 650.0)], extract_preferences("short wait"))[0]
    assert r.total_min == pytest.approx(estimate_travel(650.0).seconds / 60 + 12)


@pytest.mark.parametrize(
    ("request_text", "is_preference"),
    [
        ("a cafe with free parking", True),
        ("gym with parking available", True),
        ("cheap parking near Rogers Centre for the Jays game", False),
        ("where can I park my car downtown", False),
        ("any parking near the ACC tonight?", False),
        ("cheap all day parking near the stadium", False),
        ("underground parking for the night by the theatre district", False),
        ("kid friendly restaurant with a play area and parking", True),
    ],
)
def test_parking_sought_is_the_service_not_a_preference(
    request_text: str, is_preference: bool
) -> None:
    assert ("parking" in extract_preferences(request_text).criteria) is is_preference
    assert ("park" in strip_preferences(request_text)) is not is_preference
