"""Festinger admin actions in Agent Zero v1.x: `POST /api/plugins/festinger/conflicts`.

{"action": "status" | "list" | "get" | "dismiss" | "resolve" | "concept" | "runs", ...}: the
same actions as `festinger serve`'s /admin/action (festinger.web.routes_conflicts). Used by the
plugin's admin page (webui/main.html) through Agent Zero's callJsonApi, so it sits behind
Agent Zero's login and CSRF token like every other UI endpoint.

The answer is always HTTP 200 with {"ok": ..., "status": <the HTTP status festinger serve
would give>, ...}, so Agent Zero's client hands the error text to the page instead of
throwing it away.
"""
from helpers.api import ApiHandler, Request, Response


class FestingerConflicts(ApiHandler):
    @classmethod
    def get_methods(cls) -> list[str]:
        return ["POST"]

    async def process(self, input: dict, request: Request) -> dict | Response:
        try:
            from festinger.service import get_service
            from festinger.web.routes_conflicts import handle_action

            service = get_service()
            payload = dict(input or {})
            if payload.get("action") == "run":  # the job has its own handler
                payload["action"] = "status"
            status, body = await service.io.wait(handle_action(service, payload))
        except Exception as exc:
            status, body = 500, {"ok": False,
                                 "error": f"festinger: {type(exc).__name__}: {exc}"}
        return {**body, "status": status}
