"""`read_system`: the system message's tokens join the rendered ones, computed once per text."""

from __future__ import annotations

from types import SimpleNamespace

from festinger.core.loops import LoopSession, LoopSettings
from festinger.graph.tokenizer import select_tokens, words
from festinger.proxy import recall
from festinger.proxy.loopguard import SessionState


class Graph:
    def __init__(self) -> None:
        self.processed: list[str] = []
        self.rendered: list[list[str]] = []

    def process_prompt(self, text: str, defer_count: bool = False):
        self.processed.append(text)
        return SimpleNamespace(block="<user block>", tokens=select_tokens(words(text)))

    def render_tokens(self, tokens: list[str]) -> str:
        self.rendered.append(list(tokens))
        return "<rendered>"


def _state() -> SessionState:
    return SessionState(LoopSession(LoopSettings(), "k"))


SYSTEM = "You are Agent Zero. Use the gnommoweb repository and Glitch University tools."


def test_system_tokens_join_the_user_tokens_once_each():
    recall.system_tokens.cache_clear()
    graph, state = Graph(), _state()
    out = recall.recollect(graph, state, "deploy gnommoweb tonight", SYSTEM)
    assert out == "<rendered>" and graph.processed == ["deploy gnommoweb tonight"]
    user = select_tokens(words("deploy gnommoweb tonight"))
    extra = [t for t in select_tokens(words(SYSTEM)) if t not in user]
    assert graph.rendered == [user + extra]
    # a later call of the same turn: nothing counted again, same tokens, system text reused
    assert recall.recollect(graph, state, "deploy gnommoweb tonight", str(SYSTEM)) == "<rendered>"
    assert graph.processed == ["deploy gnommoweb tonight"] and graph.rendered[1] == user + extra
    assert recall.system_tokens.cache_info().hits >= 1


def test_system_only_request_and_memo_bound():
    recall.system_tokens.cache_clear()
    graph = Graph()
    assert recall.recollect(graph, _state(), "", SYSTEM) == "<rendered>"
    assert graph.rendered == [select_tokens(words(SYSTEM))] and graph.processed == []
    for i in range(recall.SYSTEM_TEXTS_KEPT * 3):
        recall.system_tokens(f"system prompt number{i}")
    assert recall.system_tokens.cache_info().currsize <= recall.SYSTEM_TEXTS_KEPT
