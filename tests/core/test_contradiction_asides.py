"""An everyday update typed as casual chat (lowercase, asides, emoji) is read from the one clause that
carries it, and only when every other clause is a harmless aside (`updates/asides.py`)."""

from __future__ import annotations

import pytest

from tests.core.detector_checks import caught, silent

from festinger.core.contradiction.compare import detect_contradiction
from festinger.core.contradiction.updates.asides import restore_case

CATCHES = [
    ("Maya is 6", "maya turned 7 on sunday, party chaos"),
    ("I'm 34", "lol I'm not 34 anymore, turned 35 last week 🎂"),
    ("I take 50mg sertraline daily", "doc upped my sertraline to 100mg, started monday"),
    ("Thesis due 30 April", "got an extension, thesis now due 31 May"),
    ("ORM: SQLAlchemy 1.4", "on sqlalchemy 2.0 now, finally"),
    ("I take 10mg lisinopril", "doc upped my lisinopril to 20mg last week, ugh"),
    ("We deploy on Heroku", "migrated off heroku to fly.io last sprint, heroku is gone"),
    ("I'm 29", "turned 30 on saturday, feeling old lol"),
]

LOOKALIKES = [
    # an aside that takes the news back, doubts it, plans it or gives it to someone else
    ("Maya is 6", "maya turned 7 on sunday, jk"),
    ("Maya is 6", "maya turned 7 on sunday, in my dreams"),
    ("Maya is 6", "maya turned 7 on sunday, that was my niece"),
    ("I'm 34", "turned 35 last week, my brother did"),
    ("I'm 34", "maya's bday, turned 7 🎂"),
    ("I take 50mg sertraline daily", "doc upped my sertraline to 100mg, only for two weeks"),
    ("I take 50mg sertraline daily", "doc upped my sertraline to 100mg, starting monday"),
    ("I take 50mg sertraline daily", "doc upped my sertraline to 100mg, pending the blood test"),
    ("Thesis due 30 April", "thesis now due 31 May, if the committee agrees"),
    ("Thesis due 30 April", "thesis now due 31 May? asking for a friend"),
    # a second value of the same slot, or the stored value named again
    ("Thesis due 30 April", "thesis now due 31 May, actually 7 June"),
    ("Thesis due 30 April", "thesis now due 31 May, 30 April for the draft"),
    ("ORM: SQLAlchemy 1.4", "on sqlalchemy 2.0 now, main app is still 1.4"),
    ("We deploy on Heroku", "migrated off heroku to fly.io, then back to heroku"),
    # chatter of any other kind is not trusted: it took the news back in the attacks on later sentences
    ("I live in Denver", "moved to Austin last month, in the sims lol"),
    ("I weigh 80kg", "down to 75kg!! on the broken scale"),
]


@pytest.mark.parametrize("existing,incoming", CATCHES)
def test_an_update_wrapped_in_asides_is_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", LOOKALIKES)
def test_an_aside_that_could_change_the_news_refuses(existing, incoming):
    silent(existing, incoming)


def test_case_is_restored_from_the_stored_memory():
    names = {"barclays": "Barclays"}
    assert restore_case("moved everything out of barclays on 31 may", names) == (
        "Moved everything out of Barclays on 31 May.")
    assert restore_case("i may switch banks", names) == "I may switch banks."


@pytest.mark.parametrize("existing,incoming", [
    ("User's favorite food is sushi", "my favorite food is now sadness lol, since the breakup"),
    ("User's favorite food is sushi", "My favorite food is now sadness lol."),
])
def test_laughter_after_the_news_makes_it_a_joke(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


def test_laughter_inside_a_handle_is_no_joke():
    found = detect_contradiction("The user's GitHub handle is @jkw.", "My GitHub handle is now @jk-wu.")
    assert found is not None and found.new_value == "@jk-wu"
