"""Fixtures for the simulator tests (helpers live in ``simhelpers``)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
from simhelpers import BROKER, Ingest


@pytest.fixture
async def ingest_factory(tmp_path: Path) -> AsyncIterator[Callable[..., Ingest]]:
    made: list[Ingest] = []

    def make(tenant: str, broker: str = BROKER, name: str = "a") -> Ingest:
        ing = Ingest(tmp_path, tenant, broker, name)
        made.append(ing)
        return ing

    yield make
