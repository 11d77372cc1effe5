"""Devices logged in before tokens became one per log-in stay logged in: migration 0004 makes
each key of DRF's old ``authtoken_token`` table a token of its own (stored as its digest)."""

from __future__ import annotations

import importlib
from types import SimpleNamespace
from typing import Any

import pytest
from django.apps import apps
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from tests.conftest import make_user

pytestmark = pytest.mark.django_db

migration = importlib.import_module("core.accounts.migrations.0004_tokens_email_deletion")
EDITOR = SimpleNamespace(connection=connection)  # all the migration's function reads of one


def test_the_keys_of_the_old_token_table_keep_working() -> None:
    alice = make_user("alice")
    old_key = "0123456789abcdef0123456789abcdef01234567"
    with connection.cursor() as cursor:
        cursor.execute(
            "CREATE TABLE authtoken_token (key varchar(40) PRIMARY KEY, user_id bigint, "
            "created timestamp with time zone)"
            if connection.vendor == "postgresql"
            else "CREATE TABLE authtoken_token (key varchar(40) PRIMARY KEY, user_id bigint, "
            "created datetime)"
        )
        cursor.execute(
            "INSERT INTO authtoken_token (key, user_id, created) VALUES (%s, %s, %s)",
            [old_key, alice.pk, timezone.now()],
        )
    migration.keep_drf_tokens(apps, EDITOR)
    client: Any = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {old_key}")
    assert client.get("/api/accounts/me").json()["username"] == "alice"
    devices = client.get("/api/accounts/me/devices").json()["results"]
    assert [d["client"] for d in devices] == ["(logged in before devices were listed)"]


def test_nothing_to_keep_without_the_old_table() -> None:
    migration.keep_drf_tokens(apps, EDITOR)
