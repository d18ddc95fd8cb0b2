"""`festinger serve`'s HTTP server and the graph routes, over real sockets."""

from __future__ import annotations

import http.client
import json
import os
import stat

import pytest

from festinger.web.server import HttpServer, Router, load_token

from .conftest import scalar, settle

pytestmark = pytest.mark.postgres


@pytest.fixture
def served(graph_factory):
    svc, graph = graph_factory()
    server = HttpServer(svc, "127.0.0.1", 0)
    svc.io.call(server.start())
    yield svc, graph, server
    svc.io.call(server.stop())


def call(server, method, path, body=None, token="ok", raw=None, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    h = dict(headers or {})
    if token == "ok":
        h["Authorization"] = f"Bearer {server.token}"
    elif token:
        h["Authorization"] = f"Bearer {token}"
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    if data is not None:
        h["Content-Type"] = "application/json"
    conn.request(method, path, body=data, headers=h)
    resp = conn.getresponse()
    payload = resp.read()
    conn.close()
    try:
        return resp.status, json.loads(payload)
    except ValueError:
        return resp.status, payload


def test_token_is_required_except_for_health(served):
    svc, graph, server = served
    assert call(server, "GET", "/health", token=None) == (
        200, {"ok": True, "graph": {"state": "ready", "database": True, "source": "postgres"}})
    status, body = call(server, "POST", "/iknowthat", {"fact": "gnommoweb -isa repo"},
                        token=None)
    assert status == 401 and "token" in body["error"]
    assert call(server, "POST", "/iknowthat", {"fact": "x -isa y"}, token="wrong")[0] == 401
    assert scalar(svc, "SELECT count(*) FROM urd WHERE id <> parent_id") == 0
    status, body = call(server, "GET", "/graph/stats",
                        headers={"X-Festinger-Token": server.token}, token=None)
    assert status == 200 and body["database"] is True
    status, _ = call(server, "GET", "/graph/stats",
                     headers={"Cookie": f"festinger_token={server.token}"}, token=None)
    assert status == 200


def test_iknowthat_endpoint(served):
    svc, graph, server = served
    status, body = call(server, "POST", "/iknowthat", {"fact": "gnommoweb -isa repo"})
    assert status == 200 and body["ok"] and body["outcome"] == "stored"
    status, body = call(server, "POST", "/iknowthat", {"fact": "gnommoweb -isa container"})
    assert status == 200 and body["outcome"] == "conflict" and body["conflict_id"] > 0
    status, body = call(server, "GET", "/conflicts")
    assert status == 200 and [c["incoming_parent"] for c in body["conflicts"]] == ["container"]
    assert body["conflicts"][0]["priority"] is True
    for bad in ({"fact": "gnommoweb -isa gnommoweb"}, {"fact": "a" * 1_000_000}, {"nope": 1}):
        status, body = call(server, "POST", "/iknowthat", bad)
        assert status == 400 and body["ok"] is False and "\n" not in body["message"]
    status, body = call(server, "POST", "/iknowthat", raw=b"{not json")
    assert status == 400 and body["error"] == "the body is not valid JSON"
    # a body over the limit is refused from its Content-Length, before it is read
    import socket

    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(b"POST /iknowthat HTTP/1.1\r\nHost: x\r\nContent-Length: 3145728\r\n"
                     b"Authorization: Bearer " + server.token.encode() + b"\r\n\r\n")
        reply = sock.recv(4096).decode()
    assert reply.startswith("HTTP/1.1 413 ")


def test_recollect_endpoint_and_its_limits(served):
    svc, graph, server = served
    for _ in range(4):
        status, body = call(server, "POST", "/recollect",
                            {"prompt": "gnommoweb is a repo of Glitch University"})
        assert status == 200
        assert settle(svc, graph)  # new tokens get their ids in the background
    assert body["block"].startswith("<recollection>\ngnommoweb: [glitch_university] repo\n")
    before = scalar(svc, "SELECT count(*) FROM soas")
    status, body = call(server, "POST", "/recollect", {"prompt": "word " * 210_000})
    assert status == 413 and "nothing was processed" in body["error"]
    assert call(server, "POST", "/recollect", {"text": "x"})[0] == 400
    assert scalar(svc, "SELECT count(*) FROM soas") == before


def test_queries_reload_and_errors(served):
    svc, graph, server = served
    assert call(server, "GET", "/conflicts?status=bogus")[0] == 400
    assert call(server, "GET", "/conflicts?limit=abc")[0] == 400
    assert call(server, "GET", "/conflicts?status=all&limit=5")[0] == 200
    assert call(server, "GET", "/graph/write-queue") == (200, {"write_queue": []})
    assert call(server, "POST", "/reload")[0] == 415  # no Content-Type: application/json
    status, body = call(server, "POST", "/reload", {})
    assert status == 200 and body["source"] == "postgres"
    assert call(server, "GET", "/nope")[0] == 404
    status, body = call(server, "GET", "/iknowthat")
    assert status == 405 and "POST" in body["error"]


def test_router_params_loopback_only_and_token_file(tmp_path, monkeypatch):
    r = Router()

    async def h(service, request):
        return request.params

    r.add("POST", "/conflicts/{id}/dismiss", h)
    route, params = r.match("POST", "/conflicts/12/dismiss")
    assert params == {"id": "12"}

    class Svc:
        home = tmp_path

    with pytest.raises(ValueError):
        HttpServer(Svc(), "0.0.0.0", 0)
    monkeypatch.delenv("FESTINGER_SERVE_TOKEN", raising=False)
    token = load_token(tmp_path)
    assert len(token) >= 32 and load_token(tmp_path) == token
    assert stat.S_IMODE(os.stat(tmp_path / "serve.token").st_mode) == 0o600
    monkeypatch.setenv("FESTINGER_SERVE_TOKEN", "from-env")
    assert load_token(tmp_path) == "from-env"
