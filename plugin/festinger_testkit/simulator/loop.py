"""The monologue driver: Agent Zero's message loop around a scripted main model.

Order per monologue (``agent.py`` ``monologue``/``prepare_prompt``, v0.9.8.2 and v1.7)::

    loop_data = LoopData(user_message=agent.last_user_message)
    monologue_start
    repeat:  iteration += 1; params_temporary = {}
             message_loop_start
             message_loop_prompts_before
             system_prompt(system_prompt=[...], loop_data)   -> loop_data.system
             loop_data.history_output = history
             message_loop_prompts_after
             prompt = [System("\\n\\n".join(system)), *history, Human("[EXTRAS]\\n" + json(persistent+temporary))]
             extras_temporary.clear()
             before_main_llm_call            (too late to change the prompt)
             chat_model_call_before(call_data={"messages": prompt, ...})   v1 only; may edit messages
             -> scripted main model (the prompt is recorded here, as sent), or
                agent.call_chat_model when an extension set it on the instance
             chat_model_call_after                                         v1 only
             response_stream_end
             history += ai reply; same reply as last time -> warning, no tool
             tool: tool_execute_before -> tool -> tool_execute_after -> history += tool result
                   (``response`` breaks the loop and adds nothing)
             message_loop_end                (finally)
    monologue_end                            (finally, also after errors)

Errors (the hook runner itself never catches): RepairableException -> warning to the
model, loop continues. Any other exception: legacy retries once (warning "critical error"
into history, ``retry_delay`` seconds -- 3 s in A0, 0 here by default) and the second
consecutive failure ends the chat; v1 ends it at the first. Ending the chat = the exception
leaves ``communicate`` as :class:`HandledException` (``.original`` = cause). An exception
in ``monologue_end`` also ends the chat and loses the response.
"""

from __future__ import annotations

import asyncio
import inspect
import json
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Optional, Sequence, Union

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage

from .agent import (
    Agent,
    HandledException,
    InterventionException,
    LoopData,
    RepairableException,
    UserMessage,
    stringify_content,
)
from .extension import V1
from .tools import STOCK_TOOLS, ToolFn, ToolResponse

EXTRAS_TAG = "[EXTRAS]"


class ScriptExhausted(Exception):
    """The scripted main model was asked for more replies than the test supplied."""


@dataclass
class SentPrompt:
    """One request as the main model received it."""

    agent_number: int
    profile: str
    iteration: int
    messages: list[BaseMessage]
    extras: dict[str, Any] = field(default_factory=dict)

    @property
    def system(self) -> str:
        first = self.messages[0] if self.messages else None
        return str(first.content) if isinstance(first, SystemMessage) else ""

    @property
    def extras_message(self) -> str:
        last = self.messages[-1] if self.messages else None
        return str(last.content) if last is not None else ""

    @property
    def text(self) -> str:
        return "\n\n".join(f"{m.type}: {m.content}" for m in self.messages)

    def __contains__(self, needle: str) -> bool:
        return needle in self.text


Reply = Union[str, dict, Callable[[SentPrompt], Any]]


class _Script:
    def __init__(self, replies: Iterable[Reply]) -> None:
        self.replies: deque[Reply] = deque(replies)

    async def next(self, prompt: SentPrompt) -> str:
        if not self.replies:
            raise ScriptExhausted(
                f"agent {prompt.agent_number} asked the main model at iteration {prompt.iteration} "
                "but no scripted reply is left")
        reply = self.replies.popleft()
        if callable(reply):
            reply = reply(prompt)
            if inspect.isawaitable(reply):
                reply = await reply
        return reply if isinstance(reply, str) else json.dumps(reply)


def parse_tool_request(text: str) -> Optional[dict]:
    try:
        parsed = json.loads(text)
    except ValueError:
        start, end = text.find("{"), text.rfind("}")
        if start < 0 or end <= start:
            return None
        try:
            parsed = json.loads(text[start:end + 1])
        except ValueError:
            return None
    return parsed if isinstance(parsed, dict) else None


def respond(text: str) -> dict:
    """Scripted reply calling the ``response`` tool (ends the monologue)."""
    return {"tool_name": "response", "tool_args": {"text": text}}


def tool_call(name: str, **args: Any) -> dict:
    """Scripted reply calling any tool with ``args``."""
    return {"tool_name": name, "tool_args": args}


class MonologueRunner:
    """Runs monologues for one runtime; records prompts sent to the main model."""

    def __init__(self, runtime: Any, main_llm_latency: float = 0.0, retry_delay: float = 0.0,
                 max_iterations: int = 50) -> None:
        self.rt = runtime
        self.main_llm_latency = main_llm_latency
        self.retry_delay = retry_delay
        self.max_iterations = max_iterations
        self.sent: list[SentPrompt] = []
        self.tools: dict[str, ToolFn] = dict(STOCK_TOOLS)
        self.tools["call_subordinate"] = self._call_subordinate
        self._subordinate_scripts: deque[list[Reply]] = deque()

    async def _hook(self, name: str, agent: Agent, **kwargs: Any) -> None:
        await self.rt.loader.call(name, agent, **kwargs)

    # -- entry point -------------------------------------------------------------------
    async def communicate(self, agent: Agent, message: str, replies: Sequence[Reply],
                          subordinate_replies: Sequence[Sequence[Reply]] = ()) -> str:
        self._subordinate_scripts.extend(list(s) for s in subordinate_replies)
        agent.hist_add_user_message(UserMessage(message))
        try:
            return await self._monologue(agent, _Script(replies))
        except (HandledException, ScriptExhausted):
            raise
        except Exception as exc:  # e.g. raised by monologue_end after a normal reply
            agent.context.log.log(type="error", content=f"{type(exc).__name__}: {exc}")
            raise HandledException(exc) from exc

    # -- the loop ----------------------------------------------------------------------
    async def _monologue(self, agent: Agent, script: _Script) -> str:
        failures = 0
        alive = agent.context.task.is_alive
        while True:
            try:
                agent.loop_data = LoopData(user_message=agent.last_user_message)
                await self._hook("monologue_start", agent, loop_data=agent.loop_data)
                while True:
                    agent.context.streaming_agent = agent
                    loop_data = agent.loop_data
                    loop_data.iteration += 1
                    loop_data.params_temporary = {}
                    if loop_data.iteration >= self.max_iterations:
                        raise ScriptExhausted(f"more than {self.max_iterations} iterations")
                    await self._hook("message_loop_start", agent, loop_data=loop_data)
                    try:
                        result = await self._iteration(agent, loop_data, script)
                        failures = 0
                        if result is not None:
                            return result
                    except RepairableException as exc:
                        agent.hist_add_warning(str(exc))
                        agent.context.log.log(type="warning", content=str(exc))
                    except InterventionException:
                        failures = 0
                    except Exception as exc:
                        failures = await self._critical(agent, exc, failures)
                    finally:
                        if alive():
                            await self._hook("message_loop_end", agent, loop_data=loop_data)
            except InterventionException:
                failures = 0
            except Exception as exc:
                failures = await self._critical(agent, exc, failures)
            finally:
                agent.context.streaming_agent = None
                if alive():
                    await self._hook("monologue_end", agent, loop_data=agent.loop_data)

    async def _critical(self, agent: Agent, exc: Exception, failures: int) -> int:
        if isinstance(exc, (HandledException, ScriptExhausted)):
            raise exc
        text = f"{type(exc).__name__}: {exc}"
        if self.rt.layout == V1 or failures >= 1:
            agent.context.log.log(type="error", content=text)
            raise HandledException(exc) from exc
        agent.context.log.log(type="warning", heading="Critical error occurred, retrying...", content=text)
        if self.retry_delay > 0:
            await asyncio.sleep(self.retry_delay)
        agent.hist_add_warning(agent.read_prompt("fw.msg_critical_error.md", error_message=text))
        return failures + 1

    async def _iteration(self, agent: Agent, loop_data: LoopData, script: _Script) -> Optional[str]:
        messages = await self._prepare_prompt(agent, loop_data)
        await self._hook("before_main_llm_call", agent, loop_data=loop_data)
        override = vars(agent).get("call_chat_model")
        if override is not None:  # like Agent Zero: an instance attribute shadows the method
            reply, _ = await override(messages=messages, response_callback=None)
        else:
            reply = await self._call_main_model(agent, loop_data, messages, script)
        await self._hook("response_stream_end", agent, loop_data=loop_data)
        if loop_data.last_response == reply:
            agent.hist_add_ai_response(reply)
            warning = agent.read_prompt("fw.msg_repeat.md")
            agent.hist_add_warning(warning)
            agent.context.log.log(type="warning", content=warning)
            return None
        agent.hist_add_ai_response(reply)
        return await self._process_tools(agent, loop_data, reply)

    async def _prepare_prompt(self, agent: Agent, loop_data: LoopData) -> list[BaseMessage]:
        agent.context.log.set_progress("Building prompt")
        await self._hook("message_loop_prompts_before", agent, loop_data=loop_data)
        system_prompt: list[str] = []
        await self._hook("system_prompt", agent, system_prompt=system_prompt, loop_data=loop_data)
        loop_data.system = system_prompt
        loop_data.history_output = agent.history.output()
        await self._hook("message_loop_prompts_after", agent, loop_data=loop_data)

        system_text = "\n\n".join(stringify_content(part) for part in loop_data.system)
        extras = {**loop_data.extras_persistent, **loop_data.extras_temporary}
        extras_text = agent.read_prompt("agent.context.extras.md",
                                        extras=json.dumps(extras, ensure_ascii=False, default=str))
        loop_data.extras_temporary.clear()
        messages: list[BaseMessage] = [SystemMessage(content=system_text)]
        for out in loop_data.history_output:
            content = stringify_content(out.content)
            messages.append(AIMessage(content=content) if out.ai else HumanMessage(content=content))
        messages.append(HumanMessage(content=extras_text))
        full_text = "\n\n".join(str(m.content) for m in messages)
        agent.set_data(Agent.DATA_NAME_CTX_WINDOW, {"text": full_text, "tokens": len(full_text) // 4})
        return messages

    async def _call_main_model(self, agent: Agent, loop_data: LoopData, messages: list[BaseMessage],
                               script: _Script) -> str:
        call_data: dict[str, Any] = {"model": None, "messages": messages, "background": False}
        if self.rt.layout == V1:
            await self._hook("chat_model_call_before", agent, call_data=call_data)
        sent = SentPrompt(agent.number, agent.config.profile, loop_data.iteration,
                          list(call_data["messages"]), _extras_of(call_data["messages"]))
        self.sent.append(sent)
        if self.main_llm_latency > 0:
            await asyncio.sleep(self.main_llm_latency)
        reply = await script.next(sent)
        if self.rt.layout == V1:
            await self._hook("chat_model_call_after", agent, call_data=call_data, response=reply, reasoning="")
        return reply

    async def _process_tools(self, agent: Agent, loop_data: LoopData, reply: str) -> Optional[str]:
        request = parse_tool_request(reply)
        if request is None:
            warning = agent.read_prompt("fw.msg_misformat.md")
            agent.hist_add_warning(warning)
            agent.context.log.log(type="warning", content=f"{agent.agent_name}: Message misformat")
            return None
        raw_name = str(request.get("tool_name", request.get("tool", "")))
        args = request.get("tool_args", request.get("args", {})) or {}
        name = raw_name.split(":", 1)[0]
        tool = self.tools.get(name)
        if tool is None:
            warning = agent.read_prompt("fw.tool_not_found.md", tool_name=raw_name)
            agent.hist_add_warning(warning)
            agent.context.log.log(type="warning", content=f"{agent.agent_name}: {warning}")
            return None
        loop_data.current_tool = name
        try:
            await self._hook("tool_execute_before", agent, tool_args=args, tool_name=name)
            response = await tool(agent, **args)
            if not isinstance(response, ToolResponse):
                response = ToolResponse(str(response))
            await self._hook("tool_execute_after", agent, response=response, tool_name=name)
            if name != "response":
                agent.hist_add_tool_result(name, response.message.strip())
            if response.break_loop:
                return response.message
            return None
        finally:
            loop_data.current_tool = None

    async def _call_subordinate(self, agent: Agent, message: str = "", reset: Any = False,
                                profile: str = "", **kwargs: Any) -> ToolResponse:
        subordinate = agent.get_data(Agent.DATA_NAME_SUBORDINATE)
        if subordinate is None or str(reset).lower().strip() == "true":
            subordinate = self.rt.new_agent(profile=profile or agent.config.profile,
                                            number=agent.number + 1, context=agent.context)
            subordinate.set_data(Agent.DATA_NAME_SUPERIOR, agent)
            agent.set_data(Agent.DATA_NAME_SUBORDINATE, subordinate)
        if not self._subordinate_scripts:
            raise ScriptExhausted("call_subordinate used but no subordinate replies were scripted")
        subordinate.hist_add_user_message(UserMessage(message))
        result = await self._monologue(subordinate, _Script(self._subordinate_scripts.popleft()))
        return ToolResponse(result)


def _extras_of(messages: list[BaseMessage]) -> dict[str, Any]:
    if not messages:
        return {}
    content = str(messages[-1].content)
    if not content.startswith(EXTRAS_TAG):
        return {}
    try:
        parsed = json.loads(content[len(EXTRAS_TAG):].strip())
    except ValueError:
        return {}
    return parsed if isinstance(parsed, dict) else {}
