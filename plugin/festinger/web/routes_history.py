"""GET /history?q=python+version[&k=5][&memory_dir=PATH][&embed=0]: what did we previously
believe about X? The supersedes chains with dates, as ``festinger history --json`` prints them.

The work is :func:`festinger.memory.history.folder_history` (plain inputs, a dict out); this
module only maps the query string to it and errors to status codes, so it moves with the web
layer unchanged.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Mapping, Optional

if TYPE_CHECKING:
    from festinger.service import FestingerService


def parse_history_query(query: Mapping[str, str]) -> tuple[str, int, Optional[str], bool]:
    """(query, k, memory_dir, embed) from a query string; ValueError with a clear message."""
    text = (query.get("q") or query.get("query") or "").strip()
    if not text:
        raise ValueError("give the belief to look up: ?q=python+version")
    raw_k = query.get("k", "5")
    try:
        k = int(raw_k)
    except ValueError:
        raise ValueError(f"k must be a whole number, not {raw_k!r}") from None
    embed = query.get("embed", "1").lower() not in ("0", "false", "no")
    return text, k, query.get("memory_dir") or None, embed


def history_route(query: Mapping[str, str]) -> tuple[int, dict[str, Any]]:
    """(status, body) for the query string (blocking: run it off the event loop)."""
    from ..memory.folder_store import FolderError
    from ..memory.history import folder_history

    try:
        text, k, memory_dir, embed = parse_history_query(query)
        return 200, folder_history(text, k=k, memory_dir=memory_dir, embed=embed)
    except ValueError as exc:
        return 400, {"error": str(exc)}
    except FolderError as exc:
        return 404, {"error": str(exc)}


async def history(service: FestingerService, request: Any) -> tuple[int, dict[str, Any]]:
    return await asyncio.to_thread(history_route, dict(request.query))


def register(router: Any) -> None:
    router.add("GET", "/history", history)
