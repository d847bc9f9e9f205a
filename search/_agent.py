"""The search agent: classifier, retriever, generator and reviewer.

Deterministic by default. For a live-service request it selects services (top-p), finds the
place the request names (or the caller's position), reads live node documents near it from the
real-time store (skipping offline and closed nodes), ranks them on the stated preferences plus
travel time, writes a ranked answer in which every number carries a citation to a reading (node,
metric, age), and reviews that answer: every criterion addressed, every number traceable,
readings fresh and physically plausible (inside the measuring range of the node's sensor when its
datasheet facts are known). A failed review widens the search once, then abstains with reasons.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any, Literal
from zoneinfo import ZoneInfo

from pydantic import BaseModel, Field

from search._geo import Place, Regions, ors_travel
from search._llm import LLMClient
from search._rank import Preferences, RankedNode, Travel, extract_preferences, rank_nodes
from search._select import Selection, ServiceSelector
from search.catalogue import service_slug

__all__ = [
    "Agent",
    "Citation",
    "Review",
    "SearchResult",
    "SearchResultItem",
    "classify",
]

log = logging.getLogger(__name__)

Status = Literal[
    "ok",
    "no_results",
    "no_service",
    "outside_coverage",
    "outside_scope",
    "node",
    "datasheet",
    "abstained",
]

# Physical bounds of live fields: a reading outside them is implausible whatever the sensor.
PLAUSIBLE: dict[str, tuple[float, float]] = {
    "occupancy_pct": (0, 100),
    "people_count": (0, 100_000),
    "wait_min": (0, 24 * 60),
    "queue_len": (0, 10_000),
    "parking_free": (0, 100_000),
    "available": (0, 100_000),
    "price": (0, 100_000),
    "discount_pct": (0, 100),
    "noise_dba": (0, 194),
    "temperature_c": (-90, 60),
    "humidity_pct": (0, 100),
    "co2_ppm": (0, 100_000),
    "pressure_kpa": (30, 110),
    "flow_lpm": (0, 100_000),
    "power_w": (0, 10_000_000),
    "current_a": (0, 100_000),
}
# Metric -> the quantity a multi-quantity sensor's measurement_range fact is scoped to.
QUANTITY = {
    "temperature_c": "temperature",
    "humidity_pct": "humidity",
    "pressure_kpa": "pressure",
    "co2_ppm": "co2",
    "noise_dba": "sound",
    "current_a": "current",
    "power_w": "power",
}
UNITS = {
    "occupancy_pct": "%",
    "discount_pct": "%",
    "humidity_pct": "%",
    "noise_dba": " dB",
    "temperature_c": " °C",
    "co2_ppm": " ppm",
    "wait_min": " min",
    "pressure_kpa": " kPa",
}
LABELS = {
    "occupancy_pct": "occupancy",
    "people_count": "people inside",
    "wait_min": "wait",
    "queue_len": "in queue",
    "parking_free": "parking spots free",
    "available": "available",
    "price": "price",
    "discount_pct": "discount",
    "noise_dba": "noise",
    "temperature_c": "temperature",
    "humidity_pct": "humidity",
    "co2_ppm": "CO2",
}
CRITERION_FIELDS = {
    "uncrowded": ("occupancy_pct", "people_count"),
    "short_wait": ("wait_min", "queue_len"),
    "cheap": ("price", "discount_pct", "price_level"),
    "quiet": ("noise_dba",),
    "highly_rated": ("rating",),
    "open_now": ("open", "opening_hours"),
    "open_late": ("open", "opening_hours"),
    "parking": ("parking_free",),
    "available": ("available",),
    "near": ("distance_m",),
}

_NODE_RX = re.compile(r"\bnode\s+([A-Za-z0-9][\w.:-]*)", re.IGNORECASE)
_DEVICE_RX = re.compile(r"\b(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z][A-Z0-9-]{2,}\b")
_DATASHEET_WORDS = re.compile(
    r"\b(datasheet|pinout|i2c|spi|uart|supply voltage|logic level|output voltage|input range|"
    r"measuring range|measurement range|accuracy of|resolution of|adc|sensor module|breakout|"
    r"volts?|milliamps?|ma\b|mv\b|3\.3 ?v|5 ?v)",
    re.IGNORECASE,
)
_SERVICE_CUES = re.compile(
    r"\b(where|find|nearest|closest|near|nearby|around|looking for|need|want|somewhere|place|"
    r"shop|store|open|any|a good|best|cheap|go|get|buy|book|rent|see|visit)\b",
    re.IGNORECASE,
)
_CITE_RX = re.compile(r"\[(c\d+)\]")
_NUM_CITED = re.compile(r"(-?\d+(?:\.\d+)?)\s*(?:%|m|min|dB|°C|ppm|kPa|/5)?\s*\[(c\d+)\]")
_ORDINAL = re.compile(r"(?m)^\s*\d+\.\s")


class Citation(BaseModel):
    """One piece of evidence: a reading of a node (or its location), with its age."""

    id: str
    node: str
    metric: str
    value: float | int | bool | str | None
    unit: str | None = None
    ts: int | None = None
    age_s: float | None = None
    kind: Literal["reading", "location", "attribute"] = "reading"


class SearchResultItem(BaseModel):
    """One ranked node."""

    node: str
    name: str
    service: str
    distance_m: float
    travel_min: float
    travel_mode: str
    total_min: float | None = None
    location: tuple[float, float] | None = None
    live: dict[str, Any] = Field(default_factory=dict)
    ages_s: dict[str, float] = Field(default_factory=dict)
    attributes: dict[str, Any] = Field(default_factory=dict)
    score: float
    why: list[str] = Field(default_factory=list)


class Review(BaseModel):
    """The reviewer's verdict on a draft answer."""

    passed: bool
    problems: list[str] = Field(default_factory=list)
    criteria: dict[str, str] = Field(default_factory=dict)  # criterion -> how it was addressed
    excluded: list[str] = Field(default_factory=list)  # readings left out (stale, implausible)
    widened: bool = False
    llm: str | None = None  # "used", "rejected: ...", or None


class SearchResult(BaseModel):
    """The answer to one request (the ``iotase search --json`` shape, plus detail)."""

    status: Status
    request: str
    classification: str
    services: list[str] = Field(default_factory=list)
    results: list[SearchResultItem] = Field(default_factory=list)
    answer: str
    citations: list[Citation] = Field(default_factory=list)
    criteria: list[str] = Field(default_factory=list)
    place: str | None = None
    origin: tuple[float, float] | None = None  # lon, lat searched around
    radius_m: float | None = None
    reason: str | None = None
    review: Review | None = None
    ranking: list[dict[str, Any]] = Field(default_factory=list)
    timings_ms: dict[str, float] = Field(default_factory=dict)
    datasheet: dict[str, Any] | None = None  # the datasheet answer, for a datasheet question


def classify(request: str, selection: Selection | None = None) -> str:
    """Deterministic classes: node_lookup, datasheet, live_search, outside_scope."""
    if _NODE_RX.search(request):
        return "node_lookup"
    if _DEVICE_RX.search(request) and _DATASHEET_WORDS.search(request):
        return "datasheet"
    if re.search(r"\bdatasheet\b", request, re.IGNORECASE):
        return "datasheet"
    if (
        selection is not None
        and selection.abstain
        and (
            selection.not_a_place
            or re.match(r"\s*(?:what|who|why|how|when|tell|write|translate|sing)\b", request, re.I)
        )
    ):
        return "outside_scope"
    return "live_search"


def _is_open(doc: Any, now: datetime) -> bool | None:
    """Open right now: the live ``open`` metric wins; else the opening hours; None if unknown."""
    live = (doc.metrics or {}).get("open")
    if live is not None and isinstance(live.get("value"), bool):
        return bool(live["value"])
    hours = (doc.attributes or {}).get("opening_hours")
    if hours == "24/7":
        return True
    if isinstance(hours, Mapping):
        day = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")[now.weekday()]
        span = hours.get(day)
        if not span:
            return False
        try:
            start, end = str(span[0]), str(span[1])
        except (IndexError, TypeError):
            return None
        hm = now.strftime("%H:%M")
        if end <= start:  # past midnight
            return hm >= start or hm < end
        return start <= hm < end
    return None


def _closes_late(doc: Any, now: datetime) -> bool | None:
    hours = (doc.attributes or {}).get("opening_hours")
    if hours == "24/7":
        return True
    if isinstance(hours, Mapping):
        day = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")[now.weekday()]
        span = hours.get(day)
        if not span:
            return False
        end = str(span[1])
        return end >= "22:00" or end <= "04:00"
    return None


def _cite_attribute(cites: list[Citation], node: str, metric: str, value: float) -> Citation:
    """Cite one of a node's static attributes (its rating, its price level), numbered next."""
    c = Citation(id=f"c{len(cites) + 1}", node=node, metric=metric, value=value, kind="attribute")
    cites.append(c)
    return c


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.1f}".rstrip("0").rstrip(".") if abs(v) < 100 else f"{v:.0f}"
    return str(v)


class Agent:
    """Answers requests from the catalogue, the regions and the live stores."""

    def __init__(
        self,
        selector: ServiceSelector,
        regions: Regions,
        realtime: Any | None,
        *,
        facts: Any | None = None,
        datasheet_qa: Any | None = None,
        llm: LLMClient | None = None,
        ors_url: str | None = None,
        ors_api_key: str | None = None,
        default_region: str = "toronto",
        radius_m: float = 3000.0,
        wide_radius_m: float = 15000.0,
        max_age_s: float = 900.0,
        limit: int = 10,
        timezone: str = "America/Toronto",
        clock: Any = None,
    ) -> None:
        self.selector = selector
        self.regions = regions
        self.realtime = realtime
        self.facts = facts
        self.datasheet_qa = datasheet_qa
        self.llm = llm
        self.ors_url = ors_url
        self.ors_api_key = ors_api_key
        self.default_region = default_region
        self.radius_m = radius_m
        self.wide_radius_m = wide_radius_m
        self.max_age_s = max_age_s
        self.limit = limit
        self.tz = ZoneInfo(timezone)
        self.clock = clock or time.time
        self._ranges: dict[tuple[str, str], tuple[float | None, float | None, str | None]] = {}
        self._names = {s.slug: s.name for s in selector.services}

    # -- classifier -----------------------------------------------------------------------
    async def _classify(self, request: str, sel: Selection) -> str:
        label = classify(request, sel)
        if self.llm is not None and label == "outside_scope":
            # The LLM may rescue a request the rules could not place; it never overrides a match.
            suggested = await self.llm.classify(request)
            if suggested in ("node_lookup", "datasheet"):
                label = suggested
        return label

    # -- main entry -------------------------------------------------------------------------
    async def search(
        self, request: str, near: tuple[float, float] | None = None, *, limit: int | None = None
    ) -> SearchResult:
        """Answer one request. ``near`` is (lat, lon) as users write it."""
        t0 = time.perf_counter()
        limit = limit or self.limit
        request = request.strip()
        timings: dict[str, float] = {}
        place_match = self.regions.find_place(request)
        core = request
        if place_match.span is not None:
            core = (request[: place_match.span[0]] + request[place_match.span[1] :]).strip()
            core = re.sub(r"\b(?:in|near|around|at|by|close to|next to)\s*$", "", core).strip()
            core = re.sub(r"\b(?:in|near|around|at|by|close to|next to)\s+(?=[,.;]|$)", "", core)
        sel = await self.selector.amatch(core or request)
        timings["select"] = (time.perf_counter() - t0) * 1000
        label = await self._classify(request, sel)
        base = {
            "request": request,
            "classification": label,
            "services": sel.selected,
            "ranking": [{"service": s, "score": round(sc, 4)} for s, sc, _ in sel.ranking[:5]],
        }
        if label == "node_lookup":
            return await self._node_lookup(request, base)
        if label == "datasheet" and self.datasheet_qa is not None:
            ans = await asyncio.to_thread(self.datasheet_qa.ask, request)
            return SearchResult(
                status="datasheet",
                answer=ans.answer,
                reason=f"datasheet question, {ans.status} (route {ans.route})",
                datasheet=ans.model_dump(mode="json"),
                **base,
            )
        if label == "datasheet":
            return SearchResult(
                status="datasheet",
                answer=(
                    "This is a question about a component's datasheet: ask it at POST /v1/ask "
                    "or with `iotase ask`."
                ),
                reason="datasheet question",
                **base,
            )
        if label == "outside_scope":
            return SearchResult(
                status="outside_scope",
                answer=(
                    "That is not a request for a place or service, which is all this search covers."
                ),
                reason=sel.reason,
                **base,
            )
        # Where: the user's position, else a named place, else the default region's centre.
        origin: tuple[float, float]
        place_name: str | None
        if near is not None:
            lat, lon = near
            region = self.regions.region_of(lon, lat)
            if region is None:
                base["classification"] = "outside_coverage"
                return SearchResult(
                    status="outside_coverage",
                    answer=(
                        f"Your position ({lat:.4f}, {lon:.4f}) is outside the regions we hold "
                        f"({', '.join(r.name for r in self.regions.regions)})."
                    ),
                    reason="position outside every region held",
                    **base,
                )
            origin, place_name = (lon, lat), None
        elif place_match.outside is not None:
            base["classification"] = "outside_coverage"
            return SearchResult(
                status="outside_coverage",
                place=place_match.outside,
                answer=(
                    f"We hold no live data for {place_match.outside}: our coverage is "
                    f"{', '.join(r.name for r in self.regions.regions)}."
                ),
                reason=f"place {place_match.outside!r} is outside every region held",
                **base,
            )
        elif place_match.place is not None:
            p: Place = place_match.place
            origin, place_name = (p.lon, p.lat), p.name
        else:
            region = self.regions.get(self.default_region) or self.regions.regions[0]
            origin, place_name = region.centre, f"{region.name} centre (no position given)"
        if sel.abstain:
            return SearchResult(
                status="no_service",
                answer=(sel.reason or "we hold no such service").capitalize() + ".",
                reason=sel.reason,
                place=place_name,
                origin=origin,
                **base,
            )
        # ("barata, abierta 24 horas": the preferences of a request in another language too)
        prefs = extract_preferences(self.selector.glossary.gloss(request))
        result = await self._live(request, sel, prefs, origin, place_name, limit, base, timings)
        timings["total"] = (time.perf_counter() - t0) * 1000
        result.timings_ms = {k: round(v, 2) for k, v in timings.items()}
        return result

    # -- retriever --------------------------------------------------------------------------
    async def _retrieve(
        self,
        services: Sequence[str],
        origin: tuple[float, float],
        radius: float,
        limit: int,
        prefs: Preferences,
    ) -> tuple[list[tuple[Any, float]], list[str]]:
        if self.realtime is None:
            return [], []
        names: list[str] = []
        for s in services:
            names.extend({s, service_slug(s)})
        docs = await self.realtime.near(
            origin[0],
            origin[1],
            radius,
            services=names,
            limit=max(limit * 4, 20),
            include_offline=False,
        )
        now = datetime.fromtimestamp(self.clock(), self.tz)
        kept: list[tuple[Any, float]] = []
        skipped: list[str] = []
        for doc, dist in docs:
            if str(doc.lifecycle) != "online":  # maintenance serves no one either
                skipped.append(f"{doc.node}: {doc.lifecycle}")
                continue
            is_open = _is_open(doc, now)
            if is_open is False:
                skipped.append(f"{doc.node}: closed")
                continue
            if "open_late" in prefs and _closes_late(doc, now) is False:
                skipped.append(f"{doc.node}: closes early")
                continue
            kept.append((doc, dist))
        return kept, skipped

    def _measuring_range(
        self, devices: Sequence[str], metric: str, si_unit: str | None
    ) -> tuple[float | None, float | None, str | None] | None:
        """The measuring range of the node's sensor for this quantity, from datasheet facts."""
        if self.facts is None or si_unit is None:
            return None
        for model in devices:
            key = (model, metric)
            if key not in self._ranges:
                found: tuple[float | None, float | None, str | None] = (None, None, None)
                try:
                    facts = self.facts.for_device(model)
                except Exception:  # unknown device: no range, not an error
                    facts = []
                q = QUANTITY.get(metric)
                for f in facts:
                    if f.spec != "measurement_range" or f.superseded_by:
                        continue
                    fq = (f.applies_to or {}).get("quantity")
                    if fq and q and fq != q:
                        continue
                    if f.si_min is not None or f.si_max is not None:
                        found = (f.si_min, f.si_max, f"{f.si_unit}|{f.citation}")
                        break
                self._ranges[key] = found
            lo, hi, tag = self._ranges[key]
            if tag and tag.split("|")[0] == si_unit:
                return lo, hi, tag.split("|", 1)[1]
        return None

    def _check_reading(
        self, doc: Any, metric: str, reading: Mapping[str, Any], now_ms: int
    ) -> str | None:
        """Why a reading must be left out (stale, implausible), or None when it is usable."""
        ts = reading.get("ts")
        if isinstance(ts, int | float) and (now_ms - ts) / 1000 > self.max_age_s:
            age = (now_ms - ts) / 1000
            return f"{doc.node} {metric}: stale ({age:.0f} s old, limit {self.max_age_s:.0f} s)"
        v = reading.get("value")
        if isinstance(v, int | float) and not isinstance(v, bool):
            lo, hi = PLAUSIBLE.get(metric, (float("-inf"), float("inf")))
            if not lo <= v <= hi:
                return f"{doc.node} {metric}: {v} is outside the physical range {lo}..{hi}"
            si = reading.get("si_value")
            rng = self._measuring_range(doc.devices or [], metric, reading.get("si_unit"))
            if rng is not None and isinstance(si, int | float):
                rlo, rhi, cite = rng
                if (rlo is not None and si < rlo) or (rhi is not None and si > rhi):
                    return (
                        f"{doc.node} {metric}: {v} is outside its sensor's measuring range ({cite})"
                    )
        return None

    async def _live(
        self,
        request: str,
        sel: Selection,
        prefs: Preferences,
        origin: tuple[float, float],
        place_name: str | None,
        limit: int,
        base: dict[str, Any],
        timings: dict[str, float],
    ) -> SearchResult:
        radius = self.radius_m
        widened = False
        result: SearchResult | None = None
        for attempt in range(2):
            t = time.perf_counter()
            cands, skipped = await self._retrieve(sel.selected, origin, radius, limit, prefs)
            timings[f"retrieve{attempt}"] = (time.perf_counter() - t) * 1000
            now_ms = int(self.clock() * 1000)
            # Leave out stale and implausible readings before ranking on them.
            excluded: list[str] = []
            clean: list[tuple[Any, float]] = []
            for doc, dist in cands:
                bad = {}
                for name, reading in (doc.metrics or {}).items():
                    why = self._check_reading(doc, name, reading, now_ms)
                    if why:
                        bad[name] = why
                if bad:
                    excluded.extend(bad.values())
                    doc = _without(doc, set(bad))
                clean.append((doc, dist))
            travel: dict[str, Travel] | None = None
            if self.ors_url and clean:
                travel = await ors_travel(
                    self.ors_url,
                    self.ors_api_key,
                    origin,
                    [(d.node, d.location, dist) for d, dist in clean[: limit * 2] if d.location],
                )
            t = time.perf_counter()
            ranked = rank_nodes(clean, prefs, travel)
            # A node of a less likely service ranks lower: weight by the service's probability
            # relative to the best one (square root, so live data still decides among close ones).
            probs = {service_slug(n): pr for n, _, pr in sel.ranking}
            top_p = max(probs.values(), default=1.0) or 1.0
            for r in ranked:
                rel = probs.get(service_slug(r.doc.service), top_p) / top_p
                r.score = round(r.score * rel**0.5, 4)
            ranked.sort(key=lambda r: (-r.score, r.distance_m))
            ranked = ranked[:limit]
            timings["rank"] = (time.perf_counter() - t) * 1000
            result = self._generate(
                request, sel, prefs, ranked, origin, place_name, radius, now_ms, base
            )
            review = self._review(result, prefs, excluded)
            review.widened = widened
            result.review = review
            if skipped:
                review.excluded.extend(skipped[:20])
            enough = len(result.results) >= min(3, limit)
            if review.passed and (enough or attempt == 1):
                break
            if attempt == 0:
                radius = self.wide_radius_m
                widened = True
        assert result is not None and result.review is not None
        review = result.review
        if not result.results:
            result.status = "no_results"
            result.answer = (
                f"No open, online {', '.join(sel.selected)} within {radius / 1000:.0f} km"
                + (f" of {place_name}" if place_name else "")
                + "."
            )
            result.citations = []
        elif not review.passed:
            result.status = "abstained"
            result.reason = "; ".join(review.problems)
            result.answer = f"I cannot give a checked answer: {result.reason}."
            result.citations = []
        elif self.llm is not None:
            phrased = await self.llm.phrase(
                request, result.answer, [c.model_dump() for c in result.citations]
            )
            if phrased:
                problems = self._check_numbers(_unlabel(phrased, result), result.citations)
                if problems:
                    review.llm = "rejected: " + "; ".join(problems[:3])
                else:
                    result.answer = phrased
                    review.llm = "used"
        return result

    async def _node_lookup(self, request: str, base: dict[str, Any]) -> SearchResult:
        m = _NODE_RX.search(request)
        node_id = m.group(1) if m else request.strip()
        doc = await self.realtime.get(node_id) if self.realtime is not None else None
        if doc is None:
            return SearchResult(
                status="no_results", answer=f"No node {node_id!r} is known.", **base
            )
        now_ms = int(self.clock() * 1000)
        item, cites = self._item(doc, 0.0, None, now_ms, [], 0.0, len([]))
        parts = [f"{doc.name or doc.node} ({doc.service}), {doc.lifecycle}"]
        for c in cites:
            if c.kind == "reading":
                parts.append(
                    f"{LABELS.get(c.metric, c.metric)} {_fmt(c.value)}"
                    f"{UNITS.get(c.metric, '')} [{c.id}]"
                )
        return SearchResult(
            status="node", answer="; ".join(parts) + ".", results=[item], citations=cites, **base
        )

    # -- generator --------------------------------------------------------------------------
    def _item(
        self,
        doc: Any,
        dist: float,
        travel: Travel | None,
        now_ms: int,
        why: list[str],
        score: float,
        start: int,
        total: float | None = None,
    ) -> tuple[SearchResultItem, list[Citation]]:
        live: dict[str, Any] = {}
        ages: dict[str, float] = {}
        cites: list[Citation] = []
        for name, r in sorted((doc.metrics or {}).items()):
            live[name] = r.get("value")
            ts = r.get("ts")
            age = max(0.0, (now_ms - ts) / 1000) if isinstance(ts, int | float) else None
            if age is not None:
                ages[name] = round(age, 1)
            cites.append(
                Citation(
                    id=f"c{start + len(cites) + 1}",
                    node=doc.node,
                    metric=name,
                    value=r.get("value"),
                    unit=r.get("unit"),
                    ts=ts,
                    age_s=None if age is None else round(age, 1),
                )
            )
        tr = travel
        item = SearchResultItem(
            node=doc.node,
            name=doc.name or doc.node,
            service=self._names.get(doc.service, doc.service),
            distance_m=round(dist, 1),
            travel_min=round(tr.seconds / 60, 1) if tr else 0.0,
            travel_mode=tr.mode if tr else "",
            total_min=None if total is None else round(total, 1),
            location=tuple(doc.location) if doc.location else None,
            live=live,
            ages_s=ages,
            attributes=dict(doc.attributes or {}),
            score=score,
            why=why,
        )
        return item, cites

    def _generate(
        self,
        request: str,
        sel: Selection,
        prefs: Preferences,
        ranked: list[RankedNode],
        origin: tuple[float, float],
        place_name: str | None,
        radius: float,
        now_ms: int,
        base: dict[str, Any],
    ) -> SearchResult:
        items: list[SearchResultItem] = []
        cites: list[Citation] = []
        lines: list[str] = []
        for k, r in enumerate(ranked, 1):
            item, node_cites = self._item(
                r.doc, r.distance_m, r.travel, now_ms, r.reasons, r.score, len(cites), r.total_min
            )
            items.append(item)
            loc = Citation(
                id=f"c{len(cites) + len(node_cites) + 1}",
                node=r.doc.node,
                metric="distance_m",
                value=round(r.distance_m),
                unit="m",
                ts=getattr(r.doc, "birth_ts", None),
                kind="location",
                age_s=None,
            )
            by_metric = {c.metric: c for c in node_cites}
            cites.extend(node_cites)
            cites.append(loc)
            bits = [f"{round(r.distance_m)} m [{loc.id}] away"]
            for metric in r.used:
                c = by_metric.get(metric)
                if c is None or isinstance(c.value, bool) or not isinstance(c.value, int | float):
                    continue
                bits.append(
                    f"{LABELS.get(metric, metric)} {_fmt(c.value)}{UNITS.get(metric, '')} [{c.id}]"
                )
            if "open" in r.used:
                c = by_metric.get("open")
                if c is not None:
                    bits.append(f"{'open' if c.value else 'closed'} now [{c.id}]")
            rating = (r.doc.attributes or {}).get("rating")
            if "highly_rated" in prefs and isinstance(rating, int | float):
                rc = _cite_attribute(cites, r.doc.node, "rating", rating)
                bits.append(f"rated {_fmt(rating)}/5 [{rc.id}]")
            level = (r.doc.attributes or {}).get("price_level")
            if "cheap" in prefs and isinstance(level, int | float) and not isinstance(level, bool):
                pc = _cite_attribute(cites, r.doc.node, "price_level", level)
                bits.append(f"price level {_fmt(level)} [{pc.id}] of four")
            lines.append(f"{k}. {item.name} ({item.service}): " + ", ".join(bits) + ".")
        where = f" near {place_name}" if place_name else ""
        head = (
            f"{len(items)} {'result' if len(items) == 1 else 'results'} for "
            f"{' / '.join(sel.selected)}{where}"
        )
        if prefs.criteria:
            head += ", ranked on " + ", ".join(c.replace("_", " ") for c in prefs.criteria)
        answer = head + ":\n" + "\n".join(lines) if lines else head + "."
        return SearchResult(
            status="ok",
            answer=answer,
            results=items,
            citations=cites,
            criteria=list(prefs.criteria),
            place=place_name,
            origin=origin,
            radius_m=radius,
            **base,
        )

    # -- reviewer ---------------------------------------------------------------------------
    def _check_numbers(self, answer: str, citations: Sequence[Citation]) -> list[str]:
        """Every number in the answer must sit before a citation whose value it states."""
        by_id = {c.id: c for c in citations}
        problems: list[str] = []
        for m in _NUM_CITED.finditer(answer):
            num, cid = float(m.group(1)), m.group(2)
            c = by_id.get(cid)
            if c is None:
                problems.append(f"citation [{cid}] refers to no evidence")
                continue
            if isinstance(c.value, bool) or not isinstance(c.value, int | float):
                problems.append(f"{num:g} cites [{cid}], which is not a number")
            elif abs(float(c.value) - num) > max(0.051, abs(float(c.value)) * 0.005):
                problems.append(f"{num:g} does not match [{cid}] = {c.value}")
        rest = _NUM_CITED.sub(" ", answer)
        rest = _ORDINAL.sub(" ", rest)
        rest = _CITE_RX.sub(" ", rest)
        rest = re.sub(r"\bc\d+\b", " ", rest)
        for m in re.finditer(r"(?<![\w/])-?\d+(?:\.\d+)?", rest):
            # Numbers the user wrote in the request (heading) are allowed in the heading only.
            problems.append(f"number {m.group(0)} has no citation")
        return problems

    def _review(self, result: SearchResult, prefs: Preferences, excluded: list[str]) -> Review:
        body = _unlabel(result.answer.split(":\n", 1)[-1], result)
        problems = self._check_numbers(body, result.citations)
        criteria: dict[str, str] = {}
        top = result.results[:3]
        for crit in prefs.criteria:
            fields_ = CRITERION_FIELDS.get(crit, ())
            hit = [
                f
                for f in fields_
                if any(f in it.live or f in it.attributes for it in top) or f == "distance_m"
            ]
            if hit:
                criteria[crit] = "ranked on " + ", ".join(hit)
            elif top:
                criteria[crit] = "no live data for it among the results (said in the reasons)"
            else:
                criteria[crit] = "no results to rank"
        for it in top:
            for f in ("wait_min",):
                if f in it.live and it.ages_s.get(f, 0) > self.max_age_s:
                    problems.append(f"{it.node} {f} is stale")
        return Review(
            passed=not problems, problems=problems, criteria=criteria, excluded=excluded[:50]
        )


def _unlabel(text: str, result: SearchResult) -> str:
    """Names are labels, not evidence: "Dog Park #12" states no number, so it is not checked."""
    for it in sorted(result.results, key=lambda r: -len(r.name)):
        text = text.replace(it.name, "NAME")
    return text


def _without(doc: Any, metrics: set[str]) -> Any:
    """A copy of a node document without some readings (the reviewer excluded them)."""
    import copy

    clone = copy.copy(doc)
    clone.metrics = {k: v for k, v in (doc.metrics or {}).items() if k not in metrics}
    return clone


async def gather_nodes(store: Any, ids: Sequence[str]) -> list[Any]:
    """Read several node documents concurrently."""
    return list(await asyncio.gather(*(store.get(i) for i in ids)))
