"""The sentences of an incoming memory that may announce a life event of the user's (pure logic).

The event rules (`events`, `quitting.habit_ended`) read one sentence of the incoming memory at a
time: "Biscuit passed away on Sunday. The house feels empty." announces the death in its first
sentence and chats in the second. Chatter may also take the event back or set it somewhere else,
so the whole memory must pass these checks before any of its sentences is read:

* one line of at most `MAX_SENTENCES` sentences, no question mark, no quotation marks (a quote is
  someone's words, a title or a line of a story);
* no OTHER sentence holds a word of `CONTEXT_STOPS`: a story, a dream, a plan or wish, a hedge, a
  retraction ("actually", "kidding", "not true"), a report ("said", "told"), a temporary break or a
  relapse ("again", "for now", "Dry January"), the past ("years ago", "back in", a year, "when I
  was", "first", "former", "ex");
* an event sentence whose owner is not said in it ("Biscuit died", "We broke up", "The baby was
  born") is read only when no sentence before it brought in someone else (`referents.Referents`):
  "My sister called. Biscuit died." may be the sister's Biscuit; nor a later one a person by name
  or role ("The baby was born last week. My sister is exhausted."); a later pronoun is the event's
  own ("Biscuit died. He was 14."). A sentence that opens with the event verb and no subject
  ("Just graduated from UCLA!") is its writer's, read as "I ...".

The event sentence itself is matched whole by each rule's closed pattern (its owner first, then
its verb, then only a recent time tail), so a negation, a modal or a scope in it never matches.
"""

from __future__ import annotations

import re
from typing import Iterator

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.lexicon.life_events import CONTEXT_STOPS, PET_KINDS
from festinger.core.contradiction.events.event_sentences import news_stands
from festinger.core.contradiction.text.referents import Referents
from festinger.core.contradiction.updates.rescheduled import one_sentence
from festinger.core.contradiction.text.segment import MAX_SENTENCE_CHARS, split_pieces, split_sentences

__all__ = ["BE", "DURATION", "EXPLICIT_OWNER_RE", "HAS", "MAX_SENTENCES", "NAME", "RECENT", "USER", "event_sentences",
           "others_name_someone", "stored_sentence"]

MAX_SENTENCES = 4
# A news label before the event ("Update: Biscuit passed away."): it scopes nothing.
_NEWS_LABEL_RE = re.compile(r"^(?:(?:sad|big|good|some|quick|life|family)\s+)?(?:update|news|fyi)\s*:\s+", re.I)
_MAX_CHARS = MAX_SENTENCE_CHARS * 2
_STOPS_RE = re.compile(rf"(?<![\w'])(?:{CONTEXT_STOPS})(?![\w'])", re.I)
# An opening quote (a straight or curly double quote, or a single quote before a word): a quotation.
_QUOTE_RE = re.compile(r"[\"\u201c\u201d\u2018]|(?<![\w])'(?=\w)")
# A sentence that names its owner in its first words: "I ...", "My dog ...", "The user's cat ...",
# "Chris and I ..." (a name and the user), "User ...".
EXPLICIT_OWNER_RE = re.compile(r"^(?:i\b|i'|my\s|(?:the\s+)?user(?:'s)?\s|(?-i:[A-Z][a-z]+)\s+and\s+(?:i|me)\s)",
                               re.I)

# The user as a sentence's subject, and the verbs after it, as every event rule reads them.
USER = r"(?:(?:the\s+)?user|i)"
BE = r"(?:\s+(?:is|am|are)|'m|'s|'re)"
HAS = r"(?:'ve|\s+has|\s+have)?"
# How long a stored state has held ("married to Chris for ten years", "smoking since 2010"): the
# state holds now, so its length says nothing against an event that ends it.
DURATION = r"(?:\s+for\s+(?:[\w-]+\s+){0,2}(?:years?|months?|decades?)|\s+since\s+[\w ]{1,20})"
# A name, capitalised even under re.I, one or two words ("Chris", "Mary Ann").
NAME = r"(?-i:[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?(?:\s+[A-Z][a-z]+)?)"
# When the event happened, recently: never a year or "years ago" (biography that may predate the
# stored fact), never "for a week" (a while, not an end).
RECENT = (r"(?P<when>\s+(?:last\s+(?:week|month|year|weekend|night|spring|summer|autumn|fall|winter)|"
          r"recently|yesterday|today|this\s+(?:week|month|year|morning|weekend|spring|summer|autumn|fall)|"
          r"earlier\s+this\s+(?:week|month|year)|over\s+the\s+weekend|in\s+the\s+(?:spring|summer|autumn|fall|winter)|"
          r"(?:on\s+|last\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day|"
          r"at\s+the\s+end\s+of\s+(?:last\s+)?(?:week|month|january|february|march|april|may|june|july|august|"
          r"september|october|november|december)|"
          r"on\s+(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+"
          r"\d{1,2}(?:st|nd|rd|th)?|"
          r"(?:last\s+|in\s+)(?:january|february|march|april|may|june|july|august|september|october|november|"
          r"december)|(?:a|one|two|three|four|five|six|a\s+few|a\s+couple\s+of|\d{1,2})\s+(?:days?|weeks?|months?)"
          r"\s+ago))?")


# A sentence that opens with an event verb and no subject: the writer's own news ("Finally retired!").
_SUBJECTLESS_RE = re.compile(r"^(?:(?:just|finally|recently|officially)\s+)?"
                             r"(?:graduated|retired|quit|stopped|gave\s+up|broke\s+up|split\s+up|got\s+divorced|"
                             r"had\s+the\s+baby|gave\s+birth|finished|completed|defended)(?:\s|$)", re.I)


# A third person's pronoun, or a "we" (the graduate's parents: "Just graduated! We're so proud."):
# with a subjectless event, someone it may be of.
_THIRD_PERSON_RE = re.compile(r"(?<![\w'])(?:he|him|his|she|her|hers|they|them|their|we|us|our)(?![\w])", re.I)


def stored_sentence(existing: str) -> str | None:
    """The stored memory's one sentence (no final stop), or None: the stored fact is one sentence."""
    return one_sentence(existing)


def event_sentences(incoming: str) -> Iterator[str]:
    """The sentences of the incoming memory an event rule may read (no final stop), in order;
    nothing when the memory as a whole fails the checks above."""
    if len(incoming) > _MAX_CHARS:
        return
    text = incoming.strip()
    if not text or "\n" in text or "?" in text or _QUOTE_RE.search(text):
        return
    split = split_pieces(text)
    pieces = [_NEWS_LABEL_RE.sub("", p.rstrip(".!").strip()) for p, _, _ in split]
    goes_on = tuple(k for _, _, k in split)
    if not pieces or len(pieces) > MAX_SENTENCES:
        return
    seen = Referents()
    for n, piece in enumerate(pieces):
        others = pieces[:n] + pieces[n + 1:]
        if piece and not any(_STOPS_RE.search(o) for o in others) and news_stands(pieces, n, goes_on=goes_on):
            if EXPLICIT_OWNER_RE.match(piece):
                yield piece
            elif not (seen.owner or _person_before(seen) or any(_someone_after(o, piece) for o in pieces[n + 1:])):
                # "Just graduated from UCLA!": a sentence that opens with the event is its writer's,
                # unless another sentence speaks of a third person or a "we" ("Just graduated! She's
                # amazing.", "... We're so proud."):
                # with no subject of its own, the event may be theirs
                if not _SUBJECTLESS_RE.match(piece):
                    yield piece
                elif not any(_THIRD_PERSON_RE.search(o) for o in others):
                    yield "I " + piece
        seen.add(piece + ".")


def others_name_someone(incoming: str, sentence: str) -> bool:
    """Whether a sentence of the incoming memory other than the event's names a person the event
    does not: an ending that names no one ("I broke up with my girlfriend. I'm seeing Alex now.")
    may then be of another partner than the stored one."""
    pieces = [_NEWS_LABEL_RE.sub("", p.rstrip(".!").strip()) for p in split_sentences(incoming.strip())]
    bare = sentence[2:] if sentence.startswith("I ") and sentence[2:] in pieces else sentence
    return any(_someone_after(o, sentence) for o in pieces if o != bare)


# Capitalised words that name no one: the user, days and months, and the words a sentence opens with.
_NOT_SOMEONE = frozenset("i i'm i've i'd i'll".split()) | lx.WEEKDAYS | frozenset(
    "january february march april may june july august september october november december".split())
_OPENERS = frozenset("the a an it its it's he she we they this that these those there here what so and but then "
                     "now today yesterday also still just our my his her their we're we've they're he's she's "
                     "that's there's everyone everything nothing no yes oh well".split())
# People by role, without the pets and the user's children a later sentence may speak of.
_PEOPLE = (lx.PERSON_ROLES | lx.OCCUPATIONS) - frozenset(PET_KINDS) - frozenset(
    "child children kid kids son sons daughter daughters baby babies pets".split())


def _someone_after(later: str, piece: str) -> bool:
    """Whether a LATER sentence brings in a person the event sentence did not name: "The baby was
    born last week. My sister is exhausted." may be the sister's baby, "We broke up. That was before
    I met Alex." another partner. (A pronoun after it is the event's own: "Biscuit died. He was 14.")"""
    said = {w.strip(".,!;:").lower() for w in piece.split()}
    words = [w.strip(".,!;:()") for w in later.split()]
    for i, word in enumerate(words):
        low = word.lower()
        bare = low[:-2] if low.endswith("'s") else low
        if bare in _PEOPLE:
            return True
        if (word[:1].isupper() and low not in _NOT_SOMEONE and bare not in said
                and not (i == 0 and (low in _OPENERS or low.endswith("ly")))):
            return True
    return False


def _person_before(seen: Referents) -> bool:
    """Whether a sentence before brought in a person by role ("my sister", "a friend")."""
    return any(thing & (lx.PERSON_ROLES | lx.OCCUPATIONS) for thing in seen.things)
