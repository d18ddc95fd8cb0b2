"""The resolution job end to end: real PostgreSQL, the graph service's cache, and the anthropic
SDK talking to a loopback fake Anthropic server. Graph invariants are checked after every run
(`GraphEnv.run`)."""

from __future__ import annotations

import json
import time

import pytest

from festinger.graph.resolution import ItemGone, ResolutionError
from tests.fakes.fake_anthropic import Reply
from tests.fakes.graph_env import GraphEnv, make_service

pytestmark = pytest.mark.postgres

# Salient after two mentions, so short scenarios show their recollections.
LOW = {"saliency_read_threshold": 0.2}


def decompose(existing="artifact-type", new="deployment-type") -> str:
    return json.dumps({"decision": "decompose", "existing_dimension": existing,
                       "new_dimension": new,
                       "reasoning": "repo describes what gnommoweb is as a software artifact; "
                                    "container describes how it is deployed"})


def isa_isa_collision(env: GraphEnv) -> int:
    """The seed's Test B: gnommoweb ISA repo (type) is known; 'gnommoweb is a container'."""
    assert env.fact("gnommoweb -isa repo").outcome == "stored"
    env.prompt("gnommoweb is a container deployed on Docker")
    pending = env.queue("pending")
    assert [(q["collision_type"], q["status"]) for q in pending] == [("isa_isa", "pending")]
    assert "[type?] repo" in env.block("gnommoweb")
    env.check()
    return pending[0]["id"]


def test_seed_test_c_decomposition_end_to_end(graph_env, fake_llm):
    env = graph_env(**LOW)
    env.add_claude(fake_llm.url)
    qid = isa_isa_collision(env)
    fake_llm.script(decompose())

    report = env.run()

    assert report["status"] == "done" and report["resolved"] == 1, report
    assert report["model"] == "claude claude-test-1"
    # the model saw both facts, the collision type and the decisions that apply
    req = fake_llm.messages_requests()[0]
    assert req.api_key == "sk-ant-test-key-0001"
    assert "`gnommoweb` ISA (is a kind of) `repo` in `type`" in req.message
    assert "`gnommoweb` ISA (is a kind of) `container` in `type`" in req.message
    assert '"decision": "decompose"' in req.message and "update" not in req.message
    # Postgres: new dimensions with roots, edge migrated, new edge, type edge gone
    assert env.edges("gnommoweb") == {"artifact-type": "repo", "deployment-type": "container"}
    for dim in ("artifact-type", "deployment-type"):
        d = env.token_id(dim)
        assert env.scalar("SELECT count(*) FROM urd WHERE id = $1 AND parent_id = $1 AND "
                          "dim_id = $1", d) == 1
    entry = env.queue()[0]
    assert entry["id"] == qid and entry["status"] == "resolved" and entry["resolved_at"]
    resolution = json.loads(entry["resolution"])
    assert resolution["decision"] == "decompose" and resolution["by"] == "llm"
    assert resolution["applied"]["roots"] == ["artifact-type", "deployment-type"]
    # the cache (checked equal to Postgres by env.run) and the recollection
    cache = env.graph.cache
    art, dep, g = (cache.soas_by_token[t].id for t in
                   ("artifact-type", "deployment-type", "gnommoweb"))
    assert (g, art) in cache.urd_by_concept_dim and (g, dep) in cache.urd_by_concept_dim
    assert (g, cache.soas_by_token["type"].id) not in cache.urd_by_concept_dim
    assert len(cache.urd_by_concept[g]) == 2 and g not in cache.pending_conflicts
    block = env.block("gnommoweb")
    assert "gnommoweb: [artifact-type] repo [deployment-type] container" in block
    assert "?" not in block
    # a run log row for the admin page
    run = env.sql("SELECT * FROM resolution_runs")[0]
    assert run["processed"] == 1 and run["failed"] == 0 and run["finished_at"]


def test_t37_isa_isa_from_prompts_to_two_clean_dimensions(graph_env, fake_llm):
    env = graph_env(**LOW)
    env.add_claude(fake_llm.url)
    env.prompt("Please note: gnommoweb is a repo")
    env.prompt("Also gnommoweb is a container")  # second mention: salient now
    # (a fact naming a new token is written after the prompt: the marker shows from the next)
    assert "gnommoweb: [type?] repo — conflict pending" in env.block("gnommoweb")
    fake_llm.script(decompose("artifact-type", "deployment-type"))
    assert env.run()["resolved"] == 1
    block = env.prompt("What runs gnommoweb?")
    assert "[artifact-type] repo" in block and "[deployment-type] container" in block
    assert "?" not in block.split("gnommoweb:")[1].splitlines()[0]


def test_t38_ispart_ispart_dismissed_world_unchanged(graph_env, fake_llm):
    env = graph_env(**LOW)
    env.add_claude(fake_llm.url)
    env.prompt("gnommoweb is part of Glitch University")
    env.prompt("gnommoweb is part of Agent Zero")
    assert "gnommoweb: [membership?] glitch_university" in env.block("gnommoweb")
    assert env.queue("pending")[0]["collision_type"] == "ispart_ispart"
    before = env.edges("gnommoweb")
    fake_llm.script('{"decision": "dismiss", "reasoning": "the existing fact still holds"}')
    report = env.run()
    assert report["dismissed"] == 1 and report["resolved"] == 0
    assert env.edges("gnommoweb") == before == {"membership": "glitch_university"}
    assert env.queue()[0]["status"] == "dismissed"
    assert "?" not in env.block("gnommoweb")
    assert "[membership] glitch_university" in env.block("gnommoweb")


def test_ispart_update_replaces_the_old_edge(graph_env, fake_llm):
    env = graph_env(**LOW)
    env.add_claude(fake_llm.url)
    env.prompt("gnommoweb runs on Ramanujan")
    env.prompt("gnommoweb runs on Hilbert")
    fake_llm.script('{"decision": "update", "reasoning": "it moved"}')
    assert env.run()["resolved"] == 1
    assert env.edges("gnommoweb") == {"runs-on": "hilbert"}
    assert "[runs-on] hilbert" in env.block("gnommoweb")


def test_misclassification_goes_to_the_suggested_dimension(graph_env, fake_llm):
    env = graph_env(**LOW)
    env.add_claude(fake_llm.url)
    assert env.fact("dobby -isa worker in context of membership").outcome == "stored"
    res = env.fact("dobby -ispart agent_pool in context of membership")
    assert res.outcome == "conflict" and res.collision_type == "misclassification"
    fake_llm.script('{"decision": "reclassify", "dimension": "owned-by"}')
    assert env.run()["resolved"] == 1
    assert env.edges("dobby") == {"membership": "worker", "owned-by": "agent_pool"}


def test_iknowthat_conflicts_are_reviewed_first(graph_env, fake_llm):
    env = graph_env(**LOW)
    env.add_claude(fake_llm.url)
    env.prompt("alpha is part of Zeta Corp")
    env.prompt("alpha is part of Omega Corp")  # older, inferred
    env.fact("bravo -ispart zeta_corp")
    env.fact("bravo -ispart omega_corp")  # newer, iknowthat: priority
    fake_llm.handler = lambda req: '{"decision": "dismiss"}'
    report = env.run()
    assert report["dismissed"] == 2
    first = fake_llm.messages_requests()[0].message
    assert first.startswith("Concept: `bravo`")


BAD_ANSWERS = [
    ('{"decision": "explode"}', "unknown decision"),
    ('{"decision": "update"}', "does not apply"),
    ('{"decision": "decompose", "existing_dimension": "", "new_dimension": "b-type"}', "empty"),
    ('{"decision": "decompose", "existing_dimension": "x-type", "new_dimension": "x-type"}',
     "two different"),
    ('{"decision": "decompose", "existing_dimension": "gnommoweb", "new_dimension": "b-type"}',
     "named like a concept"),
    ('{"decision": "decompose", "existing_dimension": "a-type", "new_dimension": "type"}',
     "collides"),
    ('{"decision": "decompose", "existing_dimension": "artifact', "truncated"),
    ('{"decision": "dismiss", "reasoning": "' + "x" * 30_000 + '"}', "characters long"),
    ("I would rather not decide.", "not valid JSON"),
    (Reply(status=500, text="overloaded"), "HTTP 500"),
    (Reply(status=401, text="invalid x-api-key"), "HTTP 401"),
    (Reply(text='{"decision": "dismiss"}', delay=2.0), "did not answer"),
]


@pytest.mark.parametrize("reply, note", BAD_ANSWERS,
                         ids=[n.replace(" ", "_") for _, n in BAD_ANSWERS])
def test_bad_model_output_leaves_the_item_pending(graph_env, fake_llm, reply, note):
    env = graph_env(**LOW)
    env.add_claude(fake_llm.url)
    env.res.job.llm_timeout = 0.5
    qid = isa_isa_collision(env)
    before = env.sql("SELECT * FROM urd ORDER BY id, dim_id")
    soas_before = env.scalar("SELECT count(*) FROM soas")
    fake_llm.script(reply)

    report = env.run()  # invariants and cache == database checked here

    assert report["failed"] == 1 and report["resolved"] == 0, report
    entry = env.queue()[0]
    assert entry["id"] == qid and entry["status"] == "pending"
    assert note in entry["error"] and entry["attempts"] == 1
    assert "sk-ant-test-key" not in entry["error"]
    assert env.sql("SELECT * FROM urd ORDER BY id, dim_id") == before
    assert env.scalar("SELECT count(*) FROM soas") == soas_before  # no stray dimension
    assert "[type?] repo" in env.block("gnommoweb")
    # the next run tries again, and a good answer then applies
    fake_llm.script(decompose())
    assert env.run()["resolved"] == 1


def test_a_cycle_proposed_by_the_model_is_refused(graph_env, fake_llm):
    env = graph_env(**LOW)
    env.add_claude(fake_llm.url)
    env.fact("web_tier -ispart platform")
    env.fact("platform -ispart web_tier")  # refused: a cycle; so build it with a collision
    env.fact("platform -ispart datacenter")
    env.fact("platform -ispart web_tier")  # collision in membership (queued)
    assert env.queue("pending")
    fake_llm.script('{"decision": "update"}')
    report = env.run()
    assert report["failed"] == 1
    assert "cycle" in env.queue("pending")[0]["error"]
    assert env.edges("platform") == {"membership": "datacenter"}


def test_no_provider_leaves_items_pending_untouched(graph_env):
    """`festinger resolve run` from a shell: no model configured and no Agent Zero agent (no
    utility model). Nothing was tried, so nothing is recorded as a failed attempt, and the
    run says what is missing."""
    env = graph_env(**LOW)
    isa_isa_collision(env)  # no model configured, no Agent Zero agent seen
    for _ in range(3):
        report = env.run()
        assert report["failed"] == 0 and report["skipped"] == 1 and report["no_model"]
        assert "no resolve model available" in report["note"]
        assert "festinger models add" in report["note"] and "no model configured" in report["note"]
    row = env.queue()[0]
    assert row["status"] == "pending" and row["attempts"] == 0 and row["error"] is None


def test_empty_queue_run_is_logged(graph_env):
    env = graph_env()
    report = env.run("manual")
    assert report["status"] == "no_items"
    assert env.sql("SELECT trigger, processed FROM resolution_runs") == [
        {"trigger": "manual", "processed": 0}]


# ---------------------------------------------------------------------- human override
def test_human_override_dismiss_and_resolve(graph_env, fake_llm):
    env = graph_env(**LOW)
    qid = isa_isa_collision(env)
    out = env.call(env.res.override(qid, {"decision": "update", "reasoning": "I know"}))
    assert out.status == "resolved" and out.by == "human"
    env.check()
    assert env.edges("gnommoweb") == {"type": "container"}
    assert json.loads(env.queue()[0]["resolution"])["by"] == "human"
    with pytest.raises(ItemGone):
        env.call(env.res.override(qid, {"decision": "dismiss"}))
    env.prompt("gnommoweb is a service")
    qid2 = env.queue("pending")[0]["id"]
    with pytest.raises(ResolutionError, match="another dimension"):
        env.call(env.res.override(qid2, {"decision": "reclassify", "dimension": "type"}))
    assert env.queue("pending")[0]["id"] == qid2
    assert env.call(env.res.override(qid2, {"decision": "dismiss"})).status == "dismissed"
    env.check()
    assert not fake_llm.requests


# ---------------------------------------------------------------------- processes
def test_one_runner_at_a_time_across_processes(graph_env, fake_llm):
    a = graph_env(**LOW)
    b = graph_env(schema=a.svc.schema, **LOW)  # another process on the same database
    a.add_claude(fake_llm.url)
    isa_isa_collision(a)
    fake_llm.script(Reply(text='{"decision": "dismiss"}', delay=1.5))
    fa = a.svc.io.submit(a.res.run_now("a"))
    time.sleep(0.5)
    fb = b.svc.io.submit(b.res.run_now("b"))
    ra, rb = fa.result(30), fb.result(30)
    assert {ra.status, rb.status} == {"done", "busy"}
    assert len(fake_llm.requests) == 1
    assert a.scalar("SELECT count(*) FROM resolution_runs") == 1


def full_reloads(env) -> list:
    """Count the graph service's full reloads (a precise notice needs none)."""
    calls: list = []
    original = env.graph.reload

    async def counting():
        calls.append(1)
        return await original()
    env.graph.reload = counting
    return calls


def wait_for(cond, timeout=10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return True
        time.sleep(0.05)
    return cond()


def test_other_processes_follow_through_listen_notify(graph_env, fake_llm, pg_dsn):
    """A resolution in a process without a graph (the CLI) reaches the serving process's cache
    through NOTIFY, row by row, with no HTTP between them and no full reload."""
    served = graph_env(**LOW)
    served.add_claude(fake_llm.url)
    isa_isa_collision(served)
    reloads = full_reloads(served)
    # the CLI shares the data folder (and so the Fernet key) with the serving process
    cli = make_service(pg_dsn, served.svc.home, served.svc.schema, **LOW)
    try:
        fake_llm.script(decompose())
        report = cli.io.call(cli.resolution.run_now("cli"), 60)
        assert report.count("resolved") == 1
        assert wait_for(lambda: "[deployment-type] container" in served.block("gnommoweb"))
        block = served.block("gnommoweb")
        assert "[artifact-type] repo" in block and "?" not in block
        assert "[type]" not in block
        served.check()  # the cache equals the database: roots, new SOAS rows, queue
        assert reloads == []
    finally:
        cli.close()


def test_a_large_change_is_announced_as_a_reload(graph_env):
    from festinger.graph.reload import MAX_NOTICES, announce

    served = graph_env()
    other = graph_env(schema=served.svc.schema)
    reloads = full_reloads(served)

    async def go():
        db = await other.svc.db()
        async with db.pool.acquire() as conn:
            async with conn.transaction():
                return await announce(conn, other.svc.schema, "elsewhere",
                                      [(i, 1) for i in range(MAX_NOTICES + 1)])
    assert other.call(go()) == 1
    assert wait_for(lambda: reloads == [1])


def test_the_service_runs_the_job_on_its_schedule(graph_env, fake_llm):
    """The scheduler inside the service (with a fake clock at 01:59): a catch-up run at start
    (nothing ran since last night's 2 am), then the 2 am run."""
    import asyncio
    from datetime import datetime, timedelta

    env = graph_env(**LOW)
    env.add_claude(fake_llm.url)
    isa_isa_collision(env)
    fake_llm.handler = lambda req: '{"decision": "dismiss"}'
    now = [datetime.now().astimezone().replace(hour=1, minute=59, second=0, microsecond=0)]
    stop_at = now[0] + timedelta(minutes=2)

    async def fake_sleep(seconds):
        if now[0] >= stop_at:
            await asyncio.Event().wait()  # park the scheduler after the 2 am run
        now[0] += timedelta(seconds=seconds)
        await asyncio.sleep(0)

    env.res.scheduler._clock = lambda: now[0]
    env.res.scheduler._sleep = fake_sleep
    env.res.catch_up_delay = 0
    env.res.start(write_path=False)
    assert wait_for(lambda: env.scalar("SELECT count(*) FROM resolution_runs") == 2)
    runs = env.sql("SELECT trigger, processed FROM resolution_runs ORDER BY id")
    assert runs == [{"trigger": "catch-up", "processed": 1}, {"trigger": "schedule",
                                                              "processed": 0}]
    assert env.queue()[0]["status"] == "dismissed"
    assert env.res.scheduler.next_run is not None
    env.check()
