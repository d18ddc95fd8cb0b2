"""When a thing is due or ends, said as the slot that holds that date (pure logic).

"The report is due Friday" and "The report deadline was pushed to next Wednesday" name one slot,
the report's deadline; "The contract expires December 31" and "The contract was extended through
June 30" name the contract's end date. The grammar reads "the report deadline is on Friday" as a
weekday of that slot and "the contract end date is December 31" as its one calendar date
(`numbered.parse_date`), so both memories are rewritten to those forms: "is due <day>" ->
"deadline is on <day>", "expires/ends <date>" -> "end date is <date>", and, in an incoming
memory, "was extended through <date>" -> "end date is <date> now". A value that is no day or date
("due soon", "due after the review") is left as written.
"""

from __future__ import annotations

import re

from festinger.core.contradiction.text.cues import Says

__all__ = ["as_date_slot"]

_WEEKDAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
_DATE = rf"(?:{_MONTH}\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}(?:\s+\d{{4}})?)"
_SUBJECT = r"((?:the|my|our|(?:the\s+)?user's)\s+[\w-]+(?:\s+[\w-]+){0,2}?)"
_TAIL = r"(?:\s+(?:next|this)\s+year)?(\s+now)?\s*[.!]?$"
# "The report is due Friday", "The thesis is due on June 30 now".
_DUE_RE = re.compile(rf"^{_SUBJECT}\s+(?:is|are)\s+(?:now\s+)?due\s+(?:on\s+)?(?:(?:next|this)\s+)?"
                     rf"(?:({_WEEKDAY})|({_DATE})){_TAIL}", re.I)
# "The contract expires December 31", "The lease ends on May 31", "The trial runs out June 2".
_ENDS_RE = re.compile(rf"^{_SUBJECT}\s+(?:now\s+)?(?:expires|ends|runs\s+out|runs\s+until|lapses)\s+(?:on\s+)?"
                      rf"({_DATE}){_TAIL}", re.I)
# "The contract was extended through June 30", "The lease has been extended to May 31".
_EXTENDED_RE = re.compile(rf"^{_SUBJECT}\s+(?:was|has\s+been|got|is)\s+(?:now\s+)?extended\s+(?:through|to|until|till)\s+"
                          rf"({_DATE}){_TAIL}", re.I)


def as_date_slot(sentence: str, *, incoming: bool) -> str:
    """The sentence with its due or end date said as that slot's value, or as it is."""
    s = sentence.strip()
    says = Says(s)
    m = _DUE_RE.match(s) if says("due") else None
    if m:
        day = f"on {m.group(2)}" if m.group(2) else m.group(3)
        return f"{m.group(1)} deadline is {day}{m.group(4) or ''}"
    m = _ENDS_RE.match(s) if says("expires", "ends", "runs", "lapses") else None
    if m:
        return f"{m.group(1)} end date is {m.group(2)}{m.group(3) or ''}"
    m = _EXTENDED_RE.match(s) if incoming and says("extended") else None
    if m:
        return f"{m.group(1)} end date is {m.group(2)} now"
    return sentence
