"""LLM providers, prompts, answer validation and the write path of the concept graph."""
