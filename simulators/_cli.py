"""``iotase simulate``, ``iotase replay`` and ``iotase bench simulate``."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import signal
import sys
import threading
import time
from typing import Any

__all__ = ["register", "register_bench"]

log = logging.getLogger(__name__)


def _outage(text: str) -> dict[str, float]:
    try:
        at, _, length = text.partition(":")
        return {"at_s": float(at), "for_s": float(length)}
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"--outage {text!r}: expected AT:FOR in seconds, e.g. 30:10"
        ) from None


def register(sub: Any) -> None:
    """Add ``simulate``, ``replay`` and ``record``."""
    p = sub.add_parser(
        "simulate",
        help="run a city scenario against a broker (optionally recording it)",
        description="Run a city scenario: births, then live updates paced to the scenario clock.",
    )
    p.add_argument("scenario", help="scenario file (YAML/JSON) or built-in name: toronto, small")
    p.add_argument(
        "--rate", type=float, default=None, help="node updates per second (scenario default)"
    )
    p.add_argument("--seed", type=int, default=None, help="random seed (scenario default)")
    p.add_argument("--nodes", type=int, default=None, help="node count (scenario default)")
    p.add_argument(
        "--record",
        default=None,
        metavar="FILE",
        help="record what is published (JSON lines; .gz ok)",
    )
    p.add_argument(
        "--broker", default=None, metavar="URL", help="broker URL (default: settings.broker_url)"
    )
    p.add_argument(
        "--duration",
        type=float,
        default=None,
        metavar="S",
        help="seconds of live updates (default: until Ctrl-C)",
    )
    p.add_argument(
        "--start", default=None, help="scenario start: now or ISO 8601 with zone (scenario default)"
    )
    p.add_argument(
        "--speed",
        type=float,
        default=1.0,
        help="scenario seconds per wall second (0: as fast as possible)",
    )
    p.add_argument("--tenant", default=None, help="tenant topic level (scenario default)")
    p.add_argument(
        "--no-births", action="store_true", help="skip births (already loaded into the store)"
    )
    p.add_argument(
        "--warm", action="store_true", help="generate every node before sending anything"
    )
    p.add_argument(
        "--wait-stdin",
        action="store_true",
        help="wait for a line on stdin before sending (EOF stops); used by `iotase demo`",
    )
    faults = p.add_argument_group("faults (override the scenario's)")
    for name in ("drop", "duplicate", "reorder", "delay", "corrupt"):
        faults.add_argument(
            f"--{name}",
            type=float,
            default=None,
            metavar="P",
            help=f"probability to {name} a message",
        )
    faults.add_argument(
        "--kill-nodes", type=int, default=None, metavar="N", help="silence N nodes (no disconnect)"
    )
    faults.add_argument(
        "--kill-at",
        type=float,
        default=None,
        metavar="S",
        help="when to kill them (s into the run)",
    )
    faults.add_argument(
        "--outage",
        type=_outage,
        action="append",
        default=None,
        metavar="AT:FOR",
        help="take the broker link away FOR s at AT s (repeatable)",
    )
    p.add_argument("--json", action="store_true", help="print the run report as one JSON object")
    p.set_defaults(handler=_simulate)

    r = sub.add_parser(
        "replay",
        help="publish a recording again with scaled timing",
        description="Replay a recording: same messages, same order, timing divided by --speed.",
    )
    r.add_argument("file", help="recording made with `iotase simulate --record`")
    r.add_argument(
        "--speed",
        type=float,
        default=1.0,
        help="time scale (2: twice as fast; 0: as fast as possible)",
    )
    r.add_argument(
        "--broker", default=None, metavar="URL", help="broker URL (default: settings.broker_url)"
    )
    r.add_argument("--json", action="store_true", help="print the replay report as one JSON object")
    r.set_defaults(handler=_replay)

    rec = sub.add_parser(
        "record",
        help="record what crosses a broker to a file (for `iotase replay`)",
        description="Subscribe to a broker and record every message with its timing.",
    )
    rec.add_argument("file", help="recording to write (JSON lines; .gz ok)")
    rec.add_argument("--broker", default=None, metavar="URL", help="broker URL (default: settings)")
    rec.add_argument("--topic", default="uidi/v1/#", help="topic filter (default: uidi/v1/#)")
    rec.add_argument("--duration", type=float, default=None, metavar="S", help="stop after S s")
    rec.add_argument("--json", action="store_true", help="print the result as one JSON object")
    rec.set_defaults(handler=_record)


def register_bench(names: Any) -> None:
    """Add ``bench simulate`` (engine throughput without a broker)."""
    b = names.add_parser("simulate", help="city generation and update throughput (no broker)")
    b.add_argument("--scenario", default="toronto")
    b.add_argument("--nodes", type=int, default=37_000)
    b.add_argument(
        "--seconds", type=float, default=5.0, help="scenario seconds of updates to generate"
    )
    b.add_argument("--rate", type=float, default=1200.0)
    b.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    b.set_defaults(handler=_bench_simulate)


def _load(args: argparse.Namespace) -> Any:
    from simulators._scenario import load_scenario

    scenario = load_scenario(args.scenario)
    changes: dict[str, Any] = {}
    if getattr(args, "nodes", None):
        changes["nodes.count"] = args.nodes
    if getattr(args, "tenant", None):
        changes["tenant"] = args.tenant
    fault_keys = {
        "drop": "drop",
        "duplicate": "duplicate",
        "reorder": "reorder",
        "delay": "delay",
        "corrupt": "corrupt",
        "kill_nodes": "kill_nodes",
        "kill_at": "kill_at_s",
        "outage": "broker_outages",
    }
    for arg, key in fault_keys.items():
        value = getattr(args, arg, None)
        if value is not None:
            changes[f"faults.{key}"] = value
    return scenario.with_overrides(**changes) if changes else scenario


def _progress(event: dict[str, Any]) -> None:
    print(json.dumps(event), file=sys.stderr, flush=True)


def _run_until_signal(coro_factory: Any) -> Any:
    async def main() -> Any:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.add_signal_handler(sig, stop.set)
        return await coro_factory(stop)

    return asyncio.run(main())


def _simulate(args: argparse.Namespace, settings: Any) -> int:
    from simulators._errors import SimulatorError
    from simulators._runner import run_simulation

    try:
        scenario = _load(args)
    except SimulatorError as exc:
        print(f"iotase simulate: {exc}", file=sys.stderr)
        return 2
    broker = args.broker or settings.broker_url
    start = args.start
    if start is not None and start.lstrip("-").isdigit():
        start = int(start)

    async def go(stop: asyncio.Event) -> Any:
        release = None
        if args.wait_stdin:
            release = asyncio.Event()
            loop = asyncio.get_running_loop()

            def read_line() -> None:
                line = sys.stdin.readline()
                loop.call_soon_threadsafe(release.set if line else stop.set)

            threading.Thread(target=read_line, name="wait-stdin", daemon=True).start()
        return await run_simulation(
            scenario,
            broker_url=broker,
            seed=args.seed,
            rate=args.rate,
            duration_s=args.duration,
            record=args.record,
            start=start,
            births=not args.no_births,
            speed=args.speed,
            stop=stop,
            progress=None if args.json else _progress,
            warm=args.warm,
            go=release,
        )

    try:
        report = _run_until_signal(go)
    except SimulatorError as exc:
        print(f"iotase simulate: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(report.as_dict()))
    else:
        print(
            f"{report.scenario}: {report.nodes} nodes, {report.births} births, "
            f"{report.inputs} inputs "
            f"in {report.live_s:.1f} s ({report.updates_per_s:.0f}/s), {report.published} published"
            + (f", {report.recorded} recorded to {report.record}" if report.record else "")
        )
        if report.faults:
            print("faults: " + json.dumps(report.faults))
    return 0


def _replay(args: argparse.Namespace, settings: Any) -> int:
    from simulators._errors import SimulatorError
    from simulators._runner import replay

    broker = args.broker or settings.broker_url

    async def go(stop: asyncio.Event) -> Any:
        return await replay(
            args.file,
            broker_url=broker,
            speed=args.speed,
            stop=stop,
            progress=None if args.json else _progress,
        )

    try:
        result = _run_until_signal(go)
    except SimulatorError as exc:
        print(f"iotase replay: {exc}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"replayed {result['published']} of {result['messages']} messages"
            f" in {result['elapsed_s']} s"
        )
    return 0


def _record(args: argparse.Namespace, settings: Any) -> int:
    from simulators._errors import SimulatorError
    from simulators._runner import record_broker

    broker = args.broker or settings.broker_url

    async def go(stop: asyncio.Event) -> Any:
        return await record_broker(
            args.file,
            broker_url=broker,
            topic_filter=args.topic,
            duration_s=args.duration,
            stop=stop,
        )

    try:
        result = _run_until_signal(go)
    except SimulatorError as exc:
        print(f"iotase record: {exc}", file=sys.stderr)
        return 1
    print(
        json.dumps(result)
        if args.json
        else f"recorded {result['recorded']} messages to {args.file}"
    )
    return 0


def _bench_simulate(args: argparse.Namespace, settings: Any) -> int:
    from simulators._engine import CityEngine
    from simulators._scenario import load_scenario

    scenario = load_scenario(args.scenario).with_overrides(
        **{"nodes.count": args.nodes, "clock.start": "2026-06-05T16:00:00Z"}
    )
    engine = CityEngine(scenario, rate=args.rate)
    t0 = time.perf_counter()
    for i in range(len(engine.city)):
        engine.city.node(i)
    gen_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    births = sum(1 for _ in engine.births())
    births_s = time.perf_counter() - t0
    ticks = int(args.seconds * 1000 / engine.rates.tick_ms)
    t0 = time.perf_counter()
    n = sum(len(engine.tick(k)) for k in range(ticks))
    live_s = time.perf_counter() - t0
    result = {
        "n": len(engine.city),
        "node_gen_per_s": round(len(engine.city) / gen_s, 1),
        "births_per_s": round(births / births_s, 1),
        "msgs_per_s": round(n / live_s, 1),
        "updates_per_s": round(engine.counters.updates / live_s, 1),
        "inputs": engine.counters.inputs,
        "scenario_rate": args.rate,
        "realtime_factor": round((n / live_s) / max(args.rate, 1e-9), 2),
    }
    print(json.dumps(result) if args.json else "\n".join(f"{k}: {v}" for k, v in result.items()))
    return 0
