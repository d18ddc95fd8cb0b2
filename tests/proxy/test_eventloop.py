"""The standalone proxy's event loop: uvloop when installed, asyncio's own otherwise."""

from __future__ import annotations

import asyncio
import sys

import pytest

from festinger.proxy import eventloop


async def _loop_type() -> str:
    await asyncio.sleep(0)
    return type(asyncio.get_running_loop()).__module__


def test_runs_on_uvloop_when_installed() -> None:
    pytest.importorskip("uvloop")
    assert eventloop.run(_loop_type()).startswith("uvloop")


def test_falls_back_to_asyncio_without_uvloop(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "uvloop", None)  # import fails as if not installed
    assert eventloop.loop_factory() is None
    assert eventloop.run(_loop_type()).startswith("asyncio")
