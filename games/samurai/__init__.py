"""Samurai (Reiner Knizia, Hans im Glück 1998), for 2-4 players: place influence tiles around
the cities and villages of Japan to win helmets, Buddhas and rice fields."""

from __future__ import annotations

from games.samurai.engine import ENGINE, META

__all__ = ["ENGINE", "META"]
