"""A small, safe expression evaluator for memory metadata filters.

Agent Zero evaluates ``search_similarity_threshold(..., filter="area == 'main'")`` with the
``simpleeval`` package, using the document's metadata dict as the variable names, and any
evaluation error counts as "no match". ``simpleeval`` is not a dependency here, so this
module evaluates the same subset of Python expressions by walking the AST with an explicit
whitelist: literals, names, boolean logic, comparisons (incl. ``in``), arithmetic,
conditional expressions, subscripts, non-underscore attributes (falling back to dict keys,
as simpleeval does) and calls to ``int``/``float``/``str`` (simpleeval's default functions
minus the random ones). Anything else raises :class:`FilterError`.
"""

from __future__ import annotations

import ast
import operator
from typing import Any, Callable, Mapping

_MAX_POWER = 4_000_000
_MAX_STRING = 100_000


class FilterError(ValueError):
    """The expression uses something outside the whitelist or refers to an unknown name."""


_BINARY = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
}
_UNARY = {ast.Not: operator.not_, ast.USub: operator.neg, ast.UAdd: operator.pos}
_COMPARE = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
    ast.Is: operator.is_,
    ast.IsNot: operator.is_not,
}
_FUNCTIONS: dict[str, Callable[..., Any]] = {"int": int, "float": float, "str": str}


class _Evaluator:
    def __init__(self, names: Mapping[str, Any]) -> None:
        self.names = names

    def eval(self, node: ast.AST) -> Any:
        method = getattr(self, "_" + type(node).__name__, None)
        if method is None:
            raise FilterError(f"unsupported syntax: {type(node).__name__}")
        return method(node)

    def _Expression(self, node: ast.Expression) -> Any:
        return self.eval(node.body)

    def _Constant(self, node: ast.Constant) -> Any:
        return node.value

    def _Name(self, node: ast.Name) -> Any:
        if node.id in self.names:
            return self.names[node.id]
        if node.id in ("True", "False", "None"):
            return {"True": True, "False": False, "None": None}[node.id]
        raise FilterError(f"name not defined: {node.id}")

    def _BoolOp(self, node: ast.BoolOp) -> Any:
        result: Any = None
        if isinstance(node.op, ast.And):
            for value in node.values:
                result = self.eval(value)
                if not result:
                    return result
            return result
        for value in node.values:
            result = self.eval(value)
            if result:
                return result
        return result

    def _UnaryOp(self, node: ast.UnaryOp) -> Any:
        op = _UNARY.get(type(node.op))
        if op is None:
            raise FilterError("unsupported unary operator")
        return op(self.eval(node.operand))

    def _BinOp(self, node: ast.BinOp) -> Any:
        if isinstance(node.op, ast.Pow):
            left, right = self.eval(node.left), self.eval(node.right)
            if abs(right) > _MAX_POWER:
                raise FilterError("power too large")
            return left**right
        op = _BINARY.get(type(node.op))
        if op is None:
            raise FilterError("unsupported binary operator")
        result = op(self.eval(node.left), self.eval(node.right))
        if isinstance(result, str) and len(result) > _MAX_STRING:
            raise FilterError("string too long")
        return result

    def _Compare(self, node: ast.Compare) -> Any:
        left = self.eval(node.left)
        for op_node, right_node in zip(node.ops, node.comparators):
            right = self.eval(right_node)
            if not _COMPARE[type(op_node)](left, right):
                return False
            left = right
        return True

    def _IfExp(self, node: ast.IfExp) -> Any:
        return self.eval(node.body) if self.eval(node.test) else self.eval(node.orelse)

    def _Subscript(self, node: ast.Subscript) -> Any:
        return self.eval(node.value)[self.eval(node.slice)]

    def _Attribute(self, node: ast.Attribute) -> Any:
        if node.attr.startswith("_"):
            raise FilterError("private attributes are not allowed")
        value = self.eval(node.value)
        try:
            return getattr(value, node.attr)
        except AttributeError:
            try:
                return value[node.attr]
            except (KeyError, TypeError) as exc:
                raise FilterError(f"no attribute {node.attr}") from exc

    def _Call(self, node: ast.Call) -> Any:
        if not isinstance(node.func, ast.Name) or node.func.id not in _FUNCTIONS:
            raise FilterError("only int(), float() and str() may be called")
        if node.keywords:
            raise FilterError("keyword arguments are not allowed")
        return _FUNCTIONS[node.func.id](*[self.eval(a) for a in node.args])

    def _List(self, node: ast.List) -> Any:
        return [self.eval(e) for e in node.elts]

    def _Tuple(self, node: ast.Tuple) -> Any:
        return tuple(self.eval(e) for e in node.elts)

    def _Set(self, node: ast.Set) -> Any:
        return {self.eval(e) for e in node.elts}

    def _Dict(self, node: ast.Dict) -> Any:
        return {self.eval(k): self.eval(v) for k, v in zip(node.keys, node.values) if k is not None}


def parse(expression: str) -> ast.Expression:
    try:
        return ast.parse(expression.strip(), mode="eval")
    except SyntaxError as exc:
        raise FilterError(f"invalid expression: {exc}") from exc


def evaluate(expression: str, names: Mapping[str, Any]) -> Any:
    """Evaluate ``expression`` with ``names`` as variables; raises FilterError when unsafe."""
    return _Evaluator(names).eval(parse(expression))


def compile_filter(expression: str) -> Callable[[Mapping[str, Any]], bool]:
    """A metadata predicate like Agent Zero's comparator: any error means "no match".

    Uses the real ``simpleeval`` when it is installed (exactly what A0 runs), else this
    module's evaluator.
    """
    try:
        from simpleeval import simple_eval  # type: ignore[import-not-found]
    except ImportError:
        simple_eval = None
    if simple_eval is not None:
        def matches_simpleeval(metadata: Mapping[str, Any]) -> bool:
            try:
                return bool(simple_eval(expression, names=dict(metadata)))
            except Exception:
                return False

        return matches_simpleeval

    try:
        tree = parse(expression)
    except FilterError:
        tree = None

    def matches(metadata: Mapping[str, Any]) -> bool:
        if tree is None:
            return False
        try:
            return bool(_Evaluator(metadata).eval(tree))
        except Exception:
            return False

    return matches
