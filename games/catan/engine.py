"""The Catan engine: ``META`` and the contract of ``games/base.py`` built from this package's
modules by the one adapter (``games/adapter.py``); no rules of its own."""

from __future__ import annotations

from functools import partial

from games.adapter import GameEngine
from games.base import GameMeta
from games.catan import bots, scoring, setup, views
from games.catan.commands import COMMANDS
from games.catan.events import apply, is_undo_barrier
from games.catan.explain import explain
from games.catan.legal import active_seats, legal_commands
from games.catan.match_words import BOT_WORDS, DEFAULT_BOT_LEVEL, OPTION_WORDS, PLAYER_BOT_LEVELS
from games.catan.narrate import narrate
from games.catan.options import OPTIONS, validate
from games.catan.rules import execute, forfeit
from games.catan.state import State, clone_state, state_from_json, state_to_json
from games.catan.words import GLOSSARY

META = GameMeta(
    slug="catan",
    name="Catan",
    min_players=2,
    max_players=4,
    # 2: each variant clarification switchable, theft optional with the variant, presets (the
    # options a match was created with are in GameCreated; missing ones keep version 1's rules).
    rules_version=2,
    bot_levels=("random", "greedy", "search", "ismcts"),
)

ENGINE = GameEngine[State](
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
    # Presets and the variant's options (options.validate), beside the usual checks.
    validate_options=partial(validate, META.name, META.min_players, META.max_players),
    setup=setup.setup,
    apply=apply,
    active_seats=active_seats,
    legal_commands=legal_commands,
    execute=execute,
    forfeit=forfeit,
    view=views.view,
    admin_view=views.admin_view,
    redact=views.redact,
    is_undo_barrier=is_undo_barrier,
    outcome=scoring.outcome,
    clone=clone_state,
    state_to_json=state_to_json,
    state_from_json=state_from_json,
    determinize=views.determinize,
    # The ismcts level searches through the engine with a pruned move list (bots.PrunedEngine).
    engine_bot_command=bots.bot_command,
)
