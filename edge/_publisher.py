"""The edge publisher: UIDI messages to MQTT with birth, last will, a bounded in-flight window and
store-and-forward on local disk; Command and Setting downlink to a device callback.

paho-mqtt 2 runs the socket in its own thread; this module bridges its callbacks into asyncio with
``call_soon_threadsafe`` and keeps all state on the event loop. Each connection attempt uses a
fresh paho client, so that reconnect and redelivery are decided here, from the outbox, and not by
paho's in-memory retry queue (which an edge restart would lose).
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import random
import time
import uuid
from collections import deque
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import TracebackType
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties
from paho.mqtt.subscribeoptions import SubscribeOptions

from edge._errors import EdgeError
from edge._mqtt import parse_broker_url
from edge._outbox import Outbox

__all__ = ["CommandHandler", "Publisher", "SettingHandler"]

log = logging.getLogger(__name__)

# A command handler returns a status ("ok", "error", "rejected") or (status, metrics); a setting
# handler returns the values it applied (None: all of them). Either may be a coroutine function.
CommandHandler = Callable[[Any], Any | Awaitable[Any]]
SettingHandler = Callable[[Any], Any | Awaitable[Any]]

# paho numbers packets with 16-bit ids: beyond 65,535 messages in flight ids would collide and
# QoS 1 messages would be lost, so the window is capped well below that.
MAX_WINDOW = 60_000


def _now_ms() -> int:
    return time.time_ns() // 1_000_000


class Publisher:
    """Publish UIDI messages for one node (or a gateway and the nodes behind it).

    ``async with Publisher(broker_url, tenant, region, service, description, node=...) as pub:``
    connects (retrying with backoff and jitter while the broker is unreachable), publishes a
    retained State ``birth`` on every connect, sets a retained last will ``lost``, and sends every
    message given to :meth:`publish` at QoS 1 through an SQLite outbox: a message leaves the outbox
    only when the broker acknowledged it, so nothing is lost across a broker restart or a restart of
    this process. At most ``max_inflight`` messages are unacknowledged at once. A heartbeat State
    goes out when nothing was sent for ``keepalive_s``. Commands and Settings for the node are
    handed to ``on_command`` / ``on_setting`` and answered with an Output (``command_id``,
    ``status``) or a Setting echo (same ``setting_id``).
    """

    def __init__(
        self,
        broker_url: str,
        tenant: str,
        region: str,
        service: str,
        node_description: Any | None,
        *,
        node: str | None = None,
        keepalive_s: int = 30,
        outbox_path: str | Path | None = None,
        data_dir: str | Path = ".iotase",
        max_inflight: int = 1000,
        on_command: CommandHandler | None = None,
        on_setting: SettingHandler | None = None,
        client_id: str | None = None,
        reconnect_max_s: float = 5.0,
        drain_timeout_s: float = 5.0,
    ) -> None:
        import uidi

        if not 1 <= max_inflight <= MAX_WINDOW:
            raise EdgeError(f"publisher: max_inflight {max_inflight} outside 1..{MAX_WINDOW}")
        self.broker = parse_broker_url(broker_url)
        self.tenant = uidi.slugify(tenant)
        self.region = uidi.slugify(region)
        self.service = uidi.slugify(service)
        self.description = node_description
        name = node or (node_description.name if node_description is not None else None)
        if not name:
            raise EdgeError("publisher: a node id (node=...) or a described node is required")
        self.node = str(name)
        self.keepalive_s = keepalive_s
        self.outbox_path = (
            Path(outbox_path)
            if outbox_path is not None
            else Path(data_dir) / "outbox" / f"{self.node}.db"
        )
        self.max_inflight = max_inflight
        self.on_command = on_command
        self.on_setting = on_setting
        self.client_id = client_id or f"edge-{self.node}-{uuid.uuid4().hex[:6]}"
        self.reconnect_max_s = reconnect_max_s
        self.drain_timeout_s = drain_timeout_s

        self.outbox: Outbox | None = None
        self.connected = asyncio.Event()
        self.connects = 0  # connections made so far (tests and logs)
        self._client: mqtt.Client | None = None
        self.disconnected = asyncio.Event()
        self._wake = asyncio.Event()  # new rows, freed window or a (re)connect
        self._idle = asyncio.Event()  # outbox empty and nothing in flight
        self._inflight: dict[int, int | None] = {}  # paho mid -> outbox row id (None: direct)
        self._acked: set[int] = set()  # rows acknowledged but not yet deleted
        self._cursor = 0
        self._last_sent = 0.0
        self._downlink: asyncio.Queue[mqtt.MQTTMessage] = asyncio.Queue(maxsize=1000)
        self._tasks: list[asyncio.Task[None]] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._will: Any = None
        self._birth_seq = 0
        self._echoed: deque[int] = deque(maxlen=256)
        self._closing = False

    # -- topics and messages -------------------------------------------------------------

    def topic(self, kind: str, node: str | None = None, service: str | None = None) -> str:
        """The UIDI topic of ``kind`` for ``node`` (default: this publisher's node)."""
        import uidi

        return uidi.build_topic(
            self.tenant, self.region, service or self.service, node or self.node, str(kind)
        )

    async def next_seq(self, node: str | None = None) -> int:
        """The next sequence number for this node (or a node behind this gateway), persisted."""
        assert self.outbox is not None, "publisher not started"
        return await asyncio.to_thread(self.outbox.next_seq, node or self.node)

    def _state(
        self, lifecycle: str, seq: int, *, birth: bool = False, reason: str | None = None
    ) -> Any:
        import uidi

        return uidi.State(
            node=self.node,
            ts=_now_ms(),
            seq=seq,
            lifecycle=uidi.Lifecycle(lifecycle),
            birth=birth,
            description=self.description if birth else None,
            keepalive_s=self.keepalive_s,
            reason=reason,
        )

    # -- lifecycle -----------------------------------------------------------------------

    async def __aenter__(self) -> Publisher:
        self._loop = asyncio.get_running_loop()
        self.outbox = await asyncio.to_thread(Outbox, self.outbox_path)
        self._tasks = [
            asyncio.create_task(self._connection_loop(), name=f"edge-conn-{self.node}"),
            asyncio.create_task(self._sender(), name=f"edge-send-{self.node}"),
            asyncio.create_task(self._handle_downlink(), name=f"edge-downlink-{self.node}"),
            asyncio.create_task(self._heartbeat(), name=f"edge-heartbeat-{self.node}"),
        ]
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if exc_type is None and self.connected.is_set():
            # a clean stop: give queued messages a chance, then say "offline" (not "lost")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.drained(), self.drain_timeout_s)
            with contextlib.suppress(Exception):
                await self._publish_direct(
                    self._state("offline", await self.next_seq(), reason="clean shutdown"),
                    retain=True,
                )
        self._closing = True
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._client is not None:
            await asyncio.to_thread(self._teardown, self._client, True)
            self._client = None
        if self.outbox is not None:
            await asyncio.to_thread(self.outbox.close)

    async def abort(self) -> None:
        """Stop without a clean disconnect (the broker then sends the last will); for tests."""
        self._closing = True
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._client is not None:
            client, self._client = self._client, None
            await asyncio.to_thread(self._kill_socket, client)
        if self.outbox is not None:
            await asyncio.to_thread(self.outbox.close)
            self.outbox = None

    @staticmethod
    def _kill_socket(client: mqtt.Client) -> None:
        sock = client.socket()
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.close()
        client.loop_stop()

    @staticmethod
    def _teardown(client: mqtt.Client, graceful: bool) -> None:
        with contextlib.suppress(Exception):
            if graceful:
                client.disconnect()
        client.loop_stop()

    # -- public API ----------------------------------------------------------------------

    async def publish(
        self, msg: Any, *, service: str | None = None, retain: bool | None = None
    ) -> None:
        """Queue ``msg`` durably and send it at QoS 1 as soon as the window allows.

        ``msg.node`` may differ from this publisher's node (a gateway reporting for nodes behind
        it, including their lifecycle State). State messages are retained unless told otherwise.
        """
        import uidi

        assert self.outbox is not None, "publisher not started (use async with)"
        kind = str(msg.kind)
        if retain is None:
            retain = kind == "state"
        payload = uidi.encode_json(msg)
        topic = self.topic(kind, msg.node, service)
        await asyncio.to_thread(self.outbox.put, topic, payload, 1, retain)
        self._idle.clear()
        self._wake.set()

    async def drained(self) -> None:
        """Return once every queued message has been acknowledged by the broker."""
        assert self.outbox is not None
        while True:
            # clear first and poke the sender, so that an idle state reached between the check
            # below and the wait is reported again rather than missed
            self._idle.clear()
            self._wake.set()
            pending = await asyncio.to_thread(self.outbox.pending)
            if pending <= len(self._acked) and not self._inflight:
                return
            await self._idle.wait()

    async def pending(self) -> int:
        """Messages in the outbox not yet acknowledged (rows acknowledged but not yet deleted
        by the sender are not pending)."""
        assert self.outbox is not None
        acked = len(self._acked)
        return max(0, await asyncio.to_thread(self.outbox.pending) - acked)

    # -- connection ----------------------------------------------------------------------

    def _make_client(self) -> mqtt.Client:
        import uidi

        client = mqtt.Client(
            CallbackAPIVersion.VERSION2,
            client_id=self.client_id,
            protocol=mqtt.MQTTv5 if self.broker.protocol == "5" else mqtt.MQTTv311,
        )
        if self.broker.username:
            client.username_pw_set(self.broker.username, self.broker.password)
        # paho's own window is set above ours so that it never queues internally
        client.max_inflight_messages_set(MAX_WINDOW)
        will = self._will
        client.will_set(self.topic("state"), uidi.encode_json(will), qos=1, retain=True)
        loop = self._loop
        assert loop is not None
        call = loop.call_soon_threadsafe

        # paho calls these on its network thread; everything else happens on the loop
        def on_connect(c: mqtt.Client, u: Any, f: Any, rc: Any, p: Any) -> None:
            call(self._on_connect, c, rc)

        def on_disconnect(c: mqtt.Client, u: Any, f: Any, rc: Any, p: Any) -> None:
            call(self._on_disconnect, c, rc)

        def on_publish(c: mqtt.Client, u: Any, mid: int, rc: Any, p: Any) -> None:
            call(self._on_puback, c, mid, rc)

        def on_message(c: mqtt.Client, u: Any, m: mqtt.MQTTMessage) -> None:
            call(self._on_message, c, m)

        client.on_connect = on_connect
        client.on_disconnect = on_disconnect
        client.on_publish = on_publish
        client.on_message = on_message
        return client

    async def _connection_loop(self) -> None:
        delay = 0.1
        while not self._closing:
            assert self.outbox is not None
            # The will is fixed at connect time, so its sequence number is reserved now, right
            # after the birth's: ingest applies a will only when its seq is above the birth of
            # the node's current session, so a will redelivered late cannot mark a fresh
            # session lost.
            self._birth_seq = await self.next_seq()
            self._will = self._state(
                "lost", await self.next_seq(), reason="connection lost (last will)"
            )
            client = self._make_client()
            self._client = client
            self.disconnected.clear()
            props = None
            if self.broker.protocol == "5":
                props = Properties(PacketTypes.CONNECT)  # type: ignore[no-untyped-call]
                props.SessionExpiryInterval = 0
            try:
                await asyncio.to_thread(
                    client.connect,
                    self.broker.host,
                    self.broker.port,
                    max(5, self.keepalive_s),
                    clean_start=True if props is not None else mqtt.MQTT_CLEAN_START_FIRST_ONLY,
                    properties=props,
                )
                client.loop_start()
            except OSError as exc:
                log.info(
                    "edge %s: broker %s:%s unreachable (%s); retrying in %.1fs",
                    self.node,
                    self.broker.host,
                    self.broker.port,
                    exc,
                    delay,
                )
                self._client = None
                await self._backoff(delay)
                delay = min(self.reconnect_max_s, delay * 2)
                continue
            await self.disconnected.wait()
            self.connected.clear()
            await asyncio.to_thread(self._teardown, client, False)
            if self._client is client:
                self._client = None
            # everything not acknowledged is sent again from the outbox on the next connection
            self._inflight.clear()
            self._cursor = 0
            if self.connects:
                delay = 0.1
            await self._backoff(delay)
            delay = min(self.reconnect_max_s, delay * 2)

    async def _backoff(self, delay: float) -> None:
        # jitter, so that many edges do not reconnect in lockstep after a broker restart
        wait = delay * (0.5 + random.random())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.Event().wait(), wait)

    def _on_connect(self, client: mqtt.Client, rc: Any) -> None:
        if client is not self._client:
            return
        if rc.is_failure:
            log.warning("edge %s: broker refused connection: %s", self.node, rc)
            self.disconnected.set()
            return
        self.connects += 1
        log.info("edge %s: connected to %s:%s", self.node, self.broker.host, self.broker.port)
        if self.on_command is not None:
            client.subscribe(self.topic("command"), qos=1)
        if self.on_setting is not None:
            if self.broker.protocol == "5":
                # no_local: this node's own Setting echo must not come back as a new Setting
                client.subscribe(
                    self.topic("setting"), options=SubscribeOptions(qos=1, noLocal=True)
                )
            else:
                client.subscribe(self.topic("setting"), qos=1)  # echoes filtered in the handler
        self._cursor = 0
        self._send_birth(client)

    def _send_birth(self, client: mqtt.Client) -> None:
        birth = self._state("online", self._birth_seq, birth=True)
        if client is not self._client:
            return
        self._publish_now(client, self.topic("state"), _encode(birth), retain=True, row=None)
        self.connected.set()
        self._wake.set()

    def _on_disconnect(self, client: mqtt.Client, rc: Any) -> None:
        if client is not self._client:
            return
        if not self._closing:
            log.info("edge %s: disconnected (%s)", self.node, rc)
        self.connected.clear()
        self.disconnected.set()

    def _on_puback(self, client: mqtt.Client, mid: int, rc: Any) -> None:
        if client is not self._client:
            return
        row = self._inflight.pop(mid, None)
        if rc.is_failure:
            # the broker refused this message (ACL, quota); retrying would loop forever
            log.error(
                "edge %s: broker rejected a message (%s); dropped from the outbox", self.node, rc
            )
        if row is not None:
            self._acked.add(row)
        self._wake.set()

    def _publish_now(
        self, client: mqtt.Client, topic: str, payload: bytes, *, retain: bool, row: int | None
    ) -> bool:
        info = client.publish(topic, payload, qos=1, retain=retain)
        if info.rc != mqtt.MQTT_ERR_SUCCESS:
            return False
        self._inflight[info.mid] = row
        self._last_sent = time.monotonic()
        return True

    async def _publish_direct(self, msg: Any, *, retain: bool) -> None:
        client = self._client
        if client is not None and self.connected.is_set():
            self._publish_now(
                client, self.topic(str(msg.kind), msg.node), _encode(msg), retain=retain, row=None
            )

    # -- sending -------------------------------------------------------------------------

    async def _sender(self) -> None:
        assert self.outbox is not None
        outbox = self.outbox
        while True:
            self._wake.clear()
            if self._acked:
                done = list(self._acked)
                await asyncio.to_thread(outbox.delete, done)
                self._acked.difference_update(done)
            client = self._client
            room = self.max_inflight - len(self._inflight)
            sent = 0
            if client is not None and self.connected.is_set() and room > 0:
                rows = await asyncio.to_thread(outbox.fetch, self._cursor, room)
                if client is self._client and self.connected.is_set():
                    for row_id, topic, payload, _qos, retain in rows:
                        if row_id in self._acked:
                            self._cursor = row_id
                            continue
                        if not self._publish_now(client, topic, payload, retain=retain, row=row_id):
                            break  # the connection dropped; _on_disconnect resets the cursor
                        self._cursor = row_id
                        sent += 1
            quiet = not self._inflight and not self._acked and sent == 0 and room > 0
            if quiet and await asyncio.to_thread(outbox.pending) == 0:
                self._idle.set()
            if sent and len(self._inflight) < self.max_inflight:
                continue  # more rows may be waiting
            await self._wake.wait()

    async def _heartbeat(self) -> None:
        while True:
            await self.connected.wait()
            idle = time.monotonic() - self._last_sent
            if idle >= self.keepalive_s:
                beat = self._state("online", await self.next_seq(), reason="heartbeat")
                await self._publish_direct(beat, retain=False)
                idle = 0.0
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.disconnected.wait(), self.keepalive_s - idle)

    # -- downlink ------------------------------------------------------------------------

    def _on_message(self, client: mqtt.Client, message: mqtt.MQTTMessage) -> None:
        try:
            self._downlink.put_nowait(message)
        except asyncio.QueueFull:
            log.warning("edge %s: downlink queue full, dropping %s", self.node, message.topic)

    async def _handle_downlink(self) -> None:
        import uidi

        while True:
            message = await self._downlink.get()
            try:
                msg = uidi.decode(message.payload)
            except uidi.UidiError as exc:
                log.warning(
                    "edge %s: bad downlink on %s: %s (payload %r)",
                    self.node,
                    message.topic,
                    exc,
                    message.payload[:120],
                )
                continue
            if msg.node != self.node:
                log.warning("edge %s: downlink for node %r ignored", self.node, msg.node)
                continue
            try:
                if isinstance(msg, uidi.Command) and self.on_command is not None:
                    await self._answer_command(msg)
                elif isinstance(msg, uidi.Setting) and self.on_setting is not None:
                    if msg.seq in self._echoed:
                        continue  # our own echo (MQTT 3.1.1 has no no_local)
                    await self._answer_setting(msg)
            except Exception:
                log.exception("edge %s: downlink handler failed on %s", self.node, message.topic)

    async def _answer_command(self, cmd: Any) -> None:
        import uidi

        assert self.on_command is not None
        metrics: tuple[Any, ...] = ()
        try:
            result = self.on_command(cmd)
            if inspect.isawaitable(result):
                result = await result
            if isinstance(result, tuple):
                status, metrics = str(result[0]), tuple(result[1])
            else:
                status = str(result or "ok")
        except Exception as exc:
            log.warning(
                "edge %s: command %s %r failed: %s", self.node, cmd.command_id, cmd.name, exc
            )
            status = "error"
        out = uidi.Output(
            node=self.node,
            ts=_now_ms(),
            seq=await self.next_seq(),
            metrics=metrics,
            command_id=cmd.command_id,
            status=status,
        )
        await self.publish(out)

    async def _answer_setting(self, setting: Any) -> None:
        import uidi

        assert self.on_setting is not None
        result = self.on_setting(setting)
        if inspect.isawaitable(result):
            result = await result
        values = dict(setting.values) if result is None else dict(result)
        seq = await self.next_seq()
        self._echoed.append(seq)
        echo = uidi.Setting(
            node=self.node,
            ts=_now_ms(),
            seq=seq,
            values=values,
            setting_id=setting.setting_id,
        )
        await self.publish(echo)


def _encode(msg: Any) -> bytes:
    import uidi

    return bytes(uidi.encode_json(msg))
