"""What kind of thing a slot's value is, where the slot noun alone does not say it (pure logic).

Three refusals, each one principle (attack65):

* `says_how_it_stands`: a value that says how the slot stands, never which value it holds: a state
  word ("official", "permanent": `lexicon.NON_VALUE_WORDS`) even with the date it took hold ("My role is
  now official as of Monday"), or what everyone knows ("My nickname is now common knowledge").
* `of_another_sense`: a bare slot noun of several senses, updated bare too often to be refused
  outright (`lexicon.POLYSEMOUS_SLOTS` holds the others), is replaced only by a value of the stored
  value's kind: "role" and "title" are a job's or a part played, a sport's rank, a work's name ("My
  role is tech lead" / "... now Hamlet", "My title is Staff Engineer" / "... now Grandmaster"); "editor"
  a person or a program ("Sarah Kline" / "VS Code"); "plan" a subscription, a diet or a routine ("the
  Pro plan" / "the keto diet"); "theme" a colour scheme or a topic ("Nord" / "resilience"). A kind is
  read from the value's own words: a job's word, a known program, another slot's noun as its head, a
  lone abstract noun, or none of these.
* `by_person_holder`: a role a person holds for the user (`role_holders`) is never held by a
  carrier of travellers or of payments the lexicon knows by name ("My coach is now Megabus": the bus).
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.comparison import squash
from festinger.core.contradiction.lexicon.means import PAYMENT_MEANS, TRANSPORT_MEANS
from festinger.core.contradiction.updates.role_holders import by_role_holder
from festinger.core.contradiction.verdict import Contradiction

__all__ = ["by_person_holder", "of_another_sense", "says_how_it_stands"]

# When a state took hold, after it: "official as of Monday", "permanent since May", "final from today".
_WHEN_TAIL_RE = re.compile(r"\s+(?:as\s+of|since|starting(?:\s+on)?|effective(?:\s+from)?|from)\s+\S.*$", re.I)
# What everyone knows, said of the slot: how its value stands, not which it is.
_KNOWN_TO_ALL_RE = re.compile(r"(?:common|public|general)\s+knowledge|old\s+news|no\s+(?:longer\s+a\s+)?secret", re.I)


def says_how_it_stands(value: str) -> bool:
    """Whether a value says how the slot's value stands ("official", "permanent as of Monday", "common
    knowledge"), never which it is; a capitalised word makes it a name ("Official Ltd")."""
    core = _WHEN_TAIL_RE.sub("", " ".join(value.split()).rstrip(". "))
    words = core.split()
    if not words or any(w[:1].isupper() for w in words):
        return False
    return all(w.lower() in lx.NON_VALUE_WORDS for w in words) or _KNOWN_TO_ALL_RE.fullmatch(core) is not None


# Bare slot nouns of several senses that are updated bare (41 labelled updates say them so).
_SENSED_SLOTS = frozenset("role title editor plan theme".split())
# Words of a job or of a part one holds in a team or an app: "tech lead", "VP of Sales", "admin"; and
# the trades a person holds for the user ("my doctor", "my tutor"), jobs too ("nurse" / "now doctor").
_JOB_WORDS = lx.OCCUPATIONS | lx.JOB_RANK_WORDS | frozenset(
    "admin owner member viewer maintainer moderator contributor reviewer guest "
    "doctor gp vet pediatrician instructor trainer tutor mentor coach nanny babysitter".split())
# Endings of abstract nouns, an idea and no thing chosen by name: "resilience", "kindness", "minimalism".
_IDEA_RE = re.compile(r"[a-z]+(?:ence|ance|ness|ity|ism|ship|hood|dom|ment|tion|sion)")


def _kind(slot: str, value: str) -> str:
    """The kind of thing a value of the slot is: "job", "program", "<noun>" (another slot's noun as its
    head: "the keto diet"), "idea", or "" (no word says it)."""
    words = [w.strip(".,'\u2019").lower() for w in value.split()]
    words = [w for w in words if w]
    if not words:
        return ""
    if any(w in _JOB_WORDS for w in words):
        return "job"
    if value.lower() in lx.TECH_NAMES or squash(value) in lx.TECH_NAMES or words[0] in lx.TECH_NAMES:
        return "program"  # "Sublime Text": a program's name opens on it
    head = words[-1]
    if head != slot and head in lx.PHRASE_SLOT_KEYS and head not in lx.OCCUPATIONS:
        return head
    return "idea" if len(words) == 1 and value.islower() and _IDEA_RE.fullmatch(head) else ""


def of_another_sense(key: tuple[str, ...], old: str, new: str) -> bool:
    """Whether a bare slot noun of several senses has a new value of another kind than the stored one."""
    if len(key) != 1 or key[0] not in _SENSED_SLOTS:
        return False
    return _kind(key[0], old) != _kind(key[0], new)


# Names the lexicon knows as a way to travel or to pay: a firm's service, never a person.
_THINGS = frozenset(w for w in TRANSPORT_MEANS | PAYMENT_MEANS if " " not in w)
_CAPITALISED_RE = re.compile(r"(?<![\w'])(?-i:[A-Z][A-Za-z]+)(?![\w'])")


def by_person_holder(existing: str, incoming: str) -> Contradiction | None:
    """`role_holders`' verdict, unless the incoming memory's new holder is a name the lexicon knows as a
    carrier of travellers or payments and the stored memory does not name it ("My coach is now Megabus")."""
    found = by_role_holder(existing, incoming)
    if found is None:
        return None
    stored = existing.lower()
    names = {m.group(0).lower() for m in _CAPITALISED_RE.finditer(incoming)}
    return None if any(n in _THINGS and n not in stored for n in names) else found
