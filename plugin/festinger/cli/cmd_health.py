"""festinger health: the latest memory health report (SALUTE format), for an operator.

The running agent writes ``usr/organizations/reports/festinger_latest.json`` every
``salute_interval_turns`` turns when the Exocortex org kernel is absent; with the org kernel
the dispatcher's own ``<role>_latest.json`` carries ``environment.memory_health``, and the
newest such report is shown instead. Exit status: 0 nominal, 1 degraded, 2 no report.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterable, Optional

from ..config import load_config
from ..core.health import is_salute_report
from ..health.salute_writer import REPORT_NAME, organizations_dir
from ..health.state_file import STATE_FILE
from ..paths import resolve_home
from . import UserFacingError
from .common import print_json

DOCKER_REPORTS = Path("/a0/usr/organizations/reports")


def add_arguments(p) -> None:
    p.add_argument("--json", action="store_true", help="print the whole report as JSON")
    p.add_argument("--file", type=Path, help="read this report file instead of looking for one")


def _home() -> Path:
    loaded = load_config(file_path=resolve_home(None) / "config.json")
    return resolve_home(loaded.config.home)


def _load(path: Path) -> Optional[dict]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if is_salute_report(data) else None


def _state_report_path(home: Path) -> Optional[Path]:
    try:
        data = json.loads((home / STATE_FILE).read_text(encoding="utf-8"))
        value = data.get("report_path")
        return Path(value) if isinstance(value, str) and value else None
    except (OSError, ValueError, AttributeError):
        return None


def _report_dirs(home: Path) -> list[Path]:
    dirs = []
    from_state = _state_report_path(home)
    if from_state is not None:
        dirs.append(from_state.parent)
    dirs += [organizations_dir(home) / "reports", home / "organizations" / "reports", DOCKER_REPORTS]
    seen, out = set(), []
    for d in dirs:
        if d not in seen:
            seen.add(d)
            out.append(d)
    return out


def find_report(home: Path) -> tuple[Path, dict]:
    """Ours first; else the newest org-kernel report that carries memory health."""
    dirs = _report_dirs(home)
    for d in dirs:
        data = _load(d / REPORT_NAME)
        if data is not None:
            return d / REPORT_NAME, data
    others: list[tuple[float, Path, dict]] = []
    for d in dirs:
        try:
            candidates: Iterable[Path] = list(d.glob("*_latest.json"))
        except OSError:
            continue
        for path in candidates:
            data = _load(path)
            if data is not None and isinstance(data["environment"].get("memory_health"), dict):
                others.append((path.stat().st_mtime, path, data))
    if others:
        _, path, data = max(others, key=lambda t: t[0])
        return path, data
    looked = ", ".join(str(d) for d in dirs)
    raise UserFacingError(f"no SALUTE report found (looked in {looked}). The agent writes "
                          "one every salute_interval_turns turns once it has run.")


def _ago(timestamp: Any) -> str:
    try:
        then = datetime.fromisoformat(str(timestamp))
        if then.tzinfo is None:
            then = then.astimezone()
        secs = (datetime.now(timezone.utc) - then).total_seconds()
    except ValueError:
        return "at an unknown time"
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if secs >= size:
            return f"{secs / size:.0f}{unit} ago"
    return f"{max(secs, 0):.0f}s ago"


def _pairs(d: Any) -> str:
    if not isinstance(d, dict):
        return "-"
    return ", ".join(f"{k} {v}" for k, v in d.items())


def render(path: Path, report: dict) -> str:
    status = report["status"]
    env = report["environment"]
    mh = env.get("memory_health") or {}
    health = str(status.get("health", "unknown"))
    degradation = mh.get("degradation") if isinstance(mh.get("degradation"), dict) else {}
    reasons = status.get("health_reasons") or degradation.get("reasons") or []
    if degradation.get("health") and health == "nominal":
        health = degradation["health"]  # an org-kernel report: its health is about PACE
    lines = [f"memory health: {health.upper()}  (report {_ago(report['time'].get('timestamp'))}, {path})"]
    lines += [f"  ! {r}" for r in reasons]
    lines.append(f"memories: {mh.get('total_memories', 0)} classified, "
                 f"{mh.get('unclassified', 0)} unclassified, "
                 f"{mh.get('knowledge_documents', 0)} knowledge documents")
    lines.append(f"  validity: {_pairs(mh.get('by_validity'))}")
    lines.append(f"  utility:  {_pairs(mh.get('by_utility'))}")
    lines.append(f"  source:   {_pairs(mh.get('by_source'))}")
    lines.append(f"conflicts resolved this session: {mh.get('conflicts_resolved_this_session', 0)}; "
                 f"last classification run: {mh.get('last_classification_run') or 'none yet'}")
    m = mh.get("maintenance")
    if isinstance(m, dict):
        last = m.get("last_run") or {}
        done = (f"last run {m.get('last_run_at')}: archived {last.get('archived', 0)}, back to "
                f"tactical {last.get('reactivated', 0)}, purged {last.get('purged', 0)}"
                if m.get("last_run_at") else "not run yet")
        lines.append(f"maintenance: cycle {m.get('cycle')}, {done}; next in "
                     f"{m.get('next_run_in_cycles')} cycles")
    g = mh.get("concept_graph")
    if isinstance(g, dict):
        conn = "" if g.get("db_connected", True) else ", DATABASE UNREACHABLE"
        lines.append(f"concept graph: {g.get('concepts')} concepts, {g.get('edges')} edges, "
                     f"{g.get('pending_conflicts')} pending conflicts, last resolution run "
                     f"{g.get('last_resolution_run') or 'never'}{conn}")
    unit = report.get("unit", {})
    lines.append(f"agent {unit.get('agent_number', 0)} ({unit.get('role_id')}), "
                 f"turn {report['time'].get('turns_elapsed')}")
    return "\n".join(lines)


def _is_degraded(report: dict) -> bool:
    if report["status"].get("health") in ("degraded", "critical"):
        return True
    mh = report["environment"].get("memory_health") or {}
    deg = mh.get("degradation") if isinstance(mh, dict) else None
    return isinstance(deg, dict) and deg.get("health") in ("degraded", "critical")


def run(args) -> int:
    if args.file is not None:
        report = _load(args.file)
        if report is None:
            raise UserFacingError(f"{args.file} is not a readable SALUTE report")
        path = args.file
    else:
        path, report = find_report(_home())
    if args.json:
        print_json(report)
    else:
        print(render(path, report))
    return 1 if _is_degraded(report) else 0
