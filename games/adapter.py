"""One engine for every game: :class:`GameEngine` puts a package's parts together into the
:class:`~games.base.Engine` the platform talks to, so that no game keeps a file of methods that
only forward to its modules.

A game's ``engine.py`` declares its ``META`` and builds ``ENGINE = GameEngine(META, ...)`` from its
options, commands, words and module functions; the differences between games are arguments (a
game's own option check, a ``setup`` that records the rules version, bots that are handed the
engine).

Why attributes and not methods: the engines are hot (bots play thousands of games, a search runs
``apply``/``legal_commands``/``execute``/``clone`` millions of times). A method that forwards to
a module function costs a Python frame per call; here every member of the protocol is the game's
own function stored on the instance, so ``ENGINE.apply(state, event)`` calls ``events.apply``
directly (the lookup finds it in the instance's ``__dict__``; nothing runs in between).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import partial
from typing import Any, Generic, Protocol, TypeVar

from games.base import (
    JSON,
    Command,
    CommandSpec,
    Engine,
    Event,
    GameMeta,
    Option,
    Outcome,
    check_player_count,
    validate_options_against,
)
from games.narration import BotWords, Explanation, OptionWords, Reader, Words

S = TypeVar("S")
S_contra = TypeVar("S_contra", contravariant=True)


class Explain(Protocol[S_contra]):
    """``explain(state, reader, events=None)`` (games/WORDS.md): ``events`` may be left out."""

    def __call__(
        self, state: S_contra, reader: Reader, events: Iterable[Event] | None = None, /
    ) -> Explanation | None: ...


ValidateOptions = Callable[[int, Mapping[str, Any]], dict[str, Any]]
Setup = Callable[[int, Mapping[str, Any], random.Random], list[Event]]
BotCommand = Callable[[S, int, str, random.Random, float], Command]
EngineBotCommand = Callable[[Engine, S, int, str, random.Random, float], Command]


def standard_options(meta: GameMeta, specs: Sequence[Option]) -> ValidateOptions:
    """The usual ``validate_options``: the player count of ``meta``, then the option specs."""
    return partial(_standard_options, meta, tuple(specs))


def _standard_options(
    meta: GameMeta, specs: tuple[Option, ...], n_players: int, options: Mapping[str, Any]
) -> dict[str, Any]:
    check_player_count(meta.name, meta.min_players, meta.max_players, n_players)
    return validate_options_against(specs, options)


class GameEngine(Generic[S]):
    """The :class:`~games.base.Engine` of one game, over its state type ``S``.

    Every argument is the protocol member of the same name (see ``games/base.py`` for what each
    does and ``games/WORDS.md`` for the words), with these differences:

    * ``validate_options`` defaults to :func:`standard_options` (player count, then the specs);
    * ``bot_command`` has the protocol's signature; a game whose bots need the engine itself (a
      search through ``games/search.py``) passes ``engine_bot_command(engine, state, ...)``
      instead, and gets this engine as its first argument.
    """

    slug: str
    name: str
    min_players: int
    max_players: int
    rules_version: int
    bot_levels: Sequence[str]
    options: Sequence[Option]
    commands: Sequence[CommandSpec]
    option_words: Mapping[str, OptionWords]
    bot_words: Mapping[str, BotWords]
    default_bot_level: str
    player_bot_levels: Sequence[str]
    glossary: Mapping[str, Mapping[str, Words]]
    narrate: Callable[[Event, Reader], str | None]
    explain: Explain[S]
    validate_options: ValidateOptions
    setup: Setup
    apply: Callable[[S | None, Event], S]
    active_seats: Callable[[S], frozenset[int]]
    legal_commands: Callable[[S, int], list[Command]]
    execute: Callable[[S, int, Command, random.Random], list[Event]]
    forfeit: Callable[[S, int], list[Event]]
    view: Callable[[S, int | None], JSON]
    admin_view: Callable[[S], JSON]
    redact: Callable[[Event, int | None], Event | None]
    is_undo_barrier: Callable[[Event], bool]
    outcome: Callable[[S], Outcome | None]
    clone: Callable[[S], S]
    state_to_json: Callable[[S], JSON]
    state_from_json: Callable[[JSON], S]
    determinize: Callable[[S, int, random.Random], S]
    bot_command: BotCommand[S]

    def __init__(
        self,
        meta: GameMeta,
        *,
        options: Sequence[Option],
        commands: Sequence[CommandSpec],
        option_words: Mapping[str, OptionWords],
        bot_words: Mapping[str, BotWords],
        default_bot_level: str,
        player_bot_levels: Sequence[str],
        glossary: Mapping[str, Mapping[str, Words]],
        narrate: Callable[[Event, Reader], str | None],
        explain: Explain[S],
        setup: Setup,
        apply: Callable[[S | None, Event], S],
        active_seats: Callable[[S], frozenset[int]],
        legal_commands: Callable[[S, int], list[Command]],
        execute: Callable[[S, int, Command, random.Random], list[Event]],
        forfeit: Callable[[S, int], list[Event]],
        view: Callable[[S, int | None], JSON],
        admin_view: Callable[[S], JSON],
        redact: Callable[[Event, int | None], Event | None],
        is_undo_barrier: Callable[[Event], bool],
        outcome: Callable[[S], Outcome | None],
        clone: Callable[[S], S],
        state_to_json: Callable[[S], JSON],
        state_from_json: Callable[[JSON], S],
        determinize: Callable[[S, int, random.Random], S],
        bot_command: BotCommand[S] | None = None,
        engine_bot_command: EngineBotCommand[S] | None = None,
        validate_options: ValidateOptions | None = None,
    ) -> None:
        self.slug = meta.slug
        self.name = meta.name
        self.min_players = meta.min_players
        self.max_players = meta.max_players
        self.rules_version = meta.rules_version
        self.bot_levels = meta.bot_levels
        self.options = options
        self.commands = commands
        self.option_words = option_words
        self.bot_words = bot_words
        self.default_bot_level = default_bot_level
        self.player_bot_levels = player_bot_levels
        self.glossary = glossary
        self.narrate = narrate
        self.explain = explain
        self.validate_options = validate_options or standard_options(meta, options)
        self.setup = setup
        self.apply = apply
        self.active_seats = active_seats
        self.legal_commands = legal_commands
        self.execute = execute
        self.forfeit = forfeit
        self.view = view
        self.admin_view = admin_view
        self.redact = redact
        self.is_undo_barrier = is_undo_barrier
        self.outcome = outcome
        self.clone = clone
        self.state_to_json = state_to_json
        self.state_from_json = state_from_json
        self.determinize = determinize
        if (bot_command is None) == (engine_bot_command is None):
            raise TypeError("give exactly one of bot_command and engine_bot_command")
        if engine_bot_command is not None:
            # functools.partial is written in C: no Python frame between the caller and the bot.
            self.bot_command = partial(engine_bot_command, self)
        elif bot_command is not None:
            self.bot_command = bot_command

    def __repr__(self) -> str:
        return f"GameEngine({self.slug!r})"
