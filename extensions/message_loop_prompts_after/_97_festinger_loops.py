"""Festinger: loop guard: forbidden-action note and collapsed repeats in the prompt being built."""
try:
    from helpers.extension import Extension  # Agent Zero v1.x
except ImportError:
    from python.helpers.extension import Extension  # Agent Zero v0.9.x


class FestingerLoopsPrompt(Extension):
    async def execute(self, **kwargs):
        try:  # an exception escaping a hook ends the user's chat: never let one out
            from festinger.a0.guard import guarded
            from festinger.a0.handlers.loops import on_prompts_after
            await guarded("message_loop_prompts_after", on_prompts_after, self.agent, kwargs)
        except Exception as exc:
            print(f"festinger: message_loop_prompts_after hook _97_festinger_loops.py failed: {exc!r}")
