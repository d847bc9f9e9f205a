"""The command line: JSON shapes of ``services match`` (single and batch)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from iotase.cli import main
from tests.search.conftest import CACHE


@pytest.fixture(autouse=True)
def _data_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IOTASE_DATA_DIR", str(CACHE))


def test_services_match_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["services", "match", "somewhere my puppy can run off leash", "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    d = json.loads(out[0])
    assert d["selected"][0] == "dog park" and d["abstain"] is False
    assert {"service", "score"} <= set(d["ranking"][0])


def test_services_match_batch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "q.jsonl"
    f.write_text(
        '{"id": "a", "query": "a bowl of pho"}\n{"id": "b", "query": "a locksmith"}\nnope\n'
    )
    assert main(["services", "match", "--batch", str(f)]) == 0
    rows = [json.loads(x) for x in capsys.readouterr().out.strip().splitlines()]
    assert [r["id"] for r in rows] == ["a", "b", None]
    assert rows[0]["selected"][0] == "vietnamese restaurant"
    assert rows[1]["abstain"] is True
    assert "not JSON" in rows[2]["error"]
