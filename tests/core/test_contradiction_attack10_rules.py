"""The rules answering the tenth attack (`corpus_attack10.jsonl`), each with the compatible
look-alikes that made it necessary and the genuine updates of the same shape that must still be
caught. A false deprecation is the worst failure, so every rule is checked in both directions.
"""

from __future__ import annotations

import pytest

from tests.core.detector_checks import caught as _caught, silent as _silent


# --- a bare "The X" is the user's only when nothing before it brought in another owner ---------


@pytest.mark.parametrize("existing,incoming", [
    # someone else by name, an organisation, a pronoun, a possessive
    ("User's database is PostgreSQL.", "User interviewed at Shopify today. The database is MySQL."),
    ("The editor is VS Code.", "The user is pairing with Dana. The editor is Vim."),
    ("The database is PostgreSQL.", "The user visited Tom. The database is MariaDB."),
    ("The database is PostgreSQL.", "The user is helping his brother. The database is MySQL."),
    ("User's laptop has 32 GB RAM.", "User reviewed Dana's setup. The laptop has 8 GB RAM."),
    ("User's laptop has 32 GB RAM.", "User fixed the intern's laptop. The laptop has 8 GB RAM."),
    ("The wifi password is hunter2.", "The user is at their parents' house. The wifi password is grandma1."),
    ("The project uses Python 3.11.", "User is grading the students' projects. The project uses Python 3.9."),
    # a definite thing other than the one named, or people by what they are
    ("The database is PostgreSQL.", "The user is helping the data team. The database is Snowflake."),
    ("The API port is 8080.", "The user is debugging the payment service. The API port is 9090."),
    ("The wifi password is hunter2.", "User stayed at the Marriott. The wifi password is marriott2024."),
    ("The wifi password is hunter2.", "User is working from the library. The wifi password is books123."),
    ("The flight is at 10:05.", "The user's sister is flying in Sunday. The flight is at 14:30."),
    ("The database is PostgreSQL.", "User interviewed candidates today. The database is MySQL."),
    ("The database is PostgreSQL.", "User met with the client. The database is MySQL."),
    ("The laptop has 32 GB RAM.", "User set up laptops for the new hires. The laptop has 8 GB RAM."),
    # and the same in a stored memory: a memory about Tom's database is no less true
    ("User visited Tom. The database is MariaDB.", "The database is PostgreSQL now."),
])
def test_a_bare_thing_after_someone_else_is_not_the_users(existing, incoming):
    _silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("The database is PostgreSQL.", "The user migrated the database. The database is MySQL now."),
    ("User's database is PostgreSQL.", "The user migrated the database server. The database is MySQL now."),
    ("The database port is 5432.", "The user migrated the database. The database port is 5433 now."),
    ("The database is PostgreSQL.", "Migration done. The database is MySQL now."),
    ("The API port is 8080.", "The user restarted the API. The API port is 9090 now."),
    ("The laptop has 32 GB RAM.", "User upgraded the laptop yesterday. The laptop has 64 GB RAM now."),
    ("User's laptop has 32 GB RAM.", "I upgraded my laptop. The laptop has 64 GB RAM now."),
    ("The wifi password is hunter2.", "The user reset the wifi. The wifi password is abc123 now."),
    # a value is no one else: a place moved to, a product switched to
    ("The rent is 1200 EUR.", "The user moved to Berlin last month. The rent is 1500 EUR now."),
    ("The database is PostgreSQL.", "The user switched to Fedora. The database is MySQL now."),
    # what the user is brings no one in
    ("User is a data scientist in Berlin. The dashboard runs on port 5000.", "The dashboard runs on port 5001."),
])
def test_a_bare_thing_after_the_users_own_news_is_still_compared(existing, incoming):
    _caught(existing, incoming)


# --- what software runs on is a list of platforms; a machine runs one OS at a time -------------


@pytest.mark.parametrize("existing,incoming", [
    ("The app runs on iOS 17.", "The app runs on iOS 16."),
    ("The app runs on Android 14.", "The app runs on Android 13."),
    ("The game runs on Windows 10.", "The game runs on Windows 11."),
    ("The game runs on macOS 14.", "The game runs on macOS 13."),
    ("The plugin runs on Ubuntu 22.04.", "The plugin runs on Ubuntu 24.04."),
    ("User's app runs on iOS 17.", "User's app runs on iOS 16."),
    ("The extension runs on Windows 10.", "The extension runs on Windows 11."),
    # "now runs on" a newer version says nothing of the older one for software
    ("The app runs on iOS 16.", "The app now runs on iOS 17."),
])
def test_the_platforms_software_runs_on_are_a_list(existing, incoming):
    _silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("User's Raspberry Pi runs Debian 11.", "User's Raspberry Pi runs Debian 12."),
    ("User's laptop runs Ubuntu 22.04.", "User's laptop runs Ubuntu 24.04."),
    ("User's MacBook Pro runs macOS 13.", "User's MacBook Pro runs macOS 14."),
    ("User's Raspberry Pi 4 runs Debian 11.", "User's Raspberry Pi 4 runs Debian 12."),
    ("User runs Ubuntu 22.04.", "User runs Ubuntu 24.04."),
    ("The VMs run Ubuntu 20.04.", "The VMs run Ubuntu 22.04."),
    ("Production runs on Ubuntu 20.04.", "Production runs on Ubuntu 22.04."),
    ("The CI runners use Ubuntu 20.04.", "The CI runners use Ubuntu 22.04."),
    # software: what it is built on stays one; and an announced drop is caught
    ("The Docker image is based on Alpine 3.18.", "The Docker image is based on Alpine 3.19."),
    ("The app runs on iOS 16.", "The app no longer runs on iOS 16."),
    ("The backend runs on Ubuntu 22.04.", "The backend now runs on Ubuntu 24.04."),
])
def test_a_machines_operating_system_is_still_one(existing, incoming):
    _caught(existing, incoming)
