"""DRF's per-user rate limit in one Redis round trip.

``SimpleRateThrottle`` reads a user's request history from the cache and writes it back: two
round trips on every authenticated request (a fifth of a command's time in the profiles of
bench/load), and two requests of one user racing between them count once. With Redis as the
cache, the same sliding window is a sorted set kept by one script: one round trip, atomic.
Any other cache (the embedded LocMem one) keeps DRF's own way.
"""

from __future__ import annotations

import itertools
import math
import os
from typing import Any

from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, caches
from django.core.cache import cache as default_cache
from django.core.cache.backends.redis import RedisCache
from django.core.signals import setting_changed
from django.dispatch import receiver
from rest_framework import throttling

from core.ops.cache import client_for

# KEYS[1]: the window; ARGV: now, duration (s), limit, a member unique to this request.
# Answers {allowed, requests in the window, the oldest one's time (as a string)}. A history
# DRF's own way left under the key (a pickled list: a cache that was not Redis-backed as such,
# or a process of an older version) is dropped, not answered with WRONGTYPE.
_WINDOW = """
local now, duration, limit = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if redis.call('TYPE', KEYS[1]).ok ~= 'zset' then redis.call('DEL', KEYS[1]) end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - duration)
local n = redis.call('ZCARD', KEYS[1])
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2] or ARGV[1]
if n >= limit then return {0, n, oldest} end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], math.ceil(duration * 1000))
return {1, n + 1, oldest}
"""
_member = itertools.count()
_script: Any = None  # the script, sent once per Redis server, then called by its SHA


_backend: list[Any] = []  # the process's default cache backend, once made


def _default_backend() -> Any:
    """The default cache's backend, one for the process. Django makes one per request here
    (``caches`` is context-local and each request has its context): a new RedisCache, its
    client and a pool lookup per request were a third of the throttle's CPU (py-spy --gil,
    2026-11-25). A RedisCache is safe to share between threads: its pool is redis-py's,
    thread-safe (and one per process, core/ops/cache.py), the rest is configuration."""
    if not _backend:
        _backend.append(caches[DEFAULT_CACHE_ALIAS])
    return _backend[0]


@receiver(setting_changed)
def _caches_changed(*, setting: str, **_: Any) -> None:
    if setting == "CACHES":
        _backend.clear()


class UserRateThrottle(throttling.UserRateThrottle):
    oldest: float | None = None
    # Set by DRF's __init__ from the rate (parse_rate); its stubs do not declare them.
    duration: int
    num_requests: int

    def allow_request(self, request: Any, view: Any) -> bool:
        # DRF's cache is django.core.cache.cache, a proxy to this thread's backend: the
        # backend is what tells whether it is Redis.
        cache = _default_backend() if self.cache is default_cache else self.cache
        if (
            self.rate is None
            or not isinstance(cache, RedisCache)
            or not settings.LUDOTEKA_THROTTLE_SCRIPT
        ):
            return super().allow_request(request, view)
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.now = self.timer()
        key = cache.make_and_validate_key(self.key)
        # Django's get_client() would build a new redis.Redis per request (core/ops/cache.py).
        client = client_for(cache._cache._get_connection_pool(write=True))  # type: ignore[attr-defined]
        global _script
        if _script is None:
            _script = client.register_script(_WINDOW)
        member = f"{self.now}:{os.getpid()}:{next(_member)}"
        allowed, count, oldest = _script(
            keys=[key], args=[self.now, self.duration, self.num_requests, member], client=client
        )
        self.history = [0.0] * int(count)  # DRF's wait() and anything reading it: the count
        self.oldest = float(oldest)
        return bool(allowed)

    def wait(self) -> float | None:
        if self.oldest is None:
            return super().wait()
        remaining = self.duration - (self.now - self.oldest)
        available = self.num_requests - len(self.history) + 1
        if available <= 0:
            return None
        return max(0.0, remaining) / math.floor(available)
