"""Who wins when two memories contradict each other (pure, deterministic).

The spec's priority order, one rule after the other:
1. ``user_asserted`` beats every other source;
2. then ``confirmed`` beats ``inferred``;
3. then ``load_bearing`` > ``tactical`` > ``archived``;
4. then the more recent memory, only as the last tiebreak (equal or unknown times: the
   incoming memory, which by definition landed later).
Guards come before the order, from the spec:
- an explicit correction by the user ("actually, it's X") always supersedes (Contradiction
  Detection rule 3) — only when the incoming memory is itself user_asserted;
- between two memories of the user's own words, the more recent one wins whatever their
  utility (the same rule 3, "recency of user assertion"): the detector only flags a pair when
  the newer memory says the older no longer holds, and the news of a change is often no
  "stated fact" ("Miso passed away last week.", "We stopped the cleaner"), so it is tactical
  where the fact it ends is load_bearing; by the order alone the user's news would be
  deprecated and the fact they just said is over would stay in recall;
- imported knowledge documents are never deprecated by anything but the user's own words,
  and two knowledge documents never deprecate each other.
Nothing here deletes: the caller marks the loser deprecated and links both.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Optional

from .metadata import Classification, Source, Utility, Validity


class Rule(str, Enum):
    USER_CORRECTION = "user_correction"
    USER_UPDATE = "user_update"
    SOURCE = "source"
    VALIDITY = "validity"
    UTILITY = "utility"
    RECENCY = "recency"
    KNOWLEDGE_PROTECTED = "knowledge_protected"


_VALIDITY_RANK = {Validity.CONFIRMED: 1, Validity.INFERRED: 0}
_UTILITY_RANK = {Utility.LOAD_BEARING: 2, Utility.TACTICAL: 1, Utility.ARCHIVED: 0}


@dataclass(frozen=True)
class Contender:
    id: str
    classification: Classification
    created: Optional[datetime] = None   # timezone-aware; None when unknown
    knowledge: bool = False
    correction: bool = False             # an explicit user correction (incoming side only)


@dataclass(frozen=True)
class Resolution:
    winner: Contender
    loser: Contender
    rule: Rule
    explanation: str


def _is_user(c: Contender) -> bool:
    return c.classification.source is Source.USER_ASSERTED


def _newer(existing: Contender, incoming: Contender) -> Contender:
    if existing.created is not None and incoming.created is not None and existing.created > incoming.created:
        return existing
    return incoming


def _decide(existing: Contender, incoming: Contender, contradiction_kind: Optional[str]
            ) -> tuple[Contender, Rule, str]:
    """(winner, rule, why) by the spec's order."""
    if _is_user(incoming) and (incoming.correction or contradiction_kind == "correction"):
        return incoming, Rule.USER_CORRECTION, "explicit correction by the user always supersedes"
    ue, ui = _is_user(existing), _is_user(incoming)
    if ue and ui:
        w = _newer(existing, incoming)
        return w, Rule.USER_UPDATE, "the user's more recent statement supersedes their older one"
    if ue != ui:
        w = existing if ue else incoming
        return w, Rule.SOURCE, "user_asserted beats " + (incoming if ue else existing).classification.source.value
    ve = _VALIDITY_RANK.get(existing.classification.validity, 0)
    vi = _VALIDITY_RANK.get(incoming.classification.validity, 0)
    if ve != vi:
        w = existing if ve > vi else incoming
        return w, Rule.VALIDITY, "confirmed beats inferred"
    te = _UTILITY_RANK.get(existing.classification.utility, 1)
    ti = _UTILITY_RANK.get(incoming.classification.utility, 1)
    if te != ti:
        w = existing if te > ti else incoming
        lo = incoming if w is existing else existing
        return w, Rule.UTILITY, f"{w.classification.utility.value} beats {lo.classification.utility.value}"
    w = _newer(existing, incoming)
    return w, Rule.RECENCY, "all axes equal: the more recent memory wins"


def resolve(existing: Contender, incoming: Contender, contradiction_kind: Optional[str] = None
            ) -> Optional[Resolution]:
    """The resolution of a detected contradiction, or None when neither may be deprecated."""
    if Validity.DEPRECATED in (existing.classification.validity, incoming.classification.validity):
        return None  # already out of the running: nothing to decide
    if existing.knowledge and incoming.knowledge:
        return None
    winner, rule, why = _decide(existing, incoming, contradiction_kind)
    loser = incoming if winner is existing else existing
    if loser.knowledge and not _is_user(winner):
        winner, loser = loser, winner
        rule, why = Rule.KNOWLEDGE_PROTECTED, "imported knowledge is only deprecated by the user's words"
    return Resolution(winner, loser, rule, why)
