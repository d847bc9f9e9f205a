"""UIDI v1: the IoT-ASE protocol, sans I/O.

Message models (:class:`Input`, :class:`Output`, :class:`Setting`, :class:`Command`,
:class:`State`), the topic scheme ``uidi/v1/{tenant}/{region}/{service}/{node}/{kind}``, the JSON
and compact binary codecs, units (pint behind a preprocessor), JSON Schema export, backend URLs, and
one error family rooted at :class:`UidiError`. No sockets, no asyncio, no logging setup.
"""

from uidi._codec import (
    BINARY_MAGIC,
    MAX_PAYLOAD_BYTES,
    decode,
    decode_binary,
    decode_json,
    encode_binary,
    encode_json,
    from_envelope,
    to_envelope,
    translate_validation_error,
)
from uidi._errors import CodecError, Problem, TopicError, UidiError, UnitError, ValidationFailed
from uidi._models import (
    MAX_FUTURE_MS,
    PROTOCOL_VERSION,
    Command,
    DeviceRef,
    GeoPoint,
    Input,
    Kind,
    Lifecycle,
    Message,
    Metric,
    NodeDescription,
    Output,
    Quality,
    Setting,
    State,
)
from uidi._schema import all_schemas, json_schema
from uidi._slugs import slugify
from uidi._topics import Topic, build_topic, parse_topic, topic_filter, topic_matches
from uidi._units import Quantity, normalize, parse_quantity
from uidi._urls import BackendURL, BrokerAddress, load_backend

__all__ = [
    "BINARY_MAGIC",
    "MAX_FUTURE_MS",
    "MAX_PAYLOAD_BYTES",
    "PROTOCOL_VERSION",
    "BackendURL",
    "BrokerAddress",
    "CodecError",
    "Command",
    "DeviceRef",
    "GeoPoint",
    "Input",
    "Kind",
    "Lifecycle",
    "Message",
    "Metric",
    "NodeDescription",
    "Output",
    "Problem",
    "Quality",
    "Quantity",
    "Setting",
    "State",
    "Topic",
    "TopicError",
    "UidiError",
    "UnitError",
    "ValidationFailed",
    "all_schemas",
    "build_topic",
    "decode",
    "decode_binary",
    "decode_json",
    "encode_binary",
    "encode_json",
    "from_envelope",
    "json_schema",
    "load_backend",
    "normalize",
    "parse_quantity",
    "parse_topic",
    "slugify",
    "to_envelope",
    "topic_filter",
    "topic_matches",
    "translate_validation_error",
]
