"""``install.sh --self-test``: prove the pack works, standalone or inside an installed tree.

Standalone (no ``--a0``): a python3.11/3.12 venv in ``<repo>/.selftest-venv`` (it carries its
own ``.gitignore``), CPU torch pinned first (a bare ``torch`` resolves to gigabytes of CUDA
wheels), then ``pip install '.[standalone]'`` and the test kit (``./plugin``, distribution
``festinger-testkit``), then ``python -m festinger selftest``.

Installed (``--a0 PATH``): the manifest's files are all there, the hooks sit where this
layout loads them, every installed Python file imports with Agent Zero's interpreter from
the Agent Zero root, then ``python -m festinger selftest --a0 PATH`` with that interpreter;
the test kit it needs is put on that run's PYTHONPATH from the checkout, never installed into
Agent Zero's venv (the runtime pack carries no test code).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Callable, List, Optional, Sequence

from . import MANIFEST_REL
from .layout import PLUGIN, Layout, Refusal
from .pip_step import staged_source
from .plan import load_manifest
from .sources import sha256_file

Out = Callable[[str], None]
TORCH_PIN = "torch==2.13.0"
VENV_DIR = ".selftest-venv"
SUPPORTED = ((3, 11), (3, 12))

_IMPORT_CHECK = r"""
import importlib.util, json, os, sys, traceback
root, files = sys.argv[1], json.loads(sys.argv[2])
os.chdir(root)
sys.path.insert(0, root)
result = {}
for i, rel in enumerate(files):
    try:
        spec = importlib.util.spec_from_file_location("festinger_selftest_%d" % i,
                                                      os.path.join(root, rel))
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        result[rel] = "ok"
    except BaseException as exc:
        result[rel] = "%s: %s" % (type(exc).__name__, exc)
try:
    import importlib, pkgutil
    # what the hook files import when they run: the guard and every handler module
    importlib.import_module("festinger.a0.guard")
    handlers = importlib.import_module("festinger.a0.handlers")
    for info in pkgutil.iter_modules(handlers.__path__):
        importlib.import_module("festinger.a0.handlers." + info.name)
    result["<import festinger.a0.guard and handlers>"] = "ok"
except BaseException as exc:
    result["<import festinger.a0.guard and handlers>"] = "%s: %s" % (type(exc).__name__, exc)
try:
    import importlib.metadata as md
    result["<festinger distribution>"] = "ok " + md.version("festinger")
except Exception as exc:
    result["<festinger distribution>"] = "%s: %s" % (type(exc).__name__, exc)
print(json.dumps(result))
"""


REPO = Path(__file__).resolve().parents[3]
TESTKIT = "festinger_testkit"


def _run(cmd: Sequence[str], out: Out, cwd: Optional[Path] = None,
         env: Optional[dict] = None) -> int:
    out("$ " + " ".join(cmd))
    try:
        return subprocess.call(list(cmd), cwd=str(cwd) if cwd else None, env=env)
    except OSError as exc:
        out("cannot run %s: %s" % (cmd[0], exc))
        return 127


def _python_version(python: str) -> Optional[tuple]:
    try:
        res = subprocess.run([python, "-c", "import sys; print(sys.version_info[:2])"],
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             universal_newlines=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    text = res.stdout.strip().strip("()").replace(" ", "")
    try:
        return tuple(int(x) for x in text.split(","))
    except ValueError:
        return None


def find_base_python() -> Optional[str]:
    if tuple(sys.version_info[:2]) in SUPPORTED:
        return sys.executable
    for name in ("python3.12", "python3.11"):
        found = shutil.which(name)
        if found and _python_version(found) in SUPPORTED:
            return found
    return None


def standalone(repo: Path, out: Out) -> int:
    venv = repo / VENV_DIR
    vpy = venv / "bin" / "python"
    if vpy.exists() and _python_version(str(vpy)) not in SUPPORTED:
        raise Refusal("%s is not a python 3.11/3.12 venv; remove it and retry" % venv)
    if not vpy.exists():
        base = find_base_python()
        if base is None:
            raise Refusal("the self-test needs python3.11 or python3.12 (none found on PATH)")
        if _run([base, "-m", "venv", str(venv)], out) != 0:
            return 1
        # keeps the venv out of git without touching the repo's .gitignore
        (venv / ".gitignore").write_text("*\n", encoding="utf-8")
    pip = [str(vpy), "-m", "pip", "install", "--disable-pip-version-check"]
    if _run(pip + [TORCH_PIN], out, cwd=repo) != 0:
        out("self-test: FAILED while installing %s into %s" % (TORCH_PIN, venv))
        return 1
    # '.[standalone]', built from a staged copy so the checkout gets no build/ or egg-info
    with staged_source(repo) as staged:
        if _run(pip + [staged + "[standalone]"], out, cwd=repo) != 0:
            out("self-test: FAILED while installing the pack into %s" % venv)
            return 1
        # the test kit (simulated Agent Zero, the scenario): a distribution of its own
        if _run(pip + [os.path.join(staged, "plugin")], out, cwd=repo) != 0:
            out("self-test: FAILED while installing the test kit into %s" % venv)
            return 1
    rc = _run([str(vpy), "-m", "festinger", "selftest"], out, cwd=repo)
    out("self-test: %s" % ("passed" if rc == 0 else "FAILED (exit %d)" % rc))
    return 0 if rc == 0 else 1


def check_files(layout: Layout, manifest: dict) -> List[str]:
    """Lines "OK ..."/"FAIL ..."/"NOTE ..." for the installed files and where the hooks are."""
    root = layout.root
    lines = []
    hook_prefix = "usr/extensions/" if layout.kind != PLUGIN else \
        layout.plugin_dir + "/extensions/python/"
    hooks = 0
    for entry in manifest.get("files", []):
        rel = entry["path"]
        p = root / rel
        if not p.is_file():
            lines.append("FAIL missing %s" % rel)
        elif sha256_file(p) != entry.get("sha256"):
            lines.append("NOTE %s changed since install" % rel)
        if rel.startswith(hook_prefix) and rel.endswith(".py"):
            hooks += 1
    lines.append(("OK   %d hook files in %s<hook>/" if hooks else "FAIL %d hook files in %s<hook>/")
                 % (hooks, hook_prefix))
    if layout.kind == PLUGIN:
        meta = root / layout.plugin_dir / "plugin.yaml"
        ok = meta.is_file() and re.search(r'^name:\s*["\']?festinger["\']?\s*$',
                                          meta.read_text(encoding="utf-8"), re.M) is not None
        lines.append(("OK   %s names the plugin festinger" if ok else "FAIL %s missing or wrong")
                     % (layout.plugin_dir + "/plugin.yaml"))
        if (root / layout.plugin_dir / ".toggle-0").exists():
            lines.append("NOTE the plugin is switched off (%s/.toggle-0)" % layout.plugin_dir)
    return lines


def import_check(python: str, layout: Layout, rel_files: List[str]) -> List[str]:
    try:
        res = subprocess.run([python, "-c", _IMPORT_CHECK, str(layout.root), json.dumps(rel_files)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             universal_newlines=True, timeout=600)
    except (OSError, subprocess.SubprocessError) as exc:
        return ["FAIL cannot run %s: %s" % (python, exc)]
    try:
        result = json.loads(res.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return ["FAIL import check crashed: %s" % (res.stderr.strip().splitlines()[-1:] or "?")]
    return [("OK   import %s (%s)" % (k, v[3:]) if v.startswith("ok ") else "OK   import %s" % k)
            if v.startswith("ok") else "FAIL import %s: %s" % (k, v) for k, v in result.items()]


def installed(layout: Layout, python: str, out: Out) -> int:
    manifest = load_manifest(layout.root)
    if manifest is None:
        raise Refusal("Festinger is not installed in %s (no %s)" % (layout.root, MANIFEST_REL))
    out("Self-test of Festinger %s in %s (%s), interpreter %s"
        % (manifest.get("pack_version", "?"), layout.root, layout.label, python))
    lines = check_files(layout, manifest)
    py_files = [e["path"] for e in manifest.get("files", []) if e["path"].endswith(".py")
                and (layout.root / e["path"]).is_file()]
    lines += import_check(python, layout, py_files)
    for line in lines:
        out("  " + line)
    failed = sum(1 for line in lines if line.startswith("FAIL"))
    # The scenario runs in the simulator of the test kit, which Agent Zero's venv does not
    # (and must not) have: a folder holding only a link to the checkout's copy goes on the
    # PYTHONPATH of this one run.
    with tempfile.TemporaryDirectory(prefix="festinger-testkit-") as kit:
        env = dict(os.environ)
        if (REPO / "plugin" / TESTKIT).is_dir():
            os.symlink(str(REPO / "plugin" / TESTKIT), os.path.join(kit, TESTKIT))
            env["PYTHONPATH"] = os.pathsep.join(
                p for p in (kit, env.get("PYTHONPATH", "")) if p)
        rc = _run([python, "-m", "festinger", "selftest", "--a0", str(layout.root)], out,
                  cwd=layout.root, env=env)
    if rc != 0:
        failed += 1
    out("self-test: %s" % ("passed" if failed == 0 else "FAILED (%d problems)" % failed))
    return 0 if failed == 0 else 1
