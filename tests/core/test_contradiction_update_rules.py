"""Recall rules for single-sentence updates whose slot is named another way than the stored fact.

Each family has the genuine updates it catches and look-alikes, written before the rule was run on
the labelled sets, that must stay compatible (a false deprecation is the worst failure).
"""

from __future__ import annotations

import pytest

from tests.core.detector_checks import caught, silent

# --- the project's "we" (groups.py) ------------------------------------------------------------------

GROUP_UPDATES = [
    ("The project uses MySQL.", "We switched to Postgres 16."),
    ("The project uses Postgres 15.", "We upgraded to Postgres 16."),
    ("The team uses Jira.", "We don't use Jira anymore."),
    ("The database is MongoDB.", "We migrated off MongoDB to Postgres."),
    ("The database is MongoDB.", "We switched from MongoDB to Postgres."),
    ("The project uses npm.", "We switched to pnpm."),
]

GROUP_LOOKALIKES = [
    ("The marketing team uses Jira.", "We don't use Jira anymore."),  # a named team is not "the team"
    ("Anna's team uses Jira.", "We don't use Jira anymore."),
    ("The user's project uses MySQL.", "We switched to Postgres 16."),  # someone's project
    ("The project uses MySQL.", "We will switch to Postgres 16."),  # a plan
    ("The project uses MySQL.", "We might migrate to Postgres."),
    ("The project uses MySQL.", "If we switched to Postgres 16, queries would be faster."),
    ("The project uses MySQL.", "We didn't switch to Postgres 16."),
    ("The project uses MySQL.", "We switched to Vim."),  # another kind of tool
    ("The project uses Python.", "We switched to Neovim."),
    ("The project uses Postgres.", "We also use Redis now."),
    ("The team uses Jira.", "We don't use Confluence anymore."),  # another tool ended
    ("The team uses Jira.", "Our other team doesn't use Jira anymore."),
    ("The team uses Jira.", "We don't use Jira for personal tasks anymore."),  # a scope
    ("The project uses MySQL for analytics.", "We switched to Postgres 16."),
    ("The project uses MySQL.", "We switched to Postgres 16 for the new service."),
    ("The project uses MySQL.", "We switched to Postgres 16 in the staging environment."),
    ("The project uses MySQL.", "We switched to Postgres 16. The old service still uses MySQL."),
    ("The project uses MySQL.", "Our client switched to Postgres 16."),
    ("The user uses MySQL.", "We switched to Postgres 16."),  # the user is not "we"
    ("The app uses Python.", "We upgraded to Python 3.12."),  # still Python
    ("The project uses Postgres 15.", "We upgraded Redis to 7.2."),
    ("The company uses Slack.", "We switched to Discord for gaming nights."),
    ("The database is MongoDB.", "We moved the logs from MongoDB to S3."),
    ("The database is MySQL.", "We migrated off MongoDB to Postgres."),  # the group had two databases
    ("The cache is Redis.", "We migrated off MongoDB to Postgres."),
]


@pytest.mark.parametrize("existing,incoming", GROUP_UPDATES)
def test_the_projects_we_announcing_a_change_is_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", GROUP_LOOKALIKES)
def test_group_lookalikes_stay_compatible(existing, incoming):
    silent(existing, incoming)


# --- districts and more cities (lexicon/places.py) -------------------------------------------------

MOVES = [
    ("The user's home is in Brooklyn.", "The user just moved to Jersey City."),
    ("The office is in Shoreditch.", "The office moved to King's Cross."),
    ("The user lives in Oakland.", "The user moved to Sacramento to be closer to family."),
    ("The user lives in Manhattan.", "The user moved to Brooklyn."),
    ("The user lives in Kreuzberg.", "The user moved to Hamburg."),
]

MOVE_LOOKALIKES = [
    ("The user lives in New York.", "The user moved to Brooklyn."),  # a move inside the city
    ("The user lives in London.", "The user moved to Shoreditch."),
    ("The user lives in Berlin.", "The user now lives in Kreuzberg."),
    ("The user lives in Kreuzberg.", "The user lives in Berlin."),
    ("The user lives in Brooklyn.", "The user's sister moved to Jersey City."),  # someone else's move
    ("The user lives in Oakland.", "The user's parents moved to Sacramento."),
    ("The office is in Shoreditch.", "The meeting moved to King's Cross."),  # another thing moved
    ("The user lives in Oakland.", "The user moved the car to Sacramento."),
    ("The office is in Shoreditch.", "We opened a second office in King's Cross."),
    ("The user lives in Brooklyn.", "The user will move to Jersey City next year."),  # a plan
    ("The user lives in Brooklyn.", "The user might move to Jersey City."),
    ("The user lives in Brooklyn.", "If the user moved to Jersey City, rent would be lower."),
    ("The user lives in Brooklyn.", "The user works in Manhattan."),  # another relation
    ("The user lives in Hoboken.", "The user commutes to Manhattan."),
    ("The user lives in Brooklyn.", "The user is visiting Jersey City this week."),
    ("The user lives in Brooklyn.", "The user grew up in Queens."),
    ("The user lives in Brooklyn.", "The user moved to Brooklyn Heights."),  # an unknown place
    ("The user lives in Camden.", "The user's office is in Camden."),
    ("The user lives in Boston.", "The user is house-sitting for a friend. The user lives in Providence."),
]


@pytest.mark.parametrize("existing,incoming", MOVES)
def test_a_move_between_known_districts_and_cities_is_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", MOVE_LOOKALIKES)
def test_move_lookalikes_stay_compatible(existing, incoming):
    silent(existing, incoming)
