"""Which heading, lead line or bullet parent each line of a memory sits under (pure logic).

"Staging:\\n- The API port is 8081" does not say what the API port is; it says what it is on
staging. Every line under a markdown heading, under a line ending in ":" ("Staging:", "For the
staging environment:", "When offline:"), under a bullet with deeper bullets, or under a plain line
directly followed by a list, carries that scope, and the comparer only compares statements of the
same scope. Code blocks, block quotes and tables assert nothing and are dropped. A neutral label
("Note:", "Update:", "# Facts") scopes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.text.normalise import strip_correction_lead

__all__ = ["CHANGE_NOTE_RE", "UNREAD_NOTE_RE", "Line", "MAX_LINES", "lead_sentence_label", "scoped_lines"]

MAX_LINES = 64
_HEADING_RE = re.compile(r"^(#{1,6})\s+(.*)$")
_BULLET_RE = re.compile(r"^(?:[-*+\u2022]|\d{1,3}[.)]|\(?[a-z][.)])\s+")
_EMPHASIS_ONLY_RE = re.compile(r"^(?:\*\*|__)([^*_]{1,80})(?:\*\*|__):?$")
_BRACKET_ONLY_RE = re.compile(r"^\[([^\[\]]{1,60})\]:?$")  # "[staging]", as in INI files
_HTML_HEADING_RE = re.compile(r"^<h[1-6][^>]{0,40}>([^<]{1,80})</h[1-6]>$", re.I)
_SETEXT_RE = re.compile(r"^(?:={3,}|-{3,})$")  # the underline of a "Staging\n=======" heading
_SENTENCE_END_RE = re.compile(r"[.!?;]$")
_LABEL_WORD_RE = re.compile(r"^[\w./&+'-]+$")
# Labels that name no scope: leading ones are stripped, the line keeps its meaning.
NEUTRAL_LABELS = frozenset((
    "note", "notes", "nb", "fyi", "important", "reminder", "summary", "fact", "facts", "key facts", "memory",
    "memories", "info", "information", "details", "context", "update", "updates", "updated", "correction",
    "corrected", "user", "user info", "user facts", "about the user", "profile", "user profile", "current facts",
))
# A label holding one of these reports news, it names no place or environment ("Reorg news:").
NEUTRAL_WORDS = frozenset("update updates news correction corrections fyi reminder recap summary latest".split())
# "<something> arranged:" reports that something happened; "Password protected:" still scopes.
EVENT_PARTICIPLES = frozenset(
    "arranged renewed confirmed approved booked rescheduled changed moved done finished completed signed agreed "
    "decided granted accepted settled sorted fixed updated".split())
NEWS_WORDS = frozenset("change changes fix outcome".split())  # "School change:", "Cost review outcome:"
NEWS_PREFIX = "news:"
# What a news label may say besides its topic: "Quick update:", "One more correction:".
_NEWS_FILLERS = frozenset(
    "quick small big short brief little important new recent another one more final the a an of "
    "from to about on for this my our".split())
# A lead clause of the user's that announces what follows as a change: "I switched jobs: ...".
ANNOUNCING = frozenset(
    "switched changed moved relocated left quit joined started upgraded migrated updated corrected confirmed "
    "got bought sold renamed promoted transferred married divorced retired graduated".split())
_MAX_LABEL_WORDS = 6

# A key-value line's trailing note that announces the value as new: "(moved last month)",
# "(joined in March)", "(replaced the ThinkPad)", "(switched from VS Code)".
# It opens with the verb (the user's own change, affirmed: never "not yet moved", "partner moved") and
# carries no scope, limit, undoing or second clause ("switched on the server", "moved briefly", "back since").
CHANGE_NOTE_RE = re.compile(
    r"\s*\((?:(?:just|recently)\s+)?(?:moved|joined|replaced|switched|changed|upgraded|migrated)\b(?![^()]*(?:[,;]|n't|"
    r"\b(?:for|during|trying|testing|also|too|side|not|never|yet|back|again|while|when|until|till|only|except|briefly|temporarily|"
    r"partly|partially|locally|internally|(?:on|at|in|inside|within)\s+(?:the|my|our|their|his|her|a|an|this|that|one|some|work|home))\b))[^()]{0,60}\)$", re.I)
# A note that speaks of a change but is no such announcement: the line states no plain fact.
UNREAD_NOTE_RE = re.compile(r"\([^()]*\b(?:moved|joined|replaced|switched|changed|upgraded|migrated)\b[^()]*\)", re.I)


@dataclass(frozen=True)
class Line:
    text: str  # the line without its list marker
    scope: str  # "" when nothing scopes it, else e.g. "staging" or "servers/staging"


@dataclass
class _Lead:
    level: int
    label: str
    bullet: bool


def _indent(raw: str) -> int:
    return len(raw) - len(raw.lstrip(" \t")) + raw[: len(raw) - len(raw.lstrip(" \t"))].count("\t") * 3


def normalise_label(text: str) -> str:
    """"For the staging environment" -> "staging"; "" for a neutral or unusable label."""
    words = [w.strip("*_`\"'()[]") for w in text.lower().rstrip(":").split()]
    words = [w for w in words if w]
    while words and words[0] in ("for", "in", "on", "at", "under", "with", "within", "inside", "during",
                                        "the", "a", "an", "our", "my", "your", "this"):
        words = words[1:]
    while words and words[-1] in ("environment", "environments", "env", "section", "setup", "settings"):
        words = words[:-1]
    label = " ".join(words)
    if not label or label in NEUTRAL_LABELS:
        return ""
    if any(w in NEUTRAL_WORDS for w in words):
        # "Update:" and "Quick update:" scope nothing; "Staging update:" is news about staging, so
        # the staging port under it is still staging's (the user's own facts read through it).
        words = [w for w in words if w not in NEUTRAL_WORDS and w not in _NEWS_FILLERS]
        topic = normalise_label(" ".join(words)).removeprefix(NEWS_PREFIX) if words else ""
        return NEWS_PREFIX + topic if topic else ""
    if len(words) >= 2 and (words[-1] in EVENT_PARTICIPLES or any(w in NEWS_WORDS for w in words)):
        # "Late checkout arranged", "Lease renewed": news, but "Staging changed" still names staging;
        # the statement parser drops it only before the user's own facts.
        return NEWS_PREFIX + label
    return label


def _as_lead(content: str) -> str | None:
    """The label when the whole line is a lead ("Staging:", "**Staging**", "[staging]", "STAGING")."""
    m = _EMPHASIS_ONLY_RE.match(content) or _BRACKET_ONLY_RE.match(content) or _HTML_HEADING_RE.match(content)
    if m:
        return m.group(1)
    words = content.split()
    if 0 < len(words) <= 4 and content.isupper() and not _SENTENCE_END_RE.search(content):
        return content  # "STAGING", "EU REGION"
    if content.endswith(":") and len(content.split()) <= 12:
        return content[:-1]
    return None


def _inline_label(content: str) -> tuple[str, str] | None:
    """("staging", "the API port is 8081") for "Staging: the API port is 8081"."""
    idx = content.find(": ")
    if idx <= 0:
        return None
    label = content[:idx].strip("*_ ")
    words = label.split()
    if not words or len(words) > _MAX_LABEL_WORDS or not all(_LABEL_WORD_RE.match(w) for w in words):
        return None
    low = [w.lower() for w in words]
    # "The user corrected this: ..." / "User said: ..." are frames the statement parser reads.
    if low[0] in ("user's", "my") or low[:2] == ["the", "user's"]:
        return None  # "User's city: Leipzig" is a key and its value, read by the statement parser
    if low[0] in ("user", "the", "i", "my") and any(
            w in lx.REPORTING_VERBS or w in lx.CORRECTION_REPORTING for w in low) or low == ["user"]:
        return None
    if len(low) > 1 and (low[0] == "i" or low[0] == "user" or low[:2] == ["the", "user"]):
        if any(w in ANNOUNCING for w in low):
            return "", content[idx + 2:]  # "I switched jobs: I now work at Adyen": a clause, not a scope
        # "I imagine:", "The user joked:", "The user told the scammer:": what follows is said, not
        # stated; only a lead that announces a change passes its clause through.
        return label, content[idx + 2:]
    return label, content[idx + 2:]


def scoped_lines(text: str) -> list[Line]:
    """The lines of a memory that may hold statements, each with its scope."""
    raw_lines = text.split("\n")
    out: list[Line] = []
    headings: list[tuple[int, str]] = []  # (level, label) of the enclosing markdown headings
    leads: list[_Lead] = []
    fenced = False
    after_blank = False
    lead_waiting = False  # the last lead line has no line under it yet ("Sandbox:\n\nThe ...")
    for n, raw in enumerate(raw_lines):
        if len(out) >= MAX_LINES:
            break
        stripped = raw.strip()
        if stripped.startswith(("```", "~~~")):
            fenced = not fenced
            continue
        if fenced or stripped.startswith((">", "|")) or raw.startswith(("    ", "\t")) and not _BULLET_RE.match(stripped):
            # Code, quotes and tables are what someone else wrote or printed, not what is true.
            if not stripped:
                after_blank = True
            continue
        if not stripped:
            after_blank = True
            continue
        heading = _HEADING_RE.match(stripped)
        if heading is None and _is_label_line(raw_lines, n, stripped):
            # "Staging\n=======" (setext), or a short verbless line over the lines it names
            heading = _HEADING_RE.match("###### " + stripped.rstrip(":"))
        if _SETEXT_RE.match(stripped):
            continue
        if heading:
            level = len(heading.group(1))
            headings = [h for h in headings if h[0] < level] + [(level, normalise_label(heading.group(2)))]
            leads = []
            lead_waiting = False
            after_blank = False
            continue
        level = _indent(raw)
        marker = _BULLET_RE.match(stripped)
        bullet = marker is not None
        content = stripped[marker.end():].strip() if marker else stripped
        # Leave the scopes this line is no longer under.
        while leads:
            top = leads[-1]
            if level > top.level:
                break
            if level == top.level and bullet and not top.bullet:
                break  # "Staging:\n- a\n- b": the list belongs to the lead line above it
            if level == top.level and not bullet and not top.bullet and (not after_blank or lead_waiting):
                break  # "Staging:\nThe API port is 8081.\nThe DB is ..." until a blank line
            leads.pop()
        after_blank = False
        lead = _as_lead(content)
        scope = "/".join(x for x in [h[1] for h in headings] + [ld.label for ld in leads] if x)
        if lead is not None:
            leads.append(_Lead(level, normalise_label(lead), bullet))
            lead_waiting = True
            continue
        lead_waiting = False
        inline = _inline_label(content)
        if inline is not None and normalise_label(inline[0]):
            content = inline[1]
            scope = "/".join(x for x in (scope, normalise_label(inline[0])) if x)
        elif inline is not None and not strip_correction_lead(content)[1]:
            content = inline[1]  # "Note: ..." scopes nothing; "Correction: ..." stays for the parser
        out.append(Line(content, scope))
        if _parents_next(raw_lines, n, level, bullet):
            # A bullet with deeper bullets, or a plain line directly followed by a list, scopes them.
            leads.append(_Lead(level, normalise_label(content) or "item", bullet))
    return out


_VERBISH = frozenset("is are am was were be has have uses use runs run lives works prefers likes".split())


def _is_label_line(raw_lines: list[str], n: int, stripped: str) -> bool:
    """A setext heading, or a short line without a verb or a full stop above more text."""
    nxt = raw_lines[n + 1].strip() if n + 1 < len(raw_lines) else ""
    if not nxt or _BULLET_RE.match(stripped):
        return False
    if _SETEXT_RE.match(nxt):
        return True
    words = stripped.split()
    return (len(words) <= 4 and not _SENTENCE_END_RE.search(stripped) and not _BULLET_RE.match(nxt)
            and not any(w.lower() in _VERBISH for w in words))


def _parents_next(raw_lines: list[str], n: int, level: int, bullet: bool) -> bool:
    if n + 1 >= len(raw_lines):
        return False
    nxt = raw_lines[n + 1]
    if not nxt.strip():
        return False
    nxt_level = _indent(nxt)
    nxt_bullet = _BULLET_RE.match(nxt.strip()) is not None
    if nxt_level > level:
        return True
    return not bullet and nxt_bullet and nxt_level == level


_LEAD_SENTENCE_MAX_WORDS = 6


def lead_sentence_label(sentence: str) -> str:
    """"Work laptop.", "Desktop setup, 2nd machine.", "User's work laptop.": a short first sentence
    without a verb names what the memory's later sentences are about, exactly as "Work laptop:"
    does. "" for anything else: a clause ("User set up a home server."), news ("Migration
    done."), a neutral label ("Update."), a question or an exclamation."""
    text = sentence.strip()
    if not text.endswith(".") or text.endswith(".."):
        return ""
    words = [w.strip(".,;:!?()\"'*_").lower() for w in text.split()]
    words = [w for w in words if w]
    if not words or len(words) > _LEAD_SENTENCE_MAX_WORDS or words[0] in ("user", "i", "we", "you") or (
            words[:2] == ["the", "user"]):
        return ""  # "User set up a home server.": the user's own clause, whatever its verb
    if any(w in _VERBISH or w in ANNOUNCING or w in EVENT_PARTICIPLES or (len(w) > 3 and w.endswith("ed"))
           for w in words):
        return ""
    return normalise_label(text.rstrip(". "))


def names_a_change(part: str) -> bool:
    """Whether a news label is only the change event it reports ("Reorg news:", "Migration update:"):
    then it does not scope the update under it, exactly as "After the reorg, ..." does not. A label
    that names a thing the change was made to ("CDN change:", "Docs repo change:") still scopes it."""
    words = part[len(NEWS_PREFIX):].split() if part.startswith(NEWS_PREFIX) else []
    return len(words) == 1 and words[0].rstrip("s") in lx.CHANGE_EVENT_NOUNS
