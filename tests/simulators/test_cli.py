"""The command line: simulate with faults and a recording, replay it, record from the broker."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest
from simhelpers import BROKER, clear_tenant, fresh_start, needs_broker

from iotase.cli import main

pytestmark = needs_broker


def test_simulate_record_and_replay_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tenant = f"cli{uuid.uuid4().hex[:8]}"
    rec = tmp_path / "run.jsonl.gz"
    code = main(
        [
            "simulate", "small", "--tenant", tenant, "--nodes", "40", "--duration", "1",
            "--speed", "0", "--start", fresh_start(), "--broker", BROKER, "--record", str(rec),
            "--duplicate", "0.1", "--corrupt", "0.05", "--json",
        ]
    )  # fmt: skip
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    assert (
        report["nodes"] == 40
        and report["births"] == 40
        and report["recorded"] == report["published"]
    )
    assert report["faults"]["duplicated"] + report["faults"]["corrupted"] > 0
    assert main(["replay", str(rec), "--speed", "0", "--broker", BROKER, "--json"]) == 0
    replayed = json.loads(capsys.readouterr().out)
    assert replayed["published"] == replayed["messages"] == report["published"]
    assert clear_tenant(tenant) == 40


def test_bad_scenario_and_bad_recording_are_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "nowhere-city", "--json"]) == 2
    assert "not found" in capsys.readouterr().err
    bogus = tmp_path / "bogus.jsonl"
    bogus.write_text('{"hello": 1}\n')
    assert main(["replay", str(bogus), "--broker", BROKER]) == 1
    assert "iotase-recording" in capsys.readouterr().err


def test_bench_simulate_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "simulate", "--nodes", "600", "--seconds", "0.5", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["n"] == 600 and result["msgs_per_s"] > 0 and result["births_per_s"] > 0
