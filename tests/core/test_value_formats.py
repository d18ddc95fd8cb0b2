"""One value written two ways is never a change: "1.500 euros" is €1,500, "Europe/Kiev" is
Europe/Kyiv, "8万円" is ¥80,000, "A$ 2000" is A$2000, and "Quebec" may be the province Montreal is
in (attack59: 182 false deprecations in seven shapes). Written after the fix, not taken from
attack59: a held-out check that the fix is a principle, not a list of its pairs."""

import pytest

from festinger.core.contradiction.compare import detect_contradiction
from festinger.core.contradiction.grammar.cjk_money import cjk_money_relation
from festinger.core.contradiction.grammar.values import Relation

ONE_VALUE = [
    # a dot that may group thousands: 2.750 is 2.75 or 2750, and 2750 is the other's
    ("My rent is 2.750 euros.", "My rent is €2,750."),
    ("My salary is 64.000 EUR.", "My salary is €64k."),
    ("My monthly budget is 1.250 £.", "My monthly budget is £1,250."),
    ("My hike is 7.500 metres.", "My hike is 7.5 km."),
    ("I have 3.400 followers.", "I have 3.4k followers."),
    ("My commute is 2.700 seconds.", "My commute is 45 minutes."),
    ("My salary is €64,000.", "My salary is still 64.000 euros."),
    ("My car's mileage is 42.000 miles.", "My car's mileage is 42k miles."),
    ("My rent is €950.", "My rent is 950 euros now."),
    # tzdata links: an old or alternative name of one zone
    ("My time zone is US/Hawaii.", "My time zone is Pacific/Honolulu."),
    ("My time zone is America/Anchorage.", "My time zone is US/Alaska."),
    ("My time zone is Europe/Tiraspol.", "My time zone is Europe/Chisinau."),
    ("My time zone is Asia/Ujung_Pandang.", "My time zone is Asia/Makassar."),
    ("My time zone is Australia/Victoria.", "My time zone is Australia/Melbourne."),
    ("My time zone is America/Porto_Acre.", "My time zone is America/Rio_Branco."),
    ("My timezone is Asia/Makassar.", "My timezone is still Asia/Ujung_Pandang."),
    # amounts written the Chinese, Japanese or Korean way
    ("My rent is 7万円.", "My rent is ¥70,000."),
    ("My rent is 7万2千円.", "My rent is ¥72,000."),
    ("My salary is 4500만원.", "My salary is ₩45,000,000."),
    ("My rent is 65만 원.", "My rent is ₩650,000."),
    ("My rent is ７００００円.", "My rent is ¥70,000."),
    ("My salary is 1億円.", "My salary is ¥100,000,000."),
    ("My salary is 2억원.", "My salary is ₩200,000,000."),
    ("My rent is ¥72,000.", "My rent is 7万2千円 now."),
    # a country's dollar written with a space before its amount
    ("My rent is CA$ 1850.", "My rent is CA$1850."),
    ("My salary is NZ$ 85,000.", "My salary is NZ$85,000."),
    ("My rent is US$ 900.", "My rent is US$900."),
    ("My rent is SG$3200.", "My rent is still SG$ 3200."),
    # a city named like the region it is in
    ("I live in New York.", "I live in Rochester."),
    ("I live in Valencia.", "I live in Alicante."),
    ("I live in Quebec.", "I live in Quebec City."),
]

STILL_A_CHANGE = [
    ("My rent is 1.500 euros.", "My rent is €1,800 now."),
    ("My salary is 55.000 €.", "My salary is €60k now."),
    ("My time zone is US/Pacific.", "My time zone is America/New_York now."),
    ("My time zone is Europe/Kiev.", "My time zone is Europe/Berlin now."),
    ("My rent is 80만원.", "My rent is 90만원 now."),
    ("My rent is ¥80,000.", "My rent is ¥95,000 now."),
    ("My rent is A$ 2000.", "My rent is A$2400 now."),
    ("I live in New York.", "I moved to Los Angeles."),
]


@pytest.mark.parametrize("existing,incoming", ONE_VALUE)
def test_one_value_written_two_ways_is_no_change(existing, incoming):
    assert detect_contradiction(existing, incoming) is None
    assert detect_contradiction(incoming, existing) is None


@pytest.mark.parametrize("existing,incoming", STILL_A_CHANGE)
def test_a_real_change_is_still_found(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None


@pytest.mark.parametrize("a,b,relation", [
    ("6万5千円", "¥65,000", Relation.SAME),
    ("3천만원", "₩30,000,000", Relation.SAME),
    ("800.000원", "₩800,000", Relation.SAME),  # a dot that may group thousands
    ("800.000원", "₩900,000", Relation.CONFLICT),  # neither reading is 900,000
    ("八万円", "¥80,000", Relation.UNKNOWN),  # kanji numerals are not read: unsure
    ("5千6千円", "¥11,000", Relation.UNKNOWN),  # units out of order: unsure
    ("80,000円", "₩80,000", Relation.UNKNOWN),  # two currencies
])
def test_cjk_amounts_are_read_exactly_or_not_at_all(a, b, relation):
    assert cjk_money_relation(a, b) is relation
