"""Adapters: declared mappings turn raw payloads into UIDI; gaps are reported, never guessed."""

from __future__ import annotations

import contextlib
import json
import struct

import pytest
from hypothesis import given
from hypothesis import strategies as st

import uidi
from edge import (
    CsvLineAdapter,
    EdgeError,
    HomeAssistantAdapter,
    MappingError,
    ModbusAdapter,
    TasmotaAdapter,
    UnmappableInput,
    adapter_from_mapping,
)

TS = 1_764_000_000_000

TASMOTA = {
    "adapter": "tasmota",
    "metrics": [
        {"source": "BME280.Temperature", "metric": "temperature_c", "unit": "°C"},
        {"source": "BME280.Humidity", "metric": "humidity_pct", "unit": "%RH"},
        {"source": "BME280.Pressure", "metric": "pressure_kpa", "unit": "kPa", "scale": 0.1},
    ],
}
SENSOR = {
    "Time": "2025-11-24T10:00:00",
    "BME280": {"Temperature": 21.3, "Humidity": 40.1, "Pressure": 1003.2},
    "TempUnit": "C",
    "PressureUnit": "hPa",
}


def metrics(msg: uidi.Input) -> dict[str, tuple[object, str | None]]:
    return {m.name: (m.value, m.unit) for m in msg.metrics}


def test_tasmota_maps_nested_fields_with_scale_and_units() -> None:
    [msg] = adapter_from_mapping(TASMOTA).convert(json.dumps(SENSOR), node="n1", ts=TS, seq=4)
    assert isinstance(msg, uidi.Input)
    assert (msg.node, msg.ts, msg.seq) == ("n1", TS, 4)
    got = metrics(msg)
    assert got["temperature_c"] == (21.3, "°C")
    assert got["humidity_pct"] == (40.1, "%RH")
    assert got["pressure_kpa"][0] == pytest.approx(100.32)
    # the payload survives the wire codec unchanged
    assert uidi.decode(uidi.encode_json(msg)) == msg


def test_tasmota_follows_the_device_temperature_unit() -> None:
    payload = dict(SENSOR, TempUnit="F", BME280={"Temperature": 70.0})
    [msg] = adapter_from_mapping(TASMOTA).convert(payload, node="n1", ts=TS, seq=0)
    assert metrics(msg)["temperature_c"] == (70.0, "°F")
    assert msg.metrics[0].si_value == pytest.approx(294.26, abs=0.01)


def test_tasmota_reports_unmapped_fields_by_path() -> None:
    payload = {"BME280": {"Temperature": 21.0, "DewPoint": 8.1}, "SI7021": {"Humidity": 3}}
    with pytest.raises(UnmappableInput, match=r"BME280\.DewPoint, SI7021\.Humidity"):
        adapter_from_mapping(TASMOTA).convert(payload, node="n1", ts=TS, seq=0)


def test_tasmota_ignores_declared_fields_and_rejects_non_numbers() -> None:
    adapter = TasmotaAdapter.from_mapping({**TASMOTA, "ignore": ["ESP32"]})
    [msg] = adapter.convert(
        {"BME280": {"Temperature": 1}, "ESP32": {"Temperature": 40}}, node="n1", ts=TS, seq=0
    )
    assert metrics(msg) == {"temperature_c": (1, "°C")}
    with pytest.raises(
        UnmappableInput, match=r"'BME280\.Temperature' value 'warm' is not a number"
    ):
        adapter.convert({"BME280": {"Temperature": "warm"}}, node="n1", ts=TS, seq=0)
    with pytest.raises(UnmappableInput, match="not JSON"):
        adapter.convert(b"{oops", node="n1", ts=TS, seq=0)
    with pytest.raises(UnmappableInput, match="none of the mapped fields"):
        adapter.convert({"Time": "x"}, node="n1", ts=TS, seq=0)


def test_unknown_unit_is_reported_by_uidi_not_guessed() -> None:
    adapter = TasmotaAdapter.from_mapping(
        {"metrics": [{"source": "X", "metric": "x_val", "unit": "furlongs_per_blorp"}]}
    )
    with pytest.raises(UnmappableInput, match="UIDI rejected"):
        adapter.convert({"X": 1}, node="n1", ts=TS, seq=0)


HA = {
    "adapter": "homeassistant",
    "metrics": [
        {"source": "kitchen_temp", "metric": "temperature_c"},
        {"source": "hum-unique-1", "metric": "humidity_pct", "unit": "%RH"},
    ],
}


def test_home_assistant_discovery_then_state() -> None:
    ha = HomeAssistantAdapter.from_mapping(HA)
    cfg_t = {
        "name": "Kitchen temperature",
        "state_topic": "home/kitchen/state",
        "unit_of_measurement": "°C",
        "value_template": "{{ value_json.temperature }}",
    }
    cfg_h = {
        "state_topic": "home/kitchen/state",
        "unique_id": "hum-unique-1",
        "unit_of_measurement": "%",
        "value_template": "{{ value_json['humidity'] }}",
    }
    assert (
        ha.convert(
            json.dumps(cfg_t),
            node="k",
            ts=TS,
            seq=0,
            topic="homeassistant/sensor/kitchen_temp/config",
        )
        == []
    )
    assert (
        ha.convert(
            json.dumps(cfg_h),
            node="k",
            ts=TS,
            seq=0,
            topic="homeassistant/sensor/dev1/kitchen_hum/config",
        )
        == []
    )
    assert ha.state_topics == {"home/kitchen/state"}
    [msg] = ha.convert(
        b'{"temperature": 22.5, "humidity": 35}', node="k", ts=TS, seq=1, topic="home/kitchen/state"
    )
    # unit from discovery unless the mapping declares one
    assert metrics(msg) == {"temperature_c": (22.5, "°C"), "humidity_pct": (35, "%RH")}


def test_home_assistant_rejects_what_it_cannot_map() -> None:
    ha = HomeAssistantAdapter.from_mapping(HA)
    with pytest.raises(UnmappableInput, match=r"'garage_door' .* has no mapping"):
        ha.discover("homeassistant/binary_sensor/garage_door/config", b'{"state_topic": "g"}')
    with pytest.raises(UnmappableInput, match=r"value_template .* is not supported"):
        ha.discover(
            "homeassistant/sensor/kitchen_temp/config",
            json.dumps({"state_topic": "s", "value_template": "{{ value_json.t | float * 2 }}"}),
        )
    with pytest.raises(UnmappableInput, match="no discovered entity"):
        ha.convert(b"1", node="k", ts=TS, seq=0, topic="unknown/state")
    ha.discover(
        "homeassistant/sensor/kitchen_temp/config",
        json.dumps({"state_topic": "s", "value_template": "{{ value_json.t }}"}),
    )
    with pytest.raises(UnmappableInput, match="lacks key"):
        ha.convert(b'{"x": 1}', node="k", ts=TS, seq=0, topic="s")
    # an empty config removes the entity
    ha.discover("homeassistant/sensor/kitchen_temp/config", b"")
    assert ha.state_topics == set()


CSV = {
    "adapter": "csv",
    "columns": ["time", "temp", "rh", "battery"],
    "ts_column": "time",
    "ignore": ["battery"],
    "metrics": [
        {"source": "temp", "metric": "temperature_c", "unit": "°C"},
        {"source": "rh", "metric": "humidity_pct", "unit": "%RH"},
    ],
}


def test_csv_lines_with_header_timestamps_and_gaps() -> None:
    csv = CsvLineAdapter.from_mapping(CSV)
    assert csv.convert("time,temp,rh,battery", node="c", ts=TS, seq=0) == []
    assert csv.convert("# logger v2", node="c", ts=TS, seq=0) == []
    [msg] = csv.convert("1764000000,19.5,,3.7\n", node="c", ts=0, seq=2)
    assert msg.ts == 1_764_000_000_000
    assert metrics(msg) == {"temperature_c": (19.5, "°C")}  # an empty cell is not a zero
    [msg] = csv.convert("2025-11-24T16:00:00Z,20,50,3.6", node="c", ts=0, seq=3)
    assert msg.ts == 1_764_000_000_000
    with pytest.raises(UnmappableInput, match="3 column\\(s\\), the mapping declares 4"):
        csv.convert("1,2,3", node="c", ts=TS, seq=0)
    with pytest.raises(UnmappableInput, match="column 'rh'"):
        csv.convert("1764000000,19.5,wet,3.7", node="c", ts=TS, seq=0)


def test_csv_mapping_must_cover_every_column() -> None:
    with pytest.raises(MappingError, match="battery neither mapped nor ignored"):
        CsvLineAdapter.from_mapping({**CSV, "ignore": []})


MODBUS = {
    "adapter": "modbus",
    "start": 100,
    "registers": [
        {"address": 100, "type": "int16", "metric": "temperature_c", "unit": "°C", "scale": 0.1},
        {"address": 101, "type": "uint16", "metric": "humidity_pct", "unit": "%RH", "scale": 0.1},
        {"address": 102, "type": "int32", "metric": "power_w", "unit": "W"},
        {
            "address": 104,
            "type": "uint32",
            "metric": "flow_lpm",
            "unit": "L/min",
            "scale": 0.01,
            "word_order": "little",
        },
    ],
}


def test_modbus_register_map_with_signs_widths_and_scale() -> None:
    power = struct.unpack(">HH", struct.pack(">i", -70000))
    flow = struct.unpack(">HH", struct.pack(">I", 123456))
    regs = [0xFF9C, 455, *power, flow[1], flow[0]]  # -100 -> -10.0 °C
    [msg] = ModbusAdapter.from_mapping(MODBUS).convert(regs, node="m", ts=TS, seq=0)
    got = metrics(msg)
    assert got["temperature_c"][0] == pytest.approx(-10.0)
    assert got["humidity_pct"][0] == pytest.approx(45.5)
    assert got["power_w"] == (-70000, "W")
    assert got["flow_lpm"][0] == pytest.approx(1234.56)


def test_modbus_reports_bad_blocks_by_address() -> None:
    mb = ModbusAdapter.from_mapping(MODBUS)
    with pytest.raises(UnmappableInput, match=r"register 104 .* not in block 100\.\.103"):
        mb.convert([1, 2, 3, 4], node="m", ts=TS, seq=0)
    with pytest.raises(UnmappableInput, match="register 101 value 70000"):
        mb.convert([1, 70000, 0, 0, 0, 0], node="m", ts=TS, seq=0)
    with pytest.raises(MappingError, match="type 'float64'"):
        ModbusAdapter.from_mapping(
            {"registers": [{"address": 0, "type": "float64", "metric": "x"}]}
        )
    with pytest.raises(MappingError, match="address 1 used by both"):
        ModbusAdapter.from_mapping(
            {
                "registers": [
                    {"address": 0, "type": "int32", "metric": "a"},
                    {"address": 1, "type": "int16", "metric": "b"},
                ]
            }
        )


@given(st.integers(min_value=-(2**31), max_value=2**31 - 1), st.sampled_from(["big", "little"]))
def test_modbus_int32_round_trips_any_value(value: int, order: str) -> None:
    hi, lo = struct.unpack(">HH", struct.pack(">i", value))
    words = [hi, lo] if order == "big" else [lo, hi]
    mb = ModbusAdapter.from_mapping(
        {
            "registers": [
                {
                    "address": 0,
                    "type": "int32",
                    "metric": "power_w",
                    "unit": "W",
                    "word_order": order,
                }
            ]
        }
    )
    [msg] = mb.convert(words, node="m", ts=TS, seq=0)
    assert msg.metrics[0].value == value


@given(st.binary(max_size=200) | st.text(max_size=200))
def test_adapters_raise_only_edge_errors_on_garbage(raw: bytes | str) -> None:
    for adapter in (
        TasmotaAdapter.from_mapping(TASMOTA),
        CsvLineAdapter.from_mapping(CSV),
        ModbusAdapter.from_mapping(MODBUS),
    ):
        with contextlib.suppress(EdgeError):
            adapter.convert(raw, node="g", ts=TS, seq=0)


def test_unknown_adapter_named_in_error() -> None:
    with pytest.raises(MappingError, match="adapter 'zigbee' is not one of"):
        adapter_from_mapping({"adapter": "zigbee"})
