"""Each game's ``games/<slug>/view.schema.json`` describes what its engine's ``view`` sends:
real views, from seeded games (random legal play at the least and the most players, and a greedy
bot's game) seen by every seat and by a spectator, validate against it, and every phase the
schema names is met. Views are checked the first time each phase is met (also one met only
between a command's events), every ``EVERY`` moves and at the end (every move would take
minutes on a busy machine). The PWA's board types are generated from these schemas
(pwa/scripts/gen-types.mjs), so a view that outgrows its schema fails here first."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from games.registry import GAME_MODULES, get_engine
from games.testing import fold

GAMES = Path(__file__).resolve().parents[2] / "games"
SLUGS = sorted(slug for slug in GAME_MODULES if (GAMES / slug / "view.schema.json").exists())
# Options whose views differ in shape (another set of phases or secrets), played besides the
# defaults.
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "drunter": [{}, {"extended": True}],
    "catan": [{}, {"variant": True, "war": True, "choose_start_resources": True}],
}
# Phases that uniform random play seldom meets, reached by a player that mostly takes this
# one of these commands (Yspahan: moving the supervisor beside shops starts inspections and
# caravan choices; Catan: wars and road building).
PREFER: dict[str, tuple[str, ...]] = {
    "yspahan": ("move_supervisor",),
    "catan": ("declare_war", "play_road_building", "buy_development_card"),
}
# Phases none of these games reaches, left out of the coverage check by name (a gap to close
# with a directed scenario, not a licence): Java's festival needs a figure in a city with a
# palace and a matching open card, which neither random nor greedy play set up in 400 moves.
# Catan's war_pay follows an attack the attacker wins, which seeded play here never did.
NOT_REACHED: dict[str, set[str]] = {"java": {"festival"}, "catan": {"war_pay"}}
MAX_MOVES = 400
EVERY = 10


@cache
def validator(slug: str) -> Draft202012Validator:
    schema = json.loads((GAMES / slug / "view.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _games(slug: str) -> Iterator[tuple[str, int, dict[str, Any], str | None, int]]:
    """(label, players, options, bot level, "prefer" (see PREFER) or None for random play, seed)."""
    engine = get_engine(slug)
    for k, options in enumerate(VARIANTS.get(slug, [{}])):
        for n in sorted({engine.min_players, engine.max_players}):
            yield f"random-{n}p-{options}", n, options, None, n
        if k == 0:
            # The default rules only: Catan's greedy bot raises IllegalCommand on a war_take it
            # tries on a re-dealt state (games/catan/bots.py, reported; not this test's to fix).
            yield f"greedy-{engine.min_players}p", engine.min_players, options, "greedy", 7
        if slug in PREFER:
            yield (
                f"prefer-{engine.max_players}p-{options}",
                engine.max_players,
                options,
                "prefer",
                0,
            )


def _views(
    slug: str, n: int, options: dict[str, Any], level: str | None, seed: int
) -> Iterator[tuple[str, Any]]:
    """Every seat's and a spectator's view at the start, the first time each phase is met, every
    ``EVERY`` moves and at the end."""
    engine = get_engine(slug)
    rng = random.Random(seed)
    state = fold(engine, engine.setup(n, engine.validate_options(n, options), rng))
    met: set[Any] = set()
    for move in range(MAX_MOVES + 1):
        spectator = engine.view(state, None)
        now = spectator.get("phase") if isinstance(spectator, dict) else None
        last = engine.outcome(state) is not None or move == MAX_MOVES
        if last or now not in met or move % EVERY == 0:
            met.add(now)
            yield f"move {move}, spectator", spectator
            for seat in range(n):
                yield f"move {move}, seat {seat}", engine.view(state, seat)
        if last:
            return
        seat = rng.choice(sorted(engine.active_seats(state)))
        if level is None or level == "prefer":
            legal = engine.legal_commands(state, seat)
            preferred = [c for c in legal if c["type"] in PREFER.get(slug, ())]
            command = rng.choice(preferred if preferred and rng.random() < 0.8 else legal)
        else:
            command = engine.bot_command(state, seat, level, rng, 0.01)
        for event in engine.execute(state, seat, command, rng):
            state = engine.apply(state, event)
            # A phase that a single command passes through (an inspection with one choice) is
            # met only between its events: the spectator's view there, once per phase change.
            between = engine.view(state, None)
            if isinstance(between, dict) and between.get("phase") not in met:
                met.add(between.get("phase"))
                yield f"move {move}, within, spectator", between


def _phases(slug: str) -> set[str]:
    return set(validator(slug).schema["properties"].get("phase", {}).get("enum", []))


@pytest.mark.parametrize("slug", SLUGS)
def test_every_view_keeps_to_its_schema_and_every_phase_is_met(slug: str) -> None:
    seen: set[str] = set()
    for label, n, options, level, seed in _games(slug):
        for where, view in _views(slug, n, options, level, seed):
            errors = sorted(validator(slug).iter_errors(view), key=lambda e: list(e.absolute_path))
            assert not errors, (
                f"{slug} {label} {where}: {errors[0].json_path}: {errors[0].message}"
                f" ({len(errors)} errors)"
            )
            if isinstance(view, dict) and "phase" in view:
                seen.add(view["phase"])
    expected = _phases(slug) - NOT_REACHED.get(slug, set())
    assert expected <= seen, f"{slug}: phases never met: {sorted(expected - seen)}"


def test_the_schemas_refuse_what_a_view_does_not_send() -> None:
    """The schemas are closed: a field the engine does not send (or no longer sends) fails,
    so the generated types cannot promise it."""
    for slug in SLUGS:
        schema = validator(slug).schema
        assert schema.get("additionalProperties") is False, slug
        for name, definition in schema.get("$defs", {}).items():
            if definition.get("type") == "object" and "properties" in definition:
                assert definition.get("additionalProperties") is False, f"{slug} $defs/{name}"


def test_the_boards_recorded_views_keep_to_their_schema() -> None:
    """The PWA's unit tests draw views recorded from the engine (boards/catan.fixture.json) and
    cast them to the generated types: they must still be views the schema allows."""
    fixture = GAMES.parent / "pwa" / "src" / "boards" / "catan.fixture.json"
    recorded = json.loads(fixture.read_text(encoding="utf-8"))
    for name, case in recorded.items():
        for key in ("view", "view1"):
            if key in case:
                errors = list(validator("catan").iter_errors(case[key]))
                assert not errors, f"catan.fixture.json {name}.{key}: {errors[0].message}"
