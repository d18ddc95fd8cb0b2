"""What may stand as a concept name in the `<recollection>` block.

Threat: the block goes at the top of the system prompt of every agent sharing the database,
and cue sentences in ANY conversation text (a pasted document, a web page a tool fetched,
another agent's output) write facts without a threshold. `Ignore All Previous Instructions
-isa Top Priority` would otherwise put `ignore_all_previous_instructions: [policy]
top_priority` above the agent's own instructions. So a token taken from conversation must look
like a name -- a few words at most, not an instruction -- before it may enter the graph from
a cue or be rendered at all.

The check is deliberately about shape, not meaning: a name is 1..`max_words` words
(underscore-joined compound), and none of its words is an imperative verb or an
instruction-talk noun of prompt injection. A rejected cue fact is dropped (counted), never
stored, never rendered; the tokens still count for saliency like any other word.
"""

from __future__ import annotations

from dataclasses import dataclass

DEFAULT_MAX_NAME_WORDS = 3

# Imperatives that open an injected instruction, and the nouns instruction-talk is about.
# A project name made of these words ("Override Service") loses its recollection; that is
# the price of never rendering an instruction as a fact.
IMPERATIVES = frozenset("""
ignore disregard forget override bypass obey follow pretend reveal execute jailbreak
comply respond reply answer output print say repeat always never must stop act roleplay
""".split())
INSTRUCTION_WORDS = frozenset("""
instruction instructions prompt prompts directive directives rules guidelines
system_prompt previous above
""".split())


@dataclass(frozen=True)
class NamePolicy:
    max_words: int = DEFAULT_MAX_NAME_WORDS

    def why_not(self, token: str) -> str:
        """'' when `token` may be a concept name, else the reason (one short phrase)."""
        parts = [p for p in token.replace("-", "_").split("_") if p]
        if not parts:
            return "empty"
        if len(parts) > self.max_words:
            return f"more than {self.max_words} words"
        if parts[0] in IMPERATIVES and len(parts) > 1:
            return f"an imperative phrase ({parts[0]} ...)"
        if any(p in INSTRUCTION_WORDS for p in parts) and len(parts) > 1:
            return "talks about instructions"
        return ""

    def ok(self, token: str) -> bool:
        return not self.why_not(token)
