"""A stand-in for the Exocortex org kernel dispatcher (before_main_llm_call/_12_), for tests.

Our own code, written from reading Stranglehold/Exocortex's ``_12_org_dispatcher.py`` and
ORGANIZATION_KERNEL_SPEC_L3.md, reproducing only the behaviour the pack interoperates with:

* no ``active.json`` in the organizations folder: do nothing at all;
* otherwise set ``agent._org_active``, pick the role whose ``capabilities.bst_domains``
  holds the BST domain (specialists before executives before commanders), set
  ``agent._org_active_role`` (or clear it when no role fits);
* count turns on ``agent._org_turn_counter`` and, every
  ``doctrine.salute_interval_turns`` (default 5) turns, write a SALUTE report to
  ``reports/<role_id>_latest.json`` and ``reports/archive/<role_id>_<ts>.json`` with the
  six sections, copying ``agent._memory_health`` verbatim into
  ``environment.memory_health`` and its ``total_memories`` into
  ``environment.memory_fragments_stored``.

``install(ext_root, org_dir)`` writes the hook file that loads this module by path.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Optional

TYPE_ORDER = {"specialist": 0, "executive": 1, "commander": 2}

HOOK_TEMPLATE = '''\
try:
    from helpers.extension import Extension
except ImportError:
    from python.helpers.extension import Extension
import importlib.util as _u

_spec = _u.spec_from_file_location("exocortex_dispatcher_fixture", {module!r})
_mod = _u.module_from_spec(_spec)
_spec.loader.exec_module(_mod)


class OrgDispatcher(Extension):
    async def execute(self, loop_data=None, **kwargs):
        _mod.dispatch(self.agent, loop_data, {org_dir!r})
'''


def install(ext_root: Path, org_dir: Path) -> Path:
    folder = Path(ext_root) / "before_main_llm_call"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "_12_org_dispatcher.py"
    path.write_text(HOOK_TEMPLATE.format(module=str(Path(__file__).resolve()), org_dir=str(org_dir)))
    return path


def _read(path: Path) -> Optional[dict]:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _domain(agent: Any) -> str:
    store = getattr(agent, "_bst_store", None) or {}
    return (store.get("__bst_belief_state__") or {}).get("domain", "") or ""


def _role_for(org: dict, org_dir: Path, domain: str) -> Optional[dict]:
    if not domain or domain == "conversational":
        return None
    fits = []
    for role_id in (org.get("hierarchy") or {}):
        profile = _read(org_dir / "roles" / f"{role_id}.json")
        if profile and domain in (profile.get("capabilities") or {}).get("bst_domains", []):
            fits.append(profile)
    fits.sort(key=lambda r: TYPE_ORDER.get(r.get("role_type", ""), 3))
    return fits[0] if fits else None


def dispatch(agent: Any, loop_data: Any, org_dir: str) -> None:
    org_dir_p = Path(org_dir)
    org = _read(org_dir_p / "active.json")
    if not org:
        return
    agent._org_active = org
    role = _role_for(org, org_dir_p, _domain(agent))
    if role is None:
        agent._org_active_role = None
        return
    agent._org_active_role = role
    turns = getattr(agent, "_org_turn_counter", 0) + 1
    agent._org_turn_counter = turns
    if turns % (role.get("doctrine") or {}).get("salute_interval_turns", 5) == 0:
        emit(agent, role, org, loop_data, org_dir_p)


def emit(agent: Any, role: dict, org: dict, loop_data: Any, org_dir: Path) -> dict:
    params = getattr(loop_data, "params_temporary", None) or {}
    report = {
        "_schema": "orgkernel:salute_report",
        "_version": "1.0",
        "status": {"state": "active", "progress": 0.0, "pace_level": "primary", "health": "nominal"},
        "activity": {"current_task": _domain(agent) or "idle", "bst_domain": _domain(agent),
                     "htn_plan": "", "htn_step": 0, "htn_total_steps": 0, "current_tool": "",
                     "iterations_on_current_step": 0},
        "location": {"working_directory": "", "files_modified": [], "files_read": [],
                     "resources_claimed": []},
        "unit": {"role_id": role.get("role_id", "unknown"), "role_name": role.get("role_name", ""),
                 "agent_number": getattr(agent, "number", 0),
                 "reports_to": (role.get("chain_of_command") or {}).get("reports_to", ""),
                 "organization": org.get("org_id", "")},
        "time": {"timestamp": datetime.now(timezone.utc).isoformat(), "task_started": None,
                 "elapsed_seconds": 0, "turns_elapsed": getattr(agent, "_org_turn_counter", 0),
                 "turns_since_progress": 0, "context_turns_remaining": None},
        "environment": {"model": "", "context_fill_pct": params.get("context_utilization", 0.0),
                        "context_tokens_used": params.get("context_token_count", 0),
                        "context_tokens_max": 100000, "gpu_available": True,
                        "tool_failures_consecutive": 0, "tool_failures_total": 0,
                        "memory_fragments_stored": 0},
    }
    health = getattr(agent, "_memory_health", None)
    if health:
        report["environment"]["memory_health"] = health
        report["environment"]["memory_fragments_stored"] = health.get("total_memories", 0)
    reports = org_dir / "reports"
    (reports / "archive").mkdir(parents=True, exist_ok=True)
    role_id = report["unit"]["role_id"]
    text = json.dumps(report, indent=2)
    (reports / f"{role_id}_latest.json").write_text(text)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d_%H%M%S_%f")
    (reports / "archive" / f"{role_id}_{stamp}.json").write_text(text)
    return report


def write_org(org_dir: Path, domains: dict[str, list[str]], salute_interval_turns: int = 2) -> None:
    """An organization with one specialist per entry ``role_id -> bst_domains``."""
    (org_dir / "roles").mkdir(parents=True, exist_ok=True)
    (org_dir / "active.json").write_text(json.dumps({
        "_schema": "orgkernel:organization", "org_id": "software_dev",
        "hierarchy": {rid: {} for rid in domains}}))
    for rid, doms in domains.items():
        (org_dir / "roles" / f"{rid}.json").write_text(json.dumps({
            "_schema": "orgkernel:role_profile", "_version": "1.0", "role_id": rid,
            "role_name": rid.replace("_", " ").title(), "role_type": "specialist",
            "chain_of_command": {"reports_to": "engineering_xo"},
            "capabilities": {"bst_domains": doms, "htn_plans": []},
            "doctrine": {"salute_interval_turns": salute_interval_turns}}))
