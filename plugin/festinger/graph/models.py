"""Plain records of the concept graph: pure, in core/graph/models.py (named here), plus the
one clock the graph's adapters use."""

from datetime import datetime, timezone

from ..core.graph.models import *  # noqa: F401,F403


def utcnow() -> datetime:
    return datetime.now(timezone.utc)
