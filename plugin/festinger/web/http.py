"""Framework-neutral request, response and routing types of Festinger's HTTP fronts.

Route modules are plain functions registered on a `Router` (`register(router)`); the server
(web/server.py, on aiohttp) turns its own request into a `Request`, matches a route and turns
what the handler returns into an HTTP answer. Keeping these types ours means a route module
never imports the framework, and a new module (e.g. a /history route) registers in one line.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, Awaitable, Callable, Optional
from urllib.parse import unquote

MAX_JSON_DEPTH = 64  # no request of ours nests deeper; a deep one is an attack, not data


class HttpError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def json_depth(value: Any) -> int:
    """Nesting depth of parsed JSON, iteratively (a recursive walk is what we guard against)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth)
            if depth > MAX_JSON_DEPTH:
                return depth
            stack.extend((x, depth + 1) for x in item if isinstance(x, (dict, list)))
    return deepest


def parse_json(body: bytes) -> Any:
    """JSON from a request body, or HttpError(400) with one line; never a 500."""
    if not body:
        raise HttpError(400, "expected a JSON body")
    try:
        data = json.loads(body.decode("utf-8"))
    except RecursionError:
        raise HttpError(400, f"the JSON is nested too deeply (at most {MAX_JSON_DEPTH} "
                             "levels)") from None
    except (UnicodeDecodeError, ValueError):
        raise HttpError(400, "the body is not valid JSON") from None
    if json_depth(data) > MAX_JSON_DEPTH:
        raise HttpError(400, f"the JSON is nested too deeply (at most {MAX_JSON_DEPTH} levels)")
    return data


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
        return parse_json(self.body)

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
    form: bool = False  # a state change that may come as an HTML form (the sign-in form)


class Router:
    def __init__(self) -> None:
        self.routes: list[Route] = []

    def add(self, method: str, pattern: str, handler: Handler, *, auth: bool = True,
            form: bool = False) -> None:
        if not pattern.startswith("/"):
            raise ValueError(f"route {pattern!r} must start with /")
        regex = re.compile("^" + re.sub(r"\{([a-z_]+)\}", r"(?P<\1>[^/]+)",
                                        re.escape(pattern).replace(r"\{", "{")
                                        .replace(r"\}", "}")) + "$")
        self.routes.append(Route(method.upper(), pattern, handler, auth, regex, form))

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
