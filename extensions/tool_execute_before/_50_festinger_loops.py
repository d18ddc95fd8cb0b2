"""Festinger: loop guard: the tool call the model chose."""
try:
    from helpers.extension import Extension  # Agent Zero v1.x
except ImportError:
    from python.helpers.extension import Extension  # Agent Zero v0.9.x


class FestingerLoopsToolBefore(Extension):
    async def execute(self, **kwargs):
        try:  # an exception escaping a hook ends the user's chat: never let one out
            from festinger.a0.handlers.loops import on_tool_execute_before
            await on_tool_execute_before(self.agent, **kwargs)
        except Exception as exc:
            print(f"festinger: loop guard (tool_execute_before) failed: {exc!r}")
