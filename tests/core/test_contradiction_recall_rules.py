"""Recall rules added for the update phrasings blind attackers and LLM memorizers use most.

Each family has the genuine updates it catches and look-alikes, written before the rule was run
on the labelled sets, that must stay compatible (a false deprecation is the worst failure).
"""

from __future__ import annotations

import pytest

from festinger.core.contradiction.compare import _detect

# --- bare "Key: value" lines (keyvalue.py) ----------------------------------------------------------

KEY_VALUE_UPDATES = [
    ("OS: Ubuntu 22.04", "OS: Fedora 40"),
    ("Editor: Neovim", "Editor: Helix"),
    ("Shell: fish", "Shell: zsh"),
    ("Timezone: Europe/Berlin", "Timezone: America/New_York"),
    ("Timeout: 30s", "Timeout: 60s"),
    ("Database: PostgreSQL", "Database: MySQL"),
]

KEY_VALUE_LOOKALIKES = [
    ("Meeting: Tuesday", "Meeting: Thursday"),  # two meetings
    ("Note: the API uses Postgres", "Note: the API uses MySQL"),  # notes, not a slot
    ("Option A: PostgreSQL", "Option A: MySQL"),
    ("Step 1: install Docker", "Step 1: install Podman"),  # items of a list
    ("Sister: Anna", "Sister: Maria"),  # one may have two sisters
    ("Email: alice@gmail.com", "Email: alice@work.com"),  # a work and a personal address
    ("Favourite season: autumn", "Favourite season: fall"),  # synonyms
    ("OS: Ubuntu 22.04", "Server OS: Debian 12"),  # another key
    ("OS: Ubuntu 22.04", "OS: Fedora 40\nLaptop: ThinkPad"),  # not the same kind of memory
    ("OS: Ubuntu 22.04", "OS: Fedora 40 (for the build box)"),  # a scope in brackets
    ("Editor: Neovim", "Editor: VS Code or Neovim"),
    ("Dinner: pasta", "Dinner: pizza"),
    ("Shell: fish", "Previous shell: zsh"),
    ("Timeout: 30s", "Timeout: 30 seconds"),  # the same value
    ("Language: Python", "Language: Go"),  # a person writes several languages
    ("Browser: Firefox", "Tom's browser: Chrome"),
    ("Tom: Chrome", "Tom: Firefox"),  # a person as the key is a list of that person's things
    ("OS: Ubuntu 22.04", "OS: Ubuntu 22.04"),
]


@pytest.mark.parametrize("existing,incoming", KEY_VALUE_UPDATES)
def test_bare_key_value_updates_are_caught(existing, incoming):
    assert _detect(existing, incoming) is not None


@pytest.mark.parametrize("existing,incoming", KEY_VALUE_LOOKALIKES)
def test_bare_key_value_lookalikes_stay_compatible(existing, incoming):
    assert _detect(existing, incoming) is None
