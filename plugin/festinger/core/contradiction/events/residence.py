"""A home left by a move: "User lives in Denver" / "We moved to Austin last month. Still unpacking!"
(pure logic).

The grammar reads "The user moved to Hamburg" as where the user lives now, but not a move said of
the household ("we"), with a time ("last month", "in the spring"), by another event ("closed on a
house in", "bought a house in", "moved into an apartment in"), away from the stored place ("We
moved out of Leeds"), or in a memory of several sentences. This rule reads:

* the existing memory, one sentence, says where the user lives: "<I / the user / we> live(s) in
  <place>", "... lives in a flat in <place>", "<I am / the user is> based in <place>", "resides in",
  "<my / the user's> home is in <place>", or the memorizer's "User mentioned that they live in";
  a "we" only lives (a company is "based");
* one sentence of the incoming memory (`event_sentences`: the memory as a whole is the user's own
  present news, no story, plan, scope or old news) opens with the user or the household ("we":
  never when the memory names a team, a company or an office) and tells one of the lexicon's
  residence events (`lexicon.EVENT_SLOTS`) with a place, then at most a recent time and a few
  words of chatter ("and love it", "still unpacking", "and now live there");
* the new place is another place than the stored one: neither the same, nor inside it, nor
  containing it, as the lexicon knows them (`places`); an unknown place, or a relation the
  lexicon does not know, ends nothing. A lone district left for a city elsewhere
  (`places.left_lone_district`: "Brooklyn" / "Jersey City") is a move too.
* "moved out of <place>" ends the stored place when it is that place or inside it;
* an event said without its subject ("Just moved to Austin! Loving it.") is the user's only when
  nothing in the memory brings in anyone else (`event_sentences.owner_implied`).

Refused: someone else ("my sister moved"), a plan, a condition, a question, a quote, a year or
"years ago", "for the summer", "for work", "temporarily", "the Munich office", a place inside or
around the stored one ("Park Slope" / "Brooklyn"), the same place ("another apartment in Denver").
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.events.event_sentences import (denied_elsewhere, event_phrases, named_elsewhere, others_say,
                                                          owner_implied, user_event_sentences)
from festinger.core.contradiction.grammar.places import (compare_place_values, left_lone_district, place_chain, same_place,
                                                software_namesake)
from festinger.core.contradiction.updates.rescheduled import one_sentence
from festinger.core.contradiction.grammar.values import Relation, Value

__all__ = ["residence_ended"]

_CAP = r"(?-i:[A-Z][\w.'-]*)"
_PLACE = rf"(?P<place>(?:the\s+)?{_CAP}(?:\s+{_CAP}){{0,3}})(?:,\s+(?P<region>{_CAP}(?:\s+{_CAP}){{0,2}}))?"
_HOME = r"(?:[\w-]+\s+){0,2}?(?:" + "|".join(lx.HOME_NOUNS) + r")"
_EXISTING = re.compile(
    rf"^(?:(?P<who>i|we|(?:the\s+)?user)(?:\s+(?:mentioned|said|noted|clarified|stated)\s+(?:that\s+)?they)?"
    rf"(?:\s+(?:currently|now))?(?:\s+|(?='))(?P<verb>live|lives|reside|resides|(?:am|is|are|'m|'s|'re)\s+"
    rf"(?:based|living)|(?:has|have)\s+lived(?=\s+in\s+\S+(?:\s+\S+){{0,3}}\s+for\s+(?:\w+|a\s+few)\s+years?$))"
    rf"|(?P<owner>my|our|(?:the\s+)?user's)\s+home\s+is)"
    rf"\s+in\s+(?:(?:a|an|the|our|my|their)\s+{_HOME}\s+in\s+)?{_PLACE}"
    r"(?P<years>\s+for\s+(?:\w+|a\s+few)\s+years?)?$", re.I)

_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_MONTH = r"(?:january|february|march|april|may|june|july|august|september|october|november|december)"
# When it happened, if said: recent, never a year (`event_sentences` refuses those anyway).
_WHEN = (rf"(?:\s+(?:last\s+(?:week|weekend|month|year|{_WEEKDAY})|this\s+(?:week|month|year)|recently|yesterday|"
         rf"today|over\s+the\s+weekend|on\s+{_WEEKDAY}|in\s+{_MONTH}|in\s+the\s+(?:spring|fall|autumn)|"
         r"(?:a|one|two|three|four|five|six|a\s+few|\d{1,2})\s+(?:days?|weeks?|months?)\s+ago))?")
_FOR_GOOD = r"(?:\s+(?:for\s+good|permanently))?"
# Chatter the event may end with: it says nothing of another home.
_CHATTER = (rf"(?:\s*,?\s+and\s+(?:(?:i|we)\s+)?(?:now\s+)?(?:live|lives|living)\s+there(?:\s+now)?"
            rf"|\s*,?\s+and\s+(?:i|we)\s+love\s+it"
            rf"|\s*,?\s+(?:and\s+)?(?:(?:i|we)\s+are\s+)?still\s+unpacking(?:\s+boxes)?"
            rf"|\s+and\s+(?:i\s+)?start\s+(?:work\s+|(?:my|the)\s+new\s+job\s+)?on\s+{_WEEKDAY}"
            r"|\s+after\s+relocating(?:\s+for\s+(?:work|a\s+(?:new\s+)?job))?"
            rf"|\s+after\s+(?:\d{{1,2}}|[a-z]+)\s+years\s+in\s+(?:the\s+)?{_CAP}(?:\s+{_CAP}){{0,3}})?")
# "I don't live in Lisbon anymore, I moved to Porto": the old home denied before the move.
_DENIED = (r"(?:(?:i|we|(?:the\s+)?user)\s+(?:do\s+not|does\s+not|no\s+longer)\s+lives?\s+in\s+(?:the\s+)?"
           r"(?-i:[A-Z][\w.'-]*)(?:\s+(?-i:[A-Z][\w.'-]*)){0,3}(?:\s+any\s*more)?\s*,\s+)?")
# The user, the household ("we", "my wife and I", "the user and their partner"), or no subject at all
# ("Just moved to Austin!": `owner_implied` decides).
_PARTNER = r"(?:wife|husband|partner|spouse|girlfriend|boyfriend|fiance|fiancee|family)"
_SUBJ = (rf"^{_DENIED}(?:(?P<who>i|we|(?:the\s+)?user|my\s+{_PARTNER}\s+and\s+i"
         rf"|(?:the\s+)?user\s+and\s+(?:their|his|her)\s+{_PARTNER})(?:\s+(?:have|has))?\s+)?"
         r"(?:(?:just|recently|finally|officially)\s+)?")
_INCOMING = re.compile(
    rf"{_SUBJ}(?P<ev>{event_phrases('residence')})\s+{_PLACE}{_FOR_GOOD}{_WHEN}{_FOR_GOOD}{_CHATTER}$", re.I)
_PLACE2 = _PLACE.replace("<place>", "<place2>").replace("<region>", "<region2>")
_MOVED_OUT = re.compile(
    rf"{_SUBJ}moved\s+out\s+of\s+{_PLACE}{_WHEN}"
    rf"(?:(?:\s*,\s*(?:and\s+)?(?:(?:i|we)\s+(?:are|am)\s+)?now\s+(?:living\s+)?in"
    rf"|\s+and\s+(?:now\s+)?(?:live|lives)\s+in)\s+{_PLACE2}(?:\s+now)?)?$", re.I)
# Another sentence that speaks of a move or of where someone lives: the memory tells more than one move.
_HOME_TALK_RE = re.compile(r"(?<![\w'])(?:mov(?:e|ed|es|ing)|relocat\w*|lives?|lived|living|home)(?![\w'])", re.I)
_HOME_WORD_RE = re.compile(r"\b(?:live|lives|living|lived|reside|resides|based|home)\b", re.I)
_CUE_RE = re.compile(r"(?:moved|relocated|closed\s+on|bought|now\s+(?:lives?|living)|the\s+keys|settled)\s", re.I)


def _place(m: re.Match[str], name: str = "place", region: str = "region") -> Value | None:
    place = m.group(name)
    if place_chain(place) is None:
        return None  # an unknown place ("Boulder", "Munich Re", "Vancouver Island") is never judged
    where = m.group(region) or ""
    return Value("place", place.lower(), f"{place}, {where}" if where else place, region=where)


def _elsewhere(old: Value, new: Value) -> bool:
    """Whether the new home is another place than the stored one, as the lexicon knows them. Never
    when the two share a word ("Quebec" / "Quebec City", "Addis" / "Addis Ababa", "St. Louis" /
    "Saint Louis": one place written two ways), nor a country against a stored place with a region
    the lexicon may not place ("Hanover, New Hampshire" / "the US")."""
    namesakes = old.region and new.region and old.region.lower() != new.region.lower()  # "Portland, Maine"
    if set(_words(old.norm)) & set(_words(new.norm)) and not namesakes:
        return False
    if old.region and len(place_chain(new.norm) or ()) == 1:
        return False  # a country against a city the lexicon places by a region it may not know
    return compare_place_values(old, new) is Relation.CONFLICT or left_lone_district(old, new)


def _words(place: str) -> list[str]:
    return [w for w in re.findall(r"[a-z]+", place.lower()) if w not in ("st", "saint", "the", "of", "city", "new")]


def _left(old: Value, left: Value) -> bool:
    """"moved out of Brooklyn" against "lives in Park Slope" (inside it) or "in Brooklyn" (it)."""
    chain, gone = place_chain(old.norm), place_chain(left.norm)
    if chain is None or gone is None or not same_place(left, old):
        return False  # "moved out of Portland, Maine" says nothing of a bare "Portland" (maybe Oregon's)
    inside = gone[0] in chain[1:] or gone[0] in lx.DISTRICT_BOROUGHS.get(chain[0], ())  # "Park Slope" in Brooklyn
    return compare_place_values(old, left) is Relation.SAME or (
        inside and compare_place_values(old, left) is Relation.COMPATIBLE)


def _we_group(sentences: list[str]) -> bool:
    """A "we" the memory ties to a team, a company or an office, not the user's household."""
    words = {w.strip(".,;:!").lower() for s in sentences for w in s.split()}
    return bool(words & lx.WE_GROUP_WORDS)


def residence_ended(existing: str, incoming: str) -> tuple[str, str] | None:
    """(stored place, the incoming sentence) when a sentence of the incoming memory tells that the
    user (or the household) moved away from where the existing memory says the user lives."""
    if not _HOME_WORD_RE.search(existing[:400]):
        return None  # a cheap look at the stored memory first: most pairs are about something else
    sentences = user_event_sentences(incoming, _CUE_RE, lambda s: _INCOMING.match(s) or _MOVED_OUT.match(s))
    if not sentences:
        return None
    old_sentence = one_sentence(existing)
    o = None if old_sentence is None else _EXISTING.match(old_sentence)
    if o is None:
        return None
    verb = (o.group("verb") or "").lower()
    if (o.group("who") or "").lower() == "we" and "based" in verb:
        return None  # "We're based in Berlin": a company as often as a household
    if o.group("years") and "lived" not in verb:
        return None  # "lives in Denver for two years": a stint, read only as "has lived ... for N years"
    old = _place(o)
    if old is None:
        return None
    for sentence in sentences:
        n = _INCOMING.match(sentence) or _MOVED_OUT.match(sentence)
        if n is None or ((n.group("who") or "").lower() == "we" and _we_group(sentences)):
            continue
        if n.group("who") is None and not owner_implied(sentences, sentence):
            continue  # "Sarah update. Just moved to Austin.": whose move is not said
        if named_elsewhere(sentences, sentence, o.group("place")):
            continue  # "I moved to Austin. Now I'm in Denver again.": the stored home is said of too
        if others_say(sentences, sentence, _HOME_TALK_RE) or denied_elsewhere(sentences, sentence):
            continue  # "Hated it, so I moved home.": a second move or home; "Not!": a denial
        if n.re is _MOVED_OUT:
            left = _place(n)
            new = _place(n, "place2", "region2") if n.group("place2") else None
            if (left is not None and _left(old, left)) or (new is not None and _elsewhere(old, new)):
                return o.group("place"), sentence
            continue
        new = _place(n)
        if new is not None and _elsewhere(old, new) and not software_namesake(new.norm, incoming):
            return o.group("place"), sentence  # (not "moved to Phoenix. I use Elixir now.": a framework)
    return None
