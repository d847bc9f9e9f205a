"""Smoke test of ``iotase demo``: start it on free ports with a small city, wait until it is
healthy, get a ranked live answer and a datasheet answer, then stop it with SIGINT and check that
every child process went with it. Not marked slow: CI runs it (under a minute on two cores).

It lives in ``tests/demo/``: a test module directly in ``tests/`` would put ``tests/`` on
``sys.path`` and let ``tests/cloud`` shadow the ``cloud`` package for the rest of the session."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _port_open(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
    except OSError:
        return False
    return True


def _wait(
    pred: Callable[[], bool],
    timeout: float,
    what: str,
    proc: subprocess.Popen[str],
    lines: list[str],
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            out = "".join(lines)
            pytest.fail(
                f"demo exited with {proc.returncode} while waiting for {what}:\n{out[-3000:]}"
            )
        if pred():
            return
        time.sleep(0.5)
    pytest.fail(f"demo: {what} not within {timeout:.0f} s")


def test_demo_starts_answers_and_stops_cleanly(tmp_path: Path) -> None:
    http_port, broker_port = _free_port(), _free_port()
    # the stores go to tmp_path; the API keeps its embedding cache in the default data dir, as a
    # user's repeated demo runs do
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    cmd = [
        sys.executable, "-c", "import sys; from iotase.cli import main; sys.exit(main())",
        "demo", "--nodes", "1500", "--rate", "300", "--port", str(http_port),
        "--broker-port", str(broker_port), "--data-dir", str(tmp_path / "demo"),
        "--exit-after", "300",
    ]  # fmt: skip
    proc = subprocess.Popen(
        cmd, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True,
    )  # fmt: skip
    # the demo's output, read as it comes: its "Ready in" line follows its own checks, which
    # may finish after the API already answers
    lines: list[str] = []

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    base = f"http://127.0.0.1:{http_port}"
    try:
        with httpx.Client(base_url=base, timeout=30.0) as client:

            def healthy() -> bool:
                try:
                    return client.get("/v1/health").status_code == 200
                except httpx.HTTPError:
                    return False

            _wait(healthy, 120, "GET /v1/health == 200", proc, lines)
            assert _port_open(broker_port), "the embedded broker is reachable on localhost"

            answer: dict = {}

            def live_answer() -> bool:
                nonlocal answer
                # A kind of place the scenario keeps open around the clock: the demo runs on the
                # wall clock, and a cafe at 9 pm in Toronto is honestly closed.
                r = client.get(
                    "/v1/search",
                    params={"q": "uncrowded parking garage", "near": "43.6532,-79.3832"},
                )
                answer = r.json() if r.status_code == 200 else {}
                return bool(answer.get("results")) and all("live" in x for x in answer["results"])

            _wait(live_answer, 60, "a ranked live answer", proc, lines)
            results = answer["results"]
            assert "parking garage" in answer["services"]
            scores = [x["score"] for x in results]
            assert scores == sorted(scores, reverse=True)
            assert any(x["live"] for x in results)

            r = client.post(
                "/v1/ask", json={"question": "What is the supply voltage range of the BME280?"}
            )
            assert r.status_code == 200, r.text
            ask = r.json()
            assert ask["status"] == "answered", ask
            assert ask["citations"]
            _wait(lambda: any("Ready in" in x for x in lines), 60, "its Ready line", proc, lines)
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            reader.join(timeout=10)
            pytest.fail(f"demo did not stop within 60 s of SIGINT:\n{''.join(lines)[-3000:]}")
        reader.join(timeout=10)
    out = "".join(lines)
    assert proc.returncode == 0, out[-3000:]
    assert "Ready in" in out and "stopped after" in out
    assert not _port_open(broker_port), "the broker process stopped with the demo"
    assert not _port_open(http_port)
    # multiprocessing's resource tracker exits just after its parent: give it a moment
    deadline = time.monotonic() + 10
    while True:
        leftover = subprocess.run(
            ["pgrep", "-g", str(proc.pid)], capture_output=True, text=True
        ).stdout.split()
        if not leftover or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert not leftover, f"processes left in the demo's group: {leftover}"
