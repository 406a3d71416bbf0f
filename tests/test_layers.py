"""The layout shows the architecture: lower layers never import upward, and no module imports itself back.

Every module's imports are read with :mod:`ast` (those inside functions and
under ``TYPE_CHECKING`` too: a lazy import is still a dependency). The layers,
lowest first::

    rules  <-  foundation  <-  services  <-  display / printing / forms / profiles  <-  views / cli

A module may import its own layer or any lower one. ``rules`` (the pure
engine) is the bottom. The foundation is what every layer above may use:
storage (config, extensions, models), pure helpers over the engine's answers
(words, checking, rulebook) and hand entry (``entry/``: form fields to round
facts and back), which reads input and stores nothing, so it never needs the
services; the views ask the services and hand entry the score.

Code outside ``rules/`` reaches the engine only through its public surface,
:mod:`scorekeeper.rules` itself, so the engine's modules can move and split freely.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "scorekeeper"

#: lowest first; a module belongs to the first entry that is it or one of its packages
LAYERS: tuple[tuple[str, ...], ...] = (
    ("rules",),
    ("words", "paths", "config", "extensions", "models", "checking", "solving", "rulebook", "entry", "addresses",
     "limits", "pool"),
    ("services",),
    ("display", "printing", "forms", "profiles"),
    ("views", "cli", "access", "filters", "openapi", "openapi_schemas", "openapi_variants", "delivery", "live",
     "js_modules", "offline", "server", "terminal_log", "guards", "headers", "https_only", "throttle", ""),
)

#: A feature package spans the layers: each of its modules sits with the layer it serves.
FEATURE_LAYERS: dict[str, dict[str, int]] = {
    "tables": {"models": 1, "figures": 1, "ratings": 1, "": 1,
               "summaries": 2, "rulings": 2, "services": 2, "transfer": 2,
               "charts": 3, "forms": 3,
               "access": 4, "api": 4, "feature": 4, "live": 4, "openapi": 4, "stats": 4, "views": 4,
               "views_roster": 4, "views_rulings": 4},
}


def layer_of(module: str) -> int:
    """The layer of ``scorekeeper.x.y`` (by ``x``; the package's own ``__init__`` is the top).

    >>> layer_of("scorekeeper.rules.tiles.grid"), layer_of("scorekeeper.services.hands"), layer_of("scorekeeper")
    (0, 2, 4)
    """
    parts = module.split(".")
    first = parts[1] if len(parts) > 1 else ""
    if first in FEATURE_LAYERS:
        within = FEATURE_LAYERS[first]
        second = parts[2] if len(parts) > 2 else ""
        if second in within:
            return within[second]
        raise AssertionError(f"{module} is in no layer: add it to FEATURE_LAYERS in {Path(__file__).name}")
    for number, names in enumerate(LAYERS):
        if first in names:
            return number
    raise AssertionError(f"{module} is in no layer: add it to LAYERS in {Path(__file__).name}")


def _name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (the migrations are Alembic's scripts, not modules)."""
    return {_name(p): p for p in sorted(PACKAGE.rglob("*.py"))
            if "__pycache__" not in p.parts and "migrations" not in p.relative_to(PACKAGE).parts}


def imports(name: str, source: str, known: set[str] | frozenset[str], is_package: bool = False) -> set[str]:
    """The package's modules that ``source`` (module ``name``) imports, anywhere in it.

    ``from p import m`` is an import of module ``p.m`` when there is one, else of ``p``.
    A package ``__init__`` that a target sits in is imported too, unless it is
    one of the importer's own packages (already being imported).

    >>> known = {"scorekeeper", "scorekeeper.a", "scorekeeper.b", "scorekeeper.b.c"}
    >>> sorted(imports("scorekeeper.a", "from .b import c\\nfrom . import b\\n", known))
    ['scorekeeper.b', 'scorekeeper.b.c']
    >>> sorted(imports("scorekeeper.b.c", "def f():\\n    from .. import a\\n", known))
    ['scorekeeper.a']
    """
    here = name.split(".") if is_package else name.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.split(".")[0] == "scorekeeper"}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(here[:len(here) - node.level + 1] + ([node.module] if node.module else []))
            elif (node.module or "").split(".")[0] == "scorekeeper":
                base = node.module
            else:
                continue
            subs = {f"{base}.{a.name}" for a in node.names} & known
            found |= subs if len(subs) == len(node.names) else subs | {base}
    own = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 1)}
    for target in list(found):
        parts = target.split(".")
        found |= {p for p in (".".join(parts[:i]) for i in range(1, len(parts))) if p not in own}
    found.discard(name)
    return {t for t in found if t in known}


@cache
def graph() -> dict[str, frozenset[str]]:
    known = frozenset(modules())
    return {name: frozenset(imports(name, path.read_text(encoding="utf-8"), known, path.name == "__init__.py"))
            for name, path in modules().items()}


def upward(graph: dict[str, frozenset[str]]) -> list[str]:
    """Every import of a higher layer, or of the engine's internals from outside it."""
    wrong = []
    for name, targets in sorted(graph.items()):
        for target in sorted(targets):
            if layer_of(target) > layer_of(name):
                wrong.append(f"{name} imports {target} (layer {layer_of(target)} above {layer_of(name)})")
            elif layer_of(target) == 0 < layer_of(name) and target != "scorekeeper.rules":
                wrong.append(f"{name} imports the engine's internals {target}: use scorekeeper.rules")
    return wrong


def cycles(graph: dict[str, frozenset[str]]) -> list[list[str]]:
    """Each import cycle once, as the modules around it (Tarjan's strongly connected components).

    >>> cycles({"a": {"b"}, "b": {"a"}, "c": {"a"}})
    [['a', 'b']]
    """
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_every_module_has_a_layer():
    for name in modules():
        layer_of(name)


def test_no_module_imports_a_higher_layer():
    assert upward(graph()) == []


def test_no_import_cycles():
    assert cycles(graph()) == []


def test_the_scan_sees_the_packages_and_their_imports():
    g = graph()
    assert {"scorekeeper.rules.tiles.grid", "scorekeeper.cli.commands", "scorekeeper.printing.pdf"} <= set(g)
    assert "scorekeeper.rules" in g["scorekeeper.views.rounds"]


@pytest.mark.parametrize("graph_, finding", [
    ({"scorekeeper.services.hands": {"scorekeeper.filters"}, "scorekeeper.filters": set()},
     "scorekeeper.services.hands imports scorekeeper.filters (layer 4 above 2)"),
    ({"scorekeeper.entry.base": {"scorekeeper.services"}, "scorekeeper.services": set()},
     "scorekeeper.entry.base imports scorekeeper.services (layer 2 above 1)"),
    ({"scorekeeper.entry.base": {"scorekeeper.rules.options"}, "scorekeeper.rules.options": set()},
     "scorekeeper.entry.base imports the engine's internals scorekeeper.rules.options: use scorekeeper.rules"),
])
def test_the_checks_catch_what_they_are_for(graph_, finding):
    assert upward(graph_) == [finding]


def test_the_cycle_check_catches_a_lazy_import_cycle():
    known = {"scorekeeper.rules", "scorekeeper.rules.base", "scorekeeper.rules.scoring"}
    g = {"scorekeeper.rules.base": imports("scorekeeper.rules.base", "from .scoring import GameScore\n", known),
         "scorekeeper.rules.scoring": imports("scorekeeper.rules.scoring",
                                              "if TYPE_CHECKING:\n    from .base import Variant\n", known)}
    assert cycles(g) == [["scorekeeper.rules.base", "scorekeeper.rules.scoring"]]
