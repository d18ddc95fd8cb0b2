"""What the agent's own ``memory_load`` tool shows: current memories, never stale ones as current.

Agent Zero's tool answers with ``Memory.format_docs_plain``: every search hit, deprecated or
not, with every metadata key (the pack's classification and lineage dicts included). The pack
answers in its place (through ``tool_execute_after``, on both layouts):

* a current (servable) hit is shown as Agent Zero shows it, without the pack's internal keys,
  with a one-line trust label instead;
* a hit that was superseded is replaced by the memory that superseded it (followed to the
  current one), so searching for the old fact finds the current one; the old text is listed
  after the current memories, marked "superseded by <id>, on <date>" -- never as current;
* a deprecated hit whose chain leads nowhere current is left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Optional, Sequence

from ..core.metadata import CLASSIFICATION_KEY, LINEAGE_KEY, read_lineage
from ..core.servable import is_servable, successor_id
from ..core.trust import label_for

# Keys the pack writes, and Agent Zero's transient consolidation score: never shown.
HIDDEN_KEYS = frozenset({CLASSIFICATION_KEY, LINEAGE_KEY})
MAX_CHAIN = 50


@dataclass(frozen=True)
class Superseded:
    doc: Any
    current_id: str
    on: Optional[str]   # YYYY-MM-DD of the deprecation, when recorded


@dataclass
class MemoryLoadView:
    current: list[Any] = field(default_factory=list)
    superseded: list[Superseded] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.current)


def current_of(live: Mapping[str, Any], doc: Any) -> Optional[Any]:
    """Follow ``superseded_by`` from ``doc`` to the first servable memory still in the store."""
    seen: set[str] = set()
    nxt = successor_id(getattr(doc, "metadata", None))
    while nxt and nxt not in seen and len(seen) < MAX_CHAIN:
        seen.add(nxt)
        succ = live.get(nxt)
        if succ is None:
            return None
        if is_servable(getattr(succ, "metadata", None)):
            return succ
        nxt = successor_id(succ.metadata)
    return None


def _id(doc: Any) -> Optional[str]:
    meta = getattr(doc, "metadata", None)
    value = meta.get("id") if isinstance(meta, Mapping) else None
    return value if isinstance(value, str) else None


def present(found: Sequence[Any], live: Mapping[str, Any], limit: int) -> MemoryLoadView:
    """The view of search hits ``found`` (best first) over the live ``{id: Document}``."""
    view = MemoryLoadView()
    shown: set[str] = set()
    old_seen: set[str] = set()
    limit = max(1, int(limit))
    for doc in found:
        meta = getattr(doc, "metadata", None)
        if is_servable(meta):
            target = doc
        else:
            target = current_of(live, doc)
            if target is None:
                continue  # stale, with nothing current to point to: not shown at all
            doc_id = _id(doc)
            if doc_id and doc_id not in old_seen:
                old_seen.add(doc_id)
                on = read_lineage(meta).deprecated_at if isinstance(meta, Mapping) else None
                view.superseded.append(Superseded(doc, _id(target) or "?", on[:10] if on else None))
        tid = _id(target)
        if tid is None or tid in shown:
            continue
        if len(view.current) < limit:
            shown.add(tid)
            view.current.append(target)
    kept = {_id(d) for d in view.current}
    view.superseded = [s for s in view.superseded if s.current_id in kept]
    return view


def _metadata_lines(meta: Mapping[str, Any]) -> list[str]:
    lines = []
    for key, value in meta.items():
        if key in HIDDEN_KEYS or (isinstance(key, str) and key.startswith("_")):
            continue
        lines.append(f"{key}: {value}")
    return lines


def render(view: MemoryLoadView) -> str:
    """Agent Zero's plain layout for the current memories, then the superseded ones marked."""
    parts = []
    for doc in view.current:
        meta = doc.metadata if isinstance(getattr(doc, "metadata", None), Mapping) else {}
        lines = _metadata_lines(meta)
        lines.append(f"trust: {label_for(meta)}")
        lines.append(f"Content: {doc.page_content}")
        parts.append("\n".join(lines))
    if view.superseded:
        lines = ["Superseded memories (NOT current; shown only because they matched the search):"]
        for s in view.superseded:
            when = f", on {s.on}" if s.on else ""
            text = " ".join(str(getattr(s.doc, "page_content", "")).split())
            lines.append(f"- [superseded by {s.current_id}{when}] {text}")
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


async def answer(agent: Any, query: str = "", threshold: Any = None, limit: Any = None,
                 filter: str = "") -> Optional[str]:
    """The tool's answer for this agent's store, or None to leave the stock answer as is
    (the stock answer is only kept when it found nothing)."""
    from ..a0 import memory_events
    from ..a0.memory_store import all_docs, memory_for

    try:
        thr = float(threshold) if threshold not in (None, "") else 0.7
    except (TypeError, ValueError):
        thr = 0.7
    try:
        lim = int(limit) if limit not in (None, "") else 10
    except (TypeError, ValueError):
        lim = 10
    memory = await memory_for(agent)
    token = memory_events.SEE_ALL.set(True)  # deprecated hits too: they lead to their successors
    try:
        found = await memory.search_similarity_threshold(query=str(query or ""), limit=max(1, lim) * 2,
                                                         threshold=thr, filter=str(filter or ""))
    finally:
        memory_events.SEE_ALL.reset(token)
    if not found:
        return None
    view = present(found, all_docs(memory), lim)
    if not view:
        return agent.read_prompt("fw.memories_not_found.md", query=query)
    return render(view)
