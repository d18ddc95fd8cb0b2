"""The `<recollection>` block the proxy forwards is the same, text for text, as the one the
pipeline rendered before the time-to-first-byte work (issue 15): a recorded set of prompts
through a seeded graph (the benchmark's generator at 1/25 of its size, a fixed list of
common words so a wordfreq upgrade does not move it), in the proxy's order (block first,
counting once the answer's first chunk is out) and in the pack's (counting first).

Anything that makes the block cheaper to compute must leave this file's answers unchanged.
Regenerate only for an intended change of the block:
    PYTHONPATH=plugin python tests/proxy/test_block_unchanged.py --write
"""

from __future__ import annotations

import json
import random
import sys
from datetime import datetime, timezone
from pathlib import Path

from festinger.graph.cache import GraphCache
from festinger.graph.cues import scan_prompt
from festinger.graph.recollection import RecollectionRenderer, recollect, run_pipeline
from festinger.graph.saliency import SaliencyPolicy
from festinger_testkit.bench.graph import _edge_rows, _prompts, _soas_rows

GOLDEN = Path(__file__).parent / "data" / "blocks_before_issue15.json"
NOW = datetime(2026, 11, 27, 12, 0, tzinfo=timezone.utc)
N_TOKENS, N_EDGES = 20_000, 40_000
COMMON = frozenset("""the and for that with this from have your what about there which their
would could other these please instead server update container because before after where
repo service value system""".split())
HAND = [
    "gnommoweb is a repo of Glitch University. Where does gnommoweb run?",
    "gnommoweb is a service of Agent Zero.",  # a second parent in the same dimension
    "Deploy qbaaaa and qcaaaa to aws k8s; qbaaaa ISA tool, qdaaaa ISPART qbaaaa.",
    "Zürich naïve café: qeaaaa and qfaaaa, déjà vu with qgaaaa.",
    "## Work\n- qhaaaa runs on qiaaaa\n- `qjaaaa` is a library of qkaaaa\n",
    "brandnewword anotherfreshword thirdfreshword fourthfresh fifthfreshword sixthfresh",
    "THE GLITCH UNIVERSITY CAMPUS OF THE NORTH qlaaaa qmaaaa",
    "",
]


def _graph() -> GraphCache:
    cache = GraphCache(SaliencyPolicy(common_words=COMMON))
    cache.load_soas(_soas_rows(N_TOKENS, NOW))
    cache.load_edges(_edge_rows(N_EDGES, N_TOKENS, NOW))
    return cache


def _texts(cache: GraphCache) -> list[str]:
    rng = random.Random(3)
    vocab = [cache.soas_by_id[rng.randrange(7, N_TOKENS)] for _ in range(2000)]
    generated = _prompts(16, 400, vocab, sorted(COMMON), fresh_start=N_TOKENS * 2)
    return HAND + generated + HAND[:3]  # the same words again: counted twice, ranked higher


def blocks() -> dict[str, list[str]]:
    """The blocks of every text, in order, both ways (each way on a graph of its own)."""
    deferred_cache, counted_cache = _graph(), _graph()
    renderer = RecollectionRenderer()
    deferred, counted = [], []
    for text in _texts(deferred_cache):
        scan = scan_prompt(text, names=renderer.names)
        r = run_pipeline(deferred_cache, renderer, scan, NOW,
                         decide=lambda t: deferred_cache.submit(t, NOW),
                         intern=lambda new: None, defer_count=True)
        deferred.append(r.block)
        deferred_cache.count(r.uncounted, NOW)  # once the answer's first chunk is out
        counted.append(recollect(counted_cache, renderer, text, NOW).block)
    return {"deferred": deferred, "counted": counted}


def test_blocks_are_the_recorded_ones() -> None:
    expected = json.loads(GOLDEN.read_text(encoding="utf-8"))
    got = blocks()
    for way in ("deferred", "counted"):
        assert len(got[way]) == len(expected[way])
        for i, (g, e) in enumerate(zip(got[way], expected[way])):
            assert g == e, f"{way} block {i} changed"
    assert sum(1 for b in expected["deferred"] if b) >= 20  # the set exercises the renderer


if __name__ == "__main__" and "--write" in sys.argv:
    GOLDEN.write_text(json.dumps(blocks(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
