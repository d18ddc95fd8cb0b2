"""One thing of the user's a stored memory holds, read so that an ending may name it (pure logic):
"The user has a cat named Miso" (a pet, also called "Miso"), "A cleaner comes every Tuesday" (a
service of the household), "Plays 5-a-side football on Tuesday nights" (an activity, the note line
being the user's), "There's a read replica in eu-west-1" (a thing of the writer's system), "User
has a car loan with Santander" (a debt), "Mia has swim class on Wednesdays" (Mia's own activity).

`thing_end` reads an incoming clause that ends such a thing; this module only says what the stored
thing is and whether a phrase of the incoming memory names it (`refers`). The holder verbs
`named_end` reads by its `held` shapes miss these sentences: a verb of having a person or a service
("hires a gardener", "a cleaner comes"), an existential "there's", a person's own activity, and a
name given after the kind ("a roommate named Chris").

A stored sentence is read only when it holds ONE thing sure: no negation, hedge, plan, past or
period; no list ("a cat and a dog"), no plural or count ("two read replicas": which one ended?);
never someone else's (a his/her/their/your or a possessive name in it: "a cleaner who also does
my mum's flat" is shared, the ending may be of either).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.events.event_context import stored_sentence
from festinger.core.contradiction.lexicon.life_events import NOT_PET_ADJECTIVES as _NOT_PET_ADJECTIVES
from festinger.core.contradiction.lexicon.life_events import PET_KINDS

__all__ = ["Thing", "fold", "one_occurrence", "refers", "stored_thing"]


@dataclass(frozen=True)
class Thing:
    owner: str  # "user" (the user, the household, the writer's system) or the name of the person it is his own
    head: str  # the object's head noun, folded ("cat", "replica", "loan", "class")
    words: frozenset[str]  # every word of the stored sentence, folded: the words a reference may add
    names: tuple[str, ...]  # what the thing is called, lower case ("miso", "santander", "omscs")
    kind: str  # living | housemate | service | activity | debt | course | thing
    value: str  # the object as written, for the verdict
    capitalised: frozenset[str] = frozenset()  # the folded words written as names in the object
    group: bool = False  # a group one is in, named by no name ("plays in a band")


def fold(word: str) -> str:
    """A word reduced so both memories say it alike: lower case, no possessive, singular, the stem
    of a gerund ("nights" -> "night", "swimming" -> "swim", "Master's" -> "master")."""
    w = word.lower().strip(".,;:!()'\"").removesuffix("'s").removesuffix("s'")
    if w.endswith("ing") and len(w) > 5 and w not in _NOT_GERUNDS:
        w = w[:-3]
        return w[:-1] if len(w) > 2 and w[-1] == w[-2] and w[-1] not in "ls" else w
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 4 and w.endswith(("sses", "ches", "shes", "xes")):
        return w[:-2]
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is", "os", "as")):
        return w[:-1]
    return w


_NOT_GERUNDS = frozenset("thing something nothing anything everything evening morning ring spring string king "
                         "wedding ceiling building clothing".split())

_DET = r"(?:(?:a|an|the|my|our)\s+)"
# Verbs by which the user holds a thing: having, hiring, using, playing, doing, being reached on.
_HOLD = (r"has|have|owns?|hires?|employs?|keeps?|uses?|plays?|sings?|dances?|volunteers?|does|do|takes?|attends?|rents?|leases?|runs?|"
         r"subscribes\s+to|subscribe\s+to|pays\s+for|pay\s+for|goes\s+to|go\s+to|has\s+got|have\s+got|"
         r"(?:is|am|are)\s+(?:doing|taking|studying|enrolled\s+in|on)|"
         r"(?:can\s+be\s+reached|is\s+reachable|am\s+reachable)\s+(?:on|at|via|through)")
_USER_RE = re.compile(rf"^(?:(?:the\s+)?user|i|we)(?:'s|'m|'re)?\s+(?:(?:currently|still|also)\s+)?(?P<v>{_HOLD})\s+"
                      r"(?P<rest>.+)$", re.I)
# A note line is its writer's: "Plays 5-a-side football on Tuesday nights", "Uses GitHub Copilot".
_NOTE_RE = re.compile(rf"^(?=[A-Z])(?P<v>{_HOLD})\s+(?P<rest>.+)$", re.I)
# A person or a service that comes to the household: "A cleaner comes every Tuesday".
_COMES_RE = re.compile(r"^(?:a|an|the|our|my)\s+(?P<rest>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+"
                       r"(?:comes|visits|comes\s+round|comes\s+over|cleans|mows|walks|collects|drops\s+by)\b(?P<tail>.*)$",
                       re.I)
# A thing there is in the writer's system or home: "There's a read replica in eu-west-1".
_THERE_RE = re.compile(r"^there(?:'s|\s+is)\s+(?P<rest>(?:a|an)\s+.+)$", re.I)
# A person's own activity, by name: "Mia has swim class on Wednesdays", "Leo plays rugby on Saturdays".
_NAMED_RE = re.compile(r"^(?P<name>(?-i:[A-Z][a-z]{2,}))\s+(?P<v>has|does|takes|plays|goes\s+to|attends)\s+(?P<rest>.+)$",
                       re.I)
# Where the object's words end: a preposition, a frequency, a clause, a name given after it.
_STOPS = frozenset("in at on with for every each once twice two three four five six seven times from by to of who which that named called weekly "
                   "daily monthly fortnightly nightly and but because since through via as".split())
_NAMED_AFTER_RE = re.compile(r"\b(?:named|called)\s+(?P<n>(?-i:[A-Z][\w-]*)(?:\s+(?-i:[A-Z][\w-]*))?)", re.I)
_NAME_RUN_RE = re.compile(r"(?<![\w'])(?-i:[A-Z][\w'&+.-]*[\w+])(?:\s+(?-i:[A-Z][\w'&+.-]*[\w+]))*")
_PAREN_RE = re.compile(r"\((?P<n>[^()]{2,30})\)")
# What a sure stored fact never says: a negation, a hedge, a plan, the past, a period, someone else.
_UNSURE_RE = re.compile(
    r"(?<![\w'])(?:not|no|never|n't|none|without|used\s+to|was|were|had|will|would|might|may|maybe|perhaps|probably|"
    r"plans?|planning|thinking|considering|going\s+to|if|unless|when|until|till|until|temporar\w*|for\s+now|trial|"
    r"this\s+(?:week|month|term|summer|winter|spring|autumn|fall)|for\s+the\s+(?:summer|winter|month|week|term)|"
    r"sometimes|occasionally|his|her|their|your|its|they|he|she|either|or|several|both|(?<!every\s)other|another)(?![\w'])|n't",
    re.I)
_POSSESSIVE_RE = re.compile(r"(?<![\w'])(?!(?:user|it|that|there|what|who)'s)[A-Za-z]+'s?\s+(?![\w-]*\s*(?:degree|in)\b)",
                            re.I)
_TAKEN = frozenset("bus train subway tube metro tram ferry shuttle taxi cab uber lyft".split())
_COUNT_RE = re.compile(r"^(?:one|two|three|four|five|six|several|some|many|multiple|a\s+few|a\s+couple|both|\d+(?!-))\b",
                       re.I)
_HOUSEMATES = frozenset("roommate flatmate housemate lodger tenant".split())
_SERVICES = frozenset("cleaner gardener nanny babysitter au-pair pair tutor housekeeper handyman walker childminder "
                      "carer caregiver cook chef driver trainer coach window-cleaner sitter groomer".split())
_DEBTS = frozenset("loan mortgage debt overdraft finance financing".split())
_COURSES = frozenset("master degree phd mba msc ma ba bsc bachelor diploma course program programme bootcamp "
                     "certificate apprenticeship doctorate".split())
_ACTIVITY_HEADS = frozenset("class lesson club league team session practice choir band group football soccer "
                            "tennis rugby hockey cricket swim yoga pilates climbing running training".split())
_ACTIVITY_VERBS = ("play", "do", "take", "attend", "go", "sing", "dance", "volunteer")


def stored_thing(existing: str) -> Thing | None:
    """The one thing the stored memory's sentence holds, or None when it holds none sure."""
    s = stored_sentence(existing)
    if s is None or len(s) > 160:
        return None
    s = s.strip().rstrip(".!").strip()
    if _UNSURE_RE.search(s) or '"' in s or re.search(r"\band\b|&", s, re.I):
        return None
    owner, verb, rest = "user", "", ""
    for rx in (_USER_RE, _NOTE_RE):
        m = rx.match(s)
        if m is not None:
            verb, rest = " ".join(m.group("v").lower().split()), m.group("rest")
            break
    else:
        m = _COMES_RE.match(s)
        if m is not None:
            verb, rest = "come", m.group("rest")
        elif (m := _THERE_RE.match(s)) is not None:
            verb, rest = "there", m.group("rest")
        elif (m := _NAMED_RE.match(s)) is not None and m.group("name").lower() not in _NOT_NAMES:
            owner, verb, rest = m.group("name"), " ".join(m.group("v").lower().split()), m.group("rest")
        elif (m := _LABEL_RE.match(s)) is not None and _held_label(m.group("key")):
            verb, rest = "label", m.group("value")  # "CDN: CloudFront in front of the API": the writer's
        else:
            return None
    if _POSSESSIVE_RE.search(rest):
        return None  # "has a key to Sam's flat": someone else's thing
    if _IMPOSED_RE.search(rest):
        return None  # "uses Windows 11 at work": imposed there; giving it up speaks of one's own use
    return _thing(owner, verb, rest, s)


# A participle after the object starts its tail: "a veg box delivered every Friday".
_PARTICIPLE_RE = re.compile(r"^[a-z]+ed$|^(?:running|hosted|set|kept|parked|stored)$")
# A label line of the writer's, its value a named thing: "CDN: CloudFront", "Hotel for the conference: Hotel Adlon".
_LABEL_RE = re.compile(r"^(?P<key>[A-Za-z][\w -]{1,40}?):\s+(?P<value>(?-i:[A-Z])[\w+.&-]*(?:\s+\S+){0,8})$")


def _held_label(key: str) -> bool:
    """A key that holds a thing of the writer's: never a taste or a former one ("Favourite game"), a
    person ("Manager") or someone else's ("Daughter's tutor")."""
    ws = [fold(w) for w in key.split()]
    return bool(ws) and "'" not in key and not set(ws) & (_NOT_HELD | lx.PERSON_ROLES) and len(ws) <= 5


_NOT_HELD = frozenset("favorite favourite first former previous old dream ideal hometown birthplace birth childhood "
                      "native origin past home town city country place location name age timezone email phone "
                      "address title role goal target".split())
_IMPOSED_RE = re.compile(r"(?<![\w'])(?:at|for)\s+(?:work|school|class|college|uni|university|the\s+office|clients?|"
                         r"my\s+job|the\s+job)(?![\w'])", re.I)
_GROUPS = frozenset("band team club league choir orchestra group society squad crew".split())
_NOT_NAMES = frozenset("user there this that it he she they we the our my everyone nobody someone".split())


def _thing(owner: str, verb: str, rest: str, sentence: str) -> Thing | None:
    obj = re.split(r"\s*[,:;(]|\s+-\s", rest.strip())[0]
    if verb.startswith(("play", "sing", "dance", "volunteer")):
        obj = re.sub(r"^(?:in|on|for)\s+", "", obj, flags=re.I)  # "plays in a Sunday league team"
    obj = re.sub(rf"^{_DET}", "", obj, flags=re.I)
    obj = re.sub(r"^(?:weekly|daily|monthly|nightly|fortnightly|regular|private)\s+", "", obj, flags=re.I)
    if _COUNT_RE.match(obj):
        return None  # "two read replicas": which one?
    toks = re.findall(r"[\w][\w'+&.-]*", obj)
    n = 0
    while n < len(toks) and toks[n].lower() not in _STOPS and n < 5 and not (
            n and (_PARTICIPLE_RE.match(toks[n]) or re.match(r"^\d+x$", toks[n], re.I))):  # "CrossFit 4x a week"
        n += 1
    if n == 0:
        return None
    value = " ".join(toks[:n])
    head_raw = toks[n - 1]
    head = fold(head_raw)
    if head in _TAKEN or (verb.startswith("take") and head_raw[:1].isupper()):
        return None  # "takes the bus", "I take Uber": a ride is taken, not held; "quit Uber" may be the job
    if head_raw.lower().endswith("s") and head != head_raw.lower() and not head_raw.lower().endswith("'s") and (
            head not in _ACTIVITY_HEADS and head_raw[:1].islower()):
        return None  # a plural head: several of a kind ("has chickens", "runs read replicas")
    names = _names(rest, owner, value)
    kind = _kind(verb, head, names, rest)
    if kind == "course":  # the school is what one graduates from: "at Georgia Tech", "at Le Wagon"
        names += tuple(n.lower() for n in _NAME_RUN_RE.findall(rest) if n.lower() not in names and len(n) > 2)
    words = frozenset(fold(w) for w in re.findall(r"[\w][\w'+&.-]*", sentence)) - {""}
    caps = frozenset(fold(t) for t in toks[:n] if t[:1].isupper())
    if kind == "living" and {t.lower() for t in toks[:n]} & _NOT_PET_ADJECTIVES:
        return None  # "an old dog named Biscuit": maybe not the one that died (the events rules' reading)
    group = head in _GROUPS and not names
    return Thing(owner, head, words, names, kind, value, caps, group)


def _names(rest: str, owner: str, value: str) -> tuple[str, ...]:
    """What the thing is called: a name given after it ("named Miso"), a name in brackets
    ("(OMSCS)"), a run of capitalised words in the object ("GitHub Copilot", "Santander")."""
    found = [m.group("n") for m in _NAMED_AFTER_RE.finditer(rest)]
    found += [m.group("n") for m in _PAREN_RE.finditer(rest)]
    # a name that ends the object is the thing's ("GitHub Copilot"); one before a common noun only says
    # which ("Tesla stock", "the Redis cache"), and one in the tail is another thing's ("... of the API")
    found += [n for n in _NAME_RUN_RE.findall(value) if value.rstrip().endswith(n)]
    out = []
    for n in found:
        low = " ".join(n.lower().split())
        low = low.removeprefix("the ")
        if low and low != owner.lower() and low not in _CALENDAR and len(low) > 2 and low not in out:
            out.append(low)
    return tuple(out)


_CALENDAR = frozenset("monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays "
                      "fridays saturdays sundays january february march april may june july august september october "
                      "november december i".split())


def _kind(verb: str, head: str, names: tuple[str, ...], rest: str) -> str:
    """What sort of thing it is, which says the endings it may have (a pet dies, a loan is paid off)."""
    if head in PET_KINDS or (head in lx.PERSON_ROLES and _NAMED_AFTER_RE.search(rest)):
        return "housemate" if head in _HOUSEMATES else "living"
    if head in _HOUSEMATES:
        return "housemate"
    if head in _SERVICES or verb in ("come", "hire", "hires", "employ", "employs"):
        return "service"
    if head in _DEBTS:
        return "debt"
    if head in _COURSES or verb.startswith(("is studying", "are studying", "am studying", "is enrolled")):
        return "course"
    if _lemma(verb.split()[-1]) in _ACTIVITY_VERBS or head in _ACTIVITY_HEADS or verb.endswith(("doing", "taking")):
        return "activity"
    return "thing"


def _lemma(verb: str) -> str:
    v = verb.lower()
    return {"does": "do", "goes": "go", "has": "have"}.get(v, v[:-1] if v.endswith("s") else v)


# ---- whether a phrase of the incoming memory names the stored thing ----

_REF_DET_RE = re.compile(r"^(?P<d>(?:the\s+)?user's|the|my|our|her|his|their|your|its|a|an|one|another|some|"
                         r"both|all|(?:one|some|a\s+couple|two|three)\s+of\s+(?:the|my|our)|[A-Z][a-z]+'s)\s+", re.I)
_OWN_DETS = frozenset(("the", "my", "our", "user's", "the user's"))
_THEIR_DETS = frozenset(("her", "his", "their"))
_GENERIC_REFS = frozenset("it that this them one thing stuff everything all him her".split())


def refers(thing: Thing, ref: str, by_owner: bool = False) -> bool:
    """Whether the incoming phrase `ref` names the stored thing: its name ("Miso", "OMSCS"), or its
    head with only words the stored sentence says ("the Tuesday football", "the Santander car loan",
    "swimming" for "swim class"). Never with someone else's determiner (a his/her/their only when
    the thing's own person is the subject: "Mia quit her swim class"), an indefinite or a count
    ("a replica", "one of the replicas"), nor with a word the stored sentence lacks ("the Thursday
    football", "the old landline": another one of the kind)."""
    r = ref.strip(" .,;:!-")
    m = _REF_DET_RE.match(r)
    if m is not None:
        det = " ".join(m.group("d").lower().split())
        if det not in _OWN_DETS and not (by_owner and det in _THEIR_DETS):
            return False
        r = r[m.end():]
    toks = r.split()
    if not toks or len(toks) > 5 or (len(toks) == 1 and toks[0].lower() in _GENERIC_REFS):
        return False
    low = " ".join(t.lower() for t in toks)
    if low in thing.names and (len(low) > 3 or low.isupper() is False):
        return True
    if any(c not in {fold(t) for t in toks} for c in thing.capitalised) and not thing.head in thing.capitalised:
        return False  # "sold my guitar" of "a Yamaha acoustic guitar": maybe another guitar
    if thing.group and toks and len(toks) == 1:
        return False  # "plays in a band" / "quit the band": that band, or another one
    named = any(t.lower() in thing.names for t in toks)
    if named and {t.lower() for t in toks} <= set(thing.names) | {thing.head, "the"}:
        return True  # "our dog Biscuit", "the user's roommate Chris", "Chris the roommate"
    if thing.kind == "living":
        return False  # a pet or a person only by name ("my dog died" is `events`'), never "the cat"
    folded = [fold(t) for t in toks]
    if toks[-1][:1].islower() and folded[-1] in thing.capitalised:
        return False  # "deleted the sheets" is not "Google Sheets"; "the Copilot" of "GitHub Copilot" may be
    if any(t[:1].isupper() and fold(t) not in thing.words for t in toks[:-1]):
        return False
    if not set(folded) <= thing.words:
        return False  # a word the stored sentence lacks: another one of the kind
    last = folded[-1]
    if last == thing.head and not (thing.head in thing.capitalised and len(thing.capitalised) > 1):
        return True  # (a name's last word alone, "Copilot" of "GitHub Copilot", is a partial name: not read here)
    # an activity named by its gerund or its sport ("quit swimming" of "swim class", "football" of
    # "5-a-side football on Tuesdays")
    return thing.kind == "activity" and toks[-1].lower().endswith("ing") and last in thing.words


# A stored thing that recurs ("a milk delivery every morning", "swim class on Wednesdays") and an
# ending dated to one day ("was cancelled today", "cancelled the cleaner on Tuesday"): that day's
# occurrence ended, not the arrangement (used by named_end and clause_end too).
_RECURS_RE = re.compile(r"(?<![\w'])(?:every|each|daily|weekly|nightly|fortnightly|twice|once\s+a|"
                        r"on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)days)(?![\w'])", re.I)
_ONE_DAY_RE = re.compile(r"(?<![\w'])(?:today|tonight|this\s+(?:morning|afternoon|evening)|"
                         r"on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day)(?![\w'])", re.I)


def one_occurrence(existing: str, clause: str) -> bool:
    """Whether the clause may end one occurrence of a stored thing that recurs."""
    return bool(_ONE_DAY_RE.search(clause)) and bool(_RECURS_RE.search(existing))
