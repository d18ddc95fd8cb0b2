"""Trust labels for recalled memories and the labelled blocks the model reads.

Shape taken from labelled context blocks (each section says how far to trust it, and the
instructions rank the current conversation above stored observations): every recalled item
carries a short label saying where it stands, and the block opens with how to weigh the
labels. The text goes into ``extras_persistent["memories"]`` / ``["solutions"]``, the keys
Agent Zero's own recall writes, so the prompt keeps its usual layout.

Labels (from the classification's source and validity axes):
  user-stated, confirmed   the user said it (validity confirmed)
  user-stated              the user said it, not (or no longer) confirmed
  agent-inferred           the agent concluded it (fragment summaries, solutions)
  agent-inferred, confirmed  the agent concluded it and the user confirmed it
  from a document          imported knowledge (checked first: knowledge is classified
                           external_retrieved too) and bookshelf documents
  external                 other retrieved material (tool output, e.g. web search)
  unclassified             written before the pack classified it (weigh like agent-inferred)
Markers appended after a semicolon: ``load-bearing`` (a constraint other work relies on),
``archived`` (an old lesson not used for a long time).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence

from .metadata import (Classification, Source, Utility, Validity, is_knowledge_document,
                       read_classification)

USER_CONFIRMED = "user-stated, confirmed"
USER_STATED = "user-stated"
AGENT_INFERRED = "agent-inferred"
AGENT_CONFIRMED = "agent-inferred, confirmed"
DOCUMENT = "from a document"
EXTERNAL = "external"
UNCLASSIFIED = "unclassified"



@dataclass(frozen=True)
class RecallWording:
    """The fixed text around the recalled items. It comes from prompt files (Agent Zero's
    convention, so users can override it): see ``festinger.prompt_files.recall_wording``."""

    memories_header: str
    solutions_header: str
    guidance: str            # how to weigh the labels; given once per prompt
    solutions_guidance: str


@dataclass(frozen=True)
class LabelledItem:
    label: str
    text: str


def trust_label(cls: Optional[Classification], *, knowledge: bool = False) -> str:
    """The label for one memory's classification (None = not classified yet)."""
    if cls is None:
        base = DOCUMENT if knowledge else UNCLASSIFIED
        return base
    if cls.source is Source.USER_ASSERTED:
        base = USER_CONFIRMED if cls.validity is Validity.CONFIRMED else USER_STATED
    elif knowledge or cls.source is Source.BOOKSHELF_DOCUMENT:
        base = DOCUMENT  # before EXTERNAL: imported knowledge is classified external_retrieved
    elif cls.source is Source.EXTERNAL_RETRIEVED:
        base = EXTERNAL
    else:
        base = AGENT_CONFIRMED if cls.validity is Validity.CONFIRMED else AGENT_INFERRED
    markers = []
    if cls.utility is Utility.LOAD_BEARING:
        markers.append("load-bearing")
    elif cls.utility is Utility.ARCHIVED:
        markers.append("archived")
    return base + ("; " + ", ".join(markers) if markers else "")


def label_for(metadata: Mapping[str, Any]) -> str:
    return trust_label(read_classification(metadata), knowledge=is_knowledge_document(metadata))


def _item_line(item: LabelledItem) -> str:
    text = (item.text or "").strip()
    # Continuation lines are indented so a multi-line memory reads as one list item.
    body = "\n  ".join(line.rstrip() for line in text.splitlines()) if text else "(empty)"
    return f"- [{item.label}] {body}"


def render_block(header: str, guidance: str, items: Sequence[LabelledItem]) -> str:
    lines = [header, guidance, ""] if guidance else [header, ""]
    lines.extend(_item_line(i) for i in items)
    return "\n".join(lines)


def render_blocks(memories: Sequence[LabelledItem], solutions: Sequence[LabelledItem],
                  wording: RecallWording) -> dict[str, str]:
    """``{"memories": ..., "solutions": ...}`` with only the non-empty kinds.

    The full weighing guidance is given once: in the memories block, or in the solutions
    block when there are no memories.
    """
    out: dict[str, str] = {}
    if memories:
        out["memories"] = render_block(wording.memories_header, wording.guidance, memories)
    if solutions:
        guidance = wording.solutions_guidance if memories else \
            wording.guidance + " " + wording.solutions_guidance
        out["solutions"] = render_block(wording.solutions_header, guidance, solutions)
    return out
