"""Words of the life events that end a stored fact: a relationship ended, a pet or a person who
died, a habit quit, a status ended (graduated, retired, the baby born). Data only: the rules are
in `events`, `event_context` and `quitting`. Imported by its module path (not gathered in
`lexicon/__init__`) so that it merges beside other helpers' lists."""

from __future__ import annotations

# The user's partner by role, and which relationship each role names.
MARRIED_ROLES = frozenset("wife husband spouse".split())
DATING_ROLES = frozenset("girlfriend boyfriend".split())
ENGAGED_ROLES = frozenset("fiance fiancee fiancé fiancée".split())
ANY_ROLES = frozenset(("partner",))
PARTNER_ROLES = MARRIED_ROLES | DATING_ROLES | ENGAGED_ROLES | ANY_ROLES
# The stored relationship (what "is <rel> to/with" or the role says) -> its family.
RELATIONSHIP_FAMILY: dict[str, str] = {
    **{r: "married" for r in MARRIED_ROLES}, "married": "married",
    **{r: "dating" for r in DATING_ROLES}, "dating": "dating", "seeing": "dating",
    **{r: "engaged" for r in ENGAGED_ROLES}, "engaged": "engaged",
    "partner": "any", "together": "any", "in a relationship": "any", "a couple": "any",
}
# Which families an ending ends when it names no partner: a divorce ends a marriage only ("I got
# divorced" says nothing of whom the user dates now), a break-up a courtship. A separation never
# ends a marriage ("is married" / "is separated": still married, as three labelled sets say).
ENDING_FAMILIES: dict[str, frozenset[str]] = {
    "divorced": frozenset(("married",)),
    "broke up": frozenset(("dating", "engaged", "any")),
    "split up": frozenset(("married", "dating", "engaged", "any")),
    "split": frozenset(("married", "dating", "engaged", "any")),
    "separated": frozenset(("dating", "engaged", "any")),
}
# ... and when it names the stored partner: a divorce or a break-up from that very partner ends
# whatever the stored relation was called; a separation still not a marriage.
NAMED_ENDING_FAMILIES: dict[str, frozenset[str]] = {
    **{ev: frozenset(("married", "dating", "engaged", "any")) for ev in ("divorced", "broke up", "split up", "split")},
    "separated": frozenset(("dating", "engaged", "any")),
}

# Pets by kind; the young of a kind is that kind ("our puppy Biscuit" is the dog Biscuit).
PET_KINDS: dict[str, str] = {
    "dog": "dog", "puppy": "dog", "pup": "dog", "cat": "cat", "kitten": "cat", "kitty": "cat",
    "rabbit": "rabbit", "bunny": "rabbit", "hamster": "hamster", "guinea pig": "guinea pig",
    "parrot": "parrot", "budgie": "budgie", "bird": "bird", "horse": "horse", "pony": "pony",
    "tortoise": "tortoise", "turtle": "turtle", "snake": "snake", "lizard": "lizard", "gecko": "gecko",
    "ferret": "ferret", "goldfish": "goldfish", "fish": "fish", "rat": "rat", "mouse": "mouse",
    "chinchilla": "chinchilla", "cockatiel": "cockatiel", "canary": "canary", "pet": "pet",
    **{breed: "dog" for breed in ("retriever labrador lab terrier spaniel poodle beagle collie husky dachshund "
                                  "bulldog pug corgi greyhound whippet schnauzer").split()},
}
# Relatives whose death ends "<kin> <Name> lives with us" (never their name: it stays theirs).
KIN = frozenset("grandmother grandfather grandma grandpa granny nan nana mother father mom mum dad "
                "aunt uncle mother-in-law father-in-law".split())
# Family as a memory names it, short forms included ("sis", "bro"): a lead line about one of them
# (`slot_switch`), a line a relative speaks (`change_gates`).
RELATIVES = KIN | frozenset("sis bro sister brother wife husband son daughter cousin grandson granddaughter "
                            "niece nephew".split())
# Words before a pet's kind that keep it one pet ("a golden retriever", "a tabby cat"); never "old",
# "first", "late" or "other", which may make it another one than the stored pet.
NOT_PET_ADJECTIVES = frozenset("old first second previous former late other new childhood family "
                               "neighbour's neighbor's".split())

# Degrees: the words that name one, by group ("finished my MSc" ends "studying for a master's").
DEGREES: dict[str, str] = {
    "phd": "phd", "ph.d.": "phd", "ph.d": "phd", "doctorate": "phd", "dphil": "phd",
    "msc": "master", "m.sc.": "master", "master's": "master", "masters": "master", "master's degree": "master",
    "ma": "master", "mres": "master", "mphil": "master", "mba": "mba", "bsc": "bachelor", "ba": "bachelor",
    "bachelor's": "bachelor", "bachelors": "bachelor", "bachelor's degree": "bachelor", "degree": "degree",
}

# Alcohol (the bare "drink" of "stopped drinking" means it; coffee or soda never).
ALCOHOL = ("beers? wine red\\s+wine white\\s+wine alcohol whisk(?:e)?y vodka gin rum tequila bourbon scotch "
           "cocktails booze liquor spirits sake cider ale lager ipas? prosecco champagne").split()

# Words in any sentence of an incoming memory that make its event not the user's news: a story,
# a dream, a plan, a wish, a hedge, a retraction, a report, a temporary break, a relapse, the past.
CONTEXT_STOPS = (
    r"if|would|could|might|may|maybe|perhaps|probably|possibly|suppose|supposedly|imagine|imagined|pretend|"
    r"dream|dreamt|dreamed|dreaming|nightmare|novel|story|stories|book|movie|film|show|series|game|character|"
    r"episode|chapter|script|scene|play|roleplay|role-play|scenario|hypothetical|hypothetically|joke|joking|"
    r"kidding|prank|rumou?r|fake|false|mistake|misspoke|wrong|wait|actually|almost|nearly|scare|scared|"
    r"worried|afraid|fear|feared|plan|plans|planning|planned|going\s+to|gonna|will|\w+'ll|\w+'d|shall|want|wants|"
    r"won't|wouldn't|couldn't|shouldn't|didn't\s+last|doesn't\s+count|"
    r"wanted|hope|hoping|hopes|considering|thinking|think|wish|try|trying|tried|attempt|attempting|said|says|"
    r"told|tells|according|claims?|claimed|heard|reportedly|again|relapsed?|back\s+together|reconciled?|"
    r"remarried|temporarily|temporary|for\s+now|for\s+a\s+while|lent|dry\s+january|sober\s+october|detox|"
    r"challenge|break|pause|paused|years\s+ago|back\s+in|when\s+i\s+was|as\s+a\s+(?:kid|child|teen|teenager)|"
    r"growing\s+up|childhood|first|previous|former|ex|ex-\w+|used\s+to|once|(?:19|20)\d\d|drunk|hangover|"
    r"hungover|tipsy|lasted|last(?:ed)?\s+long|until|till|only|started|restarted|resumed|slipped|wagon|back\s+on|"
    r"back\s+to|cheat|cheated|except|pregnant|pregnancy|antibiotics|medication|surgery|recovering|still|though|"
    r"although|but|before|prior|not\s+really|not\s+true|not\s+yet|not\s+official|not\s+final|isn't\s+final|yet")
