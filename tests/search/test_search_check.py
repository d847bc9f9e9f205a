"""``services check`` flags descriptions that describe another thing than their service.

The original study's descriptions (``../shared/data/sensorsconnect``) include about 18 that
describe the wrong thing (``lake`` the word "like", ``bank`` the human back, ``cafe`` a cave);
the check must find such cases there, and none in the project's own catalogue.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from search._select import ServiceSelector
from search.catalogue import Service, check_catalogue, load_catalogue, service_slug

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "sensorsconnect"


def _study_catalogue() -> list[Service]:
    text = (SHARED / "Services_description_V2.txt").read_text(encoding="utf-8")
    out = []
    for block in text.split("\n---\n"):
        lines = block.strip().split("\n", 1)
        if len(lines) == 2:
            name = lines[0].strip()
            out.append(Service(name, service_slug(name), lines[1].strip()[:1500]))
    return out


@pytest.mark.skipif(
    not (SHARED / "Services_description_V2.txt").is_file(),
    reason="../shared/data/sensorsconnect is not beside the checkout",
)
def test_check_flags_the_study_descriptions_that_describe_something_else(
    selector: ServiceSelector,
) -> None:
    issues = check_catalogue(_study_catalogue(), selector.embedder, phrases=False)
    flagged = {i.service for i in issues}
    assert len(flagged) >= 18
    assert {"lake", "bank", "cafe"} <= flagged


def test_project_catalogue_descriptions_sit_with_their_own_names(selector: ServiceSelector) -> None:
    services = [s for s in load_catalogue(names_file=False) if s.curated]
    issues = check_catalogue(services, selector.embedder, phrases=False)
    assert [i.service for i in issues] == []
