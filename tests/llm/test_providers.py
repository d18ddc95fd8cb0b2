"""Providers over real HTTP (the anthropic SDK against a loopback fake) and Agent Zero's
utility model through a fake agent living on its own event loop thread."""

from __future__ import annotations

import asyncio
import threading

import pytest

from festinger.llm.providers import (AgentUtilityModel, AnthropicProvider, NoProvider,
                                     OpenAIProvider, ProviderError, build_provider)
from tests.fakes.fake_anthropic import Reply

KEY = "sk-ant-secret-abcdefgh-9999"


async def test_anthropic_sdk_reaches_the_fake_with_the_key(fake_llm):
    fake_llm.script('{"decision": "dismiss"}')
    p = AnthropicProvider("claude-test-1", KEY, base_url=fake_llm.url)
    try:
        assert await p.complete("the system", "the question", timeout=10) == \
            '{"decision": "dismiss"}'
    finally:
        await p.aclose()
    req = fake_llm.messages_requests()[0]
    assert req.api_key == KEY
    assert req.body["model"] == "claude-test-1"
    assert req.system == "the system" and req.message == "the question"


async def test_anthropic_base_url_from_the_environment(fake_llm, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_BASE_URL", fake_llm.url)
    fake_llm.script("hello")
    p = AnthropicProvider("claude-test-1", KEY)
    try:
        assert await p.complete("s", "m", timeout=10) == "hello"
    finally:
        await p.aclose()


@pytest.mark.parametrize("reply, retryable", [
    (Reply(status=500, text="overloaded"), True),
    (Reply(status=429, text="slow down"), True),
    (Reply(status=401, text="invalid x-api-key"), False),
    (Reply(status=400, text="bad request"), False),
])
async def test_anthropic_http_errors(fake_llm, reply, retryable):
    fake_llm.script(reply)
    p = AnthropicProvider("claude-test-1", KEY, base_url=fake_llm.url)
    try:
        with pytest.raises(ProviderError) as err:
            await p.complete("s", "m", timeout=10)
    finally:
        await p.aclose()
    assert err.value.retryable is retryable
    assert str(reply.status) in str(err.value)
    assert KEY not in str(err.value)


async def test_anthropic_timeout(fake_llm):
    fake_llm.script(Reply(text="too late", delay=3))
    p = AnthropicProvider("claude-test-1", KEY, base_url=fake_llm.url)
    try:
        with pytest.raises(ProviderError, match="within 0.5 s"):
            await p.complete("s", "m", timeout=0.5)
    finally:
        await p.aclose()


async def test_anthropic_unreachable():
    p = AnthropicProvider("claude-test-1", KEY, base_url="http://127.0.0.1:9")
    try:
        with pytest.raises(ProviderError, match="unreachable") as err:
            await p.complete("s", "m", timeout=5)
    finally:
        await p.aclose()
    assert err.value.retryable


async def test_anthropic_malformed_body(fake_llm):
    fake_llm.script(Reply(raw=b"<html>proxy error</html>"))
    p = AnthropicProvider("claude-test-1", KEY, base_url=fake_llm.url)
    try:
        with pytest.raises(ProviderError):
            await p.complete("s", "m", timeout=5)
    finally:
        await p.aclose()


async def test_openai_compatible_endpoint(fake_llm):
    fake_llm.script('{"triples": []}', Reply(status=503, text="down"))
    p = OpenAIProvider("gpt-test", "sk-openai-1234", base_url=fake_llm.url + "/v1")
    try:
        assert await p.complete("sys", "msg", timeout=5) == '{"triples": []}'
        with pytest.raises(ProviderError) as err:
            await p.complete("sys", "msg", timeout=5)
        assert err.value.retryable
    finally:
        await p.aclose()
    req = fake_llm.requests[0]
    assert req.path == "/v1/chat/completions" and req.api_key == "sk-openai-1234"
    assert req.system == "sys" and req.message == "msg"


def test_build_provider_checks_its_input():
    with pytest.raises(ProviderError, match="unknown provider"):
        build_provider("mistral", "m", "k")
    with pytest.raises(ProviderError, match="no API key"):
        build_provider("claude", "m", "")
    assert isinstance(build_provider("openai", "m", "k"), OpenAIProvider)


# ---------------------------------------------------------------------- Agent Zero
class FakeAgent:
    """What the pack uses of an Agent Zero agent: call_utility_model, awaited on the agent's
    own loop (like Agent Zero's persistent EventLoopThread)."""

    def __init__(self, answer="{}", delay=0.0) -> None:
        self.answer, self.delay = answer, delay
        self.calls: list[tuple[str, str, bool, str]] = []

    async def call_utility_model(self, system, message, callback=None, background=False):
        self.calls.append((system, message, background, threading.current_thread().name))
        await asyncio.sleep(self.delay)
        return self.answer


class AgentLoop:
    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="a0-chat", daemon=True)
        self.thread.start()

    def run(self, coro):
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(10)

    def stop(self):
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


async def test_utility_model_runs_on_the_agents_loop():
    util = AgentUtilityModel()
    assert not util.available
    with pytest.raises(NoProvider):
        await util.complete("s", "m")
    agent, loop = FakeAgent('{"triples": []}'), AgentLoop()
    try:
        async def hook():  # what the graph hook does on every prompt
            util.remember(agent)
        loop.run(hook())
        assert util.available
        assert await util.complete("sys", "msg", timeout=5) == '{"triples": []}'
        assert agent.calls == [("sys", "msg", True, "a0-chat")]
    finally:
        loop.stop()


async def test_utility_model_timeout_and_failure():
    util = AgentUtilityModel()
    late = FakeAgent("late", delay=2)  # the chat holds its agent; so does this test
    util.remember(late)  # remembered outside a loop: called here
    with pytest.raises(ProviderError, match="within 0.2 s"):
        await util.complete("s", "m", timeout=0.2)

    class Broken(FakeAgent):
        async def call_utility_model(self, *a, **k):
            raise RuntimeError("litellm exploded")
    broken = Broken()
    util.remember(broken)
    with pytest.raises(ProviderError, match="litellm exploded"):
        await util.complete("s", "m", timeout=2)


async def test_utility_model_does_not_keep_a_closed_chats_agent_alive():
    import gc
    import weakref

    util = AgentUtilityModel()
    agent = FakeAgent("ok")
    gone = weakref.ref(agent)
    util.remember(agent)
    assert util.available and await util.complete("s", "m", timeout=5) == "ok"
    del agent  # the user closed the chat: Agent Zero drops its agents
    gc.collect()
    assert gone() is None, "the provider kept the agent (and its whole chat) in memory"
    assert not util.available
    with pytest.raises(NoProvider):
        await util.complete("s", "m", timeout=5)


async def test_utility_model_falls_back_when_the_agents_loop_is_gone():
    util, loop = AgentUtilityModel(), AgentLoop()
    agent = FakeAgent("ok")

    async def hook():
        util.remember(agent)
    loop.run(hook())
    loop.stop()
    assert await util.complete("s", "m", timeout=5) == "ok"


@pytest.mark.parametrize("cls", [AnthropicProvider, OpenAIProvider])
async def test_a_server_echoing_the_key_never_puts_it_in_an_error(fake_llm, cls):
    fake_llm.script(Reply(status=401, text=f"Incorrect API key provided: {KEY}"))
    p = cls("m", KEY, base_url=fake_llm.url + ("/v1" if cls is OpenAIProvider else ""))
    try:
        with pytest.raises(ProviderError) as err:
            await p.complete("s", "m", timeout=5)
    finally:
        await p.aclose()
    assert KEY not in str(err.value) and KEY[:12] not in str(err.value)
    assert "Incorrect API key provided" in str(err.value)
