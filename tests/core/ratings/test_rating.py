"""Rating a finished match: who moves, who is left out, and only once."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest
from django.db import transaction

from core.eventstore.models import Event
from core.matches import deadlines, services
from core.matches.models import Match, Seat
from core.ratings.models import Rating, RatingChange
from core.ratings.services import match_rate, rated_standings
from tests.conftest import make_user
from tests.core.async_play.conftest import Clock
from tests.core.ratings.conftest import ADD3, END, move, play_turn, resign, start

pytestmark = pytest.mark.django_db


def rating(user: Any) -> Rating:
    return Rating.objects.get(user=user, game="race")


def test_the_winner_goes_up_and_the_loser_down(race_game: str) -> None:
    alice, bob = make_user(), make_user()
    match = start(alice, bob)
    move(match, alice, ADD3, END)  # 3 of 3 points: the race is over, Alice ahead
    assert match.status == Match.Status.FINISHED
    won, lost = rating(alice), rating(bob)
    assert won.mu > 25 > lost.mu
    assert won.ordinal > 0 > lost.ordinal
    assert won.sigma < 25 / 3 and lost.sigma < 25 / 3
    assert won.matches_played == lost.matches_played == 1
    change = RatingChange.objects.get(match=match, user=alice)
    assert (change.rank, change.mu_before, change.mu_after) == (1, 25.0, won.mu)
    assert change.ordinal_after == pytest.approx(won.mu - 3 * won.sigma)
    assert RatingChange.objects.get(match=match, user=bob).rank == 2


def test_three_players_move_in_the_order_of_the_outcome(race_game: str) -> None:
    alice, bob, carol = make_user(), make_user(), make_user()
    match = start(alice, bob, carol, target=15)
    amounts = {alice.pk: 3, bob.pk: 2, carol.pk: 1}
    players = {u.pk: u for u in (alice, bob, carol)}
    while match.status == Match.Status.ACTIVE:
        user_id = Seat.objects.get(match=match, to_move=True).user_id
        move(match, players[user_id], {"type": "add", "amount": amounts[user_id]}, END)
    assert match.status == Match.Status.FINISHED
    seats = Seat.objects.filter(match=match).order_by("rank", "index")
    mus = [rating(s.user).mu for s in seats]
    ranks = [s.rank for s in seats]
    for (rank_a, mu_a), (rank_b, mu_b) in pairwise(zip(ranks, mus, strict=True)):
        assert mu_a > mu_b if rank_a < rank_b else mu_a == pytest.approx(mu_b)
    assert mus[0] > 25 > mus[-1]


def test_a_zombie_seat_is_left_out_and_the_others_rated_among_themselves(
    race_game: str, clock: Clock
) -> None:
    alice, bob, carol = make_user(), make_user(), make_user()
    earlier = Rating.objects.create(user=alice, game="race", mu=30.0, sigma=4.0, ordinal=18.0)
    tc = {"kind": "per_move", "move_seconds": 86400, "policy": "zombie", "vacation": False}
    match = start(alice, bob, carol, target=9, time_control=tc)
    clock.advance(days=1)
    assert deadlines.match_check_clock(match_id=match.pk) == "timed_out"  # a bot plays seat 0
    move(match, bob, ADD3, END)
    move(match, carol, ADD3, END)
    assert match.status == Match.Status.FINISHED
    assert Seat.objects.get(match=match, index=0).status == Seat.Status.ZOMBIE
    after = rating(alice)
    assert (after.mu, after.sigma, after.matches_played) == (30.0, 4.0, 0)
    assert after.updated_at == earlier.updated_at
    changes = RatingChange.objects.filter(match=match)
    assert {c.user_id for c in changes} == {bob.pk, carol.pk}
    seats = {s.user_id: s.rank for s in Seat.objects.filter(match=match)}
    if seats[bob.pk] == seats[carol.pk]:  # equal points and secret digits: a tie stays a tie
        assert [c.rank for c in changes] == [1, 1]
        assert rating(bob).mu == pytest.approx(25) == rating(carol).mu
    else:
        better = bob if seats[bob.pk] < seats[carol.pk] else carol
        assert changes.get(user=better).rank == 1 and rating(better).mu > 25


def test_bots_are_not_rated_and_one_human_alone_is_not_rated(
    race_game: str, django_capture_on_commit_callbacks: Any
) -> None:
    alice, bob = make_user(), make_user()
    match = start(alice, bob, "greedy", target=12)
    for _ in range(50):
        if match.status != Match.Status.ACTIVE:
            break
        with django_capture_on_commit_callbacks(execute=True):  # the bot answers in-process
            play_turn(match, alice, bob)
        match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert (
        Event.objects.of("match", match.pk).filter(type="TurnEnded", actor=2).exists()
    )  # the bot's
    assert set(RatingChange.objects.filter(match=match).values_list("user", flat=True)) == {
        alice.pk,
        bob.pk,
    }
    assert Rating.objects.count() == 2
    solo = start(alice, "greedy")
    move(solo, alice, ADD3, END)
    assert solo.status == Match.Status.FINISHED
    assert not RatingChange.objects.filter(match=solo).exists()
    assert rating(alice).matches_played == 1


def test_a_resignation_counts_as_a_loss(race_game: str) -> None:
    alice, bob = make_user(), make_user()
    match = start(alice, bob, target=40)
    move(match, alice, ADD3, END)
    resign(match, alice)  # ahead on points, but resigned
    assert match.status == Match.Status.FINISHED
    assert RatingChange.objects.get(match=match, user=alice).rank == 2
    assert rating(alice).mu < 25 < rating(bob).mu


def test_a_forfeited_seat_ranks_last_whatever_the_outcome_says() -> None:
    seats = [
        Seat(index=0, kind=Seat.Kind.HUMAN, user_id=1, status=Seat.Status.FORFEITED, rank=1),
        Seat(index=1, kind=Seat.Kind.HUMAN, user_id=2, status=Seat.Status.PLAYING, rank=3),
        Seat(index=2, kind=Seat.Kind.HUMAN, user_id=3, status=Seat.Status.ZOMBIE, rank=2),
        Seat(index=3, kind=Seat.Kind.BOT, status=Seat.Status.PLAYING, rank=4),
        Seat(index=4, kind=Seat.Kind.HUMAN, user_id=5, status=Seat.Status.PLAYING, rank=3),
        Seat(index=5, kind=Seat.Kind.HUMAN, user_id=6, status=Seat.Status.FORFEITED, rank=5),
    ]
    assert [(s.index, rank) for s, rank in rated_standings(seats)] == [
        (0, 2),
        (1, 1),
        (4, 1),
        (5, 2),
    ]


def test_a_match_is_rated_once_even_if_it_finishes_twice(race_game: str) -> None:
    alice, bob = make_user(), make_user()
    match = start(alice, bob)
    move(match, alice, ADD3, END)
    first = [(r.user_id, r.mu, r.sigma, r.matches_played) for r in Rating.objects.order_by("pk")]
    with transaction.atomic():
        locked = Match.objects.select_for_update().get(pk=match.pk)
        services.finish(locked, list(locked.seats.all()), locked.outcome)
        assert match_rate(match=locked) == []
    again = [(r.user_id, r.mu, r.sigma, r.matches_played) for r in Rating.objects.order_by("pk")]
    assert again == first
    assert RatingChange.objects.filter(match=match).count() == 2


def test_an_aborted_match_is_not_rated(race_game: str) -> None:
    alice, bob = make_user(), make_user()
    match = start(alice, bob, target=40)
    Seat.objects.filter(match=match).update(rank=1)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.ABORTED)
    match.refresh_from_db()
    assert match_rate(match=match) == []
    assert not Rating.objects.exists()


def test_a_match_every_rated_player_resigned_is_not_rated(race_game: str) -> None:
    alice, bob = make_user(), make_user()
    match = start(alice, bob, "greedy", target=40)
    resign(match, alice)
    resign(match, bob)  # the bot alone is left: the race ends, nobody played it out
    assert match.status == Match.Status.FINISHED
    assert not RatingChange.objects.exists() and not Rating.objects.exists()


def test_a_friendly_match_is_not_rated(race_game: str) -> None:
    alice, bob = make_user(), make_user()
    match = start(alice, bob, rated=False)
    move(match, alice, ADD3, END)
    assert match.status == Match.Status.FINISHED
    assert not Rating.objects.exists()


def test_the_next_match_starts_from_the_last_rating(race_game: str) -> None:
    alice, bob = make_user(), make_user()
    move(start(alice, bob), alice, ADD3, END)
    mu_once = rating(alice).mu
    second = start(alice, bob)
    move(second, alice, ADD3, END)
    change = RatingChange.objects.get(match=second, user=alice)
    assert change.mu_before == mu_once < change.mu_after == rating(alice).mu
    assert rating(alice).matches_played == 2
