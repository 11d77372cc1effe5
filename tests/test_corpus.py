"""Replay every recorded match in ``tests/corpus/``: a rules change that would alter the replay
of stored matches fails here, on purpose (add an upcaster or pin the rules version)."""

from __future__ import annotations

import json
import pathlib

import pytest

from games.registry import GAME_MODULES, get_engine
from games.testing import fold

CORPUS = sorted((pathlib.Path(__file__).parent / "corpus").glob("*/*.json"))


def test_the_corpus_covers_every_registered_game() -> None:
    recorded = {p.parent.name for p in CORPUS}
    missing = sorted(set(GAME_MODULES) - recorded)
    assert not missing, f"record corpus games for {missing}: python -m tests.corpus.record"


def test_the_corpus_holds_a_match_of_every_games_current_rules_version() -> None:
    """Older matches stay (they must still replay); a bumped rules version adds its own."""
    versions = {(p.parent.name, json.loads(p.read_text())["rules_version"]) for p in CORPUS}
    missing = sorted(s for s in GAME_MODULES if (s, get_engine(s).rules_version) not in versions)
    assert not missing, f"record corpus games for {missing}: python -m tests.corpus.record"


@pytest.mark.parametrize("path", CORPUS, ids=[f"{p.parent.name}/{p.stem}" for p in CORPUS])
def test_a_recorded_match_replays_to_its_recorded_outcome(path: pathlib.Path) -> None:
    doc = json.loads(path.read_text())
    engine = get_engine(doc["game"])
    # A stored match keeps the rules version it was created with: the engine of today must
    # replay it exactly (a newer engine reads the options in its first event; see games/README.md).
    assert doc["rules_version"] <= engine.rules_version, (
        f"{doc['game']} rules_version is {engine.rules_version}, the corpus has "
        f"{doc['rules_version']}: a match from a newer engine."
    )
    events = [{k: v for k, v in e.items() if k != "actor"} for e in doc["events"]]
    state = fold(engine, events)
    assert json.loads(json.dumps(engine.outcome(state))) == doc["outcome"]
