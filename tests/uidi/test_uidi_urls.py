"""Backend URLs: parsing, password redaction, lazy loading with clear errors."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest

from uidi import BackendURL, BrokerAddress, UidiError, load_backend
from uidi._urls import EXTRAS_BY_MODULE


def test_parse_and_redact() -> None:
    url = BackendURL.parse("mongodb://bob:s3cret@db.example:27017/iotase?authSource=admin")
    assert (url.scheme, url.host, url.port, url.path) == ("mongodb", "db.example", 27017, "/iotase")
    assert url.database == "iotase"
    assert url.username == "bob"
    assert url.password == "s3cret"
    assert url.query == {"authSource": "admin"}
    assert str(url) == "mongodb://bob:***@db.example:27017/iotase?authSource=admin"
    assert "s3cret" not in repr(url)
    assert "s3cret" in url.unredacted()


def test_secret_query_values_are_redacted() -> None:
    url = BackendURL.parse("http://h/x?api_key=abc&password=def&mode=fast")
    assert str(url) == "http://h/x?api_key=***&password=***&mode=fast"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("memory://", ("memory", None, None, "")),
        ("sqlite:///:memory:", ("sqlite", None, None, "/:memory:")),
        ("sqlite:///.iotase/realtime.db", ("sqlite", None, None, "/.iotase/realtime.db")),
        ("redis://:pw@127.0.0.1:6379/0", ("redis", "127.0.0.1", 6379, "/0")),
        ("mqtt://[::1]:1883", ("mqtt", "::1", 1883, "")),
    ],
)
def test_parse_common_urls(raw: str, expected: tuple[object, ...]) -> None:
    url = BackendURL.parse(raw)
    assert (url.scheme, url.host, url.port, url.path) == expected
    assert "pw" not in str(url)
    assert BackendURL.parse(url) is url


@pytest.mark.parametrize(
    ("raw", "text"),
    [
        ("not a url", "backend URL: 'not a url' is not a backend URL; expected scheme://"),
        ("mongodb://bob:s3cret@h:99999/db", "cannot be parsed"),
        ("://nothing", "has no scheme"),
    ],
)
def test_bad_urls(raw: str, text: str) -> None:
    with pytest.raises(UidiError) as caught:
        BackendURL.parse(raw)
    assert text in str(caught.value)
    assert "s3cret" not in str(caught.value)


TABLE = {
    "memory": "collections:OrderedDict",
    "json": "json",
    "mongodb": "tests_uidi_missing_driver_pkg.client:Client [mongo]",
    "broken": "uidi._no_such_module:X",
    "noattr": "json:no_such_attr",
}


def test_load_backend_imports_lazily() -> None:
    import collections
    import json

    assert load_backend("memory://", TABLE, "cache") is collections.OrderedDict
    assert load_backend("json://", TABLE, "cache") is json


def test_unknown_scheme_names_the_choices() -> None:
    with pytest.raises(UidiError) as caught:
        load_backend("postgres://u:pw@h/db", TABLE, "real-time store")
    text = str(caught.value)
    assert text.startswith("real-time store: unknown scheme 'postgres' in postgres://u:***@h/db")
    assert "known schemes: broken://, json://, memory://, mongodb://, noattr://" in text
    assert "pw@" not in text


def test_missing_driver_names_the_extra(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with pytest.raises(UidiError) as caught:
        load_backend("mongodb://u:s3cret@h/db", TABLE, "real-time store")
    assert str(caught.value) == (
        "real-time store: mongodb:// needs the package 'tests_uidi_missing_driver_pkg', which is "
        "not installed: pip install 'iotase[mongo]'"
    )
    assert caught.value.rule == "backend.extra"
    assert "s3cret" not in caplog.text


def test_missing_third_party_module_maps_to_extra(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A backend module that exists but imports a driver that does not.
    (tmp_path / "tests_uidi_fake_backend.py").write_text("import tests_uidi_absent_driver\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(EXTRAS_BY_MODULE, "tests_uidi_absent_driver", "redis")
    with pytest.raises(UidiError) as caught:
        load_backend("redis://h/0", {"redis": "tests_uidi_fake_backend:Cache"}, "cache")
    assert str(caught.value) == (
        "cache: redis:// needs the package 'tests_uidi_absent_driver', which is not installed: "
        "pip install 'iotase[redis]'"
    )
    monkeypatch.delitem(EXTRAS_BY_MODULE, "tests_uidi_absent_driver")
    with pytest.raises(UidiError, match=r"pip install tests_uidi_absent_driver$"):
        load_backend("redis://h/0", {"redis": "tests_uidi_fake_backend:Cache"}, "cache")


def test_broken_table_entries() -> None:
    with pytest.raises(UidiError, match=r"backend module 'uidi\._no_such_module' for broken://"):
        load_backend("broken://", TABLE, "cache")
    with pytest.raises(UidiError, match="module 'json' has no 'no_such_attr'"):
        load_backend("noattr://", TABLE, "cache")


def test_broker_address_parses_credentials_port_and_protocol() -> None:
    address = BrokerAddress.parse("mqtt://ingest:s3cret@broker.example:1884?protocol=3.1.1")
    assert (address.host, address.port, address.protocol) == ("broker.example", 1884, "3.1.1")
    assert (address.username, address.password) == ("ingest", "s3cret")
    assert "s3cret" not in repr(address)
    assert BrokerAddress.parse("mqtt://127.0.0.1").port == 1883


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("http://u:s3cret@host:1883", "scheme 'http' is not mqtt://"),
        ("mqtt://:1883", "no host"),
        ("mqtt://host?protocol=4", "protocol '4' is not 5 or 3.1.1"),
        ("host:1883", "is not a backend URL"),
    ],
)
def test_broker_address_errors_name_the_problem_not_the_password(url: str, message: str) -> None:
    with pytest.raises(UidiError, match=re.escape(message)) as info:
        BrokerAddress.parse(url)
    assert "s3cret" not in str(info.value)
