"""Counting a prompt after its block was rendered (the proxy's order: block, forward, count
once the answer is out) gives the same blocks and the same SOAS as counting first."""

from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

from festinger.graph.cache import GraphCache
from festinger.graph.cues import scan_prompt
from festinger.graph.models import SoasRow, UrdEdge
from festinger.graph.recollection import RecollectionConfig, RecollectionRenderer, run_pipeline
from festinger.graph.saliency import SaliencyPolicy

NOW = datetime(2026, 4, 19, 16, 0, tzinfo=timezone.utc)
COMMON = frozenset({"server", "please", "instead", "about", "there"})
KNOWN = ["gnommoweb", "dobby", "agent_pool", "glitch_university", "kafka", "zookeeper", "k8s",
         "server", "fastapi", "postgres", "ramanujan", "tiny"]
WORDS = KNOWN + ["please", "instead", "about", "there", "brandnew", "novelword", "aws", "the",
                 "is", "a", "repo", "of", "Glitch University", "Agent Zero", ".", ","]


def _world() -> GraphCache:
    """Rows of every kind the ranking and the counting tell apart: counts near the write
    threshold, a common word confirmed by a write path (novelty 1.0), a common word that is
    not, a short word with facts, zero counts, a saliency set by hand above its count."""
    cache = GraphCache(SaliencyPolicy(common_words=COMMON, write_threshold=1.2,
                                      max_new_tokens_per_prompt=3))
    counts = [1, 2, 3, 0, 5, 1, 2, 8, 0, 3, 1, 1]
    for i, (tok, c) in enumerate(zip(KNOWN, counts), start=10):
        novelty = 1.0 if tok in ("server", "fastapi") else 0.5
        saliency = 3.0 if tok == "ramanujan" else 0.0
        cache.add_soas(SoasRow(i, tok, c, NOW - timedelta(days=1), saliency, novelty))
    for dim, tok in enumerate(["type", "membership"], start=1):
        cache.add_soas(SoasRow(dim, tok, 0, None, 0.0, 0.0))
        cache.apply_edge(UrdEdge(dim, dim, dim, True, 1.0, NOW, "seed"))
    ids = {tok: row.id for tok, row in cache.soas_by_token.items()}
    for concept, parent, dim in [("gnommoweb", "glitch_university", 1), ("dobby", "agent_pool", 2),
                                 ("k8s", "server", 1), ("server", "postgres", 1),
                                 ("kafka", "zookeeper", 2), ("ramanujan", "gnommoweb", 1)]:
        cache.apply_edge(UrdEdge(ids[concept], ids[parent], dim, True, 0.9, NOW, "cloud_llm"))
    return cache


def _prompts(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out = ["gnommoweb is a repo of Glitch University.", "", "brandnew novelword aws"]
    for _ in range(n):
        out.append(" ".join(rng.choice(WORDS) for _ in range(rng.randrange(1, 40))))
    return out


def _state(cache: GraphCache) -> dict:
    return {tok: (r.id, r.encounter_count, r.last_seen, r.saliency, r.novelty)
            for tok, r in cache.soas_by_token.items()}


def _run(cache, renderer, text, now, interned, deferred):
    scan = scan_prompt(text, names=renderer.names)
    return run_pipeline(cache, renderer, scan, now, decide=lambda t: None,
                        intern=interned.append, defer_count=deferred)


def test_a_deferred_count_gives_the_same_blocks_counts_and_new_tokens():
    first, later = _world(), _world()
    config = RecollectionConfig(read_threshold=0.5, max_concepts=4, max_unknown=2)
    r1, r2 = RecollectionRenderer(config), RecollectionRenderer(config)
    rendered = 0
    for i, text in enumerate(_prompts(400, 7)):
        now = NOW + timedelta(minutes=i)
        new1: list = []
        a = _run(first, r1, text, now, new1, deferred=False)
        new2: list = []
        b = _run(later, r2, text, now, new2, deferred=True)
        assert b.block == a.block, text
        assert new2 == [] and b.uncounted is not None
        counted = later.count(b.uncounted, now, create=False)  # as GraphService settles
        assert counted.new_tokens == new1[0], text
        assert counted.write_candidates == a.encounter.write_candidates
        assert counted.skipped_new == a.encounter.skipped_new
        assert _state(later) == _state(first)
        assert later._dirty == first._dirty
        rendered += bool(a.block)
    assert rendered > 100  # (the world does render blocks)


def test_rows_counted_by_another_prompt_meanwhile_are_counted_from_their_live_values():
    cache = _world()
    waiting = cache.peek(["gnommoweb", "dobby"], saliency=True)
    before = cache.lookup("gnommoweb").encounter_count
    cache.encounter(["gnommoweb"], NOW)  # another prompt, counted first
    cache.count(waiting, NOW)
    row = cache.lookup("gnommoweb")
    assert row.encounter_count == before + 2
    assert row.saliency == cache.policy.score(0.0, before + 2)
    assert cache._dirty[row.id] == 2


def test_a_token_interned_meanwhile_is_not_created_twice():
    cache = _world()
    waiting = cache.peek(["gnommoweb", "brandnew"])
    cache.intern(["brandnew"])  # a fact named it before the count came
    result = cache.count(waiting, NOW)  # would raise on a second row for the token
    assert result.new_tokens == []
    assert cache.lookup("brandnew").encounter_count == 0  # (the fact's row is not counted)
    assert len([t for t in cache.soas_by_token if t == "brandnew"]) == 1


def test_peek_changes_nothing():
    cache = _world()
    before, dirty = _state(cache), dict(cache._dirty)
    seen = cache.peek(["gnommoweb", "server", "brandnew", "tiny", "gnommoweb"], saliency=True)
    assert _state(cache) == before and cache._dirty == dirty
    assert [r.token for r in seen.rows] == ["gnommoweb", "server", "tiny"]
    # the common word is pinned at 0 even though it is known; the others move to ln(count+1)
    assert seen.saliency[1] == 0.0
    assert seen.saliency[0] == cache.policy.score(0.0, cache.lookup("gnommoweb").encounter_count + 1)
