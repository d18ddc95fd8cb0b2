"""The stored value declared GONE in a clause of its own, beside the new state (pure logic): "CI:
Travis" / "travis is dead to us, everything runs on github actions now", "Main DB: MySQL 5.7" /
"migrated to postgres 15 over the weekend, mysql is decommissioned", "Bank: Barclays" / "moved
everything to Monzo, closed barclays", "Gym: PureGym" / "no more puregym, I've joined the leisure
centre", "Frontend: Create React App" / "ported the frontend to vite, CRA is gone".

`old_value_end` reads replacements and drops written around a capitalised name in a few verb
shapes; people also type the old name in lower case, shorten it ("vscode", "CRA", "Mongo") and
say its end as a state of the thing ("is decommissioned", "is history", "got nicked", "no more
X"). This rule reads that one shape and nothing else:

* the stored memory is ONE short line whose value is a name: "Key: Value" (a plain key), or a
  sentence of the user's or the writer's group's ("I write in Notion", "We host on Heroku") or a
  subjectless note of a thing and its tool ("Deploys happen via Jenkins") that ends on the name.
  Never a list, a place, a taste, a wish, a past, someone else's;
* the incoming memory holds a GONE clause, a whole clause (cut at , ; . - and "so") that is only
  the stored name (or a distinctive part of it, its initials, its words run together) with a
  closed set of endings: "X is gone / dead (to us) / history / decommissioned / uninstalled /
  deleted / shut down / turned off / closed / sold / scrapped / phased out / sunset", "X got nicked
  / axed / died", "closed / cancelled / uninstalled / ditched / dropped / quit / killed off /
  unsubscribed from / stopped paying for X", "no more X"; at most one lower-case noun of the thing
  after the name ("the Mongo cluster", "the Barclays account"), only "the", "my" or "our" before it;
* and a NEW-STATE clause beside it ("... now", "instead", "from now on", "switched/moved/migrated
  to ...", "joined ...") that does not name the stored value again, unless the ending lasts by
  itself ("decommissioned", "uninstalled", "history", "dead to us", "for good").

Refused: a question, a quote, a plan, a hedge, a condition, old news, an undoing word, reported
speech, a person or pronoun, a one-off ("for now", "this week"), anything after the ending the
closed tail does not allow ("is gone on staging", "is gone for the summer"), the name followed by
another word ("the Slack huddle feature", "the Pixel 6"), one of a list ("Dropped Zoom and Meet"),
a use the stored sentence does not name ("uses Redis for caching" / "... Memcached for sessions"),
a stored subject that is a person ("Anna uses Zoom"), and the stored value said again.
"""

from __future__ import annotations

import re

from festinger.core.contradiction.events.event_context import stored_sentence
from festinger.core.contradiction.grammar.places import is_known_place
from festinger.core.contradiction.grammar.statements import is_unsure
from festinger.core.contradiction.lexicon.name_parts import MULTI_MAKERS
from festinger.core.contradiction.lexicon.names import GIVEN_NAMES
from festinger.core.contradiction.text.name_parts import is_generic_part, part_named
from festinger.core.contradiction.text.normalise import expand_contractions
from festinger.core.contradiction.updates.change_gates import PRONOUN_RE, UNDOING_RE, unsure_change
from festinger.core.contradiction.updates.old_value_gates import WORD_RE, someone
from festinger.core.contradiction.verdict import Contradiction, clip

__all__ = ["by_old_value_gone"]

# The cheap look first: an ending word somewhere in the incoming memory.
_CUE_RE = re.compile(r"gone|dead|history|decommission|uninstall|deleted|shut\s+down|turned\s+off|switched\s+off|"
                     r"closed|cancell?ed|sold|nicked|stolen|died|ditched|no\s+more|ended|dropped|quit|scrapped|"
                     r"axed|killed|binned|sunset|phased|deactivated|unsubscribed|stopped\s+paying|dumped|got\s+rid|"
                     r"retired|over|wiped", re.I)

# ---- the stored line --------------------------------------------------------------------------
_NAME = r"[A-Z0-9][\w.+&'/-]*"
_LOWER = r"(?-i:[a-z][a-z-]*)"
# A name, then at most two plain nouns of the thing ("Barclays current account", "MySQL 5.7").
_VALUE_RE = re.compile(rf"(?P<v>{_NAME}(?:\s+{_NAME}){{0,3}}(?:\s+{_LOWER}){{0,2}})$")
# What the tool is for, after its name: "I use Dropbox for backups" (declared gone, it is gone for that too).
_PURPOSE_RE = re.compile(r"\s+for\s+(?:(?:my|the|our)\s+)?(?-i:[a-z][\w-]*)(?:\s+(?-i:[a-z][\w-]*)){0,2}$")
# A use named in the incoming memory: "for sessions", "for the team chat".
_USE_FOR_RE = re.compile(r"(?<![\w'])for\s+(?!good(?![\w'])|now(?![\w']))(?:(?:the|my|our)\s+)?((?-i:[a-z])[\w-]{3,})", re.I)
_LABEL_RE = re.compile(r"^(?P<k>[A-Za-z][A-Za-z /-]{0,30}?)\s*:\s*(?P<rest>\S.*)$")
_OWNER_RE = re.compile(r"^(?:(?:the\s+)?user(?:'s)?|i|my|we|our|(?:the|our)\s+team(?:'s)?)(?=\s)", re.I)
# A subjectless note or a thing of the project: "Deploys happen via Jenkins", "The app uses MongoDB".
_THING_RE = re.compile(r"^(?:the\s+)?(?-i:[A-Za-z][a-z-]+)(?:\s+(?-i:[a-z][a-z-]+))?\s+"
                       r"(?:uses|use|runs\s+on|run\s+on|happen\s+via|happens\s+via|go\s+through|goes\s+through|"
                       r"(?:is|are)\s+(?:on|in|hosted\s+on|managed\s+in|written\s+in|built\s+with))\s*$", re.I)
_PASSIVE_RE = re.compile(r"\s(?:is|are)\s+(?:hosted|managed|written|built)\s", re.I)
# Stored words that make the value a taste, a wish, a past, a hedge, one of several or someone else's.
_STORED_REFUSE_RE = re.compile(
    r"(?<![\w'])(?:not|no|never|none|without|used\s+to|formerly|previously|until|anymore|was|were|had|did|"
    r"favou?rite|dream|wish\w*|goal|ideal|old|previous|former|first|next|future|planned|plan|backup|spare|"
    r"second|secondary|alternative|trial|testing|evaluating|considering|likes?|loves?|prefers?|hates?|"
    r"enjoys?|wants?|misses|recommends?|tried|visited|sometimes|occasionally|also|too|still|both|either|"
    r"except|only|and|or|but|while|sister|brother|wife|husband|partner|mum|mom|dad|friend|boss)(?![\w'])"
    r"|[,;?\"()&]", re.I)
# A plain key: lower-case words, an acronym allowed ("CI", "Main DB"), no name of someone's.
_PLAIN_KEY_RE = re.compile(r"^(?:(?:the\s+)?user's\s+|my\s+|our\s+)?(?:[A-Za-z][a-z/-]*|[A-Z]{2,4})"
                           r"(?:\s+(?:[a-z/-]+|[A-Z]{2,4})){0,3}$")


# Key words that name a tool, though the lexicon reads them as a person's job ("Editor: VS Code").
_TOOL_KINDS = frozenset("editor manager player reader client".split())


def _stored(existing: str) -> tuple[str, str] | None:
    """(the stored line, its name value) or None."""
    s = stored_sentence(existing)
    if s is None or "\n" in s.strip() or len(s) > 120 or is_unsure(s):
        return None
    s = s.strip().lstrip("-*\u2022 ").rstrip(".!").strip()
    label = _LABEL_RE.match(s)
    if label is not None:
        key, value = label.group("k").strip(), label.group("rest").strip()
        if not _PLAIN_KEY_RE.match(key) or _STORED_REFUSE_RE.search(key) or _VALUE_RE.fullmatch(value) is None:
            return None
        before = key
    else:
        p = _PURPOSE_RE.search(s)
        m = _VALUE_RE.search(s[:p.start()] if p is not None else s)
        if m is None or m.start() == 0:
            return None
        value, before = m.group("v"), s[:m.start()].strip()
        if not (_OWNER_RE.match(before) or _THING_RE.match(before)) or len(WORD_RE.findall(before)) > 7:
            return None
        first = WORD_RE.findall(before)[0]
        if not _OWNER_RE.match(before) and (first.lower() in GIVEN_NAMES or first[:1].isupper() and not (
                first.endswith("s") or first.lower() == "the" or _PASSIVE_RE.search(before))):
            return None  # "Anna uses Zoom for standups", "Sam is on Zoom": a person's; "Deploys happen
            # via Jenkins", "The app uses MongoDB", "Docs are hosted on Netlify": a thing's
    tool_key = label is not None and before.split()[-1].lower() in _TOOL_KINDS
    if _STORED_REFUSE_RE.search(before) or _STORED_REFUSE_RE.search(value) or (someone(before) and not tool_key):
        return None
    names = [w for w in value.split() if w[:1].isupper() or w[:1].isdigit()]
    if not names or all(is_generic_part(w) for w in names) or is_known_place(value) or is_known_place(names[0]):
        return None  # "a TV" is a kind; a place is read by the move rules
    return s, value


# ---- the incoming memory ----------------------------------------------------------------------
_CUT_RE = re.compile(r"\s*[,;.!]+\s+|\s*[,;.!]+$|\s+[-\u2013\u2014]+\s+|\s+(?:and|so|but)\s+")
_EMOJI_RE = re.compile(r"[\U0001F300-\U0001FAFF\u2600-\u27BF\uFE0F]+")
_LEAD = r"^(?:(?:well|ok|okay|yeah|also|finally|officially|just)\s+)*"
_DET = r"(?:(?:the|my|our)\s+)?"
# One noun of the thing that may follow its name: the account, not a feature of it.
_THING_NOUN = r"(?:\s+(?-i:one|ones|account|accounts|cluster|server|servers|instance|instances|code|codebase|" \
              r"contract|subscription|membership|install|installation|setup|plan|deliveries))?"
_STATE = (r"gone|dead(?:\s+to\s+(?:us|me))?|history|decommissioned|uninstalled|deleted|shut\s+down|turned\s+off|"
          r"switched\s+off|closed|cancell?ed|sold|wiped(?:\s+and\s+sold)?|retired|over|scrapped|axed|"
          r"killed(?:\s+off)?|binned|sunset(?:ted)?|phased\s+out|deactivated")
_LASTING_TAIL = (r"(?:\s+(?:now|for\s+good|completely|entirely|altogether|as\s+of\s+today|officially|"
                 r"last\s+(?:week|month|year)|a\s+(?:week|month|year)\s+ago|(?:in|last)\s+(?:january|february|"
                 r"march|april|may|june|july|august|september|october|november|december)|"
                 r"over\s+the\s+weekend|for\s+(?:me|us)))*")
# "§" stands for the stored value's mention, filled in per memory.
_GONE_SHAPES = (
    rf"{_LEAD}{_DET}§{_THING_NOUN}(?:'s|\s+is|\s+are|\s+has\s+been|\s+have\s+been|\s+got|\s+was)\s+"
    rf"(?:now\s+|finally\s+|officially\s+|completely\s+|fully\s+|being\s+)*(?P<state>{_STATE})(?:\s+down)?{_LASTING_TAIL}$",
    rf"{_LEAD}{_DET}§{_THING_NOUN}\s+(?P<state>uninstalled|decommissioned|deleted|cancell?ed|closed|died|ended|"
    rf"got\s+(?:nicked|stolen|scrapped|axed|binned|killed(?:\s+off)?|phased\s+out)|was\s+stolen){_LASTING_TAIL}$",
    rf"{_LEAD}(?:(?:i|we|the\s+user)\s+)?(?:(?:have|has|just|finally|officially)\s+)*(?P<state>closed|cancell?ed|"
    rf"uninstalled|deleted|decommissioned|shut\s+down|turned\s+off|ditched|dumped|got\s+rid\s+of|sold|dropped|"
    rf"quit|scrapped|axed|killed(?:\s+off)?|binned|sunset(?:ted)?|phased\s+out|deactivated|unsubscribed\s+from|"
    rf"stopped\s+paying\s+for)\s+"
    rf"{_DET}§{_THING_NOUN}{_LASTING_TAIL}$",
    rf"{_LEAD}(?P<state>no\s+more)\s+§(?:\s+for\s+(?:me|us))?$",
)
# Endings that last by themselves: no new state need be said beside them.
_STRONG_RE = re.compile(r"decommissioned|uninstalled|history|dead\s+to|for\s+good|phased\s+out|sunset", re.I)
# What says a new state holds now, in the clause beside the gone one.
_NEW_STATE_RE = re.compile(r"(?<![\w'])(?:now|these\s+days|nowadays|instead|from\s+now\s+on|going\s+forward|"
                           r"full[\s-]time|exclusively|switched|moved|migrated|ported|rewrote|rewriting|joined|"
                           r"replaced|handles|runs|does|got\s+a|bought|upgraded|back\s+to|using|live\s+in|"
                           r"(?:i|we|everyone|everybody)\s+(?:am|are|is)\s+(?:on|with|in))(?![\w'])", re.I)
# Besides the shared gates: reported speech, a one-off or a stretch of time, a joke.
_REFUSE_RE = re.compile(r"(?<![\w'])(?:according|apparently|heard|reckons?|thinks?|claims?|said|says|rumou?r\w*|"
                        r"for\s+(?:a|the|this|that)\s+(?:day|week|weekend|month|summer|trip|sprint)(?!\s+now)|"
                        r"this\s+(?:week|weekend|sprint)|tonight|temporarily|briefly|jk|kidding|joking|lol\s+no|"
                        r"again)(?![\w'])|\?|[\"\u201c\u201d]", re.I)
# A stretch the ending holds for ("Slack is gone for now"); beside it, the new thing may be a stopgap
# ("brompton got nicked, got a cheap hybrid for now": the Brompton is gone all the same).
_FOR_NOW_RE = re.compile(r"(?<![\w'])for\s+now(?![\w'])", re.I)
# When the move happened, which the undoing words would read as a period ("weekend").
_WHEN_RE = re.compile(r"(?<![\w'])(?:(?:over|last|on)\s+the\s+weekend|last\s+weekend|"
                      r"for\s+(?:a|one|two|three|\d+)\s+(?:weeks?|months?|years?)\s+now)(?![\w'])", re.I)
# The old value named beside the ending only as where the move came from: "moved out of notion into obsidian".
_FROM_RE = r"(?:from|off|out\s+of|instead\s+of|away\s+from)\s+(?:the\s+|my\s+|our\s+)?"


def by_old_value_gone(existing: str, incoming: str) -> Contradiction | None:
    """The stored name declared gone beside its new state, or None."""
    if not isinstance(existing, str) or not isinstance(incoming, str) or len(incoming) > 400:
        return None
    if "\n" in incoming.strip() or not _CUE_RE.search(incoming):
        return None
    stored = _stored(existing)
    if stored is None:
        return None
    sentence, value = stored
    text = _EMOJI_RE.sub(" , ", expand_contractions(incoming.strip()))
    if _REFUSE_RE.search(text) or unsure_change(text) or PRONOUN_RE.search(text):
        return None
    if someone(text, frozenset(w.lower() for w in WORD_RE.findall(sentence))):
        return None
    if _PURPOSE_RE.search(sentence) and any(w.lower() not in sentence.lower() for w in _USE_FOR_RE.findall(text)):
        return None  # "uses Redis for caching" / "dropped Redis and use Memcached for sessions": one use of it
    clauses = [c.strip() for c in _CUT_RE.split(text) if c and c.strip()]
    if len(clauses) > 5:
        return None
    for n, clause in enumerate(clauses):
        state = _gone(clause, value)
        if state is None:
            continue
        if re.search(re.escape(clause) + r"\s+and\s+(?:(?-i:[A-Z])|(?:the|my|our)\s)", text):
            return None  # "Dropped Zoom and Meet": one of a list
        others = clauses[:n] + clauses[n + 1:]
        if any(UNDOING_RE.search(_WHEN_RE.sub(" ", c)) for c in others):
            return None  # "..., still on it", "..., but we kept it for the kids": the gone clause's
            # own shape is closed ("no more X" is its "no"), the clauses beside it are read for undoing
        if _FOR_NOW_RE.search(clause) or any(_names_again(c, value) for c in others):
            return None  # "Slack is gone for calls, we still use Slack for chat"
        if not (_STRONG_RE.search(clause) or any(_NEW_STATE_RE.search(c) for c in others)):
            continue
        return Contradiction("value", clip(sentence), value, clip(incoming),
                             f"{value!r} is declared gone: {clip(clause)!r} (existing: {clip(sentence)!r})")
    return None


def _mentions(value: str) -> list[str]:
    """How the stored value may be typed: its words, a run of its words, its words run together,
    the initials of its capitalised words ("CRA" of "Create React App"), longest first."""
    words = value.split()
    found: set[str] = set()
    for i in range(len(words)):
        for j in range(i + 1, len(words) + 1):
            part = " ".join(words[i:j])
            if (part_named(value, part) and all(_minor(w) or w.lower() in MULTI_MAKERS for w in words[:i])
                    and all(_minor(w) for w in words[j:])
                    and (j == len(words) or not words[j - 1][:1].islower())):
                found.add(part)
    if len(words) > 1 and not any(w[:1].islower() for w in words):
        found.add("".join(words))
    caps = [w for w in words if w[:1].isupper() and w[1:].islower()]  # "Create React App", not "VS Code"
    if len(caps) >= 2 and len(caps) == len(words):
        found.add("".join(w[0] for w in caps))
    # "Mongo" of "MongoDB", "Postgres" of "PostgreSQL": a name shortened by its product suffix
    for w in words:
        for suffix in ("DB", "SQL", "JS", ".js", ".io", "HQ", "App"):
            if w.endswith(suffix) and len(w) - len(suffix) >= 4 and part_named(value, w):
                found.add(w[: -len(suffix)])
    return sorted(found, key=len, reverse=True)


def _minor(word: str) -> bool:
    """A word of the stored name that may go unsaid: a kind, a version or model code, a plain noun,
    a place ("MySQL" of "MySQL 5.7", "Barclays" of "Barclays current account", "PureGym" of "PureGym
    Camden"); never another name word ("Kindle" of "Kindle Paperwhite" may be the app, "Xbox" of
    "Xbox Game Pass" the console)."""
    return (is_generic_part(word) or word[:1].islower() or any(c.isdigit() for c in word)
            or (word.isupper() and len(word) <= 3) or is_known_place(word))


def _gone(clause: str, value: str) -> str | None:
    """The ending word when the clause is only the stored value declared gone, or None."""
    for mention in _mentions(value):
        m = re.escape(mention).replace(r"\ ", r"\s+")
        for shape in _GONE_SHAPES:
            found = re.match(shape.replace("§", rf"(?<![\w-]){m}(?![\w-])"), clause, re.I)
            if found is not None:
                return found.group("state")
    return None


def _names_again(clause: str, value: str) -> bool:
    """Whether a clause names the stored value other than as where a move came from."""
    for mention in _mentions(value):
        m = re.escape(mention).replace(r"\ ", r"\s+")
        for hit in re.finditer(rf"(?<![\w-]){m}(?![\w-])", clause, re.I):
            if not re.search(rf"{_FROM_RE}$", clause[:hit.start()], re.I):
                return True
    return False
