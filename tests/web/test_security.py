"""Web security of `festinger serve` (no database): a page on another site or local port, a
rebound DNS name, a sign-in link planted by another site, and hostile JSON. Real HTTP over
loopback with httpx; the handlers record whether they ran, so a refusal means nothing
changed."""

from __future__ import annotations

import socket
from pathlib import Path

import httpx
import pytest

from festinger.web.server import HttpServer, Router, build_router

TOKEN = "security-test-token-0123"


class Svc:
    def __init__(self, home: Path) -> None:
        self.home = home


@pytest.fixture
def site(tmp_path):
    ran: list[str] = []

    async def change(service, request):
        data = request.json()
        ran.append(request.path)
        return {"ok": True, "got": data}

    async def read(service, request):
        return {"ok": True}

    router = build_router(["festinger.web.routes_admin"])
    router.add("POST", "/change", change)
    router.add("GET", "/read", read, auth=False)
    import asyncio
    import threading

    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    srv = HttpServer(Svc(tmp_path), "127.0.0.1", 0, token=TOKEN, router=router)
    asyncio.run_coroutine_threadsafe(srv.start(), loop).result(10)
    yield srv, ran
    asyncio.run_coroutine_threadsafe(srv.stop(), loop).result(10)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(5)


def _client(srv, **headers) -> httpx.Client:
    return httpx.Client(base_url=srv.url, timeout=10,
                        headers={"Authorization": f"Bearer {TOKEN}", **headers})


def test_every_state_change_must_be_same_origin_json(site):
    srv, ran = site
    with _client(srv) as c:
        assert c.post("/change", json={"a": 1}).json()["got"] == {"a": 1}
        # another local port is "same-site", still not same-origin
        for hdrs in ({"Sec-Fetch-Site": "same-site"}, {"Sec-Fetch-Site": "cross-site"},
                     {"Origin": "http://127.0.0.1:9999"}, {"Origin": "null"}):
            r = c.post("/change", json={"a": 2}, headers=hdrs)
            assert r.status_code == 403, hdrs
        # what an HTML form or a no-cors fetch can send
        assert c.post("/change", data={"a": "3"}).status_code == 415
        assert c.post("/change", content=b'{"a": 4}',
                      headers={"Content-Type": "text/plain"}).status_code == 415
        assert c.post("/change").status_code == 415
        ok = c.post("/change", json={"a": 5}, headers={"Origin": srv.url,
                                                         "Sec-Fetch-Site": "same-origin"})
        assert ok.status_code == 200
    assert ran == ["/change", "/change"]


def test_every_post_route_of_serve_is_guarded():
    """No route can opt out of the guard: the server applies it before any handler."""
    posts = [r for r in build_router().routes if r.method == "POST"]
    assert {r.pattern for r in posts} >= {"/iknowthat", "/recollect", "/reload",
                                           "/resolve/run", "/admin/action"}
    assert [r.pattern for r in posts if r.form] == ["/admin/login"]


def test_a_rebound_dns_name_is_refused(site):
    srv, _ = site
    with _client(srv) as c:
        assert c.get("/read").status_code == 200
        assert c.get("/read", headers={"Host": f"localhost:{srv.port}"}).status_code == 200
        for host in (f"evil.example:{srv.port}", "evil.example", f"127.0.0.1:{srv.port + 1}",
                     f"10.0.0.1:{srv.port}", "", "[::1"):
            r = c.get("/read", headers={"Host": host})
            assert r.status_code in (400, 421), host
    # no Host header at all (HTTP/1.0)
    with socket.create_connection(("127.0.0.1", srv.port), timeout=10) as sock:
        sock.sendall(b"GET /read HTTP/1.0\r\n\r\n")
        reply = sock.recv(4096).decode()
    assert reply.split(" ")[1] == "421"


def test_sign_in_link_sets_the_cookie_only_from_our_own_origin(site):
    srv, _ = site
    link = "/admin?token=" + TOKEN
    with httpx.Client(base_url=srv.url, timeout=10) as browser:
        for hdrs in ({"Sec-Fetch-Site": "cross-site"}, {"Sec-Fetch-Site": "same-site"},
                     {"Referer": "http://evil.example/page"}):
            r = browser.get(link, headers=hdrs, follow_redirects=False)
            assert r.status_code == 403 and "set-cookie" not in r.headers, hdrs
        typed = browser.get(link, headers={"Sec-Fetch-Site": "none"}, follow_redirects=False)
        assert typed.status_code == 303 and "festinger_token=" in typed.headers["set-cookie"]
        own = browser.get(link, headers={"Referer": srv.url + "/admin"},
                          follow_redirects=False)
        assert own.status_code == 303
        # the sign-in form from another site is refused too
        r = browser.post("/admin/login", data={"token": TOKEN},
                         headers={"Sec-Fetch-Site": "cross-site"})
        assert r.status_code == 403 and "set-cookie" not in r.headers


@pytest.mark.parametrize("body", [b"[" * 100_000 + b"]" * 100_000,
                                  b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
                                  b"[" * 65 + b"]" * 65])
def test_deeply_nested_json_is_a_400_not_a_500(site, body):
    srv, ran = site
    with _client(srv) as c:
        r = c.post("/change", content=body, headers={"Content-Type": "application/json"})
        assert r.status_code == 400 and "nested too deeply" in r.json()["error"]
        assert c.post("/change", content=b"[" * 60 + b"]" * 60,
                      headers={"Content-Type": "application/json"}).status_code == 200
    assert ran == ["/change"]


def test_size_limit_and_unauthenticated(site):
    srv, ran = site
    with _client(srv) as c:
        big = b'{"a": "' + b"x" * (3 * 1024 * 1024) + b'"}'
        r = c.post("/change", content=big, headers={"Content-Type": "application/json"})
        assert r.status_code == 413
    with httpx.Client(base_url=srv.url, timeout=10) as anon:
        assert anon.post("/change", json={}).status_code == 401
    assert ran == []


def test_router_is_plain_functions():
    """A route module from another branch (e.g. /history) registers with one call."""
    r = Router()

    async def history(service, request):
        return {"ok": True}

    r.add("GET", "/history", history)
    route, params = r.match("GET", "/history")
    assert route.handler is history and params == {}
