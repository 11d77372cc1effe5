"""Ludoteka's Django side: settings, the event store, matches, accounts and the REST API."""

from core.celery import app as celery_app

__all__ = ["celery_app"]
