"""Festinger: advance the health cycle clock; run memory maintenance and SALUTE reports when due."""
try:
    from helpers.extension import Extension  # Agent Zero v1.x
except ImportError:
    from python.helpers.extension import Extension  # Agent Zero v0.9.x


class FestingerMaintenance(Extension):
    async def execute(self, **kwargs):
        try:  # an exception escaping a hook ends the user's chat: never let one out
            from festinger.a0.guard import guarded
            from festinger.a0.handlers.health import on_monologue_end
            await guarded("monologue_end", on_monologue_end, self.agent, kwargs)
        except Exception as exc:
            print(f"festinger: monologue_end hook _56_festinger_maintenance.py failed: {exc!r}")
