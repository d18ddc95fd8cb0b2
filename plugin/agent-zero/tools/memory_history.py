"""Festinger tool `memory_history`: what did we previously believe about X? The memories
that were superseded, each with what replaced it up to the current belief, with dates."""
try:
    from helpers.tool import Tool, Response  # Agent Zero v1.x
except ImportError:
    from python.helpers.tool import Tool, Response  # Agent Zero v0.9.x


class MemoryHistory(Tool):
    async def execute(self, query="", k=5, **kwargs):
        try:  # a tool exception would reach the chat as a framework error: report in words
            from festinger.memory.history import tool_answer

            text = await tool_answer(self.agent, query or kwargs.get("topic") or "", k)
        except Exception as exc:
            text = f"memory_history failed: {type(exc).__name__}: {exc}"
        return Response(message=text, break_loop=False)
