"""Festinger: remember this monologue's context (user words, role, domain) before the stock memorizers (_50, _51) start."""
try:
    from helpers.extension import Extension  # Agent Zero v1.x
except ImportError:
    from python.helpers.extension import Extension  # Agent Zero v0.9.x


class FestingerSnapshot(Extension):
    async def execute(self, **kwargs):
        try:  # an exception escaping a hook ends the user's chat: never let one out
            from festinger.a0.guard import guarded
            from festinger.a0.handlers.memory import on_monologue_end_snapshot
            await guarded("monologue_end", on_monologue_end_snapshot, self.agent, kwargs)
        except Exception as exc:
            print(f"festinger: monologue_end hook _45_festinger_snapshot.py failed: {exc!r}")
