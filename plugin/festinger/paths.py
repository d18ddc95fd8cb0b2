"""Where Festinger keeps its data, decided once per process.

Inside Agent Zero the data lives next to the user's memories (``usr/festinger/``), so it is
kept in the same volume and survives container rebuilds. Elsewhere it follows XDG. Running as
root outside Agent Zero we use ``/var/lib/festinger``: the embedded PostgreSQL wheel makes
every parent of its data folder world-traversable when run as root, which is harmless there
but not for ``/root``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Optional


def agent_zero_root() -> Optional[Path]:
    """The Agent Zero checkout this process runs in, if any (never imports Agent Zero)."""
    agent_mod = sys.modules.get("agent")
    candidates = []
    if agent_mod is not None and getattr(agent_mod, "__file__", None):
        candidates.append(Path(agent_mod.__file__).resolve().parent)
    candidates.append(Path.cwd())
    for root in candidates:
        if (root / "agent.py").is_file() and (
            (root / "python" / "helpers" / "extension.py").is_file()
            or (root / "helpers" / "extension.py").is_file()
        ):
            return root
    return None


def default_home() -> Path:
    a0 = agent_zero_root()
    if a0 is not None:
        return a0 / "usr" / "festinger"
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        return Path("/var/lib/festinger")
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "festinger"


def resolve_home(configured: Optional[str] = None) -> Path:
    """FESTINGER_HOME wins, then the config's ``home``, then the default location."""
    env = os.environ.get("FESTINGER_HOME")
    chosen = env or configured
    return Path(chosen).expanduser().resolve() if chosen else default_home()
