"""Recordings: what crossed the broker, one JSON object a line, with timestamps.

The first line is a header (``{"format": "iotase-recording", "version": 1, ...}``); every other
line is ``{"t": <ms since the recording started>, "topic", "qos", "retain", "payload"}`` where
``payload`` is the UTF-8 text, or ``payload_b64`` when the bytes are not UTF-8 (corrupted
messages are recorded as they were sent). A name ending in ``.gz`` is gzip-compressed.
"""

from __future__ import annotations

import base64
import gzip
import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from simulators._errors import RecordingError

__all__ = ["RecordedMessage", "Recorder", "read_recording"]

FORMAT = "iotase-recording"
VERSION = 1


@dataclass(frozen=True, slots=True)
class RecordedMessage:
    """One recorded publish: offset from the start of the recording (ms), topic, payload, flags."""

    t: float
    topic: str
    payload: bytes
    qos: int
    retain: bool


def _open(path: Path, mode: str) -> IO[str]:
    if path.suffix == ".gz":
        return gzip.open(path, mode + "t", encoding="utf-8")  # type: ignore[return-value]
    return open(path, mode, encoding="utf-8")


class Recorder:
    """Appends publishes to a recording: ``with Recorder(path, meta) as rec: rec.write(...)``."""

    def __init__(self, path: str | Path, meta: dict[str, Any] | None = None) -> None:
        self.path = Path(path)
        self.meta = dict(meta or {})
        self.count = 0
        self._t0: float | None = None
        self._fh: IO[str] | None = None

    def __enter__(self) -> Recorder:
        self.open()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def open(self) -> None:
        """Create the file and write the header."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fh = _open(self.path, "w")
        header = {
            "format": FORMAT,
            "version": VERSION,
            "created_ms": int(time.time() * 1000),
            **self.meta,
        }
        self._fh.write(json.dumps(header, separators=(",", ":")) + "\n")

    def write(
        self, topic: str, payload: bytes, qos: int, retain: bool, *, at: float | None = None
    ) -> None:
        """Record one publish; ``at`` is a ``time.monotonic()`` reading (now by default)."""
        if self._fh is None:
            raise RecordingError(f"recording {self.path}: write before open")
        now = time.monotonic() if at is None else at
        if self._t0 is None:
            self._t0 = now
        row: dict[str, Any] = {"t": round((now - self._t0) * 1000.0, 3), "topic": topic, "qos": qos}
        if retain:
            row["retain"] = True
        try:
            row["payload"] = payload.decode("utf-8")
        except UnicodeDecodeError:
            row["payload_b64"] = base64.b64encode(payload).decode("ascii")
        self._fh.write(json.dumps(row, separators=(",", ":"), ensure_ascii=False) + "\n")
        self.count += 1

    def close(self) -> None:
        """Flush and close the file."""
        if self._fh is not None:
            self._fh.close()
            self._fh = None


def read_header(path: str | Path) -> dict[str, Any]:
    """The header of a recording; raises ``RecordingError`` if the file is not one."""
    p = Path(path)
    try:
        with _open(p, "r") as fh:
            first = fh.readline()
        header = json.loads(first)
    except (OSError, json.JSONDecodeError, EOFError, gzip.BadGzipFile) as exc:
        raise RecordingError(f"recording {p}: line 1 is not a recording header: {exc}") from exc
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise RecordingError(f'recording {p}: line 1 lacks "format": "{FORMAT}"')
    if header.get("version") != VERSION:
        raise RecordingError(f"recording {p}: version {header.get('version')!r} is not {VERSION}")
    return header


def read_recording(path: str | Path) -> Iterator[RecordedMessage]:
    """Stream the messages of a recording in order; errors name the file and the line."""
    p = Path(path)
    read_header(p)
    with _open(p, "r") as fh:
        fh.readline()
        for lineno, line in enumerate(fh, 2):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                if "payload" in row:
                    payload = str(row["payload"]).encode("utf-8")
                else:
                    payload = base64.b64decode(row["payload_b64"], validate=True)
                yield RecordedMessage(
                    t=float(row["t"]),
                    topic=str(row["topic"]),
                    payload=payload,
                    qos=int(row.get("qos", 0)),
                    retain=bool(row.get("retain", False)),
                )
            except (json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
                raise RecordingError(f"recording {p}:{lineno}: unreadable row: {exc}") from exc
