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


def subscribe(callback: Subscriber) -> None:
    with _lock:
        if callback not in _subscribers:
            _subscribers.append(callback)


def unsubscribe(callback: Subscriber) -> None:
    with _lock:
        if callback in _subscribers:
            _subscribers.remove(callback)


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
    """Wrap the write methods of ``memory_cls`` once; True if this call installed them."""
    with _lock:
        if getattr(memory_cls, _WRAPPED_FLAG, False):
            return False

        orig_insert = memory_cls.insert_documents
        orig_update = memory_cls.update_documents
        orig_delete_ids = memory_cls.delete_documents_by_ids
        orig_delete_query = memory_cls.delete_documents_by_query

        @functools.wraps(orig_insert)
        async def insert_documents(self, docs, *a, **kw):
            ids = await orig_insert(self, docs, *a, **kw)
            publish(MemoryEvent("insert", self, tuple(ids or ()), tuple(docs or ())))
            return ids

        @functools.wraps(orig_update)
        async def update_documents(self, docs, *a, **kw):
            result = await orig_update(self, docs, *a, **kw)
            publish(MemoryEvent("update", self, _ids_of(docs), tuple(docs or ())))
            return result

        @functools.wraps(orig_delete_ids)
        async def delete_documents_by_ids(self, ids, *a, **kw):
            removed = await orig_delete_ids(self, ids, *a, **kw)
            publish(MemoryEvent("delete", self, _ids_of(removed), tuple(removed or ())))
            return removed

        @functools.wraps(orig_delete_query)
        async def delete_documents_by_query(self, *a, **kw):
            removed = await orig_delete_query(self, *a, **kw)
            publish(MemoryEvent("delete", self, _ids_of(removed), tuple(removed or ())))
            return removed

        memory_cls.insert_documents = insert_documents
        memory_cls.update_documents = update_documents
        memory_cls.delete_documents_by_ids = delete_documents_by_ids
        memory_cls.delete_documents_by_query = delete_documents_by_query
        setattr(memory_cls, _WRAPPED_FLAG, True)
        return True
