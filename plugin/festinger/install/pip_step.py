"""The pack's Python distributions, installed into the interpreter that runs Agent Zero.

Inside the Agent Zero image the framework runs in ``/opt/venv-a0``; ``/opt/venv`` is the
agent's code-execution venv, and pip there does not reach the extensions. We compare the
interpreter's distributions before and after ``pip install <repo>`` so an uninstall (or a
rollback) removes exactly the distributions that were new.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence

from .layout import Refusal

A0_VENV_PYTHON = "/opt/venv-a0/bin/python"

_LIST_DISTS = (
    "import json, importlib.metadata as m\n"
    "out = {}\n"
    "for d in m.distributions():\n"
    "    name = d.metadata['Name']\n"
    "    if name: out.setdefault(name, d.version)\n"
    "print(json.dumps(out))\n"
)


class PipError(Exception):
    """pip failed; the caller rolls back."""


def normalize(name: str) -> str:
    """PEP 503 name normalization, so "Foo_Bar" and "foo-bar" are one distribution."""
    return re.sub(r"[-_.]+", "-", name).lower()


def choose_interpreter(explicit: Optional[str], a0_venv: str = A0_VENV_PYTHON) -> str:
    """Agent Zero's framework venv when it exists (the Docker image: packages anywhere else
    never reach its extensions); else --python when given; else the interpreter running
    this installer."""
    if os.path.isfile(a0_venv) and os.access(a0_venv, os.X_OK):
        return a0_venv
    if explicit:
        return explicit
    return sys.executable


class PipRunner:
    """pip and importlib.metadata of one interpreter, run as subprocesses."""

    def __init__(self, python: str, out: Callable[[str], None] = print,
                 env: Optional[Dict[str, str]] = None, quiet: bool = False):
        self.python = python
        self.out = out
        self.env = env
        self.quiet = quiet

    def _run(self, args: Sequence[str], capture: bool) -> subprocess.CompletedProcess:
        try:
            return subprocess.run(
                [self.python] + list(args), env=self.env, universal_newlines=True,
                stdout=subprocess.PIPE if capture or self.quiet else None,
                stderr=subprocess.PIPE if capture or self.quiet else None,
            )
        except OSError as exc:
            raise PipError("cannot run %s: %s" % (self.python, exc.strerror or exc))

    def check(self) -> None:
        """Refuse early, before any file is written, when the interpreter or its pip is unusable."""
        if not os.path.exists(self.python):
            raise Refusal("python interpreter %s does not exist (use --python PATH or --no-deps)"
                          % self.python)
        try:
            res = self._run(["-m", "pip", "--version"], capture=True)
        except PipError as exc:
            raise Refusal(str(exc))
        if res.returncode != 0:
            raise Refusal("%s has no working pip (use --python PATH or --no-deps)" % self.python)

    def distributions(self) -> Dict[str, Dict[str, str]]:
        """normalized name -> {"name", "version"} of every installed distribution."""
        res = self._run(["-c", _LIST_DISTS], capture=True)
        if res.returncode != 0:
            raise PipError("cannot list the distributions of %s: %s"
                           % (self.python, (res.stderr or "").strip().splitlines()[-1:] or "?"))
        raw = json.loads(res.stdout.strip().splitlines()[-1])
        return {normalize(k): {"name": k, "version": v} for k, v in raw.items()}

    def install(self, repo: str) -> None:
        """pip install the pack from ``repo`` (a checkout, built from a staged copy)."""
        self.out("pip: %s -m pip install %s" % (self.python, repo))
        with staged_source(Path(repo)) as target:
            res = self._run(["-m", "pip", "install", "--disable-pip-version-check", target],
                            capture=False)
        if res.returncode != 0:
            detail = ""
            if self.quiet and res.stderr:
                lines = [line for line in res.stderr.strip().splitlines() if line.strip()]
                detail = ": " + lines[-1].strip() if lines else ""
            raise PipError("pip install %s failed (exit %d)%s" % (repo, res.returncode, detail))

    def uninstall(self, names: List[str]) -> None:
        if not names:
            return
        self.out("pip: %s -m pip uninstall -y %s" % (self.python, " ".join(names)))
        res = self._run(["-m", "pip", "uninstall", "-y", "--disable-pip-version-check"] + names,
                        capture=False)
        if res.returncode != 0:
            raise PipError("pip uninstall failed (exit %d)" % res.returncode)


# What a build of the pack needs; everything else in a checkout (.git, venvs, tests) stays out.
_STAGE_FILES = ("pyproject.toml", "setup.py", "setup.cfg", "MANIFEST.in", "README.md", "LICENSE")
_STAGE_DIRS = ("plugin",)


@contextlib.contextmanager
def staged_source(repo: Path):
    """A throwaway copy of the buildable part of the repo. pip builds setuptools projects in the
    source tree (build/, *.egg-info), and the checkout may be read-only or the user's own."""
    tmp = tempfile.mkdtemp(prefix="festinger-build-")
    try:
        for name in _STAGE_FILES:
            if (repo / name).is_file():
                shutil.copy2(str(repo / name), os.path.join(tmp, name))
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", ".*")
        for name in _STAGE_DIRS:
            if (repo / name).is_dir():
                shutil.copytree(str(repo / name), os.path.join(tmp, name), ignore=ignore)
        yield tmp
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def added_and_upgraded(before: Dict[str, Dict[str, str]], after: Dict[str, Dict[str, str]]):
    """(distributions new in ``after``, distributions whose version changed)."""
    added = [after[k] for k in sorted(after) if k not in before]
    upgraded = [{"name": after[k]["name"], "from": before[k]["version"], "to": after[k]["version"]}
                for k in sorted(after) if k in before and before[k]["version"] != after[k]["version"]]
    return added, upgraded


def same_interpreter(a: str, b: str) -> bool:
    # Not samefile: two venvs' python are symlinks to one base interpreter.
    return os.path.abspath(a) == os.path.abspath(b)
