"""When the user confirms a memory later (pure, deterministic).

Two ways the spec's "promoted to confirmed if user explicitly validates" happens in a chat:

* an affirmation: the agent said something and the user's next message agrees with it
  ("yes, that's right", "correct", "exactly") -- a memory the agent's message covers is
  confirmed although its words are the agent's;
* a restatement: the user states, in a later memory, what an agent-inferred memory already
  says (same statement, no contradiction) -- the older memory is confirmed.

An affirmation followed by an objection ("yes, but it's 3.11 now") is no affirmation: a
false promotion would let an agent's guess outrank the user's later words.
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

from rapidfuzz import fuzz

from .source_attribution import ContextMessage, MessageIndex, attribute

_AFFIRM = re.compile(
    r"^\s*(?:yes|yep|yeah|yup|correct|right|exactly|indeed|confirmed|absolutely|true|"
    r"that(?:'s| is) (?:right|correct|true)|you(?:'re| are) right|sure is)\b", re.I)
_OBJECTION = re.compile(r"\b(?:but|however|except|although|though|actually|not|no longer|instead)\b", re.I)
MAX_AFFIRMATION_WORDS = 12
RESTATEMENT_RATIO = 85.0   # rapidfuzz token_set_ratio of the two texts


def is_affirmation(text: str) -> bool:
    """A short message that agrees, without an objection in it."""
    words = (text or "").split()
    if not words or len(words) > MAX_AFFIRMATION_WORDS:
        return False
    return bool(_AFFIRM.search(text)) and not _OBJECTION.search(text)


def affirmed_agent_messages(messages: Sequence[ContextMessage]) -> list[str]:
    """The agent messages the user's very next message affirmed."""
    out: list[str] = []
    last_agent: Optional[str] = None
    for m in messages:
        if m.speaker == "agent":
            last_agent = m.text
        elif m.speaker == "user":
            if last_agent and is_affirmation(m.text):
                out.append(last_agent)
            last_agent = None
    return out


def affirmed_by_user(memory_text: str, messages: Sequence[ContextMessage], threshold: float) -> bool:
    """True when an agent message the user affirmed covers the memory (as a user message
    would have to cover a user-asserted one)."""
    affirmed = affirmed_agent_messages(messages)
    if not affirmed:
        return False
    index = MessageIndex(tuple(ContextMessage("user", text) for text in affirmed))
    return attribute(memory_text, index, threshold).speaker == "user"


def restates(existing_text: str, new_text: str) -> bool:
    """The two memories state the same thing (word-set match, case-insensitive)."""
    if not existing_text or not new_text:
        return False
    return fuzz.token_set_ratio(existing_text, new_text, processor=str.lower) >= RESTATEMENT_RATIO


def latest_affirmation(messages: Sequence[ContextMessage]) -> Optional[tuple[str, str]]:
    """(agent message, user message) when the LAST user message affirms the agent message
    right before it -- the agreement made in this monologue, not an earlier one."""
    last_user = max((i for i, m in enumerate(messages) if m.speaker == "user"), default=None)
    if last_user is None or not is_affirmation(messages[last_user].text):
        return None
    for m in reversed(messages[:last_user]):
        if m.speaker == "agent":
            return m.text, messages[last_user].text
        if m.speaker == "user":
            return None
    return None
