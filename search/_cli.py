"""Command line of the live search: ``services match|check``, ``search``, ``serve``, benchmarks.

Heavy imports (the model, FastAPI, the stores) happen inside the handlers, so ``iotase --help``
stays quick. The datasheet commands (``datasheet``, ``ask``, ``bench datasheet``) are registered
here too when ``search.datasheets`` is installed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

__all__ = ["register", "register_bench"]

log = logging.getLogger(__name__)


def _json_flag(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help="print exactly one JSON object on stdout")


def register(sub: Any) -> None:
    """Add ``services``, ``search`` and ``serve`` (and the datasheet commands when present)."""
    svc = sub.add_parser(
        "services", help="the service catalogue: match a request, check descriptions"
    )
    ssub = svc.add_subparsers(dest="services_cmd", metavar="ACTION", required=True)
    m = ssub.add_parser("match", help="top-p service selection for a request (catalogue only)")
    m.add_argument("request", nargs="?", help="the request, e.g. 'where can I unleash my dog'")
    m.add_argument("--batch", type=Path, help='JSON lines {"id", "query"}; answers one a line')
    _json_flag(m)
    m.set_defaults(handler=_cmd_match)
    c = ssub.add_parser(
        "check", help="report descriptions and phrases closer to another service than their own"
    )
    c.add_argument("--no-phrases", action="store_true", help="check descriptions only")
    _json_flag(c)
    c.set_defaults(handler=_cmd_check)
    vec = ssub.add_parser(
        "vectors", help="compute the catalogue vectors shipped in search/data/vectors/"
    )
    vec.set_defaults(handler=_cmd_vectors)

    s = sub.add_parser("search", help="live-service search: ranked nodes with cited readings")
    s.add_argument("request", nargs="?", help="e.g. 'an uncrowded dog park near me'")
    s.add_argument("--near", help="the user's position, LAT,LON")
    s.add_argument("--limit", type=int, default=10)
    s.add_argument("--batch", type=Path, help='JSON lines {"id", "query"[, "near"]}')
    _json_flag(s)
    s.set_defaults(handler=_cmd_search)

    v = sub.add_parser("serve", help="run the HTTP API and web page (uvicorn)")
    v.add_argument("--host", help="default: settings http_host")
    v.add_argument("--port", type=int, help="default: settings http_port")
    v.set_defaults(handler=_cmd_serve)

    try:
        from search.datasheets import _cli as ds_cli
    except ImportError as exc:
        log.debug("datasheet commands unavailable: %s", exc)
    else:
        ds_cli.register(sub)


def register_bench(names: Any) -> None:
    """Add ``bench intent`` and ``bench query`` (and ``bench datasheet`` when present)."""
    i = names.add_parser("intent", help="service-selection accuracy on the dev / held-out sets")
    i.add_argument(
        "--set",
        dest="devset",
        default="dev",
        help="a request set in search/data/devset (dev, dev2, heldout, …); "
        "both = dev + heldout, all = every set there",
    )
    i.add_argument(
        "--calibrate", action="store_true", help="tune on the development sets (dev, dev2)"
    )
    i.add_argument("--failures", action="store_true", help="list the requests that missed")
    _json_flag(i)
    i.set_defaults(handler=_cmd_bench_intent)
    q = names.add_parser("query", help="p50/p99 latency of /v1/search at 500 services, 37k nodes")
    q.add_argument("--nodes", type=int, default=37_000)
    q.add_argument("--requests", type=int, default=1000)
    q.add_argument("--seed", type=int, default=7)
    q.add_argument(
        "--db", type=Path, help="SQLite file for the bench city (default: data_dir/bench)"
    )
    _json_flag(q)
    q.set_defaults(handler=_cmd_bench_query)
    try:
        from search.datasheets import _cli as ds_cli
    except ImportError as exc:
        log.debug("datasheet bench unavailable: %s", exc)
    else:
        reg = getattr(ds_cli, "register_bench", None)
        if reg is not None:
            reg(names)


# -- helpers --------------------------------------------------------------------------------


def _print(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False, default=str) + "\n")
    sys.stdout.flush()


def _batch(path: Path) -> Iterator[dict[str, Any]]:
    for lineno, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not raw.strip():
            continue
        try:
            item = json.loads(raw)
        except json.JSONDecodeError as exc:
            yield {"id": None, "error": f"{path.name}:{lineno}: not JSON ({exc.msg})"}
            continue
        if not isinstance(item, dict) or not isinstance(item.get("query"), str):
            yield {
                "id": item.get("id") if isinstance(item, dict) else None,
                "error": f"{path.name}:{lineno}: needs a string 'query'",
            }
            continue
        yield item


def _need_request(args: argparse.Namespace) -> str | None:
    if args.batch is None and not args.request:
        sys.stderr.write("error: give a request, or --batch FILE\n")
        return None
    return str(args.request or "")


# -- services -------------------------------------------------------------------------------


def _cmd_match(args: argparse.Namespace, settings: Any) -> int:
    from search._agent_runtime import build_selector

    if _need_request(args) is None:
        return 2
    selector = build_selector(settings)

    def one(q: str) -> dict[str, Any]:
        return selector.match(q).as_json()

    if args.batch is not None:
        for item in _batch(args.batch):
            if "error" in item:
                _print(item)
            else:
                _print({"id": item.get("id"), **one(item["query"])})
        return 0
    out = one(args.request)
    if args.json:
        _print(out)
    else:
        if out["abstain"]:
            print(out["reason"])
        for r in out["ranking"][:5]:
            mark = "*" if r["service"] in out["selected"] else " "
            print(f"{mark} {r['service']:<36} score {r['score']:.3f}  p {r['probability']:.3f}")
    return 0


def _cmd_check(args: argparse.Namespace, settings: Any) -> int:
    from search._embed import Embedder
    from search.catalogue import check_catalogue, load_catalogue

    services = load_catalogue()
    embedder = Embedder.from_settings(settings)
    issues = check_catalogue(services, embedder, phrases=not args.no_phrases)
    desc = [i for i in issues if i.text_kind == "description"]
    out = {
        "services": len(services),
        "curated": sum(s.curated for s in services),
        "descriptions_closer_to_another": len(desc),
        "phrases_closer_to_another": len(issues) - len(desc),
        "issues": [
            {
                "service": i.service,
                "kind": i.text_kind,
                "text": i.text[:160],
                "own_similarity": round(i.own_similarity, 3),
                "nearest": i.nearest,
                "nearest_similarity": round(i.nearest_similarity, 3),
            }
            for i in issues
        ],
    }
    if args.json:
        _print(out)
    else:
        for i in issues:
            print(
                f"{i.service} ({i.text_kind}): closer to {i.nearest!r} "
                f"{i.nearest_similarity:.2f} > own {i.own_similarity:.2f}: {i.text[:80]}"
            )
        print(
            f"{len(desc)} descriptions and {len(issues) - len(desc)} phrases of "
            f"{len(services)} services sit closer to another service's name"
        )
    return 0


# -- search ---------------------------------------------------------------------------------


def _search_json(res: Any) -> dict[str, Any]:
    d: dict[str, Any] = res.model_dump(mode="json")
    d["results"] = [
        {
            "node": r["node"],
            "name": r["name"],
            "service": r["service"],
            "distance_m": r["distance_m"],
            "live": r["live"],
            "score": r["score"],
            "why": r["why"],
            "ages_s": r["ages_s"],
            "travel_min": r["travel_min"],
            "total_min": r["total_min"],
        }
        for r in d["results"]
    ]
    return dict(d)


def _cmd_search(args: argparse.Namespace, settings: Any) -> int:
    from search._agent_runtime import build_runtime
    from search.app._app import parse_near

    if _need_request(args) is None:
        return 2
    try:
        near = parse_near(args.near)
    except ValueError as exc:
        sys.stderr.write(f"error: --near: {exc}\n")
        return 2

    async def run() -> int:
        # The CLI must not fight a running server for Qdrant's local-mode lock: it selects
        # from the same vectors held in the on-disk embedding cache.
        rt = await build_runtime(settings, vectors=False)
        try:
            if args.batch is not None:
                for item in _batch(args.batch):
                    if "error" in item:
                        _print(item)
                        continue
                    try:
                        pos = parse_near(item.get("near"))
                    except ValueError as exc:
                        _print({"id": item.get("id"), "error": str(exc)})
                        continue
                    res = await rt.agent.search(item["query"], pos, limit=args.limit)
                    _print({"id": item.get("id"), **_search_json(res)})
                return 0
            res = await rt.agent.search(args.request, near, limit=args.limit)
            if args.json:
                _print(_search_json(res))
            else:
                print(f"[{res.status}] {res.answer}")
            return 0
        finally:
            await rt.close()

    return asyncio.run(run())


def _cmd_serve(args: argparse.Namespace, settings: Any) -> int:
    import uvicorn

    from search.app import create_app

    app = create_app(settings)
    uvicorn.run(
        app,
        host=args.host or settings.http_host,
        port=args.port or settings.http_port,
        log_level="info",
    )
    return 0


def _cmd_vectors(args: argparse.Namespace, settings: Any) -> int:
    import numpy as np

    from search._embed import SHIPPED_VECTORS, Embedder, text_key, write_vectors
    from search._select_unheld import UNHELD, unheld_phrases
    from search.catalogue import load_catalogue

    embedder = Embedder.from_settings(settings)
    # (aliases too: the selector compares each with its service's name; and the types the
    # catalogue does not hold, with their phrasings)
    texts = sorted(
        {t for svc in load_catalogue() for t in (*svc.texts(), *svc.aliases)}
        | set(UNHELD)
        | {p for _, p in unheld_phrases()}
    )
    vectors = embedder.encode(texts)
    path = SHIPPED_VECTORS / f"{embedder.model_id}.npz"
    write_vectors(path, [text_key(t) for t in texts], np.asarray(vectors))
    print(f"{len(texts)} catalogue vectors written to {path}")
    return 0


# -- benchmarks -----------------------------------------------------------------------------


def _cmd_bench_intent(args: argparse.Namespace, settings: Any) -> int:
    from search._agent_runtime import build_selector
    from search._select_calibrate import DEVSET_DIR, calibrate, evaluate, load_devset, load_devsets

    selector = build_selector(settings)
    out: dict[str, Any] = {
        "model": selector.index.model_id,
        "services": len(selector.services),
        "curated": sum(s.curated for s in selector.services),
    }
    if args.calibrate:
        cal, _ = calibrate(selector, load_devsets())
        selector.calibration = cal
        out["calibrated"] = True
    out["params"] = {k: v for k, v in vars(selector.calibration).items()}
    every = tuple(sorted(p.stem for p in DEVSET_DIR.glob("*.jsonl")))
    groups = {"both": ("dev", "heldout"), "all": every}
    sets = groups.get(args.devset, (args.devset,))
    for name in sets:
        res = evaluate(selector, load_devset(name), failures=args.failures)
        if len(sets) == 1:
            out.update(res)
            out["set"] = name
        else:
            out[name] = res
    if args.json:
        _print(out)
    else:
        print(json.dumps(out, indent=2, default=str))
    return 0


def _cmd_bench_query(args: argparse.Namespace, settings: Any) -> int:
    return asyncio.run(_bench_query(args, settings))


async def _bench_query(args: argparse.Namespace, settings: Any) -> int:
    import httpx

    import cloud
    from search._agent_bench import bench_requests, make_city, populate, run_query_bench
    from search._agent_runtime import build_runtime
    from search.app import create_app

    db = args.db or Path(settings.data_dir) / "bench" / f"realtime-{args.nodes}-{args.seed}.db"
    db.parent.mkdir(parents=True, exist_ok=True)
    fresh = not db.exists()
    store = await cloud.open_realtime(f"sqlite:///{db}")
    t0 = time.perf_counter()
    rt = await build_runtime(settings, realtime=store, vectors=True)
    setup: dict[str, Any] = {"runtime_s": round(time.perf_counter() - t0, 2)}
    try:
        count = await store.count()
        # Readings must be fresh for the reviewer: rebuild the city when it was written long ago.
        if fresh or count < args.nodes:
            t = time.perf_counter()
            pairs = make_city(rt.selector.services, rt.regions, args.nodes, seed=args.seed)
            await populate(store, pairs)
            setup["populate_s"] = round(time.perf_counter() - t, 2)
        else:
            t = time.perf_counter()
            pairs = make_city(rt.selector.services, rt.regions, args.nodes, seed=args.seed)
            await populate(store, [(tp, m) for tp, m in pairs if m.kind == "input"])
            setup["refresh_s"] = round(time.perf_counter() - t, 2)
        count = await store.count()
        app = create_app(settings, runtime=rt)
        requests = bench_requests(rt.selector.services, rt.regions, args.requests, seed=args.seed)
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://bench") as client:
            app.state.runtime = rt
            result = await run_query_bench(client, requests)
            # The same requests again: the query-embedding cache is warm now.
            cached = await run_query_bench(client, requests, warmup=0)
        out = {
            "name": "query",
            "backend": "sqlite",
            "nodes": count,
            "services": len(rt.selector.services),
            "llm": False,
            **result,
            "cached_p50_ms": cached["p50_ms"],
            "cached_p99_ms": cached["p99_ms"],
            "target_p50_ms": 20,
            "target_p99_ms": 60,
            "setup": setup,
            "vectors": rt.vectors_status,
            "embed_engine": rt.selector.embedder.engine,
            "note": "first pass: every request embedded once (cold query cache, warm model); "
            "cached_*: the same requests again with the query-embedding LRU warm",
        }
    finally:
        await rt.close()
        await store.close()
    if args.json:
        _print(out)
    else:
        print(json.dumps(out, indent=2))
    return 0


_HANDLERS: dict[str, Callable[..., int]] = {}
