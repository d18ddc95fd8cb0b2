"""The in-memory cache layer: the seed's Test A (both variants), Test B and Test C's
preconditions (the structural rules are in test_cache_rules.py)."""

from datetime import datetime, timezone

import pytest

from festinger.graph.cache import ALREADY_PENDING, COLLISION, INSERT, GraphCache
from festinger.graph.cues import scan_prompt
from festinger.graph.models import QueueEntry, SoasRow, Triple, UrdEdge
from festinger.graph.recollection import RecollectionRenderer
from festinger.graph.saliency import SaliencyPolicy, english_common_words

NOW = datetime(2026, 4, 19, 16, 0, tzinfo=timezone.utc)


class MockPostgres:
    """Stands in for the store: hands out the ids the seed's tests name, records writes."""

    def __init__(self, soas_ids=(), queue_ids=(1,)):
        self._soas_ids = list(soas_ids)
        self._queue_ids = list(queue_ids)
        self.soas_inserts: list[str] = []
        self.urd_inserts: list[UrdEdge] = []
        self.queue_inserts: list[QueueEntry] = []

    def allocate(self, tokens):
        self.soas_inserts.extend(tokens)
        return [self._soas_ids.pop(0) for _ in tokens]

    def write(self, cache, triple, now):
        """The write-through sequence a store runs around the pure cache methods."""
        concept, parent, dim = cache.intern([triple.concept, triple.parent, triple.dimension],
                                            self.allocate)
        d = cache.decide(concept.id, parent.id, dim.id, triple.is_isa, triple.confidence,
                         triple.source, now)
        if d.kind == INSERT:
            self.urd_inserts.append(d.edge)
        elif d.kind == COLLISION:
            d.conflict.id = self._queue_ids.pop(0)
            self.queue_inserts.append(d.conflict)
        return cache.apply(d, now)


def new_cache():
    return GraphCache(SaliencyPolicy(common_words=english_common_words()))


def prompt_pass(cache, store, text, now=NOW):
    """Tokenise, count, write cue facts through the store, render."""
    scan = scan_prompt(text)
    enc = cache.encounter(scan.tokens, now, store.allocate)
    decisions = [store.write(cache, t, now) for t in scan.triples]
    block = RecollectionRenderer().render(cache, enc.rows, now)
    return scan, enc, decisions, block


# ---------------------------------------------------------------- Test A
def test_a_unknown_concept_below_threshold():
    cache = new_cache()
    cache.soas_by_token = {}  # empty: concept is completely unknown
    cache.urd_by_concept = {}
    cache.urd_by_concept_dim = {}
    cache.pending_conflicts = set()
    pg = MockPostgres(soas_ids=[101, 102])

    scan, enc, decisions, block = prompt_pass(
        cache, pg, "Please update gnommoweb to use FastAPI instead")

    # 1. tokeniser extracts the five >= 5-char tokens
    assert scan.tokens == ["please", "update", "gnommoweb", "fastapi", "instead"]
    # common English is never salient: not even given a row
    for common in ("please", "update", "instead"):
        assert cache.lookup(common) is None
    # 2. the two new tokens get their ids from "Postgres", in prompt order
    assert pg.soas_inserts == ["gnommoweb", "fastapi"]
    assert cache.soas_by_token["gnommoweb"].id == 101
    assert cache.soas_by_token["fastapi"].id == 102
    assert cache.soas_by_id[101] == "gnommoweb" and cache.soas_by_id[102] == "fastapi"
    # 3. saliency log(1) = 0: below the read threshold
    assert cache.soas_by_token["gnommoweb"].saliency == 0.0
    assert cache.soas_by_token["fastapi"].saliency == 0.0
    # 4. no URD lookup result, no block
    assert block == ""
    assert cache.pending_conflicts == set()
    assert len(cache.queue) == 0 and pg.queue_inserts == []
    assert decisions == []


def test_a_variant_above_threshold_emits_zero_hit_instruction():
    cache = new_cache()
    cache.soas_by_token["gnommoweb"] = SoasRow(id=101, encounter_count=50, saliency=0.9)
    cache.soas_by_id[101] = "gnommoweb"
    cache.urd_by_concept = {}
    pg = MockPostgres(soas_ids=[102])

    _, enc, _, block = prompt_pass(cache, pg, "Please update gnommoweb to use FastAPI instead")

    row = cache.soas_by_token["gnommoweb"]
    assert row.saliency >= 0.5 and row.encounter_count == 51  # 1. above read threshold
    assert cache.urd_by_concept.get(101, []) == []  # 2. no edges
    # 3./4. zero-hit path
    assert block == (
        "<recollection>\n"
        "? gnommoweb: no recollection. If not a typo, store it before proceeding:\n"
        "iknowthat 'gnommoweb -isa <parent> in context of <dimension>'\n"
        "iknowthat 'gnommoweb -ispart <system> in context of <dimension>'\n"
        "</recollection>")
    assert "? gnommoweb" in block
    assert cache.pending_conflicts == set()
    assert len(cache.queue) == 0
    assert "fastapi" not in block  # new, first sight


# ---------------------------------------------------------------- Test B
def seed_test_b(cache):
    cache.soas_by_token = {
        "gnommoweb": SoasRow(id=101, saliency=1.2, novelty=1.0),
        "repo": SoasRow(id=201, saliency=0.8, novelty=0.5),
        "container": SoasRow(id=202, saliency=0.6, novelty=0.4),
        "type": SoasRow(id=1, saliency=0.0, novelty=0.0),  # seed dimension
    }
    cache.soas_by_id = {101: "gnommoweb", 201: "repo", 202: "container", 1: "type"}
    existing_edge = UrdEdge(concept_id=101, parent_id=201, dim_id=1,
                            is_isa=True, confidence=0.9, source="cloud_llm")
    cache.urd_by_concept = {101: [existing_edge]}
    cache.urd_by_concept_dim = {(101, 1): existing_edge}
    cache.pending_conflicts = set()
    return existing_edge


@pytest.mark.parametrize("policy", [
    SaliencyPolicy(common_words=english_common_words()),
    SaliencyPolicy(),  # no dictionary at all: the outcome must not depend on it
], ids=["with-dictionary", "no-dictionary"])
def test_b_isa_collision_with_existing_world_model(policy):
    cache = GraphCache(policy)
    existing_edge = seed_test_b(cache)
    pg = MockPostgres(soas_ids=[301, 302, 303], queue_ids=[1])

    scan, _, decisions, block = prompt_pass(
        cache, pg, "gnommoweb is a container deployed on Docker")

    # 1. the cue scanner extracts exactly the "is a" triple
    assert [(t.concept, t.parent, t.dimension, t.is_isa) for t in scan.triples] == [
        ("gnommoweb", "container", "type", True)]
    # 2./3. collision on (101, 1), ISA + ISA
    assert [d.kind for d in decisions] == [COLLISION]
    # 4. one queue insert with the seed's fields
    assert len(pg.queue_inserts) == 1
    q = pg.queue_inserts[0]
    assert (q.concept_id, q.existing_parent_id, q.incoming_parent_id, q.dim_id,
            q.collision_type, q.status) == (101, 201, 202, 1, "isa_isa", "pending")
    # 5.
    assert cache.pending_conflicts == {101}
    # 6. world model unchanged, no URD insert attempted
    assert cache.urd_by_concept_dim[(101, 1)] is existing_edge
    assert cache.urd_by_concept[101] == [existing_edge]
    assert pg.urd_inserts == []
    assert [e.id for e in cache.queue.pending()] == [1]
    assert cache.queue.pending()[0].collision_type == "isa_isa"
    # the recollection block for this prompt
    assert block == ("<recollection>\n"
                     "gnommoweb: [type?] repo — conflict pending\n"
                     "</recollection>")


def test_b_repeating_the_conflicting_fact_queues_it_once():
    cache = new_cache()
    seed_test_b(cache)
    pg = MockPostgres(soas_ids=[301, 302, 303], queue_ids=[1, 2])
    for _ in range(3):
        prompt_pass(cache, pg, "gnommoweb is a container deployed on Docker")
    assert len(pg.queue_inserts) == 1
    d = pg.write(cache, Triple("gnommoweb", "container", "type", True, 0.75, "inferred"), NOW)
    assert d.kind == ALREADY_PENDING and d.conflict.id == 1


# ---------------------------------------------------------------- Test C (preconditions)
def state_at_end_of_test_b():
    cache = new_cache()
    seed_test_b(cache)
    pg = MockPostgres(soas_ids=[301, 302, 303], queue_ids=[1])
    prompt_pass(cache, pg, "gnommoweb is a container deployed on Docker")
    return cache


def test_c_preconditions_queue_entry_as_the_nightly_job_will_read_it():
    cache = state_at_end_of_test_b()
    resolution_queue = [
        QueueEntry(id=1, concept_id=101, existing_parent_id=201, incoming_parent_id=202,
                   dim_id=1, collision_type="isa_isa", status="pending")
    ]
    cache.load_queue(resolution_queue)  # what a /reload from the store does

    pending = cache.queue.pending()
    assert [(e.id, e.concept_id, e.existing_parent_id, e.incoming_parent_id, e.dim_id,
             e.collision_type, e.status) for e in pending] == [
        (1, 101, 201, 202, 1, "isa_isa", "pending")]
    assert cache.pending_conflicts == {101}
    assert cache.pending_dims(101) == frozenset({1})
    assert cache.urd_by_concept_dim[(101, 1)].parent_id == 201
    assert "[type?] repo" in RecollectionRenderer().render(
        cache, [cache.lookup("gnommoweb")], NOW)


def test_c_cache_primitives_reach_the_seeds_end_state():
    """Not the nightly job (a later module): the cache operations it will use, applied in
    the order of the seed's step 7, give the seed's final block."""
    cache = state_at_end_of_test_b()
    cache.add_soas(SoasRow(id=401, token="artifact-type", novelty=0.0))
    cache.add_soas(SoasRow(id=402, token="deployment-type", novelty=0.0))
    for d in (401, 402):
        root = cache.decide(d, d, d, True, 1.0, "festinger", NOW)
        assert root.kind == INSERT
        cache.apply(root, NOW)
    cache.remove_edge(101, 1)
    for parent, dim in ((201, 401), (202, 402)):
        d = cache.decide(101, parent, dim, True, 0.9, "festinger", NOW)
        assert d.kind == INSERT
        cache.apply(d, NOW)
    closed = cache.close_conflict(1, "resolved", {"decision": "decompose"}, NOW)

    assert (101, 401) in cache.urd_by_concept_dim and (101, 402) in cache.urd_by_concept_dim
    assert (101, 1) not in cache.urd_by_concept_dim
    assert len(cache.urd_by_concept[101]) == 2
    assert 101 not in cache.pending_conflicts
    assert closed.status == "resolved" and closed.resolution is not None
    assert 1 not in cache.queue.entries  # closed: Postgres keeps it, the cache forgets it
    block = RecollectionRenderer().render(cache, [cache.lookup("gnommoweb")], NOW)
    assert block == ("<recollection>\n"
                     "gnommoweb: [artifact-type] repo [deployment-type] container\n"
                     "</recollection>")


# ---------------------------------------------------------------- structure
