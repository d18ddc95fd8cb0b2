"""A stored state of the user's ended by its RESULT, said without "no longer" (pure logic).

"I have a peanut allergy" / "I outgrew my peanut allergy", "I wear glasses" / "I got LASIK, so no more
glasses", "I lease a BMW X3" / "The BMW lease ended", "SSH password login is enabled on the bastion" /
"We disabled SSH password login on the bastion" (more in tests/core/test_ended_states.py).

The grammar compares a state with its denial; these endings name no denial but the state's HEAD
(the allergy, the exam, the lease, the setting) as the object of a result verb. Each kind below
pairs one stored shape, which yields the head (a key), with the result phrases that end it
(`lexicon.ended_states`); the key must come back whole in the result ("the BMW lease" for "a BMW
X3", never "my old BMW lease"; "the CPA exam", not "part 1 of the CPA exam").

Every incoming sentence an event rule may read (`change_gates.readable_sentences`) is cut into
clauses ("The user passed the CPA exam, so she's done studying"); a clause must open with the user
(I, the user, my, the user's; a he/she only after a clause that opened with the user), and after
the result only a recent time, "now", "anymore", a reason ("since having kids") or a purpose ("to
go to university") may follow. Refused anywhere in the memory: a plan, a hedge, old news
(`change_gates.unsure_change`), a period or a part ("for a week", "for reading", "on weekends",
"still", "but", "only", "again" but for a habit taken up again).
"""

from __future__ import annotations

import re
from functools import lru_cache
from dataclasses import dataclass
from typing import Callable, Iterator

from festinger.core.contradiction.updates.change_gates import readable_sentences, unsure_change
from festinger.core.contradiction.events.event_context import BE, NAME, RECENT, stored_sentence
from festinger.core.contradiction.lexicon import ended_states as es
from festinger.core.contradiction.updates.named_end_guards import JUST_NOW_RE
from festinger.core.contradiction.text.retraction import retracted_inline
from festinger.core.contradiction.text.segment import split_pieces
from festinger.core.contradiction.verdict import Contradiction, clip

__all__ = ["by_state_ended", "state_ended"]

_U = r"(?:i|the\s+user|user)"
_OWN = r"(?:my|(?:the\s+)?user's)"  # a clause opened by the user's own thing
_INNER = r"(?:my|her|his|their|the)"  # the user's thing after the user as subject
_HAS = r"(?:\s+has|\s+have|'ve|'s)?"
_ADV = r"(?:\s+(?:finally|just|officially|successfully|recently|completely|now))?"
_RECENT = RECENT.replace("(?P<when>", "(?:")
# What may follow a result: when it happened, that it lasts, why, or what for.
_TAIL_RE = re.compile(
    rf"(?:{_RECENT[:-1]}|\s*,?\s*(?:now|any\s*more|for\s+good|at\s+last|after\s+all|permanently|completely|"
    r"in\s+the\s+(?:spring|summer|fall|autumn|winter)|(?:since|after|thanks\s+to|following)\s+[^,;]{3,60}|"
    r"to\s+(?:go|study|attend|live|start|work|move)\s+[^,;]{2,60}|at\s+the\s+end\s+of\s+(?:the|my|her|his|its)\s+lease|(?:this|last)\s+(?:spring|summer|fall|autumn|winter)))*"
    r"\s*$", re.I)
# What a sentence may open with before its subject: a reason or a news word ("After three years of
# immunotherapy, I ...", "Good news: ...", "So ...").
_LEAD = r"(?:(?:after|following|thanks\s+to)\s+[^,]{3,60},?\s+|(?:so|well|finally|good\s+news|turns\s+out)[:,]?\s+)?"
_UNDO_RE = re.compile(rf"(?<![\w'])(?:{es.UNDO})(?![\w'])", re.I)
# "keys only", "Linux-only": what is left, not a part.
_ONLY_RE = re.compile(r"(?<=\w)[- ]only(?=\s*[.!]?$)", re.I)
_LONG_AGO_RE = re.compile(r"(?<![\w'])(?:last\s+(?:month|year|spring|summer|autumn|fall|winter)|months?\s+ago|"
                          r"in\s+(?:january|february|march|april|may|june|july|august|september|october|november|"
                          r"december|the\s+(?:spring|summer|autumn|fall|winter)))(?![\w'])", re.I)
_AGAIN_RE = re.compile(r"(?<![\w'])again(?![\w'])", re.I)
_CLAUSE_SPLIT_RE = re.compile(r"\s*[;,:]\s*(?:(?:and|so)\s+)?(?:now\s+)?|\s+(?:and|so)\s+(?:now\s+)?", re.I)
# A clause that opens with a past verb has the first clause's subject ("... and gave the Pixel away").
_ELIDED_RE = re.compile(r"(?:gave|got|had|took|sold|went|left|passed|ran|handed|donated|[a-z]+ed)\s", re.I)
_THIRD_RE = re.compile(r"^(?:the\s+)?user\b", re.I)


@dataclass(frozen=True)
class Ended:
    """A stored state of the user's (`kind`, its key) and the incoming clause that ends it."""

    kind: str
    state: str
    event: str


def _key(text: str) -> str:
    """The key as the incoming memory must say it: lower case, each word's plural optional."""
    return r"\s+".join(re.escape(w[:-1] if w.endswith("s") and not w.endswith("ss") and len(w) > 3 else w) + "s?"
                       for w in text.lower().split())


def _one_thing(key: str) -> bool:
    """A key that names one thing: no list, no clause ("peanuts and shellfish", "dogs when...")."""
    return not re.search(r"(?<![\w'])(?:and|or|but|when|if|with|except|on|at|in|for|from)(?![\w'])|[,;]", key, re.I)


Reader = Callable[[str], "tuple[str, str, list[str]] | None"]


_KIN = r"(?:my|(?:the\s+)?user's)\s+(?:son|daughter|kid|child|eldest|youngest|oldest|baby|toddler)"


def _allergy(s: str) -> tuple[str, str, list[str]] | None:
    kin = re.match(rf"^(?P<o>{_KIN})(?=\s+is\s|\s+has\s)", s, re.I)
    if kin is not None:  # "My son is allergic to eggs": his, said by his name-role again
        found = _allergy("I" + s[kin.end():].replace(" is ", "'m ", 1).replace(" has ", " have ", 1))
        if found is None:
            return None
        owner = r"\s+".join(re.escape(w) for w in kin["o"].split())
        return found[0], found[1], [p.replace("SUBJ", f"(?:{owner})").replace("OWN", f"(?:{owner}'s)")
                                    .replace(rf"{BE}\s+not", r"(?:\s+isn't|\s+is\s+not)").replace(
                                        rf"{_INNER}\s+", r"(?:his|her|their|the)\s+") for p in found[2]]
    m = (re.match(rf"^{_U}{BE}\s+(?:severely\s+|mildly\s+|very\s+|highly\s+)?allergic\s+to\s+(?P<k>[a-z][a-z' -]{{1,30}})$",
                  s, re.I)
         or re.match(rf"^{_U}\s+(?:has|have)\s+an?\s+(?:severe\s+|mild\s+|serious\s+)?(?P<k>[a-z][a-z' -]{{1,30}}?)\s+"
                     r"allergy$", s, re.I))
    if not m or not _one_thing(m["k"]) or len(m["k"].split()) > 3:
        return None
    k = _key(m["k"])
    return "allergy", m["k"], [
        rf"SUBJ\s*(?:{es.ALLERGY_USER_ENDS})\s+{_INNER}\s+{k}\s+allerg(?:y|ies)",
        rf"OWN\s+{k}\s+allergy\s+(?:{es.ALLERGY_GONE})",
        rf"the\s+{k}\s+allergy\s+(?:{es.ALLERGY_GONE})",
        rf"SUBJ{BE}\s+not\s+(?:actually\s+)?allergic\s+to\s+{k}\s+after\s+all",
        rf"SUBJ{BE}\s+no\s+longer\s+allergic\s+to\s+{k}",
        rf"SUBJ{BE}\s+not\s+allergic\s+to\s+{k}\s*,?\s+any\s*more",
    ]


def _aid(s: str) -> tuple[str, str, list[str]] | None:
    m = (re.match(rf"^{_U}\s+(?:wears?|(?:has|have)\s+to\s+wear|needs?)\s+(?P<k>{'|'.join(es.AIDS)})$", s, re.I)
         or re.match(rf"^{_U}\s+(?:has|have)\s+(?P<k>braces|a\s+cast)(?:\s+on\s+(?:my|her|his|their)\s+\w+)?$", s, re.I))
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


def _household(s: str) -> tuple[str, str, list[str]] | None:
    m = (re.match(rf"^{_OWN}\s+(?P<k>{es.HOUSEHOLD})(?:,?\s+(?P<n>{NAME}),?)?\s+(?:lives|is\s+living)\s+"
                  r"(?:at\s+home|with\s+(?:me|us|the\s+user|him|her|them))$", s, re.I)
         or re.match(rf"^{_U}\s+(?:lives?|is\s+living|'m\s+living|am\s+living)\s+with\s+(?:my|her|his|their)\s+"
                     rf"(?P<k>{es.HOUSEHOLD})(?:,?\s+(?P<n>{NAME}))?$", s, re.I))
    if not m:
        return None
    role, name = m["k"].lower(), m["n"]
    who = [rf"OWN\s+{re.escape(role)}"] if name is None else [
        rf"OWN\s+{re.escape(role)}\s+{re.escape(name)}", rf"(?-i:{re.escape(name)})"]
    return "household", f"{role} {name or ''}".strip(), [rf"{w}\s+(?:{es.MOVED_OUT})" for w in who]


def _habit(s: str) -> tuple[str, str, list[str]] | None:
    m = re.match(rf"^{_U}\s+(?:don't|doesn't|do\s+not|does\s+not|never)\s+(?P<v>drink|smoke|eat)"
                 r"(?:\s+(?P<o>alcohol|meat|cigarettes))?$", s, re.I)
    if not m or (m["v"].lower(), (m["o"] or "").lower()) not in es.HABIT_OBJECTS:
        return None
    verb = es.HABIT_VERBS[m["v"].lower()]
    return "habit", s, [
        rf"SUBJ{_HAS}\s+(?:started|begun|began|gone\s+back\s+to|taken\s+up|took\s+up)\s+(?P<hv>{verb})"
        rf"(?:\s+{es.HABIT_MEASURE}(?P<ho>(?!again\b)[a-z]+))?(?:\s+(?:with|at)\s+(?:dinner|meals?|lunch))?(?:\s+again)?",
        rf"SUBJ{BE}\s+(?P<hv>{verb})(?:\s+{es.HABIT_MEASURE}(?P<ho>(?!again\b)[a-z]+))?\s+again",
    ]


def _taste(s: str) -> tuple[str, str, list[str]] | None:
    m = re.match(rf"^{_U}\s+(?:really\s+|absolutely\s+|just\s+)?(?:{es.TASTE_LOVES})\s+(?P<o>[a-z][\w' -]{{2,40}})$",
                 s, re.I)
    if not m or not _one_thing(m["o"]) or re.search(r"(?<![\w'])(?:it|them|that|this|to|you)(?![\w'])", m["o"], re.I):
        return None
    o = _key(m["o"])
    return "taste", m["o"], [
        rf"SUBJ\s+(?:{es.TASTE_SOURED_NEEDS_NOW})\s+{o}\s*,?\s+(?:any\s*more|now|these\s+days|nowadays)",
        rf"SUBJ\s*{es.TASTE_SOURED}\s+{o}",
    ]


def _toggle(s: str) -> tuple[str, str, list[str]] | None:
    m = re.match(rf"^(?:the\s+)?(?P<x>[a-z][\w.'/-]*(?:\s+[\w.'/-]+){{0,5}}?)\s+(?:is|are)\s+(?:currently\s+)?"
                 rf"(?P<st>{es.TOGGLE_ON}|{es.TOGGLE_OFF})(?P<sc>\s+(?:on|for|in)\s+[\w.'/ -]{{2,40}})?$", s, re.I)
    if not m or re.match(r"(?:i|my|we|our|user|the\s+user|it|this|that|he|she|they)\b", m["x"], re.I):
        return None
    on = bool(re.fullmatch(es.TOGGLE_ON, m["st"], re.I))
    verbs, states = ((es.TOGGLE_VERBS_OFF, es.TOGGLE_OFF) if on else (es.TOGGLE_VERBS_ON, es.TOGGLE_ON))
    x = r"\s+".join(re.escape(w) for w in m["x"].split())
    sc = r"\s+".join(re.escape(w) for w in (m["sc"] or "").split())
    sc = rf"\s+{sc}" if sc else ""
    who = r"(?:(?:we|i|they|ops|it|the\s+team|the\s+user|someone)(?:'ve|\s+have|\s+has)?\s+)?"
    return "toggle", f"{m['x']} {m['st']}", [
        rf"{who}(?:just\s+|finally\s+)?(?:{verbs})\s+(?:the\s+)?{x}{sc}",
        rf"(?:the\s+)?{x}{sc}\s+(?:has\s+been|have\s+been|was|were|got|is\s+now|are\s+now)\s+(?:{states})",
        rf"(?:the\s+)?{x}\s+(?:has\s+been|have\s+been|was|were|got|is\s+now|are\s+now)\s+(?:{states}){sc}",
    ]


def _scheduled(s: str) -> tuple[str, str, list[str]] | None:
    m = re.match(rf"^(?:the\s+|our\s+)?(?P<ev>[a-z][\w.'-]*(?:\s+[\w.'-]+){{0,3}}?)(?P<q>\s+for\s+(?:the\s+)?[\w.'-]+"
                 rf"(?:\s+[\w.'-]+){{0,3}}?)?\s+(?:is|will\s+be|was)\s+(?:on|scheduled\s+for|set\s+for|planned\s+for|"
                 rf"booked\s+for)\s+(?:{es.DATE})$", s, re.I)
    if not m or re.match(r"(?:i|my|we|user|the\s+user|it|this|that|he|she|they)\b", m["ev"], re.I):
        return None
    ev = r"\s+".join(re.escape(w) for w in m["ev"].split())
    q = r"\s+".join(re.escape(w) for w in (m["q"] or "").split())
    q = rf"\s+{q}" if q else ""
    cancelled = rf"(?:has\s+been|have\s+been|was|is|got|had\s+to\s+be|'s\s+been)\s+(?:{es.CANCELLED})"
    return "event", f"{m['ev']}{m['q'] or ''}", [
        rf"(?:the\s+|our\s+)?{ev}{q}\s+{cancelled}", rf"(?:the\s+|our\s+)?{ev}\s+{cancelled}{q}",
        rf"(?:we|they)(?:'ve|\s+have)?\s+(?:{es.CANCELLED})\s+(?:the\s+|our\s+)?{ev}{q}",
    ]


def _part_of(words: list[str]) -> str:
    """The thing named by some of its own words ("the BMW", "the X3" of a BMW X3), nothing else."""
    one = "(?:" + "|".join(re.escape(w) for w in words) + ")"
    return rf"{one}(?:\s+{one}){{0,3}}"


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


def _table(s: str) -> tuple[str, str, list[str]] | None:
    """A state of `lexicon.ended_states.TABLE`: a treatment, an illness, a loan, a search, a leave..."""
    for kind, shapes, results in es.TABLE:
        for shape in shapes:
            m = _compiled(_fill(shape)).match(s)
            if m is not None and _one_thing(m.groupdict().get("k") or ""):
                key = re.sub(r"^(?:an?|the)\s+", "", " ".join((m.groupdict().get("k") or "").lower().split()))
                return kind, key or s, [_fill(r, key, m.groupdict().get("n")) for r in results]
    return None


_LAPSE = (r"(?:in|for)\s+(?:months|years|ages|over\s+a\s+year|a\s+(?:long\s+time|year)|"
          r"(?:a\s+few|several|many|two|three|four|five|six|\d{1,2})\s+(?:months|years))")


def _participles(verb: str) -> set[str]:
    """The past participles a regular verb may take ("knit" -> knitted, "play" -> played)."""
    return {verb + "ed", verb + "d", verb + verb[-1] + "ed", verb[:-1] + "ied"}


def _lapsed(s: str) -> tuple[str, str, list[str]] | None:
    """"The user knits in the evenings" / "The user hasn't knitted in months": a habit not done in months."""
    m = re.match(rf"^(?P<u>{_U})\s+(?:usually\s+|regularly\s+|often\s+)?(?P<v>[a-z]{{2,15}})(?P<o>(?:\s+[\w'-]+){{0,6}})$",
                 s, re.I)
    if m is None or m["v"].lower() in es.NOT_HABIT:
        return None
    v = m["v"].lower()
    if m["u"].lower() != "i":
        if not v.endswith("s") or v.endswith("ss"):
            return None
        v = v[:-2] if v.endswith(("ches", "shes", "xes", "sses")) else v[:-1]
    pp = "|".join(sorted(map(re.escape, _participles(v))))
    objects = "|".join(re.escape(w) for w in m["o"].lower().split() if len(w) > 2) or "(?!)"
    return "lapsed", s, [rf"SUBJ(?:\s+hasn't|\s+haven't|\s+has\s+not|\s+have\s+not)\s+(?:really\s+)?(?:{pp})"
                        rf"(?:\s+(?:the\s+|my\s+|her\s+|his\s+)?(?:{objects})){{0,2}}\s+{_LAPSE}"]


def _gone(s: str) -> tuple[str, str, list[str]] | None:
    """"The travel budget for the offsite is $2,000" / "There's no travel budget for the offsite anymore"."""
    m = re.match(r"^(?:the|our)\s+(?P<x>[a-z][\w'-]*(?:\s+[\w'-]+){0,3}?)(?P<q>\s+(?:for|at|in|on)\s+(?:the\s+|our\s+)?"
                 r"[\w'-]+(?:\s+[\w'-]+){0,2}?)?\s+(?:is|are)\s+\S.*$", s, re.I)
    if m is None or re.match(r"(?:user|user's)\b", m["x"], re.I):
        return None
    x = r"\s+".join(re.escape(w) for w in (m["x"] + (m["q"] or "")).split())
    return "gone", m["x"] + (m["q"] or ""), [
        rf"there(?:'s|\s+is|\s+are)\s+no\s+(?:longer\s+(?:an?|any)\s+)?(?:the\s+)?{x}\s+any\s*more",
        rf"there(?:'s|\s+is|\s+are)\s+no\s+longer\s+(?:an?|any)\s+{x}",
        rf"(?:we|i)\s+(?:don't|do\s+not|no\s+longer)\s+have\s+(?:an?|any)\s+{x}(?:\s+any\s*more)?",
        rf"(?:the|our)\s+{x}\s+(?:has\s+been|was|got)\s+(?:eliminated|scrapped|axed|discontinued|abolished)"]


# Words every result of a kind says, checked before its patterns (one per stored key) are compiled.
_GATES = {"lapsed": re.compile(r"(?<![\w'])(?:has|have)(?:n['\u2019]?t|\s+not)(?![\w'])", re.I),
          "gone": re.compile(r"(?<![\w'])(?:no|not)(?![\w'])|n['\u2019]t|eliminat|scrapp|axed|discontinu|abolish", re.I)}
_READERS: tuple[Reader, ...] = (_table, _allergy, _aid, _household, _habit, _taste, _toggle,
                                _scheduled, _gone, _lapsed)


# ---- reading the incoming memory ----

def _clauses(sentence: str) -> Iterator[tuple[str, str, str]]:
    """Each clause of a sentence with the subjects and the openers it may start with: the first
    the user or the user's thing; a later one a he/she too when the first opened with "the user"."""
    parts: list[str] = []
    for part in _CLAUSE_SPLIT_RE.split(sentence):
        if part and part.strip():
            parts.append(part)
    # "Sam and I got married": a name or two before "and" is a subject, not a clause
    for n in range(len(parts) - 1, 0, -1):
        if len(parts[n - 1].split()) <= 2 and re.match(r"\s*and\s", sentence[sentence.find(parts[n - 1])
                                                                           + len(parts[n - 1]):], re.I):
            parts[n - 1:n + 1] = [f"{parts[n - 1]} and {parts[n]}"]
    opened = re.sub(rf"^{_LEAD}", "", sentence, flags=re.I)
    third = bool(_THIRD_RE.match(opened))
    user = "The user " if third else "I " if re.match(r"i\b", opened, re.I) else ""
    for n, part in enumerate(parts):
        subj, own = _U, _OWN
        if n and user and _ELIDED_RE.match(part.strip()):
            part = user + part.strip()  # "The user switched ... and gave the Pixel to his son": the same subject
        if n and third:
            subj, own = r"(?:i|the\s+user|user|she|he|they)", r"(?:my|(?:the\s+)?user's|her|his|their)"
        yield part.strip(), subj, own


def _ends(pattern: str, clause: str, subj: str, own: str, kind: str) -> re.Match[str] | None:
    """The result pattern said by the clause whole, with only an allowed tail after it."""
    rx = pattern.replace("SUBJ", subj).replace("OWN", own)
    m = _compiled(rf"^{_LEAD}(?:{rx})").match(clause)
    if m is None or not _TAIL_RE.fullmatch(clause[m.end():]):
        return None
    return m


def _habit_object_fits(stored: str, m: re.Match[str]) -> bool:
    """A habit taken up must be the stored one: the stored verb's objects ("wine" for "drink")."""
    sm = re.search(r"(?P<v>drink|smoke|eat)(?:\s+(?P<o>alcohol|meat|cigarettes))?$", stored, re.I)
    if sm is None:
        return False
    allowed = es.HABIT_OBJECTS[(sm["v"].lower(), (sm["o"] or "").lower())]
    obj = (m["ho"] or "").lower()
    if m["hv"].lower() in ("having", "have") and not obj:
        return False  # "started having" what?
    return obj in allowed


# Kinds whose holder is a thing, not the user ("SSH login", "the code freeze"): a "we" may end them.
_THINGS = frozenset(("toggle", "event", "gone"))
_QUOTE_RE = re.compile(r"[\"\u201c\u201d\u2018]|(?<![\w])'(?=\w)")


def _plain_pieces(incoming: str) -> list[str]:
    """The sentences of a one-line memory with no question, quote or retraction, for a thing's change."""
    text = incoming.strip()
    if not text or "\n" in text or "?" in text or _QUOTE_RE.search(text) or len(text) > 300:
        return []
    pieces = [p.rstrip(".!").strip() for p, _, _ in split_pieces(text)]
    return [] if len(pieces) > 3 or any(retracted_inline(p) for p in pieces) else pieces


def state_ended(existing: str, incoming: str) -> Ended | None:
    """The stored state and the incoming clause that ends it, or None."""
    stored = stored_sentence(existing)
    if stored is None:
        return None
    stored = stored.strip().rstrip(".!")
    for reader in _READERS:
        found = reader(stored)
        if found is not None:
            break
    else:
        return None
    kind, state, patterns = found
    sentences = readable_sentences(incoming) or (_plain_pieces(incoming) if kind in _THINGS else [])
    text = " ".join(sentences)
    if kind in _GATES and not _GATES[kind].search(text):
        return None  # (the two readers most stored sentences fit: their results need these words first)
    if not sentences or _UNDO_RE.search(_ONLY_RE.sub("", incoming)) or unsure_change(incoming):
        return None
    if kind != "habit" and _AGAIN_RE.search(incoming):
        return None
    if kind == "course" and JUST_NOW_RE.search(text):
        return None  # "finished the pottery class today": one session
    if kind in ("illness", "taste") and _LONG_AGO_RE.search(text):
        return None  # "got over my cold last month" (a cold recurs), "gone off the beach in August" (a season)
    for sentence in sentences:
        for clause, subj, own in _clauses(sentence):
            for pattern in patterns:
                m = _ends(pattern, clause, subj, own, kind)
                if m is not None and (kind != "habit" or _habit_object_fits(stored, m)):
                    return Ended(kind, state, clause)
    return None


def by_state_ended(existing: str, incoming: str) -> Contradiction | None:
    """The verdict of `state_ended`."""
    found = state_ended(existing, incoming)
    if found is None:
        return None
    return Contradiction("value", f"user {found.kind}", found.state, found.event,
                         f"the user's {found.kind} {found.state!r} ended: {clip(found.event)!r} "
                         f"(existing: {clip(existing)!r})")
