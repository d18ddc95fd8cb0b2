"""Apply the relevance toggle of a role activation to a store (see :mod:`core.relevance`).

Runs off the chat's path (the pack's I/O loop, a worker thread): one pass over the store's
metadata under the store's lock, then one save without re-embedding, announced as an update
event so the health counters see the change.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional

from ..core.metadata import read_classification, read_lineage, write_classification
from ..core.relevance import relevance_changes
from ..core.roles import ActiveRole, RoleProfile


def apply_role_relevance(memory: Any, role: Optional[ActiveRole], roles: Mapping[str, RoleProfile]) -> int:
    """Set dormant/active for ``role`` in ``memory``'s store; returns how many changed."""
    from ..a0 import memory_events
    from ..a0.memory_store import all_docs, save

    with memory_events.store_lock(memory):
        docs = all_docs(memory)
        changes = relevance_changes(((i, d.metadata) for i, d in list(docs.items())
                                     if isinstance(getattr(d, "metadata", None), dict)), role, roles)
        changed = []
        for doc_id, relevance in changes.items():
            doc = docs.get(doc_id)
            cls = read_classification(doc.metadata) if doc is not None else None
            if cls is None:
                continue
            write_classification(doc.metadata, cls.with_(relevance=relevance), read_lineage(doc.metadata))
            changed.append(doc)
        if not changed or not save(memory):
            return 0
    memory_events.publish(memory_events.MemoryEvent(
        "update", memory, tuple(d.metadata["id"] for d in changed), tuple(changed)))
    return len(changed)
