"""``iotase uidi``: print JSON Schemas and validate message files."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from pathlib import Path
from typing import Any

__all__ = ["register"]

logger = logging.getLogger(__name__)


def register(subparsers: Any) -> None:
    """Add ``uidi schema`` and ``uidi validate`` to the ``iotase`` parser."""
    parser = subparsers.add_parser(
        "uidi", help="UIDI protocol tools: JSON Schemas, message validation"
    )
    sub = parser.add_subparsers(dest="uidi_command", metavar="SUBCOMMAND", required=True)

    schema = sub.add_parser("schema", help="print the JSON Schema of one kind, or of all kinds")
    schema.add_argument(
        "--kind",
        choices=["input", "output", "setting", "command", "state"],
        help="one message kind (default: all, as {kind: schema})",
    )
    schema.set_defaults(handler=_schema)

    validate = sub.add_parser(
        "validate",
        help="decode a message (JSON or binary) and print it normalised, or the error",
    )
    validate.add_argument("file", help="message file, or - for standard input")
    validate.add_argument("--topic", help="also check the payload against this topic")
    validate.add_argument(
        "--now-ms", type=int, default=None, help="receiver clock for the future check (UTC ms)"
    )
    validate.add_argument(
        "--max-future-ms",
        type=int,
        default=300_000,
        help="how far ahead of the clock ts may be (default 300000; negative disables)",
    )
    validate.set_defaults(handler=_validate)


def _schema(args: argparse.Namespace, settings: object) -> int:
    from uidi._schema import all_schemas, json_schema

    result = json_schema(args.kind) if args.kind else all_schemas()
    _emit(json.dumps(result, indent=2, ensure_ascii=False))
    return 0


def _emit(text: str) -> None:
    # Piping into `head` closes stdout early; that is the reader's choice, not an error.
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115  # silence the flush at interpreter exit


def _validate(args: argparse.Namespace, settings: object) -> int:
    from uidi._codec import decode, to_envelope
    from uidi._errors import UidiError

    source = "standard input" if args.file == "-" else args.file
    try:
        data = sys.stdin.buffer.read() if args.file == "-" else Path(args.file).read_bytes()
    except OSError as exc:
        print(f"error: cannot read {source}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    try:
        message = decode(
            data,
            now_ms=args.now_ms,
            max_future_ms=None if args.max_future_ms < 0 else args.max_future_ms,
            topic=args.topic,
        )
    except UidiError as exc:
        print(f"invalid ({exc.rule}): {exc}", file=sys.stderr)
        return 1
    _emit(json.dumps(to_envelope(message), indent=2, ensure_ascii=False))
    return 0
