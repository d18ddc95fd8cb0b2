"""Memory consolidation as the stock memorizers run it (``memory_consolidation.py``).

For each new fragment/solution (area = fragments|solutions):

1. Candidates: a similarity search of the new text (threshold 0.7, filter on the area,
   limit ``max_similar``) plus one search per keyword the utility LLM proposes, de-duplicated
   by id. Each candidate gets ``metadata["_consolidation_similarity"]`` -- a rank-based
   estimate (1.0 for a single candidate, else spread from 1.0 down to the 0.9 replace
   threshold). Candidates are the LIVE store documents, so this key leaks into the store
   (and into files at the next save). Only the first ``max_llm_context`` go to the LLM.
2. No candidates (or all deleted meanwhile): insert directly with ``{"area", "timestamp"}``.
3. Otherwise the utility LLM decides. ``skip`` (or an unparsable answer) inserts the new
   text as is. Other actions first build "consolidated metadata": the new memory's
   metadata plus EVERY field of each consumed memory (removed or updated) that the new one
   lacks -- custom keys, the old ``id``/``timestamp``, ``_consolidation_similarity``, even
   an older ``consolidated_from`` (tags lists are unioned). Then:
   * ``keep_separate``: insert ``new_memory_content``;
   * ``merge``: delete ``memories_to_remove``, insert with ``consolidated_from=[ids]``;
   * ``replace``: if any victim's ``_consolidation_similarity`` < 0.9 it degrades to an
     insert marked ``keep_separate_safety``; else delete them and insert with
     ``replaced_memories=[ids]``;
   * ``update``: for each ``memories_to_update`` entry delete the old memory and insert
     ``new_content`` with ``updated_from=<old id>``; then insert ``new_memory_content`` if any.
   In every inserted dict the action's own keys come first and the consolidated metadata is
   spread over them, so carried-over keys win; ``insert_documents`` then overwrites ``id``
   and ``timestamp``. New ids never equal old ones.
"""

from __future__ import annotations

import asyncio
import json
from datetime import datetime, timezone
from typing import Any

from langchain_core.documents import Document

from .settings import DEFAULT_MEMORY_THRESHOLD

REPLACE_SAFETY_THRESHOLD = 0.9
PROCESSING_TIMEOUT = 60.0
ACTIONS = ("merge", "replace", "keep_separate", "update", "skip")


def _utc_stamp() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S")


def _rank_similarity(position: int, count: int, floor: float) -> float:
    if count == 1:
        return 1.0
    spread = 1.0 - REPLACE_SAFETY_THRESHOLD
    estimate = REPLACE_SAFETY_THRESHOLD + spread * (1.0 - position / (count - 1))
    return max(estimate, floor)


class Consolidator:
    def __init__(self, agent: Any, memory_cls: type, max_similar: int, max_llm_context: int,
                 threshold: float = DEFAULT_MEMORY_THRESHOLD) -> None:
        self.agent = agent
        self.memory_cls = memory_cls
        self.max_similar = max_similar
        self.max_llm_context = max_llm_context
        self.threshold = threshold

    async def process(self, text: str, area: str, metadata: dict[str, Any]) -> list[str]:
        try:
            return await asyncio.wait_for(self._process(text, area, metadata), PROCESSING_TIMEOUT)
        except Exception:
            return []  # A0 prints the error and reports failure; nothing is inserted

    async def _insert_plain(self, db: Any, text: str, metadata: dict[str, Any]) -> list[str]:
        metadata.setdefault("timestamp", _utc_stamp())
        return [await db.insert_text(text, metadata)]

    async def _process(self, text: str, area: str, metadata: dict[str, Any]) -> list[str]:
        db = await self.memory_cls.get(self.agent)
        candidates = await self._candidates(db, text, area)
        if candidates:
            alive = {d.metadata.get("id") for d in db.db.get_by_ids([str(d.metadata.get("id")) for d in candidates])}
            candidates = [d for d in candidates if d.metadata.get("id") in alive]
        if not candidates:
            return await self._insert_plain(db, text, metadata)
        decision = await self._decide(text, candidates, area, metadata)
        action = decision.get("action", "skip")
        if action == "skip":
            return await self._insert_plain(db, text, metadata)
        merged = await self._consolidated_metadata(db, decision, metadata)
        return await getattr(self, "_" + action)(db, decision, area, merged)

    async def _candidates(self, db: Any, text: str, area: str) -> list[Document]:
        area_filter = f"area == '{area}'"
        found = list(await db.search_similarity_threshold(
            query=text, limit=self.max_similar, threshold=self.threshold, filter=area_filter))
        keywords = await self._keywords(text)
        for keyword in keywords:
            if keyword.strip():
                found += await db.search_similarity_threshold(
                    query=keyword.strip(), limit=max(3, self.max_similar // max(1, len(keywords))),
                    threshold=self.threshold, filter=area_filter)
        unique: list[Document] = []
        seen: set[str] = set()
        for doc in found:
            doc_id = doc.metadata.get("id")
            if doc_id and doc_id not in seen:
                seen.add(doc_id)
                unique.append(doc)
        for position, doc in enumerate(unique):
            doc.metadata["_consolidation_similarity"] = _rank_similarity(position, len(unique), self.threshold)
        return unique[: self.max_llm_context]

    async def _keywords(self, text: str) -> list[str]:
        try:
            answer = await self.agent.call_utility_model(
                system=self.agent.read_prompt("memory.keyword_extraction.sys.md"),
                message=json.dumps({"memory": text}), background=True)
            parsed = json.loads(answer.strip()) if answer and answer.strip() else []
        except Exception:
            parsed = None
        if isinstance(parsed, list):
            return [str(k) for k in parsed if k]
        if isinstance(parsed, str):
            return [parsed]
        if parsed is None:  # A0 falls back to the start of the text
            head = text if len(text) <= 200 else text.split(".")[0][:200]
            return [head.strip()]
        return []

    async def _decide(self, text: str, candidates: list[Document], area: str,
                      metadata: dict[str, Any]) -> dict[str, Any]:
        message = json.dumps({
            "new_memory": text,
            "area": area,
            "new_memory_metadata": metadata,
            "similar_memories": [
                {"id": d.metadata.get("id"), "timestamp": d.metadata.get("timestamp"),
                 "content": d.page_content, "metadata": dict(d.metadata)}
                for d in candidates
            ],
        }, default=str)
        try:
            answer = await self.agent.call_utility_model(
                system=self.agent.read_prompt("memory.consolidation.sys.md"),
                message=message, background=True)
            parsed = json.loads(answer.strip())
            if not isinstance(parsed, dict):
                raise ValueError("decision is not an object")
        except Exception:
            return {"action": "skip"}
        action = str(parsed.get("action", "skip")).lower()
        if action not in ACTIONS:
            action = "skip"
        default_content = "" if action in ("merge", "replace") else text
        return {
            "action": action,
            "memories_to_remove": list(parsed.get("memories_to_remove", []) or []),
            "memories_to_update": list(parsed.get("memories_to_update", []) or []),
            "new_memory_content": parsed.get("new_memory_content", default_content),
            "metadata": dict(parsed.get("metadata", {}) or {}),
        }

    async def _consolidated_metadata(self, db: Any, decision: dict[str, Any],
                                     metadata: dict[str, Any]) -> dict[str, Any]:
        merged = dict(metadata)
        consumed = list(decision["memories_to_remove"])
        consumed += [u.get("id") for u in decision["memories_to_update"] if u.get("id")]
        if not consumed:
            return merged
        for old in await db.db.aget_by_ids(consumed):
            for key, value in old.metadata.items():
                if key not in merged:
                    merged[key] = value
                elif key == "tags" and isinstance(value, list) and isinstance(merged[key], list):
                    merged[key] = list(set(merged[key] + value))
        return merged

    async def _keep_separate(self, db: Any, decision: dict[str, Any], area: str,
                             merged: dict[str, Any]) -> list[str]:
        if not decision["new_memory_content"]:
            return []
        meta = {"area": area, "timestamp": _utc_stamp(), "consolidation_action": "keep_separate",
                **merged, **decision["metadata"]}
        return [await db.insert_text(decision["new_memory_content"], meta)]

    async def _merge(self, db: Any, decision: dict[str, Any], area: str,
                     merged: dict[str, Any]) -> list[str]:
        victims = decision["memories_to_remove"]
        if victims:
            await db.delete_documents_by_ids(victims)
        if not decision["new_memory_content"]:
            return []
        meta = {"area": area, "timestamp": _utc_stamp(), "consolidation_action": "merge",
                "consolidated_from": victims, **merged, **decision["metadata"]}
        return [await db.insert_text(decision["new_memory_content"], meta)]

    async def _replace(self, db: Any, decision: dict[str, Any], area: str,
                       merged: dict[str, Any]) -> list[str]:
        victims = decision["memories_to_remove"]
        if victims:
            risky = [d for d in await db.db.aget_by_ids(victims)
                     if d.metadata.get("_consolidation_similarity", 0.7) < REPLACE_SAFETY_THRESHOLD]
            if risky:
                if not decision["new_memory_content"]:
                    return []
                meta = {"area": area, "timestamp": _utc_stamp(),
                        "consolidation_action": "keep_separate_safety", "original_action": "replace",
                        "safety_reason": f"Similarity below threshold {REPLACE_SAFETY_THRESHOLD}",
                        **merged, **decision["metadata"]}
                return [await db.insert_text(decision["new_memory_content"], meta)]
            await db.delete_documents_by_ids(victims)
        if not decision["new_memory_content"]:
            return []
        meta = {"area": area, "timestamp": _utc_stamp(), "consolidation_action": "replace",
                "replaced_memories": victims, **merged, **decision["metadata"]}
        return [await db.insert_text(decision["new_memory_content"], meta)]

    async def _update(self, db: Any, decision: dict[str, Any], area: str,
                      merged: dict[str, Any]) -> list[str]:
        new_ids: list[str] = []
        for entry in decision["memories_to_update"]:
            old_id, content = entry.get("id"), entry.get("new_content", "")
            if not old_id or not content or not await db.db.aget_by_ids([old_id]):
                continue
            await db.delete_documents_by_ids([old_id])
            meta = {"area": area, "timestamp": _utc_stamp(), "consolidation_action": "update",
                    "updated_from": old_id, **merged, **(entry.get("metadata") or {})}
            new_ids.append(await db.insert_text(content, meta))
        if decision["new_memory_content"]:
            meta = {"area": area, "timestamp": _utc_stamp(), "consolidation_action": "update",
                    **merged, **decision["metadata"]}
            new_ids.append(await db.insert_text(decision["new_memory_content"], meta))
        return new_ids
