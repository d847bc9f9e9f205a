"""Edge: adapters that turn raw device payloads into UIDI messages, and the MQTT publisher.

Adapters (:class:`TasmotaAdapter`, :class:`HomeAssistantAdapter`, :class:`CsvLineAdapter`,
:class:`ModbusAdapter`) map raw payloads through a declared mapping and report what they cannot
map with :class:`EdgeError`. :class:`Publisher` sends UIDI at QoS 1 with birth, last will, a bounded
in-flight window and an on-disk outbox, and hands Commands and Settings to device callbacks.
"""

from edge._adapters import (
    Adapter,
    CsvLineAdapter,
    FieldMap,
    HomeAssistantAdapter,
    ModbusAdapter,
    RegisterMap,
    TasmotaAdapter,
    adapter_from_mapping,
)
from edge._errors import EdgeError, MappingError, UnmappableInput
from edge._outbox import Outbox
from edge._publisher import Publisher

__all__ = [
    "Adapter",
    "CsvLineAdapter",
    "EdgeError",
    "FieldMap",
    "HomeAssistantAdapter",
    "MappingError",
    "ModbusAdapter",
    "Outbox",
    "Publisher",
    "RegisterMap",
    "TasmotaAdapter",
    "UnmappableInput",
    "adapter_from_mapping",
]
