from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils import timezone

# A deleted account keeps its row under this user name, which registration can never give.
DELETED_PREFIX = "~deleted-"


class User(AbstractUser):
    """A player. ``display_name`` is what others see; ``language`` drives texts and emails.

    ``email`` is the verified address, the only one mail goes to; an address given at
    registration or in the settings waits in ``pending_email`` until its link is followed
    (``core/accounts/email_address.py``). A deleted account keeps its row as a tombstone
    (``deleted_at``, every personal field emptied): seats, results and ratings of the matches
    it played keep pointing at it (``core/accounts/erasure.py``)."""

    class Language(models.TextChoices):
        EN = "en", "English"
        CS = "cs", "Čeština"

    display_name = models.CharField(max_length=40, blank=True)
    language = models.CharField(max_length=5, choices=Language.choices, default=Language.EN)
    # The yearly vacation bank (issue 9): refilled lazily on the first spend of a new year.
    vacation_days = models.PositiveSmallIntegerField(default=0)
    vacation_year = models.PositiveSmallIntegerField(default=0)
    pending_email = models.EmailField(blank=True, default="")
    deleted_at = models.DateTimeField(null=True, blank=True)

    @property
    def public_name(self) -> str:
        return self.display_name or self.username

    @property
    def is_deleted(self) -> bool:
        return self.deleted_at is not None


class ApiToken(models.Model):
    """What one log-in (or registration) gave a client: an API token, and in a browser the
    session that log-in opened too (``session_key``). A player has one per device, sees them
    all and may revoke any (``core/accounts/tokens.py``).

    Only the key's SHA-256 is stored: a copy of the database lets nobody in. ``client`` is
    the device's User-Agent, shortened, so that a player recognises it in the list."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="api_tokens")
    digest = models.CharField(max_length=64, unique=True)
    session_key = models.CharField(max_length=40, blank=True, default="")
    client = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)
    last_used_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-last_used_at", "-id"]

    def __str__(self) -> str:
        return f"token {self.pk} of user {self.user_id}"


class Vacation(models.Model):
    """A vacation declared in advance: whole days, ``starts_on`` to ``ends_on`` inclusive, in the
    server's time zone. Declaring it takes its days from the bank of the year it was declared
    in (``bank_year``); cancelling it, or ending it early, puts the unused ones back."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="vacations")
    starts_on = models.DateField()
    ends_on = models.DateField()
    days = models.PositiveSmallIntegerField()  # taken from the bank, less any given back
    bank_year = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["starts_on", "pk"]
        indexes = [models.Index(fields=["user", "ends_on"], name="vacation_user_ends")]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.starts_on} to {self.ends_on}"
