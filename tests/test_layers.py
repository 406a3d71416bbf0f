"""The layout shows the architecture: lower floors never import upward, and no package or module
imports itself back.

Every module's imports are read with :mod:`ast` (those inside functions and
under ``TYPE_CHECKING`` too: a lazy import is still a dependency). The floors,
lowest first, name packages only (``""`` is the app factory, ``scorekeeper/__init__.py``)::

    rules  <-  storage, limits, display, rulebook, entry, checker, photo  <-  services  <-  profiles, web
           <-  printing, live, offline  <-  api  <-  views, tables, seats  <-  cli, the app factory

A module may import its own floor or any lower one. ``rules`` (the pure engine)
is the bottom. Above it, what every floor may use: where games are kept
(``storage``), the bounds and the CPU pool (``limits``), pure helpers over the
engine's answers (``display``, ``rulebook``, ``checker``) and hand entry
(``entry``: form fields to round facts and back, storing nothing). The services
change stored games; profiles tell each variant's display, entry and printing;
``web`` holds what every request shares. The pages and the API are on top.

Code outside ``rules/`` reaches the engine only through its public surface,
:mod:`scorekeeper.rules` itself, so the engine's modules can move and split freely.
``docs/code-map.md`` draws these floors; :func:`test_the_docs_draw_the_floors` keeps it true.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "scorekeeper"
DRAWING = Path(__file__).resolve().parents[1] / "docs" / "code-map.md"

#: lowest first: the packages on each floor
LAYERS: tuple[tuple[str, ...], ...] = (
    ("rules",),
    ("storage", "limits", "display", "rulebook", "entry", "checker", "photo", "club"),
    ("services",),
    ("profiles", "web"),
    ("printing", "live", "offline"),
    ("api",),
    ("views", "tables", "seats", "events"),
    ("cli", ""),
)


def package_of(module: str) -> str:
    """The top-level package of ``scorekeeper.x.y`` (``x``; ``""`` for the app factory itself)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def layer_of(module: str) -> int:
    """The floor of ``scorekeeper.x.y`` (by its package ``x``).

    >>> layer_of("scorekeeper.rules.tiles.grid"), layer_of("scorekeeper.services.rounds"), layer_of("scorekeeper")
    (0, 2, 7)
    """
    first = package_of(module)
    for number, names in enumerate(LAYERS):
        if first in names:
            return number
    raise AssertionError(f"{module} is in no layer: add its package to LAYERS in {Path(__file__).name}")


def _name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (the migrations are Alembic's scripts, not modules)."""
    return {
        _name(p): p
        for p in sorted(PACKAGE.rglob("*.py"))
        if "__pycache__" not in p.parts and "migrations" not in p.relative_to(PACKAGE).parts
    }


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
                base = ".".join(here[: len(here) - node.level + 1] + ([node.module] if node.module else []))
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
    return {
        name: frozenset(imports(name, path.read_text(encoding="utf-8"), known, path.name == "__init__.py"))
        for name, path in modules().items()
    }


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
            component = _pop_component(stack, node)
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _pop_component(stack: list[str], root: str) -> list[str]:
    """The strongly connected component rooted at ``root``: the stack down to it, popped."""
    component = []
    while True:
        member = stack.pop()
        component.append(member)
        if member == root:
            return component


def test_every_module_has_a_layer():
    for name in modules():
        layer_of(name)


def test_no_module_imports_a_higher_layer():
    assert upward(graph()) == []


def test_no_import_cycles():
    assert cycles(graph()) == []


def package_graph(graph: dict[str, frozenset[str]]) -> dict[str, set[str]]:
    """Which package imports which other package, from the modules' imports."""
    found: dict[str, set[str]] = {}
    for name, targets in graph.items():
        found.setdefault(package_of(name), set()).update(
            package_of(t) for t in targets if package_of(t) != package_of(name)
        )
    return found


def test_every_package_is_a_directory_and_the_root_holds_only_the_app_factory():
    flat = sorted(p.name for p in PACKAGE.glob("*.py") if p.name != "__init__.py")
    assert flat == [], f"modules beside the packages: {flat}; put each in the package that says what it is"


def test_no_package_cycles():
    assert cycles(package_graph(graph())) == []


def drawing() -> str:
    """The floors as the docs draw them: the top floor first."""
    rows = [
        f"{number}  " + "   ".join(p or "(app factory)" for p in names)
        for number, names in reversed(list(enumerate(LAYERS)))
    ]
    return "\n".join(rows)


def test_the_docs_draw_the_floors():
    assert drawing() in DRAWING.read_text(encoding="utf-8"), f"docs/code-map.md should show:\n{drawing()}"


def test_the_scan_sees_the_packages_and_their_imports():
    g = graph()
    assert {"scorekeeper.rules.tiles.grid", "scorekeeper.cli.commands", "scorekeeper.printing.pdf"} <= set(g)
    assert "scorekeeper.rules" in g["scorekeeper.views.rounds"]


@pytest.mark.parametrize(
    "graph_, finding",
    [
        (
            {"scorekeeper.services.rounds": {"scorekeeper.web.filters"}, "scorekeeper.web.filters": set()},
            "scorekeeper.services.rounds imports scorekeeper.web.filters (layer 3 above 2)",
        ),
        (
            {"scorekeeper.entry.base": {"scorekeeper.services"}, "scorekeeper.services": set()},
            "scorekeeper.entry.base imports scorekeeper.services (layer 2 above 1)",
        ),
        (
            {"scorekeeper.entry.base": {"scorekeeper.rules.options"}, "scorekeeper.rules.options": set()},
            "scorekeeper.entry.base imports the engine's internals scorekeeper.rules.options: use scorekeeper.rules",
        ),
    ],
)
def test_the_checks_catch_what_they_are_for(graph_, finding):
    assert upward(graph_) == [finding]


def test_the_cycle_check_catches_a_lazy_import_cycle():
    known = {"scorekeeper.rules", "scorekeeper.rules.base", "scorekeeper.rules.scoring"}
    g = {
        "scorekeeper.rules.base": imports(
            "scorekeeper.rules.base", "from .scoring import GameScore\n", known
        ),
        "scorekeeper.rules.scoring": imports(
            "scorekeeper.rules.scoring", "if TYPE_CHECKING:\n    from .base import Variant\n", known
        ),
    }
    assert cycles(g) == [["scorekeeper.rules.base", "scorekeeper.rules.scoring"]]
