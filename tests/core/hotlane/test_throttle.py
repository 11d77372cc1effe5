"""The per-user rate limit in one Redis round trip keeps DRF's sliding window and its answers."""

from __future__ import annotations

import os
import uuid
from typing import Any

import pytest
import redis
from django.core.cache.backends.redis import RedisCache
from rest_framework import throttling

from core.hotlane.throttle import UserRateThrottle

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")


def _redis_up() -> bool:
    try:
        return bool(redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1).ping())
    except redis.RedisError:
        return False


pytestmark = pytest.mark.skipif(not _redis_up(), reason="Redis is not running")


class _User:
    is_authenticated = True

    def __init__(self, pk: int) -> None:
        self.pk = pk


class _Request:
    def __init__(self, pk: int) -> None:
        self.user = _User(pk)
        self.META: dict[str, str] = {"REMOTE_ADDR": "127.0.0.1"}


def _throttles(rate: str, clock: list[float]) -> tuple[Any, Any]:
    """Ours on a Redis cache and DRF's on the same Redis, both reading ``clock``."""
    cache = RedisCache(REDIS_URL, {"KEY_PREFIX": f"throttle-test-{uuid.uuid4().hex}"})

    def make(cls: type) -> Any:
        throttle = cls.__new__(cls)
        throttle.cache = cache
        throttle.rate = rate
        throttle.num_requests, throttle.duration = throttle.parse_rate(rate)
        throttle.timer = lambda: clock[0]
        return throttle

    return make(UserRateThrottle), make(throttling.UserRateThrottle)


def test_it_allows_the_rate_then_refuses_until_the_window_slides() -> None:
    clock = [1000.0]
    ours, _ = _throttles("3/min", clock)
    request = _Request(7)
    assert [ours.allow_request(request, None) for _ in range(3)] == [True, True, True]
    assert ours.allow_request(request, None) is False
    assert ours.wait() == pytest.approx(60.0)  # the oldest leaves the window in a minute
    clock[0] += 30
    assert ours.allow_request(request, None) is False
    assert ours.wait() == pytest.approx(30.0)
    clock[0] += 30.5
    assert ours.allow_request(request, None) is True  # the first three left the window
    assert ours.allow_request(_Request(8), None) is True  # per user


def test_its_answers_are_drfs_step_by_step() -> None:
    clock = [5000.0]
    ours, drfs = _throttles("4/min", clock)
    a, b = _Request(1), _Request(2)
    for step in [0, 6, 6, 12, 3, 18, 24, 0.6, 0.6, 54, 66, 0, 0, 0, 0, 61, 1, 1]:
        clock[0] += step
        assert ours.allow_request(a, None) == drfs.allow_request(b, None)
        assert ours.wait() == pytest.approx(drfs.wait())


def test_without_redis_it_is_drfs_own() -> None:
    from django.core.cache.backends.locmem import LocMemCache

    throttle = UserRateThrottle.__new__(UserRateThrottle)
    throttle.cache = LocMemCache(f"t-{uuid.uuid4().hex}", {})
    throttle.rate = "1/min"
    throttle.num_requests, throttle.duration = throttle.parse_rate("1/min")
    assert throttle.allow_request(_Request(3), None) is True
    assert throttle.allow_request(_Request(3), None) is False
    assert throttle.wait() == pytest.approx(60.0, abs=1)


def test_drfs_default_cache_proxy_is_seen_through_to_redis(settings: Any) -> None:
    # DRF's throttles hold django.core.cache.cache, a proxy, never a RedisCache itself: the
    # production throttle has to look through it (it once fell back to two round trips).
    prefix = f"throttle-proxy-{uuid.uuid4().hex}"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": prefix,
        }
    }
    throttle = UserRateThrottle()
    assert throttle.allow_request(_Request(9), None) is True
    client = redis.Redis.from_url(REDIS_URL)
    keys = client.keys(f"{prefix}:*")
    assert len(keys) == 1
    assert client.type(keys[0]) == b"zset"  # the script's window, not DRF's pickled list
    client.delete(*keys)


def test_a_history_left_by_drfs_way_is_replaced_not_an_error() -> None:
    clock = [9000.0]
    ours, drfs = _throttles("2/min", clock)
    request = _Request(11)
    assert drfs.allow_request(request, None) is True  # a pickled list under the same key
    assert ours.allow_request(request, None) is True
    assert ours.allow_request(request, None) is True
    assert ours.allow_request(request, None) is False


def _window(throttle: Any, request: _Request) -> int:
    """The slots the window holds in Redis for ``request``'s user."""
    key = throttle.cache.make_and_validate_key(throttle.get_cache_key(request, None))
    return int(redis.Redis.from_url(REDIS_URL).zcard(key))


def test_a_generous_limit_is_taken_in_leases_of_the_next_requests() -> None:
    clock = [2000.0]
    ours, _ = _throttles("1200/min", clock)  # a lease of 8 (LUDOTEKA_THROTTLE_LEASE)
    request = _Request(21)
    assert ours.allow_request(request, None) is True
    assert _window(ours, request) == 8  # this request's slot and seven leased
    for _ in range(7):
        clock[0] += 0.5
        assert ours.allow_request(request, None) is True
    assert _window(ours, request) == 8  # spent here, no round trip
    assert ours.allow_request(request, None) is True
    assert _window(ours, request) == 16  # the lease spent: Redis again
    clock[0] += 5.0  # a twelfth of the window: the lease's seven left are no longer spent
    assert ours.allow_request(request, None) is True
    assert _window(ours, request) == 24
    assert ours.allow_request(_Request(22), None) is True  # each user their own lease


def test_leases_never_let_one_process_past_the_limit() -> None:
    clock = [3000.0]
    ours, _ = _throttles("250/min", clock)  # a lease of 2
    request = _Request(31)
    allowed = [ours.allow_request(request, None) for _ in range(300)]
    assert allowed == [True] * 250 + [False] * 50
    assert _window(ours, request) == 250
    assert ours.wait() == pytest.approx(60.0)


def test_the_last_lease_of_a_window_is_what_is_left_of_it() -> None:
    clock = [4000.0]
    ours, _ = _throttles("1203/min", clock)  # leases of 8: the last one of the minute is 3
    request = _Request(41)
    assert all(ours.allow_request(request, None) for _ in range(1203))
    assert _window(ours, request) == 1203
    assert ours.allow_request(request, None) is False


def test_a_lease_of_one_asks_redis_every_time(settings: Any) -> None:
    settings.LUDOTEKA_THROTTLE_LEASE = 1
    clock = [6000.0]
    ours, _ = _throttles("1200/min", clock)
    request = _Request(51)
    for n in range(1, 4):
        assert ours.allow_request(request, None) is True
        assert _window(ours, request) == n
