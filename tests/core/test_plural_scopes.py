"""A scope's final "s" is part of its name: HTTPS is not HTTP, the news server is not the new one
(attack56: 86 false deprecations of one cause). Written after the fix, not taken from attack56."""

import pytest

from festinger.core.contradiction.compare import detect_contradiction
from festinger.core.contradiction.grammar.values import singular

TWO_SCOPES = [
    ("The mail server listens on port 389 (LDAP).", "The mail server listens on port 636 (LDAPS)."),
    ("Grafana is served on port 80 for HTTP.", "Grafana is served on port 443 for HTTPS."),
    ("Port 25 is used for SMTP on the relay.", "Port 465 is used for SMTPS on the relay."),
    ("The user's blog runs on port 80 (http).", "The user's blog runs on port 443 (https)."),
    ("The broker listens on 1883 for MQTT.", "The broker listens on 8883 for MQTTS."),
    ("User's Node version is 18 on the news site.", "User's Node version is 20 on the new site."),
    ("The worker runs on port 9000 for the news pipeline.", "The worker runs on port 9001 for the new pipeline."),
    ("The database is MySQL for the sales dashboard.", "The database is Postgres for the sale dashboard."),
    ("The user's Postgres version is 14 on the stats box.", "The user's Postgres version is 16 on the stat box."),
    ("User's Ruby version is 3.1 in the news app.", "User's Ruby version is 3.3 in the new app."),
    ("The cache TTL is 60 seconds for the news API.", "The cache TTL is 300 seconds for the new API."),
    ("FTP runs on port 21.", "FTPS runs on port 990."),
]

SAME_SCOPE_UPDATES = [
    ("The API runs on port 8080 for HTTPS.", "Correction: the API runs on port 8443 for HTTPS."),
    ("The user's office is in Building 4.", "Relocation news: the user's office is in Building 9 now."),
    ("The user's office is in Building 4.", "Move news: the user's office is in Building 9 now."),
    ("User's Python version is 3.10 on the news server.", "User's Python version on the news server is now 3.12."),
]


@pytest.mark.parametrize("existing,incoming", TWO_SCOPES)
def test_a_scope_named_with_an_s_is_another_scope(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", SAME_SCOPE_UPDATES)
def test_an_update_in_the_same_scope_is_still_read(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None


def test_a_console_is_not_a_life_event_label():
    assert detect_contradiction("The user's main game is Elden Ring.",
                                "Switch update: the user's main game is Zelda now.") is None


@pytest.mark.parametrize("word", ["news", "https", "ldaps", "series", "physics"])
def test_words_whose_s_is_no_plural_stay_whole(word):
    assert singular(word) == word


def test_plurals_still_fold():
    assert (singular("servers"), singular("policies"), singular("ports")) == ("server", "policy", "port")
