"""Memory health: incremental counters, degradation rules, and the SALUTE report.

Pure. The counters are kept by delta: the ledger remembers each document's last-known
classification, so an insert, update or delete changes the counts in O(1) and no turn ever
scans the store (the Exocortex classifier rescanned every document at every monologue
end). ``memory_health`` follows the spec's schema (Component 4) key for key, so the
Exocortex dispatcher can copy it verbatim into ``environment.memory_health``; the few keys
it adds (``unclassified``, ``knowledge_documents``, ``maintenance``, ``degradation``,
``concept_graph``) sit beside them and a reader that only knows the spec ignores them.

The SALUTE report reproduces the org kernel's schema (``orgkernel:salute_report`` 1.0:
status, activity, location, unit, time, environment) for installs without Exocortex.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable, Mapping, Optional

from .servable import is_servable
from .metadata import (Classification, Source, Utility, Validity, is_knowledge_document,
                       read_classification)

VALIDITY_KEYS = tuple(v.value for v in Validity)
UTILITY_KEYS = tuple(u.value for u in Utility)
SOURCE_KEYS = tuple(s.value for s in Source)

NOMINAL, DEGRADED, CRITICAL = "nominal", "degraded", "critical"

# Below this many deprecated memories the ratio says nothing: one correction in a fresh
# store (1 deprecated, 1 confirmed) is normal work, not degradation.
MIN_DEPRECATED_FOR_RATIO = 5
# The pending-conflict queue counts as "growing" when it rose at each of this many
# consecutive samples although a resolution run happened in between.
GROWTH_SAMPLES = 3
MAX_PENDING_SAMPLES = 16

_Key = tuple[str, str, str]  # (validity, utility, source) of a classified document


def _key_of(cls: Optional[Classification]) -> Optional[_Key]:
    if cls is None:
        return None
    return (cls.validity.value, cls.utility.value, cls.source.value)


@dataclass(frozen=True)
class Change:
    """What observing one document changed (for callers that count transitions)."""

    doc_id: str
    before: Optional[_Key]
    after: Optional[_Key]
    existed: bool

    @property
    def newly_deprecated(self) -> bool:
        return (self.before is not None and self.before[0] != Validity.DEPRECATED.value
                and self.after is not None and self.after[0] == Validity.DEPRECATED.value)

    @property
    def classification_changed(self) -> bool:
        return self.after is not None and self.after != self.before


class ClassificationLedger:
    """Counts of one memory store, kept by delta from each document's last-known class.

    Not thread-safe by itself (pure bookkeeping): Agent Zero's memorizers write from another
    thread, so the health service calls it under its own lock.
    """

    def __init__(self) -> None:
        self._known: dict[str, tuple[Optional[_Key], bool, bool]] = {}  # id -> (key, knowledge, servable)
        self.by_validity = dict.fromkeys(VALIDITY_KEYS, 0)
        self.by_utility = dict.fromkeys(UTILITY_KEYS, 0)
        self.by_source = dict.fromkeys(SOURCE_KEYS, 0)
        self.classified = 0
        self.unclassified = 0
        self.knowledge = 0
        self.deprecations_observed = 0
        self.withheld = 0   # not servable (core.servable): never shown to the model as current

    def _count(self, key: Optional[_Key], knowledge: bool, sign: int, servable: bool = True) -> None:
        if not servable:
            self.withheld += sign
        if knowledge:
            self.knowledge += sign
        if key is None:
            self.unclassified += sign
            return
        self.classified += sign
        v, u, s = key
        self.by_validity[v] = self.by_validity.get(v, 0) + sign
        self.by_utility[u] = self.by_utility.get(u, 0) + sign
        self.by_source[s] = self.by_source.get(s, 0) + sign

    def observe(self, doc_id: str, metadata: Mapping[str, Any]) -> Change:
        """Record a document's current classification; counts move by the difference."""
        key = _key_of(read_classification(metadata))
        knowledge = is_knowledge_document(metadata)
        servable = is_servable(metadata)
        prev = self._known.get(doc_id)
        if prev is not None:
            self._count(prev[0], prev[1], -1, prev[2])
        self._known[doc_id] = (key, knowledge, servable)
        self._count(key, knowledge, +1, servable)
        change = Change(doc_id, prev[0] if prev else None, key, prev is not None)
        if change.newly_deprecated:
            self.deprecations_observed += 1
        return change

    def forget(self, doc_id: str) -> bool:
        prev = self._known.pop(doc_id, None)
        if prev is None:
            return False
        self._count(prev[0], prev[1], -1, prev[2])
        return True

    def rebuild(self, docs: Iterable[tuple[str, Mapping[str, Any]]]) -> None:
        """Recount from scratch (once per store per process, and after maintenance)."""
        fresh = ClassificationLedger()
        for doc_id, metadata in docs:
            fresh.observe(doc_id, metadata)
        self._known = fresh._known
        self.by_validity, self.by_utility = fresh.by_validity, fresh.by_utility
        self.by_source = fresh.by_source
        self.classified, self.unclassified = fresh.classified, fresh.unclassified
        self.knowledge = fresh.knowledge
        self.withheld = fresh.withheld

    def __len__(self) -> int:
        return len(self._known)

    def __contains__(self, doc_id: str) -> bool:
        return doc_id in self._known

    def counts(self) -> dict[str, Any]:
        return {
            "total_memories": self.classified,
            "by_validity": {k: self.by_validity.get(k, 0) for k in VALIDITY_KEYS},
            "by_utility": {k: self.by_utility.get(k, 0) for k in UTILITY_KEYS},
            "by_source": {k: self.by_source.get(k, 0) for k in SOURCE_KEYS},
            "unclassified": self.unclassified,
            "knowledge_documents": self.knowledge,
            "withheld_from_recall": self.withheld,
        }


# --- concept graph health ---------------------------------------------------------------------

def graph_health(stats: Optional[Mapping[str, Any]]) -> Optional[dict[str, Any]]:
    """The concept graph's stats in the report's words (tolerates the store's own names)."""
    if not isinstance(stats, Mapping):
        return None

    def pick(*names: str) -> Any:
        for n in names:
            if n in stats:
                return stats[n]
        return None

    out: dict[str, Any] = {
        "concepts": pick("concepts", "soas"),
        "edges": pick("edges", "urd"),
        "pending_conflicts": pick("pending_conflicts", "pending"),
        "last_resolution_run": pick("last_resolution_run", "last_run"),
    }
    for extra in ("db_connected", "journal_pending", "resolved_total", "dismissed_total"):
        if extra in stats:
            out[extra] = stats[extra]
    return out


@dataclass(frozen=True)
class PendingSample:
    pending: int
    last_resolution_run: Optional[str]


@dataclass
class PendingTrend:
    """Distinct pending-conflict counts over time, to tell a queue the job cannot keep up with."""

    samples: list[PendingSample] = field(default_factory=list)

    def record(self, pending: Any, last_resolution_run: Any) -> None:
        if not isinstance(pending, int) or isinstance(pending, bool):
            return
        run = last_resolution_run if isinstance(last_resolution_run, str) else None
        if self.samples and self.samples[-1].pending == pending:
            if run != self.samples[-1].last_resolution_run:  # keep the newest run time
                self.samples[-1] = PendingSample(pending, run)
            return
        self.samples.append(PendingSample(pending, run))
        del self.samples[:-MAX_PENDING_SAMPLES]

    def growing(self, n: int = GROWTH_SAMPLES) -> bool:
        """Rose at each of the last ``n`` samples, across at least one resolution run.

        Between two runs the queue only fills (collisions wait for the nightly job); it is
        a problem when a run happened and the queue still kept growing.
        """
        tail = self.samples[-n:]
        if len(tail) < n:
            return False
        rising = all(b.pending > a.pending for a, b in zip(tail, tail[1:]))
        runs = {s.last_resolution_run for s in tail}
        return rising and tail[-1].last_resolution_run is not None and len(runs) > 1


# --- degradation ------------------------------------------------------------------------------

@dataclass(frozen=True)
class DegradationSettings:
    deprecated_ratio: float = 0.5
    pending_conflicts: int = 50

    @classmethod
    def from_config(cls, config: Any) -> "DegradationSettings":
        return cls(deprecated_ratio=config.degradation_deprecated_ratio,
                   pending_conflicts=config.degradation_pending_conflicts)


@dataclass(frozen=True)
class Assessment:
    health: str
    reasons: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"health": self.health, "reasons": list(self.reasons)}


def assess(counts: Mapping[str, Any], graph: Optional[Mapping[str, Any]],
           trend: Optional[PendingTrend], settings: DegradationSettings) -> Assessment:
    """nominal, or degraded with the reasons a supervisor (or operator) can act on."""
    reasons: list[str] = []
    by_validity = counts.get("by_validity") or {}
    deprecated = int(by_validity.get("deprecated", 0) or 0)
    confirmed = int(by_validity.get("confirmed", 0) or 0)
    if deprecated >= MIN_DEPRECATED_FOR_RATIO:
        ratio = deprecated / confirmed if confirmed else float("inf")
        if ratio > settings.deprecated_ratio:
            shown = "no confirmed" if not confirmed else f"ratio {ratio:.2f}"
            reasons.append(f"deprecated/confirmed {deprecated}/{confirmed} ({shown}) "
                           f"above {settings.deprecated_ratio:g}")
    if graph:
        pending = graph.get("pending_conflicts")
        if isinstance(pending, int) and not isinstance(pending, bool):
            if pending > settings.pending_conflicts:
                reasons.append(f"{pending} pending graph conflicts above {settings.pending_conflicts}")
            elif trend is not None and trend.growing():
                reasons.append(f"pending graph conflicts keep growing ({pending}) "
                               "although the resolution job ran")
        if graph.get("db_connected") is False:
            journal = graph.get("journal_pending")
            tail = f"; {journal} graph writes journalled" if isinstance(journal, int) else ""
            reasons.append("concept graph database unreachable (recollections from cache" + tail + ")")
    return Assessment(DEGRADED if reasons else NOMINAL, tuple(reasons))


def memory_health(counts: Mapping[str, Any], *, conflicts_resolved_this_session: int,
                  last_classification_run: Optional[str],
                  maintenance: Optional[Mapping[str, Any]] = None,
                  assessment: Optional[Assessment] = None,
                  concept_graph: Optional[Mapping[str, Any]] = None,
                  loops: Optional[Mapping[str, Any]] = None) -> dict[str, Any]:
    """``agent._memory_health``: the spec's keys first, in the spec's order."""
    out: dict[str, Any] = {
        "total_memories": int(counts.get("total_memories", 0)),
        "by_validity": dict(counts.get("by_validity") or {}),
        "by_utility": dict(counts.get("by_utility") or {}),
        "by_source": dict(counts.get("by_source") or {}),
        "conflicts_resolved_this_session": int(conflicts_resolved_this_session),
        "last_classification_run": last_classification_run,
        "unclassified": int(counts.get("unclassified", 0)),
        "knowledge_documents": int(counts.get("knowledge_documents", 0)),
        "withheld_from_recall": int(counts.get("withheld_from_recall", 0)),
    }
    if maintenance is not None:
        out["maintenance"] = dict(maintenance)
    if assessment is not None:
        out["degradation"] = assessment.to_dict()
    if concept_graph is not None:
        out["concept_graph"] = dict(concept_graph)
    if loops is not None:  # the loop guard's counters (only once it ran in this process)
        out["loops"] = dict(loops)
    return out


# --- SALUTE -----------------------------------------------------------------------------------

SALUTE_SCHEMA = "orgkernel:salute_report"
SALUTE_VERSION = "1.0"
PACK_ROLE_ID = "festinger"


@dataclass
class SaluteInputs:
    """Everything the report says, gathered by the adapter from the agent and the pack."""

    now: datetime
    memory_health: Mapping[str, Any]
    assessment: Assessment
    agent_number: int = 0
    role_id: str = PACK_ROLE_ID
    role_name: str = ""
    reports_to: str = ""
    organization: str = ""
    bst_domain: str = ""
    current_tool: str = ""
    turns_elapsed: int = 0
    task_started: Optional[str] = None
    elapsed_seconds: float = 0.0
    model: str = ""
    context_fill_pct: float = 0.0
    context_tokens_used: int = 0
    context_tokens_max: int = 0
    gpu_available: Optional[bool] = None
    tool_failures_consecutive: int = 0
    tool_failures_total: int = 0
    working_directory: str = ""


def salute_report(inp: SaluteInputs) -> dict[str, Any]:
    """A report in the org kernel's SALUTE schema, ``environment.memory_health`` filled.

    Without an org kernel there is no HTN plan or PACE plan: progress stays 0, pace_level
    ``primary``; ``status.health`` carries the memory degradation signal, and
    ``status.health_reasons`` says why.
    """
    mh = dict(inp.memory_health)
    return {
        "_schema": SALUTE_SCHEMA,
        "_version": SALUTE_VERSION,
        "_producer": "festinger",
        "status": {
            "state": "active" if inp.turns_elapsed else "idle",
            "progress": 0.0,
            "pace_level": "primary",
            "health": inp.assessment.health,
            "health_reasons": list(inp.assessment.reasons),
        },
        "activity": {
            "current_task": inp.bst_domain or "idle",
            "bst_domain": inp.bst_domain,
            "htn_plan": "",
            "htn_step": 0,
            "htn_total_steps": 0,
            "current_tool": inp.current_tool,
            "iterations_on_current_step": 0,
        },
        "location": {
            "working_directory": inp.working_directory,
            "files_modified": [],
            "files_read": [],
            "resources_claimed": [],
        },
        "unit": {
            "role_id": inp.role_id,
            "role_name": inp.role_name,
            "agent_number": inp.agent_number,
            "reports_to": inp.reports_to,
            "organization": inp.organization,
        },
        "time": {
            "timestamp": inp.now.isoformat(),
            "task_started": inp.task_started,
            "elapsed_seconds": round(float(inp.elapsed_seconds), 1),
            "turns_elapsed": inp.turns_elapsed,
            "turns_since_progress": 0,
            "context_turns_remaining": None,
        },
        "environment": {
            "model": inp.model,
            "context_fill_pct": round(float(inp.context_fill_pct), 3),
            "context_tokens_used": int(inp.context_tokens_used),
            "context_tokens_max": int(inp.context_tokens_max),
            "gpu_available": inp.gpu_available,
            "tool_failures_consecutive": int(inp.tool_failures_consecutive),
            "tool_failures_total": int(inp.tool_failures_total),
            "memory_fragments_stored": int(mh.get("total_memories", 0)),
            "memory_health": mh,
        },
    }


SALUTE_SECTIONS = ("status", "activity", "location", "unit", "time", "environment")


def is_salute_report(data: Any) -> bool:
    return (isinstance(data, Mapping) and data.get("_schema") == SALUTE_SCHEMA
            and all(isinstance(data.get(s), Mapping) for s in SALUTE_SECTIONS))
