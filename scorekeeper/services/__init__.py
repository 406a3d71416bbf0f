"""Load rows, ask the rules engine, write rows: every change to a game goes through here.

Each change is validated by scoring the *whole* game through
:func:`scorekeeper.rules.score_game` before anything is written, so a
:class:`~scorekeeper.rules.RulesError` leaves the game exactly as it was.
Every change adds an :class:`~scorekeeper.storage.models.AuditEntry` (old and new
facts), which is also what :func:`undo_last_change` reverses. Functions
flush but never commit: the view (or API call) commits once. The score a
change was checked with stays with the game object, so :func:`game_score`
right after the change (the API's answer) does not score the game again.

The package is split by responsibility and every public name is re-exported
here (``from scorekeeper import services; services.create_game(...)``):

- :mod:`.games`: edit secrets, finding games, creating, rematching, deleting;
- :mod:`.scores`: the game's score, every engine run, and the kept score;
- :mod:`.hands`: recording, correcting and deleting hands, the change log;
- :mod:`.undo`: undo and redo, read from the change log;
- :mod:`.versions`: one change to a game at a time, each against the version it names;
- :mod:`.errors`: what the services refuse (no such game or hand, no edit secret, a
  clash), mapped to HTTP answers in one place (:mod:`scorekeeper.web.errors`).
"""

from .errors import Conflict, GameNotFound, HandNotFound, NotEditor, NotFound, SecretMissing, ServiceError
from .games import (
    NAME_MAX,
    SetupError,
    clean_names,
    create_game,
    delete_game,
    find_game,
    game_options,
    game_stamp,
    get_game,
    hash_matches,
    hash_secret,
    list_games,
    rematch,
    secret_matches,
)
from .rounds import delete_round, get_round, hand_facts, record_round, update_round
from .scores import SCORED, game_score, score_on
from .undo import (
    UNDOABLE,
    NothingToRedo,
    NothingToUndo,
    last_logged,
    last_redoable,
    last_undoable,
    redo_last_undo,
    undo_last_change,
)
from .versions import ConcurrentChange, StaleVersion, claim, etag, version_from, version_named

__all__ = [
    "NAME_MAX",
    "SCORED",
    "UNDOABLE",
    "ConcurrentChange",
    "Conflict",
    "GameNotFound",
    "HandNotFound",
    "NotEditor",
    "NotFound",
    "NothingToRedo",
    "NothingToUndo",
    "SecretMissing",
    "ServiceError",
    "SetupError",
    "StaleVersion",
    "claim",
    "clean_names",
    "create_game",
    "delete_game",
    "delete_round",
    "etag",
    "find_game",
    "game_options",
    "game_score",
    "game_stamp",
    "get_game",
    "get_round",
    "hand_facts",
    "hash_matches",
    "hash_secret",
    "last_logged",
    "last_redoable",
    "last_undoable",
    "list_games",
    "record_round",
    "redo_last_undo",
    "rematch",
    "score_on",
    "secret_matches",
    "undo_last_change",
    "update_round",
    "version_from",
    "version_named",
]
