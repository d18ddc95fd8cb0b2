"""The stored value named as displaced by the incoming memory, in the stored sentence's own words
(pure logic): "My handle on the forum is nightowl42" / "I changed my forum handle from nightowl42 to
quietlark"; "Billing emails go to finance@orchidlabs.com" / "Billing emails now go to ap@orchidlabs.com
instead of finance@"; "Accounts lock after 5 failed login attempts" / "Correction: lockout is after 3
failed attempts, not 5"; "Nickname: Buzz" / "I don't go by Buzz anymore".

`frames` needs the incoming sentence to be the stored one word for word but the value; `named_end`
needs the stored sentence to be one of three parsed shapes and the change one of its closed verbs.
This rule reads neither grammar: it finds the old value A that the incoming sentence marks as gone
("from A to B" after a change verb, "B instead of / rather than A", "B, not A", "not A but B", "no
longer ... A", "... A anymore"), finds A in the stored sentence AS ITS VALUE (after the subject, at
or near the end), and then asks that every other word the incoming sentence says be a word of the
stored sentence (the slot's anchor: "forum handle", "billing emails go to", "1:1"), its holder's
("I", "the user", "we"), or a word that only carries the change ("switched", "now", "last month").
The new value B is the one run of words the stored sentence does not have. Any further word the
incoming sentence adds is another slot, another holder or a scope ("my sister", "for the marketing
site", "for the staging job", "for the summer only"), and the rule says nothing.

Precision guards: the stored sentence is one sure, positive sentence (no plan, hedge or "used to");
the holders agree (the user's own with "I"/"the user", the group's with "we", a thing's with the
thing named); a person in the stored slot ("my sister", "my manager") must be named again; plans,
hedges, old news and the undoing words (`change_gates`) anywhere but in A and B leave it standing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.updates.change_gates import UNDOING_RE, others_refuse, readable_sentences, unsure_change
from festinger.core.contradiction.grammar.comparison import squash
from festinger.core.contradiction.events.event_context import stored_sentence
from festinger.core.contradiction.lexicon import changes as ch
from festinger.core.contradiction.lexicon import displacement as dl
from festinger.core.contradiction.updates.named_end_guards import PERIOD_RE
from festinger.core.contradiction.text.normalise import expand_contractions, strip_correction_lead
from festinger.core.contradiction.grammar.places import is_known_place
from festinger.core.contradiction.grammar.refinement import refines
from festinger.core.contradiction.grammar.statements import is_unsure
from festinger.core.contradiction.grammar.values import singular
from festinger.core.contradiction.verdict import Contradiction, clip

__all__ = ["by_displaced"]

_TOKEN_RE = re.compile(r"[A-Za-z0-9@$€£][\w@.+#/&'$€£:-]*[\w@+#]|[A-Za-z0-9@+#]", re.U)
# Verbs that carry a change and no slot of their own.
_CHANGE = r"(?:switched|moved|renamed|changed|migrated|transferred|ported|shifted|converted|transitioned|went|upgraded|" \
          r"downgraded|swapped|rescheduled|bumped|raised|lowered|increased|reduced|cut|dropped|jumped|updated)"
_FROM_RE = re.compile(rf"^(?P<pre>.*?)\b(?P<verb>{_CHANGE})\b(?P<mid>.{{0,40}}?)\s(?:(?:over|away)\s+)?from\s+"
                      r"(?P<a>[^,;]{1,50}?)\s+(?:to|into|onto)\s+(?P<b>[^,;]{1,60}?)(?P<tail>(?:\s+(?:now|recently|"
                      r"last\s+(?:week|month|year)|this\s+(?:week|month|year)|a\s+(?:week|month|year)\s+ago|"
                      r"(?:a\s+few|two|three|\d+)\s+(?:weeks|months)\s+ago))*)$", re.I)
# "B instead of A", "B rather than A", "B, not A": A ends the sentence (a "now" aside).
_INSTEAD_RE = re.compile(r"^(?P<main>.{3,200}?)(?:\s*(?:,|\s[-\u2013\u2014])\s*not|,?\s+(?:now\s+)?"
                         r"(?:instead\s+of|rather\s+than))\s+(?P<a>[^,;()]{1,50}?)"
                         r"(?P<tail>(?:\s+(?:now|these\s+days|nowadays|from\s+now\s+on|going\s+forward))*)$", re.I)
_NOT_BUT_RE = re.compile(r"^(?P<pre>.{3,200}?)\s+not\s+(?P<a>[^,;()]{1,50}?),?\s+but\s+(?P<b>[^,;()]{1,60})$", re.I)
# "I don't go by Buzz anymore", "The user no longer listens to Hardcore History".
_ANYMORE_RE = re.compile(r"^(?P<pre>.{1,60}?)\s(?:do|does|did)\s+not\s+(?P<mid>.{1,60}?)\s+any\s*more"
                         r"(?:\s*[,;]\s*(?P<cont>[^,;]{1,80}))?$", re.I)
_NO_LONGER_RE = re.compile(r"^(?P<pre>.{1,60}?)\s+no\s+longer\s+(?P<mid>.{1,80}?)(?:\s+(?:now|these\s+days))?$", re.I)

# A second clause, a list or an aside in the stored sentence.
_CLAUSES_RE = re.compile(r"[,;]|(?<![\w'])(?:and|or|but|while|whereas|though|although)(?![\w'])", re.I)
# A label before a sentence of its own: what follows is said in another voice.
_VOICE_RE = re.compile(r":\s*(?:i|my|we|our|the\s+user|user)(?![\w'])", re.I)
_PERSONS = lx.PERSON_ROLES | ch.DEPENDANTS | lx.MULTI_INSTANCE_NOUNS
_PRONOUNS = frozenset("he she his her him they their them".split())


@dataclass(frozen=True)
class _Said:
    """One incoming sentence that names an old value as gone."""
    sentence: str
    old: str  # A as written
    new: str  # B as written, or "" ("I don't go by Buzz anymore")
    rest: str  # the sentence without A, B and the marker: what must all be the stored slot's
    shape: str  # "from", "instead", "anymore"


def by_displaced(existing: str, incoming: str) -> Contradiction | None:
    """The stored value named as displaced by an incoming sentence about the same slot, or None."""
    if not isinstance(existing, str) or not isinstance(incoming, str) or len(incoming) > 2000:
        return None
    low = incoming.lower()
    if not any(m in low for m in (" from ", "instead", "rather", "not ", "n't ", "no longer")):
        return None
    stored = stored_sentence(existing)
    if stored is None or "?" in stored or '"' in stored:
        return None
    s = expand_contractions(stored).strip().rstrip(".!")
    if _VOICE_RE.search(s):
        return None  # "I imagine: I live in Paris", "The user joked: I drive a Ferrari": another voice
    if _CLAUSES_RE.search(s):
        return None  # "I drive a Civic and my wife drives a Tesla": the value may be another clause's
    if re.search(r"(?<![\w'])(?:not|no|never|none|without)(?![\w'])", s, re.I) or re.search(
            r"(?<![\w'])(?:used\s+to|formerly|previously|until|anymore)(?![\w'])", s, re.I):
        return None
    for sentence in readable_sentences(incoming):
        said = _said(sentence)
        if said is None or (said.shape != "instead" and (is_unsure(s) or _past(s))):
            continue  # a past fact ("graduated in 2015") is only corrected, never changed
        if others_refuse(incoming, sentence, expand_contractions(sentence), said.old):
            continue
        found = _ended_value(s, said) if said.shape == "anymore" else (_stored_value(s, said.old), said)
        value, said = found if found is not None else (None, said)
        if value is not None and _same_slot(s, value, said):
            return Contradiction("correction" if said.shape == "instead" else "value", clip(s), value,
                                 said.new or said.sentence,
                                 f"{value!r} is named as displaced: {clip(sentence)!r} (existing: {clip(stored)!r})")
    return None


def _past(stored: str) -> bool:
    """"User grew up in Denver", "went to college in Boston": what was, which a move does not end."""
    toks = _toks(stored)[:6]
    return any(t.lower() in ch.PAST_VERBS or (t.lower().endswith("ed") and n and t.lower() not in ch.NOT_PAST
                                              and not t[:1].isupper() and toks[n - 1].lower() not in dl.BE)
               for n, t in enumerate(toks))  # "is called HomeNet", "is managed with": a state


def _said(sentence: str) -> _Said | None:
    text = expand_contractions(sentence).strip().rstrip(".!")
    text, _lead = strip_correction_lead(text)
    text = re.sub(rf"^(?:{ch.NEWS_LEADS})", "", text.lstrip(" ,:"), flags=re.I).strip()
    if not text or re.match(r"(?:instead|rather|not)\b", text, re.I):
        return None  # "Instead of UCLA I almost went to Stanford": what came first is no change
    m = _FROM_RE.match(text)
    if m is not None:
        return _Said(sentence, m.group("a"), m.group("b"), f"{m.group('pre')} {m.group('mid')}", "from")
    m = _INSTEAD_RE.match(text)
    if m is not None:
        return _Said(sentence, m.group("a"), "", m.group("main"), "instead")
    m = _NOT_BUT_RE.match(text)
    if m is not None:
        return _Said(sentence, m.group("a"), m.group("b"), m.group("pre"), "from")
    m = _ANYMORE_RE.match(text) or _NO_LONGER_RE.match(text)
    cont = m.groupdict().get("cont") if m is not None else None
    if cont and (UNDOING_RE.search(cont) or unsure_change(cont) or PERIOD_RE.search(cont)):
        return None  # "I don't go by Buzz anymore, except with family"
    if m is not None:  # A is some last words of what is no longer done: `_ended_value` finds which
        return _Said(sentence, m.group("mid"), "", m.group("pre"), "anymore")
    return None


def _ended_value(stored: str, said: _Said) -> tuple[str, _Said] | None:
    """"I don't go by Buzz anymore": the longest run of last words that is the stored value, the
    words before it ("go by") then being what must speak of the stored slot."""
    toks = said.old.split()
    for k in range(len(toks)):
        value = _stored_value(stored, " ".join(toks[k:]))
        if value is not None:
            return value, _Said(said.sentence, " ".join(toks[k:]), "", f"{said.rest} {' '.join(toks[:k])}", said.shape)
    return None


def _toks(text: str) -> list[str]:
    return [t for t in _TOKEN_RE.findall(text)]


def _norm(word: str) -> str:
    w = word.lower().removesuffix("'s")
    return singular(w) if w.isalpha() else w


def _alike(x: str, y: str) -> bool:
    """One word said two ways: "infra"/"infrastructure", "lockout"/"lock", "engineering"/"engineer"."""
    if x == y:
        return True
    short, long_ = sorted((x, y), key=len)
    if len(short) >= 4 and short.isalpha() and long_.startswith(short):
        return True
    n = 0
    while n < len(short) and short[n] == long_[n]:
        n += 1  # "analyst"/"analysis", "nurse"/"nursing": one stem, two endings
    return n >= 4 and x.isalpha() and y.isalpha() and x[n:] in dl.ENDINGS and y[n:] in dl.ENDINGS


def _stored_value(stored: str, old: str) -> str | None:
    """The stored value the incoming memory names as gone, as written in the stored sentence: A's
    words in a row after the subject, at the end or before a short tail ("5" of "after 5 failed login
    attempts", "Ridgeview" of "Ridgeview Elementary", "finance@" of "finance@orchidlabs.com")."""
    if not old:
        return None
    toks, a = _toks(stored), [_norm(t) for t in _toks(old) if t.lower() not in ("the", "a", "an", "my", "our")]
    if not a or len(a) > 6:
        return None
    norm = [_norm(t) for t in toks]
    start_min = _subject_end(toks)
    for i in range(start_min, len(toks) - len(a) + 1):
        run = norm[i:i + len(a)]
        whole = all(_alike(x, y) for x, y in zip(run[:-1], a[:-1]))
        last = run[-1] == a[-1] or _alike(run[-1], a[-1]) or (a[-1].endswith("@") and run[-1].startswith(a[-1]))
        if not (whole and last):
            continue
        end = i + len(a)
        named_on = end
        while named_on < len(toks) and toks[named_on][:1].isupper() and toks[end - 1][:1].isupper():
            named_on += 1  # "Ridgeview" of "Ridgeview Elementary": the rest of the name
        unsaid = [t.lower() for t in toks[end:named_on]]
        if unsaid and not all(w in dl.NAME_HEADS or any(c.isdigit() for c in w) for w in unsaid):
            return None  # "Google" of "Google Docs" is another thing; "BMW" of "BMW X3" is the car
        if len(toks) - named_on > 3:
            return None  # a value in the middle of the sentence is not its value
        return " ".join(toks[i:named_on])
    return None


def _subject_end(toks: list[str]) -> int:
    """Where the stored predicate starts: after "Key:", after the first verb-like word, or at 1."""
    for n, t in enumerate(toks[:8]):
        if t.endswith(":"):
            return n + 1
    for n, t in enumerate(toks[:8]):
        if n and t.lower() in ("is", "are", "am", "goes", "go", "runs", "run", "lives", "live", "uses", "use"):
            return n + 1
    return 1


def _owner(words_: list[str]) -> str:
    low = [_norm(w) for w in words_[:2]]
    first = low[0] if low else ""
    if first in ("i", "my", "me", "user") or low == ["the", "user"]:
        return "user"
    if first in ("we", "our"):
        return "we"
    if first in _PRONOUNS:
        return first
    return ""


def _same_slot(stored: str, value: str, said: _Said) -> bool:
    """Whether the incoming sentence speaks of the stored sentence's slot, holder and nothing else."""
    st_toks = _toks(stored)
    at = stored.find(value)
    before = _toks(stored[:at]) if at >= 0 else st_toks
    ctx = {_norm(t) for t in _toks(stored.replace(value, " "))} - dl.CARRIERS
    if not ctx and not before:
        return False
    if ctx & (ch.NOT_HELD_SLOTS - dl.HELD_ANYWAY) or ctx & ch.TASTE_VERBS:
        return False  # "my hometown", "my first car", "I love Paris": nothing a change displaces
    for w in list(ctx):
        ctx |= dl.SPEAKS_OF.get(w, set())
    rest_toks = _toks(said.rest)
    rest = [_norm(t) for t in rest_toks]
    undated = re.sub(r"(?<![\w'])(?:19|20)\d\d(?![\w'])", " ", said.rest) if said.shape == "instead" else said.rest
    if said.new and not _plain_new(value, said.new):
        return False
    named = {_norm(t) for t in _toks(said.old) + _toks(value)}
    if named & (lx.OTHER_PERSON_WORDS | _PERSONS) or (set(rest) | {_norm(t) for t in st_toks}) & dl.AGENT:
        return False  # "calls his father, not his mother": people, not values; the agent itself
    if set(rest) & dl.ADDITIVE or UNDOING_RE.search(said.rest) or PERIOD_RE.search(said.sentence) or unsure_change(
            undated):
        return False
    st_owner, in_owner = _owner(st_toks), _owner(rest_toks or [""])
    if in_owner == "user" and _norm(rest_toks[0]) != "i":
        rest = [w for w in rest if w not in _PRONOUNS]  # "The user moved her banking ...": the user's
    if in_owner in _PRONOUNS:
        return False  # "Her 1:1 moved ...": a he/she/they is never certainly the user (issue 10)
    if in_owner == "we" and st_owner == "user" or in_owner == "user" and st_owner == "we":
        return False  # the user's own use and the group's are two slots
    owners = {_norm(t) for t in before if t.lower().endswith("'s")} - {"user"}
    if in_owner == "we" and {_norm(t) for t in before} & dl.GROUPS or not owners <= set(rest):
        return False  # "The marketing team uses Jira" / "We don't use Jira anymore": which "we"? "Anna's team"
    if any("'" in t and not t.lower().startswith(("user", "it")) for t in rest_toks):
        return False  # "Her manager's 1:1 moved ...": someone else's thing
    persons = {_norm(t) for t in before[:4]} & _PERSONS
    if persons and not persons <= set(rest):
        return False  # "My sister lives in Paris" / "I moved from Paris to Lyon": whose move?
    tail = _toks(stored[at + len(value):]) if at >= 0 else []
    said_tail = tail[1:] if tail and tail[0].lower() in dl.SCOPE_PREPS else tail if said.shape == "anymore" else []
    if not {_norm(t) for t in said_tail} - dl.CARRIERS <= set(rest):
        return False  # "I use Chrome for work" / "switched from Chrome to Firefox", "run 5k every morning" /
        # "don't run 5k anymore": the scope or the habit is left standing
    anchors, loose = [], []
    for w in rest:
        if w in dl.CARRIERS:
            continue
        (anchors if any(_alike(w, c) for c in ctx) else loose).append(w)
    if said.shape == "instead":
        return bool(anchors) and _one_new_value(rest_toks, ctx, said.old, _words_before(st_toks, value))
    if loose:
        return False  # "switched my internet from Verizon to ...", "... for the marketing site"
    if said.shape == "anymore":
        return bool(anchors)
    # "I transferred from UCLA to UC Berkeley": nothing but the holder is said, so the holder must be
    # the stored sentence's own subject and the new value a thing of the old one's kind
    if anchors:
        return True
    # "We moved from Sketch to Figma" of "Design files live in Sketch": the group's tool, by its name
    group_tool = (in_owner == "we" and st_owner == "" and value[:1].isupper() and not is_known_place(value)
                  and not is_known_place(said.new) and not {_norm(t) for t in before} & dl.PREMISES)
    subject = st_toks[1] if st_toks[0].lower() == "the" and len(st_toks) > 1 else st_toks[0]
    itself = subject.lower() in ("i", "we", "user")  # never "User's office is in Denver"
    return in_owner != "" and (in_owner == st_owner and itself or group_tool) and _same_kind(value, said.new)


def _one_new_value(rest: list[str], ctx: set[str], old: str, frame: tuple[str, str]) -> bool:  # `rest`: words as written
    """"B instead of A": the words the stored sentence does not have are one run, the new value, of
    the old value's kind ("hourly" for "every 15 minutes", "Terraform" for "CloudFormation"), in the
    stored value's frame: after one of the two words before it ("runs hourly" of "runs every 15
    minutes", "on 5432" of "on port 5433"; never "logs rotate daily")."""
    runs: list[list[str]] = []
    before: list[str] = []
    prev_loose = False
    for n, t in enumerate(rest):
        w = _norm(t)
        loose = w not in dl.CARRIERS and not any(_alike(w, c) for c in ctx)
        if loose and prev_loose:
            runs[-1].append(t)
        elif loose:
            runs.append([t])
            before.append(_word_before(rest[:n + 1], t))
        prev_loose = loose
    if len(runs) > 1 or (runs and len(runs[0]) > 4):
        return False
    if not runs:
        return True
    new = " ".join(runs[0])
    if old[:1].islower() and not any(c.isdigit() for c in old) and len(runs[0]) > len(old.split()):
        return False  # "tea afternoons, not coffee", "cat dander, not cats": a scope or a part
    return any(_alike(before[0], f) for f in frame if f) and _same_kind(old, new) and _plain_new(old, new)


def _plain_new(old: str, new: str) -> bool:
    """A new value that is another thing, and only that: not a version, layer or flavour of the old
    one ("from React to Next.js", "Windows to Windows 11"), nor a value with a scope, a limit or a
    reversal attached ("16 on staging", "Emacs but went back", "SRE temporarily")."""
    low = new.lower().split()
    times = lx.TIME_SCOPE_WORDS - dl.FREQUENCIES - set(old.lower().split())  # "Thursdays" for "Tuesdays" is a value
    if old.lower().split()[-1:] and old.lower().split()[-1] in dl.DAYS:
        times -= dl.DAYS
    if set(low) & dl.NOT_IN_NEW or set(low) & times or len(low) > 5:
        return False
    if any(w.endswith("ly") and len(w) > 4 and w not in dl.FREQUENCIES for w in low) or UNDOING_RE.search(new):
        return False
    o, n = squash(old), squash(new)
    return bool(n) and o not in n and not refines(old, new)


def _word_before(toks: list[str], value: str) -> str:
    """The word before the value's first word, determiners aside ("to" of "go to finance@...")."""
    return _words_before(toks, value)[0]


def _words_before(toks: list[str], value: str) -> tuple[str, str]:
    """The two words before the value's first word, determiners aside ("on", "port" of "on port 5433")."""
    first = value.split()[0]
    at = max((n for n, t in enumerate(toks) if t == first), default=-1)
    while at > 0 and toks[at - 1].lower() in dl.DETERMINERS:
        at -= 1
    return (_norm(toks[at - 1]) if at > 0 else "", _norm(toks[at - 2]) if at > 1 else "")


def _same_kind(old: str, new: str) -> bool:
    """A number for a number, a name for a name, plain words for plain words; never a scope."""
    o, n = _toks(old), _toks(new)
    if not n:
        return True
    if any(w.lower() in ("for", "at", "on", "in", "with", "until", "during", "while", "when") for w in n):
        return False
    digits = any(c.isdigit() for c in old)
    if digits and any(c.isdigit() for c in new):
        # "Dec 18" for "Dec 15", never "ends Dec 18": a word in front that the old value lacks is
        # another predicate ("Code freeze starts Dec 15" / "... ends Dec 18, not Dec 15")
        return not (n[0].isalpha() and n[0].islower() and not (o and o[0].isalpha() and o[0].islower()))
    o_named = bool(o) and o[0][:1].isupper()
    n_named = n[0][:1].isupper() or n[0].lower() in ("a", "an", "the")
    return o_named == n_named or not o_named
