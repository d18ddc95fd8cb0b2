"""Access to Agent Zero's own memory store (langchain FAISS) for both layouts.

Agent Zero is imported lazily, inside these functions, so the core stays importable anywhere.
The same code serves legacy v0.9.x (``python.helpers.memory``) and v1.x
(``plugins._memory.helpers.memory``), and the simulator, which registers its own modules
under those names.

Cost notes that shape the callers:
- ``update_documents`` deletes, re-embeds and re-adds the documents and rewrites the whole
  index file: use it once per batch, never per memory in a loop.
- Documents returned by the docstore and by searches are the live objects: changing
  ``doc.metadata`` changes the store in memory, and ``save`` writes it out once.
"""

from __future__ import annotations

import importlib
from typing import Any, Optional

MEMORY_MODULES = ("plugins._memory.helpers.memory", "python.helpers.memory")


class MemoryUnavailable(RuntimeError):
    pass


def memory_class() -> Any:
    """Agent Zero's ``Memory`` class, whichever layout this process runs."""
    errors = []
    for name in MEMORY_MODULES:
        try:
            return importlib.import_module(name).Memory
        except ImportError as exc:
            errors.append(f"{name}: {exc}")
    raise MemoryUnavailable("Agent Zero's memory module is not importable (" + "; ".join(errors) + ")")


_MEMO_ATTR = "_festinger_memory_memo"


def monologue_marker(agent: Any) -> Any:
    """An object that is the same for the whole of one monologue and new for the next one
    (Agent Zero creates ``agent.loop_data`` at each monologue's start), or None."""
    return getattr(agent, "loop_data", None)


async def memory_for(agent: Any) -> Any:
    """The agent's ``Memory`` (its memory subdir; project memory when a project is active).

    Remembered for the rest of the monologue: resolving the subdir reads Agent Zero's plugin
    configuration (dozens of file-system calls) and the pack's hooks need the store several
    times a turn. A setting or project changed mid-monologue applies from the next one, as
    it does for Agent Zero's own recall; a store Agent Zero reloaded is never served stale.
    """
    marker = monologue_marker(agent)
    memo = getattr(agent, _MEMO_ATTR, None)
    if (marker is not None and isinstance(memo, tuple) and memo[0] is marker
            and is_current(memo[1])):
        return memo[1]
    memory = await memory_class().get(agent)
    if marker is not None:
        try:
            setattr(agent, _MEMO_ATTR, (marker, memory))
        except Exception:  # an agent without attributes: no memo
            pass
    return memory


def all_docs(memory: Any) -> dict[str, Any]:
    """The live ``{id: Document}`` dict (no copy: O(1))."""
    from .faiss_store import docs_of

    return docs_of(memory.db)


def subdir_of(memory: Any) -> str:
    return str(getattr(memory, "memory_subdir", "default"))


def embed_query(memory: Any, text: str) -> list[float]:
    """The query vector as Agent Zero's recall makes it (the store's embedder, unnormalised)."""
    return memory.db.embedding_function.embed_query(text)


def is_current(memory: Any) -> bool:
    """False when Agent Zero has replaced this store's FAISS object since ``memory`` was taken.

    ``Memory.index`` (per subdir) is reset by a reload (e.g. an embedding model change, which
    re-indexes the store into a new object and saves it): a save through the old ``Memory``
    would write the old vectors over the re-indexed files. Unknown layouts count as current.
    """
    try:
        index = getattr(type(memory), "index", None)
        if not isinstance(index, dict):
            index = getattr(memory_class(), "index", None)
        if not isinstance(index, dict):
            return True
        return index.get(subdir_of(memory)) is getattr(memory, "db", None)
    except Exception:
        return True


def current_memory(memory: Any) -> Optional[Any]:
    """``memory`` if current, else a ``Memory`` on the FAISS object Agent Zero serves now
    for its subdir, or None while the subdir is unloaded (a reload is under way)."""
    if is_current(memory):
        return memory
    index = getattr(type(memory), "index", None)
    db = index.get(subdir_of(memory)) if isinstance(index, dict) else None
    if db is None:
        return None
    return type(memory)(db=db, memory_subdir=subdir_of(memory))


def save(memory: Any) -> bool:
    """Write the store as it is in memory (after in-place metadata changes), once.

    Under the store's lock (the one Agent Zero's own saves take too). Returns False, writing
    nothing, when Agent Zero has reloaded the store meanwhile (see :func:`is_current`).
    """
    from .memory_events import store_lock

    with store_lock(memory):
        if not is_current(memory):
            return False
        memory._save_db()
        return True
