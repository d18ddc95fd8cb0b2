"""Festinger: filter, rank and trust-label the recalled memories (after the stock recall, _50 and _91)."""
try:
    from helpers.extension import Extension  # Agent Zero v1.x
except ImportError:
    from python.helpers.extension import Extension  # Agent Zero v0.9.x


class FestingerRecall(Extension):
    async def execute(self, **kwargs):
        try:  # an exception escaping a hook ends the user's chat: never let one out
            from festinger.a0.guard import guarded
            from festinger.a0.handlers.recall import on_prompts_after_recall
            await guarded("message_loop_prompts_after", on_prompts_after_recall, self.agent, kwargs)
        except Exception as exc:
            print(f"festinger: message_loop_prompts_after hook _95_festinger_recall.py failed: {exc!r}")
