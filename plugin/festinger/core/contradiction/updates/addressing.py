"""How the user wants to be called and answered, said as the slot it sets (pure logic).

"The user prefers to be called Tom" and "The user asked to be called Thomas from now on instead of
Tom" both set the user's preferred name; "Reply to me in English" and "From now on, please reply in
Spanish" both set the language the agent replies in. The grammar reads none of these (a wish, an
imperative), so both memories are rewritten to "the user's preferred name is Tom" and "the user's
reply language is English", and the usual slot and value comparison decides (names that may be
one name, "Tom" / "Thomas", only conflict when the old one is named as replaced).

Only the user's own wish is read ("the user" or "I"/"me"), and only a whole sentence of that shape:
"Reply to this email in Spanish" or "Call me Tom at work" say something narrower.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.places import is_known_place

__all__ = ["as_address_slot"]

_TAIL = r"((?:\s+now|\s+from\s+now\s+on|\s+instead\s+of\s+[^,;]{1,30}|,\s+not\s+[^,;]{1,30})*)\s*[.!]?$"
# "The user prefers to be called Tom", "The user asked to be called Thomas", "I'd like to be called Sam".
_CALLED_RE = re.compile(
    r"^((?i:(?:the\s+)?user|i))\s+(?i:prefers|prefer|wants|want|asked|asks|would\s+like|likes|like)\s+to\s+be\s+"
    r"(?i:called|addressed\s+as)\s+([A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*){0,2})" + _TAIL)
# "The user now goes by Kate", "I go by Sam".
_GOES_BY_RE = re.compile(r"^((?i:(?:the\s+)?user|i))\s+(?i:now\s+)?(?i:goes|go)\s+by\s+([A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)?)"
                         + _TAIL)
# "Reply to me in English", "Please always answer in Spanish", "Respond in German".
_REPLY_RE = re.compile(r"^(?:please\s+)?(?:always\s+)?(?:reply|respond|answer|write)(?:\s+to\s+me)?\s+in\s+([a-z]+)"
                       + _TAIL, re.I)


def _not_a_name(value: str) -> bool:
    """"goes by Amtrak / Uber / Paris": how or where one travels, never a name (the twenty-seventh attack)."""
    low = value.lower()
    return low in lx.TRANSPORT_MEANS or is_known_place(low)


def as_address_slot(sentence: str) -> str:
    """The sentence as "the user's preferred name / reply language is ...", or as it is."""
    s = sentence.strip()
    for pattern in (_CALLED_RE, _GOES_BY_RE):
        m = pattern.match(s)
        if m and not (pattern is _GOES_BY_RE and _not_a_name(m.group(2))):
            owner = "my" if m.group(1).lower() == "i" else "the user's"
            return f"{owner} preferred name is {m.group(2)}{m.group(3)}"
    m = _REPLY_RE.match(s)
    if m and m.group(1).lower() in lx.LANGUAGES:
        return f"the user's reply language is {m.group(1)}{m.group(2)}"
    return sentence
