"""Source attribution: a memory is the user's only when the user's words cover its content."""

from festinger.core.source_attribution import ContextMessage, MessageIndex, attribute, content_tokens


def idx(*msgs):
    return MessageIndex([ContextMessage(*m) for m in msgs])


def test_user_fact_is_attributed_to_the_user():
    a = attribute("The user's project uses Python 3.11",
                  idx(("user", "My project uses Python 3.11"), ("agent", "Noted.")), 80)
    assert a.speaker == "user" and a.user_score == 100


def test_short_user_reply_never_lends_authority_to_an_agent_conclusion():
    index = idx(("user", "ok do it"),
                ("agent", "I will refactor the parser into three modules and do it now"))
    a = attribute("Agent decided to do it: refactor the parser into three modules", index, 80)
    assert a.speaker is None
    assert a.user_score == 0


def test_versions_must_match_exactly():
    a = attribute("The project uses Python 3.9", idx(("user", "we are on python 3.11 in the project")), 80)
    assert a.speaker != "user"


def test_agent_echo_of_the_user_keeps_the_user_as_source():
    index = idx(("user", "The server runs on port 8080"),
                ("agent", "Understood, the server runs on port 8080."))
    assert attribute("Server runs on port 8080", index, 80).speaker == "user"


def test_agent_adding_content_makes_it_the_agents():
    index = idx(("user", "The server runs on port 8080"),
                ("agent", "The server runs on port 8080 behind an nginx reverse proxy with TLS"))
    a = attribute("The server runs on port 8080 behind an nginx reverse proxy with TLS", index, 80)
    assert a.speaker is None


def test_retrieval_tool_output_is_external_but_memory_tools_are_not():
    out = "Django 5.1 was released in August 2024 with LoginRequiredMiddleware"
    assert attribute("Django 5.1 was released in August 2024",
                     idx(("tool", out, "search_engine")), 80).speaker == "tool"
    assert attribute("Django 5.1 was released in August 2024",
                     idx(("tool", out, "memory_load")), 80).speaker is None


def test_fuzzy_word_forms_count():
    index = idx(("user", "we deploy it with docker compose on hetzner"))
    assert attribute("Deployed with Docker Compose on Hetzner", index, 80).speaker == "user"


def test_memory_without_content_words_is_nobodys():
    assert attribute("ok, do it", idx(("user", "ok do it")), 80).speaker is None
    assert content_tokens("The user said that it is so") == []
