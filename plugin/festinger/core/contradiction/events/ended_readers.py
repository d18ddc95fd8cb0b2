"""The stored states `ended_states` reads, each with the result patterns that end it (pure logic).

A reader takes the stored memory's one sentence and returns (kind, key, results): "I have a peanut
allergy" is ("allergy", "peanut", [..."outgrew my peanut allergy"...]). The results are patterns
with SUBJ (the user) and OWN (the user's) left for the incoming clause (`ended_states._ends`).
A result built with the stored key carries the literals every match of it says (`Needs`), so that
the pattern of a new key is only compiled for a clause that names the key.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Callable

from festinger.core.contradiction.events.event_context import BE, NAME
from festinger.core.contradiction.lexicon import ended_states as es
from festinger.core.contradiction.text.cues import Cue

__all__ = ["OWN", "READERS", "U", "Needs", "Result", "compiled"]


_U = r"(?:i|the\s+user|user)"
_OWN = r"(?:my|(?:the\s+)?user's)"  # a clause opened by the user's own thing
_INNER = r"(?:my|her|his|their|the)"  # the user's thing after the user as subject
_HAS = r"(?:\s+has|\s+have|'ve|'s)?"
_ADV = r"(?:\s+(?:finally|just|officially|successfully|recently|completely|now))?"


def _stem(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") and len(word) > 3 else word


def _key(text: str) -> str:
    """The key as the incoming memory must say it: lower case, each word's plural optional."""
    return r"\s+".join(re.escape(_stem(w)) + "s?" for w in text.lower().split())


def _key_words(text: str) -> Needs:
    """What every match of `_key(text)` says: each word's stem (without its optional plural)."""
    return tuple((_stem(w),) for w in text.lower().split())


def _words(text: str) -> Needs:
    """What every match of the words of `text` joined by spaces says: each word."""
    return tuple((w,) for w in text.split())


_ONE_THING_RE = re.compile(r"(?<![\w'])(?:and|or|but|when|if|with|except|on|at|in|for|from)(?![\w'])|[,;]", re.I)


def _one_thing(key: str) -> bool:
    """A key that names one thing: no list, no clause ("peanuts and shellfish", "dogs when...")."""
    return not _ONE_THING_RE.search(key)


# A result pattern built with a stored key, and the literals a clause must say for it to match:
# each group of `Needs` has one of its literals in every match (case folded as the pattern's
# re.IGNORECASE). A pattern per stored key is compiled only for a clause that says them (most
# incoming memories never name the stored key), so new keys do not compile per pair.
Needs = tuple[tuple[str, ...], ...]
Result = "str | tuple[str, Needs]"
Reader = Callable[[str], "tuple[str, str, list[Result]] | None"]


_KIN = r"(?:my|(?:the\s+)?user's)\s+(?:son|daughter|kid|child|eldest|youngest|oldest|baby|toddler)"


_KIN_RE = re.compile(rf"^(?P<o>{_KIN})(?=\s+is\s|\s+has\s)", re.I)
_ALLERGIC_RE = re.compile(
    rf"^{_U}{BE}\s+(?:severely\s+|mildly\s+|very\s+|highly\s+)?allergic\s+to\s+(?P<k>[a-z][a-z' -]{{1,30}})$", re.I)
_ALLERGY_RE = re.compile(
    rf"^{_U}\s+(?:has|have)\s+an?\s+(?:severe\s+|mild\s+|serious\s+)?(?P<k>[a-z][a-z' -]{{1,30}}?)\s+allergy$", re.I)


def _spaced(phrase: str) -> str:
    """A pattern for `phrase`'s words with any run of spaces between them."""
    return r"\s+".join(re.escape(w) for w in phrase.split())


def _allergy(s: str) -> tuple[str, str, list[Result]] | None:
    kin = _KIN_RE.match(s)
    if kin is not None:  # "My son is allergic to eggs": his, said by his name-role again
        found = _allergy("I" + s[kin.end():].replace(" is ", "'m ", 1).replace(" has ", " have ", 1))
        if found is None:
            return None
        owner = _spaced(kin["o"])
        return found[0], found[1], [(p.replace("SUBJ", f"(?:{owner})").replace("OWN", f"(?:{owner}'s)")
                                     .replace(rf"{BE}\s+not", r"(?:\s+isn't|\s+is\s+not)").replace(
                                         rf"{_INNER}\s+", r"(?:his|her|their|the)\s+"), needs)
                                    for p, needs in found[2]]
    m = _ALLERGIC_RE.match(s) or _ALLERGY_RE.match(s)
    if not m or not _one_thing(m["k"]) or len(m["k"].split()) > 3:
        return None
    k, needs = _key(m["k"]), _key_words(m["k"]) + (("allerg",),)  # every result says "allergy" or "allergic"
    return "allergy", m["k"], [(p, needs) for p in (
        rf"SUBJ\s*(?:{es.ALLERGY_USER_ENDS})\s+{_INNER}\s+{k}\s+allerg(?:y|ies)",
        rf"OWN\s+{k}\s+allergy\s+(?:{es.ALLERGY_GONE})",
        rf"the\s+{k}\s+allergy\s+(?:{es.ALLERGY_GONE})",
        rf"SUBJ{BE}\s+not\s+(?:actually\s+)?allergic\s+to\s+{k}\s+after\s+all",
        rf"SUBJ{BE}\s+no\s+longer\s+allergic\s+to\s+{k}",
        rf"SUBJ{BE}\s+not\s+allergic\s+to\s+{k}\s*,?\s+any\s*more",
    )]


_WEARS_RE = re.compile(rf"^{_U}\s+(?:wears?|(?:has|have)\s+to\s+wear|needs?)\s+(?P<k>{'|'.join(es.AIDS)})$", re.I)
_HAS_AID_RE = re.compile(rf"^{_U}\s+(?:has|have)\s+(?P<k>braces|a\s+cast)(?:\s+on\s+(?:my|her|his|their)\s+\w+)?$", re.I)


def _aid(s: str) -> tuple[str, str, list[Result]] | None:  # the aids are a closed list: no pattern per key
    m = _WEARS_RE.match(s) or _HAS_AID_RE.match(s)
    if not m:
        return None
    said = re.sub(r"\s+", " ", m["k"].lower())
    group = es.AIDS[said]
    if group == "sight":
        word = re.escape(said)
        return "aid", said, [
            rf"SUBJ(?:\s+had|\s+got|'ve\s+had|\s+have\s+had|\s+has\s+had){_ADV}\s+(?:{es.SIGHT_SURGERY})",
            rf"no\s+more\s+{word}",
            rf"SUBJ\s+(?:don't|doesn't|do\s+not|does\s+not)\s+need\s+(?:{_INNER}\s+)?{word}\s+any\s*more",
        ]
    word = es.AID_OFF[group]
    return "aid", said, [
        rf"SUBJ\s+(?:got|had|'ve\s+had|has\s+had){_ADV}\s+{_INNER}\s+{word}\s+(?:off|removed)",
        rf"OWN\s+{word}\s+(?:came|are|is|were|was|got)\s+(?:finally\s+)?(?:off|removed)",
    ]


_LIVES_AT_HOME_RE = re.compile(rf"^{_OWN}\s+(?P<k>{es.HOUSEHOLD})(?:,?\s+(?P<n>{NAME}),?)?\s+(?:lives|is\s+living)\s+"
                               r"(?:at\s+home|with\s+(?:me|us|the\s+user|him|her|them))$", re.I)
_LIVES_WITH_RE = re.compile(rf"^{_U}\s+(?:lives?|is\s+living|'m\s+living|am\s+living)\s+with\s+(?:my|her|his|their)\s+"
                            rf"(?P<k>{es.HOUSEHOLD})(?:,?\s+(?P<n>{NAME}))?$", re.I)


def _household(s: str) -> tuple[str, str, list[Result]] | None:
    m = _LIVES_AT_HOME_RE.match(s) or _LIVES_WITH_RE.match(s)
    if not m:
        return None
    role, name = m["k"].lower(), m["n"]
    if name is None:  # the roles are a closed list: no pattern per key
        return "household", role, [rf"OWN\s+{re.escape(role)}\s+(?:{es.MOVED_OUT})"]
    return "household", f"{role} {name}", [(rf"{w}\s+(?:{es.MOVED_OUT})", ((name,),)) for w in (
        rf"OWN\s+{re.escape(role)}\s+{re.escape(name)}", rf"(?-i:{re.escape(name)})")]


_HABIT_RE = re.compile(rf"^{_U}\s+(?:don't|doesn't|do\s+not|does\s+not|never)\s+(?P<v>drink|smoke|eat)"
                       r"(?:\s+(?P<o>alcohol|meat|cigarettes))?$", re.I)


def _habit(s: str) -> tuple[str, str, list[Result]] | None:  # a closed list of habits: no pattern per key
    m = _HABIT_RE.match(s)
    if not m or (m["v"].lower(), (m["o"] or "").lower()) not in es.HABIT_OBJECTS:
        return None
    verb = es.HABIT_VERBS[m["v"].lower()]
    return "habit", s, [
        rf"SUBJ{_HAS}\s+(?:started|begun|began|gone\s+back\s+to|taken\s+up|took\s+up)\s+(?P<hv>{verb})"
        rf"(?:\s+{es.HABIT_MEASURE}(?P<ho>(?!again\b)[a-z]+))?(?:\s+(?:with|at)\s+(?:dinner|meals?|lunch))?(?:\s+again)?",
        rf"SUBJ{BE}\s+(?P<hv>{verb})(?:\s+{es.HABIT_MEASURE}(?P<ho>(?!again\b)[a-z]+))?\s+again",
    ]


_LOVES_RE = re.compile(rf"^{_U}\s+(?:really\s+|absolutely\s+|just\s+)?(?:{es.TASTE_LOVES})\s+(?P<o>[a-z][\w' -]{{2,40}})$",
                       re.I)
_PRONOUN_OBJECT_RE = re.compile(r"(?<![\w'])(?:it|them|that|this|to|you)(?![\w'])", re.I)


def _taste(s: str) -> tuple[str, str, list[Result]] | None:
    m = _LOVES_RE.match(s)
    if not m or not _one_thing(m["o"]) or _PRONOUN_OBJECT_RE.search(m["o"]):
        return None
    o, needs = _key(m["o"]), _key_words(m["o"])
    return "taste", m["o"], [
        (rf"SUBJ\s+(?:{es.TASTE_SOURED_NEEDS_NOW})\s+{o}\s*,?\s+(?:any\s*more|now|these\s+days|nowadays)", needs),
        (rf"SUBJ\s*{es.TASTE_SOURED}\s+{o}", needs),
    ]


_TOGGLE_RE = re.compile(rf"^(?:the\s+)?(?P<x>[a-z][\w.'/-]*(?:\s+[\w.'/-]+){{0,5}}?)\s+(?:is|are)\s+(?:currently\s+)?"
                        rf"(?P<st>{es.TOGGLE_ON}|{es.TOGGLE_OFF})(?P<sc>\s+(?:on|for|in)\s+[\w.'/ -]{{2,40}})?$", re.I)
_IS_ARE = Cue(r"\s(?:is|are)\s")
_TOGGLE_HOLDER_RE = re.compile(r"(?:i|my|we|our|user|the\s+user|it|this|that|he|she|they)\b", re.I)
_TOGGLE_ON_RE = re.compile(es.TOGGLE_ON, re.I)


def _toggle(s: str) -> tuple[str, str, list[Result]] | None:
    m = _TOGGLE_RE.match(s) if _IS_ARE.search(s) else None  # (its lazy runs are slow: the verb is looked for first)
    if not m or _TOGGLE_HOLDER_RE.match(m["x"]):
        return None
    on = bool(_TOGGLE_ON_RE.fullmatch(m["st"]))
    verbs, states = ((es.TOGGLE_VERBS_OFF, es.TOGGLE_OFF) if on else (es.TOGGLE_VERBS_ON, es.TOGGLE_ON))
    x = _spaced(m["x"])
    sc = _spaced(m["sc"] or "")
    sc = rf"\s+{sc}" if sc else ""
    who = r"(?:(?:we|i|they|ops|it|the\s+team|the\s+user|someone)(?:'ve|\s+have|\s+has)?\s+)?"
    needs = _words(m["x"])
    return "toggle", f"{m['x']} {m['st']}", [(p, needs) for p in (
        rf"{who}(?:just\s+|finally\s+)?(?:{verbs})\s+(?:the\s+)?{x}{sc}",
        rf"(?:the\s+)?{x}{sc}\s+(?:has\s+been|have\s+been|was|were|got|is\s+now|are\s+now)\s+(?:{states})",
        rf"(?:the\s+)?{x}\s+(?:has\s+been|have\s+been|was|were|got|is\s+now|are\s+now)\s+(?:{states}){sc}",
    )]


_SCHEDULED_RE = re.compile(
    rf"^(?:the\s+|our\s+)?(?P<ev>[a-z][\w.'-]*(?:\s+[\w.'-]+){{0,3}}?)(?P<q>\s+for\s+(?:the\s+)?[\w.'-]+"
    rf"(?:\s+[\w.'-]+){{0,3}}?)?\s+(?:is|will\s+be|was)\s+(?:on|scheduled\s+for|set\s+for|planned\s+for|"
    rf"booked\s+for)\s+(?:{es.DATE})$", re.I)
_SET_FOR = Cue(r"\s(?:is|will\s+be|was)\s+(?:on|scheduled\s+for|set\s+for|planned\s+for|booked\s+for)\s")
_EVENT_HOLDER_RE = re.compile(r"(?:i|my|we|user|the\s+user|it|this|that|he|she|they)\b", re.I)


def _scheduled(s: str) -> tuple[str, str, list[Result]] | None:
    m = _SCHEDULED_RE.match(s) if _SET_FOR.search(s) else None  # (likewise)
    if not m or _EVENT_HOLDER_RE.match(m["ev"]):
        return None
    ev = _spaced(m["ev"])
    q = _spaced(m["q"] or "")
    q = rf"\s+{q}" if q else ""
    cancelled = rf"(?:has\s+been|have\s+been|was|is|got|had\s+to\s+be|'s\s+been)\s+(?:{es.CANCELLED})"
    needs = _words(m["ev"])
    return "event", f"{m['ev']}{m['q'] or ''}", [(p, needs) for p in (
        rf"(?:the\s+|our\s+)?{ev}{q}\s+{cancelled}", rf"(?:the\s+|our\s+)?{ev}\s+{cancelled}{q}",
        rf"(?:we|they)(?:'ve|\s+have)?\s+(?:{es.CANCELLED})\s+(?:the\s+|our\s+)?{ev}{q}",
    )]


def _part_of(words: list[str]) -> str:
    """The thing named by some of its own words ("the BMW", "the X3" of a BMW X3), nothing else."""
    one = "(?:" + "|".join(re.escape(w) for w in words) + ")"
    return rf"(?P<kp>{one}(?:\s+{one}){{0,3}})"


@lru_cache(maxsize=4096)
def _fill(pattern: str, key: str = "", name: str | None = None) -> str:
    """A table pattern with its tokens filled in (SUBJ and OWN stay for the clause)."""
    words = key.split()
    for token, value in (("<U>", _U), ("<BE>", BE), ("<HAS>", _HAS), ("<ADV>", _ADV), ("<INNER>", _INNER),
                         ("<NAME>", NAME), ("<K>", _key(key) if key else "(?!)"),
                         ("<KH>", _key(words[-1]) if len(words) > 1 else "(?!)"),
                         ("<KP>", _part_of(words) if words else "(?!)"),
                         ("<N>", rf"(?-i:{re.escape(name)})" if name else "(?!)")):
        pattern = pattern.replace(token, value)
    return pattern


@lru_cache(maxsize=4096)
def _compiled(pattern: str) -> re.Pattern[str]:
    """Compiled once: filled patterns outnumber `re`'s own cache of 512 (0.4 ms a pair recompiling)."""
    return re.compile(pattern, re.I)


_ARTICLE_RE = re.compile(r"^(?:an?|the)\s+")


def _table_needs(result: str, key: str) -> Needs:
    """What a table result says of its key: <K> all its words, <KH> its last, <KP> one of them (the
    table never puts them in an optional part of a result); a name (<N>) may go unsaid."""
    words = key.split()
    if "<K>" in result and key:
        return _key_words(key)
    if "<KH>" in result and len(words) > 1:
        return _key_words(words[-1])
    if "<KP>" in result and words:
        return (tuple(words),)
    return ()


def _table(s: str) -> tuple[str, str, list[Result]] | None:
    """A state of `lexicon.ended_states.TABLE`: a treatment, an illness, a loan, a search, a leave..."""
    for kind, shapes, results in _TABLE:
        for shape in shapes:
            m = shape.match(s)
            if m is not None and _one_thing(m.groupdict().get("k") or ""):
                key = _ARTICLE_RE.sub("", " ".join((m.groupdict().get("k") or "").lower().split()))
                return kind, key or s, [(_fill(r, key, m.groupdict().get("n")), _table_needs(r, key)) for r in results]
    return None


# The table's stored shapes filled and compiled once (every stored sentence is tried against them).
_TABLE = tuple((kind, tuple(_compiled(_fill(shape)) for shape in shapes), results) for kind, shapes, results in es.TABLE)
_LAPSE = (r"(?:in|for)\s+(?:months|years|ages|over\s+a\s+year|a\s+(?:long\s+time|year)|"
          r"(?:a\s+few|several|many|two|three|four|five|six|\d{1,2})\s+(?:months|years))")


def _participles(verb: str) -> set[str]:
    """The past participles a regular verb may take ("knit" -> knitted, "play" -> played)."""
    return {verb + "ed", verb + "d", verb + verb[-1] + "ed", verb[:-1] + "ied"}


_HABITUAL_RE = re.compile(
    rf"^(?P<u>{_U})\s+(?:usually\s+|regularly\s+|often\s+)?(?P<v>[a-z]{{2,15}})(?P<o>(?:\s+[\w'-]+){{0,6}})$", re.I)


def _lapsed(s: str) -> tuple[str, str, list[Result]] | None:
    """"The user knits in the evenings" / "The user hasn't knitted in months": a habit not done in months."""
    m = _HABITUAL_RE.match(s)
    if m is None or m["v"].lower() in es.NOT_HABIT:
        return None
    v = m["v"].lower()
    if m["u"].lower() != "i":
        if not v.endswith("s") or v.endswith("ss"):
            return None
        v = v[:-2] if v.endswith(("ches", "shes", "xes", "sses")) else v[:-1]
    pp = "|".join(sorted(map(re.escape, _participles(v))))
    objects = "|".join(re.escape(w) for w in m["o"].lower().split() if len(w) > 2) or "(?!)"
    return "lapsed", s, [(rf"SUBJ(?:\s+hasn't|\s+haven't|\s+has\s+not|\s+have\s+not)\s+(?:really\s+)?(?:{pp})"
                         rf"(?:\s+(?:the\s+|my\s+|her\s+|his\s+)?(?:{objects})){{0,2}}\s+{_LAPSE}",
                         (tuple(sorted(_participles(v))),))]


_THING_IS_RE = re.compile(r"^(?:the|our)\s+(?P<x>[a-z][\w'-]*(?:\s+[\w'-]+){0,3}?)(?P<q>\s+(?:for|at|in|on)\s+"
                          r"(?:the\s+|our\s+)?[\w'-]+(?:\s+[\w'-]+){0,2}?)?\s+(?:is|are)\s+\S.*$", re.I)
_USERS_RE = re.compile(r"(?:user|user's)\b", re.I)


def _gone(s: str) -> tuple[str, str, list[Result]] | None:
    """"The travel budget for the offsite is $2,000" / "There's no travel budget for the offsite anymore"."""
    m = _THING_IS_RE.match(s)
    if m is None or _USERS_RE.match(m["x"]):
        return None
    x = _spaced(m["x"] + (m["q"] or ""))
    needs = _words(m["x"] + (m["q"] or ""))
    return "gone", m["x"] + (m["q"] or ""), [
        (rf"there(?:'s|\s+is|\s+are)\s+no\s+(?:longer\s+(?:an?|any)\s+)?(?:the\s+)?{x}\s+any\s*more",
         needs + (("there",),)),
        (rf"there(?:'s|\s+is|\s+are)\s+no\s+longer\s+(?:an?|any)\s+{x}", needs + (("there",),)),
        (rf"(?:we|i)\s+(?:don't|do\s+not|no\s+longer)\s+have\s+(?:an?|any)\s+{x}(?:\s+any\s*more)?",
         needs + (("have",),)),
        (rf"(?:the|our)\s+{x}\s+(?:has\s+been|was|got)\s+(?:eliminated|scrapped|axed|discontinued|abolished)",
         needs + (("eliminated", "scrapped", "axed", "discontinued", "abolished"),))]



READERS: tuple[Reader, ...] = (_table, _allergy, _aid, _household, _habit, _taste, _toggle,
                               _scheduled, _gone, _lapsed)
U, OWN, compiled = _U, _OWN, _compiled  # the clause reader fills SUBJ and OWN with them
