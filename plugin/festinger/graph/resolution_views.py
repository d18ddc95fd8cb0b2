"""The two GraphView implementations the planner (core/graph/planner.py) runs against."""

from __future__ import annotations

from typing import Optional, Sequence

from . import store
from .cache import GraphCache
from .models import UrdEdge


class SqlView:
    """The database inside the item's transaction."""

    def __init__(self, conn, common_words: frozenset = frozenset()) -> None:
        self.conn = conn
        self.common = common_words

    async def intern(self, tokens: Sequence[str]) -> list[tuple]:
        rows = await store.intern_tokens(self.conn, list(tokens), 0, None, self.common)
        by_token = {r["token"]: tuple(r) for r in rows}
        return [by_token[t] for t in tokens]

    async def edge_at(self, concept_id: int, dim_id: int) -> Optional[UrdEdge]:
        return await store.edge_at(self.conn, concept_id, dim_id)

    async def would_cycle(self, concept_id: int, parent_id: int, dim_id: int) -> bool:
        return await store.would_cycle(self.conn, concept_id, parent_id, dim_id)


class CacheView:
    """An in-memory cache (tests, dry runs); new tokens get local ids."""

    def __init__(self, cache: GraphCache) -> None:
        self.cache = cache

    async def intern(self, tokens: Sequence[str]) -> list[tuple]:
        rows = self.cache.intern(list(tokens))
        return [(r.id, r.token, r.encounter_count, r.last_seen, r.saliency, r.novelty)
                for r in rows]

    async def edge_at(self, concept_id: int, dim_id: int) -> Optional[UrdEdge]:
        return self.cache.urd_by_concept_dim.get((concept_id, dim_id))

    async def would_cycle(self, concept_id: int, parent_id: int, dim_id: int) -> bool:
        return self.cache.would_cycle(concept_id, parent_id, dim_id)
