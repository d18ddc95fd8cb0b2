"""Events that end a slot of the user's: the words that say it happened, by the slot they end
(residence: a move; employer: a departure), and the words around them that make a memory's
sentences someone else's story, a plan, a scope or old news. Data only; the rules are in
`residence.py` and `jobchange.py`, the sentence gate in `event_sentences.py`."""

from __future__ import annotations

# A home one moves into, closes on or buys ("a house in Boulder"): never a holiday, second or
# rental one (those words are not listed, so "bought a holiday home in Boulder" is not read).
HOME_NOUNS = ("house", "home", "flat", "apartment", "condo", "place", "townhouse", "townhome")
_HOME = r"(?:(?:new|first)\s+)?(?:" + "|".join(HOME_NOUNS) + r")"

# Event phrase -> the slot it ends. Each is a regex fragment read right after the user's subject
# and its adverbs; the place (or employer) follows it.
EVENT_SLOTS: dict[str, str] = {
    r"moved\s+(?:over\s+)?to": "residence",
    r"relocated\s+to": "residence",
    # "moved from Austin to Denver": the new home is the place after "to" (a name before it)
    r"(?:moved|relocated)\s+(?:away\s+)?from\s+(?-i:[A-Z][\w.'-]*)(?:\s+(?-i:[A-Z][\w.'-]*)){0,3}"
    r"(?:,\s+(?-i:[A-Z][\w.'-]*)(?:\s+(?-i:[A-Z][\w.'-]*)){0,2})?\s+to": "residence",
    rf"moved\s+(?:in)?to\s+(?:a|an|our|my|their)\s+{_HOME}\s+in": "residence",
    rf"(?:closed|have\s+closed|'ve\s+closed)\s+on\s+(?:a|an|our|my|their)\s+{_HOME}\s+in": "residence",
    rf"bought\s+(?:a|an|our|my|their)\s+{_HOME}\s+in": "residence",
    r"now\s+lives?\s+in": "residence",
    rf"now\s+lives?\s+in\s+(?:a|an|our|my|their)\s+{_HOME}\s+in": "residence",
    r"(?:am|is|are)\s+now\s+living\s+in": "residence",
    rf"got\s+the\s+keys\s+to\s+(?:a|an|our|my|their)\s+{_HOME}\s+in": "residence",
    rf"settled\s+(?:in|into\s+(?:a|an|our|my|their)\s+{_HOME}\s+in)": "residence",
    r"laid\s+off\s+(?:from|by)": "employer",
    r"let\s+go\s+(?:from|by)": "employer",
    r"fired\s+from": "employer",
    r"sacked\s+from": "employer",
    r"terminated\s+(?:from|by)": "employer",
    r"made\s+redundant\s+(?:at|by|from)": "employer",
    r"resigned\s+from": "employer",
    r"retired\s+from": "employer",
    r"(?:quit|left)\s+(?:my|their|the\s+user's)\s+job\s+(?:at|with)": "employer",
    r"last\s+day\s+at": "employer",
    r"(?:had|finished|worked)\s+(?:my|their)\s+last\s+day\s+at": "employer",
    r"parted\s+ways\s+with": "employer",
    r"(?:am|is)\s+no\s+longer\s+(?:at|with|employed\s+(?:at|by)|working\s+(?:at|for))": "employer",
    r"laid\s+(?:me|the\s+user)\s+off": "employer",
    r"made\s+(?:me|the\s+user)\s+redundant": "employer",
}


# Anywhere in the memory, these make its sentences a story, a quote, a plan or a report of
# someone else's words: no sentence of it is read as the user's event.
EVENT_FRAME_WORDS = frozenset(
    "dream dreamt dreamed dreaming imagine imagined imagining pretend pretending hypothetical hypothetically "
    "story stories novel fiction character characters plot screenplay script scenario roleplay role-play game "
    "joke joking kidding prank wish wished wishes suppose supposing "
    "said says told tells texted texts wrote writes asked asks messaged emailed replied quoted quote claimed "
    "claims according rumor rumour heard".split())
# Old news: a move or a departure said in a memory that dates itself to the past may predate the
# stored fact ("When I was a kid we lived in Leeds. We moved to York.").
EVENT_PAST_PHRASES = (
    "when i was", "when we were", "as a kid", "as a child", "as kids", "growing up", "grew up", "years ago",
    "back in", "back then", "at the time", "in college", "in high school", "at university", "in school",
    "childhood", "used to", "before that", "decades", "long ago", "first job",
    "years later", "a year later", "after college", "after school", "after graduating", "long time ago",
    "that was", "in those days",
)
# A move or a stay that is a scope or a while: a trip, a season, a second home, a commute.
EVENT_SCOPE_WORDS = frozenset(
    "temporarily temporary trip vacation holiday holidays sabbatical semester summer winter visit visiting "
    "staying stay airbnb hotel hostel sublet subletting part-time weekdays weekends commute "
    "commuting second also too both office campus headquarters hq branch back again leave maternity paternity "
    "parental furlough furloughed rehired "
    # a posting for a while, at another employer or in another city ("My secondment is six months.")
    "secondment seconded posting posted rotation placement assignment deployment deployed stint".split())
# An event said to be undone, or a while away from work rather than a departure: "Fortunately the
# decision was reversed", "I appealed and won", "Three weeks off, then back".
EVENT_UNDONE_WORDS = frozenset(
    "reversed reverse rescinded overturned appealed appeal reinstated retracted withdrew withdrawn undo undone "
    "convinced rejoin rejoined rejoining returned return returning hired break trip travel traveling "
    "travelling fly flying flight honeymoon surgery recovery sick".split())
# Not yet, or not a home: a house bought to let, flip or renovate first ("We bought a house in Austin.
# Renting it out."), a resignation still serving its notice ("Three more weeks there", "Leaving at the
# end of the month"). Words, then phrases.
EVENT_NOT_YET_WORDS = frozenset(
    "rent renting rental rented tenant tenants lease leasing landlord invest investing investment flip flipping "
    "renovate renovating renovation renovations remodel remodeling leaving effective serving remaining handover "
    "handing transition transitioning wrapping".split())
EVENT_NOT_YET_PHRASES = ("end of the", "end of month", "more weeks", "more days", "more months", "weeks left",
                         "days left", "months left", "move in", "moving in")
# A "we" that is a company, a team or a group rather than the user's household.
WE_GROUP_WORDS = frozenset(
    "team company startup firm office offices headquarters hq business org organisation organization band "
    "club lab department dept employer store shop restaurant studio agency church school class project "
    "colleagues coworkers co-workers staff".split())
# Events that change a fact of the user's or of a system, named as its cause: "After the reorg, ...",
# "Reorg news: the user's manager is now Kenji". A memory led by one reports the change itself.
CHANGE_EVENT_NOUNS = frozenset(
    "change move migration upgrade switch update breach renovation reorg merger acquisition refactor promotion "
    "raise redesign rewrite cutover rollout relocation renewal".split())
# One-off happenings a habit ends after ("stopped doing yoga after the knee surgery"): a reason, never
# a daily window such as "after dinner" or "after my workout" (rephrase reads only these as a cause).
MISHAP_NOUNS = frozenset(
    "surgery operation injury accident diagnosis crash incident scare breakup divorce stroke concussion illness "
    "burnout fracture".split())
