"""Generate the labelled recall benchmark shipped as ``festinger_testkit/data/recall_eval.jsonl``.

Deterministic (a fixed seed, no network, no model): ``python -m festinger_testkit.recall_eval.data``
rewrites the file byte for byte the same. The world is a small software organisation --
services on hosts and ports, projects pinned to library versions, people's preferences,
incident solutions, hard constraints, many similar-sounding notes -- and a share of its
facts changed over time: the old memory is kept, marked ``deprecated`` with
``superseded_by`` pointing at the new one, exactly as the conflict resolver leaves them.

Records, one JSON object per line:
  {"type": "memory", "id", "text", "metadata": {area, id, timestamp, classification, lineage}}
  {"type": "query", "id", "text", "kind", "answers": [memory ids], "stale": [memory ids]}
Query kinds: ``paraphrase`` (no key word of the memory repeated), ``identifier`` (an exact
hostname, port or version string), ``superseded`` (the fact changed: the answer is the new
memory, the old one is stale), ``solution`` and ``constraint``.
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Optional

SEED = 20260219
NOW = datetime(2026, 3, 1, 12, 0, 0, tzinfo=timezone.utc)
DATA_FILE = Path(__file__).resolve().parents[1] / "data" / "recall_eval.jsonl"

SERVICES = ["auth", "billing", "search", "payments", "notifications", "inventory", "shipping",
            "analytics", "reporting", "gateway", "scheduler", "mailer", "catalog", "checkout",
            "ledger", "identity", "media", "thumbnails", "exports", "imports", "webhooks",
            "audit", "metrics", "feature flags", "recommendations", "pricing", "invoicing",
            "support desk", "chat", "geolocation"]
PROJECTS = ["atlas", "borealis", "cobalt", "dynamo", "ember", "fjord", "granite", "harbor",
            "iris", "juniper", "kestrel", "lumen", "meridian", "nimbus", "onyx", "prism",
            "quartz", "raven", "sierra", "tundra"]
PEOPLE = ["Alice", "Bruno", "Chen", "Dana", "Emeka", "Farah", "Goran", "Hana", "Ivan", "Jonas",
          "Keiko", "Luis", "Mira", "Nadia", "Omar"]
TEAMS = ["platform", "data", "frontend", "mobile", "security", "infra", "growth", "payments"]
LIBS = [("Django", 4), ("React", 18), ("numpy", 1), ("Kafka", 3), ("Terraform", 1),
        ("Redis", 7), ("PostgreSQL", 16), ("nginx", 1), ("Celery", 5), ("Node.js", 20)]
HOST_PREFIX = ["app", "db", "api", "kube-node", "worker", "edge", "cache", "batch"]
HOST_DOMAIN = ["internal", "corp.lan", "eu-west.cluster", "us-east.cluster", "dc2.example.net"]
ENVS = ["prod", "stg", "dev", "dr"]

PREFS = [  # (topic, preference, paraphrased question)
    ("code reviews", "small pull requests under 300 lines", "How big should the changes be that {p} reviews?"),
    ("meetings", "written agendas sent a day before", "What does {p} expect before a meeting?"),
    ("status updates", "a short Slack message every Friday", "How and when does {p} want to hear how things are going?"),
    ("documentation", "Markdown files next to the code", "Where does {p} like the docs to live?"),
    ("testing", "property-based tests for parsers", "What kind of tests does {p} favour for parsing code?"),
    ("deployments", "blue-green rollouts with a manual switch", "How does {p} like releases to go out?"),
    ("naming", "long descriptive names over abbreviations", "What is {p}'s stance on short identifiers?"),
    ("on-call", "handover notes in the incident channel", "What does {p} want at the end of an on-call shift?"),
]
ERRORS = [
    ("connection pool exhausted", "raise the pool size to 50 and close sessions in a finally block",
     "How did we get past running out of database connections in {s}?"),
    ("TLS handshake timeout", "renew the intermediate certificate and restart the sidecar",
     "What fixed the slow secure connection setup failures in {s}?"),
    ("out of memory kill", "cap the batch size at 500 rows and stream the export",
     "What stopped {s} from being killed for using too much RAM?"),
    ("duplicate webhook delivery", "store delivery ids and drop repeats within 24 hours",
     "How did we stop {s} from processing the same callback twice?"),
    ("clock skew token rejection", "sync the hosts with chrony and allow 30 seconds of leeway",
     "What solved {s} refusing tokens because server times disagreed?"),
]
CONSTRAINTS = [
    ("{x} must never be deployed on a Friday", "Is there a day of the week when {x} cannot ship?"),
    ("Customer data of {x} must always stay in the EU region", "Where is {x} allowed to keep customer records?"),
    ("{x} is required to keep 99.9 percent availability", "What uptime commitment applies to {x}?"),
    ("Every schema change in {x} must go through a reviewed migration", "Can someone alter the {x} tables by hand?"),
]
NOTES = [  # similar-sounding filler about the same entities (no queries point at them)
    "{s} logs are retained for {n} days",
    "{s} runs {n} replicas in production",
    "The {t} team reviews every change to {s}",
    "{s} dashboards live in the {t} Grafana folder",
    "Alerts for {s} page the {t} on-call rotation",
    "{s} was last load tested {n} weeks ago",
    "{s} depends on the {s2} service for lookups",
    "The {s} runbook was updated by the {t} team",
    "{s} publishes events to the {s2} topic",
    "Latency of {s} is tracked as p95 in milliseconds",
]
PROJECT_NOTES = [
    "{x} CI takes about {n} minutes on the main branch",
    "{x} has {n} open issues labelled good first issue",
    "The {x} repository uses trunk-based development",
    "{x} nightly builds are published to the internal registry",
    "{x} release notes are written by the {t} team",
]


class _World:
    def __init__(self, seed: int = SEED) -> None:
        self.rng = random.Random(seed)
        self.records: list[dict] = []
        self.n = 0
        self.q = 0
        self.hosts: set[str] = set()
        self.ports: set[int] = set()
        self.versions: set[str] = set()

    # --- memories --------------------------------------------------------------------
    def memory(self, text: str, *, area: str = "fragments", source: str = "user_asserted",
               validity: Optional[str] = None, utility: str = "tactical",
               domain: Optional[str] = None, age_days: Optional[float] = None,
               supersedes: Optional[str] = None) -> str:
        self.n += 1
        mem_id = f"m{self.n:04d}"
        age = age_days if age_days is not None else self.rng.uniform(1, 400)
        created = NOW - timedelta(days=age)
        validity = validity or ("confirmed" if source == "user_asserted" else "inferred")
        self.records.append({
            "type": "memory", "id": mem_id, "text": text,
            "metadata": {
                "area": area, "id": mem_id,
                "timestamp": created.strftime("%Y-%m-%d %H:%M:%S"),
                "classification": {"validity": validity, "relevance": "active",
                                   "utility": utility, "source": source},
                "lineage": {"created_at": created.isoformat(timespec="seconds"),
                            "created_by_role": None, "bst_domain": domain,
                            "supersedes": supersedes, "superseded_by": None,
                            "access_count": self.rng.choice([0, 0, 0, 1, 2, 3, 5, 8]),
                            "last_accessed": None},
            },
        })
        return mem_id

    def supersede(self, old_id: str, new_id: str) -> None:
        for rec in self.records:
            if rec["type"] == "memory" and rec["id"] == old_id:
                rec["metadata"]["classification"]["validity"] = "deprecated"
                rec["metadata"]["lineage"]["superseded_by"] = new_id

    def query(self, text: str, kind: str, answers: list[str], stale: Optional[list[str]] = None) -> None:
        self.q += 1
        self.records.append({"type": "query", "id": f"q{self.q:04d}", "text": text, "kind": kind,
                             "answers": answers, "stale": stale or []})

    # --- unique identifiers ------------------------------------------------------------
    def host(self) -> str:
        while True:
            h = (f"{self.rng.choice(HOST_PREFIX)}-{self.rng.choice(ENVS)}-"
                 f"{self.rng.randint(1, 48):02d}.{self.rng.choice(HOST_DOMAIN)}")
            if h not in self.hosts:
                self.hosts.add(h)
                return h

    def port(self) -> int:
        while True:
            p = self.rng.randint(3000, 9899)
            if p not in self.ports:
                self.ports.add(p)
                return p

    def version(self, major: int) -> str:
        while True:
            v = f"{major}.{self.rng.randint(0, 19)}.{self.rng.randint(0, 30)}"
            if v not in self.versions:
                self.versions.add(v)
                return v


def build(seed: int = SEED) -> list[dict]:
    w = _World(seed)
    rng = w.rng

    # services: host + port facts, paraphrase and identifier questions
    for i, s in enumerate(SERVICES):
        host, port = w.host(), w.port()
        h = w.memory(f"The {s} service is deployed on {host}", domain="docker_ops")
        p = w.memory(f"{s.capitalize()} accepts connections on port {port}", domain="config_edit")
        w.query(f"Which machine hosts the {s} service?", "paraphrase", [h])
        w.query(f"What is running on {host}?", "identifier", [h])
        if i % 2 == 0:
            w.query(f"What port should I use to reach {s}?", "paraphrase", [p])
        else:
            w.query(f"Which service answers on {port}?", "identifier", [p])

    # projects pinned to library versions
    for x in PROJECTS:
        for lib, major in rng.sample(LIBS, 2):
            ver = w.version(major)
            m = w.memory(f"Project {x} is pinned to {lib} {ver}", domain="dependency_mgmt")
            if rng.random() < 0.5:
                w.query(f"Which project depends on {lib} {ver}?", "identifier", [m])
            else:
                w.query(f"What {lib} release does {x} use?", "paraphrase", [m])

    # facts that changed: the old memory stays, deprecated
    def changed(old_text: str, new_text: str, question: str, domain: Optional[str],
                source_old: str = "user_asserted") -> None:
        old = w.memory(old_text, domain=domain, age_days=rng.uniform(160, 420), source=source_old)
        new = w.memory(new_text, domain=domain, age_days=rng.uniform(2, 150), supersedes=old)
        w.supersede(old, new)
        w.query(question, "superseded", [new], [old])

    for s in rng.sample(SERVICES, 15):
        a, b = rng.sample([30, 45, 60, 90, 120, 180], 2)
        changed(f"API keys for {s} are rotated every {a} days",
                f"API keys for {s} are now rotated every {b} days",
                f"How often do the {s} API keys get rotated?", "config_edit")
    for t in TEAMS:
        a, b = rng.sample(["9:00", "9:30", "10:00", "10:15", "11:00", "13:30"], 2)
        changed(f"The {t} team standup is at {a}", f"The {t} team standup moved to {b}",
                f"When does the {t} team meet for standup?", "conversational")
    for s in rng.sample(SERVICES, 15):
        a, b = rng.sample(PEOPLE, 2)
        changed(f"{a} owns the {s} service", f"{b} took over ownership of the {s} service",
                f"Who is responsible for {s}?", None, source_old="agent_inferred")
    langs = [("Python", 3), ("Go", 1), ("Java", 17), ("Ruby", 3)]
    for x in PROJECTS:
        lang, major = rng.choice(langs)
        old_v, new_v = w.version(major), w.version(major)
        changed(f"Project {x} runs on {lang} {old_v}", f"Project {x} was upgraded to {lang} {new_v}",
                f"Which {lang} version does project {x} run on now?", "dependency_mgmt")

    # people's preferences (paraphrased questions)
    for pi, person in enumerate(PEOPLE):
        for topic, pref, question in rng.sample(PREFS, 2):
            m = w.memory(f"{person} prefers {pref} for {topic}", domain="conversational")
            if pi % 2 == 0 or topic == "testing":
                w.query(question.format(p=person), "paraphrase", [m])

    # incident solutions (the solutions area, agent-inferred)
    for s in rng.sample(SERVICES, 20):
        err, fix, question = rng.choice(ERRORS)
        m = w.memory(f"# Problem\n {err} in {s}\n# Solution\n {fix}", area="solutions",
                     source="agent_inferred", domain="bugfix")
        w.query(question.format(s=s), "solution", [m])

    # hard constraints (load_bearing)
    for x in rng.sample(PROJECTS + SERVICES, 16):
        text, question = rng.choice(CONSTRAINTS)
        m = w.memory(text.format(x=x), utility="load_bearing", domain="config_edit")
        if rng.random() < 0.75:
            w.query(question.format(x=x), "constraint", [m])

    # filler that shares the vocabulary
    for _ in range(240):
        s, s2 = rng.sample(SERVICES, 2)
        w.memory(rng.choice(NOTES).format(s=s.capitalize() if rng.random() < 0.3 else s, s2=s2,
                                          t=rng.choice(TEAMS), n=rng.randint(2, 90)),
                 source=rng.choice(["user_asserted", "agent_inferred"]),
                 utility=rng.choice(["tactical", "tactical", "tactical", "archived"]),
                 domain=rng.choice(["docker_ops", "log_analysis", None, "analysis"]))
    for _ in range(60):
        w.memory(rng.choice(PROJECT_NOTES).format(x=rng.choice(PROJECTS), t=rng.choice(TEAMS),
                                                  n=rng.randint(2, 60)),
                 source="agent_inferred", domain=rng.choice(["git_ops", "codegen", None]))
    return w.records


def write(path: Path = DATA_FILE, seed: int = SEED) -> Path:
    records = build(seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False, sort_keys=True) + "\n")
    return path


def load(path: Path = DATA_FILE) -> tuple[list[dict], list[dict]]:
    memories, queries = [], []
    with path.open(encoding="utf-8") as f:
        for line in f:
            rec: dict[str, Any] = json.loads(line)
            (memories if rec["type"] == "memory" else queries).append(rec)
    return memories, queries


if __name__ == "__main__":
    out = write()
    mems, qs = load(out)
    kinds: dict[str, int] = {}
    for q in qs:
        kinds[q["kind"]] = kinds.get(q["kind"], 0) + 1
    print(f"wrote {out}: {len(mems)} memories, {len(qs)} queries {kinds}")
