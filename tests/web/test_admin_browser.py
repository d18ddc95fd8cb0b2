"""The admin page in a real headless Chromium (Debian's chromium driven by playwright; never
`playwright install`): click "Run resolution now" and watch the queue drain; override
buttons; the concept browser; the sign-in form. Skipped when chromium is absent."""

from __future__ import annotations

import json
import os
import shutil
import time

import pytest

from festinger.web.server import HttpServer

CHROMIUM = os.environ.get("FESTINGER_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect
pytestmark = [pytest.mark.postgres, pytest.mark.browser,
              pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="chromium not installed")]

TOKEN = "browser-test-token-42"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture
def browser():
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def site(graph_env, fake_llm):
    env = graph_env(saliency_read_threshold=0.2)
    env.add_claude(fake_llm.url)
    server = HttpServer(env.svc, "127.0.0.1", 0, token=TOKEN)
    env.call(server.start())
    yield env, server.url
    env.call(server.stop())


def answer_by_collision(req):
    """Decompose ISA+ISA (fresh dimension names per concept), dismiss the rest; slowly, so
    the page can watch the queue drain."""
    time.sleep(1.0)
    msg = req.message
    concept = msg.split("`", 2)[1]
    if "ISA + ISA" in msg:
        return json.dumps({"decision": "decompose", "existing_dimension": f"{concept}-kind",
                           "new_dimension": f"{concept}-deployment", "reasoning": "both hold"})
    return json.dumps({"decision": "dismiss", "reasoning": "the existing fact holds"})


def pending_count(page) -> str:
    return page.locator("#fa-pending").inner_text().strip()


def test_run_resolution_now_drains_the_queue(site, browser, fake_llm):
    env, url = site
    for name in ("alpha", "bravo", "charlie"):
        env.fact(f"{name} -isa repo")
        env.prompt(f"{name} is a container")
    env.fact("delta -ispart glitch_university")
    env.fact("delta -ispart agent_zero")
    assert len(env.queue("pending")) == 4
    fake_llm.handler = answer_by_collision

    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url + "/admin?token=" + TOKEN)
    assert page.url.endswith("/admin")
    expect(page.locator("#fa-pending")).to_have_text("4")
    assert page.locator("#fa-pending-table tbody tr").count() == 4
    first = page.locator("#fa-pending-table tbody tr").first.inner_text()
    assert "delta" in first  # iknowthat conflicts are listed first

    page.click("#fa-run")
    seen = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        n = pending_count(page)
        if not seen or seen[-1] != n:
            seen.append(n)
        if n == "0" and page.locator("#fa-run").is_enabled():
            break
        time.sleep(0.1)
    assert seen[0] == "4" and seen[-1] == "0", seen
    assert [int(x) for x in seen] == sorted((int(x) for x in seen), reverse=True), seen
    assert len(seen) >= 3, f"no intermediate count seen while draining: {seen}"
    expect(page.locator("#fa-run-state")).to_have_text("Done: 4 applied, 0 failed")
    assert page.locator("#fa-pending-table tbody tr.fa-empty").count() == 1
    assert page.locator("#fa-recent-table tbody tr").count() == 4
    assert page.locator("#fa-last-run").inner_text() != "never"
    assert not errors, errors
    env.check()
    assert env.edges("alpha") == {"alpha-kind": "repo", "alpha-deployment": "container"}


def test_override_buttons_and_concept_browser(site, browser):
    env, url = site
    env.fact("gnommoweb -isa repo")
    env.prompt("gnommoweb is a container")
    env.prompt("dobby is part of Glitch University")
    env.prompt("dobby is part of Agent Zero")
    page = browser.new_page()
    page.goto(url + "/admin?token=" + TOKEN)
    expect(page.locator("#fa-pending")).to_have_text("2")

    dobby = env.queue("pending")[1]["id"]
    page.click(f"#fa-pending-table tr[data-id='{dobby}'] button.fa-dismiss")
    expect(page.locator("#fa-pending")).to_have_text("1")
    assert f"Conflict #{dobby} dismissed" in page.locator("#fa-message").inner_text()

    answers = iter(["artifact-type", "deployment-type"])
    page.on("dialog", lambda d: d.accept(next(answers)))
    gid = env.queue("pending")[0]["id"]
    page.click(f"#fa-pending-table tr[data-id='{gid}'] button.fa-decompose")
    expect(page.locator("#fa-pending")).to_have_text("0")
    env.check()
    assert env.edges("gnommoweb") == {"artifact-type": "repo", "deployment-type": "container"}

    page.fill("#fa-concept-name", "gnommoweb")
    page.click("#fa-concept-form button")
    page.wait_for_selector("#fa-concept-edges")
    text = page.locator("#fa-concept-edges").inner_text()
    assert "artifact-type" in text and "deployment-type" in text and "container" in text
    # following a link browses to the parent
    page.click("#fa-concept-edges a:has-text('repo')")
    expect(page.locator("#fa-concept-view h4").first).to_have_text("repo")
    assert "gnommoweb" in page.locator("#fa-concept-view").inner_text()


def test_without_the_token_the_page_asks_for_it(site, browser):
    env, url = site
    page = browser.new_page()
    page.goto(url + "/admin")
    page.wait_for_selector("#fa-login:not([hidden])")
    assert page.locator("#fa-pending").inner_text() == "…"
    page.fill("#fa-token", TOKEN)
    page.click("#fa-login button")
    expect(page.locator("#fa-pending")).to_have_text("0")
    assert page.locator("#fa-login").is_hidden()
