"""The digits a phone number dials, read from how it is written (pure logic).

A phone number is what it dials: spacing, dashes, dots and brackets are format ("415.555.0132" is
"(415) 555-0132"), and the letters of a vanity number stand for the keypad digits they share a key
with (ITU E.161: ABC 2, DEF 3, GHI 4, JKL 5, MNO 6, PQRS 7, TUV 8, WXYZ 9), so "1-800-FLOWERS" is
"1-800-356-9377". Vanity numbers are a North American custom: letters are read only after a
three-digit area code (with or without the trunk "1"), the number is its seven digits after it, and
letters past the seventh are not dialled ("1-800-CONTACTS" is "1-800-266-8228").

`PHONE_TEXT_RE` is the shape the grammar reads as a phone number under a phone slot (`numbered`);
`comparison` compares two values of any other slot ("work number", "hotline number") as phone
numbers when both read as phone numbers here, so a trunk "1-" or vanity letters are never a change.
"""

from __future__ import annotations

import re

__all__ = ["PHONE_TEXT_RE", "dialled"]

PHONE_TEXT_RE = re.compile(r"^\+?[\d()][\d() .\-]{5,24}$")
_VANITY_RE = re.compile(r"^(?:\+?(1)[ .-]?)?(?:\((\d{3})\)|(\d{3}))[ .-]?([A-Z\d]+(?:[ .-][A-Z\d]+)*)$")
_KEYPAD = str.maketrans({c: str(k) for k, letters in enumerate(
    ("", "", "ABC", "DEF", "GHI", "JKL", "MNO", "PQRS", "TUV", "WXYZ")) for c in letters})


def dialled(text: str) -> str | None:
    """The digits a phone number written as `text` dials, or None when it is no phone number."""
    text = text.strip()
    if PHONE_TEXT_RE.match(text):
        digits = "".join(c for c in text if c.isdigit())
        return digits if 7 <= len(digits) <= 15 else None
    m = _VANITY_RE.match(text)
    if m is None:
        return None
    local = re.sub(r"[ .-]", "", m.group(4))
    keys = local[:7]
    extra = local[7:]
    if len(keys) < 7 or (extra and not extra.isalpha()) or not any(c.isalpha() for c in keys):
        return None  # too short, digits past the seventh, or no letter at all (not a vanity number)
    return (m.group(1) or "") + (m.group(2) or m.group(3)) + keys.translate(_KEYPAD)
