"""A clause after a spaced dash must be accounted for, or the news before it is unsure (pure logic).

"My salary is $120k now — I wish 😭", "My manager is Alice now — said my coworker, about her own team",
"I moved to Lisbon — my sister, I mean", "My editor is Helix now — for Rust only", "I'm married now - my
sister lol": the tail takes the news back, gives it to someone else or limits it. The segmenter splits a
sentence at a spaced dash into clauses read apart (`segment._dash_clauses`), and many update rules cut
their reading at a dash (clause_end, old_value_end, thing_end, slot_switch, role_holders, ...), so the
news clause was read alone and the tail never seen. The detector's rule is that a sentence it cannot
fully account for is unparsed, never guessed; this one gate, at the head of the chain, asks it of every
dash tail of either memory, so no rule needs its own check. A tail is accounted for when it is
* empty of words (an emoji, "!!") or laughter alone ("— lol": the laughter rules judge the sentence),
* a harmless aside (`asides.harmless_aside`: "— finally", "— so happy", "— last week", the user's own
  quoted feeling '- "best decision ever", the user says'),
* the old value a correction replaces ("The port is 8081 - not 8080"),
* a clause the grammar reads on its own as a fact ("I left IBM - my new employer is Red Hat", "Message
  from Tom - I work at Globex now", "- I see Mark Ellis now"); the bare "<someone> <verb>s <thing>"
  reading counts only as the user's own doing, since the grammar reads "In my dreams", "My therapist's
  words" and "I mean my sister's" that way too, or
* news of the stored memory on its own, its "it" being the stored thing the news names ("I deleted
  Instagram — I don't use it now"): the chain then judges the whole.
Anything else ("— I wish", "— me every Monday lol", "— what I tell my ex", "— at work", and also a reason
such as "— the Pixel died") refuses the pair. Reading such tails where a comma's or a later sentence's
are read was tried and measured: those readers let "..., pending approval", "..., my twin, obviously" and
"... My therapist's words." through, so a tail no list can close is left unparsed.

A tone tag of online chat ("I weigh 200 kg now after thanksgiving /j") is the same kind of tail without
a dash: it makes the words before it a joke.
"""

from __future__ import annotations

import re
from typing import Callable, Optional

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.statements import extract_statements
from festinger.core.contradiction.grammar.values import Statement
from festinger.core.contradiction.grammar.unsure import LAUGH_RE
from festinger.core.contradiction.text.segment import DASH_RE, dash_tails
from festinger.core.contradiction.updates.asides import harmless_aside
from festinger.core.contradiction.verdict import Contradiction

__all__ = ["tone_tagged", "unaccounted_dash_tail"]

Detect = Callable[[str, str], Optional[Contradiction]]

# What is left of a tail without its emoji, symbols and laughter: nothing means nothing was said.
_NOT_WORDS_RE = re.compile(r"[^\w\s']+")
# The user's own words quoted, with the user as the speaker: '"best decision ever", the user says'.
_OWN_WORDS_RE = re.compile(r"[\"\u201c\u201d]|,?\s*(?:the\s+user|i)\s+(?:says|said|writes|wrote)\W*$", re.I)
# "— not 8080": the old value the news replaces, as in "8081, not 8080".
_NOT_OLD_RE = re.compile(r"^(?:and\s+)?not\s+(.+?)[\s.!]*$", re.I)
_WORD_RE = re.compile(r"[A-Za-z0-9][\w'+.-]*[\w+]|[A-Za-z0-9]")
_IT_RE = re.compile(r"(?<![\w'])it(?![\w'])", re.I)
# Verbs of a first-person tail that say nothing of the user's doing: "I mean my sister's", "I told my boss".
_NOT_DOINGS = lx.MODAL_WORDS | lx.EVENT_FRAME_WORDS | frozenset("mean meant hear heard tell pretend".split())
# Tone tags that make the words before them a joke, irony or teasing ("/j" joking, "/hj" half-joking,
# "/s" "/sarc" sarcastic, "/lh" light-hearted, "/t" teasing, "/ij" an inside joke, "/nsrs" not serious).
# The sentence-level retraction check reads "/s" after a comma only. "/srs" and "/gen" (serious) are
# not jokes and are not listed (the grammar does not read them either).
_TONE_TAG_RE = re.compile(r"(?<!\S)/(?:j|hj|s|sarc|sarcasm|jk|lh|t|ij|joking|nsrs)(?![\w/.])", re.I)


def tone_tagged(incoming: str) -> bool:
    """Whether the incoming memory marks itself a joke, irony or teasing with a tone tag ("/j")."""
    return bool(_TONE_TAG_RE.search(incoming))


def unaccounted_dash_tail(existing: str, incoming: str, detect: Detect) -> bool:
    """Whether either memory has a clause after a spaced dash that neither the grammar, the asides nor
    the detector itself account for: its news is then unsure, or the stored fact unread ("My editor
    is Helix now — Tom's, I mean." stored, "My editor is Vim." incoming: attack63). A stored tail is
    judged as an incoming one is, with the two memories' roles swapped. `detect` is the whole
    detector (handed in by `compare`)."""
    return (_unaccounted(incoming, existing, detect)
            or _unaccounted(existing, incoming, lambda a, b: detect(b, a)))


def _unaccounted(text: str, other: str, detect: Detect) -> bool:
    tails = dash_tails(text)
    if not tails:
        return False
    news = DASH_RE.split(text, maxsplit=1)[0]
    return any(not _accounted(tail, other, news, detect) for tail in tails)


def _accounted(tail: str, existing: str, news: str, detect: Detect) -> bool:
    if not _NOT_WORDS_RE.sub(" ", LAUGH_RE.sub(" ", tail)).split():
        return True
    if harmless_aside(tail, existing) or harmless_aside(_OWN_WORDS_RE.sub("", tail).strip(), existing):
        return True
    old = _NOT_OLD_RE.match(tail)
    if old and old.group(1).lower() in existing.lower():
        return True  # "The port is 8081 - not 8080.": the correction's old value
    clause = tail[0].upper() + tail[1:]
    if any(_a_fact(st, clause) for st in extract_statements(clause, allow_correction=True)):
        return True
    return detect(existing, clause) is not None or _same_news(existing, news, clause, detect)


def _a_fact(st: Statement, clause: str) -> bool:
    """Whether a statement the grammar read from a tail is a fact of its own: any reading but the bare
    "<someone> <verb>s <thing>" one ("In my dreams", "My therapist's words", "For the interns, I mean"
    are read that way), which counts only as the user's own doing said in the first person with an
    object ("I see Mark Ellis now"), never a wish, a report or "I mean ..." ."""
    if not st.rel.startswith("do:"):
        return True
    words = st.values[0].display.split() if len(st.values) == 1 else []
    return (st.key == "user" and clause.startswith("I ") and len(words) > 1
            and not {words[0].lower(), st.rel[3:]} & _NOT_DOINGS)


def _same_news(existing: str, news: str, clause: str, detect: Detect) -> bool:
    """Whether the tail, its "it" being the stored thing the news names, is news of the stored memory on
    its own ("I deleted Instagram — I don't use it now", "So PureGym is done - cancelled it"): the same
    news told again from the other side, as `asides` reads a clause with news of its own."""
    if not _IT_RE.search(clause):
        return False
    stored = {w.lower() for w in _WORD_RE.findall(existing)}
    named = [w for w in _WORD_RE.findall(news) if w.lower() in stored and len(w) > 2
             and w.lower() not in lx.SUBJECT_STOPWORDS | lx.DETERMINERS | lx.USER_POSSESSIVES]
    if not named:
        return False
    said = _IT_RE.sub(" ".join(named), clause, count=1)
    return (detect(existing, said) or detect(existing, "I " + said[0].lower() + said[1:])) is not None
