"""The conflicts API (festinger-concept-graph.md T31-T32) and the action dispatcher shared by
`festinger serve`, the admin page and Agent Zero's plugin API.

    GET  /conflicts               pending (iknowthat first) and recently closed, with context;
                                  ?status=pending|resolved|dismissed|all &limit=
    GET  /conflicts/{id}          one item, with the concept's edges by dimension
    POST /conflicts/{id}/dismiss  {"reason": "..."}: force-dismiss (human override)
    POST /conflicts/{id}/resolve  {"decision": "update|decompose|reclassify|dismiss",
                                   "existing_dimension", "new_dimension", "dimension",
                                   "reasoning"}: force-resolve with a chosen decision
    POST /resolve/run             start the resolution job ({"wait": true} waits for it)
    GET  /resolve/runs            the last runs

`handle_action(service, {"action": ..., ...})` is the same set as one JSON call (the admin
page posts to /admin/action; Agent Zero's api/conflicts.py and api/resolve_run.py call it).
GET /conflicts answers `conflicts` (the requested status), `pending` and `recent`; with the
database unreachable, the pending entries this process's cache knows (`database: false`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..graph.models import ALL, CONFLICT_STATUSES, DEFAULT_LIST, MAX_LIST, PENDING
from .http import HttpError, Request, Router
# same_origin is also enforced by the server for every state change (web/security.py)
from .security import same_origin

if TYPE_CHECKING:
    from festinger.service import FestingerService

ACTIONS = ("status", "list", "get", "dismiss", "resolve", "concept", "run", "runs")


class ActionError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


def _res(service: FestingerService):
    if not service.config.graph_enabled:
        raise ActionError(503, "the concept graph is switched off (graph_enabled = false)")
    res = service.resolution
    res.start()
    return res


def _int(value: Any, what: str) -> int:
    try:
        n = int(value)
    except (TypeError, ValueError):
        raise ActionError(400, f"{what} must be a whole number") from None
    if n < 1:
        raise ActionError(400, f"{what} must be positive")
    return n


def _limit(value: Any, default: int = DEFAULT_LIST) -> int:
    n = _int(default if value in (None, "") else value, "limit")
    if n > MAX_LIST:
        raise ActionError(400, f"limit must be 1..{MAX_LIST}")
    return n


async def handle_action(service: FestingerService, payload: Any) -> tuple[int, Any]:
    """One admin/API action -> (HTTP status, JSON body). Never raises for bad input."""
    from ..graph.resolution import ItemGone, ResolutionError
    from ..graph.store import is_connection_error

    if not isinstance(payload, dict):
        return 400, {"ok": False, "error": "send a JSON object with an 'action'"}
    action = payload.get("action")
    if action not in ACTIONS:
        return 400, {"ok": False, "error": f"action must be one of {', '.join(ACTIONS)}"}
    try:
        res = _res(service)
        if action == "status":
            return 200, {"ok": True, **await res.status()}
        if action == "list":
            status = payload.get("status")
            if status is not None and status not in CONFLICT_STATUSES:
                raise ActionError(400, f"status must be one of {', '.join(CONFLICT_STATUSES)}")
            return 200, {"ok": True, **await res.conflicts(status, _limit(payload.get("limit")))}
        if action == "get":
            item = await res.conflict(_int(payload.get("id"), "id"))
            if item is None:
                raise ActionError(404, f"no conflict #{payload.get('id')}")
            return 200, {"ok": True, "conflict": item}
        if action in ("dismiss", "resolve"):
            entry_id = _int(payload.get("id"), "id")
            data = {k: v for k, v in payload.items() if k not in ("action", "id", "reason")}
            if action == "dismiss":
                data = {"decision": "dismiss", "reasoning": payload.get("reason") or ""}
            elif "decision" not in data:
                raise ActionError(400, "resolve needs a 'decision' (update, decompose, "
                                       "reclassify or dismiss)")
            elif payload.get("reason") and not data.get("reasoning"):
                data["reasoning"] = payload["reason"]
            out = await res.override(entry_id, data)
            return 200, {"ok": True, "outcome": out.as_dict()}
        if action == "concept":
            name = payload.get("name")
            if not isinstance(name, str) or not name.strip() or len(name) > 200:
                raise ActionError(400, "give a concept name")
            found = await res.concept(name)
            if found is None:
                raise ActionError(404, f"no concept {name.strip()[:60]!r}")
            return 200, {"ok": True, **found}
        if action == "run":
            if payload.get("wait"):
                report = await res.run_now(str(payload.get("trigger") or "api"))
                return 200, {"ok": report.status != "error", "run": report.as_dict()}
            started = res.run_in_background(str(payload.get("trigger") or "admin"))
            if not started:
                return 409, {"ok": False, "started": False,
                             "error": "a resolution run is already in progress"}
            return 202, {"ok": True, "started": True}
        if action == "runs":
            return 200, {"ok": True, "runs": await _runs(service, _limit(payload.get("limit"),
                                                                          20))}
    except ActionError as exc:
        return exc.status, {"ok": False, "error": exc.message}
    except ItemGone as exc:
        return 404, {"ok": False, "error": str(exc)}
    except ResolutionError as exc:
        return 422, {"ok": False, "error": str(exc)}
    except Exception as exc:
        from ..service import DatabaseUnavailable

        if isinstance(exc, DatabaseUnavailable) or is_connection_error(exc):
            return 503, {"ok": False, "error": f"the database is unavailable: {exc}"}
        raise
    return 400, {"ok": False, "error": "unknown action"}  # pragma: no cover


async def _runs(service: FestingerService, limit: int) -> list[dict]:
    db = await service.db(timeout=10)
    async with db.pool.acquire() as conn:
        rows = await conn.fetch("SELECT id, trigger, runner, started_at, finished_at, processed, "
                                "failed, note FROM resolution_runs "
                                "ORDER BY started_at DESC, id DESC LIMIT $1", limit)
    return [{k: (v.isoformat() if hasattr(v, "isoformat") else v) for k, v in dict(r).items()}
            for r in rows]


# ---------------------------------------------------------------------- REST routes
def _body(request: Request) -> dict:
    if not request.body:
        return {}
    data = request.json()
    if not isinstance(data, dict):
        raise HttpError(400, "expected a JSON object")
    return data


async def list_conflicts(service: FestingerService, request: Request):
    status = request.query.get("status")
    payload: dict[str, Any] = {"action": "list", "limit": request.query.get("limit")}
    if status:
        payload["status"] = status
    code, body = await handle_action(service, payload)
    if code == 503 and service.config.graph_enabled:
        # Postgres unreachable: the pending entries this process knows (its cache)
        graph = service.graph
        rows = await graph.conflicts(PENDING, _limit(payload["limit"]))
        return 200, {"ok": True, "conflicts": rows, "pending": rows, "recent": [],
                     "database": False}
    if code == 200:
        # `conflicts` = the requested status (pending by default)
        body["conflicts"] = (body["pending"] if status in (None, "", PENDING) else
                             body["recent"] if status != ALL else body["pending"] + body["recent"])
        body["database"] = True
    return code, body


async def get_conflict(service: FestingerService, request: Request):
    return await handle_action(service, {"action": "get", "id": request.params["id"]})


async def dismiss(service: FestingerService, request: Request):
    same_origin(request)
    body = _body(request)
    return await handle_action(service, {"action": "dismiss", "id": request.params["id"],
                                         "reason": body.get("reason")})


async def resolve(service: FestingerService, request: Request):
    same_origin(request)
    return await handle_action(service, {**_body(request), "action": "resolve",
                                         "id": request.params["id"]})


async def run(service: FestingerService, request: Request):
    same_origin(request)
    body = _body(request)
    return await handle_action(service, {"action": "run", "wait": bool(body.get("wait")),
                                         "trigger": "api" if body.get("wait") else "admin"})


async def runs(service: FestingerService, request: Request):
    return await handle_action(service, {"action": "runs", "limit": request.query.get("limit")})


def register(router: Router) -> None:
    router.add("GET", "/conflicts", list_conflicts)
    router.add("GET", "/conflicts/{id}", get_conflict)
    router.add("POST", "/conflicts/{id}/dismiss", dismiss)
    router.add("POST", "/conflicts/{id}/resolve", resolve)
    router.add("POST", "/resolve/run", run)
    router.add("GET", "/resolve/runs", runs)
