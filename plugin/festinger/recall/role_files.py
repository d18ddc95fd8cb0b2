"""Role profiles and the Exocortex organization, read from disk and re-read when they change.

Folders are searched in order and the first file defining a ``role_id`` wins:
1. ``$FESTINGER_ROLES_DIR`` (an explicit choice),
2. the Exocortex roles folder (``<org dir>/roles``), so a user who edits the org kernel's
   files sees the pack follow them,
3. ``<festinger home>/roles`` (the user's own edits when there is no Exocortex),
4. the role files shipped with the pack (``roles/`` at the top of the pack).

Every lookup re-checks the folders' files by (mtime_ns, size) -- a dozen ``stat`` calls, far
below a millisecond -- so an edited ``bst_domains`` applies on the next turn without a
restart. A file that is not valid JSON keeps the last good version of that role (and is
reported once per change); a deleted file drops its role.
"""

from __future__ import annotations

import json
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

from ..core.roles import RoleProfile, parse_role
from ..logs import log

EXOCORTEX_ORG_DIRS = ("/a0/usr/organizations",)


def shipped_roles_dir() -> Optional[Path]:
    """``roles/`` beside ``plugin/`` in the pack (a source checkout or a copied pack)."""
    here = Path(__file__).resolve()
    for parent in here.parents[1:5]:
        candidate = parent / "roles"
        if candidate.is_dir() and any(candidate.glob("*.json")):
            return candidate
    return None


def exocortex_org_dir() -> Optional[Path]:
    env = os.environ.get("FESTINGER_ORG_DIR")
    candidates = [Path(env)] if env else []
    candidates += [Path(p) for p in EXOCORTEX_ORG_DIRS] + [Path.cwd() / "usr" / "organizations"]
    for c in candidates:
        if c.is_dir():
            return c
    return None


def default_role_dirs(home: Optional[Path] = None) -> list[Path]:
    dirs: list[Path] = []
    env = os.environ.get("FESTINGER_ROLES_DIR")
    if env:
        dirs.append(Path(env))
    org = exocortex_org_dir()
    if org is not None:
        dirs.append(org / "roles")
    if home is not None:
        dirs.append(Path(home) / "roles")
    shipped = shipped_roles_dir()
    if shipped is not None:
        dirs.append(shipped)
    return dirs


@dataclass
class _Entry:
    stamp: tuple[int, int]
    role: Optional[RoleProfile]


class RoleFiles:
    """The roles of a list of folders plus the active organization file, always current."""

    def __init__(self, dirs: Sequence[Path], org_file: Optional[Path] = None) -> None:
        self.dirs = [Path(d) for d in dirs]
        self.org_file = Path(org_file) if org_file else None
        self._lock = threading.Lock()
        self._files: dict[Path, _Entry] = {}
        self._org: tuple[Optional[tuple[int, int]], Optional[dict]] = (None, None)
        self.errors: list[str] = []

    @classmethod
    def default(cls, home: Optional[Path] = None) -> "RoleFiles":
        org_dir = exocortex_org_dir()
        return cls(default_role_dirs(home), org_dir / "active.json" if org_dir else None)

    @staticmethod
    def _stamp(path: Path) -> Optional[tuple[int, int]]:
        try:
            st = path.stat()
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_size)

    def _read(self, path: Path, previous: Optional[RoleProfile]) -> Optional[RoleProfile]:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            msg = f"role file {path}: {exc}; keeping the last good version"
            self.errors.append(msg)
            log.warning("%s", msg)
            return previous
        role = parse_role(data)
        if role is None:
            msg = f"role file {path}: no role_id; ignored"
            self.errors.append(msg)
            log.warning("%s", msg)
        return role

    def _scan(self, folder: Path) -> list[Path]:
        try:
            return sorted(p for p in folder.iterdir() if p.suffix == ".json" and p.is_file())
        except OSError:
            return []

    def roles(self) -> dict[str, RoleProfile]:
        """``{role_id: RoleProfile}`` as the files are now."""
        with self._lock:
            out: dict[str, RoleProfile] = {}
            seen: set[Path] = set()
            for folder in self.dirs:
                for path in self._scan(folder):
                    seen.add(path)
                    stamp = self._stamp(path)
                    if stamp is None:
                        continue
                    entry = self._files.get(path)
                    if entry is None or entry.stamp != stamp:
                        entry = _Entry(stamp, self._read(path, entry.role if entry else None))
                        self._files[path] = entry
                    if entry.role is not None and entry.role.role_id not in out:
                        out[entry.role.role_id] = entry.role
            for gone in set(self._files) - seen:
                del self._files[gone]
            return out

    def organization(self) -> Optional[dict]:
        """The active Exocortex organization (``active.json``), or None when there is none."""
        if self.org_file is None:
            return None
        with self._lock:
            stamp = self._stamp(self.org_file)
            if stamp is None:
                self._org = (None, None)
                return None
            if self._org[0] == stamp:
                return self._org[1]
            try:
                data = json.loads(self.org_file.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                log.warning("organization file %s: %s", self.org_file, exc)
                data = self._org[1]  # keep the last good one while the user edits
            if not isinstance(data, dict):
                data = None
            self._org = (stamp, data)
            return data
