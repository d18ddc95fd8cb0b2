"""Festinger: replace Agent Zero's recall task (just created by _50_recall_memories) with the pack's filtered one."""
try:
    from helpers.extension import Extension  # Agent Zero v1.x
except ImportError:
    from python.helpers.extension import Extension  # Agent Zero v0.9.x


class FestingerRecallTakeover(Extension):
    async def execute(self, **kwargs):
        try:  # an exception escaping a hook ends the user's chat: never let one out
            from festinger.a0.guard import guarded
            from festinger.a0.handlers.recall import on_prompts_after_recall_start
            await guarded("message_loop_prompts_after", on_prompts_after_recall_start, self.agent, kwargs)
        except Exception as exc:
            print(f"festinger: message_loop_prompts_after hook _51_festinger_recall_takeover.py failed: {exc!r}")
