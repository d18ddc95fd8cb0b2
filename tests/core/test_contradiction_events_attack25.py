"""The twenty-fifth attack's six shapes (corpus_attack25_findings.md) and the general rules that
answer them, each with look-alikes written here beyond the attacker's, and the contradictions the
rules must still catch:

1. an occupation is a job a retirement ends only when nothing before the noun says it is a pastime,
   a manner or an honour (`lexicon.JOB_RANK_WORDS`: only a rank, a profession's register or the
   terms may stand there);
2. a present fact of the user's beside an ended status, pet or habit makes the event unsure unless
   it is known to be of another domain (`event_holds.holds_beside`);
3. a last day is read only said alone: a next employer's name may be a unit, brand or affiliate
   (`jobchange`); a unit named by the stored name's initials or a pro-form ("there") is the same
   employer, and a posting word ("secondment") makes the memory a while away;
4. a later sentence is more news only when the rule reads it as an event of its own family
   (`event_sentences.user_event_sentences(reads=...)`);
5. a subjectless event ("Just graduated!") is not the writer's when another sentence speaks of a
   third person or a "we" ("She's amazing.", "We're so proud.");
6. a place that is also a software name ("Phoenix") is no home in a memory naming other software
   (`places.software_namesake`).
"""

from __future__ import annotations

import pytest

from festinger.core.contradiction.events.event_holds import holds_beside
from festinger.core.contradiction.events.jobchange import _initials, _named_again
from festinger.core.contradiction.grammar.places import software_namesake
from tests.core.detector_checks import caught, silent

# -- 1. not a job ----------------------------------------------------------------------------------
NOT_A_JOB = [
    # the attacker's
    ("I'm a home cook.", "I retired last month."),
    ("I'm a nervous driver.", "I retired last week."),
    ("I'm a silent partner at Rosa's Bakery.", "I retired last month."),
    ("I'm an emeritus professor at Yale.", "I retired last month."),
    ("I'm a private pilot.", "I retired last week."),
    # written here: adjectives and nouns the attacker did not use
    ("I'm a passionate cook.", "I retired last month."),
    ("I'm a weekend pilot.", "I retired last week."),
    ("I'm a lousy driver.", "I'm retired now."),
    ("I'm a keen writer.", "I just retired."),
    ("I'm a volunteer firefighter.", "I retired last month."),
    ("I'm a self-taught programmer.", "I retired last month."),
    ("I'm a visiting professor at Oxford.", "I retired last month."),
    ("I'm a guest lecturer at NYU.", "I retired last month."),
    ("I'm a sleeping partner at Joe's Diner.", "I'm retired now."),
    ("I'm an occasional writer.", "I retired last month."),
    ("I'm a backseat driver.", "I retired last month."),
    ("I'm a professor emeritus at Yale.", "I retired last month."),
    ("The user is a budding economist.", "The user retired last week."),
    ("I'm a bedroom producer.", "I retired in May."),
    ("I'm a licensed driver.", "I retired last month."),
    ("I'm a qualified pilot.", "I retired last month."),
    ("The user is an avid home cook.", "The user retired last month."),
    ("I'm a home cook.", "Just retired!"),
]
A_JOB = [
    ("I'm a nurse.", "I retired last month."),
    ("I'm a senior engineer.", "I retired last month."),
    ("I'm a registered nurse.", "I retired last month."),
    ("I'm a head chef.", "I retired last week."),
    ("I'm a professional driver.", "I retired last month."),
    ("I work as a teacher.", "I'm retired now."),
]

# -- 2. the ended fact said to go on in other words ------------------------------------------------
STILL_HOLDS = [
    # the attacker's
    ("I'm a nurse.", "I retired last month. I work bank shifts."),
    ("I work at McDonald's.", "I'm retired now. I work the drive-thru at Mickey D's."),
    ("I'm a student at Ohio State.", "I graduated from Ohio State last month. I'm in OSU's PhD program."),
    ("I have a cat.", "Our cat died on Monday. I have a kitten."),
    ("I'm a smoker.", "I quit cigarettes last month. I have cigars on weekends."),
    ("I'm pregnant.", "My daughter was born in March. I'm 20 weeks along now."),
    # written here
    ("I'm a teacher.", "I retired last month. I tutor kids three afternoons a week."),
    ("I'm a doctor.", "I retired last month. I consult for a clinic."),
    ("I'm a nurse.", "I retired last month. I'm a school nurse now."),
    ("I work at Acme Corp.", "I'm retired now. I do contract work for Acme."),
    ("I'm a lawyer.", "I retired last month. I sit on two boards."),
    ("I'm a teacher.", "I retired last month. I teach piano on weekends."),
    ("I'm a student.", "I graduated last month. I'm enrolled in a master's program now."),
    ("I'm a student.", "I graduated last month. I'm studying law at Yale now."),
    ("I'm a student at NYU.", "I graduated from NYU last month. I'm a grad student there now."),
    ("I have a dog.", "Our dog died last week. I have a labrador."),
    ("I have a dog.", "Our dog died last week. I have two dogs."),
    ("I have a cat.", "My cat died yesterday. I adopted a kitten."),
    ("I have a parrot.", "Our parrot died last week. I have a bird."),
    ("I'm a smoker.", "I quit cigarettes last month. I smoke a pipe now."),
    ("I'm a smoker.", "I quit cigarettes last month. I vape every day."),
    ("I drink beer on weekends.", "I quit drinking last month. I have the odd glass of wine."),
    ("I'm a social drinker.", "I stopped drinking last month. I enjoy a whisky on Fridays."),
    ("I'm pregnant.", "Our son was born in April. I'm 30 weeks now."),
    ("I'm pregnant.", "Our daughter was born last week. I'm pregnant with twins."),
    ("I'm pregnant.", "My daughter was born on March 3rd. I'm due in the fall."),
    ("I'm a student at Yale.", "I graduated from Yale last month. I live in Oxford now for my DPhil."),
    ("I have a dog.", "Our dog died last week. I live with my other dog in Leeds."),
    ("I have a dog.", "Our dog died last week; I have a puppy."),
    ("I'm a nurse.", "I work bank shifts now. I retired last month."),
    ("I'm a smoker.", "I quit cigarettes last month, but I enjoy a cigar on Fridays."),
    ("I'm a pilot.", "I retired last week. I fly for a charter company."),
]
ANOTHER_DOMAIN = [
    ("I'm a student.", "I graduated last month. I work at Google now."),
    ("I'm a student.", "I graduated last month. I'm a nurse now."),
    ("I'm a grad student.", "I just graduated. I'm an engineer now."),
    ("I have a cat.", "Our cat died on Friday. I have a dog."),
    ("I have a cat.", "Our cat died last week. I have a rabbit."),
    ("I'm a teacher.", "I retired last month. I live in Florida now."),
    ("I'm a nurse.", "I retired last month. I'm a retiree now."),
    ("I'm pregnant.", "I'm a mom now! Our son was born Tuesday."),
    ("I'm a nurse.", "I retired last month. So happy!"),
]

# -- 3. a last day, then a start under another name ------------------------------------------------
NEXT_UNDER_ANOTHER_NAME = [
    # the attacker's
    ("I work at Amazon.", "My last day at Amazon was Friday. I start at AWS on Monday."),
    ("I work at JPMorgan.", "My last day at JPMorgan was Friday. I start at Chase on Monday."),
    ("I work at Inditex.", "My last day at Inditex was Friday. I start at Zara on Monday."),
    ("I work at Deloitte.", "My last day at Deloitte was Friday. I start at Barclays on Monday. My secondment is "
                            "six months."),
    # written here
    ("I work at Google.", "My last day at Google was Friday. I start at Verily on Monday."),
    ("I work at Alphabet.", "Last day at Alphabet was Friday. I start at Waymo on Monday."),
    ("I work at Google.", "My last day at Google was Friday; I start at Microsoft on Monday."),
    ("I work at Boston Consulting Group.", "I resigned from Boston Consulting Group last week. I start at BCG "
                                          "Platinion on Monday."),
    ("I work at PricewaterhouseCoopers.", "I resigned from PricewaterhouseCoopers last week. I start at PwC "
                                          "Digital on Monday."),
    ("I work at Amazon.", "I resigned from Amazon last week. I start at AWS on Monday."),
    ("I work at Boeing.", "I retired from Boeing last month. I'm a contractor there now."),
    ("I work at KPMG.", "I was laid off from KPMG last week. I'm on rotation at HSBC."),
    ("I work at Google.", "Friday was my last day at Google and I start at YouTube Monday."),
    ("I work at Google.", "Last day at Google was Friday. Starting at YouTube Monday!"),
]
ENDED = [
    ("I work at Google.", "My last day at Google was Friday."),
    ("I work at Google.", "I resigned from Google last week. I start at Microsoft on Monday."),
    ("I work at Amazon.", "I resigned from Amazon last week. I start at IBM on Monday."),
    ("I work at Acme Corp.", "I was laid off from Acme Corp last week. I start at Globex on Monday."),
]

# -- 4. a later sentence with the cue word, not read as an event -----------------------------------
CUE_NOT_AN_EVENT = [
    # the attacker's
    ("I live in Chicago.", "We closed on a house in Denver last week. Bought the U-Haul for the 30th."),
    ("I live in Denver.", "We bought a house in Austin last week. Get the keys on the 30th."),
    ("I work at Globex.", "I resigned from Globex last week. Last day's the 28th."),
    # written here
    ("I live in Chicago.", "We bought a house in Denver last week. Move-in day is the 30th."),
    ("I live in Chicago.", "We closed on a house in Denver last week. Bought boxes for the 30th."),
    ("I live in Chicago.", "We bought a house in Denver last week. Settled the paperwork yesterday."),
    ("I work at Globex.", "I resigned from Globex last week. Last day there is Friday."),
    ("I work at Initech.", "I resigned from Initech on Monday. Last day at the office in a fortnight."),
    ("I live in Chicago.", "We bought a house in Denver last week. The keys are ours on the 30th."),
    ("I work at Globex.", "I resigned from Globex last week. Last day at Globex: the 28th."),
]
MORE_NEWS = [
    ("I live in Chicago.", "We moved to Denver last week. We bought a house in Denver."),
    ("I live in Boston.", "I just moved to Seattle. Still unpacking!"),
]

# -- 5. someone else's subjectless news ------------------------------------------------------------
THIRD_PERSON = [
    ("I'm a student.", "Just graduated! She's amazing."),
    ("I'm a student.", "Just graduated! He's so proud."),
    ("I'm a teacher.", "Finally retired! They threw a party for her."),
    ("I'm a student.", "Just graduated. His speech was great."),
    ("I'm a nurse.", "So proud. Just retired! She earned it."),
    ("I'm a student.", "Just graduated! We're so proud."),
    ("I'm a student.", "So proud. Just graduated! Love you, kiddo."),
]
WRITERS_OWN = [
    ("I'm a student.", "Just graduated! It was emotional."),
    ("I'm a student.", "Just graduated! So happy."),
]

# -- 6. a city that is a framework -----------------------------------------------------------------
FRAMEWORK = [
    ("I live in Denver.", "I moved to Phoenix last week. I use LiveView for everything now."),
    ("I live in Seattle.", "I moved to Phoenix this week. I use Elixir now."),
    ("I live in Denver.", "I moved to Phoenix last week. We use Rails too."),
    ("I live in Denver.", "I moved to Phoenix last week. Loving GraphQL."),
    ("I live in Denver.", "Moved to Phoenix. LiveView rocks."),
]
CITY = [
    ("I live in Denver.", "I moved to Phoenix last week."),
    ("I live in Denver.", "I moved to Phoenix last month. I work at Intel."),
]


@pytest.mark.parametrize(("existing", "incoming"), NOT_A_JOB + STILL_HOLDS + NEXT_UNDER_ANOTHER_NAME
                         + CUE_NOT_AN_EVENT + THIRD_PERSON + FRAMEWORK)
def test_attack25_lookalikes_are_left_alone(existing: str, incoming: str) -> None:
    silent(existing, incoming)


@pytest.mark.parametrize(("existing", "incoming"), A_JOB + ANOTHER_DOMAIN + ENDED + MORE_NEWS + WRITERS_OWN + CITY)
def test_attack25_endings_are_still_caught(existing: str, incoming: str) -> None:
    caught(existing, incoming)


def test_holds_beside_reads_the_other_sentences_only() -> None:
    assert holds_beside("pet", "Our cat died on Monday", "Our cat died on Monday. I have a kitten.", "cat")
    assert not holds_beside("pet", "Our cat died on Monday", "Our cat died on Monday. I have a dog.", "cat")
    assert not holds_beside("working", "I retired last month", "I retired last month. So happy!")
    assert holds_beside("working", "I retired last month", "I retired last month. I'm a consultant now.")
    assert not holds_beside("a student", "I graduated last month", "I graduated last month. I'm a consultant now.")


def test_initials_and_units() -> None:
    assert _initials("Boston Consulting Group") == "bcg"
    assert _initials("Ernst & Young") == "ey"
    assert _initials("PricewaterhouseCoopers") == "pc"
    assert _initials("Amazon") == "a"
    assert _named_again(["I left Amazon", "I start at AWS on Monday"], "I left Amazon", "Amazon")
    assert not _named_again(["I left Amazon", "I start at IBM on Monday"], "I left Amazon", "Amazon")


def test_software_namesake_needs_other_software() -> None:
    assert software_namesake("Phoenix", "I moved to Phoenix. I use Elixir now.")
    assert not software_namesake("Phoenix", "I moved to Phoenix. Loving the heat.")
    assert not software_namesake("Denver", "I moved to Denver. I use Elixir now.")
