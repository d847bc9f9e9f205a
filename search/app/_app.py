"""FastAPI application factory, routes and the static web page."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, Depends, FastAPI, HTTPException, Query, Request
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from search._agent import SearchResult
from search._agent_runtime import Runtime, build_runtime
from search.app._schemas import (
    DeviceInfo,
    FactInfo,
    Health,
    MatchResponse,
    NodeResponse,
    PlaceInfo,
    RankedService,
    RegionInfo,
)

__all__ = ["create_app"]

log = logging.getLogger(__name__)

STATIC = Path(__file__).resolve().parent / "static"


def parse_near(near: str | None) -> tuple[float, float] | None:
    """``"LAT,LON"`` to a tuple; raises ``ValueError`` naming the problem."""
    if near is None or not near.strip():
        return None
    parts = near.split(",")
    if len(parts) != 2:
        raise ValueError(f"near must be 'LAT,LON', got {near!r}")
    lat, lon = float(parts[0]), float(parts[1])
    if not (-90 <= lat <= 90 and -180 <= lon <= 180):
        raise ValueError(f"near {near!r}: latitude must be in -90..90 and longitude in -180..180")
    return lat, lon


def _runtime(request: Request) -> Runtime:
    rt: Runtime | None = getattr(request.app.state, "runtime", None)
    if rt is None:
        raise HTTPException(status_code=503, detail="starting up: the runtime is not ready yet")
    return rt


RuntimeDep = Annotated[Runtime, Depends(_runtime)]


def _router() -> APIRouter:
    r = APIRouter(prefix="/v1")

    @r.get("/health", response_model=Health, tags=["health"])
    async def health(request: Request) -> Any:
        """200 once the runtime is ready; 503 before."""
        rt: Runtime | None = getattr(request.app.state, "runtime", None)
        if rt is None:
            return JSONResponse(
                status_code=503, content=Health(status="starting", ready=False).model_dump()
            )
        return Health(
            status="ok", ready=True, services=len(rt.selector.services), vectors=rt.vectors_status
        )

    @r.get("/ready", response_model=Health, tags=["health"])
    async def ready(request: Request) -> Any:
        """Readiness with detail: services, nodes held, vector store."""
        rt: Runtime | None = getattr(request.app.state, "runtime", None)
        if rt is None:
            return JSONResponse(
                status_code=503, content=Health(status="starting", ready=False).model_dump()
            )
        nodes = None
        if rt.realtime is not None:
            try:
                nodes = await rt.realtime.count()
            except Exception as exc:
                return JSONResponse(
                    status_code=503,
                    content=Health(
                        status=f"real-time store failing: {exc}", ready=False
                    ).model_dump(),
                )
        return Health(
            status="ok",
            ready=True,
            services=len(rt.selector.services),
            nodes=nodes,
            vectors=rt.vectors_status,
            detail={
                "curated": sum(s.curated for s in rt.selector.services),
                "facts": len(rt.facts) if rt.facts is not None else 0,
                "llm": rt.agent.llm is not None,
            },
        )

    @r.get("/services/match", response_model=MatchResponse, tags=["search"])
    async def match(
        rt: RuntimeDep, q: Annotated[str, Query(min_length=1, max_length=500)]
    ) -> MatchResponse:
        """Top-p service selection for a request, from the catalogue alone."""
        sel = await rt.selector.amatch(q)
        return MatchResponse(
            selected=sel.selected,
            ranking=[
                RankedService(service=s, score=round(sc, 4), probability=round(p, 4))
                for s, sc, p in sel.ranking[:10]
            ],
            abstain=sel.abstain,
            reason=sel.reason,
        )

    @r.get("/search", response_model=SearchResult, tags=["search"])
    async def search(
        rt: RuntimeDep,
        q: Annotated[str, Query(min_length=1, max_length=500)],
        near: Annotated[str | None, Query(description="LAT,LON of the user")] = None,
        limit: Annotated[int, Query(ge=1, le=50)] = 10,
    ) -> SearchResult:
        """Live-service search: ranked nodes with reasons and cited readings."""
        try:
            pos = parse_near(near)
        except ValueError as exc:
            raise HTTPException(status_code=422, detail=str(exc)) from exc
        return await rt.agent.search(q, pos, limit=limit)

    @r.get("/nodes/{node_id}", response_model=NodeResponse, tags=["nodes"])
    async def node(rt: RuntimeDep, node_id: str) -> NodeResponse:
        """A node's latest document, its devices and their datasheet facts."""
        if rt.realtime is None:
            raise HTTPException(status_code=503, detail="no real-time store configured")
        doc = await rt.realtime.get(node_id)
        if doc is None:
            raise HTTPException(status_code=404, detail=f"no node {node_id!r}")
        now_ms = int(time.time() * 1000)
        devices = []
        for model in doc.devices or []:
            facts: list[FactInfo] = []
            if rt.facts is not None:
                try:
                    for f in rt.facts.for_device(model):
                        if f.spec == "statement":
                            continue  # a sentence quoted only when no row answers a question
                        facts.append(
                            FactInfo(
                                spec=f.spec,
                                value=f.value,
                                min=f.min,
                                typ=f.typ,
                                max=f.max,
                                unit=f.unit,
                                condition=f.condition,
                                section_kind=f.section_kind,
                                citation=f.citation,
                                superseded_by=f.superseded_by,
                            )
                        )
                except Exception as exc:
                    log.info("facts for %s: %s", model, exc)
            devices.append(DeviceInfo(model=model, facts=facts))
        live = {k: v.get("value") for k, v in (doc.metrics or {}).items()}
        ages = {
            k: round(max(0, now_ms - v["ts"]) / 1000, 1)
            for k, v in (doc.metrics or {}).items()
            if isinstance(v.get("ts"), int | float)
        }
        return NodeResponse(
            node=doc.node,
            name=doc.name or doc.node,
            service=rt.agent._names.get(doc.service, doc.service),
            region=doc.region,
            lifecycle=str(doc.lifecycle),
            location=tuple(doc.location) if doc.location else None,
            attributes=dict(doc.attributes or {}),
            live=live,
            ages_s=ages,
            devices=devices,
        )

    @r.get("/regions", response_model=list[RegionInfo], tags=["regions"])
    async def regions(rt: RuntimeDep) -> list[RegionInfo]:
        """Regions held, with their named places (the coverage of the search)."""
        return [
            RegionInfo(
                name=g.name,
                slug=g.slug,
                bbox=g.bbox,
                centre=g.centre,
                places=[PlaceInfo(name=p.name, lon=p.lon, lat=p.lat) for p in g.places],
            )
            for g in rt.regions.regions
        ]

    return r


def create_app(
    settings: Any, *, realtime: Any | None = None, runtime: Runtime | None = None
) -> FastAPI:
    """Build the app. ``realtime`` (a store) or a whole ``runtime`` may be handed in for tests."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        rt = runtime
        if rt is None:
            rt = await build_runtime(settings, realtime=realtime)
        app.state.runtime = rt
        log.info("search ready: %d services", len(rt.selector.services))
        try:
            yield
        finally:
            app.state.runtime = None
            if runtime is None:
                await rt.close()

    app = FastAPI(
        title="IoT-ASE search",
        version="0.1.0",
        description="Live-service search over IoT node data, and datasheet questions.",
        lifespan=lifespan,
    )
    app.state.runtime = None
    app.include_router(_router())
    try:
        from search.datasheets._api import build_router
    except ImportError as exc:  # the datasheet package is optional for the live search
        log.info("datasheet routes not mounted: %s", exc)
    else:
        app.include_router(build_router())
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/node/{node_id}", include_in_schema=False)
    async def node_page(node_id: str) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    return app
