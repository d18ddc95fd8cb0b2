"""Helpers for the simulator tests: hook files written on the fly and probe access.

Hook files are written exactly like the pack's (the dual-layout import), and report what
they see into ``agent.context.get_data("probe")`` (a list the test creates).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from festinger_testkit.simulator import SimAgentZero

HOOK_HEADER = """\
try:
    from helpers.extension import Extension
except ImportError:
    from python.helpers.extension import Extension


def probe(agent, *item):
    log = agent.context.get_data("probe")
    if log is not None:
        log.append(item if len(item) != 1 else item[0])

"""


def write_hook(root: Path, hook: str, filename: str, body: str, header: bool = True) -> Path:
    """Write ``root/<hook>/<filename>`` with the pack's import header + ``body``."""
    folder = Path(root) / hook
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / filename
    path.write_text((HOOK_HEADER if header else "") + textwrap.dedent(body), encoding="utf-8")
    return path


def probe_hook(root: Path, hook: str, filename: str, expr: str = "None") -> Path:
    """A hook that records (file stem, agent number, <expr evaluated with loop_data>)."""
    stem = Path(filename).stem
    return write_hook(root, hook, filename, f"""
        class Probe(Extension):
            async def execute(self, loop_data=None, **kwargs):
                probe(self.agent, ({stem!r}, self.agent.number, {expr}))
    """)


def new_agent(sim: SimAgentZero, **kwargs):
    """An agent whose chat context carries an empty probe list."""
    agent = sim.agent(**kwargs)
    agent.context.set_data("probe", [])
    return agent


def probes(agent) -> list:
    return agent.context.get_data("probe")
