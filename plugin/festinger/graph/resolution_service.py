"""The concept graph's background work in one process: `service.resolution`.

    start()                     the scheduler and the write-queue consumer, as tasks on the
                                service's I/O loop (idempotent; the Agent Zero hook and
                                `festinger serve` call it). Other processes learn of the
                                job's changes through the graph service's LISTEN (reload.py)
    await run_now(trigger)      one resolution run (POST /resolve/run, `festinger resolve run`)
    await override(id, data)    a human's decision on one conflict
    await status()              what the admin page shows
    await conflicts(...)        pending and recently closed items, with context
    await concept(token)        a concept's edges by dimension and its conflicts

Providers: `write_model_id` / `resolve_model_id` select rows of the `models` table (pack
config first, then the database's config table); unset means Agent Zero's utility model
(see llm/model_table.py).
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import threading
import uuid
from datetime import datetime
from typing import TYPE_CHECKING, Any, Optional

from ..llm import model_table
from ..llm.keys import KeyRing
from ..llm.providers import UTILITY
from ..llm.write_path import WritePath
from ..logs import log
from . import store
from .models import ALL, DEFAULT_LIST, MAX_LIST, PENDING
from .resolution import RECENT_DAYS, LOCK_NAMESPACE, ResolutionJob, RunReport
from .scheduler import (CATCH_UP_DELAY_S, ResolutionScheduler, local_now,
                        next_fire, schedule_error)

if TYPE_CHECKING:
    from festinger.service import FestingerService

SCHEDULE_KEY = "resolution_schedule"


def _iso(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value


def _jsonable(row: dict) -> dict:
    out = {}
    for k, v in row.items():
        if isinstance(v, str) and k in ("resolution", "result"):
            try:
                v = json.loads(v)
            except ValueError:
                pass
        out[k] = _iso(v)
    return out


class ResolutionService:
    def __init__(self, service: FestingerService) -> None:
        self.service = service
        self.origin = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"
        self.keyring = KeyRing(service.home)
        self.job = ResolutionJob(service, self._resolve_provider, origin=self.origin)
        self.write_path = WritePath(service, self._write_provider)
        self.scheduler = ResolutionScheduler(self._scheduled_run, self._schedule_text)
        self._tasks: list[asyncio.Task] = []
        self._started = False
        self._start_lock = threading.Lock()  # start() is called from every chat's thread
        self._run_task: Optional[asyncio.Task] = None
        self.last_report: Optional[RunReport] = None
        self.catch_up_delay = CATCH_UP_DELAY_S  # let the process settle before a catch-up run

    # ------------------------------------------------------------------ providers
    async def _resolve_provider(self, conn):
        return await model_table.provider_for(conn, self.keyring, model_table.RESOLVE,
                                              self.service.config.resolve_model_id)

    async def _write_provider(self, conn):
        return await model_table.provider_for(conn, self.keyring, model_table.WRITE,
                                              self.service.config.write_model_id)

    # ------------------------------------------------------------------ lifecycle
    def start(self, *, scheduler: bool = True, write_path: bool = True) -> None:
        """Start the background tasks once (never blocks; safe from any thread)."""
        with self._start_lock:
            if self._started or getattr(self.service, "closed", False):
                return
            self._started = True
        self.service.io.submit(self._start(scheduler, write_path))

    async def _start(self, scheduler: bool, write_path: bool) -> None:
        if write_path:
            self._tasks.append(asyncio.ensure_future(self.write_path.run_forever()))
        if scheduler:
            self._tasks.append(asyncio.ensure_future(self._schedule_loop()))

    async def _schedule_loop(self) -> None:
        try:
            db = await self.service.db(timeout=120)
            async with db.pool.acquire() as conn:
                last = await conn.fetchval("SELECT max(started_at) FROM resolution_runs")
                pending = await conn.fetchval(
                    "SELECT count(*) FROM resolution_queue WHERE status = 'pending'")
            await asyncio.sleep(self.catch_up_delay)
            await self.scheduler.catch_up(last, int(pending or 0))
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            log.debug("resolution catch-up skipped: %s", exc)
        await self.scheduler.run_forever()

    async def close(self) -> None:
        if self._run_task is not None and not self._run_task.done():
            self._tasks.append(self._run_task)
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass
        self._tasks.clear()

    # ------------------------------------------------------------------ schedule
    async def _schedule_text(self) -> str:
        """An explicit setting (file, environment) wins; else the database; else the default
        (`LoadedConfig.runtime_value`, the rule `festinger config` shows too)."""
        if self.service.loaded.is_explicit(SCHEDULE_KEY):
            return self.service.config.resolution_schedule
        db = await self.service.db(timeout=10)
        async with db.pool.acquire() as conn:
            stored = await store.get_setting(conn, SCHEDULE_KEY)
        return self.service.loaded.runtime_value(SCHEDULE_KEY, stored)[0]

    async def _scheduled_run(self, trigger: str) -> None:
        self.last_report = await self.job.run(trigger)

    # ------------------------------------------------------------------ actions
    async def run_now(self, trigger: str = "manual") -> RunReport:
        report = await self.job.run(trigger)
        self.last_report = report
        return report

    def run_in_background(self, trigger: str = "manual") -> bool:
        """Start a run without waiting (the admin button). False if one is already running
        in this process."""
        if self.job.running or (self._run_task is not None and not self._run_task.done()):
            return False
        self._run_task = asyncio.ensure_future(self.run_now(trigger))
        return True

    async def override(self, entry_id: int, data: dict):
        return await self.job.override(entry_id, data)

    async def set_schedule(self, expr: str) -> None:
        err = schedule_error(expr)
        if err is not None:
            raise ValueError(err)
        if self.service.loaded.is_explicit(SCHEDULE_KEY):
            # it would be stored and never used: say where the winning value comes from
            raise ValueError(f"resolution_schedule is set in {self.service.loaded.origin(SCHEDULE_KEY)}, "
                             "which wins over a schedule set here; change it there")
        db = await self.service.db(timeout=10)
        async with db.pool.acquire() as conn:
            await store.set_setting(conn, SCHEDULE_KEY, expr.strip())

    # ------------------------------------------------------------------ reads
    async def status(self) -> dict:
        db = await self.service.db(timeout=10)
        async with db.pool.acquire() as conn:
            pending = await conn.fetchval(
                "SELECT count(*) FROM resolution_queue WHERE status = 'pending'")
            priority = await conn.fetchval(
                "SELECT count(*) FROM resolution_queue WHERE status = 'pending' AND priority")
            failing = await conn.fetchval(
                "SELECT count(*) FROM resolution_queue WHERE status = 'pending' "
                "AND error IS NOT NULL")
            last = await conn.fetchrow(
                "SELECT id, trigger, started_at, finished_at, processed, failed, note, runner "
                "FROM resolution_runs ORDER BY started_at DESC, id DESC LIMIT 1")
            running = await conn.fetchval(
                "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND classid = $1 "
                "AND objid = hashtext($2)::oid AND granted",
                _as_oid(LOCK_NAMESPACE), self.service.schema)
            writes = {r["status"]: r["n"] for r in await conn.fetch(
                "SELECT status, count(*) AS n FROM write_queue GROUP BY status")}
            models = {}
            for purpose in (model_table.WRITE, model_table.RESOLVE):
                pack = getattr(self.service.config, model_table.PURPOSE_KEYS[purpose])
                mid, source = await model_table.selected_model_id(conn, purpose, pack)
                row = await model_table.get_model(conn, mid) if mid is not None else None
                models[purpose] = ({"id": mid, "source": source, "provider": row.provider,
                                    "model_name": row.model_name} if row is not None else
                                   {"id": mid, "source": source,
                                    "provider": "agent-zero utility model",
                                    "available": UTILITY.available})
        try:
            schedule = await self._schedule_text()
        except Exception:
            schedule = self.scheduler.schedule
        sched_err = schedule_error(schedule)
        next_run = self.scheduler.next_run
        if next_run is None and sched_err is None:
            next_run = next_fire(schedule, local_now())
        return {
            "pending": int(pending), "pending_priority": int(priority),
            "pending_with_error": int(failing), "running": bool(running),
            "last_run": _jsonable(dict(last)) if last is not None else None,
            "schedule": schedule, "schedule_error": sched_err or self.scheduler.error,
            "next_run": _iso(next_run), "write_queue": writes, "models": models,
            "write_path": {"processed": self.write_path.processed,
                           "last_error": self.write_path.last_error},
            "background": self._started,
        }

    async def conflicts(self, status: Optional[str] = None, limit: int = DEFAULT_LIST,
                        recent_days: int = RECENT_DAYS) -> dict:
        """{"pending": [...], "recent": [...]}. status None: pending (iknowthat first, then
        oldest) and those closed in the last `recent_days` (newest first); "all": pending and
        every closed one; "pending" / "resolved" / "dismissed": only those."""
        limit = max(1, min(int(limit), MAX_LIST))
        db = await self.service.db(timeout=10)
        pending: list[dict] = []
        recent: list[dict] = []
        async with db.pool.acquire() as conn:
            if status in (None, ALL, PENDING):
                pending = await _conflict_rows(conn, "q.status = 'pending'",
                                               "q.priority DESC, q.created_at, q.id", limit)
            if status is None:
                recent = await _conflict_rows(
                    conn, "q.status <> 'pending' AND q.resolved_at >= now() - "
                          "make_interval(days => $2)",
                    "q.resolved_at DESC, q.id DESC", limit, int(recent_days))
            elif status == ALL:
                recent = await _conflict_rows(conn, "q.status <> 'pending'",
                                              "q.resolved_at DESC NULLS LAST, q.id DESC", limit)
            elif status != PENDING:
                recent = await _conflict_rows(conn, "q.status = $2",
                                              "q.resolved_at DESC NULLS LAST, q.id DESC", limit,
                                              status)
        return {"pending": pending, "recent": recent}

    async def conflict(self, entry_id: int) -> Optional[dict]:
        db = await self.service.db(timeout=10)
        async with db.pool.acquire() as conn:
            rows = await _conflict_rows(conn, "q.id = $2", "q.id", 1, entry_id)
            if not rows:
                return None
            row = rows[0]
            row["concept_edges"] = await _edges_by_dimension(conn, row["concept_id"])
        return row

    async def concept(self, token: str) -> Optional[dict]:
        from .tokenizer import single_concept

        name = single_concept(token or "") or (token or "").strip().lower()
        db = await self.service.db(timeout=10)
        async with db.pool.acquire() as conn:
            soas = await conn.fetchrow("SELECT id, token, encounter_count, last_seen, saliency, "
                                       "novelty FROM soas WHERE token = $1", name)
            if soas is None:
                return None
            cid = soas["id"]
            edges = await _edges_by_dimension(conn, cid)
            conflicts = await _conflict_rows(conn, "q.concept_id = $2 AND q.status = 'pending'",
                                             "q.priority DESC, q.created_at", 50, cid)
            children = await conn.fetch(
                "SELECT c.token AS concept, d.token AS dimension, u.is_isa FROM urd u "
                "JOIN soas c ON c.id = u.id JOIN soas d ON d.id = u.dim_id "
                "WHERE u.parent_id = $1 AND u.id <> $1 ORDER BY d.token, c.token LIMIT 50", cid)
            is_dimension = await conn.fetchval(
                "SELECT EXISTS (SELECT 1 FROM urd WHERE id = $1 AND parent_id = $1 AND "
                "dim_id = $1)", cid)
        return {"concept": _jsonable(dict(soas)), "is_dimension": bool(is_dimension),
                "edges": edges, "conflicts": conflicts,
                "inside": [dict(r) for r in children]}


def _as_oid(n: int) -> int:
    """pg_locks.classid holds the first int4 key as an unsigned oid."""
    return n & 0xFFFFFFFF


async def _conflict_rows(conn, where: str, order: str, limit: int, *args) -> list[dict]:
    return [_jsonable(r) for r in await store.conflict_rows(conn, where, order, limit, *args)]


async def _edges_by_dimension(conn, concept_id: int) -> list[dict]:
    rows = await conn.fetch(
        "SELECT d.token AS dimension, p.token AS parent, u.is_isa, u.confidence, u.source, "
        "  u.last_confirmed, (u.id = u.parent_id AND u.id = u.dim_id) AS is_root, "
        "  EXISTS (SELECT 1 FROM resolution_queue q WHERE q.concept_id = u.id "
        "          AND q.dim_id = u.dim_id AND q.status = 'pending') AS contested "
        "FROM urd u JOIN soas d ON d.id = u.dim_id JOIN soas p ON p.id = u.parent_id "
        "WHERE u.id = $1 ORDER BY d.token", concept_id)
    return [_jsonable(dict(r)) for r in rows]


__all__ = ["ResolutionService"]
