"""Reciprocal rank fusion, weighting, tiers, deterministic ties and the fair split."""

from __future__ import annotations

from festinger.core.metadata import Utility
from festinger.core.ranking import (Candidate, RankingWeights, fair_split, rank, recency_weight,
                                    rrf_scores)

DAY = 86_400.0
NOW = 1_800_000_000.0


def test_rrf_uses_k_60_and_sums_over_lists():
    scores = rrf_scores([["a", "b"], ["b", "c"]], k=60)
    assert scores["a"] == 1 / 61
    assert scores["b"] == 1 / 62 + 1 / 61
    assert scores["c"] == 1 / 62
    assert max(scores, key=scores.get) == "b"  # in both lists beats first in one


def test_recency_halves_per_half_life():
    assert recency_weight(0, 30) == 1.0
    assert abs(recency_weight(30 * DAY, 30) - 0.5) < 1e-12
    assert recency_weight(None, 30) == 0.0


def test_tiers_come_before_score():
    cands = [
        Candidate("tactical-best", dense_rank=1, sparse_rank=1, utility=Utility.TACTICAL),
        Candidate("archived", dense_rank=2, utility=Utility.ARCHIVED),
        Candidate("load-bearing-weak", dense_rank=9, utility=Utility.LOAD_BEARING),
        Candidate("unclassified", dense_rank=3, utility=None),
    ]
    order = [r.candidate.id for r in rank(cands, NOW)]
    assert order == ["load-bearing-weak", "tactical-best", "unclassified", "archived"]


def test_recency_and_access_break_near_ties_but_do_not_beat_relevance():
    old = Candidate("old", dense_rank=1, created_ts=NOW - 365 * DAY)
    fresh = Candidate("fresh", dense_rank=2, created_ts=NOW)
    far_fresh = Candidate("far", dense_rank=30, created_ts=NOW, access_count=1000)
    order = [r.candidate.id for r in rank([old, fresh, far_fresh], NOW)]
    assert order == ["fresh", "old", "far"]
    used = Candidate("used", dense_rank=2, access_count=50)
    unused = Candidate("unused", dense_rank=1)
    assert rank([unused, used], NOW)[0].candidate.id == "used"


def test_ties_break_deterministically_whatever_the_input_order():
    a = Candidate("a", dense_rank=1)
    b = Candidate("b", sparse_rank=1)
    c = Candidate("c", dense_rank=1)
    first = [r.candidate.id for r in rank([a, b, c], NOW)]
    assert first == [r.candidate.id for r in rank([c, b, a], NOW)] == ["a", "b", "c"]


def test_weights_are_configurable():
    w = RankingWeights(rrf_k=1, recency_half_life_days=1)
    r = rank([Candidate("x", dense_rank=1)], NOW, w)[0]
    assert r.rrf == 0.5


def test_fair_split_alternates_and_gives_spare_slots_to_the_other_kind():
    m, s = list("ABCDEF"), list("xyz")
    assert fair_split(m, s, 8, 5, 3) == (list("ABCDE"), list("xyz"))
    assert fair_split(m, s, 4, 5, 3) == (list("AB"), list("xy"))
    assert fair_split(m, s, 5, 5, 3) == (list("ABC"), list("xy"))
    assert fair_split(m, [], 8, 5, 3) == (list("ABCDE"), [])
    assert fair_split(m, s, 0, 5, 3) == ([], [])
    assert fair_split(list("AB"), s, 8, 5, 3) == (list("AB"), list("xyz"))
