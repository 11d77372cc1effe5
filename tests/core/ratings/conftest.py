"""Race matches between named players, played to their end."""

from __future__ import annotations

from typing import Any

from core.matches import services
from core.matches.models import Match, Seat
from tests.core.async_play.conftest import clock  # noqa: F401  (the controllable clock fixture)
from tests.core.async_play.conftest import play as move


def start(creator: Any, *others: Any, target: int = 3, **kwargs: Any) -> Match:
    """A race with ``creator`` on seat 0 and ``others`` (users, or bot levels as strings)."""
    specs = [services.SeatSpec("me")] + [
        services.SeatSpec("bot", level=o)
        if isinstance(o, str)
        else services.SeatSpec("user", o.username)
        for o in others
    ]
    match = services.match_create(
        user=creator,
        game="race",
        n_players=len(specs),
        options={"target": target},
        seats=specs,
        **kwargs,
    )
    for other in others:
        if not isinstance(other, str):
            services.match_join(match_id=match.pk, user=other)
    match.refresh_from_db()
    return match


def play_turn(match: Match, *users: Any) -> None:
    """The human to move (one of ``users``) adds 3 and ends the turn."""
    seat = Seat.objects.get(match=match, to_move=True)
    move(match, next(u for u in users if u.pk == seat.user_id), ADD3, END)


def resign(match: Match, user: Any) -> None:
    services.match_resign(match_id=match.pk, user=user, command_id=f"resign:{user.username}")
    match.refresh_from_db()


ADD3 = {"type": "add", "amount": 3}
END = {"type": "end_turn"}
