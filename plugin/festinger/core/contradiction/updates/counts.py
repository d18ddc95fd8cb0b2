"""A stored count or progress of the user's, said anew with a new number (pure logic).

"User has 2 cats." / "adopted another cat from the shelter so we're at 3 now", "The user works with 3
freelance clients." / "Dropped one client, down to 2.", "Course progress: module 3 of 10" / "On module 7
now.", "Prod runs on 3 m5.large instances." / "Scaled prod to 5 m5.xlarge nodes.", "User runs 3 times a
week." / "upped it to running 5 days a week", "User's Goodreads goal: 30 books" / "lowered my Goodreads
goal to 20 books". People say a new count without repeating the stored sentence: a bare "N <kind> now",
"down/up to N", "we're at N now", an increment ("another cat", "our third baby"), a named slot moved
("scaled prod to N"), a position in a sequence ("on module N now").

The stored memory is one sentence in one of four frames (count_frames.py):
* held: the user's (or "we") count of one kind: "User has 2 cats", "works with 3 freelance clients",
  "manages a team of 5 engineers";
* keyed: a named thing's count: "Prod runs on 3 m5.large instances", "User's Goodreads goal: 30 books";
* progress: a position in a sequence: "Course progress: module 3 of 10", "User is on chapter 4 of Dune";
* rhythm: how often the user does one activity: "User runs 3 times a week".

The incoming memory is read in full or not at all (`_reads`): every sentence is a count clause of
the stored frame (with an event clause before it: "Dropped one client, down to 2"), or passing chatter.
Refused anywhere in it: a question, a plan or wish, a goal or target said against an actual count, a
condition, a denial, the past, a range or approximation, a quote, a temporary count ("for the sale",
"until", "this weekend", fostering), another person (a pronoun, a name the stored memory does not
have, a person role that is not the counted kind), several lines (a heading scopes what is under it).
A count of another kind ("3 dogs" vs cats), a narrower one ("3 clients in Berlin", "indoor cats"), a
part ("two of my clients"), a single period ("5 times this week" vs a usual week), an ordinal that is
not an increment ("third floor", "third vet visit"), a money or unit amount ("$2k", "5 miles") never
parse. A new count equal to the stored one, or moving against its cue ("down to" a larger number), is
no change; a count of the whole kind that went up may sit beside a narrower stored one ("4 clients now"
/ "3 freelance clients"), and a household's children or pets do not jump ("eight kids now" from two)
nor children go ("one kid now": one left home).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from festinger.core.contradiction.lexicon.units import NUMBER_WORDS
from festinger.core.contradiction.text.retraction import passes_by
from festinger.core.contradiction.text.segment import split_sentences
from festinger.core.contradiction.updates.count_guards import MONTHS, PARENT, SHRUNK, refused
from festinger.core.contradiction.updates.count_frames import HAVE as _HAVE, NUM as _NUM, NUMX as _NUMX, ORD as _ORD
from festinger.core.contradiction.updates.count_frames import ORDINALS as _ORDINALS, Stored as _Stored, UNITS as _UNITS
from festinger.core.contradiction.updates.count_frames import HOUSEHOLD as _HOUSEHOLD, W as _W
from festinger.core.contradiction.updates.count_frames import kind_of as _kind, mods_of as _mods, number as _number
from festinger.core.contradiction.updates.count_frames import stem as _stem, stored_count as _stored

__all__ = ["count_update"]

_RECENT = rf"(?:\s+(?:yesterday|today|this\s+morning|last\s+(?:week|weekend|night)|in\s+(?:{'|'.join(MONTHS)})))?"
_CUE_RE = re.compile(r"\d|\b(?:" + "|".join((*NUMBER_WORDS, *_ORDINALS[2:]))
                     + r"|another|twice|once|single|twins|triplets)\b", re.I)
_NOW_RE = re.compile(r"\bnow\b", re.I)
_CHATTER_TAIL_RE = re.compile(r"(?:[\s.!,]+|(?:^|\s+)(?:lol|haha|lmao|yay|woo+)\b|\s*:\)|\s*:d\b)+$", re.I)
_LEAD_RE = re.compile(r"^(?:(?:so|and|ok|okay|well|update|news|fyi|big\s+news)\b[:,!]?\s*)+", re.I)

_WHO = r"(?:i|we|(?:the\s+)?user)"
_ADD = r"adopted|got|had|welcomed|took\s+on|signed|added|hired|bought|rescued|brought\s+home|picked\s+up"
_REMOVE = r"dropped|lost|let\s+go(?:\s+of)?|fired|rehomed|gave\s+away|sold"
_ENDED = r"moved\s+out|left|died|passed\s+away|dropped\s+out|quit|ran\s+away|broke|stopped\s+working"
_EVENT_RE = re.compile(
    rf"^(?:(?P<who>{_WHO})\s+)?(?:just\s+|finally\s+|officially\s+)?(?:(?P<add>{_ADD})|(?P<rem>{_REMOVE}))\s+"
    rf"(?:(?P<another>another|one\s+more)|(?P<more>{_NUM})\s+more|(?:our|my|an?)\s+(?P<nth>{_ORD})"
    rf"|(?P<some>{_NUM}|an?)(?:\s+of\s+(?:my|our|the))?)"
    rf"\s+(?:new\s+)?(?P<mods>(?:{_W}\s+){{0,2}}?)(?P<kind>{_W})(?:\s+from\s+(?:the|a|an)\s+{_W})?{_RECENT}$"
    # "One roommate moved out", "one of my cats died": the counted kind itself ends (a lead, never alone)
    rf"|^(?:(?P<some2>one|an?)\s+(?:of\s+(?:my|our|the)\s+)?|(?:my|our|the)\s+)(?P<kind2>{_W})\s+"
    rf"(?:{_ENDED}){_RECENT}$"
    # "We just had twins!", "Baby number four arrived yesterday!": children said by their number
    rf"|^(?:(?:i|we)\s+)?(?P<just>just\s+)?(?:had|welcomed)\s+(?P<twins>twins|triplets)(?P<when>{_RECENT})$"
    rf"|^(?:baby|kid|child)\s+(?:number|no\.?)\s+(?P<nth3>{_NUM})\s+(?:arrived|is\s+here|was\s+born){_RECENT}$",
    re.I)
_USER = r"(?:the\s+)?user"  # the memorizer's third person: "The user now has 3 cats."
_HELD_STATE_RE = re.compile(
    rf"^(?:(?P<be>i'm|i\s+am|we're|were|we\s+are|there\s+are|there's|it's|that's|{_USER}\s+is|{_USER}'s)\s+"
    rf"|(?P<hv>(?:i|we)(?:'ve\s+got|\s+now\s+have|\s+have)|{_USER}(?:\s+now)?\s+has)\s+"
    rf"|(?P<pv>(?:i|we)(?:'ve|\s+have)\s+(?:now\s+)?(?:visited|been\s+to))\s+"
    rf"|(?P<sv>(?:i|we|{_USER})\s+(?:now\s+)?{_W}(?:\s+with)?)\s+)?"
    rf"(?:now\s+)?(?:(?P<dir>down|up)\s+to\s+|(?P<at>at)\s+)?(?:just\s+)?"
    rf"(?P<n>{_NUM}|a\s+single)(?:\s+(?P<mods>(?:{_W}\s+){{0,2}}?)(?P<kind>(?!now\b){_W}))?(?P<visited>\s+visited)?"
    rf"(?P<now>\s+now)?(?:\s+after\s+{SHRUNK})?"
    # "since one died": the reason is one of the kind ending, nothing that may undo or scope the count
    rf"(?:\s+(?:since|because)\s+(?:one|it|the\s+other(?:\s+one)?|one\s+of\s+them)\s+(?:{_ENDED}))?$", re.I)
_KEYW = rf"(?!(?:is|on|at|has|runs|now|down|up|to)\b){_W}"  # a key's word, never the verb after it
_CHANGE = r"scaled|upped|bumped|raised|lowered|increased|decreased|reduced|cut|dropped|grew|expanded|shrank|resized"
_UP = frozenset("upped bumped raised increased grew expanded up".split())
_DOWN = frozenset("lowered decreased reduced cut dropped shrank down".split())
_KEYED_CHANGE_RE = re.compile(
    rf"^(?:(?:i|we|{_USER})\s+)?(?:just\s+)?(?P<v>{_CHANGE})\s+(?:(?P<poss>my|our|the|{_USER}'s)\s+)?"
    rf"(?P<key>{_KEYW}(?:\s+{_KEYW})?)\s+"
    rf"(?:(?P<dir>up|down)\s+)?to\s+(?P<n>{_NUM})(?:\s+(?P<mods>(?:{_W}\s+){{0,2}}?)(?P<kind>{_W}))?$", re.I)
_KEYED_STATE_RE = re.compile(
    rf"^(?:(?P<poss>the|my|our|{_USER}'s)\s+)?(?P<key>{_KEYW}(?:\s+{_KEYW})?)\s+"
    rf"(?:(?:is\s+|'s\s+)?(?:now\s+)?(?:runs\s+on|on|at|has|(?P<dir>down|up)\s+to)|(?:is|'s)\s+(?P<isnow>now))"
    rf"\s+(?P<n>{_NUM})\s+(?P<mods>(?:{_W}\s+){{0,2}}?)(?P<kind>{_W})(?P<now>\s+now)?(?:\s+after\s+{SHRUNK})?$",
    re.I)
# "We're a three-cat household now.", "I'm a mother of three now."
_HOUSEHOLD_STATE_RE = re.compile(
    rf"^(?:we're|we\s+are|i'm|i\s+am)\s+(?:now\s+)?an?\s+(?:(?P<n>{_NUM})-(?P<kind>{_W})\s+(?:household|family|home)"
    rf"|{PARENT}\s+of\s+(?P<n2>{_NUM}))(?P<now>\s+now)?$", re.I)
_PROGRESS_RE = re.compile(
    rf"^(?:(?:i'm|i\s+am|{_USER}\s+is|{_USER}'s)\s+)?(?P<now1>now\s+)?on\s+(?P<unit>{_UNITS})\s+(?P<n>\d{{1,3}})"
    rf"(?P<now2>\s+now)?$"
    rf"|^(?:(?:i|{_USER})\s+)?(?:just\s+|finally\s+)?(?:started|finished|completed|reached|got\s+to|moved\s+on\s+to)\s+"
    rf"(?P<unit2>{_UNITS})\s+(?P<n2>\d{{1,3}})$", re.I)
_RHYTHM_RE = re.compile(
    rf"^(?:(?:i|{_USER})\s+)?(?:now\s+)?(?:just\s+)?"
    rf"(?:(?P<v>upped|bumped|increased|raised|cut|dropped|reduced|lowered|moved|pushed)"
    rf"(?:\s+it|\s+my\s+(?P<g1>[a-z]+))?(?:\s+(?P<vd>back|up|down))?\s+to\s+|(?P<dir>down|up)\s+to\s+)?"
    rf"(?:(?P<g2>[a-z]+)\s+)?(?P<n>{_NUMX})(?:\s+(?:times|days)|\s*x|\s+(?P<noun>[a-z]+s))?\s+(?:a|per|each)\s+"
    rf"(?P<period>week|month)(?P<now>\s+now)?(?:\s+for\s+[a-z]+\s+(?:training|prep))?$", re.I)


@dataclass(frozen=True)
class _Read:
    value: int | None = None  # the new count said outright
    delta: int = 0  # or a change from the stored count ("another cat": +1)
    sign: int = 0  # which way the sentence says the count went (+1 up, -1 down, 0 unsaid)
    alone: bool = False  # an event that says the new count by itself ("another cat", "our third baby")
    wider: bool = False  # said of the whole kind against a narrower stored count ("clients" / "freelance clients")


def _same_mods(stored: _Stored, mods: frozenset[str] | None, keyed: bool) -> bool:
    if mods is None:
        return False
    if mods <= stored.mods:
        return True
    # "3 m5.large instances" / "5 m5.xlarge nodes": a named slot resized to another machine type
    return keyed and all(re.search(r"\d", w) and "." in w for w in mods ^ stored.mods)


def _lead(stored: _Stored, clause: str, anaphor: bool = False) -> tuple[_Read, frozenset[str] | None] | None:
    """An event clause beside the new count ("adopted another cat", "dropped one client", "our third
    baby") and its modifiers; `anaphor`: after the count, "another one" is one of the kind counted."""
    ev = _EVENT_RE.match(clause)
    if ev is None:
        return None
    kind = ev.group("kind") or ev.group("kind2") or "child"
    if not (anaphor and kind.lower() == "one") and _kind(kind) != stored.kind:
        return None
    if ev.group("twins"):
        if not (ev.group("just") or ev.group("when")):
            return None  # "We had twins.": the two children the user has may be the twins
        return _Read(delta=2 if ev.group("twins").lower() == "twins" else 3, sign=1, alone=True), frozenset()
    if ev.group("nth3"):
        return _Read(value=_number(ev.group("nth3")), sign=1, alone=True), frozenset()
    mods = _mods(ev.group("mods"))
    if not _same_mods(stored, mods, False) or not _we_may_hold(stored, ev.group("who") or ""):
        return None
    if ev.group("kind2"):
        return _Read(delta=-1 if (ev.group("some2") or "a").lower() in ("one", "a", "an") else 0, sign=-1), mods
    sign = -1 if ev.group("rem") else 1
    if ev.group("nth"):
        return (_Read(value=_number(ev.group("nth")), sign=1, alone=True), mods) if sign > 0 else None
    if ev.group("another") or ev.group("more"):
        return _Read(delta=sign * (_number(ev.group("more") or "one") or 0), sign=sign, alone=sign > 0), mods
    some = ev.group("some").lower()
    return _Read(delta=sign * (1 if some in ("a", "an") else (_number(some) or 0)), sign=sign), mods


# Who a "we" may be beside a stored count: the user's household (children, pets), never a team or an
# agency beside the user's own clients, engineers or students.


def _we_may_hold(stored: _Stored, who: str) -> bool:
    if not who.lower().startswith("we"):
        return True
    if stored.key == "we":
        return True
    return stored.verb.split()[0] in _HAVE and stored.kind in _HOUSEHOLD


def _held(stored: _Stored, clauses: list[str]) -> _Read | None:
    """One count clause, alone or with one event clause before it ("Dropped one client, down to 2") or
    after it ("We have three cats now; we adopted another one")."""
    found = _lead(stored, clauses[0])
    if len(clauses) == 1 and found is not None:
        lead, lead_mods = found
        return lead if lead.alone and not stored.mods - (lead_mods or frozenset()) else None
    if len(clauses) == 2 and found is None:
        found = _lead(stored, clauses[1], anaphor=True)
        clauses = clauses[::-1]
    if len(clauses) != (1 if found is None else 2):
        return None
    lead, lead_mods = found if found is not None else (None, None)
    state = _state(stored, clauses[-1], lead is not None)
    if state is None:
        return None
    value, sign, mods = state
    if lead is not None and (lead.sign and sign and lead.sign != sign or lead.value not in (None, value)):
        return None  # "dropped one client, up to 4", "our fourth baby, three kids now": not one count
    mods = mods if mods is not None else lead_mods
    return _Read(value=value, delta=lead.delta if lead else 0, sign=sign or (lead.sign if lead else 0),
                 wider=bool(mods is not None and stored.mods - mods and (lead_mods is None or stored.mods - lead_mods)))


def _state(stored: _Stored, clause: str, led: bool) -> tuple[int | None, int, frozenset[str] | None] | None:
    """(new count, its direction, modifiers said) of a count clause: "3 cats now", "down to 2", "we're
    at 3 now", "I have 4 clients now", "we're a three-cat household now"; a clause with no kind only
    after an event that names it (`led`)."""
    home = _HOUSEHOLD_STATE_RE.match(clause)
    if home is not None:
        kind = _kind(home.group("kind")) if home.group("kind") else "child"
        ok = home.group("now") and kind == stored.kind and _we_may_hold(stored, "we")
        return (_number(home.group("n") or home.group("n2")), 0, frozenset()) if ok else None
    st = _HELD_STATE_RE.match(clause)
    if st is None:
        return None
    # "The user has three kids." beside "The user has two kids.": the memorizer's whole fact said anew
    restated = ((st.group("hv") or "").lower().startswith(("user", "the user")) and stored.verb in _HAVE
                and stored.kind in _HOUSEHOLD)
    if not (_NOW_RE.search(clause) or st.group("dir") or (st.group("at") and st.group("be")) or restated):
        return None
    be = (st.group("be") or "").lower()
    if be and not (st.group("dir") or st.group("at") or be.startswith(("there", "it", "that"))):
        return None
    if not _we_may_hold(stored, be or st.group("hv") or st.group("pv") or st.group("sv") or ""):
        return None  # "we" beside "the user works with 3 clients" may be the agency's
    visits = "visited" in stored.verb or "been" in stored.verb
    if (st.group("pv") or st.group("visited")) and not visits:
        return None
    verb = [w for w in (st.group("sv") or "").lower().split() if w not in ("now", "with")][-1:]
    if verb and _stem(verb[0]) != _stem(stored.verb.split()[0]):
        return None  # "I feed 3 cats now" beside "has 2 cats": another count of cats
    if st.group("hv") and stored.verb.split()[0] not in _HAVE and not stored.verb.startswith("works"):
        return None  # "I have 7 engineers now" beside "manages 5 engineers"
    mods = _mods(st.group("mods")) if st.group("kind") else None
    if st.group("kind"):
        if _kind(st.group("kind")) != stored.kind or not _same_mods(stored, mods, False):
            return None
    elif not led:
        return None  # "Three now!": of what is not said (an age?)
    return _number(st.group("n")), {"down": -1, "up": 1}.get((st.group("dir") or "").lower(), 0), mods


def _keyed(stored: _Stored, clause: str) -> _Read | None:
    m = _KEYED_CHANGE_RE.match(clause) or _KEYED_STATE_RE.match(clause)
    if m is None:
        return None
    if m.groupdict().get("isnow") and not stored.loose:
        return None  # "The file is now 5 MB" beside "The file is 2 MB": a thing of one conversation, not a label
    key = " ".join(m.group("key").lower().split())
    key = f"my {key}" if (m.group("poss") or "").lower() not in ("", "the") else key
    if key != stored.key and not (stored.loose and key.removeprefix("my ") == stored.key):
        return None  # "our API" is not surely "the API"; "Goodreads goal" is "User's Goodreads goal"
    if m.group("kind") and (_kind(m.group("kind")) != stored.kind
                            or not _same_mods(stored, _mods(m.group("mods")), True)):
        return None
    changed = m.groupdict().get("v")
    if not (changed or m.group("dir") or _NOW_RE.search(clause)):
        return None
    words = {(changed or "").lower(), (m.group("dir") or "").lower()}
    sign = 1 if words & _UP else -1 if words & _DOWN else 0
    return _Read(value=_number(m.group("n")), sign=sign)


def _progress(stored: _Stored, clause: str) -> _Read | None:
    m = _PROGRESS_RE.match(clause)
    if m is None:
        return None
    if m.group("unit"):
        if not (m.group("now1") or m.group("now2")):
            return None
        unit, n = m.group("unit"), m.group("n")
    else:
        unit, n = m.group("unit2"), m.group("n2")
    return _Read(value=int(n), sign=1) if unit.lower() == stored.key else None


def _rhythm(stored: _Stored, clause: str) -> _Read | None:
    m = _RHYTHM_RE.match(clause)
    if m is None or m.group("period").lower() != stored.kind:
        return None
    acts = [m.group(g) for g in ("g1", "g2", "noun") if m.group(g)]
    if not acts or any(_stem(a) != stored.key for a in acts if a.lower() not in ("i", "we")):
        return None  # "upped it to 5 days a week": which habit is not said
    if not any(_stem(a) == stored.key for a in acts):
        return None
    if not (m.group("v") or m.group("dir") or _NOW_RE.search(clause)):
        return None
    words = {(m.group(g) or "").lower() for g in ("v", "vd", "dir")}
    sign = 1 if words & _UP else -1 if words & _DOWN else 0
    return _Read(value=_number(m.group("n")), sign=sign)


_CLAUSES_RE = re.compile(rf"\s*[,;]\s*(?:so\s+|and\s+)?|\s+so\s+|\s+and\s+(?=(?:now\s+)?(?:we|i)\b|\d|{_NUM}\b)", re.I)
def _clean(stored: _Stored, sentence: str) -> str | None:
    """The sentence without its opener ("So", "Update:"), chatter tail ("lol") and capital, or None
    when a lead line scopes it ("Her kids: three now", "Staging: scaled to 5 nodes")."""
    text = _LEAD_RE.sub("", sentence.strip())
    if ":" in text:
        lead, rest = (p.strip() for p in text.split(":", 1))
        if not (stored.frame == "keyed" and not re.search(r"\d", lead) and len(lead.split()) <= 4
                and re.match(rf"(?:{_CHANGE})\s+(?:my|our)\s", rest, re.I)):
            return None
        text = rest
    text = _CHATTER_TAIL_RE.sub("", text).strip()
    return text[0].lower() + text[1:] if text[:1].isupper() and not text.startswith(("I ", "I'")) else text


def _reads(stored: _Stored, incoming: str) -> list[_Read] | None:
    """What each sentence says of the count; None when a sentence is neither that nor passing chatter.
    A held count is read across sentences: "One roommate moved out; I'm down to one."."""
    clauses: list[str] = []
    reads: list[_Read] = []
    for sentence in split_sentences(incoming):
        text = _clean(stored, sentence)
        if text is None:
            return None
        if not text:
            continue  # "Lol."
        if stored.frame == "held":
            found = [c.strip() for c in _CLAUSES_RE.split(text) if c.strip()]
            if len(found) == 1 and not (_lead(stored, found[0], anaphor=True) or _HELD_STATE_RE.match(found[0])
                                        or _HOUSEHOLD_STATE_RE.match(found[0])):
                if not passes_by(sentence):
                    return None
                continue  # "So happy!"
            clauses += found
            continue
        rule = {"keyed": _keyed, "progress": _progress, "rhythm": _rhythm}[stored.frame]
        read = rule(stored, text)
        if read is None and not passes_by(sentence):
            return None  # a sentence not read may take the news back or make it another's
        reads += [read] if read is not None else []
    if clauses:
        read = _held(stored, clauses)
        if read is None:
            return None
        reads.append(read)
    return reads


def count_update(existing: str, incoming: str) -> tuple[str, str, str] | None:
    """(slot, old count, new count) when the incoming memory says the stored count is now another."""
    if len(incoming) > 300 or "\n" in incoming.strip() or not _CUE_RE.search(incoming):
        return None
    stored = _stored(existing)
    if stored is None:
        return None
    if refused(existing, incoming, stored):
        return None
    reads = _reads(stored, incoming)
    if not reads:
        return None
    values: set[int] = set()
    for read in reads:
        value = read.value if read.value is not None else (stored.n + read.delta if read.delta else None)
        if value is None or (read.value is not None and read.delta and read.value != stored.n + read.delta):
            return None  # "another client, up to 6": the counts do not add up, so it is not this count
        if read.sign and (value - stored.n) * read.sign <= 0:
            return None  # "down to 4" from 3: not this count
        if read.wider and value > stored.n:
            return None  # "4 clients now" may hold beside "3 freelance clients"; "down to 2 clients" may not
        values.add(value)
    if len(values) != 1:
        return None
    (now,) = values
    if now == stored.n or now < 0:
        return None
    if stored.frame == "held" and stored.kind in _HOUSEHOLD and (
            now - stored.n > 2 or (stored.kind in ("child", "son", "daughter") and now < stored.n)):
        return None  # "eight kids now" from two: no birth explains it; "one kid now": one left home, not gone
    if stored.frame == "progress" and now < stored.n:
        return None  # "on module 2 now" after module 3: a refresher, or a correction the grammar reads
    slot = {"held": f"user {stored.kind} count", "keyed": f"{stored.key} {stored.kind} count",
            "progress": f"user {stored.key}", "rhythm": f"user {stored.key} per {stored.kind}"}[stored.frame]
    return slot, str(stored.n), str(now)
