"""Yspahan (Sébastien Pauchon, Ystari 2006), for 2-4 players: roll the dice into the tower, fill
the souks of the bazaar, feed the caravan and build, over three weeks of seven days."""

from __future__ import annotations

from games.yspahan.engine import ENGINE, META

__all__ = ["ENGINE", "META"]
