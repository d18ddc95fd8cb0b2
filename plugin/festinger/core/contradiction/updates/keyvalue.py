"""Two one-line "Key: value" memories with the same key (pure logic).

The memorizer often stores a fact of the user's profile as a bare line, "Timezone: Europe/Berlin"
or "Shell: fish", with no "User's" or "My" in front. The grammar reads no owner there and so no
statement, and a later "Shell: zsh" was never compared. Such a line is only comparable with another
bare line of the SAME key, in a memory that is otherwise the same kind (both memories are that one
line and nothing else), and only when the key names a slot a PERSON holds one of (the lexicon's
`PERSON_SLOT_KEYS`: name, city, timezone, employer, salary, rent, phone, e-mail, birthday, age, and
the OS, editor and shell of the user's own setup, optionally after "current", "primary", "default"
...). Then both lines are the user's profile and the pair is read as "The user's shell is fish" /
"The user's shell is zsh". The grammar and the "may both hold" policy then decide as for any owned
slot: two e-mails, phones, people or plain words may both hold, so they still need an announced change.

Any other key names an attribute of some thing the line does not name: "Price: $20" / "Price: $35",
"RAM: 16 GB" / "64 GB", "Check-in: 3pm" / "4pm", "Timeout: 30s" / "5s" are two products, two hotels,
two systems as often as one thing changed, and the store collects such lines about many things
(the eleventh attack: 44 false positives from giving every key the user as owner). Keys that label
a note ("Note:", "Todo:", "Option A:") or name something one has several of (a meeting, a sister)
are never read either.

After the sixteenth attack: the incoming line may carry the change note the grammar reads on a
"User's city: ..." line ("city: Vancouver (moved in May)"; never "(moved for a semester)").
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.text.scope import CHANGE_NOTE_RE

__all__ = ["LABEL_WORDS", "bare_key_value_pair", "bare_line", "is_person_slot"]

# "OS: Ubuntu 22.04", "Primary email: alice@proton.me", "Keyboard layout: UK"; the key is 1-3 words
# of letters (no digits: "Step 1:", "Option 2:" number items of a list), the value one short phrase.
_LINE_RE = re.compile(r"^([A-Za-z][A-Za-z/&' -]{0,30}?)\s*:\s+(\S[^:\n]{0,80}?)\s*\.?$")
_MAX_KEY_WORDS = 3
_MAX_LINE_CHARS = 200
_MAX_VALUE_WORDS = 6

# A label over a note, not a slot: what follows it is content, several of which may stand side by side.
_LABEL_WORDS = frozenset(
    "note notes todo to-do task tasks question q a answer idea ideas example examples e.g eg quote reminder "
    "tip tips update news fyi summary topic source tag tags option options alternative alternatives plan "
    "plans proposal draft candidate candidates choice step phase pro pros con cons maybe considered "
    "rejected test sample log entry item items comment comments remark warning caution important edit "
    "context goal goals wish wishlist dream hypothesis assumption guess rumor rumour "
    "agenda minutes status action lesson fact facts detail details info misc other previous old former "
    "past history was earlier before backup fallback alt".split())
LABEL_WORDS = _LABEL_WORDS  # also read by led_correction: a note's label is no fact's key
# "Status" labels a note ("Status: in progress"), but these statuses are a person's one slot.
_STATUS_SLOTS = frozenset(("relationship status", "marital status"))
# Things one has several of at once, or that happen more than once: two lines are two of them.
_MULTI_WORDS = frozenset(
    "meeting meetings call appointment event trip flight visit booking reservation deadline task ticket bug "
    "issue pr commit release order purchase payment invoice expense meal dinner lunch breakfast snack "
    "workout run game match class lesson session course book movie film song show podcast album "
    "friend sister brother child kid son daughter cousin colleague coworker contact guest member "
    "pet dog cat project repo repository account server host machine vm container service job "
    "hobby interest skill language tool library dependency plugin extension app device "
    "monday tuesday wednesday thursday friday saturday sunday today tomorrow yesterday weekend".split())
# An announced change or another voice inside the value makes it more than a bare setting.
_VALUE_STOP_RE = re.compile(r"\b(?:not|maybe|or|and|if|unless|was|were|used\s+to|previously|formerly|"
                            r"planned|considering|might|would|could|should|e\.g|example)\b|[?()\[\]\"]", re.I)


def _parse(text: str, *, incoming: bool = False) -> tuple[str, str, str] | None:
    line = bare_line(text, incoming=incoming)
    if line is None:
        return None
    if not is_person_slot(line[0]):
        return None  # "Price", "RAM", "Timeout": an attribute of some thing the line does not name
    return line


def is_person_slot(key: str) -> bool:
    """Whether a line's key names a slot a person holds one of ("city", "current city", "age")."""
    words = key.replace("/", " ").split()
    slot = " ".join(words[1:]) if len(words) > 1 and words[0] in lx.PERSON_SLOT_MODIFIERS else key
    return key in lx.PERSON_SLOT_KEYS or slot in lx.PERSON_SLOT_KEYS


def bare_line(text: str, *, incoming: bool = False, attribute: bool = False) -> tuple[str, str, str] | None:
    """A one-line "Key: value" memory as (key, value, change note), whatever the key names; None for
    anything else, a label over a note ("Todo:") or a key of something one has several of (with
    `attribute`, a named attribute of such a thing passes: "Session timeout", "UI language")."""
    if len(text) > _MAX_LINE_CHARS:
        return None  # one short line or nothing: huge inputs cost nothing here
    text = text.strip()
    if not text or "\n" in text:
        return None
    m = _LINE_RE.match(text)
    if m is None:
        return None
    key = " ".join(m.group(1).lower().split())
    value, note = m.group(2).strip(), ""
    found = CHANGE_NOTE_RE.search(value) if incoming else None
    if found is not None:  # "city: Vancouver (moved in May)": the change announced, as the grammar reads it
        value, note = value[:found.start()].strip(), value[found.start():]
    words = key.replace("/", " ").split()
    if not words or len(words) > _MAX_KEY_WORDS or len(value.split()) > _MAX_VALUE_WORDS:
        return None
    several = set(words) & _MULTI_WORDS and not (attribute and len(words) > 1)
    if (set(words) & _LABEL_WORDS or several) and key not in _STATUS_SLOTS or (
            words[0] in ("user", "user's", "my", "the", "our", "we")):
        return None  # "User's OS: ..." is read by the grammar itself
    if _VALUE_STOP_RE.search(value):
        return None
    return key, value, note


def bare_key_value_pair(existing: str, incoming: str) -> tuple[str, str] | None:
    """Both memories rewritten as the user's slot ("The user's OS is Ubuntu 22.04."), or None unless
    each memory is one bare "Key: value" line and the two keys are the same."""
    old, new = _parse(existing), _parse(incoming, incoming=True)
    if old is None or new is None or old[0] != new[0] or old[1].lower() == new[1].lower():
        return None
    key = old[0]
    if new[2]:
        return f"The user's {key} is {old[1]}.", f"User's {key}: {new[1]}{new[2]}"
    return f"The user's {key} is {old[1]}.", f"The user's {key} is {new[1]}."
