"""Memories by creation time, per store, for queries that name a time ("on May 2nd").

A sorted array of creation times (epoch seconds) with the memory ids, built on first use and
rebuilt when the store object changes or its size does (inserts and deletes; an edit keeps a
memory's creation time). The dense scores of the memories in a window are computed from the
vectors FAISS already holds (``reconstruct``), the same inner product its search returns,
so a dated memory outside the dense top-k still gets its real similarity.
"""

from __future__ import annotations

import threading
from bisect import bisect_left, bisect_right
from typing import Any, Callable, Mapping, Optional, Sequence

import numpy as np

from ..core.metadata import epoch_seconds
from ..core.temporal import TimeWindow


def created_ts(doc: Any) -> Optional[float]:
    meta = getattr(doc, "metadata", None)
    if not isinstance(meta, Mapping):
        return None
    lin = meta.get("lineage")
    ts = epoch_seconds(lin.get("created_at")) if isinstance(lin, Mapping) else None
    return ts if ts is not None else epoch_seconds(meta.get("timestamp"))


class _Entry:
    __slots__ = ("db", "size", "times", "ids", "faiss_pos")

    def __init__(self, db: Any, docs: Mapping[str, Any]) -> None:
        pairs = sorted((ts, i) for i, d in list(docs.items()) if (ts := created_ts(d)) is not None)
        self.db = db
        self.size = len(docs)
        self.times = [p[0] for p in pairs]
        self.ids = [p[1] for p in pairs]
        mapping = getattr(db, "index_to_docstore_id", None) or {}
        self.faiss_pos = {doc_id: pos for pos, doc_id in mapping.items()}


class TimeIndexes:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._entries: dict[str, _Entry] = {}

    def _entry(self, memory: Any, docs: Mapping[str, Any]) -> _Entry:
        db = getattr(memory, "db", memory)
        key = str(getattr(memory, "memory_subdir", "") or id(db))
        with self._lock:
            entry = self._entries.get(key)
            if entry is None or entry.db is not db or entry.size != len(docs):
                entry = self._entries[key] = _Entry(db, docs)
            return entry

    def in_window(self, memory: Any, docs: Mapping[str, Any], window: TimeWindow,
                  limit: int) -> list[str]:
        """Ids of memories created in ``window``, the newest ``limit`` of them."""
        entry = self._entry(memory, docs)
        lo = bisect_left(entry.times, window.start)
        hi = bisect_left(entry.times, window.end)
        ids = entry.ids[max(lo, hi - limit):hi]
        return [i for i in ids if i in docs]

    def neighbours(self, memory: Any, docs: Mapping[str, Any], ids: Sequence[str],
                   within_s: float) -> dict[str, str]:
        """Memories written within ``within_s`` seconds of each of ``ids`` (the same
        conversation: a memorizer writes a chat's fragments together): {neighbour: id}."""
        entry = self._entry(memory, docs)
        out: dict[str, str] = {}
        for doc_id in ids:
            ts = created_ts(docs.get(doc_id)) if doc_id in docs else None
            if ts is None:
                continue
            lo = bisect_left(entry.times, ts - within_s)
            hi = bisect_left(entry.times, ts + within_s + 1e-6)
            for other in entry.ids[lo:hi][:8]:
                if other != doc_id and other in docs:
                    out.setdefault(other, doc_id)
        return out

    def replies(self, memory: Any, docs: Mapping[str, Any], ids: Sequence[str],
                within_s: float, overlap: Callable[[str, str], float]) -> dict[str, str]:
        """For each of ``ids`` that asks something (holds a "?"), the memory written after it
        within ``within_s`` seconds that has the most in common with it (``overlap``; the
        earlier one on a tie): the turn that answers it. Several conversations may be written
        at the same minutes into one store, so "the next memory" alone would often be another
        conversation's; one sharing nothing is never taken. {reply: question id}."""
        entry = self._entry(memory, docs)
        out: dict[str, str] = {}
        for doc_id in ids:
            doc = docs.get(doc_id)
            text = getattr(doc, "page_content", "") or ""
            ts = created_ts(doc) if "?" in text else None
            if ts is None:
                continue
            lo = bisect_right(entry.times, ts)
            hi = bisect_right(entry.times, ts + within_s)
            best, best_key = None, (0.0, 0.0)
            for t, other in zip(entry.times[lo:hi], entry.ids[lo:hi]):
                if other != doc_id and other in docs:
                    key = (overlap(text, getattr(docs[other], "page_content", "") or ""), -t)
                    if key > best_key:
                        best, best_key = other, key
            if best is not None:
                out.setdefault(best, doc_id)
        return out

    def dense_scores(self, memory: Any, docs: Mapping[str, Any], ids: Sequence[str],
                     query_vector: Sequence[float]) -> list[tuple[str, float]]:
        """Agent Zero relevance of each id to the query, from the stored vectors."""
        entry = self._entry(memory, docs)
        db = getattr(memory, "db", memory)
        index = getattr(db, "index", None)
        pos = [(i, entry.faiss_pos[i]) for i in ids if i in entry.faiss_pos]
        if index is None or not pos:
            return []
        try:
            keys = np.asarray([p for _, p in pos], dtype=np.int64)
            vecs = (index.reconstruct_batch(keys) if hasattr(index, "reconstruct_batch")
                    else np.vstack([index.reconstruct(int(p)) for p in keys]))
        except Exception:  # an index type without reconstruct: window stays lexical-only
            return []
        q = np.asarray(query_vector, dtype=np.float32)
        raw = vecs @ q
        relevance = db._select_relevance_score_fn()
        return [(i, float(relevance(float(s)))) for (i, _), s in zip(pos, raw.tolist())]

    def on_change(self) -> None:
        """Memory event: sizes are re-checked on the next use; nothing to do eagerly."""

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
