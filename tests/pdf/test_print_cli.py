"""``scorekeeper print ...``: files written, exit codes, messages."""

from __future__ import annotations

import pytest

from scorekeeper import create_app
from scorekeeper.cli import main
from scorekeeper.storage.extensions import db
from tests.pdf.support import A4, LETTER, ReadBack, krazy_bee_hands, seed_game


def test_print_sheet_writes_a_pdf(tmp_path, capsys):
    out = tmp_path / "sheet.pdf"
    code = main(
        [
            "print",
            "sheet",
            "--variant",
            "rumbugz",
            "--players",
            "5",
            "--rows",
            "8",
            "--paper",
            "letter",
            "-O",
            "plyt_value=15",
            "-o",
            str(out),
        ]
    )
    assert code == 0
    pdf = ReadBack(out.read_bytes())
    assert "RumBugz score sheet" in pdf.text and "PLYT 15" in pdf.text and pdf.size(LETTER, "landscape")
    assert "wrote" in capsys.readouterr().err


def test_print_frames_with_the_tables_steps(tmp_path):
    out = tmp_path / "frames.pdf"
    assert (
        main(["print", "frames", "--players", "2", "--steps", "3 runs of 3; book of 7", "-o", str(out)]) == 0
    )
    pdf = ReadBack(out.read_bytes())
    assert "3 runs of 3" in pdf.text and "book of 7" in pdf.text and pdf.text.count("Step Indicator") == 2


def test_print_rules_card(tmp_path):
    out = tmp_path / "rules.pdf"
    assert main(["print", "rules", "--variant", "crib-rummy", "-o", str(out)]) == 0
    pdf = ReadBack(out.read_bytes())
    assert "Crib Rummy: quick reference" in pdf.text and "CR-5" in pdf.text and pdf.size(A4, "portrait")


def test_print_to_stdout(capsysbinary):
    assert main(["print", "rules", "--variant", "rummikub", "-o", "-"]) == 0
    assert capsysbinary.readouterr().out.startswith(b"%PDF-")


@pytest.mark.parametrize(
    "argv,words",
    [
        (["print", "sheet", "--variant", "krazy-bee", "--players", "9"], "--players: choose from 2 to 4"),
        (["print", "sheet", "--variant", "go-fish", "--players", "2"], "--variant: choose one of"),
        (["print", "sheet", "--variant", "krazy-bee", "--players", "2", "--paper", "a3"], "--paper"),
        (["print", "sheet", "--variant", "crib-rummy", "--players", "2", "-O", "target=99"], "--target"),
        (["print", "sheet", "--variant", "crib-rummy", "--players", "2", "-O", "colour"], "KEY=VALUE"),
        (["print", "frames", "--steps", "book of three"], "--steps: option 'steps': KB-8"),
        (["print", "game", "no-such-game"], "no game with id 'no-such-game'"),
    ],
)
def test_bad_input_exits_2_with_a_message_and_writes_nothing(tmp_path, capsys, monkeypatch, argv, words):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'db.sqlite3'}")
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "test")
    out = tmp_path / "x.pdf"
    if argv[1] == "game":
        _app_with_tables(tmp_path)
    assert main([*argv, "-o", str(out)]) == 2
    assert words in capsys.readouterr().err
    assert not out.exists()


def test_missing_arguments_are_usage_errors(capsys):
    assert main(["print", "sheet", "--variant", "krazy-bee"]) == 2
    assert "--players" in capsys.readouterr().err


def _app_with_tables(tmp_path):
    app = create_app(
        {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'db.sqlite3'}", "SECRET_KEY": "test"}
    )
    with app.app_context():
        db.create_all()
    return app


def test_print_game_reads_the_database(tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'db.sqlite3'}")
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "test")
    app = _app_with_tables(tmp_path)
    with app.app_context():
        public_id = seed_game("krazy-bee", ["Ann", "Bob", "Cy"], krazy_bee_hands(6, players=3)).public_id
        other = seed_game("rumbugz", ["Al", "Bo"], []).public_id
    out = tmp_path / "game.pdf"
    assert main(["print", "game", public_id, "--base-url", "https://cards.example/", "-o", str(out)]) == 0
    text = ReadBack(out.read_bytes()).text
    assert "Ann" in text and "In progress after 6 hands" in text
    assert f"https://cards.example/games/{public_id}" in "".join(text.split())
    frames = tmp_path / "frames.pdf"
    assert main(["print", "game", public_id, "--frames", "-o", str(frames)]) == 0
    assert "Player 3: Cy" in ReadBack(frames.read_bytes()).text
    assert main(["print", "game", other, "--frames", "-o", str(frames)]) == 2


@pytest.mark.parametrize("dashed", ["-9vjm3MgyBj_", "-ovjm3MgyBj_", "-hvjm3MgyBj_"])
@pytest.mark.parametrize("typed", ["{id}", "https://cards.example/games/{id}/rounds/new"])
def test_print_game_takes_an_id_that_begins_with_a_dash(tmp_path, monkeypatch, typed, dashed):
    """Ids made before they stopped beginning with ``-`` (a CI run drew ``-9vjm3MgyBj_``) still
    print, typed as an id (even one whose first letter is a flag's, -o or -h) or pasted as the
    game's address; ``--`` before the id works too, and an id-shaped word after -o stays the flag's."""
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'db.sqlite3'}")
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "test")
    app = _app_with_tables(tmp_path)
    with app.app_context():
        game = seed_game("rumbugz", ["Al", "Bo"], [])
        game.public_id = dashed
        db.session.commit()
    word = typed.format(id=dashed)
    out = tmp_path / "game.pdf"
    assert main(["print", "game", word, "-o", str(out)]) == 0
    assert "Al" in ReadBack(out.read_bytes()).text
    out.unlink()
    assert main(["print", "game", "-o", str(out), "--", word]) == 0
    assert out.read_bytes().startswith(b"%PDF-")
    monkeypatch.chdir(tmp_path)  # a flag's value is argparse's: a dash-led file name needs --output=
    before = set(tmp_path.iterdir())
    assert main(["print", "game", "-o", dashed, word]) == 2
    assert set(tmp_path.iterdir()) == before  # no file named " -9vjm..." made of it
    assert main(["print", "game", f"--output={dashed}", word]) == 0
    assert (tmp_path / dashed).read_bytes().startswith(b"%PDF-")


def test_print_to_stdout_writes_no_file(capsysbinary, tmp_path, monkeypatch):
    """``-o -`` is standard output, never a file named after it (the card lists' dash rule is check's)."""
    monkeypatch.chdir(tmp_path)
    assert main(["print", "rules", "--variant", "crib-rummy", "-o", "-"]) == 0
    assert capsysbinary.readouterr().out.startswith(b"%PDF-") and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "base",
    ["http://[::1", "https://cards.example:99999/", "not a url", "cards.example/", "javascript:alert(1)//"],
)
def test_print_game_refuses_a_base_url_that_is_no_address(tmp_path, capsys, base):
    """--base-url is where the QR code points: a malformed one was a traceback (exit 1) or printed a
    QR code of "//not a url/games/<id>"; now exit 2 naming the flag, before the database is opened."""
    out = tmp_path / "game.pdf"
    assert main(["print", "game", "abcdefghijkl", "--base-url", base, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "--base-url" in err and repr(base) in err and "Traceback" not in err
    assert not out.exists()
