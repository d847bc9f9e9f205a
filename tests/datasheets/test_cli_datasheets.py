"""``iotase ask``, ``iotase datasheet facts``, ``iotase bench datasheet`` and the HTTP routes."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _qa_fixtures import small_store

from search.datasheets import _cli
from search.datasheets._api import build_router
from search.datasheets._qa import DatasheetQA

ANSWER_KEYS = {"status", "route", "answer", "items", "verdict", "citations"}
ITEM_KEYS = {"device", "spec", "value", "min", "max", "unit", "condition", "applies_to", "citation"}


@pytest.fixture()
def facts_dir(tmp_path: Path) -> Path:
    store = small_store()
    out = tmp_path / "facts"
    out.mkdir()
    with (out / "fixture.facts.jsonl").open("w", encoding="utf-8") as fh:
        for f in store.facts:
            fh.write(f.model_dump_json() + "\n")
    with (out / "fixture.notices.jsonl").open("w", encoding="utf-8") as fh:
        for n in store.notices:
            fh.write(n.model_dump_json() + "\n")
    return out


def _run(argv: list[str], settings: Any) -> int:
    parser = argparse.ArgumentParser(prog="iotase")
    sub = parser.add_subparsers(dest="command", required=True)
    _cli.register(sub)
    bench = sub.add_parser("bench")
    _cli.register_bench(bench.add_subparsers(dest="bench", required=True))
    args = parser.parse_args(argv)
    return int(args.handler(args, settings))


def _settings(facts_dir: Path, tmp_path: Path) -> SimpleNamespace:
    return SimpleNamespace(facts_path=facts_dir, corpus_dir=None, data_dir=tmp_path, llm_url=None)


def test_ask_json_shape(
    facts_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rc = _run(
        ["ask", "What is the supply voltage of the BME280?", "--json"],
        _settings(facts_dir, tmp_path),
    )
    out = capsys.readouterr().out.strip().splitlines()
    assert rc == 0 and len(out) == 1
    data = json.loads(out[0])
    assert set(data) >= ANSWER_KEYS
    assert data["status"] == "answered" and data["route"] == "simple"
    assert set(data["items"][0]) >= ITEM_KEYS
    assert data["citations"] == ["bme280#p8"]


def test_ask_batch_keeps_ids(
    facts_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    batch = tmp_path / "q.jsonl"
    batch.write_text(
        "\n".join(
            json.dumps(x)
            for x in (
                {"id": "a", "question": "What is the supply voltage of the BME280?"},
                {"id": 7, "question": "Can three BME280 sensors share one I2C bus?"},
                {"id": "c", "nope": 1},
            )
        )
        + "\n",
        encoding="utf-8",
    )
    assert _run(["ask", "--batch", str(batch)], _settings(facts_dir, tmp_path)) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.strip().splitlines()]
    assert [x["id"] for x in lines] == ["a", 7, None]
    assert lines[1]["verdict"] == "incompatible"
    assert "bad request line" in lines[2]["error"]


def test_facts_command(facts_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["datasheet", "facts", "mpu6050", "--json"], _settings(facts_dir, tmp_path)) == 1
    capsys.readouterr()
    assert _run(["datasheet", "facts", "bme280", "--json"], _settings(facts_dir, tmp_path)) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["model"] == "BME280" and data["n"] >= 3


def test_bench_command(facts_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    qfile = tmp_path / "set.jsonl"
    rows = [
        {
            "id": "1",
            "question": "What is the supply voltage of the BME280?",
            "difficulty": "easy",
            "expect": {"status": "answered", "values": [1.71, 3.6]},
            "evidence": [{"citation": "bme280#p8"}],
        },
        {
            "id": "2",
            "question": "Can three BME280 sensors share one I2C bus?",
            "difficulty": "compatibility",
            "expect": {"status": "answered", "verdict": "incompatible"},
        },
        {
            "id": "3",
            "question": "What is the supply voltage of the BME280?",
            "difficulty": "easy",
            "expect": {"status": "answered", "values": [5.0]},
        },
    ]
    qfile.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    assert (
        _run(["bench", "datasheet", "--set", str(qfile), "--json"], _settings(facts_dir, tmp_path))
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["n"] == 3
    assert data["by_difficulty"]["easy"]["correct_rate"] == 0.5
    assert data["compatibility_correct_rate"] == 1.0
    assert data["citation_number_violations"] == 0
    assert data["p50_ms"] > 0


def test_http_routes() -> None:
    app = FastAPI()
    app.include_router(build_router(DatasheetQA(small_store())))
    client = TestClient(app)
    r = client.post("/v1/ask", json={"question": "What is the supply voltage of the BME280?"})
    assert r.status_code == 200 and set(r.json()) >= ANSWER_KEYS
    assert client.post("/v1/ask", json={"question": ""}).status_code == 422
    r = client.get("/v1/devices/bme280/facts")
    assert r.status_code == 200 and r.json()["model"] == "BME280"
    assert client.get("/v1/devices/nothing/facts").status_code == 404
    r = client.post(
        "/v1/compat",
        json={
            "devices": [{"model": "AMS1117", "variant": "AMS1117-3.3"}, {"model": "ESP32-WROOM-32"}]
        },
    )
    assert r.status_code == 200 and r.json()["verdict"] == "compatible"
    r = client.post(
        "/v1/compat",
        json={
            "devices": [
                {"model": "ACS712", "variant": "05B", "supply_v": 5},
                {"model": "ADS1115", "supply_v": 3.3},
            ],
            "rules": ["signal_range"],
        },
    )
    assert r.json()["verdict"] == "incompatible" and "ads1115#p6" in r.json()["citations"]
    r = client.post("/v1/compat", json={"devices": [{"model": "BME280", "count": 3}], "bus": "I2C"})
    assert r.json()["verdict"] == "incompatible"
    assert client.post("/v1/compat", json={"devices": [{"model": "nope"}]}).status_code == 404
    r = client.post(
        "/v1/compat",
        json={"devices": [{"model": "BME280"}], "bus": "SPI", "rules": ["bus_clock"]},
    )
    assert r.status_code == 200 and r.json()["verdict"] == "insufficient_evidence"


SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "srb5030-bench"


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/data/srb5030-bench is not present")
def test_ingest_then_ask_from_corpus(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for name in ("srb5030-datasheet.md", "ecn-2608-04.md"):
        (corpus / name).write_text((SHARED / name).read_text(encoding="utf-8"), encoding="utf-8")
    (corpus / "broken.pdf").write_bytes(b"not a pdf")
    settings = SimpleNamespace(facts_path=None, corpus_dir=None, data_dir=tmp_path, llm_url=None)
    assert (
        _run(
            ["datasheet", "ingest", str(corpus), "--out", str(tmp_path / "out"), "--json"], settings
        )
        == 1
    )  # one file failed, named; the others are stored
    report = json.loads(capsys.readouterr().out)
    assert report["failed"] == 1 and report["facts"] > 0
    assert (
        _run(
            [
                "ask",
                "What is the maximum input voltage of an SRB-5030 revision A board?",
                "--corpus",
                str(corpus),
                "--json",
            ],
            settings,
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert [i["max"] for i in data["items"]] == [32.0]
    assert "ecn-2608-04#1" in data["citations"]
