"""The gates every change read by its old value's name passes (`named_end`): which sentences of
the incoming memory may be read, and what in the sentence or beside it leaves the stored fact
standing (pure logic).

* the sentences: those an event rule may read (`event_context`), or the memory's one sentence when
  that gate refused it only for a "we" tied to a group; never a quote, a question, a retraction;
* in the sentence: a plan, a hedge, a condition or old news (`unsure_change`; the noun "plan" is no
  plan: "the Premium plan");
* beside it: the undoing words ("the buyer backed out", "for like 2 days"), a hedge, the stored
  value said again ("I quit CrossFit. I do CrossFit on Sundays."), a passing scene ("The user is
  working from a hotel room."), or a he/she that is the user only when the change is said of "the user".
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.events.event_context import event_sentences
from festinger.core.contradiction.updates.held import noun_plan, words
from festinger.core.contradiction.lexicon import changes as ch
from festinger.core.contradiction.lexicon.life_events import RELATIVES
from festinger.core.contradiction.text.memo import per_text
from festinger.core.contradiction.text.normalise import expand_contractions
from festinger.core.contradiction.updates.rescheduled import one_sentence
from festinger.core.contradiction.text.retraction import retracted_inline
from festinger.core.contradiction.text.segment import split_pieces
from festinger.core.contradiction.text.situation import sets_passing_state, sets_temporary_scene

__all__ = ["PRONOUN_RE", "SAYS_IT_ENDED_RE", "UNDOING_RE", "others_refuse", "readable_sentences", "unsure_change"]

UNDOING_RE = re.compile(rf"(?<![\w'])(?:{ch.UNDOING_WORDS})(?![\w'])", re.I)
PRONOUN_RE = re.compile(r"(?<![\w'])(?:he|she|his|her|him|they|their|them)(?![\w'])", re.I)
# The same ending said again of "it": "... and doesn't eat it anymore", "I deleted Instagram - I don't use it now".
SAYS_IT_ENDED_RE = re.compile(r"(?:(?:i|the\s+user)\s+)?(?:does\s+not|doesn't|do\s+not|don't|"
                              r"no\s+longer)\s+[a-z]+\s+(?:it|them)(?:\s+(?:any\s*more|now))?$", re.I)
_QUOTE_RE = re.compile(r"[\"\u201c\u201d\u2018]|(?<![\w])'(?=\w)")
# A plan, a hedge, a condition or old news anywhere in the sentence ("thinking of switching", "if I
# switched", "switched from X to Y back in 2019", "when I was in college").
_UNSURE_RE = re.compile(
    r"(?<![\w'])(?:" + "|".join(sorted((re.escape(w) for w in set(lx.MODAL_WORDS) | set(lx.MODAL_PHRASES)), key=len,
                                       reverse=True))
    + r"|years\s+ago|back\s+in|when\s+i\s+was|previously|formerly|originally|initially|once|in\s+the\s+past|"
      r"at\s+the\s+time|(?:19|20)\d\d)(?![\w'])", re.I)


def unsure_change(sentence: str) -> bool:
    """A plan, a hedge, a condition or old news in the sentence ("thinking of switching")."""
    return bool(_UNSURE_RE.search(noun_plan(sentence)))


def others_refuse(incoming: str, sentence: str, expanded: str, stored_value: str) -> bool:
    """Whether what the incoming memory says beside the change sentence leaves the stored fact standing."""
    others = expand_contractions(incoming.replace(sentence, " "))  # "don't" is a "not" too
    if " and " not in sentence and SAYS_IT_ENDED_RE.match(others.strip(" .;,-\u2014\u2013")):
        others = ""  # "I deleted Instagram - I don't use it now": the one thing it can be
    return bool(UNDOING_RE.search(others) or unsure_change(others) or set(words(others)) & set(words(stored_value))
                or _scene_beside(incoming, sentence) or _someone_else(expanded, others))


def _someone_else(sentence: str, others: str) -> bool:
    """A "he/she/they" in another sentence is the user only when the change is said of "the user"."""
    return bool(PRONOUN_RE.search(others)) and not re.match(r"(?:the\s+)?user\b", sentence, re.I)


def _scene_beside(incoming: str, sentence: str) -> bool:
    """Whether another sentence of the incoming memory sets a passing scene the change may belong to:
    "The user is working from a hotel room. The user uses the dining table instead of a standing desk."."""
    others = (p for p, _, _ in split_pieces(incoming.replace(sentence, " ").strip()))
    return any(p.strip(" .;,-") and (sets_temporary_scene(p, parsed=False) or sets_passing_state(p)) for p in others)


def readable_sentences(incoming: str) -> list[str]:
    """The incoming sentences an event rule may read; or the memory's one sentence, when the event
    gate refused it only for a "we" tied to a group ("We upgraded our org ...": the group is the
    stored holder here, and `same_holder` asks that it be)."""
    return list(_readable(incoming) if len(incoming) <= 4000 else _readable.__wrapped__(incoming))


# "Mom: turns out I'm not allergic to penicillin after all.": a line labelled with another person
# speaks in that person's "I" (attack60), as a chat log or a transcript does.
_SPEAKER_RE = re.compile(r"^\s*(?P<label>[^:\n]{1,40}?)\s*(?:\([^)]*\))?\s*:\s")
_SPEAKERS = lx.PERSON_ROLES | RELATIVES | frozenset("nurse doc doctor".split())


def _spoken_by_another(sentence: str) -> bool:
    m = _SPEAKER_RE.match(sentence)
    if m is None:
        return False
    words = {w.removesuffix("'s") for w in re.findall(r"[a-z']+", m.group("label").lower())}
    return bool(words & _SPEAKERS)


@per_text(maxsize=256)  # asked of the same memory by ended_states, named_end and displaced
def _readable(incoming: str) -> tuple[str, ...]:
    sentences = tuple(event_sentences(incoming))
    found = tuple(s for s in sentences if not _spoken_by_another(s))
    if found:
        return found
    if sentences:
        return ()  # every sentence another person's words
    one = one_sentence(incoming)
    if one is None or _QUOTE_RE.search(one) or retracted_inline(one):
        return ()  # a quote, or "I sold my Corolla, jk"
    return (one,)


