"""The conflicts API, POST /resolve/run and the admin routes of `festinger serve`, over real
HTTP on loopback (httpx), against real PostgreSQL and the fake Anthropic server."""

from __future__ import annotations

import json
import time

import httpx
import pytest

from festinger.web.server import HttpServer

pytestmark = pytest.mark.postgres
TOKEN = "test-token-0123456789"
LOW = {"saliency_read_threshold": 0.2}


@pytest.fixture
def served(graph_env, fake_llm):
    """(env, base url, authorised client) with two pending conflicts and a claude model."""
    env = graph_env(**LOW)
    env.add_claude(fake_llm.url)
    env.fact("gnommoweb -isa repo")
    env.prompt("gnommoweb is a container")  # isa_isa, inferred
    env.fact("dobby -ispart agent_pool")
    env.fact("dobby -ispart worker_pool")  # ispart_ispart, iknowthat: priority
    server = HttpServer(env.svc, "127.0.0.1", 0, token=TOKEN)
    env.call(server.start())
    client = httpx.Client(base_url=server.url, headers={"Authorization": f"Bearer {TOKEN}"},
                          timeout=30)
    yield env, server.url, client
    client.close()
    env.call(server.stop())


def test_conflicts_listing_with_context(served):
    env, url, c = served
    r = c.get("/conflicts")
    assert r.status_code == 200
    body = r.json()
    assert [x["concept"] for x in body["pending"]] == ["dobby", "gnommoweb"]  # priority first
    assert body["conflicts"] == body["pending"] and body["recent"] == []
    g = body["pending"][1]
    assert (g["current_parent"], g["incoming_parent"], g["collision_type"]) == (
        "repo", "container", "isa_isa")
    assert httpx.get(url + "/conflicts").status_code == 401  # token needed
    one = c.get(f"/conflicts/{g['id']}").json()["conflict"]
    assert [e["dimension"] for e in one["concept_edges"] if not e["is_root"]] == ["type"]
    assert one["concept_edges"][0]["contested"] is True
    assert c.get("/conflicts/9999").status_code == 404
    assert c.get("/conflicts?status=bogus").status_code == 400


def test_human_overrides_over_http(served):
    env, url, c = served
    pending = c.get("/conflicts").json()["pending"]
    dobby, gnommo = pending[0]["id"], pending[1]["id"]
    r = c.post(f"/conflicts/{dobby}/dismiss", json={"reason": "agent_pool is right"})
    assert r.status_code == 200 and r.json()["outcome"]["status"] == "dismissed"
    r = c.post(f"/conflicts/{gnommo}/resolve", json={"decision": "reclassify",
                                                     "dimension": "type"})
    assert r.status_code == 422 and "another dimension" in r.json()["error"]
    r = c.post(f"/conflicts/{gnommo}/resolve", json={"decision": "decompose",
                                                     "existing_dimension": "artifact-type",
                                                     "new_dimension": "deployment-type"})
    assert r.status_code == 200, r.text
    env.check()
    assert env.edges("gnommoweb") == {"artifact-type": "repo", "deployment-type": "container"}
    assert c.post(f"/conflicts/{gnommo}/dismiss", json={}).status_code == 404
    body = c.get("/conflicts").json()
    assert body["pending"] == []
    assert {(x["id"], x["status"]) for x in body["recent"]} == {(dobby, "dismissed"),
                                                                (gnommo, "resolved")}
    assert body["recent"][0]["resolution"]["by"] == "human"
    # a browser on another site cannot use the cookie to change anything
    r = c.post(f"/conflicts/{gnommo}/dismiss", json={}, headers={"Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403


def test_resolve_run_waits_or_starts_in_the_background(served, fake_llm):
    env, url, c = served
    fake_llm.handler = lambda req: '{"decision": "dismiss", "reasoning": "noise"}'
    r = c.post("/resolve/run", json={"wait": True})
    assert r.status_code == 200
    run = r.json()["run"]
    assert run["dismissed"] == 2 and run["trigger"] == "api"
    env.check()
    # a state change must say it is JSON (an HTML form cannot): a bare POST is refused
    assert c.post("/resolve/run").status_code == 415
    r = c.post("/resolve/run", json={})
    assert r.status_code == 202 and r.json()["started"] is True
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and len(c.get("/resolve/runs").json()["runs"]) < 2:
        time.sleep(0.05)
    runs = c.get("/resolve/runs").json()["runs"]
    assert [x["trigger"] for x in runs][:2] == ["admin", "api"]


def test_admin_status_and_concept(served):
    env, url, c = served
    s = c.get("/admin/status").json()
    assert s["pending"] == 2 and s["pending_priority"] == 1 and s["running"] is False
    assert s["last_run"] is None and s["schedule"] == "0 2 * * *" and s["next_run"]
    assert s["models"]["resolve"]["model_name"] == "claude-test-1"
    assert "sk-ant" not in json.dumps(s)
    g = c.get("/admin/concept", params={"name": "gnommoweb"}).json()
    assert g["concept"]["token"] == "gnommoweb"
    assert [e["parent"] for e in g["edges"]] == ["repo"] and len(g["conflicts"]) == 1
    assert c.get("/admin/concept", params={"name": "type"}).json()["is_dimension"]
    r = c.get("/admin/concept", params={"name": "repo"}).json()
    assert not r["is_dimension"]
    assert r["inside"] == [{"concept": "gnommoweb", "dimension": "type", "is_isa": True}]
    assert c.get("/admin/concept", params={"name": "nothing_here"}).status_code == 404
    r = c.post("/admin/action", json={"action": "explode"})
    assert r.status_code == 400


def test_admin_page_sign_in(served):
    env, url, c = served
    page = httpx.get(url + "/admin")
    assert page.status_code == 200 and "data-festinger-admin" in page.text
    assert "frame-ancestors 'none'" in page.headers["content-security-policy"]
    assert httpx.get(url + "/admin/static/admin.js").status_code == 200
    assert httpx.get(url + "/admin/static/secret.txt").status_code == 404
    r = httpx.get(url + "/admin?token=" + TOKEN)
    assert r.status_code == 303 and r.headers["location"] == "/admin"
    cookie = r.headers["set-cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert httpx.get(url + "/admin?token=a;b=c").status_code == 400
    with httpx.Client(base_url=url) as browser:  # a wrong token: the API still says no
        assert browser.post("/admin/login", data={"token": "wrong-token"}).status_code == 303
        assert browser.get("/admin/status").status_code == 401
    with httpx.Client(base_url=url) as browser:
        assert browser.post("/admin/login", data={"token": TOKEN}).status_code == 303
        assert browser.get("/admin/status").json()["pending"] == 2  # the cookie signs in


def test_without_postgres_the_listing_comes_from_the_cache(tmp_path):
    from festinger.config import load_config
    from festinger.service import FestingerService

    svc = FestingerService(load_config(file_layer={}, environ={}), home=tmp_path / "home",
                           dsn="postgresql://postgres@127.0.0.1:1/nowhere", schema="t_down")
    try:
        graph = svc.graph
        graph.auto_bootstrap = False
        graph.snapshots = False
        assert graph.wait_first_attempt(30) and not graph.db_up
        server = HttpServer(svc, "127.0.0.1", 0, token=TOKEN)
        svc.io.call(server.start())
        try:
            with httpx.Client(base_url=server.url, timeout=30,
                              headers={"Authorization": f"Bearer {TOKEN}"}) as c:
                r = c.get("/conflicts")
                assert r.status_code == 200 and r.json()["database"] is False
                r = c.get("/admin/status")
                assert r.status_code == 503 and "unavailable" in r.json()["error"]
                assert c.post("/conflicts/1/dismiss", json={}).status_code == 503
        finally:
            svc.io.call(server.stop())
    finally:
        svc.close()
