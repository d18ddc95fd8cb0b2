"""Festinger: a new user message starts a new task for the loop detector."""
try:
    from helpers.extension import Extension  # Agent Zero v1.x
except ImportError:
    from python.helpers.extension import Extension  # Agent Zero v0.9.x


class FestingerLoopsStart(Extension):
    async def execute(self, **kwargs):
        try:  # an exception escaping a hook ends the user's chat: never let one out
            from festinger.a0.handlers.loops import on_monologue_start
            await on_monologue_start(self.agent, **kwargs)
        except Exception as exc:
            print(f"festinger: loop guard (monologue_start) failed: {exc!r}")
