"""Clients someone else's tools write from the served document play real games.

openapi-python-client (the generator most Python users of an OpenAPI 3.1
document pick) writes a client from ``/api/v1/openapi.json`` into a temporary
folder, with no warning and with every operation; that client then plays one
whole game of every variant against a live server: create, record, correct,
undo, redo, delete a hand, export and import, each total checked against the
engine. openapi-typescript writes the TypeScript types, and a script that
records a hand through them type-checks under ``tsc --strict``. The API page's
example (docs/api.md) runs as shown.
"""

from __future__ import annotations

import importlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import requests

from scorekeeper.api.variant_schemas import camel
from scorekeeper.rules import score_game

from ..browser.conftest import served_app
from .api_support import HANDS, OTHER_HANDS, VARIANTS

ROOT = Path(__file__).resolve().parents[2]
GENERATOR = Path(sys.executable).parent / "openapi-python-client"
PACKAGE = "scorekeeper_api_client"
NODE_BIN = ROOT / "node_modules" / ".bin"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A live server on its own SQLite file: its root URL."""
    with served_app(tmp_path_factory.mktemp("clients"), "clients") as (_app, url):
        yield url


@pytest.fixture(scope="module")
def generated(server, tmp_path_factory):
    """The Python client generated from the served document, imported: (package, generator's output)."""
    folder = tmp_path_factory.mktemp("python-client")
    config = folder / "config.yaml"
    config.write_text("post_hooks: []\n")  # no formatter run: nothing but the generator itself
    run = subprocess.run(
        [
            str(GENERATOR),
            "generate",
            "--url",
            f"{server}/api/v1/openapi.json",
            "--meta",
            "none",
            "--output-path",
            str(folder / PACKAGE),
            "--config",
            str(config),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    sys.path.insert(0, str(folder))
    try:
        yield importlib.import_module(PACKAGE), run
    finally:
        sys.path.remove(str(folder))
        for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def test_the_python_generator_writes_every_operation_without_a_warning(generated, server):
    package, run = generated
    assert run.returncode == 0 and "warning" not in (run.stdout + run.stderr).lower(), run.stdout + run.stderr
    document = requests.get(f"{server}/api/v1/openapi.json", timeout=10).json()
    operations = {
        op["operationId"]
        for item in document["paths"].values()
        for m, op in item.items()
        if m != "parameters"
    }
    written = {p.stem for p in (Path(package.__file__).parent / "api" / "default").glob("*.py")} - {
        "__init__"
    }
    assert written == {re.sub(r"(?<!^)([A-Z])", r"_\1", o).lower() for o in operations}
    models = importlib.import_module(f"{PACKAGE}.models")
    for name in document["components"]["schemas"]:  # every component a model of its own name
        if (
            "type" in document["components"]["schemas"][name]
            or "properties" in document["components"]["schemas"][name]
        ):
            assert hasattr(models, name), name


def _op(name: str):
    return importlib.import_module(f"{PACKAGE}.api.default.{name}")


def _totals(variant: str, hands: list[dict]) -> list[int]:
    return list(score_game(variant, hands, players=2).totals)


def _check(game, variant: str, hands: list[dict]) -> None:
    """The game as the client read it: its variant, each hand in its variant's own model, the engine's totals."""
    assert game.variant.value == variant
    assert [p.total for p in game.players] == _totals(variant, hands)
    assert [type(r).__name__ for r in game.rounds] == [f"Round{camel(variant)}"] * len(hands)
    assert [r.facts.to_dict() for r in game.rounds] == hands


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_generated_client_plays_a_whole_game(generated, server, variant):
    package, _ = generated
    models = importlib.import_module(f"{PACKAGE}.models")
    base = f"{server}/api/v1"
    facts = getattr(models, f"RoundFacts{camel(variant)}")
    first, other = HANDS[variant], OTHER_HANDS[variant]

    new = getattr(models, f"NewGame{camel(variant)}")(variant=variant, players=["Ann", "Bob"])
    created = _op("create_game").sync(client=package.Client(base), body=new)
    assert type(created).__name__ == "Created", created
    editor = package.AuthenticatedClient(base, token=created.secret)
    gid = created.id

    answer = _op("record_hand").sync(gid, client=editor, body=facts.from_dict(first))
    assert answer.round_.number == 1 and answer.round_.facts.to_dict() == first
    _check(answer.game, variant, [first])
    answer = _op("record_hand").sync(gid, client=editor, body=facts.from_dict(first))
    _check(answer.game, variant, [first, first])
    answer = _op("correct_hand").sync(gid, 1, client=editor, body=facts.from_dict(other))
    _check(answer.game, variant, [other, first])

    undone = _op("undo_change").sync(gid, client=editor)
    assert undone.change.action.value == "undo" and undone.change.round_number == 1, undone
    assert undone.change.summary.startswith("Undid: ")
    _check(undone.game, variant, [first, first])
    redone = _op("redo_change").sync(gid, client=editor)
    assert redone.change.action.value == "redo" and redone.change.summary.startswith("Redid: ")
    _check(redone.game, variant, [other, first])
    refused = _op("redo_change").sync_detailed(gid, client=editor)  # nothing left to redo: the game as it was
    assert refused.status_code == 422 and "nothing to redo" in refused.parsed.error

    deleted = _op("delete_hand").sync(gid, 2, client=editor)
    assert deleted.deleted == 2
    _check(deleted.game, variant, [other])
    wrong = _op("undo_change").sync_detailed(gid, client=package.AuthenticatedClient(base, token="not-it"))
    assert wrong.status_code == 403

    export = _op("export_game").sync(gid, client=package.Client(base))
    assert type(export).__name__ == f"Export{camel(variant)}"
    restored = _op("import_game").sync(client=package.Client(base), body=export)
    assert type(restored).__name__ == "Created" and restored.id != gid, restored
    _check(restored.game, variant, [other])
    again = _op("get_game").sync(restored.id, client=package.Client(base))
    _check(again, variant, [other])
    assert [a.to_dict() for a in _op("export_game").sync(restored.id, client=package.Client(base)).audit] == [
        a.to_dict() for a in export.audit
    ]


def test_the_generated_client_sends_an_idempotency_key_and_a_retry_records_once(generated, server):
    """The generated record_hand takes ``idempotency_key`` and sends it: the same call again (a retry
    after a lost answer) is given the first answer and the game keeps one hand (issue 36)."""
    package, _ = generated
    models = importlib.import_module(f"{PACKAGE}.models")
    base = f"{server}/api/v1"
    new = models.NewGameRummikub(variant="rummikub", players=["Ann", "Bob"])
    created = _op("create_game").sync(
        client=package.Client(base), body=new, idempotency_key="client-new-game"
    )
    editor = package.AuthenticatedClient(base, token=created.secret)
    hand = models.RoundFactsRummikub.from_dict(HANDS["rummikub"])
    sent = [
        _op("record_hand").sync_detailed(
            created.id, client=editor, body=hand, idempotency_key="client-hand-1"
        )
        for _ in range(2)
    ]
    assert [a.status_code for a in sent] == [201, 201]
    assert (
        sent[1].headers.get("Idempotent-Replayed") == "true" and "Idempotent-Replayed" not in sent[0].headers
    )
    assert sent[1].parsed.round_.number == sent[0].parsed.round_.number == 1
    game = _op("get_game").sync(created.id, client=package.Client(base))
    assert len(game.rounds) == 1
    again = _op("create_game").sync_detailed(
        client=package.Client(base), body=new, idempotency_key="client-new-game"
    )
    assert again.headers.get("Idempotent-Replayed") == "true" and again.parsed.id == created.id


def test_the_readme_example_runs_as_shown(generated, server):
    """The API page's example (docs/api.md), against the live server: it prints what its comment says."""
    text = (ROOT / "docs" / "api.md").read_text()
    example = re.search(
        r"```python\n((?:import \w+\n\n)?from scorekeeper_api_client.*?)```", text, re.S
    ).group(1)
    said = re.search(r"print\(.*\)\s+# (.*)", example).group(1)
    printed: list[str] = []
    code = example.replace("http://192.168.1.20:5000", server)
    exec(compile(code, "docs/api.md", "exec"), {"print": lambda *a: printed.append(" ".join(map(str, a)))})
    assert printed == [said]


def _tsc(*files: Path, emit: bool = False) -> subprocess.CompletedProcess:
    """``tsc --strict`` over ``files`` (the script declares the little it needs of the runtime)."""
    return subprocess.run(
        [
            str(NODE_BIN / "tsc"),
            "--strict",
            "--target",
            "es2022",
            "--lib",
            "es2022",
            "--module",
            "es2022",
            "--moduleResolution",
            "bundler",
            *([] if emit else ["--noEmit"]),
            *map(str, files),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


#: changes to the script that the document's types refuse: a number for cards, a key the variant does not
#: read, a hand of another variant's shape for a new game of that variant
WRONG = (('rack: "R5 J"', "rack: 5"), ('rack: ""', 'hand: ""'), ('"rummikub", players', '"rumbugz", players'))


def test_typescript_types_from_the_document_type_check_a_script_that_records_a_hand(server, tmp_path):
    """openapi-typescript's types of the served document, and a script using them, under tsc --strict;
    the script then runs (node) and records a hand."""
    if not (NODE_BIN / "openapi-typescript").exists():
        if os.environ.get("CI"):
            pytest.fail("openapi-typescript is not installed: make node_modules/.installed")
        pytest.skip("openapi-typescript is not installed: make node_modules/.installed")
    run = subprocess.run(
        [
            str(NODE_BIN / "openapi-typescript"),
            f"{server}/api/v1/openapi.json",
            "--output",
            str(tmp_path / "api.d.ts"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0 and "warn" not in run.stderr.lower(), run.stdout + run.stderr
    script = (Path(__file__).parent / "record_hand.ts").read_text()
    (tmp_path / "record_hand.ts").write_text(script)
    (tmp_path / "package.json").write_text('{"type": "module"}')
    checked = _tsc(tmp_path / "record_hand.ts", emit=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    ran = subprocess.run(
        ["node", str(tmp_path / "record_hand.js"), f"{server}/api/v1"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert ran.returncode == 0, ran.stderr
    assert json.loads(ran.stdout) == _totals("rummikub", [HANDS["rummikub"]])
    # the types are the document's: each wrong change is refused (one tsc run over every wrong copy)
    wrong = [tmp_path / f"wrong_{n}.ts" for n in range(len(WRONG))]
    for path, change in zip(wrong, WRONG):
        path.write_text(script.replace(*change))
    refused = _tsc(*wrong)
    assert refused.returncode != 0 and all(f"{p.name}(" in refused.stdout for p in wrong), refused.stdout
