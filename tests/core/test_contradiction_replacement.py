"""Rules for an announced new value of a many-valued relation (`replacement.py`).

An employer, an occupation or the kind of a thing one has may be named at several levels (a
company and its division, a job and its specialisation, a car's maker and its model), so a bare
"now" or "actually" does not replace the old value: the incoming memory must name the old one as
gone, announce a change of job, or give two values that cannot be one thing. The attack pairs these
rules answered are pinned in `test_contradiction_attacks.py`; these are look-alikes of the same shape
and the genuine updates that must still be caught.
"""

from __future__ import annotations

import pytest

from festinger import detect_contradiction


@pytest.mark.parametrize("existing,incoming", [
    # a division, a subsidiary or a site of the same employer
    ("The user works at Meta.", "The user now works at Instagram."),
    ("The user works at Disney.", "Actually, the user works at Pixar."),
    ("The user's employer is Microsoft.", "The user now works at LinkedIn."),
    ("The user works at Amazon.", "The user now works at AWS, not Amazon retail."),
    ("The user works at Amazon.", "The user's sister changed jobs. The user now works at AWS."),
    # a refinement of the job, a second role, a synonym
    ("The user is a nurse.", "The user is now a charge nurse."),
    ("The user is a writer.", "Actually, the user is a novelist."),
    ("The user is a developer.", "The user is now a team lead."),
    ("The user is a software engineer.", "The user is now a staff engineer."),
    ("The user is a software engineer.", "The user is now a tech lead, not a software architect."),
    ("The user is an engineer.", "The user's title is now Engineering Manager."),  # a title beside a job
    # a thing named by its maker, its model or a short form
    ("The user's dog is a Labrador.", "Actually, the user's dog is a Lab."),
    ("The user's car is a Model 3.", "Actually, the user's car is a Tesla."),
    ("The user's watch is a Garmin.", "The user's watch is now a Forerunner 265."),
    ("User's laptop is a MacBook.", "Actually, the user's laptop is an Apple laptop."),
    ("The user drives a Tesla.", "The user now drives a Tesla Model Y."),
])
def test_a_part_a_refinement_or_a_maker_is_not_a_replacement(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming,kind", [
    # the old employer named as left, or a change of job announced
    ("The user works at Google.", "The user left Google and now works at Stripe.", "value"),
    ("The user works at Google.", "The user quit Google and now works at Stripe.", "value"),
    ("The user works at Google.", "The user now works at Stripe after leaving Google.", "value"),
    ("The user works at Acme Corp.", "The user left Acme Corp last year and now works at Globex.", "value"),
    ("The user works at Google.", "The user now works at Stripe instead of Google.", "correction"),
    ("The user works at Google.", "The user now works at Stripe, not Google.", "correction"),
    ("The user works at Google.", "I switched jobs: I now work at Stripe.", "value"),
    ("The user works at Pfizer.", "The user changed jobs and works at Moderna.", "value"),
    ("The user works at Google.", "The user's new employer is Stripe.", "value"),
    # the old job named as gone, one grade for another, a new job title
    ("The user is a data analyst.", "The user is now a data engineer, not an analyst.", "value"),
    ("The user is a teacher.", "The user is now a principal instead of a teacher.", "correction"),
    ("The user is a junior developer.", "The user is now a senior developer.", "value"),
    ("The user is a Senior Engineer.", "The user is now a Staff Engineer.", "value"),
    ("The user's title is Engineer.", "The user's title is now Engineering Manager.", "value"),
    ("The user's job title is Senior Engineer.", "I got promoted to Engineering Manager.", "value"),
    # the old thing named as sold or replaced, or two make-and-model names
    ("The user's car is a Golf.", "The user sold the Golf and now drives a Skoda Enyaq.", "value"),
    ("The user drives a Toyota Corolla.", "The user sold the Corolla and now drives a Camry.", "value"),
    ("The user drives a Jetta.", "The user replaced the Jetta and now drives a Kia EV6.", "value"),
    ("The user drives a Toyota Corolla.", "The user now drives a Honda Civic.", "value"),
    ("The user's phone is an iPhone 13.", "The user's phone is now an iPhone 15.", "value"),
    ("My work laptop is a Dell XPS.", "The user's work laptop is now a MacBook Pro.", "value"),
    ("The user's car is a Corolla.", "Actually, the user's car is a Camry, not a Corolla.", "correction"),
])
def test_a_replacement_that_shows_the_old_value_gone_is_found(existing, incoming, kind):
    got = detect_contradiction(existing, incoming)
    assert got is not None and got.kind == kind, got


@pytest.mark.parametrize("existing,incoming", [
    # The recall this costs: without world knowledge these read exactly like "Amazon" -> "now works
    # at AWS", "developer" -> "now a team lead" and "Golf" -> "now drives a Volkswagen" above.
    ("The user works at Google.", "The user now works at Stripe."),
    ("The user is a backend engineer.", "The user is now a product manager."),
    ("The user's car is a Civic.", "The user now drives a RAV4."),
    ("The user's car is a Corolla.", "Actually, the user's car is a Camry."),
])
def test_a_bare_now_or_actually_is_not_enough_without_world_knowledge(existing, incoming):
    assert detect_contradiction(existing, incoming) is None
