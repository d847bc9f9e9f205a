"""The catalogue loader: records, rules, and the name fallback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from search import CatalogueError
from search.catalogue import CATALOGUE_DIR, load_catalogue, service_slug


def _write(tmp: Path, name: str, rows: list[object]) -> None:
    (tmp / name).write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")


def test_shipped_catalogue_loads_with_descriptions() -> None:
    services = load_catalogue(names_file=False)
    assert len(services) >= 50
    assert all(s.description for s in services)
    names = {s.name for s in services}
    assert "dog park" in names or len(list(CATALOGUE_DIR.glob("*.jsonl"))) < 10


def test_record_rules_name_the_place(tmp_path: Path) -> None:
    _write(tmp_path, "a.jsonl", [{"name": "dog park", "description": "x", "phrases": "oops"}])
    with pytest.raises(CatalogueError, match=r"a\.jsonl:1: 'phrases' of 'dog park'"):
        load_catalogue(tmp_path, names_file=False)


def test_aliases_are_names_not_embedded_texts(tmp_path: Path) -> None:
    _write(tmp_path, "a.jsonl", [{"name": "pharmacy", "description": "x", "aliases": ["chemist"]}])
    (svc,) = load_catalogue(tmp_path, names_file=False)
    assert svc.aliases == ("chemist",) and "chemist" not in svc.texts()
    _write(tmp_path, "a.jsonl", [{"name": "pharmacy", "description": "x", "aliases": "chemist"}])
    with pytest.raises(CatalogueError, match=r"a\.jsonl:1: 'aliases' of 'pharmacy'"):
        load_catalogue(tmp_path, names_file=False)


def test_duplicate_service_is_refused(tmp_path: Path) -> None:
    _write(tmp_path, "a.jsonl", [{"name": "Bar", "description": "drinks"}])
    _write(tmp_path, "b.jsonl", [{"name": "bar", "description": "again"}])
    with pytest.raises(
        CatalogueError, match=r"b\.jsonl:1: service 'bar' is already defined at a\.jsonl:1"
    ):
        load_catalogue(tmp_path, names_file=False)


def test_bad_json_is_refused(tmp_path: Path) -> None:
    (tmp_path / "a.jsonl").write_text('{"name": "bar",\n', encoding="utf-8")
    with pytest.raises(CatalogueError, match=r"a\.jsonl:1: not valid JSON"):
        load_catalogue(tmp_path, names_file=False)


def test_names_without_a_record_fall_back_to_the_name(tmp_path: Path) -> None:
    _write(tmp_path, "a.jsonl", [{"name": "dog park", "description": "off-leash area"}])
    names = tmp_path / "names.txt"
    names.write_text("dog park\nwomen's clothing store\n", encoding="utf-8")
    services = load_catalogue(tmp_path, names_file=names)
    assert [s.name for s in services] == ["dog park", "women's clothing store"]
    assert services[0].curated and not services[1].curated
    assert services[1].texts() == ["women's clothing store"]
    assert services[1].slug == service_slug("women's clothing store")


def test_shipped_aliases_name_one_service_each() -> None:
    services = load_catalogue(names_file=False)
    names = {s.name.lower() for s in services}
    seen: dict[str, str] = {}
    for s in services:
        for a in s.aliases:
            assert a.lower() not in names, f"{s.name}: alias {a!r} is a service's own name"
            assert seen.setdefault(a.lower(), s.name) == s.name, f"{a!r} names two services"
    assert len(seen) > 1000
