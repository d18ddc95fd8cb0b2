"""Values from a closed set whose members exclude each other, compared by what they mean (pure logic).

The grammar reads "I'm vegetarian" or "My timezone is UTC-3" as a bare phrase, and a phrase only
ever equals itself; but a time zone is one value at a time (`timezones`), and so is the one word
for what a person eats ("vegetarian" / "pescatarian"; `lexicon.DIET_GROUPS`). Whether the slot is
the same is decided before (same key, same relation); here only the two values are judged.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.schedules import compare_schedules
from festinger.core.contradiction.grammar.timezones import compare_timezones, timezone_offsets, zone_may_follow_travel
from festinger.core.contradiction.grammar.values import Relation, Statement, Value

__all__ = ["closed_value_relation", "needs_news", "news_only_conflict"]


def closed_value_relation(va: Value, vb: Value) -> Relation | None:
    """How two values of a closed set relate, or None when they are not both of one. A bare phrase
    that is an identifier ("7KLM392", "B12", "A+") is one too: it has no synonyms (the grammar's
    own kinds, terms and versions, keep their comparisons)."""
    a, b = va.display, vb.display
    zones = compare_timezones(a, b)
    if zones is not None:
        return zones
    found = _news_only_relation(a, b)
    if found is not None:
        return found
    x, y = (_SPELLINGS.get(v, v) for v in (a.strip().lower(), b.strip().lower()))
    if any(x in g and y in g for g in lx.DIET_GROUPS):
        return Relation.SAME if x == y else Relation.CONFLICT
    if va.kind == vb.kind == "phrase" and _identifier(a) and _identifier(b):
        return Relation.SAME if _plain(a) == _plain(b) else Relation.CONFLICT
    return None


# "7KLM392", "B12", "A+", "hunter2": one token of letters with digits or a sign, no synonyms to it.
_IDENTIFIER_RE = re.compile(r"^(?=[\w+-]*[\d+])(?=[\w+-]*[A-Za-z])[A-Za-z0-9][\w+-]{0,11}$")


def _plain(text: str) -> str:
    return re.sub(r"[\s_-]", "", text.lower())  # "GPT-4" is "GPT4"; "A+" is not "A"


def _identifier(text: str) -> bool:
    return bool(_IDENTIFIER_RE.match(text.strip()))


def needs_news(a: Statement, b: Statement) -> bool:
    """Whether two conflicting values of one slot only replace each other when the incoming memory
    announces or corrects the value: a trip's time zone (`timezones`), and an identifier ("The meeting
    room is B12" / "... is B21": two meetings as often as one room changed)."""
    if len(a.values) != 1 or len(b.values) != 1:
        return False
    x, y = a.values[0].display, b.values[0].display
    if compare_timezones(x, y) is not None:
        return zone_may_follow_travel(a, b)
    if _news_only_relation(x, y) is not None:
        return not (b.update or b.correction)
    return _identifier(x) and _identifier(y) and not (b.update or b.correction)


def news_only_conflict(a: Value, b: Value) -> bool:
    """Whether two values are a region, a meeting platform or a recurring event's days that differ."""
    return _news_only_relation(a.display, b.display) is Relation.CONFLICT


def _news_only_relation(a: str, b: str) -> Relation | None:
    """Cloud regions ("AWS eu-west-1" / "eu-central-1"), meeting platforms ("Zoom" / "Google Meet"),
    the days of a recurring event ("first Thursday" / "last Wednesday"), codes ("SFO" / "OAK",
    "en-US" / "en-GB") and the members of a short enumeration ("aisle" / "window", "Gold" /
    "Platinum"): values one slot holds one of, that two things may as well hold one each, so they
    only replace each other when the incoming memory announces it (`needs_news`)."""
    return _compare_regions(a, b) or _compare_platforms(a, b) or compare_schedules(a, b) or _compare_codes(a, b)


# "eu-west-1", "us-east-1a" (AWS), "europe-west1", "us-central1-a" (GCP): a region, and a zone in it.
_REGION_CODE_RE = re.compile(r"^(?:([a-z]{2}(?:-[a-z]+)+-\d+)([a-z]?)|([a-z]+-[a-z]+\d+)(?:-([a-z]))?)$")
_PROVIDERS = frozenset("aws gcp azure amazon google cloud region zone in the".split())


def _compare_regions(a: str, b: str) -> Relation | None:
    """Two values that name one cloud region each and nothing else than a provider: the regions
    differ, or one is a zone of the other ("us-east-1" / "us-east-1a": COMPATIBLE)."""
    ra, rb = _region_code(a), _region_code(b)
    if ra is None or rb is None:
        return None
    if ra[0] != rb[0]:
        return Relation.CONFLICT
    return Relation.SAME if ra[1] == rb[1] else (Relation.COMPATIBLE if not (ra[1] and rb[1]) else Relation.CONFLICT)


def names_a_region_of(a: str, b: str) -> bool:
    """Whether one value is a cloud provider alone and the other a region ("AWS" / "us-west-2"): the
    region says where in the provider's cloud, it replaces nothing."""
    for provider, region in ((a, b), (b, a)):
        words = provider.lower().split()
        if words and all(w in _PROVIDERS for w in words) and any(map(_REGION_CODE_RE.match, region.lower().split())):
            return True
    return False


def _region_code(text: str) -> tuple[str, str] | None:
    words = text.lower().replace("(", " ").replace(")", " ").split()
    codes = [m for m in map(_REGION_CODE_RE.match, words) if m]
    if len(codes) != 1 or len(words) > 4 or any(w not in _PROVIDERS for w in words if not _REGION_CODE_RE.match(w)):
        return None  # "eu-west-1 and us-east-1", "eu-west-1 for the API": not one region alone
    m = codes[0]
    return (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4) or "")


# Video-call platforms a meeting is held on ("Standup is on Zoom"): one at a time for one meeting.
_PLATFORMS = {"zoom": "zoom", "google meet": "meet", "meet": "meet", "hangouts": "meet", "google hangouts": "meet",
              "microsoft teams": "teams", "ms teams": "teams", "teams": "teams", "webex": "webex",
              "cisco webex": "webex", "skype": "skype", "jitsi": "jitsi", "jitsi meet": "jitsi",
              "whereby": "whereby", "gotomeeting": "gotomeeting", "bluejeans": "bluejeans", "discord": "discord",
              "facetime": "facetime", "slack huddles": "slack", "slack huddle": "slack", "huddles": "slack"}


def _compare_platforms(a: str, b: str) -> Relation | None:
    x, y = (_PLATFORMS.get(" ".join(v.lower().split()).removeprefix("a ").removesuffix(" calls")) for v in (a, b))
    if x is None or y is None:
        return None
    return Relation.SAME if x == y else Relation.CONFLICT


_SPELLINGS = {"pescetarian": "pescatarian", "omnivorous": "omnivore"}


# "SFO", "PST", "QA": an all-capitals code; "en-US", "pt_BR": a locale. A code has no synonyms but
# its long form ("UCL" / "University College London" is not two codes) and a longer code holding it.
_CAPS_CODE_RE = re.compile(r"^[A-Z]{2,5}$")
_LOCALE_RE = re.compile(r"^[a-z]{2}[-_][A-Z]{2}$")
# Enumerations whose members exclude each other for one slot: a size, a tier, a seat, a log level.
_ENUMS = (frozenset("xxs xs s m l xl xxl xxxl small medium large".split()),
          frozenset("bronze silver gold platinum diamond".split()),
          frozenset("aisle window middle".split()),
          frozenset("trace debug info warn warning error fatal critical".split())) + tuple(lx.PREFERENCE_GROUPS)


def _compare_codes(a: str, b: str) -> Relation | None:
    x, y = a.strip(), b.strip()
    if timezone_offsets(x) is not None or timezone_offsets(y) is not None:
        return None  # "AEST" / "AET": an unlisted zone name may be the listed one's
    if (_CAPS_CODE_RE.match(x) and _CAPS_CODE_RE.match(y)) or (_LOCALE_RE.match(x) and _LOCALE_RE.match(y)):
        return Relation.SAME if x.lower() == y.lower() else Relation.CONFLICT
    lx_, ly = (_ENUM_SPELLINGS.get(v.lower(), v.lower()) for v in (x, y))
    if any(lx_ in e and ly in e for e in _ENUMS):
        return Relation.SAME if lx_ == ly else Relation.CONFLICT
    return None


# One member written two ways: "M" is "medium", "WARN" is "warning".
_ENUM_SPELLINGS = {"small": "s", "medium": "m", "large": "l", "x-large": "xl", "extra large": "xl",
                   "x-small": "xs", "extra small": "xs", "xx-large": "xxl", "warn": "warning"}
