"""``festinger bench`` cases for recall: per-turn overhead at 100k memories, retrieval quality.

Overhead: a synthetic store of 100,000 classified memories (random unit vectors -- embedding
100k texts would take an hour and is not what is measured -- and texts built from a
vocabulary with hostnames, versions and ports, so BM25 postings look like a real store's).
Per turn, the query embedding is excluded; measured are
* the pack's whole recall path: one FAISS scan, BM25, filtering, ranking, rendering, the
  role lookup (role files re-checked on disk), the re-check of what is shown and the
  in-place access counts -- everything the pack does per recall after embedding;
* filtering and ranking alone (BM25 + selection + rendering, dense hits given): the part
  the pack adds on top of a dense search, target median <= 15 ms;
* for scale, Agent Zero's own dense searches (two filtered FAISS scans per recall).
"""

from __future__ import annotations

import random
import time
from datetime import datetime, timedelta, timezone
from types import SimpleNamespace
from typing import Any

import numpy as np

from festinger_testkit.bench.timing import row

DIM = 384
DOMAINS = ["codegen", "refactor", "bugfix", "log_analysis", "docker_ops", "git_ops",
           "dependency_mgmt", "config_edit", "analysis", "osint", None, None]
WORDS = ("service deploy host port version python node redis postgres nginx kafka queue cache "
         "timeout retry backup cron disk memory token secret user prefers team owner standup "
         "release branch build image container cluster region latency error crash log alert "
         "schema migration index query report dashboard invoice payment customer order").split()


def _text(rng: random.Random) -> str:
    parts = [rng.choice(WORDS) for _ in range(rng.randint(6, 16))]
    r = rng.random()
    if r < 0.25:
        parts.insert(rng.randint(0, len(parts)), f"{rng.choice(['app', 'db', 'api'])}-"
                     f"{rng.choice(['prod', 'stg'])}-{rng.randint(1, 99):02d}.internal")
    elif r < 0.45:
        parts.insert(rng.randint(0, len(parts)), f"{rng.randint(1, 9)}.{rng.randint(0, 30)}."
                                                 f"{rng.randint(0, 40)}")
    elif r < 0.55:
        parts.insert(rng.randint(0, len(parts)), str(rng.randint(3000, 9999)))
    return " ".join(parts)


def synthetic_store(n: int, seed: int = 7) -> tuple[Any, np.ndarray]:
    """A store shaped like Agent Zero's (langchain FAISS, IndexFlatIP) with ``n`` memories."""
    import faiss
    from langchain_community.docstore.in_memory import InMemoryDocstore
    from langchain_community.vectorstores.utils import DistanceStrategy
    from langchain_core.documents import Document

    from festinger.embeddings import HashEmbeddings
    from festinger_testkit.simulator.memory import MyFaiss, cosine_relevance

    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    vectors = nrng.standard_normal((n, DIM), dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    now = datetime(2026, 3, 1, tzinfo=timezone.utc)
    index = faiss.IndexFlatIP(DIM)
    index.add(vectors)
    docs: dict[str, Any] = {}
    mapping: dict[int, str] = {}
    for i in range(n):
        doc_id = f"b{i:07d}"
        created = now - timedelta(days=rng.uniform(0, 700))
        validity = "deprecated" if rng.random() < 0.08 else rng.choice(["confirmed", "inferred"])
        meta = {
            "id": doc_id, "area": "solutions" if rng.random() < 0.15 else "fragments",
            "timestamp": created.strftime("%Y-%m-%d %H:%M:%S"),
            "classification": {"validity": validity, "relevance": "active",
                               "utility": rng.choice(["tactical"] * 6 + ["load_bearing", "archived"]),
                               "source": rng.choice(["user_asserted", "agent_inferred"])},
            "lineage": {"created_at": created.isoformat(timespec="seconds"), "created_by_role": None,
                        "bst_domain": rng.choice(DOMAINS), "supersedes": None,
                        "superseded_by": None, "access_count": rng.randint(0, 9),
                        "last_accessed": None},
        }
        docs[doc_id] = Document(page_content=_text(rng), metadata=meta)
        mapping[i] = doc_id
    db = MyFaiss(embedding_function=HashEmbeddings(DIM), index=index,
                 docstore=InMemoryDocstore(docs), index_to_docstore_id=mapping,
                 distance_strategy=DistanceStrategy.COSINE, relevance_score_fn=cosine_relevance)
    return SimpleNamespace(db=db, memory_subdir=f"bench-{n}"), vectors


def _queries(vectors: np.ndarray, count: int, seed: int = 11) -> list[tuple[np.ndarray, str]]:
    """Query vectors near stored memories (so the threshold lets candidates through)."""
    rng = random.Random(seed)
    nrng = np.random.default_rng(seed)
    out = []
    for _ in range(count):
        base = vectors[rng.randrange(len(vectors))]
        q = base + 0.6 * nrng.standard_normal(DIM).astype(np.float32) / np.sqrt(DIM)
        q /= np.linalg.norm(q)
        out.append((q, "user: " + _text(rng)))
    return out


def _service(tmp_roles: Any = None) -> Any:
    from festinger.config import FestingerConfig
    from festinger.recall.role_files import RoleFiles, shipped_roles_dir
    from festinger.recall.service import RecallService

    rs = RecallService(SimpleNamespace(config=FestingerConfig(), home=None))
    shipped = shipped_roles_dir()
    rs.roles = RoleFiles([shipped] if shipped else [])
    return rs


def bench_recall_overhead(quick: bool) -> list[dict]:
    from festinger.a0.handlers.recall import LoopRecallState, _revalidate
    from festinger.recall.pipeline import Limits, select

    n = 20_000 if quick else 100_000
    turns = 30 if quick else 100
    store, vectors = synthetic_store(n)
    rs = _service()
    docs = store.db.get_all_docs()
    t0 = time.perf_counter()
    rs.indexes.get(store, docs, wait=True)
    build_s = time.perf_counter() - t0
    limits = Limits(threshold=0.7, memories=5, solutions=3, cap=8)
    agent = SimpleNamespace(config=SimpleNamespace(profile="developer"))
    queries = _queries(vectors, turns)
    relevance = store.db._select_relevance_score_fn()

    full, filt, stock = [], [], []
    shown = 0
    for i, (vec, text) in enumerate(queries):
        vec_list = vec.tolist()
        # the pack's whole per-recall path (no embedding)
        t0 = time.perf_counter()
        role, roles = rs.resolve_role(agent)
        outcome = rs.retrieve(store, vec_list, text, limits=limits, role=role, roles=roles)
        outcome.blocks()
        state = LoopRecallState(items=outcome.items, role_id=role.role_id if role else None)
        _revalidate(state, docs, role, roles)
        rs.access.record(store, [docs[d] for d in outcome.ids])
        full.append((time.perf_counter() - t0) * 1000)
        shown += len(outcome.ids)

        # filtering and ranking on their own, dense hits given
        pairs = store.db.similarity_search_with_score_by_vector(vec_list, k=80, fetch_k=320)
        dense = [(d.metadata["id"], relevance(s)) for d, s in pairs]
        index = rs.indexes.get(store, docs)
        t0 = time.perf_counter()
        sparse = index.search(text, 40)
        out = select(docs, dense, sparse, text, limits=limits, role=role, roles=roles,
                     weights=rs.weights(), now=time.time())
        out.blocks()
        filt.append((time.perf_counter() - t0) * 1000)

        # Agent Zero's own two dense searches (memories, solutions), for scale
        t0 = time.perf_counter()
        store.db.similarity_search_with_score_by_vector(
            vec_list, k=12, fetch_k=20, filter=lambda m: m.get("area") in ("main", "fragments"))
        store.db.similarity_search_with_score_by_vector(
            vec_list, k=8, fetch_k=20, filter=lambda m: m.get("area") == "solutions")
        stock.append((time.perf_counter() - t0) * 1000)

    label = f"{n // 1000}k memories"
    return [
        row(f"recall: filtering + ranking per turn ({label}, BM25 + selection + labels)", filt,
            "median <= 15 ms", bm25_build_s=round(build_s, 1)),
        row(f"recall: whole pack path per turn ({label}, incl. 1 FAISS scan, excl. embedding)", full,
            "", avg_injected=round(shown / max(1, len(queries)), 1)),
        row(f"recall: Agent Zero's own dense searches per turn ({label}, 2 FAISS scans)", stock,
            "reference"),
    ]


def bench_retrieval_eval(quick: bool) -> list[dict]:
    from festinger_testkit.recall_eval.data import DATA_FILE
    from festinger_testkit.recall_eval.evaluation import evaluate

    results = evaluate(DATA_FILE, limit_queries=80 if quick else None)
    rows = []
    for s in results:
        rows.append(row(f"recall eval: {s.name}", s.latencies_ms, "",
                        recall_at_5=f"{s.recall:.3f}", mrr=f"{s.mrr:.3f}",
                        stale_rate=f"{s.stale_rate:.3f}", queries=s.n))
    return rows
