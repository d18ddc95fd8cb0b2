"""The shipped recall benchmark with conversational noise, as memories look in real chats.

Built deterministically from ``recall_eval.data.build()`` (same seed, no network, no model):

* paraphrase -- every memory is restated the way people put things in a chat ("fyi, ...",
  "just so you know ...", "noted from the call: ..."), lower-cased now and then;
* chit-chat -- 600 dated small-talk turns ("thanks, that helped", "morning! coffee first")
  that a memorizer keeps too and that share no facts with anything;
* dated memories and questions -- a third of the memories say when they were noted
  ("on 14 June ..."); 60 extra ``temporal`` questions ask for a fact by when it was
  mentioned ("What did I note about the auth service in June 2025?").

Queries keep their ids, answers and stale lists, so the stale-fact rate is measured as on the
clean set. ``python -m festinger_testkit.recall_eval.noisy`` rewrites the shipped file byte for byte.
"""

from __future__ import annotations

import json
import random
from datetime import datetime, timedelta
from pathlib import Path

from festinger_testkit.recall_eval.data import NOW, build
from festinger_testkit.recall_eval.memorybank import DATA_DIR

DATA_FILE = DATA_DIR / "recall_eval_noisy.jsonl"
SEED = 20261123

WRAPPERS = ["fyi, {t}", "just so you know, {t}", "noted from the call: {t}", "oh and {t}",
            "btw {t} (in case it matters later)", "{t}, as far as I remember",
            "quick note: {t}", "remember that {t}", "{t} -- someone mentioned it in standup",
            "heads up: {t}"]
CHITCHAT = ["thanks, that helped a lot", "morning! coffee first, then the tickets",
            "ok cool, talk later", "haha yes exactly", "sorry, was in a meeting",
            "can you remind me tomorrow?", "great, that works for me", "no worries at all",
            "let me think about it over the weekend", "lunch break, back in 30",
            "that was a long day", "sounds good, let's do that", "hmm not sure about this one",
            "I'll check and get back to you", "nice, thanks for the quick answer",
            "what a week, honestly", "brb", "perfect, ship it", "ugh, the wifi again",
            "good night, see you tomorrow"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
          "September", "October", "November", "December"]


def _restate(text: str, rng: random.Random) -> str:
    # lower-case a sentence start, not an acronym ("API keys" stays)
    t = text[0].lower() + text[1:] if text[:2].istitle() else text
    if text.startswith("#"):
        return text  # solutions keep their Problem/Solution shape (Agent Zero writes them so)
    out = rng.choice(WRAPPERS).format(t=t)
    return out.lower() if rng.random() < 0.2 else out


def _created(meta: dict) -> datetime:
    return datetime.fromisoformat(meta["lineage"]["created_at"])


def build_noisy(seed: int = SEED) -> list[dict]:
    rng = random.Random(seed)
    clean = build()
    memories = [r for r in clean if r["type"] == "memory"]
    queries = [r for r in clean if r["type"] == "query"]
    by_id = {m["id"]: m for m in memories}
    out: list[dict] = []
    for m in memories:
        m = json.loads(json.dumps(m))
        text = _restate(m["text"], rng)
        if rng.random() < 0.33 and not text.startswith("#"):
            c = _created(m["metadata"])
            text = f"on {c.day} {MONTHS[c.month - 1]} {text}"
        m["text"] = text
        out.append(m)
    for i in range(600):
        created = NOW - timedelta(days=rng.uniform(0, 420))
        mem_id = f"c{i:04d}"
        out.append({"type": "memory", "id": mem_id, "text": rng.choice(CHITCHAT), "metadata": {
            "area": "main", "id": mem_id, "timestamp": created.strftime("%Y-%m-%d %H:%M:%S"),
            "classification": {"validity": "confirmed", "relevance": "active",
                               "utility": "tactical", "source": "user_asserted"},
            "lineage": {"created_at": created.isoformat(timespec="seconds"), "created_by_role": None,
                        "bst_domain": "conversational", "supersedes": None, "superseded_by": None,
                        "access_count": 0, "last_accessed": None}}})
    out.extend(json.loads(json.dumps(q)) for q in queries)
    # temporal questions: a fact asked for by the month it was noted in
    candidates = [q for q in queries if q["kind"] in ("paraphrase", "identifier") and len(q["answers"]) == 1]
    for n, q in enumerate(rng.sample(candidates, 60)):
        c = _created(by_id[q["answers"][0]]["metadata"])
        stem = q["text"].rstrip("?")
        phr = rng.choice([f"{stem}? I think I noted it in {MONTHS[c.month - 1]} {c.year}",
                          f"Back in {MONTHS[c.month - 1]} {c.year} I wrote down: {stem[0].lower() + stem[1:]}?",
                          f"{stem} -- the note from {MONTHS[c.month - 1]} {c.year}?"])
        out.append({"type": "query", "id": f"t{n:04d}", "text": phr, "kind": "temporal",
                    "answers": list(q["answers"]), "stale": []})
    return out


def write(path: Path = DATA_FILE) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as f:
        for rec in build_noisy():
            f.write(json.dumps(rec, ensure_ascii=False, sort_keys=True) + "\n")
    return path


if __name__ == "__main__":
    p = write()
    recs = [json.loads(x) for x in p.read_text("utf-8").splitlines()]
    print(p, sum(r["type"] == "memory" for r in recs), "memories",
          sum(r["type"] == "query" for r in recs), "queries")
