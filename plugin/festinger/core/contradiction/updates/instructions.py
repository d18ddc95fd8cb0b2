"""An instruction to the assistant reversed or replaced by a later one (pure logic).

"No emojis in replies" / "Emojis are fine now, go ahead and use them."; "Units: imperial" / "Switch to
metric units please."; "Assistant should ask before running shell commands." / "You don't need to
ask before running shell commands anymore, just run them."; "Max answer length: 200 words" / "The
limit is 100 words, not 200 - I misremembered what I told you.". The statement grammar reads none of
these (imperatives, wishes, key lines of the assistant's settings), so the user's change of mind
about how to be answered went unseen and the old instruction stayed in force.

Two shapes (read by `instruction_reading`): a SETTING with one value of a closed kind is replaced
when the new value is another one of that kind (a different group for tone and length: "formal" /
"casual", "short" / "detailed"); a BEHAVIOUR is reversed when the very same object (stemmed words),
for the very same target, is switched between done and not done ("do X" / "don't X", "no X" / "X is
fine now", "ask before X" / "you don't need to ask before X").

Precision by construction: the stored memory must be one instruction (or the bullets under a
preferences heading), the incoming one a single line whose every clause is the instruction itself,
a change marker ("from now on", "anymore"), the old value ("not 200", "instead of Python"), an
admission ("I misremembered what I told you"), "go ahead and use them", or a reason naming the old
value ("the short answers skip too much"). Anything else (a question, "this one", "in this thread",
"if it's for a client", "my manager says", "also", "maybe", an unknown word in a setting clause)
leaves the pair alone. A setting only allowed ("casual is fine") replaces nothing unless it is said
as a change ("now", "drop the formal tone").
"""

from __future__ import annotations

import re
from dataclasses import replace

from festinger.core.contradiction.text.memo import per_text
from festinger.core.contradiction.text.segment import split_sentences
from festinger.core.contradiction.updates.instruction_behaviours import read_behaviour
from festinger.core.contradiction.updates.instruction_reading import (DOTTED_DATE_RE, Reading, read_setting, refused,
                                                                      setting_words, words)
from festinger.core.contradiction.verdict import Contradiction, clip

__all__ = ["by_instruction"]

_MAX_CHARS = 400
# Headings over a list of the user's instructions: the list is the user's standing rules.
_PREFERENCE_HEADINGS = frozenset(
    "preferences preference user preferences instructions rules style settings formatting communication "
    "response style answer style reply style assistant rules standing instructions how to answer "
    "communication preferences formatting preferences output preferences".split(" "))
_HEADING_RE = re.compile(r"^(?:#{1,6}\s+|\*\*)?(?P<label>[A-Za-z][A-Za-z ]{1,40}?)(?:\*\*)?:?$")
_BULLET_RE = re.compile(r"^\s*(?:[-*+\u2022]|\d{1,2}[.)])\s+")
# How a stored instruction opens (a cheap look before any reading; most memories are facts and stop
# here): a heading or key line, an imperative, a wish or rule of the user's or the assistant's, a
# permission or a ban, or a setting's noun ("Code examples in Java", "Temperatures in Fahrenheit").
_OPENS_RE = re.compile(
    r"^(?:#|\*\*|please |always |never |no |don't |do not |stop |avoid |quit |keep |use |include |add |send |give "
    r"|put |ask |cite |end |swear |reply |respond |answer |write |speak |talk |be |stay |switch |show |feel free "
    r"|you |let's |(?:the )?user (?:wants|would|prefers|asked|asks|does not|doesn't) |(?:the )?assistant "
    r"|i (?:want|would|'d|prefer|do not|don't) |[a-z][a-z ]{0,30}:|[\w -]{1,40} (?:is|are) (?:now )?(?:fine|ok|okay|"
    r"allowed|welcome|not|banned|forbidden)\b|(?:[\w-]+ ){0,3}(?:replies|answers|responses|examples|dates|times|"
    r"temperatures|code|units|spelling)\b)")
_KEY_LINE_RE = re.compile(r"^\s*[A-Za-z][\w ]{0,30}:\s")
_INNER_STOP_RE = re.compile(r"[.!?;]\s+\S")
_CLAUSE_SPLIT = re.compile(r",\s+|;\s+|\s+[-\u2013\u2014]\s+")
# Words that only mark the instruction as new, dropped from a clause's ends before it is read.
_MARKER_EDGES = re.compile(
    r"^(?:(?:please|ok|okay|so|and|actually|correction|update|from now on|going forward|now|then|also)\b[\s,:]*)+|"
    r"(?:[\s,]+(?:please|from now on|going forward|now|anymore|any more|again|thanks|thank you|for good|instead|"
    r"then|as well please))+$")
_CHANGE = re.compile(r"\b(?:from now on|going forward|now|anymore|any more|again|no longer|instead|switch\w*|"
                     r"drop|no more|stop|change|misremembered|not \d+|from here on)\b")
# "not 200", "not 200 words", "instead of Python": the old value alone ("not 200 characters" is another unit)
_OLD_CLAUSE = re.compile(r"^(?:not|instead of|rather than)\s+(?P<old>\d+(?:\s+words?)?|[a-z][\w/.+#-]*)$")
_ADMISSION = re.compile(r"^i (?:misremembered|misspoke|was wrong|got (?:it|that|this) wrong|mixed (?:it|them|that) up|"
                        r"made a mistake)\b")
_FILLER = re.compile(r"^(?:just |go ahead and |feel free to )?(?:use|run|do|send|add|include) (?:them|it)(?: all)?$|"
                     r"^i do not mind(?: it| them)?$|^go ahead$")


def read_clause(clause: str) -> Reading | None:
    """The clause as a setting or a behaviour, or None. A clause naming a setting value is read as a
    setting or not at all ("use metric for this recipe" is never a behaviour "use metric")."""
    ws = words(clause)
    if not ws:
        return None
    found = setting_words(ws)
    return read_setting(ws, found) if found is not None else read_behaviour(clause)


@per_text(maxsize=1024)
def _stored(existing: str) -> tuple[Reading, ...]:
    """The stored memory's instructions: one line, or the bullets under a preferences heading."""
    if not _OPENS_RE.match(existing.lstrip(" -*+\u2022\t\n").lower()):
        return ()
    lines = [ln.strip() for ln in existing.strip().splitlines() if ln.strip()]
    if len(lines) > 1:
        head = _HEADING_RE.match(lines[0])
        if head is None or head.group("label").strip().lower() not in _PREFERENCE_HEADINGS:
            return ()
        lines = lines[1:]
        if not all(_BULLET_RE.match(ln) for ln in lines):
            return ()
    out = []
    for line in lines:
        line = DOTTED_DATE_RE.sub(r"\1_\2_\3", _BULLET_RE.sub("", line))
        # a line with no stop inside is one sentence: the segmenter is only asked about the others
        pieces = split_sentences(line) if _INNER_STOP_RE.search(line) else [line]
        if len(pieces) != 1 or refused(pieces[0]):
            continue
        reading = read_clause(_MARKER_EDGES.sub("", " ".join(words(pieces[0]))).strip())
        if reading is not None:
            out.append(reading)
    return tuple(out)


def _incoming(incoming: str) -> tuple[list[Reading], set[str], list[list[str]], bool] | None:
    """(readings, old values named in clauses of their own, unread clauses' words, said as a change)."""
    text = DOTTED_DATE_RE.sub(r"\1_\2_\3", incoming.strip())
    if "\n" in text or not text:
        return None
    clauses = [c.strip(" .!") for s in split_sentences(text) for c in _CLAUSE_SPLIT.split(s)]
    readings: list[Reading] = []
    old: set[str] = set()
    unread: list[list[str]] = []
    change = False
    for clause in clauses:
        low = " ".join(words(clause))
        change = change or bool(_CHANGE.search(low))
        low = _MARKER_EDGES.sub("", low).strip()
        if not low or _FILLER.match(low) or _ADMISSION.match(low):
            change = change or bool(_ADMISSION.match(low))
            continue
        m = _OLD_CLAUSE.match(low)
        if m is not None:
            old |= {f"words:{w}" if w.isdigit() else w for w in m.group("old").split() if w != "words"}
            continue
        if refused(clause) or refused(low):
            return None
        reading = read_clause(low)
        if reading is None:
            unread.append(low.split())
        elif _KEY_LINE_RE.match(clause):
            readings.append(replace(reading, standing=False))  # "Tone: casual": a note with no owner
        else:
            readings.append(reading)
    kinds = {r.topic for r in readings} - {"do"}
    if len(kinds) == 1 and unread:  # "..., use Go": a bare value of the setting another clause names
        named = next(iter(kinds))
        for ws in list(unread):
            found = setting_words(ws) if ws[:1] in (["use"], ["switch"]) else None
            reading = read_setting(ws, found, named) if found else None
            if reading is not None and reading.topic == named:
                unread.remove(ws)
                readings.append(reading)
    return (readings, old, unread, change) if readings else None


def _complains_of(ws: list[str], a: Reading) -> bool:
    """Whether an unread clause is a reason against the stored value: "the short answers skip too much".
    It opens on the old value ("the short ..."), and keeps nothing beside the new one ("with German
    translations", "and metric for cooking" would)."""
    return ws[:1] == ["the"] and bool(set(ws[1:3]) & a.surface) and not set(ws) & _KEEPS


_KEEPS = frozenset("with and plus both or but also still".split())


def _one_topic(readings: list[Reading]) -> bool:
    first = readings[0]
    return all(r.topic == first.topic and r.key == first.key and r.target == first.target for r in readings)


def _setting_replaced(a: Reading, new: list[Reading], named_old: set[str], change: bool) -> str | None:
    """The incoming value that replaces the stored setting `a`, or None."""
    if not a.on or len(a.values) != 1 or a.old:
        return None
    stored = next(iter(a.values))
    asked = set().union(*(r.values for r in new))
    left = set().union(*(r.old for r in new)) | named_old
    if left and stored not in left:
        return None  # "instead of Java" is about another instruction than "examples in Python"
    if len(asked) > 1:
        return None
    if asked:
        value = next(iter(asked))
        if value == stored or value.startswith("words:") != stored.startswith("words:"):
            return None  # the same value, or a number of words against "short"
        if any(r.weak for r in new if r.values) and not left:
            return None  # "the units are metric": whose units? only "..., not imperial" makes it the instruction
        standing = any(r.standing for r in new if r.values)
        return value if standing or change or left else None
    # "don't use imperial units anymore", "let's drop the formal tone": the stored value denied
    return f"not {stored}" if stored in left else None


def by_instruction(existing: str, incoming: str) -> Contradiction | None:
    """The contradiction when the incoming instruction reverses or replaces the stored one."""
    if len(existing) > _MAX_CHARS or len(incoming) > _MAX_CHARS:
        return None
    stored = _stored(existing)  # first: most stored memories are no instruction, and this is the cheaper side
    if not stored:
        return None
    parsed = _incoming(incoming)
    if parsed is None:
        return None
    new, named_old, unread, change = parsed
    if not _one_topic(new):
        return None
    for a in stored:
        if a.topic != new[0].topic:
            continue
        if a.topic == "do":
            if unread or a.key != new[0].key or a.target != new[0].target or new[0].when not in ("", a.when):
                continue
            if len({r.on for r in new}) != 1 or new[0].on == a.on or not (change or all(r.standing for r in new)):
                continue
            kind = "negation" if not new[0].on else "value"
            subject = " ".join(a.key)
            return Contradiction(kind, f"assistant {subject}", "yes" if a.on else "no", "yes" if new[0].on else "no",
                                 f"the instruction about {subject!r} is reversed: {clip(incoming)!r} "
                                 f"(existing: {clip(existing)!r})")
        # a clause left unread may only be a reason naming the old value ("the short answers skip too much")
        if not all(_complains_of(ws, a) for ws in unread):
            continue
        if a.target and new[0].target and a.target != new[0].target and not (unread or named_old):
            continue  # "concise answers" / "detailed explanations": two lengths, unless the old one is named
        value = _setting_replaced(a, new, named_old, change)
        if value is not None:
            old = next(iter(a.values))
            kind = "correction" if named_old else "value"
            return Contradiction(kind, f"assistant {a.topic}", old, value,
                                 f"the {a.topic} instruction {old!r} is replaced by {value!r}: {clip(incoming)!r} "
                                 f"(existing: {clip(existing)!r})")
    return None
