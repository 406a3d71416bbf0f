"""Every bound the server holds its input and its work to, in one place (docs/limits.md).

>>> at_most(["Ann", "Bob"], 4, "players", "players")
>>> at_most(["x"] * 30000, 4, "players", "players")
Traceback (most recent call last):
...
scorekeeper.limits.TooMany: players: at most 4 players, not 30,000
"""

from __future__ import annotations

from collections.abc import Sized

from ..rules import RoundError, say

# -- input ------------------------------------------------------------------------------------
#: a game's, table's or club evening's id as the app makes them (services.new_public_token): 12
#: URL-safe characters; one made before December 2026 may begin with ``-``
PUBLIC_ID_PATTERN = r"[A-Za-z0-9_-]{12}"
#: a player's name, in characters (once spaces are tidied)
NAME_MAX = 40
#: a table's name, in characters
TABLE_NAME_MAX = 60
#: players on one table's roster
ROSTER_MAX = 100
#: hands in one game: a long evening plays 40; no real game comes near it
HANDS_MAX = 2000
#: change-log entries in one game's export: a seated hand (issue 38) logs each of four seats' part, its
#: confirmation and a change or a dispute besides the hand's own entry (2,000 hands x 4 seats x ~3 entries,
#: and the hands' records, corrections and undos: 15 a hand)
AUDIT_MAX = 15 * HANDS_MAX
#: games in one table's export the import takes: a club's year of weekly evenings is about 3,900
#: (docs/tables.md, "A club's year"), written in slices (services/tables/restore.py); half as many
#: again fit in the server's answer time (6,000 games took 40 s at load 5, 10,000 took 70 s: past
#: the 60 s a proxy waits for an answer)
TABLE_GAMES_MAX = 6_000
#: games on one page of the games list (a host that keeps a club's year has thousands), and the
#: last page number it reads (a bigger one is that page)
GAMES_PAGE = 50
GAMES_PAGES_MAX = 100_000


def last_page(count: int, size: int) -> int:
    """The number of the last page of ``count`` items, ``size`` a page (1 when there are none).

    >>> last_page(0, 50), last_page(50, 50), last_page(51, 50)
    (1, 1, 2)
    """
    return max(1, -(-count // size))


#: the most games ``GET /api/v1/tables/<id>`` answers whole without ``?page=``; a table with more is
#: answered its first page, ``"paged": true`` and ``next`` (a club's year was 3,900 games, 1.4 MB)
TABLE_GAMES_WHOLE_MAX = 500
#: hands in one table's export, all its games together (a club's year: about 7,700)
TABLE_HANDS_MAX = 60 * HANDS_MAX
#: rulings one table keeps
RULINGS_MAX = 200
#: a ruling's note, and its question or answer, in characters
RULING_NOTE_MAX = 500
RULING_TEXT_MAX = 300
#: house games one table keeps (they count among its rulings too), and a house game's name
HOUSE_GAMES_MAX = 30
HOUSE_GAME_NAME_MAX = 60
#: games, players, locations and plays in one BG Stats backup taken into a table
BGSTATS_ITEMS_MAX = 5000
#: plays one import takes (each is a game written): the rest wait for the file to be sent again
BGSTATS_TAKEN_MAX = 100
#: a result-only game's total (a BG Stats score, or a table export's result) is under this either
#: way: a doctored total of 2**63 is past the database's integers
RESULT_TOTAL_MAX = 10**9
#: the years a play may be dated in: from 1970 to a day after now (a phone's clock ahead; issue 36);
#: a date outside is a typo or a doctored file, and no export could be read back with it
PLAYED_FROM_YEAR, PLAYED_AHEAD_DAYS = 1970, 1
#: hands one printed score sheet carries: a longer game's sheet shows its last ones, its totals counting
#: every hand (2,000 hands of 20 players cost 15 s of CPU to lay out and ran past POOL_TIMEOUT)
SHEET_HANDS_MAX = 100
#: card or tile notation from outside (a full 106-tile grid is about 1,000 characters)
CARDS_CHARS_MAX = 4000
#: any text inside a hand's facts (cards left, notes, a bid), in characters
FACT_TEXT_MAX = CARDS_CHARS_MAX
#: a request body, in bytes (Flask's MAX_CONTENT_LENGTH: 413 past it)
BODY_MAX = 2 * 1024 * 1024
#: a game's import only (POST /api/v1/games/import): a change log of AUDIT_MAX seat entries is about
#: 230 bytes an entry, so a long seated game's export is past BODY_MAX; every other body keeps BODY_MAX
IMPORT_BODY_MAX = 8 * 1024 * 1024
#: a table's import only (POST /api/v1/tables/import): a club's year exports 8.3 MB, 6,000 of its
#: games 13.9 MB
TABLE_IMPORT_BODY_MAX = 16 * 1024 * 1024
#: after the 413 to a body past the limit, the production server half-closes the connection and throws
#: away what the client still sends for at most this long and this much (so the client reads the 413
#: rather than a reset), then closes it; the rest of the body is never read
REFUSED_BODY_LINGER_SECONDS, REFUSED_BODY_LINGER_BYTES = 2.0, 8 * 1024 * 1024
#: seconds the production server waits for the next byte of a body it is reading: a body that stops
#: coming (a client that sent its headers and part of its body, then nothing) is answered 408 and its
#: connection closed, rather than held open for ever (2,000 such connections took the whole server)
BODY_STALL_SECONDS = 10.0
#: the whole body, not only each wait, is bounded (a client dripping a byte every 9 s was served for
#: ever): after a grace of BODY_GRACE_SECONDS of waiting, a body must keep coming at BODY_MIN_RATE bytes
#: a second on average, else 408 and the connection closed. Apache's figures (mod_reqtimeout's default
#: ``body=20,MinRate=500``): 500 B/s is 4 kbit/s, a tenth of the slowest phone uplink still in use
#: (GPRS, about 40 kbit/s); a 300 KB rack photo may take 10 minutes, a form of 1 KB 22 s
BODY_GRACE_SECONDS, BODY_MIN_RATE = 20.0, 500
#: seconds the production server waits for the client to take the next piece of an answer (at most
#: 64 KiB): a client that asked for a big answer (the 14 MB onnxruntime-web file) and read none of it
#: held its connection, and a greenlet, for ever, and 1,000 such connections a worker left the server
#: answering nobody; the connection is closed instead. A phone taking 1 KiB a second is never cut
#: (nginx's ``send_timeout`` is 60 s too)
ANSWER_STALL_SECONDS = 60.0
#: cookies one browser keeps for games (an edit secret ``sk_edit_<id>`` or a seat ``seat_<id>``, about 55
#: bytes each in its Cookie header): giving one more drops the games' gone or changed longest ago
#: (web/cookie_room.py). About 150 of them outgrew the 8,190 bytes gunicorn (and nginx's 8 KiB) reads
#: of a header, and every request of that browser was refused 431, the home page included
GAME_COOKIES_MAX = 64

#: the longest address (path and query) the language switch's links carry back to (web/languages.py
#: back_here); past it they go back to the page without its query. A 4,000-character query was
#: written into each language's link, a page of 20.7 KB for a request of 4 KB. A paged list's links
#: (web/paging.py) repeat the address's other arguments up to as many characters
BACK_HERE_MAX = 1024

#: a rack photo a player chose to keep on the host (docs/rack-photo.md, "Keeping photos, with consent"):
#: its upload within BODY_MAX (the phone sends its work image, at most 1,024 pixels on a side, as JPEG),
#: at most this many pixels on its longer side, and at most this many kept on one host
KEPT_PHOTO_LONG = 2048
KEPT_PHOTOS_MAX = 500

# -- work ------------------------------------------------------------------------------------------
#: worker processes per server worker for the solver, the turn checker, imports and PDFs: two, so a best
#: play never waits behind a long sheet. On one core the server runs one worker (cli/server.py), so a
#: small box keeps two such processes in all; the second warms once the first is warm (docs/operations.md)
POOL_PROCESSES = 2
#: seconds one job may run in the pool before it counts as runaway and its process is ended (503);
#: a slower job is waited for (a PDF's page waits for it: PDF_WAIT), never ended
POOL_TIMEOUT = 120
#: jobs per server worker that wait for a busy pool's processes; past them a job is refused (503)
POOL_QUEUE = 8
#: seconds a PDF is waited for before the answer is a page that waits for it (printing.waiting)
PDF_WAIT = 2.0
#: seconds a refused request is told to wait (``Retry-After``) when the pool is busy
POOL_RETRY_AFTER = 2
#: live streams per server worker; past it a follower's page polls every FOLLOWER_POLL_SECONDS instead
FOLLOWERS_MAX = 800
FOLLOWER_POLL_SECONDS = 15

# -- rate limits, per client address (Flask-Limiter's notation) ------------------------------------
#: starting games and tables (the API, the forms and imports)
CREATE_RATE = "30 per minute"
#: the solver, the turn checker and the PDFs
HEAVY_RATE = "60 per minute"


class TooMany(RoundError):
    """A list or text past its bound: refused field by field (a 422), like the rules' own refusals."""


def at_most(items: Sized, most: int, field: str, what: str) -> None:
    """TooMany naming ``field`` when ``items`` holds more than ``most`` ``what``."""
    if len(items) > most:
        raise TooMany([(field, f"at most {most:,} {what}, not {len(items):,}")])


def players_at_most(names: Sized, variant) -> None:
    """TooMany when ``names`` are more players than ``variant`` (a rules Variant) seats, in the
    words of :func:`player_count_error`, which the services use for any wrong player count."""
    if len(names) > variant.max_players:
        raise TooMany([player_count_error(variant, len(names))])


def player_count_error(variant, count: int) -> tuple[str, str]:
    """The field error of ``count`` players for ``variant`` (a rules Variant) when that is too few or too many."""
    return (  # the engine's sentence (game.players), so each page writes it in its reader's language
        "players",
        say(
            "game.players",
            variant=variant.name,
            least=variant.min_players,
            most=variant.max_players,
            players=f"{count:,}",
        ),
    )


def text_at_most(text: str, most: int, field: str) -> None:
    """TooMany naming ``field`` when ``text`` is longer than ``most`` characters."""
    if len(text) > most:
        raise TooMany([(field, f"at most {most:,} characters, not {len(text):,}")])
