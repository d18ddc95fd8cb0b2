"""The one Festinger service object of a process.

It wires the config, the data folder, the database and the pack's components, and is shared
by every agent of the process. The first hook creates it; creating it is cheap and never
waits for the database: the connection is opened on the I/O loop in the background, and the
parts that need it degrade (serve from their caches, journal writes) until it is there.
"""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional

from .config import FestingerConfig, LoadedConfig
from .db.database import Database
from .io_loop import IOLoop
from .logs import apply_log_level, log
from .paths import resolve_home
from .redact import redact_secrets

if TYPE_CHECKING:
    from .graph.resolution_service import ResolutionService
    from .graph.service import GraphService
    from .health.service import HealthService
    from .loops.service import LoopGuardService
    from .memory.service import MemoryService
    from .recall.service import RecallService


class DatabaseUnavailable(RuntimeError):
    pass


class FestingerService:
    def __init__(self, loaded: Optional[LoadedConfig] = None, *, home: Optional[Path] = None,
                 dsn: Optional[str] = None, schema: str = "festinger") -> None:
        if loaded is None:
            from .a0.config_source import load_for_agent_zero

            loaded = load_for_agent_zero()
        self.loaded = loaded
        for err in self.loaded.errors:
            log.warning("config: %s", err)
        self.config: FestingerConfig = self.loaded.config
        apply_log_level(self.config.log_level)
        self.home: Path = home or resolve_home(self.config.home)
        self.dsn: Optional[str] = dsn if dsn is not None else self.config.dsn
        self.schema = schema
        self.io = IOLoop()
        # The parts, created on first use (see the properties below): importing the service
        # must not import the heavier parts (FAISS, bm25s, the graph) a caller does not need.
        self._memory: Optional[MemoryService] = None
        self._recall: Optional[RecallService] = None
        self._graph: Optional[GraphService] = None
        self._health: Optional[HealthService] = None
        self._resolution: Optional[ResolutionService] = None
        self._loops: Optional[LoopGuardService] = None
        self._lock = threading.RLock()
        self._db: Optional[Database] = None
        self._db_task: Optional[asyncio.Future] = None
        self._db_error: Optional[str] = None
        self._db_retry_at = 0.0
        self._close_at_exit = False
        self.closed = False

    # --- database -------------------------------------------------------------------
    @property
    def db_error(self) -> Optional[str]:
        return self._db_error

    @property
    def db_ready(self) -> bool:
        return self._db is not None and self._db.pool is not None

    def start_database(self) -> None:
        """Begin connecting in the background (idempotent, never blocks)."""
        with self._lock:
            if self.closed or self.db_ready or (self._db_task and not self._db_task.done()):
                return
            if time.monotonic() < self._db_retry_at:
                return
            self._db_task = self.io.submit(self._open_db())

    async def _open_db(self) -> Database:
        db = Database(dsn=self.dsn, home=self.home, schema=self.schema)
        try:
            await db.open()
        except Exception as exc:
            self._db_error = redact_secrets(exc)
            self._db_retry_at = time.monotonic() + 15.0  # do not hammer a server that is down
            log.warning("database unavailable: %s", exc)
            raise
        self._db, self._db_error = db, None
        if self._close_at_exit and db.is_embedded:
            # the embedded server registered its own exit handler (stop the server) just now
            self.close_at_exit()
        return db

    async def db(self, timeout: float = 60.0) -> Database:
        """The open database, on the I/O loop. Raises DatabaseUnavailable when it is not there."""
        if self.db_ready:
            return self._db  # type: ignore[return-value]
        if not self.io.in_loop():
            return await self.io.wait(self.db(timeout))
        self._db_retry_at = 0.0
        self.start_database()
        task = self._db_task
        try:
            await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(task)), timeout)
        except Exception as exc:
            raise DatabaseUnavailable(self._db_error or f"{type(exc).__name__}: {exc}") from exc
        return self._db  # type: ignore[return-value]

    def mark_db_lost(self, reason: str) -> None:
        """Called by components when a query fails for connection reasons."""
        with self._lock:
            db, self._db = self._db, None
            self._db_error = redact_secrets(reason)
        if db is not None:
            self.io.submit(db.close())

    # --- parts ----------------------------------------------------------------------
    # Each part is created on first use, under the service lock (hooks of several chats run
    # on several threads), and imported only then. ``*_if_started`` look without creating.
    @property
    def memory(self) -> MemoryService:
        with self._lock:
            if self._memory is None:
                from .memory.service import MemoryService

                self._memory = MemoryService(self)
            return self._memory

    @property
    def recall(self) -> RecallService:
        with self._lock:
            if self._recall is None:
                from .recall.service import RecallService

                self._recall = RecallService(self)
            return self._recall

    @property
    def graph(self) -> GraphService:
        with self._lock:
            if self._graph is None:
                from .graph.service import GraphService

                self._graph = GraphService(self)
            return self._graph

    @property
    def health(self) -> HealthService:
        with self._lock:
            if self._health is None:
                from .health.service import HealthService

                self._health = HealthService(self)
            return self._health

    @property
    def resolution(self) -> ResolutionService:
        """The concept graph's background work: LLM write path, resolution job, reload."""
        with self._lock:
            if self._resolution is None:
                from .graph.resolution_service import ResolutionService

                self._resolution = ResolutionService(self)
            return self._resolution

    @property
    def loops(self) -> LoopGuardService:
        """The loop guard: sessions per agent per chat, its event log and counters."""
        with self._lock:
            if self._loops is None:
                from .loops.service import LoopGuardService

                self._loops = LoopGuardService(self)
            return self._loops

    @property
    def loops_if_started(self) -> Optional[LoopGuardService]:
        return self._loops

    @property
    def memory_if_started(self) -> Optional[MemoryService]:
        return self._memory

    @property
    def graph_if_started(self) -> Optional[GraphService]:
        return self._graph

    @property
    def resolution_if_started(self) -> Optional[ResolutionService]:
        return self._resolution

    def started_parts(self) -> list[object]:
        """The parts created so far, in creation-independent order (closed in reverse)."""
        with self._lock:
            return [p for p in (self._memory, self._recall, self._graph, self._health,
                                self._resolution, self._loops) if p is not None]

    # --- lifecycle ------------------------------------------------------------------
    def close_at_exit(self) -> None:
        """Close (flush) this service when the interpreter exits.

        atexit runs the LATEST registration first, and the embedded server's wheel registers
        its "stop the server" handler when the database first opens, after this one: so the
        registration is renewed then, else the final flush would find the server stopped and
        leave the session's last writes in the journal until the next start."""
        import atexit

        atexit.unregister(self.close)
        atexit.register(self.close)
        self._close_at_exit = True

    def close(self, timeout: float = 30.0) -> None:
        """Flush and stop everything (atexit, CLI end, tests)."""
        with self._lock:
            if self.closed:
                return
            self.closed = True
            comps = self.started_parts()
        # Always, I/O loop or not: a closed service must take no further memory events (an
        # event would otherwise arm timers of a dead service, or start its I/O thread again).
        for comp in comps:
            unsubscribe = getattr(comp, "unsubscribe", None)
            if callable(unsubscribe):
                try:
                    unsubscribe()
                except Exception as exc:
                    log.warning("closing %s: %s", type(comp).__name__, exc)
        if not self.io.started:
            # Nothing ever ran on the I/O loop, so there is nothing to flush; and at
            # interpreter exit (atexit) a new thread could not even be started.
            return

        async def _close_all() -> None:
            opening = self._db_task
            if opening is not None and not opening.done():
                # still connecting (a command that ended early): cancel it, so the loop does
                # not stop under a pending task ("Task was destroyed but it is pending!")
                opening.cancel()
                try:
                    await asyncio.wait_for(asyncio.wrap_future(opening), 5)
                except (asyncio.CancelledError, Exception):  # cancelled, failed or slow: close anyway
                    pass
            for comp in reversed(comps):
                closer: Optional[Callable] = getattr(comp, "close", None)
                if closer is not None:
                    try:
                        await closer()
                    except Exception as exc:
                        log.warning("closing %s: %s", type(comp).__name__, exc)
            if self._db is not None:
                await self._db.close()
                self._db = None

        try:
            self.io.call(_close_all(), timeout)
        except Exception as exc:
            log.warning("shutdown: %s", exc)
        finally:
            self.io.stop()


_service: Optional[FestingerService] = None
_service_lock = threading.Lock()


def get_service() -> FestingerService:
    """The process-wide service, created on first use."""
    global _service
    with _service_lock:
        if _service is None or _service.closed:
            _service = FestingerService()
            _service.close_at_exit()
        return _service


def set_service(service: Optional[FestingerService]) -> None:
    """Install a specific service (self-test, tests); None forgets the current one."""
    global _service
    with _service_lock:
        _service = service
