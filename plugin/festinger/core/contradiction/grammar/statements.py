"""Memory text -> simple statements (pure logic, no I/O).

A memory such as "User's project uses Python 3.11" becomes statements with a subject key
("project python version"), a relation ("value") and typed values ("3.11"). The parser is a small
closed grammar: a sentence it does not fully understand yields no statement at all, because the
contradiction detector must never act on a guess. Sentences about the past, plans, conditions,
hedges, questions or additions are skipped on purpose, and every keyword matches whole words only.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.fragments import apply_fragment, correction_fragment
from festinger.core.contradiction.grammar.grammar import CORRECTABLE_RELS, parse_clause_statements
from festinger.core.contradiction.grammar.objects import ITEM_STOPS
from festinger.core.contradiction.text.cues import Says
from festinger.core.contradiction.text.literal import starts
from festinger.core.contradiction.text.memo import per_text
from festinger.core.contradiction.text.normalise import alternation, clean, expand_contractions, strip_correction_lead
from festinger.core.contradiction.text.referents import Referents
from festinger.core.contradiction.reread.rephrase import rephrase
from festinger.core.contradiction.text.retraction import passes_by, retracted_inline, takes_back
from festinger.core.contradiction.text.scope import (
    ANNOUNCING,
    CHANGE_NOTE_RE,
    NEWS_PREFIX,
    UNREAD_NOTE_RE,
    lead_sentence_label,
    names_a_change,
    normalise_label,
    scoped_lines,
)
from festinger.core.contradiction.text.segment import DASH_LEFT, DASH_RIGHT, MAX_SENTENCE_CHARS, split_pieces
from festinger.core.contradiction.text.situation import (hands_voice_over, is_afterthought, is_headline, names_environment,
                                                   opens_agent_voice, sets_activity, sets_passing_state,
                                                   sets_temporary_scene)
from festinger.core.contradiction.grammar.slots import aliases
from festinger.core.contradiction.text.subject import tokenize
from festinger.core.contradiction.text.update_markers import reword
from festinger.core.contradiction.grammar.unsure import MODAL_RE, from_an_event_on, is_unsure
from festinger.core.contradiction.grammar.values import Statement, amended, glue_dollar_prefix, singular

__all__ = ["CORRECTABLE_RELS", "WE_KEY", "Statement", "extract_statements", "is_unsure", "parse_sentence"]

# Work caps: memories are short facts, but a pasted log must not cost more than a short memory.
MAX_TEXT_CHARS = 4000
MAX_SENTENCES = 24
MAX_SENTENCE_TOKENS = 60


def _words_re(words) -> re.Pattern[str]:
    # Whole words only: "must" never matches "mustard", "was" never matches "wasabi".
    return re.compile(r"(?<![\w'])(?:" + alternation(words) + r")(?![\w'])", re.I)


_CORRECTED_FRAME_RE = re.compile(
    r"^\s*(?:the\s+)?user\s+(?:" + alternation(lx.CORRECTION_REPORTING) + r")"
    r"(?:\s+(?:this|that|it|themselves|the agent|me|us|the earlier statement|an earlier statement|the record))?"
    r"(?:\s*[,:;-]+\s*|\s+that\s+|\s+)",
    re.I,
)
_REPORT_FRAME_RE = re.compile(
    r"^\s*(?:according to (?:the\s+)?user\s*,\s*|(?:the\s+)?user\s+(?:has\s+)?(?:"
    + alternation(lx.REPORTING_VERBS)
    + r")(?:\s+that)?\s*[:,]?\s+)",
    re.I,
)
# "two kids" is "2 kids": a count written out ("one of my cats", "two of them", "three times a
# week" stay as they are).
_NUMBER_WORDS = {w: str(i) for i, w in enumerate(lx.NUMBER_WORDS)}
_NUMBER_WORD_RE = re.compile(r"(?<![\w'-])(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
                             r"(?=\s+(?!(?:of|and|or|to|in|at|on|by|for|times|more|less|days?|weeks?|months?|"
                             r"years?)\b)[a-z]{3,})", re.I)
_NUMBER_GATE = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
# After "The user said that ...", the reported clause has a subject of its own. A leading "they" /
# "their" is read as the user's (the memorizer's gender-neutral voice for the user: "their partner"
# is the user's). "he/she/his/her" is never taken for the user (issue 10): its antecedent is
# whoever the memory named last ("The user's sister Mia visited. The user said she now lives in
# Seattle."), so it is left in place and the clause, about a person the parser cannot name, yields
# no statement (`_OTHER_PERSON_RE`).
_REPORTED_SELF_RE = re.compile(r"^(?:they|(their))\s+(?=[a-z])", re.I)
# "uses PostgreSQL as its database": "its" is the subject of the same clause, not someone else;
# so is "their" in "the user switched to VS Code as their main IDE".
_OWN_ROLE_RE = re.compile(r"\s+as\s+its\s+", re.I)
_USER_OWN_ROLE_RE = re.compile(r"^((?:the\s+)?user\s[^,;:]{1,80}?\s)as\s+their\s+(?=[\w-]+(?:\s+[\w-]+)?$)", re.I)
# The memorizer's key-value lines: "User's city: Leipzig" is "User's city is Leipzig".
_KEY_VALUE_RE = re.compile(r"^((?:the\s+)?user's|my)\s+([^:]{1,60}?):\s+(\S.*)$", re.I)
_LEAD_PHRASE_RE = re.compile(
    r"^(?:for|in|on|at|under|during|inside|within|with|outside|across|per)\s+([^,;:]{1,60}?),\s+(?=\S)", re.I)
# The head of a noun phrase that brings in a thing of its own: "a new laptop" -> "laptop" (up to two
# modifiers); "my old project", "her project", "uses the loaner laptop" (a later "The laptop ..." is
# that one; a subject "The API port" is not).
_INTRODUCED_RE = re.compile(r"(?<![\w'])(?:a|an|another|(?:my|our|the\s+user's|user's)\s+(?:old|previous|former|"
                            r"last|first|earlier|other)|his|her|their|your|(?<=\w\s)the\s+(?!user\b|user's\b)[\w-]+)"
                            r"\s+([A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2})", re.I)
# "ordered a sofa", "uses a separate VPC" bring a new thing in; "is a data scientist" only says
# what the subject is. ((?=\s) first: the look-behinds are only tried where a space follows.)
_NEW_REFERENT_RE = re.compile(
    r"(?=\s)(?<!\bis)(?<!\bam)(?<!\bare)(?<!\bwas)(?<!\bnow)(?<!\bbe)\s+(?:a|an|another)\s+[A-Za-z]", re.I)
_ARTICLES = frozenset(("a", "an", "another"))  # one of them, a word of its own, is in every match of the above
_FIRST_PERSON_RE = re.compile(r"(?:i|my|me|mine)\b", re.I)
_USER_SUBJECT_RE = re.compile(r"(?:(?:the\s+)?user(?:'s)?|i|my)\b", re.I)
# A sentence whose subject is a bare definite noun ("The time is ...", not "The user's ...").
_BARE_DEFINITE_RE = re.compile(r"the\s+(?!user(?:'s)?\b)[a-z]", re.I)
_CHANGE_WORDS = frozenset("changed updated moved switched raised lowered increased reduced renamed".split())
# A leftover list marker inside a line ("1. The API ...", "- ").
_LIST_MARKER_RE = re.compile(r"^[-*\u2022#\s]*(?:\(?\d{1,3}[.)]\s+)?")


def _unlisted(s: str) -> str:
    """s (stripped) without a list marker: the pattern only where s starts with a marker's character."""
    return _LIST_MARKER_RE.sub("", s, count=1) if s and (s[0] in "-*\u2022#(" or s[0].isdecimal()) else s
# Anyone but the user: a statement about "his name" or "their port" has an uncertain subject.
# All-caps forms are left alone ("the US", "works in IT").
_OTHER_PERSON_RE = re.compile(
    r"(?<![\w'./@-])(?:" + "|".join(f"{w}|{w.capitalize()}" for w in sorted(lx.OTHER_PERSON_WORDS, key=len, reverse=True))
    + r")(?![\w'/@-]|\.\w)"
)
# "My name is Agent Zero", "I am the assistant": a first-person sentence that names an AI agent was
# written by the agent about itself, so its "my" is not the user's.
_AGENT_SELF_RE = re.compile(
    r"^(?:my|i)\b(?=.*\b(?:agent|assistant|chatbot|bot|a0|ai|llm|language\s+model)\b)", re.I)
# "We deploy with Ansible", "Our headquarters are in Boston": a group the writer belongs to, which
# may be the user's team or family. It gets a key of its own that never meets the user's, and it is
# only ever compared with the same writer's "we" when the incoming memory announces the change
# (`compare`). Any other "we/our/us" in the sentence still leaves it unparsed.
WE_KEY = "we-group"
_WE_RE = re.compile(r"^(we|our)\s+(?=[a-z])", re.I)
_ACTUALLY_RE = re.compile(r"(?<![\w'])actually(?![\w'])\s*,?\s*", re.I)
# A marker is a word of its own, never the end of a hyphenated one ("1-866-HELP-NOW" is a number).
_PRESENT_RE = re.compile(r"(?<![\w'-])(?:" + alternation([*lx.PRESENT_WORDS, *lx.PRESENT_PHRASES]) + r")(?![\w'])", re.I)
# Every one of those words and phrases holds one of these: the pattern only runs where one is said.
_PRESENT_GATE = ("now", "currently", "today", "present", "still", "more", "moment", "days", "after")
if not all(any(g in p for g in _PRESENT_GATE) for p in (*lx.PRESENT_WORDS, *lx.PRESENT_PHRASES)):
    raise ValueError("a present marker holds none of _PRESENT_GATE's words")


def extract_statements(text: str, *, allow_correction: bool = False) -> tuple[Statement, ...]:
    """All statements the parser is sure about, in reading order."""
    if not isinstance(text, str) or not text:
        return ()
    # The resolver compares one incoming memory with its K nearest neighbours, and the same
    # neighbours come back turn after turn: parsing each (capped) text once is the cheap path.
    return _extract_cached(text[:MAX_TEXT_CHARS], allow_correction)


@per_text(maxsize=1024)
def _extract_cached(text: str, allow_correction: bool) -> tuple[Statement, ...]:
    out: list[Statement] = []
    sentences = 0
    introduced: set[str] = set()  # things a sentence of this memory brought in with "a/an"
    # Whether an earlier sentence set a context a bare "The X ..." may refer back to: it brought something
    # in ("The user ordered a sofa.", "Staging uses a separate VPC.") or it was not understood ("Old laptop
    # for sale.", a question). "The delivery date is March 14" after it is the sofa's, not a fact of its
    # own. A stored memory may still name what it introduced ("... a CLI tool. The CLI tool uses Rust").
    context_open = False
    unsure_before = 0  # the statements before a later sentence the parser did not understand are not sure
    moment = False  # a sentence says the memory holds for a moment only ("this week"): all is scoped
    scenes: set[str] = set()  # facts that make the other sentences passing ("The user is pregnant.")
    activities: set[str] = set()  # what the user is doing, which scopes the user's other facts
    agent_voice = False  # the memory is the agent's note: its "I" and "my" are the agent's
    other_voice = False  # an earlier sentence made the memory's "I" someone else's (`hands_voice_over`)
    lead = ""  # "Work laptop. User's OS is Windows.": the first sentence labels the rest (`scope`)
    brought_in = False  # an earlier sentence brought a new thing in ("User set up a home server.")
    others = Referents()  # whom and what the sentences so far brought in besides the user
    for line in scoped_lines(glue_dollar_prefix(clean(text))):
        fragment = None  # "Not Anna but Hanna - ...": a correction for the next clause of the line
        dash_label = ""  # "Message from Tom - I work at Globex now": the scope "A" sets over "B"
        for sentence, dash, goes_on in ((c, d, k or i > 0) for piece, d, k in split_pieces(line.text)
                                        for i, c in enumerate(_and_clauses(piece))):
            sentences += 1
            if dash != DASH_RIGHT:
                dash_label = ""
            if sentences > MAX_SENTENCES:
                return tuple(out)
            found = []
            n_before = len(out)
            if sentences == 1:
                agent_voice = opens_agent_voice(sentence)
            agents_own = (agent_voice or other_voice) and _FIRST_PERSON_RE.match(_bare_subject(sentence))
            if len(sentence) <= MAX_SENTENCE_CHARS and not agents_own and not retracted_inline(sentence):
                found = parse_sentence(sentence, allow_correction=allow_correction, scope=line.scope)
                if dash_label:
                    found = [_labelled(st, line.scope, dash_label) for st in found]
                if lead:
                    found = [amended(st, scope=_scope_for(st.key, "/".join(x for x in (st.scope, lead) if x)))
                             for st in found]
                if brought_in and allow_correction:
                    # "User set up a home server. User's OS is Debian.": a setting named after a new
                    # thing may be that thing's; only an announced change makes it the user's own.
                    found = [st for st in found if st.update or st.correction
                             or not (st.rel == "value" and st.key.startswith("user "))]
                if sentences > 1:  # "The user's gaming group. We switched to Discord.": that group's "we"
                    found = [st for st in found if st.key.split()[0] != WE_KEY]
                if fragment is not None:
                    found = [apply_fragment(st, fragment) for st in found]
                # Incoming "The user bought a laptop. The laptop has 32 GB": "the laptop" is the one
                # just introduced; after "User reviewed Dana's setup." it may be Dana's (`referents`).
                out.extend(st for st in found if (not allow_correction or st.key.startswith("user ")
                                                  or not introduced & set(st.key.split()))
                           and not (not st.key.startswith("user ") and _BARE_DEFINITE_RE.match(_bare_subject(sentence))
                                    and (others.may_own(st.key) or context_open and (
                                        allow_correction or not introduced & set(st.key.split())))))
            out.extend(aliases(out[n_before:]))
            if sentences > 1 and takes_back(sentence):  # "... Not true though.", "... rejoined Acme later."
                scenes.add(sentence)  # what came before it is an episode: scoped below
                continue
            if allow_correction and sentences > 1 and not found and not goes_on and not passes_by(sentence):
                unsure_before = len(out)  # "I moved to Berlin. Psych!": news whose sequel is not understood
            fragment = correction_fragment(sentence) if allow_correction and not found else None
            if fragment is not None:
                continue  # a correction marker brings nothing in that a later "the X" could mean
            if dash == DASH_LEFT and not agents_own and not any(_of_the_user(st) for st in found) and not (
                    _announces_a_change(sentence)):
                # "A - B" where "A" says nothing of the user: "A" labels what "B" says of the user,
                # exactly as "A: B" does ("Persona for the sales demo - the user lives in Munich",
                # "Tom via LinkedIn - I work at Globex now"); the user's own clause ("I left IBM -
                # ...", "The user moved last month - ..."), a correction fragment ("Not Anna but
                # Hanna - ...") or news without a subject ("Moved to a new city - ...") is read as before.
                dash_label = normalise_label(sentence)
            other_voice = other_voice or hands_voice_over(sentence, parsed=bool(found) or bool(agents_own))
            if sentences == 1 and all(st.rel.startswith("do:") and not any(v.norm for v in st.values) for st in found):
                # not understood, or only as a verb with nothing after it ("Work laptop details.")
                lead = lead_sentence_label(sentence)
            new_thing = bool(_ARTICLES & set(sentence.lower().split())) and bool(_NEW_REFERENT_RE.search(sentence))
            brought_in = new_thing or brought_in
            if sets_temporary_scene(sentence, parsed=bool(found)):
                moment = True
            elif sets_passing_state(sentence) or (sentences > 1 and is_afterthought(sentence)):
                scenes.add(sentence)
            elif found and sets_activity(sentence):
                activities.add(sentence)
            if new_thing or names_environment(sentence) or not found and not (
                    _USER_SUBJECT_RE.match(_bare_subject(sentence)) or is_headline(sentence)):
                context_open = True
            others.add(sentence)
            for phrase in _INTRODUCED_RE.findall(sentence):
                for w in phrase.lower().split():
                    if w in lx.SUBJECT_STOPWORDS or w in ITEM_STOPS:
                        break
                    introduced.add(singular(w))
    out = [_within(st, "unsure") for st in out[:unsure_before]] + out[unsure_before:]
    if moment or scenes:  # "The user is pregnant." stays a fact; what follows it is scoped
        out = [st if st.sentence in scenes and not moment else _within(st, "passing scene") for st in out]
    elif activities:  # "The user is doing an elimination diet. The user does not eat gluten."
        out = [_within(st, "passing scene") if _during_activity(st, activities) else st for st in out]
    if sentences == 1:
        out = [amended(st, lone=True) for st in out]
    return tuple(out)


def _within(st: Statement, scene: str) -> Statement:
    """The statement scoped by a scene of its memory ("passing scene", "unsure"): never compared
    with an unscoped one."""
    return amended(st, scope="/".join(x for x in (st.scope, scene) if x))


def _during_activity(st: Statement, activities: set[str]) -> bool:
    """A fact of the user's beside what the user is doing; not the activity itself, not another
    subject's fact ("User is building a CLI tool. The CLI tool uses Rust 1.70"), and not an
    announced change ("... The user no longer eats gluten.")."""
    return (st.sentence not in activities and (st.key == "user" or st.key.startswith("user "))
            and not (st.update or st.correction))


def _of_the_user(st: Statement) -> bool:
    return st.key.split()[0] in ("user", WE_KEY)


def _announces_a_change(sentence: str) -> bool:
    """"The user moved last month", "I switched jobs", "Moved to a new city": the user's news,
    which "A: B" passes through too (`scope`); never "Note left by the previous tenant"."""
    words = [w.strip(".,!;:").lower() for w in _bare_subject(sentence).split()]
    if words and words[0] in ANNOUNCING:
        return True
    return bool(_USER_SUBJECT_RE.match(_bare_subject(sentence))) and any(w in ANNOUNCING for w in words[1:4])


def _labelled(st: Statement, line_scope: str, label: str) -> Statement:
    """A statement of the user's under a dash label ("Message from Tom - I work at Globex now"),
    scoped by it; what "B" says of anything else ("... - the DB port is 5433") is a clause of its own."""
    if not _of_the_user(st):
        return st
    return amended(st, scope=_scope_for(st.key, "/".join(x for x in (line_scope, label) if x)))


# "..., and the user is now pre-approved for $400,000": a clause with a subject of its own.
_AND_SUBJECT_RE = re.compile(r",\s+and\s+(?=(?:the\s+user|i|my|we|our)\s)", re.I)


def _and_clauses(sentence: str) -> list[str]:
    """The sentence, or its clauses when ", and <the user / I / my / we>" starts a new one; never
    after a condition, a plan or a quote, which may scope both."""
    m = _AND_SUBJECT_RE.search(sentence)
    if m is None or '"' in sentence or MODAL_RE.search(sentence[:m.start()]):
        return [sentence]
    return [sentence[:m.start()], sentence[m.end():]]


_LABEL_RE = re.compile(r"^[A-Za-z][\w ]{0,20}:\s+")


@per_text(maxsize=256)  # asked up to four times of one sentence by `_extract_cached`
def _bare_subject(sentence: str) -> str:
    """The sentence without its list marker, label ("A:", "Note:") or correction lead."""
    s = _unlisted(sentence.strip()).strip("\"'` ")
    s = _LABEL_RE.sub("", s) if ":" in s else s
    stripped, _ = strip_correction_lead(expand_contractions(s))
    return stripped.lstrip(" ,")


def parse_sentence(sentence: str, *, allow_correction: bool = False, scope: str = "") -> list[Statement]:
    s = _unlisted(sentence.strip()).strip("\"'` ")
    if not s or "?" in s:
        return []  # questions assert nothing
    s = expand_contractions(s.rstrip(".!:; "))
    s = _NUMBER_WORD_RE.sub(lambda m: _NUMBER_WORDS[m.group(1).lower()], s) if Says(s)(*_NUMBER_GATE) else s
    if from_an_event_on(s):
        return []  # checked before rephrasing drops a tail such as "after Friday's cutover"
    kv = _KEY_VALUE_RE.match(s)
    if kv and kv.group(2).split()[-1].lower() not in _CHANGE_WORDS:  # "User's phone changed: ..." is news
        value = kv.group(3)
        note = CHANGE_NOTE_RE.search(value)
        if note is None and UNREAD_NOTE_RE.search(value):
            return []  # "(not yet moved)", "(switched on the server)": a change denied, scoped or undone
        if note:  # "User's city: Cardiff (moved last month)": the new value, announced
            value = value[:note.start()] + " now"
        s = f"{kv.group(1)} {kv.group(2)} is {value}"
    correction = False
    for _ in range(3):  # "No, actually, the user corrected this: ..."
        stripped, lead = strip_correction_lead(s)
        m = None if lead else _CORRECTED_FRAME_RE.match(s)
        if lead or m:
            correction = True
            s = stripped if lead else s[m.end():]
            continue
        m = _REPORT_FRAME_RE.match(s)
        if m and m.end() < len(s):
            # "The user mentioned that they no longer use Notion": the reporter is the subject
            s = _REPORTED_SELF_RE.sub(lambda r: "the user's " if r.group(1) else "the user ", s[m.end():], count=1)
            continue
        break
    s = _OWN_ROLE_RE.sub(" as the ", s)  # (and the slow lazy run of the next only where "their" is said)
    s = _USER_OWN_ROLE_RE.sub(r"\1as the ", s, count=1) if next(starts(s, "their"), None) is not None else s
    lead = _LEAD_PHRASE_RE.match(s)
    if lead:  # "On staging, the API port is 8081": a scope of its own, like "Staging:" above it
        scope = "/".join(x for x in (scope, " ".join(lead.group(1).lower().split())) if x)
        s = s[lead.end():]
    s = _WE_RE.sub(lambda m: WE_KEY + ("'s " if m.group(1).lower() == "our" else " "), s, count=1)
    s = reword(s, incoming=allow_correction)  # "these days", "Session timeout reduced to 1 hour" (update_markers)
    if _OTHER_PERSON_RE.search(s) or _AGENT_SELF_RE.match(s):
        return []  # "His name is Leo": whose? never the user's, and never a guess
    if _ACTUALLY_RE.search(s):
        correction = True
        s = _ACTUALLY_RE.sub(" ", s)
    s, update = rephrase(s, incoming=allow_correction)
    if is_unsure(s):
        return []
    s = _PRESENT_RE.sub(" ", s) if Says(s)(*_PRESENT_GATE) else s
    toks = tokenize(s)
    if len(toks) < 2 or len(toks) > MAX_SENTENCE_TOKENS:
        return []
    try:
        found = parse_clause_statements(toks, sentence, correction and allow_correction)
    except (ValueError, IndexError, OverflowError):
        return []  # a malformed fragment is simply not understood
    if scope or (update and allow_correction):
        update = update and allow_correction
        found = [amended(st, scope=_scope_for(st.key, scope, update), update=update) for st in found]
    return found


def _scope_for(key: str, scope: str, update: bool = False) -> str:
    """A news label scopes what it reports on ("Lent update: the user doesn't eat meat" is Lent's,
    "Berlin trip update: ..." the trip's), unless it names the very slot ("Late checkout confirmed:
    the user's checkout time is 13:00") or only the change an update reports (`names_a_change`)."""
    if NEWS_PREFIX not in scope:
        return scope
    slot = {singular(w) for w in key.split()} - {"user"}
    return "/".join(p for p in scope.split("/") if not (p.startswith(NEWS_PREFIX) and (
        slot & {singular(w) for w in p[len(NEWS_PREFIX):].split()} or update and names_a_change(p))))
