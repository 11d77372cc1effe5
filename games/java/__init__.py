"""Java (Kiesling & Kramer, Ravensburger 2000): land tiles in levels, villages, palaces,
festivals. See README.md for the rules as implemented."""

from games.java.engine import ENGINE, JavaEngine

__all__ = ["ENGINE", "JavaEngine"]
