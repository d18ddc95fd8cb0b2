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

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Tuple

from . import MANIFEST_FORMAT, MANIFEST_REL, MANIFEST_SCHEMA, PLUGIN_NAME, PROTECTED_REL
from .layout import PLUGIN, Layout, Refusal

PACK = "pack"
USER_DATA = "user_data"

# Operations on one path.
MKDIR = "mkdir"
CREATE = "create"
REPLACE = "replace"
REMOVE = "remove"
SAME = "same"  # already installed, identical
KEEP = "keep"  # a file that stays as the user has it


@dataclass(frozen=True)
class Source:
    """One file the pack ships, at its destination under the Agent Zero root."""

    dest: str
    content: bytes
    mode: int
    kind: str  # PACK or USER_DATA
    origin: str  # where it comes from, for messages

    @property
    def sha256(self) -> str:
        return sha256_bytes(self.content)


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


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(str(path), "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


# ----------------------------------------------------------------------------- the repo

def _skip_name(name: str) -> bool:
    return name.startswith(".") or name == "__pycache__" or name.endswith((".pyc", ".pyo"))


def _files_under(folder: Path, recursive: bool, suffix: str = "") -> List[Path]:
    if not folder.is_dir():
        return []
    found = []
    walker = folder.rglob("*") if recursive else folder.iterdir()
    for p in sorted(walker):
        rel_parts = p.relative_to(folder).parts
        if any(_skip_name(part) for part in rel_parts):
            continue
        if p.is_file() and p.name.endswith(suffix):
            found.append(p)
    return found


def read_pyproject(repo: Path) -> Dict[str, str]:
    """name, version and description of the pack (tomllib when there, a small parser before 3.11)."""
    text = (repo / "pyproject.toml").read_text(encoding="utf-8")
    try:
        import tomllib  # type: ignore[import-not-found]

        project = tomllib.loads(text).get("project", {})
        return {k: str(project.get(k, "")) for k in ("name", "version", "description")}
    except ImportError:
        pass
    section = re.search(r"^\[project\]\s*$(.*?)(?=^\[|\Z)", text, re.M | re.S)
    body = section.group(1) if section else ""
    out = {}
    for key in ("name", "version", "description"):
        m = re.search(r'^%s\s*=\s*"((?:[^"\\]|\\.)*)"' % key, body, re.M)
        out[key] = json.loads('"%s"' % m.group(1)) if m else ""
    return out


def fingerprint(repo: Path) -> str:
    """Identifies the Python code pip would install, so an unchanged pack is not reinstalled."""
    h = hashlib.sha256()
    paths = [repo / "pyproject.toml"] + _files_under(repo / "plugin" / "festinger", True)
    for p in paths:
        if p.is_file():
            h.update(p.relative_to(repo).as_posix().encode() + b"\0")
            h.update(p.read_bytes() + b"\0")
    return h.hexdigest()


def yaml_from_mapping(data: Dict[str, object], header: str = "") -> str:
    """A flat settings mapping as block YAML. JSON scalars and flow lists are valid YAML, so each
    value is written as JSON, which keeps strings like "0 2 * * *" or "no" from changing type."""
    lines = ["# " + line for line in header.splitlines()] if header else []
    for key, value in data.items():
        if key.startswith("_"):
            continue  # comments in the JSON file
        if not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", key):
            raise ValueError("setting name %r cannot be a plain YAML key" % key)
        lines.append("%s: %s" % (key, json.dumps(value, ensure_ascii=False)))
    return "\n".join(lines) + "\n"


PLUGIN_TITLE = "Festinger memory"


def plugin_yaml(meta: Dict[str, str]) -> str:
    """Agent Zero v1.x's plugin.yaml (its PluginMetadata: name, title, description, version,
    settings_sections, per_project_config, per_agent_config, always_enabled), generated from
    pyproject.toml so the version shown in Agent Zero is the version installed. The settings
    live in the agent section; one configuration for every project and agent."""
    return yaml_from_mapping({
        "name": PLUGIN_NAME,
        "title": PLUGIN_TITLE,
        "description": meta.get("description", ""),
        "version": meta.get("version", ""),
        "settings_sections": ["agent"],
        "per_project_config": False,
        "per_agent_config": False,
    }, "Generated by the Festinger installer from pyproject.toml.")


def gather_sources(repo: Path, layout: Layout, notes: Optional[List[str]] = None) -> List[Source]:
    """Every file the pack puts into this layout, read from the repo now (other parts of the pack
    add files over time, so nothing here lists them by name)."""
    notes = notes if notes is not None else []
    out: List[Source] = []
    seen: Dict[str, str] = {}

    def add(dest: str, path: Optional[Path], kind: str, content: Optional[bytes] = None,
            origin: str = "") -> None:
        if path is not None:
            content = path.read_bytes()
            origin = path.relative_to(repo).as_posix()
            mode = path.stat().st_mode & 0o777 | 0o644
        else:
            mode = 0o644
        if dest in seen:  # an explicit file in plugin/agent-zero/ wins over the generic source
            notes.append("%s: using %s, not %s" % (dest, seen[dest], origin))
            return
        seen[dest] = origin
        out.append(Source(dest, content or b"", mode, kind, origin))

    a0_src = repo / "plugin" / "agent-zero"
    hooks_root = repo / "extensions"
    hook_files = [(h.name, f) for h in sorted(hooks_root.iterdir()) if h.is_dir()
                  and not _skip_name(h.name) for f in _files_under(h, False, ".py")] \
        if hooks_root.is_dir() else []
    config_json = repo / "configs" / "festinger.json"

    if layout.kind == PLUGIN:
        for f in _files_under(a0_src, True):
            add("%s/%s" % (layout.plugin_dir, f.relative_to(a0_src).as_posix()), f, PACK)
        for hook, f in hook_files:
            add("%s/%s" % (layout.hook_dir(hook), f.name), f, PACK)
        # The admin page's script and style are the very files `festinger serve` uses.
        static = repo / "plugin" / "festinger" / "web" / "static"
        for name in ("admin.js", "admin.css"):
            if (static / name).is_file():
                add("%s/webui/%s" % (layout.plugin_dir, name), static / name, PACK)
        if not (a0_src / "plugin.yaml").is_file():
            add(layout.plugin_dir + "/plugin.yaml", None, PACK,
                plugin_yaml(read_pyproject(repo)).encode(), "generated from pyproject.toml")
        if not (a0_src / "default_config.yaml").is_file() and config_json.is_file():
            data = json.loads(config_json.read_text(encoding="utf-8"))
            text = yaml_from_mapping(data, "Festinger defaults (from configs/festinger.json). "
                                     "Change settings in Agent Zero's plugin settings, which\n"
                                     "saves config.json beside this file.")
            add(layout.plugin_dir + "/default_config.yaml", None, PACK, text.encode(),
                "generated from configs/festinger.json")
    else:
        for hook, f in hook_files:
            add("%s/%s" % (layout.hook_dir(hook), f.name), f, PACK)
        for f in _files_under(a0_src / "tools", False, ".py"):
            add("%s/%s" % (layout.tools_dir, f.name), f, PACK)
        for f in _files_under(a0_src / "prompts", False):
            add("%s/%s" % (layout.prompts_dir, f.name), f, PACK)
        skipped = [d for d in ("api", "webui") if _files_under(a0_src / d, True)]
        if skipped:
            notes.append("%s: only the plugin layout (Agent Zero v1.x) loads these; skipped"
                         % ", ".join(d + "/" for d in skipped))
        if config_json.is_file():
            add(layout.legacy_config, config_json, USER_DATA)

    # The wording the model reads (festinger.*.md): in Agent Zero's prompt folder, where a
    # user's edit overrides the built-in copy in the package and survives reinstalls.
    for f in _files_under(repo / "plugin" / "festinger" / "prompts", False, ".md"):
        add("%s/%s" % (layout.prompts_dir, f.name), f, PACK)
    for f in _files_under(repo / "roles", False, ".json"):
        add("%s/%s" % (layout.roles_dir, f.name), f, USER_DATA)
    return out


# ----------------------------------------------------------------------------- the tree

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
