"""A migration away from the stored value: "We use Jenkins for CI" / "We've moved CI from Jenkins
to GitHub Actions", "The VPS is hosted on Hetzner" / "We moved the VPS from Hetzner to
DigitalOcean", "User's password manager: LastPass" / "User migrated from LastPass to Bitwarden"
(pure logic).

The grammar reads "switched from X to Y" of the user, but not a migration said of a project, a
group or a thing, nor one whose stored slot is named after a person ("password manager"). This
rule reads two one-sentence memories whole:

* the existing memory gives ONE value to one subject: "<subject> uses / runs on / is hosted on /
  is built with / is written in / is deployed on / deploys with <X>" (optionally "for <purpose>"
  or "as <what>"), or "<owner>'s <slot> is <X>" / "<owner>'s <slot>: <X>";
* the incoming memory says the SAME subject migrated, moved, switched or transitioned from exactly
  that value X to another value Y: the same subject ("Project Atlas migrated from ..."), or the
  user or the group acting on it ("We moved the VPS from ...", "We've moved CI from ..." when the
  stored memory is "for CI", "User moved everything from ..."), with only a recent time tail after.

Refused: another subject ("Project Borealis migrated from PostgreSQL ..."), a part or a scope
("moved the staging DB from ...", "... to Y for the side project"), a plan, a question, reported
speech, a person who "moved from X to Y" (a home, read by the place rules; the seventh attack's
birthplaces and home towns), an old value that is not the stored one ("from MySQL" against PostgreSQL), a stored value
of several things, a stored taste or history ("favourite editor", "first car"), a stored slot that
is a person ("manager: Priya"; a password or package manager is a tool), and any other tail.

After the fifteenth attack: a new value that refines the old (refinement.refines: "Ubuntu 24.04",
"Aurora PostgreSQL", EKS on Kubernetes) is no move off it; an aspect moved ("The app CI moved
from GitHub ...") ends only a stored value that names that aspect; a stored scope ("for work",
"for gaming") is ended only by a switch that names it (a role, "as the main database", is no scope).

After the sixteenth attack: the same change said as "replaced X with Y", "dropped X and use Y",
"finished migrating everything from X to Y", and, with no "from", a named slot or purpose moved "to Y"
when the stored value and Y are known tools of one kind ("our main database to PostgreSQL"; "to AWS"
is a host). "my"/"our" slots are read ("Our main database is MySQL"); a part ("staging hosting") never.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.refinement import refines
from festinger.core.contradiction.updates.rescheduled import one_sentence_matches

__all__ = ["migrated_away"]

_SUBJ = r"(?P<subj>[A-Za-z][\w'-]*(?:\s+[A-Za-z0-9][\w'-]*){0,3}?)"
_VAL = r"[A-Za-z0-9][\w.+#/-]*(?:\s+[A-Za-z0-9][\w.+#/-]*){0,3}"
_VERB = (r"(?:uses?|runs?\s+on|hosts?\s+everything\s+on|"
         r"(?:is|are)\s+(?:hosted|running|deployed)\s+(?:on|in|at|to)|(?:is|are)\s+built\s+(?:with|on)|"
         r"(?:is|are)\s+written\s+in|deploys?\s+(?:with|to|on)|(?:is|are)\s+on)")
_EXISTING = [
    re.compile(rf"^{_SUBJ}\s+(?P<verb>{_VERB})\s+(?P<x>{_VAL}?)"
               r"(?:\s+(?:for|as)\s+(?:the\s+|our\s+|its\s+)?(?P<purpose>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}))?$", re.I),
    re.compile(rf"^(?:(?P<own>my|our)|(?P<subj>(?:the\s+)?user|(?:the\s+)?[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*)?)'s?)\s+"
               rf"(?P<slot>[a-z][\w-]*(?:\s+[a-z][\w-]*){{0,2}})(?:\s+is|:)\s+(?P<x>{_VAL}?)$", re.I),
]
_INCOMING = re.compile(
    rf"^{_SUBJ}\s+(?:(?:has|have|'ve|just|recently|finally|now)\s+){{0,2}}"
    r"(?P<verb>migrated|moved|switched|transitioned|(?:finished|completed)\s+migrating)\s+"
    r"(?:(?:the\s+|our\s+|its\s+|their\s+|my\s+)?(?P<obj>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2})\s+)??"
    rf"(?:away\s+)?from\s+(?P<x>{_VAL}?)\s+to\s+(?P<y>{_VAL}?)"
    r"(?:\s+(?:last\s+(?:week|month|weekend)|recently|this\s+(?:week|month)|yesterday|today|"
    r"in\s+(?:january|february|march|april|may|june|july|august|september|october|november|december)|"
    r"(?:a|one|two|three|\d{1,2})\s+(?:weeks?|months?)\s+ago))?$", re.I)

# The same change said as a replacement: "We've replaced Jenkins with GitHub Actions", "We dropped
# Redis and use Memcached for caching now" (a purpose said must be the stored one: a narrower use
# of the new tool leaves the old one in place elsewhere).
_REPLACED = re.compile(
    rf"^{_SUBJ}\s+(?:(?:has|have|just|recently|finally)\s+){{0,2}}(?:"
    rf"(?:replaced|swapped\s+out)\s+(?P<x>{_VAL}?)\s+(?:with|for)\s+(?P<y>{_VAL}?)"
    rf"|(?:dropped|ditched)\s+(?P<x2>{_VAL}?)\s*,?\s+and\s+(?:now\s+)?(?:use|uses|switched\s+to|moved\s+to)\s+"
    rf"(?P<y2>{_VAL}?)(?:\s+for\s+(?P<for>[a-z][\w-]*(?:\s+(?!now$)[a-z][\w-]*)?))?(?:\s+now)?)$", re.I)
_REPLACED_CUE_RE = re.compile(r"(?<![\w'])(?:replaced|swapped\s+out|dropped|ditched)\s", re.I)

# "We migrated our main database to PostgreSQL", "We migrated hosting to Fly.io": no "from", so the
# thing moved must be named and both values known tools of one kind ("moved our database to AWS"
# is a new host, not a new database).
_TO_ONLY = re.compile(
    rf"^{_SUBJ}\s+(?:(?:has|have|just|recently|finally|now)\s+){{0,2}}(?P<verb>migrated|switched|transitioned)\s+"
    r"(?:the\s+|our\s+|its\s+|their\s+|my\s+)?(?P<obj>[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2}?)\s+"
    rf"to\s+(?P<y>{_VAL}?)$", re.I)
_TO_CUE_RE = re.compile(r"(?<![\w'])(?:migrated|switched|transitioned)\s+\S.{0,40}?\sto\s", re.I)


# Words that name the whole of a thing: "our main database" is the stored "main database" or "database".
_WHOLE = frozenset("main primary whole entire".split())


def _bare(obj: str) -> list[str]:
    """The thing moved without "main"/"whole" ("the whole CI" is the CI); "staging hosting" stays."""
    return [w for w in obj.split() if w not in _WHOLE]


def _kind(value: str) -> str | None:
    low = " ".join(value.lower().split())
    return lx.TECH_CATEGORIES.get(lx.TECH_ALIASES.get(low, low))


_USER = frozenset(("i", "user", "the user", "my", "user's", "the user's", "me"))
_WE = frozenset(("we", "our", "we've", "us"))
_ALL = frozenset(("everything", "all", "it", "all of it"))
# Words that end a value: a clause, a scope or a list goes on ("Jenkins for the side project").
_STOP = frozenset("and or but for on in at with to from of as while when whenever if unless except only still too "
                  "also once twice again back briefly".split())
_NOT_HELD = frozenset("favorite favourite first former previous old dream ideal hometown birthplace birth childhood "
                      "home town origin university college school place native".split())
# What a migrated thing is called after its build, host or deployment ("the frontend build").
_ASPECTS = frozenset("build builds hosting deployment deployments deploys ci database db stack backend".split())


# One name for each aspect, and the stored verbs that already say it.
_ASPECT_NAMES = {"builds": "build", "db": "database", "deployments": "deployment", "deploys": "deployment"}
_ASPECT_VERBS = {"build": re.compile(r"\bbuilt\b", re.I), "hosting": re.compile(r"\b(?:hosted|running)\b", re.I),
                 "deployment": re.compile(r"\bdeploy(?:s|ed)?\b", re.I)}


# What a stored "for <purpose>" / "as <purpose>" may name without scoping the use: the part of the
# stack it is ("as the main database", "for CI"). Anything else ("for work", "for gaming", "for
# backups") is a scope a switch that names none does not reach.
_ROLES = _ASPECTS | frozenset("ci cd orm cache queue frontend server hosting auth email dns storage".split())


def _a_scope(purpose: list[str]) -> bool:
    return bool(purpose) and purpose[-1] not in _ROLES


def _names_aspect(aspect: str, verb: str, purpose: list[str]) -> bool:
    """Whether the stored memory is about that aspect: its verb ("is hosted on" for hosting) or its
    purpose ("for CI", "as the database") names it."""
    if aspect not in _ASPECTS:
        return False
    a = _ASPECT_NAMES.get(aspect, aspect)
    if [_ASPECT_NAMES.get(w, w) for w in purpose] == [a]:
        return True
    rx = _ASPECT_VERBS.get(a)
    return not purpose and rx is not None and rx.search(verb) is not None


def _who(text: str) -> str:
    low = " ".join(text.lower().split())
    if low in _USER:
        return "user"
    if low in _WE:
        return "we"
    for det in ("the ", "our ", "my "):
        if low.startswith(det):
            low = low[len(det):]
    return low


# A trailing adverb narrows or limits the change ("... with SQLite locally", "... temporarily",
# "... partially", "... somewhere"): the stored value may still hold, so the value must end on a name.
_LIMIT_RE = re.compile(r"^(?:[a-z]{2,}ly|somewhere|elsewhere|anywhere|sometimes|mostly)$")


def _clean(value: str) -> str | None:
    words = value.split()
    if not words or any(w.lower() in _STOP for w in words) or _LIMIT_RE.match(words[-1].rstrip(".")):
        return None
    return " ".join(w.lower() for w in words).rstrip(".")


# The cue the incoming memory must show before it is segmented (`one_sentence_matches`).
_CUE_RE = re.compile(r"\sfrom\s.{1,60}?\sto\s", re.I)


def migrated_away(existing: str, incoming: str) -> tuple[str, str, str] | None:
    """(subject, old value, new value) when the incoming memory migrates the stored subject off its value."""
    found = (one_sentence_matches(existing, incoming, _CUE_RE, _INCOMING, _EXISTING)
             or one_sentence_matches(existing, incoming, _REPLACED_CUE_RE, _REPLACED, _EXISTING)
             or one_sentence_matches(existing, incoming, _TO_CUE_RE, _TO_ONLY, _EXISTING))
    if found is None:
        return None
    o, n = found
    said = n.groupdict()
    old_said, new_said = said.get("x") or said.get("x2") or "", said["y"] or said.get("y2") or ""
    if n.re is _TO_ONLY:
        kind = _kind(o.group("x"))
        if kind is None or _kind(new_said) != kind:
            return None  # unknown, or another kind of thing: a host, a region, a server
        old_said = o.group("x")
    x, was, now = _clean(o.group("x")), _clean(old_said), _clean(new_said)
    if x is None or was != x or now is None or now == x:
        return None  # the old value named must be the stored one, whole
    if refines(o.group("x"), new_said):
        return None  # "from Ubuntu to Ubuntu 24.04", "from Kubernetes to EKS": a refinement, still on it
    subj_e, subj_i = _who(o.groupdict().get("own") or o.group("subj")), _who(n.group("subj"))
    obj = _who(said.get("obj") or "")
    if (said.get("verb") or "").lower() == "moved" and not obj and subj_i in ("user", "we"):
        return None  # "User moved from Leeds to London": where the user lives, the places' business
    slot = (o.groupdict().get("slot") or "").lower().split()
    if slot and (set(slot) & _NOT_HELD or (slot[-1] in lx.PERSON_ROLES and not (len(slot) > 1 and slot[-1] == "manager"))):
        return None  # a taste, a first or a former one; a person ("manager: Priya"), not a tool
    purpose = (o.groupdict().get("purpose") or "").lower().split()
    if said.get("for") and said["for"].lower().split() != purpose:
        return None  # "... and use Memcached for sessions": a narrower use, the old one may stay
    moved = _who(said.get("obj") or "")
    named = _bare(moved) in (purpose, _bare(" ".join(slot))) or moved == _who(o.group("subj") or "")
    if n.re is _TO_ONLY and not named:
        return None  # "migrated the staging database to ...": the stored thing must be named whole
    if subj_i == subj_e:
        # "Project Atlas migrated from ...", "We've moved CI from Jenkins" (stored "for CI"); a stored
        # purpose ("Chrome for work") is ended only by a switch that names it (or everything)
        same = ((not obj and (bool(said.get("for")) or not _a_scope(purpose))) or obj in _ALL
                or (bool(obj) and (obj.split() in (purpose, slot) or _bare(obj) == purpose[-1:])))
    elif subj_i in ("user", "we") and obj:
        # "We moved the VPS from Hetzner": the stored subject is what was moved
        same = obj == subj_e and not _a_scope(purpose)
    elif subj_i.startswith(subj_e + " ") and len(subj_i.split()) == len(subj_e.split()) + 1:
        # "The frontend build moved from Webpack to Vite": only when the stored memory names that
        # aspect ("is built with Webpack", "uses Jenkins for CI"), never a general "uses GitHub"
        same = _names_aspect(subj_i.split()[-1], o.group("verb"), purpose)
    else:
        same = False
    if not same:
        return None
    label = " ".join([subj_e] + (slot or purpose))
    return label, o.group("x"), new_said
