"""A one-line "Key: value" memory replaced by a later line of the same key (pure logic).

`keyvalue` compares two bare lines only for the keys a person holds one of, and only as the grammar
would ("Shell: fish" / "Shell: zsh"). Three more shapes say on their face that the stored line is
over, whatever the key:

* the new line names the old value as gone in its note: "CI: Jenkins" / "CI: GitHub Actions
  (Jenkins retired)", "Diet: keto" / "Diet: Mediterranean (dropped keto in February)";
* the two values are the two members of a closed set of exclusive values, on a key of the
  person's own ("Preferred units: imperial" / "metric", "Relationship status: married" /
  "separated"): unlike plain words, such values have no synonyms to be restated with;
* the old line said "none" and the new one names a value with a dated note: "Allergies: none" /
  "Allergies: shellfish (diagnosed last week)";
* the new line's note says the old one was a slip: "Name: Jon" / "Name: John (typo before)";
* two known tools of one kind on a key that says it is the one ("Main language: Java" / "Kotlin");
* the new line's note announces or dates the new value: "Phone: 555-0199 (new number)", "Diet:
  vegan (since January)", "Salary: $104k (raise in March)".

A note that scopes, hedges or keeps the old value ("(Jenkins still runs nightly)", "(replaced
keto on weekends)") is never read, nor is a key of something one has several of (`keyvalue`).
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.comparison import squash
from festinger.core.contradiction.updates.keyvalue import bare_line, is_person_slot
from festinger.core.contradiction.text.literal import said_alone, starts_with
from festinger.core.contradiction.lexicon import changes as ch
from festinger.core.contradiction.updates.named_end_guards import PERIOD_RE
from festinger.core.contradiction.grammar.refinement import refines

__all__ = ["key_line_as_sentence", "key_value_replaced"]

_NOTED_RE = re.compile(r"^([^:()\n]{1,40}:\s+[^()\n]{1,80}?)\s*\(([^()\n]{1,80})\)\s*\.?$")
# The note says the old value ended: "(Jenkins retired)", "(dropped keto)", "(replaced lisinopril ...)".
_ENDED_RE = re.compile(r"(?<![\w'])(?:retired|dropped|replaced|replacing|ditched|decommissioned|deprecated|"
                       r"sunset|gone|no\s+longer|instead\s+of|formerly|previously|gave\s+up|stopped|quit|"
                       r"moved\s+off|switched\s+from|migrated\s+from|changed\s+from|was)(?![\w'])", re.I)
# ... or says the old line was a slip: "Name: John (typo before)", "(corrected)", "(misspelled earlier)".
_CORRECTED_RE = re.compile(r"(?:(?:was\s+a\s+)?typo(?:\s+(?:before|earlier|above))?|corrected|correction|"
                           r"misspelled(?:\s+(?:before|earlier))?|(?:was\s+)?wrong\s+(?:before|earlier)|fixed\s+typo)", re.I)
# ... but not one that keeps it somewhere, some time, or not yet: "(Jenkins still runs nightly)".
_KEPT_RE = re.compile(r"(?<![\w'])(?:still|also|too|only|partly|partially|temporarily|for|on|at|except|until|"
                      r"till|while|when|if|not|never|yet|maybe|might|will|plan|planned|planning|soon|back|again|"
                      r"staging|prod|production|test|dev|weekends?|weekdays?|sometimes|work|personal|home|second|secondary|backup|"
                      r"another|extra|spare|other|trip|travel|travelling|traveling|visit|vacation|holiday)(?![\w'])|n't", re.I)
# A note that announces the value as new: "(new number)", "(old one closed)", "(changed her mind)".
_NEWS_RE = re.compile(r"(?<![\w'])(?:new|newly|changed|updated|raise|raised|promoted|promotion|old\s+one|"
                      r"birthday|renewed|upgraded|downgraded)(?![\w'])", re.I)
# A note that opens by naming whose value it is: "(my patient, since today)", "(her mother's, ...)".
_WHOSE_RE = re.compile(r"\(?\s*(?:my|his|her|their|our)\s+[\w'-]+(?:\s+[\w'-]+)?\s*,", re.I)
# A dated note: when the new value came ("diagnosed last week", "since March").
_DATED_RE = re.compile(r"(?<![\w'])(?:last\s+(?:week|month|year)|yesterday|recently|just|this\s+(?:week|month)|"
                       r"since|as\s+of|in\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)(?![\w'])",
                       re.I)
_NONE_VALUES = frozenset(("none", "no", "n/a", "na", "nothing", "nil", "-"))
# Closed sets whose members exclude each other: a state of a relationship; the preference groups.
_MARITAL = frozenset("single married divorced separated widowed engaged".split())
# How the agent should answer: a tone, a length.
_ANSWER_STYLES = (frozenset("formal casual informal".split()), frozenset("short long".split()))
_EXCLUSIVE_SETS = (_MARITAL,) + _ANSWER_STYLES + tuple(lx.PREFERENCE_GROUPS)
# Keys that name a status or a preference of the person the profile describes.
_OWN_KEY_WORDS = frozenset("relationship marital preferred default".split())
_ONE_WORDS = frozenset("default main primary preferred current".split())


def _line(text: str, attribute: bool = False) -> tuple[str, str, str] | None:
    """(key, value, note) of a bare line, the note being a trailing parenthesis ("" when none)."""
    text = text.strip()
    m = _NOTED_RE.match(text)
    line = bare_line(m.group(1) if m else text, attribute=attribute)
    if line is None:
        return None
    return line[0], line[1], m.group(2) if m else ""


def key_value_replaced(existing: str, incoming: str) -> tuple[str, str, str] | None:
    """(key, old value, new value) when a bare "Key: value" line is replaced by a later one."""
    old, new = _line(existing, attribute=True), _line(incoming, attribute=True)
    if old is None or new is None or old[0] != new[0] or old[2]:
        return None
    key, was, now, note = old[0], old[1], new[1], new[2]
    if squash(was) == squash(now) or not squash(was) or not squash(now):
        return None
    if note:
        said = set(re.findall(r"[a-z]+", note.lower()))
        if _KEPT_RE.search(note) or said & (lx.OTHER_PERSON_WORDS | lx.PERSON_ROLES):
            return None  # kept somewhere, or someone else's news ("(partner moved in May)", "(my son, ...)")
        if _WHOSE_RE.match(note) or said & ch.STAND_IN_WORDS or PERIOD_RE.search(note):
            return None  # "(my patient, since today)": whose the value is; "(rental this week)": for a while
        if set(was.lower().split()) < set(now.lower().split()) or refines(was, now):
            return None  # "nurse" -> "nurse practitioner (upgraded in May)": a kind of the old value
        if _ENDED_RE.search(note) and _names(note, was) or _CORRECTED_RE.fullmatch(note.strip(" .!")):
            return key, was, now
        if was.lower() in _NONE_VALUES and now.lower() not in _NONE_VALUES and _DATED_RE.search(note):
            return key, was, now
        if _NEWS_RE.search(note) or _DATED_RE.search(note) and was.lower() not in _NONE_VALUES:
            return key, was, now  # "(new number)", "(since January)", "(raise in March)": the value changed
        return None
    if set(key.split()) & _OWN_KEY_WORDS and _exclusive(was, now):
        return key, was, now
    if _one_kind_of_tool(key, was, now):
        return key, was, now
    return None


def _one_kind_of_tool(key: str, was: str, now: str) -> bool:
    """"Main language: Java" / "Main language: Kotlin": two known tools of one kind on a key that says
    it is the one ("default", "main", "primary", "preferred", "current"); a bare "Database:" may be
    any project's (the eleventh attack)."""
    kind = lx.TECH_CATEGORIES.get(was.lower())
    if kind is None or kind != lx.TECH_CATEGORIES.get(now.lower()):
        return False
    return bool(set(key.split()) & _ONE_WORDS)


_KEY_VERB_RE = re.compile(r"\s+(?:is|are|was|has|got|went)\s", re.I)  # after the key itself ("Budget is now ...")


def key_line_as_sentence(existing: str, incoming: str) -> tuple[str, str] | None:
    """"Session timeout: 8 hours" as "The session timeout is 8 hours." ("Age: 29" as "The user's
    age is 29.", a person's slot), when the incoming memory is a sentence (not another bare line):
    the slot the line names, which only an incoming memory that names the same slot and announces
    its change may replace (`compare`). An incoming sentence that opens with the key itself
    ("Budget is now $4,000.") gets its article ("The budget is now $4,000.")."""
    old = _line(existing, attribute=True)
    if old is None or old[2] or _line(incoming, attribute=True) is not None:
        return None
    key = old[0]
    owner = "The user's" if is_person_slot(key) or key.split()[0] in ("favorite", "favourite") else "The"
    text = incoming.strip()
    if starts_with(text, key) and _KEY_VERB_RE.match(text, len(key)):
        text = f"{owner} {text[:1].lower()}{text[1:]}"
    return f"{owner} {key} is {old[1]}.", text


def _names(note: str, value: str) -> bool:
    """Whether the note names the old value ("Jenkins", "lisinopril" for "lisinopril 10 mg")."""
    head = value.split()[0]
    return any(said_alone(note, v, "'-") for v in (value, head) if len(v) > 1)


def _exclusive(was: str, now: str) -> bool:
    a, b = was.lower(), now.lower()
    return a != b and any(a in group and b in group for group in _EXCLUSIVE_SETS)
