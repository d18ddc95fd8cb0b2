"""`festinger proxy`: an Ollama- and OpenAI-compatible inference proxy on the same core as the
Agent Zero pack (graph service, recollection, loop guard). See proxy/app.py for the routes."""
