"""The app for a WSGI server: ``gunicorn scorekeeper.wsgi:app`` (settings in gunicorn.conf.py).

The database is instance/scorekeeper.sqlite unless the environment variable SCOREKEEPER_DATABASE
names another file.
"""

from . import create_app

app = create_app()
