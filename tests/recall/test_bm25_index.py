"""The incremental BM25 index agrees with bm25s built from scratch, and follows memory events."""

from __future__ import annotations

import random
from types import SimpleNamespace

import bm25s
import pytest

from festinger.recall.bm25_index import Bm25Index, StoreIndexes
from festinger.recall.bm25_tokens import bm25_terms, is_identifier

WORDS = ("redis postgres nginx deploy worker queue cache timeout retry backup cron disk "
         "memory python version host port token secret").split()


def reference_scores(docs: dict, query: list[str]) -> dict:
    ids = sorted(docs)
    ref = bm25s.BM25(method="lucene")
    ref.index([bm25_terms(docs[i]) for i in ids], show_progress=False)
    scores = ref.get_scores(query)
    return {i: float(s) for i, s in zip(ids, scores) if s > 0}


def test_tokenizer_keeps_identifiers_whole_and_split():
    toks = bm25_terms("Connect to db-prod-07.internal:5432 with Python 3.11.4, not 3.9.")
    for t in ("db-prod-07.internal:5432", "db", "prod", "07", "internal", "5432",
              "python", "3.11.4", "3.9", "11"):
        assert t in toks
    assert "to" not in toks and "with" not in toks
    assert is_identifier("3.11.4") and is_identifier("py311") and is_identifier("8080")
    assert not is_identifier("python") and not is_identifier("07")


def test_incremental_updates_match_a_from_scratch_bm25s_index():
    rng = random.Random(7)
    docs: dict[str, str] = {}
    index = Bm25Index()
    for step in range(600):
        op = rng.random()
        if op < 0.6 or not docs:
            doc_id = f"m{step}"
            docs[doc_id] = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 12)))
            index.upsert(doc_id, docs[doc_id])
        elif op < 0.8:
            doc_id = rng.choice(sorted(docs))
            docs[doc_id] = docs[doc_id] + " " + rng.choice(WORDS)
            index.upsert(doc_id, docs[doc_id])
        else:
            doc_id = rng.choice(sorted(docs))
            del docs[doc_id]
            index.remove(doc_id)
    query = ["redis", "timeout", "host"]
    mine = index.scores(query)
    ref = reference_scores(docs, query)
    assert set(mine) == set(ref)
    for doc_id, score in ref.items():
        assert mine[doc_id] == pytest.approx(score, rel=1e-5)
    assert len(index) == len(docs)


def test_metadata_only_update_is_free_and_search_ties_are_stable():
    index = Bm25Index()
    index.upsert("b", "redis cache")
    index.upsert("a", "redis cache")
    before = index._total_len
    index.upsert("a", "redis cache")  # same text: no reindex
    assert index._total_len == before
    assert [d for d, _ in index.search("redis", 5)] == ["a", "b"]
    assert index.search("nothing matches", 5) == []


def test_compaction_keeps_results_exact():
    index = Bm25Index()
    for i in range(3000):
        index.upsert(f"d{i}", f"alpha beta gamma delta epsilon zeta eta theta iota {i % 7}")
    for i in range(0, 3000, 1):
        if i % 10:
            index.remove(f"d{i}")
    for i in range(3000, 9000):
        index.upsert(f"d{i}", "alpha beta gamma delta epsilon zeta eta theta iota kappa")
        index.remove(f"d{i}")
    assert index.compactions >= 1
    docs = {f"d{i}": f"alpha beta gamma delta epsilon zeta eta theta iota {i % 7}"
            for i in range(0, 3000, 10)}
    ref = reference_scores(docs, ["alpha", "3"])
    mine = index.scores(["alpha", "3"])
    assert set(mine) == set(ref)
    assert all(mine[k] == pytest.approx(v, rel=1e-5) for k, v in ref.items())


def test_slots_track_live_documents_under_churn():
    """A store whose memories are rewritten all the time (classification, edits) must not
    grow the per-search arrays with every version ever indexed."""
    index = Bm25Index()
    for round_ in range(30):
        for i in range(200):
            index.upsert(f"d{i}", f"redis cache timeout {i} version {round_}")
    assert len(index) == 200
    assert index.n_slots <= 200 + max(1024, 200) + 1
    docs = {f"d{i}": f"redis cache timeout {i} version 29" for i in range(200)}
    ref = reference_scores(docs, ["redis", "29", "17"])
    mine = index.scores(["redis", "29", "17"])
    assert set(mine) == set(ref)
    assert all(mine[k] == pytest.approx(v, rel=1e-5) for k, v in ref.items())
    index.upsert("new", "redis fresh")  # writes after a renumbering land on the right slot
    assert index.search("fresh", 1)[0][0] == "new"


def _doc(doc_id, text):
    return SimpleNamespace(page_content=text, metadata={"id": doc_id})


def test_store_indexes_follow_events_and_repair_drift():
    docs = {"a": _doc("a", "redis timeout"), "b": _doc("b", "nginx host")}
    memory = SimpleNamespace(db=object(), memory_subdir="default")
    indexes = StoreIndexes()
    index = indexes.get(memory, docs)
    assert index.search("redis", 3)[0][0] == "a"

    docs["c"] = _doc("c", "redis backup")
    indexes.on_event(SimpleNamespace(kind="insert", memory=memory, ids=("c",), docs=(docs["c"],)))
    docs["a"] = _doc("a", "postgres port")
    indexes.on_event(SimpleNamespace(kind="update", memory=memory, ids=("a",), docs=(docs["a"],)))
    del docs["b"]
    indexes.on_event(SimpleNamespace(kind="delete", memory=memory, ids=("b",), docs=()))
    index = indexes.get(memory, docs)
    assert [d for d, _ in index.search("redis", 3)] == ["c"]
    assert index.search("nginx", 3) == [] and index.search("postgres", 3)[0][0] == "a"
    assert indexes.reconciles == 0

    docs["d"] = _doc("d", "cron disk")  # written without an event
    assert indexes.get(memory, docs).search("cron", 3)[0][0] == "d"
    assert indexes.reconciles == 1

    reloaded = SimpleNamespace(db=object(), memory_subdir="default")  # Agent Zero reloaded the store
    assert indexes.get(reloaded, docs) is not index


def test_large_store_builds_in_the_background():
    docs = {f"d{i}": _doc(f"d{i}", f"word{i % 50} common") for i in range(300)}
    memory = SimpleNamespace(db=object(), memory_subdir="big")
    indexes = StoreIndexes(sync_build_limit=100)
    first = indexes.get(memory, docs)
    index = indexes.get(memory, docs, wait=True)
    assert index is not None and len(index) == 300
    assert first is None or first is index
