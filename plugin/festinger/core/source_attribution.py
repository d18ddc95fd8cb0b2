"""Whose words is a memory made of: the user's, the agent's or a tool's? (pure)

A memory is attributed to a speaker by how much of the MEMORY's content that speaker's
message covers, never the other way round. The Exocortex classifier asked whether a phrase
of the user's reply appeared in the memory, so a user's "ok do it" made any agent
conclusion containing "do it" user_asserted. Here "ok do it" covers none of the content of
"Decided to refactor the parser into modules" (its words are all function words), so it
cannot lend the user's authority to it.

Coverage is weighted: rare words, names, numbers and paths carry the fact, common words
little. Numbers and versions must match exactly (3.9 is not 3.11); other words match
fuzzily with rapidfuzz (inflections, typos, "Postgres" vs "PostgreSQL"). A memory's
framing ("The user said ...", "Agent decided ...") is ignored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Literal, Optional, Sequence

from rapidfuzz import fuzz, process

Speaker = Literal["user", "agent", "tool"]

# Tools whose output is the agent's own memory or another agent's reasoning, not retrieval.
NON_RETRIEVAL_TOOLS = frozenset({
    "memory_load", "memory_save", "memory_delete", "memory_forget", "response",
    "call_subordinate", "behaviour_adjustment", "input", "wait", "notify_user",
    "scheduler", "a2a_chat",
})

MAX_MESSAGE_CHARS = 20_000   # longer messages (pasted logs) are cut: bounded cost per memory
MAX_MEMORY_TOKENS = 200      # attribution reads the first 200 content words of a memory
FUZZY_CUTOFF = 85.0          # rapidfuzz ratio for two words to count as the same word

_TOKEN = re.compile(r"[^\W_]+(?:[.'’/\-:@+#][^\W_]+)*", re.UNICODE)
_URL = re.compile(r"\bhttps?://[^\s<>\"')\]]+|\bwww\.[^\s<>\"')\]]+", re.I)

STOPWORDS = frozenset("""
a an the and or but if of to in on at by for with from as into onto about over under than then
so too very just also only even still yet not no nor is am are was were be been being it its
this that these those there here i me my mine you your yours he him his she her hers we us our
ours they them their theirs what which who whom whose how when where why can could will would
should shall may might must do does did doing done has have had having get got gets getting
let lets ok okay yes yeah yep sure please thanks thank go going went now all any some each
every both either neither one ones s t ll re ve d m
""".split())

# How summaries frame a memory ("The user stated that ...", "Agent decided to ...").
FRAMING = frozenset("""
user user's users users' agent agent's assistant assistant's ai model human person mentioned
mention mentions said says say stated states state told tell tells asked asks ask wants want
wanted wanting requested requests request prefers prefer preferred noted note notes
confirmed confirms confirm indicated indicates explained explains informed decided decides
believes believe thinks think provided provides shared shares specified specifies clarified
clarifies reported reports remembered remember memory memories information info fact facts
corrected corrects correcting correction emphasized emphasised highlighted insisted asserted
asserts claimed claims reminded announced pointed
""".split())


@dataclass(frozen=True)
class ContextMessage:
    """One message of the monologue that produced a memory."""

    speaker: Speaker
    text: str
    tool_name: Optional[str] = None

    @property
    def is_retrieval(self) -> bool:
        return self.speaker == "tool" and (self.tool_name or "") not in NON_RETRIEVAL_TOOLS


def _normalize_token(tok: str) -> str:
    tok = tok.lower().replace("’", "'")
    if tok.endswith("'s"):
        tok = tok[:-2]
    return tok.strip("'")


_DIGIT = re.compile(r"\d")


def has_digit(tok: str) -> bool:
    return _DIGIT.search(tok) is not None  # one C-level scan: tokens of a paste may be 10k chars


def _stem(tok: str) -> str:
    """A crude suffix strip: enough to make uses/used/using and deploys/deployed meet."""
    if has_digit(tok) or len(tok) <= 4:
        return tok
    for suffix in ("ingly", "edly", "ing", "ies", "ied", "ed", "es", "ly", "s"):
        if tok.endswith(suffix) and len(tok) - len(suffix) >= 3:
            return tok[: -len(suffix)]
    return tok


def tokens(text: str) -> list[str]:
    """Normalized words of a text (URLs kept whole)."""
    out = [u.lower().rstrip(".,;:") for u in _URL.findall(text)]
    rest = _URL.sub(" ", text)
    out.extend(t for t in (_normalize_token(m) for m in _TOKEN.findall(rest)) if t)
    return out


def content_tokens(text: str) -> list[str]:
    """The words of a memory that carry its content (no function words, no framing)."""
    return [t for t in tokens(text) if t not in STOPWORDS and t not in FRAMING]


@lru_cache(maxsize=65536)
def token_weight(tok: str) -> float:
    """How much a word says: numbers, paths and rare words a lot, everyday words little."""
    if has_digit(tok) or any(ch in tok for ch in "./:@#+") or "-" in tok:
        return 2.5
    try:
        from wordfreq import zipf_frequency

        zipf = zipf_frequency(tok, "en")
    except Exception:  # wordfreq missing or its data unreadable: every word counts the same
        return 1.0
    return max(0.25, min(2.0, (7.0 - zipf) / 2.5))


# A monologue's history is mostly the history of the one before it (the conversation so far):
# a message's words are prepared once per distinct text, not once per monologue.
PREPARED_TEXTS_KEPT = 2048


@lru_cache(maxsize=PREPARED_TEXTS_KEPT)
def _prepared(text: str) -> tuple[frozenset[str], frozenset[str], tuple[str, ...]]:
    """(words, their stems, the words that may match fuzzily) of one message's text."""
    words = frozenset(tokens(text))
    # Only digit-free words can match fuzzily: versions and numbers must be exact.
    return words, frozenset(_stem(w) for w in words), tuple(w for w in words if len(w) >= 4 and not has_digit(w))


class IndexedMessage:
    """A context message with its words prepared for coverage lookups."""

    __slots__ = ("message", "words", "stems", "vocab")

    def __init__(self, message: ContextMessage) -> None:
        self.message = message
        self.words, self.stems, self.vocab = _prepared(message.text[:MAX_MESSAGE_CHARS])

    def covers(self, tok: str) -> bool:
        if tok in self.words or _stem(tok) in self.stems:
            return True
        if has_digit(tok) or len(tok) < 4 or not self.vocab:
            return False
        return process.extractOne(tok, self.vocab, scorer=fuzz.ratio,
                                  score_cutoff=FUZZY_CUTOFF) is not None


class MessageIndex:
    """All messages of one monologue, indexed once and reused for every memory it produced."""

    def __init__(self, messages: Iterable[ContextMessage]) -> None:
        self.messages = [IndexedMessage(m) for m in messages if m.text and m.text.strip()]

    def of(self, speaker: Speaker) -> list[IndexedMessage]:
        return [m for m in self.messages if m.message.speaker == speaker]


def coverage(memory_tokens: Sequence[str], message: IndexedMessage) -> float:
    """Weighted share (0..100) of the memory's content words that the message contains."""
    total = covered = 0.0
    for tok in memory_tokens:
        w = token_weight(tok)
        total += w
        if message.covers(tok):
            covered += w
    return 100.0 * covered / total if total else 0.0


@dataclass(frozen=True)
class Attribution:
    """Who a memory's content came from, with the evidence."""

    speaker: Optional[Speaker]          # None: no message covers it well enough
    user_score: float = 0.0
    agent_score: float = 0.0
    tool_score: float = 0.0
    tool_name: Optional[str] = None
    user_message: Optional[str] = field(default=None, repr=False)  # best-matching user text
    has_url: bool = False
    reason: str = ""


def _best(memory_tokens: Sequence[str], messages: Sequence[IndexedMessage]) -> tuple[float, Optional[IndexedMessage]]:
    best, best_msg = 0.0, None
    for m in messages:
        score = coverage(memory_tokens, m)
        if score > best:
            best, best_msg = score, m
            if best >= 100.0:
                break
    return best, best_msg


def attribute(memory_text: str, index: MessageIndex, threshold: float) -> Attribution:
    """Attribute a memory to the user, a retrieval tool, or nobody (= the agent).

    The user wins when a single user message covers at least ``threshold`` of the memory
    and no agent or tool message covers more: when the agent merely repeats the user, the
    user said it first. A retrieval tool wins when it covers at least ``threshold`` and at
    least as much as the agent's own messages.
    """
    # Only a prefix is read: 200 content words never need more than ~10k characters, and a 100 KB
    # paste must not be tokenised whole just to keep its first 200 words.
    mem_tokens = content_tokens(memory_text[:MAX_MEMORY_TOKENS * 50])[:MAX_MEMORY_TOKENS]
    has_url = bool(_URL.search(memory_text))
    if not mem_tokens:
        return Attribution(None, has_url=has_url, reason="no content words")
    user, user_msg = _best(mem_tokens, index.of("user"))
    agent, _ = _best(mem_tokens, index.of("agent") + [m for m in index.of("tool") if not m.message.is_retrieval])
    tool, tool_msg = _best(mem_tokens, [m for m in index.of("tool") if m.message.is_retrieval])
    tool_name = tool_msg.message.tool_name if tool_msg else None
    common = dict(user_score=round(user, 1), agent_score=round(agent, 1), tool_score=round(tool, 1),
                  tool_name=tool_name, has_url=has_url)
    if user >= threshold and user >= agent and user >= tool:
        return Attribution("user", user_message=user_msg.message.text if user_msg else None,
                           reason=f"user message covers {user:.0f}% of it", **common)
    if tool >= threshold and tool >= agent:
        return Attribution("tool", reason=f"output of tool {tool_name!r} covers {tool:.0f}% of it", **common)
    best = max(user, agent, tool)
    return Attribution(None, reason=f"no message covers {threshold:.0f}% (best {best:.0f}%)", **common)
