"""The Yspahan engine: ``META`` and the contract of ``games/base.py`` built from this package's
modules by the one adapter (``games/adapter.py``); no rules of its own."""

from __future__ import annotations

from functools import partial

from games.adapter import GameEngine
from games.base import GameMeta
from games.yspahan import bots, events, rules, setup, state, views, words
from games.yspahan.commands import COMMANDS, OPTIONS
from games.yspahan.ending import explain
from games.yspahan.narrate import narrate

META = GameMeta(
    slug="yspahan",
    name="Yspahan",
    min_players=2,
    max_players=4,
    rules_version=2,
    bot_levels=("random", "greedy", "search"),
)

ENGINE = GameEngine[state.State](
    META,
    options=OPTIONS,
    commands=COMMANDS,
    option_words=words.OPTION_WORDS,
    bot_words=words.BOT_WORDS,
    default_bot_level=words.DEFAULT_BOT_LEVEL,
    player_bot_levels=words.PLAYER_BOT_LEVELS,
    glossary=words.GLOSSARY,
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
