"""A job left: "User works at Acme Corp" / "User left Acme Corp and joined Globex" (pure logic).

The grammar reads "works at Acme" but not every way people say they left it: "left Acme Corp and
joined Globex", "left St. Mary's and is now a nurse at Royal Free", "left Initech for a job at
Hooli", "quit Stripe and is currently unemployed", "left Deloitte and no longer works there". This
rule reads two one-sentence memories whole:

* the existing memory names the user's employer: "<user> works at/for <Name>" (with "as a <job>"
  before or after), "<user> is a <occupation> at <Name>" (the job's head one of the occupations the
  lexicon knows: never "a member at Equinox", "a patient at St. Mary's", "a speaker at PyCon"),
  "<user> is employed at/by <Name>", "<user>'s employer/company is <Name>" or "...: <Name>";
* the incoming memory says the SAME person (the user, "I") left or quit that very employer, named
  whole or without its legal form ("Acme" for "Acme Corp"), optionally said when (recently, "in
  May", "last week": never a year, which is biography), and then, if anything follows, only what
  a job change says: joined / now works at <another Name>, "is now a <occupation> at <Name>", "for a
  (new) job at <Name>", self-employed, unemployed, retired, freelancing, or "no longer works there".

Refused: someone else's leaving, a plan, a question, reported speech (the user must open the
sentence), a name that is longer or another ("Acme Labs", "Acme's Berlin office"), a rejoin (the
new employer is the old one), "left Acme for Christmas" (only "for a job at" reads), any other
tail, and a bare "quit/left <company whose name is also its product>" ("left Twitter" is as often
the platform) unless a job-change tail follows.

After the fifteenth attack: "left X" with only a day-scale time ("yesterday", "today", "this
week") and no tail is a departure from a place; a successor whose name begins with the old
employer's ("Starbucks Reserve", "Deloitte Digital") is an internal move; "joined Y" against a bare
"works at/for X" (no occupation, no employer slot) is as often a customer's switch.

After the sixteenth attack: "started a new job/role at <another company>", "quit their <stored job>
job [and now works as ...]" ("their" only after "User"), and "I'm a <job> at X" handed to the
statements as "I work at X" when the incoming memory says the user no longer works somewhere.

Events (`employer_ended`): the stored employer (the same forms, or "my job is at X") ended by one of
the event lexicon's employer events (`lexicon.EVENT_SLOTS`: laid off, let go, fired, sacked,
terminated, made redundant, resigned, retired from X, quit/left my job at X, last day at X was
<day>, "X laid me off"; a bare "I'm retired" is not: retirees consult and work part-time), told in
ANY sentence of the incoming memory that `event_sentences` lets through (the user's own present news: no plan, story,
report, question, old news, leave or undoing anywhere). A last day said without its owner
("Last day at Deloitte was Friday") is the user's only among first-person sentences; a school's
last day may be a term's. The stored employer named again in another sentence ("I start at
Deloitte Digital on Monday", "Deloitte rehired me") ends nothing; a new job alone never does.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.events.event_sentences import (denied_elsewhere, event_phrases, named_elsewhere,
                                                          others_say, owner_implied, user_event_sentences)
from festinger.core.contradiction.updates.rescheduled import one_sentence, one_sentence_matches

__all__ = ["employer_as_work", "employer_ended", "job_left"]

_U = r"(?P<u>(?:the\s+)?user|i)"
_NAME_BODY = r"(?-i:[A-Z][\w&.'-]*(?:\s+(?:[A-Z][\w&.'-]*|&)){0,3})"
_EMP = rf"(?P<emp>{_NAME_BODY})"
_NEW = rf"(?P<new>{_NAME_BODY})"
_JOB = r"(?P<job>(?:[a-z][\w-]*\s+){0,3}?[a-z][\w-]*)"
_ROLE = r"(?:an?\s+(?:[a-z][\w-]*\s+){0,3}?(?P<job2>[a-z][\w-]*))"
_WHEN = (r"(?:\s+(?:last\s+(?:week|month|year|weekend)|recently|this\s+(?:week|month|year)|yesterday|today|"
         r"in\s+(?:january|february|march|april|may|june|july|august|september|october|november|december)|"
         r"(?:a|one|two|three|\d{1,2})\s+(?:weeks?|months?)\s+ago))?")

_EXISTING = [
    re.compile(rf"^{_U}\s+(?:works|work)\s+(?:as\s+an?\s+{_JOB}\s+)?(?:at|for)\s+{_EMP}"
               r"(?P<as>\s+as\s+an?\s+(?:[a-z][\w-]*\s+){0,3}?[a-z][\w-]*)?$", re.I),
    re.compile(rf"^{_U}(?:\s+(?:is|am)|'m)\s+an?\s+{_JOB}\s+(?:at|for)\s+{_EMP}$", re.I),
    re.compile(rf"^{_U}(?:\s+(?:is|am)|'m)\s+employed\s+(?:at|by)\s+{_EMP}"
               r"(?:\s+as\s+an?\s+(?:[a-z][\w-]*\s+){0,3}?[a-z][\w-]*)?$", re.I),
    re.compile(rf"^(?:(?:the\s+)?user's|my)\s+(?:current\s+)?(?:employer|company|workplace)(?:\s+is|:)\s+{_EMP}$", re.I),
]

_JOINED = (rf"(?:joined|works?\s+(?:at|for)|is\s+(?:now\s+)?working\s+(?:at|for)|"
           rf"started\s+(?:a\s+new\s+job|working)\s+at)\s+{_NEW}{_WHEN}")
_NOW_ROLE = rf"(?:is\s+now|now\s+works?\s+as|am\s+now|(?:i'm|is)\s+now)\s+{_ROLE}\s+(?:at|for)\s+{_NEW}"
_NO_JOB = (r"is\s+(?:now\s+|currently\s+)?(?:self-employed|unemployed|retired|freelancing|a\s+freelancer|"
           r"between\s+jobs|out\s+of\s+work|looking\s+for\s+(?:a\s+job|work))")
_NOT_THERE = (r"(?:is\s+no\s+longer\s+(?:employed|working)\s+there|no\s+longer\s+works\s+there|"
              r"does\s*n[o']t\s+work\s+there\s+any\s*more)")
_TAIL = (rf"(?P<tail>\s+for\s+a\s+(?:new\s+)?(?:job|role|position)\s+at\s+{_NEW.replace('new>', 'new3>')}"
         rf"|(?:\s*,\s*(?:and\s+)?|\s+and\s+)(?:has\s+)?(?:now\s+|since\s+)?"
         rf"(?:{_JOINED}|{_NOW_ROLE.replace('new>', 'new2>').replace('job2>', 'job3>')}|{_NO_JOB}|{_NOT_THERE}))?")
_INCOMING = re.compile(
    rf"^{_U}\s+(?:(?:has|have|just|recently|finally)\s+){{0,2}}(?P<verb>left|quit)\s+{_EMP}"
    rf"(?P<when>{_WHEN}){_TAIL}$", re.I)
# A day-scale time: "left Heathrow yesterday" is a departure from a place, not a resignation.
_DAY_SCALE_RE = re.compile(r"^\s*(?:yesterday|today|this\s+(?:week|morning|afternoon|evening))$", re.I)
# "joined Y" says a job only with the role: "joined Monzo" is as often a bank's new customer.
_JOINED_ROLE_RE = re.compile(r"\bjoined\s", re.I)


def _name(text: str) -> tuple[str, ...]:
    words = [w.lower().strip(".,") for w in text.split()]
    while len(words) > 1 and words[-1] in lx.COMPANY_DESIGNATORS:
        words.pop()  # "left Acme" names "Acme Corp": the legal form is not part of the name
    return tuple(words)


# The cue the incoming memory must show before it is segmented (`one_sentence_matches`).
_CUE_RE = re.compile(r"(?<![\w'])(?:left|quit)\s", re.I)
# "The user has started a new role at McKinsey after leaving Deloitte": a new job ends the stored one
# only when the memory itself says the stored employer was left. A new role "at YouTube" alone may be
# at a unit, a subsidiary or another name of the stored company (Google), which the words do not tell
# (the eighteenth attack), and a new job may be a second one beside a gig.
_STARTED = re.compile(rf"^{_U}\s+(?:(?:has|have|'ve|just|recently)\s+){{0,2}}(?:started|began)\s+a\s+new\s+"
                      rf"(?:job|role|position)\s+(?:at|with)\s+{_NEW}{_WHEN}\s*,?\s+(?:after\s+leaving|having\s+left)"
                      rf"\s+{_EMP}$", re.I)
_STARTED_CUE_RE = re.compile(r"\snew\s+(?:job|role|position)\s", re.I)
# "I'm a nurse at St Mary's", "The user is employed at Deloitte": said as "works at", so that the
# statements read "no longer works at St Mary's" against it (`compare`).
_NO_LONGER_WORK_RE = re.compile(r"(?:no\s+longer|n[o']t)\s+work", re.I)


# "User works as a barista" / "User quit their barista job and now works as a bank teller": the
# occupation itself left, said with the very words stored ("their" is the user's only after "User").
_OCCUPATION = [re.compile(rf"^{_U}(?:\s+(?:works?|is|am)|'m)\s+(?:as\s+)?an?\s+{_JOB}$", re.I)]
_QUIT_JOB = re.compile(
    rf"^{_U}\s+(?:(?:has|have|just|recently|finally)\s+){{0,2}}(?P<verb>quit|left)\s+(?P<det>my|their|the\s+user's)\s+"
    rf"(?P<old>(?:[a-z][\w-]*\s+){{0,3}}?[a-z][\w-]*)\s+job(?P<when>{_WHEN})"
    rf"(?:\s*,?\s+and\s+(?:now\s+)?(?:works?\s+as|is\s+now)\s+an?\s+(?P<next>(?:[a-z][\w-]*\s+){{0,3}}?[a-z][\w-]*))?$",
    re.I)


def _person(m: re.Match[str]) -> str:
    return m.group("u").lower().split()[-1]  # "the user" and "User" are one person


def _occupation_left(o: re.Match[str], n: re.Match[str]) -> tuple[str, str] | None:
    job, old = " ".join(o.group("job").lower().split()), " ".join(n.group("old").lower().split())
    if job != old or job.split()[-1] not in lx.OCCUPATIONS or _person(o) != _person(n):
        return None  # "quit their weekend barista job": one of the jobs, not the one stored
    if (n.group("det").lower() == "my") != (_person(n) == "i"):
        return None  # "I quit their barista job", "User quit my job": whose job is not the user's own
    after = n.group("next")
    if after is not None and set(job.split()) & set(after.lower().split()):
        return None  # "... and now works as a (travel) barista": another place or manner, the same occupation
    return f"{o.group('job')} job", (f"works as {after}" if after else f"{n.group('verb').lower()} the job")


def employer_as_work(existing: str, incoming: str) -> tuple[str, str] | None:
    """The stored job said as "<user> works at <Name>" (and the incoming memory) when the incoming
    memory denies working somewhere; None otherwise."""
    if not _NO_LONGER_WORK_RE.search(incoming[:2000]):
        return None
    old = one_sentence(existing)
    o = None if old is None else next((m for m in (rx.match(old) for rx in _EXISTING[1:3]) if m is not None), None)
    if o is None or (o.re is _EXISTING[1] and o.group("job").split()[-1].lower() not in lx.OCCUPATIONS):
        return None
    me = o.group("u").lower() == "i"
    return f"{o.group('u')} {'work' if me else 'works'} at {o.group('emp')}.", incoming


def job_left(existing: str, incoming: str) -> tuple[str, str] | None:
    """(old employer, what the user does now) when the incoming memory says the user left it."""
    found = one_sentence_matches(existing, incoming, _CUE_RE, _INCOMING, _EXISTING)
    if found is None:
        started = one_sentence_matches(existing, incoming, _STARTED_CUE_RE, _STARTED, _EXISTING)
        if started is None:
            quit_job = one_sentence_matches(existing, incoming, _CUE_RE, _QUIT_JOB, _OCCUPATION)
            return None if quit_job is None else _occupation_left(*quit_job)
        return _elsewhere(*started)
    o, n = found
    job = (o.groupdict().get("job") or "").split()
    if o.re is _EXISTING[1] and (not job or job[-1].lower() not in lx.OCCUPATIONS):
        return None  # "is a member at Equinox", "a patient at St. Mary's": not a job
    if _name(n.group("emp")) != _name(o.group("emp")):
        return None  # "Acme Labs" is another company; "Acme's Berlin office" a part of it
    role = n.group("job3")
    if role is not None and role.lower() not in lx.OCCUPATIONS:
        return None  # "is now a member at Equinox" says nothing of a job
    successor = n.group("new") or n.group("new2") or n.group("new3")
    old_name = _name(o.group("emp"))
    if successor is not None and _name(successor)[:len(old_name)] == old_name:
        return None  # a rejoin, or a unit of the same company ("Starbucks Reserve"): an internal move
    tail = n.group("tail") or ""
    if (n.group("new") is not None and _JOINED_ROLE_RE.search(tail) and o.re is _EXISTING[0]
            and not (o.group("job") or o.group("as"))):
        return None  # "works for Barclays" / "left Barclays and joined Monzo": a customer's switch as often

    if n.group("tail") is None and _DAY_SCALE_RE.match(n.group("when") or ""):
        return None  # "left Heathrow yesterday": a place left, not a job
    if n.group("tail") is None and _name(o.group("emp"))[0] in (lx.EMPLOYER_BRANDS | lx.DESKTOP_APPS):
        return None  # "left Twitter", "quit Google": the platform or the job, the words do not say which
    return o.group("emp"), (f"works at {successor}" if successor else f"{n.group('verb').lower()} {n.group('emp')}")


def _elsewhere(o: re.Match[str], n: re.Match[str]) -> tuple[str, str] | None:
    """(old employer, new one) when the user started a new job at another company."""
    job = (o.groupdict().get("job") or "").split()
    if o.re is _EXISTING[1] and (not job or job[-1].lower() not in lx.OCCUPATIONS):
        return None  # "is a member at Equinox": not a job
    old, new = _name(o.group("emp")), _name(n.group("new"))
    if _name(n.group("emp")) != old or new[:len(old)] == old:
        return None  # a new role at the same company, or at a unit of it
    return o.group("emp"), f"works at {n.group('new')}"


# The employer ended by an event of the lexicon's (`lexicon.EVENT_SLOTS`), told in one sentence of
# the incoming memory (`event_sentences`: the user's own present news, no plan, story or old news):
# "I got laid off from Deloitte", "The user resigned from Acme", "I quit my job at Stripe last week",
# "Last day at Deloitte was Friday; I start at KPMG on Monday.", "Deloitte laid me off". A new
# job alone ("I start at KPMG on Monday") ends nothing: one may hold two, or a unit's name differs.
_DAY = r"(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|yesterday|today)"
_EVENT_WHEN = (rf"(?:\s+(?:on\s+|last\s+)?{_DAY}|{_WHEN})")
_JOBLESS = (r"(?:\s+after\s+(?:\d{1,2}|[a-z]+)\s+years)?"  # the tenure ended: "retired from Acme after 30 years"
            r"(?:\s*,?\s+and\s+(?:(?:i|the\s+user)\s+)?(?:am|is)\s+(?:now\s+)?(?:unemployed|between\s+jobs|"
            r"looking\s+for\s+(?:a\s+job|work)|job\s+hunting))?")
_BY_EVENT = re.compile(
    rf"^(?:{_U}(?:\s+(?:have|has))?\s+)?(?:(?:just|recently|finally|officially)\s+)?"
    rf"(?:(?:got|was|were|been|have\s+been|has\s+been)\s+(?:just\s+)?)?"
    rf"(?P<ev>{event_phrases('employer')})\s+{_EMP}{_EVENT_WHEN}{_JOBLESS}$"
    rf"|^(?:(?P<owner>my|the\s+user's)\s+)?last\s+day\s+at\s+{_EMP.replace('emp>', 'emp2>')}\s+was{_EVENT_WHEN}$"
    rf"|^{_EMP.replace('emp>', 'emp3>')}\s+(?:just\s+)?(?:laid\s+(?P<me>me|the\s+user)\s+off"
    rf"|let\s+(?P<me2>me|the\s+user)\s+go|"
    rf"made\s+(?P<me3>me|the\s+user)\s+redundant)"
    rf"{_EVENT_WHEN}$"
    rf"|^{_DAY}\s+was\s+(?P<owner2>my|the\s+user's)\s+last\s+day\s+at\s+{_EMP.replace('emp>', 'emp4>')}$", re.I)
_JOB_WORD_RE = re.compile(r"\b(?:work|works|employed|employer|company|workplace|job)\b|(?:\s(?:is|am)|'m)\s+an?\s",
                          re.I)
_EVENT_CUE_RE = re.compile(r"laid\s|let\s+(?:me\s+)?go|fired|sacked|terminated|redundant|resigned|retired|"
                           r"job\s+(?:at|with)|last\s+day|parted\s+ways|no\s+longer\s", re.I)
# Workplaces with terms: their "last day" may be the last before a break.
_TERM_PLACES = frozenset("school college university uni academy elementary high kindergarten nursery preschool "
                         "camp institute".split())
# "My job is at Deloitte", "I have a job at Deloitte": the stored employer said as a job.
_JOB_AT = [re.compile(rf"^(?:my|(?:the\s+)?user's)\s+job\s+is\s+(?:at|with)\s+{_EMP}$", re.I),
           re.compile(rf"^{_U}\s+(?:has|have)\s+a\s+job\s+(?:at|with)\s+{_EMP}$", re.I)]


# The stored employer said again without its name: "I'm a contractor there now", "the same firm".
_SAME_PLACE_RE = re.compile(r"(?<![\w'])(?:there|(?:the\s+)?same\s+(?:company|firm|employer|place|team|office))"
                            r"(?![\w'])", re.I)


def _initials(name: str) -> str:
    """What a unit's name may abbreviate the company's to: its words' first letters ("Boston
    Consulting Group" -> "bcg", "Ernst & Young" -> "ey"), or one word's capitals
    ("PricewaterhouseCoopers" -> "pc", "JPMorgan" -> "jpm"), else its first letter ("Amazon" -> "a")."""
    words = [w for w in name.split() if w[:1].isalpha() and w.lower() not in lx.COMPANY_DESIGNATORS]
    caps = "".join(c for c in name if c.isupper())
    return ("".join(w[0] for w in words) if len(words) > 1 else caps if len(caps) > 1 else name[:1]).lower()


def _named_again(sentences: list[str], but: str, employer: str) -> bool:
    """Whether another sentence names the stored employer again: its first word ("Deloitte
    Digital"), or a word of two capitals or more abbreviating it ("BCG X", "EY Parthenon", "PwC
    Digital", "GM Financial"; "AWS" begins with Amazon's initial): a unit of the same company."""
    if named_elsewhere(sentences, but, _name(employer)[0]) or others_say(sentences, but, _SAME_PLACE_RE):
        return True  # (or said again by a pro-form: "I'm a contractor there now", "at the same company")
    initials = _initials(employer)
    for s in sentences:
        for word in (s.split() if s != but else ()):
            caps = "".join(c for c in word if c.isupper()).lower()
            if len(caps) >= 2 and (caps.startswith(initials) or initials.startswith(caps)):
                return True
    return False


def employer_ended(existing: str, incoming: str) -> tuple[str, str] | None:
    """(old employer, the incoming sentence) when a sentence of the incoming memory tells that the
    user was laid off by, let go by, resigned or retired from, quit a job at, or had a last day at
    the stored employer."""
    if not _JOB_WORD_RE.search(existing[:400]):
        return None  # a cheap look at the stored memory first: most pairs are about something else
    sentences = user_event_sentences(incoming, _EVENT_CUE_RE, _BY_EVENT.match)
    if not sentences:
        return None
    old = one_sentence(existing)
    o = None if old is None else next((m for m in (rx.match(old) for rx in [*_EXISTING, *_JOB_AT]) if m), None)
    if o is None:
        return None
    job = (o.groupdict().get("job") or "").split()
    if o.re is _EXISTING[1] and (not job or job[-1].lower() not in lx.OCCUPATIONS):
        return None  # "is a member at Equinox": not a job
    for sentence in sentences:
        if _named_again(sentences, sentence, o.group("emp")) or denied_elsewhere(sentences, sentence):
            continue  # "... I start at Deloitte Digital on Monday": a unit of the same company, or a rehire
        n = _BY_EVENT.match(sentence)
        if n is None:
            continue
        said = n.group("emp") or n.group("emp2") or n.group("emp3") or n.group("emp4")
        if _name(said) != _name(o.group("emp")):
            continue  # another company, or a part of it ("Acme Labs", "Acme's Berlin office")
        if n.group("emp") is not None and n.group("u") is None and not owner_implied(sentences, sentence):
            continue  # "Talked to Tom. Got laid off from Deloitte.": whose layoff is not said
        last_day = bool(n.group("emp2") or n.group("emp4")) or "last" in (n.group("ev") or "").lower()
        if last_day and set(_name(said)) & _TERM_PLACES:
            continue  # "Last day at Hillside School was Friday": the end of a term as often as of a job
        if last_day and len(sentences) > 1:
            # "Talked to Tom. Last day at Deloitte was Friday.": whose last day is not said; "My last
            # day at Deloitte was Friday. I have jury duty for two weeks.", "... I start my secondment
            # on Monday": a last day before a break, a leave or a secondment (the twenty-second
            # attack). Nor does a next employer's start make it the job's end: "My last day at Amazon
            # was Friday. I start at AWS on Monday.", "... at Chase" (JPMorgan's), "... at Zara"
            # (Inditex's): a unit, a brand or an affiliate under a name of its own, which no rule
            # can tell from another company (the twenty-fifth attack). Only a last day said alone
            # ends the job.
            continue
        ev = (n.group("ev") or "").lower()
        if n.group("u") is not None and n.group("u").lower() == "i" and ("their" in ev or "user" in ev):
            continue  # "I quit their job at Acme": someone else's job
        if n.group("u") is not None and n.group("u").lower() != "i" and " my " in f" {ev} ":
            continue  # "User quit my job at Acme": whose job is not said once
        return o.group("emp"), sentence
    return None
