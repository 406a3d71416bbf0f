"""The one way a feature joins the core: a :class:`Feature` declares everything it adds, and
:func:`install` (from ``create_app``) records it in ``app.extensions`` and mounts it (docs/features.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from blinker import NamedSignal
from flask import Blueprint, Flask, current_app, has_app_context

from ..rules import RoundError
from ..services.errors import Conflict

#: where an app keeps its installed features, by name
KEY = "scorekeeper.features"

#: ``(body, variant, names, options, first_dealer) -> (game, secret)``: a game ``POST /games`` starts
GameStarter = Callable[[dict, str, list, dict, int], tuple[Any, str]]
#: ``(executor, ids) -> {id: version}`` for the ids that still exist
ReadVersions = Callable[[Any, list], dict]
#: ``(game) -> reason or None``: why a game takes no hands (a result imported without them)
ClosesHands = Callable[[Any], "str | None"]
#: ``(game) -> reason or None``: why a game is not its players' to rematch or delete (a club table's)
HoldsGame = Callable[[Any], "str | None"]
#: ``(games) -> {public_id: reason}``: the same for a list of games, asked once (the games list)
HoldsGames = Callable[[list], "dict[str, str]"]


@dataclass(frozen=True)
class ApiPart:
    """A feature's part of the OpenAPI document (and so of what the API accepts).

    Plain data and module-level functions only: it is sent to the worker processes that check
    big bodies, and the checked schemas are built once per set of parts.
    """

    #: ``() -> {component name: schema}``
    schemas: Callable[[], dict[str, dict]] | None = None
    #: ``() -> {path: path item}``, paths relative to ``/api/v1``
    paths: Callable[[], dict[str, dict]] | None = None
    #: security schemes its paths name, by name
    security: Mapping[str, dict] = field(default_factory=dict)
    #: fields it adds to a new game's body (``NewGame<Variant>``), with their schemas
    new_game_fields: Mapping[str, dict] = field(default_factory=dict)
    #: what ``POST /games`` may then answer, by status
    new_game_errors: Mapping[int, str] = field(default_factory=dict)

    def __hash__(self) -> int:
        return hash((self.schemas, self.paths, *self.security, *self.new_game_fields, *self.new_game_errors))


@dataclass(frozen=True, eq=False)
class Feature:
    """What a feature package adds to the core; it declares one, ``create_app`` installs it."""

    name: str
    #: mounted as they are (pages, and the feature's own API blueprint under ``/api/v1``)
    blueprints: tuple[Blueprint, ...] = ()
    #: its part of the API document
    api: ApiPart | None = None
    #: fields of ``POST /games`` it answers, each with the function that starts such a game
    game_starters: Mapping[str, GameStarter] = field(default_factory=dict)
    #: live channels ``<prefix><id>`` it serves, read again whenever any game changes
    live_channels: Mapping[str, ReadVersions] = field(default_factory=dict)
    #: ``(signal, receiver)``: receivers of the services' signals (:mod:`scorekeeper.services.events`)
    receivers: tuple[tuple[NamedSignal, Callable[..., None]], ...] = ()
    #: why a game of this feature takes no hands (the tables' result-only games); None: it takes them
    closes_hands: ClosesHands | None = None
    #: why a game of this feature is not its players' to rematch or delete; None: it is theirs
    holds_game: HoldsGame | None = None
    #: ``holds_game`` for a whole list at once (one query, not one per game); None: asked game by game
    holds_games: HoldsGames | None = None
    #: templates it adds to a core page, by page (``"game"``: the game page, ``"seat"``: a seat
    #: page), each included with that page's context where the page offers ``feature_parts(page)``
    page_parts: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


def install(app: Flask, feature: Feature) -> None:
    """Record ``feature`` in ``app`` and mount its blueprints (once per app)."""
    features = app.extensions.setdefault(KEY, {})
    if feature.name in features:
        return
    features[feature.name] = feature
    app.add_template_global(page_parts, "feature_parts")
    for blueprint in feature.blueprints:
        app.register_blueprint(blueprint)
    for signal, _ in feature.receivers:
        signal.connect(_relay(signal), weak=False)  # once per process: connecting again changes nothing


def installed(app: Flask | None = None) -> tuple[Feature, ...]:
    """The features ``app`` (default: the current app) installed, in order."""
    return tuple((app or current_app).extensions.get(KEY, {}).values())


def api_parts(app: Flask | None = None) -> tuple[ApiPart, ...]:
    """The installed features' parts of the API document."""
    return tuple(f.api for f in installed(app) if f.api is not None)


def game_starters(app: Flask | None = None) -> dict[str, GameStarter]:
    """Fields of ``POST /games`` that an installed feature answers, with its starter."""
    return {name: start for f in installed(app) for name, start in f.game_starters.items()}


def live_channels(app: Flask | None = None) -> dict[str, ReadVersions]:
    """The installed features' live channels, by prefix."""
    return {prefix: read for f in installed(app) for prefix, read in f.live_channels.items()}


def page_parts(page: str, app: Flask | None = None) -> tuple[str, ...]:
    """The templates the installed features add to the core page ``page``, in install order."""
    return tuple(t for f in installed(app) for t in f.page_parts.get(page, ()))


class GameHeld(Conflict):
    """A rematch or a deletion of a game a feature holds (a club night table's): 409, the game
    unchanged, with the feature's reason."""


def _first_reason(hook: str, game: Any, app: Flask | None) -> str | None:
    """The first reason an installed feature's ``hook`` (closes_hands, holds_game) gives for ``game``."""
    for feature in installed(app):
        ask = getattr(feature, hook)
        why = ask(game) if ask else None
        if why:
            return why
    return None


def game_held(game: Any, app: Flask | None = None) -> str | None:
    """Why an installed feature says ``game`` is not its players' to rematch or delete; None when it is."""
    return _first_reason("holds_game", game, app)


def games_held(games: list, app: Flask | None = None) -> dict[str, str]:
    """:func:`game_held` for each of ``games`` at once: ``{public_id: reason}`` for those an installed
    feature holds (the first feature's reason), each feature asked once for the list where it can."""
    held: dict[str, str] = {}
    for feature in installed(app):
        left = [g for g in games if g.public_id not in held]
        if feature.holds_games is not None:
            found = feature.holds_games(left)
        elif feature.holds_game is not None:
            found = {g.public_id: why for g in left if (why := feature.holds_game(g))}
        else:
            continue
        held.update((gid, why) for gid, why in found.items() if why)
    return held


def refuse_held_game(game: Any) -> None:
    """:class:`GameHeld`, with the reason, when an installed feature holds ``game``."""
    why = game_held(game)
    if why:
        raise GameHeld(why)


class HandsClosed(RoundError):
    """A hand for a game that takes none (a feature says why): refused like a hand after the game's
    end (422), the game unchanged."""


def hands_closed(game: Any, app: Flask | None = None) -> str | None:
    """Why an installed feature says ``game`` takes no hands; None when it takes them."""
    return _first_reason("closes_hands", game, app)


def refuse_closed_hands(game: Any) -> None:
    """:class:`HandsClosed`, with the reason, when an installed feature says ``game`` takes no hands."""
    why = hands_closed(game)
    if why:
        raise HandsClosed([("", why)])


@cache
def _relay(signal: NamedSignal) -> Callable[..., None]:
    """The one receiver of ``signal`` in this process: it passes each sending on to the receivers
    of the current app's features (so a feature hears the services only in an app that installed it)."""

    def relay(sender: Any, **kwargs: Any) -> None:
        for feature in installed() if has_app_context() else ():
            for wanted, receive in feature.receivers:
                if wanted is signal:
                    receive(sender, **kwargs)

    return relay
