"""Every text parser of the pack stays cheap on hostile input (bounded fuzz, fixed seed).

A memory, a prompt or a fact is user input of any size. One regular expression with nested or
overlapping repetition makes a 100 KB paste of "a.a.a." cost seconds to minutes (it did: the
classifier's path pattern took 20 s). Each parser is run on pathological runs and on random
mixtures of the characters that parsers split on; each input must finish far below a generous
ceiling. The ceiling is not a speed target (that is `festinger bench`): a quadratic pattern on
these sizes takes many seconds, a linear one a few milliseconds.
"""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from festinger.core.classification import ClassificationContext, ClassifierSettings, classify_memory
from festinger.core.contradiction.compare import _detect
from festinger.core.contradiction.updates.frames import frame_correction
from festinger.core.contradiction.text.normalise import expand_contractions, is_correction
from festinger.core.contradiction.grammar.statements import extract_statements, parse_sentence
from festinger.core.keywords import _has_concrete_value, find_keywords, is_hedged, is_stated_fact
from festinger.core.source_attribution import ContextMessage
from festinger.graph.cues import extract_triples, scan_prompt
from festinger.graph.factfile import FactError, parse_fact
from festinger.graph.tokenizer import prompt_concept_tokens

# Per input. Linear parsers need milliseconds to a few hundred ms here, even on a loaded CI box;
# the quadratic path pattern this guards against took 20 s on 100 KB, and minutes on larger runs.
CEILING_S = 5.0
SIZE = 100_000
KEYWORDS = ("must", "never", "always", "do not", "critical", "important")
SETTINGS = ClassifierSettings(load_bearing_keywords=KEYWORDS)

# Runs that make backtracking engines rescan a long match from every start position.
PATHOLOGICAL_UNITS = [
    "a.a.a.", "a-", "a/", "a/a.", "A. ", "Dr. ", "a:a ", "aaa ", "1.", "1,", "$1,", "x" * 50 + " ", " ",
    "\n", "\t", "- ", "# ", "* ", "> ", "is ", "not ", "n't ", "don't ", "'s ", "e.g. ", "https://a", "www.",
    "~/", "./", "../", "a.py", "-isa ", "in context of ", "<", "<a", "Aa Aa ", "A-A ", "port 8080 ", "27:", ":",
    "Staging:\n", "  - ", "```", "|", "\"", "`a`", "The user's name is Alice. ", "His name is Leo. ",
    ", not a", "a not b but ", "(not ", " instead of ",
]
PARSERS = {
    "tokenizer": lambda t: prompt_concept_tokens(t),
    "cues": lambda t: (scan_prompt(t), extract_triples(t[:20_000])),
    "fact parser": lambda t: _parse_fact(t),
    "statements": lambda t: extract_statements(t, allow_correction=True),
    "detector": lambda t: _detect(t, t[::-1]),  # bare: a bug must raise here, not hide
    "named-correction frames": lambda t: frame_correction(t, t[:4000] + ", not a"),
    # Below the detector's input caps: its sentence patterns on one long "sentence".
    "sentence grammar": lambda t: parse_sentence(t[:20_000], allow_correction=True),
    "keywords": lambda t: (find_keywords(t, KEYWORDS), is_hedged(t), is_stated_fact(t), is_correction(t),
                           expand_contractions(t), _has_concrete_value(t)),
    "classifier": lambda t: _classify(t),
}


def _parse_fact(text: str) -> None:
    for candidate in (text, text[:300], "iknowthat " + text[:280]):
        try:
            parse_fact(candidate)
        except FactError:
            pass


def _classify(text: str) -> None:
    context = ClassificationContext([ContextMessage("user", text), ContextMessage("agent", "Noted.")])
    outcome = classify_memory(text, {"id": "m1", "area": "fragments"}, context, SETTINGS, now_iso="2025-01-01T00:00:00+00:00")
    assert outcome is not None


@pytest.fixture(scope="module", autouse=True)
def _warm():
    # Loading word frequencies and compiling patterns happens once per process: not parsing time.
    for fn in PARSERS.values():
        fn("The user's name is Alice. My project uses Python 3.11.")


def _elapsed(fn, text: str) -> float:
    start = time.perf_counter()
    fn(text)
    return time.perf_counter() - start


@pytest.mark.parametrize("parser", sorted(PARSERS))
@pytest.mark.parametrize("unit", PATHOLOGICAL_UNITS)
def test_pathological_runs_of_100kb_stay_far_below_the_ceiling(parser, unit):
    text = (unit * (SIZE // len(unit) + 1))[:SIZE]
    took = _elapsed(PARSERS[parser], text)
    assert took < CEILING_S, f"{parser} took {took:.2f}s on a 100 KB run of {unit!r}"


_FRAGMENTS = st.sampled_from(PATHOLOGICAL_UNITS + list("aA1.,;:/-_'\"`()[]<>#*~ \n\t") + ["\u2019", "\u00e9", "\x00"])


@settings(max_examples=40, derandomize=True, deadline=timedelta(seconds=CEILING_S * 3),
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(parts=st.lists(_FRAGMENTS, min_size=1, max_size=12), repeat=st.integers(min_value=1, max_value=6000))
def test_random_mixtures_of_split_characters_stay_far_below_the_ceiling(parts, repeat):
    text = ("".join(parts) * repeat)[:SIZE]
    for name, fn in PARSERS.items():
        took = _elapsed(fn, text)
        assert took < CEILING_S, f"{name} took {took:.2f}s on {text[:60]!r}... ({len(text)} chars)"
