"""The Celery app. In the embedded default (no REDIS_URL) tasks run in-process, eagerly."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "core.settings.base")

app = Celery("ludoteka")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
