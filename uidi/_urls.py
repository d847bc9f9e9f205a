"""Backends chosen by URL: parse a URL (password hidden in str/repr) and import its backend lazily.

The scheme picks the backend: a table maps ``"sqlite"`` to an import string such as
``"cloud._sqlite:SqliteRealtime"``, imported only when that scheme is used, so a missing optional
driver only matters to whoever chose it, and the error names the extra that installs it.
"""

from __future__ import annotations

import importlib
import logging
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, quote, unquote, urlsplit

from uidi._errors import UidiError, shorten

__all__ = ["EXTRAS_BY_MODULE", "BackendURL", "BrokerAddress", "load_backend"]

logger = logging.getLogger(__name__)

#: Third-party top-level module → the ``iotase`` extra that installs it.
EXTRAS_BY_MODULE = {
    "pymongo": "mongo",
    "motor": "mongo",
    "bson": "mongo",
    "mongomock": "dev",
    "redis": "redis",
    "qdrant_client": "embeddings",
    "sentence_transformers": "embeddings",
    "torch": "embeddings",
    "pdfplumber": "pdf",
    "pypdf": "pdf",
}
_SECRET_QUERY_KEYS = re.compile(
    r"pass|secret|token|api_?key|access_?key|credential|signature", re.IGNORECASE
)
_REDACTED = "***"


@dataclass(frozen=True, eq=True)
class BackendURL:
    """A parsed backend URL. ``str()`` and ``repr()`` hide the password and secret query values;
    :meth:`unredacted` gives the original for the driver.
    """

    scheme: str
    host: str | None
    port: int | None
    path: str
    query: dict[str, str] = field(hash=False)
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    raw: str = field(default="", repr=False)

    @classmethod
    def parse(cls, url: str | BackendURL) -> BackendURL:
        """Parse *url*; raise :class:`UidiError` naming the problem (the password never shown)."""
        if isinstance(url, BackendURL):
            return url
        if not isinstance(url, str) or "://" not in url:
            raise UidiError(
                f"{_redact_text(url)} is not a backend URL; expected scheme://..., "
                "e.g. sqlite:///data.db, memory://, mongodb://host/db",
                rule="url.syntax",
                value=_redact_text(url),
                where="backend URL",
            )
        try:
            parts = urlsplit(url)
            port = parts.port
        except ValueError as exc:
            raise UidiError(
                f"{_redact_text(url)} cannot be parsed: {exc}",
                rule="url.syntax",
                value=_redact_text(url),
                where="backend URL",
            ) from None
        scheme = parts.scheme.lower()
        if not scheme:
            raise UidiError(
                f"{_redact_text(url)} has no scheme", rule="url.scheme", value=_redact_text(url),
                where="backend URL",
            )  # fmt: skip
        return cls(
            scheme=scheme,
            host=parts.hostname,
            port=port,
            path=parts.path,
            query=dict(parse_qsl(parts.query, keep_blank_values=True)),
            username=parts.username,
            password=parts.password,
            raw=url,
        )

    @property
    def database(self) -> str:
        """The path without its leading slash (a database name for mongodb:// and redis://)."""
        return self.path.lstrip("/")

    def unredacted(self) -> str:
        """The URL exactly as given, password included: pass it to drivers, never to logs."""
        return self.raw

    def __str__(self) -> str:
        netloc = ""
        if self.username is not None:
            netloc += quote(self.username, safe="")
            if self.password is not None:
                netloc += ":" + _REDACTED
            netloc += "@"
        if self.host is not None:
            netloc += f"[{self.host}]" if ":" in self.host else self.host
        if self.port is not None:
            netloc += f":{self.port}"
        text = f"{self.scheme}://{netloc}{self.path}"
        if self.query:
            text += "?" + "&".join(
                f"{k}={_REDACTED if _SECRET_QUERY_KEYS.search(k) else v}"
                for k, v in self.query.items()
            )
        return text

    def __repr__(self) -> str:
        return f"BackendURL({str(self)!r})"


def _redact_text(value: object) -> str:
    # For URLs too broken to parse: hide anything between "://" and "@".
    text = shorten(value, 120)
    return re.sub(r"(://[^/@:]*:)[^/@]*@", r"\1" + _REDACTED + "@", text)


def load_backend(url: str | BackendURL, table: dict[str, str], what: str) -> Any:
    """Import and return the backend that *table* names for *url*'s scheme.

    ``table`` maps scheme → ``"module:attr"`` (optionally ``"module:attr [extra]"`` to name the
    extra that installs its driver). ``what`` names the store in messages ("real-time store").
    Raises :class:`UidiError` naming the known schemes, or the extra to install.
    """
    parsed = BackendURL.parse(url)
    target = table.get(parsed.scheme)
    if target is None:
        known = ", ".join(f"{s}://" for s in sorted(table))
        raise UidiError(
            f"unknown scheme {parsed.scheme!r} in {parsed}; known schemes: {known}",
            rule="backend.scheme",
            value=parsed.scheme,
            where=what,
        )
    spec, _, extra_part = target.partition(" ")
    extra = extra_part.strip().strip("[]") or None
    module_name, _, attr = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        missing = exc.name or "?"
        extra = extra or EXTRAS_BY_MODULE.get(missing.split(".")[0])
        if extra is None and (module_name == missing or module_name.startswith(missing + ".")):
            raise UidiError(
                f"backend module {module_name!r} for {parsed.scheme}:// does not exist",
                rule="backend.module",
                value=module_name,
                where=what,
            ) from exc
        hint = f"pip install 'iotase[{extra}]'" if extra else f"pip install {missing}"
        raise UidiError(
            f"{parsed.scheme}:// needs the package {missing!r}, which is not installed: {hint}",
            rule="backend.extra",
            value=missing,
            where=what,
        ) from exc
    try:
        backend = getattr(module, attr) if attr else module
    except AttributeError:
        raise UidiError(
            f"module {module_name!r} has no {attr!r} (backend table entry for {parsed.scheme}://)",
            rule="backend.attr",
            value=spec,
            where=what,
        ) from None
    logger.debug("%s backend for %s: %s", what, parsed, spec)
    return backend


@dataclass(frozen=True, slots=True)
class BrokerAddress:
    """An MQTT broker: ``mqtt://[user:password@]host[:port][?protocol=5|3.1.1]``.

    ``repr`` hides the password. MQTT 5 is the default; ``?protocol=3.1.1`` is for brokers
    without it (such as the demo's embedded broker).
    """

    host: str
    port: int = 1883
    protocol: str = "5"
    username: str | None = None
    password: str | None = field(default=None, repr=False)

    @classmethod
    def parse(cls, url: str) -> BrokerAddress:
        """Parse a broker URL; raise :class:`UidiError` naming the problem, never the password."""
        parsed = BackendURL.parse(url)
        shown = str(parsed)

        def fail(problem: str, rule: str) -> UidiError:
            return UidiError(
                f"broker url {shown!r}: {problem}", rule=rule, value=shown, where="broker URL"
            )

        if parsed.scheme not in ("mqtt", "tcp"):
            raise fail(f"scheme {parsed.scheme!r} is not mqtt://", "url.scheme")
        if not parsed.host:
            raise fail("no host", "url.host")
        protocol = parsed.query.get("protocol", "5")
        if protocol not in ("5", "3.1.1"):
            raise fail(f"protocol {protocol!r} is not 5 or 3.1.1", "url.protocol")
        return cls(
            parsed.host,
            parsed.port or 1883,
            protocol,
            unquote(parsed.username) if parsed.username else None,
            unquote(parsed.password) if parsed.password else None,
        )
