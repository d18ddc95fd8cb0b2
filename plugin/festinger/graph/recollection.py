"""The <recollection> block and the one recollection pipeline: pure logic, in core/graph/recollection.py (named here for the graph's modules)."""

from ..core.graph.recollection import *  # noqa: F401,F403
