"""The graph's journal operations as typed records.

Each write the graph hands to Postgres is one of these; `to_op()` makes the journal record
(kind + JSON data, the on-disk format of journal.py, unchanged), `decode()` reads one back.
A record that cannot be read (a hand-edited or corrupt journal line) raises
`store.OpDataError`: the operation itself is at fault, so it is rejected, never retried.

    InternOp            tokens the cache does not know: INSERT ... RETURNING id
    EncountersOp        saliency deltas, one batch per flush
    WriteCandidatesOp   concepts that crossed the write threshold (LLM write path)
    EdgeOp              a URD insert or re-confirmation decided in memory
    ConflictOp          a collision queued in memory under a provisional id
    FactOp              a fact naming a token the cache does not know yet
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Optional, Union

from .journal import Op
from .models import PENDING, QueueEntry, Triple, UrdEdge
from .store import OpDataError


def iso(dt: Optional[datetime]) -> Optional[str]:
    return None if dt is None else dt.isoformat()


def parse_dt(text: Optional[str]) -> Optional[datetime]:
    return None if text is None else datetime.fromisoformat(text)


EncounterRow = tuple[int, int, Optional[datetime], float, float]  # id, delta, seen, sal, nov


@dataclass(frozen=True)
class InternOp:
    tokens: tuple[str, ...]
    encounter: int = 0
    at: Optional[datetime] = None
    KIND = "intern"

    def data(self) -> dict:
        return {"tokens": list(self.tokens), "encounter": self.encounter, "at": iso(self.at)}

    @classmethod
    def from_data(cls, d: dict) -> "InternOp":
        return cls(tuple(str(t) for t in d["tokens"]), int(d.get("encounter", 0)),
                   parse_dt(d.get("at")))


@dataclass(frozen=True)
class EncountersOp:
    rows: tuple[EncounterRow, ...]
    KIND = "encounters"

    def data(self) -> dict:
        return {"rows": [[i, n, iso(s), sal, nov] for i, n, s, sal, nov in self.rows]}

    @classmethod
    def from_data(cls, d: dict) -> "EncountersOp":
        return cls(tuple((int(i), int(n), parse_dt(s), float(sal), float(nov))
                         for i, n, s, sal, nov in d["rows"]))


@dataclass(frozen=True)
class WriteCandidatesOp:
    ids: tuple[int, ...]
    KIND = "write_candidates"

    def data(self) -> dict:
        return {"ids": list(self.ids)}

    @classmethod
    def from_data(cls, d: dict) -> "WriteCandidatesOp":
        return cls(tuple(int(i) for i in d["ids"]))


@dataclass(frozen=True)
class EdgeOp:
    edge: UrdEdge
    KIND = "edge"

    @classmethod
    def of(cls, e: UrdEdge, now: datetime) -> "EdgeOp":
        return cls(UrdEdge(e.concept_id, e.parent_id, e.dim_id, e.is_isa, e.confidence,
                           e.last_confirmed or now, e.source))

    def data(self) -> dict:
        e = self.edge
        return {"concept_id": e.concept_id, "parent_id": e.parent_id, "dim_id": e.dim_id,
                "is_isa": e.is_isa, "confidence": e.confidence,
                "last_confirmed": iso(e.last_confirmed), "source": e.source}

    @classmethod
    def from_data(cls, d: dict) -> "EdgeOp":
        return cls(UrdEdge(int(d["concept_id"]), int(d["parent_id"]), int(d["dim_id"]),
                           bool(d["is_isa"]), float(d["confidence"]),
                           parse_dt(d.get("last_confirmed")), str(d["source"])))


@dataclass(frozen=True)
class ConflictOp:
    entry: QueueEntry
    provisional_id: Optional[int] = None
    KIND = "conflict"

    @classmethod
    def of(cls, e: QueueEntry) -> "ConflictOp":
        return cls(e, e.id)

    def data(self) -> dict:
        e = self.entry
        return {"provisional_id": self.provisional_id, "concept_id": e.concept_id,
                "existing_parent_id": e.existing_parent_id,
                "incoming_parent_id": e.incoming_parent_id, "dim_id": e.dim_id,
                "collision_type": e.collision_type, "priority": e.priority,
                "incoming_is_isa": e.incoming_is_isa,
                "incoming_confidence": e.incoming_confidence,
                "incoming_source": e.incoming_source, "created_at": iso(e.created_at)}

    @classmethod
    def from_data(cls, d: dict) -> "ConflictOp":
        entry = QueueEntry(
            id=None, concept_id=int(d["concept_id"]),
            existing_parent_id=d.get("existing_parent_id"),
            incoming_parent_id=int(d["incoming_parent_id"]), dim_id=int(d["dim_id"]),
            collision_type=str(d["collision_type"]), status=PENDING,
            created_at=parse_dt(d.get("created_at")), priority=bool(d.get("priority")),
            incoming_is_isa=bool(d.get("incoming_is_isa", True)),
            incoming_confidence=float(d.get("incoming_confidence", 1.0)),
            incoming_source=str(d.get("incoming_source", "inferred")))
        return cls(entry, d.get("provisional_id"))


@dataclass(frozen=True)
class FactOp:
    triple: Triple
    at: Optional[datetime] = None
    KIND = "fact"

    def data(self) -> dict:
        t = self.triple
        return {"concept": t.concept, "parent": t.parent, "dimension": t.dimension,
                "is_isa": t.is_isa, "confidence": t.confidence, "source": t.source,
                "at": iso(self.at)}

    @classmethod
    def from_data(cls, d: dict) -> "FactOp":
        return cls(Triple(str(d["concept"]), str(d["parent"]), str(d["dimension"]),
                          bool(d["is_isa"]), float(d["confidence"]), str(d["source"])),
                   parse_dt(d.get("at")))


Operation = Union[InternOp, EncountersOp, WriteCandidatesOp, EdgeOp, ConflictOp, FactOp]
_KINDS: dict[str, type] = {c.KIND: c for c in (InternOp, EncountersOp, WriteCandidatesOp,
                                                EdgeOp, ConflictOp, FactOp)}


def to_op(operation: Operation) -> Op:
    """The journal record of a new operation (a fresh id)."""
    return Op(operation.KIND, operation.data())


def decode(op: Op) -> Operation:
    """The typed operation of a journal record; OpDataError if it cannot be read."""
    cls = _KINDS.get(op.kind)
    if cls is None:
        raise OpDataError(f"unknown journal operation kind {op.kind!r}")
    try:
        return cls.from_data(op.data)
    except (KeyError, TypeError, ValueError) as exc:
        raise OpDataError(f"unreadable {op.kind} operation: {type(exc).__name__}: {exc}") \
            from exc


def describe(operation: Operation, token_of) -> str:
    """The fact an operation writes, in words (for the files a human reads)."""
    if isinstance(operation, FactOp):
        return str(operation.triple)
    if isinstance(operation, EdgeOp):
        e = operation.edge
        return (f"{token_of(e.concept_id)} {'-isa' if e.is_isa else '-ispart'} "
                f"{token_of(e.parent_id)} in context of {token_of(e.dim_id)}")
    return ""


def conflict_info(e: QueueEntry) -> dict:
    return {"collision_type": e.collision_type, "priority": e.priority,
            "existing_parent_id": e.existing_parent_id, "dim_id": e.dim_id}
