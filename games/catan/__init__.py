"""Catan (Klaus Teuber), the base game for 2-4 players with the Czech two-player variant: build
settlements, cities and roads on a hex island from the resources the dice produce."""

from __future__ import annotations

from games.catan.engine import ENGINE, META

__all__ = ["ENGINE", "META"]
