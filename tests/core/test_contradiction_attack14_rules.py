"""The rules the fourteenth attack led to, each with its look-alikes and the real conflicts it
must still catch:

* a district written alone ("Kensington", "Brooklyn") is the lexicon's district only against its
  own city, its country or another district of it: elsewhere it may be a namesake; a move
  announced away from it to a city elsewhere is still read;
* two names of one make, or sharing a model word, are two models only when one numbering tells
  them apart: names squashed across spaces, a series' models and performance variants, and a
  year, generation, size, chip or chassis code against a model number are one thing, or unknown;
* the quitting rule's version guard holds for any product name, whatever its case;
* a quit does not reach a use scoped to work or school (debatable pairs);
* a bare "New York" against a place written in New York State is not judged (debatable pairs)."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.grammar.places import compare_places
from festinger.core.contradiction.grammar.values import Relation
from tests.core.detector_checks import caught, silent


@pytest.mark.parametrize("existing,incoming", [
    ("I live in Philadelphia.", "I live in Kensington."),  # Philadelphia's Kensington
    ("User lives in Adelaide.", "User lives in Kensington."),
    ("User lives in Sydney.", "User lives in Kensington."),
    ("I live in Wellington.", "I live in Brooklyn."),
    ("User lives in Oakland.", "User lives in Brooklyn."),
    ("I live in Baltimore.", "I live in Brooklyn."),
    ("User lives in Cleveland.", "User lives in Brooklyn."),
    ("I live in Brooklyn.", "I live in Kensington."),  # Brooklyn's Kensington
    ("I live in Montreal.", "I live in Hampstead."),
    ("I live in Johannesburg.", "I live in Mayfair."),
    ("I live in Toronto.", "I live in Islington."),
    ("I live in Adelaide.", "I live in Clapham."),
    ("I live in Wellington.", "I moved to Brooklyn."),  # a move into a namesake
    ("I live in Brooklyn.", "I moved to Kensington."),  # may be Brooklyn's own
    ("City: Brooklyn", "City: Wellington"),
])
def test_a_district_written_alone_may_be_a_namesake(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("I live in Brooklyn.", "I moved to Manhattan."),  # two boroughs of one city
    ("I live in Brooklyn.", "I just moved to Berlin."),  # a move away from it
    ("I live in Brooklyn.", "I now live in London."),
    ("The user's home is in Brooklyn.", "The user just moved to Jersey City."),
    ("I live in Chicago.", "I live in Brooklyn, NY."),  # the region confirms the lexicon's Brooklyn
    ("I live in Harlem, NY.", "I now live in Chicago."),
    ("User lives in Brooklyn, NY.", "User moved to Islington, London."),
    ("I live in New York.", "I moved to Kensington, London."),
    ("I live in Toronto.", "I moved to Islington, London."),
])
def test_a_move_away_from_a_district_is_still_caught(existing, incoming):
    caught(existing, incoming)


def test_district_namesakes_in_the_lexicon():
    assert compare_places("Philadelphia", "Kensington") is Relation.UNKNOWN
    assert compare_places("Brooklyn", "Kensington") is Relation.UNKNOWN
    assert compare_places("Brooklyn", "New York") is Relation.COMPATIBLE
    assert compare_places("Brooklyn", "Manhattan") is Relation.CONFLICT
    assert compare_places("Brooklyn", "Kensington", as_listed=True) is Relation.CONFLICT


@pytest.mark.parametrize("existing,incoming", [
    # spacing
    ("I drive a Toyota RAV 4.", "Actually I drive a Toyota RAV4 Hybrid."),
    ("I drive a Kia EV 6.", "Actually I drive a Kia EV6 GT-Line."),
    ("User's phone is an iPhone 15.", "Actually, user's phone is an iPhone15 Pro."),
    ("I drive a BMW X5.", "Actually I drive a BMW X5M."),
    # a year, generation, size, chip or chassis code against a model number
    ("I drive a VW Golf Mk7.", "Actually I drive a VW Golf 2017."),
    ("I drive a Toyota Corolla E210.", "Actually I drive a Toyota Corolla 2020."),
    ("My laptop is a ThinkPad X1 Carbon G11.", "Actually my laptop is a ThinkPad X1 Carbon 2023."),
    ("My laptop is a MacBook Air M2.", "Actually my laptop is a MacBook Air 13 2022."),
    ("My laptop is a MacBook Pro M3.", "Actually my laptop is a MacBook Pro 14 2023."),
    ("My laptop is a Dell XPS 13.", "Actually my laptop is a Dell XPS 9315."),
    ("My tablet is an iPad Pro 11.", "Actually my tablet is an iPad Pro M4."),
    ("My watch is an Apple Watch Series 9.", "Actually my watch is an Apple Watch 45mm."),
    ("I drive a Porsche 911.", "Actually I drive a Porsche 992 Carrera."),
    ("I drive a BMW 330i.", "Actually I drive a BMW F30."),
    # a series' models and performance variants
    ("I drive a BMW 3 Series.", "Actually I drive a BMW M3."),
    ("My car is a BMW 3 Series.", "Actually my car is a BMW M340i."),
    ("I drive a Mercedes E-Class.", "Actually I drive a Mercedes AMG E63."),
    ("My car is a Mercedes C-Class.", "Actually my car is a Mercedes AMG C43."),
    ("I drive a Tesla Model 3.", "Actually I drive a Tesla M3."),
    ("I drive a Audi A4.", "Actually I drive a Audi S4."),
    # one model under another market's name
    ("I drive a VW Golf.", "Actually I drive a VW Rabbit."),
    ("I drive a Honda Fit.", "Actually I drive a Honda Jazz."),
])
def test_two_names_of_one_model_are_not_two_models(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("I drive a Honda Civic.", "I sold the Civic and now drive a Tesla Model 3."),
    ("I drive a Honda Civic.", "I now drive a Tesla Model 3."),
    ("User drives a Toyota Camry.", "User now drives a Tesla Model 3."),
    ("I drive a BMW 3 Series.", "I now drive a BMW 5 Series."),
    ("I drive a BMW 3 Series.", "I now drive a BMW 530i."),  # a model of another series
    ("I drive a Mercedes C-Class.", "I now drive a Mercedes E300."),
    ("I drive a Tesla Model 3.", "I now drive a Tesla Model Y."),
    ("My phone is an iPhone 13.", "My phone is now an iPhone 15."),
    ("My phone is a Pixel 6.", "I upgraded my phone to a Pixel 8."),
    ("My phone is a Galaxy S23.", "My phone is now a Galaxy S24."),
    ("I drive a VW Golf Mk7.", "I now drive a VW Golf Mk8."),
    ("I drive a Honda Civic 2016.", "I now drive a Honda Civic 2023."),
    ("My laptop is a MacBook Pro M1.", "My laptop is now a MacBook Pro M3."),
    ("I drive a Ford F-150.", "I now drive a Ford F-250."),
    ("My laptop is a Dell XPS 13.", "Actually my laptop is a Dell XPS 15."),
    ("My work laptop is a Dell XPS.", "The user's work laptop is now a MacBook Pro."),
])
def test_a_genuinely_different_model_is_still_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("I use iOS 17.", "I gave up iOS 6 years ago."),
    ("I use macOS 14.", "I gave up macOS 10 years ago."),
    ("I use PHP 8 at work.", "i gave up php 5 years ago"),
    ("I use vim.", "I gave up vim 8 years ago."),
    ("I use iPhone 15.", "I ditched iPhone 6 years ago."),
    ("I use Windows 10.", "I gave up Windows 7 years ago."),
])
def test_a_product_version_is_not_a_time_whatever_its_case(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("I use Twitter.", "I gave up Twitter two years ago."),
    ("I use twitter.", "i gave up twitter last year"),
    ("I drink coffee.", "I gave up coffee 3 years ago."),  # no version to a common noun
    ("I eat meat.", "i gave up meat 5 years ago"),
    ("I smoke.", "I quit smoking 2 years ago."),
    ("I use iOS 17.", "I gave up iOS."),
])
def test_a_quit_with_a_time_is_still_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("User uses Windows 11 at work.", "User gave up Windows last year."),
    ("I use Chrome for work.", "I ditched Chrome."),
    ("I use Twitter for work announcements.", "I gave up Twitter recently."),
    ("I use Twitter for work.", "I ditched Twitter."),
])
def test_a_quit_does_not_reach_a_use_scoped_to_work(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("I use Windows 11 at home.", "I gave up Windows last year."),
    ("I drink coffee at work.", "I quit coffee."),  # a habit, not an imposed use
    ("I use Slack for work.", "I no longer use Slack."),  # an explicit denial is untouched
    ("The user drinks coffee at work.", "The user no longer drinks coffee."),
])
def test_a_quit_of_another_scope_or_an_explicit_denial_is_still_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("I live in New York.", "I live in Buffalo, NY."),
    ("User lives in New York.", "User lives in Rochester, New York."),
    ("I live in Buffalo, NY.", "I live in New York."),
])
def test_a_bare_new_york_may_be_the_state(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("I live in NYC.", "I live in Buffalo, NY."),  # only the city
    ("I live in New York City.", "I live in Rochester, New York."),
    ("I live in New York.", "I moved to Austin, Texas."),
    ("I live in New York.", "I moved to Chicago."),
])
def test_new_york_against_another_state_or_as_the_city_is_still_caught(existing, incoming):
    caught(existing, incoming)
