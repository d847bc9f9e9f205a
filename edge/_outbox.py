"""Store-and-forward: an SQLite queue file holding every message until the broker acknowledged it.

One file per node. Rows survive a broker outage and an edge process restart; a row is deleted only
once its PUBACK arrived. The per-node sequence counter lives in the same file, so ``seq`` stays
monotonic across restarts (ingest deduplicates on (node, seq)).
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from pathlib import Path

from edge._errors import EdgeError

__all__ = ["Outbox"]

log = logging.getLogger(__name__)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    topic TEXT NOT NULL,
    payload BLOB NOT NULL,
    qos INTEGER NOT NULL,
    retain INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL);
"""


class Outbox:
    """A durable FIFO of MQTT publications plus the node's sequence counter.

    Blocking (sqlite3); the publisher calls it from a worker thread. Thread-safe by a lock.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            # WAL + NORMAL: a commit survives a process crash (the case store-and-forward is for)
            # without an fsync per message.
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)
        except sqlite3.Error as exc:
            raise EdgeError(f"outbox {self.path!r}: cannot open ({exc})") from exc
        self._lock = threading.Lock()

    def next_seq(self, node: str) -> int:
        """Reserve and return the next sequence number for ``node`` (0 first)."""
        with self._lock:
            row = self._db.execute(
                "INSERT INTO counters(name, value) VALUES (?, 0)"
                " ON CONFLICT(name) DO UPDATE SET value = value + 1 RETURNING value",
                (f"seq:{node}",),
            ).fetchone()
        return int(row[0])

    def put(self, topic: str, payload: bytes, qos: int = 1, retain: bool = False) -> int:
        """Append one publication; returns its row id."""
        with self._lock:
            cur = self._db.execute(
                "INSERT INTO outbox(topic, payload, qos, retain) VALUES (?, ?, ?, ?)",
                (topic, payload, qos, int(retain)),
            )
        return int(cur.lastrowid or 0)

    def fetch(self, after_id: int, limit: int) -> list[tuple[int, str, bytes, int, bool]]:
        """Up to ``limit`` rows with id > ``after_id``, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, topic, payload, qos, retain FROM outbox"
                " WHERE id > ? ORDER BY id LIMIT ?",
                (after_id, limit),
            ).fetchall()
        return [(int(r[0]), str(r[1]), bytes(r[2]), int(r[3]), bool(r[4])) for r in rows]

    def delete(self, ids: list[int]) -> None:
        """Remove acknowledged rows."""
        if not ids:
            return
        with self._lock:
            self._db.execute("BEGIN")
            self._db.executemany("DELETE FROM outbox WHERE id = ?", [(i,) for i in ids])
            self._db.execute("COMMIT")

    def pending(self) -> int:
        """Rows still waiting for a broker acknowledgement."""
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM outbox").fetchone()[0])

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()
