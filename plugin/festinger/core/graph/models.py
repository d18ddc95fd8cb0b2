"""Plain records of the concept graph (festinger-concept-graph.md "Data Model").

These are the in-memory mirrors of the Postgres rows. They are slotted dataclasses rather than
pydantic models because the cache holds hundreds of thousands of them and builds a million at
startup: construction cost and memory per object matter more here than validation, which
happens at the edges (fact parser, store, web API).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Optional

# URD.source values (the seed's "Source values" decision). `gutask` is the seed's name for
# the manual `iknowthat` path; the schema CHECK constraint accepts exactly these four.
SOURCE_CLOUD_LLM = "cloud_llm"
SOURCE_INFERRED = "inferred"
SOURCE_FESTINGER = "festinger"
SOURCE_IKNOWTHAT = "gutask"
SOURCES = frozenset({SOURCE_CLOUD_LLM, SOURCE_INFERRED, SOURCE_FESTINGER, SOURCE_IKNOWTHAT})

# resolution_queue.collision_type / status values.
ISA_ISA = "isa_isa"
ISPART_ISPART = "ispart_ispart"
MISCLASSIFICATION = "misclassification"
PENDING = "pending"
RESOLVED = "resolved"
DISMISSED = "dismissed"

# The seed dimension taxonomy: (token, is_isa). Only `type` carries ISA edges by default.
SEED_DIMENSIONS: tuple[tuple[str, bool], ...] = (
    ("type", True),
    ("membership", False),
    ("runs-on", False),
    ("tech", False),
    ("owned-by", False),
    ("geography", False),
)
DEFAULT_ISA_DIMENSION = "type"
DEFAULT_ISPART_DIMENSION = "membership"

# What the listings accept (HTTP API, admin actions, CLI): one place for the status words
# and the size of a page.
ALL = "all"
CONFLICT_STATUSES = (PENDING, RESOLVED, DISMISSED, ALL)
WRITE_STATUSES = ("pending", "done", "failed", ALL)
DEFAULT_LIST = 100
MAX_LIST = 500  # one page of the API and the admin page
MAX_CLI_LIST = 10_000  # the shell may ask for everything at once (`festinger conflicts`)


@dataclass(slots=True)
class SoasRow:
    """One vocabulary entry. `saliency` is frequency (log-scaled), `novelty` domain-specificity.

    `novelty` defaults to 0.5 for a token the cache creates itself: it is not common English
    (common words are never interned by an encounter) but no write path has confirmed it yet
    (that sets 1.0); dictionary rows are created with 0.
    """

    id: int
    token: str = ""
    encounter_count: int = 0
    last_seen: Optional[datetime] = None
    saliency: float = 0.0
    novelty: float = 0.5

    @classmethod
    def from_row(cls, r) -> "SoasRow":
        """From a `soas` row (asyncpg Record or mapping, store.SOAS_COLUMNS)."""
        return cls(r["id"], r["token"], r["encounter_count"], r["last_seen"], r["saliency"],
                   r["novelty"])


@dataclass(slots=True)
class UrdEdge:
    """`concept_id IN parent_id` within dimension `dim_id`. Roots have all three ids equal."""

    concept_id: int
    parent_id: int
    dim_id: int
    is_isa: bool = True
    confidence: float = 1.0
    last_confirmed: Optional[datetime] = None  # None = never aged out (unknown age)
    source: str = SOURCE_INFERRED

    @property
    def is_root(self) -> bool:
        return self.concept_id == self.parent_id == self.dim_id

    @classmethod
    def from_row(cls, r) -> "UrdEdge":
        """From a `urd` row (asyncpg Record or mapping, store.EDGE_COLUMNS)."""
        return cls(r["id"], r["parent_id"], r["dim_id"], r["is_isa"], r["confidence"],
                   r["last_confirmed"], r["source"])


@dataclass(slots=True)
class QueueEntry:
    """One collision waiting for the resolution job. `id` is None until a store assigns it."""

    id: Optional[int]
    concept_id: int
    existing_parent_id: Optional[int]
    incoming_parent_id: int
    dim_id: int
    collision_type: str
    status: str = PENDING
    resolution: Optional[dict] = None
    created_at: Optional[datetime] = None
    resolved_at: Optional[datetime] = None
    priority: bool = False  # iknowthat collisions are reviewed first
    incoming_is_isa: bool = True
    incoming_confidence: float = 1.0
    incoming_source: str = SOURCE_INFERRED
    error: Optional[str] = None


@dataclass(slots=True, frozen=True)
class Triple:
    """A fact in token form, before ids exist: `concept IN parent` within `dimension`."""

    concept: str
    parent: str
    dimension: str
    is_isa: bool
    confidence: float
    source: str

    def __str__(self) -> str:
        op = "-isa" if self.is_isa else "-ispart"
        return f"{self.concept} {op} {self.parent} in context of {self.dimension}"


@dataclass(slots=True)
class EncounterResult:
    """What one prompt's encounter did to SOAS."""

    rows: list[SoasRow] = field(default_factory=list)  # rows seen, in prompt order
    new_tokens: list[str] = field(default_factory=list)  # interned by this encounter
    write_candidates: list[SoasRow] = field(default_factory=list)  # crossed the write threshold
    skipped_new: int = 0  # unknown tokens beyond the per-prompt interning cap
