"""Notice every change to Agent Zero's memory stores as it happens.

Memories are written by many hands: the background memorizers, consolidation (merge /
replace / update, which change ids), the ``memory_save`` tool, knowledge import, the user's
memory dashboard. Rather than diffing the whole store each turn, the pack wraps the four
methods of Agent Zero's ``Memory`` class that every one of those paths goes through, and
publishes what changed. Subscribers run inline, after the write completed, so they must only
enqueue work; an exception in a subscriber is logged and never reaches the writer.
"""

from __future__ import annotations

import contextvars
import functools
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Literal

from ..core.servable import is_servable
from ..logs import report_exception

# "retire": a deletion made while the memorizers replace memories (consolidation, the
# replace threshold), which the pack turns into a deprecation (nothing stored is deleted).
EventKind = Literal["insert", "update", "delete", "retire"]
_WRAPPED_FLAG = "__festinger_wrapped__"


@dataclass(frozen=True)
class MemoryEvent:
    kind: EventKind
    memory: Any                      # the Memory instance written to
    ids: tuple[str, ...]
    docs: tuple[Any, ...] = field(default=(), repr=False)  # inserted/updated/removed Documents


Subscriber = Callable[[MemoryEvent], None]
_subscribers: list[Subscriber] = []
_lock = threading.Lock()

# Set by the pack's own reads that must see every memory (the memory_load filter maps a
# deprecated hit to its successor; memory_forget must find deprecated memories too).
SEE_ALL: contextvars.ContextVar[bool] = contextvars.ContextVar("festinger_see_all", default=False)


class Policy:
    """What the wrapped reads and deletes do in the current context (set by the memory service).

    ``serve_current_only()``: searches exclude non-servable memories (the caller is an agent
    whose model will read the result: a tool, consolidation, stock recall).
    ``retire_deletes()``: deletions are replacements by the memorizers, kept as deprecated.
    Both default to False: outside Agent Zero's agents (dashboard, CLI) nothing changes.
    """

    serve_current_only: Callable[[], bool] = staticmethod(lambda: False)
    retire_deletes: Callable[[], bool] = staticmethod(lambda: False)

    def reset(self) -> None:
        self.serve_current_only = Policy.serve_current_only
        self.retire_deletes = Policy.retire_deletes


policy = Policy()

# Memories the memorizers just "deleted" (kept, to be deprecated once the replacement lands):
# hidden from agents' searches meanwhile, so a second consolidation cannot consume them again.
# (subdir, id) -> monotonic deadline; after it they are searchable again (no replacement came).
RETIRING_SECONDS = 30.0
_retiring_ids: dict[tuple[str, str], float] = {}


def _note_retiring(memory: Any, ids: tuple[str, ...]) -> None:
    key = str(getattr(memory, "memory_subdir", "default"))
    now = time.monotonic()
    with _lock:
        for doc_id in ids:
            _retiring_ids[(key, doc_id)] = now + RETIRING_SECONDS
        for k in [k for k, until in _retiring_ids.items() if until < now]:
            del _retiring_ids[k]


def _is_retiring(memory: Any, metadata: Any) -> bool:
    if not _retiring_ids or not isinstance(metadata, dict):
        return False
    until = _retiring_ids.get((str(getattr(memory, "memory_subdir", "default")), str(metadata.get("id"))))
    return until is not None and until >= time.monotonic()

# One re-entrant lock per memory subdir, held by every whole-store save (Agent Zero's own,
# through the wrapped ``_save_db``, and the pack's) and by the pack's in-place metadata
# writes: Agent Zero's memorizer thread pickles the docstore while the pack's threads write
# metadata, and a dict that changes size under ``pickle`` fails the save.
_store_locks: dict[str, threading.RLock] = {}


def store_lock(memory: Any) -> threading.RLock:
    """The lock of ``memory``'s store (a ``Memory`` or a memory subdir name)."""
    key = memory if isinstance(memory, str) else str(getattr(memory, "memory_subdir", "default"))
    with _lock:
        lock = _store_locks.get(key)
        if lock is None:
            lock = _store_locks[key] = threading.RLock()
        return lock


def subscribe(callback: Subscriber) -> None:
    with _lock:
        if callback not in _subscribers:
            _subscribers.append(callback)


def unsubscribe(callback: Subscriber) -> None:
    with _lock:
        if callback in _subscribers:
            _subscribers.remove(callback)


_saved_subscribers: list[Callable[[Any], None]] = []


def subscribe_saved(callback: Callable[[Any], None]) -> None:
    """``callback(memory)`` after each whole-store save, still inside the store's lock (so
    it knows every metadata change made before is on disk). Must only set flags."""
    with _lock:
        if callback not in _saved_subscribers:
            _saved_subscribers.append(callback)


def unsubscribe_saved(callback: Callable[[Any], None]) -> None:
    with _lock:
        if callback in _saved_subscribers:
            _saved_subscribers.remove(callback)


def _notify_saved(memory: Any) -> None:
    with _lock:
        subs = list(_saved_subscribers)
    for cb in subs:
        try:
            cb(memory)
        except Exception as exc:
            report_exception(f"memory save subscriber {getattr(cb, '__name__', cb)}", exc)


def publish(event: MemoryEvent) -> None:
    with _lock:
        subs = list(_subscribers)
    for cb in subs:
        try:
            cb(event)
        except Exception as exc:
            report_exception(f"memory event subscriber {getattr(cb, '__name__', cb)}", exc)


def _ids_of(docs: Any) -> tuple[str, ...]:
    out = []
    for d in docs or ():
        meta = getattr(d, "metadata", None)
        if isinstance(meta, dict) and isinstance(meta.get("id"), str):
            out.append(meta["id"])
    return tuple(out)


def install(memory_cls: Any) -> bool:
    """Wrap the write methods of ``memory_cls`` once; True if this call installed them.

    The writes and ``_save_db`` run under :func:`store_lock`, so the pack's threads never
    read FAISS's vector buffer while it is reallocated, nor write metadata while it is
    pickled. The lock is held across the write's awaits (embedding): the pack's sections
    under it are short and never wait for a loop, so a writer waits milliseconds at most.
    """
    with _lock:
        if getattr(memory_cls, _WRAPPED_FLAG, False):
            return False

        orig_insert = memory_cls.insert_documents
        orig_update = memory_cls.update_documents
        orig_delete_ids = memory_cls.delete_documents_by_ids
        orig_delete_query = memory_cls.delete_documents_by_query
        orig_save = getattr(memory_cls, "_save_db", None)
        orig_search = getattr(memory_cls, "search_similarity_threshold", None)

        @functools.wraps(orig_insert)
        async def insert_documents(self, docs, *a, **kw):
            with store_lock(self):  # FAISS grows its vector buffer: no reader meanwhile
                ids = await orig_insert(self, docs, *a, **kw)
            publish(MemoryEvent("insert", self, tuple(ids or ()), tuple(docs or ())))
            return ids

        @functools.wraps(orig_update)
        async def update_documents(self, docs, *a, **kw):
            with store_lock(self):
                result = await orig_update(self, docs, *a, **kw)
            publish(MemoryEvent("update", self, _ids_of(docs), tuple(docs or ())))
            return result

        @functools.wraps(orig_delete_ids)
        async def delete_documents_by_ids(self, ids, *a, **kw):
            if _retiring():
                kept = _live_docs(self, ids)
                _note_retiring(self, _ids_of(kept))
                publish(MemoryEvent("retire", self, _ids_of(kept), tuple(kept)))
                return kept
            with store_lock(self):
                removed = await orig_delete_ids(self, ids, *a, **kw)
            publish(MemoryEvent("delete", self, _ids_of(removed), tuple(removed or ())))
            return removed

        @functools.wraps(orig_delete_query)
        async def delete_documents_by_query(self, query, threshold, filter="", *a, **kw):
            if _retiring():
                # One search (current memories only): the original loops until nothing
                # matches, which it only reaches by deleting.
                kept = list(await self.search_similarity_threshold(query, limit=100, threshold=threshold,
                                                                   filter=filter))
                _note_retiring(self, _ids_of(kept))
                publish(MemoryEvent("retire", self, _ids_of(kept), tuple(kept)))
                return kept
            token = SEE_ALL.set(True)  # forgetting also finds deprecated memories: privacy wins
            try:
                with store_lock(self):
                    removed = await orig_delete_query(self, query, threshold, filter, *a, **kw)
            finally:
                SEE_ALL.reset(token)
            publish(MemoryEvent("delete", self, _ids_of(removed), tuple(removed or ())))
            return removed

        if orig_search is not None:
            @functools.wraps(orig_search)
            async def search_similarity_threshold(self, query, limit, threshold, filter="", *a, **kw):
                if SEE_ALL.get() or not _serving():
                    return await orig_search(self, query, limit, threshold, filter, *a, **kw)
                return await _current_only(orig_search, self, query, limit, threshold, filter, *a, **kw)

            memory_cls.search_similarity_threshold = search_similarity_threshold

        if orig_save is not None:
            @functools.wraps(orig_save)
            def _save_db(self, *a, **kw):
                with store_lock(self):
                    result = orig_save(self, *a, **kw)
                    _notify_saved(self)
                    return result

            memory_cls._save_db = _save_db
        memory_cls.insert_documents = insert_documents
        memory_cls.update_documents = update_documents
        memory_cls.delete_documents_by_ids = delete_documents_by_ids
        memory_cls.delete_documents_by_query = delete_documents_by_query
        setattr(memory_cls, _WRAPPED_FLAG, True)
        return True


def _retiring() -> bool:
    try:
        return bool(policy.retire_deletes())
    except Exception as exc:
        report_exception("memory delete policy", exc)
        return False


def _serving() -> bool:
    try:
        return bool(policy.serve_current_only())
    except Exception as exc:
        report_exception("memory search policy", exc)
        return False


def _live_docs(memory: Any, ids: Any) -> list[Any]:
    from .faiss_store import docs_of

    docs = docs_of(memory.db)
    wanted = [ids] if isinstance(ids, str) else list(ids or ())
    return [docs[i] for i in dict.fromkeys(wanted) if isinstance(i, str) and i in docs]


async def _current_only(search: Callable, memory: Any, query: str, limit: int, threshold: float,
                        filter: str, *a: Any, **kw: Any) -> list[Any]:
    """The original search's answer without non-servable memories, still ``limit`` long.

    Asks for more while deprecated hits took places, so a store full of old versions does not
    starve the answer; bounded by the store's size.
    """
    from .faiss_store import docs_of

    total = len(docs_of(memory.db))
    ask = max(1, int(limit)) if isinstance(limit, int) else 10
    want = ask
    while True:
        found = await search(memory, query, ask, threshold, filter, *a, **kw)
        kept = [d for d in found if is_servable(getattr(d, "metadata", None))
                and not _is_retiring(memory, getattr(d, "metadata", None))]
        if len(kept) >= want or len(found) < ask or ask >= total:
            return kept[:want]
        ask = min(total, ask * 2 + (len(found) - len(kept)))
