"""The HTTP server itself (no database): error answers and the token file."""

from __future__ import annotations

import asyncio
import json
import os
import stat
from pathlib import Path

import pytest

from festinger.web import server as server_mod
from festinger.web.server import HttpServer, Router, load_token


class Svc:
    def __init__(self, home: Path) -> None:
        self.home = home


async def _get(port: int, path: str, token: str) -> tuple[int, bytes]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
                 f"Authorization: Bearer {token}\r\n\r\n".encode())
    await writer.drain()
    raw = await asyncio.wait_for(reader.read(), 10)
    writer.close()
    if not raw:
        return 0, b""  # the connection was closed without an answer
    head, _, body = raw.partition(b"\r\n\r\n")
    return int(head.split(b" ")[1]), body


async def test_a_failing_handler_gets_a_json_error_not_a_closed_connection(tmp_path):
    from festinger.service import DatabaseUnavailable

    async def bug(service, request):
        raise KeyError("oops")

    async def no_db(service, request):
        raise DatabaseUnavailable("PostgreSQL at 127.0.0.1:5432 is not usable")

    async def fine(service, request):
        return {"ok": True}

    router = Router()
    router.add("GET", "/bug", bug)
    router.add("GET", "/nodb", no_db)
    router.add("GET", "/fine", fine)
    srv = HttpServer(Svc(tmp_path), "127.0.0.1", 0, token="t0ken-123456", router=router)
    await srv.start()
    try:
        status, body = await _get(srv.port, "/bug", "t0ken-123456")
        assert status == 500
        err = json.loads(body)
        assert err["ok"] is False and "KeyError" in err["error"] and "\n" not in err["error"]
        status, body = await _get(srv.port, "/nodb", "t0ken-123456")
        assert status == 503 and "database is unavailable" in json.loads(body)["error"]
        # the server is still serving
        assert await _get(srv.port, "/fine", "t0ken-123456") == (200, b'{"ok": true}')
    finally:
        await srv.stop()


def test_a_token_created_meanwhile_by_another_process_is_kept(tmp_path, monkeypatch):
    """Two processes start at once: the second must read the first one's token, not
    overwrite the file (which would lock the first one's clients out)."""
    monkeypatch.delenv(server_mod.TOKEN_ENV, raising=False)
    path = tmp_path / server_mod.TOKEN_FILE
    path.write_text("the-winners-token-0123456789\n")
    real_read = Path.read_text
    calls = []

    def read_text(self, *a, **k):
        if self == path and not calls:  # our first look happens before the winner wrote
            calls.append(1)
            raise FileNotFoundError(str(self))
        return real_read(self, *a, **k)

    monkeypatch.setattr(Path, "read_text", read_text)
    assert load_token(tmp_path) == "the-winners-token-0123456789"
    assert real_read(path).strip() == "the-winners-token-0123456789"


def test_a_new_token_file_is_private_and_stable(tmp_path, monkeypatch):
    monkeypatch.delenv(server_mod.TOKEN_ENV, raising=False)
    token = load_token(tmp_path)
    assert len(token) >= 32 and load_token(tmp_path) == token
    assert stat.S_IMODE(os.stat(tmp_path / server_mod.TOKEN_FILE).st_mode) == 0o600


def test_an_empty_token_file_left_by_a_crash_is_replaced(tmp_path, monkeypatch):
    monkeypatch.delenv(server_mod.TOKEN_ENV, raising=False)
    monkeypatch.setattr(server_mod.time, "sleep", lambda s: None)
    (tmp_path / server_mod.TOKEN_FILE).write_text("")
    token = load_token(tmp_path)
    assert len(token) >= 32 and load_token(tmp_path) == token


@pytest.mark.parametrize("path", ["/conflicts"])
def test_one_route_per_endpoint(path):
    router = server_mod.build_router()
    owners = [r.handler.__module__ for r in router.routes if r.pattern == path
              and r.method == "GET"]
    assert owners == ["festinger.web.routes_conflicts"]
