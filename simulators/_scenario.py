"""City scenarios: the YAML files operators edit, loaded into validated models.

A scenario names a region (bounding box and neighbourhood centroids with weights), the services
(read from the project's catalogue unless listed), node counts, rates, the clock, occupancy curves,
service profiles (which services are common, how they behave, which devices they carry), vendor
formats and faults. Every field has a default, so a small scenario file only says what differs.
"""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from simulators._errors import ScenarioError

__all__ = [
    "CatalogueService",
    "ClockSpec",
    "DeviceRule",
    "EventSpec",
    "FaultSpec",
    "LifecycleSpec",
    "Neighbourhood",
    "NodesSpec",
    "OutageSpec",
    "ProfileSpec",
    "RatesSpec",
    "RegionSpec",
    "Scenario",
    "ServicesSpec",
    "builtin_scenario_path",
    "load_catalogue_services",
    "load_scenario",
]

log = logging.getLogger(__name__)

_PACKAGE_DIR = Path(__file__).resolve().parent
_REPO_DIR = _PACKAGE_DIR.parent
SCENARIO_DIR = _PACKAGE_DIR / "scenarios"
DEFAULT_CATALOGUE_DIR = _REPO_DIR / "search" / "data" / "catalogue"

_HHMM = re.compile(r"^([01]\d|2[0-4]):[0-5]\d$")
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


class _Model(BaseModel):
    # Unknown keys in a scenario are typos an operator wants to hear about, not silently skip.
    model_config = ConfigDict(extra="forbid", frozen=True)


class Neighbourhood(_Model):
    """A named place in the region: approximate centroid, spread and share of the nodes."""

    name: str
    lat: float = Field(ge=-90, le=90)
    lon: float = Field(ge=-180, le=180)
    weight: float = Field(default=1.0, ge=0)
    radius_m: float = Field(default=1200.0, gt=0)
    streets: tuple[str, ...] = ()


class RegionSpec(_Model):
    """The area the city covers: ``bbox`` is (west, south, east, north) in degrees."""

    name: str = "Toronto"
    slug: str = "toronto"
    bbox: tuple[float, float, float, float] = (-79.6393, 43.5810, -79.1152, 43.8555)
    neighbourhoods: tuple[Neighbourhood, ...] = ()
    streets: tuple[str, ...] = ("Main St",)
    timezone: str = "America/Toronto"
    # (lon, lat) points west to east; south of the line is water where no node is placed
    shoreline: tuple[tuple[float, float], ...] = ()

    @model_validator(mode="after")
    def _check(self) -> RegionSpec:
        west, south, east, north = self.bbox
        if not (west < east and south < north):
            raise ValueError(f"region.bbox must be (west, south, east, north); got {self.bbox}")
        if not self.neighbourhoods:
            raise ValueError("region.neighbourhoods: at least one place is needed to spread nodes")
        for hood in self.neighbourhoods:
            if not (west <= hood.lon <= east and south <= hood.lat <= north):
                raise ValueError(
                    f"region.neighbourhoods[{hood.name!r}]: centroid ({hood.lat}, {hood.lon}) "
                    f"lies outside region.bbox {self.bbox}"
                )
        if sum(h.weight for h in self.neighbourhoods) <= 0:
            raise ValueError("region.neighbourhoods: the weights sum to zero")
        return self


class DeviceRule(_Model):
    """Which datasheet part reports a metric, in which role (alternative ``models`` by seed)."""

    models: tuple[str, ...]
    role: str


class ProfileSpec(_Model):
    """How a family of services behaves: node share, occupancy curve, hours, sizes, metrics."""

    match: tuple[str, ...] = ()
    weight: float = Field(default=1.0, ge=0)
    curve: str = "retail"
    hours: Literal["24/7"] | dict[str, tuple[str, str] | None] | None = None
    capacity: tuple[int, int] = (20, 120)
    price_level: tuple[int, int] = (1, 3)
    metrics: tuple[str, ...] = ()
    price: tuple[float, float] | None = None
    price_unit: str | None = None
    outdoor: bool = False

    @field_validator("hours")
    @classmethod
    def _hours(
        cls, value: Literal["24/7"] | dict[str, tuple[str, str] | None] | None
    ) -> Literal["24/7"] | dict[str, tuple[str, str] | None] | None:
        if isinstance(value, dict):
            for day, span in value.items():
                if day not in (*WEEKDAYS, "weekday", "weekend"):
                    raise ValueError(f"hours: unknown day {day!r}; use mon..sun, weekday, weekend")
                if span is not None:
                    for hhmm in span:
                        if not _HHMM.match(hhmm):
                            raise ValueError(f"hours[{day}]: {hhmm!r} is not HH:MM")
        return value


class ServicesSpec(_Model):
    """Which services the city has; ``names: all`` takes every service of the catalogue."""

    catalogue: str | None = "search/data/catalogue"
    names: Literal["all"] | tuple[str, ...] = "all"
    weights: dict[str, float] = Field(default_factory=dict)
    default_metrics: tuple[str, ...] = ("open", "occupancy_pct")


class NodesSpec(_Model):
    """How many nodes the city has; at least one per selected service when the count allows."""

    count: int = Field(default=37_000, ge=1, le=5_000_000)
    one_per_service: bool = True


class ClockSpec(_Model):
    """The scenario clock: ``start`` is ``now`` (wall time, for live runs) or ISO 8601."""

    start: str = "now"
    tick_ms: int = Field(default=100, ge=10, le=60_000)


class RatesSpec(_Model):
    """Live update rate (node updates per scenario second) and liveness settings."""

    updates_per_s: float = Field(default=1200.0, ge=0)
    heartbeat_s: float = Field(default=0.0, ge=0)
    keepalive_s: int = Field(default=120, ge=1)
    qos: int = Field(default=0, ge=0, le=1)


class EventSpec(_Model):
    """A crowd event: boosts occupancy of matching services near a place during a weekly window."""

    name: str
    day: str
    start: str
    duration_min: int = Field(gt=0)
    near: str
    radius_m: float = 2000.0
    boost_pct: float = 30.0
    services: tuple[str, ...] = ()

    @field_validator("day")
    @classmethod
    def _day(cls, value: str) -> str:
        if value not in WEEKDAYS:
            raise ValueError(f"events.day: {value!r} is not one of {', '.join(WEEKDAYS)}")
        return value


class LifecycleSpec(_Model):
    """Unplanned lifecycle changes, as probabilities per node per hour (closed) or per day."""

    close_p: float = Field(default=0.002, ge=0, le=1)
    offline_p: float = Field(default=0.002, ge=0, le=1)
    fail_p: float = Field(default=0.0005, ge=0, le=1)


class OutageSpec(_Model):
    """Take the broker away ``for_s`` seconds starting ``at_s`` seconds into the run."""

    at_s: float = Field(ge=0)
    for_s: float = Field(gt=0)


class FaultSpec(_Model):
    """Faults injected between the devices and the broker; probabilities per message."""

    drop: float = Field(default=0.0, ge=0, le=1)
    duplicate: float = Field(default=0.0, ge=0, le=1)
    reorder: float = Field(default=0.0, ge=0, le=1)
    delay: float = Field(default=0.0, ge=0, le=1)
    delay_ms: tuple[int, int] = (200, 2000)
    corrupt: float = Field(default=0.0, ge=0, le=1)
    kill_nodes: int = Field(default=0, ge=0)
    kill_at_s: float = Field(default=0.0, ge=0)
    broker_outages: tuple[OutageSpec, ...] = ()

    @property
    def any(self) -> bool:
        """True when any fault is switched on."""
        return bool(
            self.drop
            or self.duplicate
            or self.reorder
            or self.delay
            or self.corrupt
            or self.kill_nodes
            or self.broker_outages
        )


Vendor = Literal["tasmota", "homeassistant", "csv", "modbus"]


def _default_vendors() -> dict[Vendor, float]:
    return {"tasmota": 0.4, "homeassistant": 0.3, "csv": 0.2, "modbus": 0.1}


class Scenario(_Model):
    """One city scenario, as loaded from YAML with defaults filled in."""

    name: str
    description: str = ""
    seed: int = 1
    tenant: str = "demo"
    region: RegionSpec
    services: ServicesSpec = ServicesSpec()
    nodes: NodesSpec = NodesSpec()
    clock: ClockSpec = ClockSpec()
    rates: RatesSpec = RatesSpec()
    curves: dict[str, dict[str, tuple[float, ...]]] = Field(default_factory=dict)
    profiles: dict[str, ProfileSpec] = Field(default_factory=dict)
    devices: dict[str, DeviceRule] = Field(default_factory=dict)
    vendors: dict[Vendor, float] = Field(default_factory=_default_vendors)
    events: tuple[EventSpec, ...] = ()
    lifecycle: LifecycleSpec = LifecycleSpec()
    faults: FaultSpec = FaultSpec()
    names: dict[str, tuple[str, ...]] = Field(default_factory=dict)
    source: str | None = None

    @model_validator(mode="after")
    def _check(self) -> Scenario:
        for pname, profile in self.profiles.items():
            if profile.curve not in self.curves:
                raise ValueError(
                    f"profiles[{pname!r}].curve: {profile.curve!r} is not defined under curves "
                    f"(known: {', '.join(sorted(self.curves)) or 'none'})"
                )
        for cname, curve in self.curves.items():
            for part, values in curve.items():
                if part not in ("weekday", "weekend", *WEEKDAYS):
                    raise ValueError(f"curves[{cname!r}]: unknown key {part!r}")
                if len(values) != 24:
                    raise ValueError(
                        f"curves[{cname!r}][{part!r}]: needs 24 hourly values, got {len(values)}"
                    )
                if any(not 0 <= v <= 100 for v in values):
                    raise ValueError(f"curves[{cname!r}][{part!r}]: values must be within 0..100")
        if "generic" not in self.profiles:
            raise ValueError("profiles: a 'generic' profile is required for unmatched services")
        hood_names = {h.name for h in self.region.neighbourhoods}
        for event in self.events:
            if event.near not in hood_names:
                raise ValueError(
                    f"events[{event.name!r}].near: {event.near!r} is not a neighbourhood"
                    " of the region"
                )
        if sum(self.vendors.values()) <= 0:
            raise ValueError("vendors: the weights sum to zero")
        return self

    def with_overrides(self, **changes: Any) -> Scenario:
        """Return a copy with dotted-path overrides, e.g. ``{"nodes.count": 1000}``."""
        data = self.model_dump(mode="python")
        for dotted, value in changes.items():
            target = data
            *parents, leaf = dotted.split(".")
            for key in parents:
                target = target[key]
            target[leaf] = value
        return Scenario.model_validate(data)


class CatalogueService(BaseModel):
    """A service as the simulator needs it: its name and the live fields its nodes report."""

    model_config = ConfigDict(frozen=True)

    name: str
    live_fields: tuple[str, ...] = ()


def builtin_scenario_path(name: str) -> Path:
    """Path of a scenario shipped with the project (``toronto``, ``small``)."""
    return SCENARIO_DIR / f"{name}.yaml"


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def load_scenario(ref: str | Path, *, _depth: int = 0) -> Scenario:
    """Load a scenario from a YAML (or JSON) file, or by the name of a built-in scenario.

    ``extends: <name or file>`` starts from another scenario and overrides what the file states.
    Raises ``ScenarioError`` naming the file and the field when the scenario is invalid.
    """
    path = Path(ref)
    if not path.exists() and isinstance(ref, str) and "/" not in ref and not ref.endswith(".yaml"):
        path = builtin_scenario_path(ref)
    if not path.exists():
        known = ", ".join(p.stem for p in sorted(SCENARIO_DIR.glob("*.yaml")))
        raise ScenarioError(f"scenario {str(ref)!r} not found (not a file; built-in: {known})")
    try:
        text = path.read_text(encoding="utf-8")
        data = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
    except (OSError, yaml.YAMLError, json.JSONDecodeError) as exc:
        raise ScenarioError(f"scenario {path}: cannot be read: {exc}") from exc
    if not isinstance(data, dict):
        raise ScenarioError(
            f"scenario {path}: top level must be a mapping, got {type(data).__name__}"
        )
    base_ref = data.pop("extends", None)
    if base_ref is not None:
        # a scenario may start from another and change a few sections (mappings merge deeply)
        if _depth > 8:
            raise ScenarioError(f"scenario {path}: 'extends' chain deeper than 8 (a cycle?)")
        base_path = Path(str(base_ref))
        if not base_path.is_absolute() and (path.parent / base_path).exists():
            base_path = path.parent / base_path
        base = load_scenario(base_path if base_path.exists() else str(base_ref), _depth=_depth + 1)
        data = _merge(base.model_dump(mode="json", exclude={"source"}), data)
    data["source"] = str(path)
    try:
        return Scenario.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(top level)"
        raise ScenarioError(
            f"scenario {path}: {where}: {first['msg']} (input: {str(first.get('input'))[:80]!r})"
        ) from exc


def load_catalogue_services(scenario: Scenario) -> list[CatalogueService]:
    """The services of a scenario, in catalogue order.

    Read straight from the project's catalogue JSONL files (the simulator does not import
    ``search``); a scenario that lists names without a catalogue gets the default metrics.
    """
    found: dict[str, CatalogueService] = {}
    spec = scenario.services
    if spec.catalogue:
        directory = Path(spec.catalogue)
        if not directory.is_absolute():
            directory = _REPO_DIR / directory
        files = sorted(directory.glob("*.jsonl")) if directory.is_dir() else []
        for file in files:
            for lineno, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1):
                if not line.strip():
                    continue
                try:
                    row = json.loads(line)
                    name = str(row["name"]).strip()
                except (json.JSONDecodeError, KeyError, TypeError) as exc:
                    raise ScenarioError(
                        f"catalogue {file}:{lineno}: unreadable row: {exc}"
                    ) from exc
                fields = tuple(str(f) for f in row.get("live_fields") or ())
                found.setdefault(name, CatalogueService(name=name, live_fields=fields))
        if not files and spec.names == "all":
            raise ScenarioError(
                f"services.catalogue: no *.jsonl files in {directory}; list services.names instead"
            )
    if spec.names == "all":
        return list(found.values())
    out = []
    for name in spec.names:
        entry = found.get(name)
        out.append(entry if entry else CatalogueService(name=name, live_fields=()))
    return out
