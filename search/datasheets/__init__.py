"""Datasheet knowledge: ingestion of PDF and Markdown documents into facts and evidence chunks.

Public names:

- :class:`Fact`, :class:`Chunk`, :class:`Notice`, :class:`FactStore` (``FactStore.load()`` reads the
  facts the project ships in ``search/data/facts/``), :func:`canonical_device`, :data:`DEVICES`.
- :func:`ingest` (``ingest(paths, out_dir) -> IngestReport``) turns documents into facts and chunks.
- :func:`ask` / :class:`DatasheetQA` (``DatasheetQA(store).ask(question) -> Answer``): validated
  answers, compatibility verdicts (:func:`check_compatibility`) and instrument accuracy.
  The HTTP routes are ``search.datasheets._api.build_router(qa)``; the command line is
  ``search.datasheets._cli.register`` / ``register_bench``.
"""

from search.datasheets._answer import Answer, AnswerItem, CompatCheck, Derived
from search.datasheets._compat import DeviceUse, check_compatibility
from search.datasheets._facts import (
    DEFAULT_FACTS_DIR,
    DEVICES,
    SECTION_KINDS,
    Chunk,
    Fact,
    FactStore,
    Notice,
    canonical_device,
    fact_id,
)
from search.datasheets._ingest import FileResult, IngestReport, ingest
from search.datasheets._qa import DatasheetQA, LLMHelper, ask

__all__ = [
    "DEFAULT_FACTS_DIR",
    "DEVICES",
    "SECTION_KINDS",
    "Answer",
    "AnswerItem",
    "Chunk",
    "CompatCheck",
    "DatasheetQA",
    "Derived",
    "DeviceUse",
    "Fact",
    "FactStore",
    "FileResult",
    "IngestReport",
    "LLMHelper",
    "Notice",
    "ask",
    "canonical_device",
    "check_compatibility",
    "fact_id",
    "ingest",
]
