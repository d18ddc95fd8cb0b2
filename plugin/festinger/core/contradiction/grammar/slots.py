"""Which two subject keys name one slot (pure logic).

The same slot is worded in more than one way: "my IDE" / "my go-to IDE", "the flight" / "the user's
flight", "the offer" / "the revised offer". Keys still have to be equal word for word, except when
the incoming statement announces a change or a correction ("now", "switched to", "actually"), and then
only in these ways:

* a modifier that never picks one of several ("go-to", "main", "favourite", ...) is dropped, but only
  before a head that holds one value at a time ("IDE", "shell", "email"; never "monitor" or "son",
  where "my main monitor" and "my monitor" may be two);
* a modifier that marks the incoming value as the right one ("the correct", "the revised") is dropped
  before any head;
* a bare "the flight" of an incoming memory that is this one sentence is the user's flight: a memory
  that says nothing else can only be about the user, and it announces the change of one value.
  Anyone else's ("Kevin's flight", "his flight") is another key or never parsed at all.
"""

from __future__ import annotations

import re
from dataclasses import replace

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.comparison import term_category
from festinger.core.contradiction.grammar.values import Statement

__all__ = ["CORRECTING_MODIFIERS", "SWITCH_RE", "aliases", "corrects_by_key", "per_period", "same_slot"]

NEUTRAL_MODIFIERS = frozenset("go-to goto favorite main primary preferred usual regular everyday daily".split())
CORRECTING_MODIFIERS = frozenset("correct actual revised updated corrected amended".split())


# "favourite" and "preferred" pick what one likes, not what one has: "my favourite distro is now
# Arch" says nothing of the distro one runs. They are dropped only against another such modifier
# ("my favourite IDE" / "my main IDE").
TASTE_MODIFIERS = frozenset("favorite preferred".split())


def _core(key: str, taste: bool = False) -> tuple[str, ...]:
    """The key without the modifiers that never pick one of several (and, with `taste`, without
    "favourite" / "preferred" too)."""
    words = [w for w in key.split() if w not in CORRECTING_MODIFIERS]
    if words and words[-1] in lx.STRONG_SETTING_HEADS:
        words = [w for w in words[:-1] if w not in NEUTRAL_MODIFIERS
                 or (w in TASTE_MODIFIERS and not taste)] + words[-1:]
    return tuple(words)


def _modified(key: str) -> bool:
    return any(w in NEUTRAL_MODIFIERS for w in key.split())


def corrects_by_key(st: Statement) -> bool:
    """"The correct Wi-Fi password is ...": the key itself says the value replaces another."""
    return any(w in CORRECTING_MODIFIERS for w in st.key.split())


def same_slot(a: Statement, b: Statement) -> bool:
    """Whether existing statement `a` and incoming statement `b` are about one slot."""
    if a.key == b.key:
        return True
    if not (b.update or b.correction or corrects_by_key(b)):
        return False
    ca, cb = _core(a.key), _core(b.key)
    if not ca or not cb:
        return False
    if ca == cb or (_modified(a.key) and _modified(b.key) and _core(a.key, taste=True) == _core(b.key, taste=True)):
        return True
    return b.lone and ca[0] == "user" and cb[0] != "user" and ca[1:] == cb


# Only a switch replaces the tool of one kind: "now uses Vim" may be a second editor.
SWITCH_RE = re.compile(
    r"(?<![\w'])(?:switched|migrated|moved|changed|transitioned|upgraded|downgraded)\s+(?:over\s+)?to(?![\w'])", re.I)
# The slot a known tool of one kind fills (only for an announced switch: "switched to Neovim").
CATEGORY_SLOTS = {"editor": ("editor", "ide"), "os": ("os",), "shell": ("shell",), "database": ("database",),
                  "package_manager": ("package manager",), "ci": ("ci",), "cloud": ("cloud provider",)}
# One slot said two ways: "the user's car is a Civic" is "the user drives a Civic" (a named model
# only: "the user's car is a rental" says nothing about what the user drives).
# "The user's home is in Brooklyn" is "the user lives in Brooklyn".
# "The user's employer is Siemens" is "the user works at Siemens".
# "The user's title is Senior Engineer" is "the user is a Senior Engineer" (`_TITLE_KEYS`).
_SLOT_ALIASES = {("user car", "class"): ("user", "drive"), ("user vehicle", "class"): ("user", "drive"),
                 ("user home", "in"): ("user", "location"), ("user employer", "value"): ("user", "work:at"),
                 ("user city", "value"): ("user", "location"), ("user home city", "value"): ("user", "location")}


# "The user's title is Senior Engineer" is "the user is a Senior Engineer": a job title written as a
# name (every word capitalised), so "the user's title is a mouthful" never becomes a class.
_TITLE_KEYS = frozenset(("user title", "user job title", "user position"))


def _is_job_title(display: str) -> bool:
    words = display.split()
    return 0 < len(words) <= 4 and all(w[:1].isupper() for w in words)


def aliases(found: list[Statement]) -> list[Statement]:
    """The same claims under the other wording of their slot (added next to the originals)."""
    out = []
    for st in found:
        if (st.key in _TITLE_KEYS and st.rel == "state" and len(st.values) == 1 and not st.negated
                and st.values[0].kind == "phrase" and _is_job_title(st.values[0].display)):
            out.append(replace(st, key="user", rel="class", denied=()))
            continue
        alias = _SLOT_ALIASES.get((st.key, st.rel))
        if alias and len(st.values) == 1 and not st.negated and st.values[0].display[:1].isupper():
            kind = "place" if alias[1] == "location" else "term"  # "my home city is Melbourne"
            value = st.values[0] if st.values[0].kind == kind else replace(st.values[0], kind=kind)
            out.append(replace(st, key=alias[0], rel=alias[1], values=(value,), denied=()))
        elif (st.update and st.rel == "use" and len(st.values) == 1 and not st.negated and not st.denied
              and SWITCH_RE.search(st.sentence)):
            # "I switched to Neovim" announces the user's editor: a known tool of one kind fills
            # the slot named after that kind ("the user's editor is VS Code").
            for head in CATEGORY_SLOTS.get(term_category(st.values[0]) or "", ()):
                out.append(replace(st, key=f"{st.key} {head}", rel="value", exclusive=True))
    return out


# An amount of money per period, said in the key or after the amount: "User's monthly rent is
# $2,100" and "User's rent went up to $2,300 a month" name one slot. Only a period word alone is
# read after the amount ("a month", "per month", "each month"); "a month in Berlin" or "for the
# studio" is a scope and stays one. No period is converted into another ("$25,200 a year" is
# another slot than a monthly rent, as it was).
_PERIODS = {"month": "monthly", "week": "weekly", "year": "annual", "day": "daily"}
_PERIOD_ADJECTIVES = {"monthly": "monthly", "weekly": "weekly", "annual": "annual", "yearly": "annual",
                      "daily": "daily"}
_PER = ("", "per ", "each ", "every ", "a ")
_MONEY = frozenset(("usd", "eur", "gbp"))


def per_period(st: Statement) -> Statement:
    """The statement with its period written in the key, first after the owner ("user monthly
    phone bill"), when its value is money."""
    if not st.values or any(v.kind != "quantity" or v.dim not in _MONEY for v in st.values):
        return st
    words = st.key.split()
    said = [_PERIOD_ADJECTIVES[w] for w in words if w in _PERIOD_ADJECTIVES]
    if said:
        if st.qualifier or len(said) > 1:
            return st
        period, words = said[0], [w for w in words if w not in _PERIOD_ADJECTIVES]
    else:
        period = next((_PERIODS[p] for p in _PERIODS for pre in _PER if st.qualifier == pre + p), None)
        if period is None or len(words) < 2:
            return st
    at = 1 if words[:1] == ["user"] else 0
    key = " ".join(words[:at] + [period] + words[at:])
    return st if key == st.key and not st.qualifier else replace(st, key=key, qualifier="")
