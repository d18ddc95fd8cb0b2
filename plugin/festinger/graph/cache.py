"""The in-memory concept graph: pure logic, in core/graph/cache.py (named here for the graph's modules)."""

from ..core.graph.cache import *  # noqa: F401,F403
