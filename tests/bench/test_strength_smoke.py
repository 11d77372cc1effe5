"""A smoke run of ``bench/strength.py``: one quick game, one or two games per cell, so CI keeps
the strength bench working (its figures are meaningless at this size)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "strength.py"


@pytest.fixture(scope="module")
def strength():
    spec = importlib.util.spec_from_file_location("bench_strength", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_it_prints_a_cell_per_level_and_baseline_with_an_interval(strength, capsys):
    argv = ["--games", "drunter", "--players", "2", "--per-cell", "2", "--budget", "0.01"]
    result = strength.main(argv)

    assert json.loads(capsys.readouterr().out) == result
    cells = {(c["level"], c["vs"]): c for c in result["cells"]}
    # Every level of the game against both baselines, a level against itself left out.
    assert set(cells) == {
        ("random", "greedy"),
        ("greedy", "random"),
        ("search", "random"),
        ("search", "greedy"),
    }
    for cell in cells.values():
        assert cell["games"] == 2
        low, high = cell["ci95"]
        assert 0 <= low <= cell["win_rate"] <= high <= 1
        # With two players, finishing ahead of the one opponent is winning.
        assert cell["ahead_rate"] == cell["win_rate"]
        assert cell["ahead_ci95"] == cell["ci95"]
        assert cell["think_ms"]["moves"] > 0
        assert cell["think_ms"]["p99"] <= cell["think_ms"]["max"]
        assert 0 <= cell["think_cpu_ms"]["p99"] <= cell["think_cpu_ms"]["max"]
    assert result["projected_minutes_200_idle"] > 0
    table = strength.markdown(result)
    rows = [line for line in table.splitlines() if line.startswith("| 2 |")]
    assert len(rows) == 4
    search_greedy = cells[("search", "greedy")]
    low, high = search_greedy["ahead_ci95"]
    wanted = f"{round(100 * low)}–{round(100 * high)}"
    assert any("`search` | greedy | 2 |" in row and wanted in row for row in rows)


def test_the_wilson_interval_matches_known_values(strength):
    low, high = strength.wilson(10, 10)
    assert (round(low, 3), round(high, 3)) == (0.722, 1.0)
    low, high = strength.wilson(5, 10)
    assert (round(low, 3), round(high, 3)) == (0.237, 0.763)
    assert strength.wilson(0, 0) == (0.0, 1.0)


def test_the_pairwise_share_counts_opponents_beaten_and_ties_half(strength):
    ranks = [2, 1, 2, 4]  # seat 1 won, seats 0 and 2 tied second, seat 3 last
    assert strength.ahead_share(ranks, 1) == 1.0
    assert strength.ahead_share(ranks, 0) == (0 + 0.5 + 1) / 3
    assert strength.ahead_share(ranks, 3) == 0.0
    assert strength.win_share(ranks, 0) == 0.0
    assert strength.win_share([1, 1, 3, 4], 1) == 0.5
    assert strength.ahead_share([1, 1], 0) == strength.win_share([1, 1], 0) == 0.5


def test_seats_are_rotated_across_a_cell(strength):
    args = strength.parse_args(
        ["--games", "samurai", "--players", "4", "--levels", "greedy", "--per-cell", "8"]
    )
    seats = [t[4] for t in strength.tasks(args) if t[3] == "random"]
    assert seats == [0, 1, 2, 3, 0, 1, 2, 3]
