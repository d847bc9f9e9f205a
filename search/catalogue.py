"""The service catalogue: the 500 service names, each with a description written by the project.

Records live in ``search/data/catalogue/*.jsonl``, one JSON object a line::

    {"name": "dog park", "description": "...", "phrases": ["..."], "aliases": ["off-leash area"],
     "live_fields": ["occupancy_pct"]}

``aliases`` are other names of the same service in other Englishes and short forms ("chemist"
for a pharmacy, "lido" for an outdoor swimming pool): matched as words, never embedded.

While the descriptions are being written a name may have no record yet; when the study's name
list is at hand (``../shared/data/sensorsconnect/service_names.txt``) such names are still
loaded, with the name alone as their text and ``curated=False``, so selection never silently
loses a service.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from search import CatalogueError

if TYPE_CHECKING:
    from search._embed import Embedder

__all__ = [
    "CATALOGUE_DIR",
    "CheckIssue",
    "Service",
    "check_catalogue",
    "load_catalogue",
    "service_slug",
]

log = logging.getLogger(__name__)

CATALOGUE_DIR = Path(__file__).resolve().parent / "data" / "catalogue"
# The study's name list, beside the checkout (CI and the build machines have it; a user's clone
# may not, and then only the project's own records are loaded).
SHARED_NAMES = (
    Path(__file__).resolve().parents[1]
    / ".."
    / "shared"
    / "data"
    / "sensorsconnect"
    / "service_names.txt"
)

_SLUG_RE = re.compile(r"[^a-z0-9]+")


def service_slug(name: str) -> str:
    """The URL-safe slug of a service name, the same one ``uidi.slugify`` gives when present."""
    try:
        from uidi import slugify
    except ImportError:  # uidi is built alongside; the rule below is the documented scheme
        return _SLUG_RE.sub("-", name.lower()).strip("-")
    return str(slugify(name))


@dataclass(frozen=True, slots=True)
class Service:
    """One service type of the catalogue."""

    name: str
    slug: str
    description: str
    phrases: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    live_fields: tuple[str, ...] = ()
    curated: bool = True
    source: str = ""

    def texts(self) -> list[str]:
        """The texts embedded for this service: name, description, then each phrase."""
        out = [self.name]
        if self.description and self.description != self.name:
            out.append(self.description)
        out.extend(self.phrases)
        return out


def _parse_record(raw: str, place: str) -> Service:
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise CatalogueError(f"{place}: not valid JSON ({exc.msg} at column {exc.colno})") from exc
    if not isinstance(data, dict):
        raise CatalogueError(f"{place}: a record must be a JSON object, got {type(data).__name__}")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise CatalogueError(f"{place}: 'name' must be a non-empty string, got {name!r}")
    desc = data.get("description", "")
    if not isinstance(desc, str):
        raise CatalogueError(
            f"{place}: 'description' of {name!r} must be a string, got {desc!r:.60}"
        )
    phrases = data.get("phrases", [])
    if not isinstance(phrases, list) or not all(isinstance(p, str) for p in phrases):
        raise CatalogueError(f"{place}: 'phrases' of {name!r} must be a list of strings")
    aliases = data.get("aliases", [])
    if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        raise CatalogueError(f"{place}: 'aliases' of {name!r} must be a list of strings")
    fields_ = data.get("live_fields", [])
    if not isinstance(fields_, list) or not all(isinstance(f, str) for f in fields_):
        raise CatalogueError(f"{place}: 'live_fields' of {name!r} must be a list of strings")
    name = name.strip()
    return Service(
        name=name,
        slug=service_slug(name),
        description=desc.strip(),
        phrases=tuple(p.strip() for p in phrases if p.strip()),
        aliases=tuple(a.strip() for a in aliases if a.strip()),
        live_fields=tuple(fields_),
        curated=bool(desc.strip()),
        source=place,
    )


def load_catalogue(
    directory: Path | None = None, *, names_file: Path | bool | None = None
) -> list[Service]:
    """Load every service record, in file order, then the names that have no record yet.

    ``names_file=None`` uses the study's name list when it is present; ``False`` disables the
    fallback. Raises ``CatalogueError`` on a malformed record or a name given twice.
    """
    directory = directory or CATALOGUE_DIR
    services: dict[str, Service] = {}
    for path in sorted(directory.glob("*.jsonl")):
        for lineno, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not raw.strip():
                continue
            svc = _parse_record(raw, f"{path.name}:{lineno}")
            key = svc.name.lower()
            if key in services:
                raise CatalogueError(
                    f"{path.name}:{lineno}: service {svc.name!r} is already defined at "
                    f"{services[key].source}"
                )
            services[key] = svc
    if names_file is None:
        names_file = SHARED_NAMES if SHARED_NAMES.is_file() else False
    if names_file:
        assert isinstance(names_file, Path)
        missing = 0
        for name in names_file.read_text(encoding="utf-8").splitlines():
            name = name.strip()
            if name and name.lower() not in services:
                services[name.lower()] = Service(
                    name=name,
                    slug=service_slug(name),
                    description="",
                    curated=False,
                    source=names_file.name,
                )
                missing += 1
        if missing:
            log.info("catalogue: %d services have no description yet; using their names", missing)
    if not services:
        raise CatalogueError(f"catalogue: no service records found in {directory}")
    return list(services.values())


@dataclass(frozen=True, slots=True)
class CheckIssue:
    """A text of a service that sits closer to another service's name than to its own."""

    service: str
    text_kind: str  # "description" or "phrase"
    text: str
    own_similarity: float
    nearest: str
    nearest_similarity: float
    others: tuple[str, ...] = field(default=())


def check_catalogue(
    services: Sequence[Service], embedder: Embedder, *, phrases: bool = True
) -> list[CheckIssue]:
    """Report descriptions closer to another service's name than to their own, and phrases
    closer to another service (its name or description) than to their own service.

    A description is compared with the embedding of every service name; one whose own name is
    not the nearest is reported with the name it sits closest to. A phrase is compared with
    every service's name and description (the best of the two per service).
    """
    import numpy as np

    names = [s.name for s in services]
    name_vecs = embedder.encode(names)
    curated = [i for i, s in enumerate(services) if s.curated]
    desc_vecs = embedder.encode([services[i].description for i in curated])
    issues: list[CheckIssue] = []
    sims = desc_vecs @ name_vecs.T
    for row, i in enumerate(curated):
        own = float(sims[row, i])
        closer = [int(j) for j in np.argsort(-sims[row]) if j != i and sims[row, j] > own]
        if closer:
            issues.append(
                CheckIssue(
                    service=names[i],
                    text_kind="description",
                    text=services[i].description,
                    own_similarity=own,
                    nearest=names[closer[0]],
                    nearest_similarity=float(sims[row, closer[0]]),
                    others=tuple(names[k] for k in closer[1:4]),
                )
            )
    if not phrases:
        return issues
    items = [(i, p) for i, s in enumerate(services) for p in s.phrases]
    if not items:
        return issues
    vecs = embedder.encode([p for _, p in items])
    per_service = vecs @ name_vecs.T
    if curated:
        d = vecs @ desc_vecs.T
        per_service[:, curated] = np.maximum(per_service[:, curated], d)
    for row, (i, text) in enumerate(items):
        own = float(per_service[row, i])
        closer = [
            int(j)
            for j in np.argsort(-per_service[row])[:5]
            if j != i and per_service[row, j] > own
        ]
        if closer:
            issues.append(
                CheckIssue(
                    service=names[i],
                    text_kind="phrase",
                    text=text,
                    own_similarity=own,
                    nearest=names[closer[0]],
                    nearest_similarity=float(per_service[row, closer[0]]),
                    others=tuple(names[k] for k in closer[1:4]),
                )
            )
    return issues


def by_name(services: Iterable[Service]) -> dict[str, Service]:
    """Index services by lower-cased name and by slug."""
    out: dict[str, Service] = {}
    for s in services:
        out[s.name.lower()] = s
        out[s.slug] = s
    return out
