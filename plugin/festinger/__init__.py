"""Festinger: memory an Agent Zero agent can trust.

The package imports nothing heavy (no Agent Zero, FAISS, torch, asyncpg) at import time; the
public helpers below import their module on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

__all__ = ["__version__", "Contradiction", "detect_contradiction"]

if TYPE_CHECKING:  # pragma: no cover
    from .core.contradiction import Contradiction, detect_contradiction


def __getattr__(name: str) -> Any:
    if name in ("Contradiction", "detect_contradiction"):
        from .core import contradiction

        return getattr(contradiction, name)
    raise AttributeError(f"module 'festinger' has no attribute {name!r}")
