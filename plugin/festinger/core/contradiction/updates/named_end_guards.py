"""Guards of the named ending (pure logic): readings of an ending or a switch that are no end of the
held thing. A verb of ending with a physical or one-off sense ("dropped my iPhone", "stopped the
Dyson", "quit VS Code and reopened it", "ditched the gym today"); a state said for a period ("I'm off
Twitter this week", "not in the choir this term"); another instance ("rehomed a dog; I foster",
"returned the Kindle, the spare one"); a stand-in ("swapped the Civic for Dad's Tesla", "replaced my
Pixel with a loaner phone"); and a slot "switched/upgraded to" a mode, a setting, a part or a
version rather than a thing of the stored value's kind ("My phone switched to airplane mode"); the
thing said with someone else's possessive ("cancelled his Spotify", "Your Netflix is cancelled"). A
program has no physical sense: "dropped Datadog" is durable ("dropped the MySQL database" is not).
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.lexicon import changes as ch
from festinger.core.contradiction.grammar.values import canonical_term

__all__ = ["JUST_NOW_RE", "PERIOD_RE", "momentary_end", "other_instance", "same_kind", "someone_elses", "stand_in"]

# A period the state is said for, not the time of an event: "off Twitter this week", "this term".
PERIOD_RE = re.compile(r"(?<![\w'])(?<!as\sof\s)(?:(?:this|next|for\s+the|for\s+this)\s+"
                       r"(?:week|month|quarter|year|term|semester|season|weekend|summer|winter|spring|fall|autumn)|"
                       r"over\s+the\s+weekend|"
                       r"for\s+(?:a|the)\s+(?:while|bit|moment)|(?:today|tonight|this\s+(?:morning|afternoon|evening)))"
                       r"(?![\w'])", re.I)
# Words that give an ending its durable sense: "no longer", "anymore", "for good", "cancelled".
DURABLE_RE = re.compile(r"(?<![\w'])(?:any\s*more|for\s+good|no\s+longer|completely|entirely|altogether|"
                        r"cold\s+turkey|permanently|gave\s+up|cancell?ed|for\s+ever|forever)(?![\w'])", re.I)
# Ending verbs that also say a physical or one-off act: "dropped the phone", "stopped the vacuum",
# "kicked the Roomba", "ditched the gym today", "quit the app".
_MOMENTARY_VERB_RE = re.compile(r"(?<![\w'])(?:dropped(?!\s+out\b)|stopped|kicked|ditched|quit)\s", re.I)
# A course is dropped or stopped for good ("stopped the Japanese classes", "dropped the Wednesday gym class"),
# and a continuation that says what holds now ("... and now follows a Mediterranean diet") dates an end.
_COURSE_RE = re.compile(r"(?<![\w'])(?:lessons?|class(?:es)?|courses?|programmes?|programs?|bootcamps?)(?![\w'])"
                        r"|(?:\s+and|;|,)\s+(?:i\s+|the\s+user\s+|we\s+)?now\s", re.I)
# A day or a weekend: what is done then is done for then ("swapped the Tesla for the Jeep this weekend").
_DAY = r"today|tonight|yesterday|this\s+(?:morning|afternoon|evening)|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day"
# A moment of one day: "left Heathrow yesterday" is a trip, not a departure for good.
JUST_NOW_RE = re.compile(rf"(?<![\w'])(?:{_DAY})(?![\w'])", re.I)
_ONE_OFF_RE = re.compile(rf"(?<![\w'])(?:{_DAY}|this\s+weekend|(?:over|for)\s+the\s+weekend)(?![\w'])", re.I)
# A continuation that brings the thing back or tells what happened to it ("... and reopened it", "it froze").
_BACK_RE = re.compile(r"(?<![\w'])(?:re[a-z]+ed|it|again)(?![\w'])", re.I)


def momentary_end(said: str, verb_and_rest: str, gerund: bool, cont: str) -> bool:
    """Whether a "quit"-shaped ending may be an act of the moment: a verb with a physical sense and
    no gerund nor durable word ("stopped the Dyson"), a one-off time ("ditched yoga today"), or a
    continuation that brings it back ("quit VS Code and reopened it")."""
    if DURABLE_RE.search(said) or _COURSE_RE.search(said):
        return False
    if _ONE_OFF_RE.search(said) or (cont and _BACK_RE.search(cont)):
        return True
    return (bool(_MOMENTARY_VERB_RE.match(verb_and_rest)) and not gerund
            and not verb_and_rest.lower().startswith("quit") and not _software_dropped(verb_and_rest))


# "dropped Datadog", "ditched Jira": a program has no physical sense to drop, and no day to ditch
# (never a database: "dropped the MySQL database" is one act on it).
_DROPPED_RE = re.compile(r"(?:dropped|ditched)\s+(?:the\s+|our\s+|my\s+)?(?P<x>[\w.+#-]+(?:\s+[\w.+#-]+)?)"
                         r"(?=\s*(?:[,;(]|\s-\s|\s+(?:and|now|completely|entirely)\b|$))", re.I)


def _software_dropped(verb_and_rest: str) -> bool:
    m = _DROPPED_RE.match(verb_and_rest)
    term = canonical_term(m.group("x")) if m is not None else ""
    return term in lx.TECH_NAMES and lx.TECH_CATEGORIES.get(term) != "database"


def other_instance(matched: str, cont: str) -> bool:
    """"sold a guitar" (one of several, or not the held one), "returned the Kindle, the spare one":
    an indefinite object, or an appositive that names which one."""
    if re.search(r"(?<![\w'])(?:sold|rehomed|rid\s+of|away|in|scrapped|returned)\s+(?:a|an|one|another)\s",
                 matched, re.I):
        return True
    if _ANOTHER_ONE_RE.match(cont):
        return True  # "sold my house and bought a bigger one": one of the kind is held still
    return bool(cont) and bool(re.match(r"(?:the|a|an|my)\s", cont, re.I)) and _stand_in_words(cont, "one")


# A continuation that gets another of the same kind: "bought a bigger one", "got a new one".
_ANOTHER_ONE_RE = re.compile(r"(?:and\s+)?(?:then\s+)?(?:bought|got|ordered|adopted|picked\s+up|found)\s+"
                             r"(?:a|an|another)\s+(?:[\w-]+\s+){0,2}one(?![\w'])", re.I)


def stand_in(new: str, said: str) -> bool:
    """"for Dad's Tesla", "with a loaner phone", "... today": the new thing stands in for a while (a
    switch dated "this quarter" is an event; only a one-off day says a swap for the day)."""
    if re.search(r"(?<![\w'])ones?(?![\w'])", new):  # lower case: never a name ("Capture One")
        return True  # "with a new one", "with a refurbished one": another unit of the same thing
    return "'s " in f"{new} " or "\u2019s " in f"{new} " or _stand_in_words(new) or bool(_ONE_OFF_RE.search(said))


def _stand_in_words(text: str, *more: str) -> bool:
    """A stand-in word in `text` ("a loaner phone"); an appositive also names "the one I got as a spare"."""
    return bool(set(re.findall(r"[a-z]+", text.lower())) & (ch.STAND_IN_WORDS | frozenset(more)))


def same_kind(stored: str, new: str) -> bool:
    """Whether `new` is a thing of the stored value's kind: two known terms of one category, or two
    names neither of which is a known term, said alike (capitalised) and no setting, part or mode."""
    a, b = canonical_term(_bare(stored)), canonical_term(_bare(new))
    ka, kb = _known(a), _known(b)
    ws = new.split()
    if not ws or set(w.lower() for w in ws) & ch.SETTING_NOUNS:
        return False
    if ka and kb:
        return lx.TECH_CATEGORIES.get(a) is not None and lx.TECH_CATEGORIES.get(a) == lx.TECH_CATEGORIES.get(b)
    if any(c.isdigit() for c in new + stored):
        return False
    if ka:  # a known stored tool: the new one must be known of its kind ("WordPress" / "HTTPS" is not)
        return False
    if kb:  # an unknown stored name, a known tool of a kind: "Create React App" / "Vite" (never a protocol: "HTTPS")
        return lx.TECH_CATEGORIES.get(b) is not None and all(w[:1].isupper() for w in _bare(stored).split())
    old = _bare(stored).split()
    # the same kind of name: capitalised like the stored one, as many words, a model number only if it has one
    # and an acronym only for an acronym ("Dutch" / "English"; never "Keychron K2" / "Dvorak", "Honda
    # Civic" / "LPG" nor "WordPress" / "HTTPS")
    return (all(w[:1].isupper() for w in ws) and all(w[:1].isupper() or w[:1].isdigit() for w in old)
            and len(old) == len(ws) and [w.isupper() for w in ws] == [w.isupper() for w in old])


def _bare(text: str) -> str:
    return re.sub(r"^(?:the|my|our|a|an)\s+", "", text.strip(), flags=re.I)


def _known(term: str) -> bool:
    return term in lx.TECH_NAMES or term in lx.TECH_CATEGORIES


# A possessive of someone else's before the thing named: "cancelled his Spotify", "sold your Focus".
_THEIRS_RE = re.compile(r"(?<![\w'])(?:her|his|their|its|your)\s+$", re.I)


def someone_elses(m: re.Match[str], group: str) -> bool:
    """Whether the thing the match names in `group` is said with someone else's possessive (the
    pattern's determiner group takes "his/her/their" before the name, and "your" into it)."""
    if group not in m.re.groupindex or m.group(group) is None:
        return False
    start = m.start(group)
    return bool(_THEIRS_RE.search(m.string[max(0, start - 8):start])
                or re.match(r"(?:her|his|their|its|your)\s", m.group(group), re.I))
