"""A small MQTT 3.1.1 broker for the demo and for tests that must not touch a shared broker.

It runs in its own process (``python -m cloud._broker --port 0``) and speaks enough of MQTT 3.1.1
for the platform: QoS 0 and 1 (QoS 2 publishes are accepted and delivered at QoS 1 at most),
retained messages, last will, keepalive, persistent sessions that queue QoS 1 messages while a
client is away and resend unacknowledged ones when it returns, and shared subscriptions
(``$share/{group}/{filter}``, one member of the group gets each message, round-robin). A production
deployment uses Mosquitto or EMQX (``deploy/``); this broker exists so that ``iotase demo`` needs no
external service and a user can still publish to it with any MQTT client.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import logging
import signal
import subprocess
import sys
from collections import deque
from dataclasses import dataclass, field

log = logging.getLogger(__name__)

CONNECT, CONNACK, PUBLISH, PUBACK, PUBREC, PUBREL, PUBCOMP = 1, 2, 3, 4, 5, 6, 7
SUBSCRIBE, SUBACK, UNSUBSCRIBE, UNSUBACK, PINGREQ, PINGRESP, DISCONNECT = 8, 9, 10, 11, 12, 13, 14

MAX_PACKET = 1 << 20  # larger packets close the connection: the platform's payloads are small
INFLIGHT_WINDOW = 4096  # unacknowledged QoS 1 messages per session before queueing
MAX_QUEUED = 1_000_000  # queued QoS 1 messages per session before the oldest are dropped


class ProtocolViolation(Exception):
    """A client broke MQTT 3.1.1; the connection is closed and the reason logged."""


def _encode_length(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n % 128, n // 128
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _string(data: bytes | str) -> bytes:
    raw = data.encode() if isinstance(data, str) else data
    return len(raw).to_bytes(2, "big") + raw


def _packet(kind: int, flags: int, body: bytes) -> bytes:
    return bytes([kind << 4 | flags]) + _encode_length(len(body)) + body


def _publish_packet(
    topic: str, payload: bytes, qos: int, retain: bool, pid: int, dup: bool
) -> bytes:
    flags = (0x08 if dup else 0) | qos << 1 | (1 if retain else 0)
    body = _string(topic) + (pid.to_bytes(2, "big") if qos else b"") + payload
    return _packet(PUBLISH, flags, body)


def _valid_filter(f: str) -> bool:
    levels = f.split("/")
    for i, level in enumerate(levels):
        if "#" in level and (level != "#" or i != len(levels) - 1):
            return False
        if "+" in level and level != "+":
            return False
    return bool(f)


def _filter_matches(topic_filter: str, topic: str) -> bool:
    if topic.startswith("$") and topic_filter[:1] in ("+", "#"):
        return False
    want, have = topic_filter.split("/"), topic.split("/")
    for i, level in enumerate(want):
        if level == "#":
            return True
        if i >= len(have) or (level != "+" and level != have[i]):
            return False
    return len(want) == len(have)


@dataclass
class _Message:
    topic: str
    payload: bytes
    qos: int
    retain: bool = False


@dataclass
class _TrieNode:
    children: dict[str, _TrieNode] = field(default_factory=dict)
    plain: dict[str, int] = field(default_factory=dict)  # client id -> granted qos
    shared: dict[str, dict[str, int]] = field(default_factory=dict)  # group -> members


class _Subscriptions:
    """Topic filters in a trie, so matching costs the topic's depth, not the number of filters."""

    def __init__(self) -> None:
        self.root = _TrieNode()
        self._turn = itertools.count()

    def _node(self, topic_filter: str) -> _TrieNode:
        node = self.root
        for level in topic_filter.split("/"):
            node = node.children.setdefault(level, _TrieNode())
        return node

    def add(self, client_id: str, topic_filter: str, qos: int, group: str | None) -> None:
        node = self._node(topic_filter)
        if group is None:
            node.plain[client_id] = qos
        else:
            node.shared.setdefault(group, {})[client_id] = qos

    def remove(self, client_id: str, topic_filter: str, group: str | None) -> None:
        node = self._node(topic_filter)
        if group is None:
            node.plain.pop(client_id, None)
        else:
            members = node.shared.get(group, {})
            members.pop(client_id, None)
            if not members:
                node.shared.pop(group, None)

    def match(self, topic: str) -> tuple[dict[str, int], list[dict[str, int]]]:
        """Plain subscribers (client id -> qos) and the member sets of every matching share."""
        plain: dict[str, int] = {}
        shares: list[dict[str, int]] = []
        levels = topic.split("/")
        dollar = topic.startswith("$")

        def walk(node: _TrieNode, i: int) -> None:
            wild_ok = not (dollar and i == 0)
            if wild_ok and "#" in node.children:
                collect(node.children["#"])
            if i == len(levels):
                collect(node)
                return
            child = node.children.get(levels[i])
            if child is not None:
                walk(child, i + 1)
            if wild_ok and "+" in node.children:
                walk(node.children["+"], i + 1)

        def collect(node: _TrieNode) -> None:
            for cid, qos in node.plain.items():
                plain[cid] = max(qos, plain.get(cid, 0))
            shares.extend(node.shared.values())

        walk(self.root, 0)
        return plain, shares

    def pick(self, members: dict[str, int], sessions: dict[str, _Session]) -> tuple[str, int]:
        """One member of a share: connected members first, in turn."""
        ids = sorted(members)
        connected = [cid for cid in ids if sessions[cid].conn is not None]
        pool = connected or ids
        cid = pool[next(self._turn) % len(pool)]
        return cid, members[cid]


@dataclass
class _Session:
    client_id: str
    clean: bool
    conn: _Connection | None = None
    subs: dict[tuple[str, str | None], int] = field(default_factory=dict)
    inflight: dict[int, _Message] = field(default_factory=dict)
    queue: deque[_Message] = field(default_factory=deque)
    next_pid: int = 1

    def allocate_pid(self) -> int:
        for _ in range(65535):
            pid = self.next_pid
            self.next_pid = pid % 65535 + 1
            if pid not in self.inflight:
                return pid
        raise ProtocolViolation("no free packet identifier")


class Broker:
    """Routing state shared by all connections of one broker."""

    def __init__(self) -> None:
        self.sessions: dict[str, _Session] = {}
        self.subs = _Subscriptions()
        self.retained: dict[str, _Message] = {}
        self.anonymous_ids = itertools.count(1)
        self.counters = {"received": 0, "delivered": 0, "dropped": 0}

    def route(self, msg: _Message) -> None:
        """Deliver a published message to every matching subscription and keep it if retained."""
        self.counters["received"] += 1
        if msg.retain:
            if msg.payload:
                self.retained[msg.topic] = _Message(msg.topic, msg.payload, msg.qos, True)
            else:
                self.retained.pop(msg.topic, None)
        plain, shares = self.subs.match(msg.topic)
        for cid, qos in plain.items():
            self.deliver(self.sessions[cid], msg, min(qos, msg.qos), retain=False)
        for members in shares:
            cid, qos = self.subs.pick(members, self.sessions)
            self.deliver(self.sessions[cid], msg, min(qos, msg.qos), retain=False)

    def deliver(self, session: _Session, msg: _Message, qos: int, *, retain: bool) -> None:
        out = _Message(msg.topic, msg.payload, min(qos, 1), retain)
        if out.qos == 0:
            if session.conn is not None:
                session.conn.write(_publish_packet(out.topic, out.payload, 0, retain, 0, False))
                self.counters["delivered"] += 1
            return
        if session.conn is not None and len(session.inflight) < INFLIGHT_WINDOW:
            self._send_qos1(session, out, dup=False)
        elif session.conn is not None or not session.clean:
            if len(session.queue) >= MAX_QUEUED:
                session.queue.popleft()
                self.counters["dropped"] += 1
            session.queue.append(out)

    def _send_qos1(self, session: _Session, msg: _Message, *, dup: bool, pid: int = 0) -> None:
        assert session.conn is not None
        pid = pid or session.allocate_pid()
        session.inflight[pid] = msg
        session.conn.write(_publish_packet(msg.topic, msg.payload, 1, msg.retain, pid, dup))
        self.counters["delivered"] += 1

    def pump(self, session: _Session) -> None:
        """Move queued messages into the in-flight window."""
        while (
            session.queue and session.conn is not None and len(session.inflight) < INFLIGHT_WINDOW
        ):
            self._send_qos1(session, session.queue.popleft(), dup=False)

    def resume(self, session: _Session) -> None:
        """A persistent session came back: resend what it never acknowledged, then the queue."""
        for pid, msg in list(session.inflight.items()):
            self._send_qos1(session, msg, dup=True, pid=pid)
        self.pump(session)

    def subscribe(self, session: _Session, topic_filter: str, qos: int) -> int:
        group: str | None = None
        real = topic_filter
        if topic_filter.startswith("$share/"):
            parts = topic_filter.split("/", 2)
            if len(parts) < 3 or not parts[1] or "+" in parts[1] or "#" in parts[1]:
                return 0x80
            group, real = parts[1], parts[2]
        if not _valid_filter(real):
            return 0x80
        granted = min(qos, 1)
        session.subs[(real, group)] = granted
        self.subs.add(session.client_id, real, granted, group)
        if group is None:
            for topic, msg in list(self.retained.items()):
                if _filter_matches(real, topic):
                    self.deliver(session, msg, min(granted, msg.qos), retain=True)
        return granted

    def unsubscribe(self, session: _Session, topic_filter: str) -> None:
        group: str | None = None
        real = topic_filter
        if topic_filter.startswith("$share/"):
            parts = topic_filter.split("/", 2)
            if len(parts) == 3:
                group, real = parts[1], parts[2]
        session.subs.pop((real, group), None)
        self.subs.remove(session.client_id, real, group)

    def drop_session(self, session: _Session) -> None:
        for real, group in session.subs:
            self.subs.remove(session.client_id, real, group)
        self.sessions.pop(session.client_id, None)


class _Connection(asyncio.Protocol):
    def __init__(self, broker: Broker) -> None:
        self.broker = broker
        self.buffer = bytearray()
        self.transport: asyncio.Transport | None = None
        self.session: _Session | None = None
        self.will: _Message | None = None
        self.keepalive = 0
        self.last_seen = 0.0
        self.incoming_qos2: set[int] = set()
        self.closed = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        self.last_seen = asyncio.get_running_loop().time()

    def write(self, data: bytes) -> None:
        if self.transport is not None and not self.closed:
            self.transport.write(data)

    def data_received(self, data: bytes) -> None:
        self.last_seen = asyncio.get_running_loop().time()
        self.buffer += data
        try:
            while self._parse_one():
                pass
        except (ProtocolViolation, IndexError, UnicodeDecodeError, ValueError) as exc:
            log.warning("closing client %s: %s", self._name(), exc)
            self.close(publish_will=True)

    def _name(self) -> str:
        return self.session.client_id if self.session else "(not connected)"

    def _parse_one(self) -> bool:
        buf = self.buffer
        if len(buf) < 2:
            return False
        length, multiplier, i = 0, 1, 1
        while True:
            if i >= len(buf):
                return False
            byte = buf[i]
            length += (byte & 0x7F) * multiplier
            multiplier *= 128
            i += 1
            if not byte & 0x80:
                break
            if i > 4:
                raise ProtocolViolation("malformed remaining length")
        if length > MAX_PACKET:
            raise ProtocolViolation(f"packet of {length} bytes exceeds {MAX_PACKET}")
        if len(buf) < i + length:
            return False
        header = buf[0]
        body = bytes(buf[i : i + length])
        del buf[: i + length]
        self._handle(header >> 4, header & 0x0F, body)
        return not self.closed

    def _handle(self, kind: int, flags: int, body: bytes) -> None:
        if self.session is None and kind != CONNECT:
            raise ProtocolViolation(f"packet type {kind} before CONNECT")
        if kind == CONNECT:
            self._connect(body)
        elif kind == PUBLISH:
            self._publish(flags, body)
        elif kind == PUBACK:
            assert self.session is not None
            self.session.inflight.pop(int.from_bytes(body[:2], "big"), None)
            self.broker.pump(self.session)
        elif kind == PUBREL:
            pid = int.from_bytes(body[:2], "big")
            self.incoming_qos2.discard(pid)
            self.write(_packet(PUBCOMP, 0, pid.to_bytes(2, "big")))
        elif kind in (PUBREC, PUBCOMP):
            raise ProtocolViolation("QoS 2 delivery to clients is not offered")
        elif kind == SUBSCRIBE:
            self._subscribe(body)
        elif kind == UNSUBSCRIBE:
            assert self.session is not None
            pid, rest = body[:2], body[2:]
            while rest:
                n = int.from_bytes(rest[:2], "big")
                self.broker.unsubscribe(self.session, rest[2 : 2 + n].decode())
                rest = rest[2 + n :]
            self.write(_packet(UNSUBACK, 0, pid))
        elif kind == PINGREQ:
            self.write(_packet(PINGRESP, 0, b""))
        elif kind == DISCONNECT:
            self.close(publish_will=False)
        else:
            raise ProtocolViolation(f"unknown packet type {kind}")

    def _connect(self, body: bytes) -> None:
        if self.session is not None:
            raise ProtocolViolation("second CONNECT")
        n = int.from_bytes(body[:2], "big")
        name = body[2 : 2 + n]
        pos = 2 + n
        level, flags = body[pos], body[pos + 1]
        self.keepalive = int.from_bytes(body[pos + 2 : pos + 4], "big")
        pos += 4
        if name not in (b"MQTT", b"MQIsdp") or level not in (3, 4):
            self.write(_packet(CONNACK, 0, b"\x00\x01"))  # unacceptable protocol version
            self.close(publish_will=False)
            return

        def field_at(p: int) -> tuple[bytes, int]:
            size = int.from_bytes(body[p : p + 2], "big")
            if p + 2 + size > len(body):
                raise ProtocolViolation("CONNECT field runs past the packet")
            return body[p + 2 : p + 2 + size], p + 2 + size

        raw_id, pos = field_at(pos)
        clean = bool(flags & 0x02)
        if flags & 0x04:
            will_topic, pos = field_at(pos)
            will_payload, pos = field_at(pos)
            self.will = _Message(
                will_topic.decode(), will_payload, (flags >> 3) & 0x03, bool(flags & 0x20)
            )
        client_id = raw_id.decode()
        if not client_id:
            if not clean:
                self.write(_packet(CONNACK, 0, b"\x00\x02"))  # identifier rejected
                self.close(publish_will=False)
                return
            client_id = f"anon-{next(self.broker.anonymous_ids)}"
        session = self.broker.sessions.get(client_id)
        if session is not None and session.conn is not None:
            session.conn.close(publish_will=True)  # takeover: the old connection goes
        if session is not None and clean:
            self.broker.drop_session(session)
            session = None
        present = session is not None
        if session is None:
            session = _Session(client_id, clean)
            self.broker.sessions[client_id] = session
        session.clean = clean
        session.conn = self
        self.session = session
        self.write(_packet(CONNACK, 0, bytes([1 if present else 0, 0])))
        if present:
            self.broker.resume(session)

    def _publish(self, flags: int, body: bytes) -> None:
        qos = (flags >> 1) & 0x03
        if qos == 3:
            raise ProtocolViolation("PUBLISH with QoS 3")
        n = int.from_bytes(body[:2], "big")
        topic = body[2 : 2 + n].decode()
        pos = 2 + n
        if not topic or "+" in topic or "#" in topic:
            raise ProtocolViolation(f"PUBLISH to invalid topic {topic[:80]!r}")
        pid = 0
        if qos:
            pid = int.from_bytes(body[pos : pos + 2], "big")
            pos += 2
        payload = body[pos:]
        if qos == 2:
            self.write(_packet(PUBREC, 0, pid.to_bytes(2, "big")))
            if pid in self.incoming_qos2:
                return  # a resent QoS 2 publish already routed once
            self.incoming_qos2.add(pid)
        self.broker.route(_Message(topic, payload, qos, bool(flags & 0x01)))
        if qos == 1:
            self.write(_packet(PUBACK, 0, pid.to_bytes(2, "big")))

    def _subscribe(self, body: bytes) -> None:
        assert self.session is not None
        pid, rest = body[:2], body[2:]
        codes = bytearray()
        while rest:
            n = int.from_bytes(rest[:2], "big")
            topic_filter = rest[2 : 2 + n].decode()
            qos = rest[2 + n]
            rest = rest[3 + n :]
            codes.append(self.broker.subscribe(self.session, topic_filter, qos))
        if not codes:
            raise ProtocolViolation("SUBSCRIBE without filters")
        self.write(_packet(SUBACK, 0, pid + bytes(codes)))

    def close(self, *, publish_will: bool) -> None:
        if self.closed:
            return
        self.closed = True
        will, self.will = self.will, None
        session, self.session = self.session, None
        if session is not None and session.conn is self:
            session.conn = None
            if session.clean:
                self.broker.drop_session(session)
        if publish_will and will is not None:
            self.broker.route(will)
        if self.transport is not None:
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.close(publish_will=True)


async def _watch_keepalives(connections: set[_Connection]) -> None:
    loop = asyncio.get_running_loop()
    while True:
        await asyncio.sleep(1.0)
        now = loop.time()
        for conn in list(connections):
            if conn.closed:
                connections.discard(conn)
            elif conn.keepalive and now - conn.last_seen > 1.5 * conn.keepalive:
                log.info("client %s missed its keepalive", conn._name())
                conn.close(publish_will=True)


async def serve(host: str, port: int, ready: asyncio.Event | None = None) -> None:
    """Serve until cancelled; prints ``listening HOST PORT`` on stdout once bound."""
    broker = Broker()
    connections: set[_Connection] = set()

    def factory() -> _Connection:
        conn = _Connection(broker)
        connections.add(conn)
        return conn

    loop = asyncio.get_running_loop()
    server = await loop.create_server(factory, host, port, reuse_address=True)
    bound = server.sockets[0].getsockname()[1]
    print(f"listening {host} {bound}", flush=True)
    if ready is not None:
        ready.set()
    try:
        async with server, asyncio.TaskGroup() as tg:
            tg.create_task(_watch_keepalives(connections))
            tg.create_task(server.serve_forever())
    finally:
        await _flush(connections)


async def _flush(connections: set[_Connection], timeout: float = 2.0, quiet: float = 0.05) -> None:
    """An orderly stop delivers what the broker accepted before closing: what clients had
    already sent is read (until none has sent anything for ``quiet`` s), each client's written
    bytes go out, and a QoS 1 subscriber still connected acknowledges what it was sent or
    queued (bytes on the wire are not yet received). A crash, SIGKILL, still loses it."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout

    def pending(c: _Connection) -> bool:
        if c.transport is None or c.closed:
            return False
        if loop.time() - c.last_seen < quiet:
            return True  # still sending: what it sends is read and routed first
        owed = c.session is not None and bool(c.session.inflight or c.session.queue)
        return owed or bool(c.transport.get_write_buffer_size())

    # (one turn of the loop first: bytes already on the wire are read before anything is judged)
    await asyncio.sleep(0.01)
    while loop.time() < deadline and any(pending(c) for c in connections):
        await asyncio.sleep(0.01)


def start_process(host: str = "127.0.0.1", port: int = 0) -> tuple[subprocess.Popen[str], int]:
    """Start the broker in its own process and return it with the port it bound."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "cloud._broker", "--host", host, "--port", str(port)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline().split()
    if len(line) != 3 or line[0] != "listening":
        proc.kill()
        raise RuntimeError(f"embedded broker did not start (said {' '.join(line)!r})")
    return proc, int(line[2])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cloud._broker", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=1883)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="broker %(levelname)s: %(message)s")

    async def run() -> None:
        task = asyncio.current_task()
        assert task is not None
        for sig in (signal.SIGINT, signal.SIGTERM):
            asyncio.get_running_loop().add_signal_handler(sig, task.cancel)
        with contextlib.suppress(asyncio.CancelledError):
            await serve(args.host, args.port)

    asyncio.run(run())
    return 0


if __name__ == "__main__":
    sys.exit(main())
