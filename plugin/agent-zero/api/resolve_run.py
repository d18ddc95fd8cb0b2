"""Festinger "Run resolution now" in Agent Zero v1.x: `POST /api/plugins/festinger/resolve_run`.

{} starts the resolution job in the background (the admin page then watches the queue
drain); {"wait": true} runs it and returns the run report. Behind Agent Zero's login and
CSRF token. Always HTTP 200 with {"ok": ..., "status": ...} (see conflicts.py).
"""
from helpers.api import ApiHandler, Request, Response


class FestingerResolveRun(ApiHandler):
    @classmethod
    def get_methods(cls) -> list[str]:
        return ["POST"]

    async def process(self, input: dict, request: Request) -> dict | Response:
        try:
            from festinger.service import get_service
            from festinger.web.routes_conflicts import handle_action

            service = get_service()
            wait = bool((input or {}).get("wait"))
            status, body = await service.io.wait(handle_action(
                service, {"action": "run", "wait": wait, "trigger": "agent-zero"}))
        except Exception as exc:
            status, body = 500, {"ok": False,
                                 "error": f"festinger: {type(exc).__name__}: {exc}"}
        return {**body, "status": status}
