"""Counter-based randomness: any draw is a pure function of (seed, keys), so node ``i`` or tick
``k`` can be generated alone, in any order, and always the same (streaming generation of a
million nodes needs no state, and a run is reproducible from its seed).

Draws come from BLAKE2b over the packed keys: one C call yields eight 64-bit values, which is
several times cheaper in CPython than doing 64-bit integer mixing in Python arithmetic.
"""

from __future__ import annotations

import struct
from hashlib import blake2b

__all__ = ["Draw", "mix", "unit"]

_INV_2_53 = 1.0 / (1 << 53)
_EIGHT = struct.Struct("<8Q")
_MASK = (1 << 63) - 1


def _pack(keys: tuple[int, ...]) -> bytes:
    return struct.pack(f"<{len(keys)}q", *(k & _MASK if k >= 0 else k for k in keys))


_M64 = (1 << 64) - 1


def mix(*keys: int) -> int:
    """A well-spread 64-bit hash of integers.

    CPython's tuple hash of ints is deterministic (no per-process salt, unlike str) and runs in C;
    a multiply-xorshift finaliser spreads it over all 64 bits. This sits on the per-reading hot
    path, where hashing bytes costs several times more.
    """
    h = (hash(keys) * 0x9E3779B97F4A7C15) & _M64
    h ^= h >> 29
    h = (h * 0xBF58476D1CE4E5B9) & _M64
    return h ^ (h >> 32)


def unit(*keys: int) -> float:
    """A float in [0, 1) determined by the keys."""
    return (mix(*keys) >> 11) * _INV_2_53


class Draw:
    """A small sequential generator seeded from keys; cheaper than ``random.Random`` to seed."""

    __slots__ = ("_block", "_key", "_pos", "_vals")

    def __init__(self, *keys: int) -> None:
        self._key = _pack(keys)
        self._block = 0
        self._refill()

    def _refill(self) -> None:
        digest = blake2b(self._key + self._block.to_bytes(4, "little"), digest_size=64).digest()
        self._vals = _EIGHT.unpack(digest)
        self._pos = 0
        self._block += 1

    def u64(self) -> int:
        """Next 64-bit value."""
        if self._pos == 8:
            self._refill()
        value: int = self._vals[self._pos]
        self._pos += 1
        return value

    def random(self) -> float:
        """Next float in [0, 1)."""
        return (self.u64() >> 11) * _INV_2_53

    def uniform(self, lo: float, hi: float) -> float:
        """Float in [lo, hi)."""
        return lo + (hi - lo) * self.random()

    def randint(self, lo: int, hi: int) -> int:
        """Integer in [lo, hi], both ends included."""
        return lo + self.u64() % (hi - lo + 1)

    def choice(self, items: tuple[str, ...] | list[str]) -> str:
        """One item, uniformly."""
        return items[self.u64() % len(items)]

    def gauss(self, mu: float, sigma: float) -> float:
        """Approximately normal (Irwin-Hall of three 21-bit uniforms from one draw), bounded."""
        v = self.u64()
        s = ((v & 0x1FFFFF) + ((v >> 21) & 0x1FFFFF) + ((v >> 42) & 0x1FFFFF)) / 2097152.0
        return mu + sigma * (s - 1.5) * 2.0
