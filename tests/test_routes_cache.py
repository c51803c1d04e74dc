"""The URL rules compiled once per test process (tests/routes.py) build the URLs werkzeug's own
compilation builds, for every rule of the app, with and without extra arguments."""

from __future__ import annotations

from tests import routes


def test_every_rule_builds_what_werkzeug_builds(app):
    assert routes.ORIGINAL is not None
    checked = 0
    for rule in app.url_map.iter_rules():
        values = {name: 7 if name.endswith("id") or name in ("number", "n") else "x"
                  for name in rule.arguments}  # fmt: skip
        for append_unknown in (False, True):
            kept = rule._compile_builder(append_unknown).__get__(rule, None)
            own = routes.ORIGINAL(rule, append_unknown).__get__(rule, None)
            extra = {"page": 2} if append_unknown else {}
            try:
                expected = own(**values, **extra)
            except Exception as error:  # a converter refuses "x": both must refuse it
                refused = type(error)
                try:
                    kept(**values, **extra)
                except refused:
                    continue
                raise AssertionError(f"{rule.rule} built what werkzeug refuses") from None
            assert kept(**values, **extra) == expected, rule.rule
            checked += 1
    assert checked > 100  # some 65 rules, twice
