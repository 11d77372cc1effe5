"""The Drunter und Drüber engine: ``META`` and the contract of ``games/base.py`` built from this
package's modules by the one adapter (``games/adapter.py``); no rules of its own."""

from __future__ import annotations

from games.adapter import GameEngine
from games.base import GameMeta
from games.drunter import bots, events, legal, rules, scoring, setup, state, views
from games.drunter.commands import COMMANDS, OPTIONS
from games.drunter.explain import explain
from games.drunter.match_form_words import (
    BOT_WORDS,
    DEFAULT_BOT_LEVEL,
    OPTION_WORDS,
    PLAYER_BOT_LEVELS,
)
from games.drunter.narrate import narrate
from games.drunter.words import GLOSSARY

META = GameMeta(
    slug="drunter",
    name="Drunter und Drüber",
    min_players=2,
    max_players=4,
    # 2: the extended rules deal goal cards at random by default (extended rule 4), options
    # shrug_with_others and tunnel_keeps_builder (missing in an older match: its rules).
    rules_version=2,
    bot_levels=("random", "greedy", "search"),
)

ENGINE = GameEngine[state.State](
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
    setup=setup.setup,
    apply=events.apply,
    active_seats=legal.active_seats,
    legal_commands=legal.legal_commands,
    execute=rules.execute,
    forfeit=rules.forfeit,
    view=views.view,
    admin_view=views.admin_view,
    redact=views.redact,
    is_undo_barrier=events.is_undo_barrier,
    outcome=scoring.outcome,
    clone=state.clone,
    state_to_json=state.to_json,
    state_from_json=state.from_json,
    determinize=views.determinize,
    # The search bot plays out through the engine (``bots.search_move``).
    engine_bot_command=bots.bot_command,
)
