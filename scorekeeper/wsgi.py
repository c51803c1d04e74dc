"""The app for a WSGI server: ``gunicorn scorekeeper.wsgi:app`` (settings in gunicorn.conf.py).

The database is instance/scorekeeper.sqlite unless the environment variable SCOREKEEPER_DATABASE
names another file.
"""

from . import create_app
from .web import warm_up

app = create_app()
warm_up(app)  # gunicorn.conf.py preloads the app: the workers fork with it done
