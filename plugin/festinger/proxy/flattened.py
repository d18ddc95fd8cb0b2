"""Chat messages flattened into one `/api/generate` prompt, and back.

LiteLLM's `ollama` provider (what Agent Zero's "Ollama" chat model uses) does not call
`/api/chat`: it joins the messages into one prompt of `### System:` / `### User:` /
`### Assistant:` sections (litellm `ollama_pt`) and calls `/api/generate`. The proxy reads such
a prompt back into messages, so it gets the same treatment as a chat (latest user message,
system message, loop guard), then writes it out the same way. Splitting and re-joining on the
same separators is lossless, also when a message itself contains such a header line (it then
only shifts which section is taken for the latest user message).
"""

from __future__ import annotations

import re
from typing import Optional

from .messages import Message

_HEAD = re.compile(r"(?:^|\n\n)### (User|System|Assistant):\n")
_ROLE = {"User": "user", "System": "system", "Assistant": "assistant"}
_NAME = {v: k for k, v in _ROLE.items()}


def parse(prompt: str) -> Optional[list[Message]]:
    """The messages of a flattened prompt, or None if it is not one."""
    if not prompt.startswith("### "):
        return None
    heads = list(_HEAD.finditer(prompt))
    if not heads or heads[0].start() != 0:
        return None
    out: list[Message] = []
    for i, h in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(prompt)
        content = prompt[h.end():end]
        if i + 1 == len(heads) and content.endswith("\n\n"):
            content = content[:-2]
        out.append({"role": _ROLE[h.group(1)], "content": content})
    return out


def render(msgs: list[Message]) -> str:
    return "".join(f"### {_NAME.get(str(m.get('role')), 'User')}:\n{m.get('content') or ''}\n\n"
                   for m in msgs)
