"""The server of the words browser tests: the real one, with the platform tests' race that
has words for players (``tests/core/words_race``) registered as the game ``race``, so that the
end panel, the rules' option blocks and the log lines can be seen in a browser before every
game's engine has its words."""

from __future__ import annotations

from games import registry

registry.GAME_MODULES["race"] = "tests.core.words_race"

from core.asgi import application  # noqa: E402

__all__ = ["application"]
