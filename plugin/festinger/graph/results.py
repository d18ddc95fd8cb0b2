"""What the graph answers right away for a prompt or a fact (before Postgres did)."""

from __future__ import annotations

import concurrent.futures
from dataclasses import dataclass, field
from typing import Optional

from .models import QueueEntry, Triple


@dataclass
class FactDecision:
    """What the graph did with one fact right away (before Postgres answered)."""

    triple: Triple
    kind: str  # insert / confirm / collision / already_pending / refused / deferred
    reason: str = ""
    conflict: Optional[QueueEntry] = None
    op_id: Optional[str] = None  # the operation that writes it, if any
    journaled: Optional[concurrent.futures.Future] = None  # done once it is on disk


@dataclass
class PromptResult:
    block: str
    tokens: list[str]
    triples: list[Triple] = field(default_factory=list)
    decisions: list[FactDecision] = field(default_factory=list)
    new_tokens: list[str] = field(default_factory=list)
    write_candidates: list[str] = field(default_factory=list)
    truncated: bool = False
    deferred: bool = False  # the cache was still loading: counted once it is, no block now
