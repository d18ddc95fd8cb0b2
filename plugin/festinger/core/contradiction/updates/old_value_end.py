"""The stored value named by its OLD VALUE as replaced, dropped or left (pure logic): "Home router:
Netgear Nighthawk" / "Replaced the Nighthawk with an Eero mesh system.", "Dishwasher detergent:
Finish Quantum" / "We use Ecover tablets now instead of Finish.", "Standup is on Zoom." /
"Standup's on Google Meet now, we dropped Zoom.", "E-reader: Kindle Paperwhite" / "Moved to a Kobo
Libra, the Kindle's in a drawer.", "The team hosts on Heroku." / "We moved off Heroku entirely".

`named_end` and `clause_end` read endings of what `held` parses as held, `displaced` the old value in
the stored sentence's own frame. Everyday updates name neither the key nor the frame: only the old
value, a proper name, with an ending around it. This rule reads:

* the stored memory as ONE short sentence whose value is the proper name that ends it, held by the
  user ("I", "my", "user's"), the writer's group ("we", "our", "the team"), a bare "Key: Value" line
  or a subjectless note of a thing and its tool ("Standup is on Zoom", "Repos hosted on Bitbucket");
  never a list ("Uses Zoom and Slack": deprecating it would lose Slack, which still holds), another
  person's or group's, a taste, a wish, a past or a hedge;
* the incoming memory (at most three sentences, one line) naming that value once, by its name or a
  distinctive part (`name_parts`), in one of five closed shapes: "replaced/swapped A with/for X";
  "moved off/migrated off/got rid of/uninstalled A"; "dropped/left/quit/ditched A" or "the A's in a
  drawer / gone / too pricey" beside a clause that tells the new state ("X now", "moved to X");
  "X (now) instead of A" with a sign that it lasts ("now", a change verb); "moved/migrated ... from
  A to X", the moved thing's words being the stored sentence's.

Refused: the name followed by another noun or a possessive ("the Nighthawk's antenna", "the Zoom
webinar plan"), preceded by someone else's ("her Kindle"); a subject other than I/we/the user/the
team or none; a person, pronoun, reported speech, plan, hedge, condition, old news, one-off day or
period, undoing word (`change_gates`); a scope the stored sentence lacks ("for wine", "on staging",
"at work"); a label line before the news ("Staging: moved off Heroku").
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.events.event_context import stored_sentence
from festinger.core.contradiction.lexicon.life_events import CONTEXT_STOPS
from festinger.core.contradiction.text.literal import said_alone
from festinger.core.contradiction.grammar.places import is_known_place
from festinger.core.contradiction.text.name_parts import appositive_other, find_part, is_generic_part
from festinger.core.contradiction.text.normalise import expand_contractions
from festinger.core.contradiction.text.retraction import retracted_inline
from festinger.core.contradiction.text.segment import split_sentences
from festinger.core.contradiction.updates.change_gates import PRONOUN_RE, UNDOING_RE, unsure_change
from festinger.core.contradiction.updates.named_end_guards import PERIOD_RE
from festinger.core.contradiction.verdict import Contradiction, clip

__all__ = ["by_old_value_end"]

# The cheap look first: an ending or replacement word somewhere in the incoming memory.
_CUE_RE = re.compile(r"replaced|swapped|instead|rather\s+than|in\s+place\s+of|dropped|ditched|dumped|quit|left|"
                     r"\soff\s|away\s+from|got\s+rid|uninstalled|cancell?ed|retired|decommissioned|gave\s+up|"
                     r"stopped\s+using|done\s+with|drawer|gone|too\s|\sfrom\s", re.I)
_WORD_RE = re.compile(r"[A-Za-z0-9][\w.+&'-]*[\w+&]|[A-Za-z0-9]")
# A proper name that ends the stored sentence: "Netgear Nighthawk", "Pets at Home", "Fly.io", "1Password".
_NAME = r"[A-Z0-9][\w.+&'-]*"
_VALUE_RE = re.compile(rf"(?P<v>{_NAME}(?:\s+(?:(?:at|of|&|de|du|la|le)\s+)?{_NAME}){{0,4}})$")
_LABEL_RE = re.compile(r"^(?P<k>[A-Za-z][\w /'-]{0,40}?)\s*:\s*(?P<rest>\S.*)$")
# Whose the stored sentence is: the user's, the writer's group's, or nobody named (a note line).
_OWNER_RE = re.compile(r"^(?:(?:the\s+)?user(?:'s)?|i|my|we|our|(?:the|our)\s+team(?:'s)?)(?=\s)", re.I)
# Stored words that make the value a taste, a wish, a past, a hedge or an aside: nothing an update ends.
_STORED_REFUSE_RE = re.compile(
    r"(?<![\w'])(?:not|no|never|none|without|used\s+to|formerly|previously|until|anymore|was|were|had|did|"
    r"favou?rite|dream|wish\w*|goal|ideal|old|previous|former|first|next|future|planned|backup|spare|second|"
    r"hometown|birthplace|birth|childhood|native|origin|alma|grew|raised|born|"
    r"likes?|loves?|prefers?|hates?|enjoys?|wants?|misses|recommends?|tried|visited|sometimes|occasionally|"
    r"also|too|still|both|either|except|only|and|or|but|while|for|(?:19|20)\d\d)(?![\w'])|[,;?\"()]", re.I)
_THEIRS = (lx.PERSON_ROLES | lx.OTHER_PERSON_WORDS | lx.OCCUPATIONS | frozenset(
    "he she his her him they their them client clients company department org organisation organization "
    "marketing sales finance legal support ops design product".split())) - frozenset("i me my we us our user".split())

# An incoming clause's opening: some adverbs, then I / we / the user / the team or nothing.
_SUBJ = (r"^(?:(?:so|and|then|also|just|finally|recently|officially|already|eventually|well|ok|okay)\s+)*"
         r"(?:(?:i|we|the\s+user|user|the\s+team|our\s+team)\s+)?(?:(?:have|has|had|just|finally|recently|"
         r"officially|already|now|completely|fully|eventually|also)\s+)*")
_TAIL = (r"(?P<tail>(?:\s+(?:entirely|completely|altogether|for\s+good|now|at\s+last|last\s+(?:week|month|year)|"
         r"a\s+(?:week|month|year)\s+ago|(?:a\s+few|two|three|\d+)\s+(?:weeks|months)\s+ago|"
         r"after\s+(?:the|a|an)\s+[a-z]+(?:\s+[a-z]+)?))*)$")
_NEW = (r"(?:(?:a|an|the|our|my)\s+)?(?P<new>(?-i:[A-Z0-9])[\w.+&'-]*(?:\s+(?-i:[A-Z0-9])[\w.+&'-]*){0,4}"
        r"(?:\s+(?!(?:on|in|at|for|with|to|from|by|somewhere|anywhere|elsewhere|everywhere|here|there)\b)"
        r"(?-i:[a-z])[\w-]*(?<!ly)){0,2}?)")
_AS = r"(?:\s+as\s+(?:the|our|my)\s+(?P<as>(?-i:[a-z])[\w-]*(?:\s+(?-i:[a-z])[\w-]*){0,2}))?"
_REPLACED_RE = re.compile(rf"{_SUBJ}(?:replaced|swapped(?:\s+out)?|substituted)\s+§A\s+(?:with|for|by)\s+{_NEW}"
                          rf"{_AS}{_TAIL}", re.I)
# Endings that last by themselves, and those that also name a drop or a departure for the day.
_STRONG = (r"moved\s+(?:off|away\s+from)|migrated\s+(?:off|away\s+from)|switched\s+away\s+from|got\s+rid\s+of|"
           r"uninstalled|decommissioned|retired|ditched|abandoned")
_WEAK = r"dropped|dumped|quit|left|cancell?ed|gave\s+up(?:\s+on)?|stopped\s+using|(?:am|are)\s+done\s+with"
_ENDED_RE = re.compile(rf"{_SUBJ}(?P<v>{_STRONG}|{_WEAK})\s+§A{_TAIL}", re.I)
_STRONG_RE = re.compile(rf"^(?:{_STRONG})$", re.I)
_INSTEAD_RE = re.compile(rf"^(?P<main>.{{3,160}}?)\s+(?:now\s+)?(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+§A"
                         rf"(?P<tail>(?:\s+(?:now|these\s+days|nowadays|from\s+now\s+on|going\s+forward))*)$", re.I)
_GONE_RE = re.compile(r"^(?:(?:so|and|well)\s+)?§A(?:'s|\s+is|\s+has\s+been|\s+was|\s+got)\s+(?:now\s+)?"
                      r"(?:in\s+(?:a|the)\s+(?:drawer|cupboard|closet|box|loft|attic|basement|garage)|gone|history|"
                      r"retired|sold|wiped|(?:way\s+)?too\s+[a-z]+|collecting\s+dust)"
                      r"(?:\s+(?:now|these\s+days))?$", re.I)
_FROM_RE = re.compile(rf"{_SUBJ}(?:migrated|moved|switched|transferred|ported|changed)\s+(?P<obj>[^,;]{{0,40}}?)\s*"
                      rf"(?:(?:over|away)\s+)?from\s+§A\s+(?:to|onto|into)\s+{_NEW}{_TAIL}", re.I)
_OBJ_WORDS = frozenset("all our my the everything it over".split())
# What says the new state lasts, in a clause beside an ending: "X now", "moved to X", "exclusively".
_LASTS_RE = re.compile(r"(?<![\w'])(?:now|these\s+days|nowadays|exclusively|full[\s-]time|from\s+now\s+on|"
                       r"going\s+forward)(?![\w'])", re.I)
_MOVED_TO_RE = re.compile(rf"{_SUBJ}(?:moved|switched|migrated|went|changed|upgraded)\s+(?:over\s+)?to\s+", re.I)
_INSTEAD_LASTS_RE = re.compile(r"(?<![\w'])(?:now|these\s+days|nowadays|from\s+now\s+on|going\s+forward|"
                               r"switched|moved|migrated|changed|went)(?![\w'])", re.I)
# A companion clause opens with its writer, a stored word, "everything" or a verb (no one else's).
_OPENERS = frozenset("i we everything it our my the been getting using playing reading moved switched migrated "
                     "went now all".split())
# A scope: a preposition with a plain noun the stored sentence does not have ("for wine", "on staging").
_SCOPE_RE = re.compile(r"(?<![\w'])(?:for|on|at|in|during|with|from|to|into)\s+(?:(?:the|my|our|a|an)\s+)?"
                       r"(?!(?:the|my|our|a|an)\s)(?P<n>(?-i:[a-z][\w-]*))", re.I)
_SCOPE_OK = frozenset("good drawer cupboard closet box loft attic basement garage".split())
_REPORTED_RE = re.compile(r"(?<![\w'])(?:according|apparently|heard|hears|reckons?|thinks?|claims?|claimed|"
                          r"mentioned|suggested|suggests|proposed|asks?|wonder\w*|supposed|rumou?r\w*)(?![\w'])", re.I)
_ONE_OFF_RE = re.compile(r"(?<![\w'])(?:today|tonight|yesterday|this\s+time|for\s+now|for\s+once|one-off|"
                         r"this\s+(?:morning|afternoon|evening|week|month|sprint|weekend))(?![\w'])", re.I)
_STOPS_RE = re.compile(rf"(?<![\w'])(?:{CONTEXT_STOPS})(?![\w'])", re.I)
_LEAD_LABEL_RE = re.compile(r"^(?P<l>[^:]{1,30}):\s")
_NEWS_LABELS = frozenset("update quick update fyi news heads up btw edit note small update big update".split())
_CUT_RE = re.compile(r"\s*[,;]\s+|\s+[-\u2013\u2014]+\s+|\s+(?:and|so)\s+")
_DEGREE_TOO_RE = re.compile(r"(?<![\w'])(?:way\s+)?too\s+(?=[a-z]{3,}(?![\w']))(?!much|many|now)", re.I)


def by_old_value_end(existing: str, incoming: str) -> Contradiction | None:
    """The stored proper-name value named by the incoming memory as replaced, dropped or left, or None."""
    if not isinstance(existing, str) or not isinstance(incoming, str) or len(incoming) > 600:
        return None
    if not _CUE_RE.search(incoming):
        return None
    stored = _stored(existing)
    if stored is None:
        return None
    sentence, value = stored
    clause = _ended_in(sentence, value, incoming)
    if clause is None:
        return None
    return Contradiction("value", clip(sentence), value, clip(incoming),
                         f"{value!r} is named as replaced or left: {clip(clause)!r} (existing: {clip(sentence)!r})")


def _stored(existing: str) -> tuple[str, str] | None:
    """(the stored sentence, its proper-name value) for a short sentence of the user's, the writer's
    group's or a bare note line's, whose last words are one proper name."""
    s = stored_sentence(existing)
    if s is None or len(s) > 160:
        return None
    s = s.strip().lstrip("-*\u2022 ").rstrip(".!").strip()
    m = _VALUE_RE.search(s)
    if m is None or m.start() == 0:
        return None
    value, before = m.group("v"), s[:m.start()].strip()
    if is_known_place(value) or all(is_generic_part(w) for w in value.split()):
        return None  # a move reads places (its own rules); "a TV" is a kind, not a name
    if _STORED_REFUSE_RE.search(before) or len(_WORD_RE.findall(before)) > 8:
        return None
    if _someone(before):
        return None  # "My sister's router:", "Marketing uses HubSpot": someone else's
    label = _LABEL_RE.match(s)
    if label is not None:
        key = label.group("k")
        if label.group("rest") != value or not _plain_words(key, owner_ok=True):
            return None
        return s, value
    if not _plain_words(before, owner_ok=True):
        return None  # "Anna uses Zoom", "Project Atlas is on Jira": a name before the value
    return s, value


def _plain_words(text: str, owner_ok: bool) -> bool:
    """Lower-case words after an opening owner or a capitalised first word; no possessive name."""
    words = _WORD_RE.findall(text)
    rest = words
    m = _OWNER_RE.match(text)
    if m is not None and owner_ok:
        rest = _WORD_RE.findall(text[m.end():])
    elif words:
        rest = [words[0].lower()] + words[1:]
    return all(w[:1].islower() and not w.endswith("'s") for w in rest)


def _ended_in(sentence: str, value: str, incoming: str) -> str | None:
    """The incoming clause that ends the stored value, or None."""
    text = incoming.strip()
    if "\n" in text or "?" in text or '"' in text or retracted_inline(text) or _STOPS_RE.search(text):
        return None
    text = expand_contractions(text.lstrip("-*\u2022 "))
    lead = _LEAD_LABEL_RE.match(text)
    if lead is not None:
        if lead.group("l").strip().lower() not in _NEWS_LABELS:
            return None  # "Staging: moved off Heroku": a scope or a heading, not news of the whole
        text = text[lead.end():]
    found = find_part(value, text) if not said_alone(text, value) else _whole(text, value)
    if found is None:
        return None
    i, j = found
    if is_known_place(text[i:j].removesuffix("'s")):
        return None  # "left Soho" of "WeWork Soho": the district, not the branch
    if text[i:j].endswith("'s"):
        j -= 2  # "the Kindle's ...": the name, then what the "'s" is
    if find_part(value, text, j) is not None:
        return None  # named twice: "dropped Zoom for webinars, still on Zoom for standups"
    i = _with_determiner(text, i)
    if i < 0 or not _free_after(text[j:]):
        return None  # "her Kindle", "the Nighthawk's antenna", "the Zoom webinar plan"
    if appositive_other(value, text[j:].lstrip(" ,")) and text[j:].lstrip()[:1] == ",":
        return None  # "moved off Atlas, the Jira add-on, to Linear": another Atlas
    partial = text[i:j].lower() != value.lower() and not text[i:j].lower().endswith(" " + value.lower())
    marked = text[:i] + "§A" + text[j:]
    if partial and re.search(r"(?<![\w'])left\s+§A", marked, re.I):
        return None  # "left Soho" of "WeWork Soho": a place is left; the whole name is the thing
    if not _gates_pass(marked, sentence, value):
        return None
    sentences = [x.strip().rstrip(".!").strip() for x in split_sentences(marked) if x.strip(" .!")]
    if not sentences or len(sentences) > 3:
        return None
    clauses = [c.strip() for x in sentences for c in _CUT_RE.split(x) if c.strip()]
    own = [c for c in clauses if "§A" in c]
    if len(own) != 1 or any(_label(c) for c in clauses[:clauses.index(own[0])]):
        return None  # "Docs site - replaced Lerna with ...", "On staging, dropped Zoom": a scope
    others = [c for c in clauses if "§A" not in c]
    return own[0] if _ends(own[0], others, sentence, value) else None


_PREPOSITIONS = frozenset("on in at for with from during while when after before until within inside under over "
                          "across by via".split())


def _label(piece: str) -> bool:
    """A piece that scopes what follows: opened by a preposition, or a few words with no verb."""
    ws = [w.lower() for w in _WORD_RE.findall(piece)]
    if not ws or ws[0] in _PREPOSITIONS:
        return bool(ws)
    verbish = any(w.endswith(("ed", "ing", "'s")) or w in _FINITE or _LASTS_RE.fullmatch(w) for w in ws)
    return len(ws) <= 4 and not verbish


_FINITE = frozenset("is are was were am be been has have had do does use uses run runs live lives go goes got "
                    "get gets sold left quit".split())


def _whole(text: str, value: str) -> tuple[int, int] | None:
    at = text.lower().find(value.lower())
    return (at, at + len(value)) if at >= 0 else None


def _with_determiner(text: str, i: int) -> int:
    """Where the mention starts with its determiner ("the Kindle"); -1 when someone else's owns it."""
    before = text[:i].rstrip()
    last = before.split()[-1] if before.split() else ""
    low = last.lower()
    if low in ("the", "my", "our"):
        return len(before) - len(last)
    if low.endswith("'s") or low in ("his", "her", "their", "your", "its", "a", "an", "old", "spare", "other",
                                     "second", "work", "backup"):
        return -1
    return i


def _free_after(after: str) -> bool:
    """Nothing after the name makes it another thing: no noun ("Zoom webinar"), no possessive."""
    if after.startswith("'s"):
        nxt = after[2:].split()
        return bool(nxt) and nxt[0].lower() in ("in", "gone", "been", "now", "history", "sold", "retired", "too",
                                                "collecting", "way")
    m = re.match(r"\s*([A-Za-z][\w-]*)", after)
    if m is None or not after[:1].isspace():
        return after[:1] in ("", ",", ";", ".", "!", " ")
    return m.group(1).lower() in _FOLLOWERS


_FOLLOWERS = frozenset("with for by to as after entirely completely altogether now at last a is was has got "
                       "and so in these nowadays from going".split())


def _gates_pass(marked: str, sentence: str, value: str) -> bool:
    """The whole memory: no undoing word, plan, hedge, old news, period, one-off day, person,
    reported speech, nor a scope the stored sentence lacks."""
    plain = _DEGREE_TOO_RE.sub("", marked)
    if UNDOING_RE.search(plain) or unsure_change(plain) or PERIOD_RE.search(plain) or _ONE_OFF_RE.search(plain):
        return False
    if PRONOUN_RE.search(plain) or _REPORTED_RE.search(plain):
        return False
    stored = _stored_words(sentence)
    if _someone(plain, frozenset(stored)):
        return False
    for m in _SCOPE_RE.finditer(plain):
        n = m.group("n").lower()
        if n not in _SCOPE_OK and not _known(n, stored):
            return False
    return True


_DETS = frozenset("my our the a an your his her their this that user's".split())


def _someone(text: str, stored: frozenset[str] = frozenset()) -> bool:
    """A person or another group named: "my sister", "the marketing team"; never the head of a
    compound ("password manager", "buys pet food": the word before it is a plain word)."""
    words = _WORD_RE.findall(text)
    for n, w in enumerate(words):
        if w.lower().removesuffix("'s") in _THEIRS:
            prev, nxt = words[n - 1] if n else "", words[n + 1].lower() if n + 1 < len(words) else ""
            if nxt in stored and not w.endswith("'s"):
                continue  # "the pet food" of "User buys pet food ...": a kind of thing
            if not (prev[:1].islower() and prev.lower() not in _DETS and not prev.endswith("'s")) or w.endswith("'s"):
                return True
    return False


def _stored_words(sentence: str) -> set[str]:
    return {w.lower().removesuffix("'s") for w in _WORD_RE.findall(sentence)}


def _known(word: str, stored: set[str]) -> bool:
    """A word of the stored sentence, said alike ("repos"/"repo", "standup's")."""
    w = word.lower().removesuffix("'s")
    return any(w == s or (min(len(w), len(s)) >= 4 and (w.startswith(s) or s.startswith(w))) for s in stored)


def _ends(own: str, others: list[str], sentence: str, value: str) -> bool:
    """Whether the clause naming the old value ends it, by one of the five shapes."""
    stored = _stored_words(sentence)
    m = _REPLACED_RE.match(own)
    if m is not None:
        role = (m.group("as") or "").split()  # "as the app cache": the stored slot's own word last
        return _new_ok(m.group("new"), value) and (not role or _known(role[-1], stored))
    m = _FROM_RE.match(own)
    if m is not None:
        obj = [w for w in _WORD_RE.findall(m.group("obj"))]
        # what moved is named by the stored sentence's words ("all our repos"): never the user or
        # "everything" alone ("User moved from Denver to Austin", "switched from Windows to WSL")
        return (_new_ok(m.group("new"), value) and all(w.lower() in _OBJ_WORDS or _known(w, stored) for w in obj)
                and any(w.lower() not in _OBJ_WORDS for w in obj))
    m = _ENDED_RE.match(own)
    if m is not None:
        durable = _STRONG_RE.match(m.group("v")) or re.search(r"entirely|completely|altogether|for\s+good",
                                                             m.group("tail"), re.I)
        return bool(durable) or _told_instead(others, stored, value)
    m = _INSTEAD_RE.match(own)
    if m is not None:
        main = m.group("main")
        lasts = _INSTEAD_LASTS_RE.search(own)
        return bool(lasts) and _opens_well(main, stored) and _names_new(main, value)
    if _GONE_RE.match(own):
        return _told_instead(others, stored, value)
    return False


def _new_ok(new: str, value: str) -> bool:
    """Another name than the old one, not a version or a part of it."""
    name = " ".join(w for w in new.split() if w[:1].isupper() or w[:1].isdigit())
    return bool(name) and find_part(value, name) is None and value.lower() not in new.lower()


def _names_new(clause: str, value: str) -> bool:
    """A capitalised name in the clause (not its first word alone, the old value's name aside)."""
    words = _WORD_RE.findall(clause)
    names = [w for n, w in enumerate(words) if (w[:1].isupper() or w[:1].isdigit()) and (n > 0 or len(words) == 1)]
    return any(find_part(value, w) is None for w in names)


def _opens_well(clause: str, stored: set[str]) -> bool:
    """A clause opened by its writer, "everything", a verb or a stored word, never someone else."""
    words = _WORD_RE.findall(re.sub(_SUBJ, "", clause, count=1, flags=re.I)) or [""]
    first = _WORD_RE.findall(clause)[0].lower().removesuffix("'s") if _WORD_RE.findall(clause) else ""
    if first in ("i", "we", "user") or first in _OPENERS and first not in ("the", "our", "my"):
        return True
    if first in ("the", "our", "my"):
        second = _WORD_RE.findall(clause)[1] if len(_WORD_RE.findall(clause)) > 1 else ""
        return _known(second, stored)
    return _known(first, stored) or words[0][:1].islower() and words[0].lower().endswith(("ed", "ing"))


def _told_instead(others: list[str], stored: set[str], value: str) -> bool:
    """Another clause tells the new state that lasts: "Standup is on Google Meet now", "moved to a
    Kobo Libra", "everything is in 1Password now", "been playing Baldur's Gate 3 exclusively"."""
    for c in others:
        if not _names_new(c, value) or not _opens_well(c, stored) or any(
                is_known_place(w) for w in _WORD_RE.findall(c) if w[:1].isupper()):
            continue  # "... and moved to Shoreditch": a move of home, not of the stored thing
        if _LASTS_RE.search(c) or _MOVED_TO_RE.match(c):
            return True
    return False
