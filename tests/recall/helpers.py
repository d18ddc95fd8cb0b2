"""Building classified memories and reading what the model was shown."""

from __future__ import annotations

from typing import Optional

from festinger_testkit.simulator import respond, tool_call


def meta(area: str = "fragments", *, validity: str = "confirmed", utility: str = "tactical",
         source: str = "user_asserted", domain: Optional[str] = None,
         role: Optional[str] = None, access: int = 0, superseded_by: Optional[str] = None,
         relevance: str = "active", created_at: Optional[str] = None) -> dict:
    return {
        "area": area,
        "classification": {"validity": validity, "relevance": relevance, "utility": utility,
                           "source": source},
        "lineage": {"created_at": created_at, "created_by_role": role, "bst_domain": domain,
                    "supersedes": None, "superseded_by": superseded_by, "access_count": access,
                    "last_accessed": None},
    }


async def store(sim, agent, text: str, **kw) -> str:
    db = await sim.memory(agent)
    return await db.insert_text(text, meta(**kw))


async def store_plain(sim, agent, text: str, area: str = "fragments") -> str:
    db = await sim.memory(agent)
    return await db.insert_text(text, {"area": area})


def shown(prompt) -> str:
    """Memories + solutions text of one sent prompt ('' when none)."""
    return "\n".join(str(prompt.extras.get(k, "")) for k in ("memories", "solutions"))


def all_shown(sim) -> list[str]:
    return [shown(p) for p in sim.sent_prompts]


async def lineage(sim, agent, doc_id: str) -> dict:
    db = await sim.memory(agent)
    return db.db.get_all_docs()[doc_id].metadata.get("lineage") or {}


def loop_replies(n: int, final: str = "done") -> list:
    return [tool_call("memory_load", query=f"q{i}") for i in range(n)] + [respond(final)]
