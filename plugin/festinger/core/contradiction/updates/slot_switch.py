"""Everyday ways a user says one slot of theirs has a new value, read as "My <slot> is <value> now" (pure logic).

"Switched my laptop to a MacBook Air.", "Changed my dentist to Dr. Okafor.", "Upgraded my pass to zones
1-4 after we moved further out.", "My new laptop is a MacBook Air.", "Got a new phone: an iPhone 15.",
"New laptop: a MacBook Air", "Phone: an iPhone 15 (was a Pixel 7)", "I now use Redis as my cache.",
"Update: phone is an iPhone 15.", "Phone is an iPhone 15 now." all name the slot and its new value, but
the grammar reads none of them ("new" makes a subject deictic, a change verb with "my X to" is no
statement). This module rewrites such a sentence of the incoming memory, in place, to "My <slot> is
<value> now." and hands both memories back to the statement path, so the grammar's slot keys, its
single-valued slots and the comparer decide as for any announced value; the rest of the memory stays
as written, so its other sentences (a scope line, "I still use the ThinkPad") are read as before.

The rewrite refuses whatever the words leave open:
* only the user's slot: "my X", or "the user ... their X"; never "his X", "our X", "Sam's X";
* a plan, a question, a condition or a hedge never matches (the shapes open the sentence, past tense);
* a value that is a setting or a place of the thing, not a new thing: "to dark mode", "to battery saver",
  "to the garage", "to a prepaid plan" (it must end on a name, a number or a known term, and never start
  with "the" or an owner); a device ("laptop", "phone", "car") only takes a new one said with "a/an" and
  no operating system ("Switched my laptop to Linux" is the same laptop);
* a slot of which people have several ("hobby", "client", "project", a person or a pet), a part or an
  accessory of the slot ("my phone's wallpaper", "phone case" is another key anyway);
* a time-scoped past ("in 2019", "back in college") or a tail that keeps the old one ("but still ...").
"""

from __future__ import annotations

import re
from typing import Callable, Optional

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.lexicon import changes as ch
from festinger.core.contradiction.lexicon.life_events import RELATIVES
from festinger.core.contradiction.grammar.comparison import squash
from festinger.core.contradiction.text.cues import Cue
from festinger.core.contradiction.text.literal import said_alone
from festinger.core.contradiction.text.name_parts import find_part
from festinger.core.contradiction.text.segment import split_sentences
from festinger.core.contradiction.verdict import Contradiction

__all__ = ["as_slot_sentence", "by_slot_switch"]

Detect = Callable[[str, str], Optional[Contradiction]]

_MAX_CHARS = 4000
_LEAD_WORDS = 3  # "Quick gadget update.", "Big news!": a lead sentence, no fact of its own
# A short lead about a relative is no lead: after "Dad switched clinics." or "Mom's building sold." a
# subjectless "New doctor is Dr. Lee." may be theirs (attack60, debatable).
_ABOUT_A_RELATIVE_RE = re.compile(r"^\W*(" + "|".join(sorted(RELATIVES, key=len, reverse=True)) + r")(?:'s)?\s", re.I)
# A cheap gate: every shape below holds one of these words.
_GATE = Cue(r"(?:switched|changed|moved|upgraded|downgraded|updated|swapped|new|now|update|\(was|\(previously)")

_KEY = r"(?P<key>[A-Za-z0-9][\w:/+&-]*(?:\s+[A-Za-z0-9][\w:/+&-]*){0,2})"
_VAL = r"(?P<val>(?:[^,;()?]|,(?=\d{3})){1,60}?)"
# Tails a change may carry: why or when it happened, or what the new one comes with ("zsh with oh-my-zsh");
# never "as ..." ("my browser to DuckDuckGo as the search engine": the new one's role, not the slot).
_TAIL = (r"(?P<tail>\s+(?:after|because|since|with|so)\s+[^;?]{1,120}|\s+(?:last\s+(?:week|weekend|night|month)|"
         r"yesterday|today|this\s+(?:morning|week|month)|recently|finally|over\s+the\s+weekend|a\s+few\s+days\s+ago)"
         r"|\s*[,;\u2013\u2014]\s+[^?]{1,160}|\s+-\s+[^?]{1,160})?")
_END = r"\s*(?:now\s*)?[.!]*\s*$"
_OWNER = r"(?:my|(?:the\s+)?user(?:'s)?\s+(?:has\s+)?[a-z]+\s+(?:their|his|her))"
_CHANGE = r"(?:switched|changed|moved|upgraded|downgraded|updated|swapped)"
_I = r"(?:I\s+(?:have\s+|'ve\s+)?)?(?:(?:just|finally|recently)\s+)?"
_GRADED_RE = re.compile(rf"^{_I}(?:(?:the\s+)?user\s+(?:has\s+)?)?(?:up|down)graded\s", re.I)
# "Update:", "FYI -", a bullet: a lead that says nothing of the slot.
_LEAD_RE = re.compile(r"^(?P<lead>(?:[-*\u2022]\s+)?)(?P<upd>(?:quick\s+)?(?:update|fyi|heads\s+up|news)\s*[:\u2013\u2014-]\s*)?",
                      re.I)
_SHAPES = tuple(re.compile(p, re.I) for p in (
    # "Switched my laptop to a MacBook Air", "The user switched their bank to Ally"
    rf"^{_I}(?:(?:the\s+)?user\s+(?:has\s+)?{_CHANGE}\s+(?:their|his|her)|{_CHANGE}\s+my)\s+{_KEY}\s+(?:over\s+)?to\s+{_VAL}{_TAIL}{_END}",
    # "Swapped my Pixel ... " is the old value's; "Swapped my phone for an iPhone 15" names the slot
    rf"^{_I}swapped\s+(?:out\s+)?my\s+{_KEY}\s+(?:out\s+)?for\s+{_VAL}{_TAIL}{_END}",
    # "My new laptop is a MacBook Air", "My new laptop: a MacBook Air", "New laptop: ..."
    rf"^(?:my\s+)?new\s+{_KEY}(?:\s+is|\s*:)\s+{_VAL}{_TAIL}{_END}",
    # "Got a new phone: an iPhone 15", "I just got a new phone - an iPhone 15"
    rf"^{_I}got\s+(?:a|my)\s+new\s+{_KEY}\s*(?::|,|\s-|\u2013|\u2014)\s*{_VAL}{_TAIL}{_END}",
    # "I now use Redis as my cache", "I use Redis as my cache now"
    rf"^I\s+now\s+use\s+{_VAL}\s+as\s+my\s+{_KEY}{_TAIL}{_END}",
    rf"^I\s+use\s+{_VAL}\s+as\s+my\s+{_KEY}\s+now{_TAIL}\s*[.!]*\s*$",
))
# "Phone: an iPhone 15 (was a Pixel 7)": a key line that names its old value.
_WAS_RE = re.compile(rf"^{_KEY}\s*:\s*{_VAL}\s*\(\s*(?:was|previously|formerly|prev\.?|used\s+to\s+be)\s+[^()]{{1,60}}\)"
                     r"\s*[.!]?\s*$", re.I)
# After "Update:": "phone is an iPhone 15", "my phone is now an iPhone 15".
_UPDATED_RE = re.compile(rf"^(?:my\s+)?{_KEY}\s+is\s+(?:now\s+)?{_VAL}{_TAIL}{_END}", re.I)
# "Phone is an iPhone 15 now.": a bare capitalised slot with "now" at the end.
_NOW_RE = re.compile(rf"^(?P<key>[A-Z][A-Za-z0-9-]+(?:\s+[a-z][a-z0-9-]+){{0,2}})\s+is\s+{_VAL}\s+now\s*[.!]?\s*$")

# Things people hold several of, or people and pets: a new one is one more, never the one replaced.
_SEVERAL = (lx.MULTI_INSTANCE_NOUNS | lx.PERSON_ROLES | frozenset(
    "hobby hobbies interest project projects book books show series game games song album podcast recipe plant habit "
    "goal feature hire member tattoo skill tool app library plugin extension subscription account card course class "
    "job gig side-project favourite favorite fave pal buddy bestie crush thing one toy follower idea".split())) - frozenset(
    "dentist doctor gp physician pediatrician therapist landlord landlady accountant lawyer manager boss "
    "instructor coach mentor professor vet hairdresser barber".split())
_OWNER_WORDS = frozenset("the my our his her their your its this that some another one".split())
_KEY_STOPS = lx.SUBJECT_STOPWORDS | lx.USER_POSSESSIVES | lx.DETERMINERS | lx.DEICTIC_MODIFIERS | frozenset("own way".split())
# Devices: a new one comes with "a/an"; "Switched my phone to T-Mobile / Linux / airplane mode" is the same one.
_DEVICES = frozenset("laptop phone car computer tablet watch smartwatch tv desktop pc console router camera bike "
                     "e-reader ereader kindle headphones earbuds truck van motorcycle scooter printer monitor".split())
# Heads a bare key may have (no "my" says it is the user's slot).
_SLOT_HEADS = (lx.SETTING_HEADS | lx.POSSESSION_NOUNS | _DEVICES | frozenset(w.split()[-1] for w in lx.PHRASE_SLOT_KEYS)
               | frozenset("cuisine pass carrier pharmacy vet salon barber hairdresser supermarket grocer browser "
                           "keyboard mouse airline car commute route time vpn supplier lender clinic practice".split()))
# Words that make the value a setting, a part, a plan or a place of the thing, not a new one of its kind.
_SETTING_WORDS = ch.SETTING_NOUNS | ch.STAND_IN_WORDS | frozenset(
    "saver wallpaper background ringtone view vibrate garage driveway lot parking drawer shelf closet folder cloud "
    "autopay paperless font language ringer cover case keybindings bindings shortcuts colorscheme skin face password "
    "pin signature mono sans serif loop band strap bracelet mount holder dock hub branch location site outlet gpu cpu tires tyres lens charger sim esim policy connector".split())
# Ways to pay that are no bank: "Switched my bank to Zelle" is how the user pays from it.
_PAYMENT_APPS = frozenset("zelle venmo paypal cashapp revolut wise apple-pay".split())
# Values that say when, not which: "Moved my dentist to Tuesdays" is the appointment's day.
_WHEN_RE = re.compile(r"(?<![\w'])(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|"
                      r"jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|"
                      r"nov(?:ember)?|dec(?:ember)?|"
                      r"\d{1,2}(?::\d\d)?\s*[ap]\.?m\.?|\d{1,2}:\d\d|noon|midnight|mornings?|evenings?|weekends?)(?![\w'])", re.I)
_TIME_HEADS = frozenset("time day days slot schedule standup stand-up meeting 1:1 one-on-one sync call class lesson session "
                        "appointment shift practice date deadline hours window".split())
_VALUE_STOPS = frozenset("for in on from as and or but instead too also both still when if while until except "
                         "unless maybe probably soon eventually".split())
# Tails that keep the old one: "Switched my phone to an iPhone 15, but I still use the Pixel for work".
_KEEPING_RE = re.compile(r"(?<![\w'])(?:but|still|also|too|both|kept|keep|keeping|as\s+well|backup|spare|second|"
                         r"only|except|when|while|if|unless|until|for\s+work|for\s+now|temporar\w*|trial|test\w*)(?![\w'])",
                         re.I)
# "Monthly transit pass: zones 1-2", "The user's monthly transit pass is ...": a stored slot of two or three words.
_STORED_KEY_RE = re.compile(r"^\W*(?:(?:the\s+)?user'?s\s+|my\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*){1,2})(?:\s*:|\s+is\s)", re.I)
# Words that make a stored slot one of several: "work laptop", "old phone", "kids' dentist".
_INSTANCE_WORDS = ch.STAND_IN_WORDS | lx.DEICTIC_MODIFIERS | frozenset(
    "work personal home office school gaming travel family kids main primary secondary spare daily weekend".split())
_DESCRIBING_WORDS = frozenset("monthly weekly yearly annual quarterly hourly nightly base total net gross current "
                               "regular usual standard default preferred transit data phone mobile internet broadband "
                               "subscription membership account service".split())
_WAS_NOTE_RE = re.compile(r"\(\s*(?:was|previously|formerly|prev\.?|used\s+to\s+be)\s+[^()]{1,60}\)", re.I)
# A past said with its time: "in 2019", "back in college", "years ago", "last year", "as a student".
_PAST_RE = re.compile(r"(?<![\w'])(?:in\s+(?:19|20)\d\d|back\s+in|years?\s+ago|last\s+year|as\s+a\s+(?:kid|student|teen)|"
                      r"in\s+college|in\s+school|when\s+I\s+was|at\s+the\s+time|used\s+to|planning|going\s+to|"
                      r"plans?\s+to\s+(?:switch|change|move|get|buy|upgrade|downgrade|swap|use|try)|"
                      r"thinking|might|maybe|should|would|will)(?![\w'])", re.I)


def by_slot_switch(existing: str, incoming: str, detect: Detect) -> Contradiction | None:
    """The stored value of a slot replaced by an everyday update of that slot, or None.

    `detect` is the whole detector (handed in by `compare`): the rewritten memory is read by every rule,
    as if the user had said it so, and a verdict counts only when its new value is the rewritten one."""
    if len(incoming) > _MAX_CHARS or not _GATE.search(incoming):
        return None
    said, values = as_slot_sentence(incoming)
    if not values or said == incoming:
        return None
    found = detect(existing, said)
    wider = _stored_key(existing) if found is None else ""
    if wider:  # "Monthly transit pass: zones 1-2" / "Upgraded my pass to zones 1-4": the stored name of the slot
        found = detect(existing, as_slot_sentence(incoming, wider)[0])
    if found is None or another_kind(found.old_value, found.new_value) or _named_again(found.old_value, incoming):
        return None
    new = squash(found.new_value)
    return found if new and any(v in new or new in v for v in values) else None


def another_kind(old: str, new: str) -> bool:
    """Whether a new value is a setting of the stored thing, not another one: it names a setting, a part or
    an accessory ("the Dracula theme", "Vim keybindings", "a Milanese Loop"); a known tool of a listed kind
    replaced by a known name of another kind or of none (a cloud excepted: "AWS" / "GCP" are both where things
    run); or the stored value is a known tool and the new one is not ("Vim" / "Solarized Dark")."""
    words = [w.strip(".,").lower() for w in new.split()]
    if any(w in _SETTING_WORDS or w in _PAYMENT_APPS for w in words):
        return True
    kind = _category(old)
    if kind and kind != "cloud" and (_known(new) or _category(new)) and _category(new) != kind:
        return True  # "Database: PostgreSQL" / "... to AWS" or "to RDS", "Editor: VS Code" / "... to WSL": a host
    return _known(old) and not _known(new) and not any(w in lx.TECH_NAMES for w in words)


def _category(value: str) -> str:
    """The kind of a known tool ("PostgreSQL 16": database), or "" (also for a known tool of no listed kind)."""
    low = value.lower()
    return lx.TECH_CATEGORIES.get(low) or lx.TECH_CATEGORIES.get(low.split()[0] if low.split() else "") or ""


def _named_again(old: str, incoming: str) -> bool:
    """Whether the incoming memory names the stored value again, outside "(was ...)": "Got a new phone: an
    iPhone 15; the Pixel is my backup" keeps the Pixel in some way."""
    rest = _WAS_NOTE_RE.sub(" ", incoming)
    if not any(c.isalpha() for c in old):
        return said_alone(rest, old)  # "$1,800": whole, never by a part ("$1" of "$1,950")
    return find_part(old, rest) is not None or said_alone(rest, old)


def _known(value: str) -> bool:
    return value.lower() in lx.TECH_NAMES or squash(value) in lx.TECH_NAMES


def _stored_key(existing: str) -> str:
    """The stored memory's slot when it opens on one named more fully than a bare noun ("Monthly transit
    pass: ...", "My monthly transit pass is ..."), with no word that makes it one of several ("work", "old")."""
    m = _STORED_KEY_RE.match(existing)
    if m is None:
        return ""
    words = m.group(1).lower().split()
    if any(w in _KEY_STOPS or w in _INSTANCE_WORDS or w in lx.OTHER_PERSON_WORDS for w in words):
        return ""
    # Only a slot named more fully by how it is counted widens: "monthly transit pass" is the pass,
    # "garage rent", "storage unit rent" or "parking space rent" another rent beside the user's own (attack62)
    return " ".join(words) if all(w in _DESCRIBING_WORDS for w in words[:-1]) else ""


def as_slot_sentence(text: str, wider: str = "") -> tuple[str, frozenset[str]]:
    """The memory with each everyday slot update said as "My <slot> is <value> now.", and those values (squashed);
    a one-word slot that is the last word of `wider` (the stored memory's name for it) is said as `wider`."""
    lines, made, before = [], set(), 0
    for line in text.splitlines():
        out, changed = [], False
        for sentence in split_sentences(line):
            # only a sentence that opens the memory (after a short lead such as "Quick update." or a
            # heading line): after "Paced my girlfriend at the marathon." a "New PB: 3:58" may be hers
            said = _rewrite(sentence, wider) if before == 0 else None
            if said is not None:
                made.add(said[1])
                changed = True
            out.append(sentence if said is None else said[0])
            before += (len(sentence.split()) > _LEAD_WORDS or bool(_ABOUT_A_RELATIVE_RE.match(sentence))
                       ) and not sentence.rstrip().endswith(":")
        lines.append(" ".join(out) if changed else line)
    return "\n".join(lines), frozenset(made)


def _rewrite(sentence: str, wider: str = "") -> tuple[str, str] | None:
    """The sentence said as "My <slot> is <value> now." (and its own clause after it), and the value."""
    if "?" in sentence or _PAST_RE.search(sentence):
        return None
    lead = _LEAD_RE.match(sentence)
    body = sentence[lead.end():]
    m = _match_shape(body, bool(lead.group("upd")))
    if m is None:
        return None
    key, value = m.group("key").strip(), m.group("val").strip()
    tail = (m.groupdict().get("tail") or "").strip()
    bare = not re.match(r"(?:i|my|got|new|swapped|switched|changed|moved|upgraded|downgraded|updated|the)\b", body, re.I)
    if not _slot_ok(key, bare) or not _value_ok(key, value) or _KEEPING_RE.search(tail):
        return None
    if _GRADED_RE.match(body) and not _graded_ok(key, value):
        return None
    key = wider if wider and len(key.split()) == 1 and wider.split()[-1] == key.lower() else key.lower()
    said = f"{lead.group(1)}My {key} is {value} now."
    rest = tail.lstrip(",;-\u2013\u2014 ").strip()
    if tail[:1] in ",;-\u2013\u2014" and rest:  # a clause of its own after the change: read as its own sentence
        said += " " + rest[:1].upper() + rest[1:] + ("" if rest[-1:] in ".!" else ".")
    return said, squash(re.sub(r"^an?\s+", "", value, flags=re.I))


def _match_shape(body: str, updated: bool) -> re.Match[str] | None:
    for shape in _SHAPES:
        m = shape.match(body)
        if m is not None:
            return m
    m = _WAS_RE.match(body) or _NOW_RE.match(body)
    if m is None and updated:
        m = _UPDATED_RE.match(body)
    return m


def _graded_ok(key: str, value: str) -> bool:
    """An upgrade gives a new value to a tier, a device or a numbered thing ("my plan to Premium", "my phone to
    an iPhone 15", "my pass to zones 1-4"); anything else upgraded keeps itself ("my airline to Premier Gold")."""
    head = key.lower().split()[-1]
    return head in ch.TIER_SLOTS or head in _DEVICES or any(c.isdigit() for c in value)


def _slot_ok(key: str, bare: bool) -> bool:
    """Whether the words name one slot of the user's; a bare key ("Phone is ... now", "Phone: ... (was ...)")
    only when its head is a known slot noun, so "Sam is a manager now" is never "my sam"."""
    words = key.lower().split()
    if not words or any(w in _KEY_STOPS or w in lx.OTHER_PERSON_WORDS or "'" in w for w in words):
        return False
    if bare and (words[-1] not in _SLOT_HEADS or any(w[:1].isupper() for w in key.split()[1:])):
        return False
    return words[-1] not in _SEVERAL and words[-1].rstrip("s") not in _SEVERAL


def _value_ok(key: str, value: str) -> bool:
    words = value.split()
    if not words or len(words) > 6:
        return False
    low = [w.lower().strip(".") for w in words]
    if low[0] in _OWNER_WORDS or any(w in _VALUE_STOPS or w in _SETTING_WORDS for w in low):
        return False
    if any(w in lx.OTHER_PERSON_WORDS or w.endswith("'s") for w in low):
        return False  # "to Dan's", "to his old one": someone else's, or a place
    head = key.lower().split()[-1]
    if _WHEN_RE.search(value) and head not in _TIME_HEADS:
        return False  # "Moved my dentist to Tuesdays", "my gym to 6am": when, not which
    if head in lx.PERSON_ROLES and any(w.lower().strip(".") in lx.TECH_NAMES for w in words):
        return False  # "Moved my therapist to Zoom": how the sessions are held
    content = words[1:] if low[0] in ("a", "an") else words
    if not content:
        return False
    if head in _DEVICES and (low[0] not in ("a", "an") or any(w.lower() in lx.TECH_NAMES for w in content)):
        return False  # "Switched my laptop to Linux", "my phone to T-Mobile": the same device
    last = content[-1]
    # the value ends on a name, a number or a known term: "a MacBook Air", "zones 1-4", "zsh", "Dr. Okafor"
    return last[:1].isupper() or any(c.isdigit() for c in last) or last.lower() in lx.TECH_NAMES
