"""The inspection page on the command line: a match's facts and events, or with ``--at`` the
state after one event, what changed, and a seat's view (``--seat N`` or ``spectator``)."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from core.admin_inspect import inspection
from core.api.errors import ApiError


class Command(BaseCommand):
    help = "Show a match's history as staff see it (everything, secrets included)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("match_id", type=int)
        parser.add_argument("--at", type=int, help="The state after this event (0: before any).")
        parser.add_argument("--seat", help="With --at: a seat's view (a number or 'spectator').")
        parser.add_argument("--json", action="store_true", help="Print JSON.")

    def handle(self, *args: Any, **o: Any) -> None:
        try:
            match = inspection.staff_match_get(o["match_id"])
            if o["at"] is None:
                if o["seat"] is not None:
                    raise CommandError("--seat goes with --at.")
                self._history(match, as_json=o["json"])
                return
            seat = inspection.parse_seat(match, o["seat"])
            at = inspection.staff_match_at(match, seq=o["at"], seat=seat)
        except ApiError as err:
            raise CommandError(err.message) from err
        if o["json"]:
            self.stdout.write(json.dumps(at, ensure_ascii=False, indent=1))
            return
        event = at["event"]
        if event is not None:
            actor = event["actor"]
            who = actor["kind"] + ("" if actor["seat"] is None else f" {actor['seat']}")
            self.stdout.write(f"#{event['seq']} {event['at']} {who} {event['type']}")
            self.stdout.write(f"  {event['text']['en']}")
            self.stdout.write(f"  payload: {json.dumps(event['payload'], ensure_ascii=False)}")
        self.stdout.write(f"active seats: {at['active_seats']}")
        self.stdout.write("changed:")
        for d in at["diff"]:
            before, after = json.dumps(d["before"]), json.dumps(d["after"])
            self.stdout.write(f"  {d['path']}: {before} -> {after}")
        key = "view" if "view" in at else "state"
        self.stdout.write(f"{key}:")
        self.stdout.write(json.dumps(at[key], ensure_ascii=False, indent=1))

    def _history(self, match: Any, *, as_json: bool) -> None:
        detail = inspection.staff_match_detail(match)
        events = inspection.staff_match_events(match)
        if as_json:
            self.stdout.write(json.dumps({**detail, "events": events}, ensure_ascii=False))
            return
        self.stdout.write(
            f"{match.game} #{match.pk}: {match.status}, version {match.version}, "
            f"rules version {match.rules_version}, options {json.dumps(match.options)}"
        )
        for s in detail["seats"]:
            self.stdout.write(
                f"  seat {s['index']}: {s['user'] or s['bot_level'] or s['kind']} ({s['status']})"
            )
        for e in events:
            actor = e["actor"]
            who = actor["kind"] + ("" if actor["seat"] is None else f" {actor['seat']}")
            hidden = ",".join(f"{k}:{v[0]}" for k, v in e["visible_to"].items() if v != "full")
            mark = " (undone)" if e["undone"] else ""
            self.stdout.write(
                f"#{e['seq']} {e['at'][:19]} {who:8} {e['type']}{mark}: {e['text']['en']}"
                + (f" [seen {hidden}]" if hidden else "")
            )
