"""The pip step against a throwaway venv and a tiny local pack (offline: an in-tree build
backend with no build requirements, and a local folder of wheels for its dependency)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from festinger.install import MANIFEST_REL
from festinger.install.pip_step import PipRunner, choose_interpreter, normalize

from .conftest import make_plugin_tree, make_repo, make_wheel, tree_hash


@pytest.fixture(scope="module")
def venv_python(tmp_path_factory):
    folder = tmp_path_factory.mktemp("venv")
    res = subprocess.run([sys.executable, "-m", "venv", str(folder)], capture_output=True)
    if res.returncode != 0:
        pytest.skip("cannot create a venv here: %s" % res.stderr.decode()[-200:])
    return str(folder / "bin" / "python")


def _dists(python):
    return set(PipRunner(python, print).distributions())


def test_interpreter_choice(tmp_path):
    fake_a0 = tmp_path / "python"
    fake_a0.write_text("#!/bin/sh\n")
    fake_a0.chmod(0o755)
    # the interpreter that runs Agent Zero in the image wins: packages elsewhere never reach it
    assert choose_interpreter("/x/python", str(fake_a0)) == str(fake_a0)
    assert choose_interpreter(None, str(fake_a0)) == str(fake_a0)
    # no /opt/venv-a0: --python, else this interpreter
    assert choose_interpreter("/x/python", str(tmp_path / "absent")) == "/x/python"
    assert choose_interpreter(None, str(tmp_path / "absent")) == sys.executable


def test_pip_adds_then_removes_exactly_the_new_distributions(tmp_path, venv_python, run_cli,
                                                             monkeypatch):
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    make_wheel(wheels, "festinger-tinydep", "1.0", "festinger_tinydep")
    repo = make_repo(tmp_path / "repo", requires=["festinger-tinydep"])
    tree = make_plugin_tree(tmp_path / "a0")
    pristine_tree, pristine_dists = tree_hash(tree), _dists(venv_python)
    monkeypatch.setenv("PIP_CONFIG_FILE", "/dev/null")
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(wheels))

    code, out, err = run_cli("--a0", tree, "--python", venv_python, "--repo", repo)
    assert code == 0, out + err
    added = _dists(venv_python) - pristine_dists
    assert added == {"festinger", "festinger-tinydep"}
    manifest = json.loads((tree / MANIFEST_REL).read_text())
    assert manifest["pip"][0]["python"] == venv_python
    assert {normalize(d["name"]) for d in manifest["pip"][0]["added"]} == added
    installed = tree_hash(tree)

    code, out, _ = run_cli("--a0", tree, "--python", venv_python, "--repo", repo)
    assert code == 0 and "already installed" in out and "Nothing to do" in out
    assert tree_hash(tree) == installed

    code, out, err = run_cli("--a0", tree, "--python", venv_python, "--uninstall",
                             "--repo", repo)
    assert code == 0, out + err
    assert _dists(venv_python) == pristine_dists
    assert tree_hash(tree) == pristine_tree


def test_a_failing_pip_rolls_back_files_and_distributions(tmp_path, venv_python, run_cli,
                                                          monkeypatch):
    wheels = tmp_path / "wheels"
    wheels.mkdir()  # empty: the dependency cannot be found, so pip fails after the files
    repo = make_repo(tmp_path / "repo", requires=["festinger-tinydep"])
    tree = make_plugin_tree(tmp_path / "a0")
    before_tree, before_dists = tree_hash(tree), _dists(venv_python)
    monkeypatch.setenv("PIP_CONFIG_FILE", "/dev/null")
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(wheels))

    code, out, _ = run_cli("--a0", tree, "--python", venv_python, "--repo", repo)
    assert code == 1
    assert "pip install" in out and "rolled back, the tree is unchanged" in out
    assert tree_hash(tree) == before_tree
    assert _dists(venv_python) == before_dists


def test_an_interpreter_without_pip_is_refused_before_writing(tmp_path, repo, run_cli):
    tree = make_plugin_tree(tmp_path / "a0")
    before = tree_hash(tree)
    code, out, err = run_cli("--a0", tree, "--python", tmp_path / "no-python", "--repo", repo)
    assert code == 2 and "does not exist" in err and out == ""
    assert tree_hash(tree) == before
