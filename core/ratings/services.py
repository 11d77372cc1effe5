"""Rating writes: a finished match moves its players' ratings, once.

Who is rated (issue 9 and the ratings brief): human seats only; a seat a bot took over after a
timeout (``zombie``) is left out, its player's rating untouched, and the others are rated among
themselves; a seat that forfeited (resigned, or timed out under the ``forfeit`` policy) counts
as a loss, tied last with any other forfeits. Fewer than two such players, a friendly match
(``Match.rated`` False), an aborted match, or one where every rated player forfeited: nothing
is rated.
"""

from __future__ import annotations

from django.utils import timezone
from openskill.models import PlackettLuce

from core.matches.models import Match, Seat
from core.ratings.models import Rating, RatingChange

MODEL = PlackettLuce()


def initial_rating(*, user_id: int, game: str) -> Rating:
    start = MODEL.rating()
    return Rating(
        user_id=user_id, game=game, mu=start.mu, sigma=start.sigma, ordinal=start.ordinal()
    )


def rated_standings(seats: list[Seat]) -> list[tuple[Seat, int]]:
    """The seats that count, each with its rank among them (1 = best, equal ranks tie): the
    outcome's order, with every forfeited seat below every seat that played to the end."""
    eligible = [
        s
        for s in seats
        if s.kind == Seat.Kind.HUMAN and s.user_id is not None and s.status != Seat.Status.ZOMBIE
    ]

    def key(seat: Seat) -> tuple[int, int]:
        if seat.status == Seat.Status.FORFEITED:
            return (1, 0)
        assert seat.rank is not None  # services.finish ranked every seat before rating
        return (0, seat.rank)

    order = sorted({key(s) for s in eligible})
    return [(s, order.index(key(s)) + 1) for s in eligible]


def match_rate(*, match: Match) -> list[RatingChange]:
    """Rate ``match`` if it counts and was not rated yet. Runs in the transaction that finishes
    the match (which holds the match row's lock, so two runs cannot interleave; the unique
    (match, user) constraint is the net)."""
    if not match.rated or match.status != Match.Status.FINISHED:
        return []
    if RatingChange.objects.filter(match=match).exists():
        return []
    standings = rated_standings(list(Seat.objects.filter(match=match)))
    if len(standings) < 2 or all(s.status == Seat.Status.FORFEITED for s, _ in standings):
        return []
    user_ids = sorted(s.user_id for s, _ in standings if s.user_id is not None)
    Rating.objects.bulk_create(
        [initial_rating(user_id=u, game=match.game) for u in user_ids], ignore_conflicts=True
    )
    # Locked in user order, so two matches finishing at once cannot deadlock on each other.
    ratings = {
        r.user_id: r
        for r in Rating.objects.select_for_update()
        .filter(game=match.game, user_id__in=user_ids)
        .order_by("user_id")
    }
    players = [ratings[s.user_id] for s, _ in standings if s.user_id is not None]
    teams = MODEL.rate(
        [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in players],
        ranks=[float(rank) for _, rank in standings],
    )
    now = timezone.now()
    changes: list[RatingChange] = []
    for rating, (_, rank), (after,) in zip(players, standings, teams, strict=True):
        changes.append(
            RatingChange(
                match=match,
                user_id=rating.user_id,
                game=match.game,
                rank=rank,
                mu_before=rating.mu,
                sigma_before=rating.sigma,
                ordinal_before=rating.ordinal,
                mu_after=after.mu,
                sigma_after=after.sigma,
                ordinal_after=after.ordinal(),
            )
        )
        rating.mu, rating.sigma, rating.ordinal = after.mu, after.sigma, after.ordinal()
        rating.matches_played += 1
        rating.updated_at = now
    Rating.objects.bulk_update(players, ["mu", "sigma", "ordinal", "matches_played", "updated_at"])
    return RatingChange.objects.bulk_create(changes)
