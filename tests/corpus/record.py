"""Record seeded random games of every registered engine into ``tests/corpus/<game>/``.

    .venv/bin/python -m tests.corpus.record [--games 2]

Run it once when a game lands; never to "fix" a failing corpus test (that failure means a rules
change would break stored matches: add an upcaster or pin the rules version deliberately).
"""

from __future__ import annotations

import argparse
import json
import pathlib

from games.registry import all_engines
from games.testing import play_random_game

ROOT = pathlib.Path(__file__).parent


def record(games: int) -> None:
    for engine in all_engines():
        folder = ROOT / engine.slug
        folder.mkdir(exist_ok=True)
        for n in range(engine.min_players, engine.max_players + 1):
            for seed in range(games):
                path = folder / f"{n}p-seed{seed}.json"
                if path.exists():
                    continue
                game = play_random_game(engine, n, seed=seed)
                doc = {
                    "game": engine.slug,
                    "rules_version": engine.rules_version,
                    "players": n,
                    "options": engine.validate_options(n, {}),
                    "events": game.events,
                    "outcome": engine.outcome(game.state),
                }
                path.write_text(json.dumps(doc, ensure_ascii=False, separators=(",", ":")))
                print(path)


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=1)
    record(parser.parse_args().games)
