"""Redis cache (``redis://host:6379/0?prefix=iotase:``), on ``redis.asyncio``.

Every key is stored under the URL's ``prefix`` (default ``iotase:``) so that several deployments
or tests can share one server. Expiry is Redis's own (``PX``), so every worker sees the same TTL.
"""

from __future__ import annotations

import logging
from typing import Any

import redis.asyncio as aioredis
import redis.exceptions

from cloud._errors import BackendUnavailable, InvalidInput, StoreError
from cloud.stores._common import redact, url_options

__all__ = ["RedisCache"]

logger = logging.getLogger(__name__)


class RedisCache:
    """A :class:`cloud.Cache` on a Redis server."""

    def __init__(self, url: str, client: Any, prefix: str) -> None:
        self._where = f"Redis {redact(url)!r}"
        self._client = client
        self._prefix = prefix

    @classmethod
    async def open(cls, url: str) -> RedisCache:
        """Connect to the server at ``url`` and check that it answers."""
        prefix = url_options(url).get("prefix", "iotase:")
        # redis-py rejects query options it does not know; ours is consumed here.
        base = url.split("?", 1)[0]
        client = aioredis.from_url(  # type: ignore[no-untyped-call]
            base, socket_connect_timeout=5, socket_timeout=10
        )
        store = cls(url, client, prefix)
        try:
            await client.ping()
        except redis.exceptions.RedisError as exc:
            await client.aclose()
            raise BackendUnavailable(f"{store._where}: cannot connect: {exc}") from exc
        return store

    async def __aenter__(self) -> RedisCache:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def _key(self, key: str) -> str:
        if not isinstance(key, str) or not key:
            raise InvalidInput(f"cache key {key!r}: must be a non-empty string")
        return self._prefix + key

    async def get(self, key: str) -> bytes | None:
        """The value, or ``None`` if missing or expired."""
        try:
            value = await self._client.get(self._key(key))
        except redis.exceptions.RedisError as exc:
            raise StoreError(f"{self._where}: GET {key[:100]!r}: {exc}") from exc
        return None if value is None else bytes(value)

    async def set(self, key: str, value: bytes, ttl_s: float | None = None) -> None:
        """Store ``value`` for ``ttl_s`` seconds (forever when ``None``), millisecond precision."""
        if not isinstance(value, bytes | bytearray | memoryview):
            raise InvalidInput(
                f"cache key {key!r}: value must be bytes, got {type(value).__name__}"
            )
        if ttl_s is not None and ttl_s <= 0:
            raise InvalidInput(f"cache key {key!r}: ttl_s {ttl_s!r} must be > 0")
        px = None if ttl_s is None else max(1, round(ttl_s * 1000))
        try:
            await self._client.set(self._key(key), bytes(value), px=px)
        except redis.exceptions.RedisError as exc:
            raise StoreError(f"{self._where}: SET {key[:100]!r}: {exc}") from exc

    async def delete(self, key: str) -> bool:
        """Remove ``key``; ``True`` if it was there."""
        try:
            return bool(await self._client.delete(self._key(key)))
        except redis.exceptions.RedisError as exc:
            raise StoreError(f"{self._where}: DEL {key[:100]!r}: {exc}") from exc

    async def ttl(self, key: str) -> float | None:
        """Seconds left before ``key`` expires; ``None`` if it has no expiry or is missing."""
        try:
            ms = await self._client.pttl(self._key(key))
        except redis.exceptions.RedisError as exc:
            raise StoreError(f"{self._where}: PTTL {key[:100]!r}: {exc}") from exc
        return None if ms is None or ms < 0 else ms / 1000

    async def close(self) -> None:
        """Close the connection pool."""
        await self._client.aclose()
