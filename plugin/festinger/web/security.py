"""Browser-facing checks shared by every Festinger HTTP front (admin API and proxy).

The threat: a page in the user's browser on another site, or on another local port (same
site, so a SameSite cookie alone does not stop it), or a DNS name rebound to 127.0.0.1.

- `host_allowed`: the Host header must name a loopback address (or `localhost`) and the port
  we listen on; a rebound DNS name (evil.example -> 127.0.0.1) carries its own name and is
  refused, so a rebinding page cannot even read /health.
- `same_origin`: a state change must come from our own origin (Sec-Fetch-Site, else Origin).
- `require_json`: a state change must say `Content-Type: application/json`; an HTML form or a
  no-cors fetch cannot send that type without a CORS preflight, which we never answer.
- `navigation_allowed`: the sign-in link (`GET /admin?token=`) only sets the cookie when the
  user typed or followed it on our own origin, not when another site navigates there.
"""

from __future__ import annotations

import hmac
import ipaddress
from typing import Optional
from urllib.parse import urlsplit

from .http import HttpError, Request

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
_BROWSER_SAME = ("same-origin", "none")  # Sec-Fetch-Site values for our own pages / typed URL


def is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]").split("%", 1)[0]).is_loopback
    except ValueError:
        return False


def split_host(value: str) -> tuple[str, Optional[int]]:
    """`[::1]:8765` -> ("::1", 8765); `localhost` -> ("localhost", None); junk -> ("", None)."""
    value = value.strip()
    try:
        parts = urlsplit("//" + value)
        return (parts.hostname or ""), parts.port
    except ValueError:
        return "", None


def host_allowed(header: Optional[str], port: int, extra_hosts: tuple[str, ...] = ()) -> bool:
    if not header:
        return False
    host, sent_port = split_host(header)
    if not host:
        return False
    if sent_port is not None and sent_port != port:
        return False
    return is_loopback(host) or host.lower() in extra_hosts


def check_host(request: Request, port: int, extra_hosts: tuple[str, ...] = ()) -> None:
    if not host_allowed(request.headers.get("host"), port, extra_hosts):
        raise HttpError(421, "the Host header must name this server's loopback address "
                             "(127.0.0.1, ::1 or localhost) and port")


def _origin_of(url: str) -> str:
    try:
        parts = urlsplit(url)
    except ValueError:
        return "?"
    return parts.netloc.lower()


def same_origin(request: Request) -> None:
    """Refuse state changes a browser sends on behalf of another site (cookie auth)."""
    site = request.headers.get("sec-fetch-site")
    if site is not None:  # modern browsers: the browser's own word on where it came from
        if site not in ("same-origin", "none"):
            raise HttpError(403, "cross-site request refused")
        return
    origin = request.headers.get("origin")
    host = (request.headers.get("host") or "").lower()
    if origin is not None and (origin == "null" or _origin_of(origin) != host):
        raise HttpError(403, "cross-origin request refused")


def navigation_allowed(request: Request) -> bool:
    """May this GET set our cookie? Only a typed/bookmarked URL or a link on our own pages."""
    site = request.headers.get("sec-fetch-site")
    if site is not None:
        return site in _BROWSER_SAME
    host = (request.headers.get("host") or "").lower()
    for name in ("origin", "referer"):
        sent = request.headers.get(name)
        if sent is not None and (sent == "null" or _origin_of(sent) != host):
            return False
    return True


def require_json(request: Request, form_ok: bool = False) -> None:
    ctype = request.headers.get("content-type", "").split(";", 1)[0].strip().lower()
    if ctype == "application/json":
        return
    if form_ok and ctype == "application/x-www-form-urlencoded":
        return
    raise HttpError(415, "send the request with Content-Type: application/json")


def state_change_guard(request: Request, form_ok: bool = False) -> None:
    """Every request that can change state: same origin and a JSON (or sign-in form) body."""
    if request.method in SAFE_METHODS:
        return
    same_origin(request)
    require_json(request, form_ok)


def token_matches(sent: Optional[str], token: str) -> bool:
    return bool(sent) and bool(token) and hmac.compare_digest(sent.encode(), token.encode())


def sent_token(request: Request, cookie: Optional[str] = "festinger_token") -> Optional[str]:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return request.headers.get("x-festinger-token") or (request.cookie(cookie) if cookie
                                                        else None)
