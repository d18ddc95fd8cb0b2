"""The deterministic contradiction detector: what deprecates a memory, and (mostly) what must not.

A false positive deprecates a true memory, the worst failure of the pack: the labelled sets must
stay at precision 1.00, and every look-alike named in the issue has its own test.
"""

from __future__ import annotations

import dataclasses
import statistics
import time

import pytest

from festinger.core.contradiction import Contradiction, detect_contradiction
from festinger.core.contradiction.text import memo
from festinger_testkit.contradiction_eval import EvalResult, evaluate, load_pairs, pairs_from_jsonl

DEVSET = load_pairs("contradiction_devset.jsonl")
HOLDOUT = load_pairs("contradiction_holdout.jsonl")

# Measured on this implementation (see README): dev set 0.88, held-out set 0.727 (0.95 / 0.86 before
# values that may both hold, such as two names or two plain words, needed an announced change; 0.742
# before a bare "now" stopped replacing an employer, a job or the kind of a thing one has). The
# floors leave a little room for lexicon changes, never for precision.
DEV_RECALL_FLOOR = 0.87
HOLDOUT_RECALL_FLOOR = 0.72

POSITIVE_CATEGORIES = {"version", "number_unit", "name", "place", "setting", "preference", "negation", "correction"}
NEGATIVE_CATEGORIES = {"lookalike_subject", "compatible", "addition", "paraphrase", "non_exclusive", "history"}


def _failures_text(result: EvalResult) -> str:
    return "\n".join(
        f"{f.outcome} [{f.category}] {f.existing!r} -> {f.incoming!r}: "
        f"{f.got.to_dict() if f.got else 'no contradiction'}"
        for f in result.failures
    )


# --- the labelled sets ----------------------------------------------------------------------------


def test_devset_is_large_balanced_and_labelled():
    assert len(DEVSET) >= 150
    negatives = [p for p in DEVSET if not p["label"]]
    assert len(negatives) * 2 >= len(DEVSET), "at least half of the pairs must be look-alike negatives"
    categories = {p["category"] for p in DEVSET}
    assert POSITIVE_CATEGORIES | NEGATIVE_CATEGORIES <= categories
    for p in DEVSET:
        assert isinstance(p["existing"], str) and isinstance(p["incoming"], str)
        if p["label"]:
            assert p["kind"] in ("value", "negation", "correction"), p
        else:
            assert p["kind"] is None, p


def test_devset_precision_is_perfect_and_recall_above_floor():
    result = evaluate(DEVSET)
    assert result.fp == 0 and result.precision == 1.0, _failures_text(result)
    assert result.recall >= DEV_RECALL_FLOOR, _failures_text(result)
    assert result.kind_mismatches == 0, _failures_text(result)


def test_holdout_precision_is_perfect_and_recall_above_floor():
    # Written after the detector was tuned on the dev set (plus adversarial negatives aimed at each
    # rule); its first-contact figures are recorded in the README.
    result = evaluate(HOLDOUT)
    assert result.fp == 0 and result.precision == 1.0, _failures_text(result)
    assert result.recall >= HOLDOUT_RECALL_FLOOR, _failures_text(result)


def test_evaluate_counts_outcomes():
    pairs = [
        {"existing": "a", "incoming": "b", "label": True, "kind": "value", "category": "x"},
        {"existing": "a", "incoming": "c", "label": True, "kind": "value", "category": "x"},
        {"existing": "a", "incoming": "d", "label": False, "category": "y"},
        {"existing": "a", "incoming": "e", "label": False, "category": "y"},
    ]
    hit = Contradiction("negation", "s", "o", "n", "e")

    def fake(existing: str, incoming: str):
        return hit if incoming in ("b", "d") else None

    result = evaluate(pairs, detector=fake)
    assert (result.tp, result.fn, result.fp, result.tn) == (1, 1, 1, 1)
    assert result.precision == 0.5 and result.recall == 0.5
    assert result.kind_mismatches == 1  # labelled "value", detected as "negation"
    assert {f.outcome for f in result.failures} == {"false_negative", "false_positive", "wrong_kind"}
    assert result.per_category["y"] == {"tp": 0, "fp": 1, "fn": 0, "tn": 1}


# --- the examples -------------------------------------------------------------------------


def test_spec_version_change_is_a_value_contradiction():
    c = detect_contradiction("project uses Python 3.9", "project uses Python 3.11")
    assert c is not None and c.kind == "value"
    assert c.subject == "project python version"
    assert "3.9" in c.old_value and "3.11" in c.new_value


def test_spec_actually_graphql_is_a_correction():
    c = detect_contradiction("the API uses REST", "actually the API uses GraphQL")
    assert c is not None and c.kind == "correction"
    assert c.subject == "api" and c.old_value == "REST" and c.new_value == "GraphQL"


@pytest.mark.parametrize("existing,incoming", [
    ("The API runs on port 8080.", "The dashboard runs on port 5000."),
    ("port 8080 for the API", "port 5000 for the dashboard"),
    ("The app uses port 8080 for the API.", "The app uses port 5000 for the dashboard."),
    ("Port 8080 is used for the API.", "Port 5000 is used for the dashboard."),
])
def test_different_subjects_sharing_words_never_conflict(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


def test_same_subject_port_change_does_conflict():
    c = detect_contradiction("The API runs on port 8080.", "The API listens on port 9000.")
    assert c is not None and c.kind == "value" and c.subject == "api port"


def test_compatible_negation_of_another_file_is_not_a_contradiction():
    assert detect_contradiction("file is not empty", "config file is empty") is None
    assert detect_contradiction("The file is not empty.", "The config file is empty.") is None


def test_negation_of_the_same_subject_is_detected():
    c = detect_contradiction("The config file is empty.", "The config file is not empty.")
    assert c is not None and c.kind == "negation"
    c = detect_contradiction("The project uses Docker.", "The project does not use Docker.")
    assert c is not None and c.kind == "negation"
    c = detect_contradiction("The project does not use Docker.", "The project uses Docker.")
    assert c is not None and c.kind == "negation"


def test_additions_are_not_contradictions():
    assert detect_contradiction("uses Python", "uses Python and Rust") is None
    assert detect_contradiction("The project uses Python.", "The project uses Python and Rust.") is None
    assert detect_contradiction("The API uses REST.", "Actually the API uses REST and GraphQL.") is None
    assert detect_contradiction("The frontend uses React.", "The frontend also uses Redux.") is None


def test_paraphrases_are_not_contradictions():
    assert detect_contradiction("The user's name is Alice.", "The user is called Alice.") is None
    assert detect_contradiction("The request timeout is 30 seconds.", "The request timeout is 30000 ms.") is None
    assert detect_contradiction("The database is PostgreSQL.", "The database is Postgres 16.") is None
    assert detect_contradiction("User lives in Berlin.", "The user is based in Berlin, Germany.") is None


def test_non_exclusive_relations_are_not_contradictions():
    assert detect_contradiction("likes tea", "likes coffee") is None
    assert detect_contradiction("The user likes tea.", "The user likes coffee.") is None
    assert detect_contradiction("The user speaks English.", "The user speaks French.") is None
    assert detect_contradiction("The library supports Python 3.9.", "The library supports Python 3.12.") is None


def test_past_history_is_not_contradicted_by_present_state():
    assert detect_contradiction("The project used Python 3.9.", "The project uses Python 3.11.") is None
    assert detect_contradiction("The project uses Python 3.11.", "The project previously used Python 3.9.") is None
    assert detect_contradiction("The user used to live in London.", "The user lives in Dublin.") is None
    assert detect_contradiction("In 2021 the backend ran on Node.js 14.", "The backend runs on Node.js 20.") is None


def test_correction_only_when_the_corrected_subject_matches():
    assert detect_contradiction("The API uses REST.", "Actually, the dashboard uses GraphQL.") is None
    # A correction marker in an old memory does not make a plain new statement a correction.
    assert detect_contradiction("Actually the API uses GraphQL.", "The API uses REST.") is None
    # "actually" does not turn unrelated kinds of things into alternatives.
    assert detect_contradiction("The project uses Python 3.11.", "Actually, the project uses FastAPI.") is None
    c = detect_contradiction("The ORM is SQLAlchemy.", "No, the ORM is Peewee.")
    assert c is not None and c.kind == "correction"
    c = detect_contradiction("The database is hosted on AWS.", "Correction: the database is hosted on Azure.")
    assert c is not None and c.kind == "correction"


@pytest.mark.parametrize("existing,incoming,kind", [
    ("The backend runs on Node.js 18.", "The backend runs on Node.js 20.", "value"),
    ("The build server has 16 GB of RAM.", "The build server has 32 GB of RAM.", "value"),
    ("The user's name is Alice Martin.", "The user's name is Maria Lopez.", "value"),
    ("User lives in Berlin.", "User lives in Paris.", "value"),
    ("The default branch is main.", "The default branch is now master.", "value"),
    ("User prefers tabs over spaces.", "User prefers spaces over tabs.", "value"),
    ("The repository is public.", "The repository is private.", "value"),
    ("The user likes tea.", "The user dislikes tea.", "negation"),
])
def test_value_divergence_by_type(existing, incoming, kind):
    c = detect_contradiction(existing, incoming)
    assert c is not None and c.kind == kind


@pytest.mark.parametrize("existing,incoming", [
    ("The project uses Python 3.11.", "The project uses Python 3.11.4."),  # same release line
    ("The user lives in Berlin.", "The user lives in Germany."),  # containment
    ("User lives in New York City.", "User lives in Brooklyn."),  # unknown place: never judged
    ("The user's name is Alice.", "The user's name is Alice Martin."),
    ("The disk is 1 TB.", "The disk is 1000 GB."),
    ("The server has 16 GB of RAM.", "The server has at least 8 GB of RAM."),
    ("The default branch is main.", "The default branch is protected."),  # adjective, not a value
    ("The database is PostgreSQL.", "The database is Supabase."),  # engine vs provider
    ("The file is empty.", "The file is not empty."),  # "the file": which file?
    ("The timeout is 30 seconds.", "The timeout is 60 seconds."),  # which timeout?
])
def test_compatible_or_undecidable_values_are_left_alone(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


def test_multi_sentence_memories_are_compared_statement_by_statement():
    existing = ("User is a data scientist in Berlin. The user's main project uses Python 3.9 and pandas. "
                "The dashboard runs on port 5000.")
    c = detect_contradiction(existing, "The user's main project uses Python 3.11.")
    assert c is not None and c.subject == "main project python version"
    c = detect_contradiction(existing, "- The dashboard runs on port 5001\n- The API runs on port 8080")
    assert c is not None and c.subject == "dashboard port"
    assert detect_contradiction(existing, "The API runs on port 8080. The worker runs on port 5000.") is None


def test_a_text_holding_several_values_for_a_key_is_not_single_valued():
    assert detect_contradiction("The API runs on port 8080. The API runs on port 8443.",
                                "The API runs on port 9000.") is None
    assert detect_contradiction("The project uses Python 3.9 and 3.11.", "The project uses Python 3.12.") is None


def test_keywords_match_whole_words_only():
    # "was" in "wasabi", "must" in "mustard", "will" in "Willow", "actually" in "factually".
    c = detect_contradiction("The user likes wasabi.", "The user does not like wasabi.")
    assert c is not None and c.kind == "negation"
    c = detect_contradiction("The user likes mustard.", "The user does not like mustard.")
    assert c is not None and c.kind == "negation"
    c = detect_contradiction("The project is called Willow.", "The project is called Rex.")
    assert c is not None and c.kind == "value"
    assert detect_contradiction("The API uses REST.", "Factually, the API uses GraphQL.") is None


def test_plans_hedges_conditions_and_questions_are_not_statements():
    assert detect_contradiction("The project will use Python 3.12.", "The project uses Python 3.11.") is None
    assert detect_contradiction("The API probably runs on port 8080.", "The API runs on port 9000.") is None
    assert detect_contradiction("If the cache is enabled, the API runs on port 8081.", "The API runs on port 8080.") is None
    assert detect_contradiction("Does the project use Python 3.9?", "The project uses Python 3.11.") is None


def test_things_users_have_several_of_change_only_by_explicit_correction():
    # Two sons, two dogs: "the user's son is named Leo" and "... Max" may both be true.
    assert detect_contradiction("The user's son is named Leo.", "The user's son is named Max.") is None
    assert detect_contradiction("User's dog's name is Max", "User's dog is called Rex") is None
    c = detect_contradiction("The user's cat is called Luna.", "Actually the user's cat is called Nala.")
    assert c is not None and c.kind == "correction"
    # one person may be named two ways ("Julia" / "Jules", a name in two languages): only an
    # announced change replaces a name
    assert detect_contradiction("The user's wife is named Julia.", "The user's wife is named Anna.") is None
    c = detect_contradiction("The user's wife is named Julia.", "The user's wife is now named Anna.")
    assert c is not None and c.kind == "value"


@pytest.mark.parametrize("existing,incoming", [
    ("The new function is called get_user.", "The new function is called fetch_user."),
    ("The other server runs on port 80.", "The other server runs on port 8080."),
    ("The server runs Debian 11.", "The server runs Debian 12."),  # which server?
    ("The price is 10 USD.", "The price is 12 USD."),
    ("The function is called get_user.", "The function is called fetch_user."),
])
def test_subjects_that_only_make_sense_in_one_conversation_are_ignored(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


def test_owned_things_are_identifiable():
    c = detect_contradiction("The user's server runs Debian 11.", "The user's server runs Debian 12.")
    assert c is not None and c.subject == "server debian version"


@pytest.mark.parametrize("existing,incoming", [
    ("The log level is WARN.", "The log level is WARNING."),
    ("The user's GitHub username is alice.", "The user's GitHub username is @alice."),
    ("The user's name is Robert.", "The user's name is Bob."),
    ("The timezone is CET.", "The timezone is Europe/Berlin."),
    ("The docs URL is http://www.example.com/docs", "The docs URL is https://example.com/docs/"),
    ("The project lives in ~/code/app.", "The project lives in /home/u/code/app."),
    ("The default branch is main.", "The default branch is origin/main."),
    ("The API version is 2.", "The API version is 2.1."),
])
def test_two_spellings_of_one_value_are_not_a_conflict(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


# --- the public shape ------------------------------------------------------------------------------


def test_contradiction_is_a_frozen_dataclass_with_to_dict():
    c = detect_contradiction("The log level is DEBUG.", "The log level is WARNING.")
    assert isinstance(c, Contradiction)
    assert dataclasses.is_dataclass(c)
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.kind = "negation"  # type: ignore[misc]
    d = c.to_dict()
    assert set(d) == {"kind", "subject", "old_value", "new_value", "explanation"}
    assert d["kind"] == "value" and d["subject"] == "log level"
    assert d["old_value"] == "DEBUG" and d["new_value"] == "WARNING"
    assert "DEBUG" in d["explanation"] and "WARNING" in d["explanation"]


def test_package_level_names_exist_for_the_lead_export():
    import festinger.core.contradiction as module

    assert module.detect_contradiction is detect_contradiction
    assert module.Contradiction is Contradiction


# --- hostile input -----------------------------------------------------------------------------


@pytest.mark.parametrize("existing,incoming", [
    ("", ""),
    ("", "The API runs on port 9000."),
    ("The API runs on port 8080.", ""),
    ("\x00\x01\x02", "\x7f\x80\x9f"),
    ("...", "?!?"),
    (" " * 10_000, "\n" * 10_000),
    ("port port port port", "is is is is is"),
    ("The The The is is is", "not not not not"),
])
def test_degenerate_input_returns_none(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


def test_wrong_types_return_none_instead_of_raising():
    assert detect_contradiction(None, "The API runs on port 9000.") is None  # type: ignore[arg-type]
    assert detect_contradiction("The API runs on port 8080.", b"bytes") is None  # type: ignore[arg-type]
    assert detect_contradiction(123, 456) is None  # type: ignore[arg-type]


def test_control_characters_do_not_break_parsing():
    c = detect_contradiction("The API\x00 runs on port 8080.\r\n", "\ufeffThe API runs on port 9000.\x0b")
    assert c is not None and c.subject == "api port"


def test_one_megabyte_inputs_stay_fast():
    huge = "The API runs on port 8080. " * 40_000  # ~1 MB
    noise = "lorem ipsum dolor sit amet " * 40_000
    start = time.perf_counter()
    assert detect_contradiction(huge, "The API runs on port 9000.") is not None
    assert detect_contradiction(noise, noise[::-1]) is None
    assert detect_contradiction("x" * 1_000_000, "y" * 1_000_000) is None
    assert time.perf_counter() - start < 0.5  # the work is capped, not proportional to the input


def test_typical_pair_is_sub_millisecond():
    pairs = DEVSET[:120]
    times = []
    for p in pairs:
        memo.clear()  # measure parsing too, not just the caches
        t = time.perf_counter()
        detect_contradiction(p["existing"], p["incoming"])
        times.append(time.perf_counter() - t)
    # ~170 us on the dev machine; generous bound for a loaded CI box.
    assert statistics.median(times) < 0.002
