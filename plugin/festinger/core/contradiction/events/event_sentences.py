"""The sentences of an incoming memory that may tell an event of the user's (pure logic).

The one-sentence rules read a memory only when it is one sentence. An event is often told with
chatter around it ("Big news! We moved to Boulder last month. Still unpacking."), so the event
rules (`residence`, `jobchange.employer_ended`) read each sentence on its own, but only of a
memory that as a whole is the user's own, present news:

* no quotation, no label over a sentence ("Text from my sister - I moved to Denver"), one line;
* no word anywhere that makes the memory a story, a dream, a joke or someone else's words
  ("said", "texted", "novel"), a plan, a hedge or a condition (the markers' modal words: "We
  bought a house in Boulder. We move in next month." has not moved yet);
* no old news: a year, a decade, "years ago", "when I was a kid", "back in college";
* no question anywhere ("We moved to Austin. Or was it Dallas?"), no word that undoes the event
  or makes it a while away ("the decision was reversed", "I appealed", "trip", "surgery"), or
  not yet or not a home ("Renting it out", "Three more weeks there", "Leaving at the end of the month");
* no scope or while: a trip, a season, a second home, an office, "also", "still" (the stored
  fact may hold beside the event: "I still live in Denver during the week");
* what follows the event leaves it standing (`news_stands`, shared with `event_context`): no
  retraction or return anywhere, no voice handed over before it, every later sentence the
  user's own fact, more news or a few whole chatter sentences (retraction.py).

What is left are the candidate sentences, each without its final stop and with the memorizer's
own lead ("User mentioned that they moved ...") read as the user ("The user moved ..."). A rule
must still find its event at the very start of one of them, said of the user.
"""

from __future__ import annotations

import re
from typing import Callable

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.text.normalise import clean, expand_contractions
from festinger.core.contradiction.grammar.places import is_known_place
from festinger.core.contradiction.text.retraction import passes_by, retracted_inline, takes_back
from festinger.core.contradiction.text.segment import split_pieces
from festinger.core.contradiction.grammar.statements import parse_sentence
from festinger.core.contradiction.grammar.values import MONTHS
from festinger.core.contradiction.text.memo import per_text

__all__ = ["MAX_EVENT_MEMORY_CHARS", "denied_elsewhere", "event_phrases", "first_person_only", "named_elsewhere",
           "news_stands", "others_say", "owner_implied", "said_again", "user_event_sentences"]

MAX_EVENT_MEMORY_CHARS = 600  # a few sentences of news; a longer text is a summary of many things
_MAX_SENTENCES = 5
# The memorizer's own lead about the user: "User mentioned (that) they ...", "The user clarified that they ...".
_LEAD_RE = re.compile(r"^(?:the\s+)?user\s+(?:mentioned|said|noted|clarified|shared|stated|confirmed|reported)\s+"
                      r"(?:that\s+)?they\s+(?=[a-z])", re.I)
_WORD_RE = re.compile(r"[a-z][a-z'-]*")
# A year or a decade dates the event: "in 2012", "in the 90s", "'90s".
_DATED_RE = re.compile(r"\b(?:1[89]\d\d|20\d\d)\b|\b\d0s\b|'\d0s\b")
_QUOTE_CHARS = ('"', "\u00ab", "\u00bb", "`")
# A lower-case "may" is a hedge; "in May" the month.
_MODAL_MAY_RE = re.compile(r"\bmay\b")
_MODAL = lx.MODAL_WORDS - {"may"}
_STILL_RE = re.compile(r"\bstill\b(?!\s+unpacking)", re.I)
# The future the modal phrases do not list: "My last day is next Friday", "I handed in my notice".
_FUTURE_RE = re.compile(r"\bnext\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|weekend|spring|summer|fall|autumn|"
                        r"winter)\b|\blast\s+day\s+(?:is|will)\b|\bnotice\b|\buntil\b|\bupcoming\b", re.I)


def news_stands(sentences: list[str], n: int, is_news: Callable[[str], object] = lambda s: False,
                goes_on: tuple[bool, ...] = ()) -> bool:
    """Whether the news in `sentences[n]` stands in its memory, read as the statement path reads it
    (retraction.py): nothing retracted or gone back on anywhere ("We moved to Boulder. Psych!",
    "... - not!"), every sentence before it the user's own fact or chatter (not "Message from my
    sister." nor "Practice line for my acting class."), a "we" no sentence ties to a group, and every
    later sentence read by the grammar as the user's own, more news (`is_news`), passing chatter
    ("So happy!") or a clause going on the same sentence after "; " (`goes_on`,
    segment.split_pieces), never one the parser does not read ("I moved to Berlin. Till August.")."""
    if any(retracted_inline(s) for s in sentences) or any(takes_back(s) for s in sentences[1:]):
        return False
    if any(not (passes_by(s) or _users_own(s)) for s in sentences[:n]):
        return False  # "Practice line for my acting class.", "My sister's news.": an opening not read
    if re.match(r"\W*we\b", sentences[n], re.I) and any(
            w.strip(".,;:!").lower() in lx.WE_GROUP_WORDS | _BAND_WORDS for s in sentences for w in s.split()):
        return False  # "We broke up. I quit the band.": a "we" the memory ties to a group
    later = range(n + 1, len(sentences))
    return all(i < len(goes_on) and goes_on[i] or is_news(sentences[i]) or passes_by(sentences[i])
               or _users_own(sentences[i]) for i in later)


# How chatter around news opens, for an event said without its subject ("Loving it.", "Big news!"):
# only who is speaking is read from it (`owner_implied`), never that the news stands.
_CHATTER_OPENERS = frozenset(
    "loving love so big feeling excited exciting great new finally wow yay phew life best happy sad bittersweet "
    "onwards onward time what crazy wild busy exhausted tired relieved".split())
_BAND_WORDS = frozenset("drummer bassist guitarist singer bandmates gig gigs tour solo alone group".split())


@per_text(maxsize=256)
def _users_own(sentence: str) -> bool:
    """Whether the grammar reads the sentence as facts of the user's own ("I start at KPMG on
    Monday."), not of a thing or group that may make the news theirs ("The brewery is doing great.").
    Kept per sentence: an event reader asks it of the same sentences for each candidate event."""
    found = parse_sentence(sentence)
    return bool(found) and all(st.key.split()[0] == "user" and not (
        len(st.key.split()) > 1 and st.key.split()[1] in lx.PERSON_ROLES) for st in found)  # "My sister's news."


def event_phrases(slot: str) -> str:
    """The lexicon's event phrases that end `slot`, as one regex alternation."""
    return "(?:" + "|".join(p for p, s in lx.EVENT_SLOTS.items() if s == slot) + ")"


def _framed(text: str) -> bool:
    """Whether the memory as a whole is a story, a report, a plan, a scope or old news."""
    low = " ".join(text.lower().split())
    words = set(_WORD_RE.findall(low))
    return bool(words & lx.EVENT_FRAME_WORDS or words & _MODAL or words & lx.EVENT_SCOPE_WORDS
                or words & lx.EVENT_UNDONE_WORDS or words & lx.EVENT_NOT_YET_WORDS
                or any(p in low for p in lx.EVENT_NOT_YET_PHRASES) or _MODAL_MAY_RE.search(text)
                or _DATED_RE.search(text) or _STILL_RE.search(text) or _FUTURE_RE.search(text)
                or any(p in low for p in lx.MODAL_PHRASES) or any(p in low for p in lx.EVENT_PAST_PHRASES))


def user_event_sentences(incoming: str, cue: re.Pattern[str],
                         reads: Callable[[str], object] = lambda s: False) -> list[str]:
    """The incoming memory's candidate sentences for an event rule, or [] (see the module doc).
    `cue` is a cheap look first: most memories never reach the segmenter. A later sentence is more
    news only when the rule `reads` it as an event of its own (a sentence without its final stop):
    the cue word alone ("Bought the U-Haul for the 30th.", "Last day's the 28th.") may say the
    event is still ahead, and such a sentence is one the grammar did not read (the twenty-fifth attack)."""
    if len(incoming) > MAX_EVENT_MEMORY_CHARS or not cue.search(incoming):
        return []
    text = expand_contractions(clean(incoming)).strip()
    if not text or "\n" in text or "?" in text or any(q in text for q in _QUOTE_CHARS):
        return []  # a question anywhere may ask about the event itself ("Or was it Dallas?")
    pieces = split_pieces(text)
    if not pieces or len(pieces) > _MAX_SENTENCES or any(pos for _, pos, _ in pieces):
        return []  # a dash pair: one side may be a label over the other ("From Tom - I moved ...")
    texts = [p for p, _, _ in pieces]
    if not news_stands(texts, next((i for i, p in enumerate(texts) if cue.search(p)), 0),
                       lambda s: reads(s.rstrip(".!").strip()), tuple(k for _, _, k in pieces)):
        return []
    sentences = []
    for piece, _, _ in pieces:
        lead = _LEAD_RE.match(piece)
        sentences.append(("The user " + piece[lead.end():] if lead else piece).rstrip(".!").strip())
    # read after the memorizer's lead is gone: "User said that they moved" is the user speaking,
    # not a report of someone else's words
    if _framed(" ".join(sentences)):
        return []
    return sentences


_THIRD_PERSON_RE = re.compile(r"(?<![\w'])(?:he|him|his|himself|she|her|hers|herself|they|them|their|theirs|"
                              r"[a-z]+'s|[a-z]+s')(?![\w'])", re.I)
_USER_POSSESSIVE_RE = re.compile(r"(?<![\w'])(?:the\s+)?user's(?![\w'])", re.I)


def _brings_in_someone(sentence: str) -> bool:
    """A third person, someone's possessive or a person by role ("my sister", "Tom's") in the sentence."""
    if _THIRD_PERSON_RE.search(_USER_POSSESSIVE_RE.sub(" ", sentence)):
        return True
    return any(w.strip(".,;:!").lower() in lx.PERSON_ROLES for w in sentence.split())


def owner_implied(sentences: list[str], but: str, names: tuple[str, ...] = ()) -> bool:
    """Whether an event said without its subject ("Just moved to Austin!", "Got laid off from
    Deloitte today.") is the user's: no one else is in the memory (no third person, possessive,
    person by role, or capitalised word other than a known place, a day, a month or the event's
    own `names`), and every other sentence opens with the user or with chatter ("Loving it.")."""
    if _brings_in_someone(but):
        return False
    for s in sentences:
        if s == but:
            continue
        words = s.split()
        first = words[0].strip(".,;:!").lower() if words else ""
        if _brings_in_someone(s) or not (first in _CHATTER_OPENERS or first_person_only([s], "")):
            return False
        for w in words[1:]:
            word = w.strip(".,;:!()")
            low = word.lower()
            if word[:1].isupper() and word != "I" and low not in names and low not in lx.WEEKDAYS and (
                    low not in MONTHS and not is_known_place(low)):
                return False  # "Loving it. Sarah says hi.": a name may be whose news this is
    return True


def first_person_only(sentences: list[str], but: str) -> bool:
    """Whether every sentence other than `but` opens with the user (I, my, we, our, the user): an
    event said without its owner ("Last day at Deloitte was Friday") is the user's only then."""
    return all(s == but or re.match(r"(?:i|my|we|our|(?:the\s+)?user(?:'s)?)\b", s, re.I) for s in sentences)


def named_elsewhere(sentences: list[str], but: str, name: str) -> bool:
    """Whether a sentence other than `but` names the stored value again: "I moved to Austin. Now
    I'm back in Denver.", "Last day at Deloitte was Friday. I start at Deloitte Digital on Monday."
    (a move back, a unit of the same company): the memory says more of it than the event."""
    rx = re.compile(rf"(?<![\w']){re.escape(name)}(?![\w])", re.I)
    return any(s != but and rx.search(s) for s in sentences)


_NEGATION_RE = re.compile(r"(?<![\w'])(?:not|no|never|nope|nah)(?![\w'])", re.I)


def others_say(sentences: list[str], but: str, pattern: re.Pattern[str]) -> bool:
    """Whether a sentence other than `but` matches `pattern` (a second move, a denial)."""
    return any(s != but and pattern.search(s) for s in sentences)


def denied_elsewhere(sentences: list[str], but: str) -> bool:
    """"We moved to Austin. Not!": a denial in another sentence may be of the event itself."""
    return others_say(sentences, but, _NEGATION_RE)


# Words of a stored memory that name no slot of their own ("User has a dog named Biscuit").
_GENERIC_WORDS = frozenset("user users have named called with that this from their they lives live living works "
                           "work working years year since been also still".split())


def said_again(existing: str, incoming: str, ends: Callable[[str, str], object]) -> bool:
    """Whether a sentence of the incoming memory other than the event's names a word of the stored
    memory again (the same first five letters: "smoker" / "I smoke cigars now", "nurse" / "I work
    as a nurse on weekends", "Sam" / "I'm dating Sam now"). The event's sentence is the one `ends`
    (the rule) finds the event in on its own."""
    pieces = [p for p, _, _ in split_pieces(expand_contractions(clean(incoming)))]
    if len(pieces) < 2:
        return False
    at = next((i for i, p in enumerate(pieces) if ends(existing, p) is not None), None)
    if at is None:
        return False
    stored = {w[:5] for w in _WORD_RE.findall(existing.lower()) if len(w) >= 3 and w not in _GENERIC_WORDS
              and w not in lx.SUBJECT_STOPWORDS}
    return any(w[:5] in stored for i, p in enumerate(pieces) if i != at
               for w in _WORD_RE.findall(p.lower()) if len(w) >= 3)
