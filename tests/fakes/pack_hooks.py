"""Install some of the pack's real hook files into a simulated Agent Zero's extension folder.

A test of one part (memory, recall, health, recollection) runs the pack's real extension
files for that part only, copied the way a user's install has them; the other parts need
Postgres or a classifier and have their own tests.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Iterable

REPO = Path(__file__).resolve().parents[2]
PACK_EXT = REPO / "extensions"

HookFile = tuple[str, str]  # (Agent Zero hook folder, file name)

MEMORY_HOOK_FILES: tuple[HookFile, ...] = (
    ("monologue_start", "_05_festinger_start.py"),
    ("monologue_end", "_45_festinger_snapshot.py"),
    ("monologue_end", "_55_festinger_classify.py"),
    ("tool_execute_before", "_50_festinger_memory_tools.py"),
    ("tool_execute_after", "_50_festinger_memory_tools.py"),
)
RECALL_HOOK_FILES: tuple[HookFile, ...] = (
    ("monologue_start", "_06_festinger_recall_start.py"),
    ("message_loop_prompts_after", "_51_festinger_recall_takeover.py"),
    ("message_loop_prompts_after", "_95_festinger_recall.py"),
)
HEALTH_HOOK_FILES: tuple[HookFile, ...] = (
    ("before_main_llm_call", "_11_festinger_health.py"),
    ("monologue_end", "_56_festinger_maintenance.py"),
)
RECOLLECTION_HOOK_FILES: tuple[HookFile, ...] = (
    ("message_loop_prompts_after", "_96_festinger_recollection.py"),
)


def install_hook_files(dest: Path, *groups: Iterable[HookFile]) -> Path:
    """Copy the listed pack hook files into ``dest/<hook>/``; returns ``dest``."""
    for group in groups:
        for hook, name in group:
            (dest / hook).mkdir(parents=True, exist_ok=True)
            shutil.copy(PACK_EXT / hook / name, dest / hook / name)
    return dest


def all_pack_hook_files() -> list[HookFile]:
    return sorted((p.parent.name, p.name) for p in PACK_EXT.glob("*/*.py"))
