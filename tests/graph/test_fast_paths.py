"""The prompt path's shortcuts give what their plain definitions give.

`stream_candidates` (tokenizer), `scan_prompt`'s cue-participant merge (cues) and the
renderer's name memo (recollection) take shortcuts that are only valid for the inputs they
get on the prompt path; each is compared here with the definition it replaces, on random
and hostile text (names, operators, cues, unicode, huge words, markdown, control characters).
"""

from __future__ import annotations

import random
from datetime import datetime, timezone

from festinger.graph.cache import GraphCache
from festinger.graph.cues import NamePolicy, find_cues, scan_prompt
from festinger.graph.models import SoasRow, UrdEdge
from festinger.graph.recollection import RecollectionRenderer
from festinger.graph.tokenizer import (concept_candidates, reference_words, stream_candidates,
                                       with_kept, words)

NOW = datetime(2026, 4, 19, 16, 0, tzinfo=timezone.utc)

PIECES = ["Glitch", "University", "ISA", "ISPART", "isa", "The", "the", "a", "an", "of", "is",
          "part", "kind", "type", "runs", "on", "owned", "by", "member", "repo", "k8s", "aws",
          "vm", "gnommoweb", "Gnommoweb", "service", "foo.bar", "Foo.Bar", "x-y", "X-Y", "_",
          "12345", "2024-04-19", "v1.2.3", ".", "..", ",", "-", "(", ")", "\n", "'", "’",
          "Zürich", "é", "日本語", "\t", " ", "@", "/", "=", "\x00", "\x01", "\x02isa", "\x1f",
          "**bold**", "`code`", "# Heading", "- item", "[link](http://x.y/z)", "```json",
          "{\"a\": 1}", "q" * 63, "q" * 64, "q" * 65, "w" * 300, "ignore", "instructions",
          "Ignore All Previous Instructions", "ABCDE", "abcde", "AbCdE", "a1", "1a", "ß",
          "İstanbul", "ǅemal", "ﬁle", "Ⅻ", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢"]


def _texts(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    out = ["", " ", "\n\n", "x" * 100_000, "é" * 1000, "ISA ISPART", "a is a b",
           "gnommoweb is a repo of Glitch University."]
    for _ in range(n):
        out.append("".join(rng.choice(PIECES) + rng.choice(["", " ", " ", "\t", ".", "-", "\n"])
                           for _ in range(rng.randrange(1, 60))))
    return out


def test_stream_candidates_equal_concept_candidates_on_word_streams():
    for text in _texts(4000, 1):
        stream = words(text)
        assert stream_candidates(stream) == concept_candidates(stream), text
        assert stream == reference_words(text), text


def _reference_scan_tokens(text: str, names: NamePolicy, max_triples: int = 20) -> list[str]:
    """scan_prompt's tokens as first written: candidates, then `with_kept` of the participants."""
    stream = words(text)
    keep: list[str] = []
    seen: set = set()
    for m in find_cues(stream, max_matches=10 * max_triples):
        t = m.triple
        key = (t.concept, t.parent, t.dimension, t.is_isa)
        if key in seen:
            continue
        if not (names.ok(t.concept) and names.ok(t.parent) and names.ok(t.dimension)):
            continue
        if len(seen) >= max_triples:
            break
        seen.add(key)
        keep.extend((t.concept, t.parent))
        if m.dimension_index >= 0:
            keep.append(t.dimension)
    return with_kept(concept_candidates(stream)[0], keep)


def test_scan_tokens_equal_candidates_plus_cue_participants():
    names = NamePolicy()
    cue_text = ["gnommoweb is a repo of aws", "k8s runs on vm", "dobby is part of the pool",
                "abc ISA def", "x is a y", "Glitch University owned by acme"]
    rng = random.Random(2)
    texts = _texts(2000, 3) + [" ".join(rng.choice(cue_text + PIECES) for _ in range(40))
                               for _ in range(2000)]
    for text in texts:
        tokens = scan_prompt(text, names=names).tokens
        assert tokens == _reference_scan_tokens(text, names), text
        assert len(set(tokens)) == len(tokens)  # run_pipeline counts them with unique=True


def _world() -> GraphCache:
    cache = GraphCache()
    for i, tok in enumerate(["type", "gnommoweb", "repo", "ignore_all_instructions",
                             "Bad Token!", "dobby", "agent_pool"], start=1):
        cache.add_soas(SoasRow(i, tok, 10, NOW, 2.0, 0.5))
    cache.apply_edge(UrdEdge(2, 3, 1, True, 0.9, NOW, "cloud_llm"))
    cache.apply_edge(UrdEdge(6, 5, 1, True, 0.9, NOW, "cloud_llm"))
    cache.apply_edge(UrdEdge(4, 3, 1, True, 0.9, NOW, "cloud_llm"))
    cache.apply_edge(UrdEdge(7, 3, 1, True, 0.9, NOW, "cloud_llm"))
    return cache


def test_renderer_name_memo_answers_as_the_policy_does():
    cache = _world()
    rows = list(cache.soas_by_token.values())
    renderer = RecollectionRenderer()
    first = renderer.render(cache, rows, NOW)
    assert renderer.render(cache, rows, NOW) == first  # from the memo
    assert "ignore_all_instructions" not in first and "badtoken" in first
    assert "agent_pool:" in first
    assert RecollectionRenderer().render(cache, rows, NOW) == first
    # a caller that swaps the policy gets the new policy's answers, not the memo's
    renderer.names = NamePolicy(max_words=1)
    fresh = RecollectionRenderer()
    fresh.names = NamePolicy(max_words=1)
    assert renderer.render(cache, rows, NOW) == fresh.render(cache, rows, NOW) != first


def test_renderer_name_memo_is_bounded(monkeypatch):
    import festinger.core.graph.recollection as rec

    monkeypatch.setattr(rec, "NAMES_KEPT", 10)
    renderer = RecollectionRenderer()
    for i in range(100):
        assert renderer._name(f"concept{i}") == f"concept{i}"
        assert len(renderer._names) <= 10


def test_encounter_saliency_from_the_log_table_equals_the_policy_score():
    from festinger.graph.saliency import LOG_TABLE_SIZE, SaliencyPolicy

    for base in (2.718281828459045, 10.0, 2.0):
        policy = SaliencyPolicy(log_base=base, write_threshold=99.0)
        cache = GraphCache(policy)
        start = LOG_TABLE_SIZE - 3  # across the end of the table
        cache.load_soas([(1, "aaa", start, None, 0.0, 0.5), (2, "bbb", 0, None, 0.7, 0.5),
                         (3, "ccc", 2.0, None, 0.0, 0.5), (4, "ddd", -5, None, -1.0, 0.5)])
        for n in range(1, 8):
            cache.encounter(["aaa", "bbb", "ccc", "ddd"], NOW)
            assert cache.lookup("aaa").saliency == policy.score(0.0, start + n)
            assert cache.lookup("bbb").saliency == policy.score(0.7, n)
            assert cache.lookup("ccc").saliency == policy.score(0.0, 2.0 + n)  # a float count
            assert cache.lookup("ddd").saliency == policy.score(-1.0, -5 + n)
        assert cache._dirty == {1: 7, 2: 7, 3: 7, 4: 7}


def test_cue_phrase_trie_finds_the_longest_phrase_like_the_definition():
    from festinger.graph.cues import ISA_PHRASES, ISPART_PHRASES, phrase_at, reference_phrase_at

    vocab = sorted({w for p in ISA_PHRASES + ISPART_PHRASES for w in p.words}
                   | {"the", "repo", "x", ".", "ISA", "isa", "by", "on"})
    rng = random.Random(4)
    for _ in range(20_000):
        stream = [rng.choice(vocab) for _ in range(rng.randrange(1, 9))]
        for i in range(len(stream)):
            assert phrase_at(stream, i) is reference_phrase_at(stream, i), (stream, i)
    for p in ISA_PHRASES + ISPART_PHRASES:  # every phrase, alone and at the end of a stream
        assert phrase_at(list(p.words), 0) is p
        assert phrase_at(["x", *p.words], 1) is p


def test_marked_capitals_rewrite_equals_the_cased_pattern():
    from festinger.core.graph import tokenizer as tk

    caps = ["ISA", "ISPART", "ISAB", "XISA", "ABC", "ABCDEF", "ISPARTS", "IS", "I", "SA",
            "Glitch", "University", "New", "York", "The", "A", "X.Y", "Foo-Bar", "fooBar",
            "x.Foo", "a-Foo", "GNU", "NASA", "ISA.b", "ISA-b", "b.ISA", "Z", "iPhone"]
    glue = ["", " ", "  ", "\t", " \t ", ".", "-", "..", "\n", ",", "\x1f", "_", " . "]
    rng = random.Random(9)
    for text in _texts(1500, 5):
        t = text.translate(tk._SEPARATORS) if text.isascii() else \
            tk.fold_to_ascii(text).translate(tk._SEPARATORS)
        assert tk.rewrite_cased(t) == tk._CASED_RE.sub(tk._rewrite_cased, t), t
    for _ in range(20_000):
        t = "".join(rng.choice(caps + PIECES[:30]) + rng.choice(glue)
                    for _ in range(rng.randrange(1, 14))).translate(tk._SEPARATORS)
        if t.isascii():
            assert tk.rewrite_cased(t) == tk._CASED_RE.sub(tk._rewrite_cased, t), t
