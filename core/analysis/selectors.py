"""A match's analysis as a viewer reads it."""

from __future__ import annotations

from typing import Any

from core.analysis.models import MatchAnalysis
from core.analysis.services import current_tags
from core.matches import selectors
from core.matches.models import Match

# A move that cost at least this much of the seat's chance is a turning point of the graph.
TURNING_COST = 0.08


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
        "points": [_point_out(p, viewer) for p in row.points]
        if row.status == MatchAnalysis.Status.DONE
        else [],
    }


def _point_out(point: dict[str, Any], viewer: int | None) -> dict[str, Any]:
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
        "turning": point["cost"] >= TURNING_COST,
        "preferred_text": reading or {"en": "", "cs": ""},
        "ghost": point.get("ghost"),
    }
