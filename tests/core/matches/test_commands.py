"""Operator commands: simulate, verify_match, export_match, demo_accounts."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from core.accounts.models import User
from core.matches.models import Match

pytestmark = pytest.mark.django_db


def run(*args: Any) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


@pytest.mark.parametrize("engine_only", [False, True])
def test_simulate_plays_full_games_and_ends_with_a_json_line(
    race_game: str, engine_only: bool
) -> None:
    args = ["simulate", "race", "--players", "3", "--games", "3", "--seed", "4"]
    out = run(*args, *(["--engine-only"] if engine_only else []))
    figures = json.loads(out.strip().splitlines()[-1])
    assert figures["completed"] == 3 and figures["errors"] == 0
    assert figures["game"] == "race" and figures["players"] == 3 and figures["games"] == 3
    assert figures["games_per_second"] > 0 and figures["commands_per_game"] > 0
    assert figures["us_per_command"] > 0 and figures["cpu_us_per_command"] > 0
    if not engine_only:
        assert Match.objects.filter(status="finished").count() == 3


def test_simulate_refuses_an_unsupported_player_count_naming_the_allowed_ones(
    race_game: str,
) -> None:
    with pytest.raises(CommandError, match="2, 3 players"):
        run("simulate", "race", "--players", "7")


def test_verify_match_reports_ok_and_export_replays(race_game: str) -> None:
    run("simulate", "race", "--players", "2", "--games", "1")
    match = Match.objects.get()
    assert "ok" in run("verify_match", str(match.pk))
    doc = json.loads(run("export_match", str(match.pk)))
    assert doc["game"] == "race" and doc["outcome"]["ranks"] and len(doc["events"]) == match.version
    with pytest.raises(CommandError):
        run("verify_match", "424242")


def test_demo_accounts_are_created_with_printed_passwords() -> None:
    out = run("demo_accounts")
    assert "alice /" in out and "bob /" in out
    alice = User.objects.get(username="alice")
    assert alice.check_password(out.split("alice / ")[1].split()[0])
