"""A status of the user's ended by an event: graduated, retired, the baby born, the degree finished
(pure logic).

`lifecycle` ends a status of any subject said twice in the same words ("The project is in beta" /
"The project was released"); the user's own statuses are said in the first and the third person
("User is a student at UCLA" / "I graduated last May"), with chatter around them, and what ends
them depends on whom they name. This module reads them as `events` does (one incoming sentence at
a time, `event_context`), each status with the events that end it:

* a student ("<user> is a student [at X]", "is studying [computer science] at X", "is enrolled at
  X") ended by "graduated [from X]" said as news (a recent time, "just", "finally") or "finished
  school / my degree" with a time of months, not of a day ("finished school today" is a school day);
* a degree under way ("is a PhD student", "is studying for an MSc", "is doing a PhD") ended by
  "finished / completed / got / defended my PhD (my thesis)" of the same degree, or a recent "graduated";
* pregnant ("<user> is pregnant", "we're expecting a baby") ended by "we had the baby", "I gave
  birth", "our daughter was born last week" (a child named by kind needs a recent time: "our son
  was born" may be the first child), "the baby arrived", "we welcomed our son";
* working ("<user> works at X / as a <job>", "is a <occupation> [at X]", "is employed [at X]")
  ended by "retired [from X]" with a recent time, "just", "now", or the stored employer named.

A party named by the event must be the stored one ("graduated from high school" says nothing of
"a student at UCLA"); a stored status with no party is never ended by an event that names one.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.events.event_context import (BE, DURATION, HAS, NAME, RECENT, USER, event_sentences,
                                                         stored_sentence)
from festinger.core.contradiction.events.event_holds import holds_beside
from festinger.core.contradiction.lexicon.life_events import DEGREES
from festinger.core.contradiction.text.cues import Cue

__all__ = ["status_event_ended"]

_U = USER
_WE = r"(?:(?:the\s+)?user|i|we)"
_BE = BE
_HAS = HAS
_ADV = r"(?:(?P<adv>just|recently|finally|officially|now)\s+)?"
_PARTY = r"(?P<party>(?-i:[A-Z][\w&.'-]*(?:\s+(?:of\s+)?[A-Z][\w&.'-]*){0,3}))"
_DEG = r"(?P<deg>ph\.?d\.?|doctorate|dphil|doctoral|msc|m\.sc\.|master's|masters|mres|mphil|mba)"
_JOB = r"(?P<job>(?-i:(?:[a-z][\w-]*\s+){0,3}?[a-z][\w-]*))"
_KID = r"(?:baby(?:\s+(?:boy|girl))?|boy|girl|son|daughter|twins|child)"
# A time of a day: "finished school today" is a school day, not the end of school.
_DAY_RE = re.compile(r"\b(?:today|yesterday|this\s+morning|on\s+\w+day|over\s+the\s+weekend|last\s+night)\b", re.I)

_STORED: dict[str, list[re.Pattern[str]]] = {
    "a student": [
        re.compile(rf"^{_U}{_BE}\s+(?:currently\s+|still\s+)?an?\s+(?:(?:full-time|part-time|college|university|uni|"
                   rf"undergraduate|undergrad|grad|graduate|nursing|law|medical|med|art|engineering|exchange|"
                   rf"final-year|first-year|second-year|third-year)\s+)?student(?:\s+at\s+{_PARTY})?$", re.I),
        re.compile(rf"^{_U}{_BE}\s+(?:currently\s+|still\s+)?an?\s+(?:freshman|sophomore|junior|senior)\s+at\s+"
                   rf"{_PARTY}$", re.I),
        re.compile(rf"^{_U}{_BE}\s+(?:currently\s+|still\s+)?in\s+(?:my|their)\s+"
                   rf"(?:final|last|first|second|third|fourth)\s+year\s+(?:at|of)\s+"
                   rf"(?:{_PARTY}|university|college|uni)$", re.I),
        re.compile(rf"^{_U}{_BE}\s+(?:currently\s+|still\s+)?(?:pursuing|working\s+towards?|studying\s+for)\s+"
                   rf"(?:a|my|their)\s+(?:bachelor's\s+)?degree(?:\s+in\s+(?:[A-Za-z]+\s*){{1,4}}?)?"
                   rf"(?:\s+at\s+{_PARTY})?$", re.I),
        re.compile(rf"^{_U}{_BE}\s+(?:currently\s+|still\s+)?in\s+(?:college|university|uni|grad\s+school|"
                   rf"graduate\s+school|law\s+school|med(?:ical)?\s+school|nursing\s+school)$", re.I),
        re.compile(rf"^{_U}(?:{_BE}\s+(?:currently\s+|still\s+)?(?:studying|enrolled)|\s+studies)"
                   rf"(?:\s+(?-i:[a-z]+(?:\s+[a-z]+){{0,2}}))?\s+at\s+{_PARTY}$", re.I),
    ],
    "studying for a degree": [
        re.compile(rf"^{_U}{_BE}\s+(?:currently\s+|still\s+)?an?\s+{_DEG}\s+(?:student|candidate)"
                   rf"(?:\s+at\s+{_PARTY})?$", re.I),
        re.compile(rf"^{_U}{_BE}\s+(?:currently\s+|still\s+)?enrolled\s+in\s+an?\s+{_DEG}\s+program(?:me)?"
                   rf"(?:\s+at\s+{_PARTY})?$", re.I),
        re.compile(rf"^{_U}{_BE}\s+(?:currently\s+|still\s+)?(?:doing|pursuing|working\s+on|studying\s+for)\s+"
                   rf"(?:an?|my|their)\s+{_DEG}(?:\s+in\s+(?:[A-Za-z]+\s*){{1,4}}?)?(?:\s+at\s+{_PARTY})?$", re.I),
    ],
    "pregnant": [
        re.compile(rf"^{_WE}{_BE}\s+(?:currently\s+|now\s+)?(?:(?:\d{{1,2}}|[a-z]+)\s+(?:weeks|months)\s+)?"
                   rf"(?:pregnant|expecting)(?:\s+(?:with\s+)?(?:an?\s+|our\s+|my\s+|their\s+|her\s+)?"
                   rf"(?:(?:first|second|third|fourth)\s+)?{_KID})?(?:\s*,?\s+(?:and\s+)?(?:due\s+)?in\s+[A-Za-z]+)?$",
                   re.I),
        # the user's partner pregnant: the household's baby ("we", "our", "my wife") ends it, never "I"
        re.compile(rf"^(?P<partner>(?:the\s+)?user's|my)\s+(?:wife|partner|girlfriend)(?:\s+\w+)?{_BE}\s+"
                   rf"(?:currently\s+|now\s+)?(?:(?:\d{{1,2}}|[a-z]+)\s+(?:weeks|months)\s+)?(?:pregnant|expecting)"
                   rf"(?:\s+with\s+(?:an?\s+|our\s+|their\s+)?(?:(?:first|second|third|fourth)\s+)?{_KID})?"
                   rf"(?:\s*,?\s+(?:and\s+)?(?:due\s+)?in\s+[A-Za-z]+)?$", re.I),
    ],
    "working": [
        re.compile(rf"^{_U}\s+(?:works?|is\s+working)\s+(?:as\s+an?\s+{_JOB}\s+)?(?:at|for)\s+{_PARTY}$", re.I),
        re.compile(rf"^{_U}\s+(?:works?|is\s+working)\s+as\s+an?\s+{_JOB}$", re.I),
        re.compile(rf"^{_U}{_BE}\s+an?\s+{_JOB}(?:\s+(?:at|for)\s+{_PARTY})?$", re.I),
        re.compile(rf"^{_U}{_BE}\s+employed(?:\s+(?:at|by)\s+{_PARTY})?$", re.I),
        # "User has worked at Acme for ten years", "User has been a nurse for 20 years"
        re.compile(rf"^{_U}(?:'ve|\s+has|\s+have)\s+(?:worked\s+(?:at|for)\s+{_PARTY}|been\s+an?\s+{_JOB}"
                   rf"(?:\s+(?:at|for)\s+{_PARTY.replace('<party>', '<party2>')})?)"
                   rf"{DURATION}$", re.I),
    ],
}
_GRADUATED = re.compile(rf"^{_U}{_HAS}\s+{_ADV}graduated(?:\s+from\s+{_PARTY})?"
                        rf"(?:\s+with\s+(?:honou?rs|distinction|a\s+(?:degree|bachelor's|master's)))?{RECENT}$", re.I)
_EVENTS: dict[str, list[re.Pattern[str]]] = {
    "a student": [
        _GRADUATED,
        re.compile(rf"^{_U}{_HAS}\s+(?:finished|completed)\s+(?:school|college|university|uni|"
                   rf"(?P<det>my|their)\s+(?:degree|studies)(?:\s+at\s+{_PARTY})?){RECENT}"
                   rf"(?P<now>\s+and\s+(?:now\s+)?works\s+full[- ]time(?:\s+now)?)?$", re.I),
        # "I got my degree last month", "I dropped out of UCLA in March" (a recent time either way)
        re.compile(rf"^{_U}{_HAS}\s+{_ADV}(?:(?:got|received|earned)\s+(?P<det2>my|their)\s+(?:degree|diploma)|"
                   rf"(?P<drop>dropped\s+out)(?:\s+of\s+{_PARTY})?){RECENT}$", re.I),
        # "I'm a college graduate now", "I'm now a UCLA graduate"
        re.compile(rf"^{_U}{_BE}\s+(?P<now>now\s+)?an?\s+(?:(?:college|university|uni)\s+|{_PARTY}\s+)?"
                   rf"(?:graduate|grad|alumn(?:us|a|i))(?P<now2>\s+now)?$", re.I),
    ],
    "studying for a degree": [
        _GRADUATED,
        re.compile(rf"^{_U}{_HAS}\s+{_ADV}(?:finished|completed|got|earned|received|defended|passed)\s+"
                   rf"(?P<det>my|their)\s+(?:{_DEG}(?:\s+degree)?|(?P<thesis>thesis|dissertation|viva)){RECENT}$",
                   re.I),
    ],
    "pregnant": [
        re.compile(rf"^{_WE}{_HAS}\s+{_ADV}had\s+(?P<det>the|our|my|their)\s+baby(?:\s+(?:boy|girl))?{RECENT}"
                   rf"(?:\s*,\s*an?\s+(?:healthy\s+)?(?:baby\s+)?(?:boy|girl))?$", re.I),
        re.compile(rf"^{_WE}{_HAS}\s+{_ADV}(?P<kid>had)\s+an?\s+(?:healthy\s+)?(?:baby(?:\s+(?:boy|girl))?|boy|girl)"
                   rf"{RECENT}$", re.I),
        re.compile(rf"^{_U}{_HAS}\s+{_ADV}gave\s+birth(?:\s+to\s+(?P<det>an?|our|my|their)\s+(?:healthy\s+)?{_KID}"
                   rf"(?:\s+named\s+{NAME})?)?{RECENT}$", re.I),
        re.compile(rf"^(?:(?P<det>our|my|the\s+user's|user's)\s+(?:(?P<kid>{_KID})|baby|newborn)|the\s+(?:baby|twins))"
                   rf"(?:,?\s+{NAME},?)?\s+(?:was|were|has\s+been)\s+born{RECENT}$", re.I),
        re.compile(rf"^(?:the|our|my)\s+baby(?:\s+(?:boy|girl))?\s+(?:has\s+)?(?:arrived|is\s+here|came(?:\s+early)?)"
                   rf"{RECENT}$", re.I),
        re.compile(rf"^(?P<pw>my|the\s+user's|user's)\s+(?:wife|partner|girlfriend)(?:\s+{NAME})?\s+(?:has\s+)?{_ADV}"
                   rf"(?:gave\s+birth(?:\s+to\s+(?:an?|our)\s+(?:healthy\s+)?{_KID})?|had\s+(?:the|our)\s+baby)"
                   rf"{RECENT}$",
                   re.I),
        re.compile(rf"^baby\s+{NAME}\s+(?:has\s+)?(?:arrived|was\s+born){RECENT}$", re.I),
        # a pregnancy ended otherwise: "I had a miscarriage last week", "We lost the baby"
        re.compile(rf"^{_WE}{_HAS}\s+(?:had\s+a\s+miscarriage|miscarried|lost\s+the\s+baby){RECENT}$", re.I),
        re.compile(rf"^we{_HAS}\s+{_ADV}welcomed\s+(?:our|an?)\s+(?:(?:new\s+)?baby|baby\s+(?:boy|girl)|son|daughter)"
                   rf"(?:,?\s+{NAME})?{RECENT}$", re.I),
    ],
    "working": [
        re.compile(rf"^{_U}{_HAS}\s+{_ADV}(?:retired|took\s+early\s+retirement)(?:\s+from\s+{_PARTY})?{RECENT}"
                   rf"(?:\s+after\s+(?:[\w-]+\s+){{1,2}}years(?:\s+(?:at|with)\s+"
                   rf"{_PARTY.replace('<party>', '<party2>')}|\s+of\s+(?-i:[a-z]+))?)?"
                   rf"{RECENT.replace('<when>', '<when2>')}$",
                   re.I),
        re.compile(rf"^{_U}{_BE}\s+(?P<adv>now\s+)?(?:officially\s+|fully\s+)?(?:retired|a\s+retiree)(?P<now>\s+now|\s+as\s+of"
                   rf"\s+(?:last\s+(?:week|month)|this\s+(?:week|month)|yesterday|today))?$", re.I),
    ],
}
# A job word that is no job held now: "a retired teacher", "a former nurse", "a student nurse".
_NOT_NOW = frozenset("retired former ex previous future aspiring trainee student part-time volunteer".split())
_CUE = Cue(r"graduat|finished|completed|got\s+my|earned|received|defended|passed|baby|birth|born|"
           r"welcomed|retire|arrived|came|here|miscarr|lost\s+the\s+baby|dropped\s+out")


_STORED_CUE = Cue(r"student|studying|enrolled|studies|ph\.?d|doctoral|master|msc|mba|pregnant|expecting|"
                  r"school|college|universit|\buni\b|freshman|sophomore|junior|senior|"
                  r"work|employed|\b(?:is|am|'m)\s+an?\s")


def _party(text: str | None) -> tuple[str, ...]:
    words = [w.lower().strip(".,") for w in (text or "").split()]
    while len(words) > 1 and words[-1] in lx.COMPANY_DESIGNATORS:
        words.pop()  # "Acme" names "Acme Corp"
    return tuple(words)


def _degree(word: str | None) -> str:
    low = (word or "").lower().rstrip(".")
    return "phd" if low in ("doctoral", "ph.d", "phd") else DEGREES.get(low, DEGREES.get(low + ".", low))


def _ended(status: str, o: re.Match[str], n: re.Match[str]) -> bool:
    og, ng = o.groupdict(), n.groupdict()
    sentence = n.string
    recent = bool(ng.get("adv") or ng.get("when") or ng.get("when2") or ng.get("now") or ng.get("now2"))
    det = (ng.get("det") or "").lower()
    det = det or (ng.get("det2") or "").lower()
    if det in ("my", "their") and (det == "my") != sentence.lower().startswith(("i ", "i'", "my ")):
        return False  # "User finished my degree", "I had their baby": whose is not said once
    said = _party(ng.get("party") or ng.get("party2"))
    if said and said != _party(og.get("party") or og.get("party2")):
        return False  # "graduated from high school" / "a student at UCLA"; a party the stored status lacks
    if status == "working":
        job = (og.get("job") or "").lower().split()
        if job and (job[-1] not in lx.OCCUPATIONS or set(job) & _NOT_NOW or not set(job[:-1]) <= lx.JOB_RANK_WORDS):
            return False  # "is a member at Equinox", "is a retired teacher"; "a home cook", "a nervous
            # driver", "an emeritus professor": a pastime, a manner or an honour no retirement ends
        return recent or bool(said)
    if n.re is _GRADUATED:
        return recent
    if ng.get("drop") and not said:
        return False  # "I dropped out last week": of a race, a course, a competition as often
    if status == "a student":
        return recent and not _DAY_RE.search(ng.get("when") or "")  # "finished school today": a school day
    if status == "studying for a degree":
        return bool(ng.get("thesis")) or _degree(ng.get("deg")) == _degree(og.get("deg"))
    if status == "pregnant":
        if ng.get("pw") and not og.get("partner"):
            return False  # "My wife gave birth" / "User is pregnant": the stored pregnancy is the user's
        if og.get("partner") and (re.match(r"(?:i\b|i'|(?:the\s+)?user\b)", sentence, re.I)
                                  and not re.match(r"(?:i|(?:the\s+)?user)\s+and\s", sentence, re.I)):
            return False  # "User's wife is pregnant" / "I gave birth": not the one pregnant
        return recent or not ng.get("kid")  # "our son was born" may be the first child; "the baby" is this one
    return False


def status_event_ended(existing: str, incoming: str) -> tuple[str, str, str] | None:
    """(subject, the stored status, the event) when an incoming sentence ends the user's stored status."""
    if not _CUE.search(incoming[:2000]) or not _STORED_CUE.search(existing[:400]):
        return None
    old = stored_sentence(existing)
    if old is None:
        return None
    stored = [(status, m) for status, rxs in _STORED.items() for m in (rx.match(old) for rx in rxs) if m is not None]
    if not stored:
        return None
    for sentence in event_sentences(incoming):
        for status, o in stored:
            for rx in _EVENTS[status]:
                n = rx.match(sentence)
                if n is not None and _ended(status, o, n) and not holds_beside(status, sentence, incoming):
                    return "user status", old, sentence
    return None
