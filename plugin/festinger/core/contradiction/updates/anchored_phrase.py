"""A new phrase value for a slot that holds one value at a time, announced as a change (pure logic).

"Preferred contact: Slack DM" / "Preferred contact is email now.", "Main game: Elden Ring" / "My
main game is Zelda now.", "The user's pronouns are he/him." / "User's pronouns have changed to
they/them.": `anchored` compares typed values (times, money, versions); here the value is a plain
phrase, which may be anything, so the slot itself must say it holds one value at a time: a head noun
after "favorite/preferred/main/primary/current/default/usual/go-to", or a key of a closed list
(title, pronouns, nickname, deploy target, carrier, bank, theme, diet...). The incoming memory
replaces the stored value when
* each memory is one clause "<key>: <value>", "<key> is <value>" or (incoming) "<key> changed to
  <value>" / "I switched my <key> to <value>", the keys are the same words (no slot word either lacks);
* the value is short (at most five words), no list, refinement or sentence ("and", "with", "still",
  a comma), no number alone, and the two values share no word: "Engineering Manager" / "Senior
  Engineering Manager" is a refinement, and a shared head ("Marketing Manager") is read only when a
  change verb says so ("changed to"), never from a bare "now";
* the incoming clause announces the change and is none of anchored's refusals (plan, period, past,
  addition, other person, hedge, question, scope...), checked on its words outside the value, and it
  does not name the stored value again ("Ethiopian is now a close second to Thai").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.updates.anchored import LABEL_RE, PRESENT_RE, announced, clauses_of, owner_of, refused
from festinger.core.contradiction.grammar.closed_values import names_a_region_of
from festinger.core.contradiction.grammar.comparison import may_be_alias, squash
from festinger.core.contradiction.grammar.unsure import LAUGH_RE
from festinger.core.contradiction.text.name_parts import find_part
from festinger.core.contradiction.text.normalise import expand_contractions
from festinger.core.contradiction.updates.slot_switch import another_kind
from festinger.core.contradiction.updates.value_kinds import of_another_sense, says_how_it_stands
from festinger.core.contradiction.verdict import Contradiction, clip

__all__ = ["by_anchored_phrase"]

_OWNER = r"(?:(?:the\s+)?user'?s\s+|my\s+|our\s+|the\s+)?"
_KEY = r"(?P<key>[A-Za-z][\w/-]*(?:\s+[A-Za-z][\w/-]*){0,3}?)"
_VALUE = r"(?P<value>[^,;:!?\"()]+?)"
_TAIL = r"\s*(?:now|these\s+days)?\s*$"
# A change verb's own date ("My title changed to Marketing Manager this week"): when it changed, no while.
_VTAIL = r"\s*(?:now|these\s+days|(?:this|last)\s+(?:week|month)|today|yesterday|recently)?\s*$"
_NEW_OWNER = r"(?:(?:the\s+)?user'?s\s+|my\s+|our\s+|the\s+)?(?:new\s+)?"
# The stored memory: a key line or "<key> is <value>".
_OLD_FORMS = (re.compile(rf"^{_OWNER}{_KEY}\s*:\s*{_VALUE}\s*$", re.I),
              re.compile(rf"^{_OWNER}{_KEY}\s+(?:is|are)\s+{_VALUE}\s*$", re.I))
_CHANGED = r"(?:changed|switched|moved|updated|set)"
# The incoming memory: the same, or a change verb that takes the key to the value.
_NEW_FORMS = (
    (re.compile(rf"^(?:i\s+(?:have\s+|just\s+|finally\s+)*)?{_CHANGED}\s+(?:my|our|the)\s+{_KEY}\s+to\s+{_VALUE}{_VTAIL}", re.I),
     True),
    (re.compile(rf"^{_OWNER}{_KEY}\s+(?:(?:has|have)\s+)?(?:just\s+|officially\s+)?{_CHANGED}\s+to\s+{_VALUE}{_VTAIL}", re.I),
     True),
    (re.compile(rf"^{_NEW_OWNER}{_KEY}\s+(?:is|are)\s+(?:now\s+)?{_VALUE}{_TAIL}", re.I), False),
    (re.compile(rf"^{_OWNER}{_KEY}\s*:\s*(?:now\s+)?{_VALUE}{_TAIL}", re.I), False),
)
# Endings of adjectives ("closed", "unavailable", "expensive", "famous", "useless", "boring", "pricey"...).
_STATE_SUFFIX_RE = re.compile(r"(?:ed|en|able|ible|ive|ous|ful|less|ing|ly|ey)$")
_BE = frozenset("is are am was were be been being has have had".split())  # never in a key ("running shoe" may be)
_CHANGED_RE = re.compile(rf"\b{_CHANGED}\b", re.I)  # "Changed the VS Code theme to ...": a capital the signal misses
_VALUE_CHARS_RE = re.compile(r"^[\w@./&+'’ -]+$")
_KEY_SYNONYMS = {"favourite": "favorite", "job": "title", "deployment": "deploy", "phone": "mobile", "cell": "mobile"}
# Keys said two ways: "mobile carrier" is the carrier, "user name" the username.
_KEY_PHRASES = (("user name", "username"), ("code name", "codename"), ("mobile carrier", "carrier"),
                ("job title", "title"))


@dataclass(frozen=True)
class PhraseSlot:
    """One clause read as a single-value key and its phrase value."""

    key: tuple[str, ...]
    value: str
    rest: str  # the clause without its value, for the refusals
    by_verb: bool  # a change verb takes the key to the value ("changed to"), not a bare "is now"


def _key(raw: str) -> tuple[str, ...] | None:
    """The key's words if it names a slot of one value at a time, else None."""
    low = " ".join(raw.lower().split())
    for phrase, one in _KEY_PHRASES:
        low = re.sub(rf"\b{phrase}\b", one, low)
    words = low.split()
    if not words or any(w in lx.ANCHOR_STOP_WORDS - {"of", "for"} or w in _BE for w in words):
        return None
    words = [_KEY_SYNONYMS.get(w, w) for w in words]
    base = words[:words.index("of")] if "of" in words else words[:words.index("for")] if "for" in words else words
    # "favorite cuisine", "title", and a listed key of a named thing ("VS Code theme", "GitHub username")
    single = (len(base) >= 2 and base[0] in lx.PHRASE_SLOT_MODIFIERS) or " ".join(base) in lx.PHRASE_SLOT_KEYS \
        or (len(base) >= 2 and base[-1] in lx.PHRASE_SLOT_KEYS and base[-1] not in lx.PERSON_ROLES)
    return tuple(words) if single else None


def _value(raw: str) -> str | None:
    """The phrase value, if it is one short value (no list, sentence, number alone or refinement word)."""
    value = " ".join(raw.strip().rstrip(".").split())
    words = value.lower().split()
    if not words or len(words) > 5 or not _VALUE_CHARS_RE.match(value):
        return None
    if any(w in lx.PHRASE_VALUE_REFUSED or w in lx.REFUSED_WORDS or w in lx.CHANGE_WORDS for w in words):
        return None
    if words[0] == "to":
        return None  # "My plan is now to learn Rust": an intention, not a plan's name
    if any(re.fullmatch(r"[\d.,]+", w) for w in words) or words[0].rstrip(".") in lx.HONORIFICS:
        return None  # "3 days a week": a count, the typed rule's to read; "Mrs.": a form of address
    if describes_state(value) or says_how_it_stands(value):
        return None  # "My favorite cafe is now closed", "... now official as of Monday": a state, not a new one
    return value


def describes_state(value: str) -> bool:
    """Whether a value says how the slot's thing is ("closed", "expensive", "flaky"), not which it is."""
    words = value.lower().split()
    return not any(w[:1].isupper() for w in value.split()) and any(
        w in lx.NON_VALUE_WORDS or (_STATE_SUFFIX_RE.search(w) and w not in lx.RATE_WORD_MINUTES) for w in words)


def _named(value: str) -> bool:
    """Whether a value holds a name: a capitalised word or a known tool ("Ally", "T-Mobile", "vim")."""
    return any(w[:1].isupper() for w in value.split()) or squash(value) in lx.TECH_NAMES


def _same_said_shorter(a: str, b: str) -> bool:
    """Whether one value is the other's short form: its initials ("GCP" / "Google Cloud Platform") or
    its beginning ("zsh" / "Z shell")."""
    (short, _), (long_, long_raw) = sorted(((squash(a), a), (squash(b), b)), key=lambda p: len(p[0]))
    initials = "".join(w[:1] for w in re.split(r"[\s/-]+", long_raw.lower()) if w)
    return bool(short) and (long_.startswith(short) or short == initials)


def _only_head_shared(a: str, b: str) -> bool:
    """Whether two values of two words or more differ in a whole word each ("Engineering Manager" /
    "Marketing Manager", "Marketing Coordinator" / "Marketing Manager"), unlike "he/him" / "he/they"."""
    x, y = set(a.lower().split()), set(b.lower().split())
    return len(x) > 1 and len(y) > 1 and bool(x - y) and bool(y - x)


def _own_slot(key: tuple[str, ...]) -> bool:
    """Whether a key needs no owner to be the user's: a preference ("favorite", "preferred", "go-to",
    "usual") or a listed key; "main", "current", "default" may be a story's or a thing's."""
    base = key[:key.index("of")] if "of" in key else key[:key.index("for")] if "for" in key else key
    return base[0] in lx.PHRASE_OWN_MODIFIERS or " ".join(base) in lx.PHRASE_SLOT_KEYS or base[-1] in lx.PHRASE_SLOT_KEYS


def _read(clause: str, *, incoming: bool) -> PhraseSlot | None:
    text = " ".join(LABEL_RE.sub("", clause).split()) if incoming else clause
    if incoming:
        text = " ".join(PRESENT_RE.sub(" ", text).split())
    forms = _NEW_FORMS if incoming else [(f, False) for f in _OLD_FORMS]
    for form, by_verb in forms:
        m = form.match(text)
        if not m:
            continue
        key, value = _key(m.group("key")), _value(m.group("value"))
        if key is None or value is None:
            return None
        rest = text[:m.start("value")] + " # " + (text[m.end("value"):] if not by_verb else "")
        if refused(rest, incoming=incoming):
            return None
        if (" ".join(key) in lx.PHRASE_NAMED_KEYS or key[-1] in lx.PHRASE_NAMED_KEYS) and not _named(value):
            return None  # "switched my bank to paperless": a setting of the bank, not another bank
        return PhraseSlot(key, value, rest, by_verb)
    return None


_PLAIN_NAME_RE = re.compile(r"[A-Za-z]+(?: [A-Za-z]+){0,3}")


def _one_name_two_ways(x: str, y: str, wx: set[str], wy: set[str]) -> bool:
    """"Gmail" / "Google Mail": plain names with no word in common that may be one name written two
    ways (handles and titles are not: "jdoe" / "jane-doe-dev", "Marketing Lead" / "Marketing Manager")."""
    return not wx & wy and bool(_PLAIN_NAME_RE.fullmatch(x) and _PLAIN_NAME_RE.fullmatch(y)) and may_be_alias(x, y)


def _words(value: str) -> set[str]:
    return {w.strip(".'’") for w in re.split(r"[\s/-]+", value.lower()) if w.strip(".'’") and w != "the"}


def by_anchored_phrase(existing: str, incoming: str) -> Contradiction | None:
    """The stored phrase value of a single-value slot replaced by an announced new one, or None."""
    if not isinstance(existing, str) or not isinstance(incoming, str):
        return None
    old_clauses, new_clauses = clauses_of(existing), clauses_of(incoming)
    if len(old_clauses) != 1 or len(new_clauses) != 1 or not (announced(new_clauses[0]) or _CHANGED_RE.search(new_clauses[0])):
        return None
    if LAUGH_RE.search(new_clauses[0]):
        return None  # "My favorite food is now sadness lol.": a joke, not a value
    old, new = _read(old_clauses[0], incoming=False), _read(new_clauses[0], incoming=True)
    if old is None or new is None or old.key != new.key:
        return None  # another slot ("favorite dessert", "staging deploy target"), or no slot read
    if len(old.key) == 1 and old.key[0] in lx.POLYSEMOUS_SLOTS and not (
            _words(old.rest + " " + new.rest) & lx.SLOT_SENSE_WORDS):
        return None  # "My carrier is Verizon" / "My carrier is now UPS": which carrier is not said
    if new.value[:1] in "'\"\u2018\u201c":
        return None  # "My title is now 'The Last Harbor'": a quoted name is a work's, not the slot's
    owners = {owner_of(old.rest), owner_of(new.rest)}
    if "mixed" in owners or owners == {"user", "group"}:
        return None  # "my title" / "our release cadence": whose it is differs
    a, b = _words(old.value), _words(new.value)
    if not a or not b or a <= b or b <= a or _same_said_shorter(old.value, new.value):
        return None  # the same value, or one said closer ("Thai" / "Thai street food")
    if _one_name_two_ways(old.value, new.value, a, b) or names_a_region_of(old.value, new.value):
        return None  # "Gmail" / "Google Mail": one service named two ways; "AWS" / "us-west-2": where in it
    if a & b and not (new.by_verb and _only_head_shared(old.value, new.value)):
        return None  # "he/him" / "he/they"; "Engineering Manager" / "Marketing Manager" only when a verb says changed
    if not owners & {"user", "group"} and not _own_slot(old.key):
        return None  # "The main character is now Sam": whose main character is not said
    if re.search(rf"\b{re.escape(old.value)}\b", expand_contractions(new.rest), re.I) or (
            find_part(old.value, new.rest) is not None):
        return None  # the stored value named again, whole or by a part ("the Kindle"): kept, compared, a second place
    if another_kind(old.value, new.value) or of_another_sense(old.key, old.value, new.value):
        return None  # "Editor: Vim" / "... to Solarized Dark": the editor's colours; "My role is now Hamlet": a part
    slot = " ".join(old.key)
    return Contradiction("value", slot, old.value, new.value,
                         f"{slot!r} holds one value at a time and has a new one: {old.value!r} -> {new.value!r} "
                         f"(existing: {clip(existing)!r}; incoming: {clip(incoming)!r})")
