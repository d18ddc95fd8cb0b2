"""Builders for the installer tests: minimal Agent Zero trees of both layouts (CI has no Agent
Zero checkout; a tree with the layout's marker files is what the installer looks at), a small
pack repo with every kind of file the installer handles, and a hash of a whole tree."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import stat
import zipfile
from pathlib import Path
from typing import Dict, List, Optional

import pytest

REPO = Path(__file__).resolve().parents[2]

HOOK_SOURCE = '''"""test hook"""
try:
    from helpers.extension import Extension  # Agent Zero v1.x
except ImportError:
    from python.helpers.extension import Extension  # Agent Zero v0.9.x


class {name}(Extension):
    async def execute(self, **kwargs):
        try:
            pass
        except Exception as exc:
            print(exc)
'''

EXTENSION_BASE = '''class Extension:
    def __init__(self, agent=None, **kwargs):
        self.agent = agent
'''


def tree_hash(root: Path) -> Dict[str, str]:
    """path -> content hash and mode of every file, folder and link under root."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(str(root)):
        dirnames.sort()
        rel = os.path.relpath(dirpath, str(root))
        out[rel + "/"] = oct(os.stat(dirpath).st_mode)
        for name in sorted(filenames):
            p = os.path.join(dirpath, name)
            st = os.lstat(p)
            if stat.S_ISLNK(st.st_mode):
                out[os.path.join(rel, name)] = "link " + os.readlink(p)
            else:
                with open(p, "rb") as f:
                    out[os.path.join(rel, name)] = "%s %s" % (
                        oct(st.st_mode), hashlib.sha256(f.read()).hexdigest())
    return out


def make_legacy_tree(root: Path) -> Path:
    """The files a v0.9.8.x tree is recognised by (python/helpers/extension.py with get_paths)."""
    (root / "python" / "helpers").mkdir(parents=True)
    (root / "agent.py").write_text("# Agent Zero (test stand-in)\n")
    (root / "python" / "helpers" / "extension.py").write_text(
        EXTENSION_BASE + "# folders come from subagents.get_paths(agent, 'extensions', ...)\n")
    (root / "usr").mkdir()
    (root / "usr" / ".gitkeep").write_text("")
    return root


def make_plugin_tree(root: Path) -> Path:
    """The files a v1.x tree is recognised by (helpers/extension.py + plugins/)."""
    (root / "helpers").mkdir(parents=True)
    (root / "agent.py").write_text("# Agent Zero (test stand-in)\n")
    (root / "helpers" / "extension.py").write_text(
        EXTENSION_BASE + "# get_paths(agent, 'extensions/python', extension_point)\n")
    (root / "plugins" / "_memory").mkdir(parents=True)
    (root / "plugins" / "_memory" / "plugin.yaml").write_text("name: _memory\n")
    (root / "usr" / "plugins").mkdir(parents=True)
    (root / "usr" / "plugins" / ".gitkeep").write_text("")
    return root


# A PEP 517 backend with no build requirements, so pip installs the test pack offline.
TINY_BACKEND = '''
import base64, hashlib, os, zipfile
NAME, VERSION, REQUIRES = {name!r}, {version!r}, {requires!r}

def _line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (path, digest, len(data))

def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    here = os.path.dirname(os.path.abspath(__file__))
    files = {{}}
    for dirpath, _dirs, names in os.walk(os.path.join(here, "festinger")):
        for n in names:
            if n.endswith(".py"):
                p = os.path.join(dirpath, n)
                with open(p, "rb") as f:
                    files[os.path.relpath(p, here).replace(os.sep, "/")] = f.read()
    dist = "%s-%s.dist-info" % (NAME, VERSION)
    files[dist + "/METADATA"] = ("Metadata-Version: 2.1\\nName: %s\\nVersion: %s\\n" % (NAME, VERSION)
                                 + "".join("Requires-Dist: %s\\n" % r for r in REQUIRES)).encode()
    files[dist + "/WHEEL"] = b"Wheel-Version: 1.0\\nGenerator: tiny\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n"
    record = [_line(k, v) for k, v in files.items()] + [dist + "/RECORD,,"]
    name = "%s-%s-py3-none-any.whl" % (NAME, VERSION)
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w") as z:
        for k, v in files.items():
            z.writestr(k, v)
        z.writestr(dist + "/RECORD", "\\n".join(record) + "\\n")
    return name
'''


def make_wheel(folder: Path, name: str, version: str, module: str) -> Path:
    """A pure-python wheel with one module, for a local find-links folder."""
    def line(path: str, data: bytes) -> str:
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        return "%s,sha256=%s,%d" % (path, digest, len(data))

    dist = "%s-%s.dist-info" % (name.replace("-", "_"), version)
    files = {module + ".py": b"VALUE = 1\n",
             dist + "/METADATA": ("Metadata-Version: 2.1\nName: %s\nVersion: %s\n"
                                  % (name, version)).encode(),
             dist + "/WHEEL": b"Wheel-Version: 1.0\nGenerator: tiny\nRoot-Is-Purelib: true\n"
                              b"Tag: py3-none-any\n"}
    record = [line(k, v) for k, v in files.items()] + [dist + "/RECORD,,"]
    path = folder / ("%s-%s-py3-none-any.whl" % (name.replace("-", "_"), version))
    with zipfile.ZipFile(str(path), "w") as z:
        for k, v in files.items():
            z.writestr(k, v)
        z.writestr(dist + "/RECORD", "\n".join(record) + "\n")
    return path


def make_repo(root: Path, version: str = "0.0.1", requires: Optional[List[str]] = None,
              with_plugin_yaml: bool = False) -> Path:
    """A small pack with every kind of file install.sh handles."""
    requires = requires or []
    (root / "plugin" / "festinger").mkdir(parents=True)
    (root / "pyproject.toml").write_text(
        '[build-system]\nrequires = []\nbuild-backend = "_tinybackend"\nbackend-path = ["plugin"]\n'
        '\n[project]\nname = "festinger"\nversion = "%s"\n'
        'description = "Tiny test pack: \\"quoted\\" words"\n' % version)
    (root / "plugin" / "_tinybackend.py").write_text(
        TINY_BACKEND.format(name="festinger", version=version, requires=requires))
    (root / "plugin" / "festinger" / "__init__.py").write_text('__version__ = "%s"\n' % version)
    hooks = {"monologue_end": ["_55_festinger_classify.py", "_45_festinger_snapshot.py"],
             "message_loop_prompts_after": ["_95_festinger_recall.py"]}
    for hook, files in hooks.items():
        (root / "extensions" / hook).mkdir(parents=True)
        for i, name in enumerate(files):
            (root / "extensions" / hook / name).write_text(HOOK_SOURCE.format(name="Hook%d" % i))
    (root / "configs").mkdir()
    (root / "configs" / "festinger.json").write_text(json.dumps({
        "_comment": "defaults", "graph_enabled": True, "resolution_schedule": "0 2 * * *",
        "dsn": None, "load_bearing_keywords": ["must", "do not"],
        "source_match_threshold": 80.0, "log_level": "INFO"}, indent=2))
    (root / "roles").mkdir()
    (root / "roles" / "codegen_specialist.json").write_text(json.dumps(
        {"_schema": "orgkernel:role_profile", "role_id": "codegen_specialist",
         "capabilities": {"bst_domains": ["codegen", "refactor"]}}))
    a0 = root / "plugin" / "agent-zero"
    for sub in ("tools", "prompts", "api", "webui"):
        (a0 / sub).mkdir(parents=True)
    (a0 / "tools" / "iknowthat.py").write_text("class IKnowThat:\n    pass\n")
    (a0 / "prompts" / "agent.system.tool.iknowthat.md").write_text("### iknowthat\n")
    (a0 / "api" / "festinger_status.py").write_text("class Status:\n    pass\n")
    (a0 / "webui" / "main.html").write_text("<html></html>\n")
    if with_plugin_yaml:
        (a0 / "plugin.yaml").write_text("name: festinger\ntitle: From the repo\n")
    return root


@pytest.fixture
def repo(tmp_path):
    return make_repo(tmp_path / "repo")


@pytest.fixture
def legacy_tree(tmp_path):
    return make_legacy_tree(tmp_path / "a0-legacy")


@pytest.fixture
def plugin_tree(tmp_path):
    return make_plugin_tree(tmp_path / "a0-plugin")


@pytest.fixture
def run_cli(capsys):
    """Run the installer's command line in-process; returns (exit code, stdout, stderr)."""
    from festinger.install.__main__ import main

    def run(*args: str):
        code = main([str(a) for a in args])
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return run
