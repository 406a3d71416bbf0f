"""The solver's time bound: ``time_limit`` in seconds, read once for ``solve`` and ``check_turn``."""

from __future__ import annotations

from typing import Any

from ..errors import OptionError
from ..reasons import quoted, say

#: the longest time bound a caller may ask for, in seconds
MOST_SECONDS = 60.0


def time_limit(raw: Any, most: float = MOST_SECONDS) -> float:
    """The ``time_limit`` option: seconds, more than 0 and at most ``most`` (:data:`MOST_SECONDS`;
    a server keeping a shorter bound says its own).

    >>> time_limit("0.5"), time_limit(2)
    (0.5, 2.0)
    >>> time_limit("soon")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.OptionError: option 'time_limit': 'soon' is not a number of seconds; ...
    """
    accepted = say("tt.seconds", most=f"{most:g}")
    try:
        seconds = float(raw)
    except (TypeError, ValueError):
        raise OptionError("time_limit", say("tt.not_seconds", value=quoted(raw)), accepted) from None
    if not 0 < seconds <= most:
        raise OptionError("time_limit", say("option.out_of_range", value=quoted(raw)), accepted)
    return seconds
