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
  person's or group's, a thing's with an active verb ("The app uses Redis": whose "we"?), a taste, a
  wish, a past, a hedge, a job or a place. A purpose after the name ("for work clothes") must be said
  again, unless it is a tool's role ("for team chat") and the shape ends the whole tool;
* the incoming memory (at most three sentences, one line) naming that value once, by its name or a
  distinctive part (`name_parts`), in one of five closed shapes: "replaced/swapped A with/for X";
  "moved off/migrated off/got rid of/uninstalled/ditched A (for/to X)"; "dropped/left/quit/done
  with A" or "the A's in a drawer / gone / too pricey / died" beside a clause that tells the new state
  ("X now", "moved to X", "X is my main game now");
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
from festinger.core.contradiction.lexicon import changes as ch
from festinger.core.contradiction.lexicon.names import GIVEN_NAMES
from festinger.core.contradiction.text.literal import said_alone
from festinger.core.contradiction.grammar.places import is_known_place
from festinger.core.contradiction.grammar.statements import is_unsure
from festinger.core.contradiction.text.name_parts import appositive_other, find_part, is_generic_part
from festinger.core.contradiction.text.normalise import expand_contractions
from festinger.core.contradiction.text.retraction import retracted_inline
from festinger.core.contradiction.text.segment import split_sentences
from festinger.core.contradiction.updates.old_value_gates import (LEAD_LABEL_RE, NEWS_LABELS, STOPS_RE, WORD_RE,
                                                                  gates_pass, known, label_piece,
                                                                  someone, stored_words)
from festinger.core.contradiction.verdict import Contradiction, clip

__all__ = ["by_old_value_end"]

# The cheap look first: an ending or replacement word somewhere in the incoming memory.
_CUE_RE = re.compile(r"replaced|swapped|instead|rather\s+than|in\s+place\s+of|dropped|ditched|dumped|quit|left|"
                     r"\soff\s|away\s+from|got\s+rid|uninstalled|cancell?ed|retired|decommissioned|gave\s+up|"
                     r"stopped\s+using|done\s+with|drawer|gone|too\s|\sfrom\s", re.I)
# A proper name that ends the stored sentence: "Netgear Nighthawk", "Pets at Home", "Fly.io", "1Password".
_NAME = r"[A-Z0-9][\w.+&'-]*"
_VALUE_RE = re.compile(rf"(?P<v>{_NAME}(?:\s+(?:(?:at|of|&|de|du|la|le)\s+)?{_NAME}){{0,4}})$")
_PURPOSE_RE = re.compile(r"\s+for\s+(?:(?:my|the|our)\s+)?(?P<p>(?-i:[a-z])[\w-]*(?:\s+(?-i:[a-z])[\w-]*){0,2})$")
_LABEL_RE = re.compile(r"^(?P<k>[A-Za-z][\w /'-]{0,40}?)\s*:\s*(?P<rest>\S.*)$")
# Whose the stored sentence is: the user's, the writer's group's, or nobody named (a note line).
_OWNER_RE = re.compile(r"^(?:(?:the\s+)?user(?:'s)?|i|my|we|our|(?:the|our)\s+team(?:'s)?)(?=\s)", re.I)
# Stored words that make the value a taste, a wish, a past, a hedge or an aside: nothing an update ends.
_STORED_REFUSE_RE = re.compile(
    r"(?<![\w'])(?:not|no|never|none|without|used\s+to|formerly|previously|until|anymore|was|were|had|did|"
    r"favou?rite|dream|wish\w*|goal|ideal|old|previous|former|first|next|future|planned|backup|spare|second|"
    r"work\s+(?:at|for)|works|worked|working|employed|employer|job|studies|student|enrolled|attends|hometown|birthplace|birth|childhood|"
    r"native|origin|alma|grew|raised|born|"
    r"likes?|loves?|prefers?|hates?|enjoys?|wants?|misses|recommends?|tried|visited|sometimes|occasionally|"
    r"also|too|still|both|either|except|only|and|or|but|while|for|(?:19|20)\d\d)(?![\w'])|[,;?\"()]", re.I)
# An incoming clause's opening: some adverbs, then I / we / the user / the team or nothing.
_SUBJ = (r"^(?:(?:so|and|then|also|just|finally|recently|officially|already|eventually|well|ok|okay)\s+)*"
         r"(?:(?:i|we|the\s+user|user|the\s+team|our\s+team)\s+)?(?:(?:have|has|had|just|finally|recently|"
         r"officially|already|now|completely|fully|eventually|also)\s+)*")
# What may follow an ending: when, how lasting, after what; then at most one reason ("to save money").
# Each repeated piece opens with its own keyword and the reason comes once, last: no two ways to read
# a run of words, so the match stays linear.
_TAIL = (r"(?P<tail>(?:\s+(?:entirely|completely|altogether|for\s+good|now|at\s+last|last\s+(?:week|month|year)|"
         r"a\s+(?:week|month|year)\s+ago|(?:in|last)\s+(?:January|February|March|April|May|June|July|August|"
         r"September|October|November|December)|(?:a\s+few|two|three|\d+)\s+(?:weeks|months)\s+ago|"
         r"after\s+(?:the|a|an)\s+[a-z]+))*"
         r"(?:\s+to\s+(?!(?:see|compare|check|experiment|evaluate|test|try|debug|troubleshoot)\b)(?-i:[a-z])\w+"
         r"(?:\s+(?-i:[a-z])\w+){0,2})?)$")  # a reason, never a trial
_NEW = (r"(?:(?:a|an|the|our|my)\s+)?(?P<new>(?-i:[A-Z0-9])[\w.+&'-]*(?:\s+(?-i:[A-Z0-9])[\w.+&'-]*){0,4}"
        r"(?:\s+(?!(?:on|in|at|for|with|to|from|by|somewhere|anywhere|elsewhere|everywhere|here|there)\b)"
        r"(?-i:[a-z])[\w-]*(?<!ly)){0,2}?)")
_AS = r"(?:\s+as\s+(?:the|our|my)\s+(?P<as>(?-i:[a-z])[\w-]*(?:\s+(?-i:[a-z])[\w-]*){0,2}))?"
_REPLACED_RE = re.compile(rf"(?:{_SUBJ}(?:replaced|swapped(?:\s+out)?|substituted)\s+§A|"
                          rf"^(?:so\s+)?§A\s+(?:was|got|has\s+been)"
                          rf"\s+replaced)\s+(?:with|w/|for|by)\s+{_NEW}{_AS}{_TAIL}", re.I)
# Endings that last by themselves, and those that also name a drop or a departure for the day.
_STRONG = (r"moved\s+(?:off|away\s+from)|migrated\s+(?:off|away\s+from)|switched\s+away\s+from|got\s+rid\s+of|"
           r"uninstalled|decommissioned|retired|ditched|abandoned")
_WEAK = r"dropped|dumped|quit|left|cancell?ed|gave\s+up(?:\s+on)?|stopped\s+using|(?:(?:am|are)\s+)?done\s+with"
_ENDED_RE = re.compile(rf"{_SUBJ}(?P<v>{_STRONG}|{_WEAK})\s+§A"
                       rf"(?:\s+(?:for|to|onto|in\s+favou?r\s+of)\s+{_NEW})?{_TAIL}", re.I)
_STRONG_RE = re.compile(rf"^(?:{_STRONG})$", re.I)
_INSTEAD_RE = re.compile(r"^(?P<main>.{3,160}?)\s+(?:now\s+)?(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+§A"
                         r"(?P<tail>(?:\s+(?:now|these\s+days|nowadays|from\s+now\s+on|going\s+forward))*)$", re.I)
_GONE_RE = re.compile(r"^(?:(?:so|and|well)\s+)?§A(?:\s+(?:finally|just))?(?:\s+(?:died|broke(?:\s+down)?|"
                      r"packed\s+up|bit\s+the\s+dust)|(?:'s|\s+is|\s+has\s+been|\s+was|\s+got)\s+(?:now\s+)?"
                      r"(?:in\s+(?:a|the)\s+(?:drawer|cupboard|closet|box|loft|attic|basement|garage)|gone|history|"
                      r"retired|sold|wiped|(?:way\s+)?too\s+[a-z]+|collecting\s+dust))"
                      r"(?:\s+(?:now|these\s+days))?$", re.I)
_FROM_RE = re.compile(rf"{_SUBJ}(?:migrated|moved|switched|transferred|ported|changed)\s+(?P<obj>[^,;]{{0,40}}?)\s*"
                      rf"(?:(?:over|away)\s+)?from\s+§A\s+(?:to|onto|into)\s+{_NEW}{_TAIL}", re.I)
_OBJ_WORDS = frozenset("all our my the everything it over".split())
# What says the new state lasts, in a clause beside an ending: "X now", "moved to X", "exclusively".
_LASTS_RE = re.compile(r"(?<![\w'])(?:now|these\s+days|nowadays|exclusively|full[\s-]time|from\s+now\s+on|"
                       r"going\s+forward)(?![\w'])", re.I)
_MOVED_TO_RE = re.compile(rf"{_SUBJ}(?:(?:moved|switched|migrated|went|changed|upgraded)\s+(?:over\s+)?to|"
                          r"replaced\s+(?:it|them)\s+with)\s+", re.I)
_INSTEAD_LASTS_RE = re.compile(r"(?<![\w'])(?:now|these\s+days|nowadays|from\s+now\s+on|going\s+forward|"
                               r"switched|moved|migrated|changed|went)(?![\w'])", re.I)
# A companion clause opens with its writer, a stored word, "everything" or a verb (no one else's).
_OPENERS = frozenset("i we everything it our my the been use getting using playing reading moved switched migrated "
                     "went now all".split())
# A scope: a preposition with a plain noun the stored sentence does not have ("for wine", "on staging").
_CUT_RE = re.compile(r"\s*[,;]\s+|\s+[-\u2013\u2014]+\s+|\s+(?:and|so)\s+")
def by_old_value_end(existing: str, incoming: str) -> Contradiction | None:
    """The stored proper-name value named by the incoming memory as replaced, dropped or left, or None."""
    if not isinstance(existing, str) or not isinstance(incoming, str) or len(incoming) > 600:
        return None
    if not _CUE_RE.search(incoming):
        return None
    stored = _stored(existing)
    if stored is None:
        return None
    sentence, value, purpose = stored
    said = stored_words(incoming)
    unsaid = any(not known(w, said) for w in purpose.split())
    if unsaid and set(purpose.split()) & ch.SCOPE_WORDS:
        return None  # "User uses Chrome for work" / "dropped Chrome": a scope of use must be said again
    # "We use Jira for tickets" / "We replaced Jira with Linear": the tool's role goes with it, when
    # the shape names the whole tool replaced or gone for good
    clause = _ended_in(sentence, value, incoming, unsaid)
    if clause is None:
        return None
    return Contradiction("value", clip(sentence), value, clip(incoming),
                         f"{value!r} is named as replaced or left: {clip(clause)!r} (existing: {clip(sentence)!r})")


def _stored(existing: str) -> tuple[str, str, str] | None:
    """(the stored sentence, its proper-name value, the purpose after it) for a short sentence of the
    user's, the writer's group's or a bare note line's, whose last words are one proper name, or a
    proper name and what it is for ("User shops at Zara for work clothes")."""
    s = stored_sentence(existing)
    if s is None or len(s) > 160 or is_unsure(s):
        return None
    s = s.strip().lstrip("-*\u2022 ").rstrip(".!").strip()
    p = _PURPOSE_RE.search(s)
    purpose = p.group("p") if p is not None else ""
    if set(purpose.split()) & _WHEN:
        return None  # "for now", "for weekends": a time, not a purpose
    m = _VALUE_RE.search(s[:p.start()] if p is not None else s)
    if m is None or m.start() == 0:
        return None
    value, before = m.group("v"), s[:m.start()].strip()
    if is_known_place(value) or all(is_generic_part(w) for w in value.split()):
        return None  # a move reads places (its own rules); "a TV" is a kind, not a name
    if _STORED_REFUSE_RE.search(before) or len(WORD_RE.findall(before)) > 8:
        return None
    if someone(before):
        return None  # "My sister's router:", "Marketing uses HubSpot": someone else's
    label = _LABEL_RE.match(s)
    if label is not None:
        key = label.group("k")
        if label.group("rest") != value or not _plain_words(key, owner_ok=True):
            return None
        return s, value, ""
    ws = WORD_RE.findall(before)
    if not _plain_words(before, owner_ok=True) or ws[0].lower() in GIVEN_NAMES or (
            not _OWNER_RE.match(before) and len(ws) > 1 and ws[1].endswith("s") and ws[1] not in ("is", "has")
            and not (len(ws) > 2 and (ws[2] in _PLURAL_VERBS or ws[2].endswith("ed")))) or (
            not _OWNER_RE.match(before) and {w.lower() for w in ws} & _THING_VERBS):
        return None  # "Project Atlas is on Jira", "Anna uses Zoom", "Marketing uses HubSpot", "The app uses
        # Redis": someone's, or a thing's whose "we" may be another project's
    return s, value, purpose


_THING_VERBS = frozenset("uses runs hosts stores keeps relies depends deploys talks connects sends".split())
_PLURAL_VERBS = frozenset("are were live run go get sit stay use have".split())  # "Feature flags are managed ..."


def _plain_words(text: str, owner_ok: bool) -> bool:
    """Lower-case words after an opening owner or a capitalised first word; no possessive name."""
    words = WORD_RE.findall(text)
    rest = words
    m = _OWNER_RE.match(text)
    if m is not None and owner_ok:
        rest = WORD_RE.findall(text[m.end():])
    elif words:
        rest = [words[0].lower()] + words[1:]
    return all((w[:1].islower() or w.isalpha() and w.isupper() and len(w) <= 4) and not w.endswith("'s")
               for w in rest)  # "Our CI uses Jenkins", "DNS is managed in GoDaddy": an acronym is a kind


def _ended_in(sentence: str, value: str, incoming: str, whole: bool) -> str | None:
    """The incoming clause that ends the stored value, or None."""
    text = incoming.strip()
    if "\n" in text or "?" in text or '"' in text or "\u00a7" in text or retracted_inline(text):
        return None
    if any(m.group().lower() not in stored_words(sentence) for m in STOPS_RE.finditer(text)):
        return None  # a story, a plan, a joke ("game" of "Main game: Elden Ring" is the slot's own word)
    text = expand_contractions(text.lstrip("-*\u2022 "))
    lead = LEAD_LABEL_RE.match(text)
    if lead is not None:
        if lead.group("l").strip().lower() not in NEWS_LABELS:
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
    said = re.sub(r"^(?:the|my|our)\s+", "", text[i:j], flags=re.I).lower()
    partial = not value.lower().startswith(said)  # "Soho" of "WeWork Soho"; never "Virgin Media" of "... M250"
    marked = text[:i] + "§A" + text[j:]
    rest = value.lower()[len(said):].split() if not partial else []
    if (partial or any(not re.search(r"\d", w) for w in rest)) and re.search(r"(?<![\w'])left\s+§A", marked, re.I):
        return None  # "left Soho" of "WeWork Soho", "left Springfield" of "Springfield Elementary": a place is
        # left; only a model or tier code may be left unsaid ("Left Virgin Media" of "Virgin Media M250")
    if not gates_pass(marked, sentence, value):
        return None
    sentences = [x.strip().rstrip(".!").strip() for x in split_sentences(marked) if x.strip(" .!")]
    if not sentences or len(sentences) > 3:
        return None
    clauses = [c.strip() for x in sentences for c in _CUT_RE.split(x) if c.strip()]
    own = [c for c in clauses if "§A" in c]
    if len(own) != 1 or any(label_piece(c) for c in clauses[:clauses.index(own[0])]):
        return None  # "Docs site - replaced Lerna with ...", "On staging, dropped Zoom": a scope
    others = [c for c in clauses if "§A" not in c]
    return own[0] if _ends(own[0], others, sentence, value, whole) else None


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
        return bool(nxt) and nxt[0].lower().strip(",;.!") in (
            "in", "gone", "been", "now", "history", "sold", "retired", "too", "collecting", "way")
    m = re.match(r"\s*([A-Za-z][\w-]*)", after)
    if m is None or not after[:1].isspace():
        return after[:1] in ("", ",", ";", ".", "!", " ")
    return m.group(1).lower() in _FOLLOWERS


_FOLLOWERS = frozenset("finally just died broke packed bit with w for by to as after entirely completely altogether "
                       "now at last a is was has got and so in these nowadays from going".split())


def _ends(own: str, others: list[str], sentence: str, value: str, whole: bool) -> bool:
    """Whether the clause naming the old value ends it, by one of the five shapes (`whole`: only by
    those that end the whole tool: a replacement, a move away, a riddance)."""
    stored = stored_words(sentence)
    m = _REPLACED_RE.match(own)
    if m is not None:
        role = (m.group("as") or "").split()  # "as the app cache": the stored slot's own word last
        return _new_ok(m.group("new"), value) and (not role or known(role[-1], stored))
    m = _ENDED_RE.match(own)
    if m is not None:
        durable = _STRONG_RE.match(m.group("v")) or re.search(r"entirely|completely|altogether|for\s+good",
                                                             m.group("tail"), re.I)
        if m.group("new") is not None:  # "Ditched LaunchDarkly for Flagsmith": what came instead
            return _new_ok(m.group("new"), value)
        return bool(durable) or not whole and _told_instead(others, stored, value)
    m = _FROM_RE.match(own)
    if m is not None:
        obj = [w for w in WORD_RE.findall(m.group("obj"))]
        # what moved is named by the stored sentence's words ("all our repos"): never the user or
        # "everything" alone ("User moved from Denver to Austin", "switched from Windows to WSL")
        return (_new_ok(m.group("new"), value) and all(w.lower() in _OBJ_WORDS or known(w, stored) for w in obj)
                and any(w.lower() not in _OBJ_WORDS for w in obj))
    m = _INSTEAD_RE.match(own) if not whole else None
    if m is not None:
        main = m.group("main")
        lasts = _INSTEAD_LASTS_RE.search(own)
        return bool(lasts) and _opens_well(main, stored) and _names_new(main, value) and _one_slot(main, stored)
    if _GONE_RE.match(own) and not whole:
        return _told_instead(others, stored, value)
    return False


_WHEN = lx.WEEKDAYS | lx.TIME_SCOPE_WORDS | frozenset(
    "january february march april may june july august september october november december christmas easter "
    "xmas thanksgiving diwali eid ramadan hanukkah halloween".split())


def _new_ok(new: str, value: str) -> bool:
    """Another name than the old one, not a version or a part of it."""
    name = " ".join(w for w in new.split() if w[:1].isupper() or w[:1].isdigit())
    if set(name.lower().split()) & _WHEN:
        return False  # "left Acme for Christmas": a time, not what came instead
    return bool(name) and find_part(value, name) is None and value.lower() not in new.lower()


def _names_new(clause: str, value: str) -> bool:
    """A capitalised name in the clause (not its first word alone, the old value's name aside)."""
    words = WORD_RE.findall(clause)
    names = [w for n, w in enumerate(words) if (w[:1].isupper() or w[:1].isdigit()) and (n > 0 or len(words) == 1)]
    return any(find_part(value, w) is None for w in names)


_NAME_IS_RE = re.compile(r"^(?P<n>(?-i:[A-Z0-9])[\w.+&'-]*(?:\s+(?-i:[A-Z0-9])[\w.+&'-]*){0,3})\s+(?:is|are)\s+"
                         r"(?:my|our|the)\s+(?P<k>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)(?:\s+now)?$", re.I)


_NAME_NOW_RE = re.compile(r"^(?P<n>(?-i:[A-Z0-9])[\w.+&'-]*(?:\s+(?-i:[A-Z0-9])[\w.+&'-]*){0,3})"
                          r"(?:\s+(?:for\s+everything|all\s+the\s+way|only|exclusively))?\s+now$")


def _opens_well(clause: str, stored: set[str]) -> bool:
    """A clause opened by its writer, "everything", a verb or a stored word, never someone else."""
    words = WORD_RE.findall(re.sub(_SUBJ, "", clause, count=1, flags=re.I)) or [""]
    first = WORD_RE.findall(clause)[0].lower().removesuffix("'s") if WORD_RE.findall(clause) else ""
    if first in ("i", "we", "user") or first in _OPENERS and first not in ("the", "our", "my"):
        return True
    m = _NAME_IS_RE.match(clause) or _NAME_NOW_RE.match(clause)
    if m is not None and m.group("n").split()[0].lower() not in GIVEN_NAMES:
        # "Redis is the app cache now": the new one in the stored slot; "1Password for everything now"
        return m.groupdict().get("k") is None or known(m.group("k").split()[-1], stored)
    if first in ("the", "our", "my"):
        second = WORD_RE.findall(clause)[1] if len(WORD_RE.findall(clause)) > 1 else ""
        return known(second, stored)
    return known(first, stored) or words[0][:1].islower() and words[0].lower().endswith(("ed", "ing"))


_CARRIERS = frozenset("use uses using get gets getting got buy buys buying shop shops shopping order orders ordering "
                       "do does doing is are am be been play plays playing read reads reading run runs running "
                       "live lives host hosts hosting go goes going now delivered the a an my our we i all "
                       "everything it on in at from with via to".split())


def _one_slot(main: str, stored: set[str]) -> bool:
    """"X instead of A": every word is the stored sentence's, a carrier, or a kind word after the new
    name ("Ecover tablets"); never another thing ("We buy wine at Lidl now instead of Tesco")."""
    ws = WORD_RE.findall(main)
    named = [k > 0 and w != "I" and (w[:1].isupper() or w[:1].isdigit()) for k, w in enumerate(ws)]
    for n, w in enumerate(ws):
        after_name = any(named[max(0, n - 2):n])
        if not (named[n] or w.lower() in _CARRIERS or known(w, stored) or after_name):
            return False
    return True


def _told_instead(others: list[str], stored: set[str], value: str) -> bool:
    """Another clause tells the new state that lasts: "Standup is on Google Meet now", "moved to a
    Kobo Libra", "everything is in 1Password now", "been playing Baldur's Gate 3 exclusively"."""
    for c in others:
        if not _names_new(c, value) or not _opens_well(c, stored) or any(
                is_known_place(w) for w in WORD_RE.findall(c) if w[:1].isupper()):
            continue  # "... and moved to Shoreditch": a move of home, not of the stored thing
        if _LASTS_RE.search(c) or _MOVED_TO_RE.match(c):
            return True
    return False
