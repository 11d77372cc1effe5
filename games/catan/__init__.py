"""Catan (Klaus Teuber): the base game for 2-4 players with the Czech two-player variant."""

from __future__ import annotations

from games.catan.engine import ENGINE, CatanEngine

__all__ = ["ENGINE", "CatanEngine"]
