"""The club's players and its paper history (issue "Players who last", §1 and §2).

views.py     the players page: the list, and the keeper's add, rename, archive, merge and undo,
             link a seat typed for nobody (blueprint "players")
forms.py     its small forms
paper.py     an old paper protocol entered on one page (blueprint "paper")
paper_form.py  that page's form: the session and a table of deals' totals
"""

from __future__ import annotations

from flask import Flask
from flask import current_app


def init_app(app: Flask) -> None:
    """Register the feature's blueprints and the templates' ``has_page``."""
    from ..sessions import paper
    from . import views

    app.register_blueprint(views.bp)
    app.register_blueprint(paper.bp)
    app.jinja_env.globals["has_page"] = has_page


def has_page(endpoint: str) -> bool:
    """Whether the app has this page: the club's rankings and player pages are another
    feature's, linked to where it is present."""
    return endpoint in current_app.view_functions
