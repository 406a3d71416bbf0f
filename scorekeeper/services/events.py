"""Signals for features that keep something derived from a game (tables' statistics).

:data:`hands_changed` (sender: the game; ``score``: its new score) follows every hand change and
:data:`game_deleting` precedes a deletion; receivers write in the change's transaction. A feature
names its receivers in its :class:`~scorekeeper.web.features.Feature`.
"""

from blinker import Namespace

_signals = Namespace()
hands_changed = _signals.signal("hands-changed")
game_deleting = _signals.signal("game-deleting")
