"""The ``iotase`` console script: one argparse parser, subcommands registered by the packages."""

from __future__ import annotations

import argparse
import importlib
import logging
import sys
from collections.abc import Sequence
from types import ModuleType

from iotase.settings import Settings

# Each module has ``register(subparsers)``; they are imported in this order, so the help lists
# commands in the order a newcomer meets them.
COMMAND_MODULES = (
    "iotase._demo",
    "cloud._cli",
    "edge._cli",
    "simulators._cli",
    "search._cli",
    "uidi._cli",
    "iotase._bench",
)


def build_parser() -> argparse.ArgumentParser:
    """Return the full parser, with every package's subcommands."""
    parser = argparse.ArgumentParser(
        prog="iotase",
        description="IoT-ASE: real-time search over live IoT data and datasheet knowledge.",
    )
    parser.add_argument(
        "--log-level", default=None, help="DEBUG, INFO, WARNING (default: settings)"
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for module in optional_modules(COMMAND_MODULES):
        module.register(sub)
    return parser


def optional_modules(names: Sequence[str]) -> list[ModuleType]:
    """Import the named modules that exist; a module that fails to import for another reason
    (a missing dependency inside it) still raises."""
    modules = []
    for name in names:
        try:
            modules.append(importlib.import_module(name))
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
    return modules


def main(argv: Sequence[str] | None = None) -> int:
    """Parse arguments, build the settings once, and run the chosen subcommand."""
    parser = build_parser()
    args = parser.parse_args(argv)
    settings = Settings()
    level = (args.log_level or settings.log_level).upper()
    logging.basicConfig(
        level=level, stream=sys.stderr, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    if level != "DEBUG":
        # httpx logs every request it sends at INFO: a thousand lines for one bench run.
        logging.getLogger("httpx").setLevel(logging.WARNING)
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_usage(sys.stderr)
        return 2
    try:
        return int(handler(args, settings) or 0)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
