"""The one way out for HTTP requests to addresses that users give the server: webhooks and Web
Push endpoints. Without care, such a URL makes the server call its own neighbours (server-side
request forgery): loopback, the private network, a cloud's metadata service.

- ``public(ip)``: whether an address is one the server may call: globally routable, not
  multicast, and for the IPv6 forms that carry an IPv4 address inside them (IPv4-mapped,
  NAT64's ``64:ff9b::/96``) whether that IPv4 address is; IPv4-compatible (``::/96``), 6to4
  (``2002::/16``), Teredo, local NAT64 (``64:ff9b:1::/48``) and site-local addresses are
  refused outright. Python's ``is_global`` alone calls ``::127.0.0.1``, ``64:ff9b::7f00:1``
  and ``2002:7f00:1::`` global, which all lead to loopback.
- ``check_url(url, ...)``: when a URL is saved. Its name is resolved, and every address must be
  public; a name that does not resolve is refused (fails closed).
- ``session(...)``: a ``requests.Session`` for sending (webhooks, and pywebpush through its
  ``requests_session``). Each of its connections resolves the name once, vets every address
  and connects to a vetted one: the address checked is the address called, so a name that
  changes its answer between a check and a connection (DNS rebinding) gains nothing. TLS still
  checks the certificate against the name (urllib3 sends and verifies the URL's host name, not
  the address). No redirects, and no proxy from the environment (a proxy would make the
  connection somewhere else than where it was vetted).

``allow_private`` (development and tests: ``LUDOTEKA_WEBHOOK_ALLOW_PRIVATE``,
``LUDOTEKA_PUSH_ALLOW_INSECURE_ENDPOINTS``) lets any address through, resolved the same way.
"""

from __future__ import annotations

import functools
import ipaddress
import socket
import sys
from typing import Any
from urllib.parse import urlsplit

import requests
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
from urllib3.exceptions import ConnectTimeoutError, NewConnectionError
from urllib3.util import connection

Address = ipaddress.IPv4Address | ipaddress.IPv6Address

_NAT64 = ipaddress.ip_network("64:ff9b::/96")  # RFC 6052: the well-known prefix
_REFUSED_V6 = (
    ipaddress.ip_network("::/96"),  # IPv4-compatible (deprecated, RFC 4291), :: and ::1 too
    ipaddress.ip_network("2002::/16"),  # 6to4 (RFC 3056, deprecated by RFC 7526)
    ipaddress.ip_network("2001::/32"),  # Teredo (RFC 4380)
    ipaddress.ip_network("64:ff9b:1::/48"),  # local-use NAT64 (RFC 8215)
    ipaddress.ip_network("fec0::/10"),  # site-local (deprecated, RFC 3879)
)


class Refused(OSError):
    """The URL may not be called: its name does not resolve, or leads to an address that is not
    public. An ``OSError``, so that a connection refused this way fails as any other does."""


def public(ip: Address) -> bool:
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return public(ip.ipv4_mapped)
        if ip in _NAT64:
            return public(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
        if any(ip in network for network in _REFUSED_V6):
            return False
    return ip.is_global and not ip.is_multicast


def resolve(
    host: str, port: int, *, allow_private: bool
) -> list[tuple[socket.AddressFamily, Address]]:
    """Every address of ``host``, each vetted: ``Refused`` when it does not resolve or when any
    of its addresses is not public (a name that answers both is not one to trust either)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as err:
        raise Refused(f"{host!r} does not resolve") from err
    addresses: list[tuple[socket.AddressFamily, Address]] = []
    for family, _, _, _, sockaddr in infos:
        if family not in (socket.AF_INET, socket.AF_INET6):
            raise Refused(f"{host!r} resolves to a non-IP address")
        ip = ipaddress.ip_address(str(sockaddr[0]).split("%")[0])
        if not allow_private and not public(ip):
            raise Refused(f"{host!r} leads to {ip}, which is not a public address")
        if (family, ip) not in addresses:
            addresses.append((family, ip))
    if not addresses:
        raise Refused(f"{host!r} does not resolve")
    return addresses


def check_url(url: str, *, schemes: tuple[str, ...], allow_private: bool) -> None:
    """Refuse (``Refused``) a URL the server should not call: another scheme, no host, a port
    out of range, credentials, spaces or control characters, or a host that is not public."""
    if any(c.isspace() or not c.isprintable() for c in url):
        raise Refused("the URL has spaces or control characters")
    parts = urlsplit(url)
    if parts.scheme not in schemes or not parts.hostname:
        raise Refused(f"the URL must start with {' or '.join(f'{s}://' for s in schemes)}")
    if parts.username is not None or parts.password is not None:
        raise Refused("the URL has credentials")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError as err:
        raise Refused("the URL's port is not valid") from err
    resolve(parts.hostname, port, allow_private=allow_private)


class _VettedConnection:
    """``_new_conn`` of urllib3's connections, with the name resolved once and vetted, and the
    socket connected to a vetted address (tried in the resolver's order)."""

    allow_private = False

    def _new_conn(self) -> socket.socket:
        conn: Any = self
        try:
            addresses = resolve(conn._dns_host, conn.port, allow_private=self.allow_private)
        except Refused as err:
            raise NewConnectionError(conn, f"Refused: {err}") from err
        failure: OSError | None = None
        for _, ip in addresses:
            try:
                sock = connection.create_connection(
                    (str(ip), conn.port),
                    conn.timeout,
                    source_address=conn.source_address,
                    socket_options=conn.socket_options,
                )
            except TimeoutError as err:
                raise ConnectTimeoutError(
                    conn, f"Connection to {conn.host} timed out. (timeout={conn.timeout})"
                ) from err
            except OSError as err:
                failure = err
                continue
            sys.audit("http.client.connect", conn, conn.host, conn.port)
            return sock
        raise NewConnectionError(conn, f"Failed to establish a new connection: {failure}")


@functools.cache
def _pool_classes(allow_private: bool) -> dict[str, type[HTTPConnectionPool]]:
    vetted = {"allow_private": allow_private}
    http = type("VettedHTTPConnection", (_VettedConnection, HTTPConnection), vetted)
    https = type("VettedHTTPSConnection", (_VettedConnection, HTTPSConnection), vetted)
    return {
        "http": type("VettedHTTPPool", (HTTPConnectionPool,), {"ConnectionCls": http}),
        "https": type("VettedHTTPSPool", (HTTPSConnectionPool,), {"ConnectionCls": https}),
    }


class _VettedAdapter(HTTPAdapter):
    def __init__(self, *, allow_private: bool) -> None:
        self.allow_private = allow_private  # read by init_poolmanager, which __init__ calls
        super().__init__(max_retries=0)

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = _pool_classes(self.allow_private)

    def proxy_manager_for(self, proxy: str, **proxy_kwargs: Any) -> Any:
        raise Refused("no proxy for vetted requests: it would connect elsewhere")


def session(*, allow_private: bool) -> requests.Session:
    """A session whose every connection is vetted (see the module's docstring)."""
    out = requests.Session()
    out.trust_env = False  # no HTTP(S)_PROXY, no .netrc credentials
    out.max_redirects = 0  # a redirect could point anywhere
    adapter = _VettedAdapter(allow_private=allow_private)
    out.mount("http://", adapter)
    out.mount("https://", adapter)
    return out
