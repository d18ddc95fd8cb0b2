"""Convert MemoryBank's English evaluation set into the recall benchmark's record format.

Source: MemoryBank (Zhong et al., AAAI 2024), github.com/zhongwanjun/MemoryBank-SiliconFriend,
files ``eval_data/en/memory_bank_en.json`` (15 users, 10 daily conversations each with an AI
companion, 2023-04-27 .. 2023-05-06) and ``eval_data/en/probing_questions_en.jsonl`` (97
questions the users ask later), MIT licence. The source ships the questions without evidence;
the evidence turns below were labelled by hand by reading each user's conversation (the turn
that states the asked fact; a question about a whole day names every turn of that day that
answers it). Two questions whose answer appears nowhere in the conversation are left out.

Conversion, the same way as the acceptance benchmark: every dialog turn is one memory --
the user's message ``"<user>: <message>"`` and the companion's reply ``"AI companion to
<user>: <reply>"`` -- dated by its conversation day (evening, a minute apart per exchange);
the 15 users share one store, so a question is asked as ``"<user>: <question>"`` on
2023-05-07 (the day after the last conversation). The answer of a question about what the
companion said (``assistant``: "what did you recommend ...") is the reply turn, of a
question about both sides ("what did we talk about") both turns, otherwise the user's turn. Deterministic: ``python -m festinger_testkit.recall_eval.memorybank SRC_DIR`` rewrites
the shipped file byte for byte.
"""

from __future__ import annotations

import json
import re
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parents[1] / "data" / "recall"
DATA_FILE = DATA_DIR / "memorybank_recall.jsonl"
ASKED_AT = datetime(2023, 5, 7, 10, 0, 0, tzinfo=timezone.utc)

# user -> question index -> evidence turn indexes (0-based, per user, in conversation order);
# None = the conversation does not contain the answer (left out).
EVIDENCE: dict[str, list[list[int] | None]] = {
    "Emily": [[17], [20], [32], [4, 5], [15, 16], [25, 26], [34, 35, 36]],
    "Frank": [[2], [15], [18], [47, 48], [50], [25], [9]],
    "Lucy": [[2, 3], [10, 11], [1, 6], [14], [15, 23], [21], [6]],
    "Sunny": [[6], [3, 4], [25], [19], [2, 6, 19], [15], [16, 27]],
    "Jason": [[7], [13], [6, 7], [4], [20], [25, 26], [32]],
    "Linda": [[41, 42, 43], [44], [1, 2, 3], None, [24], [19, 20], [33, 34, 35]],
    "John Zhang": [[3, 4], [6, 7, 8], [5], [9], None, [15], [16]],
    "Ivy": [[1, 2, 3, 4], [33, 34], [24, 25], [8], [2, 3], [30], [24]],
    "Henry": [[1], [11], [12], [24], [30, 31], [6, 7], [17]],
    "Gary": [[6], [22], [26], [23], [16, 17, 18], [10], [19]],
    "Jack": [[2], [2], [32], [11], [22], [18], [25]],
    "Roland": [[14, 18], [15, 19], [13, 14, 15, 16, 17, 18, 19, 20], [26], [7, 8], [2]],
    "Susan": [[1, 2], [2], [13, 14], [9, 10], [27]],
    "Luna": [[7, 8], [19, 20], [36], [34], [9, 10]],
    "Leo": [[1, 2], [17], [18], [20], [20], [23], [28, 29]],
}

_MONTH_DAY = re.compile(r"\b(January|February|March|April|May|June|July|August|September|"
                        r"October|November|December)\s+\d{1,2}(st|nd|rd|th)?\b")
_RELATIVE = re.compile(r"\b(days? ago|first conversation|yesterday|last week|recently)\b", re.I)


def question_kind(question: str) -> str:
    """``temporal`` (names a day or a time), ``assistant`` (what the companion said),
    ``preference`` (the user's likes) or ``event`` (something the user told)."""
    q = question.strip('" ')
    if _MONTH_DAY.search(q) or _RELATIVE.search(q):
        return "temporal"
    if re.search(r"\byou\b.*\b(recommend|told|taught|give|gave|shared with me|share with me)", q, re.I) \
            or re.search(r"\bdid you\b", q, re.I):
        return "assistant"
    if re.search(r"\b(do I (like|enjoy)|I don't like|my favou?rite|do I like)\b", q, re.I):
        return "preference"
    return "event"


def _answer_halves(question: str) -> str:
    if re.search(r"\bwe\b", question, re.I):
        return "ua"
    return "a" if question_kind(question) == "assistant" or re.search(
        r"\byou\b.*\b(recommend|told|taught|give|gave|suggest)", question, re.I) else "u"


def _memory(mem_id: str, text: str, created: datetime) -> dict:
    return {
        "type": "memory", "id": mem_id, "text": text,
        "metadata": {
            "area": "main", "id": mem_id,
            "timestamp": created.strftime("%Y-%m-%d %H:%M:%S"),
            "classification": {"validity": "confirmed", "relevance": "active",
                               "utility": "tactical", "source": "user_asserted"},
            "lineage": {"created_at": created.isoformat(timespec="seconds"),
                        "created_by_role": None, "bst_domain": "conversational",
                        "supersedes": None, "superseded_by": None,
                        "access_count": 0, "last_accessed": None},
        },
    }


def build(src: Path) -> list[dict]:
    bank = {k.strip(): v for k, v in json.loads((src / "memory_bank_en.json").read_text("utf-8")).items()}
    questions: dict[str, list[str]] = {}
    for line in (src / "probing_questions_en.jsonl").read_text("utf-8").splitlines():
        if line.strip():
            questions.update({k.strip(): v for k, v in json.loads(line).items()})
    records: list[dict] = []
    for user, evidence in EVIDENCE.items():
        slug = user.lower().replace(" ", "-")
        n = 0
        for day, turns in bank[user]["history"].items():
            start = datetime.fromisoformat(day).replace(hour=19, tzinfo=timezone.utc)
            for i, turn in enumerate(turns):
                for half, text in (("u", f"{user}: {turn['query'].strip()}"),
                                   ("a", f"AI companion to {user}: {turn['response'].strip()}")):
                    created = start + timedelta(minutes=2 * i + (half == "a"))
                    records.append(_memory(f"mb-{slug}-{n:02d}{half}", text, created))
                n += 1
        user_qs = questions[user]
        if len(user_qs) != len(evidence):
            raise ValueError(f"{user}: {len(user_qs)} questions, {len(evidence)} labels")
        for qi, (question, turns) in enumerate(zip(user_qs, evidence)):
            if turns is None:
                continue
            if any(t >= n for t in turns):
                raise ValueError(f"{user} question {qi}: evidence turn out of range")
            text = question.strip().strip('"').strip()
            halves = _answer_halves(text)
            records.append({"type": "query", "id": f"mbq-{slug}-{qi}", "text": f"{user}: {text}",
                            "kind": question_kind(text),
                            "answers": [f"mb-{slug}-{t:02d}{h}" for t in turns for h in halves],
                            "stale": [],
                            "asked_at": ASKED_AT.isoformat(timespec="seconds")})
    return records


def write(src: Path, path: Path = DATA_FILE) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as f:
        for rec in build(src):
            f.write(json.dumps(rec, ensure_ascii=False, sort_keys=True) + "\n")
    return path


if __name__ == "__main__":
    out = write(Path(sys.argv[1]))
    from collections import Counter

    recs = [json.loads(x) for x in out.read_text("utf-8").splitlines()]
    qs = [r for r in recs if r["type"] == "query"]
    print(out, sum(r["type"] == "memory" for r in recs), "memories", len(qs), "queries",
          dict(Counter(q["kind"] for q in qs)))
