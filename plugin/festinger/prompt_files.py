"""The wording the model reads (recall blocks, recollection notes), from prompt files.

Agent Zero's convention: prompt text lives in ``*.md`` files that a user overrides by putting
a file of the same name earlier on Agent Zero's prompt search path (``get_paths(agent,
"prompts")``: an agent profile's ``prompts/``, ``usr/prompts/`` on the legacy layout, an
enabled plugin's ``prompts/`` on v1.x; the installer puts the pack's files in the last two,
where a user's edit survives reinstalls). With an agent, the text comes from
``agent.read_prompt`` and so from that path; without one (the shared concept graph, the CLI,
the proxy) from the folders the installer writes them to, under the working directory (Agent
Zero runs from its root): ``usr/plugins/festinger/prompts/`` (v1.x), ``usr/prompts/`` (legacy).
Failing both, from the built-in copy shipped in ``festinger/prompts/``. Placeholders are
``{{name}}``, as in Agent Zero's own files.
"""

from __future__ import annotations

import time
from functools import lru_cache
from pathlib import Path
from typing import Any, Optional

from .core.trust import RecallWording
from .logs import log

BUILTIN_DIR = Path(__file__).resolve().parent / "prompts"

RECALL_MEMORIES_HEADER = "festinger.recall.memories_header.md"
RECALL_SOLUTIONS_HEADER = "festinger.recall.solutions_header.md"
RECALL_GUIDANCE = "festinger.recall.guidance.md"
RECALL_SOLUTIONS_GUIDANCE = "festinger.recall.solutions_guidance.md"
RECOLLECTION_PENDING_NOTE = "festinger.recollection.pending_note.md"
RECOLLECTION_ZERO_HIT = "festinger.recollection.zero_hit.md"


@lru_cache(maxsize=None)
def builtin(name: str) -> str:
    """The shipped text of one prompt file (read once per process)."""
    return (BUILTIN_DIR / name).read_text(encoding="utf-8").strip()


# Where the installer puts the pack's prompt files, relative to Agent Zero's root.
INSTALLED_DIRS = ("usr/plugins/festinger/prompts", "usr/prompts")


def _installed_copy(name: str, root: Optional[Path] = None) -> Optional[str]:
    base = root if root is not None else Path.cwd()
    for rel in INSTALLED_DIRS:
        path = base / rel / name
        try:
            if path.is_file():
                text = path.read_text(encoding="utf-8").strip()
                if text:
                    return text
        except (OSError, UnicodeDecodeError) as exc:
            log.debug("prompt %s: %s: %s", path, type(exc).__name__, exc)
    return None


# How long an agent keeps a prompt file's text before asking Agent Zero again. Why: Agent
# Zero resolves a prompt by walking its profile, plugin and usr folders on every call (about
# 1-3 ms on v1.7), and the recall block reads four files every turn; measured on real v1.7,
# that walk was the largest part of the pack's own time per turn. A user's edit shows within
# this many seconds.
PROMPT_TTL_SECONDS = 10.0
_CACHE_ATTR = "_festinger_prompt_cache"


def read(name: str, agent: Any = None, root: Optional[Path] = None) -> str:
    """Agent Zero's version of a prompt file when the agent finds one (kept on the agent for
    ``PROMPT_TTL_SECONDS``); without an agent, the installed copy under Agent Zero's root
    (``root``, default: the working directory); else the built-in."""
    reader = getattr(agent, "read_prompt", None) if agent is not None else None
    if not callable(reader):
        return _installed_copy(name, root) or builtin(name)
    cache = getattr(agent, _CACHE_ATTR, None)
    if not isinstance(cache, dict):
        cache = {}
        try:
            setattr(agent, _CACHE_ATTR, cache)
        except Exception:  # an agent that takes no attributes: read every time
            pass
    now = time.monotonic()
    hit = cache.get(name)
    if hit is not None and now - hit[0] < PROMPT_TTL_SECONDS:
        return hit[1]
    text = builtin(name)
    try:
        found = reader(name)
        if isinstance(found, str) and found.strip():
            text = found.strip()
    except Exception as exc:  # not on its path (a hand copy), or unreadable: built-in
        log.debug("prompt %s from Agent Zero: %s: %s", name, type(exc).__name__, exc)
    cache[name] = (now, text)
    return text


def fill(template: str, **values: str) -> str:
    """``{{name}}`` placeholders replaced (Agent Zero's syntax); unknown ones stay."""
    for key, value in values.items():
        template = template.replace("{{" + key + "}}", value)
    return template


def recall_wording(agent: Any = None) -> RecallWording:
    return RecallWording(
        memories_header=read(RECALL_MEMORIES_HEADER, agent),
        solutions_header=read(RECALL_SOLUTIONS_HEADER, agent),
        guidance=read(RECALL_GUIDANCE, agent),
        solutions_guidance=read(RECALL_SOLUTIONS_GUIDANCE, agent))


def recollection_pending_note(agent: Optional[Any] = None) -> str:
    return read(RECOLLECTION_PENDING_NOTE, agent)


def recollection_zero_hit_lines(agent: Optional[Any] = None) -> tuple[str, ...]:
    """The zero-hit instruction, one template per line (``{{concept}}``, ``{{command}}``)."""
    return tuple(line for line in read(RECOLLECTION_ZERO_HIT, agent).splitlines() if line.strip())
