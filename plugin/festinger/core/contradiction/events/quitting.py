"""Quitting a thing: "User has quit coffee", "gave up Twitter", "is off sugar now" (pure logic).

The grammar reads "quit smoking" (a gerund: the relation itself stops) but not a quit with a noun,
which names the thing and leaves the verb to the reader: "quit coffee" is "no longer drinks coffee",
"quit Twitter" is "no longer uses Twitter", "the user's son quit soccer" is "no longer plays soccer".
A one-sentence incoming memory of that shape is rewritten as the generic denial "<subject> no longer
uses <thing>", which the comparison already crosses only onto a way of using the very same thing
("drinks coffee", "plays soccer", "uses Twitter"): never onto an employer ("works at Twitter": one
quits the product or the job, the words do not say which), a taste ("likes coffee") or a brand
consumed under another sense.

A quit for a while ("for Lent", "for a month"), a plan ("wants to quit"), an attempt ("tried to
quit"), a job, a team or a school, or any tail the rule does not read is left alone. So is the verb
"quit" with a company whose name is also its product ("quit Google", "quit Uber": a job or the
service, the words do not say which) or with an application one opens and closes ("quit Chrome" is
closing the window), and "is off" an application ("is off Slack now" is offline as often as gone):
the eleventh attack's debatable pairs. "gave up Twitter" or "ditched Chrome" are habit words and read.

`habit_ended` (below) reads the two habits said by their verb or their noun, smoking and drinking
("I quit smoking", "I'm a non-smoker now", "I'm sober now" against "User smokes cigarettes", "User
is a smoker", "User drinks beer"), one incoming sentence at a time, as the other life events are.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.events.event_context import DURATION, HAS, RECENT, USER, event_sentences, stored_sentence
from festinger.core.contradiction.events.event_holds import holds_beside
from festinger.core.contradiction.lexicon.life_events import ALCOHOL
from festinger.core.contradiction.text.cues import Cue
from festinger.core.contradiction.updates.named_end_guards import momentary_end
from festinger.core.contradiction.updates.rescheduled import one_sentence

__all__ = ["QUIT_VERBS", "quit_as_verb", "habit_ended", "quit_as_denial"]

_SUBJECT = r"((?:the\s+)?user|i|(?:my|the\s+user's|user's)\s+(?:son|daughter|wife|husband|partner|kid|child))"
_QUIT = r"(?:quit|gave\s+up|given\s+up|cut\s+out|kicked|ditched)"
_THING = r"([A-Za-z][\w+-]*(?:\s+[A-Za-z][\w+-]*){0,2}?)"
# when it happened (not how long for): the quit holds from then on
_WHEN_TAIL = (r"(?:\s+(?:last\s+(?:week|month|year|weekend)|recently|this\s+(?:week|month|year)|yesterday|"
              r"in\s+(?:january|february|march|april|may|june|july|august|september|october|november|december|\d{4})|"
              r"(?:a|one|two|three|four|five|six|\d{1,2})\s+(?:weeks?|months?|years?)\s+ago))?")
_HOW_TAIL = r"(?:\s+(?:entirely|completely|altogether|for\s+good|cold\s+turkey|for\s+good\s+now))?"
_QUIT_RE = re.compile(
    rf"^{_SUBJECT}\s+(?:has\s+|have\s+|had\s+)?(?:just\s+|recently\s+|finally\s+|now\s+)?{_QUIT}\s+{_THING}"
    rf"{_HOW_TAIL}{_WHEN_TAIL}{_HOW_TAIL}$", re.I)
_QUIT_VERB_RE = re.compile(r"\bquit\b", re.I)  # the one verb that is also leaving a job or closing an app
_OFF_RE = re.compile(rf"^{_SUBJECT}\s+(?:is|am|are|'m|'s)\s+(?:now\s+)?off\s+{_THING}(?:\s+now)?$", re.I)
# "quit smoking two years ago": the grammar reads the gerund; only the date of the quit is dropped
# Words of a one-off time or a while that a quit's object never holds ("yoga today", "coffee this morning").
_ONE_OFF_WORDS = frozenset("this morning afternoon evening week weekend month term".split())
_GERUND_RE = re.compile(r"^\w+ing$", re.I)
# Not a thing one uses: a job, a team, a school, a group, a course, a habit of someone else's.
_NOT_A_THING = frozenset(
    "job jobs work school college university uni team band club company firm role position program programme "
    "course class classes degree phd studies it that this them him her me on trying".split())
_DETERMINERS = ("the ", "a ", "an ", "my ", "his ", "her ", "their ", "our ")
# A number in digits right after a name, then "years ago": the number may be the name's version.
_VERSION_AGO_RE = re.compile(r"\s+\d{1,2}\s+(?:weeks?|months?|years?)\s+ago", re.I)



def _named_product(thing: str) -> bool:
    """A name that may carry a version: written with a capital anywhere ("Windows", "iOS",
    "iPhone"), or a known product or tool however written ("php", "vim", "twitter")."""
    low = thing.lower()
    return (any(c.isupper() for c in thing) or low in lx.TECH_NAMES or low in lx.TECH_ALIASES
            or low in lx.DESKTOP_APPS or low in lx.EMPLOYER_BRANDS)


def quit_as_denial(incoming: str) -> str | None:
    """"User has quit coffee." -> "User no longer uses coffee."; None unless the memory is that one quit."""
    sentence = one_sentence(incoming)
    if sentence is None:
        return None
    m = _QUIT_RE.match(sentence) or _OFF_RE.match(sentence)
    if m is None:
        return None
    subject, thing = m.group(1), m.group(2)
    low = thing.lower()
    if _named_product(thing) and _VERSION_AGO_RE.match(sentence, m.end(2)):
        # "gave up Windows 7 years ago", "gave up iOS 6 years ago", "i gave up php 5 years ago": the
        # number may be the name's version, whatever its case ("gave up coffee 3 years ago" has none)
        return None
    if set(low.split()) & (lx.TIME_SCOPE_WORDS | _ONE_OFF_WORDS) or (
            momentary_end(sentence, "", False, "") and not _GERUND_RE.match(thing.split()[0])):
        return None  # "ditched yoga today": a session skipped (the time is read into the thing otherwise)
    if low.startswith(_DETERMINERS) or set(low.split()) & _NOT_A_THING:
        return None  # "quit the band", "gave up on Spanish", "quit her job": not a thing one uses
    if m.re is _OFF_RE and low in lx.DESKTOP_APPS:
        return None  # "is off Slack now": offline, or gone?
    if m.re is _QUIT_RE and _QUIT_VERB_RE.search(sentence) and low in (lx.EMPLOYER_BRANDS | lx.DESKTOP_APPS):
        return None  # "quit Google": the job or the product; "quit Chrome": closed the window
    if _GERUND_RE.match(thing.split()[0]):
        # "quit smoking two years ago": the grammar reads "quit smoking" itself
        return f"{subject} quit {thing}." if _QUIT_RE.match(sentence) and " " not in thing else None
    verb = "use" if subject.lower() == "i" else "uses"
    return f"{subject} no longer {verb} {thing}."


# A quit names no way of using the thing, so it ends the stored one: "quit World of Warcraft" is "no
# longer plays World of Warcraft" (the generic "uses" keeps a brand or a title apart from a drink or a
# game of the same name, `matching._one_practice`; "quit" has no sense of its own to keep apart).
QUIT_VERBS = frozenset("play wear eat drink smoke take".split())


def quit_as_verb(denial: str, verb: str) -> str:
    """The quit's denial said with the stored verb ("no longer uses X" -> "no longer plays X"), or
    the denial itself for a verb a quit does not take over."""
    if verb not in QUIT_VERBS:
        return denial
    return re.sub(r"no longer use(s?)\b", lambda m: f"no longer {verb}{m.group(1)}", denial, count=1)


# -- a habit quit, said with its verb or its noun ---------------------------------------------------
# The grammar reads "quit smoking" as "no longer smokes" but that denial has no object, so it never
# meets "User smokes cigarettes" or "User is a smoker"; "I'm sober now" and "haven't had a cigarette
# in 3 months" it does not read at all. `habit_ended` reads each habit in every form the lexicon
# gives it (`_HABITS`: what the stored memory says, what ends it), one incoming sentence at a time
# (`event_context`). Only the bare habit is read: "stopped drinking" is alcohol, never coffee;
# "quit smoking" ends cigarettes, never "smokes salmon" (the stored object must be tobacco);
# "haven't had a cigarette" must be months or years (a few days is a cold); "I'm sober" needs "now"
# (without it, not drunk tonight); a quit dated by a year or "years ago" is biography.
_U = USER
_BE = r"(?:\s+(?:is|am)|'m)"
_HAS = HAS
_ADV = r"(?:(?:just|recently|finally|now|completely|entirely)\s+)?"
_FOR_GOOD = r"(?:\s+(?:for\s+good|completely|entirely|altogether|cold\s+turkey))?"
_COUNT = (r"(?:over\s+|more\s+than\s+|almost\s+|nearly\s+)?(?:a|an|\d{1,2}|one|two|three|four|five|six|seven|eight|"
          r"nine|ten|eleven|twelve|a\s+few|several)")
_MONTH = r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
_SINCE = (rf"(?:since\s+(?:{_MONTH}|last\s+(?:year|spring|summer|autumn|fall|winter)|new\s+year(?:'s)?)|"
          rf"for\s+{_COUNT}\s+(?:months?|years?))")
_LONG = (rf"(?:(?:in|for)\s+{_COUNT}\s+(?:months?|years?)|since\s+(?:{_MONTH}|last\s+(?:year|spring|summer|autumn|fall|"
         rf"winter)|new\s+year(?:'s)?))")
_SMOKE_OBJ = (r"(?:cigarettes|cigs|(?:about\s+|around\s+|roughly\s+)?(?:half\s+)?a\s+pack(?:\s+of\s+cigarettes)?|"
              r"(?:about\s+|around\s+|roughly\s+)?(?:\d{1,2}|five|ten|fifteen|twenty|a\s+few|a\s+couple\s+of)\s+"
              r"(?:cigarettes|cigs)|(?:about\s+|around\s+)?(?:\d|one|two|a)\s+packs?(?:\s+of\s+cigarettes)?)")
_FREQ = (r"(?:(?:a|per|each)\s+(?:day|night|week)|daily|every\s+(?:day|night|evening|weekend)|regularly|occasionally|"
         r"socially|heavily|a\s+lot|on\s+(?:the\s+)?weekends|most\s+(?:nights|evenings|days)|at\s+night|"
         r"with\s+(?:dinner|meals)|in\s+the\s+evenings?|every\s+now\s+and\s+then)")
_ALCOHOL = "|".join(ALCOHOL)
_ALC_OBJ = (rf"(?:(?:a\s+(?:couple|few)\s+of|a\s+glass\s+of|a\s+bottle\s+of|a\s+lot\s+of|lots\s+of|some|\d{{1,2}}|two|"
            rf"three|a\s+few)\s+)?(?:{_ALCOHOL})")

_HABITS: dict[str, tuple[list[re.Pattern[str]], list[re.Pattern[str]]]] = {
    "smoking": (
        [re.compile(rf"^{_U}\s+(?:still\s+)?smokes?(?:\s+{_SMOKE_OBJ})?(?:\s+{_FREQ})?$", re.I),
         re.compile(rf"^{_U}(?:'ve|\s+has|\s+have)\s+been\s+smoking(?:\s+cigarettes)?{DURATION}?$", re.I),
         re.compile(rf"^{_U}{_BE}\s+an?\s+(?:(?:heavy|regular|daily|social|chain|occasional|pack-a-day)\s+)?smoker$",
                    re.I)],
        [re.compile(rf"^{_U}{_HAS}\s+{_ADV}(?:quit|stopped|gave\s+up|given\s+up|cut\s+out|"
                    rf"kicked\s+(?:the|my)\s+(?=smoking\s+habit))"
                    rf"\s*(?:smoking(?:\s+habit)?|cigarettes|tobacco)"
                    rf"{_FOR_GOOD}{RECENT}(?:,?\s+and\s+(?:no\s+longer\s+smokes?|(?:doesn't|don't|does\s+not|do\s+not)"
                    rf"\s+smoke(?:\s+any\s*more)?))?$", re.I),
         re.compile(rf"^{_U}\s+(?:haven't|have\s+not|hasn't|has\s+not)\s+(?:had\s+a\s+(?:single\s+)?cigarette|"
                    rf"touched\s+(?:a\s+)?cigarettes?|smoked(?:\s+a\s+(?:single\s+)?cigarette)?)\s+{_LONG}$", re.I),
         re.compile(rf"^{_U}{_BE}\s+(?:now\s+)?(?:an?\s+(?:non-?smoker|ex-smoker|former\s+smoker)|smoke-free)"
                    rf"(?:\s+now)?$", re.I),
         re.compile(rf"^{_U}(?:'ve|\s+have|\s+has)\s+been\s+(?:completely\s+)?smoke-free\s+{_SINCE}$", re.I),
         re.compile(rf"^it's\s+been\s+{_COUNT}\s+(?:months?|years?)\s+since\s+(?:my|the\s+user's)\s+last\s+"
                    rf"(?:cigarette|smoke)$", re.I),
         re.compile(rf"^{_U}\s+(?:no\s+longer\s+smokes?|(?:doesn't|don't|does\s+not|do\s+not)\s+smoke\s+any\s*more)$",
                    re.I)],
    ),
    "drinking": (
        [re.compile(rf"^{_U}\s+(?:still\s+|(?:likes|loves|tends)\s+to\s+)?drinks?\s+{_ALC_OBJ}(?:\s+{_FREQ})?$",
                    re.I),
         # "I enjoy a few beers on weekends", "User has a glass of wine with dinner" (a habit: its time said)
         re.compile(rf"^{_U}\s+(?:usually\s+)?(?:enjoys?|has|have)\s+{_ALC_OBJ}\s+(?:{_FREQ}|after\s+work)$", re.I),
         re.compile(rf"^{_U}\s+(?:still\s+)?drinks?\s+(?:socially|heavily|occasionally|on\s+(?:the\s+)?weekends|"
                    rf"most\s+nights)$", re.I),
         re.compile(rf"^{_U}{_BE}\s+an?\s+(?:(?:social|heavy|occasional|moderate)\s+)?drinker$", re.I)],
        [re.compile(rf"^{_U}{_HAS}\s+{_ADV}(?:quit|stopped|gave\s+up|given\s+up|cut\s+out)\s+"
                    rf"(?:drinking(?:\s+alcohol)?|alcohol|"
                    rf"booze){_FOR_GOOD}{RECENT}(?:,?\s+and\s+(?:no\s+longer\s+drinks?|(?:doesn't|don't|does\s+not|"
                    rf"do\s+not)\s+drink(?:\s+any\s*more)?))?$", re.I),
         re.compile(rf"^{_U}{_BE}\s+(?P<now1>now\s+)?(?:completely\s+)?(?P<state>sober|teetotal|a\s+teetotal(?:l)?er|"
                    rf"alcohol-free)(?P<now2>\s+now)?$", re.I),
         re.compile(rf"^{_U}(?:'ve|\s+have|\s+has)\s+been\s+(?:completely\s+|totally\s+)?(?:sober|alcohol-free)\s+"
                    rf"{_SINCE}$", re.I),
         re.compile(rf"^it's\s+been\s+{_COUNT}\s+(?:months?|years?)\s+since\s+(?:my|the\s+user's)\s+last\s+drink$",
                    re.I),
         re.compile(rf"^{_U}{_BE}\s+(?:\d{{1,2}}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+"
                    rf"(?:months?|years?)\s+sober$", re.I),
         re.compile(rf"^{_U}\s+(?:haven't|have\s+not|hasn't|has\s+not)\s+(?:had\s+a\s+(?:single\s+)?drink|touched\s+"
                    rf"(?:alcohol|a\s+drop(?:\s+of\s+alcohol)?|a\s+drink))\s+{_LONG}$", re.I),
         re.compile(rf"^{_U}\s+(?:no\s+longer\s+drinks?|(?:doesn't|don't|does\s+not|do\s+not)\s+drink\s+any\s*more)"
                    rf"(?:\s+alcohol)?$", re.I)],
    ),
}
_HABIT_CUE = Cue(r"smok|cigarette|drink|alcohol|booze|sober|teetotal")
_STORED_HABIT = Cue(r"smok|drink|enjoy|has\s|have\s")


def habit_ended(existing: str, incoming: str) -> tuple[str, str, str] | None:
    """(habit, the stored habit, the event) when an incoming sentence says the user quit the stored
    habit ("I smoke about ten cigarettes a day" / "I quit smoking three months ago")."""
    if not _HABIT_CUE.search(incoming[:2000]) or not _STORED_HABIT.search(existing[:400]):
        return None
    old = stored_sentence(existing)
    if old is None:
        return None
    habits = [h for h, (stored, _) in _HABITS.items() if any(rx.match(old) for rx in stored)]
    for sentence in (event_sentences(incoming) if habits else ()):
        for habit in habits:
            for rx in _HABITS[habit][1]:
                m = rx.match(sentence)
                if m is None:
                    continue
                g = m.groupdict()
                if (g.get("state") or "").lower() == "sober" and not (g.get("now1") or g.get("now2")):
                    continue  # "I'm sober": not drunk tonight
                if holds_beside(habit, sentence, incoming):
                    continue  # "I quit cigarettes. I enjoy a cigar on Fridays.": the habit said to go on
                return habit, old, sentence
    return None
