"""Play whole matches with bots, through the real pipeline or the pure engine, and print figures.

The last line printed is one JSON object: game, players, games, completed, errors,
games_per_second, commands_per_game, us_per_command (wall clock, like games_per_second) and
cpu_us_per_command (this process's CPU time: the figure to compare on a shared machine), and
events_per_game, mode, seed.

Bots get the state itself, never a copy: ``bot_command`` must leave the state it is given as it
was (a bot that searches by changing a state copies it first; the contract suite checks this),
so a copy per decision would only cost time (issue 24).
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from core.accounts.models import User
from core.api.errors import ApiError
from core.matches import services
from core.matches.models import Match
from core.matches.state import load_state, state_cache
from games.registry import GAME_MODULES, get_engine

MAX_COMMANDS = 50_000


class Command(BaseCommand):
    help = "Play K full matches of GAME with bots and print throughput figures as JSON."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("game")
        parser.add_argument("--players", type=int, required=True)
        parser.add_argument("--bots", default="random", help="Bot level for every seat.")
        parser.add_argument("--games", type=int, default=1)
        parser.add_argument("--seed", type=int, default=0)
        parser.add_argument("--budget", type=float, default=0.05, help="Seconds per bot move.")
        parser.add_argument("--options", default="{}", help="Match options as JSON.")
        parser.add_argument("--engine-only", action="store_true", help="Skip the database.")

    def handle(self, *args: Any, **o: Any) -> None:
        if o["game"] not in GAME_MODULES:
            raise CommandError(f"Unknown game {o['game']!r}. Games: {', '.join(GAME_MODULES)}.")
        engine = get_engine(o["game"])
        if not engine.min_players <= o["players"] <= engine.max_players:
            allowed = ", ".join(map(str, range(engine.min_players, engine.max_players + 1)))
            raise CommandError(f"{engine.name} is played by {allowed} players, not {o['players']}.")
        if o["bots"] not in engine.bot_levels:
            raise CommandError(f"Bot levels for {engine.name}: {', '.join(engine.bot_levels)}.")
        try:
            options = engine.validate_options(o["players"], json.loads(o["options"]))
        except (ValueError, Exception) as err:
            raise CommandError(f"Bad options: {err}") from err
        play = self._engine_game if o["engine_only"] else self._pipeline_game
        rng = random.Random(o["seed"])
        completed = errors = commands = events = 0
        start = time.perf_counter()
        start_cpu = time.process_time()
        for i in range(o["games"]):
            try:
                n_cmd, n_ev = play(engine, o, options, rng, i)
                completed += 1
                commands += n_cmd
                events += n_ev
            except Exception as err:
                errors += 1
                self.stderr.write(f"game {i}: {type(err).__name__}: {err}")
        elapsed = time.perf_counter() - start
        cpu = time.process_time() - start_cpu
        self.stdout.write(
            json.dumps(
                {
                    "game": o["game"],
                    "players": o["players"],
                    "games": o["games"],
                    "completed": completed,
                    "errors": errors,
                    "games_per_second": round(completed / elapsed, 3) if elapsed else None,
                    "commands_per_game": round(commands / completed, 1) if completed else 0,
                    "us_per_command": round(elapsed / commands * 1e6, 2) if commands else None,
                    "cpu_us_per_command": round(cpu / commands * 1e6, 2) if commands else None,
                    "events_per_game": round(events / completed, 1) if completed else 0,
                    "mode": "engine" if o["engine_only"] else "pipeline",
                    "bots": o["bots"],
                    "seed": o["seed"],
                    "seconds": round(elapsed, 3),
                    "cpu_seconds": round(cpu, 3),
                }
            )
        )

    def _engine_game(
        self, engine: Any, o: dict[str, Any], options: dict[str, Any], rng: random.Random, _i: int
    ) -> tuple[int, int]:
        state = None
        setup = engine.setup(o["players"], options, rng)
        for event in setup:
            state = engine.apply(state, event)
        n_cmd, n_ev = 0, len(setup)
        while engine.outcome(state) is None:
            if n_cmd >= MAX_COMMANDS:
                raise RuntimeError("the game did not end")
            seat = min(engine.active_seats(state))
            command = engine.bot_command(state, seat, o["bots"], rng, o["budget"])
            for event in engine.execute(state, seat, command, rng):
                state = engine.apply(state, event)
                n_ev += 1
            n_cmd += 1
        return n_cmd, n_ev

    def _pipeline_game(
        self, engine: Any, o: dict[str, Any], options: dict[str, Any], rng: random.Random, i: int
    ) -> tuple[int, int]:
        users = [
            User.objects.get_or_create(username=f"sim-{s}", defaults={"display_name": f"Sim {s}"})[
                0
            ]
            for s in range(o["players"])
        ]
        seats = [services.SeatSpec("me")] + [
            services.SeatSpec("user", username=u.username) for u in users[1:]
        ]
        match = services.match_create(
            user=users[0], game=o["game"], n_players=o["players"], options=options, seats=seats
        )
        for user in users[1:]:
            services.match_join(match_id=match.pk, user=user)
        n_cmd = 0
        while True:
            match = Match.objects.get(pk=match.pk)
            if match.status != Match.Status.ACTIVE:
                break
            if n_cmd >= MAX_COMMANDS:
                raise RuntimeError("the game did not end")
            state = load_state(match)
            seat = min(engine.active_seats(state))
            command = engine.bot_command(state, seat, o["bots"], rng, o["budget"])
            state_cache.put(match.pk, match.version, state)
            try:
                services.match_submit_command(
                    match_id=match.pk,
                    user=users[seat],
                    command=command,
                    command_id=f"sim-{match.version}",
                    expected_version=match.version,
                )
            except ApiError as err:
                raise RuntimeError(f"{err.code}: {err.message} ({command})") from err
            n_cmd += 1
        return n_cmd, match.version
