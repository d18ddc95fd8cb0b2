"""Collision semantics and the resolution queue mirror: pure logic, in core/graph/collisions.py (named here for the graph's modules)."""

from ..core.graph.collisions import *  # noqa: F401,F403
