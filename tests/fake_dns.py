"""Names that resolve as a test says, without a resolver: ``answer(monkeypatch, {name: [ip,
...]})`` makes ``socket.getaddrinfo`` give those addresses for those names (a callable answers
anew on each lookup, as a rebinding name would) and counts the lookups; every other name
resolves as usual. Nothing connects anywhere by it."""

from __future__ import annotations

import ipaddress
import socket
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import pytest

# A global unicast address standing for "a public push service or web site": never connected
# to by the tests (they refuse or record every connection that would leave loopback).
PUBLIC = "93.184.215.14"

Answer = Sequence[str] | Callable[[], Sequence[str]]


def answer(monkeypatch: pytest.MonkeyPatch, names: dict[str, Answer]) -> Counter[str]:
    real = socket.getaddrinfo
    lookups: Counter[str] = Counter()

    def getaddrinfo(host: Any, port: Any, *args: Any, **kwargs: Any) -> Any:
        name = host.decode() if isinstance(host, bytes) else host
        if name not in names:
            return real(host, port, *args, **kwargs)
        lookups[name] += 1
        given = names[name]
        addresses = given() if callable(given) else given
        if not addresses:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        out = []
        for text in addresses:
            ip = ipaddress.ip_address(text)
            if ip.version == 4:
                out.append((socket.AF_INET, socket.SOCK_STREAM, 6, "", (text, int(port or 0))))
            else:
                out.append(
                    (socket.AF_INET6, socket.SOCK_STREAM, 6, "", (text, int(port or 0), 0, 0))
                )
        return out

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    return lookups
