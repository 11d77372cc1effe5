"""The structure as the code has it: no import circles between modules, and the layers'
contracts (pyproject.toml, ``[tool.importlinter]``; ``lint-imports`` in deploy/test.sh) fail when
a layer is crossed."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import grimp
import networkx as nx

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "games", "realtime")


def import_circles() -> list[set[str]]:
    """Every set of modules that import each other in a loop (an import inside a function
    counts: it only moves the circle to run time)."""
    graph = grimp.build_graph(*PACKAGES, cache_dir=None)
    arrows = nx.DiGraph()
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            arrows.add_edge(module, imported)
    return [c for c in nx.strongly_connected_components(arrows) if len(c) > 1]


def test_no_module_is_in_an_import_circle() -> None:
    assert import_circles() == []


def test_a_forbidden_import_breaks_its_contract(tmp_path: Path) -> None:
    """The contracts can fail: a copy of the tree where an engine imports Django is refused."""
    ignore = shutil.ignore_patterns("__pycache__", "node_modules", "migrations")
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    base = tmp_path / "games" / "base.py"
    text = base.read_text()
    base.write_text(text + "\nimport django.conf  # a layer crossed\n")
    line = text.count("\n") + 2
    lint = Path(sys.executable).parent / "lint-imports"
    # The copy, not the installed tree: lint-imports looks in its working directory first.
    run = subprocess.run(
        [str(lint), "--no-cache"], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert "games import nothing of Django or the server" in run.stdout
    assert f"games.base -> django (l.{line})" in run.stdout
    assert " kept, 1 broken." in run.stdout  # the one crossing above, and no other
