"""The catalogue vectors shipped with the project cover the catalogue as it stands, and the
types it does not hold."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from search._embed import SHIPPED_VECTORS, Embedder, text_key
from search._select_unheld import UNHELD, unheld_phrases
from search.catalogue import load_catalogue


def test_shipped_vectors_cover_every_catalogue_text() -> None:
    embedder = Embedder()
    path = SHIPPED_VECTORS / f"{embedder.model_id}.npz"
    assert path.is_file(), f"{path} missing: run `iotase services vectors`"
    with np.load(path, allow_pickle=False) as data:
        keys = set(data["keys"].tolist())
        vectors = data["vectors"]
    texts = {t for svc in load_catalogue() for t in svc.texts()}
    texts |= set(UNHELD) | {p for _, p in unheld_phrases()}
    stale = sorted(t for t in texts if text_key(t) not in keys)
    assert not stale, f"{len(stale)} texts changed since `iotase services vectors`: {stale[:3]}"
    assert vectors.shape == (len(keys), 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-3)


def test_a_fresh_cache_reads_the_shipped_vectors_without_encoding(tmp_path: Path) -> None:
    embedder = Embedder(cache_dir=tmp_path)
    texts = [t for svc in load_catalogue()[:20] for t in svc.texts()]
    matrix = embedder.encode(texts)
    assert embedder.stats["encoded"] == 0
    assert matrix.shape == (len(texts), 384)
