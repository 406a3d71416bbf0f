"""Schemathesis's per-operation tests, built when they run rather than when they are collected.

Schemathesis builds an operation's Hypothesis test while pytest collects it, and building it
generates the operation's coverage-phase cases (every boundary, missing field and wrong type the
document allows or forbids): about 30 s of CPU for the API's two seeds, most of the collection of
``tests/web``. Every pytest-xdist worker collects every file, so each worker paid it, though one
alone runs ``test_api_schemathesis.py`` (``--dist loadfile``), and it held up the first test of every
worker. :func:`deferred` builds each test on its item's set-up instead (:func:`build`, an autouse
fixture of the test file): the same items and node ids, the same test built by the same Schemathesis
call with the same arguments (its cases come from fixed seeds, so the same cases), only later and
in one worker. A test whose build fails (an invalid part of the document) fails at its set-up
instead of being collected as a failing item of its own.

It wraps Schemathesis's private ``build_operation_test`` (``schemathesis.pytest._test_builder``,
Schemathesis 4), the one call its pytest plugin makes to build a test, for the test functions
given to :func:`deferred` alone; without it (another Schemathesis) nothing but the time changes.
docs/tests.md, "Where the time goes".
"""

from __future__ import annotations

import inspect
from collections.abc import Callable

try:
    from schemathesis.pytest import _test_builder
except ImportError:  # pragma: no cover - another Schemathesis: tests are built as it builds them
    _test_builder = None

_DEFERRED: set[Callable] = set()


def _later(eager: Callable, kwargs: dict) -> Callable:
    """A stand-in for the test ``eager(**kwargs)`` builds, with its signature; ``stand_in.build()``
    builds it and takes its attributes (Hypothesis's and Schemathesis's marks), as pytest's plugins
    read them off the item's function."""
    test_func = kwargs["test_func"]
    given = set(kwargs["given_kwargs"]) | {"case"}
    own = inspect.signature(test_func)
    params = [p for name, p in own.parameters.items() if name not in given]
    built: list[Callable] = []

    def stand_in(*args, **kw):
        return built[0](*args, **kw)

    def build() -> None:
        if built:
            return
        test = eager(**kwargs)
        made = inspect.signature(test)
        assert made.parameters == stand_in.__signature__.parameters, (
            f"Schemathesis built {made}, not {params}"
        )
        built.append(test)
        stand_in.__dict__.update({k: v for k, v in vars(test).items() if k != "__signature__"})

    stand_in.__name__ = stand_in.__qualname__ = test_func.__name__
    stand_in.__module__ = test_func.__module__
    stand_in.__signature__ = own.replace(parameters=params)
    stand_in.build = build
    return stand_in


def deferred(test: Callable) -> Callable:
    """``test`` (a function given to ``schema.parametrize()``) built per operation on its set-up."""
    if _test_builder is not None and not getattr(_test_builder.build_operation_test, "deferring", False):
        eager = _test_builder.build_operation_test

        def build_operation_test(**kwargs):
            if kwargs["test_func"] in _DEFERRED:
                return _later(eager, kwargs)
            return eager(**kwargs)

        build_operation_test.deferring = True
        _test_builder.build_operation_test = build_operation_test
    _DEFERRED.add(test)
    return test


def build(function: Callable) -> None:
    """Build the operation's test now if it was deferred (the test file's autouse fixture calls it)."""
    later = getattr(function, "build", None)
    if later is not None:
        later()
