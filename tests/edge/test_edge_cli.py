"""``iotase edge`` as a process: stdin lines through a mapping file to UIDI on the broker."""

from __future__ import annotations

import json
import os
import queue
import socket
import subprocess
import sys
import threading
import uuid
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

import uidi

REPO = Path(__file__).resolve().parents[2]


def _broker_up() -> bool:
    try:
        socket.create_connection(("127.0.0.1", 1883), timeout=1).close()
    except OSError:
        return False
    return True


@pytest.mark.skipif(not _broker_up(), reason="needs Mosquitto on 127.0.0.1:1883")
def test_edge_command_publishes_mapped_lines_and_reports_unmapped(tmp_path: Path) -> None:
    tenant = f"cli{uuid.uuid4().hex[:8]}"
    mapping = tmp_path / "park.yaml"
    mapping.write_text(
        "adapter: tasmota\n"
        "node: gate-3\n"
        "service: dog park\n"
        "description:\n"
        "  name: North gate\n"
        "  location: [-79.38, 43.65]\n"
        "metrics:\n"
        "  - {source: SR04.Distance, metric: queue_len, unit: ''}\n"
        "  - {source: DS18B20.Temperature, metric: temperature_c, unit: '°C'}\n",
        encoding="utf-8",
    )
    got: queue.Queue[uidi.Message] = queue.Queue()
    subscribed = threading.Event()
    sub = mqtt.Client(CallbackAPIVersion.VERSION2)
    sub.on_message = lambda c, u, m: got.put(uidi.decode(m.payload)) if m.payload else None
    sub.on_subscribe = lambda *a: subscribed.set()
    sub.on_connect = lambda c, *a: c.subscribe(f"uidi/v1/{tenant}/#", qos=1)
    sub.connect("127.0.0.1", 1883)
    sub.loop_start()
    try:
        assert subscribed.wait(10)
        lines = [
            '{"Time": "2025-11-24T10:00:00", "SR04": {"Distance": 4}, "TempUnit": "C"}',
            '{"DS18B20": {"Temperature": 12.5}, "BH1750": {"Illuminance": 300}}',
            '{"DS18B20": {"Temperature": 13.0}}',
        ]
        env = dict(
            os.environ,
            IOTASE_TENANT=tenant,
            IOTASE_DATA_DIR=str(tmp_path),
            IOTASE_BROKER_URL="mqtt://127.0.0.1:1883",
        )
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "iotase",
                "edge",
                "tasmota",
                "--mapping",
                str(mapping),
                "--json",
            ],
            input="\n".join(lines) + "\n",
            capture_output=True,
            text=True,
            env=env,
            cwd=REPO,
            timeout=60,
        )
        assert done.returncode == 1, done.stderr  # one line could not be mapped
        summary = json.loads(done.stdout)
        assert summary == {"node": "gate-3", "read": 3, "published": 2, "unmapped": 1, "pending": 0}
        assert "BH1750.Illuminance" in done.stderr
        kinds = []
        while len([m for m in kinds if isinstance(m, uidi.Input)]) < 2:
            kinds.append(got.get(timeout=10))
        birth = next(m for m in kinds if isinstance(m, uidi.State))
        assert birth.birth and birth.description is not None
        assert birth.description.name == "North gate"
        inputs = [m for m in kinds if isinstance(m, uidi.Input)]
        assert [(m.metrics[0].name, m.metrics[0].value) for m in inputs] == [
            ("queue_len", 4),
            ("temperature_c", 13.0),
        ]
        assert inputs[0].seq < inputs[1].seq
    finally:
        topic = uidi.build_topic(tenant, "toronto", "dog-park", "gate-3", "state")
        sub.publish(topic, b"", qos=1, retain=True).wait_for_publish(5)
        sub.disconnect()
        sub.loop_stop()
