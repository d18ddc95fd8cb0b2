"""Fixtures: see tests/fakes/fixtures.py."""

from tests.fakes.fixtures import fake_llm, graph_env  # noqa: F401
