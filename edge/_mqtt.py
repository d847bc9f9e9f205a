"""Broker URLs for the edge: ``mqtt://[user:password@]host[:port][?protocol=5|3.1.1]``."""

from __future__ import annotations

import uidi
from edge._errors import EdgeError
from uidi import BrokerAddress

__all__ = ["BrokerAddress", "parse_broker_url"]


def parse_broker_url(url: str) -> BrokerAddress:
    """Parse a broker URL, raising :class:`EdgeError` (password never shown)."""
    try:
        return BrokerAddress.parse(url)
    except uidi.UidiError as exc:
        raise EdgeError(str(exc)) from exc
