"""All of langchain FAISS's internals the pack touches, in one place.

Agent Zero keeps memories in a langchain ``FAISS`` object (``memory.db``): an ``IndexFlatIP``,
an ``InMemoryDocstore`` whose private ``_dict`` is the live ``{id: Document}`` map, the
``index_to_docstore_id`` position map and a relevance function. Everything else in the pack
goes through the functions here: :func:`docs_of`, :func:`size`, :func:`relevance_fn`,
:func:`embed_vector`, :func:`dense_search` (recall), :func:`vector_of` / :func:`nearest`
(conflict checks, history, backfill), and :func:`load_folder` / :func:`save_folder` (a memory
folder opened outside Agent Zero).

The nearest memories of a memory already in the FAISS store, with their scores:

A memory that just landed already has its vector in the index, so the conflict check
reads it back (``index.reconstruct``) instead of embedding the text again: no second model
call, and no network call when Agent Zero's embedder is a remote API. Positions are found
through a reverse of langchain's ``index_to_docstore_id``, kept up to date incrementally
(langchain appends to that dict on insert and replaces it on delete, which we notice).

Scores are Agent Zero's relevance, ``(1 + cosine) / 2`` for its cosine store (the store's
own relevance function is used, so another distance strategy still reads right).

Runs synchronously in the memory service's worker thread.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Callable, Iterator, Optional

import numpy as np

from ..logs import log
from .shortlist import rounding_band, settle


class VectorPositions:
    """id -> index position for one store, rebuilt only when langchain replaced its map."""

    def __init__(self) -> None:
        self._map_ref: Any = None
        self._seen = 0
        self._rev: dict[str, int] = {}

    def position(self, db: Any, doc_id: str) -> Optional[int]:
        mapping = db.index_to_docstore_id
        if mapping is not self._map_ref or len(mapping) < self._seen:
            self._rev = {v: k for k, v in mapping.items()}
            self._map_ref, self._seen = mapping, len(mapping)
        elif len(mapping) > self._seen:
            # Inserts append consecutive positions to the same dict.
            for pos in range(self._seen, len(mapping)):
                doc = mapping.get(pos)
                if doc is not None:
                    self._rev[doc] = pos
            self._seen = len(mapping)
        pos = self._rev.get(doc_id)
        if pos is not None and mapping.get(pos) != doc_id:  # stale: rebuild once
            self._rev = {v: k for k, v in mapping.items()}
            self._seen = len(mapping)
            pos = self._rev.get(doc_id)
        return pos


def vector_of(db: Any, doc_id: str, text: str, positions: VectorPositions) -> np.ndarray:
    """The stored vector of ``doc_id`` (1 x d float32); embeds ``text`` only as a fallback."""
    pos = positions.position(db, doc_id)
    if pos is not None:
        try:
            vec = np.asarray(db.index.reconstruct(int(pos)), dtype=np.float32).reshape(1, -1)
            return vec
        except Exception:  # an index type without reconstruct: fall back to embedding
            pass
    return embed_vector(db, text)


def docs_of(db: Any) -> dict[str, Any]:
    """The live ``{id: Document}`` dict (no copy: O(1)); Agent Zero's ``get_all_docs`` when it
    has one, else the docstore's own dict."""
    getter = getattr(db, "get_all_docs", None)
    if callable(getter):
        return getter()
    return db.docstore._dict


def size(db: Any) -> int:
    """How many vectors the index holds."""
    return int(db.index.ntotal)


def embed_vector(db: Any, text: str) -> np.ndarray:
    """``text`` embedded by the store's own embedder (1 x d float32), normalised like the store."""
    vec = np.asarray([db._embed_query(text)], dtype=np.float32)
    if getattr(db, "_normalize_L2", False):
        import faiss

        faiss.normalize_L2(vec)
    return vec


@contextmanager
def one_faiss_thread() -> Iterator[None]:
    """FAISS's scans on this thread only, single-threaded, for the duration.

    Why: one query against a flat index is a few milliseconds of work, and FAISS splits it
    across OpenMP threads that must be woken for every call; on a busy 2-core machine the
    waking costs more than the scan (20k memories: whole recall 24-36 ms with 2 threads,
    12 ms with 1; 100k: the raw scan 40 ms vs 11 ms). libgomp keeps the thread count per
    calling thread once set, so Agent Zero's own FAISS calls (other threads, or this one
    afterwards: the previous count is put back) are not touched."""
    try:
        import faiss

        before = faiss.omp_get_max_threads()
        faiss.omp_set_num_threads(1)
    except Exception:  # no FAISS OpenMP controls: search as it comes
        yield
        return
    try:
        yield
    finally:
        faiss.omp_set_num_threads(before)


def dense_search(db: Any, query_vector: Any, k: int, *, filter: Optional[Callable[[Any], bool]] = None,
                 fetch_k: int = 20) -> list[tuple[str, float]]:
    """(id, Agent Zero relevance) of the ``k`` nearest documents passing ``filter`` (a
    metadata predicate applied inside the search, so filtered ones take no slot); one
    FAISS thread (:func:`one_faiss_thread`)."""
    with one_faiss_thread():
        pairs = db.similarity_search_with_score_by_vector(list(query_vector), k=k, filter=filter,
                                                          fetch_k=fetch_k)
    relevance = relevance_fn(db)
    return [(d.metadata.get("id"), relevance(s)) for d, s in pairs if isinstance(d.metadata.get("id"), str)]


def load_folder(folder: str, embeddings: Any) -> Any:
    """A memory folder's FAISS object as Agent Zero stores it (cosine, (1 + cos) / 2 relevance)."""
    from langchain_community.vectorstores import FAISS
    from langchain_community.vectorstores.utils import DistanceStrategy

    return FAISS.load_local(folder, embeddings,
                            allow_dangerous_deserialization=True,  # the user's own folder
                            distance_strategy=DistanceStrategy.COSINE,
                            relevance_score_fn=_cosine_relevance)


def save_folder(db: Any, folder: str) -> None:
    db.save_local(folder)


def _cosine_relevance(score: float) -> float:
    return max(0.0, min(1.0, (1.0 + score) / 2.0))


def relevance_fn(db: Any) -> Callable[[float], float]:
    try:
        return db._select_relevance_score_fn()
    except Exception:
        return lambda s: (1.0 + float(s)) / 2.0


def _flat_ip_view(index: Any) -> Optional[np.ndarray]:
    """A zero-copy (ntotal x d) view of an IndexFlatIP's vectors, or None for other indexes."""
    try:
        import faiss

        if not isinstance(index, faiss.IndexFlat) or index.metric_type != faiss.METRIC_INNER_PRODUCT:
            return None
        return faiss.rev_swig_ptr(index.get_xb(), index.ntotal * index.d).reshape(index.ntotal, index.d)
    except Exception:
        return None


def _search(index: Any, vector: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Exact inner-product top-n. For Agent Zero's IndexFlatIP one BLAS matrix-vector product
    (both cores) beats faiss's single-query loop (one core) about 2x on a 100k store; the last
    few are settled in float64 (:func:`.shortlist.settle`: the same scores and order as the
    shortlist path of :mod:`.vector_shadow`, whatever BLAS's blocking)."""
    xb = _flat_ip_view(index)
    if xb is None or n >= xb.shape[0]:
        return index.search(vector, n)
    scores, positions = settle(xb, None, xb @ vector[0], n, vector, rounding_band(vector))
    return scores.reshape(1, -1), positions.reshape(1, -1)


def nearest(db: Any, vector: np.ndarray, n: int, shadow: Any = None) -> list[tuple[str, Any, float]]:
    """(id, live Document, relevance) of the ``n`` nearest vectors, best first.

    The caller holds the store's lock (:func:`festinger.a0.memory_events.store_lock`): the
    zero-copy view of FAISS's vector buffer is only valid while no writer can grow it, and
    Agent Zero's writes (wrapped by ``memory_events.install``) take that lock.

    ``shadow`` (a :class:`.vector_shadow.VectorShadow` the caller keeps for this store, only
    ever used under its lock) answers large stores from an 8-bit shortlist when it can prove
    the answer is the exact scan's; otherwise the exact scan runs.
    """
    total = db.index.ntotal
    if total == 0 or n <= 0:
        return []
    found = None
    if shadow is not None:
        try:
            found = shadow.search(db, vector, min(n, total))
        except Exception as exc:  # an optimisation only: never the reason a check fails
            shadow.drop()
            log.warning("vector shadow failed, scanning exactly: %s: %s", type(exc).__name__, exc)
    scores, positions = found if found is not None else _search(db.index, vector, min(n, total))
    relevance = relevance_fn(db)
    mapping = db.index_to_docstore_id
    docs = docs_of(db) if hasattr(db.docstore, "_dict") else None
    out: list[tuple[str, Any, float]] = []
    for score, pos in zip(scores[0], positions[0]):
        if pos < 0:
            continue
        doc_id = mapping.get(int(pos))
        if doc_id is None:
            continue
        doc = docs.get(doc_id) if docs is not None else db.docstore.search(doc_id)
        if doc is None or isinstance(doc, str):
            continue
        out.append((doc_id, doc, float(relevance(float(score)))))
    return out
