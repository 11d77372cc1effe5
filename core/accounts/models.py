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
