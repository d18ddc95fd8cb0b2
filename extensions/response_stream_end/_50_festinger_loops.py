"""Festinger: loop guard: the model answered (restore a v0.9.x temperature boost)."""
try:
    from helpers.extension import Extension  # Agent Zero v1.x
except ImportError:
    from python.helpers.extension import Extension  # Agent Zero v0.9.x


class FestingerLoopsResponseEnd(Extension):
    async def execute(self, **kwargs):
        try:  # an exception escaping a hook ends the user's chat: never let one out
            from festinger.a0.guard import guarded
            from festinger.a0.handlers.loops import on_response_stream_end
            await guarded("response_stream_end", on_response_stream_end, self.agent, kwargs)
        except Exception as exc:
            print(f"festinger: response_stream_end hook _50_festinger_loops.py failed: {exc!r}")
