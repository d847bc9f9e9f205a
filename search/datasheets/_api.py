"""HTTP routes for datasheet knowledge: ``POST /v1/ask``, ``GET /v1/devices/{model}/facts``,
``POST /v1/compat``.

``build_router(qa)`` returns a FastAPI ``APIRouter`` bound to one :class:`DatasheetQA`; the app
includes it. Answering is CPU work on in-memory facts (well under a millisecond to a few
milliseconds), so handlers run in FastAPI's thread pool (plain ``def``), off the event loop.
"""

from __future__ import annotations

import logging
from typing import Literal

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, Field

from search.datasheets._answer import Answer, AnswerItem, CompatCheck
from search.datasheets._compat import (
    RULES,
    DeviceUse,
    Rule,
    Shunt,
    check_compatibility,
    combine,
    items_of,
)
from search.datasheets._facts import Fact, canonical_device
from search.datasheets._qa import DatasheetQA

logger = logging.getLogger(__name__)

__all__ = [
    "AskRequest",
    "CompatDevice",
    "CompatRequest",
    "CompatResponse",
    "DeviceFacts",
    "build_router",
]


class AskRequest(BaseModel):
    """A datasheet question."""

    question: str = Field(min_length=1, max_length=2000)


class CompatDevice(BaseModel):
    """One side of a compatibility check."""

    model: str = Field(min_length=1, max_length=100, description="device model or alias")
    variant: str | None = Field(default=None, max_length=50)
    supply_v: float | None = Field(
        default=None, ge=0, le=1000, description="the supply this device runs at, volts"
    )
    count: int = Field(default=1, ge=1, le=16, description="how many of it share the bus")


class CompatRequest(BaseModel):
    """Two (or more, for a bus) devices and the rules to apply; no rules: chosen by roles."""

    devices: list[CompatDevice] = Field(min_length=1, max_length=8)
    rules: list[Rule] = Field(default_factory=list)
    bus: Literal["I2C", "SPI", "UART"] | None = None
    pullup_v: float | None = Field(
        default=None, gt=0, le=60, description="voltage the bus lines are pulled up to"
    )
    clock_hz: float | None = Field(
        default=None, gt=0, le=1e9, description="SPI or I2C clock, for the bus_clock rule"
    )
    shunt_ohms: float | None = Field(
        default=None, gt=0, le=1e6, description="current-sense shunt resistance, for the shunt rule"
    )
    shunt_amps: float | None = Field(
        default=None,
        gt=0,
        le=1e4,
        description="current through the shunt (default: the other part's rated output current)",
    )


class CompatResponse(BaseModel):
    """The verdict, every check with the facts it compared, and the citations."""

    verdict: Literal["compatible", "incompatible", "insufficient_evidence"]
    checks: list[CompatCheck]
    items: list[AnswerItem]
    citations: list[str]


class DeviceFacts(BaseModel):
    """The facts held for one device model."""

    model: str
    n: int
    facts: list[Fact]


def _default_rules(qa: DatasheetQA, uses: list[DeviceUse], bus: str | None) -> list[str]:
    from search.datasheets._compat import _has_analog_path, is_regulator

    if len(uses) == 1 or bus == "I2C":
        return ["i2c_address"]
    if any(is_regulator(qa.index, u) for u in uses):
        return ["supply"]
    if _has_analog_path(qa.index, uses):
        return ["signal_range"]
    return ["interface"]


def build_router(qa: DatasheetQA | None = None) -> APIRouter:
    """The datasheet routes, answering from ``qa`` (default: the shipped facts, built lazily)."""
    router = APIRouter(prefix="/v1", tags=["datasheets"])
    holder: dict[str, DatasheetQA] = {}
    if qa is not None:
        holder["qa"] = qa

    def get_qa() -> DatasheetQA:
        if "qa" not in holder:
            holder["qa"] = DatasheetQA()
        return holder["qa"]

    @router.post("/ask", response_model=Answer)
    def ask(req: AskRequest) -> Answer:
        """Answer a datasheet question; every number is cited, or the status says why not."""
        return get_qa().ask(req.question)

    @router.get("/devices/{model}/facts", response_model=DeviceFacts)
    def device_facts(model: str, spec: str | None = None) -> DeviceFacts:
        """Facts of one device model (by name or alias), optionally one spec."""
        canon = canonical_device(model) or model
        facts = get_qa().store.for_device(canon)
        if not facts:
            raise HTTPException(
                status_code=404, detail=f"device {model!r}: no facts held for this model"
            )
        if spec:
            facts = [f for f in facts if f.spec == spec]
        return DeviceFacts(model=canon, n=len(facts), facts=facts)

    @router.post("/compat", response_model=CompatResponse)
    def compat(req: CompatRequest) -> CompatResponse:
        """Apply the compatibility rules to the given devices at their stated supplies."""
        q = get_qa()
        uses = []
        for d in req.devices:
            canon = canonical_device(d.model)
            if canon is None or not q.store.for_device(canon):
                raise HTTPException(
                    status_code=404, detail=f"devices[].model {d.model!r}: no facts for this model"
                )
            uses.append(DeviceUse(canon, d.variant, d.supply_v, d.count))
        rules = list(req.rules) or _default_rules(q, uses, req.bus)
        unknown = [r for r in rules if r not in RULES]
        if unknown:
            raise HTTPException(status_code=422, detail=f"rules: unknown {unknown}")
        clock = (req.clock_hz, f"{req.clock_hz:.0f} Hz") if req.clock_hz else None
        shunt = (
            Shunt(req.shunt_ohms, False, (req.shunt_amps, False) if req.shunt_amps else None)
            if req.shunt_ohms
            else None
        )
        checks = check_compatibility(
            q.index, uses, rules, req.bus, req.pullup_v, clock, shunt=shunt
        )
        items = items_of(checks)
        cites: list[str] = []
        for it in items:
            if it.citation not in cites:
                cites.append(it.citation)
        return CompatResponse(
            verdict=combine(checks),
            checks=checks,
            items=items,
            citations=cites,
        )

    return router
