"""Festinger: loop guard: circuit breaker and (v0.9.x) temperature boost for this model call."""
try:
    from helpers.extension import Extension  # Agent Zero v1.x
except ImportError:
    from python.helpers.extension import Extension  # Agent Zero v0.9.x


class FestingerLoopsBeforeCall(Extension):
    async def execute(self, **kwargs):
        try:  # an exception escaping a hook ends the user's chat: never let one out
            from festinger.a0.guard import guarded
            from festinger.a0.handlers.loops import on_before_main_llm_call
            await guarded("before_main_llm_call", on_before_main_llm_call, self.agent, kwargs)
        except Exception as exc:
            print(f"festinger: before_main_llm_call hook _13_festinger_loops.py failed: {exc!r}")
