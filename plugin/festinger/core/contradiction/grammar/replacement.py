"""Whether an announced new value replaces the old one of a many-valued relation (pure logic).

"uses", "works at", "is a", "drives" hold several values at once, so only an incoming memory that
announces a change ("now", "actually", "switched") may replace the old value, and only when the two
are alternatives to each other. For employers, occupations and the kind of a thing one has, even
that is not enough: "works at Amazon" / "now works at AWS" is a division of the same employer,
"is a software engineer" / "is now a Python developer" a refinement or a second role, "the car is a
Corolla" / "actually a Toyota" its maker. Which names are a part, a maker or a synonym of which is
world knowledge the detector does not have, so there the incoming memory must show that the old
value is gone: it names it as left, sold or denied ("left Acme and now works at Globex", "from X to
Y", "..., not an analyst"), it announces a change of job, or the two values are of a shape that
cannot be one thing (two grades of one job, two make-and-model names).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from festinger.core.contradiction import lexicon as lx
from festinger.core.contradiction.grammar.comparison import compare, is_known_term, may_be_alias, squash, term_category
from festinger.core.contradiction.grammar.slots import SWITCH_RE
from festinger.core.contradiction.grammar.values import Relation, Statement, Value, singular

__all__ = ["announced_replacement", "named_replacement", "renamed"]

WORK_RELS = ("work:at", "work:for")


def announced_replacement(a: Statement, b: Statement, incoming: str) -> bool:
    """Whether b, an update or a correction of a many-valued relation, replaces every value of a."""
    if not _correctable(a, b):
        return False
    if b.rel in WORK_RELS:
        if not all(_other_employer(x, y) for x in a.values for y in b.values):
            return False
        # "now works at AWS" after "works at Amazon" may be the same employer's division: only a
        # memory that says the old job ended replaces it
        return _named_as_gone(a.values, b.sentence) or bool(_JOB_CHANGE_RE.search(incoming))
    if not all(_replaces(x, y) for x in a.values for y in b.values):
        return False
    if b.rel == "class" and b.key == "user":
        return _named_as_gone(a.values, b.sentence) or _other_grade(a, b) or _title_changed(a, b)
    if b.rel in ("class", "drive", "ride"):
        return _named_as_gone(a.values, b.sentence) or _two_models(a.values[0], b.values[0])
    return True


# --- employers -----------------------------------------------------------------------------------

# "I switched jobs: ...", "The user changed employers and ...", "My new employer is ...", "New job!": the user's
# job changed, whatever the two employers are to each other (the subject is the user: "his new job"
# is someone else's).
_JOB_CHANGE_RE = re.compile(
    r"(?:^|[.;:!]\s+|\n)(?:i|(?:the\s+)?user)\s+(?:has\s+|have\s+|just\s+|recently\s+)?(?:changed|switched)\s+"
    r"(?:jobs|employers|companies)(?![\w'])(?!\s+(?:within|inside|internally))"
    r"|(?<![\w'])(?:my|(?:the\s+)?user's)\s+new\s+(?:job|employer)(?![\w'])"
    r"|(?:^|[.;:!]\s+|\n)new\s+job\s*[!.]", re.I)  # the user's news as a headline: "New job! I ..."


def _other_employer(x: Value, y: Value) -> bool:
    """"works at Google" -> "now works at Stripe": another company, named (a product name is its
    company here); never a part of the same one ("Google" -> "Google Cloud") nor its long name
    ("IBM" -> "International Business Machines")."""
    if may_be_alias(x.display, y.display):
        return False
    if compare(x, y) is Relation.CONFLICT:
        return True
    tx, ty = set(x.norm.split()), set(y.norm.split())
    return not (tx <= ty or ty <= tx) and squash(x.norm) != squash(y.norm)


# --- the old value named as gone -------------------------------------------------------------------

# "left Acme", "after leaving Amazon", "sold the Golf", "from Google to Stripe", "instead of a Jeep",
# ", not an analyst": the words that say the named thing no longer holds, and what they name.
_GONE_RE = re.compile(
    r"(?<![\w'])(?:left|leaving|quit|quitting|sold|selling|traded\s+in|trading\s+in|gave\s+up|giving\s+up|"
    r"replaced|replacing|ditched|no\s+longer\s+(?:at|with|a|an)|instead\s+of|rather\s+than|not|from)\s+"
    r"(?:(?:the|my|their|his|her|its|a|an)\s+)?([\w&.'-]+(?:\s+[\w&.'-]+){0,4})", re.I)
# After the named thing, a clause goes on: "sold the Corolla and now drives ...".
_CLAUSE_WORDS = frozenset("and but to for in at last this since after because so then".split())


def _named_as_gone(old: tuple[Value, ...], sentence: str) -> bool:
    """Whether the incoming sentence names (one of) the old values as gone: the whole name
    ("left Acme Corp"), or its head alone ("sold the Corolla" for a Toyota Corolla, "not an
    analyst" for a data analyst), and nothing more ("not Amazon retail" is a part of Amazon, "not
    a software architect" another job)."""
    for m in _GONE_RE.finditer(sentence):
        if m.group(0)[:4].lower() == "from" and not _from_ends(sentence, m):
            continue
        named = [w.lower().strip(".'") for w in m.group(1).split()]
        for v in old:
            words = [w.lower().strip(".'") for w in v.display.split()]
            if not words:
                continue
            name = list(words)
            while len(name) > 1 and name[-1] in lx.COMPANY_DESIGNATORS:
                name.pop()  # "left Acme" names "Acme Corp": the legal form is not part of the name
            for said in (words, name, words[-1:]):
                if named[:len(said)] == said and (len(named) == len(said) or named[len(said)] in _CLAUSE_WORDS):
                    return True
    return False


# A verb of moving or switching, before "from" in its clause: "moved from Google", "joined Stripe from Google".
_MOVE_VERB_RE = re.compile(
    r"(?<![\w'])(?:mov(?:e|ed|es|ing)|switch(?:ed|es|ing)?|chang(?:e|ed|es|ing)|went|go(?:ing|ne)?|c[ao]m(?:e|ing)|"
    r"transferr?(?:ed|ing)?|jump(?:ed|ing)?|join(?:ed|ing|s)?|migrat(?:e|ed|ing)|poached|recruited|hired)(?![\w'])", re.I)
# A role that comes from an employer that keeps it: "a consultant from Deloitte", "on loan from Adecco".
_PLACED_ROLE_RE = re.compile(
    r"(?<![\w'])(?:consultants?|contractors?|secondees?|seconded|temps?|loan|agency|placed|contracted|"
    r"subcontractors?|freelancers?|outsourced|on\s+assignment|dispatched|sent)\s*$", re.I)


def _from_ends(sentence: str, m: re.Match[str]) -> bool:
    """Whether a "from X" says X was left: only after a verb of moving or switching in its clause
    ("moved from Google to Stripe", "joined Stripe from Google", "came over from Acme"), never when
    it gives where a placed worker comes from ("now at Shell as a consultant from Deloitte")."""
    before = re.split(r"[.;:!?]|,\s+(?:and|but)\s", sentence[:m.start()])[-1]
    return bool(_MOVE_VERB_RE.search(before)) and not _PLACED_ROLE_RE.search(before)


# --- occupations ---------------------------------------------------------------------------------

# Grades of one job: "Senior Engineer" -> "Staff Engineer" is a promotion on one ladder (a person
# holds one grade at a time); "software engineer" -> "staff engineer" names no grade the old one had.
_GRADES = frozenset("junior senior staff principal distinguished lead chief associate assistant intern "
                    "trainee apprentice entry-level mid-level sr jr i ii iii iv v".split())


def _other_grade(a: Statement, b: Statement) -> bool:
    x, y = a.values[0].norm.split(), b.values[0].norm.split()
    if not x or not y or x[-1] != y[-1]:
        return False
    only_x, only_y = set(x[:-1]) - set(y[:-1]), set(y[:-1]) - set(x[:-1])
    return bool(only_x) and bool(only_y) and only_x | only_y <= _GRADES


# "The user's title is Engineer" / "The user's title is now Engineering Manager" (or "... was promoted
# to Engineering Manager"): a job title is one at a time, and a promotion gives a new one; while
# "is an engineer" / "is now an engineering manager" may be two things at once.
_TITLE_SLOT_RE = re.compile(r"(?:(?<![\w'])my|user's)\s+(?:job\s+)?(?:title|position)(?![\w'])", re.I)
_PROMOTED_RE = re.compile(r"(?<![\w'])promoted(?![\w'])", re.I)


def _title_changed(a: Statement, b: Statement) -> bool:
    return bool(_TITLE_SLOT_RE.search(a.sentence)) and bool(
        _TITLE_SLOT_RE.search(b.sentence) or _PROMOTED_RE.search(b.sentence))


# --- the kind of a thing one has ---------------------------------------------------------------------


def _two_models(x: Value, y: Value) -> bool:
    """"Dell XPS" -> "MacBook Pro", "iPhone 13" -> "iPhone 15": two names each of a make and a model
    (or a model and its number) are two things. A single word may be the other's maker or nickname
    ("Corolla" / "Toyota", "Tesla" / "Model Y", "Beemer" / "BMW"), which only world knowledge tells.
    Two names of one model are one thing refined, never two: the make dropped or spelled out
    ("Chevy Silverado" / "Chevrolet Silverado 1500"), a trim added ("Civic" / "Civic Type R"), a
    spacing ("RAV 4" / "RAV4 Hybrid"), a model or a performance variant of a series ("3 Series" /
    "330i" / "M340i", "C-Class" / "AMG C43", "Model 3" / "M3", "A4" / "S4", "X5" / "X5M"). Names of
    one make are two things only when their own words are of one shape, so one numbering ("Pixel 6"
    / "Pixel 8", "Golf Mk7" / "Golf Mk8", "Civic 2016" / "Civic 2023", "Camry" / "Corolla"): a year,
    generation, size, chip or chassis code against a model number may name the same thing ("Golf
    Mk7" / "Golf 2017", "XPS 13" / "XPS 9315", "MacBook Pro M3" / "MacBook Pro 14 2023", "330i" /
    "F30", "911" / "992 Carrera"). Names of two makes sharing no model word are two things."""
    if len(x.display.split()) < 2 or len(y.display.split()) < 2 or may_be_alias(x.display, y.display):
        return False
    nx, ny = _model_words(x.display), _model_words(y.display)
    tx, ty = nx.model, ny.model
    if not tx or not ty or tx <= ty or ty <= tx:
        return False  # a make alone, or one model with a trim added
    if nx.joined.startswith(ny.joined) or ny.joined.startswith(nx.joined):
        return False  # "RAV 4" / "RAV4 Hybrid", "X5" / "X5M": one name spaced otherwise, or with a letter added
    own_x, own_y = tx - ty, ty - tx
    for series, own in ((nx.series, own_y), (ny.series, own_x)):
        if any(all(re.fullmatch(rf"[a-z]{{0,3}}{re.escape(s)}(?:\d\w*)?", w) for w in own) for s in series):
            return False  # "3 Series" / "330i" / "M340i", "E-Class" / "AMG E63": a model of the series
    if any(_variant(a, b) for a in own_x for b in own_y):
        return False  # "Model 3" / "M3", "Audi A4" / "S4": one number, another letter
    if not (tx & ty) and not (nx.makes & ny.makes):
        return True  # "Dell XPS" / "MacBook Pro", "Honda Civic" / "Toyota Corolla"
    if tx & ty and not all(any(c.isdigit() for c in w) for w in own_x | own_y):
        return False  # "Golf" / "Golf GTI" is a trim, not a number
    if len(own_x) == len(own_y) == 1 and nx.lines & ny.lines:
        return True  # "Model 3" / "Model Y", "3 Series" / "5 Series": two models of one line
    for series, own in ((nx.series, own_y), (ny.series, own_x)):
        if any(own and all(_of_another_series(s, w) for w in own) for s in series):
            return True  # "C-Class" / "E300", "3 Series" / "530i": a model of another series
    return sorted(map(_shape, own_x)) == sorted(map(_shape, own_y))


def _of_another_series(series: str, word: str) -> bool:
    """"E300" of another series than "C", "530i" than "3": a series name of the same shape, then digits."""
    n = len(series)
    if _shape(word) == "year" or len(word) <= n or word[:n] == series or not word[n].isdigit():
        return False
    return word[:n].isalpha() == series.isalpha() and word[:n].isdigit() == series.isdigit()


_VARIANT_RE = re.compile(r"([a-z]*)(\d+)([a-z]*)")


def _variant(a: str, b: str) -> bool:
    """One model number with other letters around it: "3" / "M3", "A4" / "S4", "E63" / "E63S"."""
    ma, mb = _VARIANT_RE.fullmatch(a), _VARIANT_RE.fullmatch(b)
    return bool(ma and mb) and ma.group(2) == mb.group(2)


def _shape(word: str) -> str:
    """How a model word is written: a year ("2017"), or its letters and the count of each run of
    digits ("Mk7" -> "a9", "E210" -> "a999", "13" -> "99", "45mm" -> "99a")."""
    if re.fullmatch(r"(?:19|20)\d\d", word):
        return "year"
    return re.sub(r"[a-z]+", "a", re.sub(r"\d", "9", word))


_SERIES_RE = re.compile(r"([a-z0-9]+)-(class|series)")


class _Name(NamedTuple):
    model: set[str]  # the words naming the model, without make or line words ("BMW 3 Series" -> {"3"})
    series: set[str]  # the series named ("3" of "3 Series", "c" of "C-Class")
    joined: str  # the model words joined in order ("RAV 4" -> "rav4")
    makes: set[str]  # the makes named ("VW" -> volkswagen)
    lines: set[str]  # the line words ("model", "series", "class")


def _model_words(name: str) -> _Name:
    """The words of a make-and-model name ("VW ID.4" -> {"id4"}), by what they name."""
    words: list[str] = []
    for w in name.lower().split():
        m = _SERIES_RE.fullmatch(w)
        words.extend([m.group(1), m.group(2)] if m else [squash(w)])
    series = {w for w, nxt in zip(words, words[1:]) if nxt in ("series", "class")}
    model = [lx.MODEL_ALIASES.get(w, w) for w in words
             if w and w not in lx.PRODUCT_MAKES and w not in lx.MODEL_LINE_WORDS]
    return _Name(set(model), series, "".join(model), {lx.PRODUCT_MAKES[w] for w in words if w in lx.PRODUCT_MAKES},
                 {w for w in words if w in lx.MODEL_LINE_WORDS})


# --- moved from compare: which values are alternatives to each other ------------------------------------


def named_replacement(a: Statement, b: Statement) -> bool:
    """"User's LLM provider: OpenAI" / "User switched LLM provider to Anthropic": one slot, named
    both times, announced as changed, now holds another named thing. Never a lower-case state or
    phrase, and never a refinement ("Postgres" -> "Postgres Pro")."""
    if len(a.values) != 1 or len(b.values) != 1 or not all(v.kind == "term" for v in a.values + b.values):
        return False
    x, y = a.values[0], b.values[0]
    if not (x.display[:1].isupper() and y.display[:1].isupper()) or compare(x, y) is not Relation.UNKNOWN:
        return False
    if is_known_term(x) != is_known_term(y) and not SWITCH_RE.search(b.sentence):
        # "Postgres" -> "is now Supabase", "Neovim" -> "actually LazyVim": a product and what runs
        # on it; only a switch ("switched to Zed") says one replaced the other
        return False
    tx, ty = set(x.norm.split()), set(y.norm.split())
    return not (tx <= ty or ty <= tx)


# "Volunteer Firefighter", "Certified Scrum Master": a role beside the job, not instead of it.
_SIDE_ROLES = frozenset("volunteer honorary certified part-time freelance hobby amateur retired former aspiring "
                        "acting interim visiting guest adjunct".split())


def renamed(a: Statement, b: Statement) -> bool:
    """"The user's name is Catherine" / "Actually my name is Kathryn": two names that may be one
    person's (a spelling, a short form, another of several) are only replaced by an announced
    change or an explicit correction."""
    if len(a.values) != 1 or len(b.values) != 1 or not all(v.kind == "name" for v in a.values + b.values):
        return False
    return compare(a.values[0], b.values[0]) is Relation.UNKNOWN


def _replaces(x: Value, y: Value) -> bool:
    """Whether y, stated as a correction or an update, replaces x."""
    if x.kind == "phrase" and y.kind == "phrase":
        tx, ty = set(x.norm.split()), set(y.norm.split())
        return not (tx <= ty or ty <= tx)  # "a Python developer" -> "a senior Python developer" refines
    return compare(x, y) is Relation.CONFLICT


def _correctable(a: Statement, b: Statement) -> bool:
    """Whether the values are alternatives to each other (so a correction replaces one by the other)."""
    values = a.values + b.values
    if len(values) == 2 and all(v.kind == "phone" for v in values):
        return True  # "my number is now +1 646 ...": one number replaced by another
    if all(v.kind == "name" for v in values):
        return True  # "the user's cat is Luna" / "actually the user's cat is called Nala"
    if len(a.values) == 1 and len(b.values) == 1 and all(v.kind == "quantity" and v.dim for v in values):
        return a.values[0].dim == b.values[0].dim  # "the build takes 12 minutes" -> "now takes 4 minutes"
    if b.rel == "class" and len(a.values) == 1 and len(b.values) == 1:
        if b.key == "user":
            # a person is many things at once (a citizen, a Superhost, a Scrum Master): only one
            # occupation replaces another ("Senior Engineer" -> "Staff Engineer")
            return all(v.kind == "phrase" and v.norm.split()[-1:] and singular(v.norm.split()[-1]) in lx.OCCUPATIONS
                       and not any(w in lx.NAME_TITLES or w in _SIDE_ROLES for w in v.norm.split()) for v in values)
        # "the user's car is a Corolla" -> "actually a Camry": two named models, not "a red car"
        # ("iPhone 13" -> "iPhone 15": a brand may start in lower case, but has a capital)
        return all(v.kind == "phrase" and any(c.isupper() for c in v.display.split()[0]) for v in values)
    if b.rel in ("drive", "ride") and len(a.values) == 1 and len(b.values) == 1:
        # Vehicles are names: "drives a Jeep" -> "now drives a Ford Bronco", never "... to work".
        return all(v.kind == "term" and v.display[:1].isupper() for v in values)
    if any(v.kind != "term" for v in values):
        return False
    if len(a.values) == 1 and len(b.values) == 1 and _same_head(a.values[0], b.values[0]):
        return True  # "on the 5th floor" -> "on the 6th floor", "Growth team" -> "Infrastructure team"
    if b.rel in WORK_RELS:
        # Employers are names: "works at Acme" -> "actually works at Initech", never "... at home";
        # a known product name is its company here ("works at Google").
        return all(_proper_name(v.display) for v in values)
    categories = {term_category(v) for v in values}
    # "uses Python" -> "actually uses FastAPI" is not a correction: a language and a framework.
    return len(categories) == 1 and None not in categories


_NAME_JOINERS = frozenset("of de du la le y and & the für van von da".split())


def _proper_name(text: str) -> bool:
    """"Bank of America", "St. Mary's", "Blue Bottle"; never "Munich office" (a place at the same employer)."""
    words = text.split()
    return bool(words) and words[0][:1].isupper() and all(w[:1].isupper() or w[:1].isdigit() or w in _NAME_JOINERS
                                                           for w in words)


def _same_head(x: Value, y: Value) -> bool:
    """Two of one kind: the same head noun, each with one named or numbered modifier of its own."""
    wx, wy = x.display.split(), y.display.split()
    if len(wx) != 2 or len(wy) != 2 or wx[1].lower() != wy[1].lower() or wx[0].lower() == wy[0].lower():
        return False
    return all(w[0][:1].isupper() or w[0][:1].isdigit() for w in (wx, wy))
