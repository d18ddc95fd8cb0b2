"""Maintenance decisions over classified memories (Component 5 of the classification spec).

Pure: it reads metadata dicts and a :class:`~festinger.core.actr.CycleClock`, and returns a
plan; the runner (``festinger.health.maintenance_runner``) applies it to the store in one
save. The rules, with ACT-R base-level activation B (``core.actr``) as the one measure of
age and use:

* archival: a ``tactical`` memory whose activation fell below that of a memory presented
  once ``archival_threshold_cycles`` ago is ``archived``. For a memory never accessed that
  is exactly the spec's "tactical, access_count 0, older than the threshold"; a memory used
  long ago fades the same way, one used recently or often stays.
* reactivation: an ``archived`` memory accessed ``reactivation_accesses`` (3) or more times
  since it was archived, whose activation is back above the archival threshold, becomes
  ``tactical`` again. Requiring both keeps the two rules from flapping.
* purge (only with ``enable_purge``): a ``deprecated`` memory whose activation since its
  deprecation fell below that of ``deprecation_retention_cycles`` is removed. Imported
  knowledge documents are never purged, archived or reactivated: Agent Zero's knowledge
  import owns them.

``load_bearing`` memories are never archived. Unclassified memories are left to the
classifier. A memory archived or deprecated by another tool carries no stamp of when or
with how many accesses; the plan stamps it (``archived_at``/``archived_access_count``,
``deprecated_at``) the first time it sees it, so the clocks start then -- never earlier.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Iterable, Mapping, Optional

from .actr import (DEFAULT_DECAY, CycleClock, UseHistory, base_level_activation,
                   history_activation, threshold_activation)
from .metadata import (CLASSIFICATION_KEY, LINEAGE_KEY, Classification, epoch_seconds,
                       is_knowledge_document, read_classification, read_lineage, Source, Utility,
                       Validity)

ARCHIVED_AT = "archived_at"
ARCHIVED_ACCESS_COUNT = "archived_access_count"
ARCHIVED_ACTIVATION = "archived_activation"
REACTIVATED_AT = "reactivated_at"
DEPRECATED_AT = "deprecated_at"

ARCHIVE, REACTIVATE, PURGE, STAMP = "archive", "reactivate", "purge", "stamp"


@dataclass(frozen=True)
class MaintenanceSettings:
    archival_threshold_cycles: int = 50
    deprecation_retention_cycles: int = 100
    enable_purge: bool = False
    reactivation_accesses: int = 3
    decay: float = DEFAULT_DECAY

    @classmethod
    def from_config(cls, config: Any) -> "MaintenanceSettings":
        return cls(archival_threshold_cycles=config.archival_threshold_cycles,
                   deprecation_retention_cycles=config.deprecation_retention_cycles,
                   enable_purge=config.enable_purge)

    @property
    def archive_below(self) -> float:
        return threshold_activation(self.archival_threshold_cycles, self.decay)

    @property
    def purge_below(self) -> float:
        return threshold_activation(self.deprecation_retention_cycles, self.decay)


def iso(epoch: float) -> str:
    return datetime.fromtimestamp(epoch, timezone.utc).isoformat(timespec="microseconds")


@dataclass(frozen=True)
class MemoryFacts:
    """One memory as the planner sees it: classification and cycle ages."""

    doc_id: str
    classification: Optional[Classification]
    protected: bool                   # imported knowledge: never touched
    history: UseHistory
    archived_stamped: bool            # the pack knows when and with how many accesses
    deprecated_age: Optional[float]   # cycles since deprecation (None: unknown / not deprecated)


def facts_of(doc_id: str, metadata: Mapping[str, Any], clock: CycleClock,
             settings: Optional[MaintenanceSettings] = None) -> Optional[MemoryFacts]:
    """The planner's view of one memory; with ``settings``, None for a memory no rule can
    change now (most of a store: load-bearing, unclassified, deprecated with purge off),
    which skips reading its lineage and times."""
    cls = read_classification(metadata)
    if settings is not None:
        if cls is None or (cls.utility is Utility.LOAD_BEARING and cls.validity is not Validity.DEPRECATED):
            return None
        if (cls.validity is Validity.DEPRECATED and not settings.enable_purge
                and isinstance(metadata.get(LINEAGE_KEY), Mapping)
                and epoch_seconds(metadata[LINEAGE_KEY].get(DEPRECATED_AT)) is not None):
            return None
    lin = read_lineage(metadata)
    created = epoch_seconds(lin.created_at)
    if created is None:
        created = epoch_seconds(metadata.get("timestamp"))
    age = clock.age(created) if created is not None else 0.0
    last = clock.age(epoch_seconds(lin.last_accessed))
    arch_epoch = epoch_seconds(lin.extra.get(ARCHIVED_AT))
    arch_count = lin.extra.get(ARCHIVED_ACCESS_COUNT)
    if not isinstance(arch_count, int) or isinstance(arch_count, bool) or arch_count < 0:
        arch_count = None
    stamped = arch_epoch is not None and arch_count is not None
    protected = is_knowledge_document(metadata) or (
        cls is not None and cls.source is Source.BOOKSHELF_DOCUMENT)
    return MemoryFacts(
        doc_id=doc_id, classification=cls, protected=protected,
        history=UseHistory(age=age or 0.0, access_count=lin.access_count, last_access_age=last,
                           archived_age=clock.age(arch_epoch) if stamped else None,
                           accesses_before_archival=arch_count if stamped else None),
        archived_stamped=stamped,
        deprecated_age=clock.age(epoch_seconds(lin.deprecated_at)))


@dataclass(frozen=True)
class Decision:
    doc_id: str
    action: str          # archive | reactivate | purge | stamp
    activation: float
    reason: str


@dataclass
class MaintenancePlan:
    decisions: list[Decision] = field(default_factory=list)
    examined: int = 0

    def of(self, action: str) -> list[Decision]:
        return [d for d in self.decisions if d.action == action]

    @property
    def changes_metadata(self) -> bool:
        return any(d.action in (ARCHIVE, REACTIVATE, STAMP) for d in self.decisions)

    def summary(self) -> dict[str, int]:
        out = {ARCHIVE: 0, REACTIVATE: 0, PURGE: 0, STAMP: 0}
        for d in self.decisions:
            out[d.action] += 1
        return {"examined": self.examined, "archived": out[ARCHIVE],
                "reactivated": out[REACTIVATE], "purged": out[PURGE], "stamped": out[STAMP]}


def _deprecation_activation(f: MemoryFacts, decay: float) -> float:
    """Activation counted from the deprecation on: the deprecation itself, and a later use."""
    ages = [f.deprecated_age if f.deprecated_age is not None else 0.0]
    last = f.history.last_access_age
    if last is not None and f.deprecated_age is not None and last < f.deprecated_age:
        ages.append(last)
    return base_level_activation(ages, (), decay)


def decide(f: MemoryFacts, s: MaintenanceSettings) -> Optional[Decision]:
    """The one change maintenance makes to this memory now, if any."""
    cls = f.classification
    if cls is None or f.protected:
        return None
    if cls.validity is Validity.DEPRECATED:
        if f.deprecated_age is None:
            return Decision(f.doc_id, STAMP, float("nan"), "deprecated without a date")
        if not s.enable_purge:
            return None
        b = _deprecation_activation(f, s.decay)
        if b < s.purge_below:
            return Decision(f.doc_id, PURGE, b,
                            f"deprecated {f.deprecated_age:.0f} cycles ago, activation "
                            f"{b:.3f} < {s.purge_below:.3f}")
        return None
    if cls.utility is Utility.LOAD_BEARING:
        return None
    b = history_activation(f.history, s.decay)
    if cls.utility is Utility.TACTICAL:
        if b < s.archive_below:
            return Decision(f.doc_id, ARCHIVE, b,
                            f"activation {b:.3f} < {s.archive_below:.3f} "
                            f"({f.history.access_count} accesses, age {f.history.age:.0f} cycles)")
        return None
    if cls.utility is Utility.ARCHIVED:
        if not f.archived_stamped:
            return Decision(f.doc_id, STAMP, b, "archived elsewhere: start counting accesses")
        recent = f.history.accesses_since_archival
        if recent >= s.reactivation_accesses and b >= s.archive_below:
            return Decision(f.doc_id, REACTIVATE, b,
                            f"{recent} accesses since archival, activation {b:.3f}")
    return None


def plan_maintenance(facts: Iterable[MemoryFacts], settings: MaintenanceSettings) -> MaintenancePlan:
    plan = MaintenancePlan()
    for f in facts:
        plan.examined += 1
        d = decide(f, settings)
        if d is not None:
            plan.decisions.append(d)
    return plan


# --- applying a decision to metadata (in place; the runner persists) ---------------------------

def _lineage_dict(metadata: dict) -> dict:
    lin = metadata.get(LINEAGE_KEY)
    if not isinstance(lin, dict):
        lin = {}
        metadata[LINEAGE_KEY] = lin
    return lin


def apply_decision(metadata: dict, decision: Decision, now_epoch: float) -> bool:
    """Change ``metadata`` as ``decision`` says; False when it no longer applies.

    Only the keys maintenance owns are written, so whatever else the classifier or other
    tools keep in the classification and lineage dicts is preserved.
    """
    cls = metadata.get(CLASSIFICATION_KEY)
    if not isinstance(cls, dict):
        return False
    lin = _lineage_dict(metadata)
    stamp = iso(now_epoch)
    count = read_lineage(metadata).access_count
    live = cls.get("validity") != Validity.DEPRECATED.value
    if decision.action == ARCHIVE:
        if cls.get("utility") != Utility.TACTICAL.value or not live:
            return False
        cls["utility"] = Utility.ARCHIVED.value
        lin[ARCHIVED_AT] = stamp
        lin[ARCHIVED_ACCESS_COUNT] = count
        if math.isfinite(decision.activation):
            lin[ARCHIVED_ACTIVATION] = round(decision.activation, 4)
        return True
    if decision.action == REACTIVATE:
        if cls.get("utility") != Utility.ARCHIVED.value or not live:
            return False
        cls["utility"] = Utility.TACTICAL.value
        lin[REACTIVATED_AT] = stamp
        for key in (ARCHIVED_AT, ARCHIVED_ACCESS_COUNT, ARCHIVED_ACTIVATION):
            lin.pop(key, None)
        return True
    if decision.action == STAMP:
        if cls.get("validity") == Validity.DEPRECATED.value:
            if lin.get(DEPRECATED_AT):
                return False
            lin[DEPRECATED_AT] = stamp
            return True
        if cls.get("utility") == Utility.ARCHIVED.value:
            lin[ARCHIVED_AT] = stamp
            lin[ARCHIVED_ACCESS_COUNT] = count
            return True
        return False
    return False
