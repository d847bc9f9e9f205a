"""Message models: immutability, envelope fields, kind rules, error translation."""

from __future__ import annotations

import pydantic
import pytest

import uidi
from uidi import (
    Command,
    GeoPoint,
    Input,
    Kind,
    Lifecycle,
    Metric,
    NodeDescription,
    Output,
    Setting,
    State,
)

NOW = 1_764_000_000_000


def test_every_kind_has_its_class_attribute_and_dump_field() -> None:
    classes = {Input: Kind.INPUT, Output: Kind.OUTPUT, Setting: Kind.SETTING,
               Command: Kind.COMMAND, State: Kind.STATE}  # fmt: skip
    for cls, kind in classes.items():
        assert cls.kind is kind
    message = Input(node="n", ts=NOW, seq=0, metrics=(Metric(name="x", value=1),))
    dump = message.model_dump()
    assert dump["kind"] == "input"
    assert dump["v"] == uidi.PROTOCOL_VERSION == 1
    assert message.kind is Kind.INPUT


def test_models_are_frozen() -> None:
    message = Input(node="n", ts=NOW, seq=0, metrics=(Metric(name="x", value=1),))
    with pytest.raises(pydantic.ValidationError):
        message.seq = 5  # type: ignore[misc]
    with pytest.raises(pydantic.ValidationError):
        message.metrics[0].value = 2  # type: ignore[misc]


def test_model_validate_checks_kind_and_version() -> None:
    message = Input(node="n", ts=NOW, seq=0, metrics=(Metric(name="x", value=1),))
    dump = message.model_dump()
    with pytest.raises(pydantic.ValidationError, match="kind 'input' given to Output"):
        Output.model_validate(dump)
    with pytest.raises(pydantic.ValidationError, match="protocol version 2 is not 1"):
        Input.model_validate({**dump, "v": 2})


def test_birth_state() -> None:
    description = NodeDescription(
        name="High Park dog area",
        service="dog-park",
        location=GeoPoint.at(-79.46, 43.65),
        attributes={"opening_hours": {"mon": ["07:00", "22:00"]}, "rating": 4.5, "capacity": 40},
        devices=({"model": "BME280", "role": "weather", "metrics": ["temperature_c"]},),  # type: ignore[arg-type]
    )
    state = State(node="hp-1", ts=NOW, seq=0, lifecycle=Lifecycle.ONLINE, birth=True,
                  description=description, keepalive_s=30)  # fmt: skip
    assert state.description is not None
    assert state.description.location.lon == -79.46
    assert state.description.location.lat == 43.65
    assert state.description.devices[0].model == "BME280"
    data = uidi.encode_json(state)
    assert b'"location":{"type":"Point","coordinates":[-79.46,43.65]}' in data
    assert uidi.decode(data, now_ms=NOW) == state


def test_plain_states() -> None:
    for lifecycle in Lifecycle:
        state = State(node="n", ts=NOW, seq=1, lifecycle=lifecycle, reason="last will")
        assert uidi.decode(uidi.encode_binary(state), now_ms=NOW) == state


def test_command_and_answer() -> None:
    command = Command(node="valve-1", ts=NOW, seq=3, command_id="c-42", name="open",
                      args={"percent": 50, "force": False})  # fmt: skip
    flow = Metric(name="flow_lpm", value=12.5, unit="L/min")
    answer = Output(node="valve-1", ts=NOW + 10, seq=4, command_id=command.command_id,
                    status="ok", metrics=(flow,))  # fmt: skip
    for message in (command, answer):
        assert uidi.decode(uidi.encode_json(message), now_ms=NOW) == message
        assert uidi.decode(uidi.encode_binary(message), now_ms=NOW) == message


def test_setting() -> None:
    setting = Setting(node="n", ts=NOW, seq=1, values={"interval_s": 10, "mode": "eco"},
                      setting_id="s-1")  # fmt: skip
    assert uidi.decode(uidi.encode_binary(setting), now_ms=NOW) == setting


def test_translate_validation_error_for_direct_construction() -> None:
    with pytest.raises(pydantic.ValidationError) as caught:
        Input(node="a+b", ts=NOW, seq=0, metrics=(Metric(name="x", value=1),))
    error = uidi._codec.translate_validation_error(caught.value, envelope=False)
    assert str(error) == "node: 'a+b' contains '+', which MQTT reserves for wildcards"
    error = uidi._codec.translate_validation_error(caught.value, prefix="messages[3]")
    assert str(error).startswith("messages[3].node: ")


def test_message_alias_covers_all_kinds() -> None:
    message = Input(node="n", ts=NOW, seq=0, metrics=(Metric(name="x", value=1),))
    assert isinstance(message, uidi.Message)  # type: ignore[arg-type,misc]


def test_many_problems_are_summarised() -> None:
    payload = (
        b'{"v":1,"kind":"input","node":"n","ts":1764000000000,"seq":1,"body":{"metrics":['
        + b",".join(b'{"name":"m%d","value":[1]}' % i for i in range(8))
        + b"]}}"
    )
    with pytest.raises(uidi.ValidationFailed) as caught:
        uidi.decode(payload, now_ms=NOW)
    assert len(caught.value.problems) == 8
    assert str(caught.value).endswith("(and 3 more)")


def test_library_number_types_become_builtins() -> None:
    numpy = pytest.importorskip("numpy")
    message = Input(
        node="n",
        ts=NOW,
        seq=0,
        metrics=(
            Metric(name="a", value=numpy.float64(1.5), unit="V"),
            Metric(name="b", value=numpy.int64(3)),
            Metric(name="c", value=numpy.bool_(True)),
            Metric(name="d", value=Kind.INPUT),
        ),
    )
    values = [m.value for m in message.metrics]
    assert [type(v) for v in values] == [float, int, bool, str]
    assert values == [1.5, 3, True, "input"]
    assert uidi.decode(uidi.encode_binary(message), now_ms=NOW) == message
    with pytest.raises(pydantic.ValidationError, match="is not a finite number"):
        Metric(name="x", value=numpy.float64("nan"))
    with pytest.raises(pydantic.ValidationError, match=r"Fraction\) is not a number"):
        from fractions import Fraction

        Metric(name="x", value=Fraction(1, 3))
