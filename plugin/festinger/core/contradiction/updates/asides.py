"""An everyday update said in casual chat, read from the one clause that carries it (pure logic).

"maya turned 7 on sunday, party chaos", "lol I'm not 34 anymore, turned 35 last week 🎂", "got an
extension, thesis now due 31 May": the grammar reads "Maya turned 7 on Sunday." or "Thesis now due 31
May." but not the same news typed in lowercase and wrapped in asides. This module splits a short chat
message into its clauses (commas, dashes, "so", "lol", "!!", emoji, sentence ends), restores the case the
grammar needs in each (sentence start, "i", weekdays and months, and any word the stored memory writes
capitalised: "maya" -> "Maya"), and reads each clause alone through the whole detector, the way
`slot_switch` re-reads a rewritten sentence.

The clause's verdict counts only when every other clause is a harmless aside; any other clause that
could take the news back or change it refuses the whole message:
* a retraction or a joke ("jk", "not really", "lol no"; `retraction.takes_back`), a return ("moved
  back", "still at"), doubt ("I think", "apparently"), a plan or a condition ("will", "next week", "if"),
  a question, an addition or a scope ("also", "only", "on weekends"), someone else ("for my sister",
  "his"), a contrast ("but"), a number (a second value), or a content word of the stored memory (it
  names the old value or the thing again);
* a clause with a verdict of its own must tell the same news (same old value, same new value or none):
  "I'm not 34 anymore, turned 35" agrees, "moved to Leeds, then York" is two updates of one slot.
What is left is a feeling, a reason, a time ("started monday", "last week") or chatter about
something else, which leaves the news standing.
"""

from __future__ import annotations

import re
from typing import Callable, Optional

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.comparison import squash
from festinger.core.contradiction.grammar.values import MONTHS
from festinger.core.contradiction.grammar.unsure import LAUGH_RE
from festinger.core.contradiction.text.normalise import straight_apostrophes
from festinger.core.contradiction.text.retraction import passes_by, retracted_inline, takes_back
from festinger.core.contradiction.updates.unmade_change import unmade
from festinger.core.contradiction.verdict import Contradiction

__all__ = ["by_aside", "restore_case"]

Detect = Callable[[str, str], Optional[Contradiction]]

_MAX_CHARS = 240  # a chat message of a few clauses; longer text is a memory written with care
_MAX_CLAUSES = 4
# A cheap gate: a clause break of chat (an emoji, "!!", "lol", a comma, a dash, " so ").
_GATE_RE = re.compile(r"[,\u2013\u2014;]|\s-\s|!!|\bso\b|\blol\b|[\U0001F000-\U0001FFFF\u2600-\u27BF]", re.I)
# Lowercase chat: a message opening in lowercase, or a lowercase "i".
_LOWER_RE = re.compile(r"^\W*[a-z]|\bi\b|\bi'")
_SPLIT_RE = re.compile(r"\s*(?:[,;]+|\s-+\s|[\u2013\u2014]+|!{2,}|\.\s+|!\s+|\bso\b|\blol\b|"
                       r"[\U0001F000-\U0001FFFF\u2600-\u27BF\uFE0F\u200D]+)\s*", re.I)
# Written notes, not chat: a heading, a bullet, a key line, several lines, a quote.
_NOTE_RE = re.compile(r"[\n#*:\"\u201c\u201d()\[\]]|^\s*-|\b(?:user|the\s+user)\b", re.I)
_FILLER_RE = re.compile(r"^(?:(?:ok|okay|omg|haha|ha|ugh|yay|wow|well|and)\b[\s,]*)+", re.I)
_TRAIL_RE = re.compile(r"(?:\s+(?:lol|lmao|haha|hehe|tbh|omg|ugh|yay))+[\s.!]*$", re.I)
_EMPTY_RE = re.compile(r"^[\W_]*(?:(?:lol|lmao|haha|ha|omg|yay|phew|ugh|woo+|woohoo|wow|oof)\W*)*$", re.I)
# Words of an aside that could take the news back, doubt it, move it to a plan, a condition, another
# person or a part of the time, or add to it (the detector's own markers, plus the chat forms).
_DANGER = frozenset(
    lx.MODAL_WORDS | lx.ADDITIVE_WORDS | (lx.TIME_SCOPE_WORDS - {"today", "yesterday"})
    | (lx.OTHER_PERSON_WORDS - {"it", "its", "itself"}) | lx.PERSON_ROLES
    | frozenset("not no never nope nah none nor n't cannot back again still returned return revert reverted "
                "undo undid but though tho although however except instead or then than til till "
                "next tonight gonna wanna gotta hopefully pending yet official unofficial confirmed confirm "
                "rumour rumor rumours rumors heard hear supposed meant mean oops wait actually sorry correction "
                "anyway anyways dream dreams daydream imagine imagined pretend story novel game fiction fictional "
                "hypothetical role play someday lasted kept keep keeping stay stayed staying fell apart through off "
                "cancelled canceled collapsed failed fixed mistake error proposed draft this typo wrong joke joking kidding jk psych sike prank fake false true lie lying "
                "idk dunno sure remember forgot think thought reckon prob probs prolly kinda sorta ish "
                "for who whose whom brother sister son daughter kid kids friend friends cousin aunt uncle "
                "nephew niece mate colleague coworker neighbour neighbor baby bf gf hubby wifey "
                "same other another old previous former ex temp temporary trial test testing "
                "anymore more less half part".split()))
_DANGER_PHRASE_RE = re.compile(r"|".join(re.escape(p) for p in lx.MODAL_PHRASES + lx.ADDITIVE_PHRASES)
                               + r"|n't\b|'ll\b|'d\b", re.I)
# Words of a feeling or of a celebration, with their fillers: "party chaos", "so happy", "best day ever".
_FEELING = frozenset(
    "happy excited thrilled relieved glad pleased sad nervous proud exhausted tired chaos chaotic crazy wild mad "
    "insane nuts fun lovely amazing great awesome brilliant nice good cool sweet fab fantastic gutted bummed stoked "
    "buzzing knackered shattered annoyed annoying relief finally phew yay woo woohoo ugh meh oof hooray yess yes "
    "big party cake celebrations celebration drinks day week weekend night month year life vibes mood ever best "
    "so very really such a what an total absolute pure much bit of the me am i i'm it's that's feeling feel "
    "it is was love loving loved blessed grateful thankful lucky wow omg lol haha hehe lmao rip sigh honestly "
    "ancient birthday bday sleepover bbq dinner wholesome bittersweet emotional chuffed delighted overjoyed ecstatic worth whew decision".split())
_REASONS = frozenset("because cause cos coz bc since".split())
# Words that only say when it happened: "started monday", "last week", "a few days ago" (never "from":
# "my rent is $2000 now — from January" may start later).
_WHEN_WORDS = lx.WEEKDAYS | frozenset(m for m in MONTHS if len(m) > 3) | frozenset(
    "started since on last week weekend month yesterday ago a few couple of days weeks over the morning "
    "night afternoon evening earlier recently finally officially as just".split())
# A time said at the end of a clause, which some rules do not read past: "... last week.", "... on Sunday."
_WHEN_TAIL_RE = re.compile(r"\s+(?:last\s+(?:week|month|night)|yesterday|this\s+morning|over\s+the\s+weekend|"
                           r"(?:on\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day|a\s+(?:few|couple\s+of)\s+days\s+ago)\.$",
                           re.I)
_DROPPED_I_VERBS = frozenset("got turned left quit sold bought became began went took made hit passed".split())
_NOT_VERBS = frozenset("need seed speed bed red shed feed breed indeed bleed weed".split())
# The stored value said over, with nothing else: "not X anymore", "no more X", "X is gone", "X deleted".
_OVER = r"gone|over|history|dead|deleted|uninstalled|decommissioned|closed|cancelled|canceled|retired"
_GONE_RE = re.compile(
    r"(?:(?:i'?m|i\s+am|it'?s|it\s+is|that'?s)\s+)?(?:not|no\s+longer)\s+X(?:\s+(?:anymore|any\s+more))?|"
    r"no\s+more\s+X|(?:bye|goodbye|rip)\s+X|"
    rf"X(?:\s+[a-z]+)?(?:\s+(?:is|'s|are|was|got))?\s+(?:{_OVER})(?:\s+(?:now|for\s+good))?")
# The words `_GONE_RE` needs: a clause with none of them cannot say the old value is over.
_MAY_BE_GONE_RE = re.compile(rf"\b(?:not|no|bye|goodbye|rip|{_OVER})\b", re.I)
_WORD_RE = re.compile(r"[a-z0-9][a-z0-9'+.-]*", re.I)
_CAP_RE = re.compile(r"\b[A-Z][\w'+.-]*[\w+]|\b[A-Z]\b")
# Words that are never names however the stored memory writes them ("My", "The", "User").
_NOT_NAMES = lx.SUBJECT_STOPWORDS | lx.DETERMINERS | lx.USER_POSSESSIVES | lx.MODAL_WORDS | frozenset("i".split())
_DAYS = lx.WEEKDAYS | frozenset(m for m in MONTHS if len(m) > 3 and m not in ("may", "march"))
_PRONOUN_I = {"i": "I", "i'm": "I'm", "im": "I'm", "i've": "I've", "ive": "I've", "i'd": "I'd"}
_STOP_CONTENT = lx.SUBJECT_STOPWORDS | lx.DETERMINERS | lx.USER_POSSESSIVES | lx.PRESENT_WORDS | frozenset(
    "is am are was be been i i'm im my me to of in on at a an the and with has have had got get".split())


def by_aside(existing: str, incoming: str, detect: Detect) -> Contradiction | None:
    """The update told by one clause of a casual chat message, when every other clause is an aside, or None.

    `detect` is the whole detector (handed in by `compare`); each clause is read alone, in restored case."""
    if len(incoming) > _MAX_CHARS or len(existing) > 4000 or _NOTE_RE.search(incoming):
        return None
    incoming = straight_apostrophes(incoming)
    if not (_GATE_RE.search(incoming) or _LOWER_RE.search(incoming)):
        return None
    clauses = [c for c in (_TRAIL_RE.sub("", _FILLER_RE.sub("", p.strip())) for p in _SPLIT_RE.split(incoming))
               if c and not _EMPTY_RE.match(c)]
    if not 1 <= len(clauses) <= _MAX_CLAUSES or "?" in incoming or retracted_inline(incoming):
        return None
    names = _stored_names(existing)
    said = [restore_case(c, names) for c in clauses]
    if len(said) == 1 and said[0].rstrip(".") == incoming.strip().rstrip(".!"):
        return None  # one clause written as the grammar reads it: read already
    # The asides first (no detector call): every other clause must be one, so the clauses left are
    # read one by one, and the first that neither tells news nor may say the old value is over ends
    # the reading (most chat with commas has no news: one detector call instead of one a clause).
    stored = _content(existing)
    suspects = [s for s in said if not _harmless(s, stored)]
    verdicts: list[Contradiction | None] = []
    laughed = _laughed_at(incoming)
    for clause in suspects:
        verdict = _read(existing, clause, detect)
        if verdict is not None and clause.rstrip(".").lower() in laughed:
            return None  # "my favorite food is now sadness lol, since the breakup": the news laughed at is a joke
        if verdict is None and not _MAY_BE_GONE_RE.search(clause):
            return None
        verdicts.append(verdict)
    found = [v for v in verdicts if v is not None]
    if not found:
        return None
    news = found[0]
    for clause, verdict in zip(suspects, verdicts):
        if verdict is None and not _old_one_gone(clause, news.old_value):
            return None
        if verdict is not None and not _agrees(news, verdict):
            return None  # "moved to Leeds, then York": two new values for one slot
    return news


def _read(existing: str, clause: str, detect: Detect) -> Contradiction | None:
    """The clause's verdict; a clause of chat that drops its subject ("Turned 35 last week.", "On SQLAlchemy
    2.0 now.") is read with the user's "I" it leaves out."""
    found = detect(existing, clause)
    if found is not None:
        return found
    bare = clause if unmade(clause) else _WHEN_TAIL_RE.sub(".", clause)  # "change ... on friday": when to, not when done
    if bare != clause and len(bare.split()) > 1:  # "Doc upped my lisinopril to 20mg last week."
        found = detect(existing, bare)
        if found is not None:
            return found
        clause = bare
    first = clause.split(maxsplit=1)[0].lower()
    if first in _DROPPED_I_VERBS or (first.endswith("ed") and len(first) > 4 and first not in _NOT_VERBS):
        return detect(existing, "I " + clause[0].lower() + clause[1:])
    if first in ("on", "at") and clause.rstrip(".").endswith(" now"):
        return detect(existing, "I'm " + clause[0].lower() + clause[1:])
    return None


def _laughed_at(incoming: str) -> set[str]:
    """The clauses laughter follows or leads ("... sadness lol", "... narnia haha", "lol my name is
    Queen Elizabeth now"), lowered."""
    out = set()
    for m in LAUGH_RE.finditer(incoming):
        out.add(_CLAUSE_CUT_RE.split(incoming[:m.start()])[-1].strip().lower())
        out.add(_CLAUSE_CUT_RE.split(incoming[m.end():].lstrip(" ,;!.\u2013\u2014-"))[0].strip().lower())
    return out


_CLAUSE_CUT_RE = re.compile(r"[,;!.\u2013\u2014]|\s-\s")


def _old_one_gone(clause: str, old: str) -> bool:
    """Whether a clause only says the stored value is over ("not 34 anymore", "Heroku apps deleted",
    "no more React"): the same news, told from the old side."""
    low = clause.lower().rstrip(".")
    value = old.lower().strip()
    if not value or value not in low:
        return False
    return bool(_GONE_RE.fullmatch(low.replace(value, "X", 1)))


def _agrees(news: Contradiction, other: Contradiction) -> bool:
    if squash(other.old_value) != squash(news.old_value):
        return False
    return squash(other.new_value) == squash(news.new_value) or other.kind == "negation"


def harmless_aside(clause: str, existing: str) -> bool:
    """Whether a clause beside another rule's news leaves it standing (`_harmless` against the stored
    memory's content words): `schedule_change` asks it of the clauses around the one it reads. Only
    the closed list: a clause merely free of danger words let "..., extension got revoked" and "...,
    in an alternate universe" through."""
    return _harmless(clause, _content(existing))


def _harmless(clause: str, stored: frozenset[str]) -> bool:
    """Whether a clause with no verdict of its own leaves the news standing: one of the few asides that
    cannot take it back (a feeling, a reason, when it happened, "got an extension"), with no word that
    could doubt it, plan it, scope it or give it to someone else, no number, no content word of the
    stored memory. Any other chatter refuses: the twenty-second attack took the news back inside
    chatter of every kind ("Time to wake up.", "In my head, at least.")."""
    if takes_back(clause):
        return False
    if passes_by(clause):
        return True  # the sentence-level guard's own few asides: "Feeling old.", "So happy."
    if _DANGER_PHRASE_RE.search(clause) or any(c.isdigit() for c in clause):
        return False
    words = [w.lower().strip(".'") for w in _WORD_RE.findall(clause)]
    if not words or any(w in _DANGER or w in stored or w.rstrip("s") in stored for w in words):
        return False
    if all(w in _FEELING for w in words):
        return len(words) <= 6
    if words[0] in _REASONS:
        return len(words) <= 8  # "because of the US folks", "since the office moved"
    if all(w in _WHEN_WORDS for w in words):
        return True  # "started monday", "last week", "over the weekend"
    return words[0] == "got" and 2 <= len(words) <= 4 and words[1] in ("a", "an", "the")  # "got an extension"


def _content(existing: str) -> frozenset[str]:
    words = (w.lower().strip(".'") for w in _WORD_RE.findall(existing))
    return frozenset(w for w in words if len(w) > 2 and w not in _STOP_CONTENT) | frozenset(
        w.lower() for w in _WORD_RE.findall(existing) if any(c.isdigit() for c in w))


def _stored_names(existing: str) -> dict[str, str]:
    """The words the stored memory writes capitalised, by their lowercase form ("barclays" -> "Barclays"); a
    word that opens a sentence or a line is capitalised there anyway ("Energy supplier: ...", "Contract ends
    ..."), so it counts only as a known given name ("Emma is 6")."""
    names = {}
    for m in _CAP_RE.finditer(existing):
        word, low = m.group(), m.group().lower()
        opening = not existing[:m.start()].strip() or existing[:m.start()].rstrip()[-1:] in ".!?\n-#*"
        if low not in _NOT_NAMES and (not opening or low in lx.GIVEN_NAMES):
            names[low] = word
    return names


def restore_case(clause: str, names: dict[str, str]) -> str:
    """A chat clause in the case the grammar reads: sentence start, "i", weekdays and months, and the words
    the stored memory writes capitalised; ends on a full stop."""
    out = []
    words = clause.split()
    for i, word in enumerate(words):
        core = word.rstrip(".,!")
        tail = word[len(core):]
        low = core.lower()
        if low in _PRONOUN_I:
            core = _PRONOUN_I[low]
        elif low in names:
            core = names[low]
        elif low in _DAYS or (low in ("may", "march") and _by_number(words, i)):
            core = low.capitalize()
        out.append(core + tail)
    text = " ".join(out).strip(" .!")
    if not text:
        return text
    return text[0].upper() + text[1:] + "."


def _by_number(words: list[str], i: int) -> bool:
    """ "31 may" / "may 31": the month, never the modal."""
    near = words[max(i - 1, 0):i] + words[i + 1:i + 2]
    return any(w[:1].isdigit() for w in near)
