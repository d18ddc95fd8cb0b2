"""A stored fact of the user's ended by an event the incoming memory announces (pure logic).

The grammar reads "User is married to Chris" but not the event that ends it: "Chris and I got
divorced". Each family below pairs a stored one-sentence fact with the events that end it; the
incoming memory is read one sentence at a time (`event_context.event_sentences`: "Biscuit passed
away on Sunday. The house feels empty."), each sentence matched whole by a closed pattern.

* A relationship ended: "<user> is married to / dating / engaged to <Name>", "<user>'s wife /
  girlfriend / partner is <Name>", "<user> and <Name> are married", "<user> has a boyfriend
  (named <Name>)", "I live with my girlfriend <Name>", "<Name> and I are getting married", "has
  been married to <Name> for ten years" ended by "<Name> and I got divorced / broke up / split up /
  are no longer together", "we broke up", "I split up with / ended things with <Name>", "<Name>
  dumped me", "I'm no longer seeing <Name>", "I'm single again" (a courtship only), "I'm divorced
  now", "my divorce from <Name> was finalised", "we called off the engagement" ("separated"
  ends a courtship, never a marriage: "is married" / "is separated" are both true, three labelled
  sets say).
  The same partner only: a name must be the stored one; a role ("my wife and I") must be the
  stored relation's; an ending that names no one ends only a relation it fits (a divorce a
  marriage, a break-up a courtship). A stored relation with no name is never ended by a named one.
* A pet or a relative died: "<user> has a dog named Biscuit", "<user>'s cat is Miso", "My
  grandmother Rose lives with us", "My cat Luna is 12 years old" ended by "Biscuit passed away last
  week", "we had to put Biscuit down / euthanize Biscuit", "our cat Miso died", "Miso is no longer
  with us". The NAME is what joins them (a kind said with it must agree); an
  unnamed "our dog died" may be another dog, and a relative's name stays true after their death,
  so only their living with the user ends. One unnamed pet of a kind ("User has a dog", "We have
  one dog") is ended by the death of the user's pet of that kind ("The user's dog died", "Our dog
  Rex passed away"), never by a bare name.

Ended statuses (graduated, retired, the baby born, the PhD finished) are `event_statuses`.
Refused everywhere: anyone else's event, a plan, a question, a negation, a modal, a quote, a
scope, any tail but a recent time ("in 2015", "years ago": biography that may predate the
stored fact), and the context `event_context` refuses.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.events.event_context import (BE, DURATION, NAME, RECENT, USER, event_sentences,
                                                         others_name_someone, stored_sentence)
from festinger.core.contradiction.events.event_holds import holds_beside
from festinger.core.contradiction.lexicon.life_events import (ENDING_FAMILIES, KIN, NAMED_ENDING_FAMILIES,
                                                              NOT_PET_ADJECTIVES, PET_KINDS, RELATIONSHIP_FAMILY)
from festinger.core.contradiction.text.cues import Cue

__all__ = ["life_event_ended"]

_U = USER
_POSS = r"(?:(?:the\s+)?user's|my|our)"
_BE = BE
_ROLE = r"(?P<role>wife|husband|spouse|partner|girlfriend|boyfriend|fianc[eé]e?)"
_N = rf"(?P<name>{NAME})"
# Capitalised words that are never a partner's or a pet's name.
_NOT_NAMES = frozenset("i he she it they we you this that there here who user my our his her their the a an "
                       "today now mom dad".split())

# -- relationship ---------------------------------------------------------------------------------
_STORED_REL = [
    re.compile(rf"^{_U}{_BE}\s+(?:(?:currently|happily|now)\s+)?(?P<rel>married|engaged|dating|seeing|"
               rf"in\s+a\s+(?:(?:long-term|serious|committed)\s+)?relationship)(?:\s+(?:to\s+|with\s+)?{_N})?$", re.I),
    re.compile(rf"^{_POSS}\s+(?:current\s+)?{_ROLE}(?:'s\s+name)?(?:\s+is|:)\s+(?:named\s+|called\s+)?{_N}$", re.I),
    # "I live with my girlfriend Sarah", "I've been with my boyfriend Jake for three years"
    re.compile(rf"^{_U}(?:\s+lives?\s+with|(?:'ve|\s+has|\s+have)\s+been\s+with)\s+{_POSS}\s+{_ROLE},?\s+{_N}"
               rf"{DURATION}?$", re.I),
    # "Jake and I are getting married in June", "I'm getting married to Jake next summer"
    re.compile(rf"^(?:{_N}\s+and\s+i\s+are|{_U}{_BE})\s+(?P<rel>getting)\s+married(?:\s+to\s+"
               rf"{_N.replace('<name>', '<name2>')})?(?:\s+(?:in|on|next|this)\s+[\w ]{{1,20}})?$", re.I),
    re.compile(rf"^{_U}\s+(?:has|have)\s+an?\s+{_ROLE}(?:\s+(?:named|called)\s+{_N})?$", re.I),
    re.compile(rf"^(?:{_U}\s+and\s+{_N}|{_N.replace('<name>', '<name2>')}\s+and\s+i)\s+are\s+"
               rf"(?P<rel>married|engaged|dating|together|a\s+couple|in\s+a\s+relationship)$", re.I),
    # "User has been married to Chris for ten years", "User and Chris have been together since 2019"
    re.compile(rf"^(?:{_U}(?:'ve|\s+has|\s+have)\s+been\s+(?P<rel>married|engaged|dating|seeing|together)"
               rf"(?:\s+to|\s+with)?\s+{_N}|{_U}\s+and\s+{_N.replace('<name>', '<name2>')}\s+have\s+been\s+"
               rf"(?P<rel2>married|together|dating)){DURATION}?$", re.I),
]
_ENDED = r"(?P<ev>divorced|broke\s+up|split\s+up|separated|split)"
_ADV = r"(?:(?:just|recently|finally|officially|now)\s+)?"
_PARTY = rf"(?:{_N}|(?P<prole_det>my|their)\s+(?P<prole>wife|husband|spouse|partner|girlfriend|boyfriend|fianc[eé]e?))"
_PARTY2 = _PARTY.replace("<name>", "<name2>").replace("<prole_det>", "<prole_det2>").replace("<prole>", "<prole2>")
_EVENT_REL = [
    # "Chris and I got divorced", "My wife and I are separated now", "We broke up last month"
    re.compile(rf"^(?:{_N}\s+and\s+(?:i|(?:the\s+)?user)|"
               rf"(?P<det>my|the\s+user's)\s+{_ROLE}\s+and\s+(?:i|(?:the\s+)?user)|"
               rf"(?:i|(?:the\s+)?user)\s+and\s+{_N.replace('<name>', '<name2>')}|(?P<we>we))"
               rf"(?:'ve|'re|\s+have|\s+are|\s+were|\s+got)?\s+{_ADV}(?:got\s+)?{_ENDED}{RECENT}(?:\s+now)?$", re.I),
    # "I split up with Chris", "I broke up with my girlfriend", "I divorced Chris", "I got divorced",
    # "The user broke up with their boyfriend and is single now", "User was divorced last year"
    re.compile(rf"^(?P<who>i|(?:the\s+)?user)(?:'ve|\s+has|\s+have|(?P<was>\s+was))?\s+{_ADV}(?:(?:got\s+)?"
               rf"(?P<ev>divorced)(?:\s+{_PARTY})?|"
               rf"(?P<ev2>broke\s+up|split\s+up|separated)\s+(?:with|from)\s+{_PARTY2})"
               rf"{RECENT}(?:,?\s+and\s+(?:is|am|'m)\s+(?:now\s+)?single(?:\s+now)?)?$", re.I),
    # "I'm separated from Chris now", "I am divorced now" (a bare "is divorced" may be from a first marriage)
    re.compile(rf"^(?P<who>i|(?:the\s+)?user){_BE}\s+(?:(?P<now1>now)\s+)?(?P<ev>separated|divorced)"
               rf"(?:\s+from\s+{_PARTY})?(?:\s+(?P<now2>now))?$", re.I),
    # "Chris and I are no longer together", "We aren't together anymore", "Chris and I finalised our divorce",
    # "We called off the engagement"
    re.compile(rf"^(?:{_N}\s+and\s+(?:i|(?:the\s+)?user)|(?P<we>we))"
               rf"(?:(?:\s+are|'re)\s+no\s+longer\s+(?P<ev>together|a\s+couple)"
               rf"|(?:\s+are\s+not|\s+aren't|'re\s+not)\s+(?P<ev2>together)\s+any\s*more"
               rf"|\s+(?:just\s+|finally\s+|officially\s+)?(?:(?P<ev3>finali[sz]ed)\s+(?:our|the)\s+divorce|"
               rf"(?P<ev4>called\s+off)\s+(?:our|the)\s+engagement)){RECENT}$", re.I),
    # "I ended things with Chris", "Chris broke up with me", "Chris dumped me", "I'm no longer seeing Chris"
    re.compile(rf"^(?:(?P<who>i|(?:the\s+)?user)(?:'ve|\s+has|\s+have)?\s+{_ADV}"
               rf"(?P<ev>ended\s+things|broke\s+things\s+off)\s+with\s+{_PARTY}|"
               rf"{_N.replace('<name>', '<name2>')}\s+(?:has\s+)?(?P<ev2>broke\s+up\s+with|dumped|left)"
               rf"\s+(?:me|the\s+user)|(?:i|(?:the\s+)?user){_BE}\s+(?P<ev3>no\s+longer)\s+(?:with|seeing|dating)\s+"
               rf"{_N.replace('<name>', '<name3>')}){RECENT}$", re.I),
    # "I'm single now", "I'm single again" (no name: it ends a courtship, never a marriage)
    re.compile(rf"^(?P<who>i|(?:the\s+)?user){_BE}\s+(?:now\s+)?(?P<ev>single)\s+(?:now|again)$", re.I),
    # "My divorce from Chris was finalised", "Our divorce is final"
    re.compile(rf"^(?P<who>my|our|the\s+user's)\s+(?P<ev>divorce)(?:\s+(?:from|with)\s+{_PARTY})?\s+"
               rf"(?:was|is|has\s+been|got|went)\s+(?:now\s+)?(?:finali[sz]ed|final|official|through|granted)"
               rf"{RECENT}$", re.I),
]


def _stored_relationship(old: str) -> tuple[str, str, str] | None:
    """(family, partner name or "", role or "") of the user's stored relationship."""
    for rx in _STORED_REL:
        m = rx.match(old)
        if m is None:
            continue
        g = m.groupdict()
        rel = " ".join((g.get("rel") or g.get("rel2") or g.get("role") or "").lower().split())
        rel = "engaged" if rel == "getting" else "in a relationship" if rel.endswith("relationship") else rel
        name = (g.get("name") or g.get("name2") or "").lower()
        if name in _NOT_NAMES or rel not in RELATIONSHIP_FAMILY:
            return None
        if rel == "engaged" and not name:
            return None  # "I'm getting married next summer": to whom?
        return RELATIONSHIP_FAMILY[rel], name, (g.get("role") or "").lower()
    return None


# Endings said other ways, as the ending whose families they end.
_EV_ALIASES = {"ended things": "broke up", "broke things off": "broke up", "broke up with": "broke up",
               "dumped": "broke up", "left": "split up", "no longer": "split up", "divorce": "divorced",
               "finalised": "divorced", "finalized": "divorced", "together": "split up", "a couple": "split up",
               "called off": "broke up", "single": "broke up"}
# Roles that say the partner's sex: "my wife" is not the stored husband.
_GENDERED = {"wife": "f", "girlfriend": "f", "fiancee": "f", "fiancée": "f",
             "husband": "m", "boyfriend": "m", "fiance": "m", "fiancé": "m"}


def _relationship_ended(old: str, sentence: str, incoming: str) -> str | None:
    stored = _stored_relationship(old)
    if stored is None:
        return None
    family, name, stored_role = stored
    for rx in _EVENT_REL:
        m = rx.match(sentence)
        if m is None:
            continue
        g = m.groupdict()
        who = (g.get("who") or "").lower()
        det = (g.get("det") or g.get("prole_det") or g.get("prole_det2") or "").lower()
        if det == "their" and who in ("i", ""):
            return None  # "I broke up with their girlfriend": someone else's partner
        if det == "my" and who not in ("i", "my", ""):
            return None  # "The user broke up with my girlfriend": whose is not one person's
        if g.get("was") and not (g.get("when") and g.get("ev")):
            return None  # "User was divorced": biography unless said when, recently
        if rx is _EVENT_REL[2] and not (g.get("now1") or g.get("now2") or g.get("name") or g.get("prole")):
            return None  # "User is divorced": a state that may predate the stored marriage
        ev = " ".join((g.get("ev") or g.get("ev2") or g.get("ev3") or g.get("ev4") or "").lower().split())
        ev = _EV_ALIASES.get(ev, ev)
        said = (g.get("name") or g.get("name2") or g.get("name3") or "").lower()
        role = (g.get("role") or g.get("prole") or g.get("prole2") or "").lower()
        if said:
            if said != name or said in _NOT_NAMES or family not in NAMED_ENDING_FAMILIES[ev]:
                return None  # another partner, a named ending against an unnamed stored relation, a separation
        elif role:
            if RELATIONSHIP_FAMILY.get(role) not in (family, "any") or family not in NAMED_ENDING_FAMILIES[ev]:
                return None  # "my girlfriend and I broke up" says nothing of the user's wife, nor "my
                # wife and I" of a stored "partner" (the new one, maybe)
            if _GENDERED.get(role, "?") != _GENDERED.get(stored_role, _GENDERED.get(role, "?")):
                return None  # "My wife and I got divorced" against "User's husband is Sam": another spouse
        elif family not in ENDING_FAMILIES[ev]:
            return None  # "I got divorced" against "User is dating Chris": the divorce from someone else
        elif g.get("we") and ev not in ("broke up", "divorced") and rx is not _EVENT_REL[3]:
            return None  # "We split up", "we separated": a team or a group as often as a couple ("we are
            # no longer together" is a couple's)
        if not said and _LONG_AGO_RE.search(g.get("when") or ""):
            return None  # "We broke up last year": maybe the partner before the stored one
        if not said and others_name_someone(incoming, sentence):
            return None  # "I broke up with my girlfriend. I'm seeing Alex now.": the stored Alex stays
        return ev
    return None


# -- a pet or a relative died ----------------------------------------------------------------------
_PET = r"(?P<kind>" + "|".join(sorted((k.replace(" ", r"\s+") for k in PET_KINDS), key=len, reverse=True)) + r")"
_ADJ = r"(?P<adj>(?:[a-z0-9][\w-]*\s+){0,3})"  # "a 3-year-old golden retriever" (never "sister's")
_KIN = r"(?P<kin>" + "|".join(sorted(KIN, key=len, reverse=True)) + r")"
_STORED_PET = [
    re.compile(rf"^(?:{_U}|we)\s+(?:has|have|owns?)\s+an?\s+{_ADJ}{_PET}(?:\s+(?:named|called)|,)\s+{_N}$", re.I),
    re.compile(rf"^{_POSS}\s+{_PET}(?:'s\s+name)?(?:\s+is|:)\s+(?:named\s+|called\s+)?{_N}$", re.I),
    # "User's dog is a beagle named Max", "Max is my cat", "User has a dog (Max)"
    re.compile(rf"^{_POSS}\s+{_PET}\s+is\s+an?\s+(?:[a-z][\w-]*\s+){{1,3}}?(?:named|called)\s+{_N}$", re.I),
    re.compile(rf"^{_N}\s+is\s+{_POSS}\s+{_ADJ}{_PET}$", re.I),
    re.compile(rf"^(?:{_U}|we)\s+(?:has|have|owns?)\s+an?\s+{_ADJ}{_PET}\s*\(\s*{_N}\s*\)$", re.I),
    # "Pet: hamster (Nibbles)", "My pet: a cat (Miso)": a profile line
    re.compile(rf"^(?:{_POSS}\s+)?pet\s*:\s*(?:an?\s+)?{_ADJ}{_PET}\s*\(\s*{_N}\s*\)$", re.I),
    # "User adopted a cat named Miso last month": the user has it since
    re.compile(rf"^{_U}\s+(?:(?:recently|just)\s+)?adopted\s+an?\s+{_ADJ}{_PET}\s+(?:named|called)\s+{_N}"
               rf"(?:\s+(?:last\s+\w+|in\s+\w+|recently))?$", re.I),
    # "My cat Luna is 12 years old", "Our dog Max loves the beach": a present fact of the named pet
    re.compile(rf"^{_POSS}\s+{_ADJ}{_PET},?\s+{_N},?\s+(?:is|has|lives|loves|likes|sleeps|eats|weighs|needs|takes|"
               rf"gets|goes)\s+[^,;]{{1,60}}$", re.I),
]
# One pet of a kind, unnamed: "User has a dog", "We have one cat" (an unnamed death of that kind ends it).
_STORED_ONE_PET = re.compile(rf"^(?:{_U}|we)\s+(?:has|have|owns?)\s+(?:an?|one)\s+{_ADJ}{_PET}$", re.I)
_STORED_KIN = [re.compile(rf"^{_POSS}\s+{_KIN}(?:,)?\s+{_N}(?:,)?\s+lives\s+with\s+(?:us|me|the\s+user|them)$", re.I)]
# "put down" and "put to sleep" are the vet's only after "had to" or in the passive "was put down": "I
# put Biscuit down" may set a cat on the floor, "put the baby to sleep" is bedtime.
_DIED = (r"(?:passed\s+away|passed\s+on|died|was\s+put\s+down|had\s+to\s+be\s+put\s+(?:down|to\s+sleep)|"
         r"crossed\s+the\s+rainbow\s+bridge)")
_HOW = (r"(?:\s+(?:peacefully|suddenly|in\s+(?:his|her|their)\s+sleep|after\s+a\s+(?:long|short)\s+illness|"
        r"of\s+(?:old\s+age|cancer|[a-z]+\s+failure|a\s+heart\s+attack|complications|an?\s+illness)))?")
_WHOSE = r"(?P<det>my|our|the\s+user's|user's)"
_EVENT_DIED = [
    # "Biscuit passed away last week", "Our cat Miso died", "My grandmother Rose passed away in March"
    re.compile(rf"^(?:{_WHOSE}\s+(?:{_PET}|{_KIN})(?=[\s,]))?(?:,?\s*{_N},?)?\s+(?:has\s+)?{_ADV}{_DIED}{_HOW}"
               rf"{RECENT}{_HOW}$", re.I),
    # "Miso, our cat, died yesterday", "Biscuit is no longer with us"
    re.compile(rf"^{_N},\s+{_WHOSE}\s+(?:{_PET}|{_KIN}),\s+(?:has\s+)?{_ADV}{_DIED}{_HOW}{RECENT}{_HOW}$", re.I),
    # "Nibbles the hamster died over the weekend" (a pet named with its kind; never a relative)
    re.compile(rf"^{_N},?\s+the\s+{_PET},?\s+(?:has\s+)?{_ADV}{_DIED}{_HOW}{RECENT}{_HOW}$", re.I),
    re.compile(rf"^(?:{_WHOSE}\s+(?:{_PET}|{_KIN})\s+)?{_N}\s+is\s+no\s+longer\s+with\s+us$", re.I),
    # "We lost Max to cancer last month" (lost TO an illness: not lost in the park), "RIP Max"
    re.compile(rf"^(?:we|i|(?:the\s+)?user)(?:'ve|\s+have|\s+has)?\s+{_ADV}lost\s+(?:{_WHOSE}\s+(?:{_PET}|{_KIN})\s+)?"
               rf"{_N}\s+to\s+(?:cancer|old\s+age|an?\s+(?:illness|disease|tumou?r|infection)|[a-z]+\s+failure)"
               rf"{RECENT}$", re.I),
    re.compile(rf"^(?:rip|rest\s+in\s+peace),?\s+{_N}$", re.I),
    # "We had to put Biscuit down", "We put our dog Biscuit to sleep yesterday"
    re.compile(rf"^(?:we|i|(?:the\s+)?user)(?:\s+(?:just\s+)?(?:had|have\s+had)|'ve\s+had)\s+to\s+"
               rf"(?:put\s+(?:{_WHOSE}\s+"
               rf"{_PET}\s+)?{_N}\s+(?:down|to\s+sleep)|euthani[sz]e\s+(?:{_WHOSE.replace('<det>', '<det2>')}\s+"
               rf"{_PET.replace('<kind>', '<kind2>')}\s+)?{_N.replace('<name>', '<name2>')}){RECENT}$", re.I),
]


# A time that may be before the stored fact began: an ending that names no one is not known to be
# the stored partner's or pet's ("Our dog died last year" and the stored dog is the new puppy).
_LONG_AGO_RE = re.compile(r"\b(?:year|spring|summer|autumn|fall|winter|months|january|february|march|april|may|"
                          r"june|july|august|september|october|november|december)\b", re.I)


def _one_pet_died(o: re.Match[str], sentence: str, incoming: str) -> str | None:
    """"User has a dog" / "The user's dog died", "We have one dog" / "Our dog Rex passed away": the
    user's one pet of that kind, said by its owner and its kind (a bare name is not known to be it)."""
    m = _EVENT_DIED[0].match(sentence)
    if m is None or not m.group("kind") or _LONG_AGO_RE.search(m.group("when") or ""):
        return None
    if not m.group("name") and others_name_someone(incoming, sentence):
        return None  # "Our dog died. Max is coping.": which dog?
    kind = PET_KINDS[" ".join(o.group("kind").lower().split())]
    said = PET_KINDS[" ".join(m.group("kind").lower().split())]
    if said != kind or kind == "pet" or holds_beside("pet", sentence, incoming, kind):
        return None  # "Our cat died. I have a kitten.": a cat of the user's said to go on
    return f"the {said} died"


def _pet_died(old: str, sentence: str, incoming: str) -> str | None:
    one = _STORED_ONE_PET.match(old)
    if one is not None and not set((one.group("adj") or "").lower().split()) & (NOT_PET_ADJECTIVES | lx.PERSON_ROLES):
        return _one_pet_died(one, sentence, incoming)
    o = next((m for m in (rx.match(old) for rx in _STORED_PET + _STORED_KIN) if m is not None), None)
    if o is None:
        return None
    og = o.groupdict()
    if set((og.get("adj") or "").lower().split()) & (NOT_PET_ADJECTIVES | lx.PERSON_ROLES):
        return None  # "an old dog named Biscuit", "my sister cat": read narrow, one plain pet of the user's
    name = o.group("name").lower()
    kind = PET_KINDS.get(" ".join((og.get("kind") or "").lower().split())) or (og.get("kin") or "").lower()
    for rx in _EVENT_DIED:
        m = rx.match(sentence)
        if m is None:
            continue
        g = m.groupdict()
        said_name = (g.get("name") or g.get("name2") or "").lower()
        if not (said_name or g.get("kind") or g.get("kin")):
            continue
        if said_name != name or name in _NOT_NAMES:
            return None  # another pet, an unnamed one (the user may have two), or a name not stored
        said = (PET_KINDS.get(" ".join((g.get("kind") or g.get("kind2") or "").lower().split()))
                or (g.get("kin") or "").lower())
        if said and said != kind and "pet" not in (said, kind):
            return None  # "our cat Biscuit" is not the dog Biscuit
        if og.get("kin") and (g.get("kind") or g.get("kind2") or rx is _EVENT_DIED[-1]):
            return None  # a relative is never "put down" nor one of the pets
        return f"{g.get('name') or g.get('name2')} died"
    return None


# The cue the incoming memory must show before it is segmented: one of the families' verbs.
_CUE = Cue(r"divorc|broke\s+up|split|separated|passed|died|together|single|called\s+off|no\s+longer|"
           r"ended\s+things|things\s+off|dumped|left\s+me|euthani|"
           r"put\s+(?:\w+\s+){0,3}(?:down|to\s+sleep)|"
           r"rainbow|lost\s+|rip\b|rest\s+in\s+peace")


# ... and the stored memory one of the stored facts' words (both looked at before any segmenting).
_STORED_CUE = Cue(r"married|engaged|dating|seeing|relationship|together|couple|wife|husband|spouse|partner|"
                  r"friend|fianc|lives\s+with|" + _PET[len("(?P<kind>"):-1])


def life_event_ended(existing: str, incoming: str) -> tuple[str, str, str] | None:
    """(subject, the stored fact, the event) when an incoming sentence ends the user's stored
    relationship or pet; None otherwise."""
    if not _CUE.search(incoming[:2000]) or not _STORED_CUE.search(existing[:400]):
        return None
    old = stored_sentence(existing)
    if old is None:
        return None
    for sentence in event_sentences(incoming):
        ended = _relationship_ended(old, sentence, incoming)
        if ended is not None:
            return "user relationship", old, ended
        died = _pet_died(old, sentence, incoming)
        if died is not None:
            return "user household", old, died
    return None
