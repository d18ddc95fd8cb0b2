"""Hybrid ranking of recall candidates: reciprocal rank fusion, then light weighting.

Pure functions over plain values (no FAISS, no clock: callers pass ``now``), so the same code
ranks in Agent Zero, in the simulator, in the benchmarks and in the evaluation.

Why the weights are small: RRF scores are flat (rank 1 scores 1/61, rank 7 scores 1/67, a
10 % gap), so a multiplicative weight of +10 % already moves a memory about six places.
Recency and access frequency are meant to break near-ties between similarly relevant
memories, not to let a fresh but irrelevant memory beat the best match: at most +2 % each
(about one place). On the shipped benchmark, where age and use are unrelated to the
answer, +10 % weights cost 0.15 of MRR; +2 % cost 0.02. The utility class is
applied twice on purpose: as a small factor in the score (so ``score`` alone orders a flat
list sensibly) and as the primary sort tier of the final selection (spec: load_bearing, then
tactical, then archived, then the score).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Optional, Sequence

from .metadata import Utility

SECONDS_PER_DAY = 86_400.0

# Sort tier of each utility class; unclassified memories sit with the tactical ones (the
# classifier's default), so an older store is not pushed below everything.
UTILITY_TIER: dict[Optional[Utility], int] = {
    Utility.LOAD_BEARING: 0,
    Utility.TACTICAL: 1,
    None: 1,
    Utility.ARCHIVED: 2,
}


@dataclass(frozen=True)
class RankingWeights:
    rrf_k: int = 60
    dense_list_weight: float = 1.0     # RRF weight of the dense list (BM25, time lists: 1)
    recency_half_life_days: float = 30.0
    recency_boost: float = 0.02        # a brand-new memory scores up to +2 %
    access_boost: float = 0.005        # per e-fold of access_count (log1p), capped below
    access_boost_cap: float = 0.02
    utility_factor: Mapping[Optional[Utility], float] = field(default_factory=lambda: {
        Utility.LOAD_BEARING: 1.01, Utility.TACTICAL: 1.0, None: 1.0, Utility.ARCHIVED: 0.99})


@dataclass(frozen=True)
class Candidate:
    """One memory that reached the candidate pool, with what ranking needs to know about it."""

    id: str
    dense_rank: Optional[int] = None      # 1-based rank in the dense list, None if absent
    dense_score: Optional[float] = None   # Agent Zero relevance ((1 + cosine) / 2)
    sparse_rank: Optional[int] = None     # 1-based rank in the BM25 list
    sparse_score: Optional[float] = None
    temporal_rank: Optional[int] = None   # 1-based rank among memories dated in the query's time window
    person_rank: Optional[int] = None     # 1-based rank among memories naming a person the query names
    utility: Optional[Utility] = None
    access_count: int = 0
    created_ts: Optional[float] = None    # epoch seconds; None = unknown age (no recency boost)


@dataclass(frozen=True)
class Ranked:
    candidate: Candidate
    rrf: float
    score: float           # rrf weighted by recency, access frequency and utility
    tier: int


def rrf_scores(rank_lists: Iterable[Sequence[str]], k: int = 60) -> dict[str, float]:
    """Reciprocal rank fusion: sum over lists of 1 / (k + rank), rank starting at 1."""
    if k < 1:
        raise ValueError("rrf k must be >= 1")
    out: dict[str, float] = {}
    for ranked in rank_lists:
        seen: set[str] = set()
        for pos, key in enumerate(ranked, start=1):
            if key in seen:  # a list naming an item twice counts it at its best rank only
                continue
            seen.add(key)
            out[key] = out.get(key, 0.0) + 1.0 / (k + pos)
    return out


def rrf_of(candidate: Candidate, k: int, dense_weight: float = 1.0) -> float:
    total = 0.0
    if candidate.dense_rank is not None:
        total += dense_weight / (k + candidate.dense_rank)
    if candidate.sparse_rank is not None:
        total += 1.0 / (k + candidate.sparse_rank)
    if candidate.temporal_rank is not None:
        total += 1.0 / (k + candidate.temporal_rank)
    if candidate.person_rank is not None:
        total += 1.0 / (k + candidate.person_rank)
    return total


def recency_weight(age_seconds: Optional[float], half_life_days: float) -> float:
    """Exponential decay in [0, 1]: 1 for a new memory, 0.5 after one half-life."""
    if age_seconds is None or half_life_days <= 0:
        return 0.0
    age_days = max(0.0, age_seconds) / SECONDS_PER_DAY
    return 0.5 ** (age_days / half_life_days)


def access_factor(access_count: int, weights: RankingWeights) -> float:
    boost = weights.access_boost * math.log1p(max(0, access_count))
    return 1.0 + min(boost, weights.access_boost_cap)


def score_candidate(candidate: Candidate, now: float, weights: RankingWeights) -> Ranked:
    rrf = rrf_of(candidate, weights.rrf_k, weights.dense_list_weight)
    age = None if candidate.created_ts is None else now - candidate.created_ts
    recency = 1.0 + weights.recency_boost * recency_weight(age, weights.recency_half_life_days)
    util = weights.utility_factor.get(candidate.utility, 1.0)
    score = rrf * recency * access_factor(candidate.access_count, weights) * util
    return Ranked(candidate, rrf, score, UTILITY_TIER.get(candidate.utility, 1))


def _best_rank(c: Candidate) -> int:
    ranks = [r for r in (c.dense_rank, c.sparse_rank, c.temporal_rank, c.person_rank)
             if r is not None]
    return min(ranks) if ranks else 1 << 30


def sort_key(r: Ranked) -> tuple:
    """Tier, then score (high first), then best list rank, then id: a total, stable order.

    Scores are rounded before comparing so that two candidates whose scores differ only by
    floating-point noise fall through to the deterministic tie-breakers.
    """
    return (r.tier, -round(r.score, 12), _best_rank(r.candidate), r.candidate.id)


def rank(candidates: Iterable[Candidate], now: float, weights: RankingWeights = RankingWeights(),
         tiered: bool = True) -> list[Ranked]:
    """Score and order candidates; ``tiered=False`` orders by score alone (ablations)."""
    ranked = [score_candidate(c, now, weights) for c in candidates]
    if tiered:
        ranked.sort(key=sort_key)
    else:
        ranked.sort(key=lambda r: sort_key(r)[1:])
    return ranked


def fair_split(memories: Sequence, solutions: Sequence, cap: int,
               memories_limit: Optional[int] = None,
               solutions_limit: Optional[int] = None) -> tuple[list, list]:
    """Take from both ranked lists in turn (memories first) until ``cap`` items in total.

    Each list also keeps Agent Zero's own per-kind limit. When one list runs dry (or hits its
    limit), the remaining slots go to the other, so a cap of 8 with 2 solutions yields up to
    6 memories, and with plenty of both it yields 4 + 4 (bounded by the per-kind limits).
    """
    m_lim = len(memories) if memories_limit is None else max(0, memories_limit)
    s_lim = len(solutions) if solutions_limit is None else max(0, solutions_limit)
    m_avail = min(len(memories), m_lim)
    s_avail = min(len(solutions), s_lim)
    m_take = s_take = 0
    turn_memory = True
    while m_take + s_take < cap and (m_take < m_avail or s_take < s_avail):
        if turn_memory and m_take < m_avail:
            m_take += 1
        elif not turn_memory and s_take < s_avail:
            s_take += 1
        elif m_take < m_avail:
            m_take += 1
        else:
            s_take += 1
        turn_memory = not turn_memory
    return list(memories[:m_take]), list(solutions[:s_take])


def after_questions(ranked: list[Ranked], replies: Mapping[str, str]) -> list[Ranked]:
    """Move each reply that ranks below its question to just after it (an answer is read
    with its question; its own evidence may still place it higher)."""
    out = [r for r in ranked if r.candidate.id not in replies]
    placed = {r.candidate.id: r for r in ranked if r.candidate.id in replies}
    pos = {r.candidate.id: n for n, r in enumerate(ranked)}
    for reply_id, r in sorted(placed.items(), key=lambda p: pos[p[0]], reverse=True):
        q = replies[reply_id]
        ids = [x.candidate.id for x in out]
        at = ids.index(q) + 1 if q in ids and pos[q] < pos[reply_id] else None
        if at is None:  # ranks above its question (or the question is not here): keep its place
            at = next((n for n, x in enumerate(out) if pos[x.candidate.id] > pos[reply_id]), len(out))
        out.insert(at, r)
    return out
