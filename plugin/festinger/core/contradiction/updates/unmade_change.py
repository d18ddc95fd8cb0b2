"""A change of a slot told as not made (yet): an intention, a need, a possibility, a prohibition, or an
order for later (pure logic).

"gonna change my PIN to 4321", "Needs to change email to b@x.com.", "dont change my zip to 02140",
"change my email to b@x.com on friday": each names the slot and a new value after a change verb, as
"changed my PIN to 4321" does, but no change has happened. Only a change told as done (past, perfect,
"now") or as the current state replaces the stored value; an order with no time ("Cut the meeting to
15 minutes.") is one to the assistant, made as it is said. The readers of a typed value (`anchored`)
and of a chat clause with its time dropped (`asides`) ask this one question:
* a change verb in its base form led by a word of intention, need, possibility or prohibition: the
  modal table (`lexicon.MODAL_WORDS`/`MODAL_PHRASES`: "might", "need to", "want to") with its texting
  spellings (`lexicon.TEXTING_MODALS`: "gonna", "gotta", "imma", "hafta") and the negations, "don't"
  spelled as texted ("dont", "dnt", "DONT") being the same word; a few adverbs may stand between
  ("dont ever change", "prob gonna just move");
* an order (a base-form change verb opening the clause, after "pls") that ends on a time ahead: "on
  friday", "by Friday", "this friday", "friday", "in a week", "in an hour". Never a weekday that is
  the value ("Move the standup to Friday") nor days said as a habit ("on Mondays").
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.text.normalise import alternation

__all__ = ["unmade"]

# Change verbs in their base form (the form an intention, an order or a prohibition takes).
_BASE_CHANGE = ("change move raise lower cut bump increase decrease reduce extend upgrade downgrade switch update "
                "adjust drop push postpone reschedule shift delay double halve set make swap reset up").split()
# The words that lead it: the modal table, its texting spellings, and the negations ("don't" as texted);
# never "got to" ("finally got to change my PIN": a chance taken, the change made).
_LEADS = sorted(set(lx.MODAL_WORDS) | set(lx.MODAL_PHRASES) | lx.TEXTING_MODALS | lx.TEXTING_NEGATIONS
                | {"never", "not", "do not", "does not", "did not", "better", "ought to", "try to", "trying to"})
_BETWEEN = r"(?:(?:just|really|ever|even|def|definitely|prob|probably|still|actually|finally|maybe|also|quickly|go)\s+)*"
_NOT_MADE_RE = re.compile(rf"(?:\b(?:{alternation(_LEADS)})|n't)\s+{_BETWEEN}(?:{alternation(_BASE_CHANGE)})\b", re.I)
# An order: the clause opens on a base-form change verb (after a please).
_ORDER_RE = re.compile(rf"^\W*(?:(?:pls|plz|please|ok|okay|so|and)\s+)*(?:{alternation(_BASE_CHANGE)})\s", re.I)
_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day(?![\w'])"
_COUNT = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|a\s+couple(?:\s+of)?|\d+)"
_PERIOD = r"(?:minute|min|hour|hr|day|week|wk|month|year|yr|fortnight)s?"
# A time ahead closing the order ("... on friday", "... in a week."); a time of the day may follow the day.
_AHEAD_RE = re.compile(rf"(?:\b(?:on|by|this|next|before|till|until|come)\s+)?(?P<day>{_DAY})(?:\s+(?:morning|afternoon|"
                       rf"evening|night))?|\bin\s+{_COUNT}\s+{_PERIOD}\b", re.I)
_VALUE_OF_RE = re.compile(r"\b(?:to|from|at|than)\s*$", re.I)  # "Move the standup to Friday": the day is the value


def unmade(clause: str) -> bool:
    """Whether a clause tells a change as intended, needed, possible, forbidden or ordered for later."""
    if _NOT_MADE_RE.search(clause):
        return True
    if not _ORDER_RE.match(clause):
        return False
    body = clause.rstrip(" \t\n.!")
    for m in _AHEAD_RE.finditer(body):
        if m.end() == len(body) and not _VALUE_OF_RE.search(body[:m.start()]):
            return True
    return False
