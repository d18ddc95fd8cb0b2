"""A correction-led sentence read against the one slot the stored memory holds (pure logic).

"Blood type: A+" / "Correction: blood type is A-, not A+. Checked my donor card."; "Our flat is on
the 3rd floor." / "correction: it's the 4th floor, I miscounted"; "API rate limit: 100 req/min per
key" / "Correction: the rate limit is 1000 req/min per key, I dropped a zero." The lead says the
stored value was a slip; what is left is to be sure which slot is corrected, and that the sentence
says nothing else. Three shapes are read, after a correction lead and nothing before it (or with
no lead, "<key> is actually <value>"):

* "<key> is/are <value>": the key's head noun is the stored key's head noun and its other words
  are among the stored key's ("rate limit" in "API rate limit"), the verb is the stored one (a
  "Key:" label or a bare "plate AB12 CDE" reads as "is"), and the two values are of one kind
  (`led_values.kind`) or the sentence names the stored value as wrong ("..., not A+");
* "it's / we're <value>": the value has a typed shape (an ordinal floor, a ratio, a code, "band D")
  and the stored memory, one present sentence and no note, holds exactly one typed value, of that shape;
* "I <verb> <quantity>": the stored memory is "User/I <same verb> <quantity in the same unit>".

Everything after the clause must be accounted for: "not <stored value>", an account of the slip
("I miscounted", "I swapped the digits", "Checked my donor card.", "<old> is my partner's schedule").
Anything else (a scope, a "but", a second value, a question, a quote) leaves the sentence unread.
Refused: another owner's key ("Sam's blood type": no possessive but the user's reads as a key),
the same value, a refinement ("3rd floor, flat B"), and a "not X" naming another value than the
stored one (the correction is about something else).
"""

from __future__ import annotations

import re

from festinger.core.contradiction.grammar.timezones import timezone_offsets
from festinger.core.contradiction.updates.keyvalue import LABEL_WORDS
from festinger.core.contradiction.updates.led_values import (day_subset, far_apart, kind, names_value, norm,
                                                             same_value, shape_spans, strip_value, typed_slots)
from festinger.core.contradiction.verdict import Contradiction, clip

__all__ = ["by_led_correction"]

_OWNER = r"(?:(?:the\s+)?user's\s+|my\s+|our\s+|the\s+)?"
_LEAD_RE = re.compile(r"^\s*(?:correction|actually|sorry|my\s+bad|my\s+mistake|scratch\s+that|i\s+was\s+wrong|"
                      r"oops|whoops)\s*(?:[,:;.!]|\s[-\u2013\u2014]|[-\u2013\u2014])?\s*(?=\w)", re.I)
# No lead, but the corrected clause says "actually" after its verb: "Our anniversary is actually June
# 21": a lead of length nought, the clause read as after "Correction:".
_ACTUALLY_RE = re.compile(rf"^(?=\s*{_OWNER}[A-Za-z][\w/-]*(?:\s+[A-Za-z][\w/-]*){{0,3}}\s+(?:is|are)\s+actually\s)", re.I)
_SENTENCE_RE = re.compile(r"(?<=[.!])\s+(?=[A-Z])")
_CLAUSE_RE = re.compile(r"\s*(?:[,;]|\s[-\u2013\u2014]\s)\s*")
_VERBS = r"is|are|starts|begins|ends|renews|expires|opens|closes|costs|runs"
_KEY = r"[A-Za-z][\w/-]*(?:\s+[A-Za-z][\w/-]*){0,3}?"
_IT_RE = re.compile(r"^(?:it's|it\s+is|that's|that\s+is|we're|we\s+are)\s+(?:actually\s+)?(?P<val>.+)$", re.I)
_KEY_RE = re.compile(rf"^{_OWNER}(?P<key>{_KEY})\s+(?P<verb>{_VERBS})\s+(?:actually\s+)?"
                     rf"(?:(?:set\s+to|named|called)\s+)?(?P<val>.+)$", re.I)
# "I swim 1.2km per session" against "User swims 2km per session" / "I swim 2km per session".
_I_RE = re.compile(r"^i\s+(?P<verb>[a-z]{2,})\s+(?P<val>\d.*)$", re.I)
_USER_VERB_RE = re.compile(r"^(?:(?:the\s+)?user|i)\s+(?P<verb>[a-z]{2,})\s+(?P<val>\d.*)$", re.I)
_LABEL_RE = re.compile(rf"^{_OWNER}(?P<key>{_KEY})\s*:\s+(?P<val>.+)$", re.I)
# Words that make a key another thing than the stored one, or not the present one.
_OTHER_KEY_WORDS = frozenset("his her their your its this that these those a an another other old former previous "
                             "new next last second i he she they we you it".split())
# A stored key narrowed to one place, machine or person ("Staging DB port", "Work email", "Home office
# days", "Son school start time"): an unnarrowed correction ("the DB port", "my email") may be of
# another one of them, so only the same narrowing meets it.
_NARROWING = frozenset("staging stage prod production dev development test testing qa sandbox preview local "
                       "guest backup work home personal business office school mobile desktop web ios android "
                       "primary secondary main spare wife husband partner son daughter kid kids child children "
                       "mom mum dad mother father brother sister boss team".split())
# A stored sentence of the past, a plan, a wish or a condition: "it's <value>" corrects no present fact there.
_NOT_NOW_RE = re.compile(r"(?<![\w'])(?:was|were|used|will|would|might|could|may|should|if|when|unless|plan|plans|"
                         r"planned|want|wants|wanted|hope|hopes|wish|maybe|old|former|previous|ex|\w+ed)(?![\w'])",
                         re.I)
# A value that carries a scope, a hedge, a second value or a tense is more than the corrected value.
_VALUE_STOP_RE = re.compile(r"(?<![\w'])(?:at|in|on|for|from|until|since|when|if|also|too|either|or|and|plus|"
                            r"but|except|only|not|would|will|might|maybe|probably|during|next|last|before|"
                            r"after|still|now|usually|sometimes|both|just)(?![\w'])|[?\"()\[\]]", re.I)
_NOT_RE = re.compile(r"^not\s+(?P<old>[^\s].{0,40})$", re.I)
_PAST = (r"(?:\w+ed|got|had|said|wrote|typed|read|misread|saw|put|thought|meant|forgot|was|were|made|took|did|"
         r"gave|told|left|heard|went|came|found|knew|sent)")
# An account of the slip: "I miscounted", "we got him when he was 2", "my kid corrected me",
# "Checked my donor card", "Glad I double-checked", "I only eat between 12 and 6".
_ACCOUNT_RE = re.compile(rf"^(?:(?:i|we|my\s+\w+|the\s+\w+)\s+(?:just\s+|must\s+have\s+|had\s+)?{_PAST}(?![\w'])|"
                         r"(?:just\s+)?(?:checked|double-checked|confirmed|verified|looked\s+it\s+up)(?![\w'])|"
                         r"(?:glad|sorry|oops|typo|my\s+bad|my\s+mistake)(?![\w'])|i\s+only\s+\w+(?![\w'])|"
                         r"i\s+(?:always|keep|often)\s+(?:mix|mixing|swap|swapping|confuse|confusing|get|getting)"
                         r"(?![\w']))", re.I)
# An account that hedges, scopes, wishes or brings in another owner ("we were hoping", "we proposed",
# "on my brother's form", "I checked his card") no longer only owns up to a slip.
_ACCOUNT_STOP_RE = re.compile(r"(?<![\w'])(?:but|except|unless|if|also|too|still|sometimes|weekends?|weekdays?|"
                              r"now|anymore|instead|his|her|their|your|hop(?:e|ed|ing)|wish(?:ed|ing)?|"
                              r"propos(?:e|ed|ing)|suggest(?:ed|ing)?|plann?(?:ed|ing)?|want(?:ed|ing)?|"
                              r"ask(?:ed|ing)|request(?:ed|ing)?)(?![\w'])|\w's(?![\w])", re.I)
# "Tue/Thu is my partner's schedule": the stored value given to someone else.
_GIVEN_AWAY_RE = re.compile(r"^(?P<old>.{1,30}?)\s+(?:is|was)\s+(?:my|our)\s+\w+'s(?![\w])", re.I)
_SAID_BY_MISTAKE_RE = re.compile(r"^i\s+(?:said|wrote|typed|put)\s+(?P<old>.{1,30}?)\s+by\s+(?:mistake|accident)$", re.I)
_OTHER_OWNER_RE = re.compile(r"(?<![\w'])(?:his|her|their|your|its)(?![\w'])|(?<!user)'s(?![\w])|[?\"\n]", re.I)


def by_led_correction(existing: str, incoming: str) -> Contradiction | None:
    """The stored slot corrected by a correction-led sentence, or None when not sure."""
    if len(incoming) > 300 or len(existing) > 200:
        return None  # a correction and the fact it corrects are each one short line
    lead = _LEAD_RE.match(incoming) or _ACTUALLY_RE.match(incoming)
    if lead is None or any(c in incoming for c in '"?\n'):
        return None  # a quote, a question, lines under a heading or a bullet: not one plain sentence
    stored = existing.strip().rstrip(".")
    if not stored or _OTHER_OWNER_RE.search(stored) or _SENTENCE_RE.search(stored) or ";" in stored:
        return None  # one sentence of the user's or of nobody's: not "Sam's flat", not two facts
    label = re.match(r"^([A-Za-z][\w -]{0,30}?)\s*:", stored)
    if label is not None and set(label.group(1).lower().split()) & LABEL_WORDS:
        return None  # "Idea: fast 16:8", "Option A: ...", "Wishlist: ...": a note, not a fact
    sentences = _SENTENCE_RE.split(incoming[lead.end():].strip())
    clauses = [c for c in _CLAUSE_RE.split(sentences[0].strip().rstrip(".!")) if c]
    if not clauses:
        return None
    head, tails = clauses[0], clauses[1:] + [s.strip().rstrip(".!") for s in sentences[1:]]
    m = _IT_RE.match(head)
    if m is not None:
        return _by_it(stored, m.group("val"), tails, existing, incoming)
    m = _I_RE.match(head)
    if m is not None:
        return _by_own_verb(stored, m.group("verb"), m.group("val"), tails, existing, incoming)
    m = _KEY_RE.match(head)
    if m is not None:
        return _by_key(stored, m.group("key"), m.group("verb"), m.group("val"), tails, existing, incoming)
    return None


def _by_it(stored: str, said: str, tails: list[str], existing: str, incoming: str) -> Contradiction | None:
    """"correction: it's the 4th floor": the one span of the stored memory of that shape."""
    new = strip_value(said)
    if _VALUE_STOP_RE.search(new):
        return None
    if _NOT_NOW_RE.search(stored):
        return None
    spans = shape_spans(new, stored)
    if len(spans) != 1 or typed_slots(stored) != 1:
        return None  # "Dentist on Dec 15 at 10:30": "it" may be either value
    old = strip_value(spans[0])
    if same_value(old, new) or far_apart(old, new) or not _tails_fit(tails, old):
        return None
    return _verdict("the stored value", old, new, existing, incoming)


def _by_key(stored: str, key: str, verb: str, said: str, tails: list[str], existing: str,
            incoming: str) -> Contradiction | None:
    """"Correction: blood type is A-, not A+" against "Blood type: A+"."""
    words = _key_words(key)
    if not words or set(words) & _OTHER_KEY_WORDS:
        return None
    slot = _stored_slot(stored, words, verb.lower())
    if slot is None:
        return None
    skey, old = slot
    new = strip_value(said, words[-1])
    if not new or _VALUE_STOP_RE.search(new):
        return None
    named = any(names_value(_named_old(t) or _owned_up(t), old, words[-1]) for t in tails)
    if same_value(old, new) or _refines(norm(old), norm(new), named) or day_subset(old, new) or \
            not _tails_fit(tails, old, words[-1]):
        return None
    zones = timezone_offsets(old), timezone_offsets(new)
    if zones[0] is not None or zones[1] is not None:  # "UTC+1" / "GMT+1", "CET" / "Europe/Berlin"
        if not named and (zones[0] is None or zones[1] is None or zones[0] & zones[1]):
            return None
        return _verdict(" ".join(words), old, new, existing, incoming)
    ka, kb = kind(old), kind(new)
    plain = {ka, kb} <= {"words", "name"}
    if ka is None or (ka != kb and not (named and plain)) or (not named and (plain or far_apart(old, new))):
        return None  # two kinds are two things; a name or a word may be said two ways ("Bob" / "Robert",
        #              "VW" / "Volkswagen", "Neovim" / "LazyVim"): only a sentence naming the old one as wrong
    return _verdict(skey, old, new, existing, incoming)


def _by_own_verb(stored: str, verb: str, said: str, tails: list[str], existing: str,
                 incoming: str) -> Contradiction | None:
    """"Correction: I swim 1.2km per session" against "User swims 2km per session": the user's own
    verb, the same verb, a quantity in the same unit (a name or a plain word is never read here)."""
    m = _USER_VERB_RE.match(stored)
    if m is None or _lemma(m.group("verb")) != _lemma(verb):
        return None
    old, new = strip_value(m.group("val")), strip_value(said)
    if _VALUE_STOP_RE.search(old) or _VALUE_STOP_RE.search(new):
        return None
    k = kind(old)
    if k is None or not k.startswith("number:") or k != kind(new) or same_value(old, new) or far_apart(old, new):
        return None
    if not _tails_fit(tails, old) and not _tails_fit(tails, re.sub(r"\s.*$", "", old)):
        return None  # "the 2km was my partner's distance" names the number without its "per session"
    return _verdict(f"user {_lemma(verb)}", old, new, existing, incoming)


def _lemma(verb: str) -> str:
    """"swims" -> "swim", "watches" -> "watch", "swim" -> "swim": the verb under its -s."""
    v = verb.lower()
    return v[:-2] if v.endswith(("ches", "shes", "sses", "xes")) else v[:-1] if v.endswith("s") and \
        not v.endswith("ss") else v


def _key_words(key: str) -> list[str]:
    return [w for w in norm(key).split() if w not in ("the", "my", "our", "user's")]


def _stored_slot(stored: str, words: list[str], verb: str) -> tuple[str, str] | None:
    """(stored key, stored value) of the one clause of the stored memory whose key has the same head
    noun as `words` and all of its words, said with the same verb (a label or a bare key reads as a
    copula), or None."""
    found = []
    parts = re.split(r"\s*,\s*", stored)
    if len(parts) > 1 and any(len(p.split()) <= 2 and not _clauses(p) for p in parts[1:]):
        return None  # "Languages: Python, Go", "Pets: Bruno, Luna": a list, of which one may be corrected
    for part in parts:
        for skey, sverb, value in _clauses(part):
            skey = [w for w in norm(skey).split() if w not in ("user", "the", "my", "our", "user's")]
            if not skey or skey[-1] != words[-1] or not set(words) <= set(skey) or set(skey) & _OTHER_KEY_WORDS:
                continue
            if (set(skey) - set(words)) & _NARROWING:
                return None
            value = strip_value(value, words[-1])
            if (sverb == verb or {sverb, verb} <= {"is", "are"}) and value and not _VALUE_STOP_RE.search(value):
                found.append((" ".join(skey), value))
            break
    return found[0] if len(found) == 1 else None


def _clauses(part: str) -> list[tuple[str, str, str]]:
    """The readings of one stored clause as (key, verb, value): "Blood type: A+" (a label, read as
    "is"), "Code freeze starts Dec 15", or a bare key before a typed value ("plate AB12 CDE",
    "Council tax band C": the value is its last one or two words and must have a typed shape)."""
    for rx in (_LABEL_RE, _KEY_RE):
        m = rx.match(part)
        if m is not None:
            return [(m.group("key"), "is" if rx is _LABEL_RE else m.group("verb").lower(), m.group("val"))]
    tokens = part.split()
    out = []
    for n in (1, 2):
        if len(tokens) > n and len(tokens) - n <= 4 and all(re.match(r"^[A-Za-z][\w/-]*$", t) for t in tokens[:-n]):
            value = " ".join(tokens[-n:])
            tagged = n == 1 and (kind(" ".join(tokens[-2:])) or "").startswith("tagged:")  # "band C"
            if tagged or kind(strip_value(value)) not in (None, "words", "name"):
                out.append((" ".join(tokens[:-n]), "is", value))
    return out


def _refines(old: str, new: str, named: bool = False) -> bool:
    """"labrador" / "black labrador", "18.17" / "18.17.1", "Engineering Manager" / "Senior ...": the
    new value keeps the old one whole (a kind, version or title of it), so it may still hold. A
    number's decimals are a refinement only while the old value is not named as wrong ("9.5, not 9")."""
    if not named and (new.startswith(old + ".") or old.startswith(new + ".")):
        return True
    ow, nw = old.split(), new.split()
    return any(nw[i:i + len(ow)] == ow for i in range(len(nw) - len(ow) + 1)) or \
        any(ow[i:i + len(nw)] == nw for i in range(len(ow) - len(nw) + 1))


def _named_old(tail: str) -> str:
    m = _NOT_RE.match(tail.strip())
    return m.group("old") if m else ""


def _owned_up(tail: str) -> str:
    """The stored value owned up to as a slip or given to someone else ("I said Radiohead by
    mistake", "Tue/Thu is my partner's schedule"), or ""."""
    m = _GIVEN_AWAY_RE.match(tail.strip()) or _SAID_BY_MISTAKE_RE.match(tail.strip())
    return m.group("old") if m else ""


def _tails_fit(tails: list[str], old: str, head: str = "") -> bool:
    """Whether every clause after the corrected one is accounted for: "not <the stored value>", an
    account of the slip, or the stored value given to someone else or owned up to as a slip."""
    for tail in tails:
        t = tail.strip()
        if not t:
            continue
        said = _named_old(t)
        if said:
            if said.lower().startswith("just ") or not names_value(said, old, head):
                return False  # "not just X" refines; "not B+" when A+ is stored: of something else
            continue
        m = _GIVEN_AWAY_RE.match(t) or _SAID_BY_MISTAKE_RE.match(t)
        if m is not None and norm(strip_value(m.group("old"))) == norm(old):
            continue
        if _ACCOUNT_RE.match(t) and not _ACCOUNT_STOP_RE.search(t) and norm(old) not in norm(t):
            continue
        if _ACCOUNT_RE.match(t) and re.match(rf"^(?:i|we|my\s+\w+)\s+{_PAST}(?![\w'])", t, re.I) and \
                not _ACCOUNT_STOP_RE.search(t):
            continue  # a past account may name the old number: "we got him when he was 2, 4 years ago"
        return False
    return True


def _verdict(key: str, old: str, new: str, existing: str, incoming: str) -> Contradiction:
    return Contradiction("correction", key, old, new,
                         f"{key!r} is corrected: {old!r} -> {new!r} (existing: {clip(existing)!r}; "
                         f"incoming: {clip(incoming)!r})")
