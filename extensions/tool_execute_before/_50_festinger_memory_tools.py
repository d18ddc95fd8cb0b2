"""Festinger: note the arguments of the agent's memory tool calls (for the filtered answer)."""
try:
    from helpers.extension import Extension  # Agent Zero v1.x
except ImportError:
    from python.helpers.extension import Extension  # Agent Zero v0.9.x


class FestingerMemoryToolsBefore(Extension):
    async def execute(self, **kwargs):
        try:  # an exception escaping a hook ends the user's chat: never let one out
            from festinger.a0.guard import guarded
            from festinger.a0.handlers.memory_tools import on_tool_execute_before
            # Tool hooks carry no loop_data: the handler gets the hook's kwargs instead.
            await guarded("tool_execute_before", on_tool_execute_before, self.agent, {"loop_data": kwargs})
        except Exception as exc:
            print(f"festinger: tool_execute_before hook _50_festinger_memory_tools.py failed: {exc!r}")
