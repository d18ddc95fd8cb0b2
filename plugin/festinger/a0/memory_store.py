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
from typing import Any, Callable, Iterable, Optional

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


async def memory_for(agent: Any) -> Any:
    """The agent's ``Memory`` (its memory subdir; project memory when a project is active)."""
    return await memory_class().get(agent)


def all_docs(memory: Any) -> dict[str, Any]:
    """The live ``{id: Document}`` dict (no copy: O(1))."""
    return memory.db.get_all_docs()


def get_doc(memory: Any, doc_id: str) -> Optional[Any]:
    return all_docs(memory).get(doc_id)


def subdir_of(memory: Any) -> str:
    return str(getattr(memory, "memory_subdir", "default"))


async def search_with_scores(memory: Any, query: str, k: int, *,
                             fetch_k: Optional[int] = None,
                             filter: Optional[Callable[[dict], bool]] = None) -> list[tuple[Any, float]]:
    """Nearest documents with Agent Zero's relevance score ((1 + cosine) / 2)."""
    if not all_docs(memory):
        return []
    return await memory.db.asimilarity_search_with_relevance_scores(
        query, k=k, fetch_k=fetch_k or max(20, 4 * k), filter=filter)


async def search_by_vector_with_scores(memory: Any, vector: list[float], k: int, *,
                                       fetch_k: Optional[int] = None,
                                       filter: Optional[Callable[[dict], bool]] = None
                                       ) -> list[tuple[Any, float]]:
    """As ``search_with_scores`` for an embedding already at hand (no second embedding call)."""
    if not all_docs(memory):
        return []
    pairs = await memory.db.asimilarity_search_with_score_by_vector(
        vector, k=k, fetch_k=fetch_k or max(20, 4 * k), filter=filter)
    relevance = memory.db._select_relevance_score_fn()
    return [(doc, relevance(score)) for doc, score in pairs]


def embed_query(memory: Any, text: str) -> list[float]:
    return memory.db.embedding_function.embed_query(text)


async def persist(memory: Any, docs: Iterable[Any]) -> None:
    """Write changed metadata back the way Agent Zero does (one ``update_documents`` call)."""
    docs = list(docs)
    if docs:
        await memory.update_documents(docs)


def save(memory: Any) -> None:
    """Write the store as it is in memory (after in-place metadata changes), once."""
    memory._save_db()
