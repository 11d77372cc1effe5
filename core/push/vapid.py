"""The server's VAPID identity (RFC 8292): the P-256 key pair that signs every push request, and
the contact subject the push services see.

From the settings when ``LUDOTEKA_VAPID_PRIVATE_KEY`` is given (PEM, or the base64url raw
32-byte scalar). Otherwise a development pair is generated on first use and kept in
``var/vapid-dev.json`` (ignored by git): every process of one checkout signs with the same key,
so browsers subscribed yesterday still receive pushes today.
"""

from __future__ import annotations

import json
import logging
import os
import re
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from py_vapid import Vapid02

from core.push.b64 import b64url_decode, b64url_encode

log = logging.getLogger(__name__)

DEV_SUBJECT = "mailto:admin@localhost"
# RFC 8292 §2.1: a contact URI, mailto: or https:. No wider than py_vapid's check at signing
# time (an https: subject without a path), so a subject accepted here never fails a send.
_SUBJECT = re.compile(
    r"^(mailto:[^@\s]+@(localhost|[\w%-]+(\.[\w%-]+)+)|https://(localhost|[\w-]+\.[\w.-]+))$"
)


@dataclass(frozen=True)
class Vapid:
    private_key: ec.EllipticCurvePrivateKey
    subject: str

    @property
    def public_key(self) -> str:
        """The uncompressed public point, base64url: the browser's ``applicationServerKey``."""
        point = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return b64url_encode(point)

    def signer(self) -> Vapid02:
        return Vapid02(private_key=self.private_key)


def vapid() -> Vapid:
    """The configured identity; read (or generated) once per process and per settings."""
    return _load(
        settings.PUSH_VAPID_PRIVATE_KEY,
        settings.PUSH_VAPID_SUBJECT,
        str(settings.PUSH_VAPID_DEV_FILE),
    )


@lru_cache(maxsize=4)
def _load(private_key: str, subject: str, dev_file: str) -> Vapid:
    if private_key:
        if not subject:
            raise ImproperlyConfigured(
                "LUDOTEKA_VAPID_SUBJECT is required with LUDOTEKA_VAPID_PRIVATE_KEY "
                "(e.g. mailto:admin@example.org): push services use it to reach the operator."
            )
        key = parse_private_key(private_key)
    else:
        key = dev_key_pair(Path(dev_file))
    subject = subject or DEV_SUBJECT
    if not _SUBJECT.match(subject):
        raise ImproperlyConfigured(
            f"LUDOTEKA_VAPID_SUBJECT must be a mailto: or https: URI, not {subject!r}."
        )
    return Vapid(private_key=key, subject=subject)


def parse_private_key(text: str) -> ec.EllipticCurvePrivateKey:
    """A P-256 private key from PEM or from the base64url raw scalar; ImproperlyConfigured
    otherwise (the message never repeats the key)."""
    # Environment files often carry a PEM on one line with literal "\n".
    text = text.strip().replace("\\n", "\n")
    try:
        if text.startswith("-----BEGIN"):
            key = serialization.load_pem_private_key(text.encode(), password=None)
        else:
            raw = b64url_decode(text)
            if len(raw) != 32:
                raise ValueError("a raw P-256 private key is 32 bytes")
            key = ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1())
    except (ValueError, TypeError) as err:
        raise ImproperlyConfigured(
            "LUDOTEKA_VAPID_PRIVATE_KEY is neither a PEM private key nor a base64url raw "
            "P-256 scalar."
        ) from err
    if not isinstance(key, ec.EllipticCurvePrivateKey) or not isinstance(key.curve, ec.SECP256R1):
        raise ImproperlyConfigured("LUDOTEKA_VAPID_PRIVATE_KEY must be a P-256 (prime256v1) key.")
    return key


def raw_private_key(key: ec.EllipticCurvePrivateKey) -> str:
    return b64url_encode(key.private_numbers().private_value.to_bytes(32, "big"))


def dev_key_pair(path: Path) -> ec.EllipticCurvePrivateKey:
    """The development pair in ``path``, created on first use.

    Created complete under a temporary name (mkstemp: mode 0600) and then hard-linked to
    ``path``, which fails if the file exists: of two processes starting at once, the first link
    wins and the other reads that pair, so they never sign with different keys.
    """
    try:
        return _read_dev_file(path)
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    key = ec.generate_private_key(ec.SECP256R1())
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".vapid-dev-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as f:
            public = Vapid(private_key=key, subject=DEV_SUBJECT).public_key
            json.dump({"private_key": raw_private_key(key), "public_key": public}, f)
            f.flush()
            os.fsync(f.fileno())
        try:
            os.link(tmp, path)
        except FileExistsError:
            return _read_dev_file(path)
    finally:
        os.unlink(tmp)
    if not settings.DEBUG:
        log.warning(
            "Web Push: generated a development VAPID key pair in %s; set "
            "LUDOTEKA_VAPID_PRIVATE_KEY in production (every server must sign with one key).",
            path,
        )
    return key


def _read_dev_file(path: Path) -> ec.EllipticCurvePrivateKey:
    try:
        return parse_private_key(json.loads(path.read_text())["private_key"])
    except FileNotFoundError:
        raise
    except (OSError, ValueError, KeyError, TypeError, ImproperlyConfigured) as err:
        raise ImproperlyConfigured(
            f"{path} is not a VAPID development key file; delete it to generate a new pair."
        ) from err
