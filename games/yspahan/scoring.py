"""Points: the caravan, the marketplace and the final outcome ("Bodování tržiště", "Bodování
karavany", "Závěrečné vyhodnocení")."""

from __future__ import annotations

from typing import Any

from games.base import Outcome, rank_by
from games.yspahan import data as D
from games.yspahan.legal import caravan_per_section, has_building
from games.yspahan.state import OVER, State


def caravan_points(s: State) -> list[int]:
    """ "(počet jeho kostiček v karavaně) * (číslo sekce jeho naposledy umístěné kostičky)"."""
    per = caravan_per_section(s)
    pts = [0] * s.n
    for seat in range(s.n):
        last = -1
        count = 0
        for i, who in enumerate(s.caravan):
            if who == seat:
                count += 1
                last = i
        if count:
            pts[seat] = count * (last // per + 1)
    return pts


def market_points(s: State) -> dict[str, Any]:
    """ "každý hráč si připočte vítězné body za každý svými kostičkami zaplněný bazar"; building
    5 adds 2 per completed souk."""
    pts = [0] * s.n
    souks: list[list[Any]] = []
    for souk, souk_shops in enumerate(D.SOUK_SHOPS):
        owner = s.owner[souk_shops[0]]
        if owner >= 0 and all(s.owner[sh] == owner for sh in souk_shops):
            gain = D.SOUK_POINTS[souk] + (2 if has_building(s, owner, D.B_POINTS) else 0)
            pts[owner] += gain
            souks.append([D.SOUK_IDS[souk], owner, gain])
    return {"points": pts, "souks": souks}


def outcome(s: State) -> Outcome | None:
    if s.phase != OVER:
        return None
    # "v případě rovnosti žádné pomocné kriterium není určeno": equal points share the place;
    # a forfeited seat ranks below everyone still playing.
    keys = [(0 if s.out[seat] else 1, s.vp[seat]) for seat in range(s.n)]
    return {
        "ranks": rank_by(keys),
        "scores": [float(v) for v in s.vp],
        "tiebreak": None,
        "details": {"forfeited": [seat for seat in range(s.n) if s.out[seat]]},
    }
