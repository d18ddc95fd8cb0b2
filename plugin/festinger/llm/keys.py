"""API keys of the `models` table, encrypted at rest with Fernet.

The database holds only Fernet tokens; the Fernet key lives outside it, in
``$FESTINGER_HOME/secrets/fernet.key`` (folder 0700, file 0600), so a dump or a backup of the
database alone does not reveal a provider key. Several containers sharing one external
database must share the key too: ``FESTINGER_FERNET_KEY`` (the key itself) or
``FESTINGER_FERNET_KEY_FILE`` (a path) then wins over the file in the data folder.

A plain key is never logged or shown back: `mask` keeps a recognisable prefix and the last
four characters, which is what the CLI, the API and the admin page display.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Optional

KEY_ENV = "FESTINGER_FERNET_KEY"
KEY_FILE_ENV = "FESTINGER_FERNET_KEY_FILE"
KEY_RELATIVE_PATH = Path("secrets") / "fernet.key"


class SecretKeyError(RuntimeError):
    """The Fernet key is missing, unreadable, or not the one a stored key was encrypted with."""


def mask(secret: Optional[str]) -> str:
    """`sk-ant-api03-...` -> `sk-a…wxyz`: enough to tell keys apart, never enough to use one."""
    if not secret:
        return ""
    if len(secret) <= 8:
        return "…" + "*" * 4
    return f"{secret[:4]}…{secret[-4:]}"


class KeyRing:
    """Encrypts and decrypts provider keys with the pack's Fernet key (created on first use)."""

    def __init__(self, home: Path, environ: Optional[dict] = None) -> None:
        self.home = Path(home)
        self._environ = os.environ if environ is None else environ
        self._fernet: Any = None  # cryptography's Fernet, imported on first use

    @property
    def path(self) -> Path:
        override = self._environ.get(KEY_FILE_ENV)
        return Path(override).expanduser() if override else self.home / KEY_RELATIVE_PATH

    def _load(self, create: bool):
        from cryptography.fernet import Fernet

        if self._fernet is not None:
            return self._fernet
        raw = self._environ.get(KEY_ENV)
        if raw:
            key = raw.strip().encode()
        else:
            key = self._read_or_create(create)
        try:
            self._fernet = Fernet(key)
        except (ValueError, TypeError) as exc:
            raise SecretKeyError(f"the Fernet key ({KEY_ENV} or {self.path}) is not a valid key: "
                            "32 url-safe base64-encoded bytes expected") from exc
        return self._fernet

    def _read_or_create(self, create: bool) -> bytes:
        path = self.path
        try:
            return path.read_bytes().strip()
        except FileNotFoundError:
            if not create:
                raise SecretKeyError(f"no Fernet key at {path}: stored API keys cannot be read "
                                f"(set {KEY_ENV} or {KEY_FILE_ENV} to the key they were "
                                "encrypted with)") from None
        except OSError as exc:
            raise SecretKeyError(f"cannot read the Fernet key {path}: {exc.strerror}") from None
        from cryptography.fernet import Fernet

        own = self.home / KEY_RELATIVE_PATH
        if path == own:
            # The pack's own secrets/ folder: nobody else's files live there, so it is
            # tightened even if it already existed.
            own.parent.mkdir(parents=True, exist_ok=True)
            try:
                os.chmod(own.parent, 0o700)
            except OSError:
                pass
        else:
            # FESTINGER_FERNET_KEY_FILE names a folder that may be shared (/run/secrets, a
            # home directory): its mode is the operator's business. Only a folder created
            # here gets 0700; the key file itself is 0600 either way.
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        key = Fernet.generate_key()
        # O_EXCL: two processes creating the key at once must not end with two keys; the
        # loser reads the winner's. The mode is set at creation, never widened.
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            return path.read_bytes().strip()
        with os.fdopen(fd, "wb") as fh:
            fh.write(key + b"\n")
            fh.flush()
            os.fsync(fh.fileno())
        return key

    def encrypt(self, secret: str) -> str:
        if not isinstance(secret, str) or not secret.strip():
            raise ValueError("an API key is a non-empty text")
        return self._load(create=True).encrypt(secret.strip().encode()).decode("ascii")

    def decrypt(self, token: str) -> str:
        from cryptography.fernet import InvalidToken

        try:
            return self._load(create=False).decrypt(token.encode("ascii")).decode()
        except InvalidToken:
            raise SecretKeyError("a stored API key cannot be decrypted with this Fernet key "
                            f"({KEY_ENV} or {self.path}): was it encrypted by another "
                            "installation? Store the key again with `festinger models key`") from None
        except (UnicodeEncodeError, AttributeError):
            raise SecretKeyError("a stored API key is not a Fernet token") from None
