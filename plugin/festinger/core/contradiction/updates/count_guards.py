"""What keeps an incoming count from being the user's count now (pure logic; used by counts.py).

A count said in a question, a plan or wish, a condition, a denial, the past, a range or guess, a quote
or report, for a while ("for the sale", "until", "this weekend", fostering), as money or a percentage,
as a goal against an actual count ("my goal is 5 clients") or so far this year ("18 books this year"),
or by or for someone else (a pronoun, a name the stored memory does not have, a person role that is
not the counted kind: "my sister", "the neighbours") never updates the stored count. Read on the whole
incoming memory, before any sentence is parsed: one such word anywhere refuses it.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.text.segment import split_sentences
from festinger.core.contradiction.updates.count_frames import NUM as _NUM, Stored, kind_of as _kind

__all__ = ["MONTHS", "PARENT", "SHRUNK", "refused"]

MONTHS = "january february march april may june july august september october november december".split()
# Anything that keeps a new count from standing: a question, a plan or wish, a condition, a denial, the
# past, a range or a guess, a quote or report, a temporary count, another person, money and percentages.
_REFUSE_RE = re.compile(
    r"[?\"\u201c\u201d$\u20ac\u00a3%~+#]|\d\s*[-\u2013/]\s*\d|\b\d+k\b"
    r"|(?<!in\s)\bmay\b|\b(?:might|maybe|will|won't|would|could|should|shall|gonna|going\s+to|plan|plans|planning"
    r"|want|wants"
    r"|wanna|hope|hoping|hopefully|thinking|considering|trying|expect|expecting|pregnant|due|soon|next|eventually"
    r"|someday|if|unless|when|once\s+we|once\s+i|imagine|suppose|proposal|runbook|ticket|jira|said|says|joked|told"
    r"|asked|wish|need|needs|probably|likely|perhaps|temporarily|temporary|until|till|during|while|foster"
    r"|fostering|catsitting|sitting|watching|looking\s+after|babysitting|pause|paused|used\s+to|growing\s+up"
    r"|back\s+(?:in|then|down|on)|went\s+back|college|ago|before|previously|formerly|last\s+(?:year|month|time)"
    r"|between|depending|usually|around|about|roughly|almost|nearly|approximately|at\s+(?:least|most)|or\s+so"
    r"|ish|not|no|never|none|nobody|yet|still|so\s+far|in\s+total|total|altogether|this\s+(?:week|weekend|month)"
    r"|percent|he|she|his|her|hers|him|they|them|their|theirs|you|your|yours|its|kidding|jk|joke|only|just\s+for"
    r"|each|both|all|every|some|other|others|ever)\b|n't\b|'ll\b|'d\b", re.I)
# "after" may time the count ("back to 3 after", "after the sale"); a team cut is the one reason read
SHRUNK = r"(?:the\s+)?(?:layoffs|cuts|cutbacks|reorg|restructuring)"
_AFTER_RE = re.compile(rf"\bafter\b(?!\s+{SHRUNK}\W*$)", re.I)
_BACK_TO_RE = re.compile(rf"\bback\s+to\s+{_NUM}\b|\b{_NUM}\s+(?:or|to)\s+{_NUM}\b", re.I)
_FOR_RE = re.compile(r"\bfor\b(?!\s+[a-z]+\s+(?:training|prep)\b)", re.I)
_GOAL_RE = re.compile(r"\b(?:goal|goals|target|targets|aim|aiming|quota)\b", re.I)
# "I'm a mother of three now" is the user's own count, not a mother's
PARENT = r"(?:mother|mom|mum|father|dad|parent)"
_PARENT_OF_RE = re.compile(rf"\b(?:i'm|i\s+am)\s+(?:now\s+)?an?\s+{PARENT}\s+of\b", re.I)
# A capitalised word inside a sentence is a name (of a person, a place, an event) unless the stored memory has it
_CAPITAL_RE = re.compile(r"(?<![.!?]\s)(?<!^)\b([A-Z][\w.-]*)")
_STOCK_CAPITALS = frozenset(["I", "I'm", "I've"] + [m.capitalize() for m in MONTHS])


def refused(existing: str, incoming: str, stored: Stored) -> bool:
    """Whether anything in the incoming memory keeps its count from being the stored count now."""
    if any(rx.search(incoming) for rx in (_REFUSE_RE, _BACK_TO_RE, _FOR_RE, _AFTER_RE)):
        return True
    if _GOAL_RE.search(incoming) and not (stored.frame == "keyed" and _GOAL_RE.search(stored.key)):
        return True  # "my goal is 5 clients", "aiming for 5 days a week": a wish, not the count
    if re.search(r"\bthis\s+year\b", incoming, re.I) and stored.verb != "this year":
        return True  # "18 books this year": so far, not the stored count
    return _someone_else(existing, incoming, stored)


def _someone_else(existing: str, incoming: str, stored: Stored) -> bool:
    """Whether the incoming memory may be another's: a name the stored memory does not have ("Sam",
    "Black Friday"), or a person it names that is not the counted kind ("my sister", "the neighbours")."""
    for sentence in split_sentences(incoming):
        for word in _CAPITAL_RE.findall(sentence.strip()):
            if word not in _STOCK_CAPITALS and word.lower() not in existing.lower():
                return True
    people = {_kind(w) for w in re.findall(r"[a-z]+", incoming.lower())} & (lx.PERSON_ROLES | {"child"})
    if _PARENT_OF_RE.search(incoming):
        people -= {"mother", "mom", "mum", "father", "dad", "parent"}  # "I'm a mother of three now"
    return bool(people - {stored.kind, "household", "family"})  # "a three-cat household" is the user's
