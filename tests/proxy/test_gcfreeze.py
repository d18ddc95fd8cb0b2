"""The standalone proxy keeps the garbage collector off its loaded graph."""

from __future__ import annotations

import gc
import threading

import pytest

from festinger.proxy.gcfreeze import freeze_when_loaded


class _Graph:
    def __init__(self, loads: bool) -> None:
        self.loads = loads
        self.release = threading.Event()

    def wait_loaded(self, timeout: float) -> bool:
        self.release.wait(timeout)
        return self.loads


@pytest.fixture(autouse=True)
def _unfreeze():
    gc.unfreeze()
    yield
    gc.unfreeze()


def test_the_heap_is_frozen_only_once_the_graph_has_loaded():
    graph = _Graph(loads=True)
    thread = freeze_when_loaded(graph, timeout=30)
    assert gc.get_freeze_count() == 0  # still loading: nothing frozen yet
    graph.release.set()
    thread.join(30)
    assert not thread.is_alive()
    assert gc.get_freeze_count() > 0


def test_a_graph_that_never_loads_freezes_nothing():
    graph = _Graph(loads=False)
    graph.release.set()
    thread = freeze_when_loaded(graph, timeout=30)
    thread.join(30)
    assert gc.get_freeze_count() == 0


def test_a_broken_graph_never_breaks_the_proxy():
    class Broken:
        def wait_loaded(self, timeout: float) -> bool:
            raise RuntimeError("boom")

    thread = freeze_when_loaded(Broken(), timeout=1)
    thread.join(30)
    assert not thread.is_alive() and gc.get_freeze_count() == 0
