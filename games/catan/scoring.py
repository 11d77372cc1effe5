"""Points and the outcome of a finished game. The points themselves are kept up to date by the
fold (``events_awards``: public points, point cards in hand, the final points of ``finish``)."""

from __future__ import annotations

from games.base import Outcome, rank_by
from games.catan.state import OVER, State


def outcome(state: State) -> Outcome | None:
    """``None`` while the game runs. The winner ranks first; then the others by their final
    points (rule 1 caps a loser's at target - 1), a forfeited seat last."""
    if state.phase != OVER or state.final_points is None:
        return None
    points = state.final_points
    winner = state.winner
    keys = [
        (
            0 if state.forfeited[p] and p != winner else 1,
            1 if p == winner else 0,
            points[p],
        )
        for p in range(state.n)
    ]
    ranks = rank_by(keys)
    losers = [points[p] for p in range(state.n) if p != winner]
    return Outcome(
        ranks=ranks,
        scores=[float(v) for v in points],
        tiebreak=None,
        details={
            "winner": winner,
            "target": state.target,
            "points": list(points),
            # Rule 1 series scoring adds these margins (winner minus the best loser).
            "margin": points[winner] - max(losers, default=0),
            "longest_road": None if state.lr_holder < 0 else state.lr_holder,
            "largest_army": None if state.la_holder < 0 else state.la_holder,
        },
    )
