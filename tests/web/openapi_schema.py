"""The API's description loaded for schemathesis, with the checks' settings and the run's seed.

tests/web/test_openapi.py sends it request by request, tests/web/test_openapi_workflow.py in
sequences; both run every check schemathesis has on every answer (its default when a call
names none): no 5xx, status code, content type, headers and body as described, invalid requests
refused and valid ones accepted, 405 with Allow for a method an address does not take, and the
checks that follow a resource from one request to the next.
"""

from __future__ import annotations

import io

import schemathesis
from hypothesis import strategies as st
from pypdf import PdfWriter

from scorekeeper.web.api.openapi import description
from tests.fuzzing import FUZZING
from tests.fuzzing import PROFILE
from tests.fuzzing import SEED
from tests.fuzzing import examples

LOOPBACK = {"REMOTE_ADDR": "127.0.0.1"}
"""The test client's address: the app refuses other machines unless a keeper password is set."""

# Two checks need to know this API's answers beyond the description's schemas:
# - negative_data_rejection: a body over the size limit (256 KiB) is refused with the 413 the
#   description gives, before it is read, whatever else is wrong with it.
# - positive_data_acceptance: a request the schemas allow may still be refused, by the
#   operations below, for what JSON Schema cannot say, each with the status the description
#   gives (400 unreadable, 422 not recordable). In all of them: a whole number sent as 2.0,
#   which JSON Schema counts an integer and the description's info asks to send as 2.
# Both lists start from schemathesis' own; a 5xx is not_a_server_error's to report.
NEGATIVE = ["400", "401", "403", "404", "405", "406", "409", "413", "415", "422", "428", "429"]
NEGATIVE += ["412", "5xx"]  # an If-Match that cannot be read matches no deal
POSITIVE = ["2xx", "3xx", "401", "403", "404", "409", "429", "5xx"]
REFUSED_WHEN_VALID = {
    # claimed needs a value per group (one list's length tied to another's); Piedicavallo's pack
    # has 62 of the 78 cards; "KS" and "ks" are one card, so a pile of both has it twice; 78
    # groups of 78 cards, each written with spaces around, pass the size limit.
    "count": ["400", "413"],
    # "KS" and "ks" as two counters are one card given twice.
    "audit": ["400"],
    # Names must differ ignoring case, and not be empty once control characters are dropped.
    "startSession": ["400"],
    # The session's ruleset, which the request does not name, sets how many seats and tricks a
    # deal has (400), and a deal whose points are doubtful cannot be recorded (422).
    # An If-Match drawn at random names no state of the deal there (412): a deal's ETag is its
    # id and its version.
    "recordDeal": ["400", "422"],
    "correctDeal": ["400", "412", "422"],
    "correctDealById": ["400", "412", "422"],
    "deleteDeal": ["412"],
    "deleteDealById": ["412"],
    "replay": ["400"],
    # A player's name must not name nobody ("Player 3", or nothing once control characters are
    # dropped), and a player is not merged into himself.
    "createPlayer": ["400"],
    "updatePlayer": ["400"],
    "mergePlayers": ["400"],
    # A seat a player for every seat of the session (3 or 4, as its ruleset has), each player
    # at one seat, players that exist (400), none merged into another (409); a day not after
    # today.
    "correctSession": ["400", "409"],
    # A period whose first day is after its last.
    "playerStats": ["400"],
    "rankings": ["400"],
    "records": ["400"],
    "winners": ["400"],
    # An export whose sessions and deals are not what the app would have written (every deal's
    # points must follow from its input), or a PDF that carries none.
    "importSessions": ["400"],
    # An event's entrants must differ by name and by person, fill a table (three players, or two
    # couples for Piedicavallo: couples are objects there, names elsewhere), and be the ones a
    # withdrawal, a swap, a keep-apart pair or an adjustment names; its deals per round are a
    # multiple of the table's players; match points and the point difference are for couples.
    "createEvent": ["400"],
    "changeEntrants": ["400"],
    "swapEntrants": ["400"],
    "addAdjustment": ["400"],
}

NOT_FOLLOWED = {"mergePlayers": "ensure_resource_availability"}
"""A check that cannot judge an operation. A merge names two players, the one in its address and
the one it goes into (its body): a 404 for an "into" drawn at random says that one is unknown,
not that the player just created has gone, as the check would read it."""


def _pdf(*attached: tuple[str, bytes]) -> bytes:
    """A small real PDF with these files attached (pypdf's writer)."""
    writer = PdfWriter()
    writer.add_blank_page(200, 200)
    for name, data in attached:
        writer.add_attachment(name, data)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


PDFS = (
    st.sampled_from(
        [
            _pdf(),
            _pdf(
                (
                    "scorekeeper-session-1.json",
                    b'{"format": "scorekeeper-export", "version": 1, "sessions": []}',
                )
            ),
            _pdf(
                ("scorekeeper-session-2.json", b'{"format": "scorekeeper-export", "sessions": 1}')
            ),
            _pdf(("notes.txt", b"not an export")),
        ]
    )
    | st.binary(max_size=64).map(lambda tail: b"%PDF-1.7\n" + tail)
    | st.binary(max_size=64)
)
"""Bodies for application/pdf (an import): real PDFs that carry an export (of no session), a
broken one or none, and bytes that are a PDF in name only, or not at all."""
schemathesis.openapi.media_type("application/pdf", PDFS)


def _checks(operation_id: str, statuses: list[str]) -> dict[str, object]:
    checks: dict[str, object] = {
        "positive_data_acceptance": {"expected-statuses": POSITIVE + statuses}
    }
    if operation_id in NOT_FOLLOWED:
        checks[NOT_FOLLOWED[operation_id]] = {"enabled": False}
    return checks


# `make check` leaves out the coverage phase (the edge values of every schema, worked out as the
# tests are collected, some 7 s in each process, then 8,000 requests); `make test` and `make fuzz`
# run every phase. The stateful phase gives the links tests/web/test_openapi_workflow.py follows.
PHASES = ["examples", "fuzzing", "stateful"]
if PROFILE != "quick":
    PHASES.insert(1, "coverage")
config = schemathesis.Config.from_dict(
    {
        "checks": {"negative_data_rejection": {"expected-statuses": NEGATIVE}},
        "operations": [
            {"include-operation-id": operation_id, "checks": _checks(operation_id, statuses)}
            for operation_id, statuses in REFUSED_WHEN_VALID.items()
        ],
    }
)
schema = schemathesis.openapi.from_dict(description(), config=config)
# The same requests in every run; a fuzz run draws others, ten times as many, from its seed
# (make fuzz SEED=N draws them again). Schemathesis would otherwise pick a seed of its own.
RUN_SEED = SEED if FUZZING else 20250607
if RUN_SEED is not None:
    schema.config.seed = RUN_SEED
schema.config.generation.update(max_examples=examples(30))
schema.config.phases.update(phases=PHASES)
