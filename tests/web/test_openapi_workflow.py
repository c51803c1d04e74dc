"""Schemathesis sends the API requests in sequence, along the links it finds in the description.

Each scenario runs on a database of its own: a session started, its deals recorded, corrected,
replayed and deleted, each answer's ids (a new session's, a new deal's number) carried into the
next request. The checks that follow a resource from one request to the next
(use_after_free, ensure_resource_availability) need such sequences; every other check runs on
each answer too (tests/web/openapi_schema.py has their settings).
"""

from __future__ import annotations

import tempfile
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck
from hypothesis import Phase
from hypothesis import seed
from hypothesis import settings

from scorekeeper import create_app
from tests.fuzzing import examples
from tests.web.openapi_schema import LOOPBACK
from tests.web.openapi_schema import RUN_SEED
from tests.web.openapi_schema import schema

RECORDING = ("POST /sessions/{session_id}/deals", "PUT /sessions/{session_id}/deals/{number}")
RECORDABLE = {3: [30, 20, 28], 2: [60, 54], 4: [30, 27, 30, 27]}
"""Totals that add up: three players (78), or Piedicavallo's two teams or four seats (114)."""


class Workflow(schema.as_state_machine()):
    """One scenario: a fresh app, and the requests schemathesis draws along the links."""

    def setup(self) -> None:
        self.folder = tempfile.TemporaryDirectory()
        database = f"{self.folder.name}/workflow.sqlite"
        self.app = create_app({"TESTING": True, "DATABASE": database})

    def teardown(self) -> None:
        self.folder.cleanup()

    def before_call(self, case: schemathesis.Case) -> None:
        # Points drawn at random never add up to the deck's total, so no deal would be recorded,
        # corrected or deleted: half the totals drawn for a deal are made ones that add up.
        body, meta = case.body, case.meta
        if case.operation.label not in RECORDING or not isinstance(body, dict) or meta is None:
            return
        points = body.get("points")
        if meta.generation.mode.is_positive and isinstance(points, list) and points[0] % 2:
            body["points"] = RECORDABLE.get(len(points), points)

    def get_call_kwargs(self, case: schemathesis.Case) -> dict[str, Any]:
        return {"app": self.app, "environ_base": LOOPBACK}


# The same scenarios in every run, or those of the fuzz run's seed, as the single requests.
if RUN_SEED is not None:
    seed(RUN_SEED)(Workflow)
TestWorkflow = pytest.mark.hypothesis(Workflow.TestCase)
# Schemathesis' own settings for a workflow, but for the number of scenarios and their length:
# eight requests reach a session's deal, its correction and its deletion.
TestWorkflow.settings = settings(
    max_examples=examples(20),
    stateful_step_count=8,
    deadline=None,
    phases=[Phase.generate],
    suppress_health_check=list(HealthCheck),
)
