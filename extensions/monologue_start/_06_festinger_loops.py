"""Festinger: a new user message starts a new task for the loop detector."""
try:
    from helpers.extension import Extension  # Agent Zero v1.x
except ImportError:
    from python.helpers.extension import Extension  # Agent Zero v0.9.x


class FestingerLoopsStart(Extension):
    async def execute(self, **kwargs):
        try:  # an exception escaping a hook ends the user's chat: never let one out
            from festinger.a0.guard import guarded
            from festinger.a0.handlers.loops import on_monologue_start
            await guarded("monologue_start", on_monologue_start, self.agent, kwargs)
        except Exception as exc:
            print(f"festinger: monologue_start hook _06_festinger_loops.py failed: {exc!r}")
