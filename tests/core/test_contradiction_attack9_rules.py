"""The rules answering the ninth attack (`corpus_attack9.jsonl`), each with the compatible
look-alikes that made it necessary and the genuine updates of the same shape that must still be
caught. A false deprecation is the worst failure, so every rule is checked in both directions.
"""

from __future__ import annotations

import pytest

from tests.core.detector_checks import caught as _caught, silent as _silent


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


# --- a place keeps the region written after it ("Portland, Oregon" is not "Portland, Maine") ---


@pytest.mark.parametrize("existing,incoming", [
    ("User lives in Portland, Oregon.", "User does not live in Portland, Maine."),
    ("User lives in Cambridge, Massachusetts.", "User does not live in Cambridge, England."),
    ("User lives in Cambridge, MA.", "User doesn't live in Cambridge, UK."),
    ("User lives in Portland.", "User doesn't live in Portland, Maine."),
    ("User lives in Springfield, Illinois.", "User does not live in Springfield, Missouri."),
    ("User lives in London, Ontario.", "User doesn't live in London, England."),
    ("User lives in London.", "User lives in London, Ontario."),
    # a namesake without an announced move: a slip of the region is as likely as a move
    ("User lives in Berlin, Germany.", "User lives in Berlin, New Hampshire."),
    # a postal code may name two regions ("CA": California or Canada): never a conflict
    ("User lives in Toronto, CA.", "User now lives in Toronto, Ontario."),
    ("User lives in Cambridge, MA.", "User now lives in Cambridge, Massachusetts."),
    ("User lives in Cambridge, England.", "User now lives in Cambridge, UK."),
    ("User lives in Lisbon, Portugal.", "User now lives in Lisbon."),
])
def test_a_namesake_in_another_region_is_another_place(existing, incoming):
    _silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("User lives in Portland, Oregon.", "Correction: user lives in Portland, Maine."),
    ("User lives in Portland, Oregon.", "User now lives in Portland, Maine."),
    ("User lives in Paris, Texas.", "User moved to Paris, France."),
    ("User lives in Portland, Oregon.", "User does not live in Portland anymore."),
    ("User lives in Portland, Oregon.", "User no longer lives in Portland, OR."),
    ("User lives in Lisbon, Portugal.", "User now lives in Porto."),
    ("User lives in Berlin, Germany.", "User moved to Munich."),
])
def test_a_move_between_namesakes_or_away_is_still_caught(existing, incoming):
    _caught(existing, incoming)


# --- a change dated by a stage of life is a past event ("moved to Munich after college") -------


@pytest.mark.parametrize("existing,incoming", [
    ("User lives in Berlin.", "User moved to Munich after college."),
    ("User lives in Berlin.", "User moved to Munich after graduating."),
    ("User lives in Berlin.", "User moved to Munich after high school."),
    ("User lives in Berlin.", "User relocated to Munich after finishing school."),
    ("User uses VS Code.", "User switched to Vim after graduating."),
])
def test_a_change_after_a_stage_of_life_is_history(existing, incoming):
    _silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("User lives in Berlin.", "User just moved to Munich after graduating."),
    ("User lives in Berlin.", "User moved to Munich after graduating last month."),
    ("User lives in Berlin.", "User now lives in Munich after relocating for work."),
    ("The user does yoga.", "The user stopped doing yoga after the knee surgery."),
    ("The user works at Google.", "The user now works at Microsoft after leaving Google."),
    ("The cluster runs Kubernetes 1.27.", "The cluster is now on Kubernetes 1.29 after the upgrade."),
])
def test_a_change_after_a_named_event_or_said_to_be_recent_is_still_caught(existing, incoming):
    _caught(existing, incoming)


# --- a side of a dash quoted as a whole is a quotation, not a statement ------------------------


@pytest.mark.parametrize("existing,incoming", [
    ("User lives in Berlin.", '"I live in Munich" - user\'s favorite line from the book.'),
    ("User lives in Berlin.", '"I live in Munich" \u2014 the opening line of the user\'s novel.'),
    ("User lives in Berlin.", "\u201cI live in Munich\u201d \u2013 a line from the user's German course."),
    ("User works at Acme.", "The user's band has a song - \"I work at Globex now\"."),
])
def test_a_quoted_side_of_a_dash_asserts_nothing(existing, incoming):
    _silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("User lives in Berlin.", '"I live in Munich now."'),  # the whole memory quoted: the user's words
    ("User works at IBM.", "I left IBM - my new employer is Red Hat."),
    ("User lives in Berlin.", 'User moved to Munich - "best decision ever", the user says.'),
])
def test_an_unquoted_side_or_a_wholly_quoted_memory_still_counts(existing, incoming):
    _caught(existing, incoming)


# --- "A - B": an "A" that says nothing of the user labels "B", as "A: B" does ------------------


@pytest.mark.parametrize("existing,incoming", [
    ("User lives in Berlin.", "Persona for the sales demo - the user lives in Munich."),
    ("User lives in Berlin.", "German practice sentence - I live in Munich."),
    ("User lives in Berlin.", "Song lyric the user likes - I live in Munich"),
    ("User lives in Berlin.", "Note left by the previous tenant - I live in Munich now."),
    ("User works at Acme.", "Message from Tom - I work at Globex now."),
    ("User works at Acme.", "Tom wrote on 2024-03-01 - I work at Globex now."),
    ("User drinks coffee.", "Reply from the user's friend - I don't drink coffee."),
    ("User has a dog.", "The neighbour told the user - I no longer have a dog."),
    ("User uses Python.", "Blog post the user wants to read - I switched from Python to Go."),
    ("User's OS is macOS.", "On the work laptop - User's OS is Windows."),
])
def test_a_dash_label_scopes_what_follows(existing, incoming):
    _silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("User works at IBM.", "I left IBM - my new employer is Red Hat."),
    ("User lives in Berlin.", "The user moved last month - the user lives in Munich now."),
    ("User lives in Berlin.", "Moved to a new city - I live in Munich now."),
    ("User lives in Berlin.", "Big news from the user - I live in Munich now."),  # the user as the source
    ("User's daughter is Anna.", "Not Anna but Hanna - the user's daughter is Hanna."),
    # what "B" says of anything but the user is a clause of its own
    ("The DB port is 5432.", "The API port is 8081 - the DB port is now 5433."),
])
def test_the_users_own_clause_or_news_before_a_dash_is_still_read(existing, incoming):
    _caught(existing, incoming)


# --- one voice per memory: after someone else's words, "I" is not the user --------------------


@pytest.mark.parametrize("existing,incoming", [
    ("User works at Acme.", "Tom texted the user; I work at Globex now."),
    ("User works at Acme.", "Tom's text to the user. I work at Globex now."),
    ("User works at Acme.", "Tom's LinkedIn post. I now work at Globex."),
    ("User works at Acme.", "Reply from Tom\n\nHi! I work at Globex now."),
    ("User works at Acme.", "Tom replied. Hi! I work at Globex now."),
    ("User works at Acme.", "Interview notes, candidate Tom.\nI work at Globex now."),
    ("User works at Acme.", "Reply from Tom\n\nI work at Globex now."),
    ("User's OS is macOS.", "Company issued the user a ThinkPad, and my OS is Windows."),
    ("User lives in Berlin.", "The user forwarded a message. I live in Munich now."),
])
def test_a_first_person_after_another_voice_is_not_the_user(existing, incoming):
    _silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    # (a bare "now" does not replace an employer: a move of home shows the voice instead)
    ("User lives in Berlin.", "Big news! I live in Munich now."),
    ("User works at Acme.", "New job! I work at Globex now."),
    ("User lives in Berlin.", "Hi! I live in Munich now."),
    ("User lives in Berlin.", "Update. I now live in Munich."),
    ("User works at Acme.", "Quick correction. I work at Globex, not Acme."),
    ("User lives in Berlin.", "Moved last month. I live in Munich now."),
    ("User works at Acme.", "I left Acme. I work at Globex now."),
    ("User's OS is macOS.", "My laptop died. My OS is Windows now."),
    ("User's OS is macOS.", "Company issued me a ThinkPad, and my OS is Windows now."),
    # the third person all through is the memorizer's own voice
    ("User lives in Berlin.", "Tom texted the user; the user lives in Munich now."),
])
def test_the_users_own_voice_is_still_read(existing, incoming):
    _caught(existing, incoming)


# --- a short verbless first sentence labels the rest; a new thing may own a later setting ------


@pytest.mark.parametrize("existing,incoming", [
    ("User's OS is macOS.", "Desktop setup, 2nd machine.\nUser's OS is Windows."),
    ("User's OS is macOS.", "User's work laptop. User's OS is Windows."),
    ("User's OS is macOS.", "Work laptop. User's OS is Windows."),
    ("User's OS is macOS.", "Work laptop details. User's OS is Windows."),
    ("User's OS is macOS.", "Work laptop setup complete. User's OS is Windows."),
    ("User's OS is macOS.", "User set up a home server. User's OS is Debian."),
    ("User's OS is macOS.", "User bought a gaming PC. User's OS is Windows."),
    ("User's editor is Vim.", "User started a Java job. User's editor is IntelliJ."),
])
def test_a_setting_after_a_lead_or_a_new_thing_is_not_the_users_own(existing, incoming):
    _silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("User's OS is macOS.", "User got a new laptop. User's OS is now Windows."),
    ("User's OS is macOS.", "User bought a gaming PC. User switched to Windows."),
    ("User's OS is macOS.", "Migration done. User's OS is Windows now."),
    ("User's OS is macOS.", "Update. User's OS is Windows now."),
    ("User lives in Berlin.", "User adopted a cat. User lives in Munich."),
    ("The app stores sessions in Redis. Sessions expire after 30 minutes.",
     "Correction: sessions expire after 60 minutes."),
])
def test_an_announced_change_or_a_clause_first_is_still_caught(existing, incoming):
    _caught(existing, incoming)
