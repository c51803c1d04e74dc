"""The app for a WSGI server of your choice (``make serve`` runs waitress: scorekeeper/serve.py).

The database is instance/scorekeeper.sqlite unless the environment variable SCOREKEEPER_DATABASE
names another file.
"""

from . import create_app
from .web import warm_up

app = create_app()
warm_up(app)  # templates compiled and languages loaded before the first request
