"""Scores ("Konec hry", "Význam zvláštních karet", extended 6): the visible buildings, what a
building or special card scores, the votes left for the basic tie-break, the final scores and the
outcome."""

from __future__ import annotations

from typing import Any

from games.base import Outcome
from games.drunter.data import BOARD
from games.drunter.state import FREE, OVER, State


def uncovered_buildings(s: State) -> list[tuple[int, int]]:
    """(type, value) of every building still visible."""
    return [(t, v) for t, v, c in BOARD.buildings if s.cells[c] == FREE]


def goal_score(card: int, visible: list[tuple[int, int]]) -> int:
    """Points of one goal card over the visible buildings ("Význam zvláštních karet")."""
    n_types = len(BOARD.building_types)
    if card < n_types:
        return sum(v for t, v in visible if t == card)
    special = BOARD.special_cards[card - n_types]
    if special == "all_3s":
        return sum(v for _t, v in visible if v == 3)
    if special == "all_4s":
        return sum(v for _t, v in visible if v == 4)
    if special == "lowest_of_each_type":
        # A type wiped out entirely counts zero ("platí samozřejmě za nulu").
        lowest: dict[int, int] = {}
        for t, v in visible:
            if t not in lowest or v < lowest[t]:
                lowest[t] = v
        return sum(lowest.values())
    if special == "one_point_each":
        return len(visible)
    raise ValueError(f"unknown special card {special}")


def vote_power(mask: int) -> int:
    """Votes left on a hand's cards (the basic tie-break, "Konec hry"); JEIN counts 2."""
    return sum(BOARD.vote_values[i] for i in range(len(BOARD.vote_cards)) if mask >> i & 1)


def final_scores(s: State) -> tuple[list[int], list[int], dict[str, Any]]:
    """Scores, tie-break values and the revealed secrets (Konec hry; extended 6)."""
    visible = uncovered_buildings(s)
    scores, second = [], []
    details: dict[str, Any] = {}
    if not s.extended:
        for seat in range(s.n):
            scores.append(goal_score(s.building[seat], visible))
            second.append(vote_power(s.votes[seat]))
        details["buildings"] = [BOARD.building_types[t] for t in s.building]
        details["votes_left"] = second
    else:
        chosen = []
        for seat in range(s.n):
            pair = s.goals[seat]
            values = [goal_score(g, visible) for g in pair]
            # A goal never committed (game ended by forfeits first) counts its better card.
            pick = s.goal_choice[seat]
            if pick < 0:
                pick = 0 if values[0] >= values[1] else 1
            chosen.append(BOARD.goal_cards[pair[pick]])
            scores.append(values[pick])
            second.append(values[1 - pick])
        details["goals"] = [[BOARD.goal_cards[g] for g in pair] for pair in s.goals]
        details["chosen"] = chosen
        details["other_goal_scores"] = second
    return scores, second, details


def outcome(s: State) -> Outcome | None:
    """``None`` while the game runs; the result recorded by ``GameEnded`` once it is over."""
    if s.phase != OVER or s.result is None:
        return None
    r = s.result
    details = {k: v for k, v in r.items() if k not in ("scores", "ranks", "tiebreak")}
    return Outcome(
        ranks=list(r["ranks"]),
        scores=[float(x) for x in r["scores"]],
        tiebreak=r["tiebreak"],
        details=details,
    )
