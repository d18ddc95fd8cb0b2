"""A stored amount of one named slot, said anew by an announced change (pure logic).

"The user's gym membership is $40 a month." / "The gym raised the membership to $45 a month.",
"My marathon PB is 4:05:30." / "New marathon PB: 3:52:10.", "The user's rent is $1,900." / "Lease
renewed. The landlord raised the rent to $2,050 starting in May.": the incoming memory names the
stored slot and a new amount in a sentence the grammar cannot read (another actor, a label, a
head noun without its owner). The stored sentence is one statement with one amount; the incoming
sentence names every word of its slot, the slot's head right where a changed amount is said ("raised
the rent to", "PB:", "the rent is now"), announces the change ("raised", "now", "new", "latest"),
and holds exactly one other amount of the stored amount's shape (a currency, a clock time, a number
with the same unit). Then the stored sentence with the new amount in place of the old one is what
the incoming memory says, and the grammar compares the two as usual.

Refused: a question, a hedge, a plan, a condition, the past (`statements.is_unsure`), a quote,
a denial, someone else's slot ("my brother's rent"), a sentence beside it that is not the user's own
fact or chatter ("Dad finished Boston!", "Toured the loft on Elm Street.") or that says the old amount
again, a stored scope the incoming sentence does not
name ("rent for the garage"), a leading scope ("On staging, ..."), and two candidate amounts.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.events.event_sentences import news_stands
from festinger.core.contradiction.text.literal import starts
from festinger.core.contradiction.text.segment import split_sentences
from festinger.core.contradiction.grammar.statements import WE_KEY, Statement, extract_statements, is_unsure
from festinger.core.contradiction.grammar.values import singular

__all__ = ["new_amount"]

_CHANGE_RE = re.compile(r"(?<![\w'])(?:now|new|latest|raised|increased|lowered|reduced|cut|bumped|upped|dropped|"
                        r"rose|fell|climbed|jumped|went\s+(?:up|down)|doubled|halved)(?![\w'])", re.I)
_SLOT_CUE = r"(?:\s*:|\s+(?:is|are|was|has|have|got|now|went|dropped|rose|fell|climbed|jumped)\b|\s+(?:from\s+\S+\s+)?to\s)"
_NOT_RE = re.compile(r"(?<![\w'])(?:not|never|no|n't)(?![\w'])|n't|[?\"]", re.I)
_LEAD_SCOPE_RE = re.compile(r"^\s*(?:on|in|for|at|under|during|with|inside|within)\s", re.I)
_OWNERS = frozenset(("user", WE_KEY))
_LEADS = "the|my|our|your|their|user's|new|latest"
_ACTOR_RE = re.compile(r"(?:(?:the\s+)?[\w-]+\s+(?:raised|increased|lowered|reduced|cut|bumped|upped|changed|set)\s*)?")
# "Landlord raised it. The rent is $1600 now.": one actor setting "it", the amount the next sentence names.
_SET_IT_RE = re.compile(r"^(?:the\s+)?[\w-]+\s+(?:raised|increased|lowered|reduced|cut|bumped|upped|changed)\s+it[.!]?$",
                        re.I)
# A range or a cap; "went up to" and "bumped up to" are a change, "is now up to 60 seconds" may be a cap.
_RANGE_RE = re.compile(r"(?<![\w'])(?:between|var(?:y|ies)|ranges?|anywhere)(?![\w'])|\d\s*(?:-|\u2013|to)\s*[$€£¥]?\d"
                       r"|(?<!went\s)(?<!bumped\s)(?<!shot\s)(?<!jumped\s)(?<!crept\s)(?<!moved\s)(?<![\w'])up\s+to(?![\w'])", re.I)
_FIRST_WORDS = frozenset("the my our i user user's new latest we".split())
_CUE_WORDS = frozenset("is are was has have got now went dropped rose fell climbed jumped from to".split())


def new_amount(existing: str, incoming: str) -> tuple[tuple[Statement, ...], tuple[Statement, ...]] | None:
    """The stored statements and the incoming memory's new amount read as the stored sentence
    (an announced update), or None."""
    if len(existing) > 300 or len(incoming) > 2000:
        return None  # short memories only: the work stays bounded
    old = extract_statements(existing)
    if len(old) != 1 or len(old[0].values) != 1 or old[0].values[0].kind != "quantity" or old[0].negated:
        return None
    a = old[0]
    display = a.values[0].display
    words = [w for w in a.key.split() if w not in _OWNERS]
    if not words or display not in existing or existing.count(display) != 1:
        return None
    if "\n" in incoming.strip() or _read_in_part(existing, display):
        return None  # a list or a note, or an amount the grammar read in part ("1 500 euros")
    after = existing[existing.index(display) + len(display):].strip(" .!").lower()  # "a month", ""
    sentences = split_sentences(" ".join(incoming.split()))
    for n, sentence in enumerate(sentences):
        found = _amount_in(sentence, words, a.qualifier, display, after)
        if found is not None:
            # read with its neighbours, as the other multi-sentence rules read news: every other
            # sentence the user's own fact or chatter ("Dad finished Boston! New marathon PB: 3:41:00",
            # "Toured the loft on Elm Street. New rent: $2,400" are another's), and the old amount
            # not said again ("... Mine stays at $40 because I'm grandfathered.")
            kept = [s for i, s in enumerate(sentences) if i >= n or not _SET_IT_RE.match(s)]
            others = [s for s in sentences if s is not sentence]
            if not news_stands(kept, kept.index(sentence)) or any(display in s or _LEAD_SCOPE_RE.match(s) for s in others):
                return None  # ... or a sentence that scopes it: "For the garage, I mean."
            new = extract_statements(existing.replace(display, found))
            return old, tuple(replace(st, update=True) for st in new)
    return None


def _read_in_part(existing: str, display: str) -> bool:
    """Whether a digit and a space, "." or "," come right before the amount ("1 500 euros" read as "500 euros")."""
    return any(i >= 2 and (existing[i - 1].isspace() or existing[i - 1] in ".,") and existing[i - 2].isdecimal()
               for i in starts(existing, display, ignore_case=False))


_CLOCK_RE = re.compile(r"^\d{1,3}:\d{2}(?::\d{2})?$")
_CLOCK_SHAPE_RE = re.compile(r"(?<![\w:])\d{1,3}:\d{2}(?::\d{2})?(?![\w:])")
_AMOUNT_RE = re.compile(r"^([$€£¥]?)\d[\d,]*(?:\.\d+)?(.*)$")


def _shape(display: str) -> re.Pattern[str]:
    """The amounts written like `display`: the same currency, a clock time, or a number with the same unit."""
    if _CLOCK_RE.match(display):
        return _CLOCK_SHAPE_RE
    m = _AMOUNT_RE.match(display)
    return _unit_shape(*((m.group(1), m.group(2)) if m else ("", "")))


@functools.lru_cache(maxsize=1024)
def _unit_shape(prefix: str, unit: str) -> re.Pattern[str]:
    # One per currency and unit ("$", " kg", " a month"), built only for a sentence that got this far.
    return re.compile(rf"(?<![\w$€£¥.,]){re.escape(prefix)}\d[\d,]*(?:\.\d+)?{re.escape(unit)}(?![\w%])")


def _amount_in(sentence: str, words: list[str], qualifier: str, old: str, after: str) -> str | None:
    low = sentence.lower()
    first = low.split()[0] if low.split() else ""
    names = [w for w in re.findall(r"(?<=\w\s)[A-Z][\w-]*", sentence) if w != "I" and w.lower() not in words]
    if first not in _FIRST_WORDS or names:
        return None  # the user's or the slot's sentence only: "Tom set a new marathon PB: 3:52:10"
    if _RANGE_RE.search(sentence):
        return None  # "now 30 to 60 seconds", "now up to 60 seconds": a range or a cap, not one amount
    if is_unsure(sentence) or _NOT_RE.search(sentence) or _LEAD_SCOPE_RE.match(sentence) or not _CHANGE_RE.search(sentence):
        return None
    said = {singular(w) for w in re.findall(r"[\w'-]+", low)}
    if any(singular(w) not in said for w in words + [q for q in qualifier.split() if len(q) > 3]):
        return None
    if said & lx.OTHER_PERSON_WORDS or re.search(r"(?<![\w'-])(?!user's)[\w-]+'s(?![\w'])", low):
        return None  # "my brother's rent", "Tom's PB", "her salary": someone else's slot
    slot = re.search(rf"(?:^|(?<![\w'-])(?:{_LEADS})\s+)(?:[\w-]+\s+){{0,{len(words) - 1}}}{re.escape(words[-1])}s?{_SLOT_CUE}",
                     low)
    if slot is None or not _ACTOR_RE.fullmatch(low[:slot.start()]) or any(w not in words for w in low[slot.start():slot.end()].split()[1:-1] if w not in _CUE_WORDS):
        return None  # the head right after its owner or "new" ("the marketing budget" is another budget),
        # opening the sentence or after one actor who set it ("the landlord raised the rent"): never
        # under a label ("FYI about the new office: ...") or a report ("My brother says the rent ...")
    amounts = [m for m in _shape(old).finditer(sentence) if m.group(0) != old]
    if len(amounts) != 1 or re.search(r"[,;]|\s(?:and|but|while)\s", sentence[slot.end():amounts[0].start()]):
        return None  # the amount of another clause ("the rent went up, and the deposit is now $3,800")
    tail = sentence[amounts[0].end():].strip(" .!").lower()
    # nothing after the new amount but the stored amount's own tail ("a month") and "now": "during the
    # workout", "for the wedding gift", "in summer", "there" scope it
    return amounts[0].group(0) if tail in {"", "now", after, f"{after} now", f"now {after}"} else None
