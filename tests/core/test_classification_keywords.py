"""Load-bearing keywords match whole words only; stated facts and corrections are recognised."""

from festinger.core.keywords import KeywordMatcher, find_keywords, is_correction, is_hedged, is_stated_fact
from festinger.config import DEFAULT_LOAD_BEARING_KEYWORDS


def test_must_does_not_match_mustard_and_never_not_nevertheless():
    m = KeywordMatcher(DEFAULT_LOAD_BEARING_KEYWORDS)
    assert m.find("Add mustard to the sandwich.") == []
    assert m.find("Nevertheless the build passed.") == []
    assert m.find("It is a requirements.txt file") == []  # "requirement" is not "requirements"
    assert m.find("You must keep the API stable.") == ["must"]


def test_phrases_match_across_whitespace_case_and_contractions():
    m = KeywordMatcher(["do not", "required"])
    assert m.find("DO   NOT touch prod") == ["do not"]
    assert m.find("Don't push to main") == ["do not"]
    assert m.find("Approval REQUIRED.") == ["required"]
    assert m.find("donot") == []


def test_bad_keyword_entries_are_ignored():
    m = KeywordMatcher(["must", 3, None, "", "  "])
    assert m.keywords == ("must",)
    assert find_keywords("x", []) == []


def test_stated_fact_needs_a_structural_verb_and_a_concrete_value():
    assert is_stated_fact("My project uses Python 3.11")
    assert is_stated_fact("The deploy script lives in scripts/deploy.sh")
    assert is_stated_fact("The database is PostgreSQL")
    assert not is_stated_fact("The file is probably in /tmp")       # a guess
    assert not is_stated_fact("Does the project use Python 3?")     # a question
    assert not is_stated_fact("The weather is nice today")          # no concrete value
    assert not is_stated_fact("ok do it")


def test_hedges_and_corrections():
    assert is_hedged("It might be cached")
    assert not is_hedged("It is cached")
    assert is_correction("actually the API uses GraphQL")
    assert is_correction("No, the name is John")
    assert is_correction("Correction: it is hosted on Azure")
    assert not is_correction("The API uses REST")
    assert not is_correction("Nobody knows")
