"""The pack's clock, outside ``festinger.core`` (pure logic takes the time as an argument)."""
from __future__ import annotations

from datetime import datetime, timezone


def utc_now_iso() -> str:
    """Now, UTC, ISO-8601 to the second: the format every lineage timestamp uses."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")
