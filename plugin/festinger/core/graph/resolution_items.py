"""A resolution queue item as the planner sees it, and the planner's errors (pure data)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .collisions import classify
from .models import UrdEdge
from ...llm.prompts import ConflictView, EdgeView


class ResolutionError(ValueError):
    """A decision that cannot be applied to the graph as it is now (one line, for the note)."""


class ItemGone(LookupError):
    """No pending queue item with that id (unknown, or closed meanwhile)."""


@dataclass
class Item:
    """A pending queue row with its tokens and the graph around it, read in one go."""

    id: int
    status: str
    concept_id: int
    dim_id: int
    incoming_parent_id: int
    recorded_existing_parent_id: Optional[int]
    collision_type: str
    priority: bool
    incoming_is_isa: bool
    incoming_confidence: float
    incoming_source: str
    concept: str
    dimension: str
    incoming_parent: str
    current: Optional[UrdEdge] = None  # the edge at (concept, dim) NOW
    current_parent: Optional[str] = None
    other_edges: list[EdgeView] = field(default_factory=list)
    dimensions: list[str] = field(default_factory=list)

    @classmethod
    def from_row(cls, r) -> "Item":
        """From a row of resolution_store's item query (queue row joined with its tokens)."""
        return cls(id=r["id"], status=r["status"], concept_id=r["concept_id"],
                   dim_id=r["dim_id"], incoming_parent_id=r["incoming_parent_id"],
                   recorded_existing_parent_id=r["existing_parent_id"],
                   collision_type=r["collision_type"], priority=r["priority"],
                   incoming_is_isa=r["incoming_is_isa"],
                   incoming_confidence=r["incoming_confidence"],
                   incoming_source=r["incoming_source"], concept=r["concept"],
                   dimension=r["dimension"], incoming_parent=r["incoming_parent"])

    @property
    def live_collision_type(self) -> str:
        """The collision as it stands now (the existing edge may have changed since)."""
        if self.current is None:
            return self.collision_type
        return classify(self.current.is_isa, self.incoming_is_isa)

    def view(self) -> ConflictView:
        return ConflictView(
            concept=self.concept, dimension=self.dimension,
            existing_parent=self.current_parent or "?",
            existing_is_isa=self.current.is_isa if self.current else True,
            incoming_parent=self.incoming_parent, incoming_is_isa=self.incoming_is_isa,
            collision_type=self.live_collision_type, other_edges=tuple(self.other_edges),
            dimensions=tuple(self.dimensions))
