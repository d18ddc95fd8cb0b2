"""The models table: keys encrypted at rest, the write/resolve selection and its precedence."""

from __future__ import annotations

import pytest

from festinger.llm import model_table as mt
from festinger.llm.providers import (UTILITY, AnthropicProvider, NoProvider, OpenAIProvider,
                                     ProviderError)

pytestmark = pytest.mark.postgres
KEY = "sk-ant-model-table-key-77777"


def run(env, fn):
    async def go():
        db = await env.svc.db()
        async with db.pool.acquire() as conn:
            return await fn(conn)
    return env.call(go())


def test_keys_are_stored_encrypted_and_shown_masked(graph_env):
    env = graph_env()
    ring = env.res.keyring
    mid = run(env, lambda c: mt.add_model(c, ring, "claude", "claude-x", KEY))
    raw = env.scalar("SELECT api_key FROM models WHERE id = $1", mid)
    assert KEY not in raw and raw.startswith("gAAAA")  # a Fernet token
    shown = run(env, lambda c: mt.list_models(c))[0].public(ring)
    assert shown["api_key"] == "sk-a…7777" and KEY not in str(shown)
    assert run(env, lambda c: mt.list_models(c))[0].public()["api_key"] == "set"
    provider = run(env, lambda c: mt.provider_for(c, ring, mt.WRITE, mid))
    assert isinstance(provider, AnthropicProvider) and provider._api_key == KEY


def test_selection_precedence(graph_env):
    env = graph_env()
    ring = env.res.keyring
    a = run(env, lambda c: mt.add_model(c, ring, "claude", "claude-a", KEY))
    b = run(env, lambda c: mt.add_model(c, ring, "openai", "gpt-b", "sk-openai-b",
                                        "http://127.0.0.1:11434/v1"))
    assert run(env, lambda c: mt.selected_model_id(c, mt.RESOLVE)) == (None, "default")
    run(env, lambda c: mt.select_model(c, mt.RESOLVE, b))
    assert run(env, lambda c: mt.selected_model_id(c, mt.RESOLVE)) == (b, "database")
    # the pack config (plugin settings / FESTINGER_RESOLVE_MODEL_ID) wins over the table
    assert run(env, lambda c: mt.selected_model_id(c, mt.RESOLVE, a)) == (a, "config")
    p = run(env, lambda c: mt.provider_for(c, ring, mt.RESOLVE))
    assert isinstance(p, OpenAIProvider) and p.base_url == "http://127.0.0.1:11434/v1"
    # removing the model falls back to the utility model
    assert run(env, lambda c: mt.remove_model(c, b))
    assert run(env, lambda c: mt.selected_model_id(c, mt.RESOLVE)) == (None, "default")
    UTILITY.forget()
    with pytest.raises(NoProvider):
        run(env, lambda c: mt.provider_for(c, ring, mt.RESOLVE))


def test_bad_rows_and_input(graph_env, tmp_path):
    env = graph_env()
    ring = env.res.keyring
    with pytest.raises(ValueError, match="provider"):
        run(env, lambda c: mt.add_model(c, ring, "mistral", "m", KEY))
    with pytest.raises(ValueError, match="base_url"):
        run(env, lambda c: mt.add_model(c, ring, "openai", "m", KEY, "file:///etc/passwd"))
    with pytest.raises(ValueError, match="no model"):
        run(env, lambda c: mt.select_model(c, mt.WRITE, 42))
    with pytest.raises(ProviderError, match="no such model"):
        run(env, lambda c: mt.provider_for(c, ring, mt.WRITE, 42))
    mid = run(env, lambda c: mt.add_model(c, ring, "claude", "claude-x", KEY))
    from festinger.llm.keys import KeyRing
    other = KeyRing(tmp_path / "another-installation", environ={})
    other.encrypt("its own key")  # another installation, with its own Fernet key
    with pytest.raises(ProviderError, match="cannot be decrypted") as err:
        run(env, lambda c: mt.provider_for(c, other, mt.WRITE, mid))
    assert not err.value.retryable and KEY not in str(err.value)
