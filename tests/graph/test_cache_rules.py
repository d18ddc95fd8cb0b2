"""The in-memory cache layer's structural rules: seeded dimensions, no cycles, one parent per
concept and dimension, bad values refused, encounter counting and saliency, bulk loads, the
recollection pipeline in memory. (The seed's Tests A-C are in test_cache.py.)"""

from datetime import datetime, timedelta, timezone

import pytest

from festinger.graph.cache import COLLISION, CONFIRM, INSERT, REFUSED, GraphCache
from festinger.graph.collisions import classify
from festinger.graph.models import QueueEntry, SoasRow, UrdEdge
from festinger.graph.recollection import RecollectionRenderer, recollect
from festinger.graph.saliency import SaliencyPolicy, english_common_words

NOW = datetime(2026, 4, 19, 16, 0, tzinfo=timezone.utc)


@pytest.fixture
def graph():
    cache = GraphCache()
    cache.seed_dimensions(NOW)
    cache.intern(["aaa", "bbb", "ccc", "ddd"])
    return cache


def ids(cache, *tokens):
    return [cache.lookup(t).id for t in tokens]


def insert(cache, c, p, dim="membership", is_isa=False, source="inferred"):
    ci, pi, di = ids(cache, c, p, dim)
    return cache.apply(cache.decide(ci, pi, di, is_isa, 0.9, source, NOW), NOW)


def test_seed_dimensions_have_roots_and_only_type_is_isa(graph):
    for token, isa in [("type", True), ("membership", False), ("runs-on", False),
                       ("tech", False), ("owned-by", False), ("geography", False)]:
        i = graph.lookup(token).id
        root = graph.urd_by_concept_dim[(i, i)]
        assert root.is_root and root.is_isa is isa


def test_two_concept_cycle_is_refused(graph):
    assert insert(graph, "aaa", "bbb").kind == INSERT
    d = insert(graph, "bbb", "aaa")
    assert d.kind == REFUSED and "cycle" in d.reason
    b, m = ids(graph, "bbb", "membership")
    assert (b, m) not in graph.urd_by_concept_dim
    assert len(graph.queue) == 0  # refused, not queued


def test_longer_cycle_is_refused_but_other_dimensions_are_independent(graph):
    assert insert(graph, "aaa", "bbb").kind == INSERT
    assert insert(graph, "bbb", "ccc").kind == INSERT
    assert insert(graph, "ccc", "aaa").kind == REFUSED
    assert insert(graph, "ccc", "ddd").kind == INSERT  # a tree, no loop
    # the same edge direction in another dimension is fine
    assert insert(graph, "ccc", "aaa", dim="geography").kind == INSERT


def test_self_loop_refused_and_roots_are_the_only_self_reference(graph):
    a, m = ids(graph, "aaa", "membership")
    assert graph.decide(a, a, m, False, 1.0, "gutask", NOW).kind == REFUSED
    assert graph.would_cycle(a, a, m) is True
    assert graph.would_cycle(a, a, a) is False
    assert graph.decide(a, a, a, False, 1.0, "festinger", NOW).kind == INSERT
    # a dimension root cannot be given a parent in its own dimension
    assert graph.decide(m, a, m, False, 1.0, "gutask", NOW).kind == REFUSED


def test_one_parent_per_concept_per_dimension_and_classification(graph):
    assert insert(graph, "aaa", "bbb", dim="type", is_isa=True).kind == INSERT
    d = insert(graph, "aaa", "ccc", dim="type", is_isa=True, source="gutask")
    assert d.kind == COLLISION and d.conflict.collision_type == "isa_isa"
    assert d.conflict.priority is True  # iknowthat conflicts are reviewed first
    assert insert(graph, "aaa", "bbb", dim="geography").kind == INSERT
    assert insert(graph, "aaa", "ccc", dim="geography").conflict.collision_type == "ispart_ispart"
    assert insert(graph, "aaa", "ddd", dim="type", is_isa=False).conflict.collision_type == (
        "misclassification")
    a, t, g = ids(graph, "aaa", "type", "geography")
    assert graph.pending_dims(a) == frozenset({t, g})
    assert graph.token_of(graph.urd_by_concept_dim[(a, t)].parent_id) == "bbb"
    assert classify(True, False) == classify(False, True) == "misclassification"


def test_restating_a_known_fact_confirms_it(graph):
    insert(graph, "aaa", "bbb")
    a, m = ids(graph, "aaa", "membership")
    graph.urd_by_concept_dim[(a, m)].last_confirmed = NOW - timedelta(days=300)
    later = NOW + timedelta(days=1)
    ci, pi, di = ids(graph, "aaa", "bbb", "membership")
    d = graph.apply(graph.decide(ci, pi, di, False, 0.8, "inferred", later), later)
    assert d.kind == CONFIRM
    assert graph.urd_by_concept_dim[(a, m)].last_confirmed == later
    assert len(graph.urd_by_concept[a]) == 1


def test_refuses_bad_values(graph):
    a, b, m = ids(graph, "aaa", "bbb", "membership")
    assert graph.decide(a, b, m, False, 1.5, "gutask", NOW).kind == REFUSED
    assert graph.decide(a, b, m, False, 0.5, "somebody", NOW).kind == REFUSED
    assert graph.decide(a, 99999, m, False, 0.5, "gutask", NOW).kind == REFUSED


def test_iknowthat_and_llm_inserts_confirm_novelty(graph):
    insert(graph, "aaa", "bbb", source="gutask")
    assert graph.lookup("aaa").novelty == 1.0
    assert graph.lookup("bbb").novelty == 0.5


# ---------------------------------------------------------------- saliency and flushing
def test_encounter_counts_once_per_prompt_and_scales_logarithmically():
    cache = GraphCache()
    # Natural log (the seed's Test A writes the first encounter as log(1)).
    for i in range(1, 5):
        enc = cache.encounter(["gnommoweb", "gnommoweb", "fastapi"], NOW)
        row = cache.lookup("gnommoweb")
        assert row.encounter_count == i
        if i == 1:
            assert row.saliency < 0.5  # ln(1) = 0
        if i == 2:
            assert row.saliency >= 0.5  # ln(2) = 0.69: readable from the 2nd mention
        if i == 3:
            assert enc.write_candidates == []  # ln(3) = 1.10 < 1.2
    assert row.saliency == pytest.approx(1.3863, abs=1e-3)  # ln(4): the write threshold
    assert [r.token for r in enc.write_candidates] == ["gnommoweb", "fastapi"]
    enc = cache.encounter(["gnommoweb"], NOW)
    assert enc.write_candidates == []  # crossing fires once


def test_common_english_stays_at_zero_even_if_preseeded():
    cache = GraphCache(SaliencyPolicy(common_words=frozenset({"please"})))
    cache.add_soas(SoasRow(7, "please", encounter_count=0, saliency=0.0, novelty=0.0))
    for _ in range(50):
        cache.encounter(["please"], NOW)
    assert cache.lookup("please").encounter_count == 50
    assert cache.lookup("please").saliency == 0.0


def test_dirty_deltas_flush_in_one_batch_and_restore_on_failure():
    cache = GraphCache()
    cache.encounter(["gnommoweb", "fastapi"], NOW)
    cache.encounter(["gnommoweb"], NOW)
    batch = sorted(cache.take_dirty())
    g, f = cache.lookup("gnommoweb"), cache.lookup("fastapi")
    assert [(b[0], b[1]) for b in batch] == sorted([(g.id, 2), (f.id, 1)])
    assert cache.take_dirty() == []
    cache.restore_dirty(batch)  # the UPDATE failed: retry next time
    assert sorted((b[0], b[1]) for b in cache.take_dirty()) == sorted([(g.id, 2), (f.id, 1)])


def test_new_tokens_per_prompt_are_capped():
    cache = GraphCache(SaliencyPolicy(max_new_tokens_per_prompt=10))
    tokens = [f"junk{i:05d}" for i in range(1000)]
    assert cache.tokens_to_intern(tokens) == tokens[:10]
    enc = cache.encounter(tokens, NOW)
    assert len(enc.new_tokens) == 10 and enc.skipped_new == 990
    assert len(cache.soas_by_token) == 10


def test_allocator_contract_is_checked():
    cache = GraphCache()
    with pytest.raises(ValueError):
        cache.encounter(["gnommoweb", "fastapi"], NOW, allocate=lambda toks: [1])
    cache.add_soas(SoasRow(5, "gnommoweb"))
    with pytest.raises(ValueError):
        cache.add_soas(SoasRow(6, "gnommoweb"))
    with pytest.raises(ValueError):
        cache.add_soas(SoasRow(5, "fastapi"))


def test_local_ids_skip_ids_filled_in_directly():
    cache = GraphCache()
    cache.soas_by_token = {"type": SoasRow(id=1)}
    cache.soas_by_id = {1: "type"}
    cache.encounter(["gnommoweb"], NOW)
    assert cache.lookup("gnommoweb").id == 2


# ---------------------------------------------------------------- loading
def test_bulk_load_and_apply_of_loaded_edges():
    cache = GraphCache()
    assert cache.load_soas([(1, "type", 0, None, 0.0, 0.0), (2, "aaa", 3, NOW, 0.48, 0.5),
                            (3, "bbb", 0, None, 0.0, 0.5), (4, "ccc", 0, None, 0.0, 0.5)]) == 4
    assert cache.load_edges([(1, 1, 1, True, 1.0, NOW, "festinger"),
                             (2, 3, 1, True, 0.9, NOW, "cloud_llm")]) == 2
    assert cache.urd_by_concept_dim[(2, 1)].parent_id == 3
    # a row reloaded after a UniqueViolation replaces the cached one for that key
    cache.apply_edge(UrdEdge(2, 4, 1, True, 0.8, NOW, "inferred"))
    assert [e.parent_id for e in cache.urd_by_concept[2]] == [4]
    assert cache.stats()["urd"] == 2
    # the in-memory id counter continues after loaded ids
    cache.encounter(["gnommoweb"], NOW)
    assert cache.lookup("gnommoweb").id == 5


def test_recollect_pipeline_end_to_end_in_memory():
    cache = GraphCache(SaliencyPolicy(common_words=english_common_words()))
    cache.seed_dimensions(NOW)
    renderer = RecollectionRenderer()
    recollect(cache, renderer, "gnommoweb is part of Glitch University", NOW)
    for _ in range(3):
        res = recollect(cache, renderer, "what does gnommoweb do?", NOW)
    assert res.block == ("<recollection>\n"
                         "gnommoweb: [membership] glitch_university\n"
                         "</recollection>")


# ---------------------------------------------------------------- review fixes
class _NoWalk(dict):
    """An edge map that fails the test if anything walks it (O(edges) under the lock)."""

    def items(self):
        raise AssertionError("walked every edge")

    def values(self):
        raise AssertionError("walked every edge")

    def __iter__(self):
        raise AssertionError("walked every edge")


def test_dimension_roots_follow_every_edge_method_and_taxonomy_never_walks_edges():
    from festinger.llm.prompts import taxonomy

    cache = GraphCache()
    cache.load_soas([(1, "type", 0, None, 0.0, 0.0), (2, "membership", 0, None, 0.0, 0.0),
                     (3, "artifact-type", 0, None, 0.0, 0.0), (4, "repo", 0, None, 0.0, 0.5)])
    cache.load_edges([(1, 1, 1, True, 1.0, NOW, "festinger"),
                      (2, 2, 2, False, 1.0, NOW, "festinger"),
                      (4, 1, 1, True, 0.9, NOW, "cloud_llm")])
    assert cache.dimension_roots == {1: True, 2: False}
    cache.apply_edge(UrdEdge(3, 3, 3, True, 1.0, NOW, "festinger"))  # a new dimension
    cache.urd_by_concept_dim = _NoWalk(cache.urd_by_concept_dim)
    assert [(d.token, d.is_isa) for d in taxonomy(cache)] == [
        ("type", True), ("membership", False), ("artifact-type", True)]
    cache.remove_edge(3, 3)
    assert [d.token for d in taxonomy(cache)] == ["type", "membership"]
    cache.apply_edge(UrdEdge(2, 1, 2, False, 1.0, NOW, "festinger"))  # root replaced
    assert cache.dimension_roots == {1: True}


def test_inline_saliency_in_encounter_equals_the_policy_score():
    """GraphCache.encounter inlines SaliencyPolicy.score for speed: pin them equal."""
    for base in (10.0, 2.0):
        policy = SaliencyPolicy(log_base=base, write_threshold=99.0)
        cache = GraphCache(policy)
        cache.load_soas([(1, "aaa", 0, None, 0.0, 0.5), (2, "bbb", 0, None, 0.7, 0.5)])
        for n in range(1, 300):
            cache.encounter(["aaa", "bbb"], NOW)
            assert cache.lookup("aaa").saliency == policy.score(0.0, n)
            assert cache.lookup("bbb").saliency == policy.score(0.7, n)


def test_closing_a_conflict_forgets_it():
    cache = GraphCache()
    cache.load_soas([(1, "type", 0, None, 0.0, 0.0), (2, "a", 0, None, 0.0, 0.5),
                     (3, "b", 0, None, 0.0, 0.5), (4, "c", 0, None, 0.0, 0.5)])
    cache.seed_dimensions(NOW)
    cache.apply_edge(UrdEdge(2, 3, 1, True, 0.9, NOW, "inferred"))
    for n in range(1000):  # a long-running process sees many collisions come and go
        entry = cache.record_conflict(QueueEntry(n + 1, 2, 3, 4, 1, "isa_isa", created_at=NOW))
        cache.close_conflict(entry.id, "dismissed", None, NOW)
    assert cache.queue.entries == {} and cache.pending_conflicts == set()
    assert len(cache.queue) == 0
