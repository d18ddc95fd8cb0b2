"""Time zones as values: "UTC-3", "CET", "Pacific time", "Europe/Berlin" (pure logic).

The grammar reads "My timezone is UTC-3" as a bare phrase, which compares with nothing, and "I'm in
UTC-4" as a place. A time zone is one value at a time, and it is written in few ways: an offset
("UTC+8", "GMT-03:00"), an abbreviation ("CET", "PST"), a region's name ("Eastern time") or an
IANA name ("Europe/Amsterdam"). Two of them differ for sure only when every offset the one may
mean differs from every offset the other may mean ("CET" is +1 or +2, so "UTC+2" may be it), when
both are IANA names of two zones (a tzdata link, "Europe/Kiev" for "Europe/Kyiv" or "US/Pacific" for
"America/Los_Angeles", is the zone it links to: `lexicon.TIMEZONE_LINKS`), or when two names keep no
region in common ("PST" / "MST" share -7
in summer but are two zones; "PST" / "America/Los_Angeles" / "Pacific time" are one,
`lexicon.TIMEZONE_REGIONS`). Anything else (an unlisted IANA name against an offset) is unknown.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.values import Relation, Statement

__all__ = ["as_timezone_slot", "compare_timezones", "timezone_offsets", "zone_may_follow_travel"]

_OFFSET_RE = re.compile(r"^(?:utc|gmt)\s*([+-−])\s*(\d{1,2})(?::?(\d{2}))?$", re.I)
_IANA_RE = re.compile(r"^(?:(?:Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific)/[A-Z][\w+-]*"
                      r"(?:/[A-Z][\w+-]*)?|US/(?:Pacific|Mountain|Central|Eastern|Arizona|Alaska|Hawaii|Aleutian|"
                      r"East-Indiana|Indiana-Starke|Michigan|Samoa))$")
_REGION_RE = re.compile(r"^(\w+(?:\s+european)?)\s+(?:standard\s+|summer\s+|daylight\s+)?time$", re.I)


def timezone_offsets(text: str) -> frozenset[float] | None:
    """The UTC offsets a written time zone may mean, or None when the text is no time zone."""
    t = " ".join(text.strip().strip("()").split())
    m = _OFFSET_RE.match(t)
    if m:
        hours = int(m.group(2)) + int(m.group(3) or 0) / 60
        return frozenset((-hours if m.group(1) in "-−" else hours,))
    if t.isupper() or t.lower() in ("utc", "gmt"):
        return lx.TIMEZONE_OFFSETS.get(t.lower())
    m = _REGION_RE.match(t)
    if m:
        return lx.TIMEZONE_REGION_NAMES.get(m.group(1).lower()) or (
            lx.TIMEZONE_OFFSETS.get(m.group(1).lower()) if m.group(1).isupper() else None)
    return None


def compare_timezones(a: str, b: str) -> Relation | None:
    """How two written time zones relate, or None when either is no time zone."""
    iana_a, iana_b = bool(_IANA_RE.match(a.strip())), bool(_IANA_RE.match(b.strip()))
    if iana_a and iana_b:
        if _zone(a) == _zone(b):
            return Relation.SAME
        if not (_is_link(a) or _is_link(b)):
            return Relation.CONFLICT
        # An old name is linked to another zone by another tzdata build ("Africa/Asmera" is
        # "Africa/Nairobi" here, while "Africa/Asmara" is its own zone in backzone but Nairobi in the
        # main data): two names differ for sure only when their regions or offsets do, below.
    oa, ob = timezone_offsets(a), timezone_offsets(b)
    if (oa is None and not iana_a) or (ob is None and not iana_b):
        return None
    ra, rb = _regions(a), _regions(b)
    if ra and rb:
        # "PST" / "PDT" / "Pacific time" / "America/Los_Angeles" are one zone; "PST" / "MST" two
        return (Relation.SAME if oa == ob else Relation.COMPATIBLE) if ra & rb else Relation.CONFLICT
    oa, ob = oa or _iana_offsets(a), ob or _iana_offsets(b)
    if oa is None or ob is None:
        return Relation.UNKNOWN  # an unlisted IANA name against "UTC+1"
    if oa == ob:
        return Relation.SAME
    return Relation.CONFLICT if not oa & ob else Relation.UNKNOWN


def _zone(text: str) -> str:
    """The canonical IANA zone a written IANA name is: "Asia/Calcutta" is "asia/kolkata" (lowercased)."""
    name = text.strip().lower()
    return lx.TIMEZONE_LINKS.get(name, name)


def _is_link(text: str) -> bool:
    return text.strip().lower() in lx.TIMEZONE_LINKS


def _regions(text: str) -> frozenset[str]:
    """The regions that keep a written zone ("CST": US Central, China), empty for an offset or an unlisted name."""
    t = " ".join(text.strip().strip("()").split())
    if _IANA_RE.match(t):
        region = lx.IANA_ZONE_REGIONS.get(t.lower()) or lx.IANA_ZONE_REGIONS.get(_zone(t))
        return frozenset((region,)) if region else frozenset()
    if t.isupper() or t.lower() in ("utc", "gmt"):
        return lx.TIMEZONE_REGIONS.get(t.lower(), frozenset())
    m = _REGION_RE.match(t)
    return lx.TIMEZONE_REGIONS.get(m.group(1).lower(), frozenset()) if m else frozenset()


def _iana_offsets(text: str) -> frozenset[float] | None:
    """The offsets of a listed IANA name: those of the names its region alone keeps ("Europe/Paris": CET)."""
    region = lx.IANA_ZONE_REGIONS.get(text.strip().lower()) or lx.IANA_ZONE_REGIONS.get(_zone(text))
    return _REGION_OFFSETS.get(region) if region else None


_REGION_OFFSETS: dict[str, frozenset[float]] = {}
for _name, _offsets in lx.TIMEZONE_OFFSETS.items():
    if len(lx.TIMEZONE_REGIONS.get(_name, ())) == 1:
        (_region,) = lx.TIMEZONE_REGIONS[_name]
        _REGION_OFFSETS[_region] = _REGION_OFFSETS.get(_region, frozenset()) | _offsets


# "I'm in UTC-4", "I'm on Eastern time now after the move", "The user is in UTC+8 now": the person's zone.
_IN_ZONE_RE = re.compile(
    r"^((?i:i\s+am|i'm|(?:the\s+)?user\s+is))\s+(?:now\s+)?(?:in|on)\s+(?:the\s+)?([^,;]{2,30}?)(?=(?:\s+now)?\s*"
    r"(?:,\s+not\s+(?:in\s+|on\s+)?[^,;]{2,30}|\s+(?:after|since|because\s+of)\s+[^,;]{2,40})?\s*[.!]?$)")


def as_timezone_slot(sentence: str) -> str:
    """"I'm in UTC-4, not UTC-3" as "my timezone is UTC-4, not UTC-3" (a time zone only)."""
    m = _IN_ZONE_RE.match(sentence.strip())
    if m is None or (timezone_offsets(m.group(2)) is None and not _IANA_RE.match(m.group(2))):
        return sentence
    owner = "my" if m.group(1).lower().startswith("i") else "the user's"
    rest = sentence.strip()[m.start(2):]
    return f"{owner} timezone is {rest}"


def zone_may_follow_travel(a: Statement, b: Statement) -> bool:
    """Whether the incoming time zone may be a trip's: a person's clock follows them ("User is in
    Seattle for work. User's timezone is PST."), so a different zone replaces the stored one only
    when the incoming memory announces or corrects it, or when each memory is that one sentence."""
    if len(a.values) != 1 or len(b.values) != 1:
        return False
    x, y = a.values[0].display, b.values[0].display
    if compare_timezones(x, y) is not Relation.CONFLICT:
        return False
    return not (b.update or b.correction or (a.lone and b.lone))
