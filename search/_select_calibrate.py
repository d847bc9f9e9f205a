"""Development and held-out request sets, their evaluation, and calibration of the selector.

``dev.jsonl`` and ``dev2.jsonl`` tune temperature, p, floor, the description weight, the
phrase-mean mix, the BM25 weight and the lexical bonus; ``heldout.jsonl`` and ``heldout2.jsonl``
were each written before the tuning they measure and are only ever evaluated. Each line::

    {"id": "dev-001", "query": "...", "expected": "dog park" | null, "accept": [...], "tags": [...]}

``expected: null`` marks a request for a service the catalogue lacks (or no service at all): the
selector must abstain. ``accept`` lists catalogue names that are the same service under another
name (``dentist`` / ``dental clinic``); ranking one of them first counts as right.
"""

from __future__ import annotations

import itertools
import json
import logging
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from search import SearchError
from search._select import (
    CALIBRATION_PATH,
    RULED_OUT_SCORE,
    Calibration,
    Parts,
    ServiceSelector,
    asks_no_place,
)

__all__ = [
    "DEVSET_DIR",
    "DEV_SETS",
    "DevRequest",
    "calibrate",
    "evaluate",
    "load_devset",
    "load_devsets",
]

log = logging.getLogger(__name__)

MARGINS = (-0.05, -0.025, 0.0, 0.025, 0.05, 0.075, 0.1, 0.15, 9.0)  # 9.0: never by margin
DEVSET_DIR = Path(__file__).resolve().parent / "data" / "devset"
DEV_SETS = ("dev", "dev2")  # the sets calibration may look at; the held-out ones never


@dataclass(frozen=True)
class DevRequest:
    """One labelled request."""

    id: str
    query: str
    expected: str | None
    accept: tuple[str, ...]
    tags: tuple[str, ...]

    @property
    def good(self) -> set[str]:
        """Names counted as the intended service."""
        return {self.expected, *self.accept} if self.expected else set()


def load_devset(name: str = "dev", directory: Path | None = None) -> list[DevRequest]:
    """Read ``<name>.jsonl`` from the devset folder."""
    path = (directory or DEVSET_DIR) / f"{name}.jsonl"
    if not path.is_file():
        have = ", ".join(sorted(p.stem for p in path.parent.glob("*.jsonl")))
        raise SearchError(f"devset: no file {path} (sets: {have})")
    out = []
    for lineno, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if raw.strip():
            d = json.loads(raw)
            if "query" not in d or "expected" not in d:
                raise SearchError(f"{path.name}:{lineno}: needs 'query' and 'expected'")
            out.append(
                DevRequest(
                    id=str(d.get("id", lineno)),
                    query=d["query"],
                    expected=d["expected"],
                    accept=tuple(d.get("accept", ())),
                    tags=tuple(d.get("tags", ())),
                )
            )
    return out


def load_devsets(
    names: tuple[str, ...] = DEV_SETS, directory: Path | None = None
) -> list[DevRequest]:
    """Several sets as one list (calibration uses ``DEV_SETS``)."""
    return [r for name in names for r in load_devset(name, directory)]


@dataclass
class _Prepared:
    parts: list[Parts]
    best: np.ndarray  # (n_req, n_svc)
    mean: np.ndarray
    desc: np.ndarray
    lex: np.ndarray
    bm25: np.ndarray  # raw
    good: np.ndarray  # (n_req, n_svc) bool
    present: np.ndarray  # (n_req,) bool
    unheld: np.ndarray  # (n_req,) Parts.unheld_gap
    ruled_out: np.ndarray  # (n_req, n_svc) bool: named only to be ruled out (Parts.ruled_out)


def _prepare(selector: ServiceSelector, reqs: list[DevRequest]) -> _Prepared:
    names = [s.name for s in selector.services]
    pos = {n: i for i, n in enumerate(names)}
    cores = [selector.prepare(r.query) for r in reqs]
    vecs = np.stack([selector.embedder.embed_query(c) for c in cores])
    parts = [
        selector.components(c, v, selector.ruled_out(r.query))
        for r, c, v in zip(reqs, cores, vecs, strict=True)
    ]
    ruled_out = np.zeros((len(reqs), len(names)), dtype=bool)
    for k, p in enumerate(parts):
        ruled_out[k, list(p.ruled_out)] = True
    good = np.zeros((len(reqs), len(names)), dtype=bool)
    for k, r in enumerate(reqs):
        for g in r.good:
            if g not in pos:
                raise SearchError(f"devset {r.id}: service {g!r} is not in the catalogue")
            good[k, pos[g]] = True
    return _Prepared(
        parts,
        np.stack([p.best for p in parts]),
        np.stack([p.mean for p in parts]),
        np.stack([p.desc for p in parts]),
        np.stack([p.lex for p in parts]),
        np.stack([p.bm25 for p in parts]),
        good,
        np.asarray(good.any(axis=1)),
        # A request for no place at all abstains whatever its scores, as ``select`` does.
        np.asarray(
            [
                np.inf if asks_no_place(r.query) else p.unheld_gap
                for r, p in zip(reqs, parts, strict=True)
            ],
            dtype=np.float32,
        ),
        ruled_out,
    )


def _all_scores(prep: _Prepared, cal: Calibration) -> np.ndarray:
    """Every request's score of every service: ``Parts.combine`` over the whole matrix."""
    pooled = (1.0 - cal.phrase_mix) * prep.best + cal.phrase_mix * prep.mean
    scores = np.asarray(
        cal.alpha * pooled
        + (1.0 - cal.alpha) * prep.desc
        + cal.lexical_bonus * prep.lex
        + cal.bm25_weight * (prep.bm25 / (prep.bm25 + cal.bm25_k))
    )
    scores[prep.ruled_out] = RULED_OUT_SCORE
    return scores


def _sorted(
    prep: _Prepared, cal: Calibration, k: int = 8
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Top-k scores (descending) and whether each of those services is the intended one."""
    scores = _all_scores(prep, cal)
    part = np.argpartition(-scores, k, axis=1)[:, :k]
    vals = np.take_along_axis(scores, part, axis=1)
    o = np.argsort(-vals, axis=1)
    order = np.take_along_axis(part, o, axis=1)
    # The softmax needs every service's mass, not just the top k: keep the log of the rest's sum.
    return (
        np.take_along_axis(scores, order, axis=1),
        np.take_along_axis(prep.good, order, axis=1),
        scores,
    )


def _probs(top: np.ndarray, scores: np.ndarray, temperature: float) -> np.ndarray:
    z = np.exp((scores - top[:, :1]) / temperature).sum(axis=1, keepdims=True)
    return np.asarray(np.exp((top - top[:, :1]) / temperature) / z)


def _metrics_sorted(
    top: np.ndarray,
    good_sorted: np.ndarray,
    probs_all: np.ndarray,
    present: np.ndarray,
    cal: Calibration,
    unheld: np.ndarray,
) -> dict[str, float]:
    abstain = (top[:, 0] < cal.floor) | (unheld > cal.unheld_margin)
    probs = probs_all[:, : cal.cap]
    reached = np.cumsum(probs, axis=1) >= cal.p
    size = np.where(reached.any(axis=1), reached.argmax(axis=1) + 1, cal.cap)
    first = good_sorted[:, 0] & ~abstain
    cols = np.arange(cal.cap)[None, :] < size[:, None]
    in_set = (good_sorted[:, : cal.cap] & cols).any(axis=1) & ~abstain
    n_p = max(int(present.sum()), 1)
    n_a = int((~present).sum())
    n_abst = int(abstain.sum())
    tp = int((abstain & ~present).sum())
    kept = present & ~abstain
    return {
        "first_rank_accuracy": float(first[present].sum()) / n_p,
        "in_selected_set_rate": float(in_set[present].sum()) / n_p,
        "abstain_precision": tp / n_abst if n_abst else 1.0,
        "abstain_recall": tp / n_a if n_a else 1.0,
        "mean_selected": float(size[kept].mean()) if kept.any() else 0.0,
        "n": len(present),
        "n_present": int(present.sum()),
        "n_absent": n_a,
    }


def _metrics(prep: _Prepared, cal: Calibration) -> dict[str, float]:
    top, good_sorted, scores = _sorted(prep, cal, max(cal.cap, 1))
    return _metrics_sorted(
        top, good_sorted, _probs(top, scores, cal.temperature), prep.present, cal, prep.unheld
    )


def evaluate(
    selector: ServiceSelector,
    reqs: list[DevRequest],
    cal: Calibration | None = None,
    *,
    failures: bool = False,
) -> dict[str, Any]:
    """Accuracy figures of the selector on a request set (optionally with the misses listed)."""
    cal = cal or selector.calibration
    prep = _prepare(selector, reqs)
    out: dict[str, Any] = {
        k: (round(v, 4) if isinstance(v, float) else v) for k, v in _metrics(prep, cal).items()
    }
    if failures:
        misses = []
        saved = selector.calibration
        selector.calibration = cal
        for r in reqs:
            sel = selector.match(r.query)
            top = sel.ranking[0][0]
            ok_first = (not sel.abstain and top in r.good) if r.expected else sel.abstain
            ok_set = (
                (not sel.abstain and bool(r.good & set(sel.selected)))
                if r.expected
                else sel.abstain
            )
            if not (ok_first and ok_set):
                misses.append(
                    {
                        "id": r.id,
                        "query": r.query,
                        "expected": r.expected,
                        "abstain": sel.abstain,
                        "selected": sel.selected,
                        "top": [(n, round(s, 3)) for n, s, _ in sel.ranking[:3]],
                    }
                )
        selector.calibration = saved
        out["failures"] = misses
    return out


def calibrate(
    selector: ServiceSelector,
    reqs: list[DevRequest],
    *,
    write: Path | None = CALIBRATION_PATH,
) -> tuple[Calibration, dict[str, Any]]:
    """Grid-search the constants on the development set and (optionally) write them.

    The objective puts having the intended service in the selected set first, then first rank,
    then abstention (F1 of abstaining on requests the catalogue lacks), and prefers small sets.
    """
    prep = _prepare(selector, reqs)
    best_key: tuple[float, ...] | None = None
    best_cal = selector.calibration
    best_m: dict[str, float] = {}
    for alpha, bonus, mix, bm in itertools.product(
        (0.8, 0.7, 0.6), (0.0, 0.1), (0.0, 0.3), (0.0, 0.1, 0.2, 0.3)
    ):
        weights = Calibration(alpha=alpha, lexical_bonus=bonus, phrase_mix=mix, bm25_weight=bm)
        top, good_sorted, scores = _sorted(prep, weights, 8)
        floors = np.unique(np.round(np.quantile(top[:, 0], np.linspace(0.0, 0.3, 16)), 3))
        for temperature in (0.01, 0.02, 0.03, 0.05):
            probs = _probs(top, scores, temperature)
            for floor, p, cap, margin in itertools.product(
                floors, (0.6, 0.8, 0.9, 0.95, 0.99), (3, 5), MARGINS
            ):
                cal = replace(
                    weights,
                    temperature=float(temperature),
                    p=float(p),
                    floor=float(floor),
                    cap=int(cap),
                    unheld_margin=float(margin),
                )
                m = _metrics_sorted(top, good_sorted, probs, prep.present, cal, prep.unheld)
                pr, rc = m["abstain_precision"], m["abstain_recall"]
                f1 = 2 * pr * rc / (pr + rc) if pr + rc else 0.0
                key = (
                    round(m["in_selected_set_rate"] + m["first_rank_accuracy"] + 0.5 * f1, 4),
                    -m["mean_selected"],
                )
                if best_key is None or key > best_key:
                    best_key, best_cal, best_m = key, cal, m
    if write is not None:
        write.write_text(
            json.dumps(
                {
                    "note": "written by `iotase bench intent --calibrate` on "
                    f"{', '.join(sorted({r.id.rsplit('-', 1)[0] for r in reqs}))} requests; "
                    "do not edit by hand",
                    "model": selector.index.model_id,
                    "services": len(selector.services),
                    "curated": sum(s.curated for s in selector.services),
                    "params": asdict(best_cal),
                    "dev": {
                        k: (round(v, 4) if isinstance(v, float) else v) for k, v in best_m.items()
                    },
                },
                indent=2,
            )
            + "\n",
            encoding="utf-8",
        )
    return best_cal, best_m
