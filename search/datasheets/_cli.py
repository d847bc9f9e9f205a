"""Command line for datasheet knowledge.

``register(subparsers)`` adds ``iotase datasheet ingest PATH…``, ``iotase datasheet facts MODEL``
and ``iotase ask "<question>" [--corpus DIR] [--json] [--batch FILE]``;
``register_bench(subparsers)`` adds ``iotase bench datasheet [--set dev|heldout] --json``.
Heavy imports stay inside the handlers so that ``iotase --help`` stays quick.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import sys
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)

__all__ = ["register", "register_bench"]

# The modules whose code decides what an ingest produces.
_INGEST_MODULES = (
    "_pdf.py",
    "_markdown.py",
    "_tables.py",
    "_extract.py",
    "_units.py",
    "_chunks.py",
    "_supersede.py",
    "_ingest.py",
    "_facts.py",
)


def register(sub: Any) -> None:
    """Add ``datasheet`` (``ingest``, ``facts``) and ``ask``."""
    ds = sub.add_parser("datasheet", help="ingest datasheets and inspect their facts")
    dsub = ds.add_subparsers(dest="datasheet_command", metavar="ACTION", required=True)

    ing = dsub.add_parser("ingest", help="turn PDF and Markdown documents into facts and chunks")
    ing.add_argument("paths", nargs="+", type=Path, help="files or folders")
    ing.add_argument(
        "--out", type=Path, default=None, help="output folder (default: <data_dir>/facts)"
    )
    ing.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    ing.set_defaults(handler=_cmd_ingest)

    facts = dsub.add_parser("facts", help="list the facts held for a device model")
    facts.add_argument("model", help="device model or alias (BME280, mpu6050, …)")
    facts.add_argument("--spec", default=None, help="only this spec")
    facts.add_argument("--corpus", type=Path, default=None, help="answer from this folder")
    facts.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    facts.set_defaults(handler=_cmd_facts)

    ask = sub.add_parser("ask", help="answer a datasheet question with cited evidence")
    ask.add_argument("question", nargs="?", default=None, help="the question")
    ask.add_argument(
        "--corpus",
        type=Path,
        default=None,
        help="ingest this folder of documents (cached) and answer from it",
    )
    ask.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    ask.add_argument(
        "--batch",
        type=Path,
        default=None,
        help='JSON lines {"id", "question"} in; one answer per line out',
    )
    ask.set_defaults(handler=_cmd_ask)


def register_bench(sub: Any) -> None:
    """Add ``bench datasheet``."""
    b = sub.add_parser("datasheet", help="correct-answer rate and latency on a question set")
    b.add_argument(
        "--set",
        dest="qset",
        default="dev",
        help="dev, dev2, heldout, heldout2, or a path to a question file (default: dev)",
    )
    b.add_argument("--corpus", type=Path, default=None, help="answer from this folder")
    b.add_argument("--details", action="store_true", help="include every question's outcome")
    b.add_argument("--json", action="store_true", help="print one JSON object on stdout")
    b.set_defaults(handler=_cmd_bench)


# --------------------------------------------------------------------------- helpers


def _corpus_cache(corpus: Path, settings: Any) -> Path:
    """Where an ingest of ``corpus`` is cached: keyed by the files' names, sizes and times."""
    files = sorted(
        p for p in corpus.rglob("*") if p.is_file() and p.suffix.lower() in (".pdf", ".md")
    )
    h = hashlib.sha1()
    # The extraction code is part of the key: a changed extractor means a fresh ingest.
    here = Path(__file__).resolve().parent
    for name in _INGEST_MODULES:
        module = here / name
        if module.exists():
            h.update(f"{name}:{module.stat().st_mtime_ns}\n".encode())
    for p in files:
        st = p.stat()
        h.update(f"{p.relative_to(corpus)}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    base = Path(getattr(settings, "data_dir", ".iotase"))
    return base / "corpus-cache" / h.hexdigest()[:16]


def _load_store(corpus: Path | None, settings: Any) -> Any:
    from search.datasheets._facts import FactStore

    corpus = corpus or getattr(settings, "corpus_dir", None)
    if corpus is None:
        facts_path = getattr(settings, "facts_path", None)
        # Answers are drawn from facts; evidence chunks are not needed to answer.
        return (
            FactStore.load(facts_path, with_chunks=False)
            if facts_path
            else FactStore.load(with_chunks=False)
        )
    corpus = Path(corpus)
    if not corpus.is_dir():
        raise SystemExit(f"--corpus: {corpus} is not a folder")
    cache = _corpus_cache(corpus, settings)
    done = cache / ".complete"
    if not done.exists():
        from search.datasheets import _ingest

        cache.mkdir(parents=True, exist_ok=True)
        logger.info("ingesting %s into %s", corpus, cache)
        _ingest.ingest([corpus], cache)
        done.write_text("ok\n", encoding="utf-8")
    return FactStore.load(cache, with_chunks=False)


def _make_qa(corpus: Path | None, settings: Any) -> Any:
    from search.datasheets._qa import DatasheetQA, LLMHelper

    return DatasheetQA(_load_store(corpus, settings), llm=LLMHelper.from_settings(settings))


def _print_json(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
    sys.stdout.flush()


# --------------------------------------------------------------------------- handlers


def _cmd_ingest(args: argparse.Namespace, settings: Any) -> int:
    from search.datasheets import _ingest

    out = args.out or Path(getattr(settings, "data_dir", ".iotase")) / "facts"
    missing = [str(p) for p in args.paths if not p.exists()]
    if missing:
        print(f"datasheet ingest: no such path: {', '.join(missing)}", file=sys.stderr)
        return 2
    report = _ingest.ingest(list(args.paths), out)
    data = report.to_dict()
    if args.json:
        _print_json(data)
    else:
        for f in report.files:
            state = "ok" if f.ok else f"FAILED ({f.reason})"
            print(f"{f.path}: {state} facts={f.facts} chunks={f.chunks} notices={f.notices}")
        print(
            f"{report.facts} facts, {report.chunks} chunks, {report.superseded} superseded "
            f"-> {report.out_dir} ({report.seconds:.1f} s)"
        )
    for f in report.files:
        if not f.ok:
            print(f"datasheet ingest: {f.error}", file=sys.stderr)
    # Files that failed are named above; the ones that worked are stored all the same.
    return 0 if report.ok else 1


def _cmd_facts(args: argparse.Namespace, settings: Any) -> int:
    from search.datasheets._facts import canonical_device

    store = _load_store(args.corpus, settings)
    model = canonical_device(args.model) or args.model
    facts = store.for_device(model)
    if args.spec:
        facts = [f for f in facts if f.spec == args.spec]
    if args.json:
        _print_json(
            {"model": model, "n": len(facts), "facts": [f.model_dump(mode="json") for f in facts]}
        )
    else:
        if not facts:
            print(f"no facts for {args.model!r}", file=sys.stderr)
        for f in facts:
            nums = " ".join(
                f"{k}={v}"
                for k, v in (("min", f.min), ("typ", f.typ), ("max", f.max), ("value", f.value))
                if v is not None
            )
            print(
                f"{f.spec:28} {nums} {f.unit or ''} [{f.section_kind}] {f.citation}"
                + (f" (superseded by {f.superseded_by})" if f.superseded_by else "")
            )
    return 0 if facts else 1


def _cmd_ask(args: argparse.Namespace, settings: Any) -> int:
    if args.question is None and args.batch is None:
        print("ask: give a question or --batch FILE", file=sys.stderr)
        return 2
    qa = _make_qa(args.corpus, settings)
    if args.batch is not None:
        src = sys.stdin if str(args.batch) == "-" else args.batch.open(encoding="utf-8")
        try:
            for lineno, line in enumerate(src, 1):
                if not line.strip():
                    continue
                try:
                    req = json.loads(line)
                    question = req["question"] if "question" in req else req["query"]
                except (json.JSONDecodeError, KeyError, TypeError) as exc:
                    _print_json(
                        {
                            "id": None,
                            "status": "unvalidated",
                            "route": None,
                            "answer": "",
                            "items": [],
                            "verdict": None,
                            "citations": [],
                            "error": f"{args.batch}:{lineno}: bad request line: {exc}",
                        }
                    )
                    continue
                out = qa.ask(str(question)).model_dump(mode="json")
                _print_json({"id": req.get("id"), **out})
        finally:
            if src is not sys.stdin:
                src.close()
        return 0
    answer = qa.ask(args.question)
    if args.json:
        _print_json(answer.model_dump(mode="json"))
    else:
        print(answer.answer)
        if answer.citations:
            print("Sources: " + ", ".join(answer.citations))
        for r in answer.reasons:
            print(f"  note: {r}")
    # "insufficient_evidence" is an answer, not a failure of the command.
    return 0


def _cmd_bench(args: argparse.Namespace, settings: Any) -> int:
    import time

    from search.datasheets._bench import run_bench

    started = time.perf_counter()
    qa = _make_qa(args.corpus, settings)
    load_ms = (time.perf_counter() - started) * 1000
    result = run_bench(args.qset, qa, details=args.details)
    result["load_ms"] = round(load_ms, 1)
    if args.json:
        _print_json(result)
    else:
        print(json.dumps(result, indent=2))
    return 0
