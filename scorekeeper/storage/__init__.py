"""Storage: the SQLite database, its migrations, and every SQL statement of the app."""
