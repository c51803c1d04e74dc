"""How hard the property tests search: the same search in `make test`, longer and random in fuzz.

`make test` (and CI) load the "deterministic" Hypothesis profile: every property test draws the
same examples on every run (``derandomize``), so a run can fail only because the code changed.
`make fuzz` loads "fuzz": random examples from the run's seed (printed, and given back by
``make fuzz SEED=N``), ``FACTOR`` times as many. `make check`, the quick loop while coding,
loads "quick": the same fixed examples as `make test`, a tenth of them. A failure found in a
fuzz run becomes a fixed example in the suite (``@example`` or a regression test), never a
reason to re-run.
"""

from __future__ import annotations

import os

from hypothesis import settings

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "deterministic")
FUZZING = PROFILE == "fuzz"
# The seed of a `make fuzz` run (also given to pytest as --hypothesis-seed); None in `make test`.
SEED = int(os.environ["SCOREKEEPER_FUZZ_SEED"]) if os.environ.get("SCOREKEEPER_FUZZ_SEED") else None
FACTOR = {"fuzz": 10, "quick": 0.1}.get(PROFILE, 1)

settings.register_profile("deterministic", derandomize=True, database=None, print_blob=True)
settings.register_profile(
    "fuzz", max_examples=1000, derandomize=False, database=None, print_blob=True
)
settings.register_profile(
    "quick", max_examples=10, derandomize=True, database=None, print_blob=True
)
settings.load_profile(PROFILE if PROFILE in ("fuzz", "quick") else "deterministic")


def examples(count: int) -> int:
    """A property test's number of examples: ``count`` in `make test`, more in `make fuzz`,
    fewer in `make check`."""
    return max(1, round(count * FACTOR))
