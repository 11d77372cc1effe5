"""The winner (clause "Vítěz"): majorities, figures beyond them, then all figures."""

from __future__ import annotations

from typing import Any

from games.base import Outcome, rank_by
from games.samurai.data import KINDS
from games.samurai.state import OVER, State


def majorities(captured: list[list[int]], present: list[bool]) -> list[list[int]]:
    """The kinds in which each seat holds the majority: strictly more figures of that kind than
    every other seat still in the game (a tie for most is nobody's majority)."""
    out: list[list[int]] = [[] for _ in captured]
    for kind in range(len(KINDS)):
        counts = [c[kind] if p else -1 for c, p in zip(captured, present, strict=True)]
        best = max(counts)
        if best > 0 and counts.count(best) == 1:
            out[counts.index(best)].append(kind)
    return out


def score(captured: list[list[int]], present: list[bool], rules_version: int = 2) -> Outcome:
    """Only players with a majority can win; their majority figures are set aside and the most
    remaining figures wins; a tie goes to all figures, then the victory is shared. Two majorities
    win outright. Seats without a majority share the place after the contenders; seats that left
    the game come last.

    Nobody holding a majority: "Na vítězství mohou pomýšlet jen ti hráči, kteří mají od některého
    druhu figur většinu" - then nobody can win. The match is drawn without a winner: every seat
    still in the game shares the one place (the platform has no "no winner" rank, and ratings
    count a shared place as a draw), ``details.winners`` is empty and ``tiebreak`` says
    ``no_majority``. From rules version 2 on (version 1 named no winners and no such tiebreak,
    kept so that old matches replay to the same outcome)."""
    held = majorities(captured, present)
    totals = [sum(c) for c in captured]
    rest = [totals[s] - sum(captured[s][k] for k in held[s]) for s in range(len(captured))]
    keys: list[tuple[int, ...]] = []
    for seat in range(len(captured)):
        if not present[seat]:
            keys.append((0, 0, 0, 0))
        elif not held[seat]:
            keys.append((1, 0, 0, 0))
        else:
            keys.append((2, int(len(held[seat]) >= 2), rest[seat], totals[seat]))
    ranks = rank_by(keys)
    tiebreak = None
    contenders = [k for k in keys if k[0] == 2]
    if any(k[1] for k in contenders):
        tiebreak = "two_majorities"
    else:
        by_rest: dict[int, set[int]] = {}
        for k in contenders:
            by_rest.setdefault(k[2], set()).add(k[3])
        if any(len(v) > 1 for v in by_rest.values()):
            tiebreak = "all_figures"
    details: dict[str, Any] = {
        "majorities": [[KINDS[k] for k in h] for h in held],
        "figures_beyond_majorities": rest,
        "all_figures": totals,
        "captured": [{KINDS[k]: c[k] for k in range(len(KINDS))} for c in captured],
        "contenders": [bool(h) and p for h, p in zip(held, present, strict=True)],
    }
    if rules_version >= 2:
        winners = [s for s in range(len(captured)) if keys[s][0] == 2 and ranks[s] == 1]
        details["winners"] = winners
        if not winners:
            tiebreak = "no_majority"
    scores = [float(rest[s]) if held[s] and present[s] else 0.0 for s in range(len(captured))]
    return Outcome(ranks=ranks, scores=scores, tiebreak=tiebreak, details=details)


def outcome(s: State) -> Outcome | None:
    if s.phase != OVER:
        return None
    result = score(s.captured, [not f for f in s.forfeited], s.rules_version)
    result["details"]["beside_board"] = {KINDS[k]: s.beside[k] for k in range(len(KINDS))}
    result["details"]["end_reason"] = s.end_reason
    return result
