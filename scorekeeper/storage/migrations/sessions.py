"""The first steps: sessions and their deals, access, request keys, languages."""

from __future__ import annotations

import secrets

import sqlite_utils

from .steps import migrations


@migrations()
def create_sessions(db: sqlite_utils.Database) -> None:
    db.table("sessions").create(
        {
            "id": int,
            "ruleset": str,
            "overrides": str,  # JSON object of house rules
            "players": str,  # JSON list of names, in order of play
            "first_dealer": int,
            "table_name": str,
            "place": str,
            "created": str,
        },
        pk="id",
        not_null={"ruleset", "players", "first_dealer", "created"},
    )


@migrations()
def create_deals(db: sqlite_utils.Database) -> None:
    db.table("deals").create(
        {
            "id": int,
            "session_id": int,
            "position": int,  # order within the session; the deal number is its rank
            "form": str,  # totals, quick, piles (and play)
            "input": str,  # JSON: the input as the API takes it, cards in canonical codes
            "dealer": int,
            "points": str,  # JSON list per side
            "scores": str,  # JSON list per side
            "problems": str,  # JSON list of {code, message}
            "notes": str,  # JSON list of {code, message}
            "ok": int,
            "scarto_check": str,  # JSON verdict of the scarto checked before play, or null
            "deleted": int,
            "version": int,
            "created": str,
            "updated": str,
        },
        pk="id",
        foreign_keys=[("session_id", "sessions", "id")],
        not_null={"session_id", "position", "form", "input", "dealer", "points", "scores"},
        defaults={"deleted": 0, "version": 1, "problems": "[]", "notes": "[]", "ok": 1},
    )
    db.table("deals").create_index(["session_id", "position"])


@migrations()
def create_deal_history(db: sqlite_utils.Database) -> None:
    db.table("deal_history").create(
        {
            "id": int,
            "deal_id": int,
            "at": str,
            "action": str,  # recorded, corrected, deleted, restored, recounted
            "before": str,  # JSON of the deal's input and scores before, or null
            "after": str,  # JSON after, or null
        },
        pk="id",
        foreign_keys=[("deal_id", "deals", "id")],
        not_null={"deal_id", "at", "action"},
    )
    db.table("deal_history").create_index(["deal_id"])


@migrations()
def add_pending_scarto(db: sqlite_utils.Database) -> None:
    # The scarto checked before play, waiting for its deal to be recorded (JSON or null).
    db.table("sessions").add_column("pending_scarto", str)


@migrations()
def add_pending_play(db: sqlite_utils.Database) -> None:
    # A deal's play entered trick by trick and saved part-way, to resume (JSON or null).
    db.table("sessions").add_column("pending_play", str)


@migrations()
def create_access(db: sqlite_utils.Database) -> None:
    # Who may write: the keeper's password and API tokens, a read link and edit PIN per session,
    # and the failed attempts that rate-limit guessing.
    db.table("keeper").create({"id": int, "password_hash": str, "updated": str}, pk="id")
    db.table("api_tokens").create(
        {"id": int, "name": str, "token_hash": str, "created": str, "revoked": str}, pk="id"
    )
    db.table("failed_attempts").create({"id": int, "client": str, "at": float}, pk="id")
    db.table("failed_attempts").create_index(["client", "at"])
    db.table("sessions").add_column("read_token", str)
    db.table("sessions").add_column("pin_hash", str)
    db.table("sessions").add_column("deleted", int, not_null_default=0)
    for row in list(db.query("select id from sessions")):
        token = secrets.token_urlsafe(9)
        db.execute("update sessions set read_token = ? where id = ?", [token, row["id"]])


@migrations()
def add_revisions(db: sqlite_utils.Database) -> None:
    # A session's revision goes up with every change to one of its deals or their history, and
    # a deal keeps the revision of its last change: a worker that holds a session as of one
    # revision reads only the deals changed since (repository.load_session_restamped). Triggers,
    # so that no write can forget it, whichever process makes it.
    db.table("sessions").add_column("revision", int, not_null_default=0)
    db.table("deals").add_column("revision", int, not_null_default=0)
    db.table("deals").create_index(["session_id", "revision"])
    revise_deal = """
        update sessions set revision = revision + 1 where id = {session};
        update deals set revision = (select revision from sessions where id = {session})
        where id = {deal};
    """
    db.executescript(
        f"""
        create trigger deal_inserted after insert on deals begin
            {revise_deal.format(session="new.session_id", deal="new.id")}
        end;
        create trigger deal_updated after update on deals
        when new.revision is old.revision begin
            {revise_deal.format(session="new.session_id", deal="new.id")}
        end;
        create trigger history_inserted after insert on deal_history begin
            {
            revise_deal.format(
                session="(select session_id from deals where id = new.deal_id)", deal="new.deal_id"
            )
        }
        end;
        """
    )


@migrations()
def create_logins(db: sqlite_utils.Database) -> None:
    # The keeper's logins, kept on the server so that they can be ended: the cookie holds a
    # random token, this table its hash. A token's scope ("read" or "write") and expiry; the
    # tokens made before are read-write and never expire.
    db.table("logins").create(
        {
            "id": int,
            "token_hash": str,
            "client": str,
            "agent": str,
            "created": str,
            "seen": float,  # time.time() of its last request, to the minute
            "ended": str,
        },
        pk="id",
        not_null={"token_hash", "created", "seen"},
    )
    db.table("logins").create_index(["token_hash"], unique=True)
    db.table("api_tokens").add_column("scope", str, not_null_default="write")
    db.table("api_tokens").add_column("expires", str)


@migrations()
def make_versions_unique_per_session(db: sqlite_utils.Database) -> None:
    # Every deal started at version 1, so a version read from one deal could match another deal
    # that later took its number, and a correction meant for the first overwrote the second. A
    # deal now takes one above every version of its session (repository.next_version); here every
    # deal gets a new one above all its session had, so that none read before matches another
    # deal: a client holding an old version is refused once (409) and reads the deal again.
    rows = db.execute("select id, session_id, version from deals order by id").fetchall()
    highest: dict[int, int] = {}
    for _deal_id, session_id, version in rows:
        highest[session_id] = max(highest.get(session_id, 0), version or 0)
    renumbered = []
    for deal_id, session_id, _version in rows:
        highest[session_id] += 1
        renumbered.append((highest[session_id], deal_id))
    db.conn.executemany("update deals set version = ? where id = ?", renumbered)
    db.table("deals").create_index(["session_id", "version"])


@migrations()
def create_request_keys(db: sqlite_utils.Database) -> None:
    # The key a deal's write came with (a form's hidden request_key, the API's Idempotency-Key)
    # and its first answer: the same key again in the session is given that answer and stores
    # nothing (storage/request_keys.py). Stored in the deal's own transaction; the unique index
    # is the last word when two requests with one key meet.
    db.table("request_keys").create(
        {
            "id": int,
            "session_id": int,
            "key": str,
            "fingerprint": str,  # hash of the method, address and body: "the same request"
            "deal_id": int,
            "status": int,
            "answer": str,  # the first answer's body, as sent
            "headers": str,  # JSON object: the first answer's Location and ETag
            "at": float,  # time.time() of the first answer; purged after request_keys.KEEP
        },
        pk="id",
        foreign_keys=[("session_id", "sessions", "id"), ("deal_id", "deals", "id")],
        not_null={"session_id", "key", "fingerprint", "deal_id", "status", "at"},
    )
    db.table("request_keys").create_index(["session_id", "key"], unique=True)
    db.table("request_keys").create_index(["at"])


@migrations()
def add_session_language(db: sqlite_utils.Database) -> None:
    # A session's language, chosen when it starts: its printed sheets are in it, whoever prints
    # them (services.SESSION_LANGUAGES). The sessions from before become English ones.
    db.table("sessions").add_column("language", str, not_null_default="en")
