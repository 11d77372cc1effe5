"""Issue 40, finding 6: webhooks and Web Push endpoints go out through one vetted function
(core/outbound.py), which refuses every non-public address in any of its IPv6 disguises, fails
closed on a name that does not resolve, and connects to the address it checked. Every
connection these tests let through is to loopback; any other is recorded and refused."""

from __future__ import annotations

import ipaddress
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest
import urllib3.util.connection

from core import outbound
from core.notifications import webhooks
from tests import fake_dns
from tests.conftest import client_for

LOOPBACK_FORMS = (
    "127.0.0.1",
    "::1",
    "::127.0.0.1",  # IPv4-compatible
    "::ffff:127.0.0.1",  # IPv4-mapped
    "64:ff9b::7f00:1",  # NAT64
    "2002:7f00:1::",  # 6to4
    "0.0.0.0",
    "::",
)
PRIVATE_FORMS = (
    "10.0.0.1",
    "192.168.1.1",
    "172.16.0.1",
    "100.64.0.1",  # carrier-grade NAT
    "169.254.169.254",  # link-local: the cloud metadata service
    "fe80::1",  # link-local
    "fd00::1",  # unique local
    "fec0::1",  # site-local
    "64:ff9b::a00:1",  # NAT64 of 10.0.0.1
    "::ffff:10.0.0.1",
    "2002:a00:1::",  # 6to4 of 10.0.0.1
    "2001::1",  # Teredo
    "64:ff9b:1::1",  # local-use NAT64
    "224.0.0.1",
    "ff02::1",
    "255.255.255.255",
)
PUBLIC_FORMS = ("93.184.215.14", "2606:4700::1111", "64:ff9b::5db8:d70e", "::ffff:93.184.215.14")


@pytest.fixture(autouse=True)
def _no_such_name(monkeypatch: pytest.MonkeyPatch) -> None:
    """A name that does not resolve, without asking the machine's resolver."""
    fake_dns.answer(monkeypatch, {"no-such-name.invalid": []})


@pytest.mark.parametrize("address", LOOPBACK_FORMS + PRIVATE_FORMS)
def test_no_form_of_a_non_public_address_is_public(address: str) -> None:
    assert not outbound.public(ipaddress.ip_address(address))


@pytest.mark.parametrize("address", PUBLIC_FORMS)
def test_public_addresses_are_public_in_any_form(address: str) -> None:
    assert outbound.public(ipaddress.ip_address(address))


def test_a_name_that_does_not_resolve_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    fake_dns.answer(monkeypatch, {"gone.example.net": []})
    with pytest.raises(outbound.Refused):
        outbound.check_url("https://gone.example.net/p", schemes=("https",), allow_private=False)


def test_a_name_with_one_private_address_among_public_ones_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fake_dns.answer(monkeypatch, {"mixed.example.net": [fake_dns.PUBLIC, "127.0.0.1"]})
    with pytest.raises(outbound.Refused):
        outbound.check_url("https://mixed.example.net/", schemes=("https",), allow_private=False)


# --- at the door: webhook URLs and push endpoints ---------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url",
    [
        "http://[::127.0.0.1]/",
        "http://[64:ff9b::7f00:1]/",
        "http://[2002:7f00:1::]/",
        "http://[::ffff:127.0.0.1]/",
        "http://[fe80::1]/",
        "http://no-such-name.invalid/hook",
    ],
)
def test_a_webhook_url_to_loopback_in_disguise_is_refused(
    alice: Any, settings: Any, url: str
) -> None:
    settings.LUDOTEKA_WEBHOOK_ALLOW_PRIVATE = False
    res = client_for(alice).patch("/api/notifications/preferences", {"webhook_url": url})
    assert res.status_code == 422, res.content
    assert res.json()["code"] == "invalid_webhook_url"


@pytest.mark.django_db
def test_a_webhook_url_with_a_space_is_refused_even_where_private_targets_are_allowed(
    alice: Any, settings: Any
) -> None:
    settings.LUDOTEKA_WEBHOOK_ALLOW_PRIVATE = True
    res = client_for(alice).patch(
        "/api/notifications/preferences", {"webhook_url": "http://127.0.0.1:9/poison hook"}
    )
    assert (res.status_code, res.json()["code"]) == (422, "invalid_webhook_url")


P256DH = "BGsX0fLhLEJH-Lzm5WOkQPJ3A32BLeszoPShOUXYmMKWT-NC4v4af5uO5-tKfA-eFivOM1drMV7Oy7ZAaDe_UfU"
AUTH = "AAECAwQFBgcICQoLDA0ODw"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "endpoint",
    [
        "https://[::127.0.0.1]:8399/p",
        "https://localhost./p",
        "https://x.localhost./p",
        "https://ip6-localhost/p",
        "https://[64:ff9b::7f00:1]/p",
        "https://no-such-name.invalid/p",  # fails closed: once it counted as public
    ],
)
def test_a_push_endpoint_that_is_not_a_public_https_url_is_refused_at_subscription(
    alice: Any, endpoint: str
) -> None:
    body = {"endpoint": endpoint, "keys": {"p256dh": P256DH, "auth": AUTH}}
    res = client_for(alice).post("/api/push/subscriptions", body, format="json")
    assert res.status_code == 422, res.content
    assert res.json()["code"] in ("endpoint_not_allowed", "invalid_endpoint")


# --- on the wire: the address checked is the address called -----------------------------------


@pytest.fixture
def loopback_hook() -> Iterator[dict[str, Any]]:
    """A webhook receiver on loopback: what an attacker would like the server to call."""
    hits: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            hits.append(self.path)
            self.rfile.read(int(self.headers.get("Content-Length", "0")))
            self.send_response(204)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield {"port": server.server_address[1], "hits": hits}
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture
def connections(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Where vetted connections go: loopback ones are made, any other is recorded and refused
    (nothing leaves the machine)."""
    made: list[str] = []
    real = urllib3.util.connection.create_connection

    def create_connection(address: tuple[str, int], *args: Any, **kwargs: Any) -> Any:
        made.append(address[0])
        if not ipaddress.ip_address(address[0]).is_loopback:
            raise ConnectionRefusedError("the tests never leave the machine")
        return real(address, *args, **kwargs)

    monkeypatch.setattr(urllib3.util.connection, "create_connection", create_connection)
    return made


def test_a_rebinding_name_cannot_turn_a_checked_webhook_to_loopback(
    settings: Any,
    monkeypatch: pytest.MonkeyPatch,
    loopback_hook: dict[str, Any],
    connections: list[str],
) -> None:
    """The name answers a public address to the first lookup and loopback to every later one:
    checked then resolved again to connect, the request reached loopback."""
    settings.LUDOTEKA_WEBHOOK_ALLOW_PRIVATE = False
    settings.LUDOTEKA_WEBHOOK_TIMEOUT = 2.0
    answers = iter([[fake_dns.PUBLIC]])
    lookups = fake_dns.answer(
        monkeypatch, {"rebind.example.net": lambda: next(answers, ["127.0.0.1"])}
    )
    url = f"http://rebind.example.net:{loopback_hook['port']}/hook"
    with pytest.raises(webhooks.WebhookFailed):
        webhooks.webhook_post(url, "secret", {"kind": "your_turn"}, timestamp=1)
    assert loopback_hook["hits"] == []
    assert lookups["rebind.example.net"] == 1
    assert connections == [fake_dns.PUBLIC]


def test_a_name_of_loopback_is_refused_on_the_connection_itself(
    monkeypatch: pytest.MonkeyPatch, loopback_hook: dict[str, Any], connections: list[str]
) -> None:
    """Whatever was checked when it was saved: each send's connection vets again."""
    fake_dns.answer(monkeypatch, {"inside.example.net": ["127.0.0.1"]})
    url = f"http://inside.example.net:{loopback_hook['port']}/hook"
    with outbound.session(allow_private=False) as session, pytest.raises(Exception) as caught:
        session.post(url, data=b"{}", timeout=2)
    assert "not a public address" in str(caught.value)
    assert loopback_hook["hits"] == [] and connections == []


def test_the_vetted_session_still_reaches_loopback_where_it_is_allowed(
    loopback_hook: dict[str, Any], connections: list[str]
) -> None:
    with outbound.session(allow_private=True) as session:
        res = session.post(f"http://localhost:{loopback_hook['port']}/ok", data=b"{}", timeout=5)
    assert res.status_code == 204
    assert loopback_hook["hits"] == ["/ok"]
    assert connections and all(ipaddress.ip_address(a).is_loopback for a in connections)


def _certificate(tmp_path: Any, name: str) -> tuple[str, str]:
    """A self-signed certificate for ``name`` (and its key), as PEM files."""
    import datetime

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = datetime.datetime.now(datetime.UTC)
    cert = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(minutes=5))
        .not_valid_after(now + datetime.timedelta(hours=1))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(name)]), critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_path, key_path = tmp_path / "cert.pem", tmp_path / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return str(cert_path), str(key_path)


def test_tls_is_checked_against_the_name_not_the_address_connected_to(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch, connections: list[str]
) -> None:
    """A push service's certificate names its host: connecting to the vetted address must
    still send that name (SNI) and verify the certificate against it."""
    import ssl

    cert, key = _certificate(tmp_path, "push.example.net")
    hits: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            hits.append(self.headers["Host"])
            self.rfile.read(int(self.headers.get("Content-Length", "0")))
            self.send_response(201)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    port = server.server_address[1]
    try:
        fake_dns.answer(monkeypatch, {"push.example.net": ["127.0.0.1"]})
        with outbound.session(allow_private=True) as session:
            res = session.post(f"https://push.example.net:{port}/p", data=b"x", verify=cert)
            assert res.status_code == 201
            assert hits == [f"push.example.net:{port}"]
            assert connections == ["127.0.0.1"]
            fake_dns.answer(monkeypatch, {"other.example.net": ["127.0.0.1"]})
            with pytest.raises(Exception, match=r"certificate|hostname"):
                session.post(f"https://other.example.net:{port}/p", data=b"x", verify=cert)
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
