"""Rules for every test layer.

Under ``GE_PY_TEST_REQUIRE_ARTIFACTS=1`` (set by ``tools/run_tests.sh``, which builds every test
artifact first) a skipped test fails, unless its reason says the machine cannot run it or the run
was configured without it: a reason that starts with :data:`MACHINE_LIMIT` or :data:`NOT_THIS_RUN`.
A missing build artifact (test hooks, sample plugins, a sub-wheel) then shows as a failure instead
of quietly shrinking the suite.
"""

from __future__ import annotations

import os

import pytest

MACHINE_LIMIT = "not on this machine: "
NOT_THIS_RUN = "not in this run: "
_ALLOWED = (MACHINE_LIMIT, NOT_THIS_RUN)


def _skip_reason(report) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        reason = str(longrepr[2])
    else:
        reason = str(longrepr)
    return reason.removeprefix("Skipped: ")


def _fail_unallowed_skip(report) -> None:
    if os.environ.get("GE_PY_TEST_REQUIRE_ARTIFACTS") != "1" or not report.skipped:
        return
    if hasattr(report, "wasxfail"):
        return
    reason = _skip_reason(report)
    if reason.startswith(_ALLOWED):
        return
    report.outcome = "failed"
    report.longrepr = (
        f"skipped, but GE_PY_TEST_REQUIRE_ARTIFACTS=1 requires everything the build makes: {reason}"
    )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    _fail_unallowed_skip(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    # A module-level importorskip skips the whole module at collection time.
    outcome = yield
    _fail_unallowed_skip(outcome.get_result())
