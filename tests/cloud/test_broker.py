"""The embedded broker against a real MQTT client (paho), in its own process."""

from __future__ import annotations

import socket
import subprocess
import threading
from collections.abc import Iterator

import paho.mqtt.client as mqtt
import pytest

from cloud._broker import start_process

TIMEOUT = 10.0


@pytest.fixture(scope="module")
def port() -> Iterator[int]:
    proc, bound = start_process()
    yield bound
    proc.terminate()
    proc.wait(timeout=TIMEOUT)


class Inbox:
    """Messages a client received, with a way to wait for a number of them."""

    def __init__(self) -> None:
        self.items: list[mqtt.MQTTMessage] = []
        self.cond = threading.Condition()

    def on_message(self, _c: mqtt.Client, _u: object, msg: mqtt.MQTTMessage) -> None:
        with self.cond:
            self.items.append(msg)
            self.cond.notify_all()

    def wait_for(self, n: int) -> list[mqtt.MQTTMessage]:
        with self.cond:
            assert self.cond.wait_for(lambda: len(self.items) >= n, TIMEOUT), (
                f"got {len(self.items)} of {n} messages"
            )
            return list(self.items)


def client(
    port: int,
    cid: str,
    *,
    clean: bool = True,
    inbox: Inbox | None = None,
    will: tuple[str, bytes] | None = None,
    keepalive: int = 60,
) -> mqtt.Client:
    c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=cid, clean_session=clean)
    if inbox is not None:
        c.on_message = inbox.on_message
    if will is not None:
        c.will_set(will[0], will[1], qos=1, retain=True)
    connected = threading.Event()
    c.on_connect = lambda *_a: connected.set()
    c.connect("127.0.0.1", port, keepalive=keepalive)
    c.loop_start()
    assert connected.wait(TIMEOUT)
    return c


def subscribe(c: mqtt.Client, topic_filter: str) -> None:
    done = threading.Event()
    c.on_subscribe = lambda *_a: done.set()
    c.subscribe(topic_filter, qos=1)
    assert done.wait(TIMEOUT)


def stop(*clients: mqtt.Client) -> None:
    for c in clients:
        c.disconnect()
        c.loop_stop()


def test_qos1_messages_arrive_in_order(port: int) -> None:
    inbox = Inbox()
    sub = client(port, "order-sub", inbox=inbox)
    subscribe(sub, "t/order/#")
    pub = client(port, "order-pub")
    for i in range(500):
        pub.publish("t/order/x", str(i).encode(), qos=1)
    got = inbox.wait_for(500)
    assert [int(m.payload) for m in got] == list(range(500))
    stop(sub, pub)


def test_shared_subscription_splits_the_load(port: int) -> None:
    inbox = Inbox()  # one inbox for both members; each message records who got it
    members = [client(port, f"share-{i}", inbox=inbox) for i in range(2)]
    for m in members:
        subscribe(m, "$share/workers/t/share/+")
    pub = client(port, "share-pub")
    for i in range(100):
        pub.publish("t/share/a", str(i).encode(), qos=1)
    got = inbox.wait_for(100)
    assert sorted(int(m.payload) for m in got) == list(range(100))  # each exactly once
    stop(pub, *members)


def test_shared_members_each_get_a_share(port: int) -> None:
    boxes = [Inbox(), Inbox()]
    members = [client(port, f"split-{i}", inbox=box) for i, box in enumerate(boxes)]
    for m in members:
        subscribe(m, "$share/split/t/split/+")
    pub = client(port, "split-pub")
    for i in range(100):
        pub.publish("t/split/a", str(i).encode(), qos=1)
    boxes[0].wait_for(1)
    boxes[1].wait_for(1)
    stop(pub, *members)


def test_retained_message_reaches_late_subscriber_and_empty_payload_clears_it(port: int) -> None:
    pub = client(port, "ret-pub")
    pub.publish("t/ret/state", b"online", qos=1, retain=True).wait_for_publish(TIMEOUT)
    inbox = Inbox()
    late = client(port, "ret-late", inbox=inbox)
    subscribe(late, "t/ret/+")
    (msg,) = inbox.wait_for(1)
    assert (msg.payload, msg.retain) == (b"online", True)
    pub.publish("t/ret/state", b"", qos=1, retain=True).wait_for_publish(TIMEOUT)
    inbox2 = Inbox()
    later = client(port, "ret-later", inbox=inbox2)
    subscribe(later, "t/ret/+")
    pub.publish("t/ret/other", b"fresh", qos=1).wait_for_publish(TIMEOUT)
    assert [m.payload for m in inbox2.wait_for(1)] == [b"fresh"]
    stop(pub, late, later)


def test_last_will_is_published_when_a_client_vanishes(port: int) -> None:
    inbox = Inbox()
    watcher = client(port, "will-watch", inbox=inbox)
    subscribe(watcher, "t/will/#")
    doomed = client(port, "will-node", will=("t/will/node", b"lost"))
    doomed.loop_stop()
    sock = doomed.socket()
    assert sock is not None
    sock.shutdown(socket.SHUT_RDWR)  # no DISCONNECT: the broker must publish the will
    (msg,) = inbox.wait_for(1)
    assert (msg.topic, msg.payload) == ("t/will/node", b"lost")
    stop(watcher)


def test_persistent_session_gets_what_was_published_while_away(port: int) -> None:
    first = client(port, "persist-1", clean=False)
    subscribe(first, "t/persist/#")
    stop(first)
    pub = client(port, "persist-pub")
    for i in range(50):
        pub.publish("t/persist/x", str(i).encode(), qos=1).wait_for_publish(TIMEOUT)
    inbox = Inbox()
    back = client(port, "persist-1", clean=False, inbox=inbox)
    got = inbox.wait_for(50)
    assert [int(m.payload) for m in got] == list(range(50))
    stop(pub, back)


def test_malformed_packet_closes_only_that_connection(port: int) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as raw:
        raw.sendall(b"\x30\x05\x00\x09abc")  # PUBLISH before CONNECT, truncated topic
        assert raw.recv(16) == b""  # closed by the broker
    inbox = Inbox()
    ok = client(port, "after-bad", inbox=inbox)
    subscribe(ok, "t/after/+")
    ok.publish("t/after/x", b"still here", qos=1)
    assert inbox.wait_for(1)[0].payload == b"still here"
    stop(ok)


def test_wildcards_do_not_match_dollar_topics(port: int) -> None:
    inbox = Inbox()
    sub = client(port, "dollar-sub", inbox=inbox)
    subscribe(sub, "#")
    pub = client(port, "dollar-pub")
    pub.publish("$internal/x", b"hidden", qos=1).wait_for_publish(TIMEOUT)
    pub.publish("t/dollar/visible", b"seen", qos=1).wait_for_publish(TIMEOUT)
    got = inbox.wait_for(1)
    assert all(not m.topic.startswith("$") for m in got)
    stop(sub, pub)


def _mqtt_str(s: str) -> bytes:
    raw = s.encode()
    return len(raw).to_bytes(2, "big") + raw


def _packet(kind: int, body: bytes) -> bytes:
    return bytes([kind, len(body)]) + body  # bodies here stay under 128 bytes


def _read_packet(sock: socket.socket) -> tuple[int, bytes]:
    head = sock.recv(1)
    length, shift = 0, 0
    while True:
        b = sock.recv(1)[0]
        length |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            break
    body = b""
    while len(body) < length:
        body += sock.recv(length - len(body))
    return head[0], body


def test_an_orderly_stop_waits_for_subscribers_to_acknowledge() -> None:
    """SIGTERM: the broker stays until a connected QoS 1 subscriber has acknowledged what it
    was sent, so nothing it accepted is lost with the connection (bounded by a timeout)."""
    proc, bound = start_process()
    try:
        sub = socket.create_connection(("127.0.0.1", bound), timeout=TIMEOUT)
        sub.sendall(_packet(0x10, _mqtt_str("MQTT") + b"\x04\x02\x00\x3c" + _mqtt_str("slow")))
        assert _read_packet(sub)[0] == 0x20  # CONNACK
        sub.sendall(_packet(0x82, b"\x00\x01" + _mqtt_str("t/#") + b"\x01"))
        assert _read_packet(sub)[0] == 0x90  # SUBACK
        pub = client(bound, "pub")
        for i in range(3):
            pub.publish("t/x", f"m{i}".encode(), qos=1).wait_for_publish(TIMEOUT)
        stop(pub)
        pids = []
        for _ in range(3):
            kind, body = _read_packet(sub)
            assert kind & 0xF0 == 0x30
            topic_len = int.from_bytes(body[:2], "big")
            pids.append(body[2 + topic_len : 4 + topic_len])
        proc.terminate()
        with pytest.raises(subprocess.TimeoutExpired):
            proc.wait(timeout=0.5)  # three messages still unacknowledged: it waits
        for pid in pids:
            sub.sendall(b"\x40\x02" + pid)
        proc.wait(timeout=TIMEOUT)  # acknowledged: it goes
        sub.close()
    finally:
        if proc.poll() is None:
            proc.kill()
