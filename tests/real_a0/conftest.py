"""Fixtures for the tests that run the REAL Agent Zero (see a0_harness.py for how).

Which Agent Zero: ``A0_ROOT`` (one checkout, v0.9.8.x or v1.x), else every tag found under
``A0_TREES`` (``tests/real_a0/runtime.py prepare`` builds both, see its docstring): each test
runs once per tree (ids ``[v0.9.8.2]``, ``[v1.7]``). Agent Zero runs in its own interpreter
(``A0_PYTHON``, default ``$A0_ROOT/.venv/bin/python``, else ``/opt/venv-a0/bin/python`` as in
Agent Zero's Docker image), never in the test process.

    eval "$(python3 tests/real_a0/runtime.py prepare)"
    .venv/bin/python -m pytest tests/real_a0 -q

Without a runtime the tests are skipped, except under CI (``CI=true``): there a missing tree
or interpreter fails every test here, loudly.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import List, Optional, Tuple

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from a0_harness import A0Install, a0_python_for, a0_root_from_env, copy_tree, detect_layout  # noqa: E402
from fake_llm_server import FakeLLMServer  # noqa: E402
from fake_models import HashEmbedder, ScriptedLLM  # noqa: E402
from runtime import TAGS  # noqa: E402


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def a0_roots() -> Tuple[List[Tuple[str, Path]], Optional[str]]:
    """([(id, pristine tree)], why there is none)."""
    root = a0_root_from_env()
    if root is not None:
        if not root.is_dir():
            return [], f"A0_ROOT={root} is not a directory"
        return [(root.name, root)], None
    trees = os.environ.get("A0_TREES", "").strip()
    if not trees:
        return [], "neither A0_ROOT nor A0_TREES is set (eval \"$(python3 tests/real_a0/runtime.py prepare)\")"
    found = [(tag, Path(trees) / tag) for tag in TAGS if (Path(trees) / tag / "agent.py").is_file()]
    missing = [tag for tag in TAGS if (tag, Path(trees) / tag) not in found]
    if missing and in_ci():
        return [], f"A0_TREES={trees} lacks {', '.join(missing)}"
    return found, None if found else f"A0_TREES={trees} holds no Agent Zero tree"


ROOTS, NO_ROOT = a0_roots()


def _unusable() -> Optional[str]:
    if NO_ROOT:
        return NO_ROOT
    if a0_python_for(ROOTS[0][1]) is None:
        return "no Agent Zero interpreter: set A0_PYTHON (default $A0_ROOT/.venv/bin/python or /opt/venv-a0/bin/python)"
    return None


def pytest_collection_modifyitems(config, items):
    reason = _unusable()
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.real_a0)
            if reason and not in_ci():
                item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="session", params=[tag for tag, _ in ROOTS] or ["none"])
def a0_pristine(request) -> Path:
    reason = _unusable()
    if reason:  # only reached under CI: elsewhere collection skipped the test
        pytest.fail(f"CI runs the real Agent Zero, but: {reason}", pytrace=False)
    return dict(ROOTS)[request.param]


@pytest.fixture(scope="session")
def a0_python(a0_pristine) -> Path:
    py = a0_python_for(a0_pristine)
    assert py is not None
    return py


@pytest.fixture
def a0_copy(a0_pristine, a0_python, tmp_path) -> A0Install:
    """A fresh copy of the pristine tree for one test."""
    root = copy_tree(a0_pristine, tmp_path / "a0")
    return A0Install(root=root, python=a0_python, layout=detect_layout(root))


@pytest.fixture
def fake_llm():
    """A loopback fake LLM with deterministic hash embeddings; script it via ``.script``."""
    with FakeLLMServer(script=ScriptedLLM(), embedder=HashEmbedder()) as server:
        yield server
