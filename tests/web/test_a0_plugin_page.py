"""The Agent Zero v1.x side: the plugin's API handlers (plugin/agent-zero/api) and its admin
page (plugin/agent-zero/webui/main.html) loaded by Agent Zero's real component loader in a
headless Chromium, on a fake Agent Zero host (tests/fakes/a0_host.py)."""

from __future__ import annotations

import json
import os
import shutil
import time

import pytest

from festinger.service import set_service
from festinger.web.server import HttpServer, Router
from tests.fakes import a0_host

STATIC = a0_host.REPO / "plugin" / "festinger" / "web" / "static"


def test_installer_puts_the_served_admin_files_into_the_plugin_webui(tmp_path):
    """v1.x serves the page from usr/plugins/festinger/webui/: the installer places the same
    admin.js/admin.css that `festinger serve` serves (one copy in the repo)."""
    from festinger.install.layout import detect
    from festinger.install.sources import gather_sources
    from tests.install.conftest import make_plugin_tree

    root = make_plugin_tree(tmp_path / "a0")
    sources = {s.dest: s for s in gather_sources(a0_host.REPO, detect(root))}
    for name in ("admin.js", "admin.css", "main.html"):
        assert f"usr/plugins/festinger/webui/{name}" in sources
    for name in ("admin.js", "admin.css"):
        assert sources[f"usr/plugins/festinger/webui/{name}"].content == (STATIC / name).read_bytes()


@pytest.fixture
def a0_api(monkeypatch):
    for name, module in a0_host.stub_helpers_api().items():
        monkeypatch.setitem(__import__("sys").modules, name, module)
    yield a0_host.load_handler


@pytest.fixture
def plugin_env(graph_env, fake_llm):
    env = graph_env(saliency_read_threshold=0.2)
    env.add_claude(fake_llm.url)
    env.fact("gnommoweb -isa repo")
    env.prompt("gnommoweb is a container")
    env.fact("dobby -ispart agent_pool")
    env.fact("dobby -ispart worker_pool")
    set_service(env.svc)  # what get_service() returns inside Agent Zero's process
    yield env
    set_service(None)




@pytest.mark.postgres
def test_api_handlers(plugin_env, a0_api, fake_llm):
    env = plugin_env
    conflicts, resolve_run = a0_api("conflicts"), a0_api("resolve_run")
    # browser endpoints: Agent Zero's session login and CSRF token
    assert conflicts.requires_auth() and conflicts.requires_csrf()
    assert resolve_run.requires_auth() and resolve_run.get_methods() == ["POST"]

    def call(cls, payload):
        async def go():
            return await cls().process(payload, None)
        return env.call(go())

    status = call(conflicts, {"action": "status"})
    assert status["ok"] and status["status"] == 200 and status["pending"] == 2
    listing = call(conflicts, {"action": "list"})
    assert [c["concept"] for c in listing["pending"]] == ["dobby", "gnommoweb"]
    bad = call(conflicts, {"action": "resolve", "id": listing["pending"][0]["id"]})
    assert bad["ok"] is False and bad["status"] == 400 and "decision" in bad["error"]
    gone = call(conflicts, {"action": "dismiss", "id": 999})
    assert gone["status"] == 404
    ok = call(conflicts, {"action": "dismiss", "id": listing["pending"][0]["id"]})
    assert ok["ok"] and ok["outcome"]["status"] == "dismissed"

    fake_llm.handler = lambda req: json.dumps({"decision": "decompose",
                                               "existing_dimension": "artifact-type",
                                               "new_dimension": "deployment-type"})
    report = call(resolve_run, {"wait": True})
    assert report["ok"] and report["run"]["resolved"] == 1
    assert report["run"]["trigger"] == "agent-zero"
    env.check()
    assert call(conflicts, {"action": "concept", "name": "gnommoweb"})["edges"]


CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.mark.postgres
@pytest.mark.browser
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="chromium not installed")
def test_admin_page_inside_agent_zero(plugin_env, a0_api, fake_llm):
    sync_api = pytest.importorskip("playwright.sync_api")
    loader = a0_host.components_js()
    if loader is None:
        pytest.skip("no Agent Zero v1.7 checkout (A0_ROOT) or mirror for its component loader")
    env = plugin_env
    router = Router()
    calls = a0_host.register_host(router, loader)
    server = HttpServer(env.svc, "127.0.0.1", 0, token="unused-token", router=router)
    env.call(server.start())

    def answer(req):
        time.sleep(0.5)
        return json.dumps({"decision": "decompose", "existing_dimension": "artifact-type",
                           "new_dimension": "deployment-type"}) if "ISA + ISA" in req.message \
            else '{"decision": "dismiss"}'
    fake_llm.handler = answer
    try:
        with sync_api.sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update",
                "--disable-sync"])
            try:
                page = browser.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda exc: errors.append(str(exc)))
                page.goto(server.url + "/")
                expect = sync_api.expect
                expect(page.locator("#fa-pending")).to_have_text("2", timeout=15000)
                assert page.locator(".modal #festinger-admin[data-booted]").count() == 1
                assert page.locator("#fa-pending-table tbody tr[data-id]").count() == 2
                page.click("#fa-run")
                expect(page.locator("#fa-pending")).to_have_text("0", timeout=20000)
                expect(page.locator("#fa-run-state")).to_have_text(
                    "Done: 2 applied, 0 failed", timeout=10000)
                page.fill("#fa-concept-name", "gnommoweb")
                page.click("#fa-concept-form button")
                expect(page.locator("#fa-concept-edges")).to_contain_text("deployment-type")
                assert not errors, errors
            finally:
                browser.close()
    finally:
        env.call(server.stop())
    env.check()
    handlers = {c["handler"] for c in calls}
    assert handlers == {"conflicts", "resolve_run"}
    assert all(c["csrf"] == a0_host.CSRF for c in calls)
    assert env.edges("gnommoweb") == {"artifact-type": "repo", "deployment-type": "container"}
