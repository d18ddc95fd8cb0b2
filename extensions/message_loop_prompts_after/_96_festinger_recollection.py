"""Festinger: put the <recollection> block at the top of the system prompt; keep the graph's
background work (LLM write path, resolution job) running in this process."""
try:
    from helpers.extension import Extension  # Agent Zero v1.x
except ImportError:
    from python.helpers.extension import Extension  # Agent Zero v0.9.x


class FestingerRecollection(Extension):
    async def execute(self, **kwargs):
        try:  # an exception escaping a hook ends the user's chat: never let one out
            from festinger.a0.guard import guarded
            from festinger.a0.handlers.recollection import (on_prompts_after_recollection,
                                                             start_background_work)
            await guarded("message_loop_prompts_after", on_prompts_after_recollection, self.agent, kwargs)
            await guarded("message_loop_prompts_after", start_background_work, self.agent, kwargs)
        except Exception as exc:
            print(f"festinger: message_loop_prompts_after hook _96_festinger_recollection.py failed: {exc!r}")
