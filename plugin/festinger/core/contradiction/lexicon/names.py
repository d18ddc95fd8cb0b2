"""Given names and their short forms."""

from __future__ import annotations

# A short form -> every full name it may stand for ("sam" is Samuel or Samantha).
NICKNAMES: dict[str, frozenset[str]] = {}
for _full, _shorts in (
    ("robert", "bob bobby rob robbie bert"), ("william", "bill billy will willy liam"),
    ("james", "jim jimmy jamie"), ("richard", "dick rick ricky rich"), ("elizabeth", "liz lizzy beth betty eliza"),
    ("margaret", "maggie meg peggy greta"), ("katherine", "kate katie kathy kat kit"), ("catherine", "kate katie cathy"),
    ("anthony", "tony"), ("john", "jack johnny"), ("henry", "hank harry"), ("edward", "ted ned eddie ed"),
    ("charles", "chuck charlie"), ("alexander", "sasha sandy"), ("alexandra", "sasha sandy"),
    ("michael", "mike mikey mick"), ("jennifer", "jen jenny"), ("rebecca", "becky becca"),
    ("susan", "sue susie"), ("patricia", "pat patty trish"), ("theodore", "ted teddy theo"),
    ("francis", "frank"), ("frances", "fran"), ("joseph", "joe joey"), ("nicholas", "nick nicky"),
    ("christopher", "chris kit"), ("christine", "chris tina"), ("samuel", "sam sammy"), ("samantha", "sam sammy"),
    ("benjamin", "ben benny"), ("daniel", "dan danny"), ("matthew", "matt"), ("andrew", "andy drew"),
    ("stephen", "steve"), ("steven", "steve"), ("thomas", "tom tommy"), ("david", "dave davy"),
    ("jonathan", "jon jonny"), ("johannes", "hans"), ("giuseppe", "beppe peppe"), ("francesco", "franco"),
    ("aleksandr", "sasha"), ("dmitry", "dima"), ("ivan", "vanya"), ("mikhail", "misha"), ("yevgeny", "zhenya"),
    ("jose", "pepe"), ("francisco", "paco pancho"), ("roberta", "bobbie"), ("ekaterina", "katya"),
    ("theodora", "teddy"), ("antonia", "toni"), ("maria", "mari"),
):
    for _short in _shorts.split():
        NICKNAMES[_short] = NICKNAMES.get(_short, frozenset()) | {_full}

# Titles and name suffixes: part of how a person is addressed, never part of who they are.
NAME_TITLES = frozenset(
    "dr doctor prof professor mr mrs ms mx miss sir dame lady lord rev reverend fr father sr jr ii iii iv "
    "phd md esq mba msc bsc capt captain col gen lt sgt hon".split()
)

# Every given name the nickname table knows, short or full ("Tom", "Thomas"): a person, never a product.
GIVEN_NAMES = frozenset(NICKNAMES) | frozenset(n for full in NICKNAMES.values() for n in full)
