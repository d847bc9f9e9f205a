"""Everything a search needs, built once from the settings: catalogue, selector, regions, stores.

Used by the HTTP app (in its lifespan) and by the command line, so both answer the same way.
Blocking work (loading the model, encoding the catalogue, opening Qdrant) runs off the loop.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any

from search import EmbeddingError
from search._agent import Agent
from search._embed import Embedder
from search._geo import Regions, load_regions
from search._llm import LLMClient
from search._select import ServiceSelector
from search.catalogue import Service, load_catalogue

__all__ = ["Runtime", "build_runtime", "build_selector"]

log = logging.getLogger(__name__)


def _secret(value: Any) -> str | None:
    if value is None:
        return None
    get = getattr(value, "get_secret_value", None)
    return str(get()) if get else str(value)


def build_selector(settings: Any, *, services: list[Service] | None = None) -> ServiceSelector:
    """The selector from the shipped catalogue, with the embedding cache under ``data_dir``."""
    embedder = Embedder.from_settings(settings)
    return ServiceSelector.from_catalogue(services or load_catalogue(), embedder=embedder)


@dataclass
class Runtime:
    """The built components; ``close()`` releases the stores."""

    selector: ServiceSelector
    regions: Regions
    agent: Agent
    realtime: Any | None = None
    cache: Any | None = None
    facts: Any | None = None
    vectors: Any | None = None
    vectors_status: str = "not configured"
    owned: list[Any] = field(default_factory=list)

    async def close(self) -> None:
        """Close what this runtime opened (not stores handed in by the caller)."""
        for thing in self.owned:
            try:
                res = thing.close()
                if asyncio.iscoroutine(res):
                    await res
            except Exception as exc:  # closing must not mask the real outcome
                log.warning("closing %r failed: %s", type(thing).__name__, exc)


def _sync_vectors(settings: Any, selector: ServiceSelector) -> tuple[Any | None, str]:
    url = getattr(settings, "vectors_url", None)
    if not url:
        return None, "not configured"
    try:
        from search._embed_qdrant import ServiceVectors

        vectors = ServiceVectors(url)
        written = vectors.sync(selector.index)
        return (
            vectors,
            f"qdrant {vectors.count(selector.index.model_id)} points ({written} written)",
        )
    except EmbeddingError as exc:
        # Qdrant local mode allows one process; a second one (a CLI beside the server) still
        # answers from the same vectors, which it holds in memory from the on-disk cache.
        log.warning("%s; selection runs from the in-memory matrix", exc)
        return None, f"unavailable: {exc}"


async def build_runtime(
    settings: Any,
    *,
    realtime: Any | None = None,
    stores: bool = True,
    vectors: bool = True,
    selector: ServiceSelector | None = None,
) -> Runtime:
    """Build the runtime; ``realtime`` may be handed in (tests, benchmarks)."""
    if selector is None:
        selector = await asyncio.to_thread(build_selector, settings)
    await asyncio.to_thread(selector.embedder.warm)
    regions = await asyncio.to_thread(load_regions)
    owned: list[Any] = []
    vec, vec_status = (None, "skipped")
    if vectors:
        vec, vec_status = await asyncio.to_thread(_sync_vectors, settings, selector)
        if vec is not None:
            owned.append(vec)
    cache = None
    if stores:
        import cloud

        if realtime is None:
            realtime = await cloud.open_realtime(settings.realtime_url)
            owned.append(realtime)
        cache_url = getattr(settings, "cache_url", None)
        if cache_url:
            try:
                cache = await cloud.open_cache(cache_url)
                owned.append(cache)
                selector.embedder.cache = cache
            except Exception as exc:  # the cache speeds things up; it is never required
                log.warning("cache %s unavailable: %s", cache_url.split("@")[-1], exc)
    facts = None
    qa = None
    try:
        from search.datasheets import DatasheetQA, FactStore

        facts_path = getattr(settings, "facts_path", None)
        facts = await asyncio.to_thread(FactStore.load, facts_path)
        qa = DatasheetQA(facts)
    except Exception as exc:  # datasheet facts enrich node pages and plausibility checks
        log.info("datasheet facts not loaded: %s", exc)
    llm = None
    if getattr(settings, "llm_url", None):
        llm = LLMClient(
            settings.llm_url,
            getattr(settings, "llm_model", "local"),
            _secret(getattr(settings, "llm_api_key", None)),
        )
    agent = Agent(
        selector,
        regions,
        realtime,
        facts=facts,
        datasheet_qa=qa,
        llm=llm,
        ors_url=getattr(settings, "ors_url", None),
        ors_api_key=_secret(getattr(settings, "ors_api_key", None)),
        default_region=getattr(settings, "region", "toronto"),
    )
    return Runtime(selector, regions, agent, realtime, cache, facts, vec, vec_status, owned)
