"""Simulated Agent Zero agent objects: Agent, AgentContext, LoopData, history and UI log.

Only the surface an extension pack touches is modelled, with Agent Zero's names:
``agent.number``, ``agent.agent_name``, ``agent.config.profile``, ``agent.context``,
``agent.get_data/set_data``, ``agent.history``, ``agent.loop_data``,
``agent.last_user_message``, ``agent.read_prompt/parse_prompt``, ``agent.concat_messages``,
``await agent.call_utility_model(system=, message=, callback=None, background=False)``;
``context.get_data/set_data``, ``context.log.log(type=, heading=, content=, **kw)``.
Each simulator runtime exposes its own ``Agent`` subclass bound to it (class attribute
``_sim_runtime``), so agents built straight from the fake ``agent`` module still reach the
runtime's prompts and utility model.
"""

from __future__ import annotations

import json
import threading
import uuid
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Awaitable, Callable, ClassVar, Optional

if TYPE_CHECKING:
    from .runtime import SimRuntime

class HandledException(Exception):
    """Raised out of a monologue when Agent Zero would end the chat; ``.original`` is the cause."""

    def __init__(self, original: BaseException) -> None:
        super().__init__(f"chat ended by {type(original).__name__}: {original}")
        self.original = original


class RepairableException(Exception):
    """Agent Zero forwards these to the model as a warning instead of ending the chat."""


class InterventionException(Exception):
    """Skips the rest of the iteration (a user intervened)."""


@dataclass
class AgentConfig:
    profile: str = "agent0"
    memory_subdir: str = ""  # legacy only; v1.x has no such field (kept harmless here)
    knowledge_subdirs: list[str] = field(default_factory=lambda: ["default", "custom"])
    additional: dict[str, Any] = field(default_factory=dict)


@dataclass
class UserMessage:
    message: str
    attachments: list[str] = field(default_factory=list)
    system_message: list[str] = field(default_factory=list)


def stringify_content(content: Any) -> str:
    if isinstance(content, str):
        return content
    try:
        return json.dumps(content, ensure_ascii=False, default=str)
    except (TypeError, ValueError):
        return str(content)


@dataclass
class OutputMessage:
    ai: bool
    content: Any


class HistoryMessage:
    """One history record. ``kind`` is user|ai|tool|warning; ``ai`` decides the LLM role."""

    def __init__(self, ai: bool, content: Any, kind: str) -> None:
        self.ai = ai
        self.content = content
        self.kind = kind
        self.id = uuid.uuid4().hex[:12]

    def output(self) -> list[OutputMessage]:
        return [OutputMessage(ai=self.ai, content=self.content)]

    def output_text(self, human_label: str = "user", ai_label: str = "ai") -> str:
        return output_text(self.output(), ai_label=ai_label, human_label=human_label)

    def __repr__(self) -> str:
        return f"HistoryMessage({self.kind}, {stringify_content(self.content)[:60]!r})"


def output_text(messages: list[OutputMessage], ai_label: str = "ai", human_label: str = "user") -> str:
    return "\n".join(
        f"{ai_label if m.ai else human_label}: {stringify_content(m.content)}" for m in messages
    )


class History:
    def __init__(self) -> None:
        self.messages: list[HistoryMessage] = []

    def add(self, ai: bool, content: Any, kind: str) -> HistoryMessage:
        msg = HistoryMessage(ai, content, kind)
        self.messages.append(msg)
        return msg

    def output(self) -> list[OutputMessage]:
        return [o for m in self.messages for o in m.output()]

    def output_text(self, human_label: str = "user", ai_label: str = "ai") -> str:
        return output_text(self.output(), ai_label=ai_label, human_label=human_label)

    def of_kind(self, kind: str) -> list[HistoryMessage]:
        return [m for m in self.messages if m.kind == kind]

    def __len__(self) -> int:
        return len(self.messages)


class LoopData:
    """Per-monologue state passed as the single ``loop_data`` kwarg to loop hooks."""

    def __init__(self, **kwargs: Any) -> None:
        self.iteration = -1
        self.system: list[str] = []
        self.user_message: Optional[HistoryMessage] = None
        self.history_output: list[OutputMessage] = []
        self.extras_temporary: "OrderedDict[str, Any]" = OrderedDict()
        self.extras_persistent: "OrderedDict[str, Any]" = OrderedDict()
        self.last_response = ""
        self.params_temporary: dict = {}
        self.params_persistent: dict = {}
        self.current_tool = None
        for key, value in kwargs.items():
            setattr(self, key, value)


class LogItem:
    def __init__(self, log: "Log", no: int, type: str, heading: str, content: str, kvps: dict) -> None:
        self.log = log
        self.no = no
        self.type = type
        self.heading = heading
        self.content = content
        self.kvps = dict(kvps)
        self.id = uuid.uuid4().hex[:12]

    def update(self, type: Optional[str] = None, heading: Optional[str] = None,
               content: Optional[str] = None, **kwargs: Any) -> None:
        if type is not None:
            self.type = type
        if heading is not None:
            self.heading = heading
        if content is not None:
            self.content = content
        self.kvps.update(kwargs)

    def stream(self, heading: Optional[str] = None, content: Optional[str] = None, **kwargs: Any) -> None:
        if heading is not None:
            self.heading += heading
        if content is not None:
            self.content += content
        for key, value in kwargs.items():
            self.kvps[key] = str(self.kvps.get(key, "")) + str(value)

    def __repr__(self) -> str:
        return f"LogItem({self.type!r}, {self.heading!r}, {self.content[:60]!r})"


class Log:
    """The chat's UI log. Records every item so tests can assert what the user would see."""

    def __init__(self) -> None:
        self.logs: list[LogItem] = []
        self._lock = threading.Lock()
        self.progress = ""

    def log(self, type: str = "info", heading: Optional[str] = None, content: Optional[str] = None,
            kvps: Optional[dict] = None, **kwargs: Any) -> LogItem:
        with self._lock:
            item = LogItem(self, len(self.logs), type, heading or "", content or "",
                           {**(kvps or {}), **kwargs})
            self.logs.append(item)
        return item

    def set_progress(self, progress: str, no: int = 0, active: bool = True) -> None:
        self.progress = progress

    def of_type(self, type: str) -> list[LogItem]:
        return [item for item in self.logs if item.type == type]


class _TaskState:
    """Stands in for ``context.task``: the chat task is alive unless a test kills it."""

    def __init__(self) -> None:
        self.alive = True

    def is_alive(self) -> bool:
        return self.alive


class AgentContext:
    _agent_class: ClassVar[type] = None  # type: ignore[assignment]  # set below / per runtime

    def __init__(self, config: AgentConfig, agent0: Optional["Agent"] = None,
                 id: Optional[str] = None, name: Optional[str] = None) -> None:
        self.id = id or uuid.uuid4().hex[:8]
        self.name = name
        self.config = config
        self.data: dict[str, Any] = {}
        self.output_data: dict[str, Any] = {}
        self.log = Log()
        self.task = _TaskState()
        self.streaming_agent: Optional[Agent] = None
        self.created_at = datetime.now(timezone.utc)
        self.agent0 = agent0 or type(self)._agent_class(0, config, self)

    def get_data(self, key: str, recursive: bool = True) -> Any:
        return self.data.get(key, None)

    def set_data(self, key: str, value: Any, recursive: bool = True) -> None:
        self.data[key] = value

    def get_output_data(self, key: str, recursive: bool = True) -> Any:
        return self.output_data.get(key, None)

    def set_output_data(self, key: str, value: Any, recursive: bool = True) -> None:
        self.output_data[key] = value

    def get_agent(self) -> "Agent":
        return self.streaming_agent or self.agent0


class Agent:
    DATA_NAME_SUPERIOR = "_superior"
    DATA_NAME_SUBORDINATE = "_subordinate"
    DATA_NAME_CTX_WINDOW = "ctx_window"

    _sim_runtime: ClassVar[Optional["SimRuntime"]] = None
    _context_class: ClassVar[type] = AgentContext

    def __init__(self, number: int, config: AgentConfig, context: Optional[AgentContext] = None) -> None:
        self.config = config
        self.context = context or type(self)._context_class(config=config, agent0=self)
        self.number = number
        self.agent_name = f"A{number}"
        self.history = History()
        self.last_user_message: Optional[HistoryMessage] = None
        self.intervention: Optional[UserMessage] = None
        self.data: dict[str, Any] = {}
        self.loop_data = LoopData()

    # -- runtime plumbing -------------------------------------------------------------
    @property
    def _runtime(self) -> "SimRuntime":
        runtime = type(self)._sim_runtime
        if runtime is None:
            raise RuntimeError("agent was not created by a simulator runtime")
        return runtime

    # -- data -------------------------------------------------------------------------
    def get_data(self, field: str) -> Any:
        return self.data.get(field, None)

    def set_data(self, field: str, value: Any) -> None:
        self.data[field] = value

    # -- prompts ----------------------------------------------------------------------
    def read_prompt(self, file: str, **kwargs: Any) -> str:
        return self._runtime.prompts.render(file, **kwargs)

    def parse_prompt(self, _prompt_file: str, **kwargs: Any) -> Any:
        return self._runtime.prompts.render(_prompt_file, **kwargs)

    # -- history ----------------------------------------------------------------------
    def hist_add_user_message(self, message: UserMessage, intervention: bool = False) -> HistoryMessage:
        content: dict[str, Any] = {
            "system_message": message.system_message,
            "user_message": message.message,
            "attachments": message.attachments,
        }
        # Agent Zero drops empty parts of the user-message template.
        content = {k: v for k, v in content.items() if v}
        msg = self.history.add(False, content, "user")
        self.last_user_message = msg
        return msg

    def hist_add_ai_response(self, message: str) -> HistoryMessage:
        self.loop_data.last_response = message
        return self.history.add(True, message, "ai")

    def hist_add_warning(self, message: Any) -> HistoryMessage:
        return self.history.add(False, {"system_warning": message}, "warning")

    def hist_add_tool_result(self, tool_name: str, tool_result: str, **kwargs: Any) -> HistoryMessage:
        return self.history.add(False, {"tool_name": tool_name, "tool_result": tool_result, **kwargs}, "tool")

    def concat_messages(self, messages: Any = None) -> str:
        return self.history.output_text(human_label="user", ai_label="assistant")

    # -- models -----------------------------------------------------------------------
    async def call_utility_model(self, system: str, message: str,
                                 callback: Optional[Callable[[str], Awaitable[None]]] = None,
                                 background: bool = False) -> str:
        response = await self._runtime.utility.call(
            agent=self, system=system, message=message, background=background
        )
        if callback is not None:
            await callback(response)
        return response

    def __repr__(self) -> str:
        return f"<SimAgent {self.agent_name} profile={self.config.profile!r}>"


AgentContext._agent_class = Agent
