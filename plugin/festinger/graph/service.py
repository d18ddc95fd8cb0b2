"""The concept graph of one process: in-memory cache, Postgres write-through, journal.

    service.graph -> GraphService

Hot path (every intercepted prompt, `process_prompt`): tokenise, count encounters, decide the
cue facts whose tokens are all known, render the `<recollection>` block -- in memory only,
under a short lock (hooks of several chats run on several threads). Everything that must
reach Postgres becomes a journal *operation* handed to the I/O loop without waiting:

    intern            tokens the cache does not know: INSERT ... RETURNING id (ids always
                      come from Postgres), then they are counted in the cache
    encounters        saliency deltas, one batch every `saliency_flush_seconds` and at close
    edge              a URD insert or re-confirmation decided in memory (the cache already
                      shows it); a UniqueViolation (another process won the race) reloads
                      that row and turns the fact into a queued collision
    conflict          a collision queued in memory under a provisional negative id; the
                      queue row's id replaces it once Postgres answers
    fact              a fact naming a token the cache does not know yet: interned, decided
                      and written on the I/O loop (it shows from the next prompt on)
    write_candidates  concepts that crossed the write threshold, for the LLM write path

The I/O loop appends operations to the on-disk journal (fsync), then applies them in order,
each in one transaction with its id (exactly-once replay, see journal.py). Postgres
unreachable at start: the cache comes from the last snapshot on disk (or starts empty), and
the database is retried in the background; lost mid-run: recollections keep being served
from the cache, operations accumulate in the journal and are replayed on reconnect.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import threading
import uuid
from collections import deque
from datetime import datetime
from typing import TYPE_CHECKING, Any, Optional

from . import store
from .cache import GraphCache
from ..core.graph.counting import Sighting
from .hotpath import HotPathMixin
from .journal import Journal
from .limits import CONNECT_TIMEOUT_S, MAX_PROMPT_CHARS  # noqa: F401  (re-exported)
from .loading import LoadingMixin
from .models import PENDING
from .operations import OperationsMixin
from .. import prompt_files
from .recollection import RecollectionConfig, RecollectionRenderer
from .results import FactDecision, PromptResult  # noqa: F401  (re-exported)
from .saliency import SaliencyPolicy
from . import snapshot as snapshot_file
from .sync import SyncMixin
from .writer import JournalUnwritable, WriterMixin  # noqa: F401  (re-exported)

if TYPE_CHECKING:
    from festinger.service import FestingerService


def database_key(service: FestingerService) -> str:
    """Names the database a journal or snapshot belongs to (no password)."""
    from ..redact import redact_dsn

    where = redact_dsn(service.dsn) if service.dsn else f"embedded:{service.home / 'pgdata'}"
    return f"{where}#{service.schema}"


class GraphService(LoadingMixin, HotPathMixin, WriterMixin, OperationsMixin, SyncMixin):
    """The concept graph of one process. Its jobs live in one module each:

        loading.py     start-up, snapshot, full reloads, shutdown
        hotpath.py     process_prompt / submit_fact: in memory, under `lock`
        writer.py      the journal writer: fsync, drain, retry, reconnect
        operations.py  typed operations (ops.py) applied to Postgres (store.py SQL)
        sync.py        LISTEN/NOTIFY: other processes' writes into this cache
    """

    def __init__(self, service: FestingerService) -> None:
        self.service = service
        cfg = service.config
        self.lock = threading.RLock()  # guards the cache: hooks run on several chat threads
        self.cache = GraphCache(self._policy(frozenset()))
        self.renderer = RecollectionRenderer(RecollectionConfig(
            read_threshold=cfg.saliency_read_threshold,
            confidence_floor=cfg.recollection_confidence_floor,
            recency_days=cfg.recollection_recency_days,
            max_concepts=cfg.recollection_max_concepts,
            max_name_words=cfg.concept_max_name_words,
            # the wording is the user's to override (prompt files, Agent Zero's convention)
            pending_note=prompt_files.recollection_pending_note(),
            zero_hit_lines=prompt_files.recollection_zero_hit_lines()))
        self.key = database_key(service)
        self.journal = Journal(service.home / "journal", self.key)
        self.snapshot_path = service.home / snapshot_file.FILE_NAME
        self.snapshots = True  # CLI commands switch this off: short processes, no rewrite
        self.auto_bootstrap = True  # load the English dictionary on a new database
        self.source: Optional[str] = None  # where the cache came from: postgres/snapshot/empty
        self.db_up = False
        self.last_error: Optional[str] = None
        self.counters: dict[str, int] = {"applied": 0, "duplicates": 0, "rejected": 0,
                                         "journaled_while_down": 0, "reconnects": 0,
                                         "retries": 0}
        self._state = "new"
        self._loaded = threading.Event()  # the cache can serve (from Postgres or a snapshot)
        self._first_attempt = threading.Event()  # the first connection attempt has finished
        self._backlog: list[tuple[str, datetime]] = []
        # prompts rendered but not counted yet (process_prompt(defer_count=True)), in order
        self._uncounted: deque[tuple[Sighting, datetime]] = deque()
        self._provisional = itertools.count(-1, -1)
        self._waiters: dict[str, concurrent.futures.Future] = {}
        self._journal_error: Optional[str] = None
        self._wake: Optional[asyncio.Event] = None
        # Serialises every writer of this process's cache against Postgres: the journal
        # drain, full reloads and the resolution job. Lock order: this lock FIRST, then a
        # pool connection (never wait for it while holding a connection: the pool is small).
        self.write_lock: Optional[asyncio.Lock] = None
        self._tasks: list[asyncio.Task] = []
        self._reconnect_task: Optional[asyncio.Task] = None
        self._closing = False
        self._changed = 0  # operations since the last snapshot
        self._start_future: Optional[concurrent.futures.Future] = None
        self.last_load: dict = {}  # sizes and timings of the last full load from Postgres
        # Other processes on the same database (the CLI, other containers, the resolution
        # job) announce their writes with NOTIFY; this process applies them to its cache.
        self.origin = uuid.uuid4().hex
        self.channel = store.channel_name(service.schema)
        self._listener: Any = None  # a dedicated connection (outside the pool) while listening
        self._relisten_task: Optional[asyncio.Task] = None
        self._remote: list[dict] = []
        self._remote_task: Optional[asyncio.Task] = None

    def _policy(self, common: frozenset) -> SaliencyPolicy:
        cfg = self.service.config
        return SaliencyPolicy(read_threshold=cfg.saliency_read_threshold,
                              write_threshold=cfg.saliency_write_threshold,
                              common_words=common)


    # ================================================================== reads
    async def reload(self) -> dict:
        """Re-read the whole graph from Postgres (after the resolution job, `/reload`)."""
        db = await self.service.db(timeout=30)
        await self._reload(db)
        return self.stats()

    async def conflicts(self, status: Optional[str] = "pending", limit: int = 100) -> list[dict]:
        """The resolution queue with tokens; from the cache when Postgres is unreachable."""
        if self.db_up:
            try:
                db = await self.service.db(timeout=10)
                async with db.pool.acquire() as conn:
                    return await store.list_conflicts(conn, status, limit)
            except Exception as exc:
                if not store.is_connection_error(exc):
                    raise
                self._db_lost(exc)
        with self.lock:
            tok = self.cache.soas_by_id.get
            out = []
            if status in (None, PENDING):
                for e in self.cache.queue.pending()[:limit]:
                    out.append({"id": e.id, "status": e.status,
                                "collision_type": e.collision_type, "priority": e.priority,
                                "concept": tok(e.concept_id), "dimension": tok(e.dim_id),
                                "existing_parent": tok(e.existing_parent_id or -1),
                                "incoming_parent": tok(e.incoming_parent_id),
                                "incoming_is_isa": e.incoming_is_isa,
                                "incoming_confidence": e.incoming_confidence,
                                "incoming_source": e.incoming_source,
                                "created_at": e.created_at, "from_cache": True})
            return out

    async def write_queue(self, status: Optional[str] = "pending", limit: int = 100) -> list[dict]:
        db = await self.service.db(timeout=10)
        async with db.pool.acquire() as conn:
            return await store.list_write_queue(conn, status, limit)

    def stats(self) -> dict:
        with self.lock:
            cache = self.cache.stats()
        return {"state": self._state, "source": self.source, "database": self.db_up,
                "last_error": self.last_error, "cache": cache,
                "journal": {"pending": len(self.journal), "file": str(self.journal.path)},
                "last_load": self.last_load,
                **self.counters}



def open_for_cli(service: FestingerService, timeout: float = CONNECT_TIMEOUT_S) -> GraphService:
    """The graph of a short-lived CLI process: loaded (from Postgres if it answers within
    `timeout`, else from the snapshot), without rewriting the snapshot on exit."""
    graph = service.graph
    graph.snapshots = False
    graph.wait_first_attempt(timeout)
    return graph

