"""Schema steps, one function each, applied in order (sqlite-utils migrations).

A step, once released, never changes: it uses only what it defines (the code it could call will
change; the step must not). The modules register their steps in the order imported here.
"""

from . import sessions  # noqa: F401  the first steps: sessions, deals, access, request keys

# isort: split
from . import players  # noqa: F401  the club's history: players, results, ratings

# isort: split
from . import deals  # noqa: F401  later steps on the stored deals

# isort: split
from . import club  # noqa: F401  the club's history: ratings replayed apart, session history

# isort: split
from . import server  # noqa: F401  a club server that runs for years: the figures' version

# isort: split
from . import origins  # noqa: F401  sheets that carry their data: the database's identity

# isort: split
from . import events  # noqa: F401  club evenings: events, entrants, rounds, tables

# isort: split
from . import records  # noqa: F401  statistics a club argues about: a game's deepest deficit

# isort: split
from .steps import migrations

__all__ = ["migrations"]
