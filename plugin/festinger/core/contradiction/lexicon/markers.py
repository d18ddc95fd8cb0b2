"""Sentence-level markers: past, plans and hedges, additions, reporting frames, present-time words."""

from __future__ import annotations

# A sentence containing any of these is about the past: it must not be compared with present state.
HISTORY_WORDS = frozenset(
    "previously formerly originally initially earlier before until till ago yesterday was were had "
    "did once prior".split()
)
HISTORY_PHRASES = (
    "used to", "in the past", "back then", "at the time", "at that time", "last week", "last month",
    "last year", "last time", "last night", "prior to", "moved from", "migrated from", "switched from",
    "changed from", "has been", "have been", "had been", "no more than",
)
# A time scope such as "in 2021" or "as of 2024" makes the statement period-bound.
YEAR_SCOPE_WORDS = ("in", "since", "until", "till", "as of", "by", "before", "after", "from", "during", "through")

# Modality, intention, advice, hedging and conditions: not a statement of current fact.
MODAL_WORDS = frozenset(
    "will would should could might may must shall can cannot ought plans plan planning planned intends "
    "intend hopes hope aims aim tries trying considering considers thinking soon later tomorrow "
    "eventually upcoming recommend recommends recommended suggest suggests suggested advise advises "
    "probably maybe perhaps possibly likely unlikely apparently presumably supposedly seems seem seemed "
    "appears appear appeared guess guesses assume assumes assumed suspect suspects unsure unclear "
    "reportedly allegedly if unless whether whenever assuming suppose supposing while when otherwise "
    "wish wishes hypothetically ideally expected".split()
)
MODAL_PHRASES = (
    "going to", "wants to", "want to", "needs to", "need to", "has to", "have to", "supposed to",
    "about to", "would like", "i think", "we think", "not sure", "in case", "next week", "next month",
    "next year", "next sprint", "next release", "is to be", "are to be", "asked whether", "asked if",
    "wonders", "wondered", "thinks", "believes", "believe",
)
# The modal table as texted: intention and need said without "going to" / "want to" / "have to".
TEXTING_MODALS = frozenset("gonna gotta wanna imma ima finna tryna hafta hafto needa oughta".split())
# "don't", "doesn't", "didn't" as texted: the same words, without their apostrophe.
TEXTING_NEGATIONS = frozenset("dont dnt doesnt didnt".split())
# Additive or partial statements: they add to what is known rather than replace it.
ADDITIVE_WORDS = frozenset(
    "also too additionally another both either neither nor only just mostly mainly partly partially "
    "sometimes occasionally usually often rarely among including includes e.g. etc such".split()
)
ADDITIVE_PHRASES = ("as well", "in addition", "not only", "not just", "other than", "apart from", "except")

# "The user corrected this: ..." style framing written by memory summarisers.
CORRECTION_REPORTING = ("corrected", "corrects")
# Reporting frames that are stripped before parsing ("User mentioned that ...").
REPORTING_VERBS = (
    "said", "says", "mentioned", "mentions", "stated", "states", "confirmed", "confirms", "noted", "notes",
    "explained", "explains", "reported", "reports", "indicated", "indicates", "specified", "specifies",
    "clarified", "clarifies", "told the agent", "told me", "told us", "informed the agent", "shared",
)
# Words that only assert the present and can be dropped.
PRESENT_WORDS = frozenset("now currently today presently still anymore".split())
PRESENT_PHRASES = ("at the moment", "at present", "these days", "right now", "as of now", "as of today",
                   "from now on", "any more", "for now", "after all")  # "after all": against an earlier belief, of now
# Words that scope a value to a time or a habit: "tea afternoons", "fish Fridays", "office twice a
# week". A value holding one is a habit beside another, never a replacement of it.
TIME_SCOPE_WORDS = frozenset(
    "today tonight tomorrow yesterday weekdays weekends workdays mornings afternoons evenings nights daily "
    "weekly monthly yearly usually sometimes mostly mainly occasionally twice once thrice winters summers "
    "springs autumns matchdays holidays mondays tuesdays wednesdays thursdays fridays saturdays sundays "
    "starting until while during except indoors outdoors".split())
# How often a habit happens, said at the end of the stored sentence ("drinks coffee every morning",
# "goes to CrossFit three times a week"): the habit's rhythm, never a thing of its own.
FREQUENCY_PERIODS = frozenset(
    "morning mornings evening evenings night nights day days afternoon afternoons week weeks weekend weekends "
    "weekday weekdays month months year years lunchtime monday tuesday wednesday thursday friday saturday "
    "sunday".split())
FREQUENCY_ADVERBS = frozenset("daily nightly weekly monthly".split())
FREQUENCY_COUNTS = frozenset("once twice thrice two three four five six seven 2 3 4 5 6 7".split())
