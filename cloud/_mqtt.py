"""The MQTT side of ingest: broker URLs and a lean QoS 1 subscriber."""

from __future__ import annotations

from typing import Any

import uidi
from cloud._errors import CloudError
from uidi import BrokerAddress

__all__ = ["BrokerAddress", "parse_broker_url"]


def parse_broker_url(url: str) -> BrokerAddress:
    """Parse a broker URL, raising :class:`CloudError` (password never shown).

    MQTT 5 is the default: its Receive Maximum lets a worker hold thousands of unacknowledged
    QoS 1 messages while a batch is committed (Mosquitto caps MQTT 3.1.1 clients at
    ``max_inflight_messages``, 20 by default). ``?protocol=3.1.1`` is for brokers without MQTT 5.
    """
    try:
        return BrokerAddress.parse(url)
    except uidi.UidiError as exc:
        raise CloudError(str(exc)) from exc


# -- a lean MQTT subscriber for ingest ------------------------------------------------------
#
# paho spends ~90 µs of CPU per received message in Python (packet objects, locks, a socket-pair
# wake-up per acknowledgement); ingest needs none of that. This client reads PUBLISH packets
# straight from an asyncio stream, many per read, and writes the PUBACKs of a committed batch in
# one write. It speaks just what a QoS 1 subscriber with a persistent session needs, in MQTT 5
# and 3.1.1: CONNECT/CONNACK, SUBSCRIBE/SUBACK, PUBLISH/PUBACK, PINGREQ/PINGRESP, DISCONNECT.

_PUBLISH, _PUBACK, _PUBREL, _PUBCOMP, _SUBACK, _PINGRESP, _DISCONNECT = 3, 4, 6, 7, 9, 13, 14


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n % 128, n // 128
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _utf8(text: str | bytes) -> bytes:
    raw = text.encode("utf-8") if isinstance(text, str) else text
    return len(raw).to_bytes(2, "big") + raw


class MqttProtocolError(CloudError):
    """The broker refused us or broke the protocol; the message names the packet and code."""


class SubscriberSession:
    """One persistent QoS 1 subscription, reconnecting with backoff until cancelled.

    ``on_message(topic, payload, packet_id, qos, generation)`` runs on the event loop for every
    PUBLISH; ``generation`` counts connections, so that :meth:`ack` can skip packet ids of a
    connection that has since dropped (the broker resends those itself on the next one).
    Clearing :attr:`flow` stops reading from the socket (TCP then pushes back on the broker).
    """

    def __init__(
        self,
        broker: BrokerAddress,
        client_id: str,
        topic_filter: str,
        on_message: Any,
        *,
        session_expiry_s: int = 3600,
        receive_maximum: int = 2000,
        keepalive_s: int = 30,
        on_subscribed: Any = None,
        log_name: str = "ingest",
    ) -> None:
        import asyncio

        self.broker = broker
        self.client_id = client_id
        self.topic_filter = topic_filter
        self.on_message = on_message
        self.on_subscribed = on_subscribed
        self.session_expiry_s = session_expiry_s
        self.receive_maximum = max(1, min(receive_maximum, 65_535))
        self.keepalive_s = keepalive_s
        self.v5 = broker.protocol == "5"
        self.generation = 0
        self.flow = asyncio.Event()
        self.flow.set()
        self.connected = asyncio.Event()
        self._writer: Any = None
        self._closing = False
        self._name = log_name

    # packets ----------------------------------------------------------------------------

    def _connect_packet(self) -> bytes:
        flags = 0  # clean start / clean session off: the broker keeps the session
        payload = _utf8(self.client_id)
        if self.broker.username:
            flags |= 0x80
            payload += _utf8(self.broker.username)
            if self.broker.password is not None:
                flags |= 0x40
                payload += _utf8(self.broker.password)
        if self.v5:
            props = (
                b"\x11" + self.session_expiry_s.to_bytes(4, "big")
                + b"\x21" + self.receive_maximum.to_bytes(2, "big")
            )  # fmt: skip
            var = b"\x00\x04MQTT\x05" + bytes([flags]) + self.keepalive_s.to_bytes(2, "big")
            var += _varint(len(props)) + props
        else:
            var = b"\x00\x04MQTT\x04" + bytes([flags]) + self.keepalive_s.to_bytes(2, "big")
        body = var + payload
        return b"\x10" + _varint(len(body)) + body

    def _subscribe_packet(self) -> bytes:
        body = b"\x00\x01" + (b"\x00" if self.v5 else b"") + _utf8(self.topic_filter) + b"\x01"
        return b"\x82" + _varint(len(body)) + body

    # session ----------------------------------------------------------------------------

    async def run(self) -> None:
        """Connect, subscribe and read until cancelled; reconnect after any failure."""
        import asyncio
        import logging
        import random

        log = logging.getLogger(__name__)
        delay = 0.1
        while not self._closing:
            try:
                await self._session()
                delay = 0.1
            except asyncio.CancelledError:
                raise
            except MqttProtocolError as exc:
                log.error("%s: %s", self._name, exc)
            except (OSError, EOFError, asyncio.IncompleteReadError, TimeoutError) as exc:
                if not self._closing:
                    log.warning(
                        "%s: connection to %s:%s lost (%s); reconnecting",
                        self._name,
                        self.broker.host,
                        self.broker.port,
                        exc or type(exc).__name__,
                    )
            finally:
                self.connected.clear()
                writer, self._writer = self._writer, None
                if writer is not None:
                    writer.close()
            if self._closing:
                return
            await asyncio.sleep(delay * (0.5 + random.random()))  # backoff with jitter
            delay = min(5.0, delay * 2)

    async def _session(self) -> None:
        import asyncio

        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(self.broker.host, self.broker.port), 10
        )
        self._writer = writer
        writer.write(self._connect_packet())
        head = await asyncio.wait_for(reader.readexactly(2), 10)
        if head[0] >> 4 != 2:
            raise MqttProtocolError(f"expected CONNACK, got packet type {head[0] >> 4}")
        length, extra = head[1], b""
        if length & 0x80:
            extra = await reader.readexactly(1)
            length = (length & 0x7F) | (extra[0] << 7)
        connack = await reader.readexactly(length)
        code = connack[1]
        if code != 0:
            raise MqttProtocolError(
                f"broker {self.broker.host}:{self.broker.port} refused client "
                f"{self.client_id!r}: CONNACK code {code:#04x}"
            )
        self.generation += 1
        writer.write(self._subscribe_packet())
        ping = asyncio.create_task(self._pinger(writer))
        try:
            await self._read(reader, self.generation)
        finally:
            ping.cancel()

    async def _pinger(self, writer: Any) -> None:
        import asyncio

        while True:
            await asyncio.sleep(max(1.0, self.keepalive_s / 2))
            writer.write(b"\xc0\x00")

    async def _read(self, reader: Any, generation: int) -> None:
        import asyncio

        buf = bytearray()
        v5 = self.v5
        on_message = self.on_message
        timeout = self.keepalive_s * 1.5 if self.keepalive_s else None
        while True:
            if not self.flow.is_set():
                await self.flow.wait()
            chunk = await asyncio.wait_for(reader.read(262_144), timeout)
            if not chunk:
                raise EOFError("broker closed the connection")
            buf += chunk
            pos, size = 0, len(buf)
            while pos < size:
                b0 = buf[pos]
                i, length, shift = pos + 1, 0, 0
                while i < size:
                    byte = buf[i]
                    length |= (byte & 0x7F) << shift
                    i += 1
                    if byte < 0x80:
                        break
                    shift += 7
                else:
                    break  # length not complete yet
                end = i + length
                if end > size:
                    break
                kind = b0 >> 4
                if kind == _PUBLISH:
                    qos = (b0 >> 1) & 3
                    tl = (buf[i] << 8) | buf[i + 1]
                    j = i + 2 + tl
                    topic = buf[i + 2 : j].decode("utf-8", "replace")
                    pid = 0
                    if qos:
                        pid = (buf[j] << 8) | buf[j + 1]
                        j += 2
                    if v5:
                        plen, shift = 0, 0
                        while True:
                            byte = buf[j]
                            plen |= (byte & 0x7F) << shift
                            j += 1
                            if byte < 0x80:
                                break
                            shift += 7
                        j += plen
                    on_message(topic, bytes(buf[j:end]), pid, qos, generation)
                elif kind == _SUBACK:
                    k = i + 2
                    if v5:
                        k += 1 + buf[k]  # property length is small here (one byte varint)
                    if any(code >= 0x80 for code in buf[k:end]):
                        raise MqttProtocolError(
                            f"broker refused subscription {self.topic_filter!r}: "
                            f"SUBACK codes {bytes(buf[k:end]).hex()}"
                        )
                    self.connected.set()
                    if self.on_subscribed is not None:
                        self.on_subscribed()
                elif kind == _PUBREL:
                    self._writer.write(b"\x70\x02" + bytes(buf[i : i + 2]))
                elif kind == _DISCONNECT:
                    code = buf[i] if length else 0
                    raise EOFError(f"broker sent DISCONNECT (reason {code:#04x})")
                pos = end
            del buf[:pos]

    def ack(self, items: list[tuple[int, int]]) -> None:
        """Acknowledge (packet id, generation) pairs of the current connection in one write."""
        writer = self._writer
        if writer is None or not items:
            return
        gen = self.generation
        packets = b"".join(
            b"\x40\x02" + pid.to_bytes(2, "big") for pid, g in items if g == gen and pid
        )
        if packets:
            writer.write(packets)

    async def close(self) -> None:
        """Say DISCONNECT (the session stays on the broker for its expiry) and stop."""
        self._closing = True
        writer, self._writer = self._writer, None
        if writer is not None:
            try:
                writer.write(b"\xe0\x00")
                await writer.drain()
            except (OSError, ConnectionError):
                pass
            writer.close()
