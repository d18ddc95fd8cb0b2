"""Whom and what a sentence brings in besides the user (pure logic).

A memory's later sentence may say "The database is MySQL." with no owner. Whose database that is
depends on what came before it in the same memory: after "The user migrated the database." it is
the user's; after "User interviewed at Shopify today.", "User reviewed Dana's setup.", "The user
is helping the data team." or "The user visited Tom." it may well be someone else's. The
memorizer's usual opening names the user as the subject and someone else as the object, so the
subject alone says nothing; what the sentence brings in does. `Referents` gathers it, sentence by
sentence, and says whether a later bare "The X" may belong to any of it (`statements` then does
not read it as the user's X: a missed update costs a redundant memory, a wrong one a true memory).
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.text.normalise import expand_contractions
from festinger.core.contradiction.grammar.objects import ITEM_STOPS
from festinger.core.contradiction.grammar.places import is_known_place
from festinger.core.contradiction.grammar.values import MONTHS, singular

__all__ = ["Referents"]

# Someone else's thing: "Dana's setup", "Acme's stack", "the intern's laptop", "the students'
# projects", "their parents' house" (the user's own possessive is not someone else's).
_POSSESSIVE_RE = re.compile(r"(?<![\w'])(?!users?'|user's)([A-Za-z][\w-]*)(?:'s|s')(?![\w'])", re.I)
# A third person: "helped Tom with his homelab" (not "they/their": memories say it of the user).
_PRONOUN_RE = re.compile(r"(?<![\w'])(?:he|him|his|himself|she|her|hers|herself)(?![\w'])", re.I)
# A definite thing named after the sentence's opening: "the data team", "the payment service",
# "the Marriott", "the Globex project" (its words, up to a preposition or a clause word).
_DEFINITE_RE = re.compile(r"(?<=\s)the\s+((?:[A-Za-z][\w-]*\s*){1,3})", re.I)
_WORD_RE = re.compile(r"[A-Za-z][\w-]*")
# What a copula or a version number makes a value, not a participant: "it is Apache 2.0".
_COPULA = frozenset("is are am was were be been being".split())
_NAME_STOPS = frozenset("i user users".split()) | lx.WEEKDAYS | frozenset(MONTHS)
# A person or an organisation named by what they are: "the user's sister", "fixed it for a client".
_PERSON_NOUNS = lx.PERSON_ROLES | lx.OCCUPATIONS | lx.ORGANISATION_HEADS
# "User is a data scientist", "I am the team lead": what the user is, not someone brought in.
_DESCRIPTION_RE = re.compile(r"^\W*(?:(?:the\s+)?user|i)\s+(?:is|am|was)\s+(?:now\s+|currently\s+)?(?:a|an|the)\s+"
                             r"(?:[\w-]+\s+){0,3}?[\w-]+(?=\s+(?:in|at|for|with|and|from)\b|\W*$)", re.I)
_CUT = ITEM_STOPS | lx.SUBJECT_STOPWORDS | lx.PRESENT_WORDS | frozenset("today yesterday tonight".split())


class Referents:
    """What the sentences read so far brought in besides the user (and besides the thing named).

    A sentence is read only when `owner` or `things` is asked for: the parser adds every sentence
    of a memory, but most memories never ask (one sentence, or no bare "The X" after the first)."""

    def __init__(self) -> None:
        self._owner = False  # someone else is in the memory: a name, a possessive, "he/she"
        # definite things and people by role ("the data team", "the user's sister"), each by its words
        self._things: list[frozenset[str]] = []
        self._unread: list[str] = []

    @property
    def owner(self) -> bool:
        self._read()
        return self._owner

    @property
    def things(self) -> list[frozenset[str]]:
        self._read()
        return self._things

    def add(self, sentence: str) -> None:
        self._unread.append(sentence)

    def _read(self) -> None:
        unread, self._unread = self._unread, []
        for sentence in unread:
            self._add(sentence)

    def _add(self, sentence: str) -> None:
        s = expand_contractions(sentence)
        if "'" in s and _POSSESSIVE_RE.search(s) or _PRONOUN_RE.search(s) or _names_someone(s):
            self._owner = True
        # a person or an organisation by what they are is another owner unless it is the very
        # thing named ("The user changed doctors. The doctor is Dr. Patel now."), or what the user
        # is ("User is a data scientist in Berlin.")
        self._things.extend(frozenset({singular(w)}) for w in (w.lower() for w in _WORD_RE.findall(
            _DESCRIPTION_RE.sub(" ", s))) if singular(w) in _PERSON_NOUNS or w in _PERSON_NOUNS)
        self._things.extend(_objects(s))
        for m in _DEFINITE_RE.finditer(s):
            head: list[str] = []
            for w in m.group(1).lower().split():
                if w in _CUT:
                    break
                head.append(singular(w))
            if head and head[0] not in ("user", "users"):
                self._things.append(frozenset(head))

    def may_own(self, key: str) -> bool:
        """Whether a bare "The <key>" after these sentences may be someone else's or another thing's:
        anyone else was brought in, or a definite thing that is not the one the key names ("the data
        team" before "The database ...", but not "the database" before "The database port ...")."""
        if self.owner:
            return True
        slot = {singular(w) for w in key.split()}
        return any(not (thing & slot) for thing in self.things)


# "The user is helping ...", "User has been mentoring ...", "I just interviewed ...": the user as
# the subject, then its verb; what follows is what the sentence brought in.
_USER_VERB_RE = re.compile(
    r"^\W*(?:(?:the\s+)?user|i)\s+(?:(?:is|are|am|was|were|has|have|had|been|being|will|would|can|did|does|do|"
    r"now|currently|just|recently|also|finally|then|already|[a-z]+ly)\s+)*[a-z][\w-]*\s+(.+)$", re.I)
# Words of no thing: dates and times, numbers, and what only links the thing to the verb.
_NOT_A_THING = (_CUT | lx.DETERMINERS | lx.TIME_SCOPE_WORDS | _NAME_STOPS
                | frozenset("week weekend month year morning evening afternoon night last this next ago "
                            "back home again together".split()))


def _objects(s: str) -> list[frozenset[str]]:
    """What a sentence led by the user brought in, each run of content words one thing: "User
    interviewed candidates today" -> candidate; "User is reviewing pull requests" -> pull request;
    "The user migrated the database server" -> database server. A value is no thing: a known
    technology or place ("switched to Fedora", "moved to Berlin"), a number, a date."""
    m = _USER_VERB_RE.match(s)
    if m is None or _DESCRIPTION_RE.match(s):
        return []  # "User is a data scientist in Berlin.": what the user is brings no one in
    things, run = [], []
    for tok in m.group(1).split() + [""]:
        w = tok.strip(".,;:!?()\"'").lower()
        if w and w not in _NOT_A_THING and not any(c.isdigit() for c in w) and not (
                w in lx.TECH_NAMES or is_known_place(w) or w.endswith("ly")):
            run.append(singular(w))
            continue
        if run:
            things.append(frozenset(run))
        run = []
    return things


def _names_someone(s: str) -> bool:
    """A capitalised name after the sentence's first word that is neither a value ("is Apache"),
    a product with its version ("Ubuntu 24.04"), a known technology or place, nor a date."""
    toks = s.split()
    for i, tok in enumerate(toks[1:], start=1):
        word = tok.strip(".,;:!?()\"'")
        if not (len(word) > 1 and word[0].isupper() and word[1:2].islower()):
            continue  # all caps ("AWS", "API") are products and acronyms more than people
        low = word.lower()
        if low in _NAME_STOPS or low in lx.TECH_NAMES or is_known_place(low):
            continue
        if toks[i - 1].lower() in _COPULA or toks[i - 1].endswith((".", ":")):
            continue  # a value, or the start of the next sentence or label
        if i + 1 < len(toks) and toks[i + 1][:1].isdigit():
            continue
        return True
    return False
