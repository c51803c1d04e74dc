"""How hard the property tests search: the same search in `make test`, longer and random in fuzz.

`make test` (and CI) load the "deterministic" Hypothesis profile: every property test draws the
same examples on every run (``derandomize``), so a run can fail only because the code changed.
`make fuzz` loads "fuzz": random examples from the run's seed (printed, and given back by
``make fuzz SEED=N``), ``FACTOR`` times as many. A failure found there becomes a fixed
example in the suite (``@example`` or a regression test), never a reason to re-run.
"""

from __future__ import annotations

import os

from hypothesis import settings

FUZZING = os.environ.get("HYPOTHESIS_PROFILE") == "fuzz"
# The seed of a `make fuzz` run (also given to pytest as --hypothesis-seed); None in `make test`.
SEED = int(os.environ["SCOREKEEPER_FUZZ_SEED"]) if os.environ.get("SCOREKEEPER_FUZZ_SEED") else None
FACTOR = 10 if FUZZING else 1

settings.register_profile("deterministic", derandomize=True, database=None, print_blob=True)
settings.register_profile(
    "fuzz", max_examples=100 * FACTOR, derandomize=False, database=None, print_blob=True
)
settings.load_profile("fuzz" if FUZZING else "deterministic")


def examples(count: int) -> int:
    """A property test's number of examples: ``count`` in `make test`, more in `make fuzz`."""
    return count * FACTOR
