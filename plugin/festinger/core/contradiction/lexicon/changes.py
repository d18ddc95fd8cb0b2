"""Words of a change said with a verb that names the old value: the ending verbs by what they may
end, the stored verbs that only hold a taste, and the words that make a change partial, passing or
undone. Data only; the rule is `named_end.py`."""

from __future__ import annotations

# What a stored verb holds, read by its first word after the subject (lemma). A taste, a wish or a
# piece of knowledge is not ended by giving the thing up ("loves Python" / "quit Python").
TASTE_VERBS = frozenset(
    "like love enjoy prefer hate adore miss want wish need admire follow know remember recommend plan intend "
    "think believe dislike avoid fear collect support root cheer dream hope".split())
# Stored verbs of holding a job or a home: only a departure ends them ("sold Acme" may be a
# founder selling a company the user still works at).
WORK_VERBS = frozenset("work employ".split())
HOME_VERBS = frozenset("live reside stay base".split())
# Stored verbs of owning or keeping a thing: what "sold", "rehomed", "got rid of" may end.
OWNING_VERBS = frozenset("drive ride have own lease rent use wear keep run carry play".split())
# Stored verbs a subscription or a membership is held by: what "cancelled" may end.
SUBSCRIBING_VERBS = frozenset("subscribe have use get pay be go attend".split())
# Stored verbs of a use or a practice: what "quit", "gave up", "stopped", "is off" may end ("sells
# coffee" and "roasts coffee for a living" are a trade, not a use one quits).
USING_VERBS = frozenset(
    "use take drink eat play do smoke learn study attend go subscribe wear ride drive have own practice practise be "
    "slot see code write run watch read listen knit bike cycle swim commute work employ".split())
# What a stored "for <X>" names as the part of a stack a tool is ("Slack for chat", "Redis for
# caching"); any other purpose ("Firefox for banking") is a use of its own a switch may leave.
TOOL_ROLES = frozenset(
    "ci cd orm cache caching queue queues frontend backend server hosting auth email dns storage chat database db "
    "messaging search logging monitoring builds deploys deployment everything".split())
TOOL_VERBS = frozenset("use run host".split())
# Words of a new job: a departure followed by anything else ("left Acme and is now a member at
# Globex Gym") may have been from a gym, a club or a platform of that name.
JOB_WORDS = r"joined|job|work\w*|role|position|started|hired|employ\w*|company|firm|team|offer"
# Slots that name a place one belongs to: "left" ends them ("My gym is Planet Fitness").
ORG_SLOTS = frozenset(
    "employer company team squad club gym church school university college lab group band firm org "
    "organisation organization agency studio department membership".split())
# A stored slot that is a taste, a first or a former one, or not the user's now; and a place (where
# the user lives is the residence rules' to read: "home town: Leeds" / "moved from Leeds to London").
NOT_HELD_SLOTS = frozenset(
    "favorite favourite first former previous old dream ideal hometown birthplace birth childhood native "
    "origin past home town city country university college school place location".split())
# People, pets and children as the thing a switch or an ending acts on: "switched my son from X to
# Y" is the son's change, not the user's.
DEPENDANTS = frozenset(
    "son sons daughter daughters kid kids child children baby wife husband partner spouse girlfriend "
    "boyfriend mother father mom mum dad parents sister brother dog dogs cat cats pet pets puppy kitten "
    "roommate roommates friend friends colleague colleagues coworker coworkers boss manager".split())
# Words that say a change is partial, passing, undone, elsewhere or someone else's: anywhere after
# the change verb, they leave the stored fact standing ("switched to Zed for a week, then back").
UNDOING_WORDS = (
    r"back\w*|fell\s+through|for\s+(?:like|about|just)|again|still|also|too|both|either|temporar\w*|trial|testing|"
    r"test|try|tried|trying|while|until|till|but|except|only|when|kids?|child|childhood|teens?|teenager|growing|"
    r"grew|whenever|sometimes|occasionally|partly|partially|mostly|weekends?|weekdays?|pairing|"
    r"returned|reverted|rejoined|resumed|restarted|relapsed|later|nearly|almost|not|never|no|n't|"
    r"for\s+(?:a|one|two|three|a\s+few|\d{1,2})\s+(?:days?|weeks?|months?|while|bit)|"
    r"at\s+(?:work|school|the\s+office)|for\s+(?:work|school|class|clients?)|on\s+(?:the\s+)?side|"
    r"side\s+projects?|personal|if|unless|maybe|probably|might|would|could|should|will|plan\w*|thinking|"
    r"considering|want\w*|hope\w*|going\s+to|said|says|told|asked|my\s+"
    r"(?:wife|husband|partner|son|daughter|kids?|friend|brother|sister|mom|dad|boss|colleague)")
# What a sentence may open with before the change: a news label, said to nobody in particular.
NEWS_LEADS = r"(?:turns\s+out|update|fyi|heads\s+up|news|so|ok|okay|well|btw)\s*[:,-]?\s+"
# What a stored "for <X>" / "at <X>" scopes a use to ("Chrome for work", "Teams for class", "Windows
# at work"): a switch that does not name it leaves that use standing.
SCOPE_WORDS = frozenset(
    "work job school class classes college university uni office clients client gaming games fun personal side "
    "weekends weekend travel backups testing staging dev development production prod local home hobby hobbies "
    "journaling writing music photos email newsletters".split())
# A stored verb in the past holds nothing now ("grew up in Denver", "went to college in Boston");
# "-ed" words that are no past tense are listed apart.
PAST_VERBS = frozenset(
    "grew went came got took made gave left bought sold did had was were began met saw ran wrote spent drove rode "
    "taught studied lived worked used moved".split())
NOT_PAST = frozenset("need needs feed feeds speed shred bleed seed embed".split())


def past_form(word: str) -> bool:
    """Whether a lower-case word reads as a verb in the past: listed, or "-ed" and no listed exception."""
    return word in PAST_VERBS or (word.endswith("ed") and word not in NOT_PAST)


# "the Premium plan", "a family plan", "my data plan": the noun, which is no plan of the user's
# (the hedge words list the verb "plan"); read as "tier" before the hedge checks.
NOUN_PLAN = (r"\b((?:the|a|an|my|our|their|her|his|this|that)\s+(?:[\w-]+\s+){0,2})plan(s?)\b"
             r"(?!\s+(?:to|on)\s+(?!(?:the|a|an|my|our|their|her|his)\b)[a-z])")
# A while or an occasion: "quit coffee for Lent", "left Acme for Christmas", "for the summer".
PERIOD_WORDS = frozenset(
    "lent ramadan christmas easter thanksgiving holiday holidays vacation summer winter spring fall autumn week "
    "weekend month year day days weeks months while now good time being break trip semester term season".split())
# Ways of getting around that one takes ("takes the bus"): "quit the bus" is no use given up.
TRANSPORT = frozenset("bus train subway tube metro tram ferry shuttle taxi cab uber lyft".split())
# A thing that stands in for the held one for a while, or another of its kind kept beside it ("swapped
# the Civic for a loaner", "returned the Kindle, the spare one"): no replacement of the held thing.
STAND_IN_WORDS = frozenset("loaner loaners rental rented borrowed spare temporary courtesy gift backup "
                           "second extra broken".split())
# Nouns that name a setting, mode or part of a thing, never another thing of its kind ("switched to
# airplane mode", "upgraded to 16GB RAM", "converted to LPG").
SETTING_NOUNS = frozenset("mode modes theme setting settings version edition release update plan tier card "
                          "membership layout profile ram memory storage ssd drive battery engine screen display "
                          "statements billing account silent loud dark light night focus".split())
# Slots that ARE a tier or a version, which an upgrade changes ("My plan was upgraded to Premium"); any other
# thing upgraded keeps itself and changes its tier or parts ("My gym was upgraded to Black Card").
TIER_SLOTS = frozenset("plan tier level subscription membership version package edition class rank grade seat "
                       "fare license licence".split())
