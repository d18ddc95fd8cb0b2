"""Fixtures for the simulator tests: started simulators, closed (modules removed) after."""

from __future__ import annotations

import pytest

from festinger.embeddings import HashEmbeddings
from festinger_testkit.simulator import SimAgentZero


@pytest.fixture
def make_sim(tmp_path):
    """``make_sim(layout="legacy", **SimAgentZero kwargs)`` -> a started simulator, closed after."""
    made: list[SimAgentZero] = []

    def make(layout: str = "legacy", **kwargs) -> SimAgentZero:
        kwargs.setdefault("embeddings", HashEmbeddings())
        sim = SimAgentZero(tmp_path / f"a0-{layout}-{len(made)}", layout=layout, **kwargs).start()
        made.append(sim)
        return sim

    yield make
    for sim in reversed(made):
        sim.close()

