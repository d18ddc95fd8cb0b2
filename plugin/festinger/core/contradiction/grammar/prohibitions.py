"""A prohibition is a rule about one value, never a slot that holds one value (pure logic).

"Never use port 80." forbids port 80; "Never use port 8080." forbids port 8080 as well, and both
rules are in force: a second prohibition adds a rule, it does not replace the first. The grammar
reads a clause as a subject and a predicate, but an imperative names no subject, so its opening
"Never" was read as a thing called "never" whose port is 80 (the slot 'never port', 'never python
version', 'never ip') and the second rule as that slot's new value.

A clause that opens on a prohibition ("never", "do not", "avoid") therefore yields no statement, as
"Don't use port 80." never did. What ends a prohibition is its own lifting ("you can use port 80
again") or a denial of the same rule, and no slot comparison reads either. A sentence whose subject
denies ("The user never uses port 80") keeps its subject and its negation and is read as before:
two denials never contradict each other (`matching._compare`).
"""

from __future__ import annotations

from collections.abc import Sequence

from festinger.core.contradiction.text.subject import Token

__all__ = ["opens_prohibition"]

# The leads of a prohibition with no subject ("don't" is "do not" once contractions are expanded).
_LEADS = (("never",), ("do", "not"), ("don't",), ("avoid",))


def opens_prohibition(toks: Sequence[Token]) -> bool:
    """Whether the clause opens on a prohibition ("Never use port 80", "NEVER bind to ...")."""
    words = [t.low for t in toks[:2]]
    return any(words[:len(lead)] == list(lead) for lead in _LEADS)
