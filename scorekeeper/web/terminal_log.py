"""What the host's terminal shows while ``make run`` serves: errors and slow requests, and the banner."""

from __future__ import annotations

import logging
import multiprocessing
import shutil
import sys

from gunicorn import glogging

#: a request slower than this is logged even when the full access log is off
SLOW_SECONDS = 1.0
#: the shared line count before the first worker has printed the banner
NOT_SHOWN = -1


def logger_class(full_access: bool, rows: int | None = None) -> type[glogging.Logger]:
    """A gunicorn logger class; ``rows``: lines between banners (default: the terminal's height
    when standard output is one, else never again)."""
    if rows is None and sys.stdout.isatty():
        rows = max(24, shutil.get_terminal_size((80, 24)).lines)
    lines = multiprocessing.Value("i", NOT_SHOWN)  # shared by the master and the workers it forks
    return type("TableLog", (TableLog,), {"full_access": full_access, "rows": rows, "lines": lines})


def stopped_taking(error: BaseException | None) -> bool:
    """Whether ``error`` is a socket's own timeout (``'timed out'``, as both Python's and gevent's
    sockets say it): the client stopped taking its answer. Any other TimeoutError (one of the app's,
    with words of its own) keeps its traceback.

    >>> import socket
    >>> stopped_taking(socket.timeout("timed out")), stopped_taking(TimeoutError("pool busy"))
    (True, False)
    >>> stopped_taking(None), stopped_taking(ValueError("timed out"))
    (False, False)
    """
    return isinstance(error, TimeoutError) and error.args == ("timed out",)


class TableLog(glogging.Logger):
    """Errors and slow requests by default; counts the lines it writes and re-shows the banner."""

    full_access = False
    rows: int | None = None
    lines = None  # multiprocessing.Value, set by logger_class
    banner = ""  # set by the master when it listens, before it forks the workers (:meth:`listening`)

    def setup(self, cfg) -> None:
        super().setup(cfg)
        for log in (self.error_log, self.access_log):
            log.addFilter(self._count)

    def access(self, resp, req, environ, request_time) -> None:
        if self.full_access or worth_logging(resp, request_time.total_seconds()):
            super().access(resp, req, environ, request_time)

    def exception(self, msg, *args, **kwargs) -> None:
        """gunicorn's traceback of an error, but one quiet line for a client that stopped taking its
        answer (the send timed out: ``cli/stalled_answers.py``), which a host cannot fix."""
        if stopped_taking(sys.exc_info()[1]):
            self.debug("a client stopped taking its answer; its connection was closed")
            return
        super().exception(msg, *args, **kwargs)

    @classmethod
    def listening(cls, banner: str) -> None:
        """The master listens: the banner to show, kept for the workers it forks (not shown yet)."""
        cls.banner = banner

    @classmethod
    def show_first(cls) -> bool:
        """A worker has loaded the app: the banner, printed by the first such worker only (a worker
        that replaces one, or a second one, prints nothing); the screen is counted from here. The
        address is shown once it answers, not as gunicorn listens, seconds before a worker could
        (3.5 s on an idle 2-core machine: an operator who opened it at once waited)."""
        if cls.lines is None or not cls.banner:
            return False
        with cls.lines.get_lock():
            if cls.lines.value != NOT_SHOWN:
                return False
            print(cls.banner, flush=True)
            cls.lines.value = 0
        return True

    def _count(self, record: logging.LogRecord) -> bool:
        if self.rows and self.lines is not None and self.banner:
            with self.lines.get_lock():
                if self.lines.value == NOT_SHOWN:
                    return True  # the banner is not out yet: nothing to show again
                self.lines.value += 1
                again = self.lines.value >= self.rows
                if again:
                    self.lines.value = 0
            if again:
                print(self.banner, flush=True)
        return True


def worth_logging(resp, seconds: float) -> bool:
    """An error answer, or a slow one that is not an event stream."""
    status = resp.status
    code = int(status.split(None, 1)[0]) if isinstance(status, str) else int(status)
    if code >= 500:
        return True
    streaming = any(
        name.lower() == "content-type" and value.startswith("text/event-stream")
        for name, value in (resp.headers or [])
    )
    return seconds >= SLOW_SECONDS and not streaming
