"""`iknowthat`: the agent's and the operator's direct write path into the concept graph.

One pipeline behind three doors: the Agent Zero tool `iknowthat` (so the agent can answer a
zero-hit "store it before proceeding" line), the CLI `festinger iknowthat '...'` and
`POST /iknowthat {"fact": "..."}` (Agent Zero v1.x api handler, or `festinger serve`).

    gnommoweb -isa repo in context of type          (confidence 1.0, source gutask)
    gnommoweb -ispart Glitch University             (dimension defaults to membership)

A fact that collides with the world model is queued with priority (reviewed first by the
resolution job) and the graph is left unchanged. Every answer is one line.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional

from .cache import ALREADY_PENDING, REFUSED
from .factfile import FactError, parse_fact
from ..redact import redact_secrets
from .models import Triple

if TYPE_CHECKING:
    from festinger.service import FestingerService

LOAD_TIMEOUT_S = 60.0
WRITE_TIMEOUT_S = 15.0


@dataclass
class FactResult:
    ok: bool
    outcome: str  # stored, confirmed, conflict, already_pending, journaled, refused, invalid, ...
    message: str  # one line, for the agent or the operator
    fact: Optional[Triple] = None
    conflict_id: Optional[int] = None
    collision_type: Optional[str] = None

    @property
    def http_status(self) -> int:
        return {"stored": 200, "confirmed": 200, "conflict": 200, "already_pending": 200,
                "journaled": 202, "invalid": 400, "refused": 400,
                "unavailable": 503}.get(self.outcome, 500)

    def as_dict(self) -> dict:
        fact = None
        if self.fact is not None:
            t = self.fact
            fact = {"concept": t.concept, "parent": t.parent, "dimension": t.dimension,
                    "relation": "isa" if t.is_isa else "ispart", "confidence": t.confidence,
                    "source": t.source}
        return {"ok": self.ok, "outcome": self.outcome, "message": self.message, "fact": fact,
                "conflict_id": self.conflict_id, "collision_type": self.collision_type}


def _conflict_line(graph: Any, t: Triple, result: dict, queued_now: bool) -> str:
    tok = graph.cache.soas_by_id.get
    existing = tok(result.get("existing_parent_id") or -1) or "another parent"
    op = "-isa" if t.is_isa else "-ispart"
    what = (f"{t.concept} is already in {existing} in context of {t.dimension}; "
            f"'{t}' was queued")
    kind = result.get("collision_type") or "collision"
    cid = result.get("conflict_id")
    ref = f"#{cid}" if cid is not None and cid > 0 else "(id pending)"
    if queued_now:
        return (f"conflict {ref} ({kind}, reviewed first): {what} for the resolution job; "
                "the world model is unchanged until it decides")
    return (f"conflict {ref} ({kind}) is already queued: {t.concept} {op} {t.parent} waits for "
            "the resolution job")


async def iknowthat(service: FestingerService, fact: Any, *, load_timeout: float = LOAD_TIMEOUT_S,
                    write_timeout: float = WRITE_TIMEOUT_S) -> FactResult:
    """Parse, store and report one fact. Never raises for bad input."""
    try:
        triple = parse_fact(fact)
    except FactError as exc:
        return FactResult(False, "invalid", f"not stored: {exc}")
    if not service.config.graph_enabled:
        return FactResult(False, "unavailable", "not stored: the concept graph is switched off "
                          "(graph_enabled = false)", triple)
    graph = service.graph
    loop = asyncio.get_running_loop()
    if not await loop.run_in_executor(None, graph.wait_loaded, load_timeout):
        return FactResult(False, "unavailable", "not stored: the concept graph is still "
                          "loading; try again in a moment", triple)
    decision, fut = graph.submit_fact(triple)
    if decision.kind == REFUSED:
        return FactResult(False, "refused", f"not stored: {decision.reason}", triple)
    if fut is None:  # an identical collision is already queued: nothing to write
        info = {"conflict_id": decision.conflict.id if decision.conflict else None,
                "collision_type": decision.conflict.collision_type if decision.conflict else None,
                "existing_parent_id": decision.conflict.existing_parent_id
                if decision.conflict else None}
        return FactResult(True, ALREADY_PENDING, _conflict_line(graph, triple, info, False),
                          triple, info["conflict_id"], info["collision_type"])
    if graph.db_up:
        try:
            result = await asyncio.wait_for(asyncio.wrap_future(fut), write_timeout)
            if result.get("outcome") != "journaled":
                return _from_result(graph, triple, result)
        except asyncio.TimeoutError:
            pass
    if decision.journaled is not None:  # say "accepted" only once it is on disk (fsync)
        try:
            await asyncio.wrap_future(decision.journaled)
        except Exception as exc:
            return FactResult(False, "unavailable", _short(
                f"not stored: PostgreSQL has not confirmed '{triple}' and the journal could "
                f"not be written ({redact_secrets(str(exc))}); state it again later"), triple)
    # Nobody waits for Postgres's answer any more: if it later refuses the fact (a cycle
    # through edges stored meanwhile), the graph records that where refusals are kept.
    fut.cancel()
    reason = redact_secrets(graph.last_error or "not answering")
    return FactResult(True, "journaled",
                      f"accepted: '{triple}' is journaled and will be written when PostgreSQL "
                      f"is reachable again ({_short(reason)})", triple)


def _from_result(graph: Any, t: Triple, result: dict) -> FactResult:
    outcome = result.get("outcome")
    if outcome == "inserted":
        return FactResult(True, "stored", f"stored: {t}", t)
    if outcome == "duplicate" and result.get("conflict_id"):
        outcome = ALREADY_PENDING
    if outcome in ("confirmed", "duplicate"):
        return FactResult(True, "confirmed", f"already known, confirmed: {t}", t)
    if outcome in ("conflict", ALREADY_PENDING):
        queued_now = outcome == "conflict"
        return FactResult(True, "conflict" if queued_now else ALREADY_PENDING,
                          _conflict_line(graph, t, result, queued_now), t,
                          result.get("conflict_id"), result.get("collision_type"))
    if outcome == "refused":
        return FactResult(False, "refused", f"not stored: {result.get('reason')}", t)
    return FactResult(False, "error",
                      f"not stored: {_short(redact_secrets(str(result.get('reason'))))}", t)


def _short(text: str, limit: int = 160) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


async def handle_http(service: FestingerService, body: Any) -> tuple[int, dict]:
    """`POST /iknowthat` for any HTTP front end: (status, JSON body)."""
    if not isinstance(body, dict) or "fact" not in body:
        return 400, {"ok": False, "outcome": "invalid",
                     "message": 'not stored: send a JSON object {"fact": "X -isa Y in context '
                                'of Z"}'}
    result = await iknowthat(service, body.get("fact"))
    return result.http_status, result.as_dict()


async def run_on_service(service: FestingerService, fact: Any) -> FactResult:
    """From any event loop (an agent's, a web server's): run on the service's I/O loop."""
    return await service.io.wait(iknowthat(service, fact))
