"""Response models of the HTTP API (the search answer models live in ``search._agent``)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

__all__ = [
    "DeviceInfo",
    "FactInfo",
    "Health",
    "MatchResponse",
    "NodeResponse",
    "PlaceInfo",
    "RankedService",
    "RegionInfo",
]


class RankedService(BaseModel):
    """One service of a match ranking."""

    service: str
    score: float
    probability: float


class MatchResponse(BaseModel):
    """``GET /v1/services/match``: the ``iotase services match --json`` shape."""

    selected: list[str]
    ranking: list[RankedService]
    abstain: bool
    reason: str | None = None


class FactInfo(BaseModel):
    """One datasheet fact of a device, with its citation."""

    spec: str
    value: float | str | None = None
    min: float | None = None
    typ: float | None = None
    max: float | None = None
    unit: str | None = None
    condition: str | None = None
    section_kind: str = ""
    citation: str
    superseded_by: str | None = None


class DeviceInfo(BaseModel):
    """A device on a node and what its datasheets say about it."""

    model: str
    facts: list[FactInfo] = Field(default_factory=list)


class NodeResponse(BaseModel):
    """``GET /v1/nodes/{id}``: a node's latest document, its devices and their facts."""

    node: str
    name: str
    service: str
    region: str
    lifecycle: str
    location: tuple[float, float] | None
    attributes: dict[str, Any]
    live: dict[str, Any]
    ages_s: dict[str, float]
    devices: list[DeviceInfo]


class PlaceInfo(BaseModel):
    """A named place of a region."""

    name: str
    lon: float
    lat: float


class RegionInfo(BaseModel):
    """A region held."""

    name: str
    slug: str
    bbox: tuple[float, float, float, float]
    centre: tuple[float, float]
    places: list[PlaceInfo]


class Health(BaseModel):
    """Health and readiness."""

    status: str
    ready: bool
    services: int = 0
    nodes: int | None = None
    vectors: str = ""
    detail: dict[str, Any] = Field(default_factory=dict)
