"""The pack's Agent Zero hook handlers, one module per family (memory, recall,
recollection, health).

Each handler is ``async def handler(service, agent, loop_data) -> None``; an extension file
imports it by name and runs it through :func:`festinger.a0.guard.guarded`, which catches and
reports whatever escapes. Handlers do in-memory work only: nothing here waits for an LLM or
the network on the prompt path.
"""
