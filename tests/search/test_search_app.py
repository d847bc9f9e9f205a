"""The HTTP API: routes, models, health, node page data, coverage."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from search._agent_runtime import build_runtime
from search.app import create_app
from tests.search.conftest import CACHE, add_node


class _Settings:
    data_dir = CACHE
    vectors_url = None
    cache_url = "memory://"
    llm_url = None
    ors_url = None
    region = "toronto"
    facts_path = None


@pytest.fixture
async def client(selector: Any, store: Any) -> AsyncIterator[httpx.AsyncClient]:
    await add_node(
        store,
        "cafe-1",
        "cafe",
        -79.3810,
        43.6481,
        metrics={
            "occupancy_pct": (35, "%"),
            "noise_dba": (48.5, "dB"),
            "temperature_c": (21.5, "°C"),
        },
        devices=("BME280",),
        attributes={"rating": 4.4},
    )
    rt = await build_runtime(_Settings(), realtime=store, selector=selector)
    app = create_app(_Settings(), runtime=rt)
    app.state.runtime = rt  # ASGITransport does not run the lifespan
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
        yield c
    await rt.close()


async def test_health_is_503_until_ready() -> None:
    app = create_app(_Settings())
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
        r = await c.get("/v1/health")
    assert r.status_code == 503 and r.json()["ready"] is False


async def test_health_ready_and_openapi(client: httpx.AsyncClient) -> None:
    r = await client.get("/v1/health")
    assert r.status_code == 200 and r.json()["ready"] is True
    assert (await client.get("/v1/ready")).json()["nodes"] == 1
    paths = (await client.get("/openapi.json")).json()["paths"]
    for p in (
        "/v1/search",
        "/v1/services/match",
        "/v1/nodes/{node_id}",
        "/v1/regions",
        "/v1/health",
    ):
        assert p in paths


async def test_match_shape(client: httpx.AsyncClient) -> None:
    d = (
        await client.get("/v1/services/match", params={"q": "a latte and a quiet place to work"})
    ).json()
    assert set(d) >= {"selected", "ranking", "abstain"}
    assert {"cafe", "coffee shop"} & set(d["selected"])


async def test_search_shape(client: httpx.AsyncClient) -> None:
    r = await client.get("/v1/search", params={"q": "a quiet cafe", "near": "43.6480,-79.3800"})
    d = r.json()
    assert r.status_code == 200 and d["status"] == "ok"
    item = d["results"][0]
    for k in ("node", "name", "service", "distance_m", "live", "score", "why"):
        assert k in item
    assert item["live"]["noise_dba"] == 48.5 and d["citations"]


async def test_search_rejects_bad_near(client: httpx.AsyncClient) -> None:
    r = await client.get("/v1/search", params={"q": "cafe", "near": "north"})
    assert r.status_code == 422 and "LAT,LON" in r.json()["detail"]


async def test_node_page_data(client: httpx.AsyncClient) -> None:
    d = (await client.get("/v1/nodes/cafe-1")).json()
    assert d["live"]["occupancy_pct"] == 35 and d["devices"][0]["model"] == "BME280"
    specs = {f["spec"] for f in d["devices"][0]["facts"]}
    # the datasheet's rows, not the sentences kept for questions no row answers
    assert "supply_voltage" in specs and "statement" not in specs
    assert (await client.get("/v1/nodes/nope")).status_code == 404


async def test_regions(client: httpx.AsyncClient) -> None:
    d = (await client.get("/v1/regions")).json()
    assert d[0]["slug"] == "toronto" and any(
        p["name"] == "Kensington Market" for p in d[0]["places"]
    )


async def test_index_page(client: httpx.AsyncClient) -> None:
    r = await client.get("/")
    assert r.status_code == 200 and 'id="search-form"' in r.text
    assert (await client.get("/static/app.js")).status_code == 200
