"""`festinger serve`: a small HTTP/1.1 server on loopback, token-protected, with a route table.

No web framework: Agent Zero's venv does not guarantee one, and the API is a handful of JSON
routes. The server runs on the service's I/O loop (where the database lives), reads one
request per connection (`Connection: close`), and hands it to the handler its route names.

Routes come from modules listed in ROUTE_MODULES; each exposes `register(router)`:

    def register(router: Router) -> None:
        router.add("GET", "/conflicts", list_conflicts)
        router.add("POST", "/conflicts/{id}/dismiss", dismiss)      # request.params["id"]
        router.add("GET", "/health", health, auth=False)

A handler is `async def handler(service, request) -> Response | dict | list | (status, body)`;
a dict/list becomes JSON. Raise HttpError(status, message) for a one-line client error.

Authentication: every route but those added with auth=False needs the token, sent as
`Authorization: Bearer <token>`, `X-Festinger-Token: <token>` or the `festinger_token`
cookie. The token is FESTINGER_SERVE_TOKEN, else the content of FESTINGER_HOME/serve.token
(created on first use, mode 0600).
"""

from __future__ import annotations

import asyncio
import hmac
import importlib
import ipaddress
import json
import os
import re
import secrets
import time
from dataclasses import dataclass, field
from datetime import date, datetime
from http import HTTPStatus
from pathlib import Path
from typing import Any, Awaitable, Callable, Optional
from urllib.parse import parse_qs, unquote, urlsplit

from ..fsutil import atomic_write_text
from ..logs import log, report_exception

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


class HttpError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class Request:
    method: str
    path: str
    query: dict[str, str]
    headers: dict[str, str]  # lower-case names
    body: bytes
    client: str = ""
    params: dict[str, str] = field(default_factory=dict)

    def json(self) -> Any:
        if not self.body:
            raise HttpError(400, "expected a JSON body")
        try:
            return json.loads(self.body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise HttpError(400, "the body is not valid JSON") from None

    def cookie(self, name: str) -> Optional[str]:
        for part in self.headers.get("cookie", "").split(";"):
            k, _, v = part.strip().partition("=")
            if k == name:
                return v
        return None


@dataclass
class Response:
    status: int = 200
    body: bytes = b""
    content_type: str = "application/json; charset=utf-8"
    headers: dict[str, str] = field(default_factory=dict)

    @staticmethod
    def json(data: Any, status: int = 200) -> "Response":
        return Response(status, json.dumps(data, default=_json_default, ensure_ascii=False)
                        .encode("utf-8"))

    @staticmethod
    def text(text: str, status: int = 200) -> "Response":
        return Response(status, text.encode("utf-8"), "text/plain; charset=utf-8")

    @staticmethod
    def html(text: str, status: int = 200) -> "Response":
        return Response(status, text.encode("utf-8"), "text/html; charset=utf-8")


def _json_default(value: Any) -> Any:
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    return str(value)


Handler = Callable[[Any, Request], Awaitable[Any]]


@dataclass
class Route:
    method: str
    pattern: str
    handler: Handler
    auth: bool
    regex: re.Pattern


class Router:
    def __init__(self) -> None:
        self.routes: list[Route] = []

    def add(self, method: str, pattern: str, handler: Handler, *, auth: bool = True) -> None:
        if not pattern.startswith("/"):
            raise ValueError(f"route {pattern!r} must start with /")
        regex = re.compile("^" + re.sub(r"\{([a-z_]+)\}", r"(?P<\1>[^/]+)",
                                        re.escape(pattern).replace(r"\{", "{")
                                        .replace(r"\}", "}")) + "$")
        self.routes.append(Route(method.upper(), pattern, handler, auth, regex))

    def match(self, method: str, path: str) -> tuple[Route, dict[str, str]]:
        allowed = []
        for route in self.routes:
            m = route.regex.match(path)
            if m is None:
                continue
            if route.method == method or (method == "HEAD" and route.method == "GET"):
                return route, {k: unquote(v) for k, v in m.groupdict().items()}
            allowed.append(route.method)
        if allowed:
            raise HttpError(405, f"{method} is not allowed here (use {', '.join(allowed)})")
        raise HttpError(404, f"no such endpoint: {path}")


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


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


class HttpServer:
    def __init__(self, service: Any, host: str = "127.0.0.1", port: int = 8765,
                 token: Optional[str] = None, router: Optional[Router] = None) -> None:
        if not _is_loopback(host):
            raise ValueError(f"festinger serve binds to loopback only, not {host!r}")
        self.service = service
        self.host, self.port = host, port
        self.token = token if token is not None else load_token(service.home)
        self.router = router or build_router()
        self._server: Optional[asyncio.AbstractServer] = None

    async def start(self) -> tuple[str, int]:
        self._server = await asyncio.start_server(self._handle, self.host, self.port,
                                                  limit=MAX_HEADER_BYTES)
        sock = self._server.sockets[0].getsockname()
        self.port = sock[1]
        return self.host, self.port

    async def stop(self) -> None:
        server, self._server = self._server, None
        if server is not None:
            server.close()
            await server.wait_closed()

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    # ------------------------------------------------------------------ per connection
    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        client = peer[0] if isinstance(peer, tuple) and peer else ""
        try:
            try:
                request = await asyncio.wait_for(self._read(reader, client), READ_TIMEOUT_S)
            except HttpError as exc:
                response = Response.json({"ok": False, "error": exc.message}, exc.status)
            except asyncio.TimeoutError:
                response = Response.json({"ok": False, "error": "request timed out"}, 408)
            else:
                response = await self._answer(request)
            await self._write(writer, response)
        except (ConnectionError, asyncio.IncompleteReadError):
            pass
        except Exception as exc:  # never let one request take the server down
            log.error("serve: %s: %s", type(exc).__name__, exc)
        finally:
            try:
                writer.close()
            except Exception:
                pass

    async def _read(self, reader: asyncio.StreamReader, client: str) -> Request:
        if client and not _is_loopback(client):
            raise HttpError(403, "loopback clients only")
        try:
            head = await reader.readuntil(b"\r\n\r\n")
        except asyncio.LimitOverrunError:
            raise HttpError(431, "request headers too large") from None
        except asyncio.IncompleteReadError as exc:
            if not exc.partial:
                raise
            raise HttpError(400, "incomplete request") from None
        lines = head.decode("latin-1").split("\r\n")
        parts = lines[0].split(" ")
        if len(parts) != 3 or not parts[2].startswith("HTTP/1."):
            raise HttpError(400, "malformed request line")
        method, target = parts[0].upper(), parts[1]
        headers: dict[str, str] = {}
        for line in lines[1:]:
            if not line:
                continue
            name, sep, value = line.partition(":")
            if not sep:
                raise HttpError(400, "malformed header")
            headers[name.strip().lower()] = value.strip()
        if "chunked" in headers.get("transfer-encoding", "").lower():
            raise HttpError(411, "send a Content-Length (chunked bodies are not accepted)")
        try:
            length = int(headers.get("content-length", "0") or 0)
        except ValueError:
            raise HttpError(400, "invalid Content-Length") from None
        if length < 0:
            raise HttpError(400, "invalid Content-Length")
        if length > MAX_BODY_BYTES:
            raise HttpError(413, f"body larger than {MAX_BODY_BYTES} bytes")
        body = await reader.readexactly(length) if length else b""
        url = urlsplit(target)
        query = {k: v[-1] for k, v in parse_qs(url.query, keep_blank_values=True).items()}
        return Request(method, url.path or "/", query, headers, body, client)

    def _authorised(self, request: Request) -> bool:
        sent = None
        auth = request.headers.get("authorization", "")
        if auth.lower().startswith("bearer "):
            sent = auth[7:].strip()
        sent = sent or request.headers.get("x-festinger-token") or request.cookie(
            "festinger_token")
        return bool(sent) and hmac.compare_digest(sent.encode(), self.token.encode())

    async def _answer(self, request: Request) -> Response:
        """The handler's response, or a one-line JSON error: a client never sees the
        connection simply close. 503 when the database is the problem (retry later), 500 for
        anything else (logged with its traceback)."""
        try:
            return await self._dispatch(request)
        except HttpError as exc:
            return Response.json({"ok": False, "error": exc.message}, exc.status)
        except Exception as exc:
            if _database_unavailable(exc):
                return Response.json({"ok": False, "error": "the database is unavailable: "
                                      + _one_line(exc)}, 503)
            report_exception(f"serve: {request.method} {request.path}", exc)
            return Response.json({"ok": False, "error": "internal error: "
                                  f"{type(exc).__name__}: {_one_line(exc)}"}, 500)

    async def _dispatch(self, request: Request) -> Response:
        route, params = self.router.match(request.method, request.path)
        if route.auth and not self._authorised(request):
            raise HttpError(401, "missing or wrong token (Authorization: Bearer <token>)")
        request.params = params
        out = await route.handler(self.service, request)
        if isinstance(out, Response):
            return out
        if isinstance(out, tuple) and len(out) == 2 and isinstance(out[0], int):
            return Response.json(out[1], out[0])
        return Response.json(out)

    async def _write(self, writer: asyncio.StreamWriter, response: Response) -> None:
        try:
            reason = HTTPStatus(response.status).phrase
        except ValueError:
            reason = ""
        head = [f"HTTP/1.1 {response.status} {reason}",
                f"Content-Type: {response.content_type}",
                f"Content-Length: {len(response.body)}",
                "Connection: close",
                "X-Content-Type-Options: nosniff",
                "Cache-Control: no-store"]
        head += [f"{k}: {v}" for k, v in response.headers.items()]
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + response.body)
        await writer.drain()
