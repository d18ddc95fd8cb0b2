"""Festinger: loop guard: temperature boost of the chat model about to be called (v1.x only)."""
try:
    from helpers.extension import Extension  # Agent Zero v1.x
except ImportError:
    from python.helpers.extension import Extension  # Agent Zero v0.9.x


class FestingerLoopsModelCall(Extension):
    async def execute(self, **kwargs):
        try:  # an exception escaping a hook ends the user's chat: never let one out
            from festinger.a0.guard import guarded
            from festinger.a0.handlers.loops import on_chat_model_call_before, with_hook_kwargs
            await guarded("chat_model_call_before", with_hook_kwargs(on_chat_model_call_before, kwargs), self.agent, kwargs)
        except Exception as exc:
            print(f"festinger: chat_model_call_before hook _50_festinger_loops.py failed: {exc!r}")
