"""Datasheet knowledge: ingestion of PDF and Markdown documents into facts and evidence chunks.

Public names:

- :class:`Fact`, :class:`Chunk`, :class:`Notice`, :class:`FactStore` (``FactStore.load()`` reads the
  facts the project ships in ``search/data/facts/``), :func:`canonical_device`, :data:`DEVICES`.
- :func:`ingest` (``ingest(paths, out_dir) -> IngestReport``) turns documents into facts and chunks.
"""

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

__all__ = [
    "DEFAULT_FACTS_DIR",
    "DEVICES",
    "SECTION_KINDS",
    "Chunk",
    "Fact",
    "FactStore",
    "Notice",
    "canonical_device",
    "fact_id",
]
