"""text.literal finds a literal where `re` finds its escaped pattern, case folded as re.IGNORECASE folds it."""

import random
import re

import pytest

from festinger.core.contradiction.text.literal import at_boundary, said_alone, same_letters, starts, starts_with

_ALPHABET = "aAbBkKsSiIl '-,.1_\u00df\u017f\u212a\u0130\u0131\u03c3\u03c2\u03a3\u00e9\u00c9\u20ac"


def _random(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(_ALPHABET) for _ in range(rng.randint(0, n)))


def test_starts_and_same_letters_agree_with_re():
    rng = random.Random(7)
    for _ in range(1500):
        text, literal = _random(rng, 14), _random(rng, 3)
        for flags in (0, re.I):
            want = [m.start() for m in re.finditer(f"(?={re.escape(literal)})", text, flags)]
            assert list(starts(text, literal, ignore_case=bool(flags))) == want, (text, literal, flags)
            for i in range(len(text) + 1):
                assert starts_with(text, literal, i, ignore_case=bool(flags)) == bool(
                    re.compile(re.escape(literal), flags).match(text, i)), (text, literal, i, flags)
        assert same_letters(literal, text[:len(literal)]) == bool(re.fullmatch(re.escape(literal), text[:len(literal)], re.I))


def test_boundary_agrees_with_re():
    rng = random.Random(11)
    for _ in range(1000):
        text = _random(rng, 10)
        want = {m.start() for m in re.finditer(r"\b", text)}
        assert {i for i in range(len(text) + 1) if at_boundary(text, i)} == want, text


def test_known_letters():
    assert same_letters("Kelvin", "\u212aELVIN") and same_letters("os", "O\u017f")
    assert not same_letters("strasse", "stra\u00dfe") and list(starts("Stra\u00dfe STRASSE", "strasse")) == [7]


def test_said_alone_agrees_with_re():
    rng = random.Random(5)
    for _ in range(1500):
        text, literal = _random(rng, 14), _random(rng, 3)
        for edges in ("'", "'-"):
            cls = "\\w" + re.escape(edges)
            for flags in (0, re.I):
                want = bool(re.search(rf"(?<![{cls}]){re.escape(literal)}(?![{cls}])", text, flags))
                assert said_alone(text, literal, edges, ignore_case=bool(flags)) == want, (text, literal, edges, flags)


def test_alternation_tree_matches_the_flat_alternation():
    # text.normalise.alternation writes lower-case word lists as a tree: same matches, same spans
    from festinger.core.contradiction.text.normalise import _flat, alternation
    rng = random.Random(3)
    pieces = ["in", "in fact", "int", "i", "a", "ab", "abc", "b c", "to be", "to", "'s", "no", "not", "n't"]
    for _ in range(120):
        words = rng.sample(pieces, rng.randint(1, len(pieces)))
        tree, flat = alternation(words), _flat(words)
        for wrap in ("(?:{})", r"(?<![\w'])(?:{})(?![\w'])", r"^\s*(?:{})\b[\s,]*", r"(?:{})\s+x"):
            for flags in (0, re.I):
                a, b = re.compile(wrap.format(tree), flags), re.compile(wrap.format(flat), flags)
                for _ in range(6):
                    text = " ".join(rng.choice(pieces + ["x", "IN", "In  Fact", "B  C", ",", "abcd"])
                                    for _ in range(rng.randint(0, 6)))
                    assert [m.span() for m in a.finditer(text)] == [m.span() for m in b.finditer(text)], (words, wrap, text)


def test_said_as_word_agrees_with_re():
    from festinger.core.contradiction.text.literal import said_as_word
    rng = random.Random(9)
    for _ in range(1500):
        text, word = _random(rng, 14), _random(rng, 3)
        assert said_as_word(text, word) == bool(re.search(rf"(?-i:\b{re.escape(word)}\b)", text)), (text, word)


def test_a_cue_finds_what_the_case_insensitive_pattern_finds():
    from festinger.core.contradiction.text.cues import Cue
    rng = random.Random(13)
    patterns = [r"divorc|broke\s+up|rip\b|s\w+'s", r"(?<![\w'])(?:ks|is|i)\s", r"[a-k]+\W", r"\bsi\b|\d\S"]
    for pattern in patterns:
        cue, rx = Cue(pattern), re.compile(pattern, re.I)
        for _ in range(1500):
            text = _random(rng, 12) + rng.choice(["", " broke  up", "DIVORCED", "Rip", "\u0130S ", "K\u212a"])
            assert cue.search(text) == bool(rx.search(text)), (pattern, text)
    for bad in ("Divorce", "(?-i:may)", "caf\u00e9"):
        with pytest.raises(ValueError):
            Cue(bad)
