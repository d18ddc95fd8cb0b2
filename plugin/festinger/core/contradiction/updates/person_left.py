"""The person in one of the user's roles left it, and someone else holds it now (pure logic): "My
manager is Lena Fischer" / "Lena left, so I report to Marcus Boateng now", "My skip-level manager is
Ana Ruiz" / "Ana Ruiz retired, and my skip-level is now Kevin O'Brien".

A person leaving says nothing on its own ("Lena left" may be for the day, "retired" from a sport),
so the incoming sentence must go on to name who holds the role now, in the present: "I report to
<Name> now", "my <role> is now <Name>", "<Name> is my <role> now". The stored memory is one slot
sentence whose slot is a role a person holds for the user (`ROLE_SLOTS`), the incoming one opens
with that person's name (the whole name, or its first word) and a leaving verb.
"""

from __future__ import annotations

import re

from festinger.core.contradiction.updates.rescheduled import one_sentence

__all__ = ["role_holder_left"]

# Roles one person holds for the user at a time.
ROLE_SLOTS = frozenset(
    "manager boss skip-level supervisor lead advisor adviser mentor doctor dentist therapist coach tutor teacher "
    "landlord landlady gp physician pediatrician accountant lawyer".split())
# Roles one reports to.
_REPORTED_TO = frozenset("manager boss skip-level supervisor lead".split())
_NAME = r"(?-i:[A-Z][a-z]+(?:[-'][A-Z]?[a-z]+)?(?:\s+(?:O'|Mc)?[A-Z][a-z]+)?)"
_STORED_RE = re.compile(rf"^(?:my|(?:the\s+)?user's)\s+(?P<slot>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+is\s+"
                        rf"(?P<name>(?:(?:dr|prof|mr|mrs|ms)\.?\s+)?{_NAME})$", re.I)
_LEFT = r"(?:has\s+)?(?:left(?:\s+the\s+(?:company|team|practice|firm|school|university))?|retired|quit|resigned)"
_NOW_HOLDS = (rf"(?:i|the\s+user)\s+(?:now\s+)?reports?\s+to\s+(?P<new1>{_NAME})(?:\s+now)?"
              rf"|(?:my|the\s+user's|her|his|their)\s+(?P<role>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+is\s+now\s+"
              rf"(?P<new2>(?:(?:dr|prof|mr|mrs|ms)\.?\s+)?{_NAME})"
              rf"|(?P<new3>{_NAME})\s+is\s+(?:my|the\s+user's|her|his|their)\s+"
              rf"(?P<role3>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+now")
_INCOMING_RE = re.compile(rf"^(?P<who>{_NAME})\s+{_LEFT}\s*(?:,\s*(?:so|and)|;|,)\s+(?:so\s+)?(?:{_NOW_HOLDS})$",
                          re.I)


def role_holder_left(existing: str, incoming: str) -> tuple[str, str, str] | None:
    """(role, the stored person, the incoming sentence) when that person left and another holds the role."""
    old, new = one_sentence(existing), one_sentence(incoming)
    if old is None or new is None:
        return None
    o, n = _STORED_RE.match(old), _INCOMING_RE.match(new)
    if o is None or n is None:
        return None
    slot = o.group("slot").lower().split()
    if slot[-1] not in ROLE_SLOTS and slot[0] not in ROLE_SLOTS:
        return None
    stored = [w for w in o.group("name").split() if w.rstrip(".").lower() not in ("dr", "prof", "mr", "mrs", "ms")]
    who = n.group("who").split()
    if who != stored and who != stored[:1]:
        return None  # another person left
    role = (n.group("role") or n.group("role3") or "").lower().split()
    if role and role[0] not in slot and role[-1] not in slot:
        return None  # "... my mentor is now Kim": another role
    if n.group("new1") and not set(slot) & _REPORTED_TO:
        return None  # "I report to Sam now" names a new manager, not a new doctor
    new_person = n.group("new1") or n.group("new2") or n.group("new3")
    if new_person.split()[0] == stored[0]:
        return None
    return " ".join(slot), o.group("name"), new
