"""Festinger: put the <recollection> block at the top of the system prompt."""
try:
    from helpers.extension import Extension  # Agent Zero v1.x
except ImportError:
    from python.helpers.extension import Extension  # Agent Zero v0.9.x


class FestingerRecollection(Extension):
    async def execute(self, **kwargs):
        try:  # an exception escaping a hook ends the user's chat: never let one out
            from festinger.a0.hooks import dispatch
            await dispatch("prompts_after_recollection", self.agent, kwargs)
        except Exception as exc:
            print(f"festinger: prompts_after_recollection hook failed: {exc!r}")
