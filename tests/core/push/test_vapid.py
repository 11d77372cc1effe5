"""The server's VAPID key pair: from the settings, or a development pair kept under var/."""

from __future__ import annotations

import json
import shutil
import stat
import subprocess
import threading
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.exceptions import ImproperlyConfigured

from core.push import vapid as vapid_module
from core.push.b64 import b64url_decode, b64url_encode
from core.push.vapid import dev_key_pair, raw_private_key, vapid
from core.settings import base


def _point(key: ec.EllipticCurvePrivateKey) -> str:
    return b64url_encode(
        key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
    )


def test_the_dev_pair_is_created_once_private_to_its_owner_and_reused(settings: Any) -> None:
    path: Path = settings.PUSH_VAPID_DEV_FILE
    assert not path.exists()

    first = dev_key_pair(path)
    content = path.read_text()
    second = dev_key_pair(path)

    assert raw_private_key(first) == raw_private_key(second)
    assert path.read_text() == content
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert json.loads(content) == {
        "private_key": raw_private_key(first),
        "public_key": _point(first),
    }
    assert [p.name for p in path.parent.iterdir()] == ["vapid-dev.json"]  # no temporary left


def test_the_public_key_is_the_browsers_application_server_key(settings: Any) -> None:
    public = vapid().public_key
    point = b64url_decode(public)
    assert len(point) == 65 and point[0] == 4 and "=" not in public
    ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
    assert json.loads(settings.PUSH_VAPID_DEV_FILE.read_text())["public_key"] == public


def test_processes_starting_at_once_agree_on_one_pair(tmp_path: Path) -> None:
    path = tmp_path / "var" / "vapid-dev.json"
    barrier = threading.Barrier(8, timeout=10)
    keys: list[str] = []

    def start() -> None:
        barrier.wait()
        keys.append(raw_private_key(dev_key_pair(path)))

    threads = [threading.Thread(target=start) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=10)
    assert len(keys) == 8 and len(set(keys)) == 1
    assert json.loads(path.read_text())["private_key"] == keys[0]


def test_the_dev_file_lives_in_the_ignored_var_directory(tmp_path: Path) -> None:
    default = Path(base.PUSH_VAPID_DEV_FILE)
    assert default.parent == base.BASE_DIR / "var"
    # The project's .gitignore, asked of git in a repository of its own (so the test runs from
    # an unpacked source tree as well as from a checkout).
    shutil.copy(base.BASE_DIR / ".gitignore", tmp_path / ".gitignore")
    subprocess.run(["git", "init", "--quiet"], cwd=tmp_path, timeout=10, check=True)
    ignored = subprocess.run(
        ["git", "check-ignore", "--quiet", "--no-index", "var/vapid-dev.json"],
        cwd=tmp_path,
        timeout=10,
    )
    assert ignored.returncode == 0, "var/vapid-dev.json would be committed"


def test_a_corrupt_dev_file_fails_loudly(settings: Any) -> None:
    path: Path = settings.PUSH_VAPID_DEV_FILE
    path.parent.mkdir(parents=True)
    path.write_text("{not json")
    with pytest.raises(ImproperlyConfigured, match="delete it"):
        vapid()


def _pem(key: ec.EllipticCurvePrivateKey) -> str:
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


@pytest.mark.parametrize("form", ["pem", "pem on one line", "raw"])
def test_a_key_from_the_settings_wins(settings: Any, form: str) -> None:
    key = ec.generate_private_key(ec.SECP256R1())
    settings.PUSH_VAPID_PRIVATE_KEY = {
        "pem": _pem(key),
        "pem on one line": _pem(key).replace("\n", "\\n"),
        "raw": raw_private_key(key),
    }[form]
    settings.PUSH_VAPID_SUBJECT = "mailto:admin@example.org"

    identity = vapid()

    assert identity.public_key == _point(key)
    assert identity.subject == "mailto:admin@example.org"
    assert not settings.PUSH_VAPID_DEV_FILE.exists()


def test_the_dev_pair_is_used_until_a_key_is_configured(settings: Any) -> None:
    dev = vapid()
    assert dev.public_key == _point(dev_key_pair(settings.PUSH_VAPID_DEV_FILE))
    assert dev.subject == vapid_module.DEV_SUBJECT
    key = ec.generate_private_key(ec.SECP256R1())
    settings.PUSH_VAPID_PRIVATE_KEY = raw_private_key(key)
    settings.PUSH_VAPID_SUBJECT = "https://ludoteka.example.org"
    assert vapid().public_key == _point(key) != dev.public_key


@pytest.mark.parametrize(
    ("key", "subject", "complaint"),
    [
        ("not a key", "mailto:admin@example.org", "neither a PEM"),
        (b64url_encode(b"\x01" * 31), "mailto:admin@example.org", "neither a PEM"),
        (
            "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----",
            "mailto:a@b.org",
            "neither",
        ),
        ("p384", "mailto:admin@example.org", "P-256"),
        ("good", "", "SUBJECT is required"),
        ("good", "admin@example.org", "mailto: or https:"),
        ("good", "https://example.org/contact", "mailto: or https:"),
    ],
)
def test_a_bad_key_or_subject_fails_loudly(
    settings: Any, key: str, subject: str, complaint: str
) -> None:
    good = ec.generate_private_key(ec.SECP256R1())
    settings.PUSH_VAPID_PRIVATE_KEY = {
        "good": raw_private_key(good),
        "p384": _pem(ec.generate_private_key(ec.SECP384R1())),
    }.get(key, key)
    settings.PUSH_VAPID_SUBJECT = subject
    with pytest.raises(ImproperlyConfigured, match=complaint) as refused:
        vapid()
    assert raw_private_key(good) not in str(refused.value)


def test_a_configured_key_is_checked_at_start_up(settings: Any) -> None:
    from django.apps import apps

    settings.PUSH_VAPID_PRIVATE_KEY = "not a key"
    settings.PUSH_VAPID_SUBJECT = "mailto:admin@example.org"
    with pytest.raises(ImproperlyConfigured):
        apps.get_app_config("push").ready()
