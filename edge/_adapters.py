"""Adapters: raw vendor payloads in, UIDI ``Input`` messages out, through a declared mapping.

Every adapter is configured with a mapping that says which raw field becomes which metric, in which
unit and with which scale and offset. Anything the mapping does not cover is reported with an
:class:`UnmappableInput` naming the field, never guessed; fields a mapping explicitly ignores are
dropped silently.
"""

from __future__ import annotations

import json
import logging
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from edge._errors import EdgeError, MappingError, UnmappableInput

__all__ = [
    "Adapter",
    "CsvLineAdapter",
    "FieldMap",
    "HomeAssistantAdapter",
    "ModbusAdapter",
    "RegisterMap",
    "TasmotaAdapter",
    "adapter_from_mapping",
]

log = logging.getLogger(__name__)

Raw = bytes | str | Mapping[str, Any] | Sequence[Any]


def _short(value: object, limit: int = 80) -> str:
    """A value cut short for an error message or a log line."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass(frozen=True, slots=True)
class FieldMap:
    """How one raw field becomes one metric: ``value * scale + offset`` reported in ``unit``."""

    source: str
    metric: str
    unit: str | None = None
    scale: float = 1.0
    offset: float = 0.0

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], where: str) -> FieldMap:
        """Build from a mapping-file entry; ``where`` names the entry in error messages."""
        try:
            source = str(data["source"])
            metric = str(data["metric"])
        except KeyError as exc:
            raise MappingError(f"{where}: missing required key {exc.args[0]!r}") from exc
        unit = data.get("unit")
        try:
            scale = float(data.get("scale", 1.0))
            offset = float(data.get("offset", 0.0))
        except (TypeError, ValueError) as exc:
            raise MappingError(
                f"{where}: scale/offset must be numbers, got {_short(data)}"
            ) from exc
        return cls(source, metric, None if unit is None else str(unit), scale, offset)

    def apply(self, raw: object, where: str) -> float | int | bool | str:
        """Scale a raw value; booleans and text pass through only with unit-less, unscaled maps."""
        if isinstance(raw, bool):
            if self.scale != 1.0 or self.offset != 0.0:
                raise UnmappableInput(f"{where}: boolean {raw!r} cannot be scaled")
            return raw
        if isinstance(raw, int | float):
            value = float(raw)
        elif isinstance(raw, str):
            try:
                value = float(raw.strip())
            except ValueError:
                if self.unit in (None, "") and self.scale == 1.0 and self.offset == 0.0:
                    return raw
                raise UnmappableInput(
                    f"{where}: field {self.source!r} value {_short(raw)} is not a number"
                ) from None
        else:
            raise UnmappableInput(
                f"{where}: field {self.source!r} value {_short(raw)} is not a scalar"
            )
        if not math.isfinite(value):
            raise UnmappableInput(f"{where}: field {self.source!r} value {raw!r} is not finite")
        out = value * self.scale + self.offset
        if isinstance(raw, int) and self.scale == 1.0 and self.offset == 0.0:
            return int(raw)
        return out


def _metrics_to_input(
    pairs: Iterable[tuple[FieldMap, float | int | bool | str, str | None]],
    *,
    node: str,
    ts: int,
    seq: int,
    where: str,
) -> Any:
    """Build one UIDI ``Input``; protocol errors (an unknown unit) become ``UnmappableInput``."""
    import uidi

    metrics = []
    try:
        for fmap, value, unit in pairs:
            metrics.append(uidi.Metric(name=fmap.metric, value=value, unit=unit))
        return uidi.Input(node=node, ts=ts, seq=seq, metrics=tuple(metrics))
    except EdgeError:
        raise
    except Exception as exc:  # pydantic.ValidationError or uidi.UidiError from the protocol layer
        raise UnmappableInput(f"{where}: UIDI rejected the mapped reading: {exc}") from exc


class Adapter:
    """Base class: one device family's raw payloads to UIDI messages via a declared mapping.

    Subclasses implement :meth:`convert` and :meth:`from_mapping`. ``convert`` takes the raw
    payload (bytes, text or already-parsed JSON), the node id, the timestamp (UTC ms) and the
    sequence number to stamp, and returns the UIDI messages (usually one ``Input``; none for a
    payload that only configures the adapter, such as a Home Assistant discovery config).
    """

    name: ClassVar[str] = ""

    def convert(
        self, raw: Raw, *, node: str, ts: int, seq: int, topic: str | None = None
    ) -> list[Any]:
        """Turn one raw payload into UIDI messages; raise :class:`UnmappableInput` on gaps."""
        raise NotImplementedError

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, Any]) -> Adapter:
        """Build the adapter from a parsed mapping file (see each adapter's docstring)."""
        raise NotImplementedError


def _parse_json(raw: Raw, where: str) -> Any:
    if isinstance(raw, bytes | bytearray):
        try:
            raw = bytes(raw).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise UnmappableInput(f"{where}: payload is not UTF-8 at byte {exc.start}") from exc
    if isinstance(raw, str):
        try:
            return json.loads(raw)
        except json.JSONDecodeError as exc:
            raise UnmappableInput(
                f"{where}: payload is not JSON ({exc.msg} at line {exc.lineno} column {exc.colno}):"
                f" {_short(raw)}"
            ) from exc
    return raw


def _field_maps(mapping: Mapping[str, Any], where: str) -> list[FieldMap]:
    entries = mapping.get("metrics")
    if not isinstance(entries, list) or not entries:
        raise MappingError(f"{where}: 'metrics' must be a non-empty list of field maps")
    return [FieldMap.from_dict(e, f"{where}.metrics[{i}]") for i, e in enumerate(entries)]


def _flatten(data: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        path = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.update(_flatten(value, path + "."))
        else:
            out[path] = value
    return out


# Tasmota reports temperatures and pressures in the unit chosen on the device (SetOption8 and
# SetOption24) and says which in TempUnit / PressureUnit; a declared unit of that dimension
# follows it.
_TASMOTA_TEMP_UNITS = {"C": "°C", "F": "°F"}
_TEMP_UNITS = {"°C", "degC", "°F", "degF", "C", "F"}
_PRESSURE_UNITS = {"hPa", "mmHg", "kPa", "Pa", "inHg"}


class TasmotaAdapter(Adapter):
    """Flat JSON sensor payloads (Tasmota ``tele/<device>/SENSOR`` style).

    Mapping file::

        adapter: tasmota
        metrics:
          - {source: BME280.Temperature, metric: temperature_c, unit: "°C"}
          - {source: BME280.Pressure, metric: pressure_kpa, unit: kPa, scale: 0.1}
        ignore: [Time, TempUnit, PressureUnit]   # optional; these keys are always ignored

    Nested objects are addressed by dotted paths. A numeric leaf that is neither mapped nor ignored
    is reported; mapped fields that are absent are skipped, but a payload with none is reported.
    """

    name = "tasmota"
    ALWAYS_IGNORED: ClassVar[frozenset[str]] = frozenset(
        {"Time", "TempUnit", "PressureUnit", "SpeedUnit"}
    )

    def __init__(self, metrics: Sequence[FieldMap], ignore: Iterable[str] = ()) -> None:
        if not metrics:
            raise MappingError("tasmota mapping: no metrics declared")
        self.metrics = {m.source: m for m in metrics}
        self.ignore = frozenset(ignore) | self.ALWAYS_IGNORED

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, Any]) -> TasmotaAdapter:
        """Build from ``{"metrics": [...], "ignore": [...]}``."""
        return cls(_field_maps(mapping, "tasmota mapping"), mapping.get("ignore", ()))

    def _ignored(self, path: str) -> bool:
        return any(path == i or path.startswith(i + ".") for i in self.ignore)

    def convert(
        self, raw: Raw, *, node: str, ts: int, seq: int, topic: str | None = None
    ) -> list[Any]:
        """Map one SENSOR payload to one ``Input``."""
        where = f"tasmota payload for node {node!r}"
        data = _parse_json(raw, where)
        if not isinstance(data, Mapping):
            raise UnmappableInput(f"{where}: expected a JSON object, got {_short(data)}")
        flat = _flatten(data)
        unmapped = sorted(p for p in flat if p not in self.metrics and not self._ignored(p))
        if unmapped:
            raise UnmappableInput(f"{where}: no mapping for field(s) {', '.join(unmapped)}")
        temp_unit = data.get("TempUnit")
        pressure_unit = data.get("PressureUnit")
        pairs = []
        for path, fmap in self.metrics.items():
            if path not in flat:
                continue
            unit = fmap.unit
            if unit in _TEMP_UNITS and temp_unit is not None:
                if temp_unit not in _TASMOTA_TEMP_UNITS:
                    raise UnmappableInput(f"{where}: TempUnit {temp_unit!r} is not C or F")
                unit = _TASMOTA_TEMP_UNITS[temp_unit]
            elif unit in _PRESSURE_UNITS and pressure_unit is not None:
                if pressure_unit not in _PRESSURE_UNITS:
                    raise UnmappableInput(f"{where}: PressureUnit {pressure_unit!r} is not known")
                # the declared scale converts the device's unit into the declared one only when the
                # device reports the unit the mapping was written for
                if pressure_unit != unit and fmap.scale == 1.0:
                    unit = pressure_unit
            pairs.append((fmap, fmap.apply(flat[path], f"{where}, field {path!r}"), unit))
        if not pairs:
            raise UnmappableInput(
                f"{where}: none of the mapped fields ({', '.join(self.metrics)}) is present"
            )
        return [_metrics_to_input(pairs, node=node, ts=ts, seq=seq, where=where)]


_HA_TEMPLATE = re.compile(
    r"""^\{\{\s*value_json(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[\s*['"]([^'"]+)['"]\s*\])\s*\}\}$"""
)
_HA_PLAIN = re.compile(r"^\{\{\s*value\s*\}\}$")


@dataclass(slots=True)
class _HaEntity:
    object_id: str
    state_topic: str
    key: str | None  # None: the whole payload is the value
    fmap: FieldMap


@dataclass
class HomeAssistantAdapter(Adapter):
    """Home Assistant MQTT discovery plus state topics.

    Discovery configs (``homeassistant/<component>/[<node_id>/]<object_id>/config``) declare a
    state topic, a unit and a value template; only ``{{ value_json.<key> }}``,
    ``{{ value_json['<key>'] }}`` and ``{{ value }}`` templates are supported, others are reported.
    The mapping names which entities to take and as which metric::

        adapter: homeassistant
        discovery_prefix: homeassistant
        metrics:
          - {source: kitchen_temperature, metric: temperature_c}   # source: object_id or unique_id
          - {source: kitchen_humidity, metric: humidity_pct, unit: "%RH"}

    The unit comes from the mapping when declared, otherwise from ``unit_of_measurement``.
    ``convert`` takes either a config (topic ending in ``/config``; returns ``[]``) or a state
    payload on a discovered state topic.
    """

    metrics: dict[str, FieldMap]
    discovery_prefix: str = "homeassistant"
    entities: dict[str, _HaEntity] = field(default_factory=dict)
    name: ClassVar[str] = "homeassistant"

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, Any]) -> HomeAssistantAdapter:
        """Build from ``{"metrics": [...], "discovery_prefix": "homeassistant"}``."""
        maps = _field_maps(mapping, "homeassistant mapping")
        return cls(
            {m.source: m for m in maps}, str(mapping.get("discovery_prefix", "homeassistant"))
        )

    @property
    def state_topics(self) -> set[str]:
        """State topics of the entities discovered so far (to subscribe to)."""
        return {e.state_topic for e in self.entities.values()}

    def discover(self, topic: str, raw: Raw) -> _HaEntity | None:
        """Register one discovery config; an empty payload removes the entity."""
        where = f"home assistant discovery {topic!r}"
        parts = topic.split("/")
        if len(parts) < 4 or parts[0] != self.discovery_prefix or parts[-1] != "config":
            raise UnmappableInput(
                f"{where}: not <prefix>/<component>/[<node_id>/]<object_id>/config"
            )
        object_id = parts[-2]
        if raw in (b"", ""):
            self.entities.pop(object_id, None)
            return None
        cfg = _parse_json(raw, where)
        if not isinstance(cfg, Mapping):
            raise UnmappableInput(f"{where}: expected a JSON object, got {_short(cfg)}")
        unique_id = cfg.get("unique_id") or cfg.get("uniq_id")
        fmap = self.metrics.get(object_id) or (
            self.metrics.get(str(unique_id)) if unique_id else None
        )
        if fmap is None:
            raise UnmappableInput(
                f"{where}: entity {object_id!r} (unique_id {unique_id!r}) has no mapping"
            )
        state_topic = cfg.get("state_topic") or cfg.get("stat_t")
        if not isinstance(state_topic, str) or not state_topic:
            raise UnmappableInput(f"{where}: config has no state_topic")
        template = cfg.get("value_template") or cfg.get("val_tpl")
        key: str | None = None
        if template is not None:
            template = str(template).strip()
            match = _HA_TEMPLATE.match(template)
            if match:
                key = match.group(1) or match.group(2)
            elif not _HA_PLAIN.match(template):
                raise UnmappableInput(
                    f"{where}: value_template {_short(template)} is not supported"
                    " (only {{ value_json.<key> }} and {{ value }})"
                )
        unit = fmap.unit
        if unit is None:
            uom = cfg.get("unit_of_measurement", cfg.get("unit_of_meas"))
            unit = None if uom is None else str(uom)
        resolved = FieldMap(fmap.source, fmap.metric, unit, fmap.scale, fmap.offset)
        entity = _HaEntity(object_id, state_topic, key, resolved)
        self.entities[object_id] = entity
        return entity

    def convert(
        self, raw: Raw, *, node: str, ts: int, seq: int, topic: str | None = None
    ) -> list[Any]:
        """A config registers an entity (``[]``); a state payload becomes one ``Input``."""
        if topic is None:
            raise UnmappableInput("home assistant payload: the topic is required")
        if topic.endswith("/config") and topic.startswith(self.discovery_prefix + "/"):
            self.discover(topic, raw)
            return []
        where = f"home assistant state {topic!r}"
        entities = [e for e in self.entities.values() if e.state_topic == topic]
        if not entities:
            raise UnmappableInput(f"{where}: no discovered entity uses this state topic")
        data: Any = None
        if any(e.key is not None for e in entities):
            data = _parse_json(raw, where)
            if not isinstance(data, Mapping):
                raise UnmappableInput(f"{where}: expected a JSON object, got {_short(data)}")
        pairs = []
        missing = []
        for e in entities:
            if e.key is None:
                value: Any = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
            elif e.key in data:
                value = data[e.key]
            else:
                missing.append(e.key)
                continue
            pairs.append(
                (e.fmap, e.fmap.apply(value, f"{where}, entity {e.object_id!r}"), e.fmap.unit)
            )
        if not pairs:
            raise UnmappableInput(f"{where}: payload lacks key(s) {', '.join(missing)}")
        return [_metrics_to_input(pairs, node=node, ts=ts, seq=seq, where=where)]


class CsvLineAdapter(Adapter):
    """One line of a serial logger's CSV stream, with declared columns.

    Mapping file::

        adapter: csv
        columns: [time, temp, rh, battery]     # every column, in order
        delimiter: ","
        ts_column: time                        # optional; epoch s, epoch ms or ISO 8601
        ignore: [battery]
        metrics:
          - {source: temp, metric: temperature_c, unit: "°C"}
          - {source: rh, metric: humidity_pct, unit: "%RH"}

    A header line equal to the declared columns and blank or ``#`` comment lines give ``[]``.
    """

    name = "csv"

    def __init__(
        self,
        columns: Sequence[str],
        metrics: Sequence[FieldMap],
        *,
        delimiter: str = ",",
        ts_column: str | None = None,
        ignore: Iterable[str] = (),
    ) -> None:
        self.columns = list(columns)
        self.metrics = {m.source: m for m in metrics}
        self.delimiter = delimiter
        self.ts_column = ts_column
        self.ignore = set(ignore)
        declared = set(self.columns)
        for source in self.metrics:
            if source not in declared:
                raise MappingError(
                    f"csv mapping: metric source {source!r} is not a declared column"
                )
        if ts_column is not None and ts_column not in declared:
            raise MappingError(f"csv mapping: ts_column {ts_column!r} is not a declared column")
        unmapped = declared - set(self.metrics) - self.ignore - {ts_column}
        if unmapped:
            raise MappingError(
                f"csv mapping: column(s) {', '.join(sorted(unmapped))} neither mapped nor ignored"
            )

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, Any]) -> CsvLineAdapter:
        """Build from ``{"columns", "metrics", "delimiter", "ts_column", "ignore"}``."""
        columns = mapping.get("columns")
        if not isinstance(columns, list) or not columns:
            raise MappingError("csv mapping: 'columns' must be a non-empty list of column names")
        return cls(
            [str(c) for c in columns],
            _field_maps(mapping, "csv mapping"),
            delimiter=str(mapping.get("delimiter", ",")),
            ts_column=mapping.get("ts_column"),
            ignore=mapping.get("ignore", ()),
        )

    def _parse_ts(self, text: str, where: str) -> int:
        from datetime import UTC, datetime

        try:
            number = float(text)
        except ValueError:
            try:
                parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
            except ValueError:
                raise UnmappableInput(f"{where}: time {text!r} is not epoch or ISO 8601") from None
            if parsed.tzinfo is None:
                parsed = parsed.replace(tzinfo=UTC)
            return int(parsed.timestamp() * 1000)
        # epoch seconds until year 5138; anything larger is already milliseconds
        return int(number * 1000) if number < 1e11 else int(number)

    def convert(
        self, raw: Raw, *, node: str, ts: int, seq: int, topic: str | None = None
    ) -> list[Any]:
        """Map one CSV line to one ``Input``."""
        if isinstance(raw, bytes | bytearray):
            raw = bytes(raw).decode("utf-8", "replace")
        if not isinstance(raw, str):
            raise UnmappableInput(f"csv line for node {node!r}: expected text, got {_short(raw)}")
        line = raw.strip()
        if not line or line.startswith("#"):
            return []
        cells = [c.strip() for c in line.split(self.delimiter)]
        if cells == self.columns:
            return []
        where = f"csv line {_short(line, 60)} for node {node!r}"
        if len(cells) != len(self.columns):
            raise UnmappableInput(
                f"{where}: {len(cells)} column(s), the mapping declares {len(self.columns)}"
            )
        row = dict(zip(self.columns, cells, strict=True))
        if self.ts_column is not None:
            ts = self._parse_ts(row[self.ts_column], where)
        pairs = []
        for source, fmap in self.metrics.items():
            if row[source] == "":
                continue  # an empty cell is a missing reading, not a zero
            pairs.append((fmap, fmap.apply(row[source], f"{where}, column {source!r}"), fmap.unit))
        if not pairs:
            raise UnmappableInput(f"{where}: every mapped column is empty")
        return [_metrics_to_input(pairs, node=node, ts=ts, seq=seq, where=where)]


_REGISTER_TYPES = {
    "int16": (1, True),
    "uint16": (1, False),
    "int32": (2, True),
    "uint32": (2, False),
}


@dataclass(frozen=True, slots=True)
class RegisterMap:
    """One value in a Modbus holding-register block: address, type, word order, scale, offset."""

    address: int
    type: str
    metric: str
    unit: str | None = None
    scale: float = 1.0
    offset: float = 0.0
    word_order: str = "big"  # "big": high word at the lower address (the Modbus convention)

    def __post_init__(self) -> None:
        if self.type not in _REGISTER_TYPES:
            raise MappingError(
                f"modbus mapping: register {self.address} type {self.type!r} is not one of"
                f" {', '.join(_REGISTER_TYPES)}"
            )
        if self.word_order not in ("big", "little"):
            raise MappingError(
                f"modbus mapping: register {self.address} word_order {self.word_order!r}"
                " is not big or little"
            )
        if not 0 <= self.address <= 0xFFFF:
            raise MappingError(f"modbus mapping: address {self.address} outside 0..65535")

    @property
    def width(self) -> int:
        """Registers this value spans."""
        return _REGISTER_TYPES[self.type][0]

    def decode(self, words: Sequence[int]) -> int:
        """The raw integer held by ``words`` (one or two 16-bit registers)."""
        if self.width == 1:
            value = words[0]
        else:
            hi, lo = (words[0], words[1]) if self.word_order == "big" else (words[1], words[0])
            value = (hi << 16) | lo
        bits = 16 * self.width
        if _REGISTER_TYPES[self.type][1] and value >= 1 << (bits - 1):
            value -= 1 << bits
        return value


class ModbusAdapter(Adapter):
    """A Modbus holding-register block (list of 16-bit ints) through a register map.

    Mapping file::

        adapter: modbus
        start: 0                       # address of the first register in each payload
        registers:
          - {address: 0, type: int16, metric: temperature_c, unit: "°C", scale: 0.1}
          - {address: 1, type: uint16, metric: humidity_pct, unit: "%RH", scale: 0.1}
          - {address: 2, type: int32, metric: power_w, unit: W, word_order: big}

    A payload is a JSON list of ints, or ``{"start": N, "registers": [...]}``. Registers outside
    0..65535, missing addresses and non-integers are reported with the address.
    """

    name = "modbus"

    def __init__(self, registers: Sequence[RegisterMap], *, start: int = 0) -> None:
        if not registers:
            raise MappingError("modbus mapping: no registers declared")
        self.registers = list(registers)
        self.start = start
        seen: dict[int, str] = {}
        for reg in self.registers:
            for a in range(reg.address, reg.address + reg.width):
                if a in seen:
                    raise MappingError(
                        f"modbus mapping: address {a} used by both {seen[a]!r} and {reg.metric!r}"
                    )
                seen[a] = reg.metric

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, Any]) -> ModbusAdapter:
        """Build from ``{"start": N, "registers": [...]}``."""
        entries = mapping.get("registers")
        if not isinstance(entries, list) or not entries:
            raise MappingError("modbus mapping: 'registers' must be a non-empty list")
        regs = []
        for i, e in enumerate(entries):
            try:
                regs.append(
                    RegisterMap(
                        address=int(e["address"]),
                        type=str(e.get("type", "uint16")),
                        metric=str(e["metric"]),
                        unit=None if e.get("unit") is None else str(e["unit"]),
                        scale=float(e.get("scale", 1.0)),
                        offset=float(e.get("offset", 0.0)),
                        word_order=str(e.get("word_order", "big")),
                    )
                )
            except (KeyError, TypeError, ValueError) as exc:
                raise MappingError(
                    f"modbus mapping.registers[{i}]: {exc!r} in {_short(e)}"
                ) from exc
        return cls(regs, start=int(mapping.get("start", 0)))

    def convert(
        self, raw: Raw, *, node: str, ts: int, seq: int, topic: str | None = None
    ) -> list[Any]:
        """Map one register block to one ``Input``."""
        where = f"modbus block for node {node!r}"
        data = _parse_json(raw, where)
        start = self.start
        if isinstance(data, Mapping):
            try:
                start = int(data.get("start", start))
            except (TypeError, ValueError):
                raise UnmappableInput(
                    f"{where}: start {_short(data.get('start'))} is not an int"
                ) from None
            data = data.get("registers")
        if not isinstance(data, list):
            raise UnmappableInput(f"{where}: expected a list of registers, got {_short(data)}")
        for i, word in enumerate(data):
            if isinstance(word, bool) or not isinstance(word, int) or not 0 <= word <= 0xFFFF:
                raise UnmappableInput(
                    f"{where}: register {start + i} value {_short(word)} is not an int in 0..65535"
                )
        pairs = []
        for reg in self.registers:
            lo = reg.address - start
            hi = lo + reg.width
            if lo < 0 or hi > len(data):
                raise UnmappableInput(
                    f"{where}: register {reg.address} ({reg.metric}, {reg.type}) not in block"
                    f" {start}..{start + len(data) - 1}"
                )
            raw_value = reg.decode(data[lo:hi])
            fmap = FieldMap(str(reg.address), reg.metric, reg.unit, reg.scale, reg.offset)
            pairs.append((fmap, fmap.apply(raw_value, where), reg.unit))
        return [_metrics_to_input(pairs, node=node, ts=ts, seq=seq, where=where)]


ADAPTERS: dict[str, type[Adapter]] = {
    "tasmota": TasmotaAdapter,
    "homeassistant": HomeAssistantAdapter,
    "csv": CsvLineAdapter,
    "modbus": ModbusAdapter,
}


def adapter_from_mapping(mapping: Mapping[str, Any], kind: str | None = None) -> Adapter:
    """Build the adapter named by ``kind`` (or the mapping's ``adapter`` key) from a mapping."""
    name = kind or mapping.get("adapter")
    if name not in ADAPTERS:
        raise MappingError(f"mapping: adapter {name!r} is not one of {', '.join(sorted(ADAPTERS))}")
    return ADAPTERS[str(name)].from_mapping(mapping)
