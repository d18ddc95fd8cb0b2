"""The selection step of recall: candidates in, the memories the model will see out.

No I/O and no Agent Zero: the caller has already run the dense search (FAISS, with Agent
Zero's relevance scores) and the BM25 search, and passes the live documents. Steps:

1. eligibility -- a memory from the dense list needs Agent Zero's own threshold (its
   relevance (1 + cosine) / 2, so the default 0.7 is cosine >= 0.4). BM25 may add a memory
   the dense side rejected only when it shares an exact identifier with the user's message
   (a version, a hostname, a path, an error code: see ``bm25_index.is_identifier``); this
   keeps plain word overlap from filling the prompt with weak matches.
2. validity -- deprecated memories (or ones with ``superseded_by`` set) never pass.
3. role scope -- out-of-domain memories are suppressed unless load_bearing; dormant
   memories likewise (``core.roles``).
4. ranking -- RRF of the two lists (k = 60) weighted by recency, access frequency and
   utility (``core.ranking``); optional cross-encoder rerank of the head of each list.
5. selection -- load_bearing, tactical, archived, then score; memories and solutions share
   ``max_injected_memories`` fairly, each within Agent Zero's own per-kind result limit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional, Sequence

from ..core.metadata import (epoch_seconds, read_classification, read_lineage, Relevance, Utility)
from ..core.ranking import Candidate, Ranked, RankingWeights, fair_split, rank, sort_key
from ..core.servable import is_servable as servable
from ..core.roles import ActiveRole, RoleProfile, in_role_scope, memory_domains
from ..core.trust import LabelledItem, RecallWording, label_for, render_blocks
from .bm25_index import bm25_terms, is_identifier

SOLUTIONS_AREA = "solutions"
Reranker = Callable[[str, Sequence[str]], Sequence[float]]


@dataclass(frozen=True)
class Limits:
    threshold: float = 0.7          # Agent Zero relevance
    memories: int = 5               # Agent Zero memory_recall_memories_max_result
    solutions: int = 3              # Agent Zero memory_recall_solutions_max_result
    cap: int = 8                    # max_injected_memories, across both kinds
    rerank_head: int = 24           # how many of each kind the cross-encoder re-scores
    # Evaluation: one ranked list across both kinds (top ``cap``) instead of the fair split.
    merge_kinds: bool = False


@dataclass
class RecalledItem:
    id: str
    kind: str                       # "memories" | "solutions"
    text: str
    label: str
    tier: int
    score: float
    dense_score: Optional[float]
    sparse_score: Optional[float]
    load_bearing: bool


@dataclass
class RecallOutcome:
    memories: list[RecalledItem] = field(default_factory=list)
    solutions: list[RecalledItem] = field(default_factory=list)
    role: Optional[ActiveRole] = None
    order: list[str] = field(default_factory=list)  # ids in rank order across both kinds
    deprecated_dropped: int = 0
    role_suppressed: int = 0
    below_threshold: int = 0
    considered: int = 0

    @property
    def items(self) -> list[RecalledItem]:
        return self.memories + self.solutions

    @property
    def ids(self) -> list[str]:
        return [i.id for i in self.items]

    def blocks(self, wording: Optional[RecallWording] = None) -> dict[str, str]:
        """The labelled blocks (the built-in wording unless an agent's is given)."""
        if wording is None:
            from ..prompt_files import recall_wording

            wording = recall_wording()
        return render_blocks([LabelledItem(i.label, i.text) for i in self.memories],
                             [LabelledItem(i.label, i.text) for i in self.solutions], wording)

    def summary(self) -> str:
        parts = [f"{len(self.memories)} memories and {len(self.solutions)} solutions"]
        dropped = []
        if self.deprecated_dropped:
            dropped.append(f"{self.deprecated_dropped} deprecated")
        if self.role_suppressed:
            dropped.append(f"{self.role_suppressed} outside role "
                           f"{self.role.role_id if self.role else ''}".rstrip())
        if dropped:
            parts.append("withheld: " + ", ".join(dropped))
        return "; ".join(parts)


@dataclass
class _Doc:
    id: str
    kind: str
    text: str
    metadata: Mapping[str, Any]
    utility: Optional[Utility]
    deprecated: bool
    dormant: bool
    access_count: int
    created_ts: Optional[float]
    bst_domain: Optional[str]
    created_by_role: Optional[str]


def view(doc: Any) -> Optional[_Doc]:
    meta = getattr(doc, "metadata", None)
    if not isinstance(meta, Mapping):
        return None
    doc_id = meta.get("id")
    if not isinstance(doc_id, str):
        return None
    cls = read_classification(meta)
    lin = read_lineage(meta)
    created = epoch_seconds(lin.created_at) or epoch_seconds(meta.get("timestamp"))
    return _Doc(
        id=doc_id,
        kind="solutions" if meta.get("area") == SOLUTIONS_AREA else "memories",
        text=str(getattr(doc, "page_content", "") or ""),
        metadata=meta,
        utility=cls.utility if cls else None,
        deprecated=not servable(meta),
        dormant=bool(cls and cls.relevance is Relevance.DORMANT),
        access_count=lin.access_count,
        created_ts=created,
        bst_domain=lin.bst_domain,
        created_by_role=lin.created_by_role,
    )


def is_servable(doc: Any) -> bool:
    """False for deprecated (or superseded) memories: the validity filter on its own."""
    v = view(doc)
    return v is not None and not v.deprecated


def role_allows(v: _Doc, role: Optional[ActiveRole], roles: Mapping[str, RoleProfile]) -> bool:
    if v.utility is Utility.LOAD_BEARING:
        return True
    domains = memory_domains(v.bst_domain, v.created_by_role, roles)
    if v.dormant:
        # Dormant was set by the last role activation in this store (core.relevance); another
        # agent's role that explicitly covers the memory's domains still sees it.
        # (a wildcard role covers every domain)
        return role is not None and bool(domains) and in_role_scope(domains, role)
    return in_role_scope(domains, role)


def _minmax(values: Sequence[float]) -> list[float]:
    if not values:
        return []
    lo, hi = min(values), max(values)
    if hi - lo <= 1e-12:
        return [1.0 for _ in values]
    return [(x - lo) / (hi - lo) for x in values]


def _rerank(ranked: list[Ranked], texts: Mapping[str, str], query: str, reranker: Reranker,
            head: int) -> list[tuple[Ranked, float]]:
    """Blend cross-encoder and fused scores for the head; the tail keeps its order after it."""
    top, tail = ranked[:head], ranked[head:]
    if not top:
        return []
    ce = [float(x) for x in reranker(query, [texts[r.candidate.id] for r in top])]
    if len(ce) != len(top) or any(math.isnan(x) for x in ce):
        return [(r, r.score) for r in ranked]
    blended = [0.6 * c + 0.4 * s for c, s in zip(_minmax(ce), _minmax([r.score for r in top]))]
    out = sorted(zip(top, blended), key=lambda p: (p[0].tier, -round(p[1], 12)) + sort_key(p[0])[2:])
    return out + [(r, -1.0) for r in tail]


def select(docs: Mapping[str, Any], dense: Sequence[tuple[str, float]],
           sparse: Sequence[tuple[str, float]], sparse_query: str, *,
           limits: Limits = Limits(), role: Optional[ActiveRole] = None,
           roles: Mapping[str, RoleProfile] = {}, weights: RankingWeights = RankingWeights(),
           now: float, reranker: Optional[Reranker] = None, rerank_query: str = "",
           tiered: bool = True) -> RecallOutcome:
    """Choose what to inject. ``dense``/``sparse`` are (doc id, score), best first."""
    out = RecallOutcome(role=role)
    query_ids = {t for t in bm25_terms(sparse_query) if is_identifier(t)}
    views: dict[str, _Doc] = {}

    def get(doc_id: str) -> Optional[_Doc]:
        if doc_id not in views:
            doc = docs.get(doc_id)
            v = view(doc) if doc is not None else None
            if v is None:
                return None
            views[doc_id] = v
        return views[doc_id]

    dense_ok: dict[str, float] = {}
    for doc_id, score in sorted(dense, key=lambda p: (-p[1], p[0])):
        if get(doc_id) is None or doc_id in dense_ok:
            continue
        if score >= limits.threshold:
            dense_ok[doc_id] = score
        else:
            out.below_threshold += 1
    sparse_scores = {doc_id: s for doc_id, s in sparse if get(doc_id) is not None}
    eligible = set(dense_ok)
    for doc_id in sparse_scores:
        if doc_id in eligible or not query_ids:
            continue
        if query_ids & set(bm25_terms(views[doc_id].text)):
            eligible.add(doc_id)

    survivors: list[str] = []
    for doc_id in sorted(eligible):
        v = views[doc_id]
        if v.deprecated:
            out.deprecated_dropped += 1
        elif not role_allows(v, role, roles):
            out.role_suppressed += 1
        else:
            survivors.append(doc_id)
    out.considered = len(eligible)

    # The threshold is a gate, not a signal: a memory let in by an identifier keeps its
    # place in the dense order too.
    dense_dict = dict(dense)
    dense_order = sorted((i for i in survivors if i in dense_dict), key=lambda i: (-dense_dict[i], i))
    sparse_order = sorted((i for i in survivors if i in sparse_scores),
                          key=lambda i: (-sparse_scores[i], i))
    d_rank = {i: n for n, i in enumerate(dense_order, start=1)}
    s_rank = {i: n for n, i in enumerate(sparse_order, start=1)}

    by_kind: dict[str, list[Candidate]] = {"memories": [], "solutions": []}
    for doc_id in survivors:
        v = views[doc_id]
        by_kind[v.kind].append(Candidate(
            id=doc_id, dense_rank=d_rank.get(doc_id), dense_score=dense_dict.get(doc_id),
            sparse_rank=s_rank.get(doc_id), sparse_score=sparse_scores.get(doc_id),
            utility=v.utility, access_count=v.access_count, created_ts=v.created_ts))

    chosen: dict[str, list[tuple[Ranked, float]]] = {}
    for kind, cands in by_kind.items():
        ranked = rank(cands, now, weights, tiered=tiered)
        if reranker is not None and ranked:
            chosen[kind] = _rerank(ranked, {i: views[i].text for i in survivors},
                                   rerank_query or sparse_query, reranker, limits.rerank_head)
        else:
            chosen[kind] = [(r, r.score) for r in ranked]

    if limits.merge_kinds:
        merged = sorted([(p, "memories") for p in chosen["memories"][: limits.memories]]
                        + [(p, "solutions") for p in chosen["solutions"][: limits.solutions]],
                        key=lambda pk: (pk[0][0].tier, -round(pk[0][1], 12)) + sort_key(pk[0][0])[2:])
        merged = merged[: limits.cap]
        mems = [p for p, k in merged if k == "memories"]
        sols = [p for p, k in merged if k == "solutions"]
        out.order = [p[0].candidate.id for p, _ in merged]
    else:
        mems, sols = fair_split(chosen["memories"], chosen["solutions"], limits.cap,
                                limits.memories, limits.solutions)

    def item(pair: tuple[Ranked, float], kind: str) -> RecalledItem:
        r, final = pair
        v = views[r.candidate.id]
        return RecalledItem(id=v.id, kind=kind, text=v.text, label=label_for(v.metadata),
                            tier=r.tier, score=final, dense_score=r.candidate.dense_score,
                            sparse_score=r.candidate.sparse_score,
                            load_bearing=v.utility is Utility.LOAD_BEARING)

    out.memories = [item(p, "memories") for p in mems]
    out.solutions = [item(p, "solutions") for p in sols]
    if not out.order:
        out.order = [i.id for i in out.memories] + [i.id for i in out.solutions]
    return out
