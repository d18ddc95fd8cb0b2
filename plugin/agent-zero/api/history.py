"""Festinger `POST /api/plugins/festinger/history` {"q": "python version", "k": 5} (Agent Zero v1.x).

"What did we previously believe about X?" over Agent Zero's own web API: the same answer as
`festinger serve`'s `GET /history` (festinger.web.routes_history) for this Agent Zero's
`usr/memory/default` (or "memory_dir"). Behind Agent Zero's login and CSRF token like every UI
endpoint. The answer is always HTTP 200 with {"status": <what festinger serve would give>, ...}.
"""
import asyncio
import json

from helpers.api import ApiHandler, Request, Response


class FestingerHistory(ApiHandler):
    @classmethod
    def get_methods(cls) -> list[str]:
        return ["POST"]

    async def process(self, input: dict, request: Request) -> dict | Response:
        try:
            from festinger.web.routes_history import history_route

            query = {k: str(v) for k, v in (input or {}).items() if v is not None}
            status, body = await asyncio.to_thread(history_route, query)
        except Exception as exc:
            status, body = 500, {"error": f"history failed: {type(exc).__name__}: {exc}"}
        return Response(response=json.dumps({"status": status, **body}, default=str), status=200,
                        mimetype="application/json")
