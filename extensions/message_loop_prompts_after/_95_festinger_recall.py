"""Festinger: filter, rank and trust-label the recalled memories (after the stock recall, _50 and _91)."""
try:
    from helpers.extension import Extension  # Agent Zero v1.x
except ImportError:
    from python.helpers.extension import Extension  # Agent Zero v0.9.x


class FestingerRecall(Extension):
    async def execute(self, **kwargs):
        try:  # an exception escaping a hook ends the user's chat: never let one out
            from festinger.a0.hooks import dispatch
            await dispatch("prompts_after_recall", self.agent, kwargs)
        except Exception as exc:
            print(f"festinger: prompts_after_recall hook failed: {exc!r}")
