"""``iotase edge ADAPTER --mapping FILE``: raw device payloads in, UIDI out to the broker."""

from __future__ import annotations

import argparse
import json
import logging
from pathlib import Path
from typing import Any

__all__ = ["register"]

log = logging.getLogger(__name__)


def register(sub: Any) -> None:
    """Add ``iotase edge``."""
    p = sub.add_parser(
        "edge",
        help="convert raw device payloads with an adapter and publish them as UIDI",
        description=(
            "Read raw payloads (stdin lines, or messages on a raw MQTT topic with --subscribe), "
            "map them through the adapter's mapping file and publish UIDI at QoS 1 with birth, "
            "last will and an on-disk outbox. For homeassistant on stdin each line is "
            "'TOPIC PAYLOAD'."
        ),
    )
    p.add_argument("adapter", choices=["tasmota", "homeassistant", "csv", "modbus"])
    p.add_argument("--mapping", required=True, type=Path, help="mapping file (YAML or JSON)")
    p.add_argument("--node", help="node id (default: the mapping's 'node')")
    p.add_argument("--service", help="service name (default: the mapping's 'service')")
    p.add_argument(
        "--subscribe",
        metavar="TOPIC",
        action="append",
        help="read raw payloads from this MQTT topic filter (repeatable; for homeassistant give "
        "the discovery prefix, e.g. 'homeassistant/#', and the state topics)",
    )
    p.add_argument("--keepalive", type=int, default=None, help="heartbeat period in s (default 30)")
    p.add_argument("--outbox", type=Path, help="outbox file (default DATA_DIR/outbox/NODE.db)")
    p.add_argument("--json", action="store_true", help="print a summary JSON object at the end")
    p.set_defaults(handler=_run_edge)


def load_mapping(path: Path) -> dict[str, Any]:
    """Read a mapping file: JSON if it parses as JSON, else YAML."""
    from edge._errors import MappingError

    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise MappingError(f"mapping file {str(path)!r}: cannot read ({exc.strerror})") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        import yaml

        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise MappingError(f"mapping file {str(path)!r}: not JSON or YAML ({exc})") from exc
    if not isinstance(data, dict):
        raise MappingError(f"mapping file {str(path)!r}: top level must be a mapping")
    return data


def describe(mapping: dict[str, Any], node: str, service: str) -> Any:
    """The node description for the birth, from the mapping's optional ``description`` block.

    ``description: {name, location: [lon, lat], attributes: {...}, devices: [{model, role}]}``.
    """
    import uidi
    from edge._errors import MappingError

    desc = mapping.get("description") or {}
    try:
        loc = desc.get("location")
        return uidi.NodeDescription(
            name=str(desc.get("name", node)),
            service=uidi.slugify(service),
            location=None
            if loc is None
            else uidi.GeoPoint(coordinates=(float(loc[0]), float(loc[1]))),
            attributes=dict(desc.get("attributes") or {}),
            devices=tuple(uidi.DeviceRef(**d) for d in desc.get("devices") or ()),
        )
    except Exception as exc:
        raise MappingError(f"mapping 'description': {exc}") from exc


def _run_edge(args: argparse.Namespace, settings: Any) -> int:
    import asyncio

    from edge._adapters import adapter_from_mapping
    from edge._errors import EdgeError

    try:
        mapping = load_mapping(args.mapping)
        adapter = adapter_from_mapping(mapping, args.adapter)
        node = args.node or mapping.get("node")
        service = args.service or mapping.get("service")
        if not node or not service:
            raise EdgeError(
                "edge: a node id and a service are required (--node/--service or mapping)"
            )
        description = describe(mapping, str(node), str(service))
    except EdgeError as exc:
        log.error("%s", exc)
        return 2
    summary = asyncio.run(
        _pump(args, settings, adapter, str(node), str(service), description, mapping)
    )
    if args.json:
        print(json.dumps(summary))
    return 0 if summary["unmapped"] == 0 else 1


async def _pump(
    args: argparse.Namespace,
    settings: Any,
    adapter: Any,
    node: str,
    service: str,
    description: Any,
    mapping: dict[str, Any],
) -> dict[str, Any]:
    import asyncio
    import contextlib
    import signal
    import sys
    import time

    from edge._errors import EdgeError
    from edge._publisher import Publisher

    queue: asyncio.Queue[tuple[str | None, bytes] | None] = asyncio.Queue(maxsize=10_000)
    counts: dict[str, Any] = {"node": node, "read": 0, "published": 0, "unmapped": 0}
    keepalive = args.keepalive or int(mapping.get("keepalive_s", 30))
    async with Publisher(
        settings.broker_url,
        settings.tenant,
        settings.region,
        service,
        description,
        node=node,
        keepalive_s=keepalive,
        outbox_path=args.outbox,
        data_dir=settings.data_dir,
    ) as pub:
        # SIGINT/SIGTERM end the input like EOF does: queued readings are flushed, the node
        # says offline, and the summary is printed
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, queue.put_nowait, None)
        if args.subscribe:
            source = asyncio.create_task(_from_broker(settings.broker_url, args.subscribe, queue))
        else:
            source = asyncio.create_task(
                _from_stdin(sys.stdin.buffer, queue, args.adapter == "homeassistant")
            )
        try:
            while (item := await queue.get()) is not None:
                topic, raw = item
                counts["read"] += 1
                try:
                    msgs = adapter.convert(
                        raw, node=node, ts=time.time_ns() // 1_000_000, seq=0, topic=topic
                    )
                except EdgeError as exc:
                    counts["unmapped"] += 1
                    log.warning("edge: %s", exc)
                    continue
                for msg in msgs:
                    stamped = msg.model_copy(update={"seq": await pub.next_seq()})
                    await pub.publish(stamped)
                    counts["published"] += 1
        finally:
            source.cancel()
        # stdin ended: give the broker a moment; what stays queued goes out on the next run
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(pub.drained(), 10)
        counts["pending"] = await pub.pending()
    return counts


async def _from_stdin(stream: Any, queue: Any, with_topic: bool) -> None:
    import asyncio

    while True:
        line = await asyncio.to_thread(stream.readline)
        if not line:
            await queue.put(None)
            return
        line = line.rstrip(b"\r\n")
        if not line.strip():
            continue
        if with_topic:
            topic, _, payload = line.partition(b" ")
            await queue.put((topic.decode("utf-8", "replace"), payload))
        else:
            await queue.put((None, line))


async def _from_broker(broker_url: str, topics: list[str], queue: Any) -> None:
    """Subscribe to a raw (non-UIDI) topic and feed its payloads to the adapter."""
    import asyncio

    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    from edge._mqtt import parse_broker_url

    broker = parse_broker_url(broker_url)
    loop = asyncio.get_running_loop()
    client = mqtt.Client(CallbackAPIVersion.VERSION2)
    if broker.username:
        client.username_pw_set(broker.username, broker.password)

    def on_message(c: Any, u: Any, m: Any) -> None:
        loop.call_soon_threadsafe(queue.put_nowait, (m.topic, bytes(m.payload)))

    client.on_message = on_message
    client.on_connect = lambda c, *a: c.subscribe([(t, 1) for t in topics])
    await asyncio.to_thread(client.connect, broker.host, broker.port, 30)
    client.loop_start()
    try:
        await asyncio.Event().wait()
    finally:
        client.disconnect()
        client.loop_stop()
