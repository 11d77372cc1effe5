"""The one wiring point between the platform and the engines.

Each entry names a package under ``games/`` whose ``ENGINE`` follows ``games.base.Engine``.
Add a game by adding its line here once its engine passes its own tests and the contract suite.
"""

from __future__ import annotations

import importlib
from functools import cache

from games.base import Engine

GAME_MODULES: dict[str, str] = {
    # slug: module
    "samurai": "games.samurai",
    "yspahan": "games.yspahan",
    "java": "games.java",
    "catan": "games.catan",
    "drunter": "games.drunter",
}


class UnknownGame(KeyError):
    pass


@cache
def get_engine(slug: str) -> Engine:
    module = GAME_MODULES.get(slug)
    if module is None:
        raise UnknownGame(slug)
    engine: Engine = importlib.import_module(module).ENGINE
    return engine


def all_engines() -> list[Engine]:
    return [get_engine(slug) for slug in GAME_MODULES]
