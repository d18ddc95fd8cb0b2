"""The LLM write path: write threshold -> write_queue -> model -> validated triples -> the
iknowthat pipeline (source cloud_llm) -> recollection on the next prompt (T36)."""

from __future__ import annotations

import asyncio
import json
import threading
import time

import pytest

from festinger.llm.providers import UTILITY
from festinger.llm.write_path import backoff_seconds
from tests.fakes.fake_anthropic import Reply

pytestmark = pytest.mark.postgres

# gnommoweb crosses the write threshold at its second mention; salient at once.
FAST = {"saliency_read_threshold": 0.2, "saliency_write_threshold": 0.3}


def triples(*items) -> str:
    return json.dumps({"triples": [
        {"concept": c, "parent": p, "dimension": d, "is_isa": i, "confidence": conf}
        for c, p, d, i, conf in items]})


GOOD = triples(("gnommoweb", "repo", "type", True, 0.9),
               ("gnommoweb", "Glitch University", "membership", False, 0.8))


def make_candidate(env, concept="gnommoweb") -> int:
    env.prompt(f"Please look at {concept} today")
    env.prompt(f"Is {concept} ready?")
    rows = env.sql("SELECT w.id, w.status FROM write_queue w JOIN soas s ON s.id = w.concept_id "
                   "WHERE s.token = $1", concept)
    assert [r["status"] for r in rows] == ["pending"], rows
    return rows[0]["id"]


def process(env):
    return [o.as_dict() for o in env.call(env.res.write_path.process_due())]


def test_t36_write_threshold_to_recollection(graph_env, fake_llm):
    env = graph_env(**FAST)
    env.add_claude(fake_llm.url)
    wid = make_candidate(env)
    assert "no recollection" in env.block("gnommoweb")
    fake_llm.script(GOOD)

    out = process(env)

    assert [o["status"] for o in out] == ["done"], out
    env.check()
    req = fake_llm.messages_requests()[0]
    assert "What is `gnommoweb`?" in req.message
    for dim in ("type", "membership", "runs-on", "tech", "owned-by", "geography"):
        assert f"- {dim} (" in req.message  # the taxonomy, as a closed list
    rows = env.sql("SELECT d.token AS dim, p.token AS parent, u.source, u.confidence FROM urd u "
                   "JOIN soas d ON d.id = u.dim_id JOIN soas p ON p.id = u.parent_id "
                   "WHERE u.id = $1", env.token_id("gnommoweb"))
    assert {(r["dim"], r["parent"], r["source"]) for r in rows} == {
        ("type", "repo", "cloud_llm"), ("membership", "glitch_university", "cloud_llm")}
    assert env.scalar("SELECT novelty FROM soas WHERE token = 'gnommoweb'") == 1.0
    w = env.sql("SELECT * FROM write_queue WHERE id = $1", wid)[0]
    assert w["status"] == "done" and w["error"] is None
    assert [t["outcome"] for t in json.loads(w["result"])["triples"]] == ["inserted"] * 2
    block = env.prompt("What about gnommoweb now?")
    assert "gnommoweb: " in block and "[type] repo" in block
    assert "[membership] glitch_university" in block and "no recollection" not in block


def test_a_collision_from_the_model_is_queued_not_applied(graph_env, fake_llm):
    env = graph_env(**FAST)
    env.add_claude(fake_llm.url)
    env.fact("gnommoweb -isa service")
    make_candidate(env)
    fake_llm.script(GOOD)
    assert process(env)[0]["status"] == "done"
    env.check()
    assert env.edges("gnommoweb") == {"type": "service", "membership": "glitch_university"}
    q = env.queue("pending")
    assert [(x["collision_type"], x["incoming_source"]) for x in q] == [("isa_isa", "cloud_llm")]


@pytest.mark.parametrize("reply, note", [
    (triples(("gnommoweb", "red", "color", False, 0.9)), "unknown dimension"),
    (triples(("gnommoweb", "", "type", True, 0.9)), "parent is empty"),
    (triples(("gnommoweb", "repo", "type", True, 0.9),
             ("gnommoweb", "app", "type", True, 0.9)), "second parent"),
    ('{"triples": [{"concept": "gnommoweb", "parent": "re', "truncated"),
    (json.dumps({"triples": [{"concept": "gnommoweb", "parent": "x" * 40, "dimension": "type",
                              "is_isa": True, "confidence": 0.5}] * 2000}), "characters long"),
    (Reply(status=529, text="overloaded"), "HTTP 529"),
    (Reply(text="{}", delay=2.0), "did not answer"),
])
def test_bad_output_is_dropped_whole_and_retried_later(graph_env, fake_llm, reply, note):
    env = graph_env(**FAST)
    env.add_claude(fake_llm.url)
    env.res.write_path.llm_timeout = 0.5
    wid = make_candidate(env)
    edges_before = env.sql("SELECT * FROM urd ORDER BY id, dim_id")
    fake_llm.script(reply)
    out = process(env)
    assert [o["status"] for o in out] == ["retry"], out
    env.check()
    w = env.sql("SELECT *, next_attempt_at - now() AS wait FROM write_queue WHERE id = $1",
                wid)[0]
    assert w["status"] == "pending" and w["attempts"] == 1 and note in w["error"]
    assert w["wait"].total_seconds() > 20  # backoff before the next attempt
    assert env.sql("SELECT * FROM urd ORDER BY id, dim_id") == edges_before
    assert process(env) == []  # not due yet


def test_a_cycle_drops_the_whole_answer(graph_env, fake_llm):
    env = graph_env(**FAST)
    env.add_claude(fake_llm.url)
    env.fact("repo -isa gnommoweb")  # so "gnommoweb isa repo" would loop
    make_candidate(env)
    fake_llm.script(triples(("gnommoweb", "glitch_university", "membership", False, 0.9),
                            ("gnommoweb", "repo", "type", True, 0.9)))
    out = process(env)
    assert out[0]["status"] == "retry" and "cycle" in out[0]["detail"]
    assert env.edges("gnommoweb") == {}  # the good triple was not applied either
    env.check()


def test_gives_up_after_max_attempts(graph_env, fake_llm):
    env = graph_env(**FAST)
    env.add_claude(fake_llm.url)
    wp = env.res.write_path
    wp.max_attempts, wp.base_backoff = 3, 0.01
    wid = make_candidate(env)
    fake_llm.handler = lambda req: "no idea, sorry"
    statuses = []
    for _ in range(5):
        time.sleep(0.05)
        statuses += [o["status"] for o in process(env)]
    assert statuses == ["retry", "retry", "failed"]
    w = env.sql("SELECT * FROM write_queue WHERE id = $1", wid)[0]
    assert w["status"] == "failed" and w["attempts"] == 3 and "JSON" in w["error"]


def test_backoff_doubles_and_is_capped():
    assert [backoff_seconds(n, 30) for n in (1, 2, 3, 4)] == [30, 60, 120, 240]
    assert backoff_seconds(40, 30) == 6 * 3600


class ChatThreadAgent:
    """A fake Agent Zero agent whose utility model answers from its own loop thread."""

    def __init__(self, answer: str) -> None:
        self.answer = answer
        self.calls: list[tuple[str, str]] = []
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="a0-chat",
                                       daemon=True)
        self.thread.start()

    async def call_utility_model(self, system, message, callback=None, background=False):
        self.calls.append((threading.current_thread().name, message))
        return self.answer

    def seen_by_hook(self) -> None:
        asyncio.run_coroutine_threadsafe(self._remember(), self.loop).result(5)

    async def _remember(self):
        UTILITY.remember(self)

    def stop(self):
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


def test_default_provider_is_the_agent_zero_utility_model(graph_env, fake_llm):
    env = graph_env(**FAST)  # no models row: write_model_id unset
    make_candidate(env)
    assert process(env) == []  # no agent seen yet: nothing claimed, no attempt spent
    assert env.scalar("SELECT attempts FROM write_queue") == 0
    agent = ChatThreadAgent(GOOD)
    try:
        agent.seen_by_hook()
        out = process(env)
    finally:
        agent.stop()
    assert [o["status"] for o in out] == ["done"]
    assert agent.calls and agent.calls[0][0] == "a0-chat"
    assert "What is `gnommoweb`?" in agent.calls[0][1]
    assert env.edges("gnommoweb") == {"type": "repo", "membership": "glitch_university"}
    assert not fake_llm.requests
    env.check()


def test_consumer_runs_in_the_background(graph_env, fake_llm):
    env = graph_env(**FAST)
    env.add_claude(fake_llm.url)
    env.res.write_path.poll_interval = 0.2
    env.res.start(scheduler=False)
    fake_llm.script(GOOD)
    t0 = time.monotonic()
    make_candidate(env)  # the prompts return at once; the model is asked later
    assert time.monotonic() - t0 < 5
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline and env.scalar(
            "SELECT count(*) FROM write_queue WHERE status = 'done'") == 0:
        time.sleep(0.1)
    assert env.edges("gnommoweb") == {"type": "repo", "membership": "glitch_university"}
