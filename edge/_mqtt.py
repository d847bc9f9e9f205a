"""Broker URLs for the edge: ``mqtt://[user:password@]host[:port][?protocol=5|3.1.1]``."""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import parse_qs, unquote, urlsplit

from edge._errors import EdgeError

__all__ = ["BrokerAddress"]


@dataclass(frozen=True, slots=True)
class BrokerAddress:
    """Host, port and optional credentials of an MQTT broker; ``repr`` hides the password."""

    host: str
    port: int = 1883
    protocol: str = "5"
    username: str | None = None
    password: str | None = field(default=None, repr=False)

    @classmethod
    def parse(cls, url: str) -> BrokerAddress:
        """Parse ``mqtt://host:port``; errors name the URL (without its password)."""
        parts = urlsplit(url)
        shown = url.replace(f":{parts.password}@", ":***@") if parts.password else url
        if parts.scheme not in ("mqtt", "tcp"):
            raise EdgeError(f"broker url {shown!r}: scheme {parts.scheme!r} is not mqtt://")
        if not parts.hostname:
            raise EdgeError(f"broker url {shown!r}: no host")
        try:
            port = parts.port or 1883
        except ValueError as exc:
            raise EdgeError(f"broker url {shown!r}: bad port") from exc
        protocol = parse_qs(parts.query).get("protocol", ["5"])[-1]
        if protocol not in ("5", "3.1.1"):
            raise EdgeError(f"broker url {shown!r}: protocol {protocol!r} is not 5 or 3.1.1")
        return cls(
            parts.hostname,
            port,
            protocol,
            unquote(parts.username) if parts.username else None,
            unquote(parts.password) if parts.password else None,
        )
