"""Rating reads: a game's leaderboard, one player's ratings, what a match changed."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from core.accounts.models import User
from core.api.errors import ApiError
from core.matches.models import Match
from core.ratings.models import Rating, RatingChange
from games.registry import GAME_MODULES


def rating_leaderboard(*, game: str) -> QuerySet[Rating]:
    if game not in GAME_MODULES:
        known = ", ".join(GAME_MODULES) or "none yet"
        raise ApiError(404, "unknown_game", f"There is no game {game!r}. Games: {known}.")
    return (
        Rating.objects.filter(game=game)
        .select_related("user")
        .order_by("-ordinal", "-matches_played", "user_id")
    )


def user_ratings(*, username: str) -> QuerySet[Rating]:
    user = User.objects.filter(username=username).first()
    if user is None:
        raise ApiError(404, "user_not_found", f"There is no user {username!r}.")
    return Rating.objects.filter(user=user).select_related("user").order_by("game")


def rating_out(rating: Rating) -> dict[str, Any]:
    return {
        "user": rating.user.username,
        "name": rating.user.public_name,
        "game": rating.game,
        "rating": round(rating.ordinal, 2),
        "mu": rating.mu,
        "sigma": rating.sigma,
        "matches_played": rating.matches_played,
        "updated_at": rating.updated_at.isoformat(),
    }


def match_rating_changes(*, match: Match) -> list[dict[str, Any]]:
    """What ``match`` did to each rated player's rating (empty if it was not rated)."""
    rows = RatingChange.objects.filter(match=match).select_related("user").order_by("rank", "pk")
    return [
        {
            # A deleted account's change stays (its opponents' came from the same match),
            # without a name (core/accounts/erasure.py).
            "user": c.user.username if c.user.deleted_at is None else None,
            "rank": c.rank,
            "before": round(c.ordinal_before, 2),
            "after": round(c.ordinal_after, 2),
            "mu_before": c.mu_before,
            "mu_after": c.mu_after,
            "sigma_before": c.sigma_before,
            "sigma_after": c.sigma_after,
        }
        for c in rows
    ]
