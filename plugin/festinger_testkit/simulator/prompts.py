"""Prompt templates of the simulated install and ``{{name}}`` rendering.

``agent.read_prompt(file, **kw)`` looks for ``file`` in the runtime's prompt folders
(``<root>/usr/prompts``, ``<root>/prompts`` and any added), then in the built-in
templates below, and raises FileNotFoundError otherwise (A0 raises too). The built-ins
are written for the simulator: same file names as Agent Zero and the same headings where a
pack could detect them, but not Agent Zero's text. The utility-model system prompts start
with a ``[sim:<purpose>]`` tag so the scripted utility model knows what it is asked.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterable, Optional

from .agent import stringify_content

PURPOSE_FRAGMENTS = "memorize_fragments"
PURPOSE_SOLUTIONS = "memorize_solutions"
PURPOSE_KEYWORDS = "consolidation_keywords"
PURPOSE_CONSOLIDATION = "consolidation"
PURPOSE_RECALL_QUERY = "recall_query"
PURPOSE_RECALL_FILTER = "recall_filter"


def tag(purpose: str) -> str:
    return f"[sim:{purpose}]"


BUILTIN: dict[str, str] = {
    "agent.system.main.md": "You are a simulated Agent Zero agent. Answer with one JSON tool call.",
    "agent.system.memories.md": (
        "# Memories on the topic\n"
        "- recalled automatically from long-term memory\n"
        "- they may be outdated or unrelated, weigh them accordingly\n\n{{memories}}"
    ),
    "agent.system.solutions.md": (
        "# Solutions from the past\n"
        "- recalled solutions of earlier, similar problems\n"
        "- they may not fit the current problem, weigh them accordingly\n\n{{solutions}}"
    ),
    "memory.recall_delay_msg.md": (
        "Note: memory recall runs in delayed mode; recalled memories arrive with the next "
        "message. Use the memory tools for an immediate lookup."
    ),
    "agent.context.extras.md": "[EXTRAS]\n{{extras}}",
    "fw.memory_saved.md": "Memory saved with id {{memory_id}}",
    "fw.memories_deleted.md": "{{memory_count}} memories deleted",
    "fw.memories_not_found.md": "No memories found for query: {{query}}",
    "fw.msg_misformat.md": "Your reply was not a valid JSON tool request. Reply with one JSON object.",
    "fw.msg_repeat.md": "You repeated your previous message. Do something different.",
    "fw.msg_critical_error.md": "A critical error occurred: {{error_message}}",
    "fw.tool_not_found.md": "Tool '{{tool_name}}' not found.",
    "memory.memories_sum.sys.md": tag(PURPOSE_FRAGMENTS) + " Extract facts worth remembering from the conversation as a JSON list of strings.",
    "memory.solutions_sum.sys.md": tag(PURPOSE_SOLUTIONS) + " Extract successful solutions as a JSON list of {problem, solution} objects.",
    "memory.keyword_extraction.sys.md": tag(PURPOSE_KEYWORDS) + " Return a JSON list of search queries for the memory.",
    "memory.consolidation.sys.md": tag(PURPOSE_CONSOLIDATION) + " Decide how the new memory relates to the similar ones; answer a JSON object.",
    "memory.memories_query.sys.md": tag(PURPOSE_RECALL_QUERY) + " Write a short memory search query for the conversation.",
    "memory.memories_filter.sys.md": tag(PURPOSE_RECALL_FILTER) + " Return a JSON list of the indexes of relevant memories.",
    "memory.memories_query.msg.md": "# Message\n{{message}}\n\n# History\n{{history}}",
    "memory.memories_filter.msg.md": "# Memories\n{{memories}}\n\n# Message\n{{message}}\n\n# History\n{{history}}",
}

_PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")


def render(template: str, **kwargs: Any) -> str:
    def substitute(match: "re.Match[str]") -> str:
        name = match.group(1)
        return stringify_content(kwargs[name]) if name in kwargs else match.group(0)

    return _PLACEHOLDER.sub(substitute, template)


def purpose_of(system: str) -> Optional[str]:
    match = re.match(r"\s*\[sim:([a-z_]+)\]", system or "")
    return match.group(1) if match else None


class PromptLibrary:
    def __init__(self, folders: Iterable[Path] = (), overrides: Optional[dict[str, str]] = None) -> None:
        self.folders = [Path(f) for f in folders]
        self.overrides = dict(overrides or {})

    def template(self, name: str) -> str:
        if name in self.overrides:
            return self.overrides[name]
        for folder in self.folders:
            path = folder / name
            if path.is_file():
                return path.read_text(encoding="utf-8")
        if name in BUILTIN:
            return BUILTIN[name]
        raise FileNotFoundError(f"prompt file not found: {name}")

    def render(self, name: str, **kwargs: Any) -> str:
        return render(self.template(name), **kwargs)
