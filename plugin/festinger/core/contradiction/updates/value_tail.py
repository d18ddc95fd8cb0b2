"""What the incoming sentence says after its new value, read by `matching` before a match stands
(attack66). The grammar reads the value and leaves the rest: "My address is now 12 Main St, for
parcels", "My parking spot is now C3, after 6pm", "My favorite drink is now coffee after lunch".

A tail after the value is either
* a scope: when, where or for whom the value holds ("..., for parcels", "..., on weekends", "after
  lunch", "following the eco schedule at night", "after buying a second PC"): the value is one of
  several and replaces nothing, so the match is dropped; or
* a cause: "after/following" and the change event of the very slot ("after the raise", "following
  the January increase", "after the reset"), or the span the stored value held ("after years of
  tea"): that says the value changed, so the update stands.

A change event is a noun that names a change of a value: the lexicon's change events
(`CHANGE_EVENT_NOUNS`), the nouns of its change verbs (`PASSIVE_CHANGE`: "increase", "cut",
"adjustment") and of setting a value again ("reset", "reassignment"). It may be led only by words
that keep it the slot's own change: an article or "my", a date ("the January increase", "last
year's raise"), a period ("the annual raise") or a word of the slot ("the rent increase"). Anything
else ("the company refresh at work", "after the gym", "after 6pm") is a scope.

Beside those, a comma tail may be a harmless aside (`asides.harmless_aside`), the old value
corrected ("..., not 8080") or the value's own town ("12 Main St, Leeds"). Pure logic.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.statements import Statement
from festinger.core.contradiction.grammar.values import MONTHS, singular
from festinger.core.contradiction.updates.asides import harmless_aside

__all__ = ["scoped_by_tail"]

_PLACE_TAIL_RE = re.compile(r"(?-i:[A-Z][\w'.-]*)(?:\s+(?-i:[A-Z][\w'.-]*)){0,2}(?:,\s*(?-i:[A-Z][\w'.-]*)(?:\s+(?-i:[A-Z][\w'.-]*)){0,2})?")
# What the displayed value may leave of the value as written before its tail: a version, a unit,
# a symbol, a capitalised word ("Windows" + " 11", "17" + " °C").
_VALUE_REST_RE = re.compile(r"(?:\s*(?:[^\s,]*\d[^\s,]*|[^\w\s,]+\w{0,2}|(?-i:[A-Z][\w.+-]*)))(?=[\s,])")
# A tail read with no comma: "coffee after lunch", "17 °C following the night schedule".
_AFTER_RE = re.compile(r"\s+(?=(?:after|following)\s)", re.I)
# A window of the day: "after lunch", "after 6pm", "following dinner" (never an event: "after the
# wedding", "after leaving Google", "after marriage" tell why the value changed).
_DAY_PARTS = lx.FREQUENCY_PERIODS - lx.WEEKDAYS - frozenset("day days week weeks month months year years".split()) | frozenset(
    "noon midday midnight dawn dusk sunrise sunset dark nightfall breakfast brunch lunch dinner supper bedtime".split())
_DAY_WINDOW_RE = re.compile(
    r"(?:after|following)\s+(?:\d{1,2}(?::[0-5]\d)?\s*(?:[ap]\.?m\.?)?|(?:" + "|".join(sorted(_DAY_PARTS)) + r"))", re.I)
# "after/following" + leading words + one noun + when it happened ("in March", "on Monday", never
# "on Mondays": a scope).
_CAUSE_RE = re.compile(
    r"(?:after|following)\s+((?:[\w'-]+\s+){0,3}?)([a-z-]+)"
    r"(?:\s+(?:last\s+(?:week|month|year)|yesterday|this\s+(?:week|month|year)|in\s+(?:(?:19|20)\d\d|"
    + "|".join(m for m in MONTHS if len(m) > 3) + r")|on\s+(?:" + "|".join(sorted(lx.WEEKDAYS)) + r")))?", re.I)
# "after years of tea", "following a decade of Windows": a span the stored value held.
_SPAN_OF_RE = re.compile(r"(?:after|following)\s+(?:(?:a|an|many|several|some|\d+|two|three|four|five|ten)\s+)?"
                         r"(?:years|months|decades?|weeks|ages|a\s+lifetime)\s+of\s+(?:[a-z]+ing\s+)?(.+)",
                         re.I)
_LEADS = lx.USER_POSSESSIVES | frozenset("the a an our this that last recent latest".split())
_PERIODS = frozenset(lx.PERIOD_NAMES) | lx.FREQUENCY_ADVERBS
# Verbs whose doing again sets a value anew ("reset", "reassignment", "renumbering").
_SETTING_STEMS = frozenset("set assign allocate issue number name".split())
_CHANGE_STEMS = frozenset(s for v in lx.PASSIVE_CHANGE if v != "set"
                          for s in ((v[:-1], v[:-2]) if v.endswith("ed") else (v,)))  # "raise", "bump"


def scoped_by_tail(a: Statement, b: Statement) -> bool:
    """Whether the incoming statement's sentence goes on after its one new value with a tail that
    scopes it rather than tells why it changed (module docstring): the match is then dropped."""
    if len(b.values) != 1 or not b.sentence:
        return False
    display, sentence = b.values[0].display, b.sentence
    at = sentence.rfind(display)
    if at < 0 or not display:
        return False
    rest = sentence[at + len(display):].rstrip(" .!")
    bridged = _VALUE_REST_RE.match(rest)
    if bridged and re.match(r"\s*(?:,|(?:after|following)\s)", rest[bridged.end():], re.I):
        rest = rest[bridged.end():]  # "Windows" + " 11, after ...", "17" + " °C, following ..."
    if not rest.startswith(","):
        after = _AFTER_RE.match(rest)  # no comma: only a window of the day is sure to scope
        return after is not None and bool(_DAY_WINDOW_RE.fullmatch(rest[after.end():].strip()))
    tail = rest.lstrip(", ").strip()
    if not tail or tail.lower().startswith(("not ", "and not ")) or _PLACE_TAIL_RE.fullmatch(tail):
        return False  # "..., not 8080"; "12 Main St, Leeds": the value's own town
    return not (_cause(tail, b.key) or _old_value_held(tail, a) or harmless_aside(tail, ""))


def _cause(tail: str, key: str) -> bool:
    """Whether the tail is "after/following" the change event of the slot `key` ("after the raise")."""
    m = _CAUSE_RE.fullmatch(tail.strip())
    if m is None or not _change_noun(m.group(2).lower()):
        return False
    slot = {singular(w) for w in key.lower().split()}
    return all(w in _LEADS or w in _PERIODS or w in MONTHS or w in lx.WEEKDAYS or singular(w) in slot
               or re.fullmatch(r"(?:19|20)\d\d(?:'s)?", w) or (w.endswith("'s") and w[:-2] in _PERIODS | {"last", "this"})
               for w in m.group(1).lower().split())


def _old_value_held(tail: str, a: Statement) -> bool:
    """Whether the tail says how long the stored value held: "after years of tea", "following a
    decade of Windows" (the old value is over; a span of something else, "after 20 minutes of
    running", scopes a reading)."""
    m = _SPAN_OF_RE.fullmatch(tail.strip())
    return m is not None and len(a.values) == 1 and m.group(1).lower() in (a.values[0].display.lower(), a.values[0].norm)


def _change_noun(word: str) -> bool:
    """Whether a noun names a change of a value: a change event, the noun of a change verb, or the
    noun of setting a value again ("reset", "reassignment")."""
    word = singular(word)
    if word in lx.CHANGE_EVENT_NOUNS:
        return True
    stem = word[:-4] if word.endswith("ment") else word
    return stem in _CHANGE_STEMS or (stem.startswith("re") and stem[2:] in _CHANGE_STEMS | _SETTING_STEMS)
