"""Regions held, place names in requests, the coverage check, and travel times.

A region is a bounding box plus named places with centroids (``search/data/regions/*.json``).
A request naming a held place is searched around that place; a request naming a place outside
every held region (a known city elsewhere, or a capitalised place the regions do not know) is
answered "outside coverage", never silently searched in Toronto instead.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from search import CoverageError
from search._rank import Travel, estimate_travel

__all__ = ["REGIONS_DIR", "Place", "PlaceMatch", "Region", "Regions", "load_regions", "ors_travel"]

log = logging.getLogger(__name__)

REGIONS_DIR = Path(__file__).resolve().parent / "data" / "regions"

# Capitalised words after "in"/"near" that are not places.
_NOT_PLACES = {
    "english",
    "french",
    "spanish",
    "mandarin",
    "cantonese",
    "korean",
    "japanese",
    "italian",
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "i",
    "me",
    "my",
    "the",
    "a",
    "an",
    "christmas",
    "easter",
    "er",
}
_PLACE_AFTER = re.compile(
    r"\b(?:in|near|around|at|by|close to|next to|outside)\s+"
    r"((?:[A-Z][\w'’.-]*)(?:\s+(?:[A-Z][\w'’.-]*|of|de|la))*)"
)


@dataclass(frozen=True)
class Place:
    """A named place inside a region, with its centroid."""

    name: str
    lon: float
    lat: float
    region: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Region:
    """A region we hold data for."""

    name: str
    slug: str
    bbox: tuple[float, float, float, float]  # min_lon, min_lat, max_lon, max_lat
    centre: tuple[float, float]  # lon, lat
    places: tuple[Place, ...] = ()

    def contains(self, lon: float, lat: float) -> bool:
        """True when (lon, lat) is inside the bounding box."""
        a, b, c, d = self.bbox
        return a <= lon <= c and b <= lat <= d


@dataclass(frozen=True)
class PlaceMatch:
    """What the request says about where: a held place, a place outside, or nothing."""

    place: Place | None = None
    outside: str | None = None
    span: tuple[int, int] | None = None


@dataclass
class Regions:
    """Every region held, plus the names of places known to lie outside them."""

    regions: list[Region]
    elsewhere: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        names: list[tuple[str, Place]] = []
        for r in self.regions:
            for p in r.places:
                names.append((p.name.lower(), p))
                names.extend((a.lower(), p) for a in p.aliases)
        names.sort(key=lambda kv: -len(kv[0]))
        self._held = names
        self._held_rx = [
            (re.compile(r"\b" + re.escape(n) + r"\b", re.IGNORECASE), p) for n, p in names
        ]
        self._else_rx = [
            (re.compile(r"\b" + re.escape(n) + r"\b", re.IGNORECASE), n)
            for n in sorted(self.elsewhere, key=len, reverse=True)
        ]

    def region_of(self, lon: float, lat: float) -> Region | None:
        """The region containing a point, if any."""
        return next((r for r in self.regions if r.contains(lon, lat)), None)

    def get(self, slug: str) -> Region | None:
        """A region by slug."""
        return next((r for r in self.regions if r.slug == slug), None)

    def find_place(self, request: str) -> PlaceMatch:
        """The place a request names: a held one, one outside coverage, or none."""
        held = None
        for rx, p in self._held_rx:
            m = rx.search(request)
            if m:
                held = PlaceMatch(place=p, span=m.span())
                break
        for rx, n in self._else_rx:
            m = rx.search(request)
            # "London" alone is elsewhere; a held place's longer name wins when both match
            if (
                m
                and (held is None or held.span is None or not _overlaps(held.span, m.span()))
                and (held is None or len(n) > (held.span[1] - held.span[0] if held.span else 0))
            ):
                return PlaceMatch(outside=m.group(0), span=m.span())
        if held is not None:
            return held
        for m in _PLACE_AFTER.finditer(request):
            cand = m.group(1).strip(" .'’")
            words = cand.split()
            if not words or words[0].lower() in _NOT_PLACES:
                continue
            # A capitalised name that no held region knows: outside coverage.
            return PlaceMatch(outside=cand, span=m.span(1))
        return PlaceMatch()


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def load_regions(directory: Path | None = None) -> Regions:
    """Read every region file (and ``elsewhere.json``) from the regions folder."""
    directory = directory or REGIONS_DIR
    regions: list[Region] = []
    elsewhere: list[str] = []
    for path in sorted(directory.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise CoverageError(
                f"{path.name}: not valid JSON ({exc.msg}, line {exc.lineno})"
            ) from exc
        if path.stem == "elsewhere":
            elsewhere.extend(str(p) for p in data.get("places", []))
            continue
        try:
            bbox = tuple(float(x) for x in data["bbox"])
            slug = str(data["slug"])
            places = tuple(
                Place(
                    name=str(p["name"]),
                    lon=float(p["lon"]),
                    lat=float(p["lat"]),
                    region=slug,
                    aliases=tuple(p.get("aliases", ())),
                )
                for p in data.get("places", [])
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise CoverageError(f"{path.name}: region needs slug, bbox and places: {exc}") from exc
        if len(bbox) != 4 or bbox[0] >= bbox[2] or bbox[1] >= bbox[3]:
            raise CoverageError(
                f"{path.name}: bbox must be [min_lon, min_lat, max_lon, max_lat], got {bbox}"
            )
        region = Region(
            name=str(data.get("name", slug)),
            slug=slug,
            bbox=bbox,
            centre=tuple(data.get("centre", ((bbox[0] + bbox[2]) / 2, (bbox[1] + bbox[3]) / 2))),
            places=places,
        )
        for p in places:
            if not region.contains(p.lon, p.lat):
                raise CoverageError(
                    f"{path.name}: place {p.name!r} ({p.lon}, {p.lat}) lies outside the bbox"
                )
        regions.append(region)
    if not regions:
        raise CoverageError(f"regions: no region files in {directory}")
    return Regions(regions, elsewhere)


async def ors_travel(
    url: str,
    api_key: str | None,
    origin: tuple[float, float],
    targets: Sequence[tuple[str, tuple[float, float], float]],
    *,
    timeout_s: float = 2.0,
) -> dict[str, Travel]:
    """Travel times from OpenRouteService's matrix API; the estimate for any it cannot give.

    ``targets`` are (node, (lon, lat), straight-line metres). Walking under 1.5 km, else driving.
    """
    import httpx

    out = {n: estimate_travel(d) for n, _, d in targets}
    for profile, group in (
        ("foot-walking", [t for t in targets if t[2] <= 1500]),
        ("driving-car", [t for t in targets if t[2] > 1500]),
    ):
        if not group:
            continue
        body: dict[str, Any] = {
            "locations": [list(origin)] + [list(loc) for _, loc, _ in group],
            "sources": [0],
            "destinations": list(range(1, len(group) + 1)),
            "metrics": ["distance", "duration"],
        }
        headers = {"Authorization": api_key} if api_key else {}
        try:
            async with httpx.AsyncClient(timeout=timeout_s) as client:
                resp = await client.post(
                    f"{url.rstrip('/')}/v2/matrix/{profile}", json=body, headers=headers
                )
                resp.raise_for_status()
                data = resp.json()
            for (node, _, _), dist, dur in zip(
                group, data["distances"][0], data["durations"][0], strict=True
            ):
                if dist is not None and dur is not None:
                    out[node] = Travel(float(dist), float(dur), profile, "openrouteservice")
        except (httpx.HTTPError, KeyError, IndexError, TypeError, ValueError) as exc:
            # Routing is an improvement, not a dependency: keep the estimate.
            log.warning(
                "openrouteservice %s failed (%s); using the distance estimate", profile, exc
            )
    return out
