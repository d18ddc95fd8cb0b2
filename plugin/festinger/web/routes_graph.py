"""Concept graph routes of `festinger serve` (festinger-concept-graph.md T21).

    GET  /health                  liveness and the graph's state (no token needed)
    POST /iknowthat               {"fact": "X -isa Y in context of Z"}
    POST /recollect               {"prompt": "..."}: processed like an intercepted prompt
    GET  /graph/stats             cache, journal and database state
    GET  /graph/write-queue       ?status=pending|done|failed|all &limit=100
    POST /reload                  re-read the graph from Postgres (after the resolution job)

GET /conflicts (the T31 listing) is routes_conflicts.py's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..graph.iknowthat import handle_http
from ..graph.models import ALL, DEFAULT_LIST, MAX_LIST, WRITE_STATUSES
from ..graph.service import MAX_PROMPT_CHARS
from .http import HttpError, Request, Router

if TYPE_CHECKING:
    from festinger.service import FestingerService


def _graph(service: FestingerService):
    graph = service.graph
    graph.start()
    return graph


def _limit(request: Request, default: int = DEFAULT_LIST) -> int:
    raw = request.query.get("limit", str(default))
    try:
        n = int(raw)
    except ValueError:
        raise HttpError(400, f"limit must be a whole number, not {raw[:20]!r}") from None
    if not 1 <= n <= MAX_LIST:
        raise HttpError(400, f"limit must be 1..{MAX_LIST}")
    return n


def _status(request: Request, allowed: tuple[str, ...], default: str) -> Any:
    status = request.query.get("status", default)
    if status not in allowed:
        raise HttpError(400, f"status must be one of {', '.join(allowed)}")
    return None if status == ALL else status


async def health(service: FestingerService, request: Request) -> dict:
    graph = service.graph if service.config.graph_enabled else None
    return {"ok": True, "graph": None if graph is None else
            {"state": graph.stats()["state"], "database": graph.db_up, "source": graph.source}}


async def iknowthat(service: FestingerService, request: Request):
    return await handle_http(service, request.json())


async def recollect(service: FestingerService, request: Request) -> dict:
    body = request.json()
    prompt = body.get("prompt") if isinstance(body, dict) else None
    if not isinstance(prompt, str):
        raise HttpError(400, 'send a JSON object {"prompt": "..."}')
    if len(prompt) > MAX_PROMPT_CHARS:
        raise HttpError(413, f"the prompt is {len(prompt)} characters long (at most "
                             f"{MAX_PROMPT_CHARS}); nothing was processed")
    graph = _graph(service)
    if not graph.loaded:
        raise HttpError(503, "the concept graph is still loading; try again in a moment")
    r = graph.process_prompt(prompt)
    return {"block": r.block, "tokens": r.tokens, "new_tokens": r.new_tokens,
            "facts": [{"fact": str(d.triple), "decision": d.kind, "reason": d.reason or None}
                      for d in r.decisions],
            "write_candidates": r.write_candidates}


async def stats(service: FestingerService, request: Request) -> dict:
    return _graph(service).stats()


async def write_queue(service: FestingerService, request: Request) -> dict:
    graph = _graph(service)
    if not graph.db_up:
        raise HttpError(503, "the database is unreachable; the write queue lives there")
    rows = await graph.write_queue(_status(request, WRITE_STATUSES, "pending"), _limit(request))
    return {"write_queue": rows}


async def reload(service: FestingerService, request: Request) -> dict:
    graph = _graph(service)
    if not graph.db_up:
        raise HttpError(503, "the database is unreachable; nothing to reload from")
    return await graph.reload()


def register(router: Router) -> None:
    router.add("GET", "/health", health, auth=False)
    router.add("POST", "/iknowthat", iknowthat)
    router.add("POST", "/recollect", recollect)
    router.add("GET", "/graph/stats", stats)
    router.add("GET", "/graph/write-queue", write_queue)
    router.add("POST", "/reload", reload)
