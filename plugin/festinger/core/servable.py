"""Which memories may be shown to the model as current: ONE rule for recall, tools and health.

A memory is servable unless it is deprecated or names a successor (``superseded_by``): the
second half matters for hand-edited or half-written metadata, where a link was set but the
validity was not. Unclassified memories are servable (a memory the pack has not seen yet is
not a stale one). Plain dict lookups only: this runs once per fetched document inside FAISS
searches.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Optional

from .metadata import CLASSIFICATION_KEY, LINEAGE_KEY


def is_servable(metadata: Any) -> bool:
    """True when the memory may be presented to the model as a current belief."""
    if not isinstance(metadata, Mapping):
        return True
    cls = metadata.get(CLASSIFICATION_KEY)
    if isinstance(cls, Mapping) and cls.get("validity") == "deprecated":
        return False
    lin = metadata.get(LINEAGE_KEY)
    return not (isinstance(lin, Mapping) and lin.get("superseded_by"))


def doc_is_servable(doc: Any) -> bool:
    """``is_servable`` of a langchain Document (or anything with ``metadata``)."""
    return is_servable(getattr(doc, "metadata", None))


def successor_id(metadata: Any) -> Optional[str]:
    """The id that superseded this memory, if any."""
    lin = metadata.get(LINEAGE_KEY) if isinstance(metadata, Mapping) else None
    value = lin.get("superseded_by") if isinstance(lin, Mapping) else None
    return value if isinstance(value, str) and value else None
