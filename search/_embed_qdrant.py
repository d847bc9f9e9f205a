"""Service vectors in Qdrant: local mode by path (``qdrant:///path``), a server by URL.

Qdrant is where the catalogue vectors are stored and served from; the selector keeps the same
rows in memory as one matrix, because a 500-service dot product in numpy costs microseconds and
the search path has a 20 ms budget.
"""

from __future__ import annotations

import logging
import uuid
from pathlib import Path
from typing import Any

import numpy as np

from search import EmbeddingError
from search._embed import DIM, CatalogueIndex, text_key

__all__ = ["ServiceVectors"]

log = logging.getLogger(__name__)

_NS = uuid.UUID("6f1c1b9e-3a4e-4c83-9a55-1d1f4b0a7c21")


class ServiceVectors:
    """The catalogue's vectors in a Qdrant collection named after the embedding model."""

    def __init__(self, url: str, *, api_key: str | None = None) -> None:
        try:
            from qdrant_client import QdrantClient
        except ImportError as exc:
            raise EmbeddingError(
                "vectors: qdrant-client is not installed; pip install 'iotase[embeddings]'"
            ) from exc
        self.url = url
        if url in ("memory://", "qdrant://:memory:", "qdrant:///:memory:"):
            self.client = QdrantClient(location=":memory:")
        elif url.startswith("qdrant:///"):
            # As with sqlite URLs: qdrant:///rel/dir is relative, qdrant:////abs/dir absolute.
            rest = url[len("qdrant:///") :]
            if not rest:
                raise EmbeddingError(f"vectors_url {url!r}: local mode needs a path, qdrant:///dir")
            target = Path(rest)
            target.mkdir(parents=True, exist_ok=True)
            try:
                self.client = QdrantClient(path=str(target))
            except Exception as exc:  # another process holds the local-mode lock
                raise EmbeddingError(
                    f"vectors: cannot open Qdrant local store {target}: {exc}"
                ) from exc
        elif url.startswith(("http://", "https://")):
            self.client = QdrantClient(url=url, api_key=api_key)
        else:
            raise EmbeddingError(
                f"vectors_url {url!r}: unknown scheme; use qdrant:///path, http(s)://host:port "
                "or memory://"
            )

    def collection(self, model_id: str) -> str:
        """Collection name for one model."""
        return f"services-{model_id}"

    def sync(self, index: CatalogueIndex) -> int:
        """Make the collection hold exactly the index's rows; return how many were written."""
        from qdrant_client import models

        name = self.collection(index.model_id)
        if not self.client.collection_exists(name):
            self.client.create_collection(
                name, vectors_config=models.VectorParams(size=DIM, distance=models.Distance.COSINE)
            )
        want: dict[str, int] = {}
        for row, text in enumerate(index.texts):
            svc = index.services[int(index.owner[row])]
            want[str(uuid.uuid5(_NS, f"{svc.name}\x00{text_key(text)}"))] = row
        have: set[str] = set()
        offset: Any = None
        while True:
            points, offset = self.client.scroll(name, limit=1000, offset=offset, with_payload=False)
            have.update(str(p.id) for p in points)
            if offset is None:
                break
        stale = sorted(have - set(want))
        if stale:
            self.client.delete(name, points_selector=models.PointIdsList(points=stale))
        new = [pid for pid in want if pid not in have]
        for start in range(0, len(new), 256):
            batch = new[start : start + 256]
            self.client.upsert(
                name,
                points=[
                    models.PointStruct(
                        id=pid,
                        vector=index.matrix[want[pid]].tolist(),
                        payload={
                            "service": index.services[int(index.owner[want[pid]])].name,
                            "kind": int(index.kinds[want[pid]]),
                            "text": index.texts[want[pid]][:200],
                        },
                    )
                    for pid in batch
                ],
            )
        if new or stale:
            log.info("qdrant %s: %d written, %d removed", name, len(new), len(stale))
        return len(new)

    def search(self, model_id: str, query: np.ndarray, limit: int = 20) -> list[tuple[str, float]]:
        """Best services for a query vector by max over their stored texts."""
        hits = self.client.query_points(
            self.collection(model_id), query=query.tolist(), limit=limit * 8, with_payload=True
        ).points
        best: dict[str, float] = {}
        for h in hits:
            svc = str((h.payload or {}).get("service"))
            best[svc] = max(best.get(svc, -1.0), float(h.score))
        return sorted(best.items(), key=lambda kv: -kv[1])[:limit]

    def count(self, model_id: str) -> int:
        """Points stored for a model (0 when the collection does not exist)."""
        name = self.collection(model_id)
        if not self.client.collection_exists(name):
            return 0
        return int(self.client.count(name).count)

    def close(self) -> None:
        """Release the local-mode lock or the connection."""
        self.client.close()
