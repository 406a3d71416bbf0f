"""The OpenAPI document's links (:mod:`.openapi`): from a new game, a recorded hand or an undo to the
operations a client (and Schemathesis's stateful phase) goes on to, with the same edit secret."""

from __future__ import annotations

#: the new game's id and edit secret, as a link passes them on
NEW_GAME = {"public_id": "$response.body#/id"}
BEARER = {"header.Authorization": "Bearer {$response.body#/secret}"}


def game_links() -> dict[str, dict]:
    """From a new game to every operation on it that needs no hand yet."""
    return {
        "GetGame": {"operationId": "getGame", "parameters": NEW_GAME},
        "ExportGame": {"operationId": "exportGame", "parameters": NEW_GAME},
        "RecordHand": {"operationId": "recordHand", "parameters": {**NEW_GAME, **BEARER}},
    }


def hand_links() -> dict[str, dict]:
    """From a recorded (or corrected) hand to the game it is in, and to correcting or deleting it
    with the same edit secret."""
    game = {"public_id": "$response.body#/game/id"}
    same = "$request.header.Authorization"
    hand = {**game, "number": "$response.body#/round/number", "header.Authorization": same}
    return {
        "GetGame": {"operationId": "getGame", "parameters": game},
        "ExportGame": {"operationId": "exportGame", "parameters": game},
        "CorrectHand": {"operationId": "correctHand", "parameters": hand},
        "DeleteHand": {"operationId": "deleteHand", "parameters": hand},
        "UndoChange": {"operationId": "undoChange", "parameters": {**game, "header.Authorization": same}},
    }


def step_links() -> dict[str, dict]:
    """From an undo (or redo) to the game, and to undoing or redoing again with the same edit secret."""
    game = {"public_id": "$response.body#/game/id"}
    secret = {**game, "header.Authorization": "$request.header.Authorization"}
    return {
        "GetGame": {"operationId": "getGame", "parameters": game},
        "UndoChange": {"operationId": "undoChange", "parameters": secret},
        "RedoChange": {"operationId": "redoChange", "parameters": secret},
    }
