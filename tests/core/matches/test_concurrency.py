"""Simultaneous commands on PostgreSQL: exactly one applies, the others get 409, the chain holds."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connections

from core.api.errors import ApiError
from core.eventstore import store
from core.matches import services
from core.matches.models import Match
from tests.conftest import make_user

N = 8


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_simultaneous_commands_apply_exactly_once(race_game: str) -> None:
    alice, bob = make_user("alice"), make_user("bob")
    match = services.match_create(
        user=alice,
        game=race_game,
        n_players=2,
        seats=[services.SeatSpec("me"), services.SeatSpec("user", username="bob")],
    )
    services.match_join(match_id=match.pk, user=bob)
    version = Match.objects.get(pk=match.pk).version
    barrier = threading.Barrier(N)
    results: list[Any] = []

    def submit(i: int) -> None:
        try:
            barrier.wait()
            results.append(
                services.match_submit_command(
                    match_id=match.pk,
                    user=alice,
                    command={"type": "add", "amount": 1},
                    command_id=f"c{i}",
                    expected_version=version,
                )
            )
        except ApiError as err:
            results.append(err)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(N)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    applied = [r for r in results if isinstance(r, dict)]
    refused = [r for r in results if isinstance(r, ApiError)]
    assert len(applied) == 1 and len(refused) == N - 1
    assert {(e.status_code, e.code) for e in refused} == {(409, "stale_version")}
    assert Match.objects.get(pk=match.pk).version == version + 1
    assert store.verify_chain(match.pk).ok
