"""Open a store from its URL: the scheme picks the backend, imported only when used.

=============  ==========================================================================
scheme         backends
=============  ==========================================================================
``memory``     every store, in process (``memory://NAME`` shares one store per name)
``sqlite``     real-time, history, dead letters (``sqlite:///rel.db``, ``sqlite:////abs.db``)
``mongodb``    real-time, history, dead letters (``mongodb://user:pw@host/db``; ``mongodb+srv``)
``mongomock``  the MongoDB backends on mongomock-ng, for tests (``mongomock://test/db``)
``redis``      cache (``redis://host:6379/0?prefix=iotase:``; ``rediss`` for TLS)
=============  ==========================================================================
"""

from __future__ import annotations

import logging
from typing import Any

from cloud._errors import BackendUnavailable
from cloud._models import Cache, DeadLetterStore, HistoryStore, RealtimeStore
from cloud.stores._common import redact
from uidi import UidiError, load_backend

__all__ = ["open_cache", "open_deadletters", "open_history", "open_realtime"]

logger = logging.getLogger(__name__)

_MONGO = "cloud.stores._mongo"
_SQLITE = "cloud.stores._sqlite"
_MEMORY = "cloud.stores._memory"

# scheme → "module:attr [extra]"; the extra is what ``pip install 'iotase[extra]'`` needs.
REALTIME_BACKENDS: dict[str, str] = {
    "memory": f"{_MEMORY}:MemoryRealtimeStore",
    "sqlite": f"{_SQLITE}:SqliteRealtimeStore",
    "mongodb": f"{_MONGO}:MongoRealtimeStore [mongo]",
    "mongodb+srv": f"{_MONGO}:MongoRealtimeStore [mongo]",
    "mongomock": f"{_MONGO}:MongoRealtimeStore [mongo]",
}
HISTORY_BACKENDS: dict[str, str] = {
    "memory": f"{_MEMORY}:MemoryHistoryStore",
    "sqlite": f"{_SQLITE}:SqliteHistoryStore",
    "mongodb": f"{_MONGO}:MongoHistoryStore [mongo]",
    "mongodb+srv": f"{_MONGO}:MongoHistoryStore [mongo]",
    "mongomock": f"{_MONGO}:MongoHistoryStore [mongo]",
}
CACHE_BACKENDS: dict[str, str] = {
    "memory": f"{_MEMORY}:MemoryCache",
    "redis": "cloud.stores._redis:RedisCache [redis]",
    "rediss": "cloud.stores._redis:RedisCache [redis]",
}
DEADLETTER_BACKENDS: dict[str, str] = {
    "memory": f"{_MEMORY}:MemoryDeadLetterStore",
    "sqlite": f"{_SQLITE}:SqliteDeadLetterStore",
    "mongodb": f"{_MONGO}:MongoDeadLetterStore [mongo]",
    "mongodb+srv": f"{_MONGO}:MongoDeadLetterStore [mongo]",
    "mongomock": f"{_MONGO}:MongoDeadLetterStore [mongo]",
}


def _load(url: str, table: dict[str, str], what: str) -> Any:
    """Import the class serving ``url``'s scheme, with errors a user can act on."""
    try:
        return load_backend(url, table, what)
    except UidiError as exc:
        raise BackendUnavailable(str(exc)) from exc


async def _open(url: str, table: dict[str, str], what: str, options: dict[str, Any]) -> Any:
    cls = _load(url, table, what)
    store = await cls.open(url, **options)
    logger.info("opened %s %s", what, redact(url))
    return store


async def open_realtime(url: str, **options: Any) -> RealtimeStore:
    """Open the real-time store at ``url`` (``memory://``, ``sqlite:///…``, ``mongodb://…``).

    ``options`` go to the backend (``clock=`` for a controllable wall clock in tests).
    """
    store: RealtimeStore = await _open(url, REALTIME_BACKENDS, "real-time store", options)
    return store


async def open_history(url: str, **options: Any) -> HistoryStore:
    """Open the history store at ``url`` (``memory://``, ``sqlite:///…``, ``mongodb://…``)."""
    store: HistoryStore = await _open(url, HISTORY_BACKENDS, "history store", options)
    return store


async def open_cache(url: str, **options: Any) -> Cache:
    """Open the cache at ``url`` (``memory://``, ``redis://host:port/db?prefix=…``).

    ``options``: ``clock=`` (memory only) for a controllable monotonic clock in tests.
    """
    store: Cache = await _open(url, CACHE_BACKENDS, "cache", options)
    return store


async def open_deadletters(url: str, **options: Any) -> DeadLetterStore:
    """Open the dead-letter store at ``url`` (``memory://``, ``sqlite:///…``, ``mongodb://…``)."""
    store: DeadLetterStore = await _open(url, DEADLETTER_BACKENDS, "dead-letter store", options)
    return store
