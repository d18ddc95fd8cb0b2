"""Notice every change to Agent Zero's memory stores as it happens.

Memories are written by many hands: the background memorizers, consolidation (merge /
replace / update, which change ids), the ``memory_save`` tool, knowledge import, the user's
memory dashboard. Rather than diffing the whole store each turn, the pack wraps the four
methods of Agent Zero's ``Memory`` class that every one of those paths goes through, and
publishes what changed. Subscribers run inline, after the write completed, so they must only
enqueue work; an exception in a subscriber is logged and never reaches the writer.
"""

from __future__ import annotations

import functools
import threading
from dataclasses import dataclass, field
from typing import Any, Callable, Literal

from ..logs import report_exception

EventKind = Literal["insert", "update", "delete"]
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
            with store_lock(self):
                removed = await orig_delete_ids(self, ids, *a, **kw)
            publish(MemoryEvent("delete", self, _ids_of(removed), tuple(removed or ())))
            return removed

        @functools.wraps(orig_delete_query)
        async def delete_documents_by_query(self, *a, **kw):
            with store_lock(self):
                removed = await orig_delete_query(self, *a, **kw)
            publish(MemoryEvent("delete", self, _ids_of(removed), tuple(removed or ())))
            return removed

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
