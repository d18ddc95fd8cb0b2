"""`festinger serve`: the admin page and JSON API on loopback, token-protected, on aiohttp.

aiohttp parses HTTP (request line, headers, bodies, keep-alive); this module adds the route
table, the token, the browser checks (web/security.py) and one-line JSON errors. The server
runs on the service's I/O loop (where the database lives): `await server.start()` there.

Routes come from modules listed in ROUTE_MODULES; each exposes `register(router)`:

    def register(router: Router) -> None:
        router.add("GET", "/conflicts", list_conflicts)
        router.add("POST", "/conflicts/{id}/dismiss", dismiss)      # request.params["id"]
        router.add("GET", "/health", health, auth=False)

A handler is `async def handler(service, request) -> Response | dict | list | (status, body)`;
a dict/list becomes JSON. Raise HttpError(status, message) for a one-line client error.
Another module's routes (e.g. `festinger.web.routes_history`) join by adding its name to
ROUTE_MODULES (or `build_router([...])`).

Authentication: every route but those added with auth=False needs the token, sent as
`Authorization: Bearer <token>`, `X-Festinger-Token: <token>` or the `festinger_token`
cookie. The token is FESTINGER_SERVE_TOKEN, else the content of FESTINGER_HOME/serve.token
(created on first use, mode 0600). Every request must name a loopback Host (DNS rebinding);
every state change must be same-origin and `Content-Type: application/json`.
"""

from __future__ import annotations

import importlib
import os
import secrets
import time
from pathlib import Path
from typing import TYPE_CHECKING, Optional

from aiohttp import web

from ..fsutil import atomic_write_text
from ..logs import log, report_exception
from . import security
from .http import (MAX_JSON_DEPTH, HttpError, Request, Response, Route, Router,  # noqa: F401
                   parse_json)

if TYPE_CHECKING:
    from festinger.service import FestingerService

ROUTE_MODULES: list[str] = [
    "festinger.web.routes_conflicts",  # conflicts API and the resolution job
    "festinger.web.routes_admin",
    "festinger.web.routes_graph",
    "festinger.web.routes_history",
]
TOKEN_ENV = "FESTINGER_SERVE_TOKEN"
TOKEN_FILE = "serve.token"
MAX_HEADER_BYTES = 16 * 1024
MAX_BODY_BYTES = 2 * 1024 * 1024  # a 1 MB prompt must reach its handler to be refused politely
READ_TIMEOUT_S = 30.0
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")
_COMMON_HEADERS = {"X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"}


def build_router(modules: Optional[list[str]] = None) -> Router:
    router = Router()
    for name in modules or ROUTE_MODULES:
        importlib.import_module(name).register(router)
    return router


def load_token(home: Path) -> str:
    """The API token: FESTINGER_SERVE_TOKEN, else FESTINGER_HOME/serve.token (made once)."""
    env = os.environ.get(TOKEN_ENV, "").strip()
    if env:
        return env
    path = Path(home) / TOKEN_FILE
    for _ in range(50):
        try:
            token = path.read_text(encoding="utf-8").strip()
            if token:
                return token
            # Empty: another process has just created it and is writing; read again.
            time.sleep(0.01)
            continue
        except FileNotFoundError:
            pass
        path.parent.mkdir(parents=True, exist_ok=True)
        token = secrets.token_urlsafe(32)
        # O_EXCL: two processes starting at once (`festinger serve` and Agent Zero's API)
        # must end with one token; the loser reads the winner's instead of overwriting it.
        try:
            fd = os.open(str(path), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            continue
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(token + "\n")
            fh.flush()
            os.fsync(fh.fileno())
        return token
    # Still empty: left so by a process that died between creating and writing it.
    token = secrets.token_urlsafe(32)
    atomic_write_text(path, token + "\n")  # mode 0600 (mkstemp)
    return token


def _database_unavailable(exc: BaseException) -> bool:
    from ..graph.store import is_connection_error

    try:
        return is_connection_error(exc)
    except Exception:
        return False


def _one_line(exc: BaseException, n: int = 300) -> str:
    return " ".join(str(exc).split())[:n]


_is_loopback = security.is_loopback


def to_aiohttp(response: Response) -> web.Response:
    headers = {"Content-Type": response.content_type, **_COMMON_HEADERS, **response.headers}
    return web.Response(status=response.status, body=response.body, headers=headers)


def error_response(status: int, message: str) -> Response:
    return Response.json({"ok": False, "error": message}, status)


async def read_request(req: web.Request, max_body: int = MAX_BODY_BYTES) -> Request:
    """Our Request from aiohttp's, the body read up to `max_body` (413 beyond it, judged
    from Content-Length before anything is read when the client sends one)."""
    headers = {k.lower(): v for k, v in req.headers.items()}
    query = {k: req.query.getall(k)[-1] for k in req.query.keys()}
    client = req.remote or ""
    request = Request(req.method.upper(), req.rel_url.raw_path or "/", query, headers, b"",
                      client)
    if req.content_length is not None and req.content_length > max_body:
        raise HttpError(413, f"body larger than {max_body} bytes")
    if req.can_read_body:
        try:
            request.body = await req.read()
        except web.HTTPRequestEntityTooLarge:
            raise HttpError(413, f"body larger than {max_body} bytes") from None
    return request


class HttpServer:
    def __init__(self, service: FestingerService, host: str = "127.0.0.1", port: int = 8765,
                 token: Optional[str] = None, router: Optional[Router] = None) -> None:
        if not security.is_loopback(host):
            raise ValueError(f"festinger serve binds to loopback only, not {host!r}")
        self.service = service
        self.host, self.port = host, port
        self.token = token if token is not None else load_token(service.home)
        self.router = router or build_router()
        self._runner: Optional[web.AppRunner] = None

    def make_app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_BODY_BYTES,
                              handler_args={"max_field_size": MAX_HEADER_BYTES,
                                            "max_line_size": MAX_HEADER_BYTES})
        app.router.add_route("*", "/{tail:.*}", self._entry)
        return app

    async def start(self) -> tuple[str, int]:
        runner = web.AppRunner(self.make_app(), access_log=None,
                               handler_cancellation=True)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port, reuse_address=True)
        await site.start()
        self._runner = runner
        self.port = runner.addresses[0][1]
        return self.host, self.port

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    # ------------------------------------------------------------------ per request
    async def _entry(self, req: web.Request) -> web.StreamResponse:
        try:
            if not security.is_loopback(req.remote or "127.0.0.1"):
                raise HttpError(403, "loopback clients only")
            request = await read_request(req)
            security.check_host(request, self.port)
        except HttpError as exc:
            return to_aiohttp(error_response(exc.status, exc.message))
        return to_aiohttp(await self._answer(request))

    def _authorised(self, request: Request) -> bool:
        return security.token_matches(security.sent_token(request), self.token)

    async def _answer(self, request: Request) -> Response:
        """The handler's response, or a one-line JSON error: a client never sees the
        connection simply close. 503 when the database is the problem (retry later), 500 for
        anything else (logged with its traceback)."""
        try:
            return await self._dispatch(request)
        except HttpError as exc:
            return error_response(exc.status, exc.message)
        except Exception as exc:
            if _database_unavailable(exc):
                return error_response(503, "the database is unavailable: " + _one_line(exc))
            report_exception(f"serve: {request.method} {request.path}", exc)
            return error_response(500, f"internal error: {type(exc).__name__}: "
                                       f"{_one_line(exc)}")

    async def _dispatch(self, request: Request) -> Response:
        route, params = self.router.match(request.method, request.path)
        if route.auth and not self._authorised(request):
            raise HttpError(401, "missing or wrong token (Authorization: Bearer <token>)")
        security.state_change_guard(request, form_ok=route.form)
        request.params = params
        out = await route.handler(self.service, request)
        if isinstance(out, Response):
            return out
        if isinstance(out, tuple) and len(out) == 2 and isinstance(out[0], int):
            return Response.json(out[1], out[0])
        return Response.json(out)


__all__ = ["HttpError", "HttpServer", "Request", "Response", "Route", "Router",
           "build_router", "load_token", "log", "TOKEN_ENV", "TOKEN_FILE"]
