"""Passwords and PINs hashed cheaply in the suite.

The app hashes them with scrypt, slow on purpose (some 90 ms each here); hundreds of tests set a
password, log in or start a session with a PIN, and none of them is about the hash's cost.
conftest.py sets this method for every app the suite makes, servers in subprocesses included;
tests/web/test_access.py holds the app's own default.
"""

from werkzeug.security import generate_password_hash

QUICK_HASH = "pbkdf2:sha256:1"


def quick_hash(secret: str) -> str:
    return generate_password_hash(secret, method=QUICK_HASH)
