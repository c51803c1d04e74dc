"""The app for a WSGI server of your choice: ``gunicorn -c gunicorn.conf.py scorekeeper.wsgi:app``.

The club server is ``make serve`` (scorekeeper/serve.py, waitress), which builds the app the same
way without this module. The database is instance/scorekeeper.sqlite unless the environment
variable SCOREKEEPER_DATABASE names another file.
"""

from . import create_app
from .web import warm_up

app = create_app()
warm_up(app)  # gunicorn.conf.py preloads the app: the workers fork with it done
