"""Offline detection: nodes silent for longer than 1.5 × the keepalive they announced go offline.

The last will covers a connection the broker sees drop; this covers the rest: a node behind a
gateway, a device that hangs with its TCP connection open, a will lost with the broker. Marks are
stamped with the cloud's clock, so that they order after the node's last message; fresh data or a
new birth brings the node back online (the real-time store's rules).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

__all__ = ["mark_stale_offline", "watch_offline"]

log = logging.getLogger(__name__)


async def mark_stale_offline(
    realtime: Any, *, factor: float = 1.5, now_ms: int | None = None
) -> list[str]:
    """Mark every online node silent for more than ``factor`` × keepalive offline; return them."""
    now = time.time_ns() // 1_000_000 if now_ms is None else now_ms
    marked = []
    for doc in await realtime.stale(now, factor=factor):
        if await realtime.set_lifecycle(doc.node, "offline", now):
            log.info(
                "node %s offline: silent for %d ms, keepalive %s s",
                doc.node,
                now - doc.last_seen_ms,
                doc.keepalive_s,
            )
            marked.append(doc.node)
    return marked


async def watch_offline(
    realtime: Any,
    stop: asyncio.Event,
    *,
    interval_s: float = 1.0,
    factor: float = 1.5,
    on_marked: Callable[[list[str]], Awaitable[None]] | None = None,
) -> None:
    """Run :func:`mark_stale_offline` every ``interval_s`` until ``stop`` is set.

    ``on_marked`` is awaited with the nodes of each round that marked any.
    """
    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), interval_s)
        if stop.is_set():
            return
        try:
            marked = await mark_stale_offline(realtime, factor=factor)
            if marked and on_marked is not None:
                await on_marked(marked)
        except Exception:
            # a store hiccup must not end the watch; the next round retries
            log.warning("offline check failed", exc_info=True)
