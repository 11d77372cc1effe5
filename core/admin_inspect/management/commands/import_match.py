"""Import a match export (JSON or NDJSON, ``export_match --format json|ndjson``) into a new
match for analysis: private, unrated, nobody seated; logged in the staff audit log."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from core.accounts.models import User
from core.admin_inspect import archive
from core.admin_inspect.models import AuditEntry
from core.api.errors import ApiError


class Command(BaseCommand):
    help = "Import a match export file into a new match; prints the new match's id."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="The export (JSON or NDJSON); '-' for standard input.")
        parser.add_argument("--user", help="The staff user to record as the importer.")
        parser.add_argument("--reason", default="import from the command line")

    def handle(self, *args: Any, **o: Any) -> None:
        if o["file"] == "-":
            text = sys.stdin.read()
        else:
            path = Path(o["file"])
            if not path.is_file():
                raise CommandError(f"There is no file {path}.")
            text = path.read_text(encoding="utf-8")
        user = None
        if o["user"]:
            user = User.objects.filter(username=o["user"]).first()
            if user is None:
                raise CommandError(f"There is no user {o['user']!r}.")
        try:
            doc = json.loads(text)
        except ValueError:
            doc = None
        try:
            if not isinstance(doc, dict) or doc.get("events") == "lines":
                doc = archive.parse_ndjson(text)
            with transaction.atomic():
                match, details = archive.match_import(doc=doc, user=user)
                AuditEntry.objects.create(
                    user=user,
                    username=user.get_username() if user else "(command line)",
                    action=AuditEntry.Action.IMPORT,
                    match=match,
                    reason=o["reason"],
                    details=details,
                )
        except ApiError as err:
            where = f" (event {err.extra['seq']})" if "seq" in err.extra else ""
            raise CommandError(f"{err.code}: {err.message}{where}") from err
        self.stdout.write(
            f"imported match {details['source_id']} as match {match.pk}: "
            f"{details['events']} events, {match.status}, state {details['state_digest']}"
        )
