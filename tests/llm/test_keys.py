"""API keys at rest: Fernet tokens in the database, the key outside it, never shown in full."""

from __future__ import annotations

import os
import stat

import pytest

from festinger.llm.keys import KEY_ENV, KEY_FILE_ENV, KeyRing, SecretKeyError, mask

SECRET = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz-0123"


def test_round_trip_and_the_token_does_not_contain_the_key(tmp_path):
    ring = KeyRing(tmp_path, environ={})
    token = ring.encrypt(SECRET)
    assert SECRET not in token and "abcdefghij" not in token
    assert ring.decrypt(token) == SECRET
    # a new KeyRing (another process) reads the same key file
    assert KeyRing(tmp_path, environ={}).decrypt(token) == SECRET


def test_key_file_is_private(tmp_path):
    ring = KeyRing(tmp_path, environ={})
    ring.encrypt(SECRET)
    assert stat.S_IMODE(os.stat(ring.path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(ring.path.parent).st_mode) == 0o700
    assert ring.path.is_relative_to(tmp_path)


def test_a_key_file_elsewhere_never_changes_that_folders_mode(tmp_path):
    """FESTINGER_FERNET_KEY_FILE may point into a shared folder (/run/secrets, a home
    directory): the pack must not chmod a folder it did not create."""
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    shared.chmod(0o755)
    ring = KeyRing(tmp_path / "home", environ={KEY_FILE_ENV: str(shared / "fernet.key")})
    token = ring.encrypt(SECRET)
    assert stat.S_IMODE(os.stat(shared).st_mode) == 0o755
    assert stat.S_IMODE(os.stat(ring.path).st_mode) == 0o600
    assert KeyRing(tmp_path / "other", environ={KEY_FILE_ENV: str(ring.path)}).decrypt(token) \
        == SECRET
    # a folder that does not exist yet is created private
    ring2 = KeyRing(tmp_path / "home", environ={KEY_FILE_ENV: str(tmp_path / "new" / "k")})
    ring2.encrypt(SECRET)
    assert stat.S_IMODE(os.stat(tmp_path / "new").st_mode) == 0o700


def test_another_installation_cannot_decrypt(tmp_path):
    token = KeyRing(tmp_path / "a", environ={}).encrypt(SECRET)
    other = KeyRing(tmp_path / "b", environ={})
    other.encrypt("something else")  # creates b's own key
    with pytest.raises(SecretKeyError) as err:
        other.decrypt(token)
    assert SECRET not in str(err.value)


def test_decrypt_without_a_key_file_says_what_to_do(tmp_path):
    token = KeyRing(tmp_path / "a", environ={}).encrypt(SECRET)
    with pytest.raises(SecretKeyError, match=KEY_ENV):
        KeyRing(tmp_path / "empty", environ={}).decrypt(token)
    assert not (tmp_path / "empty" / "secrets").exists()  # decrypting never creates a key


def test_shared_key_from_the_environment(tmp_path):
    from cryptography.fernet import Fernet

    key = Fernet.generate_key().decode()
    token = KeyRing(tmp_path / "container1", environ={KEY_ENV: key}).encrypt(SECRET)
    assert KeyRing(tmp_path / "container2", environ={KEY_ENV: key}).decrypt(token) == SECRET
    assert not (tmp_path / "container1" / "secrets").exists()


def test_bad_environment_key_is_reported(tmp_path):
    with pytest.raises(SecretKeyError, match="not a valid key"):
        KeyRing(tmp_path, environ={KEY_ENV: "not-a-fernet-key"}).encrypt(SECRET)


def test_empty_key_is_refused(tmp_path):
    with pytest.raises(ValueError):
        KeyRing(tmp_path, environ={}).encrypt("   ")


def test_mask_never_reveals_the_key():
    shown = mask(SECRET)
    assert shown.startswith("sk-a") and shown.endswith("0123")
    assert "abcdefghij" not in shown and len(shown) < 12
    assert mask("short") == "…****"
    assert mask(None) == "" and mask("") == ""
