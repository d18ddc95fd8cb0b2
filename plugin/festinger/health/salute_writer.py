"""The pack's own SALUTE report, for installs without the Exocortex org kernel.

With the org kernel the dispatcher (``before_main_llm_call/_12_org_dispatcher.py``) emits
the reports and copies ``agent._memory_health`` into them; the pack only publishes that
attribute. Without it, nobody reports, so the pack writes a report of the same schema to
``usr/organizations/reports/festinger_latest.json`` (plus a timestamped copy in
``reports/archive/``, as the dispatcher does) every ``salute_interval_turns`` turns and at
once when the health changes.

This module reads the agent the way the dispatcher does (BST belief state, tool failure
tracker, context window) so the two reports agree where they overlap; every read is
defensive, as any of those layers may be missing.
"""

from __future__ import annotations

import json
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Mapping, Optional

from ..a0 import agent_state
from ..fsutil import atomic_write_text
from ..core.health import Assessment, SaluteInputs, salute_report
from ..paths import agent_zero_root

REPORT_NAME = "festinger_latest.json"
ARCHIVE_PREFIX = "festinger_"
ARCHIVE_KEEP_SECONDS = 3600   # the org kernel spec: archive copies older than an hour may go
ARCHIVE_KEEP_MIN = 10
DISPATCHER_FILE = "_12_org_dispatcher.py"


def organizations_dir(home: Path) -> Path:
    """``usr/organizations`` of the Agent Zero install, or ``$FESTINGER_HOME/organizations``."""
    root = agent_zero_root()
    if root is not None:
        return root / "usr" / "organizations"
    return Path(home) / "organizations"


def dispatcher_installed(a0_root: Optional[Path]) -> bool:
    if a0_root is None:
        return False
    for folder in ("python/extensions/before_main_llm_call", "usr/extensions/before_main_llm_call",
                   "usr/extensions/python/before_main_llm_call"):
        if (a0_root / folder / DISPATCHER_FILE).is_file():
            return True
    return False


def org_kernel_active(agent: Any, org_dir: Path, a0_root: Optional[Path]) -> bool:
    """Is the Exocortex dispatcher reporting for this agent?

    It reports only while ``active.json`` exists. Then either the agent shows it ran (it
    sets ``agent._org_active`` on every turn with an organization; we run at _11_, before
    it, so we see the previous turn's) or, on the first turn, its file is installed.
    Deleting ``active.json`` hands reporting back to the pack at the next turn.
    """
    if not (org_dir / "active.json").is_file():
        return False
    return bool(agent_state.get_attr(agent, "_org_active")) or dispatcher_installed(a0_root)


# --- reading the agent ------------------------------------------------------------------------

def _bst_domain(agent: Any) -> str:
    return agent_state.bst_domain(agent) or ""


def _get_data(agent: Any, key: str) -> Any:
    return agent_state.get_data(agent, key)


def _tool_failures(agent: Any) -> tuple[int, int]:
    failures = _get_data(agent, "_tool_failures")
    if not isinstance(failures, Mapping):
        return 0, 0
    consecutive = failures.get("consecutive") or {}
    try:
        worst = max((int(v) for v in consecutive.values()), default=0)
    except (TypeError, ValueError, AttributeError):
        worst = 0
    history = failures.get("history")
    return worst, len(history) if isinstance(history, list) else 0


def _context(agent: Any, loop_data: Any) -> tuple[int, float, int]:
    params = getattr(loop_data, "params_temporary", None)
    params = params if isinstance(params, Mapping) else {}
    tokens = params.get("context_token_count") or 0
    fill = params.get("context_utilization") or 0.0
    window = _get_data(agent, "ctx_window")
    if not tokens and isinstance(window, Mapping):
        tokens = window.get("tokens") or 0
    size = _get_data(agent, "context_window_size") or 0
    try:
        tokens, fill, size = int(tokens), float(fill), int(size)
    except (TypeError, ValueError):
        return 0, 0.0, 0
    if not fill and tokens and size:
        fill = tokens / size
    return tokens, fill, size


def _model_name(agent: Any) -> str:
    try:
        model = getattr(agent.config, "chat_model", None)
        if model is None:
            return ""
        name = getattr(model, "name", None)
        provider = getattr(model, "provider", None)
        if isinstance(name, str) and name:
            return f"{provider}/{name}" if isinstance(provider, str) and provider else name
        return str(model)
    except Exception:
        return ""


def _gpu_available() -> Optional[bool]:
    """Only asked when torch is already loaded: importing it for a report costs seconds."""
    torch = sys.modules.get("torch")
    if torch is None:
        return None
    try:
        return bool(torch.cuda.is_available())
    except Exception:
        return None


def gather_inputs(agent: Any, loop_data: Any, memory_health: Mapping[str, Any],
                  assessment: Assessment, turns_elapsed: int,
                  now: Optional[datetime] = None) -> SaluteInputs:
    now = now or datetime.now(timezone.utc)
    tokens, fill, size = _context(agent, loop_data)
    worst, total = _tool_failures(agent)
    started = getattr(getattr(agent, "context", None), "created_at", None)
    task_started, elapsed = None, 0.0
    if isinstance(started, datetime):
        if started.tzinfo is None:
            started = started.astimezone()
        task_started = started.isoformat()
        elapsed = max(0.0, (now - started).total_seconds())
    tool = getattr(loop_data, "current_tool", None)
    profile = agent_state.profile(agent) or ""
    number = getattr(agent, "number", 0)
    return SaluteInputs(
        now=now, memory_health=memory_health, assessment=assessment,
        agent_number=number if isinstance(number, int) else 0,
        role_name=str(profile), bst_domain=_bst_domain(agent),
        current_tool=str(getattr(tool, "name", "") or ""),
        turns_elapsed=turns_elapsed, task_started=task_started, elapsed_seconds=elapsed,
        model=_model_name(agent), context_fill_pct=fill, context_tokens_used=tokens,
        context_tokens_max=size, gpu_available=_gpu_available(),
        tool_failures_consecutive=worst, tool_failures_total=total)


# --- writing ----------------------------------------------------------------------------------

def _atomic_write_json(path: Path, data: Any) -> None:
    atomic_write_text(path, json.dumps(data, indent=2, ensure_ascii=False, default=str) + "\n")

def _prune_archive(archive: Path, now: float) -> None:
    try:
        ours = sorted(archive.glob(f"{ARCHIVE_PREFIX}*.json"), key=lambda p: p.name)
    except OSError:
        return
    for path in ours[:-ARCHIVE_KEEP_MIN]:
        try:
            if now - path.stat().st_mtime > ARCHIVE_KEEP_SECONDS:
                path.unlink()
        except OSError:
            pass


def write_report(org_dir: Path, report: Mapping[str, Any]) -> Path:
    """Write ``reports/festinger_latest.json`` and an archive copy; returns the latest path."""
    reports = Path(org_dir) / "reports"
    latest = reports / REPORT_NAME
    _atomic_write_json(latest, report)
    archive = reports / "archive"
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d_%H%M%S_%f")
    _atomic_write_json(archive / f"{ARCHIVE_PREFIX}{stamp}.json", report)
    _prune_archive(archive, time.time())
    return latest


def build_report(agent: Any, loop_data: Any, memory_health: Mapping[str, Any],
                 assessment: Assessment, turns_elapsed: int) -> dict[str, Any]:
    return salute_report(gather_inputs(agent, loop_data, memory_health, assessment, turns_elapsed))
