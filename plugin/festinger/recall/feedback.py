"""Pseudo-relevance feedback for the BM25 list (RM3-style query expansion).

The first fused ranking's top memories are taken as relevant; the words they share (weighted
by how much of each memory they make up and by their rarity in the store) are added to the
BM25 query at a fraction of an original word's weight, and BM25 is searched again. The aim:
a question worded differently from its answer ("which movie did you recommend?" / "The
Shawshank Redemption might be a good choice") can still reach the answer through the words
of the turns around it that the question does match.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Mapping, Sequence


def expansion_weights(feedback_texts: Sequence[str], query_terms: Sequence[str],
                      terms: Callable[[str], list[str]], idf: Callable[[str], float],
                      n_terms: int = 10, weight: float = 0.5) -> dict[str, float]:
    """The expansion terms and their BM25 query weights (the best one gets ``weight``)."""
    have = set(query_terms)
    score: Counter = Counter()
    for text in feedback_texts:
        toks = terms(text)
        if not toks:
            continue
        for tok, tf in Counter(toks).items():
            if tok not in have:
                score[tok] += tf / len(toks) * idf(tok)
    best = score.most_common(n_terms)
    if not best or best[0][1] <= 0:
        return {}
    top = best[0][1]
    return {tok: weight * s / top for tok, s in best if s > 0}


def merged_weights(query_terms: Sequence[str], base: Mapping[str, float] | None,
                   expansion: Mapping[str, float]) -> tuple[list[str], dict[str, float]]:
    """The expanded query: original terms (their own weights, 1 if none) then the expansion."""
    weights = {t: (base or {}).get(t, 1.0) for t in query_terms}
    for tok, w in expansion.items():
        weights.setdefault(tok, w)
    return list(weights), weights
