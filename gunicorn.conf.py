"""gunicorn settings for a club on the LAN: gunicorn -c gunicorn.conf.py scorekeeper.wsgi:app

Loopback only by default: to serve the LAN, set a keeper password first, then bind to the
machine's LAN address: gunicorn -c gunicorn.conf.py -b <address>:8000 scorekeeper.wsgi:app
"""

import multiprocessing

from scorekeeper.collector import Collector
from scorekeeper.collector import freeze_preloaded

bind = "127.0.0.1:8000"
# One sync worker per core: the work is all CPU, and each further worker only adds catching up
# on the others' writes (it keeps the sessions it has shown) and switching between them; under
# bench/load.py four workers on two cores cost 20-28% more CPU a request than two. A printed
# sheet never takes more than one of them (scorekeeper/web/printing.py). Slow phones are for the
# reverse proxy in front to wait on (README, "Serving a club"), not a worker.
workers = multiprocessing.cpu_count()
# gunicorn's sync worker, each answer sent in one piece and its connection closed without
# waiting for nothing (scorekeeper/worker.py).
worker_class = "scorekeeper.worker.SyncWorker"
timeout = 30
# Build the app once in the master: the database is created and migrated before the workers
# fork (two workers migrating a new file at once would race) and the secret key is made once.
preload_app = True
# No control socket in the home folder: a crashed server would leave it behind.
control_socket_disable = True


def when_ready(server):
    """Checkpoint the database outside requests (scorekeeper/storage/checkpointer.py); the
    workers, forked after this, keep SQLite's own checkpoint only as a safety net, and their
    collections leave out what the preloaded app holds."""
    from scorekeeper.storage import checkpointer
    from scorekeeper.wsgi import app  # preloaded: the app the workers fork with

    server.checkpointer = checkpointer.start(app.config["DATABASE"])
    app.config["WAL_AUTOCHECKPOINT"] = checkpointer.SAFETY_NET_PAGES
    freeze_preloaded()


def post_fork(server, worker):
    """Python's cycle collector runs between requests (scorekeeper/collector.py)."""
    worker.collector = Collector()


def pre_request(worker, req):
    worker.collector.before_request(req.path)


def post_request(worker, req, environ, resp):
    """The answer is sent: collect now what is due, keeping no one waiting."""
    worker.collector.after_request()


def on_exit(server):
    process = getattr(server, "checkpointer", None)
    if process is not None:
        process.terminate()
        process.wait(timeout=5)
