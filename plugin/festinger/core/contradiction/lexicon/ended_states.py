"""Words of the results that end a stored state of the user's without "no longer": an allergy
outgrown, glasses ended by eye surgery, an exam passed, freelancing given up, a child moved out, a
lease ended, a taste soured, a setting switched, an event cancelled. Data only: the rule is
`ended_states`. Imported by its module path (not gathered in `lexicon/__init__`)."""

from __future__ import annotations

# What ends an allergy (after "<user> ... <my> <K> allergy" or "the <K> allergy ..."): it went away
# or it never was (a misdiagnosis, a negative test).
ALLERGY_GONE = (r"(?:is|has)\s+gone(?:\s+away)?|went\s+away|(?:has\s+)?cleared\s+up|"
                r"(?:was|turned\s+out\s+to\s+be)\s+(?:a\s+)?(?:misdiagnosis|false\s+alarm|nothing)|was\s+misdiagnosed")
ALLERGY_USER_ENDS = (r"(?:has\s+|have\s+|'ve\s+)?(?:finally\s+)?(?:outgrew|outgrown)|"
                     r"(?:was|were|got|has\s+been|have\s+been|'ve\s+been|is|am|'m)\s+(?:finally\s+)?(?:cured|cleared)\s+of|"
                     r"(?:was|were)\s+wrong\s+about")

# What a worn aid is, by group, and the results that end it.
AIDS: dict[str, str] = {"glasses": "sight", "contacts": "sight", "contact lenses": "sight", "spectacles": "sight",
                        "braces": "braces", "a cast": "cast"}
SIGHT_SURGERY = r"lasik|laser\s+eye\s+surgery|prk|smile\s+eye\s+surgery|lens\s+replacement\s+surgery"
AID_OFF = {"braces": r"braces", "cast": r"cast"}

# An exam studied for is ended by passing it; a course taken by finishing it.
EXAM_HEADS = r"exams?|test|boards|bar|certification"
EXAM_PASSED = r"passed|cleared|aced"
COURSE_HEADS = r"course|class|bootcamp|program|programme|certificate|apprenticeship|residency|internship"
COURSE_DONE = r"finished|completed|graduated\s+from|wrapped\s+up"
# A degree under way ended by its thesis defended.
THESIS_DEGREES = r"phd|ph\.d\.|doctoral|dphil"


# A household member of the user's moving out ("My son moved out", "Devon moved out").
HOUSEHOLD = (r"son|daughter|kid|child|eldest|youngest|oldest|stepson|stepdaughter|brother|sister|mom|mum|mother|"
             r"dad|father|roommate|flatmate|housemate|partner|girlfriend|boyfriend|grandmother|grandfather|"
             r"grandma|grandpa|nephew|niece|cousin|au\s+pair|lodger")
MOVED_OUT = (r"(?:has\s+)?(?:moved\s+out(?!\s+of\s+(?!(?:the\s+|our\s+|my\s+)?(?:house|home|place|flat|apartment)))|"
             r"left\s+home|flew\s+the\s+nest|went\s+(?:off\s+)?to\s+(?:college|university|uni))")

# A lease or contract said ended, and a leased thing handed back.
LEASE_ENDS = r"ended|expired|ran\s+out|(?:is|was)\s+up|(?:is|was)\s+over|finished|came\s+to\s+an\s+end|is\s+done"
LEASE_RETURN = r"returned|turned\s+in|handed\s+back|gave\s+back"

# A negative habit ("I don't drink") taken up: what the verb's object may be, by the stored object.
DRINK_ALCOHOL = ("alcohol booze beer beers wine wines cocktails cocktail spirits liquor whisky whiskey vodka gin rum "
                 "cider sake champagne prosecco lager ale").split()
MEAT = "meat chicken beef pork lamb steak bacon burgers burger turkey ham sausages sausage".split()
# The stored "<user> doesn't V [O]" -> the objects (and the words of the act) an incoming taking-up may name.
HABIT_OBJECTS: dict[tuple[str, str], frozenset[str]] = {
    ("drink", ""): frozenset(DRINK_ALCOHOL) | {""},
    ("drink", "alcohol"): frozenset(DRINK_ALCOHOL) | {""},
    ("eat", "meat"): frozenset(MEAT),
    ("smoke", ""): frozenset(("", "cigarettes", "cigarette")),
    ("smoke", "cigarettes"): frozenset(("", "cigarettes", "cigarette")),
}
# The verbs by which a taking-up names the act ("having a glass of wine", "drinking").
HABIT_VERBS: dict[str, str] = {"drink": r"drinking|having|drink|have", "eat": r"eating|having|eat|have",
                               "smoke": r"smoking|smoke"}
# Quantities before an object ("a glass of wine", "the odd beer").
HABIT_MEASURE = (r"(?:(?:a|an|the\s+odd|the\s+occasional|some|one|two)\s+)?(?:(?:glass|glasses|pint|pints|bottle|"
                 r"can|cup|bit|piece|drink|little)\s+of\s+)?")

# A taste soured: "<user> <verb> <O> (anymore|now)".
TASTE_LOVES = r"love|loves|like|likes|enjoy|enjoys|adore|adores"
TASTE_SOURED_NEEDS_NOW = r"can't\s+stand|cannot\s+stand|can't\s+bear|cannot\s+bear|hate|hates|dislike|dislikes|can't\s+stomach"
TASTE_SOURED = (r"(?:has\s+|have\s+|'ve\s+)?(?:gone\s+off|lost\s+interest\s+in|grown\s+tired\s+of|gotten\s+tired\s+of|"
                r"fallen\s+out\s+of\s+love\s+with|outgrown|outgrew|gone\s+cold\s+on)")

# A switch and its opposite.
TOGGLE_ON = r"enabled|turned\s+on|switched\s+on|allowed|permitted|activated|on"
TOGGLE_OFF = r"disabled|turned\s+off|switched\s+off|blocked|forbidden|deactivated|off"
TOGGLE_VERBS_ON = r"enabled|turned\s+on|switched\s+on|allowed|activated|re-?enabled"
TOGGLE_VERBS_OFF = r"disabled|turned\s+off|switched\s+off|blocked|deactivated|killed"

# A one-off event called off.
CANCELLED = r"cancell?ed|called\s+off|scrapped|axed"

# States ended by a result, one table: (kind, stored shapes, results). In the stored shapes <U> is the
# user and <BE> its verb "be"; (?P<k>...) is the key the result must name again, as <K> (its words,
# plurals optional) and <KH> (its last word, for "a broken leg" -> "my leg healed"); <N> a name
# stored with it. In the results SUBJ is the user (or he/she after a clause of the user's), OWN the
# user's ("my", "the user's"), <INNER> a determiner after the user ("my", "her", "the"), <HAS> a
# perfect auxiliary, <ADV> "finally", "just"... <K>, <KH> and <KP> are never in an optional part of a
# result: `ended_readers` compiles a result of a new key only for a clause that says its words.
_TREATMENTS = (r"physical\s+therapy|physiotherapy|physio|rehab|chemo(?:therapy)?|radiation(?:\s+therapy)?|"
               r"speech\s+therapy|occupational\s+therapy|dialysis")
_ILLNESSES = (r"a\s+cold|the\s+flu|flu|covid|a\s+(?:sinus|ear|chest|throat|kidney|bladder)\s+infection|strep(?:\s+throat)?|"
              r"bronchitis|pneumonia|a\s+fever|shingles|tonsillitis|a\s+concussion|a\s+(?:sprained|broken|fractured)\s+"
              r"(?:ankle|wrist|leg|arm|foot|toe|finger|rib|hand|collarbone)")
_LOANS = r"mortgage|student\s+loans?|car\s+loan|personal\s+loan|credit\s+card\s+debt|overdraft|payday\s+loan"
_SOUGHT = r"job|apartment|flat|house|home|roommate|flatmate|nanny|therapist|dentist|car|babysitter|tenant"
_LEAVES = (r"(?:parental|maternity|paternity|sick|medical|bereavement|study|garden|unpaid)\s+leave|leave|"
           r"(?:a\s+)?sabbatical|furlough")
TABLE: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    ("exam",
     (rf"^<U><BE>\s+(?:currently\s+)?(?:studying|preparing|prepping|revising|cramming)\s+for\s+(?:the|my|her|his|their|an?)\s+"
      rf"(?P<k>[\w.'-]+(?:\s+[\w.'-]+){{0,3}}?)\s+(?:{EXAM_HEADS})$",
      r"^<U><BE>\s+(?:currently\s+)?(?:studying|preparing|prepping|revising|cramming)\s+for\s+(?:the|my)\s+"
      r"(?P<k>(?-i:[A-Z][A-Z0-9]{1,6}))$"),
     (rf"SUBJ<HAS><ADV>\s+(?:{EXAM_PASSED})\s+(?:<INNER>\s+)?<K>(?:\s+(?:{EXAM_HEADS}))?",)),
    ("course",
     (rf"^<U><BE>\s+(?:currently\s+)?(?:taking|doing|enrolled\s+in|attending)\s+(?:a|an|the)\s+"
      rf"(?P<k>[\w.'-]+(?:\s+[\w.'-]+){{0,3}}?\s+(?:{COURSE_HEADS}))$",),
     (rf"SUBJ<HAS><ADV>\s+(?:{COURSE_DONE})\s+(?:<INNER>\s+)?<K>",)),
    ("degree",
     (rf"^<U><BE>\s+an?\s+(?P<k>{THESIS_DEGREES})\s+(?:student|candidate)$",),
     (rf"SUBJ<HAS><ADV>\s+defended\s+<INNER>\s+(?:(?:{THESIS_DEGREES})\s+)?(?:thesis|dissertation)",)),
    ("freelance",
     (r"^<U><BE>\s+(?:an?\s+)?(?:freelance|freelancer|self-employed)(?:\s+[\w-]+){0,2}$",
      r"^<U>\s+(?:freelances?|works?\s+freelance|works?\s+as\s+an?\s+freelancer?)(?:\s+[\w-]+){0,3}$"),
     (r"SUBJ<BE>\s+not\s+freelancing\s+any\s*more",
      r"SUBJ<HAS>\s+(?:stopped|quit|gave\s+up|given\s+up)\s+freelancing",
      r"SUBJ<BE>\s+no\s+longer\s+(?:an?\s+)?freelanc(?:ing|er)")),
    ("treatment",
     (rf"^<U><BE>\s+(?:currently\s+)?(?:on|taking)\s+(?:a\s+course\s+of\s+)?(?P<k>antibiotics|steroids|prednisone|"
      rf"chemo(?:therapy)?)$",
      rf"^<U><BE>\s+(?:currently\s+)?(?:in|doing|having|going\s+to)\s+(?P<k>{_TREATMENTS})"
      r"(?:\s+for\s+(?:my|her|his|their)\s+\w+)?$"),
     (r"SUBJ<HAS><ADV>\s+(?:finished|completed|wrapped\s+up)\s+(?:<INNER>\s+)?(?:course\s+of\s+)?<K>",
      r"SUBJ<BE>\s+(?:done\s+with|finished\s+with|off)\s+(?:<INNER>\s+)?<K>",
      r"SUBJ<HAS>\s+(?:was\s+|got\s+|been\s+)?discharged\s+from\s+<K>")),
    ("illness",
     (rf"^<U>\s+(?:has|have|'ve\s+got|has\s+got)\s+(?P<k>{_ILLNESSES})$",
      rf"^<U><BE>\s+(?:still\s+)?(?:recovering\s+from|sick\s+with|down\s+with|off\s+sick\s+with)\s+(?P<k>{_ILLNESSES})$"),
     (r"OWN\s+<K>\s+(?:is\s+gone|has\s+gone(?:\s+away)?|went\s+away|cleared\s+up|has\s+cleared(?:\s+up)?|"
      r"(?:is|has)\s+(?:fully\s+|completely\s+)?healed|healed(?:\s+up)?)",
      r"OWN\s+<KH>\s+(?:is|has)\s+(?:fully\s+|completely\s+)?healed",
      r"SUBJ<HAS><ADV>\s+(?:got\s+over|gotten\s+over|recovered\s+from|shaken\s+off|shook\s+off|kicked|beat|beaten)\s+"
      r"(?:<INNER>\s+)?<K>",
      r"SUBJ<BE>\s+(?:over|fully\s+recovered\s+from|recovered\s+from)\s+(?:<INNER>\s+)?<K>")),
    ("debt",
     (rf"^<U>\s+(?:has|have|still\s+(?:has|have))\s+(?:an?\s+)?(?P<k>{_LOANS})(?:\s+(?:with|from)\s+[\w' ]{{2,30}})?$",
      r"^<U><BE>\s+in\s+(?P<k>debt)$"),
     (r"SUBJ<HAS><ADV>\s+paid\s+off\s+(?:<INNER>\s+)?(?:whole\s+|entire\s+|last\s+of\s+(?:my|her|his|their|the)\s+)?<K>",
      r"OWN\s+<K>\s+(?:is|was|has\s+been)\s+(?:fully\s+|finally\s+)?paid\s+off",
      r"SUBJ<BE>\s+(?:officially\s+)?debt[-\s]free")),
    ("search",
     (rf"^<U><BE>\s+(?:currently\s+|still\s+)?(?:looking|searching|hunting)\s+for\s+an?\s+(?:new\s+)?(?P<k>{_SOUGHT})$",
      r"^<U><BE>\s+(?:currently\s+|still\s+)?(?P<k>job|house|apartment|flat)[\s-]hunting$"),
     (r"SUBJ<HAS><ADV>\s+(?:found|got|landed|bought|hired|rented|signed\s+for)\s+(?:an?|<INNER>)\s+(?:new\s+)?<K>"
      r"(?:\s+(?:at|with|in|near|on)\s+(?-i:[A-Z][\w'&.-]*)(?:\s+(?-i:[A-Z][\w'&.-]*)){0,3})?",)),
    ("training",
     (r"^<U><BE>\s+(?:currently\s+)?(?:training|preparing)\s+for\s+(?:a|an|the|my)\s+(?:first\s+)?"
      r"(?P<k>(?:[\w-]+\s+){0,2}?(?:marathon|half[\s-]marathon|triathlon|ironman|ultra(?:marathon)?))$",),
     (r"SUBJ<HAS><ADV>\s+(?:ran|run|finished|completed|did|done)\s+(?:the|my|<INNER>)\s+(?:first\s+)?<K>",)),
    ("leave",
     (rf"^<U><BE>\s+(?:currently\s+)?on\s+(?P<k>{_LEAVES})$",),
     (r"SUBJ<BE>\s+back\s+(?:at|to)\s+work",
      r"SUBJ<HAS><ADV>\s+(?:returned|went\s+back|gone\s+back|came\s+back|come\s+back)\s+to\s+work",
      r"OWN\s+<K>\s+(?:ended|is\s+over|has\s+ended|finished)",
      r"SUBJ<BE>\s+back\s+from\s+(?:<INNER>\s+)?<K>")),
    ("driving",
     (r"^<U><BE>\s+(?:currently\s+)?(?P<k>learning\s+to\s+drive|taking\s+driving\s+lessons)$",),
     (r"SUBJ<HAS><ADV>\s+passed\s+(?:<INNER>\s+)?(?:driving|driver's|drivers)\s+test",
      r"SUBJ<HAS><ADV>\s+got\s+(?:<INNER>\s+)?(?:full\s+)?(?:driving|driver's|drivers)\s+licen[cs]e")),
    ("membership",
     (r"^<U><BE>\s+a\s+member\s+(?:of|at)\s+(?:the\s+)?(?P<k>[\w'&.-]+(?:\s+[\w'&.-]+){0,3})$",
      r"^<U>\s+(?:has|have)\s+an?\s+(?P<k>[\w'&.-]+(?:\s+[\w'&.-]+){0,3}?)\s+membership$"),
     (r"(?:the|OWN)\s+(?:<K>\s+membership|membership\s+(?:at|to|with)\s+(?:the\s+)?<K>)\s+(?:has\s+)?(?:expired|ran\s+out|"
      r"run\s+out|ended|lapsed)",
      r"SUBJ<HAS>\s+let\s+(?:<INNER>\s+)?<K>\s+membership\s+(?:lapse|expire|run\s+out)")),
    ("lease",
     (r"^<U>(?:\s+(?:lease|leases)|<BE>\s+leasing)\s+an?\s+(?P<k>[\w.'-]+(?:\s+[\w.'-]+){0,3})$",),
     (rf"(?:the|OWN)\s+<KP>(?:'s)?\s+(?:lease|lease\s+contract|leasing\s+contract)\s+(?:{LEASE_ENDS})",
      rf"SUBJ<HAS><ADV>\s+(?:{LEASE_RETURN})\s+(?:<INNER>\s+)?(?:leased\s+)?<KP>")),
    ("device",
     (r"^<U>\s+(?:uses|use|has|have|owns|own)\s+an?\s+(?P<k>(?-i:[A-Z][\w-]*)(?:\s+[\w-]+){0,3})$",),
     (r"SUBJ<HAS><ADV>\s+(?:gave|handed\s+down|passed\s+(?:on|down)|donated)\s+(?:the|<INNER>)\s+<KP>\s+to\s+"
      r"(?:my|her|his|their|a|the)\s+[\w-]+(?:\s+[\w-]+)?",)),
    ("engaged",
     (r"^<U><BE>\s+engaged(?:\s+to\s+(?P<n><NAME>))?$",),
     (r"(?:<N>\s+and\s+i|we|i\s+and\s+<N>)\s+got\s+married",
      r"SUBJ<HAS>\s+(?:got\s+married|married)(?:\s+(?:to\s+)?<N>)?")),
)

# A one-off date a scheduled event is on ("the 10th", "March 3", "next Friday"; never "Mondays").
DATE = (r"(?:the\s+)?\d{1,2}(?:st|nd|rd|th)|(?:january|february|march|april|may|june|july|august|september|october|"
         r"november|december)\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}\s+(?:january|february|march|april|may|june|july|"
         r"august|september|october|november|december)|tomorrow|next\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day")

# Verbs a habit is not said by: auxiliaries, copulas, tastes and feelings.
NOT_HABIT = frozenset("am is are was were be has have had do does did can could will would should may might must "
                       "also still just don't doesn't never always love loves like likes hate hates want wants need "
                       "needs think thinks know knows feel feels".split())

# A part, a period, a return or a doubt anywhere in the memory: the state may hold still.
UNDO = (r"still|but|except|only|until|till|temporar\w*|for\s+now|partly|partially|mostly|almost|nearly|not\s+yet|"
         r"sometimes|occasionally|when|whenever|unless|either|also|too|as\s+well|another|other|second|old|"
         r"former|ex|previous|first|kidding|joking|jk|used\s+to|back\s+on|back\s+to(?!\s+work)|back\s+again|relapsed?|"
         r"for\s+(?:reading|driving|night\s+driving|the\s+computer|screens?|distance)|at\s+night|part-time|side|"
         r"on\s+(?:week(?:end|day)s?|the\s+side)|"
         r"for\s+(?:a|the|this|one|two|three|a\s+few|a\s+couple\s+of|\d{1,2})\s+(?:days?|weeks?|months?|while|bit|"
         r"weekend|summer|season|semester|term|time\s+being|holidays?|trip)|this\s+(?:week|weekend|month)|"
         r"over\s+the\s+holidays|tonight|today|hoping|hope|pending|trial|test\s+run|supposed|apparently|no\s+one\s+ever|"
         r"(?<!auto-)renew\w*|rejoin\w*|reinstat\w*|reactivat\w*|re-?enabled|re-?enrolled|reopen\w*|restart\w*|resum\w*|"
         r"revers\w*|undid|undone|rolled\s+back|moved\s+back|came\s+back(?!\s+(?:negative|clear|normal|fine))")
