from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from core.admin_inspect.inspection import replay_check
from core.eventstore.store import verify_chain
from core.matches.models import Match


class Command(BaseCommand):
    help = "Recompute a match's hash chain and report the first broken link (exit 1 if broken)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("match_ids", nargs="*", type=int)
        parser.add_argument("--all", action="store_true", help="Verify every match.")
        parser.add_argument(
            "--replay",
            action="store_true",
            help="Also replay each stream from zero against its stored snapshots.",
        )

    def handle(self, *args: Any, **opts: Any) -> None:
        ids = opts["match_ids"] or (
            list(Match.objects.values_list("pk", flat=True)) if opts["all"] else []
        )
        if not ids:
            raise CommandError("Name one or more match ids, or --all.")
        broken = 0
        for match_id in ids:
            if not Match.objects.filter(pk=match_id).exists():
                raise CommandError(f"There is no match {match_id}.")
            report = verify_chain(match_id)
            if report.ok:
                self.stdout.write(f"match {match_id}: ok, {report.checked} events")
            else:
                broken += 1
                self.stdout.write(
                    f"match {match_id}: BROKEN at event {report.broken_seq}: {report.reason}"
                )
            if opts["replay"]:
                replay = replay_check(Match.objects.get(pk=match_id))
                if replay.ok:
                    self.stdout.write(
                        f"match {match_id}: replay ok, {replay.snapshots_checked} snapshot(s)"
                    )
                else:
                    broken += 0 if not report.ok else 1
                    self.stdout.write(
                        f"match {match_id}: REPLAY MISMATCH at event {replay.broken_seq}: "
                        f"{replay.reason}"
                    )
        if broken:
            raise CommandError(f"{broken} match(es) broken.", returncode=1)
