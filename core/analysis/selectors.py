"""A match's analysis as a viewer reads it."""

from __future__ import annotations

from typing import Any

from core.analysis.models import MatchAnalysis
from core.analysis.services import current_tags
from core.matches import selectors
from core.matches.models import Match

# A turning point of the graph: a move that cost the seat at least this much of its chance
# against the bot's preferred move, and that lost it as much; a seat's few costliest only, so
# the phone's list stays short.
TURNING_COST = 0.08
TURNING_PER_SEAT = 3


def analysis_get(*, match_id: int, user: Any) -> dict[str, Any]:
    """``GET .../analysis``: for those who may see the match (its seats, spectators of a public
    one, staff), once it has ended. Every human seat's points are shown: the game is over, so
    nothing in them is secret any more."""
    match = selectors.match_get(match_id, user=user)
    row = MatchAnalysis.objects.filter(match=match).first()
    return analysis_out(match=match, row=row, viewer=selectors.viewer_seat(match, user))


def analysis_out(*, match: Match, row: MatchAnalysis | None, viewer: int | None) -> dict[str, Any]:
    tags = current_tags(match)
    if row is None:
        return {
            "match": match.pk,
            "status": "none",
            "current": False,
            "tags": tags,
            "progress": {"done": 0, "total": 0},
            "points": [],
        }
    return {
        "match": match.pk,
        "status": row.status,
        "current": row.tags() == tags,
        "tags": row.tags(),
        "progress": {"done": row.points_done, "total": row.points_total},
        "points": _points_out(row.points, viewer)
        if row.status == MatchAnalysis.Status.DONE
        else [],
    }


def _turning(points: list[dict[str, Any]]) -> set[int]:
    """The indexes of the turning points among ``points``."""
    costly = [
        i
        for i, p in enumerate(points)
        if p["cost"] >= TURNING_COST and p["chance_before"] - p["chance_after"] >= TURNING_COST
    ]
    out: set[int] = set()
    for seat in {points[i]["seat"] for i in costly}:
        mine = sorted(
            (i for i in costly if points[i]["seat"] == seat), key=lambda i: -points[i]["cost"]
        )
        out.update(mine[:TURNING_PER_SEAT])
    return out


def _points_out(points: list[dict[str, Any]], viewer: int | None) -> list[dict[str, Any]]:
    turning = _turning(points)
    return [_point_out(p, viewer, i in turning) for i, p in enumerate(points)]


def _point_out(point: dict[str, Any], viewer: int | None, turning: bool) -> dict[str, Any]:
    words = point.get("preferred_words") or {}
    reading = words.get("you") if point["seat"] == viewer else words.get("other")
    return {
        "seq_before": point["seq_before"],
        "seq_after": point["seq_after"],
        "seat": point["seat"],
        "chance_before": point["chance_before"],
        "chance_after": point["chance_after"],
        "preferred": point.get("preferred"),
        "preferred_chance": point["preferred_chance"],
        "cost": point["cost"],
        "turning": turning,
        "preferred_text": reading or {"en": "", "cs": ""},
        "ghost": point.get("ghost"),
    }
