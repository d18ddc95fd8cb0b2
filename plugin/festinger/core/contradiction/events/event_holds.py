"""Whether another sentence of an incoming memory says the fact its event ends still holds (pure logic).

"I retired last month. I work bank shifts.", "I graduated last month. I'm in OSU's PhD program.",
"Our cat died on Monday. I have a kitten.", "I quit cigarettes. I enjoy a cigar on Fridays.",
"Our son was born in April. I'm due in December.": the event is news, and a sentence beside it,
which the grammar reads as the user's own present fact, says in OTHER words that the stored fact
goes on (the twenty-fifth attack: `said_again` only finds the stored words again). Synonyms, young
animals, breeds, abbreviations and plurals have no end, so this reads the other way round: a
present fact of the user's beside an ended status, pet or habit makes the event unsure, unless it
is known to be of ANOTHER domain than the ended fact:

* where the user lives, for every family;
* a job (works at/as/for, "I'm an engineer now"), unless the ended fact is the job itself;
* the role the ending gives ("I'm a mom now!", "I'm a retiree now");
* another kind of pet the lexicon knows ("Our dog died. I have a cat."), for a pet of a kind.

A home, a job or a role said with a word of the ended fact's own domain is not apart ("I live in
Oxford now for my DPhil.", "I live with my other dog in Leeds.").

A feeling or chatter (`retraction.passes_by`) says nothing; a sentence the grammar does not read
is `news_stands`'s to refuse.
"""

from __future__ import annotations

import re

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.lexicon.life_events import ALCOHOL, DEGREES, PET_KINDS
from festinger.core.contradiction.text.retraction import passes_by
from festinger.core.contradiction.text.segment import split_pieces
from festinger.core.contradiction.grammar.statements import Statement, parse_sentence
from festinger.core.contradiction.grammar.values import singular

__all__ = ["holds_beside"]

# The families whose ended fact is the user's work: a job said beside a retirement may be the same one.
_WORK_FAMILIES = frozenset(("working",))
# Kinds that hold other kinds: "a bird" may be the parrot's kind, "a pet" any.
_GENERAL_KINDS = frozenset(("pet", "bird", "fish"))
# A role that is no job: "I'm a PhD candidate now" is a student.
_STUDY_HEADS = frozenset(("student", "candidate", "undergrad", "undergraduate", "postgrad", "fresher"))
# The role an ending gives ("I'm a mom now!" beside the birth, "I'm a retiree now" beside the
# retirement): more news of the end, never the ended fact going on.
_RESULT_ROLES = {
    "pregnant": frozenset("mom mum mother mama mommy dad father parent parents".split()),
    "working": frozenset("retiree pensioner".split()),
    "a student": frozenset("graduate grad alumnus alumna alum".split()),
    "studying for a degree": frozenset("graduate grad alumnus alumna alum doctor".split()),
    "smoking": frozenset("non-smoker nonsmoker ex-smoker".split()),
    "drinking": frozenset("teetotaller teetotaler".split()),
}
# The words of each ended fact's own domain (study, work, pregnancy, pets, tobacco, alcohol).
_STUDY = (r"stud(?:y|ies|ying|ent)|enrol+(?:ed)?|program(?:me)?|school|college|universit\w*|uni|course|class(?:es)?|"
          r"thesis|dissertation|semester|degree|lab|campus|lecture|exams?|grad|undergrad|postgrad|"
          + "|".join(re.escape(d) for d in DEGREES))
_DOMAIN_WORDS = {family: re.compile(rf"(?<![\w'])(?:{words})(?![\w'])", re.I) for family, words in {
    "a student": _STUDY,
    "studying for a degree": _STUDY,
    "working": r"work\w*|jobs?|shifts?|clients?|employ\w*|contract\w*|consult\w*|freelanc\w*|part-time|gigs?|office",
    "pregnant": r"pregnan\w*|expecting|due|weeks?|trimester|bump|midwife|ultrasound|scan",
    "pet": "|".join(re.escape(k) + "s?" for k in PET_KINDS) + r"|vet|animals?",
    "smoking": r"smok\w*|cig\w*|tobacco|pipes?|vap\w*|nicotine|hookah|shisha|snus|snuff|joints?|roll-ups?",
    "drinking": r"drink\w*|alcohol|booze|sober|bars?|pubs?|" + "|".join(ALCOHOL),
}.items()}
# Verbs of having a pet: "I have a cat", "I got a cat", "I adopted a kitten".
_HAVE_RELS = frozenset(("have", "has", "own", "do:got", "do:adopted", "do:own", "do:rescued"))


def _a_job(st: Statement) -> bool:
    """"I work at Honda now", "I work as a nurse", "I'm an engineer now": the user's job."""
    if st.rel.split(":")[0] == "work":
        return True
    head = (st.values[0].norm.split() or [""])[-1] if st.rel == "class" and st.values else ""
    return head in lx.OCCUPATIONS and head not in _STUDY_HEADS


def _other_pet(st: Statement, kind: str) -> bool:
    """"I have a cat" beside the dog's death: another kind the lexicon knows, never a young one,
    a breed of the same kind, a plural of it or a kind that holds it."""
    if st.rel not in _HAVE_RELS or len(st.values) != 1:
        return False
    words = st.values[0].norm.split()
    said = PET_KINDS.get(singular(words[-1])) if words else None
    return bool(said) and said != kind and not {said, kind} & _GENERAL_KINDS


def _apart(family: str, st: Statement, kind: str, piece: str) -> bool:
    """Whether the statement is known to be of another domain than the ended fact's. A home or a
    job said with a word of the ended fact's own domain is not ("I live in Oxford now for my
    DPhil.", "I live with my other dog in Leeds."); another pet kind is apart whatever it says."""
    if st.key != "user":
        return False  # "My kitten is adorable": a thing of the user's, maybe the ended one's kind
    if kind and _other_pet(st, kind):
        return True
    if _DOMAIN_WORDS[family].search(piece):
        return False
    if st.rel == "location":
        return True
    head = (st.values[0].norm.split() or [""])[-1] if st.rel == "class" and st.values else ""
    if head in _RESULT_ROLES.get(family, ()):
        return True
    return _a_job(st) and family not in _WORK_FAMILIES


def holds_beside(family: str, event: str, incoming: str, kind: str = "") -> bool:
    """Whether a sentence of `incoming` other than `event` states a present fact of the user's that
    may be the ended fact still holding (see the module doc). `family` names the ended fact
    ("working", "a student", "pregnant", "pet", "smoking", ...); `kind` a pet's kind."""
    pieces = [p.rstrip(".!").strip() for p, _, _ in split_pieces(incoming.strip())]
    for piece in pieces:
        if not piece or event.endswith(piece) or piece.endswith(event) or passes_by(piece):
            continue  # the event itself (a subjectless one read as "I ...", a news label cut), or chatter
        if any(not _apart(family, st, kind, piece) for st in parse_sentence(piece)):
            return True
    return False
