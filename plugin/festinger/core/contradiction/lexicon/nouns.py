"""Noun-phrase words: determiners, possessives, subject heads and what makes a subject unidentifiable."""

from __future__ import annotations

DETERMINERS = frozenset("the a an this these those current".split())
# The only words through which a statement is about the user ("I" is handled as a subject).
USER_POSSESSIVES = frozenset("my mine user's users' user".split())
# Pronouns and possessives of anyone else, or of someone unknown: a sentence holding one is never
# about the user for certain ("The user has a son. His name is Leo."), so it is not parsed at all.
# "our/we/us" too: in a memory it may be the user's team, the agent and the user, or someone quoted.
OTHER_PERSON_WORDS = frozenset(
    "he him his himself she her hers herself they them their theirs themselves it its itself you your yours "
    "yourself yourselves we us our ours ourselves one's".split()
)
# Things the user owns that memories mention without the owner: "User's project" == "the project".
POSSESSION_NOUNS = frozenset(
    "project projects repo repository repositories codebase code app application website site service "
    "backend frontend api server laptop computer machine desktop workstation company team startup "
    "product stack setup environment database cluster homelab".split()
)
# Tokens that make a phrase a clause fragment rather than a plain subject noun phrase.
SUBJECT_STOPWORDS = frozenset(
    "and or but that which who whom whose where when while if it its they them he she we i you me us "
    "his her hers their theirs our ours your yours him mine myself "
    "there here what not no also both either neither each every all some any many most such because "
    "so than then however actually anyone someone something nothing everything one ones to by with as "
    "is are was were be been being do does did has have had can will would should could might may must".split()
)

# Heads of keys that hold one value at a time even on their own ("the database is MySQL").
STRONG_SETTING_HEADS = frozenset(
    "database db timezone tz shell editor ide orm os distro distribution theme currency username "
    "handle email hostname vcs city hometown address ip employer salary rent birthday surname carrier "
    "isp mortgage weight".split()
)
# Heads that hold one value only with a modifier: "the log level", "the deployment target",
# "the package manager", but not a bare "the library" or "the tool", which may mean anything.
SETTING_HEADS = STRONG_SETTING_HEADS | frozenset(
    "branch level target model url uri endpoint host domain ip address path directory dir folder "
    "mode language framework runtime system provider region format strategy policy backend "
    "frontend server engine driver broker queue cache registry ci cloud platform hosting scheduler "
    "manager lead owner maintainer contact ceo cto cfo boss supervisor name version port timeout limit "
    "size ttl budget interval count number color colour font tool library client interpreter compiler "
    "linter formatter bundler builder container store storage dns cdn gateway proxy balancer resolver "
    "wife husband spouse partner landlord mentor tutor doctor dentist therapist coach pm license "
    "licence retention password passcode pin ssid bank gym insurer".split()
)
# Bare subjects that point at whatever the conversation was about ("the file", "the timeout"):
# two memories saying "the file is empty" / "the file is not empty" are usually about two files.
DEICTIC_NOUNS = frozenset(
    """file function method class variable script command table column field row record test bug error
    issue ticket task job page button image folder directory dir process container request response
    query output input result value string list array object item element line loop step link message
    document doc note meeting call event answer question problem solution fix change commit branch pr
    version key password token id number name port timeout size limit ttl interval level count path
    url endpoint setting option flag parameter param argument config module package library tool model
    thing one it price cost total sum score distance temperature amount balance rate speed duration
    length width height weight capacity usage percentage ratio average median quantity fee server service
    instance machine host node worker vm box device""".split()
)
# People and animals a user commonly has several of: "the user's son is Leo" and "... is Max" may
# both be true, so attributes of these only change through an explicit correction.
MULTI_INSTANCE_NOUNS = frozenset(
    "son daughter child kid brother sister sibling cousin friend dog cat pet colleague coworker "
    "neighbour neighbor grandchild grandson granddaughter nephew niece aunt uncle student client "
    "customer horse bird fish".split()
)
# One-off things the user has many of over time: "my order number is 1234" and "... is 5678" are
# two orders, "my donation is $50" and "... $100" two donations (attack64); none is a slot a later
# memory replaces, "new" and "latest" included ("my latest order number is 5678").
# "package", "pr" and "invoice" count only when numbered (grammar/one_off.py).
ONE_OFF_NOUNS = frozenset(
    "order orders tracking ticket tickets case claim claims issue receipt receipts lottery "
    "donation donations refund refunds tip tips fare fares expense expenses withdrawal withdrawals transfer "
    "transfers charge charges purchase purchases transaction transactions shipment parcel delivery "
    "incident confirmation".split()
)
# ... unless the key makes it a setting: "the minimum order is 50 units".
ONE_OFF_SETTINGS = frozenset("minimum maximum min max limit default".split())
# Modifiers that tie a subject to one moment of one conversation ("the new function", "the other
# server", "the latest error"): such subjects never identify the same thing across memories.
DEICTIC_MODIFIERS = frozenset(
    "new old first second third last next other another latest previous same relevant given specific "
    "particular following above below mentioned aforementioned said former latter earlier later "
    "temporary".split()
)
# Heads whose values are arbitrary identifiers, so a plain lowercase word is still a value.
IDENTIFIER_HEADS = frozenset("branch name username handle email host hostname domain".split())
# Heads naming a person's role: a capitalised value there is a person's name.
PERSON_ROLE_HEADS = frozenset(
    "manager lead owner maintainer contact ceo cto cfo boss supervisor wife husband spouse partner "
    "landlord mentor tutor doctor dentist therapist coach pm".split()
)
# Words that are adjectives/states rather than values, even after an identifier head.
NON_VALUE_WORDS = frozenset(
    "protected stale old new outdated deprecated broken fixed ok okay fine good bad great slow fast "
    "large small big huge tiny empty full ready done important critical required optional unknown "
    "missing available unavailable down up live stable unstable default same different public private "
    "local remote ready clean dirty locked unlocked merged active inactive correct wrong valid invalid "
    "secure insecure shared "
    # how a slot's value stands, never which it is: "my title is now official", "my role is now
    # permanent", "my diet is now strict" (attack65); "my name is mud" is an idiom
    "official legal permanent temporary final formal strict stricter darker lighter popular paid unpaid "
    "hybrid full-time part-time mud".split()
)
# Slot nouns with several senses, one per world: a mobile or a shipping "carrier", an internet, cloud,
# insurance or health "provider", a sports or a bus "coach", a "favorite" of no kind (attack65: "My
# carrier is Verizon" / "My carrier is now UPS"). Bare, with nothing naming the sense, a "now" alone
# does not replace one of them. ("title", "role", "editor" and "plan" are updated bare too often.)
POLYSEMOUS_SLOTS = frozenset("carrier provider coach major model level favorite favourite".split())
# Words that name the sense meant ("my mobile carrier", "my internet provider").
SLOT_SENSE_WORDS = frozenset(
    "mobile cell phone wireless internet broadband cable cloud hosting health insurance medical shipping "
    "freight football soccer tennis fitness running swim swimming basketball college university".split())

# Attribute nouns that, as the last word of a phrase, name a property of what precedes them.
ATTRIBUTE_HEADS = frozenset(
    "port version timeout name username email age ttl size limit budget level interval expiry "
    "address phone birthday timezone".split()
)
# Heads of occupations: "Senior Engineer" -> "Staff Engineer" is one job replaced by another; "US
# Citizen", "Scrum Master" or "Superhost" are other things a person is at the same time.
OCCUPATIONS = frozenset(
    "engineer developer programmer manager director designer analyst scientist architect consultant nurse "
    "teacher lecturer professor researcher accountant lawyer attorney paralegal pharmacist physician surgeon "
    "dentist therapist technician administrator officer executive president vp ceo cto cfo coo founder "
    "cofounder co-founder editor writer journalist producer marketer recruiter intern associate specialist "
    "coordinator supervisor lead head principal partner clerk cashier barista chef cook waiter waitress "
    "driver electrician plumber mechanic carpenter pilot firefighter paramedic librarian tester "
    "strategist economist statistician planner translator".split()
)
# The only words that may stand before an occupation a retirement ends: they say the job's rank, a
# profession's register or the terms ("a senior engineer", "a registered nurse", "a professional
# driver"; never a licence, which hobbyists hold too: "a licensed driver", "a qualified pilot"). Any other
# word may make the noun a pastime ("a home cook", "a private pilot", "a citizen scientist"), a
# manner ("a nervous driver", "a meticulous planner") or a role no retirement ends ("a silent
# partner", "an emeritus professor", "a beta tester"): adjectives and nouns alike, with no end.
JOB_RANK_WORDS = frozenset(
    "senior junior head chief lead principal staff registered chartered professional full-time salaried "
    "practising practicing assistant deputy associate managing".split()
)
# What runs one operating system at a time: a machine, a fleet, a deployment environment, the user
# ("User runs Ubuntu 24.04" is the user's computer). Anything else that runs on an OS may be software,
# which runs on several at once.
MACHINE_HEADS = frozenset(
    "user server laptop notebook computer machine desktop workstation pc mac macbook imac thinkpad chromebook "
    "phone smartphone iphone tablet ipad device vm box host node pi raspberry homelab nas router instance "
    "droplet vps container image cluster console kiosk runner worker agent fleet environment env production "
    "prod staging rig nuc pixel galaxy surface deck".split())
# Keys naming a person: two names there may be one person ("Dr. Okafor" / "Amara").
PERSON_ROLES = MULTI_INSTANCE_NOUNS | frozenset(
    "manager boss doctor dentist landlord landlady therapist mentor tutor coach wife "
    "husband partner spouse girlfriend boyfriend fiance fiancee teacher lawyer accountant owner lead contact "
    "ceo cto cfo maintainer supervisor advisor adviser assistant roommate flatmate vet pediatrician gp "
    "physician nanny babysitter trainer instructor professor parent parents mother father mom mum dad "
    "grandparent grandparents grandmother grandfather grandma grandpa family in-laws in-law relative relatives "
    "household stepmother stepfather".split())
# Keys of a configured count: "the batch size is 32" / "64" is one setting changed, not a size in
# two unit systems.
SETTING_COUNT_WORDS = frozenset(
    "batch port limit timeout retries retry workers worker threads thread replicas replica pool max min "
    "count number version level concurrency shards shard partitions partition ttl interval buffer cache "
    "queue page chunk epoch epochs seed dpi fps rate steps step connections connection instances nodes".split())
# Keys whose value is an organisation: two of them may both hold (a work and a personal bank) or
# nest (Instagram is Meta's), so only an announced change replaces one.
ORGANISATION_HEADS = frozenset(
    "bank insurer insurance provider employer company carrier isp gym school university college hospital "
    "clinic pharmacy airline broker brokerage agency club utility supplier vendor client customer store shop "
    "supermarket grocer charity union church".split())
# Keys of a bare "Key: value" line that name a slot a person holds one of: an unowned line with one of
# them is the user's profile. Any other key ("Price", "RAM", "Check-in", "Timeout", "Port") is an
# attribute of some thing, a product, a trip or a system, which the line does not name. Left out on
# purpose: weight and height (a product's spec as often as the user's), address and location (a
# venue's), company, role and title (a contact's, a book's), database and port (a project's).
PERSON_SLOT_KEYS = frozenset((
    "name", "full name", "first name", "last name", "surname", "pronouns",
    "city", "current city", "home city", "hometown", "home town", "home address",
    "timezone", "time zone", "tz",
    "employer", "job title", "occupation", "salary", "income", "rent",
    "phone", "phone number", "mobile", "mobile number", "cell", "email", "e-mail", "email address",
    "birthday", "date of birth", "dob", "birth date", "age",
    "os", "operating system", "editor", "text editor", "ide", "shell", "keyboard layout"))
# Words before such a key that keep it the person's one slot ("Current city", "Default shell").
PERSON_SLOT_MODIFIERS = frozenset("current primary main preferred personal home work default".split())
# Makers of cars, bikes, phones and laptops, each spelling -> one name ("Chevy" is Chevrolet), so a
# make dropped or spelled out leaves the model: "Chevy Silverado" / "Chevrolet Silverado 1500".
PRODUCT_MAKES: dict[str, str] = {m: m for m in (
    "toyota honda chevrolet volkswagen bmw mercedes tesla subaru volvo mazda kia hyundai ford nissan audi "
    "porsche jeep dodge ram gmc lexus acura infiniti jaguar mini fiat peugeot renault skoda seat citroen "
    "opel vauxhall mitsubishi suzuki genesis polestar rivian lucid cadillac buick lincoln chrysler alfa "
    "romeo land rover ducati yamaha kawasaki harley davidson triumph samsung apple google dell lenovo hp asus "
    "acer microsoft sony oneplus xiaomi motorola nokia specialized trek giant cannondale cervelo bianchi "
    "brompton").split()}
PRODUCT_MAKES.update({"chevy": "chevrolet", "vw": "volkswagen", "merc": "mercedes", "mercedesbenz": "mercedes",
                      "benz": "mercedes", "beemer": "bmw", "bimmer": "bmw", "landrover": "land",
                      "harleydavidson": "harley", "amg": "mercedes", "mercedesamg": "mercedes"})
# Words of a model name that name no model by themselves ("Model 3" / "Model Y", "3 Series" / "5 Series").
MODEL_LINE_WORDS = frozenset("model series class".split())
# Two names of one model (squashed): the Mazda MX-5 is sold as the Miata.
# One model sold under another name in another market: the Golf as the Rabbit, the Fit as the Jazz.
MODEL_ALIASES: dict[str, str] = {"mx5": "miata", "mx5miata": "miata", "rabbit": "golf", "bora": "jetta",
                                 "jazz": "fit", "montero": "pajero", "shogun": "pajero", "vitz": "yaris"}
# The legal form after a company's name ("Acme Corp", "Globex Inc.", "Initech GmbH"): not part of
# the name, so "left Acme" names "Acme Corp" (replacement, jobchange).
COMPANY_DESIGNATORS = frozenset("corp corporation inc incorporated ltd limited llc gmbh plc co ag sa bv".split())
# Bare "the X" that a memory names as the one running thing or standing arrangement it is about ("the
# service", "the timeout", "the jobs", "the meeting with Chris"): an announced change of it ("doesn't
# run on Heroku anymore", "was raised to 60 seconds") presupposes the stored value (`deictic`). Never a
# conversation's artefact ("the file", "the test", "the bug") or a measure of some thing ("the price").
BARE_SYSTEM_NOUNS = frozenset(
    "service server instance machine host node worker vm box cluster container job cron meeting call standup "
    "timeout ttl interval limit port endpoint url config setting".split())
# Roles one person or firm holds for the user at a time, beside person_left.ROLE_SLOTS (role_holders):
# the user's services. Never friend, colleague, client or neighbour: one has several.
SERVICE_ROLES = frozenset(
    "trainer cleaner housekeeper nanny babysitter childminder hairdresser barber stylist mechanic vet "
    "physio physiotherapist psychiatrist psychologist counsellor counselor chiropractor optician optometrist "
    "dermatologist gynecologist gynaecologist obgyn midwife dogwalker walker sitter gardener realtor agent "
    "planner instructor".split())
# Modifiers a role may drop without becoming another role ("personal trainer" = "trainer", "line
# manager" = "manager"); any other ("release manager", "piano teacher") names a role of its own.
LOOSE_ROLE_WORDS = frozenset("personal family regular usual primary main own current line direct immediate".split())
# Roles told apart only by the word used for them.
ROLE_SYNONYMS = {"doctor": "gp", "physician": "gp", "landlady": "landlord", "boss": "manager",
                 "supervisor": "manager", "counselor": "counsellor", "physiotherapist": "physio", "adviser": "advisor"}
# Roles whose holder ends them by retiring or resigning (not a mentor, advisor or landlord, who may
# go on after leaving their job).
PRACTICE_ROLES = frozenset(
    "gp dentist therapist vet cleaner housekeeper hairdresser barber stylist mechanic accountant lawyer manager "
    "lead trainer coach tutor teacher nanny babysitter childminder physio psychiatrist psychologist counsellor "
    "chiropractor optician optometrist instructor".split())
# What a holder does for the user, named by the role: "Marcus manages me now", "Fatima cleans for us now".
ROLE_DOINGS = {
    "manages": "manager", "supervises": "manager", "coaches": "coach", "trains": "trainer", "tutors": "tutor",
    "teaches": "teacher", "mentors": "mentor", "represents": "lawyer", "advises": "advisor", "cleans for": "cleaner",
    "cuts my hair": "hairdresser barber stylist", "walks the dog": "walker dogwalker"}
