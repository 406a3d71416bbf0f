"""The club night's English words as the organiser's pages say them (issue 39): the rules, schemes,
tiebreaks and ways of counting an evening (:mod:`scorekeeper.club`'s keys and sentences) and the
refusals' templates, marked here for the catalog (``N_``: the data stays English, the page says it
through gettext), and :func:`said_markup`, a sentence of the log in the reader's language (a refusal is said by
:func:`scorekeeper.events.refusals.said`).

``tests/web/test_club_pages.py`` checks that every sentence :mod:`scorekeeper.club` and the services
can show is marked here, so a changed sentence cannot slip out of the catalogs.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext
from markupsafe import Markup, escape

# the tiebreaks' names: the printed standings say them too, so they are marked a floor lower
from ..printing.club_words import TIEBREAK_NAMES as TIEBREAK_NAMES
from ..rulebook.book import N_

#: the seating rules' names (the sentence is :data:`scorekeeper.club.RULES`)
RULE_NAMES = {"draw": N_("Drawn at random"), "standing": N_("By standing"), "swiss": N_("Swiss")}
#: the ranking schemes' names
SCHEME_NAMES = {
    "places": N_("Tournament points by place"),
    "normalised": N_("The game's own score against the table"),
    "sum": N_("The sum of scores"),
}
#: how an evening counts in a season
EVENING_POINTS_NAMES = {
    "places": N_("By place, counted from the bottom"),
    "points": N_("The evening's points"),
}
#: the stages of a round
STAGES = {
    "round": N_("Round %(number)s"),
    "semi": N_("Semi-finals (round %(number)s)"),
    "final": N_("Final (round %(number)s)"),
}

#: every sentence of scorekeeper.club and services/club a page may show, marked for the catalog
MARKED = (
    # RULES
    N_(
        "Drawn at random: the round's seed decides who sits where, so the same seed seats the same "
        "tables again and anyone can check the draw."
    ),
    N_(
        "By standing: the leaders sit together at table 1, the next four at table 2, and so on down "
        "the standings, as championships seat their later rounds."
    ),
    N_(
        "Swiss: players of about the same standing sit together, and players who have already met "
        "are kept apart as far as the tables allow."
    ),
    # SCHEMES
    N_(
        "Tournament points by place at the table: 4, 2, 1 and 0 at a table of 4. At a table of 3 the "
        "places sit as far down the scale as at a table of 4: first takes the first place's points, "
        "last the last place's, second what lies halfway between second and third (1.5), so winning "
        "is worth the same at any table. Tied players share the points of the places they fill."
    ),
    N_(
        "The game's own score against the table: each player's score minus the average at their "
        "table (the average minus the score in games where the lowest score wins), so a good game "
        "counts the same at a table of 3 as at a table of 4."
    ),
    N_(
        "The sum of the game's own scores over the evening, the highest first (the lowest first in "
        "games where the lowest score wins). Simple, but a table of 4 can give bigger scores than a "
        "table of 3."
    ),
    # TIEBREAKS
    N_("Head to head: among the tied players, who placed higher where they met."),
    N_("Most wins: the most tables won (a shared first place is a win)."),
    N_("Best single game: the biggest margin over a table's average in one game."),
    # EVENING_POINTS
    N_(
        "League points by place at each evening, counted from the bottom: the last player takes 1, "
        "the next 2 and so on, so the winner of a bigger evening takes more."
    ),
    N_("League points are the points each player scored over the evening."),
    # ClubError
    N_("An evening needs at least 3 players to seat a round (%(players)s checked in)."),
    N_("2 players cannot sit at tables of 3 and 4: allow a table of 2, or seat one player more."),
    N_(
        "5 players cannot sit at tables of 3 and 4: allow a table of 5 or a table of 2, "
        "or seat one player more or fewer."
    ),
    N_("There is no seating rule called %(rule)s."),
    N_("A player is named twice: %(names)s."),
    N_("A table's result needs a score for each of its players."),
    N_("There is no ranking scheme called %(scheme)s."),
    N_("There is no tiebreak called %(tiebreak)s."),
    N_("A cut takes between 1 and %(players)s players."),
    N_("A semi-final table has fewer players than go through."),
    N_("There is no way to count an evening called %(points)s."),
    N_("A league counts at least 1 evening."),
    # EventRefused
    N_("The evening has been cut to its final: no more qualifying rounds."),
    N_("The evening has been cut to its final: nobody more is checked in."),
    N_("The evening is over: its final has been played."),
    N_("The evening has ended: no more rounds are seated and nobody is checked in or out."),
    N_("The evening has already ended."),
    N_("Round %(round)s has been seated since this page was shown: look at the evening again."),
    N_("This page does not say which round it showed: look at the evening again."),
    N_("Nothing has been played yet: seat round 1, or delete the evening."),
    N_("An evening cut to a final ends with the final's result."),
    N_("The evening has not been ended: there is nothing to reopen."),
    N_("There is no cut called %(cut)s."),
    N_("A cut comes after the qualifying rounds, once."),
    N_("Round %(round)s is still being played: table %(tables)s has no confirmed result yet."),
    N_("Round %(round)s is still being played: tables %(tables)s have no confirmed result yet."),
    N_("Round %(round)s has no table %(table)s."),
    N_("Table %(table)s's result is already final."),
    N_("Table %(table)s has no game to take a result from."),
    N_("Table %(table)s has played no hand yet."),
    N_("Nobody at table %(table)s has declared its result yet."),
    N_("A second player confirms the result: %(name)s declared it."),
    N_("Say why the result is set by the organiser."),
    N_("The reason has at most %(count)s characters."),
    N_("Give a whole-number score for each player at the table (%(count)s in all)."),
    N_("The most players an evening checks in is %(count)s."),
    N_("That player is not checked in to this evening."),
    N_("There is no club night at this address."),
    N_("This game is not a club night table's."),
    N_("The declared result has changed since the page showed it: look at it again."),
    N_("Round %(round)s has just been seated."),
    N_("Those players were just checked in: look at the list again."),
    N_("Every round of the evening has been seated (the last is round %(count)s): next is the cut."),
    N_("The cut comes after the evening's last round (round %(count)s)."),
    N_("Only the tables of round %(round)s, the last one seated, take the organiser's result."),
    # a result declared by the game's editor rather than a seat's phone (the log's "by")
    N_("the game's editor"),
    # SetupError of a new event (create_event)
    N_("give the evening a name"),
    N_("An evening's rounds are from 1 to %(count)s."),
    N_("The most players %(game)s takes is %(count)s."),
    N_("The fewest players %(game)s takes is %(count)s."),
    N_("There is no ranking scheme called %(scheme)s."),
    N_("The points by place are four numbers from 0 to 100, the first the most."),
    N_("The tiebreaks are head to head, most wins and best game, each once."),
    N_("A round's timer is from 0 (none) to 240 minutes."),
)


def said_markup(template: str, values: dict[str, Any]) -> Markup:
    """The English ``template`` in the reader's language, filled with ``values``: markup (a name in
    ``<bdi>``) kept, the rest escaped."""
    return Markup(escape(gettext(template))) % values
