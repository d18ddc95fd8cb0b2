"""The two assertions the detector's rule tests share: a pair it must leave alone and a pair it
must catch. They call the inner `_detect`, so a bug in a rule fails the test instead of being
swallowed as "no contradiction" (`detect_contradiction` never raises)."""

from __future__ import annotations

from festinger.core.contradiction.compare import _detect


def silent(existing: str, incoming: str) -> None:
    assert _detect(existing, incoming) is None, (existing, incoming)


def caught(existing: str, incoming: str) -> None:
    assert _detect(existing, incoming) is not None, (existing, incoming)
