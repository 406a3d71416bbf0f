"""Signals for features that keep something derived from a game (tables' statistics).

- :data:`hands_changed` is sent (sender: the game, ``score``: the engine's new
  score) by every record, correction, deletion and undo of a hand, after the
  rows are written and before the request commits: receivers write in the
  same transaction.
- :data:`game_deleting` is sent (sender: the game) just before a game is deleted.
"""

from blinker import Namespace

_signals = Namespace()
hands_changed = _signals.signal("hands-changed")
game_deleting = _signals.signal("game-deleting")
