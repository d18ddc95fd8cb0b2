"""The stored side of a count update: one sentence read as a count in one of four frames (pure logic).

* held: the user's (or "we") count of one kind: "User has 2 cats", "The user works with 3 freelance
  clients", "User manages a team of 5 engineers" (the verb holds the things: has, owns, works with,
  manages; "User teaches 3 kids" is not the user's count of kids);
* keyed: a named thing's count: "Prod runs on 3 m5.large instances", "User's Goodreads goal: 30 books
  this year" (the key is the name before the verb or colon, never a pronoun or a person);
* progress: a position in a sequence: "Course progress: module 3 of 10", "User is on chapter 4 of Dune";
* rhythm: how often the user does one activity: "User runs 3 times a week".

A count is one number and one kind (a word, read singular: "kids" and "children" are a child, "nodes"
and "servers" an instance) with at most two modifiers ("freelance", "m5.large"); a measure or period
("3 times a week", "5 years of experience", "3 days off") is no modifier, so no held count. Used by
counts.py, which reads the incoming memory.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.lexicon.units import NUMBER_WORDS
from festinger.core.contradiction.updates.rescheduled import one_sentence

__all__ = ["HAVE", "HOUSEHOLD", "NUM", "NUMX", "ORD", "ORDINALS", "Stored", "UNITS", "W", "kind_of", "mods_of",
           "number", "stem", "stored_count"]

ORDINALS = ("zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh "
             "twelfth").split()
NUM = r"(?:\d{1,3}|" + "|".join(NUMBER_WORDS) + r")"
NUMX = r"(?:\d{1,2}|" + "|".join(NUMBER_WORDS) + r"|once|twice)"
ORD = r"(?:\d{1,2}(?:st|nd|rd|th)|" + "|".join(ORDINALS[2:]) + r")"
W = r"[a-z][a-z0-9.\-]*"

# Kinds said in other words of one thing: a baby is a child, a kitten a cat, a node an instance.
_SAME_KIND = {"kid": "child", "baby": "child", "kitten": "cat", "puppy": "dog",
              "node": "instance", "server": "instance", "machine": "instance", "vm": "instance", "host": "instance"}
_IRREGULAR = {"children": "child", "babies": "baby", "people": "person", "men": "man", "women": "woman",
              "fish": "fish", "sheep": "sheep"}
# Words that are never a counted thing's modifier: a period, a part, a measure ("3 times a week").
_NOT_MODS = frozenset("a an the per of in at on for with to and or times time days day weeks week months "
                      "month years year hours hour minutes minute miles mile km kg lbs percent more few lot couple "
                      "bunch dozen handful pair number several many".split())
# Sequence units a position is counted in ("module 3 of 10", "on chapter 4").
UNITS = r"(?:module|chapter|lesson|unit|level|week|day|step|part|section|episode|season|stage|page)"
# "User has a dog" is no count: it still holds beside "has three dogs" (corpus_dev), so only a number is.
# Verbs that hold a count of one's own: "has 2 cats", "works with 3 clients", "manages 5 engineers".
_HOLD = (r"(?:has|have|owns?|'ve\s+got|has\s+got|keeps?|works?\s+with|manages?|leads?|employs?"
         r"|(?:'ve|has|have)\s+(?:visited|been\s+to))")
HAVE = frozenset("has have own owns got keep keeps".split())
# The user's household: children and pets, counted by "a" too ("We have a dog") and by "we".
HOUSEHOLD = frozenset("child son daughter cat dog pet fish horse bird chicken rabbit hamster".split())

_STORED_HELD = re.compile(rf"^(?P<own>(?:the\s+)?user|i|we)(?:\s+|(?='))(?P<verb>{_HOLD})\s+(?:a\s+team\s+of\s+)?"
                          rf"(?P<n>{NUM})\s+(?P<mods>(?:{W}\s+){{0,2}}?)(?P<kind>{W})$", re.I)
_STORED_KEYED = [
    re.compile(rf"^(?:(?P<poss>my|our)\s+)?(?P<key>(?:the\s+)?{W}(?:\s+{W})?)\s+(?:runs\s+on|is\s+on|has|uses)\s+"
               rf"(?P<n>{NUM})\s+"
               rf"(?P<mods>(?:{W}\s+){{0,2}}?)(?P<kind>{W})$", re.I),
    re.compile(rf"^(?:(?:the\s+)?user's\s+|my\s+|our\s+)?(?P<key>{W}(?:\s+{W})?)(?P<colon>:|\s+is)\s+(?P<n>{NUM})\s+"
               rf"(?P<mods>(?:{W}\s+){{0,2}}?)(?P<kind>{W})(?P<tail>\s+this\s+year)?$", re.I),
]
_STORED_PROGRESS = [
    re.compile(rf"^(?:(?:the\s+)?user's\s+|my\s+)?(?:{W}\s+)?progress\s*:\s+(?P<unit>{UNITS})\s+(?P<n>\d{{1,3}})"
               rf"(?:\s+of\s+\d{{1,3}})?$", re.I),
    re.compile(rf"^(?:(?:the\s+)?user\s+is|i\s+am|i'm)\s+(?:currently\s+)?on\s+(?P<unit>{UNITS})\s+(?P<n>\d{{1,3}})"
               rf"(?:\s+of\s+[\w.-]+(?:\s+[\w.-]+){{0,3}})?$", re.I),
]
_STORED_RHYTHM = re.compile(rf"^(?:(?:the\s+)?user|i)\s+(?P<act>[a-z]+)\s+(?P<n>{NUMX})(?:\s+times|\s+days|\s*x)?"
                            r"\s+(?:a|per|each)\s+(?P<period>week|month)$", re.I)


@dataclass(frozen=True)
class Stored:
    frame: str  # "held", "keyed", "progress", "rhythm"
    key: str  # the held verb's owner ("user"/"we"), the keyed name, the progress unit, the rhythm's activity
    kind: str  # the counted thing (singular, one word), or the rhythm's period
    mods: frozenset[str]
    n: int
    verb: str = ""  # the held verb, or "this year" for a keyed count of this year
    loose: bool = False  # a keyed "Label: N things" is the user's: "my label" names it, "label is now N" says it


def number(word: str) -> int | None:
    low = " ".join(word.lower().split())
    if low == "a single":
        return 1
    if low.isdigit():
        return int(low)
    if low in NUMBER_WORDS:
        return NUMBER_WORDS.index(low)
    if low in ("once", "twice"):
        return 1 if low == "once" else 2
    m = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)", low)
    if m:
        return int(m.group(1))
    return ORDINALS.index(low) if low in ORDINALS else None


def kind_of(word: str) -> str:
    """The counted thing's one name: "kids" and "children" are a child, "nodes" an instance."""
    low = word.lower()
    if low in _IRREGULAR:
        low = _IRREGULAR[low]
    elif low.endswith("ies") and len(low) > 4:
        low = low[:-3] + "y"
    elif low.endswith(("ches", "shes", "xes", "sses")):
        low = low[:-2]
    elif low.endswith("s") and not low.endswith("ss"):
        low = low[:-1]
    return _SAME_KIND.get(low, low)


def mods_of(text: str | None) -> frozenset[str] | None:
    words = frozenset((text or "").lower().split())
    return None if words & _NOT_MODS else words


def stem(word: str) -> str:
    """"runs", "running", "runing", "run" -> "run": one activity however it is said."""
    low = word.lower()
    for end in ("ing", "s"):
        if low.endswith(end) and len(low) > len(end) + 2:
            low = low[: -len(end)]
            break
    if len(low) > 3 and low[-1] == low[-2]:
        low = low[:-1]
    return low.rstrip("e")


def stored_count(existing: str) -> Stored | None:
    sentence = one_sentence(existing)
    if sentence is None or len(sentence) > 120:
        return None
    sentence = sentence.rstrip(".! ")
    m = _STORED_HELD.match(sentence)
    if m is not None and (mods := mods_of(m.group("mods"))) is not None:
        own = "we" if m.group("own").lower() == "we" else "user"
        verb = " ".join(m.group("verb").lower().split())
        return Stored("held", own, kind_of(m.group("kind")), mods, number(m.group("n")) or 0, verb)
    m = _STORED_RHYTHM.match(sentence)
    if m is not None:
        return Stored("rhythm", stem(m.group("act")), m.group("period").lower(), frozenset(),
                       number(m.group("n")) or 0)
    for rx in _STORED_PROGRESS:
        m = rx.match(sentence)
        if m is not None:
            return Stored("progress", m.group("unit").lower(), "", frozenset(), int(m.group("n")))
    for rx in _STORED_KEYED:
        m = rx.match(sentence)
        if m is not None and (mods := mods_of(m.group("mods"))) is not None:
            key = re.sub(r"^the\s+", "", " ".join(m.group("key").lower().split()))
            if key.split()[0] in _NOT_KEYS or set(key.split()) & lx.PERSON_ROLES:
                return None
            key = f"my {key}" if m.groupdict().get("poss") else key
            tail = "this year" if m.groupdict().get("tail") else ""
            return Stored("keyed", key, kind_of(m.group("kind")), mods, number(m.group("n")) or 0, tail,
                          loose=(m.groupdict().get("colon") or "").startswith(":"))
    return None


_NOT_KEYS = frozenset("i we user he she they it this that there who my our his her their your".split())
