"""Device firmware as the simulator plays it: readings out as raw vendor payloads, then through the
project's edge adapters into UIDI, exactly as a gateway in the field would do.

Four families, chosen per node by the scenario's ``vendors`` weights:

- ``tasmota``: one ``tele/<device>/SENSOR`` JSON object with a section per sensor part;
- ``homeassistant``: MQTT discovery configs (one per entity) and a JSON state payload;
- ``csv``: a LoRa logger's serial CSV line (epoch ms first) relayed by the gateway;
- ``modbus``: a block of 16-bit holding registers read from a controller.

CSV loggers and Modbus controllers carry numbers only; the node's ESP32 gateway reports the
``open`` flag beside them as a small Tasmota status object when it changes.
"""

from __future__ import annotations

import json
import logging
from collections import OrderedDict
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from edge import CsvLineAdapter, HomeAssistantAdapter, ModbusAdapter, TasmotaAdapter
from simulators._city import NodeSpec

__all__ = ["UNITS", "VendorBridge"]

log = logging.getLogger(__name__)

# Unit of each live field, as the vocabulary in docs/interfaces.md states it.
UNITS: dict[str, str | None] = {
    "open": None,
    "occupancy_pct": "%",
    "people_count": "",
    "queue_len": "",
    "wait_min": "min",
    "parking_free": "",
    "available": "",
    "price": "",
    "discount_pct": "%",
    "noise_dba": "dB",
    "temperature_c": "°C",
    "water_temperature_c": "°C",
    "humidity_pct": "%RH",
    "co2_ppm": "ppm",
    "pressure_kpa": "kPa",
    "flow_lpm": "L/min",
    "power_w": "W",
    "current_a": "A",
    "light_lux": "lx",
}

# Tasmota sections and fields; "{model}" is the part on the node that measures the metric.
_TASMOTA_FIELDS: dict[str, str] = {
    "open": "Status.Open",
    "occupancy_pct": "Occupancy.Percent",
    "people_count": "COUNTER.C1",
    "queue_len": "Queue.Length",
    "wait_min": "Queue.WaitMin",
    "parking_free": "Parking.Free",
    "available": "Docks.Free",
    "price": "Price.Current",
    "discount_pct": "Price.Discount",
    "noise_dba": "{model}.SoundLevel",
    "temperature_c": "{model}.Temperature",
    "humidity_pct": "{model}.Humidity",
    "water_temperature_c": "{model}.Temperature",
    "co2_ppm": "{model}.eCO2",
    "pressure_kpa": "{model}.Pressure",
    "flow_lpm": "{model}.Flow",
    "power_w": "{model}.Power",
    "current_a": "{model}.Current",
    "light_lux": "{model}.Illuminance",
}

# Modbus register type and scale per metric (value = raw * scale).
_REGISTERS: dict[str, tuple[str, float]] = {
    "occupancy_pct": ("uint16", 0.1),
    "people_count": ("uint16", 1.0),
    "queue_len": ("uint16", 1.0),
    "wait_min": ("uint16", 0.1),
    "parking_free": ("uint16", 1.0),
    "available": ("uint16", 1.0),
    "price": ("uint32", 0.001),
    "discount_pct": ("uint16", 1.0),
    "noise_dba": ("uint16", 0.1),
    "temperature_c": ("int16", 0.1),
    "water_temperature_c": ("int16", 0.1),
    "humidity_pct": ("uint16", 0.1),
    "co2_ppm": ("uint16", 1.0),
    "pressure_kpa": ("uint16", 0.1),
    "flow_lpm": ("uint16", 0.1),
    "power_w": ("uint32", 0.1),
    "current_a": ("uint16", 0.01),
    "light_lux": ("uint32", 1.0),
}

_CSV_COLUMNS: dict[str, str] = {
    "occupancy_pct": "occ",
    "people_count": "people",
    "queue_len": "queue",
    "wait_min": "wait",
    "parking_free": "bays_free",
    "available": "units_free",
    "price": "price",
    "discount_pct": "discount",
    "noise_dba": "spl",
    "temperature_c": "temp",
    "water_temperature_c": "water_temp",
    "humidity_pct": "rh",
    "co2_ppm": "eco2",
    "pressure_kpa": "press",
    "flow_lpm": "flow",
    "power_w": "watts",
    "current_a": "amps",
    "light_lux": "lux",
}

# one adapter per Home Assistant node; enough for the default city's share without evictions
_HA_CACHE = 16_384


def _unit(metric: str) -> str | None:
    return UNITS.get(metric, "")


def _model_for(node: NodeSpec, metric: str) -> str:
    for device in node.devices:
        if metric in device.metrics:
            return device.model
    return "ESP32-WROOM-32"


class VendorBridge:
    """Turns a node's readings into its vendor's raw payloads and those into UIDI messages.

    Adapters are built from declared mappings, once per distinct node layout (and, for Home
    Assistant, once per node, since discovery is per installation; kept in a bounded cache).
    ``raw_payloads`` exposes the raw side alone, for tests and for recording device traffic.
    """

    def __init__(self) -> None:
        self._tasmota: dict[tuple[tuple[str, str], ...], TasmotaAdapter] = {}
        self._csv: dict[tuple[str, ...], CsvLineAdapter] = {}
        self._modbus: dict[tuple[str, ...], ModbusAdapter] = {}
        self._ha: OrderedDict[str, HomeAssistantAdapter] = OrderedDict()
        self._status = TasmotaAdapter.from_mapping(
            {"metrics": [{"source": "Status.Open", "metric": "open"}]}
        )

    # raw payloads ------------------------------------------------------------------------------

    def raw_payloads(
        self, node: NodeSpec, readings: Mapping[str, float | int | bool], ts: int
    ) -> list[tuple[str, Any]]:
        """The raw payloads the node's firmware emits for one update: ``(family, payload)``."""
        vendor = node.vendor
        if vendor == "tasmota":
            return [("tasmota", self._tasmota_payload(node, readings, ts))]
        if vendor == "homeassistant":
            state = {m: v for m, v in readings.items()}
            return [("homeassistant", json.dumps(state, separators=(",", ":")))]
        numeric = [m for m in readings if m != "open"]
        out: list[tuple[str, Any]] = []
        if numeric:
            if vendor == "csv":
                cells = [str(ts)] + [_cell(readings[m]) for m in numeric]
                out.append(("csv", ",".join(cells)))
            else:
                out.append(
                    ("modbus", json.dumps({"start": 0, "registers": _registers(numeric, readings)}))
                )
        return out

    def _tasmota_payload(
        self, node: NodeSpec, readings: Mapping[str, float | int | bool], ts: int
    ) -> str:
        body: dict[str, Any] = {
            "Time": datetime.fromtimestamp(ts / 1000, UTC).strftime("%Y-%m-%dT%H:%M:%S")
        }
        for metric, value in readings.items():
            path = _tasmota_path(node, metric)
            section, field = path.split(".", 1)
            body.setdefault(section, {})[field] = value
        if any(m in readings for m in ("temperature_c", "water_temperature_c")):
            body["TempUnit"] = "C"
        return json.dumps(body, separators=(",", ":"))

    # adapters ----------------------------------------------------------------------------------

    def prepare(self, node: NodeSpec) -> None:
        """Build the node's adapter now (Home Assistant discovery included), not at first use."""
        layout = dict.fromkeys(node.metrics, 0)
        if node.vendor == "homeassistant":
            self._ha_adapter(node, layout)
        elif node.vendor == "tasmota":
            self._tasmota_adapter(node, layout)
        elif any(m != "open" for m in layout):
            if node.vendor == "csv":
                self._csv_adapter(layout)
            else:
                self._modbus_adapter(layout)

    def convert(
        self,
        node: NodeSpec,
        readings: Mapping[str, float | int | bool],
        *,
        ts: int,
        seq: int,
        open_changed: bool = False,
    ) -> list[Any]:
        """UIDI messages for one update of ``node``; ``seq`` is the first sequence number used.

        For CSV and Modbus nodes the gateway's status object carrying ``open`` goes first when
        ``open_changed``. Raises ``edge.EdgeError`` if the adapters cannot map a payload.
        """
        messages: list[Any] = []
        vendor = node.vendor
        if vendor in ("csv", "modbus") and open_changed and "open" in readings:
            status = json.dumps({"Status": {"Open": bool(readings["open"])}})
            messages += self._status.convert(status, node=node.node_id, ts=ts, seq=seq)
        for family, raw in self.raw_payloads(node, readings, ts):
            at = seq + len(messages)
            if family == "tasmota":
                messages += self._tasmota_adapter(node, readings).convert(
                    raw, node=node.node_id, ts=ts, seq=at
                )
            elif family == "homeassistant":
                adapter = self._ha_adapter(node, readings)
                messages += adapter.convert(
                    raw, node=node.node_id, ts=ts, seq=at, topic=_ha_state_topic(node)
                )
            elif family == "csv":
                messages += self._csv_adapter(readings).convert(
                    raw, node=node.node_id, ts=ts, seq=at
                )
            else:
                messages += self._modbus_adapter(readings).convert(
                    raw, node=node.node_id, ts=ts, seq=at
                )
        return messages

    def _tasmota_adapter(
        self, node: NodeSpec, readings: Mapping[str, float | int | bool]
    ) -> TasmotaAdapter:
        layout = tuple((m, _tasmota_path(node, m)) for m in readings)
        adapter = self._tasmota.get(layout)
        if adapter is None:
            adapter = TasmotaAdapter.from_mapping(
                {"metrics": [{"source": p, "metric": m, "unit": _unit(m)} for m, p in layout]}
            )
            self._tasmota[layout] = adapter
        return adapter

    def _csv_adapter(self, readings: Mapping[str, float | int | bool]) -> CsvLineAdapter:
        layout = tuple(m for m in readings if m != "open")
        adapter = self._csv.get(layout)
        if adapter is None:
            columns = ["time", *(_CSV_COLUMNS.get(m, m) for m in layout)]
            adapter = CsvLineAdapter.from_mapping(
                {
                    "columns": columns,
                    "ts_column": "time",
                    "metrics": [
                        {"source": _CSV_COLUMNS.get(m, m), "metric": m, "unit": _unit(m)}
                        for m in layout
                    ],
                }
            )
            self._csv[layout] = adapter
        return adapter

    def _modbus_adapter(self, readings: Mapping[str, float | int | bool]) -> ModbusAdapter:
        layout = tuple(m for m in readings if m != "open")
        adapter = self._modbus.get(layout)
        if adapter is None:
            registers = []
            address = 0
            for metric in layout:
                rtype, scale = _REGISTERS.get(metric, ("uint16", 0.1))
                registers.append(
                    {
                        "address": address,
                        "type": rtype,
                        "metric": metric,
                        "unit": _unit(metric),
                        "scale": scale,
                    }
                )
                address += 2 if rtype.endswith("32") else 1
            adapter = ModbusAdapter.from_mapping({"start": 0, "registers": registers})
            self._modbus[layout] = adapter
        return adapter

    def _ha_adapter(
        self, node: NodeSpec, readings: Mapping[str, float | int | bool]
    ) -> HomeAssistantAdapter:
        adapter = self._ha.get(node.node_id)
        if adapter is not None:
            self._ha.move_to_end(node.node_id)
            return adapter
        adapter = HomeAssistantAdapter.from_mapping(
            {"metrics": [{"source": m, "metric": m, "unit": _unit(m)} for m in readings]}
        )
        for topic, config in self.ha_discovery(node, readings):
            adapter.convert(config, node=node.node_id, ts=0, seq=0, topic=topic)
        self._ha[node.node_id] = adapter
        if len(self._ha) > _HA_CACHE:
            self._ha.popitem(last=False)
        return adapter

    @staticmethod
    def ha_discovery(
        node: NodeSpec, readings: Mapping[str, float | int | bool]
    ) -> list[tuple[str, str]]:
        """Home Assistant discovery configs for the node's entities: ``(topic, payload)``."""
        out = []
        for metric in readings:
            component = "binary_sensor" if metric == "open" else "sensor"
            config: dict[str, Any] = {
                "name": f"{node.name} {metric.replace('_', ' ')}",
                "unique_id": f"{node.node_id}_{metric}",
                "state_topic": _ha_state_topic(node),
                "value_template": "{{ value_json." + metric + " }}",
            }
            unit = _unit(metric)
            if unit:
                config["unit_of_measurement"] = unit
            out.append(
                (f"homeassistant/{component}/{node.node_id}/{metric}/config", json.dumps(config))
            )
        return out


def _ha_state_topic(node: NodeSpec) -> str:
    return f"iotase-sim/{node.node_id}/state"


def _tasmota_path(node: NodeSpec, metric: str) -> str:
    template = _TASMOTA_FIELDS.get(metric, "{model}." + metric)
    return template.replace("{model}", _model_for(node, metric))


def _cell(value: float | int | bool) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return repr(value) if isinstance(value, float) else str(value)


def _registers(metrics: list[str], readings: Mapping[str, float | int | bool]) -> list[int]:
    words: list[int] = []
    for metric in metrics:
        rtype, scale = _REGISTERS.get(metric, ("uint16", 0.1))
        raw = round(float(readings[metric]) / scale)
        if rtype == "int16":
            raw = max(-32768, min(32767, raw)) & 0xFFFF
            words.append(raw)
        elif rtype == "uint16":
            words.append(max(0, min(0xFFFF, raw)))
        else:
            raw = max(0, min(0xFFFFFFFF, raw))
            words += [raw >> 16, raw & 0xFFFF]
    return words
