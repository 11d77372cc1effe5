"""Enforce due deadlines and reminders and dispatch the outbox, once or every N seconds.

Celery beat does this in production; in the embedded default (no Redis, tasks in-process) run
``manage.py sweep_deadlines --every 60`` beside the server.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from core.matches.deadlines import deadline_sweep
from core.notifications.delivery import deliveries_send
from core.notifications.digest import digests_send
from core.notifications.services import outbox_dispatch
from core.notifications.watching import watch_purge
from core.tournaments.services import tournament_sweep

log = logging.getLogger(__name__)


class Command(BaseCommand):
    help = (
        "Apply due timeouts, vacation days and reminders; move tournaments on; send "
        "notifications and digests."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--every", type=float, default=0, help="repeat every N seconds")

    def handle(self, *args: Any, **o: Any) -> None:
        if o["every"] < 0:
            raise CommandError("--every must be 0 (once) or a positive number of seconds.")
        while True:
            try:
                counts: dict[str, object] = {**deadline_sweep()}
                tournaments = tournament_sweep()
                if tournaments:  # like the deadline counts: only what happened
                    counts["tournaments"] = tournaments
                counts["notifications"] = outbox_dispatch()
                counts["deliveries"] = deliveries_send()
                watch_purge()
                counts["digests"] = digests_send()
            except Exception:
                if not o["every"]:
                    raise
                # The embedded default's only sweeper: one failed round (a bug, a database
                # locked past its wait) must not end it; the next round does the work.
                log.exception("sweep failed; trying again in %s s", o["every"])
            else:
                self.stdout.write(json.dumps(counts))
            if not o["every"]:
                return
            time.sleep(o["every"])
