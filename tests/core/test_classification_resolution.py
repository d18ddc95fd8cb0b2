"""Conflict resolution follows the spec's priority order exactly (Criteria 4 and 5)."""

from datetime import datetime, timedelta, timezone

from festinger.core.metadata import Classification, Relevance, Source, Utility, Validity
from festinger.core.resolution import Contender, Rule, resolve

T0 = datetime(2025, 1, 1, tzinfo=timezone.utc)


def c(id, source="agent_inferred", validity=None, utility="tactical", age=0, knowledge=False, correction=False):
    validity = validity or ("confirmed" if source == "user_asserted" else "inferred")
    cls = Classification(Validity(validity), Relevance.ACTIVE, Utility(utility), Source(source))
    return Contender(id, cls, T0 + timedelta(minutes=age), knowledge, correction)


def test_criterion_4_newer_user_assertion_wins_by_recency_when_all_else_equal():
    r = resolve(c("old", "user_asserted", age=0), c("new", "user_asserted", age=5))
    assert (r.winner.id, r.loser.id, r.rule) == ("new", "old", Rule.USER_UPDATE)
    r = resolve(c("old", age=0), c("new", age=5))
    assert (r.winner.id, r.loser.id, r.rule) == ("new", "old", Rule.RECENCY)


def test_the_users_newer_statement_wins_over_their_older_one_whatever_its_utility():
    # "The user has a cat named Miso." (a stated fact: load_bearing) / "Miso passed away last week."
    # (news, no stated fact: tactical): by utility alone the news would be deprecated
    r = resolve(c("has-cat", "user_asserted", utility="load_bearing", age=0),
                c("cat-died", "user_asserted", utility="tactical", age=5))
    assert (r.winner.id, r.loser.id, r.rule) == ("cat-died", "has-cat", Rule.USER_UPDATE)
    # the newer of the two wins even when it is the stored one (a store classified out of order)
    r = resolve(c("newer", "user_asserted", utility="tactical", age=9),
                c("older", "user_asserted", utility="load_bearing", age=1))
    assert r.winner.id == "newer"


def test_criterion_5_user_beats_agent_regardless_of_recency():
    r = resolve(c("user", "user_asserted", age=10), c("agent", utility="load_bearing", age=20))
    assert (r.winner.id, r.rule) == ("user", Rule.SOURCE)
    r = resolve(c("agent", age=0), c("user", "user_asserted", age=5))
    assert r.winner.id == "user"


def test_confirmed_beats_inferred_before_utility():
    r = resolve(c("conf", "external_retrieved", validity="confirmed", utility="tactical"),
                c("inf", "external_retrieved", validity="inferred", utility="load_bearing", age=9))
    assert (r.winner.id, r.rule) == ("conf", Rule.VALIDITY)


def test_utility_order_before_recency():
    r = resolve(c("lb", utility="load_bearing"), c("t", utility="tactical", age=9))
    assert (r.winner.id, r.rule) == ("lb", Rule.UTILITY)
    r = resolve(c("arch", utility="archived"), c("tac", utility="tactical", age=-9))
    assert (r.winner.id, r.rule) == ("tac", Rule.UTILITY)


def test_equal_times_go_to_the_incoming_memory():
    r = resolve(c("e", age=0), c("i", age=0))
    assert r.winner.id == "i"
    r = resolve(Contender("e", c("e").classification, None), Contender("i", c("i").classification, None))
    assert r.winner.id == "i"


def test_explicit_user_correction_always_supersedes():
    r = resolve(c("old", "user_asserted", utility="load_bearing", age=0),
                c("new", "user_asserted", utility="tactical", age=1, correction=True))
    assert (r.winner.id, r.rule) == ("new", Rule.USER_CORRECTION)
    r = resolve(c("old", "user_asserted", utility="load_bearing"), c("new", "user_asserted", age=1), "correction")
    assert r.winner.id == "new"
    # an agent "correction" is no user correction
    r = resolve(c("old", "user_asserted"), c("new", age=1, correction=True), "correction")
    assert r.winner.id == "old"


def test_knowledge_is_never_deprecated_by_agent_memories():
    kn = c("kn", "external_retrieved", validity="confirmed", knowledge=True)
    r = resolve(kn, c("agent", validity="confirmed", utility="load_bearing", age=5))
    assert r.winner.id == "kn" and r.rule == Rule.KNOWLEDGE_PROTECTED
    r = resolve(kn, c("user", "user_asserted", age=5))
    assert r.winner.id == "user"
    assert resolve(kn, c("kn2", "external_retrieved", validity="confirmed", knowledge=True)) is None


def test_deprecated_memories_take_no_part():
    assert resolve(c("d", validity="deprecated"), c("i")) is None
