"""Retrieval quality: stock Agent Zero recall against the pack, on the shipped benchmark.

The benchmark (``festinger_testkit/data/recall_eval.jsonl``, made by ``recall_eval/data.py``) is embedded
with all-MiniLM-L6-v2 -- Agent Zero's default embedder, bundled offline -- into the same
langchain FAISS store Agent Zero uses. Each query is then answered by:

* ``stock``: Agent Zero's recall -- dense only, relevance (1 + cosine) / 2 >= 0.7, top 5;
* ``pack, dense only``: the pack's filters and ranking without BM25 (an ablation);
* ``pack``: the full pipeline (dense + BM25, RRF k=60, recency/utility/access weights,
  validity filter, tiers), no role, top 5 as one ranked list;
* ``pack, production selection``: what a chat actually gets -- Agent Zero's per-kind limits
  (5 memories, 3 solutions), the fair split between the kinds and the cap
  ``max_injected_memories`` (8); scored over everything injected (memories, then
  solutions, the order of the prompt), so its "recall@5" column is recall@injected.

Metrics over the served top 5: recall@5 (an answer memory is served), MRR (1 / rank of the
first answer, 0 if none) and the stale-fact rate (share of queries about a changed fact whose
served list contains the superseded memory). Both sides see the query text only (no chat
history), and recency is computed at the benchmark's fixed date, so figures are repeatable.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Callable, Optional, Sequence

from festinger_testkit.recall_eval.data import DATA_FILE, NOW, load
from festinger.recall.pipeline import Limits

THRESHOLD = 0.7
TOP_K = 5
KINDS = ("paraphrase", "identifier", "superseded", "solution", "constraint")


@dataclass
class Scores:
    name: str
    top_k: int = TOP_K               # how much of the served list counts
    n: int = 0
    hits: int = 0
    rr: float = 0.0
    stale_queries: int = 0
    stale_served: int = 0
    by_kind: dict[str, list[float]] = field(default_factory=dict)   # kind -> [n, hits, rr]
    latencies_ms: list[float] = field(default_factory=list)

    def add(self, kind: str, served: Sequence[str], answers: Sequence[str], stale: Sequence[str]) -> None:
        top = list(served)[: self.top_k]
        rank = next((i + 1 for i, d in enumerate(top) if d in answers), None)
        self.n += 1
        self.hits += rank is not None
        self.rr += 1.0 / rank if rank else 0.0
        k = self.by_kind.setdefault(kind, [0, 0, 0.0])
        k[0] += 1
        k[1] += rank is not None
        k[2] += 1.0 / rank if rank else 0.0
        if stale:
            self.stale_queries += 1
            self.stale_served += any(d in stale for d in top)

    @property
    def recall(self) -> float:
        return self.hits / self.n if self.n else 0.0

    @property
    def mrr(self) -> float:
        return self.rr / self.n if self.n else 0.0

    @property
    def stale_rate(self) -> float:
        return self.stale_served / self.stale_queries if self.stale_queries else 0.0

    def kind_recall(self, kind: str) -> Optional[float]:
        k = self.by_kind.get(kind)
        return k[1] / k[0] if k and k[0] else None


def build_store(memories: list[dict], embeddings: Any) -> Any:
    """Agent Zero's store shape (langchain FAISS, IndexFlatIP, cosine relevance) in memory."""
    import faiss
    from langchain_community.docstore.in_memory import InMemoryDocstore
    from langchain_community.vectorstores.utils import DistanceStrategy

    from festinger_testkit.simulator.memory import MyFaiss, cosine_relevance

    vectors = embeddings.embed_documents([m["text"] for m in memories])
    db = MyFaiss(embedding_function=embeddings, index=faiss.IndexFlatIP(len(vectors[0])),
                 docstore=InMemoryDocstore(), index_to_docstore_id={},
                 distance_strategy=DistanceStrategy.COSINE, relevance_score_fn=cosine_relevance)
    db.add_embeddings(list(zip([m["text"] for m in memories], vectors)),
                      metadatas=[dict(m["metadata"]) for m in memories],
                      ids=[m["id"] for m in memories])
    return SimpleNamespace(db=db, memory_subdir="recall-eval")


def _recall_service() -> Any:
    from festinger.config import FestingerConfig
    from festinger.recall.service import RecallService

    return RecallService(SimpleNamespace(config=FestingerConfig(), home=None))


def stock_served(store: Any, vector: Sequence[float]) -> list[str]:
    pairs = store.db.similarity_search_with_score_by_vector(list(vector), k=TOP_K)
    rel = store.db._select_relevance_score_fn()
    return [d.metadata["id"] for d, s in pairs if rel(s) >= THRESHOLD]


def evaluate(path: Path = DATA_FILE, *, limit_queries: Optional[int] = None,
             embeddings: Any = None) -> list[Scores]:
    from festinger.embeddings import load_embeddings

    memories, queries = load(path)
    if limit_queries and limit_queries < len(queries):
        step = len(queries) / limit_queries  # evenly spread, so every kind is represented
        queries = [queries[int(i * step)] for i in range(limit_queries)]
    emb = embeddings or load_embeddings()
    store = build_store(memories, emb)
    rs = _recall_service()
    limits = Limits(threshold=THRESHOLD, memories=TOP_K, solutions=TOP_K, cap=TOP_K, merge_kinds=True)
    production = Limits(threshold=THRESHOLD, memories=5, solutions=3,
                        cap=rs.config.max_injected_memories)
    now = NOW.timestamp()
    qvecs = emb.embed_documents([q["text"] for q in queries])  # batch; == embed_query for MiniLM
    rs.indexes.get(store, store.db.get_all_docs(), wait=True)

    variants: list[tuple[Scores, Callable[[dict, Sequence[float]], list[str]]]] = [
        (Scores("stock Agent Zero (dense, threshold 0.7, top 5)"), lambda q, v: stock_served(store, v)),
        (Scores("pack, dense only (ablation)"),
         lambda q, v: rs.retrieve(store, v, q["text"], limits=limits, now=now, use_sparse=False).order),
        (Scores("pack without utility tiers (ablation)"),
         lambda q, v: rs.retrieve(store, v, q["text"], limits=limits, now=now, tiered=False).order),
        (Scores(f"pack, production selection (5 memories + 3 solutions, fair split, cap "
                f"{production.cap}; over all injected)", top_k=production.cap),
         lambda q, v: rs.retrieve(store, v, q["text"], limits=production, now=now).order),
        (Scores("pack (dense + BM25, RRF, weights, filters, tiers)"),
         lambda q, v: rs.retrieve(store, v, q["text"], limits=limits, now=now).order),
    ]
    for q, vec in zip(queries, qvecs):
        for scores, run in variants:
            t0 = time.perf_counter()
            served = run(q, vec)
            scores.latencies_ms.append((time.perf_counter() - t0) * 1000)
            scores.add(q["kind"], served, q["answers"], q["stale"])
    return [s for s, _ in variants]


def markdown_table(results: list[Scores], n_memories: int) -> str:
    head = ("| recall | recall@5 | MRR | stale-fact rate | " +
            " | ".join(f"recall@5 {k}" for k in KINDS) + " |")
    sep = "|---|---:|---:|---:|" + "---:|" * len(KINDS)
    lines = [head, sep]
    for s in results:
        kinds = " | ".join(f"{s.kind_recall(k):.2f}" if s.kind_recall(k) is not None else "-"
                           for k in KINDS)
        lines.append(f"| {s.name} | {s.recall:.3f} | {s.mrr:.3f} | {s.stale_rate:.3f} | {kinds} |")
    n_q = results[0].n if results else 0
    lines.append("")
    lines.append(f"{n_memories} memories, {n_q} queries ({datetime.now():%Y-%m-%d}); "
                 "stale-fact rate over the queries about a fact that changed.")
    return "\n".join(lines)


if __name__ == "__main__":
    res = evaluate()
    mems, _ = load(DATA_FILE)
    print(markdown_table(res, len(mems)))
