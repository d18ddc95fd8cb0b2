"""The vector shadow with writers at work: Agent Zero's writes (inserts, deletes) through the
pack's wrapped ``Memory`` methods, which take the store's lock, while the conflict check reads
under the same lock; and the memory service's worker path itself using the shadow."""

from __future__ import annotations

import asyncio
import threading
from types import SimpleNamespace

import numpy as np

from festinger.a0 import memory_events
from festinger.a0.vector_shadow import VectorShadow
from tests.memory.shadow_stores import minilm_like, neighbours, store

N = 21
WAIT = 60.0  # seconds: only ever reached if a thread died


def _memory_class():
    """A fresh class per test shaped like Agent Zero's ``Memory`` (the four wrapped writes)."""

    class Memory:
        def __init__(self, db, subdir: str) -> None:
            self.db, self.memory_subdir = db, subdir
            self.vectors: dict[str, np.ndarray] = {}

        async def insert_documents(self, docs):
            ids = [d.metadata["id"] for d in docs]
            vecs = np.stack([self.vectors[i] for i in ids])
            self.db.add_embeddings([(d.page_content, v.tolist()) for d, v in zip(docs, vecs)],
                                   metadatas=[d.metadata for d in docs], ids=ids)
            return ids

        async def update_documents(self, docs):
            return []

        async def delete_documents_by_ids(self, ids):
            live = self.db.docstore._dict
            removed = [live[i] for i in ids if i in live]
            self.db.delete([d.metadata["id"] for d in removed])
            return removed

        async def delete_documents_by_query(self, query, threshold, filter=""):
            return []

    memory_events.install(Memory)
    return Memory


def _docs(memory, vectors: np.ndarray, prefix: str):
    from langchain_core.documents import Document

    docs = []
    for i, v in enumerate(vectors):
        doc_id = f"{prefix}{i}"
        memory.vectors[doc_id] = v
        docs.append(Document(f"memory {doc_id}", metadata={"id": doc_id}))
    return docs


def _check(memory, shadow, queries) -> None:
    """Under the store's lock, as the conflict check reads: same neighbours, all live."""
    with memory_events.store_lock(memory):
        live = memory.db.docstore._dict
        for q in queries:
            got = neighbours(memory.db, q, N, shadow)
            assert got == neighbours(memory.db, q, N)
            assert all(i in live for i, _ in got)


def test_lockstep_inserts_and_deletes_keep_the_shadow_exact():
    vectors = minilm_like(5000, seed=41)
    memory = _memory_class()(store(vectors), "shadow-lockstep")
    shadow = VectorShadow(min_rows=1000)
    queries = [vectors[i] for i in (3, 700, 2500, 4999)]
    wrote, read = threading.Event(), threading.Event()
    steps = [("insert", "a"), ("insert", "b"), ("delete", ["m3", "a1", "m2500"]), ("insert", "c"),
             ("delete", ["b0"]), ("insert", "d")]
    failures: list[BaseException] = []

    def writer() -> None:
        try:
            for n, (kind, arg) in enumerate(steps):
                if kind == "insert":
                    fresh = minilm_like(40, seed=50 + n)
                    queries.append(fresh[5])
                    asyncio.run(memory.insert_documents(_docs(memory, fresh, arg)))
                else:
                    asyncio.run(memory.delete_documents_by_ids(arg))
                wrote.set()
                assert read.wait(WAIT)
                read.clear()
        except BaseException as exc:  # reported by the reader's thread
            failures.append(exc)
            wrote.set()

    _check(memory, shadow, queries)
    thread = threading.Thread(target=writer)
    thread.start()
    for _ in steps:
        assert wrote.wait(WAIT)
        wrote.clear()
        assert not failures, failures
        _check(memory, shadow, queries)
        read.set()
    thread.join(WAIT)
    assert shadow.stats.rebuilds == 2 and shadow.stats.shortlist > 0


def test_racing_writers_never_make_the_shadow_answer_differently():
    vectors = minilm_like(5000, seed=43)
    memory = _memory_class()(store(vectors), "shadow-race")
    shadow = VectorShadow(min_rows=1000, rows_per_call=700)  # part-built shadows race too
    start = threading.Barrier(3)
    done = [threading.Event(), threading.Event()]
    failures: list[BaseException] = []

    def writer(k: int) -> None:
        try:
            start.wait(WAIT)
            for n in range(25):
                fresh = minilm_like(8, seed=1000 * k + n)
                asyncio.run(memory.insert_documents(_docs(memory, fresh, f"w{k}-{n}-")))
                if n % 10 == 9:
                    asyncio.run(memory.delete_documents_by_ids([f"m{k * 1000 + n}", f"w{k}-{n - 1}-3"]))
        except BaseException as exc:
            failures.append(exc)
        finally:
            done[k].set()

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    start.wait(WAIT)
    reads = 0
    rng = np.random.default_rng(7)
    while not all(d.is_set() for d in done) or reads < 10:
        with memory_events.store_lock(memory):
            pick = rng.integers(0, memory.db.index.ntotal)
            q = np.array(memory.db.index.reconstruct(int(pick)), dtype=np.float32)
        _check(memory, shadow, [q])
        reads += 1
    for t in threads:
        t.join(WAIT)
    assert not failures, failures
    assert memory.db.index.ntotal == 5000 + 2 * 25 * 8 - 2 * 2 * 2
    _check(memory, shadow, [vectors[10], vectors[4000]])


def test_the_memory_services_conflict_check_uses_the_shadow_and_sees_the_same(monkeypatch):
    from festinger.config import FestingerConfig
    from festinger.memory import processing
    from festinger.memory.queue import PendingMemory
    from festinger.memory.service import MemoryService, StoreState
    from festinger_testkit.bench.memory import _land, _text, build_store

    db, words, rng = build_store(21_000)
    exact_nearest = processing.nearest
    compared = []

    def both(db_, vector, n, shadow=None):
        found = exact_nearest(db_, vector, n, shadow)
        assert [(i, s) for i, _, s in found] == [(i, s) for i, _, s in exact_nearest(db_, vector, n)]
        compared.append(shadow)
        return found

    monkeypatch.setattr(processing, "nearest", both)
    ms = MemoryService(SimpleNamespace(config=FestingerConfig(), io=None))
    st = StoreState("shadow-service", SimpleNamespace(db=db, memory_subdir="shadow-service"))
    try:
        for n in range(8):
            doc_id = f"new{n}"
            _land(db, words, _text(rng), doc_id)
            result = ms._work(st, [PendingMemory("shadow-service", doc_id, "insert", None)])
            assert not result.failures
    finally:
        memory_events.unsubscribe(ms._on_event)
        ms._executor.shutdown(wait=False)
    assert len(compared) == 8 and all(s is st.shadow for s in compared)
    assert st.shadow.covered == 21_008 and st.shadow.stats.shortlist >= 5
