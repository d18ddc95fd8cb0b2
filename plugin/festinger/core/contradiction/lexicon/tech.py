"""Technology names, aliases and categories, and value spellings."""

from __future__ import annotations

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
    "arch linux": "arch", "archlinux": "arch", "fedora linux": "fedora", "alpine linux": "alpine",
    "debian linux": "debian", "linux mint": "mint", "ubuntu linux": "ubuntu",
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
    are every each about around over under than version v
    january february march april may june july august september october november december
    jan feb mar apr jun jul aug sep sept oct nov dec""".split()
)  # "March 5" is a date, never release 5 of a product called March

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

# Operating systems, phones' included (which are no "os" alternatives above: an app runs on both).
OPERATING_SYSTEMS = frozenset(n for n, c in TECH_CATEGORIES.items() if c == "os") | frozenset(
    "ios ipados watchos tvos android linux chromeos wsl".split())

# Spellings of one value that are not technology names ("WARN" is "WARNING").
VALUE_ALIASES: dict[str, str] = {
    "warn": "warning", "err": "error", "crit": "critical", "information": "info", "dbg": "debug",
}

# A product that runs as another answers to the other's name: a TimescaleDB database is a PostgreSQL
# database with an extension loaded, and MariaDB installs and runs as MySQL (its packages provide
# "mysql" and "mysqld"), so "the database is MariaDB" and "the database is MySQL" may be one
# database. A fork with a program of its own ("Neovim" for "Vim") is another tool, and is not here.
RUNS_AS: dict[str, str] = {"timescaledb": "postgresql", "mariadb": "mysql"}

# Companies whose name is also their product or service: "quit Google", "quit Uber" says as often
# that one left a job there as that one stopped using it, and the words do not say which.
EMPLOYER_BRANDS = frozenset(
    """google alphabet amazon aws microsoft apple meta facebook instagram whatsapp twitter x netflix spotify
    uber lyft airbnb doordash instacart tesla salesforce oracle ibm intel nvidia linkedin tiktok snapchat
    pinterest reddit shopify stripe paypal ebay etsy dropbox zoom slack atlassian github gitlab adobe
    starbucks walmart target costco ikea""".split())
# Applications one opens and closes: "quit Chrome" is as often closing the window as giving it up, and
# "is off Slack" is as often offline as gone.
DESKTOP_APPS = frozenset(
    """chrome firefox safari edge brave opera vim neovim emacs nano vs code vscode pycharm intellij webstorm
    sublime atom cursor zed helix xcode slack discord teams zoom skype mattermost signal telegram whatsapp
    outlook thunderbird excel word powerpoint photoshop figma spotify notion obsidian steam""".split())
_POSTGRES = "postgresql"
_LINUX = "linux"
# "Y runs on X" (refinement.py): a new value (lower case, squashed of spaces and dots) -> the old
# values it is built on or runs on; moving to it is not moving off them ("Kubernetes" -> "EKS").
BUILT_ON: dict[str, frozenset[str]] = {k: frozenset(v.split()) for k, v in {
    # managed or packaged Kubernetes
    "eks": "kubernetes k8s", "gke": "kubernetes k8s", "aks": "kubernetes k8s", "openshift": "kubernetes k8s",
    "k3s": "kubernetes k8s", "rancher": "kubernetes k8s", "doks": "kubernetes k8s",
    # frameworks on a UI library
    "nextjs": "react reactjs", "next": "react reactjs", "remix": "react reactjs", "gatsby": "react reactjs",
    "reactnative": "react reactjs", "nuxt": "vue vuejs", "nuxtjs": "vue vuejs", "sveltekit": "svelte",
    "analog": "angular", "nestjs": "node nodejs express", "express": "node nodejs",
    # managed or extended databases
    "rds": f"{_POSTGRES} postgres mysql aws", "aurora": f"{_POSTGRES} postgres mysql aws",
    "supabase": f"{_POSTGRES} postgres", "neon": f"{_POSTGRES} postgres",  "cloudsql": f"{_POSTGRES} postgres mysql gcp", "planetscale": "mysql",
    "atlas": "mongodb mongo", "mongodbatlas": "mongodb mongo", "elasticache": "redis aws",
    # services of a cloud
    "lightsail": "aws", "ec2": "aws", "ecs": "aws", "fargate": "aws", "lambda": "aws", "elasticbeanstalk": "aws",
    "amplify": "aws", "cloudrun": "gcp", "appengine": "gcp", "firebase": "gcp",
    # distributions and layers of an operating system
    "ubuntu": _LINUX, "kubuntu": f"ubuntu {_LINUX}", "xubuntu": f"ubuntu {_LINUX}", "lubuntu": f"ubuntu {_LINUX}", "debian": _LINUX, "fedora": _LINUX, "nixos": _LINUX, "arch": _LINUX, "archlinux": _LINUX,
    "mint": _LINUX, "linuxmint": _LINUX, "centos": _LINUX, "rhel": _LINUX, "alpine": _LINUX, "popos": _LINUX,
    "manjaro": _LINUX, "opensuse": _LINUX, "kali": _LINUX, "wsl": "windows", "wsl2": "windows",
    # clients and hosts of a tool or a mailbox
    "github": "git", "githubdesktop": "git", "gitlab": "git", "sourcetree": "git", "gitkraken": "git",
    "superhuman": "gmail", "spark": "gmail",
    # a generic name of a brand drug
    "escitalopram": "lexapro", "sertraline": "zoloft", "fluoxetine": "prozac", "atorvastatin": "lipitor",
    "ibuprofen": "advil motrin", "acetaminophen": "tylenol", "paracetamol": "tylenol", "omeprazole": "prilosec",
    "levothyroxine": "synthroid", "bupropion": "wellbutrin", "metformin": "glucophage",
}.items()}
