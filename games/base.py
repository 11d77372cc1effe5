"""The game contract: what every engine under ``games/<slug>/`` provides.

Nothing under ``games/`` imports Django. The platform (``core/``) only ever talks to an engine
through the :class:`Engine` protocol below, so a reader who knows one game knows them all.

Vocabulary
----------
* **Event**: a JSON-safe ``dict`` with a ``"type"`` (past tense, ``"TilePlaced"``) and the fields
  of that type. Events are the only thing stored; state is a fold over them. Random outcomes are
  recorded in events (``{"type": "TilesDrawn", "seat": 0, "tiles": [...]}``) so that ``apply``
  never needs a random generator.
* **Command**: a small JSON ``dict`` with a ``"type"`` (imperative, ``"place_tile"``), sent by a
  player or a bot. ``execute`` turns a legal command into events or raises ``IllegalCommand``.
* **State**: whatever the engine likes (a dataclass is usual), private to the engine. The
  platform only passes it back to the engine, copies it with ``clone`` and stores snapshots with
  ``state_to_json`` / ``state_from_json``.
* **Seat**: ``0 .. n_players-1``. ``None`` as a viewer means a spectator.

The fold
--------
``state = None; for e in events: state = engine.apply(state, e)``. The first event (from
``setup``) creates the state from ``None``. ``apply`` may mutate the state it is given and return
it (a fold, for speed); callers that need the old state keep a ``clone``. ``apply`` must be
deterministic: replay of the same events always gives an equal ``state_to_json``.

Undo (platform-level, see ``core/eventstore``)
----------------------------------------------
A player may take back their own trailing events of the current turn. The engine only says which
events may never be taken back: ``is_undo_barrier(event)`` is true for events that drew something
random, revealed hidden information, involved another player or ended the turn. The platform then
appends an ``ActionsUndone`` event and rebuilds the state without the undone events; engines never
see ``ActionsUndone``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypedDict, runtime_checkable

from games.narration import BotWords, Explanation, OptionWords, Reader, Words

Event = dict[str, Any]
Command = dict[str, Any]
JSON = Any

# Error codes the platform itself relies on. Engines add their own, as module constants that
# tests import (``games/samurai/rules.py: SHIP_ON_LAND = "ship_on_land"``).
MALFORMED = "malformed_command"  # unknown type, missing/ill-typed field -> HTTP 400
NOT_YOUR_TURN = "not_your_turn"  # seat not in active_seats -> HTTP 409
GAME_OVER = "game_over"  # the game has ended -> HTTP 409
INVALID_OPTIONS = "invalid_options"  # options or player count refused -> HTTP 422


class IllegalCommand(Exception):
    """A command refused with a reason a player understands.

    ``code`` is a stable machine-readable string; ``message`` is one English sentence naming the
    broken rule ("Ships may only be placed on sea spaces."); ``cs`` the same in Czech, in the
    polite form the app uses ("Lodě smíte pokládat jen na moře."), or None, and then the API
    gives the generic Czech sentence of the code's family (``core.matches.commands``). Neither
    names an internal id: a player reads both. The platform answers 422, except for the codes
    above (400 for ``MALFORMED``, 409 for ``NOT_YOUR_TURN`` and ``GAME_OVER``).
    """

    def __init__(self, code: str, message: str, cs: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.cs = cs

    def __repr__(self) -> str:
        return f"IllegalCommand({self.code!r}, {self.message!r})"


class Malformed(IllegalCommand):
    """The command is not of any known shape (HTTP 400)."""

    def __init__(self, message: str, cs: str | None = None) -> None:
        super().__init__(MALFORMED, message, cs)


class InvalidOptions(IllegalCommand):
    """Match options or player count refused at creation (HTTP 422)."""

    def __init__(self, message: str) -> None:
        super().__init__(INVALID_OPTIONS, message)


@dataclass(frozen=True)
class Option:
    """One match option: ``kind`` is ``"bool"``, ``"int"`` or ``"choice"``."""

    name: str
    kind: str
    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    # A choice that stands for a set of other options (a preset of house rules): per value, the
    # (option, value) pairs it sets. Served as ``implies`` so a match-creation form can show them;
    # the engine's ``validate_options`` applies them and refuses a conflicting explicit value.
    implies: tuple[tuple[Any, tuple[tuple[str, Any], ...]], ...] = ()

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "description": self.description,
        }
        if self.choices:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        if self.implies:
            out["implies"] = {str(value): dict(pairs) for value, pairs in self.implies}
        return out


@dataclass(frozen=True)
class GameMeta:
    """A game's identity, declared at the top of ``games/<slug>/engine.py`` as ``META`` and
    re-exported by the package (``from games.<slug> import META``). The engine object repeats
    these fields as the attributes of :class:`Engine` below."""

    slug: str
    name: str
    min_players: int
    max_players: int
    rules_version: int
    bot_levels: tuple[str, ...]


@dataclass(frozen=True)
class Field:
    """One command field; ``kind`` is int, str, bool, list, dict or any."""

    name: str
    kind: str
    description: str
    required: bool = True


@dataclass(frozen=True)
class CommandSpec:
    """The documented shape of one command type, served by the API to clients and bots."""

    type: str
    description: str
    fields: tuple[Field, ...] = ()

    def schema(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "description": self.description,
            "fields": [
                {
                    "name": f.name,
                    "kind": f.kind,
                    "description": f.description,
                    "required": f.required,
                }
                for f in self.fields
            ],
        }


class Outcome(TypedDict):
    """The result of a finished game.

    ``ranks[seat]`` is 1 for the winner(s); equal ranks share a place. ``scores[seat]`` is the
    game's own final score. ``tiebreak`` names the rule that separated equal scores, or ``None``.
    ``details`` holds anything game-specific (per-kind majorities, series points...).
    """

    ranks: list[int]
    scores: list[float]
    tiebreak: str | None
    details: dict[str, Any]


@runtime_checkable
class Engine(Protocol):
    """What every ``games/<slug>/__init__.py`` exports as ``ENGINE``."""

    slug: str
    name: str
    min_players: int
    max_players: int
    rules_version: int  # bump when a rules change would alter the replay of stored matches
    options: Sequence[Option]
    commands: Sequence[CommandSpec]
    bot_levels: Sequence[str]  # at least ("random", "greedy", "search")
    # Words for players (games/WORDS.md, games/narration.py), with ``narrate`` and ``explain``
    # below and the files ``rules.en.md`` / ``rules.cs.md`` beside the engine.
    option_words: Mapping[str, OptionWords]  # every option: label, help, choice labels
    bot_words: Mapping[str, BotWords]  # every level a player may pick: label, help, strength
    default_bot_level: str  # the level the new-match form starts with
    player_bot_levels: Sequence[str]  # the levels offered to players, a subset of bot_levels
    glossary: Mapping[str, Mapping[str, Words]]  # names of things and places, as the log says

    def validate_options(self, n_players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Return the complete options (defaults filled in) or raise ``InvalidOptions``.

        Refuses unknown names, wrong kinds, out-of-range values and an unsupported player
        count (the message names the allowed counts)."""
        ...

    def setup(self, n_players: int, options: Mapping[str, Any], rng: random.Random) -> list[Event]:
        """The opening events (board, shuffled decks, dealt hands...). ``options`` are validated."""
        ...

    def apply(self, state: Any | None, event: Event) -> Any:
        """Fold one event into the state (``None`` before the first event). Deterministic."""
        ...

    def active_seats(self, state: Any) -> frozenset[int]:
        """Seats that may act now; several during simultaneous secret choices; empty when over."""
        ...

    def legal_commands(self, state: Any, seat: int) -> list[Command]:
        """Every legal command of ``seat`` now (empty if it may not act). Each one, passed to
        ``execute``, is accepted."""
        ...

    def execute(self, state: Any, seat: int, command: Command, rng: random.Random) -> list[Event]:
        """Validate ``command`` for ``seat`` and return the events it causes, without changing
        ``state``. Raises ``Malformed`` / ``IllegalCommand``. Random draws use ``rng`` and are
        recorded in the returned events.

        Checks run in this order: ``GAME_OVER`` (no seat is active once the game has ended),
        ``NOT_YOUR_TURN``, ``Malformed``, then the game's own codes. Every state between two
        events of one command must itself be valid (some seat active, or the game over): the
        contract suite folds and checks event by event."""
        ...

    def forfeit(self, state: Any, seat: int) -> list[Event]:
        """Events that take ``seat`` out of the game (resignation or timeout). The engine's rules
        page says what happens to its pieces; with one player left the game ends."""
        ...

    def view(self, state: Any, seat: int | None) -> JSON:
        """The state as ``seat`` may see it (``None``: a spectator, public information only)."""
        ...

    def admin_view(self, state: Any) -> JSON:
        """Everything, secrets included: for admin inspection only, never sent to a player."""
        ...

    def redact(self, event: Event, seat: int | None) -> Event | None:
        """What ``seat`` may see of ``event``: the event itself, a copy with secrets removed, or
        ``None`` when the seat may not see it at all (the platform then sends only its version)."""
        ...

    def is_undo_barrier(self, event: Event) -> bool:
        """True for events that may never be undone (random draw, reveal, another player
        involved, turn passed)."""
        ...

    def outcome(self, state: Any) -> Outcome | None:
        """``None`` while the game runs; the result once it is over."""
        ...

    def clone(self, state: Any) -> Any:
        """An independent copy (bots search on copies; the platform caches states)."""
        ...

    def state_to_json(self, state: Any) -> JSON:
        """A JSON-safe dump of the full state (snapshots, replay-equality tests)."""
        ...

    def state_from_json(self, data: JSON) -> Any:
        """The inverse of ``state_to_json``."""
        ...

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A copy of ``state`` in which everything ``seat`` cannot know (others' hands, deck
        order, undisclosed votes) is re-dealt at random, consistent with what it can know. Search
        bots only ever look at determinised copies."""
        ...

    def bot_command(
        self, state: Any, seat: int, level: str, rng: random.Random, budget_s: float
    ) -> Command:
        """The bot's move for ``seat`` at ``level`` within ``budget_s`` seconds of thinking. A bot
        must not use information ``seat`` could not know (``search`` determinises). ``state`` is
        the caller's and is only read: a bot that searches by changing a state works on its own
        ``clone`` (callers need not copy it first)."""
        ...

    def narrate(self, event: Event, reader: Reader) -> str | None:
        """One log line for ``event`` as ``reader`` may see it (the event is already redacted
        for the reader); ``None`` only for an event that says nothing to a player."""
        ...

    def explain(
        self, state: Any, reader: Reader, events: Iterable[Event] | None = None
    ) -> Explanation | None:
        """How the finished game was counted, for ``reader``; ``None`` while it runs. ``events``,
        when given, are the match's events (as folded) redacted for the reader: a game whose
        state keeps only running totals counts each source from them."""
        ...


def validate_options_against(specs: Sequence[Option], options: Mapping[str, Any]) -> dict[str, Any]:
    """Shared option checking: unknown names, kinds, choices and ranges. Returns the full dict."""
    if not isinstance(options, Mapping):
        raise InvalidOptions("Options must be an object of name: value pairs.")
    known = {o.name: o for o in specs}
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise InvalidOptions(
            f"Unknown option(s): {', '.join(unknown)}. Known options: {', '.join(known) or 'none'}."
        )
    out: dict[str, Any] = {}
    for spec in specs:
        value = options.get(spec.name, spec.default)
        if spec.kind == "bool":
            if not isinstance(value, bool):
                raise InvalidOptions(f"Option {spec.name} must be true or false.")
        elif spec.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidOptions(f"Option {spec.name} must be a whole number.")
            if spec.minimum is not None and value < spec.minimum:
                raise InvalidOptions(f"Option {spec.name} must be at least {spec.minimum}.")
            if spec.maximum is not None and value > spec.maximum:
                raise InvalidOptions(f"Option {spec.name} must be at most {spec.maximum}.")
        elif spec.kind == "choice" and value not in spec.choices:
            allowed = ", ".join(map(str, spec.choices))
            raise InvalidOptions(f"Option {spec.name} must be one of: {allowed}.")
        out[spec.name] = value
    return out


def check_player_count(engine_name: str, lo: int, hi: int, n_players: int) -> None:
    """Refuse an unsupported player count with a message naming the allowed counts."""
    if isinstance(n_players, bool) or not isinstance(n_players, int) or not lo <= n_players <= hi:
        allowed = ", ".join(str(n) for n in range(lo, hi + 1))
        raise InvalidOptions(f"{engine_name} is played by {allowed} players, not {n_players}.")


def check_command_shape(specs: Mapping[str, CommandSpec], command: Any) -> CommandSpec:
    """Shared malformed-command check: a dict with a known ``type`` and the declared fields of
    the declared kinds. Returns the matching spec or raises ``Malformed``."""
    if not isinstance(command, dict):
        raise Malformed("A command must be a JSON object with a 'type'.")
    ctype = command.get("type")
    spec = specs.get(ctype) if isinstance(ctype, str) else None
    if spec is None:
        raise Malformed(f"Unknown command type {ctype!r}. Known types: {', '.join(specs)}.")
    declared = {f.name for f in spec.fields}
    extra = sorted(set(command) - declared - {"type"})
    if extra:
        raise Malformed(f"Command {ctype} has unknown field(s): {', '.join(extra)}.")
    for f in spec.fields:
        if f.name not in command:
            if f.required:
                raise Malformed(f"Command {ctype} needs the field {f.name} ({f.description}).")
            continue
        if not _is_kind(command[f.name], f.kind):
            raise Malformed(f"Field {f.name} of command {ctype} must be of kind {f.kind}.")
    return spec


def _is_kind(value: Any, kind: str) -> bool:
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "str":
        return isinstance(value, str)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "list":
        return isinstance(value, list)
    if kind == "dict":
        return isinstance(value, dict)
    if kind == "any":
        return True
    raise ValueError(f"unknown field kind {kind}")


def rank_by(keys: Sequence[Sequence[float]]) -> list[int]:
    """Competition ranks (1 = best) from per-seat sort keys, higher is better; equal keys tie."""
    order = sorted(range(len(keys)), key=lambda s: tuple(keys[s]), reverse=True)
    ranks = [0] * len(keys)
    for pos, s in enumerate(order):
        if pos and tuple(keys[s]) == tuple(keys[order[pos - 1]]):
            ranks[s] = ranks[order[pos - 1]]
        else:
            ranks[s] = pos + 1
    return ranks
