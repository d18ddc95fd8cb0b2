"""Festinger: end the monologue's snapshot scope; classify and conflict-check new memories (in the background)."""
try:
    from helpers.extension import Extension  # Agent Zero v1.x
except ImportError:
    from python.helpers.extension import Extension  # Agent Zero v0.9.x


class FestingerClassify(Extension):
    async def execute(self, **kwargs):
        try:  # an exception escaping a hook ends the user's chat: never let one out
            from festinger.a0.guard import guarded
            from festinger.a0.handlers.memory import on_monologue_end
            await guarded("monologue_end", on_monologue_end, self.agent, kwargs)
        except Exception as exc:
            print(f"festinger: monologue_end hook _55_festinger_classify.py failed: {exc!r}")
