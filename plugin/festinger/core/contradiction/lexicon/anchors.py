"""Words of the anchored typed-value rule (`anchored`): what a slot's anchor may drop, what only
frames the value, what announces a change and what makes a sentence no plain present fact."""

from __future__ import annotations

# Words that name the sort of value, not which slot it is: "Database host: db1" is the database's
# host, "Minimum password length" the password's minimum. Either memory may say or drop them.
ANCHOR_GENERIC = frozenset(
    "version host hostname number value amount length size setting level total count price pricing cost "
    "figure address url domain update current session".split())
# What owns a slot, which a later memory may leave unsaid ("The app's Docker image" / "The Docker
# image"), never add: "uses Python 3.12 for new projects" is another scope.
OWNER_WORDS = frozenset("app application project codebase repo service site website system".split())
# Kinds of software a version belongs to: "The ORM is SQLAlchemy 1.4" / "We're on SQLAlchemy 2.0 now".
# Only a stored memory may drop them, and only against a new version of the very product it names.
TECH_KIND_WORDS = frozenset(
    "orm database db framework runtime language interpreter library lib sdk compiler toolchain engine "
    "backend server stack dependency cache queue broker".split())
# One slot said with two words: the right-hand word is what both are compared as.
ANCHOR_SYNONYMS = {
    "headcount": "employee", "staff": "employee", "employee": "employee", "db": "database",
    "min": "minimum", "max": "maximum", "deadline": "due", "submission": "due", "mobile": "phone",
    "cell": "phone", "cellphone": "phone", "phone": "phone", "telephone": "phone", "passwords": "password",
    "repository": "repo", "infra": "infrastructure",
}
# Phrases read as one anchor word before the words are compared ("at least 8 characters" is the minimum).
ANCHOR_PHRASES = (("at least", "minimum"), ("at most", "maximum"), ("no more than", "maximum"),
                  ("no fewer than", "minimum"))
# Verbs that only tie a slot to its value ("costs", "takes", "runs", "requires"): said or not, the slot is one.
LINK_VERBS = frozenset(
    "be is are am was were been being has have had got get gets getting take takes taking cost costs run runs "
    "running use uses using require requires requiring need needs go goes going attend attends want wants "
    "charge charges pay pays paying earn earns make makes must support supports allow allows expire expires "
    "lock locks start starts meet meets happen happens hold holds sit sits live lives cover covers".split())
# Verbs and words that announce a new value ("got cut to", "bumped up to", "is on X now").
CHANGE_WORDS = frozenset(
    "changed change moved move raised raise cut bumped lowered increased decreased reduced extended upgraded "
    "downgraded switched updated adjusted dropped rose grew fell went doubled halved pushed postponed "
    "rescheduled shifted delayed upped slipped new latest now up down instead actually".split())
# Who may set the user's value at the start of the sentence: "My doctor bumped my sertraline up to 100 mg".
ACTORS = frozenset(
    "doctor gp psychiatrist physician landlord landlady boss manager company employer gym bank provider isp "
    "carrier insurer school advisor adviser university vet dentist admin admins hr ops team".split())
# Periods a value may be per: "€5,000 a month" and "monthly" are one budget's period.
PERIOD_NAMES = {
    "hourly": "hour", "daily": "day", "nightly": "day", "weekly": "week", "monthly": "month",
    "quarterly": "quarter", "yearly": "year", "annually": "year", "annual": "year",
    "hour": "hour", "day": "day", "week": "week", "month": "month", "quarter": "quarter", "year": "year",
    "mo": "month", "yr": "year", "wk": "week", "hr": "hour",
}
# A sentence holding one of these is no plain present fact of one slot: a plan, a condition, a
# while, the past, an addition, a denial, a hedge, a report, an example, a comparison, a value kept.
REFUSED_WORDS = frozenset(
    "will would could might shall should going gonna planning planned intend intends hope hopes "
    "expect expects expected soon next upcoming later tomorrow eventually starting effective "
    "if unless when whenever once assuming provided "
    "today tonight temporarily temporary during while until till through trial pilot "
    "used previously formerly originally ago had did "
    "also too another second other extra additional both plus backup spare secondary alternate besides "
    "except either "
    "not no never none nobody without neither nor cannot "
    "maybe perhaps probably likely think thinks guess seems about around roughly approximately almost nearly "
    "ish says said told tells according heard mentioned claims reported "
    "example instance such like say sample than still remains remain stays stay unchanged same kept keep "
    "can only usually sometimes often typically generally normally mostly mainly rarely occasionally "
    "between range or".split())
REFUSED_PHRASES = ("as well", "in addition", "for now", "plan to", "plans to", "plan on", "this week", "this weekend",
                   "this month", "this time", "this year", "this sprint", "last week", "last month", "last year",
                   "last time", "back then", "want to", "wants to", "would like", "e.g", "i.e", "one-off",
                   "one off", "just for", "only for", "in case")
# "was" and "were" are the past unless a change verb follows them ("was raised to").
PASSIVE_CHANGE = ("raised lowered increased decreased reduced cut bumped moved changed extended upgraded "
                  "downgraded switched updated adjusted pushed postponed rescheduled shifted delayed doubled "
                  "halved set").split()
# Words the anchor is read without: articles, the speakers, prepositions, fillers.
ANCHOR_STOP_WORDS = frozenset("a an the my our we us i me mine user this that there to of in on at for with by from per "
                              "as into onto so and just finally recently officially".split())
# Words after a number that are no unit of it ("8 to 12", "3 times", "2 pm").
NOT_UNITS = frozenset("to and or a an the of in on at for as is are now per by from with this that more less than "
                      "times am pm instead".split())
# Software whose release numbers are versions, beside the tech lexicon's names ("Node 20", "Postgres 16");
# any other name before a number ("XPS 13", "Room 12", "Model 3") is a model or a label, never compared.
SOFTWARE_EXTRAS = frozenset("node nodejs postgres server jdk openjdk dotnet npm pnpm yarn pip gcc clang llvm helm k8s "
                            "nginx openssl php ruby centos rhel fedora alpine".split())
# Units that measure a thing (a file's size, a wait), unlike the things counted ("3 replicas").
MEASURE_UNITS = frozenset("second minute hour day week month year percent meter metre mile pound kilo gram liter litre "
                          "byte character word page point degree".split())
# Minutes in a period, and in the period a rate word names, to compare rates ("every 15 minutes" / "hourly").
PERIOD_MINUTES = {"minute": 1, "hour": 60, "day": 1440, "week": 10080, "month": 43200, "quarter": 129600,
                  "year": 525600}
RATE_WORD_MINUTES = {"hourly": 60, "daily": 1440, "nightly": 1440, "weekly": 10080, "biweekly": 20160,
                     "fortnightly": 20160, "monthly": 43200, "quarterly": 129600, "yearly": 525600, "annually": 525600}
# Words before a head noun that make it a slot of one value at a time ("favorite cuisine", "main game",
# "preferred contact"), read by the anchored phrase-value rule (`anchored_phrase`).
PHRASE_SLOT_MODIFIERS = frozenset("favorite favourite preferred main primary current default usual go-to".split())
# Of those, the ones that say a person's own taste, so that a key line without "my" is still the user's.
PHRASE_OWN_MODIFIERS = frozenset("favorite favourite preferred usual go-to".split())
# Keys that hold one value at a time on their own, whatever the value's words ("Title: Engineering Manager").
PHRASE_SLOT_KEYS = frozenset((
    "title", "job title", "pronouns", "nickname", "handle", "username", "user name", "deploy target",
    "deployment target", "release cadence", "contact", "carrier", "mobile carrier", "phone carrier", "bank",
    "provider", "hosting provider", "cloud provider", "email provider", "internet provider", "isp", "plan",
    "phone plan", "tier", "subscription tier", "theme", "diet", "shell", "editor", "ide", "os", "distro",
    "role", "job", "gym", "airline", "pharmacy", "insurer", "insurance provider", "doctor", "dentist",
    "therapist", "specialty", "major", "codename", "code name", "branch"))
# Words that tie a phrase value to more than one thing ("Thai and Ethiopian", "dark mode with high
# contrast", "email, then Slack"): such a value is a list, a refinement or a sentence, never one value.
PHRASE_VALUE_REFUSED = frozenset("and or but though with plus also too again still anymore instead not no "
                                 "then than a an some any is are was were be been it its this that on in at for from by via under over into onto "
                                 "per inside within across after before during".split())
# Keys whose value is a thing chosen by its name ("Bank: Chase", "Editor: Vim"): a value with no name in it
# ("switched my bank to paperless", "my IDE to the light theme") is a setting of the thing, not another thing.
PHRASE_NAMED_KEYS = frozenset((
    "bank", "gym", "editor", "ide", "shell", "os", "distro", "carrier", "mobile carrier", "phone carrier",
    "provider", "hosting provider", "cloud provider", "email provider", "internet provider", "isp", "pharmacy",
    "insurer", "insurance provider", "airline", "doctor", "dentist", "therapist"))
# Forms of address: "The user's title is now Mrs." is another sense of "title" than a job title.
HONORIFICS = frozenset("mr mrs ms miss mx dr prof sir dame lord lady rev fr".split())
