"""The rules answering the ninth attack (`corpus_attack9.jsonl`), each with the compatible
look-alikes that made it necessary and the genuine updates of the same shape that must still be
caught. A false deprecation is the worst failure, so every rule is checked in both directions.
"""

from __future__ import annotations

import pytest

from festinger.core.contradiction import detect_contradiction


def _silent(existing: str, incoming: str) -> None:
    assert detect_contradiction(existing, incoming) is None, (existing, incoming)


def _caught(existing: str, incoming: str) -> None:
    assert detect_contradiction(existing, incoming) is not None, (existing, incoming)


# --- a two-letter alias names a product but carries no version ("pg 8" is node-postgres) -------


@pytest.mark.parametrize("existing,incoming", [
    ("The app uses Postgres 15.", "The app uses pg 8.11."),
    ("The backend uses Postgres 16.", "The backend uses pg 8."),
    ("The frontend targets ES 6.", "The frontend targets ES 2015."),
    ("The app uses Elasticsearch 8.", "The app uses ES 2020."),
    ("The service uses Elasticsearch 7.", "The service uses ES 2019 syntax."),
])
def test_a_short_alias_carries_no_version(existing, incoming):
    _silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("The app uses Postgres 15.", "The app uses Postgres 16."),
    ("The app uses PostgreSQL 15.", "The app now uses Postgres 16."),
    ("The app uses Elasticsearch 7.", "The app uses Elasticsearch 8."),
    ("The app uses Postgres.", "The app no longer uses pg."),
])
def test_the_product_written_out_still_carries_its_version(existing, incoming):
    _caught(existing, incoming)
