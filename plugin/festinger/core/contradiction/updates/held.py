"""What one stored sentence holds, for the rules that read a change by the old value's name
(`named_end`): the holder (the user, the writer's group, or a thing such as "production servers"),
the verb or slot it is held by, and the object held (pure logic).

Three shapes are read, and nothing else:

* the user or the group and a verb: "I drive a 2014 Honda Civic", "We track tasks in Jira", "I'm on
  the payments team", "I'm enrolled in the data science bootcamp at Le Wagon";
* a slot: "The user's editor is Sublime Text", "My phone carrier is Verizon", "Gym membership: Planet
  Fitness";
* a thing and its verb: "Production servers run CentOS 7", "Our search uses Elasticsearch".

A sentence with a negation, a hedge, the past, a plan or an addition (`statements.is_unsure`) holds
nothing sure, and neither does a slot that is a taste or a former one ("favorite editor").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.lexicon import changes as ch
from festinger.core.contradiction.text.literal import starts_with
from festinger.core.contradiction.text.name_parts import part_named
from festinger.core.contradiction.text.normalise import expand_contractions
from festinger.core.contradiction.grammar.statements import is_unsure
from festinger.core.contradiction.grammar.values import singular

__all__ = ["Held", "holding", "names_object", "names_tool", "noun_plan", "same_holder", "words"]


@dataclass(frozen=True)
class Held:
    owner: str  # "user", "we", "" (a bare "Key: value" line) or the thing's own words ("production server")
    subject: tuple[str, ...]  # the thing's words when a thing holds it, else ()
    verb: str  # a lemma ("drive", "use"), "be", or "slot"
    particle: str  # the preposition after the verb ("on", "part of"), or ""
    slot: tuple[str, ...]  # the slot's words ("phd advisor"), or ()
    tokens: tuple[str, ...]  # the words after the verb, normalised (`words`), the object first
    obj_len: int  # how many of `tokens` are the object ("2014 honda civic")
    value: str  # the object as written
    named: tuple[bool, ...] = ()  # per token: written as a name ("Honda Civic") or a word ("oat milk")
    scoped: bool = False  # the object is held for a scope ("Chrome for work", "Teams for class")

    @property
    def owner_is_person(self) -> bool:
        return self.owner in ("user", "we", "")

    def verb_is(self, said: str) -> bool:
        """Whether a verb said in the incoming memory ("works at", "taking") is the stored one."""
        w = words(said)
        return bool(w) and _lemma(w[0]) == self.verb or (self.verb == "employ" and w[:1] == ["work"])

    def particle_is(self, prep: str) -> bool:
        return " ".join(prep.lower().split()) == self.particle


def words(text: str) -> list[str]:
    """Lower-case words without determiners and possessives, singular: "the Brooklyn apartments" ->
    ["brooklyn", "apartment"]."""
    return [w for w, _ in _written(text)]


def _written(text: str) -> list[tuple[str, bool]]:
    """`words`, each with whether it was written as a name (a capital or a digit first)."""
    out = []
    for raw in _TOKEN_RE.findall(text):
        w = raw.lower().rstrip(".").removesuffix("'s")
        if w and w not in _DROP:
            out.append((singular(w), raw[:1].isupper() or raw[:1].isdigit()))
    return out


_TOKEN_RE = re.compile(r"[a-z0-9@][\w@.+#/&'-]*", re.I)
_DROP = frozenset("the a an my our your their his her its this these those".split())
# Where an object ends: its tail (a scope, a frequency, a clause) starts at these words.
_STOPS = frozenset(
    "in at for to with on by from of every each daily weekly twice once per that which who when while and or but "
    "because since after before during as via through".split())
# ... and after its first word ("a ThinkPad running Arch"; "a running club" is one)
_LATE_STOPS = frozenset(("running",))
# Words that name no thing of their own.
_GENERIC = frozenset("it that this them one ones thing things stuff job work team company class plan project app "
                     "everything all something".split())
_NEGATION_RE = re.compile(r"(?<![\w'])(?:not|no|never|none|without|nor|n't)(?![\w'])|n't", re.I)
_PERSON_RE = re.compile(r"^(?:(?P<who>i|(?:the\s+)?user|we)\s+)(?:(?:currently|still|now|primarily|mainly|"
                        r"regularly)\s+)?(?P<rest>[a-z].*)$", re.I)
_NAMED_RE = re.compile(r"^(?:my|our|(?:the\s+)?user's)\s+(?:son|daughter|kid|child|wife|husband|partner)\s+"
                       r"(?P<name>(?-i:[A-Z][a-z]+))\s+(?P<rest>[a-z].*)$", re.I)
_SLOT_RE = re.compile(r"^(?:(?P<own>my|our|(?:the\s+)?user's)\s+"
                      r"(?P<slot>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)(?:\s+is|\s+are|\s*:)"
                      r"|(?P<slot2>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s*:)\s+(?P<rest>\S.*)$", re.I)
_THING_RE = re.compile(r"^(?:(?P<own>our|my|(?:the\s+)?user's|the)\s+)?(?P<subj>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+"
                       r"(?P<rest>(?:uses?|runs?|tracks?|hosts?|is|are|gets?|goes|go)\s+\S.*)$", re.I)
_BE = frozenset("am is are".split())
# "Austin, Texas": the one comma a single place holds (a region after it, nothing more).
_REGION_RE = re.compile(r"^[^,]*,\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?\s*$")
_SPEC_RE = re.compile(r"^[^,]*,\s+[\d:/.-]+\s*$")  # "intermittent fasting, 16:8"
_VERBAL_RE = re.compile(r"(?:on|in|at|with|by|for|of|to|from|[a-z]+ed\s+(?:on|in|at|with|by|to))\s", re.I)
_BE_PARTICLES = ("part of", "a member of", "member of", "enrolled in", "enrolled at",
                 "employed at", "employed by", "based in",
                 "subscribed to", "signed up for", "hosted on", "built with", "managed with", "sent to",
                 "written in", "deployed on", "stored in", "on", "in", "at", "with")
_PARTICLES = frozenset("at for in on to with by as of from into".split())
_ADVERBS = frozenset("primarily mainly currently still regularly".split())
_IRREGULAR = {"has": "have", "goes": "go", "does": "do", "employed": "employ", "based": "base", "taking": "take",
              "riding": "ride", "driving": "drive", "using": "use", "seeing": "see", "going": "go", "attending":
              "attend", "eating": "eat", "drinking": "drink", "learning": "learn", "playing": "play", "doing": "do",
              "working": "work", "living": "live"}


# "-ing" words after "is" that are no verb of the subject's: "is a thing", "is during ...".
_NOT_VERBS = frozenset("during nothing something anything everything thing king ring spring string".split())


_NOUN_PLAN_RE = re.compile(ch.NOUN_PLAN, re.I)


def noun_plan(text: str) -> str:
    """The text with a noun "plan" ("the Premium plan") read as "tier", for the hedge checks only."""
    return _NOUN_PLAN_RE.sub(r"\1tier\2", text)


def _lemma(word: str) -> str:
    w = word.lower()
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if w.endswith("ing") and len(w) > 5:
        stem = w[:-3]
        return stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else stem
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("ches", "shes", "sses", "xes")):
        return w[:-2]
    if w.endswith("s") and not w.endswith("ss") and len(w) > 3:
        return w[:-1]
    return w


def holding(sentence: str) -> Held | None:
    """What the stored sentence holds, or None when it is not one of the three shapes, or not sure."""
    s = expand_contractions(sentence).strip().rstrip(".!")
    if not s or '"' in s or is_unsure(noun_plan(s)) or _NEGATION_RE.search(s):
        return None
    m = _PERSON_RE.match(s)
    if m is not None:
        who = "we" if m.group("who").lower() == "we" else "user"
        return _held(who, (), m.group("rest"))
    m = _NAMED_RE.match(s)
    if m is not None:  # "Our daughter Lily plays soccer": Lily's, and "Lily quit soccer" says so
        return _held(m.group("name").lower(), (), m.group("rest"))
    m = _SLOT_RE.match(s)
    if m is not None and _VERBAL_RE.match(m.group("rest")):
        m = None  # "Our app is hosted on Heroku", "Our org is on GitHub Team": a thing and its verb
    if m is not None:
        slot = tuple(words(m.group("slot") or m.group("slot2") or ""))
        if not slot or "'" in (m.group("slot") or m.group("slot2")) or set(slot) & ch.NOT_HELD_SLOTS:
            return None  # "my son's school", a favourite, a first car
        own = (m.group("own") or "").lower()
        owner = "we" if own == "our" else "user" if own else ""
        return _object(owner, (), "slot", "", slot, m.group("rest"))
    m = _THING_RE.match(s)
    if m is not None:
        subj = tuple(words(m.group("subj")))
        if not subj or set(subj) & (lx.PERSON_ROLES | ch.DEPENDANTS) or subj[0] in ("user", "i", "we"):
            return None  # "my son plays soccer" is the son's
        return _held(" ".join(subj), subj, m.group("rest"))
    return None


def _held(owner: str, subject: tuple[str, ...], rest: str) -> Held | None:
    raw = rest.split()
    verb = raw[0].lower()
    if verb in ch.TASTE_VERBS or _lemma(verb) in ch.TASTE_VERBS:
        return None
    if ch.past_form(verb):
        return None  # "grew up in Denver", "went to college in Boston": the past, not what holds
    tail = " ".join(raw[1:])
    particle = ""
    if verb in _BE and len(raw) > 2 and raw[1].lower().endswith("ing") and raw[1].lower() not in _NOT_VERBS:
        verb = _lemma(raw[1])  # "is learning French", "I'm taking Japanese classes": the verb is the -ing's
        tail = " ".join(raw[2:])
    elif verb in _BE:
        verb = "be"
        low = tail.lower()
        for p in _BE_PARTICLES:
            if low.startswith(p + " "):
                particle, tail = p, tail[len(p) + 1:]
                verb = {"employed": "employ", "based": "base"}.get(p.split()[0], "be")
                break
    else:
        verb = _lemma(verb)
        rest_words = tail.split()
        while rest_words and rest_words[0].lower() in _ADVERBS:
            rest_words = rest_words[1:]
        if rest_words and rest_words[0].lower() in _PARTICLES:
            particle, rest_words = rest_words[0].lower(), rest_words[1:]
        tail = " ".join(rest_words)
    return _object(owner, subject, verb, particle, (), tail)


def _object(owner: str, subject: tuple[str, ...], verb: str, particle: str, slot: tuple[str, ...],
            written: str) -> Held | None:
    pairs = _written(written)
    tokens = [w for w, _ in pairs]
    n = 0
    while n < len(tokens) and tokens[n] not in _STOPS and not tokens[n].startswith("(") and not (
            n and tokens[n] in _LATE_STOPS):
        n += 1
    if n == 0:
        return None
    region = _REGION_RE.search(written) and (verb in ch.HOME_VERBS or particle in ("in", "based in"))
    if set(tokens) & {"and", "or"} or re.search(r"\s[/|]\s", written) or (
            "," in written and not (region or _SPEC_RE.search(written))):
        return None  # "owns a Corolla and a Civic", "Video calls: Zoom / Meet": several things, any one may go
    after = tokens[n:n + 2]
    scoped = len(after) == 2 and (after[0] in ("for", "at", "in") and after[1] in ch.SCOPE_WORDS or (
        after[0] == "for" and verb in ch.TOOL_VERBS and after[1] not in ch.TOOL_ROLES))
    value = " ".join(w for w in written.split() if w.lower() not in _DROP)
    value = " ".join(value.split()[:n]).strip(" ,;(")
    return Held(owner, subject, verb, particle, slot, tuple(t.strip("()") for t in tokens), n, value or written,
                tuple(c for _, c in pairs), scoped)


def names_object(held: Held, said: str) -> bool:
    """Whether the old value the incoming memory names is the stored object: its words in a row
    ending on the object's head, the words left out before it written as names ("the Civic" of
    "2014 Honda Civic"; never "milk" of "oat milk", nor "the Dyson" of "Dyson V15"); or ending on
    the object's head with every other word in the stored sentence ("the Wednesday gym class" of "a
    gym class at 6 pm on Wednesdays")."""
    x = words(said)
    if not x or (len(x) == 1 and x[0] in _GENERIC):
        return False
    toks, n = held.tokens, held.obj_len
    head = said.strip()
    if list(toks[:len(x)]) == x and starts_with(held.value, head) and _COMMA_RE.match(held.value, len(head)):
        return True  # "Austin" of "Austin, Texas"
    for end in range(n, 0, -1):  # "the Pixel" of "Pixel 6": a version number after the name may go unsaid
        start = end - len(x)
        if start >= 0 and list(toks[start:end]) == x:
            # a part of a name is the shared matcher's ("the Civic" of "2014 Honda Civic", never "Watch"
            # of "Apple Watch"); a lower-case object only whole
            return start == 0 or (all(held.named[:start]) and part_named(held.value, said, kind=True))
        if not _NUMBER_RE.match(toks[end - 1]):
            break
    if x != list(toks[:n]) and part_named(held.value, said):
        return True  # "Netflix" of "Netflix Standard plan", "the Kindle" of "Kindle Paperwhite", "Mongo" of "MongoDB"
    if x[-1] in _SUBSCRIPTIONS and len(x) > 1 and (x[:-1] == list(toks[:n]) or part_named(
            held.value, said.rsplit(None, 1)[0])):
        return True  # "my Netflix subscription" of "subscribes to Netflix" (never "Microsoft Teams" of "Microsoft"),
        # "my Monzo account" of "Monzo Premium"
    if x == list(toks[:n - 1]) and toks[n - 1] in _UNSAID_HEADS:
        return True  # "Spotify" of "a Spotify subscription", "data platform" of "the data platform squad"
    return x[-1] == toks[n - 1] and bool(set(x) - set(toks[:n])) and set(x) <= set(toks) | set(held.slot)


_NUMBER_RE = re.compile(r"^\d+(?:\.\d+)*$")
_COMMA_RE = re.compile(r"\s*,")  # after the old value said as the stored value's head
_SUBSCRIPTIONS = frozenset("subscription membership account".split())
# Heads a thing is named without: its group, its plan, its membership.
_UNSAID_HEADS = frozenset("team squad group crew club band subscription membership plan account".split())


def names_tool(held: Held, said: str) -> bool:
    """Whether the old value of a switch is the tool the stored sentence ends on: "We track tasks in
    Jira" / "We migrated from Jira to Linear", "I write my scripts in Bash" / "... from Bash to Python"."""
    x, toks, n = words(said), held.tokens, held.obj_len
    return (bool(x) and len(toks) == n + 1 + len(x) and toks[n] in _TOOL_PREPS and list(toks[n + 1:]) == x
            and all(held.named[n + 1:]))


_TOOL_PREPS = frozenset("in on with using via".split())


def same_holder(held: Held, who: str, obj: str | None) -> bool:
    """Whether the incoming subject (and the thing it acts on) is the stored holder: the user or the
    group as stored ("I" / "The user"), or the thing itself ("The team replaced ...", "We migrated the
    production servers ..."); never a change made to someone else's thing ("switched my son ...")."""
    w = words(who)
    low = " ".join(who.lower().split())
    if low.split()[:1] and low.split()[0] in ("her", "his", "their", "your"):
        return False  # "Their CI replaced Jenkins ..." of "Our CI uses Jenkins": someone else's thing
    said = "user" if low in ("i", "user", "the user") else "we" if low == "we" else " ".join(w)
    o = words(obj) if obj else []
    raw_obj = (obj or "").lower().split()
    if held.subject:
        if said == held.owner:
            return not o or o in (["everything"], ["all"])
        return said in ("user", "we") and o == list(held.subject)
    if said != held.owner and not (held.owner == "" and said in ("user", "we")):
        return False
    if not o:
        return True
    if set(o) & ch.DEPENDANTS:
        return False  # "switched my son from ...", "moved the kids from ...": theirs
    if raw_obj[:1] and raw_obj[0] in ("her", "his", "their") and said != "user":
        return False
    return not (raw_obj[:1] == ["our"] and said != "we") and not (raw_obj[:1] == ["my"] and said != "user")
