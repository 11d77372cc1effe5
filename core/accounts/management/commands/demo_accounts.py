from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from core.accounts.models import User

DEMO = (("alice", "Alice", "alice-plays-1"), ("bob", "Bob", "bob-plays-2"))


class Command(BaseCommand):
    help = (
        "Create the two demo accounts once (never reset: a changed password stays changed). "
        "Not in production unless --force: their passwords are published."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--force", action="store_true", help="create them in production too")

    def handle(self, *args: Any, **opts: Any) -> None:
        if getattr(settings, "LUDOTEKA_MODE", "") == "production" and not opts["force"]:
            self.stdout.write("production: no demo accounts (their passwords are public)")
            return
        for username, name, password in DEMO:
            if User.objects.filter(username=username).exists():
                self.stdout.write(f"demo account: {username} (exists; its password is unchanged)")
                continue
            User.objects.create_user(username=username, password=password, display_name=name)
            self.stdout.write(f"demo account: {username} / {password}")
