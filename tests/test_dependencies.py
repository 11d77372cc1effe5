"""Every third-party module the server imports is declared in pyproject.toml's main
``dependencies``: not only reached through another package's requirements, and not only in an
extra such as ``[test]`` (a server installed without it would fail at its first import).

"Imports" are the ``import`` statements of core/, realtime/ and games/ (outside ``if
TYPE_CHECKING:``) and the dotted module paths the settings name, which Django imports
(INSTALLED_APPS, MIDDLEWARE, backends). Module names map to distributions through
``importlib.metadata.packages_distributions()``.
"""

from __future__ import annotations

import ast
import importlib.metadata
import re
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SERVER_PACKAGES = ("core", "realtime", "games")
SETTINGS = ROOT / "core" / "settings"
_DOTTED = re.compile(r"[A-Za-z_]\w*(\.\w+)*")
_REQUIREMENT_NAME = re.compile(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def _normalized(distribution: str) -> str:
    """PEP 503's form of a distribution name: ``Django`` and ``django`` are one."""
    return re.sub(r"[-_.]+", "-", distribution).lower()


def _declared(extra: str | None = None) -> set[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    requirements = (
        project["dependencies"] if extra is None else project["optional-dependencies"][extra]
    )
    names = set()
    for requirement in requirements:
        match = _REQUIREMENT_NAME.match(requirement)
        assert match, f"cannot read the requirement {requirement!r}"
        names.add(_normalized(match.group(1)))
    return names


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imported(tree: ast.AST) -> Iterator[str]:
    """The modules a tree imports, skipping the bodies of ``if TYPE_CHECKING:``."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                yield from _imported(child)
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module
        yield from _imported(node)


def _named_in_settings(tree: ast.AST) -> Iterator[str]:
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and _DOTTED.fullmatch(node.value)
        ):
            yield node.value


def third_party_imports() -> dict[str, set[str]]:
    """Top-level module -> the files that import (or, in the settings, name) it."""
    distributions = importlib.metadata.packages_distributions()
    found: dict[str, set[str]] = {}
    for package in SERVER_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(), filename=str(path))
            modules = list(_imported(tree))
            if path.is_relative_to(SETTINGS):
                # A plain string names a module only if it is an installed one's dotted path.
                modules += [m for m in _named_in_settings(tree) if m.split(".")[0] in distributions]
            for module in modules:
                top = module.split(".")[0]
                if top in SERVER_PACKAGES or top in sys.stdlib_module_names:
                    continue
                found.setdefault(top, set()).add(str(path.relative_to(ROOT)))
    return found


def test_every_module_the_server_imports_is_a_declared_dependency() -> None:
    distributions = importlib.metadata.packages_distributions()
    declared = _declared()
    missing = {}
    for module, files in sorted(third_party_imports().items()):
        providers = {_normalized(d) for d in distributions.get(module, [])}
        if not providers & declared:
            missing[module] = (sorted(providers) or ["not installed"], sorted(files)[:3])
    assert not missing, (
        "imported by the server but not in pyproject.toml's [project] dependencies "
        f"(module: (distribution, importers)): {missing}"
    )


def test_the_scan_sees_the_imports_it_must_check() -> None:
    # A scan that found nothing would pass the test above whatever the code imports.
    found = third_party_imports()
    assert "core/settings/base.py" in found["environ"]  # an import statement
    assert "core/settings/base.py" in found["whitenoise"]  # named in MIDDLEWARE only
    assert "rest_framework" in found and "django" in found
