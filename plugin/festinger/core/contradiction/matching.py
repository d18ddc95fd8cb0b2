"""Two memories' statements matched pairwise (`match_statements`): the comparison the grammar's
statements go through in `compare._detect` and in the rules handed it (re-reading, value updates,
quitting, groups).

Two statements are only compared when their scope and qualifier agree and they fill one slot;
their values then conflict only when their kinds say both cannot hold (`_compare`), and a match
is dropped when either memory is self-inconsistent for the key, still restates the stored fact,
names the old place again, or names a stand-in beside the held thing. Pure logic.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.lexicon import changes as ch
from festinger.core.contradiction.updates.anchored_phrase import describes_state
from festinger.core.contradiction.grammar.comparison import compare, is_known_term
from festinger.core.contradiction.grammar.closed_values import needs_news
from festinger.core.contradiction.explain import make_verdict
from festinger.core.contradiction.grammar.may_both_hold import may_both_hold
from festinger.core.contradiction.grammar.one_off import one_off_key
from festinger.core.contradiction.grammar.places import left_lone_district, same_place, software_namesake
from festinger.core.contradiction.grammar.refinement import contrasts_a_kind_of, corrects_another, refines
from festinger.core.contradiction.grammar.replacement import announced_replacement, named_replacement, renamed
from festinger.core.contradiction.grammar.slots import corrects_by_key, per_period, same_slot
from festinger.core.contradiction.grammar.statements import CORRECTABLE_RELS, WE_KEY, Statement
from festinger.core.contradiction.grammar.values import Relation, Value
from festinger.core.contradiction.text.literal import said_alone
from festinger.core.contradiction.text.told_first import weight_told_after_another
from festinger.core.contradiction.reread.verb_frames import one_frame, one_person_slot
from festinger.core.contradiction.updates.value_tail import scoped_by_tail
from festinger.core.contradiction.verdict import Contradiction

_MAX_PAIRS = 2000  # statements are capped upstream; this bounds the pairwise loop regardless


def match_statements(old, new, incoming: str, accept=None) -> Contradiction | None:
    """The first contradiction between an existing and an incoming statement (`accept` may veto)."""
    old, new = tuple(per_period(s) for s in old), tuple(per_period(s) for s in new)
    pairs = 0
    for b in new:
        for a in old:
            pairs += 1
            if pairs > _MAX_PAIRS:
                return None
            if a.scope != b.scope or (a.qualifier != b.qualifier and not _denied_everywhere(a, b)):
                continue
            if _refined(a, b) or corrects_another(a, b):
                continue  # "from Ubuntu to Ubuntu 24.04": still on it; "rock" / "is grunge, not metal": of metal
            if not same_slot(a, b) or (a.rel != b.rel and not _one_practice(a, b)):
                if _old_value_named(a, b) and (accept is None or accept(a, b)):
                    return make_verdict("correction", a, b)
                continue
            if a.key.split()[0] == WE_KEY and not (b.update or b.correction):
                continue  # two memories' "we" may be two groups: only an announced change joins them
            if _bare_polysemous(a) and not (b.correction or b.denied):
                continue  # "My provider is Comcast" / "My provider is now Dr. Nguyen": which provider?
            if one_off_key(set(a.key.split())) and not b.correction:
                continue  # "my order number is 1234" / "... is 5678": two orders, "new" or not
            found = _compare(a, b, incoming)
            if found is None:
                continue
            if _self_inconsistent(a, old) or _self_inconsistent(b, new):
                continue  # a text that holds several values for the key is not single-valued there
            if any(_restates(c, a) for c in new if c is not b):
                continue  # "I switched to Emacs. I use Vim.": the incoming memory still says the stored fact
            if _place_named_after(a, b, incoming) or weight_told_after_another(b, incoming):
                continue  # "I now live in Austin. Long-distance from the family in Denver is hard."
            if any(v.kind == "place" and software_namesake(v.norm, incoming) for v in b.values):
                continue  # "I moved to Phoenix. I use LiveView now.": the framework, not the city
            if _stand_in(b):
                continue  # "My new phone is an iPhone 15 (work-issued)": another one beside the held one
            if scoped_by_tail(a, b):
                continue  # "My address is now 12 Main St, for parcels", "... now C3, after 6pm": a scope the grammar left
            if accept is not None and not accept(a, b):
                continue
            return found
    return None


# Ways of using a thing: "no longer uses the Apple Watch" denies "wears an Apple Watch", "has stopped
# doing Scrum" denies "uses Scrum". Only a denial of the generic verb crosses, and only onto the very
# same object: "doesn't drink gin" says nothing of "uses Gin" (a web framework), and "doesn't eat
# meat" nothing of "smokes meat". Taste, knowledge, ownership and employment are not uses.
GENERIC_USE_RELS = frozenset("use utilize utilise do:do".split())
USE_RELS = GENERIC_USE_RELS | frozenset(
    "adopt leverage play wear eat drink smoke run run:on deploy:to deploy:on deploy:with deployed:on deployed:to "
    "hosted:on built:with build:with".split())


def _bare_polysemous(a: Statement) -> bool:
    """Whether the slot is the user's bare "carrier", "provider", "title", "favorite", ...: a noun of
    several senses with nothing naming the one meant (lexicon POLYSEMOUS_SLOTS)."""
    words = a.key.split()
    return len(words) == 2 and words[0] == "user" and words[1] in lx.POLYSEMOUS_SLOTS


def _stand_in(b: Statement) -> bool:
    """Whether the incoming value names a stand-in or a second thing ("a loaner", "(work-issued)")."""
    return any(w in ch.STAND_IN_WORDS or w.endswith("-issued") for v in b.values if v.kind in ("phrase", "term", "name")
               for w in v.norm.split())


def _place_named_after(a: Statement, b: Statement, incoming: str) -> bool:
    """Whether the stored place comes back after the incoming statement's sentence: the memory
    still has the user there in some way (family, weekends, a commute)."""
    at = incoming.find(b.sentence)
    rest = incoming[at + len(b.sentence):] if at >= 0 and b.sentence else ""
    return any(v.kind == "place" and said_alone(rest, v.display) for v in a.values)


def _restates(c: Statement, a: Statement) -> bool:
    """Whether statement `c` says what `a` says: same slot, verb, polarity, scope and values."""
    return (c.scope == a.scope and c.rel == a.rel and c.negated == a.negated and same_slot(a, c)
            and {v.norm for v in c.values} == {v.norm for v in a.values})


def _refined(a: Statement, b: Statement) -> bool:
    """"The app uses PostgreSQL" / "The app migrated from PostgreSQL to Aurora PostgreSQL": the
    incoming memory leaves the stored value for a version, edition, flavour, unit or layer of it
    (refinement.refines), so the stored value still holds. Places are never read so ("York")."""
    if not b.denied or not b.values or a.negated or b.negated or len(a.values) != 1:
        return False
    if not b.update:
        return False  # "speaks Swiss German, not German" sets the kind against the family: read on
    old = a.values[0]
    if old.kind == "place" or not any(_same_object(d, old) for d in b.denied):
        return False
    return all(v.kind != "place" and refines(old.display, v.display) for v in b.values)


def _one_practice(a: Statement, b: Statement) -> bool:
    if a.negated == b.negated:
        return False
    pos, neg = (a, b) if b.negated else (b, a)
    if neg.rel not in GENERIC_USE_RELS or pos.rel not in USE_RELS:
        return False
    # one sense for both verbs: "plays Rust" is the game, "doesn't use Rust" the language; "wears a
    # ring" is not "doesn't use Ring" (the doorbell); a brand or a title ("Corona", "Portal") is
    # never consumed in the generic sense
    same_sense = pos.rel not in _CONSUMING or not any(is_known_term(v) or v.display[:1].isupper() for v in pos.values)
    return same_sense and all(_written_as_name(v) == _written_as_name(w) for v in pos.values for w in neg.values
                              if v.norm == w.norm)


_CONSUMING = frozenset("play wear eat drink smoke".split())


def _written_as_name(v: Value) -> bool:
    """Whether the object is written as a name ("Ring", the doorbell) or a word ("a ring")."""
    words = [w for w in v.display.split() if w.lower() not in ("a", "an", "the", "do", "doing")]
    return bool(words) and words[0][:1].isupper()


def _denied_everywhere(a: Statement, b: Statement) -> bool:
    """"The user no longer drinks coffee" denies "drinks coffee every morning": a denial with no
    scope of its own covers every scoped instance (never the other way round)."""
    return b.negated and not a.negated and not b.qualifier and bool(a.qualifier) and (b.update or b.correction)


# A use scoped to work or school ("uses Windows 11 at work", "Chrome for work", "Teams for class")
# is often imposed: the user giving a thing up speaks of their own use, not of that one.
IMPOSED_SCOPE_RE = re.compile(
    r"(?<![\w'])(?:work|job|office|school|class|classes|college|university|uni|clients?|employer)(?![\w'])",
    re.I)


def _old_value_named(a: Statement, b: Statement) -> bool:
    """"User's editor: VS Code" / "User switched from VS Code to Neovim": the incoming memory names
    the user's old value and says it is gone, whatever the slot is called in either memory."""
    if not b.denied or not (b.update or b.correction) or b.negated or a.negated or len(a.values) != 1:
        return False
    words = a.key.split()
    # "User's database: PostgreSQL" is the user's database; "the user's wife drives a Mazda" or
    # "the user's parents live in Denver" is not the user's; a hometown or a favourite city is not
    # where the user lives now
    owned = (words[0] == "user" and not set(words) & (lx.PERSON_ROLES | _NOT_HELD)) or (
        len(words) == 1 and a.key in lx.POSSESSION_NOUNS)
    if not owned or b.key != "user" or a.qualifier or b.qualifier:
        return False
    if a.values[0].kind == "place" and not (a.key == "user" and a.rel == "location"):
        return False  # a move ends where the user lives, never where the user's company is
    if a.rel not in USE_RELS and a.rel not in _HELD_RELS:
        return False  # "likes Python" is not undone by "switched from Python to Go"
    old = a.values[0]
    return old.kind in ("term", "name", "place") and any(_same_object(d, old) for d in b.denied)


_HELD_RELS = frozenset("value work:at work:for location drive ride have own".split())
_NOT_HELD = frozenset("hometown birth native childhood first former previous old favorite dream ideal origin".split())


def _self_inconsistent(s: Statement, stmts: tuple[Statement, ...]) -> bool:
    for other in stmts:
        if (other is s or other.key != s.key or other.rel != s.rel or other.qualifier != s.qualifier
                or other.scope != s.scope):
            continue
        if other.negated != s.negated:
            # "no longer works at Spotify; works at Ableton now" is one change, not two claims
            # about one value; "uses X" with "does not use X" is.
            if any(_same_object(x, y) for x in other.values for y in s.values):
                return True
            continue
        if s.exclusive and other.exclusive and len(s.values) == 1 and len(other.values) == 1:
            if compare(s.values[0], other.values[0]) in (Relation.CONFLICT, Relation.UNKNOWN):
                return True
    return False


def _compare(a: Statement, b: Statement, incoming: str) -> Contradiction | None:
    correction = b.correction
    if a.negated != b.negated:
        pos, neg = (a, b) if b.negated else (b, a)
        if len(neg.values) == 1 and any(_same_object(neg.values[0], v) for v in pos.values):
            return make_verdict("correction" if correction else "negation", a, b)
        return None
    if a.negated:
        return None  # two denials never contradict each other
    if a.rel == "state" and b.denied and any(_same_object(d, v) for d in b.denied for v in a.values):
        return make_verdict("correction", a, b)  # "Not Anna but Hanna - the user's daughter is Hanna"
    if a.rel == "state":
        if len(a.values) == 1 and len(b.values) == 1 and compare(a.values[0], b.values[0]) is Relation.CONFLICT and (
                not needs_news(a, b)):
            kind = "negation" if (a.explicit_negation or b.explicit_negation) else "value"
            return make_verdict("correction" if correction else kind, a, b)
        if (correction or b.update) and one_person_slot(a, b, incoming):
            return make_verdict("correction" if correction else "value", a, b)  # "timezone is PST now"
        return None
    if (a.denied or b.denied) and any(w in lx.TIME_SCOPE_WORDS for v in a.values + b.values
                                      if v.kind in ("term", "phrase") for w in v.display.lower().split()):
        return None  # "works from the office Tuesdays, not home": a habit beside the other one
    for denied, stated in ((b.denied, a.values), (a.denied, b.values)):
        if any(_same_object(d, v) for d in denied for v in stated):
            # "is $1,650, not $1,500" names the value it corrects
            return make_verdict("correction" if correction or b.denied else "negation", a, b)
    if a.exclusive and b.exclusive:
        if len(a.values) == 1 and len(b.values) == 1 and compare(a.values[0], b.values[0]) is Relation.CONFLICT:
            if describes_state(b.values[0].display) and any(w[:1].isupper() for w in a.values[0].display.split()):
                return None  # "Favorite cuisine: Thai" / "My favorite cuisine is now expensive": how it is, not which
            if contrasts_a_kind_of(a.values[0], b.sentence) and not all(is_known_term(v) for v in a.values + b.values):
                return None  # "coffee" / "is espresso, not coffee with milk": a kind of coffee against another
            if not (correction or b.update or b.denied or corrects_by_key(b)) and may_both_hold(a, b):
                return None  # two doctors, two emails, a size in two unit systems: both may hold
            return make_verdict("correction" if correction else "value", a, b)
        if b.update and len(a.values) == 1 and len(b.values) == 1 and left_lone_district(a.values[0], b.values[0]):
            return make_verdict("value", a, b)  # "lives in Brooklyn" / "just moved to Jersey City"
        if (correction or b.update) and named_replacement(a, b):
            return make_verdict("correction" if correction else "value", a, b)
        if (correction or b.update) and renamed(a, b):
            return make_verdict("correction" if correction else "value", a, b)
        return None
    if (correction or b.update) and a.rel == b.rel and a.rel.startswith("do:") and one_frame(a, b):
        return make_verdict("correction" if correction else "value", a, b)
    if (correction or b.update) and b.rel in CORRECTABLE_RELS and announced_replacement(a, b, incoming):
        # "The API uses REST" / "actually the API uses GraphQL": the correction makes the relation
        # single-valued for this subject, but only when no old value survives in the new statement.
        return make_verdict("correction" if correction else "value", a, b)
    return None


def _same_object(x: Value, y: Value) -> bool:
    """Whether a denied/negated object is the same thing as an asserted one."""
    if x.kind == "place" and y.kind == "place" and not same_place(x, y):
        return False  # "not in Portland, Maine" against "in Portland, Oregon": a namesake
    if x.norm == y.norm:
        return True
    # "does not use Python" denies "uses Python 3.11"; "does not use Python 2" does not.
    if x.kind == "term" and y.kind == "term" and not x.unit and y.unit and x.norm == y.unit:
        return True
    return x.kind == y.kind and x.kind not in ("term", "phrase") and compare(x, y) is Relation.SAME
