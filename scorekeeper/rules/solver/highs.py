"""HiGHS instances that write nothing to standard output.

HiGHS prints a banner when a process makes its first instance, before any option can stop it (a
``--json`` answer would not parse): that one is made with standard output pointed at ``/dev/null``.
"""

from __future__ import annotations

import os
import sys
import threading

import highspy

_first = threading.Lock()
_made = False


def new_highs() -> highspy.Highs:
    """A silent :class:`highspy.Highs`, the process's first one made with stdout closed off."""
    global _made
    if not _made:
        with _first:
            if not _made:
                h = _without_stdout(highspy.Highs)
                _made = True
                return _silenced(h)
    return _silenced(highspy.Highs())


def _silenced(h: highspy.Highs) -> highspy.Highs:
    h.setOptionValue("output_flag", False)
    h.setOptionValue("log_to_console", False)
    return h


def _without_stdout(make):
    """``make()`` with file descriptor 1 on ``/dev/null`` (C code writes there, not to sys.stdout)."""
    try:
        sys.stdout.flush()
        saved = os.dup(1)
    except (OSError, ValueError):  # no stdout at all (a daemon): nothing to protect
        return make()
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 1)
        return make()
    finally:
        os.dup2(saved, 1)
        os.close(saved)
        os.close(devnull)
