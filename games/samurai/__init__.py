"""Samurai (Reiner Knizia, Hans im Glück 1998): win figures on the map of Japan with tiles."""

from __future__ import annotations

from games.samurai.engine import SamuraiEngine

ENGINE = SamuraiEngine()

__all__ = ["ENGINE"]
