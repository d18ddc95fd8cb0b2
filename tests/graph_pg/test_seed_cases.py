"""The seed's Test A (both variants), Test B and Test C's preconditions against real
PostgreSQL, through the graph service the Agent Zero hook uses (tests/graph has the same
cases against the bare in-memory cache)."""

from __future__ import annotations

import pytest

from festinger.graph.models import SEED_DIMENSIONS
from festinger.service import FestingerService

from .conftest import counts, scalar, settle, sql

pytestmark = pytest.mark.postgres

ZERO_HIT = ("? gnommoweb: no recollection. If not a typo, store it before proceeding:\n"
            "iknowthat 'gnommoweb -isa <parent> in context of <dimension>'\n"
            "iknowthat 'gnommoweb -ispart <system> in context of <dimension>'")


def seed_rows(svc, rows):
    """INSERT soas rows (token, encounter_count, saliency, novelty) -> {token: id}."""
    out = {}
    for token, count, sal, nov in rows:
        out[token] = scalar(svc, "INSERT INTO soas (token, encounter_count, saliency, novelty, "
                                 "last_seen) VALUES ($1, $2, $3, $4, now()) RETURNING id",
                            token, count, sal, nov)
    return out


def reopen(svc, graph_factory_svc=None):
    """A second process on the same schema (fresh cache loaded from Postgres)."""
    other = FestingerService(svc.loaded, home=svc.home.parent / (svc.home.name + "-b"),
                             dsn=svc.dsn, schema=svc.schema)
    g = other.graph
    g.auto_bootstrap = False
    g.snapshots = False
    assert g.wait_first_attempt(60) and g.db_up
    return other, g


# ------------------------------------------------------------------ Test A
def test_a_unknown_concepts_get_postgres_ids_and_no_recollection(graph_factory):
    svc, graph = graph_factory(bootstrap=True)  # common English pre-seeded, as the seed assumes
    before = counts(svc)
    res = graph.process_prompt("Please update gnommoweb to use FastAPI instead")
    assert set(res.tokens) == {"please", "update", "gnommoweb", "fastapi", "instead"}
    assert res.new_tokens == ["gnommoweb", "fastapi"]  # common words are dictionary rows
    assert res.block == ""  # first encounter: log(1) = 0, below the read threshold
    assert settle(svc, graph)
    # ids come from Postgres: the cache holds exactly the ids the INSERT returned
    db_ids = {r["token"]: r["id"] for r in sql(
        svc, "SELECT id, token FROM soas WHERE token = ANY($1::text[])",
        ["gnommoweb", "fastapi", "please", "update", "instead"])}
    for token in ("gnommoweb", "fastapi"):
        row = graph.cache.soas_by_token[token]
        assert row.id == db_ids[token]
        assert row.encounter_count == 1 and row.saliency == 0.0
    for token in ("please", "update", "instead"):  # common English: saliency pinned at 0
        assert graph.cache.soas_by_token[token].saliency == 0.0
    assert graph.cache.pending_conflicts == set()
    after = counts(svc)
    assert after["resolution_queue"] == 0 and after["urd"] == before["urd"]
    assert after["soas"] == before["soas"] + 2
    # the encounter counts reach Postgres in the batched flush
    assert scalar(svc, "SELECT encounter_count FROM soas WHERE token = 'please'") == 1
    assert scalar(svc, "SELECT encounter_count FROM soas WHERE token = 'gnommoweb'") == 1


def test_a_variant_salient_concept_without_edges_gets_the_zero_hit_prompt(graph_factory,
                                                                          service_factory):
    svc, graph = graph_factory()
    seed_rows(svc, [("gnommoweb", 50, 0.9, 0.5)])
    svc2, graph2 = reopen(svc)  # the cache is loaded at start: load it with the seeded row
    try:
        row = graph2.cache.soas_by_token["gnommoweb"]
        assert row.saliency == pytest.approx(0.9) and graph2.cache.edges_of(row.id) == []
        res = graph2.process_prompt("Please update gnommoweb to use FastAPI instead")
        assert res.block.startswith("<recollection>\n") and res.block.endswith("</recollection>")
        assert ZERO_HIT in res.block
        assert "fastapi" not in res.block  # new: below the read threshold
        assert graph2.cache.pending_conflicts == set()
        assert settle(svc2, graph2)
        assert scalar(svc2, "SELECT count(*) FROM resolution_queue") == 0
        assert scalar(svc2, "SELECT encounter_count FROM soas WHERE token = 'gnommoweb'") == 51
    finally:
        svc2.close()


# ------------------------------------------------------------------ Test B
def _test_b_world(svc):
    ids = seed_rows(svc, [("gnommoweb", 16, 1.2, 1.0), ("repo", 6, 0.8, 0.5),
                          ("container", 4, 0.6, 0.4)])
    ids["type"] = scalar(svc, "SELECT id FROM soas WHERE token = 'type'")
    sql(svc, "INSERT INTO urd (id, parent_id, dim_id, is_isa, confidence, source) "
             "VALUES ($1, $2, $3, true, 0.9, 'cloud_llm')", ids["gnommoweb"], ids["repo"],
        ids["type"])
    return ids


def test_b_isa_collision_is_queued_and_the_world_model_is_unchanged(graph_factory):
    svc, graph = graph_factory()
    ids = _test_b_world(svc)
    svc2, g = reopen(svc)
    try:
        gid, tid = ids["gnommoweb"], ids["type"]
        urd_before = sql(svc2, "SELECT id, parent_id, dim_id, is_isa, confidence, source "
                               "FROM urd ORDER BY id, dim_id")
        res = g.process_prompt("gnommoweb is a container deployed on Docker")
        # 1. the cue `is a` gives (gnommoweb, container, type, ISA); `deployed on Docker`
        #    modifies "container" and is not read as a fact
        assert [(t.concept, t.parent, t.dimension, t.is_isa) for t in res.triples] == [
            ("gnommoweb", "container", "type", True)]
        # 2-3. collision on (gnommoweb, type), ISA+ISA
        assert [d.kind for d in res.decisions] == ["collision"]
        assert res.decisions[0].conflict.collision_type == "isa_isa"
        # the block of this very prompt already marks the contested dimension
        assert res.block == ("<recollection>\ngnommoweb: [type?] repo — conflict pending\n"
                             "</recollection>")
        assert settle(svc2, g)
        # 4. one queue row, pending, with the seed's fields; its id came from Postgres
        q = sql(svc2, "SELECT * FROM resolution_queue")
        assert len(q) == 1
        assert {k: q[0][k] for k in ("concept_id", "existing_parent_id", "incoming_parent_id",
                                     "dim_id", "collision_type", "status")} == {
            "concept_id": gid, "existing_parent_id": ids["repo"],
            "incoming_parent_id": ids["container"], "dim_id": tid,
            "collision_type": "isa_isa", "status": "pending"}
        assert set(g.cache.queue.entries) == {q[0]["id"]}  # provisional id replaced
        # 5. pending_conflicts == {101}
        assert g.cache.pending_conflicts == {gid}
        # 6. world model unchanged, in the cache and in Postgres (no URD insert attempted)
        edge = g.cache.urd_by_concept_dim[(gid, tid)]
        assert edge.parent_id == ids["repo"] and edge.confidence == pytest.approx(0.9)
        assert sql(svc2, "SELECT id, parent_id, dim_id, is_isa, confidence, source FROM urd "
                         "ORDER BY id, dim_id") == urd_before
        # the same sentence again queues nothing new
        g.process_prompt("gnommoweb is a container deployed on Docker")
        assert settle(svc2, g)
        assert scalar(svc2, "SELECT count(*) FROM resolution_queue") == 1
    finally:
        svc2.close()


# ------------------------------------------------------------------ Test C preconditions
def test_c_preconditions_survive_a_restart(graph_factory):
    """The state Test C starts from (end of Test B + the queue row) is what a new process
    (the resolution job, a /reload) reads back from Postgres."""
    svc, graph = graph_factory()
    ids = _test_b_world(svc)
    svc2, g = reopen(svc)
    try:
        g.process_prompt("gnommoweb is a container deployed on Docker")
        assert settle(svc2, g)
    finally:
        svc2.close()
    svc3, g3 = reopen(svc)
    try:
        gid, tid = ids["gnommoweb"], ids["type"]
        pending = g3.cache.queue.pending()
        assert len(pending) == 1
        e = pending[0]
        assert (e.concept_id, e.existing_parent_id, e.incoming_parent_id, e.dim_id,
                e.collision_type, e.status) == (gid, ids["repo"], ids["container"], tid,
                                                "isa_isa", "pending")
        assert e.id == scalar(svc3, "SELECT id FROM resolution_queue")
        assert g3.cache.pending_conflicts == {gid}
        assert len(g3.cache.edges_of(gid)) == 1
        assert g3.render_tokens(["gnommoweb"]) == (
            "<recollection>\ngnommoweb: [type?] repo — conflict pending\n</recollection>")
        listed = svc3.io.call(g3.conflicts())
        assert [(c["concept"], c["dimension"], c["existing_parent"], c["incoming_parent"])
                for c in listed] == [("gnommoweb", "type", "repo", "container")]
        # the seed dimensions' root nodes are there for the decomposition step
        roots = {r["token"] for r in sql(svc3, "SELECT s.token FROM urd u JOIN soas s ON "
                                               "s.id = u.id WHERE u.id = u.parent_id AND "
                                               "u.id = u.dim_id")}
        assert roots == {d for d, _ in SEED_DIMENSIONS}
    finally:
        svc3.close()
