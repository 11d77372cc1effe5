from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from core.accounts.models import User

DEMO = (("alice", "Alice", "alice-plays-1"), ("bob", "Bob", "bob-plays-2"))


class Command(BaseCommand):
    help = "Create (or reset) two demo accounts and print their passwords."

    def handle(self, *args: Any, **opts: Any) -> None:
        for username, name, password in DEMO:
            user, _ = User.objects.get_or_create(username=username, defaults={"display_name": name})
            user.set_password(password)
            user.save()
            self.stdout.write(f"demo account: {username} / {password}")
