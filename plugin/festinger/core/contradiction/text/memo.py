"""Per-text memos: a reading of a memory's text kept for the rules that ask for it again (pure logic).

The detector's rules read the same two texts many times per pair (one sentence? the sentences?
the statements?), and the resolver compares one incoming memory with the same neighbours turn after
turn. A function of the text alone is kept in a bounded LRU (`per_text`); `clear()` empties every
one of them, for a benchmark that times a pair as new memories.
"""

from __future__ import annotations

import functools
from typing import Callable, TypeVar

__all__ = ["clear", "per_text"]

F = TypeVar("F", bound=Callable[..., object])
_CACHES: list = []


def per_text(maxsize: int = 1024) -> Callable[[F], F]:
    """functools.lru_cache(maxsize), registered for `clear`; only for pure functions of their arguments
    whose results are immutable (a tuple, a str), since every caller shares them."""
    def wrap(fn: F) -> F:
        cached = functools.lru_cache(maxsize=maxsize)(fn)
        _CACHES.append(cached)
        return cached  # type: ignore[return-value]
    return wrap


def clear() -> None:
    """Empty every per-text memo."""
    for cached in _CACHES:
        cached.cache_clear()
