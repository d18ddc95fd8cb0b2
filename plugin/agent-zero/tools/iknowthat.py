"""Festinger tool `iknowthat`: store a fact in the concept graph (the answer to a
"? concept: no recollection ... store it before proceeding" line in <recollection>)."""
try:
    from helpers.tool import Tool, Response  # Agent Zero v1.x
except ImportError:
    from python.helpers.tool import Tool, Response  # Agent Zero v0.9.x


class IKnowThat(Tool):
    async def execute(self, fact="", **kwargs):
        try:  # a tool exception would reach the chat as a framework error: report in words
            from festinger.graph.iknowthat import run_on_service
            from festinger.service import get_service

            if not fact:  # models sometimes name the argument after the usage line
                fact = kwargs.get("text") or kwargs.get("statement") or ""
            result = await run_on_service(get_service(), fact)
            text = result.message
        except Exception as exc:
            text = f"iknowthat failed: {type(exc).__name__}: {exc}"
        return Response(message=text, break_loop=False)
