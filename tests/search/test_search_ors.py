"""OpenRouteService travel times against a local fake endpoint, and the fallback estimate."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import pytest

from search._geo import ors_travel
from search._rank import estimate_travel


class _Matrix(BaseHTTPRequestHandler):
    seen: ClassVar[list[tuple[str, dict[str, Any], str | None]]] = []

    def do_POST(self) -> None:
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).seen.append((self.path, body, self.headers.get("Authorization")))
        n = len(body["destinations"])
        out = json.dumps(
            {
                "distances": [[1000.0 + i for i in range(n)]],
                "durations": [[600.0 + i for i in range(n)]],
            }
        ).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(out)))
        self.end_headers()
        self.wfile.write(out)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def ors() -> Iterator[tuple[str, type[_Matrix]]]:
    handler = type("M", (_Matrix,), {"seen": []})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    t = threading.Thread(target=server.serve_forever, daemon=True)
    t.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", handler
    finally:
        server.shutdown()
        server.server_close()


async def test_matrix_times_are_used(ors: tuple[str, type[_Matrix]]) -> None:
    url, handler = ors
    targets = [("near", (-79.40, 43.65), 400.0), ("far", (-79.30, 43.70), 9000.0)]
    out = await ors_travel(url, "k3y", (-79.38, 43.65), targets)
    assert out["near"].source == "openrouteservice" and out["near"].mode == "foot-walking"
    assert out["far"].mode == "driving-car" and out["far"].seconds == 600.0
    paths = sorted(p for p, _, _ in handler.seen)
    assert paths == ["/v2/matrix/driving-car", "/v2/matrix/foot-walking"]
    assert all(auth == "k3y" for _, _, auth in handler.seen)


async def test_unreachable_service_falls_back_to_the_estimate() -> None:
    out = await ors_travel(
        "http://127.0.0.1:9", None, (-79.38, 43.65), [("a", (-79.40, 43.65), 700.0)], timeout_s=0.5
    )
    assert out["a"] == estimate_travel(700.0)
