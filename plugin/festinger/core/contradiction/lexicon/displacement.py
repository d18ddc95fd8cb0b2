"""Words of the `displaced` rule: what carries a change without being a slot, what a new value
never holds, and the few slot nouns spoken of by other words ("switched allegiance" of a team)."""

from __future__ import annotations

# Words that only carry the change, the correction, the holder or the grammar: never an anchor, and
# never another slot either.
CARRIERS = frozenset(
    "i me my user we us our the a an is are am was were be been being has have had do does did will now actually "
    "currently nowadays today these days anymore any more longer no not instead of rather than from to into onto "
    "over away correction update so just recently last week month year ago this please moved switched changed "
    "migrated renamed transferred ported shifted converted transitioned went upgraded downgraded swapped rescheduled "
    "bumped raised lowered increased reduced cut dropped jumped updated turns out in on at by with for it's "
    "forward going".split())
# Words that add, hedge or scope: an incoming sentence saying one of them is not read at all.
ADDITIVE = frozenset("also too another second both extra additional other else as well only except".split())
# A slot noun and the words that speak of it without naming it ("switched allegiance" of a team, "go
# by" of a nickname, "listen to" of a podcast, "ported my number" of a phone carrier).
SPEAKS_OF = {
    "nickname": {"go", "call", "called"}, "name": {"go", "call", "called"}, "team": {"allegiance", "root", "support"},
    "podcast": {"listen"}, "show": {"watch"}, "carrier": {"number", "phone"}, "phone": {"number"},
    "handle": {"username"}, "username": {"handle"}, "job": {"role", "position"}, "title": {"role"},
}
# Slots `NOT_HELD_SLOTS` keeps from a change that a named displacement still ends: "My favorite team
# is the Lakers" / "I switched allegiance from the Lakers to the Warriors".
HELD_ANYWAY = frozenset("favorite favourite school university college".split())
# Words a name is said without: an institution's kind ("Ridgeview" of "Ridgeview Elementary").
NAME_HEADS = frozenset("elementary school high academy college university institute".split())
# Frequencies are values, not scopes ("hourly instead of every 15 minutes").
FREQUENCIES = frozenset("hourly daily nightly weekly biweekly monthly quarterly yearly annually".split())
# Days as values of a weekly slot ("Thursdays" for "Tuesdays"), not a scope.
DAYS = frozenset("mondays tuesdays wednesdays thursdays fridays saturdays sundays weekdays weekends".split())
# Where a thing is kept that is a place, not a tool ("The office is in Fremont").
PREMISES = frozenset("office warehouse store shop house home apartment flat studio lab headquarters hq factory "
                     "plant branch clinic site campus".split())
# The agent speaking of itself ("My name is Agent Zero, not Sam").
AGENT = frozenset("agent assistant chatbot bot ai llm zero".split())
# Words a new value never holds: the change goes on, is undone or limited ("Emacs but went back",
# "Thursdays until the launch", "SRE temporarily").
NOT_IN_NEW = frozenset("and or but then until till while when after before for except only on in at with "
                       "during via".split())
# Words that make a stored thing a group's, which an incoming "we" may not be.
GROUPS = frozenset("team squad group crew org organization department company division unit club band family "
                   "household".split())
# A stored tail starting with one of these is a scope the change must name ("Chrome for work").
SCOPE_PREPS = frozenset("for at in on during when while".split())
# "is called HomeNet": an "-ed" word after these is a state, not the past.
BE = frozenset("is are am be been".split())
# Endings one stem takes in two memories ("analyst"/"analysis", "nurse"/"nursing").
ENDINGS = frozenset(("", "e", "s", "er", "or", "ing", "ion", "is", "ist", "t", "ment", "al", "y", "ed", "es", "ics"))
# Words skipped before a value when reading the word that frames it ("go to the ...").
DETERMINERS = frozenset("a an the my our his her their its now currently actually".split())
