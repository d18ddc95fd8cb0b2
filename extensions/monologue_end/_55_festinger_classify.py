"""Festinger: classify and conflict-check new memories; maintenance and health reports."""
try:
    from helpers.extension import Extension  # Agent Zero v1.x
except ImportError:
    from python.helpers.extension import Extension  # Agent Zero v0.9.x


class FestingerClassify(Extension):
    async def execute(self, **kwargs):
        try:  # an exception escaping a hook ends the user's chat: never let one out
            from festinger.a0.hooks import dispatch
            await dispatch("monologue_end", self.agent, kwargs)
        except Exception as exc:
            print(f"festinger: monologue_end hook failed: {exc!r}")
