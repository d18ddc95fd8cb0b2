"""Festinger `POST /api/plugins/festinger/iknowthat` {"fact": "X -isa Y in context of Z"}.

Behind Agent Zero's API key (the `X-API-KEY` header or an `api_key` field, i.e. the
mcp_server_token of Agent Zero's settings), like Agent Zero's own external `api_message`
endpoint, so a command-line client (gutask) can call it without a browser session.
"""
import json

from helpers.api import ApiHandler, Request, Response


class FestingerIKnowThat(ApiHandler):
    @classmethod
    def requires_auth(cls) -> bool:
        return False  # no browser session: the API key below protects it

    @classmethod
    def requires_csrf(cls) -> bool:
        return False

    @classmethod
    def requires_api_key(cls) -> bool:
        return True

    @classmethod
    def get_methods(cls) -> list[str]:
        return ["POST"]

    async def process(self, input: dict, request: Request) -> dict | Response:
        try:
            from festinger.graph.iknowthat import handle_http
            from festinger.service import get_service

            service = get_service()
            body = {k: v for k, v in (input or {}).items() if k != "api_key"}
            status, payload = await service.io.wait(handle_http(service, body))
        except Exception as exc:
            status, payload = 500, {"ok": False, "outcome": "error",
                                    "message": f"iknowthat failed: {type(exc).__name__}: {exc}"}
        return Response(response=json.dumps(payload, default=str), status=status,
                        mimetype="application/json")
