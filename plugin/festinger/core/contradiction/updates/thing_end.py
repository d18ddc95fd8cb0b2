"""A stored thing of the user's said to have ENDED in one clause of the incoming memory (pure logic):
"The user has a cat named Miso" / "Miso passed away last week. Still very sad about it.", "A
cleaner comes every Tuesday" / "We stopped the cleaner, doing it ourselves to save money", "There's a
read replica in eu-west-1" / "We removed the read replica - all traffic hits the primary now", "User
has a car loan with Santander" / "The Santander car loan is paid off!!", "Mia has swim class on
Wednesdays" / "Mia quit swimming, she wasn't enjoying it".

`named_end` and `clause_end` read endings of what `held` holds; `ended_states` reads results of
states. This rule reads the things they leave (`stored_thing`: a pet or a person named after its
kind, a service that comes, a note line's activity, an existential thing, a debt, a course, a named
person's own activity) and three closed shapes of an ending, in ANY clause of the incoming memory:

* an ending verb in the past, its object the stored thing (`stored_thing.refers`), its subject the
  user, the user's "we", none (the clause opens with the verb), or the thing's own person by name
  ("Mia quit swimming"): "Stopped the Tuesday football", "We got rid of the landline";
* the thing itself as subject of an ending fit for its kind: a pet or a person passed away, a
  housemate moved out, a service quit or stopped coming, a debt is paid off, a thing was removed;
* "no more X", "done with X": for a service, an activity or a housemate, or beside another ending.

Which verbs may end which kind is a table (`_FITS`): a loan is paid off, never "died"; a device is
"turned off" for the night unless something says it lasts ("anymore", "for good", "now").

Refused anywhere in the memory: a question, a quote, someone's words, a story; a plan, a hedge, a
condition or old news; a pause, a period or a part ("paused", "on break", "for the summer", "this
week only", "skipped"); a return ("she's back now", "again", "restarted"); a stock word beside a
"gone" ("need a refill"). In the clause: a negation ("haven't cancelled"). A clause with no subject
is refused after someone else was brought in ("My sister has a cleaner too. Stopped the cleaner.").
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.text.cues import Cue
from festinger.core.contradiction.text.name_parts import app_by_part, appositive_other
from festinger.core.contradiction.updates.named_end_guards import other_instance
from festinger.core.contradiction.updates.stored_thing import Thing, refers, stored_thing
from festinger.core.contradiction.updates.thing_context import context_refuses, others_before
from festinger.core.contradiction.verdict import Contradiction, ended_verdict

__all__ = ["by_thing_end", "thing_ended"]

# Ending verbs in the past, before their object ("stopped the cleaner", "got rid of the landline").
_ACTIVE = (r"stopped|quit|cancell?ed|dropped(?:\s+out\s+of)?|removed|deleted|uninstalled|disabled|"
           r"turned\s+off|switched\s+off|shut\s+off|shut\s+down|got\s+rid\s+of|paid\s+off|cleared|"
           r"graduated\s+from|finished|completed|ended|closed|sold|let\s+go\s+of|fired|sacked|ditched|"
           r"gave\s+up(?:\s+on)?|unsubscribed\s+from|terminated|discontinued|decommissioned|retired|scrapped|"
           r"rehomed|gave\s+away|withdrew\s+from|pulled\s+out\s+of|left|disconnected|deactivated|"
           r"cut\s+off|killed|tore\s+down|took\s+down|got\s+out\s+of")
# The same verbs with their particle after the object ("paid the car loan off", "let the gardener go").
_SPLIT_RE = re.compile(r"^(?P<v>turned|switched|shut|paid|let|took)\s+(?P<ref>.+?)\s+(?P<p>off|down|go)\b(?P<tail>.*)$",
                       re.I)
_SPLIT_VERB = {("turned", "off"): "turned off", ("switched", "off"): "switched off", ("shut", "off"): "shut off",
               ("shut", "down"): "shut down", ("paid", "off"): "paid off", ("let", "go"): "let go of",
               ("took", "down"): "took down"}
_AUX = r"(?:(?:have|has|had|just|finally|officially|recently|already|also|actually|eventually|now|completely)\s+)*"
_ACTIVE_RE = re.compile(rf"^(?P<v>{_ACTIVE})\s+(?P<rest>.+)$", re.I)
# The thing as the subject: what it did or what was done to it.
_THING_V = (r"passed\s+away|died|was\s+put\s+down|had\s+to\s+be\s+put\s+down|moved\s+out|quit|left|retired|"
            r"stopped\s+coming|"
            r"(?:is|was|got|has\s+been|have\s+been|are|were|'s)\s+(?:now\s+|finally\s+|fully\s+|officially\s+|all\s+)*"
            r"(?:paid\s+off|cleared|settled|removed|deleted|cancell?ed|disabled|turned\s+off|switched\s+off|"
            r"shut\s+down|decommissioned|closed|gone|over|finished|done|discontinued|terminated|disconnected|"
            r"cut\s+off|torn\s+down|taken\s+down|rehomed|no\s+more)|ended")
_THING_RE = re.compile(rf"^(?P<ref>.+?)\s+(?:has\s+|have\s+|had\s+)?(?:(?:just|finally|sadly|officially|now)\s+)*"
                       rf"(?P<v>{_THING_V})(?P<tail>.*)$", re.I)
_USED_UP_RE = re.compile(r"gone|no\s+more|done|over|finished", re.I)
_BE_RE = re.compile(r"^(?:is|was|got|has\s+been|have\s+been|are|were|'s)\s+(?:(?:now|finally|fully|officially|all)\s+)*")
_PEOPLE = frozenset(("i", "we", "user", "the user"))
_NO_MORE_RE = re.compile(r"^(?P<v>no\s+more|done\s+with|finished\s+with|bye(?:-bye)?\s+to|goodbye\s+to)\s+(?P<rest>.+)$",
                         re.I)
_WHO_RE = re.compile(r"^(?P<who>i|we|(?:the\s+)?user|(?-i:[A-Z][a-z]{2,}))\s+(?P<rest>.+)$", re.I)
_LEAD_RE = re.compile(r"^(?:(?:so|and|then|well|ok|okay|also|finally|update|news|fyi|btw|sadly|heads\s+up)[:,]?\s+)+",
                      re.I)
# What may follow the thing: when, that it lasts, what for (never a period: "for the summer").
_MONTH = r"january|february|march|april|may|june|july|august|september|october|november|december"
_TAIL_RE = re.compile(
    rf"^(?:\s*(?:last\s+(?:week|month|year|weekend|night|spring|summer|autumn|fall|winter|term)|in\s+(?:{_MONTH})|"
    r"(?:a|one|two|three|a\s+few|a\s+couple\s+of|\d{1,2})\s+(?:days?|weeks?|months?)\s+ago|"
    r"earlier\s+this\s+(?:week|month|year)|recently|finally|yesterday|now|for\s+good|completely|entirely|altogether|"
    r"permanently|any\s*more|at\s+last|too|as\s+well|at\s+the\s+end\s+of\s+(?:the\s+)?(?:month|term|year|season)|"
    r"(?:in|at|on|from|with)\s+(?P<w>[\w'-]+(?:\s+[\w'-]+)?)|after\s+(?:\w+\s+){1,4}\w+)"
    r"[!.]*)*\s*[!.]*$", re.I)
# Which endings fit which kind of thing.
_LIVING_V = re.compile(r"passed\s+away|died|was\s+put\s+down|had\s+to\s+be\s+put\s+down|rehomed|gave\s+away", re.I)
_HOUSEMATE_V = re.compile(r"moved\s+out|left|passed\s+away|died", re.I)
_ACTIVITY_V = re.compile(r"stopped|quit|dropped(?:\s+out\s+of)?|gave\s+up(?:\s+on)?|left|cancell?ed|ditched|finished|"
                         r"completed|withdrew\s+from|pulled\s+out\s+of|got\s+out\s+of|ended|no\s+more", re.I)
_PERSON_V = re.compile(r"moved\s+out|quit|left|retired|stopped\s+coming|stopped|cancell?ed|let\s+go\s+of|fired|"
                       r"sacked|got\s+rid\s+of|dropped|ditched|ended|terminated|gave\s+up", re.I)
_DEBT_V = re.compile(r"paid\s+off|cleared|settled|closed", re.I)
_COURSE_V = re.compile(r"graduated\s+from|finished|completed|dropped(?:\s+out\s+of)?|quit|withdrew\s+from|"
                       r"pulled\s+out\s+of|gave\s+up|left|got\s+out\s+of", re.I)
_THING_ONLY_V = re.compile(r"passed\s+away|died|put\s+down|moved\s+out|stopped\s+coming|paid\s+off|graduated", re.I)
# Verbs that also say an act of the moment ("turned off the heating", "stopped the dishwasher").
_MOMENTARY_RE = re.compile(r"^(?:stopped|quit|dropped|turned\s+off|switched\s+off|shut\s+off|shut\s+down|ditched|closed|"
                           r"left|finished|killed|cut\s+off|disconnected)$", re.I)
_DURABLE_RE = re.compile(r"(?<![\w'])(?:any\s*more|for\s+good|no\s+longer|permanently|completely|entirely|altogether|"
                         r"now|instead|ourselves|myself|since|these\s+days|from\s+now\s+on|policy)(?![\w'])", re.I)
# A date says a person's or a group's leaving was for good ("the nanny left last month"), never a device's.
_DATED_RE = re.compile(rf"(?<![\w'])(?:last\s+(?:week|month|year|spring|summer|autumn|fall|winter|term)|ago|"
                       rf"in\s+(?:{_MONTH}))(?![\w'])", re.I)
_PERSON_LEFT = frozenset(("left", "finished"))
_DURABLE_FOR_ACTIVITY = frozenset(("stopped", "dropped", "ditched"))
# A single day: "cancelled the cleaner on Tuesday" may be that Tuesday's visit.
_ONE_DAY_RE = re.compile(r"(?<![\w'])(?:today|tonight|yesterday|this\s+(?:morning|afternoon|evening)|"
                         r"on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)(?![\w'])", re.I)
# Anywhere in the memory: a story, someone's words, a plan, a hedge, old news, a pause, a part, a return.
_REFUSE_RE = re.compile(
    r"(?<![\w'])(?:said|says|told|tells|asked|according|claims?|reckons?|heard|apparently|supposedly|rumou?r|dream\w*|"
    r"joke|kidding|will|would|might|(?<!in\s)may|maybe|perhaps|probably|possibly|plan\w*|thinking|considering|going\s+to|gonna|"
    r"want\w*|hope\w*|should|could|about\s+to|need\s+to|if|unless|whether|in\s+case|soon|tomorrow|next|later|"
    r"years\s+ago|back\s+in|when\s+i\s+was|used\s+to|previously|formerly|once|in\s+the\s+past|"
    r"(?<!my\s)(?<!his\s)(?<!her\s)(?<!bad\s)(?<!the\s)back|again|re-?(?:started|hired|joined|enabled|installed|subscribed|activated|opened|sumed)|resumed|restarted|"
    r"returned|returns|reverted|paused|pausing|pause|hiatus|break|on\s+hold|temporar\w*|for\s+now|for\s+the\s+time\s+being|"
    r"until|till|trial|skipped|skipping|skip|missed|this\s+(?:week|month|time|once|term)|only\s+(?:this|for|until|till)|"
    r"just\s+(?:this|for)|for\s+(?:the|this|a|one|two|three|a\s+few|\d+)\s+(?:summer|winter|spring|autumn|fall|holidays?|"
    r"weeks?|months?|days?|term|season|while|bit)|over\s+the\s+(?:summer|holidays|winter)|"
    r"still\s+(?:use|uses|using|have|has|comes?|coming|plays?|playing|goes|go|going|do|does|on|there|around|here|"
    r"paying|pay|with|got|attends?|takes?)|but|except|yet|one\s+of)(?![\w'])|(?:19|20)\d\d|\?|[\"\u201c\u201d]",
    re.I)
_NEGATION_RE = re.compile(r"(?<![\w'])(?:not|never|no(?!\s+more)|nobody|nothing|n't|didnt|havent|hasnt|wont)(?![\w'])|"
                          r"n't", re.I)
# "gone" and "no more" also say a thing ran out or went missing ("The Lexapro is gone, need a refill").
_STOCK_RE = re.compile(r"(?<![\w'])(?:refill\w*|restock\w*|buy|buying|bought|order\w*|ran\s+out|run\s+out|out\s+of|"
                       r"another|lost|stol\w+|missing|find|found|new\s+one|took|someone|somebody)(?![\w'])", re.I)
# Someone else brought in before a clause with no subject.
_OTHERS_RE = re.compile(r"(?<![\w'])(?:he|she|they|his|her|their|him|them|mum|mom|dad|sister|brother|friend|"
                        r"neighbou?r|colleague|boss|wife|husband|partner|son|daughter|kids?|parents?|[A-Z][a-z]+'s)"
                        r"(?![\w'])")
_CUT_RE = re.compile(r"\s*[,;:]\s+|\s+[-\u2013\u2014]+\s+|\s+(?:and|so)\s+(?=(?:i|we)(?:'\w+)?\s|(?:" + _ACTIVE + r")\s)",
                     re.I)
_CUE = Cue(r"(?<![\w'])(?:" + _ACTIVE + r"|graduated|let|turned|switched|shut|took|passed\s+away|died|put\s+down|moved\s+out|stopped\s+coming|paid|gone|"
           r"no\s+more|done\s+with|finished\s+with|goodbye|bye|over|removed|cancell?ed|disconnected)(?![\w'])")


def by_thing_end(existing: str, incoming: str) -> Contradiction | None:
    """The verdict of `thing_ended`: the stored thing is gone."""
    return ended_verdict(existing, thing_ended(existing, incoming))


def thing_ended(existing: str, incoming: str) -> tuple[str, str, str] | None:
    """(owner, stored thing, the clause) when a clause of the incoming memory ends the stored thing."""
    if len(incoming) > 800 or len(existing) > 400:
        return None  # (a long memory is read by the other rules; this one stays cheap)
    text = " ".join(incoming.split())
    if not text or len(text) > 600 or not _CUE.search(text) or _REFUSE_RE.search(text):
        return None
    if set(re.findall(r"[a-z]+", text.lower())) & lx.EVENT_FRAME_WORDS:
        return None  # a dream, a story, someone's words
    thing = stored_thing(existing)
    if thing is None:
        return None
    # sentences end at . ! ? (a dash or a semicolon joins clauses of one sentence: "We removed the
    # read replica - all traffic hits the primary now")
    sentences = [s.strip() for s in _SENTENCE_END_RE.split(text) if s.strip()]
    if not sentences or len(sentences) > 4:
        return None
    before = ""
    for at, sentence in enumerate(sentences):
        body = sentence.rstrip(".!").strip()
        starts = [0] + [m.end() for m in _CUT_RE.finditer(body)]
        cuts = [m.start() for m in _CUT_RE.finditer(body)] + [len(body)]
        for start, end in zip(starts, cuts):
            clause = body[start:end].strip()
            if start and _labelled(body[:start]):
                break  # "Mum's house: we stopped the cleaner", "At the office, cancelled the cleaner": scoped
            if clause and _ends(thing, clause, before + " " + body[:start], text):
                after = body[end:].lstrip(" ,;:-\u2013\u2014")
                if context_refuses(thing, sentences, at) or other_instance("", after) or _someone_after(thing, after) or (
                        _ANOTHER_WAY_RE.search(after) or appositive_other(thing.value, after)
                        or app_by_part(thing.value, clause)):
                    return None  # "Biscuit died. It was my Tamagotchi.", "sold the guitar, the spare one", "sold the
                    # ThinkPad, the T480 from uni", "uninstalled Kindle" (the app) of a Kindle Paperwhite (name_parts)
                return thing.owner, thing.value, clause
        before += " " + body
    return None


_SENTENCE_END_RE = re.compile(r"(?<=[.!?])\s+(?=\S)")
# "cancelled netflix, my sister added me to her account": the same thing, reached another way (attack62)
_ANOTHER_WAY_RE = re.compile(r"\b(?:added\s+me|account|login|profile|family\s+plan|membership|free\s+(?:tier|version|plan))\b",
                             re.I)
_SUBJECT_PRONOUN_RE = re.compile(r"(?<![\w'])(?:he|she|they)(?:'\w+)?\s", re.I)


def _someone_after(thing: Thing, after: str) -> bool:
    """"I deleted Instagram - he doesn't use it now": a he/she/they after the ending of a thing,
    a debt, a course or the user's activity is someone else (after a pet, a person, a service or a
    named person's activity it is that one: "Mia quit swimming, she wasn't enjoying it")."""
    if thing.kind in ("living", "housemate", "service") or thing.owner != "user":
        return False
    return bool(_SUBJECT_PRONOUN_RE.search(after + " "))


def _labelled(before: str) -> bool:
    """Whether what comes before a clause in its sentence scopes or labels it rather than telling
    news: a piece that opens with a preposition ("At the office"), a label before a colon that is no
    news lead ("Mum's house:"), a piece with no verb ("Work laptop -")."""
    for piece in re.split(r"\s*[,;:]\s+|\s+[-\u2013\u2014]+\s+", before.strip()):
        p = piece.strip(" .,;:!-").lower()
        if not p or _NEWS_LEAD_RE.match(p):
            continue
        ws = p.split()
        if ws[0] in _PREPOSITIONS or not any(w in _VERBS or (len(w) > 3 and w.endswith("ed")) for w in ws):
            return True
    return ":" in before and not _NEWS_LEAD_RE.match(before.split(":")[0].strip().lower())


_NEWS_LEAD_RE = re.compile(r"^(?:(?:quick|big|small|good|sad|some|life|family|home|little|bad)\s+)*"
                           r"(?:update|news|fyi|heads\s+up|psa|so|well|ok|okay|sadly|finally)$")
_PREPOSITIONS = frozenset("on in at for with from during while when after before until within inside under over "
                          "across around per via".split())
_VERBS = frozenset("is are was were am be been have has had do does did got get go went came come took make made "
                   "sold left quit paid".split())


def _momentary(thing: Thing, v: str) -> bool:
    """Whether the ending may be an act of the moment: a device "turned off", a class "finished",
    a cleaner who "left" (for the day); a group left ("left the Sunday league team") is left for good."""
    if not _MOMENTARY_RE.match(v):
        return False
    if thing.kind == "thing":
        return True
    if thing.kind == "activity":
        return v not in _DURABLE_FOR_ACTIVITY and v != "quit" and not (v == "left" and thing.head in _GROUP_HEADS)
    return v in _PERSON_LEFT  # ("the cleaner quit" is for good)


_GROUP_HEADS = frozenset("team club league choir band orchestra group society squad".split())


def _ends(thing: Thing, clause: str, before: str, text: str) -> bool:
    """Whether one clause ends the stored thing, by one of the three shapes."""
    if _NEGATION_RE.search(clause):
        return False  # "haven't cancelled the cleaner", "didn't renew"
    c = _LEAD_RE.sub("", clause)
    found = (_active(thing, c, before) or _as_subject(thing, c) or _no_more(thing, c, text)
             or _graduated(thing, c, before))
    if found is None:
        return False
    verb, tail = found
    if not _tail_ok(thing, tail):
        return False
    if thing.kind in ("service", "activity", "thing") and _ONE_DAY_RE.search(tail):
        return False  # "cancelled the cleaner on Tuesday", "the milk delivery was cancelled today": one visit
    beside = text.replace(clause, " ", 1) + " " + tail
    if _momentary(thing, verb.removeprefix("thing ")) and not (
            _DURABLE_RE.search(beside) or thing.kind != "thing" and _DATED_RE.search(beside)):
        return False  # "turned off the heating": for the night, unless something says it lasts
    if _USED_UP_RE.search(verb) and (_STOCK_RE.search(text) or thing.kind == "thing" and not _DURABLE_RE.search(
            text.replace(clause, " ", 1))):
        return False  # ran out, or went missing: "The Lagavulin is finished", "the veg box is gone"
    if verb == "no more":
        return True  # (its kinds are checked by `_no_more`)
    return _fits(thing, verb)


def _active(thing: Thing, c: str, before: str) -> tuple[str, str] | None:
    """"(I|We|Mia) <ending verb> <the thing> <tail>", or the verb with no subject."""
    who = None
    m = _WHO_RE.match(c)
    rest = c
    if m is not None and (m.group("who").lower() in _PEOPLE or m.group("who") == thing.owner):
        who, rest = m.group("who"), m.group("rest")
        rest = re.sub(rf"^{_AUX}", "", rest, flags=re.I)
    if who is None or who.lower() == "we":
        if others_before(before, thing):
            return None  # "My sister has a cleaner too. Stopped the cleaner.", "The Johnsons came over. We ...": whose?
    if who is not None and who.lower() in ("i", "we", "user", "the user"):
        if thing.owner != "user":
            return None  # "Mia has swim class" / "I quit swimming": the user's, not Mia's
    elif who is not None and who != thing.owner:
        return None  # another person's act, or a name that is no subject here
    by_owner = who is not None and who == thing.owner and thing.owner != "user"
    m = _SPLIT_RE.match(rest)
    if m is not None and refers(thing, m.group("ref"), by_owner):
        return _SPLIT_VERB.get((m.group("v").lower(), m.group("p").lower()), ""), m.group("tail")
    m = _ACTIVE_RE.match(rest)
    if m is None:
        return None
    verb, obj = " ".join(m.group("v").lower().split()), m.group("rest")
    for ref, tail in _splits(obj):
        if refers(thing, ref, by_owner) and _tail_ok(thing, tail):
            return verb, tail
    return None


# "Graduated!", "I finally graduated last week": a course of the user's ends with no object named.
_GRADUATED_RE = re.compile(rf"^(?:i\s+)?{_AUX}graduated(?P<tail>.*)$", re.I)


def _graduated(thing: Thing, c: str, before: str) -> tuple[str, str] | None:
    m = _GRADUATED_RE.match(c)
    if m is None or thing.kind != "course" or thing.owner != "user" or others_before(before, thing):
        return None
    return "graduated from", m.group("tail")


def _as_subject(thing: Thing, c: str) -> tuple[str, str] | None:
    """"<the thing> passed away / moved out / is paid off / was removed <tail>"."""
    m = _THING_RE.match(c)
    if m is None or not refers(thing, m.group("ref")):
        return None
    verb = _BE_RE.sub("", " ".join(m.group("v").lower().split()))
    return "thing " + verb, m.group("tail")


def _no_more(thing: Thing, c: str, text: str) -> tuple[str, str] | None:
    """"No more gardener", "done with the Tuesday football": for a service, an activity or a
    housemate, or beside another clause that says it ended or what holds now."""
    m = _NO_MORE_RE.match(c)
    if m is None:
        return None
    if thing.kind not in ("service", "activity", "housemate") and not _DURABLE_RE.search(text.replace(c, " ", 1)):
        return None
    for ref, tail in _splits(m.group("rest")):
        if refers(thing, ref) and _tail_ok(thing, tail):
            return "no more", tail
    return None


def _splits(obj: str) -> list[tuple[str, str]]:
    """Each way to cut the words after the verb into the thing and a tail, shortest thing first."""
    toks = obj.split()
    return [(" ".join(toks[:n]), " " + " ".join(toks[n:])) for n in range(1, min(len(toks), 7) + 1)]


def _tail_ok(thing: Thing, tail: str) -> bool:
    """Only a time, a lasting word or a phrase of the stored sentence's own words may follow."""
    m = _TAIL_RE.match(tail)
    if m is None:
        return False
    tail = _END_OF_RE.sub(" ", tail)
    for pm in re.finditer(r"(?<![\w'])(?:in|at|on|from|with)\s+(?P<w>[\w'-]+(?:\s+[\w'-]+)?)", tail, re.I):
        ws = [w for w in re.findall(r"[\w'-]+", pm.group("w").lower()) if w not in ("the", "my", "our")]
        if ws and ws[0] not in _WHEN_WORDS and not all(w.removesuffix("s") in thing.words or w in thing.words
                                                             for w in ws):
            return False  # "stopped the cleaner at my mum's": a scope the stored sentence does not have
    return True


_END_OF_RE = re.compile(r"at\s+the\s+end\s+of\s+(?:the\s+)?(?:month|term|year|season)", re.I)
_WHEN_WORDS = frozenset(_MONTH.split("|")) | frozenset(
    "monday tuesday wednesday thursday friday saturday sunday the".split())


def _fits(thing: Thing, verb: str) -> bool:
    """Whether the ending fits the kind of thing: a pet passes away, a loan is paid off."""
    subject = verb.startswith("thing ")
    v = verb.removeprefix("thing ")
    if not subject and _THING_ONLY_V.fullmatch(v) and v not in ("paid off",):
        return False
    if thing.kind == "living":
        return bool(_LIVING_V.fullmatch(v))
    if thing.kind == "housemate":
        return bool(_HOUSEMATE_V.fullmatch(v)) and (subject or v != "left")
    if thing.kind == "service":
        return bool(_PERSON_V.fullmatch(v)) and v != "moved out"
    if thing.kind == "activity":
        return bool(_ACTIVITY_V.fullmatch(v)) and not subject
    if thing.kind == "debt":
        return bool(_DEBT_V.fullmatch(v))
    if thing.kind == "course":
        return bool(_COURSE_V.fullmatch(v))
    if _LIVING_V.fullmatch(v) or v in ("moved out", "stopped coming", "retired") and subject:
        return False  # "the landline died": broken, not gone
    if _DEBT_V.fullmatch(v) and v != "closed":
        return False
    return not v.startswith("graduated")
