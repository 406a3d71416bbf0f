"""Load rows, ask the rules engine, write rows: every change to a game goes through here.

Each change scores the whole game before anything is written, so a refused change leaves the game
as it was, and is logged. Functions flush but never commit: the view or the API call commits once.
"""

from .errors import Conflict, GameNotFound, HandNotFound, NotEditor, NotFound, SecretMissing, ServiceError
from .game_lists import list_games
from .games import (
    NAME_MAX,
    SetupError,
    checked_setup,
    clean_names,
    create_game,
    delete_game,
    find_game,
    game_options,
    game_stamp,
    get_game,
    hash_matches,
    hash_secret,
    secret_matches,
    unused_public_ids,
)
from .rematches import rematch
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
from .versions import ConcurrentChange, StaleVersion, claim, etag, hold, version_from, version_named

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
    "checked_setup",
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
    "hold",
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
    "unused_public_ids",
    "update_round",
    "version_from",
    "version_named",
]
