"""The prompt tokeniser: pure logic, in core/graph/tokenizer.py (named here for the graph's modules)."""

from ..core.graph.tokenizer import *  # noqa: F401,F403
