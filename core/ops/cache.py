"""One Redis connection pool per process for Django's cache.

Django keeps its cache objects in a context-local (``CacheHandler`` is not thread-critical),
and every request under the ASGI server runs in a fresh context (a task of its own), so each
request built a new ``RedisCache``, a new connection pool and a new TCP connection to Redis
for its throttle check, left for the garbage collector to close: about a tenth of a web
process's request time under bench/load, and a connection accepted and dropped by Redis per
request. ``SharedConnectionPool.from_url`` hands every cache object of the process the same
pool for the same address and options; redis-py's pool is thread-safe and starts afresh in a
forked child (it checks its pid).
"""

from __future__ import annotations

import threading
from typing import Any

import redis

_pools: dict[tuple[str, tuple[tuple[str, str], ...]], redis.ConnectionPool] = {}
_lock = threading.Lock()


class SharedConnectionPool(redis.ConnectionPool):
    """``CACHES[...]["OPTIONS"]["pool_class"]``: the process's pool for a URL and options."""

    @classmethod
    def from_url(cls, url: str, **kwargs: Any) -> redis.ConnectionPool:  # type: ignore[override]
        key = (url, tuple(sorted((k, repr(v)) for k, v in kwargs.items())))
        with _lock:
            pool = _pools.get(key)
            if pool is None:
                pool = _pools[key] = redis.ConnectionPool.from_url(url, **kwargs)
            return pool


def client_for(pool: redis.ConnectionPool) -> redis.Redis:
    """The client on ``pool``, made once and kept on the pool (it lives as long as the pool).
    ``redis.Redis()`` copies its table of some two hundred response callbacks at every
    construction, and Django's ``get_client`` makes one per call: a tenth of a web process's CPU
    under bench/api_bench.py with Redis, one client per throttle check and per announcement
    (py-spy --gil). A client is thread-safe: each command borrows a connection from the pool;
    two threads racing here make two clients, one of them kept."""
    client = getattr(pool, "_ludoteka_client", None)
    if client is None:
        client = pool._ludoteka_client = redis.Redis(connection_pool=pool)  # type: ignore[attr-defined]
    return client


def clear() -> None:
    """Disconnects and forgets every shared pool (tests)."""
    with _lock:
        for pool in _pools.values():
            pool.disconnect()
        _pools.clear()
