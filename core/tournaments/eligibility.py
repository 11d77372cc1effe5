"""Who may register in a tournament now, and why not: one answer for ``POST .../register``
(which raises it) and the detail's ``can_register`` (which shows whether there is one), so
that the button a player sees never leads to a refusal the server had already decided."""

from __future__ import annotations

from datetime import datetime

from core.accounts.models import User
from core.api.errors import ApiError
from core.matches.models import Match, Seat
from core.ratings.models import Rating
from core.tournaments import state as st


def registration_closed(
    state: st.TournamentState, now: datetime, adding: int = 1
) -> ApiError | None:
    """Registration over (status or closing time) or no room for ``adding`` more entrants."""
    closes = state.config.get("registration_closes_at")
    if state.status != "registration" or (
        closes is not None and datetime.fromisoformat(closes) <= now
    ):
        return ApiError(409, "registration_closed", "Registration for this tournament is closed.")
    limit = state.config.get("max_players")
    if limit is not None and len(state.registered()) + adding > limit:
        return ApiError(409, "tournament_full", f"The tournament is full ({limit} players).")
    return None


def player_rating(user: User, game: str) -> float | None:
    return Rating.objects.filter(user=user, game=game).values_list("ordinal", flat=True).first()


def registration_refusal(
    *, state: st.TournamentState, private: bool, user: User, now: datetime
) -> ApiError | None:
    """Why ``user`` may not register now (in the order ``tournament_register`` checks), or
    None: already in, closed or full, not invited, below the rating or the finished matches
    asked for."""
    cfg = state.config
    mine = state.user_entrant(user.pk)
    if mine is not None and not mine.withdrawn:
        return ApiError(409, "already_registered", "You are already registered.")
    closed = registration_closed(state, now)
    if closed is not None:
        return closed
    if private and user.pk not in state.invited:
        return ApiError(403, "not_invited", "This tournament is by invitation only.")
    if cfg.get("min_rating") is not None:
        rating = player_rating(user, cfg["game"]) or 0.0
        if rating < cfg["min_rating"]:
            return ApiError(
                403,
                "rating_too_low",
                f"This tournament needs a {cfg['game']} rating of at least {cfg['min_rating']}; "
                f"yours is {round(rating, 2)}.",
            )
    needed = int(cfg.get("min_finished_matches") or 0)
    if needed:
        done = (
            Match.objects.filter(
                game=cfg["game"],
                status=Match.Status.FINISHED,
                seats__user=user,
                seats__kind=Seat.Kind.HUMAN,
            )
            .distinct()
            .count()
        )
        if done < needed:
            return ApiError(
                403,
                "too_few_matches",
                f"This tournament needs {needed} finished {cfg['game']} matches; you have {done}.",
            )
    return None
