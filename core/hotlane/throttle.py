"""DRF's per-user rate limit in one Redis round trip.

``SimpleRateThrottle`` reads a user's request history from the cache and writes it back: two
round trips on every authenticated request (a fifth of a command's time in the profiles of
bench/load), and two requests of one user racing between them count once. With Redis as the
cache, the same sliding window is a sorted set kept by one script: one round trip, atomic.
Any other cache (the embedded LocMem one) keeps DRF's own way.

A generous limit (the per-user one, 1,200 a minute) is taken in small leases: the script grants
up to ``LUDOTEKA_THROTTLE_LEASE`` slots of the window at once (at most a hundredth of the limit),
and this process spends them on the user's next requests within a twelfth of the window (5 s of
a minute) without asking Redis again. A phone's play is a command and a read every few seconds,
so a lease saves most round trips (the script was 9 % of a web process's CPU under
bench/api_bench.py's closed loop, py-spy --gil). What that costs in exactness, and only near the
limit: the slots are stamped with the lease's time, so a request spent from a lease leaves the
window up to 5 s early (at most one lease's worth too many in any window, per process), and
slots a process did not spend count until they leave the window (a user that moves between
processes may be refused one lease's worth early). A limit under 200 a window is counted
request by request, exactly; chat's, the anonymous one and the accounts' are DRF's own
throttles (ScopedRateThrottle, AnonRateThrottle), which never lease.
"""

from __future__ import annotations

import itertools
import math
import os
import threading
from typing import Any

from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, caches
from django.core.cache import cache as default_cache
from django.core.cache.backends.redis import RedisCache
from django.core.signals import setting_changed
from django.dispatch import receiver
from rest_framework import throttling

from core.ops.cache import client_for

# KEYS[1]: the window; ARGV: now, duration (s), limit, a member unique to this request, the
# slots wanted (this request's and a lease's). Answers {slots granted (0: refused), requests in
# the window, the oldest one's time (as a string)}. A history DRF's own way left under the key
# (a pickled list: a cache that was not Redis-backed as such, or a process of an older version)
# is dropped, not answered with WRONGTYPE.
_WINDOW = """
local now, duration, limit = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
if redis.call('TYPE', KEYS[1]).ok ~= 'zset' then redis.call('DEL', KEYS[1]) end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - duration)
local n = redis.call('ZCARD', KEYS[1])
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2] or ARGV[1]
if n >= limit then return {0, n, oldest} end
local granted = math.min(tonumber(ARGV[5]), limit - n)
local slots = {}
for i = 1, granted do
  slots[#slots + 1] = now
  slots[#slots + 1] = ARGV[4] .. ':' .. i
end
redis.call('ZADD', KEYS[1], unpack(slots))
redis.call('PEXPIRE', KEYS[1], math.ceil(duration * 1000))
return {granted, n + granted, oldest}
"""
_member = itertools.count()
_script: Any = None  # the script, sent once per Redis server, then called by its SHA


_backend: list[Any] = []  # the process's default cache backend, once made

_LEASE_SHARE = 100  # a lease is at most this fraction of the limit
_LEASE_SPAN = 12  # and is spent within this fraction of the window
_LEASES_KEPT = 20_000  # users with a lease in one process before the spent ones are dropped


class _Leases:
    """The slots this process holds for each window: cache key → [valid until, slots left,
    the lease's span]."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._held: dict[str, list[float]] = {}

    def spend(self, key: str, now: float) -> bool:
        """One slot of ``key``'s lease, if this process holds one still valid at ``now``."""
        with self._lock:
            held = self._held.get(key)
            if held is None:
                return False
            if now >= held[0] or now < held[0] - held[2]:  # run out, or a clock set back
                del self._held[key]
                return False
            held[1] -= 1
            if held[1] <= 0:
                del self._held[key]
            return True

    def keep(self, key: str, now: float, span: float, slots: int) -> None:
        if slots <= 0:
            return
        with self._lock:
            if len(self._held) >= _LEASES_KEPT:
                self._held = {k: v for k, v in self._held.items() if now < v[0]}
                if len(self._held) >= _LEASES_KEPT:
                    self._held.clear()
            self._held[key] = [now + span, slots, span]

    def clear(self) -> None:
        with self._lock:
            self._held.clear()


leases = _Leases()


def lease_size(limit: int) -> int:
    """The slots one round trip takes for a window of ``limit`` requests: 1 (exact) for a
    limit under twice ``_LEASE_SHARE``, else up to ``LUDOTEKA_THROTTLE_LEASE``."""
    return max(1, min(int(settings.LUDOTEKA_THROTTLE_LEASE), limit // _LEASE_SHARE))


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
    if setting in ("CACHES", "LUDOTEKA_THROTTLE_LEASE", "REST_FRAMEWORK"):
        leases.clear()


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
        if leases.spend(key, self.now):
            return True
        # Django's get_client() would build a new redis.Redis per request (core/ops/cache.py).
        client = client_for(cache._cache._get_connection_pool(write=True))  # type: ignore[attr-defined]
        global _script
        if _script is None:
            _script = client.register_script(_WINDOW)
        member = f"{self.now}:{os.getpid()}:{next(_member)}"
        wanted = lease_size(self.num_requests)
        granted, count, oldest = _script(
            keys=[key],
            args=[self.now, self.duration, self.num_requests, member, wanted],
            client=client,
        )
        self.history = [0.0] * int(count)  # DRF's wait() and anything reading it: the count
        self.oldest = float(oldest)
        leases.keep(key, self.now, self.duration / _LEASE_SPAN, int(granted) - 1)
        return int(granted) > 0

    def wait(self) -> float | None:
        if self.oldest is None:
            return super().wait()
        remaining = self.duration - (self.now - self.oldest)
        available = self.num_requests - len(self.history) + 1
        if available <= 0:
            return None
        return max(0.0, remaining) / math.floor(available)
