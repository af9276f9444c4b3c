"""Shared test configuration: Hypothesis profiles, and a private user data folder for every test.

Pick a profile with the ``HYPOTHESIS_PROFILE`` environment variable (default ``ci``):

- ``ci``: few examples, derandomized, no example database — the same examples on every run, so a
  red CI build is reproducible and a green one stays green until the code changes. Few enough
  that tests/test_properties.py (eight properties on each of the catalogue's games) stays a
  small part of the suite's time.
- ``thorough``: the same, with more than twice the examples (what ``ci`` ran until the catalogue
  grew to 150 games): ``HYPOTHESIS_PROFILE=thorough pytest tests/test_properties.py`` before a
  change to the engine or the rules words is merged.
- ``long``: ``PATIENCE_FUZZ_EXAMPLES`` examples a probe (2,000 by default), for benchmarks/fuzz.py.
- ``dev``: many more examples from fresh random seeds, for hunting bugs locally
  (``HYPOTHESIS_PROFILE=dev pytest tests/test_properties.py``); failures are saved in
  ``.hypothesis/`` and replayed first next time.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

for name, examples in (("ci", 15), ("thorough", 35)):
    settings.register_profile(
        name,
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        print_blob=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
settings.register_profile(
    "dev",
    max_examples=300,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(  # benchmarks/fuzz.py: as many examples as PATIENCE_FUZZ_EXAMPLES says
    "long",
    max_examples=int(os.environ.get("PATIENCE_FUZZ_EXAMPLES", "2000")),
    deadline=None,
    print_blob=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _private_data_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """No test reads or writes the real user data folder (saves, user rulesets, statistics), config
    folder (settings) or cache folder (loaded rulesets), and
    every test starts in English whatever the machine's locale, and leaves it so."""
    from patience.i18n import set_language

    monkeypatch.setenv("PATIENCE_DATA", str(tmp_path_factory.mktemp("patience-data")))
    monkeypatch.setenv("PATIENCE_CONFIG", str(tmp_path_factory.mktemp("patience-config")))
    monkeypatch.setenv("PATIENCE_CACHE", str(tmp_path_factory.mktemp("patience-cache")))
    for name in ("PATIENCE_LANG", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    set_language("en")
    yield
    set_language("en")


# Textual's pilot waits for the app to go idle in ticks of 20 ms (`textual._wait`, the same from
# 3.0 to 8.x): every `pause()` costs a tick after the app's messages are handled, every `press()`
# two a key. The app has no timer a test waits on (`fixed_clock` stops its only one), so a 4 ms
# tick waits for the same thing, sooner. A tick still counts as idle only under 1 ms of CPU.
IDLE_TICK = 0.004


@pytest.fixture(autouse=True)
def _quick_idle_tick(monkeypatch: pytest.MonkeyPatch):
    try:
        from textual import _wait
    except ImportError:  # the tests that need it skip
        return
    monkeypatch.setattr(_wait, "SLEEP_GRANULARITY", IDLE_TICK)
    monkeypatch.setattr(_wait, "SLEEP_IDLE", 0.001)


@pytest.fixture
def no_rollouts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The exhaustive searches alone: `solve()` gives the nested rollouts no share of its budget
    (for tests of the exhaustive phases; the rollouts' own are in tests/test_core_rollouts.py)."""
    from patience.solver import search

    monkeypatch.setattr(search, "ROLLOUT_SHARE", 0.0)


@pytest.fixture
def deadline():
    """Fail, rather than hang the suite, if a call blocks (a FIFO opened for reading waits for a
    writer for ever). A bound on a hang, not a measure of speed: a call that returns passes."""
    import signal

    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def expired(signum, frame):
        raise TimeoutError("the call blocked")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(30)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)
