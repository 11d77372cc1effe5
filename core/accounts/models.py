from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    """A player. ``display_name`` is what others see; ``language`` drives texts and emails."""

    class Language(models.TextChoices):
        EN = "en", "English"
        CS = "cs", "Čeština"

    display_name = models.CharField(max_length=40, blank=True)
    language = models.CharField(max_length=5, choices=Language.choices, default=Language.EN)
    # The yearly vacation bank (issue 9): refilled lazily on the first spend of a new year.
    vacation_days = models.PositiveSmallIntegerField(default=0)
    vacation_year = models.PositiveSmallIntegerField(default=0)

    @property
    def public_name(self) -> str:
        return self.display_name or self.username


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
