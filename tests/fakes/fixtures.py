"""Fixtures shared by tests/llm, tests/resolution and tests/web (imported by their conftests)."""

from __future__ import annotations

import pytest

from tests.fakes.fake_anthropic import FakeAnthropic
from tests.fakes.graph_env import GraphEnv, drop_schema, make_service


@pytest.fixture
def fake_llm():
    """A loopback fake Anthropic (and OpenAI-compatible) server."""
    with FakeAnthropic() as fake:
        yield fake


@pytest.fixture
def graph_env(pg_dsn, tmp_path):
    """graph_env(schema=None, **settings) -> GraphEnv; several envs may share a schema (they
    are then separate "processes" on one database)."""
    made = []

    def make(schema=None, **settings) -> GraphEnv:
        svc = make_service(pg_dsn, tmp_path / f"home{len(made)}", schema, **settings)
        made.append(svc)
        return GraphEnv(svc)

    yield make
    from festinger.llm.providers import UTILITY

    UTILITY.forget()
    dropped = set()
    for svc in reversed(made):
        if svc.schema not in dropped:
            drop_schema(svc)
            dropped.add(svc.schema)
        svc.close()
