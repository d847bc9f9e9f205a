"""The web page in headless Chromium: type a request, see ranked results with live values.

Drives Debian's ``chromium`` through the Chrome DevTools Protocol (``websockets``); skipped with
the reason when the browser is not installed.
"""

from __future__ import annotations

import asyncio
import json
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from search._agent_runtime import build_runtime, build_selector
from search.app import create_app
from tests.search.conftest import add_node

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)"
)
CACHE = Path(__file__).resolve().parents[2] / ".iotase"


class _Settings:
    data_dir = CACHE
    vectors_url = None
    cache_url = None
    llm_url = None
    ors_url = None
    region = "toronto"
    facts_path = None


@pytest.fixture(scope="module")
def selector() -> Any:
    return build_selector(_Settings())


@pytest.fixture
async def server(selector: Any) -> AsyncIterator[str]:
    import uvicorn

    import cloud

    store = await cloud.open_realtime(f"memory://web-{time.monotonic_ns()}")
    lon, lat = -79.4005, 43.6547
    await add_node(
        store,
        "bark-yard",
        "dog park",
        lon + 0.002,
        lat,
        metrics={"occupancy_pct": (12, "%")},
        devices=("BME280",),
    )
    await add_node(
        store,
        "paw-field",
        "dog park",
        lon - 0.003,
        lat + 0.001,
        metrics={"occupancy_pct": (77, "%")},
    )
    rt = await build_runtime(_Settings(), realtime=store, selector=selector)
    app = create_app(_Settings(), runtime=rt)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient() as c:
        for _ in range(200):
            try:
                if (await c.get(f"{url}/v1/health")).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.05)
    try:
        yield url
    finally:
        srv.should_exit = True
        await asyncio.to_thread(thread.join, 10)
        sock.close()
        await rt.close()
        await store.close()


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[int]:
    assert CHROMIUM is not None
    profile = tmp_path / "profile"
    proc = subprocess.Popen(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            f"--user-data-dir={profile}",
            "--remote-debugging-port=0",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not port_file.exists() or not port_file.read_text().strip():
            if time.monotonic() > deadline or proc.poll() is not None:
                pytest.fail("chromium did not open its DevTools port")
            time.sleep(0.05)
        yield int(port_file.read_text().split()[0])
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


class CDP:
    """Just enough of the DevTools Protocol: send a command, await its result."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.n = 0

    async def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.n += 1
        await self.ws.send(json.dumps({"id": self.n, "method": method, "params": params}))
        while True:
            msg = json.loads(await asyncio.wait_for(self.ws.recv(), 20))
            if msg.get("id") == self.n:
                if "error" in msg:
                    raise AssertionError(f"{method}: {msg['error']}")
                return dict(msg.get("result", {}))

    async def eval(self, expr: str) -> Any:
        res = await self.call(
            "Runtime.evaluate", expression=expr, returnByValue=True, awaitPromise=True
        )
        return res.get("result", {}).get("value")

    async def wait_for(self, expr: str, timeout: float = 20) -> Any:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            v = await self.eval(expr)
            if v:
                return v
            await asyncio.sleep(0.1)
        raise AssertionError(f"timed out waiting for {expr}")


async def test_type_a_request_and_see_ranked_results(server: str, browser: int) -> None:
    import websockets

    async with httpx.AsyncClient() as c:
        targets = (await c.get(f"http://127.0.0.1:{browser}/json/list")).json()
    page = next(t for t in targets if t["type"] == "page")
    async with websockets.connect(page["webSocketDebuggerUrl"], max_size=None) as ws:
        cdp = CDP(ws)
        await cdp.call("Page.enable")
        await cdp.call("Page.navigate", url=server + "/")
        await cdp.wait_for("document.readyState === 'complete' && !!document.getElementById('q')")
        await cdp.wait_for("document.querySelectorAll('#map text.place').length > 10")
        await cdp.call("Runtime.evaluate", expression="document.getElementById('q').focus()")
        await cdp.call("Input.insertText", text="an uncrowded dog park near Kensington Market")
        await cdp.call(
            "Input.dispatchKeyEvent",
            type="keyDown",
            key="Enter",
            code="Enter",
            windowsVirtualKeyCode=13,
            text="\r",
        )
        await cdp.call(
            "Input.dispatchKeyEvent",
            type="keyUp",
            key="Enter",
            code="Enter",
            windowsVirtualKeyCode=13,
        )
        n = await cdp.wait_for("document.querySelectorAll('#results li.result').length")
        assert n == 2
        names = await cdp.eval(
            "[...document.querySelectorAll('#results li.result .name')].map(e => e.textContent)"
        )
        assert names[0] == "Bark Yard"  # the uncrowded one first
        first = await cdp.eval("document.querySelector('#results li.result').textContent")
        assert "occupancy_pct: 12" in first and "s old" in first
        assert await cdp.eval("document.querySelectorAll('#map circle.pin').length") == 2
        # The node page: its readings and its devices.
        await cdp.eval("document.querySelector('#results li.result .name').click()")
        title = await cdp.wait_for("document.getElementById('node-title')?.textContent")
        assert "Bark Yard" in title
        devices = await cdp.wait_for(
            "[...document.querySelectorAll('#node h4.device')].map(e => e.textContent).join(',')"
        )
        assert "BME280" in devices


def test_dump_dom_with_query_in_url(server: str, tmp_path: Path) -> None:
    assert CHROMIUM is not None
    out = subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            f"--user-data-dir={tmp_path / 'p'}",
            "--virtual-time-budget=8000",
            "--dump-dom",
            f"{server}/?q=dog+park+in+Montreal",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert 'id="status"' in out.stdout
    assert "outside_coverage" in out.stdout and "Montreal" in out.stdout
