"""Word lists for the deterministic contradiction detector (data only, no logic).

Every list here is deliberately closed: the detector only fires on what it recognises, so a word
missing from a list costs recall (a redundant memory), never precision (a wrongly deprecated one).
"""

from __future__ import annotations

# --- sentence-level markers -----------------------------------------------------------------

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
# Additive or partial statements: they add to what is known rather than replace it.
ADDITIVE_WORDS = frozenset(
    "also too additionally another both either neither nor only just mostly mainly partly partially "
    "sometimes occasionally usually often rarely among including includes e.g. etc such".split()
)
ADDITIVE_PHRASES = ("as well", "in addition", "not only", "not just", "other than", "apart from", "except")

# Markers of an explicit correction, only honoured at the start of the incoming memory's sentence.
CORRECTION_LEADS = (
    "actually", "correction", "no", "nope", "in fact", "to correct", "i was wrong", "scratch that",
    "let me correct", "i meant", "to be precise",
)
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
PRESENT_PHRASES = ("at the moment", "at present", "these days", "right now", "as of now", "as of today")

# --- noun phrases ----------------------------------------------------------------------------

DETERMINERS = frozenset("the a an this these those current".split())
# Possessive pronouns that, in a memory store, refer to the user.
USER_POSSESSIVES = frozenset("my our your their his her user's users' user".split())
# Things the user owns that memories mention without the owner: "User's project" == "the project".
POSSESSION_NOUNS = frozenset(
    "project projects repo repository repositories codebase code app application website site service "
    "backend frontend api server laptop computer machine desktop workstation company team startup "
    "product stack setup environment database cluster homelab".split()
)
# Tokens that make a phrase a clause fragment rather than a plain subject noun phrase.
SUBJECT_STOPWORDS = frozenset(
    "and or but that which who whom whose where when while if it its they them he she we i you me us "
    "there here what not no also both either neither each every all some any many most such because "
    "so than then however actually anyone someone something nothing everything one ones to by with as "
    "is are was were be been being do does did has have had can will would should could might may must".split()
)

# Heads of keys that hold one value at a time even on their own ("the database is MySQL").
STRONG_SETTING_HEADS = frozenset(
    "database db timezone tz shell editor ide orm os distro distribution theme currency username "
    "handle email hostname vcs".split()
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
    "licence retention".split()
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
    "secure insecure shared".split()
)

# Attribute nouns that, as the last word of a phrase, name a property of what precedes them.
ATTRIBUTE_HEADS = frozenset(
    "port version timeout name username email age ttl size limit budget level interval expiry "
    "address phone birthday timezone".split()
)

# --- states ------------------------------------------------------------------------------------

# Mutually exclusive states: each surface form maps to (base, polarity).
STATE_FORMS: dict[str, tuple[str, bool]] = {
    "enabled": ("enabled", True), "disabled": ("enabled", False),
    "turned on": ("enabled", True), "turned off": ("enabled", False),
    "switched on": ("enabled", True), "switched off": ("enabled", False),
    "on": ("enabled", True), "off": ("enabled", False),
    "activated": ("enabled", True), "deactivated": ("enabled", False),
    "true": ("true", True), "false": ("true", False),
    "public": ("public", True), "private": ("public", False),
    "online": ("online", True), "offline": ("online", False),
    "open": ("open", True), "closed": ("open", False),
    "running": ("running", True), "stopped": ("running", False),
    "active": ("active", True), "inactive": ("active", False),
    "available": ("available", True), "unavailable": ("available", False),
    "visible": ("visible", True), "hidden": ("visible", False),
    "required": ("required", True), "optional": ("required", False),
    "mandatory": ("required", True),
    "locked": ("locked", True), "unlocked": ("locked", False),
    "synchronous": ("synchronous", True), "asynchronous": ("synchronous", False),
    "sync": ("synchronous", True), "async": ("synchronous", False),
    "valid": ("valid", True), "invalid": ("valid", False),
    "installed": ("installed", True), "uninstalled": ("installed", False),
    "connected": ("connected", True), "disconnected": ("connected", False),
    "encrypted": ("encrypted", True), "unencrypted": ("encrypted", False),
    "healthy": ("healthy", True), "unhealthy": ("healthy", False),
    "stateful": ("stateful", True), "stateless": ("stateful", False),
    "supported": ("supported", True), "unsupported": ("supported", False),
    "allowed": ("allowed", True), "forbidden": ("allowed", False), "blocked": ("allowed", False),
    "married": ("married", True), "single": ("married", False),
    "employed": ("employed", True), "unemployed": ("employed", False),
}

# Verbs whose pairing is a negation ("likes tea" vs "dislikes tea").
ANTONYM_VERBS = frozenset(
    {("like", "dislike"), ("like", "hate"), ("love", "hate"), ("enable", "disable"), ("allow", "forbid"),
     ("allow", "block"), ("include", "exclude"), ("accept", "reject"), ("trust", "distrust")}
)

# Verbs of taste, experience or knowledge: never exclusive, and not correctable by "actually".
NON_EXCLUSIVE_VERBS = frozenset(
    "like love enjoy dislike hate know speak visit learn study have want need support prefer read "
    "watch play follow attend teach own drink eat wear contain include interest".split()
)

# Exclusive preference groups: "prefers dark mode" vs "prefers light mode".
PREFERENCE_GROUPS: tuple[frozenset[str], ...] = (
    frozenset({"dark", "light"}),
    frozenset({"metric", "imperial"}),
    frozenset({"celsius", "fahrenheit"}),
    frozenset({"tabs", "spaces"}),
    frozenset({"12-hour", "24-hour"}),
)
# Suffixes dropped before looking a preference value up in a group.
PREFERENCE_SUFFIXES = ("mode", "theme", "ui", "units", "unit", "system", "clock", "time", "format", "degrees")

WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())

LANGUAGES = frozenset(
    "english german french spanish italian portuguese dutch polish russian ukrainian chinese mandarin "
    "cantonese japanese korean arabic hindi turkish swedish norwegian danish finnish greek czech "
    "hungarian romanian hebrew vietnamese thai indonesian".split()
)

# --- technology names --------------------------------------------------------------------------

# Canonical name for each alias (lowercase).
TECH_ALIASES: dict[str, str] = {
    "node": "node.js", "nodejs": "node.js", "node.js": "node.js", "node js": "node.js",
    "postgres": "postgresql", "postgresql": "postgresql", "psql": "postgresql", "pg": "postgresql",
    "k8s": "kubernetes", "kubernetes": "kubernetes",
    "js": "javascript", "javascript": "javascript", "ecmascript": "javascript",
    "ts": "typescript", "typescript": "typescript",
    "golang": "go", "go": "go",
    "mongo": "mongodb", "mongodb": "mongodb",
    "py": "python", "python": "python", "cpython": "python",
    "vscode": "vs code", "vs code": "vs code", "visual studio code": "vs code",
    "nvim": "neovim", "neovim": "neovim",
    "osx": "macos", "os x": "macos", "mac os": "macos", "macos": "macos",
    "gcp": "google cloud", "google cloud": "google cloud", "google cloud platform": "google cloud",
    "aws": "aws", "amazon web services": "aws",
    "azure": "azure", "microsoft azure": "azure",
    "rest": "rest", "restful": "rest", "rest api": "rest",
    "graphql": "graphql", "grpc": "grpc",
    "gh actions": "github actions", "github actions": "github actions",
    "react": "react", "reactjs": "react", "react.js": "react",
    "vue": "vue", "vuejs": "vue", "vue.js": "vue",
    "next": "next.js", "nextjs": "next.js", "next.js": "next.js",
    "es": "elasticsearch", "elasticsearch": "elasticsearch",
    "sqlite": "sqlite", "sqlite3": "sqlite",
    "mssql": "sql server", "sql server": "sql server",
    "c++": "c++", "cpp": "c++", "c#": "c#", "csharp": "c#",
}

TECH_NAMES = frozenset(
    """python rust go java kotlin scala swift ruby php perl lua r julia haskell elixir erlang clojure
    dart c c++ c# javascript typescript node.js deno bun zig ocaml fortran cobol matlab bash zsh fish
    sh powershell nushell postgresql mysql mariadb sqlite mongodb redis memcached cassandra dynamodb
    elasticsearch opensearch clickhouse snowflake bigquery duckdb neo4j couchdb cockroachdb timescaledb
    influxdb kafka rabbitmq nats zeromq celery docker podman kubernetes helm terraform ansible puppet
    chef vagrant nomad consul vault nginx apache caddy traefik haproxy envoy gunicorn uvicorn
    react vue angular svelte solid next.js nuxt remix gatsby astro ember jquery tailwind bootstrap
    django flask fastapi starlette pyramid tornado rails sinatra laravel symfony spring express koa
    nestjs hapi phoenix gin echo fiber actix axum rocket sqlalchemy peewee prisma sequelize typeorm
    hibernate pandas numpy scipy polars pytorch torch tensorflow keras jax sklearn scikit-learn
    transformers langchain llamaindex faiss chroma qdrant weaviate pinecone milvus pgvector
    npm yarn pnpm pip pipenv poetry uv conda mamba cargo maven gradle bundler composer nuget
    webpack vite rollup esbuild parcel babel turbopack make cmake bazel ninja meson
    pytest unittest nose jest mocha vitest cypress playwright selenium junit rspec
    eslint prettier black ruff flake8 pylint mypy pyright isort
    git github gitlab bitbucket gitea jenkins circleci travis github actions gitlab ci
    aws azure google cloud gcp heroku vercel netlify fly.io render digitalocean linode hetzner
    cloudflare ovh
    ubuntu debian fedora centos rhel arch alpine nixos opensuse mint windows macos linux freebsd ios
    android wsl
    vim neovim emacs nano vs code pycharm intellij webstorm sublime atom cursor zed helix xcode
    slack discord teams zoom jira confluence notion trello asana linear
    rest graphql grpc soap websocket websockets mqtt http https json yaml toml xml protobuf avro
    parquet csv jwt oauth oauth2 saml ldap
    openai anthropic claude gpt llama mistral gemini ollama vllm
    grafana prometheus datadog sentry kibana loki jaeger newrelic splunk
    s3 ec2 lambda ecs eks gke aks rds cloudfront
    """.split()
) | frozenset(TECH_ALIASES.values())

# Tokens that look like product names before a number but are not ("step 3", "port 8080").
NOT_PRODUCTS = frozenset(
    """port step version release phase chapter episode level tier room page line issue pr ticket
    item number option mode plan day week year month top size batch round stage sprint floor gate
    table row column figure section part grade class group team build run job node worker
    core cores thread threads gpu gpus cpu cpus and or with of for in on at to from by the a an is
    are every each about around over under than version v""".split()
)

# --- units -------------------------------------------------------------------------------------

# unit surface -> (dimension, factor to the dimension's base unit)
UNITS: dict[str, tuple[str, float]] = {}
for _names, _dim, _factor in (
    (("ms", "msec", "millisecond", "milliseconds"), "time", 0.001),
    (("s", "sec", "secs", "second", "seconds"), "time", 1.0),
    (("min", "mins", "minute", "minutes"), "time", 60.0),
    (("h", "hr", "hrs", "hour", "hours"), "time", 3600.0),
    (("day", "days"), "time", 86400.0),
    (("week", "weeks"), "time", 604800.0),
    (("byte", "bytes"), "bytes", 1.0),
    (("kb", "kib", "kilobyte", "kilobytes"), "bytes", 1e3),
    (("mb", "mib", "megabyte", "megabytes"), "bytes", 1e6),
    (("gb", "gib", "gigabyte", "gigabytes"), "bytes", 1e9),
    (("tb", "tib", "terabyte", "terabytes"), "bytes", 1e12),
    (("mm", "millimeter", "millimeters", "millimetre", "millimetres"), "length", 0.001),
    (("cm", "centimeter", "centimeters", "centimetre", "centimetres"), "length", 0.01),
    (("meter", "meters", "metre", "metres"), "length", 1.0),
    (("km", "kilometer", "kilometers", "kilometre", "kilometres"), "length", 1000.0),
    (("inch", "inches"), "length", 0.0254),
    (("%", "percent", "pct"), "percent", 1.0),
    (("usd", "$", "dollars", "dollar"), "usd", 1.0),
    (("eur", "€", "euros", "euro"), "eur", 1.0),
    (("gbp", "£", "pounds"), "gbp", 1.0),
    (("years", "year", "yrs"), "years", 1.0),
    (("kg", "kilogram", "kilograms", "kilo", "kilos"), "mass", 1.0),
    (("gram", "grams"), "mass", 0.001),
    (("lb", "lbs"), "mass", 0.4536),
    (("kbps", "kbit/s"), "bandwidth", 1e3),
    (("mbps", "mbit/s"), "bandwidth", 1e6),
    (("gbps", "gbit/s"), "bandwidth", 1e9),
    (("ghz",), "frequency", 1e9),
    (("mhz",), "frequency", 1e6),
):
    for _n in _names:
        UNITS[_n] = (_dim, _factor)
# Ambiguous abbreviations are left out on purpose: "5m" (minutes, metres, millions), "7b" (bytes or
# billions), "5g" (grams or 5G). Unknown units are still compared, but only with the same spelling.

# Words that may not be read as the unit of a count ("has 5 of them").
NOT_COUNT_NOUNS = frozenset(
    "of the a an and or to in on at for with by from per times x more less than".split()
)

# --- places ------------------------------------------------------------------------------------

# Country (or constituent country) -> containing country ("" for a sovereign state).
COUNTRIES: dict[str, str] = {
    "germany": "", "france": "", "united kingdom": "", "spain": "", "portugal": "", "italy": "",
    "netherlands": "", "belgium": "", "switzerland": "", "austria": "", "poland": "", "czechia": "",
    "sweden": "", "norway": "", "denmark": "", "finland": "", "ireland": "", "iceland": "",
    "greece": "", "turkey": "", "russia": "", "ukraine": "", "romania": "", "hungary": "",
    "bulgaria": "", "croatia": "", "serbia": "", "united states": "", "canada": "", "mexico": "",
    "brazil": "", "argentina": "", "chile": "", "colombia": "", "peru": "", "japan": "", "china": "",
    "india": "", "south korea": "", "vietnam": "", "thailand": "", "indonesia": "", "philippines": "",
    "malaysia": "", "singapore": "", "pakistan": "", "bangladesh": "", "israel": "", "egypt": "",
    "nigeria": "", "kenya": "", "south africa": "", "morocco": "", "ethiopia": "", "ghana": "",
    "australia": "", "new zealand": "", "saudi arabia": "", "united arab emirates": "", "qatar": "",
    "estonia": "", "latvia": "", "lithuania": "", "slovenia": "", "slovakia": "", "taiwan": "",
    "england": "united kingdom", "scotland": "united kingdom", "wales": "united kingdom",
}
COUNTRY_ALIASES: dict[str, str] = {
    "usa": "united states", "us": "united states", "u.s.": "united states", "u.s.a.": "united states",
    "united states of america": "united states", "america": "united states", "the us": "united states",
    "uk": "united kingdom", "u.k.": "united kingdom", "great britain": "united kingdom",
    "britain": "united kingdom", "holland": "netherlands", "the netherlands": "netherlands",
    "czech republic": "czechia", "türkiye": "turkey", "korea": "south korea", "uae": "united arab emirates",
    "the united states": "united states", "the united kingdom": "united kingdom", "the uk": "united kingdom",
    "deutschland": "germany",
}
# City -> country. Only cities whose everyday reading is unambiguous; no districts or boroughs
# (a district inside a listed city would otherwise look like a different place).
CITIES: dict[str, str] = {}
for _country, _cities in (
    ("germany", "berlin munich hamburg frankfurt cologne stuttgart dusseldorf düsseldorf leipzig dresden "
                "hanover hannover nuremberg bremen potsdam bonn essen dortmund heidelberg karlsruhe "
                "mannheim freiburg"),
    ("france", "paris lyon marseille toulouse nice bordeaux lille nantes strasbourg"),
    ("england", "london manchester bristol leeds liverpool"),
    ("scotland", "edinburgh glasgow"),
    ("spain", "madrid barcelona seville bilbao malaga"),
    ("portugal", "lisbon porto"),
    ("italy", "rome milan turin venice bologna"),
    ("netherlands", "amsterdam rotterdam utrecht eindhoven"),
    ("belgium", "brussels antwerp ghent"),
    ("switzerland", "zurich zürich geneva basel bern lausanne"),
    ("austria", "vienna salzburg graz"),
    ("poland", "warsaw krakow kraków wroclaw gdansk"),
    ("czechia", "prague brno"),
    ("sweden", "stockholm gothenburg"),
    ("norway", "oslo bergen"),
    ("denmark", "copenhagen aarhus"),
    ("finland", "helsinki"),
    ("ireland", "dublin"),
    ("iceland", "reykjavik"),
    ("greece", "athens thessaloniki"),
    ("turkey", "istanbul ankara"),
    ("russia", "moscow"),
    ("ukraine", "kyiv kiev lviv"),
    ("hungary", "budapest"),
    ("romania", "bucharest"),
    ("united states", "seattle chicago boston austin denver miami atlanta dallas houston phoenix "
                      "philadelphia portland detroit minneapolis pittsburgh nashville"),
    ("canada", "toronto vancouver montreal ottawa calgary"),
    ("japan", "tokyo osaka kyoto"),
    ("china", "beijing shanghai shenzhen"),
    ("india", "mumbai delhi bangalore bengaluru chennai hyderabad pune"),
    ("south korea", "seoul busan"),
    ("australia", "sydney melbourne brisbane"),
    ("new zealand", "auckland wellington"),
    ("brazil", "rio"),
    ("chile", "santiago"),
    ("colombia", "bogota bogotá medellin"),
    ("peru", "lima"),
    ("egypt", "cairo"),
    ("nigeria", "lagos"),
    ("kenya", "nairobi"),
    ("south africa", "johannesburg"),
    ("united arab emirates", "dubai"),
    ("thailand", "bangkok"),
    ("indonesia", "jakarta"),
    ("philippines", "manila"),
    ("vietnam", "hanoi"),
    ("taiwan", "taipei"),
    ("estonia", "tallinn"),
    ("latvia", "riga"),
    ("lithuania", "vilnius"),
):
    for _c in _cities.split():
        CITIES[_c] = _country
CITIES.update({
    "new york": "united states", "new york city": "united states", "nyc": "united states",
    "san francisco": "united states", "los angeles": "united states", "san diego": "united states",
    "las vegas": "united states", "the hague": "netherlands", "new delhi": "india",
    "sao paulo": "brazil", "são paulo": "brazil", "rio de janeiro": "brazil", "buenos aires": "argentina",
    "mexico city": "mexico", "cape town": "south africa", "tel aviv": "israel", "abu dhabi": "united arab emirates",
    "kuala lumpur": "malaysia", "ho chi minh city": "vietnam", "saint petersburg": "russia",
    "st. petersburg": "russia",
})
# Canonical spelling of city aliases (so "NYC" and "New York City" are one place).
CITY_ALIASES: dict[str, str] = {
    "nyc": "new york", "new york city": "new york", "düsseldorf": "dusseldorf", "hannover": "hanover",
    "zürich": "zurich", "kraków": "krakow", "kiev": "kyiv", "bengaluru": "bangalore", "new delhi": "delhi",
    "são paulo": "sao paulo", "rio de janeiro": "rio", "bogotá": "bogota", "st. petersburg": "saint petersburg",
}
# Cities with a well-known namesake in another country: never compared against a country.
AMBIGUOUS_CITIES = frozenset("vancouver dublin paris london birmingham perth santiago portland".split())

# --- technology categories -----------------------------------------------------------------------

# Two known technologies only exclude each other within one category: "uses Python" and "uses
# FastAPI" are both true of one project, "is hosted on AWS" and "is hosted on Azure" are not.
TECH_CATEGORIES: dict[str, str] = {}
for _category, _names in (
    ("language", "python, rust, go, java, kotlin, scala, swift, ruby, php, perl, lua, r, julia, haskell, elixir, "
                 "erlang, clojure, dart, c, c++, c#, javascript, typescript, zig, ocaml, fortran, cobol, matlab"),
    ("shell", "bash, zsh, fish, sh, powershell, nushell"),
    ("database", "postgresql, mysql, mariadb, sqlite, mongodb, cassandra, dynamodb, clickhouse, snowflake, "
                 "bigquery, duckdb, neo4j, couchdb, cockroachdb, timescaledb, influxdb, sql server"),
    ("cache", "redis, memcached"),
    ("message_queue", "kafka, rabbitmq, nats, zeromq, sqs"),
    ("task_queue", "celery, apscheduler, rq, sidekiq, dramatiq, huey"),
    ("container_engine", "docker, podman"),
    ("orchestrator", "kubernetes, nomad"),
    ("iac", "terraform, pulumi"),
    ("config_mgmt", "ansible, puppet, chef, salt"),
    ("web_server", "nginx, apache, caddy, traefik, haproxy, envoy"),
    ("ui_framework", "react, vue, angular, svelte, solid, ember"),
    ("meta_framework", "next.js, nuxt, remix, gatsby, astro, sveltekit"),
    ("web_framework", "django, flask, fastapi, starlette, pyramid, tornado, rails, sinatra, laravel, symfony, "
                      "spring, express, koa, nestjs, hapi, phoenix, gin, echo, fiber, actix, axum, rocket"),
    ("orm", "sqlalchemy, peewee, prisma, sequelize, typeorm, hibernate"),
    ("package_manager", "npm, yarn, pnpm, pip, pipenv, poetry, uv, conda, mamba, bundler, composer"),
    ("bundler", "webpack, vite, rollup, esbuild, parcel, turbopack"),
    ("test_runner", "pytest, unittest, nose, jest, mocha, vitest, junit, rspec"),
    ("browser_automation", "cypress, playwright, selenium, puppeteer"),
    ("linter", "eslint, ruff, flake8, pylint"),
    ("formatter", "prettier, black"),
    ("type_checker", "mypy, pyright"),
    ("code_host", "github, gitlab, bitbucket, gitea"),
    ("ci", "jenkins, circleci, travis, travis ci, github actions, gitlab ci, buildkite, drone, teamcity"),
    ("cloud", "aws, azure, google cloud, heroku, vercel, netlify, fly.io, render, digitalocean, linode, "
              "hetzner, ovh"),
    ("os", "ubuntu, debian, fedora, centos, rhel, arch, alpine, nixos, opensuse, mint, windows, macos, freebsd"),
    ("editor", "vim, neovim, emacs, nano, vs code, pycharm, intellij, webstorm, sublime, atom, cursor, zed, "
               "helix, xcode"),
    ("chat", "slack, discord, mattermost"),
    ("issue_tracker", "jira, trello, asana, linear, clickup"),
    ("wiki", "confluence"),
    ("api_style", "rest, graphql, grpc, soap"),
    ("data_format", "json, yaml, toml, xml, ini, csv"),
    ("monitoring", "datadog, sentry, newrelic, splunk"),
    ("log_level", "trace, debug, info, notice, warning, error, critical, fatal"),
):
    for _name in _names.split(","):
        TECH_CATEGORIES[_name.strip()] = _category

# Spellings of one value that are not technology names ("WARN" is "WARNING").
VALUE_ALIASES: dict[str, str] = {
    "warn": "warning", "err": "error", "crit": "critical", "information": "info", "dbg": "debug",
}

# Common short forms of given names that are not prefixes of the full name ("Bob" is "Robert").
NICKNAMES: dict[str, str] = {}
for _full, _shorts in (
    ("robert", "bob bobby rob robbie bert"), ("william", "bill billy will willy liam"),
    ("james", "jim jimmy jamie"), ("richard", "dick rick ricky rich"), ("elizabeth", "liz lizzy beth betty eliza"),
    ("margaret", "maggie meg peggy greta"), ("katherine", "kate katie kathy kat"), ("catherine", "kate katie cathy"),
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
):
    for _short in _shorts.split():
        NICKNAMES.setdefault(_short, _full)
