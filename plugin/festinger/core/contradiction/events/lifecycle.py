"""A status that ended: "User is single" / "User got married in June" (pure logic).

Some states end by an event, not by a new value of the same slot: one is single until one marries,
married until a divorce, a student until one graduates, employed until laid off; a project is in
beta until it is released, in progress until complete, active until cancelled or archived; a bug is
open until fixed. The grammar reads the state but not the event, so the two never met. This rule
reads two one-sentence memories whole: the existing one states the status of a subject, the incoming
one says that the SAME subject (same words; "the" dropped) went through the event that ends it.

Where a status names a party ("married to Jordan", "a student at UCLA", "employed at Acme"), an
event that names one must name the same ("divorced Sam", "graduated from MIT" end nothing here),
and an event that names a party the status did not is not read ("is a student" / "graduated from
high school": which school?). Only a RECENT time tail saying when the event happened ("in June",
"last year", "three months ago") may follow it; a plan, a condition, a question, another person or
any other tail is left alone.

An event dated by a year ("got divorced in 2012", "graduated in 2015", "completed in 2019") or by
"N years ago" is biography, not news: the status stated now may well have begun again since (one
remarries, goes back for a master's), so it ends nothing (the eleventh attack's dated pairs). And a
place's "open" is a standing fact that a closure does not end: "The gym was closed yesterday" is one
day. "closed" ends "open" only for a work item (a ticket, an issue, a bug, a pull request) or when
the closure is said to be for good ("closed permanently"); "fixed" and "resolved" are work items' words.
"""

from __future__ import annotations

import re

from festinger.core.contradiction.updates.rescheduled import one_sentence
from festinger.core.contradiction.text.segment import MAX_SENTENCE_CHARS

__all__ = ["status_ended"]

_SUBJ = r"(?P<subj>(?:the\s+)?[A-Za-z][\w#'-]*(?:\s+[A-Za-z0-9#][\w#'-]*){0,3}?)"
_PARTY = r"(?P<party>(?-i:[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*){0,2}))"  # a name, capitalised even under re.I
_PARTY2 = _PARTY.replace("?P<party>", "?P<party2>")
# "... in the latest round of cuts", "... as part of the layoffs": the layoff's occasion, not a scope
_CUTS = (r"(?:\s+(?:in|during|as\s+part\s+of)\s+(?:the\s+|a\s+)?(?:latest\s+|recent\s+|last\s+|big\s+)?"
         r"(?:round\s+of\s+(?:cuts|layoffs)|layoffs|restructuring|reorg))?")
_NAME = r"(?-i:[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)"  # a partner's name, not a party the status must match
_WHEN = (r"(?:\s+(?:last\s+(?:week|month|year|weekend)|recently|this\s+(?:week|month|year)|yesterday|today|"
         r"on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
         r"in\s+(?:january|february|march|april|may|june|july|august|september|october|november|december)|"
         r"(?:a|one|two|three|\d{1,2})\s+(?:weeks?|months?)\s+ago))?")  # no year, no "years ago": biography
_IS = r"(?:\s+(?:is|are|am)\s+|'m\s+|'re\s+)"  # "I'm single" as "User is single"
_HAS = r"\s+(?:has\s+been|have\s+been|was|were|got)\s+"

# (status name, the existing memory's statement, the incoming memory's events ending it)
_RULES: list[tuple[str, re.Pattern[str], re.Pattern[str]]] = [
    ("single", re.compile(rf"^{_SUBJ}{_IS}single$", re.I),
     re.compile(rf"^{_SUBJ}\s+(?:(?:(?:just\s+)?got\s+(?:married|engaged)|is\s+now\s+(?:married|engaged)|"
                rf"is\s+now\s+in\s+a\s+relationship)(?:\s+to\s+{_PARTY})?"
                # "has started dating someone named Andre": a partner now, whoever it is
                rf"|(?:has\s+|have\s+)?(?:just\s+|recently\s+)?started\s+dating\s+"
                rf"(?:someone(?:\s+(?:named|called)\s+{_NAME})?|{_NAME})){_WHEN}$", re.I)),
    ("married", re.compile(rf"^{_SUBJ}{_IS}married(?:\s+to\s+{_PARTY})?$", re.I),
     re.compile(rf"^{_SUBJ}(?:\s+and\s+{_PARTY})?\s+(?:(?:got|are|is|were)\s+)?divorced(?:\s+{_PARTY2})?{_WHEN}"
                rf"(?:\s*(?:,|;|and)\s+(?:the\s+user\s+)?is\s+(?:now\s+)?(?:single|not\s+married))?$", re.I)),
    ("engaged", re.compile(rf"^{_SUBJ}{_IS}engaged(?:\s+to\s+{_PARTY})?$", re.I),
     re.compile(rf"^{_SUBJ}\s+(?:got\s+married(?:\s+to\s+{_PARTY})?|married\s+{_PARTY2}){_WHEN}$", re.I)),
    ("employed", re.compile(rf"^{_SUBJ}\s+(?:is\s+employed\s+(?:at|by)|works\s+(?:at|for))\s+{_PARTY}$"),
     re.compile(rf"^{_SUBJ}{_HAS}(?:laid\s+off|fired|let\s+go)\s+(?:from|by)\s+{_PARTY}{_WHEN}{_CUTS}$", re.I)),
    ("unemployed", re.compile(rf"^{_SUBJ}{_IS}unemployed"
                              r"(?:\s+and\s+(?:job\s+hunting|looking\s+for\s+(?:work|a\s+job)))?$", re.I),
     re.compile(rf"^{_SUBJ}\s+(?:(?:just\s+)?(?:got|found)\s+a\s+(?:new\s+)?job|is\s+(?:now\s+)?employed|"
                r"(?:has\s+|have\s+)?(?:just\s+)?started\s+a\s+(?:new\s+)?(?:full-time\s+|part-time\s+)?job)"
                rf"(?:\s+at\s+{_PARTY})?{_WHEN}(?:\s+and\s+is\s+(?:now\s+)?employed(?:\s+now)?)?$", re.I)),
    ("a student", re.compile(rf"^{_SUBJ}{_IS}(?:a\s+)?student(?:\s+at\s+{_PARTY})?$", re.I),
     re.compile(rf"^{_SUBJ}\s+(?:has\s+)?graduated(?:\s+from\s+{_PARTY})?{_WHEN}"
                r"(?:\s+and\s+is\s+no\s+longer\s+a\s+student)?$", re.I)),
    ("in beta", re.compile(rf"^{_SUBJ}{_IS}in\s+(?:beta|alpha|preview)$", re.I),
     re.compile(rf"^{_SUBJ}(?:{_HAS}released|\s+(?:has\s+)?launched|{_IS}now\s+(?:released|live|GA|generally\s+"
                rf"available))(?:\s+\((?:GA|generally\s+available)\))?{_WHEN}$", re.I)),
    ("in progress", re.compile(rf"^{_SUBJ}{_IS}(?:in\s+progress|underway|ongoing)$", re.I),
     re.compile(rf"^{_SUBJ}(?:{_IS}(?:now\s+)?(?:complete|completed|done|finished)|{_HAS}(?:completed|finished|"
                rf"cancelled|canceled|aborted))(?:\s+and\s+closed)?{_WHEN}$", re.I)),
    ("active", re.compile(rf"^{_SUBJ}{_IS}active$", re.I),
     re.compile(rf"^{_SUBJ}(?:{_HAS}(?:cancelled|canceled|archived|discontinued|shut\s+down|shelved|abandoned)|"
                rf"{_IS}now\s+(?:archived|cancelled|canceled|discontinued|inactive)){_WHEN}"
                r"(?:\s+and\s+is\s+no\s+longer\s+(?:maintained|active))?$", re.I)),
    ("open", re.compile(rf"^{_SUBJ}{_IS}(?:still\s+)?open$", re.I),
     re.compile(rf"^{_SUBJ}(?:{_IS}(?:now\s+)?|{_HAS}|\s+(?:has\s+)?(?=closed\s+(?:for\s+good|permanently)))"
                rf"(?:(?P<closed>(?:permanently\s+)?closed)|fixed|resolved)(?:\s+and\s+(?:closed|resolved))?"
                rf"(?P<perm>\s+(?:for\s+good|permanently))?{_WHEN}$", re.I)),
]
# A subject that is not one thing: a pronoun, a quantifier, someone who reports or imagines.
_NOT_A_SUBJECT = frozenset("it this that they he she someone everyone nobody all some many most".split())
# What is open until closed for good: a work item. A place or a road that "was closed" reopens.
_WORK_ITEMS = frozenset("ticket issue bug pr mr pull merge incident case task story epic".split())


def _subject(text: str) -> str:
    low = " ".join(text.lower().split())
    return low[4:] if low.startswith("the ") else low


def _party(m: re.Match[str]) -> str | None:
    groups = m.groupdict()
    party = groups.get("party") or groups.get("party2")
    return party.lower() if party else None


# Every status of `_RULES` ends its statement with one of these words: an existing memory without
# one is not read at all (the rule runs on every pair the statement path found nothing in, and
# segmenting both memories costs more than this search).
_ANY_STATUS_RE = re.compile(r"\b(?:single|married|engaged|employed|works|unemployed|student|beta|alpha|preview|"
                            r"progress|underway|ongoing|active|open)\b", re.I)


def status_ended(existing: str, incoming: str) -> tuple[str, str, str] | None:
    """(subject, old status, the incoming sentence) when the incoming memory ends the existing status."""
    if len(existing) > MAX_SENTENCE_CHARS or not _ANY_STATUS_RE.search(existing):
        return None  # (a longer text is never one sentence: one_sentence says None anyway)
    old, new = one_sentence(existing), one_sentence(incoming)
    if old is None or new is None:
        return None
    for status, state_re, event_re in _RULES:
        s, e = state_re.match(old), event_re.match(new)
        if s is None or e is None:
            continue
        subject = _subject(s.group("subj"))
        if subject != _subject(e.group("subj")) or subject.split()[0] in _NOT_A_SUBJECT:
            continue
        if status == "open" and not set(subject.replace("#", " ").split()) & _WORK_ITEMS and not (
                e.group("closed") and (e.group("perm") or "permanently" in e.group("closed").lower())):
            # Only a work item is open until fixed, resolved or closed. A place or a thing ("The gym
            # was closed yesterday", "The gate was fixed") is open again; only a closure for good ends it.
            continue
        was, by = _party(s), _party(e)
        if by is not None and by != was and status != "unemployed":  # any new employer ends unemployment
            continue  # "married to Jordan" / "divorced Sam"; "a student" / "graduated from high school"
        return subject, status, new
    return None
