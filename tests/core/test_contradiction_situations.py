"""General rules that answered the last false positives of the attack sets, one group each: an
activity going on scopes the user's other facts in the same memory; a port a service exposes is one
of several; one value written in another format (an IP address padded with zeros, Java's "1.8" for
8, a garment size in another sizing system) is no change; a person's programming language is one of
several; a product built on another answers to the other's name; a "..., not Y" tail that names a
kind of the stored value refines it. The attack pairs are pinned in `test_contradiction_attacks.py`;
these are look-alikes of the same shapes and the genuine changes that must still be caught.
"""

from __future__ import annotations

import pytest

from festinger import detect_contradiction


@pytest.mark.parametrize("existing,incoming", [
    ("The user uses a monitor.", "The user is working from a café. The user uses a laptop stand instead of a monitor."),
    ("The user drinks alcohol.", "The user is training for a marathon. The user does not drink alcohol."),
    ("The user lives in Paris.", "The user is renovating the flat. The user lives in Berlin."),
])
def test_an_activity_going_on_scopes_the_users_other_facts(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", [
    ("The user lives in Paris.", "The user is working at Google. The user lives in Berlin."),  # a standing fact
    ("The user eats gluten.", "The user is doing an elimination diet. The user no longer eats gluten."),  # announced
    ("The project uses Python 3.9.", "The user is migrating the project. The project uses Python 3.11."),  # not the user's
])
def test_a_fact_beside_an_activity_is_still_compared(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None


@pytest.mark.parametrize("existing,incoming", [
    ("The container exposes port 5432.", "The container exposes port 5433."),  # exposes several
    ("User's server IP: 10.0.0.5.", "Actually, the server IP is 010.000.000.005."),  # zero-padded
    ("The project targets Java 1.8.", "The project targets Java 8."),  # Java's old numbering
    ("User's Java version: 6.", "User's Java version: 1.6."),
])
def test_one_value_in_another_format_or_one_of_several_is_no_change(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", [
    ("The app runs on port 80.", "The app runs on port 443."),
    ("The app exposes port 80.", "The app no longer exposes port 80."),
    ("The app exposes port 80.", "Actually, the app exposes port 8080, not 80."),
    ("User's server IP: 192.168.1.10.", "Actually, the server IP is 19.216.81.10."),  # digits alike, two addresses
    ("User's server IP: 10.0.0.5.", "Actually, the server IP is 10.0.0.6."),
    ("The project targets Java 1.8.", "The project targets Java 17."),
    ("User's Java version: 1.8.", "User's Java version: 1.7."),
])
def test_a_real_change_of_port_address_or_version_is_still_found(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None


@pytest.mark.parametrize("existing,incoming", [
    ("The user's language is Go.", "The user's language is Rust."),  # a person writes several
    ("The user's bra size is 32C.", "The user's bra size is 70C."),  # a size in another system
    ("The user's shoe size is 10W.", "The user's shoe size is 43W."),
    ("The database is MySQL.", "The database is MariaDB."),  # runs as MySQL
    ("User's database: PostgreSQL.", "User's database: TimescaleDB."),  # a PostgreSQL with an extension
    ("The user's favourite food is pasta.", "The user's favourite food is lasagne, not pasta with pesto."),
])
def test_one_of_several_or_one_thing_named_two_ways_is_no_change(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", [
    ("The user's primary language is Python.", "The user's primary language is now Go."),
    ("The project's language is TypeScript.", "The project's language is JavaScript."),
    ("The user's language is Python.", "The user switched from Python to Go."),
    ("The user's bra size is 32C.", "The user's bra size is now 34C."),
    ("The project's database is PostgreSQL.", "The project's database is MySQL."),
    ("The database is MariaDB.", "The database is PostgreSQL."),
    ("User's database: PostgreSQL.", "User migrated the database from PostgreSQL to TimescaleDB."),
    ("The user's favourite drink is coffee.", "The user's favourite drink is now tea, not coffee."),
    ("The user's editor is Vim.", "The user's editor is now VS Code, not Vim with plugins."),
])
def test_an_announced_or_single_valued_change_is_still_found(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None
