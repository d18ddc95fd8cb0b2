"""Write-through to Postgres: ids from the database, the UniqueViolation race, batched
saliency flushes, the write-path queue, the dictionary bootstrap."""

from __future__ import annotations

import time

import pytest

from festinger.graph.bootstrap import (SETTING_KEY, bootstrap_dictionary, dictionary_words)
from festinger.graph.factfile import parse_fact
from festinger.service import FestingerService

from .conftest import scalar, settle, sql

pytestmark = pytest.mark.postgres


def second_process(svc, **overrides):
    other = FestingerService(svc.loaded, home=svc.home.parent / (svc.home.name + "-2"),
                             dsn=svc.dsn, schema=svc.schema)
    g = other.graph
    g.auto_bootstrap = False
    g.snapshots = False
    assert g.wait_first_attempt(60) and g.db_up
    return other, g


def test_unique_violation_race_becomes_a_queued_collision(graph_factory):
    """Two processes, both caches without the edge: the loser's optimistic insert meets the
    unique (id, dim_id) index, reloads the winner's row and queues its fact instead."""
    svc_a, a = graph_factory()
    for t in ("gnommoweb", "repo", "container"):  # salient, so the block shows them
        sql(svc_a, "INSERT INTO soas (token, encounter_count, saliency) VALUES ($1, 10, 1)", t)
    svc_b, b = second_process(svc_a)
    svc_c, c = second_process(svc_a)
    try:
        decision, fut = b.submit_fact(parse_fact("gnommoweb -isa repo"))
        assert decision.kind == "insert" and fut.result(30)["outcome"] == "inserted"
        # c never heard of it: it decides INSERT in memory (and shows it at once) ...
        res = c.process_prompt("gnommoweb is a container")
        assert [d.kind for d in res.decisions] == ["insert"]
        assert settle(svc_c, c)
        # ... and Postgres says no: the stored parent wins, the prompt's fact is queued
        gid = c.cache.soas_by_token["gnommoweb"].id
        tid = c.cache.soas_by_token["type"].id
        assert c.cache.urd_by_concept_dim[(gid, tid)].parent_id == \
            c.cache.soas_by_token["repo"].id
        q = sql(svc_c, "SELECT collision_type, status, priority, incoming_source FROM "
                       "resolution_queue")
        assert q == [{"collision_type": "isa_isa", "status": "pending", "priority": False,
                      "incoming_source": "inferred"}]
        assert c.cache.pending_conflicts == {gid}
        assert c.render_tokens(["gnommoweb"]).splitlines()[1] == \
            "gnommoweb: [type?] repo — conflict pending"
        assert scalar(svc_c, "SELECT count(*) FROM urd WHERE id = $1", gid) == 1
    finally:
        svc_b.close()
        svc_c.close()


def test_saliency_deltas_are_flushed_in_one_batch_per_interval(graph_factory):
    svc, graph = graph_factory(saliency_flush_seconds=0.3)
    for t in ("alpha_service", "beta_service", "gamma_service"):
        sql(svc, "INSERT INTO soas (token) VALUES ($1)", t)
    svc2, g = second_process(svc)  # loaded with the three tokens, flush every 0.3 s
    try:
        applied = g.counters["applied"]
        for _ in range(5):
            g.process_prompt("alpha_service beta_service gamma_service")
        # nothing was written per encounter; one flush carries all three rows
        deadline = time.time() + 10
        while time.time() < deadline and scalar(
                svc2, "SELECT min(encounter_count) FROM soas WHERE token LIKE '%_service'") < 5:
            time.sleep(0.1)
        rows = sql(svc2, "SELECT token, encounter_count, saliency FROM soas WHERE token LIKE "
                         "'%_service' ORDER BY token")
        assert [r["encounter_count"] for r in rows] == [5, 5, 5]
        assert rows[0]["saliency"] == pytest.approx(1.60944, abs=1e-4)  # ln(5)
        assert g.counters["applied"] - applied <= 2  # one (maybe two) batched UPDATEs
    finally:
        svc2.close()


def test_unflushed_encounters_are_written_at_shutdown(graph_factory):
    svc, graph = graph_factory(saliency_flush_seconds=3600)
    sql(svc, "INSERT INTO soas (token) VALUES ('delta_service')")
    svc2, g = second_process(svc)
    for _ in range(3):
        g.process_prompt("delta_service")
    assert scalar(svc, "SELECT encounter_count FROM soas WHERE token = 'delta_service'") == 0
    svc2.close()
    assert scalar(svc, "SELECT encounter_count FROM soas WHERE token = 'delta_service'") == 3


def test_crossing_the_write_threshold_enqueues_for_the_llm_write_path(graph_factory):
    svc, graph = graph_factory()
    sql(svc, "INSERT INTO soas (token, encounter_count, saliency) VALUES ('ramanujan', 3, "
             "ln(3))")
    svc2, g = second_process(svc)
    try:
        res = g.process_prompt("ramanujan")  # 4 encounters: ln(4) = 1.386 >= 1.2
        assert res.write_candidates == ["ramanujan"]
        g.process_prompt("ramanujan again")  # already above: not a new crossing
        assert settle(svc2, g)
        rows = svc2.io.call(g.write_queue())
        assert [(r["concept"], r["status"]) for r in rows] == [("ramanujan", "pending")]
        assert scalar(svc2, "SELECT count(*) FROM write_queue") == 1
    finally:
        svc2.close()


def test_a_brand_new_token_seen_again_in_another_process_keeps_its_id(graph_factory):
    svc, graph = graph_factory()
    graph.process_prompt("zorblax_engine needs attention")
    assert settle(svc, graph)
    zid = graph.cache.soas_by_token["zorblax_engine"].id
    svc2, g = second_process(svc)
    try:
        assert g.cache.soas_by_token["zorblax_engine"].id == zid
        g.process_prompt("zorblax_engine again")
        assert settle(svc2, g)
        assert scalar(svc2, "SELECT encounter_count FROM soas WHERE id = $1", zid) == 2
    finally:
        svc2.close()


async def test_dictionary_bootstrap_loads_tens_of_thousands_and_skips_existing(database):
    words = dictionary_words()
    assert len(words) == 50_000 and len(set(words)) == len(words)
    assert {"the", "please", "update", "container", "docker"} <= set(words)
    assert all(w == w.lower() and w.isascii() for w in words)
    seen = []
    async with database.pool.acquire() as conn:
        await conn.execute("INSERT INTO soas (token, encounter_count, saliency, novelty) "
                           "VALUES ('docker', 7, 0.8, 1.0)")
        first = await bootstrap_dictionary(conn, words, lambda d, t: seen.append((d, t)))
        again = await bootstrap_dictionary(conn, words)
        docker = await conn.fetchrow("SELECT * FROM soas WHERE token = 'docker'")
        the = await conn.fetchrow("SELECT * FROM soas WHERE token = 'the'")
        setting = await conn.fetchval("SELECT value FROM config WHERE key = $1", SETTING_KEY)
    already = {"docker", "type", "membership", "runs-on", "tech", "owned-by", "geography"}
    n_existing = len(already & set(words))  # the seed dimensions are SOAS rows already
    assert first.skipped == n_existing and first.inserted == 50_000 - n_existing
    assert again.inserted == 0 and again.skipped == 50_000
    assert seen[-1] == (50_000, 50_000) and len(seen) >= 10  # the progress bar's ticks
    assert (docker["encounter_count"], docker["novelty"]) == (7, 1.0)  # existing row untouched
    assert (the["saliency"], the["novelty"], the["encounter_count"]) == (0.0, 0.0, 0)
    assert '"source": "wordfreq en", "words": 50000' in setting  # the last run's record


def test_writes_of_another_process_reach_this_cache(graph_factory):
    """The CLI (or another container) stores a fact: the running agent's cache shows it
    without a reload, through Postgres LISTEN/NOTIFY."""
    svc, agent_side = graph_factory()
    for t in ("gnommoweb", "repo", "container"):
        sql(svc, "INSERT INTO soas (token, encounter_count, saliency) VALUES ($1, 10, 1)", t)
    svc.io.call(agent_side.reload())
    svc_cli, cli_side = second_process(svc)
    try:
        _, fut = cli_side.submit_fact(parse_fact("gnommoweb -isa repo"))
        assert fut.result(30)["outcome"] == "inserted"
        deadline = time.time() + 10
        while time.time() < deadline and "[type] repo" not in agent_side.render_tokens(
                ["gnommoweb"]):
            time.sleep(0.05)
        assert agent_side.render_tokens(["gnommoweb"]).splitlines()[1] == \
            "gnommoweb: [type] repo"
        _, fut = cli_side.submit_fact(parse_fact("gnommoweb -isa container"))
        assert fut.result(30)["outcome"] == "conflict"
        while time.time() < deadline and "[type?]" not in agent_side.render_tokens(
                ["gnommoweb"]):
            time.sleep(0.05)
        assert "[type?] repo" in agent_side.render_tokens(["gnommoweb"])
        # a token only the other process knew arrives with the edge that names it
        _, fut = cli_side.submit_fact(parse_fact("zorblax -ispart gnommoweb"))
        assert fut.result(30)["outcome"] == "inserted"
        while time.time() < deadline and "zorblax" not in agent_side.cache.soas_by_token:
            time.sleep(0.05)
        z = agent_side.cache.soas_by_token["zorblax"]
        assert [e.parent_id for e in agent_side.cache.edges_of(z.id)] == [
            agent_side.cache.soas_by_token["gnommoweb"].id]
    finally:
        svc_cli.close()
