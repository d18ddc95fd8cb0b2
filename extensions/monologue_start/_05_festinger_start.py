"""Festinger: start the pack and read the active role for this monologue."""
try:
    from helpers.extension import Extension  # Agent Zero v1.x
except ImportError:
    from python.helpers.extension import Extension  # Agent Zero v0.9.x


class FestingerStart(Extension):
    async def execute(self, **kwargs):
        try:  # an exception escaping a hook ends the user's chat: never let one out
            from festinger.a0.hooks import dispatch
            await dispatch("monologue_start", self.agent, kwargs)
        except Exception as exc:
            print(f"festinger: monologue_start hook failed: {exc!r}")
