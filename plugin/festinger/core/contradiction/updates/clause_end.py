"""The stored value named as ended in a clause whose subject `named_end` does not read (pure logic):
none ("Replaced Lerna with Turborepo", "Moved to Neovim full time, uninstalled VS Code"), the
user's "we" ("We decommissioned Jenkins; all pipelines are on GitHub Actions now"), or the thing
itself ("Heroku is gone, everything runs on Render now", "Paramount+ got cancelled", "..., no more
CeraVe").

`named_end` reads one whole sentence opened by its holder ("I ...", "The user ..."); an everyday
note drops the subject, says "we", or puts the ended thing first, and often adds a clause beside
the change. This rule cuts each incoming sentence into clauses (at ",", ";", a dash, "and" before an
ending verb), decides whose each clause is, and hands the clause WITH everything after it in its
sentence to `named_end`'s own reading (`ends_held`: its closed shapes, stored-verb table and
continuation guards), written with the stored holder as subject. The clause's subject is accepted
only as:

* none: a clause that opens with an ending verb in the past tense is its writer's, unless something
  before it brought in someone else (a he/she/they, a person by role, a group, a possessive name, a
  given name, a clause led by a name: "Sam's car is a Golf. Sold it.", "Tom is moving out. Sold ...");
* "we": the user's household or team, unless the memory names another person or group; a later
  clause opened by "I" (a first one is named_end's own);
* the stored thing itself, by its name with "the", "my", "our" or nothing (never his/her/their/your/
  its or someone's): ended in named_end's passive shape ("got cancelled", "was decommissioned"),
  retired, or said "gone", "done" or "no more X" beside a clause that says it ended or what came
  instead, and no word of stock or loss ("The Lexapro is gone, need a refill" ran out).

Refused as well: anything before the clause that scopes or labels it rather than telling news (a
piece that opens with a preposition or has no verb: "On staging, we dropped Grafana", "Work laptop -
uninstalled VS Code"); a context stop word in another sentence (a plan, a story, "Psych!"); what
`change_gates.others_refuse` refuses in the rest of the memory; a plan, hedge or old news in the
sentence. "the Peloton" names "Peloton bike" and "the Volvo" "Volvo XC60" (`_resolve`).

The stored memory is one sentence about the user or the writer's group: a label line "Key: Value", a
verb-first note line ("Plays guitar in a band" as the user's), a bare note of a thing and its tool
("Monorepo managed with Lerna" as "Monorepo: Lerna"); never a thing's sentence ("The app uses
MongoDB": whose "we" it is is unsure), a job or a home (their own rules read those).
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.events.event_context import stored_sentence
from festinger.core.contradiction.lexicon import changes as ch
from festinger.core.contradiction.lexicon.life_events import CONTEXT_STOPS
from festinger.core.contradiction.lexicon.names import NICKNAMES
from festinger.core.contradiction.text.literal import said_alone
from festinger.core.contradiction.text.name_parts import find_part
from festinger.core.contradiction.text.normalise import expand_contractions
from festinger.core.contradiction.text.retraction import retracted_inline
from festinger.core.contradiction.text.segment import split_sentences
from festinger.core.contradiction.updates.change_gates import PRONOUN_RE, UNDOING_RE, others_refuse, unsure_change
from festinger.core.contradiction.updates.held import Held, holding, names_object, words
from festinger.core.contradiction.updates.named_end import ends_held
from festinger.core.contradiction.updates.named_end_guards import PERIOD_RE, other_instance
from festinger.core.contradiction.updates.stored_thing import one_occurrence
from festinger.core.contradiction.verdict import Contradiction, ended_verdict

__all__ = ["by_clause_end", "clause_ended"]

# Ending verbs in the past tense a clause may open with, no subject before them ("Sold the Civic").
_ENDING = (r"switched|migrated|moved|replaced|swapped(?:\s+out)?|traded|ditched|dropped|quit|gave\s+up|stopped|"
           r"cancell?ed|sold|rehomed|got\s+rid\s+of|gave\s+away|scrapped|returned|uninstalled|deleted|"
           r"decommissioned|retired|unsubscribed|left|kicked|cut\s+out|shut\s+down|discontinued|closed")
_CUE_RE = re.compile(rf"(?<![\w'])(?:{_ENDING}|gone|no\s+more|done\s+with)(?![\w'])", re.I)
_ADVERBS = r"(?:(?:so|and|then|also|just|finally|recently|officially|already|eventually|since)\s+)*"
_SUBJECT_RE = re.compile(rf"^{_ADVERBS}(?P<who>i|we|(?:the\s+)?user)\s+(?P<rest>.+)$", re.I)
_BARE_RE = re.compile(rf"^{_ADVERBS}(?P<rest>(?:{_ENDING})\s.+)$", re.I)
# Verbs named_end reads in the passive only ("Jenkins was decommissioned"): an active clause with
# one of them is read in that shape, its subject already accepted here.
_PASSIVE_ONLY_RE = re.compile(r"^(?P<v>decommissioned|retired|shut\s+down|discontinued|scrapped)\s+"
                              r"(?:the\s+|my\s+|our\s+)?(?P<x>.+)$", re.I)
# The stored thing first: "the motorbike's gone", "Heroku is gone for good", "the Keychron is retired".
_DET = r"(?:(?P<det>the|my|our)\s+)?"
_GONE_RE = re.compile(rf"^(?:(?:so|well|ok|okay)\s+)?{_DET}(?P<x>[^,;]+?)(?:'s|\s+is|\s+has\s+been)\s+"
                      r"(?:now\s+)?(?:officially\s+)?"
                      r"(?:gone|retired|done)(?P<tail>(?:\s+(?:now|for\s+good|too|as\s+well))*)$", re.I)
_THING_PASSIVE_RE = re.compile(rf"^{_DET}(?P<x>[^,;]+?)\s+(?:was|were|is|are|has\s+been|have\s+been|got)\s+"
                               r"(?:now\s+|officially\s+)*(?:retired|decommissioned|cancell?ed|shut\s+down|sunset|"
                               r"discontinued|scrapped|uninstalled|deleted|replaced|swapped\s+out)\b", re.I)
# "no more CeraVe", "no more Netflix for me": nothing may follow but "for me/us" or "now".
_NO_MORE_RE = re.compile(r"^(?:so\s+|and\s+)?no\s+more\s+(?:(?P<det>the|my|our)\s+)?(?P<x>.+?)"
                         r"(?:\s+for\s+(?:me|us))?(?:\s+(?:now|anymore|any\s+more))?$", re.I)
# Where a sentence is cut into clauses: a comma, a semicolon, a dash, or "and" before an ending verb.
_CUT_RE = re.compile(rf"\s*[,;]\s+|\s+[-\u2013\u2014]+\s+|\s+and\s+(?=(?:{_ENDING})\s)", re.I)
# A reason in brackets after the change ("Dropped Datadog (too expensive)"): a quality, no scope.
_REASON_RE = re.compile(r"\s*\((?:(?:way\s+|far\s+|much\s+)?too|so|very)\s+[a-z]+\)", re.I)
_OUR_RE = re.compile(r"(?<![\w'])our(?![\w'])", re.I)
_STOPS_RE = re.compile(rf"(?<![\w'])(?:{CONTEXT_STOPS})(?![\w'])", re.I)
# A continuation that scopes or dates the end: a purpose, a while, an hour, a number.
_SCOPE_RE = re.compile(r"(?:for|before|until|from|at|in|on|since|after|during)\s+(?!good\b)\S", re.I)
_QUOTE_RE = re.compile(r"[\"\u201c\u201d\u2018]|(?<![\w])'(?=\w)")
# Someone else a later subjectless clause may belong to: a pronoun, a person by role, a possessive
# name ("Sam's car"), a person's name opening a sentence ("Maria sold ..."), or a group.
_POSSESSIVE_RE = re.compile(r"(?<![\w'])(?!(?:it|that|what|everything|there|here|who|let|one)'s)"
                            r"[A-Za-z]+'s?(?:\s|$)|[a-z]s'\s", re.I)
_GROUPS = frozenset("team teams company companies client clients office department org organisation organization "
                    "vendor vendors neighbour neighbours neighbor neighbors family families parents in-laws school "
                    "job employer startup agency firm squad group household flatmates roommates".split())
_PEOPLE = lx.PERSON_ROLES | lx.OCCUPATIONS
# A verb-first note line of the user's own ("Plays guitar in a band", "Uses Copilot in the editor").
_NOTE_VERB_RE = re.compile(r"^(?P<v>(?:uses|drives|rides|owns|has|plays|takes|subscribes|orders|buys|shops|banks|"
                           r"attends|wears|keeps|rents|leases))\s", re.I)


# A bare note line of a thing and the tool it is done with ("Repos hosted on Bitbucket", "Feature
# flags are managed in LaunchDarkly"): no determiner, no owner, so the writer's own, read as a label line.
_NOTE_TOOL_RE = re.compile(r"^(?P<n>[A-Z][\w-]*(?:\s+[a-z][\w-]*){0,2})\s+(?:is\s+|are\s+)?"
                           r"(?:managed|hosted|written|built|stored|deployed|tracked|run|handled|served|kept)\s+"
                           r"(?:with|in|on|by|using|via|through)\s+(?P<v>\S.*)$")


def by_clause_end(existing: str, incoming: str) -> Contradiction | None:
    """The verdict of `clause_ended`: the stored value is gone."""
    return ended_verdict(existing, clause_ended(existing, incoming))


def clause_ended(existing: str, incoming: str) -> tuple[str, str, str] | None:
    """(holder, stored value, the clause) when a clause of the incoming memory, whose subject is the
    stored holder by the reading above, ends or replaces what the stored sentence holds."""
    text = incoming.strip()
    if (not _CUE_RE.search(text[:2000]) or len(text) > 640 or "\n" in text or "?" in text
            or _QUOTE_RE.search(text) or set(words(text)) & lx.EVENT_FRAME_WORDS or retracted_inline(text)):
        return None  # no ending word; a question, a quote, a story, someone's words, a retraction
    held = _stored_holding(existing)
    if held is None or held.verb in ch.WORK_VERBS or held.verb in ch.HOME_VERBS:
        return None  # a job ends by a departure, a home by a move: their own rules read those
    if held.verb in _KNOWING_VERBS and re.search(rf"(?<![\w'])(?:the\s+)?{re.escape(held.value)}(?:\s+\w+)?\s+"
                                                 r"(?:is|was|are|were|has\s+been|got)\b", text, re.I):
        return None  # "I'm learning MySQL" / "mysql is decommissioned": a system ends, the study goes on (attack62)
    sentences = [s.strip().rstrip(".!").strip() for s in split_sentences(text)]
    if not sentences or len(sentences) > 4:
        return None
    before = ""
    for n, sentence in enumerate(sentences):
        if any(_STOPS_RE.search(o) for o in sentences[:n] + sentences[n + 1:]):
            return None  # another sentence tells a story, a plan, a relapse, old news ("... Psych!")
        s = _REASON_RE.sub("", expand_contractions(sentence))
        if unsure_change(s):
            return None
        starts = [0] + [m.end() for m in _CUT_RE.finditer(s)]
        for k, start in enumerate(starts):
            # the clause and all that follows it in the sentence: named_end's continuation guards read it
            said = _as_holder(held, s[start:], k, before + " " + s[:start], text)
            if said is not None and not others_refuse(incoming, _raw(sentence, s[start:]), said, held.value) and (
                    ends_held(held, said)) and not _one_of_several(held, s[start:]) and not (
                    one_occurrence(existing, s[start:])):
                return held.owner, held.value, s[start:]
        before += " " + s
    return None


def _one_of_several(held: Held, clause: str) -> bool:
    """"The user has chickens" / "Rehomed the chicken": one of the stored plural, not all of them."""
    last = held.value.split()[-1] if held.value.split() else ""
    plural = last.islower() and last.endswith("s") and not last.endswith("ss") and len(last) > 3
    return plural and not said_alone(clause, last)


def _stored_holding(existing: str) -> Held | None:
    """What the stored sentence holds, its owner a person, the writer's group or a thing of theirs;
    a verb-first note line is the user's ("Plays guitar in a band" as "User plays guitar ...")."""
    old = stored_sentence(existing)
    if old is None:
        return None
    held = holding(old)
    if held is None and _NOTE_VERB_RE.match(old):
        held = holding("User " + old[:1].lower() + old[1:])
    m = _NOTE_TOOL_RE.match(old) if held is None else None
    if m is not None:  # "Monorepo managed with Lerna": the note's "Monorepo: Lerna"
        held = holding(f"{m.group('n')}: {m.group('v')}")
    if held is None or held.owner not in ("user", "we", ""):
        return None  # a thing's ("The app uses MongoDB", "Project Atlas uses ..."): whose "we" is unsure
    return held


# Knowing a thing outlives the thing's end somewhere: a study, a teaching, a certification.
_KNOWING_VERBS = frozenset("learn study teach know master practise practice research".split())


def _as_holder(held: Held, rest: str, k: int, before: str, whole: str) -> str | None:
    """The clause (with what follows it) written with the stored holder as its subject, for
    `named_end` to read; None when its subject is not certainly the holder. A first clause opened by
    "I" or "the user" is named_end's own reading."""
    who = "we" if held.owner == "we" else "I"
    if any(_scoping(p) for p in _PIECE_RE.split(before) if p.strip(" .,;:!-")):
        return None  # "On the work laptop, uninstalled VS Code", "Docs site - replaced ...": a scope or a label
    rest = _resolve(held, rest)
    m = _SUBJECT_RE.match(rest)
    bare = _BARE_RE.match(rest) if m is None else None
    if bare is not None and _OUR_RE.search(rest) and not _others_named(before, held):
        m = _SUBJECT_RE.match("we " + bare.group("rest"))  # "Migrated all our repos ...": we did
    if m is not None:
        said = m.group("who").lower()
        if said != "we":
            return _active("I", m.group("rest")) if k > 0 else None
        if _others_named(whole, held):
            return None  # "we" beside another group or person may be theirs ("the platform team ... we")
        if held.owner == "user":
            return _active("I", _OUR_RE.sub("my", m.group("rest")))  # the user's household or team: the user's
        return _active("we", m.group("rest"))
    if bare is not None:
        if _others_named(before, held):
            return None  # "Sam's car is a Golf. Sold it.": the clause may be Sam's
        return _active(who, bare.group("rest"))
    return _thing_clause(held, rest, whole)


def _active(who: str, rest: str) -> str:
    """"I decommissioned Jenkins" read as "Jenkins was decommissioned" (named_end's passive shape);
    any other ending as "<holder> <rest>"."""
    m = _PASSIVE_ONLY_RE.match(rest)
    if m is not None:
        return f"{m.group('x')} was {m.group('v')}"
    return f"{who} {rest}"


def _thing_clause(held: Held, rest: str, whole: str) -> str | None:
    """A clause whose subject is the stored thing ("X is gone", "X got cancelled", "no more X"), in
    named_end's passive shape; what follows it in the sentence may say what came instead or what
    became of it ("- sold it to a colleague"), never undo, scope or date it, nor bring in someone."""
    cut = _CUT_RE.search(rest)
    clause, cont = (rest[:cut.start()], rest[cut.end():]) if cut else (rest, "")
    if cont and (UNDOING_RE.search(cont) or PRONOUN_RE.search(cont) or PERIOD_RE.search(cont)
                 or other_instance("", cont) or _SCOPE_RE.match(cont)):
        return None  # "..., the spare one", "..., for the week", "..., my sister has it now"
    for rx in (_GONE_RE, _NO_MORE_RE):
        m = rx.match(clause)
        if m is not None:
            x = m.group("x")
            if _owned_by_other(x) or not (names_object(held, x) or _resolve(held, f"the {x}") == f"the {held.value}"):
                return None
            # "X is gone" / "no more X" end what one holds as a possession, a use or a subscription
            if held.verb not in ch.OWNING_VERBS | ch.USING_VERBS | ch.SUBSCRIBING_VERBS:
                return None
            if m.group(0).lower().rstrip().endswith(("gone", "done", "more")) or rx is _NO_MORE_RE:
                if _STOCK_RE.search(whole) or not _ENDED_BESIDE_RE.search(whole.replace(clause, " ")):
                    return None  # "The Lexapro is gone, need a refill", "No more Lavazza": run out, or lost
            return f"{held.value} was discontinued"  # named_end's passive shape, the thing found here
    m = _THING_PASSIVE_RE.match(clause)
    if m is not None and not _owned_by_other(m.group("x")):
        return clause  # named_end's passive shape reads it ("Paramount+ got cancelled")
    return None


def _resolve(held: Held, text: str) -> str:
    """The stored thing called by a distinctive part of its name, written whole: "the Peloton" of
    "Peloton bike", "the ThinkPad" of "ThinkPad X1", "the Kindle" of "Kindle Paperwhite", "the
    Adlon" of "Hotel Adlon" (`name_parts`: never "the Pixel Watch" of "Pixel 7", "the Apple" of
    "Apple Music", "the 7"). The part must follow "the", "my" or "our" and be maximal in the text
    ("the ThinkPad T430", "the old ThinkPad" are other things)."""
    if said_alone(text, held.value, "'-"):
        return text  # named whole already (found in Python: no pattern compiled per stored value)
    found = find_part(held.value, text)
    if found is None:
        return text
    i, j = found
    det = _DET_BEFORE_RE.search(text[:i])
    if det is None or text[j:j + 1] in ("'", "\u2019", "-") or text[i:j].endswith("'s"):
        return text  # "the ThinkPad's keyboard": a part of it
    return text[:i] + held.value + text[j:]


_DET_BEFORE_RE = re.compile(r"(?<![\w'])(?i:the|my|our)\s+$")


# "Gone", "done" and "no more" also say a thing ran out or went missing: they end the holding only
# beside what says so, another clause that ends it or names what came instead ("- sold it to a
# colleague", "switched to Bitwarden", "everything runs on Render now", "for good"), and never beside
# a word of stock or loss ("need a refill", "ordered another", "we're out", "can't find it", "stolen").
_ENDED_BESIDE_RE = re.compile(
    r"(?<![\w'])(?:(?:switch(?:ed)?|moved|migrated|changed)(?:\s+\w+){0,2}\s+to\s|"
    r"(?:sold|cancell?ed|traded|scrapped|gave\s+away|rehomed|returned|uninstalled|deleted|got\s+rid\s+of)\s+"
    r"(?:it|them|him|her)\b|(?:uses?|using|on|in|with)\s+\S+(?:\s+\S+)?\s+(?:now|instead|these\s+days)\b|"
    r"instead\b|for\s+good\b|any\s*more\b|completely\b|entirely\b)", re.I)
_STOCK_RE = re.compile(r"(?<![\w'])(?:refill\w*|restock\w*|buy|buying|bought|order\w*|grab\w*|shop|shopping|"
                       r"ran\s+out|run\s+out|out\s+of|(?:are|is|was|were)\s+out|last|another|"
                       r"left\s+(?:it|them)|lost|stol\w+|missing|find|found|till|until)(?![\w'])", re.I)


def _owned_by_other(x: str) -> bool:
    """"his Volvo", "Sam's PS5", "the kids' PS5": someone else's thing."""
    return bool(re.match(r"(?:her|his|their|its|your)\s", x, re.I) or _POSSESSIVE_RE.search(x + " "))


def _others_named(text: str, held: Held) -> bool:
    """Whether the text brings in someone else: a pronoun, a person by role or a group, a possessive
    name, a given name written as one, a clause led by a name (never the stored value's own words)."""
    if not text.strip():
        return False
    low, own = set(words(text)), set(words(held.value))
    names = {w.lower() for w in _CAPITAL_RE.findall(text)} - own
    return bool(PRONOUN_RE.search(text) or low & (_PEOPLE | _GROUPS) or _POSSESSIVE_RE.search(text + " ")
                or any(_led_by_name(p, own) for p in _PIECE_RE.split(text)) or names & _GIVEN_NAMES)


def _scoping(piece: str) -> bool:
    """Whether a piece before the clause scopes it rather than telling news of its own: a phrase that
    opens with a preposition ("On staging", "During the hackathon") or has no verb ("Work laptop",
    "Client VM"); a news lead ("Quick update") scopes nothing."""
    p = piece.strip(" .,;:!-\u2013\u2014").lower()
    if _NEWS_LEAD_RE.match(p):
        return False
    ws = p.split()
    return ws[0] in _PREPOSITIONS or not any(w in _VERBS or (len(w) > 4 and w.endswith("ed")) for w in ws)


_NEWS_LEAD_RE = re.compile(r"^(?:(?:quick|big|small|good|sad|some|life|family|gadget|tech|little)\s+)*"
                           r"(?:update|news|fyi|heads\s+up|psa)$")
_PREPOSITIONS = frozenset("on in at for with from during while when after before until within inside under over "
                          "across around per via".split())
_VERBS = frozenset("is are was were am be been have has had do does did use uses run runs got get gets go goes went "
                   "came come take takes took make makes made buy buys bought sold keep keeps kept need needs think "
                   "left quit drive drives ride rides pay pays own owns".split())


def _led_by_name(piece: str, own: set[str]) -> bool:
    """A sentence or clause about someone named: "Tom is moving out", "The Johnsons came over" (a
    capitalised first word, no verb of its own, before a verb: never "Switched carriers", "Quick
    gadget update", a known tool or the stored value, which `_resolve` and the callers keep apart)."""
    m = _LED_RE.match(piece.strip())
    if m is None:
        return False
    name = m.group("n").lower()
    return not (name in _OPENERS or name in own or name in lx.TECH_NAMES or (name.endswith("ed") and len(name) > 4))


_CAPITAL_RE = re.compile(r"(?<![\w'])[A-Z][a-z]+(?![\w'])")
_PIECE_RE = re.compile(r"[.;:!]\s+|,\s+|\s+[-\u2013\u2014]+\s+")
_LED_RE = re.compile(r"^(?:the\s+)?(?P<n>(?-i:[A-Z][a-z]+))\s+(?:and\s+\w+\s+)?"
                     r"(?:is|was|are|were|has|had|came|went|got|left|sold|took|made|gave|said|does|did|"
                     r"(?-i:[a-z]+(?:ed|es)))\b", re.I)
_OPENERS = frozenset("i it this that these those there here what so and but then now today yesterday also still just "
                     "we they he she our my his her their its everything nothing everyone someone finally".split())
# Given names a person is told by (short forms and full names): "Helping Tom move. Sold the treadmill."
_GIVEN_NAMES = frozenset(NICKNAMES) | frozenset(n for full in NICKNAMES.values() for n in full)


def _raw(sentence: str, clause: str) -> str:
    """The clause as written in the incoming memory when it is (others_refuse takes it out of the memory)."""
    return clause if clause in sentence else sentence
