"""Festinger: loop guard: the tool call the model chose."""
try:
    from helpers.extension import Extension  # Agent Zero v1.x
except ImportError:
    from python.helpers.extension import Extension  # Agent Zero v0.9.x


class FestingerLoopsToolBefore(Extension):
    async def execute(self, **kwargs):
        try:  # an exception escaping a hook ends the user's chat: never let one out
            from festinger.a0.guard import guarded
            from festinger.a0.handlers.loops import on_tool_execute_before, with_hook_kwargs
            await guarded("tool_execute_before", with_hook_kwargs(on_tool_execute_before, kwargs), self.agent, kwargs)
        except Exception as exc:
            print(f"festinger: tool_execute_before hook _50_festinger_loops.py failed: {exc!r}")
