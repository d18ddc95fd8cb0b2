"""Retrieval quality on three labelled sets, stock Agent Zero against the pack, with ablations.

Sets (all embedded with all-MiniLM-L6-v2, Agent Zero's default, into Agent Zero's FAISS
store shape):

* ``shipped`` -- the pack's own benchmark (``recall_eval.data``), clean;
* ``noisy`` -- the same facts restated conversationally, with chit-chat turns and dated
  questions (``recall_eval.noisy``);
* ``memorybank`` -- real multi-session conversations of 15 people with an AI companion
  (MemoryBank, MIT; ``recall_eval.memorybank``): each exchange a dated memory, the users' later
  questions with hand-labelled evidence.

Variants: stock Agent Zero (dense, threshold 0.7, top 5); the pack as it was before these
candidates (threshold cut before fusion, plain BM25, no time cues); the pack after the first
round (time cues, field-aware BM25); the pack as it ships (``recall.features.Features()``);
one ablation per kept candidate (that one off); one row per measured-and-rejected candidate
(that one on); and, offline only, contextual prefixes embedded with each memory (who/when/area
before the text, the cognitive-architecture seed's "contextual retrieval" without an LLM).
Scores per question type; see ``evaluation.Scores``.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Optional, Sequence

from festinger.core.metadata import parse_timestamp
from festinger.recall.pipeline import Features, Limits
from festinger_testkit.recall_eval.data import DATA_FILE as SHIPPED_FILE, NOW as SHIPPED_NOW
from festinger_testkit.recall_eval.evaluation import (THRESHOLD, TOP_K, Scores, _recall_service,
                                                      build_store, stock_served)
from festinger_testkit.recall_eval.memorybank import DATA_FILE as MEMORYBANK_FILE
from festinger_testkit.recall_eval.noisy import DATA_FILE as NOISY_FILE

SETS: dict[str, Path] = {"shipped": SHIPPED_FILE, "noisy": NOISY_FILE, "memorybank": MEMORYBANK_FILE}
BEFORE = Features(open_pool=False, field_weights=False, temporal=False, stemming=False,
                  person_list=False)
PACK = Features()
# the pack as issue 17's first round left it (time cues and field-aware BM25, nothing after)
ROUND1 = replace(PACK, field_weights=True, stemming=False, person_list=False)


@dataclass(frozen=True)
class Variant:
    name: str
    features: Optional[Features]          # None = stock Agent Zero
    contextual: bool = False              # store embedded with contextual prefixes


VARIANTS = [
    Variant("stock Agent Zero", None),
    Variant("pack before (threshold cut, plain BM25)", BEFORE),
    Variant("pack, first round (time cues, field-aware BM25)", ROUND1),
    Variant("pack", PACK),
    Variant("pack - stemming (ablation)", replace(PACK, stemming=False)),
    Variant("pack - person list (ablation)", replace(PACK, person_list=False)),
    Variant("pack + field-aware BM25 (superseded by the person list)", replace(PACK, field_weights=True)),
    Variant("pack - time cues (ablation)", replace(PACK, temporal=False)),
    Variant("pack + pseudo-relevance feedback (rejected)", replace(PACK, prf=True)),
    Variant("pack + fusion depth 80 (rejected)", replace(PACK, candidates=80)),
    Variant("pack + replies to matched questions (rejected)", replace(PACK, replies=True)),
    Variant("pack + open pool (rejected)", replace(PACK, open_pool=True)),
    Variant("pack + conversation neighbours (rejected)", replace(PACK, neighbours=True)),
    Variant("pack + contextual prefixes (offline)", PACK, contextual=True),
]


def load(path: Path) -> tuple[list[dict], list[dict]]:
    memories, queries = [], []
    for line in path.read_text("utf-8").splitlines():
        if line.strip():
            rec = json.loads(line)
            (memories if rec["type"] == "memory" else queries).append(rec)
    return memories, queries


def contextual_text(memory: dict, previous: Optional[str] = None) -> str:
    """The text embedded for a memory under contextual retrieval: when, what area, the turn
    before it in the same conversation (what a memorizer sees when it writes), then the
    memory. Built from what the pack has at write time (no LLM)."""
    meta = memory.get("metadata") or {}
    lin = meta.get("lineage") or {}
    created = parse_timestamp(lin.get("created_at")) or parse_timestamp(meta.get("timestamp"))
    parts = []
    if created is not None:
        parts.append(created.strftime("%A %d %B %Y"))
    area = meta.get("area")
    if area == "solutions":
        parts.append("a solution")
    domain = lin.get("bst_domain")
    if domain:
        parts.append(str(domain).replace("_", " "))
    context = f"(after: {previous[:200]}) " if previous else ""
    return (", ".join(parts) + ": " if parts else "") + context + memory["text"]


def _previous_turns(memories: Sequence[dict], gap_s: float = 600.0) -> dict[str, str]:
    """The memory written just before each one, when it is part of the same conversation
    (written at most ``gap_s`` earlier)."""
    dated = sorted((ts.timestamp(), m["id"], m["text"]) for m in memories
                   if (ts := parse_timestamp((m.get("metadata") or {}).get("lineage", {}).get("created_at"))))
    out: dict[str, str] = {}
    for (t0, _, text0), (t1, id1, _) in zip(dated, dated[1:]):
        if 0 <= t1 - t0 <= gap_s:
            out[id1] = text0
    return out


def _now(query: dict) -> float:
    asked = parse_timestamp(query.get("asked_at"))
    return (asked or SHIPPED_NOW).timestamp()


def evaluate_set(name: str, *, variants: Sequence[Variant] = VARIANTS, embeddings: Any = None,
                 limit_queries: Optional[int] = None) -> list[Scores]:
    from festinger.embeddings import load_embeddings

    memories, queries = load(SETS[name])
    if limit_queries and limit_queries < len(queries):
        step = len(queries) / limit_queries
        queries = [queries[int(i * step)] for i in range(limit_queries)]
    emb = embeddings or load_embeddings()
    plain = build_store(memories, emb)
    stores = {False: plain}
    if any(v.contextual for v in variants):
        prev = _previous_turns(memories)
        ctx_mems = [dict(m, text=contextual_text(m, prev.get(m["id"]))) for m in memories]
        ctx = build_store(ctx_mems, emb)
        # the shown text stays the memory's own; only the embedding carries the prefix
        for m in memories:
            ctx.db.get_all_docs()[m["id"]].page_content = m["text"]
        ctx.memory_subdir = "recall-eval-contextual"
        stores[True] = ctx
    rs = _recall_service()
    limits = Limits(threshold=THRESHOLD, memories=TOP_K, solutions=TOP_K, cap=TOP_K, merge_kinds=True)
    qvecs = emb.embed_documents([q["text"] for q in queries])
    for store in stores.values():
        rs.indexes.get(store, store.db.get_all_docs(), wait=True)

    def runner(v: Variant) -> Callable[[dict, Sequence[float]], list[str]]:
        store = stores[v.contextual]
        if v.features is None:
            return lambda q, vec: stock_served(store, vec)
        feats = v.features
        return lambda q, vec: rs.retrieve(store, vec, q["text"], limits=limits, now=_now(q),
                                          features=feats).order

    runs = [(Scores(v.name), runner(v)) for v in variants]
    for q, vec in zip(queries, qvecs):
        for scores, run in runs:
            t0 = time.perf_counter()
            served = run(q, vec)
            scores.latencies_ms.append((time.perf_counter() - t0) * 1000)
            scores.add(q["kind"], served, q["answers"], q.get("stale") or [])
    return [s for s, _ in runs]


def kinds_of(results: Sequence[Scores]) -> list[str]:
    seen: list[str] = []
    for s in results:
        for k in s.by_kind:
            if k not in seen:
                seen.append(k)
    return seen


def markdown_table(name: str, results: Sequence[Scores]) -> str:
    kinds = kinds_of(results)
    head = "| " + name + " | recall@5 | MRR | stale | " + " | ".join(f"{k} R@5 / MRR" for k in kinds) + " |"
    lines = [head, "|---|---:|---:|---:|" + "---:|" * len(kinds)]
    for s in results:
        cells = []
        for k in kinds:
            n, hits, rr = s.by_kind.get(k, [0, 0, 0.0])
            cells.append(f"{hits / n:.2f} / {rr / n:.2f}" if n else "-")
        lines.append(f"| {s.name} | {s.recall:.3f} | {s.mrr:.3f} | {s.stale_rate:.3f} | "
                     + " | ".join(cells) + " |")
    n_q = results[0].n if results else 0
    counts = ", ".join(f"{k} {int(results[0].by_kind[k][0])}" for k in kinds) if results else ""
    lines.append(f"\n{n_q} questions ({counts}); top 5 as one ranked list.")
    return "\n".join(lines)


if __name__ == "__main__":
    import sys

    for set_name in (sys.argv[1:] or list(SETS)):
        print(markdown_table(set_name, evaluate_set(set_name)))
        print()
