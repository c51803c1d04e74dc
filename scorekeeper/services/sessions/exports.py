"""Sessions exported as JSON (the format is described in storage/exchange.py), and copies of
the whole database: what the downloads and the keeper's commands ask for."""

from ...storage.backup import backup_database
from ...storage.backup import integrity_check
from ...storage.exchange import ExchangeError
from ...storage.exchange import dumps
from ...storage.exchange import export_sessions
from ...storage.restore import restore_database
from ...storage.serving import DatabaseInUse

__all__ = [
    "DatabaseInUse",
    "ExchangeError",
    "backup_database",
    "dumps",
    "export_sessions",
    "integrity_check",
    "restore_database",
]
