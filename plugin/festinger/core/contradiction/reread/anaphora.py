"""A denial whose object is "it", after the memory named the stored thing (pure logic).

"I deleted Instagram — I don't use it now.", "The user has cut out gluten and doesn't eat it anymore.":
the grammar reads no statement from "I don't use it" (whose "it"?), so the denial never met "The user
uses Instagram". Here the antecedent is sure: the memory names one thing before the pronoun, the
stored value, and nothing else it could point back to. Then the denial clause is read with that
thing in place of the pronoun ("I do not use Instagram now") and compared as any denial.

Refused: a question or a condition anywhere before it, a clause with another subject ("he doesn't use it"), any other thing the memory brings in
before the pronoun (a determiner or possessive phrase, "a new phone", "my sister's", or another
capitalised name), any word between the thing and the pronoun that may be a noun ("Slack launched
huddles; I never use it"), and a stored memory that does not hold exactly one value.
"""

from __future__ import annotations

import re

from festinger.core.contradiction.text.normalise import expand_contractions

__all__ = ["pronoun_denial", "switched_kind"]

_DENIAL_RE = re.compile(
    r"(?:^|[;,.!\u2014\u2013]\s*|\s-\s*|\s+and\s+)(?P<subj>(?:i|the\s+user|user)\s+)?"
    r"(?P<neg>do\s+not|does\s+not|am\s+not|is\s+not|are\s+not|no\s+longer|never)\s+(?P<verb>[a-z]+)\s+(?:it|them)"
    r"(?P<tail>\s+(?:now|anymore|any\s+more|any\s+longer))?\s*[.!]?\s*$", re.I)
_MAX_CHARS = 600
_OWNER_RE = re.compile(r"^\s*(i|the\s+user|user)\b", re.I)
# Words that bring another thing in, which "it" could point back to.
_BRINGS_IN = frozenset("a an the this that these those my his her their our your its another".split())
_CONDITION_RE = re.compile(r"(?<![\w'])(?:if|when|unless|once|whenever)(?![\w'])", re.I)
# What may stand between the stored thing and the pronoun: the user, a linking word, a time, a past
# participle ("deleted", "was deleted"; not "-ing", which is often a noun: "scheduling"), never a noun ("huddles", "tab groups", "backgrounds"), which
# "it" or "them" could mean as well (the twenty-seventh attack). A word outside the class refuses.
_BETWEEN_WORDS = frozenset(
    "i me myself it i'm the user and so but then now anymore just finally recently already really honestly "
    "completely totally entirely basically since ago last week month year today yesterday weeks months years "
    "was is has had have been got gotten too much very not from out of off for good everything everywhere "
    "forever".split())
_VERB_FORM_RE = re.compile(r"^[a-z]{3,}(?<!e)ed$")  # "deleted", "uninstalled"; never "speed", "feed"


def _nothing_between(span: str) -> bool:
    """Whether no word between the stored thing and the pronoun may be a noun of its own."""
    return all(w.lower() in _BETWEEN_WORDS or _VERB_FORM_RE.match(w.lower())
               for w in re.findall(r"[\w'-]+", span))


_SENTENCE_START_RE = re.compile(r"(?:^|[.!;:\u2014\u2013]\s+|\s-\s+)(\w+)")


def pronoun_denial(incoming: str, thing: str) -> str | None:
    """The incoming memory's final denial with `thing` in place of its "it", as one sentence; None
    when the memory does not end in such a denial or "it" may point to something else."""
    if len(incoming) > _MAX_CHARS:
        return None  # a short memory only: the work stays bounded
    text = " ".join(expand_contractions(incoming).split())
    m = _DENIAL_RE.search(text)
    if m is None or not thing:
        return None
    before = text[:m.start()]
    if "?" in text or _CONDITION_RE.search(before):
        return None  # "Did I delete Instagram? ...", "If I delete Instagram, ...": not said as fact
    at = [k.start() for k in re.finditer(rf"(?<![\w'-]){re.escape(thing)}(?![\w'-])", before, re.I)]
    if not at:
        return None
    subject = m.group("subj") or _OWNER_RE.match(before)
    if subject is None:
        return None
    owner = subject.strip() if isinstance(subject, str) else subject.group(1)
    rest = before.replace(thing, " ")
    starts = {k.start(1) for k in _SENTENCE_START_RE.finditer(rest)}
    for w in re.finditer(r"[\w'-]+", rest):
        word = w.group(0)
        if word.lower() == "user" or word.lower() == "the" and rest[w.end():w.end() + 5].lower() == " user":
            continue
        if word.lower() in _BRINGS_IN or (word[:1].isupper() and word != "I" and w.start() not in starts):
            return None
    if not _nothing_between(before[at[-1] + len(thing):]):
        return None  # "Slack launched huddles; I never use it": "it" may be the thing named last
    tail = m.group("tail") or ""
    return f"{owner} {m.group('neg')} {m.group('verb')} {thing}{tail}."


# "User switched doctors; their doctor is now Dr. Nguyen", "I changed dentists, my dentist is Dr. Patel
# now": the second clause's owner is whoever switched that very kind of thing in the first.
_SWITCHED_KIND_RE = re.compile(
    r"^\s*(?P<who>the\s+user|user|i)\s+(?:has\s+|have\s+|just\s+|recently\s+)?(?:switched|changed)\s+"
    r"(?P<kind>[a-z]+?)(?:e?s)\s*[;,]\s*(?:and\s+|so\s+)?(?:their|his|her|my)\s+(?P=kind)\s+"
    r"(?P<rest>(?:is|are)\s+[^;,?!\"]+?)\s*[.!]?\s*$", re.I)


def switched_kind(incoming: str) -> str | None:
    """"User switched doctors; their doctor is now Dr. Nguyen." -> "The user's doctor is now Dr.
    Nguyen.": the one sentence read with its owner, as an announced change; None for anything else."""
    m = _SWITCHED_KIND_RE.match(" ".join(incoming.split())) if len(incoming) <= _MAX_CHARS else None
    if m is None or re.search(r"(?<![A-Z][a-z])(?<!\b[A-Z])\.\s", m.group("rest")):
        return None  # a second sentence after it (only a title's point, "Dr. Nguyen", goes on)
    owner = "My" if m.group("who").lower() == "i" else "The user's"
    rest = m.group("rest")
    now = "" if re.search(r"(?<![\w'])now(?![\w'])", rest, re.I) else " now"
    return f"{owner} {m.group('kind')} {rest}{now}."
