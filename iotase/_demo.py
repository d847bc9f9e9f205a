"""``iotase demo``: the whole platform on one machine, with no external service.

Processes (every one stopped on Ctrl-C, SIGTERM or ``--exit-after``):

- an embedded MQTT broker (``python -m cloud._broker``; Mosquitto from a temporary config when the
  embedded one is not available), reachable on localhost so any MQTT client can publish to it;
- loaders (``--loaders``, one per core) that stream the city's births straight into the
  real-time store in batches: faster than 37,000 births through the broker, and the store applies
  them exactly as ingest would (``--births-via-broker`` sends them through the broker instead);
- ingest workers (shared subscription) writing the real-time, history and dead-letter stores;
- the city simulator (``iotase simulate``), its devices' raw payloads going through the edge
  adapters into UIDI and onto the broker;
- in this process: the API and web page (``search.app.create_app``) under uvicorn.

Any part can be pointed at a real service instead: ``--broker URL`` and the store URL flags.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import multiprocessing as mp
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = ["register", "register_bench"]

log = logging.getLogger(__name__)

EXAMPLES = (
    ("a live answer", "/v1/search?q=uncrowded+cafe+with+short+wait&near=43.6532,-79.3832"),
    ("parking", "/v1/search?q=parking+with+free+spots&near=43.6465,-79.3900"),
    ("service match", "/v1/services/match?q=where+can+I+unleash+my+dog"),
)
ASK_EXAMPLE = "can the ACS712 output go straight into an ADS1115 powered at 3.3 V?"


def register(sub: Any) -> None:
    """Add ``iotase demo``."""
    p = sub.add_parser(
        "demo",
        help="run the whole platform locally: broker, city, ingest, stores, API, web page",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _add_demo_args(p)
    p.set_defaults(handler=_demo)


def register_bench(names: Any) -> None:
    """Add ``bench demo``: start the demo, measure time to ready and live updates/s, stop it."""
    b = names.add_parser(
        "demo", help="time to ready, node count and live updates/s of `iotase demo`"
    )
    _add_demo_args(b, bench=True)
    b.set_defaults(handler=_bench_demo)


def _add_demo_args(p: argparse.ArgumentParser, *, bench: bool = False) -> None:
    p.add_argument(
        "--scenario", default="toronto", help="scenario file or built-in name (default: toronto)"
    )
    p.add_argument("--nodes", type=int, default=None, help="node count (scenario default: 37,000)")
    p.add_argument(
        "--rate", type=float, default=None, help="live node updates per second (scenario default)"
    )
    p.add_argument("--seed", type=int, default=None, help="random seed (scenario default)")
    p.add_argument("--host", default=None, help="HTTP host (default: settings.http_host)")
    p.add_argument(
        "--port", type=int, default=None, help="HTTP port (default: settings.http_port, 8000)"
    )
    p.add_argument(
        "--broker", default=None, metavar="URL", help="use this broker instead of starting one"
    )
    p.add_argument(
        "--broker-port",
        type=int,
        default=1883,
        help="port of the embedded broker (a free one if busy)",
    )
    p.add_argument(
        "--data-dir",
        default=None,
        type=Path,
        help="where the stores live (default: settings.data_dir/demo)",
    )
    p.add_argument(
        "--realtime-url", default=None, help="real-time store URL (default: SQLite in the data dir)"
    )
    p.add_argument("--history-url", default=None, help="history store URL")
    p.add_argument("--deadletter-url", default=None, help="dead-letter store URL")
    p.add_argument("--cache-url", default=None, help="cache URL (default: settings.cache_url)")
    p.add_argument("--workers", type=int, default=1, help="ingest worker processes (default 1)")
    p.add_argument(
        "--keep",
        action="store_true",
        help="keep the stores of a previous run instead of starting fresh",
    )
    p.add_argument(
        "--loaders", type=int, default=2, help="processes bulk-loading births (default 2)"
    )
    p.add_argument(
        "--births-via-broker",
        action="store_true",
        help="publish births through the broker instead of bulk-loading them",
    )
    p.add_argument(
        "--exit-after",
        type=float,
        default=30.0 if bench else None,
        metavar="S",
        help="stop S seconds after ready",
    )
    p.add_argument(
        "--json", action="store_true", help="print the demo's figures as one JSON object at the end"
    )


# -- processes -------------------------------------------------------------------------------


def _port_free(host: str, port: int) -> bool:
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


def _free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


@dataclass
class _Broker:
    """The embedded broker process we own."""

    proc: subprocess.Popen[Any]
    port: int
    url: str
    kind: str
    tmp: str | None = None

    def stop(self) -> None:
        _terminate(self.proc, "broker")
        if self.tmp:
            shutil.rmtree(self.tmp, ignore_errors=True)


def _start_broker(port: int, say: Any) -> _Broker:
    host = "127.0.0.1"
    if not _port_free(host, port):
        free = _free_port(host)
        say(f"  port {port} is taken (another broker?); the embedded broker uses {free}")
        port = free
    try:
        from cloud._broker import start_process
    except ImportError:
        log.info("cloud._broker is not available; falling back to mosquitto")
    else:
        proc, bound = start_process(host, port)
        # the embedded broker speaks MQTT 3.1.1, so ingest must not ask for MQTT 5
        return _Broker(proc, bound, f"mqtt://{host}:{bound}?protocol=3.1.1", "embedded")
    mosquitto = shutil.which("mosquitto") or (
        "/usr/sbin/mosquitto" if os.path.exists("/usr/sbin/mosquitto") else None
    )
    if mosquitto is None:
        raise SystemExit(
            "iotase demo: no embedded broker (cloud._broker) and no mosquitto found;"
            " pass --broker URL"
        )
    tmp = tempfile.mkdtemp(prefix="iotase-mosquitto-")
    conf = Path(tmp) / "mosquitto.conf"
    conf.write_text(f"listener {port} {host}\nallow_anonymous true\npersistence false\n")
    mosq = subprocess.Popen(
        [mosquitto, "-c", str(conf)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 10
    while _port_free(host, port):
        if mosq.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"iotase demo: mosquitto did not start on port {port}")
        time.sleep(0.05)
    return _Broker(mosq, port, f"mqtt://{host}:{port}", "mosquitto", tmp)


def _terminate(proc: Any, name: str, timeout: float = 10.0) -> None:
    """SIGTERM, wait, then SIGKILL: children never outlive the demo."""
    if proc is None:
        return
    alive = proc.poll() is None if hasattr(proc, "poll") else proc.is_alive()
    if not alive:
        return
    proc.terminate()
    try:
        if hasattr(proc, "wait"):
            proc.wait(timeout)
        else:
            proc.join(timeout)
    except subprocess.TimeoutExpired:
        pass
    still = proc.poll() is None if hasattr(proc, "poll") else proc.is_alive()
    if still:
        log.warning("%s (pid %s) did not stop in %.0f s; killing it", name, proc.pid, timeout)
        proc.kill()


def _load_births(
    scenario_ref: str,
    changes: dict[str, Any],
    seed: int | None,
    realtime_url: str,
    progress: Any,
    start_ms: int,
    first: int,
    stop: int,
) -> None:
    """Child process: stream births of nodes ``first..stop`` into the real-time store in batches."""
    import cloud
    from simulators import CityEngine, load_scenario

    # Ctrl-C reaches the whole process group; the demo stops its loaders itself (SIGTERM)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    scenario = load_scenario(scenario_ref).with_overrides(**changes)
    engine = CityEngine(scenario, seed=seed, start_ms=start_ms)

    async def main() -> None:
        store = await cloud.open_realtime(realtime_url)
        try:
            batch: list[tuple[str, Any]] = []
            for pair in engine.birth_pairs(first, stop):
                batch.append(pair)
                if len(batch) >= 500:
                    await store.apply_many(batch)
                    with progress.get_lock():
                        progress.value += len(batch)
                    batch = []
            if batch:
                await store.apply_many(batch)
                with progress.get_lock():
                    progress.value += len(batch)
        finally:
            await store.close()

    asyncio.run(main())


@dataclass
class _Figures:
    nodes: int = 0
    nodes_loaded: int = 0
    ready_s: float = 0.0
    births_s: float = 0.0
    api_s: float = 0.0
    updates_per_s: float = 0.0
    ingest_written_per_s: float = 0.0
    live_s: float = 0.0
    ingest: dict[str, int] = field(default_factory=dict)
    broker: str = ""
    url: str = ""
    rate_target: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        # ``n`` and ``msgs_per_s`` are the benchmark field names every ``bench`` command shares
        return {"n": self.nodes, "msgs_per_s": self.updates_per_s, **self.__dict__}


class _Server:
    """uvicorn without its own signal handling: the demo owns SIGINT/SIGTERM for every part."""

    def __init__(self, app: Any, host: str, port: int) -> None:
        import uvicorn

        class Quiet(uvicorn.Server):
            @contextlib.contextmanager
            def capture_signals(self) -> Iterator[None]:
                yield

        self.server = Quiet(
            uvicorn.Config(app, host=host, port=port, log_level="warning", lifespan="on")
        )

    async def serve(self) -> None:
        await self.server.serve()

    def stop(self) -> None:
        self.server.should_exit = True


async def _wait_health(url: str, stop: asyncio.Event, timeout: float) -> bool:
    import httpx

    deadline = time.monotonic() + timeout
    async with httpx.AsyncClient(timeout=2.0) as client:
        while time.monotonic() < deadline and not stop.is_set():
            try:
                r = await client.get(url + "/v1/health")
                if r.status_code == 200:
                    return True
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.25)
    return False


def _demo(args: argparse.Namespace, settings: Any) -> int:
    figures = asyncio.run(_run_demo(args, settings))
    if figures is None:
        return 1
    if args.json:
        print(json.dumps(figures.as_dict()))
    return 0


def _bench_demo(args: argparse.Namespace, settings: Any) -> int:
    args.json = True
    return _demo(args, settings)


async def _run_demo(args: argparse.Namespace, settings: Any) -> _Figures | None:
    t0 = time.monotonic()
    quiet = bool(args.json)
    if getattr(args, "log_level", None) is None:
        # the demo prints its own progress; library chatter only when asked for (--log-level)
        logging.getLogger().setLevel(logging.WARNING)

    def say(text: str) -> None:
        print(text, file=sys.stderr if quiet else sys.stdout, flush=True)

    from simulators import load_scenario
    from uidi import BackendURL

    scenario = load_scenario(args.scenario)
    changes: dict[str, Any] = {"tenant": settings.tenant}
    if args.nodes:
        changes["nodes.count"] = args.nodes
    if args.rate is not None:
        changes["rates.updates_per_s"] = args.rate
    scenario = scenario.with_overrides(**changes)
    figures = _Figures(nodes=scenario.nodes.count, rate_target=scenario.rates.updates_per_s)
    host = args.host or settings.http_host
    port = args.port or settings.http_port
    if not _port_free(host, port):
        say(f"iotase demo: HTTP port {host}:{port} is in use; choose another with --port")
        return None
    data_dir = Path(args.data_dir or (Path(settings.data_dir) / "demo")).resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    realtime_url = args.realtime_url or f"sqlite:///{data_dir}/realtime.db"
    history_url = args.history_url or f"sqlite:///{data_dir}/history.db"
    deadletter_url = args.deadletter_url or f"sqlite:///{data_dir}/deadletters.db"
    if not args.keep:
        for name in ("realtime.db", "history.db", "deadletters.db"):
            for suffix in ("", "-wal", "-shm", "-journal"):
                with contextlib.suppress(FileNotFoundError):
                    (data_dir / (name + suffix)).unlink()

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)

    broker: _Broker | None = None
    loaders: list[Any] = []
    pool: Any = None
    sim: subprocess.Popen[Any] | None = None
    server: _Server | None = None
    server_task: asyncio.Task[None] | None = None
    sim_log = None
    say(
        f"IoT-ASE demo: {scenario.nodes.count:,} nodes of {scenario.region.name},"
        f" data in {data_dir}"
    )
    try:
        # 1. broker
        if args.broker:
            broker_url = args.broker
            say(f"[{time.monotonic() - t0:5.1f}s] broker: using {broker_url}")
        else:
            broker = await asyncio.to_thread(_start_broker, args.broker_port, say)
            broker_url = broker.url
            say(
                f"[{time.monotonic() - t0:5.1f}s] broker: {broker.kind} on"
                f" mqtt://127.0.0.1:{broker.port} (pid {broker.proc.pid})"
            )
        figures.broker = broker_url

        # the simulator starts now and prepares its nodes while the stores load; it sends
        # nothing until it is released (a line on its stdin) once ingest is subscribed
        sim_cmd = [
            sys.executable, "-m", "iotase", "simulate", args.scenario,
            "--broker", broker_url.split("?")[0], "--start", "now", "--tenant", settings.tenant,
            "--nodes", str(scenario.nodes.count), "--rate", str(scenario.rates.updates_per_s),
            "--warm", "--wait-stdin",
        ]  # fmt: skip
        if args.seed is not None:
            sim_cmd += ["--seed", str(args.seed)]
        if not args.births_via_broker:
            sim_cmd.append("--no-births")
        sim_log = open(data_dir / "simulator.log", "w")  # noqa: SIM115 (closed in finally)
        sim = subprocess.Popen(
            sim_cmd, stdin=subprocess.PIPE, stdout=sim_log, stderr=subprocess.STDOUT
        )

        # 2. births straight into the real-time store, in a process of its own (CPU-bound)
        start_ms = int(time.time() * 1000)
        ctx = mp.get_context("spawn")
        progress = ctx.Value("q", 0)
        births_t0 = time.monotonic()
        loaders.clear()
        if not args.births_via_broker:
            # generation is CPU-bound: one loader per core, each with a contiguous share of nodes
            n = scenario.nodes.count
            parts = max(1, min(args.loaders, n // 1000 or 1))
            for j in range(parts):
                proc = ctx.Process(
                    target=_load_births,
                    args=(
                        args.scenario,
                        changes,
                        args.seed,
                        realtime_url,
                        progress,
                        start_ms,
                        j * n // parts,
                        (j + 1) * n // parts,
                    ),
                    name=f"iotase-demo-births-{j}",
                )
                proc.start()
                loaders.append(proc)

        # 3. the API (loads its models while the births stream in)
        try:
            from search.app import create_app
        except ImportError as exc:
            say(f"iotase demo: the API is not available ({exc}); is the search package installed?")
            return None
        # the stores live in the demo's directory; the API's own data (the embedding cache) stays
        # in settings.data_dir, shared with the other commands and kept across demo runs
        app_settings = settings.model_copy(
            update={
                "realtime_url": realtime_url,
                "history_url": history_url,
                "deadletter_url": deadletter_url,
                "broker_url": broker_url,
                "http_host": host,
                "http_port": port,
                **({"cache_url": args.cache_url} if args.cache_url else {}),
            }
        )
        api_t0 = time.monotonic()
        server = _Server(create_app(app_settings), host, port)
        server_task = asyncio.create_task(server.serve(), name="iotase-demo-api")
        base = f"http://{host}:{port}"
        figures.url = base
        health = asyncio.create_task(_wait_health(base, stop, 300.0))

        last = -1
        while any(p.is_alive() for p in loaders) and not stop.is_set():
            await asyncio.sleep(1.0)
            done = progress.value
            if done != last:
                say(
                    f"[{time.monotonic() - t0:5.1f}s] births loaded:"
                    f" {done:,} / {scenario.nodes.count:,}"
                )
                last = done
        if stop.is_set():
            return figures  # the loaders are stopped with everything else
        for proc in loaders:
            proc.join()
            if proc.exitcode != 0:
                say(f"iotase demo: loading births failed (exit code {proc.exitcode})")
                return None
        figures.births_s = round(time.monotonic() - births_t0, 2)
        figures.nodes_loaded = int(progress.value) if loaders else scenario.nodes.count
        if stop.is_set():
            return figures

        # 4. ingest workers
        from cloud._ingest import IngestConfig, IngestPool

        config = IngestConfig(
            broker_url=broker_url,
            tenant=settings.tenant,
            realtime_url=realtime_url,
            history_url=history_url,
            deadletter_url=deadletter_url,
            client_prefix=f"iotase-demo-{os.getpid()}",
        )
        pool = IngestPool(config, workers=max(1, args.workers), log_level="WARNING")
        await asyncio.to_thread(pool.start, 60.0)
        say(
            f"[{time.monotonic() - t0:5.1f}s] ingest: {pool.n} worker(s) subscribed to"
            f" {config.topic_filter()}"
        )

        # 5. the simulated city, warmed up already: release it
        assert sim is not None and sim.stdin is not None
        if sim.poll() is not None:
            say(
                f"iotase demo: the simulator exited with code {sim.returncode};"
                f" see {data_dir / 'simulator.log'}"
            )
            return None
        sim.stdin.write(b"go\n")
        sim.stdin.flush()
        say(
            f"[{time.monotonic() - t0:5.1f}s] simulator: {scenario.rates.updates_per_s:,.0f}"
            f" updates/s (pid {sim.pid}, log {data_dir / 'simulator.log'})"
        )

        # 6. ready when the API answers and live data flows
        if not await health:
            if not stop.is_set():
                say("iotase demo: the API did not report healthy within 300 s")
            return figures if stop.is_set() else None
        figures.api_s = round(time.monotonic() - api_t0, 2)
        # live data flows once ingest has seen a message beyond the births sent through it
        received0 = pool.counters().get("received", 0)
        if args.births_via_broker:
            received0 = max(received0, scenario.nodes.count)
        flow_deadline = time.monotonic() + (300 if args.births_via_broker else 30)
        while (
            pool.counters().get("received", 0) <= received0
            and time.monotonic() < flow_deadline
            and not stop.is_set()
        ):
            if sim.poll() is not None:
                say(
                    f"iotase demo: the simulator exited with code {sim.returncode};"
                    f" see {data_dir / 'simulator.log'}"
                )
                return None
            await asyncio.sleep(0.2)
        figures.ready_s = round(time.monotonic() - t0, 2)
        broker_port = BackendURL.parse(broker_url).port or 1883
        say("")
        say(
            f"Ready in {figures.ready_s:.1f} s: {figures.nodes_loaded or scenario.nodes.count:,}"
            f" nodes, broker {broker_url.split('?')[0]}"
        )
        say(f"  Web page:  {base}/")
        say(f"  API docs:  {base}/docs")
        for label, path in EXAMPLES:
            say(f"  {label + ':':15}curl '{base}{path}'")
        say(
            f"  {'datasheets:':15}curl -X POST {base}/v1/ask -H 'content-type: application/json' \\"
        )
        say(f"                   -d '{json.dumps({'question': ASK_EXAMPLE})}'")
        say(
            f"  {'publish:':15}mosquitto_pub -h 127.0.0.1 -p {broker_port}"
            f" -t 'uidi/v1/{settings.tenant}/toronto/<service>/<node>/input' -m '<UIDI JSON>'"
        )
        say("Ctrl-C stops everything.")

        # 7. run, reporting the live rate
        window_t, window_c = time.monotonic(), pool.counters()
        live_t0, live_c0 = window_t, window_c
        first_rate = True
        end_at = None if args.exit_after is None else time.monotonic() + args.exit_after
        while not stop.is_set():
            period = 5.0 if first_rate else 30.0
            if end_at is not None:
                period = min(period, max(0.0, end_at - time.monotonic()))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), period)
            now, counters = time.monotonic(), pool.counters()
            dt = max(now - window_t, 1e-9)
            rate = (counters["received"] - window_c["received"]) / dt
            written = (counters["written"] - window_c["written"]) / dt
            # the figures average over the whole live period; the line shows the last window
            span = max(now - live_t0, 1e-9)
            figures.updates_per_s = round((counters["received"] - live_c0["received"]) / span, 1)
            figures.ingest_written_per_s = round(
                (counters["written"] - live_c0["written"]) / span, 1
            )
            figures.live_s = round(span, 1)
            figures.ingest = counters
            say(
                f"[{now - t0:7.1f}s] live: {rate:,.0f} updates/s into ingest"
                f" ({written:,.0f} written/s);"
                f" totals {counters['received']:,} received, {counters['duplicate']:,} duplicate,"
                f" {counters['rejected']:,} rejected"
            )
            window_t, window_c, first_rate = now, counters, False
            if sim.poll() is not None:
                say(
                    f"iotase demo: the simulator exited with code {sim.returncode};"
                    f" see {data_dir / 'simulator.log'}"
                )
                break
            if end_at is not None and time.monotonic() >= end_at:
                break
        return figures
    finally:
        say("stopping…")
        if sim is not None:
            if sim.stdin is not None:
                with contextlib.suppress(OSError):
                    sim.stdin.close()
            _terminate(sim, "simulator")
        if sim_log is not None:
            sim_log.close()
        for proc in loaders:
            _terminate(proc, "births loader")
        if pool is not None:
            await asyncio.to_thread(pool.stop, 15.0)
        if server is not None:
            server.stop()
        if server_task is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(server_task, 15)
        if broker is not None:
            broker.stop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
        say(f"stopped after {time.monotonic() - t0:.1f} s")
