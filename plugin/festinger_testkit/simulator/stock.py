"""Agent Zero's stock memory hooks, re-implemented with the same timing and data effects.

* ``monologue_start/_10_memory_init``: ``await Memory.get(agent)`` (creates the store files).
* ``message_loop_prompts_after/_50_recall_memories``: when recall is enabled and
  ``iteration % memory_recall_interval == 0`` it logs "Searching memories...", starts
  ``asyncio.create_task(wait_for(search, 30 s))`` on the chat loop and stores it as agent
  data ``_recall_memories_task`` (``None`` on other iterations) plus
  ``_recall_memories_iter``. It does not wait. The task, once the loop lets it run, FIRST
  deletes ``extras_persistent["memories"]`` and ``["solutions"]``, then searches
  (query = user message text + "\\n\\n" + last ``memory_recall_history_len`` chars of the
  history; memories filter ``area == 'main' or area == 'fragments'``, solutions
  ``area == 'solutions'``; ``*_max_search`` before, ``*_max_result`` after the optional
  LLM post-filter) and writes the two keys as plain text (contents joined by blank lines
  under a heading; no ids, no metadata). The simulator adds ``recall_delay`` seconds before
  the search to stand for query embedding time.
* ``message_loop_prompts_after/_91_recall_wait``: if the task is pending it awaits it --
  except in delayed mode on the iteration that started it, where it only puts
  ``extras_temporary["memory_recall_delayed"]`` and returns.
* ``monologue_end/_50_memorize_fragments`` and ``_51_memorize_solutions``: when memorize
  is enabled they log and hand ``memorize`` to ``DeferredTask(thread_name="Background")``,
  then return at once. In the background: utility LLM summary of the whole history
  (JSON list), then per item consolidation (default) or replace-by-similarity (>= 0.9) +
  insert; errors are logged as warnings, never raised.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from .consolidation import Consolidator
from .extension import Extension, VirtualSource

DATA_NAME_TASK = "_recall_memories_task"
DATA_NAME_ITER = "_recall_memories_iter"
SEARCH_TIMEOUT = 30


class _StockHook(Extension):
    @property
    def rt(self) -> Any:
        return self.agent._runtime

    def config(self) -> dict[str, Any]:
        return self.rt.settings.memory_config(self.agent)


class SystemPrompt(_StockHook):
    async def execute(self, system_prompt: list | None = None, loop_data: Any = None, **kwargs: Any) -> None:
        if system_prompt is not None:
            system_prompt.append(self.agent.read_prompt("agent.system.main.md"))


class MemoryInit(_StockHook):
    async def execute(self, loop_data: Any = None, **kwargs: Any) -> None:
        await self.rt.Memory.get(self.agent)


class RecallMemories(_StockHook):
    async def execute(self, loop_data: Any = None, **kwargs: Any) -> None:
        cfg = self.config()
        if not cfg or not cfg["memory_recall_enabled"]:
            return
        task = None
        if loop_data.iteration % cfg["memory_recall_interval"] == 0:
            log_item = self.agent.context.log.log(type="util", heading="Searching memories...")
            task = asyncio.create_task(
                asyncio.wait_for(self.search_memories(loop_data, log_item), timeout=SEARCH_TIMEOUT))
            self.rt.track_recall_task(task)
        self.agent.set_data(DATA_NAME_TASK, task)
        self.agent.set_data(DATA_NAME_ITER, loop_data.iteration)

    async def search_memories(self, loop_data: Any, log_item: Any) -> None:
        extras = loop_data.extras_persistent
        extras.pop("memories", None)
        extras.pop("solutions", None)
        cfg = self.config()
        if self.rt.recall_delay > 0:
            await asyncio.sleep(self.rt.recall_delay)

        user_text = loop_data.user_message.output_text() if loop_data.user_message else "None"
        history = self.agent.history.output_text()[-cfg["memory_recall_history_len"]:]
        if cfg["memory_recall_query_prep"]:
            try:
                query = (await self.agent.call_utility_model(
                    system=self.agent.read_prompt("memory.memories_query.sys.md"),
                    message=self.agent.read_prompt("memory.memories_query.msg.md",
                                                   history=history, message=user_text))).strip()
            except Exception as exc:
                self.agent.context.log.log(type="warning", heading="Recall memories extension error:",
                                           content=str(exc))
                query = ""
            if not query:
                log_item.update(heading="Failed to generate memory query")
                return
        else:
            query = user_text + "\n\n" + history
        if not query or len(query) <= 3:
            log_item.update(query="No relevant memory query generated, skipping search")
            return

        Memory = self.rt.Memory
        db = await Memory.get(self.agent)
        threshold = cfg["memory_recall_similarity_threshold"]
        memories = await db.search_similarity_threshold(
            query=query, limit=cfg["memory_recall_memories_max_search"], threshold=threshold,
            filter=f"area == '{Memory.Area.MAIN.value}' or area == '{Memory.Area.FRAGMENTS.value}'")
        solutions = await db.search_similarity_threshold(
            query=query, limit=cfg["memory_recall_solutions_max_search"], threshold=threshold,
            filter=f"area == '{Memory.Area.SOLUTIONS.value}'")
        if not memories and not solutions:
            log_item.update(heading="No memories or solutions found")
            return
        if cfg["memory_recall_post_filter"]:
            memories, solutions = await self._post_filter(memories, solutions, history, user_text)

        memories = memories[: cfg["memory_recall_memories_max_result"]]
        solutions = solutions[: cfg["memory_recall_solutions_max_result"]]
        log_item.update(heading=f"{len(memories)} memories and {len(solutions)} relevant solutions found")
        memories_txt = "\n\n".join(m.page_content for m in memories)
        solutions_txt = "\n\n".join(s.page_content for s in solutions)
        if memories_txt:
            log_item.update(memories=memories_txt)
            extras["memories"] = self.agent.parse_prompt("agent.system.memories.md", memories=memories_txt)
        if solutions_txt:
            log_item.update(solutions=solutions_txt)
            extras["solutions"] = self.agent.parse_prompt("agent.system.solutions.md", solutions=solutions_txt)

    async def _post_filter(self, memories: list, solutions: list, history: str, user_text: str) -> tuple[list, list]:
        numbered = {i: d.page_content for i, d in enumerate(memories + solutions)}
        try:
            answer = await self.agent.call_utility_model(
                system=self.agent.read_prompt("memory.memories_filter.sys.md"),
                message=self.agent.read_prompt("memory.memories_filter.msg.md", memories=numbered,
                                               history=history, message=user_text))
            keep = json.loads(answer)
        except Exception as exc:
            self.agent.context.log.log(type="warning", heading="Failed to filter relevant memories",
                                       content=str(exc))
            return memories, solutions
        kept_m, kept_s = [], []
        if isinstance(keep, list):
            for idx in keep:
                if isinstance(idx, int) and idx < len(memories):
                    kept_m.append(memories[idx])
                elif isinstance(idx, int) and idx - len(memories) < len(solutions):
                    kept_s.append(solutions[idx - len(memories)])
        return kept_m, kept_s


class RecallWait(_StockHook):
    async def execute(self, loop_data: Any = None, **kwargs: Any) -> None:
        cfg = self.config()
        if not cfg:
            return
        task = self.agent.get_data(DATA_NAME_TASK)
        started_at = self.agent.get_data(DATA_NAME_ITER) or 0
        if task and not task.done():
            if cfg["memory_recall_delayed"] and started_at == loop_data.iteration:
                loop_data.extras_temporary["memory_recall_delayed"] = self.agent.read_prompt(
                    "memory.recall_delay_msg.md")
                return
            await task


class _Memorize(_StockHook):
    AREA = "fragments"
    SUMMARY_PROMPT = "memory.memories_sum.sys.md"
    HEADING = "Memorizing new information..."
    MAX_SIMILAR = 8
    MAX_LLM_CONTEXT = 4

    async def execute(self, loop_data: Any = None, **kwargs: Any) -> None:
        cfg = self.config()
        if not cfg or not cfg["memory_memorize_enabled"]:
            return
        log_item = self.agent.context.log.log(type="util", heading=self.HEADING)
        # Fire and forget on the background thread, exactly like A0 (nothing keeps the task).
        self.rt.DeferredTask(thread_name="Background").start_task(self.memorize, loop_data, log_item)

    def to_text(self, item: Any) -> str:
        return f"{item}"

    async def memorize(self, loop_data: Any, log_item: Any) -> None:
        try:
            cfg = self.config()
            Memory = self.rt.Memory
            db = await Memory.get(self.agent)
            answer = await self.agent.call_utility_model(
                system=self.agent.read_prompt(self.SUMMARY_PROMPT),
                message=self.agent.concat_messages(self.agent.history), background=True)
            log_item.update(content=answer)
            if not answer or not isinstance(answer, str) or not answer.strip():
                log_item.update(heading="No response from utility model.")
                return
            try:
                items = json.loads(answer.strip())
            except ValueError as exc:
                log_item.update(heading=f"Failed to parse response: {exc}")
                return
            if items is None:
                return
            if not isinstance(items, list):
                items = [items] if isinstance(items, (str, dict)) else []
            if not items:
                log_item.update(heading="Nothing to memorize.")
                return
            for item in items:
                text = self.to_text(item)
                if cfg["memory_memorize_consolidation"]:
                    consolidator = Consolidator(self.agent, Memory, self.MAX_SIMILAR, self.MAX_LLM_CONTEXT)
                    await consolidator.process(text, self.AREA, {"area": self.AREA})
                else:
                    if cfg["memory_memorize_replace_threshold"] > 0:
                        await db.delete_documents_by_query(
                            query=text, threshold=cfg["memory_memorize_replace_threshold"],
                            filter=f"area=='{self.AREA}'")
                    await db.insert_text(text=text, metadata={"area": self.AREA})
            log_item.update(heading=f"{len(items)} entries memorized.")
        except Exception as exc:
            self.agent.context.log.log(type="warning", heading=f"Memorize {self.AREA} extension error",
                                       content=f"{type(exc).__name__}: {exc}")


class MemorizeFragments(_Memorize):
    pass


class MemorizeSolutions(_Memorize):
    AREA = "solutions"
    SUMMARY_PROMPT = "memory.solutions_sum.sys.md"
    HEADING = "Memorizing succesful solutions..."
    MAX_SIMILAR = 6
    MAX_LLM_CONTEXT = 3

    def to_text(self, item: Any) -> str:
        if isinstance(item, dict):
            return (f"# Problem\n {item.get('problem', 'Unknown problem')}\n"
                    f"# Solution\n {item.get('solution', 'Unknown solution')}")
        return f"# Solution\n {item}"


CORE_HOOKS: dict[str, list[tuple[str, type]]] = {
    "system_prompt": [("_10_system_prompt", SystemPrompt)],
}

MEMORY_HOOKS: dict[str, list[tuple[str, type]]] = {
    "monologue_start": [("_10_memory_init", MemoryInit)],
    "message_loop_prompts_after": [("_50_recall_memories", RecallMemories), ("_91_recall_wait", RecallWait)],
    "monologue_end": [("_50_memorize_fragments", MemorizeFragments), ("_51_memorize_solutions", MemorizeSolutions)],
}


def stock_source(include_memory: bool = True, include_core: bool = True, label: str = "stock") -> VirtualSource:
    hooks: dict[str, list[tuple[str, type]]] = {}
    for group, wanted in ((CORE_HOOKS, include_core), (MEMORY_HOOKS, include_memory)):
        if wanted:
            for hook, entries in group.items():
                hooks.setdefault(hook, []).extend(entries)
    return VirtualSource(hooks=hooks, label=label)
