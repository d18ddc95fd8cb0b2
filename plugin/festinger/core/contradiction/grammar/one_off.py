"""Slots of one-off things the user has many of over time (attack64): "my order number is 1234" and
"... is 5678" are two orders, "my donation is $50" and "... $100" two donations, "my latest order
number" another order. Such a key is never a single-valued slot a later memory replaces; only a
correction of the same one ("actually my order number is 5678") still is. Pure logic.
"""

from __future__ import annotations

from festinger.core.contradiction import lexicon as lx

__all__ = ["one_off_key"]

# Words that are one-off things only when numbered: "invoice number" (not "invoice deadline"), "PR
# number" (not a deadlift PR), "package number" (not a package manager).
_NUMBERED_ONLY = frozenset("invoice pr package".split())
_NUMBER_WORDS = frozenset("number no id #".split())


def one_off_key(words: set[str] | frozenset[str]) -> bool:
    """Whether a slot's key words name a one-off thing ("order number", "donation", "invoice
    number"), not a setting of them ("minimum order")."""
    if words & lx.ONE_OFF_SETTINGS:
        return False
    return bool(words & lx.ONE_OFF_NOUNS or (words & _NUMBERED_ONLY and words & _NUMBER_WORDS))
