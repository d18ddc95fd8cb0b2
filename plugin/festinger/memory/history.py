""""What did we previously believe about X?": deprecated memories and what replaced them.

Deprecated memories stay in the store with ``lineage.superseded_by``; the winners record
``supersedes``. For a query, the memories about it are found two ways -- the nearest
vectors (a deprecated one directly, or a current one whose ``supersedes`` chain leads back
to deprecated ones) and a word match over the deprecated memories -- and each deprecated
memory is returned once, with the chain of its successors up to the current belief.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Mapping, Optional

from rapidfuzz import fuzz

from ..core.metadata import Validity, read_classification, read_lineage
from .lineage import supersedes_all

Search = Callable[[str, int], list[tuple[str, Any, float]]]   # (query, n) -> (id, doc, relevance)

MAX_CHAIN = 50          # longer chains are cut (and cycles, which only hand edits can make)
MIN_RELEVANCE = 0.65    # Agent Zero's relevance scale: (1 + cosine) / 2
MIN_WORD_MATCH = 60.0   # rapidfuzz token_set_ratio over deprecated memories


@dataclass
class Belief:
    id: str
    text: str
    validity: Optional[str]
    created_at: Optional[str]
    deprecated_at: Optional[str] = None
    reason: Optional[str] = None
    present: bool = True   # False: the id is named by a link but no longer in the store


@dataclass
class BeliefHistory:
    previous: Belief                               # what we believed
    successors: list[Belief] = field(default_factory=list)   # what replaced it, in order
    relevance: float = 0.0

    @property
    def current(self) -> Optional[Belief]:
        return self.successors[-1] if self.successors else None

    def to_dict(self) -> dict[str, Any]:
        return {"previous": asdict(self.previous), "successors": [asdict(s) for s in self.successors],
                "current": asdict(self.current) if self.current else None,
                "relevance": round(self.relevance, 4)}


def _belief(docs: Mapping[str, Any], doc_id: str) -> Belief:
    doc = docs.get(doc_id)
    meta = getattr(doc, "metadata", None)
    if not isinstance(meta, Mapping):
        return Belief(doc_id, "", None, None, present=False)
    cls = read_classification(meta)
    lin = read_lineage(meta)
    text = getattr(doc, "page_content", "")
    return Belief(doc_id, text if isinstance(text, str) else "", cls.validity.value if cls else None,
                  lin.created_at or (meta.get("timestamp") if isinstance(meta.get("timestamp"), str) else None),
                  lin.deprecated_at, lin.deprecated_reason)


def _is_deprecated(doc: Any) -> bool:
    meta = getattr(doc, "metadata", None)
    cls = read_classification(meta) if isinstance(meta, Mapping) else None
    return cls is not None and cls.validity is Validity.DEPRECATED


def successors_of(docs: Mapping[str, Any], doc_id: str) -> list[Belief]:
    """Follow ``superseded_by`` from ``doc_id`` to the current belief."""
    out: list[Belief] = []
    seen = {doc_id}
    doc = docs.get(doc_id)
    while doc is not None and len(out) < MAX_CHAIN:
        nxt = read_lineage(doc.metadata).superseded_by if isinstance(getattr(doc, "metadata", None), Mapping) else None
        if not nxt or nxt in seen:
            break
        seen.add(nxt)
        out.append(_belief(docs, nxt))
        doc = docs.get(nxt)
    return out


def predecessors_of(docs: Mapping[str, Any], doc_id: str) -> list[str]:
    """Every memory ``doc_id`` superseded, directly or through its predecessors."""
    out: list[str] = []
    todo, seen = [doc_id], {doc_id}
    while todo and len(out) < MAX_CHAIN:
        doc = docs.get(todo.pop())
        meta = getattr(doc, "metadata", None)
        if not isinstance(meta, Mapping):
            continue
        for prev in supersedes_all(read_lineage(meta)):
            if prev not in seen:
                seen.add(prev)
                out.append(prev)
                todo.append(prev)
    return out


def previous_beliefs(docs: Mapping[str, Any], query: str, *, search: Optional[Search] = None,
                     k: int = 5, fetch: int = 200) -> list[BeliefHistory]:
    """The deprecated memories about ``query``, best first, each with its successors."""
    scores: dict[str, float] = {}

    def consider(doc_id: str, score: float) -> None:
        if _is_deprecated(docs.get(doc_id)) and score > scores.get(doc_id, -1.0):
            scores[doc_id] = score

    if search is not None and query.strip():
        for doc_id, doc, rel in search(query, fetch):
            if rel < MIN_RELEVANCE:
                continue
            consider(doc_id, rel)
            for prev in predecessors_of(docs, doc_id):
                consider(prev, rel)
    q = query.strip()
    if q:
        for doc_id, doc in list(docs.items()):
            if not _is_deprecated(doc) or not isinstance(getattr(doc, "page_content", None), str):
                continue
            ratio = fuzz.token_set_ratio(q, doc.page_content[:5000], processor=str.lower)
            if ratio >= MIN_WORD_MATCH:
                consider(doc_id, ratio / 100.0)
    ranked = sorted(scores.items(), key=lambda kv: kv[1], reverse=True)[:k]
    return [BeliefHistory(_belief(docs, i), successors_of(docs, i), s) for i, s in ranked]


async def history_for_agent(agent: Any, query: str, k: int = 5) -> list[BeliefHistory]:
    """The same for a running agent's memory store (its own embedder embeds the query)."""
    import asyncio

    from ..a0.memory_store import all_docs, memory_for
    from ..a0.faiss_store import embed_vector, nearest

    memory = await memory_for(agent)
    db = memory.db

    def search(q: str, n: int) -> list[tuple[str, Any, float]]:

        from ..a0.memory_events import store_lock

        vector = embed_vector(db, q)
        with store_lock(memory):  # nearest reads FAISS's buffer: no writer may grow it meanwhile
            return nearest(db, vector, n)

    return await asyncio.get_running_loop().run_in_executor(
        None, lambda: previous_beliefs(all_docs(memory), query, search=search, k=k))


def render_history(query: str, found: list[BeliefHistory], width: int = 300) -> str:
    """The supersedes chains as text, oldest belief first, with dates (CLI and agent tool)."""
    if not found:
        return f"no earlier beliefs about {query!r}"
    lines: list[str] = []
    for h in found:
        p = h.previous
        lines.append(f"- previously: {p.text.strip()[:width]}")
        since = f" (believed from {p.created_at[:10]})" if p.created_at else ""
        lines.append(f"  [{p.id}]{since} deprecated {p.deprecated_at or '?'}: {p.reason or 'no reason recorded'}")
        for s in h.successors:
            state = "current" if s is h.current and s.validity != "deprecated" else (s.validity or "?")
            text = s.text.strip()[:width] if s.present else "(no longer in the store)"
            when = f" (since {s.created_at[:10]})" if s.created_at and s.present else ""
            lines.append(f"  -> [{s.id}] ({state}) {text}{when}")
    return "\n".join(lines)


def history_payload(query: str, found: list[BeliefHistory]) -> dict[str, Any]:
    """The JSON answer (HTTP route, CLI --json)."""
    return {"query": query, "count": len(found), "beliefs": [h.to_dict() for h in found]}


def folder_search(store: Any, folder: Any, embed: bool = True) -> Optional[Search]:
    """A vector search over a memory folder opened outside Agent Zero, or None (word matching
    only) when the folder's vectors were made by another model than the bundled MiniLM."""
    from .folder_store import uses_minilm

    if not embed or not uses_minilm(folder):
        return None
    import numpy as np

    from ..embeddings import load_embeddings
    from ..a0.faiss_store import nearest

    emb = load_embeddings()
    return lambda q, n: nearest(store.db, np.asarray([emb.embed_query(q)], dtype="float32"), n)


def folder_history(query: str, k: int = 5, memory_dir: Optional[str] = None,
                   embed: bool = True) -> dict[str, Any]:
    """``history`` of a memory folder as a JSON-ready dict (HTTP route, scripts).

    ValueError for bad input; ``folder_store.FolderError`` when the folder is unusable."""
    from .folder_store import FolderStore, default_memory_dir

    if not isinstance(query, str) or not query.strip():
        raise ValueError("query must be a non-empty text")
    if isinstance(k, bool) or not isinstance(k, int) or k < 1 or k > 100:
        raise ValueError("k must be a whole number from 1 to 100")
    folder = default_memory_dir(memory_dir)
    store = FolderStore.open(folder)
    found = previous_beliefs(store.docs, query, search=folder_search(store, folder, embed), k=k)
    return {**history_payload(query, found), "memory_dir": str(folder)}


async def tool_answer(agent: Any, query: Any, k: Any = 5) -> str:
    """The ``memory_history`` tool's answer for a running agent (bad input: one clear line)."""
    if not isinstance(query, str) or not query.strip():
        return "memory_history needs a `query`: what the belief was about, e.g. \"python version\""
    try:
        limit = max(1, min(20, int(k)))
    except (TypeError, ValueError):
        limit = 5
    found = await history_for_agent(agent, query.strip(), k=limit)
    return render_history(query.strip(), found)
