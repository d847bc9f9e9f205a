"""Preferences read from a request, and the ranking of live nodes on them plus travel time.

A preference is a criterion the user stated ("uncrowded", "short wait", "cheap", "quiet",
"highly rated", "open now", "open late", "parking", "near"). Each one names the live fields or
static attributes it reads; a node is scored on every criterion it has data for, and the reasons
say which reading decided. The phrases that state preferences are also cut from the text before
the request is embedded, so "open late" does not pull the selection towards night clubs.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "PREFERENCES",
    "Preferences",
    "RankedNode",
    "Travel",
    "extract_preferences",
    "haversine_m",
    "rank_nodes",
    "strip_preferences",
]

log = logging.getLogger(__name__)

# criterion -> patterns stating it. Word boundaries everywhere: "park" the service must not read
# as "parking", and "open" inside "open-air" is not "open now".
PREFERENCES: dict[str, tuple[str, ...]] = {
    "uncrowded": (
        r"un-?crowded",
        r"not (?:too |very |so )?(?:crowded|busy|packed|full)",
        r"less crowded",
        r"least (?:crowded|busy)",
        r"isn'?t busy",
        r"quiet(?:er)? time",
        r"empty",
        r"few people",
        r"no crowds?",
        r"not packed",
        r"less crowding",
        r"space in the class",
        r"spots? open",
        r"seats? available",
        r"with space",
    ),
    "short_wait": (
        r"short(?:est)? (?:wait|line|lines|queue)(?: time)?",
        r"no (?:wait|line|queue)",
        r"(?:quick|fast)(?:ly)?(?: service)?",
        r"without waiting",
        r"short checkout lines?",
        r"er wait",
        r"shortest er wait",
        r"walk[- ]ins?",
    ),
    "cheap": (
        r"cheap(?:est)?",
        r"inexpensive",
        r"affordable",
        r"budget",
        r"low[- ]cost",
        r"low prices?",
        r"discount(?:s|ed)?",
        r"on sale",
        r"deals?",
        r"not (?:too )?pricey",
        r"free admission",
        r"cheap fuel",
    ),
    "quiet": (
        r"quiet(?:est)?",
        r"calm",
        r"peaceful",
        r"not (?:too )?noisy",
        r"silent",
        r"tranquil",
    ),
    "highly_rated": (
        r"highly[- ]rated",
        r"top[- ]rated",
        r"best(?: rated)?",
        r"well[- ]reviewed",
        r"good reviews?",
        r"five[- ]star",
        r"5[- ]star",
        r"high rating",
    ),
    "open_now": (
        r"open (?:now|right now|today|on \w+day)",
        r"open (?:24 hours|24/7)",
        r"currently open",
        r"that is open",
        r"open early",
        r"still open",
    ),
    "open_late": (r"open late", r"late[- ]night", r"open until (?:late|midnight)", r"at midnight"),
    "parking": (
        r"parking(?: lots?| garages?| spaces?| available)?",
        r"(?:free|with) parking",
        r"place to park",
        r"park my car",
        r"free spots?",
    ),
    "near": (
        r"near(?:by| me| here)?",
        r"close ?by",
        r"closest",
        r"nearest",
        r"around here",
        r"walking distance",
        r"close to me",
        r"in my area",
    ),
    "available": (r"available", r"free (?:bikes?|chargers?|tables?|lockers?|courts?)", r"free now"),
}

_COMPILED = {
    k: re.compile(r"\b(?:" + "|".join(v) + r")\b", re.IGNORECASE) for k, v in PREFERENCES.items()
}
# Connectives left dangling once a preference phrase is cut ("... with a short wait").
_DANGLING = re.compile(
    r"\b(?:with|and|that is|that's|which is|that has|has|have|a|an|the|me|is|are)\s*$", re.I
)


@dataclass(frozen=True)
class Preferences:
    """The criteria a request states, with the text that stated each."""

    criteria: tuple[str, ...] = ()
    phrases: Mapping[str, str] = field(default_factory=dict)

    def __contains__(self, item: object) -> bool:
        return item in self.criteria


# Parking as the thing sought ("cheap parking near the Rogers Centre", "where can I park"),
# not a wish about another place: the service, not a preference.
_PARKING_SOUGHT = re.compile(
    r"^\W*(?:(?:where(?:'s| is| can i (?:find|get))?|any|some|a|an|the|cheap(?:est)?|free"
    r"|affordable|nearby|close|i need|need|looking for|find|is there|i'm looking for)\s+)*"
    r"(?:parking|a place to park|somewhere to park|park my car)\b"
    r"|\bwhere (?:can|could|do|should) (?:i|we) park\b",
    re.IGNORECASE,
)
# "… with free parking", "… and parking": parking as something else's amenity.
_PARKING_AMENITY = re.compile(
    r"\b(?:with|and|has|have|plus|offers?|got)\b(?:\s+[\w'-]+){0,3}?\s+parking\b", re.IGNORECASE
)


def _parking_sought(text: str) -> bool:
    """Whether the request is for parking itself ("cheap all day parking near the stadium"),
    not for a place that has it."""
    return bool(_PARKING_SOUGHT.search(text)) or (
        bool(re.search(r"(?i)\bparking\b", text)) and not _PARKING_AMENITY.search(text)
    )


def extract_preferences(request: str) -> Preferences:
    """Find the stated criteria (in a fixed order, each once)."""
    found: list[str] = []
    phrases: dict[str, str] = {}
    for name, rx in _COMPILED.items():
        m = rx.search(request)
        if m:
            # "parking lot", "cheap parking near …": the service, not a wish for parking.
            if name == "parking" and _parking_sought(request):
                continue
            found.append(name)
            phrases[name] = m.group(0)
    return Preferences(tuple(found), phrases)


def strip_preferences(request: str) -> str:
    """The request with preference phrases cut out (the part that names the service)."""
    text = request
    for name, rx in _COMPILED.items():
        if name == "parking" and _parking_sought(text):
            continue
        text = rx.sub(" ", text)
    text = re.sub(r"\s+", " ", text).strip(" ,.;!?")
    for _ in range(3):
        text = _DANGLING.sub("", text).strip(" ,.;!?")
    return text


def haversine_m(lon1: float, lat1: float, lon2: float, lat2: float) -> float:
    """Great-circle distance in metres."""
    r = 6_371_008.8
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(min(1.0, math.sqrt(a)))


@dataclass(frozen=True)
class Travel:
    """Travel to a node: metres along the way, seconds, and how it was estimated."""

    distance_m: float
    seconds: float
    mode: str  # "walk", "drive", or an OpenRouteService profile
    source: str  # "estimate" or "openrouteservice"


def estimate_travel(distance_m: float) -> Travel:
    """Distance-and-speed estimate: walk (1.3 m/s) up to 1.5 km, else drive at 25 km/h.

    Streets are not straight lines: the path is taken as 1.3 x the great-circle distance.
    """
    path = distance_m * 1.3
    if distance_m <= 1500:
        return Travel(path, path / 1.3, "walk", "estimate")
    return Travel(path, path / (25_000 / 3600) + 120, "drive", "estimate")


@dataclass
class RankedNode:
    """A node with its score and the reasons, each reason tied to the readings it used."""

    doc: Any  # cloud.NodeDoc
    distance_m: float
    travel: Travel
    score: float
    reasons: list[str]
    used: dict[str, Any]  # metric -> reading dict (value, unit, ts, ...)
    total_min: float | None = None  # travel + wait, where a wait is known


def _metric(doc: Any, name: str) -> dict[str, Any] | None:
    m = (getattr(doc, "metrics", None) or {}).get(name)
    if isinstance(m, Mapping) and "value" in m:
        return dict(m)
    return None


def _num(m: dict[str, Any] | None) -> float | None:
    if m is None:
        return None
    v = m.get("value")
    if isinstance(v, bool) or not isinstance(v, int | float):
        return None
    return float(v)


def rank_nodes(
    candidates: Sequence[tuple[Any, float]],
    prefs: Preferences,
    travel: Mapping[str, Travel] | None = None,
) -> list[RankedNode]:
    """Score each (node, distance) on the stated criteria plus travel time; best first.

    Every criterion contributes a value in [0, 1]; travel time always counts (more when "near"
    was asked). Missing data for a criterion is neutral (0.5) and said in the reasons.
    """
    out: list[RankedNode] = []
    wants = set(prefs.criteria)
    # Prices compare only within a service (a litre of fuel is not a concert ticket).
    span: dict[str, tuple[float, float]] = {}
    for doc, _ in candidates:
        if (v := _num(_metric(doc, "price"))) is not None:
            lo, hi = span.get(doc.service, (v, v))
            span[doc.service] = (min(lo, v), max(hi, v))
    for doc, dist in candidates:
        tr = (travel or {}).get(doc.node) or estimate_travel(dist)
        parts: list[tuple[float, float]] = []  # (weight, value in 0..1)
        reasons: list[str] = []
        used: dict[str, Any] = {}
        minutes = tr.seconds / 60
        # travel: 0 min -> 1.0, 30 min -> ~0.37
        parts.append((2.0 if "near" in wants else 1.0, math.exp(-minutes / 30)))
        reasons.append(f"{dist:.0f} m away, about {minutes:.0f} min {tr.mode}")
        attrs = getattr(doc, "attributes", None) or {}
        if "uncrowded" in wants:
            occ, ppl = _metric(doc, "occupancy_pct"), _metric(doc, "people_count")
            if (v := _num(occ)) is not None:
                parts.append((2.0, 1 - min(max(v, 0), 100) / 100))
                used["occupancy_pct"] = occ
                reasons.append(f"occupancy {v:g}%")
            elif (v := _num(ppl)) is not None:
                cap = attrs.get("capacity")
                frac = v / float(cap) if isinstance(cap, int | float) and cap else min(v / 100, 1)
                parts.append((2.0, 1 - min(frac, 1)))
                used["people_count"] = ppl
                reasons.append(f"{v:g} people inside")
            else:
                parts.append((2.0, 0.5))
                reasons.append("no crowding reading")
        wait = _metric(doc, "wait_min")
        wait_v = _num(wait)
        if "short_wait" in wants:
            q = _metric(doc, "queue_len")
            if wait_v is not None:
                parts.append((2.0, math.exp(-wait_v / 15)))
                used["wait_min"] = wait
                reasons.append(f"wait {wait_v:g} min")
            elif (v := _num(q)) is not None:
                parts.append((2.0, math.exp(-v / 8)))
                used["queue_len"] = q
                reasons.append(f"{v:g} in the queue")
            else:
                parts.append((2.0, 0.5))
                reasons.append("no wait reading")
        if "cheap" in wants:
            price, disc = _metric(doc, "price"), _metric(doc, "discount_pct")
            level = attrs.get("price_level")
            got = False
            if (v := _num(disc)) is not None:
                parts.append((1.5, min(max(v, 0), 100) / 50))
                used["discount_pct"] = disc
                reasons.append(f"discount {v:g}%")
                got = True
            if (v := _num(price)) is not None:
                lo, hi = span.get(doc.service, (v, v))
                parts.append((2.0, 1.0 if hi == lo else (hi - v) / (hi - lo)))
                used["price"] = price
                reasons.append(f"price {v:g}")
                got = True
            if isinstance(level, int | float) and not isinstance(level, bool):
                parts.append((1.5, (4 - float(level)) / 3))
                reasons.append(f"price level {level:g} of 4")
                got = True
            if not got:
                parts.append((1.5, 0.5))
                reasons.append("no price reading")
        if "quiet" in wants:
            noise = _metric(doc, "noise_dba")
            if (v := _num(noise)) is not None:
                parts.append((2.0, min(max((85 - v) / 50, 0), 1)))
                used["noise_dba"] = noise
                reasons.append(f"noise {v:g} dB")
            else:
                parts.append((2.0, 0.5))
                reasons.append("no noise reading")
        if "highly_rated" in wants:
            rating = attrs.get("rating")
            if isinstance(rating, int | float) and not isinstance(rating, bool):
                parts.append((1.5, float(rating) / 5))
                reasons.append(f"rated {rating:g}/5")
            else:
                parts.append((1.5, 0.5))
                reasons.append("no rating")
        if "parking" in wants:
            pk = _metric(doc, "parking_free")
            if (v := _num(pk)) is not None:
                parts.append((2.0, min(v, 20) / 20))
                used["parking_free"] = pk
                reasons.append(f"{v:g} parking spots free")
            else:
                parts.append((2.0, 0.3))
                reasons.append("no parking reading")
        if "available" in wants:
            av = _metric(doc, "available")
            if (v := _num(av)) is not None:
                parts.append((2.0, min(v, 10) / 10))
                used["available"] = av
                reasons.append(f"{v:g} available")
        if wants & {"open_now", "open_late"}:
            op = _metric(doc, "open")
            if op is not None and isinstance(op.get("value"), bool):
                used["open"] = op
                reasons.append("open now" if op["value"] else "closed now")
        total = None
        if wait_v is not None:
            total = minutes + wait_v
            used.setdefault("wait_min", wait)
            if "short_wait" not in wants:
                reasons.append(f"wait {wait_v:g} min")
            reasons.append(f"total about {total:.0f} min (travel + wait)")
        weight = sum(w for w, _ in parts)
        score = sum(w * v for w, v in parts) / weight
        out.append(RankedNode(doc, dist, tr, round(score, 4), reasons, used, total))
    out.sort(key=lambda r: (-r.score, r.distance_m))
    return out
