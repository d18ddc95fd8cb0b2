"""A concept graph on the test PostgreSQL server for the write-path, resolution and web tests:
one FestingerService (its own home, a throwaway schema or a shared one), its loaded
GraphService (no dictionary bootstrap: SOAS holds the six seed dimensions) and its
ResolutionService, plus helpers that run coroutines on the service's I/O loop."""

from __future__ import annotations

import uuid
from pathlib import Path
from typing import Any, Optional

from festinger.config import load_config
from festinger.service import FestingerService

from tests.resolution.invariants import check_graph


class GraphEnv:
    def __init__(self, svc: FestingerService) -> None:
        self.svc = svc
        self.graph = svc.graph
        self.graph.auto_bootstrap = False
        self.graph.snapshots = False
        assert self.graph.wait_first_attempt(120), self.graph.stats()
        assert self.graph.db_up, self.graph.stats()
        self.res = svc.resolution
        self.roots: Optional[set[int]] = None

    # ------------------------------------------------------------------ running
    def call(self, coro, timeout: float = 120.0) -> Any:
        return self.svc.io.call(coro, timeout)

    def sql(self, query: str, *args) -> list[dict]:
        async def go():
            db = await self.svc.db()
            async with db.pool.acquire() as conn:
                return [dict(r) for r in await conn.fetch(query, *args)]
        return self.call(go())

    def scalar(self, query: str, *args) -> Any:
        rows = self.sql(query, *args)
        return next(iter(rows[0].values())) if rows else None

    def settle(self) -> None:
        assert self.call(self.graph.settle(30)), "graph writes did not settle"

    def prompt(self, text: str) -> str:
        """Process a prompt like the hook does; returns the recollection block (after the
        prompt's writes reached Postgres)."""
        block = self.graph.process_prompt(text).block
        self.settle()
        return block

    def block(self, *tokens: str) -> str:
        return self.graph.render_tokens(list(tokens))

    def fact(self, text: str) -> Any:
        from festinger.graph.iknowthat import iknowthat

        res = self.call(iknowthat(self.svc, text))
        self.settle()
        return res

    def token_id(self, token: str) -> Optional[int]:
        return self.scalar("SELECT id FROM soas WHERE token = $1", token)

    def edges(self, concept: str) -> dict[str, str]:
        """{dimension: parent} of a concept, from Postgres."""
        rows = self.sql("SELECT d.token AS dim, p.token AS parent FROM urd u "
                        "JOIN soas c ON c.id = u.id JOIN soas d ON d.id = u.dim_id "
                        "JOIN soas p ON p.id = u.parent_id WHERE c.token = $1 "
                        "AND NOT (u.id = u.parent_id AND u.id = u.dim_id)", concept)
        return {r["dim"]: r["parent"] for r in rows}

    def queue(self, status: Optional[str] = None) -> list[dict]:
        return self.sql("SELECT * FROM resolution_queue WHERE ($1::text IS NULL OR status = $1) "
                        "ORDER BY id", status)

    def run(self, trigger: str = "test") -> dict:
        report = self.call(self.res.run_now(trigger)).as_dict()
        self.check()
        return report

    def check(self, cache: bool = True) -> None:
        """Every graph invariant, the cache compared with the database."""
        self.settle()

        async def go():
            db = await self.svc.db()
            async with db.pool.acquire() as conn:
                return await check_graph(conn, self.graph.cache if cache else None, self.roots)
        self.roots = self.call(go())

    # ------------------------------------------------------------------ models
    def add_claude(self, base_url: str, key: str = "sk-ant-test-key-0001",
                   purposes=("write", "resolve")) -> int:
        from festinger.llm import model_table

        async def go():
            db = await self.svc.db()
            async with db.pool.acquire() as conn:
                mid = await model_table.add_model(conn, self.res.keyring, "claude",
                                                  "claude-test-1", key, base_url)
                for p in purposes:
                    await model_table.select_model(conn, p, mid)
                return mid
        return self.call(go())


def make_service(pg_dsn: str, home: Path, schema: Optional[str] = None,
                 **settings) -> FestingerService:
    loaded = load_config(file_layer=settings, environ={})
    return FestingerService(loaded, home=home, dsn=pg_dsn,
                            schema=schema or "t_" + uuid.uuid4().hex[:12])


def drop_schema(svc: FestingerService) -> None:
    async def drop():
        if svc.db_ready:
            db = await svc.db()
            async with db.pool.acquire() as conn:
                await conn.execute(f'DROP SCHEMA IF EXISTS "{svc.schema}" CASCADE')
    try:
        if not svc.closed:
            svc.io.call(drop(), 30)
    except Exception:
        pass
