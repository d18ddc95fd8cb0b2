"""The selection step of recall: candidates in, the memories the model will see out.

No I/O and no Agent Zero: the caller has already run the dense search (FAISS, with Agent
Zero's relevance scores), the BM25 search and, when the query names a time, the dense scores
of the memories dated in that window, and passes the live documents. Steps:

1. pool -- every dense and BM25 candidate enters fusion (``Features.open_pool``); Agent
   Zero's threshold (its relevance (1 + cosine) / 2, default 0.7, so cosine >= 0.4) is not a
   cut before fusion but a condition on what is SHOWN: a memory with only dense evidence is
   shown only above it. A memory is also shown on lexical evidence (a BM25 score at least
   ``lexical_gate`` of the best one, or an exact identifier shared with the query: see
   ``bm25_tokens.is_identifier``) or when it is dated in the time the query names
   (``core.temporal``). Without ``open_pool`` the threshold cuts the dense list before
   fusion and BM25 adds only identifier matches (the previous behaviour, for ablations).
2. validity -- deprecated memories (or ones with ``superseded_by`` set) never pass.
3. role scope -- out-of-domain memories are suppressed unless load_bearing; dormant
   memories likewise (``core.roles``).
4. ranking -- RRF of the dense, BM25 and time-window lists (k = 60) weighted by recency,
   access frequency and utility (``core.ranking``); optional cross-encoder rerank of the
   head of each list.
5. selection -- load_bearing, tactical, archived, then score; memories and solutions share
   ``max_injected_memories`` fairly, each within Agent Zero's own per-kind result limit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Mapping, Optional, Sequence

from ..core.metadata import (epoch_seconds, read_classification, read_lineage, Relevance, Utility)
from ..core.ranking import (Candidate, Ranked, RankingWeights, after_questions, fair_split, rank,
                            sort_key)
from ..core.query_fields import person_pattern, salient_words
from ..core.temporal import TimeWindow
from ..core.servable import is_servable as servable
from ..core.roles import ActiveRole, RoleProfile, in_role_scope, memory_domains
from ..core.trust import LabelledItem, RecallWording, label_for, render_blocks
from .bm25_tokens import bm25_terms, is_identifier
from .features import Features

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
           tiered: bool = True, features: Features = Features(),
           window: Optional[TimeWindow] = None,
           neighbours: Mapping[str, str] = {}) -> RecallOutcome:
    """Choose what to inject. ``dense``/``sparse`` are (doc id, score), best first;
    ``window`` is the time the query names (``core.temporal.time_window``), if any;
    ``neighbours`` maps a memory written next to a top hit to that hit."""
    out = RecallOutcome(role=role)
    query_ids = {t for t in bm25_terms(sparse_query) if is_identifier(t)}
    name_tokens = {t for w in salient_words(sparse_query) for t in bm25_terms(w)
                   if not is_identifier(t)}
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
    dense_all: dict[str, float] = {}
    for doc_id, score in sorted(dense, key=lambda p: (-p[1], p[0])):
        if get(doc_id) is None or doc_id in dense_all:
            continue
        dense_all[doc_id] = score
        if score >= limits.threshold:
            dense_ok[doc_id] = score
        else:
            out.below_threshold += 1
    sparse_scores = {doc_id: s for doc_id, s in sparse if get(doc_id) is not None}
    if not features.temporal:
        window = None
    in_window = {i for i in set(dense_all) | set(sparse_scores)
                 if window is not None and window.contains(views[i].created_ts)}

    narrow = window is not None and window.end - window.start <= features.window_admit_days * 86_400

    def identifier_match(doc_id: str) -> bool:
        return bool(query_ids) and bool(query_ids & set(bm25_terms(views[doc_id].text)))

    if features.open_pool:
        pool = set(dense_all) | set(sparse_scores)
        best_sparse = max(sparse_scores.values(), default=0.0)
        # Lexical evidence: a strong BM25 score that is not the name alone (a name matches
        # every memory of that person) -- at least ``min_shared`` other query words.
        content = {t for t in bm25_terms(sparse_query)} - name_tokens

        def lexical(doc_id: str, score: float) -> bool:
            if identifier_match(doc_id):
                return True
            if score < features.lexical_gate * best_sparse or best_sparse <= 0:
                return False
            return len(content & set(bm25_terms(views[doc_id].text))) >= features.min_shared

        shown_ok = set(dense_ok) | (in_window if narrow else set()) | {
            i for i, sc in sparse_scores.items() if lexical(i, sc)}
        dense_dict = dense_all
    else:
        pool = set(dense_ok) | {i for i in sparse_scores if identifier_match(i)} | (
            in_window if narrow else in_window & (set(dense_ok) | set(sparse_scores)))
        shown_ok = pool
        dense_dict = dict(dense_ok)
        dense_dict.update({i: dense_all[i] for i in pool if i in dense_all and i not in dense_ok})
    if (features.neighbours or features.replies) and neighbours:
        near = {n: h for n, h in neighbours.items() if h in shown_ok and get(n) is not None}
        pool = pool | set(near)
        shown_ok = shown_ok | set(near)
        dense_dict = {**dense_dict, **{n: dense_all[n] for n in near if n in dense_all}}
    else:
        near = {}
    eligible = pool

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

    # The threshold is a gate, not a signal: a memory let in by other evidence keeps its
    # place in the dense order too.
    dense_order = sorted((i for i in survivors if i in dense_dict), key=lambda i: (-dense_dict[i], i))
    sparse_order = sorted((i for i in survivors if i in sparse_scores),
                          key=lambda i: (-sparse_scores[i], i))
    time_order = sorted((i for i in survivors if i in in_window),
                        key=lambda i: (-dense_dict.get(i, -1.0), -sparse_scores.get(i, 0.0), i))
    people = person_pattern(sparse_query) if features.person_list else None
    person_order = [] if people is None else sorted(
        (i for i in survivors if people.search(views[i].text.lower())),
        key=lambda i: (-dense_dict.get(i, -1.0), -sparse_scores.get(i, 0.0), i))
    p_rank = {i: n for n, i in enumerate(person_order, start=1)}
    d_rank = {i: n for n, i in enumerate(dense_order, start=1)}
    s_rank = {i: n for n, i in enumerate(sparse_order, start=1)}
    t_rank = {i: n for n, i in enumerate(time_order, start=1)}
    # a neighbour ranks where its hit ranks (best of the hit's dense and BM25 places)
    hit_place = {i: min(d_rank.get(i, 1 << 20), s_rank.get(i, 1 << 20)) for i in set(near.values())}
    near_order = sorted((i for i in survivors if i in near), key=lambda i: (hit_place[near[i]], i))
    # conversation neighbours rank as a fourth list; a reply instead follows its question
    n_rank = {} if not features.neighbours else {
        i: n for n, i in enumerate(near_order, start=1)}

    by_kind: dict[str, list[Candidate]] = {"memories": [], "solutions": []}
    for doc_id in survivors:
        if doc_id not in shown_ok:
            continue  # it counted in the ranks of the others; it is not shown itself
        v = views[doc_id]
        by_kind[v.kind].append(Candidate(
            id=doc_id, dense_rank=d_rank.get(doc_id), dense_score=dense_dict.get(doc_id),
            sparse_rank=s_rank.get(doc_id), sparse_score=sparse_scores.get(doc_id),
            temporal_rank=t_rank.get(doc_id) if doc_id in t_rank else n_rank.get(doc_id),
            person_rank=p_rank.get(doc_id),
            utility=v.utility, access_count=v.access_count, created_ts=v.created_ts))

    chosen: dict[str, list[tuple[Ranked, float]]] = {}
    for kind, cands in by_kind.items():
        ranked = rank(cands, now, replace(weights, dense_list_weight=features.dense_weight),
                      tiered=tiered)
        if features.replies and not features.neighbours and near:
            ranked = after_questions(ranked, near)
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
