"""Matches of the same players finishing at once on PostgreSQL: no rating update is lost."""

from __future__ import annotations

import threading
from itertools import pairwise

import pytest
from django.db import connections

from core.matches.models import Match
from core.ratings.models import Rating, RatingChange
from tests.conftest import make_user
from tests.core.ratings.conftest import ADD3, END, move, start

N = 6


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_simultaneous_finishes_are_rated_one_after_another(race_game: str) -> None:
    alice, bob = make_user(), make_user()
    for user in (alice, bob):  # rows already there: no insert to wait on
        Rating.objects.create(user=user, game="race", mu=25.0, sigma=25 / 3, ordinal=0.0)
    matches = [start(alice, bob) for _ in range(N)]
    for match in matches:
        move(match, alice, ADD3)  # one command left to finish each
    barrier = threading.Barrier(N, timeout=30)
    errors: list[BaseException] = []

    def finish(match: Match) -> None:
        try:
            barrier.wait()
            move(match, alice, END)
        except BaseException as err:  # reported below; a thread must not die silently
            errors.append(err)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=finish, args=(m,)) for m in matches]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not any(t.is_alive() for t in threads) and errors == []
    assert Match.objects.filter(status=Match.Status.FINISHED).count() == N
    for user in (alice, bob):
        rating = Rating.objects.get(user=user, game="race")
        assert rating.matches_played == N
        changes = sorted(
            RatingChange.objects.filter(user=user), key=lambda c: c.sigma_before, reverse=True
        )
        # Each match started from the rating the one before it left: a chain, nothing lost.
        for before, after in pairwise(changes):
            assert after.mu_before == before.mu_after
        assert changes[-1].mu_after == rating.mu
