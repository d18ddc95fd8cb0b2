"""Carry an install or uninstall plan out, all or nothing, and keep the manifest.

Every change is undoable from memory (files the pack ships are small), so when anything
fails halfway, a write, the pip step or the manifest, the tree is put back byte for byte and
the distributions pip had just added are removed again. A run with nothing to do writes
nothing, not even the manifest, so a second install leaves the tree identical.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Callable, Dict, List, Optional, Tuple

from . import MANIFEST_FORMAT, MANIFEST_REL, MANIFEST_SCHEMA, PLUGIN_NAME
from .files import (Rollback, check_writable, only_bytecode_left, remove_pycache_of, snapshot, unlink_quiet,
                    write_file)
from .pip_step import PipError, PipRunner, added_and_upgraded, normalize, same_interpreter
from .plan import (CREATE, KEEP, MKDIR, REMOVE, REPLACE, InstallPlan, UninstallPlan,
                   describe)

Out = Callable[[str], None]


# ----------------------------------------------------------------------------- manifest

def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S%z")


def build_manifest(plan: InstallPlan, pip_records: List[dict]) -> dict:
    before = plan.manifest_before or {}
    return {
        "schema": MANIFEST_SCHEMA,
        "format": MANIFEST_FORMAT,
        "pack": PLUGIN_NAME,
        "pack_version": plan.pack_version,
        "layout": plan.layout.kind,
        "a0_version": plan.layout.version,
        "installed_at": before.get("installed_at") or _now(),
        "updated_at": _now(),
        "files": plan.manifest_files(),
        "dirs": plan.manifest_dirs(),
        "pip": pip_records,
    }


def manifest_bytes(manifest: dict) -> bytes:
    return (json.dumps(manifest, indent=2, sort_keys=False) + "\n").encode("utf-8")


# ----------------------------------------------------------------------------- install

class PipWork:
    """What the pip step will do this run."""

    def __init__(self, runner: Optional[PipRunner], target: str):
        self.runner = runner
        self.target = target
        self.skip_reason = ""
        self.before: Dict[str, Dict[str, str]] = {}

    @property
    def active(self) -> bool:
        return self.runner is not None and not self.skip_reason


def prepare_pip(plan: InstallPlan, runner: Optional[PipRunner], target: str, out: Out) -> PipWork:
    work = PipWork(runner, target)
    if runner is None:
        return work
    runner.check()
    dists = runner.distributions()
    installed = dists.get(normalize(PLUGIN_NAME))
    for rec in (plan.manifest_before or {}).get("pip", []) or []:
        if same_interpreter(rec.get("python", ""), runner.python) and \
                rec.get("fingerprint") == plan.fingerprint and installed and \
                installed["version"] == plan.pack_version:
            work.skip_reason = "festinger %s is already installed in %s" % (
                installed["version"], runner.python)
    work.before = dists
    return work


def _merge_pip_records(previous: List[dict], python: str, fingerprint: str,
                       added: List[dict], upgraded: List[dict]) -> List[dict]:
    records = [dict(r) for r in previous or []]
    rec = next((r for r in records if same_interpreter(r.get("python", ""), python)), None)
    if rec is None:
        rec = {"python": python, "added": [], "upgraded": []}
        records.append(rec)
    known = {normalize(d["name"]) for d in rec.get("added", [])}
    rec["added"] = list(rec.get("added", [])) + [d for d in added if normalize(d["name"]) not in known]
    rec["upgraded"] = list(rec.get("upgraded", [])) + upgraded
    rec["fingerprint"] = fingerprint
    return records


def install(plan: InstallPlan, pip: PipWork, dry_run: bool, out: Out,
            writer: Callable[[Path, bytes, int], None] = write_file) -> int:
    layout = plan.layout
    root = layout.root
    changes = plan.changes
    if (changes or pip.active) and not dry_run:  # refuse before printing or writing anything
        check_writable(root, [a.path for a in changes] + [MANIFEST_REL])
    out("Festinger %s -> Agent Zero at %s (%s)" % (plan.pack_version, root, layout.label))
    for note in plan.notes:
        out("  note: " + note)
    for a in plan.actions:
        if a.op == KEEP:
            out("  note: %s %s" % (a.path, a.note))
    if pip.skip_reason:
        out("pip: " + pip.skip_reason + "; skipping")
    elif pip.runner is None:
        out("pip: skipped (--no-deps)")
    if not changes and not pip.active:
        out("Nothing to do: the tree already has this version of Festinger.")
        return 0
    if dry_run:
        out("Dry run, nothing written. Would do:")
        for line in describe(changes):
            out(line)
        if pip.active:
            out("  pip     %s -m pip install %s" % (pip.runner.python, pip.target))
        out("  write   %s" % MANIFEST_REL)
        return 0

    undo = Rollback()
    pip_ran = False
    added: List[dict] = []
    try:
        for a in changes:
            path = root / a.path
            if a.op == MKDIR:
                os.mkdir(str(path))
                undo.add("remove folder " + a.path, lambda p=path: p.rmdir())
            elif a.op == CREATE:
                writer(path, a.source.content, a.source.mode)
                undo.add("remove " + a.path, lambda p=path: unlink_quiet(p))
            elif a.op in (REPLACE, REMOVE):
                old, mode = snapshot(path)
                if a.op == REPLACE:
                    writer(path, a.source.content, a.source.mode)
                else:
                    path.unlink()
                    remove_pycache_of(path)
                undo.add("restore " + a.path,
                         lambda p=path, o=old, m=mode: write_file(p, o, m))
        pip_records = (plan.manifest_before or {}).get("pip", []) or []
        if pip.active:
            pip_ran = True
            pip.runner.install(pip.target)
            added, upgraded = added_and_upgraded(pip.before, pip.runner.distributions())
            pip_records = _merge_pip_records(pip_records, pip.runner.python, plan.fingerprint,
                                             added, upgraded)
            for u in upgraded:
                out("  note: pip changed %s %s -> %s (an uninstall keeps it)"
                    % (u["name"], u["from"], u["to"]))
        manifest = build_manifest(plan, pip_records)
        mpath = root / MANIFEST_REL
        if mpath.exists():
            old, mode = snapshot(mpath)
            undo.add("restore manifest", lambda o=old, m=mode: write_file(mpath, o, m))
        else:
            undo.add("remove manifest", lambda: unlink_quiet(mpath))
        writer(mpath, manifest_bytes(manifest), 0o644)
    except (OSError, PipError, KeyboardInterrupt) as exc:
        reason = _reason(exc)
        problems = undo.run()
        if pip_ran:
            problems += _undo_pip(pip)
        if problems:
            out("festinger install: failed: %s; rollback incomplete: %s" % (reason, "; ".join(problems)))
        else:
            out("festinger install: failed: %s; rolled back, the tree is unchanged" % reason)
        return 130 if isinstance(exc, KeyboardInterrupt) else 1

    for line in describe(changes):
        out(line)
    out("Installed Festinger %s: %d files written, %d removed, %d folders created%s. Restart "
        "Agent Zero to load it." % (
            plan.pack_version, sum(1 for a in changes if a.op in (CREATE, REPLACE)),
            sum(1 for a in changes if a.op == REMOVE), sum(1 for a in changes if a.op == MKDIR),
            ", pip added %d distributions" % len(added) if pip.active else ""))
    return 0


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return "%s: %s" % (exc.strerror, exc.filename) if exc.filename else exc.strerror
    return str(exc) or type(exc).__name__


def _undo_pip(pip: PipWork) -> List[str]:
    try:
        added, _ = added_and_upgraded(pip.before, pip.runner.distributions())
        pip.runner.uninstall([d["name"] for d in added])
    except PipError as exc:
        return [str(exc)]
    return []


# ----------------------------------------------------------------------------- uninstall

def uninstall(plan: UninstallPlan, runner_for: Optional[Callable[[str], PipRunner]],
              dry_run: bool, out: Out) -> int:
    """``runner_for(python)`` gives a PipRunner, or None means --no-deps (keep distributions)."""
    layout = plan.layout
    root = layout.root
    manifest = plan.manifest
    removals = [a for a in plan.actions if a.op == REMOVE and a.note != "dir"]
    dirs = [a for a in plan.actions if a.op == REMOVE and a.note == "dir"]
    if not dry_run:
        check_writable(root, [a.path for a in removals + dirs] + [MANIFEST_REL])
    out("Removing Festinger %s from Agent Zero at %s (%s)"
        % (manifest.get("pack_version", "?"), root, layout.label))

    pip_jobs: List[Tuple[PipRunner, List[str]]] = []
    for rec in manifest.get("pip", []) or []:
        names = [d["name"] for d in rec.get("added", [])]
        if not names:
            continue
        if runner_for is None:
            out("  note: kept distributions %s (--no-deps)" % ", ".join(names))
            continue
        python = rec.get("python", "")
        if not os.path.exists(python):
            out("  note: %s is gone; nothing to uninstall there" % python)
            continue
        runner = runner_for(python)
        present = runner.distributions()
        todo = [n for n in names if normalize(n) in present]
        if todo:
            pip_jobs.append((runner, todo))
    for a in plan.actions:
        if a.op == KEEP:
            out("  note: kept %s (%s)" % (a.path, a.note))

    if dry_run:
        out("Dry run, nothing removed. Would do:")
        for line in describe(removals):
            out(line)
        out("  remove  %s" % MANIFEST_REL)
        for line in describe(dirs):
            out(line + "  (if empty)")
        for runner, names in pip_jobs:
            out("  pip     %s -m pip uninstall -y %s" % (runner.python, " ".join(names)))
        return 0

    # Files first, pip last: file removals can be undone from memory, a pip uninstall
    # cannot. A failure among the files leaves everything as it was; a pip failure after
    # them keeps the manifest, so running --uninstall again retries just the pip step.
    undo = Rollback()
    try:
        for a in removals:
            path = root / a.path
            old, mode = snapshot(path)
            path.unlink()
            undo.add("restore " + a.path, lambda p=path, o=old, m=mode: write_file(p, o, m))
            remove_pycache_of(path)
    except OSError as exc:
        problems = undo.run()
        out("festinger uninstall: failed: %s%s" % (
            _reason(exc), "; rollback incomplete: " + "; ".join(problems) if problems
            else "; rolled back, the tree is unchanged"))
        return 1

    done_pip: List[str] = []
    try:
        for runner, names in pip_jobs:
            runner.uninstall(names)
            done_pip.extend(names)
    except PipError as exc:
        for line in describe(removals):
            out(line)
        left = [(r, n) for r, n in pip_jobs if not set(n) <= set(done_pip)]
        out("festinger uninstall: the pack's files are removed, but %s, so distributions "
            "it added are still installed. Run `install.sh --uninstall` again to retry, or by "
            "hand: %s" % (exc, "; ".join("%s -m pip uninstall -y %s" % (r.python, " ".join(n))
                                         for r, n in left)))
        return 1

    mpath = root / MANIFEST_REL
    try:
        if mpath.exists():
            mpath.unlink()
    except OSError as exc:
        out("festinger uninstall: files%s removed, but the manifest %s could not be: %s"
            % (" and distributions" if pip_jobs else "", MANIFEST_REL, _reason(exc)))
        return 1

    kept_dirs = []
    for a in dirs:  # deepest first; a folder holding anything else is the user's now
        path = root / a.path
        if not path.is_dir() or path.is_symlink():
            continue
        try:
            if only_bytecode_left(path):
                cache = path / "__pycache__"
                for pyc in cache.iterdir():
                    pyc.unlink()
                cache.rmdir()
            path.rmdir()
        except OSError:
            kept_dirs.append(a.path)
    for line in describe(removals):
        out(line)
    for d in kept_dirs:
        out("  note: kept %s/ (it holds files that are not the pack's)" % d)
    out("Uninstalled Festinger: %d files removed%s." % (
        len(removals), ", %d distributions removed" % sum(len(n) for _, n in pip_jobs)
        if pip_jobs else ""))
    return 0
