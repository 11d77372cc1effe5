"""Record seeded random games of every registered engine into ``tests/corpus/<game>/``.

    .venv/bin/python -m tests.corpus.record [--games 2]

Run it once when a game lands and after bumping a game's ``rules_version`` (the new version's
matches are recorded beside the old ones); never to "fix" a failing corpus test (that failure
means a rules change would break stored matches: make the engine read the old rules from the
match's first event, deliberately).
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
                # Version 1 files keep their first names; a bumped rules version records its own
                # files beside them (old matches must go on replaying).
                suffix = "" if engine.rules_version == 1 else f"-v{engine.rules_version}"
                path = folder / f"{n}p-seed{seed}{suffix}.json"
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
