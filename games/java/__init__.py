"""Java (Michael Kiesling & Wolfgang Kramer, Ravensburger 2000), for 2-4 players: lay land tiles
in levels on the island, found villages and palaces, hold festivals, stand highest in the cities."""

from __future__ import annotations

from games.java.engine import ENGINE, META

__all__ = ["ENGINE", "META"]
