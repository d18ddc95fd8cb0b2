"""Tokenisation rules of festinger-concept-graph.md ("Tokenisation Rules", T14)."""

import time

import pytest

from festinger.graph.tokenizer import (BOUNDARY, MAX_TOKEN_CHARS, concept_words, prompt_concept_tokens,
                                       select_tokens, single_concept, words)


@pytest.mark.parametrize("text, token", [
    ("Glitch University", "glitch_university"),
    ("Agent Zero", "agent_zero"),
    ("New York City", "new_york_city"),
])
def test_compound_token_rule_merges_capitalised_runs(text, token):
    assert words(text) == [token]


def test_lowercase_word_breaks_the_run():
    assert words("the Glitch University") == ["the", "glitch_university"]


def test_capitalised_function_word_does_not_join_the_compound():
    # Sentence-initial "The" is the same word as "the": it must not glue onto the name.
    assert words("The Glitch University") == ["the", "glitch_university"]


def test_punctuation_and_newlines_end_a_compound():
    assert words("Glitch University. Agent Zero") == [
        "glitch_university", BOUNDARY, "agent_zero"]
    assert words("Glitch University\nAgent Zero") == [
        "glitch_university", BOUNDARY, "agent_zero"]
    assert words("Glitch University, Agent Zero")[0] == "glitch_university"


def test_seed_example_keeps_long_tokens_only():
    assert prompt_concept_tokens("gnommoweb is a repo of Glitch University") == [
        "gnommoweb", "glitch_university"]


def test_tokens_of_four_chars_or_less_are_dropped():
    assert prompt_concept_tokens("a repo of dogs and cats; gnommoweb uses fastapi") == [
        "gnommoweb", "fastapi"]


def test_lowercase_and_strip_punctuation():
    assert prompt_concept_tokens("«Gnommoweb», (FastAPI)... 'instead'!") == ["gnommoweb", "fastapi", "instead"]


def test_dotted_and_hyphenated_names_stay_whole():
    assert prompt_concept_tokens("see glitch.university and runs-on and agent0_stack.") == [
        "glitch.university", "runs-on", "agent0_stack"]


def test_cue_operators_are_kept_as_markers_and_split_runs():
    assert words("Gnommoweb ISA Repo") == ["gnommoweb", "ISA", "repo"]
    assert words("gnommoweb ISPART Glitch University") == [
        "gnommoweb", "ISPART", "glitch_university"]
    assert "ISPART" not in prompt_concept_tokens("gnommoweb ISPART glitch_university")


def test_title_case_headings_do_not_become_one_giant_concept():
    assert words("Festinger Agent Middleware Design Document Draft") == [
        "festinger", "agent", "middleware", "design", "document", "draft"]


def test_numbers_hashes_and_blobs_are_not_concepts():
    blob = "x" * (MAX_TOKEN_CHARS + 1)
    assert prompt_concept_tokens(f"on 20240419 at 12345 the {blob} gnommoweb") == ["gnommoweb"]


def test_duplicates_are_counted_once_in_first_occurrence_order():
    assert prompt_concept_tokens("fastapi gnommoweb fastapi GNOMMOWEB gnommoweb") == ["fastapi", "gnommoweb"]


def test_non_ascii_is_folded_and_never_reaches_tokens():
    assert prompt_concept_tokens("Zürich café naïve — 東京 gnommoweb’s") == ["zurich", "naive", "gnommoweb"]
    for tok in prompt_concept_tokens("Ünïcödé wörds ☃ ﬁnance ＦＵＬＬＷＩＤＴＨ"):
        assert tok.isascii()


def test_control_characters_are_separators():
    assert prompt_concept_tokens("gnommo\x00web\x07fastapi\x1b[31mredtext\x7f") == [
        "gnommo", "fastapi", "31mredtext"]


def test_select_tokens_keeps_short_cue_participants():
    stream = words("gnommoweb is a repo of Glitch University")
    assert select_tokens(stream, keep=["repo"]) == ["gnommoweb", "glitch_university", "repo"]


def test_concept_helpers_for_facts():
    assert single_concept("Glitch University") == "glitch_university"
    assert single_concept("repo") == "repo"
    assert single_concept("agent pool") is None
    assert concept_words("agent pool") == ["agent", "pool"]
    assert single_concept("...") is None


def test_empty_and_whitespace():
    assert words("") == []
    assert prompt_concept_tokens(" \n\t ") == []


@pytest.mark.parametrize("text", [
    "x" * 1_000_000,
    "Aa " * 333_333,
    ("gnommoweb is a repo of Glitch University. " * 25_000),
    "\x00\x01\x02" * 333_333,
    "é" * 1_000_000,
    "(" * 1_000_000,
])
def test_one_megabyte_prompts_stay_fast(text):
    t0 = time.perf_counter()
    toks = prompt_concept_tokens(text)
    # a ceiling, not a speed target (that is `festinger bench`): ~0.1 s on an idle shared core,
    # and a super-linear pattern on 1 MB would take minutes
    assert time.perf_counter() - t0 < 10.0
    assert all(len(t) <= MAX_TOKEN_CHARS for t in toks)


def test_fast_word_stream_equals_the_one_item_at_a_time_definition():
    # `words` takes shortcuts (C passes instead of a step per word); on text mixing names,
    # operators, dotted words, punctuation runs and separators it must give the same stream.
    import random

    from festinger.graph.tokenizer import reference_words

    pieces = ["Glitch", "University", "ISA", "ISPART", "isa", "The", "the", "a", "foo", "Bar",
              "X", "A", "New", "York", "City", "iPhone", "k8s", "_", "foo.bar", "Foo.Bar",
              "x-y", "X-Y", ".", "..", ",", "-", "(", ")", "\n", "'", "’", "Zürich", "\t", " ",
              "@", "/", "=", "\x00", "ISA.", ".ISA", "ISAx", "ISA-b", "-ISA", "Foo-", "Foo_",
              "One", "Two", "Three", "Four", "Five", "is", "part", "of", "A.B", "a.", ".a",
              "\x01", "\x02isa", "\x03", "\x1f", "\r", "/", "*", "é", "\ue000"]
    rng = random.Random(7)
    for _ in range(20_000):
        text = "".join(rng.choice(pieces) + rng.choice(["", " ", " ", "\t", ".", "-"])
                       for _ in range(rng.randrange(1, 12)))
        assert words(text) == reference_words(text), text
