"""The agent over a real (in-memory) real-time store fed with UIDI births and inputs."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from search._agent import Agent
from search._geo import Regions
from search._llm import LLMClient
from search._select import ServiceSelector
from tests.search.conftest import add_node

KENSINGTON = (-79.4005, 43.6547)


async def _park_city(store: Any) -> None:
    lon, lat = KENSINGTON
    await add_node(
        store,
        "dp-busy",
        "dog park",
        lon + 0.001,
        lat,
        metrics={"occupancy_pct": (92, "%"), "open": (True, "")},
    )
    await add_node(
        store,
        "dp-quiet",
        "dog park",
        lon + 0.004,
        lat + 0.002,
        metrics={"occupancy_pct": (8, "%"), "open": (True, "")},
    )
    await add_node(
        store,
        "dp-closed",
        "dog park",
        lon - 0.001,
        lat,
        metrics={"occupancy_pct": (1, "%"), "open": (False, "")},
    )
    await add_node(
        store,
        "dp-offline",
        "dog park",
        lon,
        lat + 0.001,
        metrics={"occupancy_pct": (2, "%")},
        offline=True,
    )
    await add_node(
        store,
        "dp-stale",
        "dog park",
        lon + 0.002,
        lat - 0.001,
        metrics={"occupancy_pct": (3, "%")},
        reading_age_s=7200,
    )
    await add_node(
        store,
        "dp-broken",
        "dog park",
        lon - 0.002,
        lat - 0.001,
        metrics={"occupancy_pct": (250, "%")},
    )


def _agent(selector: ServiceSelector, regions: Regions, store: Any, **kw: Any) -> Agent:
    return Agent(selector, regions, store, **kw)


async def test_ranked_answer_with_cited_numbers(selector, regions, store) -> None:
    await _park_city(store)
    res = await _agent(selector, regions, store).search(
        "an uncrowded dog park near Kensington Market where I can unleash my dog"
    )
    assert res.status == "ok", res.answer
    assert res.services[0] == "dog park"
    nodes = [r.node for r in res.results]
    assert nodes[0] == "dp-quiet"
    assert "dp-closed" not in nodes and "dp-offline" not in nodes
    assert res.review is not None and res.review.passed
    assert res.review.criteria["uncrowded"].startswith("ranked on")
    # Every number in the answer body sits before a citation holding that value.
    cites = {c.id: c for c in res.citations}
    body = res.answer.split(":\n", 1)[1]
    for num, cid in re.findall(r"(\d+(?:\.\d+)?)\s*(?:%|m|min)?\s*\[(c\d+)\]", body):
        assert float(num) == pytest.approx(float(cites[cid].value), abs=0.06)
    occ = next(c for c in res.citations if c.node == "dp-quiet" and c.metric == "occupancy_pct")
    assert occ.age_s is not None and 0 <= occ.age_s < 120


async def test_a_request_in_spanish_is_ranked_on_its_preferences(selector, regions, store) -> None:
    await _park_city(store)
    res = await _agent(selector, regions, store).search(
        "parque canino poco concurrido cerca de Kensington Market"
    )
    assert res.status == "ok", res.answer
    assert res.services[0] == "dog park"
    assert res.results[0].node == "dp-quiet"
    assert res.review is not None and res.review.criteria["uncrowded"].startswith("ranked on")


async def test_stale_and_implausible_readings_are_left_out(selector, regions, store) -> None:
    await _park_city(store)
    res = await _agent(selector, regions, store).search("uncrowded dog park near Kensington Market")
    by_node = {r.node: r for r in res.results}
    assert "occupancy_pct" not in by_node["dp-stale"].live
    assert "occupancy_pct" not in by_node["dp-broken"].live
    assert res.review is not None
    assert any("stale" in e for e in res.review.excluded)
    assert any("physical range" in e for e in res.review.excluded)


async def test_outside_coverage_is_not_a_toronto_fallback(selector, regions, store) -> None:
    await _park_city(store)
    agent = _agent(selector, regions, store)
    res = await agent.search("a dog park in Montreal")
    assert res.status == "outside_coverage" and res.results == [] and "Montreal" in res.answer
    res = await agent.search("a dog park", near=(45.5017, -73.5673))
    assert res.status == "outside_coverage"


async def test_missing_service_and_outside_scope(selector, regions, store) -> None:
    agent = _agent(selector, regions, store)
    assert (await agent.search("a laundromat near Union Station")).status == "no_service"
    assert (await agent.search("tell me a joke")).status == "outside_scope"


async def test_widens_once_when_too_few(selector, regions, store) -> None:
    lon, lat = KENSINGTON
    await add_node(
        store, "far-park", "dog park", lon + 0.08, lat + 0.02, metrics={"occupancy_pct": (30, "%")}
    )
    res = await _agent(selector, regions, store, radius_m=1000, wide_radius_m=20000).search(
        "dog park near Kensington Market"
    )
    assert [r.node for r in res.results] == ["far-park"]
    assert res.review is not None and res.review.widened


async def test_node_lookup(selector, regions, store) -> None:
    await _park_city(store)
    res = await _agent(selector, regions, store).search("node dp-quiet")
    assert res.status == "node" and res.results[0].node == "dp-quiet"


class _FakeLLM(BaseHTTPRequestHandler):
    reply = ""

    def do_POST(self) -> None:
        length = int(self.headers["Content-Length"])
        json.loads(self.rfile.read(length))
        body = json.dumps({"choices": [{"message": {"content": type(self).reply}}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def fake_llm() -> Iterator[tuple[str, type[_FakeLLM]]]:
    handler = type("H", (_FakeLLM,), {})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", handler
    finally:
        server.shutdown()
        server.server_close()


async def test_llm_cannot_add_a_number(selector, regions, store, fake_llm) -> None:
    url, handler = fake_llm
    await _park_city(store)
    handler.reply = "Try Dp Quiet, only 3% full [c2] and rated 4.9 stars!"
    agent = _agent(selector, regions, store, llm=LLMClient(url))
    res = await agent.search("uncrowded dog park near Kensington Market")
    assert res.review is not None and res.review.llm is not None
    assert res.review.llm.startswith("rejected")
    assert "4.9" not in res.answer


async def test_llm_phrasing_is_used_when_numbers_check_out(
    selector, regions, store, fake_llm
) -> None:
    url, handler = fake_llm
    await _park_city(store)
    base = await _agent(selector, regions, store).search(
        "uncrowded dog park near Kensington Market"
    )
    top = base.results[0]
    occ = next(c for c in base.citations if c.node == top.node and c.metric == "occupancy_pct")
    handler.reply = f"Head to {top.name}: it is only {occ.value}% [{occ.id}] full."
    res = await _agent(selector, regions, store, llm=LLMClient(url)).search(
        "uncrowded dog park near Kensington Market"
    )
    assert res.review is not None and res.review.llm == "used"
    assert res.answer == handler.reply


async def test_llm_endpoint_down_keeps_deterministic_answer(selector, regions, store) -> None:
    await _park_city(store)
    agent = _agent(selector, regions, store, llm=LLMClient("http://127.0.0.1:9", timeout_s=0.5))
    res = await agent.search("uncrowded dog park near Kensington Market")
    assert res.status == "ok" and res.review is not None and res.review.llm is None


async def test_datasheet_question_is_routed_to_the_datasheet_qa(selector, regions, store) -> None:
    class QA:
        def ask(self, question: str) -> Any:
            from search.datasheets import Answer

            return Answer(status="insufficient_evidence", route="simple", answer="no evidence held")

    res = await _agent(selector, regions, store, datasheet_qa=QA()).search(
        "what is the supply voltage of the BME280 datasheet?"
    )
    assert res.status == "datasheet" and res.answer == "no evidence held"
    assert res.datasheet is not None and res.datasheet["status"] == "insufficient_evidence"
