"""Catalogue vectors: the on-disk cache and the Qdrant store (local mode by path)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from search import EmbeddingError
from search._embed import CatalogueIndex, Embedder
from search._embed_qdrant import ServiceVectors
from search._select import ServiceSelector
from search.catalogue import Service

SERVICES = [
    Service("dog park", "dog-park", "A fenced park where dogs run off leash.", ("let my dog run",)),
    Service(
        "bakery", "bakery", "Fresh bread, croissants and cakes baked daily.", ("sourdough loaf",)
    ),
    Service("pharmacy", "pharmacy", "Prescriptions, medicines and a pharmacist.", ()),
]


def test_disk_cache_reuses_vectors(selector: ServiceSelector, tmp_path: Path) -> None:
    emb = Embedder(cache_dir=tmp_path)
    emb._model = selector.embedder._load()  # share the loaded model, not its cache
    # Texts no catalogue entry uses, so the shipped vectors do not already hold them.
    first = emb.encode(["a fenced park (test text)", "fresh bread (test text)"])
    assert emb.stats["encoded"] == 2
    again = Embedder(cache_dir=tmp_path)
    again._model = emb._model
    second = again.encode(["fresh bread (test text)", "a fenced park (test text)"])
    assert again.stats["encoded"] == 0
    assert np.allclose(first[::-1], second)
    assert next(iter(tmp_path.glob("*.npz"))).name.startswith(emb.model_id)


def test_qdrant_local_mode_holds_the_catalogue(selector: ServiceSelector, tmp_path: Path) -> None:
    index = CatalogueIndex.build(SERVICES, selector.embedder)
    vec = ServiceVectors(f"qdrant:///{tmp_path / 'q'}")
    try:
        assert vec.sync(index) == len(index.texts)
        assert vec.sync(index) == 0  # unchanged catalogue: nothing rewritten
        assert vec.count(index.model_id) == len(index.texts)
        q = selector.embedder.embed_query("somewhere my puppy can run")
        assert vec.search(index.model_id, q, 3)[0][0] == "dog park"
        smaller = CatalogueIndex.build(SERVICES[:2], selector.embedder)
        vec.sync(smaller)
        assert vec.count(index.model_id) == len(smaller.texts)
    finally:
        vec.close()


def test_unknown_vectors_url() -> None:
    with pytest.raises(EmbeddingError, match="unknown scheme"):
        ServiceVectors("ftp://nowhere")


# Padding in one batch, a text past the 256-token limit, accents and punctuation.
ENGINE_TEXTS = [
    "cafe",
    "a bank near me that is open late tonight, with parking?",
    "où est la pharmacie la plus proche",
    "quiet " * 300,
]


@pytest.fixture(scope="module")
def torch_vectors() -> np.ndarray:
    return Embedder(engine="torch").encode(ENGINE_TEXTS)


def test_onnx_engine_gives_the_torch_vectors(
    selector: ServiceSelector, torch_vectors: np.ndarray
) -> None:
    assert selector.embedder.engine == "onnx"
    got = selector.embedder._encode_raw(ENGINE_TEXTS)
    assert np.abs(got - torch_vectors).max() < 1e-5
    one = selector.embedder._encode_raw([ENGINE_TEXTS[1]])[0]  # unpadded, as a request
    assert np.abs(one - torch_vectors[1]).max() < 1e-5


def test_damaged_onnx_file_is_exported_again(tmp_path: Path, torch_vectors: np.ndarray) -> None:
    emb = Embedder(cache_dir=tmp_path)
    (tmp_path / f"{emb.model_id}.onnx").write_bytes(b"not an onnx model")
    got = emb._encode_raw(ENGINE_TEXTS)
    assert emb.engine == "onnx"
    assert np.abs(got - torch_vectors).max() < 1e-5
    assert not list(tmp_path.glob("*.tmp.onnx"))


def test_engine_choice_is_checked() -> None:
    with pytest.raises(EmbeddingError, match="embedding engine 'gpu'"):
        Embedder(engine="gpu")
    with pytest.raises(EmbeddingError, match="onnx engine unavailable: no cache directory"):
        Embedder(engine="onnx").warm()
