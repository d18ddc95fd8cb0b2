"""Lines whose own markup says they are not (yet) true, and values that swallowed markup (pure logic).

A pasted change record "api port changed from 8080 to 9090" names the stored value as displaced; the
same record can say in its own markup that it did not happen, or not yet:
* struck out: "~~api port changed from 8080 to 9090~~ (cancelled)", "- ~~name changed from Alex to Sam~~"
  (the whole line struck, nothing after the strike but a bracket or a sign);
* an open to-do box: "- [ ] phone changed from 555-0101 to 555-0199", "☐ ...", "* [ ] ...", "1. [ ] ...";
* a status tag of its own, before or after: "... to 9090 (rejected)", "[proposed] ...", "(pending review)",
  "(draft)", "(wontfix)", "(declined)", "(undone)", "(idea)", "(example)", "WIP: ...", or a status sign
  at either end ("⏳ ...", "✗ ... ", "... ❌");
* commented out: a line that opens with "//", "-- ", "; ", "/*" or "<!--".
Such a line is not a statement of the current state. attack67 (blind) found `displaced` reading these
lines as the change itself, its B swallowing the markup ("9090~~", "Sam -->", "9090 */", "9090 (rejected)").
Markup on one line can also be about the whole paste (a status line "(proposed)" under the news, a
signature "-- Hans", a comment naming who wrote it), so a memory with such a line is left unread as a
whole, never read with the line cut out. The completed forms stay as they are read: a ticked box "- [x]",
"(merged)", "(done)", "(shipped)" are not status tags here, and a strike of a word inside a line
("editor: ~~vim~~ helix", "- ~~Sertraline 50mg~~ — stopped 1 May") is the user's own edit, read as before.
A quoted line ("> ...") and a code fence are not judged here; "# ..." is a heading in markdown.

Second, a value is words, never markup: a verdict whose old or new value holds a strike, a comment
mark or a to-do box ("9090~~", "Sam -->", "[ ] 9090") read past the markup and is refused
(`swallowed_markup`), whichever rule made it.
"""

from __future__ import annotations

import re

from festinger.core.contradiction.verdict import Contradiction

__all__ = ["has_unasserted_line", "swallowed_markup"]

# Status words of a change that has not happened (yet) or was taken back. "cancelled" is left out: after
# an item ("Netflix (cancelled)") it says the item ended, which is a statement of the current state.
_STATUS = (r"(?:proposed|proposal|suggested|suggestion|rejected|declined|denied|pending|draft|drafted|wip|todo|"
           r"to\s*do|tbd|wontfix|won'?t\s+fix|will\s+not\s+fix|undone|reverted|rolled\s+back|abandoned|withdrawn|"
           r"idea|example|e\.g\.|hypothetical|planned|on\s+hold|blocked|not\s+(?:yet\s+)?(?:merged|done|applied|"
           r"approved|live|true)|not\s+yet|unconfirmed|unapproved|under\s+review|in\s+review|needs\s+review|rfc)")
# "(rejected)", "[pending review]", "(proposed by Sam)", "[DRAFT]": a bracket that holds a status and no more.
_TAG = (rf"(?:\(\s*{_STATUS}(?:\s+(?:review|approval|merge|confirmation|sign-?off|by\s+\w+))?\s*[.!?]?\s*\)"
        rf"|\[\s*{_STATUS}(?:\s+(?:review|approval|merge|confirmation|sign-?off|by\s+\w+))?\s*[.!?]?\s*\])")
# Signs that mark an item pending or refused; a ticked "✅"/"✔" is a done item and is not listed.
_SIGN = r"[\u23f3\u231b\u2717\u2718\u274c\u2716\u274e\U0001f6ab\u2610]"
_BULLET = r"(?:[-*+\u2022]\s+|\d{1,3}[.)]\s+)?"
# A line that leads or ends with a tag or a sign (other brackets and signs may stand beside it).
_STATUS_LINE_RE = re.compile(rf"^\s*{_BULLET}(?:{_TAG}|{_SIGN}|{_STATUS}\s*:\s)"
                             rf"|(?:{_TAG}|{_SIGN})(?:\s*(?:\([^()]*\)|\[[^\[\]]*\]|[^\w\s]))*\s*$", re.I)
# An open to-do box at the head of a line: "- [ ] ...", "[ ] ...", "* [] ...", "1. [ ] ...", "☐ ...".
_OPEN_BOX_RE = re.compile(rf"^\s*{_BULLET}(?:\[\s?\]|\u2610)", re.U)
# A line struck as a whole: nothing after the strike but brackets, signs and stops.
_STRUCK_RE = re.compile(r"^\s*(?:[-*+\u2022]\s+)?(?:~~(?!~).+?~~|<(del|s|strike)>.+?</\1>)"
                        r"(?:\s*(?:\([^()]*\)|\[[^\[\]]*\]|[^\w\s]))*\s*$", re.I)
# Commented out: "// ...", "-- ...", "; ...", "/* ...", "<!-- ..." (a "--" alone is a signature rule).
_COMMENT_RE = re.compile(r"^\s*(?://+\s*\S|--\s+\S|;+\s+\S|/\*|<!--)")
# Markup a value never holds: a strike, a comment mark, an open box, a status sign.
_MARKUP_RE = re.compile(rf"~~|<!--|-->|(?:^|\s)(?:/\*|\*/)(?:\s|$)|\[\s?\]|{_SIGN}|</?(?:del|s|strike)>", re.I)


def _unasserted(line: str) -> bool:
    return bool(line.strip()) and bool(_OPEN_BOX_RE.search(line) or _STRUCK_RE.search(line)
                                       or _COMMENT_RE.search(line) or _STATUS_LINE_RE.search(line))


def has_unasserted_line(text: str) -> bool:
    """Whether a line of the memory is struck, an open to-do, tagged with a status of a change that did not
    (yet) happen, or commented out: the memory is then not read as a statement of the current state."""
    return any(_unasserted(line) for line in text.splitlines())


def swallowed_markup(found: Contradiction | None) -> bool:
    """Whether a verdict's value holds markup ("9090~~", "Sam -->"): the reading ran past the words."""
    return found is not None and any(_MARKUP_RE.search(v or "") for v in (found.old_value, found.new_value))
