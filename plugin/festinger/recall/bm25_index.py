"""An incremental BM25 index over one memory store, kept current from memory events.

Why not rebuild ``bm25s.BM25`` per change: bm25s scores eagerly (the IDF is baked into its
sparse matrix at index time), so one insert would mean rebuilding the whole matrix, and Agent
Zero writes memories every turn. This index keeps per-token posting arrays (numpy, growable)
and applies bm25s's Lucene BM25 formulas lazily at query time, so an insert, update or
delete costs the tokens of that one memory, and scores stay exact: they equal a bm25s index
built from scratch over the live documents (tests check that against bm25s itself).

Deletes leave dead entries in the posting arrays and dead slots (masked at query time)
until a compaction rewrites the postings and renumbers the live slots 0..n-1 (so the slot
arrays, sized per search, track the live documents, not every version ever indexed); an update with unchanged text (metadata-only ``update_documents`` calls, which
the classifier makes all the time) is a no-op.

Thread safety: writers (memory events arrive on Agent Zero's memorizer thread) only enqueue;
the queue is applied under the index lock before each search, by whichever thread searches.
"""

from __future__ import annotations

import math
import threading
from collections import Counter, deque
from typing import Callable, Iterable, Mapping, Optional, Sequence

import numpy as np

from .bm25_tokens import bm25_terms, stemmed_terms

K1 = 1.5      # bm25s defaults (method "lucene")
B = 0.75


class _Postings:
    __slots__ = ("slots", "tfs", "n")

    def __init__(self) -> None:
        self.slots = np.empty(4, dtype=np.int32)
        self.tfs = np.empty(4, dtype=np.float32)
        self.n = 0

    def append(self, slot: int, tf: float) -> None:
        if self.n == len(self.slots):
            cap = len(self.slots) * 2
            self.slots = np.resize(self.slots, cap)
            self.tfs = np.resize(self.tfs, cap)
        self.slots[self.n] = slot
        self.tfs[self.n] = tf
        self.n += 1

    def keep(self, mask: np.ndarray) -> None:
        s, t = self.slots[: self.n][mask], self.tfs[: self.n][mask]
        self.n = len(s)
        cap = max(4, self.n)
        self.slots = np.resize(s, cap) if self.n else np.empty(4, dtype=np.int32)
        self.tfs = np.resize(t, cap) if self.n else np.empty(4, dtype=np.float32)


class Bm25Index:
    """BM25 (Lucene variant, k1=1.5, b=0.75) over ``{doc_id: text}``, updated in place."""

    def __init__(self, k1: float = K1, b: float = B,
                 terms: Callable[[str], list[str]] = bm25_terms) -> None:
        self.k1, self.b = k1, b
        self.terms = terms      # text -> the terms counted (plain or stemmed: bm25_tokens)
        self._lock = threading.RLock()
        self._pending: deque = deque()
        self._slot_of: dict[str, int] = {}
        self._ids: list[Optional[str]] = []
        self._texts: list[Optional[str]] = []     # shared references to the docs' text
        self._lens = np.zeros(1024, dtype=np.float32)
        self._alive = np.zeros(1024, dtype=bool)
        self._postings: dict[str, _Postings] = {}
        self._df: Counter = Counter()
        self._total_len = 0.0
        self._dead_entries = 0
        self.compactions = 0

    # --- size --------------------------------------------------------------------------
    def __len__(self) -> int:
        with self._lock:
            self._drain()
            return len(self._slot_of)

    def __contains__(self, doc_id: str) -> bool:
        with self._lock:
            self._drain()
            return doc_id in self._slot_of

    def ids(self) -> set[str]:
        with self._lock:
            self._drain()
            return set(self._slot_of)

    # --- writes (any thread) ------------------------------------------------------------
    def enqueue_upsert(self, doc_id: str, text: str) -> None:
        self._pending.append(("u", doc_id, text))

    def enqueue_remove(self, doc_id: str) -> None:
        self._pending.append(("r", doc_id, None))

    def upsert(self, doc_id: str, text: str) -> None:
        with self._lock:
            self._drain()
            self._upsert(doc_id, text)

    def remove(self, doc_id: str) -> None:
        with self._lock:
            self._drain()
            self._remove(doc_id)

    def bulk_load(self, items: Iterable[tuple[str, str]]) -> None:
        with self._lock:
            self._drain()
            for doc_id, text in items:
                self._upsert(doc_id, text)

    def _drain(self) -> None:
        while self._pending:
            op, doc_id, text = self._pending.popleft()
            if op == "u":
                self._upsert(doc_id, text)
            else:
                self._remove(doc_id)

    def _grow(self, need: int) -> None:
        if need <= len(self._lens):
            return
        cap = max(need, len(self._lens) * 2)
        self._lens = np.concatenate([self._lens, np.zeros(cap - len(self._lens), np.float32)])
        self._alive = np.concatenate([self._alive, np.zeros(cap - len(self._alive), bool)])

    def _upsert(self, doc_id: str, text: str) -> None:
        text = text if isinstance(text, str) else ""
        slot = self._slot_of.get(doc_id)
        if slot is not None:
            if self._texts[slot] == text:
                return  # metadata-only update: nothing to reindex
            self._remove(doc_id)
        tokens = self.terms(text)
        slot = len(self._ids)
        self._grow(slot + 1)
        self._ids.append(doc_id)
        self._texts.append(text)
        self._slot_of[doc_id] = slot
        self._lens[slot] = len(tokens)
        self._alive[slot] = True
        self._total_len += len(tokens)
        for tok, tf in Counter(tokens).items():
            post = self._postings.get(tok)
            if post is None:
                post = self._postings[tok] = _Postings()
            post.append(slot, float(tf))
            self._df[tok] += 1

    def _remove(self, doc_id: str) -> None:
        slot = self._slot_of.pop(doc_id, None)
        if slot is None:
            return
        tokens = self.terms(self._texts[slot] or "")
        for tok in set(tokens):
            self._df[tok] -= 1
            if self._df[tok] <= 0:
                del self._df[tok]
        self._dead_entries += len(set(tokens))
        self._total_len -= float(self._lens[slot])
        self._alive[slot] = False
        self._lens[slot] = 0.0
        self._ids[slot] = None
        self._texts[slot] = None
        live = len(self._slot_of)
        if ((self._dead_entries > 50_000 and self._dead_entries > live * 4)
                or len(self._ids) - live > max(1024, live)):
            self._compact()

    def _compact(self) -> None:
        """Drop dead entries from the posting arrays and renumber the live slots 0..n-1."""
        n_old = len(self._ids)
        alive = self._alive[:n_old]
        new_of = np.full(n_old, -1, dtype=np.int32)
        live_slots = np.flatnonzero(alive)
        new_of[live_slots] = np.arange(len(live_slots), dtype=np.int32)
        for tok in list(self._postings):
            post = self._postings[tok]
            mask = alive[post.slots[: post.n]]
            if not mask.all():
                post.keep(mask)
            if post.n == 0:
                del self._postings[tok]
                continue
            post.slots[: post.n] = new_of[post.slots[: post.n]]
        self._ids = [self._ids[i] for i in live_slots.tolist()]
        self._texts = [self._texts[i] for i in live_slots.tolist()]
        n = len(self._ids)
        cap = max(1024, 2 * n)
        lens = np.zeros(cap, dtype=np.float32)
        lens[:n] = self._lens[live_slots]
        self._lens = lens
        self._alive = np.zeros(cap, dtype=bool)
        self._alive[:n] = True
        self._slot_of = {doc_id: i for i, doc_id in enumerate(self._ids)}  # type: ignore[misc]
        self._dead_entries = 0
        self.compactions += 1

    @property
    def n_slots(self) -> int:
        """Slots in use, live or dead (tests, health)."""
        with self._lock:
            return len(self._ids)

    # --- search --------------------------------------------------------------------------
    def scores(self, query_tokens: Sequence[str],
               weights: Optional[Mapping[str, float]] = None) -> dict[str, float]:
        """BM25 score of every live document that shares a token with the query."""
        with self._lock:
            self._drain()
            acc, touched = self._accumulate(query_tokens, weights)
            if touched is None:
                return {}
            return {self._ids[s]: float(acc[s]) for s in touched.tolist()}

    def search(self, query: str | Sequence[str], k: int,
               weights: Optional[Mapping[str, float]] = None) -> list[tuple[str, float]]:
        """Top ``k`` (doc_id, score), best first; ties by doc id, so the order is stable.

        ``weights`` multiplies the contribution of the given query tokens (names, dates and
        identifiers count more: ``query_weights``); absent tokens weigh 1."""
        tokens = self.terms(query) if isinstance(query, str) else list(query)
        with self._lock:
            self._drain()
            acc, touched = self._accumulate(tokens, weights)
            if touched is None or k <= 0:
                return []
            vals = acc[touched]
            if len(touched) > k:
                kth = np.partition(vals, len(vals) - k)[len(vals) - k]
                keep = vals >= kth          # every tie at the boundary stays in the race
                touched, vals = touched[keep], vals[keep]
            pairs = [(self._ids[s], float(v)) for s, v in zip(touched.tolist(), vals.tolist())]
        pairs.sort(key=lambda p: (-p[1], p[0]))
        return pairs[:k]

    def idf(self, token: str) -> float:
        """The term's BM25 (Lucene) IDF in the live documents; 0 for an unknown term."""
        with self._lock:
            self._drain()
            n_docs, df = len(self._slot_of), self._df.get(token, 0)
            return math.log(1.0 + (n_docs - df + 0.5) / (df + 0.5)) if df > 0 else 0.0

    def overlap(self, a: str, b: str) -> float:
        """What two texts share, weighted by rarity: the summed IDF of their common terms
        (a name or a topic word counts, words half the store holds hardly do)."""
        common = set(self.terms(a)) & set(self.terms(b))
        return sum(self.idf(t) for t in common)

    def _accumulate(self, tokens: Sequence[str], weights: Optional[Mapping[str, float]] = None):
        n_docs = len(self._slot_of)
        if n_docs == 0:
            return None, None
        avgdl = self._total_len / n_docs if self._total_len > 0 else 1.0
        n_slots = len(self._ids)
        acc = np.zeros(n_slots, dtype=np.float64)
        hit = np.zeros(n_slots, dtype=bool)
        any_hit = False
        for tok in dict.fromkeys(tokens):  # distinct, in order: bm25s counts a query term once
            df = self._df.get(tok, 0)
            post = self._postings.get(tok)
            if df <= 0 or post is None:
                continue
            slots = post.slots[: post.n]
            tfs = post.tfs[: post.n]
            live = self._alive[slots]
            if not live.all():
                slots, tfs = slots[live], tfs[live]
            idf = math.log(1.0 + (n_docs - df + 0.5) / (df + 0.5))
            lens = self._lens[slots]
            tfc = tfs / (self.k1 * ((1.0 - self.b) + self.b * lens / avgdl) + tfs)
            w = weights.get(tok, 1.0) if weights else 1.0
            acc[slots] += (w * idf) * tfc
            hit[slots] = True
            any_hit = True
        if not any_hit:
            return None, None
        return acc, np.flatnonzero(hit)


class StoreIndexes:
    """One :class:`Bm25Index` per memory store, built on first use, fed by memory events.

    Stores are told apart by memory subdir and FAISS object (Agent Zero replaces the object
    when it reloads or re-indexes a store: then the index is rebuilt). A store of up to
    ``sync_build_limit`` documents is indexed on the spot (tens of milliseconds); a larger
    one is indexed on a worker thread while recall runs dense-only, so the first turn after
    a start never waits seconds for tokenization.
    """

    def __init__(self, sync_build_limit: int = 20_000) -> None:
        self.sync_build_limit = sync_build_limit
        self._lock = threading.Lock()
        # (store, stemmed) -> entry: production uses the stemmed index; the plain one exists
        # only when an ablation asks for it
        self._entries: dict[tuple[str, bool], tuple[object, Bm25Index, threading.Event]] = {}
        self.builds = 0
        self.reconciles = 0

    @staticmethod
    def _subdir(memory: object) -> str:
        return str(getattr(memory, "memory_subdir", "") or id(getattr(memory, "db", memory)))

    def _build(self, index: Bm25Index, docs: dict, ready: threading.Event) -> None:
        try:
            snapshot = [(i, getattr(d, "page_content", "") or "") for i, d in list(docs.items())]
            with index._lock:
                # Snapshot first, queued events after: an event that predates the snapshot
                # is always followed by the event of any later change to the same memory.
                for doc_id, text in snapshot:
                    index._upsert(doc_id, text)
                index._drain()
            self.builds += 1
        finally:
            ready.set()

    def get(self, memory: object, docs: dict, wait: bool = False,
            stemmed: bool = True) -> Optional[Bm25Index]:
        """The store's index, current with ``docs``; None while a large store is being built.
        ``stemmed``: words counted by their stem (``bm25_tokens.stemmed_terms``)."""
        db = getattr(memory, "db", memory)
        key = (self._subdir(memory), stemmed)
        start = None
        with self._lock:
            entry = self._entries.get(key)
            if entry is None or entry[0] is not db:
                index = Bm25Index(terms=stemmed_terms if stemmed else bm25_terms)
                ready = threading.Event()
                self._entries[key] = (db, index, ready)
                start = (index, ready)
            else:
                _, index, ready = entry
        if start is not None:
            if len(docs) <= self.sync_build_limit or wait:
                self._build(index, docs, ready)
            else:
                threading.Thread(target=self._build, args=(index, docs, ready),
                                 name="festinger-bm25-build", daemon=True).start()
        if not ready.is_set():
            if not wait:
                return None
            ready.wait()
        if len(index) != len(docs):
            self._reconcile(index, docs)
        return index

    def _reconcile(self, index: Bm25Index, docs: dict) -> None:
        """Repair drift from writes that bypassed the event hooks (cheap set difference)."""
        have = index.ids()
        want = set(docs)
        for doc_id in want - have:
            index.upsert(doc_id, getattr(docs[doc_id], "page_content", "") or "")
        for doc_id in have - want:
            index.remove(doc_id)
        self.reconciles += 1

    def on_event(self, event: object) -> None:
        """Memory-event subscriber: enqueue the change for the store's index (never blocks)."""
        memory = getattr(event, "memory", None)
        db = getattr(memory, "db", memory)
        subdir = self._subdir(memory)
        with self._lock:
            indexes = [e[1] for k, e in self._entries.items() if k[0] == subdir and e[0] is db]
        for index in indexes:  # none yet: the first build reads the store as it is then
            self._apply(index, event)

    @staticmethod
    def _apply(index: Bm25Index, event: object) -> None:
        kind = getattr(event, "kind", "")
        if kind in ("insert", "update"):
            for doc in getattr(event, "docs", ()):
                meta = getattr(doc, "metadata", None) or {}
                if isinstance(meta.get("id"), str):
                    index.enqueue_upsert(meta["id"], getattr(doc, "page_content", "") or "")
        elif kind == "delete":
            for doc_id in getattr(event, "ids", ()):
                index.enqueue_remove(doc_id)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
