"""The installer on pristine Agent Zero trees, when A0_TREES points at a folder holding
``v0.9.8.2/`` and ``v1.7/`` (``eval "$(python3 tests/real_a0/runtime.py prepare)"`` unpacks
both). The trees are copied first: the originals are never touched. Skipped without
A0_TREES, except under CI (CI=true), where a missing tree fails."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from festinger.install import MANIFEST_REL, apply
from festinger.install.layout import detect
from festinger.install.plan import plan_install

from .conftest import REPO, tree_hash

TREES = os.environ.get("A0_TREES", "")
# Under CI the trees must be there (runtime.py prepare builds them): a missing one fails.
IN_CI = os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")
pytestmark = pytest.mark.skipif(not TREES and not IN_CI, reason="A0_TREES is not set")

CASES = [("v0.9.8.2", "legacy", "usr/extensions/{hook}/{file}"),
         ("v1.7", "plugin", "usr/plugins/festinger/extensions/python/{hook}/{file}")]


@pytest.fixture
def tree_copy(tmp_path):
    def copy(tag: str) -> Path:
        src = Path(TREES) / tag
        if not (src / "agent.py").is_file():
            if IN_CI:
                pytest.fail("CI: A0_TREES=%r has no Agent Zero %s (run tests/real_a0/runtime.py prepare)"
                            % (TREES, tag), pytrace=False)
            pytest.skip("%s has no Agent Zero %s" % (TREES, tag))
        dst = tmp_path / tag
        shutil.copytree(str(src), str(dst), symlinks=True)
        return dst
    return copy


@pytest.mark.parametrize("tag, kind, hook_path", CASES)
def test_pristine_tree_install_reinstall_uninstall(tree_copy, run_cli, tag, kind, hook_path):
    tree = tree_copy(tag)
    pristine = tree_hash(tree)
    code, out, err = run_cli("--a0", tree, "--no-deps", "--repo", REPO)
    assert code == 0, out + err
    assert detect(tree).kind == kind
    hooks = sorted((REPO / "extensions").glob("*/*.py"))
    for src in hooks:
        dest = tree / hook_path.format(hook=src.parent.name, file=src.name)
        assert dest.read_bytes() == src.read_bytes()
    manifest = json.loads((tree / MANIFEST_REL).read_text())
    assert manifest["layout"] == kind
    installed = tree_hash(tree)

    code, out, _ = run_cli("--a0", tree, "--no-deps", "--repo", REPO)
    assert code == 0 and "Nothing to do" in out
    assert tree_hash(tree) == installed

    code, out, err = run_cli("--a0", tree, "--no-deps", "--uninstall", "--repo", REPO)
    assert code == 0, out + err
    assert tree_hash(tree) == pristine


@pytest.mark.parametrize("tag", ["v0.9.8.2", "v1.7"])
def test_pristine_tree_failure_halfway_rolls_back(tree_copy, tag):
    tree = tree_copy(tag)
    pristine = tree_hash(tree)
    writes = []

    def failing_writer(path, content, mode):
        writes.append(path)
        if len(writes) == 3:
            raise OSError(28, "No space left on device", str(path))
        apply.write_file(path, content, mode)

    plan = plan_install(REPO, detect(tree))
    assert apply.install(plan, apply.PipWork(None, ""), False, print, writer=failing_writer) == 1
    assert tree_hash(tree) == pristine
