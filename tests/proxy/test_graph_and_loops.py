"""What the proxy adds: the `<recollection>` block from the real graph (PostgreSQL) in the
upstream's system message, a cue sentence stored from one request and recalled in a later
one, and a looping client mitigated step by step until the breaker answers."""

from __future__ import annotations

import json
import threading
from types import SimpleNamespace

import aiohttp
import ollama
import openai
import pytest

from festinger.core.loops import LoopSettings

CUE = "Remember this: gnommoweb is a repo of Glitch University."


def _system_of(seen) -> str:
    msgs = seen.body["messages"]
    return msgs[0]["content"] if msgs and msgs[0]["role"] == "system" else ""


@pytest.mark.postgres
@pytest.mark.parametrize("client_kind", ["ollama", "openai"])
def test_a_cue_sentence_in_one_request_is_recalled_in_a_later_one(
        graph_env, start_proxy, fake_ollama, fake_openai, client_kind):
    env = graph_env(saliency_read_threshold=0.2)
    fake = fake_ollama if client_kind == "ollama" else fake_openai
    proxy = start_proxy(fake.url, graph=env.graph)
    if client_kind == "ollama":
        cl = ollama.Client(host=proxy.url, timeout=30)

        def ask(msgs):
            return cl.chat(model="fake", messages=msgs, stream=False).message.content
    else:
        oa = openai.OpenAI(base_url=proxy.url + "/v1", api_key="x", max_retries=0, timeout=30)

        def ask(msgs):
            return oa.chat.completions.create(model="fake", messages=msgs).choices[0] \
                .message.content

    assert ask([{"role": "user", "content": CUE}]) == fake.reply
    assert "gnommoweb" not in _system_of(fake.chats()[-1])  # nothing known yet
    env.settle()
    block = ""
    for i in range(6):  # a concept surfaces once it is salient enough
        ask([{"role": "system", "content": "You are a helpful agent."},
             {"role": "user", "content": f"What is gnommoweb? (attempt {i})"}])
        env.settle()
        block = _system_of(fake.chats()[-1])
        if "gnommoweb:" in block:
            break
    assert block.startswith("<recollection>\n"), block[:300]
    assert "gnommoweb: [glitch_university] repo" in block
    # prepended to the client's own system message, which is kept whole after it
    assert block.rstrip().endswith("You are a helpful agent.")
    assert env.edges("gnommoweb") == {"type": "repo"} or env.edges("gnommoweb")


@pytest.mark.postgres
def test_without_a_system_message_the_block_is_inserted_first(graph_env, start_proxy,
                                                              fake_ollama):
    env = graph_env(saliency_read_threshold=0.2)
    env.fact("dobby -ispart agent_pool")
    proxy = start_proxy(fake_ollama.url, graph=env.graph)
    cl = ollama.Client(host=proxy.url, timeout=30)
    for i in range(6):
        cl.chat(model="fake", messages=[{"role": "user", "content": f"ping dobby now {i}"}],
                stream=False)
        env.settle()
        msgs = fake_ollama.chats()[-1].body["messages"]
        if msgs[0]["role"] == "system":
            break
    assert msgs[0]["role"] == "system" and "dobby: [membership] agent_pool" in msgs[0]["content"]
    assert msgs[1] == {"role": "user", "content": f"ping dobby now {i}"}
    # the same turn sent again (an agent's next iteration) is not counted twice
    before = env.graph.cache.soas_by_token["dobby"].encounter_count
    cl.chat(model="fake", messages=[{"role": "user", "content": f"ping dobby now {i}"}],
            stream=False)
    assert env.graph.cache.soas_by_token["dobby"].encounter_count == before
    assert "dobby:" in fake_ollama.chats()[-1].body["messages"][0]["content"]


TOOL = ('{"thoughts": ["run it"], "tool_name": "code_execution_tool", '
        '"tool_args": {"code": "ls /nope"}}')


def test_a_looping_client_is_mitigated_then_stopped(start_proxy, fake_openai, tmp_path):
    """An agent repeating the same failing command: forbidden-action note, temperature boost,
    truncation, then the breaker answers instead of the upstream; a new user message works."""
    from festinger.loops.events import LoopEventLog

    fake_openai.reply = TOOL
    events = LoopEventLog(tmp_path)
    proxy = start_proxy(fake_openai.url, loops=LoopSettings(), event_log=events)
    oa = openai.OpenAI(base_url=proxy.url + "/v1", api_key="x", max_retries=0, timeout=30)
    msgs = [{"role": "system", "content": "You are an agent."},
            {"role": "user", "content": "List the files in /nope"}]
    answers, forwarded, conv = [], [], []
    for _ in range(12):
        before = len(fake_openai.chats())
        conv.append(len(msgs))
        text = oa.chat.completions.create(model="fake", messages=msgs,
                                          temperature=0.5).choices[0].message.content
        answers.append(text)
        forwarded.append(len(fake_openai.chats()) > before)
        if text != TOOL:
            break
        msgs = msgs + [{"role": "assistant", "content": text},
                       {"role": "user", "content": json.dumps(
                           {"tool_name": "code_execution_tool",
                            "tool_result": "ls: cannot access '/nope': No such file"})}]
    assert answers[-1] != TOOL and not forwarded[-1], "the breaker did not stop the loop"
    assert "code_execution_tool" in answers[-1] or "repeat" in answers[-1].lower()
    sent = [c.body for c in fake_openai.chats()]
    systems = [b["messages"][0]["content"] for b in sent]
    assert "You are an agent." not in systems[0][len("You are an agent."):]
    noted = [i for i, s in enumerate(systems) if len(s) > len("You are an agent.")]
    assert noted, "no forbidden-action note reached the upstream"
    assert any(b.get("temperature", 0.5) > 0.5 for b in sent), "no temperature boost"
    # history truncation: the repeated exchanges collapsed in what the upstream got
    assert any(len(b["messages"]) < n for b, n in zip(sent, conv)), "no truncation"
    assert len(answers) <= 12
    # the same event log as the pack's, so `festinger loops` lists the proxy's loops too
    logged = events.recent(20)
    assert [e["event"] for e in logged][-1] == "stopped" and {e["front"] for e in logged} == {
        "proxy"}
    assert "code_execution_tool" in logged[-1]["action"]
    # calling again without a new user message: still the breaker's answer, not forwarded
    n = len(fake_openai.chats())
    again = oa.chat.completions.create(model="fake", messages=msgs).choices[0].message.content
    assert again == answers[-1] and len(fake_openai.chats()) == n
    # the user speaks again: the chat is usable
    fake_openai.reply = "Done differently."
    msgs = msgs + [{"role": "assistant", "content": answers[-1]},
                   {"role": "user", "content": "OK, try /tmp instead."}]
    assert oa.chat.completions.create(model="fake", messages=msgs).choices[0] \
        .message.content == "Done differently."


def test_a_normal_multi_step_task_is_left_alone(start_proxy, fake_ollama):
    steps = iter([f'{{"tool_name": "read_file", "tool_args": {{"path": "{n}"}}}}'
                  for n in ("README.md", "pyproject.toml", "src/app/server.py",
                            "tests/test_server.py", "docs/ARCHITECTURE.md", "Makefile")])
    fake_ollama.reply = lambda body: next(steps)
    proxy = start_proxy(fake_ollama.url)
    cl = ollama.Client(host=proxy.url, timeout=30)
    msgs = [{"role": "system", "content": "agent"}, {"role": "user", "content": "read all"}]
    for _ in range(6):
        text = cl.chat(model="fake", messages=msgs, stream=False,
                       options={"temperature": 0.3}).message.content
        msgs += [{"role": "assistant", "content": text},
                 {"role": "tool", "content": f"contents of {json.loads(text)['tool_args']}"}]
    for c in fake_ollama.chats():
        assert c.body["messages"][0]["content"] == "agent"
        assert c.body["options"]["temperature"] == 0.3


def test_a_failing_graph_does_not_stop_inference(start_proxy, fake_ollama):
    class Broken:
        def process_prompt(self, text, defer_count=False):
            raise RuntimeError("cache corrupted: " + text)

        def render_tokens(self, tokens):
            raise RuntimeError("cache corrupted")

        def settle_counts(self):
            raise RuntimeError("cache corrupted")

    proxy = start_proxy(fake_ollama.url, graph=Broken())
    cl = ollama.Client(host=proxy.url, timeout=30)
    msgs = [{"role": "system", "content": "sys"}, {"role": "user", "content": "hello there"}]
    assert cl.chat(model="fake", messages=msgs, stream=False).message.content == \
        fake_ollama.reply
    assert fake_ollama.chats()[-1].body["messages"] == msgs  # forwarded unchanged


def test_a_request_while_another_stream_is_open_gets_its_own_block(start_proxy, fake_ollama,
                                                                   lt):
    """A request handled alone runs the graph inline; one arriving while another client's
    answer is still streaming hands it to the graph worker, and both get their block."""
    ran: list[str] = []

    class Graph:
        def process_prompt(self, text, defer_count=False):
            ran.append(threading.current_thread().name)
            return SimpleNamespace(block=f"<recollection>\n{text.split()[0]}: [type] thing\n"
                                         "</recollection>", tokens=[])

        def render_tokens(self, tokens):
            return ""

        def settle_counts(self):
            pass

    proxy = start_proxy(fake_ollama.url, graph=Graph())

    async def scenario() -> dict:
        async with aiohttp.ClientSession() as s:
            fake_ollama.hang = True  # the first answer starts streaming, then stays open
            first = await s.post(proxy.url + "/api/chat", json={
                "model": "m", "messages": [{"role": "user", "content": "alpha first"}]})
            assert b"thinking" in await first.content.readline()
            fake_ollama.hang = False
            async with s.post(proxy.url + "/api/chat", json={
                    "model": "m", "stream": False,
                    "messages": [{"role": "user", "content": "beta second"}]}) as second:
                answer = await second.json()
            first.close()
            return answer

    assert lt.call(scenario())["message"]["content"] == fake_ollama.reply
    systems = [c.body["messages"][0]["content"] for c in fake_ollama.chats()]
    assert systems == ["<recollection>\nalpha: [type] thing\n</recollection>",
                       "<recollection>\nbeta: [type] thing\n</recollection>"]
    assert not ran[0].startswith("festinger-proxy-graph")  # alone: inline
    assert ran[1].startswith("festinger-proxy-graph")  # the open stream kept the loop busy
