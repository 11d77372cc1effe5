"""Every game package has the one shape of ``games/README.md`` (issue 15): the same
files, each module importable on its own, imports flowing one way only

    data <- state <- events <- (commands, rules and its topic modules) <- views <- bots <- engine
    <- __init__

and ``META`` + ``ENGINE`` exported by the package. A game joins ``GAMES`` once reshaped."""

from __future__ import annotations

import ast
import json
import pathlib
import subprocess
import sys

import pytest

from games.base import GameMeta

GAMES = ["samurai", "yspahan", "catan", "drunter", "java"]

ROOT = pathlib.Path(__file__).resolve().parents[2]
REQUIRED = (
    "__init__.py",
    "engine.py",
    "state.py",
    "data.py",
    "events.py",
    "commands.py",
    "rules.py",
    "views.py",
    "bots.py",
    "README.md",
)
# Layers, lowest first; every module not named here is a topic module of the rules' layer
# (setup.py, scoring.py, legal.py, capture.py ...). A module imports only from its own layer or
# lower ones, and within a layer without cycles. A module named ``<layer>_<topic>`` splits that
# layer's module by topic and belongs to its layer (bots_search.py; data_board.py, the geometry
# Catan's state needs; events_awards.py, the road network and awards Catan's fold keeps).
LAYER = {"data": 0, "state": 1, "events": 2, "views": 4, "bots": 5, "bots_search": 5}
LAYER.update({"engine": 6, "__init__": 7})
RULES_LAYER = 3


def modules(slug: str) -> list[str]:
    return sorted(p.stem for p in (ROOT / "games" / slug).glob("*.py"))


def sibling_imports(slug: str, module: str) -> set[str]:
    """Modules of the same package that ``module`` imports anywhere (a function-level import is
    an import too: hiding a cycle inside a function does not remove it)."""
    tree = ast.parse((ROOT / "games" / slug / f"{module}.py").read_text())
    package = f"games.{slug}"
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module == package:
                found.update(alias.name for alias in node.names)
            elif node.module.startswith(package + "."):
                found.add(node.module.split(".")[2])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(package + "."):
                    found.add(alias.name.split(".")[2])
    return (found & set(modules(slug))) - {module}


def layer(module: str) -> int:
    return LAYER.get(module, LAYER.get(module.split("_")[0], RULES_LAYER))


@pytest.mark.parametrize("slug", GAMES)
def test_the_package_has_the_common_files(slug: str) -> None:
    present = {p.name for p in (ROOT / "games" / slug).iterdir()}
    missing = [name for name in REQUIRED if name not in present]
    assert not missing, f"games/{slug} lacks {missing}"


@pytest.mark.parametrize("slug", GAMES)
def test_imports_flow_down_the_layers_without_cycles(slug: str) -> None:
    graph = {m: sibling_imports(slug, m) for m in modules(slug)}
    upward = [f"{m} -> {dep}" for m, deps in graph.items() for dep in deps if layer(dep) > layer(m)]
    assert not upward, f"games/{slug}: imports against the layers: {upward}"
    importers_of_bots = sorted(m for m, deps in graph.items() if "bots" in deps)
    assert importers_of_bots == ["engine"], importers_of_bots

    visiting: list[str] = []
    done: set[str] = set()

    def visit(m: str) -> None:
        if m in done:
            return
        assert m not in visiting, f"games/{slug}: import cycle {visiting[visiting.index(m) :]}"
        visiting.append(m)
        for dep in sorted(graph[m]):
            visit(dep)
        visiting.pop()
        done.add(m)

    for m in graph:
        visit(m)


@pytest.mark.parametrize("slug", GAMES)
def test_each_module_imports_on_its_own(slug: str) -> None:
    """In a fresh interpreter, each module is imported first with nothing of its package loaded
    before it (an import order that only works one way round is a hidden cycle)."""
    script = (
        "import importlib, json, sys\n"
        f"names = {modules(slug)!r}\n"
        "failed = {}\n"
        "for name in names:\n"
        f"    for key in [k for k in sys.modules if k == 'games.{slug}' or "
        f"k.startswith('games.{slug}.')]:\n"
        "        del sys.modules[key]\n"
        "    try:\n"
        f"        importlib.import_module('games.{slug}' if name == '__init__' else "
        f"'games.{slug}.' + name)\n"
        "    except Exception as exc:\n"
        "        failed[name] = repr(exc)\n"
        "print(json.dumps(failed))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout) == {}


@pytest.mark.parametrize("slug", GAMES)
def test_the_package_exports_meta_and_engine(slug: str) -> None:
    package = __import__(f"games.{slug}", fromlist=["ENGINE", "META"])
    meta, engine = package.META, package.ENGINE
    assert isinstance(meta, GameMeta) and meta.slug == slug
    assert set(package.__all__) == {"ENGINE", "META"}
    for field in ("slug", "name", "min_players", "max_players", "rules_version", "bot_levels"):
        assert getattr(engine, field) == getattr(meta, field), field
