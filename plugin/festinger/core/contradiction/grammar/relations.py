"""Relations the grammar knows: verbs, passive participles, which relations are single-valued or
correctable, and how a parsed statement is recorded (pure logic, data plus one helper)."""

from __future__ import annotations

from dataclasses import dataclass, field

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.text.subject import Subject, Token, norm_qualifier
from festinger.core.contradiction.grammar.values import (
    Statement,
    singular,
)

# --- verbs -------------------------------------------------------------------------------------

# lemma -> particles that belong to the verb ("runs on", "lives in").
VERBS: dict[str, tuple[str, ...]] = {
    "use": (), "run": ("on", "every", "with"), "require": (), "contain": (), "have": (), "like": (),
    "love": (), "enjoy": (), "dislike": (), "hate": (), "prefer": (), "want": (), "need": (),
    "live": ("in", "at"), "reside": ("in", "at"), "work": ("at", "for", "in", "with", "as", "on", "from"),
    "speak": (), "know": (), "drink": (), "eat": (), "own": (), "support": (), "include": (), "exclude": (),
    "store": (), "listen": ("on",), "target": (), "depend": ("on",), "rely": ("on",), "host": (), "serve": (),
    "expose": (), "deploy": ("to", "on", "with"), "build": ("with", "on"), "expire": ("after", "in"), "time out": ("after",),
    "allow": (), "forbid": (), "block": (), "enable": (), "disable": (), "accept": (), "reject": (), "write": (),
    "read": (), "handle": (), "provide": (), "offer": (), "manage": (), "maintain": (), "follow": (), "play": (),
    "watch": (), "visit": (), "attend": (), "teach": (), "learn": (), "study": (), "drive": (), "ride": (),
    "wear": (), "avoid": (), "keep": (), "ship": (), "take": (), "stay": ("in", "at"), "belong": ("to",),
    "lead": (), "smoke": (), "trust": (), "distrust": (), "bind": ("to",), "connect": ("to",),
    "employ": (), "cook": (), "rent": (), "utilize": (), "utilise": (), "leverage": (), "adopt": (), "lack": (),
    "track": (), "favor": (), "favour": (), "choose": (),
}
IRREGULAR_3SG = {"have": "has", "do": "does", "go": "goes"}
ING = {"run": "running", "ship": "shipping", "plan": "planning", "lie": "lying"}


def third_person(base: str) -> str:
    if base in IRREGULAR_3SG:
        return IRREGULAR_3SG[base]
    if base.endswith(("s", "sh", "ch", "x", "z", "o")):
        return base + "es"
    if len(base) > 2 and base.endswith("y") and base[-2] not in "aeiou":
        return base[:-1] + "ies"
    return base + "s"


def gerund(base: str) -> str:
    if base in ING:
        return ING[base]
    if base.endswith("e") and not base.endswith("ee"):
        return base[:-1] + "ing"
    return base + "ing"


VERB_FORMS: dict[str, str] = {}  # finite form (base or 3rd person) -> lemma
GERUNDS: dict[str, str] = {}
for _lemma in VERBS:
    if " " in _lemma:
        continue
    VERB_FORMS[_lemma] = _lemma
    VERB_FORMS[third_person(_lemma)] = _lemma
    GERUNDS[gerund(_lemma)] = _lemma

# Passive participles after "is/are": participle -> prepositions that belong to it.
PASSIVES: dict[str, tuple[str, ...]] = {
    "hosted": ("on", "in", "at", "by", "with"), "deployed": ("on", "to", "in", "at", "with"), "written": ("in",),
    "built": ("with", "on", "in", "using"), "located": ("in", "at"), "based": ("in", "on"), "headquartered": ("in",),
    "set": ("to",), "configured": ("to", "as"), "powered": ("by",), "served": ("on", "from", "at", "by"),
    "pinned": ("to",), "stored": ("in", "on", "at"), "run": ("with", "by", "on", "in"), "managed": ("by", "with"),
    "maintained": ("by",), "owned": ("by",), "installed": ("on", "in", "at"), "kept": ("in",),
    "scheduled": ("for", "on", "at"), "implemented": ("in", "with"), "developed": ("in", "with", "by"),
    "exposed": ("on", "at"), "published": ("on", "to"), "licensed": ("under",), "called": (), "named": (),
    "known": ("as",), "used": (), "turned": ("on", "off"), "switched": ("on", "off"),
    "approved": ("for",), "pre-approved": ("for",), "preapproved": ("for",), "budgeted": ("at", "for"),
    "priced": ("at",), "capped": ("at",), "limited": ("to",), "paid": (), "rated": ("at", "for"),
}
# Passives whose object is one amount: "is pre-approved for $400,000", "is capped at 10 GB".
AMOUNT_PASSIVES = frozenset(
    "approved:for pre-approved:for preapproved:for budgeted:at budgeted:for priced:at capped:at limited:to "
    "rated:at rated:for".split()
)
# Relations through which a product with a version is the thing's platform ("runs on Node.js 20").
PLATFORM_RELS = frozenset(
    "use run run:on target build:with build:on rely:on depend:on on hosted:on deployed:on deployed:to written:in "
    "built:with built:on built:using built:in powered:by pinned:to run:on based:on implemented:in developed:in "
    "developed:with installed:on utilize utilise adopt leverage".split()
)
# What a piece of software runs on or is installed or deployed on is a list of platforms: "The app
# runs on iOS 17" and "... on iOS 16" both hold (unlike what it is written in or built with).
_RUNS_ON_RELS = frozenset("run run:on installed:on deployed:on deployed:to".split())
_MODEL_SUFFIXES = frozenset("pro max mini air plus ultra lite se xl".split())


def runs_on_several(subject_key: str, product: str, rel: str) -> bool:
    """Whether the operating system versions a subject runs on are a list: software's are (the
    platforms it supports), a machine's are not (a laptop, a VM, a fleet, production, the user's
    own computer: "User runs Ubuntu 24.04"); the head noun is read past a model's number or suffix
    ("user macbook pro", "user raspberry pi 4")."""
    if rel not in _RUNS_ON_RELS or product not in lx.OPERATING_SYSTEMS:
        return False
    words = subject_key.split()
    while len(words) > 1 and (any(c.isdigit() for c in words[-1]) or words[-1] in _MODEL_SUFFIXES):
        words.pop()
    head = words[-1] if words else "user"
    return not {head, singular(head), head.removesuffix("s")} & lx.MACHINE_HEADS  # "the VMs", "the Macs"


# Relations that an explicit "actually ..." may overturn (taste and knowledge verbs are excluded).
CORRECTABLE_RELS = frozenset(
    "use run run:on run:with deploy:with deploy:to deploy:on target build:with build:on rely:on depend:on on hosted:on hosted:in hosted:at hosted:by "
    "deployed:on deployed:to deployed:in written:in built:with built:on built:using powered:by pinned:to "
    "stored:in stored:on managed:by maintained:by owned:by served:on served:from served:by based:on "
    "implemented:in developed:in developed:with work:at work:for value location origin drive ride take time class".split()
)
LOCATION_RELS = frozenset("live:in reside:in located:in based:in headquartered:in in".split())
ANTONYM_LEMMAS = {"dislike": "like", "hate": "like", "disable": "enable", "forbid": "allow", "block": "allow",
                   "exclude": "include", "reject": "accept", "distrust": "trust"}


@dataclass
class Ctx:
    sentence: str
    correction: bool
    statements: list[Statement] = field(default_factory=list)



def emit(ctx: Ctx, key: str, rel: str, values, *, subject: Subject, rest: list[Token], neg: bool = False,
          exclusive: bool = False, denied=(), explicit_negation: bool = False) -> None:
    """Record one statement; `rest` (what follows the value) becomes part of its qualifier."""
    values = tuple(v for v in values if v is not None)
    if not values:
        return
    if exclusive and not key.endswith(" count") and any(singular(w) in lx.MULTI_INSTANCE_NOUNS for w in key.split()):
        # (how many kids the user has is one number; what one kid is called is not)
        exclusive = False  # which of the user's sons? only an explicit correction decides
    # Two statements are only compared when their qualifiers are equal, so "port 8080 for the API"
    # never meets "port 5000 for the dashboard".
    qualifier = " | ".join(q for q in (subject.qualifier, rest_qualifier(rest)) if q)
    ctx.statements.append(Statement(
        key=key, rel=rel, values=values, negated=neg, explicit_negation=explicit_negation, qualifier=qualifier,
        correction=ctx.correction, denied=tuple(denied), exclusive=exclusive, sentence=ctx.sentence,
    ))


def rest_qualifier(rest: list[Token]) -> str:
    return norm_qualifier([t.low for t in rest if t.low != ","])

