"""The applicators' rules on a plain in-memory cache (the seed: "tests pre-populate the dicts
directly"): what each decision writes, and what it refuses."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from festinger.graph.cache import GraphCache
from festinger.graph.models import QueueEntry, SoasRow, UrdEdge
from festinger.graph.resolution import (CacheView, Item, ResolutionError, apply_to_cache,
                                        automatic_decision, plan_decision)
from festinger.llm.schemas import DECISIONS, parse_decision
from tests.resolution.invariants import find_cycle

NOW = datetime(2026, 4, 19, 2, 0, tzinfo=timezone.utc)


def seed_test_b() -> GraphCache:
    """The state at the end of the seed's Test B."""
    cache = GraphCache()
    for row in (SoasRow(101, "gnommoweb", saliency=1.2, novelty=1.0),
                SoasRow(201, "repo", saliency=0.8, novelty=0.5),
                SoasRow(202, "container", saliency=0.6, novelty=0.4),
                SoasRow(1, "type"), SoasRow(2, "membership")):
        cache.add_soas(row)
    cache.apply_edge(UrdEdge(1, 1, 1, True, 1.0, NOW, "festinger"))
    cache.apply_edge(UrdEdge(2, 2, 2, False, 1.0, NOW, "festinger"))
    cache.apply_edge(UrdEdge(101, 201, 1, True, 0.9, NOW, "cloud_llm"))
    cache.record_conflict(QueueEntry(1, 101, 201, 202, 1, "isa_isa", created_at=NOW,
                                     incoming_confidence=0.75))
    return cache


def item_of(cache: GraphCache, entry_id: int = 1) -> Item:
    e = cache.queue.entries[entry_id]
    t = cache.soas_by_id
    cur = cache.urd_by_concept_dim.get((e.concept_id, e.dim_id))
    return Item(e.id, e.status, e.concept_id, e.dim_id, e.incoming_parent_id,
                e.existing_parent_id, e.collision_type, e.priority, e.incoming_is_isa,
                e.incoming_confidence, e.incoming_source, t[e.concept_id], t[e.dim_id],
                t[e.incoming_parent_id], cur, t.get(cur.parent_id) if cur else None)


async def apply(cache: GraphCache, data: dict, entry_id: int = 1):
    item = item_of(cache, entry_id)
    plan = await plan_decision(CacheView(cache), item, parse_decision(data, allowed=DECISIONS),
                               NOW)
    apply_to_cache(cache, item, plan, {"decision": data["decision"]}, NOW)
    return plan


def dims_of(cache: GraphCache, concept_id: int) -> dict[str, str]:
    t = cache.soas_by_id
    return {t[e.dim_id]: t[e.parent_id] for e in cache.edges_of(concept_id) if not e.is_root}


def all_edges(cache):
    return {(e.concept_id, e.parent_id, e.dim_id, e.is_isa)
            for lst in cache.urd_by_concept.values() for e in lst}


async def test_seed_test_c_decompose_in_memory():
    cache = seed_test_b()
    plan = await apply(cache, {"decision": "decompose", "existing_dimension": "artifact-type",
                               "new_dimension": "deployment-type",
                               "reasoning": "repo is what it is; container is how it runs"})
    art, dep = cache.soas_by_token["artifact-type"].id, cache.soas_by_token["deployment-type"].id
    # roots of the new dimensions
    assert cache.urd_by_concept_dim[(art, art)].is_root
    assert cache.urd_by_concept_dim[(dep, dep)].is_root
    # existing edge migrated, new edge inserted, type edge gone
    assert (101, 1) not in cache.urd_by_concept_dim
    assert cache.urd_by_concept_dim[(101, art)].parent_id == 201
    assert cache.urd_by_concept_dim[(101, dep)].parent_id == 202
    assert len(cache.urd_by_concept[101]) == 2
    assert 101 not in cache.pending_conflicts
    assert 1 not in cache.queue.entries  # closed and forgotten (Postgres keeps the row)
    assert plan.status == "resolved" and len(plan.deletes) == 1 and len(plan.inserts) == 4
    assert find_cycle(all_edges(cache)) is None


async def test_decompose_keeping_the_existing_dimension():
    cache = seed_test_b()
    await apply(cache, {"decision": "decompose", "existing_dimension": "type",
                        "new_dimension": "deployment-type"})
    assert dims_of(cache, 101) == {"type": "repo", "deployment-type": "container"}


async def test_update_replaces_the_edge():
    cache = seed_test_b()
    await apply(cache, {"decision": "update"})
    assert dims_of(cache, 101) == {"type": "container"}
    assert cache.urd_by_concept_dim[(101, 1)].source == "festinger"
    assert cache.urd_by_concept_dim[(101, 1)].confidence == 0.75


async def test_dismiss_changes_nothing_but_the_marker():
    cache = seed_test_b()
    before = all_edges(cache)
    plan = await apply(cache, {"decision": "dismiss"})
    assert plan.status == "dismissed" and all_edges(cache) == before
    assert cache.pending_conflicts == set()


async def test_reclassify_inserts_in_the_suggested_dimension():
    cache = seed_test_b()
    cache.queue.entries[1].incoming_is_isa = False
    await apply(cache, {"decision": "reclassify", "dimension": "membership"})
    assert dims_of(cache, 101) == {"type": "repo", "membership": "container"}


@pytest.mark.parametrize("data, why", [
    ({"decision": "decompose", "existing_dimension": "aa-type", "new_dimension": "aa-type"},
     "two different"),
    ({"decision": "decompose", "existing_dimension": "artifact", "new_dimension": "type"},
     "collides"),
    ({"decision": "decompose", "existing_dimension": "gnommoweb", "new_dimension": "x-type"},
     "named like a concept"),
    ({"decision": "decompose", "existing_dimension": "a-type", "new_dimension": "container"},
     "named like a concept"),
    ({"decision": "reclassify", "dimension": "type"}, "another dimension"),
])
async def test_refused_decisions_change_nothing(data, why):
    cache = seed_test_b()
    before = all_edges(cache)
    with pytest.raises(ResolutionError, match=why):
        await apply(cache, data)
    assert all_edges(cache) == before and cache.pending_conflicts == {101}


async def test_update_that_would_close_a_cycle_is_refused():
    cache = seed_test_b()
    # container IN gnommoweb (type): making gnommoweb IN container would loop
    cache.apply_edge(UrdEdge(202, 101, 1, True, 0.9, NOW, "inferred"))
    with pytest.raises(ResolutionError, match="cycle"):
        await apply(cache, {"decision": "update"})
    assert cache.urd_by_concept_dim[(101, 1)].parent_id == 201


async def test_target_dimension_already_holds_another_parent():
    cache = seed_test_b()
    cache.add_soas(SoasRow(300, "glitch_university"))
    cache.apply_edge(UrdEdge(101, 300, 2, False, 1.0, NOW, "gutask"))
    with pytest.raises(ResolutionError, match="collide again"):
        await apply(cache, {"decision": "reclassify", "dimension": "membership"})


async def test_a_concept_inside_its_own_dimension_cannot_become_a_root():
    cache = seed_test_b()
    cache.add_soas(SoasRow(400, "runtime"))
    cache.add_soas(SoasRow(401, "vm"))
    cache.apply_edge(UrdEdge(400, 401, 400, True, 1.0, NOW, "inferred"))
    with pytest.raises(ResolutionError, match="cannot be a dimension root"):
        await apply(cache, {"decision": "decompose", "existing_dimension": "type",
                            "new_dimension": "runtime"})


def test_automatic_decisions_when_the_collision_is_gone():
    cache = seed_test_b()
    item = item_of(cache)
    assert automatic_decision(item) is None
    cache.remove_edge(101, 1)
    auto = automatic_decision(item_of(cache))
    assert auto is not None and auto[0].decision == "update"
