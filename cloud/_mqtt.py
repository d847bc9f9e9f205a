"""Broker URLs for ingest: ``mqtt://[user:password@]host[:port][?protocol=5|3.1.1]``."""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import parse_qs, unquote, urlsplit

from cloud._errors import CloudError

__all__ = ["BrokerAddress"]


@dataclass(frozen=True, slots=True)
class BrokerAddress:
    """Host, port, MQTT protocol version and optional credentials; ``repr`` hides the password.

    MQTT 5 is the default: its Receive Maximum lets a worker hold thousands of unacknowledged
    QoS 1 messages while a batch is committed (Mosquitto caps MQTT 3.1.1 clients at
    ``max_inflight_messages``, 20 by default). ``?protocol=3.1.1`` is for brokers without MQTT 5.
    """

    host: str
    port: int = 1883
    protocol: str = "5"
    username: str | None = None
    password: str | None = field(default=None, repr=False)

    @classmethod
    def parse(cls, url: str) -> BrokerAddress:
        """Parse a broker URL; errors name the URL without its password."""
        parts = urlsplit(url)
        shown = url.replace(f":{parts.password}@", ":***@") if parts.password else url
        if parts.scheme not in ("mqtt", "tcp"):
            raise CloudError(f"broker url {shown!r}: scheme {parts.scheme!r} is not mqtt://")
        if not parts.hostname:
            raise CloudError(f"broker url {shown!r}: no host")
        try:
            port = parts.port or 1883
        except ValueError as exc:
            raise CloudError(f"broker url {shown!r}: bad port") from exc
        protocol = parse_qs(parts.query).get("protocol", ["5"])[-1]
        if protocol not in ("5", "3.1.1"):
            raise CloudError(f"broker url {shown!r}: protocol {protocol!r} is not 5 or 3.1.1")
        return cls(
            parts.hostname,
            port,
            protocol,
            unquote(parts.username) if parts.username else None,
            unquote(parts.password) if parts.password else None,
        )
