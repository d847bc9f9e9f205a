"""Live-service search: catalogue, embeddings, top-p service selection, ranking, agent, API.

Exceptions::

    SearchError            root of everything this package raises
    ├── CatalogueError     a catalogue file or record breaks a rule
    ├── EmbeddingError     the model or the vector store cannot be used
    └── CoverageError      a region file breaks a rule

Heavy modules (sentence-transformers, qdrant, FastAPI) are imported lazily: importing ``search``
costs nothing, so the command line stays quick.
"""

from __future__ import annotations

import importlib
from typing import Any


class SearchError(Exception):
    """Root of the exceptions raised by ``search``."""


class CatalogueError(SearchError):
    """A catalogue record or file breaks a rule (the message names rule, value and place)."""


class EmbeddingError(SearchError):
    """The embedding model or the vector store cannot be used."""


class CoverageError(SearchError):
    """A region file breaks a rule."""


# Public name -> module that defines it, imported on first access.
_LAZY = {
    "Service": "search.catalogue",
    "load_catalogue": "search.catalogue",
    "check_catalogue": "search.catalogue",
    "Embedder": "search._embed",
    "CatalogueIndex": "search._embed",
    "ServiceSelector": "search._select",
    "Selection": "search._select",
    "Calibration": "search._select",
    "Regions": "search._geo",
    "load_regions": "search._geo",
    "Preferences": "search._rank",
    "extract_preferences": "search._rank",
    "Agent": "search._agent",
    "SearchResult": "search._agent",
}

__all__ = [
    "CatalogueError",
    "CoverageError",
    "EmbeddingError",
    "SearchError",
    *sorted(_LAZY),
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'search' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
