"""The classification and lineage a memory carries in its FAISS metadata.

Key names are the Exocortex stack's (``metadata["classification"]`` and
``metadata["lineage"]``), so a store classified by either tool stays readable by both. Stores
also hold metadata written by older tools or by hand, so reading is tolerant: a value of the
wrong type or an unknown word is treated as missing, never as an error.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from datetime import datetime, timezone
from enum import Enum
from collections.abc import Mapping
from typing import Any, Optional

CLASSIFICATION_KEY = "classification"
LINEAGE_KEY = "lineage"


class Validity(str, Enum):
    CONFIRMED = "confirmed"
    INFERRED = "inferred"
    DEPRECATED = "deprecated"


class Relevance(str, Enum):
    ACTIVE = "active"
    DORMANT = "dormant"


class Utility(str, Enum):
    LOAD_BEARING = "load_bearing"
    TACTICAL = "tactical"
    ARCHIVED = "archived"


class Source(str, Enum):
    USER_ASSERTED = "user_asserted"
    AGENT_INFERRED = "agent_inferred"
    BOOKSHELF_DOCUMENT = "bookshelf_document"  # reserved by the spec, not assigned in v1
    EXTERNAL_RETRIEVED = "external_retrieved"


@dataclass(frozen=True)
class Classification:
    validity: Validity
    relevance: Relevance
    utility: Utility
    source: Source

    def to_dict(self) -> dict[str, str]:
        return {"validity": self.validity.value, "relevance": self.relevance.value,
                "utility": self.utility.value, "source": self.source.value}

    def with_(self, **changes: Any) -> "Classification":
        return replace(self, **changes)


@dataclass
class Lineage:
    created_at: Optional[str] = None
    created_by_role: Optional[str] = None
    bst_domain: Optional[str] = None
    supersedes: Optional[str] = None
    superseded_by: Optional[str] = None
    access_count: int = 0
    last_accessed: Optional[str] = None
    deprecated_at: Optional[str] = None
    deprecated_reason: Optional[str] = None
    # fields of other tools (and later versions) are kept as they are
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        extra = data.pop("extra")
        return {**extra, **data}


_LINEAGE_FIELDS = {f for f in Lineage.__dataclass_fields__ if f != "extra"}


def parse_timestamp(value: Any) -> Optional[datetime]:
    """A lineage time (ISO-8601) or Agent Zero's ``timestamp`` ("%Y-%m-%d %H:%M:%S"), as an
    aware UTC datetime; None when missing or unreadable. Agent Zero writes local time without
    a zone, so a naive value is read as local time."""
    if not isinstance(value, str) or not value.strip():
        return None
    text = value.strip()
    try:
        parsed = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        try:
            parsed = datetime.strptime(text, "%Y-%m-%d %H:%M:%S")
        except ValueError:
            return None
    if parsed.tzinfo is None:
        parsed = parsed.astimezone()
    return parsed.astimezone(timezone.utc)


def epoch_seconds(value: Any) -> Optional[float]:
    """``parse_timestamp`` as epoch seconds."""
    parsed = parse_timestamp(value)
    return parsed.timestamp() if parsed is not None else None


def _enum(cls: type[Enum], value: Any) -> Optional[Any]:
    try:
        return cls(value) if isinstance(value, str) else None
    except ValueError:
        return None


def read_classification(metadata: Mapping[str, Any]) -> Optional[Classification]:
    """The memory's classification, or None when it is missing or malformed in any axis."""
    raw = metadata.get(CLASSIFICATION_KEY) if isinstance(metadata, Mapping) else None
    if not isinstance(raw, Mapping):
        return None
    parts = (_enum(Validity, raw.get("validity")), _enum(Relevance, raw.get("relevance")),
             _enum(Utility, raw.get("utility")), _enum(Source, raw.get("source")))
    if any(p is None for p in parts):
        return None
    return Classification(*parts)  # type: ignore[arg-type]


def _opt_str(value: Any) -> Optional[str]:
    return value if isinstance(value, str) and value else None


def read_lineage(metadata: Mapping[str, Any]) -> Lineage:
    """The memory's lineage; missing or mistyped fields read as their defaults."""
    raw = metadata.get(LINEAGE_KEY) if isinstance(metadata, Mapping) else None
    if not isinstance(raw, Mapping):
        return Lineage()
    count = raw.get("access_count")
    return Lineage(
        created_at=_opt_str(raw.get("created_at")),
        created_by_role=_opt_str(raw.get("created_by_role")),
        bst_domain=_opt_str(raw.get("bst_domain")),
        supersedes=_opt_str(raw.get("supersedes")),
        superseded_by=_opt_str(raw.get("superseded_by")),
        access_count=count if isinstance(count, int) and not isinstance(count, bool) and count >= 0 else 0,
        last_accessed=_opt_str(raw.get("last_accessed")),
        deprecated_at=_opt_str(raw.get("deprecated_at")),
        deprecated_reason=_opt_str(raw.get("deprecated_reason")),
        extra={k: v for k, v in raw.items() if k not in _LINEAGE_FIELDS},
    )


def write_classification(metadata: dict[str, Any], cls: Classification, lineage: Lineage) -> None:
    """Store both in place (the caller persists with ``update_documents``)."""
    metadata[CLASSIFICATION_KEY] = cls.to_dict()
    metadata[LINEAGE_KEY] = lineage.to_dict()


def is_deprecated(metadata: Mapping[str, Any]) -> bool:
    cls = read_classification(metadata)
    return cls is not None and cls.validity is Validity.DEPRECATED


def is_knowledge_document(metadata: Mapping[str, Any]) -> bool:
    """Imported knowledge (Agent Zero's knowledge import marks it so)."""
    return bool(isinstance(metadata, Mapping) and metadata.get("knowledge_source"))
