"""The admin page of `festinger serve` (festinger-concept-graph.md T33): pending count, last
run, a "Run resolution now" button, the conflict list with override buttons and a concept
browser.

    GET  /admin                   the page (a static shell; its data comes from the JSON
                                  routes below, so it needs the token to show anything)
    GET  /admin?token=...         store the token in an HttpOnly, SameSite=Strict cookie and
    POST /admin/login             redirect to /admin (the form on the page posts here); the
                                  server checks the cookie on every API call, so a wrong
                                  token only brings the sign-in form back
                                  (`?token=` only when typed or from our own pages: a link
                                  on another site must not sign the browser in)
    GET  /admin/static/{name}     admin.js, admin.css
    GET  /admin/status            the summary the page polls
    GET  /admin/concept?name=X    a concept's edges by dimension and its pending conflicts
    POST /admin/action            {"action": ...}: every admin action (routes_conflicts)

The same page runs inside Agent Zero v1.x as the plugin's web UI (plugin/agent-zero/webui),
where its actions go through the plugin's API handlers instead.
"""

from __future__ import annotations

import re
from importlib import resources
from typing import TYPE_CHECKING
from urllib.parse import parse_qs

from .http import HttpError, Request, Response, Router
from .routes_conflicts import handle_action
from .security import navigation_allowed, same_origin

if TYPE_CHECKING:
    from festinger.service import FestingerService

COOKIE = "festinger_token"
STATIC = {"admin.html": "text/html; charset=utf-8",
          "admin.js": "text/javascript; charset=utf-8",
          "admin.css": "text/css; charset=utf-8"}
_TOKEN_RE = re.compile(r"[A-Za-z0-9._~+/=-]{8,200}")  # nothing that could break the cookie
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'")


def static_bytes(name: str) -> bytes:
    if name not in STATIC:
        raise HttpError(404, f"no such file: {name}")
    return resources.files("festinger.web").joinpath("static", name).read_bytes()


def _page_headers() -> dict[str, str]:
    return {"Content-Security-Policy": CSP, "X-Frame-Options": "DENY",
            "Referrer-Policy": "same-origin"}


def _sign_in(sent: str) -> Response:
    if not _TOKEN_RE.fullmatch(sent):
        raise HttpError(400, "that is not a token")
    return Response(303, b"", "text/plain; charset=utf-8", {
        "Location": "/admin",
        "Set-Cookie": f"{COOKIE}={sent}; Path=/; HttpOnly; SameSite=Strict",
        **_page_headers()})


async def admin_page(service: FestingerService, request: Request):
    sent = request.query.get("token")
    if sent is not None:
        # Another site linking here with a token of its choosing would sign the browser in
        # as that token (login CSRF); only a typed URL or our own page may set the cookie.
        if not navigation_allowed(request):
            raise HttpError(403, "sign-in links only work from this server's own pages or "
                                 "the address bar")
        return _sign_in(sent.strip())
    return Response(200, static_bytes("admin.html"), STATIC["admin.html"], _page_headers())


async def login(service: FestingerService, request: Request):
    same_origin(request)
    ctype = request.headers.get("content-type", "")
    if "json" in ctype:
        data = request.json()
        sent = data.get("token") if isinstance(data, dict) else None
    else:
        sent = (parse_qs(request.body.decode("utf-8", "replace")).get("token") or [""])[-1]
    if not isinstance(sent, str):
        raise HttpError(400, "send the token")
    return _sign_in(sent.strip())


async def static_file(service: FestingerService, request: Request):
    name = request.params["name"]
    return Response(200, static_bytes(name), STATIC.get(name, "text/plain"),
                    {"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"})


async def status(service: FestingerService, request: Request):
    return await handle_action(service, {"action": "status"})


async def concept(service: FestingerService, request: Request):
    return await handle_action(service, {"action": "concept",
                                         "name": request.query.get("name", "")})


async def action(service: FestingerService, request: Request):
    same_origin(request)
    return await handle_action(service, request.json())


def register(router: Router) -> None:
    router.add("GET", "/admin", admin_page, auth=False)
    router.add("POST", "/admin/login", login, auth=False, form=True)
    router.add("GET", "/admin/static/{name}", static_file, auth=False)
    router.add("GET", "/admin/status", status)
    router.add("GET", "/admin/concept", concept)
    router.add("POST", "/admin/action", action)
