"""The lean MQTT subscriber used by ingest: PUBLISH parsing across arbitrary TCP chunking, in
MQTT 5 and 3.1.1, and PUBACKs only for the live connection."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cloud._mqtt import BrokerAddress, MqttProtocolError, SubscriberSession, _utf8, _varint


def publish_packet(topic: str, payload: bytes, pid: int, qos: int, props: bytes | None) -> bytes:
    body = _utf8(topic)
    if qos:
        body += pid.to_bytes(2, "big")
    if props is not None:  # MQTT 5: property length, then properties
        body += _varint(len(props)) + props
    body += payload
    return bytes([0x30 | qos << 1]) + _varint(len(body)) + body


class FakeWriter:
    def __init__(self) -> None:
        self.data = bytearray()

    def write(self, data: bytes) -> None:
        self.data += data


def session(protocol: str) -> tuple[SubscriberSession, list[tuple[Any, ...]]]:
    got: list[tuple[Any, ...]] = []
    s = SubscriberSession(
        BrokerAddress("127.0.0.1", 1, protocol),
        "c",
        "$share/g/uidi/v1/t/+/+/+/+",
        lambda *a: got.append(a),
    )
    s._writer = FakeWriter()
    return s, got


async def feed(s: SubscriberSession, chunks: list[bytes]) -> None:
    reader = asyncio.StreamReader()
    for chunk in chunks:
        reader.feed_data(chunk)
    reader.feed_eof()
    with pytest.raises(EOFError):
        await s._read(reader, generation=1)


messages = st.lists(
    st.tuples(
        st.text(alphabet="abcxyz/-_é", min_size=1, max_size=40),
        st.binary(max_size=400),
        st.integers(min_value=1, max_value=65_535),
        st.sampled_from([0, 1]),
        # user properties of various lengths push the property length past one byte
        st.binary(max_size=300).map(lambda b: b"\x26" + _utf8(b"k") + _utf8(b) if b else b""),
    ),
    min_size=1,
    max_size=25,
)


@settings(max_examples=60, deadline=None)
@given(messages, st.sampled_from(["5", "3.1.1"]), st.lists(st.integers(1, 97), min_size=1))
def test_publish_packets_survive_any_chunking(
    msgs: list[tuple[str, bytes, int, int, bytes]], protocol: str, cuts: list[int]
) -> None:
    stream = b"".join(
        publish_packet(t, p, pid, q, props if protocol == "5" else None)
        for t, p, pid, q, props in msgs
    )
    chunks, i, k = [], 0, 0
    while i < len(stream):
        step = cuts[k % len(cuts)]
        chunks.append(stream[i : i + step])
        i, k = i + step, k + 1
    s, got = session(protocol)
    asyncio.run(feed(s, chunks))
    assert got == [(t, p, pid if q else 0, q, 1) for t, p, pid, q, _props in msgs]


def test_acks_go_out_in_one_write_and_only_for_the_current_connection() -> None:
    s, _got = session("5")
    s.generation = 2
    writer = s._writer
    s.ack([(7, 2), (8, 1), (9, 2), (0, 2)])
    assert bytes(writer.data) == b"\x40\x02\x00\x07" + b"\x40\x02\x00\x09"


def test_refused_subscription_is_an_error_naming_the_filter() -> None:
    s, _got = session("5")
    suback = b"\x90\x04\x00\x01\x00\x87"  # packet id 1, no properties, 0x87 not authorized
    with pytest.raises(MqttProtocolError, match=r"refused subscription '\$share/g/uidi"):
        asyncio.run(feed(s, [suback]))


def test_connect_packet_asks_for_a_persistent_session_with_a_window() -> None:
    s, _got = session("5")
    s.session_expiry_s, s.receive_maximum = 3600, 500
    packet = s._connect_packet()
    assert packet[0] == 0x10
    assert b"MQTT\x05\x00" in packet  # level 5, clean start off
    assert b"\x11\x00\x00\x0e\x10" in packet and b"\x21\x01\xf4" in packet
    old, _ = session("3.1.1")
    assert b"MQTT\x04\x00" in old._connect_packet()
