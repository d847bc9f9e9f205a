"""JSON Schema export and the ``iotase uidi`` commands."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

import uidi
from iotase.cli import main

NOW = 1_764_000_000_000


def test_schemas_for_every_kind() -> None:
    schemas = uidi.all_schemas()
    assert sorted(schemas) == sorted(k.value for k in uidi.Kind)
    for kind, schema in schemas.items():
        assert schema["properties"]["kind"] == {"const": kind, "description": "Message kind."}
        assert schema["required"] == ["v", "kind", "node", "ts", "seq", "body"]
        assert schema["additionalProperties"] is False
        assert schema["properties"]["body"]["type"] == "object"
        json.dumps(schema)
    input_body = schemas["input"]["properties"]["body"]
    assert input_body["required"] == ["metrics"]
    metric = schemas["input"]["$defs"]["Metric"]["properties"]
    assert metric["si_value"]["readOnly"] is True
    state_body = schemas["state"]["properties"]["body"]["properties"]
    assert "description" in state_body
    assert "NodeDescription" in schemas["state"]["$defs"]


def test_json_schema_returns_a_copy_and_rejects_unknown_kinds() -> None:
    schema = uidi.json_schema("input")
    schema["title"] = "changed"
    assert uidi.json_schema(uidi.Kind.INPUT)["title"] == "UIDI v1 input message"
    with pytest.raises(uidi.ValidationFailed, match="kind: 'telemetry' is not a UIDI kind"):
        uidi.json_schema("telemetry")


def test_cli_schema_all(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["uidi", "schema"]) == 0
    assert sorted(json.loads(capsys.readouterr().out)) == sorted(k.value for k in uidi.Kind)


def test_cli_schema_one_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["uidi", "schema", "--kind", "state"]) == 0
    assert json.loads(capsys.readouterr().out)["$id"] == "urn:uidi:v1:state"


def test_cli_schema_unknown_kind_is_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["uidi", "schema", "--kind", "telemetry"])
    assert caught.value.code == 2
    assert "invalid choice: 'telemetry'" in capsys.readouterr().err


def _message() -> uidi.Input:
    return uidi.Input(
        node="n-1",
        ts=NOW,
        seq=1,
        metrics=(uidi.Metric(name="temperature_c", value=21.5, unit="°C"),),
    )


def test_cli_validate_json_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.json"
    path.write_bytes(uidi.encode_json(_message()) + b"\n")
    assert main(["uidi", "validate", str(path), "--now-ms", str(NOW)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["body"]["metrics"][0]["si_value"] == pytest.approx(294.65)
    assert printed["body"]["metrics"][0]["si_unit"] == "K"


def test_cli_validate_binary_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "m.bin"
    path.write_bytes(uidi.encode_binary(_message()))
    topic = "uidi/v1/acme/toronto/park/n-1/input"
    assert main(["uidi", "validate", str(path), "--topic", topic, "--now-ms", str(NOW)]) == 0
    assert json.loads(capsys.readouterr().out)["node"] == "n-1"


def test_cli_validate_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    envelope = uidi.to_envelope(_message())
    envelope["body"]["metrics"][0]["unit"] = "blarg"
    path.write_text(json.dumps(envelope))
    assert main(["uidi", "validate", str(path), "--now-ms", str(NOW)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "invalid (unit.unknown): body.metrics[0].unit: unit 'blarg'" in captured.err


def test_cli_validate_future_check_can_be_disabled(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "m.json"
    path.write_bytes(uidi.encode_json(_message()))
    assert main(["uidi", "validate", str(path), "--now-ms", str(NOW - 3_600_000)]) == 1
    assert "ahead of the receiver's clock" in capsys.readouterr().err
    args = ["uidi", "validate", str(path), "--now-ms", str(NOW - 3_600_000)]
    assert main([*args, "--max-future-ms", "-1"]) == 0


def test_cli_validate_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(b'{"v": 3}'))
    monkeypatch.setattr(sys, "stdin", stdin)
    assert main(["uidi", "validate", "-"]) == 1
    assert "v: protocol version 3 is not supported" in capsys.readouterr().err


def test_cli_validate_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["uidi", "validate", str(tmp_path / "nope.json")]) == 1
    assert "cannot read" in capsys.readouterr().err
