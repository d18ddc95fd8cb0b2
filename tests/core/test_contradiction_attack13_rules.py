"""The rules the thirteenth attack led to, each with its look-alikes and the real conflicts it
must still catch:

* districts have levels: a borough contains its neighbourhoods, two districts of one city are
  two places only when they share no borough, and two neighbourhoods of one borough are never
  judged ("Kensington" / "Notting Hill");
* a district written with a region that is not its city ("Islington, Toronto") is a namesake,
  judged by that region and never by the lexicon;
* two names of one model (make dropped or spelled out, a trim added, a model of a series) are one
  thing refined; names sharing no model word, or each adding its own number, are two;
* "from X" names X as left only after a verb of moving or switching, never after a placed role
  ("as a consultant from Deloitte");
* a number in digits right after a name is not read as when ("gave up Windows 7 years ago");
* "their" event is the user's only beside the memorizer's third person."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.grammar.places import compare_places
from festinger.core.contradiction.grammar.values import Relation
from tests.core.detector_checks import caught, silent


@pytest.mark.parametrize("existing,incoming", [
    # a borough and its neighbourhoods
    ("I live in Brooklyn.", "I live in Park Slope."),
    ("I live in Brooklyn.", "I just moved to Park Slope."),
    ("I live in Manhattan.", "I live in Harlem."),
    ("I live in Hackney.", "I moved to Shoreditch in May."),
    ("I live in Camden.", "I moved to King's Cross last month."),
    ("I live in Park Slope.", "I live in Brooklyn, New York."),
    ("User lives in Brooklyn.", "User moved from Bushwick to Park Slope."),
    ("I live in Manhattan.", "I moved from the Upper West Side to Harlem."),
    ("City: Brooklyn", "City: Park Slope"),
    ("My parents live in Hackney.", "My parents live in Dalston."),
    ("The office is in Manhattan.", "The office is in Harlem."),
    # two neighbourhoods of one borough: they may overlap, or be named loosely
    ("I live in Kensington.", "I live in Notting Hill."),
    ("I live in Kreuzberg.", "I live in Friedrichshain."),
    ("I live in the Bronx.", "I live in Bronx."),
])
def test_districts_at_two_levels_are_not_two_places(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("I live in Brooklyn.", "I moved to Manhattan."),
    ("I live in Bushwick.", "I moved to Harlem last month."),
    ("I live in Hackney.", "I moved to Islington."),
    ("I live in Camden.", "I moved to Brixton."),
    ("I live in Kreuzberg.", "I moved to Neukölln."),
    ("City: Brooklyn", "City: Manhattan"),
    ("The user's home is in Brooklyn.", "The user just moved to Jersey City."),
    ("The office is in Shoreditch.", "The office moved to King's Cross."),
])
def test_a_move_between_boroughs_is_still_caught(existing, incoming):
    caught(existing, incoming)


def test_district_levels_in_the_lexicon():
    assert compare_places("Brooklyn", "Park Slope") is Relation.COMPATIBLE
    assert compare_places("Bushwick", "Park Slope") is Relation.UNKNOWN
    assert compare_places("Bushwick", "Harlem") is Relation.CONFLICT
    assert compare_places("Clapham", "Battersea") is Relation.UNKNOWN  # Clapham straddles Wandsworth


@pytest.mark.parametrize("existing,incoming", [
    ("I live in Wellington.", "I live in Brooklyn, Wellington."),
    ("I live in Toronto.", "I live in Islington, Toronto."),
    ("I live in Islington, Toronto.", "I live in Toronto."),
    ("I live in Johannesburg.", "I live in Brixton, Johannesburg."),
    ("I live in Philadelphia.", "I live in Kensington, Philadelphia."),
    ("I live in Sydney.", "I live in Kensington, NSW."),  # NSW holds more than Sydney
    ("I live in Montreal.", "I live in Hampstead, Quebec."),  # which province a city is in is not known
    ("I live in Adelaide.", "I live in Clapham, South Australia."),
    ("I live in Manhattan.", "I moved to Brooklyn, Michigan."),  # another Brooklyn: not known to be elsewhere
])
def test_a_district_with_another_citys_region_is_a_namesake(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("I live in Chicago.", "I moved to Brixton, Johannesburg."),  # another country
    ("I live in Islington, Toronto.", "I moved to Vancouver."),  # another city
    ("I live in Manhattan.", "I moved to Brooklyn, NY."),  # the region confirms the lexicon's Brooklyn
    ("I live in Manhattan.", "I moved to Brooklyn, New York."),
    ("I live in Hackney.", "I moved to Islington, London."),
    ("I live in Camden.", "I moved to Brixton, UK."),
])
def test_a_district_with_its_own_region_or_another_country_is_still_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("I drive a BMW 3 Series.", "I now drive a BMW 330i."),
    ("I drive a Mercedes C-Class.", "I now drive a Mercedes C300."),
    ("I drive a Tesla Model 3.", "I now drive a Model 3 Long Range."),
    ("My car is a Toyota RAV4.", "Actually my car is a RAV4 Hybrid XLE."),
    ("I drive a VW ID.4.", "I now drive a Volkswagen ID4 Pro."),
    ("I drive a Honda Civic.", "I now drive a Civic Type R."),
    ("I drive a Volvo XC90.", "I now drive an XC90 Recharge."),
    ("I drive a Mazda MX-5.", "I now drive a Mazda Miata."),
    ("I drive a Chevy Silverado.", "I now drive a Chevrolet Silverado 1500."),
    ("I drive a VW Golf.", "I now drive a Volkswagen Golf GTI."),
    ("My phone is a Samsung Galaxy S23.", "My phone is actually a Galaxy S23 Ultra."),
])
def test_two_names_of_one_model_are_one_thing(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("I drive a BMW 3 Series.", "I now drive a BMW 5 Series."),
    ("I drive a Tesla Model 3.", "I now drive a Tesla Model Y."),
    ("I drive a Honda Civic.", "I now drive a Toyota Corolla."),
    ("I drive a Mercedes C-Class.", "I now drive a Mercedes E300."),  # not a model of the C-Class
    ("I drive a Chevy Silverado 1500.", "I now drive a Chevrolet Silverado 2500."),
    ("I drive a VW Golf.", "I now drive a Volkswagen Passat."),
    ("My phone is an iPhone 13.", "My phone is now an iPhone 15."),
    ("My work laptop is a Dell XPS.", "The user's work laptop is now a MacBook Pro."),
])
def test_a_genuinely_different_model_is_still_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("User works at Deloitte.", "User now works at Shell as a consultant from Deloitte."),
    ("I work at Accenture.", "I now work at the Home Office as a contractor from Accenture."),
    ("User works at Adecco.", "User now works at Tesla as a temp from Adecco."),
    ("User works at Adecco.", "User now works at Tesla, on loan from Adecco."),
    ("User works at Capgemini.", "User now works at Airbus as a consultant from Capgemini."),
    ("User works at Infosys.", "User now works at Barclays as a secondee from Infosys."),
])
def test_from_after_a_placed_role_keeps_the_employer(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("User works at Deloitte.", "User moved from Deloitte to Shell."),
    ("I work at Google.", "I switched from Google to Stripe."),
    ("User works at Acme.", "User left Acme and now works at Globex."),
])
def test_a_move_from_an_employer_is_still_caught(existing, incoming):
    caught(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("I use Windows 10.", "I gave up Windows 7 years ago."),
    ("I use Python 3 for everything.", "I gave up Python 2 years ago."),
    ("My standup is at 9am.", "Their standup was moved to 10am."),
    ("The standup is at 9am.", "Their standup was moved to 10am."),
])
def test_a_version_is_not_a_time_and_their_event_is_not_mine(existing, incoming):
    silent(existing, incoming)


@pytest.mark.parametrize("existing,incoming", [
    ("I use Twitter.", "I gave up Twitter two years ago."),
    ("My standup is at 9am.", "My standup was moved to 10am."),
    ("The user's standup is at 9am.", "Their standup was moved to 10am."),
])
def test_a_quit_or_a_move_of_ones_own_is_still_caught(existing, incoming):
    caught(existing, incoming)
