"""Festinger: loop guard: record this iteration's action and plan the mitigation."""
try:
    from helpers.extension import Extension  # Agent Zero v1.x
except ImportError:
    from python.helpers.extension import Extension  # Agent Zero v0.9.x


class FestingerLoopsRecord(Extension):
    async def execute(self, **kwargs):
        try:  # an exception escaping a hook ends the user's chat: never let one out
            from festinger.a0.guard import guarded
            from festinger.a0.handlers.loops import on_message_loop_end
            await guarded("message_loop_end", on_message_loop_end, self.agent, kwargs)
        except Exception as exc:
            print(f"festinger: message_loop_end hook _50_festinger_loops.py failed: {exc!r}")
