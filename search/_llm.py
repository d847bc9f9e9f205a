"""An optional LLM behind an OpenAI-compatible endpoint (``/v1/chat/completions``), via httpx.

It may rephrase an answer or suggest a class for a request the deterministic classifier finds
unclear. It never supplies facts: the reviewer rejects any rephrasing that carries a number the
evidence lacks, and a failing or slow endpoint just leaves the deterministic answer in place.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import httpx

__all__ = ["LLMClient"]

log = logging.getLogger(__name__)

LABELS = ("live_search", "node_lookup", "datasheet", "outside_scope")


class LLMClient:
    """A small chat-completions client; every method returns ``None`` on any failure."""

    def __init__(
        self, url: str, model: str = "local", api_key: str | None = None, *, timeout_s: float = 8.0
    ) -> None:
        self.url = url.rstrip("/")
        self.model = model
        self._headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._timeout = timeout_s

    def __repr__(self) -> str:  # the key never appears
        return f"LLMClient(url={self.url!r}, model={self.model!r})"

    async def _chat(self, system: str, user: str) -> str | None:
        endpoint = (
            self.url if self.url.endswith("/chat/completions") else f"{self.url}/chat/completions"
        )
        body: dict[str, Any] = {
            "model": self.model,
            "temperature": 0,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
        }
        try:
            async with httpx.AsyncClient(timeout=self._timeout) as client:
                resp = await client.post(endpoint, json=body, headers=self._headers)
                resp.raise_for_status()
                data = resp.json()
            return str(data["choices"][0]["message"]["content"]).strip()
        except (httpx.HTTPError, KeyError, IndexError, TypeError, ValueError) as exc:
            log.warning("llm %s failed: %s", endpoint, exc)
            return None

    async def phrase(self, request: str, draft: str, evidence: list[dict[str, Any]]) -> str | None:
        """A friendlier wording of ``draft``: every citation marker kept, no number added."""
        system = (
            "You rewrite search answers for end users. Keep every [cN] citation marker right after "
            "the number it supports. Use only numbers that appear in the draft. Add no facts."
        )
        user = json.dumps({"request": request, "draft": draft, "evidence": evidence[:40]})
        return await self._chat(system, user)

    async def classify(self, request: str) -> str | None:
        """One of ``LABELS`` or ``None``."""
        system = (
            "Classify the user's request. Answer with one word: live_search (looking for a place "
            "or service nearby), node_lookup (asks about a specific node id), datasheet (a "
            "question about an electronic component), outside_scope (anything else)."
        )
        out = await self._chat(system, request)
        if out is None:
            return None
        word = out.strip().split()[0].strip(".,:;\"'").lower() if out.strip() else ""
        return word if word in LABELS else None
