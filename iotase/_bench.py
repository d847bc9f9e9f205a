"""``iotase bench NAME``: benchmarks registered by the packages that own what they measure."""

from __future__ import annotations

import argparse
import importlib
from typing import Any

# Modules that may define ``register_bench(subparsers)``; each adds ``bench <name>`` parsers
# whose handler prints one JSON object with ``--json``.
BENCH_MODULES = ("cloud._cli", "search._cli", "simulators._cli", "iotase._demo")


def register(sub: Any) -> None:
    """Add ``iotase bench`` and every package's benchmark beneath it."""
    bench = sub.add_parser("bench", help="measure throughput, latency and accuracy")
    names = bench.add_subparsers(dest="bench", metavar="NAME", required=True)
    for name in BENCH_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            continue
        register_bench = getattr(module, "register_bench", None)
        if register_bench is not None:
            register_bench(names)


def add_json_flag(parser: argparse.ArgumentParser) -> None:
    """The flag every benchmark takes: print exactly one JSON object on stdout."""
    parser.add_argument("--json", action="store_true", help="print one JSON object on stdout")
