"""Whole games: edit secrets, finding games, and starting, repeating or deleting one."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from sqlalchemy import bindparam, select, update
from sqlalchemy.orm import selectinload

from ..limits import NAME_MAX, player_count_error, players_at_most
from ..rules import GameScore, OptionError, Quoted, RoundError, find_variant, options_for, say
from ..storage.extensions import db
from ..storage.models import Game, Player, Rematch, utcnow
from ..storage.table_models import Table, TableGame
from .errors import GameNotFound
from .events import game_deleting
from .names import clean_name, look_alike_key, same_look
from .rounds import _audit
from .scores import _keep_score, _score_setup


class SetupError(RoundError):
    """A new game the rules cannot start: bad names, player count or first dealer.

    A :class:`RoundError` so every boundary shows its ``errors`` field by field.
    """


# -- ids and edit secrets -------------------------------------------------------


def new_public_token() -> str:
    """A random address id (12 URL-safe characters, 72 bits) for a game, table or club evening.

    Never one that begins with ``-``: a command line would read it as a flag
    (``scorekeeper print game ID``).

    >>> all(len(t) == 12 and not t.startswith("-") for t in (new_public_token() for _ in range(500)))
    True
    """
    while True:
        token = secrets.token_urlsafe(9)
        if not token.startswith("-"):
            return token


def hash_secret(secret: str) -> str:
    """The stored form of an edit secret (sha256 hex; the secret has 128 random bits).

    >>> len(hash_secret("abc")), hash_secret("abc") == hash_secret("abc")
    (64, True)
    """
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def derived_secret(key: str, public_id: str) -> str:
    """An edit secret made from another (``key``: a table's, or the game's a rematch was started
    from) and the new game's id: HMAC-SHA256, so whoever holds ``key`` can make it again and the
    server, which keeps only hashes, can check it but never make it up.

    >>> derived_secret("k", "abc") == derived_secret("k", "abc") != derived_secret("k", "abd")
    True
    """
    digest = hmac.new(key.encode(), public_id.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def secret_matches(game: Game, secret: str | None) -> bool:
    """Whether ``secret`` is the game's edit secret (constant-time comparison)."""
    return hash_matches(game.secret_hash, secret)


def hash_matches(secret_hash: str | None, secret: str | None) -> bool:
    """Whether ``secret`` is the edit secret stored as ``secret_hash`` (constant-time comparison)."""
    if not secret or len(secret) > 200:
        return False
    return hmac.compare_digest(hash_secret(secret), secret_hash or "")


# -- reading ---------------------------------------------------------------------


def find_game(public_id: str) -> Game | None:
    """The game with this public id, players and rounds loaded; None when there is none."""
    return db.session.execute(
        select(Game)
        .where(Game.public_id == public_id)
        .options(selectinload(Game.players), selectinload(Game.rounds))
    ).scalar_one_or_none()


def get_game(public_id: str) -> Game:
    """:func:`find_game`, or :class:`~.errors.GameNotFound` when there is no such game."""
    game = find_game(public_id)
    if game is None:
        raise GameNotFound(public_id)
    return game


class GameStamp(NamedTuple):
    """A cheap fingerprint of a game's last change, with what a page needs before loading the game."""

    game_id: int
    updated_at: Any
    status: str
    table_updated_at: Any  # the last change of its table (the page links the table), None without one
    secret_hash: str | None  # to tell an editor's request (:func:`hash_matches`) without a second query


#: built once: every page view and every live stream starts with it, and building a select costs
#: more than running this one
_STAMP = (
    select(Game.id, Game.updated_at, Game.status, Table.updated_at, Game.secret_hash)
    .outerjoin(TableGame, TableGame.game_id == Game.id)
    .outerjoin(Table, Table.id == TableGame.table_id)
    .where(Game.public_id == bindparam("public_id"))
)


def game_stamp(public_id: str) -> GameStamp | None:
    """The :class:`GameStamp` of a game (None: no such game), for page caches: one small query."""
    row = db.session.connection().execute(_STAMP, {"public_id": public_id}).first()  # Core: no ORM layer
    return GameStamp(*row) if row else None


# -- creating --------------------------------------------------------------------


#: the unknown option names a refusal names (the first ones given)
UNKNOWN_NAMED = 5


def game_options(variant: str, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The variant's game options (``game: true``) validated, defaults filled.

    Options that only matter for a lone check (``game: false``) are refused
    when given and left out of the stored dict. Each option is validated on
    its own so that every bad one is reported: one bad option raises its
    :class:`OptionError`, several a :class:`SetupError` naming ``options.<name>``;
    of the names the variant does not have, the first :data:`UNKNOWN_NAMED`.
    """
    v = find_variant(variant)
    names = [o.name for o in v.option_spec if o.game]
    given = dict(options or {})
    problems: list[OptionError] = []
    unknown = [name for name in given if name not in names][:UNKNOWN_NAMED]  # 20,000 were a 29 MB answer
    for name, value in given.items():
        if name not in names:
            if name in unknown:
                problems.append(OptionError(name, "not a game option", ", ".join(names) or "none"))
            continue
        try:
            options_for(v.slug, {name: value})
        except OptionError as err:
            problems.append(err)
    if len(problems) == 1:
        raise problems[0]
    if problems:
        raise SetupError([(f"options.{Quoted(err.name).typed}", err.reason or str(err)) for err in problems])
    full = options_for(v.slug, given)  # options that depend on each other are checked together
    return {name: full[name] for name in names}


def clean_names(names: Sequence[Any]) -> list[str]:
    """Player names cleaned (:func:`.names.clean_name`: NFC, visible, short) and told apart (no two
    that look the same, :func:`.names.look_alike_key`); SetupError otherwise. Callers hold the list
    to its bound first (:func:`scorekeeper.limits.at_most`); each name costs the same here however
    many there are (the names seen are kept by their look)."""
    cleaned, errors, seen = [], [], {}
    for i, raw in enumerate(names):
        name, problem = clean_name(raw, most=NAME_MAX)
        if problem:
            errors.append((f"players.{i}", problem))
        elif (key := look_alike_key(name)) in seen:
            errors.append((f"players.{i}", same_look(name, seen[key])))
        else:
            seen[key] = name
        cleaned.append(name)
    if errors:
        raise SetupError(errors)
    return cleaned


def create_game(
    variant: str,
    names: Sequence[str],
    options: Mapping[str, Any] | None = None,
    first_dealer: int = 0,
    secret_of: Callable[[str], str] | None = None,
) -> tuple[Game, str]:
    """A new game and its edit secret (shown once; only its hash is stored): ``secret_of(public_id)``,
    else random."""
    return create_games(variant, [(names, first_dealer)], options, secret_of)[0]


def create_games(
    variant: str,
    seatings: Sequence[tuple[Sequence[str], int]],
    options: Mapping[str, Any] | None = None,
    secret_of: Callable[[str], str] | None = None,
) -> list[tuple[Game, str]]:
    """New games of ``variant`` (each its names and first dealer), all checked first, written in one
    flush; each with its edit secret (``secret_of(public_id)``, else random; only its hash is kept)."""
    v = find_variant(variant)
    checked = [checked_setup(v, names, options, first_dealer) for names, first_dealer in seatings]
    made = []
    for (cleaned, opts, first_dealer, _), public_id in zip(checked, unused_public_ids(Game, len(checked))):
        secret = secret_of(public_id) if secret_of else secrets.token_urlsafe(24)
        game = Game(
            public_id=public_id,
            variant=v.slug,
            options=opts,
            first_dealer=first_dealer,
            secret_hash=hash_secret(secret),
            status="in_progress",
        )
        game.players = [Player(seat=i, name=name) for i, name in enumerate(cleaned)]
        game.rounds = []  # a new game has no hands: not read back after the flush
        db.session.add(game)
        _audit(
            game,
            "create",
            None,
            None,
            {"players": cleaned, "options": opts, "first_dealer": first_dealer},
            f"Game of {v.name} started: {', '.join(cleaned)}",
        )
        made.append((game, secret))
    db.session.flush()
    for (game, _), (*_, score) in zip(made, checked):
        _keep_score(game, score)
    return made


def checked_setup(v, names: Sequence[str], options, first_dealer: int) -> tuple[list, dict, int, GameScore]:
    """A new game's names, options and first dealer as the rules take them, and its empty score;
    SetupError naming every field refused (a form checks them all though it starts no game)."""
    players_at_most(names, v)
    errors: list[tuple[str, str]] = []
    try:
        cleaned = clean_names(names)
    except SetupError as err:
        cleaned, errors = list(names), list(err.errors)
    if not v.min_players <= len(cleaned) <= v.max_players:
        errors.append(player_count_error(v, len(cleaned)))
    if cleaned and (  # no players at all: the count says it; "one of the players" would blame the dealer too
        isinstance(first_dealer, bool)
        or not isinstance(first_dealer, int)
        or not 0 <= first_dealer < len(cleaned)
    ):
        # the engine's sentence, so each page and the API write it in the reader's language
        errors.append(("first_dealer", say("game.dealer_a_player")))
    try:
        opts = game_options(v.slug, options)
    except SetupError as err:
        errors.extend(err.errors)
    except OptionError as err:
        if not errors:
            raise
        errors.append((f"options.{err.name}", err.reason or str(err)))  # a form words its parts
    if errors:
        raise SetupError(errors)
    # The engine has the last word on players, dealer and options.
    return cleaned, opts, first_dealer, _score_setup(v, cleaned, first_dealer, opts)


def delete_game(game: Game) -> None:
    """Remove a game with its players, hands and audit trail. A game it was the rematch of shows
    Rematch again (its kept pages and live followers are told: its ``updated_at``)."""
    game_deleting.send(game)
    started_from = select(Rematch.game_id).where(Rematch.rematch_id == game.id)
    db.session.execute(
        update(Game)
        .where(Game.id.in_(started_from))
        .values(updated_at=utcnow())
        .execution_options(synchronize_session=False)
    )
    db.session.delete(game)
    db.session.flush()


def unused_public_ids(model, count: int = 1) -> list[str]:
    """``count`` new ids for rows of ``model`` (a Game, Table or ClubEvent), none taken (one query,
    unless a random id was taken)."""
    ids: list[str] = []
    with db.session.no_autoflush:
        while len(ids) < count:
            fresh = {new_public_token() for _ in range(count - len(ids))} - set(ids)
            taken = set(db.session.scalars(select(model.public_id).where(model.public_id.in_(fresh))))
            ids.extend(sorted(fresh - taken))
    return ids
