"""The four-axis classification of one memory, decided by rules (pure, deterministic).

Input: the memory's text and metadata as Agent Zero stored them, and the context of the
monologue that produced it (its messages, the active role and BST domain). Output: a
:class:`ClassificationResult` to write into ``metadata["classification"]`` and
``metadata["lineage"]``, or an :class:`Unclassified` with the reason the memory was left
alone (bad input is never an exception).

Rules (memory-classification-l3.md, Component 1):
- source: imported knowledge -> its own class (see below); solutions -> agent_inferred
  (the spec: solutions are agent-generated); otherwise user_asserted when one user message
  of the monologue covers the memory's content (source_attribution), external_retrieved
  when a retrieval tool's output does or the memory carries a URL the user did not give,
  agent_inferred otherwise. bookshelf_document is reserved and never assigned.
- validity: user_asserted and knowledge -> confirmed; everything else -> inferred.
- utility: load_bearing when a configured keyword occurs as a whole word, or when the
  user stated a fact about their setup ("My project uses Python 3.11"); tactical
  otherwise. archived is only ever set by maintenance.
- relevance: always active at write time (role filtering happens at read time).

Knowledge-import documents are files the user placed in Agent Zero's knowledge folders:
they are classified external_retrieved + confirmed (a trusted document, not something
the user said in this chat) and marked ``origin: knowledge`` in the lineage. The resolver
protects them by Agent Zero's own ``knowledge_source`` metadata flag
(:func:`metadata.is_knowledge_document`): agent memories never deprecate them; recall
labels them "from a document".
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Iterable, Mapping, Optional, Sequence, Union

from .confirmation import affirmed_by_user
from .keywords import find_keywords, is_correction, is_stated_fact
from .metadata import (CLASSIFICATION_KEY, LINEAGE_KEY, Classification, Lineage, Relevance,
                       Source, Utility, Validity, is_knowledge_document, read_lineage)
from .source_attribution import Attribution, ContextMessage, MessageIndex, attribute

CLASSIFIER_NAME = "festinger"
DEFAULT_MAX_TEXT_CHARS = 100_000

# Keys Agent Zero's consolidation writes on the memory that replaces others.
CONSOLIDATION_KEYS = ("consolidated_from", "replaced_memories", "updated_from")
CONSOLIDATION_ACTIONS = frozenset({"merge", "replace", "update"})


class MemoryOrigin(str, Enum):
    FRAGMENT = "fragment"            # _50_memorize_fragments
    SOLUTION = "solution"            # _51_memorize_solutions
    SAVED = "memory_save"            # the memory_save tool (area main unless given)
    KNOWLEDGE = "knowledge"          # knowledge import
    CONSOLIDATION = "consolidation"  # merge / replace / update of older memories


def origin_of(metadata: Mapping[str, Any]) -> MemoryOrigin:
    if is_knowledge_document(metadata):
        return MemoryOrigin.KNOWLEDGE
    if metadata.get("consolidation_action") in CONSOLIDATION_ACTIONS:
        return MemoryOrigin.CONSOLIDATION
    area = metadata.get("area")
    if area == "solutions":
        return MemoryOrigin.SOLUTION
    if area == "fragments":
        return MemoryOrigin.FRAGMENT
    return MemoryOrigin.SAVED


@dataclass(frozen=True)
class ClassifierSettings:
    load_bearing_keywords: tuple[str, ...]
    source_match_threshold: float = 80.0
    max_text_chars: int = DEFAULT_MAX_TEXT_CHARS

    @classmethod
    def from_config(cls, config: Any) -> "ClassifierSettings":
        return cls(tuple(k for k in config.load_bearing_keywords if isinstance(k, str)),
                   float(config.source_match_threshold))


@dataclass
class ClassificationContext:
    """What was going on when the memory was produced."""

    messages: Sequence[ContextMessage] = ()
    role_id: Optional[str] = None
    bst_domain: Optional[str] = None
    agent: Optional[str] = None          # "A0", "A1", ...: which agent's monologue it was
    _index: Optional[MessageIndex] = field(default=None, repr=False, compare=False)

    @property
    def index(self) -> MessageIndex:
        # Built once per monologue and shared by every memory that monologue produced.
        if self._index is None:
            self._index = MessageIndex(self.messages)
        return self._index


EMPTY_CONTEXT = ClassificationContext()


@dataclass(frozen=True)
class ClassificationResult:
    classification: Classification
    lineage: Lineage
    origin: MemoryOrigin
    attribution: Optional[Attribution] = None
    load_bearing_matches: tuple[str, ...] = ()
    stated_fact: bool = False
    correction: bool = False   # an explicit correction by the user ("actually, ...")

    def explain(self) -> dict[str, Any]:
        a = self.attribution
        return {
            "origin": self.origin.value,
            "source_evidence": a.reason if a else "by origin",
            "scores": ({"user": a.user_score, "agent": a.agent_score, "tool": a.tool_score}
                       if a else None),
            "load_bearing_keywords": list(self.load_bearing_matches),
            "stated_fact": self.stated_fact,
            "correction": self.correction,
        }


@dataclass(frozen=True)
class Unclassified:
    """The memory was left unclassified; ``reason`` says why (logged, retried later)."""

    reason: str


Outcome = Union[ClassificationResult, Unclassified]


def check_input(text: Any, metadata: Any, max_chars: int = DEFAULT_MAX_TEXT_CHARS) -> Optional[str]:
    """Why this memory cannot be classified as stored, or None when it can."""
    if not isinstance(metadata, Mapping):
        return f"metadata is {type(metadata).__name__}, not a mapping"
    if not isinstance(metadata.get("id"), str) or not metadata.get("id"):
        return "metadata has no text id"
    if isinstance(text, (bytes, bytearray)):
        return "text is bytes, not decoded text"
    if not isinstance(text, str):
        return f"text is {type(text).__name__}, not text"
    if not text.strip():
        return "text is empty"
    if len(text) > max_chars:
        return f"text too large ({len(text)} chars > {max_chars})"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "text holds undecodable characters (lone surrogates)"
    for key in (CLASSIFICATION_KEY, LINEAGE_KEY):
        value = metadata.get(key)
        if value is not None and not isinstance(value, Mapping) and not _json_object(value):
            # Written by some older tool: overwriting it would destroy its data.
            return f"metadata[{key!r}] is {type(value).__name__} written by another tool"
    return None


def _json_object(value: Any) -> Optional[dict]:
    """Some tools stored the classification as a JSON string (the spec allows it)."""
    if isinstance(value, str):
        try:
            parsed = json.loads(value)
        except (ValueError, RecursionError):
            return None
        return parsed if isinstance(parsed, dict) else None
    return None


def upgrade_json_fields(metadata: dict[str, Any]) -> None:
    """Turn classification/lineage stored as JSON strings into dicts, in place."""
    for key in (CLASSIFICATION_KEY, LINEAGE_KEY):
        parsed = _json_object(metadata.get(key))
        if parsed is not None:
            metadata[key] = parsed


def _source_for(text: str, metadata: Mapping[str, Any], origin: MemoryOrigin,
                context: ClassificationContext, settings: ClassifierSettings
                ) -> tuple[Source, Optional[Attribution]]:
    if origin is MemoryOrigin.KNOWLEDGE:
        return Source.EXTERNAL_RETRIEVED, None
    if origin is MemoryOrigin.SOLUTION:
        return Source.AGENT_INFERRED, None
    attribution = attribute(text, context.index, settings.source_match_threshold)
    if attribution.speaker == "user":
        return Source.USER_ASSERTED, attribution
    if attribution.speaker == "tool" or attribution.has_url:
        return Source.EXTERNAL_RETRIEVED, attribution
    return Source.AGENT_INFERRED, attribution


def classify_memory(text: Any, metadata: Any, context: Optional[ClassificationContext],
                    settings: ClassifierSettings, *, now_iso: str,
                    created_at: Optional[str] = None, fresh: bool = False) -> Outcome:
    """Classify one memory; never raises for bad input (returns :class:`Unclassified`).

    ``fresh``: ignore any lineage already in the metadata (consolidation copies the consumed
    memories' metadata onto the new one; that lineage describes them, not it).
    """
    reason = check_input(text, metadata, settings.max_text_chars)
    if reason:
        return Unclassified(reason)
    ctx = context or EMPTY_CONTEXT
    origin = origin_of(metadata)
    source, attribution = _source_for(text, metadata, origin, ctx, settings)
    validity = (Validity.CONFIRMED if source is Source.USER_ASSERTED or origin is MemoryOrigin.KNOWLEDGE
                else Validity.INFERRED)
    # The agent said it and the user's next message agreed ("yes, that's right"): still the
    # agent's words, but validated by the user.
    affirmed = (validity is Validity.INFERRED and source is Source.AGENT_INFERRED
                and origin in (MemoryOrigin.FRAGMENT, MemoryOrigin.SAVED, MemoryOrigin.CONSOLIDATION)
                and affirmed_by_user(text, ctx.messages, settings.source_match_threshold))
    if affirmed:
        validity = Validity.CONFIRMED
    matches = tuple(find_keywords(text, settings.load_bearing_keywords))
    stated = source is Source.USER_ASSERTED and is_stated_fact(text)
    utility = Utility.LOAD_BEARING if matches or stated else Utility.TACTICAL
    correction = bool(source is Source.USER_ASSERTED and attribution is not None and (
        is_correction(attribution.user_message or "") or is_correction(text)))

    # Keep what others already recorded (access counts from recall, pointers) and add ours.
    raw_lineage = metadata.get(LINEAGE_KEY)
    if not isinstance(raw_lineage, Mapping):
        raw_lineage = _json_object(raw_lineage) or {}
    previous = Lineage() if fresh else read_lineage({LINEAGE_KEY: raw_lineage})
    lineage = Lineage(
        created_at=previous.created_at or created_at or now_iso,
        created_by_role=previous.created_by_role or ctx.role_id,
        bst_domain=previous.bst_domain or ctx.bst_domain,
        supersedes=previous.supersedes,
        superseded_by=previous.superseded_by,
        access_count=previous.access_count,
        last_accessed=previous.last_accessed,
        deprecated_at=previous.deprecated_at,
        deprecated_reason=previous.deprecated_reason,
        extra={**previous.extra, **({"created_by_agent": ctx.agent} if ctx.agent else {}),
               "classified_by": CLASSIFIER_NAME, "origin": origin.value,
               "classified_at": now_iso,
               "source_evidence": attribution.reason if attribution else f"{origin.value} memory",
               **({"confirmed_by": "user affirmation"} if affirmed else {})},
    )
    cls = Classification(validity, Relevance.ACTIVE, utility, source)
    return ClassificationResult(cls, lineage, origin, attribution, matches, stated, correction)


def classify_text(text: str, origin: str, settings: ClassifierSettings, *,
                  now_iso: str, tool_name: str = "search_engine", area: str = "fragments") -> Outcome:
    """Classify a text as if it were a memory taken from a message of ``origin``
    (user|agent|tool): the ``festinger classify`` command and quick checks."""
    speaker = {"user": "user", "agent": "agent", "tool": "tool"}.get(origin)
    if speaker is None:
        raise ValueError(f"origin must be user, agent or tool, not {origin!r}")
    messages = [ContextMessage(speaker, text, tool_name if speaker == "tool" else None)]  # type: ignore[arg-type]
    metadata = {"id": "cli", "area": area}
    return classify_memory(text, metadata, ClassificationContext(messages), settings, now_iso=now_iso)


def default_for_resolution(text: Any, metadata: Mapping[str, Any],
                           settings: ClassifierSettings, *, now_iso: str) -> Optional[ClassificationResult]:
    """A context-free classification for an unclassified neighbour in a conflict, or None."""
    outcome = classify_memory(text, metadata, None, settings, now_iso=now_iso)
    return outcome if isinstance(outcome, ClassificationResult) else None


def iter_consolidation_ids(metadata: Mapping[str, Any]) -> Iterable[str]:
    """Ids named by the consolidation keys (may be stale copies of an earlier consolidation's
    keys: ``memory.queue.RemovedRegistry.take`` keeps only ids actually removed)."""
    for key in CONSOLIDATION_KEYS:
        value = metadata.get(key)
        if isinstance(value, str) and value:
            yield value
        elif isinstance(value, (list, tuple)):
            for v in value:
                if isinstance(v, str) and v:
                    yield v
