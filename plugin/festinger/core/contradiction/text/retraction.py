"""Sentences that take back the news of the memory they are in (pure logic).

"I moved to Berlin. jk 😂", "User switched to Emacs. The user retracted this.", "I left Acme Corp.
The user rejoined Acme Corp a month later.": the first sentence alone would deprecate a true
memory. The pipeline (`statements`) reads the memory's sentences in order; a later one that
retracts (`takes_back`), goes back to the old value, or says the news was someone else's makes
what came before it an episode. A later sentence it does not understand at all makes the news
before it unsure (`passes_by` names the few it may ignore): retractions come in more words than
any list holds ("Psych!", "That's the plot of my novel."), so only what is understood is trusted.
"""

from __future__ import annotations

import re

__all__ = ["passes_by", "retracted_inline", "takes_back"]

# Words around a retraction that say nothing themselves ("Oops, typo.", "lol jk").
_FILLER = r"(?:actually|wait|oops|ok|okay|lol|lmao|haha|hah|hehe|sorry|well|though|tho|really|oh|yeah)"
# What retracts: "not true", "kidding", "scratch that", "April fools", "I didn't", a bare "no".
_CORE = (
    r"(?:(?:(?:that'?s|that\s+is|that\s+was|this\s+is|it'?s|it\s+is|it\s+was|i'?m|i\s+am|i\s+was)\s+)?"
    r"(?:not\s+(?:true|right|correct|real|so|really|happening)|(?:just\s+)?(?:kidding|kiddin|joking)|"
    r"jk|j/k|j\.k\.?|/s|scratch\s+that|strike\s+that|never\s*mind|nvm|false\s+alarm|"
    r"(?:a\s+|total\s+|all\s+)?(?:joke|lie|typo|false|sarcasm|prank|fake)|fake\s+news|april\s+fools?|"
    r"psych|sike|as\s+if|yeah\s+right|not|nah|no|nope|disregard|"
    r"(?:ignore|disregard|forget|cancel)\s+(?:that|this|the\s+above|it|what\s+i\s+said|i\s+said\s+that)|"
    r"(?:that|it)\s+never\s+happened|didn'?t\s+happen|"
    r"(?:i|we|he|she|they)\s+(?:never\s+did|did\s*not|didn'?t|have\s*not|haven'?t|had\s*not|hadn'?t)"
    r"(?:\s+really)?))")
_ITEM = rf"(?:{_FILLER}|{_CORE})"
_RETRACTION_RE = re.compile(rf"{_ITEM}(?:\s+{_ITEM})*", re.I)
_FILLERS_RE = re.compile(rf"{_FILLER}(?:\s+{_FILLER})*", re.I)
# "No kidding!", "No joke.", "Not joking": emphasis, the opposite of a retraction.
_EMPHATIC_RE = re.compile(r"^\W*(?:no|not|i'?m\s+not|i\s+am\s+not)\s+(?:kidding|joking|joke|lie|lying|typo)\b",
                          re.I)
# A sentence led by an unmistakable retraction, whatever follows: "jk it's still blue".
_LEAD_RE = re.compile(r"^\W*(?:jk|j/k|just\s+kidding|kidding|scratch\s+that|strike\s+that|psych|sike|nvm|"
                      r"never\s*mind|not\s+true|nope)\b", re.I)
_CLAUSE_SPLIT_RE = re.compile(r"\s*(?:[,.!;:?()]+|\.\.\.|\s[-\u2013\u2014]+\s|[\u2013\u2014]+)\s*")
_NOT_TEXT_RE = re.compile(r"[^\w\s'/,.!;:?()\u2013\u2014-]+")  # emoji and symbols
# Said of the news anywhere in a later sentence: "The user retracted this.", "(User later said
# this was a joke.)", "that was my brother, not me", "Ended up staying in Denver."
_WHEN = (r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun|spring|summer|"
         r"autumn|fall|winter)")  # "back in March": when, not where
_TAKEN_BACK_RE = re.compile(
    r"(?<![\w'])(?:retract(?:ed|s|ing)?|took\s+(?:it|this|that)\s+back|later\s+(?:said|corrected|clarified|admitted|"
    r"denied)|(?:was|were|is|am|'m)\s+(?:only\s+|just\s+)?(?:joking|kidding)|"
    r"said\s+(?:it|this|that)\s+was\s+(?:a\s+)?(?:joke|false|wrong|not\s+true)|"
    r"(?:is|was|am|are|'m|were)\s+(?:just\s+|only\s+)?(?:lying|trolling|being\s+sarcastic|pulling\s+\w+\s+leg|"
    r"testing\s+(?:the\s+memory|you|me|the\s+bot|the\s+agent|whether|if))|"
    # a return to the old value
    r"re-?joined|re-?hired|reinstated|un-?fired|hired\s+(?:me|us|him|her|them)\s+back|returned\s+to|"
    r"went\s+back\s+to|moved\s+back|"
    r"switched\s+back|changed\s+back|reverted|rolled\s+(?:it\s+|that\s+|this\s+)?back|undid|got\s+back\s+together|"
    rf"(?:(?:i'?m|i\s+am|we'?re|we\s+are|is|am|are|now)\s+|^\W*|(?<=,\s))back\s+(?:at|to|with|on|in)\s+"
    rf"(?!{_WHEN})(?-i:[A-Z])|"
    r"\bagain\W*$|(?:started|began|picked\s+(?:it|them)\s+up)\s+again|relapsed|did\s*n[o']t\s+last|"
    r"(?:i'?m|i\s+am|we'?re|we\s+are)\s+back\s+(?:on|to)\s+(?:it|them|the|cigarettes|smoking|drinking|\w+ing)\b|"
    r"ended\s+up\s+staying|(?:fell|falls|has\s+fallen)\s+through|changed\s+(?:my|our|his|her|their)\s+minds?|"
    r"(?:was|got|been)\s+(?:rescinded|cancel+ed|denied|withdrawn|called\s+off|pulled)|"
    # the news was someone else's
    r"not\s+me|(?:that|it|this)\s+was\s+(?:my|his|her|their|our)\s+\w+|(?:typed|wrote|sent)\s+(?:that|this)|"
    r"i\s+mean(?:t)?\s+(?:my|his|her|their)\s)", re.I)
# "I switched to Emacs — not!", "My OS is Fedora 40 now, not.", "... - jk it's still blue".
# A "not" only at the very end: "X, not Y" is a correction ("The user likes dogs, not cats.").
_INLINE_RE = re.compile(
    r"(?:[,\u2013\u2014]|\s-|\.\.\.)\s*(?:(?:not(?:\s+really)?|as\s+if|haha,?\s+as\s+if)[^\w]*$|"
    r"(?:jk|j/k|kidding|just\s+kidding|psych|sike|/s)\b)", re.I)
# A later sentence that leaves the news standing: a feeling about it, a greeting, an emoji. Never "fingers
# crossed": a hope, so the news is not yet so ("I live in York now — fingers crossed", attack57's follow-up).
_PASSING_RE = re.compile(
    r"(?:(?:(?:i'?m|i\s+am|we'?re|we\s+are|they'?re|they\s+are|(?:the\s+)?user\s+is)\s+)?"
    r"(?:so\s+|very\s+|really\s+|super\s+)?"
    r"(?:happy|excited|thrilled|relieved|glad|pleased|sad|nervous|proud|exhausted|tired)"
    r"(?:\s+(?:with|about)\s+(?:it|(?:the|their|my|our)\s+[\w-]+))?|"
    r"(?:rough|exciting|big|long|busy|crazy|great|good)\s+(?:week|day|month|year)|"
    r"(?:big|great|good|exciting|sad|happy)\s+news|yay|woohoo|phew|wow|finally|onwards?|wish\s+me\s+luck|"
    r"can'?t\s+wait|(?:so\s+)?(?:loving|love)\s+it|feeling\s+(?:old|good|great|sad|happy|"
    r"lucky|blessed|grateful|lost)|still\s+(?:unpacking|settling\s+in)|thanks?(?:\s+you)?|cheers|"
    # a word about the news' subject: "It was hard.", "She's perfect." (never an age: "She was 92.")
    r"(?:it|he|she|they)(?:'s|\s+(?:was|is|were|are))\s+(?:so\s+|very\s+|really\s+)?(?:hard|tough|sad|"
    r"great|amazing|perfect|beautiful|emotional|bittersweet|peaceful|quick|easy|stressful|wonderful|lovely)"
    r")[\s.!]*", re.I)


def _clauses(sentence: str) -> list[str]:
    text = _NOT_TEXT_RE.sub(" ", sentence).strip()
    return [c for c in _CLAUSE_SPLIT_RE.split(text) if c and c.strip()]


def takes_back(sentence: str) -> bool:
    """Whether a sentence after the first retracts what came before ("Not true though.", "jk,
    still in Denver"), goes back to the old value ("The user rejoined Acme Corp a month later.")
    or gives the news to someone else ("That was my brother, not me.")."""
    if _EMPHATIC_RE.match(sentence):
        return False
    clauses = [c.strip() for c in _clauses(sentence)]
    if clauses and _RETRACTION_RE.fullmatch(clauses[0]) and not all(_FILLERS_RE.fullmatch(c) for c in clauses):
        # all of it a retraction ("Actually no, I did not."), or led by one ("Nope, still at Acme.");
        # fillers alone ("Really.", "Sorry.") are emphasis
        if all(_RETRACTION_RE.fullmatch(c) for c in clauses) or not _FILLERS_RE.fullmatch(clauses[0]):
            return True
    return bool(_LEAD_RE.match(sentence) or _TAKEN_BACK_RE.search(sentence))


def retracted_inline(sentence: str) -> bool:
    """Whether a sentence takes itself back at its end ("I switched to Emacs — not!")."""
    return bool(_INLINE_RE.search(sentence)) and not _EMPHATIC_RE.search(sentence)


_CORE_ANYWHERE_RE = re.compile(rf"(?<![\w']){_CORE}(?![\w'])", re.I)


def passes_by(sentence: str) -> bool:
    """Whether a later sentence the grammar did not read still leaves the news before it standing:
    a few whole sentences only (a feeling, "Big news!", "Still unpacking.", "It was hard.", thanks,
    emphasis, an emoji): the twenty-second attack took the news back inside any longer chatter
    ("Time to wake up.", "Good news, I kept my job after all.", "Great getaway spot!")."""
    text = _NOT_TEXT_RE.sub(" ", sentence)
    if not _clauses(sentence) or _EMPHATIC_RE.match(sentence):
        return True
    if "?" in text or _CORE_ANYWHERE_RE.search(text):
        return False
    return bool(_PASSING_RE.fullmatch(text.strip()))
