"""One clause of an instruction to the assistant, read as a setting or a behaviour (pure logic).

Agent Zero keeps the user's instructions to it as memories: "Tone: formal", "Always give code
examples in Python.", "No emojis in replies", "Assistant should ask before running shell commands.".
They come in two shapes, and this module reads one clause of either:

* a SETTING holds one value of a closed kind: units (metric / imperial), temperature, a date or time
  format, spelling, tone (formal / casual), answer length (short / detailed, or a number of words),
  the reply language, the language of code examples. The value's kind names the setting, and every
  other word of the clause must be one this reader accounts for (the setting's own nouns, "use",
  "switch to", "from now on", "please", ...). Any word left over ("in the lab reports", "for this
  recipe", "my manager", "at work") leaves the clause unread: it is scoped, reported, a habit or
  about something else, and that is never guessed.
* a BEHAVIOUR is a thing the assistant does or not: "no emojis", "stop sending the daily summary",
  "you don't need to ask before running shell commands". Its object is kept as a key of stemmed
  words ("emoji", "ask before run shell command") and compared only to the very same key; a target
  other than the replies themselves ("in commit messages") is kept apart, so the two never meet.

Who speaks is part of the shape: an imperative, "you can/should", "the assistant should", "the user
wants/prefers", "I want/prefer/'d like". "I use metric at work" (a habit) or "Tom says ..." match
none of them. Questions, hedges, conditions, plans, one-offs ("this one", "today") and additions
("also", "too") are refused by word before any reading (`refused`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.lexicon.tech import TECH_ALIASES, TECH_NAMES
from festinger.core.contradiction.text.normalise import expand_contractions

__all__ = ["DOTTED_DATE_RE", "Reading", "read_setting", "refused", "setting_words", "stem", "words"]


@dataclass(frozen=True)
class Reading:
    """One instruction clause."""

    topic: str  # a setting's kind ("units", "tone", ...) or "do" for a behaviour
    key: tuple[str, ...]  # a behaviour's stemmed object; () for a setting
    target: tuple[str, ...]  # a behaviour's target other than the replies ("commit messages"); ()
    on: bool  # the value is asked for / the behaviour is done (False: "don't", "no", "stop")
    values: frozenset[str]  # a setting's canonical values asked for; empty for a behaviour
    standing: bool  # said as a standing rule (imperative, "should", key line), not only allowed ("is fine")
    old: frozenset[str]  # a setting's values denied or left ("instead of Python", "drop the formal tone")
    surface: frozenset[str]  # the words of the setting's values as written ("short", "imperial")
    weak: bool = False  # a description ("the units are metric", "the limit is 100 words"): needs the old value named
    when: str = ""  # a behaviour's time ("at 8am"): another time is another instruction


# Closed values of each setting, canonical form after the colon. Tone and length compare by group.
_VALUES: dict[str, dict[str, str]] = {
    "units": {"metric": "metric", "imperial": "imperial", "si": "metric"},
    "temperature": {"celsius": "c", "centigrade": "c", "fahrenheit": "f"},
    "time format": {"12-hour": "12", "12h": "12", "am/pm": "12", "24-hour": "24", "24h": "24", "military": "24"},
    "spelling": {"british": "uk", "american": "us"},
    "tone": {w: "formal" for w in "formal professional businesslike".split()}
    | {w: "casual" for w in "casual informal relaxed conversational laid-back chatty".split()},
    "length": {w: "short" for w in "short shorter brief briefer concise terse succinct compact".split()}
    | {w: "long" for w in "long longer detailed in-depth thorough comprehensive verbose elaborate lengthy".split()},
}
_PROGRAMMING = frozenset(
    "python rust go java kotlin scala swift ruby php perl lua julia haskell elixir erlang clojure dart c c++ c# "
    "javascript typescript bash powershell zig ocaml".split()) & TECH_NAMES
# Nouns that name each setting (or its default target, the replies): "units", "dates", "examples".
_REPLIES = frozenset("replies reply answers answer responses response".split())
_REPLIES_PLURAL = frozenset("replies answers responses".split())
_NOUNS: dict[str, frozenset[str]] = {
    "units": frozenset("units unit measurements measurement system".split()),
    "temperature": frozenset("temperatures temperature degrees".split()),
    "time format": frozenset("time times format clock".split()),
    "date format": frozenset("dates date format".split()),
    "spelling": frozenset("spelling english".split()),
    "tone": frozenset("tone voice register".split()),
    "length": frozenset("length limit max maximum words word explanations under most".split()) | _REPLIES,
    "reply language": frozenset("language respond".split()) | _REPLIES,
    "example language": frozenset("examples code snippets samples".split()),
}
# Words any setting clause may hold: the instruction's frame, politeness, change and emphasis.
_FRAME = frozenset(
    "please pls use using switch change set keep stick stay be is are give write reply respond answer talk speak "
    "to in into for with as of the a an all your me from now on going forward onwards always default user "
    "assistant i want wants would like prefer prefers should must let us go let's instead rather than not drop "
    "more bit and fine okay ok good thanks can up you show stop".split())
# A setting clause must name its setting (a noun of `_NOUNS`) unless its value cannot be anything else
# and it is said as an instruction ("use metric", "switch to Celsius", "be formal"): "I prefer Python"
# is a taste, "the user is German" a nationality.
_SELF_NAMED = frozenset({"units", "temperature", "date format", "time format"})
_ORDER_VERBS = frozenset("use switch be stay keep".split())
# A single thing: "the answer", "the temperature", "the date" is one answer, not the setting.
_ONE_THING = frozenset("answer reply response temperature date time example explanation snippet".split())
_ONE_THING_DETS = frozenset("the a an this that your".split())
# "is/are" may only follow the setting's own noun ("the limit is", "tone is") or allow ("is fine").
_COPULA = frozenset("is are am".split())
_INSTRUCTING = frozenset("use switch change set keep stick stay be give write reply respond answer talk speak show "
                         "want wants prefer prefers would like should must let drop always".split())
_DATE_RE = re.compile(r"^(?:dd?|mm?|yy(?:yy)?)(?:[/._-](?:dd?|mm?|yy(?:yy)?)){2}$")
# "DD.MM.YYYY" is written "DD_MM_YYYY" before the sentence splitter sees it (it would end a sentence at "DD.")
DOTTED_DATE_RE = re.compile(r"\b([dmy]{1,4})\.([dmy]{1,4})\.([dmy]{1,4})\b", re.I)
_NUMBER_RE = re.compile(r"^(\d{1,5})(?:-words?)?$")
_TOKEN_RE = re.compile(r"[a-z0-9][a-z0-9+#/._'-]*")

# Words that make a clause say something else than a standing instruction of the user's: a question
# mark is checked apart. One-offs and scopes, additions, hedges, conditions, plans and the past,
# other people and other agents, reported speech.
_REFUSED = frozenset(
    "this these that those one today tonight tomorrow yesterday session thread conversation only except "
    "also too either another additionally if when whenever unless once while until after otherwise case "
    "maybe perhaps possibly probably might could will shall think thinking considering consider wonder sure "
    "soon later next last used was were been had did ago back starting started "
    "says said say told tell tells asked "
    "he she they him her his hers their them its we our agent agents bot bots subagent subordinate "
    "manager boss team client clients colleague wife husband partner mom dad daughter son friend friends".split())
# "too much", "too long": a degree, not an addition ("too" after a thing added is refused)
_TOO_DEGREE = frozenset("much many long short little few often formal casual brief detailed".split())
# Refused only in a setting clause ("ask before ..." is a behaviour's own word).
_SETTING_ONLY_REFUSED = frozenset("ask asking first".split())


_WOULD_RE = re.compile(r"\b(i|we|you)'d\b")


def words(clause: str) -> list[str]:
    """The clause's lower-case words, contractions spelled out ("don't" -> "do not")."""
    text = expand_contractions(clause.lower().replace("\u2019", "'"))
    text = _WOULD_RE.sub(r"\1 would", text.replace("let's", "let us"))
    return [t.rstrip(".'") for t in _TOKEN_RE.findall(text)]


def refused(clause: str) -> bool:
    """Whether the clause holds a word or mark no standing instruction of the user's holds."""
    if any(mark in clause for mark in ("?", '"', "\u201c", "`")) or "user's" in clause.lower():
        return True
    ws = words(clause)
    return any(w in _REFUSED and not (w == "too" and ws[n + 1:n + 2] and ws[n + 1] in _TOO_DEGREE)
               for n, w in enumerate(ws)) or ("you" in ws and ws.index("you") > 0 and ws[ws.index("you") - 1]
                                              in ("can", "could", "would", "will", "do", "should"))


def stem(word: str) -> str:
    """A crude stem, the same on both sides: "running" / "run", "emojis" / "emoji", "swearing" / "swear"."""
    w = word.lower()
    if w.endswith("ing") and len(w) > 5:
        w = w[:-3]
        if len(w) > 2 and w[-1] == w[-2] and w[-1] not in "ls":
            w = w[:-1]
    elif w.endswith("ies") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith("s") and not w.endswith("ss") and len(w) > 3:
        w = w[:-1]
    return w[:-1] if w.endswith("e") and len(w) > 3 else w


def _value_of(word: str) -> tuple[str, str] | None:
    for topic, table in _VALUES.items():
        if word in table:
            return topic, table[word]
    if _DATE_RE.match(word):
        # the order of the fields is the format: "DD/MM/YYYY", "DD.MM.YYYY" and "D/M/YYYY" are one
        return "date format", "".join(dict.fromkeys(ch for ch in word if ch in "dmy")).upper()
    if word in lx.LANGUAGES:
        return "reply language", lx.LANGUAGE_FAMILY.get(word, word)
    canon = TECH_ALIASES.get(word, word)
    if canon in _PROGRAMMING and word not in ("go", "c", "r"):  # "go ahead", "plan c"
        return "example language", canon
    return None


def setting_words(ws: list[str]) -> list[tuple[int, str, str]] | None:
    """The (position, kind, value) of every setting value in the words, or None when there is none.
    "Go" counts only as "in Go" / "Go examples" ("go ahead" is a verb)."""
    found: list[tuple[int, str, str]] = []
    for n, w in enumerate(ws):
        if w in ("long", "longer") and n > 0 and ws[n - 1] in ("no", "as", "how", "so"):
            continue  # "no longer", "as long as"
        if w == "english" and n > 0 and ws[n - 1] in _VALUES["spelling"]:
            continue  # "British English": the spelling, not the language
        v = _value_of(w)
        if v is None and w in ("go", "c") and (n > 0 and ws[n - 1] in ("in", "to", "use") or n + 1 < len(ws)
                                               and ws[n + 1] in ("examples", "code", "snippets")):
            v = ("example language", w)
        if v is None and _NUMBER_RE.match(w) and (n + 1 < len(ws) and ws[n + 1] in ("words", "word")
                                                  or w.endswith(("-word", "-words"))):
            v = ("length", "words:" + _NUMBER_RE.match(w).group(1))
        if v is not None:
            found.append((n, *v))
    return found or None


_LEADS = frozenset("please always".split())
_ACTS = frozenset("reply respond answer write speak talk".split())
_WISHES = frozenset("want wants prefer prefers like".split())
_SPEAKS_AS = frozenset("want wants prefer prefers would".split())  # "I like metric" is a taste
_SEEN = frozenset("be have get see receive".split())


def _reply_language_named(ws: list[str]) -> bool:
    """"Replies in German", "Reply in German" (said to the assistant), "Reply language: German" (a key
    line); never "the user prefers to speak German" or "I'd like to reply in German" (the user's own
    acts), nor a bare "Language: German" (the user's own language as often as the replies')."""
    if _REPLIES_PLURAL & set(ws) or ws[1:2] == ["language"] and ws[0] in ("reply", "response", "answer"):
        return True
    lead = [w for w in ws if w not in _LEADS]
    return bool(lead) and lead[0] in _ACTS


def _names_setting(ws: list[str], kind: str) -> bool:
    for n, w in enumerate(ws[:-1]):
        if w in _WISHES and ws[n + 1] == "to" and ws[n + 2:n + 3] and ws[n + 2] not in _SEEN:
            return False  # "the user prefers to write in German", "I'd like to use metric at home": the user's acts
    if kind == "reply language":
        return _reply_language_named(ws)
    if kind == "spelling":  # "I prefer American English" is a taste; "American spelling", "write in British English"
        return "spelling" in ws or bool({"use", "write", "switch"} & set(ws))
    if any(w in _NOUNS[kind] for w in ws if kind != "length" or w not in ("limit", "max", "maximum", "words", "word",
                                                                            "under", "most")):
        return True
    if kind == "length":
        return "limit" in ws and "is" in ws  # "the limit is 100 words": weak, the old value must be named
    said = bool((_ORDER_VERBS | {"fine", "okay"}) & set(ws)) and "prefer" not in ws
    return kind in _SELF_NAMED or kind == "tone" and said


_LEAVING = frozenset("drop stop no never not".split())  # a value after these is left, not asked for


def read_setting(ws: list[str], found: list[tuple[int, str, str]], named: str = "") -> Reading | None:
    """A setting clause: one kind of value, every other word accounted for. `named` is the setting
    another clause of the same memory names ("Don't use Python for examples anymore, use Go")."""
    kinds = {k for _, k, _ in found}
    if len(kinds) != 1:
        return None
    kind = kinds.pop()
    at = {n for n, _, _ in found}
    for n, w in enumerate(ws):
        if n in at or w in _FRAME or w in _NOUNS[kind] or w in _REPLIES or w in ("no", "not", "do", "never"):
            continue
        if kind == "length" and (w in ("words", "word") or w.isdigit()):
            continue
        if kind == "tone" and w in ("friendly", "warm", "polite", "tone"):
            continue  # "friendly and casual": a word of the tone beside the one that sets it
        return None
    if any(w in _SETTING_ONLY_REFUSED for w in ws) or not (kind == named or _names_setting(ws, kind)):
        return None
    for n, w in enumerate(ws):
        if n > 0 and (w in _ONE_THING and ws[n - 1] in _ONE_THING_DETS or w in _REPLIES_PLURAL and ws[n - 1] == "the"):
            return None  # "give me the answer in metric", "the answers in English": these answers
        if w == "me" and n > 0 and ws[n - 1] in ("give", "show", "tell", "send") and "always" not in ws:
            return None  # "give me metric units": a request, not a rule
        if w in _COPULA and not (n > 0 and ws[n - 1] in _NOUNS[kind] or ws[n + 1:n + 2] in (["fine"], ["okay"])):
            return None  # "the user is German", "the user's language is English": a description
    # "I" and "the user" speak only as a wish ("I want", "I'd like", "the user prefers"): "I use metric"
    # is a habit, "the user answers in German" the user's own replies
    for n, w in enumerate(ws):
        if w in ("i", "user") and (n + 1 >= len(ws) or ws[n + 1] not in _SPEAKS_AS):
            return None
    if kind == "reply language" and not all(
            ws[n - 1:n] and ws[n - 1] in ("in", "into", "to", "language", "use")
            or ws[n + 1:n + 2] and ws[n + 1] in _REPLIES
            for n, _, _ in found):
        return None  # "polish your answers", "German is my native language": a language said as a reply's
    new: set[str] = set()
    old: set[str] = set()
    for n, _, value in found:
        before = ws[max(0, n - 4):n]
        if before[-2:] in (["instead", "of"], ["rather", "than"]) or before[-1:] == ["than"] or (
                _LEAVING & set(before)):
            old.add(value)  # "instead of Python", "drop the formal tone", "don't use imperial", "not 200"
        else:
            new.add(value)
    allowed_only = "fine" in ws or ws[-1] in ("okay", "ok", "good")
    surface = frozenset(ws[n] for n, _, _ in found)
    weak = not allowed_only and bool(_COPULA & set(ws))
    # "concise answers" and "detailed explanations" may both hold: the length of which
    target = tuple(sorted({"explanations" if w.startswith("explanation") else "replies" for w in ws
                           if w in _REPLIES or w.startswith("explanation")})) if kind == "length" else ()
    # said as an instruction (a verb: "use", "switch to", "reply", "I want", "should"); a bare "Tone: casual"
    # or "Code examples in Rust" is a note with no owner, which replaces nothing unless said as a change
    standing = not allowed_only and bool(_INSTRUCTING & set(ws))
    return Reading(kind, (), target, bool(new), frozenset(new), standing, frozenset(old), surface, weak)
