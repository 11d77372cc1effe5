"""The Java engine: ``META`` and the contract of ``games/base.py`` built from this package's
modules by the one adapter (``games/adapter.py``); no rules of its own."""

from __future__ import annotations

from functools import partial

from games.adapter import GameEngine
from games.base import GameMeta
from games.java import bots, events, rules, setup, state, views
from games.java.commands import COMMANDS, OPTIONS
from games.java.explain import explain
from games.java.narrate import narrate
from games.java.setup_words import BOT_WORDS, DEFAULT_BOT_LEVEL, OPTION_WORDS, PLAYER_BOT_LEVELS
from games.java.words import GLOSSARY

META = GameMeta(
    slug="java",
    name="Java",
    min_players=2,
    max_players=4,
    # 2: the land duty kept on every path, the official token timing by default, whole moves
    # only as an option, a stalled island ends as after the last three-space tile (README, Rules
    # versions; the version is recorded in GameSetUp, older matches keep version 1's rules).
    rules_version=2,
    bot_levels=("random", "greedy", "search"),
)

ENGINE = GameEngine[state.JavaState](
    META,
    options=OPTIONS,
    commands=COMMANDS,
    option_words=OPTION_WORDS,
    bot_words=BOT_WORDS,
    default_bot_level=DEFAULT_BOT_LEVEL,
    player_bot_levels=PLAYER_BOT_LEVELS,
    glossary=GLOSSARY,
    narrate=narrate,
    explain=explain,
    setup=partial(setup.setup, rules_version=META.rules_version),
    apply=events.apply,
    active_seats=rules.active_seats,
    legal_commands=rules.legal_commands,
    execute=rules.execute,
    forfeit=rules.forfeit,
    view=views.view,
    admin_view=views.admin_view,
    redact=views.redact,
    is_undo_barrier=events.is_undo_barrier,
    outcome=rules.outcome,
    clone=state.clone,
    state_to_json=state.state_to_json,
    state_from_json=state.state_from_json,
    determinize=views.determinize,
    bot_command=bots.bot_command,
)
