"""The relationship cue scanner: pure logic, in core/graph/cues.py (named here for the graph's modules)."""

from ..core.graph.cues import *  # noqa: F401,F403
