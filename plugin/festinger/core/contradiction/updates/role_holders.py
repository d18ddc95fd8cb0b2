"""Who holds one of the user's roles changed (pure logic): "User's GP is Dr. Patel." / "Dr. Patel
retired, I see Dr. Kim now."; "The cleaner's name is Rosa." / "Rosa retired. Our new cleaner is
Fatima."; "Release manager: Omar" / "Omar handed release management over to Priya."; "Marc handles
the laundry." / "I've taken over the laundry from Marc.".

Why a rule of its own: a role a person holds for the user (GP, trainer, cleaner, landlord, manager)
is a key whose two values may be one person ("Dr. Okafor" / "Amara"), so the statement engine lets
two holders stand side by side. What settles it is the news of a change, told in one of two ways:
(a) the stored holder leaves ("retired", "left the practice", "handed it over to X", "was replaced
by X", "is no longer my GP") or (b) another holder is announced as the present one ("my trainer is
Sofia now", "our new cleaner is Fatima", "switched dentists", "I report to the CEO after the reorg").
A bare "I see Dr. Kim now" or "Priya took over" names no role, so it counts only beside (a) or a
"switched <role>s". Titles are how a person is addressed, never who they are: "Dr. Patel" and
"Dr. Kim" are two people, "Dr. Patel" and "Patel" one.

Guards (each learned from look-alikes): the stored sentence must be the user's own single-holder
role (not "my son's tutor", "one of my doctors", a friend or a client); the incoming one must not be
a question, a plan ("retires next year", "will"), a stand-in ("covering", "while", "this week"), an
addition ("also", "for my knee"), reported speech, a conditional or a denial; the leaver must be
the stored person themself ("Dr. Patel's nurse left" is not), and the new holder must share no name
with the stored one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.text.literal import said_as_word
from festinger.core.contradiction.text.normalise import expand_contractions
from festinger.core.contradiction.updates.person_left import ROLE_SLOTS
from festinger.core.contradiction.updates.rescheduled import one_sentence
from festinger.core.contradiction.text.retraction import passes_by, takes_back
from festinger.core.contradiction.updates.lead_fragments import frames_what_follows
from festinger.core.contradiction.verdict import Contradiction, clip

__all__ = ["by_role_holder", "role_holder_changed"]

# Roles one person (or firm) holds for the user at a time: the leaving rule's, and the services.
ROLES = ROLE_SLOTS | lx.SERVICE_ROLES
_LOOSE, _SAME, _PRACTICE = lx.LOOSE_ROLE_WORDS, lx.ROLE_SYNONYMS, lx.PRACTICE_ROLES
_TITLE_WORDS = r"(?:" + "|".join(sorted(lx.NAME_TITLES, key=len, reverse=True)) + r")"
_TITLE = _TITLE_WORDS + r"\.?"
_CAP = r"(?-i:(?:O'|Mc|D')?[A-Z][a-zA-Z]+(?:[-'][A-Z]?[a-z]+)?)"
_NAME = rf"(?:{_TITLE}\s+)?{_CAP}(?:\s+(?:(?:van|de|del|da|von|le|la)\s+)?{_CAP}){{0,2}}"
# A new holder: a name, a firm "called" a name, or a post ("the CEO", "the VP of Engineering").
_NEW = (rf"(?:{_NAME}|(?:a|an)\s+(?:\w+\s+)?(?:company|firm|agency|practice|clinic|salon|woman|man|guy|lady)\s+"
        rf"(?:called|named)\s+{_NAME}|the\s+(?:ceo|cto|cfo|coo|founder|vp\b[\w\s]*|head\s+of\s+[\w\s]+|director[\w\s]*))")
_MINE = r"(?:my|our|the\s+user's|user's)"
_USER = r"(?:i|we|the\s+user|user)"
_ROLE = r"(?P<role>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"

_STORED = [re.compile(p, re.I) for p in (
    rf"^(?:the\s+|{_MINE}\s+){_ROLE}\s+is\s+(?:called\s+|named\s+)?(?P<holder>.+)$",
    rf"^(?:the\s+|{_MINE}\s+)?{_ROLE}'s\s+name\s+is\s+(?P<holder>.+)$",
    rf"^[-*]?\s*(?:{_MINE}\s+)?{_ROLE}\s*:\s*(?P<holder>.+)$",
    rf"^(?P<holder>{_NAME})\s+is\s+{_MINE}\s+{_ROLE}$",
    r"^(?:i\s+am|the\s+user\s+is|user\s+is)\s+managed\s+by\s+(?P<holder>.+)$",
    r"^(?:i|the\s+user|user)\s+reports?\s+(?:directly\s+)?to\s+(?P<holder>.+)$",
)]
_STORED_CUES = ROLES | frozenset(_SAME) | frozenset("report reports managed handles handle does do drive drives cook "
                                                  "cooks walk walks host hosts runs run owns own takes responsible looks".split())
_DUTY_VERBS = r"(?:handles|does|takes\s+care\s+of|is\s+in\s+charge\s+of|is\s+responsible\s+for|looks\s+after|runs|owns)"
_STORED_DUTY = re.compile(rf"^(?:(?P<key>[a-z][\w\s-]*):\s*)?(?P<holder>{_NAME}|i|the\s+user|user)\s+"
                          rf"(?P<verb>{_DUTY_VERBS}|drive|drives|cook|cooks|walk|walks|host|hosts|do|handle|run|own)\s+"
                          rf"(?P<duty>[\w\s'-]+)$", re.I)

# Anything that keeps the stored holder in place: a question, plan, stand-in, addition, quote,
# condition, denial or a past-only time.
_REFUSE = re.compile(
    r"\?|\b(?:cover(?:s|ed|ing)?\s+for|covering|fill(?:s|ing)?\s+in|stand-?in|standing\s+in|locum|interim|acting|"
    r"temporar\w*|for\s+now|for\s+the\s+time\s+being|right\s+now|while|until|till|on\s+(?:leave|holiday|vacation|"
    r"sabbatical)|maternity|paternity|sick\s+leave|this\s+(?:week|month|weekend|term|semester)|today|tonight|"
    r"tomorrow|next\s+\w+|will|would|shall|going\s+to|gonna|plan\w*|thinking|consider\w*|might|may|could|should|"
    r"want\w*|hope\w*|if|unless|when|once|soon|maybe|perhaps|probably|also|too|as\s+well|another|second|in\s+"
    r"addition|additionally|for\s+(?:my|the|her|his|their|our)\s+\w+|said|says|told|tells|heard|apparently|"
    r"rumou?r\w*|used\s+to|back\s+in|in\s+(?:19|20)\d\d|years?\s+ago|retiring|leaving|moving|dream\w*|wish\w*|"
    r"supposed|pretend\w*|joke|kidding|not|never|no\s+one|nobody|yet|still)\b", re.I)
_LEAD = re.compile(r"^(?:(?:(?:it\s+)?turns\s+out(?:\s+that)?|actually|correction|update|fyi|so|oh|btw|anyway|"
                   r"(?:after|since|following)\s+(?:the|a|our)\s+[\w-]+(?:\s+[\w-]+(?=,))?)\b"
                   r"|[a-z][\w-]*(?:\s+[\w-]+){0,2}:)[\s,:]*",
                   re.I)


@dataclass(frozen=True)
class Holding:
    """One stored role (or duty) and who holds it."""

    role: tuple[str, ...]  # the role's words, canonical head last ("release", "manager"); a duty's words
    holder: str  # as written
    names: frozenset[str]  # the holder's name words, lowercased, titles left out ({"i"} for the user)
    title: str  # the holder's title, lowercased ("dr"), or ""
    duty: bool  # a duty ("the laundry") rather than a role noun
    key: str  # a duty line's key ("soccer carpool"), or ""


def _names(text: str) -> tuple[frozenset[str], str]:
    words = [w.strip(".,'") for w in text.split()]
    title = next((w.lower() for w in words[:1] if w.lower() in lx.NAME_TITLES), "")
    return frozenset(w.lower() for w in words if w[:1].isupper() and w.lower() not in lx.NAME_TITLES), title


def _role_words(phrase: str) -> tuple[str, ...] | None:
    words = phrase.lower().split()
    if not words or any("'" in w or w in ("and", "or") for w in words) or words[0] in (
            "other", "old", "former", "previous", "ex", "one"):
        return None
    head = _SAME.get(words[-1], words[-1])
    if head not in ROLES and words[-1] not in ROLES:
        return None
    return tuple(w for w in words[:-1] if w not in _LOOSE) + (head,)


def stored_holding(existing: str) -> Holding | None:
    """The stored memory's one role holding, or None."""
    if not _STORED_CUES & set(re.findall(r"[a-z][\w-]*", existing[:300].lower())):
        return None  # no role word and no duty verb: most memories stop here
    old = one_sentence(expand_contractions(existing.strip().lstrip("-* ").strip()).replace("\u2019", "'"))
    if old is None or "," in old.split(" to ", 1)[0] and "report" not in old.lower():
        return None
    for n, rx in enumerate(_STORED):
        m = rx.match(old)
        if m is None:
            continue
        role = _role_words(m.group("role")) if "role" in m.groupdict() else ("manager",)
        holder = m.group("holder").strip()
        names, title = _names(holder)
        if role is None:
            continue
        if not names or re.search(r"\b(?:and|or|also|too|both|whoever|still)\b|&|/", holder, re.I):
            return None
        if n == 0 and re.match(r"the\s+(?!user)", old, re.I) and role[-1] in ("manager", "lead", "agent", "owner"):
            return None  # "The manager is Lena": a shop's or a project's as often as the user's
        if n == 0 and not re.match(rf"^(?:{_NEW})\b", holder, re.I) and not holder[:1].isupper():
            return None  # "my trainer is great"
        return Holding(role, holder, names, title, False, "")
    d = _STORED_DUTY.match(old)
    if d is None:
        return None
    who = d.group("holder")
    names, title = (frozenset({"i"}), "") if re.match(r"^(?:the\s+user|user|i)$", who, re.I) else _names(who)
    duty = tuple(w for w in d.group("duty").lower().split() if w not in ("the", "our", "my", "on", "a", "all"))
    return Holding(duty, who, names, title, True, (d.group("key") or "").lower()) if duty and names else None


def _same_person(h: Holding, who: str) -> bool:
    """Whether `who` (as the incoming memory names someone) is the stored holder: its name words
    are among the stored ones, and no second title says it is another ("Mr. Patel" for "Dr. Patel")."""
    if who.lower() in ("i", "we", "the user"):
        return "i" in h.names
    names, title = _names(who)
    return bool(names) and names <= h.names and not (title and h.title and title != h.title)


def _shares(h: Holding, new: str) -> bool:
    """Whether a new holder may be the stored one: a name word in common ("Mark" / "Mark Evans")."""
    if new.lower() in ("i", "we", "me", "the user"):
        return "i" in h.names
    return bool(_names(new)[0] & h.names)


def _same_role(h: Holding, phrase: str) -> bool:
    role = _role_words(phrase.replace("new ", ""))
    return role is not None and not h.duty and role == h.role


def _duty_named(h: Holding, obj: str, text: str = "") -> bool:
    words = [w for w in obj.lower().split() if w not in ("the", "our", "my", "on", "a", "all", "of")]
    if h.duty or not words:  # "the dog on Mondays" needs the dog
        return bool(words) and set(words) <= set(h.role) and all(w in text for w in h.role)
    stems = {re.sub(r"(?:ment|er|or|ing|s)$", "", w) for w in h.role}
    return words[-1] in ("role", "job", "position", "it") or bool({re.sub(r"(?:ment|er|or|ing|s)$", "", w)
                                                                 for w in words} & stems) and len(words) <= 3


_LEFT_STRONG = (r"(?:has\s+)?(?:retired(?:\s+from\s+(?:coaching|teaching|tutoring|training|(?:the\s+)?practice|"
                r"dentistry|medicine|law))?|resigned|stepped\s+down|passed\s+away|died|"
                r"closed\s+(?:his|her|their)\s+(?:practice|clinic|salon|studio|business|shop|garage)|"
                r"left\s+(?:the\s+|his\s+|her\s+|their\s+)?(?P<place>practice|clinic|gym|company|firm|school|studio|"
                r"salon|garage|agency|team|surgery|area|city|town|country|club|job|role|post|position|business|shop|"
                r"hospital|department))")
# Leaving a workplace ends a reporting line; a trainer or hairdresser may take their clients along.
_ORG_PLACES = frozenset("company firm team job role post position department business".split())
_LEFT_WEAK = (r"(?:has\s+)?(?:left(?:\s+for\s+\w+)?|quit|moved(?:\s+(?:back\s+|away\s+)?to\s+[\w\s]+|\s+on|\s+abroad|\s+away)?|"
              r"is\s+gone|(?:was|got|has\s+been)\s+promoted(?:\s+out\s+of\s+(?:the|my|our)\s+team)?|"
              r"(?:does\s+not|no\s+longer)\s+works?\s+(?:there|(?:at|for)\s+(?:the|my|our|us)(?:\s+\w+)?)(?:\s+any\s?more)?|"
              r"closed\s+(?:up|shop|down)|sold\s+(?:the|his|her|their)\s+(?:flat|house|building|apartment|"
              r"place|property|practice|business|garage|salon))")
_SEE = r"(?:see|go\s+to|use|visit|am\s+seeing|am\s+going\s+to|train\s+with|work\s+out\s+with)"
_DOES = lx.ROLE_DOINGS
_WHEN = r"(?:\s+(?:now|last\s+\w+|recently|in\s+[A-Z]\w+|a\s+(?:few\s+)?\w+\s+ago|this\s+past\s+\w+))?"


NEWS, SEEN, REFUSE = "news", "seen", "refuse"
_UNREAL = frozenset("movie film episode podcast sitcom".split())
# A short opening phrase a comma ends: a time ("Since the restructure,") or a scope ("In Spain,").
_OPENER = re.compile(r"^(?:at|in|on|for|with|during|from|after|since|following|as|under|within|over)\s+\S+"
                     r"(?:\s+\S+){0,3}$", re.I)
# Words a "Label:" before the news may have ("Quick update:", "Carpool swap:"); any other
# ("Side gig update:", "Internship news:") scopes the news elsewhere.
_LABELS = frozenset("update updates news quick small big fyi correction edit note btw swap change switch new".split())


@dataclass
class _Reading:
    left: bool = False  # the stored holder is said to have gone (strong news on its own)
    weak_left: bool = False  # ... in words that need a new holder beside them ("Lena left")
    named_new: bool = False  # another holder is announced for the stored role itself
    bare_new: bool = False  # another holder is announced with no role ("I see Dr. Kim now")
    text: str = ""  # the whole incoming memory, lowercased


def _clauses(incoming: str) -> list[str]:
    text = re.sub(rf"\b({_TITLE_WORDS})\.\s", r"\1 ", expand_contractions(incoming), flags=re.I)
    text = re.sub(r"\s+now\s+that\s+", " now, ", text.replace("\u2019", "'"), flags=re.I)
    parts = re.split(r"(?<=[.!;])\s+|\s+[-\u2013\u2014]\s+|,(?!\s*not\b)\s*(?:so|and|but)?\s*|\s+(?:so|and\s+now|but)\s+"
                     r"|\s+and\s+(?=(?i:i|we|my|our|the\s+user)\b)", text)
    out: list[str] = []
    pieces = [q for p in parts if p for q in (re.split(r":\s+", p, maxsplit=1) if len(p.split(":")[0].split()) > 3 else [p])]
    for part in (p.strip(" .!;,:") for p in pieces if p.strip(" .!;,:")):
        if out and _OPENER.match(out[-1]):
            out[-1] = f"{out[-1]}, {part}"  # "At my weekend job, my manager is ..." is one clause, and a scoped one
        elif out and re.fullmatch(_NAME, out[-1]) and re.match(r"(?i:i|we)\s", part):
            out[-1] = f"{out[-1]} and {part}"  # "Dana and I stopped working together"
        else:
            out.append(part)
    return out


def _read(h: Holding, clause: str, r: _Reading) -> str:
    """What one incoming clause says of the holding: NEWS, SEEN (read, harmless), REFUSE, or "" (not read)."""
    c = _LEAD.sub("", clause, count=1)
    label = re.match(r"^([a-z][\w-]*(?:\s+[\w-]+){0,2}):", clause, re.I)
    if label and not set(label.group(1).lower().split()) <= (_LABELS | set(h.role) | set(h.key.split())):
        return REFUSE  # "Side gig update: my manager is Priya now": a scope of its own
    if label and "new" in label.group(1).lower().split() and re.fullmatch(_NEW, c, re.I) and not _shares(h, c):
        r.named_new = True  # "New GP: Dr. Kim"
        return NEWS
    marker = c != clause or bool(re.search(r"\b(?:now|new|these\s+days|from\s+now\s+on|instead)\b", c, re.I))
    who = rf"(?P<who>{_NAME}|i|we|the\s+user)"
    new = rf"(?P<new>{_NEW}|i|we|me|the\s+user)"
    mentions_stored = any(said_as_word(c, n.capitalize()) for n in h.names if n != "i")

    def person(g: str) -> bool:
        return bool(g) and _same_person(h, g)

    m = re.match(rf"^{who}\s+{_LEFT_STRONG}{_WHEN}$", c, re.I)
    if m and person(m.group("who")) and not h.duty:
        place = (m.group("place") or "").lower()
        strong = (bool(re.search(r"passed|died", c, re.I)) or place in _ORG_PLACES and h.role[-1] in ("manager", "lead")
                  or not place and h.role[-1] in _PRACTICE)
        r.left, r.weak_left = r.left or strong, True
        return NEWS
    m = re.match(rf"^{who}\s+{_LEFT_WEAK}{_WHEN}$", c, re.I) or re.match(rf"^{who}'s\s+gone$", c, re.I)
    if m and person(m.group("who")) and not h.duty:
        r.weak_left = True
        return NEWS
    m = re.match(rf"^{who}\s+(?:has\s+)?(?:handed|passed|gave|turned)\s+(?:over\s+)?(?P<obj>[\w\s-]+?\s+)?(?:over\s+)?"
                 rf"to\s+{new}(?:\s+now)?$", c, re.I)
    if m and person(m.group("who")) and (m.group("obj") is None or _duty_named(h, m.group("obj"), r.text)
                                            or m.group("obj").strip().lower() in ("me", "us") and not h.duty):
        if not _shares(h, m.group("new")):
            r.left = True
            return NEWS
    m = re.match(rf"^{who}\s+(?:has\s+been|was|got)\s+replaced(?:\s+as\s+{_MINE}\s+[\w\s-]+?)?\s+by\s+{new}{_WHEN}$",
                 c, re.I) or re.match(rf"^{new}\s+(?:has\s+)?replaced\s+{who}(?:\s+as\s+{_MINE}\s+[\w\s-]+)?{_WHEN}$", c, re.I)
    if m and person(m.group("who")) and not _shares(h, m.group("new")):
        r.left = True
        return NEWS
    m = re.match(rf"^{who}\s+is\s+(?:no\s+longer|not)\s+{_MINE}\s+(?P<phrase>[\w\s-]+?)(?:\s+any\s?more)?$", c, re.I)
    if m and person(m.group("who")) and _same_role(h, m.group("phrase")):
        r.left = True
        return NEWS
    m = re.match(rf"^(?:i|we)\s+(?:do\s+not|no\s+longer)\s+{_SEE}\s+{who}(?:\s+any\s?more)?$", c, re.I) or re.match(
        rf"^{who}\s+(?:has\s+)?stopped\s+(?:walking|cleaning|coaching|training|tutoring|teaching|working|babysitting|"
        rf"sitting|representing)\s+for\s+(?:me|us)$", c, re.I)
    if m and person(m.group("who")) and not h.duty:
        r.left = True
        return NEWS
    m = re.match(rf"^{_USER}\s+(?:have\s+)?(?:stopped\s+(?:seeing|going\s+to|using|working\s+with)|parted\s+ways\s+with|"
                 rf"fired|let\s+go\s+of|let|"
                 rf"dropped|ditched|switched\s+(?:away\s+)?from|moved\s+(?:away\s+)?from)\s+{who}(?:\s+go)?$", c, re.I)
    if m and person(m.group("who")) and not h.duty:
        r.left = True
        return NEWS
    m = re.match(rf"^{who}\s+and\s+(?:i|we)\s+(?:have\s+)?(?:stopped\s+working\s+together|parted\s+ways|split)$", c, re.I)
    if m and person(m.group("who")) and not h.duty:
        r.left = True
        return NEWS
    m = re.match(rf"^{new}\s+(?:has\s+|have\s+)?(?:took|taken|takes)\s+over(?:\s+(?P<obj>.+?))?(?:\s+from\s+{who})?$", c, re.I)
    if m and not _shares(h, m.group("new")):
        obj = (m.group("obj") or "").strip()
        gone = bool(m.group("who")) and person(m.group("who"))
        role = re.match(rf"^as\s+{_MINE}\s+(?P<phrase>[\w\s-]+)$", obj, re.I)
        if role and _same_role(h, role.group("phrase")) or obj and _duty_named(h, obj, r.text) and (
                not h.key or h.key.split()[-1] in r.text or gone or r.named_new):
            r.named_new = True
            r.left = r.left or gone
            return NEWS
        if not obj and not gone:
            r.bare_new = True
            return NEWS
    m = re.match(rf"^{new}\s+(?:handles|does|takes\s+care\s+of|is\s+in\s+charge\s+of|is\s+doing|handle|do)\s+"
                 rf"(?P<obj>[\w\s'-]+?)\s+now$", c, re.I)
    if m and h.duty and _duty_named(h, m.group("obj"), r.text) and not _shares(h, m.group("new")):
        r.named_new = True
        return NEWS
    m = re.match(rf"^{_MINE}\s+(?P<phrase>(?:new\s+)?[\w-]+(?:\s+[\w-]+){{0,2}}?)(?:\s+(?:on\s+paper|officially|"
                 rf"actually|these\s+days))?\s+is\s+(?:now\s+)?{new}(?P<rest>(?:\s+now|\s+these\s+days|\s+from\s+now\s+on"
                 rf"|\s+instead|,\s*not\s+{who})*)$", c, re.I) or re.match(
                 rf"^{new}\s+is\s+(?:now\s+)?{_MINE}\s+(?P<phrase>(?:new\s+)?[\w-]+(?:\s+[\w-]+){{0,2}}?)"
                 rf"(?P<rest>\s+now)?$", c, re.I)
    if m and _same_role(h, m.group("phrase")) and not _shares(h, m.group("new")):
        if m.groupdict().get("who") and not person(m.group("who")):
            return REFUSE
        if marker or m.groupdict().get("who") or r.left or r.weak_left:
            r.named_new = True
            return NEWS
        return SEEN
    if m and _role_words(m.group("phrase").replace("new ", "")) not in (None, h.role):
        return REFUSE  # "Patel retired, so my dentist is now Dr. Kim": another role's news
    m = re.match(rf"^(?:i|we|the\s+user|user)\s+(?:now\s+)?(?:reports?|am\s+reporting)\s+(?:directly\s+)?to\s+{new}"
                 rf"(?:\s+now)?$", c, re.I)
    if m and h.role[-1] == "manager" and len(h.role) == 1 and not _shares(h, m.group("new")):
        if marker or r.left or r.weak_left:
            r.named_new = True
            return NEWS
        return SEEN
    m = re.match(rf"^{_USER}?\s*(?:have\s+)?(?:switched|changed|swapped)\s+(?P<phrase>[\w-]+)s(?:\s+to\s+{_NEW})?$"
                 rf"|^(?:{_USER}\s+)?(?:have\s+)?(?:got|found|have|registered\s+with)\s+a\s+new\s+(?P<phrase2>[\w-]+)"
                 rf"(?:,?\s+{_NEW}(?:\s+(?:at|in)\s+{_NAME})?)?$"
                 rf"|^(?:i|we|the\s+user|user)\s+(?:now\s+)?{_SEE}\s+a\s+(?:different|new)\s+(?P<phrase3>[\w-]+)(?:\s+now)?$",
                 c, re.I)
    if m and _same_role(h, m.group("phrase") or m.group("phrase2") or m.group("phrase3")) and not mentions_stored:
        r.named_new = True
        return NEWS
    m = re.match(rf"^(?:i|we|the\s+user|user)\s+(?:now\s+)?(?:{_SEE}|have|take\s+(?:[\w']+\s+){{1,2}}to)\s+{new}"
                 rf"(?:\s+(?:in|at|on)\s+{_CAP}[\w\s]*)?(?:\s+now|\s+instead)?$", c, re.I)
    if m and not _shares(h, m.group("new")) and not m.group("new").lower() in ("me", "i", "we"):
        r.bare_new = True
        return NEWS
    m = re.match(rf"^{new}\s+(?P<does>(?:manages|supervises|coaches|trains|tutors|teaches|mentors|represents|advises|"
                 rf"cleans\s+for)\s+(?:me|us)|cuts\s+my\s+hair|walks\s+the\s+dog)(?:\s+now)?$", c, re.I)
    if m and h.role[-1] in _DOES[re.sub(r"\s+(?:me|us)$", "", m.group("does").lower())].split() and marker:
        if not _shares(h, m.group("new")) and len(h.role) <= 1 + (h.role[0] == "dog"):
            r.named_new = True
            return NEWS
    m = re.match(rf"^(?:the\s+)?(?P<obj>[\w\s-]+?)\s+is\s+(?:now\s+)?(?P<new>my|{_NAME}'s)\s+(?:job|responsibility|chore)"
                 rf"(?:\s+now)?$", c, re.I)
    if m and h.duty and marker and _duty_named(h, m.group("obj"), r.text):
        if not _shares(h, "i" if m.group("new").lower() == "my" else m.group("new")[:-2]):
            r.named_new = True
            return NEWS
    if re.fullmatch(rf"{_NEW}(?:\s+(?:at|in)\s+{_NAME})?", c, re.I) and len(c.split()) > 1 and not _shares(h, c):
        return SEEN  # "We got a new vet: Dr. Brown"
    if re.match(rf"^{who}\s+is\s+(?:just|only|now)\s+{_MINE}\s+[\w\s-]+$", c, re.I):
        return SEEN  # "Jordan is just my project lead"
    return REFUSE if mentions_stored else ""


def role_holder_changed(existing: str, incoming: str) -> tuple[Holding, str] | None:
    """(the stored holding, the incoming text) when the incoming memory says its holder changed."""
    if len(incoming) > 320 or "\n" in incoming.strip():
        return None
    h = stored_holding(existing)
    if h is None or _REFUSE.search(_without_correction(incoming)):
        return None
    if set(re.findall(r"[a-z][a-z'-]*", incoming.lower())) & (lx.EVENT_FRAME_WORDS | _UNREAL):
        return None  # a story, a dream, a game, someone else's words
    r, told = _Reading(text=incoming.lower()), False
    for clause in _clauses(incoming):
        said = _read(h, clause, r)
        unread = not said and not passes_by(clause)  # after the news: "The reorg got cancelled."; before: "Yeah right,"
        if said == REFUSE or told and (unread or takes_back(clause)) or not told and unread and frames_what_follows(clause):
            return None  # an unread clause after the news may take it back, a fragment before it frame it
        told = told or said == NEWS
    changed = r.left or r.named_new or (r.weak_left and r.bare_new)
    return (h, incoming) if changed else None


def _without_correction(incoming: str) -> str:
    """The incoming text without the denials that name a change (", not <Name>", "I don't see <Name> anymore")."""
    text = expand_contractions(incoming.replace("\u2019", "'"))
    text = re.sub(rf"\b(?:i|we)\s+(?:do\s+not|no\s+longer)\s+{_SEE}\s+{_NAME}(?:\s+any\s?more)?(?=[.;,]|$)"
                  rf"|\b{_NAME}\s+is\s+not\s+{_MINE}\s+[\w-]+(?:\s+any\s?more)?(?=[.;,]|$)"
                  rf"|\b{_NAME}\s+does\s+not\s+work\s+(?:there|(?:at|for)\s+(?:the|my|our|us)(?:\s+\w+)?)\s+any\s?more",
                  "", text, flags=re.I)
    return re.sub(rf",\s*not\s+{_NAME}(?=[.;,]|$)", "", text)


def by_role_holder(existing: str, incoming: str) -> Contradiction | None:
    """The verdict of `role_holder_changed`: the stored holder no longer holds the role."""
    found = role_holder_changed(existing, incoming)
    if found is None:
        return None
    h, text = found
    subject = f"user {' '.join(h.role)}"
    return Contradiction("value", subject, h.holder, clip(text), f"{' '.join(h.role)!r} is no longer held by "
                         f"{h.holder!r}: {clip(text)!r} (existing: {clip(existing)!r})")
