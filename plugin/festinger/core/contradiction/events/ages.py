"""A later age or a larger household count of the same owner (pure logic).

Changed age: "I am 34 years old." / "I turned 35 today.", "My daughter is 5." / "My daughter just
turned 6.", "Biscuit is four years old." / "Biscuit turned five last week.", "User's age: 44" /
"User just celebrated their 45th birthday", "User's son Ethan is 17." / "Ethan's 18 now".

* the existing memory is one sentence stating one age: "<owner> is/am N [years old]", "<owner>'s
  age is/: N";
* the incoming memory is one sentence saying the SAME owner reached a later age: "turned N" (with at
  most a recent time tail), "is N now" / "is now N", "celebrated <their> Nth birthday";
* an owner is the user (I / the user), a child, partner or pet of the user's ("my daughter",
  "the user's dog", optionally named: "my daughter Lily"), or one capitalised name ("Biscuit");
  a name is the same owner only when the stored memory names it ("Lily" is "my daughter Lily");
* the new age is one to three years more: an equal or smaller number is no birthday (a smaller one
  may be a correction, left to the grammar), a jump of decades is another person.

Refused: another person ("my sister", "he"), a plan or condition ("I'll turn 35", "when I turn 35":
the sentence must start with the owner), a question, an age in months ("5 months old"), a thing's
age ("my car", "the company"), a milestone of a non-age ("our 10th anniversary"), and any tail the
rule does not read: "I turned 30 in Lisbon" is left alone (a place or a year may scope it to a past
birthday; only a recent time is read).

Changed count: "I have two kids." / "We just had our third child.", "We have two cats." / "We have
three cats now since we adopted a kitten.", "User has three kids." / "We welcomed our fourth baby".
The owner is the user's household (I / we / the user, never someone else's), the kind one of a
closed set of household members (kids, cats, dogs, sons, daughters: a son is not a child count,
the user may also have daughters), the stored sentence has no scope ("at home", "at work"), and the
new count is one or two more, said with "now" or as a birth or adoption of the Nth one.
"""

from __future__ import annotations

import re

from festinger.core.contradiction.lexicon.units import NUMBER_WORDS as _WORDS
from festinger.core.contradiction.updates.rescheduled import one_sentence_matches

__all__ = ["age_changed", "count_changed"]

_ORDINALS = ("zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth "
             "thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth").split()
_NUM = r"(?:\d{1,3}|" + "|".join(_WORDS) + r")"
_ORD = r"(?:\d{1,3}(?:st|nd|rd|th)|" + "|".join(_ORDINALS) + r")"

# Who may have an age the user records: the user's children, partner and pets (single words of a
# household; a sister, a friend or a colleague may be one of several and is not the user's to date).
_KIN = r"(?:son|daughter|kid|child|baby|boy|girl|wife|husband|partner|dog|cat|puppy|kitten|pet)"
_MINE = r"(?:my|our|(?:the\s+)?user's)"
_NAME = r"(?-i:[A-Z][a-z]+)"
# Capitalised words that are never a pet's or a child's name.
_NOT_NAMES = frozenset("i he she it they we you this that there here who user my our his her their the "
                       "a an today now".split())
_OWNER = (rf"(?P<owner>(?:the\s+)?user|i|{_MINE}\s+(?P<kin>{_KIN})(?:,?\s+(?P<kname>{_NAME}),?)?"
          rf"|(?P<name>{_NAME}))")
_YEARS = r"(?:\s+(?:years?|yrs?)(?:\s+old|\s+of\s+age)?)?"
_BE = r"(?:\s+(?:is|am|are)|'s|'m)"
_RECENT = (r"(?:\s+(?:today|yesterday|recently|this\s+(?:week|month|year)|last\s+(?:week|weekend|month)|"
           r"on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
           r"in\s+(?:january|february|march|april|may|june|july|august|september|october|november|december)))?")
_ADVERB = r"(?:(?:just|recently|finally|officially)\s+)?"

_EXISTING_AGE = [
    re.compile(rf"^{_OWNER}{_BE}\s+(?P<age>{_NUM}){_YEARS}$", re.I),
    re.compile(rf"^{_OWNER}(?:'s\s+age(?:\s+is|:)|\s+age:)\s+(?P<age>{_NUM}){_YEARS}$", re.I),
    re.compile(rf"^(?P<owner>my)\s+age(?:\s+is|:)\s+(?P<age>{_NUM}){_YEARS}$", re.I),
]
_INCOMING_AGE = re.compile(
    rf"^{_OWNER}\s+(?:(?:has|have)\s+)?{_ADVERB}(?:turned\s+(?P<turned>{_NUM}){_YEARS}{_RECENT}"
    rf"|celebrated\s+(?P<poss>my|their|his|her|its)\s+(?P<nth>{_ORD})\s+birthday{_RECENT})$"
    rf"|^{_OWNER.replace('<', '<n_')}{_BE}\s+(?:(?P<now1>now)\s+)?(?P<age_now>{_NUM}){_YEARS}(?:\s+(?P<now2>now))?$",
    re.I)
_AGE_WORDS_RE = re.compile(r"\b(?:years?|yrs?)\b|\bage\b", re.I)
_AGE_CUE = re.compile(r"turned|birthday|\bnow\b", re.I)


def _number(word: str) -> int | None:
    low = word.lower()
    if low.isdigit():
        return int(low)
    if low in _WORDS:
        return _WORDS.index(low)
    digits = re.match(r"(\d{1,3})(?:st|nd|rd|th)$", low)
    if digits:
        return int(digits.group(1))
    return _ORDINALS.index(low) if low in _ORDINALS else None


def _who(m: re.Match[str], prefix: str = "") -> tuple[str, str, str] | None:
    """(owner class, kin, name): ("user", "", ""), ("mine", "daughter", "lily"), ("", "", "biscuit")."""
    groups = m.groupdict()
    owner = (groups.get(prefix + "owner") or "").lower()
    kin, kname, name = (groups.get(prefix + g) for g in ("kin", "kname", "name"))
    if kin:
        if kname and kname.lower() in _NOT_NAMES:
            return None
        return "mine", kin.lower(), (kname or "").lower()
    if name:
        return None if name.lower() in _NOT_NAMES else ("", "", name.lower())
    return ("user", "", "") if owner in ("i", "my", "user", "the user") else None


def _same_owner(old: tuple[str, str, str], new: tuple[str, str, str]) -> bool:
    if old[0] == "user" or new[0] == "user":
        return old == new
    if new[2]:
        # a name is its stored owner only when the stored memory names it; a kin said with it must agree
        return new[2] == old[2] and (not new[1] or new[1] == old[1])
    return bool(new[1]) and new[1] == old[1]  # "my daughter" / "my daughter (Lily)"


def age_changed(existing: str, incoming: str) -> tuple[str, str, str] | None:
    """(owner, old age, new age) when the incoming memory says the stored owner reached a later age."""
    found = one_sentence_matches(existing, incoming, _AGE_CUE, _INCOMING_AGE, _EXISTING_AGE)
    if found is None:
        return None
    o, n = found
    old_who = _who(o)
    if n.group("age_now") is not None:
        if not (n.group("now1") or n.group("now2")):
            return None  # a bare "is 35" is the grammar's to read
        new_who, new_age = _who(n, "n_"), _number(n.group("age_now"))
    else:
        new_who = _who(n)
        new_age = _number(n.group("turned") or n.group("nth"))
        poss = (n.group("poss") or "").lower()
        if poss and new_who is not None and (poss == "my") != (n.group("owner").lower() == "i"):
            return None  # "I celebrated their 35th birthday": someone else's birthday
    if old_who is None or new_who is None or not _same_owner(old_who, new_who):
        return None
    if old_who[0] == "" and n.group("age_now") is not None and not _AGE_WORDS_RE.search(o.string):
        return None  # "Team is 4." / "Team's 5 now": a bare name's number is an age only when said so
    old_age = _number(o.group("age"))
    if old_age is None or new_age is None or not 1 <= new_age - old_age <= 3:
        return None  # no birthday makes one younger or older by decades
    owner = "user" if old_who[0] == "user" else " ".join(w for w in (old_who[1], old_who[2]) if w)
    return owner, str(old_age), str(new_age)


# The user's household, and the kinds of members counted: a kitten is a cat, a baby a child.
_HOUSE = r"(?:(?:the\s+)?user|i|we)"
_KINDS = {"kid": "child", "kids": "child", "child": "child", "children": "child", "baby": "child", "babies": "child",
          "son": "son", "sons": "son", "daughter": "daughter", "daughters": "daughter",
          "cat": "cat", "cats": "cat", "dog": "dog", "dogs": "dog"}
_KIND = r"(?P<kind>" + "|".join(sorted(_KINDS, key=len, reverse=True)) + r")"
_EXISTING_COUNT = [re.compile(rf"^{_HOUSE}(?:\s+(?:has|have)(?:\s+got)?|'ve\s+got)\s+(?P<n>{_NUM})\s+{_KIND}$", re.I)]
_INCOMING_COUNT = re.compile(
    rf"^{_HOUSE}\s+{_ADVERB}(?:had|welcomed|adopted|got)\s+(?:our|my|their|an?)\s+(?P<nth>{_ORD})\s+"
    rf"{_KIND.replace('<kind>', '<kind1>')}{_RECENT}$"
    rf"|^{_HOUSE}\s+(?:now\s+)?(?:has|have)\s+(?P<n>{_NUM})\s+{_KIND}\s+now"
    rf"(?:,?\s+(?:since|after|because|as)\s+{_HOUSE}\s+{_ADVERB}(?:had|welcomed|adopted|got|rescued)\s+(?:an?|another)"
    rf"\s+(?:new\s+)?(?:baby|kitten|puppy|cat|dog|son|daughter)(?:\s+boy|\s+girl)?{_RECENT})?$", re.I)
_COUNT_CUE = re.compile(r"\bnow\b|had|welcomed|adopted|got", re.I)


def count_changed(existing: str, incoming: str) -> tuple[str, str, str] | None:
    """(kind, old count, new count) when the user's household now has more of one kind of member."""
    found = one_sentence_matches(existing, incoming, _COUNT_CUE, _INCOMING_COUNT, _EXISTING_COUNT)
    if found is None:
        return None
    o, n = found
    kind = _KINDS[o.group("kind").lower()]
    new_kind = _KINDS[(n.group("kind1") or n.group("kind")).lower()]
    was, now = _number(o.group("n")), _number(n.group("nth") or n.group("n"))
    if new_kind != kind or was is None or now is None or not 1 <= now - was <= 2:
        return None
    return kind, str(was), str(now)
