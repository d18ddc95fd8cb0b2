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

import re
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


# Everything that can end a line for a reader (a model reads U+2028/U+2029, NEL, VT and FF
# as line breaks too) becomes one continuation line break; other control characters go.
_LINE_BREAKS = re.compile(r"\r\n|[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")
_CONTROLS = re.compile(r"[\x00-\x08\x0e-\x1b\x1f\x7f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")
# What could make a memory's own line look like the block's structure: a list bullet, a
# `[label]` (the trust labels' shape), a markdown header, a rule/setext underline.
_LEAD_BULLET = re.compile(r"^(?:[-*+\u2022\u2023\u25e6]|\d{1,3}[.)])\s+")
_LEAD_LABEL = re.compile(r"^\[([^\]]{0,200})\]")
_LEAD_HEADER = re.compile(r"^(?:#{1,6}(?=\s|$)|={3,}|-{3,}|_{3,}|\*{3,})\s*")


def _fence_line(line: str) -> str:
    """One line of a memory's text, unable to pass for an item, a label or a header."""
    line = _CONTROLS.sub("", line).strip()
    for _ in range(4):  # "- ## [x]" and such: peel every structural prefix
        before = line
        line = _LEAD_HEADER.sub("", line)
        line = _LEAD_BULLET.sub("", line)
        line = _LEAD_LABEL.sub(lambda m: f"({m.group(1)})", line)
        line = line.lstrip()
        if line == before:
            break
    return line


def _item_line(item: LabelledItem) -> str:
    """One recalled memory, fenced: its text (agent-inferred or external, so possibly
    hostile) stays inside its own list item. Every line separator -- U+2028/U+2029 and the
    other Unicode ones included -- becomes an indented continuation line, and no line may
    begin with a bullet, a `[...]` label or a header, so "\n- [user-stated, confirmed] ..."
    inside a memory cannot render as a second, trusted item."""
    lines = [_fence_line(x) for x in _LINE_BREAKS.split(item.text or "")]
    lines = [x for x in lines if x]
    # Continuation lines are indented so a multi-line memory reads as one list item.
    body = "\n  ".join(lines) if lines else "(empty)"
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
