"""The proxy renders the block before forwarding and counts the prompt's tokens once the
answer's first chunk is out (the counting is not on the path to the first byte, nor on the
next request's when a client sends it as soon as an answer ends): however the request ends,
the prompt is counted exactly once, and its new words reach Postgres."""

from __future__ import annotations

import threading

import httpx
import pytest


class Watched:
    """The real graph, with an event set each time the proxy settles its counts."""

    def __init__(self, graph) -> None:
        self.graph = graph
        self.settled = threading.Event()

    def process_prompt(self, text, defer_count=False):
        return self.graph.process_prompt(text, defer_count=defer_count)

    def render_tokens(self, tokens):
        return self.graph.render_tokens(tokens)

    def settle_counts(self):
        self.graph.settle_counts()
        self.settled.set()


@pytest.mark.postgres
@pytest.mark.parametrize("outcome", ["answered", "client_gone", "upstream_error"])
def test_a_prompt_is_counted_once_whatever_happens_to_the_answer(graph_env, start_proxy,
                                                                 fake_ollama, outcome):
    env = graph_env()
    env.fact("dobby -ispart agent_pool")
    graph = Watched(env.graph)
    proxy = start_proxy(fake_ollama.url, graph=graph)
    before = env.graph.cache.soas_by_token["dobby"].encounter_count
    if outcome == "upstream_error":
        fake_ollama.fail = (500, {"error": "model crashed"})
    fake_ollama.hang = outcome == "client_gone"
    body = {"model": "fake", "stream": True,
            "messages": [{"role": "user", "content": "ping dobby about zorblaxine"}]}
    with httpx.Client(timeout=30) as c:
        with c.stream("POST", proxy.url + "/api/chat", json=body) as r:
            if outcome == "client_gone":
                assert b"thinking" in next(r.iter_bytes())  # leaves mid-answer
            else:
                r.read()
                assert r.status_code == (500 if outcome == "upstream_error" else 200)
    if outcome == "client_gone":
        assert fake_ollama.disconnected.wait(20)
    assert graph.settled.wait(20), "the prompt was never counted"
    assert env.graph.cache.soas_by_token["dobby"].encounter_count == before + 1
    env.settle()
    # the new word went to Postgres with the count, and came back into the cache
    assert env.token_id("zorblaxine") is not None
    assert env.graph.cache.soas_by_token["zorblaxine"].encounter_count == 1


@pytest.mark.postgres
def test_a_streamed_prompt_is_counted_while_the_rest_of_the_answer_streams(graph_env, start_proxy,
                                                                            fake_ollama):
    env = graph_env()
    env.fact("dobby -ispart agent_pool")
    graph = Watched(env.graph)
    proxy = start_proxy(fake_ollama.url, graph=graph)
    before = env.graph.cache.soas_by_token["dobby"].encounter_count
    fake_ollama.hang = True  # one chunk, then the model "thinks" until the client leaves
    body = {"model": "fake", "stream": True,
            "messages": [{"role": "user", "content": "ping dobby please"}]}
    with httpx.Client(timeout=30) as c:
        with c.stream("POST", proxy.url + "/api/chat", json=body) as r:
            chunks = r.iter_bytes()  # kept: a dropped iterator closes the stream
            assert b"thinking" in next(chunks)
            assert graph.settled.wait(20), "not counted while the answer was still streaming"
            assert not fake_ollama.disconnected.is_set()
            assert env.graph.cache.soas_by_token["dobby"].encounter_count == before + 1
    assert fake_ollama.disconnected.wait(20)
    assert env.graph.cache.soas_by_token["dobby"].encounter_count == before + 1  # once only


@pytest.mark.postgres
def test_a_prompt_left_uncounted_is_counted_before_the_next_one_is_read(graph_env):
    """If nothing settles (a front that never calls settle_counts), the next prompt counts
    it first, and the periodic flush takes the last one: nothing is lost."""
    env = graph_env(saliency_read_threshold=0.5)
    env.fact("dobby -ispart agent_pool")
    count = env.graph.cache.soas_by_token["dobby"].encounter_count
    env.graph.process_prompt("is dobby there", defer_count=True)
    assert env.graph.cache.soas_by_token["dobby"].encounter_count == count
    env.graph.process_prompt("and dobby again", defer_count=True)
    assert env.graph.cache.soas_by_token["dobby"].encounter_count == count + 1
    env.call(env.graph.flush())
    env.settle()
    assert env.graph.cache.soas_by_token["dobby"].encounter_count == count + 2
    assert env.scalar("SELECT encounter_count FROM soas WHERE token = 'dobby'") == count + 2


def test_a_request_ending_while_the_proxy_stops_counts_inline():
    """With other requests in flight the count goes to the graph worker; once the proxy is
    stopping (its pool shut down) it is counted on the spot instead of raising in the handler."""
    from concurrent.futures import ThreadPoolExecutor
    from types import SimpleNamespace

    from festinger.proxy import recall

    counted: list[str] = []
    pool = ThreadPoolExecutor(1)
    pool.shutdown()
    graph = SimpleNamespace(settle_counts=lambda: counted.append(threading.current_thread().name))
    recall.settle(SimpleNamespace(graph=graph, active=3, graph_pool=pool))
    assert counted == [threading.current_thread().name]
    # a graph whose counting fails is logged, never raised into the request
    broken = SimpleNamespace(settle_counts=lambda: 1 / 0)
    recall.settle(SimpleNamespace(graph=broken, active=1, graph_pool=pool))
