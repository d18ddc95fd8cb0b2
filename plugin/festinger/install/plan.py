"""What an install or uninstall has to do, decided before anything is written.

Reads the repo (what the pack ships) and the Agent Zero tree (what is there now, and the
manifest of a previous install); writes nothing. ``apply`` carries the result out.

Ownership rules, so a user never loses an edit:
- pack files (hooks, plugin files, tools, prompts) are created when absent, left alone when
  identical, replaced only when the previous install wrote them and nobody edited them since;
  a different file of the same name that we did not install stops the install (one line).
- user data (roles, the legacy config) is written only where no file of that name exists; an
  existing one is the user's, whatever its content.
- a file identical to ours that was there before the install is not adopted, so uninstall
  leaves it where it was.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, List, Optional, Tuple

from . import MANIFEST_FORMAT, MANIFEST_REL, MANIFEST_SCHEMA, PROTECTED_REL
from .layout import Layout, Refusal
from .sources import PACK, USER_DATA, Source, fingerprint, gather_sources, read_pyproject, sha256_file

# Operations on one path.
MKDIR = "mkdir"
CREATE = "create"
REPLACE = "replace"
REMOVE = "remove"
SAME = "same"  # already installed, identical
KEEP = "keep"  # a file that stays as the user has it


@dataclass(frozen=True)
class Action:
    op: str
    path: str
    source: Optional[Source] = None
    note: str = ""
    kind: str = PACK


@dataclass
class InstallPlan:
    layout: Layout
    pack_version: str
    fingerprint: str
    actions: List[Action]
    manifest_before: Optional[dict]
    notes: List[str] = field(default_factory=list)

    @property
    def changes(self) -> List[Action]:
        return [a for a in self.actions if a.op in (MKDIR, CREATE, REPLACE, REMOVE)]

    def manifest_files(self) -> List[dict]:
        """The manifest's file list after this plan: what we own and must remove on uninstall."""
        out = []
        for a in self.actions:
            if a.op in (CREATE, REPLACE) or (a.op == SAME and a.note == "ours"):
                out.append({"path": a.path, "sha256": a.source.sha256, "kind": a.source.kind,
                            "source": a.source.origin})
            elif a.op == KEEP and a.note.startswith("edited"):
                # still ours to account for; uninstall will see the edit and keep it
                prev = _manifest_entry(self.manifest_before, a.path)
                if prev is not None:
                    out.append(prev)
        return out

    def manifest_dirs(self) -> List[str]:
        before = list((self.manifest_before or {}).get("dirs", []))
        return before + [a.path for a in self.actions if a.op == MKDIR and a.path not in before]


@dataclass
class UninstallPlan:
    layout: Layout
    manifest: dict
    actions: List[Action]  # REMOVE / KEEP of files, then REMOVE of dirs (deepest first)
    notes: List[str] = field(default_factory=list)


def load_manifest(root: Path) -> Optional[dict]:
    path = root / MANIFEST_REL
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise Refusal("%s is unreadable (%s); move it away to reinstall" % (path, exc))
    if not isinstance(data, dict) or data.get("schema") != MANIFEST_SCHEMA:
        raise Refusal("%s is not a Festinger install manifest" % path)
    if data.get("format", 0) > MANIFEST_FORMAT:
        raise Refusal("%s was written by a newer installer (format %s)"
                      % (path, data.get("format")))
    return data


def _manifest_entry(manifest: Optional[dict], rel: str) -> Optional[dict]:
    for entry in (manifest or {}).get("files", []):
        if entry.get("path") == rel:
            return entry
    return None


def _state(root: Path, rel: str) -> Tuple[str, str]:
    """("absent"|"file"|"other", sha256 of a regular file)."""
    p = root / rel
    if p.is_symlink():
        return "other", ""
    if not p.exists():
        return "absent", ""
    if not p.is_file():
        return "other", ""
    return "file", sha256_file(p)


def _missing_dirs(root: Path, rel_dir: str) -> List[str]:
    """The folders on the way to rel_dir that do not exist yet, shallowest first."""
    parts = Path(rel_dir).parts
    missing = []
    for i in range(1, len(parts) + 1):
        sub = "/".join(parts[:i])
        p = root / sub
        if p.is_symlink() or (p.exists() and not p.is_dir()):
            raise Refusal("%s exists and is not a folder; move it away to install" % p)
        if not p.exists():
            missing.append(sub)
    return missing


def plan_install(repo: Path, layout: Layout) -> InstallPlan:
    root = layout.root
    notes: List[str] = []
    manifest = load_manifest(root)
    if manifest and manifest.get("layout") not in (None, layout.kind):
        raise Refusal("%s records a %s-layout install but the tree now has the %s layout "
                      "(Agent Zero was upgraded?); run --uninstall, then install again"
                      % (MANIFEST_REL, manifest["layout"], layout.kind))
    sources = gather_sources(repo, layout, notes)
    actions: List[Action] = []
    mkdirs: List[str] = []
    conflicts: List[str] = []

    def need_dir(rel_dir: str) -> None:
        for d in _missing_dirs(root, rel_dir):
            if d not in mkdirs:
                mkdirs.append(d)

    for src in sources:
        state, sha = _state(root, src.dest)
        prev = _manifest_entry(manifest, src.dest)
        if state == "other":
            conflicts.append(src.dest)
        elif state == "absent":
            need_dir(str(Path(src.dest).parent))
            actions.append(Action(CREATE, src.dest, src, kind=src.kind))
        elif sha == src.sha256:
            actions.append(Action(SAME, src.dest, src, "ours" if prev else "present before",
                                  src.kind))
        elif prev is not None and prev.get("sha256") == sha:
            actions.append(Action(REPLACE, src.dest, src, "new version", src.kind))
        elif prev is not None:
            actions.append(Action(KEEP, src.dest, src, "edited since install: kept your copy",
                                  src.kind))
        elif src.kind == USER_DATA:
            actions.append(Action(KEEP, src.dest, src, "exists: kept yours", src.kind))
        else:
            conflicts.append(src.dest)
    if conflicts:
        raise Refusal("%s exists and was not installed by Festinger%s; move it away to install"
                      % (root / conflicts[0], " (and %d more)" % (len(conflicts) - 1)
                         if len(conflicts) > 1 else ""))

    # Files a previous install wrote that this version no longer ships.
    shipped = {s.dest for s in sources}
    for entry in (manifest or {}).get("files", []):
        rel = entry.get("path", "")
        if rel in shipped or _protected(rel):
            continue
        state, sha = _state(root, rel)
        if state == "file" and sha == entry.get("sha256"):
            actions.append(Action(REMOVE, rel, note="no longer shipped", kind=entry.get("kind", PACK)))
        elif state == "file":
            notes.append("%s is no longer shipped; kept your edited copy" % rel)

    need_dir(str(Path(MANIFEST_REL).parent))
    actions = [Action(MKDIR, d) for d in mkdirs] + actions
    meta = read_pyproject(repo)
    return InstallPlan(layout, meta.get("version", ""), fingerprint(repo), actions, manifest,
                       notes)


def _protected(rel: str) -> bool:
    return any(rel == p or rel.startswith(p + "/") for p in PROTECTED_REL)


def plan_uninstall(layout: Layout) -> UninstallPlan:
    root = layout.root
    manifest = load_manifest(root)
    if manifest is None:
        raise Refusal("Festinger is not installed in %s (no %s)" % (root, MANIFEST_REL))
    actions: List[Action] = []
    notes: List[str] = []
    for entry in manifest.get("files", []):
        rel = entry.get("path", "")
        if not rel or _protected(rel) or rel == MANIFEST_REL:
            continue
        state, sha = _state(root, rel)
        if state == "absent":
            continue
        if state == "file" and sha == entry.get("sha256"):
            actions.append(Action(REMOVE, rel, kind=entry.get("kind", PACK)))
        else:
            actions.append(Action(KEEP, rel, note="changed since install: kept",
                                  kind=entry.get("kind", PACK)))
    dirs = [d for d in manifest.get("dirs", []) if d and not _protected(d)]
    for d in sorted(dirs, key=lambda d: (-len(Path(d).parts), d)):
        actions.append(Action(REMOVE, d, note="dir"))
    return UninstallPlan(layout, manifest, actions, notes)


def describe(actions: Iterable[Action]) -> List[str]:
    """Human lines for a plan (used by --dry-run and the normal output)."""
    words = {MKDIR: "mkdir", CREATE: "create", REPLACE: "update", REMOVE: "remove",
             SAME: "same", KEEP: "keep"}
    lines = []
    for a in actions:
        suffix = "/" if a.op == MKDIR or a.note == "dir" else ""
        note = "" if a.note in ("", "ours", "dir") else "  (%s)" % a.note
        lines.append("  %-7s %s%s%s" % (words[a.op], a.path, suffix, note))
    return lines
