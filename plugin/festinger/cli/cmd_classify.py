"""festinger classify "text" --origin user|agent|tool: the four axes of a text, as JSON."""

from __future__ import annotations

from ..clock import utc_now_iso
from ..config import load_config
from ..core.classification import ClassifierSettings, Unclassified, classify_text
from ..paths import resolve_home
from . import UserFacingError
from .common import print_json, read_text_arg


def add_arguments(p) -> None:
    p.add_argument("text", help="the memory text ('-' reads standard input)")
    p.add_argument("--origin", choices=("user", "agent", "tool"), default="agent",
                   help="whose message the text comes from (default: agent)")
    p.add_argument("--tool-name", default="search_engine", help="with --origin tool: the tool's name")
    p.add_argument("--area", choices=("fragments", "solutions", "main"), default="fragments",
                   help="Agent Zero memory area (solutions are always agent_inferred)")
    p.add_argument("--explain", action="store_true", help="also print why")


def run(args) -> int:
    config = load_config(file_path=resolve_home(None) / "config.json").config
    outcome = classify_text(read_text_arg(args.text), args.origin, ClassifierSettings.from_config(config),
                            now_iso=utc_now_iso(), tool_name=args.tool_name, area=args.area)
    if isinstance(outcome, Unclassified):
        raise UserFacingError(f"not classifiable: {outcome.reason}")
    data = outcome.classification.to_dict()
    if args.explain:
        data["why"] = outcome.explain()
    print_json(data)
    return 0
