"""Drunter und Drüber (Klaus Teuber, Hans im Glück 1991), for 2-4 players: routes through a town,
secret building owners, outhouse votes; the extended rules with goal cards as an option."""

from __future__ import annotations

from games.drunter.engine import ENGINE, META

__all__ = ["ENGINE", "META"]
