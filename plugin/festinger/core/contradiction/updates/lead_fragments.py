"""A fragment before an update that frames it instead of telling anything (attack61): "Yeah right,
my manager is Bob now.", "E.g. my landlord is Mr. Kim now.", "Sure, Jan. My manager is Bob now.".
Asked by `role_holders` of every clause it cannot read before the news. Pure logic.
"""

from __future__ import annotations

import re

__all__ = ["frames_what_follows"]

# A clause before the news that tells something ("The building was sold; our new landlord is ...")
# is a cause; a fragment that tells nothing ("Yeah right", "Sure, Jan", "E.g.", "April fools",
# "Football Manager save file") frames the news as sarcasm, an example or a game, unless it only
# stresses it.
_TELLS_RE = re.compile(r"\b(?:i|we|he|she|they|it|you|is|are|was|were|am|be|been|has|have|had|got|gets|did|does)\b"
                       r"|'(?:m|s|re|ve)\b|\w{3,}ed\b", re.I)
_STRESS = frozenset("seriously honestly literally officially finally so ok okay well anyway wow welp ugh guess "
                    "what big news update fyi heads up btw oh man".split())


def frames_what_follows(clause: str) -> bool:
    """Whether a clause before a piece of news frames it (sarcasm, an example, a game) rather than
    causing or stressing it."""
    clause = re.sub(r"\b(?:e\.g|i\.e)\.?", " ", clause, flags=re.I)  # "I.e." tells nothing (its "I" is no subject)
    words = re.findall(r"[a-z']+", clause.lower())
    return not _TELLS_RE.search(clause) and not (words and set(words) <= _STRESS)
