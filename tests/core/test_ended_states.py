"""ended_states: a stored state of the user's ended by its result ("outgrew my peanut allergy",
"passed the CPA exam", "the BMW lease ended", "we disabled SSH password login on the bastion"), and
the look-alikes it must leave alone (someone else, a plan, a period, a part, another instance)."""

import pytest

from festinger.core.contradiction.compare import detect_contradiction
from festinger.core.contradiction.events.ended_states import state_ended

CAUGHT = [
    ("The user has a peanut allergy.", "The user outgrew her peanut allergy; her allergist cleared her."),
    ("I'm allergic to dogs.", "After three years of immunotherapy I'm no longer allergic to dogs."),
    ("The user is allergic to latex.", "I was wrong about the latex allergy; the test came back negative."),
    ("My son is allergic to eggs.", "My son isn't allergic to eggs anymore, he passed the oral food challenge."),
    ("I wear glasses.", "I got LASIK, so no more glasses."),
    ("I have braces.", "I got my braces off last week."),
    ("The user is a PhD student.", "The user defended her thesis and is now a postdoc at ETH."),
    ("The user is studying for the CPA exam.", "The user passed the CPA exam, so she's done studying."),
    ("I'm taking a UX design course.", "I completed the UX design course."),
    ("The user is a freelance designer.", "The user took a full-time job at Canva, so she's not freelancing anymore."),
    ("My son lives at home.", "My son moved out to go to university in Edinburgh."),
    ("I live with my roommate Sam.", "Sam moved out last week."),
    ("I lease a BMW X3.", "The BMW lease ended and I bought a Mazda CX-5."),
    ("I don't drink alcohol.", "I've started having a glass of wine with dinner again."),
    ("I don't smoke.", "I started smoking again last year."),
    ("I love horror movies.", "I can't stand horror movies anymore since having kids."),
    ("I enjoy running.", "I've lost interest in running."),
    ("SSH password login is enabled on the bastion.", "We disabled SSH password login on the bastion; keys only."),
    ("Public sign-ups are disabled.", "Public sign-ups have been enabled."),
    ("Code freeze for the 4.2 release is on the 10th.", "Code freeze has been cancelled for the 4.2 release."),
    ("The travel budget for the offsite is $2,000 per person.",
     "There's no travel budget for the offsite anymore; it's been made virtual."),
    ("The user knits in the evenings.", "The user hasn't knitted in months; she's into pottery now."),
    ("I'm on antibiotics.", "I finished my antibiotics."),
    ("I'm recovering from a broken leg.", "My leg has fully healed."),
    ("I have a mortgage with Chase.", "I paid off my mortgage."),
    ("I'm looking for a job.", "I got a job at Acme."),
    ("I'm training for a marathon.", "I ran the marathon last Sunday."),
    ("The user is on parental leave.", "The user went back to work on Monday."),
    ("I'm learning to drive.", "I passed my driving test."),
    ("I'm a member of Gold's Gym.", "My Gold's Gym membership expired."),
    ("I'm engaged to Sam.", "Sam and I got married last month."),
    ("User uses a Pixel 6.", "The user switched to a Samsung Galaxy S24 and gave the Pixel to his son."),
]

LEFT_ALONE = [
    # someone else
    ("I'm allergic to peanuts.", "My friend outgrew her peanut allergy."),
    ("I'm allergic to eggs.", "My son outgrew his egg allergy."),
    ("My son is allergic to eggs.", "My daughter outgrew her egg allergy."),
    ("I wear glasses.", "My wife got LASIK, so no more glasses for her."),
    ("I love horror movies.", "My kids can't stand horror movies anymore."),
    ("I don't drink alcohol.", "My husband started drinking again."),
    ("I'm engaged to Sam.", "Alex and I got married last month."),
    ("I'm looking for a job.", "My wife got a job at Acme."),
    # another instance, another key, a part
    ("I lease a BMW X3.", "My old BMW lease ended."),
    ("I lease a BMW X3.", "The Audi lease ended last month."),
    ("I'm allergic to peanuts and tree nuts.", "I outgrew my peanut allergy."),
    ("I'm studying for the CPA exam.", "I passed part 1 of the CPA exam."),
    ("I love horror movies.", "I can't stand horror movies with jump scares anymore."),
    ("SSH password login is enabled on the bastion.", "We disabled SSH password login on the staging bastion."),
    ("Code freeze for the 4.2 release is on the 10th.", "Code freeze for the 4.1 release has been cancelled."),
    ("The offsite is on March 3.", "The offsite dinner was cancelled."),
    ("The team sync is on Mondays.", "The team sync was cancelled this week."),
    ("The travel budget for the offsite is $2,000 per person.", "There's no travel budget for the sales trip anymore."),
    ("I have a mortgage.", "I paid off my car loan."),
    ("I have a mortgage.", "I paid off half my mortgage."),
    ("I play tennis on Sundays.", "I haven't played squash in years."),
    ("My son lives at home.", "My son moved out of his dorm."),
    ("I wear a retainer.", "I got my braces off last year."),
    ("I'm looking for a job.", "I got a job interview at Acme."),
    ("I'm in physical therapy for my knee.", "I finished physical therapy for my shoulder."),
    ("I use a Pixel 6.", "I gave my Pixel Watch to my mom."),
    ("I use a Pixel 6.", "I gave my old Pixel to my son."),
    ("I use a Pixel 6.", "I gave the Pixel to my son for the weekend."),
    ("I'm looking for a job.", "I called my friend and found a job for her."),
    # a period, a pause, a return
    ("I wear glasses.", "I'm off glasses for a week after the eye exam."),
    ("I wear glasses.", "I stopped wearing glasses for reading."),
    ("My son lives at home.", "My son moved out for the summer."),
    ("SSH password login is enabled on the bastion.", "We temporarily disabled SSH password login on the bastion."),
    ("I'm a freelance designer.", "I took a full-time job at Canva but I still freelance on weekends."),
    ("I'm taking a pottery class.", "I finished the pottery class today, it was great."),
    ("I have a cold.", "I got over my cold last month and now I have the flu."),
    ("I play tennis on Sundays.", "I haven't played in a week."),
    # plans, hypotheticals, questions, quotes, old news
    ("I have a peanut allergy.", "If I outgrew my peanut allergy I'd eat Thai food daily."),
    ("I'm allergic to peanuts.", "Maybe I outgrew my peanut allergy?"),
    ("I lease a BMW X3.", "The BMW lease will end in March."),
    ("The user is a PhD student.", "The user will defend her thesis in June."),
    ("I'm studying for the CPA exam.", "I hope to pass the CPA exam in May."),
    ("SSH password login is enabled on the bastion.", "\"We disabled SSH password login on the bastion\", he said."),
    ("I'm allergic to peanuts.", "I outgrew my peanut allergy in 2009 but it came back."),
]


@pytest.mark.parametrize("existing,incoming", CAUGHT)
def test_result_ends_the_state(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None


@pytest.mark.parametrize("existing,incoming", LEFT_ALONE)
def test_look_alike_is_left_alone(existing, incoming):
    assert state_ended(existing, incoming) is None
    assert detect_contradiction(existing, incoming) is None


def test_the_finding_names_the_kind_and_the_clause():
    found = state_ended("I lease a BMW X3.", "The BMW lease ended and I bought a Mazda CX-5.")
    assert found is not None and found.kind == "lease" and found.event == "The BMW lease ended"


@pytest.mark.parametrize("existing,incoming", [
    # the word checks that run before a kind's patterns are compiled let every result of the kind through
    ("The travel budget for the offsite is $2,000.", "We don't have a travel budget for the offsite anymore."),
    ("The travel budget for the offsite is $2,000.", "We do not have a travel budget for the offsite any more."),
    ("The travel budget for the offsite is $2,000.", "The travel budget for the offsite was scrapped."),
    ("The user knits in the evenings.", "The user has not knitted in months."),
    ("I knit in the evenings.", "I haven't knitted in months."),
])
def test_a_result_passes_its_kinds_word_check(existing, incoming):
    assert state_ended(existing, incoming) is not None


@pytest.mark.parametrize("incoming", ["I haven\u2019t knitted in months.", "I haven\u2018t knitted in months."])
def test_a_typographic_apostrophe_reads_as_a_straight_one(incoming):
    # the detector straightens \u2019 and \u2018 (text.normalise) before any rule reads the memories
    found = detect_contradiction("I knit in the evenings.", incoming)
    assert found is not None and found.subject == "user lapsed"
    assert str(found) == str(detect_contradiction("I knit in the evenings.", "I haven't knitted in months."))


def test_straight_apostrophes_maps_only_the_two_apostrophes():
    from festinger.core.contradiction.text.normalise import clean, straight_apostrophes
    assert straight_apostrophes("I\u2019m \u2018here\u2019 \u201cnow\u201d \u2014 ok") == "I'm 'here' \u201cnow\u201d \u2014 ok"
    assert clean("I haven\u2019t") == straight_apostrophes("I haven\u2019t") == "I haven't"


@pytest.mark.parametrize("incoming", [
    "Grandpa: turns out I'm not allergic to penicillin after all.",
    "My brother (visiting): I'm not allergic to penicillin after all.",
    "Nurse: turns out I'm not allergic to penicillin after all.",
])
def test_a_line_labelled_with_another_person_speaks_in_their_i(incoming):
    # attack60: the label's "I" is the speaker's, not the user's
    assert detect_contradiction("I'm allergic to penicillin.", incoming) is None


def test_the_users_own_allergy_news_is_still_read():
    assert detect_contradiction("I'm allergic to penicillin.",
                                "Turns out I'm not allergic to penicillin after all.") is not None
