"""Fixtures for the tests that run the REAL Agent Zero (see a0_harness.py for how).

They run only when ``A0_ROOT`` names an Agent Zero checkout (v0.9.8.x or v1.x); otherwise
every test here is skipped. Agent Zero runs in its own interpreter (``A0_PYTHON``, default
``$A0_ROOT/.venv/bin/python``, else ``/opt/venv-a0/bin/python`` as in Agent Zero's Docker
image), never in the test process.

    A0_ROOT=/path/to/agent-zero A0_PYTHON=/path/to/python3.12 \
        .venv/bin/python -m pytest tests/real_a0 -q
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from a0_harness import A0Install, a0_python_for, a0_root_from_env, copy_tree, detect_layout  # noqa: E402
from fake_llm_server import FakeLLMServer, HashEmbedder, ScriptedLLM  # noqa: E402


def pytest_collection_modifyitems(config, items):
    root = a0_root_from_env()
    reason = None
    if root is None:
        reason = "A0_ROOT is not set (path of an Agent Zero checkout)"
    elif not root.is_dir():
        reason = f"A0_ROOT={root} is not a directory"
    elif a0_python_for(root) is None:
        reason = "no Agent Zero interpreter: set A0_PYTHON (default $A0_ROOT/.venv/bin/python or /opt/venv-a0/bin/python)"
    for item in items:
        if HERE in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.real_a0)
            if reason:
                item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="session")
def a0_pristine() -> Path:
    root = a0_root_from_env()
    assert root is not None  # collection skips every test here otherwise
    return root


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
