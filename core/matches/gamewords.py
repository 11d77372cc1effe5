"""A game in the players' words for ``GET /api/games/<slug>``: its options, bot levels, rules
page and glossary (games/WORDS.md), from the engine's words where it has them and from what it
had before (option descriptions, the family's bot words, the developer README) where it does not
yet, so the new-match form and the rules page work with either."""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path
from typing import Any

from games.base import Engine, Option

# The family of bot levels every game offers (games/WORDS.md, "Options and bots"): the
# platform's words for an engine that has no ``bot_words`` of its own yet.
FAMILY_LABELS: dict[str, tuple[str, str]] = {
    "random": ("Beginner", "Začátečník"),
    "greedy": ("Casual", "Rekreační hráč"),
    "search": ("Strong", "Silný"),
}
FAMILY_HELP: dict[str, tuple[str, str]] = {
    "random": (
        "Plays any legal move at random: for learning the rules.",
        "Hraje náhodné povolené tahy: na seznámení s pravidly.",
    ),
    "greedy": (
        "Takes the move that helps most right now, without planning ahead.",
        "Volí tah, který nejvíc pomůže hned teď, bez plánování dopředu.",
    ),
    "search": (
        "Thinks several moves ahead: a real opponent.",
        "Promýšlí několik tahů dopředu: skutečný soupeř.",
    ),
}
DEFAULT_LEVEL = "greedy"


def _texts(pair: tuple[str, str]) -> dict[str, str]:
    return {"en": pair[0], "cs": pair[1]}


def _humane(name: str) -> str:
    """An option's name as a label while its engine has no words for it: "three_settlements"
    -> "Three settlements"."""
    words = name.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def option_out(engine: Engine, option: Option) -> dict[str, Any]:
    out = option.schema()
    words = getattr(engine, "option_words", {}).get(option.name)
    if words is not None:
        out.update(words.schema())
    else:
        out["label"] = _texts((_humane(option.name), _humane(option.name)))
        out["help"] = _texts((option.description, option.description))
    return out


def options_out(engine: Engine) -> list[dict[str, Any]]:
    """Every option, presets (options that set others) first, in the engine's order
    otherwise."""
    options = sorted(engine.options, key=lambda o: 0 if o.implies else 1)
    return [option_out(engine, o) for o in options]


def player_bot_levels(engine: Engine) -> list[str]:
    levels = getattr(engine, "player_bot_levels", None)
    return list(levels) if levels else list(engine.bot_levels)


def default_bot_level(engine: Engine) -> str:
    level = getattr(engine, "default_bot_level", None)
    offered = player_bot_levels(engine)
    if level in offered:
        return str(level)
    return DEFAULT_LEVEL if DEFAULT_LEVEL in offered else offered[0]


def bots_out(engine: Engine) -> list[dict[str, Any]]:
    """The levels a player may pick, each with its label, how it plays and how strong it was
    measured (``bot_words``; the family's words for a level an engine leaves out)."""
    out = []
    for level in player_bot_levels(engine):
        words = getattr(engine, "bot_words", {}).get(level)
        if words is not None:
            row: dict[str, Any] = words.schema()
        else:
            label = FAMILY_LABELS.get(level, (_humane(level), _humane(level)))
            helps = FAMILY_HELP.get(level, label)
            row = {"label": _texts(label), "help": _texts(helps), "strength": _texts(("", ""))}
        # ``description``: the English help, for clients written before the words.
        out.append({"level": level, "description": row["help"]["en"], **row})
    return out


def glossary_out(engine: Engine) -> dict[str, dict[str, dict[str, str]]]:
    glossary = getattr(engine, "glossary", {})
    return {
        category: {str(key): _texts(pair) for key, pair in entries.items()}
        for category, entries in glossary.items()
    }


@cache
def _package_dir(engine_module: str) -> Path:
    module = importlib.import_module(engine_module)
    return Path(str(module.__file__)).parent


def _read(path: Path) -> str | None:
    return path.read_text(encoding="utf-8") if path.is_file() else None


def developer_readme(engine: Engine) -> str:
    return _read(_package_dir(type(engine).__module__) / "README.md") or ""


def rules_for_players(engine: Engine) -> dict[str, str]:
    """The rules for players (``rules.en.md``, ``rules.cs.md`` beside the engine); the README
    while a language's page is missing."""
    folder = _package_dir(type(engine).__module__)
    readme = developer_readme(engine)
    return {lang: _read(folder / f"rules.{lang}.md") or readme for lang in ("en", "cs")}
