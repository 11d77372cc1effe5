"""Every refusal a player can meet is said in English and Czech in the game's words (issue 39):
no internal id, raw number or echoed value in either sentence.

Refusals are collected from random mid-game states of each engine by executing commands that
are legal elsewhere: the legal commands of an earlier state, another seat's commands, and the
legal commands with one field bent out of range (an unknown name, a number off the board).
"""

from __future__ import annotations

import ast
import contextlib
import pathlib
import random
import re
from typing import Any

import pytest

from games.base import Engine, IllegalCommand
from games.registry import GAME_MODULES, get_engine
from games.testing import play_random_game

ID_LIKE = [
    re.compile(r"\b[a-z]+_[a-z0-9_]+\b"),  # an identifier: rice_field, build_no_gold
    re.compile(r"\bhex \d+"),
    re.compile(r"\bspace \d+"),
    re.compile(r"[Pp]layer \d"),
    re.compile(r"(?<!\w)'[^'\s]+'(?!\w)"),  # a raw value echoed in quotes
    re.compile(r"\[\s*-?\d+\s*,\s*-?\d+\s*\]"),  # coordinates
    re.compile(r"\b(?:True|False|999)\b"),  # a Python value or the bent one echoed
]
STATES = 25  # mid-game states sampled per game
SEEDS = (3, 4)


class _Enough(Exception):
    pass


def _bent(command: dict[str, Any]) -> list[dict[str, Any]]:
    """``command`` with one field at a time out of range, its kind kept (a malformed shape is
    the platform's, not the game's, refusal)."""
    out = []
    for key, value in command.items():
        if key == "type" or isinstance(value, bool):
            continue
        if isinstance(value, str):
            out.append({**command, key: "zzz"})
        elif isinstance(value, int):
            out += [{**command, key: 999}, {**command, key: -1}]
        elif isinstance(value, list) and value and all(isinstance(v, int) for v in value):
            out.append({**command, key: [999] * len(value)})
        elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            out.append({**command, key: ["zzz"] * len(value)})
    return out


def _refusals(engine: Engine, seed: int) -> dict[str, IllegalCommand]:
    """The refusals met from sampled states, one per (code, English sentence)."""
    rng = random.Random(seed)
    found: dict[str, IllegalCommand] = {}
    earlier: list[dict[str, Any]] = []
    n = engine.min_players + seed % (engine.max_players - engine.min_players + 1)
    seen = 0

    def probe(state: Any, _event: object) -> None:
        nonlocal seen, earlier
        if engine.outcome(state) is not None or rng.random() < 0.5:
            return
        active = sorted(engine.active_seats(state))
        if not active:
            return
        seen += 1
        mine = {s: engine.legal_commands(state, s) for s in active}
        tries: list[tuple[int, dict[str, Any]]] = []
        for seat, legal in mine.items():
            sample = rng.sample(legal, min(4, len(legal)))
            tries += [(seat, c) for c in earlier]
            tries += [(seat, b) for c in sample for b in _bent(c)]
            tries += [(other, c) for other in range(n) if other not in active for c in sample]
        for seat, command in tries:
            try:
                engine.execute(state, seat, command, random.Random(1))
            except IllegalCommand as err:
                found.setdefault(f"{err.code}: {err.message}", err)
        earlier = [c for legal in mine.values() for c in rng.sample(legal, min(6, len(legal)))]
        if seen >= STATES:
            raise _Enough

    with contextlib.suppress(_Enough):
        play_random_game(engine, n, seed=seed, after_event=probe)
    return found


@pytest.mark.parametrize("slug", list(GAME_MODULES))
def test_refusals_are_said_in_both_languages_without_internal_ids(slug: str) -> None:
    engine = get_engine(slug)
    found: dict[str, IllegalCommand] = {}
    for seed in SEEDS:
        found.update(_refusals(engine, seed))
    assert len(found) >= 5, f"too few refusals met to judge: {sorted(found)}"
    bad = []
    for key, err in sorted(found.items()):
        cs = err.cs or ""
        if not err.message.strip() or not cs.strip() or cs == err.message:
            bad.append(f"{key} -- no Czech sentence")
            continue
        for text in (err.message, cs):
            hits = [m.group(0) for p in ID_LIKE for m in p.finditer(text)]
            if hits:
                bad.append(f"{key} -- {text!r} names {hits}")
    assert not bad, "\n".join(bad)


# The engines' refusal builders: a refusal of a command is built by one of these names.
_BUILDERS = {"IllegalCommand": 3, "Malformed": 2, "_refuse": 3, "fail": 3}


def test_every_refusal_an_engine_builds_has_a_czech_sentence() -> None:
    """Refusals the random probe may not reach: every call that builds one in an engine's
    module gives the Czech sentence (or spreads a pair that holds it)."""
    root = pathlib.Path(__file__).resolve().parents[2] / "games"
    missing = []
    for slug in GAME_MODULES:
        for path in sorted((root / slug).glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                    continue
                need = _BUILDERS.get(node.func.id)
                if need is None or any(isinstance(a, ast.Starred) for a in node.args):
                    continue
                if len(node.args) < need and not any(k.arg == "cs" for k in node.keywords):
                    missing.append(f"{path.relative_to(root)}:{node.lineno} {node.func.id}")
    assert not missing, "\n".join(missing)
