"""The app's URL rules compiled once per test process, not once per app.

Each test builds its own app, and each app its URL map: werkzeug writes two Python functions
for each of the app's rules (building a URL, with and without extra arguments) and compiles
them, some 20 ms an app, 80% of building one; a run of ``make check`` builds some 1,500 apps.
The functions it writes depend only on the rule's parts and its defaults (each function reads
the converters from the rule it is bound to when it runs), so they are kept here by those and
bound to each app's rules as werkzeug binds them. URL building is werkzeug's own code, as the
app runs it. When werkzeug no longer compiles this way, nothing is kept and nothing changes.
"""

from __future__ import annotations

from typing import Any

from werkzeug.routing import rules

_compiled: dict[tuple[Any, ...], Any] = {}
ORIGINAL = getattr(rules.Rule, "_compile_builder", None)
"""Werkzeug's own, for the test that the kept functions build the same URLs."""


def compile_once() -> None:
    """Every rule compiled from now on in this process takes its functions from one cache."""
    compile_builder = ORIGINAL
    if compile_builder is None or getattr(rules.Rule._compile_builder, "compiled_once", False):
        return

    def cached(self: rules.Rule, append_unknown: bool = True) -> Any:
        defaults = tuple(sorted((self.defaults or {}).items(), key=lambda item: item[0]))
        converters = tuple((name, type(c)) for name, c in sorted(self._converters.items()))
        key = (tuple(self._trace), defaults, converters, append_unknown)
        if key not in _compiled:
            _compiled[key] = compile_builder(self, append_unknown)
        return _compiled[key]

    cached.compiled_once = True  # type: ignore[attr-defined]
    rules.Rule._compile_builder = cached  # type: ignore[method-assign]
