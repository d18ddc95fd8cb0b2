"""A tail after a spaced dash that takes the news back, gives it to someone else or limits it leaves the
news unsure, as the same tail after a comma does (`updates/dash_tails.py`, the fifty-seventh attack).

The first lists are shapes of corpus_attack57; HELD_OUT was written afterwards, with other slots, other
people, other wordings and the en dash, to check that the gate is a principle and not a word list."""

from __future__ import annotations

import pytest

from festinger.core.contradiction.compare import detect_contradiction
from festinger.core.contradiction.text.segment import dash_tails

# (stored, incoming): the news before the dash is taken back, given away or scoped by the tail
ATTACK57_SHAPES = [
    ("My salary is $90k.", "My salary is $120k now — I wish 😭"),  # a wish
    ("My manager is Tom.", "My manager is Alice now — said my coworker, about her own team"),  # someone's words
    ("My standup is at 9am.", "My standup is at 10am — the design team's, I mean"),  # someone else's
    ("I smoke.", "I quit smoking — me every Monday lol"),  # a meme
    ("I live in Porto.", "I live in Lisbon now — what I tell my ex lol"),  # a cover story
    ("I have a dog.", "I don't have a dog — as far as my landlord knows 🤫"),  # as far as X knows
    ("My editor is Vim.", "My editor is Helix now — for Rust only, Vim for everything else"),  # a scope
    ("I am single.", "I'm married now - my sister lol"),  # spaced hyphen, someone else
    ("I live in Porto.", "I moved to Lisbon — my sister, I mean"),  # the move rule
    ("I drive a Honda.", "I sold my Honda — my neighbor's status lol"),  # the thing-end rule
    ("I work at Google.", "I left Google - Ana did, I mean"),  # the employer rule
]

HELD_OUT = [
    ("My phone is a Pixel 7.", "My phone is an iPhone 15 now – I wish 🥲"),  # en dash
    ("My phone is a Pixel 7.", "My phone is an iPhone 15 now — my husband's, I mean"),
    ("I live in Leeds.", "I moved to York — well, my parents did"),
    ("I live in Leeds.", "I live in York now — according to my mum"),
    ("I live in Leeds.", "I live in York now - in my dreams"),
    ("My gym is PureGym.", "My gym is Gymbox now — for the pool only"),
    ("My gym is PureGym.", "My gym is Gymbox now — on weekends"),
    ("My dentist is Dr Lee.", "My dentist is Dr Shah now — my daughter's"),
    ("I drink coffee.", "I quit coffee — said my uncle, again"),
    ("I drink coffee.", "I quit coffee — famous last words lol"),
    ("I drink coffee.", "I quit coffee — what I tell my cardiologist"),
    ("I work at Shopify.", "I left Shopify — Priya did, not me"),
    ("I work at Shopify.", "I work at Stripe now - my roommate, that is"),
    ("My car is a Golf.", "My car is a Tesla now — the company one, weekdays only"),
    ("My bedtime is 11pm.", "My bedtime is 9pm now — the kids', I mean"),
    ("My rent is $1200.", "My rent is $2000 now — imagine lol"),
    ("I am vegetarian.", "I'm not vegetarian anymore — me at every bbq lol"),
    ("My language is French.", "My language is German now — on Duolingo, for fun"),
    ("I live in Leeds.", "I live in York now — fingers crossed"),  # a hope, not the news
    ("My rent is $1200.", "My rent is $2000 now — from January"),  # a start still to come
    ("I live in Leeds.", "I live in York now — pending approval"),
    ("I live in Leeds.", "I live in York now — my twin, obviously"),
    ("I use Instagram.", "I deleted Instagram — my kid uses it now"),  # "it" told of someone else
    ("I use Instagram.", "I deleted Instagram — I wish I could delete it"),
    ("I work at Google.", "I left Google — Ana left it, I mean"),
]

# the reporting verb after a comma the cause-of-change reading took for the user's own doing,
# and a joking tone tag after a trailing phrase
OTHER_TAILS = [
    ("My timezone is CET.", "My timezone is PST now, texted my brother from SF"),
    ("My salary is $90k.", "My salary is $120k now, bragged my roommate lol"),
    ("My salary is $50k.", "My salary is $80k now, boasted my flatmate"),
    ("I weigh 80 kg.", "I weigh 200 kg now after thanksgiving /j"),
    ("I weigh 70 kg.", "I weigh 95 kg now after the holidays /s"),
    ("My salary is $90k.", "My salary is $120k now after the promo /hj"),
]

# the tail is accounted for: a harmless aside, a clause the grammar reads, the same news, or only an emoji
STILL_CAUGHT = [
    ("I live in Leeds.", "I moved to York — finally!"),
    ("I live in Leeds.", "I live in York now — so happy"),
    ("I live in Leeds.", "I moved to York — last week"),
    ("I work at IBM.", "I left IBM - my new employer is Red Hat."),
    ("I use Instagram.", "I deleted Instagram — I don't use it now."),  # the same news again, "it" the thing
    ("My physio is Dr. Lane.", "Switched physios - I see Mark Ellis now."),  # the user's own doing
    ("The port is 8080.", "The port is 8081 - not 8080."),  # the correction's old value
    ("I live in Leeds.", "I live in York now — 🎉"),
    ("My salary is $50k.", "My salary is $80k now, got a promotion"),  # the user's own doing, after a comma
]


@pytest.mark.parametrize("existing,incoming", ATTACK57_SHAPES + HELD_OUT + OTHER_TAILS)
def test_a_tail_that_may_take_the_news_away_leaves_it_unsure(existing, incoming):
    assert detect_contradiction(existing, incoming) is None


@pytest.mark.parametrize("existing,incoming", STILL_CAUGHT)
def test_an_accounted_tail_leaves_the_news_standing(existing, incoming):
    assert detect_contradiction(existing, incoming) is not None


def test_the_news_without_its_tail_is_still_news():
    """The gate refuses for the tail, not the news: every shape fires with its tail cut off."""
    for existing, incoming in ATTACK57_SHAPES + HELD_OUT[:4]:
        news = incoming.replace(" \u2013 ", " \u2014 ").replace(" - ", " \u2014 ").split(" \u2014 ")[0]
        assert detect_contradiction(existing, news) is not None, news


def test_dash_tails_are_cut_at_the_sentence_end():
    assert dash_tails("I moved to Lisbon — my sister, I mean. So happy.") == ["my sister, I mean."]
    assert dash_tails("Update - I work at Globex now") == ["I work at Globex now"]
    assert dash_tails("I moved - sorry - to Lisbon") == ["to Lisbon"]
    assert dash_tails("well-known 9-5 job") == []


# A reason after a dash is not read past (the recall this costs, on purpose): the grammar does not read
# "the Pixel died" on its own, and the readers that take such a clause after a comma or a full stop also
# take "..., pending approval" and "... My therapist's words." as news.
REASONS_NOT_READ = [
    ("My phone is a Pixel 7.", "My phone is an iPhone 15 now — the Pixel died."),
    ("I drink coffee.", "I quit coffee — it was ruining my sleep."),
]


@pytest.mark.parametrize("existing,incoming", REASONS_NOT_READ)
def test_a_reason_after_a_dash_is_not_guessed_at(existing, incoming):
    assert detect_contradiction(existing, incoming) is None
