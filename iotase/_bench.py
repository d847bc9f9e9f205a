"""``iotase bench NAME``: benchmarks registered by the packages that own what they measure."""

from __future__ import annotations

from typing import Any

from iotase.cli import optional_modules

# Modules that may define ``register_bench(subparsers)``; each adds ``bench <name>`` parsers
# whose handler prints one JSON object with ``--json``.
BENCH_MODULES = ("cloud._cli", "search._cli", "simulators._cli", "iotase._demo")


def register(sub: Any) -> None:
    """Add ``iotase bench`` and every package's benchmark beneath it."""
    bench = sub.add_parser("bench", help="measure throughput, latency and accuracy")
    names = bench.add_subparsers(dest="bench", metavar="NAME", required=True)
    for module in optional_modules(BENCH_MODULES):
        register_bench = getattr(module, "register_bench", None)
        if register_bench is not None:
            register_bench(names)
