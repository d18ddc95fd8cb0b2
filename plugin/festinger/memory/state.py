"""The memory service's shared state: per-store bookkeeping, a landing's result, the
changes it reports, and the context variables that travel with Agent Zero's writer tasks."""

from __future__ import annotations

import asyncio
import contextvars
import hashlib
import threading
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Literal, Optional

from ..a0.faiss_store import VectorPositions
from ..a0.vector_shadow import VectorShadow
from ..core.classification import ClassificationResult, ClassifierSettings
from ..core.metadata import LINEAGE_KEY, Classification
from . import context as mctx
from .conflicts import ConflictRecord
from .queue import PendingMemory, RemovalMark, RemovedRegistry, RetryRegistry

if TYPE_CHECKING:
    from festinger.service import FestingerService

# Set while the service itself writes, so its own update events are not taken for news.
OWN_WRITE: contextvars.ContextVar[bool] = contextvars.ContextVar("festinger_own_write", default=False)
# The last deletion made in the current task (consolidation: delete, then insert the new one).
LAST_REMOVAL: contextvars.ContextVar[Optional[RemovalMark]] = contextvars.ContextVar(
    "festinger_last_removal", default=None)

ChangeKind = Literal["classified", "deprecated", "relinked"]
TEXT_HASH_KEY = "text_sha1"   # lineage: hash of the text the classification was made from
SNAPSHOT_KEEP = 256           # latest snapshots kept per (store, agent)


def text_hash(text: Any) -> str:
    """A short hash of a memory's text (tells an edited memory from a metadata update)."""
    return hashlib.sha1(str(text).encode("utf-8", "replace")).hexdigest()[:16]


def stamp_text(meta: dict, text: Any) -> None:
    lin = meta.get(LINEAGE_KEY)
    if isinstance(lin, dict):
        meta[LINEAGE_KEY] = {**lin, TEXT_HASH_KEY: text_hash(text)}


def context_of(agent_key: Optional[str]) -> Optional[str]:
    """The chat (context id) part of an agent key "<context id>:<number>"."""
    return agent_key.rsplit(":", 1)[0] if agent_key else None


@dataclass(frozen=True)
class MemoryChange:
    """One memory whose classification or lineage the service changed (for health counters)."""

    kind: ChangeKind
    store: str
    doc_id: str
    before: Optional[Classification]
    after: Optional[Classification]
    knowledge: bool = False


@dataclass
class StoreState:
    key: str
    memory: Any
    positions: VectorPositions = field(default_factory=VectorPositions)
    # The 8-bit copy of the store's vectors for the conflict check (checks its own step)
    shadow: VectorShadow = field(default_factory=VectorShadow)
    timer: Any = None
    first_pending_at: Optional[float] = None
    lock: Optional[asyncio.Lock] = None
    swept: bool = False
    sweep_timer: Any = None
    # Classified by this process's first-sight sweep, without a monologue's context. A memory
    # can land between the sweep's read of the store and its own insert event; that event's
    # classification (with the context) then replaces the sweep's.
    swept_ids: set[str] = field(default_factory=set)
    unsaved: bool = False         # classifications in memory that no save has written yet
    save_timer: Any = None


@dataclass
class BatchResult:
    changed: dict[str, Any] = field(default_factory=dict)          # id -> live Document
    before: dict[str, Optional[Classification]] = field(default_factory=dict)
    classified: list[tuple[PendingMemory, ClassificationResult]] = field(default_factory=list)
    relinked: set[str] = field(default_factory=set)
    conflicts: list[tuple[PendingMemory, ConflictRecord]] = field(default_factory=list)
    confirmed: list[str] = field(default_factory=list)
    failures: list[tuple[PendingMemory, str]] = field(default_factory=list)
    done: list[PendingMemory] = field(default_factory=list)


class _Base:
    """The state the parts of the memory service share (set up by ``MemoryService.__init__``)."""

    service: FestingerService
    config: Any
    settings: ClassifierSettings
    _lock: threading.RLock
    _stores: dict[str, StoreState]
    _pending: dict[str, dict[str, PendingMemory]]
    _awaiting: list[PendingMemory]
    _retry: RetryRegistry
    _removed: RemovedRegistry
    _last_snapshot: dict[tuple[Optional[str], str], mctx.MonologueSnapshot]
    _listeners: list[Callable[[MemoryChange], None]]
    _conflict_log: deque
    _executor: ThreadPoolExecutor
    _tasks: set[asyncio.Future]
    _closed: bool
    counters: dict[str, int]
    _affirmations_queued: int
    last_classification_run: Optional[str]
    settle_seconds: float
    max_settle_seconds: float
    context_wait_seconds: float
    memorizer_fallback_seconds: float
    removal_mark_seconds: float
    sweep_limit: int
    sweep_delay_seconds: float
    persist_delay_seconds: float

    def _store(self, memory: Any) -> StoreState:  # defined by MemoryService
        raise NotImplementedError
