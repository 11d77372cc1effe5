"""Export a match's full event stream (secrets included: an operator's tool) as corpus JSON.

Files written to ``tests/corpus/<game>/`` are replayed by the test suite, so a rules change that
would break stored matches fails CI (tests/test_corpus.py).
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from core.admin_inspect import archive
from core.eventstore.models import Event
from core.matches.models import Match
from core.matches.state import replay_from_zero
from games.registry import get_engine


class Command(BaseCommand):
    help = "Print a match's event stream as corpus JSON, or as a full export (--format)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("match_id", type=int)
        parser.add_argument(
            "--format",
            choices=["corpus", "json", "ndjson"],
            default="corpus",
            help="json/ndjson: the versioned export that import_match reads "
            "(core/admin_inspect/archive.py); corpus (default): the test corpus's format.",
        )

    def handle(self, *args: Any, **o: Any) -> None:
        match = Match.objects.filter(pk=o["match_id"]).first()
        if match is None:
            raise CommandError(f"There is no match {o['match_id']}.")
        if o["format"] != "corpus":
            if o["format"] == "ndjson":
                for line in archive.export_ndjson(match):
                    self.stdout.write(line, ending="")
            else:
                self.stdout.write(json.dumps(archive.export_json(match), ensure_ascii=False))
            return
        engine = get_engine(match.game)
        events = [
            {"actor": e.actor, **e.as_engine_event()}
            for e in Event.objects.of("match", match.pk).order_by("seq")
        ]
        state = replay_from_zero(match)
        doc = {
            "game": match.game,
            "rules_version": match.rules_version,
            "players": match.n_players,
            "options": match.options,
            "events": events,
            "outcome": engine.outcome(state) if state is not None else None,
        }
        self.stdout.write(json.dumps(doc, ensure_ascii=False, indent=1))
