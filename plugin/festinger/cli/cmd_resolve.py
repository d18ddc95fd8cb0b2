"""festinger resolve: the conflict resolution job from the shell.

    festinger resolve run           drain the queue now (one runner at a time across processes;
                                    processes serving recollections reload through NOTIFY)
    festinger resolve status        pending count, last and next run, schedule, models
    festinger resolve schedule CRON set resolution_schedule (e.g. '0 2 * * *')

`festinger conflicts resolve ID --decision ...` (a human override) is implemented here too
(`add_override_arguments` / `run_override`), and wired into `festinger conflicts`.
"""

from __future__ import annotations

import sys

from . import UserFacingError
from .common import positive_int, database, print_json, service

DECISION_CHOICES = ("dismiss", "update", "decompose", "reclassify")
# What each decision needs besides the id, by the flag the user types.
REQUIRED_FLAGS = {"decompose": ("existing_dimension", "new_dimension"),
                  "reclassify": ("dimension",)}


def add_arguments(p) -> None:
    sub = p.add_subparsers(dest="action", metavar="ACTION")
    r = sub.add_parser("run", help="run the resolution job now")
    r.add_argument("--json", action="store_true")
    s = sub.add_parser("status", help="pending conflicts, last and next run")
    s.add_argument("--json", action="store_true")
    c = sub.add_parser("schedule", help="set the cron schedule of the job")
    c.add_argument("cron", help="cron expression, e.g. '0 2 * * *'")


def run(args) -> int:
    action = args.action or "status"
    svc = service()
    try:
        database(svc)
        res = svc.resolution
        if action == "run":
            data = svc.io.call(res.run_now("cli"), None).as_dict()
        elif action == "status":
            data = svc.io.call(res.status(), 60)
        elif action == "schedule":
            try:
                svc.io.call(res.set_schedule(args.cron), 60)
            except ValueError as exc:
                raise UserFacingError(str(exc)) from None
            data = {"schedule": args.cron.strip()}
        else:  # pragma: no cover - argparse restricts it
            raise UserFacingError(f"unknown action {action!r}")
    finally:
        svc.close()
    if getattr(args, "json", False):
        print_json(data)
    elif action == "run":
        _print_run(data)
    elif action == "status":
        _print_status(data)
    else:
        print(f"resolution_schedule = {data['schedule']}")
    if action == "run":
        # Nothing the user asked for happened when every item waited for a missing model.
        stuck = data.get("no_model") and not (data["resolved"] or data["dismissed"])
        return 0 if data["status"] in ("done", "no_items") and not stuck else 1
    return 0


def _print_run(d: dict) -> None:
    if d["status"] == "busy":
        print(f"not run: {d['note']}")
        return
    if d["status"] == "no_items":
        print("no pending conflicts")
        return
    note = "" if d.get("no_model") else (f" -- {d['note']}" if d["note"] else "")
    print(f"run #{d['run_id']} ({d.get('model') or 'no model'}): {d['resolved']} resolved, "
          f"{d['dismissed']} dismissed, {d['failed']} failed, {d['skipped']} skipped" + note)
    for item in d["items"]:
        print(f"  #{item['id']:<5} {item['status']:<9} {item['decision'] or '':<10} "
              f"{item['detail']}")
    if d.get("no_model"):
        # A shell has no Agent Zero agent, so no utility model: say what to do about it.
        print(f"festinger resolve: {d['note']}", file=sys.stderr)


def _print_status(d: dict) -> None:
    last = d.get("last_run")
    print(f"pending conflicts: {d['pending']} ({d['pending_priority']} from iknowthat, "
          f"{d['pending_with_error']} with an error note)" + (" -- a run is in progress"
                                                             if d["running"] else ""))
    if last:
        print(f"last run: #{last['id']} {last['trigger']} at {last['started_at']}: "
              f"{last['processed']} processed, {last['failed']} failed")
    else:
        print("last run: never")
    print(f"schedule: {d['schedule']}, next run {d['next_run']}"
          + (f" ({d['schedule_error']})" if d.get("schedule_error") else ""))
    for purpose, m in d["models"].items():
        print(f"{purpose} model: {m.get('model_name') or m['provider']} ({m['source']})")
    wq = d.get("write_queue") or {}
    print("write queue: " + (", ".join(f"{n} {s}" for s, n in sorted(wq.items())) or "empty"))


# ---------------------------------------------------------------------- festinger conflicts
def add_override_arguments(p) -> None:
    """`festinger conflicts resolve ID --decision ...` (added to `festinger conflicts`)."""
    p.add_argument("action", nargs="?", choices=("list", "resolve"), default="list",
                   help="list (default) or resolve one conflict (a human override)")
    p.add_argument("id", nargs="?", type=positive_int, help="the conflict id (for resolve)")
    p.add_argument("--decision", choices=DECISION_CHOICES,
                   help="resolve: what to do with the conflict")
    p.add_argument("--existing-dimension", help="decompose: the dimension for the existing fact")
    p.add_argument("--new-dimension", help="decompose: the dimension for the new fact")
    p.add_argument("--dimension", help="reclassify: the dimension the new fact belongs in")
    p.add_argument("--reason", default="", help="a note kept with the decision")


def run_override(args) -> int:
    from ..graph.resolution import ItemGone, ResolutionError

    if args.id is None or not args.decision:
        raise UserFacingError("usage: festinger conflicts resolve ID --decision "
                              "dismiss|update|decompose|reclassify [...]")
    missing = [f"--{k.replace('_', '-')}" for k in REQUIRED_FLAGS.get(args.decision, ())
               if not (getattr(args, k, None) or "").strip()]
    if missing:
        raise UserFacingError(f"--decision {args.decision} needs {' and '.join(missing)}; "
                              "nothing was changed")
    data = {"decision": args.decision, "reasoning": args.reason}
    for key in ("existing_dimension", "new_dimension", "dimension"):
        if getattr(args, key, None):
            data[key] = getattr(args, key)
    svc = service()
    try:
        database(svc)
        res = svc.resolution
        try:
            out = svc.io.call(res.override(args.id, data), 60)
        except (ItemGone, ResolutionError) as exc:
            raise UserFacingError(str(exc)) from None
    finally:
        svc.close()
    if getattr(args, "json", False):
        print_json(out.as_dict())
    else:
        print(f"conflict #{out.id} {out.status} ({out.decision}): {out.detail}",
              file=sys.stdout)
    return 0
