"""A push service on loopback that checks what a real one checks, written from the RFCs with
``cryptography`` primitives only (no pywebpush, no http_ece), so a message it decrypts proves
the server's encryption and signature independently.

- RFC 8030 (Web Push): POST to the subscription's endpoint, ``TTL`` required, ``Urgency`` and
  ``Topic`` optional; 201 Created on acceptance.
- RFC 8292 (VAPID): ``Authorization: vapid t=<JWT>, k=<public key>``; an ES256 JWT signed by
  k, whose ``aud`` is the endpoint's origin, ``exp`` in the future and at most 24 hours ahead,
  ``sub`` a mailto: or https: contact. 401 otherwise; 403 when the subscription was made for
  another application server key.
- RFC 8291 + RFC 8188 (message encryption): ``Content-Encoding: aes128gcm``, a single record,
  the content key and nonce derived from ECDH with the subscriber's key and its auth secret.
"""

from __future__ import annotations

import base64
import json
import os
import re
import secrets
import struct
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

MAX_BODY = 4096  # RFC 8291 §4: push services need accept no more
MAX_TOKEN_LIFETIME = 24 * 3600  # RFC 8292 §2
URGENCIES = {"very-low", "low", "normal", "high"}  # RFC 8030 §5.3
TOPIC = re.compile(r"^[A-Za-z0-9_-]{1,32}$")  # RFC 8030 §5.4


class Rejected(Exception):
    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def _public_point(key: ec.EllipticCurvePrivateKey | ec.EllipticCurvePublicKey) -> bytes:
    public = key.public_key() if isinstance(key, ec.EllipticCurvePrivateKey) else key
    return public.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )


@dataclass
class Subscriber:
    """A browser's side of one subscription: its ECDH key pair and auth secret."""

    token: str
    endpoint: str
    private_key: ec.EllipticCurvePrivateKey
    auth_secret: bytes
    application_server_key: str | None  # base64url; None: the subscription accepts any key

    @property
    def p256dh(self) -> str:
        return b64url(_public_point(self.private_key))

    @property
    def auth(self) -> str:
        return b64url(self.auth_secret)

    def to_json(self) -> dict[str, Any]:
        """What ``PushSubscription.toJSON()`` gives in a browser."""
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": self.p256dh, "auth": self.auth},
        }


@dataclass
class Accepted:
    token: str
    headers: dict[str, str]
    claims: dict[str, Any]
    body: bytes
    plaintext: bytes

    def json(self) -> Any:
        return json.loads(self.plaintext)


@dataclass
class Rejection:
    token: str
    status: int
    reason: str


@dataclass
class PushService:
    host: str = "127.0.0.1"
    port: int = 0
    subscribers: dict[str, Subscriber] = field(default_factory=dict)
    accepted: list[Accepted] = field(default_factory=list)
    rejected: list[Rejection] = field(default_factory=list)
    forced: dict[str, int] = field(default_factory=dict)  # token -> status to answer
    delay: float = 0.0  # seconds to wait before answering, to test the sender's timeout
    requests: int = 0  # POSTs received, accepted or not
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def origin(self) -> str:
        return f"http://{self.host}:{self.port}"

    def subscribe(self, application_server_key: str | None = None) -> Subscriber:
        token = secrets.token_urlsafe(16)
        subscriber = Subscriber(
            token=token,
            endpoint=f"{self.origin}/push/{token}",
            private_key=ec.generate_private_key(ec.SECP256R1()),
            auth_secret=os.urandom(16),
            application_server_key=application_server_key,
        )
        self.subscribers[token] = subscriber
        return subscriber

    def answer(self, endpoint: str, status: int) -> None:
        """Answer every later push to ``endpoint`` with ``status`` (410: unsubscribed, 500...)."""
        self.forced[endpoint.rsplit("/", 1)[-1]] = status

    # --- one request ------------------------------------------------------------------------

    def handle(self, path: str, headers: dict[str, str], body: bytes) -> int:
        token = path.rsplit("/", 1)[-1] if path.startswith("/push/") else ""
        with self.lock:
            self.requests += 1
        try:
            subscriber = self.subscribers.get(token)
            if subscriber is None:
                raise Rejected(404, "no such subscription")
            claims = verify_vapid(headers.get("authorization", ""), self.origin, subscriber)
            check_push_headers(headers)
            if headers.get("content-encoding") != "aes128gcm":
                raise Rejected(415, "Content-Encoding is not aes128gcm")
            plaintext = decrypt(body, subscriber.private_key, subscriber.auth_secret)
        except Rejected as err:
            with self.lock:
                self.rejected.append(Rejection(token, err.status, err.reason))
            return err.status
        if token in self.forced:
            return self.forced[token]
        with self.lock:
            self.accepted.append(Accepted(token, headers, claims, body, plaintext))
        return 201


def verify_vapid(authorization: str, origin: str, subscriber: Subscriber) -> dict[str, Any]:
    """RFC 8292 §3: the ``vapid`` scheme with parameters t (the JWT) and k (the key)."""
    scheme, _, params = authorization.partition(" ")
    if scheme.lower() != "vapid":
        raise Rejected(401, "Authorization is not the vapid scheme")
    parts = dict(p.strip().split("=", 1) for p in params.split(",") if "=" in p)
    if "t" not in parts or "k" not in parts:
        raise Rejected(401, "vapid needs t and k")
    try:
        point = unb64url(parts["k"])
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), point)
        header_b64, claims_b64, signature_b64 = parts["t"].split(".")
        header = json.loads(unb64url(header_b64))
        claims = json.loads(unb64url(claims_b64))
        signature = unb64url(signature_b64)
    except ValueError as err:
        raise Rejected(401, f"malformed vapid: {err}") from err
    # RFC 8292 §2: ES256, the JWS signature being r || s, 32 octets each (RFC 7518 §3.4).
    if header.get("alg") != "ES256" or len(signature) != 64:
        raise Rejected(401, "the JWT is not ES256")
    r, s = int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big")
    try:
        public.verify(
            encode_dss_signature(r, s),
            f"{header_b64}.{claims_b64}".encode(),
            ec.ECDSA(hashes.SHA256()),
        )
    except InvalidSignature as err:
        raise Rejected(401, "bad JWT signature") from err
    if claims.get("aud") != origin:
        raise Rejected(401, f"aud {claims.get('aud')!r} is not {origin!r}")
    now = time.time()
    exp = claims.get("exp")
    if not isinstance(exp, int) or not now < exp <= now + MAX_TOKEN_LIFETIME:
        raise Rejected(401, f"exp {exp!r} is not within the next 24 hours")
    if not re.match(r"^(mailto:.+@.+|https://.+)$", str(claims.get("sub", ""))):
        raise Rejected(401, "sub is not a mailto: or https: contact")
    # RFC 8292 §4.2: a subscription made with an applicationServerKey takes pushes signed by it.
    if subscriber.application_server_key and unb64url(subscriber.application_server_key) != point:
        raise Rejected(403, "signed by another key than the subscription's")
    return claims


def check_push_headers(headers: dict[str, str]) -> None:
    ttl = headers.get("ttl", "")
    if not ttl.isdigit():
        raise Rejected(400, "TTL is missing or not a number of seconds")  # RFC 8030 §5.2
    if headers.get("urgency", "normal") not in URGENCIES:
        raise Rejected(400, "unknown Urgency")
    if "topic" in headers and not TOPIC.match(headers["topic"]):
        raise Rejected(400, "Topic is not 1-32 base64url characters")


def decrypt(body: bytes, ua_private: ec.EllipticCurvePrivateKey, auth_secret: bytes) -> bytes:
    """RFC 8291 §3.4 key derivation, RFC 8188 §2 content coding."""
    if len(body) > MAX_BODY:
        raise Rejected(413, "payload too large")
    # RFC 8188 §2.1: salt (16) | rs (uint32) | idlen (1) | keyid (idlen); RFC 8291 §4: the keyid
    # is the application server's ephemeral public key.
    if len(body) < 21:
        raise Rejected(400, "no aes128gcm header")
    salt, (rs,), idlen = body[:16], struct.unpack(">I", body[16:20]), body[20]
    keyid, ciphertext = body[21 : 21 + idlen], body[21 + idlen :]
    if idlen != 65 or rs < 18:
        raise Rejected(400, "keyid is not a P-256 point, or rs is too small")
    try:
        as_public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), keyid)
    except ValueError as err:
        raise Rejected(400, "keyid is not on the curve") from err
    ecdh_secret = ua_private.exchange(ec.ECDH(), as_public)
    # RFC 8291 §3.4: IKM = HKDF(salt=auth_secret, ikm=ecdh_secret,
    #                           info="WebPush: info" 0x00 ua_public as_public, L=32)
    key_info = b"WebPush: info\x00" + _public_point(ua_private) + keyid
    ikm = _hkdf(salt=auth_secret, ikm=ecdh_secret, info=key_info, length=32)
    # RFC 8188 §2.2-2.3: CEK and NONCE from the salt of the header.
    cek = _hkdf(salt=salt, ikm=ikm, info=b"Content-Encoding: aes128gcm\x00", length=16)
    nonce = _hkdf(salt=salt, ikm=ikm, info=b"Content-Encoding: nonce\x00", length=12)
    # RFC 8291 §4: a push message is a single record, so its sequence number is 0 and the nonce
    # is NONCE itself (RFC 8188 §2.3: NONCE XOR SEQ).
    if not 17 <= len(ciphertext) <= rs:
        raise Rejected(400, "not exactly one record")
    try:
        record = AESGCM(cek).decrypt(nonce, ciphertext, None)
    except InvalidTag as err:
        raise Rejected(400, "decryption failed") from err
    # RFC 8188 §2: data, then the delimiter (2 in the last record), then zero padding.
    unpadded = record.rstrip(b"\x00")
    if not unpadded or unpadded[-1] != 2:
        raise Rejected(400, "the last record lacks its delimiter")
    return unpadded[:-1]


def _hkdf(*, salt: bytes, ikm: bytes, info: bytes, length: int) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)


# --- the HTTP face ------------------------------------------------------------------------------


def _handler_for(service: PushService) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        timeout = 5  # a client that stops sending cannot hold a thread

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(min(length, MAX_BODY + 1))
            headers = {k.lower(): v for k, v in self.headers.items()}
            status = service.handle(self.path, headers, body)
            if service.delay:
                time.sleep(service.delay)
            self.send_response(status)
            if status == 201:
                self.send_header("Location", f"{service.origin}/message/{secrets.token_hex(8)}")
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Handler


class RunningPushService:
    """The service on a thread of its own; ``stop`` waits a bounded time."""

    def __init__(self) -> None:
        self.service = PushService()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self.service))
        self.server.daemon_threads = True
        self.service.port = self.server.server_address[1]
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    def start(self) -> PushService:
        self.thread.start()
        return self.service

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)
        assert not self.thread.is_alive(), "the test push service did not stop"
